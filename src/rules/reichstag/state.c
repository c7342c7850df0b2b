/*
 * state.c - Race to the Reichstag: the state as a document, declared
 * (statedecl.h: save, view, hash), and read back (load, for test
 * positions and checkpoints; load_view, a view with stand-ins for what it
 * hides); rt_settle makes what the save leaves out one way. The start
 * state is setup.c's, who commands and sees a unit units.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "state.h"
#include "../lib/hexdecl.h"

static const char *const flag_names[] = { "face-down", "moved",
	"attacked", "attacked-by", "retreated", "recon", "forced",
	"engineer", "escaped", "reichstag-garrison", "disengage",
	"offmap-retreat", "held", "replaced", NULL };

/* The stacks are numbered from 1, bottom to top, hex by hex: a unit
 * that enters a hex takes seq_next and so goes on top (17.1), and only
 * the order within a stack is read, which the save keeps (stacks) and
 * this keeps. A unit off the map has neither number nor hex. A waiting
 * unit that is due already (rt_due at most this GT) is due at the date
 * on its back if that has come, else this GT: which day of the past it
 * was due is read nowhere, and the save does not keep it. */
void rt_settle(struct rttr *st)
{
	static const uint8_t debruijn[64] = {
		0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
		62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
		63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
		46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6
	};
	int16_t stack[HEX_UNITS_MAX];
	/* the hexes that hold a stack, a bit each: the stacks found from
	 * the units, not by a walk over the map's thousands of hexes (this
	 * runs at every phase start) */
	uint64_t held[(HEX_MAX + 63) / 64] = { 0 };
	uint64_t w;
	uint16_t k = 1;
	int u, h, n, i, end = hex_end(&st->map);

	for (u = 0; u < st->n_units; u++) {
		if (st->u[u].where != U_MAP) {
			st->u[u].hex = HEX_NONE;
			st->seq[u] = 0;
		}
		if (st->u[u].where == U_WAITING && st->due[u] &&
		    st->due[u] <= st->turn)
			st->due[u] = (int8_t)(st->u[u].arrive >= 1 &&
					      st->u[u].arrive <= st->turn ?
					      0 : st->turn);
	}
	rt_reindex(st);
	for (u = 0; u < st->n_units; u++)     /* rt_reindex's stacks */
		if (st->u[u].where == U_MAP && st->u[u].hex >= 0 &&
		    st->u[u].hex < end)
			held[st->u[u].hex / 64] |= 1ULL << (st->u[u].hex % 64);
	for (i = 0; i < (end + 63) / 64; i++)
		for (w = held[i]; w; w &= w - 1) {
			/* the lowest bit set: its index by de Bruijn */
			h = 64 * i + debruijn[((w & (0 - w)) *
					       0x03f79d71b4cb0a89ULL) >> 58];
			for (n = 0, u = st->occ[h]; u >= 0; u = st->next[u])
				stack[n++] = (int16_t)u;
			while (n-- > 0)
				st->seq[stack[n]] = k++;
		}
	st->seq_next = k;
}

/* ---- the state, declared (include/umpire/statedecl.h) ---- */

/* hexdecl.h reads the map at the state's start */
_Static_assert(offsetof(struct rttr, map) == 0, "the map first");

static struct doc_node *flow_map(struct doc *d)
{
	struct doc_node *s = doc_map(d);

	s->style = DOC_STYLE_FLOW;
	return s;
}

static const char *unit_name(const void *vst, int u)
{
	const struct rttr *st = vst;

	return u >= 0 && u < st->n_units ? st->u[u].id : NULL;
}

/* GAP.md 2.1 (rt_sees): a reader who is neither player sees what both
 * may, as one who commands, placed, holds and examined nothing */
static int unit_seen(const void *st, int side, int u)
{
	return rt_sees(st, side < 0 ? PLAYERS : side, u);
}

/* A view's hidden stack entry: a German counter the view names
 * nowhere, a pool counter first (16.8: most of what a side cannot see
 * is the face-down counters the other placed) */
static int unit_standin(const void *vst, int u)
{
	const struct rttr *st = vst;

	if (st->u[u].side != GERMAN)
		return 0;
	return st->u[u].tags & T_POOL ? 1 : 2;
}

/* a hidden hand (16.8) holds pool counters */
static int pool_standin(const void *vst, int u)
{
	return (((const struct rttr *)vst)->u[u].tags & T_POOL) ? 1 : 0;
}

/* hide() of a stand-in (statedecl.h): whether it is hidden is rt_sees'
 * alone (units.c), the one rule of who sees a unit; this only gives the
 * stand-in what a counter so hidden has. 16.8: a pool stand-in is a
 * counter the other player placed face down (and so knows); a German
 * counter belongs to the sector it stands in, which all see (3.5, 3.6,
 * 7.3, 5.2), its stand-in too, so that what may attack it or stack with
 * it is what the side sees. A stand-in that rt_sees still shows the
 * side is one that no pool counter was left for, a face-up German unit
 * where the side sees the counter's back: on top of its stack (17.1),
 * or in a hex of both sectors or none, where nobody commands it: face
 * down, placed by the other player, as the counter there is (a face-up
 * German unit there would be seen). Under the options that take pool
 * counters out of the cup or bring more German units (23.1 (3)'s
 * command posts, 22.x's groups) the pool ran short before the top of a
 * stack was reached, and a face-up stand-in was left showing. */
static void unit_hide(void *vst, int u, int side)
{
	struct rttr *st = vst;
	int sec = rt_sector(st, st->u[u].hex), other = side == P1BF ? P1UF :
		P1BF;

	if (sec == SEC_1BF || sec == SEC_1UF)
		st->front[u] = (uint8_t)sec;
	if ((st->u[u].tags & T_POOL) ||
	    rt_sees(st, side < 0 ? PLAYERS : side, u)) {
		st->flags[u] |= F_FACEDOWN;
		st->placed_by[u] = (int8_t)other;
		st->known[u] |= (uint8_t)(1 << other);
	}
}

/* Whether unit u is in the cup (3.3): its pool counter's (setup.c); a
 * save asks this of every unit three times */
static int cupped(const struct rttr *st, int u)
{
	return st->pool_of[u] >= 0 && cup_has(&st->cup, st->pool_of[u]);
}

/* the units of the cup and of a hand are listed there instead */
static struct doc_node *unit_place(const void *vst, int u, struct doc *d)
{
	const struct rttr *st = vst;
	char x[8];

	if (cupped(st, u) || st->holder[u] >= 0)
		return NULL;
	return doc_str(d, st->u[u].where == U_MAP ? hex_id(st->u[u].hex, x) :
		       unit_where_names[st->u[u].where]);
}

static int next_stack(const void *st, int arg, int h)
{
	return rt_next_stack(st, h);
}

static int stack_at(const void *vst, int h, int *out, int max)
{
	const struct rttr *st = vst;
	int n = 0;

	for (int k = st->occ[h]; k >= 0 && n < max; k = st->next[k])
		out[n++] = k;
	return n;
}

static struct doc_node *unit_sector(const void *vst, int u, struct doc *d)
{
	const struct rttr *st = vst;

	if (st->u[u].side != GERMAN || st->front[u] == SEC_NONE ||
	    cupped(st, u) || st->holder[u] >= 0)
		return NULL;
	return doc_str(d, rt_sector_names[st->front[u]]);
}

/* known, held and the cup: sets of the order of battle's units (arg:
 * the player whose set it is) */
static int knows(const void *vst, int p, int u)
{
	return ((const struct rttr *)vst)->known[u] >> p & 1;
}

static void know(void *vst, int p, int u, int on)
{
	struct rttr *st = vst;

	st->known[u] = (uint8_t)(on ? st->known[u] | 1 << p :
				 st->known[u] & ~(1 << p));
}

/* SD_SET's next_in for the sets of units (statedecl.h): the first unit
 * from u on in the set, -1 for none, looked for here rather than by
 * asking in_set of every unit (a save writes five such sets, most of
 * them small, of all the units) */
static int next_known(const void *vst, int p, int u)
{
	const struct rttr *st = vst;

	for (; u < st->n_units; u++)
		if (st->known[u] >> p & 1)
			return u;
	return -1;
}

/* held off the map by player p (16.8): waiting in his hand */
static int holds(const void *st, int p, int u)
{
	return ((const struct rttr *)st)->holder[u] == p;
}

static void hold(void *vst, int p, int u, int on)
{
	struct rttr *st = vst;

	if (on) {
		st->holder[u] = (int8_t)p;
		st->u[u].where = U_WAITING;
	} else if (st->holder[u] == p) {
		st->holder[u] = -1;
	}
}

static int next_held(const void *vst, int p, int u)
{
	const struct rttr *st = vst;

	for (; u < st->n_units; u++)
		if (st->holder[u] == p)
			return u;
	return -1;
}

/* 3.3: only pool counters go in the cup (complete() takes out those a
 * position places) */
static int pool_counter(const void *vst, int u)
{
	return (((const struct rttr *)vst)->u[u].tags & T_POOL) != 0;
}

static int in_cup(const void *st, int arg, int u)
{
	return cupped(st, u);
}

static int next_in_cup(const void *vst, int arg, int u)
{
	const struct rttr *st = vst;

	for (; u < st->n_units; u++)
		if (cupped(st, u))
			return u;
	return -1;
}

static void cup_put(void *vst, int arg, int u, int on)
{
	struct rttr *st = vst;
	int i = st->pool_of[u];

	if (i < 0)
		return;
	if (on)
		cup_add(&st->cup, i);
	else
		cup_remove(&st->cup, i);
}

static const char *marker_name(const void *vst, int i)
{
	const struct rttr *st = vst;

	return i >= 0 && i < st->n_mk ? st->mk[i].id : NULL;
}

static long long held_count(const void *vst, int p)
{
	const struct rttr *st = vst;
	int k = 0;

	for (int i = 0; i < st->n_units; i++)
		k += st->holder[i] == p;
	return k;
}

static long long cup_left(const void *vst, int i)
{
	return cup_count(&((const struct rttr *)vst)->cup);
}

/* 9.0, 18.1: written only in the movement phase of a move cut short, in
 * MPs (the map's costs are whole MPs) */
static struct doc_node *mp_spent(const void *vst, struct doc *d)
{
	const struct rttr *st = vst;
	struct doc_node *t = NULL;

	for (int i = 0; i < st->n_units; i++)
		if (st->mp_spent[i]) {
			if (!t)
				t = flow_map(d);
			doc_set_int(d, t, st->u[i].id,
				    (st->mp_spent[i] + HALF - 1) / HALF);
		}
	return t;
}

static struct doc_node *barrage(const void *vst, struct doc *d)
{
	const struct rttr *st = vst;
	struct doc_node *t = flow_map(d);
	char x[8];

	for (int i = 0; i < st->n_mk; i++)
		if (st->mk[i].on_map >= 0)
			doc_set_str(d, t, st->mk[i].id, hex_id(
				st->bz.m[st->mk[i].on_map].hex, x));
	return t;
}

/* ---- read back: each field's load (the declaration below) ---- */

/* a unit's place: a hex, waiting or eliminated */
static int unit_load(void *vst, int u, const struct doc *d,
		     const struct doc_node *n, struct error *err)
{
	struct rttr *st = vst;
	int w, h;

	if (n->kind != DOC_SCALAR)
		return doc_bad(d, n, err, "units: %s: a hex, waiting or "
			      "eliminated", st->u[u].id);
	w = rt_word(n->str, unit_where_names, U_WHERE);
	h = hex_parse(&st->map, n->str);
	if ((w < 0 || w == U_MAP) && h < 0)
		return doc_bad(d, n, err, "units: %s is not a hex, waiting or "
			      "eliminated", n->str);
	st->u[u].where = (uint8_t)(h >= 0 ? U_MAP : w);
	st->u[u].hex = (int16_t)(h >= 0 ? h : HEX_NONE);
	if (h >= 0 && st->u[u].side == GERMAN && st->front[u] == SEC_NONE)
		st->front[u] = (uint8_t)rt_sector(st, h);
	return 0;
}

/* `stacks`: HEX: [top, ..., bottom], numbered bottom up (17.1) */
static int stack_put(void *vst, int h, const int *recs, int n,
		     const struct doc *d, const struct doc_node *at,
		     struct error *err)
{
	struct rttr *st = vst;

	while (n-- > 0) {
		st->u[recs[n]].where = U_MAP;
		st->u[recs[n]].hex = (int16_t)h;
		st->seq[recs[n]] = st->seq_next++;
	}
	return 0;
}

/* mp-spent: {UNIT: MP}, a Soviet unit's MPs spent before a destroyed
 * bridge cut its move short (9.0, 18.1) */
static int mp_spent_load(void *vst, const struct doc *d,
			 const struct doc_node *n, struct error *err)
{
	struct rttr *st = vst;
	long long v;
	int k;

	if (n->kind != DOC_MAP)
		return doc_bad(d, n, err, "mp-spent: unit id -> MPs%s", "");
	for (size_t i = 0; i < n->n; i++) {
		k = rt_unit_find(st, n->keys[i]->str);
		if (k < 0 || st->u[k].side != SOVIET)
			return doc_bad(d, n->keys[i], err, "mp-spent: %s: a "
				      "Soviet unit", n->keys[i]->str);
		if (doc_int_of(d, n->items[i], "mp-spent", 1, 12, &v, err) < 0)
			return -1;
		st->mp_spent[k] = (uint8_t)(v * HALF);
	}
	return 0;
}

static int marker_find(const struct rttr *st, const char *id)
{
	for (int k = 0; k < st->n_mk; k++)
		if (!strcmp(st->mk[k].id, id))
			return k;
	return -1;
}

static int barrage_load(void *vst, const struct doc *d,
			const struct doc_node *n, struct error *err)
{
	struct rttr *st = vst;
	int k, h, idx, sec, rad;

	if (n->kind != DOC_MAP)
		return doc_bad(d, n, err, "barrage: MARKER -> HEX%s", "");
	hex_markers_init(&st->bz);
	for (k = 0; k < st->n_mk; k++)
		st->mk[k].on_map = -1;
	for (size_t i = 0; i < n->n; i++) {
		k = marker_find(st, n->keys[i]->str);
		h = n->items[i]->kind == DOC_SCALAR ?
			hex_parse(&st->map, n->items[i]->str) : -1;
		if (k < 0 || h < 0)
			return doc_bad(d, n->items[i], err, "barrage: %s: a "
				      "marker and a hex", n->keys[i]->str);
		/* 15.2: artillery the hex and its neighbours, air 2 hexes,
		 * never across the boundary */
		rad = st->mk[k].kind == MK_ARTILLERY ? 1 : 2;
		sec = st->mk[k].owner >= 0 ?
			st->rg.sector[st->mk[k].owner] : -1;
		idx = hex_marker_place(&st->bz, &st->map, h, rad, sec,
				       st->mk[k].owner, k);
		if (idx < 0)
			return doc_bad(d, n->items[i], err, "barrage: %s may "
				      "not stand at %s (15.2, 5.2)",
				      st->mk[k].id, n->items[i]->str);
		st->mk[k].on_map = (int8_t)idx;
	}
	return 0;
}

/* a position's own map: its regions, no control, no barrage, and its
 * own markers and order of battle (complete() checks the latter) */
static int map_load(void *vst, const struct doc *d,
		    const struct doc_node *n, struct error *err)
{
	struct rttr *st = vst;

	if (hex_map_load(&st->map, d, n, err) < 0)
		return -1;
	rt_regions(st);
	memset(st->ctrl, -1, sizeof st->ctrl);
	hex_markers_init(&st->bz);
	st->n_mk = 0;
	return 0;
}

static int oob_load(void *st, const struct doc *d, const struct doc_node *n,
		    struct error *err)
{
	return rt_oob_load(st, d, n, err);
}

static int markers_load(void *st, const struct doc *d,
			const struct doc_node *n, struct error *err)
{
	return rt_markers_load(st, d, n, err);
}

static int draws_load(void *st, const struct doc *d,
		      const struct doc_node *n, struct error *err)
{
	return rt_draws_load(st, d, n, err);
}

static int options_load(void *st, const struct doc *d,
			const struct doc_node *n, struct error *err)
{
	return rt_options_read(st, NULL, n, d, err);
}

/* 13.0, 8.2: the GT a waiting Soviet unit comes back (rttr.due) is not
 * saved: a unit replaced (8.2) or retreated off the map (13.0) is due at
 * its front's next reinforcement phase, which "due this GT" gives (that
 * phase of this GT if it has not passed, else the next GT's). Without
 * it a view's order template (loaded from the saved state) skipped the
 * placement the referee's game then asked for. A 13.0 return due next
 * GT and a 7.1 delay read back so are due a GT early: the play's state
 * then differs, and no checkpoint is written (rt_settle). */
static void restore_arrivals(struct rttr *st)
{
	int u;

	for (u = 0; u < st->n_units; u++)
		if (st->u[u].side == SOVIET && st->u[u].where == U_WAITING &&
		    (st->flags[u] & (F_REPLACED | F_OFFMAP_RETREAT)))
			st->due[u] = (int8_t)st->turn;
}

/* What follows from the fields given: a position's own map needs its own
 * order of battle; a pool counter the position places is out of the cup
 * (3.3); the waiting Soviets' return; the result's turn; a face-down
 * counter is known to the player who placed it; then what the save
 * leaves out, made one way (rt_settle), and 23.2's map. */
static int complete(void *vst, const struct doc *d,
		    const struct doc_node *map, struct error *err)
{
	struct rttr *st = vst;
	const struct doc_node *units = doc_get(map, "units");

	if (doc_get(map, "map") && !doc_get(map, "oob"))
		return doc_bad(d, map, err, "a position with its own map "
			      "needs its own oob%s", "");
	for (int i = 0; units && i < st->n_pool; i++)
		if (doc_get(units, st->u[st->pool_unit[i]].id))
			cup_remove(&st->cup, i);
	restore_arrivals(st);
	if (doc_get(map, "result"))
		st->result_turn = st->result ? st->turn : 0;
	for (int k = 0; k < st->n_units; k++)
		if (st->placed_by[k] >= 0)
			st->known[k] |= (uint8_t)(1 << st->placed_by[k]);
	rt_settle(st);
	rt_options_map(st);     /* 23.2, 23.1 (3) (setup.c) */
	return 0;
}

static const char *const group_names[RT_GROUPS] = { "steiner", "xx" };
static const char *const yes_no[] = { "no", "yes" };
#define SEEN "any unit the player examined (17.1, 17.3); a Soviet " \
	"unit, an eliminated one, a mobile one waiting off the map: every " \
	"side; one held off the map: its holder; a face-down unit: the " \
	"player who placed it; a face-up German unit: its commander, and " \
	"every side on top of its stack (17.1)"
#define UNIT_IDS "the ids of the units and fixed units"
#define UNITS(k) .key = k, .type = SD_RECORDS, .flags = SDF_BLOCK, \
	.record_name = unit_name, .domain = UNIT_IDS
#define HIDDEN_UNITS(k) UNITS(k), .vis = SD_RECORD, \
	.record_sees = unit_seen, .who_sees = SEEN
/* a value per unit: member m's element of each, from a list of words;
 * none is the value of no word (an int8_t -1 is read back as 0xff) */
#define PER_UNIT(m, t, list, n, no) \
	.size = sizeof(((struct rttr *)0)->m[0]), \
	.sub = (const struct sd_field[]){ { .type = t, \
		SD_ELEM(struct rttr, m), SD_NAMES(list, n), .flags = SDF_NONE, \
		.none = no } }
#define OWN(k, f, l) .key = k, .type = SD_CUSTOM, .save = f, .load = l
#define UNIT_SET(k, has, next, put) .key = k, .type = SD_SET, \
	.name_of = unit_name, .next_in = next, \
	.domain = UNIT_IDS, .in_set = has, .set_item = put
#define INPUT(k, l) .key = k, .type = SD_CUSTOM, .load = l, \
	.flags = SDF_INPUT
#define INT(k, m, l, h) .key = k, .type = SD_INT, \
	SD_MEMBER(struct rttr, m), .lo = l, .hi = h
#define PER_SIDE(k, m, t) .key = k, .type = t, SD_ELEM(struct rttr, m), \
	SD_NAMES(rt_side_names, PLAYERS)

static const struct sd_field known_fields[] = {
	{ UNIT_SET("1bf", knows, next_known, know), .arg = P1BF,
	  .vis = SD_SIDE, .who = P1BF, .flags = SDF_OMIT },
	{ UNIT_SET("1uf", knows, next_known, know), .arg = P1UF,
	  .vis = SD_SIDE, .who = P1UF, .flags = SDF_OMIT },
	{ .key = NULL }
};

#define HAND(k, p) UNIT_SET(k, holds, next_held, hold), .arg = p, \
	.vis = SD_SIDE, .who = p, .count_key = "held-count", .count_name = k, \
	.standin_rank = pool_standin

static const struct sd_field held_fields[] = {
	{ HAND("1bf", P1BF) },
	{ HAND("1uf", P1UF) },
	{ .key = NULL }
};

static const struct sd_field fields[] = {
	/* a position's own scenario data, in the order they are read (the
	 * map first) */
	{ INPUT("map", map_load) },
	{ INPUT("oob", oob_load) },
	{ INPUT("markers-oob", markers_load) },
	{ INPUT("draws", draws_load) },
	{ INPUT("options", options_load) },
	{ INT("turns", turns, 1, 99), .flags = SDF_INPUT },
	/* the state mapping, in this order */
	{ INT("turn", turn, 1, 99) },
	{ .key = "phase", .type = SD_NAME, SD_MEMBER(struct rttr, phase),
	  SD_NAMES(rt_phase_names, PHASES) },
	{ INT("step", step, 0, 999) },
	{ HIDDEN_UNITS("units"), .record_save = unit_place,
	  .record_load = unit_load },
	{ .key = "stacks", .type = SD_PLACES, .flags = SDF_BLOCK,
	  .record_name = unit_name, .domain = "the hexes of the map",
	  .vis = SD_RECORD,
	  .record_sees = unit_seen, .who_sees = SEEN, SD_HEX_PLACES,
	  .records_at = stack_at, .next_in = next_stack,
	  .place_put = stack_put, .hide = unit_hide,
	  .standin_rank = unit_standin },
	{ HIDDEN_UNITS("flags"), PER_UNIT(flags, SD_BITS, flag_names, 14, 0) },
	{ HIDDEN_UNITS("sector"), .record_save = unit_sector,
	  PER_UNIT(front, SD_NAME, rt_sector_names, 3,
		   SEC_NONE) },
	{ HIDDEN_UNITS("placed-by"),
	  PER_UNIT(placed_by, SD_NAME, rt_side_names, PLAYERS,
		   0xff) },
	{ .key = "known", .type = SD_GROUP, .sub = known_fields },
	{ .key = "held", .type = SD_GROUP, .sub = held_fields },
	{ .key = "held-count", .type = SD_COUNT,
	  SD_NAMES(rt_side_names, PLAYERS), .hi = HEX_UNITS_MAX,
	  .value = held_count, .flags = SDF_VIEW_LOOSE },
	{ .key = "cup-count", .type = SD_COUNT, .hi = CUP_MAX,
	  .value = cup_left, .flags = SDF_VIEW_LOOSE },
	{ UNIT_SET("cup", in_cup, next_in_cup, cup_put), .accept = pool_counter,
	  .vis = SD_REFEREE },
	{ INT("reichstag-blind", rt_blind, 0, RT_GARRISON_N) },
	{ UNITS("eliminated-in"),
	  PER_UNIT(elim_by, SD_NAME, rt_sector_names, 3, 0xff) },
	{ UNITS("captured"),
	  PER_UNIT(captor, SD_NAME, rt_side_names, PLAYERS, 0xff) },
	{ INT("german-mp", german_mp, 0, 99) },
	{ OWN("mp-spent", mp_spent, mp_spent_load) },
	{ PER_SIDE("sp-spent", sp_spent, SD_INTS), .hi = RT_SP_CAP },
	{ PER_SIDE("exhausted", exhausted, SD_FLAGS) },
	{ PER_SIDE("max-effort-used", max_effort_used, SD_FLAGS) },
	{ INT("max-effort-now", max_effort_now, 0, 1),
	  .flags = SDF_NONE | SDF_NONE_OMIT, .none = 0 },
	{ .key = "control", .type = SD_MAP, SD_HEX_PLACES,
	  .domain = "the hexes of the map (CCRR)", SD_ELEM(struct rttr, ctrl),
	  .sub = (const struct sd_field[]){ { .type = SD_NAME,
		SD_ELEM(struct rttr, ctrl), SD_NAMES(rt_side_names, PLAYERS),
		.flags = SDF_NONE, .none = 0xff } } },
	{ .key = "reichstag-taken-by", .type = SD_NAME,
	  SD_MEMBER(struct rttr, rt_taken_by),
	  SD_NAMES(rt_side_names, PLAYERS), .flags = SDF_NONE, .none = -1 },
	{ OWN("barrage", barrage, barrage_load) },
	{ .key = "markers-used", .type = SD_MAP, .name_of = marker_name,
	  .domain = "the markers' ids (15.3, 22.5)",
	  .size = sizeof(struct rt_marker),
	  .sub = (const struct sd_field[]){ { .type = SD_INT,
		.off = offsetof(struct rttr, mk) +
		       offsetof(struct rt_marker, used_turn),
		.size = sizeof(int8_t), .lo = 1, .hi = 99,
		.flags = SDF_NONE, .none = 0 } } },
	/* the hexsides of each kind (18.x), sets of the map's hexsides */
	{ .key = "demolished", SD_HEXSIDES(HS_DEMOLISHED) },
	{ .key = "bridges-safe", SD_HEXSIDES(HS_CHECKED) },
	{ .key = "groups", .type = SD_INTS, SD_ELEM(struct rttr, group_in),
	  SD_NAMES(group_names, RT_GROUPS), .hi = 99 },
	{ .key = "fuehrerbunker-captured", .type = SD_NAME,
	  SD_MEMBER(struct rttr, fb_captured), SD_NAMES(yes_no, 2) },
	{ .key = "result", .type = SD_NAME, SD_MEMBER(struct rttr, result),
	  SD_NAMES(rt_result_names, RESULTS) },
	{ PER_SIDE("vp", vp, SD_INTS), .lo = -999, .hi = 999 },
	{ .key = NULL }
};

/* SDD_FIXED_NAMES: the units (unit_name) are those of the oob, an
 * SDF_INPUT field (rt_oob_load); no other load names them */
const struct state_decl rt_state = {
	"race-to-the-reichstag", rt_side_names, sizeof(struct rttr), fields, complete,
	SDD_FIXED_NAMES
};

struct doc_node *rt_save(const void *st, struct doc *d)
{
	return sd_save(&rt_state, st, d);
}

/* GAP.md 2.1: a player's view. */
struct doc_node *rt_view(const void *st, const char *side, struct doc *d,
			 struct redactor *r)
{
	return sd_view(&rt_state, st, side, d, r);
}

int rt_load(void *st, const struct doc *d, const struct doc_node *map,
	    struct error *err)
{
	return sd_load(&rt_state, st, d, map, err);
}

/* ---- a view back to a state (for position and render) ---- */

/*
 * A view's state as a state position() and render() can draw for side
 * (statedecl.h, load_view): each hidden stack entry gets a German
 * counter the view does not name, pool counters first (unit_standin,
 * unit_hide); a hidden hand `held-count` pool counters, a hidden cup
 * the pool counters left.
 */
int rt_load_view(void *st, const struct doc *d, const struct doc_node *map,
		 const char *side, struct error *err)
{
	return sd_load_view(&rt_state, st, d, map, side, err);
}
