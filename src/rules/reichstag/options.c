/*
 * options.c - Race to the Reichstag: the optional rules that are not
 * combat's (22-26; the scenario's options hitler-fantasy,
 * prepared-defence, loc, high-mobility, escape-west; 22 and 23 exclude
 * each other, state.c).
 *
 * 24.1-24.4 lines of communication: rt_loc (board.c, which every
 * phase that needs one reads).
 *
 * 22.1 Hitler Fantasy: rt_hitler_phase rolls for the sector's group at
 * the start of each German PT from GT 2 on; below the GT number (a 6
 * never) the group enters: Steiner (22.2) in the 1BF sector, XX Corps
 * (22.3) in the 1UF sector. *Reading* (RULES.md CONFLICT): each group is
 * commanded by the player who commands the Germans of its sector (the
 * 1UF player for Steiner, the 1BF player for XX Corps): "commanded by
 * the 1BF commander" is read as "against the 1BF". The commanding player
 * places the group's units on its entry hexes (standing answer auto:
 * the placement policy of place: auto, rt_place_policy, among the free
 * entry hexes) and gets the group's Me-262 marker (22.5), which he may
 * place at the start of a German combat phase (rt_me262_phase).
 *
 * 23.2 Prepared Defence: rt_options_map (setup.c, which the start state
 * and every state read call) gives the map's S-Bahn row no Soviet ZOC
 * into it and German ignore-retreat.
 *
 * 26.1 escape west: once the Fuehrerbunker is captured, a German mobile
 * unit's move may end " west": it leaves the map from a west-edge hex
 * (the region exit-west) for 1 MP (the move's path is walked with 1 MP
 * less), not from a hex in an enemy ZOC it entered on the way (11.4: it
 * stops there); it never returns and scores nobody VP. It may leave by
 * retreat too (fight.c's rc_env.west_exit, retreat.c): a retreat path
 * may end "west" from a west-edge hex; the standing "auto" takes it only
 * where the unit would otherwise be eliminated (reading).
 */
#include <stdio.h>
#include <string.h>
#include "umpire/strbuf.h"
#include "state.h"
#include "barrage.h"
#include "options.h"
#include "board.h"
#include "../lib/hexorders.h"


/* ---- 22.x Hitler Fantasy ---- */

struct enter_check {
	struct rttr *st;
	struct rttr *trial;
	int u, hex, who;
};

static int check_enter(void *user, const char *ans, char *why, size_t size)
{
	struct enter_check *k = user;
	const struct rttr *st = k->st;
	int h, end = hex_end(&st->map), r = st->setup_region[k->u];

	k->hex = -1;
	if (strcmp(ans, "auto") == 0) {
		/* the placement policy among the free entry hexes, as
		 * place: auto (umpire-orders(5), PLACEMENT POLICY) */
		int16_t zone[HEX_MAX], cand[HEX_MAX];
		int nz = 0, n = 0, i;

		for (h = 0; h < end; h++)
			if (hex_in_region(&st->map, h, r)) {
				zone[nz++] = (int16_t)h;
				if (rt_may_stand(st, k->u, h))
					cand[n++] = (int16_t)h;
			}
		i = rt_place_policy(st, k->who, st->u[k->u].side, cand, n,
				    zone, nz, NULL, NULL);
		if (i < 0)
			return snprintf(why, size, "no entry hex of %s is free "
					"(22.1)", st->u[k->u].id), -1;
		k->hex = cand[i];
		return 0;
	}
	h = hex_parse(&st->map, ans);
	if (h < 0 || !hex_in_region(&st->map, h, r))
		return snprintf(why, size, "give an entry hex of %s (%s, "
				"22.2, 22.3), or auto", st->u[k->u].id,
				r >= 0 ? st->map.region_name[r] : "none"), -1;
	if (!rt_may_stand(st, k->u, h))
		return snprintf(why, size, "%s may not stand in %s: the "
				"stacking limit or an enemy there (10.3)",
				st->u[k->u].id, ans), -1;
	k->hex = h;
	return 0;
}

static void enter_group(struct ctx *c, struct rttr *st, int g, int sec,
			int who)
{
	struct enter_check k;
	struct question q;
	const char *ans;
	char why[200], x[8];
	int u, i, tag = g == 0 ? T_STEINER : T_XX;

	st->group_in[g] = st->turn;
	ctx_event(c, g == 0 ? "22.2" : "22.3", "%s enters in the %s sector, "
		  "commanded by the %s player.", g == 0 ?
		  "Army Detachment Steiner" : "XX Corps", rt_side_names[sec],
		  rt_side_names[who]);
	for (i = 0; i < st->n_mk; i++)      /* 22.5 */
		if (st->mk[i].kind == MK_ME262 && st->mk[i].group == g &&
		    st->mk[i].owner < 0) {
			st->mk[i].owner = (int8_t)who;
			ctx_event(c, "22.5", "The %s player gets the Me-262 "
				  "marker %s.", rt_side_names[who],
				  st->mk[i].id);
		}
	memset(&k, 0, sizeof k);
	k.st = st;
	k.who = who;
	for (u = 0; u < st->n_units; u++) {
		if (!(st->u[u].tags & tag) || st->u[u].where != U_WAITING)
			continue;
		st->front[u] = (uint8_t)sec;
		k.u = u;
		q_init(&q, "22.1", "enter", rt_side_names[who], "22.1: %s "
		       "enters: an entry hex (%s), or auto (the placement "
		       "policy).", st->u[u].id, st->setup_region[u] >= 0 ?
		       st->map.region_name[st->setup_region[u]] : "none");
		q_add(&q, "auto");
		q.form = "hex";
		ans = ctx_ask_text(c, &q, check_enter, &k);
		if (check_enter(&k, ans, why, sizeof why) || k.hex < 0) {
			st->u[u].where = U_ELIMINATED;
			ctx_event(c, "22.1", "%s finds no entry hex and is "
				  "removed (10.0).", st->u[u].id);
			continue;
		}
		st->known[u] = (1 << P1BF) | (1 << P1UF);  /* mobile: face up */
		rt_put_told(c, st, u, k.hex);
		ctx_event(c, "22.1", "%s (%s) enters at %s.", st->u[u].id,
			  st->u[u].name, hex_id(k.hex, x));
	}
}

void rt_hitler_phase(struct ctx *c, struct rttr *st, int sec, int who)
{
	int g = sec == SEC_1BF ? 0 : 1, d;

	if (st->turn < 2 || st->group_in[g])
		return;
	ctx_draw_for(c, rt_side_names[who]);
	d = ctx_die(c, "22.1 Hitler Fantasy", 6);
	ctx_draw_for(c, NULL);
	if (d < st->turn && d != 6) {
		ctx_event(c, "22.1", "Hitler Fantasy (%s sector): %d, less "
			  "than GT %d: the group enters.", rt_side_names[sec],
			  d, st->turn);
		enter_group(c, st, g, sec, who);
	} else {
		ctx_event(c, "22.1", "Hitler Fantasy (%s sector): %d, not "
			  "less than GT %d%s: no group.", rt_side_names[sec],
			  d, st->turn, d == 6 ? " (a 6 never brings it)" : "");
	}
}

/* ---- 23.2 Prepared Defence: the main defence line ---- */


/* ---- 22.5 Me-262 ---- */

/* Whether player `who` may use Me-262 marker k now: its group has
 * entered (22.1), its commander is `who` (the player who commands the
 * Germans of the group's sector: Steiner 1BF, XX Corps 1UF; derived
 * from the saved arrival, not kept apart), and it was never used (22.5
 * (5): once a game). */
static int me262_ready(const struct rttr *st, int k, int who, int sec)
{
	const struct rt_marker *m = &st->mk[k];
	int gsec;

	if (m->kind != MK_ME262 || m->group < 0 || m->group >= RT_GROUPS ||
	    !st->group_in[m->group] || m->used_turn)
		return 0;
	gsec = m->group == 0 ? SEC_1BF : SEC_1UF;
	return gsec == sec && (gsec == SEC_1BF ? P1UF : P1BF) == who;
}

struct me_check {
	const struct rttr *st;
	int k, sec, hex;
};

static int check_me262(void *user, const char *ans, char *why,
		       size_t size)
{
	struct me_check *m = user;
	int h, s;

	m->hex = -1;
	if (strcmp(ans, "none") == 0)
		return 0;
	h = hex_parse(&m->st->map, ans);
	s = h >= 0 ? rt_sector(m->st, h) : SEC_NONE;
	if (s != m->sec && s != SEC_BOTH)
		return snprintf(why, size, "give a hex of the %s sector, or "
				"none (22.5, 15.2)", rt_side_names[m->sec]),
		       -1;
	m->hex = h;
	return 0;
}

void rt_me262_phase(struct ctx *c, struct rttr *st, int sec, int who)
{
	struct me_check m;
	struct question q;
	const char *ans;
	char why[200], x[8];
	int k, idx;

	if (!st->opt_hitler)
		return;
	for (k = 0; k < st->n_mk; k++) {
		if (!me262_ready(st, k, who, sec))
			continue;
		m.st = st;
		m.k = k;
		m.sec = sec;
		q_init(&q, "22.5", "me262", rt_side_names[who], "22.5: place "
		       "the Me-262 marker %s for this German combat phase "
		       "(once a game; German attacks in its zone, 2 hexes in "
		       "the sector, doubled): HEX, or none.", st->mk[k].id);
		q_add(&q, "none");
		q.form = "hex";
		ans = ctx_ask_text(c, &q, check_me262, &m);
		if (check_me262(&m, ans, why, sizeof why) || m.hex < 0)
			continue;
		/* 15.2 as an air strike: radius 2, its own sector */
		idx = hex_marker_place(&st->bz, &st->map, m.hex, 2,
				       st->rg.sector[sec], who, k);
		if (idx < 0)
			continue;
		st->mk[k].on_map = (int8_t)idx;
		st->mk[k].used_turn = (int8_t)st->turn;   /* 22.5 (5) */
		ctx_event(c, "22.5", "The %s player places the Me-262 marker "
			  "%s at %s.", rt_side_names[who], st->mk[k].id,
			  hex_id(m.hex, x));
		ctx_mark(c, "", "placed", x, "", st->mk[k].id);
	}
}

/* 22.5 (2): the Me-262 leaves the map at the end of the phase */
void rt_me262_off(struct ctx *c, struct rttr *st)
{
	int i, k, n = 0;

	for (i = st->bz.n - 1; i >= 0; i--) {
		k = st->bz.m[i].kind;
		if (k < st->n_mk && st->mk[k].kind == MK_ME262) {
			hex_marker_remove(&st->bz, i);
			n++;
		}
	}
	if (n) {
		rt_barrage_reindex(st);
		ctx_event(c, "22.5", "The Me-262 marker leaves the map.");
	}
}

/* ---- 26.1 escape to the west ---- */

int rt_west_strip(const char *ans, char *buf, size_t size)
{
	size_t n = strlen(ans), k = strlen(" west");

	if (n > k && n < size && !strcmp(ans + n - k, " west")) {
		memcpy(buf, ans, n - k);
		buf[n - k] = '\0';
		return 1;
	}
	str_copy(buf, size, ans);
	return 0;
}

int rt_west_check(const struct rttr *st, int u, char *why, size_t size)
{
	if (!st->opt_escape)
		return snprintf(why, size, "no unit leaves the map by the "
				"west edge without the escape-west option "
				"(9.0, 26.0)"), -1;
	if (!st->fb_captured)
		return snprintf(why, size, "German units leave by the west "
				"edge only once the Fuehrerbunker is captured "
				"(26.1)"), -1;
	if (st->u[u].side != GERMAN || (st->u[u].tags & T_FIXED))
		return snprintf(why, size, "only German mobile units leave by "
				"the west edge (26.1)"), -1;
	return 0;
}

/* Whether h is a west-edge hex of the map: the region exit-west, or
 * (a map without it) column 01 */
int rt_west_edge(const struct rttr *st, int h)
{
	if (st->rg.exit_west >= 0)
		return hex_in_region(&st->map, h, st->rg.exit_west);
	return h >= 0 && hex_col(h) == 1;
}

void rt_west_leave(struct ctx *c, struct rttr *st, int u)
{
	char x[8];

	ctx_event(c, "26.1", "%s (%s) leaves by the west edge at %s and "
		  "surrenders to the Americans: no VP for it.", st->u[u].id,
		  st->u[u].name, hex_id(st->u[u].hex, x));
	ctx_mark(c, "", "lost", x, "", st->u[u].id);
	st->u[u].where = U_ELIMINATED;
	st->u[u].hex = HEX_NONE;
	st->elim_by[u] = -1;            /* 21.2: nobody's VP; 16.7: gone */
	st->flags[u] |= F_ESCAPED;
	rt_reindex(st);
}

void rt_fuehrerbunker_taken(struct ctx *c, struct rttr *st, int u)
{
	const char *n = st->u[u].name;

	/* the marker is known by its name (the order of battle's
	 * "Fuehrerbunker"; 16.6 names the three) */
	if (st->fb_captured || (!strstr(n, "uehrerbunker") &&
				!strstr(n, "ührerbunker") &&
				!strstr(n, "uhrerbunker")))
		return;
	st->fb_captured = 1;
	ctx_event(c, "26.1", "The Fuehrerbunker is captured%s.",
		  st->opt_escape ? ": German mobile units may now leave by "
		  "the west edge (26.1)" : "");
}
