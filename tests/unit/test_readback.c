/*
 * test_readback.c - a game's text read back before it is written
 * (readback.c): the state's entries whose lines and tree are those read
 * are not parsed again, and every other difference between the text and
 * the tree is still found.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/doc.h"
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
	return unit_done("test_readback");
}
