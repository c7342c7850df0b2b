/*
 * units.c - Race to the Reichstag: who a unit is, where it stands, who
 * commands it and who sees it (3.x, 4.0, 16.8, 17.1; GAP.md 2.1), and the
 * placement policy's view of the map (objectives, a placer's own units).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "umpire/strbuf.h"
#include "state.h"
#include "../lib/hexplace.h"

int rt_unit_find(const struct rttr *st, const char *id)
{
	int i, first = tolower((unsigned char)id[0]);

	/* the first letter before the whole id: placement and movement
	 * checks look units up by id for every hex they try */
	for (i = 0; i < st->n_units; i++)
		if (tolower((unsigned char)st->u[i].id[0]) == first &&
		    !strcasecmp(st->u[i].id, id))
			return i;
	return -1;
}

/* occ[h]: the top of h's stack (the unit that entered last, 17.1), then
 * next[] down the stack. */
void rt_reindex(struct rttr *st)
{
	int i, h;
	int16_t *link;

	/* -1 everywhere: every byte 0xff */
	memset(st->occ, 0xff, sizeof st->occ);
	memset(st->next, 0xff, sizeof st->next);
	for (i = 0; i < st->n_units; i++) {
		if (st->u[i].where != U_MAP || st->u[i].hex < 0)
			continue;
		h = st->u[i].hex;
		link = &st->occ[h];
		while (*link >= 0 && st->seq[*link] > st->seq[i])
			link = &st->next[*link];
		st->next[i] = *link;
		*link = (int16_t)i;
	}
}

int rt_next_stack(const struct rttr *st, int h)
{
	int end = hex_end(&st->map);
	uint64_t a, b;

	if (h < 0)
		return -1;
	/* most hexes are empty (-1: every bit set): eight at a time
	 * passed over, then the eight that hold one looked at */
	for (; end - h >= 8; h += 8) {
		memcpy(&a, st->occ + h, sizeof a);
		memcpy(&b, st->occ + h + 4, sizeof b);
		if ((a & b) != UINT64_MAX)
			break;
	}
	for (; h < end; h++)
		if (st->occ[h] >= 0)
			return h;
	return -1;
}

int rt_sector(const struct rttr *st, int h)
{
	int a, b;

	if (h < 0 || h >= HEX_MAX || st->map.terr[h] == 255)
		return SEC_NONE;
	a = hex_in_region(&st->map, h, st->rg.sector[P1BF]);
	b = hex_in_region(&st->map, h, st->rg.sector[P1UF]);
	return a && b ? SEC_BOTH : a ? SEC_1BF : b ? SEC_1UF : SEC_NONE;
}

int rt_unit_within_1(const struct rttr *st, int h, int side, int f,
		     int skip)
{
	int d, n, k;

	for (d = -1; d < 6; d++) {
		n = d < 0 ? h : hex_neighbour(&st->map, h, d);
		for (k = n >= 0 ? st->occ[n] : -1; k >= 0; k = st->next[k])
			if (k != skip && st->u[k].side == side &&
			    st->front[k] == f)
				return 1;
	}
	return 0;
}

int rt_engineer_of(const struct rttr *st, int u, int f)
{
	return (st->u[u].tags & T_ENGINEER) && st->u[u].side == SOVIET &&
	       st->front[u] == f && st->u[u].where == U_MAP;
}

int rt_engineer_covers(const struct rttr *st, int f, int a, int b,
		       int in_place)
{
	int u, e;

	for (u = 0; b >= 0 && u < st->n_units; u++) {
		if (!rt_engineer_of(st, u, f) ||
		    (in_place && !(st->flags[u] & F_ENGINEER)))
			continue;
		e = st->u[u].hex;
		if (e == a || e == b ||
		    (hex_distance(&st->map, e, a) == 1 &&
		     hex_distance(&st->map, e, b) == 1))
			return 1;
	}
	return 0;
}

int rt_commander(const struct rttr *st, int u)
{
	int f = st->front[u];

	if (st->u[u].side == SOVIET)
		return f == SEC_1BF || f == SEC_1UF ? f : -1;
	/* 3.x, 4.0: the Germans of a sector are the other player's */
	return f == SEC_1BF ? P1UF : f == SEC_1UF ? P1BF : -1;
}

/* GAP.md 2.1: Soviets are open to both (17.2); a German counter's
 * identity is seen by its commander (except a face-down counter he did
 * not place: the Reichstag garrison, 16.10), by the player holding it
 * off the map, by whoever examined it (known), and on the map face up by
 * anyone when it is the top of its stack (17.1); the dead pile and the
 * off-map mobile units are open; the cup is not. */
int rt_sees(const struct rttr *st, int p, int u)
{
	const struct hunit *un = &st->u[u];

	if (un->side == SOVIET || p < 0)
		return 1;
	if (p < PLAYERS && (st->known[u] >> p & 1))
		return 1;
	if (un->where == U_ELIMINATED)
		return 1;
	if (un->where == U_WAITING)
		return st->holder[u] == p ||
		       (!(un->tags & T_POOL) && st->holder[u] < 0);
	if (st->flags[u] & F_FACEDOWN)
		return st->placed_by[u] == p;
	if (rt_commander(st, u) == p)
		return 1;
	return st->occ[un->hex] == u;
}

int rt_objective(const struct rttr *st, int h)
{
	return hex_in_region(&st->map, h, st->rg.so[P1BF]) ||
	       hex_in_region(&st->map, h, st->rg.so[P1UF]) ||
	       h == rt_reichstag_hex(st);
}

/* hex_place_pick's own(): the units of the placing side in h that the
 * placer sees (a face-down counter of the other player is not counted:
 * the policy may not tell him what is there); its legal(): the
 * caller's */
struct place_own {
	const struct rttr *st;
	int who, side;
	int (*legal)(const void *user, int h);
	const void *user;
};

static int place_own(const void *user, int h)
{
	const struct place_own *po = user;
	int k, n = 0;

	for (k = po->st->occ[h]; k >= 0; k = po->st->next[k])
		n += po->st->u[k].side == po->side &&
		     rt_sees(po->st, po->who, k);
	return n;
}

static int place_legal(const void *user, int h)
{
	const struct place_own *po = user;

	return po->legal(po->user, h);
}

void rt_place_zone(struct hex_place_zone *z, const struct rttr *st,
		   const int16_t *cand, int n, const int16_t *zone, int n_zone)
{
	const struct rt_regions *g = &st->rg;
	int16_t obj[RT_OBJ_MAX];
	int i, k = 0, n_obj = 0, all = g->n_obj <= RT_OBJ_MAX;

	/* the zone's objectives: with the map's all in g->obj (hex
	 * order), the zone merged with them (from their start again where
	 * the zone is not in hex order) */
	for (i = 0; i < n_zone && n_obj < RT_OBJ_MAX; i++) {
		if (i > 0 && zone[i] < zone[i - 1])
			k = 0;
		while (all && k < g->n_obj && g->obj[k] < zone[i])
			k++;
		if (all ? k < g->n_obj && g->obj[k] == zone[i] :
		    rt_objective(st, zone[i]))
			obj[n_obj++] = zone[i];
	}
	if (n_obj == 0)         /* none in the zone: the map's */
		for (; n_obj < g->n_obj && n_obj < RT_OBJ_MAX; n_obj++)
			obj[n_obj] = g->obj[n_obj];
	hex_place_zone_make(z, &st->map, cand, n, obj, n_obj);
}

int rt_place_pick(const struct rttr *st, int who, int side,
		  const struct hex_place_zone *z,
		  int (*legal)(const void *user, int h), const void *user)
{
	struct place_own po = { st, who, side, legal, user };

	return hex_place_zone_pick(&st->map, z, place_own,
				   legal ? place_legal : NULL, &po);
}

int rt_place_policy(const struct rttr *st, int who, int side,
		    const int16_t *cand, int n, const int16_t *zone,
		    int n_zone, int (*legal)(const void *user, int h),
		    const void *user)
{
	struct hex_place_zone *z;
	int pick;

	if (n <= 0)
		return -1;
	z = xmalloc(sizeof *z);
	rt_place_zone(z, st, cand, n, zone, n_zone);
	pick = rt_place_pick(st, who, side, z, legal, user);
	free(z);
	return pick;
}
