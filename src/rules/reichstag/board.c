/*
 * board.c - Race to the Reichstag: the board every phase reads and
 * changes: stacking (10.x), the hexes a unit may enter (5.x, 9.0), zones
 * of control (11.0) and the movement rules built on them (rt_rules:
 * 15.4 barrage zones, 19.1 engineers), a unit put on a hex with the
 * control it takes (17.1, 21.2), the Reichstag garrison revealed
 * (16.10) and the lines of communication of 24.1-24.4.
 *
 * 24.1-24.4 lines of communication: rt_loc, a trace (the lib's
 * hex_trace_sides) from the unit's hex to its front's map edge (1BF:
 * north, east and south edges of its sector; 1UF: the south edge of its
 * sector), of any length, through its own sector only (the boundary,
 * 24.2 (2)), never through a hex with a German unit (24.2 (1)), across
 * water (river, stream, lake hexsides) only by an intact bridge or with
 * a Soviet engineer of the front next to that hexside (in one of its
 * two hexes or one touching it at a corner, as 19.1 is read) (24.2 (3));
 * a line ends at a hex in an enemy ZOC, friendly units there or not
 * (24.2): such a hex may be the line's last (an edge hex), never a hex
 * it runs through. *Reading*: the unit's own hex is where the line
 * begins, not a hex it runs through, so a unit in an enemy ZOC may
 * still trace one. A Soviet unit on an airfield needs none (24.4).
 *
 * Every other module of the game reads the board through here; this one
 * reads only the state (state.h), so that the modules' includes run one
 * way: state, board, then the phases, then turn.c's sequence of play.
 */
#include <stdio.h>
#include <string.h>
#include "state.h"
#include "board.h"

/* ---- stacking (10.x) ---- */

static int count_side(const struct rttr *st, int h, int side, int skip)
{
	int k, n = 0;

	for (k = st->occ[h]; k >= 0; k = st->next[k])
		n += k != skip && st->u[k].side == side;
	if (side == GERMAN && h == rt_reichstag_hex(st))
		n += st->rt_blind;
	return n;
}

/* 10.2: one corps or one division plus one unit that is neither, or two
 * units smaller than a division; u joins the units of h. */
static int soviet_stack_ok(const struct rttr *st, int h, int u)
{
	int k, big = 0, small = 0;

	for (k = st->occ[h]; k >= 0; k = st->next[k]) {
		if (k == u || st->u[k].side != SOVIET)
			continue;
		if (st->u[k].size == SZ_CORPS || st->u[k].size == SZ_DIV)
			big++;
		else
			small++;
	}
	if (st->u[u].size == SZ_CORPS || st->u[u].size == SZ_DIV)
		big++;
	else
		small++;
	return big > 1 ? 0 : big == 1 ? small <= 1 : small <= 2;
}

/* Whether u may stand in h with the units there (10.0, 10.2, 10.3, 5.5):
 * no enemy there, the stacking limit, and at the Reichstag no unit of
 * the other front. */
int rt_stack_ok(const struct rttr *st, int u, int h)
{
	int k;

	if (count_side(st, h, st->u[u].side == SOVIET ? GERMAN : SOVIET,
		       u) > 0)
		return 0;
	if (st->u[u].side == GERMAN)
		return count_side(st, h, GERMAN, u) < 3;
	for (k = st->occ[h]; k >= 0; k = st->next[k])
		if (k != u && st->u[k].side == SOVIET &&
		    st->front[k] != st->front[u])
			return 0;
	return soviet_stack_ok(st, h, u);
}

static int hook_stack_ok(const void *user, int u, int h)
{
	return rt_stack_ok(user, u, h);
}

/* 5.2, 5.5, 5.6, 9.0: the hexes a unit may enter at all: its own sector
 * (the Reichstag is in both); no German into the Reichstag; no Soviet
 * into it while the other front holds it or German counters are there
 * (the garrison's blind counters are enemy units, 9.0). */
static int may_enter(const struct rttr *st, int u, int h)
{
	int s = rt_sector(st, h), f = st->front[u], k;

	if (s == SEC_NONE ||
	    st->map.terrain[st->map.terr[h]].cost == COST_NO)
		return 0;   /* 9.0: prohibited terrain */
	if (h == rt_reichstag_hex(st)) {
		if (st->u[u].side == GERMAN || st->rt_blind > 0)
			return 0;
		for (k = st->occ[h]; k >= 0; k = st->next[k])
			if (st->u[k].side == SOVIET && st->front[k] != f)
				return 0;
		for (k = 0; k < st->bz.n; k++)
			if (st->bz.m[k].hex == h && st->bz.m[k].side != f)
				return 0;
		return 1;
	}
	return s == f;
}

static int hook_may_enter(const void *user, int u, int h)
{
	return may_enter(user, u, h);
}

/* 11.0: every unit exerts a zone of control into the six hexes around
 * it; none across the boundary (map: the boundary hexside blocks it);
 * no Soviet ZOC into objective hexes or the Reichstag, no German ZOC
 * into the Reichstag (the map's terrain rows, hex_zoc_into); none out
 * of the Reichstag for a German (5.6). */
static int hook_exerts_zoc(const void *user, int u, int h)
{
	const struct rttr *st = user;

	if (st->u[u].side == GERMAN && st->u[u].hex == rt_reichstag_hex(st))
		return 0;
	return hex_zoc_into(&st->map, h, st->rg.al[st->u[u].side ==
						   SOVIET ? SOVIET : GERMAN]);
}

/* 19.1, 19.2: in a Soviet movement phase, an engineer of the phasing
 * front put in place at the phase start (F_ENGINEER, engineers()) makes
 * the unbridged river, stream and lake hexsides of its hex, and those
 * between two of its neighbours (touching its hex at a corner: reading,
 * as fight.c's fx_bridged and options.c's 24.2), count as bridged for
 * that front's moves: +0 MP, without a road's rate (reading). Only the
 * phasing front moves then. */
static int hook_bridged(const void *user, int a, int dir)
{
	const struct rttr *st = user;
	int f;

	if (st->phase == PH_1BF_MOVE)
		f = SEC_1BF;
	else if (st->phase == PH_1UF_MOVE)
		f = SEC_1UF;
	else
		return 0;
	return rt_engineer_covers(st, f, a, hex_neighbour(&st->map, a, dir),
				  1);
}

/* Whether an engineer is in place in this Soviet movement phase (19.2):
 * only then is hook_bridged given, so that a phase without one keeps
 * the cheaper searches (turn.c's zone map, mv_rules) */
static int engineer_in_place(const struct rttr *st)
{
	uint64_t any = 0, w;
	int u;

	if (st->phase != PH_1BF_MOVE && st->phase != PH_1UF_MOVE)
		return 0;
	/* the units' flags or-ed four at a time, not a test and a branch
	 * each: this is asked for every search of a Soviet movement
	 * phase */
	for (u = 0; u + 4 <= st->n_units; u += 4) {
		memcpy(&w, st->flags + u, sizeof w);
		any |= w;
	}
	for (; u < st->n_units; u++)
		any |= st->flags[u];
	return ((any | any >> 16 | any >> 32 | any >> 48) & F_ENGINEER) != 0;
}

void rt_rules(const struct rttr *st, struct hex_rules *r)
{
	memset(r, 0, sizeof *r);
	r->map = &st->map;
	r->units = st->u;
	r->n_units = st->n_units;
	r->occupant = st->occ;
	r->next = st->next;
	r->exerts_zoc = hook_exerts_zoc;
	r->stack_ok = hook_stack_ok;
	r->may_enter = hook_may_enter;
	r->extra_cost = rt_barrage_extra;    /* 15.4 */
	r->extra_of_entered = 1;             /* the zone of the hex entered */
	if (engineer_in_place(st))
		r->bridged = hook_bridged;   /* 19.1 in movement */
	r->user = st;
	r->disengage = 1;    /* 11.5 */
}

/* 15.4: whether unit u may pay the barrage zones' cost at all (a German
 * mobile unit: rt_barrage_extra is 0 for any other) */
static int barrage_pays(const struct rttr *st, int u)
{
	return st->u[u].side == GERMAN && !(st->u[u].tags & T_FIXED);
}

void rt_unit_rules(const struct rttr *st, int u, struct hex_rules *r)
{
	rt_rules(st, r);
	if (!barrage_pays(st, u))
		r->extra_cost = NULL;
}

/* Unit u leaves its stack and goes on top of the stack of h (seq_next):
 * rt_reindex for one unit, the same order (seq, then index, highest
 * first). */
void rt_relink(struct rttr *t, int u, int h)
{
	int16_t *link;
	int old = t->u[u].hex;

	if (old >= 0) {
		for (link = &t->occ[old]; *link >= 0 && *link != u;
		     link = &t->next[*link])
			;
		if (*link == u)
			*link = t->next[u];
	}
	t->u[u].hex = (int16_t)h;
	t->seq[u] = t->seq_next++;
	link = &t->occ[h];
	while (*link >= 0 && (t->seq[*link] > t->seq[u] ||
			      (t->seq[*link] == t->seq[u] && *link > u)))
		link = &t->next[*link];
	t->next[u] = *link;
	*link = (int16_t)u;
}

/* Put unit u on hex h, on top of its stack (17.1), and keep control
 * (21.2): a Soviet unit takes an objective hex or the Reichstag for its
 * front; a German unit takes it back (rt_tell_control reports it). */
void rt_put(struct rttr *st, int u, int h)
{
	st->flags[u] &= (uint16_t)~F_REPLACED;     /* 24.5: it has entered */
	st->due[u] = 0;
	if (st->u[u].where != U_MAP)    /* in no stack: nothing to unlink */
		st->u[u].hex = HEX_NONE;
	st->u[u].where = U_MAP;
	/* the stacks as rt_reindex makes them, u moved alone */
	rt_relink(st, u, h);
	if (!rt_objective(st, h))
		return;
	st->ctrl[h] = (int8_t)(st->u[u].side == SOVIET ? st->front[u] : -1);
}

/* The report of a change of control of h (21.2), was the controller
 * before: a line when it ended, one when a front took it. */
void rt_tell_control(struct ctx *c, const struct rttr *st, int h, int was)
{
	char x[8];

	if (st->ctrl[h] == was)
		return;
	if (was >= 0)
		ctx_event(c, "21.2", "%s: the %s's control ends (21.2).",
			  hex_id(h, x), rt_side_names[was]);
	if (st->ctrl[h] >= 0)
		ctx_event(c, "21.2", "%s: the %s takes control (21.2).",
			  hex_id(h, x), rt_side_names[st->ctrl[h]]);
}

/* rt_put() with the report of a change of control (21.2) */
void rt_put_told(struct ctx *c, struct rttr *st, int u, int h)
{
	int was = st->ctrl[h];

	rt_put(st, u, h);
	rt_tell_control(c, st, h, was);
}

/* 10.x, 5.x, 9.0: whether u may stand in h (stacking, no enemy there,
 * the hexes its side may enter at all) */
int rt_may_stand(const struct rttr *st, int u, int h)
{
	return h >= 0 && may_enter(st, u, h) && rt_stack_ok(st, u, h);
}

/* The pool's labels for cup_draw: each counter's id */
void rt_pool_labels(const struct rttr *st, const char **labels)
{
	int i;

	for (i = 0; i < st->n_pool; i++)
		labels[i] = st->u[st->pool_unit[i]].id;
}

/* 16.10: the Reichstag's three counters, undecided until now, are drawn
 * (a public draw: GAP.md 2.2 (3)) and stand face up for good. */
void rt_reveal_reichstag(struct ctx *c, struct rttr *st, const char *rule)
{
	const char *labels[CUP_MAX];
	int h = rt_reichstag_hex(st), k;

	rt_pool_labels(st, labels);
	while (st->rt_blind > 0 && cup_count(&st->cup) > 0) {
		k = cup_draw(c, &st->cup, labels, st->n_pool, "16.10 "
			     "Reichstag garrison revealed", "fixed-unit pool");
		st->rt_blind--;
		if (k < 0)
			break;
		k = st->pool_unit[k];
		st->front[k] = SEC_BOTH;
		st->flags[k] |= F_RT_GARRISON;
		/* face up, named to both (16.10) */
		st->known[k] = (1 << P1BF) | (1 << P1UF);
		rt_put_told(c, st, k, h);
		ctx_event(c, rule, "The Reichstag garrison is revealed: %s "
			  "(%s).", st->u[k].id, st->u[k].name);
	}
	st->rt_blind = 0;
}

/* 15.4: whether hex h is in a Soviet barrage zone (any front's: each
 * stays in its own sector; zones do not add up) */
int rt_in_barrage_zone(const struct rttr *st, int h)
{
	int i, k;

	for (i = 0; i < st->bz.n; i++) {
		k = st->bz.m[i].kind;
		if (k < st->n_mk && st->mk[k].kind != MK_ME262 &&
		    hex_marker_reaches(&st->bz, &st->map, i, h))
			return 1;
	}
	return 0;
}

/* 15.4: +1 MP for a German mobile unit entering a barrage-zone hex (the
 * movement code's extra_cost hook; retreats and advances do not use it:
 * the combat code's rules leave it out) */
int rt_barrage_extra(const void *user, int u, int a, int b)
{
	const struct rttr *st = user;

	if (!barrage_pays(st, u))
		return 0;
	return rt_in_barrage_zone(st, b) ? HALF : 0;
}

/* ---- 24.x lines of communication ---- */

struct loc_user {
	const struct rttr *st;
	struct hex_rules r;
	int f;
};

static int loc_source(const void *user, int h)
{
	const struct loc_user *l = user;
	const struct rt_regions *g = &l->st->rg;
	const struct hex_map *m = &l->st->map;

	if (l->f == P1BF)
		return hex_in_region(m, h, g->edge_north) ||
		       hex_in_region(m, h, g->edge_east) ||
		       hex_in_region(m, h, g->edge_1bf_south);
	return hex_in_region(m, h, g->edge_1uf_south);
}

static int loc_pass(const void *user, int h)
{
	const struct loc_user *l = user;
	const struct rttr *st = l->st;
	int s = rt_sector(st, h), k;

	if (s != l->f && s != SEC_BOTH)
		return 0;
	if (h == rt_reichstag_hex(st) && st->rt_blind > 0)
		return 0;
	for (k = st->occ[h]; k >= 0; k = st->next[k])
		if (st->u[k].side == GERMAN)
			return 0;
	/* an EZOC hex ends the line: only as its last hex (a source) */
	return loc_source(user, h) || !hex_in_enemy_zoc(&l->r, SOVIET, h);
}

static int loc_cross(const void *user, int a, int d)
{
	const struct loc_user *l = user;
	const struct hex_map *m = &l->st->map;

	if (hex_side_has(m, a, d, HS_BOUNDARY))
		return 0;
	if (!hex_side_has(m, a, d, HS_RIVER) &&
	    !hex_side_has(m, a, d, HS_STREAM) &&
	    !hex_side_has(m, a, d, HS_LAKE))
		return 1;
	if (hex_side_has(m, a, d, HS_BRIDGE) &&
	    !hex_side_has(m, a, d, HS_DEMOLISHED))
		return 1;
	return rt_engineer_covers(l->st, l->f, a, hex_neighbour(m, a, d), 0);
}

static int on_airfield(const struct rttr *st, int h)
{
	unsigned f = hex_feature(&st->map, "airfield");

	return (f && (st->map.feat[h] & f)) ||
	       strcmp(st->map.terrain[st->map.terr[h]].name, "airfield") == 0;
}

int rt_loc(const struct rttr *st, int f, int h)
{
	struct loc_user l;
	int16_t dist[HEX_MAX];
	int d, n;

	if (!st->opt_loc)
		return 1;
	if (h < 0 || f < 0 || f >= PLAYERS)
		return 0;
	if (on_airfield(st, h))          /* 24.4 */
		return 1;
	l.st = st;
	l.f = f;
	rt_rules(st, &l.r);
	if (loc_source(&l, h))
		return 1;
	hex_trace_sides(&st->map, loc_source, loc_pass, loc_cross, &l,
			HEX_MAX, dist);
	for (d = 0; d < 6; d++) {
		n = hex_neighbour(&st->map, h, d);
		if (n >= 0 && dist[n] >= 0 && loc_cross(&l, h, d))
			return 1;
	}
	return 0;
}
