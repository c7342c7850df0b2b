/*
 * test_peiper.c - Kampfgruppe Peiper played to the end many times, with
 * each option, random seeds and random legal answers: every game ends,
 * the state stays consistent (each US counter in one place, points and
 * fuel within their limits), save and load round-trip, and the position
 * fits MAIL_COLUMNS (72) columns. Also the map: every town but La Gleize
 * (where 7.0 surrounds the group), the start and the Meuse towns (where
 * the game ends as the group enters: 7.0 never finds it there) has a
 * road east, and the map lib's directions; and the wording of the position (the
 * report a player reads in his mail).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/engine.h"
#include "umpire/games.h"
#include "umpire/scenario.h"
#include "../../src/rules/peiper/peiper.h"
#include "unit.h"
#include "random_game.h"

enum { GAMES = 40, MAX_STEPS = 400 };

static int consistent(const struct kgp *st)
{
	int seen[COUNTERS_MAX] = { 0 }, t, i, k, u;

	for (t = 0; t < st->map.n_nodes; t++) {
		if (st->us[t].n < 0 || st->us[t].n > SLOTS)
			return 0;
		for (i = 0; i < st->us[t].n; i++)
			if (st->us[t].c[i] >= 0)
				seen[st->us[t].c[i]]++;
	}
	for (i = 0; i < st->map.n_links; i++)
		if (st->bridge[i] >= 0)
			seen[st->bridge[i]]++;
	for (k = 0; k < st->n_counters; k++) {
		seen[k] += cup_has(&st->cup, k) + (kgp_track_box(st, k) > 0) +
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
	return kgp_face_down(st) <= cup_count(&st->cup) && st->fuel >= 0 &&
	       st->fuel <= FUEL_MAX && st->turn >= 1 &&
	       st->turn <= st->last_turn;
}

static int results[RESULTS];

struct watch {
	int ok, wide;
};

static void each_step(void *user, const void *state, size_t n)
{
	struct watch *w = user;

	(void)n;
	w->ok = w->ok && consistent(state);
	w->wide = w->wide ||
		  random_game_width(&ruleset_peiper, state, NULL) > MAIL_COLUMNS;
}

static void play_one(const struct scenario *scn, const void *start,
		     const struct doc_node *opts, int game)
{
	struct watch w = { 1, 0 };
	struct random_game g = { &ruleset_peiper, start, MAX_STEPS,
				 each_step, &w, NULL };
	struct strbuf res = STRBUF_INIT;
	struct run run;
	const struct kgp *st;

	if (!random_game_play(&g, game, &run))
		return;
	st = run.state;
	CHECK(w.ok && consistent(st), "game %d stays consistent", game);
	CHECK(kgp_result(st, &res) == 1 && st->result != RES_NONE,
	      "game %d result: %s", game, res.buf ? res.buf : "");
	results[st->result]++;
	CHECK(!w.wide && random_game_width(&ruleset_peiper, st, NULL) <= MAIL_COLUMNS,
	      "game %d position fits MAIL_COLUMNS (72) columns", game);
	random_game_roundtrip(scn, st, opts);
	strbuf_free(&res);
	engine_free(&run);
}

/* A position as TAP comments, for a failed check. */
static void dump(const char *text)
{
	const char *p;

	for (p = text; *p; p = strchr(p, '\n') + 1) {
		printf("# %.*s\n", (int)strcspn(p, "\n"), p);
		if (!strchr(p, '\n'))
			break;
	}
}

/* What the position says, on a state made by hand. */
static void report_checks(const struct kgp *start)
{
	struct kgp st = *start;
	struct strbuf out = STRBUF_INIT;
	char text[96];
	int lig = graph_find(&st.map, "ligneuville"),
	    sta = graph_find(&st.map, "stavelot"),
	    spa = graph_find(&st.map, "spa"), tank = 0, fuel = 0, k;

	for (k = 0; k < st.n_counters; k++)
		if (st.counters[k].type == CT_TANK)
			tank = k;
		else if (st.counters[k].type == CT_FUEL)
			fuel = k;
	st.turn = 3;
	st.phase = PH_MOVE;
	st.at = lig;
	st.toward = sta;
	/* two counters on the map face down, one on the track, one out */
	st.us[spa].c[0] = DOWN;
	st.us[sta].c[0] = DOWN;
	st.us[spa].n = st.us[sta].n = 1;
	cup_remove(&st.cup, tank);
	cup_add(&st.track[4], tank);
	cup_remove(&st.cup, fuel);
	cup_add(&st.removed, fuel);
	kgp_position(&st, "player", &out);
	int failed = unit_fail;
	CHECK(strstr(out.buf, "Group on the road from Ligneuville to "
		     "Stavelot") != NULL, "the group on the road is on the "
	      "road, not at the town it left");
	CHECK(strstr(out.buf, "US counters unseen: 5 in the cup, 2 face "
		     "down") != NULL, "unseen counters: 5 + 2 of the 7 a "
	      "draw picks among");
	CHECK(strstr(out.buf, "(turn track, box 4)") != NULL &&
	      strstr(out.buf, "(out of the game)") != NULL &&
	      strstr(out.buf, "box 4);") != NULL &&
	      strstr(out.buf, "game);") == NULL, "the Elsewhere entries, "
	      "separated by semicolons, none after the last");
	CHECK(strstr(out.buf, "Optional rules") == NULL, "10 points, the "
	      "standard, is not an optional rule");
	if (unit_fail > failed)
		dump(out.buf);
	strbuf_free(&out);
	st.points = 12;
	kgp_position(&st, "player", &out);
	CHECK(strstr(out.buf, "Optional rules: 12 points (3.0).") != NULL,
	      "12 points is");
	strbuf_free(&out);
	kgp_counter_text(&st, tank, text, sizeof text);
	CHECK(strncmp(text, "tank ", 5) == 0, "one tank is a tank: %s", text);
	kgp_counter_text(&st, fuel, text, sizeof text);
	CHECK(strcmp(text, "the fuel/anti-tank counter") == 0, "the "
	      "fuel/anti-tank counter named once: %s", text);
}

/* 7.0: only La Gleize (and the start) have no road east; a Meuse town
 * need not (4.0: entering one ends the game, before 7.0's event: Engis,
 * north of Ouffet, has none). */
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
		if (t == st->surrounded || t == st->start)
			CHECK(!east, "%s has no road east", st->map.nodes[t].id);
		else if (!east && !kgp_is_goal(st, t))
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

	rg_state = 0x9e3779b97f4a7c15ULL;  /* the games played so far */
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
		if (s == 0) {
			map_checks(start);
			report_checks(start);
		}
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
