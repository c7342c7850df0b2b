/*
 * hexsvg.c - the hex board as SVG (see hexsvg.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "umpire/rules.h"
#include "hexsvg.h"

const char *const nato_type_names[NATO_TYPES] = { "infantry", "armour",
	"mechanised infantry", "reconnaissance", "engineers" };

static int has_word(const char *name, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = name; *p; p++)
		if (strncasecmp(p, word, n) == 0)
			return 1;
	return 0;
}

enum nato_type nato_type_of(const char *name, int engineer, int mech)
{
	if (engineer || has_word(name, "engineer"))
		return NATO_ENGINEER;
	if (has_word(name, "grenadier") || has_word(name, "mechanized") ||
	    has_word(name, "armored infantry"))
		return NATO_MECHANISED;
	if (has_word(name, "reconnaissance") || has_word(name, "recon") ||
	    has_word(name, "cavalry"))
		return NATO_RECON;
	if (has_word(name, "panzer") || has_word(name, "armored") ||
	    has_word(name, "armoured") || has_word(name, "tank"))
		return NATO_ARMOUR;
	return mech ? NATO_ARMOUR : NATO_INFANTRY;
}

void hexsvg_centre(const struct hex_map *m, int h, double *x, double *y)
{
	hex_centre(m, h, x, y);
	*x = *x * HEXSVG_R + HEXSVG_MARGIN;
	*y = *y * HEXSVG_R + HEXSVG_MARGIN;
}

void hexsvg_size(const struct hex_map *m, double *w, double *h)
{
	*w = (m->pointy ? m->cols * 1.7320508 + 1 : m->cols * 1.5 + 0.5) *
		HEXSVG_R + 2 * HEXSVG_MARGIN;
	*h = (m->pointy ? m->rows * 1.5 + 0.5 : m->rows * 1.7320508 + 1) *
		HEXSVG_R + 2 * HEXSVG_MARGIN;
}

void hexsvg_hex(struct svg *s, const struct hex_map *m, int h,
		const struct svg_style *sty)
{
	static const double fx[6] = { 1, 0.5, -0.5, -1, -0.5, 0.5 };
	static const double fy[6] = { 0, 0.8660254, 0.8660254, 0, -0.8660254,
		-0.8660254 };
	double cx, cy, xy[12];

	hexsvg_centre(m, h, &cx, &cy);
	for (int k = 0; k < 6; k++) {
		double a = m->pointy ? fy[k] : fx[k], b = m->pointy ? fx[k] :
			fy[k];
		xy[2 * k] = cx + a * HEXSVG_R;
		xy[2 * k + 1] = cy + b * HEXSVG_R;
	}
	svg_polygon(s, xy, 6, sty);
}

void hexsvg_edge(const struct hex_map *m, int a, int b, double *x1,
		 double *y1, double *x2, double *y2)
{
	double ax, ay, bx, by, mx, my, dx, dy, len;

	hexsvg_centre(m, a, &ax, &ay);
	hexsvg_centre(m, b, &bx, &by);
	mx = (ax + bx) / 2;
	my = (ay + by) / 2;
	dx = bx - ax;
	dy = by - ay;
	len = dx * dx + dy * dy > 0 ? 1.7320508 * HEXSVG_R : 1;
	*x1 = mx - dy / len * HEXSVG_R / 2;
	*y1 = my + dx / len * HEXSVG_R / 2;
	*x2 = mx + dy / len * HEXSVG_R / 2;
	*y2 = my - dx / len * HEXSVG_R / 2;
}

static const struct svg_style fort_style = { "none", "#7a1f1f", 2.5,
	"4 2", 0 };

/* ---- what a map shows ---- */

/* Water on a hexside, one kind a side (river first, as the rules). */
enum water { W_NONE, W_RIVER, W_CANAL, W_STREAM, W_LAKE };
/* A bridge's state. */
enum bridge { B_NONE, B_INTACT, B_DEMOLISHED, B_CHECKED };
/* How a feature is drawn (by the words of its name). */
enum feat_look { F_OUTLINE, F_TOWER, F_RUNWAY, F_MARK };

static const char *const water_names[] = { "", "river", "canal", "stream",
	"lake hexside" };
static const char *const bridge_names[] = { "", "bridge",
	"demolished bridge", "checked bridge" };
static const char *const bridge_fill[] = { "", "#222222", "#d0312d",
	"#1e9a46" };
static const char *const region_colour[] = { "#ffcc00", "#000000",
	"#1f3f9f" };

/* Which of these the map (with the caller's options) draws. */
struct shown {
	int terrain[HEX_TERRAIN_MAX];
	unsigned feat;             /* HF_* bits */
	int water[5], road, railway, boundary, bridge[4];
	int region[HEX_REGIONS_MAX]; /* by index into o->regions */
};

static int is_canal(const struct hex_map *m, const struct hexsvg_opts *o,
		    int h, int d)
{
	const char *name = hex_side_name(m, h, d);

	if (!o || !o->canals || !name)
		return 0;
	for (const char *const *c = o->canals; *c; c++)
		if (!strcmp(*c, name))
			return 1;
	return 0;
}

static enum water water_of(const struct hex_map *m,
			   const struct hexsvg_opts *o, int h, int d)
{
	if (hex_side_has(m, h, d, HS_RIVER))
		return is_canal(m, o, h, d) ? W_CANAL : W_RIVER;
	if (hex_side_has(m, h, d, HS_STREAM))
		return W_STREAM;
	if (hex_side_has(m, h, d, HS_LAKE))
		return W_LAKE;
	return W_NONE;
}

static enum bridge bridge_of(const struct hex_map *m, int h, int d)
{
	if (!hex_side_has(m, h, d, HS_BRIDGE))
		return B_NONE;
	if (hex_side_has(m, h, d, HS_DEMOLISHED))
		return B_DEMOLISHED;
	return hex_side_has(m, h, d, HS_CHECKED) ? B_CHECKED : B_INTACT;
}

static enum feat_look feat_look_of(const char *name)
{
	if (has_word(name, "bahn") || has_word(name, "rail"))
		return F_OUTLINE;
	if (has_word(name, "flak") || has_word(name, "tower"))
		return F_TOWER;
	if (has_word(name, "air"))
		return F_RUNWAY;
	return F_MARK;
}

/* The next hexside of the map after (*h, *d) (start with *h = 0, *d =
 * -1): each side of two map hexes once; its far hex in *b. */
static int next_side(const struct hex_map *m, int *h, int *d, int *b)
{
	for (;;) {
		if (++*d == 6) {
			*d = 0;
			++*h;
		}
		if (*h >= hex_end(m))
			return 0;
		if (m->terr[*h] == 255)
			continue;
		*b = hex_neighbour(m, *h, *d);
		if (*b > *h && m->terr[*b] != 255)
			return 1;
	}
}

/* Whether the side h/b is on the line of region spec g. */
static int region_side(const struct hex_map *m,
		       const struct hexsvg_region *g, int h, int b)
{
	int ha = hex_in_region(m, h, g->region);
	int ba = hex_in_region(m, b, g->region);

	if (g->style == HEXSVG_OUTLINE)
		return ha != ba;
	if (g->style != HEXSVG_BORDER)
		return 0;
	int ho = hex_in_region(m, h, g->other);
	int bo = hex_in_region(m, b, g->other);
	return (ha && !ho && bo && !ba) || (ba && !bo && ho && !ha);
}

static void shown_of(const struct hex_map *m, const struct hexsvg_opts *o,
		     struct shown *w)
{
	int h, d = -1, b, i;

	memset(w, 0, sizeof *w);
	for (h = 0; h < hex_end(m); h++) {
		if (m->terr[h] == 255)
			continue;
		if (m->terr[h] < HEX_TERRAIN_MAX)
			w->terrain[m->terr[h]] = 1;
		w->feat |= m->feat[h];
		for (i = 0; o && i < o->n_regions && i < HEX_REGIONS_MAX; i++)
			if (o->regions[i].style == HEXSVG_RING &&
			    hex_in_region(m, h, o->regions[i].region))
				w->region[i] = 1;
	}
	for (h = 0; next_side(m, &h, &d, &b);) {
		w->water[water_of(m, o, h, d)] = 1;
		w->water[W_LAKE] |= hex_side_has(m, h, d, HS_LAKE);
		w->road |= hex_side_has(m, h, d, HS_ROAD);
		w->railway |= hex_side_has(m, h, d, HS_RAILWAY);
		w->boundary |= hex_side_has(m, h, d, HS_BOUNDARY);
		w->bridge[bridge_of(m, h, d)] = 1;
		for (i = 0; o && i < o->n_regions && i < HEX_REGIONS_MAX; i++)
			if (region_side(m, &o->regions[i], h, b))
				w->region[i] = 1;
	}
}

/* ---- the map ---- */

static const char HEX_ID[] = "hx";

/* The hex shape, its top left corner at 0, 0 (a use puts it at the
 * centre less hex_half). */
static void hex_def(struct svg *s, const struct hex_map *m, double *hw,
		    double *hh)
{
	static const double fx[6] = { 1, 0.5, -0.5, -1, -0.5, 0.5 };
	static const double fy[6] = { 0, 0.8660254, 0.8660254, 0, -0.8660254,
		-0.8660254 };
	double xy[12];

	*hw = m->pointy ? 0.8660254 * HEXSVG_R : HEXSVG_R;
	*hh = m->pointy ? HEXSVG_R : 0.8660254 * HEXSVG_R;
	for (int k = 0; k < 6; k++) {
		xy[2 * k] = *hw + (m->pointy ? fy[k] : fx[k]) * HEXSVG_R;
		xy[2 * k + 1] = *hh + (m->pointy ? fx[k] : fy[k]) * HEXSVG_R;
	}
	svg_def_polygon(s, HEX_ID, xy, 6);
}

/* A feature's symbol under id "hf<i>", centred on 0, 0. */
static void feat_def(struct svg *s, const struct hex_effect *f, int i)
{
	char id[8];
	struct svg_style sty = { NULL, NULL, 0, NULL, 0 };
	const char *c = f->colour[0] ? f->colour : "#000000";

	snprintf(id, sizeof id, "hf%d", i);
	svg_def_begin(s, id);
	switch (feat_look_of(f->name)) {
	case F_TOWER:
		/* a square tower with four corner turrets */
		sty.fill = c;
		sty.stroke = "#ffffff";
		sty.stroke_width = 0.8;
		svg_rect(s, -5, -5, 10, 10, 0, &sty);
		for (int k = 0; k < 4; k++)
			svg_rect(s, (k & 1 ? 3 : -7), (k & 2 ? 3 : -7), 4, 4, 0,
				 &sty);
		break;
	case F_RUNWAY:
		sty.stroke = "#444444";
		sty.stroke_width = 3;
		svg_line(s, -8, 4, 8, -4, &sty);
		svg_line(s, -6, -5, 6, 5, &sty);
		break;
	default:
		sty.fill = c;
		sty.stroke = "#000000";
		sty.stroke_width = 0.8;
		{
			const double xy[8] = { 0, -6, 6, 0, 0, 6, -6, 0 };
			svg_polygon(s, xy, 4, &sty);
		}
		break;
	}
	svg_def_end(s);
}

/* The outline a F_OUTLINE feature draws round its hexes. */
static void feat_outline_style(const struct hex_effect *f,
			       struct svg_style *sty)
{
	memset(sty, 0, sizeof *sty);
	sty->stroke = f->colour[0] ? f->colour : "#800080";
	sty->stroke_width = 2.5;
	sty->opacity = 0.85;
}

/* The hexes' ground: the hexes of one terrain's colour one path (a map
 * of two thousand hexes is a few elements, not two thousand, for the
 * browser to lay out and paint), each hex outlined. */
static void terrain(struct svg *s, const struct hex_map *m, double hw,
		    double hh)
{
	static const struct svg_style edge = { NULL, "#9a9a9a", 0.6, NULL,
		0 };
	static const double fx[6] = { 1, 0.5, -0.5, -1, -0.5, 0.5 };
	static const double fy[6] = { 0, 0.8660254, 0.8660254, 0, -0.8660254,
		-0.8660254 };
	unsigned char done[HEX_TERRAIN_MAX] = { 0 };
	double x, y, xy[12];

	(void)hw;
	(void)hh;
	svg_group_style(s, &edge);
	for (int col = 1; col <= m->cols; col++)
		for (int row = 1; row <= m->rows; row++) {
			int t = m->terr[hex_index(m, col, row)];
			if (t == 255 || done[t])
				continue;
			/* every hex of this colour, in the same order */
			struct svg_style fill = { m->terrain[t].colour, NULL,
				0, NULL, 0 };
			svg_path_begin(s, &fill);
			for (int c2 = 1; c2 <= m->cols; c2++)
				for (int r2 = 1; r2 <= m->rows; r2++) {
					int h = hex_index(m, c2, r2), u =
						m->terr[h];
					if (u == 255 || strcmp(m->terrain[u]
					    .colour, m->terrain[t].colour))
						continue;
					done[u] = 1;
					hexsvg_centre(m, h, &x, &y);
					for (int k = 0; k < 6; k++) {
						xy[2 * k] = x + (m->pointy ?
							fy[k] : fx[k]) *
							HEXSVG_R;
						xy[2 * k + 1] = y + (m->pointy ?
							fx[k] : fy[k]) *
							HEXSVG_R;
					}
					svg_path_shape(s, xy, 6);
				}
			svg_path_end(s);
		}
	svg_end_group(s);
}

/* Fortifications and the outlines of outline features. */
static void outlines(struct svg *s, const struct hex_map *m,
		     const struct shown *w, double hw, double hh)
{
	struct svg_style sty;
	double x, y;

	for (int i = -1; i < m->n_features; i++) {
		unsigned bit = i < 0 ? HF_FORT : HF_FORT << (i + 1);
		if (!(w->feat & bit) || (i >= 0 &&
		    feat_look_of(m->feature[i].name) != F_OUTLINE))
			continue;
		if (i < 0)
			sty = fort_style;
		else
			feat_outline_style(&m->feature[i], &sty);
		svg_group(s, i < 0 ? "fortified" : m->feature[i].name);
		svg_group_style(s, &sty);
		for (int h = 0; h < hex_end(m); h++) {
			if (m->terr[h] == 255 || !(m->feat[h] & bit))
				continue;
			hexsvg_centre(m, h, &x, &y);
			svg_use(s, HEX_ID, x - hw, y - hh, NULL);
		}
		svg_end_group(s);
		svg_end_group(s);
	}
}

static void numbers(struct svg *s, const struct hex_map *m)
{
	double x, y;
	char id[8];

	svg_group_text(s, 7, "middle", "#505050");
	for (int col = 1; col <= m->cols; col++)
		for (int row = 1; row <= m->rows; row++) {
			int h = hex_index(m, col, row);
			if (m->terr[h] == 255)
				continue;
			hexsvg_centre(m, h, &x, &y);
			svg_label(s, x, y - HEXSVG_R * 0.58, hex_id(h, id));
		}
	svg_end_group(s);
}

/* The style of water of kind k (the canal's second, inner line: inner). */
static void water_style(const struct hex_map *m, enum water k, int inner,
			struct svg_style *sty)
{
	memset(sty, 0, sizeof *sty);
	switch (k) {
	case W_CANAL:
		sty->stroke = inner ? "#e8f0ff" : m->side[HS_RIVER].colour;
		sty->stroke_width = inner ? 1.2 : 4;
		break;
	case W_STREAM:
		sty->stroke = m->side[HS_STREAM].colour;
		sty->stroke_width = 2;
		break;
	case W_LAKE:
		sty->stroke = m->side[HS_LAKE].colour;
		sty->stroke_width = 7;
		sty->opacity = 0.75;
		break;
	default:
		sty->stroke = m->side[HS_RIVER].colour;
		sty->stroke_width = 4;
		break;
	}
	if (!sty->stroke[0])
		sty->stroke = "#2f6fd0";
}

/* One path of the hexsides (edge: 1) or the lines between centres
 * (edge: 0) that match(kind). */
static void side_path(struct svg *s, const struct hex_map *m,
		      const struct hexsvg_opts *o, const char *title,
		      const struct svg_style *sty, int edge,
		      int (*match)(const struct hex_map *,
				   const struct hexsvg_opts *, int, int, int),
		      int kind)
{
	double x1, y1, x2, y2;
	int h, d = -1, b;

	svg_group(s, title);
	svg_path_begin(s, sty);
	for (h = 0; next_side(m, &h, &d, &b);) {
		if (!match(m, o, h, d, kind))
			continue;
		if (edge) {
			hexsvg_edge(m, h, b, &x1, &y1, &x2, &y2);
		} else {
			hexsvg_centre(m, h, &x1, &y1);
			hexsvg_centre(m, b, &x2, &y2);
		}
		svg_path_seg(s, x1, y1, x2, y2);
	}
	svg_path_end(s);
	svg_end_group(s);
}

/* A lake hexside is drawn (wide, under the rest) wherever it is, a
 * river's too; the other water by water_of. */
static int match_water(const struct hex_map *m, const struct hexsvg_opts *o,
		       int h, int d, int kind)
{
	if (kind == W_LAKE)
		return hex_side_has(m, h, d, HS_LAKE);
	return (int)water_of(m, o, h, d) == kind;
}

static int match_kind(const struct hex_map *m, const struct hexsvg_opts *o,
		      int h, int d, int kind)
{
	(void)o;
	return hex_side_has(m, h, d, kind);
}

static void boundary_style(const struct hex_map *m, struct svg_style *sty)
{
	memset(sty, 0, sizeof *sty);
	sty->stroke = m->side[HS_BOUNDARY].colour[0] ?
		m->side[HS_BOUNDARY].colour : "#000000";
	sty->stroke_width = 1;
	sty->dash = "2 2";
}

static const struct svg_style rail_style = { NULL, "#333333", 1.2, "5 2",
	0 };

static void road_style(const struct hex_map *m, struct svg_style *sty)
{
	memset(sty, 0, sizeof *sty);
	sty->stroke = m->side[HS_ROAD].colour;
	sty->stroke_width = 2.5;
}

static void sides(struct svg *s, const struct hex_map *m,
		  const struct hexsvg_opts *o, const struct shown *w)
{
	struct svg_style sty;

	/* the boundary first: where it follows a river, the river shows */
	if (w->boundary) {
		boundary_style(m, &sty);
		side_path(s, m, o, "boundary", &sty, 1, match_kind,
			  HS_BOUNDARY);
	}
	for (int j = 0; j < 4; j++) {
		int k = j == 0 ? W_LAKE : j;   /* the lake band first */
		if (!w->water[k])
			continue;
		water_style(m, k, 0, &sty);
		side_path(s, m, o, water_names[k], &sty, 1, match_water, k);
		if (k == W_CANAL) {
			water_style(m, k, 1, &sty);
			side_path(s, m, o, water_names[k], &sty, 1,
				  match_water, k);
		}
	}
	if (w->railway)
		side_path(s, m, o, "railway", &rail_style, 0, match_kind,
			  HS_RAILWAY);
	if (w->road) {
		road_style(m, &sty);
		side_path(s, m, o, "road", &sty, 0, match_kind, HS_ROAD);
	}
}

static void bridges(struct svg *s, const struct hex_map *m,
		    const struct shown *w)
{
	double x1, y1, x2, y2;
	int h, d = -1, b;

	for (int k = B_INTACT; k <= B_CHECKED; k++) {
		/* a white edge: seen on a road, a river or a border */
		struct svg_style sty = { bridge_fill[k], "#ffffff", 1, NULL,
			0 };
		if (!w->bridge[k])
			continue;
		svg_group(s, bridge_names[k]);
		svg_group_style(s, &sty);
		for (h = 0, d = -1; next_side(m, &h, &d, &b);) {
			if (bridge_of(m, h, d) != (enum bridge)k)
				continue;
			hexsvg_centre(m, h, &x1, &y1);
			hexsvg_centre(m, b, &x2, &y2);
			svg_use(s, "hb", (x1 + x2) / 2, (y1 + y2) / 2, NULL);
		}
		svg_end_group(s);
		svg_end_group(s);
	}
}

static void symbols(struct svg *s, const struct hex_map *m,
		    const struct shown *w)
{
	double x, y;
	char id[8];

	for (int i = 0; i < m->n_features; i++) {
		unsigned bit = HF_FORT << (i + 1);
		if (!(w->feat & bit) ||
		    feat_look_of(m->feature[i].name) == F_OUTLINE)
			continue;
		snprintf(id, sizeof id, "hf%d", i);
		svg_group(s, m->feature[i].name);
		for (int h = 0; h < hex_end(m); h++) {
			if (m->terr[h] == 255 || !(m->feat[h] & bit))
				continue;
			hexsvg_centre(m, h, &x, &y);
			svg_use(s, id, x, y + 2, NULL);
		}
		svg_end_group(s);
	}
}

static void region_style(const struct hexsvg_region *g,
			 struct svg_style *sty)
{
	memset(sty, 0, sizeof *sty);
	sty->stroke = g->colour ? g->colour : region_colour[g->style];
	sty->stroke_width = g->style == HEXSVG_BORDER ? 6 : g->style ==
		HEXSVG_RING ? 2.5 : 2;
	sty->dash = g->style == HEXSVG_OUTLINE ? "6 3" : NULL;
	/* the border lies under the water and roads, which show through */
	sty->opacity = g->style == HEXSVG_BORDER ? 0.6 : 0;
}

/* A ring: the region's colour on a black ring, seen on any ground. */
static void ring(struct svg *s, double x, double y, double r,
		 const struct svg_style *sty)
{
	struct svg_style under = { "none", "#000000", sty->stroke_width + 2,
		NULL, 0 };

	svg_circle(s, x, y, r, &under);
	svg_circle(s, x, y, r, sty);
}

static int match_region(const struct hex_map *m,
			const struct hexsvg_opts *o, int h, int d, int i)
{
	return region_side(m, &o->regions[i], h, hex_neighbour(m, h, d));
}

/* The caller's regions: the lines (rings 0) or the rings (1). */
static void regions(struct svg *s, const struct hex_map *m,
		    const struct hexsvg_opts *o, const struct shown *w,
		    int rings)
{
	struct svg_style sty;
	double x, y;

	for (int i = 0; o && i < o->n_regions && i < HEX_REGIONS_MAX; i++) {
		const struct hexsvg_region *g = &o->regions[i];
		const char *title = g->label ? g->label : "region";
		if (!w->region[i] || rings != (g->style == HEXSVG_RING))
			continue;
		region_style(g, &sty);
		if (g->style != HEXSVG_RING) {
			side_path(s, m, o, title, &sty, 1, match_region, i);
			continue;
		}
		svg_group(s, title);
		for (int h = 0; h < hex_end(m); h++) {
			if (m->terr[h] == 255 || !hex_in_region(m, h, g->region))
				continue;
			hexsvg_centre(m, h, &x, &y);
			ring(s, x, y, HEXSVG_R * 0.8, &sty);
		}
		svg_end_group(s);
	}
}

/* Whether the box x0, y0 to x1, y1 covers a counter (o->occupied): a
 * counter is 34 by 31 about its hex's centre (hexsvg_counter). */
static int covers_counter(const struct hex_map *m,
			  const struct hexsvg_opts *o, double x0, double y0,
			  double x1, double y1)
{
	double x, y;

	if (!o || !o->occupied)
		return 0;
	for (int h = 0; h < hex_end(m); h++) {
		if (m->terr[h] == 255 || !o->occupied[h])
			continue;
		hexsvg_centre(m, h, &x, &y);
		if (x0 < x + 17 && x - 17 < x1 && y0 < y + 15.5 &&
		    y - 15.5 < y1)
			return 1;
	}
	return 0;
}

/* Place names on the lower edge of their hex or, where that would lie on
 * a name placed before or on a counter (o->occupied), above the hex's
 * number, or in the gap below or above the hex; the first place that
 * covers neither (else no counter, else the lower edge). A label is
 * measured as svg_mark_label draws it: 6.2 a character and 8, 15 high,
 * 11 above its baseline. */
static void places(struct svg *s, const struct hex_map *m,
		   const struct hexsvg_opts *o)
{
	enum { CANDS = 4 };
	double box[HEX_PLACES_MAX][4], x, y;
	int n = 0;

	for (int i = 0; i < m->n_places && i < HEX_PLACES_MAX; i++) {
		double w = 6.2 * (double)strlen(m->place[i].name) + 8;
		double cand[CANDS], yb;
		int c, j, pick = -1, free_of_counters = -1;

		hexsvg_centre(m, m->place[i].hex, &x, &y);
		cand[0] = y + HEXSVG_R * 0.85;
		cand[1] = y - HEXSVG_R * 0.58 - 11;
		cand[2] = y + HEXSVG_R * 0.85 + 15;
		cand[3] = y - HEXSVG_R * 0.58 - 26;
		for (c = 0; c < CANDS && pick < 0; c++) {
			if (covers_counter(m, o, x - w / 2, cand[c] - 11,
					   x + w / 2, cand[c] + 4))
				continue;
			if (free_of_counters < 0)
				free_of_counters = c;
			for (j = 0; j < n; j++)
				if (x - w / 2 < box[j][2] &&
				    box[j][0] < x + w / 2 &&
				    cand[c] - 11 < box[j][3] &&
				    box[j][1] < cand[c] + 4)
					break;
			if (j == n)
				pick = c;
		}
		if (pick < 0)
			pick = free_of_counters < 0 ? 0 : free_of_counters;
		yb = cand[pick];
		box[n][0] = x - w / 2;
		box[n][1] = yb - 11;
		box[n][2] = x + w / 2;
		box[n][3] = yb + 4;
		n++;
		svg_mark_label(s, x, yb, m->place[i].name);
	}
}

/* What the map's drawing depends on, but the counters' hexes: the map
 * (plain data) and the caller's canals and regions. */
static uint64_t map_key(const struct hex_map *m, const struct hexsvg_opts *o)
{
	uint64_t h = svg_hash(0, m, sizeof *m);

	for (const char *const *c = o && o->canals ? o->canals : NULL;
	     c && *c; c++)
		h = svg_hash(h, *c, strlen(*c) + 1);
	for (int i = 0; o && i < o->n_regions; i++) {
		const struct hexsvg_region *r = &o->regions[i];
		h = svg_hash(h, &r->region, sizeof r->region);
		h = svg_hash(h, &r->other, sizeof r->other);
		h = svg_hash(h, &r->style, sizeof r->style);
		h = svg_hash(h, r->colour ? r->colour : "", r->colour ?
			     strlen(r->colour) + 1 : 1);
		h = svg_hash(h, r->label ? r->label : "", r->label ?
			     strlen(r->label) + 1 : 1);
	}
	return h;
}

void hexsvg_map_with(struct svg *s, const struct hex_map *m,
		     const struct hexsvg_opts *o)
{
	struct shown w;
	double hw, hh;
	size_t mark;
	uint64_t key = map_key(m, o);

	/* all but the place names (which make way for the counters) is
	 * the map's alone: drawn once for a replay's steps (svg_memo) */
	if (svg_memo_use(s, key, &mark)) {
		places(s, m, o);
		return;
	}
	shown_of(m, o, &w);
	hex_def(s, m, &hw, &hh);
	{
		/* the bridge: a square, its fill by state (bridges) */
		const double sq[8] = { -3, -3, 3, -3, 3, 3, -3, 3 };
		svg_def_polygon(s, "hb", sq, 4);
	}
	for (int i = 0; i < m->n_features; i++)
		if (w.feat & HF_FORT << (i + 1) &&
		    feat_look_of(m->feature[i].name) != F_OUTLINE)
			feat_def(s, &m->feature[i], i);
	terrain(s, m, hw, hh);
	outlines(s, m, &w, hw, hh);
	regions(s, m, o, &w, 0);
	numbers(s, m);
	sides(s, m, o, &w);
	bridges(s, m, &w);
	symbols(s, m, &w);
	regions(s, m, o, &w, 1);
	svg_memo_keep(s, key, mark);
	places(s, m, o);
}

void hexsvg_map(struct svg *s, const struct hex_map *m)
{
	hexsvg_map_with(s, m, NULL);
}

/* The NATO symbol in the box at x, y (top left), w by h. */
static void nato(struct svg *s, enum nato_type t, double x, double y,
		 double w, double h)
{
	struct svg_style line = { NULL, "#000000", 1, NULL, 0 };
	struct svg_style box = { "#ffffff", "#000000", 1, NULL, 0 };
	svg_rect(s, x, y, w, h, 0, &box);
	if (t == NATO_INFANTRY || t == NATO_MECHANISED) {
		svg_line(s, x, y, x + w, y + h, &line);
		svg_line(s, x, y + h, x + w, y, &line);
	}
	if (t == NATO_RECON)
		svg_line(s, x, y + h, x + w, y, &line);
	if (t == NATO_ARMOUR || t == NATO_MECHANISED) {
		double xy[24];
		for (int k = 0; k < 12; k++) {
			double a = k * 3.14159265 / 6;
			xy[2 * k] = x + w / 2 + cos(a) * w * 0.36;
			xy[2 * k + 1] = y + h / 2 + sin(a) * h * 0.3;
		}
		struct svg_style oval = { "none", "#000000", 1, NULL, 0 };
		svg_polygon(s, xy, 12, &oval);
	}
	if (t == NATO_ENGINEER) {
		double l = x + w * 0.25, r = x + w * 0.75, top = y + h * 0.35,
		       bot = y + h * 0.7;
		svg_line(s, l, top, r, top, &line);
		svg_line(s, l, top, l, bot, &line);
		svg_line(s, (l + r) / 2, top, (l + r) / 2, bot, &line);
		svg_line(s, r, top, r, bot, &line);
	}
}

/* a counter's size, and the offset of each edge shown under the top of a
 * stack (hexsvg_stack, hexsvg_stack_spots) */
enum { COUNTER_W = 34, COUNTER_H = 31 };
#define STACK_STEP 3.5

void hexsvg_counter(struct svg *s, double x, double y, const char *fill,
		    enum nato_type type, const char *id, const char *factors,
		    const char *mark)
{
	struct svg_style sty = { fill, "#000000", 0.8, NULL, 0 };
	double w = COUNTER_W, h = COUNTER_H;

	svg_rect(s, x - w / 2, y - h / 2, w, h, 2, &sty);
	/* a mark in red where the symbol stands: inside the counter, on
	 * nothing of another (above it, it sat on the counter of the hex
	 * above, a stack's edges or a place name) */
	if (mark)
		svg_text(s, x, y - h / 2 + 10, HEXSVG_FACTOR_PT, "middle",
			 "#c00000", mark);
	else
		nato(s, type, x - 8, y - h / 2 + 2, 16, 10);
	/* the id at 9 (at least 9 px at 100%), as the factors */
	svg_text(s, x, y + 5, HEXSVG_FACTOR_PT, "middle", "#000000", id);
	svg_text(s, x, y + h / 2 - 2.5, HEXSVG_FACTOR_PT, "middle", "#000000",
		 factors);
}

/* The arrowhead of a move whose last leg runs from px, py to the centre
 * bx, by of the hex it ended in: its tip where the leg meets the edge of
 * the counter standing there (34 by 31, and the stack's offset), so that
 * it points at that counter and covers none of its words; a leg shorter
 * than that ends a little before the centre. */
static void head(struct svg *s, double px, double py, double bx, double by,
		 const struct svg_style *sty)
{
	const double hx = 34 / 2.0 + 3, hy = 31 / 2.0 + 3;
	double dx = bx - px, dy = by - py, len = hypot(dx, dy), d;

	if (len < 2)
		return;
	dx /= len;
	dy /= len;
	d = fabs(dx) > 1e-9 ? hx / fabs(dx) : len;
	if (fabs(dy) > 1e-9 && hy / fabs(dy) < d)
		d = hy / fabs(dy);
	if (d > len - 1)
		d = len - 1;
	svg_arrow(s, bx - dx * (d + 1), by - dy * (d + 1), bx - dx * d,
		  by - dy * d, sty);
}

void hexsvg_moves(struct svg *s, const struct hex_map *m,
		  const int16_t *from, const int16_t *to, int n,
		  const struct svg_style *sty, enum hexsvg_part part)
{
	struct svg_style trunk = *sty;
	double ax, ay, bx, by, mx, my, tx, ty;
	int i, j, k, first;

	trunk.stroke_width = sty->stroke_width * 2;
	for (i = 0; i < n; i++) {
		for (first = 0; first < i && from[first] != from[i]; first++)
			;
		if (first < i)
			continue;       /* drawn with the first from that hex */
		hexsvg_centre(m, from[i], &ax, &ay);
		mx = my = 0;
		for (j = i, k = 0; j < n; j++)
			if (from[j] == from[i]) {
				hexsvg_centre(m, to[j], &bx, &by);
				mx += bx;
				my += by;
				k++;
			}
		mx /= k;
		my /= k;
		/* the trunk: half way to the destinations' middle, when
		 * that is a hex or more away */
		tx = ax;
		ty = ay;
		if (k > 1 && hypot(mx - ax, my - ay) > 2 * HEXSVG_R) {
			tx = ax + (mx - ax) / 2;
			ty = ay + (my - ay) / 2;
			if (part == HEXSVG_LINES)
				svg_line(s, ax, ay, tx, ty, &trunk);
		}
		for (j = i; j < n; j++)
			if (from[j] == from[i]) {
				hexsvg_centre(m, to[j], &bx, &by);
				if (part == HEXSVG_LINES)
					svg_line(s, tx, ty, bx, by, sty);
				else
					head(s, tx, ty, bx, by, sty);
			}
	}
}

/* A move that took a path: its line from the start's centre through
 * the centre of each hex entered (a hex id the map does not hold ends
 * the line there), or its head on the last leg. */
static void path_arrow(struct svg *s, const struct hex_map *m,
		       const struct mark *mk, const struct svg_style *sty,
		       enum hexsvg_part part)
{
	double xy[2 * (HEXSVG_PATH_MAX + 1)];
	char id[24];
	const char *p = mk->path;
	int n = 0, h = hex_parse(m, mk->from);

	if (h < 0)
		return;
	hexsvg_centre(m, h, &xy[0], &xy[1]);
	n = 1;
	while (*p && n <= HEXSVG_PATH_MAX) {
		size_t len = strcspn(p, " ");

		if (len == 0 || len >= sizeof id)
			break;
		memcpy(id, p, len);
		id[len] = '\0';
		if ((h = hex_parse(m, id)) < 0)
			break;
		hexsvg_centre(m, h, &xy[2 * n], &xy[2 * n + 1]);
		n++;
		p += len;
		p += *p == ' ';
	}
	if (n < 2)
		return;
	if (part == HEXSVG_LINES)
		svg_polyline(s, xy, n, sty);
	else
		head(s, xy[2 * n - 4], xy[2 * n - 3], xy[2 * n - 2],
		     xy[2 * n - 1], sty);
}

/* The moves of marks, as arrows' lines (under the counters) or heads
 * (over them). */
static void moves_of(struct svg *s, const struct hex_map *m,
		     const struct mark *marks, size_t n,
		     enum hexsvg_part part)
{
	int16_t mf[HEXSVG_MOVES_DRAWN] = { 0 }, mt[HEXSVG_MOVES_DRAWN] = { 0 };
	struct svg_style sty;
	size_t k;
	int nm = 0;

	for (k = 0; k < n && nm < HEXSVG_MOVES_DRAWN; k++) {
		int a = hex_parse(m, marks[k].from);
		int z = hex_parse(m, marks[k].to);

		if (a >= 0 && z >= 0 && a != z && !marks[k].path[0] &&
		    !strcmp(marks[k].kind, "move")) {
			mf[nm] = (int16_t)a;
			mt[nm++] = (int16_t)z;
		}
	}
	memset(&sty, 0, sizeof sty);
	sty.stroke = "#c00000";
	sty.stroke_width = 1.5;
	svg_group(s, part == HEXSVG_LINES ? "moves" : "moves' ends");
	hexsvg_moves(s, m, mf, mt, nm, &sty, part);
	for (k = 0; k < n; k++)
		if (!strcmp(marks[k].kind, "move") && marks[k].path[0])
			path_arrow(s, m, &marks[k], &sty, part);
	svg_end_group(s);
}

void hexsvg_move_lines(struct svg *s, const struct hex_map *m,
		       const struct mark *marks, size_t n)
{
	moves_of(s, m, marks, n, HEXSVG_LINES);
}

void hexsvg_marks(struct svg *s, const struct hex_map *m,
		  const struct mark *marks, size_t n)
{
	struct svg_style sty;
	double x, y;
	size_t k;

	moves_of(s, m, marks, n, HEXSVG_HEADS);
	for (k = 0; k < n; k++) {
		int a = hex_parse(m, marks[k].from);

		memset(&sty, 0, sizeof sty);
		if (a < 0 || !strcmp(marks[k].kind, "move"))
			continue;
		hexsvg_centre(m, a, &x, &y);
		if (!strcmp(marks[k].kind, "combat")) {
			svg_group(s, "combat");
			sty.fill = "none";
			sty.stroke = "#c00000";
			sty.stroke_width = 2;
			svg_circle(s, x, y, HEXSVG_R * 0.8, &sty);
			svg_text(s, x, y + HEXSVG_R, HEXSVG_FACTOR_PT,
				 "middle", "#c00000", marks[k].label);
			svg_end_group(s);
		} else if (!strcmp(marks[k].kind, "lost")) {
			sty.stroke = "#c00000";
			sty.stroke_width = 2;
			svg_line(s, x - 8, y - 8, x + 8, y + 8, &sty);
			svg_line(s, x - 8, y + 8, x + 8, y - 8, &sty);
		} else {
			sty.fill = "none";
			sty.stroke = "#0050c0";
			sty.stroke_width = 1.5;
			svg_rect(s, x - 12, y - 10, 24, 20, 2, &sty);
		}
	}
}

void hexsvg_face_down(struct svg *s, double x, double y, const char *fill,
		      const char *label)
{
	struct svg_style sty = { fill, "#000000", 0.8, NULL, 0 };
	const struct svg_style inner = { "none", "#ffffff", 1, NULL, 0.7 };
	double w = 34, h = 31;

	if (!label)
		label = "?";
	svg_rect(s, x - w / 2, y - h / 2, w, h, 2, &sty);
	svg_rect(s, x - w / 2 + 3, y - h / 2 + 3, w - 6, h - 6, 1, &inner);
	if (strlen(label) <= 2)
		svg_text(s, x, y + 6, 17, "middle", "#000000", label);
	else
		svg_text(s, x, y + 3.5, 10, "middle", "#000000", label);
}

void hexsvg_stack(struct svg *s, double x, double y,
		  const struct hexsvg_piece *p, int n)
{
	const double step = STACK_STEP, w = COUNTER_W, h = COUNTER_H;
	int k = n - 1 < HEXSVG_STACK_SHOWN ? n - 1 : HEXSVG_STACK_SHOWN;
	double x0 = x - k * step / 2, y0 = y + k * step / 2;
	char txt[12];

	if (n < 1)
		return;
	for (int j = k; j >= 1; j--) {
		struct svg_style sty = { p[j].fill, "#000000", 0.8, NULL, 0 };
		svg_rect(s, x0 + j * step - w / 2, y0 - j * step - h / 2, w, h,
			 2, &sty);
	}
	if (p[0].hidden)
		hexsvg_face_down(s, x0, y0, p[0].fill, p[0].label);
	else
		hexsvg_counter(s, x0, y0, p[0].fill, p[0].type, p[0].id,
			       p[0].factors, p[0].mark);
	if (n > 1) {
		const struct svg_style badge = { "#ffffff", "#000000", 0.8,
			NULL, 0 };
		svg_circle(s, x0 - w / 2 + 1, y0 - h / 2 + 1, 6.5, &badge);
		snprintf(txt, sizeof txt, "%d", n);
		svg_text(s, x0 - w / 2 + 1, y0 - h / 2 + 4.2, 9, "middle",
			 "#000000", txt);
	}
}

/* ---- the desk's spots ---- */

void hexsvg_spot_hexes(struct svg *s, const struct hex_map *m)
{
	/* a box inside the hex: its flat sides' width, corner to corner
	 * the other way (a click in it is never the neighbour's) */
	double w = m->pointy ? HEXSVG_R * 1.7320508 : HEXSVG_R,
	       h = m->pointy ? HEXSVG_R : HEXSVG_R * 1.7320508, x, y;
	char id[8];

	if (!s->spots)
		return;
	svg_group(s, "hexes (spots)");
	for (int i = 0, end = hex_end(m); i < end; i++) {
		if (m->terr[i] == 255)
			continue;
		hexsvg_centre(m, i, &x, &y);
		svg_spot(s, "hex", hex_id(i, id), x - w / 2, y - h / 2, w, h);
	}
	svg_end_group(s);
}

void hexsvg_stack_spots(struct svg *s, double x, double y,
			const struct hexsvg_piece *p, int n)
{
	/* hexsvg_stack's geometry: the top at x0, y0, the edges of the
	 * next HEXSVG_STACK_SHOWN up and to the right, those below them
	 * under the last edge */
	const double step = STACK_STEP;
	int k = n - 1 < HEXSVG_STACK_SHOWN ? n - 1 : HEXSVG_STACK_SHOWN;
	double x0 = x - k * step / 2, y0 = y + k * step / 2;

	if (!s->spots)
		return;
	for (int j = n - 1; j >= 0; j--) {
		int at = j < k ? j : k;

		if (!p[j].hidden && p[j].id)
			svg_spot(s, p[j].kind ? p[j].kind : "unit", p[j].id,
				 x0 + at * step -
				 COUNTER_W / 2.0, y0 - at * step -
				 COUNTER_H / 2.0, COUNTER_W, COUNTER_H);
	}
}

enum { POOL_PITCH_X = COUNTER_W + 4, POOL_PITCH_Y = COUNTER_H + 4 };

double hexsvg_pool_height(const struct svg *s, double width, int n)
{
	int across = (int)(width / POOL_PITCH_X);

	if (!s->spots || n <= 0)
		return 0;
	if (across < 1)
		across = 1;
	return (double)((n + across - 1) / across) * POOL_PITCH_Y + 16;
}

double hexsvg_pool(struct svg *s, double x, double y, double width,
		   const struct hexsvg_piece *p, int n)
{
	int across = (int)(width / POOL_PITCH_X);
	double cx, cy;

	if (!s->spots || n <= 0)
		return 0;
	if (across < 1)
		across = 1;
	svg_group(s, "off the map");
	svg_text(s, x, y + 10, HEXSVG_FACTOR_PT, "start", "#000000",
		 "Off the map:");
	for (int i = 0; i < n; i++) {
		cx = x + (i % across) * POOL_PITCH_X + COUNTER_W / 2.0;
		cy = y + 16 + (i / across) * POOL_PITCH_Y + COUNTER_H / 2.0;
		hexsvg_stack(s, cx, cy, &p[i], 1);
		hexsvg_stack_spots(s, cx, cy, &p[i], 1);
	}
	svg_end_group(s);
	return hexsvg_pool_height(s, width, n);
}

/* ---- the key ---- */

/* One entry of the key; returns the room it takes across. */
struct key {
	struct svg *s;
	double x, y, width, cx, cy;
};

static void key_entry(struct key *k, const char *label)
{
	double step = 28 + 5.6 * (double)strlen(label);

	if (step < 118)
		step = 118;
	if (k->cx + step > k->x + k->width && k->cx > k->x + 34) {
		k->cx = k->x + 34;
		k->cy += 18;
	}
	if (k->s)
		svg_text(k->s, k->cx + 20, k->cy - 2, 9, "start", "#000000",
			 label);
}

static void key_line(struct key *k, const struct svg_style *sty)
{
	if (k->s)
		svg_line(k->s, k->cx, k->cy - 6, k->cx + 16, k->cy - 6, sty);
}

static void key_next(struct key *k, const char *label)
{
	double step = 28 + 5.6 * (double)strlen(label);

	k->cx += step < 118 ? 118 : step;
}

/* The feature named name that the map shows, or -1. */
static int feat_named(const struct hex_map *m, const struct shown *w,
		      const char *name)
{
	for (int i = 0; i < m->n_features; i++)
		if ((w->feat & HF_FORT << (i + 1)) &&
		    !strcmp(m->feature[i].name, name))
			return i;
	return -1;
}

/* Whether region spec i has the label and style of one keyed before. */
static int region_keyed(const struct hexsvg_opts *o, const struct shown *w,
			int i)
{
	const struct hexsvg_region *g = &o->regions[i];

	for (int j = 0; j < i; j++)
		if (w->region[j] && o->regions[j].label &&
		    o->regions[j].style == g->style &&
		    !strcmp(o->regions[j].label, g->label) &&
		    !strcmp(o->regions[j].colour ? o->regions[j].colour : "",
			    g->colour ? g->colour : ""))
			return 1;
	return 0;
}

double hexsvg_key(struct svg *s, const struct hex_map *m, double x,
		  double y, double width)
{
	return hexsvg_key_with(s, m, NULL, x, y, width);
}

double hexsvg_key_with(struct svg *s, const struct hex_map *m,
		       const struct hexsvg_opts *o, double x, double y,
		       double width)
{
	struct key k = { s, x, y, width, x + 34, y + 12 };
	struct svg_style sty;
	struct shown w;
	char id[8];
	int i;

	shown_of(m, o, &w);
	if (s)
		svg_text(s, x, y + 4, 10, "start", "#000000", "Key:");
	for (i = 0; i < m->n_terrain; i++) {
		if (!w.terrain[i])
			continue;
		key_entry(&k, m->terrain[i].name);
		memset(&sty, 0, sizeof sty);
		sty.fill = m->terrain[i].colour;
		sty.stroke = "#777777";
		sty.stroke_width = 0.6;
		if (s)
			svg_rect(s, k.cx, k.cy - 12, 16, 12, 0, &sty);
		/* a feature of the terrain's name: its symbol on it */
		int f = feat_named(m, &w, m->terrain[i].name);
		if (s && f >= 0 && feat_look_of(m->feature[f].name) !=
		    F_OUTLINE) {
			snprintf(id, sizeof id, "hf%d", f);
			svg_use(s, id, k.cx + 8, k.cy - 6, NULL);
		}
		key_next(&k, m->terrain[i].name);
	}
	for (i = 0; i < m->n_features; i++) {
		const struct hex_effect *f = &m->feature[i];
		int t;
		if (!(w.feat & HF_FORT << (i + 1)))
			continue;
		for (t = 0; t < m->n_terrain; t++)
			if (w.terrain[t] && !strcmp(m->terrain[t].name, f->name)
			    && feat_look_of(f->name) != F_OUTLINE)
				break;
		if (t < m->n_terrain)
			continue;   /* keyed with its terrain */
		key_entry(&k, f->name);
		if (s && feat_look_of(f->name) == F_OUTLINE) {
			feat_outline_style(f, &sty);
			svg_rect(s, k.cx + 1, k.cy - 12, 14, 12, 0, &sty);
		} else if (s) {
			snprintf(id, sizeof id, "hf%d", i);
			svg_use(s, id, k.cx + 8, k.cy - 6, NULL);
		}
		key_next(&k, f->name);
	}
	for (i = W_RIVER; i <= W_LAKE; i++) {
		if (!w.water[i])
			continue;
		key_entry(&k, water_names[i]);
		water_style(m, i, 0, &sty);
		key_line(&k, &sty);
		if (i == W_CANAL) {
			water_style(m, i, 1, &sty);
			key_line(&k, &sty);
		}
		key_next(&k, water_names[i]);
	}
	if (w.road) {
		key_entry(&k, "road");
		road_style(m, &sty);
		key_line(&k, &sty);
		key_next(&k, "road");
	}
	if (w.railway) {
		key_entry(&k, "railway");
		key_line(&k, &rail_style);
		key_next(&k, "railway");
	}
	for (i = B_INTACT; i <= B_CHECKED; i++) {
		if (!w.bridge[i])
			continue;
		key_entry(&k, bridge_names[i]);
		memset(&sty, 0, sizeof sty);
		sty.fill = bridge_fill[i];
		if (s)
			svg_rect(s, k.cx + 5, k.cy - 9, 6, 6, 0, &sty);
		key_next(&k, bridge_names[i]);
	}
	if (w.boundary) {
		key_entry(&k, "boundary");
		boundary_style(m, &sty);
		key_line(&k, &sty);
		key_next(&k, "boundary");
	}
	if (w.feat & HF_FORT) {
		key_entry(&k, "fortified");
		if (s)
			svg_rect(s, k.cx, k.cy - 12, 16, 12, 0, &fort_style);
		key_next(&k, "fortified");
	}
	for (i = 0; o && i < o->n_regions && i < HEX_REGIONS_MAX; i++) {
		const struct hexsvg_region *g = &o->regions[i];
		if (!w.region[i] || !g->label || region_keyed(o, &w, i))
			continue;
		key_entry(&k, g->label);
		region_style(g, &sty);
		if (s && g->style == HEXSVG_RING)
			ring(s, k.cx + 8, k.cy - 6, 6, &sty);
		else
			key_line(&k, &sty);
		key_next(&k, g->label);
	}
	return k.cy - y + 8;
}
