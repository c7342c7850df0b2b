/*
 * armor.h - the text layer shared by key files and signatures: base64
 * (original alphabet, padded, as minisign writes it) and a line reader that
 * tolerates CRLF and trailing blanks, as mail delivers files.
 *
 * Ownership: nothing here allocates except into a caller's strbuf; the line
 * reader points into the caller's buffer, which must outlive it.
 */
#ifndef UMPIRE_ARMOR_H
#define UMPIRE_ARMOR_H

#include <stddef.h>
#include "umpire/strbuf.h"

/* Append the base64 of b[0..n) to out (no newline). */
void b64_add(struct strbuf *out, const void *b, size_t n);

/*
 * Decode s[0..len) into exactly n bytes. Refuses (-1) anything else: bad
 * characters, wrong padding, a different length. Whitespace is not skipped.
 */
int b64_decode(const char *s, size_t len, unsigned char *out, size_t n);

/*
 * The same for PUBLIC data (signatures, hashes, public keys, orders'
 * blobs, a game's texts), through a table: s[0..len) decoded into at
 * most cap bytes of out, *got of them, the bytes of ignore (NULL: none)
 * skipped wherever they are. It takes what libsodium's
 * sodium_base642bin (the original alphabet, padded, ignore, the whole
 * text) takes and refuses what it refuses: a digit left over, bits set
 * past the last byte, wrong padding, any other byte (and a byte of 128
 * or above, which libsodium 1.0.18 reads as '/'). Its time depends on
 * the digits: never for a secret key (b64_decode is constant-time).
 * 0, or -1.
 */
int b64_decode_public(const char *s, size_t len, const char *ignore,
		      unsigned char *out, size_t cap, size_t *got);

/* Decode base64 of any length, skipping blanks and line breaks, appending
 * to out. Returns 0, or -1 (out then holds an unspecified prefix). */
int b64_decode_any(const char *s, size_t len, struct strbuf *out);

/* Lines of a buffer: iterate with line_next. */
struct line_iter {
	const char *p;      /* next unread byte */
	const char *end;
};

void line_iter_init(struct line_iter *it, const char *buf, size_t len);
/*
 * Next line: *line points at its first byte, *len excludes the line break
 * and any CRs before it. Returns 1, or 0 at the end of the buffer. A last
 * line without a line break is still a line.
 */
int line_next(struct line_iter *it, const char **line, size_t *len);
/* line_next, then line_trim: for lines of base64. */
int line_next_trim(struct line_iter *it, const char **line, size_t *len);
/* Shorten *len past trailing spaces, tabs and CRs. */
void line_trim(const char *line, size_t *len);
/* 1 if the line is empty or blank. */
int line_blank(const char *line, size_t len);

/* 1 if line[0..len) starts with the NUL-terminated prefix. */
int line_starts(const char *line, size_t len, const char *prefix);

#endif
