/*
 * economy.c - Race to the Reichstag: the STAVKA point economy (6.x, the
 * SP table 27.3), forced march (6.5, 9.2), Maximum Effort (6.7) and
 * exhaustion (20.x).
 *
 * SP are spent only by Soviet fronts (6.1), in public: every spend is a
 * report line naming what it bought. The two players together may spend
 * at most 100 (6.2); a spend over that is refused, naming 6.2. Every SP
 * costs its spender one VP at the end (21.3: sp_spent, scored in
 * turn.c). An exhausted front pays double for everything (20.3, 27.3).
 *
 * Called from turn.c's phase functions (marked "economy.c" there); the
 * questions all have standing answers (ruleset.c) that spend nothing.
 */
#include <stdio.h>
#include <string.h>
#include "umpire/strbuf.h"
#include "state.h"
#include "economy.h"
#include "board.h"

/* 27.3: the printed cost of a function, doubled for an exhausted front
 * (20.3; 27.3's note) */
int rt_sp_cost(const struct rttr *st, int p, int base)
{
	return st->exhausted[p] ? 2 * base : base;
}

/* 27.3: replacing unit u (8.2): a corps 4 (the table names tank and
 * mechanized corps), a division 2, a brigade, regiment or group 2.
 * Reading: any other size (battalion, other) costs 2, as the smallest
 * line of the table. */
int rt_sp_replace_base(const struct rttr *st, int u)
{
	int base = st->u[u].size == SZ_CORPS ? 4 : 2;

	/* 23.3 (Prepared Defence; rfixed5): half price; an exhausted front
	 * pays the normal value, which 20.3's doubling of the half gives */
	return st->opt_prepared ? base / 2 : base;
}

/* 6.2: whether player p may spend `cost` SP now; 0, or -1 with why. */
int rt_sp_check(const struct rttr *st, int p, int cost, const char *what,
		char *why, size_t size)
{
	int spent = st->sp_spent[P1BF] + st->sp_spent[P1UF];

	if (spent + cost <= RT_SP_CAP)
		return 0;
	snprintf(why, size, "%s costs %d SP%s, and the two players together "
		 "may spend at most %d SP (6.2: %d spent, %d left)", what,
		 cost, st->exhausted[p] ? " (doubled: exhausted, 20.3)" : "",
		 RT_SP_CAP, spent, RT_SP_CAP - spent);
	return -1;
}

/* Spend `cost` SP for player p (already checked), with the public report
 * line (6.1) and the VP it will cost (21.3). */
void rt_sp_spend(struct ctx *c, struct rttr *st, int p, int cost,
		 const char *rule, const char *what)
{
	st->sp_spent[p] += cost;
	ctx_event(c, rule, "The %s spends %d SP on %s (%s%s; %d spent in "
		  "all, %d of the %d left to both; 21.3: -%d VP).",
		  rt_side_names[p], cost, what, rule,
		  st->exhausted[p] ? ", doubled: exhausted, 20.3" : "",
		  st->sp_spent[p], RT_SP_CAP - st->sp_spent[P1BF] -
		  st->sp_spent[P1UF], RT_SP_CAP, cost);
}

/* ---- 6.7 Maximum Effort ---- */

/* At the start of front p's Soviet PT: declare a Maximum Effort? (10 SP,
 * once a game; the movement phase becomes a second combat phase). */
void rt_max_effort(struct ctx *c, struct rttr *st, int p)
{
	struct question q;
	char why[200];
	int cost = rt_sp_cost(st, p, 10);

	st->max_effort_now = 0;
	if (st->max_effort_used[p])
		return;
	if (rt_sp_check(st, p, cost, "a Maximum Effort", why, sizeof why))
		return;
	q_init(&q, "6.7", "max-effort", rt_side_names[p], "6.7: declare a "
	       "Maximum Effort for %d SP (once a game: no movement phase "
	       "this PT, two combat phases)? no or yes.", cost);
	q_add(&q, "no");
	q_add(&q, "yes");
	if (ctx_ask(c, &q) != 1)
		return;
	st->max_effort_used[p] = 1;
	st->max_effort_now = 1;
	rt_sp_spend(c, st, p, cost, "6.7", "a Maximum Effort");
	ctx_event(c, "6.7", "The %s declares a Maximum Effort: its movement "
		  "phase is a second combat phase this turn.",
		  rt_side_names[p]);
}

/* ---- 6.5 forced march ---- */

/* A move answer that ends in " forced" (6.5: the unit spends SP as it
 * begins to move): the move without that word into buf; 1 if it was
 * there. */
int rt_forced_strip(const char *ans, char *buf, size_t size)
{
	size_t n = strlen(ans), k = strlen(" forced");

	str_copy(buf, size, ans);
	if (n > k && n < size && !strcmp(ans + n - k, " forced")) {
		buf[n - k] = '\0';
		return 1;
	}
	return 0;
}

/* Whether unit u may make a forced march now: a Soviet unit (6.1), once
 * a movement phase (6.5), within the cap (6.2). 0, or -1 with why. */
int rt_forced_check(const struct rttr *st, int u, char *why, size_t size)
{
	int p = st->front[u];

	if (st->u[u].side != SOVIET || p >= PLAYERS)
		return snprintf(why, size, "only Soviet units use SP: no "
				"forced march for %s (6.1)", st->u[u].id), -1;
	if (st->flags[u] & F_FORCED)
		return snprintf(why, size, "%s has made its forced march this "
				"phase: 1 SP a unit a movement phase (6.5)",
				st->u[u].id), -1;
	/* 24.5 (board.c; rfixed5): with the LOC option the starting
	 * hex must trace a line of communication */
	if (!rt_loc(st, p, st->u[u].hex))
		return snprintf(why, size, "%s traces no line of "
				"communication from its hex: no forced march "
				"(24.5)", st->u[u].id), -1;
	/* 6.5: 1 SP a unit (reading, scenario notes: 27.3's "3" is the
	 * MP gained) */
	return rt_sp_check(st, p, rt_sp_cost(st, p, 1), "a forced march",
			   why, size);
}

/* 6.5: unit u begins a forced march: SP spent, +3 MP this phase */
void rt_forced_spend(struct ctx *c, struct rttr *st, int u)
{
	char what[48];
	int p = st->front[u];

	st->flags[u] |= F_FORCED;
	snprintf(what, sizeof what, "a forced march of %s", st->u[u].id);
	rt_sp_spend(c, st, p, rt_sp_cost(st, p, 1), "6.5", what);
}

/* 9.2, 6.5, 25.2: the MP forced march adds to Soviet unit u (half MPs):
 * 3 (6 -> 9), or 6 for a high-mobility unit under option 25 (12). */
int rt_forced_bonus(const struct rttr *st, int u)
{
	if (!(st->flags[u] & F_FORCED))
		return 0;
	return (st->opt_hm && (st->u[u].tags & T_HM) ? 6 : 3) * HALF;
}

/* ---- 20.x exhaustion ---- */

/* 20.2: the front's corps and divisions in the eliminated pile (reading:
 * that front's own units, scenario notes) */
int rt_exhaust_count(const struct rttr *st, int p)
{
	int u, n = 0;

	for (u = 0; u < st->n_units; u++)
		n += st->u[u].side == SOVIET && st->front[u] == p &&
		     st->u[u].where == U_ELIMINATED &&
		     (st->u[u].size == SZ_CORPS || st->u[u].size == SZ_DIV);
	return n;
}

/* 20.2, 20.3: front p's exhaustion phase: 2d6 less than the count is
 * exhaustion, for good. */
void rt_exhaustion_phase(struct ctx *c, struct rttr *st, int p)
{
	int n = rt_exhaust_count(st, p), a, b;

	st->max_effort_now = 0;     /* 6.7: this PT's Maximum Effort ends */
	if (st->exhausted[p]) {
		ctx_event(c, "20.3", "The %s is exhausted for good: no roll "
			  "(20.3).", rt_side_names[p]);
		return;
	}
	ctx_draw_for(c, rt_side_names[p]);
	a = ctx_die(c, "20.2 exhaustion", 6);
	b = ctx_die(c, "20.2 exhaustion", 6);
	ctx_draw_for(c, NULL);
	if (a + b < n) {
		st->exhausted[p] = 1;
		ctx_event(c, "20.2", "%s exhaustion: 2d6 %d + %d = %d, less "
			  "than its %d corps and divisions eliminated: the %s "
			  "is exhausted (20.3: SP costs doubled, for good).",
			  rt_side_names[p], a, b, a + b, n, rt_side_names[p]);
	} else {
		ctx_event(c, "20.2", "%s exhaustion: 2d6 %d + %d = %d, not less "
			  "than its %d corps and divisions eliminated: not "
			  "exhausted.", rt_side_names[p], a, b, a + b, n);
	}
}
