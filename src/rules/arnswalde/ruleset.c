/*
 * ruleset.c - Arnswalde 1945 (solitaire, playing cards): the ruleset and
 * the names used in its state, questions and reports.
 */
#include "umpire/games.h"
#include "arnswalde.h"

const char *const place_names[PLACES] = { "north", "south", "center",
	"workshop", "escaped", "eliminated" };
const char *const phase_names[PHASES] = { "setup", "deployment", "action",
	"attack", "relief", "over" };
const char *const result_names[RESULTS] = { "none", "surrender",
	"no-tigers", "relief-failed", "victory" };
const char *const order_names[ORDERS] = { "none", "north-first",
	"south-first" };

static const char *const sides[] = { "player", NULL };

const struct ruleset ruleset_arnswalde = {
	.id = "arnswalde-1945",
	.version = "1",
	.sides = sides,
	.state_size = sizeof(struct arn),
	.setup = arn_setup,
	.play = arn_play,
	.save = arn_save,
	.load = arn_load,
	.position = arn_position,
	.result = arn_result,
};
