/*
 * counter.c - Arnswalde 1945, 7.3: the counter-attack, as a German action
 * and as the answer to a Soviet attack (8.1, 8.2).
 */
#include <stdio.h>
#include <string.h>
#include "arnswalde.h"

/* A Tiger's move, for the picture of the step (umpire render). */
static void mark_tiger(struct ctx *c, int from, int to, const char *what)
{
	char label[48];

	snprintf(label, sizeof label, "1 Tiger %s", what);
	ctx_mark(c, "", "move", arn_place_names[from], arn_place_names[to], label);
}

/* One counter-attack in progress. */
struct ca {
	int area;
	int response;          /* answering a Soviet attack (8.1, 8.2) */
	card target;
	int strength;
	int tiger;             /* number of the Tiger now attacking, 1.. */
	size_t n;
	card nums[PILE_MAX];   /* number cards drawn so far, in order */
};

enum outcome { T_WIN, T_FAIL, T_FAIL_DAMAGED, T_CANCELLED, T_OVER };

/* 7.3 black face card in a counter-attack made as an action: repair a
 * Tiger, an extra action this turn, or a judgement card into the hand;
 * then a new card is drawn (by the caller). */
static void black_face(struct ctx *c, struct arn *st, const struct ca *ca,
		       card k)
{
	struct question q;
	const char *choice;
	card h;

	q_init(&q, "7.3", "black-face", "player", "Tiger %d drew %s, a "
	       "black face card: repair a Tiger, take an extra action or "
	       "take a card into your hand?", ca->tiger, card_label(k));
	if (st->tigers[WORKSHOP] > 0) {
		q_add(&q, "repair");
		arn_name_place(&q, WORKSHOP);
	}
	q_add(&q, "extra-action");
	if (st->deck.n + st->discard.n > 0)
		q_add(&q, "take-card");
	choice = q.options[ctx_ask(c, &q)];
	if (strcmp(choice, "repair") == 0) {
		arn_move_tigers(st, WORKSHOP, CENTER, 1);
		mark_tiger(c, WORKSHOP, CENTER, "repaired");
		ctx_event(c, "7.3", "Tiger %d draws %s: a Tiger in the field "
			  "workshop is repaired and moves to the Central "
			  "Square; a new card is drawn.", ca->tiger,
			  card_label(k));
	} else if (strcmp(choice, "extra-action") == 0) {
		pile_remove(&st->table, k);
		pile_add(&st->extra, k);
		st->actions_left++;
		ctx_event(c, "7.3", "Tiger %d draws %s: kept as the reminder "
			  "of an extra action this turn; a new card is drawn.",
			  ca->tiger, card_label(k));
	} else {
		h = arn_judge_draw_blind(c, st, "7.3 judgement card taken into "
				     "the hand");
		pile_remove(&st->table, h);
		pile_add(&st->hand, h);
		ctx_event(c, "7.3", "Tiger %d draws %s: the player takes %s "
			  "into the hand; a new card is drawn.", ca->tiger,
			  card_label(k), card_label(h));
	}
}

/* 7.3 a number card (an ace counts 1). A pair (or more) of one rank adds
 * up; a pair of aces always wins. A Tiger whose diamond card alone does
 * not beat the Soviet strength is damaged, even when a pair wins. */
static enum outcome number_card(struct ctx *c, struct arn *st,
				struct ca *ca, card k)
{
	char pair[64] = "", result[96];
	int v = card_rank(k), total = v, same = 0, win, damaged;
	size_t i;

	for (i = 0; i < ca->n; i++) {
		if (card_rank(ca->nums[i]) != v)
			continue;
		total += v;
		same++;
		snprintf(pair + strlen(pair), sizeof pair - strlen(pair),
			 " and %s", card_label(ca->nums[i]));
	}
	ca->nums[ca->n++] = k;
	win = (v == RANK_A && same > 0) || total >= ca->strength;
	damaged = is_diamond(k) && v < ca->strength;
	if (v == RANK_A && same > 0)
		snprintf(result, sizeof result, "with%s a pair of aces, "
			 "which always wins", pair + 4);
	else if (same > 0)
		snprintf(result, sizeof result, "with%s a pair of %ds makes "
			 "%d", pair + 4, v, total);
	else
		snprintf(result, sizeof result, "%d", v);
	ctx_event(c, "7.3", "Tiger %d draws %s: %s against strength %d: "
		  "%s.%s", ca->tiger, card_label(k), result, ca->strength,
		  win ? "the Soviet card is destroyed" : "it fails",
		  damaged ? " A diamond that fails alone: the Tiger is "
		  "damaged and goes to the field workshop." : "");
	if (damaged) {
		arn_move_tigers(st, ca->area, WORKSHOP, 1);
		mark_tiger(c, ca->area, WORKSHOP, "damaged");
	}
	return win ? T_WIN : damaged ? T_FAIL_DAMAGED : T_FAIL;
}

/* 7.3 one Tiger attacks: cards are drawn until a number card decides,
 * or a face card cancels this Tiger's attack. */
static enum outcome tiger_attack(struct ctx *c, struct arn *st,
				 struct ca *ca)
{
	char purpose[80];
	card k;

	for (;;) {
		snprintf(purpose, sizeof purpose, "counter-attack on the %s, "
			 "Tiger %d", card_label(ca->target), ca->tiger);
		k = arn_judge_draw(c, st, "7.3", purpose);
		if (k == CARD_NONE)
			return T_CANCELLED;
		if (is_joker(k)) {
			ctx_event(c, "7.3", "Tiger %d draws %s, a joker: "
				  "surrender check, then a new card.",
				  ca->tiger, card_label(k));
			if (arn_surrender_check(c, st, "7.3"))
				return T_OVER;
			continue;
		}
		if (is_number(k))
			return number_card(c, st, ca, k);
		if (is_black(k) && !ca->response) {
			black_face(c, st, ca, k);
			continue;
		}
		ctx_event(c, "7.3", "Tiger %d draws %s, %s: its attack is "
			  "called off for want of ammunition or fuel and it "
			  "moves to the Central Square.", ca->tiger,
			  card_label(k), is_diamond(k) ? "a diamond face card"
			  : "a black face card, which counts as a diamond "
			  "face card against a Soviet attack");
		arn_move_tigers(st, ca->area, CENTER, 1);
		mark_tiger(c, ca->area, CENTER, "called off");
		return T_CANCELLED;
	}
}

/*
 * 7.3: the Tigers in area counter-attack the Soviet card at idx, one
 * Tiger (one decisive card) at a time; after each Tiger that does not
 * destroy it the player may go on with another. If the counter-attack
 * fails, the last Tiger that failed with a number card goes to the field
 * workshop (if a diamond has not put it there already). Returns 1 if the
 * Soviet card was destroyed (removed from the game).
 */
int arn_counterattack(struct ctx *c, struct arn *st, int area, size_t idx,
		  int response)
{
	struct stack *s = &st->soviet[area];
	struct question q;
	struct ca ca = { 0 };
	int fresh = st->tigers[area], won = 0;
	card failed = CARD_NONE;  /* last number-failed Tiger in the area */
	enum outcome r;
	char label[48];

	ca.area = area;
	ca.response = response;
	ca.target = s->c[idx];
	if (ca.target == CARD_DOWN) {
		ca.target = arn_turn_face_down(c, st, area, idx, "7.3");
		ctx_event(c, "7.3", "The face-down Soviet card in the %s is "
			  "turned over: %s.", arn_place_names[area],
			  card_label(ca.target));
	}
	ca.strength = arn_soviet_strength(ca.target);
	ctx_event(c, "7.3", "Counter-attack in the %s by up to %d Tiger%s "
		  "against the %s, strength %d.", arn_place_names[area], fresh,
		  fresh == 1 ? "" : "s", card_label(ca.target), ca.strength);
	while (fresh > 0) {
		ca.tiger++;
		fresh--;
		r = tiger_attack(c, st, &ca);
		if (r == T_OVER) {
			arn_judge_discard_all(st);
			return 0;
		}
		if (r == T_WIN) {
			arn_stack_remove(s, idx);
			won = 1;
			break;
		}
		if (r == T_FAIL)
			failed = ca.nums[ca.n - 1];
		else if (r == T_FAIL_DAMAGED)
			failed = CARD_NONE;
		if (fresh == 0)
			break;
		q_init(&q, "7.3", "ca-continue", "player", "The %s in the %s "
		       "still stands: go on with another of the %d Tigers "
		       "there that have not attacked?", card_label(ca.target),
		       arn_place_names[area], fresh);
		q_add(&q, "yes");
		q_add(&q, "no");
		if (ctx_ask(c, &q) == 1)
			break;
	}
	snprintf(label, sizeof label, "counter-attack on %s: %s",
		 card_label(ca.target), won ? "destroyed" : "fails");
	ctx_mark(c, "", "combat", arn_place_names[area], "", label);
	if (won) {
		ctx_event(c, "7.3", "The counter-attack destroys the %s.",
			  card_label(ca.target));
	} else if (failed != CARD_NONE) {
		arn_move_tigers(st, area, WORKSHOP, 1);
		mark_tiger(c, area, WORKSHOP, "damaged");
		ctx_event(c, "7.3", "The counter-attack on the %s fails: the "
			  "Tiger that drew %s is damaged and goes to the "
			  "field workshop.", card_label(ca.target),
			  card_label(failed));
	} else {
		ctx_event(c, "7.3", "The counter-attack on the %s fails.",
			  card_label(ca.target));
	}
	arn_judge_discard_all(st);
	return won;
}
