/*
 * test_hexsvg.c - the shared hex board picture (src/rules/lib/hexsvg.c) on
 * Race to the Reichstag's 60 x 31 map (scenarios/tools/reichstag/map.yaml):
 * every hex feature, canals apart from rivers, lake hexsides, the bridge
 * states, a sector boundary and objective rings drawn by the caller, a key
 * of what is drawn and only that, stacks and face-down counters, and a
 * file that stays small. Small maps show the key leaving out what a map
 * does not have.
 *
 * To look at the board: UMPIRE_HEXSVG_OUT=/tmp/berlin.svg
 * build/tests/test_hexsvg writes the sample (with a few stacks) there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/doc.h"
#include "umpire/svg.h"
#include "../../src/rules/lib/hex.h"
#include "../../src/rules/lib/hexsvg.h"
#include "unit.h"

static const char *const RTTR_MAP = "scenarios/tools/reichstag/map.yaml";
static const char *const CANALS[] = { "landwehr", "teltow", "hohenzollern",
	NULL };
static const char GERMAN[] = "#8e9aa6", SOVIET[] = "#d99a80";

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

static size_t count(const char *hay, const char *end, const char *needle)
{
	size_t n = 0, k = strlen(needle);
	const char *p = hay;

	while ((p = strstr(p, needle)) != NULL && (!end || p < end)) {
		n++;
		p += k;
	}
	return n;
}

/* Tags balanced (every <x> closed in order or self-closed). */
static int balanced(const char *s)
{
	char stack[64][32];
	int depth = 0;
	const char *p = s;

	while ((p = strchr(p, '<')) != NULL) {
		const char *e = strchr(p, '>');
		if (!e)
			return 0;
		if (p[1] == '?' || p[1] == '!') {
			p = e + 1;
			continue;
		}
		if (p[1] == '/') {
			size_t n = (size_t)(e - p - 2);
			if (depth == 0 || n != strlen(stack[depth - 1]) ||
			    strncmp(p + 2, stack[depth - 1], n) != 0)
				return 0;
			depth--;
		} else if (e[-1] != '/') {
			size_t n = strcspn(p + 1, " >");
			if (depth == 64 || n >= 32)
				return 0;
			memcpy(stack[depth], p + 1, n);
			stack[depth++][n] = '\0';
		}
		p = e + 1;
	}
	return depth == 0;
}

/* The segments of the first path after <title>title</title> ("M" moves),
 * or -1 when there is no such layer. */
static int path_segs(const char *svg, const char *title)
{
	char t[64];
	const char *p, *e;

	snprintf(t, sizeof t, "<title>%s</title>\n<path", title);
	if (!(p = strstr(svg, t)) || !(p = strstr(p, " d=\"")) ||
	    !(e = strchr(p + 4, '"')))
		return -1;
	return (int)count(p, e, "M");
}

/* The uses of shape `ref` in the layer <title>title</title> (up to its
 * first closing group), or -1 when there is no such layer. */
static int layer_uses(const char *svg, const char *title, const char *ref)
{
	char t[64], u[48];
	const char *p, *e;

	snprintf(t, sizeof t, "<title>%s</title>\n", title);
	snprintf(u, sizeof u, "<use xlink:href=\"#%s\"", ref);
	if (!(p = strstr(svg, t)) || !(e = strstr(p, "</g>")))
		return -1;
	return (int)count(p, e, u);
}

/* The hexsides of the map with kind k (each once); names, if not NULL:
 * only those with one of these names (in: 1) or none of them (in: 0). */
static int sides_of(const struct hex_map *m, int k,
		    const char *const *names, int in)
{
	int n = 0;

	for (int h = 0; h < hex_end(m); h++)
		for (int d = 0; d < 6; d++) {
			int b = hex_neighbour(m, h, d), named = 0;
			const char *s = hex_side_name(m, h, d);
			if (b < h || !hex_side_has(m, h, d, k))
				continue;
			for (int i = 0; names && s && names[i]; i++)
				named |= !strcmp(names[i], s);
			n += !names || named == in;
		}
	return n;
}

static int hexes_with(const struct hex_map *m, unsigned bit)
{
	int n = 0;

	for (int h = 0; h < hex_end(m); h++)
		n += m->terr[h] != 255 && (m->feat[h] & bit);
	return n;
}

/* A bridge hexside with the given name: a in *a, direction in *dir. */
static int bridge_named(const struct hex_map *m, const char *name, int *a,
			int *dir)
{
	for (int h = 0; h < hex_end(m); h++)
		for (int d = 0; d < 6; d++) {
			const char *s = hex_side_name(m, h, d);
			if (hex_neighbour(m, h, d) > h &&
			    hex_side_has(m, h, d, HS_BRIDGE) && s &&
			    !strcmp(s, name)) {
				*a = h;
				*dir = d;
				return 1;
			}
		}
	return 0;
}

/* The halos of the place names (svg_mark_label: 15 high, rounded 3,
 * white at 0.8) that overlap another's; their number in *n. */
static int label_overlaps(const char *svg, int *n)
{
	static const char tail[] = "\" height=\"15\" rx=\"3\" ry=\"3\" "
		"fill=\"#ffffff\" opacity=\"0.8\"/>";
	double b[128][3];
	const char *p = svg;
	int k = 0, over = 0;

	while ((p = strstr(p, "<rect x=\"")) != NULL) {
		const char *e = strchr(p, '>');
		double x, y, w;
		if (e && k < 128 && (size_t)(e - p) > sizeof tail - 2 &&
		    !strncmp(e + 1 - (sizeof tail - 1), tail, sizeof tail - 1) &&
		    sscanf(p, "<rect x=\"%lf\" y=\"%lf\" width=\"%lf\"", &x, &y,
			   &w) == 3) {
			for (int j = 0; j < k; j++)
				over += x < b[j][0] + b[j][2] && b[j][0] < x + w &&
					y < b[j][1] + 15 && b[j][1] < y + 15;
			b[k][0] = x;
			b[k][1] = y;
			b[k++][2] = w;
		}
		p++;
	}
	*n = k;
	return over;
}

/* The sample: the map with the caller's regions, a few stacks, a key. */
static void berlin_svg(const struct hex_map *m,
		       const struct hexsvg_opts *o, struct strbuf *out)
{
	static const struct {
		const char *hex;
		int n;
		struct hexsvg_piece p[3];
	} st[] = {
		{ "3413", 3, { { GERMAN, NATO_INFANTRY, "G1", "2-3-4", NULL,
				 0, NULL, NULL },
			       { GERMAN, NATO_ARMOUR, "G2", "4-3-6", NULL, 0,
				 NULL, NULL },
			       { GERMAN, NATO_INFANTRY, "G3", "1-2-4", NULL, 0,
				 NULL, NULL } } },
		{ "3514", 2, { { GERMAN, NATO_MECHANISED, "SS1", "3-4-6",
				 "OOS", 0, NULL, NULL },
			       { GERMAN, 0, "G9", "1-1-4", NULL, 1, NULL,
				 NULL } } },
		{ "3713", 1, { { SOVIET, NATO_ARMOUR, "2GT", "8-6-8", NULL,
				 0, NULL, NULL } } },
		{ "3813", 2, { { SOVIET, NATO_INFANTRY, "5SA", "6-5-5", NULL,
				 0, NULL, NULL },
			       { SOVIET, NATO_ENGINEER, "E1", "1-2-5", NULL,
				 0, NULL, NULL } } },
		{ "3014", 1, { { GERMAN, 0, "FLAK", "", NULL, 1,
				 "fixed", NULL } } },
		{ "3015", 3, { { GERMAN, 0, "H1", "", NULL, 1, "?", NULL },
			       { GERMAN, 0, "H2", "", NULL, 1, "?", NULL },
			       { GERMAN, 0, "H3", "", NULL, 1, "?", NULL } } },
		{ "3219", 1, { { SOVIET, NATO_RECON, "R3", "2-2-10", NULL, 0,
				 NULL, NULL } } },
	};
	struct svg s = SVG_INIT;
	double w, h, x, y, key_h;

	hexsvg_size(m, &w, &h);
	key_h = hexsvg_key_with(NULL, m, o, 8, 0, w - 16);
	svg_begin(&s, w, h + key_h + 24, "Race to the Reichstag (sample)");
	hexsvg_map_with(&s, m, o);
	for (size_t i = 0; i < sizeof st / sizeof *st; i++) {
		hexsvg_centre(m, hex_parse(m, st[i].hex), &x, &y);
		svg_group(&s, st[i].hex);
		hexsvg_stack(&s, x, y, st[i].p, st[i].n);
		svg_end_group(&s);
	}
	hexsvg_key_with(&s, m, o, 8, h + 12, w - 16);
	svg_finish(&s, out);
}

static void berlin(void)
{
	static struct hex_map m;
	struct error err = { 0 };
	struct strbuf out = STRBUF_INIT;
	char *yaml, ref[8], id[16];
	size_t len = 0;
	int a = -1, d = -1, c = -1, e = -1, n;
	const char *path = getenv("UMPIRE_HEXSVG_OUT");

	yaml = read_all(RTTR_MAP, &len);
	CHECK(yaml != NULL, "%s is there to read (run from the tree's top)",
	      RTTR_MAP);
	if (!yaml)
		return;
	CHECK(load_text(&m, yaml, len, &err) == 0, "the map loads (%s)",
	      err.msg);
	free(yaml);

	/* a bridge of each state: one demolished (18.2: 1-3), one checked
	 * and safe (4-6), the rest intact */
	CHECK(bridge_named(&m, "spree", &a, &d) &&
	      bridge_named(&m, "landwehr", &c, &e),
	      "the map has bridges over the Spree and the Landwehr canal");
	hex_side_set(&m, a, d, HS_DEMOLISHED, 1);
	hex_side_set(&m, c, e, HS_CHECKED, 1);

	const struct hexsvg_region regs[] = {
		{ hex_region(&m, "sector-1bf"), hex_region(&m, "sector-1uf"),
		  HEXSVG_BORDER, NULL, "sector boundary" },
		{ hex_region(&m, "so-1bf"), -1, HEXSVG_RING, NULL,
		  "strategic objective" },
		{ hex_region(&m, "so-1uf"), -1, HEXSVG_RING, NULL,
		  "strategic objective" },
		{ hex_region(&m, "setup-spree"), -1, HEXSVG_OUTLINE, NULL,
		  "Spree set-up" },
	};
	const struct hexsvg_opts o = { .canals = CANALS, .regions = regs,
		.n_regions = (int)(sizeof regs / sizeof *regs) };
	berlin_svg(&m, &o, &out);
	if (path) {
		FILE *f = fopen(path, "wb");
		CHECK(f && fwrite(out.buf, 1, out.len, f) == out.len &&
		      fclose(f) == 0, "the sample is written to %s", path);
	}

	printf("# the Berlin board: %zu bytes\n", out.len);
	CHECK(out.len < 400 * 1024, "60 x 31 hexes in less than 400 KiB "
	      "(%zu bytes)", out.len);
	CHECK(balanced(out.buf), "the document's tags are balanced");
	CHECK(strstr(out.buf, " xmlns:xlink=\"http://www.w3.org/1999/xlink\"")
	      != NULL, "the xlink namespace of the uses is declared");
	CHECK(strstr(out.buf, "<polygon points=\"44,19.05 33,38.11 11,38.11 "
		     "0,19.05 11,0 33,0\" id=\"hx\"/>") != NULL,
	      "a hex is 44 across its corners, 38 across its flats");

	/* every hex once, and the S-Bahn's hexes outlined */
	unsigned sbahn = hex_feature(&m, "sbahn"),
		 flak = hex_feature(&m, "flak-tower"),
		 air = hex_feature(&m, "airfield");
	n = hexes_with(&m, sbahn);
	CHECK(n > 0 && layer_uses(out.buf, "sbahn", "hx") == n,
	      "the %d S-Bahn hexes are outlined (%d)", n,
	      layer_uses(out.buf, "sbahn", "hx"));
	/* each hex a closed shape of its terrain's path, the outlines
	 * uses of the hex */
	CHECK((int)(count(out.buf, NULL, "ZM") + count(out.buf, NULL,
	      "Z\"/>")) == m.cols * m.rows, "every hex drawn once");
	CHECK((int)count(out.buf, NULL, "<use xlink:href=\"#hx\"") == n,
	      "the outlines use the hex");
	CHECK(count(out.buf, NULL, "<path fill=\"#") <= HEX_TERRAIN_MAX,
	      "the ground a path a terrain colour (%zu)",
	      count(out.buf, NULL, "<path fill=\"#"));
	for (int i = 0; i < m.n_features; i++) {
		unsigned bit = HF_FORT << (i + 1);
		if (bit != flak && bit != air)
			continue;
		snprintf(ref, sizeof ref, "hf%d", i);
		n = hexes_with(&m, bit);
		snprintf(id, sizeof id, "id=\"%s\"", ref);
		CHECK(n > 0 && layer_uses(out.buf, m.feature[i].name, ref) ==
		      n && count(out.buf, NULL, id) == 1,
		      "%s: its symbol defined once, used in its %d hexes",
		      m.feature[i].name, n);
	}

	/* water: canals apart from rivers, lake hexsides */
	n = sides_of(&m, HS_RIVER, CANALS, 1);
	CHECK(n > 0 && path_segs(out.buf, "canal") == n,
	      "the %d canal hexsides are drawn as canals (%d)", n,
	      path_segs(out.buf, "canal"));
	n = sides_of(&m, HS_RIVER, CANALS, 0);
	CHECK(n > 0 && path_segs(out.buf, "river") == n,
	      "the %d river hexsides that are not canals as rivers (%d)", n,
	      path_segs(out.buf, "river"));
	n = sides_of(&m, HS_LAKE, NULL, 0);
	CHECK(n > 0 && path_segs(out.buf, "lake hexside") == n,
	      "the %d lake hexsides (%d)", n,
	      path_segs(out.buf, "lake hexside"));
	CHECK(path_segs(out.buf, "stream") == -1, "no stream layer: the map "
	      "has none");
	n = sides_of(&m, HS_ROAD, NULL, 0);
	CHECK(path_segs(out.buf, "road") == n, "the %d roads", n);

	/* bridges by state */
	n = sides_of(&m, HS_BRIDGE, NULL, 0);
	CHECK(layer_uses(out.buf, "demolished bridge", "hb") == 1 &&
	      layer_uses(out.buf, "checked bridge", "hb") == 1 &&
	      layer_uses(out.buf, "bridge", "hb") == n - 2,
	      "bridges: %d intact, one demolished, one checked", n - 2);

	/* the sector boundary where the sectors meet: the map's boundary
	 * hexsides (derived from the sectors, checked by
	 * reichstag-check.py) */
	n = sides_of(&m, HS_BOUNDARY, NULL, 0);
	CHECK(n > 0 && path_segs(out.buf, "sector boundary") == n,
	      "the sector boundary: %d hexsides, as the map's (%d)",
	      path_segs(out.buf, "sector boundary"), n);
	CHECK((int)count(out.buf, NULL, "<circle") >= 11 &&
	      strstr(out.buf, "<title>strategic objective</title>\n<circle"),
	      "objective rings");

	/* the key: what is drawn, once each, and only that */
	static const char *const has[] = { "Key:", "clear", "lake",
		"reichstag", "sbahn", "flak-tower", "airfield", "river",
		"canal", "lake hexside", "road", "railway", "bridge",
		"demolished bridge", "checked bridge", "boundary",
		"sector boundary", "strategic objective", "Spree set-up" };
	for (size_t i = 0; i < sizeof has / sizeof *has; i++) {
		char t[48];
		snprintf(t, sizeof t, ">%s</text>", has[i]);
		CHECK(count(out.buf, NULL, t) == 1, "the key: %s once",
		      has[i]);
	}
	CHECK(!strstr(out.buf, ">stream</text>") &&
	      !strstr(out.buf, ">fortified</text>"),
	      "the key leaves out streams and fortification (none here)");

	/* the stacks: the top counter in full, the count, nothing of the
	 * counters below; face-down counters show only their label */
	CHECK(strstr(out.buf, ">G1<") && !strstr(out.buf, ">G2<") &&
	      !strstr(out.buf, ">G3<") && !strstr(out.buf, ">4-3-6<"),
	      "a stack shows its top counter, nothing of those below");
	CHECK(strstr(out.buf, ">3<") && strstr(out.buf, ">2<"),
	      "stacks carry a badge with their count");
	CHECK(!strstr(out.buf, ">G9<") && !strstr(out.buf, ">FLAK<") &&
	      !strstr(out.buf, ">H1<") && strstr(out.buf, ">fixed<") &&
	      strstr(out.buf, ">?<"),
	      "face-down counters: a label, no identity");
	CHECK(strstr(out.buf, "font-size=\"9\" font-family=\"DejaVu Sans, "
		     "Arial, sans-serif\" text-anchor=\"middle\" "
		     "fill=\"#000000\">2-3-4<") != NULL,
	      "factors in 9-unit type");
	CHECK(strstr(out.buf, "font-size=\"11\" font-family=\"DejaVu Sans, "
		     "Arial, sans-serif\" text-anchor=\"middle\" "
		     "fill=\"#6b1d14\">Reichstag<") != NULL,
	      "place names in 11-unit type");
	int k, over = label_overlaps(out.buf, &k);
	CHECK(k == m.n_places && over == 0, "the %d place names do not lie "
	      "on one another (%d of %d overlap)", m.n_places, over, k);
	strbuf_free(&out);
}

/* A small map: the key lists only the terrain present and the kinds
 * drawn; with no options nothing of the caller's is drawn. */
static void small(void)
{
	static struct hex_map m;
	struct error err = { 0 };
	struct strbuf out = STRBUF_INIT;
	struct svg s = SVG_INIT;
	static const char y[] =
		"provenance: provisional\norientation: flat\nshifted: even\ncolumns: 3\nrows: 3\n"
		"default: clear\n"
		"terrain:\n  clear: {cost: 1, colour: \"#efe8c8\"}\n"
		"  woods: {cost: 2, colour: \"#9fc48a\"}\n"
		"  marsh: {cost: 3, colour: \"#88aa88\"}\n"
		"hexsides:\n  river: {cost: 2, colour: \"#2f6fd0\"}\n"
		"  stream: {cost: 1, colour: \"#5f9fe0\"}\n"
		"  bridge: {cost: 0}\n  demolished: {cost: 0}\n"
		"  road: {cost: 1/2, colour: \"#8a4b1f\"}\n"
		"  railway: {cost: 1}\n  boundary: {cost: 0}\n"
		"fortification: {shift: -1}\n"
		"zoc: {}\n"
		"hexes: |\n  0202 woods fort\n"
		"sides: |\n  0101 0201 road\n  0202 0203 river bridge road\n";

	CHECK(load_text(&m, y, strlen(y), &err) == 0, "a small map (%s)",
	      err.msg);
	svg_begin(&s, 300, 300, "small");
	hexsvg_map(&s, &m);
	hexsvg_key(&s, &m, 0, 200, 300);
	svg_finish(&s, &out);
	CHECK(strstr(out.buf, ">clear</text>") && strstr(out.buf, ">woods</text>") &&
	      !strstr(out.buf, ">marsh</text>"),
	      "the key lists the terrain present, not the rest");
	CHECK(strstr(out.buf, ">river</text>") && strstr(out.buf, ">road</text>") &&
	      strstr(out.buf, ">bridge</text>") && strstr(out.buf, ">fortified</text>") &&
	      !strstr(out.buf, ">stream</text>") && !strstr(out.buf, ">railway</text>") &&
	      !strstr(out.buf, ">boundary</text>") &&
	      !strstr(out.buf, ">demolished bridge</text>") &&
	      !strstr(out.buf, ">canal</text>"),
	      "the key lists the kinds drawn, not the kinds in the table");
	CHECK(path_segs(out.buf, "river") == 1 &&
	      path_segs(out.buf, "road") == 2 &&
	      layer_uses(out.buf, "fortified", "hx") == 1,
	      "one river hexside, two roads, one fortified hex");
	CHECK(!strstr(out.buf, "<circle"), "no options: no rings");
	strbuf_free(&out);

	/* pointy hexes: the shape stands on a corner */
	m.pointy = 1;
	hex_map_neighbours(&m);
	svg_begin(&s, 300, 300, "pointy");
	hexsvg_map(&s, &m);
	svg_finish(&s, &out);
	CHECK(strstr(out.buf, "<polygon points=\"19.05,44 38.11,33 38.11,11 "
		     "19.05,0 0,11 0,33\" id=\"hx\"/>") != NULL,
	      "a pointy hex: 44 from corner to corner, upright");
	strbuf_free(&out);

	/* a stack of one is a counter, with no badge; of five, two edges */
	const struct hexsvg_piece p[5] = {
		{ "#ffffff", NATO_INFANTRY, "A", "1-1-1", NULL, 0, NULL, NULL },
		{ "#111111", 0, "B", "", NULL, 0, NULL, NULL },
		{ "#222222", 0, "C", "", NULL, 0, NULL, NULL },
		{ "#333333", 0, "D", "", NULL, 0, NULL, NULL },
		{ "#444444", 0, "E", "", NULL, 0, NULL, NULL } };
	svg_begin(&s, 100, 100, "stack");
	hexsvg_stack(&s, 50, 50, p, 1);
	svg_finish(&s, &out);
	CHECK(strstr(out.buf, ">A<") && !strstr(out.buf, "<circle"),
	      "a stack of one: the counter, no badge");
	strbuf_free(&out);
	svg_begin(&s, 100, 100, "stack");
	hexsvg_stack(&s, 50, 50, p, 5);
	svg_finish(&s, &out);
	CHECK(strstr(out.buf, "fill=\"#111111\"") &&
	      strstr(out.buf, "fill=\"#222222\"") &&
	      !strstr(out.buf, "fill=\"#333333\"") && strstr(out.buf, ">5<") &&
	      !strstr(out.buf, ">B<"),
	      "a stack of five: two edges behind the top, the badge 5");
	strbuf_free(&out);
}

int main(void)
{
	berlin();
	small();
	return unit_done("test_hexsvg");
}
