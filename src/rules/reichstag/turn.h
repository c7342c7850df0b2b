/*
 * turn.h - Race to the Reichstag: the game turn (turn.c).
 */
#ifndef UMPIRE_RULES_REICHSTAG_TURN_H
#define UMPIRE_RULES_REICHSTAG_TURN_H

#include "state.h"

/* the game turn (ruleset.play); nothing else of the game calls into
 * turn.c: its phases' shared board is board.c */
void rt_play(struct ctx *c, void *st);

#endif
