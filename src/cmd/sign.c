/*
 * sign.c - umpire sign FILE [-s SECKEY] [-o OUT] [--detached] [-t COMMENT]
 * Embedded signature (the signed file to OUT or stdout) or a detached
 * .minisig exactly as minisign writes it. The trusted comment defaults to
 * "umpire/1 game=G step=N side=S" from the file's own top-level fields.
 * --refused REFUSAL --view VIEW: the referee refused the orders this key
 * signed for the step (refusal.h); other orders may then be signed.
 * --check -g GAME|VIEW: the checks of -g alone; nothing is signed or
 * written, and the key's local record is not touched (a dry run must
 * never lock the step), so no key is needed but a sealed view's.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/commands.h"
#include "umpire/fsutil.h"
#include "umpire/keys.h"
#include "umpire/signorders.h"
#include "umpire/view.h"

struct sign_opts {
	const char *file, *seckey, *out, *comment, *game, *seal;
	const char *refused, *view;
	int detached, no_seal, check;
};

static int parse(const struct cli *cli, int argc, char **argv,
		 struct sign_opts *o, struct error *err)
{
	memset(o, 0, sizeof *o);
	const struct opt opts[] = {
		{ 's', NULL, &o->seckey, NULL, NULL, NULL },
		{ 'o', NULL, &o->out, NULL, NULL, NULL },
		{ 't', NULL, &o->comment, NULL, NULL, NULL },
		{ 0, "detached", NULL, &o->detached, NULL, NULL },
		{ 'g', "game", &o->game, NULL, NULL, NULL },
		{ 0, "seal", &o->seal, NULL, NULL, NULL },
		{ 0, "no-seal", NULL, &o->no_seal, NULL, NULL },
		{ 0, "refused", &o->refused, NULL, NULL, NULL },
		{ 0, "view", &o->view, NULL, NULL, NULL },
		{ 0, "check", NULL, &o->check, NULL, NULL },
		{ 0 }
	};
	int rc = cli_parse(cli, argc, argv, opts, &o->file, 1, "exactly one "
			   "FILE", err);
	if (rc)
		return rc;
	if (o->check && !o->game)
		return usage_error(err, "sign", "--check checks FILE against "
				   "a game: give -g GAME (or -g VIEW in "
				   "referee mode)");
	if (o->check && (o->out || o->detached || o->seal || o->no_seal ||
			 o->refused || o->view || o->comment))
		return usage_error(err, "sign", "--check signs and writes "
				   "nothing: it takes only FILE, -g and -s "
				   "(a sealed view's key), not -o, -t, "
				   "--detached, --seal, --no-seal, --refused "
				   "or --view");
	if (o->seal && o->no_seal)
		return usage_error(err, "sign", "--seal and --no-seal: give "
				   "one");
	if (o->seal && o->detached)
		return usage_error(err, "sign", "--seal seals an order file "
				   "with its embedded signature; it does not "
				   "go with --detached");
	if (o->view && !o->refused)
		return usage_error(err, "sign", "--view VIEW goes with "
				   "--refused REFUSAL");
	if (o->refused && !o->view && !o->game)
		return usage_error(err, "sign", "--refused goes with --view "
				   "VIEW (referee mode: REFUSAL is the "
				   "referee's signed refusal) or with -g GAME "
				   "(open and honour modes: REFUSAL is the "
				   "order file this key signed, which the "
				   "game refuses)");
	if (o->detached && !o->out && strcmp(o->file, "-") == 0)
		return usage_error(err, "sign", "a detached signature of "
				   "stdin needs -o OUT");
	if (cli_distinct(cli, "file to sign", o->file, o->seckey, o->out,
			 err) ||
	    cli_distinct(cli, "game file", o->game, NULL, o->out, err))
		return -1;
	return 0;
}

/* --seal PUBKEY: the signed orders sealed to the referee's key, so that
 * nobody on the way reads the answers (a card played, a hand); out is
 * replaced by the sealed document. */
static int seal_orders(const char *keyarg, const char *name,
		       const char *buf, size_t len, struct strbuf *out,
		       struct error *err)
{
	struct pubkey pk;
	if (pubkey_load(keyarg, &pk, err))
		return -1;
	return seal_signed_orders(&pk, name, buf, len, out, err);
}

int cmd_sign(int argc, char **argv, const struct cli *cli,
	     struct error *err)
{
	struct sign_opts o;
	struct strbuf out = STRBUF_INIT, sigpath = STRBUF_INIT;
	const char *dest;
	char *buf;
	size_t len;
	int rc = parse(cli, argc, argv, &o, err);
	if (rc != 0)
		return rc > 0 ? EXIT_OK : -1;
	if (!o.check && cli_signed_output(o.out, err))
		return -1;
	if (read_input(o.file, SIGN_MAX_INPUT, &buf, &len, err) != 0)
		return -1;
	/* orders checked against a view (referee mode) are sealed to its
	 * referee, unless --seal names the key or --no-seal keeps them
	 * open: only the referee may read them */
	struct pubkey ref_pk, *ref = o.seal || o.no_seal ? NULL : &ref_pk;
	struct cli_key key = { cli, o.seckey };
	struct seckey *sk = NULL;
	struct sign_request rq = { .file = o.file, .buf = buf, .len = len,
		.comment = o.comment, .detached = o.detached, .game = o.game,
		.check = o.check, .refused = o.refused, .view = o.view };
	cli_sign_request(cli, &key, &rq);
	rc = o.check ? 0 : cli_seckey(cli, o.seckey, &sk, err);
	rq.sk = sk;
	if (rc == 0)
		rc = sign_orders(&rq, &out, &ref, err);
	seckey_free(sk);
	if (rc == 0 && o.check) {
		free(buf);
		return EXIT_OK;         /* checked: nothing to write */
	}
	if (rc == 0 && o.seal)
		rc = seal_orders(o.seal, path_name(o.file), buf, len, &out,
				 err);
	else if (rc == 0 && ref)
		rc = seal_signed_orders(ref, path_name(o.file), buf, len,
					&out, err);
	free(buf);
	dest = o.out ? o.out : "-";
	if (o.detached && !o.out) {
		strbuf_addf(&sigpath, "%s.minisig", o.file);
		dest = sigpath.buf;
	}
	/* orders are their side's until the adjudicator reads them */
	if (rc == 0)
		rc = cli_write(dest, &out, 0600, err);
	strbuf_free(&out);
	strbuf_free(&sigpath);
	return rc == 0 ? EXIT_OK : -1;
}
