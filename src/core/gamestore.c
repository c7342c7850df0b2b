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

/* The journal's first line: its magic, then the room's offset and the
 * length of what goes there, the end's offset and length, the hash
 * (BLAKE2b-256, hex) of those bytes, which follow the line. */
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

/* The journal of text (len bytes, as umpire writes it: no room) over
 * old (the stored file, olen bytes) into j: 0; -1 when old cannot take
 * it by appending (the header differs, the state outgrew the room, the
 * steps are not old's followed by more). */
static int journal_of(const char *old, size_t olen, const char *text,
		      size_t len, struct strbuf *j)
{
	long os = key_line(old, olen, "state:\n"),
		ts = key_line(text, len, "state:\n");
	if (os < 0 || ts < 0 || os != ts || memcmp(old, text, (size_t)ts))
		return -1;
	long oe = key_line(old + os, olen - (size_t)os, "steps:\n"),
		te = key_line(text + ts, len - (size_t)ts, "steps:\n");
	if (oe < 0 || te < 0)
		return -1;
	size_t room = (size_t)oe, state = (size_t)te;
	const char *osteps = old + os + oe, *tsteps = text + ts + te;
	size_t on = olen - (size_t)(os + oe), tn = len - (size_t)(ts + te);
	if (state > room || on > tn || memcmp(osteps, tsteps, on))
		return -1;
	/* what of the room the old state used: to its first comment line
	 * of the room (or all of it); the new state and room up to there
	 * are what changes, the rest of the room stays */
	long used = key_line(old + os, room, "#");
	size_t w = used < 0 ? room : (size_t)used;
	if (w < state)
		w = state;
	struct strbuf slot = STRBUF_INIT;
	strbuf_add(&slot, text + ts, state);
	add_room(&slot, w - state);
	/* of those, the bytes that differ from the file's at the same
	 * places: a step changes a few lines of the state */
	const char *was = old + os;
	size_t from = 0, to = w;
	while (from < w && slot.buf[from] == was[from])
		from++;
	while (to > from && slot.buf[to - 1] == was[to - 1])
		to--;
	char hex[65];
	hash_hex(slot.buf + from, to - from, tsteps + on, tn - on, hex);
	strbuf_addf(j, "%s %ld %zu %zu %zu %s\n", JOURNAL_MAGIC,
		    os + (long)from, to - from, olen, tn - on, hex);
	strbuf_add(j, slot.buf + from, to - from);
	strbuf_add(j, tsteps + on, tn - on);
	strbuf_free(&slot);
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
	strbuf_add(out, text, (size_t)(ts + te));
	add_room(out, room_for((size_t)te));
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
	for (size_t i = 0; i < n; i++)
		strbuf_add(&text, parts[i].buf, parts[i].len);
	strbuf_reset(name);
	if (read_input(path, (size_t)-1 / 2, &old, &olen, &ignored) == 0 &&
	    journal_of(old, olen, text.buf, text.len, &j) == 0) {
		journal_path(path, name);
		/* (a file's bytes are written when staged) */
		rc = write_stage_later(s, later, name->buf, j.buf, j.len,
				       0600, 0, err);
	} else {
		struct strbuf whole = STRBUF_INIT;
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

int game_store_recover(const char *path, struct error *err)
{
	struct strbuf jp = STRBUF_INIT;
	char *buf = NULL;
	size_t len = 0;
	int rc = -1, fd = -1;
	journal_path(path, &jp);
	if (access(jp.buf, F_OK) != 0 && errno == ENOENT) {
		strbuf_free(&jp);
		return 0;
	}
	if (read_input(jp.buf, (size_t)-1 / 2, &buf, &len, err))
		goto out;
	char magic[64], hex[65], want[65];
	long long off;
	size_t slot, at, tail;
	int used = 0;
	const char *nl = memchr(buf, '\n', len < JOURNAL_LINE_MAX ? len :
				JOURNAL_LINE_MAX);
	if (!nl || sscanf(buf, "%63s %lld %zu %zu %zu %64s%n", magic, &off,
			  &slot, &at, &tail, hex, &used) != 6 ||
	    buf + used != nl || strcmp(magic, JOURNAL_MAGIC) || off < 0 ||
	    (size_t)(nl + 1 - buf) + slot + tail != len) {
		errorf(err, EXIT_TEMPFAIL, "%s: not a journal of the game file "
		       "(first line \"%s <offset> <bytes> <offset> <bytes> "
		       "<hash>\" and those bytes); move it away", jp.buf,
		       JOURNAL_MAGIC);
		goto out;
	}
	const char *p = nl + 1;
	hash_hex(p, slot, p + slot, tail, want);
	if (strcmp(want, hex)) {
		errorf(err, EXIT_TEMPFAIL, "%s: its bytes do not hash to its "
		       "first line's hash: damaged; move it away", jp.buf);
		goto out;
	}
	fd = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0 || pwrite(fd, p, slot, (off_t)off) != (ssize_t)slot ||
	    pwrite(fd, p + slot, tail, (off_t)at) != (ssize_t)tail ||
	    ftruncate(fd, (off_t)(at + tail)) || fsync(fd)) {
		errorf(err, EXIT_TEMPFAIL, "cannot apply %s to %s: %s", jp.buf,
		       path, strerror(errno));
		goto out;
	}
	if (unlink(jp.buf) && errno != ENOENT) {
		errorf(err, EXIT_TEMPFAIL, "cannot remove %s: %s", jp.buf,
		       strerror(errno));
		goto out;
	}
	rc = 0;
out:
	if (fd >= 0)
		close(fd);
	free(buf);
	strbuf_free(&jp);
	return rc;
}

int game_store_apply(const char *path, struct error *err)
{
	return game_store_recover(path, err);
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
