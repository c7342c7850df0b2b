/*
 * hexorders.h - movement orders on a hex map, shared by the hex games:
 * the answer "UNIT HEX HEX ..." (the path, hex by hex; a reinforcement's
 * entry hex first) or "UNIT to HEX" (the destination: the game finds the
 * cheapest legal path with hex_path and reports it), and the refusal of
 * an illegal step in words that name the hex and the rule. The rule
 * numbers are the game's: it passes them in struct hex_move_labels.
 *
 * Ownership: plain functions; the caller owns every buffer.
 */
#ifndef UMPIRE_RULES_HEXORDERS_H
#define UMPIRE_RULES_HEXORDERS_H

#include <stddef.h>
#include "hex.h"

enum { HEX_PATH_MAX = 40 };

/* The option last added (q_add) names hex h: q_target "hex" with its
 * id as answers write it (the desk lights it; hexsvg_spot_hexes spots
 * it). */
struct question;
void hex_target(struct question *q, int h);

/* The game's rule numbers for each kind of refusal. */
struct hex_move_labels {
	const char *move;       /* the form of a move, adjacency (5.0) */
	const char *enemy;      /* a hex held by the enemy (5.3) */
	const char *zoc;        /* zone of control to zone of control (6.1) */
	const char *hexside;    /* a hexside that may not be crossed (5.2) */
	const char *cost;       /* movement points (5.1) */
	const char *prohibited; /* a hex the game forbids (may_enter) */
	const char *stack;      /* where a move may end (stacking) */
};

/* A parsed move. */
struct hex_move {
	int unit;               /* the unit, or -1 */
	int n;                  /* hexes in path */
	int16_t path[HEX_PATH_MAX];
	int by_dest;            /* "UNIT to HEX": path[0] is the
				   destination until the game finds the
				   path */
};

/*
 * Parse a move answer (not "done"): the unit through find(user, id)
 * (the game's lookup, -1 for no such unit), then hexes of the map, or
 * "to" and one hex. 0, or -1 with why naming what would be accepted.
 */
int hex_move_parse(const struct hex_map *m, const char *answer,
		   int (*find)(const void *user, const char *id),
		   const void *user, const struct hex_move_labels *labels,
		   struct hex_move *mv, char *why, size_t size);

/*
 * Why unit u may not step from a into b with `left` half MPs (first: no
 * step made yet), in words: NULL if it may (*cost: the step's half MPs),
 * else why, e.g. "0302 is in an enemy zone of control and so is 0301:
 * no move from one to the other (6.1)".
 */
const char *hex_step_why(const struct hex_rules *r, int u, int a, int b,
			 int left, int first, int *cost,
			 const struct hex_move_labels *labels, char *why,
			 size_t size);

/*
 * Why unit u, moving from `from` with `left` half MPs (first: its move
 * begins there; 0 for a reinforcement already on its entry hex), cannot
 * end a move in `to`, in words after "U cannot reach TO: ": the hex
 * nearest `to` it can reach (hex_reach; of equals, the one with the
 * most MPs left) and what bars it from going on: the next hex towards
 * `to` holds an enemy unit, costs more than the MPs left (a river or
 * stream crossing named as such, one that takes all the MPs only as a
 * first step), is across a hexside that may not be crossed, is in an
 * enemy zone of control; the nearest hex is one where an enemy zone of
 * control stops it; or `to` is reached but full (the units there named,
 * labels->stack), or is where it stands. Enemy units are never named
 * (a game may hide them).
 * *near (if not NULL): the nearest hex. Returns the distance in hexes
 * from it to `to` (0: `to` is reached but the move may not end there),
 * so that a caller with several starts (entry hexes) keeps the best.
 */
int hex_unreachable_why(const struct hex_rules *r, int u, int from,
			int left, int first, int to,
			const struct hex_move_labels *labels, int *near,
			char *why, size_t size);
/* The same on best, the search hex_reach (or hex_reach_tree) made for
 * u, from and left: a caller that asks of many hexes searches once. */
int hex_unreachable_why_in(const struct hex_rules *r, int u, int from,
			   int left, int first, int to,
			   const int16_t best[HEX_MAX],
			   const struct hex_move_labels *labels, int *near,
			   char *why, size_t size);

/* Half MPs as text: "3", "2 1/2", "1/2". */
void hex_mp_text(char *buf, size_t size, int half);

/*
 * The board mark of a move that took a path: unit `label` went from hex
 * `from` through path[0..n-1], the hexes it entered in order (n >= 1,
 * the last where it ended), so that the board draws its arrow along
 * them (ctx_mark_path).
 */
struct ctx;
void hex_mark_move(struct ctx *c, int from, const int16_t *path, int n,
		   const char *label);

#endif
