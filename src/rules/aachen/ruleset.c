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
	{ "advance", "7.6", "after combat, advance into a vacated hex "
	  "(no; the attacker names a unit, the defender a hex)", "no" },
	{ "bridge", "14.0", "engineers at the start of a movement phase "
	  "(keep, or a hexside)", "keep" },
	{ "demolish", "9.1", "demolish bridges (done, or a hexside)",
	  "done" },
	{ "attack", "7.1", "declare an attack (done, or a hex)", "done" },
	{ "move", "5.0", "move a unit (done, or UNIT HEX HEX ...)",
	  "done" },
	{ NULL, NULL, NULL, NULL }
};

const struct ruleset ruleset_aachen = {
	.id = "aachen",
	.version = "2",
	.sides = sides,
	.state_size = sizeof(struct aachen),
	.setup = aa_setup,
	.play = aa_play,
	.save = aa_save,
	.load = aa_load,
	.position = aa_position,
	.render = aa_render,
	.result = aa_result,
	.standing = standing,
};
