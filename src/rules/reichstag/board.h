/*
 * board.h - Race to the Reichstag: the board every phase reads and
 * changes (board.c).
 */
#ifndef UMPIRE_RULES_REICHSTAG_BOARD_H
#define UMPIRE_RULES_REICHSTAG_BOARD_H

#include "state.h"

/* the movement rules of the lib's hexmove.h for this state; and for the
 * moves of unit u alone (rt_unit_rules: without the barrage cost of
 * 15.4 where u never pays it, so that its searches do not ask it at
 * every step) */
void rt_rules(const struct rttr *st, struct hex_rules *r);
void rt_unit_rules(const struct rttr *st, int u, struct hex_rules *r);
/* 10.x, 5.x, 9.0: whether u may stand in h with the units there (the
 * stacking limit, no enemy there) and, rt_may_stand, whether its side
 * may enter h at all as well */
int rt_stack_ok(const struct rttr *st, int u, int h);
int rt_may_stand(const struct rttr *st, int u, int h);
/* unit u on top of the stack of h (rt_relink: the stacks alone; rt_put:
 * the control it takes too, 21.2; rt_put_told: and reported) */
void rt_relink(struct rttr *t, int u, int h);
void rt_put(struct rttr *st, int u, int h);
void rt_put_told(struct ctx *c, struct rttr *st, int u, int h);
void rt_tell_control(struct ctx *c, const struct rttr *st, int h, int was);
void rt_pool_labels(const struct rttr *st, const char **labels);
/* 16.10 */
void rt_reveal_reichstag(struct ctx *c, struct rttr *st, const char *rule);
/* 15.4 */
int rt_in_barrage_zone(const struct rttr *st, int h);
int rt_barrage_extra(const void *user, int u, int a, int b);
/* 24.1-24.4: whether front f's unit in h traces a line of
 * communication (1 when the option is off) */
int rt_loc(const struct rttr *st, int f, int h);

#endif
