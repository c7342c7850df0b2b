/*
 * names.c - Aachen: the names of the sides, phases and results, as the
 * state, the questions and the reports write them. The bottom layer: it
 * uses no other file of the module.
 */
#include "aachen.h"

/* also the ruleset's list of sides, ended by NULL */
const char *const aa_side_names[SIDES + 1] = { "allied", "german", NULL };
const char *const aa_phase_names[PHASES] = { "setup", "allied-movement",
	"allied-combat", "allied-mechanised", "german-movement",
	"german-combat", "german-mechanised", "over" };
const char *const aa_result_names[RESULTS] = { "none", "allied", "draw",
	"german" };
/* the phases as the report titles them */
const char *const aa_phase_titles[PHASES] = { "set-up (17.0)",
	"Allied movement phase (5.0)", "Allied combat phase (7.0)",
	"Allied mechanised movement phase (4.0)",
	"German movement phase (5.0)", "German combat phase (7.0)",
	"German mechanised movement phase (4.0)", "game over" };

