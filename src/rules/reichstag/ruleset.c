/*
 * ruleset.c - Race to the Reichstag: Berlin, 1945 (two players, each a
 * Soviet front and the Germans of the other front's sector; hidden
 * fixed units): the ruleset and its standing orders.
 */
#include "umpire/games.h"
#include "state.h"

static const char *const sides[] = { "1bf", "1uf", NULL };

static const struct standing_key standing[] = {
	{ "place", "3.5", "place each counter at the first legal hex of "
	  "its zone (auto), or UNIT HEX: one answer a counter; after your "
	  "draw, auto places them all without another mail", "auto", 0 },
	{ "move", "9.0", "move a unit (done, UNIT to HEX, or UNIT HEX HEX "
	  "...)", "done", 0 },
	{ NULL, NULL, NULL, NULL, 0 }
};

const struct ruleset ruleset_reichstag = {
	.id = "race-to-the-reichstag",
	.version = "1",
	.sides = sides,
	.state_size = sizeof(struct rttr),
	.setup = rt_setup,
	.play = rt_play,
	.save = rt_save,
	.load = rt_load,
	.view = rt_view,
	.load_view = rt_load_view,
	.position = rt_position,
	.result = rt_result,
	.standing = standing,
	/* hidden information: standing orders do not persist */
	.standing_persist = 0,
};
