/*
 * turn.h - Race to the Reichstag: the game turn and the helpers its
 * phases share (turn.c).
 */
#ifndef UMPIRE_RULES_REICHSTAG_TURN_H
#define UMPIRE_RULES_REICHSTAG_TURN_H

#include "state.h"

void rt_play(struct ctx *c, void *st);
void rt_rules(const struct rttr *st, struct hex_rules *r);

/* for fog.c, fixed.c, options.c, fight.c and reinforce.c */
int rt_may_stand(const struct rttr *st, int u, int h);
void rt_put_told(struct ctx *c, struct rttr *st, int u, int h);
/* 21.2: the report of h's control, was the controller before */
void rt_tell_control(struct ctx *c, const struct rttr *st, int h, int was);
/* 16.10, 17.3: the Reichstag's undecided counters drawn and face up */
void rt_reveal_reichstag(struct ctx *c, struct rttr *st, const char *rule);

#endif
