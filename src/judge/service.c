/*
 * service.c - umpire judge as the mail system runs it (judge_run): its
 * key, its games directory, what a killed run left swept, then the
 * front end asked for: one message on stdin (here), a Maildir's
 * (maildir.c), LMTP (lmtp.c) or the clocks (tick.c). The layers below
 * are mapped in store.h.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/memo.h"
#include "intake.h"
#include "front.h"

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
		judge_log(j, "tick", &o);
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
	judge_log(j, "-", &o);
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
	/* a run of many messages (LMTP, a Maildir, a tick) keeps what does
	 * not change between them: the scenarios, the sealing keys */
	struct cli many = *cli;
	many.memo = s->tick || s->maildir || s->lmtp ? memo_new() : NULL;
	memset(&j, 0, sizeof j);
	j.cli = &many;
	j.games = s->games;
	j.outbox = s->outbox;
	j.sendmail = s->sendmail;
	j.from = cli->cfg.address;
	j.delim = s->delim;
	j.club = s->club;
	j.rcpt = s->recipient;
	j.accept_new = s->accept_new;
	j.answers_a_day = s->answers_a_day;
	j.answers_a_step = s->answers_a_step;
	j.failed_max = s->failed_max;
	j.failed_bytes = s->failed_bytes;
	j.new_games_max = s->new_games_max;
	j.new_game_bytes = s->new_game_bytes;
	j.new_idle = s->new_idle;
	j.new_a_key = s->new_a_key;
	j.new_an_address = s->new_an_address;
	j.new_over = s->new_over;
	j.confirm = s->confirm;
	j.host_address = s->host_address;
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
		rc = judge_lmtp(&j, s->lmtp, s->lmtp_timeout,
				s->lmtp_workers, err);
	else
		rc = judge_stdin(&j, err);
out:
	strbuf_free(&failed);
	strbuf_free(&spool);
	seckey_free(j.sk);
	memo_free(many.memo);
	return rc;
}
