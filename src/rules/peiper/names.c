/*
 * names.c - Kampfgruppe Peiper: the names of the side, the units, the
 * kinds of US counter, the phases and the results, as the state, the
 * questions and the reports write them, and the options that name a
 * unit of the group. The bottom layer: it uses no other file of the
 * module.
 */
#include "peiper.h"

const char *const kgp_side_names[] = { "player", NULL };
const char *const kgp_unit_names[UNITS] = { "armour", "panzergrenadiers",
	"heavy-armour", "artillery", "recon", "engineers", "anti-aircraft" };
const char *const kgp_unit_titles[UNITS] = { "armour", "panzergrenadiers",
	"heavy armour", "artillery", "reconnaissance", "engineers",
	"anti-aircraft" };
const char *const kgp_ctype_names[CTYPES] = { "infantry", "paratroops", "tank",
	"engineer", "aircraft", "fuel-at" };
const char *const kgp_phase_names[PHASES] = { "build", "placement", "recon",
	"move", "end", "over" };
const char *const kgp_result_names[RESULTS] = { "none", "victory", "draw",
	"defeat-time", "defeat-broken", "defeat-encircled" };
/* the phases as the report and the picture title them */
const char *const kgp_phase_titles[PHASES] = { "setup (3.0)",
	"US placement (5.0)", "reconnaissance (5.0)", "movement (5.0)",
	"end of turn (5.0)", "game over" };

void kgp_name_unit(struct question *q, int u)
{
	q_target(q, "unit", kgp_unit_names[u]);
}

void kgp_unit_option(struct question *q, int u)
{
	q_add(q, "%s", kgp_unit_names[u]);
	kgp_name_unit(q, u);
}
