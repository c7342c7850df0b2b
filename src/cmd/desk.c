/*
 * desk.c - umpire desk: the player's desk, one HTML page in which the
 * side whose view it is answers the question now asked by clicks, each
 * answer checked by the rules themselves, compiled to WebAssembly and
 * carried in the page (src/desk/). The page fetches nothing: a
 * Content-Security-Policy allows it no connection, no remote script, no
 * frame, and everything it uses is inside it, in base64.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/armor.h"
#include "umpire/commands.h"
#include "umpire/desk.h"
#include "umpire/fsutil.h"
#include "umpire/keys.h"
#include "umpire/view.h"
#include "umpire/web.h"

/* no fetch, no connection, no remote script or style, no frame, no
 * form sent anywhere; inline script and style, WebAssembly compiled in
 * the page, and images from data: URLs */
#define DESK_CSP "default-src 'none'; script-src 'unsafe-inline' " \
	"'wasm-unsafe-eval'; style-src 'unsafe-inline'; img-src data:; " \
	"form-action 'none'; base-uri 'none'"

/* A block of base64 the script reads (never run as a script). */
static void b64_block(struct strbuf *out, const char *id, const char *attr,
		      const void *b, size_t n)
{
	strbuf_addf(out, "<script type=\"application/octet-stream\" "
		    "id=\"%s\"%s>", id, attr);
	b64_add(out, b, n);
	strbuf_adds(out, "</script>\n");
}

/* The page for view v (its text view, len bytes) with its scenario's
 * file text scn. */
static void page(const struct view *v, const char *view, size_t len,
		 const char *scn, size_t scn_len, struct strbuf *out)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "%s, step %lld, %s", v->game.scn.title, v->step + 1,
		    v->side);
	strbuf_adds(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		    "<meta charset=\"utf-8\">\n"
		    "<meta http-equiv=\"Content-Security-Policy\" content=\""
		    DESK_CSP "\">\n<title>umpire desk: ");
	strbuf_add_html(out, sb.buf);
	strbuf_adds(out, "</title>\n<style>\n");
	strbuf_add(out, web_desk_css, web_desk_css_len);
	strbuf_adds(out, "</style>\n</head>\n<body>\n<header><h1>");
	strbuf_add_html(out, sb.buf);
	strbuf_adds(out, "</h1></header>\n<main>\n"
		    "<p id=\"status\">Starting the rules&hellip;</p>\n"
		    "<section><h2>The question now asked</h2>\n"
		    "<p><span id=\"rule\" class=\"rule\"></span> "
		    "<span id=\"text\"></span></p>\n"
		    "<p id=\"options-label\"></p><div id=\"options\"></div>\n"
		    "<form id=\"free\" hidden><input id=\"free-text\" "
		    "aria-label=\"answer\" autocomplete=\"off\"> "
		    "<button id=\"free-answer\">Answer</button></form>\n"
		    "<p id=\"said\" role=\"status\"></p></section>\n"
		    "<section><h2>Your answers this step</h2>\n"
		    "<ol id=\"answers\"></ol>\n<p id=\"ends\"></p>\n"
		    "<button id=\"undo\" type=\"button\">Undo</button> "
		    "<button id=\"save\" type=\"button\">Save answers</button>"
		    "\n<details><summary>The answers file</summary>"
		    "<pre id=\"answers-yaml\"></pre></details></section>\n"
		    "<section><details><summary>What happened since your "
		    "last step</summary><pre id=\"report\"></pre></details>"
		    "</section>\n</main>\n");
	strbuf_reset(&sb);
	strbuf_addf(&sb, " data-game=\"%s\"", v->game.id);
	b64_block(out, "desk-view", sb.buf, view, len);
	strbuf_reset(&sb);
	strbuf_addf(&sb, " data-id=\"%s\"", v->game.scn.id);
	b64_block(out, "desk-scenario", sb.buf, scn, scn_len);
	b64_block(out, "desk-wasm", "", desk_wasm_gz, desk_wasm_gz_len);
	strbuf_adds(out, "<script>\n");
	strbuf_add(out, desk_glue, desk_glue_len);
	strbuf_adds(out, "</script>\n<script>\n");
	strbuf_add(out, web_desk_js, web_desk_js_len);
	strbuf_adds(out, "</script>\n</body>\n</html>\n");
	strbuf_free(&sb);
}

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
		page(&v, plain ? plain : buf, plain ? plen : len, scn, scn_len,
		     &sb);
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
