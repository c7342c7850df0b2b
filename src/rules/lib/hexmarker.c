/*
 * hexmarker.c - support and barrage markers (see hexmarker.h).
 */
#include "hexmarker.h"

#include <stdlib.h>
#include <string.h>

void hex_markers_init(struct hex_markers *s)
{
	memset(s, 0, sizeof *s);
}

static int on_map(const struct hex_map *m, int h)
{
	return h >= 0 && h < HEX_MAX && m->terr[h] != 255 &&
	       hex_index(m, hex_col(h), hex_row(h)) == h;
}

int hex_marker_place(struct hex_markers *s, const struct hex_map *m, int h,
		     int radius, int region, int side, int kind)
{
	struct hex_marker *k;

	if (s->n >= HEX_MARKERS_MAX)
		return HEX_MARKER_FULL;
	if (!on_map(m, h))
		return HEX_MARKER_OFF_MAP;
	if (radius < 0 || radius > 127 || region < -1 ||
	    region >= m->n_regions)
		return HEX_MARKER_BAD;
	if (region >= 0 && !hex_in_region(m, h, region))
		return HEX_MARKER_OUTSIDE;
	k = &s->m[s->n];
	memset(k, 0, sizeof *k);
	k->hex = (int16_t)h;
	k->radius = (int8_t)radius;
	k->region = (int8_t)region;
	k->side = (int8_t)side;
	k->kind = (uint8_t)kind;
	return s->n++;
}

int hex_marker_remove(struct hex_markers *s, int i)
{
	if (i < 0 || i >= s->n)
		return -1;
	memmove(&s->m[i], &s->m[i + 1],
		(size_t)(s->n - i - 1) * sizeof s->m[0]);
	s->n--;
	/* the slot let go is all zeroes again, as in a set loaded anew */
	memset(&s->m[s->n], 0, sizeof s->m[0]);
	return 0;
}

static int matches(const struct hex_marker *k, int side, int kind)
{
	return (side < 0 || k->side == side) && (kind < 0 || k->kind == kind);
}

int hex_markers_clear(struct hex_markers *s, int kind, int side)
{
	int i, j = 0, gone;

	for (i = 0; i < s->n; i++)
		if (!matches(&s->m[i], side, kind))
			s->m[j++] = s->m[i];
	gone = s->n - j;
	s->n = j;
	memset(&s->m[j], 0, (size_t)gone * sizeof s->m[0]);
	return gone;
}

int hex_marker_use(struct hex_markers *s, int i)
{
	if (i < 0 || i >= s->n || s->m[i].used)
		return -1;
	s->m[i].used = 1;
	return 0;
}

int hex_marker_reaches(const struct hex_markers *s, const struct hex_map *m,
		       int i, int h)
{
	const struct hex_marker *k;

	if (i < 0 || i >= s->n || h < 0 || h >= HEX_MAX)
		return 0;
	k = &s->m[i];
	/* a step to a neighbour changes the column and the row by one at
	 * most: a hex more than the radius away in either is out of reach,
	 * found without the cube coordinates of hex_distance (a search
	 * asks it of every hex it enters, 15.4 of Race to the Reichstag) */
	if (abs(hex_col(k->hex) - hex_col(h)) > k->radius ||
	    abs(hex_row(k->hex) - hex_row(h)) > k->radius || !on_map(m, h))
		return 0;
	if (k->region >= 0 && !hex_in_region(m, h, k->region))
		return 0;
	return hex_distance(m, k->hex, h) <= k->radius;
}

int hex_covered(const struct hex_markers *s, const struct hex_map *m, int h,
		int side, int kind)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (matches(&s->m[i], side, kind) &&
		    hex_marker_reaches(s, m, i, h))
			return 1;
	return 0;
}

int hex_markers_at(const struct hex_markers *s, const struct hex_map *m,
		   int h, int side, int kind, int16_t *out, int max)
{
	int i, n = 0;

	for (i = 0; i < s->n; i++)
		if (matches(&s->m[i], side, kind) &&
		    hex_marker_reaches(s, m, i, h)) {
			if (n < max)
				out[n] = (int16_t)i;
			n++;
		}
	return n;
}
