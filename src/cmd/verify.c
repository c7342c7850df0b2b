/*
 * verify.c - umpire verify FILE [-p PUBKEY | --game GAME] [-x SIGFILE]
 * The signature is -x SIGFILE, else the file's embedded block, else
 * FILE.minisig if it exists. With --game the game names the key and checks
 * the trusted comment against the game, the step and the side.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/check.h"
#include "umpire/commands.h"
#include "umpire/view.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/mail.h"
#include "umpire/keys.h"
#include "umpire/sign.h"

#define VERIFY_MAX_INPUT (16u << 20)

struct verify_opts {
	const char *file, *pubkey, *game, *sigfile, *seckey;
};

/* Whether the file at path is a view (or a sealed view). */
static int is_view_path(const char *path)
{
	struct error ignored;
	char *text = NULL;
	size_t len;
	int rc = mail_read_input(path, DOC_LIMITS_GAME.max_bytes, &text, &len,
				 NULL, NULL, &ignored) == 0 &&
		is_view_text(text, len);
	free(text);
	return rc;
}

static int parse(const struct cli *cli, int argc, char **argv,
		 struct verify_opts *o, struct error *err)
{
	memset(o, 0, sizeof *o);
	const struct opt opts[] = {
		{ 'p', NULL, &o->pubkey, NULL, NULL, NULL },
		{ 'x', NULL, &o->sigfile, NULL, NULL, NULL },
		{ 0, "game", &o->game, NULL, NULL, NULL },
		{ 's', NULL, &o->seckey, NULL, NULL, NULL },
		{ 0 }
	};
	int rc = cli_parse(cli, argc, argv, opts, &o->file, 1, "exactly one "
			   "FILE", err);
	if (rc)
		return rc;
	if (!o->pubkey == !o->game)
		return usage_error(err, "verify", "give either -p PUBKEY or "
				   "--game GAME");
	return 0;
}


/*
 * --game VIEW (referee mode): the orders verified with the key of the
 * view's side (from the view's header, which the referee signed), then
 * their answers checked on the view as umpire sign --game VIEW checks
 * them. -s opens a sealed view and checks the view against this key's
 * record (view_trust).
 */
static int verify_on_view(const struct cli *cli, const struct verify_opts *o,
			  const char *name, const char *buf, size_t len,
			  const char *signame, const char *sig, size_t siglen,
			  struct error *err)
{
	struct seckey *sk = NULL;
	struct view vw;
	struct verified v;
	int rc = -1;
	memset(&v, 0, sizeof v);
	if ((o->seckey && cli_seckey(cli, o->seckey, &sk, err)) ||
	    cli_view_file(cli, o->game, sk, &vw, err)) {
		seckey_free(sk);
		return -1;
	}
	const struct role *side = game_role(&vw.game, vw.side);
	struct strbuf said = STRBUF_INIT;
	if (signed_verify(name, buf, len, signame, sig, siglen, &side->pk, &v,
			  err))
		goto out;
	fputs("signature ok: ", cli->out);
	fputs_safe(v.trusted_comment, cli->out);
	fputc('\n', cli->out);
	if (check_orders_on_view(&vw, name, v.body, v.body_len, &said,
				 err) >= 0) {
		fputs(said.buf, cli->out);
		rc = 0;
	}
out:
	strbuf_free(&said);
	verified_free(&v);
	view_free(&vw);
	seckey_free(sk);
	return rc;
}

int cmd_verify(int argc, char **argv, const struct cli *cli,
	       struct error *err)
{
	struct verify_opts o;
	struct strbuf sigpath = STRBUF_INIT, notes = STRBUF_INIT;
	struct verified v;
	struct pubkey pk;
	const char *name;
	char *buf = NULL, *sig = NULL;
	size_t len, siglen = 0;
	int rc = parse(cli, argc, argv, &o, err);
	if (rc != 0)
		return rc > 0 ? EXIT_OK : -1;
	name = path_name(o.file);
	if (mail_read_received(o.file, VERIFY_MAX_INPUT, &buf, &len,
			       o.sigfile ? NULL : &sig, &siglen, &notes,
			       err) != 0 ||
	    (is_sealed_orders(buf, len) &&
	     errorf(err, EXIT_REFUSED, "%s holds orders sealed to the "
		    "referee: only the referee's key opens it ('umpire "
		    "adjudicate GAME %s -s REFEREE_KEY'); verify the orders "
		    "before sealing them", name, name)) ||
	    (sig && (strbuf_addf(&sigpath, "the signature attached to %s",
				 name), 0)) ||
	    (!sig && detached_read(o.file, o.sigfile, buf, len, &sigpath,
				   &sig, &siglen, err) != 0)) {
		rc = -1;
	} else if (o.game && is_view_path(o.game)) {
		rc = verify_on_view(cli, &o, name, buf, len,
				    sigpath.buf, sig,
				    siglen, err);
	} else if (o.game) {
		rc = game_verify_orders(o.game, cli->scenario_dir, name, buf,
					len, sig, cli->out, err);
	} else if (pubkey_load(o.pubkey, &pk, err) != 0 ||
		   signed_verify(name, buf, len, sigpath.buf, sig, siglen,
				 &pk, &v, err) != 0) {
		rc = -1;
	} else {
		if (v.crlf_fixed)
			fprintf(cli->msg, "umpire: note: %s verified in "
				"its canonical form (the line ends, trailing "
				"whitespace or no-break spaces that mail "
				"changed do not count)\n", name);
		fputs("signature ok: ", cli->out);
		fputs_safe(v.trusted_comment, cli->out);
		fputc('\n', cli->out);
		verified_free(&v);
		rc = EXIT_OK;
	}
	if (notes.len && rc == EXIT_OK)
		fprintf(cli->msg, "umpire: note: %s: the signed file was read "
			"out of the mail around it (%s taken away)\n", name,
			notes.buf);
	else if (notes.len && rc < 0)
		error_prefix(err, "(%s taken away)", notes.buf);
	free(buf);
	free(sig);
	strbuf_free(&sigpath);
	strbuf_free(&notes);
	return rc;
}
