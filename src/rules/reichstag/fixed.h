/*
 * fixed.h - Race to the Reichstag: the fixed units' powers (fixed.c).
 */
#ifndef UMPIRE_RULES_REICHSTAG_FIXED_H
#define UMPIRE_RULES_REICHSTAG_FIXED_H

#include "state.h"

/* The fixed units' powers in the German reinforcement phase of
 * sector sec, commanded by player who: 16.3 emergency airfield, 16.5
 * snipers held in hand, 16.7 supply depot */
void rt_fixed_reinf(struct ctx *c, struct rttr *st, int sec, int who);
/* 16.3: whether an emergency airfield may be placed in h */
int rt_airstrip_ok(const struct rttr *st, int h);

#endif
