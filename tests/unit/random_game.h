/*
 * random_game.h - what the unit tests of every ruleset do with random
 * games: play one from its start with random seeds and random legal
 * answers (one a step, ordered by the role asked) until it ends, checking
 * each state on the way; save/load round trips; the width of the
 * position. Include after unit.h.
 */
#ifndef UMPIRE_RANDOM_GAME_H
#define UMPIRE_RANDOM_GAME_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/engine.h"
#include "umpire/scenario.h"
#include "unit.h"

/* xorshift64: the same games on every run; a test may reseed. */
static uint64_t rg_state = 0x2545f4914f6cdd1dULL;

static inline uint32_t rnd(uint32_t n)
{
	rg_state ^= rg_state << 13;
	rg_state ^= rg_state >> 7;
	rg_state ^= rg_state << 17;
	return (uint32_t)(rg_state % n);
}

struct random_game {
	const struct ruleset *rs;
	const void *start;
	size_t max_steps;
	/* called with the state before each step (n: steps so far) */
	void (*each)(void *user, const void *state, size_t n);
	void *user;
	/* optional: called with the state and the question pending before
	 * each step (the one the step answers) */
	void (*asked)(void *user, const void *state,
		      const struct question *q);
};

/* One step a decision; checks that game number `game` ends. Returns 1
 * when it did, with the last run in *run (the caller frees it with
 * engine_free), else 0. */
static inline int random_game_play(const struct random_game *g, int game,
				   struct run *run)
{
	struct engine_step *st = calloc(g->max_steps, sizeof *st);
	struct answer *ans = calloc(g->max_steps, sizeof *ans);
	char (*val)[Q_OPTION_LEN] = calloc(g->max_steps, sizeof *val);
	char (*key)[48] = calloc(g->max_steps, sizeof *key);
	char (*role)[32] = calloc(g->max_steps, sizeof *role);
	size_t n = 0, i;
	int over = 0;

	for (;;) {
		memset(run, 0, sizeof *run);
		engine_run(g->rs, g->start, st, n, run);
		if (run->outcome != RUN_PENDING) {
			over = run->outcome == RUN_OVER;
			if (!over)
				printf("# game %d: %s\n", game, run->err.msg);
			break;
		}
		if (g->each)
			g->each(g->user, run->state, n);
		if (g->asked)
			g->asked(g->user, run->state, &run->pending);
		if (n == g->max_steps)
			break;
		/* the next step answers the pending question */
		snprintf(key[n], sizeof key[n], "%s", run->pending.key);
		snprintf(role[n], sizeof role[n], "%s", run->pending.role);
		snprintf(val[n], sizeof val[n], "%s",
			 run->pending.options[rnd((uint32_t)run->pending.n)]);
		ans[n] = (struct answer){ key[n], val[n], 0 };
		st[n].mode = STEP_PLAY;
		st[n].actor = role[n];
		st[n].answers = &ans[n];
		st[n].n_answers = 1;
		for (i = 0; i < 32; i++)
			st[n].seed[i] = (unsigned char)rnd(256);
		n++;
		engine_free(run);
	}
	if (!over)
		engine_free(run);
	free(st);
	free(ans);
	free(val);
	free(key);
	free(role);
	CHECK(over, "game %d ends (%zu decisions)", game, n);
	return over;
}

/* save, load into a fresh start, save again: the same bytes. */
static inline void random_game_roundtrip(const struct scenario *scn,
					 const void *state,
					 const struct doc_node *opts)
{
	const struct ruleset *rs = scn->rs;
	struct doc *d = doc_new("save");
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	struct error err;
	void *fresh = NULL;
	int ok;

	doc_encode(rs->save(state, d), &a);
	ok = scenario_start(scn, opts, &fresh, &err) == 0 &&
	     rs->load(fresh, d, rs->save(state, d), &err) == 0;
	if (ok)
		doc_encode(rs->save(fresh, d), &b);
	CHECK(ok && a.len == b.len && memcmp(a.buf, b.buf, a.len) == 0,
	      "save/load round trip%s%s", ok ? "" : ": ", ok ? "" : err.msg);
	free(fresh);
	strbuf_free(&a);
	strbuf_free(&b);
	doc_free(d);
}

/* The widest line of the position as `side` sees it (NULL: all). */
static inline int random_game_width(const struct ruleset *rs,
				    const void *state, const char *side)
{
	struct strbuf sb = STRBUF_INIT;
	int w = 0, col = 0;
	size_t i;

	rs->position(state, side, &sb);
	for (i = 0; i < sb.len; i++, col++) {
		if (sb.buf[i] == '\n')
			col = -1;
		else if (col + 1 > w)
			w = col + 1;
	}
	strbuf_free(&sb);
	return w;
}

#endif
