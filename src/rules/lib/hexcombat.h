/*
 * hexcombat.h - combat on a hex map, shared by the hex games: the hexes a
 * unit may retreat or advance into, step losses of two-sided units, and
 * the units a "lose strongest" or "lose half" result lets the owner
 * choose. The game asks the questions and applies the results; this
 * computes what is legal under its hooks (struct hex_rules: stacking,
 * prohibited hexes, zones of control, hexsides).
 *
 * Ownership: plain functions over the caller's arrays; nothing is kept.
 */
#ifndef UMPIRE_RULES_HEXCOMBAT_H
#define UMPIRE_RULES_HEXCOMBAT_H

#include "hex.h"

/*
 * The hexes unit u may enter as step `step` (1..n) of a retreat of n
 * hexes from `origin`, standing now at `from`: next to `from`, exactly
 * `step` hexes from origin (each hex farther from where it stood), a
 * hexside it may cross (not COST_NO: an unbridged river whose table says
 * so, the boundary), no enemy unit, no enemy zone of control as u would
 * find it there (hex_zoc_entering: a game's exceptions through
 * exerts_zoc_on), may_enter; friendly units may be passed through, and
 * the last hex (step == n) must be a legal end (hex_may_end: stack_ok).
 * Writes them into out (in direction order) and returns their number; 0:
 * u cannot retreat (most games eliminate it).
 */
int hex_retreat_options(const struct hex_rules *r, int u, int origin,
			int from, int step, int n, int16_t out[6]);

/*
 * The hexes unit u may enter as step `step` of an advance after combat
 * of at most n hexes, standing now at `from`: the first step only into
 * `vacated` (the hex the enemy left), the later ones into any neighbour;
 * enemy zones of control are ignored; no enemy unit, may_enter, a
 * hexside it may cross; every hex offered is a legal end (hex_may_end),
 * since an advance may stop anywhere. After a step across water with no
 * bridge (crossed_water) it goes no farther: 0.
 */
int hex_advance_options(const struct hex_rules *r, int u, int from,
			int step, int n, int vacated, int crossed_water,
			int16_t out[6]);

/*
 * Step losses of a two-sided unit: the first flips a full-strength unit
 * with a reduced side to it (has_reduced), the next eliminates it (a
 * one-sided unit is eliminated by the first). Returns the steps left
 * unabsorbed when the unit is eliminated (0 or more), or -1 if it
 * survives. The caller removes an eliminated unit from the map.
 */
int hex_take_steps(struct hunit *u, int steps);

/* How strong a unit is for a loss rule: a game's choice (printed attack,
 * defence, or their sum). */
typedef int (*hex_strength_fn)(const struct hunit *u);

/*
 * "Lose strongest": among units who[0..n-1], those of the greatest
 * strength (the owner chooses among equals). Writes them into out and
 * returns their number.
 */
int hex_strongest(const struct hunit *units, const int16_t *who, int n,
		  hex_strength_fn strength, int16_t *out);

/*
 * "Lose half": whether the units marked in chosen[] (of who[0..n-1])
 * meet the rule: their strengths add up to at least half of all n
 * (rounded up), and no one of them could be left out and still meet it
 * (the owner gives no more than needed). hex_half_default writes the
 * owner's default choice into chosen[] (the least loss the rule
 * allows: the smallest strength that meets half; among equals the
 * fewest units, then the first set in who[] order; the first
 * HEX_HALF_MAX units only) and returns how many it chose.
 */
enum { HEX_HALF_MAX = 12 };
int hex_half_ok(const struct hunit *units, const int16_t *who, int n,
		hex_strength_fn strength, const uint8_t *chosen);
int hex_half_default(const struct hunit *units, const int16_t *who, int n,
		     hex_strength_fn strength, uint8_t *chosen);

#endif
