/*
 * replay.c - the steps of a replay (replay.h): from the game file, one
 * replay of the ledger keeps the state after each step, and each step is
 * then drawn and told as `umpire render --step N` and `umpire report
 * --step N` draw and tell it (for one side, as those do with --side); from one side's views, each view as
 * `umpire render VIEW` draws it and its own report, nothing more.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/board.h"
#include "umpire/clock.h"
#include "umpire/error.h"
#include "umpire/json.h"
#include "umpire/replay.h"
#include "umpire/report.h"
#include "umpire/scenario.h"

void replay_init(struct replay *r)
{
	memset(r, 0, sizeof *r); /* the draws: an empty strbuf */
	r->memo = svg_memo_new();
}

void replay_free(struct replay *r)
{
	svg_memo_free(r->memo);
	r->memo = NULL;
	for (size_t i = 0; i < r->n; i++) {
		free(r->frames[i].board);
		free(r->frames[i].report);
	}
	free(r->frames);
	for (size_t i = 0; i < r->n_roles; i++)
		free(r->roles[i]);
	free(r->roles);
	free(r->title);
	free(r->game_id);
	free(r->scenario);
	free(r->sides);
	free(r->result);
	free(r->seen);
	free(r->audit);
	strbuf_free(&r->draws);
	replay_lines_free(&r->lines);
	memset(r, 0, sizeof *r);
}

static struct replay_frame *add_frame(struct replay *r)
{
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 16;
		r->frames = xrealloc(r->frames, r->cap * sizeof *r->frames);
	}
	struct replay_frame *f = &r->frames[r->n++];
	memset(f, 0, sizeof *f);
	return f;
}

/* Title, game, scenario and sides, from the game (or a view's header). */
static void describe(struct replay *r, const struct game *g)
{
	struct strbuf sb = STRBUF_INIT;
	r->title = xstrdup(g->scn.title);
	r->game_id = xstrdup(g->id);
	strbuf_addf(&sb, "%s v%lld", g->scn.id, g->scn.version);
	r->scenario = strbuf_detach(&sb, NULL);
	r->roles = xcalloc(g->n_roles ? g->n_roles : 1, sizeof *r->roles);
	r->n_roles = g->n_roles;
	for (size_t i = 0; i < g->n_roles; i++) {
		strbuf_addf(&sb, "%s%s", i ? ", " : "", g->roles[i].name);
		r->roles[i] = xstrdup(g->roles[i].name);
	}
	r->sides = strbuf_detach(&sb, NULL);
}

/* The result line of the last state shown, or where the game stands. */
static void result_of(struct replay *r, const struct scenario *scn,
		      const struct snapshot *last, const char *ended)
{
	struct strbuf sb = STRBUF_INIT;
	if (ended) {
		strbuf_adds(&sb, ended);
	} else if (last->over) {
		if (!scn->rs->result || !scn->rs->result(last->state, &sb))
			strbuf_adds(&sb, "the game is over.");
	} else {
		strbuf_addf(&sb, "not over: after step %zu, %s to answer "
			    "rule %s", last->step, last->next.role,
			    last->next.rule);
	}
	r->result = strbuf_detach(&sb, NULL);
}

/* ---- from the game file ---- */

/* Every draw side may see (NULL: every draw), for the dice and the luck
 * of each step: one it may not see is left out, since its pick would
 * give the card away (the step's report lists it as hidden). */
static void draws_json(struct replay *r, const struct run *run,
		       const char *side)
{
	struct json j;
	json_init(&j, &r->draws);
	json_begin_array(&j);
	for (size_t i = 0; i < run->n_draws; i++) {
		const struct draw_rec *d = &run->draws[i];
		if (!visible_to(d->visible, side))
			continue;
		json_begin_array(&j);
		json_int(&j, (long long)d->step);
		json_int(&j, (long long)d->index);
		json_int(&j, d->turn);
		json_string(&j, d->phase);
		json_string(&j, d->purpose);
		json_string(&j, d->pool);
		json_int(&j, d->n);
		json_int(&j, d->pick);
		json_string(&j, d->result);
		json_string(&j, d->role);
		json_end_array(&j);
	}
	json_end_array(&j);
	json_finish(&j);
}

/* What the replay's hook needs at the end of each step. */
struct game_hook {
	struct game *g;
	const char *name;
	const char *side;        /* the reader (report_at's); NULL: all */
	const struct run *run;   /* the run being played: its events,
				    draws and marks up to the step */
	struct replay *r;
	struct error err;
	int failed;
};

/* Step k drawn and told as render and report do (frame k; a step
 * replayed again is made again). */
static int game_frame(struct game_hook *h, size_t k, const void *state,
		      const struct question *next, const struct run *run)
{
	struct game *g = h->g;
	struct replay_frame *f = &h->r->frames[k];
	struct strbuf sb = STRBUF_INIT, ended = STRBUF_INIT;
	/* a game the judge's record ended (a forfeit) is over at its last
	 * step, with the record's result: no question is next */
	if (k == g->n_steps && clock_result(g, &ended))
		next = NULL;
	struct snapshot snap = { k, (void *)state, { 0 }, next == NULL };
	size_t n_marks;
	if (next)
		snap.next = *next;
	free(f->board);
	free(f->report);
	memset(f, 0, sizeof *f);
	f->step = k;
	f->turn = k ? board_turn_at(run, k) : 0;
	/* a late step: the judge's, for its actor (umpire-protocol(7),
	 * THE JUDGE'S CLOCK) */
	if (k)
		snprintf(f->actor, sizeof f->actor, "%s%s",
			 game_step_late(g, k - 1) ? "the judge for " : "",
			 g->steps[k - 1].actor);
	struct mark *marks = board_step_marks(run, k, k, h->side, &n_marks);
	struct board_at at = { &g->scn, g->n_steps, f->turn, &snap, h->side,
		game_honour(g), marks, n_marks, h->r->memo,
		ended.len ? ended.buf : NULL };
	int rc = board_page(&at, h->name, &sb, &h->err);
	free(marks);
	if (!rc)
		f->board = replay_lines_add(&h->r->lines, sb.buf ? sb.buf : "");
	strbuf_free(&sb);
	if (rc) {
		strbuf_free(&ended);
		return -1;
	}
	struct report_at rat = { k, state, next, h->side, 0, 0 };
	report_step(g, run, &rat, &sb);
	f->report = strbuf_detach(&sb, NULL);
	if (k == g->n_steps) {
		struct snapshot last = snap;
		free(h->r->result);
		h->r->result = NULL;
		result_of(h->r, &g->scn, &last, ended.len ? ended.buf : NULL);
	}
	strbuf_free(&ended);
	return 0;
}

static void frame_hook(void *user, size_t step, const void *state,
		       const struct question *next)
{
	struct game_hook *h = user;
	if (!h->failed && step <= h->g->n_steps &&
	    game_frame(h, step, state, next, h->run))
		h->failed = 1;
}

int replay_game(struct game *g, const char *name, struct replay *r,
		struct error *err)
{
	return replay_game_as(g, name, NULL, r, err);
}

int replay_game_as(struct game *g, const char *name, const char *side,
		   struct replay *r, struct error *err)
{
	const struct ruleset *rs = g->scn.rs;
	size_t n = g->n_steps;
	struct run run, start;
	struct game_hook h = { g, name, side, &run, r, { 0 }, 0 };
	struct strbuf seen = STRBUF_INIT;
	int rc;

	if (!rs->render)
		return errorf(err, EXIT_USAGE, "%s: %s (%s) cannot be drawn "
			      "yet: its rules have no render hook", name,
			      g->scn.title, g->scn.id);
	describe(r, g);
	r->total = n;
	if (!side)
		strbuf_adds(&seen, "the whole game");
	else
		strbuf_addf(&seen, "as %s sees it (honour mode: the game file "
			    "holds every hidden card)", *side ? side :
			    "no side");
	r->seen = strbuf_detach(&seen, NULL);
	r->frames = xcalloc(n + 1, sizeof *r->frames);
	r->n = r->cap = n + 1;
	/* the start: the rules run up to their first question */
	g->examples = REPORT_EXAMPLES;
	engine_run(rs, g->start_state, NULL, 0, &start);
	rc = game_frame(&h, 0, g->start_state, start.outcome == RUN_OVER ?
			NULL : &start.pending, &start);
	engine_free(&start);
	if (rc) {
		*err = h.err;
		return -1;
	}
	/* each step drawn as the one replay of the ledger ends it */
	g->at_step_end = frame_hook;
	g->hook_user = &h;
	rc = game_check(g, CHECK_FULL, NULL, &run, err);
	g->at_step_end = NULL;
	g->hook_user = NULL;
	if (rc)
		return -1;
	rc = -1;
	if (h.failed) {
		*err = h.err;
		goto out;
	}
	for (size_t i = 0; i <= n; i++)
		if (!r->frames[i].board) {
			errorf(err, EXIT_USAGE, "%s: the replay did not end "
			       "step %zu", name, i);
			goto out;
		}
	draws_json(r, &run, side);
	rc = 0;
out:
	engine_free(&run);
	return rc;
}

/* ---- from a side's views ---- */

/* The game turn a view's report tells last ("Turn 3, ..."), else 0. */
static int report_turn(const char *report)
{
	int turn = 0;
	for (const char *p = report; p && (p = strstr(p, "Turn ")); p += 5)
		if ((p == report || p[-1] == '\n') && p[5] >= '0' &&
		    p[5] <= '9')
			turn = atoi(p + 5);
	return turn;
}

static int view_frame(const struct view *v, const char *name,
		      struct replay *r, struct error *err)
{
	struct snapshot snap;
	struct strbuf sb = STRBUF_INIT;
	size_t n_marks;
	if (board_view_snapshot(v, &snap, err))
		return error_prefix(err, "%s: the view's state", name);
	struct mark *marks = board_view_marks(v, &n_marks);
	/* of the replay's steps (the last view's), as its navigation
	 * counts them, not of the view's own */
	struct board_at at = { &v->game.scn, r->total, 0, &snap,
		v->side, 0, marks, n_marks, r->memo, NULL };
	struct replay_frame *f = add_frame(r);
	f->step = (size_t)v->step;
	f->turn = report_turn(v->report);
	const struct doc_node *since = v->since;
	/* the actor of the view's own step, as its since list says */
	if (since && since->kind == DOC_SEQ && since->n) {
		const struct doc_node *a =
			doc_get(since->items[since->n - 1], "actor");
		if (a && a->kind == DOC_SCALAR)
			snprintf(f->actor, sizeof f->actor, "%s", a->str);
	}
	int rc = board_page(&at, name, &sb, err);
	free(marks);
	if (!rc)
		f->board = replay_lines_add(&r->lines, sb.buf ? sb.buf : "");
	strbuf_free(&sb);
	f->report = xstrdup(v->report ? v->report : "");
	/* the views come in the order of their steps: the last one's
	 * result stays */
	free(r->result);
	r->result = NULL;
	result_of(r, &v->game.scn, &snap, NULL);
	snapshot_free(&snap);
	return rc;
}

int replay_views(const struct view *views, const char *const *names,
		 size_t n, struct replay *r, struct error *err)
{
	size_t *order = xcalloc(n ? n : 1, sizeof *order);
	int rc = -1;
	if (!n) {
		errorf(err, EXIT_USAGE, "no view to replay");
		goto out;
	}
	/* one game, one side, each step once; in the order of the steps */
	for (size_t i = 0; i < n; i++) {
		const struct view *v = &views[i];
		if (strcmp(v->game.id, views[0].game.id)) {
			errorf(err, EXIT_USAGE, "%s is a view of game %s, %s "
			       "of game %s: a replay is of one game", names[i],
			       v->game.id, names[0], views[0].game.id);
			goto out;
		}
		if (strcmp(v->side, views[0].side)) {
			errorf(err, EXIT_USAGE, "%s is %s's view, %s is %s's: "
			       "a replay from views is of one side", names[i],
			       v->side, names[0], views[0].side);
			goto out;
		}
		size_t at = i;
		while (at > 0 && views[order[at - 1]].step > v->step) {
			order[at] = order[at - 1];
			at--;
		}
		if (at > 0 && views[order[at - 1]].step == v->step) {
			errorf(err, EXIT_USAGE, "%s and %s are both views of "
			       "step %lld: give each step once", names[i],
			       names[order[at - 1]], v->step);
			goto out;
		}
		order[at] = i;
	}
	describe(r, &views[0].game);
	r->total = (size_t)views[order[n - 1]].step;
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "as %s saw it (%zu view%s)", views[0].side, n,
		    n == 1 ? "" : "s");
	r->seen = strbuf_detach(&sb, NULL);
	for (size_t i = 0; i < n; i++)
		if (view_frame(&views[order[i]], names[order[i]], r, err))
			goto out;
	rc = 0;
out:
	free(order);
	return rc;
}
