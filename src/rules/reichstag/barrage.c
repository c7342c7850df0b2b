/*
 * barrage.c - Race to the Reichstag: barrage markers (15.x) and air
 * reconnaissance (17.4).
 *
 * A front's artillery markers reach their hex and the hexes next to it,
 * air strike markers 2 hexes (15.2), counted in the front's own sector
 * only (5.2, 15.2: the lib's hex_within_region reading; the Reichstag is
 * in both sectors). They are placed in the front's barrage phase (4.0
 * I.B, III.B) from 24 April (7.2), each once a GT (6.6, 15.3), for 1 SP
 * (artillery) or 2 SP (air), doubled when exhausted (20.3). Their zones
 * double Soviet attacks (12.14: the combat code reads st->bz) and cost a
 * German mobile unit +1 MP for each zone hex it enters (15.4: the
 * movement code's extra_cost hook, board.c's rt_barrage_extra). They
 * are removed in II.D and IV.D (15.8).
 *
 * A marker on the map is st->bz.m[i] with .kind = its index in st->mk[]
 * and .side = its owner; st->mk[k].on_map is i (kept right by
 * rt_barrage_reindex after every removal).
 */
#include <stdio.h>
#include <string.h>
#include "state.h"
#include "barrage.h"
#include "board.h"
#include "economy.h"
#include "../lib/hexorders.h"

/* mk[].on_map from bz (removals move later markers down) */
void rt_barrage_reindex(struct rttr *st)
{
	int i, k;

	for (k = 0; k < st->n_mk; k++)
		st->mk[k].on_map = -1;
	for (i = 0; i < st->bz.n; i++) {
		k = st->bz.m[i].kind;
		if (k < st->n_mk)
			st->mk[k].on_map = (int8_t)i;
	}
}


/* 15.8: remove player p's markers */
int rt_barrage_remove(struct rttr *st, int p)
{
	int n = hex_markers_clear(&st->bz, -1, p);

	rt_barrage_reindex(st);
	return n;
}

/* ---- the barrage phase (4.0 I.B, III.B) ---- */

struct bz_check {
	struct rttr *st;
	int p;
	int mk, hex, recon, cost;
};

static int marker_free(const struct rttr *st, int p, int k)
{
	return st->mk[k].owner == p && st->mk[k].kind != MK_ME262 &&
	       st->mk[k].on_map < 0 && st->mk[k].used_turn != st->turn;
}

/* "done", or "MARKER HEX" or (an air marker) "MARKER HEX recon" */
static int check_bz(void *user, const char *ans, char *why, size_t size)
{
	struct bz_check *b = user;
	const struct rttr *st = b->st;
	char buf[64], m[16], h[16], r[16];
	int n, k, x, recon, rt = rt_reichstag_hex(st);

	b->mk = -1;
	if (!strcmp(ans, "done"))
		return 0;
	snprintf(buf, sizeof buf, "%s", ans);
	n = sscanf(buf, "%15s %15s %15s", m, h, r);
	if (n < 2 || (n == 3 && strcmp(r, "recon")))
		return snprintf(why, size, "give MARKER HEX, MARKER HEX recon "
				"(17.4: an air marker) or done (15.0)"), -1;
	/* kept apart: the Reichstag's 5.5 checks below reuse n */
	recon = n == 3;
	for (k = 0; k < st->n_mk; k++)
		if (!strcmp(st->mk[k].id, m))
			break;
	if (k == st->n_mk || st->mk[k].owner != b->p ||
	    st->mk[k].kind == MK_ME262)
		return snprintf(why, size, "%s is not a barrage marker of the "
				"%s (15.0)", m, rt_side_names[b->p]), -1;
	if (st->mk[k].on_map >= 0 || st->mk[k].used_turn == st->turn)
		return snprintf(why, size, "%s has been used this GT: each "
				"marker once a GT (6.6, 15.3)", m), -1;
	if (recon && st->mk[k].kind != MK_AIR)
		return snprintf(why, size, "only an air strike marker "
				"reconnoitres (17.4)"), -1;
	x = hex_parse(&st->map, h);
	if (x < 0)
		return snprintf(why, size, "no hex %s on the map", h), -1;
	if (!hex_in_region(&st->map, x, st->rg.sector[b->p]))
		return snprintf(why, size, "%s is not in the %s sector: no "
				"barrage marker in the other sector (5.2)", h,
				rt_side_names[b->p]), -1;
	if (x == rt) {
		/* 5.5: not while the other front's units or markers are
		 * there */
		for (n = st->occ[x]; n >= 0; n = st->next[n])
			if (st->u[n].side == SOVIET && st->front[n] != b->p)
				return snprintf(why, size, "the %s's units are "
						"in the Reichstag (5.5)",
						rt_side_names[1 - b->p]), -1;
		for (n = 0; n < st->bz.n; n++)
			if (st->bz.m[n].hex == x && st->bz.m[n].side != b->p)
				return snprintf(why, size, "the %s's marker is "
						"in the Reichstag (5.5)",
						rt_side_names[1 - b->p]), -1;
	}
	b->mk = k;
	b->hex = x;
	b->recon = recon;
	/* 6.6, 15.3, 27.3: artillery 1, air 2; 20.3 doubled */
	b->cost = rt_sp_cost(st, b->p, st->mk[k].kind == MK_AIR ? 2 : 1);
	return rt_sp_check(st, b->p, b->cost, m, why, size);
}

/* 17.4: examine every German unit in air marker k's zone at hex h: their
 * identities to p alone (the Reichstag's undecided counters are not
 * looked at: reading, 16.10); the marker is spent and leaves the map. */
static void air_recon(struct ctx *c, struct rttr *st, int p, int k, int h)
{
	int16_t in[HEX_MAX];
	char list[Q_TEXT_LEN], x[8];
	size_t len = 0;
	int n, i, u, seen = 0;

	n = hex_within_region(&st->map, h, 2, st->rg.sector[p], in, HEX_MAX);
	list[0] = '\0';
	for (i = 0; i < n && i < HEX_MAX; i++)
		for (u = st->occ[in[i]]; u >= 0; u = st->next[u]) {
			if (st->u[u].side != GERMAN)
				continue;
			/* examined: consulted for whoever may not see it */
			sd_consult(c, &rt_state, "stacks", st, u, "17.4");
			st->known[u] |= (uint8_t)(1 << p);
			len += (size_t)snprintf(list + len, sizeof list - len,
						"%s%s at %s", seen ? ", " : "",
						st->u[u].id, hex_id(in[i], x));
			if (len >= sizeof list)
				len = sizeof list - 1;
			seen++;
		}
	ctx_event_to(c, rt_side_names[p], "17.4", "Air reconnaissance "
		     "around %s: %s.", hex_id(h, x), seen ? list :
		     "no German unit");
	ctx_event(c, "17.4", "The %s's air marker %s reconnoitres around %s "
		  "(%d German unit%s examined) and is spent for this GT.",
		  rt_side_names[p], st->mk[k].id, x, seen,
		  seen == 1 ? "" : "s");
}

/* Examples for the order template: each free marker on the first hex of
 * its sector that holds a German unit (and, for an air marker, the same
 * as a reconnaissance), if legal now. */
static void bz_examples(struct ctx *c, struct question *q,
			struct bz_check *b)
{
	const struct rttr *st = b->st;
	char buf[Q_OPTION_LEN], why[240], x[8];
	size_t want = ctx_examples(c, "barrage");
	int k, h, end = hex_end(&st->map);

	for (h = 0; h < end; h++)
		if (st->occ[h] >= 0 && st->u[st->occ[h]].side == GERMAN &&
		    hex_in_region(&st->map, h, st->rg.sector[b->p]))
			break;
	if (h == end)
		return;
	hex_id(h, x);
	for (k = 0; k < st->n_mk && q->n + 2 <= want &&
	     q->n + 2 <= Q_MAX_OPTIONS; k++) {
		if (!marker_free(st, b->p, k))
			continue;
		snprintf(buf, sizeof buf, "%s %s", st->mk[k].id, x);
		if (check_bz(b, buf, why, sizeof why) == 0) {
			q_add(q, "%s", buf);
			q_target(q, "marker", st->mk[k].id);
			hex_target(q, h);
		}
		snprintf(buf, sizeof buf, "%s %s recon", st->mk[k].id, x);
		if (st->mk[k].kind == MK_AIR &&
		    check_bz(b, buf, why, sizeof why) == 0) {
			q_add(q, "%s", buf);
			q_target(q, "marker", st->mk[k].id);
			hex_target(q, h);
		}
	}
	q->more = k < st->n_mk;
}

/* Front p's barrage phase: place markers one answer at a time. */
void rt_barrage_phase(struct ctx *c, struct rttr *st, int p)
{
	struct bz_check b;
	struct question q;
	const char *ans;
	char why[240], x[8];
	int k, n, idx, rad;

	/* 7.2, 15.0: from the 24 April GT (GT 2) */
	if (st->turn < 2) {
		ctx_event(c, "7.2", "No barrage before 24 April (7.2, 15.0).");
		return;
	}
	memset(&b, 0, sizeof b);
	b.st = st;
	b.p = p;
	for (;;) {
		for (k = n = 0; k < st->n_mk; k++)
			n += marker_free(st, p, k);
		if (n == 0)
			return;
		q_init(&q, "15.0", "barrage", rt_side_names[p], "%s barrage "
		       "(15.0): MARKER HEX (artillery %d SP, air %d SP; MARKER "
		       "HEX recon: an air marker examines its zone, 17.4), or "
		       "done. Markers:", rt_side_names[p],
		       rt_sp_cost(st, p, 1), rt_sp_cost(st, p, 2));
		for (k = 0; k < st->n_mk; k++)
			if (marker_free(st, p, k) &&
			    strlen(q.text) + 10 < sizeof q.text) {
				strcat(q.text, " ");
				strcat(q.text, st->mk[k].id);
			}
		q_add(&q, "done");
		bz_examples(c, &q, &b);
		q.form = "marker hex [recon]";
		ans = ctx_ask_text(c, &q, check_bz, &b);
		if (check_bz(&b, ans, why, sizeof why) || b.mk < 0)
			return;
		k = b.mk;
		rt_sp_spend(c, st, p, b.cost, "6.6", st->mk[k].kind == MK_AIR ?
			    "an air strike marker" : "an artillery marker");
		st->mk[k].used_turn = (int8_t)st->turn;     /* 15.3 */
		hex_id(b.hex, x);
		if (b.recon) {
			air_recon(c, st, p, k, b.hex);
			continue;
		}
		/* 15.2: artillery radius 1, air 2, own sector only */
		rad = st->mk[k].kind == MK_ARTILLERY ? 1 : 2;
		idx = hex_marker_place(&st->bz, &st->map, b.hex, rad,
				       st->rg.sector[p], p, k);
		if (idx < 0)
			return;     /* checked: cannot happen */
		st->mk[k].on_map = (int8_t)idx;
		ctx_event(c, "15.2", "The %s places %s marker %s at %s.",
			  rt_side_names[p], st->mk[k].kind == MK_AIR ?
			  "air strike" : "artillery", st->mk[k].id, x);
		ctx_mark(c, "", "placed", x, "", st->mk[k].id);
	}
}
