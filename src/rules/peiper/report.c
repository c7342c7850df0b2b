/*
 * report.c - Kampfgruppe Peiper: the position for a mail report (the
 * group, its fuel, the map around it) and the result (4.0).
 */
#include <stdio.h>
#include <string.h>
#include "peiper.h"

enum { COLUMNS = MAIL_COLUMNS };

/* Append text, wrapping at COLUMNS under a 6-column indent. */
static void words(struct strbuf *out, size_t *col, const char *w)
{
	size_t len = strlen(w);

	if (*col + 1 + len > COLUMNS) {
		strbuf_adds(out, "\n     ");
		*col = 5;
	}
	strbuf_addc(out, ' ');
	strbuf_adds(out, w);
	*col += len + 1;
}

static void town_facts(const struct kgp *st, int t, char *buf, size_t n)
{
	const char *star = graph_node_attr(&st->map, t, "star");
	const char *rb = graph_node_attr(&st->map, t, "rollbahn");

	snprintf(buf, n, "threat %d, %s star%s%s%s", kgp_threat_of(st, t),
		 star && strcmp(star, "none") ? star : "no",
		 rb ? ", Rollbahn " : "", rb ? rb : "",
		 kgp_is_goal(st, t) ? ", on the Meuse" : "");
}

static void us_list(const struct kgp *st, int t, char *buf, size_t n)
{
	int i, k;

	buf[0] = '\0';
	for (i = 0; i < st->us[t].n; i++) {
		k = st->us[t].c[i];
		snprintf(buf + strlen(buf), n - strlen(buf), "%s%s",
			 i ? ", " : "", k == DOWN ? "face down" :
			 st->counters[k].name);
	}
}

/* One line per road out of the group's town, by direction. */
static void around(const struct kgp *st, struct strbuf *out)
{
	int links[GRAPH_DEGREE], l, t;
	size_t n, i;
	enum graph_dir dir;
	const char *road;
	char us[64], line[160];

	strbuf_addf(out, "Around %s (moves go west, north or south):\n",
		    kgp_town_name(st, st->at));
	n = graph_links_of(&st->map, st->at, links, GRAPH_DEGREE);
	for (i = 0; i < n; i++) {
		l = links[i];
		t = graph_other(&st->map, l, st->at);
		dir = graph_dir_from(&st->map, l, st->at);
		road = graph_link_attr(&st->map, l, "road");
		us_list(st, t, us, sizeof us);
		snprintf(line, sizeof line, "  %-2s %-14s threat %d %-6s "
			 "road %-2s %-7s%s%s", graph_dir_name(dir),
			 kgp_town_name(st, t), kgp_threat_of(st, t),
			 kgp_yellow_star(st, t) ? "yellow" : "",
			 road ? road : "-", st->bridge[l] != NONE ? "BLOWN" :
			 graph_link_flag(&st->map, l, "bridge") ? "bridge" :
			 "", us[0] ? "US " : "", us);
		if (strlen(line) > COLUMNS)
			line[COLUMNS] = '\0';
		while (line[0] && line[strlen(line) - 1] == ' ')
			line[strlen(line) - 1] = '\0';
		strbuf_addf(out, "%s\n", line);
	}
	if (n == 0)
		strbuf_adds(out, "  (no roads)\n");
}

/* Before each entry of the Elsewhere line but the first: "; ". */
static void entry(struct strbuf *out, size_t *col, int *any)
{
	if (*any) {
		strbuf_addc(out, ';');
		(*col)++;
	}
	*any = 1;
}

static void counters_line(const struct kgp *st, struct strbuf *out)
{
	size_t col;
	int k, t, l, any = 0;
	char w[80];

	strbuf_addf(out, "US counters unseen: %d in the cup, %d face down "
		    "on the map\n", kgp_cup_left(st), kgp_face_down(st));
	strbuf_adds(out, "  Elsewhere:");
	col = 12;
	for (t = 0; t < st->map.n_nodes; t++) {
		if (st->us[t].n == 0 || t == st->at)
			continue;
		if (graph_link_between(&st->map, st->at, t) >= 0)
			continue;
		us_list(st, t, w + 40, 40);
		snprintf(w, 40, "%s:", kgp_town_name(st, t));
		entry(out, &col, &any);
		words(out, &col, w);
		words(out, &col, w + 40);
	}
	for (l = 0; l < st->map.n_links; l++)
		if (st->bridge[l] != NONE) {
			snprintf(w, sizeof w, "%s on the %s-%s bridge",
				 st->counters[st->bridge[l]].name,
				 kgp_town_name(st, st->map.links[l].a),
				 kgp_town_name(st, st->map.links[l].b));
			entry(out, &col, &any);
			words(out, &col, w);
		}
	for (k = 0; k < st->n_counters; k++)
		if (kgp_track_box(st, k) || cup_has(&st->removed, k)) {
			if (kgp_track_box(st, k))
				snprintf(w, sizeof w, "%s (turn track, box "
					 "%d)", st->counters[k].name,
					 kgp_track_box(st, k));
			else
				snprintf(w, sizeof w, "%s (out of the game)",
					 st->counters[k].name);
			entry(out, &col, &any);
			words(out, &col, w);
		}
	if (!any)
		words(out, &col, "-");
	strbuf_addc(out, '\n');
}

/* The optional rules in play, the standard ones left out. */
static void optional_rules(const struct kgp *st, struct strbuf *out)
{
	const char *on[3];
	int n = 0, i;
	char pts[32];

	snprintf(pts, sizeof pts, "%d points (3.0)", st->points);
	if (st->points != 10)
		on[n++] = pts;
	if (st->opt_draw)
		on[n++] = st->draw_earned ? "draw at value 4+ (4.0, earned)" :
			"draw at value 4+ (4.0)";
	if (st->opt_highest)
		on[n++] = "highest-die combat (6.1)";
	if (n == 0)
		return;
	strbuf_adds(out, "Optional rules:");
	for (i = 0; i < n; i++)
		strbuf_addf(out, "%s%s", i ? (i == 2 ? ",\n  " : ", ") : " ",
			    on[i]);
	strbuf_adds(out, ".\n");
}

void kgp_position(const void *vst, const char *side, struct strbuf *out)
{
	const struct kgp *st = vst;
	char facts[128];

	strbuf_addf(out, "Kampfgruppe Peiper, turn %d of %d (%s), %s\n",
		    st->turn, st->last_turn, st->turn_names[st->turn - 1],
		    kgp_phase_titles[st->phase]);
	strbuf_adds(out, "PROVISIONAL MAP: a reconstruction of the road net, "
		    "not the printed map.\n");
	if (st->toward != NONE) {
		town_facts(st, st->toward, facts, sizeof facts);
		strbuf_addf(out, "Group on the road from %s to %s\n  (%s: %s)"
			    "\n", kgp_town_name(st, st->at),
			    kgp_town_name(st, st->toward),
			    kgp_town_name(st, st->toward), facts);
	} else {
		town_facts(st, st->at, facts, sizeof facts);
		strbuf_addf(out, "Group at %s (%s)\n",
			    kgp_town_name(st, st->at), facts);
	}
	strbuf_addf(out, "  Main     armour %d, panzergrenadiers %d\n",
		    st->units[ARMOUR], st->units[PANZERGRENADIERS]);
	strbuf_addf(out, "  Support  heavy armour %d, artillery %d, recon %d, "
		    "engineers %d, AA %d\n", st->units[HEAVY],
		    st->units[ARTILLERY], st->units[RECON],
		    st->units[ENGINEERS], st->units[FLAK]);
	strbuf_addf(out, "  Fuel     %d of %d\n", st->fuel, FUEL_MAX);
	around(st, out);
	counters_line(st, out);
	if (st->greif_turn >= st->turn)
		strbuf_addf(out, "Operation Greif: threat values 1 lower on "
			    "turn %d.\n", st->greif_turn);
	optional_rules(st, out);
}

int kgp_result(const void *vst, struct strbuf *out)
{
	const struct kgp *st = vst;

	if (st->phase != PH_OVER)
		return 0;
	switch (st->result) {
	case RES_VICTORY:
		strbuf_addf(out, "Victory (4.0): Kampfgruppe Peiper reaches "
			    "the Meuse at %s on turn %d (%s).",
			    kgp_town_name(st, st->at), st->turn,
			    st->turn_names[st->turn - 1]);
		break;
	case RES_DRAW:
		strbuf_adds(out, "Draw (4.0, optional rule): no Meuse town by "
			    "the last turn, but the group did better than "
			    "history (a town of value 4 or more).");
		break;
	case RES_TIME:
		strbuf_addf(out, "Defeat (4.0): no Meuse town by %s.",
			    st->turn_names[st->last_turn - 1]);
		break;
	case RES_BROKEN:
		strbuf_addf(out, "Defeat (6.1): the group lost its last main "
			    "unit on turn %d.", st->turn);
		break;
	case RES_ENCIRCLED:
		strbuf_addf(out, "Defeat (7.0): the group is surrounded and "
			    "destroyed at %s on turn %d.",
			    kgp_town_name(st, st->at), st->turn);
		break;
	default:
		strbuf_adds(out, "The game is over.");
		break;
	}
	return 1;
}
