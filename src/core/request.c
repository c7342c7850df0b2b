/*
 * request.c - a party's signed request to the judge (request.h).
 */
#include <string.h>
#include "umpire/doc.h"
#include "umpire/request.h"
#include "umpire/sign.h"

static const char *const request_keys[] = { "umpire", "game", "side",
	"ask", NULL };

static void request_comment(const char *game, const char *side,
			    char *out, size_t size)
{
	snprintf(out, size, "umpire/1 game=%s side=%s request", game, side);
}

int request_make(const char *game, const char *side,
		 const struct seckey *sk, struct strbuf *out,
		 struct error *err)
{
	struct doc *d = doc_new("request");
	struct doc_node *m = doc_map(d);
	struct strbuf body = STRBUF_INIT;
	char tc[256];
	doc_set_str(d, m, "umpire", REQUEST_FORMAT);
	doc_set_str(d, m, "game", game);
	doc_set_str(d, m, "side", side);
	doc_set_str(d, m, "ask", "letter");
	int rc = doc_emit(m, &body, err);
	request_comment(game, side, tc, sizeof tc);
	if (rc == 0)
		rc = embed_sign(body.buf, body.len, sk, tc, out, err);
	strbuf_free(&body);
	doc_free(d);
	return rc;
}

int request_check(const char *name, const char *buf, size_t len,
		  struct game *g, char *side, size_t size,
		  struct error *err)
{
	struct doc *d = doc_new(name);
	struct verified v;
	const char *fmt, *game, *who, *ask;
	char want[256];
	int rc = -1;
	memset(&v, 0, sizeof v);
	if (doc_parse(d, buf, len, &DOC_LIMITS_SMALL, err))
		goto out;
	const struct doc_node *root = d->root;
	if (root->kind != DOC_MAP ||
	    doc_need_str(d, root, "umpire", &fmt, err) ||
	    strcmp(fmt, REQUEST_FORMAT) != 0) {
		errorf(err, EXIT_REFUSED, "%s: not a request (umpire: %s)",
		       name, REQUEST_FORMAT);
		goto out;
	}
	if (doc_only_keys(d, root, request_keys, err) ||
	    doc_need_str(d, root, "game", &game, err) ||
	    doc_need_str(d, root, "side", &who, err) ||
	    doc_need_str(d, root, "ask", &ask, err))
		goto out;
	if (strcmp(ask, "letter") != 0) {
		errorf(err, EXIT_REFUSED, "%s: ask: '%s' (a request asks for "
		       "'letter')", name, ask);
		goto out;
	}
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
	/* what the key signed says the same (nothing read from outside
	 * the signed body) */
	struct doc *sd = doc_new(name);
	const char *sgame = NULL, *sside = NULL;
	int same = doc_parse(sd, v.body, v.body_len, &DOC_LIMITS_SMALL,
			     err) == 0 && sd->root->kind == DOC_MAP &&
		doc_need_str(sd, sd->root, "game", &sgame, err) == 0 &&
		doc_need_str(sd, sd->root, "side", &sside, err) == 0 &&
		!strcmp(sgame, game) && !strcmp(sside, who);
	doc_free(sd);
	if (!same) {
		errorf(err, EXIT_REFUSED, "%s: the signed request is not the "
		       "file's", name);
		goto out;
	}
	request_comment(game, who, want, sizeof want);
	if (strcmp(v.trusted_comment, want) != 0) {
		errorf(err, EXIT_REFUSED, "%s: the signature's trusted comment "
		       "'%s' does not match the request ('%s')", name,
		       v.trusted_comment, want);
		goto out;
	}
	snprintf(side, size, "%s", who);
	rc = 0;
out:
	verified_free(&v);
	doc_free(d);
	return rc;
}
