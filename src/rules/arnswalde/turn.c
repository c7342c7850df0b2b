/*
 * turn.c - Arnswalde 1945: placing the Tigers (3.1) and the turn (5.0):
 * Soviet deployment (6.0), German actions (7.0-7.4), Soviet attacks (8.1,
 * 8.2). play() runs from whatever phase the state records.
 */
#include <stdio.h>
#include <string.h>
#include "arnswalde.h"

/* For the picture of the step (umpire render); nothing is hidden. */
static void mark_tigers(struct ctx *c, const char *kind, int from, int to,
			int n, const char *what)
{
	char label[48];

	snprintf(label, sizeof label, "%d Tiger%s%s%s", n, n == 1 ? "" : "s",
		 what ? " " : "", what ? what : "");
	ctx_mark(c, "", kind, arn_place_names[from], to < 0 ? "" :
		 arn_place_names[to], label);
}

/* 3.1: the player places the seven Tigers. */
static void place_tigers(struct ctx *c, struct arn *st)
{
	struct question q;
	int n, s, k, a;

	ctx_where(c, st->turn, "setup");
	q_init(&q, "3.1", "placement", "player", "Place the %d Tigers in "
	       "the north, the south and the Central Square.", TIGERS);
	for (n = 0; n <= TIGERS; n++)
		for (s = 0; s <= TIGERS - n; s++) {
			q_add(&q, "north %d south %d center %d", n, s,
			      TIGERS - n - s);
			for (a = NORTH; a <= CENTER; a++)
				arn_name_place(&q, a);
		}
	k = (int)ctx_ask(c, &q);
	for (n = 0; k > TIGERS - n; n++)
		k -= TIGERS - n + 1;
	st->tigers[NORTH] = n;
	st->tigers[SOUTH] = k;
	st->tigers[CENTER] = TIGERS - n - k;
	ctx_event(c, "3.1", "The Tigers deploy: %d in the north, %d in the "
		  "south, %d in the Central Square; the %d refugee markers "
		  "wait in the Central Square.", st->tigers[NORTH],
		  st->tigers[SOUTH], st->tigers[CENTER], st->refugees[0]);
	for (n = NORTH; n <= CENTER; n++)
		if (st->tigers[n] > 0)
			mark_tigers(c, "placed", n, -1, st->tigers[n], NULL);
	st->phase = PH_DEPLOY;
}

/* 6.0: the top card of the Soviet deck. */
static void soviet_deployment(struct ctx *c, struct arn *st)
{
	struct stack *s;
	card k;
	int a;

	ctx_where(c, st->turn, "Soviet deployment phase");
	k = pile_draw(c, &st->unseen, "6.0 top card of the Soviet deck",
		      "soviet-unseen");
	if (is_ace(k)) {
		ctx_event(c, "6.0", "The Soviet deck shows %s: three German "
			  "prisoners bring a Soviet demand to surrender.",
			  card_label(k));
		if (arn_surrender_check(c, st, "6.0"))
			return;
	} else if (is_face(k)) {
		st->offensive = k;
		ctx_event(c, "6.0", "The Soviet deck shows %s: a general "
			  "offensive this turn (8.2).", card_label(k));
	} else if (k != CARD_NONE) {
		a = st->soviet[NORTH].n < st->soviet[SOUTH].n ? NORTH : SOUTH;
		s = &st->soviet[a];
		s->c[s->n++] = k;
		ctx_event(c, "6.0", "The Soviet deck shows %s: a strength-%d "
			  "unit deploys in the %s (Soviet cards: north %zu, "
			  "south %zu).",
			  card_label(k), card_rank(k), arn_place_names[a],
			  st->soviet[NORTH].n, st->soviet[SOUTH].n);
		ctx_mark(c, "", "placed", arn_place_names[a], "",
			 card_label(k));
	}
	st->phase = PH_ACTION;
}

enum act { A_MOVE, A_ESCAPE_REFUGEE, A_ESCAPE_TIGERS, A_COUNTER,
	   A_REPAIR, A_PASS };

struct action {
	enum act kind;
	int n, from, to;
	size_t idx;
};

static const int town[] = { NORTH, SOUTH, CENTER };

/* 7.1 move: n Tigers from one area to one other area. */
static void list_moves(const struct arn *st, struct question *q,
		       struct action *a)
{
	size_t i, j;
	int n;

	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++)
			for (n = 1; i != j && n <= st->tigers[town[i]]; n++) {
				a[q->n] = (struct action){ A_MOVE, n,
					town[i], town[j], 0 };
				q_add(q, "move %d %s %s", n,
				      arn_place_names[town[i]],
				      arn_place_names[town[j]]);
				arn_name_place(q, town[i]);
				arn_name_place(q, town[j]);
			}
}

/* 7.2 escape: once a turn, only with no Soviet card in the north; one
 * refugee marker, or any number of Tigers from one area. */
static void list_escapes(const struct arn *st, struct question *q,
			 struct action *a)
{
	size_t i;
	int n;

	if (st->escape_used || st->soviet[NORTH].n > 0)
		return;
	if (st->refugees[0] > 0) {
		a[q->n] = (struct action){ A_ESCAPE_REFUGEE, 1, CENTER,
			ESCAPED, 0 };
		q_add(q, "escape refugee");
		/* the markers waiting in the Central Square (render.c) */
		q_target(q, "unit", "refugee");
		arn_name_place(q, ESCAPED);
	}
	for (i = 0; i < 3; i++)
		for (n = 1; n <= st->tigers[town[i]]; n++) {
			a[q->n] = (struct action){ A_ESCAPE_TIGERS, n,
				town[i], ESCAPED, 0 };
			q_add(q, "escape tigers %d %s", n,
			      arn_place_names[town[i]]);
			arn_name_place(q, town[i]);
			arn_name_place(q, ESCAPED);
		}
}

/* 7.3 counter-attack: an area with Tigers and Soviet cards; any face-up
 * card, or a face-down one only when none is face up. */
static void list_counterattacks(const struct arn *st, struct question *q,
				struct action *a)
{
	const struct stack *s;
	size_t i, up;
	int area;
	char id[8];

	for (area = NORTH; area <= SOUTH; area++) {
		s = &st->soviet[area];
		if (st->tigers[area] == 0 || s->n == 0)
			continue;
		for (i = up = 0; i < s->n; i++)
			up += s->c[i] != CARD_DOWN;
		for (i = s->n; i-- > 0;) {
			if (up > 0 && s->c[i] == CARD_DOWN)
				continue;
			a[q->n] = (struct action){ A_COUNTER, 0, area, area,
				i };
			card_id(s->c[i], id, sizeof id);
			q_add(q, "counterattack %s %s", arn_place_names[area],
			      id);
			arn_name_place(q, area);
			q_target(q, "card", id);
		}
	}
}

/* 7.4 repair: a black card repairs a Tiger, a diamond number card does
 * nothing, a diamond face card cannibalises one, a joker calls for a
 * surrender check (and no new card). */
static void repair(struct ctx *c, struct arn *st)
{
	card k = arn_judge_draw(c, st, "7.4", "repair");

	if (k == CARD_NONE)
		return;
	arn_judge_discard(st, k);
	if (is_joker(k)) {
		ctx_event(c, "7.4", "Repair: %s, a joker: surrender check.",
			  card_label(k));
		arn_surrender_check(c, st, "7.4");
	} else if (is_black(k)) {
		arn_move_tigers(st, WORKSHOP, CENTER, 1);
		ctx_event(c, "7.4", "Repair: %s, black: a Tiger is repaired "
			  "and moves to the Central Square.", card_label(k));
		mark_tigers(c, "move", WORKSHOP, CENTER, 1, "repaired");
	} else if (is_face(k)) {
		arn_move_tigers(st, WORKSHOP, ELIMINATED, 1);
		ctx_event(c, "7.4", "Repair: %s, a diamond face card: a "
			  "Tiger in the field workshop is cannibalised and "
			  "removed from the game.", card_label(k));
		mark_tigers(c, "lost", WORKSHOP, -1, 1, "cannibalised");
	} else {
		ctx_event(c, "7.4", "Repair: %s, a diamond number card: "
			  "nothing happens.", card_label(k));
	}
}

static void do_action(struct ctx *c, struct arn *st, const struct action *a)
{
	switch (a->kind) {
	case A_MOVE:
		arn_move_tigers(st, a->from, a->to, a->n);
		ctx_event(c, "7.1", "%d Tiger%s move%s from the %s to the %s.",
			  a->n, a->n > 1 ? "s" : "", a->n > 1 ? "" : "s",
			  arn_place_titles[a->from], arn_place_titles[a->to]);
		mark_tigers(c, "move", a->from, a->to, a->n, NULL);
		break;
	case A_ESCAPE_REFUGEE:
		st->refugees[0]--;
		st->refugees[1]++;
		st->escape_used = 1;
		ctx_event(c, "7.2", "A refugee marker escapes north (%d out, "
			  "%d left).", st->refugees[1], st->refugees[0]);
		ctx_mark(c, "", "move", arn_place_names[CENTER],
			 arn_place_names[ESCAPED], "refugees");
		break;
	case A_ESCAPE_TIGERS:
		arn_move_tigers(st, a->from, ESCAPED, a->n);
		st->escape_used = 1;
		ctx_event(c, "7.2", "%d Tiger%s escape%s north from the %s.",
			  a->n, a->n > 1 ? "s" : "", a->n > 1 ? "" : "s",
			  arn_place_titles[a->from]);
		mark_tigers(c, "move", a->from, ESCAPED, a->n, NULL);
		break;
	case A_COUNTER:
		arn_counterattack(c, st, a->from, a->idx, 0);
		break;
	case A_REPAIR:
		repair(c, st);
		break;
	case A_PASS:
		st->actions_left = 0;
		ctx_event(c, "7.0", "The player ends the German actions.");
		break;
	}
}

/* 7.0: two actions a turn (more with black face reminders, 7.3). */
static void german_actions(struct ctx *c, struct arn *st)
{
	struct action acts[Q_MAX_OPTIONS];
	struct question q;
	size_t k;

	ctx_where(c, st->turn, "German action phase");
	while (st->actions_left > 0) {
		q_init(&q, "7.0", "action", "player", "Choose a German action "
		       "(%d left this turn).", st->actions_left);
		list_moves(st, &q, acts);
		list_escapes(st, &q, acts);
		list_counterattacks(st, &q, acts);
		if (st->tigers[WORKSHOP] > 0) {
			acts[q.n] = (struct action){ A_REPAIR, 0, 0, 0, 0 };
			q_add(&q, "repair");
			arn_name_place(&q, WORKSHOP);
		}
		acts[q.n] = (struct action){ A_PASS, 0, 0, 0, 0 };
		q_add(&q, "pass");
		k = ctx_ask(c, &q);
		st->actions_left--;
		do_action(c, st, &acts[k]);
		if (arn_check_end(c, st))
			return;
	}
	pile_move_all(&st->discard, &st->extra);
	st->phase = PH_ATTACK;
}

static void mark_attack(struct ctx *c, int area, card sov,
			const char *result)
{
	char label[48];

	snprintf(label, sizeof label, "%s attacks: %s", card_label(sov),
		 result);
	ctx_mark(c, "", "combat", arn_place_names[area], "", label);
}

/* 8.1 defence without a counter-attack: judgement cards until one
 * decides. Returns 1 if the Soviet card is repulsed (removed). */
static int defend(struct ctx *c, struct arn *st, int area, size_t idx,
		  const char *rule)
{
	struct stack *s = &st->soviet[area];
	card sov = s->c[idx], k;
	int strength = arn_soviet_strength(sov);
	char what[64];

	snprintf(what, sizeof what, "defence against the %s in the %s",
		 card_label(sov), arn_place_names[area]);
	for (;;) {
		k = arn_judge_draw(c, st, rule, what);
		if (k == CARD_NONE)
			return 0;
		arn_judge_discard(st, k);
		if (is_joker(k)) {
			ctx_event(c, rule, "Defence: %s, a joker: surrender "
				  "check, then a new card.", card_label(k));
			if (arn_surrender_check(c, st, rule))
				return 0;
			continue;
		}
		if (is_face(k) && is_diamond(k)) {
			ctx_event(c, rule, "Defence: %s, a diamond face card: "
				  "artillery hits the field workshop%s; a new "
				  "card is drawn.", card_label(k),
				  st->tigers[WORKSHOP] > 0 ? " and destroys a "
				  "Tiger there" : ", which is empty");
			if (st->tigers[WORKSHOP] > 0) {
				arn_move_tigers(st, WORKSHOP, ELIMINATED, 1);
				mark_tigers(c, "lost", WORKSHOP, -1, 1,
					    "hit by artillery");
			}
			continue;
		}
		if (is_face(k)) {
			ctx_event(c, rule, "Defence: %s, a black face card: "
				  "the %s's attack misfires.", card_label(k),
				  card_label(sov));
			mark_attack(c, area, sov, "misfires");
			return 0;
		}
		if (card_rank(k) > strength) {
			arn_stack_remove(s, idx);
			ctx_event(c, rule, "Defence: %s, %d against strength "
				  "%d: the attack is repulsed and the %s is "
				  "removed.", card_label(k), card_rank(k),
				  strength, card_label(sov));
			mark_attack(c, area, sov, "repulsed");
			return 1;
		}
		snprintf(what, sizeof what, "Defence: %s, %d against "
			 "strength %d: the %s's attack succeeds",
			 card_label(k), card_rank(k), strength,
			 card_label(sov));
		mark_attack(c, area, sov, "succeeds");
		arn_morale_down(c, st, rule, what);
		if (is_ace(k) && is_diamond(k)) {
			ctx_event(c, rule, "The ace of diamonds calls for a "
				  "surrender check.");
			arn_surrender_check(c, st, rule);
		}
		return 0;
	}
}

/* 8.1, 8.2: the Soviet card at idx attacks; where Tigers stand the player
 * may counter-attack instead (no morale loss, but one if the area is left
 * without a Tiger). Returns 1 if the Soviet card is removed. */
static int soviet_attack(struct ctx *c, struct arn *st, int area,
			 size_t idx, const char *rule)
{
	card sov = st->soviet[area].c[idx];
	struct question q;
	char why[96];
	int removed;

	if (st->tigers[area] == 0)
		return defend(c, st, area, idx, rule);
	q_init(&q, rule, "respond", "player", "The %s (strength %d) attacks "
	       "the %s, held by %d Tiger%s: counter-attack (7.3) or defend?",
	       card_label(sov), arn_soviet_strength(sov), arn_place_names[area],
	       st->tigers[area], st->tigers[area] == 1 ? "" : "s");
	q_add(&q, "counterattack");
	q_add(&q, "defend");
	if (ctx_ask(c, &q) == 1)
		return defend(c, st, area, idx, rule);
	removed = arn_counterattack(c, st, area, idx, 1);
	if (st->phase == PH_OVER)
		return removed;
	if (st->tigers[area] == 0) {
		snprintf(why, sizeof why, "No Tiger is left in the %s, which "
			 "counter-attacked", arn_place_names[area]);
		arn_morale_down(c, st, rule, why);
	}
	return removed;
}

/* 8.1: the top card, if face up, attacks. */
static void normal_attack(struct ctx *c, struct arn *st, int area)
{
	struct stack *s = &st->soviet[area];

	if (s->n > 0 && s->c[s->n - 1] != CARD_DOWN)
		soviet_attack(c, st, area, s->n - 1, "8.1");
}

/* 8.2: every card attacks, top down; face-down cards are turned over:
 * a face card is removed, an ace brings a surrender demand (and is
 * removed), a number card attacks. */
static void general_offensive(struct ctx *c, struct arn *st, int area)
{
	struct stack *s = &st->soviet[area];
	size_t idx;
	card k;

	while (s->n > (size_t)st->attack_held[area]) {
		idx = s->n - 1 - (size_t)st->attack_held[area];
		if (s->c[idx] == CARD_DOWN) {
			k = arn_turn_face_down(c, st, area, idx, "8.2");
			if (is_face(k) || is_ace(k)) {
				arn_stack_remove(s, idx);
				ctx_event(c, "8.2", "The face-down card in the "
					  "%s is turned over: %s, %s.",
					  arn_place_names[area], card_label(k),
					  is_face(k) ? "a duplicated offensive "
					  "order, removed" : "three German "
					  "prisoners bring a demand to "
					  "surrender; it is removed");
				if (is_ace(k) && arn_surrender_check(c, st, "8.2"))
					return;
				continue;
			}
			ctx_event(c, "8.2", "The face-down card in the %s is "
				  "turned over: %s, strength %d.",
				  arn_place_names[area], card_label(k),
				  card_rank(k));
		}
		if (!soviet_attack(c, st, area, idx, "8.2"))
			st->attack_held[area]++;
		if (arn_check_end(c, st))
			return;
	}
}

static int attacks(const struct arn *st, int area)
{
	const struct stack *s = &st->soviet[area];

	if (st->attack_done[area] || s->n == 0)
		return 0;
	if (st->offensive != CARD_NONE)
		return s->n > (size_t)st->attack_held[area];
	return s->c[s->n - 1] != CARD_DOWN;
}

/* 5.0: the turn ends; 4.1 (1): the game ends after the turn in which the
 * last card of the Soviet deck was played. The next turn starts afresh:
 * two actions, escape unused, no attack resolved. */
static void end_of_turn(struct ctx *c, struct arn *st)
{
	st->actions_left = 2;
	st->escape_used = 0;
	st->order = ORDER_NONE;
	st->attack_done[NORTH] = st->attack_done[SOUTH] = 0;
	st->attack_held[NORTH] = st->attack_held[SOUTH] = 0;
	if (st->offensive != CARD_NONE) {
		ctx_event(c, "6.0", "The general offensive reminder %s is "
			  "discarded.", card_label(st->offensive));
		st->offensive = CARD_NONE;
	}
	if (arn_soviet_deck_left(st) == 0) {
		ctx_event(c, "4.1", "The last card of the Soviet deck was "
			  "played this turn: the game ends.");
		st->phase = PH_RELIEF;
		return;
	}
	st->turn++;
	st->phase = PH_DEPLOY;
}

/* 8.0: the player chooses which of north and south is resolved first. */
static void soviet_attacks(struct ctx *c, struct arn *st)
{
	struct question q;
	int go = st->offensive != CARD_NONE, i, area;

	ctx_where(c, st->turn, "Soviet attack phase");
	if (st->order == ORDER_NONE && attacks(st, NORTH) &&
	    attacks(st, SOUTH)) {
		q_init(&q, go ? "8.2" : "8.1", "attack-order", "player",
		       "Soviet %s in the north and the south: which is "
		       "resolved first?", go ? "general offensive" :
		       "attacks");
		q_add(&q, "north-first");
		arn_name_place(&q, NORTH);
		q_add(&q, "south-first");
		arn_name_place(&q, SOUTH);
		st->order = ctx_ask(c, &q) == 0 ? ORDER_NORTH : ORDER_SOUTH;
	}
	for (i = 0; i < 2; i++) {
		area = (st->order == ORDER_SOUTH) == (i == 0) ? SOUTH : NORTH;
		if (st->attack_done[area])
			continue;
		if (go)
			general_offensive(c, st, area);
		else
			normal_attack(c, st, area);
		if (arn_check_end(c, st))
			return;
		st->attack_done[area] = 1;
	}
	if (go && st->soviet[NORTH].n > 0 && st->soviet[SOUTH].n > 0) {
		ctx_event(c, "8.2", "Soviet cards remain in both the north "
			  "and the south after the general offensive.");
		if (arn_surrender_check(c, st, "8.2"))
			return;
	}
	end_of_turn(c, st);
}

void arn_play(struct ctx *c, void *vst)
{
	struct arn *st = vst;

	while (st->phase != PH_OVER) {
		/* a phase begins: what follows depends on the state only */
		ctx_checkpoint(c);
		switch (st->phase) {
		case PH_SETUP:
			place_tigers(c, st);
			break;
		case PH_DEPLOY:
			soviet_deployment(c, st);
			break;
		case PH_ACTION:
			german_actions(c, st);
			break;
		case PH_ATTACK:
			soviet_attacks(c, st);
			break;
		case PH_RELIEF:
			arn_relief_check(c, st);
			break;
		default:
			return;
		}
	}
}
