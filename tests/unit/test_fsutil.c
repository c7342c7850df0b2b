/*
 * test_fsutil.c - write_all and write_at (src/core/fsutil.c): every
 * byte written though the writes come back partial and cut short by a
 * signal (a pipe's reader slower than the writer, a timer's signal
 * without SA_RESTART every millisecond), at the offset asked.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include "umpire/fsutil.h"
#include "unit.h"

#define BIG (1u << 20)

static void tick(int sig)
{
	(void)sig;
}

/* BIG bytes through a pipe read 4 KiB at a time, with pauses: 0 when
 * the reader got them all, in order. */
static int through_pipe(const char *buf)
{
	int fds[2];
	if (pipe(fds) != 0)
		return -1;
	pid_t pid = fork();
	if (pid == 0) {
		close(fds[1]);
		char *got = malloc(BIG);
		size_t n = 0;
		ssize_t r;
		while (got && (r = read(fds[0], got + n, n + 4096 <= BIG ?
					4096 : BIG - n)) != 0) {
			if (r < 0 && errno == EINTR)
				continue;
			if (r < 0)
				_exit(2);
			n += (size_t)r;
			if (n % 65536 == 0)
				usleep(2000);
		}
		_exit(got && n == BIG && memcmp(got, buf, BIG) == 0 ? 0 : 1);
	}
	close(fds[0]);
	struct sigaction sa = { .sa_handler = tick }, old;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;                /* no SA_RESTART: EINTR */
	sigaction(SIGALRM, &sa, &old);
	struct itimerval every = { { 0, 1000 }, { 0, 1000 } }, off = { 0 };
	setitimer(ITIMER_REAL, &every, NULL);
	int rc = write_all(fds[1], buf, BIG);
	setitimer(ITIMER_REAL, &off, NULL);
	sigaction(SIGALRM, &old, NULL);
	close(fds[1]);
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return rc == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 ?
		0 : -1;
}

static void test_write_all(void)
{
	char *buf = malloc(BIG);
	for (size_t i = 0; i < BIG; i++)
		buf[i] = (char)(i * 7 + i / 251);
	CHECK(through_pipe(buf) == 0,
	      "write_all: 1 MiB through a slow pipe, a signal every ms");
	int fds[2];
	CHECK(pipe(fds) == 0, "a pipe");
	close(fds[0]);
	struct sigaction ign = { .sa_handler = SIG_IGN }, old;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	errno = 0;
	CHECK(write_all(fds[1], "x", 1) == -1 && errno == EPIPE,
	      "write_all: -1 with errno EPIPE, the reader gone");
	sigaction(SIGPIPE, &old, NULL);
	close(fds[1]);
	free(buf);
}

static void test_write_at(void)
{
	char path[] = "/tmp/umpire-test-fsutil-XXXXXX", got[16] = { 0 };
	int fd = mkstemp(path);
	CHECK(fd >= 0 && write_all(fd, "abcdefgh", 8) == 0, "a file");
	CHECK(write_at(fd, "XY", 2, 3) == 0, "write_at: at offset 3");
	CHECK(lseek(fd, 0, SEEK_CUR) == 8, "write_at: fd's offset kept");
	CHECK(write_at(fd, "Z", 1, 10) == 0, "write_at: past the end");
	CHECK(read_at(fd, got, 11, 0) == 0 &&
	      memcmp(got, "abcXYfgh\0\0Z", 11) == 0,
	      "the file holds what was written where");
	close(fd);
	unlink(path);
	CHECK(write_at(-1, "x", 1, 0) == -1 && errno == EBADF,
	      "write_at: -1 with errno at an error");
}

int main(void)
{
	test_write_all();
	test_write_at();
	return unit_done("test_fsutil");
}
