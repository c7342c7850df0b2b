/*
 * test_arnswalde.c - Arnswalde 1945 played to the end many times with
 * random seeds and random legal answers: every game ends, the state stays
 * consistent (7 Tigers, 3 refugees, 54 cards each in one place), save and
 * load round-trip, and the position fits MAIL_COLUMNS (72) columns.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/engine.h"
#include "umpire/games.h"
#include "umpire/scenario.h"
#include "../../src/rules/arnswalde/arnswalde.h"
#include "unit.h"
#include "random_game.h"

enum { GAMES = 60, MAX_STEPS = 400 };

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

static void each_step(void *user, const void *state, size_t n)
{
	int *ok = user;

	(void)n;
	*ok = *ok && consistent(state);
}

static void play_one(const struct scenario *scn, const void *start,
		     const struct doc_node *opts, int game)
{
	int ok = 1;
	struct random_game g = { &ruleset_arnswalde, start, MAX_STEPS,
				 each_step, &ok, NULL };
	struct strbuf res = STRBUF_INIT;
	struct run run;
	const struct arn *st;

	if (!random_game_play(&g, game, &run))
		return;
	st = run.state;
	CHECK(ok && consistent(st), "game %d stays consistent", game);
	CHECK(arn_result(st, &res) == 1 && st->result != RES_NONE,
	      "game %d result: %s", game, res.buf ? res.buf : "");
	CHECK(random_game_width(&ruleset_arnswalde, st, NULL) <= MAIL_COLUMNS,
	      "game %d position fits MAIL_COLUMNS (72) columns", game);
	random_game_roundtrip(scn, st, opts);
	strbuf_free(&res);
	engine_free(&run);
}

/* The areas are named as the rulebook and the events name them. */
static void position_names(const void *start)
{
	struct strbuf out = STRBUF_INIT;

	arn_position(start, "player", &out);
	CHECK(strstr(out.buf, "Central Square  Tigers") != NULL &&
	      strstr(out.buf, "Field workshop  Tigers") != NULL &&
	      strstr(out.buf, "Center ") == NULL, "the position says "
	      "\"Central Square\" and \"Field workshop\", as the events do");
	strbuf_free(&out);
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

	position_names(start);
	for (g = 1; g <= GAMES; g++)
		play_one(&scn, start, opts, g);
	free(start);
	scenario_free(&scn);
	doc_free(d);
	return unit_done("arnswalde");
}
