/*
 * postfix.c - the judge and postfix (README.md, "Running a judge"):
 * umpire judge --postfix ADDRESS prints the commands that make postfix
 * pipe ADDRESS's mail to this judge, and with --apply runs them; the
 * test of that routing umpire judge --check makes where postfix is
 * installed.
 *
 * What is written: a pipe transport "umpire" in master.cf (postconf -M)
 * running, as the user who owns the judge's key (pipe(8) passes no HOME:
 * that user's home is given), the program running now (/proc/self/exe:
 * /usr/bin/umpire from the Debian package) with --config naming the
 * config file read (absolute) and --recipient ${original_recipient};
 * the map DIR/umpire-transport holding
 * the one line "ADDRESS umpire:" (postmap), named first in
 * transport_maps (the maps there kept after it); one recipient a
 * delivery and 2 deliveries at once (postconf -e), then postfix reload
 * when it runs. Run again, the same commands make the same files.
 * postfix's own MAIL_CONFIG names another instance's configuration
 * directory (postconf -c DIR).
 *
 * With --lmtp SOCKET, the judge that stays (lmtp.c): the transport
 * "umpire" is postfix's lmtp(8) instead of a pipe, POSTFIX_LMTP
 * deliveries at once to a judge, a connection each (none cached: within
 * the JUDGE_LMTP_PEER the server serves from one peer, with room for
 * one closing as the next opens; postfix's default of 20 would be told
 * 421 past them, and its mail deferred), and the map's line
 * "ADDRESS umpire:unix:SOCKET" (umpire:inet:HOST:PORT over TCP), SOCKET named from postfix's queue
 * directory when it is in it (lmtp(8) runs there); no user is written:
 * the server runs as its unit's user.
 */
#define _XOPEN_SOURCE 700       /* realpath(3) */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "store.h"
#include "entries.h"

/* The transport's name in master.cf, and how many judges at once (the
 * README's "Under a flood": a club's small machine). */
#define POSTFIX_SERVICE "umpire"
#define POSTFIX_CONCURRENCY 2
/* deliveries at once over LMTP: half what the server takes from one
 * peer (lmtp.c), as it deals with one message at a time anyway */
#define POSTFIX_LMTP (JUDGE_LMTP_PEER / 2)

/* The path of postfix's tool name (in /usr/sbin, not on a user's PATH
 * on Debian, else on PATH) into path; 0 when there is none. */
static int postfix_tool(const char *name, struct strbuf *path)
{
	strbuf_reset(path);
	strbuf_addf(path, "/usr/sbin/%s", name);
	if (access(path->buf, X_OK) == 0)
		return 1;
	const char *p = getenv("PATH");
	char *dirs = xstrdup(p ? p : "/usr/bin:/bin");
	int ok = 0;
	for (char *d = strtok(dirs, ":"); d && !ok; d = strtok(NULL, ":")) {
		strbuf_reset(path);
		strbuf_addf(path, "%s/%s", *d ? d : ".", name);
		ok = access(path->buf, X_OK) == 0;
	}
	free(dirs);
	return ok;
}

/* Run argv (its stdin /dev/null, its stderr dropped), its stdout into
 * out without the last line end. Its exit status, or -1. */
static int run_capture(char *const argv[], struct strbuf *out)
{
	int fds[2];
	if (pipe(fds) != 0)
		return -1;
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		dup2(null, 0);
		dup2(null, 2);
		dup2(fds[1], 1);
		close(fds[0]);
		close(fds[1]);
		execv(argv[0], argv);
		_exit(127);
	}
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		return -1;
	}
	char buf[4096];
	ssize_t n;
	while ((n = read(fds[0], buf, sizeof buf)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		strbuf_add(out, buf, (size_t)n);
	}
	close(fds[0]);
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	while (out->len && out->buf[out->len - 1] == '\n')
		out->buf[--out->len] = '\0';
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* postconf's answer to -h PARAM (or -M SERVICE/unix when service),
 * into out: 0, or -1 when postconf failed. */
static int postconf(const char *tool, const char *flag, const char *what,
		    struct strbuf *out)
{
	char *argv[] = { (char *)tool, (char *)flag, (char *)what, NULL };
	strbuf_reset(out);
	return run_capture(argv, out) == 0 ? 0 : -1;
}

/* s quoted for sh(1): as it is when it holds only safe characters,
 * else in single quotes. */
static void sh_quote(struct strbuf *out, const char *s)
{
	if (*s && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopq"
		       "rstuvwxyz0123456789@%+=:,./_-") == strlen(s)) {
		strbuf_adds(out, s);
		return;
	}
	strbuf_addc(out, '\'');
	for (; *s; s++)
		if (*s == '\'')
			strbuf_adds(out, "'\\''");
		else
			strbuf_addc(out, *s);
	strbuf_addc(out, '\'');
}

/* Whether the list of maps (postfix's "a, b c") names map. */
static int maps_name(const char *maps, const char *map)
{
	size_t k = strlen(map);
	while (*maps) {
		maps += strspn(maps, ", \t\n");
		size_t n = strcspn(maps, ", \t\n");
		if (n == k && !strncmp(maps, map, k))
			return 1;
		maps += n;
	}
	return 0;
}

/* A user's name for the messages: "root", the name, or "uid N". */
static void name_of(uid_t uid, char *out, size_t size)
{
	struct passwd *pw = getpwuid(uid);
	if (pw)
		snprintf(out, size, "%s", pw->pw_name);
	else
		snprintf(out, size, "uid %u", (unsigned)uid);
}

/* The pipe's user is the key's owner, and it runs the judge with the
 * config and games named: path (what: "the judge's key") resolved as
 * the kernel would, into out, following a symbolic link only when root
 * owns it and the directory holding it, and going through directories
 * root or uid owns (uid -1: any), never another user's: a link or
 * directory another user owns would let that user choose what the
 * path names, and so whom the pipe runs as. *st: what it names
 * (lstat). 0, or -1 with err naming what is refused. */
static int trusted_path(const char *what, const char *path, uid_t uid,
			struct strbuf *out, struct stat *st,
			struct error *err)
{
	struct strbuf rest = STRBUF_INIT, next = STRBUF_INIT;
	char cwd[PATH_MAX], link[PATH_MAX], who[64], dir_who[64];
	uid_t dir_uid = 0;             /* "/" is root's */
	int hops = 0, rc = 0;
	if (*path != '/' && !getcwd(cwd, sizeof cwd))
		return errorf(err, EXIT_USAGE, "--postfix: %s %s: cannot tell "
			      "the working directory: %s", what, path,
			      strerror(errno));
	strbuf_addf(&rest, "%s%s%s", *path == '/' ? "" : cwd,
		    *path == '/' ? "" : "/", path);
	strbuf_reset(out);
	memset(st, 0, sizeof *st);
	st->st_mode = S_IFDIR;
	size_t at = 0;
	while (!rc) {
		at += strspn(rest.buf + at, "/");
		if (!rest.buf[at])
			break;
		size_t n = strcspn(rest.buf + at, "/");
		const char *c = rest.buf + at;
		at += n;
		if (n == 1 && c[0] == '.')
			continue;
		if (n == 2 && c[0] == '.' && c[1] == '.') {
			char *slash = strrchr(out->buf ? out->buf : "", '/');
			struct stat up;
			if (slash)
				out->len = (size_t)(slash - out->buf),
				out->buf[out->len] = '\0';
			/* (a directory checked on the way down) */
			dir_uid = lstat(out->len ? out->buf : "/", &up) == 0 ?
				up.st_uid : 0;
			continue;
		}
		strbuf_reset(&next);
		strbuf_addf(&next, "%s/%.*s", out->buf ? out->buf : "",
			    (int)n, c);
		if (lstat(next.buf, st) != 0) {
			rc = errorf(err, EXIT_USAGE, "--postfix: %s %s: %s: %s",
				    what, path, next.buf, strerror(errno));
			break;
		}
		name_of(st->st_uid, who, sizeof who);
		name_of(dir_uid, dir_who, sizeof dir_who);
		if (S_ISLNK(st->st_mode)) {
			ssize_t k = readlink(next.buf, link, sizeof link - 1);
			if (st->st_uid != 0 || dir_uid != 0)
				rc = errorf(err, EXIT_USAGE, "--postfix: %s %s: "
					    "%s is a symbolic link owned by %s "
					    "in a directory of %s: the pipe's "
					    "user is taken from what it names, "
					    "so only root's links in root's "
					    "directories are followed: name "
					    "the file itself", what, path,
					    next.buf, who, dir_who);
			else if (++hops > 40 || k <= 0)
				rc = errorf(err, EXIT_USAGE, "--postfix: %s %s: "
					    "%s: %s", what, path, next.buf,
					    k <= 0 ? strerror(errno) :
					    "too many symbolic links");
			if (rc)
				break;
			link[k] = '\0';
			/* the link's text, then what followed it */
			strbuf_reset(&next);
			strbuf_addf(&next, "%s/%s", link, rest.buf + at);
			strbuf_reset(&rest);
			strbuf_adds(&rest, next.buf);
			at = 0;
			if (*link == '/')
				strbuf_reset(out), dir_uid = 0;
			continue;
		}
		strbuf_adds(out, next.buf + (out->buf ? out->len : 0));
		dir_uid = st->st_uid;
		if (!rest.buf[at + strspn(rest.buf + at, "/")])
			break;          /* the object itself: the caller's */
		if (!S_ISDIR(st->st_mode))
			rc = errorf(err, EXIT_USAGE, "--postfix: %s %s: %s: %s",
				    what, path, out->buf, strerror(ENOTDIR));
		else if (st->st_uid != 0 && uid != (uid_t)-1 &&
			 st->st_uid != uid)
			rc = errorf(err, EXIT_USAGE, "--postfix: %s %s: the "
				    "directory %s is owned by %s, who could "
				    "put another file in its place: only "
				    "directories of root or of the pipe's "
				    "user are gone through", what, path,
				    out->buf, who);
	}
	if (!rc && !out->len)
		strbuf_adds(out, "/");
	strbuf_free(&rest);
	strbuf_free(&next);
	return rc;
}

/* The key, the config and the games the pipe runs the judge with, each
 * a trusted_path, the key a file its user owns (never root), the
 * config a file of that user or root, the games that user's directory:
 * else refused, naming which. *user: the key's owner; conf: the
 * config's path resolved. 0, or -1 with err. */
static int pipe_owner(const struct cli *cli, const struct judge_settings *s,
		      uid_t *user, struct strbuf *conf, struct error *err)
{
	struct strbuf p = STRBUF_INIT;
	struct stat st;
	char who[64], want[64];
	int rc = trusted_path("the judge's key", s->seckey, (uid_t)-1, &p,
			      &st, err);
	*user = st.st_uid;
	if (!rc)
		rc = trusted_path("the judge's key", s->seckey, *user, &p, &st,
				  err);
	name_of(st.st_uid, who, sizeof who);
	name_of(*user, want, sizeof want);
	if (!rc && !S_ISREG(st.st_mode))
		rc = errorf(err, EXIT_USAGE, "--postfix: the judge's key %s "
			    "(%s) is no file", s->seckey, p.buf);
	else if (!rc && *user == 0)
		rc = errorf(err, EXIT_USAGE, "--postfix: the judge's key %s "
			    "is owned by root: pipe(8) runs a command as a "
			    "user of its own, never as root: chown the key, "
			    "its config and the games to the judge's user",
			    s->seckey);
	if (!rc)
		rc = trusted_path("the config", cli->cfg.path, *user, conf,
				  &st, err);
	name_of(st.st_uid, who, sizeof who);
	if (!rc && (!S_ISREG(st.st_mode) ||
		    (st.st_uid != 0 && st.st_uid != *user)))
		rc = errorf(err, EXIT_USAGE, "--postfix: the config %s (%s) "
			    "is %s %s: the pipe runs as %s (the key's owner) "
			    "with it, so it must be a file of %s or root",
			    cli->cfg.path, conf->buf, S_ISREG(st.st_mode) ?
			    "owned by" : "no file, of", who, want, want);
	if (!rc && s->games)
		rc = trusted_path("the games directory", s->games, *user, &p,
				  &st, err);
	name_of(st.st_uid, who, sizeof who);
	if (!rc && s->games && (!S_ISDIR(st.st_mode) || st.st_uid != *user))
		rc = errorf(err, EXIT_USAGE, "--postfix: the games directory "
			    "%s (%s) is %s %s: the pipe runs as %s (the key's "
			    "owner), who must own it", s->games, p.buf,
			    S_ISDIR(st.st_mode) ? "owned by" :
			    "no directory, of", who, want);
	strbuf_free(&p);
	return rc;
}

/* What the commands are made of, decided before anything is printed. */
struct route {
	struct strbuf conf;        /* " -c DIR" or "" */
	struct strbuf dir;         /* postfix's configuration directory */
	struct strbuf map;         /* hash:DIR/umpire-transport */
	struct strbuf maps;        /* transport_maps as it will be */
	struct strbuf judge;       /* the pipe's command */
	struct strbuf user;        /* the key's owner, pipe(8)'s user= */
	struct strbuf next;        /* the map's nexthop: "umpire:", or
				      "lmtp:unix:SOCKET" */
};

static void route_free(struct route *r)
{
	strbuf_free(&r->conf);
	strbuf_free(&r->dir);
	strbuf_free(&r->map);
	strbuf_free(&r->maps);
	strbuf_free(&r->judge);
	strbuf_free(&r->user);
	strbuf_free(&r->next);
}

static int plan_route(const struct cli *cli, const struct judge_settings *s,
		      const char *address, struct route *r,
		      struct error *err)
{
	char spec[MAIL_ADDR_MAX + 1], exe[PATH_MAX], conf[PATH_MAX];
	const char *why = "";
	const char *has = cli->cfg.address;
	struct strbuf tool = STRBUF_INIT, out = STRBUF_INIT;
	if (mail_addr_spec_of(address, spec, sizeof spec, &why) != 0)
		return errorf(err, EXIT_USAGE, "--postfix '%s': %s: give the "
			      "judge's one mail address (judge@example.org)",
			      address, why);
	if (!cli->cfg.path)
		return errorf(err, EXIT_USAGE, "--postfix: no config file: "
			      "give the judge's with --config FILE (the pipe "
			      "runs the judge with it)");
	if (!has || strcmp(has, address))
		return errorf(err, EXIT_USAGE, "config file %s gives %s%s, "
			      "not %s: the judge's letters are from its "
			      "address (set address = %s under [umpire])",
			      cli->cfg.path, has ? "the address " :
			      "no address", has ? has : "", address, address);
	if (!realpath(cli->cfg.path, conf))
		return errorf(err, EXIT_USAGE, "%s: %s", cli->cfg.path,
			      strerror(errno));
	if (!s->seckey || access(s->seckey, F_OK) != 0)
		return errorf(err, EXIT_USAGE, "--postfix: the judge's key %s: "
			      "%s: make it first (umpire judge --init %s)",
			      s->seckey ? s->seckey : "(none set)",
			      s->seckey ? strerror(errno) : "set secret_key "
			      "under [umpire]", address);
	/* the program running now: the package's /usr/bin/umpire */
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return errorf(err, EXIT_USAGE, "--postfix: cannot tell which "
			      "program runs (/proc/self/exe: %s)",
			      strerror(errno));
	exe[n] = '\0';
	/* pipe(8) runs the judge as the user who owns its key; over LMTP
	 * no pipe runs it: the server runs as its unit says */
	uid_t uid = geteuid();
	struct strbuf real = STRBUF_INIT;
	if (!s->lmtp && pipe_owner(cli, s, &uid, &real, err)) {
		strbuf_free(&real);
		return -1;
	}
	if (real.len)
		str_copy(conf, sizeof conf, real.buf);
	strbuf_free(&real);
	struct passwd *pw = getpwuid(uid);
	if (!pw)
		return errorf(err, EXIT_USAGE, "--postfix: the judge's key %s "
			      "is owned by uid %u, which has no user: chown "
			      "it to the judge's user", s->seckey,
			      (unsigned)uid);
	strbuf_adds(&r->user, pw->pw_name);
	/* the recipient as the sender wrote it: a game's own address
	 * (judge+ID8) routes its message unread when no game here has it
	 * (route.c); pipe(8) expands the macro, one recipient a delivery */
	strbuf_addf(&r->judge, "/usr/bin/env HOME=%s %s judge --config %s "
		    "--recipient ${original_recipient}", pw->pw_dir, exe,
		    conf);
	/* postfix's configuration: MAIL_CONFIG's, else its default */
	const char *mc = getenv("MAIL_CONFIG");
	int have = postfix_tool("postconf", &tool);
	if (mc && *mc) {
		strbuf_adds(&r->conf, " -c ");
		sh_quote(&r->conf, mc);
		strbuf_adds(&r->dir, mc);
	} else if (have && postconf(tool.buf, "-h", "config_directory",
				    &out) == 0 && out.len) {
		strbuf_adds(&r->dir, out.buf);
	} else {
		strbuf_adds(&r->dir, "/etc/postfix");
	}
	strbuf_addf(&r->map, "hash:%s/umpire-transport", r->dir.buf);
	if (!s->lmtp) {
		strbuf_adds(&r->next, POSTFIX_SERVICE ":");
	} else if (!strncmp(s->lmtp, "inet:", 5)) {
		/* a judge on TCP (lmtp.c): lmtp(8) connects there */
		strbuf_addf(&r->next, POSTFIX_SERVICE ":%s", s->lmtp);
	} else {
		/* lmtp(8) reads a relative path from the queue directory */
		char sock[PATH_MAX];
		const char *path = s->lmtp;
		if (realpath(s->lmtp, sock))
			path = sock;
		if (*path != '/')
			return errorf(err, EXIT_USAGE, "--lmtp '%s': give the "
				      "socket's absolute path", s->lmtp);
		strbuf_reset(&out);
		if (have)
			postconf(tool.buf, "-h", "queue_directory", &out);
		size_t q = out.len;
		if (q && !strncmp(path, out.buf, q) && path[q] == '/')
			path += q + 1;
		strbuf_addf(&r->next, POSTFIX_SERVICE ":unix:%s", path);
	}
	/* the maps there stay, after the judge's */
	strbuf_reset(&out);
	if (have)
		postconf(tool.buf, "-h", "transport_maps", &out);
	if (out.len && maps_name(out.buf, r->map.buf))
		strbuf_adds(&r->maps, out.buf);
	else
		strbuf_addf(&r->maps, "%s%s%s", r->map.buf,
			    out.len ? ", " : "", out.len ? out.buf : "");
	strbuf_free(&tool);
	strbuf_free(&out);
	return 0;
}

/* The commands, as sh(1) runs them. */
/* The lines that put delim's first character (a game's address is
 * the judge's with it and the game's short id, route.c) among postfix's
 * recipient_delimiter, keeping what is there (postfix takes several):
 * nothing when it is there already, so that a second run changes
 * nothing. */
static void delim_script(const char *c, const char *delim,
			 struct strbuf *sh)
{
	char one[2] = { delim[0], '\0' };
	strbuf_addf(sh, "# each game's own address, the judge's with %c and "
		    "the game's short id,\n# needs %c in postfix's "
		    "recipient_delimiter (what is there is kept):\n"
		    "d=$(postconf%s -h recipient_delimiter)\ncase $d in *",
		    delim[0], delim[0], c);
	sh_quote(sh, one);
	strbuf_addf(sh, "*) ;; *) postconf%s -e \"recipient_delimiter = "
		    "$d\"", c);
	sh_quote(sh, one);
	strbuf_adds(sh, " ;; esac\n");
}

static void route_script(const struct route *r, const char *address,
			 const char *delim, struct strbuf *sh)
{
	const char *c = r->conf.buf ? r->conf.buf : "";
	struct strbuf v = STRBUF_INIT;
	int lmtp = r->next.buf[strlen(POSTFIX_SERVICE ":")] != '\0';
	int most = lmtp ? POSTFIX_LMTP : POSTFIX_CONCURRENCY;
	if (lmtp) {
		strbuf_addf(sh, "# postfix delivers %s's mail over LMTP to "
			    "the judge serving %s\n# (umpire judge --lmtp), %d "
			    "deliveries at once (umpire judge --postfix\n# "
			    "--lmtp, --apply runs these lines as root):\n",
			    address, r->next.buf + strlen(POSTFIX_SERVICE ":"),
			    most);
		/* lmtp(8) as postfix's own lmtp transport runs, not
		 * chrooted (the socket's path is the host's), keeping no
		 * connection open between deliveries (a cached one would
		 * be one more than the concurrency) */
		strbuf_adds(&v, POSTFIX_SERVICE "/unix=" POSTFIX_SERVICE
			    " unix - - n - - lmtp -o lmtp_connection_cache_"
			    "on_demand=no");
	} else {
		strbuf_addf(sh, "# postfix pipes %s's mail to the judge, as "
			    "%s (the owner of its key),\n# one recipient a "
			    "delivery, %d deliveries at once (umpire judge "
			    "--postfix,\n# --apply runs these lines as "
			    "root):\n", address, r->user.buf,
			    POSTFIX_CONCURRENCY);
		strbuf_addf(&v, POSTFIX_SERVICE "/unix=" POSTFIX_SERVICE
			    " unix - n n - %d pipe flags=R user=%s argv=%s",
			    POSTFIX_CONCURRENCY, r->user.buf, r->judge.buf);
	}
	strbuf_addf(sh, "postconf%s -M ", c);
	sh_quote(sh, v.buf);
	strbuf_addc(sh, '\n');
	strbuf_reset(&v);
	strbuf_addf(&v, "%s %s", address, r->next.buf);
	strbuf_adds(sh, "printf '%s\\n' ");
	sh_quote(sh, v.buf);
	strbuf_reset(&v);
	strbuf_addf(&v, "%s/umpire-transport", r->dir.buf);
	strbuf_adds(sh, " >");
	sh_quote(sh, v.buf);
	strbuf_addf(sh, "\npostmap%s ", c);
	sh_quote(sh, r->map.buf);
	strbuf_addc(sh, '\n');
	strbuf_reset(&v);
	strbuf_addf(&v, "transport_maps = %s", r->maps.buf);
	strbuf_addf(sh, "postconf%s -e ", c);
	sh_quote(sh, v.buf);
	/* a pipe takes one recipient a delivery; LMTP answers each
	 * recipient apart: postfix's default does */
	if (!lmtp)
		strbuf_adds(sh, " \\\n  '" POSTFIX_SERVICE "_destination_"
			    "recipient_limit = 1'");
	strbuf_addf(sh, " \\\n  '" POSTFIX_SERVICE "_destination_"
		    "concurrency_limit = %d'\n", most);
	if (delim && *delim)
		delim_script(c, delim, sh);
	strbuf_addf(sh, "if postfix%s status 2>/dev/null; then postfix%s "
		    "reload; fi\n", c, c);
	strbuf_free(&v);
}

int judge_postfix(const struct cli *cli, const struct judge_settings *s,
		  const char *address, int apply, struct error *err)
{
	struct route r;
	struct strbuf sh = STRBUF_INIT;
	int rc = -1;
	memset(&r, 0, sizeof r);
	if (plan_route(cli, s, address, &r, err))
		goto out;
	route_script(&r, address, s->delim, &sh);
	fputs(sh.buf, cli->out);
	if (!apply) {
		rc = 0;
		goto out;
	}
	if (geteuid() != 0) {
		rc = errorf(err, EXIT_USAGE, "--apply: postfix's configuration "
			    "is root's: run it as root (or run the lines "
			    "above as root)");
		goto out;
	}
	fflush(cli->out);
	pid_t pid = fork();
	if (pid == 0) {
		execl("/bin/sh", "sh", "-e", "-c", sh.buf, (char *)NULL);
		_exit(127);
	}
	int status = 0;
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		rc = errorf(err, EXIT_USAGE, "--apply: a line above failed "
			    "(exit status %d): postfix is as that line left "
			    "it; mend what it says and run --apply again",
			    pid < 0 || !WIFEXITED(status) ? -1 :
			    WEXITSTATUS(status));
	else
		rc = 0;
out:
	route_free(&r);
	strbuf_free(&sh);
	return rc;
}

/* Whether master.cf's line (postconf -M) runs the daemon command: its
 * eighth field. */
static int service_is(const char *line, const char *command)
{
	for (int f = 0; f < 7 && *line; f++) {
		line += strcspn(line, " \t");
		line += strspn(line, " \t");
	}
	size_t n = strcspn(line, " \t\r\n");
	return n == strlen(command) && !strncmp(line, command, n);
}

/* Whether this user's ~/.forward or ~/.procmailrc runs umpire judge
 * (README.md's recipes: postfix's local(8) delivers there, not
 * through a transport map), saying which into say. */
static int home_runs_judge(struct strbuf *say)
{
	static const char *const names[] = { ".forward", ".procmailrc" };
	struct passwd *pw = getpwuid(geteuid());
	struct strbuf p = STRBUF_INIT;
	int found = 0;
	for (size_t i = 0; pw && i < 2 && !found; i++) {
		char *buf = NULL;
		size_t len = 0;
		struct error e;
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/%s", pw->pw_dir, names[i]);
		if (read_input(p.buf, 64 * 1024, &buf, &len, &e) == 0)
			found = strstr(buf, "umpire judge") != NULL;
		free(buf);
	}
	if (found)
		strbuf_addf(say, "postfix's local(8) delivers this user's mail "
			    "through %s, which runs umpire judge (no transport "
			    "map routes the address)", p.buf);
	strbuf_free(&p);
	return found;
}

int judge_postfix_delim(const char *delim, struct strbuf *say)
{
	struct strbuf tool = STRBUF_INIT, out = STRBUF_INIT;
	int ok = -1;
	if (delim && *delim && postfix_tool("postconf", &tool) &&
	    postconf(tool.buf, "-h", "recipient_delimiter", &out) == 0) {
		size_t n = strcspn(out.buf ? out.buf : "", "\r\n");
		ok = n && memchr(out.buf, delim[0], n) != NULL;
		if (ok)
			strbuf_addf(say, "postfix's recipient_delimiter (%.*s) "
				    "has %c: each game's own address, the "
				    "judge's with %c and the game's short id, "
				    "reaches the judge", (int)n, out.buf,
				    delim[0], delim[0]);
		else
			strbuf_addf(say, "postfix's recipient_delimiter is "
				    "'%.*s': mail to a game's own address (the "
				    "judge's with %c and the game's short id, "
				    "which its letters come from) would not "
				    "reach the judge: as root, postconf -e "
				    "'recipient_delimiter = %c' and postfix "
				    "reload; or recipient_delimiter = (empty) "
				    "under [judge]", (int)n, n ? out.buf : "",
				    delim[0], delim[0]);
	}
	strbuf_free(&tool);
	strbuf_free(&out);
	return ok;
}

int judge_postfix_check(const char *address, struct strbuf *say)
{
	struct strbuf postconf_ = STRBUF_INIT, postmap = STRBUF_INIT;
	struct strbuf maps = STRBUF_INIT, hit = STRBUF_INIT;
	struct strbuf m = STRBUF_INIT;
	int ok = 0;
	if (!address || !postfix_tool("postconf", &postconf_) ||
	    !postfix_tool("postmap", &postmap)) {
		ok = -1;
		goto out;
	}
	/* a postfix installed and never configured (Debian's "No
	 * configuration": no main.cf) routes nothing: nothing to test */
	if (postconf(postconf_.buf, "-h", "transport_maps", &maps) != 0) {
		ok = -1;
		goto out;
	}
	/* the first map that knows the address gives its transport */
	const char *p = maps.buf ? maps.buf : "";
	while (*p && !hit.len) {
		p += strspn(p, ", \t\n");
		size_t n = strcspn(p, ", \t\n");
		if (!n)
			break;
		char *map = strndup(p, n);
		char *argv[] = { postmap.buf, "-q", (char *)address, map,
				 NULL };
		if (run_capture(argv, &hit) != 0)
			strbuf_reset(&hit);
		free(map);
		p += n;
	}
	size_t t = hit.len ? strcspn(hit.buf, ":") : 0;
	if (!hit.len || t == 0 || t == hit.len) {
		/* no transport map: README's .forward or procmail recipe */
		ok = home_runs_judge(say);
		if (!ok)
			strbuf_addf(say, "postfix routes %s by no transport "
				    "map (transport_maps: %s), and no "
				    "~/.forward or ~/.procmailrc of this user "
				    "runs umpire judge: as root, umpire judge "
				    "--postfix %s --config FILE --apply",
				    address, maps.len ? maps.buf : "none",
				    address);
		goto out;
	}
	strbuf_addf(&m, "%.*s/unix", (int)t, hit.buf);
	struct strbuf svc = STRBUF_INIT;
	struct passwd *pw = getpwuid(geteuid());
	struct strbuf user = STRBUF_INIT;
	strbuf_addf(&user, " user=%s ", pw ? pw->pw_name : "?");
	int got = postconf(postconf_.buf, "-M", m.buf, &svc) == 0 && svc.len;
	/* README's LMTP route: lmtp(8) (postfix's own transport, or the
	 * one --postfix --lmtp writes) delivers to umpire judge --lmtp at
	 * the socket named (whether it listens is the service's to say) */
	if ((t == 4 && !strncmp(hit.buf, "lmtp", 4)) ||
	    (got && service_is(svc.buf, "lmtp"))) {
		strbuf_addf(say, "postfix delivers %s over LMTP to %.*s "
			    "(umpire judge --lmtp serves it)", address,
			    (int)strcspn(hit.buf + t + 1, "\r\n"),
			    hit.buf + t + 1);
		ok = 1;
	} else if (!got)
		strbuf_addf(say, "postfix routes %s to the transport %.*s, "
			    "which master.cf does not have: as root, umpire "
			    "judge --postfix %s --config FILE --apply",
			    address, (int)t, hit.buf, address);
	else if (!strstr(svc.buf, " pipe ") || !strstr(svc.buf, " judge"))
		strbuf_addf(say, "postfix routes %s to %.*s, which runs no "
			    "umpire judge (%s): as root, umpire judge "
			    "--postfix %s --config FILE --apply", address,
			    (int)t, hit.buf, svc.buf, address);
	else if (!strstr(svc.buf, user.buf))
		strbuf_addf(say, "postfix pipes %s to the judge, but not as "
			    "this user (not%s in %s): run --check as the "
			    "pipe's user, or umpire judge --postfix %s --apply "
			    "as root", address, user.buf, svc.buf, address);
	else {
		strbuf_addf(say, "postfix pipes %s to the judge as this user "
			    "(the transport %.*s of master.cf)", address,
			    (int)t, hit.buf);
		ok = 1;
	}
	strbuf_free(&svc);
	strbuf_free(&user);
out:
	strbuf_free(&postconf_);
	strbuf_free(&postmap);
	strbuf_free(&maps);
	strbuf_free(&hit);
	strbuf_free(&m);
	return ok;
}
