/*
 * report.c - Aachen: the position for a mail report, the result (16.0,
 * 17.1), and the board as a picture (render).
 */
#include <stdio.h>
#include <string.h>
#include "umpire/svg.h"
#include "aachen.h"
#include "../lib/hexsvg.h"

/* Entries `per` to a line: after entry col (0-based), the next column,
 * ending the line after the last. */
static int next_column(struct strbuf *out, int col, int per)
{
	if (++col < per)
		return col;
	strbuf_addc(out, '\n');
	return 0;
}

/* End a line of entries left at column col, with no blank at its end. */
static void end_columns(struct strbuf *out, int col)
{
	while (col && out->len > 0 && out->buf[out->len - 1] == ' ')
		out->buf[--out->len] = '\0';
	if (col)
		strbuf_addc(out, '\n');
}

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
		col = next_column(out, col, 4);
	}
	end_columns(out, col);
	strbuf_addf(out, "  (%d to arrive, %d eliminated)\n", waiting, lost);
}

void aa_roster(const void *vst, const char *side, struct strbuf *out)
{
	(void)side;
	side_lines(out, vst, ALLIED);
	side_lines(out, vst, GERMAN);
}

static int changed_since(const struct aachen *st, int k)
{
	int i;

	for (i = 0; i < st->n_units; i++)
		if (st->turn_start[k][i] != aa_place_code(&st->u[i]))
			return 1;
	return 0;
}

/* The units whose place changed since this player turn began (or, when
 * none has yet, since the previous one began), three to a line:
 * "a11  3-3-7  1427>1428*". 0: no turn start to compare with. */
static int changes(struct strbuf *out, const struct aachen *st)
{
	int german_now = st->phase >= PH_G_MOVE && st->phase <= PH_G_MECH;
	int k = st->n_starts > 0 && changed_since(st, 1) ? 1 : 0;
	int i, col = 0, any = 0, german_then, turn;
	char a[8], b[8];

	/* the first player turn: the whole roster */
	if (st->n_starts < 2)
		return 0;
	/* turn_start[1]: this player turn; [0]: the one before it */
	german_then = k ? german_now : !german_now;
	turn = st->turn - (!k && !german_now);
	strbuf_addf(out, "Since the %s turn %d began (umpire report --roster "
		    "lists all):\n", german_then ? "German" : "Allied", turn);
	for (i = 0; i < st->n_units; i++) {
		const struct hunit *u = &st->u[i];
		int then = st->turn_start[k][i], now = aa_place_code(u);

		if (then == now)
			continue;
		any = 1;
		strbuf_addf(out, " %-4s %d-%d-%-2d %s>%s%s", u->id, u->att,
			    u->def, u->mov, then >= 0 ? hex_id(then, a) :
			    then == -1 ? "off" : "elim", now >= 0 ?
			    hex_id(now, b) : now == -1 ? "off" : "elim",
			    st->oos[i] && now >= 0 ? "*" : col < 2 ? " " : "");
		col = next_column(out, col, 3);
	}
	end_columns(out, col);
	if (!any)
		strbuf_adds(out, "  no unit moved, arrived or was lost.\n");
	return 1;
}

/* Units on the map, to arrive and lost, a line a side. */
static void counts(struct strbuf *out, const struct aachen *st)
{
	int side, i, n[U_WHERE];

	for (side = 0; side < SIDES; side++) {
		memset(n, 0, sizeof n);
		for (i = 0; i < st->n_units; i++)
			if (st->u[i].side == side)
				n[st->u[i].where]++;
		strbuf_addf(out, "%s units: %d on the map, %d to arrive, %d "
			    "eliminated.\n", side == ALLIED ? "Allied" :
			    "German", n[U_MAP], n[U_WAITING],
			    n[U_ELIMINATED]);
	}
}

/* A reinforcement due this turn or the next (the position's list). */
static int due_now(const struct aachen *st, int i)
{
	return st->u[i].where == U_WAITING && st->u[i].arrive > 0 &&
	       st->u[i].arrive <= st->turn + 1;
}

void aa_position(const void *vst, const char *side, struct strbuf *out)
{
	const struct aachen *st = vst;
	char b[16];
	int i, col;

	(void)side;
	/* 17.1: losses can end the game in a turn past its new length */
	if (st->turn > aa_last_turn(st))
		strbuf_addf(out, "Aachen, turn %d: %s\nUS losses "
			    "shortened the game to %d turns (17.1).\n",
			    st->turn, aa_phase_titles[st->phase],
			    aa_last_turn(st));
	else
		/* within 72 columns with the longest phase (4.0) */
		strbuf_addf(out, "Aachen, turn %d of %d: %s\n",
			    st->turn, aa_last_turn(st),
			    aa_phase_titles[st->phase]);
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
	if (changes(out, st))
		counts(out, st);
	else
		aa_roster(st, side, out);
	strbuf_adds(out, "Reinforcements due:");
	col = 19;
	for (i = 0; i < st->n_units; i++)
		if (due_now(st, i)) {
			if (col + 9 > MAIL_COLUMNS) {
				strbuf_adds(out, "\n ");
				col = 1;
			}
			strbuf_addf(out, " %s(t%d)", st->u[i].id,
				    st->u[i].arrive);
			col += 9;
		}
	/* none due: said, not left a heading with nothing after it */
	for (i = 0; i < st->n_units && !due_now(st, i); i++)
		;
	if (i == st->n_units)
		strbuf_adds(out, " none.");
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

static const char *const side_fill[SIDES] = { "#9db36b", "#8e9aa6" };

/* 16.0: a ring on each east-edge road hex and each Aachen city hex, in
 * the colour of the side that captured it. */
static void control_rings(const struct aachen *st, struct svg *out)
{
	struct svg_style ally = { "none", "#1e9a46", 3, NULL, 0 };
	struct svg_style germ = { "none", "#000000", 2, NULL, 0 };
	double x, y;
	int i;

	svg_group(out, "who holds the 16.0 hexes");
	for (i = 0; i < st->n_road + st->n_city; i++) {
		int h = i < st->n_road ? st->road[i] : st->city[i - st->n_road];

		hexsvg_centre(&st->map, h, &x, &y);
		svg_circle(out, x, y, HEXSVG_R * 0.82, st->ctrl[h] == ALLIED ?
			   &ally : &germ);
	}
	svg_end_group(out);
}

/* A counter of unit u as hexsvg_stack draws it; f: room for its
 * factors. */
static struct hexsvg_piece piece(const struct hunit *u, char f[16])
{
	struct hexsvg_piece p;

	memset(&p, 0, sizeof p);
	snprintf(f, 16, "%d-%d-%d", u->att, u->def, u->mov);
	p.fill = side_fill[u->side];
	p.type = nato_type_of(u->name, u->tags & T_ENGINEER, u->tags & T_MECH);
	p.id = u->id;
	p.factors = f;
	return p;
}

/* The desk's spots (nothing on another board): every hex, each unit on
 * the map, then the units still to enter in a row below the key (the
 * pool, y) */
static void spots(const struct aachen *st, struct svg *out, double y,
		  double width)
{
	struct hexsvg_piece p, pool[HEX_UNITS_MAX];
	char f[16], none[16];
	double x, yy;
	int i, n = 0;

	if (!out->spots)
		return;
	hexsvg_spot_hexes(out, &st->map);
	for (i = 0; i < st->n_units; i++) {
		if (st->u[i].where == U_WAITING) {
			pool[n] = piece(&st->u[i], none);
			pool[n++].factors = "";
		}
		if (st->u[i].where != U_MAP)
			continue;
		p = piece(&st->u[i], f);
		hexsvg_centre(&st->map, st->u[i].hex, &x, &yy);
		hexsvg_stack_spots(out, x, yy, &p, 1);
	}
	hexsvg_pool(out, 8, y, width, pool, n);
}

/* the units still to enter (U_WAITING), which only the desk's board
 * shows */
static int waiting(const struct aachen *st)
{
	int i, n = 0;

	for (i = 0; i < st->n_units; i++)
		n += st->u[i].where == U_WAITING;
	return n;
}

void aa_render(const void *vst, const char *side, const struct mark *marks,
	       size_t n_marks, struct svg *out)
{
	const struct aachen *st = vst;
	const struct hex_map *m = &st->map;
	struct svg_style sty;
	struct hexsvg_piece pc;
	double w, hgt, x, y, x1, y1, x2, y2, key_h;
	int i;
	char txt[64], f[16], line[256];

	(void)side;
	hexsvg_size(m, &w, &hgt);
	if (w < 620)
		w = 620;
	key_h = hexsvg_key(NULL, m, 8, 0, w - 16);   /* measured */
	svg_begin(out, w, hgt + 80 + key_h + 16 + hexsvg_pool_height(out,
		  w - 16, out->spots ? waiting(st) : 0), m->provisional ?
		  "Aachen: First to Fall (PROVISIONAL map)" :
		  "Aachen: First to Fall");
	{
		/* the Aachen city outlined (16.0); place names clear of the
		 * counters */
		uint8_t occupied[HEX_MAX];
		struct hexsvg_region city = { hex_region(m, "aachen-city"),
			-1, HEXSVG_OUTLINE, "#b00000",
			"Aachen city hexes (16.0)" };
		struct hexsvg_opts o = { NULL, &city, city.region >= 0,
			occupied };

		for (i = 0; i < HEX_MAX; i++)
			occupied[i] = st->occ[i] >= 0;
		hexsvg_map_with(out, m, &o);
	}
	control_rings(st, out);
	if (st->eb_hex >= 0) {   /* 14.0: the engineers' bridge */
		memset(&sty, 0, sizeof sty);
		sty.stroke = "#e08a00";
		sty.stroke_width = 5;
		hexsvg_edge(m, st->eb_hex, hex_neighbour(m, st->eb_hex,
			    st->eb_dir), &x1, &y1, &x2, &y2);
		svg_line(out, x1, y1, x2, y2, &sty);
	}
	/* the moves' lines under the counters, their heads over them */
	hexsvg_move_lines(out, m, marks, n_marks);
	/* units as counters */
	for (i = 0; i < st->n_units; i++) {
		const struct hunit *u = &st->u[i];

		if (u->where != U_MAP)
			continue;
		hexsvg_centre(m, u->hex, &x, &y);
		snprintf(txt, sizeof txt, "%s %s %d-%d-%d", u->id, u->name,
			 u->att, u->def, u->mov);
		svg_group(out, txt);
		pc = piece(u, f);
		hexsvg_counter(out, x, y, pc.fill, pc.type, pc.id, pc.factors,
			       st->oos[i] ? "OOS" : NULL);
		svg_end_group(out);
	}
	/* the marks: the moves since the viewer's own last step (render
	 * passes them), combats and losses */
	hexsvg_marks(out, m, marks, n_marks);
	/* the turn record track, the phase in words, the key */
	for (i = 1; i <= st->turns; i++) {
		memset(&sty, 0, sizeof sty);
		sty.fill = i == st->turn ? "#f2d14b" :
			i > aa_last_turn(st) ? "#bbbbbb" : "#ffffff";
		sty.stroke = "#000000";
		sty.stroke_width = 0.7;
		x = 8 + (i - 1) * 28;
		svg_rect(out, x, hgt + 8, 26, 20, 0, &sty);
		snprintf(txt, sizeof txt, "%d", i);
		svg_text(out, x + 13, hgt + 22, 10, "middle", "#000000", txt);
	}
	/* 17.1: as the report's position, never "turn 14 of 13" */
	if (st->turn > aa_last_turn(st))
		snprintf(line, sizeof line, "Turn %d: %s (US losses shortened "
			 "the game to %d turns, 17.1)%s", st->turn,
			 aa_phase_titles[st->phase], aa_last_turn(st),
			 m->provisional ? " - PROVISIONAL map" : "");
	else
		snprintf(line, sizeof line, "Turn %d of %d: %s%s", st->turn,
			 aa_last_turn(st), aa_phase_titles[st->phase],
			 m->provisional ? " - PROVISIONAL map" : "");
	svg_text(out, 8, hgt + 46, 12, "start", "#000000", line);
	snprintf(line, sizeof line, "16.0: Aachen city hexes (red outline) "
		 "%d of %d Allied; east-edge road hexes (rings) %d of %d "
		 "Allied, %d needed. Ring colour: who captured the hex "
		 "(green Allied, black German).", aa_held(st, st->city,
		 st->n_city), st->n_city, aa_held(st, st->road, st->n_road),
		 st->n_road, st->roads_needed);
	svg_text(out, 8, hgt + 60, 9, "start", "#000000", line);
	svg_text(out, 8, hgt + 72, 9, "start", "#000000", "Counters: NATO "
		 "type (X infantry, oval armour, both mechanised infantry, "
		 "slash reconnaissance, bridge engineers), id, "
		 "attack-defence-movement; OOS out of supply. Orange: the "
		 "engineers' bridge.");
	hexsvg_key(out, m, 8, hgt + 84, w - 16);
	spots(st, out, hgt + 84 + key_h + 8, w - 16);
}
