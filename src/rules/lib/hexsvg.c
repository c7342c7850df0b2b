/*
 * hexsvg.c - the hex board as SVG (see hexsvg.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
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

static void water(struct svg *s, const struct hex_map *m, int kind,
		  double x1, double y1, double x2, double y2)
{
	struct svg_style sty = { NULL, m->side[kind].colour,
		kind == HS_RIVER || kind == HS_LAKE ? 4 : 2, NULL, 0 };
	svg_line(s, x1, y1, x2, y2, &sty);
}

void hexsvg_map(struct svg *s, const struct hex_map *m)
{
	struct svg_style sty;
	double x, y, x1, y1, x2, y2;
	char id[8];

	for (int col = 1; col <= m->cols; col++)
		for (int row = 1; row <= m->rows; row++) {
			int h = hex_index(m, col, row);
			memset(&sty, 0, sizeof sty);
			sty.fill = m->terrain[m->terr[h]].colour;
			sty.stroke = "#9a9a9a";
			sty.stroke_width = 0.6;
			hexsvg_hex(s, m, h, &sty);
			if (m->feat[h] & HF_FORT)
				hexsvg_hex(s, m, h, &fort_style);
			hexsvg_centre(m, h, &x, &y);
			svg_text(s, x, y - HEXSVG_R * 0.58, 7, "middle",
				 "#505050", hex_id(h, id));
		}
	for (int h = 0; h < hex_end(m); h++) {
		if (m->terr[h] == 255)
			continue;
		for (int d = 0; d < 6; d++) {
			int b = hex_neighbour(m, h, d);
			if (b < 0 || b < h || !m->hs[h][d])
				continue;
			hexsvg_edge(m, h, b, &x1, &y1, &x2, &y2);
			if (hex_side_has(m, h, d, HS_RIVER))
				water(s, m, HS_RIVER, x1, y1, x2, y2);
			else if (hex_side_has(m, h, d, HS_STREAM))
				water(s, m, HS_STREAM, x1, y1, x2, y2);
			else if (hex_side_has(m, h, d, HS_LAKE))
				water(s, m, HS_LAKE, x1, y1, x2, y2);
			if (hex_side_has(m, h, d, HS_BOUNDARY)) {
				memset(&sty, 0, sizeof sty);
				sty.stroke = "#000000";
				sty.stroke_width = 1;
				sty.dash = "2 2";
				svg_line(s, x1, y1, x2, y2, &sty);
			}
			hexsvg_centre(m, h, &x1, &y1);
			hexsvg_centre(m, b, &x2, &y2);
			memset(&sty, 0, sizeof sty);
			if (hex_side_has(m, h, d, HS_RAILWAY)) {
				sty.stroke = "#333333";
				sty.stroke_width = 1.2;
				sty.dash = "5 2";
				svg_line(s, x1, y1, x2, y2, &sty);
				sty.dash = NULL;
			}
			if (hex_side_has(m, h, d, HS_ROAD)) {
				sty.stroke = m->side[HS_ROAD].colour;
				sty.stroke_width = 2.5;
				svg_line(s, x1, y1, x2, y2, &sty);
			}
			if (hex_side_has(m, h, d, HS_BRIDGE)) {
				sty.fill = hex_side_has(m, h, d, HS_DEMOLISHED)
					? "#d0312d" : "#222222";
				sty.stroke = "none";
				svg_rect(s, (x1 + x2) / 2 - 3, (y1 + y2) / 2 - 3,
					 6, 6, 0, &sty);
			}
		}
	}
	for (int i = 0; i < m->n_places; i++) {
		hexsvg_centre(m, m->place[i].hex, &x, &y);
		svg_mark_label(s, x, y + HEXSVG_R * 0.85, m->place[i].name);
	}
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

void hexsvg_counter(struct svg *s, double x, double y, const char *fill,
		    enum nato_type type, const char *id, const char *factors,
		    const char *mark)
{
	struct svg_style sty = { fill, "#000000", 0.8, NULL, 0 };
	double w = 34, h = 31;

	svg_rect(s, x - w / 2, y - h / 2, w, h, 2, &sty);
	nato(s, type, x - 8, y - h / 2 + 2, 16, 10);
	svg_text(s, x, y + 4, 7, "middle", "#000000", id);
	svg_text(s, x, y + h / 2 - 2.5, HEXSVG_FACTOR_PT, "middle", "#000000",
		 factors);
	if (mark)
		svg_text(s, x + w / 2, y - h / 2 - 1, 8, "middle", "#c00000",
			 mark);
}

double hexsvg_key(struct svg *s, const struct hex_map *m, double x,
		  double y, double width)
{
	struct svg_style sty;
	double cx = x, cy = y + 12, step = 118;
	int i;

	if (s)
		svg_text(s, x, y + 4, 10, "start", "#000000", "Key:");
	cx += 34;
	for (i = 0; i < m->n_terrain; i++) {
		if (cx + step > x + width) {
			cx = x + 34;
			cy += 18;
		}
		memset(&sty, 0, sizeof sty);
		sty.fill = m->terrain[i].colour;
		sty.stroke = "#777777";
		sty.stroke_width = 0.6;
		if (s)
			svg_rect(s, cx, cy - 12, 16, 12, 0, &sty);
		if (s)
			svg_text(s, cx + 20, cy - 2, 9, "start", "#000000",
				 m->terrain[i].name);
		cx += step;
	}
	static const int kinds[] = { HS_RIVER, HS_STREAM, HS_ROAD,
		HS_RAILWAY, HS_BRIDGE };
	for (size_t k = 0; k < sizeof kinds / sizeof *kinds + 1; k++) {
		/* the lake, last, on maps that have one */
		if (k == sizeof kinds / sizeof *kinds && !m->has_lake)
			break;
		if (cx + step > x + width) {
			cx = x + 34;
			cy += 18;
		}
		memset(&sty, 0, sizeof sty);
		int kind = k < sizeof kinds / sizeof *kinds ? kinds[k] :
			HS_LAKE;
		if (kind == HS_BRIDGE) {
			sty.fill = "#222222";
			if (s)
				svg_rect(s, cx + 5, cy - 9, 6, 6, 0, &sty);
		} else {
			sty.stroke = kind == HS_RAILWAY ? "#333333" :
				m->side[kind].colour;
			sty.stroke_width = kind == HS_RIVER ||
				kind == HS_LAKE ? 4 :
				kind == HS_ROAD ? 2.5 : kind == HS_STREAM ? 2 :
				1.2;
			sty.dash = kind == HS_RAILWAY ? "5 2" : NULL;
			if (s)
				svg_line(s, cx, cy - 6, cx + 16, cy - 6, &sty);
		}
		if (s)
			svg_text(s, cx + 20, cy - 2, 9, "start", "#000000",
				 hexside_kind_names[kind]);
		cx += step;
	}
	if (cx + step > x + width) {
		cx = x + 34;
		cy += 18;
	}
	if (s)
		svg_rect(s, cx, cy - 12, 16, 12, 0, &fort_style);
	if (s)
		svg_text(s, cx + 20, cy - 2, 9, "start", "#000000", "fortified");
	return cy - y + 8;
}
