/*
 * fog.c - Race to the Reichstag: the fog of war that a player acts on
 * (17.x) and the placer's voluntary flips (16.8 (1)).
 *
 * 17.3 reconnaissance: at the start of each Soviet player turn the
 * phasing player may have each of his recon units examine one hex
 * within 2 hexes in its sector (the Reichstag may be chosen); face-down
 * fixed units there turn face up (a public flip), what else is there is
 * told to him alone (ctx_event_to) and kept in rttr.known, which the
 * views read (rt_sees); the unit may not move in that PT (F_RECON,
 * turn.c moves_now).
 *
 * 16.8 (1): "the placing player may flip it at any time". A mail game
 * has no "any time": the placer is asked at the start of each German
 * player turn he commands, before the movement roll (so a command post
 * counts at once, 16.2), with the standing answer "none" (*reading*,
 * in the scenario notes), kept from his latest order file (ruleset.c):
 * the question comes in the other player's step.
 */
#include <stdio.h>
#include <string.h>
#include "state.h"
#include "fog.h"
#include "../lib/hexorders.h"
#include "board.h"

/* Whether the hex holds a German counter (the Reichstag's undecided
 * ones too) */
static int german_in(const struct rttr *st, int h)
{
	int k;

	if (h == rt_reichstag_hex(st) && st->rt_blind > 0)
		return 1;
	for (k = st->occ[h]; k >= 0; k = st->next[k])
		if (st->u[k].side == GERMAN)
			return 1;
	return 0;
}

/* 17.3: the hexes unit r may examine: within 2, in its front's sector
 * (the Reichstag is in both, 5.5; the count is plain hex distance, as
 * for flak and barrage), holding a German counter. */
static int recon_hexes(const struct rttr *st, int r, int16_t *out, int max)
{
	int16_t near[64];
	int i, n, got = 0, s;

	n = hex_within_region(&st->map, st->u[r].hex, 2, -1, near, 64);
	for (i = 0; i < n && got < max; i++) {
		s = rt_sector(st, near[i]);
		if ((s == st->front[r] || s == SEC_BOTH) &&
		    german_in(st, near[i]))
			out[got++] = near[i];
	}
	return got;
}

/* 17.3: player p's recon unit r examines hex h */
static void examine(struct ctx *c, struct rttr *st, int p, int r, int h)
{
	char x[8], list[600];
	size_t len = 0;
	int k, n = 0, w;

	hex_id(h, x);
	st->flags[r] |= F_RECON;
	ctx_event(c, "17.3", "%s reconnoitres %s; it may not move this "
		  "player turn.", st->u[r].id, x);
	if (h == rt_reichstag_hex(st) && st->rt_blind > 0)
		rt_reveal_reichstag(c, st, "17.3");   /* face up: public */
	/* the counters examined: consulted for whoever may not see them
	 * (sd_consult), the recon player's step ends there */
	for (k = st->occ[h]; k >= 0; k = st->next[k])
		sd_consult(c, &rt_state, "stacks", st, k, "17.3");
	list[0] = '\0';
	for (k = st->occ[h]; k >= 0; k = st->next[k]) {
		if (st->u[k].side != GERMAN)
			continue;
		if (st->flags[k] & F_FACEDOWN) {
			st->flags[k] &= (uint16_t)~F_FACEDOWN;
			st->known[k] = (1 << P1BF) | (1 << P1UF);
			ctx_event(c, "17.3", "Reconnaissance turns up %s at "
				  "%s: %s (%s).", st->u[k].id, x,
				  st->u[k].id, st->u[k].name);
		}
		st->known[k] |= (uint8_t)(1 << p);
		w = snprintf(list + len, sizeof list - len, "%s%s (%s)",
			     n ? ", " : "", st->u[k].id, st->u[k].name);
		if (w > 0 && (size_t)w < sizeof list - len)
			len += (size_t)w;
		n++;
	}
	/* what the stack holds: to the recon player alone (the German
	 * commander knows it already) */
	ctx_event_to(c, rt_side_names[p], "17.3", "%s sees at %s: %s.",
		     st->u[r].id, x, n ? list : "no German unit");
}

void rt_recon_phase(struct ctx *c, struct rttr *st, int p)
{
	struct question q;
	int16_t hx[64];
	char x[8], y[8];
	int u, i, n;
	size_t k;

	for (u = 0; u < st->n_units; u++)
		if (st->u[u].side == SOVIET && st->front[u] == p)
			st->flags[u] &= (uint16_t)~F_RECON;
	for (u = 0; u < st->n_units; u++) {
		if (st->u[u].side != SOVIET || st->front[u] != p ||
		    !(st->u[u].tags & T_RECON) || st->u[u].where != U_MAP)
			continue;
		n = recon_hexes(st, u, hx, 64);
		if (n == 0)
			continue;
		q_init(&q, "17.3", "recon", rt_side_names[p], "17.3 "
		       "reconnaissance: %s at %s may examine one hex within "
		       "2 in its sector, and then may not move this player "
		       "turn: HEX, or none.", st->u[u].id,
		       hex_id(st->u[u].hex, x));
		q_add(&q, "none");
		for (i = 0; i < n && q.n < Q_MAX_OPTIONS; i++) {
			q_add(&q, "%s", hex_id(hx[i], y));
			hex_target(&q, hx[i]);
		}
		k = ctx_ask(c, &q);
		if (k > 0)
			examine(c, st, p, u, hx[k - 1]);
	}
}

void rt_flip_phase(struct ctx *c, struct rttr *st, int p)
{
	struct question q;
	int16_t cand[Q_MAX_OPTIONS];
	char x[8];
	int u, n;
	size_t k;

	for (;;) {
		q_init(&q, "16.8", "flip", rt_side_names[p], "16.8 (1): turn "
		       "face up a fixed unit you placed (UNIT), or none.");
		q_add(&q, "none");
		for (u = n = 0; u < st->n_units && q.n < Q_MAX_OPTIONS; u++)
			if ((st->flags[u] & F_FACEDOWN) &&
			    st->u[u].where == U_MAP && st->placed_by[u] == p) {
				cand[n++] = (int16_t)u;
				q_add(&q, "%s", st->u[u].id);
				q_target(&q, "unit", st->u[u].id);
			}
		if (n == 0)
			return;
		k = ctx_ask(c, &q);
		if (k == 0)
			return;
		u = cand[k - 1];
		st->flags[u] &= (uint16_t)~F_FACEDOWN;
		st->known[u] = (1 << P1BF) | (1 << P1UF);
		ctx_event(c, "16.8", "The %s player turns up %s at %s: %s "
			  "(%s).", rt_side_names[p], st->u[u].id,
			  hex_id(st->u[u].hex, x), st->u[u].id,
			  st->u[u].name);
	}
}
