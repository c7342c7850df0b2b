/*
 * test_hex.c - the hex engine (src/rules/lib/hex*.c, crt.c): numbering,
 * neighbours and distance in both orientations and parities, hexsides,
 * ranges, costs; the placement policy of a standing "auto"
 * (hexplace.h); stacks and zones of control; attack declarations over
 * stacks and several hexes; support and barrage markers; combat results tables by differential, ratio and
 * percentage (Race to the Reichstag's mobile table, 27.1); and Aachen played to the end with random legal answers
 * and random dice: every game ends, save/load round-trips, and render
 * emits through the SVG API.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "umpire/engine.h"
#include "umpire/games.h"
#include "umpire/scenario.h"
#include "umpire/svg.h"
#include "../../src/rules/lib/hex.h"
#include "../../src/rules/lib/crt.h"
#include "../../src/rules/lib/cup.h"
#include "../../src/rules/lib/hexcombat.h"
#include "../../src/rules/lib/hexorders.h"
#include "../../src/rules/lib/hexplace.h"
#include "../../src/rules/lib/hexattack.h"
#include "../../src/rules/lib/hexmarker.h"
#include "../../src/rules/aachen/aachen.h"
#include "../../src/rules/lib/hexsvg.h"
#include "unit.h"
#include "random_game.h"

static void grid(int pointy, int even)
{
	struct hex_map m;
	int h, d, b, ok = 1, sym = 1, dist = 1;

	memset(&m, 0, sizeof m);
	m.cols = 12;
	m.rows = 10;
	m.pointy = pointy;
	m.shifted_even = even;
	for (h = 0; h < HEX_MAX; h++) {
		if (hex_col(h) > m.cols || hex_row(h) > m.rows)
			continue;
		for (d = 0; d < 6; d++) {
			b = hex_neighbour(&m, h, d);
			if (b < 0)
				continue;
			if (hex_neighbour(&m, b, (d + 3) % 6) != h)
				sym = 0;
			if (hex_distance(&m, h, b) != 1)
				dist = 0;
			if (hex_dir(&m, h, b) != d)
				ok = 0;
		}
	}
	CHECK(sym, "%s/%s: the opposite direction leads back",
	      pointy ? "pointy" : "flat", even ? "even" : "odd");
	CHECK(dist, "%s/%s: neighbours are at distance 1",
	      pointy ? "pointy" : "flat", even ? "even" : "odd");
	CHECK(ok, "%s/%s: hex_dir inverts hex_neighbour",
	      pointy ? "pointy" : "flat", even ? "even" : "odd");
	/* and only neighbours have a direction: every pair of the map, and
	 * a hex off it */
	ok = 1;
	for (h = 0; h < HEX_MAX; h++) {
		if (hex_col(h) > m.cols || hex_row(h) > m.rows)
			continue;
		for (b = 0; b < HEX_MAX; b++) {
			d = hex_dir(&m, h, b);
			if (d >= 0 ? hex_neighbour(&m, h, d) != b :
			    hex_col(b) <= m.cols && hex_row(b) <= m.rows &&
			    hex_distance(&m, h, b) == 1)
				ok = 0;
		}
	}
	CHECK(ok && hex_dir(&m, hex_index(&m, 12, 5), 12 * HEX_MAX_ROWS + 4)
	      < 0, "%s/%s: hex_dir of any two hexes: a direction exactly for "
	      "neighbours on the map", pointy ? "pointy" : "flat",
	      even ? "even" : "odd");
	/* hex_around2 is hex_within_region's radius 2 without h, holes in
	 * the map (terrain 255) and its edges included */
	ok = 1;
	for (h = 0; h < HEX_MAX; h += 7)
		m.terr[h] = 255;
	for (h = 0; h < HEX_MAX; h++) {
		int16_t a2[18], wr[32];
		int na, nw, k, j, found;

		if (hex_col(h) > m.cols || hex_row(h) > m.rows ||
		    m.terr[h] == 255)
			continue;
		na = hex_around2(&m, h, a2);
		nw = hex_within_region(&m, h, 2, -1, wr, 32);
		for (k = 0, found = 0; k < nw; k++) {
			if (wr[k] == h)
				continue;
			for (j = 0; j < na && a2[j] != wr[k]; j++)
				;
			found += j < na;
		}
		if (found != na || na != nw - 1)
			ok = 0;
	}
	CHECK(ok, "%s/%s: hex_around2 is hex_within_region 2 without h",
	      pointy ? "pointy" : "flat", even ? "even" : "odd");
	memset(m.terr, 0, sizeof m.terr);
}

static void basics(void)
{
	struct hex_map m;
	int16_t out[40];
	char b[16], x[8];
	int a, c, cost;

	memset(&m, 0, sizeof m);
	m.cols = 30;
	m.rows = 34;
	m.shifted_even = 1;
	a = hex_parse(&m, "0202");
	c = hex_parse(&m, "0302");
	CHECK_STR(hex_id(a, x), "0202", "CCRR round trip");
	CHECK(hex_parse(&m, "3101") == HEX_NONE, "off-map hex refused");
	CHECK(hex_parse(&m, "02a2") == HEX_NONE, "bad hex refused");
	/* flat, even columns lower: 0202's NE neighbour is 0302 */
	CHECK(hex_neighbour(&m, a, 1) == c, "0202 NE is 0302");
	CHECK(hex_neighbour(&m, hex_parse(&m, "0302"), 5) ==
	      hex_parse(&m, "0201"), "0302 NW is 0201");
	CHECK(hex_distance(&m, hex_parse(&m, "0101"), hex_parse(&m, "0501"))
	      == 4, "distance along a row");
	CHECK(hex_distance(&m, hex_parse(&m, "0101"), hex_parse(&m, "0105"))
	      == 4, "distance along a column");
	CHECK(hex_range(&m, "0102-0109", out, 40) == 8, "column range");
	CHECK(hex_range(&m, "0102-0502", out, 40) == 5, "row range");
	CHECK(hex_range(&m, "0102-0209", out, 40) < 0, "skew range refused");
	hex_side_set(&m, a, 1, HS_RIVER, 1);
	CHECK(hex_side_has(&m, c, 4, HS_RIVER), "a hexside is seen from "
	      "both hexes");
	CHECK_STR(hex_side_id(&m, c, 4, b), "0202-0302", "hexside id");
	/* a hexside as a set's item (statedecl.h SD_SET): one item
	 * whichever hex it is named from, its name read back, and found
	 * by the scan that skips the hexes without one */
	CHECK(hex_side_item(&m, "0202-0302") == 3 * a + 1 &&
	      hex_side_item(&m, "0302-0202") == 3 * a + 1, "a hexside is one "
	      "item, named from either hex");
	CHECK_STR(hex_side_item_name(&m, 3 * a + 1, b), "0202-0302",
		  "a hexside item's name");
	CHECK(hex_side_item_has(&m, 3 * a + 1, HS_RIVER) &&
	      hex_side_item_next(&m, 0, HS_RIVER) == 3 * a + 1 &&
	      hex_side_item_next(&m, 3 * a + 2, HS_RIVER) < 0,
	      "the next hexside of a kind");
	/* the scan that passes two hexes at a time: items in neighbouring
	 * hexes, in each of a hex's three, at the map's last hex, found
	 * one by one as a test of every item finds them */
	{
		static const char *const on[] = { "0101", "0102", "0103",
			"0105", "0108", "0109", "3009", "3010" };
		int end = hex_end(&m), seen = 0, want = 0, i, k;

		for (k = 0; k < 8; k++)
			hex_side_set(&m, hex_parse(&m, on[k]), k % 3,
				     HS_ROAD, 1);
		for (i = 0, k = hex_side_item_next(&m, 0, HS_ROAD);
		     i < 3 * end; i++) {
			if (!hex_side_item_has(&m, i, HS_ROAD))
				continue;
			want++;
			seen += k == i;
			if (k == i)
				k = hex_side_item_next(&m, i + 1, HS_ROAD);
		}
		CHECK(want >= 8 && seen == want && k < 0, "the scan finds each "
		      "hexside of a kind in turn (%d of %d)", seen, want);
	}
	CHECK(hex_side_item(&m, "0202-0404") < 0, "hexes not adjacent: no "
	      "hexside");
	/* the head of an order of battle's line (Aachen's and Race to the
	 * Reichstag's scenarios) */
	{
		static const char *const sides[] = { "soviet", "german" };
		struct hunit u;
		const char *list;
		char line[128], msg[128], *w[16];
		int k;

		snprintf(line, sizeof line, "A1 german 4-4-6 at 0202 x ; A One");
		CHECK(unit_line_head(&m, line, w, 16, &k, &u, sides, 2, &list,
				     msg, sizeof msg) == 5 && !list &&
		      u.where == U_MAP && u.hex == a && u.side == 1 &&
		      u.att == 4 && u.mov == 6 && k == 6 &&
		      !strcmp(u.name, "A One") && !strcmp(u.id, "A1"),
		      "at HEX: on the map, the words after it left");
		snprintf(line, sizeof line, "B2 soviet 1-2-3 turn 4 enter "
			 "0101-0105 tank");
		CHECK(unit_line_head(&m, line, w, 16, &k, &u, sides, 2, &list,
				     msg, sizeof msg) == 7 && list &&
		      !strcmp(list, "0101-0105") && u.arrive == 4 &&
		      u.where == U_WAITING && !u.name[0],
		      "turn N enter LIST: waiting, the list for the game");
		snprintf(line, sizeof line, "C3 german 1-1-1 event enter x");
		CHECK(unit_line_head(&m, line, w, 16, &k, &u, sides, 2, &list,
				     msg, sizeof msg) == 6 && u.arrive == -1,
		      "event enter LIST");
		snprintf(line, sizeof line, "D4 german 1-1-1 pool fixed");
		CHECK(unit_line_head(&m, line, w, 16, &k, &u, sides, 2, &list,
				     msg, sizeof msg) == 3 && !list,
		      "a place of the game's own: left at the fourth word");
		snprintf(line, sizeof line, "E5 french 1-1-1 at 0202");
		CHECK(unit_line_head(&m, line, w, 16, &k, &u, sides, 2, &list,
				     msg, sizeof msg) < 0 &&
		      !strcmp(msg, "side is soviet or german"), "a bad side");
		snprintf(line, sizeof line, "   ; only a name");
		CHECK(unit_line_head(&m, line, w, 16, &k, NULL, sides, 2,
				     &list, msg, sizeof msg) == 0,
		      "a line of no words is read when the order of battle "
		      "is full");
		snprintf(line, sizeof line, "F6 german 1-1-1 at 0202");
		CHECK(unit_line_head(&m, line, w, 16, &k, NULL, sides, 2,
				     &list, msg, sizeof msg) < 0 &&
		      !strcmp(msg, "too many units"), "a unit more is not");
	}
	CHECK(hex_cost_parse("1/2", &cost) == 0 && cost == 1, "1/2 MP");
	CHECK(hex_cost_parse("all", &cost) == 0 && cost == COST_ALL, "all");
	CHECK(hex_cost_parse("x", &cost) < 0, "bad cost refused");
}

/* ---- stacks and zones of control ---- */

/* Unit 0 exerts no zone of control (a zero-strength unit, RttR 12.13
 * keeps it, or a unit in the Reichstag hex, 5.6); unit 1 does. */
static int zoc_but_unit0(const void *user, int u, int h)
{
	(void)user;
	(void)h;
	return u != 0;
}

/* A 6 x 6 flat map, even columns lower, all of one terrain costing 1 MP;
 * occ (if not NULL) emptied. */
static void small_map(struct hex_map *m, int16_t *occ)
{
	int h;

	memset(m, 0, sizeof *m);
	m->cols = 6;
	m->rows = 6;
	m->shifted_even = 1;
	m->n_terrain = 1;
	m->terrain[0].cost = HALF;
	m->terrain[0].defence_pct = 100;
	for (h = 0; h < HEX_MAX; h++) {
		if (occ)
			occ[h] = -1;
		m->terr[h] = hex_col(h) >= 1 && hex_col(h) <= 6 &&
			     hex_row(h) >= 1 && hex_row(h) <= 6 ? 0 : 255;
	}
}

/* Rules over map m, units u[0..n-1] and occupants occ, no hooks. */
static void rules_for(struct hex_rules *r, const struct hex_map *m,
		      const struct hunit *u, int n, const int16_t *occ)
{
	memset(r, 0, sizeof *r);
	r->map = m;
	r->units = u;
	r->n_units = n;
	r->occupant = occ;
}

static void stacks(void)
{
	static struct hex_map m;
	struct hunit u[3];
	int16_t occ[HEX_MAX], next[3];
	struct hex_rules r;
	int h, a, b, c, cost;

	small_map(&m, occ);
	memset(u, 0, sizeof u);
	a = hex_parse(&m, "0303");
	b = hex_parse(&m, "0403");
	c = hex_parse(&m, "0503");
	/* a German stack in 0303: unit 0 on top, unit 1 under it */
	u[0].side = u[1].side = 1;
	u[0].where = u[1].where = u[2].where = U_MAP;
	u[0].hex = u[1].hex = (int16_t)a;
	u[2].side = 0;
	u[2].hex = (int16_t)c;
	occ[a] = 0;
	occ[c] = 2;
	next[0] = 1;
	next[1] = -1;
	next[2] = -1;
	rules_for(&r, &m, u, 3, occ);
	r.exerts_zoc = zoc_but_unit0;
	CHECK(!hex_in_enemy_zoc(&r, 0, b), "one unit a hex: only the top "
	      "unit is seen, and it exerts no ZOC");
	r.next = next;
	CHECK(hex_in_enemy_zoc(&r, 0, b), "a stack: the unit under the top "
	      "one puts 0403 in a zone of control");
	CHECK(hex_in_enemy_zoc(&r, 0, hex_parse(&m, "0302")) &&
	      !hex_in_enemy_zoc(&r, 1, hex_parse(&m, "0302")),
	      "no zone of control of a side's own stack");
	CHECK(hex_step_block(&r, 2, 0, c, b, 4 * HALF, 1, &cost) == NULL &&
	      cost == HALF, "entering the stack's zone of control is allowed");
	CHECK(hex_step_block(&r, 2, 0, b, a, 4 * HALF, 0, &cost) != NULL,
	      "a hex held by an enemy stack is refused");
	{
		uint8_t zoc[HEX_MAX];
		int side, same = 1, count = 0;

		for (side = 0; side < 2; side++) {
			hex_zoc_map(&r, side, zoc);
			for (h = 0; h < HEX_MAX; h++) {
				same &= zoc[h] == hex_in_enemy_zoc(&r, side, h);
				count += zoc[h];
			}
		}
		/* side 0: the six hexes round 0303 (unit 1); side 1: the
		 * six round 0503 (unit 2) */
		CHECK(same && count == 6 + 6, "hex_zoc_map agrees with "
		      "hex_in_enemy_zoc at every hex, both sides (%d hexes)",
		      count);
	}
}

/* ---- combat results tables ---- */

static int crt_from(struct crt *t, const char *yaml, struct error *err)
{
	struct doc *d = doc_new("crt.yaml");
	int rc = doc_parse(d, yaml, strlen(yaml), &DOC_LIMITS_SMALL, err);

	if (rc == 0)
		rc = crt_load(t, d, d->root, err);
	doc_free(d);
	return rc;
}

/* Race to the Reichstag 27.1, the mobile combat results table: attack as
 * a percentage of defence, one row per die face (transposed from the
 * printed table, whose rows are the percentage columns). */
static const char *const RTTR_MOBILE =
	"index: percent\n"
	"die: 6\n"
	"columns: ['0', '50', '100', '200', '300', '400', '500', '600']\n"
	"rows:\n"
	"  '1': AP AP AP AR MD MD MD MD\n"
	"  '2': AP AP AR MD MD DR DR DP\n"
	"  '3': AP AR MD MD DR DR DP DP\n"
	"  '4': AR MD DR DR DR DP DP DP\n"
	"  '5': AR DR DR DR DP DP DP OR\n"
	"  '6': AR DR DP DP DP DP OR OR\n"
	"results:\n"
	"  AP: {attacker: eliminated}\n"
	"  AR: {attacker: retreat 1}\n"
	"  MD: {attacker: step 1, defender: retreat 1}\n"
	"  DR: {defender: retreat 1}\n"
	"  DP: {defender: retreat 2}\n"
	"  OR: {defender: eliminated}\n";

static void crt_tables(void)
{
	struct crt t;
	struct error err = { 0 };
	const struct crt_result *r;

	CHECK(crt_from(&t, RTTR_MOBILE, &err) == 0, "the RttR mobile table "
	      "loads (%s)", err.msg);
	/* 12.2: attack / defence x 100, the column at or below it */
	CHECK(crt_column(&t, 4, 10) == 0, "40%% is the <=49%% column");
	CHECK(crt_column(&t, 5, 10) == 1, "50%% is the 50-99%% column");
	CHECK(crt_column(&t, 99, 100) == 1, "99%% stays in 50-99%%");
	CHECK(crt_column(&t, 19, 10) == 2, "190%% is the 100-199%% column");
	CHECK(crt_column(&t, 3, 1) == 4, "300%% is the 300-399%% column");
	CHECK(crt_column(&t, 60, 10) == 7, "600%% is the >=600%% column");
	CHECK(crt_column(&t, 1000, 1) == 7, "beyond the last column: the last");
	r = crt_lookup(&t, crt_column(&t, 12, 5), 6);
	CHECK(r && !strcmp(r->code, "DP") && r->def == FX_RETREAT &&
	      r->def_n == 2, "240%%, die 6: DP, the defender retreats 2");
	r = crt_lookup(&t, crt_column(&t, 1, 10), 1);
	CHECK(r && !strcmp(r->code, "AP") && r->att == FX_ELIMINATED,
	      "10%%, die 1: AP");
	CHECK(crt_lookup(&t, 0, 7) == NULL, "no row 7 on a d6");
	CHECK(crt_shift(&t, 6, 3) == 7 && crt_shift(&t, 1, -4) == 0,
	      "column shifts stop at either end");

	CHECK(crt_from(&t, "index: ratio\ndie: 6\n"
		       "columns: ['1:2', '1:1', '2:1', '3:1']\n"
		       "rows: {'1': A A B B, '2': A A B B, '3': A B B B,\n"
		       "  '4': A B B B, '5': A B B B, '6': A B B B}\n"
		       "results: {A: {attacker: eliminated},\n"
		       "  B: {defender: eliminated}}\n", &err) == 0,
	      "a ratio table loads (%s)", err.msg);
	CHECK(crt_column(&t, 5, 2) == 2, "5 to 2 rounds down to 2:1");
	CHECK(crt_column(&t, 2, 5) == 0, "below 1:2 clamps to 1:2");
	CHECK(crt_column(&t, 9, 3) == 3, "9 to 3 is 3:1");
	CHECK(crt_column(&t, 1, 1) == 1, "even odds are 1:1");

	CHECK(crt_from(&t, "index: percent\ndie: 6\ncolumns: ['100', '50']\n"
		       "rows: {}\nresults: {}\n", &err) < 0 &&
	      strstr(err.msg, "columns must rise"), "falling columns "
	      "refused (%s)", err.msg);
	CHECK(crt_from(&t, "index: odds\ndie: 6\ncolumns: ['1']\n"
		       "rows: {}\nresults: {}\n", &err) < 0 &&
	      strstr(err.msg, "differential, ratio or percent"),
	      "an unknown index refused (%s)", err.msg);
	CHECK(crt_from(&t, "index: ratio\ndie: 6\ncolumns: ['3']\n"
		       "rows: {}\nresults: {}\n", &err) < 0 &&
	      strstr(err.msg, "A:B (ratio)"), "a ratio column without "
	      "a colon refused (%s)", err.msg);
}

/* ---- Aachen played out ---- */

struct game {
	struct answer *a;
	size_t n, cap;
	char (*val)[Q_OPTION_LEN];
	const char **forced;
	size_t n_forced;
};

/* free-text questions seen: a move along a path, an attack with units */
static int seen_path, seen_attack;

static void add(struct game *g, const struct question *q)
{
	/* prefer moving and attacking over "done" most of the time */
	size_t k = q->n > 1 && rnd(4) ? 1 + rnd((uint32_t)q->n - 1) :
		rnd((uint32_t)q->n);

	if (g->n == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 256;
		g->a = realloc(g->a, g->cap * sizeof *g->a);
		g->val = realloc(g->val, g->cap * sizeof *g->val);
	}
	if (q->free_text && !strcmp(q->key, "move") &&
	    strchr(q->options[k], ' '))
		seen_path = 1;
	if (q->free_text && !strcmp(q->key, "attack") &&
	    strchr(q->options[k], ' '))
		seen_attack = 1;
	snprintf(g->val[g->n], Q_OPTION_LEN, "%s", q->options[k]);
	g->a[g->n].key = q->key;
	g->a[g->n].value = NULL;
	g->a[g->n].line = 0;
	g->n++;
}

static int play_random(const struct scenario *scn, const void *start,
		       int *ok_roundtrip, int *ok_render)
{
	static const char *faces[] = { "1", "2", "3", "4", "5", "6" };
	struct game g = { 0 };
	struct run run;
	struct engine_step step;
	const char **forced = calloc(20000, sizeof *forced);
	size_t i, n_forced = 0;
	int rounds, over = 0;
	char keys[8192][48];

	for (i = 0; i < 20000; i++)
		forced[i] = faces[rnd(6)];
	for (rounds = 0; rounds < 8000 && !over; rounds++) {
		for (i = 0; i < g.n; i++) {
			g.a[i].value = g.val[i];
			g.a[i].key = keys[i];
		}
		memset(&step, 0, sizeof step);
		step.mode = STEP_FORCED;
		step.src = "random";
		step.answers = g.a;
		step.n_answers = g.n;
		step.forced = forced;
		step.n_forced = 20000;
		memset(&run, 0, sizeof run);
		engine_run(scn->rs, start, &step, 1, &run);
		if (run.outcome == RUN_OVER) {
			over = 1;
		} else if (run.outcome == RUN_PENDING && g.n < 8192) {
			snprintf(keys[g.n], 48, "%s", run.pending.key);
			add(&g, &run.pending);
		} else {
			engine_free(&run);
			break;
		}
		if (over) {
			struct doc *d = doc_new("state");
			struct doc_node *saved = scn->rs->save(run.state, d);
			void *copy = malloc(scn->rs->state_size);
			struct doc *d2 = doc_new("again");
			struct error err;
			struct svg svg = SVG_INIT;
			struct strbuf sb = STRBUF_INIT;
			struct strbuf e1 = STRBUF_INIT, e2 = STRBUF_INIT;

			memcpy(copy, start, scn->rs->state_size);
			*ok_roundtrip = scn->rs->load(copy, d, saved, &err) == 0;
			doc_emit(saved, &e1, &err);
			doc_emit(scn->rs->save(copy, d2), &e2, &err);
			*ok_roundtrip = *ok_roundtrip && !strcmp(e1.buf, e2.buf);
			if (!*ok_roundtrip)
				fprintf(stderr, "%s\n---\n%s\n", e1.buf, e2.buf);
			scn->rs->render(run.state, NULL, run.marks,
					run.n_marks, &svg);
			svg_finish(&svg, &sb);
			*ok_render = sb.len > 1000 &&
				strstr(sb.buf, "PROVISIONAL") != NULL &&
				strstr(sb.buf, "<polygon") != NULL;
			strbuf_free(&sb);
			strbuf_free(&e1);
			strbuf_free(&e2);
			doc_free(d);
			doc_free(d2);
			free(copy);
		}
		engine_free(&run);
	}
	(void)n_forced;
	free(g.a);
	free(g.val);
	free(forced);
	return over;
}

/* ---- hex_path (moves by destination) and the board's unit types ---- */

static void paths(void)
{
	static struct hex_map m;
	struct hunit u[2];
	int16_t occ[HEX_MAX], path[16];
	struct hex_rules r;
	int h, n, left;
	char x[8];
	struct strbuf sb = STRBUF_INIT;

	memset(&m, 0, sizeof m);
	m.cols = 6;
	m.rows = 6;
	m.shifted_even = 1;
	m.n_terrain = 2;
	m.terrain[0].cost = HALF;       /* clear: 1 MP */
	m.terrain[1].cost = 3 * HALF;   /* woods: 3 MP */
	memset(u, 0, sizeof u);
	for (h = 0; h < HEX_MAX; h++) {
		occ[h] = -1;
		m.terr[h] = hex_col(h) >= 1 && hex_col(h) <= 6 &&
			    hex_row(h) >= 1 && hex_row(h) <= 6 ? 0 : 255;
	}
	/* woods on the straight line 0101-0501 at 0301 */
	m.terr[hex_parse(&m, "0301")] = 1;
	u[0].where = U_MAP;
	u[0].hex = (int16_t)hex_parse(&m, "0101");
	u[0].mov = 6;
	occ[u[0].hex] = 0;
	u[1].side = 1;
	u[1].where = U_MAP;
	u[1].hex = (int16_t)hex_parse(&m, "0606");
	occ[u[1].hex] = 1;
	rules_for(&r, &m, u, 2, occ);
	n = hex_path(&r, 0, u[0].hex, 6 * HALF, 1, hex_parse(&m, "0501"),
		     path, 16, &left);
	for (h = 0; h < n; h++)
		strbuf_addf(&sb, "%s%s", h ? " " : "", hex_id(path[h], x));
	/* around the woods: 0202 0302 0402 (each 1 MP) then 0501: 4 MP,
	 * against 0201 0301 0401 0501 through the woods: 6 MP */
	CHECK(n == 4 && left == 2 * HALF, "the cheapest path goes round the "
	      "woods: %s, %d half MP left", sb.buf ? sb.buf : "", left);
	CHECK(hex_path(&r, 0, u[0].hex, 6 * HALF, 1, hex_parse(&m, "0501"),
		       path, 3, NULL) == -1, "a path longer than the room "
	      "given is refused");
	CHECK(hex_path(&r, 0, u[0].hex, 2 * HALF, 1, hex_parse(&m, "0501"),
		       path, 16, NULL) == -1, "out of reach: -1");
	CHECK(hex_path(&r, 0, u[0].hex, 6 * HALF, 1, u[1].hex, path, 16,
		       NULL) == -1, "an enemy-held hex is never a destination");
	strbuf_free(&sb);
	CHECK(nato_type_of("SS panzergrenadier", 0, 1) == NATO_MECHANISED &&
	      nato_type_of("panzer", 0, 1) == NATO_ARMOUR &&
	      nato_type_of("reconnaissance", 0, 1) == NATO_RECON &&
	      nato_type_of("infantry", 1, 0) == NATO_ENGINEER &&
	      nato_type_of("3rd Armored Division", 0, 1) == NATO_ARMOUR &&
	      nato_type_of("30th Infantry Division", 0, 0) == NATO_INFANTRY,
	      "unit types from the name and tags");
}

/* hex_trace: sources on column 01, a wall of blocked hexes down column
 * 03 but for 0306; distances counted from the source. */
struct trace_fixture {
	const struct hex_map *m;
	int blocked[HEX_MAX];
};

static int trace_source(const void *user, int h)
{
	(void)user;
	return hex_col(h) == 1;
}

static int trace_pass(const void *user, int h)
{
	const struct trace_fixture *f = user;

	return !f->blocked[h];
}

static void traces(void)
{
	static struct hex_map m;
	static struct trace_fixture f;
	int16_t dist[HEX_MAX];
	int h;

	small_map(&m, NULL);
	memset(&f, 0, sizeof f);
	f.m = &m;
	for (h = 1; h <= 5; h++) {
		char id[8];

		snprintf(id, sizeof id, "03%02d", h);
		f.blocked[hex_parse(&m, id)] = 1;
	}
	hex_trace(&m, trace_source, trace_pass, &f, 9999, dist);
	CHECK(dist[hex_parse(&m, "0101")] == 0 &&
	      dist[hex_parse(&m, "0203")] == 1 &&
	      dist[hex_parse(&m, "0303")] == -1,
	      "a source is 0 away, its neighbour 1, a blocked hex unreached");
	/* round the wall: 0206 (1) 0306 (2) 0405 or 0406 (3) */
	CHECK(dist[hex_parse(&m, "0306")] == 2 &&
	      dist[hex_parse(&m, "0406")] == 3 &&
	      dist[hex_parse(&m, "0401")] > 3,
	      "the line goes round the wall through the gap: 0306 %d, 0406 "
	      "%d, 0401 %d", dist[hex_parse(&m, "0306")],
	      dist[hex_parse(&m, "0406")], dist[hex_parse(&m, "0401")]);
	CHECK(hex_traced(&m, dist, hex_parse(&m, "0303"), 0, 9999) &&
	      hex_traced(&m, dist, hex_parse(&m, "0101"), 1, 0),
	      "a unit in a blocked hex traces from it (its own hex is not "
	      "asked); a unit on a source is in supply at any range");
	hex_trace(&m, trace_source, trace_pass, &f, 3, dist);
	CHECK(dist[hex_parse(&m, "0306")] == 2 &&
	      dist[hex_parse(&m, "0406")] == -1 &&
	      hex_traced(&m, dist, hex_parse(&m, "0406"), 0, 3) &&
	      !hex_traced(&m, dist, hex_parse(&m, "0506"), 0, 3),
	      "with a range of 3: 0406 is 3 hexes from the source and "
	      "traces, 0506 is 4 and does not");
	f.blocked[hex_parse(&m, "0306")] = 1;
	hex_trace(&m, trace_source, trace_pass, &f, 9999, dist);
	CHECK(dist[hex_parse(&m, "0406")] == -1 &&
	      !hex_traced(&m, dist, hex_parse(&m, "0606"), 0, 9999),
	      "the wall closed: nothing east of it traces");
}

/* ---- limits, regions, lakes, cups (the library for two games) ---- */

static const char *const MAP_HEAD =
	"provenance: complete\n"
	"orientation: flat\n"
	"shifted: even\n"
	"default: clear\n"
	"terrain: {clear: {cost: 1}}\n"
	"fortification: {shift: -1}\n"
	"zoc: {to-zoc: \"no\"}\n"
	"hexes: |\n  0101 clear\n";

static int map_from(struct hex_map *m, const char *size, const char *sides,
		    const char *rest, struct error *err)
{
	struct strbuf y = STRBUF_INIT;
	struct doc *d = doc_new("map.yaml");
	int rc;

	strbuf_adds(&y, MAP_HEAD);
	strbuf_adds(&y, size);
	strbuf_adds(&y, sides);
	strbuf_adds(&y, rest);
	memset(m, 0, sizeof *m);
	rc = doc_parse(d, y.buf, y.len, &DOC_LIMITS_SMALL, err);
	if (rc == 0)
		rc = hex_map_load(m, d, d->root, err);
	doc_free(d);
	strbuf_free(&y);
	return rc;
}

static const char *const SIDES7 =
	"hexsides: {river: {cost: all, zoc: \"no\"}, stream: {cost: 1}, "
	"bridge: {cost: 0}, demolished: {cost: 0}, road: {cost: 1/2}, "
	"railway: {cost: 1}, boundary: {cost: 0}";

static void regions(void)
{
	static struct hex_map m;
	struct strbuf many = STRBUF_INIT, sides = STRBUF_INIT;
	struct error err = { 0 };  /* its message printed on success too */
	int16_t out[64];
	int r, n, i;

	strbuf_addf(&sides, "%s}\n", SIDES7);
	CHECK(map_from(&m, "columns: 60\nrows: 60\n", sides.buf,
		       "sides: \"\"\n", &err) == 0 && m.cols == 60 &&
	      hex_parse(&m, "6060") >= 0,
	      "a map of 60 x 60 hexes loads (%s)", err.msg);
	CHECK(map_from(&m, "columns: 61\nrows: 10\n", sides.buf,
		       "sides: \"\"\n", &err) < 0 &&
	      strstr(err.msg, "columns") && strstr(err.msg, "60"),
	      "61 columns are refused, naming the field and the limit: %s",
	      err.msg);
	CHECK(map_from(&m, "columns: 6\nrows: 6\n", sides.buf,
		       "sides: \"\"\nregions: {sector-a: \"0101-0106,0201-"
		       "0206\", objective: \"0303\", edge: \"0101-0601\"}\n",
		       &err) == 0, "a map with regions loads (%s)", err.msg);
	r = hex_region(&m, "sector-a");
	CHECK(r == 0 && hex_region(&m, "objective") == 1 &&
	      hex_region(&m, "nowhere") == -1,
	      "regions are found by name; an unknown name is -1");
	n = hex_region_hexes(&m, r, out, 64);
	CHECK(n == 12 && out[0] == hex_parse(&m, "0101") &&
	      hex_in_region(&m, hex_parse(&m, "0206"), r) &&
	      !hex_in_region(&m, hex_parse(&m, "0306"), r) &&
	      hex_in_region(&m, hex_parse(&m, "0101"), 2) &&
	      hex_in_region(&m, hex_parse(&m, "0601"), 2) &&
	      !hex_in_region(&m, hex_parse(&m, "0101"), -1),
	      "membership: two columns (12 hexes), a row, no region -1");
	/* radius 2 round 0303: 19 hexes on the map; in sector-a only those
	 * of columns 01 and 02 within 2 */
	n = hex_within_region(&m, hex_parse(&m, "0303"), 2, -1, out, 64);
	CHECK(n == 19, "19 hexes within 2 of 0303 (%d)", n);
	n = hex_within_region(&m, hex_parse(&m, "0303"), 2, r, out, 64);
	for (i = 0; i < n && n > 0; i++)
		if (hex_col(out[i]) > 2 ||
		    hex_distance(&m, out[i], hex_parse(&m, "0303")) > 2)
			n = -1;
	CHECK(n == 7, "within 2 of 0303 and in sector-a: column 01 (0302-"
	      "0304) and column 02 (0202-0205): %d hexes", n);
	CHECK(map_from(&m, "columns: 6\nrows: 6\n", sides.buf,
		       "sides: \"\"\nregions: {a: \"0101\", a: \"0102\"}\n",
		       &err) < 0, "a region named twice is refused (%s)",
	      err.msg);
	CHECK(map_from(&m, "columns: 6\nrows: 6\n", sides.buf,
		       "sides: \"\"\nregions: {a: \"0101-0709\"}\n", &err) < 0 &&
	      strstr(err.msg, "regions: hexes of the map"),
	      "a region off the map is refused: %s", err.msg);
	strbuf_adds(&many, "sides: \"\"\nregions: {");
	for (i = 0; i < HEX_REGIONS_MAX + 1; i++)
		strbuf_addf(&many, "%sr%d: \"0101\"", i ? ", " : "", i);
	strbuf_adds(&many, "}\n");
	CHECK(map_from(&m, "columns: 6\nrows: 6\n", sides.buf, many.buf,
		       &err) < 0 && strstr(err.msg, "at most 32"),
	      "33 regions are refused: %s", err.msg);
	/* a lake: water (no ZOC across when the table says so), only with
	 * its effects given */
	CHECK(map_from(&m, "columns: 6\nrows: 6\n", sides.buf,
		       "sides: |\n  0303 0304 lake\n", &err) < 0 &&
	      strstr(err.msg, "lake needs its effects"),
	      "a lake hexside without lake effects is refused: %s", err.msg);
	strbuf_reset(&sides);
	strbuf_addf(&sides, "%s, lake: {cost: all, zoc: \"no\"}}\n", SIDES7);
	CHECK(map_from(&m, "columns: 6\nrows: 6\n", sides.buf,
		       "sides: |\n  0303 0304 lake\n", &err) == 0 &&
	      m.has_lake && hex_side_has(&m, hex_parse(&m, "0304"),
					 hex_dir(&m, hex_parse(&m, "0304"),
						 hex_parse(&m, "0303")),
					 HS_LAKE),
	      "a lake hexside loads, seen from both hexes (%s)", err.msg);
	{
		struct hex_rules rr;
		struct hunit u[1];
		int16_t occ[HEX_MAX];

		memset(u, 0, sizeof u);
		for (i = 0; i < HEX_MAX; i++)
			occ[i] = -1;
		u[0].side = 1;
		u[0].where = U_MAP;
		u[0].hex = (int16_t)hex_parse(&m, "0303");
		occ[u[0].hex] = 0;
		rules_for(&rr, &m, u, 1, occ);
		CHECK(hex_side_water(&rr, hex_parse(&m, "0303"),
				     hex_parse(&m, "0304")) &&
		      !hex_in_enemy_zoc(&rr, 0, hex_parse(&m, "0304")) &&
		      hex_in_enemy_zoc(&rr, 0, hex_parse(&m, "0302")),
		      "a lake is water and stops a zone of control");
	}
	strbuf_free(&many);
	strbuf_free(&sides);
}

static void cups(void)
{
	struct cup c;
	int i, ok = 1;

	cup_clear(&c);
	for (i = 0; i < CUP_MAX; i += 3)
		cup_add(&c, i);
	for (i = 0; i < CUP_MAX; i++)
		ok &= cup_has(&c, i) == (i % 3 == 0);
	CHECK(CUP_MAX >= 128 && ok && cup_count(&c) == (CUP_MAX + 2) / 3,
	      "a cup of %d counters: every third in it (%d)", CUP_MAX,
	      cup_count(&c));
	cup_remove(&c, 126);
	cup_add(&c, CUP_MAX);   /* out of range: ignored */
	CHECK(!cup_has(&c, 126) && cup_has(&c, 123) && !cup_has(&c, CUP_MAX)
	      && cup_count(&c) == (CUP_MAX + 2) / 3 - 1,
	      "counters above 64 come out; one past the end is ignored");
}

/* Multi-effect results: a list a side, advance N, the new effects; the
 * one-effect form still means the same; refusals name what is accepted. */
static void crt_effects(void)
{
	static const char *const MULTI =
		"index: percent\ndie: 6\ncolumns: ['0', '100']\n"
		"rows: {'1': MD BB, '2': MD BB, '3': MD BB, '4': MD BB, "
		"'5': MD BB, '6': MD BB}\n"
		"results:\n"
		"  MD: {attacker: [lose strongest], defender: [retreat 1], "
		"advance: {attacker: 1}}\n"
		"  BB: {attacker: [lose half, retreat die], defender: "
		"[step 1, retreat 2], advance: {defender: 3}}\n";
	struct crt t;
	struct error err = { 0 };
	const struct crt_result *r;
	struct strbuf y = STRBUF_INIT;

	CHECK(crt_from(&t, MULTI, &err) == 0, "a table with lists of "
	      "effects loads (%s)", err.msg);
	r = crt_lookup(&t, 0, 1);
	CHECK(r && !strcmp(r->code, "MD") && r->n_fx[CRT_ATTACKER] == 1 &&
	      r->fx[CRT_ATTACKER][0].kind == FX_LOSE_STRONGEST &&
	      r->fx[CRT_DEFENDER][0].kind == FX_RETREAT &&
	      r->fx[CRT_DEFENDER][0].n == 1 && r->advance[CRT_ATTACKER] == 1 &&
	      r->advance[CRT_DEFENDER] == 0 && r->att == FX_LOSE_STRONGEST,
	      "MD: the attacker loses its strongest, the defender retreats "
	      "1, the attacker may advance 1");
	r = crt_lookup(&t, 1, 1);
	CHECK(r && r->n_fx[CRT_ATTACKER] == 2 &&
	      r->fx[CRT_ATTACKER][0].kind == FX_LOSE_HALF &&
	      r->fx[CRT_ATTACKER][1].kind == FX_RETREAT_DIE &&
	      r->n_fx[CRT_DEFENDER] == 2 &&
	      r->fx[CRT_DEFENDER][0].kind == FX_STEP &&
	      r->fx[CRT_DEFENDER][1].n == 2 && r->def == FX_STEP &&
	      r->def_n == 1 && r->advance[CRT_DEFENDER] == 3,
	      "two effects a side, in order, and the first repeated in "
	      "att/def");
	CHECK(crt_from(&t, RTTR_MOBILE, &err) == 0 &&
	      (r = crt_lookup(&t, 4, 1)) && !strcmp(r->code, "MD") &&
	      r->n_fx[CRT_DEFENDER] == 1 &&
	      r->n_fx[CRT_ATTACKER] == 1 && r->fx[CRT_ATTACKER][0].kind ==
	      FX_STEP, "the one-effect form is a list of one");
	strbuf_adds(&y, MULTI);
	strbuf_adds(&y, "  XX: {attacker: [lose everything]}\n");
	CHECK(crt_from(&t, y.buf, &err) < 0 && strstr(err.msg,
		"lose strongest, lose half"), "an unknown effect is refused, "
	      "naming those accepted: %s", err.msg);
	strbuf_reset(&y);
	strbuf_adds(&y, MULTI);
	strbuf_adds(&y, "  XX: {advance: {attacker: 0}}\n");
	CHECK(crt_from(&t, y.buf, &err) < 0 && strstr(err.msg, "advance is"),
	      "advance 0 is refused: %s", err.msg);
	strbuf_reset(&y);
	strbuf_adds(&y, MULTI);
	strbuf_adds(&y, "  XX: {defender: [step 1, step 1, step 1, step 1, "
		    "step 1]}\n");
	CHECK(crt_from(&t, y.buf, &err) < 0 && strstr(err.msg, "at most 4"),
	      "five effects a side are refused: %s", err.msg);
	strbuf_free(&y);
}

/* hexcombat: retreat and advance options with stacks and hooks; step
 * losses; strongest and half. */
static int stack_of_two(const void *user, int u, int h)
{
	const struct hex_rules *r = user;
	int n = 0, v;

	for (v = r->occupant[h]; v >= 0; v = r->next[v])
		n += v != u;
	return n < 2;
}

static int printed_attack(const struct hunit *u)
{
	return u->att;
}

static void combat_lib(void)
{
	static struct hex_map m;
	struct hunit u[6];
	int16_t occ[HEX_MAX], next[6], out[6];
	struct hex_rules r;
	int h, n, i;

	small_map(&m, occ);
	m.side[HS_RIVER].cost = COST_NO;
	m.side[HS_RIVER].blocks_zoc = 1;
	memset(u, 0, sizeof u);
	for (i = 0; i < 6; i++) {
		u[i].where = U_MAP;
		next[i] = -1;
	}
	/* unit 0 (side 0) retreats from 0303; unit 1 (side 1) at 0305 puts
	 * 0304 and 0204/0404 in its zone; units 2 and 3 (side 0) stack at
	 * 0302 (a stack of two), unit 4 (side 0) alone at 0202 */
	u[0].hex = (int16_t)hex_parse(&m, "0303");
	u[1].side = 1;
	u[1].hex = (int16_t)hex_parse(&m, "0305");
	u[2].hex = u[3].hex = (int16_t)hex_parse(&m, "0302");
	u[4].hex = (int16_t)hex_parse(&m, "0202");
	u[5].where = U_ELIMINATED;
	for (i = 0; i < 5; i++)
		if (occ[u[i].hex] < 0)
			occ[u[i].hex] = (int16_t)i;
	next[2] = 3;
	rules_for(&r, &m, u, 6, occ);
	r.next = next;
	r.stack_ok = stack_of_two;
	r.user = &r;
	n = hex_retreat_options(&r, 0, u[0].hex, u[0].hex, 1, 1, out);
	/* neighbours of 0303 (even columns sit lower): 0302 (a full
	 * stack), 0304 (in unit 1's zone), 0402, 0403, 0203, and 0202 (one
	 * friendly unit: it may stack there) */
	{
		struct strbuf sb = STRBUF_INIT;
		char x[8];

		for (i = 0; i < n; i++)
			strbuf_addf(&sb, " %s", hex_id(out[i], x));
		CHECK(n == 4 && strstr(sb.buf, "0202") &&
		      !strstr(sb.buf, "0302") && !strstr(sb.buf, "0304"),
		      "retreat 1: not into a full stack or a zone of control, "
		      "into a friendly unit where the stack stays legal:%s",
		      sb.buf ? sb.buf : "");
		strbuf_free(&sb);
	}
	{
		int16_t best[HEX_MAX];

		u[0].mov = 2;
		hex_reach(&r, 0, u[0].hex, 2 * HALF, 1, best);
		CHECK(!hex_may_end(&r, 0, hex_parse(&m, "0302")) &&
		      hex_may_end(&r, 0, hex_parse(&m, "0202")) &&
		      best[hex_parse(&m, "0302")] >= 0 &&
		      best[hex_parse(&m, "0301")] >= 0,
		      "a move passes through a full friendly stack (0302 to "
		      "0301) but may not end in it; it may join a unit alone");
	}
	n = hex_retreat_options(&r, 0, u[0].hex, u[0].hex, 1, 2, out);
	for (i = 0, h = 0; i < n; i++)
		h |= out[i] == hex_parse(&m, "0302");
	CHECK(h, "retreat 1 of 2: through the full stack (not the end)");
	n = hex_retreat_options(&r, 0, u[0].hex, hex_parse(&m, "0302"), 2, 2,
				out);
	for (i = 0; i < n; i++)
		if (hex_distance(&m, out[i], u[0].hex) != 2)
			n = -1;
	CHECK(n == 3, "retreat 2 of 2 from 0302: the three hexes 2 from "
	      "0303 (%d)", n);
	hex_side_set(&m, u[0].hex, hex_dir(&m, u[0].hex, hex_parse(&m,
		     "0202")), HS_RIVER, 1);
	n = hex_retreat_options(&r, 0, u[0].hex, u[0].hex, 1, 1, out);
	CHECK(n == 3, "not across a river it may not cross (%d)", n);
	/* advance: the first step only into the vacated hex, ignoring the
	 * zone of control; then anywhere a stack may end; not on after
	 * water */
	n = hex_advance_options(&r, 0, u[0].hex, 1, 2, hex_parse(&m, "0304"),
				0, out);
	CHECK(n == 1 && out[0] == hex_parse(&m, "0304"),
	      "advance 1: only the vacated hex, zone of control or not");
	n = hex_advance_options(&r, 0, hex_parse(&m, "0304"), 2, 2, -1, 0,
				out);
	CHECK(n == 5, "advance 2: any neighbour but the enemy's (%d)", n);
	CHECK(hex_advance_options(&r, 0, hex_parse(&m, "0304"), 2, 2, -1, 1,
				  out) == 0 &&
	      hex_advance_options(&r, 0, hex_parse(&m, "0304"), 3, 2, -1, 0,
				  out) == 0,
	      "no step after unbridged water, none beyond N");
	/* step losses */
	u[5].has_reduced = 1;
	CHECK(hex_take_steps(&u[5], 1) == -1 && u[5].reduced &&
	      hex_take_steps(&u[5], 1) == 0,
	      "a two-sided unit flips on its first step, dies on the next");
	u[5].reduced = 0;
	CHECK(hex_take_steps(&u[5], 3) == 1, "three steps on a full "
	      "two-sided unit: one left over");
	CHECK(hex_take_steps(&u[4], 1) == 0, "a one-sided unit dies on one");
	/* strongest and half: attacks 4, 2, 4, 1 */
	{
		int16_t who[4] = { 0, 1, 2, 3 }, top[4];
		uint8_t chosen[4];

		u[0].att = 4;
		u[1].att = 2;
		u[2].att = 4;
		u[3].att = 1;
		n = hex_strongest(u, who, 4, printed_attack, top);
		CHECK(n == 2 && top[0] == 0 && top[1] == 2,
		      "the strongest: both 4s, for the owner to choose");
		/* total 11, half rounded up 6 */
		n = hex_half_default(u, who, 4, printed_attack, chosen);
		CHECK(n == 2 && hex_half_ok(u, who, 4, printed_attack,
					    chosen) && chosen[0] + chosen[2] ==
		      1 && chosen[1],
		      "half by default: the least loss that meets it, "
		      "2 + 4 (%d units)", n);
		memset(chosen, 1, sizeof chosen);
		CHECK(!hex_half_ok(u, who, 4, printed_attack, chosen),
		      "all four is more than half needs");
		memset(chosen, 0, sizeof chosen);
		chosen[1] = chosen[3] = 1;
		CHECK(!hex_half_ok(u, who, 4, printed_attack, chosen),
		      "2 + 1 is less than half");
	}
	/* the least loss, not the weakest first: attacks 2, 3, 4, 6, 6
	 * (21, half 11): 2 + 3 + 6 = 11, where 2, 3, 4 and a 6 less the
	 * 2 would lose 13 */
	{
		int16_t who[5] = { 0, 1, 2, 3, 4 };
		uint8_t chosen[5];
		static const int a[5] = { 2, 3, 4, 6, 6 };
		int sum = 0;

		for (i = 0; i < 5; i++)
			u[i].att = a[i];
		n = hex_half_default(u, who, 5, printed_attack, chosen);
		for (i = 0; i < 5; i++)
			sum += chosen[i] ? a[i] : 0;
		CHECK(n == 3 && sum == 11 && chosen[0] && chosen[1] &&
		      !chosen[2] && hex_half_ok(u, who, 5, printed_attack,
						chosen),
		      "half by default: 11 of 21 (2 + 3 + 6), not 13 (%d)",
		      sum);
		/* equal losses: the fewest units (6 + 4 before 5 + 3 + 2) */
		u[0].att = 6, u[1].att = 2, u[2].att = 5, u[3].att = 3;
		u[4].att = 4;
		n = hex_half_default(u, who, 5, printed_attack, chosen);
		CHECK(n == 2 && chosen[0] && chosen[4],
		      "half by default, 10 of 20: 6 + 4, the fewest units");
	}
}

/* hexorders: the move answer and the words of a refusal; the movement
 * hooks (may_enter, extra_cost) in a step. */
static int find_xy(const void *user, const char *id)
{
	(void)user;
	return !strcasecmp(id, "x1") ? 0 : !strcasecmp(id, "y1") ? 1 : -1;
}

static int not_0201(const void *user, int u, int h)
{
	const struct hex_map *m = user;

	(void)u;
	return h != hex_parse(m, "0201");
}

static int barrage(const void *user, int u, int a, int b)
{
	const struct hex_map *m = user;

	(void)u;
	(void)a;
	return b == hex_parse(m, "0203") ? HALF : 0;
}

static void orders(void)
{
	static const struct hex_move_labels L = { "M", "E", "Z", "S", "C",
		"P", NULL };
	static struct hex_map m;
	struct hunit u[2];
	int16_t occ[HEX_MAX];
	struct hex_rules r;
	struct hex_move mv;
	char why[200];
	int cost;

	small_map(&m, occ);
	CHECK(hex_move_parse(&m, "X1 0102 0103", find_xy, NULL, &L, &mv, why,
			     sizeof why) == 0 && mv.unit == 0 && mv.n == 2 &&
	      !mv.by_dest && mv.path[1] == hex_parse(&m, "0103"),
	      "a path: the unit (any case), then its hexes");
	CHECK(hex_move_parse(&m, "y1 to 0606", find_xy, NULL, &L, &mv, why,
			     sizeof why) == 0 && mv.unit == 1 && mv.by_dest &&
	      mv.n == 1, "a destination: UNIT to HEX");
	CHECK(hex_move_parse(&m, "z9 0102", find_xy, NULL, &L, &mv, why,
			     sizeof why) < 0 &&
	      !strcmp(why, "no unit 'z9': write UNIT HEX HEX ... or done (M)"),
	      "an unknown unit: %s", why);
	CHECK(hex_move_parse(&m, "x1 0107", find_xy, NULL, &L, &mv, why,
			     sizeof why) < 0 &&
	      !strcmp(why, "'0107' is not a hex of the map (M)"),
	      "a hex off the map: %s", why);
	CHECK(hex_move_parse(&m, "x1 to 0102 0103", find_xy, NULL, &L, &mv,
			     why, sizeof why) < 0 && strstr(why, "one "
							       "destination"),
	      "two destinations: %s", why);
	CHECK(hex_move_parse(&m, "x1", find_xy, NULL, &L, &mv, why,
			     sizeof why) == 0 && mv.n == 0,
	      "a unit and no hex parses (the game refuses a path of none)");
	CHECK(hex_move_parse(&m, "", find_xy, NULL, &L, &mv, why,
			     sizeof why) < 0 && strstr(why, "UNIT HEX HEX"),
	      "no unit at all is refused: %s", why);
	memset(u, 0, sizeof u);
	u[0].where = u[1].where = U_MAP;
	u[0].hex = (int16_t)hex_parse(&m, "0202");
	u[1].side = 1;
	u[1].hex = (int16_t)hex_parse(&m, "0404");
	occ[u[0].hex] = 0;
	occ[u[1].hex] = 1;
	rules_for(&r, &m, u, 2, occ);
	r.user = &m;
	CHECK(hex_step_why(&r, 0, u[0].hex, hex_parse(&m, "0201"), 4 * HALF,
			   1, &cost, &L, why, sizeof why) == NULL &&
	      cost == HALF, "a step into a clear hex: 1 MP");
	CHECK(hex_step_why(&r, 0, u[0].hex, hex_parse(&m, "0205"), 4 * HALF,
			   1, &cost, &L, why, sizeof why) &&
	      !strcmp(why, "0205 is not next to 0202 (M)"), "%s", why);
	CHECK(hex_step_why(&r, 0, hex_parse(&m, "0304"), u[1].hex, 4 * HALF,
			   0, &cost, &L, why, sizeof why) &&
	      !strcmp(why, "0404 holds an enemy unit (E)"), "%s", why);
	CHECK(hex_step_why(&r, 0, hex_parse(&m, "0304"), hex_parse(&m,
			   "0305"), 4 * HALF, 0, &cost, &L, why,
			   sizeof why) &&
	      strstr(why, "no move from one to the other (Z)"), "%s", why);
	CHECK(hex_step_why(&r, 0, u[0].hex, hex_parse(&m, "0203"), HALF / 2,
			   0, &cost, &L, why, sizeof why) &&
	      !strcmp(why, "0203 costs more than the 1/2 MP left (C)"),
	      "%s", why);
	r.may_enter = not_0201;
	CHECK(hex_step_why(&r, 0, u[0].hex, hex_parse(&m, "0201"), 4 * HALF,
			   1, &cost, &L, why, sizeof why) &&
	      !strcmp(why, "0201 may not be entered (P)"),
	      "may_enter: %s", why);
	r.extra_cost = barrage;
	CHECK(hex_step_why(&r, 0, u[0].hex, hex_parse(&m, "0203"), 4 * HALF,
			   1, &cost, &L, why, sizeof why) == NULL &&
	      cost == 2 * HALF, "extra_cost adds to a step: %d half MPs",
	      cost);
	{
		/* disengagement: y1 at 0304 puts 0303 (x1), 0203, 0403,
		 * 0204, 0305, 0404 in its zone. x1 may leave it to 0302 and
		 * come round by 0202 into 0203, unless it must disengage */
		int16_t best[HEX_MAX];
		int x_at = u[0].hex, y_at = u[1].hex;

		r.may_enter = NULL;
		r.extra_cost = NULL;
		occ[y_at] = occ[x_at] = -1;
		u[1].hex = (int16_t)hex_parse(&m, "0304");
		u[0].hex = (int16_t)hex_parse(&m, "0303");
		occ[u[1].hex] = 1;
		occ[u[0].hex] = 0;
		hex_reach(&r, 0, u[0].hex, 4 * HALF, 1, best);
		CHECK(best[hex_parse(&m, "0203")] >= 0 &&
		      best[hex_parse(&m, "0202")] >= 0,
		      "without disengage: out of the zone and round by 0302 "
		      "and 0202 into it again at 0203");
		r.disengage = 1;
		hex_reach(&r, 0, u[0].hex, 4 * HALF, 1, best);
		CHECK(best[hex_parse(&m, "0203")] < 0 &&
		      best[hex_parse(&m, "0403")] < 0 &&
		      best[hex_parse(&m, "0202")] >= 0,
		      "disengage: having left a zone, not into another");
		r.began_in_zoc = 1;
		CHECK(hex_step_why(&r, 0, hex_parse(&m, "0202"),
				   hex_parse(&m, "0203"), 4 * HALF, 0, &cost, &L,
				   why, sizeof why) && strstr(why, "began its "
							      "move in one"),
		      "the words of a disengagement refusal: %s", why);
		r.disengage = 0;
		r.began_in_zoc = 0;
		occ[u[1].hex] = occ[u[0].hex] = -1;
		u[0].hex = (int16_t)x_at;
		u[1].hex = (int16_t)y_at;
		occ[x_at] = 0;
		occ[y_at] = 1;
	}
	hex_side_set(&m, u[0].hex, hex_dir(&m, u[0].hex, hex_parse(&m,
		     "0302")), HS_RIVER, 1);
	m.side[HS_RIVER].cost = COST_ALL;
	CHECK(hex_step_why(&r, 0, u[0].hex, hex_parse(&m, "0302"), 4 * HALF,
			   0, &cost, &L, why, sizeof why) &&
	      strstr(why, "takes all the MPs: only as the first step (S)"),
	      "%s", why);
}

/* extra_of_entered: a search asks the extra cost of a hex it enters
 * once (15.4's barrage zones were asked at each of a hex's six
 * neighbours), and finds the very tree it found asking at each step */
struct zone_count {
	const struct hex_map *m;
	int calls[HEX_MAX];
};

static int zone_cost(const void *user, int u, int a, int b)
{
	struct zone_count *z = (struct zone_count *)user;
	int c = hex_col(b), w = hex_row(b);

	(void)u;
	(void)a;
	z->calls[b]++;
	/* the middle of the map and a wall of hexes the unit pays all its
	 * MPs to enter (not a small count: asked at each step still) */
	if (c == 4 && w >= 2)
		return COST_ALL;
	return c >= 2 && c <= 3 && w >= 2 && w <= 4 ? HALF : 0;
}

static void extra_once(void)
{
	static struct hex_map m;
	static struct zone_count z;
	struct hunit u[1];
	int16_t occ[HEX_MAX], best[HEX_MAX], prev[HEX_MAX];
	int16_t best1[HEX_MAX], prev1[HEX_MAX];
	struct hex_rules r;
	int h, most = 0, total = 0, reached = 0;

	small_map(&m, occ);
	memset(u, 0, sizeof u);
	u[0].where = U_MAP;
	u[0].hex = (int16_t)hex_parse(&m, "0101");
	occ[u[0].hex] = 0;
	rules_for(&r, &m, u, 1, occ);
	z.m = &m;
	r.user = &z;
	r.extra_cost = zone_cost;
	memset(z.calls, 0, sizeof z.calls);
	hex_reach_tree(&r, 0, u[0].hex, 6 * HALF, 1, best, prev);
	for (h = 0; h < HEX_MAX; h++)
		total += z.calls[h];
	r.extra_of_entered = 1;
	memset(z.calls, 0, sizeof z.calls);
	hex_reach_tree(&r, 0, u[0].hex, 6 * HALF, 1, best1, prev1);
	int same = 1, once = 1, fewer = 0;
	for (h = 0; h < HEX_MAX; h++) {
		if (best[h] != best1[h] ||
		    (best[h] >= 0 && h != u[0].hex && prev[h] != prev1[h]))
			same = 0;
		if (hex_col(h) == 4 && z.calls[h] > 0)
			continue;       /* COST_ALL: asked at each step */
		if (z.calls[h] > 1)
			once = 0;
		if (z.calls[h] > most)
			most = z.calls[h];
		fewer += z.calls[h];
		reached += best1[h] >= 0;
	}
	CHECK(same, "extra_of_entered: the same MPs left and the same way "
	      "to every hex");
	CHECK(once && most == 1, "extra_of_entered: each hex's extra cost "
	      "asked once (at most %d times)", most);
	CHECK(reached > 10 && fewer < total, "and fewer questions than "
	      "asking at each step (%d, against %d)", fewer, total);
}

/* ---- attacks on stacks and several hexes (hexattack.h) ---- */

struct atk_units {
	const struct hunit *u;
	int n;
};

static int atk_lookup(const void *user, const char *word)
{
	const struct atk_units *a = user;
	int i;

	for (i = 0; i < a->n; i++)
		if (!strcasecmp(a->u[i].id, word))
			return i;
	return -1;
}

static int atk_value(const void *user, int u)
{
	return ((const struct atk_units *)user)->u[u].att;
}

static int def_value(const void *user, int u)
{
	return ((const struct atk_units *)user)->u[u].def;
}

/* Parse and check text by side 0; 0, or -1 with why. */
static int declare_text(const struct hex_rules *r, const char *text,
			const struct hex_attack_context *cx,
			struct hex_attack *a, char *why, size_t size)
{
	static const struct hex_attack_labels lb = {
		"7.1", NULL, NULL, NULL, NULL, "8.0", NULL, NULL
	};
	struct atk_units au = { r->units, r->n_units };

	why[0] = '\0';
	if (hex_attack_parse(r, 0, text, atk_lookup, &au, &lb, a, why,
			     size) < 0)
		return -1;
	return hex_attack_check(r, 0, a, cx, &lb, why, size);
}

static void attacks(void)
{
	static struct hex_map m;
	static const char *const ids[] = { "e1", "e2", "e3", "a1", "a2",
		"a3", "a4", "a5", "a0" };
	static const char *const at[] = { "0303", "0303", "0304", "0302",
		"0403", "0204", "0601", "0202", "0203" };
	struct hunit u[9];
	int16_t occ[HEX_MAX], next[9], alive[HEX_ATTACK_UNITS];
	uint8_t attacked[9];
	struct hex_rules r;
	struct hex_attack a, prior;
	struct hex_attack_context cx;
	struct atk_units au = { u, 9 };
	char why[160], text[200];
	int i, rc, att, def, shift, n;

	small_map(&m, occ);
	memset(u, 0, sizeof u);
	for (i = 0; i < 9; i++) {
		snprintf(u[i].id, sizeof u[i].id, "%s", ids[i]);
		u[i].side = i < 3;
		u[i].where = U_MAP;
		u[i].hex = (int16_t)hex_parse(&m, at[i]);
		u[i].att = (uint8_t)(i + 1);
		u[i].def = (uint8_t)(i + 2);
		next[i] = -1;
		if (occ[u[i].hex] < 0)
			occ[u[i].hex] = (int16_t)i;
	}
	u[8].att = 0;
	next[0] = 1;          /* e1 and e2 stack in 0303 */
	rules_for(&r, &m, u, 9, occ);
	r.next = next;
	memset(attacked, 0, sizeof attacked);
	memset(&cx, 0, sizeof cx);
	cx.attacked = attacked;
	cx.support_left = 1;
	cx.support_max = 1;
	cx.strength = atk_value;
	cx.user = &au;

	{
		const char *p = "  0303,0304  a1 ", *q = "";
		char w[4];

		CHECK(hex_next_word(&p, w, sizeof w) == 1 && !strcmp(w, "030")
		      && hex_next_word(&p, w, sizeof w) == 1 &&
		      !strcmp(w, "a1") && hex_next_word(&p, w, sizeof w) == 0 &&
		      hex_next_word(&q, w, sizeof w) == 0,
		      "hex_next_word: blanks skipped, a long word cut, then 0");
	}
	{
		char line[] = " \t0303  clear\tfort x ", none[] = " \t ",
			*w[3];

		CHECK(hex_split(line, w, 3) == 3 && !strcmp(w[0], "0303") &&
		      !strcmp(w[1], "clear") && !strcmp(w[2], "fort") &&
		      hex_split(none, w, 3) == 0,
		      "hex_split: words between runs of blanks, at most max");
	}
	{
		static const char *const bad[] = { "100-1-1", "2-3", "2-3-7x",
			"a-b-c", "-1-2-3", "2--3-7", "2-3-", "", "+2-3-7" };
		uint8_t va = 0, vd = 0, vm = 0;
		int refused = 0;

		for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++)
			refused += unit_values_parse(bad[b], &va, &vd, &vm) < 0;
		CHECK(unit_values_parse("3-2-12", &va, &vd, &vm) == 0 &&
		      va == 3 && vd == 2 && vm == 12 &&
		      unit_values_parse("99-0-07", &va, &vd, &vm) == 0 &&
		      va == 99 && vd == 0 && vm == 7 && refused == 9,
		      "unit_values_parse: A-D-M of 0 to 99 each, nothing else "
		      "(%d of 9 refused)", refused);
	}
	rc = declare_text(&r, "0303,0304 a1 A2 +support a3", &cx, &a, why,
			  sizeof why);
	CHECK(rc == 0 && a.n_def == 2 && a.n == 3 && a.att[1] == 4 &&
	      a.att_sup == 1, "two defending hexes, three attackers (a "
	      "unit in any case), +support anywhere (%s)", why);
	CHECK(declare_text(&r, "0303 a1 a2", &cx, &a, why, sizeof why) ==
	      0, "one hex of a stack of two");
#define REFUSED(txt, want, what) do { \
	rc = declare_text(&r, txt, &cx, &a, why, sizeof why); \
	CHECK(rc < 0 && !strcmp(why, want), "%s: %s (got \"%s\")", what, \
	      want, why); } while (0)
	REFUSED("0399 a1", "'0399' is not a hex: write HEX[,HEX...] UNIT "
		"UNIT ... (7.1)", "an off-map hex");
	REFUSED("0303,x a1", "'x' is not a hex: write HEX[,HEX...] UNIT "
		"UNIT ... (7.1)", "a bad second hex");
	REFUSED("0303 e1", "'e1' is not one of your units on the map (7.1)",
		"an enemy unit as attacker");
	REFUSED("0303 zz", "'zz' is not one of your units on the map (7.1)",
		"an unknown unit");
	REFUSED("0303", "name the defender's hex and at least one attacking "
		"unit (7.1)", "no attacker");
	REFUSED("0303,0304,0305,0306,0301 a1", "at most 4 defending hexes "
		"(7.1)", "five hexes");
	snprintf(text, sizeof text, "0303");
	for (i = 0; i < 17; i++)
		strcat(text, " a1");
	REFUSED(text, "at most 16 attackers (7.1)", "seventeen attackers");
	REFUSED("0303 a1 a2 A1", "a1 is named twice (7.1)", "a unit twice");
	REFUSED("0303,0303 a1", "0303 is named twice (7.1)", "a hex twice");
	REFUSED("0303 a3", "a3 is not next to 0303 (7.1)", "not adjacent");
	REFUSED("0303,0304 a4", "a4 is not next to 0303 or 0304 (7.1)",
		"next to neither hex");
	REFUSED("0305 a3", "0305 holds no enemy unit (7.1)", "an empty hex");
	REFUSED("0302 a2", "0302 holds no enemy unit (7.1)", "a friendly "
		"hex");
	REFUSED("0303,0304 a1", "no attacking unit is next to 0304 (7.1)",
		"a defending hex nobody attacks");
	REFUSED("0303 a0", "a0 has no attack strength (7.1)", "strength 0");
	attacked[3] = 1;
	REFUSED("0303 a2 a1", "a1 attacks already this phase (7.1)",
		"a unit that attacked (the caller's flags)");
	attacked[3] = 0;
	/* the declared list: one attack on 0304 already */
	CHECK(declare_text(&r, "0304 a3", &cx, &prior, why, sizeof why) == 0,
	      "0304 by a3 (%s)", why);
	cx.declared = &prior;
	cx.n_declared = 1;
	REFUSED("0303,0304 a1 a2", "0304 is attacked already this phase "
		"(7.1)", "a hex attacked already");
	CHECK(declare_text(&r, "0303 a1 a2", &cx, &a, why, sizeof why) == 0,
	      "another hex is still free (%s)", why);
	cx.declared = NULL;
	cx.n_declared = 0;
	/* support */
	REFUSED("0303 a1 +support +support", "+support is given twice (8.0)",
		"support twice");
	cx.support_left = 0;
	REFUSED("0303 a1 +support", "no support marker left this turn (8.0)",
		"no marker left");
	cx.support_left = 1;
	cx.max_units = 2;
	REFUSED("0303 a1 a2 a5", "at most 2 attackers (7.1)", "the game's "
		"limit on attackers");
	cx.max_units = 0;
	/* a river that forbids attacks between 0202 and 0303 */
	m.side[HS_RIVER].no_attack = 1;
	hex_side_set(&m, hex_parse(&m, "0202"), hex_dir(&m, hex_parse(&m,
		     "0202"), hex_parse(&m, "0303")), HS_RIVER, 1);
	REFUSED("0303 a5", "a5 may not attack 0303 across that hexside "
		"(7.1)", "across a river with no attack");
	/* strengths: 0303 holds e1 (def 2) and e2 (def 3), clear; 0304
	 * holds e3 (def 4) in terrain 1 (defence 150%, shift -1); a stream
	 * (shift -2) between a2 (0403) and 0303 */
	m.n_terrain = 2;
	m.terrain[1].cost = HALF;
	m.terrain[1].defence_pct = 150;
	m.terrain[1].shift = -1;
	m.terr[hex_parse(&m, "0304")] = 1;
	m.side[HS_STREAM].shift = -2;
	hex_side_set(&m, hex_parse(&m, "0403"), hex_dir(&m, hex_parse(&m,
		     "0403"), hex_parse(&m, "0303")), HS_STREAM, 1);
	REFUSED("0303,0304 a1 a2 a3 a5", "a5 may not attack 0303 across "
		"that hexside (7.1)", "not with others either");
	CHECK(hex_attack_check(&r, 0, &a, &cx, NULL, why, sizeof why) < 0 &&
	      strstr(why, "(combat)"), "no labels: a default rule (%s)", why);
	CHECK(declare_text(&r, "0303,0304 a1 a2 a3", &cx, &a, why,
			   sizeof why) == 0, "0303 and 0304 by a1 a2 a3 (%s)",
	      why);
	n = hex_attack_strengths(&r, &a, atk_value, def_value, &au, &att,
				 &def, &shift, alive);
	CHECK(n == 3 && att == 4 + 5 + 6 && alive[2] == 5,
	      "attack: 4 + 5 + 6 (%d from %d units)", att, n);
	CHECK(def == 2 + 3 + 4 * 150 / 100,
	      "defence: every unit of the stack, and 4 at 150%% (%d)", def);
	CHECK(shift == -2, "shift: 0303's stream (-2) is worse for the "
	      "attacker than 0304's terrain (-1): %d", shift);
	m.feat[hex_parse(&m, "0304")] |= HF_FORT;
	m.fort.defence_pct = 200;
	m.fort.shift = -2;
	n = hex_attack_strengths(&r, &a, atk_value, def_value, &au, &att,
				 &def, &shift, NULL);
	CHECK(def == 5 + 4 * 150 / 100 * 200 / 100 && shift == -3,
	      "a fort: 150%% then 200%%, shift -1 - 2 (%d, %d)", def, shift);
	u[4].where = U_ELIMINATED;
	n = hex_attack_strengths(&r, &a, atk_value, def_value, &au, &att,
				 &def, &shift, alive);
	CHECK(n == 2 && att == 10 && shift == -3, "an attacker gone since "
	      "the declaration no longer counts, nor its hexside (%d, %d)",
	      att, shift);
#undef REFUSED
}

/* ---- support and barrage markers (hexmarker.h) ---- */

static void markers(void)
{
	static struct hex_map m;
	struct hex_markers s;
	int16_t out[HEX_MARKERS_MAX];
	int i, h, k, n;

	small_map(&m, NULL);
	/* region 0: columns 01-03 (a sector), region 1: columns 04-06 */
	m.n_regions = 2;
	for (h = 0; h < HEX_MAX; h++)
		if (m.terr[h] != 255)
			m.region[h] = hex_col(h) <= 3 ? 1u : 2u;
	hex_markers_init(&s);
	CHECK(hex_marker_place(&s, &m, hex_parse(&m, "0404"), 1, 1, 0, 2) ==
	      0, "place a barrage (kind 2) of side 0 on 0404, radius 1 in "
	      "region 1");
	CHECK(hex_marker_place(&s, &m, HEX_NONE, 1, -1, 0, 2) ==
	      HEX_MARKER_OFF_MAP && hex_marker_place(&s, &m,
	      6 * HEX_MAX_ROWS, 1, -1, 0, 2) == HEX_MARKER_OFF_MAP,
	      "refused off the map (no hex, column 07 of a 6-column map)");
	CHECK(hex_marker_place(&s, &m, hex_parse(&m, "0304"), 1, 1, 0, 2) ==
	      HEX_MARKER_OUTSIDE, "refused on a hex outside its region");
	CHECK(hex_marker_place(&s, &m, hex_parse(&m, "0304"), -1, -1, 0,
			       2) == HEX_MARKER_BAD &&
	      hex_marker_place(&s, &m, hex_parse(&m, "0304"), 1, 2, 0, 2) ==
	      HEX_MARKER_BAD, "refused: a negative radius, a region the map "
	      "does not have");
	/* the region limit across the boundary between columns 03 and 04:
	 * 0304 and 0305 are next to 0404 but in region 0 */
	CHECK(hex_covered(&s, &m, hex_parse(&m, "0404"), 0, 2) &&
	      hex_covered(&s, &m, hex_parse(&m, "0504"), 0, 2) &&
	      hex_covered(&s, &m, hex_parse(&m, "0405"), 0, 2),
	      "the marker covers its hex and its neighbours in the region");
	CHECK(!hex_covered(&s, &m, hex_parse(&m, "0304"), 0, 2) &&
	      !hex_covered(&s, &m, hex_parse(&m, "0305"), 0, 2) &&
	      hex_distance(&m, hex_parse(&m, "0404"), hex_parse(&m,
			   "0304")) == 1,
	      "not across the region boundary, next to it as 0304 is");
	CHECK(!hex_covered(&s, &m, hex_parse(&m, "0406"), 0, 2),
	      "not beyond the radius");
	CHECK(!hex_covered(&s, &m, hex_parse(&m, "0404"), 1, 2) &&
	      !hex_covered(&s, &m, hex_parse(&m, "0404"), 0, 1) &&
	      hex_covered(&s, &m, hex_parse(&m, "0404"), -1, -1),
	      "covered by side and kind; -1 for any");
	/* the same marker with no region reaches across */
	k = hex_marker_place(&s, &m, hex_parse(&m, "0404"), 1, -1, 1, 1);
	CHECK(k == 1 && hex_covered(&s, &m, hex_parse(&m, "0304"), 1, 1),
	      "with no region it reaches 0304 across the boundary");
	/* radius 2 in region 0 from 0203: counts plain distance */
	k = hex_marker_place(&s, &m, hex_parse(&m, "0203"), 2, 0, 1, 1);
	CHECK(k == 2 && hex_marker_reaches(&s, &m, k, hex_parse(&m, "0303")) &&
	      !hex_marker_reaches(&s, &m, k, hex_parse(&m, "0403")),
	      "radius 2 from 0203 in region 0: 0303 yes, 0403 (region 1) no");
	n = hex_markers_at(&s, &m, hex_parse(&m, "0304"), 1, 1, out,
			   HEX_MARKERS_MAX);
	CHECK(n == 2 && out[0] == 1 && out[1] == 2,
	      "both side-1 markers reach 0304, in the order placed");
	n = hex_markers_at(&s, &m, hex_parse(&m, "0304"), -1, -1, out, 1);
	CHECK(n == 2 && out[0] == 1, "a short list: the count, the first");
	CHECK(hex_marker_use(&s, 1) == 0 && s.m[1].used &&
	      hex_marker_use(&s, 1) < 0 && hex_marker_use(&s, 9) < 0,
	      "mark used once; again or a bad index is refused");
	CHECK(hex_marker_remove(&s, 0) == 0 && s.n == 2 && s.m[0].used &&
	      s.m[0].side == 1 && hex_marker_remove(&s, 2) < 0,
	      "remove: the later markers move down");
	for (i = s.n; i < HEX_MARKERS_MAX; i++)
		hex_marker_place(&s, &m, hex_parse(&m, "0101"), 0, -1,
				 i & 1, 3);
	CHECK(s.n == HEX_MARKERS_MAX && hex_marker_place(&s, &m,
	      hex_parse(&m, "0101"), 0, -1, 0, 3) == HEX_MARKER_FULL,
	      "%d markers: the next is refused", HEX_MARKERS_MAX);
	n = hex_markers_clear(&s, 3, 0);
	CHECK(n == 15 && s.n == HEX_MARKERS_MAX - 15 &&
	      hex_covered(&s, &m, hex_parse(&m, "0101"), 1, 3) &&
	      !hex_covered(&s, &m, hex_parse(&m, "0101"), 0, 3),
	      "clear kind 3 of side 0: side 1's stay (%d went)", n);
	n = hex_markers_clear(&s, -1, -1);
	CHECK(s.n == 0 && n == HEX_MARKERS_MAX - 15, "clear all");
}

static void aachen_random(void)
{
	struct scenario scn;
	struct error err = { 0 };
	struct doc *d = doc_new("opts");
	struct doc_node *opts;
	void *start;
	int games, ended = 0, rt = 1, rd = 1, ok1, ok2;

	if (scenario_find("scenarios", "aachen", &scn, &err) ||
	    scenario_options(&scn, d, NULL, 0, &opts, &err) ||
	    scenario_start(&scn, opts, &start, &err)) {
		CHECK(0, "aachen scenario loads: %s", err.msg);
		return;
	}
	CHECK(1, "aachen scenario loads");
	{
		/* three turns keep the replays short */
		struct doc *p = doc_new("short");
		struct doc_node *m = doc_map(p);

		doc_set_str(p, m, "turns", "3");
		CHECK(scn.rs->load(start, p, m, &err) == 0, "a short game");
		doc_free(p);
	}
	{
		/* 17.1: a loss in turn 4 of 4 shortens the game to 3 turns
		 * and ends it at once: no "turn 4 of 3" */
		struct doc *p = doc_new("shortened");
		struct doc_node *m = doc_map(p);
		struct strbuf out = STRBUF_INIT;
		void *st = xmalloc(scn.rs->state_size);

		memcpy(st, start, scn.rs->state_size);
		doc_set_str(p, m, "turns", "4");
		doc_set_str(p, m, "turn", "4");
		doc_set_str(p, m, "us-lost", "1");
		doc_set_str(p, m, "phase", "over");
		doc_set_str(p, m, "result", "german");
		CHECK(scn.rs->load(st, p, m, &err) == 0, "a shortened game: %s",
		      err.msg);
		scn.rs->position(st, NULL, &out);
		CHECK(out.buf && strstr(out.buf, "Aachen, turn 4: ") &&
		      strstr(out.buf, "US losses "
					"shortened the game to 3 turns (17.1).") &&
		      !strstr(out.buf, "turn 4 of 3"), "a game shortened "
		      "below its turn says so: %.60s", out.buf ? out.buf : "");
		strbuf_free(&out);
		{
			/* and the board's footer reads as the report */
			struct svg svg = SVG_INIT;

			scn.rs->render(st, NULL, NULL, 0, &svg);
			svg_finish(&svg, &out);
			CHECK(out.buf && strstr(out.buf, "Turn 4: game over "
						"(US losses shortened the game "
						"to 3 turns, 17.1)") &&
			      !strstr(out.buf, "Turn 4 of 3"), "the board of "
			      "a game shortened below its turn says so");
			strbuf_free(&out);
		}
		free(st);
		doc_free(p);
	}
	for (games = 0; games < 3; games++) {
		ok1 = ok2 = 0;
		ended += play_random(&scn, start, &ok1, &ok2);
		rt &= ok1;
		rd &= ok2;
	}
	CHECK(ended == 3, "random games of Aachen end (%d of 3)", ended);
	CHECK(seen_path && seen_attack, "moves are free-text paths (\"UNIT "
	      "HEX HEX ...\") and attacks \"HEX UNIT ...\", every example "
	      "legal");
	CHECK(rt, "save and load round-trip at the end");
	CHECK(rd, "render draws the board through the SVG API");
	free(start);
	scenario_free(&scn);
	doc_free(d);
}

/* hexsvg_moves: moves that leave one hex share one trunk and fan out
 * at its end (many units from one entry hex do not bury it); a lone
 * move is one line from its hex. The lines (drawn under the counters)
 * carry no head; each head (drawn over them) has its tip at the edge of
 * the counter in the hex its move ended in, not on the counter's words
 * at the centre. */
static void moves_fan(void)
{
	static struct hex_map m;
	struct svg svg = SVG_INIT;
	struct strbuf sb = STRBUF_INIT;
	struct svg_style sty = { "none", "#c00000", 1.5, NULL, 0 };
	int16_t from[4], to[4];
	const char *p;
	int lines = 0, shared = 0, at_hex = 0, heads = 0, at_edge = 0;
	double cx, cy, x1, y1, x2, y2, tx = -1, ty = -1;

	small_map(&m, NULL);
	from[0] = from[1] = from[2] = (int16_t)hex_parse(&m, "0101");
	to[0] = (int16_t)hex_parse(&m, "0505");
	to[1] = (int16_t)hex_parse(&m, "0604");
	to[2] = (int16_t)hex_parse(&m, "0406");
	from[3] = (int16_t)hex_parse(&m, "0601");
	to[3] = (int16_t)hex_parse(&m, "0602");
	svg_begin(&svg, 400, 400, "moves");
	hexsvg_moves(&svg, &m, from, to, 4, &sty, HEXSVG_LINES);
	hexsvg_moves(&svg, &m, from, to, 4, &sty, HEXSVG_HEADS);
	svg_finish(&svg, &sb);
	hexsvg_centre(&m, from[0], &cx, &cy);
	for (p = sb.buf; (p = strstr(p, "<line x1=\"")); p++) {
		const char *end = strchr(p, '>');
		const char *mk = strstr(p, "marker-end");
		if (sscanf(p, "<line x1=\"%lf\" y1=\"%lf\" x2=\"%lf\" "
			   "y2=\"%lf\"", &x1, &y1, &x2, &y2) != 4)
			continue;
		if (mk && mk < end) {
			/* a head: its tip off every destination's centre by
			 * more than a counter's half height, less than a
			 * hex */
			double best = 1e9, dx, dy;
			heads++;
			for (int i = 0; i < 4; i++) {
				hexsvg_centre(&m, to[i], &dx, &dy);
				if (hypot(x2 - dx, y2 - dy) < best)
					best = hypot(x2 - dx, y2 - dy);
			}
			at_edge += best > 31 / 2.0 && best < 2 * HEXSVG_R;
			continue;
		}
		if (!strstr(p, "stroke-width=\"1.5\"") ||
		    strstr(p, "stroke-width=\"1.5\"") > end)
			continue;     /* the trunk */
		lines++;
		if (x1 == cx && y1 == cy)
			at_hex++;     /* a line from 0101's centre */
		else if (tx < 0 || (x1 == tx && y1 == ty)) {
			tx = x1;      /* the trunk's end */
			ty = y1;
			shared++;
		}
	}
	/* the three from 0101 start together at the trunk's end, not at
	 * 0101; the lone one from 0601 starts at its hex */
	CHECK(lines == 4 && shared == 3 && at_hex == 0, "hexsvg_moves: "
	      "%d lines, %d from one trunk, %d from the hex itself",
	      lines, shared, at_hex);
	CHECK(heads == 4 && at_edge == 4, "hexsvg_moves: %d heads, %d at "
	      "the edge of the counter they point at", heads, at_edge);
	strbuf_free(&sb);
}

/* hexplace.h's own(): the count in a table of HEX_MAX */
static int own_count(const void *user, int h)
{
	return ((const uint8_t *)user)[h];
}

/* legal() for the placement policy: every hex but the banned ones */
struct ban {
	const uint8_t *own;
	const int16_t *hex;
	int n;
};

static int ban_own(const void *user, int h)
{
	return ((const struct ban *)user)->own[h];
}

static int ban_legal(const void *user, int h)
{
	const struct ban *b = user;
	for (int i = 0; i < b->n; i++)
		if (b->hex[i] == h)
			return 0;
	return 1;
}

/* hex_place_pick with legal(): the pick among the legal hexes alone,
 * the rules asked only where the policy would take a hex */
static void placement_legal(const struct hex_map *m, const int16_t *all,
			    int n, const int16_t *obj, const uint8_t *own)
{
	int16_t rest[HEX_MAX], banned[3];
	struct ban b = { own, banned, 0 };
	int i, k, j, ok = 1;

	/* ban the policy's first pick, then its next, then the next: each
	 * time the same as the pick among the hexes left */
	for (k = 0; k < 3 && ok; k++) {
		for (i = j = 0; i < n; i++)
			if (ban_legal(&b, all[i]))
				rest[j++] = all[i];
		int want = hex_place_pick(m, rest, j, obj, 2, ban_own, NULL,
					  &b);
		int got = hex_place_pick(m, all, n, obj, 2, ban_own,
					 ban_legal, &b);
		ok = want >= 0 && got >= 0 && all[got] == rest[want];
		banned[b.n++] = rest[want];
	}
	CHECK(ok, "auto: with legal(), the pick among the legal hexes alone");
	b.hex = all;
	b.n = n;
	CHECK(hex_place_pick(m, all, n, obj, 2, ban_own, ban_legal, &b) == -1,
	      "auto: no legal hex, no pick");
}

/* The policy as hexplace.h states it, worked out the plain way: the
 * least (rule 1, rule 2, rule 3, index) of the legal candidates. */
static int place_reference(const struct hex_map *m, const int16_t *cand,
			   int n, const int16_t *obj, int n_obj,
			   const struct ban *b)
{
	int16_t near[18];
	int i, j, k, pick = -1, key[3], best[3] = { 0, 0, 0 };

	for (i = 0; i < n; i++) {
		if (!ban_legal(b, cand[i]))
			continue;
		key[0] = hex_place_corner(m, cand[i]);
		key[1] = b->own[cand[i]];
		key[2] = n_obj > 0 ? INT_MAX : 0;
		for (j = 0; j < n_obj; j++)
			if (hex_distance(m, cand[i], obj[j]) < key[2])
				key[2] = hex_distance(m, cand[i], obj[j]);
		k = hex_around2(m, cand[i], near);
		for (j = 0; j < k; j++)
			key[2] += b->own[near[j]];
		for (k = 0; pick >= 0 && k < 3 && key[k] == best[k]; k++)
			;
		if (pick < 0 || (k < 3 && key[k] < best[k])) {
			pick = i;
			memcpy(best, key, sizeof best);
		}
	}
	return pick;
}

/* xorshift64 of the placement test's own */
static int place_rnd(uint64_t *x, int n)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return (int)(*x % (uint64_t)n);
}

/* hex_place_pick, and hex_place_zone_pick on a zone made once while
 * counters are placed one after another, against place_reference on
 * random maps, candidates (in any order), objectives, own units and
 * legal hexes (a generator of its own: the random games after it stay
 * those they were) */
static void placement_random(void)
{
	static uint8_t own[HEX_MAX];
	static int16_t all[HEX_MAX], cand[HEX_MAX];
	static struct hex_place_zone z;
	struct hex_map m;
	uint64_t x = 0x243f6a8885a308d3ULL;
	int16_t obj[6], banned[8], h;
	struct ban b = { own, banned, 0 }, none = { own, banned, 0 };
	int t, i, j, n, k, n_obj, want, got, legal, bad = 0, tries = 0;

	for (t = 0; t < 3000; t++) {
		memset(&m, 0, sizeof m);
		m.cols = 4 + place_rnd(&x, 20);
		m.rows = 4 + place_rnd(&x, 20);
		m.pointy = place_rnd(&x, 2);
		m.shifted_even = place_rnd(&x, 2);
		hex_map_neighbours(&m);
		for (i = n = 0; i < hex_end(&m); i++)
			if (hex_row(i) <= m.rows)
				all[n++] = (int16_t)i;
		/* most of the map, in hex order or shuffled */
		for (i = k = 0; i < n; i++)
			if (place_rnd(&x, 4) != 0)
				cand[k++] = all[i];
		for (i = place_rnd(&x, 3) == 0 ? k - 1 : 0; i > 0; i--) {
			j = place_rnd(&x, i + 1);
			h = cand[i];
			cand[i] = cand[j];
			cand[j] = h;
		}
		n_obj = place_rnd(&x, 7);
		for (i = 0; i < n_obj; i++)
			obj[i] = all[place_rnd(&x, n)];
		memset(own, 0, sizeof own);
		for (i = place_rnd(&x, 12); i > 0; i--)
			own[all[place_rnd(&x, n)]] = (uint8_t)(1 + place_rnd(&x, 2));
		b.n = place_rnd(&x, 9);
		for (i = 0; i < b.n; i++)
			banned[i] = cand[place_rnd(&x, k > 0 ? k : 1)];
		legal = place_rnd(&x, 2);
		want = place_reference(&m, cand, k, obj, n_obj,
				       legal ? &b : &none);
		got = hex_place_pick(&m, cand, k, obj, n_obj, ban_own,
				     legal ? ban_legal : NULL, &b);
		bad += got != want;
		tries++;
		/* one zone, counters placed in turn where it picks */
		hex_place_zone_make(&z, &m, cand, k, obj, n_obj);
		for (i = 0; i < 6; i++) {
			want = place_reference(&m, cand, k, obj, n_obj, &b);
			got = hex_place_zone_pick(&m, &z, ban_own, ban_legal,
						  &b);
			bad += got != want;
			tries++;
			if (got < 0)
				break;
			own[cand[got]]++;
		}
	}
	CHECK(bad == 0, "auto: the policy's pick is the least legal "
	      "(corner, own, distance, index), %d of %d picks", tries - bad,
	      tries);
}

/* umpire-orders(5), PLACEMENT POLICY: the objective first, then beside
 * it, the other objective before a second ring, never a corner while
 * another hex is legal, a corner when nothing else is */
static void placement_policy(void)
{
	struct hex_map m;
	static uint8_t own[HEX_MAX];
	int16_t all[HEX_MAX], obj[2], two[2];
	int h, n = 0, i;

	memset(&m, 0, sizeof m);
	m.cols = 12;
	m.rows = 10;
	m.shifted_even = 1;
	for (h = 0; h < hex_end(&m); h++)
		if (hex_row(h) <= m.rows)
			all[n++] = (int16_t)h;
	memset(own, 0, sizeof own);
	obj[0] = (int16_t)hex_index(&m, 3, 5);
	obj[1] = (int16_t)hex_index(&m, 9, 5);
	i = hex_place_pick(&m, all, n, obj, 1, own_count, NULL, own);
	CHECK(i >= 0 && all[i] == obj[0], "auto: the objective hex first");
	own[obj[0]] = 1;
	i = hex_place_pick(&m, all, n, obj, 1, own_count, NULL, own);
	CHECK(i >= 0 && hex_distance(&m, all[i], obj[0]) == 1,
	      "auto: then beside it, not a second counter on it");
	i = hex_place_pick(&m, all, n, obj, 2, own_count, NULL, own);
	CHECK(i >= 0 && all[i] == obj[1],
	      "auto: the other objective before a ring round the first");
	own[obj[0]] = 0;
	two[0] = (int16_t)hex_index(&m, 1, 1);
	two[1] = (int16_t)hex_index(&m, 5, 5);
	CHECK(hex_place_corner(&m, two[0]) && !hex_place_corner(&m, two[1]) &&
	      hex_place_corner(&m, hex_index(&m, 10, 8)),
	      "auto: corners are three columns and three rows from two edges");
	i = hex_place_pick(&m, two, 2, two, 1, own_count, NULL, own);
	CHECK(i == 1, "auto: never a corner while another hex is legal, "
	      "even on an objective");
	CHECK(hex_place_pick(&m, two, 1, two, 1, own_count, NULL, own) == 0 &&
	      hex_place_pick(&m, two, 0, two, 1, own_count, NULL, own) == -1,
	      "auto: a corner when it is the only legal hex; none of none");
	placement_legal(&m, all, n, obj, own);
	placement_random();
}

int main(void)
{
	rg_state = 0x9e3779b97f4a7c15ULL;  /* the games played so far */
	grid(0, 0);
	grid(0, 1);
	grid(1, 0);
	grid(1, 1);
	placement_policy();
	basics();
	crt_tables();
	stacks();
	paths();
	traces();
	regions();
	cups();
	crt_effects();
	combat_lib();
	orders();
	extra_once();
	attacks();
	markers();
	aachen_random();
	moves_fan();
	return unit_done("test_hex");
}
