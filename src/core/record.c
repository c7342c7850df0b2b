/*
 * record.c - the local record of one key in one game (see record.h).
 *
 * The file is text, one fact a line:
 *   umpire record/1
 *   game GAME-ID
 *   genesis HASH
 *   step N HASH SIG          (every verified step, N = 1, 2, ...: its
 *                            hash and the hash of its countersignature)
 *   signed N HASH ORIGIN     (an order file this key signed)
 *   countersigned N HASH ORIGIN (orders this key adjudicated)
 *   refused N HASH BY ORIGIN (the referee refused the order file HASH
 *                            this key signed; BY: the refusal's hash)
 * HASH is 32 bytes in base64 (44 characters). The step lines come in
 * order of N; the others anywhere after the game line.
 *
 * A record is written whole (atomically: a copy synced, renamed, its
 * directory synced) when it is made, and then appended to: a save
 * writes the lines of what the command learned at the end of the file
 * and syncs it, so a turn's write does not grow with the game (it was
 * 178 KB at step 1,024, rewritten at each sign and adjudicate). The
 * format is the one older umpires read and wrote (record/1). An append
 * cut short (a crash, a kill) leaves whole lines then, at most, one
 * without its newline: a reader keeps the whole lines and ignores that
 * last part, and the next save writes the file again whole, without
 * it. An append puts its marks first (signed, countersigned, refused:
 * what makes this key refuse a second version), then the genesis and
 * the steps verified: cut between them, the record says what the key
 * did, and at worst forgets a step it verified (verified again next
 * time), never the reverse.
 *
 * Beside it, GAME.sum, GAME.sum-steps, GAME.sum-marks and
 * GAME.sum-kinds (0600), the record's summary, a cache as the
 * checkpoints are (written unsynced, trusted as files of this machine
 * made when the record was read or saved): GAME.sum, binary, a
 * struct sum_head (the magic "umpire recsum/1\n", this build's sizes of
 * a step and a mark, the record's length and mtime as stat gave them
 * after the save, the counts of steps and marks, the genesis, the game,
 * the record's last 64 bytes), written whole at each save, over the
 * old one in place (rewrite_cache: only under the lock, which its
 * reads hold too; a crash leaves one or the other, as a struct of one
 * sector); the side files the arrays of struct record_step, struct
 * record_mark and the marks' kinds as record_read would make them,
 * appended to. record_read takes the arrays from them, not from the
 * record's lines, when the record is that very file (the same length,
 * mtime and last bytes: another process's append or a truncation
 * changes its length, an edit its mtime, and the last line, where a
 * record changes, is compared; a copy that keeps the mtime, as cp -p
 * does, is the same file) and the side files hold the counts; else it
 * reads the record whole and writes the summary again. At step 1,024
 * of a long game the lines read whole were 0.76M instructions of every
 * sign and adjudicate.
 *
 * Beside it, GAME.lock (empty, 0600): record_open takes an exclusive
 * flock(2) on it before it reads the record, and record_free lets go,
 * so that a command's read, checks and write of the record are one
 * step for every other umpire process on this machine (two mails of
 * one step adjudicated at once: the second reads what the first
 * wrote). The lock goes with the open file, so it holds however the
 * process ends; nothing else in a process may open the same record
 * while it holds it (the second flock would wait for ever).
 */
#define _GNU_SOURCE             /* flock(2), memmem(3) */
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sodium.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include "umpire/doc.h"
#include "umpire/fsutil.h"
#include "umpire/record.h"
#include "umpire/sign.h"
#include "umpire/strbuf.h"

#define RECORD_MAGIC "umpire record/1"
#define RECORD_MAX_BYTES (64u << 20)

/* mkdir -p, each new directory 0700: the directory itself first (it is
 * there at every step but a game's first), its parents only when missing. */
static int make_dirs(const char *path, struct error *err)
{
	if (mkdir(path, 0700) == 0 || errno == EEXIST)
		return 0;
	char *p = xmalloc(strlen(path) + 1);
	int rc = 0;
	strcpy(p, path);
	for (char *s = p + 1; rc == 0; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		char c = *s;
		*s = '\0';
		if (mkdir(p, 0700) != 0 && errno != EEXIST)
			rc = errorf(err, EXIT_USAGE, "cannot make the directory "
				    "of the local record %s: %s", p,
				    strerror(errno));
		*s = c;
		if (c == '\0')
			break;
	}
	free(p);
	return rc;
}

static int record_dir(const struct pubkey *pk, struct strbuf *dir,
		      struct error *err)
{
	char hex[2 * 32 + 1];
	if (state_dir(dir, err))
		return -1;
	sodium_bin2hex(hex, sizeof hex, pk->pk, 32);
	strbuf_addf(dir, "/%s", hex);
	return 0;
}

/* A hash as the record keeps it (record.h: its base64 text). */
static void hash_text(record_hash out, const unsigned char b[32])
{
	doc_b64_32_str(out, b);
}

/* Whether the kept text t is the hash b: the texts compared, and when
 * they differ the bytes, so that a text the record did not write
 * canonically still means what it decodes to (a text that decodes to
 * nothing is no hash). */
static int is_hash(const record_hash t, const unsigned char b[32])
{
	record_hash mine;
	unsigned char got[32];
	hash_text(mine, b);
	if (sodium_memcmp(mine, t, DOC_B64_32_LEN) == 0)
		return 1;
	return doc_b64_32_parse(t, strlen(t), got) == 0 &&
		sodium_memcmp(got, b, 32) == 0;
}

static void add_mark_text(struct record *r, char kind, long long step,
			  const char *hash, const char *by, const char *origin)
{
	/* doubled as it fills: a record has a mark for every step this
	 * key signed or adjudicated, and one realloc a mark copied the
	 * whole array each time (96 MB at step 1,024) */
	if (r->n_marks == r->cap_marks) {
		r->cap_marks = r->cap_marks ? 2 * r->cap_marks : 16;
		r->marks = xrealloc(r->marks, r->cap_marks * sizeof *r->marks);
		r->kinds = xrealloc(r->kinds, r->cap_marks);
	}
	struct record_mark *m = &r->marks[r->n_marks];
	/* every byte set: the summary's side file holds the struct */
	memset(m, 0, sizeof *m);
	m->step = step;
	memcpy(m->hash, hash, DOC_B64_32_LEN);
	m->hash[DOC_B64_32_LEN] = '\0';
	if (by)
		memcpy(m->by, by, DOC_B64_32_LEN);
	m->by[by ? DOC_B64_32_LEN : 0] = '\0';
	/* copied, then every byte outside '!'..'~' made '_' (tested 8
	 * bytes at a time: a record has a mark a step) */
	size_t n = strnlen(origin, sizeof m->origin - 1), i = 0;
	uint64_t bad = 0;
	memcpy(m->origin, origin, n);
	m->origin[n] = '\0';
	for (; i + 8 <= n; i += 8) {
		const uint64_t ones = UINT64_MAX / 255, high = ones * 128;
		uint64_t x;
		memcpy(&x, origin + i, 8);
		/* a byte below '!', or above '~' (bit 7 set included) */
		bad |= ((x - ones * '!') & ~x & high) |
			(((x + ones * (127 - '~')) | x) & high);
	}
	for (; i < n; i++)
		bad |= (unsigned char)(origin[i] - '!') > '~' - '!';
	for (i = 0; bad && i < n; i++)
		if ((unsigned char)(origin[i] - '!') > '~' - '!')
			m->origin[i] = '_';
	if (!n)
		strcpy(m->origin, "-");
	r->kinds[r->n_marks++] = kind;
}

/* Room for one more step. */
static struct record_step *next_step(struct record *r)
{
	if (r->n_steps == r->cap_steps) {
		r->cap_steps = r->cap_steps ? 2 * r->cap_steps : 16;
		r->steps = xrealloc(r->steps, r->cap_steps * sizeof *r->steps);
	}
	return &r->steps[r->n_steps++];
}

/* The shortest lines of the record: "step N HASH SIG" and "signed N
 * HASH ORIGIN", with their newlines. */
#define STEP_LINE_MIN (5 + 1 + 1 + 2 * DOC_B64_32_LEN + 1 + 1)
#define MARK_LINE_MIN (7 + 1 + 1 + DOC_B64_32_LEN + 1 + 1 + 1)
/* What record_read makes room for at most before it reads (more, and
 * the arrays double as they fill). */
#define RECORD_RESERVE ((size_t)1 << 16)

/* Room made for the steps and marks a record of len bytes can hold at
 * most, before it is read: the arrays doubled as they filled were
 * copied each time (0.26M instructions of sign -g at step 1,024 of a
 * long game); the room never written is never touched. */
static void reserve(struct record *r, size_t len)
{
	size_t steps = len / STEP_LINE_MIN + 1, marks = len / MARK_LINE_MIN + 1;
	r->cap_steps = steps < RECORD_RESERVE ? steps : RECORD_RESERVE;
	r->cap_marks = marks < RECORD_RESERVE ? marks : RECORD_RESERVE;
	r->steps = xmalloc(r->cap_steps * sizeof *r->steps);
	r->marks = xmalloc(r->cap_marks * sizeof *r->marks);
	r->kinds = xmalloc(r->cap_marks);
}

static void add_mark(struct record *r, char kind, long long step,
		     const unsigned char hash[32], const unsigned char *by,
		     const char *origin)
{
	record_hash h, b;
	hash_text(h, hash);
	if (by)
		hash_text(b, by);
	add_mark_text(r, kind, step, h, by ? b : NULL, origin);
}

/* A line's words, split at single spaces: at most max of them, each
 * NUL-terminated in place; the count, or -1 for more than max. */
static int split_words(char *line, char **w, int max)
{
	int n = 0;
	while (*line) {
		if (n == max)
			return -1;
		w[n++] = line;
		char *sp = strchr(line, ' ');
		if (!sp)
			break;
		*sp = '\0';
		line = sp + 1;
	}
	return n;
}

/* A step number: decimal digits, at least 1. */
static int parse_step(const char *s, long long *n)
{
	char *end;
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*n = strtoll(s, &end, 10);
	return *end || errno || *n < 1 ? -1 : 0;
}

/* Whether the 44 bytes at s are the one base64 text of some 32 bytes,
 * as the record writes it: 43 digits of the alphabet, the last with
 * its 2 unused low bits zero, then '=' (decoded only where it is
 * consulted). A record has three hashes a step (0.7M of sign -g's 10M
 * at step 1,024 when tested a character at a time): with SSE2, 16
 * digits at a time (from 0, 16 and 27: together the 43), about 40
 * instructions a hash; else 32 at a time by comparisons the compiler
 * may make vector ones. */
#ifdef __SSE2__
static inline unsigned not_b64_16(const unsigned char *p)
{
	__m128i c = _mm_loadu_si128((const __m128i *)(const void *)p);
	/* 'A'-'Z' and 'a'-'z' alike once bit 5 is set; x < n unsigned
	 * as min(x, n - 1) == x */
	__m128i l = _mm_sub_epi8(_mm_or_si128(c, _mm_set1_epi8(0x20)),
				 _mm_set1_epi8('a'));
	__m128i d = _mm_sub_epi8(c, _mm_set1_epi8('0'));
	__m128i ok = _mm_or_si128(
		_mm_cmpeq_epi8(_mm_min_epu8(l, _mm_set1_epi8(25)), l),
		_mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(9)), d));
	ok = _mm_or_si128(ok, _mm_or_si128(
		_mm_cmpeq_epi8(c, _mm_set1_epi8('+')),
		_mm_cmpeq_epi8(c, _mm_set1_epi8('/'))));
	return (unsigned)_mm_movemask_epi8(ok) ^ 0xffffu;
}

static unsigned not_b64_43(const unsigned char *u)
{
	return not_b64_16(u) | not_b64_16(u + 16) |
		not_b64_16(u + DOC_B64_32_LEN - 1 - 16);
}
#else
static unsigned not_b64_32(const unsigned char *p)
{
	unsigned bad = 0;
	for (int i = 0; i < 32; i++) {
		unsigned char c = p[i];
		unsigned char l = (unsigned char)((c | 0x20) - 'a');
		unsigned char d = (unsigned char)(c - '0');
		bad |= (unsigned)((l >= 26) & (d >= 10) & (c != '+') &
				  (c != '/'));
	}
	return bad;
}

static unsigned not_b64_43(const unsigned char *u)
{
	return not_b64_32(u) | not_b64_32(u + DOC_B64_32_LEN - 33);
}
#endif

/* The 43rd digit, one of the alphabet: whether its 2 low bits, unused
 * by 32 bytes, are zero (A E I ... Y, c g ... w, 0 4 8). */
static int last_digit_ok(unsigned char c)
{
	unsigned v = c >= 'a' ? c - 'a' + 26u : c >= 'A' ? c - 'A' + 0u :
		c - '0' + 52u;
	return (v & 3) == 0 && c != '+' && c != '/';
}

static int hash_bytes_shape(const char *s)
{
	return !not_b64_43((const unsigned char *)s) &&
		last_digit_ok((unsigned char)s[DOC_B64_32_LEN - 2]) &&
		s[DOC_B64_32_LEN - 1] == '=' ? 0 : -1;
}

static int hash_shape(const char *s)
{
	if (strnlen(s, DOC_B64_32_LEN + 1) != DOC_B64_32_LEN)
		return -1;
	return hash_bytes_shape(s);
}

/* A step line as record_save writes it, "step N HASH SIG" (N the next
 * step, in decimal without a sign), taken without splitting it into
 * words or converting N: 0, or -1 for any other line (then parse_line,
 * which accepts no line this refuses, decides). A record is two lines a
 * step, read whole by every sign and adjudicate: the general parse was
 * 1,000 instructions a line (2.2M of sign -g's 10M at step 1,024). */
static int step_line(struct record *r, const char *line, size_t len)
{
	const size_t hashes = 2 * (DOC_B64_32_LEN + 1);
	if (len <= 5 + hashes || memcmp(line, "step ", 5) != 0)
		return -1;
	size_t digits = len - 5 - hashes;
	const char *h = line + 5 + digits;
	unsigned long long n = 0, want = (unsigned long long)r->n_steps + 1;
	if (digits > 18)
		return -1;
	for (size_t i = 0; i < digits; i++) {
		unsigned d = (unsigned char)line[5 + i] - (unsigned)'0';
		if (d > 9)
			return -1;
		n = 10 * n + d;
	}
	if (n != want || h[0] != ' ' || h[DOC_B64_32_LEN + 1] != ' ' ||
	    hash_bytes_shape(h + 1) ||
	    hash_bytes_shape(h + DOC_B64_32_LEN + 2))
		return -1;
	struct record_step *st = next_step(r);
	memcpy(st->hash, h + 1, DOC_B64_32_LEN);
	st->hash[DOC_B64_32_LEN] = '\0';
	memcpy(st->sig, h + DOC_B64_32_LEN + 2, DOC_B64_32_LEN);
	st->sig[DOC_B64_32_LEN] = '\0';
	return 0;
}

/* A mark line as record_save writes it, "signed N HASH ORIGIN" or
 * "countersigned N HASH ORIGIN" (ORIGIN one word), taken as step_line
 * takes a step line: 0, or -1 for any other line (then parse_line
 * decides); a record has a mark for each step its key signed or
 * adjudicated. */
static int mark_line(struct record *r, const char *line, size_t len)
{
	size_t at = !memcmp(line, "signed ", len < 7 ? len : 7) && len > 7 ?
		7 : len > 14 && !memcmp(line, "countersigned ", 14) ? 14 : 0;
	unsigned long long n = 0;
	size_t digits = 0;
	if (!at)
		return -1;
	for (; at + digits < len && digits <= 18; digits++) {
		unsigned d = (unsigned char)line[at + digits] - (unsigned)'0';
		if (d > 9)
			break;
		n = 10 * n + d;
	}
	const char *h = line + at + digits;
	const char *origin = h + DOC_B64_32_LEN + 2;
	if (!digits || digits > 18 || n < 1 ||
	    (size_t)(origin - line) >= len || h[0] != ' ' ||
	    h[DOC_B64_32_LEN + 1] != ' ' || hash_bytes_shape(h + 1) ||
	    memchr(origin, ' ', len - (size_t)(origin - line)))
		return -1;
	/* (add_mark_text copies the hash's DOC_B64_32_LEN bytes alone) */
	add_mark_text(r, line[0], (long long)n, h + 1, NULL, origin);
	return 0;
}

static int parse_line(struct record *r, char *line)
{
	char *w[5];
	long long n;
	int nw = split_words(line, w, 5);
	if (nw < 2)
		return -1;
	if (!strcmp(w[0], "game") && nw == 2 &&
	    strlen(w[1]) <= GAME_ID_HEX) {
		strcpy(r->game, w[1]);
		return 0;
	}
	if (!strcmp(w[0], "genesis") && nw == 2) {
		if (doc_b64_32_parse(w[1], strlen(w[1]), r->genesis))
			return -1;
		r->has_genesis = 1;
		return 0;
	}
	if (nw < 4 || parse_step(w[1], &n) || hash_shape(w[2]))
		return -1;
	if (!strcmp(w[0], "step") && nw == 4) {
		if (n != (long long)r->n_steps + 1 || hash_shape(w[3]))
			return -1;
		struct record_step *st = next_step(r);
		memcpy(st->hash, w[2], sizeof st->hash);
		memcpy(st->sig, w[3], sizeof st->sig);
		return 0;
	}
	if (!strcmp(w[0], "refused") && nw == 5) {
		if (hash_shape(w[3]))
			return -1;
		add_mark_text(r, 'r', n, w[2], w[3], w[4]);
		return 0;
	}
	if ((strcmp(w[0], "signed") && strcmp(w[0], "countersigned")) ||
	    nw != 4)
		return -1;
	add_mark_text(r, w[0][0], n, w[2], NULL, w[3]);
	return 0;
}

/* The exclusive lock on r's record (GAME.lock beside it, made with its
 * directories), waited for. */
static int record_lock(struct record *r, struct error *err)
{
	struct strbuf lock = STRBUF_INIT;
	char *slash = strrchr(r->path, '/');
	*slash = '\0';
	int rc = make_dirs(r->path, err);
	*slash = '/';
	if (rc)
		return -1;
	strbuf_addf(&lock, "%s.lock", r->path);
	int fd = open(lock.buf, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW,
		      0600);
	int got = fd < 0 ? -1 : flock(fd, LOCK_EX);
	while (got != 0 && fd >= 0 && errno == EINTR)
		got = flock(fd, LOCK_EX);
	if (got != 0) {
		rc = errorf(err, EXIT_USAGE, "cannot lock the local record: "
			    "%s: %s", lock.buf, strerror(errno));
		if (fd >= 0)
			close(fd);
	} else {
		r->lock_fd = fd;
		r->locked = 1;
	}
	strbuf_free(&lock);
	return rc;
}

/* The summary (see the top of this file). */
#define SUM_MAGIC "umpire recsum/1\n"
#define SUM_TAIL 64

struct sum_head {
	char magic[16];
	uint32_t step_size, mark_size;
	uint64_t len;
	int64_t mtime_s, mtime_ns;
	uint64_t n_steps, n_marks;
	uint32_t has_genesis, pad;
	unsigned char genesis[32];
	char game[GAME_ID_HEX + 1];
	char tail[SUM_TAIL];      /* the record's last bytes */
};
/* rewrite_cache writes it over in place: one sector */
_Static_assert(sizeof(struct sum_head) <= 512, "sum_head: one sector");

static void sum_path(const struct record *r, const char *what,
		     struct strbuf *p)
{
	strbuf_reset(p);
	strbuf_addf(p, "%s.sum%s", r->path, what);
}

/* The head the summary of the record st (its last bytes tail)
 * describes as r holds it. */
static void sum_head_of(const struct record *r, const struct stat *st,
			const char *tail, struct sum_head *h)
{
	memset(h, 0, sizeof *h);
	memcpy(h->magic, SUM_MAGIC, sizeof h->magic);
	h->step_size = sizeof(struct record_step);
	h->mark_size = sizeof(struct record_mark);
	h->len = (uint64_t)st->st_size;
	h->mtime_s = (int64_t)st->st_mtim.tv_sec;
	h->mtime_ns = (int64_t)st->st_mtim.tv_nsec;
	h->n_steps = r->n_steps;
	h->n_marks = r->n_marks;
	h->has_genesis = (uint32_t)r->has_genesis;
	memcpy(h->genesis, r->genesis, 32);
	memcpy(h->game, r->game, sizeof h->game);
	memcpy(h->tail, tail, sizeof h->tail);
}

/* What the writer of a record knows of the file it wrote (sum_save). */
struct sum_known {
	struct stat st;
	char tail[SUM_TAIL];
};

/* The record's last SUM_TAIL bytes of len (fewer: zeros before them):
 * 0, else -1. */
static int sum_tail(const char *path, size_t len, char tail[SUM_TAIL])
{
	size_t k = len < SUM_TAIL ? len : SUM_TAIL;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	memset(tail, 0, SUM_TAIL);
	if (fd < 0)
		return -1;
	int rc = read_at(fd, tail + SUM_TAIL - k, k, len - k);
	close(fd);
	return rc;
}

/* The first len bytes of the file at path into buf (exact: it holds
 * no more), a regular file of this user's, 0600 at most: 0, else -1. */
static int sum_read(const char *path, void *buf, size_t len, int exact)
{
	struct stat st;
	int rc = -1, fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    !(st.st_mode & 077) && st.st_uid == geteuid() &&
	    (exact ? (size_t)st.st_size == len : (size_t)st.st_size >= len))
		rc = len ? read_at(fd, buf, len, 0) : 0;
	close(fd);
	return rc;
}

/* r (its path and game set, nothing read) filled from the summary of
 * the record st, the file as stat saw it under the lock: 0; -1 when
 * there is none, or it is another file's, or stale (r left empty). */
static int sum_load(struct record *r, const struct stat *st)
{
	struct sum_head h, want;
	struct strbuf p = STRBUF_INIT;
	char tail[SUM_TAIL];
	int rc = -1;
	sum_path(r, "", &p);
	if (sum_read(p.buf, &h, sizeof h, 1) ||
	    sum_tail(r->path, (size_t)st->st_size, tail))
		goto out;
	r->has_genesis = (int)h.has_genesis;
	memcpy(r->genesis, h.genesis, 32);
	r->n_steps = h.n_steps;
	r->n_marks = h.n_marks;
	sum_head_of(r, st, tail, &want);
	r->n_steps = r->n_marks = 0;
	r->has_genesis = 0;
	/* the record's own lines bound the counts: a step or a mark is
	 * a line of STEP_LINE_MIN or MARK_LINE_MIN bytes at least */
	if (memcmp(&h, &want, sizeof h) != 0 || h.has_genesis > 1 ||
	    h.n_steps > h.len / STEP_LINE_MIN ||
	    h.n_marks > h.len / MARK_LINE_MIN)
		goto out;
	r->cap_steps = h.n_steps + 16;
	r->cap_marks = h.n_marks + 16;
	r->steps = xmalloc(r->cap_steps * sizeof *r->steps);
	r->marks = xmalloc(r->cap_marks * sizeof *r->marks);
	r->kinds = xmalloc(r->cap_marks);
	sum_path(r, "-steps", &p);
	if (sum_read(p.buf, r->steps, h.n_steps * sizeof *r->steps, 0))
		goto out;
	sum_path(r, "-marks", &p);
	if (sum_read(p.buf, r->marks, h.n_marks * sizeof *r->marks, 0))
		goto out;
	sum_path(r, "-kinds", &p);
	if (sum_read(p.buf, r->kinds, h.n_marks, 0))
		goto out;
	r->n_steps = h.n_steps;
	r->n_marks = h.n_marks;
	r->has_genesis = (int)h.has_genesis;
	memcpy(r->genesis, h.genesis, 32);
	r->file_len = h.len;
	r->saved_steps = r->n_steps;
	r->saved_marks = r->n_marks;
	r->saved_genesis = r->has_genesis;
	r->sum_ok = 1;
	rc = 0;
out:
	strbuf_free(&p);
	if (rc) {
		free(r->steps);
		free(r->marks);
		free(r->kinds);
		r->steps = NULL;
		r->marks = NULL;
		r->kinds = NULL;
		r->cap_steps = r->cap_marks = 0;
	}
	return rc;
}

/* The summary of r's record as saved (file_len bytes, all of r's steps
 * and marks): its side files appended to from steps and marks on when
 * sum_ok says they hold those, else written whole; then its head. A
 * cache: a failure leaves it stale or absent, which the next read
 * sees, and is not the command's. known: the file as its writer saw
 * it after writing, and its last SUM_TAIL bytes (the append's own),
 * not asked of the file again; NULL: both read from it. */
static void sum_save(struct record *r, size_t steps, size_t marks,
		     const struct sum_known *known)
{
	struct stat st;
	struct sum_head h;
	struct strbuf p = STRBUF_INIT;
	char tail[SUM_TAIL];
	int ok = r->sum_ok && steps <= r->n_steps && marks <= r->n_marks;
	r->sum_ok = 0;
	if (known) {
		st = known->st;
		memcpy(tail, known->tail, SUM_TAIL);
	}
	if (!r->file_len || (!known && stat(r->path, &st) != 0) ||
	    !S_ISREG(st.st_mode) || (size_t)st.st_size != r->file_len ||
	    (!known && sum_tail(r->path, r->file_len, tail)))
		return;
	sum_path(r, "", &p);
	/* the head gone first when the side files are written whole:
	 * cut short, none names what they do not hold */
	if (!ok)
		(void)unlink(p.buf);
	sum_path(r, "-steps", &p);
	int rc = append_cache(p.buf, r->steps, r->n_steps * sizeof *r->steps,
			      ok ? steps * sizeof *r->steps : 0);
	sum_path(r, "-marks", &p);
	rc = rc ? rc : append_cache(p.buf, r->marks,
				    r->n_marks * sizeof *r->marks,
				    ok ? marks * sizeof *r->marks : 0);
	sum_path(r, "-kinds", &p);
	rc = rc ? rc : append_cache(p.buf, r->kinds, r->n_marks,
				    ok ? marks : 0);
	sum_head_of(r, &st, tail, &h);
	sum_path(r, "", &p);
	/* written over in place under the record's lock, which every
	 * read of it holds (sum_load): a head of one sector, no new
	 * inode a save */
	if (rc == 0 && (r->locked ? rewrite_cache(p.buf, &h, sizeof h) :
			write_cache(p.buf, &h, sizeof h)) == 0)
		r->sum_ok = 1;
	strbuf_free(&p);
}

/* record_open, with the lock taken first when lock is set. */
static int record_read(struct record *r, const struct pubkey *pk,
		       const char *game_id, int lock, struct error *err)
{
	struct strbuf dir = STRBUF_INIT;
	char *buf;
	size_t len;
	struct stat st;
	memset(r, 0, sizeof *r);
	if (strlen(game_id) != GAME_ID_HEX ||
	    strspn(game_id, "0123456789abcdef") != GAME_ID_HEX)
		return errorf(err, EXIT_REFUSED, "game id '%.40s' is not 32 "
			      "lower-case hexadecimal digits", game_id);
	if (record_dir(pk, &dir, err)) {
		strbuf_free(&dir);
		return -1;
	}
	strbuf_addf(&dir, "/%s", game_id);
	r->path = dir.buf;
	strcpy(r->game, game_id);
	/* read under the lock: what another process wrote before it let
	 * go is what this one checks against */
	if (lock && record_lock(r, err)) {
		record_free(r);
		return -1;
	}
	if (stat(r->path, &st) != 0 && errno == ENOENT)
		return 0;
	/* the summary of this very file, when there is one */
	if (lock && S_ISREG(st.st_mode) && sum_load(r, &st) == 0)
		return 0;
	if (read_input(r->path, RECORD_MAX_BYTES, &buf, &len, err)) {
		record_free(r);
		return error_prefix(err, "the local record");
	}
	reserve(r, len);
	char *line = buf, *end;
	int lineno = 1, rc = 0;
	if (strncmp(buf, RECORD_MAGIC "\n", strlen(RECORD_MAGIC) + 1) != 0)
		rc = -1;
	for (; rc == 0 && *line; line = end + 1, lineno++) {
		/* a last line without its newline: an append cut short,
		 * ignored (and written away by the next save) */
		end = strchr(line, '\n');
		if (!end)
			break;
		*end = '\0';
		if (lineno > 1 && step_line(r, line, (size_t)(end - line)) &&
		    mark_line(r, line, (size_t)(end - line)) &&
		    parse_line(r, line)) {
			rc = -1;
			break;          /* lineno: the line refused */
		}
	}
	if (rc == 0 && strcmp(r->game, game_id) != 0)
		rc = -1;
	/* appended to only when read to its last byte as whole lines (no
	 * torn line, no NUL: a file a crash extended with zeros is
	 * written again whole) */
	if (rc == 0 && line == buf + len) {
		r->file_len = len;
		r->saved_steps = r->n_steps;
		r->saved_marks = r->n_marks;
		r->saved_genesis = r->has_genesis;
	}
	free(buf);
	/* read whole: the summary made again for the next read */
	if (rc == 0 && r->file_len && lock)
		sum_save(r, 0, 0, NULL);
	if (rc) {
		errorf(err, EXIT_REFUSED, "%s: line %d: not a local record of "
		       "umpire (record/1); move it away to start a new one",
		       r->path, lineno);
		record_free(r);
		return -1;
	}
	return 0;
}

int record_open(struct record *r, const struct pubkey *pk,
		const char *game_id, struct error *err)
{
	return record_read(r, pk, game_id, 1, err);
}

void record_free(struct record *r)
{
	if (r->locked)
		close(r->lock_fd);      /* and with it the lock */
	free(r->path);
	free(r->steps);
	free(r->marks);
	free(r->kinds);
	memset(r, 0, sizeof *r);
}

/* A verified step is its hash and its countersignature: a step whose
 * signature bytes were swapped has the same hash, but a file that holds
 * it would not audit. */
int record_check_game(const struct record *r, struct game *g,
		      struct error *err)
{
	unsigned char sh[32];
	g->trusted = 0;
	if (!r->has_genesis || game_unjoined(g))
		return 0;
	if (sodium_memcmp(r->genesis, g->genesis, 32) != 0)
		return errorf(err, EXIT_REFUSED, "%s: this game %s has another "
			      "header (genesis) than the one this key "
			      "verified before (local record %s): a second "
			      "version of the game", g->doc->name, g->id,
			      r->path);
	size_t n = r->n_steps < g->n_steps ? r->n_steps : g->n_steps;
	/* the vouched prefix (stubs): its bytes are the ones this machine
	 * verified, countersignatures included (checkpoint.h), and a
	 * step's hash covers its prev, so the latest of them compared says
	 * whether the record holds the same steps before it */
	size_t from = g->n_stub < n ? g->n_stub : n;
	from = from > 1 ? from - 1 : 0;
	for (size_t i = from; i < n; i++)
		if (game_step_sig_hash(g, i, sh),
		    !is_hash(r->steps[i].hash, g->steps[i].hash) ||
		    (!g->steps[i].stub && !is_hash(r->steps[i].sig, sh))) {
			/* a step of the vouched prefix (the checkpoints'
			 * word, not the file's): the file read whole
			 * decides */
			if (g->steps[i].stub)
				return game_unstub(g, err) ? -1 :
					record_check_game(r, g, err);
			return errorf(err, EXIT_REFUSED, "%s: step %zu differs "
				      "from the step %zu this key verified "
				      "before (local record %s): another "
				      "history of this game; 'umpire audit "
				      "--against' names who equivocated",
				      g->doc->name, i + 1, i + 1, r->path);
		}
	g->trusted = n;
	return 0;
}

void record_learn(struct record *r, const struct game *g)
{
	if (game_unjoined(g))
		return;
	if (!r->has_genesis) {
		memcpy(r->genesis, g->genesis, 32);
		r->has_genesis = 1;
		r->dirty = 1;
	}
	if (g->n_steps <= r->n_steps)
		return;
	if (g->n_steps > r->cap_steps) {
		r->cap_steps = g->n_steps;
		r->steps = xrealloc(r->steps,
				    r->cap_steps * sizeof *r->steps);
	}
	for (size_t i = r->n_steps; i < g->n_steps; i++) {
		unsigned char sh[32];
		hash_text(r->steps[i].hash, g->steps[i].hash);
		game_step_sig_hash(g, i, sh);
		hash_text(r->steps[i].sig, sh);
	}
	r->n_steps = g->n_steps;
	r->dirty = 1;
}

int record_check_prev(const struct record *r, long long n,
		      const unsigned char prev[32], const char *name,
		      struct error *err)
{
	int differs = 0;
	if (n == 1 && r->has_genesis)
		differs = sodium_memcmp(r->genesis, prev, 32) != 0;
	else if (n > 1 && (size_t)(n - 1) <= r->n_steps)
		differs = !is_hash(r->steps[n - 2].hash, prev);
	if (differs)
		return errorf(err, EXIT_REFUSED, "%s: these orders for step "
			      "%lld commit to another history than the one "
			      "this key verified (local record %s)", name, n,
			      r->path);
	return 0;
}

/* Whether the referee refused the order file of hash for step n (a
 * refusal this key accepted, record_refuse). */
static const struct record_mark *refused(const struct record *r,
					 long long n,
					 const unsigned char hash[32])
{
	for (size_t i = 0; i < r->n_marks; i++)
		if (r->kinds[i] == 'r' && r->marks[i].step == n &&
		    is_hash(r->marks[i].hash, hash))
			return &r->marks[i];
	return NULL;
}

/* The same for a hash as the record keeps it. */
static const struct record_mark *refused_text(const struct record *r,
					      long long n,
					      const record_hash hash)
{
	for (size_t i = 0; i < r->n_marks; i++)
		if (r->kinds[i] == 'r' && r->marks[i].step == n &&
		    strcmp(r->marks[i].hash, hash) == 0)
			return &r->marks[i];
	return NULL;
}

/* The order file this key signed for step n and the referee did not
 * refuse, or NULL. */
static const struct record_mark *live_signed(const struct record *r,
					     long long n)
{
	for (size_t i = 0; i < r->n_marks; i++)
		if (r->kinds[i] == 's' && r->marks[i].step == n &&
		    !refused_text(r, n, r->marks[i].hash))
			return &r->marks[i];
	return NULL;
}

int record_mark(struct record *r, char kind, long long n,
		const unsigned char hash[32], const char *origin,
		struct error *err)
{
	for (size_t i = 0; i < r->n_marks; i++) {
		const struct record_mark *m = &r->marks[i];
		if (r->kinds[i] != kind || m->step != n)
			continue;
		/* a file the referee refused, with a signed refusal: never
		 * adjudicated, so another may replace it (REFUSED ORDERS) */
		if (kind == 's' && refused_text(r, n, m->hash) &&
		    !is_hash(m->hash, hash))
			continue;
		if (kind == 's' && refused_text(r, n, m->hash))
			return errorf(err, EXIT_REFUSED, "%s: the referee "
				      "refused these very orders for step "
				      "%lld of game %s; sign corrected ones "
				      "(local record %s)", origin, n, r->game,
				      r->path);
		if (is_hash(m->hash, hash))
			return 0;     /* the same bytes again: a re-send */
		if (kind == 's')
			return errorf(err, EXIT_REFUSED, "%s: this key already "
				      "signed other orders for step %lld of "
				      "game %s (%s); signing a second version "
				      "would let its outcome be chosen (local "
				      "record %s)", origin, n, r->game,
				      m->origin, r->path);
		return errorf(err, EXIT_REFUSED, "%s: this key already "
			      "adjudicated other orders for step %lld of game "
			      "%s (%s); a second version of a step lets its "
			      "outcome be chosen (local record %s)", origin, n,
			      r->game, m->origin, r->path);
	}
	add_mark(r, kind, n, hash, NULL, origin);
	r->dirty = 1;
	return 0;
}

int record_refuse(struct record *r, long long n, const unsigned char
		  hash[32], const unsigned char by[32], const char *origin,
		  struct error *err)
{
	const struct record_mark *was = refused(r, n, hash);
	const struct record_mark *live = live_signed(r, n);
	if ((size_t)n <= r->n_steps)
		return errorf(err, EXIT_REFUSED, "%s: step %lld of game %s "
			      "was adjudicated already, and this key verified "
			      "it (local record %s): a refusal cannot reopen "
			      "a step whose outcome is known", origin, n,
			      r->game, r->path);
	if (was && is_hash(was->by, by))
		return 0;       /* the same refusal again */
	if (was)
		return errorf(err, EXIT_REFUSED, "%s: the order file it "
			      "refuses for step %lld was refused before, by "
			      "another refusal (%s; local record %s)", origin,
			      n, was->origin, r->path);
	if (!live)
		return errorf(err, EXIT_REFUSED, "%s: this key signed no "
			      "order file for step %lld of game %s that the "
			      "refusal could name (local record %s)", origin,
			      n, r->game, r->path);
	if (!is_hash(live->hash, hash))
		return errorf(err, EXIT_REFUSED, "%s: the refusal names another "
			      "order file than the one this key signed for "
			      "step %lld of game %s (%s; local record %s)",
			      origin, n, r->game, live->origin, r->path);
	add_mark(r, 'r', n, hash, by, origin);
	r->dirty = 1;
	return 0;
}

/* One line of the record, "WORD N A [B [C]]\n" (N a step, 1 or more:
 * parse_step), put together without a format string: a record has two
 * lines a step, every one written again at each save (a format call a
 * line was 3.4M of sign -g's instructions at step 1,024 of a long
 * game). */
static void add_line(struct strbuf *sb, const char *word, long long n,
		     const char *a, const char *b, const char *c)
{
	const char *rest[3] = { a, b, c };
	char num[24];
	size_t k = sizeof num;
	unsigned long long u = (unsigned long long)n;

	do {
		num[--k] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	strbuf_adds(sb, word);
	strbuf_addc(sb, ' ');
	strbuf_add(sb, num + k, sizeof num - k);
	for (int i = 0; i < 3 && rest[i]; i++) {
		strbuf_addc(sb, ' ');
		strbuf_adds(sb, rest[i]);
	}
	strbuf_addc(sb, '\n');
}

/* The lines of the marks from..n_marks. */
static void mark_lines(const struct record *r, size_t from,
		       struct strbuf *sb)
{
	for (size_t i = from; i < r->n_marks; i++) {
		const struct record_mark *m = &r->marks[i];
		if (r->kinds[i] == 'r')
			add_line(sb, "refused", m->step, m->hash, m->by,
				 m->origin);
		else
			add_line(sb, r->kinds[i] == 's' ? "signed" :
				 "countersigned", m->step, m->hash, m->origin,
				 NULL);
	}
}

static void saved(struct record *r, size_t len)
{
	r->file_len = len;
	r->saved_steps = r->n_steps;
	r->saved_marks = r->n_marks;
	r->saved_genesis = r->has_genesis;
	r->dirty = 0;
}

/* What r learned since it was read or saved, appended to its file (the
 * one read under the lock this process holds, file_len bytes of whole
 * lines) and synced: 0; 1 when the file is not that one any more (it
 * is then written whole); -1 with err when the append failed (the file
 * cut back to what it held). *known, when the append was SUM_TAIL bytes
 * at least: the file after it and its last bytes (sum_save's). */
static int record_append(struct record *r, struct sync_later *later,
			 struct sum_known *known, int *have,
			 struct error *err)
{
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	char h[DOC_B64_32_LEN + 1];
	int fd = open(r->path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (size_t)st.st_size != r->file_len) {
		if (fd >= 0)
			close(fd);
		return 1;
	}
	/* the marks first: cut short after them, the record still
	 * refuses a second version of what this key signed */
	mark_lines(r, r->saved_marks, &sb);
	if (r->has_genesis && !r->saved_genesis) {
		doc_b64_32_str(h, r->genesis);
		strbuf_addf(&sb, "genesis %s\n", h);
	}
	for (size_t i = r->saved_steps; i < r->n_steps; i++)
		add_line(&sb, "step", (long long)i + 1, r->steps[i].hash,
			 r->steps[i].sig, NULL);
	int rc = write_at(fd, sb.buf, sb.len, r->file_len);
	/* the one sync a save needs: the lines appended, and the file's
	 * new length, on disk before the command goes on (signs, or
	 * commits the step the record says this key countersigned); the
	 * file's name is old, its directory needs none (with later: made
	 * with the files of the step it records, before their renames) */
	if (rc == 0 && (later ? sync_later_note(later, fd) : fsync(fd)) != 0)
		rc = -1;
	if (rc) {
		int e = errno;
		if (ftruncate(fd, (off_t)r->file_len) == 0)
			(void)fsync(fd);
		close(fd);
		strbuf_free(&sb);
		return errorf(err, EXIT_USAGE, "the local record: cannot "
			      "append to %s: %s", r->path, strerror(e));
	}
	/* the summary's tail is the append's end: not read back */
	*have = sb.len >= SUM_TAIL && fstat(fd, &known->st) == 0;
	if (*have)
		memcpy(known->tail, sb.buf + sb.len - SUM_TAIL, SUM_TAIL);
	close(fd);
	saved(r, r->file_len + sb.len);
	strbuf_free(&sb);
	return 0;
}

int record_save(struct record *r, struct error *err)
{
	return record_save_later(r, NULL, err);
}

int record_save_later(struct record *r, struct sync_later *later,
		      struct error *err)
{
	struct strbuf sb = STRBUF_INIT;
	char h[DOC_B64_32_LEN + 1];
	size_t steps = r->saved_steps, marks = r->saved_marks;
	if (!r->dirty)
		return 0;
	if (r->file_len) {
		struct sum_known known;
		int have = 0;
		int arc = record_append(r, later, &known, &have, err);
		if (arc == 0)
			sum_save(r, steps, marks, have ? &known : NULL);
		if (arc <= 0)
			return arc;
	}
	r->sum_ok = 0;
	char *slash = strrchr(r->path, '/');
	*slash = '\0';
	int rc = make_dirs(r->path, err);
	*slash = '/';
	if (rc)
		return -1;
	strbuf_addf(&sb, RECORD_MAGIC "\ngame %s\n", r->game);
	if (r->has_genesis) {
		doc_b64_32_str(h, r->genesis);
		strbuf_addf(&sb, "genesis %s\n", h);
	}
	for (size_t i = 0; i < r->n_steps; i++)
		add_line(&sb, "step", (long long)i + 1, r->steps[i].hash,
			 r->steps[i].sig, NULL);
	mark_lines(r, 0, &sb);
	/* made, or written again whole: atomically (write_output syncs
	 * the copy, renames it, and syncs the directory: the new name
	 * durable; never left to later, which syncs after the rename) */
	rc = write_output(r->path, sb.buf, sb.len, 0600, 0, err);
	if (rc == 0) {
		saved(r, sb.len);
		sum_save(r, 0, 0, NULL);
	}
	strbuf_free(&sb);
	return rc ? error_prefix(err, "the local record") : 0;
}

int record_for_game(struct record *r, const struct seckey *sk,
		    struct game *g, struct error *err)
{
	struct pubkey pk;
	seckey_pubkey(sk, &pk);
	if (record_open(r, &pk, g->id, err))
		return -1;
	if (record_check_game(r, g, err)) {
		record_free(r);
		return -1;
	}
	return 0;
}

int record_done(struct record *r, const struct game *g, struct error *err)
{
	record_learn(r, g);
	int rc = record_save(r, err);
	record_free(r);
	return rc;
}

/* The words of the line p..end, copied into copy and split there: how
 * many, -1 for a line longer than copy or of more than max words. */
static int line_words(const char *p, const char *end, char **w, int max,
		      char *copy, size_t size)
{
	size_t len = (size_t)(end - p);
	if (len >= size)
		return -1;
	memcpy(copy, p, len);
	copy[len] = '\0';
	return split_words(copy, w, max);
}

/* Whether the record text buf holds an order file signed for step n that
 * the referee did not refuse (live_signed), and where it came from: only
 * the "signed n" and "refused n" lines are read, found by their words
 * (status asks it of every key's record of the game on this machine,
 * and a record has a line or two a step). */
static int signed_in(const char *buf, size_t len, long long n, char *origin,
		     size_t size)
{
	char sn[40], rn[40], line[256], rline[256], *w[5], *v[5];
	int ls = snprintf(sn, sizeof sn, "\nsigned %lld ", n);
	int lr = snprintf(rn, sizeof rn, "\nrefused %lld ", n);
	const char *end = buf + len, *p, *q;
	for (p = buf; (p = memmem(p, (size_t)(end - p), sn, (size_t)ls));
	     p += ls) {
		const char *eol = memchr(p + 1, '\n', (size_t)(end - p - 1));
		if (!eol || line_words(p + 1, eol, w, 5, line,
				       sizeof line) != 4 || hash_shape(w[2]))
			continue;
		int refused_it = 0;
		for (q = buf; !refused_it &&
		     (q = memmem(q, (size_t)(end - q), rn, (size_t)lr));
		     q += lr) {
			const char *e2 = memchr(q + 1, '\n',
						(size_t)(end - q - 1));
			refused_it = e2 && line_words(q + 1, e2, v, 5, rline,
					sizeof rline) == 5 &&
				!strcmp(v[2], w[2]);
		}
		if (!refused_it) {
			snprintf(origin, size, "%s", w[3]);
			return 1;
		}
	}
	return 0;
}

int record_signed(const struct pubkey *pk, const char *game_id,
		  long long n, char *origin, size_t size)
{
	struct strbuf path = STRBUF_INIT, head = STRBUF_INIT;
	struct error ignored;
	char *buf;
	size_t len;
	int found = 0;
	if (strlen(game_id) != GAME_ID_HEX ||
	    strspn(game_id, "0123456789abcdef") != GAME_ID_HEX ||
	    record_dir(pk, &path, &ignored)) {
		strbuf_free(&path);
		return 0;
	}
	strbuf_addf(&head, RECORD_MAGIC "\ngame %s\n", game_id);
	/* read only: no lock */
	strbuf_addf(&path, "/%s", game_id);
	if (access(path.buf, F_OK) == 0 &&
	    read_input(path.buf, RECORD_MAX_BYTES, &buf, &len,
		       &ignored) == 0) {
		found = len > head.len && !memcmp(buf, head.buf, head.len) &&
			signed_in(buf, len, n, origin, size);
		free(buf);
	}
	strbuf_free(&path);
	strbuf_free(&head);
	return found;
}
