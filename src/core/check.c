/*
 * check.c - order files checked without the seed, on the whole state or
 * on a side's view (check.h).
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/check.h"

int check_standing(const struct scenario *scn, const char *name,
		   const struct orders *ord, struct error *err)
{
	const struct standing_key *known = scn->rs->standing;
	for (size_t i = 0; i < ord->n_standing; i++) {
		const struct answer *a = &ord->standing[i];
		size_t k = 0;
		while (known && known[k].key && strcmp(known[k].key, a->key))
			k++;
		if (known && known[k].key)
			continue;
		struct strbuf list = STRBUF_INIT;
		for (k = 0; known && known[k].key; k++)
			strbuf_addf(&list, "%s%s", k ? ", " : "", known[k].key);
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
	if (run->checked < n)
		strbuf_addf(out, "%zu of %zu answers checked; the rest, after "
			    "%s, are checked when the step is adjudicated "
			    "(answers in advance: used where legal when "
			    "asked)\n", run->checked, n, run->stopped_at);
	else if (run->outcome == RUN_NEED_DRAW)
		strbuf_addf(out, "answers ok: all %zu are legal; the step "
			    "goes on to %s\n", n, run->stopped_at);
	else
		strbuf_addf(out, "answers ok: all %zu are legal; the step "
			    "ends at %s\n", n, run->stopped_at);
}

int check_view_run(const struct scenario *scn, const struct doc_node *opts,
		   const struct doc *d, const struct doc_node *state,
		   const struct question *next,
		   const struct engine_step *step, struct run *run,
		   struct strbuf *said, struct error *err)
{
	const struct ruleset *rs = scn->rs;
	void *st = NULL;
	struct run first;
	if (scenario_start(scn, opts, &st, err))
		return -1;
	if (rs->load_view ? rs->load_view(st, d, state, step->actor, err) :
	    rs->load(st, d, state, err)) {
		free(st);
		return error_prefix(err, "%s: the view's state", d->name);
	}
	/* the rules must ask the view's question first, from its state */
	engine_run(rs, st, NULL, 0, &first);
	int same = first.outcome == RUN_PENDING &&
		!strcmp(first.pending.rule, next->rule) &&
		!strcmp(first.pending.key, next->key) &&
		!strcmp(first.pending.role, next->role);
	engine_free(&first);
	int rc = 1;
	if (!same) {
		strbuf_addf(said, "not checked: %s's rules cannot start again "
			    "from the view's state at rule %s (%s); the "
			    "answers are checked when the step is "
			    "adjudicated\n", scn->title, next->rule,
			    next->key);
	} else {
		rc = engine_run(rs, st, step, 1, run);
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
		engine_free(&run);
	}
	return rc;
}

int check_orders_on_view(const struct view *v, const char *name,
			 const char *body, size_t len, struct strbuf *said,
			 struct error *err)
{
	struct orders ord;
	const char *vname = v->doc->name;
	if (orders_parse(name, body, len, &ord, err))
		return -1;
	int rc = -1;
	if (v->over)
		errorf(err, EXIT_REFUSED, "%s: the game is over", vname);
	else if (strcmp(v->next.role, v->side) != 0)
		errorf(err, EXIT_REFUSED, "%s: step %lld is %s's decision, not "
		       "%s's", vname, v->step + 1, v->next.role, v->side);
	else if (strcmp(ord.game, v->game.id) != 0 ||
		 ord.step != v->step + 1 || strcmp(ord.side, v->side) != 0 ||
		 memcmp(ord.prev, v->prev, 32) != 0)
		errorf(err, EXIT_REFUSED, "%s: these are not %s's orders for "
		       "step %lld of game %s after the step the view %s "
		       "shows (game %s, step %lld, side %s, or another prev)",
		       name, v->side, v->step + 1, v->game.id, vname,
		       ord.game, ord.step, ord.side);
	else
		rc = check_on_view(&v->game.scn, v->game.options, v->doc,
				   v->state, v->side, &v->next, name, &ord,
				   said, err);
	orders_free(&ord);
	return rc;
}
