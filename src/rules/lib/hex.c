/*
 * hex.c - the hex grid: numbering, neighbours, distance, hexsides, drawing
 * positions, and counters' printed values. See hex.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hex.h"

const char *const hexside_kind_names[HS_KINDS + 1] = { "river", "stream",
	"bridge", "demolished", "road", "railway", "boundary", "lake", NULL };
const char *const unit_where_names[U_WHERE] = { "waiting", "map",
	"eliminated" };

int hex_parse(const struct hex_map *m, const char *s)
{
	int i;

	if (!s || strlen(s) != 4)
		return HEX_NONE;
	for (i = 0; i < 4; i++)
		if (s[i] < '0' || s[i] > '9')
			return HEX_NONE;
	return hex_index(m, (s[0] - '0') * 10 + s[1] - '0',
			 (s[2] - '0') * 10 + s[3] - '0');
}

const char *hex_id(int idx, char buf[8])
{
	int c, r;

	if (idx < 0) {
		buf[0] = '-';
		buf[1] = '\0';
		return buf;
	}
	/* by hand: states name every unit's hex at each step's end, and
	 * snprintf was a tenth of a long audit */
	c = hex_col(idx) % 100;
	r = hex_row(idx) % 100;
	buf[0] = (char)('0' + c / 10);
	buf[1] = (char)('0' + c % 10);
	buf[2] = (char)('0' + r / 10);
	buf[3] = (char)('0' + r % 10);
	buf[4] = '\0';
	return buf;
}

/* the "major" coordinate is the column (flat) or the row (pointy) */
static void split(const struct hex_map *m, int idx, int *major, int *minor)
{
	if (m->pointy) {
		*major = hex_row(idx);
		*minor = hex_col(idx);
	} else {
		*major = hex_col(idx);
		*minor = hex_row(idx);
	}
}

static int join(const struct hex_map *m, int major, int minor)
{
	return m->pointy ? hex_index(m, minor, major)
			 : hex_index(m, major, minor);
}

static int lowered(const struct hex_map *m, int major)
{
	return (major % 2 == 0) == (m->shifted_even != 0);
}

/* Directions, flat: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. Pointy (major =
 * row, minor = column): 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE; written here as
 * (d major, d minor) for a line that is not lowered / lowered. */
static const int flat_up[6][2] = { { 0, -1 }, { 1, -1 }, { 1, 0 },
	{ 0, 1 }, { -1, 0 }, { -1, -1 } };
static const int flat_down[6][2] = { { 0, -1 }, { 1, 0 }, { 1, 1 },
	{ 0, 1 }, { -1, 1 }, { -1, 0 } };
static const int pointy_up[6][2] = { { 0, 1 }, { 1, 0 }, { 1, -1 },
	{ 0, -1 }, { -1, -1 }, { -1, 0 } };
static const int pointy_down[6][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 },
	{ 0, -1 }, { -1, 0 }, { -1, 1 } };

/* The offsets table of a line (major) of the map. */
static const int (*offsets(const struct hex_map *m, int major))[2]
{
	if (m->pointy)
		return lowered(m, major) ? pointy_down : pointy_up;
	return lowered(m, major) ? flat_down : flat_up;
}

int hex_neighbour_calc(const struct hex_map *m, int idx, int dir)
{
	const int (*t)[2];
	int ma, mi;

	if (idx < 0 || dir < 0 || dir > 5)
		return HEX_NONE;
	split(m, idx, &ma, &mi);
	t = offsets(m, ma);
	return join(m, ma + t[dir][0], mi + t[dir][1]);
}

void hex_map_neighbours(struct hex_map *m)
{
	const int (*t)[2];
	int h, d, ma, mi, end = hex_end(m);

	m->nb_built = 0;
	/* hex_neighbour_calc, with each index's line and offsets found
	 * once for its six directions (every command loads a map) */
	for (h = 0; h < end; h++) {
		split(m, h, &ma, &mi);
		t = offsets(m, ma);
		for (d = 0; d < 6; d++)
			m->nb[h][d] = (int16_t)join(m, ma + t[d][0],
						    mi + t[d][1]);
	}
	/* indices past the map's last hex have no neighbour on it */
	for (; h < HEX_MAX; h++)
		for (d = 0; d < 6; d++)
			m->nb[h][d] = HEX_NONE;
	m->nb_built = 1;
}

int hex_dir(const struct hex_map *m, int a, int b)
{
	const int (*t)[2];
	int ma, mi, mb, nb, d;

	/* from the two hexes' coordinates, not six neighbours: the
	 * searches ask this for every step they weigh */
	if (a < 0 || b < 0 || a >= HEX_MAX || b >= HEX_MAX ||
	    hex_index(m, hex_col(b), hex_row(b)) != b ||
	    hex_index(m, hex_col(a), hex_row(a)) != a)
		return -1;
	split(m, a, &ma, &mi);
	split(m, b, &mb, &nb);
	t = offsets(m, ma);
	for (d = 0; d < 6; d++)
		if (t[d][0] == mb - ma && t[d][1] == nb - mi)
			return d;
	return -1;
}

/* cube coordinates: x along the major axis; z the minor one less the
 * number of lowered lines passed (a lowered line's next neighbour down the
 * major axis is half a hex lower) */
static void cube(const struct hex_map *m, int idx, int *x, int *z)
{
	int ma, mi;

	split(m, idx, &ma, &mi);
	*x = ma;
	*z = mi - (lowered(m, 1) ? ma / 2 : (ma - 1) / 2);
}

struct hex_cube hex_cube_of(const struct hex_map *m, int idx)
{
	struct hex_cube c;

	cube(m, idx, &c.x, &c.z);
	return c;
}

int hex_distance(const struct hex_map *m, int a, int b)
{
	return hex_cube_distance(hex_cube_of(m, a), hex_cube_of(m, b));
}

void hex_centre(const struct hex_map *m, int idx, double *x, double *y)
{
	int ma, mi;
	double along, across;

	split(m, idx, &ma, &mi);
	along = 1.0 + 1.5 * (ma - 1);
	across = 1.7320508075688772 * (mi - 0.5 + (lowered(m, ma) ? 0.5 : 0.0));
	if (m->pointy) {
		*y = along;
		*x = across;
	} else {
		*x = along;
		*y = across;
	}
}

/* One entry of hs, its kind's count kept. */
static void side_bit(struct hex_map *m, int h, int dir, int kind, int on)
{
	uint16_t bit = (uint16_t)(1u << kind);

	if (!(m->hs[h][dir] & bit) == !on)
		return;
	m->hs[h][dir] ^= bit;
	m->hs_count[kind] += on ? 1 : -1;
	m->hs_col[kind][h / HEX_MAX_ROWS] += on ? 1 : (uint16_t)-1;
}

void hex_side_set(struct hex_map *m, int a, int dir, int kind, int on)
{
	int b = hex_neighbour(m, a, dir), e = (dir + 3) % 6;

	side_bit(m, a, dir, kind, on);
	if (b >= 0)
		side_bit(m, b, e, kind, on);
}

const char *hex_side_id(const struct hex_map *m, int a, int dir,
			char buf[16])
{
	int b = hex_neighbour(m, a, dir), lo = a, hi = b;
	char x[8], y[8];

	if (b >= 0 && b < a) {
		lo = b;
		hi = a;
	}
	snprintf(buf, 16, "%s-%s", hex_id(lo, x), hex_id(hi, y));
	return buf;
}

const char *hex_side_item_name(const struct hex_map *m, int i, char buf[16])
{
	return hex_side_id(m, i / 3, i % 3, buf);
}

int hex_side_item(const struct hex_map *m, const char *s)
{
	int16_t h;
	int8_t dir;
	int b;

	if (hex_side_parse(m, s, &h, &dir) < 0)
		return -1;
	if (dir < 3)
		return 3 * h + dir;
	/* the same hexside from the other hex, direction 0-2 */
	b = hex_neighbour(m, h, dir);
	return b < 0 ? -1 : 3 * b + dir - 3;
}

void hex_side_item_set(struct hex_map *m, int i, int kind, int on)
{
	hex_side_set(m, i / 3, i % 3, kind, on);
}

int hex_side_item_next(const struct hex_map *m, int i, int kind)
{
	int h = i / 3, dir = i % 3, end = hex_end(m), stop;
	unsigned bit = 1u << kind;
	/* a hex's first four sides read as one word, its items' three
	 * tested at once (a save walks every hexside of the map) */
	const uint16_t three[4] = { (uint16_t)bit, (uint16_t)bit,
				    (uint16_t)bit, 0 };
	uint64_t lanes, w, v;

	memcpy(&lanes, three, sizeof lanes);   /* as laid out: any order */
	if (!m->hs_count[kind])
		return -1;
	/* column by column, a column without one passed over whole
	 * (hs_col) */
	for (; h < end; h = stop, dir = 0) {
		stop = (h / HEX_MAX_ROWS + 1) * HEX_MAX_ROWS;
		if (stop > end)
			stop = end;
		if (!m->hs_col[kind][h / HEX_MAX_ROWS])
			continue;
		for (; h < stop; h++, dir = 0) {
			/* two hexes at a time while neither has one */
			for (; dir == 0 && stop - h >= 2; h += 2) {
				memcpy(&w, m->hs[h], sizeof w);
				memcpy(&v, m->hs[h + 1], sizeof v);
				if ((w | v) & lanes)
					break;
			}
			if (h == stop)
				break;
			memcpy(&w, m->hs[h], sizeof w);
			if (!(w & lanes))
				continue;
			for (; dir < 3; dir++)
				if (m->hs[h][dir] & bit)
					return 3 * h + dir;
		}
	}
	return -1;
}

int hex_range(const struct hex_map *m, const char *s, int16_t *out, int max)
{
	char a[8], b[8];
	int h1, h2, n = 0, c, r;

	if (strlen(s) == 4) {
		h1 = hex_parse(m, s);
		if (h1 < 0 || max < 1)
			return -1;
		out[0] = (int16_t)h1;
		return 1;
	}
	if (strlen(s) != 9 || s[4] != '-')
		return -1;
	memcpy(a, s, 4);
	a[4] = '\0';
	memcpy(b, s + 5, 4);
	b[4] = '\0';
	h1 = hex_parse(m, a);
	h2 = hex_parse(m, b);
	if (h1 < 0 || h2 < 0 || h2 < h1)
		return -1;
	if (hex_col(h1) == hex_col(h2)) {
		for (r = hex_row(h1); r <= hex_row(h2) && n < max; r++)
			out[n++] = (int16_t)hex_index(m, hex_col(h1), r);
		return r > hex_row(h2) ? n : -1;
	}
	if (hex_row(h1) == hex_row(h2)) {
		for (c = hex_col(h1); c <= hex_col(h2) && n < max; c++)
			out[n++] = (int16_t)hex_index(m, c, hex_row(h1));
		return c > hex_col(h2) ? n : -1;
	}
	return -1;
}

int hex_ranges(const struct hex_map *m, const char *s, int16_t *out,
	       int max)
{
	char w[16];
	int n = 0, k;
	size_t len;

	while (*s) {
		while (*s == ',' || *s == ' ')
			s++;
		len = strcspn(s, ", ");
		if (len == 0)
			break;
		if (len >= sizeof w)
			return -1;
		memcpy(w, s, len);
		w[len] = '\0';
		s += len;
		k = hex_range(m, w, out + n, max - n);
		if (k < 0)
			return -1;
		n += k;
	}
	return n;
}

int hex_next_line(const char **p, char *buf, size_t size)
{
	const char *e;
	size_t n;

	if (!**p)
		return 0;
	e = strchr(*p, '\n');
	n = e ? (size_t)(e - *p) : strlen(*p);
	if (n >= size)
		return -1;
	memcpy(buf, *p, n);
	buf[n] = '\0';
	*p += n + (e ? 1 : 0);
	return 1;
}

int hex_split(char *line, char **w, int max)
{
	int n = 0;

	while (n < max) {
		while (*line == ' ' || *line == '\t')
			line++;
		if (!*line)
			break;
		w[n++] = line;
		while (*line && *line != ' ' && *line != '\t')
			line++;
		if (*line)
			*line++ = '\0';
	}
	return n;
}

int hex_next_word(const char **p, char *buf, size_t size)
{
	size_t len;

	while (**p == ' ')
		(*p)++;
	if (!**p)
		return 0;
	for (len = 0; (*p)[len] && (*p)[len] != ' '; len++)
		;
	if (size) {         /* cut to fit, as snprintf would */
		size_t n = len < size ? len : size - 1;
		memcpy(buf, *p, n);
		buf[n] = '\0';
	}
	*p += len;
	return 1;
}

int hex_cost_parse(const char *s, int *out)
{
	char *end;
	long v;

	if (!strcmp(s, "all"))
		*out = COST_ALL;
	else if (!strcmp(s, "no"))
		*out = COST_NO;
	else if (!strcmp(s, "1/2"))
		*out = 1;
	else {
		v = strtol(s, &end, 10);
		if (end == s || *end || v < 0 || v > 99)
			return -1;
		*out = (int)v * HALF;
	}
	return 0;
}

/* ---- units ---- */

int unit_att(const struct hunit *u)
{
	return u->reduced ? u->ratt : u->att;
}

int unit_def(const struct hunit *u)
{
	return u->reduced ? u->rdef : u->def;
}

int unit_mov(const struct hunit *u)
{
	return u->reduced ? u->rmov : u->mov;
}

/* One value of "A-D-M": digits, 0 to 99, then end (the character after
 * it at *s); -1 otherwise. (sscanf took a tenth of the reading of an
 * order of battle, read at every command.) */
static int unit_value(const char **s, char end)
{
	int v = 0, n = 0;

	for (; **s >= '0' && **s <= '9' && v <= 99; (*s)++, n++)
		v = 10 * v + (**s - '0');
	if (!n || v > 99 || **s != end)
		return -1;
	if (end)
		(*s)++;
	return v;
}

int unit_values_parse(const char *s, uint8_t *a, uint8_t *d, uint8_t *m)
{
	int x = unit_value(&s, '-'), y = x < 0 ? -1 : unit_value(&s, '-'),
	    z = y < 0 ? -1 : unit_value(&s, '\0');

	if (z < 0)
		return -1;
	*a = (uint8_t)x;
	*d = (uint8_t)y;
	*m = (uint8_t)z;
	return 0;
}

int unit_line_head(const struct hex_map *m, char *line, char **w, int max,
		   int *k, struct hunit *u, const char *const *sides,
		   int n_sides, const char **list, char *msg, size_t size)
{
	char *name = strchr(line, ';');
	int i = 3, s;

	*k = 0;
	*list = NULL;
	if (name) {
		*name++ = '\0';
		name += strspn(name, " ");
	}
	*k = hex_split(line, w, max);
	if (*k == 0)
		return 0;
	if (!u)
		return snprintf(msg, size, "too many units"), -1;
	memset(u, 0, sizeof *u);
	u->hex = HEX_NONE;
	if (*k < 4 || strlen(w[0]) >= sizeof u->id)
		return snprintf(msg, size, "\"ID SIDE A-D-M PLACE ...\""), -1;
	str_copy(u->id, sizeof u->id, w[0]);
	for (s = 0; s < n_sides && strcmp(w[1], sides[s]); s++)
		;
	if (s == n_sides)
		return snprintf(msg, size, "side is %s or %s", sides[0],
				sides[1]), -1;
	u->side = (int8_t)s;
	if (unit_values_parse(w[2], &u->att, &u->def, &u->mov) < 0)
		return snprintf(msg, size, "values are A-D-M"), -1;
	if (name)
		str_copy(u->name, sizeof u->name, name);
	if (!strcmp(w[i], "at") && i + 1 < *k) {
		u->hex = (int16_t)hex_parse(m, w[i + 1]);
		if (u->hex < 0)
			return snprintf(msg, size, "no hex %s", w[i + 1]), -1;
		u->where = U_MAP;
		return i + 2;
	}
	if (!strcmp(w[i], "setup") && i + 1 < *k) {
		*list = w[i + 1];
	} else if ((!strcmp(w[i], "turn") || !strcmp(w[i], "event")) &&
		   i + 2 < *k) {
		if (!strcmp(w[i], "turn")) {
			u->arrive = (int8_t)atoi(w[i + 1]);
			if (u->arrive < 1 || u->arrive > 99)
				return snprintf(msg, size, "bad turn"), -1;
			i++;
		} else {
			u->arrive = -1;
		}
		if (strcmp(w[++i], "enter") || i + 1 >= *k)
			return snprintf(msg, size, "enter LIST"), -1;
		*list = w[i + 1];
	} else {
		return i;
	}
	u->where = U_WAITING;
	return i + 2;
}

/* ---- regions ---- */

int hex_region(const struct hex_map *m, const char *name)
{
	int r;

	for (r = 0; r < m->n_regions; r++)
		if (!strcmp(m->region_name[r], name))
			return r;
	return -1;
}

int hex_region_hexes(const struct hex_map *m, int r, int16_t *out,
		     int max)
{
	int h, n = 0, end = hex_end(m);
	uint32_t bit;

	if (r < 0 || r >= m->n_regions)
		return 0;
	/* hex_in_region, unrolled: a scenario's units name their regions
	 * one by one, and setting up is part of every command */
	bit = (uint32_t)1 << r;
	for (h = 0; h < end; h++)
		if ((m->region[h] & bit) && m->terr[h] != 255) {
			if (n < max)
				out[n] = (int16_t)h;
			n++;
		}
	return n;
}

int hex_around2(const struct hex_map *m, int h, int16_t out[18])
{
	int n = 0, d, e, a, b, x[3];

	/* each direction's neighbour, the hex two steps along it, and the
	 * one between that and the next direction's (a step each way:
	 * through the next direction's neighbour where this one is off
	 * the grid) */
	for (d = 0; d < 6; d++) {
		e = (d + 1) % 6;
		a = hex_neighbour(m, h, d);
		b = hex_neighbour(m, h, e);
		x[0] = a;
		x[1] = a >= 0 ? hex_neighbour(m, a, d) : -1;
		x[2] = a >= 0 ? hex_neighbour(m, a, e) :
			b >= 0 ? hex_neighbour(m, b, d) : -1;
		for (int i = 0; i < 3; i++)
			if (x[i] >= 0 && m->terr[x[i]] != 255)
				out[n++] = (int16_t)x[i];
	}
	return n;
}

int hex_within_region(const struct hex_map *m, int h, int n, int r,
		      int16_t *out, int max)
{
	int c, w, k = 0;
	struct hex_cube ch;

	if (h < 0 || h >= HEX_MAX || m->terr[h] == 255)
		return 0;
	ch = hex_cube_of(m, h);
	/* the columns (rows) within n of h, then distance exactly */
	for (c = hex_col(h) - n; c <= hex_col(h) + n; c++)
		for (w = hex_row(h) - n; w <= hex_row(h) + n; w++) {
			int x = hex_index(m, c, w);

			if (x < 0 || m->terr[x] == 255 ||
			    hex_cube_distance(ch, hex_cube_of(m, x)) > n ||
			    (r >= 0 && !hex_in_region(m, x, r)))
				continue;
			if (k < max)
				out[k] = (int16_t)x;
			k++;
		}
	return k;
}

/* ---- hex effects by allegiance ---- */

int hex_allegiance(const struct hex_map *m, const char *name)
{
	int i;

	for (i = 0; name && i < m->n_allegiances; i++)
		if (!strcmp(m->allegiance[i], name))
			return i;
	return -1;
}

static int valid_al(int al)
{
	return al >= 0 && al < HEX_ALLEGIANCES_MAX;
}

int hex_effect_defence(const struct hex_effect *e, int al)
{
	return valid_al(al) && (e->of[al].given & HEX_OF_DEFENCE) ?
		e->of[al].defence : e->defence_pct;
}

int hex_effect_zoc_into(const struct hex_effect *e, int al)
{
	return valid_al(al) && (e->of[al].given & HEX_OF_ZOC) ?
		e->of[al].zoc : !e->blocks_zoc;
}

const char *hex_effect_crt(const struct hex_effect *e, int al)
{
	const char *c = valid_al(al) && e->of[al].crt[0] ? e->of[al].crt :
		e->crt;

	return *c && strcmp(c, "any") ? c : NULL;
}

int hex_effect_ignores_retreat(const struct hex_effect *e, int al)
{
	return valid_al(al) && (e->of[al].given & HEX_OF_RETREAT) ?
		e->of[al].ignore_retreat : e->ignore_retreat;
}

unsigned hex_feature(const struct hex_map *m, const char *name)
{
	int i;

	for (i = 0; name && i < m->n_features; i++)
		if (!strcmp(m->feature[i].name, name))
			return (unsigned)HF_FORT << (i + 1);
	return 0;
}

const struct hex_effect *hex_feature_effect(const struct hex_map *m,
					    unsigned bit)
{
	int i;

	if (bit == HF_FORT)
		return &m->fort;
	for (i = 0; i < m->n_features; i++)
		if (bit == (unsigned)HF_FORT << (i + 1))
			return &m->feature[i];
	return NULL;
}

/* The rows that apply to hex h: its terrain, the fort, its features;
 * returns their number (0 off the map). */
static int hex_rows(const struct hex_map *m, int h,
		    const struct hex_effect *rows[HEX_FEATURES_MAX + 2])
{
	int n = 0, i;

	if (h < 0 || h >= HEX_MAX || m->terr[h] >= m->n_terrain)
		return 0;
	rows[n++] = &m->terrain[m->terr[h]];
	if (m->feat[h] & HF_FORT)
		rows[n++] = &m->fort;
	for (i = 0; i < m->n_features; i++)
		if (m->feat[h] & (unsigned)HF_FORT << (i + 1))
			rows[n++] = &m->feature[i];
	return n;
}

int hex_defence_best(const struct hex_map *m, int h, int al)
{
	const struct hex_effect *rows[HEX_FEATURES_MAX + 2];
	int n = hex_rows(m, h, rows), i, best = 0, v;

	for (i = 0; i < n; i++)
		if ((v = hex_effect_defence(rows[i], al)) > best || i == 0)
			best = v;
	return n ? best : 100;
}

int hex_zoc_into(const struct hex_map *m, int h, int al)
{
	const struct hex_effect *rows[HEX_FEATURES_MAX + 2];
	int n = hex_rows(m, h, rows), i;

	for (i = 0; i < n; i++)
		if (!hex_effect_zoc_into(rows[i], al))
			return 0;
	return 1;
}

const char *hex_crt_forced(const struct hex_map *m, int h, int al)
{
	const struct hex_effect *rows[HEX_FEATURES_MAX + 2];
	const char *c;
	int n = hex_rows(m, h, rows), i;

	for (i = 0; i < n; i++)
		if ((c = hex_effect_crt(rows[i], al)))
			return c;
	return NULL;
}

int hex_ignores_retreat(const struct hex_map *m, int h, int al)
{
	const struct hex_effect *rows[HEX_FEATURES_MAX + 2];
	int n = hex_rows(m, h, rows), i;

	for (i = 0; i < n; i++)
		if (hex_effect_ignores_retreat(rows[i], al))
			return 1;
	return 0;
}

const char *hex_side_name(const struct hex_map *m, int a, int dir)
{
	int k;

	if (a < 0 || a >= HEX_MAX || dir < 0 || dir > 5)
		return NULL;
	k = m->hs_name[a][dir];
	return k > 0 && k < m->n_names ? m->names[k] : NULL;
}

int hex_side_parse(const struct hex_map *m, const char *s, int16_t *h,
		   int8_t *dir)
{
	char a[8], b[8];
	int x, y, d;

	if (strlen(s) != 9 || s[4] != '-')
		return -1;
	memcpy(a, s, 4);
	a[4] = 0;
	memcpy(b, s + 5, 5);
	x = hex_parse(m, a);
	y = hex_parse(m, b);
	d = x < 0 || y < 0 ? -1 : hex_dir(m, x, y);
	if (d < 0)
		return -1;
	*h = (int16_t)x;
	*dir = (int8_t)d;
	return 0;
}
