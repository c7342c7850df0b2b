/*
 * fight.h - Race to the Reichstag: one combat phase (fight.c).
 */
#ifndef UMPIRE_RULES_REICHSTAG_FIGHT_H
#define UMPIRE_RULES_REICHSTAG_FIGHT_H

#include "state.h"

/* One combat phase (12.0-14.x, 18.x, 19.x): side attacks
 * (SOVIET: the front `sector`'s units; GERMAN: the Germans of sector
 * `sector`, commanded by the other player) */
void rt_combat_phase(struct ctx *c, struct rttr *st, int side, int sector);
/* 18.1, 18.2: Soviet unit u has entered hex h (by movement, retreat or
 * advance): each bridge hexside of h never checked is rolled for now
 * (1-3 destroyed, 4-6 safe for good), with a report line each. Retreats
 * and advances call it (fight.c); movement must call it after each hex
 * of a Soviet path. Returns how many bridges were rolled for (0: no
 * hexside changed). */
int rt_bridge_checks(struct ctx *c, struct rttr *st, int u, int h);
/* ruleset.resume: a 13.0 retreat or 14.0 advance pending at st (a
 * step's end in a combat) asked again from st alone, with the check
 * play() makes of its answer (fight.c says why); 0 for another
 * question */
int rt_resume(struct ctx *c, void *st, const struct question *next);

#endif
