/*
 * conform.c - the conformance runner: one small position per case file,
 * forced draws, the decisions, and the expected outcome, in the manner of
 * the Diplomacy adjudicator test cases.
 *
 * usage: conform SCENARIO_DIR CASE_DIR_OR_FILE...
 * A directory holds one folder per scenario id (tests/conformance/<id>/),
 * each with *.yaml cases. Prints one TAP line per case and a closing
 * "N passed, N failed" line; exits 1 if any case fails.
 *
 * steps (instead of answers, standing and draws): the case played as in
 * play, one step an item {actor, answers, standing, draws}: each step is
 * ordered by its actor, its answers after a draw (or after another
 * side's question, or something hidden from it) are answers in advance,
 * a question of another side ends it unless a kept standing order
 * answers, and it takes its draws from its own list. A step with
 * `late: "yes"` and no answers or standing of its own is a late step
 * (engine_step.late): its actor's kept standing orders answer, then
 * the rules' late answers.
 *
 * expect: state (a subset of the saved state), pending (the key asked
 * next, over or draw), events (texts found in order), refused (the
 * refusal's text), private ({SIDE: [text ...]}: each in an event only
 * SIDE may read) and public-never ([word ...]: no event everyone may
 * read names the word; a hidden counter's id), never ([text ...]: no
 * event at all holds the text; "Not used") and check (the line the
 * actor's check without a seed prints, umpire sign --check, for the
 * same answers of the side `check-side` names, or the first side:
 * the text found in it).
 */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "umpire/check.h"
#include "umpire/engine.h"
#include "umpire/fsutil.h"
#include "umpire/scenario.h"

/* expect.check: the answers run again as the actor's own check (no
 * draw: it stops at the first), from the same position; the line it
 * prints (check_said) holds the text want. */
static int check_match(const struct scenario *scn, struct doc_node *opts,
		       struct doc *d, const struct doc_node *r,
		       const struct doc_node *want,
		       const struct doc_node *side,
		       const struct engine_step *played, struct strbuf *why)
{
	struct error err;
	struct run run;
	struct strbuf said = STRBUF_INIT;
	void *start = NULL;
	const struct doc_node *n = doc_get(r, "position");
	int ok = 0;
	if (scenario_start(scn, opts, &start, &err) ||
	    (n && scn->rs->load(start, d, n, &err))) {
		strbuf_addf(why, "check: %s", err.msg);
		free(start);
		return 0;
	}
	struct engine_step step = *played;
	step.mode = STEP_CHECK;
	step.actor = side ? side->str : scn->sides[0];
	step.forced = NULL;
	step.n_forced = 0;
	engine_run(scn->rs, start, &step, 1, &run);
	if (run.outcome == RUN_ERROR)
		strbuf_addf(&said, "refused: %s", run.err.msg);
	else
		check_said(&run, step.n_answers, &said);
	ok = strstr(said.buf, want->str) != NULL;
	if (!ok)
		strbuf_addf(why, "check: expected '%s', got '%s'", want->str,
			    said.buf);
	engine_free(&run);
	strbuf_free(&said);
	free(start);
	return ok;
}

static const char *const case_keys[] = { "case", "rules", "options",
	"position", "draws", "answers", "standing", "steps", "expect", NULL };
/* The most steps a case plays. */
enum { CASE_STEPS = 8 };

static const char *const step_keys[] = { "actor", "answers", "standing",
	"draws", "late", NULL };
static const char *const expect_keys[] = { "state", "pending", "events",
	"refused", "private", "public-never", "never", "check", "check-side",
	NULL };

/* Deep subset match: every part of want must be in got. */
static int subset(const struct doc_node *want, const struct doc_node *got,
		  struct strbuf *path, struct strbuf *why)
{
	if (!got) {
		strbuf_addf(why, "%s: missing", path->buf);
		return 0;
	}
	if (want->kind != got->kind) {
		strbuf_addf(why, "%s: kind differs", path->buf);
		return 0;
	}
	size_t mark = path->len;
	switch (want->kind) {
	case DOC_SCALAR:
		if (strcmp(want->str, got->str) == 0)
			return 1;
		strbuf_addf(why, "%s: expected '%s', got '%s'", path->buf,
			    want->str, got->str);
		return 0;
	case DOC_SEQ:
		if (want->n != got->n) {
			struct strbuf sb = STRBUF_INIT;
			struct error e;
			doc_emit(got, &sb, &e);
			strbuf_addf(why, "%s: expected %zu items, got %zu: %s",
				    path->buf, want->n, got->n, sb.buf);
			strbuf_free(&sb);
			return 0;
		}
		for (size_t i = 0; i < want->n; i++) {
			strbuf_addf(path, "[%zu]", i);
			int ok = subset(want->items[i], got->items[i], path,
					why);
			path->len = mark;
			path->buf[mark] = '\0';
			if (!ok)
				return 0;
		}
		return 1;
	case DOC_MAP:
		for (size_t i = 0; i < want->n; i++) {
			strbuf_addf(path, ".%s", want->keys[i]->str);
			int ok = subset(want->items[i],
					doc_get(got, want->keys[i]->str),
					path, why);
			path->len = mark;
			path->buf[mark] = '\0';
			if (!ok)
				return 0;
		}
		return 1;
	}
	return 0;
}

static int read_answers(const struct doc *d, const struct doc_node *list,
			struct answer **out, size_t *n, struct error *err)
{
	char w[300];
	*out = NULL;
	*n = 0;
	if (!list)
		return 0;
	int is_map = list->kind == DOC_MAP;
	if (!is_map && list->kind != DOC_SEQ)
		return errorf(err, EXIT_REFUSED, "%s: answers must be a list",
			      doc_where(d, list, w, sizeof w));
	*out = xcalloc(list->n ? list->n : 1, sizeof **out);
	for (size_t i = 0; i < list->n; i++) {
		const struct doc_node *k, *v;
		if (is_map) {
			k = list->keys[i];
			v = list->items[i];
		} else {
			const struct doc_node *m = list->items[i];
			if (m->kind != DOC_MAP || m->n != 1)
				return errorf(err, EXIT_REFUSED, "%s: each "
					      "answer is 'key: value'",
					      doc_where(d, m, w, sizeof w));
			k = m->keys[0];
			v = m->items[0];
		}
		if (v->kind != DOC_SCALAR)
			return errorf(err, EXIT_REFUSED, "%s: answer must be "
				      "a scalar", doc_where(d, v, w, sizeof w));
		(*out)[i].key = k->str;
		(*out)[i].value = v->str;
		(*out)[i].line = k->line;
		(*n)++;
	}
	return 0;
}

static int events_match(const struct doc *d, const struct doc_node *want,
			const struct run *run, struct strbuf *why)
{
	size_t e = 0;
	for (size_t i = 0; i < want->n; i++) {
		const char *s = want->items[i]->str;
		while (e < run->n_events && !strstr(run->events[e].text, s))
			e++;
		if (e == run->n_events) {
			strbuf_addf(why, "event text '%s' not found (in "
				    "order); events were:", s);
			for (size_t j = 0; j < run->n_events; j++)
				strbuf_addf(why, "\n#   [%s] %s",
					    run->events[j].rule,
					    run->events[j].text);
			return 0;
		}
		e++;
	}
	(void)d;
	return 1;
}

/* expect.private: {SIDE: [text, ...]}: each text is in an event only
 * SIDE may read (ctx_event_to). */
static int private_match(const struct doc_node *want, const struct run *run,
			 struct strbuf *why)
{
	if (want->kind != DOC_MAP) {
		strbuf_addf(why, "expect.private: SIDE: [text, ...]");
		return 0;
	}
	for (size_t k = 0; k < want->n; k++) {
		const char *side = want->keys[k]->str;
		const struct doc_node *l = want->items[k];
		if (l->kind != DOC_SEQ) {
			strbuf_addf(why, "expect.private.%s: a list", side);
			return 0;
		}
		for (size_t i = 0; i < l->n; i++) {
			size_t e;
			for (e = 0; e < run->n_events; e++)
				if (!strcmp(run->events[e].visible, side) &&
				    strstr(run->events[e].text,
					   l->items[i]->str))
					break;
			if (e == run->n_events) {
				strbuf_addf(why, "no event for %s alone holds "
					    "'%s'", side, l->items[i]->str);
				return 0;
			}
		}
	}
	return 1;
}

/* expect.public-never: [word, ...]: no event everyone may read names the
 * word (a counter id: hidden information, GAP.md 2.2 (6)). */
static int public_never(const struct doc_node *want, const struct run *run,
			struct strbuf *why)
{
	if (want->kind != DOC_SEQ) {
		strbuf_addf(why, "expect.public-never: a list");
		return 0;
	}
	for (size_t i = 0; i < want->n; i++) {
		const char *w = want->items[i]->str;
		size_t n = strlen(w);
		for (size_t e = 0; e < run->n_events; e++) {
			const char *t = run->events[e].text, *p;
			if (run->events[e].visible[0])
				continue;
			for (p = strstr(t, w); p; p = strstr(p + 1, w))
				if ((p == t || !isalnum((unsigned char)p[-1])) &&
				    !isalnum((unsigned char)p[n])) {
					strbuf_addf(why, "a public event names "
						    "%s: %s", w, t);
					return 0;
				}
		}
	}
	return 1;
}

/* expect.never: [text, ...]: no event, whoever may read it, holds the
 * text. */
static int never_match(const struct doc_node *want, const struct run *run,
		       struct strbuf *why)
{
	if (want->kind != DOC_SEQ) {
		strbuf_addf(why, "expect.never: a list");
		return 0;
	}
	for (size_t i = 0; i < want->n; i++)
		for (size_t e = 0; e < run->n_events; e++)
			if (strstr(run->events[e].text, want->items[i]->str)) {
				strbuf_addf(why, "an event holds '%s': %s",
					    want->items[i]->str,
					    run->events[e].text);
				return 0;
			}
	return 1;
}

static int run_case(const char *scn_dir, const char *game,
		    const char *path, struct strbuf *why, struct error *err)
{
	struct scenario scn;
	struct doc *d = doc_new(path);
	char *buf = NULL;
	size_t len;
	void *start = NULL;
	struct answer *ans[CASE_STEPS] = { NULL }, *stand[CASE_STEPS] = { NULL };
	size_t n_ans, n_stand, n_steps = 1;
	const char **forced[CASE_STEPS] = { NULL };
	struct engine_step *steps = NULL;
	struct run run;
	int ok = -1, have_run = 0, have_scn = 0;
	const struct doc_node *expect, *r, *n;

	memset(&run, 0, sizeof run);
	if (read_input(path, DOC_LIMITS_SMALL.max_bytes, &buf, &len, err) ||
	    doc_parse(d, buf, len, &DOC_LIMITS_SMALL, err))
		goto out;
	r = d->root;
	if (doc_only_keys(d, r, case_keys, err) ||
	    doc_need(d, r, "expect", DOC_MAP, &expect, err) ||
	    doc_only_keys(d, expect, expect_keys, err))
		goto out;
	if (scenario_find(scn_dir, game, &scn, err))
		goto out;
	have_scn = 1;
	struct doc_node *opts;
	const struct doc_node *given = doc_get(r, "options");
	size_t n_sets = given ? given->n : 0;
	char **sets = xcalloc(n_sets + 1, sizeof *sets);
	for (size_t i = 0; i < n_sets; i++) {
		struct strbuf sb = STRBUF_INIT;
		strbuf_addf(&sb, "%s=%s", given->keys[i]->str,
			    given->items[i]->str);
		sets[i] = strbuf_detach(&sb, NULL);
	}
	int orc = scenario_options(&scn, d, sets, n_sets, &opts, err);
	for (size_t i = 0; i < n_sets; i++)
		free(sets[i]);
	free(sets);
	if (orc || scenario_start(&scn, opts, &start, err))
		goto out;
	if ((n = doc_get(r, "position")) &&
	    scn.rs->load(start, d, n, err))
		goto out;
	if ((n = doc_get(r, "steps"))) {
		if (doc_get(r, "answers") || doc_get(r, "standing") ||
		    doc_get(r, "draws") || n->kind != DOC_SEQ || n->n == 0 ||
		    n->n > CASE_STEPS) {
			errorf(err, EXIT_REFUSED, "%s: steps is a list of 1 to "
			       "%d {actor, answers, standing, draws}, instead "
			       "of answers, standing and draws", path,
			       CASE_STEPS);
			goto out;
		}
		n_steps = n->n;
	}
	steps = xcalloc(n_steps, sizeof *steps);
	for (size_t i = 0; i < n_steps; i++) {
		const struct doc_node *m = n ? n->items[i] : r, *f;
		struct engine_step *st = &steps[i];
		if (n && (m->kind != DOC_MAP ||
			  doc_only_keys(d, m, step_keys, err) ||
			  doc_need_str(d, m, "actor", &st->actor, err)))
			goto out;
		if (read_answers(d, doc_get(m, "answers"), &ans[i], &n_ans,
				 err) ||
		    read_answers(d, doc_get(m, "standing"), &stand[i],
				 &n_stand, err))
			goto out;
		if ((f = doc_get(m, "late"))) {
			if (f->kind != DOC_SCALAR || strcmp(f->str, "yes") ||
			    n_ans || n_stand) {
				errorf(err, EXIT_REFUSED, "%s: step %zu: late "
				       "is \"yes\", in a step with no answers "
				       "or standing of its own", path, i + 1);
				goto out;
			}
			st->late = 1;
		}
		f = doc_get(m, "draws");
		size_t n_forced = f ? f->n : 0;
		forced[i] = xcalloc(n_forced + 1, sizeof *forced[i]);
		for (size_t k = 0; k < n_forced; k++)
			forced[i][k] = f->items[k]->str;
		st->mode = n ? STEP_PLAY : STEP_FORCED;
		st->src = path;
		st->answers = ans[i];
		st->n_answers = n_ans;
		st->standing = stand[i];
		st->n_standing = n_stand;
		st->forced = forced[i];
		st->n_forced = n_forced;
		if (!n)
			/* Forced steps answer any role: actor is whoever is
			 * asked. */
			st->actor = n_ans ? NULL : scn.sides[0];
	}
	have_run = 1;
	engine_run(scn.rs, start, steps, n_steps, &run);
	/* A case may expect the decisions to be refused (an illegal answer),
	 * naming the rule: then nothing else is checked. */
	if ((n = doc_get(expect, "refused"))) {
		ok = run.outcome == RUN_ERROR && strstr(run.err.msg, n->str);
		if (!ok)
			strbuf_addf(why, "expected a refusal containing '%s', "
				    "got %s", n->str, run.outcome ==
				    RUN_ERROR ? run.err.msg : "no refusal");
		goto out;
	}
	if (run.outcome == RUN_ERROR) {
		strbuf_addf(why, "refused: %s", run.err.msg);
		ok = 0;
		goto out;
	}
	ok = 1;
	if ((n = doc_get(expect, "pending"))) {
		const char *got = run.outcome == RUN_OVER ? "over" :
			run.outcome == RUN_NEED_DRAW ? "draw" :
			run.pending.key;
		if (strcmp(n->str, got) != 0) {
			strbuf_addf(why, "pending: expected '%s', got '%s'",
				    n->str, got);
			if (run.outcome == RUN_PENDING)
				strbuf_addf(why, " (rule %s: %s)",
					    run.pending.rule,
					    run.pending.text);
			ok = 0;
		}
	}
	if (ok && (n = doc_get(expect, "state"))) {
		struct doc *sd = doc_new("state");
		struct strbuf p = STRBUF_INIT;
		strbuf_adds(&p, "state");
		ok = subset(n, scn.rs->save(run.state, sd), &p, why);
		strbuf_free(&p);
		doc_free(sd);
	}
	if (ok && (n = doc_get(expect, "private")))
		ok = private_match(n, &run, why);
	if (ok && (n = doc_get(expect, "public-never")))
		ok = public_never(n, &run, why);
	if (ok && (n = doc_get(expect, "never")))
		ok = never_match(n, &run, why);
	if (ok && (n = doc_get(expect, "events")))
		ok = events_match(d, n, &run, why);
	if (ok && (n = doc_get(expect, "check")))
		ok = check_match(&scn, opts, d, r, n, doc_get(expect,
							    "check-side"),
				 &steps[0], why);
out:
	if (have_run)
		engine_free(&run);
	if (have_scn)
		scenario_free(&scn);
	for (size_t i = 0; i < CASE_STEPS; i++) {
		free(forced[i]);
		free(ans[i]);
		free(stand[i]);
	}
	free(steps);
	free(start);
	free(buf);
	doc_free(d);
	return ok;
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int pass, fail;

static void one(const char *scn_dir, const char *game, const char *path)
{
	struct strbuf why = STRBUF_INIT;
	struct error err = { 0, "" };
	int ok = run_case(scn_dir, game, path, &why, &err);
	if (ok == 1) {
		printf("ok %d - %s\n", pass + fail + 1, path);
		pass++;
	} else {
		printf("not ok %d - %s\n# %s\n", pass + fail + 1, path,
		       ok < 0 ? err.msg : why.buf);
		fail++;
	}
	strbuf_free(&why);
}

static void game_dir(const char *scn_dir, const char *dir, const char *game)
{
	DIR *dp = opendir(dir);
	if (!dp)
		return;
	char **names = NULL;
	size_t n = 0;
	struct dirent *de;
	while ((de = readdir(dp))) {
		size_t l = strlen(de->d_name);
		if (l > 5 && strcmp(de->d_name + l - 5, ".yaml") == 0) {
			names = xrealloc(names, (n + 1) * sizeof *names);
			struct strbuf sb = STRBUF_INIT;
			strbuf_addf(&sb, "%s/%s", dir, de->d_name);
			names[n++] = strbuf_detach(&sb, NULL);
		}
	}
	closedir(dp);
	qsort(names, n, sizeof *names, cmp);
	for (size_t i = 0; i < n; i++) {
		one(scn_dir, game, names[i]);
		free(names[i]);
	}
	free(names);
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: conform SCENARIO_DIR CASES...\n");
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0) {
			fprintf(stderr, "conform: no %s\n", argv[i]);
			return 2;
		}
		if (!S_ISDIR(st.st_mode)) {
			/* a single case: its game is its folder's name */
			char *dup = xstrdup(argv[i]);
			char *slash = strrchr(dup, '/');
			if (slash)
				*slash = '\0';
			char *g = strrchr(dup, '/');
			one(argv[1], g ? g + 1 : dup, argv[i]);
			free(dup);
			continue;
		}
		const struct ruleset *const *rs;
		for (rs = rulesets; *rs; rs++) {
			struct strbuf sb = STRBUF_INIT;
			strbuf_addf(&sb, "%s/%s", argv[i], (*rs)->id);
			game_dir(argv[1], sb.buf, (*rs)->id);
			strbuf_free(&sb);
		}
	}
	printf("conformance: %d passed, %d failed\n", pass, fail);
	return fail ? 1 : 0;
}
