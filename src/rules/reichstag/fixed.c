/*
 * fixed.c - Race to the Reichstag: what the German fixed units do in a
 * German reinforcement phase (16.x). The command post's +1 drm (16.2)
 * is in turn.c's movement roll, the flak tower (16.4) in combat, the
 * strategic markers' VP (16.6, 21.2) in the score; the flips (16.8) in
 * turn.c and fog.c.
 *
 * 16.3 emergency airfield: place 2 of "the other player's" eliminated
 * fixed infantry within 1 hex of it, then it is removed for good.
 * 16.7 supply depot: place 1 of "the other player's" eliminated mobile
 * units within 1 hex of it, ignoring enemy ZOC, then it is removed.
 * Reading (GAP.md 19, notes): "the other player's" dead pile is the
 * German units eliminated in the airfield's or depot's sector (by that
 * sector's Soviets: rttr.elim_by), i.e. units this German commander
 * lost; the airfield's placements may not be in an enemy ZOC (16.7 says
 * "ignoring EZOC" and 16.3 does not); a unit comes back face up; the
 * airfield brings back up to 2 (as many as there are).
 * 16.5 sniper: placed when drawn (set-up: its set-up zone, 3.5, 3.6) or
 * held in hand (private: rt_sees shows a held counter to its holder
 * only) and placed in a later German reinforcement phase of the player
 * who drew it, face down, within 4 hexes of a German unit other than a
 * sniper that he commands, in that unit's sector, in any hex a German
 * may stand in (behind the Soviet line too).
 * Every question has the standing answer "none" (snipers: "hold").
 */
#include <stdio.h>
#include <string.h>
#include "state.h"
#include "fixed.h"
#include "board.h"
#include "../lib/hexorders.h"

struct use_check {
	struct rttr *st;        /* the live state: an answer is tried on
				   it and put back (check_use) */
	int fixed;      /* the airfield or depot */
	int sec, who;
	int max;        /* 16.3: 2, 16.7: 1 */
	int n;          /* units in the last answer checked */
	int unit[2], hex[2];
	/* what a check changes on st: the units placed (their where and
	 * hex before) and the stacks */
	uint8_t was_where[2];
	int16_t was_hex[2];
	int16_t occ[HEX_MAX], next[HEX_UNITS_MAX];
};

/* Whether unit u is in the dead pile this fixed unit draws from */
static int returnable(const struct rttr *st, int fixed, int sec, int u)
{
	const struct hunit *un = &st->u[u];

	if (un->side != GERMAN || un->where != U_ELIMINATED ||
	    st->elim_by[u] != sec || st->front[u] != sec)
		return 0;
	if (st->u[fixed].type == TY_AIRSTRIP)    /* 16.3 */
		return (un->tags & T_FIXED) && un->type == TY_FIXINF;
	return !(un->tags & T_FIXED);            /* 16.7 */
}

static int check_use_on(struct use_check *k, const char *ans, char *why,
			size_t size);

/* An answer tried on the live state, then put back as it was: the same
 * checks as on a copy of the state, without copying it for each answer. */
static int check_use(void *user, const char *ans, char *why, size_t size)
{
	struct use_check *k = user;
	struct rttr *st = k->st;
	int rc, i;

	k->n = 0;
	if (strcmp(ans, "none") == 0)
		return 0;
	memcpy(k->occ, st->occ, sizeof st->occ);
	memcpy(k->next, st->next, sizeof st->next);
	rc = check_use_on(k, ans, why, size);
	for (i = k->n - 1; i >= 0; i--) {
		st->u[k->unit[i]].where = k->was_where[i];
		st->u[k->unit[i]].hex = k->was_hex[i];
	}
	memcpy(st->occ, k->occ, sizeof st->occ);
	memcpy(st->next, k->next, sizeof st->next);
	return rc;
}

static int check_use_on(struct use_check *k, const char *ans, char *why,
			size_t size)
{
	struct rttr *t = k->st;
	const char *rule = k->max == 2 ? "16.3" : "16.7";
	struct hex_rules r;
	char w[16], x[8];
	const char *p = ans;
	int u, h, f = k->fixed;

	while (hex_next_word(&p, w, sizeof w)) {
		if (k->n == k->max)
			return snprintf(why, size, "at most %d unit%s (%s)",
					k->max, k->max == 1 ? "" : "s", rule),
			       -1;
		u = rt_unit_find(t, w);
		if (u < 0 || !returnable(t, f, k->sec, u))
			return snprintf(why, size, "%s is not one of your "
					"units eliminated in this sector that "
					"%s brings back (%s)", w, t->u[f].id,
					rule), -1;
		if (!hex_next_word(&p, x, sizeof x) ||
		    (h = hex_parse(&t->map, x)) < 0)
			return snprintf(why, size, "give UNIT HEX%s, or none "
					"(%s)", k->max == 2 ? " [UNIT HEX]" :
					"", rule), -1;
		if (hex_distance(&t->map, h, t->u[f].hex) > 1)
			return snprintf(why, size, "%s is not within 1 hex of "
					"%s (%s)", x, t->u[f].id, rule), -1;
		if (!rt_may_stand(t, u, h))
			return snprintf(why, size, "%s may not be placed in "
					"%s: the stacking limit, an enemy "
					"there, or the Reichstag (%s, 10.3, "
					"5.6)", t->u[u].id, x, rule), -1;
		rt_rules(t, &r);
		if (k->max == 2 && hex_in_enemy_zoc(&r, GERMAN, h))
			return snprintf(why, size, "%s is in an enemy zone of "
					"control (16.3; only the supply depot "
					"ignores it, 16.7)", x), -1;
		k->was_where[k->n] = t->u[u].where;
		k->was_hex[k->n] = t->u[u].hex;
		k->unit[k->n] = u;
		k->hex[k->n++] = h;
		t->u[u].where = U_MAP;
		t->u[u].hex = (int16_t)h;
		rt_reindex(t);
	}
	if (k->n == 0)
		return snprintf(why, size, "give UNIT HEX, or none (%s)", rule),
		       -1;
	return 0;
}

/* One legal example answer, after "none" */
static void use_examples(struct question *q, struct use_check *k)
{
	char buf[Q_OPTION_LEN], x[8], why[200];
	int16_t near[8];
	int u, i, n;

	n = hex_within_region(&k->st->map, k->st->u[k->fixed].hex, 1, -1,
			      near, 8);
	for (u = 0; u < k->st->n_units; u++) {
		if (!returnable(k->st, k->fixed, k->sec, u))
			continue;
		for (i = 0; i < n; i++) {
			snprintf(buf, sizeof buf, "%s %s", k->st->u[u].id,
				 hex_id(near[i], x));
			if (check_use(k, buf, why, sizeof why) == 0) {
				q_add(q, "%s", buf);
				q_target(q, "unit", k->st->u[u].id);
				hex_target(q, near[i]);
				return;
			}
		}
	}
}

static void use_fixed(struct ctx *c, struct rttr *st, int f, int sec,
		      int who)
{
	struct use_check k;
	struct question q;
	const char *ans, *rule;
	char why[200], x[8];
	int u, i, any = 0;

	for (u = 0; u < st->n_units; u++)
		any |= returnable(st, f, sec, u);
	if (!any)
		return;
	memset(&k, 0, sizeof k);
	k.st = st;
	k.fixed = f;
	k.sec = sec;
	k.who = who;
	k.max = st->u[f].type == TY_AIRSTRIP ? 2 : 1;
	rule = k.max == 2 ? "16.3" : "16.7";
	q_init(&q, rule, "depot", rt_side_names[who], "%s %s at %s: bring "
	       "back %s eliminated in this sector within 1 hex of it%s, "
	       "after which it is removed for good: %s, or none.", rule,
	       k.max == 2 ? "emergency airfield" : "supply depot",
	       hex_id(st->u[f].hex, x), k.max == 2 ?
	       "up to 2 fixed infantry" : "1 mobile unit", k.max == 2 ?
	       ", not into an enemy ZOC" : ", ignoring enemy ZOC",
	       k.max == 2 ? "UNIT HEX [UNIT HEX]" : "UNIT HEX");
	q_add(&q, "none");
	use_examples(&q, &k);
	q.form = "unit hex";    /* (an airfield's second UNIT HEX typed) */
	ans = ctx_ask_text(c, &q, check_use, &k);
	if (check_use(&k, ans, why, sizeof why) || k.n == 0)
		return;
	for (i = 0; i < k.n; i++) {
		u = k.unit[i];
		st->elim_by[u] = -1;
		st->flags[u] = 0;
		st->known[u] = (1 << P1BF) | (1 << P1UF);
		st->front[u] = (uint8_t)sec;
		rt_put_told(c, st, u, k.hex[i]);
		ctx_event(c, rule, "%s (%s) comes back at %s by %s.",
			  st->u[u].id, st->u[u].name, hex_id(k.hex[i], x),
			  st->u[f].id);
	}
	/* removed for good: off the map, in nobody's dead pile */
	ctx_event(c, rule, "%s (%s) at %s is used and removed for good.",
		  st->u[f].id, st->u[f].name, hex_id(st->u[f].hex, x));
	st->flags[f] &= (uint16_t)~F_FACEDOWN;
	st->known[f] = (1 << P1BF) | (1 << P1UF);
	st->u[f].where = U_ELIMINATED;
	st->u[f].hex = HEX_NONE;
	st->elim_by[f] = -1;
	rt_reindex(st);
}

/* ---- 16.5 snipers ---- */

struct sniper_check {
	struct rttr *st;
	int sniper, sec, who;
	int hex;        /* -1: hold */
};

static int check_sniper_on(struct sniper_check *k, const char *ans,
			   char *why, size_t size);

/* An answer tried with the sniper's sector set on the live state, put
 * back after (the one field a check changes). */
static int check_sniper(void *user, const char *ans, char *why,
			size_t size)
{
	struct sniper_check *k = user;
	uint8_t front = k->st->front[k->sniper];
	int rc;

	rc = check_sniper_on(k, ans, why, size);
	k->st->front[k->sniper] = front;
	return rc;
}

static int check_sniper_on(struct sniper_check *k, const char *ans,
			   char *why, size_t size)
{
	struct rttr *t = k->st;
	int s = k->sniper, h, u, near = 0;

	k->hex = -1;
	if (strcmp(ans, "hold") == 0)
		return 0;
	h = hex_parse(&k->st->map, ans);
	if (h < 0)
		return snprintf(why, size, "give a HEX, or hold (16.5)"), -1;
	t->front[s] = (uint8_t)k->sec;
	for (u = 0; u < t->n_units && !near; u++)
		near = t->u[u].side == GERMAN && t->u[u].where == U_MAP &&
		       t->u[u].type != TY_SNIPER &&
		       rt_commander(t, u) == k->who &&
		       t->front[u] == k->sec &&
		       hex_distance(&t->map, t->u[u].hex, h) <= 4;
	if (!near)
		return snprintf(why, size, "%s is not within 4 hexes of a "
				"German unit (not a sniper) you command in "
				"this sector (16.5)", ans), -1;
	if (!rt_may_stand(t, s, h))
		return snprintf(why, size, "a German unit may not be placed "
				"in %s: the stacking limit, an enemy there, "
				"or the Reichstag (16.5, 10.3, 5.6)", ans), -1;
	k->hex = h;
	return 0;
}

static void place_sniper(struct ctx *c, struct rttr *st, int s, int sec,
			 int who)
{
	struct sniper_check k;
	struct question q;
	const char *ans;
	char why[200], x[8];
	int h, end = hex_end(&st->map);

	memset(&k, 0, sizeof k);
	k.st = st;
	k.sniper = s;
	k.sec = sec;
	k.who = who;
	q_init(&q, "16.5", "sniper", rt_side_names[who], "16.5: place %s, "
	       "held in hand, face down within 4 hexes of a German unit "
	       "(not a sniper) you command in the %s sector: HEX, or hold.",
	       st->u[s].id, rt_side_names[sec]);
	q_add(&q, "hold");
	for (h = 0; h < end && q.n < 3; h++)
		if (check_sniper(&k, hex_id(h, x), why, sizeof why) == 0) {
			q_add(&q, "%s", x);
			hex_target(&q, h);
		}
	q.form = "hex";
	ans = ctx_ask_text(c, &q, check_sniper, &k);
	if (check_sniper(&k, ans, why, sizeof why) || k.hex < 0)
		return;
	h = k.hex;
	st->holder[s] = -1;
	st->flags[s] = F_FACEDOWN;
	st->placed_by[s] = (int8_t)who;
	st->known[s] |= (uint8_t)(1 << who);
	st->front[s] = (uint8_t)sec;
	rt_put_told(c, st, s, h);
	hex_id(h, x);
	/* GAP.md 2.2 (4), (6): the identity to the placer, the fact to all */
	ctx_event_to(c, rt_side_names[who], "16.5", "You place %s face down "
		     "at %s.", st->u[s].id, x);
	ctx_event(c, "16.5", "The %s player places a face-down counter at "
		  "%s.", rt_side_names[who], x);
	ctx_mark(c, rt_side_names[who], "placed", x, "", st->u[s].id);
	ctx_mark(c, "", "placed", x, "", "face down");
}

void rt_fixed_reinf(struct ctx *c, struct rttr *st, int sec, int who)
{
	int u;

	for (u = 0; u < st->n_units; u++)
		if (st->u[u].side == GERMAN && st->u[u].where == U_MAP &&
		    st->front[u] == sec &&
		    (st->u[u].type == TY_DEPOT ||
		     st->u[u].type == TY_AIRSTRIP))
			use_fixed(c, st, u, sec, who);
	for (u = 0; u < st->n_units; u++)
		if (st->u[u].type == TY_SNIPER &&
		    st->u[u].where == U_WAITING && st->holder[u] == who)
			place_sniper(c, st, u, sec, who);
}

/* 16.3: an emergency airfield may be placed only on a road hex (a hex
 * with a road hexside) or an airfield hex (terrain or feature) */
int rt_airstrip_ok(const struct rttr *st, int h)
{
	unsigned f = hex_feature(&st->map, "airfield");
	int d;

	if (h < 0 || (f && (st->map.feat[h] & f)) ||
	    strcmp(st->map.terrain[st->map.terr[h]].name, "airfield") == 0)
		return h >= 0;
	for (d = 0; d < 6; d++)
		if (hex_side_has(&st->map, h, d, HS_ROAD))
			return 1;
	return 0;
}
