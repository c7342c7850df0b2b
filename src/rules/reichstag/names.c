/*
 * names.c - Race to the Reichstag: the names of the sides, phases,
 * results, unit sizes and types and sectors, as the state, the questions
 * and the reports write them, and a word looked up among them. The
 * bottom layer: it uses no other file of the module.
 */
#include <string.h>
#include "state.h"

/* also the ruleset's list of sides, ended by NULL */
const char *const rt_side_names[PLAYERS + 1] = { "1bf", "1uf", NULL };
const char *const rt_phase_names[PHASES] = {
	"setup-flak", "setup-pool", "setup-reichstag", "setup-draw-1bf",
	"setup-draw-1uf", "setup-garrison", "setup-spree", "setup-56pk1",
	"setup-56pk2", "setup-1bf", "setup-1uf", "setup-optional",
	"setup-markers",
	"1bf-reinforcement", "1bf-barrage", "1bf-movement", "1bf-combat",
	"1bf-exhaustion",
	"german-1bf-sector-reinforcement", "german-1bf-sector-movement",
	"german-1bf-sector-combat", "1bf-barrage-removal",
	"1uf-reinforcement", "1uf-barrage", "1uf-movement", "1uf-combat",
	"1uf-exhaustion",
	"german-1uf-sector-reinforcement", "german-1uf-sector-movement",
	"german-1uf-sector-combat", "1uf-barrage-removal",
	"sudden-death", "scenario-end", "turn-advance", "over" };
const char *const rt_result_names[RESULTS] = { "none", "1bf", "1uf",
	"german" };
const char *const rt_size_names[SIZES] = { "none", "corps", "div", "bde",
	"rgt", "bn", "grp", "other" };
const char *const rt_type_names[TYPES] = { "none", "tank", "mech",
	"asltgun", "recon", "cav", "rifle", "inf", "eng", "panzer", "pzgr",
	"hq", "fixinf", "sniper", "depot", "airstrip", "strategic", "flak" };
const char *const rt_sector_names[4] = { "1bf", "1uf", "both", "none" };

const char *const rt_phase_titles[PHASES] = {
	"set-up: flak", "set-up: the counter pool", "set-up: the Reichstag",
	"set-up: the 1BF draws", "set-up: the 1UF draws",
	"set-up: the garrison", "set-up: the Spree",
	"set-up: 56th Panzer Corps (1)", "set-up: 56th Panzer Corps (2)",
	"set-up: the 1BF", "set-up: the 1UF", "set-up: optional rules",
	"set-up: markers",
	"1BF reinforcement phase", "1BF barrage phase", "1BF movement phase",
	"1BF combat phase", "1BF exhaustion phase",
	"German reinforcement, 1BF sector", "German movement, 1BF sector",
	"German combat, 1BF sector", "1BF barrage removal",
	"1UF reinforcement phase", "1UF barrage phase", "1UF movement phase",
	"1UF combat phase", "1UF exhaustion phase",
	"German reinforcement, 1UF sector", "German movement, 1UF sector",
	"German combat, 1UF sector", "1UF barrage removal",
	"sudden death check", "end of the scenario", "end of the game turn",
	"game over" };

int rt_word(const char *s, const char *const *names, int count)
{
	int i;

	for (i = 0; i < count && names[i]; i++)
		if (!strcmp(s, names[i]))
			return i;
	return -1;
}

int rt_side_parse(const char *s)
{
	return rt_word(s, rt_side_names, PLAYERS);
}
