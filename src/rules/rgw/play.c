/*
 * play.c - the Russo-German War card game: the deal (3.0), the turns
 * (4.0): normal war (4.1) and supply (4.2), the year end (5.0) and the
 * final verdict after 1945. play() runs from whatever phase the state
 * records.
 *
 * Draw at the moment of looking: the deck is a set of cards, never put in
 * an order; a card is decided when it is drawn (ctx_pick_for with the
 * drawing side, so that only that side sees it unless it is opened).
 */
#include <stdio.h>
#include <string.h>
#include "umpire/statedecl.h"
#include "rgw.h"

static const char *sname(enum side s)
{
	return rgw_side_names[s];
}

static const char *stitle(enum side s)
{
	return rgw_side_titles[s];
}

static void where(struct ctx *c, const struct rgw *st, const char *what)
{
	char buf[64];

	if (what)
		snprintf(buf, sizeof buf, "%d %s", st->year, what);
	else
		snprintf(buf, sizeof buf, "%d %s turn", st->year,
			 stitle(st->player));
	ctx_where(c, st->turn, buf);
}

/* The cards of s as "n3 n5 n7g" ("none" if empty). */
static const char *list(cardset s, char *buf, size_t size)
{
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < RGW_CARDS; i++)
		if (s & SET(i))
			len += (size_t)snprintf(buf + len, len < size ?
						size - len : 0, "%s%s",
						len ? " " : "",
						rgw_card_names[i]);
	if (!s)
		snprintf(buf, size, "none");
	return buf;
}

/* An option that names card c (prefix "war " or ""): the desk lights the
 * card (render.c spots it where the side sees it). */
static void card_option(struct question *q, const char *prefix, int c)
{
	q_add(q, "%s%s", prefix, rgw_card_names[c]);
	q_target(q, "card", rgw_card_names[c]);
}

/* 4.1: the cards a side may play in normal war. */
static cardset war_cards(const struct rgw *st, enum side s)
{
	return st->hand[s] & (s == SOV ? (cardset)(NORMAL_CARDS |
		ANNIHIL_CARDS) : NORMAL_CARDS);
}

static int draw_from(struct ctx *c, cardset *pool, enum side s,
		     const char *purpose)
{
	const char *labels[RGW_CARDS];
	int codes[RGW_CARDS], i;
	size_t n = 0, k;

	for (i = 0; i < RGW_CARDS; i++)
		if (*pool & SET(i)) {
			labels[n] = rgw_card_names[i];
			codes[n++] = i;
		}
	k = ctx_pick_for(c, sname(s), purpose, "deck", n, labels);
	*pool &= (cardset)~SET(codes[k]);
	return codes[k];
}

static void end_turn(struct rgw *st)
{
	st->player = st->player == GER ? SOV : GER;
	st->turn++;
	st->phase = PH_ACTION;
	st->winner = NO_SIDE;
	st->moves = st->discards = 0;
}

/* 3.0 (4)-(7): the German holds the 7; 3 of the other 7 normal-war cards
 * to him, 1 to the Soviet; the deck is the rest plus the exploitation
 * cards and the 1941 annihilation card; the marker is at Warsaw. The
 * German's "deal" is the first decision, as a draw needs one. */
static void deal(struct ctx *c, struct rgw *st)
{
	struct question q;
	char buf[64];
	int i, k;

	where(c, st, "set-up");
	q_init(&q, "3.0", "start", "german", "Deal the cards: 3 to the "
	       "German, who holds the 7, and 1 to the Soviet.");
	q_add(&q, "deal");
	ctx_ask(c, &q);
	for (i = 0; i < 3; i++) {
		k = draw_from(c, &st->deck, GER, "3.0 deal to the German");
		st->hand[GER] |= SET(k);
	}
	k = draw_from(c, &st->deck, SOV, "3.0 deal to the Soviet");
	st->hand[SOV] |= SET(k);
	ctx_event_to(c, "german", "3.0", "Your hand: %s.",
		     list(st->hand[GER], buf, sizeof buf));
	ctx_event_to(c, "soviet", "3.0", "Your hand: %s.",
		     list(st->hand[SOV], buf, sizeof buf));
	st->deck |= (cardset)(EXPLOIT_CARDS | SET(C_A1941));
	st->aside &= (cardset)~(EXPLOIT_CARDS | SET(C_A1941));
	ctx_event(c, "3.0", "The German holds the 7 and is dealt 3 cards, "
		  "the Soviet is dealt 1; the deck is the %d other cards, the "
		  "2 exploitation cards and the 1941 annihilation card; the "
		  "marker is at %s.", rgw_count(st->deck) - 3,
		  st->map.name[st->marker]);
	st->phase = PH_ACTION;
	st->player = GER;
}

/* 4.2: one card from the deck. Returns 1 when it was the second
 * exploitation card (the year ends). */
static int supply_draw(struct ctx *c, struct rgw *st, const char *purpose)
{
	enum side p = st->player;
	char buf[64];
	int k = draw_from(c, &st->deck, p, purpose);

	if (SET(k) & EXPLOIT_CARDS) {
		st->open |= SET(k);
		ctx_event(c, "4.2", "The %s draws an exploitation card (%s) "
			  "and opens it beside the deck.", stitle(p),
			  rgw_card_names[k]);
		if (rgw_count(st->open) == 2) {
			ctx_event(c, "4.2", "Both exploitation cards are "
				  "open: the year %d ends (5.0).", st->year);
			return 1;
		}
		ctx_event(c, "4.2", "From now on the German moves the marker "
			  "only along dotted arrows.");
	} else if (p == GER && (SET(k) & ANNIHIL_CARDS)) {
		st->discard |= SET(k);
		ctx_event(c, "4.2", "The German draws the %d annihilation "
			  "card (%s) and must discard it.",
			  FIRST_YEAR + k - C_A1941, rgw_card_names[k]);
	} else {
		st->hand[p] |= SET(k);
		ctx_event_to(c, sname(p), "4.2", "You draw %s; your hand: %s.",
			     rgw_card_names[k],
			     list(st->hand[p], buf, sizeof buf));
		ctx_event(c, "4.2", "The %s draws a card into the hand (%d "
			  "in hand).", stitle(p), rgw_count(st->hand[p]));
	}
	return 0;
}

static int extra_allowed(const struct rgw *st)
{
	return (st->map.extra[st->marker] & (1u << st->player)) &&
	       rgw_count(st->hand[st->player]) < HAND_MAX && st->deck;
}

/* 4.0: normal war or supply. */
static void action(struct ctx *c, struct rgw *st)
{
	enum side p = st->player;
	struct question q;
	cardset war = war_cards(st, p);
	int codes[RGW_CARDS], i, n = 0;
	size_t k;

	where(c, st, NULL);
	q_init(&q, "4.0", "action", sname(p), "%d, %s turn: normal war with "
	       "a card of your hand played face down, or supply.", st->year,
	       stitle(p));
	for (i = 0; i < RGW_CARDS; i++)
		if (war & SET(i)) {
			codes[n++] = i;
			card_option(&q, "war ", i);
		}
	if (rgw_count(st->hand[p]) < HAND_MAX && st->deck)
		q_add(&q, "supply");
	k = ctx_ask(c, &q);
	if ((int)k < n) {
		st->down = codes[k];
		st->hand[p] &= (cardset)~SET(codes[k]);
		st->phase = PH_ANSWER;
		ctx_event_to(c, sname(p), "4.1", "You play %s face down.",
			     rgw_card_names[codes[k]]);
		ctx_event(c, "4.1", "The %s makes normal war and plays a card "
			  "face down.", stitle(p));
		return;
	}
	if (supply_draw(c, st, "4.2 supply")) {
		st->phase = PH_YEAR_END;
		return;
	}
	if (extra_allowed(st))
		st->phase = PH_EXTRA;
	else
		end_turn(st);
}

/* 4.2: the extra draw by the marker's position (optional). */
static void extra(struct ctx *c, struct rgw *st)
{
	enum side p = st->player;
	struct question q;

	where(c, st, NULL);
	if (extra_allowed(st)) {
		q_init(&q, "4.2", "extra-draw", sname(p), "The marker is at "
		       "%s: draw one more card from the deck?",
		       st->map.name[st->marker]);
		q_add(&q, "draw");
		q_add(&q, "no");
		if (ctx_ask(c, &q) == 0) {
			if (supply_draw(c, st, "4.2 extra draw")) {
				st->phase = PH_YEAR_END;
				return;
			}
		} else {
			ctx_event(c, "4.2", "The %s draws no extra card.",
				  stitle(p));
		}
	}
	end_turn(st);
}

/* The normal war at the marker's city, for the picture (umpire render):
 * b is the defender's card or C_NONE (no answer). */
static void war_mark(struct ctx *c, const struct rgw *st, int a, int b,
		     const char *outcome)
{
	enum side p = st->player, d = p == GER ? SOV : GER;
	char label[48];

	if (b == C_NONE)
		snprintf(label, sizeof label, "%s %s, no answer: %s",
			 stitle(p), rgw_card_names[a], outcome);
	else
		snprintf(label, sizeof label, "%s %s v %s %s: %s", stitle(p),
			 rgw_card_names[a], stitle(d), rgw_card_names[b],
			 outcome);
	ctx_mark(c, "", "combat", st->map.id[st->marker], "", label);
}

/* 4.1: the defender answers or not, without seeing the attacker's card;
 * then both are revealed and compared. */
static void answer(struct ctx *c, struct rgw *st)
{
	enum side p = st->player, d = p == GER ? SOV : GER, loser;
	struct question q;
	cardset war = war_cards(st, d);
	int codes[RGW_CARDS], i, n = 0, a = st->down, b = C_NONE;
	size_t k = 0;

	where(c, st, NULL);
	if (war) {
		q_init(&q, "4.1", "answer", sname(d), "The %s makes normal "
		       "war with a face-down card: answer with a card, or "
		       "pass and lose.", stitle(p));
		q_add(&q, "pass");
		for (i = 0; i < RGW_CARDS; i++)
			if (war & SET(i)) {
				codes[n++] = i;
				card_option(&q, "", i);
			}
		k = ctx_ask(c, &q);
		if (k > 0)
			b = codes[k - 1];
	} else {
		ctx_event(c, "4.1", "The %s has no card to answer with.",
			  stitle(d));
	}
	/* 4.1: the face-down card is revealed and compared: whatever the
	 * defender does next hangs on it, unseen when he answered.
	 * Consulted for whoever the declaration hides it from (state.c,
	 * "down": its owner, the attacker, alone sees it) */
	sd_consult(c, &rgw_state, "down", st, 0, "4.1");
	st->down = C_NONE;
	st->discard |= SET(a);
	if (b == C_NONE) {
		st->winner = p;
		st->moves = 2;
		st->discards = st->marker == st->map.capital[d] ? 2 : 0;
		ctx_event(c, "4.1", "The %s does not answer and loses "
			  "automatically; the %s's card, %s, is discarded.",
			  stitle(d), stitle(p), rgw_card_names[a]);
		war_mark(c, st, a, b, p == GER ? "German wins" :
			 "Soviet wins");
	} else {
		st->hand[d] &= (cardset)~SET(b);
		st->discard |= SET(b);
		if (rgw_value(a) == rgw_value(b)) {
			ctx_event(c, "4.1", "The %s's %s (%d) meets the %s's "
				  "%s (%d): a tie, the marker stays.",
				  stitle(p), rgw_card_names[a], rgw_value(a),
				  stitle(d), rgw_card_names[b], rgw_value(b));
			war_mark(c, st, a, b, "tie");
			end_turn(st);
			return;
		}
		st->winner = rgw_value(a) > rgw_value(b) ? p : d;
		loser = st->winner == GER ? SOV : GER;
		st->moves = 1;
		st->discards = st->marker == st->map.capital[loser] ? 1 : 0;
		ctx_event(c, "4.1", "The %s's %s (%d) meets the %s's %s (%d): "
			  "the %s wins.", stitle(p), rgw_card_names[a],
			  rgw_value(a), stitle(d), rgw_card_names[b],
			  rgw_value(b), stitle(st->winner));
		war_mark(c, st, a, b, st->winner == GER ? "German wins" :
			 "Soviet wins");
	}
	st->phase = PH_ADVANCE;
}

/* 4.1: toward the loser's capital, one city (two when the defender did
 * not answer), stopping at a dead end; the German along dotted arrows
 * only once an exploitation card is open. */
static void advance(struct ctx *c, struct rgw *st)
{
	enum side w = st->winner;
	const struct rgw_map *m = &st->map;
	int dotted = w == GER && st->open != 0, next[MAP_LINKS], n, i, from;
	const char *toward = w == GER ? "Moscow" : "Berlin";
	struct question q;
	size_t k;

	where(c, st, NULL);
	while (st->moves > 0) {
		n = rgw_next(m, st->marker, w, dotted, next);
		if (n == 0) {
			ctx_event(c, "4.1", "The marker stays at %s: %s.",
				  m->name[st->marker], dotted &&
				  rgw_next(m, st->marker, w, 0, next) ?
				  "no dotted arrow leads on from there" :
				  "a dead end");
			st->moves = 0;
			break;
		}
		k = 0;
		if (n > 1) {
			q_init(&q, "4.1", "advance", sname(w), "Move the "
			       "marker from %s toward %s%s: choose the city.",
			       m->name[st->marker], toward, dotted ?
			       " along a dotted arrow" : "");
			for (i = 0; i < n; i++) {
				q_add(&q, "%s", m->id[next[i]]);
				q_target(&q, "city", m->id[next[i]]);
			}
			k = ctx_ask(c, &q);
		}
		from = st->marker;
		st->marker = next[k];
		st->moves--;
		ctx_event(c, "4.1", "The marker moves from %s to %s.",
			  m->name[from], m->name[st->marker]);
		ctx_mark(c, "", "move", m->id[from], m->id[st->marker],
			 w == GER ? "German advance" : "Soviet advance");
	}
	st->phase = PH_DISCARD;
}

/* 4.1: the loser at his own capital discards 1 card (2 when he did not
 * answer), choosing which. */
static void discard(struct ctx *c, struct rgw *st)
{
	enum side l = st->winner == GER ? SOV : GER;
	struct question q;
	int codes[RGW_CARDS], i, n;
	size_t k;

	where(c, st, NULL);
	while (st->discards > 0) {
		if (!st->hand[l]) {
			ctx_event(c, "4.1", "The %s has no card left to "
				  "discard.", stitle(l));
			break;
		}
		n = 0;
		for (i = 0; i < RGW_CARDS; i++)
			if (st->hand[l] & SET(i))
				codes[n++] = i;
		k = 0;
		if (n > st->discards) {
			q_init(&q, "4.1", "discard", sname(l), "Defeated with "
			       "the marker at your capital: discard a card "
			       "(%d to discard).", st->discards);
			for (i = 0; i < n; i++)
				card_option(&q, "", codes[i]);
			k = ctx_ask(c, &q);
		}
		st->hand[l] &= (cardset)~SET(codes[k]);
		st->discard |= SET(codes[k]);
		st->discards--;
		ctx_event(c, "4.1", "Defeated at the capital, the %s discards "
			  "%s.", stitle(l), rgw_card_names[codes[k]]);
	}
	end_turn(st);
}

/* 5.0 (2): the highest normal-war card of the set s (the German "of
 * course chooses the highest card, the 7 if there is one"; of the two
 * 7s, n7 first), or -1 if s has none. */
static int highest_normal(cardset s)
{
	int i, best = -1;

	for (i = 0; i < RGW_CARDS; i++)
		if ((s & NORMAL_CARDS & SET(i)) &&
		    (best < 0 || rgw_value(i) > rgw_value(best)))
			best = i;
	return best;
}

/* 5.0: the year ends on the second exploitation card. */
static void year_end(struct ctx *c, struct rgw *st)
{
	int g = rgw_count(st->hand[GER]), s = rgw_count(st->hand[SOV]);
	int codes[RGW_CARDS], i, n = 0, y;
	cardset back = st->discard & NORMAL_CARDS;
	struct question q;
	size_t k;

	where(c, st, "year end");
	if (g == 0 && s > 0) {
		st->result = RES_GER_COLLAPSE;
		st->phase = PH_OVER;
		ctx_event(c, "5.0", "The German holds no card at the end of "
			  "%d: the regime collapses, the Soviet wins.",
			  st->year);
		return;
	}
	if (s == 0 && g > 0) {
		st->result = RES_SOV_COLLAPSE;
		st->phase = PH_OVER;
		ctx_event(c, "5.0", "The Soviet holds no card at the end of "
			  "%d: the regime collapses, the German wins.",
			  st->year);
		return;
	}
	if (g == 0)
		ctx_event(c, "5.0", "Neither side holds a card: the war goes "
			  "on.");
	if (st->year == LAST_YEAR) {
		int east = rgw_east_of_verdict(st, st->marker);

		st->result = east ? RES_GER_VERDICT : RES_SOV_VERDICT;
		st->phase = PH_OVER;
		ctx_event(c, "5.0", "1945 is over with the marker at %s, %s "
			  "%s: the %s wins.", st->map.name[st->marker],
			  east ? "at or east of" : "west of",
			  st->map.name[st->map.verdict],
			  east ? "German" : "Soviet");
		return;
	}
	if (back && g < HAND_MAX) {
		q_init(&q, "5.0", "take-back", "german", "The year %d ends: "
		       "take one discarded normal-war card back into your "
		       "hand (highest: the highest of them), or none.",
		       st->year);
		q_add(&q, "none");
		q_add(&q, "highest");
		codes[n++] = highest_normal(back);
		for (i = 0; i < RGW_CARDS; i++)
			if (back & SET(i)) {
				codes[n++] = i;
				card_option(&q, "", i);
			}
		k = ctx_ask(c, &q);
		if (k > 0) {
			st->hand[GER] |= SET(codes[k - 1]);
			st->discard &= (cardset)~SET(codes[k - 1]);
			ctx_event(c, "5.0", "The German takes %s back from the "
				  "discards%s.", rgw_card_names[codes[k - 1]],
				  k == 1 ? " (the highest)" : "");
		} else {
			ctx_event(c, "5.0", "The German takes no card back.");
		}
	}
	y = ++st->year;
	st->deck |= (cardset)(st->open | st->discard |
			      SET(rgw_year_card(y)));
	st->aside &= (cardset)~SET(rgw_year_card(y));
	st->open = st->discard = 0;
	st->player = y == 1942 || y == 1944 ? SOV : GER;
	st->turn++;
	st->phase = PH_ACTION;
	st->winner = NO_SIDE;
	st->moves = st->discards = 0;
	ctx_event(c, "5.0", "The war goes on into %d: a new deck of %d cards "
		  "(the deck, both exploitation cards, the discards and the "
		  "%d annihilation card); the %s begins.", y,
		  rgw_count(st->deck), y, stitle(st->player));
}

void rgw_play(struct ctx *c, void *vst)
{
	struct rgw *st = vst;

	while (st->phase != PH_OVER) {
		/* a phase begins: what follows depends on the state only */
		ctx_checkpoint(c);
		switch (st->phase) {
		case PH_START:
			deal(c, st);
			break;
		case PH_ACTION:
			action(c, st);
			break;
		case PH_ANSWER:
			answer(c, st);
			break;
		case PH_ADVANCE:
			advance(c, st);
			break;
		case PH_DISCARD:
			discard(c, st);
			break;
		case PH_EXTRA:
			extra(c, st);
			break;
		case PH_YEAR_END:
			year_end(c, st);
			break;
		default:
			return;
		}
	}
}
