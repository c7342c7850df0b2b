/*
 * cup.h - a cup of counters drawn blind (Kampfgruppe Peiper's US
 * counters; any game that draws counters from a mug).
 *
 * Counters are numbered 0..CUP_MAX-1 by the game (its scenario order);
 * a cup is the set of those in it. Drawing picks uniformly among the
 * counters in the cup through ctx_pick(), passing their labels in
 * ascending number: the canonical order, so that an auditor who knows the
 * cup's contents and the pick index re-derives the counter.
 *
 * Face-down counters that are not decided yet ("draw at the moment of
 * looking") stay in the cup: the game counts them apart and draws one from
 * the cup when it is looked at, which gives the same chances as drawing it
 * when it was placed.
 *
 * Ownership: a struct cup is a plain value (a bit set) inside its owner;
 * labels are the caller's and are not kept.
 */
#ifndef UMPIRE_RULES_CUP_H
#define UMPIRE_RULES_CUP_H

#include <stddef.h>
#include <stdint.h>
#include "umpire/doc.h"
#include "umpire/error.h"
#include "umpire/rules.h"

#define CUP_MAX 128
#define CUP_WORD_BITS 32

struct cup {
	/* bit i % 32 of word i / 32: counter i is in the cup */
	uint32_t in[CUP_MAX / CUP_WORD_BITS];
};

void cup_clear(struct cup *c);
void cup_add(struct cup *c, int i);
void cup_remove(struct cup *c, int i);
int cup_has(const struct cup *c, int i);
int cup_count(const struct cup *c);

/*
 * Draw one counter from the cup (labels[i] names counter i, for all n
 * counters of the game), remove it and return its number; -1 (and no
 * draw) if the cup is empty.
 */
int cup_draw(struct ctx *c, struct cup *cup, const char *const *labels,
	     int n, const char *purpose, const char *pool);
/* The same, a draw only `side` sees (NULL: nobody; ctx_pick_for): a
 * player's blind draw under a referee. */
int cup_draw_for(struct ctx *c, struct cup *cup, const char *const *labels,
		 int n, const char *purpose, const char *pool,
		 const char *side);

/* The cup as a flow sequence of labels, in canonical order. */
struct doc_node *cup_save(const struct cup *cup, const char *const *labels,
			  int n, struct doc *d);
/* A sequence of labels into cup (replacing it). Errors name file, line
 * and label. */
int cup_load(struct cup *cup, const char *const *labels, int n,
	     const struct doc *d, const struct doc_node *seq,
	     const char *what, struct error *err);
/* Counter number of a label, or -1. */
int cup_find(const char *const *labels, int n, const char *label);

#endif
