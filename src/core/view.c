/*
 * view.c - redaction into commitments.
 *
 * commitment = BLAKE2b-256("umpire/1 hide" || salt || side || 0x00 ||
 *                          u32be(index) || canonical encoding of the part)
 * A redacted part is the scalar "hidden:<commitment in base64>" (51
 * characters: see doc_b64_32).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/clock.h"
#include "umpire/rules.h"
#include "umpire/check.h"
#include "umpire/keys.h"
#include "umpire/report.h"
#include "umpire/memo.h"
#include "umpire/view.h"
#include "umpire/record.h"
#include "umpire/chain.h"
#include "umpire/check.h"
#include "umpire/orders.h"
#include "umpire/sign.h"

void redactor_init(struct redactor *r, const unsigned char salt[32],
		   const char *side)
{
	memcpy(r->salt, salt, 32);
	r->side = side;
	r->index = 0;
}

struct doc_node *redactor_hide(struct redactor *r, struct doc *d,
			       const struct doc_node *hidden)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned char h[32], be[4];
	char b64[DOC_B64_32_LEN + 1];
	uint32_t i = r->index++;
	be[0] = (unsigned char)(i >> 24);
	be[1] = (unsigned char)(i >> 16);
	be[2] = (unsigned char)(i >> 8);
	be[3] = (unsigned char)i;
	strbuf_adds(&sb, "umpire/1 hide");
	strbuf_add(&sb, r->salt, 32);
	strbuf_adds(&sb, r->side);
	strbuf_addc(&sb, '\0');
	strbuf_add(&sb, be, 4);
	doc_encode(hidden, &sb);
	crypto_generichash(h, 32, (unsigned char *)sb.buf, sb.len, NULL, 0);
	strbuf_free(&sb);
	doc_b64_32_str(b64, h);
	return doc_strf(d, "hidden:%s", b64);
}

int view_mark_seen(const struct run *run, size_t i, size_t from, size_t step,
		   const char *side)
{
	return run->mark_steps[i] >= from && run->mark_steps[i] <= step &&
	       visible_to(run->marks[i].visible, side);
}

/* ---- view files ---- */

static const char *const view_keys[] = { "umpire", "game", "side", "step",
	"prev", "since", "header", "state", "next", "result", "report",
	"marks", "signature", NULL };
static const char *const mark_keys[] = { "step", "kind", "from", "to",
	"label", "path", NULL };
static const char *const mark_keys_4[] = { "step", "kind", "from", "to",
	"label", NULL };
static const char *const since_keys[] = { "step", "actor", "index", "link",
	"vouch", NULL };

struct doc_node *view_state(const struct game *g, const void *state,
			    size_t step, const char *side, struct doc *d)
{
	if (!g->scn.rs->view)
		return g->scn.rs->save(state, d);
	struct redactor r;
	unsigned char salt[32];
	game_view_salt(g, step, salt);
	redactor_init(&r, salt, side);
	return g->scn.rs->view(state, side, d, &r);
}

/* The first step a view of step lists: the side's own latest step, or
 * step 1 if the side has not acted (a late step is none of its own: the
 * judge played it, and it revealed no link of the side). */
static size_t since_from(const struct game *g, size_t step, const char *side)
{
	for (size_t k = step; k >= 1; k--)
		if (game_step_own(g, k - 1, side))
			return k;
	return 1;
}

size_t view_first_step(const struct game *g, size_t step, const char *side)
{
	return since_from(g, step, side);
}

/* The most steps of the other sides in a row that a view lists, of n,
 * own[i] telling whether the i-th is the side's (its own latest, or a
 * late step the judge played for it, which breaks a run as any step of
 * the side does). */
static size_t since_after(size_t n, const unsigned char *own)
{
	size_t run = 0, most = 0;
	for (size_t i = 0; i < n; i++) {
		run = own[i] ? 0 : run + 1;
		if (run > most)
			most = run;
	}
	return most;
}

int view_can_list(const struct game *g, size_t step, const char *side,
		  struct error *err)
{
	size_t max = g->scn.rs->max_steps_between;
	if (step == 0)
		return 0;
	size_t from = since_from(g, step, side);
	unsigned char *own = xmalloc(step - from + 1);
	for (size_t k = from; k <= step; k++)
		own[k - from] = !strcmp(g->steps[k - 1].actor, side);
	size_t after = since_after(step - from + 1, own);
	free(own);
	if (max != STEPS_UNBOUNDED && after > max)
		return errorf(err, EXIT_REFUSED, "step %zu: %zu steps of the "
			      "other sides in a row before it, more than the "
			      "%zu the rules of %s allow: a view would be "
			      "refused (a fault of umpire's: please report it)",
			      step, after, max, g->scn.rs->id);
	for (size_t k = from; k <= step; k++)
		if (!game_step_orders(&g->steps[k - 1])->has_vouch)
			return errorf(err, EXIT_REFUSED, "step %zu: its orders "
				      "carry no 'vouch' (made before views "
				      "showed it), so no view can list it",
				      k);
	return 0;
}

/*
 * The steps a view vouches for: from the side's own latest step up to
 * this one (from step 1 if the side has not acted), each with its actor,
 * the actor's chain link and the actor's vouch (orders.h). The side
 * checks every link against its actor's anchor and every vouch against
 * its actor's key before it reveals a link of its own, so a referee
 * cannot number a view beyond the links the players really gave, nor
 * list a step nobody ordered; and a view lists no more steps after the
 * side's own than the rules allow (ruleset.max_steps_between). The
 * caller checked view_can_list.
 */
/* The index in each role's chain of its latest link revealed in steps
 * 1..k (game.h, GAME_FORMAT: the steps the role took part in), into
 * idx[r] for role r of g; the steps after k0 (the last k asked, idx
 * then its answer) counted on from there, each once: a view's since
 * list asks every step it tells, and counting each from the first was
 * the square of a long list (10M instructions for a letter that tells
 * a turn of 89 steps). */
static void links_to(const struct game *g, size_t k0, size_t k,
		     uint64_t *idx)
{
	size_t j = k0;
	if (k0 == 0) {
		/* the steps of the vouched prefix unread (a view of steps
		 * after it): each chain as check_game set it after them,
		 * from the checkpoints (a role reveals a link in each step
		 * it orders or adjudicates, never both in one) */
		int base = g->n_stub && k > g->n_stub && g->chain_log;
		for (size_t r = 0; r < g->n_roles; r++)
			idx[r] = base ? g->chain_log[(g->n_stub - 1) *
						      g->n_roles + r].index :
					0;
		j = base ? g->n_stub : 0;
	}
	/* (a late step revealed no link of its actor: a late step's entry
	 * gives the index of the actor's latest link) */
	for (; j < k; j++) {
		const struct game_step *s = &g->steps[j];
		int late = -1;
		for (size_t r = 0; r < g->n_roles; r++) {
			const char *name = g->roles[r].name;
			if (!strcmp(s->counter, name)) {
				idx[r]++;
			} else if (!strcmp(s->actor, name)) {
				if (late < 0)
					late = game_step_late(g, j);
				idx[r] += !late;
			}
		}
	}
}

static struct doc_node *view_since(const struct game *g, size_t step,
				   const char *side, struct doc *d)
{
	struct doc_node *seq = doc_seq(d);
	uint64_t idx[GAME_MAX_ROLES] = { 0 };
	size_t at = 0;
	for (size_t k = since_from(g, step, side); k <= step && step > 0; k++) {
		const struct game_step *s = &g->steps[k - 1];
		struct doc_node *e = doc_map(d);
		uint64_t index = k;
		if (!g->link_by_step) {
			links_to(g, at, k, idx);
			at = k;
			for (size_t r = 0; r < g->n_roles; r++)
				if (!strcmp(g->roles[r].name, s->actor))
					index = idx[r];
		}
		doc_set_int(d, e, "step", s->n);
		doc_set_str(d, e, "actor", s->actor);
		doc_set_int(d, e, "index", (long long)index);
		doc_set(d, e, "link", doc_b64_32(d, s->reveal_actor));
		doc_set(d, e, "vouch", doc_b64(d, game_step_orders(s)->vouch,
					       64));
		doc_push(d, seq, e);
	}
	return seq;
}

/*
 * The board marks of steps from..step that side may see (ctx_mark: a
 * mark private to another side is left out, as in its report), in the
 * order the rules made them: each a flow mapping of step, kind, from,
 * to and label ("" where the mark has none).
 */
static struct doc_node *view_marks(const struct run *run, size_t from,
				   size_t step, const char *side, int paths,
				   struct doc *d)
{
	struct doc_node *seq = doc_seq(d);
	for (size_t i = 0; from > 0 && i < run->n_marks; i++) {
		const struct mark *mk = &run->marks[i];
		if (!view_mark_seen(run, i, from, step, side))
			continue;
		struct doc_node *e = doc_map(d);
		e->style = DOC_STYLE_FLOW;
		doc_set_int(d, e, "step", (long long)run->mark_steps[i]);
		doc_set_str(d, e, "kind", mk->kind);
		doc_set_str(d, e, "from", mk->from);
		doc_set_str(d, e, "to", mk->to);
		doc_set_str(d, e, "label", mk->label);
		if (paths && mk->path[0])
			doc_set_str(d, e, "path", mk->path);
		doc_push(d, seq, e);
	}
	return seq;
}

struct doc_node *view_build(const struct game *g, const struct run *run,
			    const struct snapshot *snap, const char *side,
			    struct doc *d, int *partial)
{
	return view_build_as(g, run, snap, side, VIEW_FORMAT, d, partial);
}

struct doc_node *view_build_as(const struct game *g, const struct run *run,
			       const struct snapshot *snap, const char *side,
			       const char *fmt, struct doc *d, int *partial)
{
	struct doc_node *m = doc_map(d);
	struct strbuf sb = STRBUF_INIT;
	int paths = strcmp(fmt, VIEW_FORMAT_4) != 0;
	doc_set_str(d, m, "umpire", paths ? VIEW_FORMAT : VIEW_FORMAT_4);
	doc_set_str(d, m, "game", g->id);
	doc_set_str(d, m, "side", side);
	doc_set_int(d, m, "step", (long long)snap->step);
	/* what the side's orders for the next step must carry */
	doc_set(d, m, "prev", doc_b64_32(d, game_prev(g, snap->step)));
	doc_set(d, m, "since", view_since(g, snap->step, side, d));
	doc_set(d, m, "header", game_header(g, d, 0));
	struct doc_node *state = view_state(g, snap->state, snap->step, side,
					    d);
	doc_set(d, m, "state", state);
	/* the side's own question: its text and examples from its view
	 * alone (the stand-ins the check of its orders runs on), never
	 * from what is hidden from it. Where the rules cannot start again
	 * from the view's state (a draw at the phase's start, as 9.3's
	 * German movement roll, would be drawn again), neither can the
	 * check of the side's orders: the question is kept as the whole
	 * state asks it */
	struct question seen = snap->next;
	struct question standin;
	struct error ignored;
	const struct orders *own = NULL;   /* the side's latest orders */
	for (size_t k = snap->step; k > 0 && !own; k--)
		if (!strcmp(g->steps[k - 1].actor, side) &&
		    !g->steps[k - 1].lazy)
			own = game_step_orders(&g->steps[k - 1]);
	int own_q = !snap->over && !strcmp(seen.role, side);
	if (own_q &&
	    check_view_question(&g->scn, g->options, d, state, side,
				own ? own->standing : NULL,
				own ? own->n_standing : 0, &snap->next,
				&standin, &ignored) == 1) {
		seen = standin;
		own_q = 0;
	}
	if (partial)
		*partial = own_q && snap->next.more;
	if (snap->over) {
		doc_set_str(d, m, "next", "over");
		if (!clock_result(g, &sb))
			g->scn.rs->result(snap->state, &sb);
		doc_set_str(d, m, "result", sb.buf ? sb.buf : "");
		strbuf_reset(&sb);
	} else {
		const struct question *q = &seen;
		struct doc_node *n = doc_map(d);
		doc_set_str(d, n, "rule", q->rule);
		doc_set_str(d, n, "key", q->key);
		doc_set_str(d, n, "role", q->role);
		if (!strcmp(q->role, side)) {
			struct doc_node *opts = doc_seq(d);
			doc_set_str(d, n, "text", q->text);
			for (size_t i = 0; i < q->n; i++)
				doc_push(d, opts, doc_str(d, q->options[i]));
			doc_set(d, n, "options", opts);
			if (q->free_text)
				doc_set_str(d, n, "free-text", "yes");
		}
		doc_set(d, m, "next", n);
	}
	/* every step the view vouches for: what happened since the side
	 * last ordered (its own step's outcome too), as it may see it */
	struct report_at at = { snap->step, snap->state,
		snap->over ? NULL : &seen, side, 0,
		snap->step ? since_from(g, snap->step, side) : 0 };
	report_step(g, run, &at, &sb);
	/* a block in the view: 2 columns less, so the view fits the mail */
	struct strbuf fit = STRBUF_INIT;
	report_fit(&fit, sb.buf, REPORT_WIDTH);
	doc_set_str(d, m, "report", fit.buf ? fit.buf : "");
	doc_set(d, m, "marks", view_marks(run, at.from, snap->step, side,
					  paths, d));
	strbuf_free(&fit);
	strbuf_free(&sb);
	return m;
}

static void view_message(const struct doc_node *view, struct strbuf *m)
{
	strbuf_adds(m, "umpire/1 view");
	/* a view not signed yet (view_sign) is its message as it stands:
	 * not copied to drop a signature it does not have */
	if (!doc_get(view, "signature")) {
		doc_encode(view, m);
		return;
	}
	struct doc *tmp = doc_new("view");
	struct doc_node *c = doc_copy(tmp, view);
	doc_del(c, "signature");
	doc_encode(c, m);
	doc_free(tmp);
}

void view_sign(struct doc *d, struct doc_node *view, const struct seckey *sk)
{
	struct strbuf m = STRBUF_INIT;
	unsigned char sig[64];
	view_message(view, &m);
	crypto_sign_detached(sig, NULL, (unsigned char *)m.buf, m.len, sk->sk);
	strbuf_free(&m);
	doc_put(d, view, "signature", doc_b64(d, sig, 64));
}

int seal_text(struct memo *memo, const struct pubkey *pk,
	      const char *format, const char *game_id, const char *to,
	      const char *text, size_t len, struct strbuf *out,
	      struct error *err)
{
	unsigned char xpk[crypto_box_PUBLICKEYBYTES];
	if (memo_seal_key(memo, pk->pk, xpk) != 0)
		return errorf(err, EXIT_REFUSED, "the key of %s cannot be "
			      "used for sealing", to);
	/* the plaintext is padded (ISO/IEC 7816-4,
	 * sodium_pad) to a multiple of VIEW_PAD_BLOCK, so that the size of
	 * the box says nothing about a hand inside it */
	size_t cap = len + VIEW_PAD_BLOCK, plen;
	unsigned char *p = xmalloc(cap);
	memcpy(p, text, len);
	if (sodium_pad(&plen, p, len, VIEW_PAD_BLOCK, cap) != 0) {
		free(p);
		return errorf(err, EXIT_USAGE, "cannot pad the text to seal");
	}
	size_t clen = plen + crypto_box_SEALBYTES;
	unsigned char *c = xmalloc(clen);
	crypto_box_seal(c, p, plen, xpk);
	free(p);
	struct doc *d = doc_new("sealed");
	struct doc_node *m = doc_map(d);
	doc_set_str(d, m, "umpire", format);
	doc_set_str(d, m, "game", game_id);
	doc_set_str(d, m, "for", to);
	struct strbuf box = STRBUF_INIT;
	memo_b64(memo, c, clen, &box);
	int rc = doc_emit_b64_last(d, m, "box", box.buf, box.len, out, err);
	strbuf_free(&box);
	free(c);
	doc_free(d);
	return rc;
}

int view_seal(const struct game *g, const char *side, const char *text,
	      size_t len, struct strbuf *out, struct error *err)
{
	struct role *r = game_role((struct game *)g, side);
	if (!r)
		return errorf(err, EXIT_USAGE, "this game has no side '%s'",
			      side);
	return seal_text(g->memo, &r->pk, SEALED_FORMAT, g->id, side, text,
			 len, out, err);
}

int is_view_text(const char *buf, size_t len)
{
	/* any version of a view, so that an old one is named as such; its
	 * first line as a view is read (canonical: a byte-order mark, and
	 * blanks and CRs at the line's end, that mail added, dropped) */
	static const char view[] = "umpire: view/";
	static const char sealed[] = "umpire: " SEALED_FORMAT;
	if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) {
		buf += 3;
		len -= 3;
	}
	const char *nl = memchr(buf, '\n', len);
	size_t n = nl ? (size_t)(nl - buf) : len;
	while (n > 0 && (buf[n - 1] == ' ' || buf[n - 1] == '\t' ||
			 buf[n - 1] == '\r'))
		n--;
	return (n >= sizeof view - 1 && !memcmp(buf, view, sizeof view - 1)) ||
	       (n == sizeof sealed - 1 && !memcmp(buf, sealed, n));
}

/* Open a sealed view with sk into *plain (malloc'd). */
static int unseal(const struct doc *d, const struct seckey *sk,
		  char **plain, size_t *plen, struct error *err)
{
	unsigned char *box, xsk[crypto_box_SECRETKEYBYTES];
	unsigned char xpk[crypto_box_PUBLICKEYBYTES];
	size_t blen;
	const char *who;
	if (doc_need_str(d, d->root, "for", &who, err) ||
	    doc_need_b64(d, d->root, "box", &box, &blen, err))
		return -1;
	if (!sk)
		return errorf(err, EXIT_USAGE, "%s is sealed to %s: give %s's "
			      "secret key (-s) to open it", d->name, who, who);
	if (blen < crypto_box_SEALBYTES)
		return errorf(err, EXIT_REFUSED, "%s: the sealed box is "
			      "truncated", d->name);
	struct pubkey pk;
	seckey_pubkey(sk, &pk);
	if (crypto_sign_ed25519_sk_to_curve25519(xsk, sk->sk) != 0 ||
	    crypto_sign_ed25519_pk_to_curve25519(xpk, pk.pk) != 0)
		return errorf(err, EXIT_REFUSED, "this key cannot open "
			      "sealed views");
	*plen = blen - crypto_box_SEALBYTES;
	*plain = xmalloc(*plen + 1);
	int bad = crypto_box_seal_open((unsigned char *)*plain, box, blen, xpk,
				       xsk);
	sodium_memzero(xsk, sizeof xsk);
	if (bad) {
		free(*plain);
		*plain = NULL;
		return errorf(err, EXIT_REFUSED, "%s: cannot open it: it is "
			      "sealed to another key (%s's), or altered",
			      d->name, who);
	}
	size_t unpadded;
	if (sodium_unpad(&unpadded, (unsigned char *)*plain, *plen,
			 VIEW_PAD_BLOCK) != 0) {
		free(*plain);
		*plain = NULL;
		return errorf(err, EXIT_REFUSED, "%s: what is sealed is not "
			      "padded as umpire pads it", d->name);
	}
	*plen = unpadded;
	(*plain)[*plen] = '\0';
	return 0;
}

int sealed_open(const char *name, const char *buf, size_t len,
		const char *format, const struct seckey *sk, char **plain,
		size_t *plen, struct error *err)
{
	const char *fmt;
	struct doc *d = doc_new(name);
	int rc = -1;
	if (doc_parse(d, buf, len, &DOC_LIMITS_VIEW, err))
		goto out;
	if (d->root->kind != DOC_MAP ||
	    doc_need_str(d, d->root, "umpire", &fmt, err) ||
	    strcmp(fmt, format) != 0) {
		errorf(err, EXIT_REFUSED, "%s: not %s", name, format);
		goto out;
	}
	rc = unseal(d, sk, plain, plen, err);
out:
	doc_free(d);
	return rc;
}

/* Whether s is a word a reader may print: letters, digits, '-', '_'. */
static int plain_word(const char *s, size_t max)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyz"
			  "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_");
	return n > 0 && n <= max && s[n] == '\0';
}

int sealed_header(const char *name, const char *buf, size_t len,
		  const char *format, char *game, char *to, size_t to_size)
{
	const char *fmt, *id, *who;
	struct error e;
	struct doc *d = doc_new(name);
	int rc = doc_parse(d, buf, len, &DOC_LIMITS_VIEW, &e) == 0 &&
		d->root->kind == DOC_MAP &&
		doc_need_str(d, d->root, "umpire", &fmt, &e) == 0 &&
		!strcmp(fmt, format) &&
		doc_need_str(d, d->root, "game", &id, &e) == 0 &&
		doc_need_str(d, d->root, "for", &who, &e) == 0 &&
		plain_word(id, GAME_ID_HEX) && plain_word(who, to_size - 1);
	if (rc) {
		snprintf(game, GAME_ID_HEX + 1, "%s", id);
		snprintf(to, to_size, "%s", who);
	}
	doc_free(d);
	return rc;
}

int is_sealed_orders(const char *buf, size_t len)
{
	static const char head[] = "umpire: " SEALED_ORDERS_FORMAT "\n";
	return len >= sizeof head - 1 && !memcmp(buf, head, sizeof head - 1);
}

int is_sealed_answer(const char *buf, size_t len)
{
	static const char head[] = "umpire: " SEALED_ANSWER_FORMAT "\n";
	return len >= sizeof head - 1 && !memcmp(buf, head, sizeof head - 1);
}

int seal_signed_orders(const struct pubkey *pk, const char *name,
		       const char *buf, size_t len, struct strbuf *out,
		       struct error *err)
{
	struct orders ord;
	struct strbuf sealed = STRBUF_INIT;
	if (orders_parse(name, buf, len, &ord, err)) {
		orders_free(&ord);
		return error_prefix(err, "--seal is for order files");
	}
	int rc = seal_text(NULL, pk, SEALED_ORDERS_FORMAT, ord.game,
			   "referee", out->buf, out->len, &sealed, err);
	orders_free(&ord);
	if (rc == 0) {
		strbuf_free(out);
		*out = sealed;
	} else {
		strbuf_free(&sealed);
	}
	return rc;
}

static int parse_next(struct view *v, const struct doc_node *n,
		      struct error *err)
{
	const struct doc *d = v->doc;
	const char *s;
	if (n->kind == DOC_SCALAR && !strcmp(n->str, "over")) {
		v->over = 1;
		return 0;
	}
	if (n->kind != DOC_MAP || doc_need_str(d, n, "rule", &v->next.rule,
					       err) ||
	    doc_need_str(d, n, "key", &v->next.key, err) ||
	    doc_need_str(d, n, "role", &v->next.role, err))
		return n->kind != DOC_MAP ? errorf(err, EXIT_REFUSED, "%s: "
			"next must be 'over' or a question", d->name) : -1;
	const struct doc_node *opts = doc_get(n, "options");
	v->next.free_text = doc_get(n, "free-text") != NULL;
	if (doc_get(n, "text") && !doc_need_str(d, n, "text", &s, err))
		snprintf(v->next.text, sizeof v->next.text, "%s", s);
	for (size_t i = 0; opts && opts->kind == DOC_SEQ && i < opts->n &&
	     i < Q_MAX_OPTIONS; i++)
		if (opts->items[i]->kind == DOC_SCALAR) /* str is NULL else */
			snprintf(v->next.options[v->next.n++], Q_OPTION_LEN,
				 "%s", opts->items[i]->str);
	return 0;
}

/* The shape of since: consecutive steps that end at the view's step
 * (view_trust checks the links). */
static int parse_since(struct view *v, struct error *err)
{
	const struct doc *d = v->doc;
	const struct doc_node *seq;
	char w[300];
	if (doc_need(d, d->root, "since", DOC_SEQ, &seq, err))
		return -1;
	v->since = seq;
	if (seq->n == 0 && v->step == 0)
		return 0;
	if (seq->n == 0 || seq->n > (size_t)v->step)
		return errorf(err, EXIT_REFUSED, "%s: since must list the steps "
			      "from the side's own latest step (or step 1) "
			      "to step %lld", doc_where(d, seq, w, sizeof w),
			      v->step);
	for (size_t i = 0; i < seq->n; i++) {
		const struct doc_node *e = seq->items[i];
		long long n;
		const char *actor;
		unsigned char link[32];
		unsigned char *vouch;
		size_t vl;
		if (e->kind != DOC_MAP)
			return errorf(err, EXIT_REFUSED, "%s: an entry of since "
				      "is a mapping (step, actor, link, vouch)",
				      doc_where(d, e, w, sizeof w));
		long long index;
		if (doc_only_keys(d, e, since_keys, err) ||
		    doc_need_int(d, e, "step", 1, 1000000000, &n, err) ||
		    doc_need_str(d, e, "actor", &actor, err) ||
		    doc_need_int(d, e, "index", 0, CHAIN_MAX_LENGTH, &index,
				 err) ||
		    doc_need_b64_32(d, e, "link", link, err) ||
		    doc_need_b64(d, e, "vouch", &vouch, &vl, err))
			return -1;
		if (vl != 64)
			return errorf(err, EXIT_REFUSED, "%s: a vouch is a "
				      "signature of 64 bytes, not %zu",
				      doc_where(d, e, w, sizeof w), vl);
		if (n != v->step - (long long)(seq->n - 1 - i))
			return errorf(err, EXIT_REFUSED, "%s: since lists step "
				      "%lld where step %lld belongs: the steps "
				      "must follow one another up to step %lld",
				      doc_where(d, e, w, sizeof w), n,
				      v->step - (long long)(seq->n - 1 - i),
				      v->step);
	}
	return 0;
}

/* The marks: each of a step the view vouches for, in order of steps,
 * with the fields of struct mark and no wider than they are. */
static int parse_marks(struct view *v, struct error *err)
{
	const struct doc *d = v->doc;
	const struct doc_node *seq;
	char w[300];
	long long first = v->since->n ? v->step - (long long)v->since->n + 1 :
		1, last = 0;
	if (doc_need(d, d->root, "marks", DOC_SEQ, &seq, err))
		return -1;
	v->marks = seq;
	for (size_t i = 0; i < seq->n; i++) {
		const struct doc_node *e = seq->items[i];
		long long n;
		const char *f[4];
		static const char *const names[] = { "kind", "from", "to",
			"label" };
		static const size_t cap[] = {
			sizeof ((struct mark *)0)->kind,
			sizeof ((struct mark *)0)->from,
			sizeof ((struct mark *)0)->to,
			sizeof ((struct mark *)0)->label };
		if (e->kind != DOC_MAP)
			return errorf(err, EXIT_REFUSED, "%s: a mark is a "
				      "mapping (step, kind, from, to, label)",
				      doc_where(d, e, w, sizeof w));
		if (doc_only_keys(d, e, strcmp(v->format, VIEW_FORMAT_4) ?
				  mark_keys : mark_keys_4, err) ||
		    doc_need_int(d, e, "step", 1, 1000000000, &n, err))
			return -1;
		for (size_t k = 0; k < 4; k++) {
			if (doc_need_str(d, e, names[k], &f[k], err))
				return -1;
			if (strlen(f[k]) >= cap[k])
				return errorf(err, EXIT_REFUSED, "%s: a mark's "
					      "%s has at most %zu characters",
					      doc_where(d, e, w, sizeof w),
					      names[k], cap[k] - 1);
		}
		const struct doc_node *path = doc_get(e, "path");
		if (path && (path->kind != DOC_SCALAR ||
			     strlen(path->str) >=
			     sizeof ((struct mark *)0)->path))
			return errorf(err, EXIT_REFUSED, "%s: a mark's path is "
				      "the hexes entered, at most %zu "
				      "characters", doc_where(d, e, w, sizeof w),
				      sizeof ((struct mark *)0)->path - 1);
		if (n < first || n > v->step || n < last)
			return errorf(err, EXIT_REFUSED, "%s: a mark of step "
				      "%lld: the marks are of the steps the "
				      "view vouches for (%lld to %lld), in "
				      "order", doc_where(d, e, w, sizeof w),
				      n, first, v->step);
		last = n;
	}
	return 0;
}

/* No more steps after the side's own latest one than the rules allow
 * between two steps of one side (a referee and an opponent together
 * could list any number, with the opponent's links and vouches, and have
 * the side reveal a link that far ahead). */
static int since_bound(const struct view *v, struct error *err)
{
	const struct doc_node *seq = v->since;
	size_t max = v->game.scn.rs->max_steps_between;
	if (seq->n == 0 || max == STEPS_UNBOUNDED)
		return 0;
	const struct doc_node *a;
	unsigned char *own = xmalloc(seq->n);
	for (size_t i = 0; i < seq->n; i++) {
		a = doc_get(seq->items[i], "actor");
		own[i] = a && !strcmp(a->str, v->side);
	}
	size_t after = since_after(seq->n, own);
	free(own);
	if (after <= max)
		return 0;
	return errorf(err, EXIT_REFUSED, "%s: since lists %zu steps of the "
		      "other sides after %s's own latest step, but the rules "
		      "of %s allow at most %zu in a row: a view of steps that "
		      "were not played so", v->doc->name, after, v->side,
		      v->game.scn.rs->id, max);
}

/* The index of the link the side reveals at the view's next step: one
 * after its own latest link, which since lists first when the side has
 * acted (view_trust checks it against the side's own chain), so that
 * however many steps of others a view lists, the side reveals no link
 * beyond its next one (game.h, GAME_FORMAT); a game/2 side reveals the
 * link of the step's number. */
static uint64_t next_link(const struct view *v)
{
	const struct doc_node *seq = v->since;
	const struct doc_node *a, *i;
	if (v->game.link_by_step)
		return (uint64_t)v->step + 1;
	if (seq->n == 0 || !(a = doc_get(seq->items[0], "actor")) ||
	    strcmp(a->str, v->side) != 0 ||
	    !(i = doc_get(seq->items[0], "index")))
		return 1;
	return strtoull(i->str, NULL, 10) + 1;
}

/* view_load; is_signed 0: view_load_unsigned (the signature not
 * looked for, no referee needed) */
static int view_load_as(struct view *v, const char *path, const char *buf,
			size_t len, const char *scn_dir,
			const struct seckey *sk, int is_signed,
			struct error *err)
{
	const char *fmt, *id;
	char *plain = NULL;
	size_t plen = 0;
	const struct doc_node *header, *next;
	/* a sealed view's outer game and for, kept to compare with the
	 * view inside (the box's seal covers neither) */
	char outer_game[80] = "", outer_for[80] = "";
	int sealed = 0;
	memset(v, 0, sizeof *v);
	v->doc = doc_new(path);
	/* What mail does to text (trailing blanks, CRs, a byte-order mark,
	 * no-break spaces) means nothing in a view, which umpire writes
	 * canonical and whose signature covers decoded values: it is read
	 * in its canonical form, as a game file is (umpire-protocol(7),
	 * VIEWS). The text inside a sealed box is read as it is. */
	struct strbuf canon = STRBUF_INIT;
	unsigned changed = 0;
	if (!text_canonical(buf, len)) {
		canonical_text(buf, len, &canon, &changed);
		buf = canon.buf;
		len = canon.len;
	}
	int parsed = doc_parse(v->doc, buf, len, &DOC_LIMITS_VIEW, err);
	strbuf_free(&canon);
	if (parsed)
		goto fail;
	if (v->doc->root->kind != DOC_MAP ||
	    doc_need_str(v->doc, v->doc->root, "umpire", &fmt, err)) {
		errorf(err, EXIT_REFUSED, "%s: not a view", v->doc->name);
		goto fail;
	}
	if (!strcmp(fmt, SEALED_FORMAT)) {
		const char *og, *of;
		if (doc_need_str(v->doc, v->doc->root, "game", &og, err) ||
		    doc_need_str(v->doc, v->doc->root, "for", &of, err))
			goto fail;
		snprintf(outer_game, sizeof outer_game, "%s", og);
		snprintf(outer_for, sizeof outer_for, "%s", of);
		sealed = 1;
		if (unseal(v->doc, sk, &plain, &plen, err))
			goto fail;
		doc_free(v->doc);
		v->doc = doc_new(path);
		int rc = doc_parse(v->doc, plain, plen, &DOC_LIMITS_VIEW, err);
		free(plain);
		if (rc || v->doc->root->kind != DOC_MAP ||
		    doc_need_str(v->doc, v->doc->root, "umpire", &fmt, err))
			goto fail;
	}
	struct doc *d = v->doc;
	const struct doc_node *r = d->root;
	if (strcmp(fmt, VIEW_FORMAT) != 0 && strcmp(fmt, VIEW_FORMAT_4) != 0) {
		errorf(err, EXIT_REFUSED, "%s: 'umpire: %s' is not a view "
		       "this version reads (%s or " VIEW_FORMAT_4 ")%s",
		       d->name, fmt, VIEW_FORMAT,
		       strncmp(fmt, "view/", 5) ? "" : ": ask the referee "
		       "for a new one (umpire view)");
		goto fail;
	}
	if (doc_only_keys(d, r, view_keys, err) ||
	    doc_need_str(d, r, "game", &id, err) ||
	    doc_need_str(d, r, "side", &v->side, err) ||
	    doc_need_int(d, r, "step", 0, 1000000000, &v->step, err) ||
	    doc_need_b64_32(d, r, "prev", v->prev, err) ||
	    doc_need(d, r, "header", DOC_MAP, &header, err) ||
	    doc_need(d, r, "state", DOC_MAP, &v->state, err) ||
	    doc_need_str(d, r, "report", &v->report, err) ||
	    doc_need_str(d, r, "umpire", &fmt, err))
		goto fail;
	v->format = !strcmp(fmt, VIEW_FORMAT) ? VIEW_FORMAT : VIEW_FORMAT_4;
	if (!(next = doc_get(r, "next"))) {
		errorf(err, EXIT_REFUSED, "%s: field 'next' is missing",
		       d->name);
		goto fail;
	}
	if (parse_next(v, next, err) || parse_since(v, err) ||
	    parse_marks(v, err))
		goto fail;
	if (game_from_header(&v->game, d->name, header, scn_dir, err))
		goto fail;
	if (strcmp(v->game.id, id) != 0) {
		errorf(err, EXIT_REFUSED, "%s: the view's game id differs from "
		       "its header's", d->name);
		goto fail;
	}
	/* the outer fields say which game and side the box is for; a
	 * reader who files or answers the view by them must not be told
	 * another than the one inside */
	if (sealed && (strcmp(outer_game, id) != 0 ||
		       strcmp(outer_for, v->side) != 0)) {
		errorf(err, EXIT_REFUSED, "%s: the sealed view says 'game: %s' "
		       "and 'for: %s' outside its box, but the view inside is "
		       "of game %s for side %s: the outer game and for must be "
		       "those of the view inside (altered after sealing)",
		       d->name, outer_game, outer_for, id, v->side);
		goto fail;
	}
	if (since_bound(v, err))
		goto fail;
	v->next_link = next_link(v);
	if (!is_signed) {
		v->node = r;
		return 0;
	}
	struct role *ref = game_role(&v->game, "referee");
	unsigned char *sig;
	size_t sl;
	if (!ref || doc_need_b64(d, r, "signature", &sig, &sl, err) ||
	    sl != 64) {
		errorf(err, EXIT_REFUSED, "%s: a view must be signed by the "
		       "game's referee", d->name);
		goto fail;
	}
	struct strbuf m = STRBUF_INIT;
	view_message(r, &m);
	int bad = crypto_sign_verify_detached(sig, (unsigned char *)m.buf,
					      m.len, ref->pk.pk);
	strbuf_free(&m);
	if (bad) {
		errorf(err, EXIT_REFUSED, "step %lld: the referee's signature "
		       "does not match the view %s of %s (altered, or not "
		       "from this game's referee)", v->step, d->name,
		       v->side);
		goto fail;
	}
	v->node = r;
	return 0;
fail:
	view_free(v);
	return -1;
}

int view_load(struct view *v, const char *path, const char *buf,
	      size_t len, const char *scn_dir, const struct seckey *sk,
	      struct error *err)
{
	return view_load_as(v, path, buf, len, scn_dir, sk, 1, err);
}

int view_load_unsigned(struct view *v, const char *path, const char *buf,
		       size_t len, const char *scn_dir, struct error *err)
{
	return view_load_as(v, path, buf, len, scn_dir, NULL, 0, err);
}

void view_free(struct view *v)
{
	if (v->game.doc)
		game_free(&v->game);
	doc_free(v->doc);
	memset(v, 0, sizeof *v);
}

/* The steps of since against the anchors of the header and against what
 * this key signed (record.h). for_orders: the view is about to get a
 * chain link; then it may not be older than the orders this key signed. */
static int since_check(const struct view *v, const struct record *rec,
		       int for_orders, struct error *err)
{
	const struct game *g = &v->game;
	const char *name = v->doc->name;
	unsigned char (*last)[32] = xmalloc(g->n_roles * sizeof *last);
	long long *at = xmalloc(g->n_roles * sizeof *at);
	const struct doc_node *seq = v->since;
	int rc = 0;
	for (size_t r = 0; r < g->n_roles; r++) {
		memcpy(last[r], g->roles[r].anchor, 32);
		at[r] = 0;
	}
	for (size_t i = 0; i < seq->n && rc == 0; i++) {
		const struct doc_node *e = seq->items[i];
		long long n;
		const char *actor;
		unsigned char link[32];
		size_t r;
		struct error ignored;
		long long index;
		doc_need_int(v->doc, e, "step", 1, 1000000000, &n, &ignored);
		doc_need_str(v->doc, e, "actor", &actor, &ignored);
		doc_need_int(v->doc, e, "index", 0, CHAIN_MAX_LENGTH, &index,
			     &ignored);
		doc_need_b64_32(v->doc, e, "link", link, &ignored);
		for (r = 0; r < g->n_roles; r++)
			if (!strcmp(g->roles[r].name, actor))
				break;
		if (r == g->n_roles || !strcmp(actor, "referee")) {
			rc = errorf(err, EXIT_REFUSED, "%s: step %lld: '%s' is "
				    "not a side of this game", name, n, actor);
			break;
		}
		if (i == 0 && n > 1 && strcmp(actor, v->side) != 0) {
			rc = errorf(err, EXIT_REFUSED, "%s: the steps this view "
				    "vouches for start at step %lld, which is "
				    "%s's; they start at %s's own latest step "
				    "or at step 1", name, n, actor, v->side);
			break;
		}
		/* a late step (umpire-protocol(7), THE JUDGE'S CLOCK, Late
		 * steps): its link is late[n], its vouch the referee's, and
		 * it reveals no link of its actor, whose latest link's index
		 * it gives (the side's own exactly: its next link follows
		 * it) */
		unsigned char lv[32];
		chain_late(g->genesis, (uint64_t)n, lv);
		if (sodium_memcmp(link, lv, 32) == 0) {
			struct role *ref = game_role((struct game *)g,
						     "referee");
			unsigned char *lvouch;
			size_t lvl;
			doc_need_b64(v->doc, e, "vouch", &lvouch, &lvl,
				     &ignored);
			int mine = !strcmp(actor, v->side);
			if (!ref || ((at[r] > 0 || mine) && index != at[r]) ||
			    index > n ||
			    orders_vouch_check(&ref->pk, g->id, n, actor,
					       lvouch)) {
				rc = errorf(err, EXIT_REFUSED, "%s: step %lld "
					    "is listed as a late step of %s, "
					    "but its vouch is not the "
					    "referee's or its index %lld is "
					    "not %s's latest link: a step that "
					    "was not played so", name, n,
					    actor, index, actor);
				break;
			}
			continue;
		}
		if (i > 0 && !strcmp(actor, v->side)) {
			rc = errorf(err, EXIT_REFUSED, "%s: step %lld is "
				    "listed as %s's but is not %s's latest "
				    "step before step %lld", name, n, v->side,
				    v->side, v->step);
			break;
		}
		/* a step this key signed cannot have been another side's */
		for (size_t k = 0; k < rec->n_marks && rc == 0; k++)
			if (rec->kinds[k] == 's' && rec->marks[k].step == n &&
			    strcmp(actor, v->side) != 0)
				rc = errorf(err, EXIT_REFUSED, "%s: the view says "
					    "step %lld was %s's, but this key "
					    "signed orders for step %lld (%s): "
					    "another history of this game "
					    "(local record %s)", name, n,
					    actor, n, rec->marks[k].origin,
					    rec->path);
		if (rc)
			break;
		/* a game/2 link is numbered by its step; a game/3 one by
		 * the actor's own steps, one more than its previous one */
		if (g->link_by_step ? index != n :
		    (index <= at[r] || (at[r] > 0 && index != at[r] + 1) ||
		     index > n || index > (long long)g->chain_length)) {
			rc = errorf(err, EXIT_REFUSED, "%s: step %lld gives %s's "
				    "link the index %lld, which does not follow "
				    "its link %lld in this view: a view of "
				    "steps that were not played so", name, n,
				    actor, index, at[r]);
			break;
		}
		if (chain_reaches(link, (uint32_t)(index - at[r]), last[r])) {
			rc = errorf(err, EXIT_REFUSED, "%s: the link of %s for "
				    "step %lld is not on %s's committed chain: "
				    "a view of a step that was not played "
				    "(or altered)", name, actor, n, actor);
			break;
		}
		unsigned char *vouch;
		size_t vl;
		doc_need_b64(v->doc, e, "vouch", &vouch, &vl, &ignored);
		if (orders_vouch_check(&g->roles[r].pk, g->id, n, actor,
				       vouch)) {
			rc = errorf(err, EXIT_REFUSED, "%s: the vouch of step "
				    "%lld is not %s's signature of that step: "
				    "a step %s did not order (or altered)",
				    name, n, actor, actor);
			break;
		}
		memcpy(last[r], link, 32);
		at[r] = index;
	}
	/* no link for a view older than orders this key already signed:
	 * that would be a second history (a re-send of the same orders
	 * needs no new template) */
	const struct record_mark *newest = NULL;
	for (size_t k = 0; rc == 0 && for_orders && k < rec->n_marks; k++)
		if (rec->kinds[k] == 's' && rec->marks[k].step > v->step + 1 &&
		    (!newest || rec->marks[k].step > newest->step))
			newest = &rec->marks[k];
	if (newest)
		rc = errorf(err, EXIT_REFUSED, "%s: a view of step %lld, but "
			    "this key already signed orders for step %lld "
			    "(%s): an older view, or another history of this "
			    "game (local record %s)", name, v->step,
			    newest->step, newest->origin, rec->path);
	free(last);
	free(at);
	return rc;
}

int view_trust(struct view *v, const struct seckey *sk, int for_orders,
	       struct error *err)
{
	struct role *me = game_role(&v->game, v->side);
	struct pubkey pk;
	struct record rec;
	unsigned char anchor[32];
	const char *name = v->doc->name;
	if (game_verify_header(&v->game, err))
		return error_prefix(err, "%s", name);
	seckey_pubkey(sk, &pk);
	if (!me || sodium_memcmp(&pk, &me->pk, sizeof pk) != 0)
		return errorf(err, EXIT_REFUSED, "%s: a view for side %s of "
			      "game %s; this secret key is not %s's: not a "
			      "view for this key", name, v->side, v->game.id,
			      v->side);
	if (game_link(&v->game, v->side, sk, 0, anchor, err))
		return -1;
	if (sodium_memcmp(anchor, me->anchor, 32) != 0)
		return errorf(err, EXIT_REFUSED, "%s: the header holds another "
			      "commitment for side %s than the one this key "
			      "made: not the header this key joined", name,
			      v->side);
	if (record_open(&rec, &pk, v->game.id, err))
		return -1;
	int rc = record_check_game(&rec, &v->game, err);
	if (rc == 0)
		rc = since_check(v, &rec, for_orders, err);
	if (rc == 0)
		rc = record_done(&rec, &v->game, err);
	record_free(&rec);
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

int check_view_template(const struct view *v, const struct orders *prefix,
			const char *src, struct run *run, struct error *err)
{
	struct strbuf said = STRBUF_INIT;
	struct engine_step step = { .mode = STEP_TEMPLATE, .actor = v->side,
		.src = src,
		.answers = prefix ? prefix->answers : NULL,
		.n_answers = prefix ? prefix->n_answers : 0 };
	int rc = check_view_run(&v->game.scn, v->game.options, v->doc,
				v->state, &v->next, &step, run, &said, err);
	strbuf_free(&said);
	return rc;
}
