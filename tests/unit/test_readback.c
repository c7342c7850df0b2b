/*
 * test_readback.c - a game's text read back before it is written
 * (readback.c): the state's entries whose lines and tree are those read
 * are not parsed again, and every other difference between the text and
 * the tree is still found.
 */
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/doc.h"
#include "umpire/memo.h"
#include "umpire/readback.h"
#include "unit.h"

static struct doc *parsed(const char *text)
{
	struct doc *d = doc_new("test");
	struct error err;
	if (doc_parse(d, text, strlen(text), &DOC_LIMITS_GAME, &err)) {
		fprintf(stderr, "test_readback: %s\n", err.msg);
		exit(2);
	}
	return d;
}

/* readback_same of text against the tree of game (its state), the state
 * read from src */
static int same(const char *src, const char *game, const char *text)
{
	struct doc *was = parsed(src), *now = parsed(game);
	struct error err;
	int r = readback_same(now->root, doc_get(now->root, "state"),
			      doc_get(was->root, "state"), src, strlen(src),
			      text, strlen(text), "test", &err);
	doc_free(was);
	doc_free(now);
	return r;
}

#define HEAD "umpire: game/3\ngame: 0123\n"
#define STEPS "steps:\n- {n: 1}\n"

/* readback_memo of text against the tree of game, with memo m */
static int by_piece(const char *game, const char *text, struct memo *m)
{
	struct doc *now = parsed(game);
	int r = readback_memo(now->root, text, strlen(text), "test", m);
	doc_free(now);
	return r;
}

/* whether m holds the tree of the piece piece (its bytes' hash) */
static int kept(struct memo *m, const char *piece)
{
	unsigned char h[32];
	crypto_generichash(h, 32, (const unsigned char *)piece,
			   strlen(piece), NULL, 0);
	return memo_step(m, h) != NULL;
}

/*
 * A judge's read back a piece at a time (readback_memo): what the memo
 * knows by its bytes is not parsed again, what it does not is parsed
 * and kept for the next message's load, and no tree the memo holds
 * stands for bytes other than its own: a text that is not the tree's,
 * or that the whole parse would refuse, is never "the same".
 */
static void memo_cases(void)
{
	const char *a = HEAD "state:\n  x: [1, 2]\n  y: b\n" STEPS
		"- {n: 2}\n";
	const char *b = HEAD "state:\n  x: [1, 2]\n  y: c\n" STEPS
		"- {n: 2}\n- {n: 3}\n";
	struct memo *m = memo_new();
	CHECK(by_piece(a, a, m) == 1, "a text written from its tree reads "
	      "back a piece at a time");
	CHECK(kept(m, "  y: b\n") && kept(m, "- {n: 2}\n") &&
	      kept(m, HEAD), "its pieces are kept for the next load");
	CHECK(by_piece(a, a, m) == 1, "again, from the memo");
	CHECK(by_piece(b, b, m) == 1 && kept(m, "  y: c\n") &&
	      kept(m, "- {n: 3}\n"), "an entry and a step changed: read "
	      "and kept, the others from the memo");
	/* stale: the memo holds every piece of a, the tree is b's */
	CHECK(by_piece(b, a, m) == 0, "the text of the game before a step "
	      "is not the game after it, every piece in the memo");
	CHECK(by_piece(a, b, m) == 0, "nor the other way round");
	CHECK(by_piece(b, HEAD "state:\n  x: [1, 2]\n  y: b\n" STEPS
		       "- {n: 2}\n- {n: 3}\n", m) == 0,
	      "an entry written as it was before the step is found");
	CHECK(by_piece(b, HEAD "state:\n  x: [1, 2]\n  y: c\n" STEPS
		       "- {n: 2}\n", m) == 0, "a step left out is found");
	CHECK(by_piece(b, HEAD "state:\n  y: c\n  x: [1, 2]\n" STEPS
		       "- {n: 2}\n- {n: 3}\n", m) == 0,
	      "entries in another order are found");
	CHECK(by_piece(b, HEAD "state:\n  x: [1, 2]\n  y: c\n  y: c\n"
		       STEPS "- {n: 2}\n- {n: 3}\n", m) == 0,
	      "a key twice (the whole parse refuses it) is not the same");
	CHECK(by_piece(a, "umpire: game/3\ngame: 0124\nstate:\n  x: [1, 2]"
		       "\n  y: b\n" STEPS "- {n: 2}\n", m) == 0,
	      "a header changed is found");
	CHECK(by_piece(a, a, NULL) == 0, "with no memo: not read so");
	/* deeper than the game's limits: each piece alone is one level
	 * shallower than in the file, which the whole parse refuses */
	struct strbuf deep = STRBUF_INIT;
	strbuf_adds(&deep, HEAD "state:\n  x: ");
	for (int i = 0; i < 31; i++)
		strbuf_adds(&deep, "[");
	strbuf_adds(&deep, "1");
	for (int i = 0; i < 31; i++)
		strbuf_adds(&deep, "]");
	strbuf_adds(&deep, "\n" STEPS);
	struct doc *whole = doc_new("test");
	struct error err;
	CHECK(doc_parse(whole, deep.buf, deep.len, &DOC_LIMITS_GAME,
			&err) != 0, "31 sequences within an entry: too deep "
	      "for the whole parse");
	struct doc_limits lim = DOC_LIMITS_GAME;
	lim.max_depth = 64;
	doc_free(whole);
	whole = doc_new("test");
	if (doc_parse(whole, deep.buf, deep.len, &lim, &err) == 0)
		CHECK(readback_memo(whole->root, deep.buf, deep.len, "test",
				    m) == 0, "nor read back a piece at a time");
	doc_free(whole);
	strbuf_free(&deep);
	memo_free(m);
}

int main(void)
{
	const char *src = HEAD "state:\n  x: [1, 2]\n  y: b\n  z: |-\n"
		"    one\n\n    two\n" STEPS;
	const char *moved = HEAD "state:\n  x: [1, 2]\n  y: c\n  z: |-\n"
		"    one\n\n    two\n" STEPS;

	/* the tree's own text: what doc_emit writes reads back */
	struct doc *d = parsed(moved);
	struct strbuf sb = STRBUF_INIT;
	struct error err;
	CHECK(doc_emit(d->root, &sb, &err) == 0 && !strcmp(sb.buf, moved),
	      "the test's text is the emitter's (literal with an empty line)");
	CHECK(same(src, moved, sb.buf) == 1,
	      "a step's new text reads back as its tree");
	strbuf_free(&sb);
	doc_free(d);

	/* an entry left as read is not parsed again: its lines, unparsable
	 * here in both texts, are skipped (a parse of them would fail) */
	const char *bad_src = HEAD "state:\n  x: [1, 2\n  y: b\n" STEPS;
	const char *bad_text = HEAD "state:\n  x: [1, 2\n  y: c\n" STEPS;
	struct doc *was = parsed(HEAD "state:\n  x: [1, 2]\n  y: b\n" STEPS);
	struct doc *now = parsed(HEAD "state:\n  x: [1, 2]\n  y: c\n" STEPS);
	int r = readback_same(now->root, doc_get(now->root, "state"),
			      doc_get(was->root, "state"), bad_src,
			      strlen(bad_src), bad_text, strlen(bad_text),
			      "test", &err);
	CHECK(r == 1, "an entry whose lines and tree are as read is skipped "
	      "(got %d)", r);
	/* without the state read, everything is parsed: the same text fails */
	r = readback_same(now->root, doc_get(now->root, "state"), NULL, NULL,
			  0, bad_text, strlen(bad_text), "test", &err);
	CHECK(r == -1, "with nothing read, every entry is parsed (got %d)", r);
	doc_free(was);
	doc_free(now);

	/* what the skip must not hide */
	CHECK(same(src, moved, HEAD "state:\n  x: [1, 2]\n  y: d\n  z: |-\n"
		   "    one\n\n    two\n" STEPS) == 0,
	      "a changed entry written wrong is found");
	CHECK(same(src, moved, HEAD "state:\n  x: [1, 3]\n  y: c\n  z: |-\n"
		   "    one\n\n    two\n" STEPS) == 0,
	      "an unchanged entry written otherwise than read is found");
	const char *x3 = HEAD "state:\n  x: [1, 3]\n  y: c\n  z: |-\n"
		"    one\n\n    two\n" STEPS;
	CHECK(same(src, x3, moved) == 0,
	      "an entry written as read, whose tree changed, is found");
	CHECK(same(src, moved, HEAD "state:\n  x: [1, 2]\n  y: c\n  z: |-\n"
		   "    one\n\n    twO\n" STEPS) == 0,
	      "a literal's line after an empty line belongs to its entry");
	CHECK(same(src, moved, HEAD "state:\n  x: [1, 2]\n  y: c\n"
		   "  z: |-\n    one\n\n    two\n" "steps:\n- {n: 2}\n") == 0,
	      "the text after the state is parsed");
	/* every entry as read: one is still parsed (the state stays a map) */
	CHECK(same(src, src, src) == 1, "a state left whole reads back");
	CHECK(same(src, src, HEAD "state:\n  x: [1, 2]\n  y: b\n  z: |-\n"
		   "    one\n\n    two\n" STEPS "- {n: 3}\n") == 0,
	      "a state left whole: the rest is still compared");

	memo_cases();
	return unit_done("test_readback");
}
