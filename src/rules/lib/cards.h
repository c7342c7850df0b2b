/*
 * cards.h - playing cards: one 52-card deck plus two jokers, their labels,
 * suit/colour/rank helpers, and piles of cards kept in canonical order.
 *
 * Ownership: everything here is plain values. A struct pile is a fixed
 * array inside its owner (usually a ruleset's state struct); nothing is
 * allocated. Labels returned by card_label() are static constants.
 *
 * Card codes and the canonical order. A card is a small integer:
 *
 *     code = 13 * suit + (rank - 1)      suits S=0, H=1, D=2, C=3
 *                                        ranks A=1, 2..10, J=11, Q=12, K=13
 *     JK1 = 52, JK2 = 53
 *
 * so the canonical order (ascending code) is
 *
 *     AS 2S 3S .. 10S JS QS KS  AH .. KH  AD .. KD  AC .. KC  JK1 JK2
 *
 * A pile holds its cards sorted by code, so its labels in array order are
 * the canonical order. pile_draw() picks uniformly among the cards left in
 * a pile through ctx_pick(), passing their labels in that order: an auditor
 * who knows the pile's contents and the pick index re-derives the card.
 *
 * Face-down cards that are not yet decided ("draw at the moment of
 * looking") are represented by CARD_DOWN where a game keeps them in order
 * (a stack on the map); the card itself stays in the pile it will be drawn
 * from when it is turned over.
 */
#ifndef UMPIRE_RULES_CARDS_H
#define UMPIRE_RULES_CARDS_H

#include <stddef.h>
#include "umpire/doc.h"
#include "umpire/error.h"
#include "umpire/rules.h"

typedef unsigned char card;

enum suit { SUIT_S, SUIT_H, SUIT_D, SUIT_C, SUIT_JOKER };

enum {
	RANK_A = 1, RANK_J = 11, RANK_Q = 12, RANK_K = 13,
	CARD_JK1 = 52, CARD_JK2 = 53,
	CARD_COUNT = 54,        /* distinct cards: 52 + 2 jokers */
	CARD_DOWN = 0xfe,       /* a face-down card not decided yet */
	CARD_NONE = 0xff        /* no card */
};

/* The card of a suit and rank (1..13). */
card card_make(enum suit s, int rank);
/* "AS", "10H", "KD", "JK1"; "down" for CARD_DOWN; "none" otherwise. */
const char *card_label(card c);
/* The label in lowercase, as answers write it and the desk names the
 * card (q_target, svg_spot): "as", "10h", "down". Truncated to size. */
void card_id(card c, char *buf, size_t size);
/* Parse a label, case-insensitive ("9s" = "9S", "down"); CARD_NONE if
 * it names no card. */
card card_parse(const char *s);
/* Suit letter: 'S' 'H' 'D' 'C' ('*' for jokers). */
char suit_letter(enum suit s);
int suit_parse(const char *s); /* "S", "h"...: the suit, or -1 */

int card_valid(card c);         /* a real card: code < CARD_COUNT */
enum suit card_suit(card c);    /* SUIT_JOKER for jokers */
int card_rank(card c);          /* 1..13; 0 for jokers */
int is_joker(card c);
int is_ace(card c);
int is_face(card c);            /* J, Q, K */
int is_number(card c);          /* A and 2..10 (an ace counts as 1) */
int is_red(card c);             /* hearts, diamonds (not jokers) */
int is_black(card c);           /* spades, clubs (not jokers) */
int is_spade(card c);
int is_heart(card c);
int is_diamond(card c);
int is_club(card c);

#define PILE_MAX 108            /* room for two full decks */

struct pile {
	size_t n;
	card c[PILE_MAX];       /* ascending code: canonical order */
};

void pile_clear(struct pile *p);
/* Every card of the 54 for which keep(card) is true (keep NULL: all). */
void pile_fill(struct pile *p, int (*keep)(card));
/* Insert in canonical order; -1 if the pile is full or c is not a card. */
int pile_add(struct pile *p, card c);
/* Remove one copy; -1 if absent. */
int pile_remove(struct pile *p, card c);
int pile_has(const struct pile *p, card c);
/* Move every card of from into to (from ends empty). */
void pile_move_all(struct pile *to, struct pile *from);

/*
 * Draw a uniformly random card from what remains in p (ctx_pick with the
 * labels of p's cards in canonical order, purpose and pool as given),
 * remove it and return it. CARD_NONE (and no pick) if p is empty.
 */
card pile_draw(struct ctx *c, struct pile *p, const char *purpose,
	       const char *pool);

/* The pile as a flow sequence of labels, in canonical order. */
struct doc_node *pile_save(const struct pile *p, struct doc *d);
/* A sequence of labels into p (replacing it); accept(card) limits which
 * cards are allowed (NULL: any card). Errors name file, line and label. */
int pile_load(struct pile *p, const struct doc *d, const struct doc_node *n,
	      const char *what, int (*accept)(card), struct error *err);

#endif
