/*
 * combat.c - Kampfgruppe Peiper: combat (6.0) against the US counters in
 * the town the group moves into: engineers first (6.2), then aircraft
 * (6.3), then fuel/anti-tank (6.4), then tanks and infantry (6.1); and
 * the losses of points that every section shares.
 */
#include <stdio.h>
#include <string.h>
#include "peiper.h"

enum { DUMP_LAST_TURN = 5,      /* 6.4: fuel dumps on turns 1-5 */
       COMBINED_ARMS_OPT = 5,   /* 6.1 optional rule: one strength-5 */
       DICE_MAX = 5 };          /* 3 main dice, artillery, heavy armour */

/* 6.1: with no main unit left the group cannot fight: the game ends. */
static int broken(struct ctx *c, struct kgp *st)
{
	if (kgp_main_points(st) > 0)
		return 0;
	ctx_event(c, "6.1", "Kampfgruppe Peiper has no main unit left and "
		  "can no longer fight: defeat.");
	st->result = RES_BROKEN;
	st->phase = PH_OVER;
	return 1;
}

/* One point off unit u. Returns 1 if the game is over. */
static int lose_point(struct ctx *c, struct kgp *st, enum unit u,
	       const char *rule, const char *why)
{
	st->units[u]--;
	ctx_event(c, rule, "%s: %s lose%s 1 point (%d left).", why,
		  kgp_unit_titles[u], u == ARMOUR || u == ARTILLERY ||
		  u == RECON || u == HEAVY ? "s" : "", st->units[u]);
	return broken(c, st);
}

/* A point that any unit may lose, the player's choice. */
static int any_loss(struct ctx *c, struct kgp *st, const char *rule,
	     const char *why)
{
	struct question q;
	enum unit opts[UNITS];
	int u;

	q_init(&q, rule, "any-loss", "player", "%s: which unit loses 1 "
	       "point?", why);
	for (u = 0; u < UNITS; u++)
		if (st->units[u] > 0) {
			opts[q.n] = (enum unit)u;
			kgp_unit_option(&q, u);
		}
	if (q.n == 0)
		return broken(c, st);
	return lose_point(c, st, opts[q.n == 1 ? 0 : ctx_ask(c, &q)], rule,
			  why);
}

/* A point off either main unit, the player's choice. */
static int main_loss(struct ctx *c, struct kgp *st, const char *rule,
	      const char *why)
{
	struct question q;

	if (st->units[ARMOUR] == 0 || st->units[PANZERGRENADIERS] == 0)
		return st->units[ARMOUR] + st->units[PANZERGRENADIERS] == 0 ?
			broken(c, st) : lose_point(c, st, st->units[ARMOUR] ?
			ARMOUR : PANZERGRENADIERS, rule, why);
	q_init(&q, rule, "main-loss", "player", "%s: armour (%d) or "
	       "panzergrenadiers (%d) lose 1 point?", why, st->units[ARMOUR],
	       st->units[PANZERGRENADIERS]);
	kgp_unit_option(&q, ARMOUR);
	kgp_unit_option(&q, PANZERGRENADIERS);
	return lose_point(c, st, ctx_ask(c, &q) == 0 ? ARMOUR :
			  PANZERGRENADIERS, rule, why);
}

static void to_cup(struct kgp *st, int town, int slot)
{
	cup_add(&st->cup, st->us[town].c[slot]);
	kgp_town_take(st, town, slot);
}

/* ---- 6.2 engineers ---- */

/* At a bridge: 2 engineer points repair it; otherwise it is blown and
 * the road closed for the rest of the game. Returns 1 if the group goes
 * on into the town. */
static int blown_bridge(struct ctx *c, struct kgp *st, int town, int slot,
			int link)
{
	struct question q;
	int k = st->us[town].c[slot], from = graph_other(&st->map, link, town);

	if (st->units[ENGINEERS] >= 2) {
		q_init(&q, "6.2", "bridge", "player", "US engineers will blow "
		       "the bridge from %s to %s: spend 2 engineer points "
		       "(%d) to repair it?", kgp_town_name(st, from),
		       kgp_town_name(st, town), st->units[ENGINEERS]);
		q_add(&q, "repair");
		kgp_name_unit(&q, ENGINEERS);   /* spent on it */
		q_add(&q, "blow");
		if (ctx_ask(c, &q) == 0) {
			st->units[ENGINEERS] -= 2;
			to_cup(st, town, slot);
			ctx_event(c, "6.2", "The group's engineers spend 2 "
				  "points (%d left) and repair the bridge; "
				  "the US engineers go back to the cup.",
				  st->units[ENGINEERS]);
			return 1;
		}
	}
	st->bridge[link] = k;
	kgp_town_take(st, town, slot);
	ctx_event(c, "6.2", "US engineers blow the bridge between %s and %s: "
		  "the road is closed for the rest of the game.",
		  kgp_town_name(st, from), kgp_town_name(st, town));
	ctx_mark(c, "", "combat", st->map.nodes[town].id,
		 st->map.nodes[from].id, "bridge blown");
	return 0;
}

/* A road block: engineers (1 point), detour (no entry, the fuel comes
 * back) or force (a die: 1-4 armour, 5-6 panzergrenadiers lose 1). */
static int road_block(struct ctx *c, struct kgp *st, int town, int slot,
		      int fuel_spent)
{
	struct question q;
	enum { ENG, DETOUR, FORCE } opts[3];
	int d;
	enum unit u;

	q_init(&q, "6.2", "roadblock", "player", "US engineers block the "
	       "road into %s: clear it with engineers, make a detour or "
	       "force it?", kgp_town_name(st, town));
	if (st->units[ENGINEERS] >= 1) {
		opts[q.n] = ENG;
		kgp_unit_option(&q, ENGINEERS);
	}
	opts[q.n] = DETOUR;
	q_add(&q, "detour");
	opts[q.n] = FORCE;
	q_add(&q, "force");
	to_cup(st, town, slot);
	switch (opts[ctx_ask(c, &q)]) {
	case ENG:
		st->units[ENGINEERS]--;
		ctx_event(c, "6.2", "The group's engineers spend 1 point (%d "
			  "left) to clear the road block.",
			  st->units[ENGINEERS]);
		return 1;
	case DETOUR:
		ctx_event(c, "6.2", "The group looks for a way round the road "
			  "block and does not enter %s this turn.",
			  kgp_town_name(st, town));
		if (fuel_spent)
			kgp_gain_fuel(c, st, 1, "6.2", "The fuel of the move "
				  "comes back");
		return 0;
	case FORCE:
		break;
	}
	d = ctx_die(c, "6.2 forcing the road block", 6);
	u = d <= 4 ? ARMOUR : PANZERGRENADIERS;
	ctx_event(c, "6.2", "The group forces the road block: die %d, %s.", d,
		  kgp_unit_titles[u]);
	if (st->units[u] > 0 ? lose_point(c, st, u, "6.2", "Forcing the "
					  "road block") :
	    any_loss(c, st, "6.2", "Forcing the road block"))
		return 0;
	return 1;
}

/* ---- 6.3 aircraft ---- */

static const enum unit air_table[6] = { ARMOUR, PANZERGRENADIERS, HEAVY,
	ARTILLERY, RECON, ENGINEERS };

static void aircraft(struct ctx *c, struct kgp *st, int town, int slot)
{
	struct question q;
	int k = st->us[town].c[slot], d;
	enum unit u;
	char why[64];

	if (st->units[FLAK] >= 1) {
		q_init(&q, "6.3", "aircraft", "player", "US aircraft attack "
		       "the group: spend 1 anti-aircraft point (%d) to avoid "
		       "the attack?", st->units[FLAK]);
		kgp_unit_option(&q, FLAK);
		q_add(&q, "take");
		if (ctx_ask(c, &q) == 0) {
			st->units[FLAK]--;
			kgp_town_take(st, town, slot);
			kgp_track_put(st, k);
			ctx_event(c, "6.3", "Anti-aircraft fire (1 point, %d "
				  "left) drives off the US aircraft; they go "
				  "to the turn track, in the box of turn %d.",
				  st->units[FLAK], st->turn + 1);
			return;
		}
	}
	kgp_town_take(st, town, slot);
	cup_add(&st->cup, k);
	d = ctx_die(c, "6.3 US air attack", 6);
	u = air_table[d - 1];
	snprintf(why, sizeof why, "US air attack, die %d", d);
	if (st->units[u] > 0) {
		lose_point(c, st, u, "6.3", why);
	} else if (st->fuel > 0) {
		st->fuel--;
		ctx_event(c, "6.3", "%s: %s has no point left, so the supply "
			  "loses 1 (fuel %d).", why, kgp_unit_titles[u],
			  st->fuel);
	} else {
		ctx_event(c, "6.3", "%s: %s has no point left and the supply "
			  "is empty.", why, kgp_unit_titles[u]);
		any_loss(c, st, "6.3", why);
	}
}

/* ---- 6.4 fuel / anti-tank ---- */

static void fuel_or_antitank(struct ctx *c, struct kgp *st, int town,
			     int slot)
{
	struct question q;
	int k = st->us[town].c[slot], d;

	kgp_town_take(st, town, slot);
	if (st->turn <= DUMP_LAST_TURN && !kgp_yellow_star(st, town)) {
		cup_add(&st->cup, k);
		ctx_event(c, "6.4", "Fuel/anti-tank counter at %s, a white "
			  "star: nothing happens; it goes back to the cup.",
			  kgp_town_name(st, town));
		return;
	}
	cup_add(&st->removed, k);
	if (st->turn <= DUMP_LAST_TURN) {
		d = ctx_die(c, "6.4 fuel dump", 6);
		kgp_gain_fuel(c, st, d, "6.4", "A fuel dump by the road at a "
			  "yellow star; the die gives");
		return;
	}
	ctx_event(c, "6.4", "An anti-tank ambush at %s (turn %d).",
		  kgp_town_name(st, town), st->turn);
	if (st->units[ARMOUR] > 0 && st->units[HEAVY] > 0) {
		q_init(&q, "6.4", "at-loss", "player", "Anti-tank ambush: "
		       "armour (%d) or heavy armour (%d) loses 1 point?",
		       st->units[ARMOUR], st->units[HEAVY]);
		kgp_unit_option(&q, ARMOUR);
		kgp_unit_option(&q, HEAVY);
		lose_point(c, st, ctx_ask(c, &q) == 0 ? ARMOUR : HEAVY,
			   "6.4", "Anti-tank ambush");
	} else if (st->units[ARMOUR] > 0 || st->units[HEAVY] > 0) {
		lose_point(c, st, st->units[ARMOUR] > 0 ? ARMOUR : HEAVY,
			   "6.4", "Anti-tank ambush");
	} else {
		any_loss(c, st, "6.4", "Anti-tank ambush, no armour");
	}
}

/* ---- 6.1 tanks and infantry ---- */

static int all_out_allowed(const struct kgp *st)
{
	return st->units[ARMOUR] >= 1 && st->units[PANZERGRENADIERS] >= 1 &&
	       kgp_main_points(st) >= 3;
}

/* One combat against a strength: the player's dice (one per main unit
 * type with points, or 3 in an all-out attack; artillery and heavy
 * armour add one each), a point lost for each 1 on a main die, then the
 * sum (optional rule: the highest die) against the strength; a tie is
 * rolled again with the same dice. Returns 1 won, 0 repulsed, -1 game
 * over. */
static int combat(struct ctx *c, struct kgp *st, int strength,
		  const char *what)
{
	struct question q;
	int art = st->units[ARTILLERY] >= 1, heavy = st->units[HEAVY] >= 1 &&
		st->fuel >= 1, modes = all_out_allowed(st) ? 2 : 1;
	int all_out, use_art, use_heavy, m, a, h, n, i, d[DICE_MAX], total;
	int mains, ones;
	char purpose[96], line[160];
	size_t k = 0;

	q_init(&q, "6.1", "attack", "player", "Attack %s (strength %d): how?",
	       what, strength);
	for (m = 0; m < modes; m++)
		for (a = 0; a <= art; a++)
			for (h = 0; h <= heavy; h++) {
				q_add(&q, "%s%s%s", m ? "all-out" : "normal",
				      a ? " artillery" : "",
				      h ? " heavy-armour" : "");
				if (a)
					kgp_name_unit(&q, ARTILLERY);
				if (h)
					kgp_name_unit(&q, HEAVY);
			}
	if (q.n > 1)
		k = ctx_ask(c, &q);
	use_heavy = heavy && (int)k % (heavy + 1);
	use_art = art && (int)k / (heavy + 1) % (art + 1);
	all_out = (int)k / ((heavy + 1) * (art + 1));
	if (use_art) {
		st->units[ARTILLERY]--;
		ctx_event(c, "6.1", "Artillery spends 1 point (%d left) for an "
			  "extra die.", st->units[ARTILLERY]);
	}
	if (use_heavy) {
		st->fuel--;
		ctx_event(c, "6.1", "Heavy armour joins the attack for an "
			  "extra die, burning 1 fuel (%d left).", st->fuel);
	}
	for (;;) {
		mains = all_out && all_out_allowed(st) ? 3 :
			(st->units[ARMOUR] > 0) +
			(st->units[PANZERGRENADIERS] > 0);
		n = 0;
		for (i = 0; i < mains; i++) {
			snprintf(purpose, sizeof purpose, "6.1 %s, main die %d",
				 what, i + 1);
			d[n++] = ctx_die(c, purpose, 6);
		}
		if (use_art) {
			snprintf(purpose, sizeof purpose, "6.1 %s, artillery "
				 "die", what);
			d[n++] = ctx_die(c, purpose, 6);
		}
		if (use_heavy) {
			snprintf(purpose, sizeof purpose, "6.1 %s, heavy "
				 "armour die", what);
			d[n++] = ctx_die(c, purpose, 6);
		}
		for (total = ones = i = 0; i < n; i++) {
			if (st->opt_highest)
				total = d[i] > total ? d[i] : total;
			else
				total += d[i];
			ones += i < mains && d[i] == 1;
		}
		snprintf(line, sizeof line, "%s", mains == 3 ? "all-out, " :
			 "");
		for (i = 0; i < n; i++)
			snprintf(line + strlen(line), sizeof line -
				 strlen(line), "%s%d%s", i ? ", " : "", d[i],
				 i == mains - 1 && n > mains ? " (main)" :
				 i == n - 1 && n > mains ? " (support)" : "");
		ctx_event(c, "6.1", "Attack on %s (strength %d): dice %s: %s "
			  "%d.", what, strength, line, st->opt_highest ?
			  "highest" : "total", total);
		for (i = 0; i < ones; i++)
			if (main_loss(c, st, "6.1", "A 1 on a main die"))
				return -1;
		if (total > strength) {
			ctx_event(c, "6.1", "%d beats %d: the attack on %s "
				  "succeeds.", total, strength, what);
			return 1;
		}
		if (total < strength) {
			ctx_event(c, "6.1", "%d is under %d: the group is "
				  "repulsed by %s.", total, strength, what);
			return 0;
		}
		ctx_event(c, "6.1", "%d equals %d: the dice are rolled again.",
			  total, strength);
	}
}

static int combatant(const struct kgp *st, int k)
{
	return k >= 0 && st->counters[k].type <= CT_TANK;
}

/* 6.1: the tanks, infantry and paratroops in the town. Two of them, a
 * tank with infantry or paratroops, are combined arms: strength doubled
 * (optional rule: one counter of strength 5). Otherwise under the
 * optional rule the group fights them one by one, in the player's order,
 * and must beat both. Returns 1 won, 0 repulsed, -1 game over. */
static int fight(struct ctx *c, struct kgp *st, int town)
{
	struct question q;
	int idx[SLOTS], n = 0, i, tanks = 0, sum = 0, r, first, k;
	char what[2][64], both[140];

	for (i = 0; i < st->us[town].n; i++)
		if (combatant(st, st->us[town].c[i])) {
			k = st->us[town].c[i];
			snprintf(what[n], sizeof what[n], "%s %s",
				 kgp_ctype_names[st->counters[k].type],
				 st->counters[k].name);
			tanks += st->counters[k].type == CT_TANK;
			sum += st->counters[k].strength;
			idx[n++] = k;
		}
	if (n == 2 && tanks == 1) {
		snprintf(both, sizeof both, "%s and %s, combined arms",
			 what[0], what[1]);
		ctx_event(c, "6.1", "US combined arms at %s: tanks with "
			  "infantry, %s.", kgp_town_name(st, town),
			  st->opt_highest ? "one counter of strength 5" :
			  "strength doubled");
		return combat(c, st, st->opt_highest ? COMBINED_ARMS_OPT :
			      2 * sum, both);
	}
	if (n == 1 || !st->opt_highest) {
		if (n == 2)
			snprintf(both, sizeof both, "%s and %s", what[0],
				 what[1]);
		return combat(c, st, sum, n == 2 ? both : what[0]);
	}
	q_init(&q, "6.1", "fight-order", "player", "Optional rule: fight "
	       "which US counter first?");
	for (i = 0; i < 2; i++) {
		q_add(&q, "%s", st->counters[idx[i]].id);
		q_target(&q, "unit", st->counters[idx[i]].id);
	}
	first = (int)ctx_ask(c, &q);
	for (i = 0; i < 2; i++) {
		k = idx[i == 0 ? first : !first];
		r = combat(c, st, st->counters[k].strength,
			   what[i == 0 ? first : !first]);
		if (r <= 0)
			return r;
		for (n = 0; st->us[town].c[n] != k; n++)
			;
		kgp_town_take(st, town, n);
		kgp_track_put(st, k);
		ctx_event(c, "6.1", "%s is beaten and goes to the turn track, "
			  "in the box of turn %d.", st->counters[k].name,
			  st->turn + 1);
	}
	return 1;
}

/* 6.0: the group moving from `from` meets the US counters in `to`. */
enum move_end kgp_battle(struct ctx *c, struct kgp *st, int from, int to,
			 int fuel_spent)
{
	int link = graph_link_between(&st->map, from, to), s, r, i, k;
	char why[96];

	/* 6.2: two engineers: one goes back to the cup at once */
	s = kgp_town_counter(st, to, CT_ENGINEER);
	for (i = s + 1; s >= 0 && i < st->us[to].n; i++)
		if (st->us[to].c[i] >= 0 &&
		    st->counters[st->us[to].c[i]].type == CT_ENGINEER) {
			ctx_event(c, "6.2", "Two US engineer counters: one "
				  "goes back to the cup.");
			to_cup(st, to, i);
			break;
		}
	if (s >= 0) {
		r = graph_link_flag(&st->map, link, "bridge") ?
			blown_bridge(c, st, to, s, link) :
			road_block(c, st, to, s, fuel_spent);
		if (st->phase == PH_OVER)
			return M_OVER;
		if (!r) {
			if (st->us[to].n > 0)
				ctx_event(c, "6.2", "The other US counters at "
					  "%s go back to the cup.",
					  kgp_town_name(st, to));
			kgp_clear_town(st, to);
			return M_STOPPED;
		}
	}
	if ((s = kgp_town_counter(st, to, CT_AIRCRAFT)) >= 0) {
		aircraft(c, st, to, s);
		if (st->phase == PH_OVER)
			return M_OVER;
	}
	if ((s = kgp_town_counter(st, to, CT_FUEL)) >= 0) {
		fuel_or_antitank(c, st, to, s);
		if (st->phase == PH_OVER)
			return M_OVER;
	}
	for (s = i = 0; i < st->us[to].n; i++)
		s |= combatant(st, st->us[to].c[i]);
	if (s) {
		r = fight(c, st, to);
		ctx_mark(c, "", "combat", st->map.nodes[to].id, "",
			 r > 0 ? "US beaten" : r == 0 ? "repulsed" :
			 "the group is broken");
		if (r < 0)
			return M_OVER;
		if (r == 0) {
			snprintf(why, sizeof why, "Repulsed at %s",
				 kgp_town_name(st, to));
			if (main_loss(c, st, "6.1", why))
				return M_OVER;
			ctx_event(c, "6.1", "The group falls back to %s.",
				  kgp_town_name(st, from));
			return M_STOPPED;
		}
		for (i = st->us[to].n; i-- > 0;) {
			k = st->us[to].c[i];
			if (combatant(st, k)) {
				kgp_town_take(st, to, i);
				kgp_track_put(st, k);
			}
		}
		ctx_event(c, "6.1", "The US units at %s are beaten and go to "
			  "the turn track, in the box of turn %d (back in the "
			  "cup at its end).", kgp_town_name(st, to),
			  st->turn + 1);
	}
	kgp_enter_town(c, st, to, "6.0");
	return st->phase == PH_OVER ? M_OVER : M_FOUGHT;
}
