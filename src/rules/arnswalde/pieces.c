/*
 * pieces.c - Arnswalde 1945: the pieces on the board as the state holds
 * them: the Tigers in their places, the Soviet cards in their stacks and
 * the Soviet deck (3.2, 7.3). Above names.c, below every rule.
 */
#include <stdio.h>
#include <string.h>
#include "arnswalde.h"

void arn_move_tigers(struct arn *st, int from, int to, int n)
{
	st->tigers[from] -= n;
	st->tigers[to] += n;
}

/* 7.3: a card turned face up in the north or south that is an ace or a
 * face card is a strength-10 unit; 2-10 are their value. */
int arn_soviet_strength(card k)
{
	return is_ace(k) || is_face(k) ? 10 : card_rank(k);
}

const char *arn_soviet_label(card k)
{
	return k == CARD_DOWN ? "face-down card" : card_label(k);
}

size_t arn_soviet_face_down(const struct arn *st)
{
	size_t n = 0, i;
	int a;

	for (a = NORTH; a <= SOUTH; a++)
		for (i = 0; i < st->soviet[a].n; i++)
			n += st->soviet[a].c[i] == CARD_DOWN;
	return n;
}

/* 3.2: the Soviet deck is what is unseen less the face-down cards. */
size_t arn_soviet_deck_left(const struct arn *st)
{
	size_t down = arn_soviet_face_down(st);

	return st->unseen.n > down ? st->unseen.n - down : 0;
}

void arn_stack_remove(struct stack *s, size_t idx)
{
	memmove(&s->c[idx], &s->c[idx + 1], s->n - idx - 1);
	/* the slot let go is 0, as in a stack read back from its save
	 * (ctx_checkpoint) */
	s->c[--s->n] = 0;
}

/* Draw at the moment of looking: the face-down card is decided now, from
 * the hearts not yet seen. */
card arn_turn_face_down(struct ctx *c, struct arn *st, int area, size_t idx,
		    const char *rule)
{
	char purpose[64];
	card k;

	snprintf(purpose, sizeof purpose, "%s face-down Soviet card in the "
		 "%s turned", rule, arn_place_names[area]);
	k = pile_draw(c, &st->unseen, purpose, "soviet-unseen");
	st->soviet[area].c[idx] = k;
	return k;
}
