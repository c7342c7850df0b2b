/*
 * state.c - Russo-German War: the start state from the scenario (3.0),
 * the state as a document (save), back (load, for test positions), and
 * as one side may see it (view).
 */
#include <stdlib.h>
#include <string.h>
#include "rgw.h"

/* 3.0: before the deal the German holds the 7; the deck to deal from is
 * the other 7 normal-war cards; the exploitation and annihilation cards
 * are set aside; the marker is at the start city (Warsaw). The option
 * `hidden` (referee or honour) is the core's business, not the rules'. */
int rgw_setup(void *vst, const struct doc *scn, const struct doc_node *data,
	      const struct doc_node *options, struct error *err)
{
	struct rgw *st = vst;

	memset(st, 0, sizeof *st);
	if (rgw_map_load(&st->map, scn, data, err) < 0)
		return -1;
	st->year = FIRST_YEAR;
	st->turn = 1;
	st->phase = PH_START;
	st->player = GER;
	st->marker = st->map.start;
	st->hand[GER] = SET(C_N7G);
	st->deck = (cardset)(NORMAL_CARDS & ~SET(C_N7G));
	st->aside = (cardset)(EXPLOIT_CARDS | ANNIHIL_CARDS);
	st->down = C_NONE;
	st->winner = NO_SIDE;
	st->result = RES_NONE;
	(void)options;
	return 0;
}

/* ---- save and view ---- */

static struct doc_node *set_save(cardset s, struct doc *d)
{
	struct doc_node *seq = doc_seq(d);
	int i;

	seq->style = DOC_STYLE_FLOW;
	for (i = 0; i < RGW_CARDS; i++)
		if (s & SET(i))
			doc_push(d, seq, doc_str(d, rgw_card_names[i]));
	return seq;
}

/* side NULL: everything. Otherwise the parts side may not see go through
 * redact(), always in this order: the other hand, the face-down card,
 * the deck. */
static struct doc_node *build(const struct rgw *st, const char *side,
			      struct doc *d, struct redactor *r)
{
	struct doc_node *m = doc_map(d), *t;
	int me = !side ? -1 : strcmp(side, "german") == 0 ? GER :
		 strcmp(side, "soviet") == 0 ? SOV : -2;
	int s;

	doc_set_int(d, m, "year", st->year);
	doc_set_int(d, m, "turn", st->turn);
	doc_set_str(d, m, "phase", rgw_phase_names[st->phase]);
	doc_set_str(d, m, "player", rgw_side_names[st->player]);
	doc_set_str(d, m, "marker", st->map.id[st->marker]);
	for (s = GER; s <= SOV; s++) {
		t = set_save(st->hand[s], d);
		doc_set(d, m, s == GER ? "german-hand" : "soviet-hand",
			me == -1 || me == s ? t : redact(r, d, t));
	}
	t = doc_map(d);
	t->style = DOC_STYLE_FLOW;
	doc_set_int(d, t, "german", rgw_count(st->hand[GER]));
	doc_set_int(d, t, "soviet", rgw_count(st->hand[SOV]));
	doc_set(d, m, "hand-count", t);
	t = doc_str(d, st->down == C_NONE ? "none" :
		    rgw_card_names[st->down]);
	doc_set(d, m, "down", st->down == C_NONE || me == -1 ||
		me == (int)st->player ? t : redact(r, d, t));
	doc_set_int(d, m, "deck-count", rgw_count(st->deck));
	t = set_save(st->deck, d);
	doc_set(d, m, "deck", me == -1 ? t : redact(r, d, t));
	doc_set(d, m, "open", set_save(st->open, d));
	doc_set(d, m, "discard", set_save(st->discard, d));
	doc_set(d, m, "aside", set_save(st->aside, d));
	doc_set_str(d, m, "winner", st->winner == NO_SIDE ? "none" :
		    rgw_side_names[st->winner]);
	doc_set_int(d, m, "moves", st->moves);
	doc_set_int(d, m, "discards", st->discards);
	doc_set_str(d, m, "result", rgw_result_names[st->result]);
	return m;
}

struct doc_node *rgw_save(const void *st, struct doc *d)
{
	return build(st, NULL, d, NULL);
}

struct doc_node *rgw_view(const void *st, const char *side, struct doc *d,
			  struct redactor *r)
{
	return build(st, side, d, r);
}

/* ---- load ---- */

/* A list of card labels into *out; *given set if the key is there. */
static int load_set(const struct doc *d, const struct doc_node *map,
		    const char *key, cardset *out, int *given,
		    struct error *err)
{
	const struct doc_node *seq, *it;
	char where[256];
	size_t i;
	int k;

	*given = 0;
	if (!doc_get(map, key))
		return 0;
	if (doc_need(d, map, key, DOC_SEQ, &seq, err) < 0)
		return -1;
	*out = 0;
	for (i = 0; i < seq->n; i++) {
		it = seq->items[i];
		k = it->kind == DOC_SCALAR ? rgw_card_parse(it->str) : -1;
		if (k < 0)
			return errorf(err, EXIT_REFUSED, "%s: %s: not a card "
				      "(n1..n7, n7g, x1, x2, a1941..a1945)",
				      doc_where(d, it, where, sizeof where),
				      key);
		if (*out & SET(k))
			return errorf(err, EXIT_REFUSED, "%s: %s: %s twice",
				      doc_where(d, it, where, sizeof where),
				      key, rgw_card_names[k]);
		*out |= SET(k);
	}
	*given = 1;
	return 0;
}

static int refuse(const struct doc *d, struct error *err, const char *msg,
		  const char *what)
{
	return errorf(err, EXIT_REFUSED, "%s: %s%s", d && d->name ? d->name :
		      "position", msg, what ? what : "");
}

static int check(struct rgw *st, const struct doc *d, struct error *err)
{
	cardset piles[7] = { st->hand[GER], st->hand[SOV], st->deck,
		st->open, st->discard, st->aside,
		st->down == C_NONE ? 0 : SET(st->down) };
	cardset all = 0;
	int n = 0, i;

	for (i = 0; i < 7; i++) {
		if (all & piles[i])
			return refuse(d, err, "a card is in more than one "
				      "place", NULL);
		all |= piles[i];
		n += rgw_count(piles[i]);
	}
	if (all != ALL_CARDS || n != RGW_CARDS)
		return refuse(d, err, "the 15 cards must each be in one place",
			      NULL);
	if (st->hand[GER] & ANNIHIL_CARDS)
		return refuse(d, err, "the German never holds an annihilation "
			      "card (4.2)", NULL);
	if ((st->hand[GER] | st->hand[SOV]) & EXPLOIT_CARDS)
		return refuse(d, err, "exploitation cards are never in a hand",
			      NULL);
	for (i = GER; i <= SOV; i++)
		if (rgw_count(st->hand[i]) > HAND_MAX)
			return refuse(d, err, "a hand holds at most 4 cards: ",
				      rgw_side_names[i]);
	if (st->phase != PH_START && st->phase != PH_OVER &&
	    (EXPLOIT_CARDS & ~(st->deck | st->open)))
		return refuse(d, err, "the exploitation cards are in the deck "
			      "or open", NULL);
	if (rgw_count(st->open) > 1 && st->phase != PH_YEAR_END &&
	    st->phase != PH_OVER)
		return refuse(d, err, "two open exploitation cards end the "
			      "year (phase year-end)", NULL);
	if ((st->phase == PH_ANSWER) != (st->down != C_NONE))
		return refuse(d, err, "a face-down card is down in phase "
			      "answer only", NULL);
	if (st->down != C_NONE && !(SET(st->down) &
	    (st->player == GER ? NORMAL_CARDS :
	     (cardset)(NORMAL_CARDS | ANNIHIL_CARDS))))
		return refuse(d, err, "the face-down card is not a war card "
			      "of the player", NULL);
	if ((st->phase == PH_ADVANCE || st->phase == PH_DISCARD) &&
	    st->winner == NO_SIDE)
		return refuse(d, err, "phases advance and discard need a "
			      "winner", NULL);
	return 0;
}

int rgw_load(void *vst, const struct doc *d, const struct doc_node *map,
	     struct error *err)
{
	static const char *const keys[] = { "year", "turn", "phase",
		"player", "marker", "german-hand", "soviet-hand",
		"hand-count", "down", "deck-count", "deck", "open", "discard",
		"aside", "winner", "moves", "discards", "result", NULL };
	static const char *const winners[] = { "none", "german", "soviet" };
	struct rgw *st = vst;
	const struct doc_node *n;
	const char *s;
	char where[256];
	int v, g[7], i;
	cardset placed, later = 0;

	if (!map || map->kind != DOC_MAP)
		return refuse(d, err, "the position must be a mapping", NULL);
	if (doc_only_keys(d, map, keys, err) < 0 ||
	    doc_opt_int(d, map, "year", FIRST_YEAR, LAST_YEAR, &st->year,
		     err) < 0 ||
	    doc_opt_int(d, map, "turn", 1, 9999, &st->turn, err) < 0)
		return -1;
	v = (int)st->phase;
	if (doc_opt_name(d, map, "phase", rgw_phase_names, PHASES, &v, err) < 0)
		return -1;
	st->phase = (enum phase)v;
	v = (int)st->player;
	if (doc_opt_name(d, map, "player", rgw_side_names, 2, &v, err) < 0)
		return -1;
	st->player = (enum side)v;
	if ((n = doc_get(map, "marker"))) {
		if (doc_need_str(d, map, "marker", &s, err) < 0)
			return -1;
		if ((st->marker = rgw_city(&st->map, s)) < 0)
			return errorf(err, EXIT_REFUSED, "%s: marker: '%s' is "
				      "not a city of the map", doc_where(d, n,
				      where, sizeof where), s);
	}
	if ((n = doc_get(map, "down"))) {
		if (doc_need_str(d, map, "down", &s, err) < 0)
			return -1;
		st->down = strcmp(s, "none") == 0 ? C_NONE :
			rgw_card_parse(s);
		if (st->down < 0)
			return errorf(err, EXIT_REFUSED, "%s: down: a card or "
				      "none", doc_where(d, n, where,
				      sizeof where));
	}
	if (load_set(d, map, "german-hand", &st->hand[GER], &g[0], err) < 0 ||
	    load_set(d, map, "soviet-hand", &st->hand[SOV], &g[1], err) < 0 ||
	    load_set(d, map, "deck", &st->deck, &g[2], err) < 0 ||
	    load_set(d, map, "open", &st->open, &g[3], err) < 0 ||
	    load_set(d, map, "discard", &st->discard, &g[4], err) < 0 ||
	    load_set(d, map, "aside", &st->aside, &g[5], err) < 0)
		return -1;
	/* Cards not placed: later years' annihilation cards aside (before
	 * the deal, also the 1941 card and the exploitation cards), the
	 * rest in the deck; when the deck is given, in the discards. */
	placed = (cardset)(st->hand[GER] | st->hand[SOV] | st->open |
			   st->discard | (st->down == C_NONE ? 0 :
					  SET(st->down)));
	if (g[2])
		placed |= st->deck;
	if (!g[5]) {
		for (i = st->year + 1; i <= LAST_YEAR; i++)
			later |= SET(rgw_year_card(i));
		if (st->phase == PH_START)
			later = (cardset)(EXPLOIT_CARDS | ANNIHIL_CARDS);
		st->aside = (cardset)(later & ~placed);
	}
	if (!g[2])
		st->deck = (cardset)(ALL_CARDS & ~(placed | st->aside));
	else if (!g[4])
		st->discard = (cardset)(ALL_CARDS & ~(placed | st->aside));
	v = st->winner == NO_SIDE ? 0 : st->winner + 1;
	if (doc_opt_name(d, map, "winner", winners, 3, &v, err) < 0)
		return -1;
	st->winner = v == 0 ? NO_SIDE : (enum side)(v - 1);
	v = (int)st->result;
	if (doc_opt_int(d, map, "moves", 0, 2, &st->moves, err) < 0 ||
	    doc_opt_int(d, map, "discards", 0, 2, &st->discards, err) < 0 ||
	    doc_opt_name(d, map, "result", rgw_result_names, RESULTS, &v,
		      err) < 0)
		return -1;
	st->result = (enum result)v;
	if (check(st, d, err) < 0)
		return -1;
	if ((n = doc_get(map, "deck-count"))) {
		if (doc_opt_int(d, map, "deck-count", 0, RGW_CARDS, &v, err) < 0)
			return -1;
		if (v != rgw_count(st->deck))
			return errorf(err, EXIT_REFUSED, "%s: deck-count: %d, "
				      "but the deck holds %d cards",
				      doc_where(d, n, where, sizeof where), v,
				      rgw_count(st->deck));
	}
	if ((n = doc_get(map, "hand-count"))) {
		static const char *const hk[] = { "german", "soviet", NULL };
		int c2[2] = { -1, -1 };

		if (doc_need(d, map, "hand-count", DOC_MAP, &n, err) < 0 ||
		    doc_only_keys(d, n, hk, err) < 0 ||
		    doc_opt_int(d, n, "german", 0, HAND_MAX, &c2[0], err) < 0 ||
		    doc_opt_int(d, n, "soviet", 0, HAND_MAX, &c2[1], err) < 0)
			return -1;
		for (i = GER; i <= SOV; i++)
			if (c2[i] >= 0 && c2[i] != rgw_count(st->hand[i]))
				return errorf(err, EXIT_REFUSED, "%s: "
					      "hand-count: %s %d, but the hand "
					      "holds %d", doc_where(d, n, where,
					      sizeof where), hk[i], c2[i],
					      rgw_count(st->hand[i]));
	}
	return 0;
}

/* ---- a view back to a state, for drawing it ---- */

static int is_hidden(const struct doc_node *n)
{
	return n && n->kind == DOC_SCALAR && strncmp(n->str, "hidden:", 7) == 0;
}

/* The cards of a visible pile (a list), or 0. */
static cardset listed(const struct doc_node *n)
{
	cardset s = 0;
	for (size_t i = 0; n && n->kind == DOC_SEQ && i < n->n; i++) {
		int k = n->items[i]->kind == DOC_SCALAR ?
			rgw_card_parse(n->items[i]->str) : -1;
		if (k >= 0)
			s |= SET(k);
	}
	return s;
}

/* Take up to n cards of *pool that fit (allowed) into a list. */
static struct doc_node *stand_in(struct doc *d, cardset *pool,
				 cardset allowed, long long n)
{
	struct doc_node *seq = doc_seq(d);
	for (int i = 0; i < RGW_CARDS && n > 0; i++)
		if (*pool & allowed & SET(i)) {
			doc_push(d, seq, doc_str(d, rgw_card_names[i]));
			*pool &= (cardset)~SET(i);
			n--;
		}
	return seq;
}

/*
 * A view's state (what `side` may see) as a state render() and
 * position() can draw for that side. Each redacted part (the other hand,
 * the face-down card, the deck) gets a stand-in of the size the view
 * gives (hand-count, deck-count) from the cards the view does not place;
 * drawn for `side`, a hidden part shows only its size, so the stand-in
 * is never seen. Everything visible is loaded, and checked, as load()
 * checks a position.
 */
int rgw_load_view(void *st, const struct doc *d, const struct doc_node *map,
		  const char *side, struct error *err)
{
	static const char *const piles[] = { "german-hand", "soviet-hand",
		"open", "discard", "aside", "deck", NULL };
	if (!map || map->kind != DOC_MAP)
		return refuse(d, err, "the position must be a mapping", NULL);
	struct doc *fill = doc_new(d->name);
	struct doc_node *m = doc_copy(fill, map);
	const struct doc_node *counts = doc_get(map, "hand-count");
	const struct doc_node *down = doc_get(map, "down");
	const struct doc_node *player = doc_get(map, "player");
	cardset pool = ALL_CARDS;
	int rc;
	(void)side;
	for (const char *const *p = piles; *p; p++)
		pool &= (cardset)~listed(doc_get(map, *p));
	if (down && down->kind == DOC_SCALAR && !is_hidden(down) &&
	    rgw_card_parse(down->str) >= 0)
		pool &= (cardset)~SET(rgw_card_parse(down->str));
	/* the face-down card: a war card of the player (4.1) */
	if (is_hidden(down)) {
		int ger = player && player->kind == DOC_SCALAR &&
			!strcmp(player->str, "german");
		cardset ok = ger ? NORMAL_CARDS :
			(cardset)(NORMAL_CARDS | ANNIHIL_CARDS);
		struct doc_node *one = stand_in(fill, &pool, ok, 1);
		doc_put(fill, m, "down", one->n ? doc_copy(fill,
			one->items[0]) : doc_str(fill, "none"));
	}
	for (int s = GER; s <= SOV; s++) {
		const char *key = s == GER ? "german-hand" : "soviet-hand";
		const struct doc_node *c = counts ? doc_get(counts,
			s == GER ? "german" : "soviet") : NULL;
		long long n = c && c->kind == DOC_SCALAR ? atoll(c->str) : 0;
		/* hands never hold exploitation cards; the German never an
		 * annihilation card (4.2) */
		cardset ok = (cardset)(ALL_CARDS & ~EXPLOIT_CARDS &
			(s == GER ? ~ANNIHIL_CARDS : ALL_CARDS));
		if (is_hidden(doc_get(map, key)))
			doc_put(fill, m, key, stand_in(fill, &pool, ok, n));
	}
	if (is_hidden(doc_get(map, "deck")))
		doc_put(fill, m, "deck", stand_in(fill, &pool, ALL_CARDS,
						  RGW_CARDS));
	rc = rgw_load(st, fill, m, err);
	doc_free(fill);
	return rc;
}
