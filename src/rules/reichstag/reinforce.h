/*
 * reinforce.h - Race to the Reichstag: the Soviet reinforcements and
 * replacements (reinforce.c).
 */
#ifndef UMPIRE_RULES_REICHSTAG_REINFORCE_H
#define UMPIRE_RULES_REICHSTAG_REINFORCE_H

#include "state.h"

/* 6.7 at the PT start, 8.2 */
void rt_soviet_reinf_phase(struct ctx *c, struct rttr *st, int p);
/* 24.5: with the option loc, whether replacement u (F_REPLACED) may
 * enter at h besides its 7.1 hexes: within 1 hex of a unit of its
 * front, in its sector, no enemy unit there, not in an enemy ZOC, and
 * h traces a line of communication */
int rt_replace_hex(const struct rttr *st, int u, int h);

#endif
