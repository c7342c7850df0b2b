/*
 * test_headmemo.c - a game file read a piece at a time where the reader
 * keeps a memo (gamevouch.c: head_by_piece for the header and state,
 * steps_by_item for the steps) is the tree the whole parse makes, its
 * lines and styles too: every example game, read twice (the second time
 * from the memo), then with a state entry changed (the others from the
 * memo), and with a state key twice (refused as the whole parse refuses
 * it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/memo.h"
#include "unit.h"

static int same_tree(const struct doc_node *a, const struct doc_node *b)
{
	if (a->kind != b->kind || a->style != b->style ||
	    a->line != b->line || (a->kind != DOC_SCALAR && a->n != b->n))
		return 0;
	if (a->kind == DOC_SCALAR)
		return a->len == b->len && !memcmp(a->str, b->str, a->len);
	for (size_t i = 0; i < a->n; i++)
		if ((a->kind == DOC_MAP && !same_tree(a->keys[i], b->keys[i])) ||
		    !same_tree(a->items[i], b->items[i]))
			return 0;
	return 1;
}

/* text read with the memo m and without any: 1 when both read it to
 * the same tree, 2 when both refuse it, 0 otherwise */
static int read_alike(const char *text, struct memo *m)
{
	struct game a, b;
	struct error err;
	unsigned f = GAME_PARSE_CHECKPOINTS;
	int ra = game_parse_memo(&a, "g.yaml", text, strlen(text),
				 "scenarios", f, m, &err);
	int rb = game_parse_memo(&b, "g.yaml", text, strlen(text),
				 "scenarios", f, NULL, &err);
	int r = ra || rb ? (ra && rb ? 2 : 0) :
		same_tree(a.doc->root, b.doc->root);
	if (!ra)
		game_free(&a);
	if (!rb)
		game_free(&b);
	return r;
}

int main(void)
{
	static const char *const games[] = {
		"aachen", "arnswalde-1945", "kampfgruppe-peiper",
		"race-to-the-reichstag", "russo-german-war",
	};
	char state[] = "/tmp/umpire-headmemo-XXXXXX";
	if (!mkdtemp(state))
		return 2;
	setenv("XDG_STATE_HOME", state, 1);    /* no checkpoints */
	struct memo *m = memo_new();
	for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
		char path[200], *buf;
		size_t len;
		struct error err;
		snprintf(path, sizeof path, "examples/%s/game.yaml", games[i]);
		if (read_input(path, 64u << 20, &buf, &len, &err)) {
			fprintf(stderr, "test_headmemo: %s\n", err.msg);
			return 2;
		}
		CHECK(read_alike(buf, m) == 1, "%s: read with the memo, the "
		      "whole parse's tree", games[i]);
		CHECK(read_alike(buf, m) == 1, "%s: again, from the memo",
		      games[i]);
		/* a state entry changed: a piece read anew among kept ones */
		char *at = strstr(buf, "\nstate:\n  ");
		CHECK(at != NULL, "%s: a state as umpire writes it", games[i]);
		if (!at) {
			free(buf);
			continue;
		}
		char *key = at + 10, *colon = strchr(key, ':');
		struct strbuf t = STRBUF_INIT;
		strbuf_add(&t, buf, (size_t)(key - buf));
		strbuf_adds(&t, "zz-test: 7\n  ");
		strbuf_adds(&t, key);
		CHECK(read_alike(t.buf, m) == 1, "%s: an entry added, "
		      "the rest from the memo", games[i]);
		/* the same key twice: refused either way */
		strbuf_reset(&t);
		strbuf_add(&t, buf, (size_t)(key - buf));
		strbuf_add(&t, key, (size_t)(colon - key));
		strbuf_adds(&t, ": 7\n  ");
		strbuf_adds(&t, key);
		CHECK(read_alike(t.buf, m) == 2, "%s: a state key twice, "
		      "refused with the memo too", games[i]);
		strbuf_free(&t);
		free(buf);
	}
	memo_free(m);
	rmdir(state);
	return unit_done("test_headmemo");
}
