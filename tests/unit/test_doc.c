/*
 * test_doc.c - the document layer's shortcuts against what they replace:
 * doc_int against "%lld", doc_same against comparing encodings, doc_hash
 * against hashing doc_encode's bytes, doc_pack/doc_unpack round trips,
 * the scenario cache kept with the checkpoints (scenario.c),
 * strbuf_addf's one-pass formatting against snprintf, and orders_pack
 * against the orders as parsed.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sodium.h>
#include "umpire/armor.h"
#include "umpire/doc.h"
#include "umpire/fsutil.h"
#include "umpire/orders.h"
#include "umpire/scenario.h"
#include "unit.h"

static int same_encoding(const struct doc_node *a, const struct doc_node *b)
{
	struct strbuf x = STRBUF_INIT, y = STRBUF_INIT;
	doc_encode(a, &x);
	doc_encode(b, &y);
	int eq = x.len == y.len && memcmp(x.buf, y.buf, x.len) == 0;
	strbuf_free(&x);
	strbuf_free(&y);
	return eq;
}

static void hash_by_encoding(const char *domain, const struct doc_node *n,
			     unsigned char out[32])
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, domain);
	doc_encode(n, &sb);
	crypto_generichash(out, 32, (const unsigned char *)sb.buf, sb.len,
			   NULL, 0);
	strbuf_free(&sb);
}

/* every node's line and style the same in a and b */
static int same_lines(const struct doc_node *a, const struct doc_node *b)
{
	if (a->line != b->line || a->style != b->style || a->n != b->n)
		return 0;
	for (size_t i = 0; a->kind != DOC_SCALAR && i < a->n; i++)
		if ((a->kind == DOC_MAP && !same_lines(a->keys[i], b->keys[i]))
		    || !same_lines(a->items[i], b->items[i]))
			return 0;
	return 1;
}

static void test_int(void)
{
	static const long long v[] = { 0, 1, -1, 9, 10, -10, 42, 1234567,
		-987654321, LLONG_MAX, LLONG_MIN, LLONG_MIN + 1 };
	struct doc *d = doc_new("int");
	for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
		char want[32];
		snprintf(want, sizeof want, "%lld", v[i]);
		const struct doc_node *n = doc_int(d, v[i]);
		CHECK(n->len == strlen(want) && !strcmp(n->str, want),
		      "doc_int(%s) is \"%s\"", want, n->str);
	}
	doc_free(d);
}

static struct doc *parse(const char *text)
{
	struct error err;
	struct doc *d = doc_new("t");
	if (doc_parse(d, text, strlen(text), &DOC_LIMITS_SMALL, &err)) {
		printf("# %s\n", err.msg);
		doc_free(d);
		return NULL;
	}
	return d;
}

static void test_same(void)
{
	static const char *const docs[] = {
		"a", "b", "ab", "''", "[a]", "[a, b]", "[ab]", "[[a]]", "{a: b}",
		"{a: c}", "{b: b}", "{a: b, c: d}", "{c: d, a: b}", "[]", "{}",
		"{a: [b]}", "{a: {b: c}}", "[{a: b}]", "[a, [b]]", "[[a], b]",
	};
	size_t n = sizeof docs / sizeof *docs, agree = 0;
	struct doc *d[sizeof docs / sizeof *docs];
	for (size_t i = 0; i < n; i++)
		d[i] = parse(docs[i]);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			agree += d[i] && d[j] && doc_same(d[i]->root,
				d[j]->root) == same_encoding(d[i]->root,
							     d[j]->root);
	CHECK(agree == n * n, "doc_same agrees with the encodings on %zu of "
	      "%zu pairs", agree, n * n);
	for (size_t i = 0; i < n; i++)
		doc_free(d[i]);
}

static void test_hash_and_pack(void)
{
	struct scenario s;
	struct error err;
	unsigned char a[32], b[32];
	if (scenario_load("scenarios/race-to-the-reichstag.yaml", &s, &err)) {
		CHECK(0, "load the Race to the Reichstag scenario: %s",
		      err.msg);
		return;
	}
	/* larger than the hash's 4096-byte buffer many times over */
	doc_hash("umpire/1 scenario", s.doc->root, a);
	hash_by_encoding("umpire/1 scenario", s.doc->root, b);
	CHECK(!memcmp(a, b, 32), "doc_hash is BLAKE2b of domain and "
	      "doc_encode (a 128 KiB scenario)");
	CHECK(!memcmp(a, s.hash, 32), "the scenario's hash is that hash");
	struct strbuf p = STRBUF_INIT;
	doc_pack(s.doc->root, &p);
	struct doc *u = doc_new("unpacked");
	CHECK(doc_unpack(u, p.buf, p.len) == 0 && u->root &&
	      doc_same(u->root, s.doc->root) &&
	      same_lines(u->root, s.doc->root),
	      "pack and unpack: the same tree, lines and styles");
	doc_free(u);
	/* every cut of a small packed tree is refused, and a byte more */
	struct doc *small = parse("a: [b, {c: d}]\ne: f\n");
	struct strbuf q = STRBUF_INIT;
	doc_pack(small->root, &q);
	size_t refused = 0;
	for (size_t len = 0; len < q.len; len++) {
		struct doc *t = doc_new("cut");
		refused += doc_unpack(t, q.buf, len) != 0;
		doc_free(t);
	}
	CHECK(refused == q.len, "each of the %zu cuts of a packed tree is "
	      "refused (%zu)", q.len, refused);
	strbuf_addc(&q, 's');
	struct doc *t = doc_new("long");
	CHECK(doc_unpack(t, q.buf, q.len) != 0, "a byte after the tree is "
	      "refused");
	doc_free(t);
	q.buf[0] = 7;   /* no such kind */
	t = doc_new("kind");
	CHECK(doc_unpack(t, q.buf, q.len - 1) != 0, "an unknown node kind is "
	      "refused");
	doc_free(t);
	strbuf_free(&q);
	doc_free(small);
	strbuf_free(&p);
	scenario_free(&s);
}

/* The one file in dir whose name starts with "scenario-", or "". */
static void cache_file(const char *dir, char *out, size_t size)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd, "ls %s/scenario-* 2>/dev/null", dir);
	FILE *f = popen(cmd, "r");
	out[0] = '\0';
	if (f) {
		if (fgets(out, (int)size, f))
			out[strcspn(out, "\n")] = '\0';
		pclose(f);
	}
}

static void test_cache(void)
{
	char state[] = "/tmp/umpire-test-doc-XXXXXX", cp[300], file[600];
	struct scenario s0, s1, s2, s3;
	struct error err;
	if (!mkdtemp(state)) {
		CHECK(0, "a temporary state directory");
		return;
	}
	/* a state directory that cannot be made (a file in its way): the
	 * scenario is read all the same, and nothing is kept */
	snprintf(cp, sizeof cp, "%s/file", state);
	FILE *in_way = fopen(cp, "w");
	if (in_way)
		fclose(in_way);
	setenv("XDG_STATE_HOME", cp, 1);
	int rc = scenario_find("scenarios", "aachen", &s0, &err);
	CHECK(rc == 0 && s0.doc, "no place for a cache: the scenario is read");
	setenv("XDG_STATE_HOME", state, 1);
	/* no checkpoints directory yet: it is made (0700), the tree kept */
	if (s0.doc)
		scenario_free(&s0);
	rc = scenario_find("scenarios", "aachen", &s0, &err);
	snprintf(cp, sizeof cp, "%s/umpire/checkpoints", state);
	struct stat st;
	cache_file(cp, file, sizeof file);
	CHECK(rc == 0 && file[0] && stat(cp, &st) == 0 &&
	      (st.st_mode & 0777) == 0700,
	      "no checkpoints directory: made 0700, the tree kept in it");
	rc = scenario_find("scenarios", "aachen", &s1, &err);
	CHECK(rc == 0 && s1.doc && doc_same(s1.doc->root, s0.doc->root),
	      "kept: the same tree read back");
	rc = scenario_find("scenarios", "aachen", &s2, &err);
	CHECK(rc == 0 && doc_same(s2.doc->root, s0.doc->root) &&
	      same_lines(s2.doc->root, s0.doc->root) &&
	      !memcmp(s2.hash, s0.hash, 32) && s2.rs == s0.rs &&
	      s2.n_sides == s0.n_sides,
	      "read back: the same tree, lines, hash and rules");
	/* a damaged cache: one byte of the tree changed; parsed again */
	char *buf;
	size_t len;
	if (file[0] && read_input(file, 1u << 24, &buf, &len, &err) == 0) {
		buf[len - 3] ^= 1;
		FILE *f = fopen(file, "wb");
		fwrite(buf, 1, len, f);
		fclose(f);
		free(buf);
	}
	rc = scenario_find("scenarios", "aachen", &s3, &err);
	CHECK(rc == 0 && doc_same(s3.doc->root, s0.doc->root) &&
	      !memcmp(s3.hash, s0.hash, 32),
	      "a damaged cache file is not used: the file is parsed");
	scenario_free(&s0);
	if (s1.doc)
		scenario_free(&s1);
	if (s2.doc)
		scenario_free(&s2);
	if (s3.doc)
		scenario_free(&s3);
	char cmd[400];
	snprintf(cmd, sizeof cmd, "rm -rf %s", state);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", state);
}

static void test_addf(void)
{
	struct strbuf sb = STRBUF_INIT;
	char want[4096], big[1500];
	size_t at = 0, ok = 0, tries = 0;
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	/* empty, small pieces, a piece longer than the stack room, pieces
	 * into spare room and pieces that overflow it */
	for (int i = 0; i < 40; i++, tries++) {
		const char *piece = i % 7 == 3 ? big + i * 30 : "ab";
		strbuf_addf(&sb, "%d:%s;", i, piece);
		at += (size_t)snprintf(want + at, sizeof want - at, "%d:%s;", i,
				       piece);
		ok += at < sizeof want && sb.len == at &&
			!memcmp(sb.buf, want, at) && sb.buf[at] == '\0';
		if (at > 3000) {
			strbuf_reset(&sb);
			at = 0;
			want[0] = '\0';
		}
	}
	CHECK(ok == tries, "strbuf_addf writes what snprintf does (%zu of "
	      "%zu)", ok, tries);
	strbuf_free(&sb);
}

/* A hash has one text: libsodium's decoder (1.0.18) reads a byte of 128
 * or above as '/', so "//" replaced by the two bytes of a UTF-8 letter
 * would otherwise be a second text of the same hash. */
static void test_b64_32_canonical(void)
{
	unsigned char b[32], got[32];
	char s[DOC_B64_32_LEN + 1];
	memset(b, 0xff, sizeof b);      /* all digits '/' but the last */
	doc_b64_32_str(s, b);
	CHECK(doc_b64_32_parse(s, strlen(s), got) == 0 &&
	      memcmp(got, b, 32) == 0, "a hash's own text read back");
	char *slashes = strstr(s, "//");
	CHECK(slashes != NULL, "the text has two slashes in a row");
	if (slashes) {
		memcpy(slashes, "\xc3\xa9", 2);        /* U+00E9 */
		CHECK(doc_b64_32_parse(s, strlen(s), got) != 0,
		      "a UTF-8 letter in place of // refused");
	}
	doc_b64_32_str(s, b);
	s[DOC_B64_32_LEN - 2] = s[DOC_B64_32_LEN - 2] == '8' ? '9' : '8';
	CHECK(doc_b64_32_parse(s, strlen(s), got) != 0,
	      "a last digit with low bits set refused");
}

/* doc_emit_b64_last against doc_emit of the same mapping with the pair
 * added by doc_b64: the same bytes, for boxes of one line, of a partial
 * last line and of whole lines. */
static void test_emit_b64_last(void)
{
	static const size_t sizes[] = { 0, 1, 47, 48, 49, 96, 100, 16432,
		16433, 65584 };
	for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
		size_t n = sizes[k];
		unsigned char *b = malloc(n + 1);
		randombytes_buf(b, n);
		struct strbuf want = STRBUF_INIT, got = STRBUF_INIT;
		struct error err;
		struct doc *d = doc_new("x"), *e = doc_new("y");
		struct doc_node *m = doc_map(d), *f = doc_map(e);
		doc_set_str(d, m, "umpire", "sealed/2");
		doc_set_str(d, m, "game", "0123456789abcdef0123456789abcdef");
		doc_set_str(d, m, "for", "german");
		doc_set(d, m, "box", doc_b64(d, b, n));
		doc_set_str(e, f, "umpire", "sealed/2");
		doc_set_str(e, f, "game", "0123456789abcdef0123456789abcdef");
		doc_set_str(e, f, "for", "german");
		strbuf_adds(&got, "before");
		struct strbuf t = STRBUF_INIT;
		b64_add(&t, b, n);
		int ok = doc_emit(m, &want, &err) == 0 &&
			doc_emit_b64_last(e, f, "box", t.buf ? t.buf : "",
					  t.len, &got, &err) == 0;
		strbuf_free(&t);
		CHECK(ok && got.len == want.len + 6 &&
		      !memcmp(got.buf, "before", 6) &&
		      !memcmp(got.buf + 6, want.buf, want.len),
		      "doc_emit_b64_last of %zu bytes as doc_emit writes them",
		      n);
		strbuf_free(&want);
		strbuf_free(&got);
		doc_free(d);
		doc_free(e);
		free(b);
	}
}

/* doc_fits against doc_parse of the text doc_emit writes: the same
 * verdict at each limit, just met and just passed. */
static void test_fits(void)
{
	struct doc *d = doc_new("x");
	struct doc_node *m = doc_map(d), *seq = doc_seq(d), *in = doc_map(d);
	doc_set_str(d, m, "umpire", "view/3");
	doc_set_str(d, in, "text", "a line\nand another");
	doc_push(d, seq, in);
	doc_push(d, seq, doc_str(d, "1234567890"));
	doc_set(d, m, "steps", seq);
	struct strbuf text = STRBUF_INIT;
	struct error err;
	CHECK(doc_emit(m, &text, &err) == 0, "a tree written");
	struct doc_limits base = { 1u << 20, 32, 1u << 20, 100000 };
	struct doc_limits cases[8];
	for (int i = 0; i < 8; i++)
		cases[i] = base;
	cases[0].max_bytes = text.len;
	cases[1].max_bytes = text.len - 1;
	cases[2].max_nodes = 9;         /* 2 keys, 2 values, 1 + 2 + 1 */
	cases[3].max_nodes = 8;
	cases[4].max_depth = 3;
	cases[5].max_depth = 2;
	cases[6].max_scalar = 18;       /* "a line\nand another" */
	cases[7].max_scalar = 17;
	for (int i = 0; i < 8; i++) {
		struct doc *r = doc_new("y");
		int parsed = doc_parse(r, text.buf, text.len, &cases[i],
				       &err) == 0;
		int fit = doc_fits(m, text.len, &cases[i], &err) == 0;
		CHECK(parsed == fit && parsed == !(i & 1),
		      "doc_fits says what doc_parse says (case %d: %s)", i,
		      parsed ? "read" : "refused");
		doc_free(r);
	}
	strbuf_free(&text);
	doc_free(d);
}

/* orders_pack: what a whole game's check keeps of each step's orders
 * (audit) reads as the parsed file did, with that file's document freed
 * (under ASan, a pointer left into it is a use after free) */
static void test_orders_pack(void)
{
	static const char text[] =
		"umpire: orders/1\n"
		"game: 9abbc334e71ab2a085f8426cd8ea7f80\n"
		"step: 300\n"
		"side: german\n"
		"prev: F7zc5SIxjTG/eK3WKmiQydcB2g4HGKaMgWaD8nWHQoo=\n"
		"reveal: gMbGd+eNOEVcGt0xv5byLrDxWAlfzk+D4VWEJUBAwQk=\n"
		"answers:\n"
		"- move: \"g15 to 1625\"\n"
		"- attack: none\n"
		"standing:\n"
		"  retreat: \"auto, keep the city\"\n"
		"  advance: \"no\"\n";
	struct orders a, b;
	struct error err;
	int ok = orders_parse("step 300 orders", text, strlen(text), &a,
			      &err) == 0 &&
		orders_parse("step 300 orders", text, strlen(text), &b,
			     &err) == 0;
	CHECK(ok, "the orders parse");
	if (!ok)
		return;
	orders_pack(&b);
	CHECK_STR(b.doc->name, a.doc->name, "packed: the name");
	CHECK_STR(b.game, a.game, "packed: the game");
	CHECK_STR(b.side, a.side, "packed: the side");
	CHECK(b.step == a.step && !memcmp(b.prev, a.prev, 32) &&
	      !memcmp(b.reveal, a.reveal, 32), "packed: step, prev, reveal");
	CHECK(b.n_answers == 2 && b.n_standing == 2,
	      "packed: 2 answers and 2 standing orders (%zu, %zu)",
	      b.n_answers, b.n_standing);
	for (size_t i = 0; i < a.n_answers && i < b.n_answers; i++)
		CHECK(!strcmp(a.answers[i].key, b.answers[i].key) &&
		      !strcmp(a.answers[i].value, b.answers[i].value) &&
		      a.answers[i].line == b.answers[i].line &&
		      b.answers[i].key != a.answers[i].key,
		      "packed: answer %zu, a copy (%s: %s, line %d)", i,
		      b.answers[i].key, b.answers[i].value,
		      b.answers[i].line);
	for (size_t i = 0; i < a.n_standing && i < b.n_standing; i++)
		CHECK(!strcmp(a.standing[i].key, b.standing[i].key) &&
		      !strcmp(a.standing[i].value, b.standing[i].value) &&
		      a.standing[i].line == b.standing[i].line,
		      "packed: standing order %zu (%s: %s)", i,
		      b.standing[i].key, b.standing[i].value);
	orders_free(&a);
	orders_free(&b);
}

int main(void)
{
	if (sodium_init() < 0)
		return 2;
	test_int();
	test_same();
	test_hash_and_pack();
	test_cache();
	test_addf();
	test_b64_32_canonical();
	test_emit_b64_last();
	test_fits();
	test_orders_pack();
	return unit_done("doc");
}
