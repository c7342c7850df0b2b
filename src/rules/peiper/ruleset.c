/*
 * ruleset.c - Kampfgruppe Peiper (solitaire, dice, a point-to-point map):
 * the ruleset and its standing orders, over every file of the module.
 */
#include "umpire/games.h"
#include "peiper.h"

/* Questions asked after a die is rolled: standing orders let the player
 * answer them in advance instead of waiting for another mail. */
static const struct standing_key standing[] = {
	{ "main-loss", "6.1", "which main unit loses a point for a 1 or a "
	  "repulse (armour, panzergrenadiers)", "panzergrenadiers", 0, NULL,
	  NULL, NULL },
	{ "attack", "6.1", "how to attack tanks and infantry (normal, "
	  "all-out, adding artillery and/or heavy-armour)", "normal", 0, NULL,
	  NULL, NULL },
	{ "fight-order", "6.1", "optional rule: which US counter to fight "
	  "first (a counter id)", "inf-119", 0, NULL, NULL, NULL },
	{ "bridge", "6.2", "US engineers at a bridge (repair: spend 2 "
	  "engineer points; blow)", "repair", 0, NULL, NULL, NULL },
	{ "roadblock", "6.2", "US engineers' road block (engineers, detour, "
	  "force)", "engineers", 0, NULL, NULL, NULL },
	{ "aircraft", "6.3", "US aircraft (anti-aircraft: spend 1 point; "
	  "take)", "anti-aircraft", 0, NULL, NULL, NULL },
	{ "at-loss", "6.4", "anti-tank ambush (armour, heavy-armour)",
	  "heavy-armour", 0, NULL, NULL, NULL },
	{ "any-loss", "6.2", "a loss that any unit may take (a unit name)",
	  "recon", 0, NULL, NULL, NULL },
	{ "counter-attack", "7.0", "which town to the east the group is "
	  "pushed back to (a town id)", "stavelot", 0, NULL, NULL, NULL },
	{ "second-move", "5.0", "after a threat check with no US unit (a "
	  "town id, stop)", "stop", 0, NULL, NULL, NULL },
	{ "recon", "5.0", "reconnaissance (done, reveal TOWN)", "done", 0, NULL,
	  NULL, NULL },
	{ "move", "5.0", "the move of the turn (a town id)", "stavelot", 0,
	  NULL, NULL, NULL },
	{ "rear-guard", "5.0", "at the end of the turn (done, armour, "
	  "panzergrenadiers, heavy-armour)", "done", 0, NULL, NULL, NULL },
	{ "convert", "5.0", "at the end of the turn (done, or two support "
	  "units: recon engineers)", "done", 0, NULL, NULL, NULL },
	{ NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL }
};


const struct ruleset ruleset_peiper = {
	.id = "kampfgruppe-peiper",
	/* 2: the turn track of boxes, the towns Peiper reached below 4,
	 * surrounded at La Gleize only; 3: answers in advance wait for a
	 * question of their own key (the engine's change,
	 * umpire-orders(5)): a game of 2 with an answer left unused would
	 * replay otherwise (umpire-protocol(7), What a game commits to);
	 * 4: the third Meuse town of 4.0 is Engis, not Andenne (scenario
	 * version 3): a game of 3 that entered Andenne won, which it no
	 * longer does */
	.version = "4",
	.sides = kgp_side_names,
	.state_size = sizeof(struct kgp),
	.setup = kgp_setup,
	.play = kgp_play,
	.save = kgp_save,
	.load = kgp_load,
	.state = &kgp_state,
	.position = kgp_position,
	.result = kgp_result,
	.standing = standing,
	.render = kgp_render,
	/* a solitaire: the player orders every step */
	.max_steps_between = 0,
	/* no late answers: a solitaire, where no opponent waits on a
	 * late player */
	.late_refused = "a game of one side, where no opponent waits "
		"on a late move",
};
