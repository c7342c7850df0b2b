/*
 * test_scenario.c - the start state kept in this machine's cache
 * (scenario.c, scenario_start): set up once for an installed scenario
 * and options, read back byte for byte by later commands, another file
 * for other options, a file of the wrong length or of another key (the
 * program built anew) set up again and rewritten in place; a scenario
 * not found installed keeps none.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "umpire/memo.h"
#include "umpire/scenario.h"
#include "umpire/strbuf.h"
#include "unit.h"

/* the start-* files in dir: how many, and the path of the last other
 * than but (NULL: any) */
static int start_files(const char *dir, char *path, size_t size,
		       const char *but)
{
	DIR *dp = opendir(dir);
	struct dirent *de;
	char p[4200];
	int n = 0;
	if (!dp)
		return 0;
	while ((de = readdir(dp)))
		if (!strncmp(de->d_name, "start-", 6) &&
		    !strchr(de->d_name, '.')) {
			snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
			if (!but || strcmp(p, but))
				snprintf(path, size, "%s", p);
			n++;
		}
	closedir(dp);
	return n;
}

static long file_size(const char *path)
{
	struct stat sb;
	return stat(path, &sb) ? -1 : (long)sb.st_size;
}

static void *start(struct scenario *scn, char *const *sets, size_t n)
{
	struct error err;
	struct doc *d = doc_new("opts");
	struct doc_node *opts;
	void *st = NULL;
	if (scenario_options(scn, d, sets, n, &opts, &err) ||
	    scenario_start(scn, opts, &st, &err))
		CHECK(0, "the start state is set up: %s", err.msg);
	doc_free(d);
	return st;
}

/* a state directory of the test's own (XDG_STATE_HOME) in dir, its
 * checkpoints' directory's path in cps: 0, or -1 checked as failed */
static int state_dir(char *dir, size_t n, char *cps, size_t cn)
{
	snprintf(dir, n, "/tmp/umpire-test-scenario-XXXXXX");
	if (!mkdtemp(dir)) {
		CHECK(0, "a state directory for the test");
		return -1;
	}
	setenv("XDG_STATE_HOME", dir, 1);
	snprintf(cps, cn, "%s/umpire/checkpoints", dir);
	return 0;
}

/* the state directory state_dir made, removed */
static void state_dir_remove(const char *dir)
{
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		CHECK(0, "remove %s", dir);
}

/* A new memo with Race to the Reichstag loaded through it into *scn;
 * NULL, checked as failed, when it does not load */
static struct memo *memo_reichstag(struct scenario *scn)
{
	struct error err;
	struct memo *m = memo_new();
	if (memo_scenario(m, "scenarios", "race-to-the-reichstag", scn,
			  &err) == 0)
		return m;
	CHECK(0, "race-to-the-reichstag loads: %s", err.msg);
	memo_free(m);
	return NULL;
}

static void kept_and_read(void)
{
	char dir[4096], file[4200], cps[4200];
	struct scenario scn;
	struct error err;
	if (state_dir(dir, sizeof dir, cps, sizeof cps))
		return;
	if (scenario_find("scenarios", "race-to-the-reichstag", &scn, &err)) {
		CHECK(0, "race-to-the-reichstag loads: %s", err.msg);
		return;
	}
	const size_t n = scn.rs->state_size;
	unsigned char *st1 = start(&scn, NULL, 0);
	CHECK(start_files(cps, file, sizeof file, NULL) == 1,
	      "the first start state set up is kept");
	long whole = file_size(file);
	CHECK(whole > (long)n && whole < (long)n + 64,
	      "the file holds the state and a short header (%ld bytes for "
	      "%zu)", whole, n);

	unsigned char *st2 = start(&scn, NULL, 0);
	CHECK(st1 && st2 && !memcmp(st1, st2, n),
	      "the state read back is the state set up");

	/* the file's last byte is the state's: read, not set up again */
	FILE *f = fopen(file, "r+b");
	int c = -1;
	if (f && fseek(f, -1, SEEK_END) == 0 && (c = fgetc(f)) != EOF &&
	    fseek(f, -1, SEEK_END) == 0)
		fputc(c ^ 0x5a, f);
	if (f)
		fclose(f);
	unsigned char *st3 = start(&scn, NULL, 0);
	CHECK(st1 && st3 && !memcmp(st1, st3, n - 1) &&
	      st3[n - 1] == (st1[n - 1] ^ 0x5a),
	      "a later command reads the kept bytes");

	/* other options, another key */
	char *sets[] = { "hidden=honour" };
	unsigned char *st4 = start(&scn, sets, 1);
	char first[4200];
	snprintf(first, sizeof first, "%s", file);
	CHECK(start_files(cps, file, sizeof file, first) == 2,
	      "other options keep a start state of their own");
	free(st4);

	/* cut short: set up anew and rewritten whole */
	if (truncate(file, 100) != 0)
		CHECK(0, "truncate %s", file);
	unsigned char *st5 = start(&scn, sets, 1);
	unsigned char *st6 = start(&scn, sets, 1);
	CHECK(file_size(file) == whole && st5 && st6 &&
	      !memcmp(st5, st6, n),
	      "a file cut short is a miss, set up and written again "
	      "(%ld bytes, want %ld)", file_size(file), whole);

	/* another key in the file (another build of umpire wrote it): a
	 * miss, and the file rewritten in place, not another beside it */
	const long at = (long)strlen("umpire-start-cache/1\n");
	int k0 = -1, k1 = -1;
	FILE *h = fopen(file, "r+b");
	if (h && fseek(h, at, SEEK_SET) == 0 && (k0 = fgetc(h)) != EOF &&
	    fseek(h, at, SEEK_SET) == 0)
		fputc(k0 ^ 0xff, h);
	if (h)
		fclose(h);
	free(start(&scn, sets, 1));
	h = fopen(file, "rb");
	if (h && fseek(h, at, SEEK_SET) == 0)
		k1 = fgetc(h);
	if (h)
		fclose(h);
	CHECK(k0 >= 0 && k1 == k0 && start_files(cps, file, sizeof file,
						 NULL) == 2,
	      "a file of another key is set up anew and rewritten in place");
	scenario_free(&scn);

	/* a scenario file read by path, not found installed: no cache */
	if (scenario_load("scenarios/race-to-the-reichstag.yaml", &scn,
			  &err) == 0) {
		char *other[] = { "hidden=referee", "hitler-fantasy=yes" };
		free(start(&scn, other, 2));
		CHECK(start_files(cps, file, sizeof file, NULL) == 2,
		      "a scenario loaded by path keeps no start state");
		scenario_free(&scn);
	} else {
		CHECK(0, "the scenario loads by path: %s", err.msg);
	}
	free(st1);
	free(st2);
	free(st3);
	free(st5);
	free(st6);
	state_dir_remove(dir);
}

/* a judge's memo (memo_scenario) keeps the start states it read or
 * set up: the next message's start is the same state, the file not
 * read again (removed: not written again either) */
static void kept_in_memo(void)
{
	char dir[4096], file[4200], cps[4200];
	struct scenario scn;
	struct error err;
	if (state_dir(dir, sizeof dir, cps, sizeof cps))
		return;
	struct memo *m = memo_reichstag(&scn);
	if (!m) {
		state_dir_remove(dir);
		return;
	}
	const size_t n = scn.rs->state_size;
	unsigned char *st1 = start(&scn, NULL, 0);
	CHECK(start_files(cps, file, sizeof file, NULL) == 1 &&
	      unlink(file) == 0, "the memo's first start state written, "
	      "then removed");
	scenario_free(&scn);
	unsigned char *st2 = NULL;
	if (memo_scenario(m, "scenarios", "race-to-the-reichstag", &scn,
			  &err) == 0) {
		st2 = start(&scn, NULL, 0);
		scenario_free(&scn);
	}
	CHECK(st1 && st2 && !memcmp(st1, st2, n) &&
	      start_files(cps, file, sizeof file, NULL) == 0,
	      "the next start from the memo: the same state, no file read "
	      "or written");
	free(st1);
	free(st2);
	memo_free(m);
	state_dir_remove(dir);
}

/* A memo keeps SCENARIO_STARTS start states; one a game holds
 * (scenario_start_shared) is never the one replaced: with all of them
 * held, a fifth set of options gets a state of its own, and each held
 * state stays what it was (a replaced one would be freed under its
 * game). Released, the memo's are kept and the fifth freed. */
static void held_not_replaced(void)
{
	static const char *const opt[] = {
		"hitler-fantasy", "prepared-defence", "lines-of-communication",
		"high-mobility", "escape-west" };
	enum { N = sizeof opt / sizeof opt[0] };
	char dir[4096], cps[4200];
	struct scenario scn;
	struct error err;
	const void *held[N] = { 0 };
	unsigned char *want[N] = { 0 };
	if (state_dir(dir, sizeof dir, cps, sizeof cps))
		return;
	struct memo *m = memo_reichstag(&scn);
	if (!m) {
		state_dir_remove(dir);
		return;
	}
	const size_t size = scn.rs->state_size;
	int ok = 1;
	for (size_t i = 0; i < N; i++) {
		char set[64];
		char *const sets[] = { set };
		struct doc *d = doc_new("opts");
		struct doc_node *opts;
		snprintf(set, sizeof set, "%s=yes", opt[i]);
		if (scenario_options(&scn, d, sets, 1, &opts, &err) ||
		    scenario_start_shared(&scn, opts, &held[i], &err))
			ok = 0;
		doc_free(d);
		want[i] = start(&scn, sets, 1);
		ok &= held[i] && want[i];
	}
	CHECK(ok, "five start states taken, each also copied");
	int kept = 0, same = 1;
	for (size_t i = 0; ok && i < N; i++) {
		for (size_t k = 0; k < scn.starts->n; k++)
			kept += scn.starts->state[k] == held[i];
		same &= !memcmp(held[i], want[i], size);
	}
	CHECK(ok && kept == SCENARIO_STARTS && same,
	      "the memo's %d held states kept (%d are the memo's), the "
	      "fifth the game's own; each as set up", SCENARIO_STARTS, kept);
	for (size_t i = 0; i < N; i++) {
		if (held[i])
			scenario_start_release(&scn, held[i]);
		free(want[i]);
	}
	unsigned users = 0;
	for (size_t k = 0; scn.starts && k < scn.starts->n; k++)
		users += scn.starts->users[k];
	CHECK(scn.starts && scn.starts->n == SCENARIO_STARTS && users == 0,
	      "released: the memo keeps its %d, none held", SCENARIO_STARTS);
	scenario_free(&scn);
	memo_free(m);
	state_dir_remove(dir);
}

int main(void)
{
	kept_and_read();
	kept_in_memo();
	held_not_replaced();
	return unit_done("test_scenario");
}
