/*
 * judge.c - Arnswalde 1945: the judgement deck and the player's hand (3.2),
 * morale, the surrender check and the end of the game (4.1), the relief
 * check and the score (4.2).
 */
#include <stdio.h>
#include "arnswalde.h"

/* the Tigers in the town: north, south and the Central Square */
static int tigers_in_town(const struct arn *st)
{
	return st->tigers[NORTH] + st->tigers[SOUTH] + st->tigers[CENTER];
}

/*
 * 3.2: draw the top card of the judgement deck; when it is empty, the
 * discards (never a heart: hearts are not judgement cards) are shuffled
 * into a new deck first. The card lies on the table until discarded.
 */
card arn_judge_draw_blind(struct ctx *c, struct arn *st, const char *purpose)
{
	card k;

	if (st->deck.n == 0 && st->discard.n > 0) {
		ctx_event(c, "3.2", "The judgement deck is empty: its %zu "
			  "discards are shuffled into a new deck.",
			  st->discard.n);
		pile_move_all(&st->deck, &st->discard);
	}
	k = pile_draw(c, &st->deck, purpose, "judgement-deck");
	if (k != CARD_NONE)
		pile_add(&st->table, k);
	return k;
}

/*
 * 3.2: any judgement draw may be replaced by a card of the hand. A joker
 * in the hand is never offered: the rulebook says it has no use (7.3).
 */
card arn_judge_draw(struct ctx *c, struct arn *st, const char *rule,
		const char *purpose)
{
	char what[Q_TEXT_LEN], name[8];
	card usable[PILE_MAX];
	struct question q;
	size_t n = 0, i, k, first;

	snprintf(what, sizeof what, "%s %s", rule, purpose);
	for (i = 0; i < st->hand.n; i++)
		if (!is_joker(st->hand.c[i]))
			usable[n++] = st->hand.c[i];
	if (n == 0)
		return arn_judge_draw_blind(c, st, what);
	q_init(&q, "3.2", "hand", "player", "%s: draw a judgement card or "
	       "use a card from your hand?", what);
	first = st->deck.n + st->discard.n > 0;
	if (first)
		q_add(&q, "draw");
	for (i = 0; i < n && q.n < Q_MAX_OPTIONS; i++) {
		card_id(usable[i], name, sizeof name);
		q_add(&q, "use %s", name);
		q_target(&q, "card", name);
	}
	k = ctx_ask(c, &q);
	if (k < first)
		return arn_judge_draw_blind(c, st, what);
	pile_remove(&st->hand, usable[k - first]);
	pile_add(&st->table, usable[k - first]);
	ctx_event(c, "3.2", "The player uses %s from the hand for the %s.",
		  card_label(usable[k - first]), what);
	return usable[k - first];
}

/* A judgement card's effect is over: to the discards. */
void arn_judge_discard(struct arn *st, card k)
{
	if (pile_remove(&st->table, k) == 0)
		pile_add(&st->discard, k);
}

void arn_judge_discard_all(struct arn *st)
{
	pile_move_all(&st->discard, &st->table);
}

static void game_over(struct arn *st, enum result r)
{
	st->result = r;
	st->phase = PH_OVER;
}

/* Morale falls by one, never below 0 (4.1). */
void arn_morale_down(struct ctx *c, struct arn *st, const char *rule,
		 const char *why)
{
	if (st->morale == 0) {
		ctx_event(c, rule, "%s: garrison morale stays at 0.", why);
		return;
	}
	st->morale--;
	ctx_event(c, rule, "%s: garrison morale falls to %d.", why,
		  st->morale);
}

/*
 * 4.1 surrender check, made whatever the morale. The garrison surrenders
 * only at morale 0-2, when the suit drawn is one printed in its box. A
 * joker lowers morale at once and the check is made again; a diamond that
 * does not make the garrison surrender lowers morale. Returns 1 (and ends
 * the game) on surrender.
 */
int arn_surrender_check(struct ctx *c, struct arn *st, const char *rule)
{
	char why[120];
	card k;

	for (;;) {
		k = arn_judge_draw(c, st, "4.1", "surrender check");
		if (k == CARD_NONE)
			return 0;
		if (!is_joker(k))
			break;
		snprintf(why, sizeof why, "Surrender check (%s): %s, a joker, "
			 "and the check is made again", rule, card_label(k));
		arn_morale_down(c, st, "4.1", why);
		arn_judge_discard(st, k);
	}
	arn_judge_discard(st, k);
	if (st->morale < SURRENDER_BOXES &&
	    (st->surrender_suits[st->morale] & 1u << card_suit(k))) {
		ctx_event(c, "4.1", "Surrender check (%s): %s matches a suit "
			  "of morale box %d: the garrison surrenders and the "
			  "game ends.", rule, card_label(k), st->morale);
		game_over(st, RES_SURRENDER);
		return 1;
	}
	if (is_diamond(k)) {
		snprintf(why, sizeof why, "Surrender check (%s): %s, a "
			 "diamond: the garrison holds, but", rule,
			 card_label(k));
		arn_morale_down(c, st, "4.1", why);
	} else {
		ctx_event(c, "4.1", "Surrender check (%s): %s: the garrison "
			  "holds.", rule, card_label(k));
	}
	return 0;
}

/* 4.1 (3): the game ends the moment no Tiger is left in the north, the
 * south and the Central Square. Returns 1 if the game is over (for any
 * reason). */
int arn_check_end(struct ctx *c, struct arn *st)
{
	if (st->phase == PH_OVER)
		return 1;
	if (tigers_in_town(st) > 0)
		return 0;
	ctx_event(c, "4.1", "No Tiger is left in Arnswalde (north, south "
		  "and Central Square): the game ends in defeat.");
	game_over(st, RES_NO_TIGERS);
	return 1;
}

/* 4.2: one judgement card per Soviet card in the north, top down; a
 * black card removes it, a red card or a joker does not. */
void arn_relief_check(struct ctx *c, struct arn *st)
{
	struct stack *s = &st->soviet[NORTH];
	char what[64];
	size_t i;
	card k, sov;

	ctx_where(c, st->turn, "relief check");
	if (s->n == 0)
		ctx_event(c, "4.2", "No Soviet card holds the north.");
	for (i = s->n; i-- > 0;) {
		sov = s->c[i];
		snprintf(what, sizeof what, "relief check against the %s",
			 arn_soviet_label(sov));
		k = arn_judge_draw(c, st, "4.2", what);
		if (k == CARD_NONE)
			break;
		if (is_black(k)) {
			/* A face-down card leaves the table here: turn it,
			 * so it leaves the unseen hearts too (3.2). */
			if (sov == CARD_DOWN) {
				sov = arn_turn_face_down(c, st, NORTH, i, "4.2");
				ctx_event(c, "4.2", "The face-down card in the "
					  "north is turned over: %s.",
					  card_label(sov));
			}
			arn_stack_remove(s, i);
			ctx_event(c, "4.2", "Relief check: %s, black: the %s "
				  "in the north is removed.", card_label(k),
				  arn_soviet_label(sov));
		} else {
			ctx_event(c, "4.2", "Relief check: %s, %s: the %s in "
				  "the north stays.", card_label(k),
				  is_joker(k) ? "a joker" : "red",
				  arn_soviet_label(sov));
		}
		arn_judge_discard(st, k);
	}
	if (s->n > 0) {
		ctx_event(c, "4.2", "Soviet cards still hold the north: the "
			  "relief fails, a decisive defeat.");
		game_over(st, RES_RELIEF_FAILED);
		return;
	}
	st->score = 3 * st->refugees[1] + TIGERS - st->tigers[ELIMINATED];
	ctx_event(c, "4.2", "The relief succeeds: %d refugee markers out "
		  "(3 points each) and %d Tigers not eliminated (%d in town, "
		  "%d in the workshop, %d escaped; 1 point each) score %d.",
		  st->refugees[1], TIGERS - st->tigers[ELIMINATED],
		  tigers_in_town(st), st->tigers[WORKSHOP],
		  st->tigers[ESCAPED], st->score);
	game_over(st, RES_VICTORY);
}
