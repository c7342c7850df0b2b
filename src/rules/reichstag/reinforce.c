/*
 * reinforce.c - Race to the Reichstag: Soviet replacements (8.1, 8.2,
 * 6.4, 27.3): in its reinforcement phase a front buys back its own
 * eliminated units with SP (a corps 4, any other unit 2; doubled when
 * exhausted, 20.3; refused over the 6.2 cap). A unit replaced is due at
 * once (arrive = this GT) and enters with the reinforcements, as 7.1
 * says: turn.c's 7.1 placement (the "place" question, in the unit's own
 * entry or set-up zone; delayed only if it cannot enter). Germans get no
 * replacements (8.1; 16.3 and 16.7 are theirs).
 *
 * 24.5 (option loc): besides 7.1, a replacement may enter within 1 hex
 * of a unit of its front, in a hex free of enemy units and enemy ZOC
 * that traces a line of communication (rt_replace_hex, which turn.c's
 * placement asks; "auto" still takes a 7.1 hex first). *Reading*: the
 * hex is in the front's own sector (5.2); any unit of the front on the
 * map when the replacement is placed counts (one placed earlier in the
 * same phase too).
 */
#include <stdio.h>
#include <string.h>
#include "state.h"
#include "economy.h"
#include "options.h"
#include "reinforce.h"
#include "board.h"

/* ---- 8.2 replacements ---- */

struct rp_check {
	struct rttr *st;
	int p, u, cost;
};

static int replaceable(const struct rttr *st, int p, int u)
{
	return st->u[u].side == SOVIET && st->front[u] == p &&
	       st->u[u].where == U_ELIMINATED;
}

static int check_replace(void *user, const char *ans, char *why,
			 size_t size)
{
	struct rp_check *r = user;
	char what[64];

	r->u = -1;
	if (!strcmp(ans, "done"))
		return 0;
	r->u = rt_unit_find(r->st, ans);
	if (r->u < 0 || !replaceable(r->st, r->p, r->u)) {
		r->u = -1;
		return snprintf(why, size, "%s is not an eliminated unit of "
				"the %s (8.2: no replacement into the other "
				"front)", ans, rt_side_names[r->p]), -1;
	}
	r->cost = rt_sp_cost(r->st, r->p, rt_sp_replace_base(r->st, r->u));
	snprintf(what, sizeof what, "replacing %s", ans);
	return rt_sp_check(r->st, r->p, r->cost, what, why, size);
}

static void replacements(struct ctx *c, struct rttr *st, int p)
{
	struct rp_check r = { st, p, -1, 0 };
	struct question q;
	const char *ans;
	char why[200], what[64];
	int u, n;

	for (;;) {
		q_init(&q, "8.2", "replace", rt_side_names[p], "8.2 "
		       "replacements (27.3: a corps %d SP, a division, "
		       "brigade, regiment or group %d SP): UNIT, or done. "
		       "Eliminated:", rt_sp_cost(st, p, 4),
		       rt_sp_cost(st, p, 2));
		for (u = n = 0; u < st->n_units; u++)
			if (replaceable(st, p, u) &&
			    strlen(q.text) + 10 < sizeof q.text) {
				strcat(q.text, " ");
				strcat(q.text, st->u[u].id);
				n++;
			}
		if (n == 0)
			return;
		q_add(&q, "done");
		/* examples: the first units that may be replaced now */
		for (u = 0; u < st->n_units && q.n < 4; u++)
			if (replaceable(st, p, u) &&
			    check_replace(&r, st->u[u].id, why, sizeof why) ==
			    0) {
				q_add(&q, "%s", st->u[u].id);
				q_target(&q, "unit", st->u[u].id);
			}
		q.form = "unit";
		ans = ctx_ask_text(c, &q, check_replace, &r);
		if (check_replace(&r, ans, why, sizeof why) || r.u < 0)
			return;
		snprintf(what, sizeof what, "replacing %s", st->u[r.u].id);
		rt_sp_spend(c, st, p, r.cost, "8.2", what);
		st->u[r.u].where = U_WAITING;
		st->u[r.u].hex = HEX_NONE;
		st->due[r.u] = (int8_t)st->turn;        /* 8.2: as 7.1 */
		st->elim_by[r.u] = -1;
		st->flags[r.u] |= F_REPLACED;           /* 24.5 */
	}
}

/* ---- 24.5 replacement entry ---- */

int rt_replace_hex(const struct rttr *st, int u, int h)
{
	struct hex_rules r;
	int f = st->front[u], k;

	if (!st->opt_loc || !(st->flags[u] & F_REPLACED) || h < 0 ||
	    st->u[u].side != SOVIET || rt_sector(st, h) != f)
		return 0;
	for (k = st->occ[h]; k >= 0; k = st->next[k])
		if (st->u[k].side != SOVIET)
			return 0;               /* an enemy unit there */
	if (!rt_unit_within_1(st, h, SOVIET, f, u))
		return 0;
	rt_rules(st, &r);
	if (hex_in_enemy_zoc(&r, SOVIET, h))
		return 0;
	return rt_loc(st, f, h);
}

/* 4.0 I.A, III.A: the start of front p's reinforcement phase: 6.7 (the
 * start of the PT), then 8.2 replacements; turn.c's 7.1 placement
 * follows, and places the units replaced with the reinforcements. */
void rt_soviet_reinf_phase(struct ctx *c, struct rttr *st, int p)
{
	rt_max_effort(c, st, p);
	replacements(c, st, p);
}
