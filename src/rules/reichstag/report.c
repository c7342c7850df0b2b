/*
 * report.c - Race to the Reichstag: the position as one player may see
 * it (GAP.md 2.1: no identity of a face-down counter he did not place,
 * only the top of a German stack he does not command, 17.1; his own
 * drawn counters, never the other's or the cup's), the result line
 * (21.x) and the board (render). side NULL (the referee): everything.
 */
#include <stdio.h>
#include <string.h>
#include "umpire/report.h"
#include "umpire/svg.h"
#include "../lib/hexsvg.h"
#include "state.h"
#include "report.h"

/* words joined into lines of at most REPORT_WIDTH, each line begun with
 * `lead` (the first) or an indent */
struct lines {
	struct strbuf *out;
	size_t col;
	int started;
};

static void word(struct lines *l, const char *lead, const char *w)
{
	size_t n = strlen(w);

	if (!l->started) {
		strbuf_adds(l->out, lead);
		l->col = strlen(lead);
		l->started = 1;
		if (l->col + n > REPORT_WIDTH) {
			/* no blank at a line's end */
			while (l->out->len && l->out->buf[l->out->len - 1] ==
			       ' ')
				l->out->buf[--l->out->len] = '\0';
			strbuf_adds(l->out, "\n    ");
			l->col = 4;
		}
	} else if (l->col + 2 + n > REPORT_WIDTH) {
		strbuf_adds(l->out, ",\n    ");
		l->col = 4;
	} else {
		strbuf_adds(l->out, ", ");
		l->col += 2;
	}
	strbuf_adds(l->out, w);
	l->col += n;
}

static void end(struct lines *l)
{
	if (l->started)
		strbuf_adds(l->out, "\n");
	l->started = 0;
}

static const char *date(int turn, char buf[16])
{
	if (turn <= 8)
		snprintf(buf, 16, "%d April", 22 + turn);
	else
		snprintf(buf, 16, "%d May", turn - 8);
	return buf;
}

/* One German stack as `me` sees it: every id he may see, top first; a
 * face-down counter he may not identify as "face-down"; the counters
 * below a top he does not command as "+N". */
static void german_stack(const struct rttr *st, int me, int h,
			 struct strbuf *out)
{
	int k, first = 1, hidden = 0;

	for (k = st->occ[h]; k >= 0; k = st->next[k]) {
		if (st->u[k].side != GERMAN)
			continue;
		if (me >= 0 && !rt_sees(st, me, k)) {
			if (first)
				strbuf_adds(out, " [face-down]");
			else
				hidden++;
		} else {
			strbuf_addf(out, " %s%s", st->u[k].id,
				    st->flags[k] & F_FACEDOWN ?
				    "(down)" : "");
		}
		first = 0;
	}
	if (hidden)
		strbuf_addf(out, " +%d", hidden);
}

void rt_position(const void *vst, const char *side, struct strbuf *out)
{
	const struct rttr *st = vst;
	int me = side ? rt_side_parse(side) : -1;
	int u, h, p, s, n, end_h = hex_end(&st->map), rt = -1;
	struct lines l = { out, 0, 0 };
	char x[8], buf[64], d[16];

	if (side && me < 0)
		me = PLAYERS;   /* neither player: sees what both may */
	rt = rt_reichstag_hex(st);
	strbuf_addf(out, "GT %d (%s), %s%s\n", st->turn, date(st->turn, d),
		    rt_phase_titles[st->phase], st->map.provisional ?
		    " (provisional map and counters)" : "");
	strbuf_addf(out, "SP spent: 1BF %d, 1UF %d (6.1). Exhausted: %s%s%s."
		    "\n", st->sp_spent[P1BF], st->sp_spent[P1UF],
		    st->exhausted[P1BF] ? "1BF " : "",
		    st->exhausted[P1UF] ? "1UF " : "",
		    st->exhausted[P1BF] || st->exhausted[P1UF] ? "" : "none");
	/* 15.0, 6.7 (barrage.c, economy.c): the markers on the map and the
	 * Maximum Effort in force, all public */
	for (n = 0; n < st->bz.n; n++)
		if (st->bz.m[n].kind < st->n_mk) {
			snprintf(buf, sizeof buf, "%s %s",
				 st->mk[st->bz.m[n].kind].id,
				 hex_id(st->bz.m[n].hex, x));
			word(&l, "Barrage markers (15.2): ", buf);
		}
	end(&l);
	if (st->max_effort_now)
		strbuf_addf(out, "Maximum Effort this turn (6.7): the movement "
			    "phase is a combat phase.\n");
	if (rt >= 0)
		strbuf_addf(out, "Reichstag %s: %d undecided face-down "
			    "counter%s (16.10)%s%s.\n", hex_id(rt, x),
			    st->rt_blind, st->rt_blind == 1 ? "" : "s",
			    st->ctrl[rt] >= 0 ? ", controlled by " : "",
			    st->ctrl[rt] >= 0 ? rt_side_names[st->ctrl[rt]] :
			    "");
	for (h = 0; h < end_h; h++)
		if (st->ctrl[h] >= 0 && h != rt) {
			snprintf(buf, sizeof buf, "%s %s", hex_id(h, x),
				 rt_side_names[st->ctrl[h]]);
			word(&l, "Control (21.2): ", buf);
		}
	end(&l);
	for (s = 0; s < PLAYERS; s++) {
		for (u = 0; u < st->n_units; u++)
			if (st->u[u].side == SOVIET && st->front[u] == s &&
			    st->u[u].where == U_MAP) {
				snprintf(buf, sizeof buf, "%s %s", st->u[u].id,
					 hex_id(st->u[u].hex, x));
				word(&l, s == P1BF ? "1BF: " : "1UF: ", buf);
			}
		end(&l);
	}
	for (s = 0; s < PLAYERS; s++) {
		for (h = 0; h < end_h; h++) {
			struct strbuf sb = STRBUF_INIT;
			int k, any = 0;

			for (k = st->occ[h]; k >= 0; k = st->next[k])
				any |= st->u[k].side == GERMAN &&
				       st->front[k] == (s == P1BF ? SEC_1BF :
							SEC_1UF);
			if (!any)
				continue;
			strbuf_addf(&sb, "%s", hex_id(h, x));
			german_stack(st, me, h, &sb);
			word(&l, s == P1BF ? "Germans, 1BF sector (1UF "
			     "player): " : "Germans, 1UF sector (1BF player): ",
			     sb.buf);
			strbuf_free(&sb);
		}
		end(&l);
	}
	for (p = 0; p < PLAYERS; p++) {
		for (u = n = 0; u < st->n_units; u++)
			n += st->holder[u] == p;
		if (!n)
			continue;
		if (me < 0 || me == p) {
			for (u = 0; u < st->n_units; u++)
				if (st->holder[u] == p)
					word(&l, p == P1BF ? "Held by the 1BF "
					     "player: " : "Held by the 1UF "
					     "player: ", st->u[u].id);
			end(&l);
		} else {
			strbuf_addf(out, "Held by the %s player: %d "
				    "counter%s.\n", rt_side_names[p], n,
				    n == 1 ? "" : "s");
		}
	}
	strbuf_addf(out, "Pool: %d counters (%d of them the Reichstag's).\n",
		    cup_count(&st->cup), st->rt_blind);
	for (u = 0; u < st->n_units; u++)
		if (st->u[u].where == U_ELIMINATED)
			word(&l, "Eliminated: ", st->u[u].id);
	end(&l);
}

int rt_result(const void *vst, struct strbuf *out)
{
	const struct rttr *st = vst;

	switch (st->result) {
	case RES_1BF:
		strbuf_addf(out, "The 1BF player wins (21.4): VP 1BF %d, "
			    "1UF %d.", st->vp[P1BF], st->vp[P1UF]);
		return 1;
	case RES_1UF:
		strbuf_addf(out, "The 1UF player wins (21.4%s): VP 1BF %d, "
			    "1UF %d.", st->vp[P1BF] == st->vp[P1UF] ?
			    ": a tie goes to the 1UF" : "", st->vp[P1BF],
			    st->vp[P1UF]);
		return 1;
	case RES_GERMAN:
		strbuf_addf(out, "The Germans win; both players lose (21.5): "
			    "VP 1BF %d, 1UF %d.", st->vp[P1BF], st->vp[P1UF]);
		return 1;
	default:
		return 0;
	}
}

/* ---- the board (render) ---- */

static const char *const fill_of[4] = { "#d9534f", "#f0c419", "#8e9aa6",
	"#8e9aa6" };   /* 1BF red, 1UF yellow (2.9); Germans grey */

static const char *unit_fill(const struct rttr *st, int u)
{
	return st->u[u].side == SOVIET ? fill_of[st->front[u] & 1] :
	       fill_of[2];
}

static enum nato_type unit_nato(const struct hunit *u)
{
	switch (u->type) {
	case TY_TANK: case TY_PANZER: case TY_ASLTGUN:
		return NATO_ARMOUR;
	case TY_MECH: case TY_PZGR:
		return NATO_MECHANISED;
	case TY_RECON: case TY_CAV:
		return NATO_RECON;
	case TY_ENG:
		return NATO_ENGINEER;
	default:
		return NATO_INFANTRY;
	}
}

/* The stack in hex h as player me sees it (me < 0: everything), top
 * first, into p[0..8) (the Reichstag's undecided counters after the
 * units in rt, its hex): how many. f: the top counter's strength. */
static int stack_of(const struct rttr *st, int me, int h, int rt,
		    struct hexsvg_piece p[8], char f[16])
{
	int n = 0, k, i;

	for (k = st->occ[h]; k >= 0 && n < 8; k = st->next[k]) {
		const struct hunit *u = &st->u[k];
		int seen = me < 0 || rt_sees(st, me, k);

		memset(&p[n], 0, sizeof p[n]);
		p[n].fill = unit_fill(st, k);
		if (seen) {
			/* the top counter's own strength: f is
			 * written for it alone */
			if (n == 0)
				snprintf(f, 16, u->tags & T_PAREN ? "(%d)" :
					 "%d", u->def);
			p[n].type = unit_nato(u);
			p[n].id = u->id;
			p[n].factors = n == 0 ? f : "";
			p[n].hidden = 0;
			p[n].mark = st->flags[k] & F_FACEDOWN ? "down" : NULL;
		} else {
			p[n].hidden = 1;
			p[n].label = st->flags[k] & F_FACEDOWN ? "fixed" :
				"?";
		}
		n++;
	}
	if (h == rt)
		for (i = 0; i < st->rt_blind && n < 8; i++) {
			memset(&p[n], 0, sizeof p[n]);
			p[n].fill = fill_of[2];
			p[n].hidden = 1;
			p[n].label = "?";
			n++;
		}
	return n;
}

/* The counters off the map that player me sees (me < 0: all), for the
 * desk (hexsvg_pool): the units to place or enter, the eliminated, then
 * the barrage markers he may place (15.0; kind "marker") */
static int off_map(const struct rttr *st, int me,
		   struct hexsvg_piece p[HEX_UNITS_MAX + RT_MARKERS_MAX])
{
	int n = 0;


	for (int k = 0; k < st->n_units; k++) {
		if (st->u[k].where == U_MAP || (me >= 0 &&
						!rt_sees(st, me, k)))
			continue;
		memset(&p[n], 0, sizeof p[n]);
		p[n].fill = unit_fill(st, k);
		p[n].type = unit_nato(&st->u[k]);
		p[n].id = st->u[k].id;
		p[n].factors = "";
		n++;
	}
	for (int k = 0; k < st->n_mk; k++) {
		const struct rt_marker *mk = &st->mk[k];

		if (mk->on_map >= 0 || mk->owner < 0 || (me >= 0 &&
							 mk->owner != me))
			continue;
		memset(&p[n], 0, sizeof p[n]);
		p[n].fill = fill_of[mk->owner & 1];
		p[n].id = mk->id;
		p[n].factors = "";
		p[n].mark = mk->kind == MK_AIR ? "air" : mk->kind ==
			MK_ME262 ? "Me-262" : "art";
		p[n].kind = "marker";
		n++;
	}
	return n;
}

/*
 * The board as `side` may see it (NULL: everything): the provisional
 * map with the sector boundary and the objective hexes, every stack
 * (a counter the reader may not identify is drawn face down, or, below
 * the top, only as the edge of a counter: never its id), the Reichstag's
 * undecided counters, the barrage markers and the marks of the step.
 */
void rt_render(const void *vst, const char *side, const struct mark *marks,
	       size_t n_marks, struct svg *out)
{
	const struct rttr *st = vst;
	const struct hex_map *m = &st->map;
	struct hexsvg_region reg[3];
	struct hexsvg_opts o;
	struct hexsvg_piece p[8], pool[HEX_UNITS_MAX + RT_MARKERS_MAX];
	struct svg_style sty;
	uint8_t occupied[HEX_MAX];
	double w, hgt, x, y, key_h, pool_h;
	int me = side ? rt_side_parse(side) : -1, h, n, i, rt = -1, n_pool;
	int end = hex_end(m);
	char f[16], txt[96], d[16];
	int16_t one[2];

	if (side && me < 0)
		me = PLAYERS;
	if (st->rg.reichstag >= 0 &&
	    hex_region_hexes(m, st->rg.reichstag, one, 2) == 1)
		rt = one[0];
	memset(&o, 0, sizeof o);
	n = 0;
	if (st->rg.sector[P1BF] >= 0 && st->rg.sector[P1UF] >= 0)
		reg[n++] = (struct hexsvg_region){ st->rg.sector[P1BF],
			st->rg.sector[P1UF], HEXSVG_BORDER, NULL,
			"front boundary (5.2)" };
	for (i = 0; i < PLAYERS; i++)
		if (st->rg.so[i] >= 0)
			reg[n++] = (struct hexsvg_region){ st->rg.so[i], -1,
				HEXSVG_RING, NULL, "strategic objective" };
	o.regions = reg;
	o.n_regions = n;
	/* place names clear of the counters (the Reichstag's undecided
	 * ones too) where the hex leaves room */
	for (h = 0; h < HEX_MAX; h++)
		occupied[h] = h < end && (st->occ[h] >= 0 ||
					  (h == rt && st->rt_blind > 0));
	o.occupied = occupied;
	hexsvg_size(m, &w, &hgt);
	if (w < 620)
		w = 620;
	key_h = hexsvg_key_with(NULL, m, &o, 8, 0, w - 16);
	/* the desk's board (spots) only: the counters off the map */
	n_pool = out->spots ? off_map(st, me, pool) : 0;
	pool_h = hexsvg_pool_height(out, w - 16, n_pool);
	svg_begin(out, w, hgt + 70 + key_h + 16 + pool_h, m->provisional ?
		  "Race to the Reichstag (PROVISIONAL map and counters)" :
		  "Race to the Reichstag");
	hexsvg_map_with(out, m, &o);
	/* the moves' lines under the counters, their heads over them */
	hexsvg_move_lines(out, m, marks, n_marks);
	for (h = 0; h < end; h++) {
		n = stack_of(st, me, h, rt, p, f);
		if (n == 0)
			continue;
		hexsvg_centre(m, h, &x, &y);
		hexsvg_stack(out, x, y, p, n);
	}
	/* 21.2: who controls each objective hex and the Reichstag: a disc
	 * at the hex's upper right in that player's colour (grey German) */
	svg_group(out, "control of the objective hexes (21.2)");
	for (h = 0; h < end; h++) {
		struct svg_style disc = { NULL, "#000000", 1, NULL, 0 };

		if (h != rt && !(st->rg.so[P1BF] >= 0 &&
				 hex_in_region(m, h, st->rg.so[P1BF])) &&
		    !(st->rg.so[P1UF] >= 0 &&
		      hex_in_region(m, h, st->rg.so[P1UF])))
			continue;
		disc.fill = st->ctrl[h] == P1BF ? fill_of[0] :
			st->ctrl[h] == P1UF ? fill_of[1] : fill_of[2];
		hexsvg_centre(m, h, &x, &y);
		svg_circle(out, x + HEXSVG_R * 0.55, y - HEXSVG_R * 0.62, 5,
			   &disc);
	}
	svg_end_group(out);
	/* barrage markers (15.2) */
	for (i = 0; i < st->bz.n; i++) {
		memset(&sty, 0, sizeof sty);
		sty.fill = "none";
		sty.stroke = st->bz.m[i].side == P1BF ? "#d9534f" : "#c9a400";
		sty.stroke_width = 2;
		sty.dash = "4 2";
		hexsvg_centre(m, st->bz.m[i].hex, &x, &y);
		svg_circle(out, x, y, HEXSVG_R * (st->bz.m[i].radius * 1.7 +
						 0.9), &sty);
		svg_text(out, x, y - HEXSVG_R * 0.9, HEXSVG_FACTOR_PT,
			 "middle", "#000000", st->mk[st->bz.m[i].kind].id);
	}
	hexsvg_marks(out, m, marks, n_marks);
	snprintf(txt, sizeof txt, "GT %d (%s) of %d: %s", st->turn,
		 date(st->turn, d), st->turns, rt_phase_titles[st->phase]);
	svg_text(out, 8, hgt + 22, 12, "start", "#000000", txt);
	snprintf(txt, sizeof txt, "SP spent: 1BF %d, 1UF %d. Reichstag: %d "
		 "undecided counter%s.", st->sp_spent[P1BF],
		 st->sp_spent[P1UF], st->rt_blind, st->rt_blind == 1 ? "" :
		 "s");
	svg_text(out, 8, hgt + 40, 10, "start", "#000000", txt);
	svg_text(out, 8, hgt + 58, 9, "start", "#000000", "Red 1BF, yellow "
		 "1UF, grey German; a counter drawn blank is one the reader "
		 "may not identify (fixed: face down). Dashed circles: barrage "
		 "zones. Objective hexes (rings) and the Reichstag: the disc "
		 "is who controls it (21.2).");
	hexsvg_key_with(out, m, &o, 8, hgt + 74, w - 16);
	/* the desk's spots (none on another board): the hexes, then
	 * each counter the reader may identify */
	if (!out->spots)
		return;
	hexsvg_spot_hexes(out, m);
	for (h = 0; h < end; h++) {
		n = stack_of(st, me, h, rt, p, f);
		hexsvg_centre(m, h, &x, &y);
		hexsvg_stack_spots(out, x, y, p, n);
	}
	hexsvg_pool(out, 8, hgt + 74 + key_h + 8, w - 16, pool, n_pool);
}
