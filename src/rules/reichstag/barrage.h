/*
 * barrage.h - Race to the Reichstag: artillery barrage (barrage.c).
 */
#ifndef UMPIRE_RULES_REICHSTAG_BARRAGE_H
#define UMPIRE_RULES_REICHSTAG_BARRAGE_H

#include "state.h"

/* 15.x, 17.4 */
void rt_barrage_phase(struct ctx *c, struct rttr *st, int p);
int rt_barrage_remove(struct rttr *st, int p);
void rt_barrage_reindex(struct rttr *st);

#endif
