/*
 * crt.h - combat results tables as scenario data: columns indexed by the
 * combat differential (attack minus defence), by odds ratio (3:1) or by
 * attack percentage (attack as a percentage of defence); one row per die
 * face; each cell names a result, and each result says what happens to
 * the attacker and to the defender. Column shifts move along the columns
 * and stop at either end.
 *
 * Ownership: plain values inside the owner's state struct.
 */
#ifndef UMPIRE_RULES_CRT_H
#define UMPIRE_RULES_CRT_H

#include "umpire/doc.h"
#include "umpire/error.h"

enum { CRT_COLS = 16, CRT_ROWS = 12, CRT_RESULTS = 16 };

enum crt_index { CRT_DIFFERENTIAL, CRT_RATIO, CRT_PERCENT };

/* What a result does to one side: eliminated, "retreat N", "retreat
 * die" (a die roll of hexes), exchange, "step N", "lose strongest" (the
 * owner's strongest unit), "lose half" (units whose strengths add up to
 * at least half the side's). */
enum crt_effect { FX_NONE, FX_RETREAT, FX_ELIMINATED, FX_EXCHANGE,
		  FX_STEP, FX_RETREAT_DIE, FX_LOSE_STRONGEST, FX_LOSE_HALF,
		  FX_EFFECTS };

enum { CRT_FX_MAX = 4, CRT_ATTACKER = 0, CRT_DEFENDER = 1 };

struct crt_fx {
	int kind;                     /* enum crt_effect */
	int n;                        /* hexes, steps; 1 otherwise */
};

/*
 * A result gives each side a list of effects, applied in order, and may
 * let each side advance N hexes after combat (Race to the Reichstag's
 * "MD: {attacker: [lose strongest], defender: [retreat 1], advance:
 * {attacker: 1}}"). A side given one effect (Aachen's tables) has a list
 * of one; att/def and att_n/def_n repeat each side's first effect
 * (FX_NONE: none) for games that have one effect a side.
 */
struct crt_result {
	char code[8];                 /* "DR", "AE", "EX" */
	int att, def;                 /* enum crt_effect */
	int att_n, def_n;             /* retreat distance, steps */
	struct crt_fx fx[2][CRT_FX_MAX];  /* [CRT_ATTACKER/DEFENDER] */
	int n_fx[2];
	int advance[2];               /* hexes; 0: no advance given */
};

struct crt {
	int index;                    /* enum crt_index */
	int die;                      /* sides of the die (rows) */
	int n_cols;
	char label[CRT_COLS][8];      /* "-2", "3:1", "150" */
	int num[CRT_COLS], den[CRT_COLS]; /* threshold of each column */
	unsigned char cell[CRT_ROWS][CRT_COLS]; /* result index */
	int n_results;
	struct crt_result result[CRT_RESULTS];
};

int crt_load(struct crt *t, const struct doc *d, const struct doc_node *n,
	     struct error *err);
/* The column for attack a against defence d (before shifts); columns
 * below the first clamp to the first, above the last to the last. */
int crt_column(const struct crt *t, int a, int d);
int crt_shift(const struct crt *t, int col, int shift);
const struct crt_result *crt_lookup(const struct crt *t, int col, int die);

#endif
