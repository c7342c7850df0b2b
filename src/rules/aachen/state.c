/*
 * state.c - Aachen: the state's declaration, from which statedecl.h saves
 * it, hashes it and loads it back (test positions, checkpoints). The start
 * state is setup.c's; a position may replace its map, order of battle,
 * table and victory hexes with setup.c's loaders (SDF_INPUT below).
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "umpire/statedecl.h"
#include "../lib/hexdecl.h"
#include "aachen.h"

/* ---- a unit's place: a hex, waiting or eliminated ---- */

static const char *place_word(int code, char buf[8])
{
	return code >= 0 ? hex_id(code, buf) :
		unit_where_names[code == -1 ? U_WAITING : U_ELIMINATED];
}

/* the place code (aa_place_code) of a word, or -3 */
static int place_parse(const struct aachen *st, const struct doc_node *n)
{
	int h = n->kind == DOC_SCALAR ? hex_parse(&st->map, n->str) : -1;

	if (h >= 0 || n->kind != DOC_SCALAR)
		return h >= 0 ? h : -3;
	return !strcmp(n->str, "waiting") ? -1 :
		!strcmp(n->str, "eliminated") ? -2 : -3;
}

static int not_a_place(const struct doc *d, const struct doc_node *n,
		       const char *key, struct error *err)
{
	return doc_bad(d, n, err, "%s: %s is not a hex, waiting or eliminated",
		      key, n->kind == DOC_SCALAR ? n->str : "(a collection)");
}

static const char *unit_id(const void *vst, int i)
{
	const struct aachen *st = vst;

	return i < st->n_units ? st->u[i].id : NULL;
}

static struct doc_node *unit_save(const void *vst, int u, struct doc *d)
{
	const struct aachen *st = vst;
	char x[8];

	return doc_str(d, place_word(aa_place_code(&st->u[u]), x));
}

/* a unit placed on the map holds its hex (control, 16.0) */
static int unit_load(void *vst, int u, const struct doc *d,
		     const struct doc_node *n, struct error *err)
{
	struct aachen *st = vst;
	int c = place_parse(st, n);

	if (c < -2)
		return not_a_place(d, n, "units", err);
	st->u[u].where = (uint8_t)(c >= 0 ? U_MAP : c == -1 ? U_WAITING :
				   U_ELIMINATED);
	st->u[u].hex = (int16_t)(c >= 0 ? c : HEX_NONE);
	if (c >= 0)
		st->ctrl[c] = (uint8_t)st->u[u].side;
	return 0;
}

/* ---- sets of hexes, hexsides and units (SD_SET) ---- */

/* Control is the occupant's; written are the hexes the Allies hold that
 * no unit is in (allied-control), and those a US unit is in but has not
 * captured (german-control: a set-up hex, 17.0). Loaded, a hex listed
 * is the side's; the others stay as the units left them. */
static int control_shown(const void *vst, int side, int h)
{
	const struct aachen *st = vst;

	if (st->ctrl[h] != side || st->map.terr[h] == 255)
		return 0;
	return side == ALLIED ? st->occ[h] < 0 : st->occ[h] >= 0 &&
		st->u[st->occ[h]].side == ALLIED;
}

static void control_set(void *vst, int side, int h, int on)
{
	if (on)
		((struct aachen *)vst)->ctrl[h] = (uint8_t)side;
}

/* 9.0: the units on the map out of supply (a unit eliminated out of
 * supply keeps its flag until its side's next supply check) */
static int out_of_supply(const void *vst, int arg, int u)
{
	const struct aachen *st = vst;

	return st->oos[u] && st->u[u].where == U_MAP;
}

static void supply_cut(void *vst, int arg, int u, int on)
{
	((struct aachen *)vst)->oos[u] = (uint8_t)on;
}

/* 9.0 (city-hold): the units found out of supply as the last Allied
 * movement phase began (arg 1), and as the one before it too (arg 2) */
static int cut_off(const void *vst, int arg, int u)
{
	const struct aachen *st = vst;

	return st->cut[u] >= arg && st->u[u].where == U_MAP;
}

static void cut_set(void *vst, int arg, int u, int on)
{
	struct aachen *st = vst;

	if (on && st->cut[u] < arg)
		st->cut[u] = (uint8_t)arg;
}

/* 14.0: a hexside CCRR-CCRR, or none */
static struct doc_node *side_save(const struct aachen *st, int h, int dir,
				  struct doc *d)
{
	char b[16];

	return doc_str(d, h < 0 ? "none" : hex_side_id(&st->map, h, dir, b));
}

static int side_load(const struct aachen *st, const struct doc *d,
		     const struct doc_node *n, const char *key, int16_t *h,
		     int8_t *dir, struct error *err)
{
	if (n->kind == DOC_SCALAR && !strcmp(n->str, "none")) {
		*h = -1;
		*dir = -1;
	} else if (n->kind != DOC_SCALAR ||
		   hex_side_parse(&st->map, n->str, h, dir) < 0) {
		return doc_bad(d, n, err, "%s: CCRR-CCRR or none", key);
	}
	return 0;
}

static struct doc_node *bridge_save(const void *vst, struct doc *d)
{
	const struct aachen *st = vst;

	return side_save(st, st->eb_hex, st->eb_dir, d);
}

static int bridge_load(void *vst, const struct doc *d,
		       const struct doc_node *n, struct error *err)
{
	struct aachen *st = vst;

	return side_load(st, d, n, "engineer-bridge", &st->eb_hex,
			 &st->eb_dir, err);
}

/* 14.0: the bridged hexside units crossed this turn (not two) */
static struct doc_node *used_save(const void *vst, struct doc *d)
{
	const struct aachen *st = vst;

	return side_save(st, st->ebu_turn == st->turn ? st->ebu_hex : -1,
			 st->ebu_dir, d);
}

static int used_load(void *vst, const struct doc *d,
		     const struct doc_node *n, struct error *err)
{
	struct aachen *st = vst;

	if (side_load(st, d, n, "engineer-bridge-used", &st->ebu_hex,
		      &st->ebu_dir, err) < 0)
		return -1;
	st->ebu_turn = st->ebu_hex < 0 ? 0 : st->turn;
	return 0;
}

/* 7.1: the attacks declared this phase, "HEX: ATTACKER ... (done)", for
 * the reader: a position declares none (they are orders) */
static struct doc_node *attacks_save(const void *vst, struct doc *d)
{
	const struct aachen *st = vst;
	struct doc_node *t = doc_seq(d);
	char x[8];

	t->style = DOC_STYLE_FLOW;
	for (int i = 0; i < st->n_atk; i++) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%s:", hex_id(st->atk[i].def[0], x));
		for (int k = 0; k < st->atk[i].n; k++)
			strbuf_addf(&sb, " %s", st->u[st->atk[i].att[k]].id);
		if (st->atk[i].done)
			strbuf_adds(&sb, " (done)");
		doc_push(d, t, doc_str(d, sb.buf));
		strbuf_free(&sb);
	}
	return t;
}

/* read by complete() (the turn starts), or not at all (the attacks) */
static int not_read(void *st, const struct doc *d, const struct doc_node *n,
		    struct error *err)
{
	return 0;
}

/* The report's list of changes: where the units stood when the previous
 * [0] and the current [1] player turn began, those that have moved since
 * (a player turn not begun yet has none). */
static struct doc_node *start_save(const struct aachen *st, int k,
				   struct doc *d)
{
	struct doc_node *t;
	char x[8];

	if (st->n_starts < 2 - k)
		return NULL;
	t = doc_map(d);
	for (int i = 0; i < st->n_units; i++)
		if (st->turn_start[k][i] != aa_place_code(&st->u[i]))
			doc_set_str(d, t, st->u[i].id,
				    place_word(st->turn_start[k][i], x));
	return t;
}

static struct doc_node *last_start_save(const void *st, struct doc *d)
{
	return start_save(st, 0, d);
}

static struct doc_node *this_start_save(const void *st, struct doc *d)
{
	return start_save(st, 1, d);
}

/* With turn-starts given, after the units: each begun player turn's
 * places are where the units are but those given; one not begun yet has
 * none (zero, as aa_turn_start leaves it), so that a state loaded plays
 * and saves as the one saved, byte for byte (ctx_checkpoint). */
static int starts_load(struct aachen *st, const struct doc *d,
		       const struct doc_node *map, struct error *err)
{
	static const char *const key[2] = { "last-turn-start",
					    "turn-start" };
	const struct doc_node *n;
	int k, u, c;

	for (k = 0; k < 2 && doc_get(map, "turn-starts"); k++) {
		memset(st->turn_start[k], 0, sizeof st->turn_start[k]);
		if (k < 2 - st->n_starts)
			continue;
		for (u = 0; u < st->n_units; u++)
			st->turn_start[k][u] =
				(int16_t)aa_place_code(&st->u[u]);
		if (!(n = doc_get(map, key[k])))
			continue;
		if (n->kind != DOC_MAP)
			return doc_bad(d, n, err, "%s: id: hex, waiting or "
				      "eliminated", key[k]);
		/* the units in the order of battle's order, as the save
		 * writes them: looked for after the last found first (a
		 * search of all of them each was 0.4M instructions a
		 * state read late in a long game), then from the start */
		u = -1;
		for (size_t i = 0; i < n->n; i++) {
			const char *id = n->keys[i]->str;
			int at = u + 1;
			while (at < st->n_units && strcasecmp(st->u[at].id, id))
				at++;
			if ((u = at < st->n_units ? at :
			     aa_unit_find(st, id)) < 0)
				return doc_bad(d, n->keys[i], err, "%s: no "
					      "unit %s", key[k],
					      n->keys[i]->str);
			if ((c = place_parse(st, n->items[i])) < -2)
				return not_a_place(d, n->items[i], key[k],
						   err);
			st->turn_start[k][u] = (int16_t)c;
		}
	}
	return 0;
}

/* What follows from the fields given: a position's own map needs its own
 * order of battle; 15.0: the 2nd Armored Division's event units arrive on
 * the turn given; the result's turn; who holds each hex; the turn
 * starts. */
static int complete(void *vst, const struct doc *d,
		    const struct doc_node *map, struct error *err)
{
	struct aachen *st = vst;

	if (doc_get(map, "map") && !doc_get(map, "oob"))
		return doc_bad(d, map, err, "a position with its own map needs "
			      "its own oob");
	for (int k = 0; doc_get(map, "ad2-turn") && st->ad2_turn &&
	     k < st->n_units; k++)
		if (st->u[k].arrive < 0)
			st->u[k].arrive = (int8_t)st->ad2_turn;
	if (doc_get(map, "result"))
		st->result_turn = st->result ? st->turn : 0;
	/* moving: a movement phase's opening done, and in no other */
	if (st->moving && st->phase != PH_A_MOVE && st->phase != PH_A_MECH &&
	    st->phase != PH_G_MOVE && st->phase != PH_G_MECH)
		return doc_bad(d, doc_get(map, "moving") ? doc_get(map,
			       "moving") : map, err, "moving: 1 only in a "
			       "movement phase (allied-movement, "
			       "allied-mechanised, german-movement, "
			       "german-mechanised), not in %s",
			       aa_phase_names[st->phase]);
	aa_reindex(st);
	return starts_load(st, d, map, err);
}

static long long last_turn(const void *st, int i)
{
	return aa_last_turn(st);
}

static long long city_held(const void *vst, int i)
{
	const struct aachen *st = vst;

	return aa_held(st, st->city, st->n_city);
}

static long long roads_held(const void *vst, int i)
{
	const struct aachen *st = vst;

	return aa_held(st, st->road, st->n_road);
}

/* ---- the state, declared (include/umpire/statedecl.h) ---- */

#define INT(k, m, l, h) .key = k, .type = SD_INT, \
	SD_MEMBER(struct aachen, m), .lo = l, .hi = h
#define WORD(k, m, list, n) .key = k, .type = SD_NAME, \
	SD_MEMBER(struct aachen, m), SD_NAMES(list, n)
#define COUNT(k, f, l, h) .key = k, .type = SD_COUNT, .value = f, .lo = l, \
	.hi = h
#define OWN(k, s, l) .key = k, .type = SD_CUSTOM, .save = s, .load = l
#define HEXES(k) .key = k, .type = SD_SET, SD_HEX_PLACES, \
	.domain = "the hexes of the map (CCRR)"
#define OOB "the units of the order of battle, by id"
#define INPUT(k, l) .key = k, .type = SD_CUSTOM, .load = l, \
	.flags = SDF_INPUT

/* hexdecl.h reads the map at the state's start */
_Static_assert(offsetof(struct aachen, map) == 0, "the map first");

static const struct sd_field fields[] = {
	/* the scenario's, in the order they are read (the map first) */
	{ INPUT("map", aa_load_map) },
	{ INPUT("crt", aa_load_crt) },
	{ INPUT("oob", aa_load_oob) },
	{ INT("turns", turns, 1, 99), .flags = SDF_INPUT },
	{ INPUT("aachen-city", aa_load_city) },
	{ INPUT("east-roads", aa_load_roads) },
	{ INT("roads-needed", roads_needed, 0, VHEX_MAX), .flags = SDF_INPUT },
	{ INPUT("supply", aa_load_supply) },
	{ INPUT("support", aa_load_support) },
	/* the state mapping, in this order */
	{ INT("turn", turn, 1, 99) },
	{ WORD("phase", phase, aa_phase_names, PHASES) },
	{ COUNT("last-turn", last_turn, -99, 99) },
	{ INT("us-lost", us_lost, 0, 99) },
	{ .key = "units", .type = SD_RECORDS, .record_name = unit_id,
	  .domain = OOB,
	  .record_save = unit_save, .record_load = unit_load,
	  .flags = SDF_BLOCK },
	{ .key = "moved", .type = SD_FLAGS, SD_ELEM(struct aachen, moved),
	  .name_of = unit_id, .domain = OOB },
	{ HEXES("allied-control"), .in_set = control_shown,
	  .set_item = control_set, .arg = ALLIED },
	{ HEXES("german-control"), .in_set = control_shown,
	  .set_item = control_set, .arg = GERMAN },
	{ COUNT("aachen-held", city_held, 0, VHEX_MAX) },
	{ COUNT("roads-held", roads_held, 0, VHEX_MAX) },
	{ OWN("engineer-bridge", bridge_save, bridge_load) },
	{ INT("engineer-bridge-turn", eb_turn, 0, 99) },
	{ OWN("engineer-bridge-used", used_save, used_load) },
	/* 14.0: the hexsides whose bridge is demolished (a position adds
	 * to those of its map) */
	{ .key = "demolished", SD_HEXSIDES(HS_DEMOLISHED) },
	{ INT("ad2-turn", ad2_turn, 0, 99) },
	{ OWN("attacks", attacks_save, not_read) },
	{ .key = "out-of-supply", .type = SD_SET, .name_of = unit_id,
	  .domain = OOB,
	  .in_set = out_of_supply, .set_item = supply_cut },
	{ .key = "cut-off", .type = SD_SET, .name_of = unit_id,
	  .domain = OOB, .arg = 1, .in_set = cut_off, .set_item = cut_set },
	{ .key = "cut-off-before", .type = SD_SET, .name_of = unit_id,
	  .domain = OOB, .arg = 2, .in_set = cut_off, .set_item = cut_set },
	/* 9.0 (city-supply: as-one): the Allied movement phases in a row
	 * that began with the city's garrison out of supply */
	{ INT("city-cut-off", city_cut_n, 0, 99) },
	{ .key = "support-left", .type = SD_INTS,
	  SD_ELEM(struct aachen, support_left),
	  SD_NAMES(aa_side_names, SIDES), .hi = 9, .flags = SDF_BLOCK },
	{ WORD("result", result, aa_result_names, RESULTS) },
	{ INT("turn-starts", n_starts, 0, 2) },
	{ INT("moving", moving, 0, 1), .flags = SDF_NONE | SDF_NONE_OMIT },
	{ OWN("last-turn-start", last_start_save, not_read) },
	{ OWN("turn-start", this_start_save, not_read) },
	{ .key = NULL }
};

const struct state_decl aa_state = {
	"aachen", aa_side_names, sizeof(struct aachen), fields, complete, 0
};

struct doc_node *aa_save(const void *st, struct doc *d)
{
	return sd_save(&aa_state, st, d);
}

int aa_load(void *st, const struct doc *d, const struct doc_node *map,
	    struct error *err)
{
	return sd_load(&aa_state, st, d, map, err);
}
