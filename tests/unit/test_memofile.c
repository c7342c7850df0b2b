/*
 * test_memofile.c - a file a judge's memo knows to read (memo.h:
 * memo_file_reads, the checkpoint files checkpoint.c's point_reads
 * found to read) is known by its identity as stat sees it: the same
 * file is known, one written anew under its name or changed in place is
 * not, and one that changed while it was read is never kept; and an
 * order file's tree taken from the memo only for its very bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "umpire/memo.h"
#include "umpire/orders.h"
#include "unit.h"

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f)) {
		perror(path);
		exit(2);
	}
}

#define ORDERS(step) "umpire: orders/1\n" \
	"game: 9abbc334e71ab2a085f8426cd8ea7f80\n" \
	"step: " step "\nside: german\n" \
	"prev: F7zc5SIxjTG/eK3WKmiQydcB2g4HGKaMgWaD8nWHQoo=\n" \
	"reveal: gMbGd+eNOEVcGt0xv5byLrDxWAlfzk+D4VWEJUBAwQk=\n" \
	"answers:\n- move: \"g15 to 1625\"\n"

/* orders_parse_memo of text with m: its step, or -1 when refused */
static long long step_of(const char *text, struct memo *m)
{
	struct orders o;
	struct error err;
	int rc = orders_parse_memo("o", text, strlen(text), m, &o, &err);
	long long n = rc ? -1 : o.step;
	orders_free(&o);
	return n;
}

/* a judge's memo of order files' trees (orders_parse_memo): known by
 * their very bytes, so orders changed in any byte are read anew */
static void orders_cases(struct memo *m)
{
	CHECK(step_of(ORDERS("300"), m) == 300, "orders read, kept");
	CHECK(step_of(ORDERS("301"), m) == 301, "other orders: their own");
	CHECK(step_of(ORDERS("300"), m) == 300, "the first, from the memo");
	CHECK(step_of(ORDERS("30x"), m) == -1, "orders changed to a bad "
	      "step: refused, the memo notwithstanding");
	CHECK(step_of(ORDERS("300") "answers: []\n", m) == -1,
	      "a key twice: refused");
}

int main(void)
{
	char dir[] = "/tmp/umpire-memofile-XXXXXX";
	if (!mkdtemp(dir))
		return 2;
	char path[200], tmp[200];
	snprintf(path, sizeof path, "%s/point.7", dir);
	snprintf(tmp, sizeof tmp, "%s/tmp", dir);
	struct memo *m = memo_new();
	struct stat st, was;
	put(path, "one");
	if (stat(path, &st))
		return 2;
	CHECK(!memo_file_reads(m, path, &st), "a file not read: unknown");
	memo_file_reads_keep(m, path, &st);
	CHECK(memo_file_reads(m, path, &st), "found to read: known");
	CHECK(!memo_file_reads(NULL, path, &st), "no memo: never known");
	char other[220];
	snprintf(other, sizeof other, "%s/point.8", dir);
	CHECK(!memo_file_reads(m, other, &st), "another path: unknown");
	/* written anew (a new file renamed over it), the same size */
	was = st;
	put(tmp, "two");
	if (rename(tmp, path) || stat(path, &st))
		return 2;
	CHECK(!memo_file_reads(m, path, &st), "written anew: read again");
	memo_file_reads_keep(m, path, &st);
	CHECK(memo_file_reads(m, path, &st), "its new identity kept");
	/* changed in place: its times and size at least */
	was = st;
	put(path, "three");
	if (stat(path, &st))
		return 2;
	CHECK(!memo_file_reads(m, path, &st), "changed in place: read again");
	/* kept as stat saw it before it changed: not kept */
	char q[220];
	snprintf(q, sizeof q, "%s/point.9", dir);
	put(q, "four");
	if (stat(q, &was))
		return 2;
	put(tmp, "five");
	if (rename(tmp, q) || stat(q, &st))
		return 2;
	memo_file_reads_keep(m, q, &was);
	CHECK(!memo_file_reads(m, q, &was) && !memo_file_reads(m, q, &st),
	      "changed while it was read: not kept");
	unlink(q);
	/* more files than the memo keeps: the oldest forgotten, the
	 * newest known */
	for (int i = 0; i < MEMO_FILES + 1; i++) {
		snprintf(other, sizeof other, "%s/p%d", dir, i);
		put(other, "x");
		struct stat o;
		if (stat(other, &o))
			return 2;
		memo_file_reads_keep(m, other, &o);
		CHECK(memo_file_reads(m, other, &o), "file %d kept", i);
		unlink(other);
	}
	orders_cases(m);
	memo_free(m);
	unlink(path);
	rmdir(dir);
	return unit_done("test_memofile");
}
