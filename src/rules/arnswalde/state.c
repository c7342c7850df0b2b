/*
 * state.c - Arnswalde 1945: the start state from the scenario (3.1, 3.2),
 * and the state as a document (save) and back (load, for test positions).
 */
#include <string.h>
#include "arnswalde.h"

size_t arn_soviet_face_down(const struct arn *st)
{
	size_t n = 0, i;
	int a;

	for (a = NORTH; a <= SOUTH; a++)
		for (i = 0; i < st->soviet[a].n; i++)
			n += st->soviet[a].c[i] == CARD_DOWN;
	return n;
}

/* 3.2: the Soviet deck is what is unseen less the face-down cards. */
size_t arn_soviet_deck_left(const struct arn *st)
{
	size_t down = arn_soviet_face_down(st);

	return st->unseen.n > down ? st->unseen.n - down : 0;
}

int arn_tigers_in_town(const struct arn *st)
{
	return st->tigers[NORTH] + st->tigers[SOUTH] + st->tigers[CENTER];
}

static int judgement_card(card k)
{
	return !is_heart(k);
}

/* the difficulty chosen, else the scenario's default */
static const char *difficulty(const struct doc *scn,
			      const struct doc_node *options)
{
	const struct doc_node *n = NULL;

	if (options && options->kind == DOC_MAP)
		n = doc_get(options, "difficulty");
	if (!n && scn && scn->root && scn->root->kind == DOC_MAP) {
		n = doc_get(scn->root, "options");
		n = n && n->kind == DOC_MAP ? doc_get(n, "difficulty") : NULL;
		n = n && n->kind == DOC_MAP ? doc_get(n, "default") : NULL;
	}
	return n && n->kind == DOC_SCALAR ? n->str : "medium";
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
	    doc_need_int(scn, start, difficulty(scn, options), 0, MORALE_MAX,
			 &morale, err) < 0 ||
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

/* ---- save ---- */

static struct doc_node *stack_save(const struct stack *s, struct doc *d)
{
	struct doc_node *seq = doc_seq(d);
	size_t i;

	seq->style = DOC_STYLE_FLOW;
	for (i = 0; i < s->n; i++)
		doc_push(d, seq, doc_str(d, card_label(s->c[i])));
	return seq;
}

static struct doc_node *pair_save(struct doc *d, const char *k0, int v0,
				  const char *k1, int v1)
{
	struct doc_node *m = doc_map(d);

	m->style = DOC_STYLE_FLOW;
	doc_set_int(d, m, k0, v0);
	doc_set_int(d, m, k1, v1);
	return m;
}

/* The state mapping, in this key order (see the README of the tests). */
struct doc_node *arn_save(const void *vst, struct doc *d)
{
	const struct arn *st = vst;
	struct doc_node *m = doc_map(d), *t, *done;
	int p;

	doc_set_int(d, m, "turn", st->turn);
	doc_set_str(d, m, "phase", arn_phase_names[st->phase]);
	doc_set_int(d, m, "morale", st->morale);
	t = doc_map(d);
	t->style = DOC_STYLE_FLOW;
	for (p = 0; p < PLACES; p++)
		doc_set_int(d, t, arn_place_names[p], st->tigers[p]);
	doc_set(d, m, "tigers", t);
	doc_set(d, m, "refugees", pair_save(d, "center", st->refugees[0],
					    "escaped", st->refugees[1]));
	t = doc_map(d);
	doc_set(d, t, "north", stack_save(&st->soviet[NORTH], d));
	doc_set(d, t, "south", stack_save(&st->soviet[SOUTH], d));
	doc_set(d, m, "soviet", t);
	doc_set_int(d, m, "soviet-deck", (long long)arn_soviet_deck_left(st));
	doc_set(d, m, "soviet-unseen", pile_save(&st->unseen, d));
	doc_set_str(d, m, "offensive", st->offensive == CARD_NONE ? "none" :
		    card_label(st->offensive));
	doc_set(d, m, "judgement-deck", pile_save(&st->deck, d));
	doc_set(d, m, "judgement-discard", pile_save(&st->discard, d));
	doc_set(d, m, "in-play", pile_save(&st->table, d));
	doc_set(d, m, "hand", pile_save(&st->hand, d));
	doc_set(d, m, "extra-actions", pile_save(&st->extra, d));
	doc_set_int(d, m, "actions-left", st->actions_left);
	doc_set_str(d, m, "escape-used", st->escape_used ? "yes" : "no");
	doc_set_str(d, m, "attack-order", arn_order_names[st->order]);
	done = doc_seq(d);
	done->style = DOC_STYLE_FLOW;
	for (p = NORTH; p <= SOUTH; p++)
		if (st->attack_done[p])
			doc_push(d, done, doc_str(d, arn_place_names[p]));
	doc_set(d, m, "attack-done", done);
	doc_set(d, m, "attack-held", pair_save(d, "north",
		st->attack_held[NORTH], "south", st->attack_held[SOUTH]));
	doc_set_str(d, m, "result", arn_result_names[st->result]);
	doc_set_int(d, m, "score", st->score);
	return m;
}

/* ---- load ---- */

static int load_tigers(struct arn *st, const struct doc *d,
		       const struct doc_node *map, struct error *err)
{
	const struct doc_node *t = doc_get(map, "tigers");
	char where[256];
	int p, sum = 0;

	if (!t)
		return 0;
	if (doc_need(d, map, "tigers", DOC_MAP, &t, err) < 0 ||
	    doc_only_keys(d, t, arn_place_names, err) < 0)
		return -1;
	for (p = 0; p < PLACES; p++) {
		st->tigers[p] = 0;
		if (doc_opt_int(d, t, arn_place_names[p], 0, TIGERS, &st->tigers[p],
			     err) < 0)
			return -1;
		sum += st->tigers[p];
	}
	if (!doc_get(t, "eliminated") && sum <= TIGERS)
		st->tigers[ELIMINATED] = TIGERS - sum;
	else if (sum != TIGERS)
		return errorf(err, EXIT_REFUSED, "%s: tigers: %d are given, "
			      "there are %d", doc_where(d, t, where,
			      sizeof where), sum, TIGERS);
	return 0;
}

static int load_refugees(struct arn *st, const struct doc *d,
			 const struct doc_node *map, struct error *err)
{
	static const char *const keys[] = { "center", "escaped", NULL };
	const struct doc_node *r = doc_get(map, "refugees");
	char where[256];
	int i;

	if (!r)
		return 0;
	if (doc_need(d, map, "refugees", DOC_MAP, &r, err) < 0 ||
	    doc_only_keys(d, r, keys, err) < 0)
		return -1;
	for (i = 0; i < 2; i++)
		if (doc_opt_int(d, r, keys[i], 0, REFUGEES, &st->refugees[i],
			     err) < 0)
			return -1;
	for (i = 0; i < 2; i++)
		if (!doc_get(r, keys[i]))
			st->refugees[i] = REFUGEES - st->refugees[!i];
	if (st->refugees[0] + st->refugees[1] != REFUGEES)
		return errorf(err, EXIT_REFUSED, "%s: refugees: center and "
			      "escaped must add up to %d", doc_where(d, r,
			      where, sizeof where), REFUGEES);
	return 0;
}

static int load_soviet(struct arn *st, const struct doc *d,
		       const struct doc_node *map, struct error *err)
{
	static const char *const keys[] = { "north", "south", NULL };
	const struct doc_node *s = doc_get(map, "soviet"), *seq, *it;
	char where[256];
	size_t i;
	card k;
	int a;

	if (!s)
		return 0;
	if (doc_need(d, map, "soviet", DOC_MAP, &s, err) < 0 ||
	    doc_only_keys(d, s, keys, err) < 0)
		return -1;
	for (a = NORTH; a <= SOUTH; a++) {
		if (!doc_get(s, keys[a]))
			continue;
		if (doc_need(d, s, keys[a], DOC_SEQ, &seq, err) < 0)
			return -1;
		if (seq->n > STACK_MAX)
			return errorf(err, EXIT_REFUSED, "%s: too many cards",
				      doc_where(d, seq, where, sizeof where));
		st->soviet[a].n = 0;
		for (i = 0; i < seq->n; i++) {
			it = seq->items[i];
			k = it->kind == DOC_SCALAR ? card_parse(it->str)
						   : CARD_NONE;
			if (k != CARD_DOWN && !is_heart(k))
				return errorf(err, EXIT_REFUSED, "%s: soviet "
					      "cards are hearts or \"down\"",
					      doc_where(d, it, where,
					      sizeof where));
			st->soviet[a].c[st->soviet[a].n++] = k;
		}
	}
	return 0;
}

/* Each card in one place only. Hearts: on the map, the reminder, or
 * unseen; unless soviet-unseen is given, it is every heart not shown.
 * Judgement cards likewise default the deck to every card not shown. */
static int load_cards(struct arn *st, const struct doc *d,
		      const struct doc_node *map, struct error *err)
{
	static const char *const names[] = { "judgement-discard", "in-play",
		"hand", "extra-actions" };
	struct pile *piles[] = { &st->discard, &st->table, &st->hand,
		&st->extra };
	int where_of[CARD_COUNT] = { 0 };
	const struct doc_node *n;
	struct pile shown;
	size_t i, j;
	int a;

	pile_clear(&shown);
	for (a = NORTH; a <= SOUTH; a++)
		for (i = 0; i < st->soviet[a].n; i++)
			pile_add(&shown, st->soviet[a].c[i]);
	pile_add(&shown, st->offensive);
	if ((n = doc_get(map, "soviet-unseen")) &&
	    pile_load(&st->unseen, d, n, "soviet-unseen", is_heart, err) < 0)
		return -1;
	if (!n) {
		pile_fill(&st->unseen, is_heart);
		for (i = 0; i < shown.n; i++)
			pile_remove(&st->unseen, shown.c[i]);
	}
	for (i = 0; i < 4; i++)
		if ((n = doc_get(map, names[i])) &&
		    pile_load(piles[i], d, n, names[i], judgement_card,
			      err) < 0)
			return -1;
	if ((n = doc_get(map, "judgement-deck")) &&
	    pile_load(&st->deck, d, n, "judgement-deck", judgement_card,
		      err) < 0)
		return -1;
	if (!n) {
		pile_fill(&st->deck, judgement_card);
		for (i = 0; i < 4; i++)
			for (j = 0; j < piles[i]->n; j++)
				pile_remove(&st->deck, piles[i]->c[j]);
	}
	for (i = 0; i < shown.n; i++)
		where_of[shown.c[i]]++;
	for (i = 0; i < st->unseen.n; i++)
		where_of[st->unseen.c[i]]++;
	for (i = 0; i < st->deck.n; i++)
		where_of[st->deck.c[i]]++;
	for (i = 0; i < 4; i++)
		for (j = 0; j < piles[i]->n; j++)
			where_of[piles[i]->c[j]]++;
	for (i = 0; i < CARD_COUNT; i++)
		if (where_of[i] > 1)
			return errorf(err, EXIT_REFUSED, "%s: the %s is in "
				      "more than one place", d && d->name ?
				      d->name : "position",
				      card_label((card)i));
	if (st->unseen.n < arn_soviet_face_down(st))
		return errorf(err, EXIT_REFUSED, "%s: %zu face-down cards "
			      "but only %zu unseen hearts", d && d->name ?
			      d->name : "position", arn_soviet_face_down(st),
			      st->unseen.n);
	return 0;
}

int arn_load(void *vst, const struct doc *d, const struct doc_node *map,
	     struct error *err)
{
	static const char *const keys[] = { "turn", "phase", "morale",
		"tigers", "refugees", "soviet", "soviet-deck",
		"soviet-unseen", "offensive", "judgement-deck",
		"judgement-discard", "in-play", "hand", "extra-actions",
		"actions-left", "escape-used", "attack-order", "attack-done",
		"attack-held", "result", "score", NULL };
	static const char *const yes_no[] = { "no", "yes" };
	struct arn *st = vst;
	const struct doc_node *n, *it;
	const char *s;
	char where[256];
	int v, a;
	size_t i;

	if (!map || map->kind != DOC_MAP)
		return errorf(err, EXIT_REFUSED, "%s: the position must be a "
			      "mapping", d && d->name ? d->name : "position");
	v = (int)st->phase;
	if (doc_only_keys(d, map, keys, err) < 0 ||
	    doc_opt_int(d, map, "turn", 1, 99, &st->turn, err) < 0 ||
	    doc_opt_name(d, map, "phase", arn_phase_names, PHASES, &v, err) < 0 ||
	    doc_opt_int(d, map, "morale", 0, MORALE_MAX, &st->morale, err) < 0 ||
	    load_tigers(st, d, map, err) < 0 ||
	    load_refugees(st, d, map, err) < 0 ||
	    load_soviet(st, d, map, err) < 0)
		return -1;
	st->phase = (enum phase)v;
	if ((n = doc_get(map, "offensive"))) {
		if (doc_need_str(d, map, "offensive", &s, err) < 0)
			return -1;
		st->offensive = strcmp(s, "none") == 0 ? CARD_NONE :
			card_parse(s);
		if (st->offensive != CARD_NONE &&
		    !(is_heart(st->offensive) && is_face(st->offensive)))
			return errorf(err, EXIT_REFUSED, "%s: offensive is "
				      "\"none\" or a heart face card",
				      doc_where(d, n, where, sizeof where));
	}
	if (load_cards(st, d, map, err) < 0 ||
	    doc_opt_int(d, map, "actions-left", 0, 99, &st->actions_left,
		     err) < 0)
		return -1;
	v = st->escape_used;
	if (doc_opt_name(d, map, "escape-used", yes_no, 2, &v, err) < 0)
		return -1;
	st->escape_used = v;
	v = (int)st->order;
	if (doc_opt_name(d, map, "attack-order", arn_order_names, ORDERS, &v,
		      err) < 0)
		return -1;
	st->order = (enum order)v;
	if ((n = doc_get(map, "attack-done"))) {
		if (doc_need(d, map, "attack-done", DOC_SEQ, &n, err) < 0)
			return -1;
		st->attack_done[NORTH] = st->attack_done[SOUTH] = 0;
		for (i = 0; i < n->n; i++) {
			it = n->items[i];
			for (a = NORTH; a <= SOUTH; a++)
				if (it->kind == DOC_SCALAR &&
				    strcmp(it->str, arn_place_names[a]) == 0)
					break;
			if (a > SOUTH)
				return errorf(err, EXIT_REFUSED, "%s: "
					      "attack-done lists north or "
					      "south", doc_where(d, it, where,
					      sizeof where));
			st->attack_done[a] = 1;
		}
	}
	if ((n = doc_get(map, "attack-held"))) {
		static const char *const areas[] = { "north", "south", NULL };

		if (doc_need(d, map, "attack-held", DOC_MAP, &n, err) < 0 ||
		    doc_only_keys(d, n, areas, err) < 0 ||
		    doc_opt_int(d, n, "north", 0, STACK_MAX,
			     &st->attack_held[NORTH], err) < 0 ||
		    doc_opt_int(d, n, "south", 0, STACK_MAX,
			     &st->attack_held[SOUTH], err) < 0)
			return -1;
	}
	v = (int)st->result;
	if (doc_opt_name(d, map, "result", arn_result_names, RESULTS, &v, err) < 0 ||
	    doc_opt_int(d, map, "score", 0, 99, &st->score, err) < 0)
		return -1;
	st->result = (enum result)v;
	if ((n = doc_get(map, "soviet-deck"))) {
		if (doc_opt_int(d, map, "soviet-deck", 0, 13, &v, err) < 0)
			return -1;
		if ((size_t)v != arn_soviet_deck_left(st))
			return errorf(err, EXIT_REFUSED, "%s: soviet-deck: %d, "
				      "but the %zu unseen hearts less the %zu "
				      "face-down cards leave %zu",
				      doc_where(d, n, where, sizeof where), v,
				      st->unseen.n, arn_soviet_face_down(st),
				      arn_soviet_deck_left(st));
	}
	return 0;
}
