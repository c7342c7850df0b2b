/*
 * turn.c - Race to the Reichstag: the sequence of play (4.0), set-up
 * (3.x) and the phases of the game turn. Phases this draft does not
 * implement say so in one report line each ("12.0 combat: not
 * implemented in this draft"); nothing is silently skipped.
 */
#include <stdio.h>
#include <string.h>
#include "state.h"

void rt_rules(const struct rttr *st, struct hex_rules *r)
{
	memset(r, 0, sizeof *r);
	r->map = &st->map;
	r->units = st->u;
	r->n_units = st->n_units;
	r->occupant = st->occ;
	r->next = st->next;
	r->user = st;
}

void rt_play(struct ctx *c, void *vst)
{
	struct rttr *st = vst;

	while (st->phase != PH_OVER) {
		ctx_checkpoint(c);
		ctx_where(c, st->turn, rt_phase_names[st->phase]);
		switch (st->phase) {
		/* 4.0 I.D, II.C, III.D, IV.C: combat (fight.c) */
		case PH_1BF_COMBAT:
			rt_combat_phase(c, st, SOVIET, SEC_1BF);
			break;
		case PH_G1BF_COMBAT:
			rt_combat_phase(c, st, GERMAN, SEC_1BF);
			break;
		case PH_1UF_COMBAT:
			rt_combat_phase(c, st, SOVIET, SEC_1UF);
			break;
		case PH_G1UF_COMBAT:
			rt_combat_phase(c, st, GERMAN, SEC_1UF);
			break;
		default:
			ctx_event(c, "4.0", "%s: not implemented in this "
				  "draft.", rt_phase_names[st->phase]);
			break;
		}
		if (st->phase == PH_OVER)
			break;
		st->phase++;
	}
}
