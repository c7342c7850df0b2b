/*
 * spool.c - letters that are part of a step.
 *
 * The letters a state of a game owes are written to spool/ and made
 * durable (with the step's game file and record lines, one syncfs:
 * adjudicate_orders; else each file synced, then the directory) before
 * that state's game file is renamed into place, and removed only once sendmail or the outbox took them. A
 * crash between the two leaves them for the next run, and a crash before
 * the game file was stored leaves letters of a state the game does not
 * hold, which are dropped, never sent: a party never learns the outcome
 * of a step that did not happen.
 *
 * A letter's file name says which state it belongs to:
 * GAMEID-STEPS-JOINED-HASH-UNIQUE.eml, HASH the first 8 bytes (hex) of
 * the hash of step STEPS (the genesis for 0), JOINED the roles joined.
 * Names sort in the order the letters were made. A letter carrying the
 * desk page ends DESK_MARK ROLE-HEX.eml (desk.c): handed on, it is
 * noted as sent.
 *
 * A letter may go out twice (the same message, Message-ID and all) when
 * the judge is killed after sendmail took it and before it is removed;
 * it never goes out zero times.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <sodium.h>
#include "umpire/clock.h"
#include "umpire/compose.h"
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/sendmail.h"
#include "letters.h"

static size_t joined(const struct game *g)
{
	size_t n = 0;
	for (size_t i = 0; i < g->n_roles; i++)
		n += g->roles[i].joined != 0;
	return n;
}

static void stamp_hash(const struct game *g, size_t steps, char hex[17])
{
	sodium_bin2hex(hex, 17, game_prev(g, steps), 8);
}

static int send_bytes(struct judge *j, const char *id,
		      const char *name, char *buf, size_t len,
		      struct error *err);
static int spool_list(const struct judge *j, const char *id, char ***out,
		      size_t *n);
static void names_free(char **names, size_t n);

/* The letters of g's present state that a judge killed before it
 * stored that state left (the same state computed again: the same
 * stamp): removed, never sent beside the new ones. */
static void drop_state(struct judge *j, const struct game *g,
		       const char *stamp)
{
	char **names;
	size_t n;
	if (spool_list(j, g->id, &names, &n))
		return;
	for (size_t i = 0; i < n; i++) {
		if (strncmp(names[i], stamp, strlen(stamp)))
			continue;
		struct strbuf p = STRBUF_INIT;
		strbuf_addf(&p, "%s/spool/%s", j->games, names[i]);
		unlink(p.buf);
		strbuf_free(&p);
	}
	names_free(names, n);
}

void spool_stamp(const struct game *g, char *out, size_t size)
{
	char hex[17];
	stamp_hash(g, g->n_steps, hex);
	snprintf(out, size, "%s-%06zu-%02zu-%s-", g->id, g->n_steps,
		 joined(g), hex);
}

int spool_put(struct judge *j, struct game *g, const struct letters *l,
	      int fresh, struct sync_later *later, struct error *err)
{
	struct staged files[JUDGE_MAX_LETTERS];
	struct strbuf paths[JUDGE_MAX_LETTERS];
	char stamp[SPOOL_STAMP];
	size_t n = 0;
	int rc = 0;
	spool_stamp(g, stamp, sizeof stamp);
	if (fresh)
		drop_state(j, g, stamp);
	for (; n < l->n && rc == 0; n++) {
		paths[n] = (struct strbuf)STRBUF_INIT;
		strbuf_addf(&paths[n], "%s/spool/%s", j->games, stamp);
		unique_name(j, &paths[n]);
		if (l->desk[n])
			strbuf_addf(&paths[n], DESK_MARK "%s", l->desk[n]);
		strbuf_adds(&paths[n], ".eml");
		rc = write_stage_later(&files[n], later, paths[n].buf,
				       l->msg[n].buf, l->msg[n].len, 0600, 1,
				       err);
	}
	if (rc == 0)
		rc = write_commit_later(files, n, later, err);
	else
		write_abort(files, n);
	for (size_t i = 0; i < n; i++)
		strbuf_free(&paths[i]);
	if (rc)
		err->status = EXIT_TEMPFAIL;
	return rc;
}

/* Whether the letter named name (of g's spool) belongs to a state g
 * holds. */
static int held(const struct game *g, const char *name)
{
	size_t steps, roles;
	char hex[17], want[17];
	const char *p = name + GAME_ID_HEX;
	if (sscanf(p, "-%6zu-%2zu-%16[0-9a-f]-", &steps, &roles, hex) != 3 ||
	    steps > g->n_steps)
		return 0;
	stamp_hash(g, steps, want);
	return !strcmp(hex, want) && (steps < g->n_steps ||
				      roles <= joined(g));
}

/* The sendmail command the letters go to: j->sendmail, and when it is a
 * sendmail(8) that names no envelope sender, -f and the judge's own
 * address: a bounce (RFC 3464) then comes back to the judge, which reads
 * it (bounce.c), and not to the mailbox of the Unix user it runs as. */
static void sendmail_command(const struct judge *j, const char *id,
			     struct strbuf *cmd)
{
	const char *c = j->sendmail;
	size_t w = strcspn(c, " \t");
	const char *base = c;
	for (size_t i = 0; i < w; i++)
		if (c[i] == '/')
			base = c + i + 1;
	strbuf_adds(cmd, c);
	if ((size_t)(c + w - base) != 8 || strncmp(base, "sendmail", 8) ||
	    strstr(c, " -f") || !j->from)
		return;
	/* the addr-spec of "Name <addr>" or of "addr": the game's own
	 * (route.c), so that its bounces reach the judge host that keeps
	 * the game when several share a mail system */
	char from[MAIL_ADDR_MAX * 2];
	if (id)
		game_from_id(j, id, from, sizeof from);
	else
		snprintf(from, sizeof from, "%s", j->from);
	const char *a = strchr(from, '<');
	a = a ? a + 1 : from;
	size_t n = strcspn(a, "> \t");
	if (n && memchr(a, '@', n) && strcspn(a, "'\"\\;&|$`") >= n)
		strbuf_addf(cmd, " -f %.*s", (int)n, a);
}

/* The letter at path handed on: into the outbox's new/ (linked, or
 * copied through its tmp/), or to the sendmail command. */
static int send_letter(struct judge *j, const char *id,
		       const char *path, const char *name, struct error *err)
{
	char *buf;
	size_t len;
	if (j->outbox) {
		/* the spool's file itself, linked into new/ (one file
		 * system): its bytes were synced when it was spooled
		 * (spool_put), so no copy and no second sync of them; the
		 * link on disk with new/'s sync (spool_flush). A name
		 * already there is this very letter, linked by a run that
		 * died before removing its spool copy */
		struct strbuf p = STRBUF_INIT;
		strbuf_addf(&p, "%s/new/%.*s", j->outbox,
			    (int)strlen(name) - 4, name);
		int linked = link(path, p.buf) == 0 || errno == EEXIST;
		strbuf_free(&p);
		if (linked)
			return 0;
	}
	if (read_input(path, (size_t)-1 / 2, &buf, &len, err))
		return -1;
	int rc = send_bytes(j, id, name, buf, len, err);
	free(buf);
	return rc;
}

/* The message buf (len bytes) handed on: into the outbox's new/ (its
 * tmp/ first, synced), named name less its ".eml", or to the sendmail
 * command (g's envelope sender, NULL: the judge's). */
static int send_bytes(struct judge *j, const char *id,
		      const char *name, char *buf, size_t len,
		      struct error *err)
{
	struct strbuf msg = { buf, len, len + 1 };
	int rc;
	if (j->outbox) {
		struct strbuf t = STRBUF_INIT, p = STRBUF_INIT;
		/* the spool's name less its ".eml" */
		int k = (int)strlen(name) - 4;
		strbuf_addf(&t, "%s/tmp/%.*s", j->outbox, k, name);
		strbuf_addf(&p, "%s/new/%.*s", j->outbox, k, name);
		/* another file system than the spool's: a copy */
		/* written in tmp/ and synced: the letter's bytes on disk
		 * before its name appears in new/ (where a reader takes
		 * it); then renamed there, and new/ synced once for every
		 * letter of the flush before their spool copies go
		 * (spool_flush). tmp/ itself needs no sync: a name there
		 * is nobody's */
		int fd = open(t.buf, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC |
			      O_NOFOLLOW, 0600);
		rc = fd < 0 || write_all(fd, buf, len) ? -1 : 0;
		if (rc == 0 && fsync(fd) != 0)
			rc = -1;
		if (fd >= 0 && close(fd) != 0)
			rc = -1;
		if (rc) {
			rc = errorf(err, EXIT_USAGE, "cannot write %s: %s",
				    t.buf, strerror(errno));
			unlink(t.buf);
		}
		if (rc == 0 && rename(t.buf, p.buf) != 0) {
			rc = errorf(err, EXIT_USAGE, "cannot move %s to %s: %s",
				    t.buf, p.buf, strerror(errno));
			unlink(t.buf);
		}
		strbuf_free(&t);
		strbuf_free(&p);
	} else {
		struct strbuf cmd = STRBUF_INIT;
		sendmail_command(j, id, &cmd);
		rc = mail_send(cmd.buf, j->cli->cfg.path, &msg, err);
		strbuf_free(&cmd);
	}
	return rc;
}

int spool_forward(struct judge *j, const char *msg, size_t len,
		  const char *to, struct error *err)
{
	struct strbuf fw = STRBUF_INIT, name = STRBUF_INIT;
	char date[64], from[MAIL_ADDR_MAX + 1];
	const char *why;
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S +0000", &tm);
	if (mail_addr_spec_of(j->from, from, sizeof from, &why))
		snprintf(from, sizeof from, "%s", j->from);
	unique_name(j, &name);
	/* RFC 5322 3.6.6: the message as it came, its resent fields on
	 * top; sendmail -t then mails it to Resent-To (postfix, exim) */
	strbuf_addf(&fw, "Resent-From: %s\nResent-To: %s\nResent-Date: "
		    "%s\nResent-Message-ID: <%s@umpire.invalid>\n", from, to,
		    date, name.buf);
	strbuf_add(&fw, msg, len);
	strbuf_adds(&name, ".eml");
	int rc = send_bytes(j, NULL, name.buf, fw.buf, fw.len, err);
	strbuf_free(&fw);
	strbuf_free(&name);
	return rc;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in spool/ of game id (every game's when id is NULL), sorted;
 * -1 when the spool cannot be read. */
static int spool_list(const struct judge *j, const char *id, char ***out,
		      size_t *n)
{
	struct strbuf dir = STRBUF_INIT;
	strbuf_addf(&dir, "%s/spool", j->games);
	DIR *d = opendir(dir.buf);
	strbuf_free(&dir);
	*out = NULL;
	*n = 0;
	if (!d)
		return errno == ENOENT ? 0 : -1;
	size_t cap = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		const char *nm = e->d_name;
		size_t k = strlen(nm);
		if (k < GAME_ID_HEX + 5 || strcmp(nm + k - 4, ".eml") ||
		    (id && strncmp(nm, id, GAME_ID_HEX)))
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 8;
			*out = xrealloc(*out, cap * sizeof **out);
		}
		(*out)[(*n)++] = xstrdup(nm);
	}
	closedir(d);
	if (*n)
		qsort(*out, *n, sizeof **out, by_name);
	return 0;
}

static void names_free(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

/* The letter named name, handed on, carried the desk page to a role
 * (its name's DESK_MARK ROLE-HEX): noted in GAMEID.desk, so that the
 * role's next letters go without it (desk.c). */
static void desk_handed(const struct judge *j, const char *id,
			const char *name)
{
	const char *m = strstr(name, DESK_MARK);
	if (!m)
		return;
	m += strlen(DESK_MARK);
	const char *dash = strrchr(m, '-'), *end = strrchr(m, '.');
	char role[64], hex[DESK_HEX + 1];
	if (!dash || !end || end - dash - 1 != DESK_HEX ||
	    (size_t)(dash - m) >= sizeof role)
		return;
	snprintf(role, sizeof role, "%.*s", (int)(dash - m), m);
	snprintf(hex, sizeof hex, "%.*s", DESK_HEX, dash + 1);
	desk_sent(j, id, role, hex);
}

/* Letters linked into the outbox's new/, whose spool copies go once
 * new/ is synced (outbox_synced): one sync for all of a flush's, or of
 * an LMTP round's (spool_settle). */
struct moved {
	char **path;
	size_t n, cap;
};

/* The letters names (n) of game id's spool handed on: those of a state
 * g holds (the others dropped: a step never stored), or with stamp
 * those of that state alone (the others left). How many went. */
static size_t hand_on(struct judge *j, const char *id, const struct game *g,
		      const char *stamp, char **names, size_t n,
		      struct moved *m, struct outcome *o)
{
	struct error err;
	size_t sent = 0;
	for (size_t i = 0; i < n; i++) {
		struct strbuf p = STRBUF_INIT;
		if (stamp ? strncmp(names[i], stamp, strlen(stamp)) != 0 :
		    batch_letter(j->batch, names[i]))
			continue;   /* another state's; a waiting step's */
		strbuf_addf(&p, "%s/spool/%s", j->games, names[i]);
		if (!stamp && (!g || !held(g, names[i]))) {
			/* a step never stored: its letters are nobody's */
			if (unlink(p.buf) == 0 && o)
				strbuf_addf(&o->notes, "; dropped %s (a state "
					    "of game %.8s never stored)",
					    names[i], id);
		} else if (send_letter(j, id, p.buf, names[i], &err) == 0) {
			desk_handed(j, id, names[i]);
			if (j->outbox) {
				if (m->n == m->cap) {
					m->cap = m->cap ? 2 * m->cap : 8;
					m->path = xrealloc(m->path, m->cap *
							   sizeof *m->path);
				}
				m->path[m->n++] = strbuf_detach(&p, NULL);
			} else {
				unlink(p.buf);   /* sendmail took it */
			}
			sent++;
		} else if (o) {
			o->host = 1;
			strbuf_addf(&o->notes, "; a letter not sent (%s): kept "
				    "as spool/%s for the next run", err.msg,
				    names[i]);
		}
		strbuf_free(&p);
	}
	return sent;
}

/* The outbox's new/ noted in later (one sync for the letters linked
 * there), or synced now (later NULL): 0 once it is, or noted. */
static int outbox_sync(struct judge *j, struct sync_later *later)
{
	struct strbuf nd = STRBUF_INIT;
	strbuf_addf(&nd, "%s/new", j->outbox);
	int dfd = open(nd.buf, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int rc = dfd < 0 ? -1 : later ? sync_later_note(later, dfd) :
		fsync(dfd);
	if (dfd >= 0)
		close(dfd);
	strbuf_free(&nd);
	return rc;
}

/* The spool's copies of the letters m moved removed once the renames
 * into the outbox's new/ are on disk (synced): a crash between may
 * send a letter twice (the same Message-ID), never lose it. */
static void moved_done(struct moved *m, int synced)
{
	for (size_t i = 0; i < m->n; i++) {
		if (synced)
			unlink(m->path[i]);
		free(m->path[i]);
	}
	free(m->path);
	memset(m, 0, sizeof *m);
}

size_t spool_flush(struct judge *j, const char *id, struct game *g,
		   struct outcome *o)
{
	char **names;
	size_t n, sent;
	struct game own;
	struct error err;
	int have = 1;
	struct moved m = { NULL, 0, 0 };
	/* a step of it not yet durable (the LMTP server's batch): its
	 * letters leave once it is (spool_settle) */
	if (batch_holds(j->batch, id))
		return 0;
	if (spool_list(j, id, &names, &n) || n == 0)
		return 0;
	if (!g) {
		struct strbuf p = STRBUF_INIT;
		game_path(j, id, ".yaml", &p);
		have = access(p.buf, F_OK) == 0 &&
			load_game(judge_loader(j), p.buf,
				  GAME_PARSE_CHECKPOINTS, &own, &err) == 0;
		strbuf_free(&p);
		g = have ? &own : NULL;
	}
	sent = hand_on(j, id, g, NULL, names, n, &m, o);
	moved_done(&m, m.n && outbox_sync(j, NULL) == 0);
	if (o && sent)
		strbuf_addf(&o->notes, "; %zu letter(s) sent", sent);
	if (g == &own)
		game_free(&own);
	names_free(names, n);
	return sent;
}

int spool_settle(struct judge *j)
{
	struct commit_batch *b = j->batch;
	struct moved m = { NULL, 0, 0 };
	struct outcome o;
	int rc = 0;
	if (!b || !b->n)
		return 0;
	memset(&o, 0, sizeof o);
	/* (named already by the LMTP server before it answered: a step
	 * that failed there is one of b->failed) */
	if (batch_name(b) || b->n_failed)
		rc = -1;
	/* each step's letters, under its game's lock held since its
	 * message, the outbox synced once for all; then, every lock let
	 * go, those of steps whose lock was not held (a later message of
	 * the game took it, or it was let go not to wait holding it:
	 * batch_let_go) under the lock taken again, holding no other (a
	 * game's in the order of its steps) */
	int later[BATCH_MAX] = { 0 }, any = 0;
	for (int pass = 0; pass < 2 && (!pass || any); pass++) {
		for (size_t i = 0; i < b->n; i++) {
			struct batch_step *s = &b->s[i];
			char **names;
			size_t n;
			struct error err;
			int fd = -1;
			if (s->named != 1)
				continue;
			if (!pass) {
				for (size_t k = 0; k < i; k++)
					later[i] |= later[k] &&
						!strcmp(b->s[k].id, s->id);
				later[i] |= s->lock < 0;
				any |= later[i];
				if (later[i])
					continue;
			} else if (!later[i] || lock_game(j, s->id, &fd, &err)) {
				continue;
			}
			if (spool_list(j, s->id, &names, &n) == 0) {
				hand_on(j, s->id, NULL, s->stamp, names, n,
					&m, &o);
				names_free(names, n);
			}
			if (fd >= 0)
				close(fd);
		}
		/* the letters' links, the journals applied: one sync */
		int ok = (!m.n || outbox_sync(j, &b->later) == 0) &&
			batch_synced(b) == 0;
		moved_done(&m, ok);
		if (!pass)
			for (size_t i = 0; i < b->n; i++)
				batch_release(b, i);
	}
	batch_clear(b);
	if (rc) {
		say(&o, FATE_RETRY, "steps not made durable: %s; their "
		    "messages left to the mail system", b->why.msg);
		judge_log(j, "lmtp", &o);
	} else if (o.notes.len) {
		say(&o, FATE_DONE, "letters of the steps made durable "
		    "together");
		judge_log(j, "lmtp", &o);
	}
	outcome_free(&o);
	return rc;
}

int spool_held(const struct judge *j, const char *id)
{
	char **names;
	size_t n;
	if (spool_list(j, id, &names, &n))
		return 1;
	names_free(names, n);
	return n != 0;
}

void spool_flush_all(struct judge *j, struct outcome *o)
{
	char **names;
	size_t n;
	if (spool_list(j, NULL, &names, &n))
		return;
	for (size_t i = 0; i < n; i++) {
		char id[GAME_ID_HEX + 1];
		snprintf(id, sizeof id, "%.*s", GAME_ID_HEX, names[i]);
		if (i && !strncmp(names[i - 1], id, GAME_ID_HEX))
			continue;
		if (!game_id_ok(id))
			continue;
		struct error err;
		int fd = -1;
		/* under the game's lock, a new game's too: a judge taking a
		 * new game holds it from spooling its letters to storing it,
		 * and what looks like letters of a game never stored may be
		 * those of one being stored this moment */
		/* (an LMTP worker: a game locked elsewhere is left to its
		 * holder, or to the next round; it never waits for one) */
		if (j->batch ? lock_game_now(j, id, &fd, &err) :
		    lock_game(j, id, &fd, &err))
			continue;
		spool_flush(j, id, NULL, o);
		if (fd >= 0)
			close(fd);
	}
	names_free(names, n);
}

/* How often the host is told of one bound: once a day. */
#define HOST_TOLD_EVERY 86400

/* Whether the host was told of bound within HOST_TOLD_EVERY of now
 * (games/host.told, a line "BOUND SECONDS" a bound): 1; else 0, and
 * the file says now (under the lock "host"). */
static int told_lately(const struct judge *j, const char *bound, time_t now)
{
	struct strbuf p = STRBUF_INIT, text = STRBUF_INIT;
	struct error err;
	char *buf = NULL;
	size_t len;
	int lately = 0;
	strbuf_addf(&p, "%s/host.told", j->games);
	if (read_input(p.buf, 4096, &buf, &len, &err))
		buf = NULL;
	for (char *line = buf, *next; line && *line; line = next) {
		char name[64];
		long long t;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (sscanf(line, "%63s %lld", name, &t) != 2)
			continue;
		if (!strcmp(name, bound))
			lately = now - (time_t)t < HOST_TOLD_EVERY;
		else
			strbuf_addf(&text, "%s %lld\n", name, t);
	}
	if (!lately) {
		strbuf_addf(&text, "%s %lld\n", bound, (long long)now);
		write_output(p.buf, text.buf, text.len, 0600, 0, &err);
	}
	free(buf);
	strbuf_free(&p);
	strbuf_free(&text);
	return lately;
}

void judge_tell_host(struct judge *j, struct outcome *o)
{
	struct error err;
	time_t now;
	int test, fd = -1;
	o->host = 1;
	if (clock_now(&now, &test, &err) || lock_game(j, "host", &fd, &err)) {
		strbuf_addf(&o->notes, "; the host not told: %s", err.msg);
		if (fd >= 0)
			close(fd);
		return;
	}
	int lately = told_lately(j, o->bound, now);
	close(fd);
	if (lately) {
		strbuf_addf(&o->notes, "; the host was told of [judge] %s "
			    "within the day", o->bound);
		return;
	}
	if (!j->host_address) {
		strbuf_addf(&o->notes, "; the host told here ([judge] %s "
			    "reached; no [judge] host_address to mail)",
			    o->bound);
		return;
	}
	struct strbuf subj = STRBUF_INIT, body = STRBUF_INIT;
	struct strbuf msg = STRBUF_INIT, p = STRBUF_INIT;
	strbuf_addf(&subj, "umpire judge: games taken by mail refused "
		    "([judge] %s reached)", o->bound);
	strbuf_addf(&body, "The judge refused a game taken by mail (umpire "
		    "judge --accept-new):\n\n  %s\n\nThe bound is [judge] %s "
		    "in its configuration file; judge.log in\nthe games "
		    "directory says each refusal. The judge tells you of this "
		    "bound\nat most once a day.\n", o->what.buf, o->bound);
	struct draft d = { .from = j->from, .to = j->host_address,
		.subject = subj.buf, .body = body.buf,
		.auto_submitted = "auto-generated" };
	strbuf_addf(&p, "%s/spool/host-", j->games);
	unique_name(j, &p);
	strbuf_adds(&p, ".eml");
	const char *name = strrchr(p.buf, '/') + 1;
	/* spooled, then sent: a letter the mail system did not take
	 * stays in spool/ for the host to see (no game's: never sent
	 * again) */
	if (judge_gmime(j, &err) || draft_write(&d, &msg, &err) ||
	    write_output(p.buf, msg.buf, msg.len, 0600, 0, &err) ||
	    send_letter(j, NULL, p.buf, name, &err))
		strbuf_addf(&o->notes, "; the host not told at %s: %s",
			    j->host_address, err.msg);
	else {
		unlink(p.buf);
		strbuf_addf(&o->notes, "; the host told at %s",
			    j->host_address);
	}
	strbuf_free(&subj);
	strbuf_free(&body);
	strbuf_free(&msg);
	strbuf_free(&p);
}

/* The letters of the spool sent, and the log says so: those of the steps
 * of a --maildir run (hold_letters), and those that an earlier run could
 * not send (sendmail down, a crash between storing a step and sending
 * its letters). */
void judge_send_spooled(struct judge *j)
{
	struct outcome o;
	memset(&o, 0, sizeof o);
	spool_flush_all(j, &o);
	if (o.notes.len) {
		say(&o, FATE_DONE, "letters of the spool");
		judge_log(j, "spool", &o);
	}
	outcome_free(&o);
}
