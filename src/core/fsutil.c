/*
 * fsutil.c - bounded reads, atomic writes.
 */
#define _GNU_SOURCE             /* syncfs(2) */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "umpire/fsutil.h"
#include "umpire/strbuf.h"

const char *path_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "stdin" : path;
}

int read_input(const char *path, size_t max, char **buf, size_t *len,
	       struct error *err)
{
	int is_stdin = strcmp(path, "-") == 0;
	int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	struct strbuf sb = STRBUF_INIT;
	if (fd < 0)
		return errorf(err, EXIT_USAGE, "cannot read %s: %s", path,
			      strerror(errno));
	struct stat st;
	int known = !is_stdin && fstat(fd, &st) == 0;
	if (known && S_ISDIR(st.st_mode)) {
		close(fd);
		return errorf(err, EXIT_USAGE, "cannot read %s: it is a "
			      "directory", path);
	}
	/* a regular file: read into one buffer of its size (a long game
	 * file is read by every per-turn command); what more it holds
	 * (a file still growing) is read below as from a pipe */
	if (known && S_ISREG(st.st_mode) && (size_t)st.st_size <= max) {
		sb.cap = (size_t)st.st_size + 1;
		sb.buf = xmalloc(sb.cap);
		sb.buf[0] = '\0';
		while (sb.len + 1 < sb.cap) {
			ssize_t n = read(fd, sb.buf + sb.len,
					 sb.cap - 1 - sb.len);
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				break;
			sb.len += (size_t)n;
		}
		sb.buf[sb.len] = '\0';
	}
	char chunk[65536];
	for (;;) {
		ssize_t n = read(fd, chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;
			if (!is_stdin)
				close(fd);
			strbuf_free(&sb);
			return errorf(err, EXIT_USAGE, "cannot read %s: %s",
				      path_name(path), strerror(e));
		}
		if (n == 0)
			break;
		if (sb.len + (size_t)n > max) {
			if (!is_stdin)
				close(fd);
			strbuf_free(&sb);
			return errorf(err, EXIT_REFUSED,
				      "%s: too large (limit %zu bytes)",
				      path_name(path), max);
		}
		strbuf_add(&sb, chunk, (size_t)n);
	}
	if (!is_stdin)
		close(fd);
	*buf = strbuf_detach(&sb, len);
	return 0;
}

int read_at(int fd, void *buf, size_t n, size_t off)
{
	char *p = buf;
	while (n > 0) {
		ssize_t k = pread(fd, p, n, (off_t)off);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k;
		n -= (size_t)k;
		off += (size_t)k;
	}
	return 0;
}

/* write_all's and write_at's loop: write(2), or pwrite(2) at off when
 * at is set, until len bytes are written, again when a signal cut a
 * call short. */
static int write_loop(int fd, const char *p, size_t len, int at,
		      size_t off)
{
	while (len) {
		ssize_t n = at ? pwrite(fd, p, len, (off_t)off) :
			write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
		off += (size_t)n;
	}
	return 0;
}

int write_all(int fd, const void *buf, size_t len)
{
	return write_loop(fd, buf, len, 0, 0);
}

int write_at(int fd, const void *buf, size_t len, size_t off)
{
	return write_loop(fd, buf, len, 1, off);
}

static int write_stdout(const void *buf, size_t len, struct error *err)
{
	if (fwrite(buf, 1, len, stdout) != len || fflush(stdout) != 0)
		return errorf(err, EXIT_USAGE, "cannot write to stdout: %s",
			      strerror(errno));
	return 0;
}

static int write_special(const char *path, const void *buf, size_t len,
			 struct error *err)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return errorf(err, EXIT_USAGE, "cannot write %s: %s", path,
			      strerror(errno));
	int bad = write_all(fd, buf, len) != 0;
	int e = errno;
	if (close(fd) != 0 && !bad) {
		bad = 1;
		e = errno;
	}
	if (bad)
		return errorf(err, EXIT_USAGE, "cannot write %s: %s", path,
			      strerror(e));
	return 0;
}

/* The mode a new output gets: mode less the umask. (umask() has no
 * reader; it is set back at once.) */
static mode_t masked(mode_t mode)
{
	mode_t m = umask(077);
	umask(m);
	return mode & ~m;
}

/* The parts as one buffer, for a stage written at the commit (stdout, a
 * device): s->own, or the one part itself. */
static void keep_parts(struct staged *s, const struct write_part *parts,
		       size_t n)
{
	size_t len = 0, at = 0;
	if (n == 1) {
		s->buf = parts[0].buf;
		s->len = parts[0].len;
		return;
	}
	for (size_t i = 0; i < n; i++)
		len += parts[i].len;
	s->own = xmalloc(len + 1);
	for (size_t i = 0; i < n; i++) {
		if (parts[i].len)
			memcpy(s->own + at, parts[i].buf, parts[i].len);
		at += parts[i].len;
	}
	s->buf = s->own;
	s->len = len;
}

int write_stage(struct staged *s, const char *path, const void *buf,
		size_t len, mode_t mode, int exclusive, struct error *err)
{
	return write_stage_later(s, NULL, path, buf, len, mode, exclusive,
				 err);
}

int write_stage_later(struct staged *s, struct sync_later *later,
		      const char *path, const void *buf, size_t len,
		      mode_t mode, int exclusive, struct error *err)
{
	struct write_part one = { buf, len };
	return write_stage_parts_later(s, later, path, &one, 1, mode,
				       exclusive, err);
}

void sync_later_init(struct sync_later *l)
{
	l->n = 0;
}

int sync_later_note(struct sync_later *l, int fd)
{
	struct stat st;
	if (fstat(fd, &st) != 0)
		return -1;
	for (size_t i = 0; i < l->n; i++)
		if (l->dev[i] == st.st_dev)
			return 0;
	if (l->n == SYNC_LATER_MAX)
		return fsync(fd);
	int own = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	if (own < 0)
		return fsync(fd);
	l->fd[l->n] = own;
	l->dev[l->n++] = st.st_dev;
	return 0;
}

int sync_later_run(struct sync_later *l, struct error *err)
{
	int rc = 0;
	/* syncfs(2) reports the file system's writeback errors since the
	 * descriptor was opened (Linux 5.8): a write the disk refused
	 * is not taken for durable */
	for (size_t i = 0; i < l->n; i++)
		if (syncfs(l->fd[i]) != 0 && rc == 0)
			rc = errorf(err, EXIT_USAGE, "cannot make the files "
				    "written durable (syncfs): %s",
				    strerror(errno));
	sync_later_free(l);
	return rc;
}

int sync_later_take(struct sync_later *dst, struct sync_later *src)
{
	int rc = 0;
	for (size_t i = 0; i < src->n; i++) {
		if (sync_later_note(dst, src->fd[i]) != 0)
			rc = -1;
		close(src->fd[i]);
	}
	src->n = 0;
	return rc;
}

void sync_later_free(struct sync_later *l)
{
	for (size_t i = 0; i < l->n; i++)
		close(l->fd[i]);
	l->n = 0;
}

int write_stage_parts(struct staged *s, const char *path,
		      const struct write_part *parts, size_t n, mode_t mode,
		      int exclusive, struct error *err)
{
	return write_stage_parts_later(s, NULL, path, parts, n, mode,
				       exclusive, err);
}

int write_stage_parts_later(struct staged *s, struct sync_later *later,
			    const char *path, const struct write_part *parts,
			    size_t n, mode_t mode, int exclusive,
			    struct error *err)
{
	struct stat st;

	memset(s, 0, sizeof *s);
	s->fd = -1;
	s->path = path;
	if (strcmp(path, "-") == 0) {
		s->kind = STAGED_STDOUT;
		keep_parts(s, parts, n);
		return 0;
	}
	if (exclusive && lstat(path, &st) == 0)
		return errorf(err, EXIT_USAGE, "%s already exists; not "
			      "overwriting it", path);
	/* A device or a pipe (/dev/null, /dev/stdout, a FIFO) is written
	 * in place: renaming over it would replace it with a file. */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		s->kind = STAGED_SPECIAL;
		keep_parts(s, parts, n);
		return 0;
	}
	/* a file replaced keeps its mode (a referee's full game file holds
	 * every hidden hand); a new one gets mode less the umask */
	s->mode = stat(path, &st) == 0 ? (st.st_mode & 07777) : masked(mode);
	if ((mode & 077) == 0)
		s->mode &= mode;       /* a secret is never widened */
	s->exclusive = exclusive;
	size_t tlen = strlen(path) + 32;
	s->tmp = xmalloc(tlen);
	snprintf(s->tmp, tlen, "%s.tmp-XXXXXX", path);
	/* mkstemp makes it 0600: a temporary copy left by kill -9 is
	 * never readable by others */
	s->fd = mkstemp(s->tmp);
	if (s->fd < 0) {
		int e = errno;
		free(s->tmp);
		s->tmp = NULL;
		return errorf(err, EXIT_USAGE, "cannot create a file beside "
			      "%s: %s", path, strerror(e));
	}
	/* the file stays open until the commit, which sets its mode
	 * through this descriptor, not through a name */
	int bad = 0;
	for (size_t i = 0; i < n && !bad; i++)
		bad = write_all(s->fd, parts[i].buf, parts[i].len) != 0;
	/* its bytes on disk before the rename gives it its name: now, or
	 * with the files it is committed with (sync_later) */
	if (bad || (later ? sync_later_note(later, s->fd) :
		    fsync(s->fd)) != 0) {
		int e = errno;
		write_abort(s, 1);
		return errorf(err, EXIT_USAGE, "cannot write %s: %s", path,
			      strerror(e));
	}
	s->kind = STAGED_FILE;
	return 0;
}

/* A spare of this user's that only it may read, and no other name
 * holds (swap_cache's, while it is made, is the index too), opened to
 * be written over: its descriptor, or -1. */
static int open_spare(const char *spare)
{
	struct stat st;
	int fd = open(spare, O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd >= 0 && (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
			st.st_nlink != 1 || st.st_uid != geteuid() ||
			(st.st_mode & 077))) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* The parts written over fd from its start, the file cut to them. */
static int write_over(int fd, const struct write_part *parts, size_t n)
{
	size_t at = 0;
	for (size_t i = 0; i < n; i++) {
		if (write_at(fd, parts[i].buf, parts[i].len, at))
			return -1;
		at += parts[i].len;
	}
	return ftruncate(fd, (off_t)at);
}

int write_stage_into_later(struct staged *s, struct sync_later *later,
			   const char *path, const char *spare,
			   const struct write_part *parts, size_t n,
			   mode_t mode, struct error *err)
{
	int fd = open_spare(spare);
	if (fd < 0)
		return write_stage_parts_later(s, later, path, parts, n, mode,
					       0, err);
	/* its bytes on disk before the commit names it, as a new
	 * temporary file's */
	if (write_over(fd, parts, n) ||
	    (later ? sync_later_note(later, fd) : fsync(fd)) != 0) {
		close(fd);
		unlink(spare);
		return write_stage_parts_later(s, later, path, parts, n, mode,
					       0, err);
	}
	memset(s, 0, sizeof *s);
	s->kind = STAGED_FILE;
	s->path = path;
	s->tmp = xstrdup(spare);
	s->fd = fd;
	s->mode = 0600 & mode;
	return 0;
}

int keep_as_spare(const char *path, const char *spare)
{
#ifdef RENAME_NOREPLACE
	if (renameat2(AT_FDCWD, path, AT_FDCWD, spare, RENAME_NOREPLACE) == 0)
		return 0;
#else
	(void)spare;
#endif
	return unlink(path) == 0 || errno == ENOENT ? 0 : -1;
}

void write_abort(struct staged *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i].tmp) {
			unlink(s[i].tmp);
			free(s[i].tmp);
			s[i].tmp = NULL;
		}
		if (s[i].fd >= 0)
			close(s[i].fd);
		s[i].fd = -1;
		s[i].kind = STAGED_NONE;
		free(s[i].own);
		s[i].own = NULL;
	}
}

static int commit_one(struct staged *s, struct error *err)
{
	if (s->kind == STAGED_STDOUT || s->kind == STAGED_SPECIAL) {
		int rc = s->kind == STAGED_STDOUT ?
			write_stdout(s->buf, s->len, err) :
			write_special(s->path, s->buf, s->len, err);
		free(s->own);
		s->own = NULL;
		s->kind = STAGED_NONE;
		return rc;
	}
	if (s->kind != STAGED_FILE)
		return 0;
	if (s->exclusive ? link(s->tmp, s->path) != 0 :
	    rename(s->tmp, s->path) != 0)
		return errorf(err, EXIT_USAGE, "cannot write %s: %s", s->path,
			      strerror(errno));
	if (s->exclusive)
		unlink(s->tmp);
	free(s->tmp);
	s->tmp = NULL;
	s->kind = STAGED_NONE;
	/* the final mode only once it has its name (0600 until then) */
	int bad = fchmod(s->fd, s->mode) != 0, e = errno;
	if (close(s->fd) != 0 && !bad) {
		bad = 1;
		e = errno;
	}
	s->fd = -1;
	if (bad)
		return errorf(err, EXIT_USAGE, "cannot write %s: %s", s->path,
			      strerror(e));
	return 0;
}

/* Whether the files a and b are in the same directory. */
static int same_dir(const struct staged *a, const struct staged *b)
{
	char *x = xstrdup(a->path), *y = xstrdup(b->path);
	int same = strcmp(dirname(x), dirname(y)) == 0;
	free(x);
	free(y);
	return same;
}

/* The renames of s[0..n) made durable: each directory that got one
 * synced once, after all of them (a game file and its report, side by
 * side, cost one directory sync, not two); with later, left to it. */
static void sync_dirs(const struct staged *s, const int *renamed, size_t n,
		      struct sync_later *later)
{
	for (size_t i = 0; i < n; i++) {
		size_t j = 0;
		if (!renamed[i])
			continue;
		while (j < i && !(renamed[j] && same_dir(&s[j], &s[i])))
			j++;
		if (j < i)
			continue;       /* synced with s[j] */
		char *dup = xstrdup(s[i].path);
		int dfd = open(dirname(dup), O_RDONLY | O_DIRECTORY |
			       O_CLOEXEC);
		if (dfd >= 0) {
			if (later)
				(void)sync_later_note(later, dfd);
			else
				fsync(dfd);
			close(dfd);
		}
		free(dup);
	}
}

int write_commit(struct staged *s, size_t n, struct error *err)
{
	return write_commit_later(s, n, NULL, err);
}

int write_commit_later(struct staged *s, size_t n, struct sync_later *later,
		       struct error *err)
{
	int *renamed = xcalloc(n ? n : 1, sizeof *renamed);
	/* the files first, stdout last: a file that cannot be renamed
	 * leaves nothing printed */
	for (size_t i = 0; i < n; i++) {
		if (s[i].kind == STAGED_STDOUT)
			continue;
		int file = s[i].kind == STAGED_FILE, bad = commit_one(&s[i], err);
		/* (the name taken once the temporary name is gone) */
		renamed[i] = file && !s[i].tmp;
		if (bad) {
			sync_dirs(s, renamed, n, later);
			free(renamed);
			write_abort(s, n);
			return -1;
		}
	}
	sync_dirs(s, renamed, n, later);
	free(renamed);
	for (size_t i = 0; i < n; i++)
		if (s[i].kind == STAGED_STDOUT && commit_one(&s[i], err))
			return -1;
	return 0;
}

int write_output(const char *path, const void *buf, size_t len, mode_t mode,
		 int exclusive, struct error *err)
{
	struct staged s;
	if (write_stage(&s, path, buf, len, mode, exclusive, err))
		return -1;
	return write_commit(&s, 1, err);
}

/* What names a file for io_distinct: the file's device and inode if it
 * exists, else its directory's and its base name. */
struct ident {
	dev_t dev;
	ino_t ino;
	const char *base;      /* NULL when the file exists */
	int special;           /* a device, a pipe: may be named twice */
};

static int ident_of(const char *path, struct ident *id)
{
	struct stat st;
	memset(id, 0, sizeof *id);
	if (stat(path, &st) == 0) {
		id->dev = st.st_dev;
		id->ino = st.st_ino;
		id->special = !S_ISREG(st.st_mode);
		return 0;
	}
	char *dup = xstrdup(path);
	int rc = stat(dirname(dup), &st);
	free(dup);
	if (rc != 0)
		return -1;
	id->dev = st.st_dev;
	id->ino = st.st_ino;
	id->base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	return 0;
}

static int same(const struct ident *a, const struct ident *b)
{
	if (a->special || b->special || a->dev != b->dev || a->ino != b->ino)
		return 0;
	if (!a->base != !b->base)
		return 0;
	return !a->base || strcmp(a->base, b->base) == 0;
}

int io_distinct(const struct io_name *in, size_t n_in,
		const struct io_name *out, size_t n_out, struct error *err)
{
	struct ident a, b;
	for (size_t i = 0; i < n_out; i++) {
		if (!out[i].path || !strcmp(out[i].path, "-") ||
		    ident_of(out[i].path, &a))
			continue;
		for (size_t j = 0; j < n_in; j++)
			if (in[j].path && strcmp(in[j].path, "-") &&
			    ident_of(in[j].path, &b) == 0 && same(&a, &b))
				return errorf(err, EXIT_USAGE, "%s %s is also "
					      "the %s (%s): umpire never "
					      "writes over a file it reads; "
					      "write to another file",
					      out[i].what, out[i].path,
					      in[j].what, in[j].path);
		for (size_t j = i + 1; j < n_out; j++)
			if (out[j].path && strcmp(out[j].path, "-") &&
			    ident_of(out[j].path, &b) == 0 && same(&a, &b))
				return errorf(err, EXIT_USAGE, "%s %s and %s "
					      "%s are the same file: give "
					      "each its own", out[i].what,
					      out[i].path, out[j].what,
					      out[j].path);
	}
	return 0;
}

int output_dir_ready(const char *path, mode_t mode, struct error *err)
{
	char *copy = xstrdup(path);
	char *slash = strrchr(copy, '/');
	int rc = 0;
	if (!slash || slash == copy) {
		/* the current directory, or the root */
		if (access(slash ? "/" : ".", W_OK) != 0)
			rc = errorf(err, EXIT_USAGE, "cannot write %s: %s",
				    path, strerror(errno));
		free(copy);
		return rc;
	}
	*slash = '\0';
	/* every missing directory on the way, made with mode */
	for (char *p = copy + 1; rc == 0; p++) {
		char c = *p;
		if (c != '/' && c != '\0')
			continue;
		*p = '\0';
		struct stat st;
		if (stat(copy, &st) != 0) {
			if (errno != ENOENT || mkdir(copy, mode) != 0)
				rc = errorf(err, EXIT_USAGE, "cannot make the "
					    "directory %s for %s: %s", copy,
					    path, strerror(errno));
		} else if (!S_ISDIR(st.st_mode)) {
			rc = errorf(err, EXIT_USAGE, "cannot write %s: %s is "
				    "not a directory", path, copy);
		}
		*p = c;
		if (c == '\0')
			break;
	}
	if (rc == 0 && access(copy, W_OK) != 0)
		rc = errorf(err, EXIT_USAGE, "cannot write %s: %s", path,
			    strerror(errno));
	free(copy);
	return rc;
}

int write_cache(const char *path, const void *buf, size_t len)
{
	struct error ignored;
	size_t tlen = strlen(path) + 32;
	char *tmp = xmalloc(tlen);
	snprintf(tmp, tlen, "%s.tmp-XXXXXX", path);
	/* mkstemp's template: the same temporary name as write_stage; the
	 * directories made only when it finds one missing (a cache is
	 * written where one was: a walk of the path, a stat a component,
	 * for each write would be most of its system calls) */
	int fd = mkstemp(tmp), rc = -1;
	if (fd < 0 && errno == ENOENT &&
	    output_dir_ready(path, 0700, &ignored) == 0) {
		snprintf(tmp, tlen, "%s.tmp-XXXXXX", path);
		fd = mkstemp(tmp);
	}
	if (fd >= 0) {
		int wrote = write_all(fd, buf, len) == 0;
		if (close(fd) == 0 && wrote && rename(tmp, path) == 0)
			rc = 0;
		else
			unlink(tmp);
	}
	free(tmp);
	return rc;
}

int rewrite_cache(const char *path, const void *buf, size_t len)
{
	struct stat st;
	int fd = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (size_t)st.st_size != len || st.st_uid != geteuid() ||
	    (st.st_mode & 077)) {
		if (fd >= 0)
			close(fd);
		return write_cache(path, buf, len);
	}
	int rc = write_at(fd, buf, len, 0);
	if (close(fd) != 0)
		rc = -1;
	return rc;
}

int append_cache(const char *path, const void *buf, size_t len,
		 size_t keep)
{
	struct stat st;
	int fd = keep && keep <= len ?
		open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW) : -1;
	if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (size_t)st.st_size < keep) {
		if (fd >= 0)
			close(fd);
		return write_cache(path, buf, len);
	}
	const char *p = buf;
	int rc = ((size_t)st.st_size == keep ||
		  ftruncate(fd, (off_t)keep) == 0) ? 0 : -1;
	if (rc == 0)
		rc = write_at(fd, p + keep, len - keep, keep);
	if (close(fd) != 0)
		rc = -1;
	return rc;
}

int swap_cache(const char *path, const char *spare, const void *buf,
	       size_t len)
{
#ifdef RENAME_EXCHANGE
	struct stat a, b;
	struct write_part one = { buf, len };
	int fd = open_spare(spare), rc = -1;
	if (fd >= 0 && flock(fd, LOCK_EX) == 0 && fstat(fd, &a) == 0 &&
	    lstat(spare, &b) == 0 && a.st_dev == b.st_dev &&
	    a.st_ino == b.st_ino && write_over(fd, &one, 1) == 0 &&
	    renameat2(AT_FDCWD, spare, AT_FDCWD, path, RENAME_EXCHANGE) == 0)
		rc = 0;
	if (fd >= 0)
		close(fd);
	if (rc == 0)
		return 0;
	/* the file that was path kept as the spare: renamed, not freed,
	 * where nothing else took the name */
	if (fd < 0 && link(path, spare) == 0) {
		rc = write_cache(path, buf, len);
		if (rc)
			unlink(spare);
		return rc;
	}
#else
	(void)spare;
#endif
	return write_cache(path, buf, len);
}

int state_dir(struct strbuf *dir, struct error *err)
{
	const char *xdg = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	if (xdg && xdg[0] == '/')
		strbuf_addf(dir, "%s/umpire", xdg);
	else if (home && home[0] == '/')
		strbuf_addf(dir, "%s/.local/state/umpire", home);
	else
		return errorf(err, EXIT_USAGE, "no place for the local record "
			      "of what this key signed: set HOME or "
			      "XDG_STATE_HOME (an absolute path)");
	return 0;
}
