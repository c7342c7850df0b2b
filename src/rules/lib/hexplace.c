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

/* own(user, h), asked once a pick for each hex (-1: not yet) */
struct own_memo {
	int (*own)(const void *user, int h);
	const void *user;
	int16_t *n;
};

static int own_at(struct own_memo *o, int h)
{
	if (o->n[h] < 0)
		o->n[h] = (int16_t)o->own(o->user, h);
	return o->n[h];
}

/* the objectives' coordinates worked out once, not once a candidate,
 * sorted by x (insertion: a few); lo: where the last search started */
struct objectives {
	struct hex_cube *c;
	int n, lo;
};

/* rule 3, its first part: the hexes from h to the nearest objective,
 * exactly where that is at most limit, else a number above limit. A
 * distance is at least the difference of the x's: the search goes out
 * from h's x both ways, each way only while that difference alone is
 * below the best so far. */
static int nearest(const struct hex_map *m, int h, struct objectives *o,
		   int limit)
{
	int i, d, best = limit < INT_MAX ? limit + 1 : INT_MAX;
	struct hex_cube ch;

	if (o->n == 0 || best == 0)     /* none; or 0 is above limit */
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

int hex_place_pick(const struct hex_map *m, const int16_t *cand, int n,
		   const int16_t *obj, int n_obj,
		   int (*own)(const void *user, int h),
		   int (*legal)(const void *user, int h), const void *user)
{
	int i, j, pick = -1, key[3], best[3] = { 0, 0, 0 }, k, tie;
	struct objectives oc = { xcalloc(n_obj > 0 ? (size_t)n_obj : 1,
					 sizeof *oc.c), n_obj, 0 };
	struct hex_cube c;
	/* a candidate's neighbours are the next one's: each hex's own
	 * units counted once */
	struct own_memo memo = { own, user, xmalloc(HEX_MAX * sizeof *memo.n) };

	memset(memo.n, 0xff, HEX_MAX * sizeof *memo.n);
	for (i = 0; i < n_obj; i++) {
		c = hex_cube_of(m, obj[i]);
		for (j = i; j > 0 && oc.c[j - 1].x > c.x; j--)
			oc.c[j] = oc.c[j - 1];
		oc.c[j] = c;
	}
	/* the keys in order, each only where those before it tie with
	 * the best so far (a candidate worse at one is never picked, and
	 * rule 3's units around it only add to its distance: tied on
	 * rules 1 and 2, it is picked only below best[2], so its
	 * distance need be known only that far) */
	for (i = 0; i < n; i++) {
		key[0] = hex_place_corner(m, cand[i]);
		if (pick >= 0 && key[0] > best[0])
			continue;
		key[1] = own_at(&memo, cand[i]);
		if (pick >= 0 && key[0] == best[0] && key[1] > best[1])
			continue;
		tie = pick >= 0 && key[0] == best[0] && key[1] == best[1];
		key[2] = nearest(m, cand[i], &oc,
				 tie ? best[2] - 1 : INT_MAX);
		if (tie && key[2] >= best[2])
			continue;
		key[2] += around(m, cand[i], &memo);
		for (k = 0; pick >= 0 && k < 3 && key[k] == best[k]; k++)
			;
		if ((pick < 0 || (k < 3 && key[k] < best[k])) &&
		    (!legal || legal(user, cand[i]))) {
			pick = i;
			best[0] = key[0];
			best[1] = key[1];
			best[2] = key[2];
		}
	}
	free(oc.c);
	free(memo.n);
	return pick;
}
