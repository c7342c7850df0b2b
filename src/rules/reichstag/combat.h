/*
 * combat.h - Race to the Reichstag's combat arithmetic (rules 12.x, the
 * combat results tables 27.1 and 27.2, flak towers 16.4): which table an
 * attack must use, every unit's strength with its doublings, the attack
 * percentage, the must-attack obligations, 0-strength removals, the
 * printed strengths the loss rules read, and the checks on one attack
 * declaration. Everything is a function of plain inputs (the lib's units,
 * stacks and map through struct hex_rules, and a few hooks for what only
 * the game's state knows), so it is tested without a game and used by
 * the turn code.
 *
 * Readings pinned here (the rule text is ambiguous; each has a unit test
 * in tests/unit/test_reichstag_combat.c and a note in the scenario):
 *  - Doublings add up, not multiply: a unit with two doublings (a terrain
 *    doubling and a flak tower, or a flak tower and an Me-262) is x3, and
 *    x3 is the ceiling whatever applies (12.20 "tripled, not
 *    quadrupled"). 12.20 names 12.14 and 12.15 as the defender's
 *    benefits; 12.14 only ever helps an attacker, so the rule is read as
 *    "a combat doubling and a terrain doubling make x3".
 *  - 12.19: of the hex's terrain rows and the water hexsides, only the
 *    best single doubling counts.
 *  - 12.18: a defending hex gets its water hexside's doubling only when
 *    EVERY attacking unit next to that hex attacks it across water (a
 *    river, canal or lake hexside with no intact bridge and no engineer of
 *    the attacker's, 19.1); attackers in several hexes may each cross a
 *    different water hexside. An intact bridge is "other terrain" (TEC):
 *    across it the hexside gives nothing.
 *  - 12.10: a hex's units attack together: an attack that names a unit of
 *    a hex names every unit of that hex that can attack (12.12 leaves out
 *    the parenthesized ones).
 *  - 12.23 "strongest" and "half" read the printed strength (記載戦力),
 *    before any doubling: the attacker's printed attack, the defender's
 *    printed defence (the number in parentheses for a parenthesized unit).
 *
 * Ownership: plain functions; nothing is allocated and no pointer is kept.
 */
#ifndef UMPIRE_RULES_REICHSTAG_COMBAT_H
#define UMPIRE_RULES_REICHSTAG_COMBAT_H

#include <stddef.h>
#include <stdint.h>
#include "../lib/hex.h"
#include "../lib/hexattack.h"

/* The two tables (27.1, 27.2) and their names in the map's terrain rows
 * (`crt: {german: assault}`) and in a declaration. */
enum { RC_MOBILE, RC_ASSAULT, RC_TABLES };
extern const char *const rc_table_names[RC_TABLES];

enum {
	RC_ATT_MAX = HEX_ATTACK_UNITS,       /* attackers in one attack */
	RC_DEF_HEXES = HEX_ATTACK_HEXES,     /* defending hexes */
	RC_DEF_MAX = HEX_ATTACK_HEXES * 4,   /* defenders: stacks of 3
						(10.3), room for more */
	RC_CAP_PCT = 300                     /* 12.20: never more than x3 */
};

/*
 * What the arithmetic needs from the game. r: the map, the units, the
 * stacks (r->next) and, for 12.18/19.1, r->bridged answering for the
 * ATTACKER's engineers (a hexside an engineer of the attacking front
 * covers counts as bridged). german: hunit.side of the Germans (every
 * other side is Soviet). al_german, al_soviet: the map's allegiances
 * (hex_allegiance; -1 if the map gives none). sector[0..1]: the regions
 * sector-1bf and sector-1uf (16.4 "in the same sector"; -1: one map-wide
 * sector). reichstag: the region of the Reichstag hex (16.10; -1: none).
 * Hooks (NULL: the default in brackets): mobile, a mobile unit
 * (2.4) [every unit with a movement allowance]; flak, a face-up flak
 * tower on the map (3.2, 12.15) [none]; barrage_ok, whether Soviet
 * attacker u gets the barrage doubling of an attack that has one (24.5:
 * the LOC option) [yes]; me262, whether German attacker u stands in an
 * Me-262 zone this phase (22.5(3)) [no]; in_phase, whether unit u
 * belongs to the phasing player turn (4.0: the phasing front's Soviets,
 * or the Germans of the phasing sector) [every unit of the attacking
 * side]; may_attack, whether unit u may attack hex h at all, beyond
 * adjacency and the hexside (the game's bars: 5.2, 5.5, 5.6) [yes].
 */
struct rc_env {
	const struct hex_rules *r;
	int german;
	int al_german, al_soviet;
	int sector[2];
	int reichstag;
	int (*mobile)(const void *user, int u);
	int (*flak)(const void *user, int u);
	int (*barrage_ok)(const void *user, int u);
	int (*me262)(const void *user, int u);
	int (*in_phase)(const void *user, int u);
	int (*may_attack)(const void *user, int u, int h);
	const void *user;
	/* 26.1 (option escape-west): whether German unit u may leave the
	 * map by retreat from h (the Fuehrerbunker captured, a mobile unit,
	 * a west-edge hex); NULL: never */
	int (*west_exit)(const void *user, int u, int h);
};

/* One attack: the attacking units and the defending hexes (every unit of
 * each hex's stack defends); barrage: 12.14/15.4, a Soviet attack with
 * one or more defending hexes in a barrage zone of the attacker's front
 * (the caller asks its markers; doubles once however many). */
struct rc_attack {
	int16_t att[RC_ATT_MAX];
	int n_att;
	int16_t def[RC_DEF_HEXES];
	int n_def;
	int barrage;
};

/* The attack as the rules total it (12.2 (2)-(4)). */
struct rc_totals {
	int att, def;                     /* after doublings */
	int att_printed, def_printed;     /* 12.23 "printed" totals */
	int n_att, n_def;                 /* units counted */
	int16_t att_u[RC_ATT_MAX], att_pct[RC_ATT_MAX];
	int16_t def_u[RC_DEF_MAX], def_pct[RC_DEF_MAX];
	int16_t terrain_pct[RC_DEF_HEXES]; /* 12.19 best single, per hex */
	uint8_t water[RC_DEF_HEXES];      /* 12.18 applied to that hex */
	int percent;                      /* att x 100 / def, rounded down;
					     -1: no defence strength */
	int forced;                       /* 12.21: RC_ASSAULT, or -1 */
};

int rc_is_german(const struct rc_env *e, int u);
/* The map allegiance of unit u (al_german or al_soviet). */
int rc_allegiance(const struct rc_env *e, int u);
/* 2.4: a mobile unit (the hook, or a movement allowance above 0). */
int rc_mobile(const struct rc_env *e, int u);

/* 12.15, 16.4: whether hex h is within 2 hexes of a face-up flak tower
 * on the map, in a sector the tower's hex is in (the Reichstag is in
 * both); units, enemy ZOC and terrain between do not matter. */
int rc_flak_covers(const struct rc_env *e, int h);

/* 12.14, 12.15, 12.20, 22.5: attacker u's strength in percent of its
 * printed attack (100, 200, 300; 0: it may not attack, 12.12). */
int rc_att_pct(const struct rc_env *e, const struct rc_attack *a, int u);
/* 12.18, 12.19: the terrain doubling (percent) of defending hex h under
 * attack a: the best of the hex's rows for the defender's allegiance
 * and, when every attacker next to h attacks across water, that
 * hexside's; *water (if not NULL) says whether the hexside's counted. */
int rc_terrain_pct(const struct rc_env *e, const struct rc_attack *a, int h,
		   int *water);
/* 12.15, 12.19, 12.20: defender u's strength in percent of its printed
 * defence, standing in a hex of terrain doubling terrain_pct. */
int rc_def_pct(const struct rc_env *e, int u, int terrain_pct);

/* 12.21 and the TEC: the table attack a must use (RC_ASSAULT when a
 * defending German stands in a hex whose row forces it), or -1 (the
 * attacker's free choice). */
int rc_forced_table(const struct rc_env *e, const struct rc_attack *a);
/* The table an attack uses: the forced one, else `chosen`. */
int rc_table(const struct rc_env *e, const struct rc_attack *a, int chosen);
/* "mobile"/"assault" (also "m"/"a") -> RC_*, or -1. */
int rc_table_parse(const char *word);

/* 12.2 (2)-(4): the totals of attack a as it stands (units that have
 * left the map since the declaration count for nothing). Returns the
 * attack percentage (t->percent). */
int rc_totals(const struct rc_env *e, const struct rc_attack *a,
	      struct rc_totals *t);

/* 12.23 printed strengths, for hex_strongest and hex_half_*: an
 * attacker's printed attack, a defender's printed defence. */
int rc_printed_att(const struct hunit *u);
int rc_printed_def(const struct hunit *u);

/*
 * 12.0 must attack: with side `side` attacking, the units of that side
 * on the map in an enemy zone of control that still have to attack
 * (12.12: not a parenthesized unit; not flagged in attacked[]; in_phase),
 * and the
 * enemy units in that side's zones of control that still have to be
 * attacked (not flagged in defended[]). NULL flags: none. Either out may
 * be NULL (count only). Returns the number of units left to attack plus
 * enemy units left to be attacked: 0, the phase may end.
 */
int rc_obligations(const struct rc_env *e, int side, const uint8_t *attacked,
		   const uint8_t *defended, int16_t *att_out, int *n_att,
		   int16_t *def_out, int *n_def);
/* Whether unit u (of side `side`) can still attack any enemy next to it
 * that may be attacked (not flagged in defended[], across a hexside that
 * allows it): an obligation that can no longer be met lapses. */
int rc_can_attack(const struct rc_env *e, int u, const uint8_t *defended);

/* 12.13: units of strength 0 (attack and defence) on the map in a zone
 * of control of the other allegiance, to be removed at the start of a
 * combat phase. Returns their number (out may be NULL). */
int rc_zero_strength(const struct rc_env *e, int16_t *out, int max);

/*
 * One declaration by side `side` (12.0, 12.10, 12.12, 5.2, and each unit
 * once a phase): every attacker of `side` on the map, not flagged in
 * attacked[], not parenthesized, next to a defending hex and allowed to
 * attack it across the hexside (hex_attack_across: not the boundary);
 * the whole of each attacking hex's stack that can attack named (12.10);
 * every defending hex holding enemy units not flagged in defended[]
 * (13.5: a unit that retreated since may be attacked again: the caller
 * clears its flag) and next to an attacker; may_attack (NULL: yes) for
 * the game's own bars (5.5, 5.6). Returns 0, or -1 with the broken rule
 * named in why.
 */
int rc_check(const struct rc_env *e, int side, const struct rc_attack *a,
	     const uint8_t *attacked, const uint8_t *defended,
	     int (*may_attack)(const void *user, int u, int h, char *why,
			       size_t size),
	     char *why, size_t size);

/* ---- after combat: retreats (13.x), advances (14.x, 19.1), bridges
 * (18.x); retreat.c ---- */

/* What a retreat result does to unit u where it stands (13.0, 13.4,
 * 13.6, 16.10):
 *   RC_RETREATS  it retreats (or is eliminated if it cannot, 13.0);
 *   RC_IGNORES   it stays: the Reichstag garrison (16.10), or a German
 *                fixed unit in a hex where Germans ignore retreats (13.6
 *                comes before 13.4: the reading "a fixed unit in an
 *                objective hex keeps the objective's protection");
 *   RC_MAY_STAY  a German mobile unit in such a hex (13.6): its owner
 *                chooses, unit by unit;
 *   RC_ELIMINATED a fixed unit anywhere else (13.4). */
enum { RC_RETREATS, RC_IGNORES, RC_MAY_STAY, RC_ELIMINATED };
int rc_retreat_kind(const struct rc_env *e, int u);

/* A retreat option meaning "off the map" (13.0: Soviets only; they come
 * back next game turn as reinforcements); RC_WEST: a German leaving by
 * the west edge (26.1: gone for good, no VP). Either ends the retreat
 * and makes it whole. */
enum { RC_OFF_MAP = -2, RC_WEST = -3 };

static inline int rc_leaves_map(int h)
{
	return h == RC_OFF_MAP || h == RC_WEST;
}

/*
 * The hexes unit u may enter as step `step` of a retreat of n hexes from
 * `origin`, standing at `from` (hex_retreat_options: each step farther
 * from origin, no enemy unit or enemy zone of control, no hexside or
 * hex normal movement forbids, the boundary, stacking at the end), plus
 * RC_OFF_MAP for a Soviet unit on a map edge (13.0), RC_WEST for a
 * German unit e->west_exit lets leave from `from` (26.1). Returns how
 * many.
 */
int rc_retreat_options(const struct rc_env *e, int u, int origin, int from,
		       int step, int n, int16_t out[7]);

/*
 * The standing order's retreat ("auto") for unit u from origin, n hexes:
 * the first path, in direction order, that goes the whole n hexes on
 * the map; else off the map if a Soviet may leave it (13.0), or by the
 * west edge if a German may (26.1: reading, only where it would
 * otherwise be eliminated, as a player would); else the
 * longest path it can make (it is eliminated at its end, 13.0). With
 * panic set (AP, DP) a German first looks for a path that stops in a
 * hex where Germans ignore retreats (13.6: the standing order "stay"). Writes the hexes into path (RC_OFF_MAP
 * or RC_WEST last for off the map) and returns their number; *whole = 1 when the
 * retreat is complete (n hexes, off the map, or a 13.6 stop).
 */
int rc_retreat_auto(const struct rc_env *e, int u, int origin, int n,
		    int panic, int16_t path[8], int *whole);

/* Whether a German retreating from a panic result (AP, DP) may stop in h
 * (13.6 second point). */
int rc_panic_stop(const struct rc_env *e, int u, int h);

/*
 * 14.0, 14.5, 19.1: the hexes unit u may enter as step `step` of an
 * advance of at most n hexes (hex_advance_options: the first into the
 * vacated hex, enemy ZOC ignored, no enemy unit, stacking); after a
 * step across water with no bridge the advance stops (14.5). The
 * caller's r->bridged must say which hexsides the front's engineers
 * cover (19.1: for advances of 2 or 3 hexes they count as bridged; the
 * 1-hex advance ends after its one step anyway).
 */
int rc_advance_options(const struct rc_env *e, int u, int from, int step,
		       int n, int vacated, int crossed_water, int16_t out[6]);

/* 18.1: the directions of hex h's bridge hexsides that were never
 * checked (intact, not HS_CHECKED); returns how many. */
int rc_bridges_unchecked(const struct hex_map *m, int h, int dirs[6]);
/* 18.2: one bridge's roll: 1-3 destroyed for good (HS_DEMOLISHED), 4-6
 * intact for good (HS_CHECKED). Returns 1 when destroyed. */
int rc_bridge_roll(struct hex_map *m, int h, int dir, int die);

#endif
