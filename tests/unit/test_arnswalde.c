/*
 * test_arnswalde.c - Arnswalde 1945 played to the end many times with
 * random seeds and random legal answers: every game ends, the state stays
 * consistent (7 Tigers, 3 refugees, 54 cards each in one place), save and
 * load round-trip, and the position fits 76 columns.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/engine.h"
#include "umpire/games.h"
#include "umpire/scenario.h"
#include "../../src/rules/arnswalde/arnswalde.h"
#include "unit.h"

enum { GAMES = 60, MAX_STEPS = 400 };

static uint64_t rnd_state = 0x2545f4914f6cdd1dULL;

static uint32_t rnd(uint32_t n)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return (uint32_t)(rnd_state % n);
}

static int consistent(const struct arn *st)
{
	int seen[CARD_COUNT] = { 0 }, p, t = 0, a, i;
	const struct pile *piles[] = { &st->unseen, &st->deck, &st->discard,
		&st->table, &st->hand, &st->extra };
	size_t j;

	for (p = 0; p < PLACES; p++)
		t += st->tigers[p];
	for (i = 0; i < 6; i++)
		for (j = 0; j < piles[i]->n; j++)
			seen[piles[i]->c[j]]++;
	for (a = NORTH; a <= SOUTH; a++)
		for (j = 0; j < st->soviet[a].n; j++)
			if (st->soviet[a].c[j] != CARD_DOWN)
				seen[st->soviet[a].c[j]]++;
	if (st->offensive != CARD_NONE)
		seen[st->offensive]++;
	for (i = 0; i < CARD_COUNT; i++)
		if (seen[i] > 1 || (!is_heart((card)i) && seen[i] != 1))
			return 0;
	return t == TIGERS && st->refugees[0] + st->refugees[1] == REFUGEES &&
	       st->morale >= 0 && st->morale <= MORALE_MAX;
}

static void roundtrip(const struct scenario *scn, const void *state,
		      const struct doc_node *opts)
{
	struct doc *d = doc_new("save");
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	struct error err;
	void *fresh = NULL;
	int ok;

	doc_encode(arn_save(state, d), &a);
	ok = scenario_start(scn, opts, &fresh, &err) == 0 &&
	     arn_load(fresh, d, arn_save(state, d), &err) == 0;
	if (ok)
		doc_encode(arn_save(fresh, d), &b);
	CHECK(ok && a.len == b.len && memcmp(a.buf, b.buf, a.len) == 0,
	      "save/load round trip%s%s", ok ? "" : ": ", ok ? "" : err.msg);
	free(fresh);
	strbuf_free(&a);
	strbuf_free(&b);
	doc_free(d);
}

static int max_width(const void *state)
{
	struct strbuf sb = STRBUF_INIT;
	int w = 0, col = 0;
	size_t i;

	arn_position(state, NULL, &sb);
	for (i = 0; i < sb.len; i++, col++) {
		if (sb.buf[i] == '\n')
			col = -1;
		else if (col + 1 > w)
			w = col + 1;
	}
	strbuf_free(&sb);
	return w;
}

static void play_one(const struct scenario *scn, const void *start,
		     const struct doc_node *opts, int game)
{
	static struct engine_step steps[MAX_STEPS];
	static struct answer answers[MAX_STEPS];
	static char values[MAX_STEPS][Q_OPTION_LEN];
	static char keys[MAX_STEPS][48];
	struct run run;
	size_t n = 0, i;
	int over = 0, ok = 1;

	memset(steps, 0, sizeof steps);
	for (;;) {
		memset(&run, 0, sizeof run);
		engine_run(&ruleset_arnswalde, start, steps, n, &run);
		if (run.outcome != RUN_PENDING) {
			over = run.outcome == RUN_OVER;
			if (!over)
				printf("# game %d: %s\n", game, run.err.msg);
			break;
		}
		ok = ok && consistent(run.state);
		if (n == MAX_STEPS) {
			engine_free(&run);
			break;
		}
		/* the next step answers the pending question */
		snprintf(keys[n], sizeof keys[n], "%s", run.pending.key);
		snprintf(values[n], sizeof values[n], "%s",
			 run.pending.options[rnd((uint32_t)run.pending.n)]);
		answers[n] = (struct answer){ keys[n], values[n], 0 };
		steps[n].mode = STEP_PLAY;
		steps[n].actor = "player";
		steps[n].answers = &answers[n];
		steps[n].n_answers = 1;
		for (i = 0; i < 32; i++)
			steps[n].seed[i] = (unsigned char)rnd(256);
		n++;
		engine_free(&run);
	}
	CHECK(over, "game %d ends (%zu decisions)", game, n);
	if (over) {
		struct strbuf res = STRBUF_INIT;
		const struct arn *st = run.state;

		CHECK(ok && consistent(st), "game %d stays consistent", game);
		CHECK(arn_result(st, &res) == 1 && st->result != RES_NONE,
		      "game %d result: %s", game, res.buf ? res.buf : "");
		CHECK(max_width(st) <= 76, "game %d position fits 76 columns",
		      game);
		roundtrip(scn, st, opts);
		strbuf_free(&res);
		engine_free(&run);
	}
}

int main(void)
{
	struct scenario scn;
	struct error err;
	struct doc *d = doc_new("options");
	struct doc_node *opts;
	void *start = NULL;
	int g;

	if (scenario_load("scenarios/arnswalde-1945.yaml", &scn, &err) ||
	    scenario_options(&scn, d, NULL, 0, &opts, &err) ||
	    scenario_start(&scn, opts, &start, &err)) {
		printf("not ok 1 - %s\n", err.msg);
		return 1;
	}

	for (g = 1; g <= GAMES; g++)
		play_one(&scn, start, opts, g);
	free(start);
	scenario_free(&scn);
	doc_free(d);
	return unit_done("arnswalde");
}
