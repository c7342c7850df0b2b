/*
 * maildir.c - umpire judge --maildir DIR (umpire(1), JUDGE): every
 * message of a Maildir, each taken by exactly one of the judges sharing
 * it, and none lost to a judge that died holding it.
 *
 * A run takes a message of new/ by opening it, holding flock(2) on it
 * and renaming it to cur/NAME:2, (no flag); it keeps the lock while it
 * deals with the message and until it has renamed it to cur/NAME:2,S
 * (S: done). The lock goes with its holder: a message in cur/ without
 * the S flag that nobody holds was taken by a judge that died before it
 * was done, and the next run (or tick) takes it again, before new/
 * (it came first). Taking one again is the same flock, then the check
 * that its unflagged name still names the file locked (a run that
 * finished it meanwhile renamed it): so exactly one run deals with it.
 *
 * A --maildir run tries each lock without waiting (a message another
 * run holds is that run's); a tick waits for it (every message taken
 * before the tick is dealt with before a clock is judged).
 */
#define _DEFAULT_SOURCE         /* flock(2) */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "letters.h"
#include "intake.h"
#include "front.h"

/* A message of new/: every name but dot files. */
static int not_dot(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

/* A message of cur/ without the S flag: its info ":2,FLAGS" lacks S
 * (what a judge that took it and died left, or what it holds now). */
static int unseen(const struct dirent *e)
{
	const char *n = e->d_name, *info = strchr(n, ':');
	return n[0] != '.' && info && !strncmp(info, ":2,", 3) &&
		!strchr(info + 3, 'S');
}

/* cur/NAME's name with the S flag added (flags in ASCII order), into
 * out. */
static void seen_name(const char *maildir, const char *name,
		      struct strbuf *out)
{
	const char *flags = strchr(name, ':') + 3;
	size_t k = 0;
	while (flags[k] && flags[k] < 'S')
		k++;
	strbuf_addf(out, "%s/cur/%.*sS%s", maildir,
		    (int)(flags - name) + (int)k, name, flags + k);
}

/* Whether path still names the file open at fd. */
static int names_fd(const char *path, int fd)
{
	struct stat a, b;
	return stat(path, &a) == 0 && fstat(fd, &b) == 0 &&
		a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* The message at src held by this run: open, locked (wait: until its
 * holder lets go; else only when nobody holds it) and, from new/,
 * renamed to took. 1 with *fd taken; 0 when another run has it (or
 * had it, and is done); -1 with err. */
static int take(const char *src, const char *took, int wait, int *fd,
		struct error *err)
{
	*fd = open(src, O_RDONLY | O_CLOEXEC);
	if (*fd < 0)
		return errno == ENOENT ? 0 : errorf(err, EXIT_TEMPFAIL,
			"cannot read %s: %s", src, strerror(errno));
	int got = -1;
	if (flock(*fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0)
		got = errno == EWOULDBLOCK ? 0 : errorf(err, EXIT_TEMPFAIL,
			"cannot lock %s: %s", src, strerror(errno));
	else if (!took)
		got = names_fd(src, *fd);
	else if (rename(src, took) == 0)
		got = 1;
	else
		got = errno == ENOENT ? 0 : errorf(err, EXIT_TEMPFAIL,
			"cannot move %s to %s: %s", src, took,
			strerror(errno));
	if (got != 1) {
		close(*fd);
		*fd = -1;
	}
	return got;
}

/* Every message of maildir/cur (again: those a dead judge left) or of
 * maildir/new, oldest name first, each taken, dealt with and flagged S;
 * one the judge could not deal with goes back to new/ for the next
 * run. 0, or -1 with err (the first failure; the rest still tried). */
static int pass(struct judge *j, const char *maildir, int again, int wait,
		struct error *err)
{
	struct strbuf dir = STRBUF_INIT;
	struct dirent **list;
	int rc = 0;
	strbuf_addf(&dir, "%s/%s", maildir, again ? "cur" : "new");
	int n = scandir(dir.buf, &list, again ? unseen : not_dot, alphasort);
	if (n < 0) {
		rc = errorf(err, EXIT_TEMPFAIL, "cannot read Maildir %s: %s",
			    dir.buf, strerror(errno));
		strbuf_free(&dir);
		return rc;
	}
	for (int i = 0; i < n; i++) {
		struct strbuf src = STRBUF_INIT, took = STRBUF_INIT,
			      done = STRBUF_INIT, back = STRBUF_INIT,
			      base = STRBUF_INIT;
		const char *name = list[i]->d_name;
		struct error e;
		int fd, got;
		strbuf_add(&base, name, strcspn(name, ":"));
		strbuf_addf(&src, "%s/%s", dir.buf, name);
		strbuf_addf(&back, "%s/new/%s", maildir, base.buf);
		if (again) {
			seen_name(maildir, name, &done);
		} else {
			strbuf_addf(&took, "%s/cur/%s:2,", maildir, base.buf);
			strbuf_addf(&done, "%s/cur/%s:2,S", maildir,
				    base.buf);
		}
		const char *at = again ? src.buf : took.buf;
		got = take(src.buf, again ? NULL : took.buf, wait, &fd, &e);
		if (got < 0) {
			if (rc == 0)
				*err = e;
			rc = -1;
		} else if (got && judge_fd(j, fd, base.buf, again ?
					   "; taken again: a judge that "
					   "died had taken it (in cur/ "
					   "without the S flag)" : NULL,
					   &e) != 0) {
			if (rc == 0)
				*err = e;
			rc = -1;
			/* back for the next run */
			rename(at, back.buf);
		} else if (got && rename(at, done.buf) != 0 && rc == 0) {
			rc = errorf(err, EXIT_TEMPFAIL, "cannot move %s to %s: "
				    "%s", at, done.buf, strerror(errno));
		}
		if (fd >= 0)
			close(fd);      /* after the S flag: let go */
		strbuf_free(&src);
		strbuf_free(&took);
		strbuf_free(&done);
		strbuf_free(&back);
		strbuf_free(&base);
		free(list[i]);
	}
	free(list);
	strbuf_free(&dir);
	return rc;
}

int judge_maildir(struct judge *j, const char *maildir, int wait,
		  struct error *err)
{
	struct error e;
	/* a message is flagged S once its step and its letters are
	 * durable (the letters in spool/); the letters go out at the end */
	j->hold_letters = 1;
	int rc = pass(j, maildir, 1, wait, err);
	if (pass(j, maildir, 0, wait, rc ? &e : err) != 0)
		rc = -1;
	j->hold_letters = 0;
	judge_send_spooled(j);
	return rc;
}

int maildir_left(const char *maildir, struct strbuf *out,
		 struct error *err)
{
	struct strbuf dir = STRBUF_INIT, p = STRBUF_INIT;
	struct dirent **list;
	strbuf_addf(&dir, "%s/cur", maildir);
	int n = scandir(dir.buf, &list, unseen, alphasort), left = 0;
	if (n < 0)
		left = errorf(err, EXIT_TEMPFAIL, "cannot read Maildir %s: "
			      "%s", dir.buf, strerror(errno));
	for (int i = 0; i < n; i++) {
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/%s", dir.buf, list[i]->d_name);
		/* held by a live run: a shared lock is refused at once (and
		 * one taken is let go at once) */
		int fd = open(p.buf, O_RDONLY | O_CLOEXEC);
		if (fd >= 0 && flock(fd, LOCK_SH | LOCK_NB) == 0) {
			strbuf_addf(out, "%s\n", p.buf);
			left++;
		}
		if (fd >= 0)
			close(fd);
		free(list[i]);
	}
	if (n >= 0)
		free(list);
	strbuf_free(&dir);
	strbuf_free(&p);
	return left;
}
