/*
 * render.c - the Russo-German War as a picture (umpire render).
 *
 * Left, the battle map: the cities placed by their longitude and latitude
 * (scenario data, provisional), the links as arrows toward Moscow (solid,
 * or dotted for the dotted arrows), Berlin and Moscow marked as the
 * capitals, the extra-draw cities (4.2) badged, the verdict line through
 * Minsk (5.0) and the marker's city ringed. Right: the years 1941-1945
 * and the turn, the deck, the open exploitation cards, the face-down
 * played card, the discards, the cards set aside, both hands and the list
 * of what the last step changed. The marks of the step are drawn over the
 * map: the marker's moves as arrows, the normal war as a burst.
 *
 * Hidden information: side NULL sees everything; a side sees its own hand
 * and the other's as card backs, and the face-down card only if it played
 * it. Nothing of a hidden card is written, not even in a tooltip.
 *
 * For the desk (svg.spots), each city is spotted ("city", its id) and
 * each card drawn face up ("card", its name: its hand's, the discards,
 * the open and the face-down card the side sees); a card back is not.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "umpire/svg.h"
#include "rgw.h"

enum {
	W = 960, H = 600,
	MAP_X = 20, MAP_Y = 20, MAP_W = 600, MAP_H = 560,
	CARD_W = 38, CARD_H = 54,
	PANEL_X = 640, PANEL_W = 300,
	CITY_R = 11, CAPITAL_R = 15,
	MARK_LINES = 5
};

#define INK "#222222"
#define DIM "#7a705c"
#define RED "#b03020"
#define GER_INK "#4a5a6a"
#define SOV_INK "#9e2a1e"

static const struct svg_style paper = { "#f3eee2", "#8c7f62", 1, NULL, 0 };
static const struct svg_style map_style = { "#e9e3cf", "#6b5f45", 2, NULL,
	0 };
static const struct svg_style solid_link = { "none", "#3d3a33", 2.5, NULL,
	0 };
static const struct svg_style dotted_link = { "none", "#3d3a33", 2.5,
	"3 4", 0 };
static const struct svg_style verdict_line = { "none", "#8e6b2e", 1.5,
	"8 5", 0 };
static const struct svg_style city_style = { "#fbf8ef", "#3d3a33", 2,
	NULL, 0 };
static const struct svg_style ger_capital = { "#c9d1d9", GER_INK, 3, NULL,
	0 };
static const struct svg_style sov_capital = { "#f0c9c2", SOV_INK, 3, NULL,
	0 };
static const struct svg_style capital_ring = { "none", "#3d3a33", 1, NULL,
	0 };
static const struct svg_style ger_star = { GER_INK, NULL, 0, NULL, 0 };
static const struct svg_style sov_star = { SOV_INK, NULL, 0, NULL, 0 };
static const struct svg_style back_star = { "#c8b98a", NULL, 0, NULL, 0 };
static const struct svg_style marker_ring = { "none", "#e67e22", 5, NULL,
	0 };
static const struct svg_style marker_token = { "#e67e22", "#7a3e08", 1.5,
	NULL, 0 };
static const struct svg_style ger_badge = { GER_INK, NULL, 0, NULL, 0 };
static const struct svg_style sov_badge = { SOV_INK, NULL, 0, NULL, 0 };
static const struct svg_style year_style = { "#efe8d4", "#6b5f45", 1, NULL,
	0 };
static const struct svg_style year_now = { "#e67e22", "#7a3e08", 2, NULL,
	0 };
static const struct svg_style war_face = { "#ffffff", "#333333", 1, NULL,
	0 };
static const struct svg_style exploit_face = { "#fbe7a1", "#7a5c12", 1,
	NULL, 0 };
static const struct svg_style annihil_face = { "#f3cfc8", "#6b1d14", 1,
	NULL, 0 };
static const struct svg_style card_back_style = { "#2f4a3a", "#222222", 1,
	NULL, 0 };
static const struct svg_style back_frame = { "none", "#c8b98a", 1, NULL,
	0 };
static const struct svg_style empty_slot = { "none", "#a59a80", 1, "3 3",
	0 };
static const struct svg_style move_arrow = { "none", RED, 4, NULL, 0.85 };
static const struct svg_style burst_style = { "#f39c12", RED, 2, NULL,
	0.9 };
static const struct svg_style name_halo = { "#e9e3cf", NULL, 0, NULL,
	0.75 };

/* The part of side's view: -1 everything, GER or SOV, -2 neither hand. */
static int seer(const char *side)
{
	if (!side)
		return -1;
	if (strcmp(side, "german") == 0)
		return GER;
	if (strcmp(side, "soviet") == 0)
		return SOV;
	return -2;
}

/* ---- cards ---- */

static void card_face(struct svg *s, double x, double y, int c)
{
	const struct svg_style *st = &war_face;
	const char *kind = "war", *colour = INK;
	char title[48], value[8];

	if (SET(c) & EXPLOIT_CARDS) {
		st = &exploit_face;
		kind = "exploit";
		colour = "#7a5c12";
	} else if (SET(c) & ANNIHIL_CARDS) {
		st = &annihil_face;
		kind = "annihil.";
		colour = "#6b1d14";
	}
	snprintf(title, sizeof title, "card %s", rgw_card_names[c]);
	svg_group(s, title);
	svg_rect(s, x, y, CARD_W, CARD_H, 4, st);
	svg_text(s, x + 3, y + 11, 9, "start", colour, rgw_card_names[c]);
	if (rgw_value(c)) {
		snprintf(value, sizeof value, "%d", rgw_value(c));
		svg_text(s, x + CARD_W / 2.0, y + 36, 20, "middle", colour,
			 value);
	} else {
		svg_text(s, x + CARD_W / 2.0, y + 35, 16, "middle", colour,
			 "X");
	}
	svg_text(s, x + CARD_W / 2.0, y + CARD_H - 4, 7, "middle", colour,
		 kind);
	svg_end_group(s);
	/* on the card drawn last, which covers those before it in a row */
	svg_spot(s, "card", rgw_card_names[c], x, y, CARD_W, CARD_H);
}

/* A card back: title says whose, never which. */
static void card_back(struct svg *s, double x, double y, const char *title)
{
	svg_group(s, title);
	svg_rect(s, x, y, CARD_W, CARD_H, 4, &card_back_style);
	svg_rect(s, x + 4, y + 4, CARD_W - 8, CARD_H - 8, 2, &back_frame);
	svg_star(s, x + CARD_W / 2.0, y + CARD_H / 2.0, 8, &back_star);
	svg_end_group(s);
}

/* The cards of set (faces), or n backs when backs, in a row within
 * width; "none" when there is nothing. */
static void card_row(struct svg *s, double x, double y, double width,
		     cardset set, int backs, const char *back_title)
{
	int n = rgw_count(set), i, k = 0;
	double step = CARD_W + 4;

	if (n == 0) {
		svg_rect(s, x, y, CARD_W, CARD_H, 4, &empty_slot);
		svg_text(s, x + CARD_W + 8, y + CARD_H / 2.0 + 4, 11,
			 "start", DIM, "none");
		return;
	}
	if (n > 1 && (n - 1) * step + CARD_W > width)
		step = (width - CARD_W) / (n - 1);
	for (i = 0; i < RGW_CARDS; i++) {
		if (!(set & SET(i)))
			continue;
		if (backs)
			card_back(s, x + k * step, y, back_title);
		else
			card_face(s, x + k * step, y, i);
		k++;
	}
}

/* ---- the map ---- */

struct place {
	double x[MAP_CITIES], y[MAP_CITIES];
};

/* Longitude east to the right, latitude north up; a degree of latitude
 * drawn 1.7 times a degree of longitude (as on a map at about 54 N). */
static void place_cities(const struct rgw_map *m, struct place *p)
{
	double x0 = MAP_X + 60, x1 = MAP_X + MAP_W - 60;
	double y0 = MAP_Y + 90, y1 = MAP_Y + MAP_H - 90;
	int lo = m->lon[0], hi = m->lon[0], la = m->lat[0], ha = m->lat[0];
	double dx, dy, k, ox, oy;
	int i;

	for (i = 1; i < m->n_cities; i++) {
		lo = m->lon[i] < lo ? m->lon[i] : lo;
		hi = m->lon[i] > hi ? m->lon[i] : hi;
		la = m->lat[i] < la ? m->lat[i] : la;
		ha = m->lat[i] > ha ? m->lat[i] : ha;
	}
	dx = hi - lo;
	dy = (ha - la) * 1.7;
	k = 1e9;
	if (dx > 0)
		k = (x1 - x0) / dx;
	if (dy > 0 && (y1 - y0) / dy < k)
		k = (y1 - y0) / dy;
	if (k > 1e8)
		k = 1;
	ox = (x0 + x1) / 2 - k * dx / 2;
	oy = (y0 + y1) / 2 - k * dy / 2;
	for (i = 0; i < m->n_cities; i++) {
		p->x[i] = ox + k * (m->lon[i] - lo);
		p->y[i] = oy + k * (ha - m->lat[i]) * 1.7;
	}
}

static double radius(const struct rgw_map *m, int city)
{
	return city == m->capital[GER] || city == m->capital[SOV] ?
	       CAPITAL_R : CITY_R;
}

static void links(struct svg *s, const struct rgw_map *m,
		  const struct place *p)
{
	char title[2 * MAP_NAME + 48];
	int i;

	svg_group(s, "the links, arrows toward Moscow");
	for (i = 0; i < m->n_links; i++) {
		int a = m->from[i], b = m->to[i];
		double dx = p->x[b] - p->x[a], dy = p->y[b] - p->y[a];
		double len = hypot(dx, dy);
		double ux = len > 0 ? dx / len : 0, uy = len > 0 ? dy / len : 0;
		double ra = radius(m, a) + 3, rb = radius(m, b) + 4;

		snprintf(title, sizeof title, "%s %s %s", m->name[a],
			 m->dotted[i] ? "..>" : "->", m->name[b]);
		svg_group(s, title);
		svg_arrow(s, p->x[a] + ux * ra, p->y[a] + uy * ra,
			  p->x[b] - ux * rb, p->y[b] - uy * rb,
			  m->dotted[i] ? &dotted_link : &solid_link);
		svg_end_group(s);
	}
	svg_end_group(s);
}

/* How much of the links a label box (x, y, w, h) covers: points along
 * every link that fall inside it. */
static int covers(const struct rgw_map *m, const struct place *p, double x,
		  double y, double w, double h)
{
	int i, k, n = 0;

	for (i = 0; i < m->n_links; i++)
		for (k = 1; k < 40; k++) {
			double t = k / 40.0;
			double px = p->x[m->from[i]] + t * (p->x[m->to[i]] -
							 p->x[m->from[i]]);
			double py = p->y[m->from[i]] + t * (p->y[m->to[i]] -
							 p->y[m->from[i]]);

			n += px >= x && px <= x + w && py >= y && py <= y + h;
		}
	return n;
}

/* The city's name below it, else above, right or left: where it covers
 * the fewest links. */
static void city_name(struct svg *s, const struct rgw_map *m,
		      const struct place *p, int i, const char *name,
		      double size, const char *colour)
{
	double r = radius(m, i) + 4, tw = size * 0.56 * (double)strlen(name) + 6;
	double bx[4], by[4], best_x = 0, best_y = 0;
	int k, best = -1, n;

	bx[0] = p->x[i] - tw / 2;
	by[0] = p->y[i] + r;
	bx[1] = bx[0];
	by[1] = p->y[i] - r - size - 4;
	bx[2] = p->x[i] + r + 2;
	by[2] = p->y[i] - (size + 4) / 2;
	bx[3] = p->x[i] - r - 2 - tw;
	by[3] = by[2];
	for (k = 0; k < 4; k++) {
		if (bx[k] < MAP_X + 4)
			bx[k] = MAP_X + 4;
		if (bx[k] + tw > MAP_X + MAP_W - 4)
			bx[k] = MAP_X + MAP_W - 4 - tw;
	}
	for (k = 0; k < 4; k++) {
		/* the extra-draw badge, up right (see city()) */
		double ex = p->x[i] + (radius(m, i) + 13) * 0.75;
		double ey = p->y[i] - (radius(m, i) + 13) * 0.75;

		n = covers(m, p, bx[k], by[k], tw, size + 4) * 4 + k;
		if (m->extra[i] && ex + 7 > bx[k] && ex - 7 < bx[k] + tw &&
		    ey + 7 > by[k] && ey - 7 < by[k] + size + 4)
			n += 1000;

		if (best < 0 || n < best) {
			best = n;
			best_x = bx[k];
			best_y = by[k];
		}
	}
	svg_rect(s, best_x, best_y, tw, size + 4, 3, &name_halo);
	svg_text(s, best_x + tw / 2, best_y + size, size, "middle", colour,
		 name);
}

static void city(struct svg *s, const struct rgw *st, const struct place *p,
		 int i)
{
	const struct rgw_map *m = &st->map;
	double x = p->x[i], y = p->y[i];
	char title[MAP_NAME + 64], name[MAP_NAME + 24];
	int cap = i == m->capital[GER] ? GER : i == m->capital[SOV] ? SOV : -1;

	snprintf(title, sizeof title, "%s%s%s", m->name[i],
		 cap >= 0 ? ", capital of the " : "",
		 cap >= 0 ? rgw_side_titles[cap] : "");
	svg_group(s, title);
	if (i == st->marker)
		svg_circle(s, x, y, radius(m, i) + 8, &marker_ring);
	if (cap >= 0) {
		svg_circle(s, x, y, CAPITAL_R, cap == GER ? &ger_capital :
			   &sov_capital);
		svg_circle(s, x, y, CAPITAL_R + 4, &capital_ring);
		svg_star(s, x, y, 9, cap == GER ? &ger_star : &sov_star);
	} else {
		svg_circle(s, x, y, CITY_R, &city_style);
	}
	if (i == st->marker)
		svg_circle(s, x, y, 6, &marker_token);
	snprintf(name, sizeof name, "%s%s", m->name[i],
		 cap >= 0 ? " (capital)" : "");
	city_name(s, m, p, i, name, cap >= 0 ? 13 : 12,
		  cap == GER ? GER_INK : cap == SOV ? SOV_INK : INK);
	if (m->extra[i]) {
		int sd = m->extra[i] & (1u << GER) ? GER : SOV;
		double bx = x + (radius(m, i) + 13) * 0.75;
		double by = y - (radius(m, i) + 13) * 0.75;

		svg_group(s, sd == GER ? "extra draw for the German (4.2)" :
			  "extra draw for the Soviet (4.2)");
		svg_circle(s, bx, by, 7, sd == GER ? &ger_badge : &sov_badge);
		svg_text(s, bx, by + 3.5, 9, "middle", "#ffffff", "+1");
		svg_end_group(s);
	}
	svg_end_group(s);
}

/* The marks of the step: the marker's moves as arrows beside the links,
 * the normal war as a burst behind the marker's city. */

static void draw_mark(struct svg *s, const struct rgw *st,
		      const struct place *p, const struct mark *marks,
		      size_t i)
{
	const struct mark *m = &marks[i];
	int a = rgw_city(&st->map, m->from), b = rgw_city(&st->map, m->to);
	char title[128];
	size_t j;
	int k = 0;

	if (a < 0)
		return;
	for (j = 0; j < i; j++)
		if (strcmp(marks[j].kind, m->kind) == 0 &&
		    strcmp(marks[j].from, m->from) == 0)
			k++;
	snprintf(title, sizeof title, "%s: %s", m->kind, m->label);
	svg_group(s, title);
	if (strcmp(m->kind, "move") == 0 && b >= 0) {
		struct svg_seg g = svg_seg_between(p->x[a], p->y[a], p->x[b],
						   p->y[b], 24, 14 + 10 * k);

		svg_arrow(s, g.x1, g.y1, g.x2, g.y2, &move_arrow);
		svg_mark_label(s, (g.x1 + g.x2) / 2 - g.uy * 18,
			       (g.y1 + g.y2) / 2 + g.ux * 18 + 4, m->label);
	} else {
		svg_star(s, p->x[a], p->y[a], 30, &burst_style);
		svg_mark_label(s, p->x[a], p->y[a] + radius(&st->map, a) + 34 +
		      16 * k, m->label);
	}
	svg_end_group(s);
}

static void battle_map(struct svg *s, const struct rgw *st,
		       const struct place *p, const struct mark *marks,
		       size_t n_marks)
{
	const struct rgw_map *m = &st->map;
	double vx = p->x[m->verdict];
	char line[MAP_NAME + 64];
	int i;

	svg_group(s, "the battle map");
	svg_rect(s, MAP_X, MAP_Y, MAP_W, MAP_H, 6, &map_style);
	svg_text(s, MAP_X + 14, MAP_Y + 26, 17, "start", INK, "Battle map");
	svg_text(s, MAP_X + MAP_W - 14, MAP_Y + 24, 10, "end", RED,
		 "cities and links: PROVISIONAL");
	svg_text(s, MAP_X + 14, MAP_Y + 44, 10, "start", DIM,
		 "West to east: Berlin to Moscow; north is up.");

	svg_group(s, "the verdict line (5.0): at or east of it after 1945, "
		  "the German wins");
	svg_line(s, vx, MAP_Y + 56, vx, MAP_Y + MAP_H - 50, &verdict_line);
	snprintf(line, sizeof line, "%s line (5.0)", m->name[m->verdict]);
	svg_text(s, vx + 4, MAP_Y + 66, 10, "start", "#8e6b2e", line);
	svg_end_group(s);

	links(s, m, p);
	for (i = 0; i < (int)n_marks; i++)
		if (strcmp(marks[i].kind, "move") != 0)
			draw_mark(s, st, p, marks, (size_t)i);
	for (i = 0; i < m->n_cities; i++)
		city(s, st, p, i);
	for (i = 0; i < (int)n_marks; i++)
		if (strcmp(marks[i].kind, "move") == 0)
			draw_mark(s, st, p, marks, (size_t)i);
	/* over the marks: the cities an advance names (the panel's cards,
	 * the pieces, come after the map) */
	for (i = 0; i < m->n_cities; i++)
		svg_spot(s, "city", m->id[i], p->x[i] - radius(m, i),
			 p->y[i] - radius(m, i), 2 * radius(m, i),
			 2 * radius(m, i));

	/* the legend */
	svg_group(s, "legend");
	svg_arrow(s, MAP_X + 16, MAP_Y + MAP_H - 30, MAP_X + 56,
		  MAP_Y + MAP_H - 30, &solid_link);
	svg_text(s, MAP_X + 62, MAP_Y + MAP_H - 26, 10, "start", INK,
		 "arrow toward Moscow (the German's advance)");
	svg_arrow(s, MAP_X + 16, MAP_Y + MAP_H - 12, MAP_X + 56,
		  MAP_Y + MAP_H - 12, &dotted_link);
	svg_text(s, MAP_X + 62, MAP_Y + MAP_H - 8, 10, "start", INK,
		 "dotted arrow (the only kind for the German once an "
		 "exploitation card is open)");
	svg_circle(s, MAP_X + 360, MAP_Y + MAP_H - 30, 6, &marker_ring);
	svg_circle(s, MAP_X + 360, MAP_Y + MAP_H - 30, 3, &marker_token);
	svg_text(s, MAP_X + 372, MAP_Y + MAP_H - 26, 10, "start", INK,
		 "the marker");
	svg_circle(s, MAP_X + 450, MAP_Y + MAP_H - 30, 7, &ger_badge);
	svg_text(s, MAP_X + 450, MAP_Y + MAP_H - 26.5, 9, "middle",
		 "#ffffff", "+1");
	svg_circle(s, MAP_X + 466, MAP_Y + MAP_H - 30, 7, &sov_badge);
	svg_text(s, MAP_X + 466, MAP_Y + MAP_H - 26.5, 9, "middle",
		 "#ffffff", "+1");
	svg_text(s, MAP_X + 478, MAP_Y + MAP_H - 26, 10, "start", INK,
		 "extra draw (4.2)");
	svg_end_group(s);
	svg_end_group(s);
}

/* ---- the panel ---- */

static void years(struct svg *s, const struct rgw *st)
{
	char line[96], num[8];
	int y;

	svg_group(s, "the years");
	for (y = FIRST_YEAR; y <= LAST_YEAR; y++) {
		double x = PANEL_X + (y - FIRST_YEAR) * 60;
		int now = y == st->year;

		snprintf(num, sizeof num, "%d", y);
		svg_rect(s, x, MAP_Y, 56, 30, 4, now ? &year_now :
			 &year_style);
		svg_text(s, x + 28, MAP_Y + 20, 14, "middle",
			 now ? "#ffffff" : INK, num);
	}
	snprintf(line, sizeof line, "Turn %d", st->turn);
	svg_text(s, PANEL_X, MAP_Y + 48, 13, "start", INK, line);
	if (st->phase == PH_START || st->phase >= PH_YEAR_END)
		snprintf(line, sizeof line, "%s", rgw_phase_titles[st->phase]);
	else
		snprintf(line, sizeof line, "%s %s",
			 rgw_side_titles[st->player],
			 rgw_phase_titles[st->phase]);
	svg_text(s, PANEL_X + 60, MAP_Y + 48, 11, "start", INK, line);
	svg_end_group(s);
}

static void piles(struct svg *s, const struct rgw *st, int me)
{
	double y = MAP_Y + 80;
	char line[96];
	int n = rgw_count(st->deck);

	svg_group(s, "the deck");
	snprintf(line, sizeof line, "Deck (%d)", n);
	svg_text(s, PANEL_X, y - 6, 11, "start", INK, line);
	snprintf(line, sizeof line, "the deck: %d card%s", n,
		 n == 1 ? "" : "s");
	if (n)
		card_back(s, PANEL_X, y, line);
	else
		svg_rect(s, PANEL_X, y, CARD_W, CARD_H, 4, &empty_slot);
	svg_end_group(s);

	svg_group(s, "the open exploitation cards");
	svg_text(s, PANEL_X + 70, y - 6, 11, "start", INK,
		 "Exploitation open");
	card_row(s, PANEL_X + 70, y, 90, st->open, 0, NULL);
	/* 4.1, 4.2: the restriction holds while the year goes on; at the year
	 * end the open cards only wait to be shuffled back (as the report) */
	if (st->open && st->phase != PH_YEAR_END && st->phase != PH_OVER)
		svg_text(s, PANEL_X + 70, y + CARD_H + 12, 9, "start", RED,
			 "German: dotted arrows only");
	svg_end_group(s);

	svg_group(s, "the card played face down");
	snprintf(line, sizeof line, "Face down (%s)",
		 rgw_side_titles[st->player]);
	if (st->down != C_NONE) {
		svg_text(s, PANEL_X + 190, y - 6, 11, "start", INK, line);
		if (me == -1 || me == (int)st->player)
			card_face(s, PANEL_X + 190, y, st->down);
		else
			card_back(s, PANEL_X + 190, y, st->player == GER ?
				  "the German card played face down" :
				  "the Soviet card played face down");
	} else {
		svg_text(s, PANEL_X + 190, y - 6, 11, "start", DIM,
			 "Face down");
		svg_rect(s, PANEL_X + 190, y, CARD_W, CARD_H, 4, &empty_slot);
	}
	svg_end_group(s);

	y += CARD_H + 36;
	svg_group(s, "the discards (face up)");
	snprintf(line, sizeof line, "Discards (%d)", rgw_count(st->discard));
	svg_text(s, PANEL_X, y - 6, 11, "start", INK, line);
	card_row(s, PANEL_X, y, PANEL_W, st->discard, 0, NULL);
	svg_end_group(s);

	y += CARD_H + 22;
	svg_group(s, "set aside (3.0: later years' annihilation cards)");
	snprintf(line, sizeof line, "Set aside: %d card%s",
		 rgw_count(st->aside), rgw_count(st->aside) == 1 ? "" : "s");
	svg_text(s, PANEL_X, y - 4, 11, "start", DIM, line);
	svg_end_group(s);
}

static void hands(struct svg *s, const struct rgw *st, int me)
{
	double y = MAP_Y + 290;
	char line[64];
	int sd;

	for (sd = GER; sd <= SOV; sd++) {
		int n = rgw_count(st->hand[sd]), shown = me == -1 || me == sd;

		snprintf(line, sizeof line, "%s hand", rgw_side_titles[sd]);
		svg_group(s, line);
		snprintf(line, sizeof line, "%s hand: %d card%s%s",
			 rgw_side_titles[sd], n, n == 1 ? "" : "s",
			 shown ? "" : " (hidden)");
		svg_text(s, PANEL_X, y - 6, 12, "start",
			 sd == GER ? GER_INK : SOV_INK, line);
		card_row(s, PANEL_X, y, PANEL_W, st->hand[sd], !shown,
			 sd == GER ? "a German card, face down" :
			 "a Soviet card, face down");
		svg_end_group(s);
		y += CARD_H + 28;
	}
}

static void mark_list(struct svg *s, const struct rgw *st,
		      const struct mark *marks, size_t n)
{
	double y = MAP_Y + 480;
	char line[160];
	size_t i;

	svg_group(s, "what the last step changed");
	svg_text(s, PANEL_X, y, 12, "start", INK, "Last step:");
	if (n == 0)
		svg_text(s, PANEL_X + 70, y, 11, "start", DIM,
			 "the marker did not move");
	for (i = 0; i < n && i < MARK_LINES; i++) {
		const struct mark *m = &marks[i];
		int a = rgw_city(&st->map, m->from);
		int b = rgw_city(&st->map, m->to);

		if (strcmp(m->kind, "move") == 0)
			snprintf(line, sizeof line, "%s: %s to %s", m->label,
				 a >= 0 ? st->map.name[a] : m->from,
				 b >= 0 ? st->map.name[b] : m->to);
		else
			snprintf(line, sizeof line, "war at %s: %s",
				 a >= 0 ? st->map.name[a] : m->from,
				 m->label);
		if (i + 1 == MARK_LINES && n > MARK_LINES)
			snprintf(line, sizeof line, "... and %zu more",
				 n - MARK_LINES + 1);
		svg_text(s, PANEL_X + 8, y + 16 + (double)i * 13, 10, "start",
			 INK, line);
	}
	svg_end_group(s);
}

void rgw_render(const void *vst, const char *side, const struct mark *marks,
		size_t n_marks, struct svg *out)
{
	const struct rgw *st = vst;
	int me = seer(side);
	struct place p;
	char title[96];

	snprintf(title, sizeof title, "The Russo-German War, %d, turn %d",
		 st->year, st->turn);
	svg_begin(out, W, H, title);
	svg_rect(out, 0, 0, W, H, 0, &paper);
	place_cities(&st->map, &p);
	battle_map(out, st, &p, marks, n_marks);
	years(out, st);
	piles(out, st, me);
	hands(out, st, me);
	mark_list(out, st, marks, n_marks);
}
