/*
 * turn.c - Kampfgruppe Peiper: building the battle group (3.0), victory
 * (4.0) and the turn (5.0): US placement, reconnaissance, the move and
 * its threat check, the free second move, the end of the turn. Combat is
 * in combat.c, random events in event.c. play() runs from whatever phase
 * the state records.
 */
#include <stdio.h>
#include <string.h>
#include "peiper.h"

static const char *const build_keys[UNITS] = { "build-armour",
	"build-panzergrenadiers", "build-heavy-armour", "build-artillery",
	"build-recon", "build-engineers", "build-anti-aircraft" };

static int unit_max(int u)
{
	return u < HEAVY ? MAIN_MAX : SUPPORT_MAX;
}

/* 3.0: the player shares the points (10, or 12 with the optional rule)
 * among the units, up to 6 for a main unit and 3 for a support unit. All
 * points are spent, and at least one goes to a main unit (6.1: a group
 * without main units cannot fight). */
static void build(struct ctx *c, struct kgp *st)
{
	struct question q;
	int left = st->points, u, w, v, lo, hi, later;

	ctx_where(c, st->turn, "setup");
	for (u = 0; u < UNITS; u++) {
		for (later = 0, w = u + 1; w < UNITS; w++)
			later += unit_max(w);
		lo = left > later ? left - later : 0;
		hi = left < unit_max(u) ? left : unit_max(u);
		if (u == PANZERGRENADIERS && st->units[ARMOUR] == 0 && lo < 1)
			lo = 1;
		if (lo == hi) {
			st->units[u] = lo;
			left -= lo;
			continue;
		}
		q_init(&q, "3.0", build_keys[u], "player", "Points for %s "
		       "(%d of %d left to share; at most %d).",
		       kgp_unit_titles[u], left, st->points, unit_max(u));
		for (v = hi; v >= lo; v--)
			q_add(&q, "%d", v);
		st->units[u] = hi - (int)ctx_ask(c, &q);
		left -= st->units[u];
	}
	ctx_event(c, "3.0", "Kampfgruppe Peiper is built with %d points: "
		  "armour %d, panzergrenadiers %d; heavy armour %d, "
		  "artillery %d, reconnaissance %d, engineers %d, "
		  "anti-aircraft %d; supply %d. It waits at %s.", st->points,
		  st->units[ARMOUR], st->units[PANZERGRENADIERS],
		  st->units[HEAVY], st->units[ARTILLERY], st->units[RECON],
		  st->units[ENGINEERS], st->units[FLAK], st->fuel,
		  kgp_town_name(st, st->at));
	st->phase = PH_PLACEMENT;
}

/* A counter drawn blind from the cup; -1 if the cup is empty. */
static int draw_counter(struct ctx *c, struct kgp *st, const char *purpose)
{
	const char *labels[COUNTERS_MAX];

	kgp_counter_labels(st, labels);
	return cup_draw(c, &st->cup, labels, st->n_counters, purpose,
			"us-unseen");
}

/* 5.0 step 1: one face-down counter from the cup in each town north,
 * west and south of the group (on the first turn, the first-turn towns);
 * a town that still holds counters keeps them instead. The counters are
 * decided when they are looked at. */
static void us_placement(struct ctx *c, struct kgp *st)
{
	int dest[GRAPH_DEGREE], n, i, t;

	ctx_where(c, st->turn, "US placement");
	n = kgp_moves_from(st, st->at, dest);
	for (i = 0; i < n; i++) {
		t = dest[i];
		if (st->us[t].n > 0) {
			ctx_event(c, "5.0", "%s still holds %d US counter%s.",
				  kgp_town_name(st, t), st->us[t].n,
				  st->us[t].n == 1 ? "" : "s");
		} else if (kgp_cup_left(st) == 0) {
			ctx_event(c, "5.0", "The cup is empty: no US counter "
				  "for %s.", kgp_town_name(st, t));
		} else {
			st->us[t].c[st->us[t].n++] = DOWN;
			ctx_event(c, "5.0", "A US counter is placed face down "
				  "at %s (threat %d).", kgp_town_name(st, t),
				  kgp_threat_of(st, t));
			ctx_mark(c, "", "placed", st->map.nodes[t].id, "",
				 "US counter, face down");
		}
	}
	st->phase = PH_RECON;
}

/* Turn a face-down counter face up: it is drawn from the cup now. */
static void reveal(struct ctx *c, struct kgp *st, int town, int slot,
		   const char *rule, const char *why)
{
	char purpose[96], what[64];
	int k;

	snprintf(purpose, sizeof purpose, "%s %s at %s", rule, why,
		 kgp_town_name(st, town));
	k = draw_counter(c, st, purpose);
	st->us[town].c[slot] = k;
	kgp_counter_text(st, k, what, sizeof what);
	ctx_event(c, rule, "The US counter at %s is turned face up: %s.",
		  kgp_town_name(st, town), what);
}

/* 5.0 step 2: 1 reconnaissance point turns a face-down counter up. */
static void reconnaissance(struct ctx *c, struct kgp *st)
{
	struct question q;
	int towns[GRAPH_NODES], t, i;
	size_t k;

	ctx_where(c, st->turn, "reconnaissance");
	while (st->units[RECON] > 0) {
		q_init(&q, "5.0", "recon", "player", "Reconnaissance (%d "
		       "point%s): turn a face-down US counter face up?",
		       st->units[RECON], st->units[RECON] == 1 ? "" : "s");
		q_add(&q, "done");
		for (t = 0; t < st->map.n_nodes; t++)
			for (i = 0; i < st->us[t].n; i++)
				if (st->us[t].c[i] == DOWN) {
					towns[q.n - 1] = t;
					kgp_town_option(&q, st, "reveal ", t);
					break;
				}
		if (q.n == 1 || (k = ctx_ask(c, &q)) == 0)
			break;
		t = towns[k - 1];
		st->units[RECON]--;
		ctx_event(c, "5.0", "Reconnaissance spends 1 point (%d left) "
			  "on %s.", st->units[RECON], kgp_town_name(st, t));
		for (i = 0; st->us[t].c[i] != DOWN; i++)
			;
		reveal(c, st, t, i, "5.0", "reconnaissance");
	}
	st->phase = PH_MOVE;
}

/* 5.0 step 4, no US unit: the counters of the town go back to the cup,
 * as the event says: those turned face up before (reconnaissance, a
 * threat check, a repulse) named, the face-down ones unseen. */
static void back_to_cup_event(struct ctx *c, struct kgp *st, int town)
{
	char seen[256] = "", what[64];
	int i, k, down = 0, up = 0, n = st->us[town].n;

	if (n == 0)
		return;
	for (i = 0; i < n; i++) {
		k = st->us[town].c[i];
		if (k < 0) {
			down++;
			continue;
		}
		kgp_counter_text(st, k, what, sizeof what);
		snprintf(seen + strlen(seen), sizeof seen - strlen(seen),
			 "%s%s", up++ ? " and " : "", what);
	}
	if (up == 0) {
		ctx_event(c, "5.0", "The US counter%s at %s go%s back to the "
			  "cup unseen.", n > 1 ? "s" : "",
			  kgp_town_name(st, town), n > 1 ? "" : "es");
		return;
	}
	char rest[32] = "";
	if (down)
		snprintf(rest, sizeof rest, "; %d unseen", down);
	ctx_event(c, "5.0", "The US counter%s at %s go%s back to the cup, "
		  "seen before: %s%s.", n > 1 ? "s" : "",
		  kgp_town_name(st, town), n > 1 ? "" : "es", seen, rest);
}

/* 5.0 step 4, the counters that appear: those already in the town first
 * (face-down ones turned up), then counters drawn face up from the cup;
 * counters in the town beyond that number go back to the cup. */
static void appear(struct ctx *c, struct kgp *st, int town, int n)
{
	char what[64];
	int i, k;

	while (st->us[town].n > n) {
		k = st->us[town].c[--st->us[town].n];
		if (k >= 0)
			cup_add(&st->cup, k);
	}
	for (i = 0; i < n; i++) {
		if (i < st->us[town].n) {
			if (st->us[town].c[i] == DOWN)
				reveal(c, st, town, i, "5.0",
				       "threat check: the counter placed");
			continue;
		}
		if (kgp_cup_left(st) == 0) {
			ctx_event(c, "5.0", "The cup is empty: no further US "
				  "counter appears.");
			return;
		}
		k = draw_counter(c, st, "5.0 threat check: a counter from "
				 "the cup");
		st->us[town].c[st->us[town].n++] = k;
		kgp_counter_text(st, k, what, sizeof what);
		ctx_event(c, "5.0", "A US counter from the cup appears at %s: "
			  "%s.", kgp_town_name(st, town), what);
		ctx_mark(c, "", "placed", st->map.nodes[town].id, "",
			 st->counters[k].name);
	}
}

/* 5.0 step 4: two dice against the town's threat value (7.0 Greif: 1
 * lower on the turn after it, never below 1). Each die at or under it
 * brings a US counter; none: the group enters the town. Doubles bring a
 * random event whatever the result. Then combat (6.0). */
static enum move_end check_and_fight(struct ctx *c, struct kgp *st,
				     int from, int to, int fuel_spent)
{
	char purpose[96];
	int v = kgp_threat_of(st, to), d1, d2, n, greif = 0;

	if (st->greif_turn == st->turn && v > 1) {
		v--;
		greif = 1;
	}
	snprintf(purpose, sizeof purpose, "5.0 threat check at %s, die 1",
		 kgp_town_name(st, to));
	d1 = ctx_die(c, purpose, 6);
	purpose[strlen(purpose) - 1] = '2';
	d2 = ctx_die(c, purpose, 6);
	n = (d1 <= v) + (d2 <= v);
	ctx_event(c, "5.0", "Threat check at %s, value %d%s: %d and %d: %s.",
		  kgp_town_name(st, to), v, greif ? " (1 lower, Operation "
		  "Greif)" : "", d1, d2, n == 0 ? "no US unit" : n == 1 ?
		  "one US counter appears" : "two US counters appear");
	if (n == 0) {
		back_to_cup_event(c, st, to);
		kgp_clear_town(st, to);
		kgp_enter_town(c, st, to, "5.0");
		if (st->phase == PH_OVER)
			return M_OVER;
	} else {
		appear(c, st, to, n);
		if (st->us[to].n == 0) {
			/* 5.0 step 5: no counter could appear (the cup is
			 * empty): no US unit is there */
			ctx_event(c, "5.0", "No US unit at %s.",
				  kgp_town_name(st, to));
			n = 0;
			kgp_enter_town(c, st, to, "5.0");
			if (st->phase == PH_OVER)
				return M_OVER;
		}
	}
	if (d1 == d2 && kgp_random_event(c, st, d1, n == 0 ? to : from))
		return st->phase == PH_OVER ? M_OVER : M_STOPPED;
	if (n == 0)
		return M_CLEAR;
	return kgp_battle(c, st, from, to, fuel_spent);
}

/* The move from `from` to `to`: the group is on the road between them
 * (the position says so) until it enters `to` or stops. */
static enum move_end advance(struct ctx *c, struct kgp *st, int from,
			     int to, int fuel_spent)
{
	enum move_end r;

	st->toward = to;
	r = check_and_fight(c, st, from, to, fuel_spent);
	st->toward = NONE;
	return r;
}

static void ask_moves(struct question *q, const struct kgp *st,
		      const int *dest, int n)
{
	int i;

	for (i = 0; i < n; i++)
		kgp_town_option(q, st, "", dest[i]);
}

/* 5.0 step 5: with no US unit in the town, a free second move (no fuel),
 * with its own threat check; the town holds no placed counter unless it
 * is one of those next to where the turn began. */
static void second_move(struct ctx *c, struct kgp *st)
{
	struct question q;
	int dest[GRAPH_DEGREE], n;
	size_t k;

	n = kgp_moves_from(st, st->at, dest);
	if (n == 0)
		return;
	q_init(&q, "5.0", "second-move", "player", "No US unit at %s: move "
	       "on at once (no fuel) or stop?", kgp_town_name(st, st->at));
	ask_moves(&q, st, dest, n);
	q_add(&q, "stop");
	k = ctx_ask(c, &q);
	if ((int)k == n) {
		ctx_event(c, "5.0", "The group stops at %s.",
			  kgp_town_name(st, st->at));
		return;
	}
	ctx_event(c, "5.0", "Second move: the group moves on from %s toward "
		  "%s (%s), burning no fuel.", kgp_town_name(st, st->at),
		  kgp_town_name(st, dest[k]), graph_dir_name(graph_dir_from(
		  &st->map, graph_link_between(&st->map, st->at, dest[k]),
		  st->at)));
	ctx_mark(c, "", "move", st->map.nodes[st->at].id,
		 st->map.nodes[dest[k]].id, "second move");
	advance(c, st, st->at, dest[k], 0);
}

/* 5.0 step 3: the group moves to a town west, north or south and burns
 * 1 fuel at once; then the threat check, combat or a second move. */
static void movement(struct ctx *c, struct kgp *st)
{
	struct question q;
	int dest[GRAPH_DEGREE], n, from = st->at;
	size_t k;

	ctx_where(c, st->turn, "movement");
	n = kgp_moves_from(st, st->at, dest);
	if (n == 0 || st->fuel == 0) {
		ctx_event(c, "5.0", "The group cannot move from %s: %s.",
			  kgp_town_name(st, st->at), n == 0 ? "no open road "
			  "leads west, north or south" : "no fuel");
		st->phase = PH_END;
		return;
	}
	q_init(&q, "5.0", "move", "player", "Move the group from %s (fuel "
	       "%d): to which town?", kgp_town_name(st, st->at), st->fuel);
	ask_moves(&q, st, dest, n);
	k = ctx_ask(c, &q);
	st->fuel--;
	ctx_event(c, "5.0", "The group moves from %s toward %s (%s), burning "
		  "1 fuel (%d left).", kgp_town_name(st, from),
		  kgp_town_name(st, dest[k]), graph_dir_name(graph_dir_from(
		  &st->map, graph_link_between(&st->map, from, dest[k]),
		  from)), st->fuel);
	ctx_mark(c, "", "move", st->map.nodes[from].id,
		 st->map.nodes[dest[k]].id, "Kampfgruppe Peiper");
	if (advance(c, st, from, dest[k], 1) == M_CLEAR)
		second_move(c, st);
	if (st->phase != PH_OVER)
		st->phase = PH_END;
}

/* 5.0 end of turn: a rear guard, 1 main or heavy armour point for 1
 * fuel. The last main point is not offered (6.1: the group would be
 * broken), nor any when the supply is full. */
static void rear_guard(struct ctx *c, struct kgp *st)
{
	static const enum unit which[] = { ARMOUR, PANZERGRENADIERS, HEAVY };
	struct question q;
	enum unit opts[3];
	size_t k;
	int i;

	while (st->fuel < FUEL_MAX) {
		q_init(&q, "5.0", "rear-guard", "player", "Leave a rear guard: "
		       "1 point of armour, panzergrenadiers or heavy armour "
		       "for 1 fuel (fuel %d)?", st->fuel);
		q_add(&q, "done");
		for (i = 0; i < 3; i++)
			if (st->units[which[i]] > 0 &&
			    (which[i] == HEAVY || kgp_main_points(st) > 1)) {
				opts[q.n - 1] = which[i];
				kgp_unit_option(&q, which[i]);
			}
		if (q.n == 1 || (k = ctx_ask(c, &q)) == 0)
			return;
		st->units[opts[k - 1]]--;
		st->fuel++;
		ctx_event(c, "5.0", "A rear guard of %s stays behind (%d "
			  "left): fuel %d.", kgp_unit_titles[opts[k - 1]],
			  st->units[opts[k - 1]], st->fuel);
	}
}

/* 5.0 end of turn: 2 support points (any types) become 1
 * panzergrenadier point. */
static void convert(struct ctx *c, struct kgp *st)
{
	struct question q;
	int pair[Q_MAX_OPTIONS][2], u, w;
	size_t k;

	while (st->units[PANZERGRENADIERS] < MAIN_MAX &&
	       kgp_support_points(st) >= 2) {
		q_init(&q, "5.0", "convert", "player", "Convert 2 support "
		       "points into 1 panzergrenadier point (%d)?",
		       st->units[PANZERGRENADIERS]);
		q_add(&q, "done");
		for (u = HEAVY; u < UNITS; u++)
			for (w = u; w < UNITS; w++)
				if (u == w ? st->units[u] >= 2 :
				    st->units[u] >= 1 && st->units[w] >= 1) {
					pair[q.n - 1][0] = u;
					pair[q.n - 1][1] = w;
					q_add(&q, "%s %s", kgp_unit_names[u],
					      kgp_unit_names[w]);
					kgp_name_unit(&q, u);
					if (w != u)
						kgp_name_unit(&q, w);
				}
		if ((k = ctx_ask(c, &q)) == 0)
			return;
		u = pair[k - 1][0];
		w = pair[k - 1][1];
		st->units[u]--;
		st->units[w]--;
		st->units[PANZERGRENADIERS]++;
		ctx_event(c, "5.0", "1 point of %s and 1 of %s become a "
			  "panzergrenadier point (%d).", kgp_unit_titles[u],
			  kgp_unit_titles[w], st->units[PANZERGRENADIERS]);
	}
}

/* 5.0 end of turn: counters on the map go back to the cup, except the
 * engineers on blown bridges and the counters in the towns north, west
 * and south of the group; so do those in the turn track's box of this
 * turn. After turn 9 (20 December PM) the game ends (4.0); before it,
 * the rear guard and the conversion. */
static void end_of_turn(struct ctx *c, struct kgp *st)
{
	int dest[GRAPH_DEGREE], n, i, t, keep, back = 0, stay = 0;

	ctx_where(c, st->turn, "end of turn");
	n = kgp_moves_from(st, st->at, dest);
	for (t = 0; t < st->map.n_nodes; t++) {
		for (keep = 0, i = 0; i < n; i++)
			keep |= dest[i] == t;
		if (keep) {
			stay += st->us[t].n;
			continue;
		}
		back += st->us[t].n;
		kgp_clear_town(st, t);
	}
	/* 6.1, 6.3: the box of the turn that ends; the others wait */
	back += kgp_track_return(st, st->turn);
	ctx_event(c, "5.0", "End of turn %d: %d US counter%s go%s back to "
		  "the cup, %d stay%s next to the group.", st->turn, back,
		  back == 1 ? "" : "s", back == 1 ? "es" : "", stay,
		  stay == 1 ? "s" : "");
	if (st->turn >= st->last_turn) {
		st->result = st->opt_draw && st->draw_earned ? RES_DRAW :
			RES_TIME;
		ctx_event(c, "4.0", "%s ends without the Meuse: %s.",
			  st->turn_names[st->turn - 1],
			  st->result == RES_DRAW ? "a draw, better than "
			  "history (optional rule)" : "defeat");
		st->phase = PH_OVER;
		return;
	}
	/* after the last turn, neither could change anything */
	rear_guard(c, st);
	convert(c, st);
	st->turn++;
	st->phase = PH_PLACEMENT;
}

void kgp_play(struct ctx *c, void *vst)
{
	struct kgp *st = vst;

	while (st->phase != PH_OVER) {
		/* a phase begins: what follows depends on the state only */
		ctx_checkpoint(c);
		switch (st->phase) {
		case PH_BUILD:
			build(c, st);
			break;
		case PH_PLACEMENT:
			us_placement(c, st);
			break;
		case PH_RECON:
			reconnaissance(c, st);
			break;
		case PH_MOVE:
			movement(c, st);
			break;
		case PH_END:
			end_of_turn(c, st);
			break;
		default:
			return;
		}
	}
}
