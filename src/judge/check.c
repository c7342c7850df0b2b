/*
 * check.c - the judge's set-up, and the games it keeps, for its owner.
 *
 * umpire judge --check makes the test of the referee key every run
 * makes and that of GMime every message needing it makes (store.c's
 * judge_key, judge_gmime), and the other tests of README.md
 * "Running a judge" without a message and without writing anything
 * (and postfix.c's, where postfix is installed);
 * umpire judge --status says a line a game kept; both name the messages
 * a judge that died left in the Maildir's cur/ (maildir.c).
 */
#include <dirent.h>
#include <errno.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "umpire/fsutil.h"
#include "umpire/gmime_dl.h"
#include "umpire/mail.h"
#include "umpire/clock.h"
#include "umpire/json.h"
#include "intake.h"
#include "front.h"
#include "entries.h"

/* ---- umpire judge --check ---- */

static void line(const struct cli *cli, const char *what, int ok,
		 const struct strbuf *say, int *failed)
{
	fprintf(cli->out, "%-9s %s%s\n", what, ok ? "ok: " : "FIX: ",
		say->buf ? say->buf : "");
	if (!ok)
		*failed = 1;
}

/* The user's name for messages: "uid 1001 (judge)". */
static void user_name(uid_t uid, struct strbuf *out)
{
	struct passwd *pw = getpwuid(uid);
	strbuf_addf(out, "uid %ld%s%s%s", (long)uid, pw ? " (" : "",
		    pw ? pw->pw_name : "", pw ? ")" : "");
}

static int check_games(const struct judge_settings *s, struct strbuf *say)
{
	struct stat st;
	if (!s->games) {
		strbuf_adds(say, "no games directory: give --games DIR, or "
			    "set games under [judge] in the config file");
		return 0;
	}
	if (stat(s->games, &st) != 0) {
		/* made by the first run, mode 0700, if its parent lets */
		char *parent = xstrdup(s->games);
		char *slash = strrchr(parent, '/');
		if (slash == parent)
			slash[1] = '\0';
		else if (slash)
			*slash = '\0';
		int can = errno == ENOENT &&
			access(slash ? parent : ".", W_OK | X_OK) == 0;
		if (can)
			strbuf_addf(say, "%s does not exist yet; the first "
				    "run makes it (mode 0700)", s->games);
		else
			strbuf_addf(say, "%s: %s, and it cannot be made "
				    "there: mkdir -m 700 %s as the judge's "
				    "user", s->games, strerror(errno),
				    s->games);
		free(parent);
		return can;
	}
	if (!S_ISDIR(st.st_mode)) {
		strbuf_addf(say, "%s is not a directory", s->games);
		return 0;
	}
	if (access(s->games, W_OK | X_OK) != 0) {
		strbuf_addf(say, "%s is not writable by this user: chown it "
			    "to the judge's user", s->games);
		return 0;
	}
	if (st.st_mode & 077) {
		/* its games hold what the parties may not see */
		strbuf_addf(say, "%s: mode %03o: others may read the games "
			    "(whole, hidden information and all): chmod 700 "
			    "%s", s->games, (unsigned)(st.st_mode & 0777),
			    s->games);
		return 0;
	}
	strbuf_addf(say, "%s, mode %03o", s->games,
		    (unsigned)(st.st_mode & 0777));
	return 1;
}

/* Whether the games kept each have a short id of their own (route.c:
 * a game's address and subject tag name its id's first 8 hex digits),
 * into say; -1 when the games directory cannot be read. */
static int check_short_ids(const char *games, struct strbuf *say)
{
	struct dirent **list;
	int n = games ? scandir(games, &list, judge_game_file, alphasort) :
		-1, clashes = 0;
	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		if (i && !strncmp(list[i - 1]->d_name, list[i]->d_name, 8)) {
			if (!clashes++)
				strbuf_adds(say, "games kept with one short id, "
					    "which their address and subject "
					    "tag cannot tell apart (mail to it "
					    "is routed by the full id its file "
					    "names): ");
			else
				strbuf_adds(say, "; ");
			strbuf_addf(say, "%.*s and %.*s", GAME_ID_HEX,
				    list[i - 1]->d_name, GAME_ID_HEX,
				    list[i]->d_name);
		}
	}
	for (int i = 0; i < n; i++)
		free(list[i]);
	free(list);
	if (clashes)
		strbuf_adds(say, ": move all but one of each to another "
			    "judge (its files and the mail system's route)");
	else
		strbuf_addf(say, "%d game%s, each its own short id", n,
			    n == 1 ? "" : "s");
	return !clashes;
}

/* Whether the first word of cmd names an executable file (on PATH when
 * it has no '/'), into say. */
static int check_sendmail(const char *cmd, struct strbuf *say)
{
	size_t k = strcspn(cmd, " \t");
	char *prog = xstrdup(cmd);
	prog[k] = '\0';
	struct strbuf p = STRBUF_INIT;
	int ok = 0;
	if (strchr(prog, '/')) {
		strbuf_adds(&p, prog);
		ok = access(prog, X_OK) == 0;
	} else if (*prog) {
		const char *path = getenv("PATH");
		char *dirs = xstrdup(path ? path : "/usr/bin:/bin");
		for (char *d = strtok(dirs, ":"); d && !ok;
		     d = strtok(NULL, ":")) {
			strbuf_reset(&p);
			strbuf_addf(&p, "%s/%s", *d ? d : ".", prog);
			ok = access(p.buf, X_OK) == 0;
		}
		free(dirs);
	}
	struct stat st;
	if (ok && (stat(p.buf, &st) != 0 || !S_ISREG(st.st_mode)))
		ok = 0;
	if (ok)
		strbuf_addf(say, "letters go to '%s' (%s)", cmd, p.buf);
	else
		strbuf_addf(say, "the sendmail command '%s': %s is no "
			    "executable file: install the mail system's "
			    "sendmail, or give the command with --sendmail CMD "
			    "or sendmail under [umpire]", cmd,
			    *prog ? prog : "(empty)");
	free(prog);
	strbuf_free(&p);
	return ok;
}

static int check_outbox(const char *outbox, struct strbuf *say)
{
	static const char *const sub[] = { "tmp", "new" };
	struct strbuf p = STRBUF_INIT;
	int ok = 1;
	for (size_t i = 0; i < 2 && ok; i++) {
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/%s", outbox, sub[i]);
		ok = access(p.buf, W_OK | X_OK) == 0;
	}
	if (ok)
		strbuf_addf(say, "letters go to the Maildir %s", outbox);
	else
		strbuf_addf(say, "the outbox %s is no Maildir this user may "
			    "write (%s: %s): mkdir -p %s/tmp %s/new %s/cur",
			    outbox, p.buf, strerror(errno), outbox, outbox,
			    outbox);
	strbuf_free(&p);
	return ok;
}

/* The Maildir the judge reads: one this user may take messages from,
 * with no message a judge that died left in its cur/. */
static int check_maildir(const char *maildir, struct strbuf *say)
{
	static const char *const sub[] = { "new", "cur", "tmp" };
	struct strbuf p = STRBUF_INIT, left = STRBUF_INIT;
	struct error e;
	int ok = 1;
	for (size_t i = 0; i < 3 && ok; i++) {
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/%s", maildir, sub[i]);
		ok = access(p.buf, W_OK | X_OK) == 0;
	}
	int n = ok ? maildir_left(maildir, &left, &e) : 0;
	if (!ok) {
		strbuf_addf(say, "the Maildir %s is no Maildir this user may "
			    "take messages from (%s: %s): mkdir -p %s/tmp "
			    "%s/new %s/cur", maildir, p.buf, strerror(errno),
			    maildir, maildir, maildir);
	} else if (n < 0) {
		strbuf_adds(say, e.msg);
		ok = 0;
	} else if (n > 0) {
		/* the paths, a line each, said on one line */
		for (size_t i = 0; i + 1 < left.len; i++)
			if (left.buf[i] == '\n')
				left.buf[i] = ' ';
		strbuf_addf(say, "%d message%s taken by a judge that died "
			    "before it was done (in cur/ without the S flag): "
			    "%.*s; the next umpire judge --maildir %s, or "
			    "--tick, takes %s again", n, n == 1 ? "" : "s",
			    (int)left.len - 1, left.buf, maildir,
			    n == 1 ? "it" : "them");
		ok = 0;
	} else {
		strbuf_addf(say, "messages come from the Maildir %s; none "
			    "left in its cur/ by a judge that died", maildir);
	}
	strbuf_free(&p);
	strbuf_free(&left);
	return ok;
}

static int check_address(const char *a, struct strbuf *say)
{
	char spec[MAIL_ADDR_MAX + 1];
	const char *why = "none is set";
	if (a && mail_addr_spec_of(a, spec, sizeof spec, &why) == 0) {
		strbuf_addf(say, "letters are from %s", a);
		return 1;
	}
	strbuf_addf(say, "the judge's address%s%s%s: %s: set address under "
		    "[umpire] to the one mail address the mail system pipes "
		    "to the judge (its letters' From:, where players mail "
		    "their orders)", a ? " '" : "", a ? a : "", a ? "'" : "",
		    why);
	return 0;
}

/* The pipe transport runs the judge as one user: the one who owns its
 * key and its games (a key owned by another user is either unreadable
 * or readable by more than its owner). */
static int check_owner(const struct judge_settings *s, struct strbuf *say)
{
	struct stat st;
	uid_t me = geteuid();
	const char *paths[] = { s->seckey, s->games };
	const char *names[] = { "the key", "the games directory" };
	int ok = 1;
	for (size_t i = 0; i < 2; i++) {
		if (!paths[i] || stat(paths[i], &st) != 0 || st.st_uid == me)
			continue;
		if (!ok)
			strbuf_adds(say, "; ");
		strbuf_addf(say, "%s %s is owned by ", names[i], paths[i]);
		user_name(st.st_uid, say);
		strbuf_adds(say, ", not by this user, ");
		user_name(me, say);
		strbuf_addf(say, ": run the judge as its owner (the pipe "
			    "transport's user=), or chown it");
		ok = 0;
	}
	if (ok) {
		strbuf_adds(say, "this user, ");
		user_name(me, say);
		strbuf_adds(say, ", owns the key and the games (run the judge "
			    "as this user)");
	}
	return ok;
}

int judge_check(const struct cli *cli, const struct judge_settings *s,
		struct error *err)
{
	struct strbuf say = STRBUF_INIT;
	struct error e;
	int failed = 0;
	int ok = judge_key(s->seckey, NULL, &e) == 0;
	if (ok)
		strbuf_addf(&say, "%s, mode 0600, no passphrase", s->seckey);
	else
		strbuf_adds(&say, e.msg);
	line(cli, "key", ok, &say, &failed);
	strbuf_reset(&say);
	line(cli, "games", check_games(s, &say), &say, &failed);
	strbuf_reset(&say);
	if ((ok = check_short_ids(s->games, &say)) >= 0)
		line(cli, "short ids", ok, &say, &failed);
	strbuf_reset(&say);
	if (s->outbox)
		line(cli, "outbox", check_outbox(s->outbox, &say), &say,
		     &failed);
	else
		line(cli, "sendmail", check_sendmail(s->sendmail, &say), &say,
		     &failed);
	strbuf_reset(&say);
	if (s->maildir) {
		line(cli, "maildir", check_maildir(s->maildir, &say), &say,
		     &failed);
		strbuf_reset(&say);
	}
	line(cli, "address", check_address(cli->cfg.address, &say), &say,
	     &failed);
	strbuf_reset(&say);
	line(cli, "owner", check_owner(s, &say), &say, &failed);
	/* loaded as a message makes the judge load it, not merely looked
	 * for: a file there that will not load is no library */
	strbuf_reset(&say);
	ok = judge_gmime(NULL, &e) == 0;
	if (ok)
		strbuf_addf(&say, "%s loads (GMime 3: the judge reads and "
			    "writes mail with it)", GMIME_SONAME);
	else
		strbuf_adds(&say, e.msg);
	line(cli, "gmime", ok, &say, &failed);
	/* where postfix is installed and set up, that it runs the judge
	 * on the address's mail (not when the judge reads a Maildir) */
	strbuf_reset(&say);
	ok = s->unrouted || s->maildir ? -1 :
		judge_postfix_check(cli->cfg.address, &say);
	if (ok >= 0)
		line(cli, "postfix", ok, &say, &failed);
	/* and that a game's own address reaches it (route.c) */
	strbuf_reset(&say);
	if (ok >= 0 && (ok = judge_postfix_delim(s->delim, &say)) >= 0)
		line(cli, "delimiter", ok, &say, &failed);
	strbuf_free(&say);
	if (failed)
		return errorf(err, EXIT_REFUSED, "the judge's set-up has "
			      "something to fix (the FIX lines above)");
	return 0;
}

/* ---- umpire judge --status ---- */

/* How many letters of game id wait in spool/. */
static size_t spooled(const struct judge *j, const char *id)
{
	struct strbuf d = STRBUF_INIT;
	strbuf_addf(&d, "%s/spool", j->games);
	DIR *dh = opendir(d.buf);
	struct dirent *e;
	size_t n = 0;
	while (dh && (e = readdir(dh))) {
		size_t k = strlen(e->d_name);
		n += !strncmp(e->d_name, id, GAME_ID_HEX) && k > 4 &&
			!strcmp(e->d_name + k - 4, ".eml");
	}
	if (dh)
		closedir(dh);
	strbuf_free(&d);
	return n;
}

/* The fields of a game's line (and of its JSON object). */
struct game_line {
	const char *scenario, *waiting, *unjoined;
	size_t steps;
	int read, over, timed, late;
	time_t since, deadline;
	struct strbuf why, result, notes;
};

static void game_read(const struct judge *j, const char *id,
		      struct game_line *l)
{
	struct strbuf p = STRBUF_INIT;
	struct game g;
	struct error e;
	int fd = -1;
	/* under the game's lock: never a step half written in place (a
	 * journal a killed judge left is applied first: gamestore.h);
	 * read as it is when the lock cannot be had */
	if (lock_game(j, id, &fd, &e) && fd >= 0) {
		close(fd);
		fd = -1;
	}
	game_path(j, id, ".yaml", &p);
	if (load_game(judge_loader(j), p.buf, GAME_PARSE_CHECKPOINTS, &g,
		      &e)) {
		strbuf_addf(&l->why, "cannot be read: %s", e.msg);
		strbuf_free(&p);
		if (fd >= 0)
			close(fd);
		return;
	}
	l->read = 1;
	l->scenario = xstrdup(g.scn.id);
	l->steps = g.n_steps;
	const char *who = game_unjoined(&g);
	if (who) {
		l->unjoined = xstrdup(who);
	} else {
		/* as letters_of_state reads it: from the checkpoints */
		struct run run;
		g.checkpoints = CHECKPOINTS_USE;
		if (game_check(&g, CHECK_LIGHT, NULL, &run, &e)) {
			strbuf_addf(&l->why, "does not check: %s", e.msg);
		} else {
			struct clock_status cs;
			if (run.outcome == RUN_PENDING) {
				l->waiting = xstrdup(run.pending.role);
			} else {
				l->over = 1;
				if (!clock_result(&g, &l->result))
					g.scn.rs->result(run.state,
							 &l->result);
				l->result.len = strcspn(l->result.buf ?
					l->result.buf : "", "\n");
				if (l->result.buf)
					l->result.buf[l->result.len] = '\0';
			}
			clock_status(&g, l->waiting, &cs);
			l->timed = cs.timed;
			l->late = cs.late;
			l->since = cs.since;
			l->deadline = cs.deadline;
			engine_free(&run);
		}
	}
	bounces_say(j, &g, &l->notes);
	size_t n = spooled(j, id);
	if (n)
		strbuf_addf(&l->notes, "; %zu letter%s waiting in spool/", n,
			    n == 1 ? "" : "s");
	game_free(&g);
	strbuf_free(&p);
	if (fd >= 0)
		close(fd);
}

static void line_free(struct game_line *l)
{
	free((char *)l->scenario);
	free((char *)l->waiting);
	free((char *)l->unjoined);
	strbuf_free(&l->why);
	strbuf_free(&l->result);
	strbuf_free(&l->notes);
}

static void game_status(const struct game_line *l, const char *id,
			struct strbuf *out)
{
	char a[21], b[21];
	strbuf_addf(out, "%.8s ", id);
	if (!l->read) {
		strbuf_adds(out, l->why.buf);
		return;
	}
	strbuf_addf(out, "%s: %zu step%s, ", l->scenario, l->steps,
		    l->steps == 1 ? "" : "s");
	if (l->unjoined)
		strbuf_addf(out, "waiting for %s to join", l->unjoined);
	else if (l->why.len)
		strbuf_adds(out, l->why.buf);
	else if (l->waiting)
		strbuf_addf(out, "%s to move", l->waiting);
	else
		strbuf_addf(out, "over: %s", l->result.buf ?
			    l->result.buf : "");
	if (l->timed) {
		clock_time_str(l->since, a);
		clock_time_str(l->deadline, b);
		strbuf_addf(out, " since %s, deadline %s%s", a, b,
			    l->late ? " (late)" : "");
	}
	if (l->notes.len)
		strbuf_add(out, l->notes.buf, l->notes.len);
}

static void game_json(const struct game_line *l, const char *id,
		      struct json *js)
{
	char a[21];
	json_begin_object(js);
	json_kstring(js, "game", id);
	json_kstring(js, "scenario", l->read ? l->scenario : NULL);
	json_kint(js, "steps", (long long)l->steps);
	json_kstring(js, "waiting_for_join", l->unjoined);
	json_kstring(js, "waiting_on", l->waiting);
	clock_time_str(l->since, a);
	json_kstring(js, "since", l->timed ? a : NULL);
	clock_time_str(l->deadline, a);
	json_kstring(js, "deadline", l->timed ? a : NULL);
	json_key(js, "late");
	json_bool(js, l->late);
	json_key(js, "over");
	json_bool(js, l->over);
	json_kstring(js, "result", l->over ? l->result.buf ?
		     l->result.buf : "" : NULL);
	json_kstring(js, "error", l->why.len ? l->why.buf : NULL);
	/* "; letters undeliverable: ...; N letters waiting in spool/" */
	json_kstring(js, "notes", l->notes.len ? l->notes.buf + 2 : NULL);
	json_end_object(js);
}

/* The messages of the Maildir a judge that died left in its cur/, a
 * line each (nothing when there are none). */
static void maildir_status(const struct cli *cli, const char *maildir)
{
	struct strbuf left = STRBUF_INIT;
	struct error e;
	if (maildir_left(maildir, &left, &e) < 0)
		fprintf(cli->out, "maildir  %s\n", e.msg);
	for (char *p = left.buf, *nl; p && (nl = strchr(p, '\n'));
	     p = nl + 1)
		fprintf(cli->out, "maildir  %.*s: taken by a judge that died "
			"before it was done; the next --maildir run or "
			"--tick takes it again\n", (int)(nl - p), p);
	strbuf_free(&left);
}

int judge_status(const struct cli *cli, const struct judge_settings *s,
		 struct error *err)
{
	struct judge j;
	struct dirent **list;
	struct strbuf js = STRBUF_INIT;
	struct json jw;
	memset(&j, 0, sizeof j);
	j.cli = cli;
	j.games = s->games;
	int n = scandir(j.games, &list, judge_game_file, alphasort);
	if (n < 0)
		return errorf(err, EXIT_USAGE, "cannot read the games "
			      "directory %s: %s", j.games, strerror(errno));
	json_init(&jw, &js);
	if (s->json)
		json_begin_array(&jw);
	for (int i = 0; i < n; i++) {
		struct strbuf l = STRBUF_INIT;
		struct game_line gl;
		char id[GAME_ID_HEX + 1];
		memset(&gl, 0, sizeof gl);
		snprintf(id, sizeof id, "%.*s", GAME_ID_HEX, list[i]->d_name);
		game_read(&j, id, &gl);
		if (s->json) {
			game_json(&gl, id, &jw);
		} else {
			game_status(&gl, id, &l);
			fprintf(cli->out, "%s\n", l.buf);
		}
		line_free(&gl);
		strbuf_free(&l);
		free(list[i]);
	}
	free(list);
	if (s->json) {
		json_end_array(&jw);
		json_finish(&jw);
		fputs(js.buf, cli->out);
	} else if (s->maildir) {
		maildir_status(cli, s->maildir);
	}
	strbuf_free(&js);
	return 0;
}
