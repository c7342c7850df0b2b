/*
 * turn.c - Aachen: the set-up (17.0) and the game turn (4.0): for each
 * side in turn (the Allied player first, 10.1), a movement phase (5.0,
 * reinforcements 11.0, bridging 14.0, demolition 9.1), a combat phase
 * (7.0) and a mechanised movement phase (4.0); victory (16.0) and the
 * shortened game (17.1). play() runs from whatever phase the state
 * records.
 */
#include <stdio.h>
#include <string.h>
#include "aachen.h"
#include "../lib/hexcombat.h"
#include "../lib/hexorders.h"

static int is_us(const struct aachen *st, int u)
{
	return st->u[u].side == ALLIED;
}

enum { EXAMPLES_A_UNIT = 4 };

/* buf[len..] = sep word, and its new length: snprintf(buf + len, ...,
 * "%s%s", sep, word) in a buffer the caller has checked is long enough
 * (questions list every unit or hex: no printf for each) */
static size_t append(char *buf, size_t len, const char *sep,
		     const char *word)
{
	size_t a = strlen(sep), b = strlen(word);

	memcpy(buf + len, sep, a);
	memcpy(buf + len + a, word, b + 1);
	return len + a + b;
}

/* ---- the hooks the hex engine asks ---- */

static int german_at(const struct aachen *st, int h)
{
	return st->occ[h] >= 0 && st->u[st->occ[h]].side == GERMAN;
}

/* A US engineer on the map. */
static int is_engineer(const struct aachen *st, int i)
{
	return st->u[i].where == U_MAP && (st->u[i].tags & T_ENGINEER) &&
	       st->u[i].side == ALLIED;
}

/* 14.0: an engineer's range is its movement allowance in hexes. */
static int engineer_near(const struct aachen *st, int h)
{
	int i;

	for (i = 0; i < st->n_units; i++)
		if (is_engineer(st, i) &&
		    hex_distance(&st->map, st->u[i].hex, h) <=
		    unit_mov(&st->u[i]))
			return 1;
	return 0;
}

/* engineer_near for every hex of the map at once: near[h] = 1 in an
 * engineer's range. A hex n hexes away is at most n columns and n rows
 * away, so each engineer's window of columns and rows is enough. */
static void engineer_range(const struct aachen *st, uint8_t near[HEX_MAX])
{
	int i, n, c, w, x;

	memset(near, 0, HEX_MAX);
	for (i = 0; i < st->n_units; i++) {
		if (!is_engineer(st, i))
			continue;
		n = unit_mov(&st->u[i]);
		for (c = hex_col(st->u[i].hex) - n;
		     c <= hex_col(st->u[i].hex) + n; c++)
			for (w = hex_row(st->u[i].hex) - n;
			     w <= hex_row(st->u[i].hex) + n; w++) {
				x = hex_index(&st->map, c, w);
				if (x >= 0 && hex_distance(&st->map,
							  st->u[i].hex, x) <= n)
					near[x] = 1;
			}
	}
}

/* Whether the hexside of hex a in direction dir is the bridged one. */
static int is_eb_side(const struct aachen *st, int a, int dir)
{
	int b;

	if (st->eb_hex < 0 || dir < 0)
		return 0;
	b = hex_neighbour(&st->map, st->eb_hex, st->eb_dir);
	return (a == st->eb_hex && dir == st->eb_dir) ||
	       (a == b && hex_neighbour(&st->map, a, dir) == st->eb_hex);
}

static int bridged(const void *user, int a, int dir)
{
	const struct aachen *st = user;
	int b;

	if (!is_eb_side(st, a, dir))
		return 0;
	b = hex_neighbour(&st->map, st->eb_hex, st->eb_dir);
	/* 14.0: not two different bridged hexsides in one game turn */
	if (st->ebu_hex >= 0 && st->ebu_turn == st->turn &&
	    !(st->ebu_hex == st->eb_hex && st->ebu_dir == st->eb_dir))
		return 0;
	/* 14.0: within an engineer's range it keeps the road bonus */
	return engineer_near(st, st->eb_hex) || engineer_near(st, b) ? 2 : 1;
}

/* 12.0, 13.0, 13.1: no zone of control into a fortified (West Wall) hex
 * occupied by the enemy (unit v there, or about to be), except from units
 * of the US 30th Division. */
static int exerts_zoc_on(const void *user, int u, int h, int v)
{
	const struct aachen *st = user;

	if (!(st->map.feat[h] & HF_FORT) || v < 0 ||
	    st->u[v].side == st->u[u].side)
		return 1;
	return (st->u[u].tags & T_30TH) && st->u[u].side == ALLIED;
}

static int exerts_zoc(const void *user, int u, int h)
{
	const struct aachen *st = user;

	return exerts_zoc_on(user, u, h, st->occ[h]);
}

static int city_may_enter(const void *user, int u, int h);

static void aa_rules(const struct aachen *st, struct hex_rules *r)
{
	memset(r, 0, sizeof *r);
	r->map = &st->map;
	r->units = st->u;
	r->n_units = st->n_units;
	r->occupant = st->occ;
	r->next = NULL;         /* no stacking (5.3) */
	r->exerts_zoc = exerts_zoc;
	r->exerts_zoc_on = exerts_zoc_on;
	r->bridged = bridged;
	r->may_enter = st->city_cut ? city_may_enter : NULL;
	r->user = st;
}

/* ---- victory (16.0) and the length of the game (17.1) ---- */

static void game_over(struct aachen *st, enum result r)
{
	st->result = r;
	st->result_turn = st->turn;
	st->phase = PH_OVER;
}

/* 16.0: all the Aachen city hexes and half the east-edge road hexes,
 * at any moment: the Allied player wins at once. */
static int check_victory(struct ctx *c, struct aachen *st)
{
	int city = aa_held(st, st->city, st->n_city);
	int roads = aa_held(st, st->road, st->n_road);

	if (st->phase == PH_OVER)
		return 1;
	if (city < st->n_city || roads < st->roads_needed)
		return 0;
	ctx_event(c, "16.0", "The Allies hold all %d Aachen city hexes and "
		  "%d of the %d east-edge road hexes: an Allied victory.",
		  st->n_city, roads, st->n_road);
	game_over(st, RES_ALLIED);
	return 1;
}

/* 16.0 at the end of the last turn */
static void final_judgement(struct ctx *c, struct aachen *st,
			    const char *rule)
{
	int city = aa_held(st, st->city, st->n_city);
	int roads = aa_held(st, st->road, st->n_road);

	if (city == st->n_city) {
		ctx_event(c, rule, "The game ends with all the Aachen city "
			  "hexes Allied but only %d of the %d east-edge road "
			  "hexes: a draw (16.0).", roads, st->n_road);
		game_over(st, RES_DRAW);
	} else {
		ctx_event(c, rule, "The game ends with %d of the %d Aachen "
			  "city hexes Allied: a German victory (16.0).", city,
			  st->n_city);
		game_over(st, RES_GERMAN);
	}
}

/* ---- control, 2nd Armored Division (15.0) ---- */

static int aa_near_wurm(const struct aachen *st, int h)
{
	int x, d, c, r, reach = st->ad2_within - 1;

	if (!st->wurm || reach < 0)
		return 0;
	/* the hexes within reach lie in this window of columns and rows */
	for (c = hex_col(h) - reach - 1; c <= hex_col(h) + reach + 1; c++)
		for (r = hex_row(h) - reach - 1; r <= hex_row(h) + reach + 1;
		     r++) {
			x = hex_index(&st->map, c, r);
			if (x == HEX_NONE || st->map.terr[x] == 255 ||
			    hex_distance(&st->map, x, h) > reach)
				continue;
			for (d = 0; d < 6; d++)
				if (st->map.hs_name[x][d] == st->wurm)
					return 1;
		}
	return 0;
}

static int ww_qualifies(const struct aachen *st, int h)
{
	return (st->map.feat[h] & HF_FORT) && st->ctrl[h] == ALLIED &&
	       aa_near_wurm(st, h);
}

/* the largest group of contiguous qualifying West Wall hexes */
static int ww_group(const struct aachen *st)
{
	int16_t stack[HEX_MAX];
	uint8_t seen[HEX_MAX];
	int h, best = 0, n, top, a, d, b, end = hex_end(&st->map);

	memset(seen, 0, sizeof seen);
	for (h = 0; h < end; h++) {
		if (seen[h] || st->map.terr[h] == 255 || !ww_qualifies(st, h))
			continue;
		n = 0;
		top = 0;
		stack[top++] = (int16_t)h;
		seen[h] = 1;
		while (top > 0) {
			a = stack[--top];
			n++;
			for (d = 0; d < 6; d++) {
				b = hex_neighbour(&st->map, a, d);
				if (b >= 0 && !seen[b] && ww_qualifies(st, b)) {
					seen[b] = 1;
					stack[top++] = (int16_t)b;
				}
			}
		}
		if (n > best)
			best = n;
	}
	return best;
}

static void check_ad2(struct ctx *c, struct aachen *st)
{
	int i;

	if (st->ad2_turn || ww_group(st) < st->ad2_need)
		return;
	st->ad2_turn = st->turn + 1;
	for (i = 0; i < st->n_units; i++)
		if (st->u[i].arrive < 0 && (st->u[i].tags & T_2AD))
			st->u[i].arrive = (int8_t)st->ad2_turn;
	ctx_event(c, "15.0", "US units hold %d contiguous West Wall hexes "
		  "within %d hexes of the Wurm: the 2nd Armored Division "
		  "arrives on turn %d.", st->ad2_need, st->ad2_within,
		  st->ad2_turn);
}

/* A unit enters hex h on its way: no change of control (16.0 reading,
 * see capture()). */
static void enter(struct aachen *st, int u, int h)
{
	/* 14.0: an Allied unit crossing the bridged hexside uses it */
	if (st->u[u].where == U_MAP && st->u[u].side == ALLIED &&
	    is_eb_side(st, st->u[u].hex, hex_dir(&st->map, st->u[u].hex,
						 h))) {
		st->ebu_hex = st->eb_hex;
		st->ebu_dir = st->eb_dir;
		st->ebu_turn = st->turn;
	}
	if (st->u[u].where == U_MAP && st->occ[st->u[u].hex] == u)
		st->occ[st->u[u].hex] = -1;
	st->u[u].hex = (int16_t)h;
	st->u[u].where = U_MAP;
	if (st->occ[h] < 0)
		st->occ[h] = (int16_t)u;
}

/* 15.0, 16.0 (reading): a side captures a hex when one of its units ends
 * a move, an entry, a retreat or an advance there; a unit driving
 * through does not, and a set-up hex is not captured (17.0: set-up hexes
 * have no other effect on play). Then 15.0 and 16.0 are checked; returns
 * 1 if the game is over. */
static int capture(struct ctx *c, struct aachen *st, int u)
{
	int h = st->u[u].hex, was;

	if (st->u[u].where != U_MAP)
		return check_victory(c, st);
	was = st->ctrl[h];
	st->ctrl[h] = (uint8_t)st->u[u].side;
	/* 15.0: the Allied West Wall group grows only when a qualifying
	 * hex comes under Allied control */
	if (st->u[u].side == ALLIED && was != ALLIED && ww_qualifies(st, h))
		check_ad2(c, st);
	return check_victory(c, st);
}

/* 17.1: the game is one turn shorter per US unit eliminated; when that
 * brings it to the current turn, it ends at once. */
static void eliminate(struct ctx *c, struct aachen *st, int u,
		      const char *rule, const char *why)
{
	char x[8];

	ctx_event(c, rule, "%s (%s %d-%d-%d) in %s is eliminated%s.",
		  st->u[u].id, aa_side_names[st->u[u].side], st->u[u].att,
		  st->u[u].def, st->u[u].mov, hex_id(st->u[u].hex, x), why);
	ctx_mark(c, "", "lost", x, "", st->u[u].id);
	if (st->occ[st->u[u].hex] == u)
		st->occ[st->u[u].hex] = -1;
	st->u[u].where = U_ELIMINATED;
	st->u[u].hex = HEX_NONE;
	if (!is_us(st, u))
		return;
	st->us_lost++;
	if (st->turn < aa_last_turn(st) || st->phase == PH_OVER) {
		ctx_event(c, "17.1", "US units eliminated: %d; the game now "
			  "ends after turn %d.", st->us_lost, aa_last_turn(st));
		return;
	}
	/* "ends after turn 11" read on turn 12 (the example game) said
	 * neither when nor why it ended */
	ctx_event(c, "17.1", "US units eliminated: %d; the game is now %d "
		  "turns long and this is turn %d: it ends at once.",
		  st->us_lost, aa_last_turn(st), st->turn);
	final_judgement(c, st, "17.1");
}

/* ---- supply (provisional, scenario data) ---- */

/* Attack strength of unit u: halved (the scenario's percentage, rounded
 * down) out of supply. */
static int aa_unit_att(const struct aachen *st, int u)
{
	int a = unit_att(&st->u[u]);

	return st->oos[u] ? a * st->oos_att_pct / 100 : a;
}

/* 9.0: a line of at most supply_range hexes from a unit to a source hex
 * of its side, through hexes free of enemy units and of enemy zones of
 * control not occupied by a friendly unit (hex_trace, one search a
 * side). */
struct supply_line {
	const struct aachen *st;
	const uint8_t *zoc;        /* hex_zoc_map of the side */
	int side;
};

static int supply_source(const void *user, int h)
{
	const struct supply_line *l = user;

	return (l->st->supply_src[h] & (1 << l->side)) != 0;
}

static int supply_pass(const void *user, int h)
{
	const struct supply_line *l = user;
	int o = l->st->occ[h];

	if (o >= 0)
		return l->st->u[o].side == l->side;
	return !l->zoc[h];
}

/* The supply lines of a side from the position as it stands (9.0):
 * dist as hex_trace leaves it, zoc the side's enemy zones of control. */
static void supply_trace(const struct aachen *st, int side,
			 struct supply_line *line, uint8_t zoc[HEX_MAX],
			 int16_t dist[HEX_MAX])
{
	struct hex_rules r;

	aa_rules(st, &r);
	line->st = st;
	line->zoc = zoc;
	line->side = side;
	hex_zoc_map(&r, side, zoc);
	hex_trace(&st->map, supply_source, supply_pass, line,
		  st->supply_range, dist);
}

/* Whether a unit of the traced side in h would be in supply. */
static int supplied(const struct supply_line *line,
		    const int16_t dist[HEX_MAX], int h)
{
	const struct aachen *st = line->st;

	return hex_traced(&st->map, dist, h, supply_source(line, h),
			  st->supply_range);
}

/* Whether h is one of the Aachen city hexes (16.0). */
static int is_city(const struct aachen *st, int h)
{
	int i;

	for (i = 0; i < st->n_city; i++)
		if (st->city[i] == h)
			return 1;
	return 0;
}

/* 9.0 (scenario version 7, supply: city-supply: as-one): whether a
 * German supply line reaches any German unit in an Aachen city hex;
 * while one does, the garrison is fed as one, through the streets (a
 * unit in any city hex is in supply, an empty city hex is fed). 0
 * without the option. */
static int city_line(const struct supply_line *line,
		     const int16_t dist[HEX_MAX])
{
	const struct aachen *st = line->st;
	int i;

	if (!st->city_one)
		return 0;
	for (i = 0; i < st->n_units; i++)
		if (st->u[i].side == GERMAN && st->u[i].where == U_MAP &&
		    is_city(st, st->u[i].hex) &&
		    supplied(line, dist, st->u[i].hex))
			return 1;
	return 0;
}

/* 9.0, 16.0 (scenario version 5, supply: city-entry: cut-off): a US
 * unit moves or retreats into an Aachen city hex only when no German
 * supply line reaches it, the line a German unit there would trace
 * (supply_check's, from the position as it stands: a US unit that cuts
 * the line opens the hex to the next). It may still advance into one
 * after combat (7.9): the city is taken by fighting for it, or once it
 * is cut off. */
static int city_may_enter(const void *user, int u, int h)
{
	const struct aachen *st = user;
	struct supply_line line;
	int16_t dist[HEX_MAX];
	uint8_t zoc[HEX_MAX];

	if (st->u[u].side != ALLIED || st->supply_range <= 0 ||
	    !is_city(st, h))
		return 1;
	supply_trace(st, GERMAN, &line, zoc, dist);
	return !supplied(&line, dist, h) && !city_line(&line, dist);
}

/* 9.0 (version 6, supply: city-hold: in-supply) as the Allied movement
 * phase begins, after both sides' supply checks: how many Allied
 * movement phases in a row have begun with each unit out of supply
 * (at most 2); a unit in an Aachen city hex that reaches cut-off-turns
 * no longer ignores a retreat (holds_fort), and the report says so. */
static void city_cut_count(struct ctx *c, struct aachen *st)
{
	int i, any = 0, cut = 1;
	char x[8];

	/* version 7 (city-supply: as-one): the garrison is counted as
	 * one, out of supply only when all of it is (city_line) */
	if (st->city_one) {
		for (i = 0; i < st->n_units; i++)
			if (st->u[i].side == GERMAN &&
			    st->u[i].where == U_MAP &&
			    is_city(st, st->u[i].hex)) {
				any = 1;
				cut &= st->oos[i] != 0;
			}
		if (!any || !cut) {
			st->city_cut_n = 0;
			return;
		}
		if (st->city_cut_n < 99)
			st->city_cut_n++;
		if (st->city_cut_n < st->cut_turns)
			ctx_event(c, "9.0", "Aachen's garrison is out of "
				  "supply as this Allied player turn begins: "
				  "%d in a row of the %d that cut it off.",
				  st->city_cut_n, st->cut_turns);
		else if (st->city_cut_n == st->cut_turns)
			ctx_event(c, "9.0", "Aachen's garrison is cut off "
				  "(out of supply as %d Allied player turns "
				  "in a row began): its units no longer "
				  "ignore a retreat.", st->cut_turns);
		return;
	}
	for (i = 0; i < st->n_units; i++) {
		if (!st->oos[i] || st->u[i].where != U_MAP) {
			st->cut[i] = 0;
			continue;
		}
		if (st->cut[i] < 2)
			st->cut[i]++;
		if (st->cut[i] == st->cut_turns &&
		    is_city(st, st->u[i].hex))
			ctx_event(c, "9.0", "%s in the city hex %s is cut off "
				  "(out of supply as %s): it no longer "
				  "ignores a retreat.", st->u[i].id,
				  hex_id(st->u[i].hex, x), st->cut_turns == 1 ?
				  "the Allied player turn begins" :
				  "two Allied player turns in a row began");
	}
}

/* At the start of a side's movement phase: which of its units are in
 * supply. */
static void supply_check(struct ctx *c, struct aachen *st, int side)
{
	struct supply_line line;
	int16_t dist[HEX_MAX];
	uint8_t zoc[HEX_MAX];
	int i, was, fed;
	char x[8];

	if (st->supply_range <= 0)
		return;
	supply_trace(st, side, &line, zoc, dist);
	fed = side == GERMAN && city_line(&line, dist);
	for (i = 0; i < st->n_units; i++) {
		if (st->u[i].side != side)
			continue;
		was = st->oos[i];
		st->oos[i] = st->u[i].where == U_MAP &&
			!supplied(&line, dist, st->u[i].hex) &&
			!(fed && is_city(st, st->u[i].hex));
		if (st->oos[i] && !was) {
			ctx_event(c, "9.0", "%s in %s is out of supply: "
				  "attack strength %d%s.", st->u[i].id,
				  hex_id(st->u[i].hex, x), aa_unit_att(st, i),
				  st->oos_mech ? "" :
				  ", no mechanised movement");
			ctx_mark(c, "", "supply", x, "", st->u[i].id);
		} else if (was && !st->oos[i] && st->u[i].where == U_MAP) {
			/* a unit eliminated out of supply is not "in supply
			 * again": it is gone (its flag is simply cleared) */
			ctx_event(c, "9.0", "%s in %s is in supply again.",
				  st->u[i].id, hex_id(st->u[i].hex, x));
		}
	}
}

/* ---- movement (4.0, 5.0, 6.1, 11.0) ---- */

static int entry_free(const struct aachen *st, int u, int16_t *out)
{
	int i, n = 0, h;

	for (i = 0; i < st->u[u].n_entry; i++) {
		h = st->u[u].entry[i];
		if (st->occ[h] < 0)
			out[n++] = (int16_t)h;
	}
	return n;
}

/* Whether h is one of the entry hexes of reinforcement un (11.3). */
static int is_entry(const struct hunit *un, int h)
{
	int i;

	for (i = 0; i < un->n_entry; i++)
		if (un->entry[i] == h)
			return 1;
	return 0;
}

/* Who holds the entry hex h of reinforcement u, and the rule that keeps
 * u out of it: a friendly unit, 11.0 (no unit may appear stacked with
 * another: u enters there once it has moved off), an enemy unit, 11.4
 * (u stays off the map until no enemy holds the hex). "x2 (11.0: ...)"
 * or "the enemy y1 (11.4: ...)". */
static int entry_held(const struct aachen *st, int u, int h, char *buf,
		      size_t size)
{
	const struct hunit *by = &st->u[st->occ[h]];

	if (by->side == st->u[u].side)
		return snprintf(buf, size, "%s (11.0: no unit may appear "
				"stacked with another; %s may enter there once "
				"%s has moved off)", by->id, st->u[u].id,
				by->id);
	return snprintf(buf, size, "the enemy %s (11.4: %s stays off the map "
			"until no enemy holds the hex)", by->id, st->u[u].id);
}

static int due(const struct aachen *st, int u)
{
	return st->u[u].where == U_WAITING && st->u[u].arrive > 0 &&
	       st->u[u].arrive <= st->turn;
}

/* Half MPs of unit u in this phase (5.0; in the mechanised phase, 4.0,
 * a share of it). */
static int allowance(const struct aachen *st, int u, int mech)
{
	const struct hunit *un = &st->u[u];

	return mech ? unit_mov(un) * st->mech_pct / 100 * HALF :
		      unit_mov(un) * HALF;
}

/* A trial move on the live state, undone after: walk() and the search of
 * a reinforcement's path change only the unit and the occupants of the
 * hexes it stands on, so those are kept and put back (no copy of the
 * whole state for every answer checked). */
struct trial {
	struct aachen *st;
	int u, n;
	struct hunit unit;
	int16_t hex[HEX_PATH_MAX + 1], occ[HEX_PATH_MAX + 1];
};

static void trial_keep(struct trial *t, int h)
{
	if (h >= 0 && t->n < HEX_PATH_MAX + 1) {
		t->hex[t->n] = (int16_t)h;
		t->occ[t->n++] = t->st->occ[h];
	}
}

static void trial_begin(struct trial *t, struct aachen *st, int u,
			const int16_t *path, int n)
{
	int i;

	t->st = st;
	t->u = u;
	t->n = 0;
	t->unit = st->u[u];
	if (st->u[u].where == U_MAP)
		trial_keep(t, st->u[u].hex);
	for (i = 0; i < n; i++)
		trial_keep(t, path[i]);
}

static void trial_end(struct trial *t)
{
	while (t->n > 0) {
		t->n--;
		t->st->occ[t->hex[t->n]] = t->occ[t->n];
	}
	t->st->u[t->u] = t->unit;
}

/* Put unit u in hex h without events (a trial move). */
static void place_quietly(struct aachen *st, int u, int h)
{
	if (st->u[u].where == U_MAP && st->occ[st->u[u].hex] == u)
		st->occ[st->u[u].hex] = -1;
	st->u[u].hex = (int16_t)h;
	st->u[u].where = U_MAP;
	if (st->occ[h] < 0)
		st->occ[h] = (int16_t)u;
}

static int find_unit(const void *user, const char *id)
{
	return aa_unit_find(user, id);
}

/* Aachen's rule numbers for a refused move; the city fed hex by hex
 * (versions 5 and 6) or as one (version 7, city_line). */
static const struct hex_move_labels hex_labels = { "5.0", "5.3", "6.1",
	"5.2", "5.1", "9.0: a German supply line reaches this Aachen city "
	"hex; a US unit enters it only once it is cut off, or by an "
	"advance after combat", "5.3: one unit a hex" };
static const struct hex_move_labels one_labels = { "5.0", "5.3", "6.1",
	"5.2", "5.1", "9.0: a German supply line reaches this Aachen city "
	"hex or a German unit in the city, which is fed as one; a US unit "
	"enters it only once the city is cut off, or by an advance after "
	"combat", "5.3: one unit a hex" };

static const struct hex_move_labels *move_labels(const struct aachen *st)
{
	return st->city_one ? &one_labels : &hex_labels;
}

/* 14.0: why a path across the engineers' hexside failed when another
 * bridged hexside was used this game turn: "0204-0304 is not bridged
 * this turn: 0202-0302 was used (14.0); " put before why. */
static int spent_bridge_why(const struct aachen *st, char *why, size_t size)
{
	char a[16], b[16], rest[512];

	snprintf(rest, sizeof rest, "%s", why);
	hex_side_id(&st->map, st->eb_hex, st->eb_dir, a);
	hex_side_id(&st->map, st->ebu_hex, st->ebu_dir, b);
	return snprintf(why, size, "%s is not bridged this turn: %s was used "
			"(14.0); %s", a, b, rest), -1;
}

/*
 * Walk unit u along path[0..n-1] on st, without events: a reinforcement's
 * first hex is its entry hex (11.2, 11.3), then each hex is next to the
 * one before (5.0). Returns 0, or -1 with why naming the rule. st is
 * changed (a trial copy).
 */
static int walk(struct aachen *st, int u, int mech, const int16_t *path,
		int n, char *why, size_t size)
{
	struct hex_rules r;
	struct hunit *un = &st->u[u];
	int left = allowance(st, u, mech), first = 1, i = 0, cost, k, h, d;
	int spent = 0;  /* crossed the engineers' hexside, spent (14.0) */
	int16_t f[HEX_ENTRY_MAX];
	char x[8];

	if (n == 0)
		return snprintf(why, size, "give the path: at least one hex "
				"after the unit (5.0)"), -1;
	if (un->where == U_WAITING) {
		h = path[0];
		k = entry_free(st, u, f);
		while (k > 0 && f[k - 1] != h)
			k--;
		if (k == 0 && h >= 0 && st->occ[h] >= 0 &&
		    is_entry(un, h)) {
			size_t len = (size_t)snprintf(why, size, "%s may not "
						      "enter at %s: it is held "
						      "by ", un->id,
						      hex_id(h, x));

			if (len < size)
				entry_held(st, u, h, why + len, size - len);
			return -1;
		}
		if (k == 0)
			return snprintf(why, size, "%s is not a free entry hex "
					"of %s (11.3)", hex_id(h, x), un->id),
			       -1;
		cost = st->map.terrain[st->map.terr[h]].cost;
		left = cost >= COST_ALL || cost > left ? 0 : left - cost;
		place_quietly(st, u, h);
		first = 0;
		aa_rules(st, &r);
		if (n > 1 && hex_in_enemy_zoc(&r, un->side, h))
			return snprintf(why, size, "%s is in an enemy zone of "
					"control: %s stops there (12.0)",
					hex_id(h, x), un->id), -1;
		i = 1;
	}
	for (; i < n; i++) {
		aa_rules(st, &r);
		d = hex_dir(&st->map, un->hex, path[i]);
		spent |= is_eb_side(st, un->hex, d) &&
			 !bridged(st, un->hex, d);
		if (hex_step_why(&r, u, un->hex, path[i], left, first, &cost,
				 move_labels(st), why, size))
			return spent ? spent_bridge_why(st, why, size) : -1;
		left -= cost;
		first = 0;
		place_quietly(st, u, path[i]);
		aa_rules(st, &r);
		if (i < n - 1 && hex_in_enemy_zoc(&r, un->side, path[i]))
			return snprintf(why, size, "%s is in an enemy zone of "
					"control: %s stops there (6.1)",
					hex_id(path[i], x), un->id), -1;
	}
	if (st->occ[un->hex] != u)
		return snprintf(why, size, "the move ends in %s on %s: one "
				"unit a hex (5.3)", hex_id(un->hex, x),
				st->u[st->occ[un->hex]].id), -1;
	return 0;
}

/* Execute a checked path: events, control, victory. */
static void move_unit(struct ctx *c, struct aachen *st, int u, int mech,
		      const int16_t *path, int n, int by_dest)
{
	struct hex_rules r;
	struct hunit *un = &st->u[u];
	int i = 0, start, h, first;
	char x[8], y[8];

	st->moved[u] = 1;
	if (un->where == U_WAITING) {
		enter(st, u, path[0]);
		ctx_event(c, "11.2", "%s (%d-%d-%d) enters at %s.", un->id,
			  un->att, un->def, un->mov, hex_id(path[0], x));
		ctx_mark(c, "", "placed", x, "", un->id);
		aa_rules(st, &r);
		if (hex_in_enemy_zoc(&r, un->side, path[0])) {
			ctx_event(c, "12.0", "%s entered in an enemy zone of "
				  "control and stops.", un->id);
			capture(c, st, u);
			return;
		}
		i = 1;
	}
	start = un->hex;
	first = i;
	for (; i < n; i++) {
		h = un->hex;
		enter(st, u, path[i]);
		if (st->occ[h] < 0)
			aa_reindex(st);  /* h may hold a unit passed over */
	}
	/* a path that comes back to its start (out of a hex and into it
	 * again) is a move all the same (16.0: it ends in the hex); a
	 * destination reached through other hexes names them (the path
	 * the game chose), one next to the start needs no more words */
	if (n > first && by_dest && n - first > 1) {
		char via[HEX_PATH_MAX * 5 + 1];
		size_t len = 0;

		via[0] = '\0';
		for (i = first; i < n - 1 && len + 6 < sizeof via; i++)
			len += (size_t)snprintf(via + len, sizeof via - len,
						" %s", hex_id(path[i], x));
		ctx_event(c, "5.0", "%s moves from %s to %s (by%s).", un->id,
			  hex_id(start, x), hex_id(un->hex, y), via);
	} else if (n > first) {
		ctx_event(c, "5.0", "%s moves from %s to %s.",
			  un->id, hex_id(start, x), hex_id(un->hex, y));
	}
	if (n > first)
		hex_mark_move(c, start, path + first, n - first, un->id);
	/* the move is told first, then where it stopped (6.1: a legal
	 * path ends at the first enemy zone of control it enters), then
	 * what it captured (16.0) */
	aa_rules(st, &r);
	if (n > first && hex_in_enemy_zoc(&r, un->side, un->hex))
		ctx_event(c, "6.1", "%s enters an enemy zone of control at %s "
			  "and stops.", un->id, hex_id(un->hex, x));
	capture(c, st, u);
}
/* Whether the 2nd Armored Division has begun to arrive (15.0: all of it
 * at once). */
static int ad2_arriving(const struct aachen *st)
{
	int i;

	for (i = 0; i < st->n_units; i++)
		if ((st->u[i].tags & T_2AD) && st->u[i].where != U_WAITING)
			return 1;
	return 0;
}

/* 11.2, 15.0: whether reinforcement u must enter in this phase, its entry
 * hex free (11.4): in the movement phase every unit that is not
 * mechanised, and the rest of the 2nd Armored once one of it has entered;
 * in the mechanised phase every mechanised one, and no other (a unit
 * that is not mechanised moves in no mechanised phase, 11.2: one whose
 * entry hex was held in the movement phase waits for the next turn's,
 * 11.4, and holds back no "done" now). */
static int must_enter(const struct aachen *st, int u, int mech)
{
	int16_t f[HEX_ENTRY_MAX];

	if (!due(st, u) || st->moved[u] || entry_free(st, u, f) == 0)
		return 0;
	if (mech)
		return (st->u[u].tags & T_MECH) != 0;
	if (!(st->u[u].tags & T_MECH))
		return 1;
	return (st->u[u].tags & T_2AD) && ad2_arriving(st);
}

/* The first unit of side that must enter in this phase, or -1. */
static int first_must_enter(const struct aachen *st, int side, int mech)
{
	int i;

	for (i = 0; i < st->n_units; i++)
		if (st->u[i].side == side && must_enter(st, i, mech))
			return i;
	return -1;
}

static int may_move(const struct aachen *st, const struct hex_rules *r,
		    int u, int side, int mech)
{
	int16_t f[HEX_ENTRY_MAX];
	const struct hunit *un = &st->u[u];

	if (un->side != side || st->moved[u])
		return 0;
	if (mech && !(un->tags & T_MECH))
		return 0;
	/* supply: no mechanised movement out of supply */
	if (mech && st->oos[u] && !st->oos_mech)
		return 0;
	if (un->where == U_WAITING)
		return due(st, u) && entry_free(st, u, f) > 0;
	if (un->where != U_MAP || unit_mov(un) == 0)
		return 0;
	/* 8.0: a unit in an enemy zone of control does not move in the
	 * mechanised movement phase */
	return !(mech && hex_in_enemy_zoc(r, side, un->hex));
}

/* 14.0: the Allied player may bridge one river or stream hexside within
 * an engineer's range, not in a German zone of control; once a turn. */
static void engineers(struct ctx *c, struct aachen *st)
{
	struct hex_rules r;
	struct question q;
	int16_t sh[Q_MAX_OPTIONS];
	int8_t sd[Q_MAX_OPTIONS];
	uint8_t near[HEX_MAX];
	char b[16];
	int h, d, o, n = 0, end = hex_end(&st->map);
	size_t k;

	aa_rules(st, &r);
	engineer_range(st, near);
	q_init(&q, "14.0", "bridge", "allied", "Engineers: keep the bridged "
	       "hexside (%s) or bridge another river or stream hexside "
	       "within an engineer's range.", st->eb_hex < 0 ? "none" :
	       hex_side_id(&st->map, st->eb_hex, st->eb_dir, b));
	q_add(&q, "keep");
	for (h = 0; h < end && q.n < Q_MAX_OPTIONS; h++) {
		if (st->map.terr[h] == 255)
			continue;
		for (d = 0; d < 3 && q.n < Q_MAX_OPTIONS; d++) {
			/* (the hexside first: most have no water) */
			if (!(hex_side_has(&st->map, h, d, HS_RIVER) ||
			      hex_side_has(&st->map, h, d, HS_STREAM)))
				continue;
			o = hex_neighbour(&st->map, h, d);
			if (o < 0)
				continue;
			if (h == st->eb_hex && d == st->eb_dir)
				continue;
			if (!near[h] && !near[o])
				continue;
			/* not in a German ZOC, and not into a German-held
			 * hex: engineers bridge past the enemy, not into
			 * him */
			if (hex_in_enemy_zoc(&r, ALLIED, h) ||
			    hex_in_enemy_zoc(&r, ALLIED, o) ||
			    german_at(st, h) || german_at(st, o))
				continue;
			sh[n] = (int16_t)h;
			sd[n++] = (int8_t)d;
			q_add(&q, "%s", hex_side_id(&st->map, h, d, b));
			hex_target(&q, h);      /* the hexside's two hexes */
			hex_target(&q, o);
		}
	}
	/* "keep" alone: asked only to take a "keep" the orders give */
	if (q.n == 1 && !ctx_given(c, "allied", "bridge", "keep"))
		return;
	k = ctx_ask(c, &q);
	if (k == 0)
		return;
	st->eb_hex = sh[k - 1];
	st->eb_dir = sd[k - 1];
	st->eb_turn = st->turn;
	ctx_event(c, "14.0", "US engineers bridge the hexside %s.",
		  hex_side_id(&st->map, st->eb_hex, st->eb_dir, b));
	ctx_mark(c, "", "placed", b, "", "bridge");
}


/* ---- movement orders: one answer a unit, "UNIT HEX HEX ..." ---- */


struct mv_check {
	const struct aachen *st;
	int side, mech;
	struct hex_move mv;        /* the parsed answer */
	/* the last answer found legal, and its parse: the engine checks an
	 * answer, then movement_phase reads it, and a destination's path
	 * search is not made twice (emptied whenever the state changes) */
	char ok[Q_OPTION_LEN];
	struct hex_move ok_mv;
	/* the same state, for trial moves undone after (struct trial) */
	struct aachen *live;
	/* a scratch copy of the state for the examples (ctx_scratch,
	 * made when examples are first shown) */
	struct aachen *trial2;
	struct ctx *c;
};

/* Why unit u cannot reach `to` from its hex with `left` half MPs
 * (hex_unreachable_why: the nearest hex it can reach, and what bars
 * the way on). */
static int unreachable_why(const struct aachen *st, int u, int to, int left,
			   char *why, size_t size)
{
	struct hex_rules r;
	char x[8], w[400];

	aa_rules(st, &r);
	hex_unreachable_why(&r, u, st->u[u].hex, left, 1, to, move_labels(st),
			    NULL, w, sizeof w);
	return snprintf(why, size, "%s cannot reach %s in this phase: %s",
			st->u[u].id, hex_id(to, x), w), -1;
}

/* Why the reinforcement m->mv.unit, with `left` half MPs, reaches `to`
 * from none of its k free entry hexes f (11.3): from the entry hex that
 * gets it nearest (hex_unreachable_why, the unit on it on trial), the
 * hex it gets to and what bars the way on. */
static int entry_unreachable(struct mv_check *m, int to, const int16_t *f,
			     int k, int left, char *why, size_t size)
{
	const struct hunit *un = &m->st->u[m->mv.unit];
	struct hex_rules r;
	struct trial t;
	int i, cost, dist, best = -1;
	char x[8], y[8], w[400], keep[400];

	keep[0] = '\0';
	for (i = 0; i < k; i++) {
		cost = m->st->map.terrain[m->st->map.terr[f[i]]].cost;
		if (cost >= COST_ALL || cost > left) {
			dist = HEX_MAX;
			snprintf(w, sizeof w, "entering it costs more than its "
				 "%d MP (5.1)", left / HALF);
		} else {
			trial_begin(&t, m->live, m->mv.unit, &f[i], 1);
			place_quietly(m->live, m->mv.unit, f[i]);
			aa_rules(m->live, &r);
			if (hex_in_enemy_zoc(&r, un->side, f[i])) {
				dist = hex_distance(&m->st->map, f[i], to);
				snprintf(w, sizeof w, "it stops there, in an "
					 "enemy zone of control (6.1)");
			} else {
				dist = hex_unreachable_why(&r, m->mv.unit,
							   f[i], left - cost,
							   0, to,
							   move_labels(m->st),
							   NULL, w, sizeof w);
			}
			trial_end(&t);
		}
		if (best < 0 || dist < best) {
			best = dist;
			snprintf(keep, sizeof keep, "entering at %s, %s",
				 hex_id(f[i], y), w);
		}
	}
	return snprintf(why, size, "%s cannot reach %s from a free entry hex "
			"in this phase (11.3): %s", un->id, hex_id(to, x),
			keep[0] ? keep : "none is free"), -1;
}

/* "UNIT to HEX": the cheapest legal path (hex_path), from the unit's
 * hex, or for a reinforcement from the free entry hex that leaves the
 * most MPs (11.3). */
static int path_to(struct mv_check *m, int to, char *why, size_t size)
{
	const struct aachen *st = m->st;
	const struct hunit *un = &st->u[m->mv.unit];
	struct hex_rules r;
	int16_t f[HEX_ENTRY_MAX], p[HEX_PATH_MAX];
	int left = allowance(st, m->mv.unit, m->mech), k, i, n, at, best = -1,
	    cost;
	struct trial t;

	aa_rules(st, &r);
	if (un->where == U_MAP) {
		n = hex_path(&r, m->mv.unit, un->hex, left, 1, to, m->mv.path,
			     HEX_PATH_MAX, NULL);
		if (n <= 0)
			return unreachable_why(st, m->mv.unit, to, left, why,
					       size);
		m->mv.n = n;
		return 0;
	}
	k = entry_free(st, m->mv.unit, f);
	for (i = 0; i < k; i++) {
		cost = st->map.terrain[st->map.terr[f[i]]].cost;
		if (cost >= COST_ALL || cost > left)
			continue;
		if (f[i] == to) {
			n = 0;
			at = left - cost;
		} else {
			/* the unit stands on its entry hex (11.2) */
			trial_begin(&t, m->live, m->mv.unit, &f[i], 1);
			place_quietly(m->live, m->mv.unit, f[i]);
			aa_rules(m->live, &r);
			n = hex_in_enemy_zoc(&r, un->side, f[i]) ? -1 :
				hex_path(&r, m->mv.unit, f[i], left - cost, 0, to,
					 p, HEX_PATH_MAX - 1, &at);
			trial_end(&t);
			if (n <= 0)
				continue;       /* 12.0: a ZOC stops it there */
		}
		if (at > best) {
			best = at;
			m->mv.path[0] = f[i];
			memcpy(m->mv.path + 1, p, (size_t)n * sizeof *p);
			m->mv.n = n + 1;
		}
	}
	if (best < 0)
		return entry_unreachable(m, to, f, k, left, why, size);
	return 0;
}

static int check_move_once(struct mv_check *m, const char *ans, char *why,
			   size_t size);
static int check_parsed(struct mv_check *m, char *why, size_t size);

static int check_move(void *user, const char *ans, char *why, size_t size)
{
	struct mv_check *m = user;

	if (m->ok[0] && !strcmp(ans, m->ok)) {
		m->mv = m->ok_mv;
		return 0;
	}
	if (check_move_once(m, ans, why, size))
		return -1;
	snprintf(m->ok, sizeof m->ok, "%s", ans);
	m->ok_mv = m->mv;
	return 0;
}

static int check_move_once(struct mv_check *m, const char *ans, char *why,
			   size_t size)
{
	const struct aachen *st = m->st;
	int u;

	if (!strcmp(ans, "done")) {
		u = first_must_enter(st, m->side, m->mech);
		if (u >= 0 && (st->u[u].tags & T_2AD))
			return snprintf(why, size, "%s may not be held back: "
					"the 2nd Armored Division arrives all "
					"at once (15.0)", st->u[u].id), -1;
		if (u >= 0)
			return snprintf(why, size, "%s may not be held back: "
					"it arrives %s (11.2)", st->u[u].id,
					m->mech ? "in this mechanised phase "
					"at the latest" : "in this movement "
					"phase"), -1;
		m->mv.unit = -1;
		return 0;
	}
	if (hex_move_parse(&st->map, ans, find_unit, st, move_labels(st),
			   &m->mv, why, size))
		return -1;
	return check_parsed(m, why, size);
}

/* Why the reinforcement u may not enter now: it is not due yet (11.0),
 * or each of its entry hexes is held, and by whom (entry_held). */
static int waiting_why(const struct aachen *st, int u, char *why,
		       size_t size)
{
	const struct hunit *un = &st->u[u];
	size_t len;
	int i, h;
	char x[8];

	if (!due(st, u) && un->arrive > 0)
		return snprintf(why, size, "%s may not move now: it arrives "
				"on turn %d (11.0)", un->id, un->arrive), -1;
	if (!due(st, u))
		return snprintf(why, size, "%s may not move now: it arrives "
				"by a game event, not yet come (11.0)", un->id),
		       -1;
	len = (size_t)snprintf(why, size, "%s may not enter now: every one "
			       "of its entry hexes is held:", un->id);
	for (i = 0; i < un->n_entry && len < size; i++) {
		h = un->entry[i];
		len += (size_t)snprintf(why + len, size - len, "%s %s by ",
					i ? "," : "", hex_id(h, x));
		if (len < size)
			len += (size_t)entry_held(st, u, h, why + len,
						  size - len);
	}
	return -1;
}

/* The rules for the move in m->mv, parsed: whose unit, whether it may
 * move now, and its path (found for a destination), walked on trial. */
static int check_parsed(struct mv_check *m, char *why, size_t size)
{
	const struct aachen *st = m->st;
	struct hex_rules r;
	int u = m->mv.unit;

	aa_rules(st, &r);
	if (st->u[u].side != m->side)
		return snprintf(why, size, "%s is not a %s unit (2.3)",
				st->u[u].id, m->side == ALLIED ? "US" :
				"German"), -1;
	if (st->moved[u])
		return snprintf(why, size, "%s has moved in this phase "
				"(5.0)", st->u[u].id), -1;
	if (st->u[u].where == U_WAITING && !may_move(st, &r, u, m->side,
						    m->mech) &&
	    (!m->mech || (st->u[u].tags & T_MECH)))
		return waiting_why(st, u, why, size);
	if (!may_move(st, &r, u, m->side, m->mech))
		return snprintf(why, size, "%s may not move now (%s)",
				st->u[u].id, st->u[u].where == U_WAITING ?
				"11.0, 11.4" : st->u[u].where != U_MAP ? "7.6" :
				!m->mech ? "5.0" : !(st->u[u].tags & T_MECH) ?
				"4.0: not mechanised" :
				st->oos[u] && !st->oos_mech ?
				"9.0: out of supply, no mechanised movement" :
				"4.0: in an enemy zone of control"), -1;
	if (m->mv.by_dest && path_to(m, m->mv.path[0], why, size))
		return -1;
	{
		struct trial t;
		int rc;

		trial_begin(&t, m->live, u, m->mv.path, m->mv.n);
		rc = walk(m->live, u, m->mech, m->mv.path, m->mv.n, why, size);
		trial_end(&t);
		return rc;
	}
}

/* Add "UNIT path" as an example if it fits and is legal; the path is
 * cut to its longest legal prefix that fits. */
static void add_example(struct question *q, struct mv_check *m, int u,
			const int16_t *path, int n)
{
	char buf[Q_OPTION_LEN], x[8], why[160];
	size_t len;
	int i, k;

	for (k = n; k > 0 && q->n < Q_MAX_OPTIONS; k--) {
		len = (size_t)snprintf(buf, sizeof buf, "%s", m->st->u[u].id);
		for (i = 0; i < k; i++)
			len += (size_t)snprintf(len < sizeof buf ?
				buf + len : buf, len < sizeof buf ?
				sizeof buf - len : 0, " %s",
				hex_id(path[i], x));
		if (len >= sizeof buf)
			continue;
		if (check_move(m, buf, why, sizeof why) == 0) {
			for (i = 0; i < (int)q->n; i++)
				if (!strcmp(q->options[i], buf))
					return;
			q_add(q, "%s", buf);
			q_target(q, "unit", m->st->u[u].id);
			for (i = 0; i < k; i++)
				hex_target(q, path[i]);
			return;
		}
	}
}

/* Add "UNIT to HEX" as an example if it is legal and not there yet.
 * With the tree of cheapest paths the search of "UNIT to HEX" makes
 * (prev, from a unit on the map), its path is checked hex by hex, as
 * "UNIT HEX HEX ..." (the same path: one search a unit, not one an
 * example); without it, or if that path does not fit an answer, the
 * answer itself is checked. */
static void add_dest_example(struct question *q, struct mv_check *m, int u,
			     int to, const int16_t *best, const int16_t *prev)
{
	char buf[Q_OPTION_LEN], x[8], why[160];
	size_t i;
	int n = -1;

	if (q->n >= Q_MAX_OPTIONS)
		return;
	snprintf(buf, sizeof buf, "%s to %s", m->st->u[u].id, hex_id(to, x));
	if (prev)
		n = hex_tree_path(best, prev, m->st->u[u].hex, to, m->mv.path,
				  HEX_PATH_MAX);
	if (n > 0) {
		m->mv.unit = u;
		m->mv.n = n;
		m->mv.by_dest = 0;
		if (check_parsed(m, why, sizeof why))
			return;
	} else if (check_move(m, buf, why, sizeof why)) {
		return;
	}
	for (i = 0; i < q->n; i++)
		if (!strcmp(q->options[i], buf))
			return;
	q_add(q, "%s", buf);
	q_target(q, "unit", m->st->u[u].id);
	hex_target(q, to);
}

/* Example moves of unit u, at most `budget`: a reinforcement's entry
 * hexes, then "UNIT to HEX" to the hexes it can reach and stop in, the
 * farthest first, one direction after another (east, west, then the
 * diagonals), so that a template shows where each unit can go in a
 * line or two; a path hex by hex is as legal as ever. */
static void unit_examples(struct question *q, struct mv_check *m, int u,
			  int budget)
{
	static const double dir[6][2] = { { 1, 0 }, { .5, .866 },
		{ -.5, .866 }, { -1, 0 }, { -.5, -.866 }, { .5, -.866 } };
	static const int order[6] = { 0, 3, 1, 4, 2, 5 };
	int16_t best[HEX_MAX], tree[HEX_MAX], f[HEX_ENTRY_MAX];
	const int16_t *prev = NULL;
	uint8_t zoc[HEX_MAX];
	const struct aachen *st = m->st, *ts = st;
	struct aachen *t;
	struct hex_rules r;
	int from, left, first = 1, cost, i, k, n, b, end;
	int top[6];
	double x0, y0, x1, y1, dot;
	size_t before = q->n;

	left = allowance(st, u, m->mech);
	if (st->u[u].where == U_WAITING) {
		n = entry_free(st, u, f);
		for (i = 0; i < n && (int)(q->n - before) < budget; i++)
			add_example(q, m, u, &f[i], 1);
		if (n == 0)
			return;
		from = f[0];
		cost = st->map.terrain[st->map.terr[from]].cost;
		left = cost >= COST_ALL || cost > left ? 0 : left - cost;
		/* a trial copy with the unit on its entry hex */
		t = m->trial2;
		if (!t)
			t = m->trial2 = ctx_scratch(m->c, sizeof *t);
		memcpy(t, st, sizeof *t);
		place_quietly(t, u, from);
		ts = t;
		first = 0;
	} else {
		from = st->u[u].hex;
	}
	aa_rules(ts, &r);
	if (left <= 0 || (st->u[u].where == U_WAITING &&
			  hex_in_enemy_zoc(&r, st->u[u].side, from)))
		return;
	hex_zoc_map(&r, st->u[u].side, zoc);
	r.zoc_of = zoc;
	r.zoc_side = st->u[u].side;
	if (st->u[u].where == U_MAP) {
		prev = tree;
		hex_reach_tree(&r, u, from, left, first, best, tree);
	} else {
		hex_reach(&r, u, from, left, first, best);
	}
	/* in each of the six directions, the hex reached with the fewest
	 * MPs left (the farthest), then the farthest along it, then the
	 * lowest number */
	hex_centre(&ts->map, from, &x0, &y0);
	for (k = 0; k < 6; k++)
		top[k] = -1;
	for (b = 0, end = hex_end(&ts->map); b < end; b++) {
		double score = -1e9;
		int sec = 0;

		if (b == from || best[b] < 0 ||
		    (ts->occ[b] >= 0 && ts->occ[b] != u))
			continue;
		hex_centre(&ts->map, b, &x1, &y1);
		for (k = 0; k < 6; k++) {
			dot = (x1 - x0) * dir[k][0] + (y1 - y0) * dir[k][1];
			if (dot > score) {
				score = dot;
				sec = k;
			}
		}
		i = top[sec];
		if (i < 0 || best[b] < best[i] ||
		    (best[b] == best[i] && hex_distance(&ts->map, from, b) >
		     hex_distance(&ts->map, from, i)))
			top[sec] = b;
	}
	for (k = 0; k < 6 && (int)(q->n - before) < budget; k++)
		if (top[order[k]] >= 0)
			add_dest_example(q, m, u, top[order[k]], best, prev);
	/* none of those legal (the search reaches a hex a move may not
	 * end in): the first hex it may stop in, so that each unit that
	 * can move has an example (the desk lights it) */
	for (b = 0; q->n == before && b < end; b++)
		if (b != from && best[b] >= 0 &&
		    (ts->occ[b] < 0 || ts->occ[b] == u))
			add_dest_example(q, m, u, b, best, prev);
}

static void movement_phase(struct ctx *c, struct aachen *st, int side,
			   int mech)
{
	struct hex_rules r;
	struct question q;
	struct mv_check m = { 0 };
	int16_t idx[HEX_UNITS_MAX];
	int i, n, must, budget;
	size_t len;
	const char *ans;
	char why[200];

	/* the phase's opening, once (a player turn begins with its
	 * movement phase): a run resumed among its moves (st->moving)
	 * goes on with them */
	if (!st->moving) {
		if (!mech)
			aa_turn_start(st);
		memset(st->moved, 0, sizeof st->moved);
		if (!mech)
			supply_check(c, st, side);
		/* 9.0 (version 6, supply: city-hold: in-supply): the
		 * German units' supply is checked again as the Allied
		 * player turn begins, so that a garrison the Allies cut
		 * off in their last turn, and which stayed cut off
		 * through the German turn, is assaulted as such
		 * (holds_fort) */
		if (!mech && side == ALLIED && st->city_fed) {
			supply_check(c, st, GERMAN);
			city_cut_count(c, st);
		}
		if (side == ALLIED)
			engineers(c, st);
		st->moving = 1;
	}
	for (;;) {
		/* a phase played a unit a mail resumes here: each pass
		 * reads the state alone (m's answer is emptied below) */
		ctx_checkpoint_at_end(c);
		aa_rules(st, &r);
		must = first_must_enter(st, side, mech) >= 0;
		n = 0;
		for (i = 0; i < st->n_units; i++)
			if (may_move(st, &r, i, side, mech))
				idx[n++] = (int16_t)i;
		/* no unit left that may move: "done" alone, asked only to
		 * take a "done" the orders give (ctx_given) */
		if (n == 0 && !ctx_given(c, aa_side_names[side], "move",
					 "done"))
			break;
		q_init(&q, "5.0", "move", aa_side_names[side],
		       "%s %s: UNIT to HEX (the cheapest legal path), UNIT "
		       "HEX HEX ... (the path, hex by hex; a reinforcement's "
		       "entry hex first), or done. Units:",
		       side == ALLIED ? "Allied" : "German",
		       mech ? "mechanised movement" : "movement");
		len = strlen(q.text);
		for (i = 0; i < n && len + 12 < sizeof q.text; i++)
			len = append(q.text, len, " ", st->u[idx[i]].id);
		if (i < n)
			snprintf(q.text + len, sizeof q.text - len, " ...");
		m.st = st;
		m.live = st;
		m.c = c;
		m.ok[0] = '\0';        /* the state may have changed */
		m.side = side;
		m.mech = mech;
		if (!must) {
			q_add(&q, "done");
		} else {
			/* the first legal answer: a unit that must enter
			 * enters at its first free entry hex (11.2) */
			int mu = first_must_enter(st, side, mech);
			int16_t f[HEX_ENTRY_MAX];

			if (entry_free(st, mu, f) > 0)
				add_example(&q, &m, mu, f, 1);
		}
		/* up to one example path a unit in each direction: the
		 * order template stays short */
		budget = n ? (int)(Q_MAX_OPTIONS - q.n) / n : 1;
		if (budget > EXAMPLES_A_UNIT)
			budget = EXAMPLES_A_UNIT;
		if (budget < 1)
			budget = 1;
		/* examples only for a question someone will read: an
		 * answer at hand is checked in full by check_move() */
		/* (q.n > 0 whether they are computed or not: "done" or the
		 * entry of a unit that must enter) */
		size_t want = ctx_examples(c, "move");
		for (i = 0; i < n && q.n < Q_MAX_OPTIONS && q.n < want; i++)
			unit_examples(&q, &m, idx[i], budget);
		q.more = i < n && q.n >= want;
		if (q.n == 0)
			break;  /* no legal move at all */
		/* by its destination, or its path (hex_move_parse) */
		q.form = "unit to hex | unit hex...";
		ans = ctx_ask_text(c, &q, check_move, &m);
		if (check_move(&m, ans, why, sizeof why) || m.mv.unit < 0) {
			/* done: a phase in which nothing moved says so, so
			 * that a step of only "done" tells what happened */
			for (i = 0; i < st->n_units &&
			     !(st->moved[i] && st->u[i].side == side); i++)
				;
			if (i == st->n_units)
				ctx_event(c, "5.0", "The %s player moves no "
					  "unit.", side == ALLIED ? "Allied" :
					  "German");
			break;
		}
		move_unit(c, st, m.mv.unit, mech, m.mv.path, m.mv.n, m.mv.by_dest);
		if (st->phase == PH_OVER)
			break;
	}
	st->moving = 0;
}

/* ---- combat (7.0) ---- */

static int can_attack(const struct aachen *st, const struct hex_rules *r,
		      int u, int def_hex)
{
	int shift;

	return !st->attacked[u] && unit_att(&st->u[u]) > 0 &&
	       hex_attack_reaches(r, u, def_hex, &shift);
}

/* 7.1: the attacker declares every attack before any is resolved: one
 * answer an attack, "HEX UNIT UNIT ...", the defender's hex, then the
 * units that attack it (the library's parser and check, hexattack.h, with
 * one defending hex an attack). */
struct atk_check {
	const struct aachen *st;
	int side;
	int ok;                /* 1: a declaration in a, 0: done */
	struct hex_attack a;
};

static const struct hex_attack_labels aa_attack_labels = {
	.rule = "7.1", .support = "8.0", .form = "HEX UNIT UNIT ... or done",
	.support_name = "support fire marker"
};

static int attack_lookup(const void *user, const char *word)
{
	return aa_unit_find(user, word);
}

/* 7.1: a unit of printed attack strength 0 may not attack */
static int printed_attack(const void *user, int u)
{
	const struct aachen *st = user;

	return unit_att(&st->u[u]);
}

static int check_attack(void *user, const char *ans, char *why,
			size_t size)
{
	struct atk_check *k = user;
	const struct aachen *st = k->st;
	struct hex_rules r;
	struct hex_attack_context cx;

	k->ok = 0;
	if (!strcmp(ans, "done"))
		return 0;
	if (st->n_atk >= ATTACKS_MAX)
		return snprintf(why, size, "no more attacks this phase "
				"(7.1)"), -1;
	aa_rules(st, &r);
	if (hex_attack_parse(&r, k->side, ans, attack_lookup, st,
			     &aa_attack_labels, &k->a, why, size) < 0)
		return -1;
	memset(&cx, 0, sizeof cx);
	cx.declared = st->atk;
	cx.n_declared = st->n_atk;
	cx.attacked = st->attacked;
	cx.max_units = ATTACKERS_MAX;
	cx.max_hexes = 1;
	cx.support_left = st->support_left[k->side];
	cx.support_max = 1;
	cx.strength = printed_attack;
	cx.user = st;
	if (hex_attack_check(&r, k->side, &k->a, &cx, &aa_attack_labels, why,
			     size) < 0)
		return -1;
	k->ok = 1;
	return 0;
}

static void declare(struct ctx *c, struct aachen *st, int side)
{
	struct hex_rules r;
	struct question q;
	struct atk_check ck;
	uint8_t taken[HEX_MAX];
	int16_t near[6], att[ATTACKERS_MAX];
	int h, i, j, k, u, n, d, end = hex_end(&st->map);
	size_t len;
	struct hex_attack *a;
	const char *ans;
	char x[8], why[200];

	memset(taken, 0, sizeof taken);
	for (i = 0; i < st->n_atk; i++)
		taken[st->atk[i].def[0]] = 1;
	for (;;) {
		aa_rules(st, &r);
		q_init(&q, "7.1", "attack", aa_side_names[side], "%s combat: "
		       "HEX UNIT UNIT ... (the enemy unit's hex, then the "
		       "units that attack it%s), or done.", side == ALLIED ?
		       "Allied" : "German", st->support_left[side] > 0 ?
		       "; +support to add a support fire marker" : "");
		q_add(&q, "done");
		for (h = 0; h < end && q.n < Q_MAX_OPTIONS; h++) {
			if (taken[h] || st->occ[h] < 0 ||
			    st->u[st->occ[h]].side == side ||
			    st->n_atk >= ATTACKS_MAX)
				continue;
			len = append(q.options[q.n], 0, "", hex_id(h, x));
			n = 0;
			/* the units next to h (one a hex, 5.3), in unit
			 * order: each once, sorted (not a pass over every
			 * unit for every enemy hex) */
			k = 0;
			for (d = 0; d < 6; d++) {
				int nb = hex_neighbour(&st->map, h, d), o;

				if (nb < 0 || (o = st->occ[nb]) < 0 ||
				    o >= st->n_units)
					continue;
				for (j = 0; j < k && near[j] != o; j++)
					;
				if (j < k)
					continue;
				for (j = k++; j > 0 && near[j - 1] > o; j--)
					near[j] = near[j - 1];
				near[j] = (int16_t)o;
			}
			for (j = 0; j < k && n < ATTACKERS_MAX; j++) {
				u = near[j];
				if (st->u[u].side != side ||
				    !can_attack(st, &r, u, h) ||
				    len + strlen(st->u[u].id) + 2 >
				    Q_OPTION_LEN)
					continue;
				len = append(q.options[q.n], len, " ",
					     st->u[u].id);
				att[n++] = (int16_t)u;
			}
			if (n == 0)
				continue;
			/* what the option names: the hex, its attackers */
			q.n++;
			hex_target(&q, h);
			for (j = 0; j < n; j++)
				q_target(&q, "unit", st->u[att[j]].id);
		}
		/* nothing left to attack: "done" alone, asked only to take
		 * a "done" the orders give (ctx_given) */
		if (q.n == 1 && !ctx_given(c, aa_side_names[side], "attack",
					   "done"))
			return;
		ck.st = st;
		ck.side = side;
		q.form = st->support_left[side] > 0 ?
			"hex unit... [+support]" : "hex unit...";
		ans = ctx_ask_text(c, &q, check_attack, &ck);
		if (check_attack(&ck, ans, why, sizeof why) || !ck.ok) {
			/* done with none declared: said, as a move */
			if (st->n_atk == 0)
				ctx_event(c, "7.1", "The %s player makes no "
					  "attack.", side == ALLIED ? "Allied" :
					  "German");
			return;
		}
		a = &st->atk[st->n_atk++];
		*a = ck.a;
		a->done = 0;
		a->def_sup = 0;
		taken[a->def[0]] = 1;
		if (a->att_sup)
			st->support_left[side]--;
		for (i = 0; i < a->n; i++)
			st->attacked[a->att[i]] = 1;
		ctx_event(c, "7.1", "Attack declared on %s (%s) by %s%s%s.",
			  hex_id(a->def[0], x), st->u[st->occ[a->def[0]]].id,
			  st->u[a->att[0]].id, a->n > 1 ? " and others" : "",
			  a->att_sup ? ", with support fire" : "");
	}
}

/* Of the m hexes cand, the one whose nearest enemy unit is farthest
 * (ties: the first): the standing answer "rear" to a retreat. */
static int rearmost(const struct aachen *st, int side, const int16_t *cand,
		    int m)
{
	int best = 0, best_d = -1, i, e, d, near;

	for (i = 0; i < m; i++) {
		near = HEX_MAX;
		for (e = 0; e < st->n_units; e++)
			if (st->u[e].side != side &&
			    st->u[e].where == U_MAP &&
			    (d = hex_distance(&st->map, cand[i],
					      st->u[e].hex)) < near)
				near = d;
		if (near > best_d) {
			best_d = near;
			best = i;
		}
	}
	return best;
}

/* 7.4: the owner retreats unit u n hexes, each farther from where it
 * stood, into no enemy unit or zone of control, ending in an empty hex;
 * with no such hex it is eliminated. Returns 1 if it survived. scope:
 * the question's, "attacker" or "defender" (retreat-attacker ...,
 * ruleset.c). */
static int retreat(struct ctx *c, struct aachen *st, int u, int n,
		   const char *scope)
{
	struct hex_rules r;
	struct question q;
	int16_t cand[6];
	int origin = st->u[u].hex, step, d, b, k, m, side = st->u[u].side;
	char x[8], y[8];

	for (step = 1; step <= n; step++) {
		aa_rules(st, &r);
		m = 0;
		q_init(&q, "7.7", "retreat", aa_side_names[side], "%s retreats "
		       "(%d of %d hexes) from %s: choose the hex.",
		       st->u[u].id, step, n, hex_id(st->u[u].hex, x));
		q.scope = scope;
		/* 6.2, 7.7, 13.0 (a West Wall hex the unit would hold is
		 * reached by no zone of control: exerts_zoc_on) */
		m = hex_retreat_options(&r, u, origin, st->u[u].hex, step, n,
					cand);
		for (d = 0; d < m; d++) {
			q_add(&q, "%s", hex_id(cand[d], y));
			hex_target(&q, cand[d]);
		}
		if (m == 0) {
			eliminate(c, st, u, "7.7", ": it has no hex to "
				  "retreat into");
			return 0;
		}
		/* a standing answer: the hex farthest from the enemy */
		q_add(&q, "rear");
		k = m == 1 ? 0 : (int)ctx_ask(c, &q);
		if (k == m)
			k = rearmost(st, side, cand, m);
		b = cand[k];
		ctx_event(c, "7.7", "%s retreats from %s to %s.", st->u[u].id,
			  hex_id(st->u[u].hex, x), hex_id(b, y));
		ctx_mark(c, "", "move", x, y, st->u[u].id);
		enter(st, u, b);
		aa_reindex(st);
	}
	capture(c, st, u);
	return 1;
}

/* 7.4, 13.0: a unit in a fortified hex ignores a retreat result; so
 * does a unit in terrain whose row of the table says ignore-retreat
 * (7.4, the city's street fighting: the scenario's notes), except, with
 * supply: city-hold: in-supply (version 6), one in an Aachen city hex
 * cut off (9.0, city_cut_count). */
static int holds_fort(struct ctx *c, const struct aachen *st, int u)
{
	const struct hex_effect *t;
	int h = st->u[u].hex;
	char x[8];

	if ((st->map.feat[h] & HF_FORT) && st->map.fort_ignores_retreat) {
		ctx_event(c, "13.0", "%s holds the fortified West Wall hex %s "
			  "and ignores the retreat.", st->u[u].id,
			  hex_id(h, x));
		return 1;
	}
	t = &st->map.terrain[st->map.terr[h]];
	if (st->map.terr[h] == 255 || !hex_effect_ignores_retreat(t, -1))
		return 0;
	if (st->city_fed && is_city(st, h) &&
	    (st->city_one ? st->oos[u] && st->city_cut_n >= st->cut_turns :
	     st->cut[u] >= st->cut_turns)) {
		ctx_event(c, "9.0", "%s holds the %s hex %s cut off and does "
			  "not ignore the retreat.", st->u[u].id,
			  t->name, hex_id(h, x));
		return 0;
	}
	ctx_event(c, "7.4", "%s holds the %s hex %s and ignores the "
		  "retreat.", st->u[u].id, t->name, hex_id(h, x));
	return 1;
}

/* 7.6 (reading): when the attackers retreat or are eliminated, the
 * defender may advance into one hex they vacated next to it. */
static void defender_advance(struct ctx *c, struct aachen *st, int def,
			     const int16_t *from, int n)
{
	struct hex_rules r;
	struct question q;
	int16_t cand[HEX_ATTACK_UNITS], opt[6];
	int i, j, m = 0, k, h;
	char x[8], y[8];

	if (st->phase == PH_OVER || st->u[def].where != U_MAP)
		return;
	aa_rules(st, &r);
	q_init(&q, "7.9", "advance", aa_side_names[st->u[def].side],
	       "The attackers of %s have gone: advance %s into a hex they "
	       "vacated, or no.", hex_id(st->u[def].hex, x), st->u[def].id);
	q.scope = "defender";           /* advance-defender (ruleset.c) */
	q_add(&q, "no");
	for (i = 0; i < n; i++) {
		h = from[i];
		for (j = 0; j < m && cand[j] != h; j++)
			;
		if (j < m || hex_advance_options(&r, def, st->u[def].hex, 1, 1,
						 h, 0, opt) == 0)
			continue;
		cand[m++] = (int16_t)h;
		q_add(&q, "%s", hex_id(h, y));
		hex_target(&q, h);
	}
	if (m == 0)
		return;
	/* a standing answer: into the first hex they left */
	q_add(&q, "yes");
	k = (int)ctx_ask(c, &q);
	if (k == 0)
		return;
	h = cand[k == m + 1 ? 0 : k - 1];
	ctx_event(c, "7.9", "%s advances from %s into %s.", st->u[def].id,
		  x, hex_id(h, y));
	ctx_mark(c, "", "move", x, y, st->u[def].id);
	enter(st, def, h);
	aa_reindex(st);
	capture(c, st, def);
}

/* The attacker's strength with supply (9.0), for hex_attack_strengths */
static int attack_value(const void *user, int u)
{
	return aa_unit_att(user, u);
}

static int defence_value(const void *user, int u)
{
	const struct aachen *st = user;

	return unit_def(&st->u[u]);
}

/* The column of the combat results table an attack would be resolved
 * on now (7.2 and the attacker's support fire, 8.0), before any
 * defensive support; -1 when it is done or has no attacker or defender
 * left. */
static int attack_column(struct aachen *st, const struct hex_attack *a)
{
	struct hex_rules r;
	int16_t alive[HEX_ATTACK_UNITS];
	int sum = 0, dstr = 0, shift = 0;

	if (a->done || st->occ[a->def[0]] < 0)
		return -1;
	aa_rules(st, &r);
	if (hex_attack_strengths(&r, a, attack_value, defence_value, st,
				 &sum, &dstr, &shift, alive) == 0)
		return -1;
	if (a->att_sup)
		sum += st->support_val;
	return crt_shift(&st->crt, crt_column(&st->crt, sum, dstr), shift);
}

/* 8.0, the defender's support fire: "none", "use", "best" or a hex */
static int check_support(void *user, const char *ans, char *why,
			 size_t size)
{
	const struct aachen *st = user;
	int h;

	if (!strcmp(ans, "none") || !strcmp(ans, "use") ||
	    !strcmp(ans, "best"))
		return 0;
	h = hex_parse(&st->map, ans);
	if (h >= 0 && st->map.terr[h] != 255)
		return 0;
	return snprintf(why, size, "write none, use, best (the attack at "
			"the best odds) or the hex of the attack to support "
			"(8.0)"), -1;
}

/* 8.0: whether the defender's answer ans spends a support fire marker
 * on attack a (now at column col): "use" on every attack while markers
 * last; "best" on the attack whose odds are the attacker's best of
 * those not yet resolved (the first declared of equals); a hex on the
 * attack on that hex only: named for another attack still to come, the
 * marker is spent on that one now (its def_sup), so that no later
 * answer, a standing "best" or "use", spends it elsewhere. */
static int support_spent(struct ctx *c, struct aachen *st,
			 const struct hex_attack *a, int col, const char *ans,
			 int side)
{
	char x[8], y[8];
	int i, h;

	if (!strcmp(ans, "use"))
		return 1;
	if (!strcmp(ans, "none"))
		return 0;
	hex_id(a->def[0], x);
	if (strcmp(ans, "best") != 0) {
		h = hex_parse(&st->map, ans);
		if (h == a->def[0])
			return 1;
		for (i = 0; i < st->n_atk; i++)
			if (st->atk[i].def[0] == h && !st->atk[i].done &&
			    !st->atk[i].def_sup)
				break;
		if (i == st->n_atk) {
			ctx_event(c, "8.0", "No support fire for the defence "
				  "of %s: the answer names %s, which no "
				  "attack still to come is on.", x, ans);
			return 0;
		}
		st->atk[i].def_sup = 1;
		st->support_left[side]--;
		ctx_event(c, "8.0", "No support fire for the defence of %s: "
			  "it is kept for %s.", x, ans);
		return 0;
	}
	for (i = 0; i < st->n_atk; i++)
		if (attack_column(st, &st->atk[i]) > col) {
			ctx_event(c, "8.0", "No support fire for the defence "
				  "of %s: the attack on %s is at better odds "
				  "(%s).", x, hex_id(st->atk[i].def[0], y),
				  st->crt.label[attack_column(st,
							      &st->atk[i])]);
			return 0;
		}
	return 1;
}

static void resolve(struct ctx *c, struct aachen *st, struct hex_attack *a,
		    int side)
{
	struct hex_rules r;
	struct question q;
	const struct crt_result *res;
	int def = st->occ[a->def[0]], i, u, sum = 0, dstr, col, col0,
	    shift = 0, die, lost, need, m, k, na;
	int enemy = !side;
	char x[8], y[8], purpose[96];
	const struct hex_effect *t;
	int16_t from[HEX_ATTACK_UNITS], alive[HEX_ATTACK_UNITS];

	a->done = 1;
	if (def < 0)
		return;
	aa_rules(st, &r);
	/* 7.2: terrain multiplies the defence and shifts the column, the
	 * hexside too (the worst for the attacker); attackers gone since
	 * the declaration or cut off by a demolished bridge do not count */
	na = hex_attack_strengths(&r, a, attack_value, defence_value, st,
				  &sum, &dstr, &shift, alive);
	if (na == 0)
		return;
	for (i = 0; i < na; i++)
		from[i] = st->u[alive[i]].hex;
	/* support fire: the attacker's, declared; the defender's, asked */
	if (a->att_sup && st->support_val) {
		sum += st->support_val;
		ctx_event(c, "8.0", "Support fire adds %d to the attack "
			  "on %s.", st->support_val, hex_id(a->def[0], x));
	}
	/* (a marker kept for this attack was spent when its hex was
	 * named: support_spent) */
	if (!a->def_sup && st->support_left[enemy] > 0 &&
	    st->support_val > 0) {
		col = crt_shift(&st->crt, crt_column(&st->crt, sum, dstr),
				shift);
		q_init(&q, "8.0", "support", aa_side_names[enemy],
		       "The attack on %s (%s, at %s): use one of your %d "
		       "support fire markers for the defence (+%d): use, "
		       "none, best (only if no attack still to come is at "
		       "better odds), or the hex of the attack to support.",
		       hex_id(a->def[0], x), st->u[def].id,
		       st->crt.label[col], st->support_left[enemy],
		       st->support_val);
		q_add(&q, "none");
		q_add(&q, "use");
		q_add(&q, "best");
		q_add(&q, "%s", x);
		hex_target(&q, a->def[0]);
		/* none, use and best are its other options */
		q.form = "hex";
		if (support_spent(c, st, a, col,
				  ctx_ask_text(c, &q, check_support, st),
				  enemy)) {
			a->def_sup = 1;
			st->support_left[enemy]--;
		}
	}
	if (a->def_sup)
		ctx_event(c, "8.0", "Support fire adds %d to the defence of "
			  "%s.", st->support_val, hex_id(a->def[0], x));
	t = &st->map.terrain[st->map.terr[a->def[0]]];
	if (a->def_sup)
		dstr += st->support_val;
	col0 = crt_column(&st->crt, sum, dstr);
	col = crt_shift(&st->crt, col0, shift);
	snprintf(purpose, sizeof purpose, "7.6 combat at %s, column %s",
		 hex_id(a->def[0], x), st->crt.label[col]);
	ctx_draw_for(c, aa_side_names[side]);   /* the attacker's roll */
	die = ctx_die(c, purpose, st->crt.die);
	ctx_draw_for(c, NULL);
	res = crt_lookup(&st->crt, col, die);
	ctx_event(c, "7.6", "Attack on %s (%s %d-%d-%d, %s%s): attack %d, "
		  "defence %d, column %s, shift %+d: %s; die %d: %s.",
		  hex_id(a->def[0], x), st->u[def].id, st->u[def].att,
		  st->u[def].def, st->u[def].mov, t->name,
		  st->map.feat[a->def[0]] & HF_FORT ? ", fortified" : "", sum,
		  dstr, st->crt.label[col0], shift, st->crt.label[col], die,
		  res->code);
	ctx_mark(c, "", "combat", x, "", res->code);
	/* the defender */
	switch (res->def) {
	case FX_ELIMINATED:
	case FX_EXCHANGE:
	case FX_STEP:
		eliminate(c, st, def, "7.6", "");
		break;
	case FX_RETREAT:
		if (!holds_fort(c, st, def))
			retreat(c, st, def, res->def_n, "defender");
		break;
	default:
		break;
	}
	if (st->phase == PH_OVER)
		return;
	/* the attacker */
	switch (res->att) {
	case FX_ELIMINATED:
	case FX_STEP:
		for (i = 0; i < na && st->phase != PH_OVER; i++)
			eliminate(c, st, alive[i], "7.6", "");
		defender_advance(c, st, def, from, na);
		return;
	case FX_RETREAT:
		for (i = 0; i < na && st->phase != PH_OVER; i++)
			if (!holds_fort(c, st, alive[i]))
				retreat(c, st, alive[i], res->att_n,
					"attacker");
		defender_advance(c, st, def, from, na);
		return;
	case FX_EXCHANGE:
		/* 7.3: attacking units whose printed attack strengths add up
		 * to at least the defender's printed defence */
		need = unit_def(&st->u[def]);
		lost = 0;
		while (lost < need && st->phase != PH_OVER) {
			int16_t who[HEX_ATTACK_UNITS];

			q_init(&q, "7.6", "exchange", aa_side_names[side],
			       "Exchange: lose attacking units of %d attack "
			       "strength or more (%d so far).", need, lost);
			m = 0;
			for (i = 0; i < na; i++)
				if (st->u[alive[i]].where == U_MAP) {
					who[m++] = (int16_t)alive[i];
					q_add(&q, "%s", st->u[alive[i]].id);
					q_target(&q, "unit",
						 st->u[alive[i]].id);
				}
			if (m == 0)
				break;
			/* a standing answer: the weakest attacker */
			q_add(&q, "weakest");
			k = m == 1 ? 0 : (int)ctx_ask(c, &q);
			if (k == m)
				for (k = 0, i = 1; i < m; i++)
					if (unit_att(&st->u[who[i]]) <
					    unit_att(&st->u[who[k]]))
						k = i;
			u = who[k];
			lost += unit_att(&st->u[u]);
			eliminate(c, st, u, "7.6", " in the exchange");
		}
		break;
	default:
		break;
	}
	if (st->phase == PH_OVER || st->occ[a->def[0]] >= 0)
		return;
	/* 7.6: one attacking unit may advance into the vacated hex */
	{
		int16_t who[HEX_ATTACK_UNITS];

		q_init(&q, "7.9", "advance", aa_side_names[side], "%s is "
		       "vacated: advance an attacking unit into it, or no.",
		       hex_id(a->def[0], x));
		q.scope = "attacker";   /* advance-attacker (ruleset.c) */
		q_add(&q, "no");
		int16_t opt[6];

		m = 0;
		aa_rules(st, &r);
		/* 9.0, 16.0: an advance after combat takes a city hex a
		 * German supply line still reaches (city_may_enter) */
		r.may_enter = NULL;
		for (i = 0; i < na; i++) {
			u = alive[i];
			if (st->u[u].where == U_MAP &&
			    hex_advance_options(&r, u, st->u[u].hex, 1, 1,
						a->def[0], 0, opt) > 0) {
				who[m++] = (int16_t)u;
				q_add(&q, "%s", st->u[u].id);
				q_target(&q, "unit", st->u[u].id);
			}
		}
		if (m == 0)
			return;
		/* a standing answer: the strongest attacker next to it (the
		 * first of equals) */
		q_add(&q, "yes");
		i = (int)ctx_ask(c, &q);
		if (i == 0)
			return;
		if (i == m + 1) {
			hex_strongest(st->u, who, m, unit_att, opt);
			for (i = 1; who[i - 1] != opt[0]; i++)
				;
		}
		u = who[i - 1];
		ctx_event(c, "7.9", "%s advances from %s into %s.",
			  st->u[u].id, hex_id(st->u[u].hex, y), x);
		ctx_mark(c, "", "move", y, x, st->u[u].id);
		enter(st, u, a->def[0]);
		aa_reindex(st);
		capture(c, st, u);
	}
	(void)enemy;
}

static void combat_phase(struct ctx *c, struct aachen *st, int side)
{
	int i;

	declare(c, st, side);
	for (i = 0; i < st->n_atk && st->phase != PH_OVER; i++)
		if (!st->atk[i].done)
			resolve(c, st, &st->atk[i], side);
	st->n_atk = 0;
	memset(st->atk, 0, sizeof st->atk);
	memset(st->attacked, 0, sizeof st->attacked);
}

/* ---- set-up (17.0) ---- */

static void setup_phase(struct ctx *c, struct aachen *st)
{
	struct question q;
	int16_t f[HEX_ENTRY_MAX];
	int i, n, k, side;
	char x[8];

	ctx_where(c, 0, "set-up");
	for (i = 0; i < st->n_units; i++) {
		if (st->u[i].where != U_WAITING || st->u[i].arrive != 0)
			continue;
		side = st->u[i].side;
		n = entry_free(st, i, f);
		if (n == 0)
			continue;
		/* one line in a template: the hexes are the legal answers */
		q_init(&q, "17.0", "setup", aa_side_names[side], "Set up %s "
		       "(%d-%d-%d, %s).",
		       st->u[i].id, st->u[i].att, st->u[i].def, st->u[i].mov,
		       st->u[i].name);
		for (k = 0; k < n; k++) {
			q_add(&q, "%s", hex_id(f[k], x));
			hex_target(&q, f[k]);
		}
		/* a set-up played a unit a mail resumes here, not at the
		 * phase's start: the loop finds this unit again from the
		 * state alone (units placed are on the map, and a unit
		 * passed over had no free entry hex, which stays so while
		 * units only enter) */
		if (n > 1)
			ctx_checkpoint_at_end(c);
		k = n == 1 ? 0 : (int)ctx_ask(c, &q);
		enter(st, i, f[k]);  /* no capture: 17.0 */
		ctx_event(c, "17.0", "%s sets up in %s.", st->u[i].id,
			  hex_id(f[k], x));
	}
	st->phase = PH_A_MOVE;
}

static const char *where_text(enum phase p)
{
	static const char *const t[PHASES] = { "set-up",
		"Allied movement phase", "Allied combat phase",
		"Allied mechanised movement phase", "German movement phase",
		"German combat phase", "German mechanised movement phase",
		"game over" };
	return t[p];
}

void aa_play(struct ctx *c, void *vst)
{
	struct aachen *st = vst;

	while (st->phase != PH_OVER) {
		/* a phase begins: what follows depends on the state only */
		ctx_checkpoint(c);
		ctx_where(c, st->turn, where_text(st->phase));
		switch (st->phase) {
		case PH_SETUP:
			setup_phase(c, st);
			continue;
		case PH_A_MOVE:
			movement_phase(c, st, ALLIED, 0);
			break;
		case PH_A_COMBAT:
			combat_phase(c, st, ALLIED);
			break;
		case PH_A_MECH:
			movement_phase(c, st, ALLIED, 1);
			break;
		case PH_G_MOVE:
			movement_phase(c, st, GERMAN, 0);
			break;
		case PH_G_COMBAT:
			combat_phase(c, st, GERMAN);
			break;
		case PH_G_MECH:
			movement_phase(c, st, GERMAN, 1);
			break;
		default:
			return;
		}
		if (st->phase == PH_OVER)
			break;
		if (st->phase != PH_G_MECH) {
			st->phase++;
			continue;
		}
		memset(st->moved, 0, sizeof st->moved);
		/* 17.1, 16.0: the end of the last turn */
		if (st->turn >= aa_last_turn(st)) {
			final_judgement(c, st, "16.0");
			break;
		}
		st->turn++;
		st->phase = PH_A_MOVE;
		/* 14.0: the bridged hexside crossed last turn is forgotten
		 * (as the saved state forgets it: a state loaded from the
		 * save plays the same, ctx_checkpoint) */
		st->ebu_hex = -1;
		st->ebu_dir = -1;
		st->ebu_turn = 0;
		/* support fire markers: so many a turn */
		memcpy(st->support_left, st->support_n,
		       sizeof st->support_left);
		ctx_event(c, "4.0", "Turn %d begins (the game ends after turn "
			  "%d).", st->turn, aa_last_turn(st));
	}
}
