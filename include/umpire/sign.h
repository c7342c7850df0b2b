/*
 * sign.h - minisign signatures, detached (.minisig) and embedded at the end
 * of a text file as comment lines (umpire-protocol(7), SIGNATURES).
 *
 * Ownership: struct minisig and struct verified own their strings; release
 * them with minisig_free / verified_free (a zeroed struct is safe to free).
 * Texts produced go into the caller's strbuf. Inputs are never modified.
 */
#ifndef UMPIRE_SIGN_H
#define UMPIRE_SIGN_H

#include <stddef.h>
#include "umpire/error.h"
#include "umpire/keys.h"
#include "umpire/strbuf.h"

#define SIG_UNTRUSTED_COMMENT "signature from umpire secret key"
#define TRUSTED_COMMENT_MAX 8000        /* bytes, without the prefix */
#define EMBED_BEGIN "# -----BEGIN UMPIRE SIGNATURE-----"
#define EMBED_END "# -----END UMPIRE SIGNATURE-----"
#define EMBED_B64_LINE 64               /* base64 characters per line */

struct minisig {
	char *untrusted_comment; /* without "untrusted comment: " */
	int prehashed;          /* 1: "ED" (BLAKE2b-512), 0: legacy "Ed" */
	unsigned char keynum[KEYNUM_BYTES];
	unsigned char sig[64];
	char *trusted_comment;  /* without "trusted comment: " */
	unsigned char global_sig[64];
};

/*
 * Sign msg (prehashed, "ED") with trusted_comment (one line, no CR/LF)
 * and append the whole .minisig text, exactly as `minisign -S` writes it.
 */
int minisig_sign(const struct seckey *sk, const void *msg, size_t len,
		 const char *trusted_comment, struct strbuf *out,
		 struct error *err);
/* Parse a .minisig text (CRLF tolerated); name is used in messages. */
int minisig_parse(const char *name, const char *text, size_t len,
		  struct minisig *out, struct error *err);
/*
 * Check sig against pk and msg: the key id, the signature over the message
 * ("ED" or "Ed"), the global signature over the trusted comment. Each has
 * its own message, naming `name` (the signed file).
 */
int minisig_verify(const char *name, const struct minisig *sig,
		   const struct pubkey *pk, const void *msg, size_t len,
		   struct error *err);
/* Append the .minisig text of sig, in minisign's layout (LF ends). */
void minisig_format(const struct minisig *sig, struct strbuf *out);
/*
 * Append sig's text as umpire keeps it: parsed (so bounded as minisign
 * bounds it), its untrusted comment made SIG_UNTRUSTED_COMMENT, in
 * minisign's layout. What is left is what the signer made: without the
 * key no other signature of the same message verifies (libsodium
 * refuses a non-canonical S), so the same signed file gives the same
 * text whatever a relay did to the comment.
 */
int minisig_normalise(const char *name, const char *text, size_t len,
		      struct strbuf *out, struct error *err);
void minisig_free(struct minisig *sig);

/* ---- embedded signatures ---- */

/*
 * Append the canonical form of body (see canonical_text; with a final
 * newline added if it lacks one), then the signature block over exactly
 * those bytes.
 */
int embed_sign(const char *body, size_t len, const struct seckey *sk,
	       const char *trusted_comment, struct strbuf *out,
	       struct error *err);
/* Append the embedded block (BEGIN line, base64 lines, END line) that
 * carries minisig_text, the whole text of a .minisig file. */
void embed_armor(const char *minisig_text, size_t len, struct strbuf *out);
/*
 * Find the signature block in buf. Returns 1 with *body_len (the bytes
 * before the BEGIN line) and the decoded .minisig text appended to
 * minisig_text; 0 if there is no block; -1 if the block is malformed.
 */
int embed_split(const char *name, const char *buf, size_t len,
		size_t *body_len, struct strbuf *minisig_text,
		struct error *err);

/*
 * The detached signature of an order file (file: its path, "-" stdin;
 * buf, len: its bytes), if it has one: sigfile (-x), else FILE.minisig
 * beside a file that has no embedded block, read (at most 64 KiB), its
 * path appended to path. *text is NULL (and path empty) for an
 * embedded signature; else malloc'd, the caller's to free.
 */
int detached_read(const char *file, const char *sigfile, const char *buf,
		  size_t len, struct strbuf *path, char **text,
		  size_t *textlen, struct error *err);

/* ---- the canonical text that is signed ---- */

enum {
	CANON_BOM = 1,          /* a UTF-8 byte-order mark at the start */
	CANON_CRLF = 2,         /* CR before line ends */
	CANON_TRAILING = 4,     /* spaces or tabs at line ends */
	CANON_NBSP = 8          /* U+00A0 no-break spaces (made spaces) */
};

/*
 * Append the canonical form of buf to out: no byte-order mark, LF line
 * ends, no spaces or tabs at the end of a line, U+00A0 as a space. *what
 * gets the CANON_* bits of what had to change (0: buf was canonical).
 * What umpire signs into an embedded block is canonical, and a received
 * file that no longer verifies as it is verifies in this form.
 */
void canonical_text(const char *buf, size_t len, struct strbuf *out,
		    unsigned *what);
/* Whether canonical_text would change nothing in buf (a few scans, no
 * copy: a long game file as umpire wrote it). */
int text_canonical(const char *buf, size_t len);
/* Append "trailing whitespace, a byte-order mark" for the bits of what. */
void canonical_describe(unsigned what, struct strbuf *out);

/* ---- verifying a received file ---- */

struct verified {
	char *body;             /* the exact bytes that verified (malloc) */
	size_t body_len;
	char *trusted_comment;
	int embedded;           /* the signature was the embedded block */
	int crlf_fixed;         /* verified only after CRLF -> LF */
};

/*
 * Verify a received file buf (name for messages) with pk. The signature is
 * sigtext (a detached .minisig, named signame) if not NULL, else the
 * file's embedded block. The bytes are verified as received, and if that
 * fails and they hold CRLF, once more with every CRLF turned into LF.
 * Refusals (EXIT_REFUSED): no signature found, malformed signature (block),
 * signed by another key, signature does not match the file, trusted
 * comment altered.
 */
int signed_verify(const char *name, const char *buf, size_t len,
		  const char *signame, const char *sigtext, size_t siglen,
		  const struct pubkey *pk, struct verified *out,
		  struct error *err);
/*
 * The same with the file's Ed25519 checks queued on q (sigq.h) when q is
 * not NULL: a 0 then says only that the signature is well formed and of
 * pk's key, and sigq_finish(q) whether it verifies. The bytes are tried
 * as they are, not mended: a file whose signature holds only once its
 * line ends are mended fails there, and signed_verify says what it is.
 */
struct sigq;
int signed_verify_queued(const char *name, const char *buf, size_t len,
			 const char *signame, const char *sigtext,
			 size_t siglen, const struct pubkey *pk,
			 struct sigq *q, struct verified *out,
			 struct error *err);
void verified_free(struct verified *v);

/* The hash by which a step's countersignature is remembered (the local
 * record, record.h; the checkpoints, checkpoint.h). */
void sig_hash(const unsigned char sig[64], unsigned char out[32]);

#endif
