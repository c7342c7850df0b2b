/*
 * render.c - Kampfgruppe Peiper: the board as a picture (umpire render).
 *
 * Above, the point-to-point map: the towns at the scenario's x/y (east to
 * the right), each a star (white, or yellow where a fuel dump may lie,
 * 6.4) or a plain dot, with its threat value and its name and Rollbahn
 * letter; the Meuse towns (4.0) ringed in blue; the roads coloured by
 * Rollbahn, bridges drawn across them and blown bridges crossed out; the
 * US counters in the towns (face-down ones as counter backs: they are
 * not decided until looked at) and the battle group, ringed. Below: the
 * turn track (4.0), the group's units (3.0), its supply, the cup and the
 * list of what the last step changed; the marks of the step are drawn
 * over the map (moves as arrows, combats as bursts, placements as
 * dashed rings).
 *
 * The game is solitaire and hides nothing, so side changes nothing.
 *
 * For the desk (svg.spots), over everything drawn: each town ("town",
 * its id), then the pieces an answer names: the US counters face up in
 * the towns ("unit", the counter's id) and the group's units in its
 * panel ("unit", the unit's name: "heavy-armour").
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "umpire/svg.h"
#include "peiper.h"

enum {
	W = 1280, H = 800,
	MAP_X = 20, MAP_Y = 20, MAP_W = 1240, MAP_H = 540,
	PAD_X = 60, PAD_Y = 50,
	CTR = 20,               /* a US counter on the map */
	TOWN_R = 13,            /* a town's symbol: 2 TOWN_R square */
	PANELS_Y = 590,         /* the top of the panels below the map */
	LABELS_MAX = GRAPH_NODES,
	OBST_MAX = 3 * GRAPH_NODES,
	MARK_LINES = 6
};

#define INK "#222222"
#define RED "#c0392b"
#define GREY "#7a7468"

static const struct svg_style paper = { "#f4efe1", "#8c7f62", 1, NULL, 0 };
static const struct svg_style map_style = { "#e4ead2", "#6b7a4a", 2, NULL,
	0 };
static const struct svg_style panel_style = { "#ebe4d2", "#6b5f45", 1.5,
	NULL, 0 };
static const struct svg_style white_star = { "#ffffff", "#333333", 1.2,
	NULL, 0 };
static const struct svg_style yellow_star_style = { "#f2c94c", "#7a5c12",
	1.2, NULL, 0 };
static const struct svg_style dot_style = { "#8c8c8c", "#333333", 1, NULL,
	0 };
static const struct svg_style meuse_ring = { "none", "#1f5fa8", 3, NULL,
	0 };
static const struct svg_style group_ring = { "none", RED, 4, NULL, 0 };
static const struct svg_style group_counter = { "#2b2b2b", RED, 2, NULL,
	0 };
static const struct svg_style us_back = { "#4b5e2f", "#1f2a12", 1, NULL,
	0 };
static const struct svg_style us_face = { "#d9e4c4", "#1f2a12", 1, NULL,
	0 };
static const struct svg_style bridge_style = { "#a0522d", "#3b1d0c", 1,
	NULL, 0 };
static const struct svg_style blown_x = { "none", RED, 3, NULL, 0 };
static const struct svg_style box_style = { "#efe6cf", "#6b5f45", 1.5,
	NULL, 0 };
static const struct svg_style box_now = { RED, "#6b1d14", 2.5, NULL, 0 };
static const struct svg_style pip_on = { "#2b2b2b", NULL, 0, NULL, 0 };
static const struct svg_style pip_off = { "none", "#8c7f62", 1, NULL, 0 };

static const char *const ctype_short[CTYPES] = { "INF", "PARA", "TANK",
	"ENG", "AIR", "F/AT" };

/* ---- geometry ---- */

struct frame {
	double x0, y0, sx, sy;
};

static void frame_of(const struct graph *g, struct frame *f)
{
	int xmin = 0, xmax = 1, ymin = 0, ymax = 1, i;

	for (i = 0; i < g->n_nodes; i++) {
		const struct graph_node *n = &g->nodes[i];
		if (i == 0 || n->x < xmin)
			xmin = n->x;
		if (i == 0 || n->x > xmax)
			xmax = n->x;
		if (i == 0 || n->y < ymin)
			ymin = n->y;
		if (i == 0 || n->y > ymax)
			ymax = n->y;
	}
	f->sx = (MAP_W - 2.0 * PAD_X) / (xmax > xmin ? xmax - xmin : 1);
	f->sy = (MAP_H - 2.0 * PAD_Y) / (ymax > ymin ? ymax - ymin : 1);
	f->x0 = MAP_X + PAD_X - xmin * f->sx;
	f->y0 = MAP_Y + PAD_Y - ymin * f->sy;
}

static double px(const struct frame *f, const struct graph *g, int t)
{
	return f->x0 + g->nodes[t].x * f->sx;
}

static double py(const struct frame *f, const struct graph *g, int t)
{
	return f->y0 + g->nodes[t].y * f->sy;
}

/* Boxes already taken on the map, so that names avoid them. */
struct box {
	double x, y, w, h;
};

struct boxes {
	int n;
	struct box b[OBST_MAX];
};

static void take(struct boxes *bx, double x, double y, double w, double h)
{
	if (bx->n < OBST_MAX)
		bx->b[bx->n++] = (struct box){ x, y, w, h };
}

static int overlaps(const struct boxes *bx, double x, double y, double w,
		    double h)
{
	int i;

	if (x < MAP_X + 2 || y < MAP_Y + 2 || x + w > MAP_X + MAP_W - 2 ||
	    y + h > MAP_Y + MAP_H - 2)
		return 1;
	for (i = 0; i < bx->n; i++) {
		const struct box *b = &bx->b[i];
		if (x < b->x + b->w && b->x < x + w && y < b->y + b->h &&
		    b->y < y + h)
			return 1;
	}
	return 0;
}

/* ---- pieces ---- */

static void us_counter(struct svg *s, const struct kgp *st, double x,
		       double y, int k, double size)
{
	char title[96], num[8];

	if (k < 0) {
		svg_group(s, "a US counter, face down (not decided until "
			  "looked at)");
		svg_rect(s, x, y, size, size, 2, &us_back);
		svg_text(s, x + size / 2, y + size / 2 + 3.5, 9, "middle",
			 "#e8e0c0", "US");
		svg_end_group(s);
		return;
	}
	kgp_counter_text(st, k, title, sizeof title);
	snprintf(title + strlen(title), sizeof title - strlen(title),
		 " (%s)", st->counters[k].id);
	svg_group(s, title);
	svg_rect(s, x, y, size, size, 2, &us_face);
	svg_text(s, x + size / 2, y + 8, 6.5, "middle", INK,
		 ctype_short[st->counters[k].type]);
	if (st->counters[k].strength > 0) {
		snprintf(num, sizeof num, "%d", st->counters[k].strength);
		svg_text(s, x + size / 2, y + size - 3, 9, "middle", RED,
			 num);
	}
	svg_end_group(s);
}

/* ---- the map ---- */

static const char *road_colour(const char *road)
{
	if (!road)
		return GREY;
	switch (road[0]) {
	case 'B':
		return "#b03a2e";
	case 'C':
		return "#1f618d";
	case 'D':
		return "#9a7d0a";
	default:
		return GREY;
	}
}

static void links(struct svg *s, const struct kgp *st,
		  const struct frame *f)
{
	const struct graph *g = &st->map;
	char title[160];
	int l;

	svg_group(s, "roads");
	for (l = 0; l < g->n_links; l++) {
		const struct graph_link *k = &g->links[l];
		const char *road = graph_link_attr(g, l, "road");
		int bridge = graph_link_flag(g, l, "bridge");
		int blown = st->bridge[l] != NONE;
		double x1 = px(f, g, k->a), y1 = py(f, g, k->a);
		double x2 = px(f, g, k->b), y2 = py(f, g, k->b);
		double mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
		double dx = x2 - x1, dy = y2 - y1, len = hypot(dx, dy);
		double ux = len > 0 ? dx / len : 1, uy = len > 0 ? dy / len : 0;
		struct svg_style line = { "none", road_colour(road), 3,
			blown ? "6 4" : NULL, blown ? 0.6 : 0 };

		snprintf(title, sizeof title, "%s - %s%s%s%s%s%s",
			 g->nodes[k->a].name, g->nodes[k->b].name,
			 road ? ", Rollbahn " : "", road ? road : "",
			 bridge ? ", bridge" : "", blown ? " BLOWN by " : "",
			 blown ? st->counters[st->bridge[l]].name : "");
		svg_group(s, title);
		svg_line(s, x1, y1, x2, y2, &line);
		if (bridge) {
			/* a deck along the road, 16 by 8 */
			double xy[8] = {
				mx - 8 * ux - 4 * uy, my - 8 * uy + 4 * ux,
				mx + 8 * ux - 4 * uy, my + 8 * uy + 4 * ux,
				mx + 8 * ux + 4 * uy, my + 8 * uy - 4 * ux,
				mx - 8 * ux + 4 * uy, my - 8 * uy - 4 * ux };
			svg_polygon(s, xy, 4, &bridge_style);
		}
		if (blown) {
			svg_line(s, mx - 8, my - 8, mx + 8, my + 8, &blown_x);
			svg_line(s, mx - 8, my + 8, mx + 8, my - 8, &blown_x);
		}
		svg_end_group(s);
	}
	svg_end_group(s);
}

static void town_title(const struct kgp *st, int t, char *buf, size_t n)
{
	const char *star_attr = graph_node_attr(&st->map, t, "star");
	const char *rb = graph_node_attr(&st->map, t, "rollbahn");

	snprintf(buf, n, "%s: threat %d, %s star%s%s%s", kgp_town_name(st, t),
		 kgp_threat_of(st, t), star_attr && strcmp(star_attr, "none") ?
		 star_attr : "no", rb ? ", Rollbahn " : "", rb ? rb : "",
		 kgp_is_goal(st, t) ? ", on the Meuse (victory)" : "");
}

static void town_symbol(struct svg *s, const struct kgp *st, int t,
			double x, double y)
{
	const char *star_attr = graph_node_attr(&st->map, t, "star");
	char num[8];

	if (kgp_is_goal(st, t))
		svg_circle(s, x, y, 17, &meuse_ring);
	if (star_attr && strcmp(star_attr, "none") != 0)
		svg_star(s, x, y + 1, 14, kgp_yellow_star(st, t) ?
			 &yellow_star_style : &white_star);
	else
		svg_circle(s, x, y, 6, &dot_style);
	if (kgp_threat_of(st, t) > 0) {
		snprintf(num, sizeof num, "%d", kgp_threat_of(st, t));
		svg_text(s, x, y + 5, 11, "middle", RED, num);
	}
}

/* The stack above the town at (x, y): the group's counter (where it
 * is) and the town's US counters, centred on the town; *x0 and *y0 its
 * top left; returns the counters in it. */
static int stack_at(const struct kgp *st, int t, double x, double y,
		    double *x0, double *y0)
{
	int n = st->us[t].n + (st->at == t);

	*x0 = x - (n * (CTR + 2) - 2) / 2.0;
	*y0 = y - 18 - CTR;
	return n;
}

static void town_stack(struct svg *s, const struct kgp *st, int t,
		       double x, double y, struct boxes *bx)
{
	double x0, y0;
	int n = stack_at(st, t, x, y, &x0, &y0), i, j = 0;
	double w = n * (CTR + 2) - 2;
	char title[96];

	if (n == 0)
		return;
	take(bx, x0, y0, w, CTR);
	if (st->at == t) {
		snprintf(title, sizeof title, "Kampfgruppe Peiper at %s",
			 kgp_town_name(st, t));
		svg_group(s, title);
		svg_rect(s, x0, y0, CTR, CTR, 2, &group_counter);
		svg_text(s, x0 + CTR / 2.0, y0 + 13.5, 9, "middle",
			 "#ffffff", "KG");
		svg_end_group(s);
		j = 1;
	}
	for (i = 0; i < st->us[t].n; i++, j++)
		us_counter(s, st, x0 + j * (CTR + 2), y0, st->us[t].c[i], CTR);
}

static void towns(struct svg *s, const struct kgp *st,
		  const struct frame *f)
{
	const struct graph *g = &st->map;
	struct boxes bx = { 0 };
	char title[160], name[GRAPH_NAME + 16];
	int t, c;

	for (t = 0; t < g->n_nodes; t++)
		take(&bx, px(f, g, t) - TOWN_R, py(f, g, t) - TOWN_R,
		     2 * TOWN_R, 2 * TOWN_R);
	/* the group first: its ring goes under everything */
	if (st->at >= 0 && st->at < g->n_nodes) {
		svg_group(s, "the battle group's town");
		svg_circle(s, px(f, g, st->at), py(f, g, st->at), 22,
			   &group_ring);
		svg_end_group(s);
	}
	for (t = 0; t < g->n_nodes; t++) {
		town_title(st, t, title, sizeof title);
		svg_group(s, title);
		town_symbol(s, st, t, px(f, g, t), py(f, g, t));
		town_stack(s, st, t, px(f, g, t), py(f, g, t), &bx);
		svg_end_group(s);
	}
	/* names last, each where it covers neither a town, a counter nor
	 * another name: below, above, right, left (below if none is
	 * free) */
	for (t = 0; t < g->n_nodes; t++) {
		const char *rb = graph_node_attr(g, t, "rollbahn");
		double x = px(f, g, t), y = py(f, g, t), w, bxs[4], bys[4];
		const char *anchor[4] = { "middle", "middle", "start", "end" };
		int bold = t == st->at || kgp_is_goal(st, t);

		snprintf(name, sizeof name, "%s%s%s%s", g->nodes[t].name,
			 rb ? " (" : "", rb ? rb : "", rb ? ")" : "");
		w = (bold ? 6.4 : 5.8) * (double)strlen(name) + 4;
		bxs[0] = x - w / 2;  bys[0] = y + 14;
		bxs[1] = x - w / 2;  bys[1] = y - 28;
		bxs[2] = x + 15;     bys[2] = y - 6;
		bxs[3] = x - 15 - w; bys[3] = y - 6;
		for (c = 0; c < 4; c++)
			if (!overlaps(&bx, bxs[c], bys[c], w, 13))
				break;
		if (c == 4)
			c = 0;
		take(&bx, bxs[c], bys[c], w, 13);
		svg_text(s, c == 0 || c == 1 ? x : c == 2 ? bxs[c] + 2 :
			 bxs[c] + w - 2, bys[c] + 10.5, bold ? 11 : 10,
			 anchor[c], kgp_is_goal(st, t) ? "#1f5fa8" :
			 t == st->at ? RED : INK, name);
	}
}

static void map(struct svg *s, const struct kgp *st, const struct frame *f)
{
	svg_group(s, "the map");
	svg_rect(s, MAP_X, MAP_Y, MAP_W, MAP_H, 6, &map_style);
	svg_text(s, MAP_X + 10, MAP_Y + 18, 14, "start", INK,
		 "The Ardennes, 16-20 December 1944");
	svg_text(s, MAP_X + 10, MAP_Y + 34, 10, "start", GREY,
		 "West is left; the group moves west, north or south (5.0) "
		 "toward the Meuse.");
	links(s, st, f);
	towns(s, st, f);
	svg_end_group(s);
}

/* ---- the panels below ---- */

static void turn_track(struct svg *s, const struct kgp *st, double y)
{
	char num[8], day[TURN_NAME], *half;
	int i, k, n;

	svg_group(s, "the turn track (4.0; 6.1, 6.3: US counters back in "
		  "the cup at the end of the turn of their box)");
	svg_text(s, 20, y, 13, "start", INK, "Turn track");
	for (i = 0; i < st->last_turn && i < TURNS_MAX; i++) {
		double x = 20 + i * 64;
		int now = i + 1 == st->turn;
		const char *ink = now ? "#ffffff" : INK;

		snprintf(num, sizeof num, "%d", i + 1);
		snprintf(day, sizeof day, "%s", st->turn_names[i]);
		half = strrchr(day, ' ');
		if (half)
			*half++ = '\0';
		svg_rect(s, x, y + 8, 60, 56, 4, now ? &box_now : &box_style);
		svg_text(s, x + 30, y + 26, 14, "middle", ink, num);
		svg_text(s, x + 30, y + 42, 10, "middle", ink, day);
		if (half)
			svg_text(s, x + 30, y + 56, 10, "middle", ink, half);
		for (n = 0, k = 0; k < st->n_counters && n < 3; k++)
			if (cup_has(&st->track[i + 1], k))
				us_counter(s, st, x + 3 + 19 * n++, y + 66, k,
					   16);
	}
	svg_end_group(s);
}

/* The baseline of unit u's row in the group's panel at y. */
static double unit_row(double y, int u)
{
	return y + 22 + u * 20 + (u >= HEAVY ? 8 : 0);
}

static void group_panel(struct svg *s, const struct kgp *st, double y)
{
	char line[96];
	int u, p;

	svg_group(s, "Kampfgruppe Peiper (3.0)");
	svg_rect(s, 620, y - 14, 300, 212, 6, &panel_style);
	snprintf(line, sizeof line, "Kampfgruppe Peiper at %s",
		 kgp_town_name(st, st->at));
	svg_text(s, 630, y + 2, 12, "start", RED, line);
	for (u = 0; u < UNITS; u++) {
		double ry = unit_row(y, u);
		int max = u < HEAVY ? MAIN_MAX : SUPPORT_MAX;

		snprintf(line, sizeof line, "%s", kgp_unit_titles[u]);
		svg_text(s, 630, ry, 11, "start", INK, line);
		for (p = 0; p < max; p++)
			svg_rect(s, 760 + p * 16, ry - 10, 12, 12, 2,
				 p < st->units[u] ? &pip_on : &pip_off);
		snprintf(line, sizeof line, "%d", st->units[u]);
		svg_text(s, 910, ry, 11, "end", INK, line);
	}
	snprintf(line, sizeof line, "main units %d points, support %d",
		 kgp_main_points(st), kgp_support_points(st));
	svg_text(s, 630, y + 190, 11, "start", INK, line);
	svg_end_group(s);
}

static void supply_panel(struct svg *s, const struct kgp *st, double y)
{
	char line[128], num[8];
	int i, k, n;

	svg_group(s, "supply (fuel)");
	snprintf(line, sizeof line, "Supply (fuel): %d", st->fuel);
	svg_text(s, 940, y, 13, "start", INK, line);
	for (i = 0; i <= FUEL_MAX; i++) {
		double x = 940 + i * 46;
		int now = i == st->fuel;

		snprintf(num, sizeof num, "%d", i);
		svg_rect(s, x, y + 8, 42, 34, 4, now ? &box_now : &box_style);
		svg_text(s, x + 21, y + 31, 15, "middle",
			 now ? "#ffffff" : INK, num);
	}
	svg_end_group(s);

	svg_group(s, "the US cup");
	us_counter(s, st, 940, y + 54, DOWN, 28);
	snprintf(line, sizeof line, "Cup: %d US counter%s (%d face down on "
		 "the map)", kgp_cup_left(st), kgp_cup_left(st) == 1 ? "" : "s",
		 kgp_face_down(st));
	svg_text(s, 976, y + 72, 11, "start", INK, line);
	svg_end_group(s);

	svg_group(s, "US counters off the map");
	for (n = 0, k = 0; k < st->n_counters; k++)
		if (cup_has(&st->removed, k)) {
			double x = 940 + (n % 10) * 32;
			us_counter(s, st, x, y + 92 + (n / 10) * 32, k, 28);
			svg_line(s, x, y + 92, x + 28, y + 120,
				 &svg_mark_lost);
			n++;
		}
	svg_text(s, 940, y + 138 + ((n + 9) / 10 - 1) * 32, 10, "start",
		 GREY, n ? "out of the game (6.4)" :
		 "no US counter out of the game");
	svg_end_group(s);

	svg_group(s, "legend");
	svg_text(s, 940, y + 176, 10, "start", "#b03a2e", "Rollbahn B");
	svg_text(s, 1010, y + 176, 10, "start", "#1f618d", "Rollbahn C");
	svg_text(s, 1080, y + 176, 10, "start", "#9a7d0a", "Rollbahn D");
	svg_text(s, 1150, y + 176, 10, "start", "#1f5fa8", "blue ring: Meuse");
	svg_text(s, 940, y + 190, 10, "start", GREY, "red figure: threat; "
		 "yellow star: fuel dump (6.4)");
	svg_text(s, 940, y + 203, 10, "start", GREY, "brown: bridge; "
		 "dashed, crossed: blown (6.2)");
	svg_end_group(s);
}

/* ---- marks ---- */

static void draw_mark(struct svg *s, const struct kgp *st,
		      const struct frame *f, const struct mark *marks,
		      size_t i)
{
	const struct graph *g = &st->map;
	const struct mark *m = &marks[i];
	int a = graph_find(g, m->from), b = graph_find(g, m->to);
	int move = strcmp(m->kind, "move") == 0 && b >= 0;
	double k = 0, x, y;
	char title[128];
	size_t j;

	if (a < 0)
		return;
	for (j = 0; j < i; j++)
		if (strcmp(marks[j].from, m->from) == 0 &&
		    (strcmp(marks[j].kind, "move") == 0) == move &&
		    (!move || strcmp(marks[j].to, m->to) == 0))
			k++;
	snprintf(title, sizeof title, "%s: %s", m->kind, m->label);
	svg_group(s, title);
	x = px(f, g, a);
	y = py(f, g, a);
	if (move) {
		struct svg_seg seg = svg_seg_between(x, y, px(f, g, b),
						     py(f, g, b), 18, 10 * k);

		svg_arrow(s, seg.x1, seg.y1, seg.x2, seg.y2, &svg_mark_arrow);
		/* short arrows are named in the list below the map only */
		if (seg.len > 140)
			svg_mark_label(s, (seg.x1 + seg.x2) / 2,
				       (seg.y1 + seg.y2) / 2 - 6, m->label);
	} else if (strcmp(m->kind, "combat") == 0) {
		svg_star(s, x + 12 * k, y, 18, &svg_mark_burst);
		svg_mark_label(s, x, y + 32 + 15 * k, m->label);
	} else if (strcmp(m->kind, "lost") == 0) {
		svg_line(s, x - 12, y - 12, x + 12, y + 12, &svg_mark_lost);
		svg_line(s, x - 12, y + 12, x + 12, y - 12, &svg_mark_lost);
		svg_mark_label(s, x, y + 30 + 15 * k, m->label);
	} else {
		svg_circle(s, x, y, 16 + 5 * k, &svg_mark_placed);
	}
	svg_end_group(s);
}

static void mark_list(struct svg *s, const struct kgp *st,
		      const struct mark *marks, size_t n, double y)
{
	char line[160];
	size_t i;

	svg_group(s, "what the last step changed");
	svg_text(s, 20, y, 12, "start", INK, "Last step:");
	if (n == 0)
		svg_text(s, 90, y, 11, "start", GREY, "nothing moved");
	for (i = 0; i < n && i < MARK_LINES; i++) {
		const struct mark *m = &marks[i];
		int a = graph_find(&st->map, m->from);
		int b = graph_find(&st->map, m->to);

		if (strcmp(m->kind, "move") == 0)
			snprintf(line, sizeof line, "%s: %s to %s", m->label,
				 kgp_town_name(st, a), kgp_town_name(st, b));
		else
			snprintf(line, sizeof line, "%s at %s: %s", m->kind,
				 kgp_town_name(st, a), m->label);
		if (i + 1 == MARK_LINES && n > MARK_LINES)
			snprintf(line, sizeof line, "... and %zu more",
				 n - MARK_LINES + 1);
		svg_text(s, 28, y + 16 + (double)i * 13, 10.5, "start", INK,
			 line);
	}
	svg_end_group(s);
}

/* ---- the desk's spots ---- */

static void spots(struct svg *s, const struct kgp *st,
		  const struct frame *f)
{
	const struct graph *g = &st->map;
	double x0, y0;
	int t, i, u, group;

	if (!s->spots)
		return;   /* nothing to draw: spare the work */
	for (t = 0; t < g->n_nodes; t++)
		svg_spot(s, "town", g->nodes[t].id, px(f, g, t) - TOWN_R,
			 py(f, g, t) - TOWN_R, 2 * TOWN_R, 2 * TOWN_R);
	for (t = 0; t < g->n_nodes; t++) {
		stack_at(st, t, px(f, g, t), py(f, g, t), &x0, &y0);
		group = st->at == t;
		for (i = 0; i < st->us[t].n; i++)
			if (st->us[t].c[i] >= 0)
				svg_spot(s, "unit",
					 st->counters[st->us[t].c[i]].id,
					 x0 + (i + group) * (CTR + 2), y0,
					 CTR, CTR);
	}
	for (u = 0; u < UNITS; u++)
		svg_spot(s, "unit", kgp_unit_names[u], 626,
			 unit_row(PANELS_Y, u) - 13, 288, 18);
}

void kgp_render(const void *vst, const char *side, const struct mark *marks,
		size_t n_marks, struct svg *out)
{
	const struct kgp *st = vst;
	struct frame f;
	char line[128];
	size_t i;

	(void)side; /* solitaire: nothing is hidden */
	frame_of(&st->map, &f);
	snprintf(line, sizeof line, "Kampfgruppe Peiper, turn %d (%s): %s",
		 st->turn, st->turn >= 1 && st->turn <= TURNS_MAX ?
		 st->turn_names[st->turn - 1] : "-",
		 kgp_phase_titles[st->phase]);
	svg_begin(out, W, H, line);
	svg_rect(out, 0, 0, W, H, 0, &paper);
	map(out, st, &f);
	turn_track(out, st, PANELS_Y);
	svg_text(out, 20, 682, 13, "start", INK,
		 line + strlen("Kampfgruppe Peiper, "));
	mark_list(out, st, marks, n_marks, 704);
	group_panel(out, st, PANELS_Y);
	supply_panel(out, st, PANELS_Y);
	for (i = 0; i < n_marks; i++)
		draw_mark(out, st, &f, marks, i);
	spots(out, st, &f);
}
