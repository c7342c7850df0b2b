/*
 * check.c - order files checked without the seed, on the whole state or
 * on a side's view (check.h).
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/check.h"
#include "umpire/report.h"

int check_standing(const struct scenario *scn, const char *name,
		   const struct orders *ord, struct error *err)
{
	const struct standing_key *known = scn->rs->standing;
	for (size_t i = 0; i < ord->n_standing; i++) {
		const struct answer *a = &ord->standing[i];
		const char *scope;
		if (standing_key_find(known, a->key, &scope))
			continue;
		struct strbuf list = STRBUF_INIT;
		for (size_t k = 0; known && known[k].key; k++) {
			strbuf_addf(&list, "%s%s", k ? ", " : "", known[k].key);
			for (const char *w = known[k].scopes; w && *w;) {
				size_t len = strcspn(w, " ");
				strbuf_addf(&list, ", %s-%.*s", known[k].key,
					    (int)len, w);
				w += len;
				w += strspn(w, " ");
			}
		}
		errorf(err, EXIT_REFUSED, "%s:%d: no question takes the "
		       "standing order '%s' in %s (standing orders: %s)",
		       name, a->line, a->key, scn->id,
		       list.len ? list.buf : "none");
		strbuf_free(&list);
		return -1;
	}
	return 0;
}

void check_said(const struct run *run, size_t n, struct strbuf *out)
{
	if (run->partial && run->checked < n)
		strbuf_addf(out, "%zu of %zu answers checked, to %s, asked "
			    "again from the view's state; the rest are "
			    "checked when the step is adjudicated (answers in "
			    "advance: used where legal when asked)\n",
			    run->checked, n, run->stopped_at);
	else if (run->partial)
		strbuf_addf(out, "answers ok: all %zu are legal (%s, asked "
			    "again from the view's state); what follows it "
			    "is played when the step is adjudicated\n", n,
			    run->stopped_at);
	else if (run->checked < n)
		strbuf_addf(out, "%zu of %zu answers checked; the rest, after "
			    "%s, are checked when the step is adjudicated "
			    "(answers in advance: used where legal when "
			    "asked)\n", run->checked, n, run->stopped_at);
	else if (run->outcome == RUN_OVER)
		strbuf_addf(out, "answers ok: all %zu are legal; the game "
			    "ends with them\n", n);
	else if (run->outcome == RUN_NEED_DRAW)
		strbuf_addf(out, "answers ok: all %zu are legal; the step "
			    "goes on to %s\n", n, run->stopped_at);
	else
		strbuf_addf(out, "answers ok: all %zu are legal; the step "
			    "ends at %s\n", n, run->stopped_at);
}

/* The events of the run's last step told after answers from..to of it
 * were used, that actor may read: its own (mine) or every party's. */
static size_t told_of(const struct run *run, size_t from, size_t to,
		      const char *actor, int mine, struct strbuf *out)
{
	size_t said = 0;
	for (size_t i = 0; i < run->n_events; i++) {
		const struct event_rec *e = &run->events[i];
		if (e->step != run->n_steps || e->answers <= from ||
		    e->answers > to || strcmp(e->visible, mine ? actor : ""))
			continue;
		if (out)
			strbuf_addf(out, "%s%s", said ? " " : "", e->text);
		said++;
	}
	return said;
}

void check_told(const struct run *run, const struct orders *ord,
		const char *actor, struct strbuf *out)
{
	size_t n = run->checked < ord->n_answers ? run->checked :
		ord->n_answers;
	struct strbuf line = STRBUF_INIT;
	if (n)
		strbuf_adds(out, "what the answers do, as the check plays "
			    "them:\n");
	for (size_t i = 0, k; i < n; i = k) {
		const struct answer *a = &ord->answers[i];
		for (k = i + 1; k < n && !strcmp(ord->answers[k].key, a->key) &&
		     !strcmp(ord->answers[k].value, a->value); k++)
			;
		strbuf_reset(&line);
		strbuf_addf(&line, "%s: \"%s\"", a->key, a->value);
		if (k - i > 1)
			strbuf_addf(&line, " (%zu answers)", k - i);
		strbuf_adds(&line, ": ");
		int mine = told_of(run, i, k, actor, 1, NULL) > 0;
		if (!told_of(run, i, k, actor, mine, &line))
			strbuf_adds(&line, "nothing happens (the rules tell "
				    "nothing of it)");
		report_wrap(out, line.buf, 2, 4);
	}
	strbuf_free(&line);
}

/* The view's state (node of d) as a state of scn's rules, the hidden
 * parts as stand-ins (ruleset.load_view); *st to free. */
static int view_standin(const struct scenario *scn,
			const struct doc_node *opts, const struct doc *d,
			const struct doc_node *state, const char *side,
			void **st, struct error *err)
{
	const struct ruleset *rs = scn->rs;
	*st = NULL;
	if (scenario_start(scn, opts, st, err))
		return -1;
	if (rs->load_view ? rs->load_view(*st, d, state, side, err) :
	    rs->load(*st, d, state, err)) {
		free(*st);
		*st = NULL;
		return error_prefix(err, "%s: the view's state", d->name);
	}
	return 0;
}

/* Whether run stopped at next (its rule, key and role), then *q. */
static int same_question(const struct run *first, const struct question *next,
			 struct question *q)
{
	int same = first->outcome == RUN_PENDING &&
		!strcmp(first->pending.rule, next->rule) &&
		!strcmp(first->pending.key, next->key) &&
		!strcmp(first->pending.role, next->role);
	if (same) {
		*q = first->pending;
		q->free_text = next->free_text;
	}
	return same;
}

/* The rules' first question from st for side, in *q: 1 when it is next
 * (its rule, key and role), else 0. take: st is the caller's heap
 * buffer, which the run takes (freed here) rather than copying it (a
 * Race to the Reichstag state is 195 KB). standing: the side's standing
 * orders in force, which answer what the rules ask again when they
 * start from the state (the phase's beginning), as they did in play;
 * never next itself (its key, bare or with a scope), which no standing
 * order answered in play (it is pending) and the orders' answers answer
 * first (umpire-orders(5)). */
static int first_question(const struct ruleset *rs, void *st, int take,
			  const char *side, const struct answer *standing,
			  size_t n_standing, const struct question *next,
			  struct question *q)
{
	struct run first;
	struct answer *others = xcalloc(n_standing ? n_standing : 1,
					sizeof *others);
	size_t n_others = 0;
	for (size_t i = 0; i < n_standing; i++) {
		const char *scope;
		const struct standing_key *k = standing_key_find(
			rs->standing, standing[i].key, &scope);
		if (!k || strcmp(k->key, next->key) != 0)
			others[n_others++] = standing[i];
	}
	struct engine_step step = { .mode = STEP_CHECK, .actor = side,
		.src = "standing", .standing = others,
		.n_standing = n_others };
	struct run_opts o = { .take = take ? st : NULL };
	engine_run_opts(rs, st, &o, n_others ? &step : NULL,
			n_others ? 1 : 0, &first);
	free(others);
	int same = same_question(&first, next, q);
	engine_free(&first);
	return same;
}

/* Where play() cannot reach next again from st (first_question), the
 * ruleset's resume may ask it from st alone: 1 when it does, with *q
 * as first_question. */
static int resumed_question(const struct ruleset *rs, const void *st,
			    const struct question *next, struct question *q)
{
	struct run first;
	struct run_opts o = { .resume = next };
	if (!rs->resume)
		return 0;
	engine_run_opts(rs, st, &o, NULL, 0, &first);
	int same = same_question(&first, next, q);
	engine_free(&first);
	return same;
}

int check_view_question(const struct scenario *scn,
			const struct doc_node *opts, const struct doc *d,
			const struct doc_node *state, const char *side,
			const struct answer *standing, size_t n_standing,
			const struct question *next, struct question *q,
			struct error *err)
{
	void *st;
	if (view_standin(scn, opts, d, state, side, &st, err))
		return -1;
	/* st taken by the run: its last use */
	return first_question(scn->rs, st, 1, side, standing, n_standing,
			      next, q);
}

int check_view_run(const struct scenario *scn, const struct doc_node *opts,
		   const struct doc *d, const struct doc_node *state,
		   const struct question *next,
		   const struct engine_step *step, struct run *run,
		   struct strbuf *said, struct error *err)
{
	void *st;
	struct question q;
	if (view_standin(scn, opts, d, state, step->actor, &st, err))
		return -1;
	/* the rules must ask the view's question first, from its state,
	 * with no question before it: one asked again on the way (19.2 at
	 * a movement phase's start) would take the orders' first answer,
	 * which is the pending question's */
	int rc = 1;
	/* a question play() reaches from the state only at the phase's
	 * start (13.0 retreat, 14.0 advance: asked after a combat's die),
	 * asked again by the ruleset from the view's state and the
	 * question's text alone (ruleset.resume): its answers are checked,
	 * the rest of the step is not played */
	struct run_opts o = { .resume = next };
	int plain = first_question(scn->rs, st, 0, step->actor, NULL, 0,
				   next, &q);
	if (!plain && !resumed_question(scn->rs, st, next, &q)) {
		strbuf_addf(said, "not checked: %s's rules cannot start again "
			    "from the view's state at rule %s (%s); the "
			    "answers are checked when the step is "
			    "adjudicated\n", scn->title, next->rule,
			    next->key);
	} else {
		rc = engine_run_opts(scn->rs, st, plain ? NULL : &o, step, 1,
				     run);
		if (rc)
			*err = run->err;
		if (rc)
			engine_free(run);
	}
	free(st);
	return rc;
}

int check_on_view(const struct scenario *scn, const struct doc_node *opts,
		  const struct doc *d, const struct doc_node *state,
		  const char *side, const struct question *next,
		  const char *name, const struct orders *ord,
		  struct strbuf *said, struct error *err)
{
	struct run run;
	struct engine_step step = {
		.mode = STEP_CHECK, .actor = side, .src = name,
		.answers = ord->answers, .n_answers = ord->n_answers,
		.standing = ord->standing, .n_standing = ord->n_standing,
	};
	if (check_standing(scn, name, ord, err))
		return -1;
	int rc = check_view_run(scn, opts, d, state, next, &step, &run, said,
				err);
	if (rc == 0) {
		check_said(&run, ord->n_answers, said);
		check_told(&run, ord, side, said);
		engine_free(&run);
	}
	return rc;
}

void check_ahead(const struct run *run, int list, struct strbuf *out)
{
	if (list && run->n_filled > 1) {
		/* "rules 9.0 (move), 7.1 (place, 3 times)" */
		strbuf_adds(out, "The questions the rules ask you before the "
			    "step ends for you, in order: rules");
		for (size_t i = 0, k; i < run->n_filled; i = k) {
			const struct question *q = &run->filled[i];
			for (k = i + 1; k < run->n_filled &&
			     !strcmp(run->filled[k].rule, q->rule) &&
			     !strcmp(run->filled[k].key, q->key); k++)
				;
			strbuf_addf(out, "%s %s (%s", i ? "," : "", q->rule,
				    q->key);
			if (k - i > 1)
				strbuf_addf(out, ", %zu times", k - i);
			strbuf_adds(out, ")");
		}
		strbuf_adds(out, ". ");
	}
	if (run->partial)
		strbuf_addf(out, "What follows %s is played when the step is "
			    "adjudicated (the rules take it up from the "
			    "phase's start): answers after this are kept for "
			    "later (answers in advance: used where legal when "
			    "asked).", run->stopped_at);
	else if (run->outcome == RUN_OVER)
		strbuf_adds(out, "Then the game ends.");
	else
		strbuf_addf(out, "Then the step ends for you at %s: answers "
			    "after this are kept for later (answers in "
			    "advance: used where legal when asked).",
			    run->stopped_at);
}

void standing_key_help(const struct ruleset *rs,
		       const struct standing_key *k, struct strbuf *out)
{
	int kept = k->persist && rs->standing_persist &&
		(!rs->view || k->policy);
	strbuf_addf(out, "rule %s: %s%s", k->rule, k->help,
		    kept ? " (kept" : "");
	if (kept && rs->view) {
		/* the policy words, "a or b" */
		const char *w = k->policy;
		strbuf_adds(out, " if ");
		while (*w) {
			size_t len = strcspn(w, " ");
			strbuf_addf(out, "%.*s", (int)len, w);
			w += len;
			w += strspn(w, " ");
			if (*w)
				strbuf_adds(out, " or ");
		}
	}
	if (kept)
		strbuf_adds(out, ")");
}
