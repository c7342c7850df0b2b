/*
 * test_reichstag_combat.c - Race to the Reichstag's combat arithmetic
 * (src/rules/reichstag/combat.c) and its tables
 * (scenarios/tools/reichstag/crt.yaml): every expected value below comes
 * from the rule text (RULES.md and the Japanese summary it outlines),
 * never from the code: the two tables cell by cell as printed, the
 * results of 12.23, 12.2's percentage, barrage (12.14), flak towers
 * (12.15, 16.4), hexsides (12.18), terrain (12.19), the x3 cap (12.20),
 * the forced table (12.21), parenthesized and zero strengths (12.12,
 * 12.13), stacks (12.10), must attack (12.0), the boundary (5.2) and
 * engineers (19.1); after combat (13.x, 14.x, 18.x); and random games
 * from a position with units in contact in both sectors, played with
 * random legal answers through every combat question to the end, with
 * stacking and sides checked after each step.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/doc.h"
#include "../../src/rules/lib/hex.h"
#include "../../src/rules/lib/crt.h"
#include "../../src/rules/lib/hexcombat.h"
#include "../../src/rules/reichstag/combat.h"
#include "../../src/rules/reichstag/state.h"
#include "umpire/engine.h"
#include "umpire/scenario.h"
#include "unit.h"
#include "random_game.h"

static const char *const CRT_FILE = "scenarios/tools/reichstag/crt.yaml";

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

/* ---- the tables (27.1, 27.2, 12.23) ---- */

/* As printed: one row per percentage band, one column per die roll
 * (race-to-the-reichstag.ja.txt page 9, reassembled as crt.yaml's header
 * says). */
static const char *const MOBILE[8][6] = {
	{ "AP", "AP", "AP", "AR", "AR", "AR" },   /* <=49 */
	{ "AP", "AP", "AR", "MD", "DR", "DR" },   /* 50-99 */
	{ "AP", "AR", "MD", "DR", "DR", "DP" },   /* 100-199 */
	{ "AR", "MD", "MD", "DR", "DR", "DP" },   /* 200-299 */
	{ "MD", "MD", "DR", "DR", "DP", "DP" },   /* 300-399 */
	{ "MD", "DR", "DR", "DP", "DP", "DP" },   /* 400-499 */
	{ "MD", "DR", "DP", "DP", "DP", "OR" },   /* 500-599 */
	{ "MD", "DP", "DP", "DP", "OR", "OR" },   /* >=600 */
};
static const char *const ASSAULT[8][6] = {
	{ "AD", "AD", "AD", "AA", "AA", "AA" },
	{ "AD", "AD", "AA", "AA", "BB", "DA" },
	{ "AD", "AA", "AA", "BB", "DA", "DA" },
	{ "AA", "AA", "BB", "DA", "DA", "DA" },
	{ "BB", "BB", "DA", "DA", "DA", "DD" },
	{ "BB", "BB", "DA", "DA", "DD", "DD" },
	{ "BB", "BB", "BB", "DA", "DD", "DE" },
	{ "BB", "BB", "BB", "DD", "DE", "DE" },
};

static int load_tables(struct crt *mob, struct crt *asl, struct error *err)
{
	size_t len = 0;
	char *text = read_all(CRT_FILE, &len);
	struct doc *d;
	int rc = -1;

	if (!text)
		return errorf(err, 1, "cannot read %s", CRT_FILE);
	d = doc_new("crt.yaml");
	if (doc_parse(d, text, len, &DOC_LIMITS_GAME, err) == 0 &&
	    crt_load(mob, d, doc_get(d->root, "crt-mobile"), err) == 0 &&
	    crt_load(asl, d, doc_get(d->root, "crt-assault"), err) == 0)
		rc = 0;
	doc_free(d);
	free(text);
	return rc;
}

static int fx_is(const struct crt_result *r, int side, int i, int kind,
		 int n)
{
	return r->n_fx[side] > i && r->fx[side][i].kind == kind &&
	       r->fx[side][i].n == n;
}

static const struct crt_result *result(const struct crt *t,
				       const char *code)
{
	int i;

	for (i = 0; i < t->n_results; i++)
		if (!strcmp(t->result[i].code, code))
			return &t->result[i];
	return NULL;
}

static void tables(void)
{
	static const char *const mob_codes = "AP AR MD DR DP OR";
	static const char *const asl_codes = "AD AA BB DA DD DE";
	struct crt mob, asl;
	struct error err = { 0 };
	const struct crt_result *r;
	int band, die, same_m = 1, same_a = 1, own = 1;

	CHECK(load_tables(&mob, &asl, &err) == 0, "crt.yaml's two tables "
	      "load through crt_load (%s)", err.msg);
	CHECK(mob.index == CRT_PERCENT && asl.index == CRT_PERCENT &&
	      mob.n_cols == 8 && asl.n_cols == 8 && mob.die == 6 &&
	      asl.die == 6, "27.1, 27.2: eight percentage bands, one die");
	for (band = 0; band < 8; band++)
		for (die = 1; die <= 6; die++) {
			r = crt_lookup(&mob, band, die);
			if (!r || strcmp(r->code, MOBILE[band][die - 1]))
				same_m = 0;
			if (!r || !strstr(mob_codes, r->code))
				own = 0;
			r = crt_lookup(&asl, band, die);
			if (!r || strcmp(r->code, ASSAULT[band][die - 1]))
				same_a = 0;
			if (!r || !strstr(asl_codes, r->code))
				own = 0;
		}
	CHECK(same_m, "27.1 mobile table: all 48 cells as printed");
	CHECK(same_a, "27.2 assault table: all 48 cells as printed");
	CHECK(own, "each table uses only its own six result codes (the "
	      "garbled rows were sorted by code)");

	/* 12.2 (4): attack / defence x 100, the band at or below */
	CHECK(crt_column(&mob, 49, 100) == 0 && crt_column(&mob, 1, 2) == 1,
	      "49%% is <=49, 50%% is 50-99");
	CHECK(crt_column(&mob, 7, 3) == 3, "7 against 3 is 233%%: 200-299");
	CHECK(crt_column(&mob, 599, 100) == 6 && crt_column(&mob, 6, 1) == 7
	      && crt_column(&mob, 40, 1) == 7, "599%% is 500-599; 600%% and "
	      "more are >=600");
	CHECK(crt_column(&asl, 3, 9) == 0, "3 against 9 (33%%) is <=49");

	/* 12.23, result by result */
	r = result(&asl, "AA");
	CHECK(r && r->n_fx[0] == 1 && fx_is(r, 0, 0, FX_LOSE_STRONGEST, 1) &&
	      r->n_fx[1] == 0 && !r->advance[0] && !r->advance[1],
	      "AA: the attacker's strongest unit, no retreat or advance");
	r = result(&asl, "AD");
	CHECK(r && fx_is(r, 0, 0, FX_LOSE_HALF, 1) &&
	      fx_is(r, 0, 1, FX_RETREAT, 1) && r->advance[1] == 1 &&
	      !r->advance[0] && r->n_fx[1] == 0, "AD: attackers of half "
	      "the printed strength, the rest retreat 1, the defender "
	      "advances 1");
	r = result(&mob, "AP");
	CHECK(r && fx_is(r, 0, 0, FX_LOSE_STRONGEST, 1) &&
	      fx_is(r, 0, 1, FX_RETREAT_DIE, 1) && r->advance[1] == 1 &&
	      r->n_fx[1] == 0, "AP: the attacker's strongest, the rest "
	      "retreat a new die roll, the defender advances 1");
	r = result(&mob, "AR");
	CHECK(r && r->n_fx[0] == 1 && fx_is(r, 0, 0, FX_RETREAT, 1) &&
	      r->n_fx[1] == 0 && r->advance[1] == 1, "AR (reading: the "
	      "attackers retreat 1, the translator's query), the defender "
	      "advances 1");
	r = result(&asl, "BB");
	CHECK(r && r->n_fx[0] == 1 && r->n_fx[1] == 1 &&
	      fx_is(r, 0, 0, FX_LOSE_HALF, 1) &&
	      fx_is(r, 1, 0, FX_LOSE_HALF, 1) && !r->advance[0] &&
	      !r->advance[1], "BB: both sides lose half, no retreat or "
	      "advance");
	r = result(&asl, "DA");
	CHECK(r && r->n_fx[1] == 1 && fx_is(r, 1, 0, FX_LOSE_STRONGEST, 1) &&
	      r->n_fx[0] == 0 && !r->advance[0], "DA: the defender's "
	      "strongest, no retreat or advance");
	r = result(&asl, "DD");
	CHECK(r && fx_is(r, 1, 0, FX_LOSE_HALF, 1) &&
	      fx_is(r, 1, 1, FX_RETREAT, 1) && r->advance[0] == 1 &&
	      r->n_fx[0] == 0, "DD: defenders of half, the rest retreat 1, "
	      "the attacker advances 1");
	r = result(&asl, "DE");
	CHECK(r && fx_is(r, 1, 0, FX_ELIMINATED, 1) && r->n_fx[1] == 1 &&
	      r->advance[0] == 1, "DE: every defender eliminated, the "
	      "attacker advances 1");
	r = result(&mob, "DP");
	CHECK(r && fx_is(r, 1, 0, FX_LOSE_STRONGEST, 1) &&
	      fx_is(r, 1, 1, FX_RETREAT_DIE, 1) && r->advance[0] == 2,
	      "DP: the defender's strongest, the rest retreat a new die "
	      "roll, the attacker advances up to 2");
	r = result(&mob, "DR");
	CHECK(r && r->n_fx[1] == 1 && fx_is(r, 1, 0, FX_RETREAT, 1) &&
	      r->n_fx[0] == 0 && r->advance[0] == 1, "DR: the defenders "
	      "retreat 1, the attacker advances 1");
	r = result(&mob, "MD");
	CHECK(r && fx_is(r, 0, 0, FX_LOSE_STRONGEST, 1) && r->n_fx[0] == 1 &&
	      fx_is(r, 1, 0, FX_RETREAT, 1) && r->n_fx[1] == 1 &&
	      r->advance[0] == 1, "MD: the attacker's strongest, the "
	      "defenders retreat 1, the attacker advances 1");
	r = result(&mob, "OR");
	CHECK(r && fx_is(r, 1, 0, FX_ELIMINATED, 1) && r->advance[0] == 3,
	      "OR: every defender eliminated, the attacker advances up to 3");
}

/* ---- a small map with the TEC's rows (map.yaml's) ---- */

/* 8 x 8, flat, even columns lower. Sectors: columns 1-4 are 1BF, 5-8
 * 1UF; one boundary hexside 0404-0504 (enough for 5.2). 0304 is clear
 * with rivers on its north and south hexsides; 0107 has a river with an
 * intact bridge on its north; 0207 is an objective with a river on its
 * north; 0203 is city; 0706 is S-Bahn; 0602 is the flak tower's hex;
 * 0505 is the Reichstag. */
static const char MAP[] =
	"map:\n"
	"  provenance: provisional\n"
	"  orientation: flat\n"
	"  shifted: even\n"
	"  columns: 8\n"
	"  rows: 8\n"
	"  default: clear\n"
	"  terrain:\n"
	"    clear: {cost: 1}\n"
	"    city: {cost: 2, crt: {german: assault}}\n"
	"    objective: {cost: 2, defence: {german: 200, soviet: 100}, "
	"crt: {german: assault}, ignore-retreat: {german: \"yes\"}, "
	"zoc: {soviet: \"no\"}}\n"
	"    reichstag: {cost: 2, defence: {german: 200, soviet: 100}, "
	"crt: {german: assault}, ignore-retreat: {german: \"yes\"}, "
	"zoc: {soviet: \"no\", german: \"no\"}}\n"
	"  hexsides:\n"
	"    river: {cost: 3, defence: 200}\n"
	"    stream: {cost: 3, defence: 200}\n"
	"    lake: {cost: 6, defence: 200}\n"
	"    bridge: {cost: 0}\n"
	"    demolished: {cost: 0}\n"
	"    road: {cost: 1}\n"
	"    railway: {cost: 1}\n"
	"    boundary: {cost: \"no\", attack: \"no\", zoc: \"no\"}\n"
	"  fortification: {}\n"
	"  features:\n"
	"    sbahn: {defence: {german: 200, soviet: 100}, "
	"crt: {german: assault}}\n"
	"    flak-tower: {}\n"
	"  zoc: {to-zoc: \"no\", leave: 0}\n"
	"  regions:\n"
	"    sector-1bf: \"0101-0108,0201-0208,0301-0308,0401-0408,0505\"\n"
	"    sector-1uf: \"0501-0508,0601-0608,0701-0708,0801-0808\"\n"
	"    reichstag: \"0505\"\n"
	"  hexes: |\n"
	"    0203 city\n"
	"    0207 objective\n"
	"    0505 reichstag\n"
	"    0602 clear flak-tower\n"
	"    0706 clear sbahn\n"
	"  sides: |\n"
	"    0303 0304 river spree\n"
	"    0304 0305 river spree\n"
	"    0106 0107 river bridge spree\n"
	"    0206 0207 river spree\n"
	"    0404 0504 boundary\n";

enum { SOV = 0, GER = 1 };

struct world {
	struct hex_map map;
	struct hunit u[16];
	int n;
	int16_t occ[HEX_MAX];
	int16_t next[HEX_UNITS_MAX];
	uint8_t mobile[16], flak[16], me262[16], noloc[16];
	int bridge_all;           /* every water hexside bridged (19.1) */
	struct hex_rules r;
	struct rc_env e;
};

static int w_mobile(const void *user, int u)
{
	return ((const struct world *)user)->mobile[u];
}

static int w_flak(const void *user, int u)
{
	return ((const struct world *)user)->flak[u];
}

static int w_me262(const void *user, int u)
{
	return ((const struct world *)user)->me262[u];
}

static int w_barrage_ok(const void *user, int u)
{
	return !((const struct world *)user)->noloc[u];
}

static int w_bridged(const void *user, int a, int dir)
{
	return ((const struct world *)user)->bridge_all;
}

/* 11.0(2), 5.6: the map's zoc rows by the exerting unit's allegiance */
static int w_exerts(const void *user, int u, int h)
{
	const struct world *w = user;

	return hex_zoc_into(&w->map, h, w->u[u].side == GER ?
			    w->e.al_german : w->e.al_soviet);
}

static struct world *world_new(void)
{
	struct world *w = calloc(1, sizeof *w);
	struct doc *d = doc_new("map.yaml");
	struct error err = { 0 };
	int rc;

	rc = doc_parse(d, MAP, strlen(MAP), &DOC_LIMITS_GAME, &err);
	if (rc == 0)
		rc = hex_map_load(&w->map, d, doc_get(d->root, "map"), &err);
	doc_free(d);
	if (rc < 0) {
		printf("# map: %s\n", err.msg);
		free(w);
		return NULL;
	}
	w->r.map = &w->map;
	w->r.units = w->u;
	w->r.occupant = w->occ;
	w->r.next = w->next;
	w->r.exerts_zoc = w_exerts;
	w->r.bridged = w_bridged;
	w->r.user = w;
	w->e.r = &w->r;
	w->e.german = GER;
	w->e.al_german = hex_allegiance(&w->map, "german");
	w->e.al_soviet = hex_allegiance(&w->map, "soviet");
	w->e.sector[0] = hex_region(&w->map, "sector-1bf");
	w->e.sector[1] = hex_region(&w->map, "sector-1uf");
	w->e.reichstag = hex_region(&w->map, "reichstag");
	w->e.mobile = w_mobile;
	w->e.flak = w_flak;
	w->e.me262 = w_me262;
	w->e.barrage_ok = w_barrage_ok;
	w->e.user = w;
	return w;
}

/* Stacks from the units' hexes (in unit order). */
static void restack(struct world *w)
{
	int i, h, last[HEX_MAX];

	for (h = 0; h < HEX_MAX; h++) {
		w->occ[h] = -1;
		last[h] = -1;
	}
	for (i = 0; i < w->n; i++) {
		w->next[i] = -1;
		if (w->u[i].where != U_MAP)
			continue;
		h = w->u[i].hex;
		if (last[h] < 0)
			w->occ[h] = (int16_t)i;
		else
			w->next[last[h]] = (int16_t)i;
		last[h] = i;
	}
	w->r.n_units = w->n;
}

/* A unit: printed attack a, defence d (a parenthesized unit: a = 0). */
static int add(struct world *w, const char *id, int side, int a, int d,
	       int mobile, const char *hex)
{
	struct hunit *u = &w->u[w->n];

	memset(u, 0, sizeof *u);
	snprintf(u->id, sizeof u->id, "%s", id);
	u->side = (int8_t)side;
	u->att = (uint8_t)a;
	u->def = (uint8_t)d;
	u->mov = (uint8_t)(mobile ? 6 : 0);
	u->where = U_MAP;
	u->hex = (int16_t)hex_parse(&w->map, hex);
	w->mobile[w->n] = (uint8_t)mobile;
	w->flak[w->n] = w->me262[w->n] = w->noloc[w->n] = 0;
	w->n++;
	restack(w);
	return w->n - 1;
}

static void clear(struct world *w)
{
	w->n = 0;
	w->bridge_all = 0;
	restack(w);
}

/* An attack on hex `def` by units a0.. (-1 ends the list). */
static struct rc_attack attack(struct world *w, const char *def, int barrage,
			       int a0, int a1, int a2)
{
	struct rc_attack a;

	memset(&a, 0, sizeof a);
	a.def[a.n_def++] = (int16_t)hex_parse(&w->map, def);
	if (a0 >= 0)
		a.att[a.n_att++] = (int16_t)a0;
	if (a1 >= 0)
		a.att[a.n_att++] = (int16_t)a1;
	if (a2 >= 0)
		a.att[a.n_att++] = (int16_t)a2;
	a.barrage = barrage;
	return a;
}

/* The hex next to `hex` in direction d, as text. */
static const char *nb(struct world *w, const char *hex, int d, char buf[8])
{
	return hex_id(hex_neighbour(&w->map, hex_parse(&w->map, hex), d), buf);
}

static void barrage_and_percent(struct world *w)
{
	struct rc_totals t;
	struct rc_attack a;
	int s1, s2, g;

	clear(w);
	g = add(w, "G3", GER, 3, 3, 1, "0604");
	s1 = add(w, "S4", SOV, 4, 4, 1, "0603");
	s2 = add(w, "S3", SOV, 3, 3, 1, "0605");
	(void)g;
	a = attack(w, "0604", 0, s1, s2, -1);
	CHECK(rc_totals(&w->e, &a, &t) == 233 && t.att == 7 && t.def == 3,
	      "12.2: 4 + 3 against 3 in clear: 7 / 3 x 100 = 233%% "
	      "(got %d: %d/%d)", t.percent, t.att, t.def);
	a.barrage = 1;
	CHECK(rc_totals(&w->e, &a, &t) == 466 && t.att == 14 &&
	      t.att_pct[0] == 200 && t.att_pct[1] == 200, "12.14: a barrage "
	      "zone doubles every attacker once: 14 / 3 = 466%% (got %d)",
	      t.percent);
	w->noloc[s2] = 1;
	CHECK(rc_totals(&w->e, &a, &t) == 366 && t.att == 11, "24.5: an "
	      "attacker without a line of communication is not doubled: "
	      "8 + 3 = 11 (got %d)", t.att);
	w->noloc[s2] = 0;
	CHECK(rc_forced_table(&w->e, &a) < 0 &&
	      rc_table(&w->e, &a, RC_MOBILE) == RC_MOBILE &&
	      rc_table(&w->e, &a, RC_ASSAULT) == RC_ASSAULT, "12.21: in "
	      "clear terrain the attacker chooses the table");
	CHECK(t.att_printed == 7 && t.def_printed == 3, "12.23: the printed "
	      "totals ignore the doubling (7, 3)");
}

static void hexsides(struct world *w)
{
	struct rc_totals t;
	struct rc_attack a;
	char x[8];
	int s1, s2, s3, d, land = -1;

	/* 0304: rivers to the north (0303) and south (0305) */
	clear(w);
	add(w, "G3", GER, 3, 3, 1, "0304");
	s1 = add(w, "S4", SOV, 4, 4, 1, "0303");
	s2 = add(w, "S3", SOV, 3, 3, 1, "0305");
	a = attack(w, "0304", 0, s1, -1, -1);
	rc_totals(&w->e, &a, &t);
	CHECK(t.def == 6 && t.water[0] && t.terrain_pct[0] == 200,
	      "12.18: one attacker, across the river: the defender doubled "
	      "(3 -> %d)", t.def);
	a = attack(w, "0304", 0, s1, s2, -1);
	rc_totals(&w->e, &a, &t);
	CHECK(t.def == 6 && t.water[0], "12.18: two attackers, each across "
	      "a river hexside of the hex: doubled (3 -> %d)", t.def);
	/* a third from a land hexside */
	for (d = 0; d < 6; d++) {
		int h = hex_neighbour(&w->map, hex_parse(&w->map, "0304"), d);

		if (h >= 0 && !hex_side_has(&w->map, h, (d + 3) % 6, HS_RIVER)
		    && !hex_side_has(&w->map, h, (d + 3) % 6, HS_BOUNDARY)) {
			land = d;
			break;
		}
	}
	s3 = add(w, "S2", SOV, 2, 2, 1, nb(w, "0304", land, x));
	a = attack(w, "0304", 0, s1, s2, s3);
	rc_totals(&w->e, &a, &t);
	CHECK(t.def == 3 && !t.water[0], "12.18: one attacker of three not "
	      "across the river (from %s): no hexside benefit (def %d)", x,
	      t.def);
	/* 19.1: an engineer makes the river count as bridged */
	w->bridge_all = 1;
	a = attack(w, "0304", 0, s1, -1, -1);
	rc_totals(&w->e, &a, &t);
	CHECK(t.def == 3 && !t.water[0], "19.1: an engineer of the attacker "
	      "cancels the river's defence benefit (def %d)", t.def);
	w->bridge_all = 0;

	/* TEC: an intact bridge is "other terrain" */
	clear(w);
	add(w, "G3", GER, 3, 3, 1, "0107");
	s1 = add(w, "S4", SOV, 4, 4, 1, "0106");
	a = attack(w, "0107", 0, s1, -1, -1);
	rc_totals(&w->e, &a, &t);
	CHECK(t.def == 3 && !t.water[0], "TEC: across an intact bridge the "
	      "hexside gives no doubling (def %d)", t.def);

	/* 12.19: objective x2 and river x2 are not cumulative */
	clear(w);
	add(w, "G3", GER, 3, 3, 1, "0207");
	s1 = add(w, "S4", SOV, 4, 4, 1, "0206");
	a = attack(w, "0207", 0, s1, -1, -1);
	rc_totals(&w->e, &a, &t);
	CHECK(t.def == 6 && t.terrain_pct[0] == 200, "12.19: objective hex "
	      "behind a river: x2, not x4 (3 -> %d)", t.def);
	CHECK(rc_forced_table(&w->e, &a) == RC_ASSAULT &&
	      rc_table(&w->e, &a, RC_MOBILE) == RC_ASSAULT, "12.21: a "
	      "German in a strategic objective hex: the assault table");
	/* TEC: Soviets in an objective hex are x1 and free to choose */
	clear(w);
	add(w, "S3", SOV, 3, 3, 1, "0207");
	s1 = add(w, "G4", GER, 4, 4, 1, nb(w, "0207", 2, x));
	a = attack(w, "0207", 0, s1, -1, -1);
	rc_totals(&w->e, &a, &t);
	CHECK(t.def == 3 && rc_forced_table(&w->e, &a) < 0, "TEC: a Soviet "
	      "unit in an objective hex is x1 and the German attacker "
	      "chooses the table (def %d)", t.def);
}

static void flak(struct world *w)
{
	struct rc_totals t;
	struct rc_attack a;
	char x[8];
	int tower, g, s1, fx;
	int h0602 = hex_parse(&w->map, "0602");

	/* the tower at 0602 (1UF sector); a German mobile 3 at 0604 */
	clear(w);
	tower = add(w, "FT", GER, 6, 6, 0, "0602");
	w->flak[tower] = 1;
	g = add(w, "G3", GER, 3, 3, 1, "0604");
	s1 = add(w, "S4", SOV, 4, 4, 1, "0605");
	CHECK(hex_distance(&w->map, h0602, hex_parse(&w->map, "0604")) == 2,
	      "(0604 is 2 hexes from the tower)");
	a = attack(w, "0604", 0, s1, -1, -1);
	rc_totals(&w->e, &a, &t);
	CHECK(t.def == 6, "12.15: a German mobile unit within 2 hexes of a "
	      "face-up flak tower defends doubled (3 -> %d)", t.def);
	w->mobile[g] = 0;
	rc_totals(&w->e, &a, &t);
	CHECK(t.def == 3, "12.15: a fixed unit there is not doubled (%d)",
	      t.def);
	w->mobile[g] = 1;
	/* the tower itself, attacked: 6, not doubled (16.4) */
	clear(w);
	tower = add(w, "FT", GER, 6, 6, 0, "0602");
	w->flak[tower] = 1;
	s1 = add(w, "S4", SOV, 4, 4, 1, "0603");
	a = attack(w, "0602", 0, s1, -1, -1);
	rc_totals(&w->e, &a, &t);
	CHECK(t.def == 6, "16.4: the flak tower itself is not doubled (%d)",
	      t.def);
	/* 3 hexes away: not doubled */
	clear(w);
	tower = add(w, "FT", GER, 6, 6, 0, "0602");
	w->flak[tower] = 1;
	add(w, "G3", GER, 3, 3, 1, "0605");
	s1 = add(w, "S4", SOV, 4, 4, 1, "0606");
	CHECK(hex_distance(&w->map, h0602, hex_parse(&w->map, "0605")) == 3,
	      "(0605 is 3 hexes from the tower)");
	a = attack(w, "0605", 0, s1, -1, -1);
	rc_totals(&w->e, &a, &t);
	CHECK(t.def == 3, "12.15: 3 hexes from the tower: not doubled (%d)",
	      t.def);
	/* within 2, but in the other sector: not doubled (16.4) */
	clear(w);
	tower = add(w, "FT", GER, 6, 6, 0, "0602");
	w->flak[tower] = 1;
	add(w, "G3", GER, 3, 3, 1, "0402");
	s1 = add(w, "S4", SOV, 4, 4, 1, "0401");
	CHECK(hex_distance(&w->map, h0602, hex_parse(&w->map, "0402")) == 2,
	      "(0402 is 2 hexes from the tower, in the 1BF sector)");
	a = attack(w, "0402", 0, s1, -1, -1);
	rc_totals(&w->e, &a, &t);
	CHECK(t.def == 3, "16.4: within 2 hexes but in the other sector: not "
	      "doubled (%d)", t.def);
	/* a tower no longer on the map doubles nothing */
	clear(w);
	tower = add(w, "FT", GER, 6, 6, 0, "0602");
	w->flak[tower] = 1;
	w->u[tower].where = U_ELIMINATED;
	restack(w);
	add(w, "G3", GER, 3, 3, 1, "0604");
	s1 = add(w, "S4", SOV, 4, 4, 1, "0605");
	a = attack(w, "0604", 0, s1, -1, -1);
	rc_totals(&w->e, &a, &t);
	CHECK(t.def == 3, "12.15: an eliminated tower doubles nothing (%d)",
	      t.def);

	/* attacking: a German mobile 3 within 2 of the tower attacks at 6;
	 * with an Me-262 too, x3 (12.20), not x4 */
	clear(w);
	tower = add(w, "FT", GER, 6, 6, 0, "0602");
	w->flak[tower] = 1;
	g = add(w, "G3", GER, 3, 3, 1, "0603");
	s1 = add(w, "S4", SOV, 4, 4, 1, nb(w, "0603", 3, x));
	a = attack(w, x, 0, g, -1, -1);
	rc_totals(&w->e, &a, &t);
	CHECK(t.att == 6 && t.att_pct[0] == 200, "12.15: a German mobile "
	      "unit near a tower attacks doubled (3 -> %d)", t.att);
	w->me262[g] = 1;
	rc_totals(&w->e, &a, &t);
	CHECK(t.att == 9 && t.att_pct[0] == 300, "12.20: flak and Me-262 "
	      "together: tripled, not quadrupled (3 -> %d)", t.att);
	(void)s1;

	/* 12.20: objective (x2) and flak (x2): x3 */
	clear(w);
	tower = add(w, "FT", GER, 6, 6, 0, "0602");
	w->flak[tower] = 1;
	/* put the objective hex's defender near a tower: move the tower */
	w->u[tower].hex = (int16_t)hex_parse(&w->map, "0208");
	restack(w);
	g = add(w, "G3", GER, 3, 3, 1, "0207");
	fx = add(w, "S4", SOV, 4, 4, 1, "0206");
	a = attack(w, "0207", 1, fx, -1, -1);
	rc_totals(&w->e, &a, &t);
	CHECK(t.def == 9 && t.def_pct[0] == 300, "12.20: a German mobile 3 "
	      "in an objective hex near a flak tower defends at 9 (x3, "
	      "not x4; got %d)", t.def);
	CHECK(t.att == 8 && t.percent == 88, "12.14 with it: 4 x 2 = 8 "
	      "against 9 = 88%% (got %d)", t.percent);
}

static void forced_tables(struct world *w)
{
	struct rc_attack a;
	char x[8];
	int s1, g;

	clear(w);
	add(w, "G3", GER, 3, 3, 1, "0203");
	s1 = add(w, "S4", SOV, 4, 4, 1, nb(w, "0203", 3, x));
	a = attack(w, "0203", 0, s1, -1, -1);
	CHECK(rc_table(&w->e, &a, RC_MOBILE) == RC_ASSAULT, "12.21: a German "
	      "in a city hex: the assault table");
	clear(w);
	add(w, "G3", GER, 3, 3, 1, "0706");
	s1 = add(w, "S4", SOV, 4, 4, 1, nb(w, "0706", 3, x));
	a = attack(w, "0706", 0, s1, -1, -1);
	CHECK(rc_table(&w->e, &a, RC_MOBILE) == RC_ASSAULT, "12.21: a German "
	      "in an S-Bahn hex: the assault table");
	clear(w);
	add(w, "S3", SOV, 3, 3, 1, "0203");
	g = add(w, "G4", GER, 4, 4, 1, nb(w, "0203", 3, x));
	a = attack(w, "0203", 0, g, -1, -1);
	CHECK(rc_table(&w->e, &a, RC_MOBILE) == RC_MOBILE, "12.21: Germans "
	      "attacking Soviets in a city choose freely");
	/* two defending hexes, one of them city */
	clear(w);
	add(w, "G3", GER, 3, 3, 1, "0203");
	add(w, "G2", GER, 2, 2, 1, "0204");
	s1 = add(w, "S4", SOV, 4, 4, 1, "0104");
	memset(&a, 0, sizeof a);
	a.def[a.n_def++] = (int16_t)hex_parse(&w->map, "0204");
	a.def[a.n_def++] = (int16_t)hex_parse(&w->map, "0203");
	a.att[a.n_att++] = (int16_t)s1;
	CHECK(hex_distance(&w->map, hex_parse(&w->map, "0104"),
			   hex_parse(&w->map, "0204")) == 1 &&
	      hex_distance(&w->map, hex_parse(&w->map, "0104"),
			   hex_parse(&w->map, "0203")) == 1 &&
	      rc_table(&w->e, &a, RC_MOBILE) == RC_ASSAULT, "12.21: one or "
	      "more defenders in a city hex: the assault table for the whole "
	      "attack");
	CHECK(rc_table_parse("assault") == RC_ASSAULT &&
	      rc_table_parse("M") == RC_MOBILE && rc_table_parse("x") < 0,
	      "table names: mobile/assault, m/a");
}

static void declarations(struct world *w)
{
	struct rc_attack a;
	char why[256], x[8];
	uint8_t attacked[16] = { 0 }, defended[16] = { 0 };
	int s1, s2, p, g, z;
	int16_t out[16];
	int na, nd;

	/* a Soviet stack of two and a parenthesized unit */
	clear(w);
	g = add(w, "G3", GER, 3, 3, 1, "0604");
	s1 = add(w, "S4", SOV, 4, 4, 1, "0603");
	s2 = add(w, "S3", SOV, 3, 3, 1, "0603");
	a = attack(w, "0604", 0, s1, -1, -1);
	CHECK(rc_check(&w->e, SOV, &a, NULL, NULL, NULL, why, sizeof why) < 0
	      && strstr(why, "12.10") && strstr(why, "S3"), "12.10: one unit "
	      "of a stack alone refused (%s)", why);
	a = attack(w, "0604", 0, s1, s2, -1);
	CHECK(rc_check(&w->e, SOV, &a, NULL, NULL, NULL, why, sizeof why) == 0,
	      "12.10: the whole stack attacks (%s)", why);
	attacked[s1] = attacked[s2] = 1;
	CHECK(rc_check(&w->e, SOV, &a, attacked, NULL, NULL, why, sizeof why)
	      < 0 && strstr(why, "12.0"), "a unit attacks once a phase (%s)",
	      why);
	memset(attacked, 0, sizeof attacked);
	defended[g] = 1;
	CHECK(rc_check(&w->e, SOV, &a, NULL, defended, NULL, why, sizeof why)
	      < 0 && strstr(why, "13.5"), "a hex attacked already (and not "
	      "retreated into since) refused (%s)", why);
	memset(defended, 0, sizeof defended);

	/* 12.12: a parenthesized unit does not attack, even in an EZOC */
	clear(w);
	add(w, "S4", SOV, 4, 4, 1, "0603");
	p = add(w, "G(2)", GER, 0, 2, 0, "0604");
	a = attack(w, "0603", 0, p, -1, -1);
	CHECK(rc_check(&w->e, GER, &a, NULL, NULL, NULL, why, sizeof why) < 0
	      && strstr(why, "12.12"), "12.12: a parenthesized unit may not "
	      "attack (%s)", why);
	CHECK(rc_att_pct(&w->e, &a, p) == 0, "12.12: its attack is 0");
	rc_obligations(&w->e, GER, NULL, NULL, out, &na, NULL, &nd);
	CHECK(na == 0 && nd == 1, "12.0 with 12.12: the parenthesized unit "
	      "has no duty to attack; the Soviet next to it must be "
	      "attacked only if a German can (%d, %d)", na, nd);
	CHECK(!rc_can_attack(&w->e, p, NULL), "12.12: it can attack nothing");

	/* 5.2: not across the boundary (0404-0504) */
	clear(w);
	add(w, "G3", GER, 3, 3, 1, "0504");
	s1 = add(w, "S4", SOV, 4, 4, 1, "0404");
	a = attack(w, "0504", 0, s1, -1, -1);
	CHECK(rc_check(&w->e, SOV, &a, NULL, NULL, NULL, why, sizeof why) < 0
	      && strstr(why, "5.2"), "5.2: no attack across the sector "
	      "boundary (%s)", why);
	rc_obligations(&w->e, SOV, NULL, NULL, NULL, &na, NULL, &nd);
	CHECK(na == 0 && nd == 0, "11.0(1): no ZOC across the boundary, so "
	      "no duty to attack across it (%d, %d)", na, nd);

	/* 12.0 must attack, 11.0(2): no Soviet ZOC into an objective hex */
	clear(w);
	g = add(w, "G3", GER, 3, 3, 1, "0207");
	s1 = add(w, "S4", SOV, 4, 4, 1, nb(w, "0207", 2, x));
	rc_obligations(&w->e, SOV, NULL, NULL, out, &na, NULL, &nd);
	CHECK(na == 1 && out[0] == s1 && nd == 0, "12.0, 11.0(2): the Soviet "
	      "in the German ZOC must attack; the German in the objective "
	      "hex is in no Soviet ZOC, so need not be attacked (%d, %d)",
	      na, nd);
	rc_obligations(&w->e, GER, NULL, NULL, out, &na, NULL, &nd);
	CHECK(na == 0 && nd == 1, "and with the Germans attacking: the "
	      "German is in no Soviet ZOC (no duty), the Soviet is in the "
	      "German ZOC (must be attacked) (%d, %d)", na, nd);
	clear(w);
	g = add(w, "G3", GER, 3, 3, 1, "0604");
	s1 = add(w, "S4", SOV, 4, 4, 1, "0603");
	rc_obligations(&w->e, SOV, NULL, NULL, NULL, &na, NULL, &nd);
	CHECK(na == 1 && nd == 1, "12.0: in clear both duties stand");
	attacked[s1] = 1;
	defended[g] = 1;
	CHECK(rc_obligations(&w->e, SOV, attacked, defended, NULL, NULL,
			     NULL, NULL) == 0, "12.0: met once attacked");
	memset(attacked, 0, sizeof attacked);
	CHECK(!rc_can_attack(&w->e, s1, defended), "an obligation that can "
	      "no longer be met: every enemy next to it has been attacked");
	memset(defended, 0, sizeof defended);

	/* 12.13: 0-strength units in an enemy ZOC */
	clear(w);
	add(w, "S4", SOV, 4, 4, 1, "0603");
	z = add(w, "SNIPER", GER, 0, 0, 0, "0604");
	add(w, "MARK", GER, 0, 0, 0, "0807");
	add(w, "G(1)", GER, 0, 1, 0, "0605");
	CHECK(rc_zero_strength(&w->e, out, 16) == 1 && out[0] == z,
	      "12.13: the 0-strength unit in a Soviet ZOC goes; the one "
	      "out of reach stays; a parenthesized (1) is not zero");
}

static void losses(struct world *w)
{
	int16_t who[3], top[3];
	uint8_t chosen[3];
	int n;

	clear(w);
	who[0] = (int16_t)add(w, "A8", SOV, 8, 8, 1, "0603");
	who[1] = (int16_t)add(w, "B4", SOV, 4, 4, 1, "0603");
	who[2] = (int16_t)add(w, "C4", SOV, 4, 4, 1, "0605");
	n = hex_strongest(w->u, who, 3, rc_printed_att, top);
	CHECK(n == 1 && top[0] == who[0], "12.23: the strongest by printed "
	      "strength");
	/* printed 16: half is 8; {A8} and {B4, C4} both meet it exactly */
	chosen[0] = 1, chosen[1] = chosen[2] = 0;
	CHECK(hex_half_ok(w->u, who, 3, rc_printed_att, chosen),
	      "12.23 half: 8 of 16 is at least half");
	chosen[0] = 0, chosen[1] = chosen[2] = 1;
	CHECK(hex_half_ok(w->u, who, 3, rc_printed_att, chosen),
	      "12.23 half: 4 + 4 of 16 too (the owner's choice)");
	chosen[0] = 0, chosen[1] = 1, chosen[2] = 0;
	CHECK(!hex_half_ok(w->u, who, 3, rc_printed_att, chosen),
	      "12.23 half: 4 of 16 is not");
	/* a parenthesized defender's printed strength is its defence */
	CHECK(rc_printed_def(&(struct hunit){ .att = 0, .def = 2 }) == 2 &&
	      rc_printed_att(&(struct hunit){ .att = 0, .def = 2 }) == 0,
	      "12.12: a (2) defends at 2 and attacks at nothing");
}

static void after_combat(struct world *w)
{
	int16_t path[8], opt[7];
	int g, f, s, k, whole, n, i, ok, dirs[6];
	int h0107 = hex_parse(&w->map, "0107");
	int origin;

	/* 13.0, 13.4, 13.6, 16.10 */
	clear(w);
	g = add(w, "G3", GER, 3, 3, 1, "0604");
	f = add(w, "F2", GER, 2, 2, 0, "0605");
	CHECK(rc_retreat_kind(&w->e, g) == RC_RETREATS &&
	      rc_retreat_kind(&w->e, f) == RC_ELIMINATED, "13.0, 13.4: a "
	      "mobile unit retreats, a fixed unit is eliminated instead");
	w->u[g].hex = w->u[f].hex = (int16_t)hex_parse(&w->map, "0207");
	restack(w);
	CHECK(rc_retreat_kind(&w->e, g) == RC_MAY_STAY &&
	      rc_retreat_kind(&w->e, f) == RC_IGNORES, "13.6: in an "
	      "objective hex a German may stay (owner's choice); a fixed "
	      "unit stays (reading: 13.6 before 13.4)");
	w->u[f].hex = (int16_t)hex_parse(&w->map, "0505");
	restack(w);
	CHECK(rc_retreat_kind(&w->e, f) == RC_IGNORES, "16.10: the Reichstag "
	      "garrison ignores retreats");
	s = add(w, "S3", SOV, 3, 3, 1, "0207");
	CHECK(rc_retreat_kind(&w->e, s) == RC_RETREATS, "TEC: a Soviet unit "
	      "in an objective hex retreats");

	/* 13.0: Soviets may leave the map, Germans may not */
	clear(w);
	s = add(w, "S3", SOV, 3, 3, 1, "0101");
	g = add(w, "G3", GER, 3, 3, 1, "0801");
	k = rc_retreat_options(&w->e, s, w->u[s].hex, w->u[s].hex, 1, 1, opt);
	for (ok = 0, i = 0; i < k; i++)
		ok |= opt[i] == RC_OFF_MAP;
	CHECK(ok, "13.0: a Soviet unit on the map edge may retreat off it");
	k = rc_retreat_options(&w->e, g, w->u[g].hex, w->u[g].hex, 1, 1, opt);
	for (ok = 1, i = 0; i < k; i++)
		ok &= opt[i] != RC_OFF_MAP;
	CHECK(ok && k > 0, "13.0: a German on the edge may not (%d hexes on "
	      "the map)", k);

	/* the standing order's retreat: exactly n hexes, away from the
	 * origin, never into an enemy ZOC */
	clear(w);
	g = add(w, "G3", GER, 3, 3, 1, "0404");
	add(w, "S4", SOV, 4, 4, 1, "0403");
	origin = w->u[g].hex;
	n = rc_retreat_auto(&w->e, g, origin, 2, 0, path, &whole);
	ok = n == 2 && whole;
	for (i = 0; ok && i < n; i++)
		ok = hex_distance(&w->map, origin, path[i]) == i + 1 &&
		     !hex_in_enemy_zoc(&w->r, GER, path[i]);
	CHECK(ok, "13.0: an auto retreat of 2 ends 2 hexes away, each step "
	      "farther, out of enemy ZOC (%d hexes)", n);
	/* surrounded by Soviet ZOC: no hex at all, eliminated */
	clear(w);
	g = add(w, "G3", GER, 3, 3, 1, "0703");
	add(w, "S1", SOV, 1, 1, 1, "0702");
	add(w, "S2", SOV, 1, 1, 1, "0803");
	add(w, "S3", SOV, 1, 1, 1, "0603");
	n = rc_retreat_auto(&w->e, g, w->u[g].hex, 1, 0, path, &whole);
	CHECK(n == 0 && !whole, "13.0: a unit that cannot retreat (every "
	      "neighbour held by or in the ZOC of Soviets) is eliminated "
	      "(%d)", n);
	/* 13.6: a panic retreat may stop in an objective hex: the German
	 * at 0206 retreating 3 stops in 0207 */
	clear(w);
	g = add(w, "G3", GER, 3, 3, 1, "0206");
	add(w, "S4", SOV, 4, 4, 1, "0205");
	n = rc_retreat_auto(&w->e, g, w->u[g].hex, 3, 1, path, &whole);
	CHECK(n == 1 && whole && path[0] == hex_parse(&w->map, "0207"),
	      "13.6: a panicked German stops in the objective hex it enters "
	      "(%d hexes)", n);
	n = rc_retreat_auto(&w->e, g, w->u[g].hex, 3, 0, path, &whole);
	CHECK(n == 3 && whole, "13.6: the same retreat, not a panic, goes "
	      "the whole 3 (%d)", n);

	/* 18.1, 18.2: the bridge 0106-0107 is checked once */
	clear(w);
	CHECK(rc_bridges_unchecked(&w->map, h0107, dirs) == 1, "18.1: 0107 "
	      "has one bridge to check");
	for (k = 0; k < 6 && hex_neighbour(&w->map, h0107, k) !=
	     hex_parse(&w->map, "0106"); k++)
		;
	CHECK(rc_bridge_roll(&w->map, h0107, k, 5) == 0 &&
	      rc_bridges_unchecked(&w->map, h0107, dirs) == 0 &&
	      rc_bridges_unchecked(&w->map, hex_parse(&w->map, "0106"), dirs)
	      == 0 && hex_side_has(&w->map, h0107, k, HS_BRIDGE) &&
	      !hex_side_has(&w->map, h0107, k, HS_DEMOLISHED), "18.2: 4-6 "
	      "the bridge stands for good, no second check from either side");
	hex_side_set(&w->map, h0107, k, HS_CHECKED, 0);
	CHECK(rc_bridge_roll(&w->map, h0107, k, 3) == 1 &&
	      hex_side_has(&w->map, h0107, k, HS_DEMOLISHED) &&
	      rc_bridges_unchecked(&w->map, h0107, dirs) == 0, "18.2: 1-3 "
	      "destroyed for good");
	{
		struct rc_totals t;
		struct rc_attack a;

		g = add(w, "G3", GER, 3, 3, 1, "0107");
		s = add(w, "S4", SOV, 4, 4, 1, "0106");
		a = attack(w, "0107", 0, s, -1, -1);
		rc_totals(&w->e, &a, &t);
		CHECK(t.def == 6 && t.water[0], "18.2 with 12.18: the river "
		      "behind a destroyed bridge doubles again (def %d)",
		      t.def);
	}
	hex_side_set(&w->map, h0107, k, HS_DEMOLISHED, 0);
}

/* ---- random games through the combat phases ---- */

static const char *const RANDOM_OOB =
	"S8 soviet 8-8-6 at 0303 1bf corps tank hm\n"
	"S3 soviet 3-3-6 at 0402 1bf div rifle\n"
	"E1 soviet 2-2-6 at 0203 1bf bde eng engineer\n"
	"S1 soviet 1-1-6 at 0101 1bf rgt recon hm recon\n"
	"S6 soviet 6-6-6 at 0206 1bf corps mech hm\n"
	"G3 german 3-3-0 at 0403 mobile rgt pzgr\n"
	"G2 german 2-2-0 at 0304 mobile rgt inf\n"
	"G1 german 1-1-0 at 0207 mobile bn inf\n"
	"GF german 2-2-0 at 0204 fixed other fixinf\n"
	"SN german 0-0-0 at 0104 fixed other sniper zero\n"
	"FT german 6-6-0 at 0208 fixed other flak\n"
	"SM german 0-0-0 at 0207 fixed other strategic zero\n"
	"U8 soviet 8-8-6 at 0603 1uf corps tank hm\n"
	"U4 soviet 4-4-6 at 0705 1uf div rifle\n"
	"G4 german 4-4-0 at 0604 mobile rgt pzgr\n"
	"G5 german 2-2-0 at 0706 mobile rgt inf\n"
	"GP german 0-2-0 at 0704 fixed other fixinf paren\n"
	"RG german 2-2-0 at 0505 fixed other fixinf\n";

struct rg_check {
	int bad;
	char why[160];
};

/* after each step: no hex holds both sides; at most 3 Germans a hex
 * (10.3), 2 Soviets (10.2); a unit on the map stands on a map hex */
static void rg_each(void *user, const void *state, size_t n)
{
	struct rg_check *k = user;
	const struct rttr *st = state;
	int h, u, g, s;

	for (h = 0; h < hex_end(&st->map) && !k->bad; h++) {
		g = s = 0;
		for (u = st->occ[h]; u >= 0; u = st->next[u])
			st->u[u].side == GERMAN ? g++ : s++;
		if ((g && s) || g > 3 || s > 2) {
			k->bad = 1;
			snprintf(k->why, sizeof k->why, "step %zu: hex %d holds "
				 "%d German and %d Soviet units", n, h, g, s);
		}
	}
	for (u = 0; u < st->n_units && !k->bad; u++)
		if (st->u[u].where == U_MAP && (st->u[u].hex < 0 ||
		    st->map.terr[st->u[u].hex] == 255)) {
			k->bad = 1;
			snprintf(k->why, sizeof k->why, "step %zu: %s on the "
				 "map at no hex", n, st->u[u].id);
		}
}

static void random_games(void)
{
	static const char *const CASE =
		"tests/conformance/race-to-the-reichstag/12.23-md.yaml";
	struct scenario scn;
	struct error err = { 0 };
	struct doc_node *opts;
	struct doc *od = doc_new("opts"), *d = doc_new("case");
	struct random_game g;
	struct rg_check k;
	struct run run;
	void *start = NULL;
	size_t len = 0;
	char *text = read_all(CASE, &len);
	struct doc_node *pos;
	int i, ended = 0, rc = -1, combats = 0;

	if (text && scenario_find("scenarios", "race-to-the-reichstag", &scn,
				  &err) == 0) {
		if (scenario_options(&scn, od, NULL, 0, &opts, &err) == 0 &&
		    scenario_start(&scn, opts, &start, &err) == 0 &&
		    doc_parse(d, text, len, &DOC_LIMITS_GAME, &err) == 0 &&
		    (pos = (struct doc_node *)doc_get(d->root, "position"))) {
			doc_put(d, pos, "oob", doc_str(d, RANDOM_OOB));
			doc_put(d, pos, "phase", doc_str(d, "1bf-movement"));
			doc_put(d, pos, "turns", doc_str(d, "2"));
			rc = scn.rs->load(start, d, pos, &err);
		}
		CHECK(rc == 0, "the random games' position loads (%s)",
		      err.msg);
		for (i = 0; rc == 0 && i < 12; i++) {
			memset(&k, 0, sizeof k);
			memset(&g, 0, sizeof g);
			g.rs = scn.rs;
			g.start = start;
			g.max_steps = 400;
			g.each = rg_each;
			g.user = &k;
			if (random_game_play(&g, i, &run)) {
				size_t e;
				int any = 0;

				ended++;
				for (e = 0; e < run.n_events; e++)
					any |= strstr(run.events[e].text,
						      "Column ") != NULL;
				combats += any;
				engine_free(&run);
			}
			CHECK(!k.bad, "game %d: stacking and sides hold (%s)", i,
			      k.why);
		}
		CHECK(rc == 0 && ended == 12, "12 random games through the "
		      "combat phases end (%d)", ended);
		CHECK(combats == 12, "and every one resolves an attack (the "
		      "1BF's are owed at once): %d of 12", combats);
		free(start);
		scenario_free(&scn);
	} else {
		CHECK(0, "the scenario and %s load (%s)", CASE, err.msg);
	}
	free(text);
	doc_free(d);
	doc_free(od);
}

int main(void)
{
	struct world *w;

	tables();
	w = world_new();
	CHECK(w != NULL, "the test map loads");
	if (w) {
		barrage_and_percent(w);
		hexsides(w);
		flak(w);
		forced_tables(w);
		declarations(w);
		losses(w);
		after_combat(w);
		free(w);
	}
	random_games();
	return unit_done("test_reichstag_combat");
}
