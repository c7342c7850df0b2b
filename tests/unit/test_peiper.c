/*
 * test_peiper.c - Kampfgruppe Peiper played to the end many times, with
 * each option, random seeds and random legal answers: every game ends,
 * the state stays consistent (each US counter in one place, points and
 * fuel within their limits), save and load round-trip, and the position
 * fits 76 columns. Also the map: every town but La Gleize and the start
 * has a road east (7.0), and the map lib's directions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/engine.h"
#include "umpire/games.h"
#include "umpire/scenario.h"
#include "../../src/rules/peiper/peiper.h"
#include "unit.h"

enum { GAMES = 40, MAX_STEPS = 400 };

static uint64_t rnd_state = 0x9e3779b97f4a7c15ULL;

static uint32_t rnd(uint32_t n)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return (uint32_t)(rnd_state % n);
}

static int consistent(const struct kgp *st)
{
	int seen[COUNTERS_MAX] = { 0 }, t, i, k, u;

	for (t = 0; t < st->map.n_nodes; t++) {
		if (st->n_us[t] < 0 || st->n_us[t] > SLOTS)
			return 0;
		for (i = 0; i < st->n_us[t]; i++)
			if (st->us[t][i] >= 0)
				seen[st->us[t][i]]++;
	}
	for (i = 0; i < st->map.n_links; i++)
		if (st->bridge[i] >= 0)
			seen[st->bridge[i]]++;
	for (k = 0; k < st->n_counters; k++) {
		seen[k] += cup_has(&st->cup, k) + cup_has(&st->track, k) +
			cup_has(&st->removed, k);
		if (seen[k] != 1) {
			printf("# counter %s seen %d\n", st->counters[k].id, seen[k]);
			return 0;
		}
	}
	for (u = 0; u < UNITS; u++)
		if (st->units[u] < 0 ||
		    st->units[u] > (u < HEAVY ? MAIN_MAX : SUPPORT_MAX))
			return 0;
	return face_down(st) <= cup_count(&st->cup) && st->fuel >= 0 &&
	       st->fuel <= FUEL_MAX && st->turn >= 1 &&
	       st->turn <= st->last_turn;
}

static void roundtrip(const struct scenario *scn, const void *state,
		      const struct doc_node *opts)
{
	struct doc *d = doc_new("save");
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	struct error err;
	void *fresh = NULL;
	int ok;

	doc_encode(kgp_save(state, d), &a);
	ok = scenario_start(scn, opts, &fresh, &err) == 0 &&
	     kgp_load(fresh, d, kgp_save(state, d), &err) == 0;
	if (ok)
		doc_encode(kgp_save(fresh, d), &b);
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

	kgp_position(state, NULL, &sb);
	for (i = 0; i < sb.len; i++, col++) {
		if (sb.buf[i] == '\n')
			col = -1;
		else if (col + 1 > w)
			w = col + 1;
	}
	strbuf_free(&sb);
	return w;
}

static int results[RESULTS];

static void play_one(const struct scenario *scn, const void *start,
		     const struct doc_node *opts, int game)
{
	static struct engine_step steps[MAX_STEPS];
	static struct answer answers[MAX_STEPS];
	static char values[MAX_STEPS][Q_OPTION_LEN];
	static char keys[MAX_STEPS][48];
	struct run run;
	size_t n = 0, i;
	int over = 0, ok = 1, wide = 0;

	memset(steps, 0, sizeof steps);
	for (;;) {
		memset(&run, 0, sizeof run);
		engine_run(&ruleset_peiper, start, steps, n, &run);
		if (run.outcome != RUN_PENDING) {
			over = run.outcome == RUN_OVER;
			if (!over)
				printf("# game %d: %s\n", game, run.err.msg);
			break;
		}
		ok = ok && consistent(run.state);
		wide = wide || max_width(run.state) > 76;
		if (n == MAX_STEPS) {
			engine_free(&run);
			break;
		}
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
		const struct kgp *st = run.state;

		CHECK(ok && consistent(st), "game %d stays consistent", game);
		CHECK(kgp_result(st, &res) == 1 && st->result != RES_NONE,
		      "game %d result: %s", game, res.buf ? res.buf : "");
		results[st->result]++;
		CHECK(!wide && max_width(st) <= 76, "game %d position fits 76 "
		      "columns", game);
		roundtrip(scn, st, opts);
		strbuf_free(&res);
		engine_free(&run);
	}
}

/* 7.0: only La Gleize (and the start) have no road east. */
static void map_checks(const struct kgp *st)
{
	int t, l, east;
	enum graph_dir dir;

	for (t = 0; t < st->map.n_nodes; t++) {
		east = 0;
		for (l = 0; l < st->map.n_links; l++) {
			if (st->map.links[l].a != t && st->map.links[l].b != t)
				continue;
			dir = graph_dir_from(&st->map, l, t);
			east |= dir == DIR_NE || dir == DIR_E || dir == DIR_SE;
		}
		if (strcmp(st->map.nodes[t].id, "la-gleize") == 0 ||
		    t == st->start)
			CHECK(!east, "%s has no road east", st->map.nodes[t].id);
		else if (!east)
			CHECK(0, "%s has a road east", st->map.nodes[t].id);
	}
	CHECK(graph_dir_of(10, 0) == DIR_E && graph_dir_of(-10, -10) ==
	      DIR_NW && graph_dir_of(1, 10) == DIR_S && graph_dir_of(0, 0) ==
	      -1, "graph_dir_of compass sectors");
	CHECK(graph_dir_opposite(DIR_SW) == DIR_NE &&
	      graph_dir_parse("nw") == DIR_NW, "directions parse and turn");
}

int main(void)
{
	static const char *const sets[][3] = {
		{ NULL, NULL, NULL },
		{ "points=12", "draw=on", NULL },
		{ "combat=highest", NULL, NULL },
		{ "points=12", "draw=on", "combat=highest" },
	};
	struct scenario scn;
	struct error err;
	int g, s, r;

	if (scenario_load("scenarios/kampfgruppe-peiper.yaml", &scn, &err)) {
		printf("not ok 1 - %s\n", err.msg);
		return 1;
	}
	for (s = 0; s < 4; s++) {
		struct doc *d = doc_new("options");
		struct doc_node *opts;
		void *start = NULL;
		size_t n = 0;

		while (n < 3 && sets[s][n])
			n++;
		if (scenario_options(&scn, d, (char *const *)sets[s], n,
				     &opts, &err) ||
		    scenario_start(&scn, opts, &start, &err)) {
			printf("not ok - %s\n", err.msg);
			return 1;
		}
		if (s == 0)
			map_checks(start);
		for (g = 1; g <= GAMES / 4; g++)
			play_one(&scn, start, opts, s * 100 + g);
		free(start);
		doc_free(d);
	}
	for (r = 1; r < RESULTS; r++)
		printf("# %s: %d\n", kgp_result_names[r], results[r]);
	scenario_free(&scn);
	return unit_done("peiper");
}
