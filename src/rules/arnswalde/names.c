/*
 * names.c - Arnswalde 1945: the names of the sides, places, phases,
 * orders and results, as the state, the questions and the reports write
 * them, and the places as an option names them to the desk. The bottom
 * layer: it uses no other file of the module.
 */
#include "arnswalde.h"

const char *const arn_side_names[] = { "player", NULL };
const char *const arn_place_names[PLACES] = { "north", "south", "center",
	"workshop", "escaped", "eliminated" };
/* the places as the rulebook names them, for the event text */
const char *const arn_place_titles[PLACES] = { "north", "south",
	"Central Square", "field workshop", "escaped box", "eliminated box" };
/* the kinds of the places for the desk (q_target, svg_spot): the
 * town's three areas, and the boxes beside the town */
const char *const arn_place_kinds[PLACES] = { "area", "area", "area",
	"box", "box", "box" };
const char *const arn_phase_names[PHASES] = { "setup", "deployment", "action",
	"attack", "relief", "over" };
const char *const arn_result_names[RESULTS] = { "none", "surrender",
	"no-tigers", "relief-failed", "victory" };
const char *const arn_order_names[ORDERS] = { "none", "north-first",
	"south-first" };
/* the phases as the report and the picture title them */
const char *const arn_phase_titles[PHASES] = { "setup (3.1)",
	"Soviet deployment phase (6.0)", "German action phase (7.0)",
	"Soviet attack phase (8.0)", "relief check (4.2)", "game over" };

void arn_name_place(struct question *q, int place)
{
	q_target(q, arn_place_kinds[place], arn_place_names[place]);
}
