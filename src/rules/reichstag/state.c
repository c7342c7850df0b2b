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
#include "options.h"

const char *const rt_side_names[PLAYERS] = { "1bf", "1uf" };
const char *const rt_phase_names[PHASES] = {
	"setup-flak", "setup-pool", "setup-reichstag", "setup-draw-1bf",
	"setup-draw-1uf", "setup-garrison", "setup-spree", "setup-56pk1",
	"setup-56pk2", "setup-1bf", "setup-1uf", "setup-optional",
	"setup-markers",
	"1bf-reinforcement", "1bf-barrage", "1bf-movement", "1bf-combat",
	"1bf-exhaustion",
	"german-1bf-sector-reinforcement", "german-1bf-sector-movement",
	"german-1bf-sector-combat", "1bf-barrage-removal",
	"1uf-reinforcement", "1uf-barrage", "1uf-movement", "1uf-combat",
	"1uf-exhaustion",
	"german-1uf-sector-reinforcement", "german-1uf-sector-movement",
	"german-1uf-sector-combat", "1uf-barrage-removal",
	"sudden-death", "scenario-end", "turn-advance", "over" };
const char *const rt_result_names[RESULTS] = { "none", "1bf", "1uf",
	"german" };
const char *const rt_size_names[SIZES] = { "none", "corps", "div", "bde",
	"rgt", "bn", "grp", "other" };
const char *const rt_type_names[TYPES] = { "none", "tank", "mech",
	"asltgun", "recon", "cav", "rifle", "inf", "eng", "panzer", "pzgr",
	"hq", "fixinf", "sniper", "depot", "airstrip", "strategic", "flak" };
const char *const rt_sector_names[4] = { "1bf", "1uf", "both", "none" };

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
	int16_t stack[HEX_UNITS_MAX];
	uint16_t k = 1;
	int u, h, n;

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
	for (h = 0; h < HEX_MAX; h++) {
		for (n = 0, u = st->occ[h]; u >= 0; u = st->next[u])
			stack[n++] = (int16_t)u;
		while (n-- > 0)
			st->seq[stack[n]] = k++;
	}
	st->seq_next = k;
}

/* ---- the state, declared (include/umpire/statedecl.h) ---- */

static struct doc_node *flow_seq(struct doc *d)
{
	struct doc_node *s = doc_seq(d);

	s->style = DOC_STYLE_FLOW;
	return s;
}

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

/* 16.8: a stand-in is a counter the other player placed face down */
static void unit_hide(void *vst, int u, int side)
{
	struct rttr *st = vst;

	if (st->u[u].tags & T_POOL) {
		st->flags[u] |= F_FACEDOWN;
		st->placed_by[u] = (int8_t)(side == P1BF ? P1UF : P1BF);
	}
}

/* Whether unit u is in the cup (3.3): its first pool entry's. */
static int cupped(const struct rttr *st, int u)
{
	for (int i = 0; i < st->n_pool; i++)
		if (st->pool_unit[i] == u)
			return cup_has(&st->cup, i);
	return 0;
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

static int n_hexes(const void *vst)
{
	return hex_end(&((const struct rttr *)vst)->map);
}

static const char *hex_name(const void *vst, int h, char buf[16])
{
	return hex_id(h, buf);
}

static int stack_at(const void *vst, int h, int *out, int max)
{
	const struct rttr *st = vst;
	int n = 0;

	for (int k = st->occ[h]; k >= 0 && n < max; k = st->next[k])
		out[n++] = k;
	return n;
}

static struct doc_node *flag_list(const void *vst, int u, struct doc *d)
{
	const struct rttr *st = vst;
	struct doc_node *t;

	if (!st->flags[u])
		return NULL;
	t = flow_seq(d);
	for (int b = 0; flag_names[b]; b++)
		if (st->flags[u] >> b & 1)
			doc_push(d, t, doc_str(d, flag_names[b]));
	return t;
}

static struct doc_node *unit_sector(const void *vst, int u, struct doc *d)
{
	const struct rttr *st = vst;

	if (st->u[u].side != GERMAN || st->front[u] == SEC_NONE ||
	    cupped(st, u) || st->holder[u] >= 0)
		return NULL;
	return doc_str(d, rt_sector_names[st->front[u]]);
}

static struct doc_node *unit_placer(const void *vst, int u, struct doc *d)
{
	const struct rttr *st = vst;

	return st->placed_by[u] < 0 ? NULL :
		doc_str(d, rt_side_names[st->placed_by[u]]);
}

static struct doc_node *unit_fell(const void *vst, int u, struct doc *d)
{
	const struct rttr *st = vst;

	return st->elim_by[u] < 0 ? NULL :
		doc_str(d, rt_sector_names[st->elim_by[u]]);
}

static struct doc_node *unit_captor(const void *vst, int u, struct doc *d)
{
	const struct rttr *st = vst;

	return st->captor[u] < 0 ? NULL :
		doc_str(d, rt_side_names[st->captor[u]]);
}

/* the units whose bit `bit` of known[] is set, or held by player p */
static struct doc_node *units_where(const struct rttr *st, int p, int held,
				    struct doc *d)
{
	struct doc_node *s = flow_seq(d);

	for (int i = 0; i < st->n_units; i++)
		if (held ? st->holder[i] == p : st->known[i] >> p & 1)
			doc_push(d, s, doc_str(d, st->u[i].id));
	return s;
}

static struct doc_node *known_1bf(const void *st, struct doc *d)
{
	return units_where(st, P1BF, 0, d);
}

static struct doc_node *known_1uf(const void *st, struct doc *d)
{
	return units_where(st, P1UF, 0, d);
}

static struct doc_node *held_1bf(const void *st, struct doc *d)
{
	return units_where(st, P1BF, 1, d);
}

static struct doc_node *held_1uf(const void *st, struct doc *d)
{
	return units_where(st, P1UF, 1, d);
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

static struct doc_node *cup_labels(const void *vst, struct doc *d)
{
	const struct rttr *st = vst;
	struct doc_node *t = flow_seq(d);

	for (int i = 0; i < st->n_pool; i++)
		if (cup_has(&st->cup, i))
			doc_push(d, t, doc_str(d,
				 st->u[st->pool_unit[i]].id));
	return t;
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

/* 6.7: this PT's movement phase is a combat phase (economy.c) */
static struct doc_node *max_effort_now(const void *vst, struct doc *d)
{
	const struct rttr *st = vst;

	return st->max_effort_now ? doc_int(d, st->max_effort_now) : NULL;
}

static struct doc_node *control(const void *vst, struct doc *d)
{
	const struct rttr *st = vst;
	struct doc_node *t = flow_map(d);
	char x[8];

	for (int h = 0; h < hex_end(&st->map); h++)
		if (st->ctrl[h] >= 0)
			doc_set_str(d, t, hex_id(h, x),
				    rt_side_names[st->ctrl[h]]);
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

static struct doc_node *markers_used(const void *vst, struct doc *d)
{
	const struct rttr *st = vst;
	struct doc_node *t = flow_map(d);

	for (int i = 0; i < st->n_mk; i++)
		if (st->mk[i].used_turn)
			doc_set_int(d, t, st->mk[i].id, st->mk[i].used_turn);
	return t;
}

/* the hexsides of kind (18.x), by the sides 0-2 of each hex */
static struct doc_node *sides_of(const struct rttr *st, int kind,
				 struct doc *d)
{
	struct doc_node *t = flow_seq(d);
	char id[16];

	for (int h = 0; h < hex_end(&st->map); h++)
		for (int k = 0; k < 3; k++)
			if (hex_side_has(&st->map, h, k, kind))
				doc_push(d, t, doc_str(d, hex_side_id(&st->map,
					 h, k, id)));
	return t;
}

static struct doc_node *demolished(const void *st, struct doc *d)
{
	return sides_of(st, HS_DEMOLISHED, d);
}

static struct doc_node *bridges_safe(const void *st, struct doc *d)
{
	return sides_of(st, HS_CHECKED, d);
}

static const char *const group_names[RT_GROUPS] = { "steiner", "xx" };
static const char *const yes_no[] = { "no", "yes" };
static const char *const sides[] = { "1bf", "1uf", NULL };

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
#define OWN(k, f) .key = k, .type = SD_CUSTOM, .save = f
#define INT(k, m, l, h) .key = k, .type = SD_INT, \
	SD_MEMBER(struct rttr, m), .lo = l, .hi = h
#define PER_SIDE(k, m, t) .key = k, .type = t, SD_ELEM(struct rttr, m), \
	SD_NAMES(rt_side_names, PLAYERS)

static const struct sd_field known_fields[] = {
	{ OWN("1bf", known_1bf), .vis = SD_SIDE, .who = P1BF,
	  .flags = SDF_OMIT },
	{ OWN("1uf", known_1uf), .vis = SD_SIDE, .who = P1UF,
	  .flags = SDF_OMIT },
	{ .key = NULL }
};

static const struct sd_field held_fields[] = {
	{ OWN("1bf", held_1bf), .vis = SD_SIDE, .who = P1BF },
	{ OWN("1uf", held_1uf), .vis = SD_SIDE, .who = P1UF },
	{ .key = NULL }
};

static const struct sd_field fields[] = {
	{ INT("turn", turn, 1, 99) },
	{ .key = "phase", .type = SD_NAME, SD_MEMBER(struct rttr, phase),
	  SD_NAMES(rt_phase_names, PHASES) },
	{ INT("step", step, 0, 999) },
	{ HIDDEN_UNITS("units"), .record_save = unit_place },
	{ .key = "stacks", .type = SD_PLACES, .flags = SDF_BLOCK,
	  .record_name = unit_name, .domain = "the hexes of the map",
	  .vis = SD_RECORD,
	  .record_sees = unit_seen, .who_sees = SEEN, .n_places = n_hexes,
	  .place_name = hex_name, .records_at = stack_at,
	  .hide = unit_hide },
	{ HIDDEN_UNITS("flags"), .record_save = flag_list },
	{ HIDDEN_UNITS("sector"), .record_save = unit_sector },
	{ HIDDEN_UNITS("placed-by"), .record_save = unit_placer },
	{ .key = "known", .type = SD_GROUP, .sub = known_fields },
	{ .key = "held", .type = SD_GROUP, .sub = held_fields },
	{ .key = "held-count", .type = SD_COUNT,
	  SD_NAMES(rt_side_names, PLAYERS), .hi = HEX_UNITS_MAX,
	  .value = held_count },
	{ .key = "cup-count", .type = SD_COUNT, .hi = CUP_MAX,
	  .value = cup_left },
	{ OWN("cup", cup_labels), .vis = SD_REFEREE },
	{ INT("reichstag-blind", rt_blind, 0, RT_GARRISON_N) },
	{ UNITS("eliminated-in"), .record_save = unit_fell },
	{ UNITS("captured"), .record_save = unit_captor },
	{ INT("german-mp", german_mp, 0, 99) },
	{ OWN("mp-spent", mp_spent) },
	{ PER_SIDE("sp-spent", sp_spent, SD_INTS), .hi = RT_SP_CAP },
	{ PER_SIDE("exhausted", exhausted, SD_FLAGS) },
	{ PER_SIDE("max-effort-used", max_effort_used, SD_FLAGS) },
	{ OWN("max-effort-now", max_effort_now) },
	{ OWN("control", control) },
	{ .key = "reichstag-taken-by", .type = SD_NAME,
	  SD_MEMBER(struct rttr, rt_taken_by),
	  SD_NAMES(rt_side_names, PLAYERS), .flags = SDF_NONE, .none = -1 },
	{ OWN("barrage", barrage) },
	{ OWN("markers-used", markers_used) },
	{ OWN("demolished", demolished) },
	{ OWN("bridges-safe", bridges_safe) },
	{ .key = "groups", .type = SD_INTS, SD_ELEM(struct rttr, group_in),
	  SD_NAMES(group_names, RT_GROUPS), .hi = 99 },
	{ .key = "fuehrerbunker-captured", .type = SD_NAME,
	  SD_MEMBER(struct rttr, fb_captured), SD_NAMES(yes_no, 2) },
	{ .key = "result", .type = SD_NAME, SD_MEMBER(struct rttr, result),
	  SD_NAMES(rt_result_names, RESULTS) },
	{ PER_SIDE("vp", vp, SD_INTS), .lo = -999, .hi = 999 },
	{ .key = NULL }
};

const struct state_decl rt_state = {
	"race-to-the-reichstag", sides, sizeof(struct rttr), fields, NULL, 0
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

/* ---- load ---- */

static int load_unit_list(struct rttr *st, const struct doc *d,
			  const struct doc_node *n, const char *what,
			  int (*each)(struct rttr *, int, void *),
			  void *user, struct error *err)
{
	size_t i;
	int k;

	if (n->kind != DOC_SEQ)
		return rt_bad(d, n, err, "%s: a list of unit ids", what);
	for (i = 0; i < n->n; i++) {
		k = n->items[i]->kind == DOC_SCALAR ?
			rt_unit_find(st, n->items[i]->str) : -1;
		if (k < 0)
			return rt_bad(d, n->items[i], err, "%s: no unit %s", what,
				   n->items[i]->kind == DOC_SCALAR ?
				   n->items[i]->str : "?");
		if (each(st, k, user) < 0)
			return rt_bad(d, n->items[i], err, "%s: %s is not "
				   "allowed here", what, st->u[k].id);
	}
	return 0;
}

static int set_known(struct rttr *st, int u, void *user)
{
	st->known[u] |= (uint8_t)(1 << *(int *)user);
	return 0;
}

static int set_holder(struct rttr *st, int u, void *user)
{
	st->holder[u] = (int8_t)*(int *)user;
	st->u[u].where = U_WAITING;
	return 0;
}

static int set_cup(struct rttr *st, int u, void *user)
{
	int i;

	(void)user;
	for (i = 0; i < st->n_pool; i++)
		if (st->pool_unit[i] == u) {
			cup_add(&st->cup, i);
			st->u[u].where = U_WAITING;
			return 0;
		}
	return -1;
}

static int load_sidemap(struct rttr *st, const struct doc *d,
			const struct doc_node *n, const char *what,
			int8_t *out, const char *const *names, int count,
			struct error *err)
{
	size_t i;
	int k, v;

	if (n->kind != DOC_MAP)
		return rt_bad(d, n, err, "%s: unit id -> value", what);
	for (i = 0; i < n->n; i++) {
		k = rt_unit_find(st, n->keys[i]->str);
		v = n->items[i]->kind == DOC_SCALAR ?
			rt_word(n->items[i]->str, names, count) : -1;
		if (k < 0 || v < 0)
			return rt_bad(d, n->items[i], err, "%s: %s: a unit and "
				   "one of %s...", what, n->keys[i]->str,
				   names[0]);
		out[k] = (int8_t)v;
	}
	return 0;
}

static int load_sides_bits(struct rttr *st, const struct doc *d,
			   const struct doc_node *n, int kind,
			   const char *what, struct error *err)
{
	size_t i;
	int16_t h;
	int8_t dir;

	if (n->kind != DOC_SEQ)
		return rt_bad(d, n, err, "%s: a list of hexsides CCRR-CCRR",
			   what);
	for (i = 0; i < n->n; i++) {
		if (n->items[i]->kind != DOC_SCALAR ||
		    hex_side_parse(&st->map, n->items[i]->str, &h, &dir) < 0)
			return rt_bad(d, n->items[i], err, "%s: CCRR-CCRR", what);
		hex_side_set(&st->map, h, dir, kind, 1);
	}
	return 0;
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

static int load_flags(struct rttr *st, const struct doc *d,
		      const struct doc_node *n, struct error *err)
{
	size_t i, j;
	int k, b;

	if (n->kind != DOC_MAP)
		return rt_bad(d, n, err, "flags: unit id -> [flag, ...]%s", "");
	memset(st->flags, 0, sizeof st->flags);
	for (i = 0; i < n->n; i++) {
		const struct doc_node *l = n->items[i];

		k = rt_unit_find(st, n->keys[i]->str);
		if (k < 0 || l->kind != DOC_SEQ)
			return rt_bad(d, l, err, "flags: no unit %s",
				   n->keys[i]->str);
		for (j = 0; j < l->n; j++) {
			b = l->items[j]->kind == DOC_SCALAR ?
				rt_word(l->items[j]->str, flag_names, 32) : -1;
			if (b < 0)
				return rt_bad(d, l->items[j], err, "flags: "
					   "unknown flag%s", "");
			st->flags[k] |= (uint16_t)(1 << b);
		}
	}
	return 0;
}

/* `stacks`: {HEX: [top, ..., bottom]}: the order of the units there */
static int load_stacks(struct rttr *st, const struct doc *d,
		       const struct doc_node *n, struct error *err)
{
	size_t i, j;
	int k, h;

	if (n->kind != DOC_MAP)
		return rt_bad(d, n, err, "stacks: HEX -> [unit, ...] top "
			   "first%s", "");
	for (i = 0; i < n->n; i++) {
		const struct doc_node *l = n->items[i];

		h = hex_parse(&st->map, n->keys[i]->str);
		if (h < 0 || l->kind != DOC_SEQ)
			return rt_bad(d, l, err, "stacks: %s: a hex and a list",
				   n->keys[i]->str);
		for (j = l->n; j-- > 0;) {
			k = l->items[j]->kind == DOC_SCALAR ?
				rt_unit_find(st, l->items[j]->str) : -1;
			if (k < 0)
				return rt_bad(d, l->items[j], err, "stacks: no "
					   "unit %s", l->items[j]->str);
			st->u[k].where = U_MAP;
			st->u[k].hex = (int16_t)h;
			st->seq[k] = st->seq_next++;
		}
	}
	return 0;
}

static int load_units(struct rttr *st, const struct doc *d,
		      const struct doc_node *t, struct error *err)
{
	size_t i;
	int u, h, w;

	if (t->kind != DOC_MAP)
		return rt_bad(d, t, err, "units: id -> hex, waiting or "
			   "eliminated%s", "");
	for (i = 0; i < t->n; i++) {
		u = rt_unit_find(st, t->keys[i]->str);
		if (u < 0 || t->items[i]->kind != DOC_SCALAR)
			return rt_bad(d, t->items[i], err, "units: no unit %s",
				   t->keys[i]->str);
		w = rt_word(t->items[i]->str, unit_where_names, U_WHERE);
		h = hex_parse(&st->map, t->items[i]->str);
		if ((w < 0 || w == U_MAP) && h < 0)
			return rt_bad(d, t->items[i], err, "units: %s is not a "
				   "hex, waiting or eliminated",
				   t->items[i]->str);
		st->u[u].where = (uint8_t)(h >= 0 ? U_MAP : w);
		st->u[u].hex = (int16_t)(h >= 0 ? h : HEX_NONE);
		if (h >= 0 && st->u[u].side == GERMAN &&
		    st->front[u] == SEC_NONE)
			st->front[u] = (uint8_t)rt_sector(st, h);
		/* a pool counter placed by the position leaves the cup */
		if (st->u[u].tags & T_POOL) {
			int k;

			for (k = 0; k < st->n_pool; k++)
				if (st->pool_unit[k] == u)
					cup_remove(&st->cup, k);
		}
	}
	return 0;
}

static int load_control(struct rttr *st, const struct doc *d,
			const struct doc_node *n, struct error *err)
{
	size_t i;
	int h, p;

	if (n->kind != DOC_MAP)
		return rt_bad(d, n, err, "control: HEX -> 1bf|1uf%s", "");
	memset(st->ctrl, -1, sizeof st->ctrl);
	for (i = 0; i < n->n; i++) {
		h = hex_parse(&st->map, n->keys[i]->str);
		p = n->items[i]->kind == DOC_SCALAR ?
			rt_side_parse(n->items[i]->str) : -1;
		if (h < 0 || p < 0)
			return rt_bad(d, n->items[i], err, "control: HEX -> 1bf "
				   "or 1uf%s", "");
		st->ctrl[h] = (int8_t)p;
	}
	return 0;
}

static int load_barrage(struct rttr *st, const struct doc *d,
			const struct doc_node *n, struct error *err)
{
	size_t i;
	int k, h, idx, sec, rad;

	if (n->kind != DOC_MAP)
		return rt_bad(d, n, err, "barrage: MARKER -> HEX%s", "");
	hex_markers_init(&st->bz);
	for (k = 0; k < st->n_mk; k++)
		st->mk[k].on_map = -1;
	for (i = 0; i < n->n; i++) {
		for (k = 0; k < st->n_mk; k++)
			if (!strcmp(st->mk[k].id, n->keys[i]->str))
				break;
		h = n->items[i]->kind == DOC_SCALAR ?
			hex_parse(&st->map, n->items[i]->str) : -1;
		if (k == st->n_mk || h < 0)
			return rt_bad(d, n->items[i], err, "barrage: %s: a "
				   "marker and a hex", n->keys[i]->str);
		/* 15.2: artillery the hex and its neighbours, air 2 hexes,
		 * never across the boundary */
		rad = st->mk[k].kind == MK_ARTILLERY ? 1 : 2;
		sec = st->mk[k].owner >= 0 ?
			st->rg.sector[st->mk[k].owner] : -1;
		idx = hex_marker_place(&st->bz, &st->map, h, rad, sec,
				       st->mk[k].owner, k);
		if (idx < 0)
			return rt_bad(d, n->items[i], err, "barrage: %s may not "
				   "stand at %s (15.2, 5.2)", st->mk[k].id,
				   n->items[i]->str);
		st->mk[k].on_map = (int8_t)idx;
	}
	return 0;
}

static int load_used(struct rttr *st, const struct doc *d,
		     const struct doc_node *n, struct error *err)
{
	size_t i;
	int k;

	if (n->kind != DOC_MAP)
		return rt_bad(d, n, err, "markers-used: MARKER -> GT%s", "");
	for (i = 0; i < n->n; i++) {
		for (k = 0; k < st->n_mk; k++)
			if (!strcmp(st->mk[k].id, n->keys[i]->str))
				break;
		if (k == st->n_mk || n->items[i]->kind != DOC_SCALAR)
			return rt_bad(d, n->items[i], err, "markers-used: no "
				   "marker %s", n->keys[i]->str);
		st->mk[k].used_turn = (int8_t)atoi(n->items[i]->str);
	}
	return 0;
}

/* mp-spent: {UNIT: MP}, a Soviet unit's MPs spent before a destroyed
 * bridge cut its move short (9.0, 18.1) */
static int load_mp_spent(struct rttr *st, const struct doc *d,
			 const struct doc_node *n, struct error *err)
{
	size_t i;
	long long v;
	int k;

	if (n->kind != DOC_MAP)
		return rt_bad(d, n, err, "mp-spent: unit id -> MPs%s", "");
	for (i = 0; i < n->n; i++) {
		k = rt_unit_find(st, n->keys[i]->str);
		if (k < 0 || st->u[k].side != SOVIET)
			return rt_bad(d, n->keys[i], err, "mp-spent: %s: a Soviet "
				   "unit", n->keys[i]->str);
		if (doc_int_of(d, n->items[i], "mp-spent", 1, 12, &v, err) < 0)
			return -1;
		st->mp_spent[k] = (uint8_t)(v * HALF);
	}
	return 0;
}

int rt_load(void *vst, const struct doc *d, const struct doc_node *map,
	    struct error *err)
{
	static const char *const keys[] = { "map", "oob", "markers-oob",
		"draws", "options", "turns", "turn", "phase", "step", "units",
		"stacks", "flags", "sector", "placed-by", "known", "held",
		"held-count", "cup-count", "cup", "reichstag-blind",
		"eliminated-in", "captured", "german-mp", "mp-spent",
		"sp-spent", "exhausted", "max-effort-used", "max-effort-now",
		"control", "reichstag-taken-by", "barrage", "markers-used",
		"demolished", "bridges-safe", "groups",
		"fuehrerbunker-captured", "result", "vp", NULL };
	static const char *const plain[] = { "turn", "phase", "step",
		"reichstag-blind", "german-mp", "sp-spent", "exhausted",
		"max-effort-used", "reichstag-taken-by", "groups", "result",
		"vp", NULL };
	struct rttr *st = vst;
	const struct doc_node *n;
	long long v;
	int k, p;

	if (!map || map->kind != DOC_MAP)
		return rt_bad(d, map, err, "a position is a mapping%s", "");
	if (doc_only_keys(d, map, keys, err) < 0)
		return -1;
	if ((n = doc_get(map, "map"))) {
		if (!doc_get(map, "oob"))
			return rt_bad(d, map, err, "a position with its own map "
				   "needs its own oob%s", "");
		if (hex_map_load(&st->map, d, n, err) < 0)
			return -1;
		rt_regions(st);
		memset(st->ctrl, -1, sizeof st->ctrl);
		hex_markers_init(&st->bz);
		st->n_mk = 0;
	}
	if ((n = doc_get(map, "oob")) && rt_oob_load(st, d, n, err) < 0)
		return -1;
	if ((n = doc_get(map, "markers-oob")) &&
	    rt_markers_load(st, d, n, err) < 0)
		return -1;
	if (rt_draws_load(st, d, doc_get(map, "draws"), err) < 0)
		return -1;
	if ((n = doc_get(map, "options")) && rt_options_read(st, NULL, n, d, err) < 0)
		return -1;
	if (doc_get(map, "turns")) {
		if (doc_need_int(d, map, "turns", 1, 99, &v, err) < 0)
			return -1;
		st->turns = (int)v;
	}
	/* the fields the declaration loads alone (rt_state) */
	for (k = 0; plain[k]; k++)
		if ((n = doc_get(map, plain[k])) &&
		    sd_load_key(&rt_state, plain[k], st, d, n, err) < 0)
			return -1;
	/* the cup first: "units" takes placed counters out of it */
	if ((n = doc_get(map, "cup"))) {
		cup_clear(&st->cup);
		if (load_unit_list(st, d, n, "cup", set_cup, NULL, err) < 0)
			return -1;
	}
	if ((n = doc_get(map, "units")) && load_units(st, d, n, err) < 0)
		return -1;
	if ((n = doc_get(map, "stacks")) && load_stacks(st, d, n, err) < 0)
		return -1;
	if ((n = doc_get(map, "flags")) && load_flags(st, d, n, err) < 0)
		return -1;
	restore_arrivals(st);
	if ((n = doc_get(map, "sector"))) {
		int8_t tmp[HEX_UNITS_MAX];

		memset(tmp, -1, sizeof tmp);
		if (load_sidemap(st, d, n, "sector", tmp, rt_sector_names, 3,
				 err) < 0)
			return -1;
		for (k = 0; k < st->n_units; k++)
			if (tmp[k] >= 0)
				st->front[k] = (uint8_t)tmp[k];
	}
	if ((n = doc_get(map, "placed-by")) &&
	    load_sidemap(st, d, n, "placed-by", st->placed_by, rt_side_names,
			 PLAYERS, err) < 0)
		return -1;
	if ((n = doc_get(map, "known"))) {
		if (n->kind != DOC_MAP)
			return rt_bad(d, n, err, "known: {1bf: [ids], 1uf: "
				   "[ids]}%s", "");
		memset(st->known, 0, sizeof st->known);
		for (p = 0; p < PLAYERS; p++)
			if (doc_get(n, rt_side_names[p]) &&
			    load_unit_list(st, d, doc_get(n, rt_side_names[p]),
					   "known", set_known, &p, err) < 0)
				return -1;
	}
	if ((n = doc_get(map, "held"))) {
		if (n->kind != DOC_MAP)
			return rt_bad(d, n, err, "held: {1bf: [ids], 1uf: "
				   "[ids]}%s", "");
		for (p = 0; p < PLAYERS; p++)
			if (doc_get(n, rt_side_names[p]) &&
			    load_unit_list(st, d, doc_get(n, rt_side_names[p]),
					   "held", set_holder, &p, err) < 0)
				return -1;
	}
	if ((n = doc_get(map, "eliminated-in")) &&
	    load_sidemap(st, d, n, "eliminated-in", st->elim_by,
			 rt_sector_names, 3, err) < 0)
		return -1;
	if ((n = doc_get(map, "captured")) &&
	    load_sidemap(st, d, n, "captured", st->captor, rt_side_names,
			 PLAYERS, err) < 0)
		return -1;
	if ((n = doc_get(map, "mp-spent")) && load_mp_spent(st, d, n, err))
		return -1;
	if (doc_get(map, "max-effort-now")) {
		if (doc_need_int(d, map, "max-effort-now", 0, 1, &v, err) < 0)
			return -1;
		st->max_effort_now = (int)v;
	}
	if ((n = doc_get(map, "control")) && load_control(st, d, n, err) < 0)
		return -1;
	if ((n = doc_get(map, "barrage")) && load_barrage(st, d, n, err) < 0)
		return -1;
	if ((n = doc_get(map, "markers-used")) &&
	    load_used(st, d, n, err) < 0)
		return -1;
	if ((n = doc_get(map, "demolished")) &&
	    load_sides_bits(st, d, n, HS_DEMOLISHED, "demolished", err) < 0)
		return -1;
	if ((n = doc_get(map, "bridges-safe")) &&
	    load_sides_bits(st, d, n, HS_CHECKED, "bridges-safe", err) < 0)
		return -1;
	if ((n = doc_get(map, "fuehrerbunker-captured")))
		st->fb_captured = n->kind == DOC_SCALAR && rt_yes(n->str);
	if (doc_get(map, "result"))
		st->result_turn = st->result ? st->turn : 0;
	/* a face-down counter is known to the player who placed it */
	for (k = 0; k < st->n_units; k++)
		if (st->placed_by[k] >= 0)
			st->known[k] |= (uint8_t)(1 << st->placed_by[k]);
	rt_settle(st);
	rt_options_map(st);     /* 23.2 (options.c) */
	return 0;
}

/* ---- a view back to a state (for position and render) ---- */

static int is_hidden(const struct doc_node *n)
{
	return n && n->kind == DOC_SCALAR &&
	       strncmp(n->str, "hidden:", 7) == 0;
}

/* Whether the view names unit id anywhere visible. */
static int named(const struct doc_node *map, const char *id)
{
	static const char *const lists[] = { "units", NULL };
	const struct doc_node *n, *h, *s;
	size_t i, j;
	int p;

	for (i = 0; lists[i]; i++)
		if ((n = doc_get(map, lists[i])) && n->kind == DOC_MAP &&
		    doc_get(n, id))
			return 1;
	if ((h = doc_get(map, "held")) && h->kind == DOC_MAP)
		for (p = 0; p < PLAYERS; p++)
			if ((s = doc_get(h, rt_side_names[p])) &&
			    s->kind == DOC_SEQ)
				for (j = 0; j < s->n; j++)
					if (!strcmp(s->items[j]->str, id))
						return 1;
	if ((s = doc_get(map, "cup")) && s->kind == DOC_SEQ)
		for (j = 0; j < s->n; j++)
			if (!strcmp(s->items[j]->str, id))
				return 1;
	return 0;
}

/* A German counter the view does not name: a pool counter first. */
static int stand_in(const struct rttr *st, const uint8_t *used)
{
	int k, pass;

	for (pass = 0; pass < 2; pass++)
		for (k = 0; k < st->n_units; k++)
			if (!used[k] && st->u[k].side == GERMAN &&
			    (pass || (st->u[k].tags & T_POOL)))
				return k;
	return -1;
}

/*
 * A view's state as a state position() and render() can draw for side:
 * each hidden stack entry gets a stand-in, a counter the view does not
 * name (pool counters first, marked face down and placed by the other
 * player: drawn for side they show only as a counter back); a hidden
 * hand gets `held-count` stand-ins, a hidden cup the rest of the pool.
 */
int rt_load_view(void *vst, const struct doc *d, const struct doc_node *map,
		 const char *side, struct error *err)
{
	struct rttr *st = vst;
	struct doc *fill;
	struct doc_node *m, *stacks, *held, *flags, *pb, *sector;
	const struct doc_node *n, *l, *cnt;
	uint8_t used[HEX_UNITS_MAX], stood[HEX_UNITS_MAX];
	int me = side ? rt_side_parse(side) : -1, other, rc, k;
	size_t i, j;

	if (!map || map->kind != DOC_MAP)
		return rt_bad(d, map, err, "a view is a mapping%s", "");
	other = me == P1BF ? P1UF : P1BF;
	fill = doc_new(d->name);
	m = doc_copy(fill, map);
	memset(used, 0, sizeof used);
	memset(stood, 0, sizeof stood);
	for (k = 0; k < st->n_units; k++)
		used[k] = (uint8_t)named(map, st->u[k].id);
	flags = doc_map(fill);
	if ((n = doc_get(map, "flags")) && n->kind == DOC_MAP)
		flags = doc_copy(fill, n);
	pb = doc_map(fill);
	if ((n = doc_get(map, "placed-by")) && n->kind == DOC_MAP)
		pb = doc_copy(fill, n);
	sector = doc_map(fill);
	if ((n = doc_get(map, "sector")) && n->kind == DOC_MAP)
		sector = doc_copy(fill, n);
	/* stacks: hidden entries */
	stacks = doc_map(fill);
	if ((n = doc_get(map, "stacks")) && n->kind == DOC_MAP) {
		for (i = 0; i < n->n; i++) {
			struct doc_node *s = doc_seq(fill);
			/* a face-down counter belongs to the sector it was
			 * placed in, which all see (3.5, 3.6, 7.3, 5.2):
			 * its stand-in too, so that what may attack it or
			 * stack with it is what the side sees */
			int sec = rt_sector(st, hex_parse(&st->map,
							  n->keys[i]->str));

			l = n->items[i];
			for (j = 0; l->kind == DOC_SEQ && j < l->n; j++) {
				if (!is_hidden(l->items[j])) {
					doc_push(fill, s, doc_copy(fill,
						 l->items[j]));
					continue;
				}
				k = stand_in(st, used);
				if (k < 0) {
					doc_free(fill);
					return rt_bad(d, l, err, "view: more "
						   "hidden counters than "
						   "units%s", "");
				}
				used[k] = stood[k] = 1;
				doc_push(fill, s, doc_str(fill,
					 st->u[k].id));
				if (st->u[k].tags & T_POOL) {
					struct doc_node *f = doc_seq(fill);

					doc_push(fill, f, doc_str(fill,
						 "face-down"));
					doc_put(fill, flags, st->u[k].id, f);
					doc_put(fill, pb, st->u[k].id,
						doc_str(fill,
						rt_side_names[other]));
				}
				if (sec == SEC_1BF || sec == SEC_1UF)
					doc_put(fill, sector, st->u[k].id,
						doc_str(fill,
						rt_sector_names[sec]));
			}
			doc_set(fill, stacks, n->keys[i]->str, s);
		}
	}
	doc_put(fill, m, "stacks", stacks);
	doc_put(fill, m, "flags", flags);
	doc_put(fill, m, "placed-by", pb);
	doc_put(fill, m, "sector", sector);
	/* a hidden hand: held-count stand-ins from the pool */
	held = doc_map(fill);
	n = doc_get(map, "held");
	cnt = doc_get(map, "held-count");
	for (k = 0; k < PLAYERS; k++) {
		struct doc_node *s = doc_seq(fill);
		const struct doc_node *h = n && n->kind == DOC_MAP ?
			doc_get(n, rt_side_names[k]) : NULL;
		const struct doc_node *c = cnt && cnt->kind == DOC_MAP ?
			doc_get(cnt, rt_side_names[k]) : NULL;
		long long want = c && c->kind == DOC_SCALAR ? atoll(c->str) :
			0;
		int u;

		if (h && !is_hidden(h)) {
			doc_set(fill, held, rt_side_names[k],
				doc_copy(fill, h));
			continue;
		}
		for (u = 0; u < st->n_units && want > 0; u++)
			if (!used[u] && (st->u[u].tags & T_POOL)) {
				used[u] = 1;
				doc_push(fill, s, doc_str(fill, st->u[u].id));
				want--;
			}
		doc_set(fill, held, rt_side_names[k], s);
	}
	doc_put(fill, m, "held", held);
	/* a hidden cup: the pool counters left */
	if (is_hidden(doc_get(map, "cup"))) {
		struct doc_node *s = doc_seq(fill);

		for (k = 0; k < st->n_units; k++)
			if (!used[k] && (st->u[k].tags & T_POOL))
				doc_push(fill, s, doc_str(fill, st->u[k].id));
		doc_put(fill, m, "cup", s);
	}
	rc = rt_load(st, fill, m, err);
	/* the declaration's visibility (rt_state): a stand-in is a unit
	 * the side may not see, as the real one was, so the check on the
	 * view meets the same consult points (sd_consult) */
	for (k = 0; rc == 0 && side && k < st->n_units; k++)
		if (stood[k] && sd_sees_record(&rt_state, "stacks", st, side,
					       k))
			rc = rt_bad(d, map, err, "view: the stand-in %s would be "
				 "seen by its side (more hidden counters than "
				 "the pool can stand in for)", st->u[k].id);
	doc_free(fill);
	return rc;
}
