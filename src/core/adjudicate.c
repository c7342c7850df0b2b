/*
 * adjudicate.c - a step adjudicated (adjudicate.h): the orders opened
 * and resolved, the game file and report staged, what the caller's
 * hook makes durable, the step recorded, then both renamed; refused
 * orders answered, in referee mode, with the referee's signed refusal
 * (refusal.h), with which the side may sign other orders for the step.
 */
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/adjudicate.h"
#include "umpire/check.h"
#include "umpire/checkpoint.h"
#include "umpire/doc.h"
#include "umpire/gamestore.h"
#include "umpire/keyrole.h"
#include "umpire/orders.h"
#include "umpire/record.h"
#include "umpire/refusal.h"
#include "umpire/report.h"
#include "umpire/sign.h"
#include "umpire/view.h"

/*
 * Why no refusal may be given for the orders buf (0: one may, with
 * *reason filled). Only the pending step's orders, signed by its actor,
 * in referee mode, for a step this key never adjudicated, and refused by
 * the check without a seed (game_check_answers: the answers up to where
 * the step ends for the side) and by the same check on the side's own
 * view (check_on_view), whose words are the reason: so that the reason
 * is what the side's own view decides, nothing a draw of the step or a
 * hidden part decided, and anyone can check it later without the seed
 * (umpire-protocol(7), REFUSED ORDERS).
 */
static int refusable(struct game *g, const struct seckey *sk,
		     const struct record *rec,
		     const char *name, const char *buf, size_t len,
		     const char *signame, const char *sig, size_t siglen,
		     const char **actor, unsigned char hash[32],
		     struct strbuf *reason, struct error *err)
{
	struct role *ref = game_role(g, "referee");
	struct pubkey pk;
	struct verified v;
	struct orders ord;
	struct error why;
	struct run run;
	int rc = -1;
	seckey_pubkey(sk, &pk);
	if (!ref || !g->scn.rs->view || game_honour(g) ||
	    sodium_memcmp(&pk, &ref->pk, sizeof pk) != 0)
		return errorf(err, EXIT_USAGE, "--refusal is for the referee "
			      "of a game in referee mode");
	if (game_check(g, CHECK_LIGHT, NULL, &run, err))
		return -1;
	*actor = run.outcome == RUN_PENDING ? run.pending.role : NULL;
	long long n = (long long)g->n_steps + 1;
	const struct role *ar = *actor ? game_role(g, *actor) : NULL;
	if (!ar || !strcmp(*actor, "referee")) {
		engine_free(&run);
		return errorf(err, EXIT_REFUSED, "no side's orders are pending");
	}
	memset(&v, 0, sizeof v);
	memset(&ord, 0, sizeof ord);
	if (signed_verify(name, buf, len, signame, sig, siglen, &ar->pk, &v,
			  err) ||
	    orders_parse_memo(name, v.body, v.body_len, g->memo, &ord, err))
		goto out;
	if (strcmp(ord.game, g->id) != 0 || ord.step != n ||
	    strcmp(ord.side, *actor) != 0 ||
	    sodium_memcmp(ord.prev, game_prev(g, g->n_steps), 32) != 0) {
		errorf(err, EXIT_REFUSED, "%s: not %s's orders for step %lld "
		       "of this game after its latest step", name, *actor, n);
		goto out;
	}
	/* before any resolution: this key never countersigned step n
	 * (the record as read under the lock this call holds) */
	if (record_check_game(rec, g, err))
		goto out;
	int done = rec->n_steps >= (size_t)n;
	for (size_t i = 0; i < rec->n_marks; i++)
		done |= rec->kinds[i] == 'c' && rec->marks[i].step == n;
	if (done) {
		errorf(err, EXIT_REFUSED, "this key adjudicated step %lld "
		       "already: its outcome is known, and a refusal would "
		       "let it be chosen", n);
		goto out;
	}
	struct strbuf said = STRBUF_INIT;
	int ok = game_check_answers(g, CHECK_ORDERS_NAME, &ord, *actor,
				    &said, &why) == 0;
	if (ok) {
		/* how far the check went: its first line (what the
		 * answers do follows it) */
		errorf(err, EXIT_REFUSED, "the answers are legal up to where "
		       "the step ends for %s (%.*s); nothing to refuse",
		       *actor, (int)strcspn(said.buf, "\n"), said.buf);
		strbuf_free(&said);
		goto out;
	}
	/* the same check on the side's own view must refuse too, and its
	 * words are the reason: the whole state's may name what the view
	 * hides (the example answers of a question, say) */
	struct doc *vd = doc_new("the view");
	struct error vwhy;
	strbuf_reset(&said);
	int vrc = check_on_view(&g->scn, g->options, vd,
				view_state(g, run.state, g->n_steps, *actor,
					   vd), *actor, &run.pending,
				CHECK_ORDERS_NAME, &ord, &said, &vwhy);
	doc_free(vd);
	strbuf_free(&said);
	if (vrc == 0) {
		errorf(err, EXIT_REFUSED, "the check on %s's view finds the "
		       "answers legal (%s): a refusal would tell %s what the "
		       "view does not show (the rules consult something "
		       "hidden from %s before that point without saying so: "
		       "ctx_consult)", *actor, why.msg, *actor, *actor);
		goto out;
	}
	strbuf_adds(reason, vrc < 0 ? vwhy.msg : why.msg);
	crypto_generichash(hash, 32, (const unsigned char *)v.body,
			   v.body_len, NULL, 0);
	rc = 0;
out:
	engine_free(&run);
	orders_free(&ord);
	verified_free(&v);
	return rc;
}

/* The orders were refused: the signed refusal into text (and its side
 * into *actor), or -1 with why no refusal may be given; rec is this
 * key's record, still locked, so that no other process adjudicates the
 * step between the check and the refusal. */
static int make_refusal(struct game *g, const struct seckey *sk,
			const struct record *rec, const char *name,
			const char *buf, size_t len, const char *signame,
			const char *sig, size_t siglen, const char **actor,
			struct strbuf *text, struct error *why)
{
	struct strbuf reason = STRBUF_INIT;
	unsigned char hash[32];
	int rc = refusable(g, sk, rec, name, buf, len, signame, sig, siglen,
			   actor, hash, &reason, why) == 0 &&
		refusal_make(g->id, (long long)g->n_steps + 1, *actor, hash,
			     reason.buf, sk, text, why) == 0 ? 0 : -1;
	strbuf_free(&reason);
	return rc;
}

int adjudicate_addressed(const struct game *g, const char *name,
			 const char *buf, size_t len, struct error *err)
{
	struct doc *d = doc_new(name);
	struct error ignored;
	int rc = 0;
	if (doc_parse(d, buf, len, &DOC_LIMITS_GAME, &ignored) == 0 &&
	    d->root && d->root->kind == DOC_MAP) {
		const struct doc_node *id = doc_get(d->root, "game");
		const struct doc_node *st = doc_get(d->root, "step");
		/* a step that is not a plain whole number is left to the
		 * full check, which says what is wrong with it */
		long long n = -1;
		if (st && st->kind == DOC_SCALAR && st->str[0] &&
		    strspn(st->str, "0123456789") == strlen(st->str) &&
		    strlen(st->str) < 18)
			n = strtoll(st->str, NULL, 10);
		if (id && id->kind == DOC_SCALAR)
			rc = game_orders_for(g, name, id->str, n,
					     (long long)g->n_steps + 1, err);
	}
	doc_free(d);
	return rc;
}

void adjudicated_free(struct adjudicated *res)
{
	strbuf_free(&res->report);
	strbuf_free(&res->refusal);
	strbuf_free(&res->refusal_why);
}

/* The game file game_emit_step_gap made, as parts to write: its text
 * around the vouched prefix, which stays in g's checkpoints. */
static size_t game_parts(const struct game *g, const struct strbuf *text,
			 size_t gap, struct write_part parts[3])
{
	if (!g->n_stub) {
		parts[0] = (struct write_part){ text->buf, text->len };
		return 1;
	}
	parts[0] = (struct write_part){ text->buf, gap };
	parts[1] = (struct write_part){ g->cp->prefix.text,
					g->cp->prefix.len };
	parts[2] = (struct write_part){ text->buf + gap, text->len - gap };
	return 3;
}

int adjudicate_orders(struct game *g, struct adjudicate_request *rq,
		      struct adjudicated *res, struct error *err)
{
	const char *orders = rq->orders, *out = rq->out, *rep = rq->report;
	const struct seckey *sk = rq->sk;
	const struct strbuf *notes = rq->notes;
	const struct step_hook *hook = rq->hook;
	struct run run;
	int rc = -1;
	struct strbuf signame = STRBUF_INIT;
	memset(res, 0, sizeof *res);   /* empty strbufs (STRBUF_INIT) */
	/* orders sealed to the referee (view.h: answers need not cross
	 * the mail in clear): opened with the referee's key, then read as
	 * any signed orders */
	if (is_sealed_orders(rq->buf, rq->len)) {
		char *plain;
		size_t plen;
		if (sealed_open(path_name(orders), rq->buf, rq->len,
				SEALED_ORDERS_FORMAT, sk, &plain, &plen, err))
			goto out_sig;
		free(rq->buf);
		rq->buf = plain;
		rq->len = plen;
	}
	if (!rq->sig && detached_read(orders, rq->sigpath, rq->buf, rq->len,
				      &signame, &rq->sig, &rq->siglen, err))
		goto out_sig;
	/* the history this key verified before, read under the record's
	 * lock, which this call holds to its end: two adjudications of
	 * one step at once are one after the other */
	struct record rec;
	if (record_for_game(&rec, sk, g, err))
		goto out_sig;
	/* the report tells the new step only: a replay from this
	 * machine's checkpoint */
	g->checkpoints = CHECKPOINTS_USE;
	g->examples = REPORT_EXAMPLES;
	/* and what the hook makes of the run: so that it need not replay
	 * the game again (the judge's letters and views) */
	if (hook)
		g->events_from = hook->events_from;
	int arc = game_adjudicate(g, path_name(orders), rq->buf, rq->len,
				  rq->sig, rq->siglen, sk, &run, err);
	g->events_from = 0;
	g->examples = REPORT_EXAMPLES;
	if (arc) {
		if (notes && notes->len)
			error_prefix(err, "(%s taken away)", notes->buf);
		struct error why;
		if (err->status == EXIT_REFUSED &&
		    make_refusal(g, sk, &rec, path_name(orders), rq->buf,
				 rq->len, signame.len ? signame.buf : NULL,
				 rq->sig, rq->siglen, &res->side, &res->refusal,
				 &why)) {
			strbuf_reset(&res->refusal);
			strbuf_adds(&res->refusal_why, why.msg);
		}
		record_free(&rec);
		goto out_sig;
	}
	struct strbuf text = STRBUF_INIT, *report = &res->report;
	struct report_at at;
	/* honour mode: the report written to rq->report (--report) is
	 * mailed to the side whose orders were adjudicated, so it is that
	 * side's view (never the adjudicator's own hidden cards); the one
	 * only in res (printed) is the adjudicator's own; rq->full
	 * (--full): every side's */
	const char *side = !rq->full && game_honour(g) ? rep ?
		g->steps[g->n_steps - 1].actor : key_role(g, sk) : NULL;
	if (!rq->no_report) {
		report_latest(g, &run, side, &at);
		report_step(g, &run, &at, report);
	}
	/* the game file and the report: both or neither. Staged and read
	 * back first, then what the hook makes durable (the judge's
	 * letters: a letter of a step never stored is dropped, never
	 * sent), then the step recorded, then renamed: never two
	 * different orders countersigned for one step, and never a step
	 * recorded that was not written (orders the game file cannot
	 * keep would otherwise be refused later as "other orders") */
	const struct game_step *st = &g->steps[g->n_steps - 1];
	unsigned char oh[32];
	crypto_generichash(oh, 32, st->blob, st->blob_len, NULL, 0);
	struct staged files[2];
	struct sync_later later;
	size_t n_files = 0;
	int handed = 1;            /* the hook's commit: 0 took it */
	size_t gap;
	struct write_part parts[3];
	struct strbuf staged = STRBUF_INIT;   /* the store's file staged */
	/* Their bytes, the letters and the record's lines are synced
	 * together, once (sync_later: one syncfs of their file system
	 * where each file cost a journal commit of its own), before the
	 * renames, which write_commit makes durable (the directory's
	 * sync): nothing is named before it is on disk. */
	sync_later_init(&later);
	if ((!hook || !hook->before_emit ||
	     hook->before_emit(hook->ctx, g, err) == 0) &&
	    game_emit_step_gap(g, &text, &gap, err) == 0 &&
	    (hook && hook->append && out ?
	     game_store_stage(&files[n_files++], &later, out, parts,
			      game_parts(g, &text, gap, parts), &staged,
			      err) :
	     write_stage_parts_later(&files[n_files++], &later,
				     out ? out : "-", parts,
				     game_parts(g, &text, gap, parts),
				     game_output_mode(g), 0, err)) == 0 &&
	    (!rep || write_stage_later(&files[n_files++], &later, rep,
				       report->buf, report->len,
				       game_output_mode(g), 0, err) == 0) &&
	    (!hook || hook->before_commit(hook->ctx, g, &run, &later,
					  err) == 0) &&
	    record_mark(&rec, 'c', st->n, oh, path_name(orders), err) == 0 &&
	    (record_learn(&rec, g), record_save_later(&rec, &later,
						      err) == 0) &&
	    (handed = hook && hook->commit ?
	     hook->commit(hook->ctx, g, files, n_files, &later,
			  hook->append && out ? out : NULL, err) : 1) >= 0 &&
	    (handed == 0 || (sync_later_run(&later, err) == 0 &&
			     write_commit(files, n_files, err) == 0)))
		rc = 0;
	else
		write_abort(files, n_files);
	/* the step is committed (its journal named): applied to the
	 * file now, or by the next to take the game's lock (or by
	 * whoever the commit was handed to) */
	struct error ignored;
	if (rc == 0 && handed && hook && hook->append && out)
		game_store_apply(out, &ignored);
	strbuf_free(&staged);
	sync_later_free(&later);
	record_free(&rec);
	if (rc == 0 && notes && notes->len && rq->msg)
		fprintf(rq->msg, "umpire: note: %s: the signed orders were "
			"read out of the mail around them (%s taken away)\n",
			path_name(orders), notes->buf);
	strbuf_free(&text);
	engine_free(&run);
out_sig:
	strbuf_free(&signame);
	return rc;
}
