/*
 * sign.c - minisign signatures and the embedded signature block.
 *
 * A .minisig text is four lines:
 *   untrusted comment: <text>
 *   base64("ED" keynum[8] sig[64])     sig = Ed25519(BLAKE2b-512(message))
 *   trusted comment: <text>
 *   base64(global_sig[64])             Ed25519(sig || trusted comment)
 * Legacy "Ed" signatures sign the message itself.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sodium.h>
#include "umpire/armor.h"
#include "umpire/fsutil.h"
#include "umpire/sign.h"
#include "umpire/sigq.h"

#define COMMENT_PREFIX "untrusted comment: "
#define TRUSTED_PREFIX "trusted comment: "
#define ALG_PREHASHED "ED"
#define ALG_LEGACY "Ed"
#define SIGBLOB_BYTES (2 + KEYNUM_BYTES + 64)
/* minisign reads the untrusted comment line into 1024 bytes (its
 * COMMENTMAXBYTES): at most 1022 characters, then the line end */
#define UNTRUSTED_LINE_MAX 1022

enum check { CHECK_OK, CHECK_KEY, CHECK_MESSAGE, CHECK_COMMENT };

/* The bytes Ed25519 signs for a message: its BLAKE2b-512 or itself. */
static int signed_bytes(int prehashed, const void *msg, size_t len,
			unsigned char hash[64], const unsigned char **p,
			size_t *n)
{
	if (!prehashed) {
		*p = msg;
		*n = len;
		return 0;
	}
	crypto_generichash(hash, 64, msg, len, NULL, 0);
	*p = hash;
	*n = 64;
	return 0;
}

/* sig || trusted comment, the message of the global signature */
static void global_message(const unsigned char sig[64], const char *tc,
			   struct strbuf *out)
{
	strbuf_add(out, sig, 64);
	strbuf_adds(out, tc);
}

void minisig_format(const struct minisig *sig, struct strbuf *out)
{
	unsigned char blob[SIGBLOB_BYTES];
	memcpy(blob, sig->prehashed ? ALG_PREHASHED : ALG_LEGACY, 2);
	memcpy(blob + 2, sig->keynum, KEYNUM_BYTES);
	memcpy(blob + 2 + KEYNUM_BYTES, sig->sig, 64);
	strbuf_addf(out, COMMENT_PREFIX "%s\n", sig->untrusted_comment);
	b64_add(out, blob, sizeof blob);
	strbuf_addf(out, "\n" TRUSTED_PREFIX "%s\n", sig->trusted_comment);
	b64_add(out, sig->global_sig, 64);
	strbuf_addc(out, '\n');
}

int minisig_sign(const struct seckey *sk, const void *msg, size_t len,
		 const char *trusted_comment, struct strbuf *out,
		 struct error *err)
{
	struct minisig sig = { .prehashed = 1 };
	struct strbuf gm = STRBUF_INIT;
	unsigned char hash[64];
	const unsigned char *m;
	size_t n;
	if (strpbrk(trusted_comment, "\r\n"))
		return errorf(err, EXIT_REFUSED, "the trusted comment must be "
			      "one line (it holds a line break)");
	if (strlen(trusted_comment) > TRUSTED_COMMENT_MAX)
		return errorf(err, EXIT_REFUSED, "the trusted comment is "
			      "longer than %d bytes", TRUSTED_COMMENT_MAX);
	sig.untrusted_comment = xstrdup(SIG_UNTRUSTED_COMMENT);
	sig.trusted_comment = xstrdup(trusted_comment);
	memcpy(sig.keynum, sk->keynum, KEYNUM_BYTES);
	signed_bytes(1, msg, len, hash, &m, &n);
	crypto_sign_detached(sig.sig, NULL, m, n, sk->sk);
	global_message(sig.sig, trusted_comment, &gm);
	crypto_sign_detached(sig.global_sig, NULL, (unsigned char *)gm.buf,
			     gm.len, sk->sk);
	strbuf_free(&gm);
	minisig_format(&sig, out);
	minisig_free(&sig);
	return 0;
}

int minisig_normalise(const char *name, const char *text, size_t len,
		      struct strbuf *out, struct error *err)
{
	struct minisig sig, back;
	size_t at = out->len;
	if (minisig_parse(name, text, len, &sig, err))
		return -1;
	free(sig.untrusted_comment);
	sig.untrusted_comment = xstrdup(SIG_UNTRUSTED_COMMENT);
	minisig_format(&sig, out);
	/* read back as the same signature, byte for byte of what is
	 * signed: a caller that verified text keeps its verdict for the
	 * normal form (game_adjudicate) */
	int same = minisig_parse(name, out->buf + at, out->len - at, &back,
				 err) == 0;
	if (same) {
		same = back.prehashed == sig.prehashed &&
			!memcmp(back.keynum, sig.keynum, KEYNUM_BYTES) &&
			!memcmp(back.sig, sig.sig, 64) &&
			!memcmp(back.global_sig, sig.global_sig, 64) &&
			!strcmp(back.trusted_comment, sig.trusted_comment);
		minisig_free(&back);
		if (!same)
			errorf(err, EXIT_USAGE, "%s: the signature written "
			       "does not read back as the one given (a fault "
			       "of umpire's: please report it); nothing "
			       "written", name);
	}
	minisig_free(&sig);
	return same ? 0 : -1;
}

void minisig_free(struct minisig *sig)
{
	free(sig->untrusted_comment);
	free(sig->trusted_comment);
	sig->untrusted_comment = sig->trusted_comment = NULL;
}

static char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static int malformed(const char *name, const char *what, struct error *err)
{
	return errorf(err, EXIT_REFUSED, "%s: malformed signature: %s", name,
		      what);
}

int minisig_parse(const char *name, const char *text, size_t len,
		  struct minisig *out, struct error *err)
{
	unsigned char blob[SIGBLOB_BYTES];
	struct line_iter it;
	const char *line, *uc, *tc;
	size_t n, ucn, tcn, pre = strlen(TRUSTED_PREFIX);
	memset(out, 0, sizeof *out);
	line_iter_init(&it, text, len);
	if (!line_next(&it, &uc, &ucn) ||
	    !line_starts(uc, ucn, "untrusted comment:"))
		return malformed(name, "the first line is not an "
				 "\"untrusted comment:\"", err);
	if (ucn > UNTRUSTED_LINE_MAX)
		return malformed(name, "the untrusted comment line is longer "
				 "than minisign reads (1022 characters)",
				 err);
	if (!line_next_trim(&it, &line, &n) ||
	    b64_decode(line, n, blob, sizeof blob) != 0)
		return malformed(name, "the second line is not the base64 "
				 "of 74 bytes", err);
	if (memcmp(blob, ALG_PREHASHED, 2) == 0)
		out->prehashed = 1;
	else if (memcmp(blob, ALG_LEGACY, 2) != 0)
		return malformed(name, "unsupported signature algorithm "
				 "(expected \"ED\" or \"Ed\")", err);
	memcpy(out->keynum, blob + 2, KEYNUM_BYTES);
	memcpy(out->sig, blob + 2 + KEYNUM_BYTES, 64);
	if (!line_next(&it, &tc, &tcn) || !line_starts(tc, tcn,
						       TRUSTED_PREFIX))
		return malformed(name, "the third line is not a "
				 "\"trusted comment:\"", err);
	tc += pre;
	tcn -= pre;
	if (tcn > TRUSTED_COMMENT_MAX || memchr(tc, '\0', tcn) ||
	    memchr(tc, '\r', tcn))
		return malformed(name, "trusted comment too long or "
				 "holding a NUL byte or a carriage return "
				 "(as minisign, one line)", err);
	if (!line_next_trim(&it, &line, &n) ||
	    b64_decode(line, n, out->global_sig, 64) != 0)
		return malformed(name, "the fourth line is not the base64 "
				 "of a 64-byte signature", err);
	while (line_next(&it, &line, &n))
		if (!line_blank(line, n))
			return malformed(name, "text after the fourth line",
					 err);
	pre = strlen("untrusted comment:");
	pre += ucn > pre && uc[pre] == ' ';
	out->untrusted_comment = xstrndup(uc + pre, ucn - pre);
	out->trusted_comment = xstrndup(tc, tcn);
	return 0;
}

/* With q, the two Ed25519 checks are queued (sigq.h): CHECK_OK then says
 * only that the signature is of pk's key. */
static enum check check(const struct minisig *sig, const struct pubkey *pk,
			const void *msg, size_t len, struct sigq *q)
{
	unsigned char hash[64];
	const unsigned char *m;
	struct strbuf gm = STRBUF_INIT;
	size_t n;
	int rc;
	if (memcmp(sig->keynum, pk->keynum, KEYNUM_BYTES) != 0)
		return CHECK_KEY;
	signed_bytes(sig->prehashed, msg, len, hash, &m, &n);
	if (sigq_verify(q, sig->sig, m, n, pk->pk) != 0)
		return CHECK_MESSAGE;
	global_message(sig->sig, sig->trusted_comment, &gm);
	rc = sigq_verify(q, sig->global_sig, (unsigned char *)gm.buf, gm.len,
			 pk->pk);
	strbuf_free(&gm);
	return rc == 0 ? CHECK_OK : CHECK_COMMENT;
}

static int report(const char *name, enum check c, const struct minisig *sig,
		  const struct pubkey *pk, struct error *err)
{
	char got[KEYID_HEX_SIZE], want[KEYID_HEX_SIZE];
	switch (c) {
	case CHECK_OK:
		return 0;
	case CHECK_KEY:
		keyid_hex(sig->keynum, got);
		keyid_hex(pk->keynum, want);
		return errorf(err, EXIT_REFUSED, "%s: signed by another key "
			      "(id %s, expected %s)", name, got, want);
	case CHECK_MESSAGE:
		return errorf(err, EXIT_REFUSED, "%s: signature does not "
			      "match the file (file altered after signing)",
			      name);
	case CHECK_COMMENT:
		break;
	}
	return errorf(err, EXIT_REFUSED, "%s: trusted comment altered (its "
		      "signature does not match)", name);
}

int minisig_verify(const char *name, const struct minisig *sig,
		   const struct pubkey *pk, const void *msg, size_t len,
		   struct error *err)
{
	return report(name, check(sig, pk, msg, len, NULL), sig, pk, err);
}

/* ---- embedded signatures ---- */

void embed_armor(const char *minisig_text, size_t len, struct strbuf *out)
{
	struct strbuf b64 = STRBUF_INIT;
	strbuf_adds(out, EMBED_BEGIN "\n");
	b64_add(&b64, minisig_text, len);
	for (size_t i = 0; i < b64.len; i += EMBED_B64_LINE) {
		size_t n = b64.len - i < EMBED_B64_LINE ?
			b64.len - i : EMBED_B64_LINE;
		strbuf_adds(out, "# ");
		strbuf_add(out, b64.buf + i, n);
		strbuf_addc(out, '\n');
	}
	strbuf_adds(out, EMBED_END "\n");
	strbuf_free(&b64);
}

int embed_sign(const char *body, size_t len, const struct seckey *sk,
	       const char *trusted_comment, struct strbuf *out,
	       struct error *err)
{
	struct strbuf msg = STRBUF_INIT, sig = STRBUF_INIT;
	unsigned canon;
	int rc;
	/* Sign the canonical text, which mail cannot change further. */
	canonical_text(body, len, &msg, &canon);
	if (msg.len > 0 && msg.buf[msg.len - 1] != '\n')
		strbuf_addc(&msg, '\n');
	rc = minisig_sign(sk, msg.buf, msg.len, trusted_comment, &sig, err);
	if (rc == 0) {
		strbuf_add(out, msg.buf, msg.len);
		embed_armor(sig.buf, sig.len, out);
	}
	strbuf_free(&msg);
	strbuf_free(&sig);
	return rc;
}

static int is_armor(const char *line, size_t n, const char *armor)
{
	line_trim(line, &n);
	return n == strlen(armor) && memcmp(line, armor, n) == 0;
}

static int block_error(const char *name, int lineno, const char *what,
		       struct error *err)
{
	return errorf(err, EXIT_REFUSED, "%s:%d: malformed signature block: "
		      "%s", name, lineno, what);
}

int embed_split(const char *name, const char *buf, size_t len,
		size_t *body_len, struct strbuf *minisig_text,
		struct error *err)
{
	struct line_iter it;
	struct strbuf b64 = STRBUF_INIT;
	const char *line;
	size_t n;
	int lineno = 0, begin, rc = 0, found = 0, ended = 0;
	line_iter_init(&it, buf, len);
	while (!found && line_next(&it, &line, &n)) {
		lineno++;
		found = is_armor(line, n, EMBED_BEGIN);
	}
	if (!found)
		return 0;
	*body_len = (size_t)(line - buf);
	begin = lineno;
	while (rc == 0 && !ended && line_next(&it, &line, &n)) {
		lineno++;
		if (is_armor(line, n, EMBED_END))
			ended = 1;
		else if (n == 0 || line[0] != '#')
			rc = block_error(name, lineno, "a line inside the "
					 "block does not start with #", err);
		else
			strbuf_add(&b64, line + 1, n - 1);
	}
	if (rc == 0 && !ended)
		rc = block_error(name, begin, "no END line", err);
	while (rc == 0 && line_next(&it, &line, &n))
		if (!line_blank(line, n))
			rc = block_error(name, lineno + 1, "text after the "
					 "END line", err);
	if (rc == 0 && b64_decode_any(b64.buf ? b64.buf : "", b64.len,
				      minisig_text) != 0)
		rc = block_error(name, begin, "bad base64", err);
	strbuf_free(&b64);
	return rc == 0 ? 1 : -1;
}

/* ---- verifying a received file ---- */

void verified_free(struct verified *v)
{
	free(v->body);
	free(v->trusted_comment);
	memset(v, 0, sizeof *v);
}

static void crlf_to_lf(const char *buf, size_t len, struct strbuf *out)
{
	for (size_t i = 0; i < len; i++)
		if (!(buf[i] == '\r' && i + 1 < len && buf[i + 1] == '\n'))
			strbuf_addc(out, buf[i]);
}

void canonical_text(const char *buf, size_t len, struct strbuf *out,
		    unsigned *what)
{
	size_t i = 0;
	*what = 0;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) {
		i = 3;
		*what |= CANON_BOM;
	}
	while (i < len) {
		const char *nl = memchr(buf + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - buf) : len, n;
		size_t start = out->len;
		for (size_t j = i; j < end;) {
			/* runs without 0xc2 are copied whole; U+00A0 (c2 a0),
			 * as clients turn spaces into, becomes a space */
			const char *c2 = memchr(buf + j, 0xc2, end - j);
			size_t k = c2 ? (size_t)(c2 - buf) : end;
			strbuf_add(out, buf + j, k - j);
			j = k;
			if (j >= end)
				break;
			if (j + 1 < end && (unsigned char)buf[j + 1] == 0xa0) {
				strbuf_addc(out, ' ');
				j += 2;
				*what |= CANON_NBSP;
			} else {
				strbuf_addc(out, buf[j]);
				j++;
			}
		}
		n = out->len - start;
		while (n > 0 && (out->buf[start + n - 1] == ' ' ||
				 out->buf[start + n - 1] == '\t' ||
				 out->buf[start + n - 1] == '\r')) {
			if (out->buf[start + n - 1] == '\r')
				*what |= CANON_CRLF;
			else
				*what |= CANON_TRAILING;
			n--;
		}
		out->len = start + n;
		if (out->buf)
			out->buf[out->len] = '\0';
		if (nl)
			strbuf_addc(out, '\n');
		i = nl ? end + 1 : len;
	}
	if (!out->buf)
		strbuf_adds(out, "");
}

int text_canonical(const char *buf, size_t len)
{
	if ((len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) ||
	    memchr(buf, '\r', len) || memchr(buf, 0xc2, len))
		return 0;
	/* no blank before a line's end, nor at the text's end */
	for (const char *p = buf, *end = buf + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		if (e > p && (e[-1] == ' ' || e[-1] == '\t'))
			return 0;
		p = e + 1;
	}
	return 1;
}

void canonical_describe(unsigned what, struct strbuf *out)
{
	static const struct { unsigned bit; const char *text; } names[] = {
		{ CANON_BOM, "a byte-order mark" },
		{ CANON_CRLF, "CR line ends" },
		{ CANON_TRAILING, "trailing whitespace" },
		{ CANON_NBSP, "non-breaking spaces" },
	};
	size_t k = 0;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (what & names[i].bit)
			strbuf_addf(out, "%s%s", k++ ? ", " : "",
				    names[i].text);
}

static int has_crlf(const char *buf, size_t len)
{
	for (size_t i = 0; i + 1 < len; i++)
		if (buf[i] == '\r' && buf[i + 1] == '\n')
			return 1;
	return 0;
}

/* Find and parse the signature: detached sigtext, or the embedded block. */
static int find_signature(const char *name, const char *buf, size_t len,
			  const char *signame, const char *sigtext,
			  size_t siglen, struct minisig *sig,
			  size_t *body_len, struct error *err)
{
	struct strbuf text = STRBUF_INIT;
	char label[512];
	int rc;
	*body_len = len;
	if (sigtext)
		return minisig_parse(signame ? signame : name, sigtext, siglen,
				     sig, err);
	rc = embed_split(name, buf, len, body_len, &text, err);
	if (rc == 0)
		return errorf(err, EXIT_REFUSED, "%s: no signature found (no "
			      "embedded signature block and no detached "
			      "signature)", name);
	snprintf(label, sizeof label, "%s (signature block)", name);
	if (rc > 0)
		rc = minisig_parse(label, text.buf, text.len, sig, err);
	strbuf_free(&text);
	return rc;
}

int signed_verify(const char *name, const char *buf, size_t len,
		  const char *signame, const char *sigtext, size_t siglen,
		  const struct pubkey *pk, struct verified *out,
		  struct error *err)
{
	return signed_verify_queued(name, buf, len, signame, sigtext, siglen,
				    pk, NULL, out, err);
}

int signed_verify_queued(const char *name, const char *buf, size_t len,
			 const char *signame, const char *sigtext,
			 size_t siglen, const struct pubkey *pk,
			 struct sigq *q, struct verified *out,
			 struct error *err)
{
	struct minisig sig;
	struct strbuf lf = STRBUF_INIT;
	size_t body_len;
	enum check c;
	memset(out, 0, sizeof *out);
	if (find_signature(name, buf, len, signame, sigtext, siglen, &sig,
			   &body_len, err) != 0)
		return -1;
	unsigned canon = 0;
	c = check(&sig, pk, buf, body_len, q);
	if (c == CHECK_MESSAGE && has_crlf(buf, body_len)) {
		crlf_to_lf(buf, body_len, &lf);
		c = check(&sig, pk, lf.buf, lf.len, NULL);
		out->crlf_fixed = c == CHECK_OK;
	}
	if (c == CHECK_MESSAGE) {
		/* What mail does to text: the canonical form is signed. */
		strbuf_reset(&lf);
		canonical_text(buf, body_len, &lf, &canon);
		if (canon) {
			c = check(&sig, pk, lf.buf, lf.len, NULL);
			out->crlf_fixed = c == CHECK_OK;
		}
	}
	if (c == CHECK_OK) {
		out->embedded = sigtext == NULL;
		if (out->crlf_fixed) {
			out->body = strbuf_detach(&lf, &out->body_len);
		} else {
			out->body = xmalloc(body_len + 1);
			memcpy(out->body, buf, body_len);
			out->body[body_len] = '\0';
			out->body_len = body_len;
		}
		out->trusted_comment = sig.trusted_comment;
		sig.trusted_comment = NULL;
	}
	strbuf_free(&lf);
	if (c == CHECK_MESSAGE && canon) {
		struct strbuf what = STRBUF_INIT;
		canonical_describe(canon, &what);
		errorf(err, EXIT_REFUSED, "%s: %s removed, the signature still "
		       "does not match: the text was edited after signing",
		       name, what.buf);
		strbuf_free(&what);
	} else {
		report(name, c, &sig, pk, err);
	}
	minisig_free(&sig);
	return c == CHECK_OK ? 0 : -1;
}

void sig_hash(const unsigned char sig[64], unsigned char out[32])
{
	crypto_generichash(out, 32, sig, 64, NULL, 0);
}

int detached_read(const char *file, const char *sigfile, const char *buf,
		  size_t len, struct strbuf *path, char **text,
		  size_t *textlen, struct error *err)
{
	struct strbuf block = STRBUF_INIT;
	struct error ignored;
	size_t body_len;
	*text = NULL;
	*textlen = 0;
	if (sigfile) {
		strbuf_adds(path, sigfile);
	} else {
		int embedded = embed_split(path_name(file), buf, len,
					   &body_len, &block, &ignored);
		strbuf_free(&block);
		if (embedded != 0 || strcmp(file, "-") == 0)
			return 0;
		strbuf_addf(path, "%s.minisig", file);
		if (access(path->buf, F_OK) != 0)
			return 0;
	}
	return read_input(path->buf, 1u << 16, text, textlen, err);
}
