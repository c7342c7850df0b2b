/*
 * signbody.c - what umpire sign's embedded signature of an order file
 * covers, and its trusted comment: the part of signing that needs no
 * file, record or mail (signorders.c has those), so that the player's
 * page (src/desk/) signs the same bytes with the same code.
 */
#include <string.h>
#include "umpire/doc.h"
#include "umpire/orders.h"
#include "umpire/sign.h"
#include "umpire/signorders.h"

/* The trusted comment made from the fields game, step and side. */
static int default_comment(const char *name, const char *body, size_t len,
			   struct strbuf *out, struct error *err)
{
	struct doc *d = doc_new(name);
	const char *game, *step, *side;
	int rc = doc_parse(d, body, len, &DOC_LIMITS_SMALL, err);
	if (rc == 0 && d->root->kind != DOC_MAP)
		rc = errorf(err, EXIT_REFUSED, "%s: not a YAML mapping", name);
	if (rc == 0 && (doc_need_str(d, d->root, "game", &game, err) ||
			doc_need_str(d, d->root, "step", &step, err) ||
			doc_need_str(d, d->root, "side", &side, err)))
		rc = -1;
	if (rc == 0)
		strbuf_addf(out, "umpire/1 game=%s step=%s side=%s", game,
			    step, side);
	else
		error_prefix(err, "cannot make the trusted comment (give one "
			     "with -t)");
	doc_free(d);
	return rc;
}

/*
 * An order file as it is mailed and stored: only what was answered. The
 * template's comment lines (the questions, the legal answers, the
 * standing orders offered) are for the player, so they are left out of
 * what is signed; the rest stays as the player wrote it. Only when the
 * file without them means exactly the same (the same canonical encoding)
 * and is an order file; anything else (signed with -t) is left as it is.
 */
static int answers_only(const char *name, const char *buf, size_t len,
			struct strbuf *out)
{
	struct doc *a = doc_new(name), *b = doc_new(name);
	struct strbuf ea = STRBUF_INIT, eb = STRBUF_INIT;
	struct error ignored;
	const struct doc_node *u;
	const char *p = buf, *end = buf + len;
	int rc = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p + 1) : (size_t)(end - p);
		size_t i = 0;
		while (i < n && (p[i] == ' ' || p[i] == '\t'))
			i++;
		if (i == n || p[i] != '#')
			strbuf_add(out, p, n);
		p += n;
	}
	if (out->len < len &&
	    doc_parse(a, buf, len, &DOC_LIMITS_SMALL, &ignored) == 0 &&
	    doc_parse(b, out->buf, out->len, &DOC_LIMITS_SMALL,
		      &ignored) == 0 && a->root->kind == DOC_MAP &&
	    (u = doc_get(a->root, "umpire")) && u->kind == DOC_SCALAR &&
	    strncmp(u->str, "orders/", 7) == 0) {
		doc_encode(a->root, &ea);
		doc_encode(b->root, &eb);
		rc = ea.len == eb.len && memcmp(ea.buf, eb.buf, ea.len) == 0;
	}
	strbuf_free(&ea);
	strbuf_free(&eb);
	doc_free(a);
	doc_free(b);
	return rc;
}

/* umpire-orders(5): an order file answers at least the pending
 * question; one with no answers is refused before it is signed (the
 * referee would refuse it, and the key's record would hold it). */
int orders_answer_something(const char *name, const char *buf, size_t len,
			    struct error *err)
{
	struct orders ord;
	struct error not_orders;
	int rc = 0;
	if (orders_parse(name, buf, len, &ord, &not_orders) == 0 &&
	    ord.n_answers == 0)
		rc = errorf(err, EXIT_REFUSED, "%s: the orders answer nothing: "
			    "an order file answers at least the pending "
			    "question, under 'answers:' (umpire-orders(5))",
			    name);
	orders_free(&ord);
	return rc;
}

int orders_signed_text(const char *name, const char *buf, size_t len,
		       const char *comment, int detached, struct strbuf *tc,
		       struct strbuf *body, struct error *err)
{
	struct strbuf bare = STRBUF_INIT;
	unsigned changed;
	if (comment)
		strbuf_adds(tc, comment);
	else if (default_comment(name, buf, len, tc, err))
		return -1;
	if (detached)
		return 0;
	if (answers_only(name, buf, len, &bare))
		canonical_text(bare.buf, bare.len, body, &changed);
	else
		canonical_text(buf, len, body, &changed);
	strbuf_free(&bare);
	return 0;
}
