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

/* What a result does to one side. */
enum crt_effect { FX_NONE, FX_RETREAT, FX_ELIMINATED, FX_EXCHANGE,
		  FX_STEP };

struct crt_result {
	char code[8];                 /* "DR", "AE", "EX" */
	int att, def;                 /* enum crt_effect */
	int att_n, def_n;             /* retreat distance, steps */
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
