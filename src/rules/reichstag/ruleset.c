/*
 * ruleset.c - Race to the Reichstag: Berlin, 1945 (two players, each a
 * Soviet front and the Germans of the other front's sector; hidden
 * fixed units): the ruleset and its standing orders.
 */
#include "umpire/games.h"
#include "state.h"
#include "report.h"
#include "turn.h"
#include "fight.h"

static const struct standing_key standing[] = {
	{ "place", "3.5", "place each counter by the placement policy "
	  "(auto: near the objective hexes of its zone, spread, never a "
	  "corner of the map; umpire-orders(5)), or UNIT HEX: one answer a "
	  "counter; after your draw, auto places them all without another "
	  "mail", "auto", 1, "auto", NULL, NULL },
	{ "move", "9.0", "move a unit (done, UNIT to HEX, or UNIT HEX HEX "
	  "...); move-front for your front's movement, move-german for the "
	  "Germans you command; a bare move serves the first movement "
	  "phase of its step only", "done", 0, NULL, "front german", NULL },
	{ "attack", "12.0", "declare one attack (HEX[,HEX] UNIT UNIT ... "
	  "[mobile|assault]) or done when no attack is owed", "done", 0, NULL,
	  NULL, NULL },
	{ "lose", "12.23", "which units a loss takes (default: the first "
	  "of the strongest; for half, the least strength that meets it, "
	  "then the fewest units)", "default", 1, "default", NULL, NULL },
	{ "retreat", "13.0", "a retreat's hexes (auto: the first whole "
	  "retreat; a panicked German stops in an objective hex)", "auto",
	  1, "auto", NULL, NULL },
	{ "stay", "13.6", "a German in an objective hex hit by a retreat: "
	  "stay or retreat", "stay", 1, "stay retreat", NULL, NULL },
	{ "advance", "14.0", "advance after combat (UNIT HEX [HEX ...]), "
	  "no, or auto: the strongest mobile unit of the combat that may "
	  "enter the hex the enemy vacated (printed strength, attack for "
	  "attackers, defence for defenders; ties: the first the combat "
	  "lists) advances into it and stops there, one unit only; none "
	  "when no hex was vacated or no unit may enter it; "
	  "advance-front-attacker after your front's attacks, "
	  "advance-german-defender for the Germans you command when the "
	  "other front's attack fails (12.23 AD, AP, AR), "
	  "advance-german-attacker after their attacks, "
	  "advance-front-defender for your front when the Germans' attack "
	  "fails; a bare advance serves the first of these its step asks, "
	  "in that step only", "no", 1, "no auto",
	  "front-attacker front-defender german-attacker german-defender",
	  NULL },
	/* economy.c, reinforce.c, barrage.c: every default spends nothing
	 * and places where the rules allow */
	{ "max-effort", "6.7", "declare a Maximum Effort at the start of "
	  "your PT (10 SP, once a game): no or yes (yes as a standing "
	  "order in the mail before that PT)", "no", 1, "no", NULL, NULL },
	{ "replace", "8.2", "replace an eliminated unit of your front (UNIT, "
	  "27.3 costs) or done", "done", 1, "done", NULL, NULL },
	{ "engineer", "19.2", "the engineers you put in place at the start "
	  "of your movement phase (UNIT [UNIT ...]: they do not move, rivers "
	  "around them count as bridged), or none", "none", 1, "none", NULL,
	  NULL },
	{ "barrage", "15.0", "place a barrage marker (MARKER HEX, or MARKER "
	  "HEX recon for 17.4) or done", "done", 1, "done", NULL, NULL },
	{ "recon", "17.3", "the hex a recon unit examines at the start of "
	  "your Soviet player turn (HEX), or none", "none", 1, "none", NULL,
	  NULL },
	{ "flip", "16.8", "turn face up a fixed unit you placed, asked at "
	  "the start of each German player turn you command (UNIT), or "
	  "none", "none", 1, "none", NULL, NULL },
	{ "depot", "16.3", "use an emergency airfield or supply depot "
	  "(UNIT HEX [UNIT HEX]), or none", "none", 1, "none", NULL, NULL },
	{ "sniper", "16.5", "place a sniper held in hand (HEX), or hold",
	  "hold", 1, "hold", NULL, NULL },
	{ "me262", "22.5", "place your Me-262 marker at the start of a "
	  "German combat phase (HEX), or none", "none", 0, NULL, NULL, NULL },
	{ "enter", "22.1", "the entry hex of a Hitler Fantasy group's unit "
	  "(HEX), or auto (the placement policy, as place: auto)", "auto",
	  1, "auto", NULL, NULL },
	{ NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL }
};

/* What a player who sends nothing does (on-late=standing: struct
 * late_answer), from the rules: every phase's optional act not done
 * (the SP spent on nothing, 6.2; no Maximum Effort, 6.7; no
 * replacement, 8.1 "may"; no barrage, 15.0; no move, 9.0; no attack
 * where none is owed, 12.0; no advance, 14.0 "may"; engineers, recon,
 * flips, depots and the Me-262 unused, 19.2, 17.3, 16.8, 16.3, 16.7,
 * 22.5; a sniper held, 16.5 "or at any later reinforcement phase";
 * a German hit in an objective hex stays, 13.6 "need not"), and the
 * acts the rules make compulsory done by the policies the rules module
 * states before any game (umpire-orders(5)): the losses 12.23 names
 * (default), the retreat 13.0 owes (auto), the placements 3.5, 3.6,
 * 7.3 and 22.1 owe (auto), the draw 3.5 owes. An attack that 12.0
 * makes compulsory ("done" is not legal then) is made as the rules
 * list it first (owed_first: the first enemy stack, by hex, with every
 * unit next to it that may attack it), one after another until none is
 * owed: a late step never stops there, for whether an attack is owed
 * can hang on a face-down unit's strength, which its stopping would
 * tell the other player (umpire(1), Late answers). */
static const struct late_answer late[] = {
	{ "max-effort", "6.7", "no", 0 },
	{ "replace", "8.1", "done", 0 },
	{ "barrage", "15.0", "done", 0 },
	{ "engineer", "19.2", "none", 0 },
	{ "recon", "17.3", "none", 0 },
	{ "move", "9.0", "done", 0 },
	{ "attack", "12.0", "done", 1 },
	{ "lose", "12.23", "default", 0 },
	{ "retreat", "13.0", "auto", 0 },
	{ "stay", "13.6", "stay", 0 },
	{ "advance", "14.0", "no", 0 },
	{ "place", "3.5", "auto", 0 },
	{ "draw", "3.5", "draw", 0 },
	{ "flip", "16.8", "none", 0 },
	{ "depot", "16.3", "none", 0 },
	{ "sniper", "16.5", "hold", 0 },
	{ "me262", "22.5", "none", 0 },
	{ "enter", "22.1", "auto", 0 },
	{ NULL, NULL, NULL, 0 }
};

const struct ruleset ruleset_reichstag = {
	.id = "race-to-the-reichstag",
	/* 3: 14.0 advance after combat by policy (advance: auto), with the
	 * changes of play before it; 4: answers in advance wait for a
	 * question of their own key (the engine's change, umpire-orders(5)):
	 * a game of 3 with an answer left unused would replay otherwise
	 * (umpire-protocol(7), What a game commits to) */
	.version = "4",
	.sides = rt_side_names,
	.state_size = sizeof(struct rttr),
	.setup = rt_setup,
	.play = rt_play,
	.save = rt_save,
	.load = rt_load,
	.view = rt_view,
	.load_view = rt_load_view,
	.state = &rt_state,
	.position = rt_position,
	.render = rt_render,
	.result = rt_result,
	.standing = standing,
	/* the questions a player is asked in the other player's step (a
	 * defender's losses, retreats, 13.6 and advances, fight.c; the
	 * German commander's 16.8 flips, 16.3/16.5 fixed units, 7.3 and
	 * 22.1 placements) and at the start of his own PT right after it
	 * keep their policy answers from his latest order file */
	.standing_persist = 1,
	/* A player moves, places and attacks unit by unit, a question
	 * each (9.0, 7.1, 12.0), through the phases of his front and then
	 * of the Germans he commands, and kept standing orders answer the
	 * other player's questions inside a step: the rules set no small
	 * bound on one player's steps in a row. A long list in a view
	 * still makes a side reveal only its next link, since a side's
	 * links are numbered by its own steps (game.h, GAME_FORMAT;
	 * umpire-protocol(7), SECURITY NOTES). */
	.max_steps_between = STEPS_UNBOUNDED,
	/* 13.0 retreats and 14.0 advances, asked in a combat after its
	 * die: checked on a view from its state (fight.c) */
	.resume = rt_resume,
	.late = late,
};
