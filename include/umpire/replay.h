/*
 * replay.h - a whole game as one HTML file (umpire replay): every step
 * the reader may see, its board as `umpire render` draws it, its report,
 * its draws and the luck report up to it; read from the game file (the
 * whole game) or from one side's views (only what they showed it).
 *
 * Ownership: struct replay owns every string and frame in it;
 * replay_free releases them. The game and views are the caller's.
 */
#ifndef UMPIRE_REPLAY_H
#define UMPIRE_REPLAY_H
#include <stdint.h>
#include "umpire/game.h"
#include "umpire/strbuf.h"
#include "umpire/svg.h"
#include "umpire/view.h"

/* The distinct lines of the boards' SVG text, each kept once (copied),
 * in the order first met: the boards of a replay share them. */
struct replay_lines {
	char **line;
	size_t *len;          /* with its '\n' */
	uint64_t *hash;       /* its FNV-1a hash */
	size_t n, cap;
	size_t *slot;         /* hash slots: index + 1; 0 empty */
	size_t n_slots;
};
/* text's lines added to the table; returns the text as ranges of the
 * table ("0-812,815,900-903", malloc'd): the table's lines at those
 * indices, in that order, are the text byte for byte. */
char *replay_lines_add(struct replay_lines *t, const char *text);
void replay_lines_free(struct replay_lines *t);

/* One step as the reader sees it. */
struct replay_frame {
	size_t step;
	int turn;          /* 0: before play, or not known */
	char actor[32];    /* who ordered the step ("" for the start) */
	char *board;       /* the SVG document umpire render writes, as
			      ranges of the replay's lines */
	char *report;      /* the report, as umpire report writes it */
};

struct replay {
	char *title, *game_id, *scenario, *sides, *result, *seen;
	char **roles;                /* the sides, in the header's order */
	size_t n_roles;
	char *audit;                 /* the command that audits the game
					(the caller's to set) */
	size_t total;                /* the steps of the game as known */
	struct replay_frame *frames;
	size_t n, cap;
	struct replay_lines lines;
	struct svg_memo *memo;       /* the map drawn once for every step */
	struct strbuf draws;         /* a JSON array of every draw the
					reader may see: [step, draw, turn,
					phase, purpose, pool, of, pick,
					result, for]; empty when none is known */
};

void replay_init(struct replay *r);
void replay_free(struct replay *r);
/* Every step of g, from the start, with nothing hidden (the caller has
 * decided the reader may see the whole game). Replays g once, checking
 * every signature (CHECK_FULL). name: for messages. */
int replay_game(struct game *g, const char *name, struct replay *r,
		struct error *err);
/* The same as side may see it: NULL, nothing hidden (replay_game); "",
 * no side's hidden cards; else that side's (each step as report and
 * render --step N --side tell and draw it, and only the draws it may
 * see). */
int replay_game_as(struct game *g, const char *name, const char *side,
		   struct replay *r, struct error *err);
/* The steps of the views (one side's, of one game; each already
 * checked by its referee's signature), in the order of their steps: each
 * view's board, report and marks, and nothing else. names: for messages. */
int replay_views(const struct view *views, const char *const *names,
		 size_t n, struct replay *r, struct error *err);
/* The HTML page: inline SVG, CSS and script, nothing fetched. */
void replay_html(const struct replay *r, struct strbuf *out);
#endif
