/*
 * test_reichstag_economy.c - Race to the Reichstag's STAVKA points,
 * barrage and exhaustion (economy.c, barrage.c, reinforce.c) in random
 * games: every question answered with a random one of its listed answers
 * (a Maximum Effort, replacements, barrage markers and air
 * reconnaissance among them), on the economy cases' small map from GT 2
 * of 4, and after every step the invariants the
 * rules state: the two players' SP spent never pass 100 (6.2), never
 * fall, and an exhausted front stays exhausted (20.3) and a Maximum
 * Effort is declared once (6.7); every barrage marker on the map stands
 * in its owner's sector (5.2), is the one its counter says (the indices
 * kept after removals, 15.8) and was used this GT (15.3); none stands on
 * GT 1 (7.2). The games must end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/engine.h"
#include "umpire/games.h"
#include "umpire/scenario.h"
#include "../../src/rules/reichstag/state.h"
#include "unit.h"
#include "random_game.h"

enum { GAMES = 16, MAX_STEPS = 300 };

struct watch {
	int sp[PLAYERS], exhausted[PLAYERS], me[PLAYERS];
	int spent, markers, bad;
	char why[160];
};

static void fail(struct watch *w, const char *why)
{
	if (!w->bad)
		snprintf(w->why, sizeof w->why, "%s", why);
	w->bad = 1;
}

static void each_step(void *user, const void *state, size_t n)
{
	struct watch *w = user;
	const struct rttr *st = state;
	int p, i, k;

	(void)n;
	if (st->sp_spent[P1BF] + st->sp_spent[P1UF] > RT_SP_CAP)
		fail(w, "6.2: more than 100 SP spent");
	for (p = 0; p < PLAYERS; p++) {
		if (st->sp_spent[p] < w->sp[p])
			fail(w, "6.1: SP spent fell");
		if (w->exhausted[p] && !st->exhausted[p])
			fail(w, "20.3: an exhausted front recovered");
		if (w->me[p] && !st->max_effort_used[p])
			fail(w, "6.7: a Maximum Effort was undone");
		w->sp[p] = st->sp_spent[p];
		w->exhausted[p] = st->exhausted[p];
		w->me[p] = st->max_effort_used[p];
	}
	if (st->sp_spent[P1BF] + st->sp_spent[P1UF] > 0)
		w->spent = 1;
	for (i = 0; i < st->bz.n; i++) {
		k = st->bz.m[i].kind;
		w->markers = 1;
		if (k >= st->n_mk || st->mk[k].on_map != i)
			fail(w, "15.8: a marker's index is stale");
		else if (!hex_in_region(&st->map, st->bz.m[i].hex,
				       st->rg.sector[st->mk[k].owner]))
			fail(w, "5.2: a marker outside its owner's sector");
		else if (st->mk[k].used_turn != st->turn)
			fail(w, "15.3: a marker on the map not used this GT");
		if (st->turn < 2)
			fail(w, "7.2: a marker on GT 1");
	}
	for (k = 0; k < st->n_mk; k++)
		if (st->mk[k].on_map >= st->bz.n)
			fail(w, "15.8: a marker index past the set");
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 &&
	    fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)n + 1);
		if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		if (buf) {
			buf[n] = 0;
			*len = (size_t)n;
		}
	}
	fclose(f);
	return buf;
}

/* The economy cases' 8 x 8 test map (make-economy-cases.py) with a small
 * war on it: both fronts in contact, two units eliminated (8.2), a
 * reinforcement (7.1), a pool (7.3) and both fronts' markers; GT 2 of 4,
 * so that barrage is allowed from the first phase; 86 SP spent, so that
 * the 6.2 cap is reached. */
static const char TAIL[] =
	"  oob: |\n"
	"    S1 soviet 4-4-6 at 0603 1bf div rifle ; division\n"
	"    S2 soviet 4-4-6 setup setup-1bf-north 1bf div rifle ; div 2\n"
	"    C1 soviet 7-7-6 at 0702 1bf corps mech hm ; corps\n"
	"    R1 soviet 4-4-6 turn 3 enter edge-1bf-north 1bf div rifle ; r\n"
	"    U1 soviet 4-4-6 at 0304 1uf div rifle ; 1UF division\n"
	"    U2 soviet 4-4-6 setup setup-1uf-south 1uf div rifle ; 1UF 2\n"
	"    U3 soviet 7-7-6 at 0207 1uf corps tank hm ; 1UF corps\n"
	"    G1 german 2-2-0 at 0806 mobile rgt inf ; German\n"
	"    G2 german 2-2-0 at 0807 mobile rgt inf ; German 2\n"
	"    G3 german 3-3-0 at 0605 mobile rgt pzgr ; German 3\n"
	"    G4 german 2-2-0 at 0203 mobile rgt inf ; German 4\n"
	"    G5 german 2-2-0 at 0306 mobile rgt inf ; German 5\n"
	"    P1 german 0-1-0 pool fixed bn fixinf paren ; pool 1\n"
	"    P2 german 0-2-0 pool fixed bn fixinf paren ; pool 2\n"
	"    P3 german 2-2-0 pool fixed grp fixinf ; pool 3\n"
	"  markers-oob: |\n"
	"    A1 artillery 1bf off\n"
	"    A2 artillery 1bf off\n"
	"    AIR1 air 1bf off\n"
	"    A9 artillery 1uf off\n"
	"    AIR9 air 1uf off\n"
	"  turn: 2\n"
	"  turns: 4\n"
	"  phase: 1bf-reinforcement\n"
	"  reichstag-blind: 0\n"
	"  units: {S2: eliminated, U2: eliminated}\n"
	"  sp-spent: {1bf: 40, 1uf: 46}\n";

static int load_war(const struct scenario *scn, void *start)
{
	static const char *const CASE =
		"tests/conformance/race-to-the-reichstag/6.6-artillery-one-sp.yaml";
	struct doc *d = doc_new("war");
	struct error err = { 0 };
	struct strbuf sb = STRBUF_INIT;
	const struct doc_node *pos;
	size_t len = 0;
	char *text = read_all(CASE, &len), *cut;
	int rc = -1;

	if (text && (cut = strstr(text, "  oob: |\n"))) {
		*cut = '\0';
		strbuf_adds(&sb, text);
		strbuf_adds(&sb, TAIL);
		if (doc_parse(d, sb.buf, sb.len, &DOC_LIMITS_GAME, &err) == 0 &&
		    (pos = doc_get(d->root, "position")))
			rc = scn->rs->load(start, d, pos, &err);
	}
	CHECK(rc == 0, "the random games' position loads (%s)", err.msg);
	free(text);
	strbuf_free(&sb);
	doc_free(d);
	return rc;
}

int main(void)
{
	struct scenario scn;
	struct error err;
	struct doc *d = doc_new("options");
	struct doc_node *opts;
	void *start = NULL;
	struct run run;
	struct random_game g;
	struct watch w;
	int game, spent = 0, markers = 0, seen[4] = { 0, 0, 0, 0 };

	rg_state = 0x9e3779b97f4a7c15ULL;
	if (scenario_load("scenarios/race-to-the-reichstag.yaml", &scn,
			  &err) ||
	    scenario_options(&scn, d, NULL, 0, &opts, &err) ||
	    scenario_start(&scn, opts, &start, &err)) {
		printf("not ok 1 - %s\n", err.msg);
		return 1;
	}
	if (load_war(&scn, start)) {
		free(start);
		scenario_free(&scn);
		doc_free(d);
		return unit_done("reichstag-economy");
	}
	for (game = 1; game <= GAMES; game++) {
		memset(&w, 0, sizeof w);
		memset(&g, 0, sizeof g);
		g.rs = &ruleset_reichstag;
		g.start = start;
		g.max_steps = MAX_STEPS;
		g.each = each_step;
		g.user = &w;
		if (random_game_play(&g, game, &run)) {
			size_t e;

			for (e = 0; e < run.n_events; e++) {
				const char *t = run.events[e].text;

				seen[0] |= strstr(t, "on a Maximum Effort") != 0;
				seen[1] |= strstr(t, "SP on replacing") != 0;
				seen[2] |= strstr(t, "reconnoitres around") != 0;
				seen[3] |= strstr(t, "Maximum Effort: no "
						  "movement phase") != 0;
			}
			engine_free(&run);
		}
		CHECK(!w.bad, "game %d keeps 6.1, 6.2, 6.7, 7.2, 15.3, 15.8, "
		      "20.3 and 5.2 at every step%s%s", game, w.bad ? ": " :
		      "", w.why);
		spent |= w.spent;
		markers |= w.markers;
	}
	/* the checks are not vacuous */
	CHECK(spent, "some SP were spent in the random games");
	CHECK(markers, "some barrage markers stood on the map");
	CHECK(seen[0] && seen[3], "a Maximum Effort was declared and its "
	      "movement phase was a combat phase");
	CHECK(seen[1], "a unit was replaced (8.2)");
	CHECK(seen[2], "an air marker reconnoitred (17.4)");
	free(start);
	scenario_free(&scn);
	doc_free(d);
	return unit_done("reichstag-economy");
}
