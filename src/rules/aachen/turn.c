/*
 * turn.c - Aachen: the set-up (17.0) and the game turn (3.0): for each
 * side in turn (the Allied player first, 10.1), a movement phase (5.0,
 * reinforcements 11.0, bridging 14.0, demolition 9.1), a combat phase
 * (7.0) and a mechanised movement phase (8.0); victory (16.0) and the
 * shortened game (17.1). play() runs from whatever phase the state
 * records.
 */
#include <stdio.h>
#include <string.h>
#include "aachen.h"

static int is_us(const struct aachen *st, int u)
{
	return st->u[u].side == ALLIED;
}

int aa_last_turn(const struct aachen *st)
{
	return st->turns - st->us_lost;
}

int aa_held(const struct aachen *st, const int16_t *hexes, int n)
{
	int i, k = 0;

	for (i = 0; i < n; i++)
		k += st->ctrl[hexes[i]] == ALLIED;
	return k;
}

/* ---- the hooks the hex engine asks ---- */

/* 14.0: an engineer's range is its movement allowance in hexes. */
static int engineer_near(const struct aachen *st, int h)
{
	int i;

	for (i = 0; i < st->n_units; i++)
		if (st->u[i].where == U_MAP && (st->u[i].tags & T_ENGINEER) &&
		    st->u[i].side == ALLIED &&
		    hex_distance(&st->map, st->u[i].hex, h) <=
		    unit_mov(&st->u[i]))
			return 1;
	return 0;
}

static int bridged(const void *user, int a, int dir)
{
	const struct aachen *st = user;
	int b;

	if (st->eb_hex < 0)
		return 0;
	b = hex_neighbour(&st->map, st->eb_hex, st->eb_dir);
	if (!((a == st->eb_hex && dir == st->eb_dir) ||
	      (a == b && hex_neighbour(&st->map, a, dir) == st->eb_hex)))
		return 0;
	/* 14.0: within an engineer's range it keeps the road bonus */
	return engineer_near(st, st->eb_hex) || engineer_near(st, b) ? 2 : 1;
}

/* 12.0, 13.0, 13.1: no zone of control into a fortified (West Wall) hex
 * occupied by the enemy, except from units of the US 30th Division. */
static int exerts_zoc(const void *user, int u, int h)
{
	const struct aachen *st = user;
	int o = st->occ[h];

	if (!(st->map.feat[h] & HF_FORT) || o < 0 ||
	    st->u[o].side == st->u[u].side)
		return 1;
	return (st->u[u].tags & T_30TH) && st->u[u].side == ALLIED;
}

void aa_rules(const struct aachen *st, struct hex_rules *r)
{
	r->map = &st->map;
	r->units = st->u;
	r->n_units = st->n_units;
	r->occupant = st->occ;
	r->exerts_zoc = exerts_zoc;
	r->bridged = bridged;
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

int aa_near_wurm(const struct aachen *st, int h)
{
	int x, d;

	if (!st->wurm)
		return 0;
	for (x = 0; x < HEX_MAX; x++) {
		if (st->map.terr[x] == 255 ||
		    hex_distance(&st->map, x, h) > st->ad2_within - 1)
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
	static int16_t stack[HEX_MAX];
	uint8_t seen[HEX_MAX];
	int h, best = 0, n, top, a, d, b;

	memset(seen, 0, sizeof seen);
	for (h = 0; h < HEX_MAX; h++) {
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

/* A unit enters hex h: control passes to its side. */
static void enter(struct ctx *c, struct aachen *st, int u, int h)
{
	if (st->u[u].where == U_MAP && st->occ[st->u[u].hex] == u)
		st->occ[st->u[u].hex] = -1;
	st->u[u].hex = (int16_t)h;
	st->u[u].where = U_MAP;
	if (st->occ[h] < 0)
		st->occ[h] = (int16_t)u;
	st->ctrl[h] = (uint8_t)st->u[u].side;
	if (st->u[u].side == ALLIED)
		check_ad2(c, st);
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
	ctx_event(c, "17.1", "US units eliminated: %d; the game now ends "
		  "after turn %d.", st->us_lost, aa_last_turn(st));
	if (st->turn >= aa_last_turn(st) && st->phase != PH_OVER)
		final_judgement(c, st, "17.1");
}

/* ---- movement (5.0, 6.0, 8.0, 11.0) ---- */

static const char *block_rule(const char *why)
{
	if (!strcmp(why, "enemy"))
		return "4.0";
	if (!strcmp(why, "zoc"))
		return "6.0";
	if (!strcmp(why, "hexside"))
		return "5.3";
	if (!strcmp(why, "cost"))
		return "5.1";
	return "5.0";
}

static void mp_text(char *buf, size_t size, int half)
{
	if (half % HALF)
		snprintf(buf, size, "%d 1/2", half / HALF);
	else
		snprintf(buf, size, "%d", half / HALF);
}

/* Whether a unit passing through friendly-occupied hex b with `left`
 * half MPs can still end its move in an empty hex (4.0). */
static int can_pass(const struct aachen *st, int u, int b, int left)
{
	static int16_t best[HEX_MAX];
	struct hex_rules r;
	int h;

	if (left <= 0)
		return 0;
	aa_rules(st, &r);
	if (hex_in_enemy_zoc(&r, st->u[u].side, b))
		return 0;
	hex_reach(&r, u, b, left, 0, best);
	for (h = 0; h < HEX_MAX; h++)
		if (best[h] >= 0 && h != b && (st->occ[h] < 0 ||
					       st->occ[h] == u))
			return 1;
	return 0;
}

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

static int due(const struct aachen *st, int u)
{
	return st->u[u].where == U_WAITING && st->u[u].arrive > 0 &&
	       st->u[u].arrive <= st->turn;
}

/* Move unit u (5.0): a reinforcement first enters (11.2, 11.3), then the
 * unit steps hex by hex until it stops. */
static void move_unit(struct ctx *c, struct aachen *st, int u, int mech)
{
	struct hex_rules r;
	struct question q;
	struct hunit *un = &st->u[u];
	int16_t cand[7], free_[HEX_ENTRY_MAX];
	const char *side = aa_side_names[un->side], *why;
	int left, first = 1, start, h, d, b, cost, n, k, cost_of[7];
	char x[8], y[8], mp[16], blocked[120];
	size_t bl;

	aa_rules(st, &r);
	st->moved[u] = 1;
	left = unit_mov(un) * HALF;
	if (mech)
		left = unit_mov(un) * st->mech_pct / 100 * HALF;
	if (un->where == U_WAITING) {
		n = entry_free(st, u, free_);
		q_init(&q, "11.3", "enter", side, "Reinforcement %s (%d-%d-%d"
		       ") enters the map: choose its entry hex.", un->id,
		       un->att, un->def, un->mov);
		for (k = 0; k < n; k++)
			q_add(&q, "%s", hex_id(free_[k], x));
		h = free_[n == 1 ? 0 : ctx_ask(c, &q)];
		cost = st->map.terrain[st->map.terr[h]].cost;
		left = cost >= COST_ALL || cost > left ? 0 : left - cost;
		enter(c, st, u, h);
		ctx_event(c, "11.2", "%s (%d-%d-%d) enters at %s.", un->id,
			  un->att, un->def, un->mov, hex_id(h, x));
		ctx_mark(c, "", "placed", x, "", un->id);
		first = 0;
		if (check_victory(c, st))
			return;
		if (hex_in_enemy_zoc(&r, un->side, h)) {
			ctx_event(c, "12.0", "%s entered in an enemy zone of "
				  "control and stops.", un->id);
			return;
		}
	}
	start = un->hex;
	for (;;) {
		h = un->hex;
		if (!first && h != start &&
		    hex_in_enemy_zoc(&r, un->side, h)) {
			if (st->occ[h] == u)
				break;
		}
		q_init(&q, mech ? "8.0" : "5.0", "step", side, "%s", "");
		n = 0;
		blocked[0] = '\0';
		bl = 0;
		if (st->occ[h] == u)
			q_add(&q, "stop");
		for (d = 0; d < 6; d++) {
			b = hex_neighbour(&st->map, h, d);
			if (b < 0)
				continue;
			why = hex_step_block(&r, u, un->side, h, b, left,
					     first, &cost);
			if (!why && st->occ[b] >= 0 && st->occ[b] != u &&
			    !can_pass(st, u, b, left - cost))
				why = "stack";
			if (why) {
				if (bl + 16 < sizeof blocked)
					bl += (size_t)snprintf(blocked + bl,
						sizeof blocked - bl, " %s %s",
						hex_id(b, x), !strcmp(why,
						"stack") ? "4.0" :
						block_rule(why));
				continue;
			}
			cand[n] = (int16_t)b;
			cost_of[n++] = cost;
			q_add(&q, "%s", hex_id(b, x));
		}
		if (q.n == 0) {
			/* cannot happen: can_pass looked ahead */
			break;
		}
		if (n == 0)
			break;  /* only "stop" */
		mp_text(mp, sizeof mp, left);
		snprintf(q.text, sizeof q.text, "%s (%d-%d-%d) at %s, %s MP "
			 "left: next hex or stop.%s%s", un->id, un->att,
			 un->def, un->mov, hex_id(h, x), mp,
			 bl ? " Blocked (rule):" : "", blocked);
		k = (int)ctx_ask(c, &q);
		if (st->occ[h] == u)
			k--;
		if (k < 0)
			break;
		b = cand[k];
		left -= cost_of[k];
		first = 0;
		enter(c, st, u, b);
		if (st->occ[h] < 0) {
			/* h may hold a unit we passed over: reindex */
			aa_reindex(st);
		}
		if (check_victory(c, st))
			return;
		if (hex_in_enemy_zoc(&r, un->side, b) && st->occ[b] == u) {
			ctx_event(c, "6.0", "%s enters an enemy zone of "
				  "control at %s and stops.", un->id,
				  hex_id(b, x));
			break;
		}
	}
	if (un->hex != start) {
		ctx_event(c, mech ? "8.0" : "5.0", "%s moves from %s to %s.",
			  un->id, hex_id(start, x), hex_id(un->hex, y));
		ctx_mark(c, "", "move", x, y, un->id);
	}
}

static int must_enter_2ad(const struct aachen *st, int side, int mech)
{
	int16_t f[HEX_ENTRY_MAX];
	int i;

	for (i = 0; i < st->n_units; i++)
		if (st->u[i].side == side && (st->u[i].tags & T_2AD) &&
		    due(st, i) && !st->moved[i] &&
		    (!mech || (st->u[i].tags & T_MECH)) &&
		    entry_free(st, i, f) > 0)
			return 1;
	return 0;
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
	char b[16];
	int h, d, o, n = 0;
	size_t k;

	if (st->eb_turn == st->turn)
		return;
	aa_rules(st, &r);
	q_init(&q, "14.0", "bridge", "allied", "Engineers: keep the bridged "
	       "hexside (%s) or bridge another river or stream hexside "
	       "within an engineer's range.", st->eb_hex < 0 ? "none" :
	       hex_side_id(&st->map, st->eb_hex, st->eb_dir, b));
	q_add(&q, "keep");
	for (h = 0; h < HEX_MAX && q.n < Q_MAX_OPTIONS; h++) {
		if (st->map.terr[h] == 255)
			continue;
		for (d = 0; d < 3 && q.n < Q_MAX_OPTIONS; d++) {
			o = hex_neighbour(&st->map, h, d);
			if (o < 0 || !(hex_side_has(&st->map, h, d, HS_RIVER) ||
				       hex_side_has(&st->map, h, d, HS_STREAM)))
				continue;
			if (h == st->eb_hex && d == st->eb_dir)
				continue;
			if (!engineer_near(st, h) && !engineer_near(st, o))
				continue;
			if (hex_in_enemy_zoc(&r, ALLIED, h) ||
			    hex_in_enemy_zoc(&r, ALLIED, o))
				continue;
			sh[n] = (int16_t)h;
			sd[n++] = (int8_t)d;
			q_add(&q, "%s", hex_side_id(&st->map, h, d, b));
		}
	}
	if (q.n == 1)
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

/* 9.1 (provisional): at the start of his movement phase the German
 * player may demolish intact bridges next to a German unit. */
static void demolition(struct ctx *c, struct aachen *st)
{
	struct question q;
	int16_t sh[Q_MAX_OPTIONS];
	int8_t sd[Q_MAX_OPTIONS];
	char b[16];
	int h, d, o, n;
	size_t k;

	for (;;) {
		q_init(&q, "9.1", "demolish", "german", "Demolish a bridge "
		       "next to a German unit, or done.");
		q_add(&q, "done");
		n = 0;
		for (h = 0; h < HEX_MAX && q.n < Q_MAX_OPTIONS; h++) {
			for (d = 0; d < 3 && q.n < Q_MAX_OPTIONS; d++) {
				o = hex_neighbour(&st->map, h, d);
				if (o < 0 ||
				    !hex_side_has(&st->map, h, d, HS_BRIDGE) ||
				    hex_side_has(&st->map, h, d,
						 HS_DEMOLISHED))
					continue;
				if (!((st->occ[h] >= 0 &&
				       st->u[st->occ[h]].side == GERMAN) ||
				      (st->occ[o] >= 0 &&
				       st->u[st->occ[o]].side == GERMAN)))
					continue;
				sh[n] = (int16_t)h;
				sd[n++] = (int8_t)d;
				q_add(&q, "%s", hex_side_id(&st->map, h, d,
							    b));
			}
		}
		if (q.n == 1)
			return;
		k = ctx_ask(c, &q);
		if (k == 0)
			return;
		hex_side_set(&st->map, sh[k - 1], sd[k - 1], HS_DEMOLISHED, 1);
		ctx_event(c, "9.1", "The Germans demolish the bridge at %s.",
			  hex_side_id(&st->map, sh[k - 1], sd[k - 1], b));
	}
}

/* 9.2 (provisional; "14.2" in 14.0): an Allied engineer in a hex beside
 * a demolished bridge, outside German zones of control, at the end of
 * the Allied movement phase, repairs it. */
static void repair(struct ctx *c, struct aachen *st)
{
	struct hex_rules r;
	char b[16];
	int i, d, h, o;

	aa_rules(st, &r);
	for (i = 0; i < st->n_units; i++) {
		if (st->u[i].where != U_MAP || st->u[i].side != ALLIED ||
		    !(st->u[i].tags & T_ENGINEER))
			continue;
		h = st->u[i].hex;
		if (hex_in_enemy_zoc(&r, ALLIED, h))
			continue;
		for (d = 0; d < 6; d++) {
			o = hex_neighbour(&st->map, h, d);
			if (o < 0 || !hex_side_has(&st->map, h, d,
						   HS_DEMOLISHED))
				continue;
			hex_side_set(&st->map, h, d, HS_DEMOLISHED, 0);
			ctx_event(c, "9.2", "%s repairs the bridge at %s.",
				  st->u[i].id, hex_side_id(&st->map, h, d, b));
		}
	}
}

static void movement_phase(struct ctx *c, struct aachen *st, int side,
			   int mech)
{
	struct hex_rules r;
	struct question q;
	int16_t idx[HEX_UNITS_MAX];
	int i, n;
	size_t k;

	memset(st->moved, 0, sizeof st->moved);
	if (side == ALLIED)
		engineers(c, st);
	else if (!mech)
		demolition(c, st);
	for (;;) {
		aa_rules(st, &r);
		q_init(&q, mech ? "8.0" : "5.0", "move", aa_side_names[side],
		       "%s %s phase: choose a unit to move (reinforcements "
		       "enter), or done.", side == ALLIED ? "Allied" :
		       "German", mech ? "mechanised movement" : "movement");
		n = 0;
		/* 15.0: the 2nd Armored Division may not be held back */
		if (!must_enter_2ad(st, side, mech))
			q_add(&q, "done");
		for (i = 0; i < st->n_units && q.n < Q_MAX_OPTIONS; i++) {
			if (!may_move(st, &r, i, side, mech))
				continue;
			if (must_enter_2ad(st, side, mech) &&
			    !(st->u[i].tags & T_2AD && due(st, i)))
				continue;
			idx[n++] = (int16_t)i;
			q_add(&q, "%s", st->u[i].id);
		}
		if (n == 0 && q.n == 1)
			break;
		k = ctx_ask(c, &q);
		if (!strcmp(q.options[k], "done"))
			break;
		move_unit(c, st, idx[k - (q.n - (size_t)n)], mech);
		if (st->phase == PH_OVER)
			return;
	}
	if (side == ALLIED && !mech)
		repair(c, st);
}

/* ---- combat (7.0) ---- */

static int can_attack(const struct aachen *st, const struct hex_rules *r,
		      int u, int def_hex)
{
	int shift;

	return st->u[u].where == U_MAP && !st->attacked[u] &&
	       unit_att(&st->u[u]) > 0 &&
	       hex_dir(&st->map, st->u[u].hex, def_hex) >= 0 &&
	       hex_attack_across(r, st->u[u].hex, def_hex, &shift);
}

/* 7.1: the attacker declares every attack before any is resolved: a
 * defending hex, then the units that attack it. */
static void declare(struct ctx *c, struct aachen *st, int side)
{
	struct hex_rules r;
	struct question q;
	int16_t hexes[Q_MAX_OPTIONS];
	uint8_t taken[HEX_MAX];
	int h, i, n, u;
	size_t k;
	struct attack *a;
	char x[8];

	aa_rules(st, &r);
	memset(taken, 0, sizeof taken);
	for (i = 0; i < st->n_atk; i++)
		taken[st->atk[i].def] = 1;
	for (;;) {
		q_init(&q, "7.1", "attack", aa_side_names[side], "Declare an "
		       "attack on an adjacent enemy unit's hex, or done.");
		q_add(&q, "done");
		n = 0;
		for (h = 0; h < HEX_MAX && q.n < Q_MAX_OPTIONS; h++) {
			if (taken[h] || st->occ[h] < 0 ||
			    st->u[st->occ[h]].side == side ||
			    st->n_atk >= ATTACKS_MAX)
				continue;
			for (i = 0; i < st->n_units; i++)
				if (st->u[i].side == side &&
				    can_attack(st, &r, i, h))
					break;
			if (i == st->n_units)
				continue;
			hexes[n++] = (int16_t)h;
			q_add(&q, "%s", hex_id(h, x));
		}
		if (q.n == 1)
			return;
		k = ctx_ask(c, &q);
		if (k == 0)
			return;
		a = &st->atk[st->n_atk++];
		memset(a, 0, sizeof *a);
		a->def = hexes[k - 1];
		taken[a->def] = 1;
		for (;;) {
			int16_t who[ATTACKERS_MAX];

			q_init(&q, "7.1", "with", aa_side_names[side], "Attack "
			       "on %s (%s): add an attacking unit%s.",
			       hex_id(a->def, x), st->u[st->occ[a->def]].id,
			       a->n ? ", or go" : "");
			if (a->n)
				q_add(&q, "go");
			n = 0;
			for (u = 0; u < st->n_units && n < ATTACKERS_MAX;
			     u++) {
				if (st->u[u].side != side ||
				    !can_attack(st, &r, u, a->def))
					continue;
				who[n++] = (int16_t)u;
				q_add(&q, "%s", st->u[u].id);
			}
			if (n == 0)
				break;
			k = ctx_ask(c, &q);
			if (a->n && k == 0)
				break;
			u = who[k - (a->n ? 1 : 0)];
			a->att[a->n++] = (uint8_t)u;
			st->attacked[u] = 1;
		}
		ctx_event(c, "7.1", "Attack declared on %s.",
			  hex_id(a->def, x));
	}
}

/* 7.4: the owner retreats unit u n hexes, each farther from where it
 * stood, into no enemy unit or zone of control, ending in an empty hex;
 * with no such hex it is eliminated. Returns 1 if it survived. */
static int retreat(struct ctx *c, struct aachen *st, int u, int n)
{
	struct hex_rules r;
	struct question q;
	int16_t cand[6];
	int origin = st->u[u].hex, step, d, b, k, m, side = st->u[u].side;
	char x[8], y[8];

	for (step = 1; step <= n; step++) {
		aa_rules(st, &r);
		m = 0;
		q_init(&q, "7.4", "retreat", aa_side_names[side], "%s retreats "
		       "(%d of %d hexes) from %s: choose the hex.",
		       st->u[u].id, step, n, hex_id(st->u[u].hex, x));
		for (d = 0; d < 6; d++) {
			b = hex_neighbour(&st->map, st->u[u].hex, d);
			if (b < 0 || hex_distance(&st->map, origin, b) != step ||
			    (st->occ[b] >= 0 && st->u[st->occ[b]].side != side)
			    || (step == n && st->occ[b] >= 0) ||
			    hex_step_cost(&r, st->u[u].hex, b) == COST_NO ||
			    hex_in_enemy_zoc(&r, side, b))
				continue;
			cand[m++] = (int16_t)b;
			q_add(&q, "%s", hex_id(b, y));
		}
		if (m == 0) {
			eliminate(c, st, u, "7.4", ": it has no hex to "
				  "retreat into");
			return 0;
		}
		k = m == 1 ? 0 : (int)ctx_ask(c, &q);
		b = cand[k];
		ctx_event(c, "7.4", "%s retreats from %s to %s.", st->u[u].id,
			  hex_id(st->u[u].hex, x), hex_id(b, y));
		ctx_mark(c, "", "move", x, y, st->u[u].id);
		enter(c, st, u, b);
		aa_reindex(st);
		if (check_victory(c, st))
			return 1;
	}
	return 1;
}

/* 7.4, 13.0: a unit in a fortified hex ignores a retreat result. */
static int holds_fort(struct ctx *c, const struct aachen *st, int u)
{
	char x[8];

	if (!(st->map.feat[st->u[u].hex] & HF_FORT) ||
	    !st->map.fort_ignores_retreat)
		return 0;
	ctx_event(c, "13.0", "%s holds the fortified West Wall hex %s and "
		  "ignores the retreat.", st->u[u].id,
		  hex_id(st->u[u].hex, x));
	return 1;
}

static void resolve(struct ctx *c, struct aachen *st, struct attack *a,
		    int side)
{
	struct hex_rules r;
	struct question q;
	const struct crt_result *res;
	int def = st->occ[a->def], i, u, sum = 0, dstr, col, col0, shift = 0,
	    s, worst = 0, die, lost, need, m, alive[ATTACKERS_MAX], na;
	int enemy = !side;
	char x[8], y[8], purpose[96];
	const struct hex_effect *t;

	a->done = 1;
	if (def < 0)
		return;
	aa_rules(st, &r);
	na = 0;
	for (i = 0; i < a->n; i++) {
		u = a->att[i];
		if (st->u[u].where != U_MAP ||
		    !hex_attack_across(&r, st->u[u].hex, a->def, &s))
			continue;
		sum += unit_att(&st->u[u]);
		if (s < worst)
			worst = s;
		alive[na++] = u;
	}
	if (na == 0)
		return;
	/* 7.2: terrain multiplies the defence and shifts the column */
	t = &st->map.terrain[st->map.terr[a->def]];
	dstr = unit_def(&st->u[def]) * t->defence_pct / 100;
	shift = t->shift + worst;
	if (st->map.feat[a->def] & HF_FORT) {
		dstr = dstr * st->map.fort.defence_pct / 100;
		shift += st->map.fort.shift;
	}
	col0 = crt_column(&st->crt, sum, dstr);
	col = crt_shift(&st->crt, col0, shift);
	snprintf(purpose, sizeof purpose, "7.3 combat at %s, column %s",
		 hex_id(a->def, x), st->crt.label[col]);
	die = ctx_die(c, purpose, st->crt.die);
	res = crt_lookup(&st->crt, col, die);
	ctx_event(c, "7.3", "Attack on %s (%s %d-%d-%d, %s%s): attack %d, "
		  "defence %d, column %s, shift %+d: %s; die %d: %s.",
		  hex_id(a->def, x), st->u[def].id, st->u[def].att,
		  st->u[def].def, st->u[def].mov, t->name,
		  st->map.feat[a->def] & HF_FORT ? ", fortified" : "", sum,
		  dstr, st->crt.label[col0], shift, st->crt.label[col], die,
		  res->code);
	ctx_mark(c, "", "combat", x, "", res->code);
	/* the defender */
	switch (res->def) {
	case FX_ELIMINATED:
	case FX_EXCHANGE:
	case FX_STEP:
		eliminate(c, st, def, "7.3", "");
		break;
	case FX_RETREAT:
		if (!holds_fort(c, st, def))
			retreat(c, st, def, res->def_n);
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
			eliminate(c, st, alive[i], "7.3", "");
		return;
	case FX_RETREAT:
		for (i = 0; i < na && st->phase != PH_OVER; i++)
			if (!holds_fort(c, st, alive[i]))
				retreat(c, st, alive[i], res->att_n);
		return;
	case FX_EXCHANGE:
		/* 7.3: attacking units whose printed attack strengths add up
		 * to at least the defender's printed defence */
		need = unit_def(&st->u[def]);
		lost = 0;
		while (lost < need && st->phase != PH_OVER) {
			int16_t who[ATTACKERS_MAX];

			q_init(&q, "7.3", "exchange", aa_side_names[side],
			       "Exchange: lose attacking units of %d attack "
			       "strength or more (%d so far).", need, lost);
			m = 0;
			for (i = 0; i < na; i++)
				if (st->u[alive[i]].where == U_MAP) {
					who[m++] = (int16_t)alive[i];
					q_add(&q, "%s", st->u[alive[i]].id);
				}
			if (m == 0)
				break;
			u = who[m == 1 ? 0 : ctx_ask(c, &q)];
			lost += unit_att(&st->u[u]);
			eliminate(c, st, u, "7.3", " in the exchange");
		}
		break;
	default:
		break;
	}
	if (st->phase == PH_OVER || st->occ[a->def] >= 0)
		return;
	/* 7.6: one attacking unit may advance into the vacated hex */
	{
		int16_t who[ATTACKERS_MAX];

		q_init(&q, "7.6", "advance", aa_side_names[side], "%s is "
		       "vacated: advance an attacking unit into it, or no.",
		       hex_id(a->def, x));
		q_add(&q, "no");
		m = 0;
		for (i = 0; i < na; i++) {
			u = alive[i];
			if (st->u[u].where == U_MAP &&
			    hex_dir(&st->map, st->u[u].hex, a->def) >= 0) {
				who[m++] = (int16_t)u;
				q_add(&q, "%s", st->u[u].id);
			}
		}
		if (m == 0)
			return;
		i = (int)ctx_ask(c, &q);
		if (i == 0)
			return;
		u = who[i - 1];
		ctx_event(c, "7.6", "%s advances from %s into %s.",
			  st->u[u].id, hex_id(st->u[u].hex, y), x);
		ctx_mark(c, "", "move", y, x, st->u[u].id);
		enter(c, st, u, a->def);
		aa_reindex(st);
		check_victory(c, st);
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
		q_init(&q, "17.0", "setup", aa_side_names[side], "Set up %s "
		       "(%d-%d-%d, %s) in one of its set-up hexes.",
		       st->u[i].id, st->u[i].att, st->u[i].def, st->u[i].mov,
		       st->u[i].name);
		for (k = 0; k < n; k++)
			q_add(&q, "%s", hex_id(f[k], x));
		k = n == 1 ? 0 : (int)ctx_ask(c, &q);
		enter(c, st, i, f[k]);
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
		ctx_event(c, "3.0", "Turn %d begins (the game ends after turn "
			  "%d).", st->turn, aa_last_turn(st));
	}
}
