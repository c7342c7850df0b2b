/*
 * report.c - Race to the Reichstag: the position as one player may see
 * it (GAP.md 2.1: no identity of a face-down counter he did not place,
 * only the top of a German stack he does not command, 17.1; his own
 * drawn counters, never the other's or the cup's), and the result line
 * (21.x). side NULL (the referee): everything.
 */
#include <stdio.h>
#include <string.h>
#include "umpire/report.h"
#include "state.h"

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
		    rt_phase_names[st->phase], st->map.provisional ?
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
