/*
 * hexcombat.c - retreats, advances and losses on a hex map. See
 * hexcombat.h.
 */
#include <string.h>
#include "hexcombat.h"

int hex_retreat_options(const struct hex_rules *r, int u, int origin,
			int from, int step, int n, int16_t out[6])
{
	int d, b, m = 0, o, side = r->units[u].side;

	for (d = 0; d < 6; d++) {
		b = hex_neighbour(r->map, from, d);
		if (b < 0 || r->map->terr[b] == 255 ||
		    hex_distance(r->map, origin, b) != step)
			continue;
		o = r->occupant[b];
		if ((o >= 0 && r->units[o].side != side) ||
		    (r->may_enter && !r->may_enter(r->user, u, b)) ||
		    hex_step_cost(r, from, b) == COST_NO ||
		    hex_zoc_entering(r, u, b) ||
		    (step == n && !hex_may_end(r, u, b)))
			continue;
		out[m++] = (int16_t)b;
	}
	return m;
}

int hex_advance_options(const struct hex_rules *r, int u, int from,
			int step, int n, int vacated, int crossed_water,
			int16_t out[6])
{
	int d, b, m = 0;

	if (step < 1 || step > n || (step > 1 && crossed_water))
		return 0;
	for (d = 0; d < 6; d++) {
		b = hex_neighbour(r->map, from, d);
		if (b < 0 || r->map->terr[b] == 255 ||
		    (step == 1 && b != vacated) ||
		    hex_step_cost(r, from, b) == COST_NO ||
		    !hex_may_end(r, u, b))
			continue;
		out[m++] = (int16_t)b;
	}
	return m;
}

int hex_take_steps(struct hunit *u, int steps)
{
	if (steps <= 0)
		return -1;
	if (u->has_reduced && !u->reduced) {
		u->reduced = 1;
		steps--;
		if (steps == 0)
			return -1;
	}
	return steps - 1;
}

int hex_strongest(const struct hunit *units, const int16_t *who, int n,
		  hex_strength_fn strength, int16_t *out)
{
	int i, m = 0, top = -1, s;

	for (i = 0; i < n; i++) {
		s = strength(&units[who[i]]);
		if (s > top) {
			top = s;
			m = 0;
		}
		if (s == top)
			out[m++] = who[i];
	}
	return m;
}

static int half_of(const struct hunit *units, const int16_t *who, int n,
		   hex_strength_fn strength)
{
	int i, all = 0;

	for (i = 0; i < n; i++)
		all += strength(&units[who[i]]);
	return (all + 1) / 2;
}

int hex_half_ok(const struct hunit *units, const int16_t *who, int n,
		hex_strength_fn strength, const uint8_t *chosen)
{
	int i, sum = 0, need = half_of(units, who, n, strength), any = 0;

	for (i = 0; i < n; i++)
		if (chosen[i]) {
			sum += strength(&units[who[i]]);
			any = 1;
		}
	if (!any || sum < need)
		return 0;
	for (i = 0; i < n; i++)
		if (chosen[i] && sum - strength(&units[who[i]]) >= need)
			return 0;       /* more than needed */
	return 1;
}

int hex_half_default(const struct hunit *units, const int16_t *who, int n,
		     hex_strength_fn strength, uint8_t *chosen)
{
	int need, i, sum, count, best_sum = -1, best_count = 0;
	uint32_t mask, best = 0;

	if (n <= 0)
		return 0;
	if (n > HEX_HALF_MAX)
		n = HEX_HALF_MAX;
	need = half_of(units, who, n, strength);
	memset(chosen, 0, (size_t)n);
	if (need <= 0)
		return 0;       /* nothing printed: nothing to lose */
	/* the least printed strength that meets half; among equals the
	 * fewest units, then the first set in who[] order */
	for (mask = 1; mask < (1u << n); mask++) {
		for (i = sum = count = 0; i < n; i++)
			if (mask >> i & 1) {
				sum += strength(&units[who[i]]);
				count++;
			}
		if (sum < need || (best_sum >= 0 &&
		    (sum > best_sum || (sum == best_sum &&
					count >= best_count))))
			continue;
		best_sum = sum;
		best_count = count;
		best = mask;
	}
	for (i = 0; i < n; i++)
		chosen[i] = (uint8_t)(best >> i & 1);
	return best_count;
}
