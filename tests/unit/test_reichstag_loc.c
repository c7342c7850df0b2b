/*
 * test_reichstag_loc.c - Race to the Reichstag's lines of communication
 * (24.1-24.4, src/rules/reichstag/board.c rt_loc, on the lib's
 * hex_trace_sides): every expected value comes from the rule text
 * (RULES.md 24.x), never from the code.
 *
 * The map: 4 x 4, flat, even columns half a hex lower; column 01 is the
 * 1UF sector (its south edge 0104), columns 02-04 the 1BF sector (its
 * north edge 0201, 0301, 0401), boundary hexsides between them; a river
 * runs between rows 2 and 3 of the 1BF sector (every hexside from a row
 * 1-2 hex to a row 3-4 hex), with a bridge at 0302-0303 in the positions
 * that say so; 0404 is an airfield.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/doc.h"
#include "umpire/scenario.h"
#include "../../src/rules/lib/hex.h"
#include "../../src/rules/reichstag/state.h"
#include "../../src/rules/reichstag/board.h"
#include "../../src/rules/reichstag/options.h"
#include "unit.h"

static const char MAP[] =
	"map:\n"
	"  provenance: complete\n"
	"  orientation: flat\n"
	"  shifted: even\n"
	"  columns: 4\n"
	"  rows: 4\n"
	"  default: clear\n"
	"  terrain:\n"
	"    clear: {cost: 1}\n"
	"    airfield: {cost: 1}\n"
	"  hexsides:\n"
	"    river: {cost: 3, defence: 200}\n"
	"    stream: {cost: 3, defence: 200}\n"
	"    bridge: {cost: 0}\n"
	"    demolished: {cost: 0}\n"
	"    road: {cost: 1}\n"
	"    railway: {cost: 1}\n"
	"    boundary: {cost: \"no\", attack: \"no\", zoc: \"no\"}\n"
	"  fortification: {}\n"
	"  zoc: {to-zoc: \"no\", leave: 0}\n"
	"  hexes: |\n"
	"    0404 airfield\n"
	"  sides: |\n"
	"    0101 0201 boundary\n"
	"    0102 0201 boundary\n"
	"    0102 0202 boundary\n"
	"    0103 0202 boundary\n"
	"    0103 0203 boundary\n"
	"    0104 0203 boundary\n"
	"    0104 0204 boundary\n"
	"    0202 0203 river\n"
	"    0202 0303 river\n"
	"    0302 0303 river%s\n"
	"    0402 0303 river\n"
	"    0402 0403 river\n"
	"  regions:\n"
	"    sector-1bf: \"0201-0204,0301-0304,0401-0404\"\n"
	"    sector-1uf: \"0101-0104\"\n"
	"    edge-1bf-north: \"0201,0301,0401\"\n"
	"    edge-1uf-south: \"0104\"\n"
	"options: {lines-of-communication: \"%s\"}\n"
	"phase: 1bf-movement\n"
	"reichstag-blind: 0\n"
	"oob: |\n%s";

static const struct scenario *g_scn;
static const struct doc_node *g_opts;

/* A position from the map above; NULL when it does not load. */
static struct rttr *position(int bridge, int loc, const char *oob)
{
	char text[4096];
	struct doc *d = doc_new("pos");
	struct error err;
	void *st = NULL;
	int n;

	n = snprintf(text, sizeof text, MAP, bridge ? "\n    0302 0303 bridge"
		     : "", loc ? "yes" : "no", oob);
	if (n < 0 || (size_t)n >= sizeof text ||
	    doc_parse(d, text, (size_t)n, &DOC_LIMITS_SMALL, &err) ||
	    scenario_start(g_scn, g_opts, &st, &err) ||
	    rt_load(st, d, d->root, &err)) {
		printf("# the position does not load: %s\n", err.msg);
		free(st);
		st = NULL;
	}
	doc_free(d);
	return st;
}

static int hx(const struct rttr *st, const char *id)
{
	return hex_parse(&st->map, id);
}

static void check_loc(int bridge, int loc, const char *oob, int front,
		      const char *at, int want, const char *what)
{
	struct rttr *st = position(bridge, loc, oob);

	CHECK(st && rt_loc(st, front, hx(st, at)) == want, "%s", what);
	free(st);
}

static const char S1[] =
	"  S1 soviet 4-4-6 at 0304 1bf div rifle ; south of the river\n";

int main(void)
{
	struct scenario scn;
	struct error err;
	struct doc *d = doc_new("options");
	struct doc_node *opts;
	struct rttr *st;
	int a, b;

	if (scenario_load("scenarios/race-to-the-reichstag.yaml", &scn,
			  &err) ||
	    scenario_options(&scn, d, NULL, 0, &opts, &err)) {
		printf("not ok 1 - %s\n", err.msg);
		return 1;
	}
	g_scn = &scn;
	g_opts = opts;

	check_loc(0, 0, S1, P1BF, "0304", 1,
		  "24.0: without the option every unit has what it needs");
	check_loc(0, 1, S1, P1BF, "0302", 1,
		  "24.1: a unit next to its front's north edge traces");
	check_loc(0, 1, S1, P1BF, "0304", 0,
		  "24.2 (3): a river without a bridge blocks the line");
	check_loc(1, 1, S1, P1BF, "0304", 1,
		  "24.2 (3): an intact bridge lets it cross");
	st = position(1, 1, S1);
	if (st) {
		a = hx(st, "0302");
		b = hx(st, "0303");
		hex_side_set(&st->map, a, hex_dir(&st->map, a, b),
			     HS_DEMOLISHED, 1);
	}
	CHECK(st && rt_loc(st, P1BF, hx(st, "0304")) == 0,
	      "24.2 (3): a destroyed bridge (18.2) does not");
	free(st);
	check_loc(0, 1, "  E1 soviet 1-1-6 at 0303 1bf bn eng engineer ; "
		  "engineer\n", P1BF, "0304", 1,
		  "24.2 (3): an engineer next to the river hexside lets the "
		  "line cross without a bridge");
	check_loc(1, 1, "  G1 german 2-2-0 at 0203 mobile rgt inf ; ZOC "
		  "over 0303, 0304\n", P1BF, "0304", 0,
		  "24.2: a line ends at a hex in an enemy ZOC (0303, beyond "
		  "the unit's own hex) and cannot pass it");
	check_loc(1, 1, "  G1 german 2-2-0 at 0204 mobile rgt inf ; ZOC "
		  "over 0304 only\n", P1BF, "0304", 1,
		  "24.2 reading: the unit's own hex in an enemy ZOC does not "
		  "stop its line");
	check_loc(1, 1, "  G1 german 2-2-0 at 0302 mobile rgt inf ; on the "
		  "bridge's far side\n", P1BF, "0304", 0,
		  "24.2 (1): a hex with a German unit blocks the line");
	check_loc(0, 1, S1, P1BF, "0404", 1,
		  "24.4: a Soviet unit on an airfield needs no line");
	check_loc(0, 1, "  U1 soviet 4-4-6 at 0101 1uf div rifle ; 1UF\n",
		  P1UF, "0101", 1,
		  "24.1: the 1UF traces to the south edge of its sector");
	check_loc(0, 1, "  U1 soviet 4-4-6 at 0101 1uf div rifle ; 1UF\n",
		  P1UF, "0204", 0,
		  "24.2 (2): the boundary blocks a line (0204 lies next to the "
		  "1UF edge hex 0104, across the boundary)");
	scenario_free(&scn);
	doc_free(d);
	return unit_done("reichstag-loc");
}
