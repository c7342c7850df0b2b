/*
 * fight.c - Race to the Reichstag: the combat phase (12.0-14.x) played
 * on the game state: 12.13 removals, attacks declared and resolved one
 * by one (12.0, 12.2), the defending stack revealed (17.1(2)), the
 * result applied (12.23): losses chosen by their owner, retreats (13.x),
 * advances (14.x, 19.1), bridge checks on the way (18.x). The arithmetic
 * is combat.c's and retreat.c's; this asks the questions and moves the
 * counters.
 *
 * Who answers: the attacks, the attacker's commander; every question
 * about the defenders (losses, retreats, 13.6 stay, the defender's
 * advance) the OTHER player, who commands the defenders in every combat
 * of this game (a Soviet PT's defenders are the Germans of its own
 * sector, which the other player commands, 4.0; a German PT's defenders
 * are the Soviets of the front its commander opposes; 16.10 gives him the
 * Reichstag garrison too). Every such question has a policy answer that
 * stays in force from the owner's latest order file (ruleset.c: lose
 * "default", retreat "auto", stay "stay" or "retreat", advance "no" or
 * "auto": advance-german-defender or advance-front-defender, as a bare
 * advance answers only the first advance of its own step,
 * umpire-orders(5) SCOPES), so the other player's step goes on without
 * a mail from him; any other standing answer, or none, and he is
 * asked. The attacker may answer
 * "attack" with a plan, attacks joined by ";", which declares the first
 * of them still legal: given as a standing answer it makes the phase's
 * attacks one by one in one mail.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "state.h"
#include "fight.h"
#include "options.h"
#include "board.h"
#include "combat.h"
#include "../lib/hexattack.h"
#include "../lib/hexcombat.h"
#include "../lib/hexorders.h"

/* What the hooks of hex_rules and rc_env see: the state, the phase's
 * attacking front or sector, and the front whose engineers count. */
struct fx_user {
	const struct rttr *st;
	int side;             /* attacking allegiance */
	int sector;           /* SEC_1BF/SEC_1UF of the phasing PT */
	int eng_front;        /* engineers of this front (19.1), or -1 */
	const int16_t *zero;  /* 12.13: hexes of this phase's zero-strength
				 removals, where no enemy may advance */
	int n_zero;
};

static int allegiance_al(const struct rttr *st, int side)
{
	return st->rg.al[side == GERMAN ? GERMAN : SOVIET];
}

static int in_reichstag(const struct rttr *st, int h)
{
	return st->rg.reichstag >= 0 && h >= 0 &&
	       hex_in_region(&st->map, h, st->rg.reichstag);
}

/* The core's hooks (rt_rules: 11.0 zones of control, 10.x stacking,
 * 5.2/5.5/5.6 where a unit may go), called with the user they expect:
 * fight.c's hex_rules carries its own user for the engineers (19.1). */
static int fx_exerts(const void *user, int u, int h)
{
	const struct fx_user *x = user;
	struct hex_rules r;

	rt_rules(x->st, &r);
	return !r.exerts_zoc || r.exerts_zoc(r.user, u, h);
}

static int fx_stack_ok(const void *user, int u, int h)
{
	const struct fx_user *x = user;
	struct hex_rules r;

	rt_rules(x->st, &r);
	return r.stack_ok ? r.stack_ok(r.user, u, h) :
		x->st->occ[h] < 0 || x->st->occ[h] == u;
}

static int fx_may_enter(const void *user, int u, int h)
{
	const struct fx_user *x = user;
	struct hex_rules r;
	int i;

	for (i = 0; i < x->n_zero; i++)
		if (x->zero[i] == h)
			return 0;               /* 12.13 */
	rt_rules(x->st, &r);
	return !r.may_enter || r.may_enter(r.user, u, h);
}

/* 19.1, 19.2: a hexside counts as bridged for eng_front when one of its
 * engineers, in place since the phase began, stands in one of its two
 * hexes, or next to both (the hexsides "adjacent" to the engineer's
 * hex's: those that touch it at a corner; GUESS, RULES.md 19.2) */
static int fx_bridged(const void *user, int a, int dir)
{
	const struct fx_user *x = user;

	return x->eng_front >= 0 &&
	       rt_engineer_covers(x->st, x->eng_front, a,
				  hex_neighbour(&x->st->map, a, dir), 1);
}

static int fx_mobile(const void *user, int u)
{
	const struct fx_user *x = user;

	return !(x->st->u[u].tags & T_FIXED);
}

static int fx_flak(const void *user, int u)
{
	const struct fx_user *x = user;

	return x->st->u[u].type == TY_FLAK &&
	       !(x->st->flags[u] & F_FACEDOWN);
}

/* 22.5(3): a German attacker in the zone of an Me-262 marker of the
 * player who commands it */
static int fx_me262(const void *user, int u)
{
	const struct fx_user *x = user;
	const struct rttr *st = x->st;
	int i, k;

	if (st->u[u].side != GERMAN || st->u[u].where != U_MAP)
		return 0;
	for (i = 0; i < st->bz.n; i++) {
		k = st->bz.m[i].kind;
		if (k < st->n_mk && st->mk[k].kind == MK_ME262 &&
		    st->bz.m[i].side == rt_commander(st, u) &&
		    hex_marker_reaches(&st->bz, &st->map, i, st->u[u].hex))
			return 1;
	}
	return 0;
}

/* 24.5: with the LOC option, a Soviet attacker gets the barrage
 * doubling only if it traces a line of communication (board.c) */
static int fx_barrage_ok(const void *user, int u)
{
	const struct fx_user *x = user;

	return rt_loc(x->st, x->st->front[u], x->st->u[u].hex);
}

/* 4.0: the phasing PT's units: its front's Soviets, or the Germans of
 * its sector */
static int fx_in_phase(const void *user, int u)
{
	const struct fx_user *x = user;

	return x->st->u[u].side == x->side && x->st->front[u] == x->sector;
}

/* The bars on an attack beyond adjacency and the hexside: 5.6 no German
 * attack into or out of the Reichstag; 5.5 not while the other front's
 * barrage marker is in it; 5.2, 4.0 (reading) a front fights only the
 * Germans of its own sector and the Germans of a sector only that
 * front's Soviets (the Reichstag garrison: either front). 1 and a
 * message when barred. */
static int fx_barred(const void *user, int u, int h, char *why, size_t size)
{
	const struct fx_user *x = user;
	const struct rttr *st = x->st;
	int v, j;

	if (st->u[u].side == GERMAN) {
		if (in_reichstag(st, h))
			return snprintf(why, size, "Germans may not attack into "
					"the Reichstag hex (5.6)"), 1;
		if (in_reichstag(st, st->u[u].hex))
			return snprintf(why, size, "Germans in the Reichstag "
					"hex may not attack (5.6)"), 1;
	} else if (in_reichstag(st, h)) {
		for (j = 0; j < st->bz.n; j++)
			if (st->bz.m[j].hex == h &&
			    st->bz.m[j].side != st->front[u])
				return snprintf(why, size, "the other front's "
						"barrage marker is in the "
						"Reichstag hex (5.5)"), 1;
	}
	for (v = st->occ[h]; v >= 0; v = st->next[v])
		if (st->u[v].side != st->u[u].side &&
		    st->front[v] != SEC_BOTH && st->front[v] != st->front[u])
			return snprintf(why, size, "the units at %s belong to "
					"the other sector (5.2)",
					hex_id(h, (char[8]){ 0 })), 1;
	return 0;
}

static int fx_may_attack(const void *user, int u, int h)
{
	char why[120];

	return !fx_barred(user, u, h, why, sizeof why);
}

static void fx_rules(const struct fx_user *x, struct hex_rules *r)
{
	rt_rules(x->st, r);
	r->exerts_zoc = fx_exerts;
	r->stack_ok = fx_stack_ok;
	r->may_enter = fx_may_enter;
	r->bridged = fx_bridged;
	r->extra_cost = NULL;     /* 15.4: no barrage cost in a retreat or
				     an advance */
	r->user = x;
}

/* 26.1: a German mobile unit may retreat off the west edge once the
 * Fuehrerbunker is captured (options.c) */
static int fx_west_exit(const void *user, int u, int h)
{
	const struct fx_user *x = user;
	char why[8];

	return rt_west_check(x->st, u, why, sizeof why) == 0 &&
	       rt_west_edge(x->st, h);
}

static void fx_env(const struct fx_user *x, const struct hex_rules *r,
		   struct rc_env *e)
{
	memset(e, 0, sizeof *e);
	e->r = r;
	e->german = GERMAN;
	e->al_german = allegiance_al(x->st, GERMAN);
	e->al_soviet = allegiance_al(x->st, SOVIET);
	e->sector[0] = x->st->rg.sector[P1BF];
	e->sector[1] = x->st->rg.sector[P1UF];
	e->reichstag = x->st->rg.reichstag;
	e->mobile = fx_mobile;
	e->flak = fx_flak;
	e->me262 = fx_me262;
	e->barrage_ok = fx_barrage_ok;     /* 24.5 (rfixed5) */
	e->in_phase = fx_in_phase;
	e->may_attack = fx_may_attack;
	e->west_exit = fx_west_exit;       /* 26.1 */
	e->user = x;
}

/* ---- moving and removing counters ---- */

static const char *side_name(int p)
{
	return p >= 0 && p < PLAYERS ? rt_side_names[p] : "";
}

/* 19.3: an engineer that is eliminated, retreats or advances gives no
 * more support this phase */
static void leaves(struct rttr *st, int u)
{
	st->flags[u] &= (uint16_t)~F_ENGINEER;
}

static void eliminate(struct ctx *c, struct rttr *st, int u,
		      const char *rule, const char *why)
{
	char x[8];
	int h = st->u[u].hex;

	ctx_event(c, rule, "%s is eliminated at %s%s.", st->u[u].id,
		  hex_id(h, x), why);
	ctx_mark(c, "", "lost", x, "", st->u[u].id);
	st->elim_by[u] = (int8_t)rt_sector(st, h);
	st->u[u].where = U_ELIMINATED;
	st->u[u].hex = HEX_NONE;
	leaves(st, u);
	rt_reindex(st);
}

/* 18.1, 18.2: a Soviet unit enters h: each bridge of h never checked is
 * rolled for now, by the player moving the unit (state.h: movement calls
 * it too) */
int rt_bridge_checks(struct ctx *c, struct rttr *st, int u, int h)
{
	int dirs[6], k, i, die;
	char x[16], hx[8];

	if (st->u[u].side != SOVIET)
		return 0;
	k = rc_bridges_unchecked(&st->map, h, dirs);
	for (i = 0; i < k; i++) {
		hex_side_id(&st->map, h, dirs[i], x);
		/* the hex entered and the bridge's hexside, both on the
		 * map the mover sees, for his template's last line */
		ctx_draw_about(c, "at %s (hexside %s)", hex_id(h, hx), x);
		die = ctx_die(c, "18.2 bridge", 6);
		if (rc_bridge_roll(&st->map, h, dirs[i], die))
			ctx_event(c, "18.2", "Bridge %s: die %d, destroyed.",
				  x, die);
		else
			ctx_event(c, "18.2", "Bridge %s: die %d, it stands "
				  "for good.", x, die);
	}
	return k;
}

/* A unit steps into h by a retreat or an advance: the stack order
 * (17.1), bridges (18.1), objective control (21.2) and the Reichstag
 * (4.0 V.A, 5.5). */
static void enter(struct ctx *c, struct rttr *st, int u, int h)
{
	int f = st->front[u], was = st->ctrl[h];

	st->u[u].hex = (int16_t)h;
	st->seq[u] = st->seq_next++;
	leaves(st, u);
	rt_reindex(st);
	if (st->u[u].side == GERMAN) {
		if (st->ctrl[h] >= 0 &&
		    (hex_in_region(&st->map, h, st->rg.so[P1BF]) ||
		     hex_in_region(&st->map, h, st->rg.so[P1UF])))
			st->ctrl[h] = -1;               /* 21.2 */
		rt_tell_control(c, st, h, was);
		return;
	}
	if (hex_in_region(&st->map, h, st->rg.so[P1BF]) ||
	    hex_in_region(&st->map, h, st->rg.so[P1UF]) ||
	    in_reichstag(st, h))
		st->ctrl[h] = (int8_t)f;                /* 21.2 */
	rt_tell_control(c, st, h, was);
	if (in_reichstag(st, h) && st->rt_taken_by < 0)
		st->rt_taken_by = f;                    /* 4.0 V.A */
	rt_bridge_checks(c, st, u, h);
}

/* ---- losses (12.23) ---- */

/* The owner chooses one of the units cand[0..m-1] (equals for "lose
 * strongest"); the standing answer "default" takes the first. */
static int choose_one(struct ctx *c, int owner, const char *what,
		      const struct rttr *st, const int16_t *cand, int m)
{
	struct question q;
	size_t k;
	int i;

	if (m <= 1)
		return 0;
	q_init(&q, "12.23", "lose", side_name(owner), "%s: choose the unit "
	       "to eliminate (the strongest, equal by printed strength).",
	       what);
	for (i = 0; i < m && q.n < Q_MAX_OPTIONS - 1; i++) {
		q_add(&q, "%s", st->u[cand[i]].id);
		q_target(&q, "unit", st->u[cand[i]].id);
	}
	q_add(&q, "default");
	k = ctx_ask(c, &q);
	return k + 1 == q.n ? 0 : (int)k;
}

/* Every minimal set meeting "lose half" among who[0..n-1] (the first
 * HEX_HALF_MAX), as bit masks into out; the default (the least loss,
 * hex_half_default) first. */
static int half_sets(const struct rttr *st, const int16_t *who, int n,
		     hex_strength_fn strength, uint32_t *out, int max)
{
	uint8_t chosen[HEX_HALF_MAX];
	uint32_t mask, dflt = 0;
	int i, k = 0;

	if (n > HEX_HALF_MAX)
		n = HEX_HALF_MAX;
	hex_half_default(st->u, who, n, strength, chosen);
	for (i = 0; i < n; i++)
		if (chosen[i])
			dflt |= 1u << i;
	out[k++] = dflt;
	for (mask = 1; mask < (1u << n) && k < max; mask++) {
		if (mask == dflt)
			continue;
		for (i = 0; i < n; i++)
			chosen[i] = (uint8_t)(mask >> i & 1);
		if (hex_half_ok(st->u, who, n, strength, chosen))
			out[k++] = mask;
	}
	return k;
}

static int strength_att(const struct hunit *u)
{
	return rc_printed_att(u);
}

/* 12.23: one side's losses; who[] are its units in this combat still on
 * the map (updated) */
static void losses(struct ctx *c, struct rttr *st, int kind, int16_t *who,
		   int *n, int owner, int attacker)
{
	int16_t cand[RC_DEF_MAX];
	uint32_t sets[Q_MAX_OPTIONS];
	struct question q;
	char buf[Q_OPTION_LEN];
	size_t len, k;
	int i, m, j, u;

	if (*n == 0)
		return;
	if (kind == FX_ELIMINATED) {
		for (i = 0; i < *n; i++)
			eliminate(c, st, who[i], "12.23", "");
		*n = 0;
		return;
	}
	if (kind == FX_LOSE_STRONGEST) {
		m = hex_strongest(st->u, who, *n, attacker ? strength_att :
				  rc_printed_def, cand);
		u = cand[choose_one(c, owner, attacker ? "Attacker's loss" :
				    "Defender's loss", st, cand, m)];
		eliminate(c, st, u, "12.23", " (the strongest unit)");
	} else if (kind == FX_LOSE_HALF) {
		/* printed strengths: attack for attackers, defence for
		 * defenders */
		m = half_sets(st, who, *n, attacker ? strength_att :
			      rc_printed_def, sets, Q_MAX_OPTIONS - 1);
		k = 0;
		if (m > 1) {
			q_init(&q, "12.23", "lose", side_name(owner), "%s: "
			       "choose units of at least half the printed "
			       "strength (%s).", attacker ? "Attacker's "
			       "losses" : "Defender's losses", "no more than "
			       "needed");
			for (j = 0; j < m; j++) {
				len = 0;
				buf[0] = 0;
				for (i = 0; i < *n && i < HEX_HALF_MAX; i++)
					if (sets[j] >> i & 1)
						len += (size_t)snprintf(buf +
							len, sizeof buf - len,
							"%s%s", len ? " " : "",
							st->u[who[i]].id);
				q_add(&q, "%s", buf);
				for (i = 0; i < *n && i < HEX_HALF_MAX; i++)
					if (sets[j] >> i & 1)
						q_target(&q, "unit",
							 st->u[who[i]].id);
			}
			q_add(&q, "default");
			k = ctx_ask(c, &q);
			if (k + 1 == q.n)
				k = 0;
		}
		for (i = 0; i < *n && i < HEX_HALF_MAX; i++)
			if (sets[k] >> i & 1)
				eliminate(c, st, who[i], "12.23",
					  " (half the printed strength)");
	}
	for (i = j = 0; i < *n; i++)
		if (st->u[who[i]].where == U_MAP)
			who[j++] = who[i];
	*n = j;
}

/* ---- retreats (13.x) ---- */

struct rt_check {
	struct rttr *st;
	const struct rc_env *e;
	int u, origin, n, panic;
	int16_t path[8];
	int len;
};

/* "HEX HEX ..." (n hexes, or up to a 13.6 panic stop), "off" last for a
 * Soviet leaving the map, "west" last for a German leaving by the west
 * edge (26.1, as a move ends "west"), or "auto" */
static int check_retreat(void *user, const char *ans, char *why,
			 size_t size)
{
	struct rt_check *k = user;
	const struct rttr *st = k->st;
	const char *p = ans;
	int16_t opt[7];
	char w[16];
	int from = k->origin, step = 0, h, m, i, whole;

	k->len = 0;
	if (!strcmp(ans, "auto")) {
		k->len = rc_retreat_auto(k->e, k->u, k->origin, k->n, k->panic,
					 k->path, &whole);
		return 0;
	}
	while (hex_next_word(&p, w, sizeof w)) {
		if (step >= k->n)
			return snprintf(why, size, "a retreat of %d hexes names "
					"%d hexes at most (13.0)", k->n, k->n),
				-1;
		step++;
		m = rc_retreat_options(k->e, k->u, k->origin, from, step, k->n,
				       opt);
		h = !strcasecmp(w, "off") ? RC_OFF_MAP :
			!strcasecmp(w, "west") ? RC_WEST :
			hex_parse(&st->map, w);
		for (i = 0; i < m && opt[i] != h; i++)
			;
		if (h == HEX_NONE || i == m)
			return snprintf(why, size, "%s may not retreat into %s "
					"as hex %d of %d: each hex must be "
					"farther from %s, on the map (only "
					"Soviets leave it, off; and Germans "
					"by the west edge once the "
					"Fuehrerbunker is captured, west: "
					"26.1), not held by or in "
					"the ZOC of the enemy, not across the "
					"boundary, within stacking (13.0)",
					st->u[k->u].id, w, step, k->n,
					hex_id(k->origin, (char[8]){ 0 })),
				-1;
		k->path[k->len++] = (int16_t)h;
		if (rc_leaves_map(h))
			break;
		from = h;
		if (k->panic && rc_panic_stop(k->e, k->u, h))
			break;                          /* 13.6 */
	}
	if (k->len == 0)
		return snprintf(why, size, "write the hexes of the retreat, "
				"or auto (13.0)"), -1;
	h = k->path[k->len - 1];
	if (!rc_leaves_map(h) && step < k->n &&
	    !(k->panic && rc_panic_stop(k->e, k->u, h)))
		return snprintf(why, size, "the retreat must end %d hexes "
				"from %s (13.0)", k->n,
				hex_id(k->origin, (char[8]){ 0 })), -1;
	if (hex_next_word(&p, w, sizeof w))
		return snprintf(why, size, "nothing may follow the end of "
				"the retreat (13.0)"), -1;
	return 0;
}

/* How many whole retreats unit u has (counting stops at 2): a path of n
 * hexes, off the map, or a 13.6 panic stop. */
static int whole_paths(const struct rc_env *e, int u, int origin, int from,
		       int step, int n, int panic)
{
	int16_t opt[7];
	int k = rc_retreat_options(e, u, origin, from, step, n, opt), i,
	    count = 0;

	for (i = 0; i < k && count < 2; i++) {
		if (rc_leaves_map(opt[i]) || step == n ||
		    (panic && rc_panic_stop(e, u, opt[i])))
			count++;
		if (!rc_leaves_map(opt[i]) && step < n)
			count += whole_paths(e, u, origin, opt[i], step + 1, n,
					     panic);
	}
	return count;
}

/* The words of a German's panic retreat (12.23 AR die): it stops in
 * the first hex that ignores retreats (13.6); the player is told, and
 * rt_resume reads it back */
static const char panic_words[] = " in panic (13.6)";

/* 13.0: the question of k->u's retreat, its auto path path[0..len) as
 * the example. Its words say all that check_retreat reads beyond the
 * state (the unit, the distance, a German's panic; its hex is the
 * origin), so that rt_resume can ask it again from a view's state. */
static void retreat_question(const struct rttr *st, const struct rt_check *k,
			     int owner, const int16_t *path, int len,
			     struct question *q)
{
	int u = k->u, n = k->n, i;
	char a[8], b[8];
	size_t ln;

	q_init(q, "13.0", "retreat", side_name(owner), "%s retreats %d "
	       "hex%s from %s%s: its hexes in order (%s), or auto.",
	       st->u[u].id, n, n == 1 ? "" : "es", hex_id(k->origin, a),
	       k->panic && st->u[u].side == GERMAN ? panic_words : "",
	       st->u[u].side == GERMAN && st->opt_escape &&
	       st->fb_captured ? "west last: leave by the west edge, 26.1" :
	       "off: leave the map");
	/* the example: the auto path, written out */
	ln = 0;
	for (i = 0; i < len && ln < Q_OPTION_LEN - 8; i++)
		ln += (size_t)snprintf(q->options[0] + ln, Q_OPTION_LEN - ln,
				       "%s%s", i ? " " : "", path[i] ==
				       RC_OFF_MAP ? "off" : path[i] ==
				       RC_WEST ? "west" :
				       hex_id(path[i], b));
	q->n = 1;
	for (len = i, i = 0; i < len; i++)      /* the hexes written */
		if (path[i] != RC_OFF_MAP && path[i] != RC_WEST)
			hex_target(q, path[i]);
	q_add(q, "auto");
	q->form = "hex... [off|west]";
}

/* 13.0: unit u retreats n hexes (its owner's path; the standing answer
 * "auto"; not asked when there is one whole retreat only); eliminated
 * if no whole retreat exists */
static void retreat_unit(struct ctx *c, struct rttr *st, int u, int n,
			 int panic, int owner)
{
	struct fx_user x = { st, st->u[u].side, st->front[u], -1, NULL, 0 };
	struct hex_rules r;
	struct rc_env e;
	struct rt_check k;
	struct question q;
	int16_t path[8];
	int whole, len, i;
	const char *ans;
	char a[8], b[8], why[240];

	fx_rules(&x, &r);
	fx_env(&x, &r, &e);
	memset(&k, 0, sizeof k);
	k.st = st;
	k.e = &e;
	k.u = u;
	k.origin = st->u[u].hex;
	k.n = n;
	k.panic = panic;
	len = rc_retreat_auto(&e, u, k.origin, n, panic, path, &whole);
	if (!whole) {
		/* 13.0: eliminated in the last hex it could reach (the
		 * longest of its partial retreats, the first found) */
		for (i = 0; i < len; i++) {
			ctx_event(c, "13.0", "%s retreats from %s to %s.",
				  st->u[u].id, hex_id(st->u[u].hex, a),
				  hex_id(path[i], b));
			ctx_mark(c, "", "move", a, b, st->u[u].id);
			enter(c, st, u, path[i]);
		}
		eliminate(c, st, u, "13.0", ": it cannot retreat the whole "
			  "distance");
		return;
	}
	retreat_question(st, &k, owner, path, len, &q);
	ans = whole_paths(&e, u, k.origin, k.origin, 1, n, panic) == 1 ?
		"auto" : ctx_ask_text(c, &q, check_retreat, &k);
	if (check_retreat(&k, ans, why, sizeof why) < 0)
		return;
	for (i = 0; i < k.len; i++) {
		if (k.path[i] == RC_WEST) {
			/* 26.1: gone for good, no VP (options.c) */
			leaves(st, u);
			rt_west_leave(c, st, u);
			return;
		}
		if (k.path[i] == RC_OFF_MAP) {
			/* 13.0: back next game turn as a reinforcement */
			ctx_event(c, "13.0", "%s retreats off the map from %s; "
				  "it returns next game turn.", st->u[u].id,
				  hex_id(st->u[u].hex, a));
			st->u[u].where = U_WAITING;
			st->u[u].hex = HEX_NONE;
			st->due[u] = (int8_t)(st->turn + 1);
			st->flags[u] |= F_OFFMAP_RETREAT;
			leaves(st, u);
			rt_reindex(st);
			return;
		}
		ctx_event(c, "13.0", "%s retreats from %s to %s.", st->u[u].id,
			  hex_id(st->u[u].hex, a), hex_id(k.path[i], b));
		ctx_mark(c, "", "move", a, b, st->u[u].id);
		enter(c, st, u, k.path[i]);
	}
	st->flags[u] |= F_RETREATED;
	st->flags[u] &= (uint16_t)~F_ATTACKED_BY;       /* 13.5 */
}

/* 13.x for every unit of who[]: n hexes (0: a die roll, 12.23 panic) */
static void retreats(struct ctx *c, struct rttr *st, const int16_t *who,
		     int nwho, int n, int panic, int owner)
{
	struct fx_user x = { st, -1, -1, -1, NULL, 0 };
	struct hex_rules r;
	struct rc_env e;
	struct question q;
	int i, u, kind;
	char h[8];

	for (i = 0; i < nwho; i++) {
		u = who[i];
		if (st->u[u].where != U_MAP)
			continue;
		fx_rules(&x, &r);
		fx_env(&x, &r, &e);
		kind = rc_retreat_kind(&e, u);
		if (kind == RC_IGNORES) {
			ctx_event(c, in_reichstag(st, st->u[u].hex) ? "16.10"
				  : "13.6", "%s stays in %s: it ignores the "
				  "retreat.", st->u[u].id,
				  hex_id(st->u[u].hex, h));
			continue;
		}
		if (kind == RC_ELIMINATED) {
			eliminate(c, st, u, "13.4", " (a fixed unit cannot "
				  "retreat)");
			continue;
		}
		if (kind == RC_MAY_STAY) {
			q_init(&q, "13.6", "stay", side_name(owner), "%s is in "
			       "the objective hex %s: stay or retreat?",
			       st->u[u].id, hex_id(st->u[u].hex, h));
			q_add(&q, "stay");
			q_add(&q, "retreat");
			if (ctx_ask(c, &q) == 0) {
				ctx_event(c, "13.6", "%s stays in %s.",
					  st->u[u].id, h);
				continue;
			}
		}
		retreat_unit(c, st, u, n, panic, owner);
	}
}

/* ---- advances (14.x) ---- */

struct adv_check {
	struct rttr *st;
	const struct rc_env *e;
	const int16_t *who;        /* units that may advance */
	int nwho, n;
	const int16_t *vacated;
	int nvac;
	hex_strength_fn strength;  /* "auto": the side's printed strength */
	int advanced;              /* units of this combat advanced so far */
	int u;                     /* parsed */
	int16_t path[4];
	int len;
};

/* 14.0, 14.5 (and 19.1 through the engineers' bridged hook) */
static int adv_walk(struct adv_check *k, const char *p, char *why,
		    size_t size)
{
	const struct rttr *st = k->st;
	int16_t opt[6];
	char w[16];
	int from = st->u[k->u].hex, step = 0, h, m, i, j, water = 0;

	while (hex_next_word(&p, w, sizeof w)) {
		step++;
		h = hex_parse(&st->map, w);
		if (step > k->n || water)
			return snprintf(why, size, "%s may advance %d hex%s at "
					"most%s (12.23, 14.5)",
					st->u[k->u].id, k->n, k->n == 1 ? "" :
					"es", water ? ", and it stops after "
					"crossing water with no bridge" : ""),
				-1;
		m = 0;
		if (step == 1) {
			/* the first hex: a vacated hex (14.0) */
			for (j = 0; j < k->nvac; j++) {
				int16_t o[6];
				int mm = rc_advance_options(k->e, k->u, from, 1,
							    k->n, k->vacated[j],
							    0, o);

				for (i = 0; i < mm && m < 6; i++)
					opt[m++] = o[i];
			}
		} else {
			m = rc_advance_options(k->e, k->u, from, step, k->n,
					       -1, water, opt);
		}
		for (i = 0; i < m && opt[i] != h; i++)
			;
		if (h == HEX_NONE || i == m)
			return snprintf(why, size, "%s may not advance into %s "
					"(14.0: the first hex is one the enemy "
					"vacated; no enemy unit, no hex normal "
					"movement forbids, within stacking)",
					st->u[k->u].id, w), -1;
		water = hex_side_water(k->e->r, from, h);
		k->path[k->len++] = (int16_t)h;
		from = h;
	}
	if (k->len == 0)
		return snprintf(why, size, "name the unit and its hexes "
				"(14.0)"), -1;
	return 0;
}

/* The policy answer "auto" (ruleset.c, umpire-orders(5)): one unit
 * advances one hex, the strongest by the printed strength its side
 * counts in 12.23's losses (attack for the attackers, defence for the
 * defenders; ties: the first the combat lists) of the mobile units that
 * may enter a hex the enemy vacated (14.0: the first hex of an advance
 * is one of them; the first of them it may enter, in the combat's
 * order), and it stops there; none when a unit of this combat has
 * advanced already, or when no unit may enter a vacated hex. k->u < 0:
 * no advance. */
static void adv_auto(struct adv_check *k)
{
	int16_t o[6];
	int i, j, s, best = -1;

	k->u = -1;
	k->len = 0;
	if (k->advanced)
		return;
	for (i = 0; i < k->nwho; i++) {
		const struct hunit *un = &k->st->u[k->who[i]];

		s = k->strength(un);
		if (k->u >= 0 && s <= best)
			continue;
		for (j = 0; j < k->nvac; j++)
			if (rc_advance_options(k->e, k->who[i], un->hex, 1,
					       k->n, k->vacated[j], 0, o) > 0)
				break;
		if (j == k->nvac)
			continue;
		k->u = k->who[i];
		k->path[0] = k->vacated[j];
		k->len = 1;
		best = s;
	}
}

static int check_advance(void *user, const char *ans, char *why,
			 size_t size)
{
	struct adv_check *k = user;
	const char *p = ans;
	char w[16];
	int i;

	k->u = -1;
	k->len = 0;
	if (!strcmp(ans, "no"))
		return 0;
	if (!strcmp(ans, "auto")) {
		adv_auto(k);
		return 0;
	}
	if (!hex_next_word(&p, w, sizeof w))
		return snprintf(why, size, "write UNIT HEX [HEX ...] or no "
				"(14.0)"), -1;
	for (i = 0; i < k->nwho; i++)
		if (!strcasecmp(k->st->u[k->who[i]].id, w))
			break;
	if (i == k->nwho)
		return snprintf(why, size, "%s may not advance: only the "
				"mobile units of this combat that have not "
				"advanced (14.0)", w), -1;
	k->u = k->who[i];
	if (adv_walk(k, p, why, size) < 0)
		return -1;
	if (k->st->opt_hm && k->len > 1 && !(k->st->u[k->u].tags & T_HM))
		return snprintf(why, size, "%s is not a high-mobility unit and "
				"advances 1 hex only (25.3)", w), -1;
	return 0;
}

/* The end of the 14.0 question's words: what follows it is the answer's
 * form, so that a text cut short (Q_TEXT_LEN) is known (rt_resume) */
static const char adv_tail[] = ": UNIT HEX [HEX ...], no, or auto.";

/* 14.0: the question of an advance of may[0..m) up to n hexes, the
 * first into one of vacated[0..nvac), none into zero[0..nz) (12.13),
 * after `advanced` units of the combat advanced; scope: advances()'.
 * Its words say all that check_advance reads beyond the state and the
 * examples (the hexes the enemy left, the 12.13 hexes an advance could
 * reach, whether a unit advanced: auto then advances none), and its
 * examples name every unit that may enter a vacated hex, so that
 * rt_resume can ask it again from a view's state. Returns how many
 * examples (0: no unit may advance, no question). */
static int adv_question(const struct rttr *st, const struct rc_env *e,
			const int16_t *may, int m, int n,
			const int16_t *vacated, int nvac, const int16_t *zero,
			int nz, int advanced, int owner, const char *scope,
			struct question *q)
{
	char hexes[64], zh[64], b[8];
	int16_t opt[6];
	size_t len = 0, zl = 0;
	int i, j, ex;

	hexes[0] = zh[0] = 0;
	for (j = 0; j < nvac; j++)
		len += (size_t)snprintf(hexes + len, len < sizeof hexes ?
					sizeof hexes - len : 0, "%s%s",
					j ? " or " : "",
					hex_id(vacated[j], b));
	/* the 12.13 hexes in reach: within n - 1 hexes of a vacated one */
	for (i = 0; i < nz; i++) {
		for (j = 0; j < nvac && hex_distance(&st->map, zero[i],
						     vacated[j]) > n - 1; j++)
			;
		if (j < nvac)
			zl += (size_t)snprintf(zh + zl, zl < sizeof zh ?
					       sizeof zh - zl : 0, "%s%s",
					       zl ? " " : "; none into ",
					       hex_id(zero[i], b));
	}
	if (zl)
		snprintf(zh + zl, zl < sizeof zh ? sizeof zh - zl : 0,
			 " (12.13)");
	q_init(q, "14.0", "advance", side_name(owner), "Advance after "
	       "combat, up to %d hex%s, the first into %s%s%s%s", n,
	       n == 1 ? "" : "es", hexes, nvac > 1 ? " (the enemy left "
	       "them)" : "", zh, advanced ? "; a unit has advanced, auto "
	       "advances no other" : "");
	/* the form last, whole (q_init cuts a long text at its end) */
	if (strlen(q->text) + sizeof adv_tail <= sizeof q->text)
		strcat(q->text, adv_tail);
	q->scope = scope;        /* advance-front-attacker ... */
	q->form = "unit hex...";
	q_add(q, "no");
	q_add(q, "auto");
	/* examples: each unit one hex into a vacated hex */
	for (i = 0, ex = 0; i < m && q->n < Q_MAX_OPTIONS; i++)
		for (j = 0; j < nvac; j++) {
			if (rc_advance_options(e, may[i], st->u[may[i]].hex, 1,
					       n, vacated[j], 0, opt) == 0)
				continue;
			q_add(q, "%s %s", st->u[may[i]].id,
			      hex_id(vacated[j], b));
			q_target(q, "unit", st->u[may[i]].id);
			hex_target(q, vacated[j]);
			ex++;
			break;
		}
	return ex;
}

/* 12.23, 14.0: the mobile units of who[] may advance up to n hexes,
 * the first into one of vacated[]; one answer a unit, "no" ends, and
 * so does "auto" once it has advanced its one unit (adv_auto, by the
 * side's printed strength). scope (a static string): the question's
 * (ruleset.c, umpire-orders(5) SCOPES): whose units advance, the
 * owner's front or the Germans he commands, as attacker or defender */
static void advances(struct ctx *c, struct rttr *st, int16_t *who, int nwho,
		     int n, const int16_t *vacated, int nvac, int owner,
		     int front, const struct fx_user *phase,
		     const char *scope, hex_strength_fn strength)
{
	struct fx_user x = { st, -1, -1, front, phase->zero, phase->n_zero };
	struct hex_rules r;
	struct rc_env e;
	struct adv_check k;
	struct question q;
	int16_t may[RC_DEF_MAX + RC_ATT_MAX];
	int i, m, advanced = 0;
	const char *ans;
	char a[8], b[8], why[240];

	for (;;) {
		fx_rules(&x, &r);
		fx_env(&x, &r, &e);
		m = 0;
		for (i = 0; i < nwho; i++)
			if (who[i] >= 0 && st->u[who[i]].where == U_MAP &&
			    !(st->u[who[i]].tags & T_FIXED))
				may[m++] = who[i];
		if (m == 0 || nvac == 0)
			return;
		if (adv_question(st, &e, may, m, n, vacated, nvac, x.zero,
				 x.n_zero, advanced, owner, scope, &q) == 0)
			return;
		memset(&k, 0, sizeof k);
		k.st = st;
		k.e = &e;
		k.who = may;
		k.nwho = m;
		k.n = n;
		k.vacated = vacated;
		k.nvac = nvac;
		k.strength = strength;
		k.advanced = advanced;
		/* (25.3, optional: only high-mobility units beyond 1 hex;
		 * check_advance) */
		ans = ctx_ask_text(c, &q, check_advance, &k);
		if (check_advance(&k, ans, why, sizeof why) < 0 || k.u < 0)
			return;
		for (i = 0; i < k.len; i++) {
			ctx_event(c, "14.0", "%s advances from %s to %s.",
				  st->u[k.u].id, hex_id(st->u[k.u].hex, a),
				  hex_id(k.path[i], b));
			ctx_mark(c, "", "move", a, b, st->u[k.u].id);
			enter(c, st, k.u, k.path[i]);
		}
		for (i = 0; i < nwho; i++)
			if (who[i] == k.u)
				who[i] = -1;
		advanced++;
		if (!strcmp(ans, "auto"))
			return;         /* its one unit */
	}
}

/* ---- one attack ---- */

struct atk_check {
	struct rttr *st;
	const struct rc_env *e;
	int side, sector;
	struct rc_attack a;
	int table;                 /* chosen: RC_MOBILE unless named */
	int ok;                    /* 1: an attack parsed */
};

static int atk_lookup(const void *user, const char *word)
{
	return rt_unit_find(user, word);
}

static const struct hex_attack_labels fx_labels = {
	.rule = "12.2", .form = "HEX[,HEX] UNIT UNIT ... [mobile|assault] "
	"or done"
};

static void flags_of(const struct rttr *st, uint8_t *attacked,
		     uint8_t *defended)
{
	int u;

	for (u = 0; u < st->n_units; u++) {
		attacked[u] = !!(st->flags[u] & F_ATTACKED);
		defended[u] = !!(st->flags[u] & F_ATTACKED_BY);
	}
}

/* 12.0: what is still owed: units that must and can attack, enemies
 * that must be attacked and can be */
static int owed(const struct rc_env *e, const struct rttr *st, int side,
		char *why, size_t size)
{
	uint8_t attacked[HEX_UNITS_MAX], defended[HEX_UNITS_MAX];
	int16_t au[HEX_UNITS_MAX], du[HEX_UNITS_MAX];
	int na, nd, i, d, h, v, n = 0, can, shift;

	flags_of(st, attacked, defended);
	rc_obligations(e, side, attacked, defended, au, &na, du, &nd);
	for (i = 0; i < na; i++)
		if (rc_can_attack(e, au[i], defended)) {
			if (!n++)
				snprintf(why, size, "%s is in an enemy zone of "
					 "control and must attack (12.0)",
					 st->u[au[i]].id);
		}
	for (i = 0; i < nd; i++) {
		/* can a phasing unit next to it still attack it? Only a
		 * unit that is itself in an enemy ZOC owes it an attack
		 * (reading of 12.0 with 11.0(2): Germans in an objective
		 * hex, in no Soviet ZOC, "need not attack", though the
		 * Soviet next to them is in theirs) */
		for (can = 0, d = 0; d < 6 && !can; d++) {
			h = hex_neighbour(&st->map, st->u[du[i]].hex, d);
			for (v = h >= 0 ? st->occ[h] : -1; v >= 0 && !can;
			     v = st->next[v])
				can = v < st->n_units && !attacked[v] &&
				      e->in_phase(e->user, v) &&
				      hex_zoc_entering(e->r, v, h) &&
				      rc_printed_att(&st->u[v]) > 0 &&
				      hex_attack_reaches(e->r, v,
							 st->u[du[i]].hex,
							 &shift) &&
				      e->may_attack(e->user, v,
						    st->u[du[i]].hex);
		}
		if (can && !n++)
			snprintf(why, size, "the enemy unit at %s is in a "
				 "zone of control of this player turn's "
				 "units and must be attacked (12.0)",
				 hex_id(st->u[du[i]].hex, (char[8]){ 0 }));
	}
	return n;
}

static int check_one(struct atk_check *k, const char *ans, char *why,
		     size_t size)
{
	struct hex_attack ha;
	uint8_t attacked[HEX_UNITS_MAX], defended[HEX_UNITS_MAX];
	char text[256], w[48];
	const char *p = ans;
	size_t len = 0, n;
	int i, t;

	k->ok = 0;
	k->table = RC_MOBILE;
	if (!strcmp(ans, "done"))
		return owed(k->e, k->st, k->side, why, size) ? -1 : 0;
	/* the table's word, anywhere; the rest to the lib's parser */
	text[0] = 0;
	while (hex_next_word(&p, w, sizeof w)) {
		if ((t = rc_table_parse(w)) >= 0 && strlen(w) > 1) {
			k->table = t;
			continue;
		}
		n = strlen(w);
		if (len + n + 2 >= sizeof text)
			return snprintf(why, size, "too long (12.2)"), -1;
		if (len)                /* fits: tested above */
			text[len++] = ' ';
		memcpy(text + len, w, n + 1);
		len += n;
	}
	if (hex_attack_parse(k->e->r, k->side, text, atk_lookup, k->st,
			     &fx_labels, &ha, why, size) < 0)
		return -1;
	if (ha.att_sup)
		return snprintf(why, size, "this game has no +support (12.2)"),
			-1;
	memset(&k->a, 0, sizeof k->a);
	for (i = 0; i < ha.n_def; i++)
		k->a.def[k->a.n_def++] = ha.def[i];
	for (i = 0; i < ha.n; i++)
		k->a.att[k->a.n_att++] = ha.att[i];
	flags_of(k->st, attacked, defended);
	if (rc_check(k->e, k->side, &k->a, attacked, defended, fx_barred,
		     why, size) < 0)
		return -1;
	k->ok = 1;
	return 0;
}

/*
 * One declaration (12.0, 12.2), or a plan: declarations separated by
 * ";", perhaps ending in done. A plan stands for the first of its
 * declarations that is legal now: those already made are not (their
 * units have attacked), so one plan, given once as the standing answer
 * to "attack", declares the attacks one at a time in its order, each
 * after the last is resolved, dropping any that a result has made
 * illegal. The player gives up reacting to the results; the rules
 * still resolve one attack before the next is declared.
 */
static int check_attack(void *user, const char *ans, char *why,
			size_t size)
{
	struct atk_check *k = user;
	char one[256], first[200] = "";
	const char *p = ans, *semi;
	size_t len;

	if (!strchr(ans, ';'))
		return check_one(k, ans, why, size);
	for (;;) {
		semi = strchr(p, ';');
		len = semi ? (size_t)(semi - p) : strlen(p);
		while (len && (*p == ' ' || *p == '\t'))
			p++, len--;
		while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
			len--;
		if (len >= sizeof one)
			return snprintf(why, size, "an attack of the plan is "
					"too long (12.2)"), -1;
		memcpy(one, p, len);
		one[len] = 0;
		if (len) {
			if (check_one(k, one, why, size) == 0)
				return 0;
			if (!first[0])
				snprintf(first, sizeof first, "%s", why);
		}
		if (!semi)
			break;
		p = semi + 1;
	}
	return snprintf(why, size, "no attack of the plan may be made now "
			"(the first: %s)", first), -1;
}

/* 21.2, 16.10: a strategic marker eliminated in this combat is captured
 * by the player whose Soviet unit advanced into its hex */
static void captures(struct ctx *c, struct rttr *st, const struct rc_totals *t,
		     const int16_t *def_hex, int player)
{
	int i, v, h;

	for (i = 0; i < t->n_def; i++) {
		v = t->def_u[i];
		h = def_hex[i];
		if (st->u[v].type != TY_STRATEGIC || st->captor[v] >= 0 ||
		    st->u[v].where != U_ELIMINATED || st->occ[h] < 0 ||
		    st->u[st->occ[h]].side != SOVIET)
			continue;
		st->captor[v] = (int8_t)player;
		ctx_event(c, "21.2", "%s captures the strategic marker %s at "
			  "%s.", rt_side_names[player], st->u[v].id,
			  hex_id(h, (char[8]){ 0 }));
		rt_fuehrerbunker_taken(c, st, v);    /* 26.1 (options.c) */
	}
}

static void resolve(struct ctx *c, struct rttr *st, struct fx_user *x,
		    const struct rc_attack *a, int chosen, int player)
{
	const struct crt_result *res;
	struct hex_rules r;
	struct rc_env e;
	struct rc_totals t;
	int16_t att[RC_ATT_MAX], def[RC_DEF_MAX], vac[RC_ATT_MAX +
		RC_DEF_HEXES];
	int16_t att_hex[RC_ATT_MAX], def_hex[RC_DEF_MAX];
	int na, nd, nv, i, j, table, die, col, side, other = 1 - player;
	char hx[8], buf[200];
	size_t len;

	/* 17.1 (2): the defenders' strengths decide the odds; each one a
	 * player may not see is consulted for him (sd_consult) */
	for (i = 0; i < a->n_def; i++)
		for (j = st->occ[a->def[i]]; j >= 0; j = st->next[j])
			sd_consult(c, &rt_state, "stacks", st, j, "17.1");
	/* 12.14: a defending hex in a barrage zone of the attacker's
	 * markers (artillery or air) */
	struct rc_attack aa = *a;

	aa.barrage = 0;
	if (x->side == SOVIET)
		for (i = 0; i < a->n_def && !aa.barrage; i++)
			for (j = 0; j < st->bz.n; j++) {
				int k = st->bz.m[j].kind;

				if (k < st->n_mk && st->mk[k].kind != MK_ME262 &&
				    st->bz.m[j].side == player &&
				    hex_marker_reaches(&st->bz, &st->map, j,
						       a->def[i]))
					aa.barrage = 1;
			}
	x->eng_front = x->side == SOVIET ? x->sector : -1;    /* 19.1 */
	fx_rules(x, &r);
	fx_env(x, &r, &e);
	rc_totals(&e, &aa, &t);
	table = rc_table(&e, &aa, chosen);
	/* 17.1(2): the defending stacks are shown to both */
	len = 0;
	buf[0] = 0;
	for (i = 0; i < t.n_def; i++) {
		st->known[t.def_u[i]] = (uint8_t)((1u << PLAYERS) - 1);
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s %d"
					"%s", i ? ", " : "",
					st->u[t.def_u[i]].id,
					unit_def(&st->u[t.def_u[i]]),
					t.def_pct[i] == 300 ? "x3" :
					t.def_pct[i] == 200 ? "x2" : "");
	}
	ctx_event(c, "17.1", "Attack on %s: the defenders are %s.",
		  hex_id(a->def[0], hx), buf);
	len = 0;
	buf[0] = 0;
	for (i = 0; i < t.n_att; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s %d"
					"%s", i ? ", " : "",
					st->u[t.att_u[i]].id,
					unit_att(&st->u[t.att_u[i]]),
					t.att_pct[i] == 300 ? "x3" :
					t.att_pct[i] == 200 ? "x2" : "");
	if (t.percent >= 0)
		ctx_event(c, "12.2", "Attackers %s: %d against %d = %d%%, %s "
			  "table%s.", buf, t.att, t.def, t.percent,
			  rc_table_names[table], t.forced >= 0 ? " (12.21)" :
			  "");
	else
		ctx_event(c, "12.2", "Attackers %s: %d against no defence "
			  "strength, %s table%s.", buf, t.att,
			  rc_table_names[table], t.forced >= 0 ? " (12.21)" :
			  "");
	for (i = 0; i < t.n_att; i++)
		st->flags[t.att_u[i]] |= F_ATTACKED;
	for (i = 0; i < t.n_def; i++)
		st->flags[t.def_u[i]] |= F_ATTACKED_BY;
	if (table >= st->n_crt) {
		ctx_event(c, "27.1", "No combat results table in the scenario: "
			  "the attack has no result.");
		return;
	}
	die = ctx_die(c, "12.2 combat", 6);
	col = crt_column(&st->crt[table], t.att, t.def > 0 ? t.def : 0);
	res = crt_lookup(&st->crt[table], col, die);
	if (!res)
		return;
	ctx_event(c, "12.23", "Column %s, die %d: %s.",
		  st->crt[table].label[col], die, res->code);
	ctx_mark(c, "", "combat", hex_id(a->def[0], hx), "", res->code);
	na = t.n_att;
	nd = t.n_def;
	memcpy(att, t.att_u, sizeof att);
	memcpy(def, t.def_u, sizeof def);
	for (i = 0; i < na; i++)
		att_hex[i] = st->u[t.att_u[i]].hex;
	for (i = 0; i < nd; i++)
		def_hex[i] = st->u[t.def_u[i]].hex;
	/* losses: the defender's first (BB lists them first), then the
	 * attacker's */
	for (side = CRT_DEFENDER; side >= CRT_ATTACKER; side--)
		for (i = 0; i < res->n_fx[side]; i++) {
			int k = res->fx[side][i].kind;

			if (k == FX_ELIMINATED || k == FX_LOSE_STRONGEST ||
			    k == FX_LOSE_HALF)
				losses(c, st, k, side == CRT_ATTACKER ? att :
				       def, side == CRT_ATTACKER ? &na : &nd,
				       side == CRT_ATTACKER ? player : other,
				       side == CRT_ATTACKER);
		}
	/* retreats */
	for (side = CRT_ATTACKER; side <= CRT_DEFENDER; side++)
		for (i = 0; i < res->n_fx[side]; i++) {
			int k = res->fx[side][i].kind, n = res->fx[side][i].n;

			if (k != FX_RETREAT && k != FX_RETREAT_DIE)
				continue;
			if ((side == CRT_ATTACKER ? na : nd) == 0)
				continue;       /* no survivor to retreat */
			if (k == FX_RETREAT_DIE) {
				n = ctx_die(c, "12.23 panic retreat", 6);
				ctx_event(c, "12.23", "Panic: the %s retreats "
					  "%d hex%s.", side == CRT_ATTACKER ?
					  "attacker" : "defender", n,
					  n == 1 ? "" : "es");
			}
			retreats(c, st, side == CRT_ATTACKER ? att : def,
				 side == CRT_ATTACKER ? na : nd, n,
				 k == FX_RETREAT_DIE, side == CRT_ATTACKER ?
				 player : other);
		}
	/* advances: into the hexes the other side left */
	if (res->advance[CRT_ATTACKER] > 0) {
		for (nv = 0, i = 0; i < a->n_def; i++)
			if (st->occ[a->def[i]] < 0)
				vac[nv++] = a->def[i];
		for (i = 0; i < na; i++)
			if (st->u[att[i]].where != U_MAP)
				att[i] = -1;
		advances(c, st, att, na, res->advance[CRT_ATTACKER], vac, nv,
			 player, x->side == SOVIET ? x->sector : -1, x,
			 x->side == SOVIET ? "front-attacker" :
			 "german-attacker", strength_att);
		captures(c, st, &t, def_hex, player);
	}
	if (res->advance[CRT_DEFENDER] > 0) {
		for (nv = 0, i = 0; i < t.n_att; i++) {
			int h = att_hex[i];

			if (st->occ[h] >= 0)
				continue;       /* not vacated */
			for (j = 0; j < nv && vac[j] != h; j++)
				;
			if (j == nv)
				vac[nv++] = (int16_t)h;
		}
		advances(c, st, def, nd, res->advance[CRT_DEFENDER], vac, nv,
			 other, x->side == GERMAN ? x->sector : -1, x,
			 x->side == SOVIET ? "german-defender" :
			 "front-defender", rc_printed_def);
	}
}

/* ---- the phase ---- */

/* 19.2: engineers of the phasing front in place at the start of the
 * combat phase (where they stand then; a move in the movement phase
 * before does not matter: "the phase" is the one of the benefit) */
static void engineers_in_place(struct rttr *st, int side, int sector)
{
	int u;

	for (u = 0; u < st->n_units; u++)
		if (side == SOVIET && rt_engineer_of(st, u, sector))
			st->flags[u] |= F_ENGINEER;
}

/* 12.13: removed, and their hexes kept in zero[] (no advance into
 * them this phase); returns how many hexes. Not a strategic marker
 * (16.6): it leaves the map only by capture, its hex attacked and
 * advanced into (21.2, 5.6, 16.10), which 12.13 would make impossible
 * outside the objective hexes (reading, scenario notes) */
static int zero_strength(struct ctx *c, struct rttr *st,
			 const struct rc_env *e, int16_t *zero)
{
	int16_t out[HEX_UNITS_MAX];
	int n = rc_zero_strength(e, out, HEX_UNITS_MAX), i, j, k = 0, h;

	for (i = 0; i < n; i++) {
		if (st->u[out[i]].type == TY_STRATEGIC)
			continue;
		h = st->u[out[i]].hex;
		for (j = 0; j < k && zero[j] != h; j++)
			;
		if (j == k)
			zero[k++] = (int16_t)h;
		eliminate(c, st, out[i], "12.13", " (zero strength in an "
			  "enemy zone of control; not combat)");
	}
	return k;
}

void rt_combat_phase(struct ctx *c, struct rttr *st, int side, int sector)
{
	int16_t zero[HEX_UNITS_MAX];
	struct fx_user x = { st, side, sector, -1, zero, 0 };
	struct hex_rules r;
	struct rc_env e;
	struct atk_check k;
	struct question q;
	int player = side == SOVIET ? sector : 1 - sector;
	int u, h, d, v, n, i, shown;
	uint8_t attacked[HEX_UNITS_MAX], defended[HEX_UNITS_MAX];
	int16_t att[Q_OPTION_LEN / 2];  /* an option's attackers */
	const char *ans;
	char why[240], hx[8];
	size_t len;

	engineers_in_place(st, side, sector);
	fx_rules(&x, &r);
	fx_env(&x, &r, &e);
	x.n_zero = zero_strength(c, st, &e, zero);
	for (;;) {
		fx_rules(&x, &r);
		fx_env(&x, &r, &e);
		flags_of(st, attacked, defended);
		q_init(&q, "12.0", "attack", side_name(player), "%s combat: "
		       "HEX[,HEX] UNIT UNIT ... [mobile|assault] (the enemy "
		       "hex, then every attacker; the table, mobile unless "
		       "named), or done; a plan: attacks joined by ;.", side == SOVIET ?
		       (sector == SEC_1BF ? "1BF" : "1UF") :
		       (sector == SEC_1BF ? "German (1BF sector)" :
			"German (1UF sector)"));
		/* "done" first when nothing is owed (12.0): the template's
		 * default; then each enemy hex with the phasing units next
		 * to it that may attack it (whole stacks, 12.10). A
		 * question no one is shown (ctx_shown: its answer is at
		 * hand) lists only what decides whether it is asked at
		 * all, its first attack: with none the phase ends, "done"
		 * alone or not */
		shown = ctx_shown(c, "attack");
		if (shown && !owed(&e, st, side, why, sizeof why))
			q_add(&q, "done");
		for (h = rt_next_stack(st, 0); h >= 0 &&
		     q.n < Q_MAX_OPTIONS - 1 && (shown || q.n == 0);
		     h = rt_next_stack(st, h + 1)) {
			if ((v = st->occ[h]) < 0 || st->u[v].side == side)
				continue;
			len = strlen(hex_id(h, hx));    /* < Q_OPTION_LEN */
			memcpy(q.options[q.n], hx, len + 1);
			n = 0;
			for (d = 0; d < 6; d++) {
				int b = hex_neighbour(&st->map, h, d), s;

				for (u = b >= 0 ? st->occ[b] : -1; u >= 0;
				     u = st->next[u]) {
					if (!fx_in_phase(&x, u) || attacked[u] ||
					    rc_printed_att(&st->u[u]) <= 0 ||
					    !hex_attack_reaches(&r, u, h, &s) ||
					    len + strlen(st->u[u].id) + 2 >
					    Q_OPTION_LEN)
						continue;
					/* fits: tested above */
					q.options[q.n][len++] = ' ';
					memcpy(q.options[q.n] + len,
					       st->u[u].id,
					       strlen(st->u[u].id) + 1);
					len += strlen(st->u[u].id);
					att[n++] = (int16_t)u;
				}
			}
			memset(&k, 0, sizeof k);
			k.st = st;
			k.e = &e;
			k.side = side;
			k.sector = sector;
			if (n == 0 || check_attack(&k, q.options[q.n], why,
						   sizeof why) != 0)
				continue;
			/* what the option names: the hex, its attackers */
			q.n++;
			hex_target(&q, h);
			for (i = 0; i < n; i++)
				q_target(&q, "unit", st->u[att[i]].id);
		}
		/* (not shown: "done" was not listed) */
		if (q.n == 0 && !shown && !owed(&e, st, side, why, sizeof why))
			q_add(&q, "done");
		if (q.n == 0)
			break;          /* owed, but nothing can be done */
		/* nothing left to attack: "done" alone, asked only to take
		 * a "done" the orders give (ctx_given) */
		if (q.n == 1 && !strcmp(q.options[0], "done") &&
		    !ctx_given(c, side_name(player), "attack", "done"))
			break;
		memset(&k, 0, sizeof k);
		k.st = st;
		k.e = &e;
		k.side = side;
		k.sector = sector;
		/* one hex, or two defending hexes (12.2, HEX,HEX) */
		q.form = "hex unit... [mobile|assault] | "
			"hex,hex unit... [mobile|assault]";
		ans = ctx_ask_text(c, &q, check_attack, &k);
		if (check_attack(&k, ans, why, sizeof why) < 0 || !k.ok)
			break;
		len = 0;
		why[0] = 0;
		for (i = 0; i < k.a.n_att; i++)
			len += (size_t)snprintf(why + len, sizeof why - len,
						"%s%s", i ? " " : "",
						st->u[k.a.att[i]].id);
		ctx_event(c, "12.2", "Attack declared on %s by %s.",
			  hex_id(k.a.def[0], hx), why);
		resolve(c, st, &x, &k.a, k.table, player);
		if (st->phase == PH_OVER)
			break;
	}
	/* this phase's marks are cleared at its end, not its start: a
	 * state saved in the middle of the phase (a step's end, a view)
	 * starts again from that state with the attacks made so far */
	for (u = 0; u < st->n_units; u++)
		st->flags[u] &= (uint16_t)~(F_ENGINEER | F_ATTACKED |
					    F_ATTACKED_BY | F_RETREATED);
}

/* ---- a retreat or an advance asked again from the state (13.0, 14.0) ---- */

/* The allegiance whose player turn the combat phase is (4.0; a Soviet
 * movement phase under Maximum Effort is a combat phase, 6.7), or -1 */
static int phasing_side(const struct rttr *st)
{
	switch (st->phase) {
	case PH_1BF_COMBAT: case PH_1UF_COMBAT:
	case PH_1BF_MOVE: case PH_1UF_MOVE:
		return SOVIET;
	case PH_G1BF_COMBAT: case PH_G1UF_COMBAT:
		return GERMAN;
	default:
		return -1;
	}
}

/* Whether q and next say the same: text and options (next's may be
 * missing: then not the same) */
static int same_words(const struct question *q, const struct question *next)
{
	size_t i;

	if (strcmp(q->text, next->text) != 0 || q->n != next->n)
		return 0;
	for (i = 0; i < q->n; i++)
		if (strcmp(q->options[i], next->options[i]) != 0)
			return 0;
	return 1;
}

static int ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);

	return n >= k && !strcmp(s + n - k, tail);
}

/* 13.0 again: the unit and distance from the words, its hex the origin */
static int resume_retreat(struct ctx *c, struct rttr *st,
			  const struct question *next, int owner)
{
	struct fx_user x;
	struct hex_rules r;
	struct rc_env e;
	struct rt_check k;
	struct question q;
	int16_t path[8];
	char id[32];
	int u, n, whole, len;

	if (sscanf(next->text, "%31s retreats %d hex", id, &n) != 2 ||
	    (u = rt_unit_find(st, id)) < 0 || st->u[u].where != U_MAP ||
	    n < 1 || n > 6)
		return 0;
	x = (struct fx_user){ st, st->u[u].side, st->front[u], -1, NULL, 0 };
	fx_rules(&x, &r);
	fx_env(&x, &r, &e);
	memset(&k, 0, sizeof k);
	k.st = st;
	k.e = &e;
	k.u = u;
	k.origin = st->u[u].hex;
	k.n = n;
	k.panic = strstr(next->text, panic_words) != NULL;
	len = rc_retreat_auto(&e, u, k.origin, n, k.panic, path, &whole);
	if (!whole)
		return 0;
	retreat_question(st, &k, owner, path, len, &q);
	if (!same_words(&q, next))
		return 0;
	ctx_ask_text(c, &q, check_retreat, &k);
	return 1;
}

/* The hexes of words[0..) up to the first word that is no hex ("or"
 * between them passed over), into out[0..max): how many */
static int hexes_of(const struct rttr *st, const char *p, int16_t *out,
		    int max)
{
	char w[16];
	int n = 0, h;

	while (hex_next_word(&p, w, sizeof w) && n < max) {
		if (!strcmp(w, "or"))
			continue;
		w[strcspn(w, ":;(")] = 0;
		if ((h = hex_parse(&st->map, w)) == HEX_NONE)
			break;
		out[n++] = (int16_t)h;
	}
	return n;
}

/* 14.0 again: the distance, the hexes the enemy left and the 12.13
 * hexes in reach from the words; the units that may advance from the
 * examples (every unit that may enter a vacated hex has one) */
static int resume_advance(struct ctx *c, struct rttr *st,
			  const struct question *next, int owner)
{
	static const char into[] = ", the first into ", none[] = "; none into ";
	int16_t may[RC_DEF_MAX + RC_ATT_MAX], vac[RC_ATT_MAX + RC_DEF_HEXES],
		zero[HEX_UNITS_MAX];
	struct fx_user x;
	struct hex_rules r;
	struct rc_env e;
	struct adv_check k;
	struct question q;
	const char *p, *scope;
	char id[32];
	size_t i;
	int n, m = 0, nvac, nz = 0, u, phasing, attacker, advanced, front;

	if (sscanf(next->text, "Advance after combat, up to %d hex", &n) != 1 ||
	    n < 1 || !ends_with(next->text, adv_tail) ||
	    !(p = strstr(next->text, into)) ||
	    (nvac = hexes_of(st, p + sizeof into - 1, vac,
			     (int)(sizeof vac / sizeof *vac))) == 0)
		return 0;
	if ((p = strstr(next->text, none)))
		nz = hexes_of(st, p + sizeof none - 1, zero, HEX_UNITS_MAX);
	advanced = strstr(next->text, "; a unit has advanced") != NULL;
	for (i = 0; i < next->n; i++) {
		if (!strcmp(next->options[i], "no") ||
		    !strcmp(next->options[i], "auto"))
			continue;
		if (sscanf(next->options[i], "%31s", id) != 1 ||
		    (u = rt_unit_find(st, id)) < 0 || m >= (int)(sizeof may /
								 sizeof *may))
			return 0;
		may[m++] = (int16_t)u;
	}
	if (m == 0 || (phasing = phasing_side(st)) < 0)
		return 0;
	/* advances() of resolve(): the attackers are the phasing side's */
	attacker = st->u[may[0]].side == phasing;
	front = st->u[may[0]].side == SOVIET ? st->front[may[0]] : -1;
	scope = attacker ? (phasing == SOVIET ? "front-attacker" :
			    "german-attacker") :
		(phasing == SOVIET ? "german-defender" : "front-defender");
	x = (struct fx_user){ st, -1, -1, front, zero, nz };
	fx_rules(&x, &r);
	fx_env(&x, &r, &e);
	if (adv_question(st, &e, may, m, n, vac, nvac, zero, nz, advanced,
			 owner, scope, &q) == 0 || !same_words(&q, next))
		return 0;
	memset(&k, 0, sizeof k);
	k.st = st;
	k.e = &e;
	k.who = may;
	k.nwho = m;
	k.n = n;
	k.vacated = vac;
	k.nvac = nvac;
	k.strength = attacker ? strength_att : rc_printed_def;
	k.advanced = advanced;
	ctx_ask_text(c, &q, check_advance, &k);
	return 1;
}

/*
 * ruleset.resume: a 13.0 retreat or a 14.0 advance pending at a state
 * saved where a step ended, asked again from that state alone.
 *
 * Why here and not in play: those questions come in the middle of
 * resolve(), after the combat's die, with the rest of the combat (the
 * other retreats, the advances, 21.2 captures) held in its locals, not
 * in the state. play() from such a state begins the combat phase again
 * and asks the next 12.0 attack; the engine's replays never start
 * there (they resume at the phase's checkpoint with the step's seed).
 * Saving the combat in progress in the state would change the state,
 * its save and so the state hashes of every game with a step ended
 * there; instead the questions' words carry what their checks read
 * beyond the state (retreat_question, adv_question), and this asks
 * the same question with the same check (check_retreat,
 * check_advance), so a side checks its answer on its view before it
 * signs (check.c). The state is not changed: what the answer does is
 * played when the step is adjudicated. 0 for any other question, or
 * when the words and the state do not give back the same question.
 */
int rt_resume(struct ctx *c, void *vst, const struct question *next)
{
	struct rttr *st = vst;
	int owner = rt_side_parse(next->role);

	if (owner < 0)
		return 0;
	if (!strcmp(next->rule, "13.0") && !strcmp(next->key, "retreat"))
		return resume_retreat(c, st, next, owner);
	if (!strcmp(next->rule, "14.0") && !strcmp(next->key, "advance"))
		return resume_advance(c, st, next, owner);
	return 0;
}
