/*
 * viewtext.c - a side's view after the latest step, signed and
 * optionally sealed (viewtext.h): from the run that computed the step
 * when it holds what the view tells, else from one replay.
 */
#include <string.h>
#include "umpire/checkpoint.h"
#include "umpire/doc.h"
#include "umpire/view.h"
#include "umpire/viewtext.h"

/* Never a view its reader would refuse, plain or sealed: one that tells
 * more steps than a view may hold (DOC_LIMITS_VIEW, view_load) is not
 * written. v: the view's tree, len the bytes doc_emit wrote of it
 * (counted as its reader counts them, not parsed again). */
static int view_readable(const struct doc_node *v, size_t len,
			 struct error *err)
{
	struct error why;
	int rc = doc_fits(v, len, &DOC_LIMITS_VIEW, &why);
	if (rc)
		return errorf(err, EXIT_REFUSED, "the view would be refused by "
			      "its reader (%s): the steps since the side's "
			      "own latest step tell more than one view may "
			      "hold (a fault of umpire's: please report it)",
			      why.msg);
	return 0;
}

/* Whether the view of g's latest step for side needs no step of the
 * vouched prefix (steps 1..n_stub, unread): the side's own latest step,
 * the first the view lists, comes after it (each link it gives counts
 * on from the chains the checkpoints keep for the prefix: view.c,
 * link_at). Not so, the game is read whole. A late step the judge took
 * for side is not its own (game_step_own, as view.c's since_from reads
 * it): taken for one, a view after it walked into the unread prefix. */
static int view_from_tail(const struct game *g, const char *side)
{
	for (size_t k = g->n_steps; k > g->n_stub; k--)
		if (game_step_own(g, k - 1, side))
			return 1;
	return 0;
}

int view_text(struct game *g, const struct seckey *sk, const char *side,
	      int seal, struct strbuf *out, struct error *err)
{
	return view_text_run(g, NULL, sk, side, seal, out, err);
}

/* view_text_run, or 1 when the view needs the question of given's
 * state with every answer, and given lists only some (view_build): the
 * caller replays */
static int view_text_once(struct game *g, const struct run *given,
			  const struct seckey *sk, const char *side,
			  int seal, struct strbuf *out, struct error *err)
{
	struct snapshot snap;
	struct run run;
	const struct run *rn = &run;
	int rc = -1, lent = 0, partial = 0;
	/* a run whose logs begin after the first step this view tells
	 * (complete from the step after the one it resumed in: engine.h;
	 * from the first, one that did not resume) cannot make it:
	 * replayed */
	if (given && g->n_steps > 0 &&
	    ((g->n_stub && !view_from_tail(g, side)) ||
	     (given->from_point &&
	      view_first_step(g, g->n_steps, side) < given->resumed + 2)))
		given = NULL;
	/* a view lists the steps since its side's own latest: a game read
	 * for a per-turn command (this one, the judge's) may have left the
	 * vouched prefix unread, and is read whole only where the view
	 * needs it */
	if (g->n_stub && !view_from_tail(g, side) &&
	    (game_unstub_for(g, side, err) ||
	     (g->n_stub && !view_from_tail(g, side) && game_unstub(g, err))))
		return -1;
	memset(&run, 0, sizeof run);
	if (given && g->n_steps > 0) {
		/* the run that computed the latest step (the judge's): its
		 * state, question and events, no replay */
		rn = given;
		memset(&snap, 0, sizeof snap);
		snap.step = g->n_steps;
		/* read, not copied: the view reads the state only (a copy
		 * of a Race to the Reichstag state is 0.2M instructions) */
		snap.state = given->state;
		lent = 1;
		snap.over = given->outcome == RUN_OVER;
		if (!snap.over)
			snap.next = given->pending;
	} else if (g->n_steps == 0) {
		if (game_snapshot(g, 0, &snap, err))
			return -1;
		if (game_check(g, CHECK_LIGHT, NULL, &run, err))
			goto out_snap;
	} else {
		/* one replay, from this machine's latest checkpoint taken
		 * before the first step the view tells: the state after the
		 * latest step is the run's */
		int was = g->checkpoints;
		g->checkpoints = CHECKPOINTS_USE;
		g->events_from = view_first_step(g, g->n_steps, side);
		int crc = game_check(g, CHECK_LIGHT, NULL, &run, err);
		g->checkpoints = was;
		g->events_from = 0;
		if (crc)
			return -1;
		memset(&snap, 0, sizeof snap);
		snap.step = g->n_steps;
		snap.state = run.state;
		lent = 1;
		snap.over = run.outcome == RUN_OVER;
		if (!snap.over)
			snap.next = run.pending;
	}
	/* a view of no key (umpire desk GAME) vouches for nothing: the
	 * steps of a game in honour mode carry no vouch, their orders
	 * signed with no view */
	if (sk && view_can_list(g, g->n_steps, side, err)) {
		engine_free(&run);
		goto out_snap;
	}
	struct doc *d = doc_new("view");
	struct doc_node *v = view_build(g, rn, &snap, side, d, &partial);
	if (partial && rn == given) {
		doc_free(d);
		rc = 1;
		goto out_snap;
	}
	struct strbuf text = STRBUF_INIT;
	if (sk)
		view_sign(d, v, sk);
	if (doc_emit(v, &text, err) == 0 &&
	    view_readable(v, text.len, err) == 0) {
		if (!seal) {
			strbuf_add(out, text.buf, text.len);
			rc = 0;
		} else {
			struct strbuf sealed = STRBUF_INIT;
			rc = view_seal(g, side, text.buf, text.len, &sealed,
				       err);
			/* a sealed view is four scalars, one deep: all its
			 * reader may refuse of it is its size (parsed
			 * again, it cost its bytes' scanning) */
			if (rc == 0 && sealed.len > DOC_LIMITS_VIEW.max_bytes)
				rc = errorf(err, EXIT_REFUSED, "the sealed view "
					    "would be refused by its reader (%zu "
					    "bytes, limit %zu): the steps since "
					    "the side's own latest step tell "
					    "more than one view may hold (a "
					    "fault of umpire's: please report "
					    "it)", sealed.len,
					    DOC_LIMITS_VIEW.max_bytes);
			if (rc == 0)
				strbuf_add(out, sealed.buf, sealed.len);
			strbuf_free(&sealed);
		}
	}
	strbuf_free(&text);
	doc_free(d);
	engine_free(&run);
out_snap:
	if (lent)
		snap.state = NULL;    /* the run's, freed with it */
	snapshot_free(&snap);
	return rc;
}

int view_text_run(struct game *g, const struct run *given,
		  const struct seckey *sk, const char *side, int seal,
		  struct strbuf *out, struct error *err)
{
	int rc = view_text_once(g, given, sk, side, seal, out, err);
	/* the judge's run asks its next question with the report's few
	 * answers; where the view's stand-ins cannot ask it (the rules
	 * cannot start again from the view's state), the view lists the
	 * whole state's every answer: replayed for them */
	return rc == 1 ? view_text_once(g, NULL, sk, side, seal, out, err) :
		rc;
}
