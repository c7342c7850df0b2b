/*
 * setup.c - Race to the Reichstag: the start state from the scenario (the
 * map and its regions, the order of battle, the markers, the set-up
 * counts, the options: 2.x, 3.x, 23.0); a test position may replace the
 * map, the order of battle and the markers with the same readers (rt_load,
 * state.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "state.h"
#include "../lib/option.h"


static const char *const tag_names[] = { "fixed", "hm", "recon",
	"engineer", "paren", "zero", "garrison", "spree", "56pk1", "56pk2",
	"steiner", "xx", "pool", "pd-1bf", "pd-1uf", NULL };
static const char *const mk_kind_names[MK_KINDS] = { "artillery", "air",
	"me262" };

/* ---- the order of battle ---- */

/* hexes "0102-0109,2105", or a region of the map: its number in *region
 * (the unit may be placed anywhere in it), else the hexes */
static int place_list(struct rttr *st, const char *s, struct hunit *u,
		      int16_t *region)
{
	int r = hex_region(&st->map, s), n;

	*region = (int16_t)r;
	if (r >= 0)
		return 1;
	n = hex_ranges(&st->map, s, u->entry, HEX_ENTRY_MAX);
	if (n < 1)
		return -1;
	u->n_entry = (uint8_t)n;
	return n;
}

/*
 * One counter a line (scenarios/tools/reichstag/oob.yaml):
 *   ID SIDE A-D-M PLACE CLASS SIZE TYPE [FLAGS] [; name]
 * PLACE: at HEX | setup REGION | turn N enter REGION | event enter
 * REGION | garrison | pool.
 */
static int unit_line(struct rttr *st, char *line, char *msg, size_t size)
{
	static const char *const allegiance[ALLEGIANCES] = { "soviet",
		"german" };
	struct hunit *u;
	const char *list;
	char *w[24];
	int k, i, s, t, n = st->n_units;

	u = n < HEX_UNITS_MAX ? &st->u[n] : NULL;
	i = unit_line_head(&st->map, line, w, 24, &k, u, allegiance,
			   ALLEGIANCES, &list, msg, size);
	if (i <= 0)
		return i;
	st->setup_region[n] = -1;
	st->front[n] = SEC_NONE;
	if (rt_unit_find(st, u->id) >= 0)
		return snprintf(msg, size, "unit %s twice", w[0]), -1;
	if (!u->name[0])
		memcpy(u->name, u->id, sizeof u->id);
	if (list && place_list(st, list, u, &st->setup_region[n]) < 0)
		return snprintf(msg, size, "bad hexes %s", list), -1;
	if (i == 3 && !list) {
		if (!strcmp(w[i], "garrison"))
			u->tags |= T_GARRISON;
		else if (!strcmp(w[i], "pool"))
			u->tags |= T_POOL;
		else
			return snprintf(msg, size, "place is at HEX, setup "
					"REGION, turn N enter REGION, event "
					"enter REGION, garrison or pool"), -1;
		u->where = U_WAITING;
		i++;
	}
	if (i + 3 > k)
		return snprintf(msg, size, "CLASS SIZE TYPE after the place"),
		       -1;
	if (u->side == SOVIET) {
		s = rt_side_parse(w[i]);
		if (s < 0)
			return snprintf(msg, size, "a Soviet unit's class is "
					"its front, 1bf or 1uf (2.9)"), -1;
		st->front[n] = (uint8_t)s;
	} else if (!strcmp(w[i], "fixed")) {
		u->tags |= T_FIXED;
	} else if (strcmp(w[i], "mobile")) {
		return snprintf(msg, size, "a German unit's class is mobile "
				"or fixed (2.4)"), -1;
	}
	s = rt_word(w[i + 1], rt_size_names, SIZES);
	t = rt_word(w[i + 2], rt_type_names, TYPES);
	if (s <= 0)
		return snprintf(msg, size, "size is corps, div, bde, rgt, bn, "
				"grp or other"), -1;
	if (t <= 0)
		return snprintf(msg, size, "unknown type %s", w[i + 2]), -1;
	u->size = (uint8_t)s;
	u->type = (uint8_t)t;
	for (i += 3; i < k; i++) {
		t = rt_word(w[i], tag_names, 32);
		if (t < 0 || (1 << t) == T_FIXED || (1 << t) == T_POOL)
			return snprintf(msg, size, "unknown word %s", w[i]),
			       -1;
		u->tags |= (uint16_t)(1 << t);
	}
	/* the sector a German unit is assigned to where the set-up says */
	if (u->side == GERMAN) {
		if (u->where == U_MAP)
			st->front[n] = (uint8_t)rt_sector(st, u->hex);
		else if (u->tags & (T_SPREE | T_56PK1 | T_XX))
			st->front[n] = SEC_1UF;
		else if (u->tags & (T_56PK2 | T_STEINER))
			st->front[n] = SEC_1BF;
		else if (st->setup_region[n] >= 0 &&
			 st->setup_region[n] == st->rg.setup_german[P1BF])
			st->front[n] = SEC_1BF;
		else if (st->setup_region[n] >= 0 &&
			 st->setup_region[n] == st->rg.setup_german[P1UF])
			st->front[n] = SEC_1UF;
		/* 2.4, 3.2: the flak towers are face up */
	}
	st->placed_by[n] = -1;
	st->holder[n] = -1;
	st->elim_by[n] = -1;
	st->captor[n] = -1;
	st->seq[n] = (uint16_t)(n + 1);
	st->n_units++;
	return 0;
}

int rt_oob_load(struct rttr *st, const struct doc *d,
		    const struct doc_node *n, struct error *err)
{
	const char *p;
	char line[512], msg[160];
	int lineno = 0, got, i;

	if (!n || n->kind != DOC_SCALAR)
		return doc_bad(d, n, err, "units: one counter a line (a text "
			   "block)%s", "");
	st->n_units = 0;
	p = n->str;
	while ((got = hex_next_line(&p, line, sizeof line)) != 0) {
		lineno++;
		if (got < 0)
			return doc_bad(d, n, err, "units, line %d: too long",
				   lineno);
		if (line[strspn(line, " \t")] == '#')
			continue;
		if (unit_line(st, line, msg, sizeof msg) < 0)
			return doc_bad(d, n, err, "units, line %d: %s", lineno,
				   msg);
	}
	/* 3.3: the pool, in scenario order */
	cup_clear(&st->cup);
	st->n_pool = 0;
	for (i = 0; i < st->n_units; i++) {
		st->pool_of[i] = -1;
		if (st->u[i].tags & T_POOL) {
			if (st->n_pool >= CUP_MAX)
				return doc_bad(d, n, err, "units: more than %d "
					   "pool counters", CUP_MAX);
			st->pool_unit[st->n_pool] = (int16_t)i;
			st->pool_of[i] = (int16_t)st->n_pool;
			cup_add(&st->cup, st->n_pool++);
		}
	}
	memset(st->flags, 0, sizeof st->flags);
	memset(st->known, 0, sizeof st->known);
	st->seq_next = (uint16_t)(st->n_units + 1);
	rt_reindex(st);
	return 0;
}

/* Markers: "ID KIND OWNER PLACE [; name]", KIND artillery|air|me262,
 * OWNER 1bf|1uf|steiner|xx, PLACE off|event. */
int rt_markers_load(struct rttr *st, const struct doc *d,
			const struct doc_node *n, struct error *err)
{
	const char *p;
	char line[256], *w[8], *q, *semi;
	int lineno = 0, got, k;
	struct rt_marker *m;

	st->n_mk = 0;
	hex_markers_init(&st->bz);
	if (!n)
		return 0;
	if (n->kind != DOC_SCALAR)
		return doc_bad(d, n, err, "markers: one marker a line%s", "");
	p = n->str;
	while ((got = hex_next_line(&p, line, sizeof line)) != 0) {
		lineno++;
		if ((semi = strchr(line, ';')))
			*semi = '\0';
		k = 0;
		for (q = strtok(line, " \t"); q && k < 8;
		     q = strtok(NULL, " \t"))
			w[k++] = q;
		if (k == 0 || w[0][0] == '#')
			continue;
		if (got < 0 || k != 4 || st->n_mk >= RT_MARKERS_MAX ||
		    strlen(w[0]) >= sizeof m->id)
			return doc_bad(d, n, err, "markers, line %d: \"ID KIND "
				   "OWNER PLACE\" (at most %d)", lineno,
				   RT_MARKERS_MAX);
		m = &st->mk[st->n_mk];
		memset(m, 0, sizeof *m);
		snprintf(m->id, sizeof m->id, "%s", w[0]);
		k = rt_word(w[1], mk_kind_names, MK_KINDS);
		if (k < 0)
			return doc_bad(d, n, err, "markers, line %d: kind is "
				   "artillery, air or me262", lineno);
		m->kind = (uint8_t)k;
		m->group = -1;
		m->on_map = -1;
		m->owner = (int8_t)rt_side_parse(w[2]);
		if (!strcmp(w[2], "steiner"))
			m->group = 0;
		else if (!strcmp(w[2], "xx"))
			m->group = 1;
		else if (m->owner < 0)
			return doc_bad(d, n, err, "markers, line %d: owner is "
				   "1bf, 1uf, steiner or xx", lineno);
		if (strcmp(w[3], "off") && strcmp(w[3], "event"))
			return doc_bad(d, n, err, "markers, line %d: place is off "
				   "or event", lineno);
		st->n_mk++;
	}
	return 0;
}

void rt_regions(struct rttr *st)
{
	const struct hex_map *m = &st->map;
	struct rt_regions *g = &st->rg;
	int i, end;

	g->sector[P1BF] = hex_region(m, "sector-1bf");
	g->sector[P1UF] = hex_region(m, "sector-1uf");
	g->reichstag = hex_region(m, "reichstag");
	g->potsdam = hex_region(m, "potsdam");
	g->so[P1BF] = hex_region(m, "so-1bf");
	g->so[P1UF] = hex_region(m, "so-1uf");
	g->edge_north = hex_region(m, "edge-1bf-north");
	g->edge_east = hex_region(m, "edge-1bf-east");
	g->edge_1bf_south = hex_region(m, "edge-1bf-south");
	g->edge_1uf_south = hex_region(m, "edge-1uf-south");
	g->edge_1uf_west = hex_region(m, "edge-1uf-west");
	g->stars = hex_region(m, "entry-1uf-stars");
	g->xx_entry = hex_region(m, "entry-xx-corps");
	g->exit_west = hex_region(m, "exit-west");
	g->setup_1bf_north = hex_region(m, "setup-1bf-north");
	g->setup_1bf_south = hex_region(m, "setup-1bf-south");
	g->setup_1uf_south = hex_region(m, "setup-1uf-south");
	g->setup_german[P1BF] = hex_region(m, "setup-german-1bf");
	g->setup_german[P1UF] = hex_region(m, "setup-german-1uf");
	g->setup_spree = hex_region(m, "setup-spree");
	g->al[SOVIET] = hex_allegiance(m, "soviet");
	g->al[GERMAN] = hex_allegiance(m, "german");
	{
		int16_t h[2];

		g->rt_hex = g->reichstag >= 0 &&
			hex_region_hexes(m, g->reichstag, h, 2) == 1 ?
			h[0] : -1;
	}
	g->n_obj = 0;
	for (i = 0, end = hex_end(m); i < end; i++)
		if (rt_objective(st, i) && g->n_obj++ < RT_OBJ_MAX)
			g->obj[g->n_obj - 1] = (int16_t)i;
}

static int rt_yes(const char *s)
{
	return !strcmp(s, "yes") || !strcmp(s, "on");
}

int rt_draws_load(struct rttr *st, const struct doc *d,
		      const struct doc_node *n, struct error *err)
{
	static const char *const keys[] = { "reichstag", "1bf-player",
		"1uf-player", "garrison-to-1uf", NULL };
	int *out[4] = { &st->draw_reichstag, &st->draw_1bf, &st->draw_1uf,
		&st->garrison_1uf };
	long long v;
	int i;

	if (!n)
		return 0;
	if (n->kind != DOC_MAP || doc_only_keys(d, n, keys, err) < 0)
		return n->kind != DOC_MAP ? doc_bad(d, n, err, "draws: a mapping "
						"(3.4-3.7)%s", "") : -1;
	for (i = 0; keys[i]; i++) {
		if (!doc_get(n, keys[i]))
			continue;
		if (doc_need_int(d, n, keys[i], 0, CUP_MAX, &v, err) < 0)
			return -1;
		*out[i] = (int)v;
	}
	return 0;
}

/* 23.0: the options, from a mapping of them (a scenario's options, a
 * position's), each left as it is where the mapping does not give it and
 * the scenario has no default */
int rt_options_read(struct rttr *st, const struct doc *scn,
		    const struct doc_node *n, const struct doc *d,
		    struct error *err)
{
	if (n && n->kind != DOC_MAP)
		return doc_bad(d, n, err, "options: a mapping%s", "");
	st->honour = !strcmp(rules_option(scn, n, "hidden", st->honour ?
				    "honour" : "referee"), "honour");
	st->opt_hitler = rt_yes(rules_option(scn, n, "hitler-fantasy",
				       st->opt_hitler ? "yes" : "no"));
	st->opt_prepared = rt_yes(rules_option(scn, n, "prepared-defence",
					 st->opt_prepared ? "yes" : "no"));
	st->opt_loc = rt_yes(rules_option(scn, n, "lines-of-communication",
				    st->opt_loc ? "yes" : "no"));
	st->opt_hm = rt_yes(rules_option(scn, n, "high-mobility",
				   st->opt_hm ? "yes" : "no"));
	st->opt_escape = rt_yes(rules_option(scn, n, "escape-west",
				       st->opt_escape ? "yes" : "no"));
	return 0;
}

int rt_setup(void *vst, const struct doc *scn, const struct doc_node *data,
	     const struct doc_node *options, struct error *err)
{
	static const char *const keys[] = { "turns", "map", "units",
		"markers", "draws", "crt-mobile", "crt-assault", NULL };
	struct rttr *st = vst;
	const struct doc_node *n;
	long long v;

	memset(st, 0, sizeof *st);
	if (!data || data->kind != DOC_MAP)
		return doc_bad(scn, data, err, "data must be a mapping%s", "");
	if (doc_only_keys(scn, data, keys, err) < 0 ||
	    hex_map_load(&st->map, scn, doc_get(data, "map"), err) < 0)
		return -1;
	rt_regions(st);
	if (rt_oob_load(st, scn, doc_get(data, "units"), err) < 0 ||
	    rt_markers_load(st, scn, doc_get(data, "markers"), err) < 0)
		return -1;
	if ((n = doc_get(data, "crt-mobile"))) {
		if (crt_load(&st->crt[0], scn, n, err) < 0 ||
		    crt_load(&st->crt[1], scn, doc_get(data, "crt-assault"),
			     err) < 0)
			return -1;
		st->n_crt = 2;
	}
	st->turns = RT_TURNS;
	if (doc_get(data, "turns")) {
		if (doc_need_int(scn, data, "turns", 1, 99, &v, err) < 0)
			return -1;
		st->turns = (int)v;
	}
	/* 3.4-3.7 */
	st->draw_reichstag = RT_GARRISON_N;
	st->draw_1bf = 15;
	st->draw_1uf = 25;
	st->garrison_1uf = 4;
	if (rt_draws_load(st, scn, doc_get(data, "draws"), err) < 0)
		return -1;
	if (rt_options_read(st, scn, options, scn, err) < 0)
		return -1;
	if (st->opt_hitler && st->opt_prepared)
		return doc_bad(scn, options, err, "hitler-fantasy and "
			   "prepared-defence may not be combined (23.0)%s",
			   "");
	st->turn = 1;
	st->rt_taken_by = -1;
	/* 3.2 the flak towers stand face up at their hexes (the order of
	 * battle's "at"); 3.3 every other fixed unit is in the cup
	 * (oob_load); 3.4 the Reichstag's three counters are reserved in
	 * the cup, undecided (GAP.md 2.2 (3)). None of this draws: it is
	 * the start state, and play() begins with the 1BF player's draw
	 * (3.5). */
	st->rt_blind = st->draw_reichstag;
	if (cup_count(&st->cup) < st->draw_reichstag + st->draw_1bf +
	    st->draw_1uf)
		return doc_bad(scn, doc_get(data, "units"), err, "the pool holds "
			   "%d counters, fewer than the set-up draws %d + %d + "
			   "%d (3.4-3.6)", cup_count(&st->cup),
			   st->draw_reichstag, st->draw_1bf, st->draw_1uf);
	st->phase = PH_S_DRAW_1BF;
	st->rt_front = -1;
	memset(st->ctrl, -1, sizeof st->ctrl);
	rt_options_map(st);     /* 23.2, 23.1 (3) (below) */
	return 0;
}

/* 23.1 (3): the four command posts leave the pool for their players'
 * hands (private, as a draw), to be placed face down with that
 * player's set-up draw (3.5, 3.6: rttr.holder); they do not count
 * among its 15 or 25. Only counters still in the cup are moved, so a
 * loaded position later in the game is left as it is. */
static void prepared_hqs(struct rttr *st)
{
	int i, u, p;

	for (i = 0; i < st->n_pool; i++) {
		u = st->pool_unit[i];
		if (!cup_has(&st->cup, i) ||
		    !(st->u[u].tags & (T_PD_1BF | T_PD_1UF)))
			continue;
		p = st->u[u].tags & T_PD_1BF ? P1BF : P1UF;
		cup_remove(&st->cup, i);
		st->holder[u] = (int8_t)p;
		st->known[u] |= (uint8_t)(1 << p);
		st->u[u].where = U_WAITING;
	}
}

void rt_options_map(struct rttr *st)
{
	unsigned bit = hex_feature(&st->map, "sbahn");
	struct hex_effect *e;
	int i, al;

	if (!st->opt_prepared)
		return;
	prepared_hqs(st);
	if (!bit)
		return;
	for (i = 0; i < st->map.n_features; i++)
		if (((unsigned)HF_FORT << (i + 1)) == bit)
			break;
	if (i == st->map.n_features)
		return;
	e = &st->map.feature[i];
	al = hex_allegiance(&st->map, "soviet");
	if (al >= 0) {          /* no Soviet ZOC into S-Bahn hexes */
		e->of[al].given |= HEX_OF_ZOC;
		e->of[al].zoc = 0;
	}
	al = hex_allegiance(&st->map, "german");
	if (al >= 0) {          /* Germans there ignore retreats */
		e->of[al].given |= HEX_OF_RETREAT;
		e->of[al].ignore_retreat = 1;
	}
}
