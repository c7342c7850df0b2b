/*
 * hexattack.h - attack declarations on a hex map, shared by the hex
 * games: one attack is one or more defending hexes (every unit of each
 * defending hex's stack defends, through hex_rules.next) and the
 * attacking units, with the support markers the attacker adds. This
 * parses the answer a player writes ("0401,0402 a1 a2 +support"),
 * validates one declaration against the rules every hex game shares and
 * against what has been declared so far, and adds up the strengths and
 * the terrain's column shift of an attack.
 *
 * Order of play: a game chooses "declare all then resolve" (Aachen 7.1)
 * or "declare one, resolve it, declare the next". The library only ever
 * validates one declaration against the attacks declared so far (the
 * caller's list) and the units that have attacked (the caller's flags),
 * so either order works: the game decides when it resolves and when it
 * clears its list and flags.
 *
 * Rule numbers are the game's: every refusal ends in " (RULE)" with RULE
 * from struct hex_attack_labels.
 *
 * Ownership: struct hex_attack is a plain value (a game keeps an array of
 * them in its state); nothing is allocated and no pointer is kept. The
 * messages are written into the caller's buffer.
 */
#ifndef UMPIRE_RULES_HEXATTACK_H
#define UMPIRE_RULES_HEXATTACK_H

#include <stddef.h>
#include <stdint.h>
#include "hex.h"

enum {
	HEX_ATTACK_UNITS = 16,   /* attacking units in one attack */
	HEX_ATTACK_HEXES = 4     /* defending hexes in one attack */
};

struct hex_attack {
	int16_t def[HEX_ATTACK_HEXES];   /* defending hexes, as named */
	uint8_t n_def;
	uint8_t n;                       /* attacking units */
	int16_t att[HEX_ATTACK_UNITS];   /* unit indices, as named */
	uint8_t done;                    /* resolved (the game sets it) */
	uint8_t att_sup, def_sup;        /* support markers used by the
					    attacker (+support) and by the
					    defender */
};

/*
 * The game's rule numbers for each refusal; NULL fields take `rule`.
 *   rule:     naming (a hex, a unit of the side, twice, count), "7.1";
 *   adjacent: an attacker next to no defending hex;
 *   across:   a hexside that forbids the attack (hex_attack_across);
 *   enemy:    a defending hex with no enemy unit, or attacked already;
 *   attacked: a unit that attacked already;
 *   support:  +support given too often or with no marker left, "8.0".
 * form: how the answer is written, for the message on a word that is not
 * a hex (NULL: "HEX[,HEX...] UNIT UNIT ..."); support_name: what the
 * marker is called (NULL: "support marker").
 */
struct hex_attack_labels {
	const char *rule, *adjacent, *across, *enemy, *attacked, *support;
	const char *form, *support_name;
};

/* A unit's value for a game (strength with its own modifiers: supply,
 * reduced side); user is the game's. */
typedef int (*hex_unit_value_fn)(const void *user, int u);

/* A unit's index from the word a player wrote, or -1 (the game's lookup;
 * ids are compared case-insensitively by the games). */
typedef int (*hex_unit_lookup_fn)(const void *user, const char *word);

/*
 * Parse "HEX[,HEX...] UNIT UNIT ..." into *a (zeroed first): the
 * defending hexes (commas, no blanks, at most HEX_ATTACK_HEXES), then the
 * attacking units by `lookup` (at most HEX_ATTACK_UNITS); "+support"
 * anywhere adds one to a->att_sup. Refused here, with the word as
 * written: a word that is not a hex where the hexes stand, a word that is
 * not a unit of `side` on the map, too many hexes or units, no hex or no
 * unit. A hex or unit named twice is kept, for hex_attack_check to
 * refuse. Returns 0, or -1 with the reason in why.
 */
int hex_attack_parse(const struct hex_rules *r, int side, const char *text,
		     hex_unit_lookup_fn lookup, const void *user,
		     const struct hex_attack_labels *lb, struct hex_attack *a,
		     char *why, size_t size);

/*
 * What a declaration is checked against. declared[0..n_declared-1]: the
 * attacks declared so far (a hex already defending in one of them may not
 * be attacked again); attacked: flags by unit index, set for units that
 * have attacked (NULL: none); max_units: the game's limit on attackers
 * (0: HEX_ATTACK_UNITS); max_hexes: its limit on defending hexes (0:
 * HEX_ATTACK_HEXES); support_left: markers the side still has;
 * support_max: markers one attack may use; strength: a unit's attack
 * strength, a unit with 0 may not attack (NULL: not checked).
 */
struct hex_attack_context {
	const struct hex_attack *declared;
	int n_declared;
	const uint8_t *attacked;
	int max_units, max_hexes;
	int support_left, support_max;
	hex_unit_value_fn strength;
	const void *user;
};

/*
 * Validate declaration a by side `side`. In this order: support markers
 * (more than support_max: "+support is given twice", more than
 * support_left: "no support marker left this turn"); each defending hex
 * (named twice, holds no enemy unit, attacked already this phase); each
 * attacker in the order named (named twice, attacks already this phase,
 * not next to any defending hex, no attack strength, may not attack any
 * defending hex next to it across that hexside); each defending hex next
 * to at least one of the attackers that may attack it; the number of
 * attackers. Returns 0, or -1 with the first broken rule in why.
 */
int hex_attack_check(const struct hex_rules *r, int side,
		     const struct hex_attack *a,
		     const struct hex_attack_context *cx,
		     const struct hex_attack_labels *lb, char *why,
		     size_t size);

/*
 * Whether unit u (on the map) may attack defending hex h: next to it and
 * hex_attack_across allows it; *shift gets that hexside's shift.
 */
int hex_attack_reaches(const struct hex_rules *r, int u, int h, int *shift);

/*
 * The totals of attack a as it stands now (units may have gone since the
 * declaration):
 *   *att: the sum of att_value over the attackers still on the map that
 *     may attack a defending hex (hex_attack_reaches); their indices go
 *     into alive (if not NULL; room for a->n) and their number is
 *     returned;
 *   *def: for each defending hex, the sum of def_value over every unit of
 *     its stack, times the terrain's defence_pct / 100 and then, in a
 *     fortified hex, the fort's defence_pct / 100 (each hex rounded down
 *     on its own), added over the hexes;
 *   *shift: for each defending hex, the terrain's shift plus the fort's
 *     (a fortified hex) plus the hexside shift most favourable to the
 *     defender among the attackers that reach it (the lowest: a negative
 *     shift moves the odds in the defender's favour); of the hexes, the
 *     most favourable to the defender (the lowest). With one hex this is
 *     Aachen's 7.2. Support markers are the game's to add.
 */
int hex_attack_strengths(const struct hex_rules *r,
			 const struct hex_attack *a,
			 hex_unit_value_fn att_value,
			 hex_unit_value_fn def_value, const void *user,
			 int *att, int *def, int *shift, int16_t *alive);

#endif
