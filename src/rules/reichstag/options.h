/*
 * options.h - Race to the Reichstag: the optional rules (options.c).
 */
#ifndef UMPIRE_RULES_REICHSTAG_OPTIONS_H
#define UMPIRE_RULES_REICHSTAG_OPTIONS_H

#include "state.h"

/* 22.5: the Me-262 placed at the start of a German combat phase of
 * sector sec (commanded by who), removed at its end */
void rt_me262_phase(struct ctx *c, struct rttr *st, int sec, int who);
void rt_me262_off(struct ctx *c, struct rttr *st);
/* 26.1: a move answer ending " west" (1, the rest in buf); whether
 * unit u may leave by the west edge at all (0, or -1 with why); a west
 * edge hex; the unit leaves */
int rt_west_strip(const char *ans, char *buf, size_t size);
int rt_west_check(const struct rttr *st, int u, char *why, size_t size);
int rt_west_edge(const struct rttr *st, int h);
void rt_west_leave(struct ctx *c, struct rttr *st, int u);
/* 26.1: strategic marker u was captured; if it is the Fuehrerbunker
 * (by its name), rttr.fb_captured is set */
void rt_fuehrerbunker_taken(struct ctx *c, struct rttr *st, int u);
/* 22.1 Hitler Fantasy at the start of a German PT of sector sec */
void rt_hitler_phase(struct ctx *c, struct rttr *st, int sec, int who);

#endif
