/*
 * hextrace.c - lines traced over a hex map (supply): one breadth-first
 * search from every source hex at once. See hex.h.
 */
#include <string.h>
#include "hex.h"

void hex_trace(const struct hex_map *m,
	       int (*source)(const void *user, int h),
	       int (*pass)(const void *user, int h), const void *user,
	       int max, int16_t dist[HEX_MAX])
{
	hex_trace_sides(m, source, pass, NULL, user, max, dist);
}

void hex_trace_sides(const struct hex_map *m,
		     int (*source)(const void *user, int h),
		     int (*pass)(const void *user, int h),
		     int (*cross)(const void *user, int a, int dir),
		     const void *user, int max, int16_t dist[HEX_MAX])
{
	/* (the map's tables in locals, and hex_neighbour's tests, table
	 * built and index and direction in range, once rather than at
	 * every step: as hexmove.c's reach; the same hexes in the same
	 * order) */
	const uint8_t *terr = m->terr;
	const int16_t (*nb)[6] = m->nb_built ? m->nb : NULL;
	int16_t queue[HEX_MAX];
	int head = 0, tail = 0, a, b, d, next, end = hex_end(m);

	for (a = 0; a < HEX_MAX; a++)
		dist[a] = -1;
	for (a = 0; a < end; a++) {
		if (terr[a] != 255 && source(user, a) && pass(user, a)) {
			dist[a] = 0;
			queue[tail++] = (int16_t)a;
		}
	}
	while (head < tail) {
		a = queue[head++];      /* a hex of the map: 0 <= a < end */
		next = dist[a] + 1;
		if (next >= max)
			continue;    /* a hex beyond would be too far */
		for (d = 0; d < 6; d++) {
			b = nb ? nb[a][d] : hex_neighbour_calc(m, a, d);
			if (b < 0 || terr[b] == 255 || dist[b] >= 0 ||
			    (cross && !cross(user, a, d)) || !pass(user, b))
				continue;
			dist[b] = (int16_t)next;
			queue[tail++] = (int16_t)b;
		}
	}
}

int hex_traced(const struct hex_map *m, const int16_t dist[HEX_MAX],
	       int h, int is_source, int max)
{
	int d, n;

	if (is_source)
		return 1;
	for (d = 0; d < 6; d++) {
		n = hex_neighbour(m, h, d);
		if (n >= 0 && dist[n] >= 0 && dist[n] + 1 <= max)
			return 1;
	}
	return 0;
}
