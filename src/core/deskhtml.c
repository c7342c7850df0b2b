/*
 * deskhtml.c - the player's desk as one HTML page (desk_html; umpire
 * desk writes it): the side answers the question now asked by clicks,
 * each answer checked by the rules themselves, compiled to WebAssembly
 * and carried in the page (src/desk/). The page fetches nothing: a
 * Content-Security-Policy allows it no connection, no remote script, no
 * frame, and everything it uses is inside it, in base64: the view, the
 * scenario, the WebAssembly (umpire/desk.h), and its script and style
 * (src/web/desk.js and desk.css, and the key's panel: deskkeys.js and
 * deskkeys.css; umpire/web.h), and the steps of the
 * view's report as a JSON list (report_steps), which the page steps
 * through before it lands on the question. A page of a game with no
 * view in it (desk_html_blank, the judge's) opens the views the player
 * picks with the key (deskkeys.js); which program made a page is its
 * meta umpire-desk-program (desk_program_hash).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/armor.h"
#include "umpire/desk.h"
#include "umpire/deskhtml.h"
#include "umpire/doc.h"
#include "umpire/json.h"
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

/* The line at p (to its '\n' or end) is a step's heading of the report
 * (report.c: "Step N, ordered by ..." or "Step N, played by ...", at
 * the start of a line). */
static int is_step_heading(const char *p)
{
	if (strncmp(p, "Step ", 5) != 0 || p[5] < '0' || p[5] > '9')
		return 0;
	p += 5 + strspn(p + 5, "0123456789");
	return p[0] == ',' && p[1] == ' ';
}

/* The text from b to e without its blank lines at either end. */
static void trimmed(struct json *j, const char *b, const char *e)
{
	while (b < e && *b == '\n')
		b++;
	while (e > b && (e[-1] == '\n' || e[-1] == ' '))
		e--;
	json_stringn(j, b, (size_t)(e - b));
}

/* The view's report split by its steps' headings (report.c writes one
 * per step since the side's own last step, then "Position" and the
 * rest at the start of their lines): {"steps": [{"heading", "text"}...]}
 * in order, each step's text to the next heading or to "Position".
 * A report of no step (the game not started) gives an empty list. */
static void report_steps(const char *report, struct strbuf *out)
{
	struct json j;
	const char *p = report ? report : "", *head = NULL, *body = NULL;
	json_init(&j, out);
	json_begin_object(&j);
	json_key(&j, "steps");
	json_begin_array(&j);
	for (;;) {
		const char *nl = strchr(p, '\n');
		const char *end = nl ? nl : p + strlen(p);
		int step = is_step_heading(p);
		int last = !nl || strncmp(p, "Position\n", 9) == 0;
		if (head && (step || last)) {
			json_begin_object(&j);
			json_key(&j, "heading");
			json_stringn(&j, head, (size_t)(body - head - 1));
			json_key(&j, "text");
			/* a report's last line is its step's, unless it is
			 * the "Position" heading */
			trimmed(&j, body, nl || !strcmp(p, "Position") ? p : end);
			json_end_object(&j);
			head = NULL;
		}
		if (last)
			break;
		if (step) {
			head = p;
			body = end + 1;
		}
		p = end + 1;
	}
	json_end_array(&j);
	json_end_object(&j);
	json_finish(&j);
}

/* What a page holds besides the program: its title, the question in
 * its first paint (rule and text, or NULL), its game, whether no referee
 * signed its view, the view (len bytes; none: 0), its scenario (id and
 * text) and the steps of its report (report_steps' JSON). */
struct page {
	const char *title, *rule, *text, *game;
	int unsigned_view;
	const char *view;
	size_t len;
	const char *scn_id, *scn;
	size_t scn_len;
	const struct strbuf *steps;
};

static void page_html(const struct page *pg, struct strbuf *out)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned char h[32];
	char hex[65];
	desk_program_hash(h);
	sodium_bin2hex(hex, sizeof hex, h, 16);
	strbuf_adds(&sb, pg->title);
	strbuf_adds(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		    "<meta charset=\"utf-8\">\n"
		    "<meta http-equiv=\"Content-Security-Policy\" content=\""
		    DESK_CSP "\">\n");
	/* which program made it (desk_program_hash): the judge mails a
	 * player the page again when it changes */
	strbuf_addf(out, "<meta name=\"umpire-desk-program\" content=\"%s"
		    "\">\n<title>umpire desk: ", hex);
	strbuf_add_html(out, sb.buf);
	strbuf_adds(out, "</title>\n<style>\n");
	strbuf_add(out, web_desk_css, web_desk_css_len);
	strbuf_add(out, web_deskkeys_css, web_deskkeys_css_len);
	strbuf_adds(out, "</style>\n</head>\n<body>\n<header><h1>");
	strbuf_add_html(out, sb.buf);
	strbuf_adds(out, "</h1></header>\n<main>\n"
		    "<p id=\"status\">Starting the rules&hellip;</p>\n"
		    "<p id=\"draft\" role=\"status\"></p>\n"
		    "<section id=\"since\" hidden><h2>What happened since "
		    "your last step: <span id=\"since-at\"></span></h2>\n"
		    "<p id=\"since-heading\" class=\"rule\"></p>"
		    "<pre id=\"since-text\"></pre>\n"
		    "<p><button id=\"prev\" type=\"button\">Previous</button> "
		    "<button id=\"next\" type=\"button\">Next</button> "
		    "<button id=\"skip\" type=\"button\">Skip to the "
		    "question</button></p>\n<p class=\"keys\">Keys: "
		    "<kbd>&larr;</kbd> <kbd>&rarr;</kbd> the previous and the "
		    "next step, then the question.</p></section>\n"
		    "<section id=\"question\"><div id=\"ask\"><h2>The "
		    "question now asked</h2>\n"
		    "<p><span id=\"rule\" class=\"rule\">");
	/* the view's question in the first paint, before the page's
	 * rules start (its script puts the rules' own in its place) */
	if (pg->rule) {
		strbuf_adds(out, "rule ");
		strbuf_add_html(out, pg->rule);
	}
	strbuf_adds(out, "</span> <span id=\"text\">");
	if (pg->rule)
		strbuf_add_html(out, pg->text);
	strbuf_adds(out, "</span></p>\n"
		    "<p id=\"options-label\"></p><div id=\"options\"></div>\n"
		    "<form id=\"free\" hidden><input id=\"free-text\" "
		    "aria-label=\"answer\" autocomplete=\"off\"> "
		    "<button id=\"free-answer\">Answer</button></form>\n"
		    "<p id=\"said\" role=\"status\"></p>\n"
		    "<p><button id=\"back\" type=\"button\" hidden>Back to "
		    "the steps since your last step</button></p>\n"
		    "<p id=\"keys\" class=\"keys\">Keys: <kbd>1</kbd>&ndash;"
		    "<kbd>9</kbd> answer with the first to ninth legal answer, "
		    "<kbd>u</kbd> or <kbd>Backspace</kbd> undo, <kbd>s</kbd> "
		    "save, <kbd>&larr;</kbd> back to the steps; <kbd>Tab</kbd> reaches every button, <kbd>Enter</kbd> "
		    "or <kbd>Space</kbd> presses it.</p>\n<div id=\"build\" "
		    "hidden></div></div>\n<div id=\"board-section\" hidden>"
		    "<p id=\"board-said\" role=\"status\"></p>"
		    "<div id=\"board\" aria-label=\"the board: Tab reaches "
		    "the lit pieces and places, Enter or Space clicks "
		    "one\"></div></div></section>\n"
		    "<section><h2>Your answers this step</h2>\n"
		    "<ol id=\"answers\"></ol>\n<p id=\"ends\"></p>\n"
		    "<button id=\"undo\" type=\"button\">Undo</button> "
		    "<button id=\"save\" type=\"button\">Save answers</button> "
		    "<button id=\"discard\" type=\"button\" disabled>Discard "
		    "draft</button>"
		    "\n<details><summary>The answers file</summary>"
		    "<pre id=\"answers-yaml\"></pre></details></section>\n"
		    "<section id=\"standing-section\" hidden><h2>Standing "
		    "orders</h2>\n<p class=\"keys\">Answers the rules use "
		    "when they ask after a draw ends your step, and those "
		    "marked kept in the opponent's turn too; each is checked "
		    "by the rules as you set it, and goes in the answers "
		    "file and the draft.</p>\n<div id=\"standing\"></div></section>\n"
		    "<section><details><summary>What happened since your "
		    "last step</summary><pre id=\"report\"></pre></details>"
		    "</section>\n"
		    "<section><h2><label for=\"notes\">Notepad</label></h2>\n"
		    "<p class=\"keys\">Your own notes of this game, kept in "
		    "this browser only: in no answers file, sent nowhere.</p>\n"
		    "<textarea id=\"notes\" rows=\"5\" spellcheck=\"false\">"
		    "</textarea></section>\n</main>\n");
	strbuf_reset(&sb);
	strbuf_addf(&sb, " data-game=\"%s\"%s", pg->game,
		    pg->unsigned_view ? " data-unsigned=\"1\"" : "");
	b64_block(out, "desk-view", sb.buf, pg->view, pg->len);
	strbuf_reset(&sb);
	strbuf_addf(&sb, " data-id=\"%s\"", pg->scn_id);
	b64_block(out, "desk-scenario", sb.buf, pg->scn, pg->scn_len);
	b64_block(out, "desk-steps", "", pg->steps->buf, pg->steps->len);
	b64_block(out, "desk-wasm", "", desk_wasm_gz, desk_wasm_gz_len);
	strbuf_adds(out, "<script>\n");
	strbuf_add(out, desk_glue, desk_glue_len);
	strbuf_adds(out, "</script>\n<script>\n");
	strbuf_add(out, web_desk_js, web_desk_js_len);
	strbuf_adds(out, "</script>\n<script>\n");
	strbuf_add(out, web_deskkeys_js, web_deskkeys_js_len);
	strbuf_adds(out, "</script>\n</body>\n</html>\n");
	strbuf_free(&sb);
}

void desk_html(const struct view *v, const char *view, size_t len,
	       const char *scn, size_t scn_len, struct strbuf *out)
{
	struct strbuf title = STRBUF_INIT, steps = STRBUF_INIT;
	int asked = !v->over && v->next.rule;
	strbuf_addf(&title, "%s, step %lld, %s", v->game.scn.title,
		    v->step + 1, v->side);
	report_steps(v->report, &steps);
	struct page pg = { title.buf, asked ? v->next.rule : NULL,
		asked ? v->next.text : NULL, v->game.id,
		/* made from a game file: no referee signed it */
		!doc_get(v->node, "signature"), view, len, v->game.scn.id,
		scn, scn_len, &steps };
	page_html(&pg, out);
	strbuf_free(&title);
	strbuf_free(&steps);
}

void desk_html_blank(const struct game *g, const char *scn, size_t scn_len,
		     struct strbuf *out)
{
	struct strbuf title = STRBUF_INIT, steps = STRBUF_INIT;
	strbuf_addf(&title, "%s, game %.8s", g->scn.title, g->id);
	report_steps(NULL, &steps);
	struct page pg = { title.buf, NULL, NULL, g->id, 0, "", 0,
		g->scn.id, scn, scn_len, &steps };
	page_html(&pg, out);
	strbuf_free(&title);
	strbuf_free(&steps);
}

void desk_program_hash(unsigned char out[32])
{
	const struct { const void *b; size_t n; } part[] = {
		{ desk_glue, desk_glue_len }, { desk_wasm_gz, desk_wasm_gz_len },
		{ web_desk_js, web_desk_js_len },
		{ web_deskkeys_js, web_deskkeys_js_len },
		{ web_desk_css, web_desk_css_len },
		{ web_deskkeys_css, web_deskkeys_css_len } };
	crypto_generichash_state h;
	crypto_generichash_init(&h, NULL, 0, 32);
	for (size_t i = 0; i < sizeof part / sizeof part[0]; i++) {
		uint64_t n = part[i].n;
		crypto_generichash_update(&h, (const unsigned char *)&n,
					  sizeof n);
		crypto_generichash_update(&h, part[i].b, part[i].n);
	}
	const char *test = getenv(DESK_BUILD_TEST_ENV);
	if (test && *test)
		crypto_generichash_update(&h, (const unsigned char *)test,
					  strlen(test));
	crypto_generichash_final(&h, out, 32);
}
