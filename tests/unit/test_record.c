/*
 * test_record.c - the local record's refused orders (record.h,
 * record_refuse; umpire-protocol(7), REFUSED ORDERS): a refusal lets one
 * other order file be signed for its step, once, and survives a save;
 * and the lock an open record holds.
 */
#define _DEFAULT_SOURCE         /* flock(2) */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <sodium.h>
#include "umpire/doc.h"
#include "umpire/record.h"
#include "unit.h"

#define GAME "0123456789abcdef0123456789abcdef"

static void hash_of(const char *s, unsigned char out[32])
{
	crypto_generichash(out, 32, (const unsigned char *)s, strlen(s),
			   NULL, 0);
}

/* Whether kind/step/hash/by appear in that order among r's marks. */
static int has(const struct record *r, char kind, long long n,
	       const unsigned char h[32], const unsigned char *by)
{
	record_hash ht, bt;
	doc_b64_32_str(ht, h);
	if (by)
		doc_b64_32_str(bt, by);
	for (size_t i = 0; i < r->n_marks; i++)
		if (r->kinds[i] == kind && r->marks[i].step == n &&
		    !strcmp(r->marks[i].hash, ht) &&
		    (!by || !strcmp(r->marks[i].by, bt)))
			return 1;
	return 0;
}

int main(void)
{
	char dir[] = "/tmp/umpire-test-record-XXXXXX";
	struct pubkey pk;
	struct record r;
	struct error err;
	unsigned char a[32], b[32], c[32], ra[32], rb[32];
	if (sodium_init() < 0 || !mkdtemp(dir))
		return 1;
	setenv("XDG_STATE_HOME", dir, 1);
	memset(&pk, 0, sizeof pk);
	randombytes_buf(pk.pk, sizeof pk.pk);
	hash_of("orders A", a);
	hash_of("orders B", b);
	hash_of("orders C", c);
	hash_of("refusal of A", ra);
	hash_of("refusal of B", rb);

	CHECK(record_open(&r, &pk, GAME, &err) == 0, "an empty record");
	CHECK(record_refuse(&r, 1, a, ra, "ra", &err) != 0 &&
	      strstr(err.msg, "signed no order file for step 1"),
	      "no refusal for a step this key signed nothing for");
	CHECK(record_mark(&r, 's', 1, a, "a", &err) == 0, "A signed");
	CHECK(record_mark(&r, 's', 1, b, "b", &err) != 0,
	      "B refused without a refusal");
	CHECK(record_refuse(&r, 1, b, rb, "rb", &err) != 0 &&
	      strstr(err.msg, "names another order file"),
	      "a refusal of a file this key did not sign last is refused");
	CHECK(record_refuse(&r, 2, a, ra, "ra", &err) != 0,
	      "a refusal of A for another step is refused");
	CHECK(record_refuse(&r, 1, a, ra, "ra", &err) == 0 &&
	      has(&r, 'r', 1, a, ra), "the refusal of A is kept");
	CHECK(record_mark(&r, 's', 1, a, "a", &err) != 0 &&
	      strstr(err.msg, "refused these very orders"),
	      "the refused file is not signed again");
	CHECK(record_mark(&r, 's', 1, b, "b", &err) == 0, "B signed after it");
	CHECK(record_refuse(&r, 1, a, ra, "ra", &err) == 0,
	      "the same refusal again is allowed");
	CHECK(record_mark(&r, 's', 1, c, "c", &err) != 0 &&
	      strstr(err.msg, "already signed other orders"),
	      "the refusal of A serves once: C refused while B stands");
	CHECK(record_refuse(&r, 1, a, rb, "rb", &err) != 0,
	      "A refused again by another refusal is refused");
	CHECK(record_save(&r, &err) == 0, "saved");
	record_free(&r);

	/* the lock: held from record_open to record_free, against any
	 * other open file (another process's) */
	CHECK(record_open(&r, &pk, GAME, &err) == 0, "read back");
	char lock[512], hex[65];
	sodium_bin2hex(hex, sizeof hex, pk.pk, 32);
	snprintf(lock, sizeof lock, "%s/umpire/%s/%s.lock", dir, hex, GAME);
	int fd = open(lock, O_RDWR);
	CHECK(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) != 0 &&
	      errno == EWOULDBLOCK, "an open record is locked");
	record_free(&r);
	CHECK(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0,
	      "record_free lets go of the lock");
	if (fd >= 0)
		close(fd);
	CHECK(record_open(&r, &pk, GAME, &err) == 0, "read back");
	CHECK(has(&r, 's', 1, a, NULL) && has(&r, 's', 1, b, NULL) &&
	      has(&r, 'r', 1, a, ra), "signed A, B and the refusal of A");
	CHECK(record_mark(&r, 's', 1, c, "c", &err) != 0,
	      "after reading: C still refused");
	CHECK(record_refuse(&r, 1, b, rb, "rb", &err) == 0 &&
	      record_mark(&r, 's', 1, c, "c", &err) == 0,
	      "a refusal of B lets C be signed");
	/* a step this key verified was resolved: no refusal reopens it */
	CHECK(record_mark(&r, 's', 2, a, "a2", &err) == 0, "A for step 2");
	r.n_steps = r.cap_steps = 2;
	free(r.steps);
	r.steps = calloc(2, sizeof *r.steps);
	doc_b64_32_str(r.steps[0].hash, b);
	doc_b64_32_str(r.steps[0].sig, c);
	doc_b64_32_str(r.steps[1].hash, c);
	doc_b64_32_str(r.steps[1].sig, a);
	CHECK(record_refuse(&r, 2, a, ra, "ra", &err) != 0 &&
	      strstr(err.msg, "adjudicated already"),
	      "no refusal for a step this key verified");
	r.dirty = 1;
	CHECK(record_save(&r, &err) == 0, "saved with two steps");
	record_free(&r);

	/* the steps' hashes are kept as text and decoded where consulted:
	 * what they say is the same after a save and a read */
	CHECK(record_open(&r, &pk, GAME, &err) == 0 && r.n_steps == 2,
	      "two steps read back");
	CHECK(record_check_prev(&r, 3, c, "o", &err) == 0,
	      "orders for step 3 on the step 2 verified");
	CHECK(record_check_prev(&r, 2, c, "o", &err) != 0 &&
	      strstr(err.msg, "another history"),
	      "orders for step 2 on another step 1 than the one verified");
	CHECK(has(&r, 's', 2, a, NULL) && record_mark(&r, 's', 2, b, "b2",
						      &err) != 0,
	      "step 2's mark read back: another file for it refused");
	char *path0 = strdup(r.path);
	record_free(&r);

	/* status's question to the actor's record: an order file it
	 * signed for step n and did not see refused, read from those lines
	 * alone; another key's record is not asked */
	char origin[80] = "";
	struct pubkey other;
	memset(&other, 0, sizeof other);
	randombytes_buf(other.pk, sizeof other.pk);
	CHECK(record_open(&r, &other, GAME, &err) == 0 &&
	      record_mark(&r, 's', 3, a, "other", &err) == 0 &&
	      record_save(&r, &err) == 0, "another key signed for step 3");
	record_free(&r);
	CHECK(record_signed(&pk, GAME, 1, origin, sizeof origin) &&
	      !strcmp(origin, "c"), "step 1: C, the file signed after "
	      "A's and B's refusals");
	CHECK(record_signed(&pk, GAME, 2, origin, sizeof origin) &&
	      !strcmp(origin, "a2"), "step 2: A");
	CHECK(!record_signed(&pk, GAME, 3, origin, sizeof origin),
	      "step 3: nothing signed by this key");
	CHECK(record_signed(&other, GAME, 3, origin, sizeof origin) &&
	      !strcmp(origin, "other"), "step 3: the other key's, asked");
	CHECK(!record_signed(&pk, "fedcba9876543210fedcba9876543210", 1,
			     origin, sizeof origin),
	      "another game: nothing signed");

	/* a malformed step line: the record is refused naming its line */
	FILE *f = fopen(path0, "a");
	if (f) {
		fputs("step 3 notbase64 AAAA\n", f);
		fclose(f);
	}
	CHECK(record_open(&r, &pk, GAME, &err) != 0 &&
	      strstr(err.msg, "not a local record"),
	      "a step line with no hash refused");
	record_free(&r);        /* (read, wrongly: its lock let go) */
	/* a hash's text other than the one the record writes (the last
	 * digit's unused bits set): refused as it is read, as before */
	if (truncate(path0, 0) == 0 && (f = fopen(path0, "w")) != NULL) {
		record_hash h;
		doc_b64_32_str(h, a);
		h[DOC_B64_32_LEN - 2] = h[DOC_B64_32_LEN - 2] == 'B' ? 'C' :
			'B';
		fprintf(f, "umpire record/1\ngame %s\nstep 1 %s %s\n", GAME,
			h, h);
		fclose(f);
	}
	CHECK(record_open(&r, &pk, GAME, &err) != 0 &&
	      strstr(err.msg, "line 3"),
	      "a hash text that is not canonical refused, naming its line");
	record_free(&r);
	/* the lines record_save writes are read by their layout, others by
	 * their words (record.c): both accept and refuse alike */
	{
		record_hash h, bad;
		doc_b64_32_str(h, a);
		strcpy(bad, h);
		bad[DOC_B64_32_LEN - 2] = bad[DOC_B64_32_LEN - 2] == 'B' ?
			'C' : 'B';
		static const struct {
			const char *head, *tail, *what;
			int two, ok;
		} lines[] = {
			{ "step 1 ", "\n", "a step line", 1, 1 },
			{ "step 01 ", "\n", "a step number with a leading 0",
			  1, 1 },
			{ "step 2 ", "\n", "a step out of order", 1, 0 },
			{ "signed 1 ", " o.yaml\n", "a mark line", 0, 1 },
			{ "countersigned 1 ", " o.yaml\n",
			  "a countersigned line", 0, 1 },
			{ "signed 0 ", " o.yaml\n", "a mark of step 0", 0, 0 },
			{ "signed 1 ", "\n", "a mark without its origin", 0, 0 },
			{ "signed 1 ", " a b\n", "a mark with two origins", 0,
			  0 },
			{ "signed 1 ", " o.yaml \n",
			  "a mark ending with a space (its origin o.yaml)", 0,
			  1 },
			{ "signed 99999999999999999999 ", " o\n",
			  "a step number too large", 0, 0 },
		};
		for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
			for (int canon = 0; canon < 2; canon++) {
				FILE *g = fopen(path0, "w");
				if (!g)
					break;
				fprintf(g, "umpire record/1\ngame %s\n", GAME);
				fprintf(g, "%s%s%s%s%s", lines[i].head,
					canon ? h : bad, lines[i].two ? " " :
					"", lines[i].two ? canon ? h : bad : "",
					lines[i].tail);
				fclose(g);
				int rc = record_open(&r, &pk, GAME, &err);
				CHECK((rc == 0) == (lines[i].ok && canon),
				      "%s, its hash %s: %s", lines[i].what,
				      canon ? "canonical" : "not canonical",
				      lines[i].ok && canon ? "read" :
				      "refused");
				if (rc == 0)
					record_free(&r);
			}
	}
	/* a long record: every step and mark kept in order however many
	 * (the arrays made room for as the file's length allows), and a
	 * mark's origin with bytes outside '!'..'~' kept with '_' there */
	FILE *g = fopen(path0, "w");
	if (g) {
		record_hash h;
		fprintf(g, "umpire record/1\ngame %s\n", GAME);
		for (int i = 1; i <= 300; i++) {
			unsigned char x[32];
			char s[32];
			snprintf(s, sizeof s, "step %d", i);
			hash_of(s, x);
			doc_b64_32_str(h, x);
			fprintf(g, "step %d %s %s\nsigned %d %s o\001p\303\251q-%d\n",
				i, h, h, i + 1, h, i);
		}
		fclose(g);
	}
	int read_all = record_open(&r, &pk, GAME, &err) == 0;
	CHECK(read_all && r.n_steps == 300 && r.n_marks == 300 &&
	      r.marks[299].step == 301 &&
	      !strcmp(r.marks[0].origin, "o_p__q-1") &&
	      !strcmp(r.marks[299].origin, "o_p__q-300"),
	      "300 steps and marks read, origins made printable");
	if (read_all) {
		unsigned char x[32];
		hash_of("step 300", x);
		CHECK(record_check_prev(&r, 301, x, "o", &err) == 0,
		      "the last step's hash kept");
		record_free(&r);
	}

	/* the summary beside the record (record.c): made when the record
	 * was read whole, then read in its place while the record is the
	 * file it summarises; a record changed since (appended to by
	 * another process, truncated, edited) is read whole again */
	char sum[600];
	struct stat sst;
	snprintf(sum, sizeof sum, "%s.sum", path0);
	CHECK(stat(sum, &sst) == 0 && (sst.st_mode & 0777) == 0600,
	      "the summary made, 0600");
	CHECK(record_open(&r, &pk, GAME, &err) == 0 && r.sum_ok &&
	      r.n_steps == 300 && r.n_marks == 300 &&
	      !strcmp(r.marks[299].origin, "o_p__q-300"),
	      "read from the summary: the same steps and marks");
	CHECK(record_mark(&r, 's', 302, a, "late", &err) == 0 &&
	      record_save(&r, &err) == 0, "a mark appended");
	record_free(&r);
	CHECK(record_open(&r, &pk, GAME, &err) == 0 && r.sum_ok &&
	      r.n_marks == 301 && has(&r, 's', 302, a, NULL),
	      "the summary appended to with the record");
	record_free(&r);
	/* its head written over in place under the lock (rewrite_cache):
	 * the same inode, not a new file renamed over it */
	struct stat sst2;
	CHECK(stat(sum, &sst2) == 0 && sst2.st_ino == sst.st_ino &&
	      (sst2.st_mode & 0777) == 0600,
	      "the summary's head written over in place, 0600");
	struct stat rst;
	CHECK(stat(path0, &rst) == 0, "the record's length");
	/* another process appends a line (an umpire that knows no
	 * summary) */
	if ((f = fopen(path0, "a")) != NULL) {
		record_hash hb;
		doc_b64_32_str(hb, b);
		fprintf(f, "signed 303 %s other\n", hb);
		fclose(f);
	}
	CHECK(record_open(&r, &pk, GAME, &err) == 0 && r.n_marks == 302 &&
	      has(&r, 's', 303, b, NULL),
	      "a record appended to by another process: its new line read");
	record_free(&r);
	/* cut back to what it held: the line gone again */
	CHECK(truncate(path0, rst.st_size) == 0 &&
	      record_open(&r, &pk, GAME, &err) == 0 && r.n_marks == 301 &&
	      !has(&r, 's', 303, b, NULL),
	      "a truncated record: the line cut off forgotten");
	record_free(&r);
	/* edited in place, its length kept, a line far from its end (a
	 * moment later, as a person or a program would) */
	{
		unsigned char x[32];
		record_hash h1, h2;
		hash_of("step 1", x);
		doc_b64_32_str(h1, x);
		doc_b64_32_str(h2, c);
		char *buf = NULL, *at;
		size_t n = 0;
		FILE *e = fopen(path0, "r+");
		CHECK(e && getdelim(&buf, &n, '\0', e) > 0 &&
		      (at = strstr(buf, h1)) != NULL,
		      "the first step's line found");
		if (e && buf && (at = strstr(buf, h1)) != NULL) {
			struct timespec later = { 0, 50 * 1000 * 1000 };
			nanosleep(&later, NULL);
			fseek(e, at - buf, SEEK_SET);
			fwrite(h2, 1, DOC_B64_32_LEN, e);
		}
		if (e)
			fclose(e);
		free(buf);
		CHECK(record_open(&r, &pk, GAME, &err) == 0 &&
		      record_check_prev(&r, 2, c, "o", &err) == 0,
		      "an edited record: the edited step read");
		record_free(&r);
	}
	/* the summary's own files short: the record read whole */
	char side[600];
	snprintf(side, sizeof side, "%s.sum-marks", path0);
	CHECK(truncate(side, 0) == 0 &&
	      record_open(&r, &pk, GAME, &err) == 0 && r.n_marks == 301 &&
	      has(&r, 's', 302, a, NULL) && stat(side, &sst) == 0 &&
	      (size_t)sst.st_size == 301 * sizeof(struct record_mark),
	      "a summary whose side file lost its marks: the record read "
	      "whole, the summary made again");
	record_free(&r);
	free(path0);

	char path[256];
	snprintf(path, sizeof path, "rm -rf '%s'", dir);
	if (system(path) != 0)
		return 1;
	return unit_done("record");
}
