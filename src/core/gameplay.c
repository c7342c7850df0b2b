/*
 * gameplay.c - a game played on: snapshots and deltas of its ledger, a
 * step appended from a letter (game_append), the chain links a party
 * reveals (game_link, game_next_link), the next step adjudicated
 * (game_adjudicate) and orders checked before they are sent
 * (game_check_answers, game_check_unsigned, game_verify_orders). Above
 * the game read and checked (gamecheck.c) and check.c, below
 * gamewrite.c.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/chain.h"
#include "umpire/check.h"
#include "umpire/checkpoint.h"
#include "umpire/game.h"
#include "umpire/links.h"
#include "umpire/sign.h"
#include "gameload.h"
#include "gamecheck.h"

struct snap_arg {
	const struct ruleset *rs;
	struct snapshot *out;
};

static void keep_snapshot(void *user, size_t step, const void *state,
			  const struct question *next)
{
	struct snap_arg *a = user;
	if (step != a->out->step)
		return;
	/* a check run again (check_game) replays the step again */
	free(a->out->state);
	a->out->state = xmalloc(a->rs->state_size);
	memcpy(a->out->state, state, a->rs->state_size);
	a->out->over = next == NULL;
	if (next)
		a->out->next = *next;
}

int game_snapshot(struct game *g, size_t n, struct snapshot *out,
		  struct error *err)
{
	struct snap_arg a = { g->scn.rs, out };
	struct run run;
	memset(out, 0, sizeof *out);
	out->step = n;
	if (n > g->n_steps)
		return errorf(err, EXIT_USAGE, "the game has %zu steps, not "
			      "%zu", g->n_steps, n);
	if (n == 0) {
		/* the start: the rules run up to their first question */
		engine_run(g->scn.rs, g->start_state, NULL, 0, &run);
		out->state = xmalloc(g->scn.rs->state_size);
		memcpy(out->state, g->start_state, g->scn.rs->state_size);
		out->over = run.outcome == RUN_OVER;
		out->next = run.pending;
		engine_free(&run);
		return 0;
	}
	g->at_step_end = keep_snapshot;
	g->hook_user = &a;
	int rc = game_check(g, CHECK_LIGHT, NULL, &run, err);
	g->at_step_end = NULL;
	g->hook_user = NULL;
	if (rc) {
		snapshot_free(out);
		return -1;
	}
	if (!out->state) {
		/* the latest step ended with the game */
		out->state = xmalloc(g->scn.rs->state_size);
		memcpy(out->state, run.state, g->scn.rs->state_size);
		out->over = run.outcome == RUN_OVER;
		if (!out->over)
			out->next = run.pending;
	}
	engine_free(&run);
	return 0;
}

void snapshot_free(struct snapshot *s)
{
	free(s->state);
	memset(s, 0, sizeof *s);
}

int game_delta(const struct game *g, size_t since, struct strbuf *out,
	       struct error *err)
{
	if (since > g->n_steps)
		return errorf(err, EXIT_USAGE, "--since %zu: the game has only "
			      "%zu steps", since, g->n_steps);
	struct doc *d = doc_new("delta");
	struct doc_node *root = doc_map(d), *steps = doc_seq(d);
	d->root = root;
	doc_set_str(d, root, "umpire", "delta/1");
	doc_set_str(d, root, "game", g->id);
	doc_set_int(d, root, "since", (long long)since);
	doc_set(d, root, "prev", doc_b64_32(d, game_prev(g, since)));
	for (size_t i = since; i < g->n_steps; i++)
		doc_push(d, steps, doc_copy(d, g->steps[i].node));
	doc_set(d, root, "steps", steps);
	int rc = doc_emit(root, out, err);
	doc_free(d);
	return rc;
}

int is_delta_text(const char *buf, size_t len)
{
	static const char head[] = "umpire: delta/";
	return len >= sizeof head - 1 && memcmp(buf, head, sizeof head - 1) == 0;
}

int game_append(struct game *g, const char *name, const char *buf,
		size_t len, struct run *run, struct error *err)
{
	static const char *const keys[] = { "umpire", "game", "since", "prev",
		"steps", NULL };
	struct doc *d = doc_new(name);
	const struct doc_node *steps;
	const char *kind, *id;
	long long since;
	unsigned char prev[32];
	int rc = -1;
	memset(run, 0, sizeof *run);
	if (doc_parse(d, buf, len, &DOC_LIMITS_GAME, err))
		goto out;
	if (d->root->kind != DOC_MAP) {
		errorf(err, EXIT_REFUSED, "%s: not a YAML mapping", name);
		goto out;
	}
	if (doc_only_keys(d, d->root, keys, err) ||
	    doc_need_str(d, d->root, "umpire", &kind, err) ||
	    doc_need_str(d, d->root, "game", &id, err) ||
	    doc_need_int(d, d->root, "since", 0, 1000000000, &since, err) ||
	    doc_need_b64_32(d, d->root, "prev", prev, err) ||
	    doc_need(d, d->root, "steps", DOC_SEQ, &steps, err))
		goto out;
	if (strcmp(kind, "delta/1") != 0) {
		errorf(err, EXIT_REFUSED, "%s: umpire: %s is not a file of new "
		       "steps (delta/1)", name, kind);
		goto out;
	}
	if (strcmp(id, g->id) != 0) {
		errorf(err, EXIT_REFUSED, "%s: these steps are of game %s, not "
		       "of this game (%s)", name, id, g->id);
		goto out;
	}
	if ((size_t)since > g->n_steps) {
		errorf(err, EXIT_REFUSED, "%s: these steps follow step %lld, "
		       "but this game file has %zu steps: ask for the steps "
		       "after %zu (umpire delta GAME --since %zu)", name, since,
		       g->n_steps, g->n_steps, g->n_steps);
		goto out;
	}
	if (sodium_memcmp(prev, game_prev(g, (size_t)since), 32) != 0) {
		errorf(err, EXIT_REFUSED, "%s: these steps follow another "
		       "history than this game file's step %lld (compare the "
		       "two whole files with umpire audit A --against B)",
		       name, since);
		goto out;
	}
	size_t have = g->n_steps;
	g->state_stale = 1;
	for (size_t i = 0; i < steps->n; i++) {
		size_t at = (size_t)since + i;
		unsigned char h[32];
		if (at < have) {
			/* a step this file holds already: the same, or a fork;
			 * the same step hash with another countersignature is
			 * another step too (umpire-game(5): Ed25519 is
			 * deterministic, so an honest copy has the same bytes,
			 * and one altered or unreadable is no copy) */
			unsigned char *sig = NULL;
			size_t sl = 0;
			struct error why;
			game_step_hash(steps->items[i], NULL, 0, h);
			if (sodium_memcmp(h, g->steps[at].hash, 32) != 0) {
				errorf(err, EXIT_REFUSED, "%s: step %zu differs "
				       "from this game file's step %zu: two "
				       "histories (umpire audit A --against B "
				       "names who equivocated)", name, at + 1,
				       at + 1);
				goto out;
			}
			if (steps->items[i]->kind != DOC_MAP ||
			    doc_need_b64(d, steps->items[i], "signature", &sig,
					 &sl, &why) || sl != 64 ||
			    sodium_memcmp(sig, g->steps[at].sig, 64) != 0) {
				errorf(err, EXIT_REFUSED, "%s: step %zu differs "
				       "from this game file's step %zu in its "
				       "countersignature (altered, or another "
				       "signature of it): not a copy of this "
				       "history", name, at + 1, at + 1);
				goto out;
			}
			continue;
		}
		struct doc_node *copy = doc_copy(g->doc, steps->items[i]);
		doc_push(g->doc, game_field(g, "steps"), copy);
		g->steps = xrealloc(g->steps,
				    (g->n_steps + 1) * sizeof *g->steps);
		memset(&g->steps[g->n_steps], 0, sizeof *g->steps);
		size_t none = 0;
		if (game_read_step(g, g->n_steps, copy, NULL, &none, err)) {
			error_prefix(err, "%s", name);
			goto out;
		}
		g->n_steps++;
	}
	if (g->n_steps == have) {
		errorf(err, EXIT_REFUSED, "%s: no step after this game file's "
		       "step %zu", name, have);
		goto out;
	}
	/* every new step checked as audit does, and the stored state */
	if (game_check(g, CHECK_FULL, NULL, run, err))
		goto out;
	doc_put(g->doc, g->doc->root, "state",
		g->scn.rs->save(run->state, g->doc));
	g->state_stale = 0;
	rc = 0;
out:
	doc_free(d);
	return rc;
}

static struct doc_node *reveals_node(struct doc *d, const char *actor,
				     const unsigned char *ra,
				     const char *counter,
				     const unsigned char *rc)
{
	struct doc_node *m = doc_map(d);
	doc_set(d, m, actor, doc_b64_32(d, ra));
	doc_set(d, m, counter, doc_b64_32(d, rc));
	return m;
}

/* The pending side, from the ledger: the role of the question that
 * ended the last step (verified by the replay that follows), or the first
 * question of the rules. NULL when the game is over. */
static const char *pending_role(const struct game *g)
{
	if (g->n_steps == 0) {
		struct run first;
		engine_run(g->scn.rs, g->start_state, NULL, 0, &first);
		const char *role = first.outcome == RUN_PENDING ?
			first.pending.role : NULL;
		engine_free(&first);
		return role;
	}
	const struct doc_node *next = g->steps[g->n_steps - 1].next;
	const struct doc_node *role = doc_get(next, "role");
	return role && role->kind == DOC_SCALAR &&
		game_role((struct game *)g, role->str) ? role->str : NULL;
}

/* A role's latest link in the ledger: its reveal in the last step that
 * holds one, else its anchor; and that link's index (game_link_index). The
 * vouched prefix (stubs) gives where the chain stood after it. */
static void latest_link(struct game *g, struct role *r)
{
	memcpy(r->last, r->anchor, 32);
	r->last_index = 0;
	const struct checkpoint_prefix *p = g->n_stub ? &g->cp->prefix : NULL;
	for (size_t k = 0; p && k < p->n_roles; k++)
		if (!strcmp(p->roles[k].name, r->name)) {
			memcpy(r->last, p->roles[k].last, 32);
			r->last_index = p->roles[k].index;
		}
	for (size_t i = g->n_stub; i < g->n_steps; i++) {
		const struct game_step *s = &g->steps[i];
		int actor = !strcmp(s->actor, r->name);
		if (!actor && strcmp(s->counter, r->name))
			continue;
		if (actor && game_step_late(g, i))
			continue;       /* it revealed no link of r */
		memcpy(r->last, actor ? s->reveal_actor : s->reveal_counter,
		       32);
		r->last_index = g->link_by_step ? (uint64_t)s->n :
			r->last_index + 1;
	}
}

int game_link(const struct game *g, const char *role,
	      const struct seckey *sk, uint64_t n, unsigned char out[32],
	      struct error *err)
{
	if (n > g->chain_length)
		return errorf(err, EXIT_REFUSED, "%s's link %llu is beyond the "
			      "game's chain length %u: the game cannot go on "
			      "(start long games with 'umpire new "
			      "--chain-length N')", role,
			      (unsigned long long)n, g->chain_length);
	const struct role *r = game_role((struct game *)g, role);
	if (!r)
		return errorf(err, EXIT_USAGE, "this game has no role '%s'",
			      role);
	return links_link(sk, g->core_hash, r->nonce, role, g->chain_length,
			  (uint32_t)n, out, err);
}

uint64_t game_next_link(struct game *g, const char *role)
{
	struct role *r = game_role(g, role);
	if (!r)
		return 0;
	latest_link(g, r);
	return game_link_index(g, r, (uint64_t)g->n_steps + 1);
}

/* Whether buf (its signature sigtext, else embedded) is signed with
 * role's key; nothing said. */
static int signed_by(struct game *g, const char *role, const char *name,
		     const char *buf, size_t len, const char *sigtext,
		     size_t siglen)
{
	struct verified v;
	struct error ignored;
	struct role *r = game_role(g, role);
	memset(&v, 0, sizeof v);
	int ok = r && signed_verify(name, buf, len, sigtext ? "signature" :
				    NULL, sigtext, siglen, &r->pk, &v,
				    &ignored) == 0;
	verified_free(&v);
	return ok;
}

int game_adjudicate(struct game *g, const char *orders_name,
		    const char *buf, size_t len, const char *sigtext,
		    size_t siglen, const struct seckey *sk, struct run *run,
		    struct error *err)
{
	struct orders ord;
	struct verified v;
	struct pubkey pk;
	unsigned char reveal[32], seed[32];
	int rc = -1;
	memset(&ord, 0, sizeof ord);
	memset(&v, 0, sizeof v);
	memset(run, 0, sizeof *run);
	const char *who = game_unjoined(g);
	if (who)
		return errorf(err, EXIT_REFUSED, "%s: role %s has not joined "
			      "yet (umpire join)", g->doc->name, who);
	const char *actor = pending_role(g);
	if (!actor)
		return errorf(err, EXIT_REFUSED, "the game is over; there is "
			      "nothing to adjudicate");
	const char *counter = game_counter(g, actor);
	struct role *ar = game_role(g, actor);
	long long n = (long long)g->n_steps + 1;
	if (!ar || !counter)
		return errorf(err, EXIT_REFUSED, "step %lld: no role %s in "
			      "this game", n, actor);
	seckey_pubkey(sk, &pk);
	if (sodium_memcmp(&pk, &game_role(g, counter)->pk, sizeof pk) != 0) {
		errorf(err, EXIT_REFUSED, "step %lld is %s's decision and is "
		       "adjudicated by %s; this secret key is not %s's", n,
		       actor, counter, counter);
		goto out;
	}
	/* the actor's orders, or, signed by the referee, a late step
	 * (umpire-protocol(7), THE JUDGE'S CLOCK, Late steps), which the
	 * clock and the judge's record must allow */
	int late = !strcmp(counter, "referee") &&
		signed_by(g, counter, orders_name, buf, len, sigtext, siglen);
	if (game_orders_verify(g, orders_name, buf, len, sigtext, siglen, n,
			       actor, late ? counter : actor,
			       game_prev(g, g->n_steps), 1, NULL, &ord, &v,
			       err))
		goto out;
	/* read as every reader reads it (late_step_read) */
	int read = late_step_read(g, n, actor, counter, ord.reveal, &ord, err);
	if (read < 0)
		goto out;
	if (late && !read) {
		errorf(err, EXIT_REFUSED, "%s: a late step's reveal is the "
		       "public value late[%lld], not a chain link",
		       orders_name, n);
		goto out;
	}
	if (!late && read) {
		errorf(err, EXIT_REFUSED, "%s: the reveal of %s is late[%lld], "
		       "the value of a late step, which only the judge takes",
		       orders_name, actor, n);
		goto out;
	}
	/* a view lists the step with this vouch (umpire-protocol(7),
	 * VIEWS): orders without one could never be shown to the sides */
	if (game_has_views(g) && !ord.has_vouch) {
		errorf(err, EXIT_REFUSED, "%s: no 'vouch' (this game has views, "
		       "which show each step with its actor's vouch): make the "
		       "orders again with umpire orders", orders_name);
		goto out;
	}
	latest_link(g, ar);
	if (!late && game_reveal_check(g, ar, (uint64_t)n, ord.reveal, err)) {
		error_prefix(err, "%s", orders_name);
		goto out;
	}
	if (game_link(g, counter, sk, game_next_link(g, counter), reveal,
		      err))
		goto out;
	chain_seed(g->genesis, (uint64_t)n, ord.reveal, reveal, seed);
	struct engine_step extra = {
		.mode = STEP_PLAY, .actor = actor, .src = orders_name,
		.answers = ord.answers, .n_answers = ord.n_answers,
		.standing = ord.standing, .n_standing = ord.n_standing,
		.late = late,
	};
	memcpy(extra.seed, seed, 32);
	if (game_check(g, CHECK_LIGHT, &extra, run, err))
		goto out;
	/* The new step. */
	struct doc *d = g->doc;
	/* Stored as what verified: the body and its signature, armored,
	 * the signature normalised (its untrusted comment umpire's), so
	 * that the step, its hash and its view salt depend on signed
	 * bytes only, not on what a relay did to the comment. */
	struct strbuf blob = STRBUF_INIT, sigt = STRBUF_INIT,
		      norm = STRBUF_INIT;
	size_t bl;
	if (sigtext)
		strbuf_add(&sigt, sigtext, siglen);
	else if (embed_split(orders_name, buf, len, &bl, &sigt, err) != 1)
		goto out;
	int bad = minisig_normalise(orders_name, sigt.buf, sigt.len, &norm,
				    err);
	strbuf_free(&sigt);
	if (bad) {
		strbuf_free(&norm);
		goto out;
	}
	strbuf_add(&blob, v.body, v.body_len);
	embed_armor(norm.buf, norm.len, &blob);
	strbuf_free(&norm);
	struct doc_node *s = doc_map(d);
	doc_set_int(d, s, "step", n);
	doc_set_str(d, s, "actor", actor);
	doc_set_str(d, s, "counter", counter);
	doc_set(d, s, "orders", doc_b64(d, (unsigned char *)blob.buf,
					blob.len));
	unsigned char blob_hash[32];
	crypto_generichash(blob_hash, 32, (unsigned char *)blob.buf, blob.len,
			   NULL, 0);
	strbuf_free(&blob);
	/* its body verified above with this signature, which
	 * minisig_normalise kept as signed */
	memcpy(g->fresh_blob, blob_hash, 32);
	g->has_fresh_blob = 1;
	doc_set(d, s, "reveals", reveals_node(d, actor, ord.reveal, counter,
					      reveal));
	doc_set(d, s, "seed", doc_b64_32(d, seed));
	doc_set(d, s, "draws", game_draws_node(d, run, (size_t)n));
	doc_set(d, s, "next", game_next_node(d, &run->ends[n - 1]));
	if (g->scn.rs->view) {
		/* the secret that the views of this step are committed with:
		 * derived from the counter-party's key, so that the same
		 * orders adjudicated again give the same step, not a second
		 * version of it (umpire-protocol(7), ONE HISTORY PER PARTY) */
		unsigned char salt[32], be[8];
		crypto_generichash_state st;
		for (int k = 0; k < 8; k++)
			be[k] = (unsigned char)((unsigned long long)n >>
						(56 - 8 * k));
		crypto_generichash_init(&st, sk->sk, 32, sizeof salt);
		crypto_generichash_update(&st, (const unsigned char *)
					  D_SALT, strlen(D_SALT));
		crypto_generichash_update(&st, g->genesis, 32);
		crypto_generichash_update(&st, be, sizeof be);
		crypto_generichash_update(&st, blob_hash, 32);
		crypto_generichash_final(&st, salt, sizeof salt);
		sodium_memzero(&st, sizeof st);
		doc_set(d, s, "salt", doc_b64_32(d, salt));
	}
	doc_set(d, s, "state", doc_b64_32(d, run->ends[n - 1].state_hash));
	doc_set(d, s, "prev", doc_b64_32(d, game_prev(g, g->n_steps)));
	unsigned char hash[32], sig[64], msg[64 + 32];
	game_step_hash(s, NULL, 0, hash);
	game_countersign_message(g, hash, msg);
	crypto_sign_detached(sig, NULL, msg, strlen(D_COUNTERSIGN) + 64,
			     sk->sk);
	doc_set(d, s, "signature", doc_b64(d, sig, 64));
	doc_push(d, game_field(g, "steps"), s);
	doc_put(d, d->root, "state", g->scn.rs->save(run->state, d));
	g->steps = xrealloc(g->steps, (g->n_steps + 1) * sizeof *g->steps);
	memset(&g->steps[g->n_steps], 0, sizeof *g->steps);
	size_t none = 0;
	if (game_read_step(g, g->n_steps, s, NULL, &none, err))
		goto out;
	memcpy(g->steps[g->n_steps].hash, hash, 32);
	/* the new step's orders as verified, kept with it as check_game
	 * keeps a step's it read: what is made of the run without a
	 * replay (the judge's views: their vouch, the side's standing
	 * orders) reads them there */
	g->steps[g->n_steps].ord = xmalloc(sizeof ord);
	*g->steps[g->n_steps].ord = ord;
	memset(&ord, 0, sizeof ord);
	g->n_steps++;
	rc = 0;
out:
	if (rc && run->state)
		engine_free(run);
	verified_free(&v);
	orders_free(&ord);
	return rc;
}

int game_check_answers(struct game *g, const char *orders_name,
		       const struct orders *ord, const char *actor,
		       struct strbuf *out, struct error *err)
{
	struct run run;
	if (check_standing(&g->scn, orders_name, ord, err))
		return -1;
	struct engine_step extra = {
		.mode = STEP_CHECK, .actor = actor, .src = orders_name,
		.answers = ord->answers, .n_answers = ord->n_answers,
		.standing = ord->standing, .n_standing = ord->n_standing,
	};
	if (game_check(g, CHECK_LIGHT, &extra, &run, err))
		return -1;
	if (run.outcome == RUN_OVER) {
		/* sign -g on orders that end the game says so, and what is
		 * left after the end is carried and never used */
		struct strbuf res = STRBUF_INIT;
		g->scn.rs->result(run.state, &res);
		while (res.len && res.buf[res.len - 1] == '\n')
			res.buf[--res.len] = '\0';
		if (run.checked < ord->n_answers)
			strbuf_addf(out, "answers ok: %zu of %zu are legal, and "
				    "the game ends in this step: %s Not used: "
				    "the %zu answer%s after that.\n",
				    run.checked, ord->n_answers,
				    res.len ? res.buf : "over.",
				    ord->n_answers - run.checked,
				    ord->n_answers - run.checked == 1 ? "" :
				    "s");
		else
			strbuf_addf(out, "answers ok: all %zu are legal, and "
				    "the game ends in this step: %s\n",
				    ord->n_answers, res.len ? res.buf : "over");
		strbuf_free(&res);
	} else
		check_said(&run, ord->n_answers, out);
	check_told(&run, ord, actor, out);
	engine_free(&run);
	return 0;
}

int game_check_unsigned(struct game *g, const char *name, const char *buf,
			size_t len, struct strbuf *out, struct error *err)
{
	struct run run;
	struct orders ord;
	int rc = -1;
	memset(&ord, 0, sizeof ord);
	if (game_check(g, CHECK_LIGHT, NULL, &run, err))
		return -1;
	if (run.outcome == RUN_OVER) {
		errorf(err, EXIT_REFUSED, "the game is over");
	} else if (orders_parse(name, buf, len, &ord, err) == 0 &&
		   game_orders_context(g, name, &ord,
				       (long long)g->n_steps + 1,
				       run.pending.role,
				       game_prev(g, g->n_steps), err) == 0) {
		rc = game_check_answers(g, name, &ord, run.pending.role, out,
					err);
	}
	orders_free(&ord);
	engine_free(&run);
	return rc;
}

int game_verify_orders(const char *game_path, const char *scn_dir,
		       const char *orders_name, const char *buf, size_t len,
		       const char *sigtext, FILE *out, struct error *err)
{
	struct game g;
	struct run run;
	struct orders ord;
	struct verified v;
	int rc = -1;
	if (game_load(&g, game_path, scn_dir, err))
		return -1;
	memset(&ord, 0, sizeof ord);
	memset(&v, 0, sizeof v);
	if (game_check(&g, CHECK_LIGHT, NULL, &run, err))
		goto out_game;
	if (run.outcome == RUN_OVER) {
		errorf(err, EXIT_REFUSED, "the game is over");
		goto out;
	}
	const char *actor = run.pending.role;
	if (game_orders_verify(&g, orders_name, buf, len, sigtext,
			       sigtext ? strlen(sigtext) : 0,
			       (long long)g.n_steps + 1, actor, actor,
			       game_prev(&g, g.n_steps), 1, NULL, &ord, &v,
			       err))
		goto out;
	latest_link(&g, game_role(&g, actor));
	if (game_reveal_check(&g, game_role(&g, actor), g.n_steps + 1,
			      ord.reveal, err))
		goto out;
	fputs("signature ok: ", out);
	fputs_safe(v.trusted_comment, out);
	fputc('\n', out);
	struct strbuf said = STRBUF_INIT;
	rc = game_check_answers(&g, CHECK_ORDERS_NAME, &ord, actor, &said,
				err);
	if (rc == 0)
		fputs(said.buf, out);
	else
		error_prefix(err, "%s", orders_name);
	strbuf_free(&said);
out:
	engine_free(&run);
out_game:
	verified_free(&v);
	orders_free(&ord);
	game_free(&g);
	return rc;
}
