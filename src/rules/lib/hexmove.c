/*
 * hexmove.c - movement costs, hexsides, zones of control and the reachable
 * set of a unit on a hex map. See hex.h.
 */
#include <string.h>
#include "hex.h"

static int bridged(const struct hex_rules *r, int a, int dir)
{
	return r->bridged ? r->bridged(r->user, a, dir) : 0;
}

static int intact_bridge(const struct hex_map *m, int a, int d)
{
	return hex_side_has(m, a, d, HS_BRIDGE) &&
	       !hex_side_has(m, a, d, HS_DEMOLISHED);
}

static int water_kind(const struct hex_map *m, int a, int d)
{
	if (hex_side_has(m, a, d, HS_RIVER))
		return HS_RIVER;
	if (hex_side_has(m, a, d, HS_STREAM))
		return HS_STREAM;
	if (hex_side_has(m, a, d, HS_LAKE))
		return HS_LAKE;
	return -1;
}

int hex_side_water(const struct hex_rules *r, int a, int b)
{
	int d = hex_dir(r->map, a, b);

	return d >= 0 && water_kind(r->map, a, d) >= 0 &&
	       !intact_bridge(r->map, a, d) && !bridged(r, a, d);
}

/* Whether unit u in hex `from` exerts a zone of control into its
 * neighbour h, in direction d, where unit v stands (or would stand; -1:
 * as h is now). */
static int exerts_dir(const struct hex_rules *r, int u, int from, int d,
		      int h, int v)
{
	int k;

	for (k = 0; d >= 0 && r->map->hs[from][d] && k < HS_KINDS; k++)
		if (r->map->side[k].blocks_zoc &&
		    hex_side_has(r->map, from, d, k) &&
		    !((k == HS_RIVER || k == HS_STREAM || k == HS_LAKE) &&
		      (intact_bridge(r->map, from, d) ||
		       bridged(r, from, d))))
			return 0;
	if (v >= 0 && r->exerts_zoc_on)
		return r->exerts_zoc_on(r->user, u, h, v);
	return !r->exerts_zoc || r->exerts_zoc(r->user, u, h);
}

/* exerts_dir, the direction found */
static int exerts_on(const struct hex_rules *r, int u, int from, int h,
		     int v)
{
	return exerts_dir(r, u, from, hex_dir(r->map, from, h), h, v);
}

static int exerts(const struct hex_rules *r, int u, int from, int h)
{
	return exerts_on(r, u, from, h, -1);
}

int hex_zoc_entering(const struct hex_rules *r, int v, int h)
{
	int d, n, u, side = r->units[v].side;

	for (d = 0; d < 6; d++) {
		n = hex_neighbour(r->map, h, d);
		if (n < 0)
			continue;
		for (u = r->occupant[n]; u >= 0; u = r->next ? r->next[u] : -1)
			if (r->units[u].side != side &&
			    exerts_on(r, u, n, h, v))
				return 1;
	}
	return 0;
}

int hex_may_end(const struct hex_rules *r, int u, int h)
{
	int o = r->occupant[h];

	if (r->may_enter && !r->may_enter(r->user, u, h))
		return 0;
	if (o >= 0 && r->units[o].side != r->units[u].side)
		return 0;
	if (r->stack_ok)
		return r->stack_ok(r->user, u, h);
	return o < 0 || (o == u && (!r->next || r->next[u] < 0));
}

int hex_in_enemy_zoc(const struct hex_rules *r, int side, int h)
{
	int d, n, u;

	if (r->zoc_of && side == r->zoc_side)
		return r->zoc_of[h];
	for (d = 0; d < 6; d++) {
		n = hex_neighbour(r->map, h, d);
		if (n < 0)
			continue;
		/* every unit of a stack, until one exerts it */
		for (u = r->occupant[n]; u >= 0; u = r->next ? r->next[u] : -1)
			if (r->units[u].side != side && exerts(r, u, n, h))
				return 1;
	}
	return 0;
}

void hex_zoc_map(const struct hex_rules *r, int side, uint8_t zoc[HEX_MAX])
{
	/* (the map, the units and the bound in locals, once: the stores to
	 * zoc, bytes, might alias anything, and would have them read
	 * again for each hex) */
	const struct hex_map *m = r->map;
	const int16_t *occ = r->occupant, *next = r->next;
	const struct hunit *units = r->units;
	int n, d, h, u, end = hex_end(m);

	memset(zoc, 0, HEX_MAX);
	for (n = 0; n < end; n++) {
		/* most hexes are empty: four at a time (-1 each, every bit
		 * set), the same hexes visited in the same order */
		if ((n & 3) == 0 && n + 4 <= end) {
			uint64_t four;

			memcpy(&four, occ + n, sizeof four);
			if (four == UINT64_MAX) {
				n += 3;
				continue;
			}
		}
		for (u = occ[n]; u >= 0; u = next ? next[u] : -1)
			for (d = 0; units[u].side != side && d < 6; d++) {
				h = hex_neighbour(m, n, d);
				if (h >= 0 && !zoc[h] &&
				    exerts_dir(r, u, n, d, h, -1))
					zoc[h] = 1;
			}
	}
}

static int add(int a, int b)
{
	if (a == COST_NO || b == COST_NO)
		return COST_NO;
	if (a == COST_ALL || b == COST_ALL)
		return COST_ALL;
	return a + b;
}

/* The cost of a step across a hexside with a feature (side_cost) or
 * without (inline: most steps of a search). */
static int side_cost(const struct hex_rules *r, int a, int d, int b);

/* hex_step_cost with d = hex_dir(a, b) known (the searches step in each
 * direction: no need to find it again) */
static inline int step_cost(const struct hex_rules *r, int a, int d,
			    int b)
{
	const struct hex_map *m = r->map;

	if (d < 0 || m->terr[b] >= m->n_terrain)
		return COST_NO;
	if (!m->hs[a][d])
		return m->terrain[m->terr[b]].cost;  /* a plain hexside */
	return side_cost(r, a, d, b);
}

static int side_cost(const struct hex_rules *r, int a, int d, int b)
{
	const struct hex_map *m = r->map;
	int w, br, cost, extra = 0, road;

	w = water_kind(m, a, d);
	/* a bridge matters only across water */
	br = w < 0 ? 0 : intact_bridge(m, a, d) ? 2 : bridged(r, a, d);
	if (hex_side_has(m, a, d, HS_BOUNDARY))
		extra = add(extra, m->side[HS_BOUNDARY].cost);
	if (w >= 0 && !br)
		extra = add(extra, m->side[w].cost);
	else if (w >= 0)
		extra = add(extra, m->side[HS_BRIDGE].cost);
	road = (hex_side_has(m, a, d, HS_ROAD) ||
		hex_side_has(m, a, d, HS_RAILWAY)) && (w < 0 || br == 2);
	if (road) {
		cost = COST_NO;
		if (hex_side_has(m, a, d, HS_ROAD))
			cost = m->side[HS_ROAD].cost;
		if (hex_side_has(m, a, d, HS_RAILWAY) &&
		    m->side[HS_RAILWAY].cost < cost)
			cost = m->side[HS_RAILWAY].cost;
		return add(cost, extra == COST_ALL || extra == COST_NO ?
			   extra : 0);
	}
	return add(m->terrain[m->terr[b]].cost, extra);
}

int hex_step_cost(const struct hex_rules *r, int a, int b)
{
	return step_cost(r, a, hex_dir(r->map, a, b), b);
}

int hex_attack_across(const struct hex_rules *r, int a, int b, int *shift)
{
	const struct hex_map *m = r->map;
	int d = hex_dir(m, a, b), w;

	*shift = 0;
	if (d < 0)
		return 0;
	if (hex_side_has(m, a, d, HS_BOUNDARY) &&
	    m->side[HS_BOUNDARY].no_attack)
		return 0;
	w = water_kind(m, a, d);
	if (w < 0)
		return 1;
	if (intact_bridge(m, a, d) || bridged(r, a, d)) {
		*shift = m->side[HS_BRIDGE].shift;
		return 1;
	}
	if (m->side[w].no_attack)
		return 0;
	*shift = m->side[w].shift;
	return 1;
}

/* hex_step_block with d = hex_dir(a, b) known and za =
 * hex_in_enemy_zoc(r, side, a) if known (-1: not yet asked) */
static inline const char *step_block(const struct hex_rules *r, int u,
				     int side, int a, int d, int b, int za,
				     int left, int first, int *cost)
{
	int c, o;

	*cost = COST_NO;
	if (b < 0 || r->map->terr[b] >= r->map->n_terrain)
		return "map";
	o = r->occupant[b];
	if (o >= 0 && r->units[o].side != side)
		return "enemy";
	if (r->may_enter && !r->may_enter(r->user, u, b))
		return "prohibited";
	c = step_cost(r, a, d, b);
	if (c == COST_NO)
		return "hexside";
	if (r->extra_cost)
		c = add(c, r->extra_cost(r->user, u, a, b));
	if (za < 0)
		za = hex_in_enemy_zoc(r, side, a);
	if (za) {
		if (!r->map->zoc_to_zoc && hex_in_enemy_zoc(r, side, b))
			return "zoc";
		c = add(c, r->map->zoc_leave_cost);
	} else if (r->disengage && r->began_in_zoc &&
		   hex_in_enemy_zoc(r, side, b)) {
		return "disengage";
	}
	if (c == COST_ALL) {
		if (!first)
			return "cost";
		*cost = left;
		return NULL;
	}
	if (c > left)
		return "cost";
	*cost = c;
	return NULL;
}

const char *hex_step_block(const struct hex_rules *r, int u, int side,
			   int a, int b, int left, int first, int *cost)
{
	int d = b < 0 ? -1 : hex_dir(r->map, a, b);

	return step_block(r, u, side, a, d, b, -1, left, first, cost);
}

/*
 * The search (a label-correcting search, first in first out): best[h] the
 * most MPs left on arriving in h (-1: not reached), prev[h] the hex it was
 * reached from. Which path is kept among paths of equal cost follows from
 * the order of the queue and of the directions: games in progress depend
 * on it, so that order must never change. The step rules are those of
 * step_block, written out here with the map, the units and the zones of
 * control in locals (the search makes a step a hundred thousand times a
 * game); hex_step_block is the reference they must agree with.
 */
/* enter[b] of a hex whose extra cost is not a small count (COST_NO, say):
 * asked again at each step into it */
enum { EXTRA_ASK = 253 };

static void reach(const struct hex_rules *r, int u, int from, int left,
		  int first, int16_t best[HEX_MAX], int16_t *prev)
{
	const struct hex_map *m = r->map;
	const int16_t *occ = r->occupant;
	const struct hunit *units = r->units;
	const uint8_t *zoc;
	int (*may_enter)(const void *, int, int) = r->may_enter;
	int (*extra_cost)(const void *, int, int, int) = r->extra_cost;
	int16_t queue[HEX_MAX];
	/* enter[b]: whether a step may end in b at all as far as b alone
	 * says (the map, an enemy unit, may_enter), asked once a hex, not
	 * once for each of its neighbours (0: not yet; 1: no; 2: yes;
	 * with extra_of_entered, 2 + the extra cost of entering b, asked
	 * once a hex as well) */
	uint8_t inq[HEX_MAX], own[HEX_MAX], enter[HEX_MAX];
	int by_hex = extra_cost && r->extra_of_entered;
	int head = 0, count, a, b, d, c, o, za, ba, began, x,
	    side = units[u].side, nt = m->n_terrain;

	/* nothing moves during the search: the zones of control once
	 * (hex_in_enemy_zoc of this side is zoc[h]) */
	if (r->zoc_of && r->zoc_side == side) {
		zoc = r->zoc_of;
	} else {
		hex_zoc_map(r, side, own);
		zoc = own;
	}
	/* disengagement (11.5 of the Reichstag) applies to this move */
	began = r->disengage && zoc[from];
	memset(inq, 0, sizeof inq);
	memset(enter, 0, sizeof enter);
	memset(best, 0xff, HEX_MAX * sizeof *best);    /* -1: not reached */
	best[from] = (int16_t)left;
	queue[0] = (int16_t)from;
	inq[from] = 1;
	count = 1;
	while (count > 0) {
		a = queue[head];
		if (++head == HEX_MAX)
			head = 0;
		count--;
		inq[a] = 0;
		za = zoc[a];
		if (a != from && za)
			continue;       /* 6.0: entering a ZOC stops */
		ba = best[a];
		for (d = 0; d < 6; d++) {
			b = hex_neighbour(m, a, d);
			if (b < 0 || b == from)
				continue;
			/* step_block(r, u, side, a, d, b, za, ba, first &&
			 * a == from): the map, an enemy unit, a prohibited
			 * hex (enter[b]), the hexside, the zones of control,
			 * the MPs */
			if (!enter[b]) {
				o = occ[b];
				enter[b] = m->terr[b] >= nt ||
					   (o >= 0 && units[o].side != side) ||
					   (may_enter &&
					    !may_enter(r->user, u, b)) ? 1 : 2;
				if (by_hex && enter[b] == 2) {
					x = extra_cost(r->user, u, a, b);
					enter[b] = x >= 0 && x < EXTRA_ASK ?
						(uint8_t)(2 + x) : 2 + EXTRA_ASK;
				}
			}
			if (enter[b] == 1)
				continue;
			c = m->hs[a][d] ? side_cost(r, a, d, b) :
				m->terrain[m->terr[b]].cost;
			if (c == COST_NO)
				continue;
			if (by_hex && enter[b] < 2 + EXTRA_ASK)
				c = add(c, enter[b] - 2);
			else if (extra_cost)
				c = add(c, extra_cost(r->user, u, a, b));
			if (za) {
				if (!m->zoc_to_zoc && zoc[b])
					continue;
				c = add(c, m->zoc_leave_cost);
			} else if (began && zoc[b]) {
				continue;
			}
			if (c == COST_ALL) {
				if (!(first && a == from))
					continue;
				c = ba;
			} else if (c > ba) {
				continue;
			}
			if (ba - c > best[b]) {
				best[b] = (int16_t)(ba - c);
				if (prev)
					prev[b] = (int16_t)a;
				if (!inq[b]) {
					inq[b] = 1;
					queue[(head + count) % HEX_MAX] =
						(int16_t)b;
					count++;
				}
			}
		}
	}
}

void hex_reach(const struct hex_rules *r, int u, int from, int left,
	       int first, int16_t best[HEX_MAX])
{
	reach(r, u, from, left, first, best, NULL);
}

void hex_reach_tree(const struct hex_rules *r, int u, int from, int left,
		    int first, int16_t best[HEX_MAX], int16_t prev[HEX_MAX])
{
	reach(r, u, from, left, first, best, prev);
}

int hex_tree_path(const int16_t best[HEX_MAX], const int16_t prev[HEX_MAX],
		  int from, int to, int16_t *path, int max)
{
	int n = 0, h;

	if (to < 0 || to >= HEX_MAX || to == from || best[to] < 0)
		return -1;
	for (h = to; h != from; h = prev[h])
		n++;
	if (n > max)
		return -1;
	for (h = to, n--; h != from; h = prev[h])
		path[n--] = (int16_t)h;
	for (n = 0, h = to; h != from; h = prev[h])
		n++;
	return n;
}

int hex_path(const struct hex_rules *r, int u, int from, int left,
	     int first, int to, int16_t *path, int max, int *left_at)
{
	int16_t best[HEX_MAX], prev[HEX_MAX];
	int n;

	if (to < 0 || to >= HEX_MAX || to == from)
		return -1;
	reach(r, u, from, left, first, best, prev);
	n = hex_tree_path(best, prev, from, to, path, max);
	if (n >= 0 && left_at)
		*left_at = best[to];
	return n;
}
