/*
 * hexplace.h - the placement policy of a standing "auto" on a hex map
 * (umpire-orders(5), PLACEMENT POLICY), shared by every hex game that
 * lets a player place counters (set-up, reinforcements, replacements).
 *
 * A player who writes "place: auto" lets the umpire choose the hex of
 * each counter among the hexes the rules allow. The choice must be one
 * he would accept: the counters near the objectives, spread over the
 * zone, never packed into the map's corners. The policy, in order of
 * precedence, among the legal hexes:
 *
 *   1. never a corner hex of the map (in the first or last three
 *      columns and the first or last three rows) while another is legal;
 *   2. the fewest of the placer's own units already in the hex (a
 *      second counter joins a hex only when every legal hex holds one);
 *   3. the least "distance": the hexes to the nearest objective, plus
 *      one for each of the placer's own units within 2 hexes (so the
 *      counters spread over the objectives instead of ringing one);
 *   4. the first in the order of the candidates (hex order).
 *
 * The objectives are the game's (the caller passes them: those of the
 * zone, or the map's when the zone has none); with none, rule 3 counts
 * the crowding only. Only what the placer sees counts: the caller's
 * own() names his own units.
 *
 * Ownership: plain functions; the caller owns every buffer.
 */
#ifndef UMPIRE_RULES_HEXPLACE_H
#define UMPIRE_RULES_HEXPLACE_H

#include <stdint.h>
#include "hex.h"

/* Whether h is a corner hex of the map (policy rule 1). */
int hex_place_corner(const struct hex_map *m, int h);

/*
 * The policy's choice among the legal hexes of cand[0..n): its index, or
 * -1 when none is legal. obj[0..n_obj): the objectives. own(user, h):
 * how many of the placer's own units (as he sees them) stand in h.
 * legal(user, h): whether the rules allow h (NULL: every candidate is),
 * asked only of a candidate the policy would take over the legal ones
 * it has looked at (a key depends on the hex alone: the choice is the
 * same as among the legal hexes alone, and the rules' checks cost more
 * than the policy's).
 */
int hex_place_pick(const struct hex_map *m, const int16_t *cand, int n,
		   const int16_t *obj, int n_obj,
		   int (*own)(const void *user, int h),
		   int (*legal)(const void *user, int h), const void *user);

/*
 * The same in two parts, for a zone whose counters are placed one after
 * another: what depends on the candidates and objectives alone (rules 1
 * and 3's distance, and the order the pick looks at the candidates in),
 * made once by hex_place_zone_make; then a pick as the units stand now,
 * as many as wanted while cand[0..n) and obj are unchanged (z keeps
 * cand, not a copy). hex_place_pick is one of each. The caller owns z
 * (no memory of its own: a question may suspend play() while the
 * caller holds one).
 */
struct hex_place_zone {
	const int16_t *cand;
	int n;
	struct {
		int16_t i;         /* the index in cand (rule 4) */
		uint8_t corner;    /* rule 1's key */
		uint8_t dist;      /* rule 3's distance */
	} e[HEX_MAX];              /* by corner, distance, index */
};
void hex_place_zone_make(struct hex_place_zone *z, const struct hex_map *m,
			 const int16_t *cand, int n, const int16_t *obj,
			 int n_obj);
int hex_place_zone_pick(const struct hex_map *m,
			const struct hex_place_zone *z,
			int (*own)(const void *user, int h),
			int (*legal)(const void *user, int h),
			const void *user);

#endif
