/*
 * ruleset.c - Aachen: First to Fall (two players, hex and counters): the
 * ruleset and its standing orders.
 */
#include "umpire/games.h"
#include "aachen.h"

static const char *const sides[] = { "allied", "german", NULL };

/* Questions asked after a die is rolled: standing orders let a player
 * answer them in advance instead of waiting for another mail. */
static const struct standing_key standing[] = {
	{ "support", "8.0", "when the enemy attacks one of your units, "
	  "spend a support fire marker on its defence (none, use)", "use", 1, NULL },
	{ "retreat", "7.7", "where your units retreat (rear: the hex "
	  "farthest from the enemy; or a hex)", "rear", 1, NULL },
	{ "advance", "7.9", "after combat, advance into a vacated hex "
	  "(no; yes: the attacker's strongest unit next to it, the "
	  "defender into the first hex its attackers left; or a unit, a "
	  "hex)", "yes", 1, NULL },
	{ "exchange", "7.6", "the attacking unit lost in an exchange "
	  "(weakest, or a unit)", "weakest", 1, NULL },
	{ "bridge", "14.0", "engineers at the start of a movement phase "
	  "(keep, or a hexside)", "keep", 0, NULL },
	{ "attack", "7.1", "declare an attack (done, or a hex)", "done", 0, NULL },
	{ "move", "5.0", "move a unit (done, or UNIT HEX HEX ...)",
	  "done", 0, NULL },
	{ NULL, NULL, NULL, NULL, 0, NULL }
};

const struct ruleset ruleset_aachen = {
	.id = "aachen",
	.version = "5",
	.sides = sides,
	.state_size = sizeof(struct aachen),
	.setup = aa_setup,
	.play = aa_play,
	.save = aa_save,
	.load = aa_load,
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
};
