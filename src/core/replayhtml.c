/*
 * replayhtml.c - a replay as one HTML page (replay_html): a header, the
 * navigation, the board, the report, the draws and the luck of the step
 * shown. Nothing is fetched: the CSS and the script are in the page
 * (src/web/replay.css and replay.js, built into the program:
 * umpire/web.h), and the data is one JSON block the script reads. The
 * script reads the data block, shows a step and keeps the navigation;
 * it fetches nothing and writes nothing but the page.
 *
 * The boards share their lines (replay_lines_add): every distinct line
 * of every board's SVG text is written once, in a table, and each
 * step's board is a list of ranges of that table. The map, and every
 * counter that did not move, is written once for the whole game; the
 * script joins a step's lines back into the very text `umpire render`
 * writes for it.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/json.h"
#include "umpire/replay.h"
#include "umpire/web.h"

/* ---- the page ---- */

/* JSON inside <script>: no '<' at all, so that no "</script>" or "<!--"
 * can end or change the block ('<' occurs only in strings). */
static void script_json(struct strbuf *out, const struct strbuf *js)
{
	for (size_t i = 0; i < js->len; i++) {
		if (js->buf[i] == '<')
			strbuf_adds(out, "\\u003c");
		else
			strbuf_addc(out, js->buf[i]);
	}
}

static void data(const struct replay *r, struct strbuf *out)
{
	const struct replay_lines *t = &r->lines;
	struct strbuf js = STRBUF_INIT;
	struct json j;
	json_init(&j, &js);
	json_begin_object(&j);
	json_key(&j, "roles");
	json_begin_array(&j);
	for (size_t i = 0; i < r->n_roles; i++)
		json_string(&j, r->roles[i]);
	json_end_array(&j);
	json_kint(&j, "total", (long long)r->total);
	json_key(&j, "steps");
	json_begin_array(&j);
	for (size_t i = 0; i < r->n; i++) {
		const struct replay_frame *f = &r->frames[i];
		json_begin_object(&j);
		json_kint(&j, "step", (long long)f->step);
		json_kint(&j, "turn", f->turn);
		json_kstring(&j, "actor", f->actor);
		json_kstring(&j, "board", f->board ? f->board : "");
		json_kstring(&j, "report", f->report);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_key(&j, "lines");
	json_begin_array(&j);
	for (size_t i = 0; i < t->n; i++)
		json_stringn(&j, t->line[i], t->len[i]);
	json_end_array(&j);
	json_key(&j, "draws");
	if (r->draws.len) {
		/* a JSON array made already (replay.c), as the key's value */
		strbuf_add(&js, r->draws.buf, r->draws.len);
		j.after_key = 0;
	} else
		json_null(&j);
	json_end_object(&j);
	json_finish(&j);
	script_json(out, &js);
	strbuf_free(&js);
}

static void field(struct strbuf *out, const char *name, const char *value,
		  int code)
{
	strbuf_addf(out, "<dt>%s</dt><dd>%s", name, code ? "<code>" : "");
	strbuf_add_html(out, value);
	strbuf_addf(out, "%s</dd>\n", code ? "</code>" : "");
}

void replay_html(const struct replay *r, struct strbuf *out)
{
	strbuf_adds(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
		    "content=\"width=device-width, initial-scale=1\">\n"
		    "<title>");
	strbuf_add_html(out, r->title);
	strbuf_adds(out, ", game ");
	strbuf_add_html(out, r->game_id);
	strbuf_adds(out, ": replay</title>\n<style>\n");
	strbuf_add(out, web_replay_css, web_replay_css_len);
	strbuf_adds(out, "</style>\n</head>\n<body>\n<header>\n<h1>");
	strbuf_add_html(out, r->title);
	strbuf_adds(out, "</h1>\n<dl>\n");
	field(out, "game", r->game_id, 0);
	field(out, "scenario", r->scenario, 0);
	field(out, "sides", r->sides, 0);
	field(out, "result", r->result, 0);
	field(out, "shown", r->seen, 0);
	if (r->audit)
		field(out, "proof", r->audit, 1);
	strbuf_adds(out, "</dl>\n</header>\n"
		    "<nav aria-label=\"steps\">\n"
		    "<button id=\"first\" title=\"first step (Home)\">"
		    "|&lt;</button>\n"
		    "<button id=\"prev\" title=\"previous step (left arrow)\">"
		    "&lt;</button>\n"
		    "<button id=\"play\" title=\"step on by itself\">Play"
		    "</button>\n"
		    "<button id=\"next\" title=\"next step (right arrow)\">"
		    "&gt;</button>\n"
		    "<button id=\"last\" title=\"last step (End)\">&gt;|"
		    "</button>\n"
		    "<span class=\"where\">Step <output id=\"step\" "
		    "aria-live=\"polite\"></output>");
	strbuf_addf(out, " of %zu</span> <span id=\"frame\"></span> "
		    "<span id=\"turn\"></span>\n", r->total);
	strbuf_adds(out, "<ol id=\"turns\" aria-label=\"game turns\"></ol>\n"
		    "</nav>\n<main>\n<div id=\"board\"></div>\n<aside>\n"
		    "<h2>Report</h2>\n<pre id=\"report\"></pre>\n"
		    "<section id=\"dice\">\n<h2>Draws of this step</h2>\n"
		    "<p id=\"nodraw\" class=\"none\">No draw in this step."
		    "</p>\n<table id=\"draws\"><tr><th>draw</th><th>turn"
		    "</th><th>phase</th><th>purpose</th><th>pool</th>"
		    "<th>of</th><th>pick</th><th>result</th><th>for</th>"
		    "</tr></table>\n"
		    "<h2>Luck up to this step</h2>\n<pre id=\"luck\"></pre>\n"
		    "</section>\n</aside>\n</main>\n"
		    "<noscript><p>The steps of this replay are shown by its "
		    "script: allow JavaScript for this file (it fetches "
		    "nothing).</p></noscript>\n"
		    "<script type=\"application/json\" id=\"data\">");
	data(r, out);
	strbuf_adds(out, "</script>\n<script>\n");
	strbuf_add(out, web_replay_js, web_replay_js_len);
	strbuf_adds(out, "</script>\n</body>\n</html>\n");
}
