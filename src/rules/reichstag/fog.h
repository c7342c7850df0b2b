/*
 * fog.h - Race to the Reichstag: the fog of war (fog.c).
 */
#ifndef UMPIRE_RULES_REICHSTAG_FOG_H
#define UMPIRE_RULES_REICHSTAG_FOG_H

#include "state.h"

/* 17.3 recon at the start of player p's Soviet PT (p's front);
 * 16.8 (1) the placer's voluntary flips, asked of p at the start of the
 * German PT he commands */
void rt_recon_phase(struct ctx *c, struct rttr *st, int p);
void rt_flip_phase(struct ctx *c, struct rttr *st, int p);

#endif
