#define _DEFAULT_SOURCE         /* madvise(2), sbrk(2) */
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "umpire/strbuf.h"

/* A block this large would have its pages faulted in one at a time as
 * they are first written: a long game file (1.6 MB at step 1,024) costs
 * hundreds of faults each time it is read or written, which a virtual
 * machine makes dear. */
#define PREFAULT_BYTES (256u << 10)

/* The whole pages of p..p+n faulted in at once (MADV_POPULATE_WRITE,
 * Linux 5.14); a hint, its failure harmless. */
static void prefault(void *p, size_t n)
{
#ifdef MADV_POPULATE_WRITE
	long page = sysconf(_SC_PAGESIZE);
	if (n < PREFAULT_BYTES || page <= 0)
		return;
	uintptr_t a = ((uintptr_t)p + (uintptr_t)page - 1) &
		~((uintptr_t)page - 1);
	uintptr_t e = ((uintptr_t)p + n) & ~((uintptr_t)page - 1);
	if (e > a)
		(void)madvise((void *)a, e - a, MADV_POPULATE_WRITE);
#else
	(void)p;
	(void)n;
#endif
}

static void oom(void)
{
	fputs("umpire: out of memory\n", stderr);
	abort();
}

/* The heap laid out in huge pages before the command runs: malloc
 * takes HEAP_ROOM more from the kernel when it first grows (M_TOP_PAD)
 * and keeps blocks up to HEAP_ROOM / 4 there rather than mapping each
 * on its own (M_MMAP_THRESHOLD); that room is marked for transparent
 * huge pages, so the first write to each 2 MiB of it costs one fault,
 * not 512 (a command's documents, states and copies of a long game
 * file are written once each, a few MiB of them in all). No memory is
 * taken until written. Where the heap is not malloc's brk area (a
 * sanitizer's or valgrind's allocator), nothing is marked. Measured
 * (bench/results.txt, flat): on a virtual machine where a fault cost
 * 11 us, status at step 1,024 of a long game took 12.4 ms, not 18.8,
 * and audit 40.5 ms, not 47.1; where faults are cheap, 3.6 ms, not
 * 3.9. Peak RSS grows by what the command writes, rounded up to 2 MiB
 * (1.4 MB at step 8, 3 MB at step 1,024). */
#define HEAP_ROOM ((size_t)32 << 20)
#define HUGE_PAGE ((size_t)2 << 20)

/* The heap made to begin one page below a huge page's boundary (the
 * break moved up to there; the gap is address space only): malloc's
 * first block and the header of the room it keeps fall in that page,
 * so nothing is written above the boundary before the room is marked.
 * A huge page is made only where no byte of its 2 MiB was written
 * before the mark: else the heap's first part, up to 2 MiB and all a
 * short command uses, is faulted in 4 KiB at a time (158 faults of
 * adjudicate's 274 at step 8, where the boundary fell). 0 when the
 * heap was not so laid out (malloc had grown it already). */
#if defined(M_TOP_PAD) && defined(MADV_HUGEPAGE)
static int heap_at_boundary(uintptr_t *room)
{
	long page = sysconf(_SC_PAGESIZE);
	char *brk0 = sbrk(0);
	if (page <= 0 || brk0 == (char *)-1)
		return 0;
	uintptr_t b = (uintptr_t)brk0, pg = (uintptr_t)page;
	uintptr_t start = ((b + pg + HUGE_PAGE - 1) &
			   ~(uintptr_t)(HUGE_PAGE - 1)) - pg;
	if (sbrk((intptr_t)(start - b)) == (void *)-1)
		return 0;
	char *p = malloc(1);
	int ok = p && (uintptr_t)p >= start && (uintptr_t)p < start + pg;
	free(p);
	*room = start + pg;
	return ok;
}
#endif

void heap_setup(void)
{
#if defined(M_TOP_PAD) && defined(MADV_HUGEPAGE)
	if (!mallopt(M_TOP_PAD, (int)HEAP_ROOM) ||
	    !mallopt(M_MMAP_THRESHOLD, (int)(HEAP_ROOM / 4)) ||
	    !mallopt(M_TRIM_THRESHOLD, (int)HEAP_ROOM))
		return;
	uintptr_t a = 0;
	char *p = NULL, *end;
	if (!heap_at_boundary(&a)) {
		/* a block too large for the heap's first room makes it
		 * grow; the room marked from the first boundary in it */
		p = malloc(256u << 10);
		a = ((uintptr_t)p + HUGE_PAGE - 1) &
			~(uintptr_t)(HUGE_PAGE - 1);
	}
	end = sbrk(0);
	if (end != (char *)-1 && a < (uintptr_t)end &&
	    (uintptr_t)end - a <= 2 * HEAP_ROOM) {
		uintptr_t e = (uintptr_t)end & ~(uintptr_t)(HUGE_PAGE - 1);
		if (e > a)
			(void)madvise((void *)a, e - a, MADV_HUGEPAGE);
	}
	free(p);
#endif
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	prefault(p, n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom();
	prefault(p, n * size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	prefault(p, n);
	return p;
}

void str_copy(char *dst, size_t size, const char *src)
{
	size_t n = src ? strnlen(src, size - 1) : 0;
	memmove(dst, src ? src : "", n);
	dst[n] = '\0';
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(xmalloc(n), s, n);
}

static void grow(struct strbuf *sb, size_t more)
{
	size_t need = sb->len + more + 1;
	if (need < sb->len)
		oom();
	if (need <= sb->cap)
		return;
	size_t cap = sb->cap ? sb->cap : 64;
	while (cap < need)
		cap *= 2;
	sb->buf = xrealloc(sb->buf, cap);
	sb->cap = cap;
}

void strbuf_grow(struct strbuf *sb, size_t more)
{
	grow(sb, more);
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	grow(sb, len);
	if (len)
		memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_adds(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addc(struct strbuf *sb, char c)
{
	strbuf_add(sb, &c, 1);
}

void strbuf_add_html(struct strbuf *sb, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '<': strbuf_adds(sb, "&lt;"); break;
		case '>': strbuf_adds(sb, "&gt;"); break;
		case '&': strbuf_adds(sb, "&amp;"); break;
		case '"': strbuf_adds(sb, "&quot;"); break;
		default: strbuf_addc(sb, *s);
		}
	}
}

/* Formatted once into the room at hand (the buffer's spare room, else a
 * small one on the stack), a second time only when it did not fit. */
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	char small[256];
	va_list cp;
	int spare = sb->buf && sb->cap - sb->len > sizeof small;
	char *to = spare ? sb->buf + sb->len : small;
	size_t room = spare ? sb->cap - sb->len : sizeof small;
	va_copy(cp, ap);
	int n = vsnprintf(to, room, fmt, cp);
	va_end(cp);
	if (n < 0) {
		if (sb->buf)
			sb->buf[sb->len] = '\0';
		return;
	}
	if ((size_t)n < room) {
		if (!spare) {
			grow(sb, (size_t)n);
			memcpy(sb->buf + sb->len, small, (size_t)n + 1);
		}
		sb->len += (size_t)n;
		return;
	}
	grow(sb, (size_t)n);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

void strbuf_free(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *b = sb->buf;
	if (!b)
		b = xcalloc(1, 1);
	if (len)
		*len = sb->len;
	sb->buf = NULL;
	sb->len = sb->cap = 0;
	return b;
}
