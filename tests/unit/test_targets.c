/*
 * test_targets.c - what the desk (umpire desk) lights and takes clicks
 * on, in the hex games (Aachen, Race to the Reichstag): a game of each
 * played through the engine with random legal answers (the template's
 * where the rules prefer one), and at each question asked:
 *   (a) a free-text question declares its form (struct question.form);
 *   (b) every target of every option (q_target) is spotted on the board
 *       rendered with spots for the side asked (svg_spot's data-kind,
 *       data-id);
 *   (c) every word of an option that is a unit id or a hex id of the
 *       state is among that option's targets;
 *   (d) a move question names, in its examples, every unit its text
 *       lists that can move: a listed unit with no example is tried,
 *       "UNIT to HEX" to each hex within two of it, and each must be
 *       refused.
 * Each run resumes at the last one's latest checkpoint (run_opts), so
 * that a game of a few hundred answers is not replayed from its start
 * at each. The boards of `umpire render` (no spots) stay as they were:
 * tests/e2e compares them.
 */
#define _GNU_SOURCE             /* memmem */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/doc.h"
#include "umpire/engine.h"
#include "umpire/games.h"
#include "umpire/scenario.h"
#include "umpire/svg.h"
#include "unit.h"
#include "random_game.h"

enum { ID_LEN = 24, IDS_MAX = 8192, FAILS_SHOWN = 3 };
/* a hex two away, centre to centre, is under 2 * 1.75 hex radii (22) */
#define NEAR 80.0

/* a spot, "kind:id", and its centre; sorted by w for bsearch */
struct spot {
	char w[ID_LEN];
	double x, y;
};

struct ids {
	struct spot *s;
	size_t n;
};

static int cmp_id(const void *a, const void *b)
{
	return strcmp(a, b);
}

static void ids_add(struct ids *s, const char *kind, const char *id,
		    size_t len, double x, double y)
{
	if (s->n < IDS_MAX) {
		snprintf(s->s[s->n].w, ID_LEN, "%s:%.*s", kind, (int)len, id);
		s->s[s->n].x = x;
		s->s[s->n++].y = y;
	}
}

static const struct spot *ids_find(const struct ids *s, const char *kind,
				   const char *id, size_t len)
{
	char key[ID_LEN];

	snprintf(key, sizeof key, "%s:%.*s", kind, (int)len, id);
	return bsearch(key, s->s, s->n, sizeof *s->s, cmp_id);
}

/* The number of attribute name (with its ' ' and '="') within the tag
 * [tag, end), else 0. Searched within the tag only: strstr would read
 * the rest of the board (and, where the tag lacks it, find the next
 * tag's), and ASan's strstr measures its whole haystack at every call,
 * which made this test quadratic in the board's length under ASan (over
 * 5 minutes there against 1 s plain). */
static double attr(const char *tag, const char *end, const char *name)
{
	const char *a = memmem(tag, (size_t)(end - tag), name, strlen(name));

	return a ? atof(a + strlen(name)) : 0;
}

/* The spots of the board as side sees it (NULL: everything); memo:
 * the map drawn once (svg.h). */
static void board_spots(const struct ruleset *rs, struct svg_memo *memo,
			const void *state, const char *side, struct ids *out)
{
	static const char kind_at[] = "class=\"spot\" data-kind=\"",
		id_at[] = "\" data-id=\"";
	struct svg s = SVG_INIT;
	const char *p, *k, *e, *gt, *end;

	s.spots = 1;
	s.memo = memo;
	rs->render(state, side, NULL, 0, &s);
	out->n = 0;
	end = s.body.buf + s.body.len;
	for (p = s.body.buf; p && (p = memmem(p, (size_t)(end - p), kind_at,
					    sizeof kind_at - 1)); p = gt) {
		char kind[16];

		k = p + sizeof kind_at - 1;
		gt = memchr(k, '>', (size_t)(end - k));
		e = gt ? memmem(k, (size_t)(gt - k), id_at,
				sizeof id_at - 1) : NULL;
		if (!e)
			break;
		snprintf(kind, sizeof kind, "%.*s", (int)(e - k), k);
		k = e + sizeof id_at - 1;
		e = memchr(k, '"', (size_t)(gt - k));
		if (!e)
			break;
		ids_add(out, kind, k, (size_t)(e - k), attr(e, gt, " x=\"") +
			attr(e, gt, " width=\"") / 2, attr(e, gt, " y=\"") +
			attr(e, gt, " height=\"") / 2);
	}
	qsort(out->s, out->n, sizeof *out->s, cmp_id);
	strbuf_free(&s.body);
}

/* The unit ids of the state: the keys of its save's "units" (every
 * unit, wherever it is), as "unit:ID". */
static void state_units(const struct ruleset *rs, const void *state,
			struct ids *out)
{
	struct doc *d = doc_new("save");
	const struct doc_node *u = doc_get(rs->save(state, d), "units");

	out->n = 0;
	for (size_t i = 0; u && u->kind == DOC_MAP && i < u->n; i++)
		ids_add(out, "unit", u->keys[i]->str, u->keys[i]->len, 0, 0);
	qsort(out->s, out->n, sizeof *out->s, cmp_id);
	doc_free(d);
}

/* Whether the words of targets hold "kind:id". */
static int targets_name(const char *targets, const char *kind,
			const char *id, size_t len)
{
	size_t kl = strlen(kind);

	for (const char *t = targets; *t; ) {
		size_t n = strcspn(t, " ");

		if (n == kl + 1 + len && !strncmp(t, kind, kl) &&
		    t[kl] == ':' && !strncmp(t + kl + 1, id, len))
			return 1;
		t += n;
		t += *t == ' ';
	}
	return 0;
}

struct tally {
	size_t questions, free_text, targets, words, movers, tried;
	size_t no_form, unspotted, unnamed, unmoved;
	char first[FAILS_SHOWN][200];
	size_t n_first;
	char keys[300];         /* the keys asked, each once */
};

/* a failure counted in *count, the first few kept to be shown */
#define NOTE(t, count, ...) do { \
	(*(count))++; \
	if ((t)->n_first < FAILS_SHOWN) \
		snprintf((t)->first[(t)->n_first++], sizeof (t)->first[0], \
			 __VA_ARGS__); \
} while (0)

/* The game so far: its start, its steps, the latest checkpoint. */
struct game {
	const struct ruleset *rs;
	const void *start;
	struct engine_step *st;
	struct answer *ans;
	size_t n;
	struct resume_point at;
	struct svg_memo *memo;
};

/* Run the game's n steps from its checkpoint, plus one step of role
 * answering key with value if key is not NULL. */
static int game_run(struct game *g, const char *role, const char *key,
		    const char *value, struct run *run)
{
	struct resume_point p = g->at;
	struct run_opts o = { .from = p.state ? &p : NULL, .keep_points = 1 };
	struct answer a = { key, value, 0 };
	size_t n = g->n;

	if (p.state) {
		p.state = malloc(g->rs->state_size);
		memcpy(p.state, g->at.state, g->rs->state_size);
	}
	if (key) {
		memset(&g->st[n], 0, sizeof g->st[n]);
		g->st[n].mode = STEP_PLAY;
		g->st[n].actor = role;
		g->st[n].answers = &a;
		g->st[n].n_answers = 1;
		n++;
	}
	memset(run, 0, sizeof *run);
	engine_run_opts(g->rs, g->start, &o, g->st, n, run);
	free(p.state);
	return run->outcome;
}

/* (d): the units the text of a move question lists after "Units:" (up
 * to "..." or "and N more"), each named by an option, or unable to
 * move. */
static void movers_named(struct tally *t, struct game *g,
			 const struct question *q, const struct ids *spots)
{
	const char *p = strstr(q->text, "Units:");
	char id[ID_LEN], to[ID_LEN + 8];
	size_t i, n, h;

	for (p = p ? p + 6 : ""; *p; p += n) {
		const struct spot *u;
		int moves = 0;

		p += strspn(p, " ");
		n = strcspn(p, " ");
		if (n == 0 || n >= ID_LEN || !strncmp(p, "...", 3) ||
		    !strncmp(p, "and ", 4))
			break;
		t->movers++;
		for (i = 0; i < q->n; i++)
			if (targets_name(q->targets[i], "unit", p, n))
				break;
		if (i < q->n)
			continue;
		/* no example: none of the hexes near it may be reached */
		snprintf(id, sizeof id, "%.*s", (int)n, p);
		u = ids_find(spots, "unit", p, n);
		for (h = 0; u && !moves && h < spots->n; h++) {
			const struct spot *x = &spots->s[h];
			double d = hypot(x->x - u->x, x->y - u->y);
			struct run r;

			if (strncmp(x->w, "hex:", 4) || d < 10 || d > NEAR)
				continue;
			snprintf(to, sizeof to, "%s to %s", id, x->w + 4);
			t->tried++;
			moves = game_run(g, q->role, q->key, to, &r) !=
				RUN_ERROR;
			engine_free(&r);
		}
		if (!u || moves)
			NOTE(t, &t->unmoved, "%s: %s %s but no example names "
			     "it", q->key, id, u ? "can move" : "is listed");
	}
}

/* Whether a form keeps its grammar (rules.h, q_target): alternatives
 * separated by " | ", each of parts separated by single spaces, each a
 * kind, "kind...", kinds joined by ",", a lowercase word or "[a|b]". */
static int form_ok(const char *form)
{
	static const char *const kinds[] = { "unit", "hex", "card", "box",
		"area", "town", "city" };
	const char *w = form;

	while (*w) {
		size_t n = strcspn(w, " "), k, m;
		int kind = 0;

		if (n == 0)
			return 0;
		if (w[0] == '[') {
			if (w[n - 1] != ']' || n < 3 || strspn(w + 1,
			    "abcdefghijklmnopqrstuvwxyz+|") != n - 2)
				return 0;
		} else if (n == 1 && w[0] == '|') {
			if (w == form || w[1] != ' ' || !w[2])
				return 0;
		} else {
			m = n >= 3 && !strncmp(w + n - 3, "...", 3) ? n - 3 : n;
			for (const char *p = w; p < w + m; p += k + 1) {
				k = strcspn(p, ",. ");
				kind = 0;
				for (size_t i = 0; i < 7; i++)
					kind |= strlen(kinds[i]) == k &&
						!strncmp(p, kinds[i], k);
				if (!kind && (p != w || k != m ||
				    strspn(w, "abcdefghijklmnopqrstuvwxyz") !=
				    m))
					return 0;
				if (p + k >= w + m)
					break;
			}
			if (m != n && !kind)
				return 0;
		}
		w += n;
		if (*w == ' ' && !w[1])
			return 0;
		w += *w == ' ';
	}
	return 1;
}

static void check_question(struct tally *t, struct game *g,
			   const void *state, const struct question *q,
			   struct ids *spots, const struct ids *units,
			   const struct ids *hexes)
{
	t->questions++;
	if (!strstr(t->keys, q->key) && strlen(t->keys) + strlen(q->key) + 2 <
	    sizeof t->keys)
		strcat(strcat(t->keys, " "), q->key);
	if (q->free_text) {
		t->free_text++;
		if (!q->form || !form_ok(q->form))
			NOTE(t, &t->no_form, "%s (rule %s) is free text with "
			     "no form the desk reads: %s", q->key, q->rule,
			     q->form ? q->form : "none");
	}
	board_spots(g->rs, g->memo, state, q->role, spots);
	for (size_t i = 0; i < q->n; i++) {
		const char *o = q->options[i], *tg = q->targets[i];

		/* (b) every target spotted */
		for (const char *w = tg; *w; ) {
			size_t n = strcspn(w, " "), c = strcspn(w, ":");
			char kind[16], word[ID_LEN];

			t->targets++;
			snprintf(kind, sizeof kind, "%.*s", (int)c, w);
			snprintf(word, sizeof word, "%.*s", (int)n, w);
			if (c >= n || !ids_find(spots, kind, w + c + 1,
						n - c - 1))
				NOTE(t, &t->unspotted, "%s: \"%s\" names %s, "
				     "not spotted", q->key, o, word);
			w += n;
			w += *w == ' ';
		}
		/* (c) every unit or hex id of the state named */
		for (const char *w = o; *w; ) {
			size_t n = strcspn(w, " ,");
			const char *kind = ids_find(units, "unit", w, n) ?
				"unit" : ids_find(hexes, "hex", w, n) ? "hex" :
				NULL;

			if (kind) {
				t->words++;
				if (!targets_name(tg, kind, w, n))
					NOTE(t, &t->unnamed, "%s: option \"%s\" "
					     "does not name its %s", q->key, o,
					     kind);
			}
			w += n;
			w += *w == ' ' || *w == ',';
		}
	}
	if (!strcmp(q->key, "move"))
		movers_named(t, g, q, spots);
}

/* One game of scenario id, up to max_steps answers; returns 1 if the
 * scenario started. */
static int play(const char *id, size_t max_steps, struct tally *t)
{
	struct scenario scn;
	struct doc *od = doc_new("opts");
	struct doc_node *opts;
	struct error err;
	void *start = NULL;
	struct game g;
	char (*val)[Q_OPTION_LEN] = calloc(max_steps, sizeof *val);
	char (*key)[48] = calloc(max_steps, sizeof *key);
	char (*role)[32] = calloc(max_steps, sizeof *role);
	struct ids spots = { calloc(IDS_MAX, sizeof(struct spot)), 0 },
		units = { calloc(IDS_MAX, sizeof(struct spot)), 0 },
		hexes = { calloc(IDS_MAX, sizeof(struct spot)), 0 };
	struct run run;
	size_t i;
	int ok = scenario_find("scenarios", id, &scn, &err) == 0 &&
		 scenario_options(&scn, od, NULL, 0, &opts, &err) == 0 &&
		 scenario_start(&scn, opts, &start, &err) == 0;

	memset(&g, 0, sizeof g);
	g.st = calloc(max_steps + 1, sizeof *g.st);
	g.ans = calloc(max_steps, sizeof *g.ans);
	CHECK(ok, "%s: the scenario starts%s%s", id, ok ? "" : ": ",
	      ok ? "" : err.msg);
	if (ok) {
		g.rs = scn.rs;
		g.start = start;
		/* every hex of the map: the referee's board spots them */
		g.memo = svg_memo_new();
		board_spots(scn.rs, g.memo, start, NULL, &spots);
		for (i = 0; i < spots.n; i++)
			if (!strncmp(spots.s[i].w, "hex:", 4))
				hexes.s[hexes.n++] = spots.s[i];
	}
	while (ok && g.n < max_steps) {
		const struct question *q;
		size_t n = g.n;

		if (game_run(&g, NULL, NULL, NULL, &run) != RUN_PENDING) {
			CHECK(run.outcome == RUN_OVER, "%s: the game goes on or "
			      "ends after %zu answers%s%s", id, n,
			      run.outcome == RUN_OVER ? "" : ": ",
			      run.outcome == RUN_OVER ? "" : run.err.msg);
			engine_free(&run);
			break;
		}
		q = &run.pending;
		state_units(scn.rs, run.state, &units);
		check_question(t, &g, run.state, q, &spots, &units, &hexes);
		snprintf(key[n], sizeof key[n], "%s", q->key);
		snprintf(role[n], sizeof role[n], "%s", q->role);
		/* the template's answer where the rules prefer one (a
		 * set-up by the placement policy); a phase's moves cut
		 * short half the time, so that the game gets to combat */
		snprintf(val[n], sizeof val[n], "%s", q->preferred ?
			 q->preferred : !strcmp(q->key, "move") &&
			 !strcmp(q->options[0], "done") && rnd(2) ?
			 "done" : q->options[rnd((uint32_t)q->n)]);
		/* the next runs resume at this one's latest checkpoint */
		if (run.points[0].state) {
			resume_point_free(&g.at);
			g.at.at = run.points[0].at;
			g.at.state = malloc(scn.rs->state_size);
			memcpy(g.at.state, run.points[0].state,
			       scn.rs->state_size);
		}
		g.ans[n] = (struct answer){ key[n], val[n], 0 };
		g.st[n].mode = STEP_PLAY;
		g.st[n].actor = role[n];
		g.st[n].answers = &g.ans[n];
		g.st[n].n_answers = 1;
		for (i = 0; i < 32; i++)
			g.st[n].seed[i] = (unsigned char)rnd(256);
		g.n++;
		engine_free(&run);
	}
	resume_point_free(&g.at);
	if (g.memo)
		svg_memo_free(g.memo);
	free(spots.s);
	free(units.s);
	free(hexes.s);
	free(g.st);
	free(g.ans);
	free(val);
	free(key);
	free(role);
	free(start);
	if (ok)
		scenario_free(&scn);
	doc_free(od);
	return ok;
}

static void game(const char *id, size_t max_steps)
{
	struct tally t;

	memset(&t, 0, sizeof t);
	if (!play(id, max_steps, &t))
		return;
	printf("# %s: %zu questions (%zu free text), %zu targets, %zu ids "
	       "in options, %zu movers listed (%zu moves tried); keys:%s\n",
	       id, t.questions, t.free_text, t.targets, t.words, t.movers,
	       t.tried, t.keys);
	for (size_t i = 0; i < t.n_first; i++)
		printf("# %s: %s\n", id, t.first[i]);
	CHECK(t.free_text > 0 && t.no_form == 0, "%s: each of %zu free-text "
	      "questions declares a form in its grammar (%zu do not)", id,
	      t.free_text, t.no_form);
	CHECK(t.targets > 0 && t.unspotted == 0, "%s: each of %zu targets is "
	      "spotted on the side's board (%zu are not)", id, t.targets,
	      t.unspotted);
	CHECK(t.words > 0 && t.unnamed == 0, "%s: each of %zu unit and hex "
	      "ids in options is named as a target (%zu are not)", id,
	      t.words, t.unnamed);
	CHECK(t.movers > 0 && t.unmoved == 0, "%s: each of %zu units a move "
	      "question lists that can move has an example (%zu have none)",
	      id, t.movers, t.unmoved);
}

int main(int argc, char **argv)
{
	/* answers a game: argv[1], else small enough for make check */
	size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 0;

	game("aachen", n ? n : 150);
	game("race-to-the-reichstag", n ? n : 250);
	return unit_done("test_targets");
}
