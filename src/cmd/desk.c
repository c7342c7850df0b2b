/*
 * desk.c - umpire desk VIEW: the player's desk, one HTML page in which
 * the side whose view it is answers the question now asked by clicks
 * (the page: desk_html, src/core/deskhtml.c). Here: the arguments, the
 * view read (opened with the side's key where it is sealed, checked
 * with it where one is given) and the page written, mode 0600.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/armor.h"
#include "umpire/commands.h"
#include "umpire/desk.h"
#include "umpire/deskhtml.h"
#include "umpire/fsutil.h"
#include "umpire/keys.h"
#include "umpire/view.h"

/* The view's text to put in the page: buf itself, or what a sealed view
 * holds (*plain, opened with sk). With a key, the view is first checked
 * against what that key knows, as umpire open and orders check it
 * (view_trust): a view cannot certify itself to the page. */
static int desk_view_text(const struct cli *cli, const char *path,
		     const char *buf, size_t len, const struct seckey *sk,
		     struct view *v, char **plain, size_t *plen,
		     struct error *err)
{
	static const char sealed[] = "umpire: " SEALED_FORMAT "\n";
	if (view_load(v, path_name(path), buf, len, cli->scenario_dir, sk,
		      err))
		return -1;
	if ((sk && view_trust(v, sk, 0, err)) ||
	    (len >= sizeof sealed - 1 && !memcmp(buf, sealed,
						 sizeof sealed - 1) &&
	     sealed_open(path_name(path), buf, len, SEALED_FORMAT, sk, plain,
			 plen, err))) {
		view_free(v);
		return -1;
	}
	return 0;
}

int cmd_desk(int argc, char **argv, const struct cli *cli, struct error *err)
{
	const char *out = NULL, *path, *seckey = NULL;
	const struct opt opts[] = {
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 0 }
	};
	int prc = cli_parse(cli, argc, argv, opts, &path, 1, "one VIEW",
			    err);
	if (prc)
		return prc < 0 ? -1 : 0;
	if (cli_distinct(cli, "input", path, seckey, out, err))
		return -1;
	if (!desk_wasm_gz_len)
		return errorf(err, EXIT_USAGE, "this umpire was built without "
			      "the desk's WebAssembly: build it with 'make "
			      "desk' (Debian's emscripten; make deps-desk "
			      "installs it), then run that umpire");
	char *buf = NULL, *scn = NULL, *plain = NULL;
	size_t len, scn_len, plen = 0;
	struct seckey *sk = NULL;
	struct view v;
	struct strbuf sb = STRBUF_INIT;
	int rc = -1;
	if (read_input(path, DOC_LIMITS_VIEW.max_bytes, &buf, &len, err))
		return -1;
	if (!is_view_text(buf, len)) {
		errorf(err, EXIT_USAGE, "%s: not a view: umpire desk takes a "
		       "side's view as umpire view writes it, sealed or not "
		       "(a game file is not taken yet)", path_name(path));
		goto out;
	}
	/* a key for a sealed view, or to check the view (-s) */
	if ((seckey || strncmp(buf, "umpire: " SEALED_FORMAT,
			       strlen("umpire: " SEALED_FORMAT)) == 0) &&
	    cli_seckey(cli, seckey, &sk, err))
		goto out;
	if (desk_view_text(cli, path, buf, len, sk, &v, &plain, &plen, err))
		goto out;
	strbuf_addf(&sb, "%s/%s.yaml", cli->scenario_dir, v.game.scn.id);
	if (read_input(sb.buf, DOC_LIMITS_SMALL.max_bytes, &scn, &scn_len, err) ==
	    0) {
		strbuf_reset(&sb);
		desk_html(&v, plain ? plain : buf, plain ? plen : len, scn,
			  scn_len, &sb);
		/* a view holds what its side alone may see (its hand, its
		 * draws): the page too */
		rc = cli_write(out, &sb, 0600, err);
	}
	view_free(&v);
out:
	strbuf_free(&sb);
	free(scn);
	free(plain);
	free(buf);
	seckey_free(sk);
	return rc;
}
