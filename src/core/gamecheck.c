/*
 * gamecheck.c - checking a game: the joins, each step's orders against
 * the game (game_orders_for), their signatures, reveals and
 * countersignatures, and the replay against what each step records
 * (game_verify_header, game_check). Above the game read (game.c,
 * gamevouch.c), below the game played on and written.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/chain.h"
#include "umpire/checkpoint.h"
#include "umpire/clock.h"
#include "umpire/game.h"
#include "umpire/sign.h"
#include "umpire/sigq.h"
#include "gameload.h"
#include "gamecheck.h"

/* Every role that has joined: its chain starts at its anchor, and with
 * check its join signature is verified (without: the header was verified
 * on this machine before). */
int game_joins_verify(struct game *g, int check, struct sigq *q,
		      struct error *err)
{
	for (size_t i = 0; i < g->n_roles; i++) {
		struct role *r = &g->roles[i];
		if (!r->joined)
			continue;
		memcpy(r->last, r->anchor, 32);
		r->last_index = 0;
		if (!check)
			continue;
		struct strbuf m = STRBUF_INIT;
		game_join_message(g, r, &m);
		int bad = sigq_verify(q, r->sig, (unsigned char *)m.buf,
				      m.len, r->pk.pk);
		strbuf_free(&m);
		if (bad)
			return errorf(err, EXIT_REFUSED, "header: the "
				      "signature of role %s does not match the "
				      "header (edited header or wrong key)",
				      r->name);
	}
	return 0;
}

int game_verify_header(struct game *g, struct error *err)
{
	const char *who = game_unjoined(g);
	if (who)
		return errorf(err, EXIT_REFUSED, "%s: role %s has not joined "
			      "yet (umpire join)", g->doc->name, who);
	return game_joins_verify(g, 1, NULL, err);
}

int game_verify_joined(struct game *g, struct error *err)
{
	return game_joins_verify(g, 1, NULL, err);
}

void game_countersign_message(const struct game *g,
			      const unsigned char hash[32],
			      unsigned char msg[64 + 32])
{
	size_t l = strlen(D_COUNTERSIGN);
	memcpy(msg, D_COUNTERSIGN, l);
	memcpy(msg + l, g->genesis, 32);
	memcpy(msg + l + 32, hash, 32);
}

/* The index of the link r reveals at step n, r's latest verified link
 * being of its previous step: its own steps counted (GAME_FORMAT), or the
 * game's (game/2). */
uint64_t game_link_index(const struct game *g, const struct role *r,
			 uint64_t n)
{
	return g->link_by_step ? n : r->last_index + 1;
}

int game_reveal_check(const struct game *g, struct role *r, uint64_t n,
		      const unsigned char reveal[32], struct error *err)
{
	uint64_t i = game_link_index(g, r, n);
	if (i > g->chain_length)
		return errorf(err, EXIT_REFUSED, "the reveal of %s at step "
			      "%llu is its link %llu, beyond the game's chain "
			      "length %u", r->name, (unsigned long long)n,
			      (unsigned long long)i, g->chain_length);
	if (chain_reaches(reveal, (uint32_t)(i - r->last_index), r->last))
		return errorf(err, EXIT_REFUSED, "the reveal of %s does not "
			      "hash to its previous link (link %llu): not "
			      "the committed chain", r->name,
			      (unsigned long long)r->last_index);
	memcpy(r->last, reveal, 32);
	r->last_index = i;
	return 0;
}

int game_orders_for(const struct game *g, const char *name,
		    const char *game_id, long long step, long long n,
		    struct error *err)
{
	if (strcmp(game_id, g->id) != 0)
		return errorf(err, EXIT_REFUSED, "%s: these orders are for "
			      "game %s, not for this game (%s)", name,
			      game_id, g->id);
	if (step >= 0 && step != n)
		return errorf(err, EXIT_REFUSED, "%s: these orders are for "
			      "step %lld, but the game is at step %lld (a "
			      "replayed or out-of-order file)", name, step,
			      n);
	return 0;
}

/* The order file's own fields against what the game expects of step n. */
int game_orders_context(const struct game *g, const char *name,
			const struct orders *ord, long long n,
			const char *actor, const unsigned char prev[32],
			struct error *err)
{
	char want[DOC_B64_32_LEN + 1], got[DOC_B64_32_LEN + 1], of[40];
	if (game_orders_for(g, name, ord->game, ord->step, n, err))
		return -1;
	if (strcmp(ord->side, actor) != 0)
		return errorf(err, EXIT_REFUSED, "%s: these orders are from "
			      "side %s, but step %lld is %s's decision", name,
			      ord->side, n, actor);
	if (sodium_memcmp(ord->prev, prev, 32) != 0) {
		doc_b64_32_str(want, prev);
		doc_b64_32_str(got, ord->prev);
		if (n > 1)
			snprintf(of, sizeof of, "step %lld", n - 1);
		else
			snprintf(of, sizeof of, "the genesis (header)");
		return errorf(err, EXIT_REFUSED, "%s: these orders were "
			      "written for another history of this game: "
			      "prev %s differs from %s, the hash of %s", name,
			      got, want, of);
	}
	return 0;
}

/* Verify the signature of an order blob and parse it against what the
 * game expects of step n. */
int game_orders_verify(struct game *g, const char *name, const char *buf,
		       size_t len, const char *sigtext, size_t siglen,
		       long long n, const char *actor, const char *signer,
		       const unsigned char prev[32], int check_sig,
		       struct sigq *q, struct orders *ord,
		       struct verified *v, struct error *err)
{
	char want[200];
	struct role *r = game_role(g, signer);
	size_t body_len = len;
	struct strbuf sig = STRBUF_INIT;
	memset(v, 0, sizeof *v);
	if (!r)
		return errorf(err, EXIT_REFUSED, "%s: step %lld is a late "
			      "step (played by the judge for %s), in a game "
			      "with no referee to take it", name, n, actor);
	/* Orders with a good embedded signature, as a game file keeps
	 * them: signed_verify finds the block itself, and the text is
	 * split once, not twice (with q, its checks are queued: a bad one
	 * makes check_game run again without q, and come here). Any other
	 * case (no block, a bad one, a signature that does not match) is
	 * left to the checks below, in their order, which say precisely
	 * what is wrong. */
	if (!sigtext && check_sig &&
	    signed_verify_queued(name, buf, len, NULL, NULL, 0, &r->pk, q, v,
				 err) == 0)
		goto signed_ok;
	verified_free(v);
	/* Context first (game, step, side), so that a misdirected file gets
	 * the precise message; the bounded parser is safe on unsigned text. */
	int found = sigtext ? 1 : embed_split(name, buf, len, &body_len, &sig,
					      err);
	strbuf_free(&sig);
	if (found < 0)
		return -1;
	if (found == 0)
		return errorf(err, EXIT_REFUSED, "%s: no signature found (no "
			      "embedded signature block and no detached "
			      "signature)", name);
	/* the game file keeps detached-signed orders with their signature
	 * block after them (what umpire writes it reads back): a body
	 * without a final
	 * newline would glue the block to its last line and never read
	 * back */
	if (sigtext && (len == 0 || buf[len - 1] != '\n'))
		return errorf(err, EXIT_REFUSED, "%s: the signed text does "
			      "not end with a newline, so it cannot be kept "
			      "in the game file with its signature; save it "
			      "with a final newline and sign it again", name);
	/* nor one that holds a BEGIN line: read back, the block would
	 * start there */
	if (sigtext) {
		struct strbuf inner = STRBUF_INIT;
		struct error ignored;
		size_t at;
		int begin = embed_split(name, buf, len, &at, &inner,
					&ignored) != 0;
		strbuf_free(&inner);
		if (begin)
			return errorf(err, EXIT_REFUSED, "%s: the signed text "
				      "holds a signature BEGIN line (at byte "
				      "%zu), so it cannot be kept in the game "
				      "file with its signature after it; take "
				      "the line out and sign it again", name,
				      at);
	}
	/* the signature first, then the YAML (hostile input): text
	 * nobody signed is never parsed */
	if (check_sig) {
		if (signed_verify(name, buf, len, sigtext ? "signature" : NULL,
				  sigtext, siglen, &r->pk, v, err)) {
			/* refused already; the text is read (bounded, in
			 * linear time) only to say what it is, should it
			 * be a file sent to the wrong place */
			struct error why;
			if (orders_parse(name, buf, body_len, ord, &why) ||
			    game_orders_context(g, name, ord, n, actor, prev,
						&why)) {
				orders_free(ord);
				*err = why;
				return -1;
			}
			orders_free(ord);
			return error_prefix(err, "orders for %s%s", actor,
					    strcmp(signer, actor) ? " (a late "
					    "step, the referee's)" : "");
		}
	} else {
		v->body = xmalloc(body_len + 1);
		memcpy(v->body, buf, body_len);
		v->body[body_len] = '\0';
		v->body_len = body_len;
	}
signed_ok:
	if (orders_parse_memo(name, v->body, v->body_len, g->memo, ord,
			      err) ||
	    game_orders_context(g, name, ord, n, actor, prev, err))
		return -1;
	orders_comment(ord->game, ord->step, ord->side, want, sizeof want);
	/* The signed body names game, step and side already: a trusted
	 * comment need not repeat them (stock minisign -S writes its own),
	 * but one that speaks for umpire must say the same. */
	if (check_sig && strncmp(v->trusted_comment, "umpire", 6) == 0 &&
	    strcmp(v->trusted_comment, want) != 0)
		return errorf(err, EXIT_REFUSED, "%s: the signature's trusted "
			      "comment '%s' does not match the file ('%s')",
			      name, v->trusted_comment, want);
	/* the vouch is the side's signature of that same comment (queued
	 * with the others where there is a queue: a whole game's check
	 * has one a step; without, checked now) */
	if (check_sig && ord->has_vouch &&
	    sigq_verify(q, ord->vouch, (const unsigned char *)want,
			strlen(want), r->pk.pk))
		return errorf(err, EXIT_REFUSED, "%s: 'vouch' is not %s's "
			      "signature of '%s': altered, or made for "
			      "another step", name, signer, want);
	/* the marker of a late step is the referee's alone, and a late
	 * step's orders carry it (umpire-protocol(7), THE JUDGE'S CLOCK,
	 * Late steps) */
	if (ord->late && !strcmp(signer, actor))
		return errorf(err, EXIT_REFUSED, "%s: orders of %s with the "
			      "marker 'late: standing', signed by %s: only "
			      "the judge (the referee) takes a late step", name,
			      actor, actor);
	if (!ord->late && strcmp(signer, actor))
		return errorf(err, EXIT_REFUSED, "%s: the orders of step %lld "
			      "are signed by %s for %s, without the marker "
			      "'late: standing' of a late step", name, n,
			      signer, actor);
	return 0;
}

struct doc_node *game_draws_node(struct doc *d, const struct run *run,
				 size_t step)
{
	struct doc_node *list = doc_seq(d);
	for (size_t i = 0; i < run->n_draws; i++) {
		const struct draw_rec *r = &run->draws[i];
		if (r->step != step)
			continue;
		struct doc_node *m = doc_map(d);
		m->style = DOC_STYLE_FLOW;
		doc_set_int(d, m, "i", (long long)r->index);
		doc_set_int(d, m, "n", r->n);
		doc_set_int(d, m, "pick", r->pick);
		doc_set_str(d, m, "got", r->result);
		doc_set_str(d, m, "for", r->purpose);
		doc_set_str(d, m, "pool", r->pool);
		doc_set_int(d, m, "turn", r->turn);
		doc_set_str(d, m, "phase", r->phase);
		doc_push(d, list, m);
	}
	return list;
}

struct doc_node *game_next_node(struct doc *d, const struct step_end *e)
{
	if (strcmp(e->key, "over") == 0)
		return doc_str(d, "over");
	struct doc_node *m = doc_map(d);
	m->style = DOC_STYLE_FLOW;
	doc_set_str(d, m, "rule", e->rule);
	doc_set_str(d, m, "key", e->key);
	doc_set_str(d, m, "role", e->role);
	return m;
}

/* Whether the replay's node n is what a step records: its node rec, or
 * for a step read streamed (rec NULL), the hash of it. */
static int recorded(const struct doc_node *n, const struct doc_node *rec,
		    const unsigned char hash[32])
{
	unsigned char h[32];
	if (rec)
		return doc_same(n, rec);
	game_step_recorded(n, h);
	return sodium_memcmp(h, hash, 32) == 0;
}

/* Compare the replay with what step i records, its end e (its draws
 * only when the run played the whole step: not the step it resumed
 * in). */
static int compare_step(struct game *g, const struct run *run, size_t i,
			const struct step_end *e, int whole, struct error *err)
{
	struct game_step *s = game_step_at(g, i);
	if (game_step_fields(g, i, err))
		return -1;
	struct doc *d = doc_new("replay");
	int rc = 0;
	if (whole && !recorded(game_draws_node(d, run, i + 1), s->draws,
			       s->draws_hash))
		rc = errorf(err, EXIT_REFUSED, "step %zu: the recorded draws "
			    "differ from the draws its seed gives", i + 1);
	else if (!recorded(game_next_node(d, e), s->next, s->next_hash))
		rc = errorf(err, EXIT_REFUSED, "step %zu: the recorded next "
			    "decision differs from the replay (%s: %s)", i + 1,
			    e->key, e->rule);
	else if (e->hashed && memcmp(e->state_hash, s->state_hash, 32) != 0)
		rc = errorf(err, EXIT_REFUSED, "step %zu: the recorded state "
			    "hash differs from the replayed state", i + 1);
	doc_free(d);
	return rc;
}

/* game.stream_run: each step compared as the run ends it (run_opts.ended),
 * the first that differs kept, to be said once the run is done, as
 * the comparison after the run would say it */
struct compared {
	struct game *g;
	int bad;
	struct error err;
};

static void compare_ended(void *user, size_t step, const struct run *run,
			  const struct step_end *end)
{
	struct compared *k = user;
	if (!k->bad && step < k->g->n_steps &&
	    compare_step(k->g, run, step, end, 1, &k->err))
		k->bad = 1;
}

struct hook_arg {
	struct game *g;
	size_t step;
};

static void step_end_hook(void *user, const void *state,
			  const struct question *next)
{
	struct hook_arg *h = user;
	h->g->at_step_end(h->g->hook_user, h->step, state, next);
}

/* Step n of g, ordered for actor, as a late step (umpire-protocol(7),
 * THE JUDGE'S CLOCK, Late steps): what the game and the judge's record
 * must say for it. */
static int late_step_ok(const struct game *g, long long n, const char *actor,
			const char *counter, struct error *err)
{
	if (g->link_by_step)
		return errorf(err, EXIT_REFUSED, "step %lld is a late step "
			      "(played by the judge for %s), in a game/2 file, "
			      "whose chains are numbered by step", n, actor);
	if (strcmp(counter, "referee"))
		return errorf(err, EXIT_REFUSED, "step %lld is a late step "
			      "(played by the judge for %s), but its "
			      "counter-party is %s, not the referee", n, actor,
			      counter);
	return clock_late_ok(g, (size_t)n, actor, err);
}

int late_step_read(const struct game *g, long long n, const char *actor,
		   const char *counter, const unsigned char reveal[32],
		   const struct orders *ord, struct error *err)
{
	unsigned char lv[32];
	chain_late(g->genesis, (uint64_t)n, lv);
	if (sodium_memcmp(reveal, lv, 32) != 0)
		return 0;
	if (late_step_ok(g, n, actor, counter, err))
		return -1;
	if (!ord)
		return 1;
	/* its orders: the referee's (game_orders_verify: signer and vouch),
	 * the marker, the reveal late[n], the referee's vouch, which
	 * every view lists the step with, and nothing else of the side's
	 * (orders.c) */
	if (!ord->late)
		return errorf(err, EXIT_REFUSED, "step %lld is a late step "
			      "(played by the judge for %s), but its orders "
			      "carry no marker 'late: standing'", n, actor);
	if (sodium_memcmp(ord->reveal, lv, 32) != 0)
		return errorf(err, EXIT_REFUSED, "step %lld is a late step "
			      "(played by the judge for %s), but its orders' "
			      "reveal is not the public value late[%lld]", n,
			      actor, n);
	if (!ord->has_vouch)
		return errorf(err, EXIT_REFUSED, "step %lld is a late step "
			      "(played by the judge for %s), but its orders "
			      "carry no 'vouch': a late step's orders carry "
			      "the referee's, which every view lists it with",
			      n, actor);
	return 1;
}

/* What verifying the steps in order carries from one to the next. */
struct verify {
	struct game *g;
	enum check_level level;
	size_t vouched;               /* steps 1..vouched verified here */
	const unsigned char *prev;    /* the hash the next step's prev is */
	int drop;                     /* each step's orders' bytes freed */
	struct sigq *q;
};

/* Step i (a step read, not a stub; unread: one before the checkpoint
 * the replay resumes at, not read again) verified: its number, roles
 * and salt, its prev link, its orders' signature (queued on v->q),
 * reveals and seed, and its countersignature; es its step for the
 * replay. 0, or -1 with err naming the step. */
static int verify_step(struct verify *v, size_t i, int unread,
		       struct engine_step *es, struct error *err)
{
	struct game *g = v->g;
	struct game_step *s = game_step_at(g, i);
	struct verified vd;
	char name[64];
	unsigned char seed[32];
	/* named only past the prefix: a name a step of a long
	 * game's prefix would cost every command */
	snprintf(name, sizeof name, "step %zu orders", i + 1);
	if (s->n != (long long)i + 1) {
		errorf(err, EXIT_REFUSED, "step %zu: numbered %lld "
		       "(steps removed or reordered)", i + 1, s->n);
		return -1;
	}
	if (!game_role(g, s->actor) || !game_role(g, s->counter) ||
	    strcmp(game_counter(g, s->actor), s->counter) != 0) {
		errorf(err, EXIT_REFUSED, "step %zu: actor %s and "
		       "counter-party %s are not this game's", i + 1,
		       s->actor, s->counter);
		return -1;
	}
	if (s->has_salt != (g->scn.rs->view != NULL)) {
		errorf(err, EXIT_REFUSED, "step %zu: %s", i + 1,
		       s->has_salt ? "a view salt in a game without "
		       "hidden information" : "the view salt is "
		       "missing");
		return -1;
	}
	/* a step before the checkpoint, verified here and not
	 * read again: its hash links the chain (the index vouches
	 * for its node), its seed is not used */
	int full = v->level == CHECK_FULL ||
		(i >= g->trusted && i >= v->vouched);
	int skip = unread && s->fields_lazy && !full;
	if (!skip && game_step_fields(g, i, err))
		return -1;
	if (!skip && memcmp(s->prev, v->prev, 32) != 0) {
		errorf(err, EXIT_REFUSED, "step %zu: 'prev' is not the "
		       "hash of step %zu (a step was edited, removed "
		       "or reordered)", i + 1, i);
		return -1;
	}
	/* (s->hash: game_parse) */
	if (s->ord)
		orders_free(s->ord);    /* (which empties it) */
	else if (!unread)
		s->ord = xcalloc(1, sizeof *s->ord);
	/* a late step: the judge's, for a late side (its reveal
	 * is late[n]); read after its orders (late_step_read) */
	int late = game_step_late(g, i);
	/* every signature of the steps not yet verified (a signing
	 * command commits to the whole history) */
	int vr = unread ? 0 : game_step_blob(g, i, err) ? -1 :
		game_orders_verify(g, name, (const char *)s->blob,
				   s->blob_len, NULL, 0, s->n,
				   s->actor, game_step_signer(g, i),
				   v->prev, full, v->q, s->ord, &vd,
				   err);
	v->prev = s->hash;
	if (!unread)
		verified_free(&vd);
	/* its bytes, once verified (queued checks copy theirs) */
	if (v->drop && !vr) {
		free(s->blob);
		s->blob = NULL;
		g->orders_dropped = 1;
	}
	if (vr) {
		error_prefix(err, "step %zu", i + 1);
		return -1;
	}
	const struct orders *o = game_step_orders(s);
	if (!unread &&
	    sodium_memcmp(o->reveal, s->reveal_actor, 32) != 0) {
		errorf(err, EXIT_REFUSED, "step %zu: the actor's "
		       "reveal differs from the one in its orders",
		       i + 1);
		return -1;
	}
	/* a late step where the clock and its record allow one,
	 * its orders what a late step's carry */
	if (late && late_step_read(g, s->n, s->actor, s->counter,
				   s->reveal_actor,
				   unread ? NULL : o, err) < 0)
		return -1;
	/* (a late step reveals no link of its actor) */
	if ((!late && game_reveal_check(g, game_role(g, s->actor),
					(uint64_t)s->n, s->reveal_actor,
					err)) ||
	    game_reveal_check(g, game_role(g, s->counter),
			      (uint64_t)s->n, s->reveal_counter, err)) {
		error_prefix(err, "step %zu", i + 1);
		return -1;
	}
	for (size_t r = 0; g->chain_log && r < g->n_roles; r++) {
		struct chain_at *c = &g->chain_log[i * g->n_roles + r];
		memcpy(c->last, g->roles[r].last, 32);
		c->index = g->roles[r].last_index;
	}
	if (!skip)
		chain_seed(g->genesis, (uint64_t)s->n, s->reveal_actor,
			   s->reveal_counter, seed);
	if (!skip && sodium_memcmp(seed, s->seed, 32) != 0) {
		errorf(err, EXIT_REFUSED, "step %zu: the seed is not "
		       "the one the reveals give", i + 1);
		return -1;
	}
	if (full) {
		unsigned char msg[64 + 32];
		game_countersign_message(g, s->hash, msg);
		size_t ml = strlen(D_COUNTERSIGN) + 64;
		if (sigq_verify(v->q, s->sig, msg, ml,
				game_role(g, s->counter)->pk.pk)) {
			errorf(err, EXIT_REFUSED, "step %zu: the "
			       "countersignature of %s does not match "
			       "(the step was edited)", i + 1,
			       s->counter);
			return -1;
		}
	}
	if (g->pack_orders && !unread)
		orders_pack(s->ord);
	*es = (struct engine_step){
		.mode = STEP_PLAY, .actor = s->actor,
		.answers = o->answers,
		.n_answers = o->n_answers,
		.standing = o->standing,
		.n_standing = o->n_standing,
		.late = late,
	};
	es->src = unread ? "(a step before the checkpoint)" :
		o->doc->name;
	/* its state hash verified here before: not made again,
	 * but for the last step's (the state the file stores,
	 * and where the replay must have come to); every step's
	 * when a replay from a checkpoint disagreed and the game
	 * is played from the start, so that the first step that
	 * differs is the one named */
	es->state_vouched = !full && i + 1 < g->n_steps &&
		g->checkpoints != CHECKPOINTS_REDO;
	if (!skip)
		memcpy(es->seed, s->seed, 32);
	return 0;
}

/* The stored state is a copy for readers: it must be the state after
 * the last step (hashed in it), or the start. With an extra step the
 * replay has gone past it; compare the hashes. */
static int stored_state(struct game *g, const struct engine_step *extra,
			const struct run *run, struct error *err)
{
	if (g->state_stale)
		return 0;
	struct doc *d = doc_new("state");
	int eq;
	if (!extra || g->n_steps == 0) {
		eq = doc_same(g->scn.rs->save(extra ? g->start_state :
					  run->state, d),
			      game_field(g, "state"));
	} else {
		unsigned char h[32];
		if (game_step_fields(g, g->n_steps - 1, err)) {
			doc_free(d);
			return -1;
		}
		doc_hash("umpire/1 state", game_field(g, "state"), h);
		eq = sodium_memcmp(h, g->steps[g->n_steps - 1].state_hash,
				   32) == 0;
	}
	doc_free(d);
	if (!eq)
		return errorf(err, EXIT_REFUSED, "the stored state differs "
			      "from the state after step %zu", g->n_steps);
	return 0;
}

/* A game whose steps are pulled from its file (game.pulled): each
 * step verified as the replay comes to it (verify_step), the two the
 * replay holds (the current step and the next) in g->steps */
struct pulled {
	struct verify v;
	struct engine_step es[2];
	size_t given;                 /* steps verified so far */
	int failed;                   /* one refused: err says why */
	struct error err;
};

static int pull_step(void *user, size_t i, const struct engine_step **step)
{
	struct pulled *p = user;
	struct game *g = p->v.g;
	if (i >= g->n_steps)
		return 1;
	int got = game_step_pull(g, i, &p->err);
	if (got == 0)
		errorf(&p->err, EXIT_REFUSED, "%s: the file has fewer steps "
		       "read again than read first: it changed while it was "
		       "audited", g->doc->name);
	if (got != 1) {
		p->failed = 1;
		return -1;
	}
	if (verify_step(&p->v, i, 0, &p->es[i % 2], &p->err)) {
		p->failed = 1;
		return -1;
	}
	p->given = i + 1;
	*step = &p->es[i % 2];
	return 0;
}

/*
 * check_game of a game whose steps are pulled (umpire audit with no
 * view, of a file): the replay takes each step as it comes to it
 * (run_opts.source), verified then, and compares it as it ends
 * (compare_ended); a step is dropped once the replay is two steps
 * past it. What is refused is what check_game refuses, in its order:
 * a step that does not verify (the steps the replay did not come to
 * are verified after it), then the replay's refusal, then the first
 * step the replay differs from, then the stored state. A signature
 * that does not verify (queued) has the file read again without the
 * queue (game.reread), which says which.
 */
static int check_pulled(struct game *g, struct run *run, struct error *err)
{
	memset(run, 0, sizeof *run);
	if (game_unjoined(g))
		return game_verify_header(g, err);
	struct sigq *q = sigq_new();
	if (game_joins_verify(g, 1, q, err)) {
		sigq_finish(&q);
		return -1;
	}
	/* (the orders' bytes are the step's, dropped with it) */
	g->orders_dropped = 1;
	struct pulled p = { .v = { g, CHECK_FULL, 0, g->genesis, 0, q } };
	struct compared cmp = { .g = g };
	const struct step_source src = { pull_step, &p };
	struct run_opts opts = { .examples = g->examples,
				 .ended = compare_ended, .user = &cmp,
				 .source = &src };
	int rc = -1;
	int ran = engine_run_opts(g->scn.rs, g->start_state, &opts, NULL, 0,
				  run);
	/* the steps after those the replay came to */
	const struct engine_step *ignored;
	for (size_t i = p.given; !p.failed && i < g->n_steps; i++)
		pull_step(&p, i, &ignored);
	if (!p.failed && game_steps_pulled(g, &p.err))
		p.failed = 1;
	if (sigq_finish(&q))
		goto out;
	if (p.failed)
		*err = p.err;
	else if (ran)
		*err = run->err;
	else if (cmp.bad)
		*err = cmp.err;
	else
		rc = stored_state(g, NULL, run, err);
	if (rc == 0)
		return 0;
	engine_free(run);
	return -1;
out:
	sigq_finish(&q);
	engine_free(run);
	g->reread = 1;
	return errorf(err, EXIT_REFUSED, "%s: a signature does not verify",
		      g->doc->name);
}

/*
 * game_check, its signatures verified on a second thread (sigq.h) while
 * it goes on when queue is set. Every signature is then known good or
 * not before anything is kept (checkpoints) or returned; where one is
 * not, the whole check runs again with none queued, and that run alone
 * says what is wrong and where, as if nothing had been queued.
 */
static int check_game(struct game *g, enum check_level level,
		      const struct engine_step *extra, struct run *run,
		      int queue, struct error *err)
{
	struct engine_step *es;
	int rc = -1;
	if (g->pulled && level == CHECK_FULL && !extra && queue)
		return check_pulled(g, run, err);
	memset(run, 0, sizeof *run);
	const char *who = game_unjoined(g);
	if (who)
		return game_verify_header(g, err);
	struct sigq *q = queue ? sigq_new() : NULL;
	int forged = 0;
	/* this machine's checkpoints: steps 1..vouched were verified here */
	struct checkpoints cp;
	struct resume_point from;
	size_t vouched = 0;
	int use_cp = g->checkpoints && level == CHECK_LIGHT &&
		!g->at_step_end;
	/* the vouched prefix serves a replay from its checkpoint only */
	if (g->n_stub && !(use_cp && g->checkpoints == CHECKPOINTS_USE)) {
		sigq_finish(&q);
		if (game_unstub(g, err))
			return -1;
		return check_game(g, level, extra, run, queue, err);
	}
	/* zeroed from the vouched prefix's last step on: the entries of
	 * the stubs before it are never read (the checkpoints' prefixes
	 * are cut after it, a view counts from it), and clearing a
	 * step's entries for every role was linear in the game */
	free(g->chain_log);
	size_t log_n = (g->n_steps ? g->n_steps : 1) * g->n_roles;
	size_t log_from = g->n_stub ? (g->n_stub - 1) * g->n_roles : 0;
	g->chain_log = xmalloc(log_n * sizeof *g->chain_log);
	memset(g->chain_log + log_from, 0,
	       (log_n - log_from) * sizeof *g->chain_log);
	memset(&cp, 0, sizeof cp);
	memset(&from, 0, sizeof from);
	int borrowed = use_cp && g->cp;
	if (borrowed)
		cp = *g->cp;          /* read by game_parse: g's */
	else if (use_cp)
		checkpoints_open(&cp, g);
	/* the join signatures, unless this header (its genesis, which
	 * covers them) was verified here; queued, they fail only in
	 * sigq_finish below */
	if (game_joins_verify(g, !cp.doc, q, err)) {
		if (!borrowed)
			checkpoints_close(&cp);
		sigq_finish(&q);
		return -1;
	}
	/* the stubs, steps 1..n_stub, were all verified here */
	if (use_cp && vouched < g->n_stub)
		vouched = g->n_stub;
	while (use_cp && vouched < g->n_steps &&
	       (g->steps[vouched].verified_here ||
		checkpoints_vouch(&cp, g, vouched)))
		vouched++;
	/* resumed: the orders of the steps before the checkpoint are not
	 * played; each role's standing orders in its latest step before it
	 * (they may persist, ruleset.standing_persist) come with the
	 * checkpoint */
	size_t before = g->events_from && g->events_from - 1 < vouched ?
		g->events_from - 1 : vouched;
	int found = g->checkpoints == CHECKPOINTS_USE && use_cp ?
		checkpoints_point(&cp, g, before, &from) : -1;
	int resume = found == 0;
	/* the stubs: each role's chain after them, and a replay that
	 * resumes where they were cut for; else the game read whole */
	/* (at the prefix's own checkpoint, or at a later one: the steps
	 * between are read, and vouched for as any step before a resume
	 * point is) */
	int stubs_ok = resume && from.at.cur + 1 >= cp.prefix.point;
	for (size_t r = 0; g->n_stub && stubs_ok && r < g->n_roles; r++) {
		struct role *ro = &g->roles[r];
		stubs_ok = 0;
		for (size_t k = 0; k < cp.prefix.n_roles; k++)
			if (!strcmp(cp.prefix.roles[k].name, ro->name)) {
				memcpy(ro->last, cp.prefix.roles[k].last, 32);
				ro->last_index = cp.prefix.roles[k].index;
				g->chain_log[(g->n_stub - 1) * g->n_roles + r] =
					(struct chain_at){ .index =
							   ro->last_index };
				memcpy(g->chain_log[(g->n_stub - 1) *
						    g->n_roles + r].last,
				       ro->last, 32);
				stubs_ok = 1;
			}
	}
	if (g->n_stub && !stubs_ok) {
		resume_point_free(&from);
		sigq_finish(&q);
		if (game_unstub(g, err))
			return -1;
		return check_game(g, level, extra, run, queue, err);
	}
	unsigned char *unread = xcalloc(g->n_steps + 1, 1);
	if (resume)
		memset(unread, 1, from.at.cur);
	/* each step's engine_step and hook are set in the loop below
	 * (a stub's too): not zeroed first */
	es = xmalloc((g->n_steps + 1) * sizeof *es);
	struct hook_arg *hooks = xmalloc((g->n_steps + 1) * sizeof *hooks);
	const unsigned char *prev = g->genesis;
	/* each step's orders' bytes freed once verified (drop_orders):
	 * for a check of the whole game read from a file, queued */
	int drop = g->drop_orders && g->rereadable && g->streamed && q &&
		level == CHECK_FULL && !extra && !g->n_stub;
	/* the vouched prefix (stubs, steps 1..n_stub): verified here,
	 * never read; one copy each (the loop below for each was 52
	 * instructions a step, 0.1M at step 1,024 of a long game) */
	const struct engine_step stub = { .mode = STEP_PLAY,
		.src = "(a step before the checkpoint)" };
	for (size_t i = 0; i < g->n_stub; i++)
		es[i] = stub;
	if (g->n_stub)
		prev = g->steps[g->n_stub - 1].hash;
	struct verify v = { g, level, vouched, prev, drop, q };
	for (size_t i = g->n_stub; i < g->n_steps; i++) {
		if (g->steps[i].stub) {
			es[i] = stub;
			v.prev = g->steps[i].hash;
			continue;
		}
		if (verify_step(&v, i, unread[i], &es[i], err))
			goto out;
		if (g->at_step_end) {
			hooks[i] = (struct hook_arg){ g, i + 1 };
			es[i].at_end = step_end_hook;
			es[i].user = &hooks[i];
		}
	}
	for (size_t k = 0; resume && k < from.n_persist; k++) {
		const struct persisted *p = &from.persist[k];
		es[p->step].actor = game_role(g, p->role)->name;
		es[p->step].standing = p->standing;
		es[p->step].n_standing = p->n_standing;
	}
	size_t n = g->n_steps;
	if (extra)
		es[n++] = *extra;
	/* from the latest checkpoint in the steps vouched for, else from the
	 * start; a resumed run that fails, or disagrees with a step it
	 * replayed, is played again from the start, which alone decides (a
	 * checkpoint never changes an outcome). Checkpoints are kept only
	 * for a file that will be written. */
	int save_cp = use_cp && (g->checkpoints == CHECKPOINTS_REDO ||
				 found == -2 || !checkpoints_current(&cp, g));
	struct run_opts opts = { .from = resume ? &from : NULL,
				 .keep_points = save_cp && g->n_steps,
				 .points_below = g->n_steps,
				 .examples = g->examples };
	/* a whole game's check, no log kept: each step compared as it
	 * ends (never from a checkpoint: a CHECK_FULL uses none) */
	struct compared cmp = { .g = g };
	if (g->stream_run && !opts.from && !save_cp) {
		opts.ended = compare_ended;
		opts.user = &cmp;
	}
	int ran = engine_run_opts(g->scn.rs, g->start_state, &opts, es, n, run);
	if (sigq_finish(&q)) {
		forged = 1;
		goto out;
	}
	int bad = ran;
	if (!bad && opts.ended && cmp.bad) {
		*err = cmp.err;
		bad = -1;
	}
	for (size_t i = run->resumed; !bad && !opts.ended && i < g->n_steps;
	     i++)
		bad = compare_step(g, run, i, &run->ends[i],
				   !opts.from || i > run->resumed, err);
	if (opts.from && bad) {
		/* from the start, with every step's orders */
		engine_free(run);
		free(es);
		free(hooks);
		free(unread);
		resume_point_free(&from);
		if (!borrowed)
			checkpoints_close(&cp);
		g->checkpoints = CHECKPOINTS_REDO;
		rc = game_unstub(g, err) ? -1 :
			check_game(g, level, extra, run, queue, err);
		g->checkpoints = CHECKPOINTS_USE;
		return rc;
	}
	if (ran) {
		*err = run->err;
		if (extra && strstr(err->msg, "step ") == NULL)
			error_prefix(err, "step %zu", n);
		goto out;
	}
	if (bad)
		goto out;
	if (stored_state(g, extra, run, err))
		goto out;
	rc = 0;
	if (save_cp)
		checkpoints_save(g, run, es, &cp);
out:
	forged |= sigq_finish(&q);
	free(es);
	free(hooks);
	free(unread);
	if (!borrowed)
		checkpoints_close(&cp);
	resume_point_free(&from);
	if (forged) {
		engine_free(run);
		/* the check without a queue reads the bytes freed: only the
		 * file read again (drop_orders 0) says what is wrong */
		if (g->orders_dropped) {
			g->reread = 1;
			return errorf(err, EXIT_REFUSED, "%s: a signature "
				      "does not verify", g->doc->name);
		}
		return check_game(g, level, extra, run, 0, err);
	}
	if (rc && run->state)
		engine_free(run);
	/* refused with the vouched prefix unread: the game read whole
	 * decides, and says why */
	if (rc && g->n_stub) {
		if (game_unstub(g, err))
			return -1;
		return check_game(g, level, extra, run, queue, err);
	}
	return rc;
}

int game_check(struct game *g, enum check_level level,
	       const struct engine_step *extra, struct run *run,
	       struct error *err)
{
	/* the judge's record (clock.c): a forfeit ends the game */
	const char *f = clock_forfeit(g);
	int over;
	if (f && extra) {
		memset(run, 0, sizeof *run);
		return errorf(err, EXIT_REFUSED, "the game is over: %s "
			      "forfeited (the judge's record)", f);
	}
	if (check_game(g, level, extra, run, 1, err))
		return -1;
	if (!game_unjoined(g) &&
	    clock_verify(g, run->outcome == RUN_PENDING ? run->pending.role :
			 NULL, level == CHECK_FULL, &over, err)) {
		engine_free(run);
		return -1;
	}
	if (!extra && !game_unjoined(g) && over)
		run->outcome = RUN_OVER;
	return 0;
}
