/*
 * ruleset.c - Aachen: First to Fall (two players, hex and counters): the
 * ruleset and its standing orders.
 */
#include "umpire/games.h"
#include "aachen.h"

/* Questions asked after a die is rolled: standing orders let a player
 * answer them in advance instead of waiting for another mail. Each
 * names its scope where one question serves two (umpire-orders(5),
 * SCOPES): a bare "advance" is the attacker's alone, so that a kept
 * "advance: yes" never takes a defender out of its hex (a fort); a bare
 * "retreat" serves the first retreat its own step asks (the side's own
 * attackers: its step is its turn), so that a hex or "rear" written for
 * them never moves a defender in the opponent's turn. */
static const struct standing_key standing[] = {
	{ "support", "8.0", "when the enemy attacks one of your units, "
	  "spend a support fire marker on its defence: none; use (each "
	  "attack, in the order declared, while markers last); best (the "
	  "attack at the best odds of those not yet resolved); or a hex "
	  "(only the attack on it)", "best", 1, NULL, NULL, NULL },
	{ "retreat", "7.7", "where your units retreat (rear: the hex "
	  "farthest from the enemy; or a hex)", "rear", 1, NULL,
	  "attacker defender", NULL },
	{ "advance", "7.9", "after combat, advance into a vacated hex: "
	  "advance-attacker (no; yes: your strongest attacking unit next "
	  "to it; or a unit), advance-defender (no; yes: into the first "
	  "hex your attackers left; or a hex); a bare advance is "
	  "advance-attacker", "yes", 1, NULL, "attacker defender",
	  "attacker" },
	{ "exchange", "7.6", "the attacking unit lost in an exchange "
	  "(weakest, or a unit)", "weakest", 1, NULL, NULL, NULL },
	{ "bridge", "14.0", "engineers at the start of a movement phase "
	  "(keep, or a hexside)", "keep", 0, NULL, NULL, NULL },
	{ "attack", "7.1", "declare an attack (done, or a hex)", "done", 0,
	  NULL, NULL, NULL },
	{ "move", "5.0", "move a unit (done, or UNIT HEX HEX ...)",
	  "done", 0, NULL, NULL, NULL },
	{ NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL }
};


/* What a player who sends nothing does (on-late=standing: struct
 * late_answer): no move, 5.0, and no attack, 7.1, both optional; no
 * support fire marker spent, 8.0; no advance, 7.9; the engineers'
 * bridge kept, 14.0; the retreat 7.7 owes to the hex farthest from
 * the enemy (rear) and the exchange 7.6 owes from the weakest unit,
 * the policies the rules module states before any game
 * (umpire-orders(5)). The set-up, 17.0, and a reinforcement that may
 * not be held back, 11.2, have no late answer (the hex is the owner's
 * choice, and "done" is not legal then): a late step ends there
 * (umpire(1), Late answers). */
static const struct late_answer late[] = {
	{ "move", "5.0", "done", 0 },
	{ "attack", "7.1", "done", 0 },
	{ "support", "8.0", "none", 0 },
	{ "retreat", "7.7", "rear", 0 },
	{ "exchange", "7.6", "weakest", 0 },
	{ "advance", "7.9", "no", 0 },
	{ "bridge", "14.0", "keep", 0 },
	{ NULL, NULL, NULL, 0 }
};

const struct ruleset ruleset_aachen = {
	.id = "aachen",
	.version = "13",
	.sides = aa_side_names,
	.state_size = sizeof(struct aachen),
	.setup = aa_setup,
	.play = aa_play,
	.save = aa_save,
	.load = aa_load,
	.state = &aa_state,
	.position = aa_position,
	.roster = aa_roster,
	.render = aa_render,
	.result = aa_result,
	.standing = standing,
	/* they stay in force until the side's next orders: the defender's
	 * support, retreat and advance need no mail of their own */
	.standing_persist = 1,
	/* Each side moves and attacks unit by unit, a question each, and
	 * kept standing orders answer the other side's questions inside
	 * a step: the rules set no small bound on the steps of one side in
	 * a row. (No views either: nothing is hidden.) */
	.max_steps_between = STEPS_UNBOUNDED,
	.late = late,
};
