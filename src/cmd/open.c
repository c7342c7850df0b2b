/*
 * open.c - umpire open: a sealed view opened for its player, written as
 * the plain view it holds (or a judge's sealed answer, as what it holds), for a program that reads the position (an
 * example player's choose.py) or for keeping. The view is checked first
 * (the referee's signature, and what the key knows: view_trust), so what
 * is written is a view umpire itself reads.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/commands.h"
#include "umpire/fsutil.h"
#include "umpire/keys.h"
#include "umpire/mail.h"
#include "umpire/view.h"

int cmd_open(int argc, char **argv, const struct cli *cli,
	     struct error *err)
{
	const char *seckey = NULL, *out = NULL, *path;
	const struct opt opts[] = {
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 0 }
	};
	struct seckey *sk = NULL;
	struct view v;
	char *buf = NULL, *plain = NULL;
	size_t len, plen;
	int rc = cli_parse(cli, argc, argv, opts, &path, 1, "one VIEW", err);
	if (rc)
		return rc < 0 ? -1 : 0;
	if (cli_distinct(cli, "view", path, seckey, out, err))
		return -1;
	if (mail_read_input(path, DOC_LIMITS_GAME.max_bytes, &buf, &len, NULL,
			    NULL, err))
		return -1;
	rc = -1;
	/* the judge's answer to refused orders, sealed to their signer: what
	 * is inside (the referee's signed refusal, or the reason) */
	static const char answer[] = "umpire: " SEALED_ANSWER_FORMAT "\n";
	if (len >= sizeof answer - 1 && !memcmp(buf, answer,
						sizeof answer - 1)) {
		if (cli_seckey(cli, seckey, &sk, err) == 0 &&
		    sealed_open(path_name(path), buf, len,
				SEALED_ANSWER_FORMAT, sk, &plain, &plen,
				err) == 0) {
			struct strbuf sb = STRBUF_INIT;
			strbuf_add(&sb, plain, plen);
			rc = cli_write(out, &sb, 0600, err);
			strbuf_free(&sb);
		}
		goto out;
	}
	if (!is_view_text(buf, len)) {
		errorf(err, EXIT_USAGE, "%s is not a view (its first line is "
		       "not 'umpire: %s' or 'umpire: %s') nor a judge's "
		       "sealed answer ('umpire: %s')", path_name(path),
		       VIEW_FORMAT, SEALED_FORMAT, SEALED_ANSWER_FORMAT);
		goto out;
	}
	if (cli_seckey(cli, seckey, &sk, err) ||
	    view_load(&v, path_name(path), buf, len, cli->scenario_dir, sk,
		      err))
		goto out;
	if (view_trust(&v, sk, 0, err) == 0) {
		static const char head[] = "umpire: " SEALED_FORMAT "\n";
		if (len >= sizeof head - 1 && !memcmp(buf, head,
						     sizeof head - 1))
			rc = sealed_open(path_name(path), buf, len,
					 SEALED_FORMAT, sk, &plain, &plen, err);
		else
			rc = 0;
	}
	view_free(&v);
	if (rc == 0) {
		struct strbuf sb = STRBUF_INIT;
		strbuf_add(&sb, plain ? plain : buf, plain ? plen : len);
		rc = cli_write(out, &sb, 0600, err);
		strbuf_free(&sb);
	}
out:
	seckey_free(sk);
	free(plain);
	free(buf);
	return rc;
}
