/*
 * arnswalde.h - private to the Arnswalde 1945 rules module
 * (src/rules/arnswalde/): the state struct and the functions its files
 * share. Section numbers are those of the Japanese rulebook.
 *
 * Ownership: struct arn is the whole game state, a plain value owned by
 * the engine (ruleset.state_size bytes); it holds no pointers.
 */
#ifndef UMPIRE_RULES_ARNSWALDE_H
#define UMPIRE_RULES_ARNSWALDE_H

#include "umpire/rules.h"
#include "../lib/cards.h"

enum {
	TIGERS = 7,             /* 2.0: seven King Tigers */
	REFUGEES = 3,           /* 2.0: three refugee markers */
	MORALE_MAX = 5,
	SURRENDER_BOXES = 3,    /* 4.1: surrender possible at morale 0..2 */
	STACK_MAX = 16          /* Soviet cards in one area (13 hearts) */
};

/* Places of the Tigers; NORTH and SOUTH also index the Soviet stacks. */
enum place { NORTH, SOUTH, CENTER, WORKSHOP, ESCAPED, ELIMINATED,
	     PLACES };

enum phase { PH_SETUP, PH_DEPLOY, PH_ACTION, PH_ATTACK, PH_RELIEF,
	     PH_OVER, PHASES };

enum result { RES_NONE, RES_SURRENDER, RES_NO_TIGERS, RES_RELIEF_FAILED,
	      RES_VICTORY, RESULTS };

enum order { ORDER_NONE, ORDER_NORTH, ORDER_SOUTH, ORDERS };

/* Soviet cards in an area: c[0] at the bottom, c[n-1] on top. */
struct stack {
	size_t n;
	card c[STACK_MAX];
};

struct arn {
	/* from the scenario (setup) */
	unsigned surrender_suits[SURRENDER_BOXES]; /* bit (1 << suit) */

	int turn;                  /* 1.. */
	enum phase phase;
	int morale;                /* 0..5 */
	int tigers[PLACES];
	int refugees[2];           /* [0] in the Central Square, [1] out */

	struct stack soviet[2];    /* NORTH, SOUTH */
	struct pile unseen;        /* hearts not yet seen: the Soviet deck
				      and the face-down cards (3.2) */
	card offensive;            /* heart face card reminder (6.0) */

	struct pile deck;          /* judgement deck (3.2) */
	struct pile discard;       /* its discards */
	struct pile table;         /* judgement cards being resolved */
	struct pile hand;          /* the player's hand (3.2) */
	struct pile extra;         /* black face cards kept as reminders of
				      an extra action (7.3) */

	int actions_left;          /* 7.0 */
	int escape_used;           /* 7.2: once a turn */
	enum order order;          /* 8.1: chosen order of the attacks */
	int attack_done[2];        /* 8.x: area finished this phase */
	int attack_held[2];        /* 8.2: resolved cards still on top */

	enum result result;
	int score;                 /* 4.2 */
};

/*
 * The files in layers, each using only those above it in this list
 * (by linked symbols):
 *   names.c    the names of sides, places, phases, orders and results
 *   pieces.c   the Tigers and the Soviet stacks and deck in the state
 *   state.c    the start state, the state's declaration, save and load
 *   judge.c    the judgement deck and hand, morale, the end checks
 *   counter.c  the counter-attack (7.3)
 *   turn.c     the procedure of a turn
 *   report.c, render.c  the position in words and as a picture
 *   ruleset.c  the ruleset
 */

/* names.c */
extern const char *const arn_side_names[];
extern const char *const arn_place_names[PLACES];
extern const char *const arn_place_titles[PLACES];
extern const char *const arn_place_kinds[PLACES];  /* "area", "box" */
extern const char *const arn_phase_names[PHASES];
extern const char *const arn_phase_titles[PHASES];
extern const char *const arn_result_names[RESULTS];
extern const char *const arn_order_names[ORDERS];
/* The option last added to q names place (q_target: its kind and
 * name); render.c spots it so. */
void arn_name_place(struct question *q, int place);

/* pieces.c: the Tigers' places, the Soviet stacks and deck (3.2, 7.3) */
void arn_move_tigers(struct arn *st, int from, int to, int n);
int arn_soviet_strength(card c);
size_t arn_soviet_face_down(const struct arn *st);
size_t arn_soviet_deck_left(const struct arn *st);
const char *arn_soviet_label(card c);
card arn_turn_face_down(struct ctx *c, struct arn *st, int area, size_t idx,
		    const char *rule);
void arn_stack_remove(struct stack *s, size_t idx);

/* state.c */
extern const struct state_decl arn_state;
int arn_setup(void *st, const struct doc *scn, const struct doc_node *data,
	      const struct doc_node *options, struct error *err);
struct doc_node *arn_save(const void *st, struct doc *d);
int arn_load(void *st, const struct doc *d, const struct doc_node *map,
	     struct error *err);

/* judge.c: the judgement deck, the hand, surrender and relief checks */
card arn_judge_draw(struct ctx *c, struct arn *st, const char *rule,
		const char *purpose);
card arn_judge_draw_blind(struct ctx *c, struct arn *st, const char *purpose);
void arn_judge_discard(struct arn *st, card k);
void arn_judge_discard_all(struct arn *st);
int arn_surrender_check(struct ctx *c, struct arn *st, const char *rule);
void arn_morale_down(struct ctx *c, struct arn *st, const char *rule,
		 const char *why);
int arn_check_end(struct ctx *c, struct arn *st);
void arn_relief_check(struct ctx *c, struct arn *st);

/* counter.c: 7.3 */
int arn_counterattack(struct ctx *c, struct arn *st, int area, size_t idx,
		  int response);

/* turn.c: 3.1, 5.0 to 8.2 */
void arn_play(struct ctx *c, void *st);

/* report.c */
void arn_position(const void *st, const char *side, struct strbuf *out);
int arn_result(const void *st, struct strbuf *out);

/* render.c: the board as a picture (rules.h: render) */
void arn_render(const void *st, const char *side, const struct mark *marks,
		size_t n_marks, struct svg *out);

#endif
