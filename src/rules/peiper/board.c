/*
 * board.c - Kampfgruppe Peiper: the map and counter look-ups the rules
 * share (towns, threat values, the roads west, the turn track, the
 * counters in a town).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "peiper.h"

const char *kgp_town_name(const struct kgp *st, int town)
{
	return town >= 0 && town < st->map.n_nodes ?
		st->map.nodes[town].name : "nowhere";
}

void kgp_town_option(struct question *q, const struct kgp *st,
		     const char *prefix, int town)
{
	q_add(q, "%s%s", prefix, st->map.nodes[town].id);
	q_target(q, "town", st->map.nodes[town].id);
}

void kgp_counter_labels(const struct kgp *st, const char **out)
{
	int i;

	for (i = 0; i < st->n_counters; i++)
		out[i] = st->counters[i].id;
}

int kgp_face_down(const struct kgp *st)
{
	int t, i, n = 0;

	for (t = 0; t < st->map.n_nodes; t++)
		for (i = 0; i < st->us[t].n; i++)
			n += st->us[t].c[i] == DOWN;
	return n;
}

/* Counters really in the cup: the face-down ones are drawn from it when
 * they are looked at (cup.h). */
int kgp_cup_left(const struct kgp *st)
{
	int n = cup_count(&st->cup) - kgp_face_down(st);

	return n > 0 ? n : 0;
}

int kgp_threat_of(const struct kgp *st, int town)
{
	const char *v = graph_node_attr(&st->map, town, "threat");

	return v ? atoi(v) : 0;
}

int kgp_yellow_star(const struct kgp *st, int town)
{
	const char *v = graph_node_attr(&st->map, town, "star");

	return v && strcmp(v, "yellow") == 0;
}

int kgp_is_goal(const struct kgp *st, int town)
{
	int i;

	for (i = 0; i < st->n_goals; i++)
		if (st->goals[i] == town)
			return 1;
	return 0;
}

int kgp_main_points(const struct kgp *st)
{
	return st->units[ARMOUR] + st->units[PANZERGRENADIERS];
}

int kgp_support_points(const struct kgp *st)
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
int kgp_moves_from(const struct kgp *st, int town, int *out)
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

/* "infantry 119/30 (strength 2)", "engineers 291/1128", ... */
void kgp_counter_text(const struct kgp *st, int k, char *buf, size_t size)
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
int kgp_town_counter(const struct kgp *st, int town, enum ctype type)
{
	int i, k;

	for (i = 0; i < st->us[town].n; i++) {
		k = st->us[town].c[i];
		if (k >= 0 && st->counters[k].type == type)
			return i;
	}
	return -1;
}

/* 6.1, 6.3: a counter goes to the box of the next turn on the turn
 * track. */
void kgp_track_put(struct kgp *st, int k)
{
	cup_add(&st->track[st->turn + 1], k);
}

/* The counters of one box of the turn track (every box if box is 0) go
 * back to the cup; returns how many. */
int kgp_track_return(struct kgp *st, int box)
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
int kgp_track_box(const struct kgp *st, int k)
{
	int b;

	for (b = 1; b <= TURNS_MAX + 1; b++)
		if (cup_has(&st->track[b], k))
			return b;
	return 0;
}

/* Take the counter in a slot off the town (the caller puts it where it
 * goes). */
void kgp_town_take(struct kgp *st, int town, int slot)
{
	int i;

	for (i = slot; i + 1 < st->us[town].n; i++)
		st->us[town].c[i] = st->us[town].c[i + 1];
	st->us[town].n--;
	/* the slot let go is 0, as in a state read back from its save
	 * (ctx_checkpoint: the two must be the same bytes) */
	st->us[town].c[st->us[town].n] = 0;
}

/* Every counter of a town back into the cup, face-down ones unseen. */
void kgp_clear_town(struct kgp *st, int town)
{
	int i;

	for (i = 0; i < st->us[town].n; i++)
		if (st->us[town].c[i] >= 0)
			cup_add(&st->cup, st->us[town].c[i]);
	st->us[town].n = 0;
	memset(st->us[town].c, 0, sizeof st->us[town].c);
}
