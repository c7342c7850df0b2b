/*
 * first-path.c - the end-to-end passes' choice of which runs of umpire
 * get the costly check (make check's ASan pass, the valgrind pass): in a
 * bats file, the first run of each command path, not its repeats.
 *
 * A command path is the subcommand, the names of the options given (not
 * their values, in any order) and the scenario of the game (the first
 * file named whose head says "scenario:", or new's argument). judge and
 * open, which each test feeds another stranger's message, have a path a
 * test. Outside bats (no BATS_RUN_TMPDIR) every run is a first.
 *
 * One program under three names (hard links), what it does by the name:
 *   first-path WHO ARGS...  exits 0 when this run of umpire ARGS is the
 *                           first of its path (it then takes the path's
 *                           slot), 1 for a repeat, 2 on a fault
 *                           (tests/first-path-check.sh);
 *   umpire-asan ARGS...     the ASan pass's umpire: a first run execs
 *                           $UMPIRE_ASAN_BIN (the ASan+UBSan build), a
 *                           repeat $UMPIRE_FIXTURE_BIN (the plain one);
 *                           UMPIRE_ASAN=all (make check-asan-full)
 *                           instruments every run;
 *   umpire-vg ARGS...       the valgrind pass's umpire: a first run execs
 *                           $UMPIRE_REAL_BIN under memcheck (exit 99 on
 *                           any error or definite, indirect or possible
 *                           leak), a repeat runs it bare; UMPIRE_VG=all
 *                           (make check-valgrind-full) checks every run.
 *                           A run that opens or makes an encrypted key
 *                           (UMPIRE_PASSPHRASE_FILE set) runs bare:
 *                           scrypt at minisign's cost (1 GiB, 2^25 ops)
 *                           takes many minutes under memcheck, and the
 *                           ASan pass covers it.
 * They were bash scripts. A wrapper runs before each of some 20,000 runs
 * of umpire in the ASan pass, and on this machine kind bash's start
 * alone cost more than this program's whole run (a wrapped run 9 ms of
 * CPU more than a bare one, against about 1.5 ms).
 *
 * A slot is a file made with O_EXCL in $BATS_RUN_TMPDIR/WHO: of two runs
 * at once, one takes it.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define KEY_MAX 240
#define HEAD_MAX 512

static const char *env_or(const char *name, const char *dflt)
{
	const char *v = getenv(name);
	return v && *v ? v : dflt;
}

/* The scenario named in the first HEAD_MAX bytes of path (a line
 * "scenario: NAME"), copied into out; 0 when none. */
static int scenario_of(const char *path, char *out, size_t size)
{
	char head[HEAD_MAX + 2];
	struct stat st;
	if (stat(path, &st) || !S_ISREG(st.st_mode))
		return 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	head[0] = '\n';
	ssize_t n = read(fd, head + 1, HEAD_MAX);
	close(fd);
	if (n <= 0)
		return 0;
	head[n + 1] = '\0';
	const char *at = strstr(head, "\nscenario:");
	if (!at)
		return 0;
	at += strlen("\nscenario:");
	at += strspn(at, " ");
	size_t len = strcspn(at, "\n");
	if (len >= size)
		len = size - 1;
	memcpy(out, at, len);
	out[len] = '\0';
	return 1;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The path's key: FILE|SCOPE|SUB|FLAGS|SCENARIO, '/' as '%', at most
 * KEY_MAX bytes (its first and last halves). */
static void path_key(int argc, char **argv, char *key)
{
	const char *sub = argc > 0 ? argv[0] : "";
	const char *scope = "file";
	char scn[256] = "";
	int have_scn = 0;
	if (!strcmp(sub, "judge") || !strcmp(sub, "open"))
		scope = env_or("BATS_TEST_NAME", "setup_file");
	if (!strcmp(sub, "new") && argc > 1 && argv[1][0]) {
		snprintf(scn, sizeof scn, "%s", argv[1]);
		have_scn = 1;
	}
	char **flags = calloc((size_t)argc + 1, sizeof *flags);
	size_t n_flags = 0;
	for (int i = 0; flags && i < argc; i++) {
		const char *a = argv[i];
		if (a[0] == '-') {
			size_t len = strcspn(a, "=");
			char *f = strndup(a, len);
			size_t k = 0;
			while (f && k < n_flags && strcmp(flags[k], f))
				k++;
			if (f && k == n_flags)
				flags[n_flags++] = f;
			else
				free(f);
		} else if (!strncmp(a, "/dev/", 5) ||
			   !strncmp(a, "/proc/", 6)) {
			continue;   /* never read what the command reads */
		} else if (!have_scn) {
			have_scn = scenario_of(a, scn, sizeof scn);
		}
	}
	if (flags)
		qsort(flags, n_flags, sizeof *flags, by_name);
	const char *file = env_or("BATS_TEST_FILENAME", "");
	const char *base = strrchr(file, '/');
	char whole[4096];
	int len = snprintf(whole, sizeof whole, "%s|%s|%s|", base ? base + 1 :
			   file, scope, sub);
	for (size_t k = 0; k < n_flags; k++) {
		if (len > 0 && (size_t)len < sizeof whole)
			len += snprintf(whole + len, sizeof whole - (size_t)len,
					"%s%s", k ? " " : "", flags[k]);
		free(flags[k]);
	}
	free(flags);
	if (len > 0 && (size_t)len < sizeof whole)
		snprintf(whole + len, sizeof whole - (size_t)len, "|%s", scn);
	for (char *c = whole; *c; c++)
		if (*c == '/')
			*c = '%';
	size_t total = strlen(whole);
	if (total > KEY_MAX) {
		memmove(whole + KEY_MAX / 2, whole + total - KEY_MAX / 2,
			KEY_MAX / 2 + 1);
	}
	strcpy(key, whole);
}

/* 0: this run is its path's first (the slot taken), 1: a repeat, 2: a
 * fault (said on stderr). */
static int first_path(const char *who, int argc, char **argv)
{
	const char *run = env_or("BATS_RUN_TMPDIR", NULL);
	if (!run)
		return 0;
	char key[KEY_MAX + 1], dir[4096], slot[4096 + KEY_MAX + 2];
	path_key(argc, argv, key);
	if ((size_t)snprintf(dir, sizeof dir, "%s/%s", run, who) >=
	    sizeof dir) {
		fprintf(stderr, "first-path: %s: too long a path\n", run);
		return 2;
	}
	if (mkdir(dir, 0700) && errno != EEXIST) {
		fprintf(stderr, "first-path: %s: %s\n", dir, strerror(errno));
		return 2;
	}
	snprintf(slot, sizeof slot, "%s/%s", dir, key);
	int fd = open(slot, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return 1;
	close(fd);
	return 0;
}

/* The valgrind pass's run of umpire ARGS (argv[1..]): argv rewritten in
 * place as valgrind's command when it is this path's first run. */
static int run_vg(int argc, char **argv)
{
	const char *real = env_or("UMPIRE_REAL_BIN", NULL);
	if (!real) {
		fputs("umpire-vg: set UMPIRE_REAL_BIN\n", stderr);
		return 2;
	}
	if (!env_or("UMPIRE_PASSPHRASE_FILE", NULL) &&
	    (!strcmp(env_or("UMPIRE_VG", ""), "all") ||
	     first_path("umpire-vg", argc - 1, argv + 1) != 1)) {
		static const char *const vg[] = {
			"valgrind", "-q", "--error-exitcode=99",
			"--leak-check=full",
			"--show-leak-kinds=definite,indirect,possible",
			"--errors-for-leak-kinds=definite,indirect,possible",
		};
		size_t n = sizeof vg / sizeof vg[0];
		char **cmd = calloc(n + (size_t)argc + 1, sizeof *cmd);
		if (!cmd)
			return 2;
		memcpy(cmd, vg, sizeof vg);
		cmd[n] = (char *)real;
		for (int i = 1; i < argc; i++)
			cmd[n + (size_t)i] = argv[i];
		execvp("valgrind", cmd);
		fprintf(stderr, "umpire-vg: valgrind: %s\n", strerror(errno));
		return 127;
	}
	argv[0] = (char *)real;
	execv(real, argv);
	fprintf(stderr, "umpire-vg: %s: %s\n", real, strerror(errno));
	return 127;
}

int main(int argc, char **argv)
{
	/* which of its names this program was run by: the file executed,
	 * not argv[0], for a test may link it as "umpire" on its PATH (the
	 * shell's completion, a command a letter gives) */
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0) {
		perror("first-path: /proc/self/exe");
		return 2;
	}
	exe[n] = '\0';
	const char *self = strrchr(exe, '/');
	self = self ? self + 1 : exe;
	if (!strcmp(self, "umpire-vg"))
		return run_vg(argc, argv);
	if (!strcmp(self, "umpire-asan")) {
		const char *asan = env_or("UMPIRE_ASAN_BIN", NULL);
		if (!asan) {
			fputs("umpire-asan: set UMPIRE_ASAN_BIN\n", stderr);
			return 2;
		}
		const char *plain = env_or("UMPIRE_FIXTURE_BIN", asan);
		const char *bin = asan;
		if (strcmp(env_or("UMPIRE_ASAN", ""), "all") &&
		    first_path("umpire-asan", argc - 1, argv + 1) == 1 &&
		    access(plain, X_OK) == 0)
			bin = plain;
		argv[0] = (char *)bin;
		execv(bin, argv);
		fprintf(stderr, "umpire-asan: %s: %s\n", bin, strerror(errno));
		return 127;
	}
	if (argc < 2) {
		fputs("usage: first-path WHO UMPIRE-ARGS...\n", stderr);
		return 2;
	}
	return first_path(argv[1], argc - 2, argv + 2);
}
