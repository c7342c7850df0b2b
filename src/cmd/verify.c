/*
 * verify.c - umpire verify FILE [-p PUBKEY | --game GAME] [-x SIGFILE]
 * The signature is -x SIGFILE, else the file's embedded block, else
 * FILE.minisig if it exists. With --game the game names the key and checks
 * the trusted comment against the game, the step and the side.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "umpire/commands.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/keys.h"
#include "umpire/sign.h"

#define VERIFY_MAX_INPUT (16u << 20)
#define SIGFILE_MAX 65536

struct verify_opts {
	const char *file, *pubkey, *game, *sigfile;
};

static int parse(int argc, char **argv, struct verify_opts *o,
		 struct error *err)
{
	static const struct option lo[] = {
		{ "game", required_argument, NULL, 'g' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	unsigned long long seen = 0;
	int opt;
	memset(o, 0, sizeof *o);
	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "p:x:h", lo, NULL)) != -1) {
		if (opt != '?' && opt_once(&seen, opt, argv[optind - 1], err))
			return -1;
		switch (opt) {
		case 'p': o->pubkey = optarg; break;
		case 'g': o->game = optarg; break;
		case 'x': o->sigfile = optarg; break;
		case 'h': return 1;
		default:
			return usage_error(err, "verify", "unknown or "
					   "incomplete option '%s'",
					   argv[optind - 1]);
		}
	}
	if (optind != argc - 1)
		return usage_error(err, "verify", "give exactly one FILE");
	o->file = argv[optind];
	if (!o->pubkey == !o->game)
		return usage_error(err, "verify", "give either -p PUBKEY or "
				   "--game GAME");
	return 0;
}

/*
 * The detached signature to use, if any: -x, or FILE.minisig when the file
 * has no embedded block. *sigpath stays NULL for an embedded signature.
 */
static int find_detached(const struct verify_opts *o, const char *buf,
			 size_t len, struct strbuf *path, char **text,
			 size_t *textlen, struct error *err)
{
	struct strbuf block = STRBUF_INIT;
	size_t body_len;
	int embedded;
	*text = NULL;
	if (o->sigfile) {
		strbuf_adds(path, o->sigfile);
	} else {
		embedded = embed_split(path_name(o->file), buf, len,
				       &body_len, &block, err);
		strbuf_free(&block);
		if (embedded != 0 || strcmp(o->file, "-") == 0)
			return 0;
		strbuf_addf(path, "%s.minisig", o->file);
		if (access(path->buf, F_OK) != 0)
			return 0;
	}
	return read_input(path->buf, SIGFILE_MAX, text, textlen, err);
}

int cmd_verify(int argc, char **argv, const struct cli *cli,
	       struct error *err)
{
	struct verify_opts o;
	struct strbuf sigpath = STRBUF_INIT;
	struct verified v;
	struct pubkey pk;
	const char *name;
	char *buf = NULL, *sig = NULL;
	size_t len, siglen = 0;
	int rc = parse(argc, argv, &o, err);
	if (rc != 0) {
		if (rc > 0)
			print_usage(cli->out, "verify");
		return rc > 0 ? EXIT_OK : -1;
	}
	name = path_name(o.file);
	if (read_input(o.file, VERIFY_MAX_INPUT, &buf, &len, err) != 0 ||
	    find_detached(&o, buf, len, &sigpath, &sig, &siglen, err) != 0) {
		rc = -1;
	} else if (o.game) {
		rc = game_verify_orders(o.game, cli->scenario_dir, name, buf,
					len, sig, cli->out, err);
	} else if (pubkey_load(o.pubkey, &pk, err) != 0 ||
		   signed_verify(name, buf, len, sigpath.buf, sig, siglen,
				 &pk, &v, err) != 0) {
		rc = -1;
	} else {
		if (v.crlf_fixed)
			fprintf(cli->msg, "umpire: note: %s verified after "
				"turning CRLF line ends into LF\n", name);
		fprintf(cli->out, "signature ok: %s\n", v.trusted_comment);
		verified_free(&v);
		rc = EXIT_OK;
	}
	free(buf);
	free(sig);
	strbuf_free(&sigpath);
	return rc;
}
