/*
 * report.c - Aachen: the position for a mail report, the result (16.0,
 * 17.1), and the board as a picture (render).
 */
#include <stdio.h>
#include <string.h>
#include "umpire/svg.h"
#include "aachen.h"

static const char *const phase_titles[PHASES] = { "set-up (17.0)",
	"Allied movement phase (5.0)", "Allied combat phase (7.0)",
	"Allied mechanised movement phase (8.0)",
	"German movement phase (5.0)", "German combat phase (7.0)",
	"German mechanised movement phase (8.0)", "game over" };

/* units of one side, six to a line: "a01 2-3-7 0205" */
static void side_lines(struct strbuf *out, const struct aachen *st,
		       int side)
{
	int i, col = 0, waiting = 0, lost = 0;
	char x[8];

	strbuf_addf(out, "%s units on the map:\n", side == ALLIED ? "Allied" :
		    "German");
	for (i = 0; i < st->n_units; i++) {
		const struct hunit *u = &st->u[i];

		if (u->side != side)
			continue;
		if (u->where == U_WAITING) {
			waiting++;
			continue;
		}
		if (u->where == U_ELIMINATED) {
			lost++;
			continue;
		}
		/* four to a line of MAIL_COLUMNS, no blank at its end */
		strbuf_addf(out, " %-4s %d-%d-%-2d %s%s", u->id, u->att,
			    u->def, u->mov, hex_id(u->hex, x),
			    st->oos[i] ? "*" : col < 3 ? " " : "");
		if (++col == 4) {
			strbuf_addc(out, '\n');
			col = 0;
		}
	}
	while (col && out->len > 0 && out->buf[out->len - 1] == ' ')
		out->buf[--out->len] = '\0';
	if (col)
		strbuf_addc(out, '\n');
	strbuf_addf(out, "  (%d to arrive, %d eliminated)\n", waiting, lost);
}

void aa_position(const void *vst, const char *side, struct strbuf *out)
{
	const struct aachen *st = vst;
	char b[16];
	int i, col;

	(void)side;
	/* 17.1: losses can end the game in a turn past its new length */
	if (st->turn > aa_last_turn(st))
		strbuf_addf(out, "Aachen: First to Fall, turn %d, %s\nUS losses "
			    "shortened the game to %d turns (17.1).\n",
			    st->turn, phase_titles[st->phase],
			    aa_last_turn(st));
	else
		strbuf_addf(out, "Aachen: First to Fall, turn %d of %d, %s\n",
			    st->turn, aa_last_turn(st),
			    phase_titles[st->phase]);
	if (st->map.provisional)
		strbuf_adds(out, "PROVISIONAL map, terrain effects and combat "
			    "table (reconstruction).\n");
	strbuf_addf(out, "Aachen city hexes Allied: %d of %d.  East-edge "
		    "road hexes Allied: %d of %d\n(%d needed).  ",
		    aa_held(st, st->city, st->n_city), st->n_city,
		    aa_held(st, st->road, st->n_road), st->n_road,
		    st->roads_needed);
	strbuf_addf(out, "US units eliminated: %d.  Engineer bridge: %s.\n"
		    "2nd Armored: %s.\n", st->us_lost, st->eb_hex < 0 ? "none" :
		    hex_side_id(&st->map, st->eb_hex, st->eb_dir, b),
		    st->ad2_turn ? "triggered" : "not yet");
	if (st->supply_range > 0) {
		char len[32];
		if (st->supply_range == SUPPLY_ANY)
			snprintf(len, sizeof len, "any length");
		else
			snprintf(len, sizeof len, "%d hexes", st->supply_range);
		strbuf_addf(out, "Supply: a line of %s to the side's source "
			    "hexes.\n* out of supply (attack %d%%%s).\n", len,
			    st->oos_att_pct, st->oos_mech ? "" :
			    ", no mechanised movement");
	}
	if (st->support_val > 0)
		strbuf_addf(out, "Support fire markers left: Allied %d of %d, "
			    "German %d of %d (+%d each).\n",
			    st->support_left[ALLIED], st->support_n[ALLIED],
			    st->support_left[GERMAN], st->support_n[GERMAN],
			    st->support_val);
	side_lines(out, st, ALLIED);
	side_lines(out, st, GERMAN);
	strbuf_adds(out, "Reinforcements due:");
	col = 19;
	for (i = 0; i < st->n_units; i++)
		if (st->u[i].where == U_WAITING && st->u[i].arrive > 0 &&
		    st->u[i].arrive <= st->turn + 1) {
			if (col + 9 > MAIL_COLUMNS) {
				strbuf_adds(out, "\n ");
				col = 1;
			}
			strbuf_addf(out, " %s(t%d)", st->u[i].id,
				    st->u[i].arrive);
			col += 9;
		}
	strbuf_addc(out, '\n');
}

int aa_result(const void *vst, struct strbuf *out)
{
	const struct aachen *st = vst;

	if (st->phase != PH_OVER)
		return 0;
	switch (st->result) {
	case RES_ALLIED:
		strbuf_addf(out, "Allied victory (16.0) on turn %d: Aachen and "
			    "the roads east are taken.", st->result_turn);
		break;
	case RES_DRAW:
		strbuf_addf(out, "Draw (16.0) after turn %d: Aachen is Allied "
			    "but fewer than %d east-edge road hexes.",
			    st->result_turn, st->roads_needed);
		break;
	default:
		strbuf_addf(out, "German victory (16.0) after turn %d: Aachen "
			    "is not taken.", st->result_turn);
		break;
	}
	return 1;
}

/* ---- the board ---- */

enum { R = 18 };  /* hex radius in user units */

static const char *const side_fill[SIDES] = { "#9db36b", "#8e9aa6" };

static void centre(const struct aachen *st, int h, double *x, double *y)
{
	hex_centre(&st->map, h, x, y);
	*x = *x * R + 4;
	*y = *y * R + 4;
}

static void hex_shape(struct svg *s, const struct aachen *st, int h,
		      const struct svg_style *sty)
{
	double cx, cy, xy[12];
	static const double fx[6] = { 1, 0.5, -0.5, -1, -0.5, 0.5 };
	static const double fy[6] = { 0, 0.8660254, 0.8660254, 0, -0.8660254,
		-0.8660254 };
	int k;

	centre(st, h, &cx, &cy);
	for (k = 0; k < 6; k++) {
		if (st->map.pointy) {
			xy[2 * k] = cx + fy[k] * R;
			xy[2 * k + 1] = cy + fx[k] * R;
		} else {
			xy[2 * k] = cx + fx[k] * R;
			xy[2 * k + 1] = cy + fy[k] * R;
		}
	}
	svg_polygon(s, xy, 6, sty);
}

/* the edge between a and its neighbour b */
static void edge(const struct aachen *st, int a, int b, double *x1,
		 double *y1, double *x2, double *y2)
{
	double ax, ay, bx, by, mx, my, dx, dy, len;

	centre(st, a, &ax, &ay);
	centre(st, b, &bx, &by);
	mx = (ax + bx) / 2;
	my = (ay + by) / 2;
	dx = bx - ax;
	dy = by - ay;
	len = dx * dx + dy * dy > 0 ? 1.7320508 * R : 1;
	*x1 = mx - dy / len * R / 2;
	*y1 = my + dx / len * R / 2;
	*x2 = mx + dy / len * R / 2;
	*y2 = my - dx / len * R / 2;
}

static int place_hex(const struct aachen *st, const char *id)
{
	return hex_parse(&st->map, id);
}

void aa_render(const void *vst, const char *side, const struct mark *marks,
	       size_t n_marks, struct svg *out)
{
	const struct aachen *st = vst;
	const struct hex_map *m = &st->map;
	struct svg_style sty;
	double w, hgt, x, y, x1, y1, x2, y2;
	int h, d, b, i, col, row;
	char id[8], txt[48];
	size_t k;

	(void)side;
	w = (m->pointy ? m->cols * 1.7320508 + 1 : m->cols * 1.5 + 0.5) * R + 8;
	hgt = (m->pointy ? m->rows * 1.5 + 0.5 : m->rows * 1.7320508 + 1) * R
		+ 8;
	svg_begin(out, w, hgt + 60, m->provisional ? "Aachen: First to Fall "
		  "(PROVISIONAL map)" : "Aachen: First to Fall");
	/* hexes with terrain, fortifications, numbers */
	for (col = 1; col <= m->cols; col++) {
		for (row = 1; row <= m->rows; row++) {
			h = hex_index(m, col, row);
			memset(&sty, 0, sizeof sty);
			sty.fill = m->terrain[m->terr[h]].colour;
			sty.stroke = "#999999";
			sty.stroke_width = 0.5;
			hex_shape(out, st, h, &sty);
			if (m->feat[h] & HF_FORT) {
				sty.fill = "none";
				sty.stroke = "#7a1f1f";
				sty.stroke_width = 2;
				sty.dash = "3 2";
				hex_shape(out, st, h, &sty);
			}
			centre(st, h, &x, &y);
			svg_text(out, x, y - R * 0.55, 5, "middle", "#555555",
				 hex_id(h, id));
		}
	}
	/* hexsides: rivers, streams, bridges; roads and railways */
	for (h = 0; h < HEX_MAX; h++) {
		if (m->terr[h] == 255)
			continue;
		for (d = 0; d < 6; d++) {
			b = hex_neighbour(m, h, d);
			if (b < 0 || b < h || !m->hs[h][d])
				continue;
			memset(&sty, 0, sizeof sty);
			edge(st, h, b, &x1, &y1, &x2, &y2);
			if (hex_side_has(m, h, d, HS_RIVER) ||
			    hex_side_has(m, h, d, HS_STREAM)) {
				sty.stroke = m->side[hex_side_has(m, h, d,
					HS_RIVER) ? HS_RIVER : HS_STREAM].colour;
				sty.stroke_width = hex_side_has(m, h, d,
					HS_RIVER) ? 3 : 1.5;
				svg_line(out, x1, y1, x2, y2, &sty);
			}
			if (hex_side_has(m, h, d, HS_BOUNDARY)) {
				sty.stroke = "#000000";
				sty.stroke_width = 1;
				sty.dash = "2 2";
				svg_line(out, x1, y1, x2, y2, &sty);
				sty.dash = NULL;
			}
			centre(st, h, &x1, &y1);
			centre(st, b, &x2, &y2);
			if (hex_side_has(m, h, d, HS_RAILWAY)) {
				sty.stroke = "#333333";
				sty.stroke_width = 1;
				sty.dash = "4 2";
				svg_line(out, x1, y1, x2, y2, &sty);
				sty.dash = NULL;
			}
			if (hex_side_has(m, h, d, HS_ROAD)) {
				sty.stroke = m->side[HS_ROAD].colour;
				sty.stroke_width = 2;
				svg_line(out, x1, y1, x2, y2, &sty);
			}
			if (hex_side_has(m, h, d, HS_BRIDGE)) {
				sty.fill = hex_side_has(m, h, d,
					HS_DEMOLISHED) ? "#d0312d" : "#222222";
				sty.stroke = "none";
				svg_rect(out, (x1 + x2) / 2 - 2,
					 (y1 + y2) / 2 - 2, 4, 4, 0, &sty);
			}
		}
	}
	if (st->eb_hex >= 0) {
		memset(&sty, 0, sizeof sty);
		sty.stroke = "#e08a00";
		sty.stroke_width = 4;
		edge(st, st->eb_hex, hex_neighbour(m, st->eb_hex, st->eb_dir),
		     &x1, &y1, &x2, &y2);
		svg_line(out, x1, y1, x2, y2, &sty);
	}
	for (i = 0; i < m->n_places; i++) {
		centre(st, m->place[i].hex, &x, &y);
		svg_text(out, x, y + R * 0.8, 6, "middle", "#000000",
			 m->place[i].name);
	}
	/* units as counters */
	for (i = 0; i < st->n_units; i++) {
		const struct hunit *u = &st->u[i];

		if (u->where != U_MAP)
			continue;
		centre(st, u->hex, &x, &y);
		snprintf(txt, sizeof txt, "%s %s %d-%d-%d", u->id, u->name,
			 u->att, u->def, u->mov);
		svg_group(out, txt);
		memset(&sty, 0, sizeof sty);
		sty.fill = side_fill[u->side];
		sty.stroke = "#000000";
		sty.stroke_width = 0.7;
		svg_rect(out, x - 10, y - 8, 20, 16, 1.5, &sty);
		svg_text(out, x, y - 1, 5, "middle", "#000000", u->id);
		snprintf(txt, sizeof txt, "%d-%d-%d", u->att, u->def, u->mov);
		svg_text(out, x, y + 6, 6, "middle", "#000000", txt);
		if (st->oos[i])  /* supply: out of supply marker */
			svg_text(out, x + 10, y - 9, 5, "middle", "#c00000",
				 "OOS");
		svg_end_group(out);
	}
	/* the marks of the last step */
	for (k = 0; k < n_marks; k++) {
		int a = place_hex(st, marks[k].from);
		int z = place_hex(st, marks[k].to);

		memset(&sty, 0, sizeof sty);
		if (a < 0)
			continue;
		centre(st, a, &x1, &y1);
		if (!strcmp(marks[k].kind, "move") && z >= 0) {
			centre(st, z, &x2, &y2);
			sty.stroke = "#c00000";
			sty.stroke_width = 1.5;
			svg_arrow(out, x1, y1, x2, y2, &sty);
		} else if (!strcmp(marks[k].kind, "combat")) {
			sty.fill = "none";
			sty.stroke = "#c00000";
			sty.stroke_width = 2;
			svg_circle(out, x1, y1, R * 0.8, &sty);
			svg_text(out, x1, y1 + R, 7, "middle", "#c00000",
				 marks[k].label);
		} else if (!strcmp(marks[k].kind, "lost")) {
			sty.stroke = "#c00000";
			sty.stroke_width = 2;
			svg_line(out, x1 - 8, y1 - 8, x1 + 8, y1 + 8, &sty);
			svg_line(out, x1 - 8, y1 + 8, x1 + 8, y1 - 8, &sty);
		} else {
			sty.fill = "none";
			sty.stroke = "#0050c0";
			sty.stroke_width = 1.5;
			svg_rect(out, x1 - 12, y1 - 10, 24, 20, 2, &sty);
		}
	}
	/* the turn record track */
	for (i = 1; i <= st->turns; i++) {
		memset(&sty, 0, sizeof sty);
		sty.fill = i == st->turn ? "#f2d14b" :
			i > aa_last_turn(st) ? "#bbbbbb" : "#ffffff";
		sty.stroke = "#000000";
		sty.stroke_width = 0.7;
		x = 8 + (i - 1) * 22;
		svg_rect(out, x, hgt + 10, 20, 16, 0, &sty);
		snprintf(txt, sizeof txt, "%d", i);
		svg_text(out, x + 10, hgt + 22, 8, "middle", "#000000", txt);
	}
	snprintf(txt, sizeof txt, "Turn %d, %s%s", st->turn,
		 aa_phase_names[st->phase], m->provisional ?
		 " - PROVISIONAL map" : "");
	svg_text(out, 8, hgt + 44, 10, "start", "#000000", txt);
}
