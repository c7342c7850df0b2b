/*
 * test_hexload.c - the map loader's hex features, effects by allegiance
 * and hexside state (src/rules/lib/hexload.c, hex.c): Race to the
 * Reichstag's provisional map (scenarios/tools/reichstag/map.yaml) loads
 * through hex_map_load and says what its TEC says; small maps show the
 * defaults and every refusal naming its field.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/doc.h"
#include "../../src/rules/lib/hex.h"
#include "unit.h"

static const char *const RTTR_MAP = "scenarios/tools/reichstag/map.yaml";

/* Load the `map` of a YAML text (under a key map: when it has one). */
static int load_text(struct hex_map *m, const char *yaml, size_t len,
		     struct error *err)
{
	struct doc *d = doc_new("map.yaml");
	const struct doc_node *n;
	int rc;

	rc = doc_parse(d, yaml, len, &DOC_LIMITS_GAME, err);
	if (rc == 0) {
		n = doc_get(d->root, "map");
		rc = hex_map_load(m, d, n ? n : d->root, err);
	}
	doc_free(d);
	return rc;
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 &&
	    fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)n + 1);
		if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		if (buf) {
			buf[n] = 0;
			*len = (size_t)n;
		}
	}
	fclose(f);
	return buf;
}

static const char *terrain_of(const struct hex_map *m, int h)
{
	return h >= 0 && m->terr[h] < m->n_terrain ?
		m->terrain[m->terr[h]].name : "";
}

/* The first hexside of the map named `name` with kind `kind` (and, if
 * also >= 0, kind `also`): its hex in *a and direction in *dir; the
 * number of such hexsides (each counted once). */
static int sides_named(const struct hex_map *m, const char *name,
		       int kind, int also, int *a, int *dir)
{
	const char *s;
	int h, d, b, n = 0;

	for (h = 0; h < hex_end(m); h++)
		for (d = 0; d < 6; d++) {
			b = hex_neighbour(m, h, d);
			if (b < h || !hex_side_has(m, h, d, kind) ||
			    (also >= 0 && !hex_side_has(m, h, d, also)))
				continue;
			s = hex_side_name(m, h, d);
			if (name && (!s || strcmp(s, name)))
				continue;
			if (n++ == 0) {
				*a = h;
				*dir = d;
			}
		}
	return n;
}

static void reichstag_map(void)
{
	static struct hex_map m;
	struct hex_rules r;
	struct error err = { 0 };
	int16_t occ[HEX_MAX], out[HEX_MAX];
	char *yaml;
	size_t len = 0;
	int h, i, n, ger, sov, rt, s1, s2, a = -1, dir = -1, b, both, none;
	unsigned flak, sbahn, air;
	const char *crt;

	yaml = read_all(RTTR_MAP, &len);
	CHECK(yaml != NULL, "%s is there to read (run from the tree's top)",
	      RTTR_MAP);
	if (!yaml)
		return;
	CHECK(load_text(&m, yaml, len, &err) == 0,
	      "the Race to the Reichstag map loads through hex_map_load (%s)",
	      err.msg);
	free(yaml);
	CHECK(m.cols == 60 && m.rows == 31 && m.provisional && !m.pointy &&
	      m.shifted_even, "60 x 31 flat hexes, even columns lower, "
	      "provisional");

	/* the Reichstag: its terrain row, its place, its region, both
	 * sectors, and the TEC by allegiance */
	rt = hex_parse(&m, "3413");
	ger = hex_allegiance(&m, "german");
	sov = hex_allegiance(&m, "soviet");
	s1 = hex_region(&m, "sector-1bf");
	s2 = hex_region(&m, "sector-1uf");
	CHECK(ger >= 0 && sov >= 0 && ger != sov &&
	      hex_allegiance(&m, "allied") == -1,
	      "the map names the allegiances german and soviet");
	CHECK(!strcmp(terrain_of(&m, rt), "reichstag") &&
	      hex_in_region(&m, rt, hex_region(&m, "reichstag")),
	      "3413 is the Reichstag: its terrain and its region");
	for (i = 0, n = 0; i < m.n_places; i++)
		n += m.place[i].hex == rt &&
			!strcmp(m.place[i].name, "Reichstag");
	CHECK(n == 1, "the place label Reichstag stands on 3413");
	CHECK(hex_defence_best(&m, rt, ger) == 200 &&
	      hex_defence_best(&m, rt, sov) == 100,
	      "the Reichstag doubles a German defender only (%d, %d)",
	      hex_defence_best(&m, rt, ger), hex_defence_best(&m, rt, sov));
	crt = hex_crt_forced(&m, rt, ger);
	CHECK(crt && !strcmp(crt, "assault") && !hex_crt_forced(&m, rt, sov),
	      "an attack on Germans in the Reichstag must use the assault "
	      "table; on Soviets there, any");
	CHECK(!hex_zoc_into(&m, rt, sov) && !hex_zoc_into(&m, rt, ger),
	      "no zone of control extends into the Reichstag (11.0, 5.6)");
	CHECK(hex_ignores_retreat(&m, rt, ger) &&
	      !hex_ignores_retreat(&m, rt, sov),
	      "Germans in the Reichstag ignore retreats (16.10)");

	/* sectors: two regions covering the map, only the Reichstag in both */
	both = none = 0;
	for (h = 0; h < hex_end(&m); h++) {
		if (m.terr[h] == 255)
			continue;
		both += hex_in_region(&m, h, s1) && hex_in_region(&m, h, s2);
		none += !hex_in_region(&m, h, s1) && !hex_in_region(&m, h, s2);
	}
	CHECK(s1 >= 0 && s2 >= 0 && both == 1 && none == 0 &&
	      hex_in_region(&m, rt, s1) && hex_in_region(&m, rt, s2),
	      "sector-1bf and sector-1uf cover the map; only the Reichstag "
	      "is in both (%d in both, %d in neither)", both, none);

	/* the three flak towers: TG in the 1UF sector, HT and FR in the 1BF */
	flak = hex_feature(&m, "flak-tower");
	for (h = 0, n = 0; h < hex_end(&m); h++)
		if (m.feat[h] & flak)
			out[n++] = (int16_t)h;
	CHECK(flak && n == 3 && out[0] == hex_parse(&m, "3014") &&
	      out[1] == hex_parse(&m, "3510") &&
	      out[2] == hex_parse(&m, "3912"),
	      "three flak towers, at 3014, 3510 and 3912 (%d)", n);
	CHECK(n == 3 && hex_in_region(&m, out[0], s2) &&
	      !hex_in_region(&m, out[0], s1) &&
	      hex_in_region(&m, out[1], s1) && hex_in_region(&m, out[2], s1),
	      "TG stands in the 1UF sector, HT and FR in the 1BF sector");
	CHECK(hex_feature_effect(&m, flak) &&
	      !strcmp(hex_feature_effect(&m, flak)->name, "flak-tower") &&
	      hex_defence_best(&m, out[0], ger) ==
	      hex_effect_defence(&m.terrain[m.terr[out[0]]], ger),
	      "a flak tower's hex defends as its terrain (the doubling "
	      "within 2 hexes is the rules')");

	/* objectives, S-Bahn, airfields, city */
	h = hex_parse(&m, "0529");
	CHECK(!strcmp(terrain_of(&m, h), "objective") &&
	      !hex_zoc_into(&m, h, sov) && hex_zoc_into(&m, h, ger) &&
	      hex_defence_best(&m, h, ger) == 200,
	      "Potsdam is an objective: no Soviet ZOC into it, German ZOC "
	      "yes, Germans doubled");
	sbahn = hex_feature(&m, "sbahn");
	for (h = 0, n = 0, i = -1; h < hex_end(&m); h++)
		if ((m.feat[h] & sbahn) && !strcmp(terrain_of(&m, h), "city")
		    && hex_defence_best(&m, h, ger) == 200 &&
		    hex_defence_best(&m, h, sov) == 100 && n++ == 0)
			i = h;
	CHECK(sbahn && n > 10 && hex_zoc_into(&m, i, sov),
	      "%d city hexes of the S-Bahn ring double Germans only; Soviet "
	      "ZOC enters them (23.2 is an optional scenario's)", n);
	air = hex_feature(&m, "airfield");
	h = hex_parse(&m, "3619");
	CHECK(air && (m.feat[h] & air) && (m.feat[h] & sbahn) &&
	      !strcmp(terrain_of(&m, h), "objective"),
	      "Tempelhof (3619) is an objective with the airfield and the "
	      "S-Bahn features");
	for (h = 0, n = 0; h < hex_end(&m); h++)
		if (!strcmp(terrain_of(&m, h), "city") && !m.feat[h]) {
			crt = hex_crt_forced(&m, h, ger);
			n += crt && !strcmp(crt, "assault") &&
				!hex_crt_forced(&m, h, sov) &&
				hex_defence_best(&m, h, ger) == 100;
		}
	CHECK(n > 50, "%d plain city hexes force the assault table on "
	      "German defenders, without doubling them (12.21)", n);
	h = hex_parse(&m, "0101");
	CHECK(!strcmp(terrain_of(&m, h), "clear") &&
	      hex_defence_best(&m, h, ger) == 100 &&
	      !hex_crt_forced(&m, h, ger) && hex_zoc_into(&m, h, sov) &&
	      !hex_ignores_retreat(&m, h, ger),
	      "a clear hex: printed defence, any table, ZOC, retreats");

	/* water: a canal is a named river; a bridge carries a road over it */
	n = sides_named(&m, "landwehr", HS_RIVER, -1, &a, &dir);
	CHECK(n > 5 && !hex_side_has(&m, a, dir, HS_LAKE),
	      "the Landwehr canal: %d river hexsides named landwehr", n);
	CHECK(sides_named(&m, "spree", HS_RIVER, -1, &a, &dir) > 10 &&
	      sides_named(&m, "havel", HS_RIVER, -1, &a, &dir) > 10,
	      "the Spree and the Havel are named river hexsides");
	n = sides_named(&m, NULL, HS_BRIDGE, HS_RIVER, &a, &dir);
	CHECK(n > 20, "%d bridges over rivers and canals", n);
	if (a < 0)
		return;
	memset(&r, 0, sizeof r);
	for (i = 0; i < HEX_MAX; i++)
		occ[i] = -1;
	r.map = &m;
	r.occupant = occ;
	b = hex_neighbour(&m, a, dir);
	n = hex_step_cost(&r, a, b);
	CHECK(!hex_side_water(&r, a, b) && n <= 2 * HALF,
	      "across the intact bridge %s: no water, a road or rail rate "
	      "(%d half MPs)", hex_side_id(&m, a, dir, (char[16]){ 0 }), n);
	hex_side_set(&m, a, dir, HS_CHECKED, 1);
	CHECK(hex_side_has(&m, b, (dir + 3) % 6, HS_CHECKED) &&
	      hex_side_has(&m, a, dir, HS_BRIDGE) &&
	      hex_step_cost(&r, a, b) == n,
	      "a checked bridge is marked from both hexes and costs the same");
	hex_side_set(&m, a, dir, HS_CHECKED, 0);
	hex_side_set(&m, a, dir, HS_DEMOLISHED, 1);
	CHECK(hex_side_water(&r, a, b) &&
	      hex_step_cost(&r, a, b) ==
	      m.terrain[m.terr[b]].cost + m.side[HS_RIVER].cost &&
	      m.side[HS_RIVER].cost == 3 * HALF && !hex_side_has(&m, a, dir,
								 HS_CHECKED),
	      "demolished, it is a river again: the hex's cost + 3 MPs");
}

/* ---- small maps: defaults and refusals ---- */

static const char *const HEAD =
	"provenance: complete\norientation: flat\nshifted: even\n"
	"columns: 6\nrows: 6\ndefault: clear\n"
	"hexsides: {river: {cost: all}, stream: {cost: 1}, bridge: {cost: 0}, "
	"demolished: {cost: 0}, road: {cost: 1/2}, railway: {cost: 1}, "
	"boundary: {cost: 0}}\n"
	"fortification: {defence: 150, zoc: \"no\"}\nzoc: {to-zoc: \"no\"}\n"
	"sides: \"\"\n";

/* A map of HEAD plus `rest`; 0 or -1 as hex_map_load. */
static int small(struct hex_map *m, const char *rest, struct error *err)
{
	char y[2048];

	snprintf(y, sizeof y, "%s%s", HEAD, rest);
	memset(err, 0, sizeof *err);
	return load_text(m, y, strlen(y), err);
}

static void defaults(void)
{
	static struct hex_map m;
	struct error err;
	unsigned tower, bunker;
	int h, x, y;

	CHECK(small(&m, "terrain: {clear: {cost: 1}, town: {cost: 1, "
		    "defence: 150, crt: close}}\n"
		    "features: {tower: {defence: {x: 300}, zoc: {y: \"no\"}},"
		    " bunker: {ignore-retreat: \"yes\", crt: {x: any}}}\n"
		    "hexes: |\n  0101 clear tower\n  0202 town fort bunker\n"
		    "  0303 town\n", &err) == 0,
	      "a map with features and rows by allegiance loads (%s)",
	      err.msg);
	tower = hex_feature(&m, "tower");
	bunker = hex_feature(&m, "bunker");
	x = hex_allegiance(&m, "x");
	y = hex_allegiance(&m, "y");
	CHECK(tower == 2u && bunker == 4u && !hex_feature(&m, "fort") &&
	      m.n_features == 2 && x == 0 && y == 1,
	      "features take the bits after HF_FORT in table order; "
	      "allegiances are numbered as met");
	h = hex_parse(&m, "0101");
	CHECK(hex_defence_best(&m, h, x) == 300 &&
	      hex_defence_best(&m, h, y) == 100 &&
	      hex_defence_best(&m, h, -1) == 100 &&
	      !hex_zoc_into(&m, h, y) && hex_zoc_into(&m, h, x) &&
	      hex_zoc_into(&m, h, -1),
	      "a feature by allegiance: x defends at 300 and y's ZOC stays "
	      "out; another allegiance (-1) gets the row's values");
	h = hex_parse(&m, "0202");
	CHECK((m.feat[h] & (HF_FORT | bunker)) == (HF_FORT | bunker) &&
	      hex_defence_best(&m, h, x) == 150 &&
	      !hex_zoc_into(&m, h, x) && hex_ignores_retreat(&m, h, y) &&
	      !m.fort_ignores_retreat,
	      "the fort row counts among a hex's rows (defence 150, zoc no); "
	      "a feature's ignore-retreat applies to all");
	CHECK(hex_crt_forced(&m, h, y) &&
	      !strcmp(hex_crt_forced(&m, h, y), "close") &&
	      !strcmp(hex_crt_forced(&m, hex_parse(&m, "0303"), x), "close"),
	      "the terrain's crt comes first (close)");
	CHECK(!hex_effect_crt(&m.feature[1], x) &&
	      !hex_effect_crt(&m.feature[1], y),
	      "crt any is no table");
	CHECK(hex_defence_best(&m, -1, x) == 100 &&
	      hex_zoc_into(&m, -1, x) && !hex_crt_forced(&m, -1, x),
	      "off the map: the plain values");
	memset(&m.terrain[0].of, 0, sizeof m.terrain[0].of);
	CHECK(hex_effect_defence(&m.terrain[0], 2) == 100 &&
	      hex_effect_zoc_into(&m.terrain[0], 3) &&
	      !hex_effect_ignores_retreat(&m.terrain[0], 0),
	      "a row made by hand (memset) gives no value by allegiance");
}

static void refusals(void)
{
	static struct hex_map m;
	static const struct {
		const char *rest, *want, *what;
	} bad[] = {
		{ "terrain: {clear: {cost: 1}}\nhexes: |\n  0101 clear tower\n",
		  "unknown feature \"tower\"", "a feature the table lacks" },
		{ "terrain: {clear: {cost: 1}}\nfeatures: {t: {}}\nhexes: |\n"
		  "  0101 clear t t\n", "a repeated feature \"t\"",
		  "a feature given twice on one hex" },
		{ "terrain: {clear: {cost: 1}}\nfeatures: {fort: {}}\n"
		  "hexes: \"\"\n", "not fort", "a feature named fort" },
		{ "terrain: {clear: {cost: 1}}\nfeatures: {a: {}, a: {}}\n"
		  "hexes: \"\"\n", "duplicate key 'a'", "a feature named twice" },
		{ "terrain: {clear: {cost: 1}}\nfeatures: {a: {cost: 2}}\n"
		  "hexes: \"\"\n", "unknown field 'cost'",
		  "a cost on a feature" },
		{ "terrain: {clear: {cost: 1}}\nfeatures: [a]\nhexes: \"\"\n",
		  "features: a mapping", "features not a mapping" },
		{ "terrain: {clear: {cost: 1, defence: {x: lots}}}\n"
		  "hexes: \"\"\n", "defence", "a defence by allegiance not a "
		  "number" },
		{ "terrain: {clear: {cost: 1, defence: {x: 1001}}}\n"
		  "hexes: \"\"\n", "defence", "a defence above 1000" },
		{ "terrain: {clear: {cost: 1, zoc: {x: maybe}}}\n"
		  "hexes: \"\"\n", "clear: zoc: yes or no",
		  "a zoc by allegiance not yes or no" },
		{ "terrain: {clear: {cost: 1, ignore-retreat: {x: [1]}}}\n"
		  "hexes: \"\"\n", "clear: ignore-retreat: yes or no",
		  "an ignore-retreat by allegiance not yes or no" },
		{ "terrain: {clear: {cost: 1, crt: a-name-far-too-long}}\n"
		  "hexes: \"\"\n", "clear: crt: the name of a combat results",
		  "a crt name of 16 characters" },
		{ "terrain: {clear: {cost: 1, crt: {x: \"\"}}}\n"
		  "hexes: \"\"\n", "clear: crt:", "an empty crt name" },
		{ "terrain: {clear: {cost: 1, defence: {a: 1, b: 1, c: 1, "
		  "d: 1, e: 1}}}\nhexes: \"\"\n", "at most 4 in the map",
		  "a fifth allegiance" },
		{ "terrain: {clear: {cost: 1, defence: {a-very-long-name: "
		  "1}}}\nhexes: \"\"\n", "an allegiance of 1 to 11",
		  "an allegiance name of 16 characters" },
		{ "terrain: {clear: {cost: 1}}\nhexes: |\n  0101 clear a a a a "
		  "a a a a a a a a a a a a a\n", "each feature once",
		  "more words than features" },
	};
	struct error err;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		CHECK(small(&m, bad[i].rest, &err) < 0 &&
		      strstr(err.msg, bad[i].want),
		      "%s is refused, saying \"%s\": %s", bad[i].what,
		      bad[i].want, err.msg);
	{
		char many[1024];
		int k, n;

		n = snprintf(many, sizeof many, "terrain: {clear: {cost: 1}}"
			     "\nhexes: \"\"\nfeatures: {");
		for (k = 0; k <= HEX_FEATURES_MAX; k++)
			n += snprintf(many + n, sizeof many - (size_t)n,
				      "%sf%d: {}", k ? ", " : "", k);
		snprintf(many + n, sizeof many - (size_t)n, "}\n");
		CHECK(small(&m, many, &err) < 0 &&
		      strstr(err.msg, "features: at most 15"),
		      "16 features are refused: %s", err.msg);
	}
	/* hexside rows: no values by allegiance, no crt; an unknown kind is
	 * named among the allowed ones (the list ends) */
	{
		char y[1024];
		struct error e2;

		snprintf(y, sizeof y, "%s", HEAD);
		*strstr(y, "boundary: {cost: 0}") = 0;
		strcat(y, "boundary: {cost: 0, defence: {x: 200}}}\n"
		       "fortification: {}\nzoc: {}\nsides: \"\"\n"
		       "terrain: {clear: {cost: 1}}\nhexes: \"\"\n");
		memset(&e2, 0, sizeof e2);
		CHECK(load_text(&m, y, strlen(y), &e2) < 0 &&
		      strstr(e2.msg, "boundary: defence: by allegiance only "
			     "in a hex row"),
		      "a hexside's defence by allegiance is refused: %s",
		      e2.msg);
		snprintf(y, sizeof y, "%s", HEAD);
		*strstr(y, "boundary: {cost: 0}") = 0;
		strcat(y, "boundary: {cost: 0, crt: assault}}\n"
		       "fortification: {}\nzoc: {}\nsides: \"\"\n"
		       "terrain: {clear: {cost: 1}}\nhexes: \"\"\n");
		CHECK(load_text(&m, y, strlen(y), &e2) < 0 &&
		      strstr(e2.msg, "unknown field 'crt'"),
		      "a hexside's crt is refused: %s", e2.msg);
		snprintf(y, sizeof y, "%s", HEAD);
		*strstr(y, "boundary: {cost: 0}") = 0;
		strcat(y, "boundary: {cost: 0}, canal: {cost: 3}}\n"
		       "fortification: {}\nzoc: {}\nsides: \"\"\n"
		       "terrain: {clear: {cost: 1}}\nhexes: \"\"\n");
		CHECK(load_text(&m, y, strlen(y), &e2) < 0 &&
		      strstr(e2.msg, "unknown field 'canal'") &&
		      strstr(e2.msg, "boundary, lake)"),
		      "a canal kind is refused, naming the kinds: %s",
		      e2.msg);
	}
}

int main(void)
{
	reichstag_map();
	defaults();
	refusals();
	return unit_done("test_hexload");
}
