/*
 * ruleset.c - Arnswalde 1945 (solitaire, playing cards): the ruleset, its
 * standing orders, and the functions of every layer below it.
 */
#include "umpire/games.h"
#include "arnswalde.h"


/* Questions asked after a card is seen: standing orders let a player
 * answer them in advance instead of waiting for another mail. */
static const struct standing_key standing[] = {
	{ "ca-continue", "7.3", "after a failed card, continue the "
	  "counter-attack with another Tiger (yes, no)", "yes", 0, NULL, NULL,
	  NULL },
	{ "black-face", "7.3", "on a black face card (repair, "
	  "extra-action, take-card)", "take-card", 0, NULL, NULL, NULL },
	{ "respond", "8.1", "when a Soviet card attacks an area held by "
	  "Tigers (counterattack, defend)", "counterattack", 0, NULL, NULL,
	  NULL },
	{ "attack-order", "8.1", "when both areas attack (north-first, "
	  "south-first)", "north-first", 0, NULL, NULL, NULL },
	{ "hand", "3.2", "instead of a judgement draw (draw, use 9s, ...)",
	  "draw", 0, NULL, NULL, NULL },
	{ NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL }
};


const struct ruleset ruleset_arnswalde = {
	.id = "arnswalde-1945",
	/* 2: a face-down card removed by the relief check is turned (4.2);
	 * 3: answers in advance wait for a question of their own key (the
	 * engine's change, umpire-orders(5)): a game of 2 with an answer
	 * left unused would replay otherwise (umpire-protocol(7), What a
	 * game commits to) */
	.version = "3",
	.sides = arn_side_names,
	.state_size = sizeof(struct arn),
	.setup = arn_setup,
	.play = arn_play,
	.save = arn_save,
	.load = arn_load,
	.state = &arn_state,
	.position = arn_position,
	.render = arn_render,
	.result = arn_result,
	.standing = standing,
	/* a solitaire: the player orders every step */
	.max_steps_between = 0,
	/* no late answers: a solitaire, where no opponent waits on a
	 * late player */
	.late_refused = "a game of one side, where no opponent waits "
		"on a late move",
};
