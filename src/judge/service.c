/*
 * service.c - umpire judge as the mail system runs it: its key, its
 * games directory, one message on stdin (or a Maildir's: maildir.c),
 * the log (a line a message) and failed/ (a message a party sent that
 * could not be dealt with, beside its reason).
 *
 * In the games directory: GAMEID.yaml a game, GAMEID.lock (one message
 * of a game at a time), GAMEID.answers (answers given today: answers.c),
 * GAMEID.bounces (roles whose letters bounced: bounce.c), spool/
 * (letters not yet sent), failed/ (bounded: the oldest go first) and
 * judge.log. A message is never copied to disk on its way in: the mail
 * system keeps it until the judge exits 0.
 */
#define _DEFAULT_SOURCE         /* flock(2) */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "umpire/fsutil.h"
#include "umpire/gamestore.h"
#include "umpire/mail.h"
#include "room.h"

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
 * letters. Made only for a game kept here (the caller checks). */
int lock_game(const struct judge *j, const char *id, int *fd,
	      struct error *err)
{
	struct strbuf p = STRBUF_INIT;
	game_path(j, id, ".lock", &p);
	*fd = open(p.buf, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	int rc = 0;
	if (*fd < 0 || flock(*fd, LOCK_EX) != 0)
		rc = errorf(err, EXIT_TEMPFAIL, "cannot lock %s: %s", p.buf,
			    strerror(errno));
	/* a step a judge killed left committed in its journal: applied
	 * before anyone reads the game file */
	strbuf_reset(&p);
	game_path(j, id, ".yaml", &p);
	if (rc == 0 && game_store_recover(p.buf, err))
		rc = -1;
	strbuf_free(&p);
	return rc;
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
static int keep_failed(const struct judge *j, const char *msg, size_t len,
		       const char *name, struct outcome *o,
		       struct error *err)
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
		log_line(j, "spool", &o);
	}
	outcome_free(&o);
}

/* Deal with the message msg (len bytes, name): 0 once it is dealt with
 * (done, dropped or kept in failed/), -1 when the mail system must
 * deliver it again (err: EXIT_TEMPFAIL). */
static int judge_buffer(struct judge *j, const char *msg, size_t len,
			const char *name, const char *note,
			struct error *err)
{
	struct outcome o;
	memset(&o, 0, sizeof o);
	o.size = len;
	struct error why;
	int rc = 0;
	if (judge_message(j, msg, len, name, &o, &why))
		say(&o, why.status == EXIT_TEMPFAIL ? FATE_RETRY :
		    FATE_FAILED, "%s", why.msg);
	if (note)
		strbuf_adds(&o.notes, note);
	if (o.fate == FATE_RETRY)
		strbuf_adds(&o.notes, " (left to the mail system to deliver "
			    "again)");
	/* a message no party signed costs a log line, nothing more */
	if (o.fate == FATE_FAILED && !o.party) {
		o.fate = FATE_DROPPED;
		strbuf_adds(&o.notes, " (not kept: no party of a game kept "
			    "here signed it)");
	}
	int keep = o.fate == FATE_FAILED &&
		keep_failed(j, msg, len, name, &o, err) != 0;
	log_line(j, name, &o);
	if (o.fate == FATE_RETRY)
		rc = errorf(err, EXIT_TEMPFAIL, "%s", o.what.buf);
	else if (keep)
		err->status = EXIT_TEMPFAIL, rc = -1;
	outcome_free(&o);
	if (!j->hold_letters)
		judge_send_spooled(j);
	return rc;
}

/* At most max bytes of fd into *buf (malloc'd, NUL-terminated), the rest
 * read and thrown away: a message too large costs its reading, not its
 * size in memory. *total: how many bytes there were. */
static int read_bounded(int fd, size_t max, char **buf, size_t *len,
			size_t *total, struct error *err)
{
	size_t cap = 65536;
	char *b = xmalloc(cap + 1), sink[65536];
	*len = *total = 0;
	for (;;) {
		char *to = *len < max ? b + *len : sink;
		size_t room = *len < max ? (cap - *len < max - *len ?
					    cap - *len : max - *len) :
			sizeof sink;
		ssize_t r = read(fd, to, room);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			free(b);
			return errorf(err, EXIT_TEMPFAIL, "cannot read the "
				      "message: %s", strerror(errno));
		}
		if (r == 0)
			break;
		*total += (size_t)r;
		if (to != sink) {
			*len += (size_t)r;
			if (*len == cap && cap < max) {
				cap = cap * 2 < max ? cap * 2 : max;
				b = xrealloc(b, cap + 1);
			}
		}
	}
	b[*len] = '\0';
	*buf = b;
	return 0;
}

/* The message at fd, read within the judge's limit and dealt with; one
 * over it is logged and dropped, and answered if a party sent it
 * (judge_too_large). */
int judge_fd(struct judge *j, int fd, const char *name, const char *note,
	     struct error *err)
{
	char *buf;
	size_t len, total, max = mail_message_max(JUDGE_MAX_FILE);
	if (read_bounded(fd, max, &buf, &len, &total, err))
		return -1;
	int rc = judge_received(j, buf, len, total, name, note, err);
	free(buf);
	return rc;
}

int judge_received(struct judge *j, const char *buf, size_t len,
		   size_t total, const char *name, const char *note,
		   struct error *err)
{
	size_t max = mail_message_max(JUDGE_MAX_FILE);
	int rc = 0;
	if (total > len) {
		struct outcome o;
		memset(&o, 0, sizeof o);
		o.size = total;
		say(&o, FATE_DROPPED, "too large: more than %zu bytes (a "
		    "message carrying a file of %u bytes); not kept", max,
		    JUDGE_MAX_FILE);
		/* its header block read: a party's told at its address */
		if (judge_too_large(j, buf, len, &o, err)) {
			say(&o, FATE_RETRY, "%s", err->msg);
			strbuf_adds(&o.notes, " (left to the mail system to "
				    "deliver again)");
			rc = -1;
		}
		log_line(j, name, &o);
		outcome_free(&o);
	} else {
		rc = judge_buffer(j, buf, len, name, note, err);
	}
	return rc;
}

static int make_dir(const char *path, struct error *err)
{
	if (mkdir(path, 0700) != 0 && errno != EEXIST)
		return errorf(err, EXIT_TEMPFAIL, "cannot make directory %s: "
			      "%s", path, strerror(errno));
	return 0;
}

/* One message on stdin. It is not copied anywhere first: until the
 * judge exits 0 the mail system keeps it (a judge killed on the way, or
 * exiting 75, gets it again). */
static int judge_stdin(struct judge *j, struct error *err)
{
	struct strbuf n = STRBUF_INIT;
	unique_name(j, &n);
	int rc = judge_fd(j, 0, n.buf, NULL, err);
	strbuf_free(&n);
	return rc;
}

/* What a judge killed before it was done left in dir (spool/: a
 * letter's temporary file, never a letter): every file of dir
 * (only_tmp: every ".tmp-" file) whose name's TIME.PID_N part names a
 * process that is gone. */
static void sweep_dead(const struct judge *j, const char *dir,
		       int only_tmp)
{
	struct strbuf d = STRBUF_INIT, p = STRBUF_INIT;
	strbuf_addf(&d, "%s/%s", j->games, dir);
	DIR *dh = opendir(d.buf);
	struct dirent *e;
	while (dh && (e = readdir(dh))) {
		const char *nm = e->d_name, *u = strstr(nm, ".umpire");
		if (nm[0] == '.' || !u || (only_tmp && !strstr(nm, ".tmp-")))
			continue;
		/* back from ".umpire" over _N and PID to the '.' */
		const char *q = u;
		while (q > nm && q[-1] != '_')
			q--;
		const char *end = q > nm ? q - 1 : nm;
		const char *pid = end;
		while (pid > nm && pid[-1] >= '0' && pid[-1] <= '9')
			pid--;
		if (pid == end || pid == nm || pid[-1] != '.')
			continue;
		long n = strtol(pid, NULL, 10);
		if (n <= 0 || n == (long)getpid() ||
		    kill((pid_t)n, 0) == 0 || errno != ESRCH)
			continue;
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/%s", d.buf, nm);
		unlink(p.buf);
	}
	if (dh)
		closedir(dh);
	strbuf_free(&d);
	strbuf_free(&p);
}

/* umpire judge --tick: what the Maildir holds (maildir: NULL for none)
 * taken first, waiting for a message a live run holds, so that orders
 * delivered before a deadline are adjudicated before a clock says they
 * are late; the clocks are kept only when every message was dealt
 * with (else a side would be late for the host's fault). */
static int judge_tick(struct judge *j, const char *maildir,
		      struct error *err)
{
	if (maildir && judge_maildir(j, maildir, 1, err) != 0) {
		struct outcome o;
		memset(&o, 0, sizeof o);
		say(&o, FATE_RETRY, "tick: the clocks not kept: a message of "
		    "the Maildir %s could not be dealt with: %s (the next "
		    "tick tries again)", maildir, err->msg);
		log_line(j, "tick", &o);
		outcome_free(&o);
		return -1;
	}
	return judge_tick_all(j, err);
}

/* A judge that cannot start: the host's mistake, never the sender's.
 * The message stays with the mail system (exit 75: it is delivered
 * again once the host has mended it) and the log says what to mend. */
static int cannot_start(struct judge *j, const struct error *why,
			struct error *err)
{
	struct outcome o;
	memset(&o, 0, sizeof o);
	say(&o, FATE_RETRY, "the judge cannot start: %s (the message is "
	    "left to the mail system to deliver again; umpire judge --check "
	    "tests the set-up)", why->msg);
	log_line(j, "-", &o);
	outcome_free(&o);
	*err = *why;
	err->status = EXIT_TEMPFAIL;
	return -1;
}

int judge_run(const struct cli *cli, const struct judge_settings *s,
	      struct error *err)
{
	struct judge j;
	struct strbuf failed = STRBUF_INIT, spool = STRBUF_INIT;
	int rc = -1;
	memset(&j, 0, sizeof j);
	j.cli = cli;
	j.games = s->games;
	j.outbox = s->outbox;
	j.sendmail = s->sendmail;
	j.from = cli->cfg.address;
	j.accept_new = s->accept_new;
	j.answers_a_day = s->answers_a_day;
	j.answers_a_step = s->answers_a_step;
	j.failed_max = s->failed_max;
	j.failed_bytes = s->failed_bytes;
	j.new_games_max = s->new_games_max;
	j.new_game_bytes = s->new_game_bytes;
	j.new_idle = s->new_idle;
	j.quiet = s->tick;
	strbuf_addf(&failed, "%s/failed", j.games);
	strbuf_addf(&spool, "%s/spool", j.games);
	struct error why;
	if (make_dir(j.games, &why) || make_dir(failed.buf, &why) ||
	    make_dir(spool.buf, &why) ||
	    judge_key(s->seckey, &j.sk, &why)) {
		/* no log without a games directory: the mail system's
		 * own says it, from stderr */
		if (access(j.games, W_OK) == 0)
			rc = cannot_start(&j, &why, err);
		else
			*err = why, err->status = EXIT_TEMPFAIL;
		goto out;
	}
	seckey_pubkey(j.sk, &j.pk);
	sweep_dead(&j, "spool", 1);
	if (s->tick)
		rc = judge_tick(&j, s->maildir, err);
	else if (s->maildir)
		rc = judge_maildir(&j, s->maildir, 0, err);
	else if (s->lmtp)
		rc = judge_lmtp(&j, s->lmtp, s->lmtp_timeout, err);
	else
		rc = judge_stdin(&j, err);
out:
	strbuf_free(&failed);
	strbuf_free(&spool);
	seckey_free(j.sk);
	return rc;
}
