/*
 * group.c - Kampfgruppe Peiper: what befalls the battle group wherever
 * it comes from (a move, a combat, a random event): entering a town
 * (4.0) and gaining fuel (6.4, 7.0). Above board.c, below the rules
 * that call it.
 */
#include "peiper.h"

/* 4.0: the group enters a town: on the Meuse it wins at once; a town of
 * value 4 or more earns the optional draw. */
void kgp_enter_town(struct ctx *c, struct kgp *st, int town, const char *rule)
{
	st->at = town;
	ctx_event(c, rule, "The group enters %s.", kgp_town_name(st, town));
	if (kgp_threat_of(st, town) >= 4 && !st->draw_earned) {
		st->draw_earned = 1;
		if (st->opt_draw)
			ctx_event(c, "4.0", "%s has value %d: the group has "
				  "done better than history (optional draw).",
				  kgp_town_name(st, town),
				  kgp_threat_of(st, town));
	}
	if (kgp_is_goal(st, town)) {
		ctx_event(c, "4.0", "Kampfgruppe Peiper reaches the Meuse at "
			  "%s on turn %d: victory.", kgp_town_name(st, town),
			  st->turn);
		st->result = RES_VICTORY;
		st->phase = PH_OVER;
	}
}

/* Fuel gained, never above 6 (6.4). */
void kgp_gain_fuel(struct ctx *c, struct kgp *st, int n, const char *rule,
		   const char *why)
{
	int before = st->fuel;

	st->fuel = st->fuel + n > FUEL_MAX ? FUEL_MAX : st->fuel + n;
	ctx_event(c, rule, "%s: %d fuel (%d gained%s): fuel %d.", why, n,
		  st->fuel - before, before + n > FUEL_MAX ? ", the rest is "
		  "lost" : "", st->fuel);
}
