/*
 * gamestore.c - a game file kept where it grows by appending: room
 * after its state, a step written as a journal of what it adds
 * (gamestore.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sodium.h>
#include "umpire/gamestore.h"
#include "umpire/judge.h"

/* The journal's first line: its magic, the number of runs of the
 * state's bytes that change, the end's offset (the stored file's
 * length) and the length of what goes there, the hash (BLAKE2b-256,
 * hex) of all that follows the line: a line "OFFSET LENGTH" a run, the
 * runs' bytes, the end's. */
#define JOURNAL_MAGIC "umpire-game-append/1"
#define JOURNAL_LINE_MAX 256
/* Comment lines of the room: at most this long. */
#define ROOM_LINE 64

/* Where the top-level key line "key:\n" begins in text, or -1. */
static long key_line(const char *buf, size_t len, const char *key)
{
	size_t k = strlen(key);
	for (size_t at = 0; at + k <= len;) {
		if (memcmp(buf + at, key, k) == 0)
			return (long)at;
		const char *nl = memchr(buf + at, '\n', len - at);
		if (!nl)
			break;
		at = (size_t)(nl - buf) + 1;
	}
	return -1;
}

/* n bytes of room: comment lines, a blank line for a last byte. */
static void add_room(struct strbuf *sb, size_t n)
{
	while (n >= 2) {
		size_t k = n < ROOM_LINE ? n : ROOM_LINE;
		strbuf_addc(sb, '#');
		for (size_t i = 2; i < k; i++)
			strbuf_addc(sb, ' ');
		strbuf_addc(sb, '\n');
		n -= k;
	}
	if (n)
		strbuf_addc(sb, '\n');
}

/* The room a state of len bytes is given when its file is written
 * whole: half again, and a little. */
static size_t room_for(size_t len)
{
	return len / 2 + 512;
}

static void journal_path(const char *path, struct strbuf *out)
{
	strbuf_reset(out);
	strbuf_addf(out, "%s.append", path);
}

/* The journal applied, kept as the next one's file (keep_as_spare,
 * write_stage_into_later): a step makes and frees no inode for it. */
static void spare_path(const char *path, struct strbuf *out)
{
	strbuf_reset(out);
	strbuf_addf(out, "%s.spare", path);
}

static void hash_hex(const void *a, size_t alen, const void *b, size_t blen,
		     char hex[65])
{
	unsigned char h[32];
	crypto_generichash_state st;
	crypto_generichash_init(&st, NULL, 0, 32);
	crypto_generichash_update(&st, a, alen);
	crypto_generichash_update(&st, b, blen);
	crypto_generichash_final(&st, h, 32);
	sodium_bin2hex(hex, 65, h, 32);
}

/* Trailing spaces a line of the state is given when it is laid out
 * afresh: room to grow in place (a plain or flow scalar's trailing
 * spaces are not its text). */
static size_t slack(size_t len)
{
	return 4 + len / 8;
}

/* Whether lines of the state st (n bytes) may be padded with spaces:
 * not when it may hold a block scalar, whose spaces are its text. */
static int may_pad(const char *st, size_t n)
{
	return !memchr(st, '|', n) && !memchr(st, '>', n);
}

/* The stored line at offset a of was (its lines up to used): 1 with
 * its length before its newline (cap) and without its padding (clen);
 * 0 past them. */
static int old_line(const char *was, size_t used, size_t a, size_t *cap,
		    size_t *clen)
{
	const char *nl = a < used ? memchr(was + a, '\n', used - a) : NULL;
	if (!nl)
		return 0;
	*cap = (size_t)(nl - was - a);
	for (*clen = *cap; *clen && was[a + *clen - 1] == ' '; (*clen)--)
		;
	return 1;
}

static void add_spaces(struct strbuf *sb, size_t n)
{
	while (n--)
		strbuf_addc(sb, ' ');
}

/* The state st (n bytes, its lines from "state:") laid out over the
 * stored one was (its lines up to used; none: afresh), appended to
 * out: where a line is one of the next few stored lines, those before
 * it become one blank line and it stays where it is; else it takes the
 * place of the stored line there when it fits (padded with spaces);
 * else it is written there, its bytes pushing the next ones on until a
 * line found stored catches up. Past the stored lines each line has
 * slack of its own (pad). A step thus rewrites the lines it changes,
 * and few others. */
static void lay_out(const char *was, size_t used, const char *st, size_t n,
		    int pad, struct strbuf *out)
{
	size_t base = out->len, a = 0, b = 0, cap, clen;
	while (b < n) {
		const char *nl = memchr(st + b, '\n', n - b);
		size_t k = nl ? (size_t)(nl - st - b) : n - b;
		size_t o = out->len - base, at;
		int placed = 0;
		while (a < o && old_line(was, used, a, &cap, &clen))
			a += cap + 1;
		at = a;
		for (int d = 0; !placed && d < 8 &&
		     old_line(was, used, at, &cap, &clen); d++) {
			if (clen == k && memcmp(was + at, st + b, k) == 0) {
				if (at > o) {
					add_spaces(out, at - o - 1);
					strbuf_addc(out, '\n');
				}
				strbuf_add(out, was + at, cap + 1);
				a = at + cap + 1;
				placed = 1;
			}
			at += cap + 1;
		}
		if (!placed && b && a == o &&
		    old_line(was, used, a, &cap, &clen) && k <= cap) {
			strbuf_add(out, st + b, k);
			add_spaces(out, cap - k);
			strbuf_addc(out, '\n');
			a += cap + 1;
			placed = 1;
		}
		if (!placed) {
			/* (never the key's own line, "state:", padded) */
			strbuf_add(out, st + b, k);
			add_spaces(out, pad && b && a >= used ? slack(k) : 0);
			strbuf_addc(out, '\n');
		}
		b += k + 1;
	}
}

/* Whether the bytes of parts (n of them, one text) from off, len of
 * them, are b's. */
static int parts_same(const struct write_part *parts, size_t n, size_t off,
		      const char *b, size_t len)
{
	for (size_t i = 0; i < n && len; i++) {
		if (off >= parts[i].len) {
			off -= parts[i].len;
			continue;
		}
		size_t k = parts[i].len - off < len ? parts[i].len - off : len;
		if (memcmp(parts[i].buf + off, b, k))
			return 0;
		b += k;
		len -= k;
		off = 0;
	}
	return len == 0;
}

/* The bytes of parts (n of them, one text) from off to their end,
 * appended to out. */
static void parts_add(const struct write_part *parts, size_t n, size_t off,
		      struct strbuf *out)
{
	for (size_t i = 0; i < n; i++) {
		if (off >= parts[i].len) {
			off -= parts[i].len;
			continue;
		}
		strbuf_add(out, parts[i].buf + off, parts[i].len - off);
		off = 0;
	}
}

/* The journal of the text of parts (n of them, as umpire writes it: no
 * room) over old (the stored file, olen bytes) into j: 0; -1 when old
 * cannot take it by appending (the header differs, the state outgrew
 * the room, the steps are not old's followed by more), or the first
 * part does not hold the header and state whole (never so written:
 * game_emit_step_gap's first part runs to the steps). The parts are
 * compared where they lie, not copied into one text: the vouched
 * prefix, most of a long game's file, is one of them (a copy of 468 KB
 * at step 256 of a judged Race to the Reichstag game, 0.5M
 * instructions). */
static int journal_of(const char *old, size_t olen,
		      const struct write_part *parts, size_t n,
		      struct strbuf *j)
{
	const char *text = n ? parts[0].buf : "";
	size_t hl = n ? parts[0].len : 0, len = 0;
	for (size_t i = 0; i < n; i++)
		len += parts[i].len;
	long os = key_line(old, olen, "state:\n"),
		ts = key_line(text, hl, "state:\n");
	if (os < 0 || ts < 0 || os != ts || memcmp(old, text, (size_t)ts))
		return -1;
	long oe = key_line(old + os, olen - (size_t)os, "steps:\n"),
		te = key_line(text + ts, hl - (size_t)ts, "steps:\n");
	if (oe < 0 || te < 0)
		return -1;
	size_t room = (size_t)oe, state = (size_t)te;
	const char *osteps = old + os + oe;
	size_t on = olen - (size_t)(os + oe), tn = len - (size_t)(ts + te);
	if (on > tn || !parts_same(parts, n, (size_t)(ts + te), osteps, on))
		return -1;
	/* what of the room the old state used: to its first comment line
	 * of the room (or all of it); the new state is laid out over its
	 * lines, and room up to there */
	const char *was = old + os;
	long used = key_line(was, room, "#");
	size_t u = used < 0 ? room : (size_t)used;
	struct strbuf slot = STRBUF_INIT;
	lay_out(was, u, text + ts, state, may_pad(text + ts, state), &slot);
	if (slot.len > room) {
		strbuf_free(&slot);
		return -1;
	}
	size_t w = slot.len < u ? u : slot.len;
	add_room(&slot, w - slot.len);
	/* of those, the runs of bytes that differ from the file's at the
	 * same places (a step changes a few lines of the state), a few
	 * bytes apart joined */
	struct strbuf runs = STRBUF_INIT, bytes = STRBUF_INIT;
	size_t n_runs = 0;
	for (size_t at = 0; at < w;) {
		if (slot.buf[at] == was[at]) {
			at++;
			continue;
		}
		size_t from = at, same = 0;
		for (; at < w && same < 16; at++)
			same = slot.buf[at] == was[at] ? same + 1 : 0;
		size_t to = at - same;
		strbuf_addf(&runs, "%zu %zu\n", (size_t)os + from, to - from);
		strbuf_add(&bytes, slot.buf + from, to - from);
		n_runs++;
	}
	char hex[65];
	struct strbuf end = STRBUF_INIT;   /* the new steps' bytes */
	parts_add(parts, n, (size_t)(ts + te) + on, &end);
	strbuf_add(&runs, bytes.buf, bytes.len);
	hash_hex(runs.buf, runs.len, end.buf, end.len, hex);
	strbuf_addf(j, "%s %zu %zu %zu %s\n", JOURNAL_MAGIC, n_runs, olen,
		    end.len, hex);
	strbuf_add(j, runs.buf, runs.len);
	strbuf_add(j, end.buf, end.len);
	strbuf_free(&end);
	strbuf_free(&slot);
	strbuf_free(&runs);
	strbuf_free(&bytes);
	return 0;
}

/* text with room after its state, into out. */
static void with_room(const char *text, size_t len, struct strbuf *out)
{
	long ts = key_line(text, len, "state:\n");
	long te = ts < 0 ? -1 : key_line(text + ts, len - (size_t)ts,
					 "steps:\n");
	if (te < 0) {
		strbuf_add(out, text, len);
		return;
	}
	strbuf_add(out, text, (size_t)ts);
	size_t at = out->len;
	lay_out(NULL, 0, text + ts, (size_t)te,
		may_pad(text + ts, (size_t)te), out);
	add_room(out, room_for(out->len - at));
	strbuf_add(out, text + ts + te, len - (size_t)(ts + te));
}

int game_store_stage(struct staged *s, struct sync_later *later,
		     const char *path, const struct write_part *parts,
		     size_t n, struct strbuf *name, struct error *err)
{
	struct strbuf text = STRBUF_INIT, j = STRBUF_INIT;
	char *old = NULL;
	size_t olen = 0;
	struct error ignored;
	int rc;
	memset(s, 0, sizeof *s);
	s->fd = -1;
	if (game_store_recover(path, err))
		return -1;
	strbuf_reset(name);
	if (read_input(path, (size_t)-1 / 2, &old, &olen, &ignored) == 0 &&
	    journal_of(old, olen, parts, n, &j) == 0) {
		struct strbuf spare = STRBUF_INIT;
		struct write_part one = { j.buf, j.len };
		journal_path(path, name);
		spare_path(path, &spare);
		/* (a file's bytes are written when staged) */
		rc = write_stage_into_later(s, later, name->buf, spare.buf,
					    &one, 1, 0600, err);
		strbuf_free(&spare);
	} else {
		struct strbuf whole = STRBUF_INIT;
		for (size_t i = 0; i < n; i++)
			strbuf_add(&text, parts[i].buf, parts[i].len);
		with_room(text.buf, text.len, &whole);
		strbuf_adds(name, path);
		struct write_part one = { whole.buf, whole.len };
		rc = write_stage_parts_later(s, later, name->buf, &one, 1,
					     0600, 0, err);
		strbuf_free(&whole);
	}
	if (rc)
		err->status = EXIT_TEMPFAIL;
	free(old);
	strbuf_free(&text);
	strbuf_free(&j);
	return rc;
}

/* The journal jp of path, applied and synced, let go: kept as the
 * spare (keep_as_spare), else removed. 0, or -1 with errno. */
static int keep_journal(const char *path, const char *jp)
{
	struct strbuf sp = STRBUF_INIT;
	spare_path(path, &sp);
	int rc = keep_as_spare(jp, sp.buf);
	strbuf_free(&sp);
	return rc;
}

/* The journal beside path applied to it, its bytes synced now or
 * left to later (then *applied says there was one, to remove once
 * they are synced: game_store_applied); without later it is removed
 * here. 0 when there is none or it is applied, else -1 with err. */
static int apply_journal(const char *path, struct sync_later *later,
			 int *applied, struct error *err)
{
	struct strbuf jp = STRBUF_INIT;
	char *buf = NULL;
	size_t len = 0;
	int rc = -1, fd = -1;
	if (applied)
		*applied = 0;
	journal_path(path, &jp);
	if (access(jp.buf, F_OK) != 0 && errno == ENOENT) {
		strbuf_free(&jp);
		return 0;
	}
	if (read_input(jp.buf, (size_t)-1 / 2, &buf, &len, err))
		goto out;
	char magic[64], hex[65], want[65];
	size_t n_runs, at, tail, data = 0;
	int used = 0;
	const char *nl = memchr(buf, '\n', len < JOURNAL_LINE_MAX ? len :
				JOURNAL_LINE_MAX), *p = NULL;
	int ok = nl && sscanf(buf, "%63s %zu %zu %zu %64s%n", magic,
			      &n_runs, &at, &tail, hex, &used) == 5 &&
		buf + used == nl && !strcmp(magic, JOURNAL_MAGIC) &&
		n_runs <= len;
	/* the runs' lines, then their bytes, then the end's */
	p = ok ? nl + 1 : NULL;
	for (size_t i = 0; ok && i < n_runs; i++) {
		size_t o, k;
		const char *e = memchr(p, '\n', (size_t)(buf + len - p));
		ok = e && sscanf(p, "%zu %zu", &o, &k) == 2 && k <= len;
		data += ok ? k : 0;
		p = ok ? e + 1 : p;
	}
	if (!ok || (size_t)(buf + len - p) != data + tail) {
		errorf(err, EXIT_TEMPFAIL, "%s: not a journal of the game file "
		       "(first line \"%s <runs> <offset> <bytes> <hash>\", a "
		       "line \"<offset> <bytes>\" a run, their bytes, the "
		       "end's bytes); move it away", jp.buf, JOURNAL_MAGIC);
		goto out;
	}
	hash_hex(nl + 1, (size_t)(p + data - nl - 1), p + data, tail, want);
	if (strcmp(want, hex)) {
		errorf(err, EXIT_TEMPFAIL, "%s: its bytes do not hash to its "
		       "first line's hash: damaged; move it away", jp.buf);
		goto out;
	}
	fd = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
	const char *line = nl + 1, *bytes = p;
	for (size_t i = 0; fd >= 0 && i < n_runs; i++) {
		size_t o, k;
		sscanf(line, "%zu %zu", &o, &k);
		line = strchr(line, '\n') + 1;
		if (pwrite(fd, bytes, k, (off_t)o) != (ssize_t)k) {
			close(fd);
			fd = -1;
		}
		bytes += k;
	}
	if (fd < 0 || pwrite(fd, bytes, tail, (off_t)at) != (ssize_t)tail ||
	    ftruncate(fd, (off_t)(at + tail)) ||
	    (later ? sync_later_note(later, fd) : fsync(fd))) {
		errorf(err, EXIT_TEMPFAIL, "cannot apply %s to %s: %s", jp.buf,
		       path, strerror(errno));
		goto out;
	}
	if (later) {
		/* removed once its bytes are synced (game_store_applied) */
		*applied = 1;
	} else if (keep_journal(path, jp.buf)) {
		errorf(err, EXIT_TEMPFAIL, "cannot remove %s: %s", jp.buf,
		       strerror(errno));
		goto out;
	}
	rc = 0;
out:
	if (rc)
		err->status = EXIT_TEMPFAIL;
	if (fd >= 0)
		close(fd);
	free(buf);
	strbuf_free(&jp);
	return rc;
}

int game_store_recover(const char *path, struct error *err)
{
	return apply_journal(path, NULL, NULL, err);
}

int game_store_apply(const char *path, struct error *err)
{
	return game_store_recover(path, err);
}

int game_store_apply_later(const char *path, struct sync_later *later,
			   int *applied, struct error *err)
{
	return apply_journal(path, later, applied, err);
}

void game_store_applied(const char *path)
{
	struct strbuf jp = STRBUF_INIT;
	journal_path(path, &jp);
	(void)keep_journal(path, jp.buf);  /* left: applied again, the
					      same bytes */
	strbuf_free(&jp);
}

int game_store_write(const char *path, const char *text, size_t len,
		     struct error *err)
{
	struct staged s;
	struct strbuf name = STRBUF_INIT;
	struct write_part one = { text, len };
	int rc = game_store_stage(&s, NULL, path, &one, 1, &name, err);
	if (rc == 0 && write_commit(&s, 1, err))
		rc = -1, err->status = EXIT_TEMPFAIL;
	if (rc == 0)
		rc = game_store_apply(path, err);
	strbuf_free(&name);
	return rc;
}
