/*
 * ruleset.c - the Russo-German War card game (two players, hidden hands):
 * the ruleset and its standing orders, over every file of the module.
 */
#include "umpire/games.h"
#include "rgw.h"

/* Questions asked after a draw: standing orders let a player answer them
 * in advance instead of waiting for another mail. The marker's advance
 * (4.1) is not one: it follows the war in the defender's step, where the
 * winning attacker's standing orders do not reach and the defender can
 * answer directly. */
static const struct standing_key standing[] = {
	{ "extra-draw", "4.2", "draw the extra card the marker's city "
	  "allows (draw, no)", "draw", 0, NULL, NULL, NULL },
	{ "take-back", "5.0", "at the year end, the discarded normal-war "
	  "card the German takes back (a card label, highest, or none)",
	  "highest", 0, NULL, NULL, NULL },
	{ NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL }
};

/* What a player who sends nothing does (on-late=standing: struct
 * late_answer): the deal, 3.0, has one answer; a turn with no card
 * played is supply, 4.0; a normal war not answered is passed (and
 * lost), 4.1; no extra card drawn, 4.2 (optional); the highest
 * normal-war card of the discards taken back, 5.0 (2): "of course he
 * will choose the highest card (the 7 if there is one)". Where the marker advances to, 4.1, which card is discarded,
 * 4.1, and a turn where supply is not legal (a full hand, or no deck)
 * are the player's choice, with no late answer: a late step ends there
 * (umpire(1), Late answers). */
static const struct late_answer late[] = {
	{ "start", "3.0", "deal", 0 },
	{ "action", "4.0", "supply", 0 },
	{ "answer", "4.1", "pass", 0 },
	{ "extra-draw", "4.2", "no", 0 },
	{ "take-back", "5.0", "highest", 0 },
	{ NULL, NULL, NULL, 0 }
};

const struct ruleset ruleset_rgw = {
	.id = "russo-german-war",
	/* 1: the first; 2: answers in advance wait for a question of their
	 * own key (the engine's change, umpire-orders(5)), and a late
	 * German takes back the highest normal-war card of the discards,
	 * not none (5.0 (2)); "highest" is an answer of take-back */
	.version = "2",
	.sides = rgw_side_names,
	.state_size = sizeof(struct rgw),
	.setup = rgw_setup,
	.play = rgw_play,
	.save = rgw_save,
	.load = rgw_load,
	.load_view = rgw_load_view,
	.view = rgw_view,
	.state = &rgw_state,
	.position = rgw_position,
	.render = rgw_render,
	.result = rgw_result,
	.standing = standing,
	/* Every question can be a step of its own (one answer to an order
	 * file), and standing orders answer only in their own side's step.
	 * Counting questions, at most 6 of one side come between two of
	 * the other: a turn is the action (4.0), then either the extra
	 * draw (4.2) or, after normal war, up to 2 advances (4.1), the
	 * defender's answer and discards being the other side's; a year
	 * that ends on the last of these (5.0) is followed by the German's
	 * take-back and, from 1942 and 1944 on, by a Soviet turn, and the
	 * German who ends a year with the extra draw takes back a card and
	 * begins 1943 and 1945 himself: German 2 + 1 + 3, or 2 + 1 + 2 +
	 * 1; Soviet 2 + 3. Before the Soviet's first question: the deal
	 * (3.0) and the German's first turn, at most 4. */
	.max_steps_between = 6,
	.late = late,
};
