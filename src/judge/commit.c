/*
 * commit.c - the steps of several messages made durable together: the
 * judge's LMTP server deals with every message that is ready (from
 * several clients) and then commits their steps at once, where each
 * step had waited on the disk on its own (umpire-judge(8), EACH
 * MESSAGE, IN DETAIL).
 *
 * A step's files (its game file's journal or copy, its letters in the
 * spool, the record's lines) are staged as one message's are
 * (adjudicate_orders), and handed here instead of being synced and
 * named (batch_take). batch_name then does for all of them what each
 * did alone, in the same order, each wait once for all: their bytes
 * synced (one syncfs a file system), the game files named, the names
 * synced, the journals applied and synced, the journals removed. Each
 * game's lock is held from its message's reading to its letters' leaving
 * (spool_settle): no other judge reads a step half stored. A message
 * that locks a game holding a step not yet named names them all first
 * (lock_game): a game's messages are dealt with in turn, each reading
 * the one before. A message that finds a game's lock held elsewhere
 * (another LMTP worker's round) names them all and lets their locks go
 * before it waits (batch_let_go): two workers never wait for each
 * other. Nothing is answered 250 before its step is named and
 * synced (lmtp.c): a server killed at any moment leaves each step
 * staged (its temporary files, never named: the mail system delivers
 * it again) or named (applied by the next to lock the game).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "umpire/gamestore.h"
#include "store.h"

void batch_init(struct commit_batch *b)
{
	memset(b, 0, sizeof *b);
	sync_later_init(&b->later);
}

int batch_holds(const struct commit_batch *b, const char *id)
{
	for (size_t i = 0; b && i < b->n; i++)
		if (!b->s[i].named && !strcmp(b->s[i].id, id))
			return 1;
	return 0;
}

int batch_letter(const struct commit_batch *b, const char *name)
{
	for (size_t i = 0; b && i < b->n; i++)
		if (b->s[i].named >= 0 && !strncmp(name, b->s[i].stamp,
						   strlen(b->s[i].stamp)))
			return 1;
	return 0;
}

void batch_locked(struct commit_batch *b, const char *id, int fd)
{
	size_t i = 0;
	while (i < b->n_locks && strcmp(b->locks[i].id, id))
		i++;
	if (i == BATCH_LOCKS)
		return;         /* a step of it is committed at once */
	str_copy(b->locks[i].id, sizeof b->locks[i].id, id);
	b->locks[i].fd = fd;
	if (i == b->n_locks)
		b->n_locks++;
}

int batch_take(struct commit_batch *b, const char *id, const char *stamp,
	       struct staged *files, size_t n, struct sync_later *later,
	       const char *store, struct error *err)
{
	/* the game's lock, held past its message (a dup: flock(2)'s lock
	 * is the open file's) until the step's letters are out: without
	 * it another judge (a tick) could read the game before the step
	 * is named, and the step waits for nobody */
	int lock = -1;
	for (size_t i = 0; i < b->n_locks; i++)
		if (!strcmp(b->locks[i].id, id))
			lock = fcntl(b->locks[i].fd, F_DUPFD_CLOEXEC, 0);
	if (lock < 0 || b->n == BATCH_MAX || n > BATCH_FILES) {
		if (lock >= 0)
			close(lock);
		return 1;
	}
	struct batch_step *s = &b->s[b->n];
	memset(s, 0, sizeof *s);
	s->lock = lock;
	if (sync_later_take(&b->later, later) != 0) {
		close(lock);
		return errorf(err, EXIT_TEMPFAIL, "cannot make the files "
			      "written durable: %s", strerror(errno));
	}
	str_copy(s->id, sizeof s->id, id);
	str_copy(s->stamp, sizeof s->stamp, stamp);
	s->ticket = b->ticket;
	for (size_t i = 0; i < n; i++) {
		s->files[i] = files[i];
		/* its path the batch's own: the caller's goes */
		s->paths[i] = xstrdup(files[i].path);
		s->files[i].path = s->paths[i];
		files[i].kind = STAGED_NONE;
		files[i].tmp = NULL;
		files[i].fd = -1;
		files[i].own = NULL;
	}
	s->n_files = n;
	s->store = store ? xstrdup(store) : NULL;
	b->n++;
	return 0;
}

int batch_stage(struct commit_batch *b, const char *id, const char *path,
		const void *buf, size_t len, mode_t mode, struct error *err)
{
	struct batch_step *s = NULL;
	for (size_t i = 0; b && i < b->n; i++)
		if (!b->s[i].named && !strcmp(b->s[i].id, id))
			s = &b->s[i];
	if (!s || s->n_files == BATCH_FILES)
		return 1;
	size_t k = s->n_files;
	s->paths[k] = xstrdup(path);
	if (write_stage_later(&s->files[k], &b->later, s->paths[k], buf, len,
			      mode, 0, err)) {
		free(s->paths[k]);
		s->paths[k] = NULL;
		return -1;
	}
	s->n_files++;
	return 0;
}

/* Ticket t's message failed: its answers say why (lmtp.c). */
static void failed(struct commit_batch *b, unsigned long t)
{
	for (size_t i = 0; i < b->n_failed; i++)
		if (b->failed[i] == t)
			return;
	if (b->n_failed < BATCH_MAX)
		b->failed[b->n_failed++] = t;
}

int batch_failed(const struct commit_batch *b, unsigned long ticket)
{
	for (size_t i = 0; i < b->n_failed; i++)
		if (b->failed[i] == ticket)
			return 1;
	return 0;
}

int batch_name(struct commit_batch *b)
{
	struct error err;
	size_t first = 0;
	int rc = 0;
	while (first < b->n && b->s[first].named)
		first++;
	if (first == b->n)
		return 0;
	/* every step's bytes, then their names: as one step's */
	if (sync_later_run(&b->later, &err) != 0) {
		for (size_t i = first; i < b->n; i++) {
			write_abort(b->s[i].files, b->s[i].n_files);
			failed(b, b->s[i].ticket);
			b->s[i].named = -1;
		}
		b->why = err;
		return -1;
	}
	for (size_t i = first; i < b->n; i++) {
		struct batch_step *s = &b->s[i];
		if (write_commit_later(s->files, s->n_files, &b->later,
				       &err) != 0) {
			write_abort(s->files, s->n_files);
			failed(b, s->ticket);
			b->why = err;
			s->named = -1;
			rc = -1;
		} else {
			s->named = 1;
		}
	}
	if (sync_later_run(&b->later, &err) != 0) {
		for (size_t i = first; i < b->n; i++)
			if (b->s[i].named == 1)
				failed(b, b->s[i].ticket);
		b->why = err;
		return -1;
	}
	/* named and durable: each journal applied to its game file, its
	 * bytes synced with what comes next (batch_synced) */
	for (size_t i = first; i < b->n; i++)
		if (b->s[i].named == 1 && b->s[i].store)
			(void)game_store_apply_later(b->s[i].store, &b->later,
						     &b->s[i].applied, &err);
	return rc;
}

int batch_synced(struct commit_batch *b)
{
	struct error err;
	if (sync_later_run(&b->later, &err) != 0)
		return -1;
	/* the journals applied: removed (one left is applied again) */
	for (size_t i = 0; i < b->n; i++)
		if (b->s[i].applied) {
			game_store_applied(b->s[i].store);
			b->s[i].applied = 0;
		}
	return 0;
}

void batch_release(struct commit_batch *b, size_t i)
{
	struct batch_step *s = &b->s[i];
	if (s->lock >= 0)
		close(s->lock);
	s->lock = -1;
}

size_t batch_let_go(struct commit_batch *b)
{
	size_t held = 0;
	for (size_t i = 0; b && i < b->n; i++)
		held += b->s[i].lock >= 0;
	if (!held)
		return 0;
	/* a step failing here is answered 451 (batch_failed) */
	(void)batch_name(b);
	if (batch_synced(b) != 0)
		/* the journals kept (applied again by the next to lock
		 * their games): never removed once their locks are gone */
		for (size_t i = 0; i < b->n; i++)
			b->s[i].applied = 0;
	for (size_t i = 0; i < b->n; i++)
		batch_release(b, i);
	return held;
}

void batch_clear(struct commit_batch *b)
{
	for (size_t i = 0; i < b->n; i++) {
		struct batch_step *s = &b->s[i];
		if (!s->named)
			write_abort(s->files, s->n_files);
		batch_release(b, i);
		for (size_t k = 0; k < s->n_files; k++)
			free(s->paths[k]);
		free(s->store);
	}
	b->n = 0;
	sync_later_free(&b->later);
}
