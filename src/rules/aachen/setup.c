/*
 * setup.c - Aachen: the start state from the scenario's data (17.0 set-up,
 * 11.1 reinforcements, the map and tables), declared as a table that
 * statedecl.h loads; its parts a test position may replace (a small map,
 * its own order of battle) are the same loaders, in state.c's declaration.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/statedecl.h"
#include "aachen.h"

/* The map; a test map has no supply rule and no support fire unless the
 * position gives them, and its Wurm is the hexside named wurm. */
int aa_load_map(void *vst, const struct doc *d, const struct doc_node *n,
		struct error *err)
{
	struct aachen *st = vst;
	int k;

	if (hex_map_load(&st->map, d, n, err) < 0)
		return -1;
	st->supply_range = 0;
	memset(st->oos, 0, sizeof st->oos);
	memset(st->supply_src, 0, sizeof st->supply_src);
	memset(st->support_n, 0, sizeof st->support_n);
	memset(st->support_left, 0, sizeof st->support_left);
	st->support_val = 0;
	st->wurm = 0;
	for (k = 1; k < st->map.n_names; k++)
		if (!strcmp(st->map.names[k], "wurm"))
			st->wurm = k;
	return 0;
}

/* 7.6: the results this reconstruction applies: one effect a side,
 * eliminated, retreat N, exchange or step N (a step is the unit: its
 * counters are one-sided), and no advance N (7.9: one hex). */
int aa_load_crt(void *vst, const struct doc *d, const struct doc_node *n,
		struct error *err)
{
	struct aachen *st = vst;
	int i, side;

	if (crt_load(&st->crt, d, n, err) < 0)
		return -1;
	for (i = 0; i < st->crt.n_results; i++) {
		const struct crt_result *r = &st->crt.result[i];

		for (side = 0; side < 2; side++) {
			int k = r->n_fx[side] ? r->fx[side][0].kind : FX_NONE;

			if (r->n_fx[side] > 1 || r->advance[side] ||
			    (k != FX_NONE && k != FX_ELIMINATED &&
			     k != FX_RETREAT && k != FX_EXCHANGE &&
			     k != FX_STEP))
				return doc_bad(d, n, err, "crt: result %s: "
					      "Aachen's 7.6 gives one effect "
					      "a side, eliminated, retreat N, "
					      "exchange or step N", r->code);
		}
	}
	return 0;
}

/* "0102-0109,2105,2205", or the name of one of the map's regions; -1
 * for bad hexes or more than max */
static int hex_list(const struct aachen *st, const char *s, int16_t *out,
		    int max)
{
	int r = hex_region(&st->map, s), n;

	if (r < 0)
		return hex_ranges(&st->map, s, out, max);
	n = hex_region_hexes(&st->map, r, out, max);
	return n > max ? -1 : n;
}

/* A unit off the map, to be set up or to enter in one of the hexes of
 * list (u->entry); 0, or -1 with msg. */
static int waiting_at(struct aachen *st, struct hunit *u, const char *list,
		      char *msg, size_t size)
{
	int n = hex_list(st, list, u->entry, HEX_ENTRY_MAX);

	if (n < 1)
		return snprintf(msg, size, "bad hexes %s", list), -1;
	u->n_entry = (uint8_t)n;
	u->where = U_WAITING;
	return 0;
}

/*
 * One unit a line: ID SIDE A-D-M PLACE [tags] [; name], where PLACE is
 * "at HEX", "setup LIST" (the owner chooses at set-up), "turn N enter
 * LIST" (11.1) or "event enter LIST" (15.0); tags: mech engineer 30th 2ad,
 * "reduced A-D-M".
 */
static int unit_line(struct aachen *st, char *line, char *msg, size_t size)
{
	static const char *const tags[] = { "mech", "engineer", "30th", "2ad" };
	struct hunit *u;
	const char *list;
	char *w[16];
	int k, i, t;

	u = st->n_units < HEX_UNITS_MAX ? &st->u[st->n_units] : NULL;
	i = unit_line_head(&st->map, line, w, 16, &k, u, aa_side_names,
			   SIDES, &list, msg, size);
	if (i <= 0)
		return i;
	if (aa_unit_find(st, u->id) >= 0)
		return snprintf(msg, size, "unit %s twice", w[0]), -1;
	if (!u->name[0])
		snprintf(u->name, sizeof u->name, "%s", w[2]);
	if (i == 3 && !list)
		return snprintf(msg, size, "place is at HEX, setup LIST, "
				"turn N enter LIST or event enter LIST"), -1;
	if (list && waiting_at(st, u, list, msg, size))
		return -1;
	for (; i < k; i++) {
		for (t = 0; t < 4 && strcmp(w[i], tags[t]); t++)
			;
		if (t < 4)
			u->tags |= (uint8_t)(1 << t);
		else if (!strcmp(w[i], "reduced") && i + 1 < k &&
			 unit_values_parse(w[i + 1], &u->ratt, &u->rdef,
					   &u->rmov) == 0)
			u->has_reduced = 1, i++;
		else
			return snprintf(msg, size, "unknown word %s", w[i]),
			       -1;
	}
	st->n_units++;
	return 0;
}

/* The order of battle, one unit a line (unit_line). */
int aa_load_oob(void *vst, const struct doc *d, const struct doc_node *n,
		struct error *err)
{
	struct aachen *st = vst;
	const char *p;
	char line[512], msg[128];
	int lineno = 0, i, got;

	if (n->kind != DOC_SCALAR)
		return doc_bad(d, n, err, "units: one unit a line (a text "
			      "block)");
	st->n_units = 0;
	p = n->str;
	while ((got = hex_next_line(&p, line, sizeof line)) != 0) {
		lineno++;
		if (got < 0)
			return doc_bad(d, n, err, "units, line %d: too long",
				      lineno);
		if ((line[strspn(line, " \t")]) == '#')
			continue;
		if (unit_line(st, line, msg, sizeof msg) < 0)
			return doc_bad(d, n, err, "units, line %d: %s", lineno,
				      msg);
	}
	/* 17.0: "set-up hexes have no other effect on play": the whole
	 * map is German at the start, and a US unit set up in a hex has not
	 * captured it (15.0, 16.0; see capture() in turn.c) */
	for (i = 0; i < HEX_MAX; i++)
		st->ctrl[i] = GERMAN;
	aa_reindex(st);
	return 0;
}

/* An optional word of data.supply, one of two: *out 1 for `on`, 0 for
 * `off` or none. */
static int supply_choice(const struct doc *d, const struct doc_node *n,
			 const char *key, const char *on, const char *off,
			 int *out, struct error *err)
{
	const char *s;

	*out = 0;
	if (!doc_get(n, key))
		return 0;
	if (doc_need_str(d, n, key, &s, err) < 0)
		return -1;
	if (strcmp(s, on) && strcmp(s, off))
		return doc_bad(d, doc_get(n, key), err, "supply: %s: %s or %s",
			       key, on, off);
	*out = !strcmp(s, on);
	return 0;
}

/* Supply (provisional): {range: N or any, allied: HEXES, german: HEXES,
 * attack: PERCENT, mechanised: yes|no}. Absent: no supply rule. */
int aa_load_supply(void *vst, const struct doc *d, const struct doc_node *n,
		   struct error *err)
{
	static const char *const keys[] = { "range", "allied", "german",
		"attack", "mechanised", "city-entry", "city-hold",
		"cut-off-turns", "city-supply", NULL };
	struct aachen *st = vst;
	const struct doc_node *cv;
	int16_t out[HEX_MAX];
	const char *s;
	long long v;
	int i, k, side;

	if (n->kind != DOC_MAP)
		return doc_bad(d, n, err, "supply: a mapping");
	memset(st->supply_src, 0, sizeof st->supply_src);
	if (doc_only_keys(d, n, keys, err) < 0 ||
	    doc_need_str(d, n, "range", &s, err) < 0)
		return -1;
	/* "any": a line of any length (the usual folio rule) */
	if (!strcmp(s, "any"))
		v = SUPPLY_ANY;
	else if (doc_need_int(d, n, "range", 1, 99, &v, err) < 0)
		return error_prefix(err, "or 'any'");
	st->supply_range = (int)v;
	if (doc_need_int(d, n, "attack", 0, 100, &v, err) < 0)
		return -1;
	st->oos_att_pct = (int)v;
	if (doc_need_str(d, n, "mechanised", &s, err) < 0)
		return -1;
	if (strcmp(s, "yes") && strcmp(s, "no"))
		return doc_bad(d, doc_get(n, "mechanised"), err, "supply: "
			      "mechanised: yes or no");
	st->oos_mech = !strcmp(s, "yes");
	/* version 5: "cut-off", the city entered only once it is cut off
	 * (turn.c, city_may_enter); version 6: "in-supply", a unit in an
	 * Aachen city hex ignores a retreat only while it is not cut off
	 * (turn.c, holds_fort); version 7: "as-one", the city's garrison
	 * fed or cut off as one (turn.c, city_line); the other word or
	 * absent, as before */
	if (supply_choice(d, n, "city-entry", "cut-off", "open",
			  &st->city_cut, err) < 0 ||
	    supply_choice(d, n, "city-hold", "in-supply", "always",
			  &st->city_fed, err) < 0 ||
	    supply_choice(d, n, "city-supply", "as-one", "by-hex",
			  &st->city_one, err) < 0)
		return -1;
	/* the unit's own count is kept to 2 (the sets cut-off and
	 * cut-off-before), the garrison's as one to 99 (city-cut-off) */
	st->cut_turns = 1;
	if ((cv = doc_get(n, "cut-off-turns")) &&
	    (cv->kind != DOC_SCALAR || strlen(cv->str) != 1 ||
	     cv->str[0] < '1' || cv->str[0] > (st->city_one ? '9' : '2')))
		return doc_bad(d, cv, err, "supply: cut-off-turns: %s (the "
			       "Allied movement phases in a row that begin "
			       "with a city unit out of supply)",
			       st->city_one ? "1 to 9" : "1 or 2, or up to 9 "
			       "with city-supply: as-one");
	if (cv)
		st->cut_turns = cv->str[0] - '0';
	for (side = 0; side < SIDES; side++) {
		if (doc_need_str(d, n, aa_side_names[side], &s, err) < 0)
			return -1;
		if ((k = hex_list(st, s, out, HEX_MAX)) < 0)
			return doc_bad(d, doc_get(n, aa_side_names[side]), err,
				      "supply: %s: hexes (\"0101-0134,"
				      "0134-3034\") or a region of the map",
				      aa_side_names[side]);
		for (i = 0; i < k; i++)
			st->supply_src[out[i]] |= (uint8_t)(1 << side);
	}
	return 0;
}

/* Support fire (provisional): {allied: N, german: N, value: V}, markers
 * a turn and what each adds. Absent: none. */
int aa_load_support(void *vst, const struct doc *d, const struct doc_node *n,
		    struct error *err)
{
	static const char *const keys[] = { "allied", "german", "value",
		NULL };
	struct aachen *st = vst;
	long long v;
	int i;

	if (n->kind != DOC_MAP)
		return doc_bad(d, n, err, "support: a mapping");
	if (doc_only_keys(d, n, keys, err) < 0)
		return -1;
	for (i = 0; i < SIDES; i++) {
		if (doc_need_int(d, n, aa_side_names[i], 0, 9, &v, err) < 0)
			return -1;
		st->support_n[i] = (int)v;
		st->support_left[i] = (int)v;
	}
	if (doc_need_int(d, n, "value", 0, 99, &v, err) < 0)
		return -1;
	st->support_val = (int)v;
	return 0;
}

static int vhexes(struct aachen *st, const struct doc *d,
		  const struct doc_node *n, const char *key, int16_t *out,
		  int *count, struct error *err)
{
	*count = n->kind == DOC_SCALAR ? hex_list(st, n->str, out, VHEX_MAX)
				       : -1;
	if (*count < 1)
		return doc_bad(d, n, err, "%s: hexes CCRR, comma-separated",
			      key);
	return 0;
}

/* 16.0: the Aachen city hexes, and the east-edge road hexes */
int aa_load_city(void *vst, const struct doc *d, const struct doc_node *n,
		 struct error *err)
{
	struct aachen *st = vst;

	return vhexes(st, d, n, "aachen-city", st->city, &st->n_city, err);
}

int aa_load_roads(void *vst, const struct doc *d, const struct doc_node *n,
		  struct error *err)
{
	struct aachen *st = vst;

	return vhexes(st, d, n, "east-roads", st->road, &st->n_road, err);
}

/* the hexside names of the map, the first (0: none) left out */
static const char *river(const void *vst, int i)
{
	const struct aachen *st = vst;

	return i + 1 < st->map.n_names ? st->map.names[i + 1] : NULL;
}

#define INT(k, m, l, h) .key = k, .type = SD_INT, \
	SD_MEMBER(struct aachen, m), .lo = l, .hi = h
#define LOADER(k, f) .key = k, .type = SD_CUSTOM, .load = f

/* The scenario's data, in the order it is read: the map first. */
static const struct sd_field data_fields[] = {
	{ LOADER("map", aa_load_map) },
	{ LOADER("crt", aa_load_crt) },
	{ LOADER("units", aa_load_oob) },
	{ LOADER("aachen-city", aa_load_city) },
	{ LOADER("east-roads", aa_load_roads) },
	{ LOADER("supply", aa_load_supply) },      /* optional */
	{ LOADER("support", aa_load_support) },    /* optional */
	{ INT("turns", turns, 1, 99) },                       /* 17.0 */
	{ INT("roads-needed", roads_needed, 0, VHEX_MAX) },   /* 16.0 */
	{ .key = "wurm", .type = SD_NAME, SD_MEMBER(struct aachen, wurm),
	  .lo = 1, .name_of = river },
	{ INT("ad2-within", ad2_within, 0, 9) },              /* 15.0 */
	{ INT("ad2-contiguous", ad2_need, 1, 9) },            /* 15.0 */
	{ INT("mech-movement", mech_pct, 0, 100) },           /* 8.0 */
	{ .key = NULL }
};

static const struct state_decl data_decl = {
	"aachen", NULL, sizeof(struct aachen), data_fields, NULL, 0
};

int aa_setup(void *vst, const struct doc *scn, const struct doc_node *data,
	     const struct doc_node *options, struct error *err)
{
	struct aachen *st = vst;
	const struct sd_field *f;
	char w[256];

	(void)options;
	memset(st, 0, sizeof *st);
	if (!data || data->kind != DOC_MAP)
		return doc_bad(scn, data, err, "data must be a mapping");
	for (f = data_fields; f->key; f++)
		if (!doc_get(data, f->key) && f->load != aa_load_supply &&
		    f->load != aa_load_support)
			return errorf(err, EXIT_REFUSED, "%s: field '%s' is "
				      "missing", doc_where(scn, data, w,
				      sizeof w), f->key);
	if (sd_load(&data_decl, st, scn, data, err) < 0)
		return -1;
	st->turn = 1;
	st->phase = PH_SETUP;
	st->eb_hex = -1;
	st->eb_dir = -1;
	st->ebu_hex = -1;
	st->ebu_dir = -1;
	return 0;
}
