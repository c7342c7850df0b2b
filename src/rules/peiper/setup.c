/*
 * setup.c - Kampfgruppe Peiper: the start state from the scenario (2.0,
 * 3.0): the map, the US counters, the turn track and the options.
 */
#include <stdio.h>
#include <string.h>
#include "../lib/option.h"
#include "peiper.h"

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
	st->points = strcmp(rules_option(scn, options, "points", "10"),
			    "12") ? 10 : 12;
	st->opt_draw = strcmp(rules_option(scn, options, "draw", "off"),
			      "on") == 0;
	st->opt_highest = strcmp(rules_option(scn, options, "combat", "sum"),
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
