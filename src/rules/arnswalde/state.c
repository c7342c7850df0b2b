/*
 * state.c - Arnswalde 1945: the start state from the scenario (3.1, 3.2),
 * and the state's declaration, from which statedecl.h saves it and loads
 * it back (for test positions).
 */
#include <stddef.h>
#include <string.h>
#include "umpire/statedecl.h"
#include "../lib/option.h"
#include "arnswalde.h"

static int judgement_card(card k)
{
	return !is_heart(k);
}

static int load_box_suits(struct arn *st, const struct doc *scn,
			  const struct doc_node *boxes, struct error *err)
{
	static const char *const keys[] = { "0", "1", "2", NULL };
	const struct doc_node *seq;
	char where[256];
	size_t i;
	int b, s;

	if (doc_only_keys(scn, boxes, keys, err) < 0)
		return -1;
	for (b = 0; b < SURRENDER_BOXES; b++) {
		if (doc_need(scn, boxes, keys[b], DOC_SEQ, &seq, err) < 0)
			return -1;
		for (i = 0; i < seq->n; i++) {
			s = seq->items[i]->kind == DOC_SCALAR ?
				suit_parse(seq->items[i]->str) : -1;
			if (s < 0)
				return errorf(err, EXIT_REFUSED, "%s: "
					      "morale-box-suits: a suit is one "
					      "of S, H, D, C",
					      doc_where(scn, seq->items[i],
							where, sizeof where));
			st->surrender_suits[b] |= 1u << s;
		}
	}
	return 0;
}

/* 3.1, 3.2: the Tigers wait to be placed (in the Central Square), the
 * refugees are in the Central Square, one face-down heart in the north
 * and one in the south (undecided until turned), the rest of the cards
 * form the judgement deck. */
int arn_setup(void *vst, const struct doc *scn, const struct doc_node *data,
	      const struct doc_node *options, struct error *err)
{
	static const char *const keys[] = { "start-morale",
		"morale-box-suits", NULL };
	struct arn *st = vst;
	const struct doc_node *start, *boxes;
	long long morale;

	memset(st, 0, sizeof *st);
	if (!data || data->kind != DOC_MAP)
		return errorf(err, EXIT_REFUSED, "%s: data must be a mapping "
			      "with start-morale and morale-box-suits",
			      scn && scn->name ? scn->name : "scenario");
	if (doc_only_keys(scn, data, keys, err) < 0 ||
	    doc_need(scn, data, "start-morale", DOC_MAP, &start, err) < 0 ||
	    doc_need_int(scn, start, rules_option(scn, options,
			 "difficulty", "medium"), 0, MORALE_MAX, &morale,
			 err) < 0 ||
	    doc_need(scn, data, "morale-box-suits", DOC_MAP, &boxes,
		     err) < 0 ||
	    load_box_suits(st, scn, boxes, err) < 0)
		return -1;
	st->turn = 1;
	st->phase = PH_SETUP;
	st->morale = (int)morale;
	st->tigers[CENTER] = TIGERS;
	st->refugees[0] = REFUGEES;
	pile_fill(&st->unseen, is_heart);
	st->soviet[NORTH].n = st->soviet[SOUTH].n = 1;
	st->soviet[NORTH].c[0] = st->soviet[SOUTH].c[0] = CARD_DOWN;
	st->offensive = CARD_NONE;
	pile_fill(&st->deck, judgement_card);
	st->actions_left = 2;
	return 0;
}

/* ---- the state, declared (include/umpire/statedecl.h) ---- */

/* What a position leaves out follows from what it gives (the README of
 * the tests): the Tigers not placed are eliminated, the refugees not
 * in the Central Square have escaped (and, SDF_REST below, the hearts
 * not shown are unseen and the judgement cards not shown are in the
 * deck). No more face-down cards than unseen hearts (that each card is
 * in one place only is SDD_ONE_PLACE). */
static int complete(void *vst, const struct doc *d,
		    const struct doc_node *map, struct error *err)
{
	struct arn *st = vst;
	const struct doc_node *t = doc_get(map, "tigers");
	const struct doc_node *r = doc_get(map, "refugees");
	char where[256];
	int p, sum = 0;

	for (p = 0; t && p < PLACES; p++) {
		if (!doc_get(t, arn_place_names[p]))
			st->tigers[p] = 0;
		sum += st->tigers[p];
	}
	if (t && !doc_get(t, "eliminated") && sum <= TIGERS)
		st->tigers[ELIMINATED] = TIGERS - sum;
	else if (t && sum != TIGERS)
		return errorf(err, EXIT_REFUSED, "%s: tigers: %d are given, "
			      "there are %d", doc_where(d, t, where,
			      sizeof where), sum, TIGERS);
	for (p = 0; r && p < 2; p++)
		if (!doc_get(r, p ? "escaped" : "center"))
			st->refugees[p] = REFUGEES - st->refugees[!p];
	if (st->refugees[0] + st->refugees[1] != REFUGEES)
		return errorf(err, EXIT_REFUSED, "%s: refugees: center and "
			      "escaped must add up to %d", doc_where(d, r,
			      where, sizeof where), REFUGEES);
	if (st->unseen.n < arn_soviet_face_down(st))
		return errorf(err, EXIT_REFUSED, "%s: %zu face-down cards "
			      "but only %zu unseen hearts", d && d->name ?
			      d->name : "position",
			      arn_soviet_face_down(st), st->unseen.n);
	return 0;
}

/* which cards each field may hold: 3.2, 6.0 */
static int soviet_card(const void *st, int k)
{
	return k == CARD_DOWN || is_heart((card)k);
}

static int heart(const void *st, int k)
{
	return is_heart((card)k);
}

static int heart_face(const void *st, int k)
{
	return is_heart((card)k) && is_face((card)k);
}

static int judgement(const void *st, int k)
{
	return judgement_card((card)k);
}

static long long deck_left(const void *st, int i)
{
	return (long long)arn_soviet_deck_left(st);
}

_Static_assert(offsetof(struct stack, c) == offsetof(struct pile, c),
	       "a stack is laid out as a pile (statedecl.h: SD_STACK)");

static const char *const areas[] = { "north", "south" };
static const char *const refugee_places[] = { "center", "escaped" };
static const char *const yes_no[] = { "no", "yes" };

#define INT(k, m, h) .key = k, .type = SD_INT, SD_MEMBER(struct arn, m), \
	.hi = h
#define WORD(k, m, list, n) .key = k, .type = SD_NAME, \
	SD_MEMBER(struct arn, m), SD_NAMES(list, n)
#define PILE(k, m, ok) .key = k, .type = SD_PILE, \
	.off = offsetof(struct arn, m), .accept = ok
#define STACK(k, a) .key = k, .type = SD_STACK, \
	.off = offsetof(struct arn, soviet[a]), .hi = STACK_MAX, \
	.accept = soviet_card

static const struct sd_field soviet_fields[] = {
	{ STACK("north", NORTH) },
	{ STACK("south", SOUTH) },
	{ .key = NULL }
};

static const struct sd_field fields[] = {
	{ INT("turn", turn, 99), .lo = 1 },
	{ WORD("phase", phase, arn_phase_names, PHASES) },
	{ INT("morale", morale, MORALE_MAX) },
	{ .key = "tigers", .type = SD_INTS, SD_ELEM(struct arn, tigers),
	  SD_NAMES(arn_place_names, PLACES), .hi = TIGERS },
	{ .key = "refugees", .type = SD_INTS, SD_ELEM(struct arn, refugees),
	  SD_NAMES(refugee_places, 2), .hi = REFUGEES },
	{ .key = "soviet", .type = SD_GROUP, .sub = soviet_fields },
	{ .key = "soviet-deck", .type = SD_COUNT, .hi = 13,
	  .value = deck_left },
	{ PILE("soviet-unseen", unseen, heart), .flags = SDF_REST },
	{ .key = "offensive", .type = SD_CARD,
	  .off = offsetof(struct arn, offensive), .accept = heart_face },
	{ PILE("judgement-deck", deck, judgement), .flags = SDF_REST },
	{ PILE("judgement-discard", discard, judgement) },
	{ PILE("in-play", table, judgement) },
	{ PILE("hand", hand, judgement) },
	{ PILE("extra-actions", extra, judgement) },
	{ INT("actions-left", actions_left, 99) },
	{ WORD("escape-used", escape_used, yes_no, 2) },
	{ WORD("attack-order", order, arn_order_names, ORDERS) },
	{ .key = "attack-done", .type = SD_FLAGS,
	  SD_ELEM(struct arn, attack_done), SD_NAMES(areas, 2) },
	{ .key = "attack-held", .type = SD_INTS,
	  SD_ELEM(struct arn, attack_held), SD_NAMES(areas, 2),
	  .hi = STACK_MAX },
	{ WORD("result", result, arn_result_names, RESULTS) },
	{ INT("score", score, 99) },
	{ .key = NULL }
};

const struct state_decl arn_state = {
	"arnswalde-1945", arn_side_names, sizeof(struct arn), fields, complete,
	SDD_ONE_PLACE
};

struct doc_node *arn_save(const void *st, struct doc *d)
{
	return sd_save(&arn_state, st, d);
}

int arn_load(void *st, const struct doc *d, const struct doc_node *map,
	     struct error *err)
{
	return sd_load(&arn_state, st, d, map, err);
}
