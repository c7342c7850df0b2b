/*
 * board.h - the board of a step as one SVG document: the picture that
 * `umpire render` writes and each step of `umpire replay` shows. The
 * ruleset's render() hook draws the board with the marks it is given;
 * around it goes a header band (game, scenario, step and turn, what
 * comes next) and, for a scenario with provisional data, a label saying
 * so and a footer that lists what is provisional.
 *
 * Ownership: nothing kept; marks returned are the caller's to free.
 */
#ifndef UMPIRE_BOARD_H
#define UMPIRE_BOARD_H
#include "umpire/engine.h"
#include "umpire/game.h"
#include "umpire/strbuf.h"
#include "umpire/view.h"

/* What one board shows. */
struct board_at {
	const struct scenario *scn;
	size_t total;                /* the steps of the game (or view) */
	int turn;                    /* 0: not said */
	const struct snapshot *snap; /* step, state, next, over */
	const char *side;            /* NULL: everything; "": no side's
					hidden cards; else that side's */
	int honour;                  /* the HONOUR MODE label */
	const struct mark *marks;
	size_t n_marks;
	struct svg_memo *memo;       /* NULL; a replay's: the map drawn
					once for all its steps (svg.h) */
	const char *ended;           /* NULL; the result of a game the
					judge's record ended (a forfeit,
					clock_result) at this step, shown
					as the rules' result is */
};

/* The whole document into out (appended); -1 when the rules drew no
 * board (err names name). */
int board_page(const struct board_at *at, const char *name,
	       struct strbuf *out, struct error *err);
/* The turn of the latest event up to step (0: none). */
int board_turn_at(const struct run *run, size_t step);
/* The marks of steps from..step that side may see, copied. */
struct mark *board_step_marks(const struct run *run, size_t from,
			      size_t step, const char *side, size_t *n);
/* The first step a side has not seen marked: the one after its own
 * latest step up to `step`, or `step` itself when the side ordered it
 * (or for no side, NULL). */
size_t board_unseen_from(const struct game *g, size_t step,
			 const char *side);
/* The marks a view carries, copied. */
struct mark *board_view_marks(const struct view *v, size_t *n);
/* The state a view shows, as the snapshot of its step (snapshot_free). */
int board_view_snapshot(const struct view *v, struct snapshot *snap,
			struct error *err);
#endif
