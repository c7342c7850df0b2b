/*
 * test_reichstag.c - Race to the Reichstag (a draft without combat)
 * played to the end with random set-ups: every game ends, save and load
 * round-trip, the position fits MAIL_COLUMNS, and neither the view, the
 * position nor the board of one player ever names a counter he may not
 * identify (GAP.md 2.1): a face-down counter
 * the other player placed, a counter the other player holds, one in the
 * cup, a German below the top of a stack he does not command. The secret
 * set is computed here from the state's fields, not with the module's
 * rt_sees(), so that a wrong rt_sees() fails the test.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/engine.h"
#include "umpire/games.h"
#include "umpire/scenario.h"
#include "umpire/svg.h"
#include "umpire/view.h"
#include "../../src/rules/lib/hexorders.h"
#include "../../src/rules/reichstag/board.h"
#include "../../src/rules/reichstag/state.h"
#include "../../src/rules/reichstag/report.h"
#include "unit.h"
#include "random_game.h"

enum { GAMES = 2, MAX_STEPS = 400 };

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

/* Whether player p may not identify unit u (GAP.md 2.1), from the
 * fields: an independent statement of the rule. */
static int secret(const struct rttr *st, int p, int u)
{
	const struct hunit *un = &st->u[u];
	int cmd;

	if (un->side != GERMAN || (st->known[u] >> p & 1))
		return 0;
	if (st->holder[u] >= 0)
		return st->holder[u] != p;
	if (un->where == U_WAITING)
		return (un->tags & T_POOL) != 0;   /* the cup */
	if (un->where != U_MAP)
		return 0;
	if (st->flags[u] & F_FACEDOWN)
		return st->placed_by[u] != p;
	cmd = st->front[u] == SEC_1BF ? P1UF : st->front[u] == SEC_1UF ?
	      P1BF : -1;
	return cmd != p && st->occ[un->hex] != u;
}

static int leaks(const struct rttr *st, int p, const char *text,
		 char *who, size_t size)
{
	int u;

	for (u = 0; u < st->n_units; u++)
		if (secret(st, p, u) && has_word(text, st->u[u].id)) {
			snprintf(who, size, "%s", st->u[u].id);
			return 1;
		}
	return 0;
}

static int views_leak(const struct rttr *st, char *who, size_t size)
{
	unsigned char salt[32] = { 0 };
	int p, bad = 0;

	for (p = 0; p < PLAYERS && !bad; p++) {
		struct doc *d = doc_new("view");
		struct redactor r;
		struct strbuf sb = STRBUF_INIT, pos = STRBUF_INIT;
		struct error err;

		struct svg board = SVG_INIT;
		struct strbuf pic = STRBUF_INIT;

		redactor_init(&r, salt, rt_side_names[p]);
		doc_emit(rt_view(st, rt_side_names[p], d, &r), &sb, &err);
		rt_position(st, rt_side_names[p], &pos);
		memset(&board, 0, sizeof board);
		rt_render(st, rt_side_names[p], NULL, 0, &board);
		svg_finish(&board, &pic);
		bad = leaks(st, p, sb.buf, who, size) ||
		      leaks(st, p, pos.buf, who, size) ||
		      leaks(st, p, pic.buf, who, size);
		strbuf_free(&sb);
		strbuf_free(&pos);
		strbuf_free(&pic);
		doc_free(d);
	}
	return bad;
}

struct watch {
	const struct scenario *scn;
	const struct doc_node *opts;
	int hidden, trips, secrets;
	char who[16];
	long paths, path_diff;   /* tree_is_path's comparisons, mismatches */
};

/*
 * The move check's search once a unit (turn.c mv_tree: the desk probes
 * "UNIT to HEX" for every hex of the map on it) gives what a search a
 * destination gives: for a few units of the position st, with a few
 * allowances, hex_tree_path of hex_reach_tree equals hex_path for every
 * hex the tree reaches and a sample of those it does not (the same
 * path, hex by hex, or -1 both), and the tree's MPs left are
 * hex_reach's (what hex_unreachable_why_in reads).
 */
static void tree_is_path(struct watch *w, const struct rttr *st)
{
	int16_t best[HEX_MAX], prev[HEX_MAX], reach[HEX_MAX];
	int16_t a[HEX_PATH_MAX], b[HEX_PATH_MAX];
	struct hex_rules r;
	int end = hex_end(&st->map), k;

	for (k = 0; k < 3 && st->n_units > 0; k++) {
		int u = (int)rnd((uint32_t)st->n_units), from = st->u[u].hex;
		int left = (1 + (int)rnd(8)) * HALF, h;

		if (from < 0 || from >= end)
			continue;
		rt_unit_rules(st, u, &r);
		hex_reach_tree(&r, u, from, left, 1, best, prev);
		hex_reach(&r, u, from, left, 1, reach);
		w->paths++;
		if (memcmp(best, reach, sizeof best))
			w->path_diff++;
		for (h = 0; h < end; h++) {
			if (h == from || (best[h] < 0 && rnd(40)))
				continue;
			int na = hex_tree_path(best, prev, from, h, a,
					       HEX_PATH_MAX);
			int nb = hex_path(&r, u, from, left, 1, h, b,
					  HEX_PATH_MAX, NULL);
			w->paths++;
			if (na != nb || (na > 0 && memcmp(a, b, (size_t)na *
							  sizeof *a)))
				w->path_diff++;
		}
	}
}

static void each_step(void *user, const void *state, size_t n)
{
	struct watch *w = user;
	const struct rttr *st = state;
	int u;

	for (u = 0; u < st->n_units; u++)
		w->secrets += secret(st, P1UF, u) &&
			      (st->flags[u] & F_FACEDOWN);
	if (w->hidden && views_leak(state, w->who, sizeof w->who))
		w->hidden = 0;
	if (n % 50 == 20)
		tree_is_path(w, st);
	if (n % 40 == 5 && w->trips < 4) {
		random_game_roundtrip(w->scn, state, w->opts);
		w->trips++;
	}
}

/*
 * One game, one answer a step (random_game_play's manner): at set-up a
 * random legal answer (so that counters land in different hexes), in
 * play the first ("done" or a listed move: a game of 10 turns with every
 * unit moving would take thousands of steps here).
 */
static void play_one(const struct scenario *scn, const void *start,
		     const struct doc_node *opts, int game)
{
	struct watch w = { scn, opts, 1, 0, 0, "", 0, 0 };
	struct engine_step *stp = calloc(MAX_STEPS, sizeof *stp);
	struct answer *ans = calloc(MAX_STEPS, sizeof *ans);
	char (*val)[Q_OPTION_LEN] = calloc(MAX_STEPS, sizeof *val);
	char (*key)[48] = calloc(MAX_STEPS, sizeof *key);
	char (*role)[32] = calloc(MAX_STEPS, sizeof *role);
	struct strbuf res = STRBUF_INIT;
	struct run run, prev;
	const struct rttr *st;
	size_t n = 0, i;
	int over = 0, have_prev = 0;

	for (;;) {
		/* each run resumes from the latest checkpoint of the one
		 * before (the steps before it the same), not from the start:
		 * a replay from the start at every step was quadratic (42 CPU
		 * s under ASan); that a resumed run plays as a replay from the
		 * start is test_engine's and checkpoints.bats' */
		struct run_opts o = { .keep_points = 1 };
		if (have_prev && prev.points[0].state)
			o.from = &prev.points[0];
		engine_run_opts(&ruleset_reichstag, start, &o, stp, n, &run);
		if (have_prev)
			engine_free(&prev);
		have_prev = 0;
		if (run.outcome != RUN_PENDING) {
			over = run.outcome == RUN_OVER;
			if (!over)
				printf("# game %d: %s\n", game, run.err.msg);
			break;
		}
		each_step(&w, run.state, n);
		if (n == MAX_STEPS)
			break;
		st = run.state;
		snprintf(key[n], sizeof key[n], "%s", run.pending.key);
		snprintf(role[n], sizeof role[n], "%s", run.pending.role);
		snprintf(val[n], sizeof val[n], "%s", run.pending.options[
			 st->phase < PH_1BF_REINF ?
			 rnd((uint32_t)run.pending.n) : 0]);
		ans[n] = (struct answer){ key[n], val[n], 0 };
		stp[n].mode = STEP_PLAY;
		stp[n].actor = role[n];
		stp[n].answers = &ans[n];
		stp[n].n_answers = 1;
		for (i = 0; i < 32; i++)
			stp[n].seed[i] = (unsigned char)rnd(256);
		n++;
		prev = run;
		have_prev = 1;
	}
	CHECK(over, "game %d ends (%zu decisions)", game, n);
	CHECK(w.paths > 100 && w.path_diff == 0, "game %d: the move check's "
	      "one search a unit gives hex_path's path to each hex (%ld "
	      "of %ld differ)", game, w.path_diff, w.paths);
	if (over) {
		st = run.state;
		CHECK(w.secrets > 0, "game %d had face-down counters hidden "
		      "from the 1UF player (the check is not vacuous)", game);
		CHECK(w.hidden && !views_leak(st, w.who, sizeof w.who),
		      "game %d: no view or position names a counter its "
		      "reader may not identify%s%s", game, w.hidden ? "" :
		      ": ", w.who);
		CHECK(rt_result(st, &res) == 1 && st->result != RES_NONE,
		      "game %d result: %s", game, res.buf ? res.buf : "");
		CHECK(random_game_width(&ruleset_reichstag, st, NULL) <=
		      MAIL_COLUMNS && random_game_width(&ruleset_reichstag,
		      st, "1uf") <= MAIL_COLUMNS, "game %d position fits "
		      "MAIL_COLUMNS (72) columns", game);
		random_game_roundtrip(scn, st, opts);
		engine_free(&run);
	}
	strbuf_free(&res);
	free(stp);
	free(ans);
	free(val);
	free(key);
	free(role);
}

/* A known position: the 1UF player's view of two counters the 1BF
 * player placed face down, a hand of the 1BF player and the cup. */
static void view_example(const struct scenario *scn,
			 const struct doc_node *opts)
{
	static const char pos[] = "phase: setup-draw-1bf\nstep: 1\n"
		"units: {VS1: \"0114\", HJ1: \"0114\"}\n"
		"flags: {VS1: [face-down], HJ1: [face-down]}\n"
		"placed-by: {VS1: 1bf, HJ1: 1bf}\n"
		"held: {1bf: [KM1]}\n";
	struct doc *d = doc_new("pos"), *v = doc_new("view");
	struct strbuf sb = STRBUF_INIT, mine = STRBUF_INIT;
	struct redactor r;
	unsigned char salt[32] = { 1 };
	struct error err;
	void *st = NULL;
	int ok;

	ok = doc_parse(d, pos, sizeof pos - 1, &DOC_LIMITS_SMALL, &err) == 0
		&& scenario_start(scn, opts, &st, &err) == 0 &&
		rt_load(st, d, d->root, &err) == 0;
	CHECK(ok, "a set-up position loads%s%s", ok ? "" : ": ",
	      ok ? "" : err.msg);
	if (!ok)
		goto out;
	redactor_init(&r, salt, "1uf");
	doc_emit(rt_view(st, "1uf", v, &r), &sb, &err);
	CHECK(!has_word(sb.buf, "VS1") && !has_word(sb.buf, "HJ1") &&
	      !has_word(sb.buf, "KM1") && strstr(sb.buf, "0114:\n  - hidden:") &&
	      strstr(sb.buf, "1bf: hidden:") && strstr(sb.buf, "cup: hidden:"),
	      "the 1UF player's view hides the face-down counters, the "
	      "1BF's hand and the cup:\n%s", sb.buf);
	CHECK(r.index == 4, "four parts redacted (two counters, the hand, "
	      "the cup), in a fixed order: %u", r.index);
	strbuf_reset(&sb);
	rt_position(st, "1uf", &sb);
	rt_position(st, "1bf", &mine);
	CHECK(!has_word(sb.buf, "VS1") && strstr(sb.buf, "0114 [face-down] +1")
	      && strstr(sb.buf, "Held by the 1bf player: 1 counter"),
	      "the 1UF player's position shows a counter back and a count:\n%s",
	      sb.buf);
	CHECK(has_word(mine.buf, "VS1") && has_word(mine.buf, "KM1"),
	      "the 1BF player's position names his own:\n%s", mine.buf);
out:
	free(st);
	strbuf_free(&sb);
	strbuf_free(&mine);
	doc_free(d);
	doc_free(v);
}

int main(void)
{
	struct scenario scn;
	struct error err;
	struct doc *d = doc_new("options");
	struct doc_node *opts;
	void *start = NULL;
	int g;

	rg_state = 0x51ed270b27f1e3a5ULL;
	if (scenario_load("scenarios/race-to-the-reichstag.yaml", &scn,
			  &err) ||
	    scenario_options(&scn, d, NULL, 0, &opts, &err) ||
	    scenario_start(&scn, opts, &start, &err)) {
		printf("not ok 1 - %s\n", err.msg);
		return 1;
	}
	view_example(&scn, opts);
	for (g = 1; g <= GAMES; g++)
		play_one(&scn, start, opts, g);
	free(start);
	scenario_free(&scn);
	doc_free(d);
	return unit_done("reichstag");
}
