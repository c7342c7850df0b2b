/*
 * event.c - Kampfgruppe Peiper: random events (7.0), brought by doubles
 * in a threat check: one die of the pair plus the turn number.
 */
#include <stdio.h>
#include "peiper.h"

/* 2-3: the towns entered next turn have a threat value 1 lower. */
static void operation_greif(struct ctx *c, struct kgp *st)
{
	st->greif_turn = st->turn + 1;
	ctx_event(c, "7.0", "Operation Greif: special forces succeed; the "
		  "threat values of next turn's towns are 1 lower (never "
		  "below 1).");
}

/* 4-5: paratroopers join: 1 panzergrenadier point (never above 6). */
static void fallschirmjaeger(struct ctx *c, struct kgp *st)
{
	if (st->units[PANZERGRENADIERS] < MAIN_MAX)
		st->units[PANZERGRENADIERS]++;
	ctx_event(c, "7.0", "Fallschirmjaeger join the group: "
		  "panzergrenadiers %d.", st->units[PANZERGRENADIERS]);
}

/* 6-8: every US counter on the turn track, whatever its box, goes back
 * to the cup. */
static void us_regroup(struct ctx *c, struct kgp *st)
{
	int n = kgp_track_return(st, 0);

	ctx_event(c, "7.0", "US units regroup: %d counter%s on the turn "
		  "track go%s back to the cup.", n, n == 1 ? "" : "s",
		  n == 1 ? "es" : "");
}

/* 9-11: a die, halved (rounded down), in fuel. */
static void supply_from_the_rear(struct ctx *c, struct kgp *st)
{
	int d = ctx_die(c, "7.0 supply from the rear", 6);
	char why[64];

	snprintf(why, sizeof why, "Supply from the rear: die %d, half", d);
	kgp_gain_fuel(c, st, d / 2, "7.0", why);
}

/* 12+: the group is pushed to the town to its east, burning no fuel (the
 * player chooses if several roads lead east). At La Gleize, with no road
 * east, it is surrounded and destroyed; anywhere else with no open road
 * east it holds where it is (the rule destroys it at La Gleize only). */
static void us_counterattack(struct ctx *c, struct kgp *st, int town)
{
	struct question q;
	int links[GRAPH_DEGREE], east[GRAPH_DEGREE], n = 0, i;
	size_t nl;
	enum graph_dir dir;

	nl = graph_links_of(&st->map, town, links, GRAPH_DEGREE);
	for (i = 0; i < (int)nl; i++) {
		dir = graph_dir_from(&st->map, links[i], town);
		if ((dir == DIR_NE || dir == DIR_E || dir == DIR_SE) &&
		    st->bridge[links[i]] == NONE)
			east[n++] = graph_other(&st->map, links[i], town);
	}
	if (n == 0 && town != st->surrounded) {
		ctx_event(c, "7.0", "US counter-attack: no open road east out "
			  "of %s; the group holds there.",
			  kgp_town_name(st, town));
		return;
	}
	if (n == 0) {
		ctx_event(c, "7.0", "US counter-attack: no road east out of "
			  "%s; the group is surrounded and destroyed, as "
			  "historically.", kgp_town_name(st, town));
		st->result = RES_ENCIRCLED;
		st->phase = PH_OVER;
		return;
	}
	i = 0;
	if (n > 1) {
		q_init(&q, "7.0", "counter-attack", "player", "US "
		       "counter-attack: the group falls back east from %s; "
		       "to which town?", kgp_town_name(st, town));
		for (i = 0; i < n; i++)
			kgp_town_option(&q, st, "", east[i]);
		i = (int)ctx_ask(c, &q);
	}
	st->at = east[i];
	ctx_mark(c, "", "move", st->map.nodes[town].id,
		 st->map.nodes[east[i]].id, "pushed back");
	ctx_event(c, "7.0", "US counter-attack: the group is pushed back "
		  "from %s to %s, burning no fuel.", kgp_town_name(st, town),
		  kgp_town_name(st, east[i]));
}

/* Returns 1 if the event ends the group's move (the counter-attack). */
int kgp_random_event(struct ctx *c, struct kgp *st, int die, int town)
{
	int v = die + st->turn;

	ctx_event(c, "7.0", "Doubles: random event %d (die %d + turn %d).",
		  v, die, st->turn);
	if (v <= 3)
		operation_greif(c, st);
	else if (v <= 5)
		fallschirmjaeger(c, st);
	else if (v <= 8)
		us_regroup(c, st);
	else if (v <= 11)
		supply_from_the_rear(c, st);
	else {
		us_counterattack(c, st, town);
		return 1;
	}
	return 0;
}
