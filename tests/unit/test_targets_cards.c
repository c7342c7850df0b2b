/*
 * test_targets_cards.c - what the desk lights in the card games (the
 * Russo-German War, Arnswalde 1945, Kampfgruppe Peiper). Random games
 * are played through the engine; at each question asked:
 *   - every target of every option (q_target, "KIND:ID") is spotted
 *     (svg_spot, the same kind and id) on the board rendered with spots
 *     for the side asked (in a game with views, as the desk draws it:
 *     from the side's view read back, its hidden parts stood in);
 *   - an option one of whose words is a card, unit or place id of the
 *     game (the vocabulary below) names it among its targets;
 *   - a free-text question declares its form;
 *   - the board of a side spots no card its view does not show.
 * The vocabulary is written here and read from the scenario, not from
 * the rules' own tables: the cards' names, the places and the units of
 * each game.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/engine.h"
#include "umpire/scenario.h"
#include "umpire/svg.h"
#include "umpire/view.h"
#include "../../src/rules/lib/cards.h"
#include "unit.h"
#include "random_game.h"

enum { MAX_STEPS = 600, VOCAB_MAX = 160, WORD = 32 };

struct card_game {
	const char *scenario;
	const char *const *options;     /* NULL-terminated, or NULL */
	int games;
	const char *const *words;       /* fixed ids, NULL-terminated */
	int playing_cards;              /* the 54 cards' ids and "down" */
	const char *keyed;              /* data key: a mapping keyed by id */
	const char *listed;             /* data key: a list of {id: ...} */
};

static const char *const rgw_words[] = { "n1", "n2", "n3", "n4", "n5",
	"n6", "n7", "n7g", "x1", "x2", "a1941", "a1942", "a1943", "a1944",
	"a1945", NULL };
static const char *const arn_words[] = { "north", "south", "center",
	"workshop", "escaped", "eliminated", "refugee", NULL };
static const char *const kgp_words[] = { "armour", "panzergrenadiers",
	"heavy-armour", "artillery", "recon", "engineers", "anti-aircraft",
	NULL };
static const char *const kgp_options[] = { "points=12", "draw=on",
	"combat=highest", NULL };

static const struct card_game games[] = {
	{ "scenarios/russo-german-war.yaml", NULL, 20, rgw_words, 0,
	  "cities", NULL },
	{ "scenarios/arnswalde-1945.yaml", NULL, 8, arn_words, 1, NULL,
	  NULL },
	{ "scenarios/kampfgruppe-peiper.yaml", NULL, 10, kgp_words, 0,
	  "towns", "counters" },
	{ "scenarios/kampfgruppe-peiper.yaml", kgp_options, 10, kgp_words, 0,
	  "towns", "counters" },
};

struct vocab {
	size_t n;
	char w[VOCAB_MAX][WORD];
};

static void vocab_add(struct vocab *v, const char *w)
{
	if (v->n < VOCAB_MAX)
		snprintf(v->w[v->n++], WORD, "%s", w);
}

static int vocab_has(const struct vocab *v, const char *w)
{
	size_t i;

	for (i = 0; i < v->n; i++)
		if (strcmp(v->w[i], w) == 0)
			return 1;
	return 0;
}

static void vocab_of(const struct card_game *g, const struct scenario *scn,
		     struct vocab *v)
{
	const struct doc_node *n;
	char id[8];
	size_t i;
	card k;

	for (i = 0; g->words[i]; i++)
		vocab_add(v, g->words[i]);
	for (k = 0; g->playing_cards && k <= CARD_COUNT; k++) {
		card_id(k == CARD_COUNT ? CARD_DOWN : k, id, sizeof id);
		vocab_add(v, id);
	}
	n = g->keyed ? doc_get(scn->data, g->keyed) : NULL;
	for (i = 0; n && n->kind == DOC_MAP && i < n->n; i++)
		vocab_add(v, n->keys[i]->str);
	n = g->listed ? doc_get(scn->data, g->listed) : NULL;
	for (i = 0; n && n->kind == DOC_SEQ && i < n->n; i++) {
		const struct doc_node *id_node = doc_get(n->items[i], "id");
		if (id_node && id_node->kind == DOC_SCALAR)
			vocab_add(v, id_node->str);
	}
}

/* Whether word occurs in text as a whole word (ids hold '-'). */
static int has_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = strstr(text, word); p; p = strstr(p + 1, word))
		if ((p == text || !(isalnum((unsigned char)p[-1]) ||
				    p[-1] == '-')) &&
		    !(isalnum((unsigned char)p[n]) || p[n] == '-'))
			return 1;
	return 0;
}

/* The faults of one kind: how many, and the first in words. */
struct tally {
	int n;
	char first[160];
};

struct watch {
	const struct scenario *scn;
	const struct doc_node *opts;   /* the game's options */
	const struct vocab *vocab;
	struct vocab *keys;            /* the questions' keys asked */
	int asked, targets, named;     /* questions, targets, ids named */
	struct tally unspotted, unnamed, formless, leaked;
};

static void bad(struct tally *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void bad(struct tally *t, const char *fmt, ...)
{
	va_list ap;

	if (t->n++ > 0)
		return;
	va_start(ap, fmt);
	vsnprintf(t->first, sizeof t->first, fmt, ap);
	va_end(ap);
}

static void report(const char *game, int i, const char *what,
		   const struct tally *t)
{
	CHECK(t->n == 0, "%s game %d: %s (%d not%s%s)", game, i, what, t->n,
	      t->n ? ": " : "", t->n ? t->first : "");
}

/*
 * The board side sees, with the desk's spots, into svg. A game with
 * views draws it as the desk does: from the side's view (its text into
 * view), read back with its hidden parts stood in (load_view).
 */
static void side_board(struct watch *w, const void *state,
		       const char *side, struct strbuf *svg,
		       struct strbuf *view)
{
	const struct ruleset *rs = w->scn->rs;
	unsigned char salt[32] = { 0 };
	struct svg s = SVG_INIT;
	struct doc *d = NULL, *back = NULL;
	const void *shown = state;
	struct redactor r;
	struct error err;
	void *fresh = NULL;

	if (rs->view && rs->load_view) {
		d = doc_new("view");
		back = doc_new("view read back");
		redactor_init(&r, salt, side);
		doc_emit(rs->view(state, side, d, &r), view, &err);
		if (doc_parse(back, view->buf, view->len, &DOC_LIMITS_GAME,
			      &err) == 0 &&
		    scenario_start(w->scn, w->opts, &fresh, &err) == 0 &&
		    rs->load_view(fresh, back, back->root, side, &err) == 0)
			shown = fresh;
		else
			bad(&w->leaked, "%s's view does not load back: %s",
			    side, err.msg);
	}
	s.spots = 1;
	rs->render(shown, side, NULL, 0, &s);
	strbuf_adds(svg, s.body.buf ? s.body.buf : "");
	strbuf_free(&s.body);
	free(fresh);
	doc_free(back);
	doc_free(d);
}

static int spotted(const char *svg, const char *kind, const char *id)
{
	char want[128];

	snprintf(want, sizeof want, "class=\"spot\" data-kind=\"%s\" "
		 "data-id=\"%s\"", kind, id);
	return strstr(svg, want) != NULL;
}

/* Every card spotted on side's board is in the side's view (text). */
static void no_hidden_spot(struct watch *w, const char *side,
			   const char *svg, const char *text)
{
	const char *p;
	char id[WORD];
	size_t n;

	for (p = strstr(svg, "data-kind=\"card\" data-id=\""); p;
	     p = strstr(p + 1, "data-kind=\"card\" data-id=\"")) {
		p += strlen("data-kind=\"card\" data-id=\"");
		n = strcspn(p, "\"");
		snprintf(id, sizeof id, "%.*s", (int)n, p);
		if (!has_word(text, id))
			bad(&w->leaked, "card %s spotted for %s, not in "
			    "its view", id, side);
	}
}

/* The word at s (up to a space) into word; returns what follows it. */
static const char *next_word(const char *s, char *word, size_t size)
{
	size_t n = strcspn(s, " ");

	snprintf(word, size, "%.*s", (int)n, s);
	return s + n + (s[n] == ' ');
}

/* Whether the targets "KIND:ID ..." name id. */
static int names(const char *targets, const char *id)
{
	const char *t = targets, *colon;
	char word[2 * WORD];

	while (*t) {
		t = next_word(t, word, sizeof word);
		colon = strchr(word, ':');
		if (colon && strcmp(colon + 1, id) == 0)
			return 1;
	}
	return 0;
}

static void check_question(void *user, const void *state,
			   const struct question *q)
{
	struct watch *w = user;
	struct strbuf svg = STRBUF_INIT, view = STRBUF_INIT;
	char word[2 * WORD];
	size_t i;

	w->asked++;
	if (!vocab_has(w->keys, q->key))
		vocab_add(w->keys, q->key);
	side_board(w, state, q->role, &svg, &view);
	if (q->free_text && !q->form)
		bad(&w->formless, "free-text question %s has no form",
		    q->key);
	for (i = 0; i < q->n; i++) {
		const char *t = q->targets[i], *o = q->options[i];

		while (*t) {
			char *id;

			t = next_word(t, word, sizeof word);
			id = strchr(word, ':');
			w->targets++;
			if (id)
				*id++ = '\0';
			if (!id || !spotted(svg.buf, word, id))
				bad(&w->unspotted, "target %s:%s of \"%s\" "
				    "not spotted", word, id ? id : "", o);
		}
		while (*o) {
			o = next_word(o, word, sizeof word);
			if (vocab_has(w->vocab, word)) {
				w->named++;
				if (!names(q->targets[i], word))
					bad(&w->unnamed, "option \"%s\" "
					    "does not name %s", q->options[i],
					    word);
			}
		}
	}
	if (view.buf)
		no_hidden_spot(w, q->role, svg.buf ? svg.buf : "", view.buf);
	strbuf_free(&svg);
	strbuf_free(&view);
}

static void play_game(const struct card_game *g)
{
	struct scenario scn;
	struct error err;
	struct doc *d = doc_new("options");
	struct doc_node *opts;
	struct vocab vocab = { 0 }, keys = { 0 };
	struct strbuf asked = STRBUF_INIT;
	char name[64];
	void *start = NULL;
	size_t n = 0;
	int i;

	while (g->options && g->options[n])
		n++;
	if (scenario_load(g->scenario, &scn, &err) ||
	    scenario_options(&scn, d, (char *const *)g->options, n, &opts,
			     &err) ||
	    scenario_start(&scn, opts, &start, &err)) {
		CHECK(0, "%s: %s", g->scenario, err.msg);
		doc_free(d);
		return;
	}
	vocab_of(g, &scn, &vocab);
	snprintf(name, sizeof name, "%s%s", scn.id, n ? " (options)" : "");
	for (i = 1; i <= g->games; i++) {
		struct watch w = { .scn = &scn, .opts = opts,
				   .vocab = &vocab, .keys = &keys };
		struct random_game rg = { scn.rs, start, MAX_STEPS, NULL, &w,
					  check_question };
		struct run run;

		if (random_game_play(&rg, i, &run))
			engine_free(&run);
		CHECK(w.asked > 0 && w.targets > 0 && w.named > 0,
		      "%s game %d: %d questions, %d targets, %d ids in "
		      "options", name, i, w.asked, w.targets, w.named);
		report(name, i, "every target is spotted on the side's "
		       "board", &w.unspotted);
		report(name, i, "every option naming an id targets it",
		       &w.unnamed);
		report(name, i, "every free-text question has a form",
		       &w.formless);
		report(name, i, "no spot names a card the side's view hides",
		       &w.leaked);
	}
	for (i = 0; i < (int)keys.n; i++)
		strbuf_addf(&asked, " %s", keys.w[i]);
	printf("# %s: questions asked:%s\n", name, asked.buf);
	strbuf_free(&asked);
	free(start);
	scenario_free(&scn);
	doc_free(d);
}

int main(void)
{
	size_t i;

	rg_state = 0x6a09e667f3bcc908ULL;
	for (i = 0; i < sizeof games / sizeof games[0]; i++)
		play_game(&games[i]);
	return unit_done("targets_cards");
}
