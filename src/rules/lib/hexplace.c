/*
 * hexplace.c - the placement policy of a standing "auto". See
 * hexplace.h.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/strbuf.h"
#include "hexplace.h"

int hex_place_corner(const struct hex_map *m, int h)
{
	int col = hex_col(h), row = hex_row(h);

	return (col <= 3 || col > m->cols - 3) &&
	       (row <= 3 || row > m->rows - 3);
}

/* a distance on the map is below its columns and rows together */
_Static_assert(HEX_MAX_COLS + HEX_MAX_ROWS <= UINT8_MAX,
	       "a distance fits rule 3's byte");

/* the objectives' coordinates worked out once, not once a candidate,
 * sorted by x (insertion: a few); lo: where the last search started */
struct objectives {
	struct hex_cube *c;
	int n, lo;
};

/* rule 3, its first part: the hexes from h to the nearest objective (0
 * with none). A distance is at least the difference of the x's: the
 * search goes out from h's x both ways, each way only while that
 * difference alone is below the best so far. */
static int nearest(const struct hex_map *m, int h, struct objectives *o)
{
	int i, d, best = INT_MAX;
	struct hex_cube ch;

	if (o->n == 0)
		return 0;
	ch = hex_cube_of(m, h);
	/* the first at h's x or past it, from the last search's (on a
	 * flat map the candidates' x's, their columns, only grow) */
	while (o->lo > 0 && o->c[o->lo - 1].x >= ch.x)
		o->lo--;
	while (o->lo < o->n && o->c[o->lo].x < ch.x)
		o->lo++;
	for (i = o->lo; i < o->n && o->c[i].x - ch.x < best; i++) {
		d = hex_cube_distance(ch, o->c[i]);
		if (d < best)
			best = d;
	}
	for (i = o->lo - 1; i >= 0 && ch.x - o->c[i].x < best; i--) {
		d = hex_cube_distance(ch, o->c[i]);
		if (d < best)
			best = d;
	}
	return best;
}

void hex_place_zone_make(struct hex_place_zone *z, const struct hex_map *m,
			 const int16_t *cand, int n, const int16_t *obj,
			 int n_obj)
{
	struct objectives oc = { xcalloc(n_obj > 0 ? (size_t)n_obj : 1,
					 sizeof *oc.c), n_obj, 0 };
	struct hex_cube c;
	uint8_t *corner = xmalloc(HEX_MAX), *dist = xmalloc(HEX_MAX);
	int i, j, k, n_keys, max_dist = 0, *at;

	z->cand = cand;
	z->n = n = n < 0 ? 0 : n < HEX_MAX ? n : HEX_MAX;
	for (i = 0; i < n_obj; i++) {
		c = hex_cube_of(m, obj[i]);
		for (j = i; j > 0 && oc.c[j - 1].x > c.x; j--)
			oc.c[j] = oc.c[j - 1];
		oc.c[j] = c;
	}
	for (i = 0; i < n; i++) {
		corner[i] = (uint8_t)hex_place_corner(m, cand[i]);
		dist[i] = (uint8_t)nearest(m, cand[i], &oc);
		if (dist[i] > max_dist)
			max_dist = dist[i];
	}
	/* ordered by (corner, distance), each key's candidates in their
	 * order (a counting sort: the keys are a few small numbers) */
	n_keys = 2 * (max_dist + 1);
	at = xcalloc((size_t)n_keys + 1, sizeof *at);
	for (i = 0; i < n; i++)
		at[corner[i] * (max_dist + 1) + dist[i] + 1]++;
	for (k = 0; k < n_keys; k++)
		at[k + 1] += at[k];
	for (i = 0; i < n; i++) {
		k = at[corner[i] * (max_dist + 1) + dist[i]]++;
		z->e[k].i = (int16_t)i;
		z->e[k].corner = corner[i];
		z->e[k].dist = dist[i];
	}
	free(at);
	free(dist);
	free(corner);
	free(oc.c);
}

/* own(user, h), asked once a pick for each hex (-1: not yet): a
 * candidate's neighbours are mostly those of the one before */
struct own_memo {
	int (*own)(const void *user, int h);
	const void *user;
	int16_t n[HEX_MAX];
};

static int own_at(struct own_memo *o, int h)
{
	if (o->n[h] < 0)
		o->n[h] = (int16_t)o->own(o->user, h);
	return o->n[h];
}

/* rule 3, the rest: the own units within 2 hexes of h (those in h are
 * rule 2's) */
static int around(const struct hex_map *m, int h, struct own_memo *o)
{
	int16_t near[18];
	int i, n, sum = 0;

	n = hex_around2(m, h, near);
	for (i = 0; i < n; i++)
		sum += own_at(o, near[i]);
	return sum;
}

/* The choice is the least (rule 1, rule 2, rule 3, index) of the legal
 * candidates. They are looked at by rule 1's key, rule 3's distance and
 * index: rule 3's own units only add to the distance, so once the best
 * so far has no own unit in its hex (rule 2's least) no candidate after
 * it can beat it but one of a smaller distance, or of the same and an
 * index before it, and the look stops there (in the example a pick
 * looks at a fifth of a zone of hundreds of hexes, or fewer). A
 * candidate's keys are worked out only while it may still beat the
 * best, and legal() asked only of one that does. */
int hex_place_zone_pick(const struct hex_map *m,
			const struct hex_place_zone *z,
			int (*own)(const void *user, int h),
			int (*legal)(const void *user, int h),
			const void *user)
{
	int k, h, i, d, k1, k2, pick = -1, b0 = 0, b1 = 0, b2 = 0;
	struct own_memo o;

	o.own = own;
	o.user = user;
	memset(o.n, 0xff, sizeof o.n);
	for (k = 0; k < z->n; k++) {
		i = z->e[k].i;
		d = z->e[k].dist;
		if (pick >= 0 && (z->e[k].corner > b0 ||
				  (b1 == 0 && (d > b2 ||
					       (d == b2 && i > pick)))))
			break;
		h = z->cand[i];
		k1 = own_at(&o, h);
		if (pick >= 0 && (k1 > b1 || (k1 == b1 && d > b2)))
			continue;
		k2 = d + around(m, h, &o);
		if (pick >= 0 && k1 == b1 &&
		    (k2 > b2 || (k2 == b2 && i > pick)))
			continue;
		if (legal && !legal(user, h))
			continue;
		pick = i;
		b0 = z->e[k].corner;
		b1 = k1;
		b2 = k2;
	}
	return pick;
}

int hex_place_pick(const struct hex_map *m, const int16_t *cand, int n,
		   const int16_t *obj, int n_obj,
		   int (*own)(const void *user, int h),
		   int (*legal)(const void *user, int h), const void *user)
{
	struct hex_place_zone *z = xmalloc(sizeof *z);
	int pick;

	hex_place_zone_make(z, m, cand, n, obj, n_obj);
	pick = hex_place_zone_pick(m, z, own, legal, user);
	free(z);
	return pick;
}
