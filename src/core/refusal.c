/*
 * refusal.c - the referee's signed refusal of one order file (see
 * refusal.h; umpire-protocol(7), REFUSED ORDERS).
 *
 * The text, canonical as an order file is, then the embedded signature
 * block of the referee's key:
 *   umpire: refusal/1
 *   game: GAME-ID
 *   step: N
 *   side: SIDE
 *   orders: HASH        (BLAKE2b-256 of the signed order body, base64)
 *   reason:
 *   - "the reason, wrapped at REFUSAL_WRAP columns, one line an item"
 */
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/doc.h"
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/refusal.h"
#include "umpire/sign.h"

#define REFUSAL_WRAP 60             /* a quoted line stays within 72 */
#define REFUSAL_MAX_BYTES (64u << 10)

static const char *const refusal_keys[] = { "umpire", "game", "step",
	"side", "orders", "reason", NULL };

void refusal_comment(const char *game, long long step, const char *side,
		     char *out, size_t size)
{
	snprintf(out, size, "umpire/1 game=%s step=%lld side=%s refusal",
		 game, step, side);
}

/* How many bytes of p fit in REFUSAL_WRAP columns once quoted: a quote
 * or a backslash may take two. */
static size_t fits(const char *p)
{
	size_t i = 0, cols = 0;
	while (p[i] && cols + (strchr("'\"\\", p[i]) ? 2 : 1) <= REFUSAL_WRAP)
		cols += strchr("'\"\\", p[i++]) ? 2 : 1;
	return i;
}

/* The reason as a list of lines of at most REFUSAL_WRAP columns quoted,
 * broken at spaces (a longer word is cut). */
static struct doc_node *reason_lines(struct doc *d, const char *text)
{
	struct doc_node *seq = doc_seq(d);
	const char *p = text;
	while (*p == ' ')
		p++;
	while (*p) {
		size_t max = fits(p), cut = max;
		if (p[max]) {
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = max;
		}
		size_t keep = cut;
		while (keep > 0 && p[keep - 1] == ' ')
			keep--;
		doc_push(d, seq, doc_strn(d, p, keep));
		p += cut;
		while (*p == ' ')
			p++;
	}
	if (seq->n == 0)
		doc_push(d, seq, doc_str(d, "-"));
	return seq;
}

int refusal_make(const char *game, long long step, const char *side,
		 const unsigned char orders[32], const char *reason,
		 const struct seckey *sk, struct strbuf *out,
		 struct error *err)
{
	struct doc *d = doc_new("refusal");
	struct doc_node *m = doc_map(d);
	struct strbuf body = STRBUF_INIT, clean = STRBUF_INIT;
	char tc[256];
	/* one line of printable text: what a file named is shown as */
	for (const char *p = reason; *p; p++)
		strbuf_addf(&clean, "%c", (unsigned char)*p >= ' ' &&
			    (unsigned char)*p < 127 ? *p : ' ');
	doc_set_str(d, m, "umpire", REFUSAL_FORMAT);
	doc_set_str(d, m, "game", game);
	doc_set_int(d, m, "step", step);
	doc_set_str(d, m, "side", side);
	doc_set(d, m, "orders", doc_b64_32(d, orders));
	doc_set(d, m, "reason", reason_lines(d, clean.buf));
	int rc = doc_emit(m, &body, err);
	refusal_comment(game, step, side, tc, sizeof tc);
	if (rc == 0)
		rc = embed_sign(body.buf, body.len, sk, tc, out, err);
	strbuf_free(&body);
	strbuf_free(&clean);
	doc_free(d);
	return rc;
}

static int parse(struct refusal *r, const struct verified *v,
		 struct error *err)
{
	struct doc *d = r->doc;
	const struct doc_node *root, *lines;
	const char *fmt, *game, *side;
	char want[256];
	if (doc_parse(d, v->body, v->body_len, &DOC_LIMITS_SMALL, err))
		return -1;
	root = d->root;
	if (root->kind != DOC_MAP ||
	    doc_need_str(d, root, "umpire", &fmt, err) ||
	    strcmp(fmt, REFUSAL_FORMAT) != 0)
		return errorf(err, EXIT_REFUSED, "%s: not a refusal (umpire: "
			      "%s)", d->name, REFUSAL_FORMAT);
	if (doc_only_keys(d, root, refusal_keys, err) ||
	    doc_need_str(d, root, "game", &game, err) ||
	    doc_need_int(d, root, "step", 1, 1000000000, &r->step, err) ||
	    doc_need_str(d, root, "side", &side, err) ||
	    doc_need_b64_32(d, root, "orders", r->orders, err) ||
	    doc_need(d, root, "reason", DOC_SEQ, &lines, err))
		return -1;
	if (strlen(game) != GAME_ID_HEX || strlen(side) >= sizeof r->side)
		return errorf(err, EXIT_REFUSED, "%s: not a refusal of an "
			      "umpire game (game id or side)", d->name);
	strcpy(r->game, game);
	strcpy(r->side, side);
	if (lines->n == 0)
		return errorf(err, EXIT_REFUSED, "%s: reason: no line",
			      d->name);
	for (size_t i = 0; i < lines->n; i++) {
		if (lines->items[i]->kind != DOC_SCALAR)
			return errorf(err, EXIT_REFUSED, "%s: reason: a list "
				      "of lines", d->name);
		strbuf_addf(&r->reason, "%s%s", i ? " " : "",
			    lines->items[i]->str);
	}
	refusal_comment(r->game, r->step, r->side, want, sizeof want);
	if (strcmp(v->trusted_comment, want) != 0)
		return errorf(err, EXIT_REFUSED, "%s: the signature's trusted "
			      "comment '%s' does not match the refusal ('%s')",
			      d->name, v->trusted_comment, want);
	crypto_generichash(r->hash, 32, (const unsigned char *)v->body,
			   v->body_len, NULL, 0);
	return 0;
}

int refusal_load(struct refusal *r, const char *path,
		 const struct pubkey *referee, struct error *err)
{
	char *buf = NULL;
	size_t len;
	struct verified v;
	int rc = -1;
	memset(r, 0, sizeof *r);
	memset(&v, 0, sizeof v);
	r->doc = doc_new(path_name(path));
	if (mail_read_received(path, REFUSAL_MAX_BYTES, &buf, &len, NULL,
			       NULL, NULL, err))
		return -1;
	if (signed_verify(path_name(path), buf, len, NULL, NULL, 0, referee,
			  &v, err) == 0)
		rc = parse(r, &v, err);
	else
		error_prefix(err, "a refusal must be signed by the game's "
			     "referee");
	verified_free(&v);
	free(buf);
	return rc;
}

void refusal_free(struct refusal *r)
{
	if (r->doc)
		doc_free(r->doc);
	strbuf_free(&r->reason);
	memset(r, 0, sizeof *r);
}
