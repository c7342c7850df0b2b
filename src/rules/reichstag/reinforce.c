/*
 * reinforce.c - Race to the Reichstag: reinforcements and replacements
 * (7.x, 8.x): Soviet units entering on the date on their counter (7.1)
 * and the eliminated units a front buys back with SP (8.2, 27.3); the
 * Germans' fixed-unit draw of each German PT (7.3), stopped while the
 * Soviets hold all of a sector's objective hexes (7.4).
 *
 * Entry hexes (7.1 "the designated map-edge hexes of its own sector"):
 * the unit's own entry region when the order of battle names one (a
 * region called edge-... or entry-...), else (a unit that set up on the
 * map, now replaced or back from an off-map retreat, 13.0) any hex of
 * the edge-<front>-... regions (reading, scenario notes). A unit that has
 * no legal entry hex waits for the next GT (7.1), and only then.
 *
 * The German draw is private (GAP.md 2.2): cup_draw_for the commander of
 * the sector's Germans, never lending the Reichstag's reserved counters
 * (3.4); its identity goes to him alone (ctx_event_to, a placer-only
 * mark), the others read that a counter was drawn and where a face-down
 * counter was placed.
 */
#include <stdio.h>
#include <string.h>
#include "state.h"

/* ---- Soviet entry (7.1, 8.2) ---- */

static int named(const struct rttr *st, int r, const char *prefix)
{
	return r >= 0 && r < st->map.n_regions &&
	       !strncmp(st->map.region_name[r], prefix, strlen(prefix));
}

/* Whether h is one of u's entry hexes (7.1; the reading above). */
static int entry_region_has(const struct rttr *st, int u, int h)
{
	char pre[16];
	int r = st->setup_region[u];

	if (named(st, r, "edge-") || named(st, r, "entry-"))
		return hex_in_region(&st->map, h, r);
	snprintf(pre, sizeof pre, "edge-%s-", rt_side_names[st->front[u]]);
	for (r = 0; r < st->map.n_regions; r++)
		if (named(st, r, pre) && hex_in_region(&st->map, h, r))
			return 1;
	return 0;
}

/* 7.1: u may enter at h: an entry hex of its own sector, not prohibited
 * terrain, no enemy there, the stacking limit (an EZOC is allowed). */
static int entry_ok(const struct rttr *st, int u, int h)
{
	return entry_region_has(st, u, h) &&
	       rt_sector(st, h) == st->front[u] &&
	       st->map.terrain[st->map.terr[h]].cost != COST_NO &&
	       rt_stack_ok(st, u, h);
}

static int first_entry(const struct rttr *st, int u)
{
	int h, end = hex_end(&st->map);

	for (h = 0; h < end; h++)
		if (entry_ok(st, u, h))
			return h;
	return -1;
}

/* Due to enter in front p's reinforcement phase now (7.1, 8.2, 13.0). */
static int due(const struct rttr *st, int p, int u)
{
	return st->u[u].side == SOVIET && st->front[u] == p &&
	       st->u[u].where == U_WAITING && st->u[u].arrive >= 1 &&
	       st->u[u].arrive <= st->turn;
}

struct en_check {
	struct rttr *st;
	int u, hex;
};

/* "auto" (the first legal hex) or "HEX" */
static int check_enter(void *user, const char *ans, char *why, size_t size)
{
	struct en_check *e = user;
	int h;

	if (!strcmp(ans, "auto")) {
		e->hex = first_entry(e->st, e->u);
		return 0;
	}
	h = hex_parse(&e->st->map, ans);
	if (h < 0)
		return snprintf(why, size, "give a hex or auto (7.1)"), -1;
	if (!entry_ok(e->st, e->u, h))
		return snprintf(why, size, "%s may not enter at %s: an entry "
				"hex of its own sector's map edge, no enemy "
				"unit there, within the stacking limit (7.1, "
				"10.2)", e->st->u[e->u].id, ans), -1;
	e->hex = h;
	return 0;
}

static void enter_units(struct ctx *c, struct rttr *st, int p)
{
	struct en_check e;
	struct question q;
	const char *ans;
	char why[200], x[8];
	int u, h, end = hex_end(&st->map);

	for (u = 0; u < st->n_units; u++) {
		if (!due(st, p, u))
			continue;
		if (first_entry(st, u) < 0) {
			st->u[u].arrive = (int8_t)(st->turn + 1);
			ctx_event(c, "7.1", "%s cannot enter: no legal entry "
				  "hex; it is delayed to the next GT.",
				  st->u[u].id);
			continue;
		}
		e.st = st;
		e.u = u;
		e.hex = -1;
		q_init(&q, "7.1", "enter", rt_side_names[p], "7.1: where "
		       "does %s enter? HEX (its sector's map-edge entry "
		       "hexes) or auto (the first legal one).", st->u[u].id);
		q_add(&q, "auto");
		for (h = 0; h < end && q.n < 4; h++)
			if (entry_ok(st, u, h))
				q_add(&q, "%s", hex_id(h, x));
		ans = ctx_ask_text(c, &q, check_enter, &e);
		if (check_enter(&e, ans, why, sizeof why) || e.hex < 0)
			continue;
		st->flags[u] &= (uint16_t)~(F_OFFMAP_RETREAT | F_MOVED);
		rt_put(c, st, u, e.hex);
		ctx_event(c, "7.1", "%s enters at %s.", st->u[u].id,
			  hex_id(e.hex, x));
		ctx_mark(c, "", "placed", x, "", st->u[u].id);
	}
}

/* ---- 8.2 replacements ---- */

struct rp_check {
	struct rttr *st;
	int p, u, cost;
};

static int replaceable(const struct rttr *st, int p, int u)
{
	return st->u[u].side == SOVIET && st->front[u] == p &&
	       st->u[u].where == U_ELIMINATED;
}

static int check_replace(void *user, const char *ans, char *why,
			 size_t size)
{
	struct rp_check *r = user;
	char what[64];

	r->u = -1;
	if (!strcmp(ans, "done"))
		return 0;
	r->u = rt_unit_find(r->st, ans);
	if (r->u < 0 || !replaceable(r->st, r->p, r->u)) {
		r->u = -1;
		return snprintf(why, size, "%s is not an eliminated unit of "
				"the %s (8.2: no replacement into the other "
				"front)", ans, rt_side_names[r->p]), -1;
	}
	r->cost = rt_sp_cost(r->st, r->p, rt_sp_replace_base(r->st, r->u));
	snprintf(what, sizeof what, "replacing %s", ans);
	return rt_sp_check(r->st, r->p, r->cost, what, why, size);
}

static void replacements(struct ctx *c, struct rttr *st, int p)
{
	struct rp_check r = { st, p, -1, 0 };
	struct question q;
	const char *ans;
	char why[200], what[64];
	int u, n;

	for (;;) {
		q_init(&q, "8.2", "replace", rt_side_names[p], "8.2 "
		       "replacements (27.3: a corps %d SP, a division, "
		       "brigade, regiment or group %d SP): UNIT, or done. "
		       "Eliminated:", rt_sp_cost(st, p, 4),
		       rt_sp_cost(st, p, 2));
		for (u = n = 0; u < st->n_units; u++)
			if (replaceable(st, p, u) &&
			    strlen(q.text) + 10 < sizeof q.text) {
				strcat(q.text, " ");
				strcat(q.text, st->u[u].id);
				n++;
			}
		if (n == 0)
			return;
		q_add(&q, "done");
		ans = ctx_ask_text(c, &q, check_replace, &r);
		if (check_replace(&r, ans, why, sizeof why) || r.u < 0)
			return;
		snprintf(what, sizeof what, "replacing %s", st->u[r.u].id);
		rt_sp_spend(c, st, p, r.cost, "8.2", what);
		st->u[r.u].where = U_WAITING;
		st->u[r.u].hex = HEX_NONE;
		st->u[r.u].arrive = (int8_t)st->turn;   /* 8.2: as 7.1 */
		st->elim_by[r.u] = -1;
	}
}

/* 4.0 I.A, III.A: front p's reinforcement phase: 6.7 (the start of the
 * PT), 8.2 replacements, then 7.1 entries. */
void rt_soviet_reinf_phase(struct ctx *c, struct rttr *st, int p)
{
	rt_max_effort(c, st, p);
	replacements(c, st, p);
	enter_units(c, st, p);
}

/* ---- 7.3, 7.4 German fixed-unit reinforcements ---- */

/* 7.4: the Soviets hold every objective hex of sector sec (the Reichstag
 * is none of them: 7.4's own words) */
static int all_objectives_held(const struct rttr *st, int sec)
{
	int16_t h[64];
	int n, i;

	if (st->rg.so[sec] < 0)
		return 0;
	n = hex_region_hexes(&st->map, st->rg.so[sec], h, 64);
	if (n <= 0 || n > 64)
		return 0;
	for (i = 0; i < n; i++)
		if (st->ctrl[h[i]] < 0)
			return 0;
	return 1;
}

/* 7.3: within 1 hex of a German unit, in the sector, no Soviet unit
 * there, not in a Soviet ZOC, the stacking limit, never the Reichstag
 * (5.6). */
static int german_place_ok(const struct rttr *st, int u, int sec, int h)
{
	struct hex_rules r;
	int d, n, k, near = 0;

	if (rt_sector(st, h) != sec ||
	    st->map.terrain[st->map.terr[h]].cost == COST_NO)
		return 0;
	for (d = -1; d < 6 && !near; d++) {
		n = d < 0 ? h : hex_neighbour(&st->map, h, d);
		if (n < 0)
			continue;
		for (k = st->occ[n]; k >= 0; k = st->next[k])
			if (st->u[k].side == GERMAN && k != u)
				near = 1;
	}
	if (!near || !rt_stack_ok(st, u, h))
		return 0;
	rt_rules(st, &r);
	return !hex_in_enemy_zoc(&r, GERMAN, h);
}

struct gp_check {
	struct rttr *st;
	int u, sec, hex;
};

static int first_german(const struct rttr *st, int u, int sec)
{
	int h, end = hex_end(&st->map);

	for (h = 0; h < end; h++)
		if (german_place_ok(st, u, sec, h))
			return h;
	return -1;
}

/* "auto" or "HEX"; the refusal names the rule, never the counter */
static int check_gplace(void *user, const char *ans, char *why,
			size_t size)
{
	struct gp_check *g = user;
	int h;

	if (!strcmp(ans, "auto")) {
		g->hex = first_german(g->st, g->u, g->sec);
		return 0;
	}
	h = hex_parse(&g->st->map, ans);
	if (h < 0)
		return snprintf(why, size, "give a hex or auto (7.3)"), -1;
	if (!german_place_ok(g->st, g->u, g->sec, h))
		return snprintf(why, size, "%s: a German reinforcement is "
				"placed in its sector within 1 hex of a German "
				"unit, not in a hex with Soviet units or in a "
				"Soviet ZOC, within the stacking limit (7.3, "
				"10.3, 5.6)", ans), -1;
	g->hex = h;
	return 0;
}

static void pool_labels(const struct rttr *st, const char **labels)
{
	int i;

	for (i = 0; i < st->n_pool; i++)
		labels[i] = st->u[st->pool_unit[i]].id;
}

/* 4.0 II.A, IV.A: the German reinforcement phase of sector sec, whose
 * Germans the other player commands. */
void rt_german_reinf_phase(struct ctx *c, struct rttr *st, int sec)
{
	const char *labels[CUP_MAX], *side;
	struct gp_check g;
	struct question q;
	const char *ans;
	char why[240], x[8];
	int p = 1 - sec, roll, k, u;

	side = rt_side_names[p];
	if (all_objectives_held(st, sec)) {
		ctx_event(c, "7.4", "The Soviets hold every objective hex of "
			  "the %s sector: no German reinforcement draw "
			  "there (7.4).", rt_side_names[sec]);
		return;
	}
	if (cup_count(&st->cup) <= st->rt_blind) {
		ctx_event(c, "7.3", "The pool is empty (the Reichstag's "
			  "counters are not lent): no German reinforcement "
			  "(7.3).");
		return;
	}
	/* the roller orders the roll (a step may not begin with a draw) */
	q_init(&q, "7.3", "draw", side, "7.3: roll for the Germans of the %s "
	       "sector (1-2: draw a fixed unit, seen by you alone).",
	       rt_side_names[sec]);
	q_add(&q, "draw");
	ctx_ask(c, &q);
	ctx_draw_for(c, side);
	roll = ctx_die(c, "7.3 German reinforcement", 6);
	ctx_draw_for(c, NULL);
	if (roll > 2) {
		ctx_event(c, "7.3", "The %s player rolls %d for the Germans of "
			  "the %s sector: no reinforcement (3-6).", side, roll,
			  rt_side_names[sec]);
		return;
	}
	pool_labels(st, labels);
	k = cup_draw_for(c, &st->cup, labels, st->n_pool, "7.3",
			 "fixed-unit pool", side);
	if (k < 0)
		return;
	u = st->pool_unit[k];
	st->holder[u] = (int8_t)p;
	st->known[u] |= (uint8_t)(1 << p);
	ctx_event_to(c, side, "7.3", "You draw %s.", st->u[u].id);
	ctx_event(c, "7.3", "The %s player rolls %d and draws a counter from "
		  "the pool for the Germans of the %s sector (%d left, %d of "
		  "them the Reichstag's).", side, roll, rt_side_names[sec],
		  cup_count(&st->cup), st->rt_blind);
	if (first_german(st, u, sec) < 0) {
		/* reading (scenario notes): nowhere to place it, it goes
		 * back to the pool */
		cup_add(&st->cup, k);
		st->holder[u] = -1;
		st->known[u] = 0;
		ctx_event(c, "7.3", "No hex may take it (7.3): the counter "
			  "goes back to the pool.");
		return;
	}
	g.st = st;
	g.u = u;
	g.sec = sec;
	g.hex = -1;
	q_init(&q, "7.3", "reinforce-place", side, "7.3: place the counter "
	       "you drew face down: HEX (within 1 hex of a German unit of "
	       "the %s sector, not with Soviets or in a Soviet ZOC) or auto "
	       "(the first legal hex).", rt_side_names[sec]);
	q_add(&q, "auto");
	ans = ctx_ask_text(c, &q, check_gplace, &g);
	if (check_gplace(&g, ans, why, sizeof why) || g.hex < 0)
		return;
	st->holder[u] = -1;
	st->flags[u] |= F_FACEDOWN;
	st->placed_by[u] = (int8_t)p;
	st->front[u] = (uint8_t)sec;
	rt_put(c, st, u, g.hex);
	hex_id(g.hex, x);
	ctx_event_to(c, side, "7.3", "You place %s face down at %s.",
		     st->u[u].id, x);
	ctx_event(c, "7.3", "The %s player places a face-down counter at %s.",
		  side, x);
	ctx_mark(c, side, "placed", x, "", st->u[u].id);
	ctx_mark(c, "", "placed", x, "", "face down");
}
