/*
 * state.c - Aachen: the start state from the scenario (17.0 set-up, 11.1
 * reinforcements, the map and tables), and the state as a document (save)
 * and back (load, for test positions; a position may also replace the map,
 * the order of battle and the table, for the engine's cases on small maps).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "aachen.h"

const char *const aa_side_names[SIDES] = { "allied", "german" };
const char *const aa_phase_names[PHASES] = { "setup", "allied-movement",
	"allied-combat", "allied-mechanised", "german-movement",
	"german-combat", "german-mechanised", "over" };
const char *const aa_result_names[RESULTS] = { "none", "allied", "draw",
	"german" };

static int bad(const struct doc *d, const struct doc_node *n,
	       struct error *err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int bad(const struct doc *d, const struct doc_node *n,
	       struct error *err, const char *fmt, ...)
{
	char w[256], msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return errorf(err, EXIT_REFUSED, "%s: %s",
		      doc_where(d, n, w, sizeof w), msg);
}

int aa_unit_find(const struct aachen *st, const char *id)
{
	int i;

	for (i = 0; i < st->n_units; i++)
		if (!strcasecmp(st->u[i].id, id))
			return i;
	return -1;
}

void aa_reindex(struct aachen *st)
{
	int i;

	memset(st->occ, 0xff, sizeof st->occ);         /* -1: no unit */
	for (i = 0; i < st->n_units; i++)
		if (st->u[i].where == U_MAP && st->u[i].hex >= 0)
			st->occ[st->u[i].hex] = (int16_t)i;
}

/* 7.6: the results this reconstruction applies: one effect a side,
 * eliminated, retreat N, exchange or step N (a step is the unit: its
 * counters are one-sided), and no advance N (7.9: one hex). */
static int crt_check(const struct aachen *st, const struct doc *d,
		     const struct doc_node *n, struct error *err)
{
	int i, side;

	for (i = 0; i < st->crt.n_results; i++) {
		const struct crt_result *r = &st->crt.result[i];

		for (side = 0; side < 2; side++) {
			int k = r->n_fx[side] ? r->fx[side][0].kind : FX_NONE;

			if (r->n_fx[side] > 1 || r->advance[side] ||
			    (k != FX_NONE && k != FX_ELIMINATED &&
			     k != FX_RETREAT && k != FX_EXCHANGE &&
			     k != FX_STEP))
				return bad(d, n, err, "crt: result %s: Aachen's "
					   "7.6 gives one effect a side, "
					   "eliminated, retreat N, exchange or "
					   "step N", r->code);
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

/*
 * One unit a line: ID SIDE A-D-M PLACE [tags] [; name], where PLACE is
 * "at HEX", "setup LIST" (the owner chooses at set-up), "turn N enter
 * LIST" (11.1) or "event enter LIST" (15.0); tags: mech engineer 30th 2ad,
 * "reduced A-D-M".
 */
static int unit_line(struct aachen *st, char *line, char *msg, size_t size)
{
	struct hunit *u;
	char *w[16], *name, *p;
	int k = 0, i, s, n;

	name = strchr(line, ';');
	if (name) {
		*name++ = '\0';
		while (*name == ' ')
			name++;
	}
	for (p = strtok(line, " \t"); p && k < 16; p = strtok(NULL, " \t"))
		w[k++] = p;
	if (k == 0)
		return 0;
	if (st->n_units >= HEX_UNITS_MAX)
		return snprintf(msg, size, "too many units"), -1;
	u = &st->u[st->n_units];
	memset(u, 0, sizeof *u);
	u->hex = HEX_NONE;
	if (k < 4 || strlen(w[0]) >= sizeof u->id)
		return snprintf(msg, size, "\"ID SIDE A-D-M PLACE...\""), -1;
	snprintf(u->id, sizeof u->id, "%s", w[0]);
	if (aa_unit_find(st, u->id) >= 0)
		return snprintf(msg, size, "unit %s twice", w[0]), -1;
	for (s = 0; s < SIDES && strcmp(w[1], aa_side_names[s]); s++)
		;
	if (s == SIDES)
		return snprintf(msg, size, "side is allied or german"), -1;
	u->side = (int8_t)s;
	if (unit_values_parse(w[2], &u->att, &u->def, &u->mov) < 0)
		return snprintf(msg, size, "values are A-D-M"), -1;
	snprintf(u->name, sizeof u->name, "%s", name ? name : w[2]);
	i = 3;
	if (!strcmp(w[i], "at") && i + 1 < k) {
		u->hex = (int16_t)hex_parse(&st->map, w[i + 1]);
		if (u->hex < 0)
			return snprintf(msg, size, "no hex %s", w[i + 1]), -1;
		u->where = U_MAP;
		i += 2;
	} else if (!strcmp(w[i], "setup") && i + 1 < k) {
		n = hex_list(st, w[i + 1], u->entry, HEX_ENTRY_MAX);
		if (n < 1)
			return snprintf(msg, size, "bad hexes %s", w[i + 1]),
			       -1;
		u->n_entry = (uint8_t)n;
		u->where = U_WAITING;
		i += 2;
	} else if ((!strcmp(w[i], "turn") || !strcmp(w[i], "event")) &&
		   i + 2 < k) {
		if (!strcmp(w[i], "turn")) {
			u->arrive = (int8_t)atoi(w[i + 1]);
			if (u->arrive < 1)
				return snprintf(msg, size, "bad turn"), -1;
			i += 2;
		} else {
			u->arrive = -1;
			i += 1;
		}
		if (strcmp(w[i], "enter") || i + 1 >= k)
			return snprintf(msg, size, "enter LIST"), -1;
		n = hex_list(st, w[i + 1], u->entry, HEX_ENTRY_MAX);
		if (n < 1)
			return snprintf(msg, size, "bad hexes %s", w[i + 1]),
			       -1;
		u->n_entry = (uint8_t)n;
		u->where = U_WAITING;
		i += 2;
	} else {
		return snprintf(msg, size, "place is at HEX, setup LIST, "
				"turn N enter LIST or event enter LIST"), -1;
	}
	for (; i < k; i++) {
		if (!strcmp(w[i], "mech"))
			u->tags |= T_MECH;
		else if (!strcmp(w[i], "engineer"))
			u->tags |= T_ENGINEER;
		else if (!strcmp(w[i], "30th"))
			u->tags |= T_30TH;
		else if (!strcmp(w[i], "2ad"))
			u->tags |= T_2AD;
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

int aa_oob_load(struct aachen *st, const struct doc *d,
		const struct doc_node *n, struct error *err)
{
	const char *p;
	char line[512], msg[128], what[200];
	int lineno = 0, i, got;

	if (!n || n->kind != DOC_SCALAR)
		return bad(d, n, err, "units: one unit a line (a text "
			   "block)%s", "");
	st->n_units = 0;
	p = n->str;
	while ((got = hex_next_line(&p, line, sizeof line)) != 0) {
		lineno++;
		if (got < 0)
			return bad(d, n, err, "units, line %d: too long",
				   lineno);
		if ((line[strspn(line, " \t")]) == '#')
			continue;
		if (unit_line(st, line, msg, sizeof msg) < 0) {
			snprintf(what, sizeof what, "units, line %d: %s",
				 lineno, msg);
			return bad(d, n, err, "%s", what);
		}
	}
	/* 17.0: "set-up hexes have no other effect on play": the whole
	 * map is German at the start, and a US unit set up in a hex has not
	 * captured it (15.0, 16.0; see capture() in turn.c) */
	for (i = 0; i < HEX_MAX; i++)
		st->ctrl[i] = GERMAN;
	aa_reindex(st);
	return 0;
}

/* Supply (provisional): {range: N, allied: HEXES, german: HEXES,
 * attack: PERCENT, mechanised: yes|no}; support fire: {allied: N,
 * german: N, value: V}. Either may be absent: no supply rule, no
 * support fire. */
static int supply_hexes(struct aachen *st, const struct doc *d,
			const struct doc_node *m, int side, struct error *err)
{
	int16_t out[HEX_MAX];
	const char *s;
	int k, i;

	if (doc_need_str(d, m, aa_side_names[side], &s, err) < 0)
		return -1;
	k = hex_list(st, s, out, HEX_MAX);
	if (k < 0)
		return bad(d, doc_get(m, aa_side_names[side]), err,
			   "supply: %s: hexes (\"0101-0134,0134-3034\") or "
			   "a region of the map", aa_side_names[side]);
	for (i = 0; i < k; i++)
		st->supply_src[out[i]] |= (uint8_t)(1 << side);
	return 0;
}

int aa_rules_data(struct aachen *st, const struct doc *d,
		  const struct doc_node *supply,
		  const struct doc_node *support, struct error *err)
{
	static const char *const skeys[] = { "range", "allied", "german",
		"attack", "mechanised", NULL };
	static const char *const fkeys[] = { "allied", "german", "value",
		NULL };
	const char *s;
	long long v;
	int i;

	if (supply) {
		if (supply->kind != DOC_MAP)
			return bad(d, supply, err, "supply: a mapping%s", "");
		memset(st->supply_src, 0, sizeof st->supply_src);
		if (doc_only_keys(d, supply, skeys, err) < 0)
			return -1;
		/* "any": a line of any length (the usual folio rule) */
		if (doc_need_str(d, supply, "range", &s, err) < 0)
			return -1;
		if (!strcmp(s, "any"))
			v = SUPPLY_ANY;
		else if (doc_need_int(d, supply, "range", 1, 99, &v, err) < 0)
			return error_prefix(err, "or 'any'");
		st->supply_range = (int)v;
		if (doc_need_int(d, supply, "attack", 0, 100, &v, err) < 0)
			return -1;
		st->oos_att_pct = (int)v;
		if (doc_need_str(d, supply, "mechanised", &s, err) < 0)
			return -1;
		if (strcmp(s, "yes") && strcmp(s, "no"))
			return bad(d, doc_get(supply, "mechanised"), err,
				   "supply: mechanised: yes or no%s", "");
		st->oos_mech = !strcmp(s, "yes");
		for (i = 0; i < SIDES; i++)
			if (supply_hexes(st, d, supply, i, err) < 0)
				return -1;
	}
	if (support) {
		if (support->kind != DOC_MAP)
			return bad(d, support, err, "support: a mapping%s",
				   "");
		if (doc_only_keys(d, support, fkeys, err) < 0)
			return -1;
		for (i = 0; i < SIDES; i++) {
			if (doc_need_int(d, support, aa_side_names[i], 0, 9,
					 &v, err) < 0)
				return -1;
			st->support_n[i] = (int)v;
			st->support_left[i] = (int)v;
		}
		if (doc_need_int(d, support, "value", 0, 99, &v, err) < 0)
			return -1;
		st->support_val = (int)v;
	}
	return 0;
}

static int vhexes(struct aachen *st, const struct doc *d,
		  const struct doc_node *data, const char *key, int16_t *out,
		  int *n, struct error *err)
{
	const char *s;

	if (doc_need_str(d, data, key, &s, err) < 0)
		return -1;
	*n = hex_list(st, s, out, VHEX_MAX);
	if (*n < 1)
		return bad(d, doc_get(data, key), err, "%s: hexes CCRR, "
			   "comma-separated", key);
	return 0;
}

int aa_setup(void *vst, const struct doc *scn, const struct doc_node *data,
	     const struct doc_node *options, struct error *err)
{
	static const char *const keys[] = { "turns", "map", "crt", "units",
		"aachen-city", "east-roads", "roads-needed", "wurm",
		"ad2-within", "ad2-contiguous", "mech-movement", "supply",
		"support", NULL };
	struct aachen *st = vst;
	const char *s;
	long long v;
	int i;

	(void)options;
	memset(st, 0, sizeof *st);
	if (!data || data->kind != DOC_MAP)
		return bad(scn, data, err, "data must be a mapping%s", "");
	if (doc_only_keys(scn, data, keys, err) < 0 ||
	    hex_map_load(&st->map, scn, doc_get(data, "map"), err) < 0 ||
	    crt_load(&st->crt, scn, doc_get(data, "crt"), err) < 0 ||
	    crt_check(st, scn, doc_get(data, "crt"), err) < 0 ||
	    aa_oob_load(st, scn, doc_get(data, "units"), err) < 0 ||
	    vhexes(st, scn, data, "aachen-city", st->city, &st->n_city,
		   err) < 0 ||
	    vhexes(st, scn, data, "east-roads", st->road, &st->n_road,
		   err) < 0 ||
	    aa_rules_data(st, scn, doc_get(data, "supply"),
			  doc_get(data, "support"), err) < 0)
		return -1;
	if (doc_need_int(scn, data, "turns", 1, 99, &v, err) < 0)
		return -1;
	st->turns = (int)v;
	if (doc_need_int(scn, data, "roads-needed", 0, VHEX_MAX, &v, err) < 0)
		return -1;
	st->roads_needed = (int)v;
	if (doc_need_int(scn, data, "ad2-within", 0, 9, &v, err) < 0)
		return -1;
	st->ad2_within = (int)v;
	if (doc_need_int(scn, data, "ad2-contiguous", 1, 9, &v, err) < 0)
		return -1;
	st->ad2_need = (int)v;
	if (doc_need_int(scn, data, "mech-movement", 0, 100, &v, err) < 0)
		return -1;
	st->mech_pct = (int)v;
	if (doc_need_str(scn, data, "wurm", &s, err) < 0)
		return -1;
	for (i = 1; i < st->map.n_names; i++)
		if (!strcmp(st->map.names[i], s))
			st->wurm = i;
	if (!st->wurm)
		return bad(scn, doc_get(data, "wurm"), err, "wurm: no hexside "
			   "of the map is named %s", s);
	st->turn = 1;
	st->phase = PH_SETUP;
	st->eb_hex = -1;
	st->eb_dir = -1;
	st->ebu_hex = -1;
	st->ebu_dir = -1;
	return 0;
}

/* ---- save ---- */

static struct doc_node *flow_seq(struct doc *d)
{
	struct doc_node *s = doc_seq(d);

	s->style = DOC_STYLE_FLOW;
	return s;
}

static const char *unit_place(const struct hunit *u, char buf[8])
{
	if (u->where == U_MAP)
		return hex_id(u->hex, buf);
	return unit_where_names[u->where];
}

int aa_place_code(const struct hunit *u)
{
	return u->where == U_MAP ? u->hex : u->where == U_WAITING ? -1 : -2;
}

void aa_turn_start(struct aachen *st)
{
	int i;

	memcpy(st->turn_start[0], st->turn_start[1],
	       sizeof st->turn_start[0]);
	for (i = 0; i < st->n_units; i++)
		st->turn_start[1][i] = (int16_t)aa_place_code(&st->u[i]);
	if (st->n_starts < 2)
		st->n_starts++;
}

static const char *place_of_code(int code, char buf[8])
{
	return code >= 0 ? hex_id(code, buf) :
		unit_where_names[code == -1 ? U_WAITING : U_ELIMINATED];
}

/* The units whose place at a turn start differs from where they are now,
 * {id: place then}. */
static struct doc_node *save_start(const struct aachen *st, struct doc *d,
				   const int16_t *start)
{
	struct doc_node *t = doc_map(d);
	char x[8];
	int i;

	for (i = 0; i < st->n_units; i++)
		if (start[i] != aa_place_code(&st->u[i]))
			doc_set_str(d, t, st->u[i].id,
				    place_of_code(start[i], x));
	return t;
}

/* The state mapping, in this key order (see the README of the tests). */
struct doc_node *aa_save(const void *vst, struct doc *d)
{
	const struct aachen *st = vst;
	struct doc_node *m = doc_map(d), *t;
	char b[16], x[8];
	int i, h, dir, end = hex_end(&st->map);

	doc_set_int(d, m, "turn", st->turn);
	doc_set_str(d, m, "phase", aa_phase_names[st->phase]);
	doc_set_int(d, m, "last-turn", aa_last_turn(st));
	doc_set_int(d, m, "us-lost", st->us_lost);
	t = doc_map(d);
	for (i = 0; i < st->n_units; i++)
		doc_set_str(d, t, st->u[i].id, unit_place(&st->u[i], x));
	doc_set(d, m, "units", t);
	t = flow_seq(d);
	for (i = 0; i < st->n_units; i++)
		if (st->moved[i])
			doc_push(d, t, doc_str(d, st->u[i].id));
	doc_set(d, m, "moved", t);
	t = flow_seq(d);
	for (h = 0; h < end; h++)
		if (st->ctrl[h] == ALLIED && st->map.terr[h] != 255 &&
		    st->occ[h] < 0)
			doc_push(d, t, doc_str(d, hex_id(h, x)));
	doc_set(d, m, "allied-control", t);
	/* hexes a US unit holds that it has not captured (a set-up hex,
	 * 17.0): allied-control leaves out occupied hexes */
	t = flow_seq(d);
	for (h = 0; h < end; h++)
		if (st->ctrl[h] == GERMAN && st->map.terr[h] != 255 &&
		    st->occ[h] >= 0 && st->u[st->occ[h]].side == ALLIED)
			doc_push(d, t, doc_str(d, hex_id(h, x)));
	doc_set(d, m, "german-control", t);
	doc_set_int(d, m, "aachen-held", aa_held(st, st->city, st->n_city));
	doc_set_int(d, m, "roads-held", aa_held(st, st->road, st->n_road));
	doc_set_str(d, m, "engineer-bridge", st->eb_hex < 0 ? "none" :
		    hex_side_id(&st->map, st->eb_hex, st->eb_dir, b));
	doc_set_int(d, m, "engineer-bridge-turn", st->eb_turn);
	doc_set_str(d, m, "engineer-bridge-used", st->ebu_hex < 0 ||
		    st->ebu_turn != st->turn ? "none" :
		    hex_side_id(&st->map, st->ebu_hex, st->ebu_dir, b));
	t = flow_seq(d);
	for (h = 0; h < end; h++)
		for (dir = 0; st->map.hs[h][0] | st->map.hs[h][1] |
		     st->map.hs[h][2] ? dir < 3 : 0; dir++)
			if (hex_side_has(&st->map, h, dir, HS_DEMOLISHED))
				doc_push(d, t, doc_str(d, hex_side_id(&st->map,
					 h, dir, b)));
	doc_set(d, m, "demolished", t);
	doc_set_int(d, m, "ad2-turn", st->ad2_turn);
	t = flow_seq(d);
	for (i = 0; i < st->n_atk; i++) {
		struct strbuf sb = STRBUF_INIT;
		int k;

		strbuf_addf(&sb, "%s:", hex_id(st->atk[i].def[0], x));
		for (k = 0; k < st->atk[i].n; k++)
			strbuf_addf(&sb, " %s", st->u[st->atk[i].att[k]].id);
		if (st->atk[i].done)
			strbuf_adds(&sb, " (done)");
		doc_push(d, t, doc_str(d, sb.buf));
		strbuf_free(&sb);
	}
	doc_set(d, m, "attacks", t);
	t = flow_seq(d);
	for (i = 0; i < st->n_units; i++)
		if (st->oos[i] && st->u[i].where == U_MAP)
			doc_push(d, t, doc_str(d, st->u[i].id));
	doc_set(d, m, "out-of-supply", t);
	t = doc_map(d);
	for (i = 0; i < SIDES; i++)
		doc_set_int(d, t, aa_side_names[i], st->support_left[i]);
	doc_set(d, m, "support-left", t);
	doc_set_str(d, m, "result", aa_result_names[st->result]);
	doc_set_int(d, m, "turn-starts", st->n_starts);
	if (st->n_starts > 1)
		doc_set(d, m, "last-turn-start", save_start(st, d,
			st->turn_start[0]));
	if (st->n_starts > 0)
		doc_set(d, m, "turn-start", save_start(st, d,
			st->turn_start[1]));
	return m;
}

/* ---- load ---- */

static int name_of(const char *s, const char *const *names, int count)
{
	int i;

	for (i = 0; i < count; i++)
		if (!strcmp(s, names[i]))
			return i;
	return -1;
}

/* A list of unit ids (`moved`, `out-of-supply`) into one flag a unit. */
static int unit_flags(const struct aachen *st, const struct doc *d,
		      const struct doc_node *n, const char *what,
		      uint8_t flags[HEX_UNITS_MAX], struct error *err)
{
	size_t i;
	int k;

	if (n->kind != DOC_SEQ)
		return bad(d, n, err, "%s: a list of unit ids", what);
	memset(flags, 0, HEX_UNITS_MAX);
	for (i = 0; i < n->n; i++) {
		k = aa_unit_find(st, n->items[i]->str);
		if (k < 0)
			return bad(d, n->items[i], err, "%s: no unit %s", what,
				   n->items[i]->str);
		flags[k] = 1;
	}
	return 0;
}

static int load_units(struct aachen *st, const struct doc *d,
		      const struct doc_node *t, struct error *err)
{
	size_t i;
	int u, h, w;

	if (t->kind != DOC_MAP)
		return bad(d, t, err, "units: id -> hex, waiting or "
			   "eliminated%s", "");
	for (i = 0; i < t->n; i++) {
		u = aa_unit_find(st, t->keys[i]->str);
		if (u < 0 || t->items[i]->kind != DOC_SCALAR)
			return bad(d, t->items[i], err, "units: no unit %s",
				   t->keys[i]->str);
		w = name_of(t->items[i]->str, unit_where_names, U_WHERE);
		h = hex_parse(&st->map, t->items[i]->str);
		if (w < 0 && h < 0)
			return bad(d, t->items[i], err, "units: %s is not a "
				   "hex, waiting or eliminated",
				   t->items[i]->str);
		st->u[u].where = (uint8_t)(h >= 0 ? U_MAP : w);
		st->u[u].hex = (int16_t)(h >= 0 ? h : HEX_NONE);
		if (h >= 0)
			st->ctrl[h] = (uint8_t)st->u[u].side;
	}
	return 0;
}

/* `turn-starts`, `last-turn-start`, `turn-start` (see aa_save): after
 * the units, whose places they are told apart from. */
static int load_turn_starts(struct aachen *st, const struct doc *d,
			    const struct doc_node *map, struct error *err)
{
	static const char *const key[2] = { "last-turn-start",
					    "turn-start" };
	const struct doc_node *n;
	long long v;
	size_t i;
	int k, u, h, w;

	if (!doc_get(map, "turn-starts"))
		return 0;
	if (doc_need_int(d, map, "turn-starts", 0, 2, &v, err) < 0)
		return -1;
	st->n_starts = (int)v;
	for (k = 0; k < 2; k++) {
		for (u = 0; u < st->n_units; u++)
			st->turn_start[k][u] =
				(int16_t)aa_place_code(&st->u[u]);
		if (!(n = doc_get(map, key[k])))
			continue;
		if (n->kind != DOC_MAP)
			return bad(d, n, err, "%s: id -> hex, waiting or "
				   "eliminated", key[k]);
		for (i = 0; i < n->n; i++) {
			u = aa_unit_find(st, n->keys[i]->str);
			if (u < 0 || n->items[i]->kind != DOC_SCALAR)
				return bad(d, n->items[i], err, "%s: no "
					   "unit %s", key[k],
					   n->keys[i]->str);
			w = name_of(n->items[i]->str, unit_where_names,
				    U_WHERE);
			h = hex_parse(&st->map, n->items[i]->str);
			if (h < 0 && (w < 0 || w == U_MAP))
				return bad(d, n->items[i], err, "%s: %s is "
					   "not a hex, waiting or eliminated",
					   key[k], n->items[i]->str);
			st->turn_start[k][u] = (int16_t)(h >= 0 ? h :
				w == U_WAITING ? -1 : -2);
		}
	}
	return 0;
}

/* `key`: a list of hexes now controlled by `side` (absent: none). */
static int load_control(struct aachen *st, const struct doc *d,
			const struct doc_node *map, const char *key, int side,
			struct error *err)
{
	const struct doc_node *n = doc_get(map, key);
	size_t i;
	int h;

	for (i = 0; n && n->kind == DOC_SEQ && i < n->n; i++) {
		h = hex_parse(&st->map, n->items[i]->str);
		if (h < 0)
			return bad(d, n->items[i], err, "%s: no hex %s", key,
				   n->items[i]->str);
		st->ctrl[h] = (uint8_t)side;
	}
	return 0;
}

int aa_load(void *vst, const struct doc *d, const struct doc_node *map,
	    struct error *err)
{
	static const char *const keys[] = { "map", "crt", "oob", "turns",
		"aachen-city", "east-roads", "roads-needed", "turn", "phase",
		"us-lost", "units", "moved", "allied-control", "german-control",
		"engineer-bridge", "engineer-bridge-turn",
		"engineer-bridge-used", "demolished",
		"ad2-turn", "result", "supply", "support", "out-of-supply",
		"support-left", "turn-starts", "last-turn-start", "turn-start",
		/* derived from the rest; accepted and ignored */
		"last-turn", "aachen-held", "roads-held", "attacks", NULL };
	struct aachen *st = vst;
	const struct doc_node *n;
	long long v;
	size_t i;
	int k;
	int16_t sh;
	int8_t sd;

	if (!map || map->kind != DOC_MAP)
		return bad(d, map, err, "a position is a mapping%s", "");
	if (doc_only_keys(d, map, keys, err) < 0)
		return -1;
	if ((n = doc_get(map, "map")) &&
	    hex_map_load(&st->map, d, n, err) < 0)
		return -1;
	if ((n = doc_get(map, "crt")) && (crt_load(&st->crt, d, n, err) < 0 ||
					  crt_check(st, d, n, err) < 0))
		return -1;
	if ((n = doc_get(map, "oob")) && aa_oob_load(st, d, n, err) < 0)
		return -1;
	if (doc_get(map, "map") && !doc_get(map, "oob"))
		return bad(d, map, err, "a position with its own map needs "
			   "its own oob%s", "");
	if (doc_get(map, "aachen-city") &&
	    vhexes(st, d, map, "aachen-city", st->city, &st->n_city, err) < 0)
		return -1;
	if (doc_get(map, "east-roads") &&
	    vhexes(st, d, map, "east-roads", st->road, &st->n_road, err) < 0)
		return -1;
	if (doc_get(map, "roads-needed")) {
		if (doc_need_int(d, map, "roads-needed", 0, VHEX_MAX, &v,
				 err) < 0)
			return -1;
		st->roads_needed = (int)v;
	}
	if (doc_get(map, "map")) {
		/* a test map: no supply rule, no support fire, unless the
		 * position gives them */
		st->supply_range = 0;
		memset(st->oos, 0, sizeof st->oos);
		memset(st->supply_src, 0, sizeof st->supply_src);
		memset(st->support_n, 0, sizeof st->support_n);
		memset(st->support_left, 0, sizeof st->support_left);
		st->support_val = 0;
	}
	if (aa_rules_data(st, d, doc_get(map, "supply"),
			  doc_get(map, "support"), err) < 0)
		return -1;
	if ((n = doc_get(map, "out-of-supply")) &&
	    unit_flags(st, d, n, "out-of-supply", st->oos, err) < 0)
		return -1;
	if ((n = doc_get(map, "support-left"))) {
		for (k = 0; k < SIDES; k++) {
			if (!doc_get(n, aa_side_names[k]))
				continue;
			if (doc_need_int(d, n, aa_side_names[k], 0, 9, &v,
					 err) < 0)
				return -1;
			st->support_left[k] = (int)v;
		}
	}
	if (doc_get(map, "map")) {
		st->wurm = 0;
		for (k = 1; k < st->map.n_names; k++)
			if (!strcmp(st->map.names[k], "wurm"))
				st->wurm = k;
	}
	if (doc_get(map, "turns")) {
		if (doc_need_int(d, map, "turns", 1, 99, &v, err) < 0)
			return -1;
		st->turns = (int)v;
	}
	if (doc_get(map, "turn")) {
		if (doc_need_int(d, map, "turn", 1, 99, &v, err) < 0)
			return -1;
		st->turn = (int)v;
	}
	if ((n = doc_get(map, "phase"))) {
		k = n->kind == DOC_SCALAR ? name_of(n->str, aa_phase_names,
						     PHASES) : -1;
		if (k < 0)
			return bad(d, n, err, "phase: not a phase%s", "");
		st->phase = (enum phase)k;
	}
	if (doc_get(map, "us-lost")) {
		if (doc_need_int(d, map, "us-lost", 0, 99, &v, err) < 0)
			return -1;
		st->us_lost = (int)v;
	}
	if ((n = doc_get(map, "units")) && load_units(st, d, n, err) < 0)
		return -1;
	if ((n = doc_get(map, "moved")) &&
	    unit_flags(st, d, n, "moved", st->moved, err) < 0)
		return -1;
	/* control: German from the set-up (17.0), each hex of `units` its
	 * occupant's, then the unoccupied Allied hexes, then the occupied
	 * hexes a US unit has not captured */
	if (load_control(st, d, map, "allied-control", ALLIED, err) < 0 ||
	    load_control(st, d, map, "german-control", GERMAN, err) < 0)
		return -1;
	if ((n = doc_get(map, "engineer-bridge")) && n->kind == DOC_SCALAR) {
		if (!strcmp(n->str, "none")) {
			st->eb_hex = -1;
			st->eb_dir = -1;
		} else if (hex_side_parse(&st->map, n->str, &st->eb_hex,
				     &st->eb_dir) < 0) {
			return bad(d, n, err, "engineer-bridge: CCRR-CCRR or "
				   "none%s", "");
		}
	}
	if (doc_get(map, "engineer-bridge-turn")) {
		if (doc_need_int(d, map, "engineer-bridge-turn", 0, 99, &v,
				 err) < 0)
			return -1;
		st->eb_turn = (int)v;
	}
	/* the bridged hexside units crossed this turn (14.0: not two) */
	if ((n = doc_get(map, "engineer-bridge-used")) &&
	    n->kind == DOC_SCALAR) {
		if (!strcmp(n->str, "none")) {
			st->ebu_hex = -1;
			st->ebu_dir = -1;
			st->ebu_turn = 0;
		} else if (hex_side_parse(&st->map, n->str, &st->ebu_hex,
				     &st->ebu_dir) < 0) {
			return bad(d, n, err, "engineer-bridge-used: CCRR-CCRR "
				   "or none%s", "");
		} else {
			st->ebu_turn = st->turn;
		}
	}
	if ((n = doc_get(map, "demolished"))) {
		for (i = 0; n->kind == DOC_SEQ && i < n->n; i++) {
			if (hex_side_parse(&st->map, n->items[i]->str, &sh,
					   &sd) < 0)
				return bad(d, n->items[i], err, "demolished: "
					   "CCRR-CCRR%s", "");
			hex_side_set(&st->map, sh, sd, HS_DEMOLISHED, 1);
		}
	}
	if (doc_get(map, "ad2-turn")) {
		if (doc_need_int(d, map, "ad2-turn", 0, 99, &v, err) < 0)
			return -1;
		st->ad2_turn = (int)v;
		for (k = 0; v && k < st->n_units; k++)
			if (st->u[k].arrive < 0)
				st->u[k].arrive = (int8_t)v;
	}
	if ((n = doc_get(map, "result"))) {
		k = n->kind == DOC_SCALAR ? name_of(n->str, aa_result_names,
						     RESULTS) : -1;
		if (k < 0)
			return bad(d, n, err, "result: none, allied, draw or "
				   "german");
		st->result = (enum result)k;
		/* the turn of the result, when there is one */
		st->result_turn = k ? st->turn : 0;
	}
	if (load_turn_starts(st, d, map, err) < 0)
		return -1;
	aa_reindex(st);
	return 0;
}
