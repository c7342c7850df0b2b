/*
 * store.c - the bottom of the judge's room (store.h): the games
 * directory and what every part of the judge needs of it.
 *
 * In the games directory: GAMEID.yaml a game, GAMEID.lock (one message
 * of a game at a time), GAMEID.answers (answers given today: answers.c),
 * GAMEID.requests (each side's latest requests, answered once: answers.c),
 * GAMEID.bounces (roles whose letters bounced: bounce.c), GAMEID.mail (a
 * game taken by mail: strangers.c), spool/ (letters not yet sent:
 * spool.c), failed/ (bounded: the oldest go first) and judge.log. Here:
 * a game's paths and lock, a run's unique names, the log line of what
 * became of a message, failed/ (a message a party sent that could not
 * be dealt with, beside its reason), the set-up every run tests (the
 * referee key, GMime), the Message-ID naming a letter of a game and
 * role, and the judge's clock entries in a game's record.
 */
#define _DEFAULT_SOURCE         /* flock(2) */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <sodium.h>
#include "umpire/clock.h"
#include "umpire/fsutil.h"
#include "umpire/gamestore.h"
#include "umpire/gmime_dl.h"
#include "store.h"

int say(struct outcome *o, enum fate fate, const char *fmt, ...)
{
	va_list ap;
	o->fate = fate;
	strbuf_reset(&o->what);
	va_start(ap, fmt);
	strbuf_vaddf(&o->what, fmt, ap);
	va_end(ap);
	return 0;
}

void outcome_free(struct outcome *o)
{
	strbuf_free(&o->from);
	strbuf_free(&o->msgid);
	strbuf_free(&o->what);
	strbuf_free(&o->notes);
}

/* A game id is 32 lowercase hex digits (it names files here). */
int game_id_ok(const char *id)
{
	return strlen(id) == GAME_ID_HEX &&
		strspn(id, "0123456789abcdef") == GAME_ID_HEX;
}

void game_path(const struct judge *j, const char *id, const char *suffix,
	       struct strbuf *out)
{
	strbuf_reset(out);
	strbuf_addf(out, "%s/%s%s", j->games, id, suffix);
}

/* flock(2) on GAMEID.lock: held from reading the game to sending its
 * letters. Made only for a game kept here (the caller checks). wait:
 * 0 when a lock held elsewhere is not waited for (1, *fd -1). */
static int lock_id(const struct judge *j, const char *id, int wait,
		   int *fd, struct error *err)
{
	struct strbuf p = STRBUF_INIT;
	/* a step of it waiting to be made durable (its lock held by the
	 * LMTP server's batch, commit.c): named first, as the game file
	 * is read next */
	if (batch_holds(j->batch, id) && batch_name(j->batch) == 0)
		(void)batch_synced(j->batch);
	for (size_t i = 0; j->batch && i < j->batch->n; i++)
		if (!strcmp(j->batch->s[i].id, id))
			batch_release(j->batch, i);
	game_path(j, id, ".lock", &p);
	*fd = open(p.buf, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	int rc = 0;
	if (*fd < 0) {
		rc = errorf(err, EXIT_TEMPFAIL, "cannot lock %s: %s", p.buf,
			    strerror(errno));
	} else if (flock(*fd, LOCK_EX | LOCK_NB) != 0) {
		/* held elsewhere: another LMTP worker may be waiting for a
		 * game this one's batch holds, holding this one (each
		 * would wait for the other for ever): the batch's steps
		 * named, made durable and their locks let go before
		 * waiting. Never waiting holding a lock but the caller's
		 * own (a message's game while it takes "new-games" or
		 * "host", which nobody holds waiting for another) */
		int e = errno;
		if (e == EWOULDBLOCK && !wait) {
			close(*fd);
			*fd = -1;
			rc = 1;
		} else if (e != EWOULDBLOCK ||
			   (batch_let_go(j->batch), flock(*fd, LOCK_EX)) != 0) {
			rc = errorf(err, EXIT_TEMPFAIL, "cannot lock %s: %s",
				    p.buf, strerror(e == EWOULDBLOCK ? errno :
						    e));
		}
	}
	/* a step a judge killed left committed in its journal: applied
	 * before anyone reads the game file */
	strbuf_reset(&p);
	game_path(j, id, ".yaml", &p);
	if (rc == 0 && game_store_recover(p.buf, err))
		rc = -1;
	if (rc == 0 && j->batch)
		batch_locked(j->batch, id, *fd);
	strbuf_free(&p);
	return rc;
}

int lock_game(const struct judge *j, const char *id, int *fd,
	      struct error *err)
{
	return lock_id(j, id, 1, fd, err);
}

int lock_game_now(const struct judge *j, const char *id, int *fd,
		  struct error *err)
{
	return lock_id(j, id, 0, fd, err);
}

/* A unique file name for this run: TIME.PID_N.umpire (Maildir style). */
void unique_name(struct judge *j, struct strbuf *out)
{
	strbuf_addf(out, "%lld.%ld_%04lu.umpire", (long long)time(NULL),
		    (long)getpid(), j->serial++);
}

/* The log line of a message: time, message-id, game, step, outcome. */
static void log_line(const struct judge *j, const char *name,
		     const struct outcome *o)
{
	static const char *const fates[] = { "done", "dropped", "failed",
		"retry" };
	struct strbuf line = STRBUF_INIT, p = STRBUF_INIT;
	char when[32];
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
	strbuf_addf(&line, "%s <%s> %s %s %s %s (%zu bytes): %s", when,
		    o->msgid.len ? o->msgid.buf : name,
		    o->game[0] ? o->game : "-", o->step[0] ? o->step : "-",
		    fates[o->fate], name, o->size,
		    o->what.buf ? o->what.buf : "");
	if (o->notes.len)
		strbuf_add(&line, o->notes.buf, o->notes.len);
	for (size_t i = 0; i < line.len; i++)
		if ((unsigned char)line.buf[i] < ' ')
			line.buf[i] = ' ';
	strbuf_addc(&line, '\n');
	strbuf_addf(&p, "%s/judge.log", j->games);
	int fd = open(p.buf, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
	if (fd >= 0) {
		/* one write: lines of concurrent judges never interleave */
		if (write(fd, line.buf, line.len) < 0)
			(void)0;
		close(fd);
	}
	/* (control characters made blanks above) in one write too; a
	 * tick's only when it needs the host (struct judge, quiet) */
	if (!j->quiet || o->fate == FATE_FAILED || o->fate == FATE_RETRY ||
	    o->host)
		fwrite(line.buf, 1, line.len, j->cli->msg);
	strbuf_free(&line);
	strbuf_free(&p);
}

/* The oldest messages of failed/ (and their reasons) removed while it
 * holds more than j->failed_max messages or j->failed_bytes bytes; the
 * log says which (in o). */
static void bound_failed(const struct judge *j, struct outcome *o)
{
	struct strbuf d = STRBUF_INIT, p = STRBUF_INIT;
	struct dirent **list;
	strbuf_addf(&d, "%s/failed", j->games);
	int n = scandir(d.buf, &list, NULL, alphasort);
	size_t count = 0, bytes = 0;
	for (int i = 0; i < n; i++) {
		struct stat st;
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/%s", d.buf, list[i]->d_name);
		if (list[i]->d_name[0] != '.' && stat(p.buf, &st) == 0) {
			bytes += (size_t)st.st_size;
			count += !strstr(list[i]->d_name, ".why");
		}
	}
	/* names begin with the time they were taken: oldest first */
	for (int i = 0; i < n && (count > j->failed_max ||
				  bytes > j->failed_bytes); i++) {
		const char *nm = list[i]->d_name;
		struct stat st, sw;
		if (nm[0] == '.' || strstr(nm, ".why"))
			continue;
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/%s", d.buf, nm);
		if (stat(p.buf, &st) != 0 || unlink(p.buf) != 0)
			continue;
		bytes -= (size_t)st.st_size;
		count--;
		strbuf_adds(&p, ".why");
		if (stat(p.buf, &sw) == 0 && unlink(p.buf) == 0)
			bytes -= (size_t)sw.st_size;
		strbuf_addf(&o->notes, "; failed/ full (at most %zu messages, "
			    "%zu bytes): removed %s", j->failed_max,
			    j->failed_bytes, nm);
	}
	for (int i = 0; i < n; i++)
		free(list[i]);
	if (n >= 0)
		free(list);
	strbuf_free(&d);
	strbuf_free(&p);
}

/* A message a party sent that could not be processed, into failed/ with
 * NAME.why; -1 when not even that could be done. */
int keep_failed(const struct judge *j, const char *msg, size_t len,
		const char *name, struct outcome *o, struct error *err)
{
	struct strbuf dst = STRBUF_INIT, why = STRBUF_INIT;
	strbuf_addf(&dst, "%s/failed/%s", j->games, name);
	strbuf_addf(&why, "%s\n", o->what.buf);
	/* the message itself first: a reason without it is worth less */
	int rc = write_output(dst.buf, msg, len, 0600, 0, err);
	if (rc == 0) {
		strbuf_addf(&dst, ".why");
		rc = write_output(dst.buf, why.buf, why.len, 0600, 0, err);
	}
	if (rc == 0)
		bound_failed(j, o);
	strbuf_free(&dst);
	strbuf_free(&why);
	return rc;
}

void judge_log(const struct judge *j, const char *name,
	       const struct outcome *o)
{
	log_line(j, name, o);
}

/* ---- set-up ---- */

int judge_key(const char *path, struct seckey **sk, struct error *err)
{
	struct stat st;
	char *buf;
	size_t len;
	int enc = 0;
	struct seckey *own = NULL;
	if (!path)
		return errorf(err, EXIT_USAGE, "no referee key: give -s "
			      "SECKEY or set secret_key in the config file");
	if (stat(path, &st) != 0)
		return errorf(err, EXIT_USAGE, "%s: %s", path,
			      strerror(errno));
	if (st.st_mode & 077)
		return errorf(err, EXIT_USAGE, "%s: mode %03o: the judge's key "
			      "must be readable by its owner alone (chmod 600 "
			      "%s)", path, (unsigned)(st.st_mode & 0777), path);
	if (read_input(path, 4096, &buf, &len, err))
		return -1;
	int rc = seckey_is_encrypted(path_name(path), buf, len, &enc, err);
	if (rc == 0 && enc)
		rc = errorf(err, EXIT_USAGE, "%s is protected by a passphrase, "
			    "and umpire judge runs unattended with nobody to "
			    "type it: give the judge a key of its own made "
			    "without one (umpire keygen -W), kept mode 0600",
			    path);
	if (rc == 0)
		rc = seckey_parse(path_name(path), buf, len, NULL,
				  sk ? sk : &own, err);
	seckey_free(own);
	sodium_memzero(buf, len);
	free(buf);
	return rc;
}

int judge_gmime(struct judge *j, struct error *err)
{
	struct gmime gm;
	if (j && j->gmime_loaded)
		return 0;
	if (gmime_open(&gm, err)) {
		err->status = EXIT_TEMPFAIL;
		return -1;
	}
	gmime_close(&gm);
	if (j)
		j->gmime_loaded = 1;
	return 0;
}

int judge_game_file(const struct dirent *e)
{
	const char *n = e->d_name;
	size_t k = strlen(n);
	char id[GAME_ID_HEX + 1];
	if (k != GAME_ID_HEX + 5 || strcmp(n + GAME_ID_HEX, ".yaml"))
		return 0;
	snprintf(id, sizeof id, "%.*s", GAME_ID_HEX, n);
	return game_id_ok(id);
}

/* ---- the Message-ID of a letter ---- */

static int role_id_ok(const char *r, size_t n)
{
	static const char ok[] = "abcdefghijklmnopqrstuvwxyz"
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_";
	if (n == 0 || n > ROLE_ID_MAX)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!r[i] || !strchr(ok, r[i]))
			return 0;
	return 1;
}

/* TAG of "GAMEID.ROLE.NONCE" (16 hex digits) under the judge's key. */
static void letter_tag(const struct judge *j, const char *left, size_t n,
		       char hex[17])
{
	static const char ctx[] = "umpire judge letter id\n";
	unsigned char mac[crypto_generichash_BYTES_MIN];
	crypto_generichash_state st;
	crypto_generichash_init(&st, j->sk->sk, 32, sizeof mac);
	crypto_generichash_update(&st, (const unsigned char *)ctx,
				  sizeof ctx - 1);
	crypto_generichash_update(&st, (const unsigned char *)left, n);
	crypto_generichash_final(&st, mac, sizeof mac);
	sodium_bin2hex(hex, 17, mac, 8);
}

void letter_id(const struct judge *j, const char *id, const char *role,
	       const unsigned char *same, struct strbuf *out)
{
	unsigned char nonce[8];
	char nhex[17], tag[17];
	if (!j->sk || !game_id_ok(id) || !role_id_ok(role, strlen(role)))
		return;
	if (same)
		crypto_generichash(nonce, sizeof nonce,
				   (const unsigned char *)role, strlen(role),
				   same, 32);
	else
		randombytes_buf(nonce, sizeof nonce);
	sodium_bin2hex(nhex, sizeof nhex, nonce, sizeof nonce);
	size_t start = out->len;
	strbuf_addf(out, "%s.%s.%s", id, role, nhex);
	letter_tag(j, out->buf + start, out->len - start, tag);
	strbuf_addf(out, ".%s", tag);
}

/* The game and role a Message-ID of ours names (its tag checked); 0 if
 * it is none of ours. */
int our_letter(const struct judge *j, const char *mid, char *id,
	       char *role)
{
	const char *s = mid, *at;
	while (*s == ' ' || *s == '<')
		s++;
	at = strchr(s, '@');
	if (!at || strncasecmp(at, "@umpire.invalid", 15) ||
	    (at[15] && at[15] != '>'))
		return 0;
	size_t n = (size_t)(at - s);
	/* GAMEID.ROLE.NONCE.TAG: the role between the first and the
	 * second-to-last dots */
	if (n < GAME_ID_HEX + 1 + 1 + 1 + 16 + 1 + 16 ||
	    s[GAME_ID_HEX] != '.' || s[n - 17] != '.' || s[n - 34] != '.')
		return 0;
	size_t rn = n - 34 - (GAME_ID_HEX + 1);
	memcpy(id, s, GAME_ID_HEX);
	id[GAME_ID_HEX] = '\0';
	if (!game_id_ok(id) || !role_id_ok(s + GAME_ID_HEX + 1, rn) ||
	    strspn(s + n - 33, "0123456789abcdef") != 16 ||
	    strspn(s + n - 16, "0123456789abcdef") != 16)
		return 0;
	memcpy(role, s + GAME_ID_HEX + 1, rn);
	role[rn] = '\0';
	char tag[17];
	letter_tag(j, s, n - 17, tag);
	return sodium_memcmp(tag, s + n - 16, 16) == 0;
}

/* ---- the judge's clock in a game's record ---- */

int clock_taken(const struct judge *j, struct game *g, struct error *err)
{
	time_t now;
	int test;
	if (!g->clock.set)
		return 0;
	if (clock_now(&now, &test, err))
		return -1;
	return clock_add(g, j->sk, "taken", NULL, now, test, err);
}

void clock_status(const struct game *g, const char *waiting,
		  struct clock_status *out)
{
	memset(out, 0, sizeof *out);
	if (!g->clock.set || !waiting)
		return;
	long t = clock_find(g, "taken", g->n_steps, NULL);
	long s = clock_find(g, "seen", g->n_steps, NULL);
	if (t < 0 && s < 0)
		return;
	struct clock_entry e;
	clock_entry(g, (size_t)(t > s ? t : s), &e);
	out->since = e.at;
	out->deadline = e.at + (time_t)g->clock.deadline;
	out->timed = 1;
	out->late = clock_find(g, "notice", g->n_steps, waiting) >= 0;
}
