/*
 * turn.c - Race to the Reichstag: the sequence of play (4.0), set-up
 * (3.x), movement (9.x), the flips of 16.8 (2) and 16.10, engineers put
 * in place for movement (19.2) and victory (21.x); the board it moves on
 * (stacking 10.x, zones of control 11.x, 19.1's bridged hexsides) is
 * board.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "umpire/strbuf.h"
#include "state.h"
#include "barrage.h"
#include "board.h"
#include "economy.h"
#include "fight.h"
#include "fixed.h"
#include "fog.h"
#include "options.h"
#include "reinforce.h"
#include "turn.h"
#include "../lib/hexorders.h"
#include "../lib/hexplace.h"

enum { EXAMPLES = 24, ZONES = 4 };

static size_t append(char *buf, size_t len, size_t size, const char *s)
{
	/* snprintf(buf + len, size - len, "%s", s), without its cost (a
	 * question lists every unit this way) */
	size_t n = strlen(s), k;

	if (len < size) {
		k = n < size - len - 1 ? n : size - len - 1;
		memcpy(buf + len, s, k);
		buf[len + k] = '\0';
	}
	return len + n;
}


/* ---- set-up (3.x) ---- */

/* Whether unit u is placed in this set-up phase, into *region (a region
 * of the map, or -1: u's own hexes). */
static int to_place(const struct rttr *st, int u, int *region)
{
	const struct hunit *un = &st->u[u];

	*region = st->setup_region[u];
	if (un->where != U_WAITING || (st->flags[u] & F_HELD)) /* 16.5 */
		return 0;
	switch (st->phase) {
	case PH_S_DRAW_1BF:
		*region = st->rg.setup_german[P1UF];
		return st->holder[u] == P1BF;
	case PH_S_DRAW_1UF:
		*region = st->rg.setup_german[P1BF];
		return st->holder[u] == P1UF;
	case PH_S_GARRISON:
		/* step 0: the 1BF's 4 (front 1UF), step 1: the 1UF's 7 */
		*region = st->rg.setup_german[st->step ? P1BF : P1UF];
		return (un->tags & T_GARRISON) &&
		       st->front[u] == (st->step ? SEC_1BF : SEC_1UF);
	case PH_S_SPREE:
		return (un->tags & T_SPREE) != 0;
	case PH_S_56PK1:
		return (un->tags & T_56PK1) != 0;
	case PH_S_56PK2:
		return (un->tags & T_56PK2) != 0;
	case PH_S_1BF:
		return un->side == SOVIET && st->front[u] == SEC_1BF &&
		       un->arrive == 0;
	case PH_S_1UF:
		return un->side == SOVIET && st->front[u] == SEC_1UF &&
		       un->arrive == 0;
	case PH_S_OPTIONAL:
		/* 23.1 (1), (2) (rfixed5): XX Corps set up by the 1BF player
		 * in the 1UF sector (step 0), Steiner by the 1UF player in
		 * the 1BF sector (step 1), in the German set-up zone */
		if (!st->opt_prepared)
			return 0;
		*region = st->rg.setup_german[un->tags & T_XX ? P1UF : P1BF];
		return st->step == 0 ? (un->tags & T_XX) != 0 :
		       (un->tags & T_STEINER) != 0;
	case PH_1BF_REINF:
	case PH_1UF_REINF:
		/* 7.1: due on the date on its back, at its edge */
		return un->side == SOVIET && rt_due(st, u) >= 1 &&
		       rt_due(st, u) <= st->turn && st->front[u] ==
		       (st->phase == PH_1BF_REINF ? SEC_1BF : SEC_1UF);
	case PH_G1BF_REINF:
		*region = st->rg.setup_german[P1BF];
		return st->holder[u] == P1UF;
	case PH_G1UF_REINF:
		*region = st->rg.setup_german[P1UF];
		return st->holder[u] == P1BF;
	default:
		return 0;
	}
}

/* 7.3: a German fixed reinforcement stands within 1 hex of a German
 * unit of that sector, in no Soviet zone of control (no Soviet unit
 * there: stack_ok). */
static int german_reinforcement_hex(const struct rttr *st, int h, int sec)
{
	struct hex_rules r;

	if (!rt_unit_within_1(st, h, GERMAN, sec, -1))
		return 0;
	rt_rules(st, &r);
	return !hex_in_enemy_zoc(&r, GERMAN, h);
}

/* Whether h is in u's 7.1 zone: its region, or its own entry hexes */
static inline int zone71(const struct rttr *st, int u, int region, int h)
{
	int i;

	if (region >= 0)     /* (inline in hex.h: tried for every hex) */
		return hex_in_region(&st->map, h, region);
	for (i = 0; i < st->u[u].n_entry; i++)
		if (st->u[u].entry[i] == h)
			return 1;
	return 0;
}

/* The hexes of u's zone: its 7.1 zone; for a replacement with the
 * option loc also the 24.5 hexes (reinforce.c), tried last: they trace
 * a line of communication */
static int in_zone(const struct rttr *st, int u, int region, int h)
{
	return zone71(st, u, region, h) || rt_replace_hex(st, u, h);
}

/* The answer the engine last found legal through a check function,
 * while the state has not changed since (cleared when it does): the
 * check is a function of the state and the answer, so its results are
 * still in the check's struct and need not be made again. */
struct checked {
	int ok;
	char ans[96];
};

static void checked_note(struct checked *k, const char *ans, int rc)
{
	size_t n = strlen(ans);

	k->ok = rc == 0 && n < sizeof k->ans;
	if (k->ok)
		memcpy(k->ans, ans, n + 1);
}

static int checked_is(const struct checked *k, const char *ans)
{
	return k->ok && strcmp(k->ans, ans) == 0;
}

struct place_check {
	struct rttr *st;
	int who;
	int unit, hex;
	struct checked seen;    /* the engine's last legal answer */
	/* the hexes of region zone_region[i] (zone71), in hex order,
	 * made once (the map's regions never change; -2: none yet): the
	 * units of one question name a few regions, in turn */
	int zone_region[ZONES], n_zone[ZONES], zone_next;
	int16_t zone[ZONES][HEX_MAX];
	/* the placement policy's order of zone[i] (rt_place_zone), made
	 * when auto first places a counter there (policy_made[i]): a
	 * zone's counters are placed one after another */
	struct hex_place_zone policy[ZONES];
	int policy_made[ZONES];
	int16_t own[HEX_ENTRY_MAX];     /* a unit's own hexes, sorted */
	/* the counters this player places now (to_place, holder), in unit
	 * order, and their zones: made once per answer (place_todo), for
	 * the question, its examples and auto */
	int16_t todo[HEX_UNITS_MAX], todo_region[HEX_UNITS_MAX];
	uint8_t direct[HEX_UNITS_MAX];  /* place_direct of unit u (ids never
					   change); 2: not asked yet */
	int n_todo;
};

static int place_direct(const struct rttr *st, int u);

/* pc->todo: the units to place now by pc->who, as the state stands */
static void place_todo(struct place_check *pc)
{
	const struct rttr *st = pc->st;
	int u, region;

	pc->n_todo = 0;
	for (u = 0; u < st->n_units; u++)
		if (st->u[u].where == U_WAITING &&    /* to_place's first */
		    to_place(st, u, &region) &&
		    (st->holder[u] < 0 || st->holder[u] == pc->who)) {
			pc->todo[pc->n_todo] = (int16_t)u;
			pc->todo_region[pc->n_todo++] = (int16_t)region;
		}
}

/* The hexes h < hex_end for which zone71(st, u, region, h) holds, in
 * hex order (the order the placement loops try them in); *slot: where
 * pc keeps them (-1: a unit's own hexes, in pc->own until the next
 * call). */
static int zone_hexes(struct place_check *pc, int u, int region,
		      const int16_t **out, int *slot)
{
	const struct rttr *st = pc->st;
	const struct hunit *un = &st->u[u];
	int h, i, k, n = 0, end = hex_end(&st->map);

	if (region >= 0) {
		for (k = 0; k < ZONES && pc->zone_region[k] != region; k++)
			;
		if (k == ZONES) {    /* made, in the slots in turn */
			k = pc->zone_next;
			pc->zone_next = (k + 1) % ZONES;
			/* zone71's hexes for a region: the region's */
			pc->n_zone[k] = hex_region_hexes(&st->map, region,
							 pc->zone[k], HEX_MAX);
			pc->zone_region[k] = region;
			pc->policy_made[k] = 0;
		}
		*out = pc->zone[k];
		*slot = k;
		return pc->n_zone[k];
	}
	*slot = -1;
	/* its entries, each once, sorted (insertion) */
	for (i = 0; i < un->n_entry && i < HEX_ENTRY_MAX; i++) {
		h = un->entry[i];
		if (h < 0 || h >= end)
			continue;
		for (k = n; k > 0 && pc->own[k - 1] > h; k--)
			;
		if (k > 0 && pc->own[k - 1] == h)
			continue;
		memmove(pc->own + k + 1, pc->own + k,
			(size_t)(n - k) * sizeof *pc->own);
		pc->own[k] = (int16_t)h;
		n++;
	}
	*out = pc->own;
	return n;
}

static int find_unit(const void *user, const char *id)
{
	return rt_unit_find(user, id);
}

static int check_place(void *user, const char *ans, char *why,
		       size_t size);
static int place_at(struct place_check *pc, int u, int region, int h,
		    const char *hw, char *why, size_t size);
/* The checks of check_place after the answer is read: unit u (placed
 * now, in zone `region`) on hex h. 0: legal; else which check refuses
 * it (place_at words the refusal). */
enum { PL_OK, PL_AIRSTRIP, PL_REICHSTAG, PL_ZONE, PL_STACK, PL_NEAR };
static int place_fail(const struct place_check *pc, int u, int region,
		      int h);

/* Whether the answer "ID HEX" (ID unit u's id) is read back as unit u
 * and the hex, so that trying unit u on a hex may skip writing and
 * reading it (place_try): u's id is one word of the hex_next_word
 * buffer, found as u itself. */
static int place_direct(const struct rttr *st, int u)
{
	const char *id = st->u[u].id;
	size_t len = strlen(id);

	return len > 0 && len < 16 && len + 6 < Q_OPTION_LEN &&
	       !strchr(id, ' ') && rt_unit_find(st, id) == u;
}

/* check_place of "ID HEX" for unit u of this set-up phase (to_place,
 * region) on hex h, the answer written out only when it must be read
 * (direct 0). 0: legal. */
static int place_try(struct place_check *pc, int u, int region, int h,
		     int direct, char *why, size_t size)
{
	char buf[Q_OPTION_LEN], x[8];

	/* h's id reads back as h (hex_parse(hex_id(h)) == h: a hex of the
	 * map, its column and row two digits each), asked without writing
	 * and reading it: auto tries every hex of the zone */
	if (direct && h >= 0 && h < HEX_MAX &&
	    hex_index(&pc->st->map, hex_col(h), hex_row(h)) == h) {
		/* the refusal is not read here: not worded; legal, it is
		 * what place_at notes */
		if (place_fail(pc, u, region, h) != PL_OK)
			return -1;
		pc->unit = u;
		pc->hex = h;
		return 0;
	}
	snprintf(buf, sizeof buf, "%s %s", pc->st->u[u].id, hex_id(h, x));
	return check_place(pc, buf, why, size);
}

/* auto_place's legal(): unit u (of zone region) may be placed in h */
struct auto_try {
	struct place_check *pc;
	int u, region, direct;
};

static int auto_legal(const void *user, int h)
{
	const struct auto_try *t = user;
	char w[200];

	return place_try(t->pc, t->u, t->region, h, t->direct, w,
			 sizeof w) == 0;
}

/* "auto": the first counter to place, at the hex the placement policy
 * (hexplace.h, umpire-orders(5)) picks among the legal hexes of its
 * zone: near the objective hexes of the zone (of the map when the zone
 * has none), spread, never a corner; a replacement takes a 7.1 hex
 * before a 24.5 one (reading: auto changes nothing the option does not
 * need to). The policy asks the checks of a zone hex only where it
 * would take it. */
static int auto_place(struct place_check *pc, char *why, size_t size)
{
	const struct rttr *st = pc->st;
	const int16_t *zone;
	char w[200];
	int16_t cand[HEX_MAX];
	int u, i, j, n, k, h, region, direct, slot, end = hex_end(&st->map);
	struct auto_try t;
	struct hex_place_zone *z, *own;

	for (j = 0; j < pc->n_todo; j++) {
		u = pc->todo[j];
		region = pc->todo_region[j];
		if (pc->direct[u] == 2)
			pc->direct[u] = (uint8_t)place_direct(st, u);
		direct = pc->direct[u];
		n = zone_hexes(pc, u, region, &zone, &slot);
		t = (struct auto_try){ pc, u, region, direct };
		own = NULL;
		if (slot < 0) {
			/* a unit's own hexes: their order its own, freed
			 * before any question is asked */
			z = own = xmalloc(sizeof *own);
			rt_place_zone(own, st, zone, n, zone, n);
		} else {
			z = &pc->policy[slot];
			if (!pc->policy_made[slot])
				rt_place_zone(z, st, zone, n, zone, n);
			pc->policy_made[slot] = 1;
		}
		i = rt_place_pick(st, pc->who, st->u[u].side, z, auto_legal,
				  &t);
		free(own);
		if (i >= 0)
			return place_try(pc, u, region, zone[i], direct, why,
					 size);
		/* 24.5: the hexes next to a unit of its front */
		k = 0;
		if (st->opt_loc && (st->flags[u] & F_REPLACED))
			for (h = 0; h < end; h++)
				if (!zone71(st, u, region, h) &&
				    rt_replace_hex(st, u, h) &&
				    place_try(pc, u, region, h, direct, w,
					      sizeof w) == 0)
					cand[k++] = (int16_t)h;
		if (k == 0)
			continue;
		i = rt_place_policy(st, pc->who, st->u[u].side, cand, k,
				    zone, n, NULL, NULL);
		return place_try(pc, u, region, cand[i], direct, why, size);
	}
	return snprintf(why, size, "no counter has a legal hex left (3.1, "
			"10.0)"), -1;
}

/* "UNIT HEX": a unit placed now, a hex of its zone (3.5-3.12), the
 * stacking limits (3.1: they apply at set-up; 10.x), never the Reichstag
 * (5.6); or "auto". The refusal never names a hidden counter. */
static int check_place(void *user, const char *ans, char *why, size_t size)
{
	struct place_check *pc = user;
	const struct rttr *st = pc->st;
	char w[2][16], x[8];
	const char *p = ans;
	int u, h, region;

	if (!strcmp(ans, "auto"))
		return auto_place(pc, why, size);
	if (!hex_next_word(&p, w[0], sizeof w[0]) ||
	    !hex_next_word(&p, w[1], sizeof w[1]) ||
	    hex_next_word(&p, x, sizeof x))
		return snprintf(why, size, "give UNIT HEX, one counter an "
				"answer (3.1)"), -1;
	u = rt_unit_find(st, w[0]);
	if (u < 0 || !to_place(st, u, &region) ||
	    (st->u[u].side == GERMAN && st->holder[u] >= 0 &&
	     st->holder[u] != pc->who))
		return snprintf(why, size, "%s is not a counter you place now "
				"(%s)", w[0], rt_phase_titles[st->phase]), -1;
	/* 16.5: a sniper drawn may be kept in hand (fixed.c) */
	if (strcmp(w[1], "hold") == 0 && st->u[u].type == TY_SNIPER &&
	    st->holder[u] == pc->who) {
		pc->unit = u;
		pc->hex = -1;
		return 0;
	}
	h = hex_parse(&st->map, w[1]);
	if (h < 0)
		return snprintf(why, size, "%s is not a hex of the map%s",
				w[1], st->u[u].type == TY_SNIPER ?
				" (or hold: 16.5)" : ""), -1;
	return place_at(pc, u, region, h, w[1], why, size);
}

static int place_fail(const struct place_check *pc, int u, int region,
		      int h)
{
	const struct rttr *st = pc->st;

	if (st->u[u].type == TY_AIRSTRIP && !rt_airstrip_ok(st, h))
		return PL_AIRSTRIP;
	if (h == rt_reichstag_hex(st))
		return PL_REICHSTAG;
	if (!in_zone(st, u, region, h))
		return PL_ZONE;
	if (!rt_stack_ok(st, u, h))
		return PL_STACK;
	if ((st->phase == PH_G1BF_REINF || st->phase == PH_G1UF_REINF) &&
	    !german_reinforcement_hex(st, h, st->phase == PH_G1BF_REINF ?
				      SEC_1BF : SEC_1UF))
		return PL_NEAR;
	return PL_OK;
}

/* The rest of check_place: unit u (placed now, in zone `region`) on
 * hex h, which the answer names hw. */
static int place_at(struct place_check *pc, int u, int region, int h,
		    const char *hw, char *why, size_t size)
{
	const struct rttr *st = pc->st;

	switch (place_fail(pc, u, region, h)) {
	case PL_AIRSTRIP:
		return snprintf(why, size, "an emergency airfield is placed "
				"only on a road or airfield hex (16.3)"), -1;
	case PL_REICHSTAG:
		return snprintf(why, size, "only the three set-up counters of "
				"3.4 may be in the Reichstag hex (5.6)"), -1;
	case PL_ZONE:
		return snprintf(why, size, "%s is not in %s's set-up zone %s "
				"(%s)%s", hw, st->u[u].id, region >= 0 ?
				st->map.region_name[region] : "(its hexes)",
				st->phase == PH_S_1BF ? "3.11" :
				st->phase == PH_S_1UF ? "3.12" :
				st->phase == PH_S_SPREE ? "3.8" :
				st->phase == PH_1BF_REINF ||
				st->phase == PH_1UF_REINF ? "7.1" :
				st->phase >= PH_1BF_REINF ? "7.3" : "3.5-3.10",
				st->opt_loc && (st->flags[u] & F_REPLACED) ?
				" nor, for a replacement, within 1 hex of a "
				"unit of its front, free of enemy units and "
				"ZOC, tracing a line of communication (24.5)" :
				""), -1;
	case PL_STACK:
		return snprintf(why, size, "%s may not stand in %s: the "
				"stacking limit, or units of the other side "
				"(%s, 10.0, %s)", st->u[u].id, hw,
				st->phase < PH_1BF_REINF ? "3.1" :
				st->u[u].side == SOVIET ? "7.1" : "7.3",
				st->u[u].side == GERMAN ? "10.3" : "10.2"),
		       -1;
	case PL_NEAR:
		return snprintf(why, size, "%s is not within 1 hex of a German "
				"unit of the sector, or is in a Soviet zone of "
				"control (7.3)", hw), -1;
	default:
		break;
	}
	pc->unit = u;
	pc->hex = h;
	return 0;
}

/* check_place as the engine calls it, the answer noted */
static int check_place_noted(void *user, const char *ans, char *why,
			     size_t size)
{
	struct place_check *pc = user;
	int rc = check_place(pc, ans, why, size);

	checked_note(&pc->seen, ans, rc);
	return rc;
}

/* The first legal "UNIT HEX" for the template, and a few more. */
static void place_examples(struct ctx *c, struct question *q,
			   struct place_check *pc, const char *key)
{
	const struct rttr *st = pc->st;
	char x[8], why[200];
	size_t want = ctx_examples(c, key);
	const int16_t *zone;
	int u, h, i, j, n, region, per, direct, slot;

	for (j = 0; j < pc->n_todo && q->n < Q_MAX_OPTIONS &&
	     q->n < want; j++) {
		u = pc->todo[j];
		region = pc->todo_region[j];
		per = 0;
		if (pc->direct[u] == 2)
			pc->direct[u] = (uint8_t)place_direct(st, u);
		direct = pc->direct[u];
		n = zone_hexes(pc, u, region, &zone, &slot);
		for (i = 0; i < n && per < 2 && q->n < Q_MAX_OPTIONS; i++) {
			h = zone[i];
			if (place_try(pc, u, region, h, direct, why,
				      sizeof why) == 0) {
				q_add(q, "%s %s", st->u[u].id, hex_id(h, x));
				q_target(q, "unit", st->u[u].id);
				hex_target(q, h);
				per++;
			}
		}
		if (q->n == 1 && q->n < Q_MAX_OPTIONS)
			q_add(q, "auto");
	}
	q->more = 1;
}

/* No legal hex is left for the counters still to place: at set-up the
 * owner loses them (10.0); a Soviet reinforcement is delayed a GT (7.1);
 * a German reinforcement goes back into the pool (7.3, reading). */
static void no_hex(struct ctx *c, struct rttr *st, int who,
		   const char *rule)
{
	int u, region;
	char x[8];

	for (u = 0; u < st->n_units; u++) {
		if (!to_place(st, u, &region) ||
		    (st->holder[u] >= 0 && st->holder[u] != who))
			continue;
		if (st->phase == PH_1BF_REINF || st->phase == PH_1UF_REINF) {
			st->due[u] = (int8_t)(st->turn + 1);
			ctx_event(c, "7.1", "%s cannot enter: it is delayed to "
				  "GT %d.", st->u[u].id, st->turn + 1);
		} else if (st->phase >= PH_1BF_REINF) {
			if (st->pool_of[u] >= 0)
				cup_add(&st->cup, st->pool_of[u]);
			st->holder[u] = -1;
			st->known[u] = 0;
			ctx_event(c, "7.3", "The counter drawn has no legal "
				  "hex: it goes back into the pool.");
		} else {
			st->u[u].where = U_ELIMINATED;
			st->holder[u] = -1;
			ctx_event(c, rule, "A counter finds no legal hex and is "
				  "removed (10.0).");
		}
	}
	(void)x;
}

/* Place every counter of this set-up phase: one answer a counter. */
static void place_all(struct ctx *c, struct rttr *st, int who,
		      const char *rule, int face_down)
{
	struct place_check pc;
	struct question q;
	const char *ans;
	char why[200], x[8];
	int u, j, n;
	size_t len;

	pc.st = st;
	pc.who = who;
	pc.unit = pc.hex = -1;
	pc.seen.ok = 0;
	for (u = 0; u < ZONES; u++) {
		pc.zone_region[u] = -2;
		pc.n_zone[u] = 0;
		pc.policy_made[u] = 0;
	}
	pc.zone_next = 0;
	memset(pc.direct, 2, sizeof pc.direct);
	for (;;) {
		place_todo(&pc);
		n = pc.n_todo;
		if (n == 0)
			return;
		q_init(&q, rule, "place", rt_side_names[who], "%s: place "
		       "%d counter%s%s, UNIT HEX, one answer a counter:",
		       rule, n, n == 1 ? "" : "s", face_down ?
		       " face down" : "");
		len = strlen(q.text);
		for (j = 0; j < n && len + 12 < sizeof q.text; j++) {
			len = append(q.text, len, sizeof q.text, " ");
			len = append(q.text, len, sizeof q.text,
				     st->u[pc.todo[j]].id);
		}
		if (len + 12 >= sizeof q.text)
			append(q.text, len, sizeof q.text, " ...");
		place_examples(c, &q, &pc, "place");
		if (q.n == 0) {
			no_hex(c, st, who, rule);
			return;
		}
		/* the template's answer: a player sets his counters up to
		 * hold what they guard, by the placement policy (near the
		 * zone's objectives, spread, never a corner of the map),
		 * not three to a hex along the map's edge in the order the
		 * hexes are numbered, as the first legal hexes would */
		q.preferred = "auto";
		q.form = "unit hex";
		pc.seen.ok = 0;
		ans = ctx_ask_text(c, &q, check_place_noted, &pc);
		if (!checked_is(&pc.seen, ans) &&
		    check_place(&pc, ans, why, sizeof why))
			return;
		u = pc.unit;
		if (pc.hex < 0) {
			/* 16.5: kept in hand, seen by the holder alone */
			st->flags[u] |= F_HELD;
			ctx_event_to(c, rt_side_names[who], "16.5", "You keep "
				     "%s in hand.", st->u[u].id);
			ctx_event(c, "16.5", "The %s player keeps a counter "
				  "in hand.", rt_side_names[who]);
			continue;
		}
		st->holder[u] = -1;
		if (face_down) {
			st->flags[u] |= F_FACEDOWN;
			st->placed_by[u] = (int8_t)who;
			st->known[u] |= (uint8_t)(1 << who);
			st->front[u] = (uint8_t)rt_sector(st, pc.hex);
		}
		rt_put_told(c, st, u, pc.hex);
		hex_id(pc.hex, x);
		if (face_down) {
			/* GAP.md 2.2 (4), (6): the identity to the placer,
			 * the fact to all */
			ctx_event_to(c, rt_side_names[who], rule, "You place "
				     "%s face down at %s.", st->u[u].id, x);
			ctx_event(c, rule, "The %s player places a face-down "
				  "counter at %s.", rt_side_names[who], x);
			ctx_mark(c, rt_side_names[who], "placed", x, "",
				 st->u[u].id);
			ctx_mark(c, "", "placed", x, "", "face down");
		} else {
			ctx_event(c, rule, "%s %s at %s.", st->u[u].id,
				  st->phase < PH_1BF_REINF ? "sets up" :
				  "enters", x);
			ctx_mark(c, "", "placed", x, "", st->u[u].id);
		}
	}
}

/* The labels of the pool counters (cup numbers), on the caller's stack. */

/* 3.5, 3.6, 7.3: player p draws n counters that only p sees; the
 * Reichstag's reserved counters are not lent (GAP.md 2.2 (3)). */
static void private_draw(struct ctx *c, struct rttr *st, int p, int n,
			 const char *rule)
{
	const char *labels[CUP_MAX];
	char list[600];
	size_t len = 0;
	int i, k, got = 0;

	rt_pool_labels(st, labels);
	list[0] = '\0';
	for (i = 0; i < n && cup_count(&st->cup) > st->rt_blind; i++) {
		k = cup_draw_for(c, &st->cup, labels, st->n_pool, rule,
				 "fixed-unit pool", rt_side_names[p]);
		if (k < 0)
			break;
		k = st->pool_unit[k];
		st->holder[k] = (int8_t)p;
		st->known[k] |= (uint8_t)(1 << p);
		len = append(list, len, sizeof list, got ? ", " : "");
		len = append(list, len, sizeof list, st->u[k].id);
		got++;
	}
	ctx_event_to(c, rt_side_names[p], rule, "You draw %d counter%s: %s.",
		     got, got == 1 ? "" : "s", got ? list : "none");
	ctx_event(c, rule, "The %s player draws %d counter%s from the pool "
		  "(%d left, %d of them the Reichstag's).", rt_side_names[p],
		  got, got == 1 ? "" : "s", cup_count(&st->cup),
		  st->rt_blind);
	if (got < n)
		ctx_event(c, rule, "The pool is empty: %d counter%s not drawn.",
			  n - got, n - got == 1 ? "" : "s");
}

/* A one-answer question that starts a player's draw (a step may not
 * begin with a draw: the drawer orders it). */
static void ask_draw(struct ctx *c, int p, const char *rule, int n)
{
	struct question q;

	q_init(&q, rule, "draw", rt_side_names[p], "%s: draw %d fixed "
	       "units from the pool, seen by you alone.", rule, n);
	q_add(&q, "draw");
	ctx_ask(c, &q);
}

static void setup_phase(struct ctx *c, struct rttr *st)
{
	const char *labels[HEX_UNITS_MAX];
	int16_t idx[HEX_UNITS_MAX];
	int i, k, n;

	switch (st->phase) {
	case PH_S_DRAW_1BF:
		if (st->step == 0) {
			ask_draw(c, P1BF, "3.5", st->draw_1bf);
			ctx_event(c, "3.2", "The flak towers stand face up in "
				  "the Tiergarten, Humboldthain and "
				  "Friedrichshain.");
			ctx_event(c, "3.3", "Every other fixed unit goes into "
				  "the pool (%d counters).",
				  cup_count(&st->cup));
			ctx_event(c, "3.4", "%d face-down counters stand in the "
				  "Reichstag; nobody may look at them, and they "
				  "are drawn from the pool only when revealed "
				  "(16.10).", st->rt_blind);
			private_draw(c, st, P1BF, st->draw_1bf, "3.5");
			st->step = 1;
		}
		place_all(c, st, P1BF, "3.5", 1);
		break;
	case PH_S_DRAW_1UF:
		if (st->step == 0) {
			ask_draw(c, P1UF, "3.6", st->draw_1uf);
			private_draw(c, st, P1UF, st->draw_1uf, "3.6");
			st->step = 1;
		}
		place_all(c, st, P1UF, "3.6", 1);
		break;
	case PH_S_GARRISON:
		if (st->step == 0) {
			/* 3.7: the 1BF player draws 4 of the 11 at random
			 * (face up: a public draw) for the 1UF sector */
			for (k = 0; k < st->garrison_1uf; k++) {
				for (i = n = 0; i < st->n_units; i++)
					if ((st->u[i].tags & T_GARRISON) &&
					    st->u[i].where == U_WAITING &&
					    st->front[i] == SEC_NONE) {
						idx[n] = (int16_t)i;
						labels[n++] = st->u[i].id;
					}
				if (n == 0)
					break;
				ctx_draw_for(c, rt_side_names[P1BF]);
				i = idx[ctx_pick(c, "3.7 Berlin garrison to the "
						 "1UF sector", "garrison",
						 (size_t)n, labels)];
				ctx_draw_for(c, NULL);
				st->front[i] = SEC_1UF;
				ctx_event(c, "3.7", "The 1BF player draws %s "
					  "for the 1UF sector.", st->u[i].id);
			}
			for (i = 0; i < st->n_units; i++)
				if ((st->u[i].tags & T_GARRISON) &&
				    st->front[i] == SEC_NONE)
					st->front[i] = SEC_1BF;
			/* step 0: the 1BF player places his 4 */
			place_all(c, st, P1BF, "3.7", 0);
			st->step = 1;
		}
		place_all(c, st, P1UF, "3.7", 0);
		break;
	case PH_S_SPREE:
		place_all(c, st, P1BF, "3.8", 0);
		break;
	case PH_S_56PK1:
		place_all(c, st, P1BF, "3.9", 0);
		break;
	case PH_S_56PK2:
		place_all(c, st, P1UF, "3.10", 0);
		break;
	case PH_S_1BF:
		place_all(c, st, P1BF, "3.11", 0);
		ctx_event(c, "3.11", "The other 1BF combat units and the 1BF "
			  "barrage markers wait off the map.");
		break;
	case PH_S_1UF:
		place_all(c, st, P1UF, "3.12", 0);
		ctx_event(c, "3.12", "The other 1UF combat units and the 1UF "
			  "barrage markers wait off the map.");
		break;
	case PH_S_OPTIONAL:
		if (st->opt_prepared) {
			/* 23.1 (1), (2): the groups join the set-up, each in
			 * the sector whose Germans its placer commands */
			int u;

			for (u = 0; u < st->n_units; u++)
				if (st->u[u].where == U_WAITING &&
				    (st->u[u].tags & (T_XX | T_STEINER)))
					st->front[u] = (uint8_t)(st->u[u].tags &
						T_XX ? SEC_1UF : SEC_1BF);
			if (st->step == 0) {
				place_all(c, st, P1BF, "23.1", 0);
				st->step = 1;
			}
			place_all(c, st, P1UF, "23.1", 0);
		}
		if (st->opt_prepared)
			ctx_event(c, "23.2", "Prepared Defence: no Soviet "
				  "ZOC extends into S-Bahn hexes and Germans "
				  "there ignore retreats (23.2); replacements "
				  "cost half (23.3).");
		if (st->opt_loc)
			ctx_event(c, "24.0", "Lines of communication: a "
				  "Soviet unit needs one for the barrage "
				  "doubling and a forced march; a replacement "
				  "may enter next to a unit of its front where "
				  "one is traced (24.5).");
		if (st->opt_escape)
			ctx_event(c, "26.1", "Escape west: once the "
				  "Fuehrerbunker is captured, German mobile "
				  "units may leave by the west edge (a move "
				  "or a retreat ending \"west\").");
		break;
	case PH_S_MARKERS:
		ctx_event(c, "3.13", "The %d undrawn fixed units stay in the "
			  "pool as reinforcements (7.3).",
			  cup_count(&st->cup) - st->rt_blind);
		ctx_event(c, "3.14", "XX Corps and Army Detachment Steiner "
			  "%s.", st->opt_prepared ? "are set up (23.1)" :
			  st->opt_hitler ? "stay out of play until they "
			  "enter (22.1)" : "stay out of play (22.0, 23.0)");
		ctx_event(c, "3.15", "The exhaustion markers, not exhausted, "
			  "and the GT marker stand in the 23 April box.");
		break;
	default:
		break;
	}
}

/* ---- 16.8 (2), 16.10: flips at the start of a combat phase ---- */

static int soviet_next_to(const struct rttr *st, int h)
{
	int d, n, k;

	for (d = 0; d < 6; d++) {
		n = hex_neighbour(&st->map, h, d);
		if (n < 0)
			continue;
		for (k = st->occ[n]; k >= 0; k = st->next[k])
			if (st->u[k].side == SOVIET)
				return 1;
	}
	return 0;
}


static void combat_flips(struct ctx *c, struct rttr *st, int soviet_phase)
{
	int u, h = rt_reichstag_hex(st), d, n, end = hex_end(&st->map);
	/* near[h]: soviet_next_to(st, h), for every hex at once: the
	 * neighbours of each Soviet unit on the map marked (the stacks
	 * hold exactly the units on the map, rt_reindex); a German unit's
	 * test, below, is a look at its hex (the flips move no unit) */
	uint8_t near[HEX_MAX];
	char x[8];

	if (soviet_phase && h >= 0 && st->rt_blind > 0 &&
	    soviet_next_to(st, h))
		rt_reveal_reichstag(c, st, "16.10");
	memset(near, 0, sizeof near);
	for (u = 0; u < st->n_units; u++)
		if (st->u[u].side == SOVIET && st->u[u].where == U_MAP)
			for (d = 0; d < 6; d++)
				if ((n = hex_neighbour(&st->map,
						       st->u[u].hex, d)) >= 0)
					near[n] = 1;
	/* whether a counter next to a Soviet unit is face down is read of
	 * every such counter: each one a player may not see is consulted
	 * for him (statedecl.h, sd_consult), face down or not, so where
	 * his step ends hangs on nothing he cannot see */
	for (u = 0; u < st->n_units; u++)
		if (st->u[u].side == GERMAN && st->u[u].where == U_MAP &&
		    st->u[u].hex >= 0 && st->u[u].hex < end &&
		    near[st->u[u].hex])
			sd_consult(c, &rt_state, "stacks", st, u, "16.8");
	for (u = 0; u < st->n_units; u++) {
		if (!(st->flags[u] & F_FACEDOWN) || st->u[u].where != U_MAP ||
		    st->u[u].hex < 0 || st->u[u].hex >= end ||
		    !near[st->u[u].hex])
			continue;
		st->flags[u] &= (uint16_t)~F_FACEDOWN;
		st->known[u] = (1 << P1BF) | (1 << P1UF);  /* a public flip */
		ctx_event(c, "16.8", "A Soviet unit is next to %s: %s (%s) "
			  "turns face up.", hex_id(st->u[u].hex, x),
			  st->u[u].id, st->u[u].name);
	}
}

/* ---- movement (9.x) ---- */

static const struct hex_move_labels move_labels = { "9.0", "9.0",
	"11.4, 11.5", "5.2, 9.0", "9.0", "5.2, 5.5, 5.6, 9.0",
	"10.0: the stacking limit" };

/* Whose units move in phase ph: a Soviet front, or the Germans of a
 * sector (moved by the other player). */
static int moves_now(const struct rttr *st, int u, int soviet, int sec)
{
	const struct hunit *un = &st->u[u];

	if (un->where != U_MAP || (st->flags[u] & F_MOVED))
		return 0;
	/* 17.3: a unit that reconnoitred stays (fog.c); 19.2: so does an
	 * engineer put in place */
	if (soviet)
		return un->side == SOVIET && st->front[u] == sec &&
		       !(st->flags[u] & (F_RECON | F_ENGINEER));
	return un->side == GERMAN && st->front[u] == sec &&
	       !(un->tags & T_FIXED);
}

/* 9.2, 9.3: half MPs */
static int allowance(const struct rttr *st, int u)
{
	return st->u[u].side == SOVIET ? unit_mov(&st->u[u]) * HALF +
	       rt_forced_bonus(st, u) /* 6.5 (economy.c) */ -
	       st->mp_spent[u] /* 18.1: a move cut short */ :
	       st->german_mp * HALF;
}

struct mv_check {
	struct rttr *st;        /* the live state, on which a check's trial
				   walk is made and put back (mv_restore) */
	/* [HEX_MAX] each, the examples' search (hex_reach_tree), on
	 * movement_phase's stack: on the heap (ctx_scratch) a phase's pair
	 * stayed until the run ended, 14 KB a movement phase, and a long
	 * replay's memory grew with its phases */
	int16_t *best, *prev;
	/* the unit, start hex, MPs and flags of that search (-1: none
	 * since the last move): a check of "UNIT to HEX" for the same
	 * reads its path from the tree (hex_tree_path, the path hex_path
	 * gives) instead of searching again, and one for another unit
	 * makes the tree for it (mv_tree): the desk's probe of every hex
	 * of the map for one unit is one search, not one a hex */
	int tree_unit, tree_from, tree_left;
	uint16_t tree_flags;
	int soviet, sec;
	struct hex_move mv;
	int forced;             /* 6.5: the move ends in "forced" */
	int west;               /* 26.1: the move ends in "west" */
	/* the enemy zones of control of side zoc_side (hex_zoc_map),
	 * kept from move to move in a phase (movement_phase): only units
	 * of zoc_side move, and they exert none of them; made again after
	 * a bridge roll (18.1, 18.2); -1: not made yet */
	int zoc_side;
	uint8_t zoc[HEX_MAX];
	struct checked seen;    /* the engine's last legal answer */
	/* what a trial walk changes on the live state, put back after
	 * each check (mv_save, mv_restore) */
	struct {
		int u, german_mp;
		int16_t hex;
		uint16_t seq, seq_next, flags;
		int16_t occ[HEX_MAX], next[HEX_UNITS_MAX];
	} undo;
};

/* rt_unit_rules(st, u) with the enemy zones of control of u's side read
 * from m's map (made on first use for this question). With a bridged hook
 * (engineers, 19.x) the zones may depend on where the walking unit
 * stands: then none, they are asked afresh as before. */
static void mv_rules(struct mv_check *m, const struct rttr *st, int u,
		     struct hex_rules *r)
{
	int side = m->st->u[u].side;

	rt_unit_rules(st, u, r);
	if (r->bridged)
		return;
	if (m->zoc_side != side) {
		rt_rules(m->st, r);
		hex_zoc_map(r, side, m->zoc);
		m->zoc_side = side;
		rt_unit_rules(st, u, r);
	}
	r->zoc_of = m->zoc;
	r->zoc_side = side;
}

static void mv_save(struct mv_check *m, int u)
{
	const struct rttr *st = m->st;

	m->undo.u = u;
	m->undo.german_mp = st->german_mp;
	m->undo.hex = st->u[u].hex;
	m->undo.seq = st->seq[u];
	m->undo.seq_next = st->seq_next;
	m->undo.flags = st->flags[u];
	memcpy(m->undo.occ, st->occ, sizeof st->occ);
	memcpy(m->undo.next, st->next, sizeof st->next);
}

static void mv_restore(struct mv_check *m)
{
	struct rttr *st = m->st;
	int u = m->undo.u;

	st->german_mp = m->undo.german_mp;
	st->u[u].hex = m->undo.hex;
	st->seq[u] = m->undo.seq;
	st->seq_next = m->undo.seq_next;
	st->flags[u] = m->undo.flags;
	memcpy(st->occ, m->undo.occ, sizeof st->occ);
	memcpy(st->next, m->undo.next, sizeof st->next);
}

/* Walk unit u along path on t, without events. 0, or -1 with why. */
static int walk(struct mv_check *m, struct rttr *t, int u,
		const int16_t *path, int n, char *why, size_t size)
{
	struct hex_rules r;
	int left = allowance(t, u), first = 1, i, cost, bz;
	char x[8];

	if (n == 0)
		return snprintf(why, size, "give at least one hex after the "
				"unit (9.0)"), -1;
	mv_rules(m, t, u, &r);
	bz = hex_in_enemy_zoc(&r, t->u[u].side, t->u[u].hex);
	for (i = 0; i < n; i++) {
		r.began_in_zoc = bz;     /* 11.5 */
		if (hex_step_why(&r, u, t->u[u].hex, path[i], left, first,
				 &cost, &move_labels, why, size))
			return -1;
		left -= cost;
		first = 0;
		rt_relink(t, u, path[i]);
		if (i < n - 1 && hex_in_enemy_zoc(&r, t->u[u].side, path[i]))
			return snprintf(why, size, "%s is in an enemy zone of "
					"control: %s stops there (11.4)",
					hex_id(path[i], x), t->u[u].id), -1;
	}
	if (!rt_stack_ok(t, u, t->u[u].hex)) {
		size_t len = (size_t)snprintf(why, size, "the move ends in %s "
					      "over the stacking limit (%s): "
					      "%s holds", hex_id(t->u[u].hex,
								 x),
					      t->u[u].side == SOVIET ? "10.2" :
					      "10.3", x);
		int v;

		for (v = t->occ[t->u[u].hex]; v >= 0 && len < size;
		     v = t->next[v])
			if (v != u)
				len += (size_t)snprintf(why + len, size - len,
							" %s", t->u[v].id);
		return -1;
	}
	return 0;
}

static int began_in_zoc(const struct rttr *st, int u)
{
	struct hex_rules r;

	rt_rules(st, &r);
	return hex_in_enemy_zoc(&r, st->u[u].side, st->u[u].hex);
}

static int check_move_on(struct mv_check *m, const char *ans, char *why,
			 size_t size);

/* m's search tree (hex_reach_tree) made for unit u as it stands now,
 * unless it is already (tree_unit): every "UNIT to HEX" of one unit
 * reads its path from one search. */
static void mv_tree(struct mv_check *m, int u)
{
	const struct rttr *st = m->st;
	struct hex_rules r;

	if (u == m->tree_unit && st->u[u].hex == m->tree_from &&
	    allowance(st, u) == m->tree_left && st->flags[u] == m->tree_flags)
		return;
	mv_rules(m, st, u, &r);
	m->tree_unit = u;
	m->tree_from = st->u[u].hex;
	m->tree_left = allowance(st, u);
	m->tree_flags = st->flags[u];
	hex_reach_tree(&r, u, st->u[u].hex, allowance(st, u), 1, m->best,
		       m->prev);
}

/* Why unit u cannot move to `to` in this phase (hex_unreachable_why:
 * the nearest hex it can reach, and what bars the way on). */
static int unreachable(struct mv_check *m, int u, int to, char *why,
		       size_t size)
{
	const struct rttr *st = m->st;
	struct hex_rules r;
	char x[8], w[400];

	mv_rules(m, st, u, &r);
	r.began_in_zoc = began_in_zoc(st, u);
	/* the search made for u (mv_tree): best as hex_reach gives it */
	mv_tree(m, u);
	hex_unreachable_why_in(&r, u, st->u[u].hex, allowance(st, u), 1, to,
			       m->best, &move_labels, NULL, w, sizeof w);
	return snprintf(why, size, "%s cannot reach %s in this phase: %s",
			st->u[u].id, hex_id(to, x), w), -1;
}

/* A path of unit u to `to` was refused with why: the words go on with
 * where it can get instead (hex_unreachable_why), when `to` is out of
 * its reach; a destination it can reach by another path is named for
 * "UNIT to HEX". */
static void nearest_also(struct mv_check *m, int u, int to, char *why,
			 size_t size)
{
	const struct rttr *st = m->st;
	struct hex_rules r;
	int16_t p[HEX_PATH_MAX];
	size_t len = strlen(why);
	char x[8], w[400];

	if (len + 1 >= size || to == st->u[u].hex)
		return;
	mv_rules(m, st, u, &r);
	r.began_in_zoc = began_in_zoc(st, u);
	hex_id(to, x);
	if (hex_path(&r, u, st->u[u].hex, allowance(st, u), 1, to, p,
		     HEX_PATH_MAX, NULL) > 0 && rt_stack_ok(st, u, to)) {
		snprintf(why + len, size - len, "; another path reaches %s: "
			 "'%s to %s' finds it", x, st->u[u].id, x);
		return;
	}
	hex_unreachable_why(&r, u, st->u[u].hex, allowance(st, u), 1, to,
			    &move_labels, NULL, w, sizeof w);
	snprintf(why + len, size - len, "; %s cannot reach %s in this phase: "
		 "%s", st->u[u].id, x, w);
}

/* A move answer checked by a trial walk on the live state, which is
 * then put back as it was (mv_restore): the same checks as on a copy,
 * without copying the whole state for every answer. */
static int check_move(void *user, const char *ans, char *why, size_t size)
{
	struct mv_check *m = user;
	int rc;

	m->undo.u = -1;
	rc = check_move_on(m, ans, why, size);
	if (m->undo.u >= 0)
		mv_restore(m);
	return rc;
}

static int check_move_on(struct mv_check *m, const char *ans, char *why,
			 size_t size)
{
	struct rttr *st = m->st;
	struct hex_rules r;
	int u, n;
	char x[8], buf[Q_TEXT_LEN];

	m->forced = 0;
	m->west = 0;
	if (!strcmp(ans, "done")) {
		m->mv.unit = -1;
		return 0;
	}
	/* 6.5 (economy.c): "UNIT ... forced" */
	m->forced = rt_forced_strip(ans, buf, sizeof buf);
	/* 26.1 (options.c): "UNIT [HEX ...] west" */
	if (!m->forced && rt_west_strip(ans, buf, sizeof buf)) {
		m->west = 1;
		m->mv.n = 0;
		m->mv.by_dest = 0;
		m->mv.unit = rt_unit_find(st, buf);
	}
	if ((!m->west || m->mv.unit < 0) &&
	    hex_move_parse(&st->map, buf, find_unit, st, &move_labels,
			   &m->mv, why, size))
		return -1;
	u = m->mv.unit;
	if (!moves_now(st, u, m->soviet, m->sec))
		return snprintf(why, size, "%s may not move in this phase "
				"(%s)", st->u[u].id, st->u[u].tags & T_FIXED ?
				"2.4: a fixed unit" : st->flags[u] & F_MOVED ?
				"9.0: it has moved" : st->flags[u] & F_RECON ?
				"17.3: it reconnoitred this player turn" :
				st->flags[u] & F_ENGINEER ? "19.2: it was put "
				"in place to support river crossings" :
				"4.0: not this phase's units"), -1;
	if (allowance(st, u) == 0)
		return snprintf(why, size, "%s has no movement points (9.3)",
				st->u[u].id), -1;
	if (m->forced && st->mp_spent[u])
		return snprintf(why, size, "%s goes on with the MPs it has "
				"left: a forced march is declared as a move "
				"begins (6.5)", st->u[u].id), -1;
	if (m->forced && rt_forced_check(st, u, why, size))
		return -1;
	if (m->west && rt_west_check(st, u, why, size))
		return -1;
	mv_save(m, u);
	if (m->forced)
		m->st->flags[u] |= F_FORCED;
	if (m->west) {
		/* 26.1: 1 MP to leave, from a west-edge hex, not stopped
		 * in an enemy ZOC on the way (11.4) */
		m->st->german_mp--;
		if (m->mv.by_dest)
			return snprintf(why, size, "give the path: UNIT HEX "
					"... west (26.1)"), -1;
		if (m->mv.n > 0 && walk(m, m->st, u, m->mv.path, m->mv.n,
					why, size))
			return -1;
		if (m->mv.n == 0 && allowance(m->st, u) < 0)
			return snprintf(why, size, "%s has no MP left to "
					"leave the map (26.1)", st->u[u].id),
			       -1;
		n = m->mv.n ? m->mv.path[m->mv.n - 1] : m->undo.hex;
		if (!rt_west_edge(st, n))
			return snprintf(why, size, "%s is not a west-edge hex "
					"(26.1)", hex_id(n, x)), -1;
		mv_rules(m, m->st, u, &r);
		if (m->mv.n > 0 && hex_in_enemy_zoc(&r, GERMAN, n))
			return snprintf(why, size, "%s is in an enemy zone of "
					"control: %s stops there (11.4, 26.1)",
					hex_id(n, x), st->u[u].id), -1;
		return 0;
	}
	if (m->mv.by_dest) {
		n = m->mv.path[0];
		mv_tree(m, u);
		/* hex_path's path, from the search made for this unit */
		n = n < 0 || n >= HEX_MAX || n == st->u[u].hex ? -1 :
		    hex_tree_path(m->best, m->prev, st->u[u].hex, n,
				  m->mv.path, HEX_PATH_MAX);
		if (n <= 0)
			return unreachable(m, u, m->mv.path[0], why, size);
		m->mv.n = n;
		m->mv.by_dest = 0;
	}
	if (walk(m, m->st, u, m->mv.path, m->mv.n, why, size) == 0)
		return 0;
	/* the path refused: where the unit can get instead, from where
	 * it stands (check_move puts the state back again after) */
	if (m->mv.n > 0) {
		mv_restore(m);
		if (m->forced)
			m->st->flags[u] |= F_FORCED;
		nearest_also(m, u, m->mv.path[m->mv.n - 1], why, size);
	}
	return -1;
}

/* check_move as the engine calls it, the answer noted */
static int check_move_noted(void *user, const char *ans, char *why,
			    size_t size)
{
	struct mv_check *m = user;
	int rc = check_move(m, ans, why, size);

	checked_note(&m->seen, ans, rc);
	return rc;
}

/* Whether a is a better example destination than b (b < 0: none yet):
 * a Soviet unit's, the hex nearest the Reichstag (the race, 21.x), then
 * the one reached with the most MP left; a German's, the farthest (the
 * least MP left). Only a hint for the order template: any legal
 * destination may be given. */
static int better_example(const struct rttr *st, const int16_t *best,
			  int soviet, int a, int b)
{
	int rt = rt_reichstag_hex(st), da, db;

	if (b < 0)
		return 1;
	if (!soviet)
		return best[a] < best[b];
	da = hex_distance(&st->map, a, rt);
	db = hex_distance(&st->map, b, rt);
	return da != db ? da < db : best[a] > best[b];
}

/* One "UNIT to HEX" example for unit u: a hex it can stop in
 * (better_example), out of every enemy zone of control when it can stop
 * in one such hex, so that an example never forces an attack (12.0)
 * unawares; 1 when the example given ends in an enemy zone of control
 * (the question then says so), else 0. */
static int move_examples(struct question *q, struct mv_check *m, int u)
{
	int16_t *best = m->best;
	struct hex_rules r;
	const struct rttr *st = m->st;
	char buf[Q_OPTION_LEN], x[8], why[200];
	int h, pick = -1, pick_zoc = -1, end = hex_end(&st->map);
	int soviet = st->u[u].side == SOVIET;

	mv_rules(m, st, u, &r);
	mv_tree(m, u);
	for (h = 0; h < end; h++) {
		/* most of the map is out of reach (-1): four at a time */
		if ((h & 3) == 0 && h + 3 < end && (best[h] & best[h + 1] &
		    best[h + 2] & best[h + 3]) < 0) {
			h += 3;
			continue;
		}
		if (h == st->u[u].hex || best[h] < 0 || !rt_stack_ok(st, u, h))
			continue;
		if (!hex_in_enemy_zoc(&r, st->u[u].side, h)) {
			if (better_example(st, best, soviet, h, pick))
				pick = h;
		} else if (better_example(st, best, soviet, h, pick_zoc)) {
			pick_zoc = h;
		}
	}
	if (pick < 0)
		pick = pick_zoc;
	if (pick < 0 || q->n >= Q_MAX_OPTIONS)
		return 0;
	snprintf(buf, sizeof buf, "%s to %s", st->u[u].id, hex_id(pick, x));
	/* the pick not legal (the search reaches a hex a move may not end
	 * in): the first hex that is, so that each unit that can move has
	 * an example (the desk lights it) */
	for (h = 0; check_move(m, buf, why, sizeof why); h++) {
		for (; h < end && (h == st->u[u].hex || h == pick ||
				   best[h] < 0 || !rt_stack_ok(st, u, h));
		     h++)
			;
		if (h == end)
			return 0;
		snprintf(buf, sizeof buf, "%s to %s", st->u[u].id,
			 hex_id(h, x));
		pick = h;
	}
	q_add(q, "%s", buf);
	q_target(q, "unit", st->u[u].id);
	hex_target(q, pick);
	return hex_in_enemy_zoc(&r, st->u[u].side, pick);
}

/* 18.1, 9.0: a bridge on unit u's path, from path[0] to path[1], was
 * destroyed as u entered path[0], with `left` of its `had` half MPs
 * left: 1 when the rest of the path can still be made (each step as a
 * move makes it, at the unbridged river's cost), and the move goes on;
 * else 0, the unit stops in path[0] keeping its MPs (mp-spent) unless
 * it stands in an enemy ZOC (11.4), and `stop` says why, for the
 * report to tell after the move it ends (in the order it happened). */
static int gone_on(struct ctx *c, struct rttr *st, int u,
		   const int16_t *path, int n, int left, int had,
		   char *stop, size_t size)
{
	struct hex_rules r;
	int i, cost, rest = left;
	char x[8], mp[16], why[160];
	const char *no = NULL;

	rt_rules(st, &r);
	for (i = 1; i < n && !no; i++) {
		no = hex_step_why(&r, u, path[i - 1], path[i], rest, 0, &cost,
				  &move_labels, why, sizeof why);
		rest -= no ? 0 : cost;
	}
	hex_id(path[0], x);
	hex_mp_text(mp, sizeof mp, left);
	if (!no) {
		ctx_event(c, "18.1", "%s goes on from %s across the river "
			  "where the bridge was, with %s MP (9.0).",
			  st->u[u].id, x, mp);
		return 1;
	}
	if (left > 0 && !hex_in_enemy_zoc(&r, SOVIET, path[0])) {
		st->flags[u] &= (uint16_t)~F_MOVED;
		st->mp_spent[u] = (uint8_t)(st->mp_spent[u] + had - left);
	}
	snprintf(stop, size, "%s stops in %s: the bridge ahead is destroyed "
		 "and the rest of its path cannot be made (%s)%s%s%s",
		 st->u[u].id, x, why, st->flags[u] & F_MOVED ? "." :
		 "; it may go on with ", st->flags[u] & F_MOVED ? "" : mp,
		 st->flags[u] & F_MOVED ? "" : " MP left (9.0).");
	return 0;
}

static int move_unit(struct ctx *c, struct rttr *st, int u,
		     const int16_t *path, int n)
{
	struct hex_rules r;
	int i, start = st->u[u].hex, h = rt_reichstag_hex(st);
	int rolled = 0, left = allowance(st, u), had = left, cost = 0;
	int8_t before[HEX_PATH_MAX];
	char x[8], y[8], stop[320] = "";

	for (i = 0; i < n && i < HEX_PATH_MAX; i++)
		before[i] = st->ctrl[path[i]];
	/* 11.5: a unit that disengaged enters no other EZOC this phase:
	 * it is not given a further move */
	if (began_in_zoc(st, u))
		left = had = 0;
	st->flags[u] |= F_MOVED;
	/* 17.1 reading: what was examined of a unit is forgotten when it
	 * moves */
	if (st->u[u].side == GERMAN)
		st->known[u] = 0;
	for (i = 0; i < n; i++) {
		if (st->u[u].side == SOVIET) {
			/* the MPs of the step, for a move cut short */
			rt_rules(st, &r);
			if (had == 0 ||
			    hex_step_block(&r, u, SOVIET, st->u[u].hex,
					   path[i], left, i == 0, &cost))
				cost = 0;       /* checked legal: not met */
			left -= cost;
		}
		rt_put(st, u, path[i]);
		if (st->u[u].side != SOVIET)
			continue;
		/* 18.1: each bridge of the hex entered is checked at once;
		 * nothing in 18.x or 9.0 ends the move: a bridge destroyed
		 * on the path ahead leaves the river unbridged, and the
		 * move goes on across it at the river's cost when the MPs
		 * left pay for the rest of the path (gone_on). Else it
		 * stops there, and the unit keeps its MPs for a further
		 * move (the path was chosen over the bridge) */
		rolled += rt_bridge_checks(c, st, u, path[i]);
		if (i + 1 < n) {
			int d = hex_dir(&st->map, path[i], path[i + 1]);

			if (d >= 0 && hex_side_has(&st->map, path[i], d,
						   HS_DEMOLISHED) &&
			    !gone_on(c, st, u, path + i, n - i, left, had,
				     stop, sizeof stop))
				break;
		}
	}
	int entered = i < n ? i + 1 : n;    /* a move cut short: to path[i] */
	ctx_event(c, "9.0", "%s moves from %s to %s.", st->u[u].id,
		  hex_id(start, x), hex_id(st->u[u].hex, y));
	if (stop[0])
		ctx_event(c, "18.2", "%s", stop);
	/* 21.2: control as it stands after the move (a path through an
	 * objective hex takes it too) */
	for (i = 0; i < n; i++) {
		rt_tell_control(c, st, path[i], before[i]);
		before[i] = st->ctrl[path[i]];
	}
	hex_mark_move(c, start, path, entered, st->u[u].id);
	rt_rules(st, &r);
	if (hex_in_enemy_zoc(&r, st->u[u].side, st->u[u].hex))
		ctx_event(c, "11.4", "%s is in an enemy zone of control and "
			  "stops.", st->u[u].id);
	if (st->u[u].hex == h && st->u[u].side == SOVIET) {
		ctx_event(c, "5.5", "%s (%s) enters the Reichstag.",
			  st->u[u].id, rt_side_names[st->front[u]]);
		if (st->rt_taken_by < 0)
			st->rt_taken_by = st->front[u];
	}
	return rolled;
}

/* ---- engineers in movement (19.1, 19.2) ---- */

struct eng_check {
	const struct rttr *st;
	int f;
	uint16_t pick[HEX_UNITS_MAX / 16 + 1];  /* bit set of the units */
};

/* "none", or the engineers put in place: "UNIT [UNIT ...]" */
static int check_engineers(void *user, const char *ans, char *why,
			   size_t size)
{
	struct eng_check *k = user;
	const char *p = ans;
	char w[Q_OPTION_LEN];
	int u;

	memset(k->pick, 0, sizeof k->pick);
	if (!strcmp(ans, "none"))
		return 0;
	while (hex_next_word(&p, w, sizeof w)) {
		u = rt_unit_find(k->st, w);
		if (u < 0 || !rt_engineer_of(k->st, u, k->f))
			return snprintf(why, size, "%s is not an engineer of "
					"the %s on the map; give none, or the "
					"engineers put in place (19.2)", w,
					rt_side_names[k->f]), -1;
		k->pick[u / 16] |= (uint16_t)(1u << (u % 16));
	}
	if (p == ans || !*ans)
		return snprintf(why, size, "give none, or the engineers put "
				"in place (19.2)"), -1;
	return 0;
}

/* 19.2: at the start of front p's movement phase its player names the
 * engineers he puts in place (one answer, the standing "none" changes
 * nothing): they do not move this phase, and the rivers around them
 * count as bridged for the front's moves (19.1, hook_bridged). */
static void engineers(struct ctx *c, struct rttr *st, int p)
{
	struct eng_check k;
	struct question q;
	const char *ans;
	char why[200], x[8];
	size_t len;
	int u, n = 0;

	memset(&k, 0, sizeof k);
	k.st = st;
	k.f = p;
	q_init(&q, "19.2", "engineer", rt_side_names[p], "19.2: the "
	       "engineers you put in place this movement phase (they do not "
	       "move; rivers around them count as bridged), or none:");
	len = strlen(q.text);
	q_add(&q, "none");
	for (u = 0; u < st->n_units; u++) {
		if (!rt_engineer_of(st, u, p))
			continue;
		n++;
		if (len + 10 < sizeof q.text) {
			len = append(q.text, len, sizeof q.text, " ");
			len = append(q.text, len, sizeof q.text, st->u[u].id);
		}
		if (q.n < EXAMPLES) {
			q_add(&q, "%s", st->u[u].id);
			q_target(&q, "unit", st->u[u].id);
		}
	}
	if (n == 0)
		return;
	q.more = 1;
	q.form = "unit...";
	ans = ctx_ask_text(c, &q, check_engineers, &k);
	if (check_engineers(&k, ans, why, sizeof why))
		return;
	for (u = 0; u < st->n_units; u++) {
		if (!(k.pick[u / 16] & (1u << (u % 16))))
			continue;
		st->flags[u] |= F_ENGINEER;
		ctx_event(c, "19.2", "%s is put in place at %s: rivers around "
			  "it count as bridged for the %s this phase, and it "
			  "does not move.", st->u[u].id,
			  hex_id(st->u[u].hex, x), rt_side_names[p]);
	}
}

/* The units that may move now, after the question's "Units:", as many
 * as the text holds, then "and N more" (never a silent cut) */
static void list_movers(struct question *q, const struct rttr *st,
			int soviet, int sec)
{
	size_t len = strlen(q->text), room = sizeof q->text - 16;
	int u, more = 0;
	char tail[16];

	for (u = 0; u < st->n_units; u++) {
		if (!moves_now(st, u, soviet, sec))
			continue;
		if (more || len + 1 + strlen(st->u[u].id) >= room) {
			more++;
			continue;
		}
		len = append(q->text, len, sizeof q->text, " ");
		len = append(q->text, len, sizeof q->text, st->u[u].id);
	}
	if (more) {
		snprintf(tail, sizeof tail, " and %d more", more);
		append(q->text, len, sizeof q->text, tail);
	}
}

/* 9.0: a movement phase of a Soviet front (soviet) or of the Germans of
 * a sector; `who` orders it. */
static void movement_phase(struct ctx *c, struct rttr *st, int soviet,
			   int sec, int who)
{
	struct mv_check m;
	struct question q;
	const char *ans;
	char why[200], zoc_ex[48];
	size_t want;
	int u, n, hq, rolled = 0;
	int16_t best[HEX_MAX], prev[HEX_MAX];

	memset(&m, 0, sizeof m);
	m.best = best;
	m.prev = prev;
	m.st = st;
	m.soviet = soviet;
	m.sec = sec;
	m.zoc_side = -1;
	/* The phase's start, once: st->step is 1 from the first move on,
	 * so that play() started again from a state in mid-phase (a
	 * side's view, which a template is run on) goes on with the moves
	 * made, the MPs spent, the engineers put in place and the German
	 * roll as they stand, and asks 19.2 no second time. */
	if (st->step == 0) {
		for (u = 0; u < st->n_units; u++) {
			st->flags[u] &= (uint16_t)~(F_MOVED | F_FORCED |
						    F_ENGINEER);
			st->mp_spent[u] = 0;
		}
		if (soviet)
			engineers(c, st, sec);                /* 19.2 */
	}
	if (!soviet && st->step == 0) {
		/* 9.3, 16.2: one roll for every German mobile unit of the
		 * sector, +1 a face-up command post there */
		for (u = hq = 0; u < st->n_units; u++)
			hq += st->u[u].type == TY_HQ &&
			      st->u[u].where == U_MAP &&
			      !(st->flags[u] & F_FACEDOWN) &&
			      st->front[u] == sec;
		for (u = n = 0; u < st->n_units; u++)
			n += moves_now(st, u, 0, sec);
		if (n == 0) {
			ctx_event(c, "9.3", "No German mobile unit in the %s "
				  "sector: no movement roll.",
				  rt_side_names[sec]);
			return;
		}
		if (st->german_mp == 0) {
			ctx_draw_for(c, rt_side_names[who]);
			st->german_mp = ctx_die(c, "9.3 German movement",
						6) + hq;
			ctx_draw_for(c, NULL);
			ctx_event(c, "9.3", "German movement in the %s sector: "
				  "%d MP (the die%s).", rt_side_names[sec],
				  st->german_mp, hq ? " + command posts" : "");
		}
	}
	st->step = 1;
	for (;;) {
		/* units have moved since, but only the phasing side's: the
		 * zones against that side, which only the other side's
		 * units exert (11.0), stand as made unless a bridge was
		 * rolled for (18.1, 18.2: a hexside may have changed);
		 * engineers (19.2) are put in place at the phase start and
		 * with them the zones are never kept (mv_rules) */
		if (m.zoc_side != (soviet ? SOVIET : GERMAN) || rolled)
			m.zoc_side = -1;
		rolled = 0;
		m.tree_unit = -1;
		/* a unit left that may move (the first found will do) */
		for (u = 0; u < st->n_units; u++)
			if (moves_now(st, u, soviet, sec) &&
			    allowance(st, u) > 0)
				break;
		/* none: "done" alone, asked only to take a "done" the
		 * orders give (ctx_given) */
		if (u == st->n_units && !ctx_given(c, rt_side_names[who],
						   "move", "done"))
			break;
		q_init(&q, "9.0", "move", rt_side_names[who],
		       "%s movement: UNIT to HEX, UNIT HEX HEX ...%s, or done. "
		       "Units:", soviet ? rt_side_names[sec] :
		       sec == SEC_1BF ? "German (1BF sector)" :
		       "German (1UF sector)", soviet ? " (add forced: "
		       "6.5, +3 MP for 1 SP)" : st->opt_escape &&
		       st->fb_captured ? " (end with west to leave by the "
		       "west edge, 1 MP: 26.1)" : "");
		q.scope = soviet ? "front" : "german";  /* move-front ... */
		q_add(&q, "done");
		/* one example a unit that can move, every one if room;
		 * one that ends in an enemy ZOC (the unit can stop nowhere
		 * else) is named in the text: it forces an attack (12.0) */
		want = ctx_examples(c, "move");
		zoc_ex[0] = '\0';
		for (u = 0; u < st->n_units && q.n < want &&
		     q.n < Q_MAX_OPTIONS; u++)
			if (moves_now(st, u, soviet, sec) &&
			    allowance(st, u) > 0 &&
			    move_examples(&q, &m, u) &&
			    strlen(zoc_ex) + strlen(st->u[u].id) + 2 <
			    sizeof zoc_ex)
				snprintf(zoc_ex + strlen(zoc_ex),
					 sizeof zoc_ex - strlen(zoc_ex),
					 " %s", st->u[u].id);
		q.more = q.n >= Q_MAX_OPTIONS;
		if (zoc_ex[0]) {
			/* before "Units:", which the list of units ends */
			char *at = strstr(q.text, " Units:");
			if (at) {
				*at = '\0';
				n = (int)strlen(q.text);
				snprintf(q.text + n, sizeof q.text - (size_t)n,
					 " The examples of%s end in an enemy "
					 "ZOC: an attack (12.0). Units:",
					 zoc_ex);
			}
		}
		list_movers(&q, st, soviet, sec);
		/* by its destination (the rules choose the path), or its
		 * path hex by hex (hex_move_parse takes both) */
		q.form = soviet ? "unit to hex [forced] | unit hex... [forced]" :
			st->opt_escape && st->fb_captured ?
			"unit to hex [west] | unit hex... [west]" :
			"unit to hex | unit hex...";
		q.keeps_state = 1;      /* check_move: mv_restore */
		m.seen.ok = 0;
		ans = ctx_ask_text(c, &q, check_move_noted, &m);
		if ((!checked_is(&m.seen, ans) &&
		     check_move(&m, ans, why, sizeof why)) || m.mv.unit < 0)
			break;
		if (m.forced)
			rt_forced_spend(c, st, m.mv.unit);  /* 6.5 */
		if (m.mv.n > 0)
			rolled = move_unit(c, st, m.mv.unit, m.mv.path,
					   m.mv.n);
		if (m.west)                          /* 26.1 */
			rt_west_leave(c, st, m.mv.unit);
	}
	st->german_mp = 0;
	for (u = 0; u < st->n_units; u++) {   /* 19.2, 18.1: this phase */
		st->flags[u] &= (uint16_t)~F_ENGINEER;
		st->mp_spent[u] = 0;
	}
}

/* ---- victory (21.x, 27.4) ---- */

static void score(const struct rttr *st, int vp[PLAYERS])
{
	int p, u, h, end = hex_end(&st->map), rt = rt_reichstag_hex(st);

	for (p = 0; p < PLAYERS; p++) {
		vp[p] = -st->sp_spent[p];                       /* 21.3 */
		for (u = 0; u < st->n_units; u++) {
			if (st->captor[u] == p)                 /* 16.10 */
				vp[p] += 10;
			if (st->u[u].side == GERMAN &&
			    !(st->u[u].tags & T_FIXED) &&
			    st->u[u].where == U_ELIMINATED &&
			    !(st->flags[u] & F_ESCAPED) &&
			    st->elim_by[u] == p)                /* 21.2 */
				vp[p] += 1;
		}
		for (h = 0; h < end; h++) {
			if (st->ctrl[h] != p)
				continue;
			if (h == rt)
				vp[p] += 30;
			else if (hex_in_region(&st->map, h, st->rg.potsdam))
				vp[p] += 10;
			else if (hex_in_region(&st->map, h, st->rg.so[P1BF]) ||
				 hex_in_region(&st->map, h, st->rg.so[P1UF]))
				vp[p] += 5;
		}
	}
}

/* 21.1: judged at a sudden-death end (1) or at the end of 2 May (2).
 * The German victory (21.5) opens "5月2日終了時に" (at the end of
 * 2 May): an earlier end is judged on the VP alone (21.4); the
 * interphase of the last GT is the end of 2 May, sudden death or not */
static void judge(struct ctx *c, struct rttr *st, const char *why)
{
	int rt = rt_reichstag_hex(st), may2 = st->turn >= st->turns;

	score(st, st->vp);
	ctx_event(c, "21.4", "%s: VP 1BF %d, 1UF %d.", why, st->vp[P1BF],
		  st->vp[P1UF]);
	if (may2 && (rt < 0 || st->ctrl[rt] < 0 ||
		     (st->vp[P1BF] <= 0 && st->vp[P1UF] <= 0))) {
		st->result = RES_GERMAN;
		ctx_event(c, "21.4", "The Germans win and both players lose "
			  "(%s).", rt < 0 || st->ctrl[rt] < 0 ?
			  "no front controls the Reichstag" :
			  "both totals are 0 or less");
	} else if (st->vp[P1BF] > st->vp[P1UF]) {
		st->result = RES_1BF;
		ctx_event(c, "21.4", "The 1BF player wins.");
	} else {
		st->result = RES_1UF;
		ctx_event(c, "21.4", "The 1UF player wins%s.",
			  st->vp[P1BF] == st->vp[P1UF] ? " (a tie goes to the "
			  "1UF)" : "");
	}
	st->result_turn = st->turn;
	st->phase = PH_OVER;
}

/* 4.0 V.A, 21.1 (1) */
static int sudden_death(const struct rttr *st)
{
	int h = rt_reichstag_hex(st), k;

	if (h < 0)
		return 0;
	for (k = st->occ[h]; k >= 0; k = st->next[k])
		if (st->u[k].side == SOVIET)
			return 1;
	return 0;
}

/* 7.3, 7.4: the commander of a sector's Germans rolls; on 1-2 he draws
 * one fixed unit (seen by him alone) and places it face down; none when
 * the Soviets control every objective hex of the sector (7.4: the
 * Reichstag is not one of them). */
static void german_reinforcement(struct ctx *c, struct rttr *st, int sec)
{
	int who = sec == SEC_1BF ? P1UF : P1BF, h, all = 1, any = 0, roll;
	int end = hex_end(&st->map);

	if (st->step == 0) {
		for (h = 0; h < end; h++)
			if (hex_in_region(&st->map, h, st->rg.so[sec])) {
				any = 1;
				all &= st->ctrl[h] >= 0;
			}
		if (any && all) {
			ctx_event(c, "7.4", "The Soviets hold every objective "
				  "hex of the %s sector: no German "
				  "reinforcement.", rt_side_names[sec]);
			return;
		}
		if (cup_count(&st->cup) <= st->rt_blind) {
			ctx_event(c, "7.3", "The pool is empty (but for the "
				  "Reichstag's counters): no German "
				  "reinforcement.");
			return;
		}
		ctx_draw_for(c, rt_side_names[who]);
		roll = ctx_die(c, "7.3 German reinforcement", 6);
		ctx_draw_for(c, NULL);
		ctx_event(c, "7.3", "German reinforcement roll in the %s "
			  "sector: %d%s.", rt_side_names[sec], roll,
			  roll <= 2 ? "" : " (none)");
		if (roll > 2)
			return;
		private_draw(c, st, who, 1, "7.3");
		st->step = 1;
	}
	place_all(c, st, who, "7.3", 1);
}

/* ---- the sequence of play ---- */

static void barrage_off(struct ctx *c, struct rttr *st, int p)
{
	/* barrage.c: the other front's markers keep their indices */
	int n = rt_barrage_remove(st, p);

	ctx_event(c, "15.8", "The %s barrage markers are removed (%d).",
		  rt_side_names[p], n);
}

static void turn_phase(struct ctx *c, struct rttr *st)
{
	switch (st->phase) {
	case PH_1BF_REINF:
	case PH_1UF_REINF:
		/* 17.3 at the start of the Soviet PT (fog.c) */
		rt_recon_phase(c, st, st->phase == PH_1BF_REINF ? P1BF :
			       P1UF);
		/* 6.7 Maximum Effort, 8.2 replacements (reinforce.c,
		 * economy.c), then 7.1 */
		rt_soviet_reinf_phase(c, st, st->phase == PH_1BF_REINF ?
				      P1BF : P1UF);
		place_all(c, st, st->phase == PH_1BF_REINF ? P1BF : P1UF,
			  "7.1", 0);
		break;
	case PH_1BF_BARRAGE:
	case PH_1UF_BARRAGE:
		/* 15.x, 17.4 (barrage.c) */
		rt_barrage_phase(c, st, st->phase == PH_1BF_BARRAGE ?
				 P1BF : P1UF);
		break;
	case PH_1BF_MOVE:
	case PH_1UF_MOVE:
		if (st->max_effort_now) {
			/* 6.7: the movement phase is a second combat phase
			 * (the same combat phase, run twice) */
			ctx_event(c, "6.7", "Maximum Effort: no movement "
				  "phase; a first combat phase instead.");
			combat_flips(c, st, 1);
			rt_combat_phase(c, st, SOVIET, st->phase ==
					PH_1BF_MOVE ? SEC_1BF : SEC_1UF);
			break;
		}
		movement_phase(c, st, 1, st->phase == PH_1BF_MOVE ? SEC_1BF :
			       SEC_1UF, st->phase == PH_1BF_MOVE ? P1BF : P1UF);
		break;
	case PH_1BF_COMBAT:
	case PH_1UF_COMBAT:
		combat_flips(c, st, 1);
		/* 4.0 I.D, III.D: combat (fight.c) */
		rt_combat_phase(c, st, SOVIET, st->phase == PH_1BF_COMBAT ?
				SEC_1BF : SEC_1UF);
		break;
	case PH_1BF_EXHAUST:
	case PH_1UF_EXHAUST:
		/* 20.x (economy.c) */
		rt_exhaustion_phase(c, st, st->phase == PH_1BF_EXHAUST ?
				    P1BF : P1UF);
		break;
	case PH_G1BF_REINF:
	case PH_G1UF_REINF:
		/* the commander: the other player (4.0) */
		{
			int sec = st->phase == PH_G1BF_REINF ? SEC_1BF :
				  SEC_1UF;
			int who = sec == SEC_1BF ? P1UF : P1BF;

			if (st->opt_hitler)     /* 22.1 (options.c) */
				rt_hitler_phase(c, st, sec, who);
			rt_flip_phase(c, st, who);       /* 16.8 (1) */
			/* 16.3, 16.7, and 16.5 snipers held since an
			 * earlier phase (fixed.c), before this phase's draw */
			rt_fixed_reinf(c, st, sec, who);
			german_reinforcement(c, st, sec); /* 7.3, 7.4 */
		}
		break;
	case PH_G1BF_MOVE:
		movement_phase(c, st, 0, SEC_1BF, P1UF);
		break;
	case PH_G1UF_MOVE:
		movement_phase(c, st, 0, SEC_1UF, P1BF);
		break;
	case PH_G1BF_COMBAT:
	case PH_G1UF_COMBAT:
		combat_flips(c, st, 0);
		/* 22.5: the Me-262 for this phase (options.c) */
		rt_me262_phase(c, st, st->phase == PH_G1BF_COMBAT ? SEC_1BF :
			       SEC_1UF, st->phase == PH_G1BF_COMBAT ? P1UF :
			       P1BF);
		/* 4.0 II.C, IV.C: the Germans of a sector (fight.c) */
		rt_combat_phase(c, st, GERMAN, st->phase == PH_G1BF_COMBAT ?
				SEC_1BF : SEC_1UF);
		rt_me262_off(c, st);
		break;
	case PH_1BF_BARRAGE_OFF:
		barrage_off(c, st, P1BF);
		break;
	case PH_1UF_BARRAGE_OFF:
		barrage_off(c, st, P1UF);
		break;
	case PH_SUDDEN:
		if (sudden_death(st))
			judge(c, st, "4.0 V.A: a Soviet unit occupies the "
			      "Reichstag");
		break;
	case PH_END:
		if (st->turn >= st->turns)
			judge(c, st, "4.0 V.B: the end of 2 May");
		break;
	case PH_ADVANCE:
		st->turn++;
		ctx_event(c, "4.0", "GT %d begins (%d %s).", st->turn,
			  st->turn <= 8 ? 22 + st->turn : st->turn - 8,
			  st->turn <= 8 ? "April" : "May");
		break;
	default:
		break;
	}
}

void rt_play(struct ctx *c, void *vst)
{
	struct rttr *st = vst;

	while (st->phase != PH_OVER) {
		/* a phase begins: what follows depends on the state only,
		 * and on nothing its save leaves out */
		rt_settle(st);
		ctx_checkpoint(c);
		ctx_where(c, st->turn, rt_phase_titles[st->phase]);
		if (st->phase < PH_1BF_REINF)
			setup_phase(c, st);
		else
			turn_phase(c, st);
		if (st->phase == PH_OVER)
			break;
		st->step = 0;
		st->phase = st->phase == PH_ADVANCE ? PH_1BF_REINF :
			    (enum phase)(st->phase + 1);
	}
}
