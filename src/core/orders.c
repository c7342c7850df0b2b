/*
 * orders.c - parsing order files.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sodium.h>
#include "umpire/memo.h"
#include "umpire/orders.h"

static const char *const order_keys[] = { "umpire", "game", "step", "side",
	"prev", "reveal", "vouch", "late", "answers", "standing", NULL };

void orders_comment(const char *game, long long step, const char *side,
		    char *out, size_t size)
{
	snprintf(out, size, "umpire/1 game=%s step=%lld side=%s", game, step,
		 side);
}

void orders_vouch(const struct seckey *sk, const char *game, long long step,
		  const char *side, unsigned char sig[64])
{
	char tc[256];
	orders_comment(game, step, side, tc, sizeof tc);
	crypto_sign_detached(sig, NULL, (const unsigned char *)tc, strlen(tc),
			     sk->sk);
}

int orders_vouch_check(const struct pubkey *pk, const char *game,
		       long long step, const char *side,
		       const unsigned char sig[64])
{
	char tc[256];
	orders_comment(game, step, side, tc, sizeof tc);
	return crypto_sign_verify_detached(sig, (const unsigned char *)tc,
					   strlen(tc), pk->pk) == 0 ? 0 : -1;
}

static int answer_of(const struct doc *d, const struct doc_node *k,
		     const struct doc_node *v, struct answer *a,
		     struct error *err)
{
	char w[300];
	if (v->kind != DOC_SCALAR)
		return errorf(err, EXIT_REFUSED, "%s: the answer to '%s' must "
			      "be a single value", doc_where(d, v, w, sizeof w),
			      k->str);
	a->key = k->str;
	a->value = v->str;
	a->line = k->line;
	return 0;
}

int orders_parse(const char *name, const char *body, size_t len,
		 struct orders *o, struct error *err)
{
	return orders_parse_memo(name, body, len, NULL, o, err);
}

/* body's tree into d: from memo where it parsed these very bytes before
 * (their BLAKE2b-256), held to the order file's limits, else parsed and
 * kept there. */
static int parse_body(struct doc *d, const char *body, size_t len,
		      struct memo *memo, struct error *err)
{
	unsigned char h[32];
	const struct doc_node *t = NULL;
	if (memo && len <= MEMO_STEP_BYTES) {
		crypto_generichash(h, 32, (const unsigned char *)body, len,
				   NULL, 0);
		t = memo_step(memo, h);
	}
	if (t && doc_fits(t, len, &DOC_LIMITS_SMALL, err) == 0) {
		d->root = doc_copy(d, t);
		return 0;
	}
	if (doc_parse(d, body, len, &DOC_LIMITS_SMALL, err))
		return -1;
	if (memo && len <= MEMO_STEP_BYTES && d->root)
		memo_step_keep(memo, h, d->root, len);
	return 0;
}

int orders_parse_memo(const char *name, const char *body, size_t len,
		      struct memo *memo, struct orders *o, struct error *err)
{
	const char *fmt;
	const struct doc_node *n;
	char w[300];

	memset(o, 0, sizeof *o);
	o->doc = doc_new(name);
	struct doc *d = o->doc;
	if (parse_body(d, body, len, memo, err))
		return -1;
	const struct doc_node *r = d->root;
	if (r->kind != DOC_MAP)
		return errorf(err, EXIT_REFUSED, "%s: an order file is a "
			      "mapping", d->name);
	if (doc_only_keys(d, r, order_keys, err) ||
	    doc_need_str(d, r, "umpire", &fmt, err))
		return -1;
	if (strcmp(fmt, "orders/1") != 0)
		return errorf(err, EXIT_REFUSED, "%s: 'umpire: %s' is not an "
			      "order file (expected 'umpire: orders/1')",
			      d->name, fmt);
	if (doc_need_str(d, r, "game", &o->game, err) ||
	    doc_need_int(d, r, "step", 1, 1000000000, &o->step, err) ||
	    doc_need_str(d, r, "side", &o->side, err) ||
	    doc_need_b64_32(d, r, "prev", o->prev, err) ||
	    doc_need_b64_32(d, r, "reveal", o->reveal, err))
		return -1;
	if (doc_get(r, "vouch")) {
		unsigned char *sig;
		size_t sl;
		if (doc_need_b64(d, r, "vouch", &sig, &sl, err))
			return -1;
		if (sl != 64)
			return errorf(err, EXIT_REFUSED, "%s: 'vouch' must be "
				      "a signature (64 bytes in base64), not "
				      "%zu bytes", doc_where(d, doc_get(r,
				      "vouch"), w, sizeof w), sl);
		memcpy(o->vouch, sig, 64);
		o->has_vouch = 1;
	}
	if ((n = doc_get(r, "late"))) {
		/* a late step's (umpire-protocol(7), THE JUDGE'S CLOCK):
		 * the marker and nothing the rules do not derive */
		if (n->kind != DOC_SCALAR || strcmp(n->str, "standing"))
			return errorf(err, EXIT_REFUSED, "%s: 'late' is the "
				      "marker of a late step, 'late: "
				      "standing'", doc_where(d, n, w,
				      sizeof w));
		if (doc_get(r, "answers") || doc_get(r, "standing"))
			return errorf(err, EXIT_REFUSED, "%s: a late step's "
				      "orders hold no answers and no standing "
				      "orders: the rules' late answers play "
				      "it, never an answer the judge writes",
				      doc_where(d, doc_get(r, "answers") ?
				      doc_get(r, "answers") : doc_get(r,
				      "standing"), w, sizeof w));
		o->late = 1;
	}
	if ((n = doc_get(r, "answers")) && !(n->kind == DOC_SCALAR &&
					     n->len == 0)) {
		if (n->kind != DOC_SEQ)
			return errorf(err, EXIT_REFUSED, "%s: 'answers' must "
				      "be a list of 'key: answer' items",
				      doc_where(d, n, w, sizeof w));
		o->answers = doc_alloc(d, (n->n + 1) * sizeof *o->answers);
		for (size_t i = 0; i < n->n; i++) {
			const struct doc_node *m = n->items[i];
			if (m->kind != DOC_MAP || m->n != 1)
				return errorf(err, EXIT_REFUSED, "%s: each "
					      "answer is one 'key: answer' item",
					      doc_where(d, m, w, sizeof w));
			if (answer_of(d, m->keys[0], m->items[0],
				      &o->answers[i], err))
				return -1;
		}
		o->n_answers = n->n;
	}
	if ((n = doc_get(r, "standing")) && !(n->kind == DOC_SCALAR &&
					      n->len == 0)) {
		if (n->kind != DOC_MAP)
			return errorf(err, EXIT_REFUSED, "%s: 'standing' must "
				      "be a mapping of key: answer",
				      doc_where(d, n, w, sizeof w));
		o->standing = doc_alloc(d, (n->n + 1) * sizeof *o->standing);
		for (size_t i = 0; i < n->n; i++)
			if (answer_of(d, n->keys[i], n->items[i],
				      &o->standing[i], err))
				return -1;
		o->n_standing = n->n;
	}
	return 0;
}

/* Room for n answers and their strings, aligned as doc_alloc rounds */
static size_t answers_room(const struct answer *a, size_t n)
{
	size_t r = (n + 1) * sizeof *a;
	for (size_t i = 0; i < n; i++)
		r += strlen(a[i].key) + strlen(a[i].value) + 2 +
			2 * sizeof(max_align_t);
	return r + sizeof(max_align_t);
}

static const char *pack_str(struct doc *d, const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(doc_alloc(d, n), s, n);
}

static struct answer *pack_answers(struct doc *d, const struct answer *a,
				   size_t n)
{
	if (!a)
		return NULL;
	struct answer *p = doc_alloc(d, (n + 1) * sizeof *p);
	for (size_t i = 0; i < n; i++)
		p[i] = (struct answer){ pack_str(d, a[i].key),
					pack_str(d, a[i].value), a[i].line };
	return p;
}

void orders_pack(struct orders *o)
{
	struct doc *d = doc_new(o->doc->name);
	doc_first_chunk(d, answers_room(o->answers, o->n_answers) +
			answers_room(o->standing, o->n_standing) +
			strlen(o->game) + strlen(o->side) + 2 +
			2 * sizeof(max_align_t));
	o->game = pack_str(d, o->game);
	o->side = pack_str(d, o->side);
	o->answers = pack_answers(d, o->answers, o->n_answers);
	o->standing = pack_answers(d, o->standing, o->n_standing);
	doc_free(o->doc);
	o->doc = d;
}

void orders_free(struct orders *o)
{
	doc_free(o->doc);
	memset(o, 0, sizeof *o);
}
