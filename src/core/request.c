/*
 * request.c - a party's signed request to the judge (request.h).
 */
#include <string.h>
#include <sodium.h>
#include "umpire/doc.h"
#include "umpire/request.h"
#include "umpire/sign.h"

static const char *const request_keys[] = { "umpire", "game", "side",
	"step", "nonce", "ask", NULL };

static void request_comment(const char *game, const char *side,
			    long long step, const char *nonce, char *out,
			    size_t size)
{
	snprintf(out, size, "umpire/1 game=%s side=%s step=%lld nonce=%s "
		 "request", game, side, step, nonce);
}

int request_make(const char *game, const char *side, long long step,
		 const struct seckey *sk, struct strbuf *out,
		 struct error *err)
{
	struct doc *d = doc_new("request");
	struct doc_node *m = doc_map(d);
	struct strbuf body = STRBUF_INIT;
	unsigned char n[REQUEST_NONCE_BYTES];
	char nonce[REQUEST_NONCE_HEX + 1], tc[512];
	randombytes_buf(n, sizeof n);
	sodium_bin2hex(nonce, sizeof nonce, n, sizeof n);
	doc_set_str(d, m, "umpire", REQUEST_FORMAT);
	doc_set_str(d, m, "game", game);
	doc_set_str(d, m, "side", side);
	doc_set_int(d, m, "step", step);
	doc_set_str(d, m, "nonce", nonce);
	doc_set_str(d, m, "ask", "letter");
	int rc = doc_emit(m, &body, err);
	request_comment(game, side, step, nonce, tc, sizeof tc);
	if (rc == 0)
		rc = embed_sign(body.buf, body.len, sk, tc, out, err);
	strbuf_free(&body);
	doc_free(d);
	return rc;
}

/* The fields of a request's mapping root (d, name): refused unless
 * request/2 with exactly its keys and ask: letter. */
static int request_fields(const struct doc *d, const char *name,
			  const char **game, const char **side,
			  long long *step, const char **nonce,
			  struct error *err)
{
	const struct doc_node *root = d->root;
	const char *fmt, *ask;
	unsigned char n[REQUEST_NONCE_BYTES];
	if (root->kind != DOC_MAP ||
	    doc_need_str(d, root, "umpire", &fmt, err) ||
	    (strcmp(fmt, REQUEST_FORMAT) && strcmp(fmt, REQUEST_FORMAT_1)))
		return errorf(err, EXIT_REFUSED, "%s: not a request (umpire: "
			      "%s)", name, REQUEST_FORMAT);
	if (!strcmp(fmt, REQUEST_FORMAT_1))
		return errorf(err, EXIT_REFUSED, "%s: umpire: %s, a request "
			      "without a nonce (anyone who saw one could send "
			      "it again to spend the side's answers): the "
			      "judge takes umpire: %s; make the request again "
			      "with this umpire's ask", name,
			      REQUEST_FORMAT_1, REQUEST_FORMAT);
	if (doc_only_keys(d, root, request_keys, err) ||
	    doc_need_str(d, root, "game", game, err) ||
	    doc_need_str(d, root, "side", side, err) ||
	    doc_need_int(d, root, "step", 0, REQUEST_MAX_STEP, step, err) ||
	    doc_need_hex(d, root, "nonce", n, sizeof n, err) ||
	    doc_need_str(d, root, "nonce", nonce, err) ||
	    doc_need_str(d, root, "ask", &ask, err))
		return -1;
	if (strcmp(ask, "letter") != 0)
		return errorf(err, EXIT_REFUSED, "%s: ask: '%s' (a request "
			      "asks for 'letter')", name, ask);
	return 0;
}

int request_check(const char *name, const char *buf, size_t len,
		  struct game *g, struct request *rq, struct error *err)
{
	struct doc *d = doc_new(name), *sd = doc_new(name);
	struct verified v;
	const char *game, *who, *nonce, *sgame, *sside, *snonce;
	long long step, sstep;
	char want[512];
	int rc = -1;
	memset(&v, 0, sizeof v);
	if (doc_parse(d, buf, len, &DOC_LIMITS_SMALL, err) ||
	    request_fields(d, name, &game, &who, &step, &nonce, err))
		goto out;
	const struct role *r = game_role(g, who);
	if (strcmp(game, g->id) != 0 || !r || !strcmp(who, "referee")) {
		errorf(err, EXIT_REFUSED, "%s: a request of game %.12s for "
		       "side '%s': no side of this game", name, game, who);
		goto out;
	}
	if (signed_verify(name, buf, len, NULL, NULL, 0, &r->pk, &v, err)) {
		error_prefix(err, "a request must be signed by its side's "
			     "key");
		goto out;
	}
	/* what the key signed says the same (every field is read from
	 * the signed body, none from outside it) */
	if (doc_parse(sd, v.body, v.body_len, &DOC_LIMITS_SMALL, err) ||
	    request_fields(sd, name, &sgame, &sside, &sstep, &snonce, err) ||
	    strcmp(sgame, game) || strcmp(sside, who)) {
		errorf(err, EXIT_REFUSED, "%s: the signed request is not the "
		       "file's", name);
		goto out;
	}
	request_comment(sgame, sside, sstep, snonce, want, sizeof want);
	if (strcmp(v.trusted_comment, want) != 0) {
		errorf(err, EXIT_REFUSED, "%s: the signature's trusted comment "
		       "'%s' does not match the request ('%s')", name,
		       v.trusted_comment, want);
		goto out;
	}
	if (sstep > (long long)g->n_steps) {
		errorf(err, EXIT_REFUSED, "%s: a request made at step %lld, "
		       "but game %.12s has %zu steps (step: the steps of the "
		       "view or game file it is made from)", name, sstep,
		       g->id, g->n_steps);
		goto out;
	}
	snprintf(rq->side, sizeof rq->side, "%s", sside);
	rq->step = sstep;
	snprintf(rq->nonce, sizeof rq->nonce, "%s", snonce);
	rc = 0;
out:
	verified_free(&v);
	doc_free(sd);
	doc_free(d);
	return rc;
}
