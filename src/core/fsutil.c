/*
 * fsutil.c - bounded reads, atomic writes.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
	if (!is_stdin && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		close(fd);
		return errorf(err, EXIT_USAGE, "cannot read %s: it is a "
			      "directory", path);
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

static int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	while (len) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
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

int write_output(const char *path, const void *buf, size_t len, mode_t mode,
		 int exclusive, struct error *err)
{
	if (strcmp(path, "-") == 0)
		return write_stdout(buf, len, err);

	char *dup = xstrdup(path);
	const char *dir = dirname(dup);
	size_t tlen = strlen(path) + 32;
	char *tmp = xmalloc(tlen);
	int fd = -1, rc = -1;
	struct stat st;

	if (exclusive && lstat(path, &st) == 0) {
		errorf(err, EXIT_USAGE, "%s already exists; not overwriting it",
		       path);
		goto out_free;
	}
	/* A device or a pipe (/dev/null, /dev/stdout, a FIFO) is written
	 * in place: renaming over it would replace it with a file. */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		rc = write_special(path, buf, len, err);
		goto out_free;
	}
	snprintf(tmp, tlen, "%s.tmp-XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		errorf(err, EXIT_USAGE, "cannot create a file beside %s: %s",
		       path, strerror(errno));
		goto out_free;
	}
	if (fchmod(fd, mode) != 0 || write_all(fd, buf, len) != 0 ||
	    fsync(fd) != 0) {
		errorf(err, EXIT_USAGE, "cannot write %s: %s", path,
		       strerror(errno));
		goto out_unlink;
	}
	if (close(fd) != 0) {
		fd = -1;
		errorf(err, EXIT_USAGE, "cannot write %s: %s", path,
		       strerror(errno));
		goto out_unlink;
	}
	fd = -1;
	if (exclusive ? link(tmp, path) != 0 : rename(tmp, path) != 0) {
		errorf(err, EXIT_USAGE, "cannot write %s: %s", path,
		       strerror(errno));
		goto out_unlink;
	}
	if (exclusive)
		unlink(tmp);
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	rc = 0;
	goto out_free;
out_unlink:
	if (fd >= 0)
		close(fd);
	unlink(tmp);
out_free:
	free(tmp);
	free(dup);
	return rc;
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
