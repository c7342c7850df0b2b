/*
 * hexload.c - the `map` of a hex scenario: grid, terrain effects table,
 * one line per hex, one line per hexside (see umpire-scenario(5)).
 */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "hex.h"

static int bad(const struct doc *d, const struct doc_node *n,
	       struct error *err, const char *what)
{
	char w[256];

	return errorf(err, EXIT_REFUSED, "%s: map: %s",
		      doc_where(d, n, w, sizeof w), what);
}

/* The same for "WHAT: at most LIMIT UNITS". */
static int bad_limit(const struct doc *d, const struct doc_node *n,
		     struct error *err, const char *what, int limit,
		     const char *units)
{
	char w[128];

	snprintf(w, sizeof w, "%s: at most %d%s", what, limit, units);
	return bad(d, n, err, w);
}

static int yesno(const char *s)
{
	return !strcmp(s, "yes") || !strcmp(s, "true");
}

/* The rows of a terrain effects table; each has its own keys. */
enum row { ROW_TERRAIN, ROW_SIDE, ROW_FORT, ROW_FEATURE };

static const char *const row_keys[][10] = {
	[ROW_TERRAIN] = { "cost", "shift", "defence", "attack", "zoc",
		"colour", "ignore-retreat", "crt", NULL },
	[ROW_SIDE] = { "cost", "shift", "defence", "attack", "zoc", "colour",
		"ignore-retreat", NULL },
	[ROW_FORT] = { "cost", "shift", "defence", "attack", "zoc",
		"colour", "ignore-retreat", "crt", NULL },
	[ROW_FEATURE] = { "defence", "zoc", "crt", "ignore-retreat",
		"colour", NULL },
};

/* The number of allegiance `name` in the map, added if new; -1 when the
 * name is too long or the map has HEX_ALLEGIANCES_MAX already. */
static int allegiance_add(struct hex_map *m, const char *name)
{
	int a = hex_allegiance(m, name);

	if (a >= 0)
		return a;
	if (!*name || strlen(name) >= sizeof m->allegiance[0] ||
	    m->n_allegiances >= HEX_ALLEGIANCES_MAX)
		return -1;
	snprintf(m->allegiance[m->n_allegiances],
		 sizeof m->allegiance[0], "%s", name);
	return m->n_allegiances++;
}

/* "yes", "true" -> 1, "no", "false" -> 0, else -1 */
static int yes_or_no(const struct doc_node *v)
{
	if (v->kind != DOC_SCALAR)
		return -1;
	if (!strcmp(v->str, "yes") || !strcmp(v->str, "true"))
		return 1;
	if (!strcmp(v->str, "no") || !strcmp(v->str, "false"))
		return 0;
	return -1;
}

/* A crt name: 1 to HEX_CRT_NAME - 1 characters. */
static int crt_name(const struct doc_node *v, char out[HEX_CRT_NAME])
{
	if (v->kind != DOC_SCALAR || !*v->str ||
	    strlen(v->str) >= HEX_CRT_NAME)
		return -1;
	snprintf(out, HEX_CRT_NAME, "%s", v->str);
	return 0;
}

/* Where a row is: "terrain clear", "features sbahn", "fortification". */
static const char *row_where(enum row row, const struct hex_effect *e,
			     char *buf, size_t size)
{
	static const char *const table[] = { [ROW_TERRAIN] = "terrain ",
		[ROW_SIDE] = "hexsides ", [ROW_FORT] = "",
		[ROW_FEATURE] = "features " };

	snprintf(buf, size, "%s%s", table[row], e->name);
	return buf;
}

/* The error of a row's key: "ROW NAME: KEY: WHAT". */
static int bad_key(const struct doc *d, const struct doc_node *n,
		   struct error *err, enum row row,
		   const struct hex_effect *e, const char *key,
		   const char *what)
{
	char w[200], r[40];

	snprintf(w, sizeof w, "%s: %s: %s", row_where(row, e, r, sizeof r), key,
		 what);
	return bad(d, n, err, w);
}

/* A key given by allegiance, {german: 200, soviet: 100}: each value into
 * e->of[] through one(); the key names the field in errors. */
static int by_allegiance(struct hex_map *m, struct hex_effect *e,
			 enum row row, const char *key, unsigned bit, const char *what,
			 const struct doc *d, const struct doc_node *v,
			 struct error *err)
{
	char msg[120];
	long long x;
	size_t i;
	int a, yn;

	for (i = 0; i < v->n; i++) {
		const struct doc_node *val = v->items[i];

		a = allegiance_add(m, v->keys[i]->str);
		if (a < 0) {
			snprintf(msg, sizeof msg, "an allegiance of 1 to %d "
				 "characters, at most %d in the map",
				 (int)sizeof m->allegiance[0] - 1,
				 HEX_ALLEGIANCES_MAX);
			return bad_key(d, v->keys[i], err, row, e, key, msg);
		}
		if (bit == HEX_OF_DEFENCE) {
			char r[40];

			snprintf(msg, sizeof msg, "map: %s: %s: %s (percent)",
				 row_where(row, e, r, sizeof r), key,
				 v->keys[i]->str);
			if (doc_int_of(d, val, msg, 0, 1000, &x, err) < 0)
				return -1;
			e->of[a].defence = (int16_t)x;
		} else if (bit == HEX_OF_ZOC || bit == HEX_OF_RETREAT) {
			if ((yn = yes_or_no(val)) < 0)
				return bad_key(d, val, err, row, e, key, what);
			if (bit == HEX_OF_ZOC)
				e->of[a].zoc = (uint8_t)yn;
			else
				e->of[a].ignore_retreat = (uint8_t)yn;
		} else if (crt_name(val, e->of[a].crt) < 0) {
			return bad_key(d, val, err, row, e, key, what);
		}
		e->of[a].given |= (uint8_t)bit;
	}
	return 0;
}

/* One row of a terrain effects table: {cost, shift, defence, attack,
 * zoc, colour, ignore-retreat, crt}, the keys of its kind of row, every
 * one optional; a hex row (not a hexside's) may give defence, zoc,
 * ignore-retreat and crt by allegiance. */
static int effect_load(struct hex_map *m, struct hex_effect *e,
		       const char *name, enum row row, const struct doc *d,
		       const struct doc_node *n, struct error *err)
{
	static const struct {
		const char *key;
		unsigned bit;
		const char *what;
	} per[] = {
		{ "defence", HEX_OF_DEFENCE, "a percent (0 to 1000)" },
		{ "zoc", HEX_OF_ZOC, "yes or no" },
		{ "ignore-retreat", HEX_OF_RETREAT, "yes or no" },
		{ "crt", 0, "the name of a combat results table (1 to 15 "
		  "characters, any: none)" },
	};
	const struct doc_node *v;
	long long x;
	size_t i;

	memset(e, 0, sizeof *e);
	snprintf(e->name, sizeof e->name, "%s", name);
	e->defence_pct = 100;
	snprintf(e->colour, sizeof e->colour, "#ffffff");
	if (n->kind != DOC_MAP)
		return bad(d, n, err, "a terrain effect is a mapping");
	if (doc_only_keys(d, n, row_keys[row], err) < 0)
		return -1;
	for (i = 0; i < sizeof per / sizeof per[0]; i++) {
		v = doc_get(n, per[i].key);
		if (!v || v->kind != DOC_MAP)
			continue;
		if (row == ROW_SIDE)
			return bad_key(d, v, err, row, e, per[i].key, "by "
				       "allegiance only in a hex row "
				       "(terrain, fortification, features)");
		if (by_allegiance(m, e, row, per[i].key, per[i].bit,
				  per[i].what, d, v, err) < 0)
			return -1;
	}
	if ((v = doc_get(n, "cost")) &&
	    (v->kind != DOC_SCALAR || hex_cost_parse(v->str, &e->cost) < 0))
		return bad(d, v, err, "cost is a number of MPs, 1/2, all or "
			   "no");
	if ((v = doc_get(n, "shift"))) {
		if (doc_int_of(d, v, "shift", -9, 9, &x, err) < 0)
			return -1;
		e->shift = (int)x;
	}
	if ((v = doc_get(n, "defence")) && v->kind != DOC_MAP) {
		if (doc_int_of(d, v, "defence (percent)", 0, 1000, &x,
			       err) < 0)
			return -1;
		e->defence_pct = (int)x;
	}
	if ((v = doc_get(n, "attack")))
		e->no_attack = v->kind == DOC_SCALAR && !strcmp(v->str, "no");
	if ((v = doc_get(n, "zoc")))
		e->blocks_zoc = v->kind == DOC_SCALAR && !strcmp(v->str, "no");
	if ((v = doc_get(n, "ignore-retreat")))
		e->ignore_retreat = v->kind == DOC_SCALAR && yesno(v->str);
	if ((v = doc_get(n, "crt")) && v->kind != DOC_MAP &&
	    crt_name(v, e->crt) < 0)
		return bad_key(d, v, err, row, e, "crt", per[3].what);
	if ((v = doc_get(n, "colour")) && v->kind == DOC_SCALAR)
		snprintf(e->colour, sizeof e->colour, "%s", v->str);
	return 0;
}

/* `features`: name -> a hex row, at most HEX_FEATURES_MAX, none named
 * "fort" (the fortification row's word; doc_parse refuses a key given
 * twice). */
static int features_load(struct hex_map *m, const struct doc *d,
			 const struct doc_node *t, struct error *err)
{
	size_t i;

	if (t->kind != DOC_MAP)
		return bad(d, t, err, "features: a mapping, name -> effects");
	if (t->n > HEX_FEATURES_MAX)
		return bad_limit(d, t, err, "features", HEX_FEATURES_MAX,
				 " names");
	for (i = 0; i < t->n; i++) {
		const char *name = t->keys[i]->str;

		if (!*name || strlen(name) >= sizeof m->feature[0].name ||
		    !strcmp(name, "fort"))
			return bad(d, t->keys[i], err, "features: a name of "
				   "1 to 15 characters, not fort");
		if (effect_load(m, &m->feature[m->n_features], name,
				ROW_FEATURE, d, t->items[i], err) < 0)
			return -1;
		m->n_features++;
	}
	return 0;
}

static int find_terrain(const struct hex_map *m, const char *s)
{
	int i;

	for (i = 0; i < m->n_terrain; i++)
		if (!strcmp(m->terrain[i].name, s))
			return i;
	return -1;
}

static int find_name(struct hex_map *m, const char *s)
{
	int i;

	for (i = 1; i < m->n_names; i++)
		if (!strcmp(m->names[i], s))
			return i;
	if (m->n_names >= HEX_NAMES_MAX)
		return -1;
	snprintf(m->names[m->n_names], sizeof m->names[0], "%s", s);
	return m->n_names++;
}

/* Split a line into words (in place); returns the count. */
static int words(char *line, char **w, int max)
{
	int n = hex_split(line, w, max);

	for (int i = 0; i < n; i++)
		if (*w[i] == '#')
			return i;
	return n;
}

/* "CCRR terrain [fort] [feature...]", one a line */
static int hexes_load(struct hex_map *m, const struct doc *d,
		      const struct doc_node *n, struct error *err)
{
	enum { WORDS = 2 + 1 + HEX_FEATURES_MAX };
	const char *p = n->str;
	char line[256], *w[WORDS + 1], msg[160];
	int k, h, t, i, lineno = 0, rc = 0, got;
	unsigned f;

	while (!rc && (got = hex_next_line(&p, line, sizeof line)) != 0) {
		lineno++;
		if (got < 0)
			return bad(d, n, err, "hexes: a line is too long");
		k = words(line, w, WORDS + 1);
		if (k == 0)
			continue;
		h = hex_parse(m, w[0]);
		t = k > 1 ? find_terrain(m, w[1]) : -1;
		if (h < 0 || t < 0 || k > WORDS) {
			snprintf(msg, sizeof msg, "hexes, line %d: \"CCRR "
				 "TERRAIN [fort] [FEATURE...]\" with a hex on "
				 "the map, a terrain of the table and each "
				 "feature once", lineno);
			rc = bad(d, n, err, msg);
			break;
		}
		m->terr[h] = (uint8_t)t;
		for (i = 2; i < k; i++) {
			f = !strcmp(w[i], "fort") ? HF_FORT :
				hex_feature(m, w[i]);
			if (!f || (m->feat[h] & f)) {
				snprintf(msg, sizeof msg, "hexes, line %d: "
					 "%s feature \"%s\" (fort or a name "
					 "of features, each once)", lineno,
					 f ? "a repeated" : "unknown", w[i]);
				rc = bad(d, n, err, msg);
				break;
			}
			m->feat[h] |= (uint16_t)f;
		}
	}
	return rc;
}

/* "CCRR CCRR kind [kind...] [name]", one a line */
static int sides_load(struct hex_map *m, const struct doc *d,
		      const struct doc_node *n, struct error *err)
{
	const char *p = n->str;
	char line[256], *w[10], msg[160];
	int k, a, b, dir, i, j, lineno = 0, rc = 0, nm, got;

	while (!rc && (got = hex_next_line(&p, line, sizeof line)) != 0) {
		lineno++;
		if (got < 0)
			return bad(d, n, err, "sides: a line is too long");
		k = words(line, w, 10);
		if (k == 0)
			continue;
		a = k > 2 ? hex_parse(m, w[0]) : HEX_NONE;
		b = k > 2 ? hex_parse(m, w[1]) : HEX_NONE;
		dir = a >= 0 && b >= 0 ? hex_dir(m, a, b) : -1;
		if (dir < 0) {
			snprintf(msg, sizeof msg, "hexsides, line %d: \"CCRR "
				 "CCRR KIND...\" with two adjacent hexes",
				 lineno);
			rc = bad(d, n, err, msg);
			break;
		}
		for (i = 2; i < k; i++) {
			for (j = 0; j < HS_KINDS; j++)
				if (!strcmp(w[i], hexside_kind_names[j]))
					break;
			if (j == HS_LAKE && !m->has_lake) {
				snprintf(msg, sizeof msg, "hexsides, line %d: "
					 "a lake needs its effects in "
					 "hexsides: lake", lineno);
				rc = bad(d, n, err, msg);
				break;
			}
			if (j < HS_KINDS) {
				hex_side_set(m, a, dir, j, 1);
				continue;
			}
			nm = find_name(m, w[i]);
			if (nm < 0) {
				snprintf(msg, sizeof msg, "hexsides, line %d: "
					 "too many names", lineno);
				rc = bad(d, n, err, msg);
				break;
			}
			m->hs_name[a][dir] = (uint8_t)nm;
			m->hs_name[b][(dir + 3) % 6] = (uint8_t)nm;
		}
	}
	return rc;
}

/* `regions`: name -> hex list ("0101-0110,0305"), at most
 * HEX_REGIONS_MAX names, each at most 23 characters and given once. */
static int regions_load(struct hex_map *m, const struct doc *d,
			const struct doc_node *t, struct error *err)
{
	int16_t *hexes = xmalloc(HEX_MAX * sizeof *hexes);
	int rc = 0;
	size_t i;

	if (t->kind != DOC_MAP)
		rc = bad(d, t, err, "regions: a mapping, name -> hexes "
			 "(\"0101-0110,0305\")");
	else if (t->n > HEX_REGIONS_MAX)
		rc = bad_limit(d, t, err, "regions", HEX_REGIONS_MAX,
			       " names");
	for (i = 0; rc == 0 && i < t->n; i++) {
		const char *name = t->keys[i]->str;
		int k, r = m->n_regions;

		if (!*name || strlen(name) >= sizeof m->region_name[0])
			rc = bad(d, t->keys[i], err, "regions: a name of 1 "
				 "to 23 characters");
		else if (hex_region(m, name) >= 0)
			rc = bad(d, t->keys[i], err, "regions: a name given "
				 "twice");
		else if (t->items[i]->kind != DOC_SCALAR ||
			 (k = hex_ranges(m, t->items[i]->str, hexes,
					 HEX_MAX)) < 0)
			rc = bad(d, t->items[i], err, "regions: hexes of the "
				 "map, as \"0101-0110,0305\" (ranges along "
				 "one column or one row)");
		else {
			snprintf(m->region_name[r], sizeof m->region_name[r],
				 "%s", name);
			m->n_regions++;
			while (k-- > 0)
				m->region[hexes[k]] |= 1u << r;
		}
	}
	free(hexes);
	return rc;
}

int hex_map_load(struct hex_map *m, const struct doc *d,
		 const struct doc_node *map, struct error *err)
{
	static const char *const keys[] = { "provenance", "orientation",
		"shifted", "columns", "rows", "default", "terrain",
		"hexsides", "fortification", "zoc", "hexes", "sides",
		"places", "regions", "features", NULL };
	static const char *const zoc_keys[] = { "to-zoc", "leave", NULL };
	const struct doc_node *n, *t;
	const char *s;
	long long v;
	size_t i;
	int h, k, def;

	memset(m, 0, sizeof *m);
	if (!map || map->kind != DOC_MAP)
		return bad(d, map, err, "must be a mapping");
	if (doc_only_keys(d, map, keys, err) < 0)
		return -1;
	if (doc_need_str(d, map, "provenance", &s, err) < 0)
		return -1;
	m->provisional = strcmp(s, "complete") != 0;
	if (doc_need_str(d, map, "orientation", &s, err) < 0)
		return -1;
	if (strcmp(s, "flat") && strcmp(s, "pointy"))
		return bad(d, doc_get(map, "orientation"), err,
			   "orientation is flat or pointy");
	m->pointy = !strcmp(s, "pointy");
	if (doc_need_str(d, map, "shifted", &s, err) < 0)
		return -1;
	if (strcmp(s, "even") && strcmp(s, "odd"))
		return bad(d, doc_get(map, "shifted"), err,
			   "shifted is even or odd");
	m->shifted_even = !strcmp(s, "even");
	if (doc_need_int(d, map, "columns", 1, HEX_MAX_COLS, &v, err) < 0)
		return -1;
	m->cols = (int)v;
	if (doc_need_int(d, map, "rows", 1, HEX_MAX_ROWS, &v, err) < 0)
		return -1;
	m->rows = (int)v;
	hex_map_neighbours(m);
	if (doc_need(d, map, "terrain", DOC_MAP, &t, err) < 0)
		return -1;
	if (t->n > HEX_TERRAIN_MAX)
		return bad(d, t, err, "too many terrain types");
	for (i = 0; i < t->n; i++)
		if (effect_load(m, &m->terrain[m->n_terrain++],
				t->keys[i]->str, ROW_TERRAIN, d, t->items[i],
				err) < 0)
			return -1;
	if (doc_need(d, map, "hexsides", DOC_MAP, &t, err) < 0 ||
	    doc_only_keys(d, t, hexside_kind_names, err) < 0)
		return -1;
	for (k = 0; k < HS_KINDS; k++) {
		n = doc_get(t, hexside_kind_names[k]);
		if (!n && k == HS_LAKE)
			continue;       /* a map with no lake */
		if (!n)
			return bad(d, t, err, "hexsides: every kind (river, "
				   "stream, bridge, demolished, road, "
				   "railway, boundary; lake if the map has "
				   "one) needs its effects");
		if (k == HS_LAKE)
			m->has_lake = 1;
		if (effect_load(m, &m->side[k], hexside_kind_names[k],
				ROW_SIDE, d, n, err) < 0)
			return -1;
	}
	if (doc_need(d, map, "fortification", DOC_MAP, &n, err) < 0 ||
	    effect_load(m, &m->fort, "fortification", ROW_FORT, d, n,
			err) < 0)
		return -1;
	t = doc_get(n, "ignore-retreat");
	m->fort_ignores_retreat = t && t->kind == DOC_SCALAR &&
		yesno(t->str);
	if (doc_need(d, map, "zoc", DOC_MAP, &n, err) < 0 ||
	    doc_only_keys(d, n, zoc_keys, err) < 0)
		return -1;
	t = doc_get(n, "to-zoc");
	m->zoc_to_zoc = t && t->kind == DOC_SCALAR && yesno(t->str);
	if ((t = doc_get(n, "leave")) &&
	    (t->kind != DOC_SCALAR ||
	     hex_cost_parse(t->str, &m->zoc_leave_cost) < 0))
		return bad(d, t, err, "zoc: leave is a cost in MPs");
	if (doc_need_str(d, map, "default", &s, err) < 0)
		return -1;
	def = find_terrain(m, s);
	if (def < 0)
		return bad(d, doc_get(map, "default"), err,
			   "default is a terrain of the table");
	for (h = 0; h < HEX_MAX; h++)
		m->terr[h] = hex_col(h) <= m->cols && hex_row(h) <= m->rows ?
			(uint8_t)def : 255;
	m->n_names = 1;
	if ((t = doc_get(map, "features")) && features_load(m, d, t, err) < 0)
		return -1;
	if (doc_need(d, map, "hexes", DOC_SCALAR, &n, err) < 0 ||
	    hexes_load(m, d, n, err) < 0)
		return -1;
	if (doc_need(d, map, "sides", DOC_SCALAR, &n, err) < 0 ||
	    sides_load(m, d, n, err) < 0)
		return -1;
	if ((t = doc_get(map, "places"))) {
		if (t->kind != DOC_MAP || t->n > HEX_PLACES_MAX)
			return bad_limit(d, t, err, "places (hex -> name)",
					 HEX_PLACES_MAX, "");
		for (i = 0; i < t->n; i++) {
			h = hex_parse(m, t->keys[i]->str);
			if (h < 0 || t->items[i]->kind != DOC_SCALAR)
				return bad(d, t->items[i], err, "places: "
					   "CCRR: name");
			m->place[m->n_places].hex = (int16_t)h;
			snprintf(m->place[m->n_places].name,
				 sizeof m->place[0].name, "%s",
				 t->items[i]->str);
			m->n_places++;
		}
	}
	if ((t = doc_get(map, "regions")) && regions_load(m, d, t, err) < 0)
		return -1;
	return 0;
}
