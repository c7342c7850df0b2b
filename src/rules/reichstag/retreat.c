/*
 * retreat.c - Race to the Reichstag after combat: who retreats (13.0,
 * 13.4, 13.6, 16.10), where (13.0, off the map for Soviets; 26.1 off
 * the west edge for Germans once the Fuehrerbunker is captured), the
 * standing order's retreat path, advances (14.0, 14.5, 19.1) and bridge
 * checks (18.1, 18.2). See combat.h.
 */
#include <string.h>
#include "combat.h"
#include "../lib/hexcombat.h"

/* 13.0, 13.4, 13.6, 16.10 */
int rc_retreat_kind(const struct rc_env *e, int u)
{
	const struct hex_map *m = e->r->map;
	int h = e->r->units[u].hex;

	if (!rc_is_german(e, u))
		return RC_RETREATS;
	if (e->reichstag >= 0 && hex_in_region(m, h, e->reichstag))
		return RC_IGNORES;                      /* 16.10 */
	if (hex_ignores_retreat(m, h, e->al_german))  /* 13.6 */
		return rc_mobile(e, u) ? RC_MAY_STAY : RC_IGNORES;
	return rc_mobile(e, u) ? RC_RETREATS : RC_ELIMINATED; /* 13.4 */
}

static int on_edge(const struct hex_map *m, int h)
{
	int d, b;

	for (d = 0; d < 6; d++) {
		b = hex_neighbour(m, h, d);
		if (b < 0 || m->terr[b] == 255)
			return 1;
	}
	return 0;
}

/* 13.0 */
int rc_retreat_options(const struct rc_env *e, int u, int origin, int from,
		       int step, int n, int16_t out[7])
{
	int k = hex_retreat_options(e->r, u, origin, from, step, n, out);

	if (!rc_is_german(e, u) && on_edge(e->r->map, from))
		out[k++] = RC_OFF_MAP;
	else if (rc_is_german(e, u) && e->west_exit &&
		 e->west_exit(e->user, u, from))
		out[k++] = RC_WEST;                     /* 26.1 */
	return k;
}

/* 13.6, second point */
int rc_panic_stop(const struct rc_env *e, int u, int h)
{
	return rc_is_german(e, u) && h >= 0 &&
	       hex_ignores_retreat(e->r->map, h, e->al_german) &&
	       hex_may_end(e->r, u, h);
}

struct walk {
	const struct rc_env *e;
	int u, origin, n, panic;
	int16_t path[8], off[8], part[8];
	int n_off, n_part, n_ok;        /* 0: none found */
	int need_stop;                  /* only a 13.6 stop will do */
};

/* Depth first, in direction order: 1 when a whole path is in w->path. */
static int walk(struct walk *w, int from, int len)
{
	int16_t opt[7];
	int k, i, h;

	if (len > w->n_part) {
		memcpy(w->part, w->path, sizeof w->path);
		w->n_part = len;
	}
	k = rc_retreat_options(w->e, w->u, w->origin, from, len + 1, w->n,
			       opt);
	for (i = 0; i < k; i++) {
		h = opt[i];
		if (rc_leaves_map(h)) {
			/* 13.0, 26.1: only when no whole retreat stays on
			 * the map */
			if (!w->n_off) {
				memcpy(w->off, w->path, sizeof w->path);
				w->off[len] = (int16_t)h;
				w->n_off = len + 1;
			}
			continue;
		}
		w->path[len] = (int16_t)h;
		if ((len + 1 == w->n && !w->need_stop) ||
		    (w->panic && rc_panic_stop(w->e, w->u, h))) {
			w->n_ok = len + 1;
			return 1;
		}
		if (len + 1 < w->n && walk(w, h, len + 1))
			return 1;
	}
	return 0;
}

int rc_retreat_auto(const struct rc_env *e, int u, int origin, int n,
		    int panic, int16_t path[8], int *whole)
{
	struct walk w;

	memset(&w, 0, sizeof w);
	w.e = e;
	w.u = u;
	w.origin = origin;
	w.n = n > 6 ? 6 : n;
	w.panic = panic;
	*whole = 0;
	if (w.n < 1)
		return 0;
	/* a panic retreat stops in the first objective hex it can reach
	 * (13.6); failing that, as any other retreat */
	w.need_stop = panic && rc_is_german(e, u);
	if (w.need_stop && walk(&w, origin, 0)) {
		memcpy(path, w.path, sizeof w.path);
		*whole = 1;
		return w.n_ok;
	}
	w.need_stop = 0;
	w.n_off = w.n_part = 0;
	if (walk(&w, origin, 0)) {
		memcpy(path, w.path, sizeof w.path);
		*whole = 1;
		return w.n_ok;
	}
	if (w.n_off) {
		memcpy(path, w.off, sizeof w.off);
		*whole = 1;
		return w.n_off;
	}
	memcpy(path, w.part, sizeof w.part);
	return w.n_part;
}

/* 14.0, 14.5, 19.1 */
int rc_advance_options(const struct rc_env *e, int u, int from, int step,
		       int n, int vacated, int crossed_water, int16_t out[6])
{
	return hex_advance_options(e->r, u, from, step, n, vacated,
				   crossed_water, out);
}

/* 18.1 */
int rc_bridges_unchecked(const struct hex_map *m, int h, int dirs[6])
{
	int d, k = 0;

	for (d = 0; h >= 0 && d < 6; d++)
		if (hex_side_has(m, h, d, HS_BRIDGE) &&
		    !hex_side_has(m, h, d, HS_DEMOLISHED) &&
		    !hex_side_has(m, h, d, HS_CHECKED))
			dirs[k++] = d;
	return k;
}

/* 18.2 */
int rc_bridge_roll(struct hex_map *m, int h, int dir, int die)
{
	if (die <= 3) {
		hex_side_set(m, h, dir, HS_DEMOLISHED, 1);
		return 1;
	}
	hex_side_set(m, h, dir, HS_CHECKED, 1);
	return 0;
}
