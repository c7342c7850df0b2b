/*
 * state.c - Russo-German War: the start state from the scenario (3.0),
 * the state as a document (save), back (load, for test positions), and
 * as one side may see it (view).
 */
#include <stddef.h>
#include <string.h>
#include "umpire/statedecl.h"
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

static int refuse(const struct doc *d, struct error *err, const char *msg,
		  const char *what)
{
	return errorf(err, EXIT_REFUSED, "%s: %s%s", d && d->name ? d->name :
		      "position", msg, what ? what : "");
}

/* What the declaration cannot say: every card is somewhere (that none
 * is in two places is SDD_ONE_PLACE), the hand limit, the exploitation
 * cards, the phases that need a face-down card or a winner. (Which
 * cards a hand or the face-down card may hold is each field's accept()
 * below.) */
static int check(struct rgw *st, const struct doc *d, struct error *err)
{
	int i;

	if ((st->hand[GER] | st->hand[SOV] | st->deck | st->open |
	     st->discard | st->aside | (st->down == C_NONE ? 0 :
	     SET(st->down))) != ALL_CARDS)
		return refuse(d, err, "the 15 cards must each be in one place",
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
	if ((st->phase == PH_ADVANCE || st->phase == PH_DISCARD) &&
	    st->winner == NO_SIDE)
		return refuse(d, err, "phases advance and discard need a "
			      "winner", NULL);
	return 0;
}

/* What a position leaves out follows from what it gives: cards not
 * placed are later years' annihilation cards aside (before the deal,
 * also the 1941 card and the exploitation cards), the rest in the deck;
 * when the deck is given, in the discards. Then the rules' checks. */
static int complete(void *vst, const struct doc *d,
		    const struct doc_node *map, struct error *err)
{
	struct rgw *st = vst;
	cardset placed, later = 0;
	int i;

	placed = (cardset)(st->hand[GER] | st->hand[SOV] | st->open |
			   st->discard | (st->down == C_NONE ? 0 :
					  SET(st->down)));
	if (doc_get(map, "deck"))
		placed |= st->deck;
	if (!doc_get(map, "aside")) {
		for (i = st->year + 1; i <= LAST_YEAR; i++)
			later |= SET(rgw_year_card(i));
		if (st->phase == PH_START)
			later = (cardset)(EXPLOIT_CARDS | ANNIHIL_CARDS);
		st->aside = (cardset)(later & ~placed);
	}
	if (!doc_get(map, "deck"))
		st->deck = (cardset)(ALL_CARDS & ~(placed | st->aside));
	else if (!doc_get(map, "discard"))
		st->discard = (cardset)(ALL_CARDS & ~(placed | st->aside));
	return check(st, d, err);
}

/* ---- the state, declared (include/umpire/statedecl.h) ---- */

/* 4.2: the German never holds an annihilation card; exploitation cards
 * are never in a hand. */
static int german_card(const void *st, int c)
{
	return !(SET(c) & (EXPLOIT_CARDS | ANNIHIL_CARDS));
}

static int soviet_card(const void *st, int c)
{
	return !(SET(c) & EXPLOIT_CARDS);
}

/* 4.1: the face-down card is a war card of the player. */
static int war_card(const void *vst, int c)
{
	const struct rgw *st = vst;

	return (SET(c) & (st->player == GER ? NORMAL_CARDS :
			  (cardset)(NORMAL_CARDS | ANNIHIL_CARDS))) != 0;
}

static const char *city(const void *vst, int i)
{
	const struct rgw *st = vst;

	return i < st->map.n_cities ? st->map.id[i] : NULL;
}

static long long hand_count(const void *vst, int i)
{
	return rgw_count(((const struct rgw *)vst)->hand[i]);
}

static long long deck_count(const void *vst, int i)
{
	return rgw_count(((const struct rgw *)vst)->deck);
}

#define CARDS(k, m) .key = k, .type = SD_BITS, SD_MEMBER(struct rgw, m), \
	SD_NAMES(rgw_card_names, RGW_CARDS)
#define WORD(k, m, list, n) .key = k, .type = SD_NAME, \
	SD_MEMBER(struct rgw, m), SD_NAMES(list, n)

static const struct sd_field fields[] = {
	{ .key = "year", .type = SD_INT, SD_MEMBER(struct rgw, year),
	  .lo = FIRST_YEAR, .hi = LAST_YEAR },
	{ .key = "turn", .type = SD_INT, SD_MEMBER(struct rgw, turn),
	  .lo = 1, .hi = 9999 },
	{ WORD("phase", phase, rgw_phase_names, PHASES) },
	{ WORD("player", player, rgw_side_names, 2) },
	{ .key = "marker", .type = SD_NAME, SD_MEMBER(struct rgw, marker),
	  .name_of = city, .domain = "the cities of the map" },
	{ CARDS("german-hand", hand[GER]), .accept = german_card,
	  .vis = SD_SIDE, .who = GER, .standin = 2,
	  .count_key = "hand-count", .count_name = "german" },
	{ CARDS("soviet-hand", hand[SOV]), .accept = soviet_card,
	  .vis = SD_SIDE, .who = SOV, .standin = 2,
	  .count_key = "hand-count", .count_name = "soviet" },
	{ .key = "hand-count", .type = SD_COUNT, SD_NAMES(rgw_side_names, 2),
	  .hi = HAND_MAX, .value = hand_count },
	{ WORD("down", down, rgw_card_names, RGW_CARDS), .flags = SDF_NONE |
	  SDF_NONE_PUBLIC, .none = C_NONE, .accept = war_card,
	  .vis = SD_OWNER, .owner = offsetof(struct rgw, player),
	  .standin = 1 },
	{ .key = "deck-count", .type = SD_COUNT, .hi = RGW_CARDS,
	  .value = deck_count },
	{ CARDS("deck", deck), .vis = SD_REFEREE, .standin = 3 },
	{ CARDS("open", open) },
	{ CARDS("discard", discard) },
	{ CARDS("aside", aside) },
	{ WORD("winner", winner, rgw_side_names, 2), .flags = SDF_NONE,
	  .none = NO_SIDE },
	{ .key = "moves", .type = SD_INT, SD_MEMBER(struct rgw, moves),
	  .hi = 2 },
	{ .key = "discards", .type = SD_INT, SD_MEMBER(struct rgw, discards),
	  .hi = 2 },
	{ WORD("result", result, rgw_result_names, RESULTS) },
	{ .key = NULL }
};

const struct state_decl rgw_state = {
	"russo-german-war", rgw_side_names, sizeof(struct rgw), fields, complete,
	SDD_ONE_PLACE
};

struct doc_node *rgw_save(const void *st, struct doc *d)
{
	return sd_save(&rgw_state, st, d);
}

struct doc_node *rgw_view(const void *st, const char *side, struct doc *d,
			  struct redactor *r)
{
	return sd_view(&rgw_state, st, side, d, r);
}

int rgw_load(void *st, const struct doc *d, const struct doc_node *map,
	     struct error *err)
{
	return sd_load(&rgw_state, st, d, map, err);
}

int rgw_load_view(void *st, const struct doc *d, const struct doc_node *map,
		  const char *side, struct error *err)
{
	return sd_load_view(&rgw_state, st, d, map, side, err);
}
