/*
 * test_rgw.c - the Russo-German War played to the end many times with
 * random seeds and random legal answers: every game ends, the 15 playing
 * cards stay accounted for (each in exactly one place), the hands keep to
 * the rules, save and load round-trip, the position fits MAIL_COLUMNS (72) columns, and
 * neither the view nor the position of one side ever shows a card it may
 * not see (the other hand, the deck, the other side's face-down card).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/engine.h"
#include "umpire/games.h"
#include "umpire/scenario.h"
#include "umpire/statedecl.h"
#include "umpire/view.h"
#include "../../src/rules/rgw/rgw.h"
#include "unit.h"
#include "random_game.h"

enum { GAMES = 80, MAX_STEPS = 600 };

static int consistent(const struct rgw *st)
{
	cardset piles[7] = { st->hand[GER], st->hand[SOV], st->deck,
		st->open, st->discard, st->aside,
		st->down == C_NONE ? 0 : SET(st->down) };
	cardset all = 0;
	int n = 0, i;

	for (i = 0; i < 7; i++) {
		if (all & piles[i])
			return 0;
		all |= piles[i];
		n += rgw_count(piles[i]);
	}
	return all == ALL_CARDS && n == RGW_CARDS &&
	       !(st->hand[GER] & ANNIHIL_CARDS) &&
	       !((st->hand[GER] | st->hand[SOV]) & EXPLOIT_CARDS) &&
	       rgw_count(st->hand[GER]) <= HAND_MAX &&
	       rgw_count(st->hand[SOV]) <= HAND_MAX &&
	       st->year >= FIRST_YEAR && st->year <= LAST_YEAR;
}

/* Whether label occurs in text as a whole word. */
static int has_word(const char *text, const char *label)
{
	size_t n = strlen(label);
	const char *p;

	for (p = strstr(text, label); p; p = strstr(p + 1, label))
		if ((p == text || !isalnum((unsigned char)p[-1])) &&
		    !isalnum((unsigned char)p[n]))
			return 1;
	return 0;
}

static int leaks(const struct rgw *st, int side, const char *text)
{
	cardset secret = (cardset)(st->hand[!side] | st->deck);
	int i;

	if (st->down != C_NONE && (int)st->player != side)
		secret |= SET(st->down);
	for (i = 0; i < RGW_CARDS; i++)
		if ((secret & SET(i)) && has_word(text, rgw_card_names[i]))
			return 1;
	return 0;
}

static int views_leak(const struct rgw *st)
{
	unsigned char salt[32] = { 0 };
	int s, bad = 0;

	for (s = GER; s <= SOV; s++) {
		struct doc *d = doc_new("view");
		struct redactor r;
		struct strbuf sb = STRBUF_INIT, pos = STRBUF_INIT;
		struct error err;

		redactor_init(&r, salt, rgw_side_names[s]);
		doc_emit(rgw_view(st, rgw_side_names[s], d, &r), &sb, &err);
		rgw_position(st, rgw_side_names[s], &pos);
		bad |= leaks(st, s, sb.buf) || leaks(st, s, pos.buf);
		strbuf_free(&sb);
		strbuf_free(&pos);
		doc_free(d);
	}
	return bad;
}

static int results[RESULTS], years[LAST_YEAR + 1];

struct watch {
	const struct scenario *scn;
	const struct doc_node *opts;
	int ok, hidden, trips;
};

static void each_step(void *user, const void *state, size_t n)
{
	struct watch *w = user;

	w->ok = w->ok && consistent(state);
	w->hidden = w->hidden && !views_leak(state);
	if (n % 25 == 7 && w->trips < 3) {
		random_game_roundtrip(w->scn, state, w->opts);
		w->trips++;
	}
}

static void play_one(const struct scenario *scn, const void *start,
		     const struct doc_node *opts, int game)
{
	struct watch w = { scn, opts, 1, 1, 0 };
	struct random_game g = { &ruleset_rgw, start, MAX_STEPS, each_step,
				 &w, NULL };
	struct strbuf res = STRBUF_INIT;
	struct run run;
	const struct rgw *st;

	if (!random_game_play(&g, game, &run))
		return;
	st = run.state;
	CHECK(w.ok && consistent(st), "game %d keeps the 15 cards "
	      "accounted for", game);
	CHECK(w.hidden && !views_leak(st), "game %d: no view or "
	      "position shows the other side's hidden cards", game);
	CHECK(rgw_result(st, &res) == 1 && st->result != RES_NONE,
	      "game %d result: %s", game, res.buf ? res.buf : "");
	CHECK(random_game_width(&ruleset_rgw, st, NULL) <= MAIL_COLUMNS,
	      "game %d position fits MAIL_COLUMNS (72) columns", game);
	results[st->result]++;
	years[st->year]++;
	random_game_roundtrip(scn, st, opts);
	strbuf_free(&res);
	engine_free(&run);
}

/* The view of a known position: the Soviet sees his own hand and the
 * counts, never the German's cards, the deck or the face-down card. */
static void view_example(const struct scenario *scn,
			 const struct doc_node *opts)
{
	static const char pos[] = "phase: answer\nplayer: german\n"
		"german-hand: [n1, n2, n7g]\nsoviet-hand: [n4, a1941]\n"
		"down: n6\n";
	struct doc *d = doc_new("pos"), *v = doc_new("view");
	struct strbuf sb = STRBUF_INIT;
	struct redactor r;
	unsigned char salt[32] = { 1 };
	struct error err;
	void *st = NULL;
	int ok;

	ok = doc_parse(d, pos, sizeof pos - 1, &DOC_LIMITS_SMALL, &err) == 0
		&& scenario_start(scn, opts, &st, &err) == 0 &&
		rgw_load(st, d, d->root, &err) == 0;
	CHECK(ok, "a position in the answer phase loads%s%s", ok ? "" : ": ",
	      ok ? "" : err.msg);
	if (ok) {
		redactor_init(&r, salt, "soviet");
		doc_emit(rgw_view(st, "soviet", v, &r), &sb, &err);
		CHECK(strstr(sb.buf, "soviet-hand: [n4, a1941]") &&
		      strstr(sb.buf, "german-hand: hidden:") &&
		      strstr(sb.buf, "down: hidden:") &&
		      strstr(sb.buf, "deck: hidden:") &&
		      strstr(sb.buf, "german: 3") &&
		      !has_word(sb.buf, "n6") && !has_word(sb.buf, "n7g"),
		      "the Soviet's view hides the German hand, the deck and "
		      "the face-down card:\n%s", sb.buf);
		CHECK(r.index == 3, "three parts redacted, in a fixed order");
		/* 4.1's consult point (play.c, sd_consult) reads the same
		 * declaration: the face-down card is hidden from the side
		 * that does not own it, whichever side plays */
		struct rgw *w = st;
		CHECK(sd_sees_record(&rgw_state, "down", w, "german", 0) &&
		      !sd_sees_record(&rgw_state, "down", w, "soviet", 0) &&
		      sd_sees_record(&rgw_state, "down", w, NULL, 0),
		      "the German's face-down card: consulted for the Soviet "
		      "alone");
		w->player = SOV;
		CHECK(!sd_sees_record(&rgw_state, "down", w, "german", 0) &&
		      sd_sees_record(&rgw_state, "down", w, "soviet", 0),
		      "the Soviet's face-down card: consulted for the German "
		      "alone");
	}
	free(st);
	strbuf_free(&sb);
	doc_free(d);
	doc_free(v);
}

/* load refuses impossible positions */
static void load_refusals(const struct scenario *scn,
			  const struct doc_node *opts)
{
	static const char *const bad[] = {
		"phase: action\ngerman-hand: [n1, a1942]\n",
		"phase: action\nsoviet-hand: [n1, n2, n3, n4, n5]\n",
		"phase: action\nsoviet-hand: [x1]\n",
		"phase: action\ngerman-hand: [n1]\nsoviet-hand: [n1]\n",
		"phase: action\ndown: n3\n",
		"phase: action\nopen: [x1, x2]\n",
	};
	size_t i;

	for (i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct doc *d = doc_new("pos");
		struct error err;
		void *st = NULL;
		int rc = doc_parse(d, bad[i], strlen(bad[i]),
				   &DOC_LIMITS_SMALL, &err) == 0 &&
			scenario_start(scn, opts, &st, &err) == 0 ?
			rgw_load(st, d, d->root, &err) : 0;

		CHECK(rc < 0, "load refuses position %zu (%s)", i,
		      rc < 0 ? err.msg : "accepted");
		free(st);
		doc_free(d);
	}
}

/* The position names the scenario's verdict city (5.0), and the dotted
 * arrow reminder (4.1) only while a move can still follow. */
static void report_lines(const struct scenario *scn,
			 const struct doc_node *opts)
{
	static const char pos[] = "phase: year-end\nplayer: german\n"
		"german-hand: [n1]\nsoviet-hand: [n4]\n";
	struct doc *d = doc_new("pos");
	struct strbuf sb = STRBUF_INIT;
	struct error err;
	struct rgw *st = NULL;
	int ok;

	ok = doc_parse(d, pos, sizeof pos - 1, &DOC_LIMITS_SMALL, &err) == 0
		&& scenario_start(scn, opts, (void **)&st, &err) == 0 &&
		rgw_load(st, d, d->root, &err) == 0;
	CHECK(ok, "a position at the year end loads%s%s", ok ? "" : ": ",
	      ok ? "" : err.msg);
	if (ok) {
		st->map.verdict = rgw_city(&st->map, "smolensk");
		st->marker = rgw_city(&st->map, "kiev");
		st->open = SET(C_X1);
		rgw_position(st, NULL, &sb);
		CHECK(strstr(sb.buf, "Kiev (west of Smolensk)") &&
		      !strstr(sb.buf, "Minsk"),
		      "the marker line names the scenario's verdict city:\n%s",
		      sb.buf);
		CHECK(!strstr(sb.buf, "dotted arrows only"),
		      "no dotted-arrow reminder at the year end:\n%s", sb.buf);
		strbuf_free(&sb);
		st->phase = PH_ADVANCE;
		rgw_position(st, NULL, &sb);
		CHECK(strstr(sb.buf, "dotted arrows only") != NULL,
		      "the dotted-arrow reminder while a move may follow:\n%s",
		      sb.buf);
	}
	strbuf_free(&sb);
	free(st);
	doc_free(d);
}

/* 4.1: the advance is decided in the defender's step, never after a
 * draw, so no standing order is offered for it. */
static void standing_keys(void)
{
	const struct standing_key *k;
	int advance = 0;

	for (k = ruleset_rgw.standing; k && k->key; k++)
		advance |= strcmp(k->key, "advance") == 0;
	CHECK(!advance, "no standing order 'advance' is offered");
}

int main(void)
{
	struct scenario scn;
	struct error err;
	struct doc *d = doc_new("options");
	struct doc_node *opts;
	void *start = NULL;
	int g;

	rg_state = 0x9e3779b97f4a7c15ULL;  /* the games played so far */
	if (scenario_load("scenarios/russo-german-war.yaml", &scn, &err) ||
	    scenario_options(&scn, d, NULL, 0, &opts, &err) ||
	    scenario_start(&scn, opts, &start, &err)) {
		printf("not ok 1 - %s\n", err.msg);
		return 1;
	}
	view_example(&scn, opts);
	report_lines(&scn, opts);
	standing_keys();
	load_refusals(&scn, opts);
	for (g = 1; g <= GAMES; g++)
		play_one(&scn, start, opts, g);
	printf("# results: german-collapse %d, soviet-collapse %d, "
	       "german-verdict %d, soviet-verdict %d\n",
	       results[RES_GER_COLLAPSE], results[RES_SOV_COLLAPSE],
	       results[RES_GER_VERDICT], results[RES_SOV_VERDICT]);
	free(start);
	scenario_free(&scn);
	doc_free(d);
	return unit_done("rgw");
}
