/*
 * gamewrite.c - a game made and written, the top of the game's layers:
 * game_create, the joins (game_join, game_take_joins), and the game
 * file emitted and read back before it is written (game_emit_checked,
 * game_emit_step) with the vouched prefix spliced back in.
 */
#define _GNU_SOURCE             /* memmem */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sodium.h>
#include "umpire/readback.h"
#include "umpire/checkpoint.h"
#include "umpire/clock.h"
#include "umpire/game.h"
#include "umpire/sign.h"
#include "gameload.h"
#include "gamecheck.h"

int game_create(struct game *g, const char *scn_dir, const char *scenario_id,
		char *const *sets, size_t n_sets, const char *const *names,
		const struct pubkey *keys, const char *const *invites,
		size_t n_roles, uint32_t chain_length,
		const struct game_clock *clock, struct error *err)
{
	unsigned char id[16];
	char tag[80], b64[PUBKEY_B64_SIZE];
	struct doc_node *opts;
	memset(g, 0, sizeof *g);
	g->doc = doc_new("game");
	struct doc *d = g->doc;
	if (scenario_find(scn_dir, scenario_id, &g->scn, err) ||
	    scenario_options(&g->scn, d, sets, n_sets, &opts, err))
		goto fail;
	struct doc_node *r = doc_map(d);
	d->root = r;
	randombytes_buf(id, sizeof id);
	doc_set_str(d, r, "umpire", GAME_FORMAT);
	doc_set(d, r, "game", doc_hex(d, id, sizeof id));
	doc_set_str(d, r, "scenario", g->scn.id);
	doc_set_int(d, r, "scenario_version", g->scn.version);
	doc_set(d, r, "scenario_hash", doc_b64_32(d, g->scn.hash));
	game_rules_tag(g->scn.rs, tag, sizeof tag);
	doc_set_str(d, r, "rules", tag);
	doc_set_str(d, r, "provenance", g->scn.provenance);
	doc_set(d, r, "options", opts);
	doc_set_int(d, r, "chain_length", chain_length);
	if (clock && clock->set) {
		struct doc_node *c = doc_map(d);
		char t[32];
		clock_duration_str(clock->deadline, t, sizeof t);
		doc_set_str(d, c, "deadline", t);
		clock_duration_str(clock->remind, t, sizeof t);
		doc_set_str(d, c, "remind", t);
		clock_duration_str(clock->grace, t, sizeof t);
		doc_set_str(d, c, "grace", t);
		doc_set_str(d, c, "on_late", clock_late_name(clock->on_late));
		/* only when given: a clock without it hashes as before */
		if (clock->forfeit_after)
			doc_set_int(d, c, "forfeit_after",
				    clock->forfeit_after);
		doc_set(d, r, "clock", c);
	}
	struct doc_node *roles = doc_seq(d);
	for (size_t i = 0; i < n_roles; i++) {
		struct doc_node *m = doc_map(d);
		doc_set_str(d, m, "name", names[i]);
		pubkey_to_b64(&keys[i], b64);
		doc_set_str(d, m, "key", b64);
		if (invites && invites[i])
			doc_set_str(d, m, "invite", invites[i]);
		doc_push(d, roles, m);
	}
	doc_set(d, r, "roles", roles);
	doc_set(d, r, "state", doc_map(d));
	doc_set(d, r, "steps", doc_seq(d));
	/* Reload through the one validating path. */
	struct strbuf sb = STRBUF_INIT;
	if (doc_emit(r, &sb, err)) {
		strbuf_free(&sb);
		goto fail;
	}
	scenario_free(&g->scn);
	doc_free(g->doc);
	memset(g, 0, sizeof *g);
	g->doc = doc_new("new game");
	int rc = doc_parse(g->doc, sb.buf, sb.len, &DOC_LIMITS_GAME, err);
	strbuf_free(&sb);
	if (rc || game_read_body(g, scn_dir, 0, err))
		goto fail;
	/* the judge plays a late side only by the rules' late answers,
	 * as the game's referee (clock.h) */
	if (clock && clock->set && clock->on_late == LATE_STANDING &&
	    !game_role(g, "referee")) {
		errorf(err, EXIT_USAGE, "on-late=standing: the judge plays a "
		       "late side as the game's referee, and this game has "
		       "none (--referee)");
		goto fail;
	}
	if (clock_check_scenario(&g->clock, g->scn.rs, err))
		goto fail;
	struct doc_node *st = g->scn.rs->save(g->start_state, g->doc);
	doc_put(g->doc, g->doc->root, "state", st);
	return 0;
fail:
	game_free(g);
	return -1;
}

/* r has joined: its nonce, anchor and signature into its mapping of
 * the header, and the header's hashes anew. */
static void put_join(struct game *g, struct role *r)
{
	r->joined = 1;
	struct doc_node *roles = game_field(g, "roles");
	for (size_t i = 0; i < roles->n; i++) {
		struct doc_node *rm = roles->items[i];
		if (strcmp(doc_get(rm, "name")->str, r->name) != 0)
			continue;
		doc_put(g->doc, rm, "nonce", doc_b64_32(g->doc, r->nonce));
		doc_put(g->doc, rm, "anchor", doc_b64_32(g->doc, r->anchor));
		doc_put(g->doc, rm, "signature", doc_b64(g->doc, r->sig, 64));
		if (r->address) {
			doc_set_str(g->doc, rm, "address", r->address);
			r->address = doc_get(rm, "address")->str;
			/* one addr-spec (game_join_address_check): itself */
			snprintf(r->join_spec, sizeof r->join_spec, "%s",
				 r->address);
		}
	}
	game_header_hashes(g);
}

int game_join(struct game *g, const char *name, const struct seckey *sk,
	      struct error *err)
{
	return game_join_address(g, name, sk, NULL, err);
}

int game_join_address(struct game *g, const char *name,
		      const struct seckey *sk, const char *address,
		      struct error *err)
{
	struct role *r = game_role(g, name);
	struct pubkey pk;
	if (!r) {
		struct strbuf sb = STRBUF_INIT;
		for (size_t i = 0; i < g->n_roles; i++)
			strbuf_addf(&sb, "%s%s", i ? ", " : "",
				    g->roles[i].name);
		errorf(err, EXIT_USAGE, "this game has no role '%s' (its "
		       "roles: %s)", name, sb.buf);
		strbuf_free(&sb);
		return -1;
	}
	seckey_pubkey(sk, &pk);
	if (sodium_memcmp(&pk, &r->pk, sizeof pk) != 0)
		return errorf(err, EXIT_REFUSED, "this secret key is not the "
			      "key of role %s", name);
	if (r->joined)
		return errorf(err, EXIT_REFUSED, "role %s has already joined",
			      name);
	/* hidden information: a referee key that is also another party's
	 * side key would show that side every hidden card. Only the
	 * joiner's own key may double as the referee's (solo play). */
	struct role *ref = game_role(g, "referee");
	for (size_t i = 0; ref && i < g->n_roles; i++) {
		struct role *o = &g->roles[i];
		if (o == ref || sodium_memcmp(&o->pk, &ref->pk,
					      sizeof o->pk) != 0 ||
		    sodium_memcmp(&o->pk, &pk, sizeof pk) == 0)
			continue;
		return errorf(err, EXIT_REFUSED, "%s: the referee key is also "
			      "side %s's key: %s would adjudicate its own "
			      "game and see every hidden card; not joining "
			      "(a referee needs a key of its own)",
			      g->doc->name, o->name, o->name);
	}
	if (game_join_address_check(g->doc->name, name, address, err))
		return -1;
	/* a join commits to the header as it stands: the joins in it */
	if (game_joins_verify(g, 1, NULL, err))
		return error_prefix(err, "%s", g->doc->name);
	/* fresh randomness: the same header joined twice gives two
	 * different chains, hence two different games' seeds */
	randombytes_buf(r->nonce, sizeof r->nonce);
	r->address = address;   /* copied into the doc by put_join */
	if (game_link(g, name, sk, 0, r->anchor, err))
		return -1;
	struct strbuf m = STRBUF_INIT;
	game_join_message(g, r, &m);
	crypto_sign_detached(r->sig, NULL, (unsigned char *)m.buf, m.len,
			     sk->sk);
	strbuf_free(&m);
	put_join(g, r);
	return 0;
}

int game_take_joins(struct game *g, struct game *in, size_t *added,
		    struct error *err)
{
	*added = 0;
	if (strcmp(g->id, in->id) != 0 ||
	    sodium_memcmp(g->core_hash, in->core_hash, 32) != 0)
		return errorf(err, EXIT_REFUSED, "%s: game %s with another "
			      "header than the game %s kept (a join is made "
			      "on the game file as created)", in->doc->name,
			      in->id, g->id);
	if (game_joins_verify(in, 1, NULL, err))
		return error_prefix(err, "%s", in->doc->name);
	/* every join of a file read to take its joins is held to the rule
	 * of a new join (the roles g has joined too: a new game taken
	 * whole, umpire judge --accept-new, is g and in at once), so a
	 * join carrying a list of addresses is never taken */
	for (size_t i = 0; i < in->n_roles; i++)
		if (in->roles[i].joined &&
		    game_join_address_check(in->doc->name, in->roles[i].name,
					    in->roles[i].address, err))
			return -1;
	for (size_t i = 0; i < in->n_roles; i++) {
		const struct role *o = &in->roles[i];
		struct role *r = game_role(g, o->name);
		if (!o->joined)
			continue;
		if (r->joined) {
			if (sodium_memcmp(r->sig, o->sig, 64) != 0)
				return errorf(err, EXIT_REFUSED, "%s: role %s "
					      "joined game %s already, with "
					      "another join", in->doc->name,
					      o->name, g->id);
			continue;
		}
		if (g->n_steps)
			return errorf(err, EXIT_REFUSED, "%s: game %s has %zu "
				      "steps already; joins come before the "
				      "first", in->doc->name, g->id,
				      g->n_steps);
		memcpy(r->nonce, o->nonce, 32);
		memcpy(r->anchor, o->anchor, 32);
		memcpy(r->sig, o->sig, 64);
		r->address = o->address;
		r->joined = 1;
		put_join(g, r);
		(*added)++;
	}
	return 0;
}

int game_party_signed(struct game *g, const struct game *in)
{
	if (sodium_memcmp(g->core_hash, in->core_hash, 32) != 0)
		return 0;
	for (size_t i = 0; i < in->n_roles; i++) {
		const struct role *o = &in->roles[i];
		struct role *r = game_role(g, o->name);
		/* a join g holds already is anyone's to copy */
		if (!o->joined || !r || (r->joined &&
					 !sodium_memcmp(r->sig, o->sig, 64)))
			continue;
		struct strbuf m = STRBUF_INIT;
		game_join_message(in, o, &m);
		int ok = crypto_sign_verify_detached(o->sig,
			(const unsigned char *)m.buf, m.len, r->pk.pk) == 0;
		strbuf_free(&m);
		if (ok)
			return 1;
	}
	return 0;
}

int game_emit_checked(const struct game *g, const char *scn_dir,
		      struct strbuf *out, struct error *err)
{
	struct game back;
	struct orders ord;
	struct verified v;
	if (game_emit(g, out, err))
		return -1;
	/* read back as the next command will: the whole file, and the
	 * last step's orders with their signature */
	int rc = game_parse(&back, g->doc->name, out->buf, out->len, scn_dir,
			    err);
	int parsed = rc == 0;    /* game_parse frees what it fails on */
	if (rc == 0 && back.n_steps > 0) {
		size_t last = back.n_steps - 1;
		const struct game_step *s = &back.steps[last];
		memset(&ord, 0, sizeof ord);
		rc = game_orders_verify(&back, "the new step's orders",
					(const char *)s->blob, s->blob_len,
					NULL, 0, s->n, s->actor,
					game_step_signer(&back, last),
					game_prev(&back, last), 1, NULL, &ord,
					&v, err);
		orders_free(&ord);
		verified_free(&v);
	}
	if (parsed)
		game_free(&back);
	if (rc)
		error_prefix(err, "nothing written: the game file would not "
			     "read back");
	return rc;
}

/* Whether text (len bytes) is what doc_emit writes for node as an item
 * of the steps (a sequence of it alone). */
static int step_as_written(const struct doc_node *node, const char *text,
			   size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	struct error ignored;
	struct doc *e = doc_new("step");
	struct doc_node *seq = doc_seq(e);
	doc_push(e, seq, (struct doc_node *)node);
	int same = doc_emit(seq, &sb, &ignored) == 0 && sb.len == len &&
		memcmp(sb.buf, text, len) == 0;
	doc_free(e);
	strbuf_free(&sb);
	return same;
}

/* Whether text (len bytes) is the text whose hash checkpoints_save
 * worked out for step s, node its node: the text umpire writes for it. */
static int step_text_hashed(const struct game_step *s,
			    const struct doc_node *node, const char *text,
			    size_t len)
{
	unsigned char h[32];
	if (!s->text_hashed || s->node != node)
		return 0;
	crypto_generichash(h, 32, (const unsigned char *)text, len, NULL, 0);
	return sodium_memcmp(h, s->text_hash, 32) == 0;
}

/*
 * The steps the tree holds after the vouched prefix that were read from
 * the game file (g->src) as umpire writes them: how many (the leading
 * items of the steps node that have a source line), when the text
 * doc_emit makes of them is, byte for byte, the text they were read
 * from (then appended to text); else 0, and the whole tree is written
 * and read back (a layout of the file's own is written as umpire writes
 * it, which the checkpoints' vouched prefix needs).
 */
static size_t steps_read(const struct game *g, const struct doc_node *steps,
			 struct strbuf *text)
{
	size_t n = 0;
	if (!g->src || !steps || steps->kind != DOC_SEQ)
		return 0;
	while (n < steps->n && steps->items[n]->line > 0)
		n++;
	if (!n)
		return 0;
	/* each step's text (from a line beginning "- " to the next) with
	 * the hash this machine recorded of the text umpire writes for it
	 * kept as read, nothing written; a step without one (the latest:
	 * the command that adjudicated it recorded the steps before it)
	 * compared with the hash this check's checkpoints_save worked out
	 * for it (game_step.text_hash), else written alone and compared,
	 * an item of the steps being written the same alone as among
	 * them */
	const char *at = g->src + g->src_head, *end = g->src + g->src_len;
	size_t k = 0;
	while (at < end && k < n && end - at >= 2 && at[0] == '-' &&
	       at[1] == ' ') {
		const char *next = memmem(at, (size_t)(end - at), "\n- ", 3);
		next = next ? next + 1 : end;
		if (!checkpoints_step_text(g->cp, g->n_stub + k, at,
					   (size_t)(next - at)) &&
		    !step_text_hashed(&g->steps[g->n_stub + k],
				      steps->items[k], at,
				      (size_t)(next - at)) &&
		    !step_as_written(steps->items[k], at,
				     (size_t)(next - at)))
			break;
		at = next;
		k++;
	}
	if (k != n || at != end)
		return 0;
	strbuf_add(text, g->src + g->src_head, g->src_len - g->src_head);
	return n;
}

int game_emit_step(struct game *g, struct strbuf *out, struct error *err)
{
	return game_emit_step_gap(g, out, NULL, err);
}

int game_emit_step_gap(struct game *g, struct strbuf *out, size_t *gap,
		       struct error *err)
{
	if (gap)
		*gap = (size_t)-1;

	struct orders ord;
	struct verified v;
	/* The steps read from the game file (after the vouched prefix),
	 * when umpire wrote them so, are written as they were read, not
	 * read back: only the header, the state and the new step are. The
	 * vouched prefix (stubs), byte for byte as verified, before them. */
	struct doc_node *steps = game_field(g, "steps");
	struct strbuf read = STRBUF_INIT;
	size_t kept = steps_read(g, steps, &read);
	struct doc_node **items = steps ? steps->items : NULL;
	if (kept) {
		steps->items += kept;
		steps->n -= kept;
	}
	struct strbuf tree = STRBUF_INIT,
		*text = g->n_stub || kept ? &tree : out;
	int rc = doc_emit(g->doc->root, text, err), same = 0;
	/* a judge's memo: a piece at a time, what it knows not parsed
	 * again, what it does not kept for the next message's load; the
	 * whole read back where that does not say "the same" */
	if (rc == 0 && g->memo)
		same = readback_memo(g->doc->root, text->buf, text->len,
				     g->doc->name, g->memo);
	if (rc == 0 && !same) {
		int r = readback_same(g->doc->root, game_field(g, "state"),
				      g->read_state, g->src,
				      g->src ? g->src_head : 0, text->buf,
				      text->len, g->doc->name, err);
		rc = r < 0 ? -1 : 0;
		same = r == 1;
	}
	if (kept) {
		steps->items = items;
		steps->n += kept;
	}
	if (rc == 0 && !same)
		rc = errorf(err, EXIT_USAGE, "%s: the text written does not "
			    "read back as the game it was written from",
			    g->doc->name);
	if (rc == 0 && g->n_steps > 0) {
		size_t last = g->n_steps - 1;
		const struct game_step *s = &g->steps[last];
		/* its signatures once: the blob game_adjudicate made of
		 * orders it verified is parsed and checked against the
		 * step, not verified again */
		unsigned char bh[32];
		crypto_generichash(bh, 32, s->blob, s->blob_len, NULL, 0);
		int fresh = g->has_fresh_blob &&
			sodium_memcmp(bh, g->fresh_blob, 32) == 0;
		memset(&ord, 0, sizeof ord);
		rc = game_orders_verify(g, "the new step's orders",
					(const char *)s->blob, s->blob_len,
					NULL, 0, s->n, s->actor,
					game_step_signer(g, last),
					game_prev(g, last), !fresh, NULL, &ord,
					&v, err);
		orders_free(&ord);
		verified_free(&v);
	}
	if (rc == 0 && (g->n_stub || kept)) {
		size_t b = game_steps_begin(tree.buf, tree.len);
		if (!b) {
			rc = errorf(err, EXIT_USAGE, "%s: the text written has "
				    "no steps to put the verified ones before",
				    g->doc->name);
		} else {
			/* the vouched prefix, most of a long game's file,
			 * left where it is when the caller writes parts (a
			 * copy of 1.6 MB at step 1,024 of a long game, and
			 * the buffer grown to it, were 2.2M instructions) */
			strbuf_add(out, tree.buf, b);
			if (gap)
				*gap = out->len;
			else if (g->n_stub)
				strbuf_add(out, g->cp->prefix.text,
					   g->cp->prefix.len);
			strbuf_add(out, read.buf, read.len);
			strbuf_add(out, tree.buf + b, tree.len - b);
		}
	}
	strbuf_free(&tree);
	strbuf_free(&read);
	if (gap && (rc || *gap > out->len))
		*gap = out->len;
	if (rc)
		error_prefix(err, "nothing written: the game file would not "
			     "read back");
	return rc;
}
