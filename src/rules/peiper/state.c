/*
 * state.c - Kampfgruppe Peiper: the start state from the scenario (2.0,
 * 3.0), the map and counter look-ups the rules share, and the state as a
 * document (save) and back (load, for test positions).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "peiper.h"

/* ---- look-ups ---- */

const char *town_name(const struct kgp *st, int town)
{
	return town >= 0 && town < st->map.n_nodes ?
		st->map.nodes[town].name : "nowhere";
}

const char *counter_label(const struct kgp *st, int k)
{
	return k == DOWN ? "down" : k >= 0 && k < st->n_counters ?
		st->counters[k].id : "none";
}

void counter_labels(const struct kgp *st, const char **out)
{
	int i;

	for (i = 0; i < st->n_counters; i++)
		out[i] = st->counters[i].id;
}

int face_down(const struct kgp *st)
{
	int t, i, n = 0;

	for (t = 0; t < st->map.n_nodes; t++)
		for (i = 0; i < st->n_us[t]; i++)
			n += st->us[t][i] == DOWN;
	return n;
}

/* Counters really in the cup: the face-down ones are drawn from it when
 * they are looked at (cup.h). */
int cup_left(const struct kgp *st)
{
	int n = cup_count(&st->cup) - face_down(st);

	return n > 0 ? n : 0;
}

int threat_of(const struct kgp *st, int town)
{
	const char *v = graph_node_attr(&st->map, town, "threat");

	return v ? atoi(v) : 0;
}

int yellow_star(const struct kgp *st, int town)
{
	const char *v = graph_node_attr(&st->map, town, "star");

	return v && strcmp(v, "yellow") == 0;
}

int is_goal(const struct kgp *st, int town)
{
	int i;

	for (i = 0; i < st->n_goals; i++)
		if (st->goals[i] == town)
			return 1;
	return 0;
}

int main_points(const struct kgp *st)
{
	return st->units[ARMOUR] + st->units[PANZERGRENADIERS];
}

int support_points(const struct kgp *st)
{
	int u, n = 0;

	for (u = HEAVY; u < UNITS; u++)
		n += st->units[u];
	return n;
}

/* 5.0 step 3: the towns the group may move to from town: west, north or
 * south (NW and SW count as west), not across a blown bridge; on the
 * first turn, from the start, only the first-turn towns. In the map's
 * canonical order (by direction, clockwise from north). */
int moves_from(const struct kgp *st, int town, int *out)
{
	int links[GRAPH_DEGREE], n = 0, i, k;
	size_t nl;
	enum graph_dir dir;

	if (st->turn == 1 && town == st->start && st->n_first > 0) {
		for (i = 0; i < st->n_first; i++)
			out[n++] = st->first[i];
		return n;
	}
	nl = graph_links_of(&st->map, town, links, GRAPH_DEGREE);
	for (k = 0; k < (int)nl; k++) {
		dir = graph_dir_from(&st->map, links[k], town);
		if (dir == DIR_NE || dir == DIR_E || dir == DIR_SE ||
		    st->bridge[links[k]] != NONE)
			continue;
		out[n++] = graph_other(&st->map, links[k], town);
	}
	return n;
}

/* ---- setup ---- */

/* the option chosen, else the scenario's default */
static const char *option(const struct doc *scn,
			  const struct doc_node *options, const char *name,
			  const char *def)
{
	const struct doc_node *n = NULL;

	if (options && options->kind == DOC_MAP)
		n = doc_get(options, name);
	if (!n && scn && scn->root && scn->root->kind == DOC_MAP) {
		n = doc_get(scn->root, "options");
		n = n && n->kind == DOC_MAP ? doc_get(n, name) : NULL;
		n = n && n->kind == DOC_MAP ? doc_get(n, "default") : NULL;
	}
	return n && n->kind == DOC_SCALAR ? n->str : def;
}

static int town_list(struct kgp *st, const struct doc *scn,
		     const struct doc_node *data, const char *key,
		     int *out, int *n, int max, struct error *err)
{
	const struct doc_node *seq, *it;
	char where[256];
	size_t i;
	int t;

	if (doc_need(scn, data, key, DOC_SEQ, &seq, err) < 0)
		return -1;
	if (seq->n == 0 || seq->n > (size_t)max)
		return errorf(err, EXIT_REFUSED, "%s: %s lists 1 to %d towns",
			      doc_where(scn, seq, where, sizeof where), key,
			      max);
	for (i = 0; i < seq->n; i++) {
		it = seq->items[i];
		t = it->kind == DOC_SCALAR ? graph_find(&st->map, it->str) :
			-1;
		if (t < 0)
			return errorf(err, EXIT_REFUSED, "%s: %s: no town "
				      "\"%s\" on the map", doc_where(scn, it,
				      where, sizeof where), key,
				      it->kind == DOC_SCALAR ? it->str : "");
		out[(*n)++] = t;
	}
	return 0;
}

static int load_counters(struct kgp *st, const struct doc *scn,
			 const struct doc_node *seq, struct error *err)
{
	static const char *const keys[] = { "id", "name", "type",
		"strength", NULL };
	const struct doc_node *m;
	const char *id, *name, *type;
	char where[256];
	long long s;
	size_t i;
	int t, j;

	if (seq->n == 0 || seq->n > COUNTERS_MAX)
		return errorf(err, EXIT_REFUSED, "%s: 1 to %d counters",
			      doc_where(scn, seq, where, sizeof where),
			      COUNTERS_MAX);
	for (i = 0; i < seq->n; i++) {
		struct counter *k = &st->counters[i];

		m = seq->items[i];
		if (m->kind != DOC_MAP)
			return errorf(err, EXIT_REFUSED, "%s: a counter is "
				      "{id, name, type, strength}",
				      doc_where(scn, m, where, sizeof where));
		if (doc_only_keys(scn, m, keys, err) < 0 ||
		    doc_need_str(scn, m, "id", &id, err) < 0 ||
		    doc_need_str(scn, m, "name", &name, err) < 0 ||
		    doc_need_str(scn, m, "type", &type, err) < 0)
			return -1;
		for (t = 0; t < CTYPES; t++)
			if (strcmp(type, kgp_ctype_names[t]) == 0)
				break;
		if (t == CTYPES || strlen(id) >= GRAPH_ID ||
		    strlen(name) >= GRAPH_NAME || strcmp(id, "down") == 0)
			return errorf(err, EXIT_REFUSED, "%s: a counter has "
				      "a short id and name and a type: "
				      "infantry, paratroops, tank, engineer, "
				      "aircraft or fuel-at",
				      doc_where(scn, m, where, sizeof where));
		for (j = 0; j < (int)i; j++)
			if (strcmp(st->counters[j].id, id) == 0)
				return errorf(err, EXIT_REFUSED, "%s: counter "
					      "%s is given twice",
					      doc_where(scn, m, where,
					      sizeof where), id);
		s = 0;
		if (t <= CT_TANK &&
		    doc_need_int(scn, m, "strength", 1, 9, &s, err) < 0)
			return -1;
		snprintf(k->id, sizeof k->id, "%s", id);
		snprintf(k->name, sizeof k->name, "%s", name);
		k->type = (enum ctype)t;
		k->strength = (int)s;
		cup_add(&st->cup, (int)i);
	}
	st->n_counters = (int)seq->n;
	return 0;
}

/* Every town's threat value (0..6) and star (yellow, white, none). */
static int check_towns(struct kgp *st, const struct doc *scn,
		       struct error *err)
{
	const char *star;
	long long v;
	int t;

	for (t = 0; t < st->map.n_nodes; t++) {
		if (graph_node_int(&st->map, scn, t, "threat", 0, 6, 0, &v,
				   err) < 0)
			return -1;
		star = graph_node_attr(&st->map, t, "star");
		if (star && strcmp(star, "yellow") && strcmp(star, "white") &&
		    strcmp(star, "none"))
			return errorf(err, EXIT_REFUSED, "%s:%d: town %s: star "
				      "is yellow, white or none",
				      scn && scn->name ? scn->name :
				      "scenario", st->map.nodes[t].line,
				      st->map.nodes[t].id);
	}
	return 0;
}

static int load_turns(struct kgp *st, const struct doc *scn,
		      const struct doc_node *seq, struct error *err)
{
	char where[256];
	size_t i;

	if (seq->n == 0 || seq->n > TURNS_MAX)
		return errorf(err, EXIT_REFUSED, "%s: turn-track lists 1 to "
			      "%d turns", doc_where(scn, seq, where,
			      sizeof where), TURNS_MAX);
	for (i = 0; i < seq->n; i++) {
		if (seq->items[i]->kind != DOC_SCALAR ||
		    seq->items[i]->len >= TURN_NAME)
			return errorf(err, EXIT_REFUSED, "%s: a turn name is "
				      "a short text", doc_where(scn,
				      seq->items[i], where, sizeof where));
		snprintf(st->turn_names[i], TURN_NAME, "%s",
			 seq->items[i]->str);
	}
	st->last_turn = (int)seq->n;
	return 0;
}

/* 3.0: the nine US counters in the cup, the group at Losheim with 6
 * supply; its points are built in the first step (kgp_play). */
int kgp_setup(void *vst, const struct doc *scn, const struct doc_node *data,
	      const struct doc_node *options, struct error *err)
{
	static const char *const keys[] = { "start", "first-turn", "meuse",
		"surrounded", "turn-track", "counters", "town-columns", "towns",
		"link-columns", "links", NULL };
	struct kgp *st = vst;
	const struct doc_node *seq, *towns, *links;
	const char *start, *ring;
	char where[256];
	int i, l;

	memset(st, 0, sizeof *st);
	if (!data || data->kind != DOC_MAP)
		return errorf(err, EXIT_REFUSED, "%s: data must be a mapping "
			      "with towns, links and counters",
			      scn && scn->name ? scn->name : "scenario");
	if (doc_only_keys(scn, data, keys, err) < 0 ||
	    doc_need(scn, data, "towns", DOC_MAP, &towns, err) < 0 ||
	    doc_need(scn, data, "links", DOC_SEQ, &links, err) < 0 ||
	    graph_load(&st->map, scn, towns, doc_get(data, "town-columns"),
		       links, doc_get(data, "link-columns"), err) < 0 ||
	    check_towns(st, scn, err) < 0 ||
	    doc_need(scn, data, "counters", DOC_SEQ, &seq, err) < 0 ||
	    load_counters(st, scn, seq, err) < 0 ||
	    doc_need(scn, data, "turn-track", DOC_SEQ, &seq, err) < 0 ||
	    load_turns(st, scn, seq, err) < 0 ||
	    doc_need_str(scn, data, "start", &start, err) < 0 ||
	    town_list(st, scn, data, "first-turn", st->first, &st->n_first,
		      FIRST_MAX, err) < 0 ||
	    town_list(st, scn, data, "meuse", st->goals, &st->n_goals,
		      GOALS_MAX, err) < 0 ||
	    doc_need_str(scn, data, "surrounded", &ring, err) < 0)
		return -1;
	st->surrounded = graph_find(&st->map, ring);
	if (st->surrounded < 0)
		return errorf(err, EXIT_REFUSED, "%s: surrounded: no town "
			      "\"%s\" on the map", doc_where(scn,
			      doc_get(data, "surrounded"), where,
			      sizeof where), ring);
	st->start = graph_find(&st->map, start);
	if (st->start < 0)
		return errorf(err, EXIT_REFUSED, "%s: start: no town \"%s\"",
			      doc_where(scn, doc_get(data, "start"), where,
			      sizeof where), start);
	for (i = 0; i < st->n_first; i++)
		if (graph_link_between(&st->map, st->start,
				       st->first[i]) < 0)
			return errorf(err, EXIT_REFUSED, "%s: first-turn: %s "
				      "is not linked to %s",
				      doc_where(scn, doc_get(data,
				      "first-turn"), where, sizeof where),
				      st->map.nodes[st->first[i]].id, start);
	st->points = strcmp(option(scn, options, "points", "10"), "12") ?
		10 : 12;
	st->opt_draw = strcmp(option(scn, options, "draw", "off"), "on") ==
		0;
	st->opt_highest = strcmp(option(scn, options, "combat", "sum"),
				 "highest") == 0;
	for (l = 0; l < GRAPH_LINKS; l++)
		st->bridge[l] = NONE;
	st->turn = 1;
	st->phase = PH_BUILD;
	st->fuel = FUEL_MAX;
	st->at = st->start;
	st->toward = NONE;
	return 0;
}

/* ---- save ---- */

static struct doc_node *set_save(const struct kgp *st, const struct cup *c,
				 struct doc *d)
{
	const char *labels[COUNTERS_MAX];

	counter_labels(st, labels);
	return cup_save(c, labels, st->n_counters, d);
}

/* The turn track: {BOX: [counters]}, boxes that hold any. */
static struct doc_node *track_save(const struct kgp *st, struct doc *d)
{
	struct doc_node *m = doc_map(d);
	char box[8];
	int b;

	m->style = DOC_STYLE_FLOW;
	for (b = 1; b <= TURNS_MAX + 1; b++)
		if (cup_count(&st->track[b]) > 0) {
			snprintf(box, sizeof box, "%d", b);
			doc_set(d, m, box, set_save(st, &st->track[b], d));
		}
	return m;
}

/* The state mapping, in this key order (see the README of the tests). */
struct doc_node *kgp_save(const void *vst, struct doc *d)
{
	const struct kgp *st = vst;
	struct doc_node *m = doc_map(d), *g, *us, *seq, *bl;
	char name[2 * GRAPH_ID + 2];
	int u, t, i, l;

	doc_set_int(d, m, "turn", st->turn);
	doc_set_str(d, m, "phase", kgp_phase_names[st->phase]);
	doc_set_str(d, m, "at", st->map.nodes[st->at].id);
	if (st->toward != NONE)
		doc_set_str(d, m, "toward", st->map.nodes[st->toward].id);
	g = doc_map(d);
	g->style = DOC_STYLE_FLOW;
	for (u = 0; u < UNITS; u++)
		doc_set_int(d, g, kgp_unit_names[u], st->units[u]);
	doc_set(d, m, "group", g);
	doc_set_int(d, m, "fuel", st->fuel);
	us = doc_map(d);
	for (t = 0; t < st->map.n_nodes; t++) {
		if (st->n_us[t] == 0)
			continue;
		seq = doc_seq(d);
		seq->style = DOC_STYLE_FLOW;
		for (i = 0; i < st->n_us[t]; i++)
			doc_push(d, seq, doc_str(d, counter_label(st,
						 st->us[t][i])));
		doc_set(d, us, st->map.nodes[t].id, seq);
	}
	doc_set(d, m, "us", us);
	bl = doc_map(d);
	for (l = 0; l < st->map.n_links; l++) {
		if (st->bridge[l] == NONE)
			continue;
		snprintf(name, sizeof name, "%s/%s",
			 st->map.nodes[st->map.links[l].a].id,
			 st->map.nodes[st->map.links[l].b].id);
		doc_set_str(d, bl, name, counter_label(st, st->bridge[l]));
	}
	doc_set(d, m, "blown", bl);
	doc_set(d, m, "cup", set_save(st, &st->cup, d));
	doc_set_int(d, m, "cup-left", cup_left(st));
	doc_set(d, m, "track", track_save(st, d));
	doc_set(d, m, "removed", set_save(st, &st->removed, d));
	doc_set_int(d, m, "greif-turn", st->greif_turn);
	doc_set_str(d, m, "draw-earned", st->draw_earned ? "yes" : "no");
	doc_set_str(d, m, "result", kgp_result_names[st->result]);
	return m;
}

/* ---- load ---- */

static int load_town(const struct kgp *st, const struct doc *d,
		     const struct doc_node *n, int *out, struct error *err)
{
	char where[256];

	*out = n->kind == DOC_SCALAR ? graph_find(&st->map, n->str) : -1;
	if (*out < 0)
		return errorf(err, EXIT_REFUSED, "%s: no town \"%s\" on the "
			      "map", doc_where(d, n, where, sizeof where),
			      n->kind == DOC_SCALAR ? n->str : "");
	return 0;
}

static int load_group(struct kgp *st, const struct doc *d,
		      const struct doc_node *map, struct error *err)
{
	const struct doc_node *g = doc_get(map, "group");
	int u;

	if (!g)
		return 0;
	if (doc_need(d, map, "group", DOC_MAP, &g, err) < 0 ||
	    doc_only_keys(d, g, kgp_unit_names, err) < 0)
		return -1;
	for (u = 0; u < UNITS; u++)
		if (doc_opt_int(d, g, kgp_unit_names[u], 0, u < HEAVY ? MAIN_MAX :
			     SUPPORT_MAX, &st->units[u], err) < 0)
			return -1;
	return 0;
}

static int load_us(struct kgp *st, const struct doc *d,
		   const struct doc_node *map, struct error *err)
{
	const struct doc_node *us = doc_get(map, "us"), *seq, *it;
	const char *labels[COUNTERS_MAX];
	char where[256];
	size_t i, j;
	int t, k;

	if (!us)
		return 0;
	if (doc_need(d, map, "us", DOC_MAP, &us, err) < 0)
		return -1;
	counter_labels(st, labels);
	memset(st->n_us, 0, sizeof st->n_us);
	for (i = 0; i < us->n; i++) {
		if (load_town(st, d, us->keys[i], &t, err) < 0)
			return -1;
		seq = us->items[i];
		if (seq->kind != DOC_SEQ || seq->n > SLOTS)
			return errorf(err, EXIT_REFUSED, "%s: a town holds a "
				      "list of up to %d counters",
				      doc_where(d, seq, where, sizeof where),
				      SLOTS);
		for (j = 0; j < seq->n; j++) {
			it = seq->items[j];
			k = it->kind != DOC_SCALAR ? -3 :
				strcmp(it->str, "down") == 0 ? DOWN :
				cup_find(labels, st->n_counters, it->str);
			if (k < DOWN)
				return errorf(err, EXIT_REFUSED, "%s: \"%s\" is "
					      "not a counter (or down)",
					      doc_where(d, it, where,
					      sizeof where), it->kind ==
					      DOC_SCALAR ? it->str : "");
			st->us[t][st->n_us[t]++] = k;
		}
	}
	return 0;
}

static int load_blown(struct kgp *st, const struct doc *d,
		      const struct doc_node *map, struct error *err)
{
	const struct doc_node *bl = doc_get(map, "blown");
	const char *labels[COUNTERS_MAX];
	char where[256], a[GRAPH_ID * 2 + 2], *slash;
	size_t i;
	int l, k, ta, tb;

	if (!bl)
		return 0;
	if (doc_need(d, map, "blown", DOC_MAP, &bl, err) < 0)
		return -1;
	counter_labels(st, labels);
	for (l = 0; l < GRAPH_LINKS; l++)
		st->bridge[l] = NONE;
	for (i = 0; i < bl->n; i++) {
		snprintf(a, sizeof a, "%s", bl->keys[i]->str);
		slash = strchr(a, '/');
		if (slash)
			*slash++ = '\0';
		ta = graph_find(&st->map, a);
		tb = slash ? graph_find(&st->map, slash) : -1;
		l = ta >= 0 && tb >= 0 ?
			graph_link_between(&st->map, ta, tb) : -1;
		k = bl->items[i]->kind == DOC_SCALAR ?
			cup_find(labels, st->n_counters, bl->items[i]->str) :
			-1;
		if (l < 0 || k < 0 || !graph_link_flag(&st->map, l, "bridge") ||
		    st->counters[k].type != CT_ENGINEER)
			return errorf(err, EXIT_REFUSED, "%s: blown bridges "
				      "are \"TOWN/TOWN: ENGINEER\", a bridge "
				      "link and an engineer counter",
				      doc_where(d, bl->keys[i], where,
				      sizeof where));
		st->bridge[l] = k;
	}
	return 0;
}

static int load_set(struct kgp *st, const struct doc *d,
		    const struct doc_node *map, const char *key,
		    struct cup *c, struct error *err)
{
	const char *labels[COUNTERS_MAX];
	const struct doc_node *n = doc_get(map, key);

	if (!n)
		return 0;
	counter_labels(st, labels);
	return cup_load(c, labels, st->n_counters, d, n, key, err);
}

/* track: {BOX: [counters]}, a box from 1 to the turn after the last. */
static int load_track(struct kgp *st, const struct doc *d,
		      const struct doc_node *map, struct error *err)
{
	const char *labels[COUNTERS_MAX];
	const struct doc_node *m = doc_get(map, "track");
	char where[256], *end;
	long b;
	size_t i;

	if (!m)
		return 0;
	if (doc_need(d, map, "track", DOC_MAP, &m, err) < 0)
		return -1;
	counter_labels(st, labels);
	for (i = 0; i < m->n; i++) {
		b = strtol(m->keys[i]->str, &end, 10);
		if (*end || end == m->keys[i]->str || b < 1 ||
		    b > st->last_turn + 1)
			return errorf(err, EXIT_REFUSED, "%s: track: a box is "
				      "a turn from 1 to %d, holding the "
				      "counters that go back to the cup at "
				      "its end", doc_where(d, m->keys[i],
				      where, sizeof where),
				      st->last_turn + 1);
		if (cup_load(&st->track[b], labels, st->n_counters, d,
			     m->items[i], "track", err) < 0)
			return -1;
	}
	return 0;
}

/* Each counter in one place only; unless the cup is given, it holds every
 * counter not shown elsewhere. */
static int check_counters(struct kgp *st, const struct doc *d,
			  const struct doc_node *map, struct error *err)
{
	int seen[COUNTERS_MAX] = { 0 }, t, i, l, k;
	const char *name = d && d->name ? d->name : "position";

	for (t = 0; t < st->map.n_nodes; t++)
		for (i = 0; i < st->n_us[t]; i++)
			if (st->us[t][i] >= 0)
				seen[st->us[t][i]]++;
	for (l = 0; l < st->map.n_links; l++)
		if (st->bridge[l] >= 0)
			seen[st->bridge[l]]++;
	for (k = 0; k < st->n_counters; k++) {
		seen[k] += (track_box(st, k) > 0) + cup_has(&st->removed, k);
		if (!doc_get(map, "cup")) {
			if (seen[k])
				cup_remove(&st->cup, k);
			else
				cup_add(&st->cup, k);
		}
		seen[k] += cup_has(&st->cup, k);
		if (seen[k] != 1)
			return errorf(err, EXIT_REFUSED, "%s: counter %s is in "
				      "%s place", name, st->counters[k].id,
				      seen[k] ? "more than one" : "no");
	}
	if (face_down(st) > cup_count(&st->cup))
		return errorf(err, EXIT_REFUSED, "%s: %d face-down counters "
			      "but only %d in the cup", name, face_down(st),
			      cup_count(&st->cup));
	return 0;
}

int kgp_load(void *vst, const struct doc *d, const struct doc_node *map,
	     struct error *err)
{
	static const char *const keys[] = { "turn", "phase", "at", "toward",
		"group",
		"fuel", "us", "blown", "cup", "cup-left", "track", "removed",
		"greif-turn", "draw-earned", "result", NULL };
	static const char *const yes_no[] = { "no", "yes" };
	struct kgp *st = vst;
	const struct doc_node *n;
	char where[256];
	int v;

	if (!map || map->kind != DOC_MAP)
		return errorf(err, EXIT_REFUSED, "%s: the position must be a "
			      "mapping", d && d->name ? d->name : "position");
	if (doc_only_keys(d, map, keys, err) < 0 ||
	    doc_opt_int(d, map, "turn", 1, st->last_turn, &st->turn, err) < 0)
		return -1;
	v = (int)st->phase;
	if (doc_opt_name(d, map, "phase", kgp_phase_names, PHASES, &v, err) < 0)
		return -1;
	st->phase = (enum phase)v;
	if ((n = doc_get(map, "at")) && load_town(st, d, n, &st->at, err) < 0)
		return -1;
	if ((n = doc_get(map, "toward")) &&
	    load_town(st, d, n, &st->toward, err) < 0)
		return -1;
	if (load_group(st, d, map, err) < 0 ||
	    doc_opt_int(d, map, "fuel", 0, FUEL_MAX, &st->fuel, err) < 0 ||
	    load_us(st, d, map, err) < 0 ||
	    load_blown(st, d, map, err) < 0 ||
	    load_set(st, d, map, "cup", &st->cup, err) < 0 ||
	    load_track(st, d, map, err) < 0 ||
	    load_set(st, d, map, "removed", &st->removed, err) < 0 ||
	    check_counters(st, d, map, err) < 0 ||
	    doc_opt_int(d, map, "greif-turn", 0, TURNS_MAX, &st->greif_turn,
		     err) < 0)
		return -1;
	v = st->draw_earned;
	if (doc_opt_name(d, map, "draw-earned", yes_no, 2, &v, err) < 0)
		return -1;
	st->draw_earned = v;
	v = (int)st->result;
	if (doc_opt_name(d, map, "result", kgp_result_names, RESULTS, &v, err) < 0)
		return -1;
	st->result = (enum result)v;
	if ((n = doc_get(map, "cup-left"))) {
		if (doc_opt_int(d, map, "cup-left", 0, COUNTERS_MAX, &v, err) < 0)
			return -1;
		if (v != cup_left(st))
			return errorf(err, EXIT_REFUSED, "%s: cup-left: %d, but "
				      "the cup less the face-down counters "
				      "leaves %d", doc_where(d, n, where,
				      sizeof where), v, cup_left(st));
	}
	return 0;
}

/* "infantry 119/30 (strength 2)", "engineers 291/1128", ... */
void counter_text(const struct kgp *st, int k, char *buf, size_t size)
{
	const struct counter *ct;

	if (k < 0 || k >= st->n_counters) {
		snprintf(buf, size, "a face-down counter");
		return;
	}
	ct = &st->counters[k];
	switch (ct->type) {
	case CT_INFANTRY:
	case CT_PARATROOP:
	case CT_TANK:
		snprintf(buf, size, "%s %s (strength %d)",
			 ct->type == CT_INFANTRY ? "infantry" :
			 ct->type == CT_PARATROOP ? "paratroops" : "tank",
			 ct->name, ct->strength);
		break;
	case CT_ENGINEER:
		snprintf(buf, size, "engineers %s", ct->name);
		break;
	case CT_AIRCRAFT:
		snprintf(buf, size, "aircraft %s", ct->name);
		break;
	default:
		snprintf(buf, size, "the fuel/anti-tank counter");
		break;
	}
}

/* The slot of the first face-up counter of a type in town, or -1. */
int town_counter(const struct kgp *st, int town, enum ctype type)
{
	int i, k;

	for (i = 0; i < st->n_us[town]; i++) {
		k = st->us[town][i];
		if (k >= 0 && st->counters[k].type == type)
			return i;
	}
	return -1;
}

/* 6.1, 6.3: a counter goes to the box of the next turn on the turn
 * track. */
void track_put(struct kgp *st, int k)
{
	cup_add(&st->track[st->turn + 1], k);
}

/* The counters of one box of the turn track (every box if box is 0) go
 * back to the cup; returns how many. */
int track_return(struct kgp *st, int box)
{
	int b, k, n = 0;

	for (b = box ? box : 1; b <= (box ? box : TURNS_MAX + 1); b++)
		for (k = 0; k < st->n_counters; k++)
			if (cup_has(&st->track[b], k)) {
				cup_remove(&st->track[b], k);
				cup_add(&st->cup, k);
				n++;
			}
	return n;
}

/* The box of the turn track a counter is in, or 0. */
int track_box(const struct kgp *st, int k)
{
	int b;

	for (b = 1; b <= TURNS_MAX + 1; b++)
		if (cup_has(&st->track[b], k))
			return b;
	return 0;
}

/* Take the counter in a slot off the town (the caller puts it where it
 * goes). */
void town_take(struct kgp *st, int town, int slot)
{
	int i;

	for (i = slot; i + 1 < st->n_us[town]; i++)
		st->us[town][i] = st->us[town][i + 1];
	st->n_us[town]--;
}
