/*
 * board.c - the board of a step as one SVG document (board.h): what
 * `umpire render` writes and each step of `umpire replay` shows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/board.h"
#include "umpire/error.h"
#include "umpire/scenario.h"
#include "umpire/svg.h"

enum {
	BAND = 74,         /* header band height */
	MIN_WIDTH = 640,   /* room for the header's text */
	FOOT_LINE = 16     /* one line of the provisional footer */
};

/* " · " between the parts of a header line */
#define SEP " \xc2\xb7 "

static const struct svg_style band_style = { "#2b2b2b", NULL, 0, NULL, 0 };
static const struct svg_style prov_style = { "#c0392b", "#ffffff", 2,
	NULL, 0 };
static const struct svg_style foot_style = { "#fdf1e6", "#c0392b", 1,
	"6 3", 0 };
static const struct svg_style page_style = { "#ffffff", NULL, 0, NULL, 0 };

static int provisional(const struct scenario *scn)
{
	return strcmp(scn->provenance, "provisional") == 0;
}

/* The turn of the latest event up to step (0: none). The phase is left
 * to the ruleset's drawing: an event's phase may already be over. */
int board_turn_at(const struct run *run, size_t step)
{
	int turn = 0;

	for (size_t i = 0; i < run->n_events; i++) {
		if (run->events[i].step > step)
			break;
		turn = run->events[i].turn;
	}
	return turn;
}

/* The band above the board: title, scenario, step of total and turn,
 * what is next or the result, whose view it is. */
static void header(struct svg *s, double width, const struct scenario *scn,
		   size_t total, int turn, const struct snapshot *snap,
		   const char *side, int honour, const char *ended)
{
	struct strbuf line = STRBUF_INIT;

	svg_group(s, "header");
	svg_rect(s, 0, 0, width, BAND, 0, &band_style);
	svg_text(s, 16, 30, 22, "start", "#ffffff", scn->title);

	strbuf_addf(&line, "scenario %s v%lld" SEP "step %zu of %zu",
		    scn->id, scn->version, snap->step, total);
	if (snap->step == 0)
		strbuf_adds(&line, SEP "before play");
	else if (turn > 0)
		strbuf_addf(&line, SEP "turn %d", turn);
	svg_text(s, 16, 50, 13, "start", "#dddddd", line.buf);

	strbuf_reset(&line);
	if (ended) {
		strbuf_addf(&line, "Over: %s", ended);
	} else if (snap->over) {
		strbuf_adds(&line, "Over: ");
		if (!scn->rs->result || !scn->rs->result(snap->state, &line))
			strbuf_adds(&line, "the game is over.");
	} else {
		strbuf_addf(&line, "Next: %s to answer rule %s (%s)",
			    snap->next.role, snap->next.rule, snap->next.key);
	}
	svg_text(s, 16, 67, 12, "start", "#dddddd", line.buf);
	if (side) {
		strbuf_reset(&line);
		if (*side)
			strbuf_addf(&line, "as %s sees it", side);
		else
			strbuf_adds(&line, "no side's hidden cards (--side)");
		svg_text(s, width - 16, 67, 12, "end", "#dddddd", line.buf);
	}
	if (honour)
		svg_text(s, width - 16, 52, 11, "end", "#ffd27f",
			 "HONOUR MODE: the game file holds every hidden card");
	if (provisional(scn)) {
		svg_group(s, "This scenario's data is provisional: see the "
			  "list below the board.");
		svg_rect(s, width - 206, 12, 190, 32, 4, &prov_style);
		svg_text(s, width - 111, 34, 15, "middle", "#ffffff",
			 "PROVISIONAL DATA");
		svg_end_group(s);
	}
	svg_end_group(s);
	strbuf_free(&line);
}

static size_t provisional_items(const struct scenario *scn)
{
	if (!provisional(scn) || !scn->provisional ||
	    scn->provisional->kind != DOC_SEQ)
		return 0;
	return scn->provisional->n;
}

/* How many characters of the footer's 11-unit text fit in width: a
 * generous average glyph width, so that no line runs past the edge. */
static size_t foot_columns(double width)
{
	double cols = (width - 28) / 6.4;

	return cols > 20 ? (size_t)cols : 20;
}

/* The items of the list, wrapped at spaces to cols characters (a word
 * longer than a line is cut, never inside a UTF-8 character); each line
 * after an item's first is indented under its text. Draws the lines from
 * line `first` (at y, FOOT_LINE apart) when s is not NULL; returns how
 * many lines the list takes. */
static size_t foot_list(const struct scenario *scn, size_t cols,
			struct svg *s, double y)
{
	size_t n = provisional_items(scn), lines = 0;
	struct strbuf line = STRBUF_INIT;

	for (size_t i = 0; i < n; i++) {
		const struct doc_node *it = scn->provisional->items[i];
		const char *p = it->kind == DOC_SCALAR ? it->str :
			"(see the scenario file)";

		strbuf_reset(&line);
		strbuf_adds(&line, "- ");
		while (*p) {
			size_t len, room;

			while (*p == ' ' || *p == '\n' || *p == '\t')
				p++;
			if (!*p)
				break;
			len = strcspn(p, " \n\t");
			room = cols > line.len ? cols - line.len : 0;
			if (line.len > 2 && len + 1 > room) {
				/* the line is full: draw it, go on indented */
				if (s)
					svg_text(s, 14, y + (double)lines *
						 FOOT_LINE, 11, "start",
						 "#5a1e16", line.buf);
				lines++;
				strbuf_reset(&line);
				strbuf_adds(&line, "  ");
				continue;
			}
			if (line.len > 2)
				strbuf_addc(&line, ' ');
			room = cols > line.len ? cols - line.len : 1;
			if (len > room) {
				/* one word longer than a line: cut it */
				len = room;
				while (len > 1 && ((unsigned char)p[len] &
						   0xc0) == 0x80)
					len--;
			}
			strbuf_addf(&line, "%.*s", (int)len, p);
			p += len;
		}
		if (s)
			svg_text(s, 14, y + (double)lines * FOOT_LINE, 11,
				 "start", "#5a1e16", line.buf);
		lines++;
	}
	strbuf_free(&line);
	return lines;
}

static void footer(struct svg *s, double y, double width,
		   const struct scenario *scn)
{
	size_t cols = foot_columns(width), n = foot_list(scn, cols, NULL, 0);

	if (!provisional(scn))
		return;
	svg_group(s, "provisional data");
	svg_rect(s, 4, y + 4, width - 8, (double)(n + 1) * FOOT_LINE + 8, 0,
		 &foot_style);
	svg_text(s, 14, y + 4 + FOOT_LINE, 12, "start", "#c0392b",
		 "PROVISIONAL DATA in this scenario:");
	foot_list(scn, cols, s, y + 4 + 2 * FOOT_LINE);
	svg_end_group(s);
}

/* The marks of steps from..step that side may see, copied (caller
 * frees). */
struct mark *board_step_marks(const struct run *run, size_t from,
			      size_t step, const char *side, size_t *n)
{
	struct mark *m = xcalloc(run->n_marks ? run->n_marks : 1, sizeof *m);

	*n = 0;
	for (size_t i = 0; i < run->n_marks; i++)
		if (view_mark_seen(run, i, from, step, side))
			m[(*n)++] = run->marks[i];
	return m;
}

/* The first step a side has not seen marked: the one after its own
 * latest step up to `step` (what the opponent did since), or `step`
 * itself when the side ordered it (or for no side). */
size_t board_unseen_from(const struct game *g, size_t step,
			 const char *side)
{
	if (!side)
		return step;
	for (size_t k = step; k >= 1; k--)
		if (!strcmp(g->steps[k - 1].actor, side))
			return k < step ? k + 1 : step;
	return step ? 1 : 0;
}

/* The whole picture: the band, the board the rules drew, the footer. */
int board_page(const struct board_at *at, const char *name,
	       struct strbuf *out, struct error *err)
{
	const struct scenario *scn = at->scn;
	const struct snapshot *snap = at->snap;
	const char *side = at->side;
	/* The referee sees everything, as in reports. */
	const char *seer = side && strcmp(side, "referee") != 0 ? side : NULL;
	struct svg board = SVG_INIT, pg = SVG_INIT;
	board.memo = at->memo;
	scn->rs->render(snap->state, seer, at->marks, at->n_marks, &board);
	if (board.width <= 0 || board.height <= 0) {
		strbuf_free(&board.body);
		return errorf(err, EXIT_USAGE, "%s: the rules of %s drew no "
			      "board", name, scn->id);
	}
	double width = board.width > MIN_WIDTH ? board.width : MIN_WIDTH;
	size_t n_prov = foot_list(scn, foot_columns(width), NULL, 0);
	double foot = provisional(scn) ?
		(double)(n_prov + 1) * FOOT_LINE + 16 : 0;
	struct strbuf title = STRBUF_INIT;
	strbuf_addf(&title, "%s, step %zu of %zu%s%s%s", scn->title,
		    snap->step, at->total, side && *side ? " (as " : "",
		    side && *side ? side : "", side && *side ? " sees it)" :
		    "");
	svg_begin(&pg, width, BAND + board.height + foot, title.buf);
	svg_rect(&pg, 0, 0, width, BAND + board.height + foot, 0,
		 &page_style);
	header(&pg, width, scn, at->total, at->turn, snap, side, at->honour,
	       at->ended);
	double board_h = board.height;
	svg_place(&pg, (width - board.width) / 2, BAND, &board);
	footer(&pg, BAND + board_h, width, scn);
	svg_finish(&pg, out);
	strbuf_free(&title);
	return 0;
}

/* The marks a view carries (view_load checked their fields' sizes). */
struct mark *board_view_marks(const struct view *v, size_t *n)
{
	const struct doc_node *seq = v->marks;
	struct mark *m = xcalloc(seq->n ? seq->n : 1, sizeof *m);
	for (*n = 0; *n < seq->n; (*n)++) {
		const struct doc_node *e = seq->items[*n];
		snprintf(m[*n].kind, sizeof m[*n].kind, "%s",
			 doc_get(e, "kind")->str);
		snprintf(m[*n].from, sizeof m[*n].from, "%s",
			 doc_get(e, "from")->str);
		snprintf(m[*n].to, sizeof m[*n].to, "%s",
			 doc_get(e, "to")->str);
		snprintf(m[*n].label, sizeof m[*n].label, "%s",
			 doc_get(e, "label")->str);
		const struct doc_node *path = doc_get(e, "path");
		if (path)
			snprintf(m[*n].path, sizeof m[*n].path, "%s",
				 path->str);
	}
	return m;
}

int board_view_snapshot(const struct view *v, struct snapshot *snap,
			struct error *err)
{
	const struct scenario *scn = &v->game.scn;
	memset(snap, 0, sizeof *snap);
	if (scenario_start(scn, v->game.options, &snap->state, err))
		return -1;
	if ((scn->rs->load_view ? scn->rs->load_view(snap->state, v->doc,
	     v->state, v->side, err) : scn->rs->load(snap->state, v->doc,
	     v->state, err))) {
		snapshot_free(snap);
		return -1;
	}
	snap->step = (size_t)v->step;
	snap->over = v->over;
	snap->next = v->next;
	return 0;
}
