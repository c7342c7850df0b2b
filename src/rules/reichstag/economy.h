/*
 * economy.h - Race to the Reichstag: supply points, forced march and
 * exhaustion (economy.c).
 */
#ifndef UMPIRE_RULES_REICHSTAG_ECONOMY_H
#define UMPIRE_RULES_REICHSTAG_ECONOMY_H

#include "state.h"

/* 6.x, 27.3, 20.x */
int rt_sp_cost(const struct rttr *st, int p, int base);
int rt_sp_replace_base(const struct rttr *st, int u);
int rt_sp_check(const struct rttr *st, int p, int cost, const char *what,
		char *why, size_t size);
void rt_sp_spend(struct ctx *c, struct rttr *st, int p, int cost,
		 const char *rule, const char *what);
void rt_max_effort(struct ctx *c, struct rttr *st, int p);
int rt_forced_strip(const char *ans, char *buf, size_t size);
int rt_forced_check(const struct rttr *st, int u, char *why, size_t size);
void rt_forced_spend(struct ctx *c, struct rttr *st, int u);
int rt_forced_bonus(const struct rttr *st, int u);
int rt_exhaust_count(const struct rttr *st, int p);
void rt_exhaustion_phase(struct ctx *c, struct rttr *st, int p);

#endif
