/*
 * strbuf.h - growable byte buffer, always NUL-terminated.
 *
 * Ownership: the struct strbuf owns buf; strbuf_free releases it. A zeroed
 * struct (STRBUF_INIT) is a valid empty buffer. Allocation failure aborts
 * the process (out of memory is not a recoverable condition for a CLI).
 */
#ifndef UMPIRE_STRBUF_H
#define UMPIRE_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct strbuf {
	char *buf;
	size_t len;
	size_t cap;
};

#define STRBUF_INIT { NULL, 0, 0 }

void strbuf_add(struct strbuf *sb, const void *data, size_t len);
/* Room for more bytes, made at once (then added without a realloc). */
void strbuf_grow(struct strbuf *sb, size_t more);
void strbuf_adds(struct strbuf *sb, const char *s);
void strbuf_addc(struct strbuf *sb, char c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
void strbuf_reset(struct strbuf *sb);
void strbuf_free(struct strbuf *sb);
/* Give up ownership: returns buf (never NULL) and resets sb. */
char *strbuf_detach(struct strbuf *sb, size_t *len);

/* Once, first thing in main: the heap in huge pages (strbuf.c). */
void heap_setup(void);

/* Checked allocation helpers: abort on out-of-memory. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* snprintf(dst, size, "%s", src) without a format to read (size >= 1):
 * src cut to size - 1 bytes, NULL as "". */
void str_copy(char *dst, size_t size, const char *src);

/* s as HTML text (element content or a double-quoted attribute): <, >,
 * & and " escaped, all else as it is; NULL as "". */
void strbuf_add_html(struct strbuf *sb, const char *s);

#endif
