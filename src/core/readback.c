/*
 * readback.c - the text a command writes of a game's header, state and
 * new step, read back before it is written (game_emit_step), with the
 * state's entries that the step left as they were read not parsed a
 * second time.
 *
 * Why that is the same check: the state a game file holds is a block
 * mapping at two columns ("state:", then "  KEY: ..." lines with their
 * continuations indented further), and an entry of it is read from its
 * own lines alone. An entry whose new lines are byte for byte the lines
 * it was read from, and whose new tree is the tree read from them
 * (doc_same), reads back as that tree: parsing it again would only
 * repeat the parse that made the old tree. A long Aachen game's control
 * and turn-start lists are most of its state, and a move leaves them as
 * they were: their second parse was adjudicate's largest growth with
 * the game's length.
 *
 * A judge serving many messages keeps a memo (memo.h), and reads the
 * text back a piece at a time from it instead (readback_memo): each
 * piece's tree is the memo's where this process parsed those very bytes
 * before (the entries the step left as they were, read by the message's
 * load), else parsed now and kept, so that the next message's load of
 * the file written finds the entries and the step this one changed and
 * parses none of them again (1.57M instructions of a judge's message at
 * step 256 of a judged Race to the Reichstag game were this parse, and
 * the next message's parse of the same changed entries 1.3M more).
 */
#include <string.h>
#include "umpire/memo.h"
#include "umpire/readback.h"
#include "gameload.h"

/* A state entry's lines in a text: its key (plain, as umpire writes
 * keys) and its bytes, to the next entry or the state's end. */
struct entry {
	const char *key;
	size_t key_len;
	const char *at;
	size_t len;
};

enum { MAX_ENTRIES = 96 };

/*
 * The entries of the block mapping "state:" in t[0..len), in order: a
 * line of two spaces then a plain key (not '-', '#', a quote or a
 * space) and ": " or ":\n" begins one; lines indented further, "  - "
 * items of a block sequence and empty lines continue it; any other line
 * at column 0 ends the state. -1 when the state is not so laid out (a
 * flow map, a quoted key, more than MAX_ENTRIES): then nothing is
 * skipped.
 */
static int state_entries(const char *t, size_t len, struct entry *e)
{
	size_t at = game_state_line(t, len), n = 0;
	if (at == len)
		return -1;
	at += strlen("state:\n");
	while (at < len && (t[at] == ' ' || t[at] == '\n')) {
		const char *nl = memchr(t + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - t) + 1 : len;
		const char *p = t + at;
		int starts = end - at > 3 && p[0] == ' ' && p[1] == ' ' &&
			p[2] != ' ' && p[2] != '-' && p[2] != '\n';
		if (starts) {
			if (strchr("#'\"?&*!|>%@`{[", p[2]) || n == MAX_ENTRIES)
				return -1;
			const char *c = memchr(p + 2, ':', end - at - 2);
			if (!c || (c[1] != ' ' && c[1] != '\n'))
				return -1;
			e[n++] = (struct entry){ .key = p + 2,
				.key_len = (size_t)(c - p - 2), .at = p };
		} else if (!n || (p[0] == ' ' && p[1] != ' ')) {
			return -1;
		}
		e[n - 1].len = (size_t)(t + end - e[n - 1].at);
		at = end;
	}
	return (int)n;
}

/* Whether the entries e[0..n) are map's keys, in their order. */
static int entries_are(const struct entry *e, int n,
		       const struct doc_node *map)
{
	if (!map || map->kind != DOC_MAP || (size_t)n != map->n)
		return 0;
	for (int i = 0; i < n; i++)
		if (map->keys[i]->len != e[i].key_len ||
		    memcmp(map->keys[i]->str, e[i].key, e[i].key_len))
			return 0;
	return 1;
}

int readback_same(const struct doc_node *root, const struct doc_node *state,
		  const struct doc_node *was, const char *src,
		  size_t src_len, const char *text, size_t len,
		  const char *name, struct error *err)
{
	struct entry in[MAX_ENTRIES], out[MAX_ENTRIES];
	int n_in = was && src ? state_entries(src, src_len, in) : -1;
	int n_out = n_in > 0 ? state_entries(text, len, out) : -1;
	unsigned char skip[MAX_ENTRIES] = { 0 };
	size_t skipped = 0;
	if (n_out > 1 && entries_are(in, n_in, was) &&
	    entries_are(out, n_out, state)) {
		for (int i = 0; i < n_out; i++) {
			int k = 0;
			while (k < n_in && (in[k].key_len != out[i].key_len ||
			       memcmp(in[k].key, out[i].key, out[i].key_len)))
				k++;
			/* its lines those it was read from, its tree the
			 * tree read from them */
			skip[i] = k < n_in && in[k].len == out[i].len &&
				!memcmp(in[k].at, out[i].at, out[i].len) &&
				doc_same(was->items[k], state->items[i]);
			skipped += skip[i];
		}
		if (skipped == (size_t)n_out)  /* a state of one entry at
						  least: a map */
			skip[--skipped] = 0;
	}
	struct doc *d = doc_new(name);
	struct strbuf sb = STRBUF_INIT;
	const struct doc_node *want = root;
	const char *t = text;
	size_t tl = len;
	if (skipped) {
		/* the text without the skipped entries' lines, the tree
		 * without their entries (its other nodes shared) */
		struct doc_node *r = doc_copy_top(d, root),
			*s = doc_copy_top(d, state);
		size_t from = 0;
		for (int i = 0; i < n_out; i++) {
			if (!skip[i])
				continue;
			size_t at = (size_t)(out[i].at - text);
			strbuf_add(&sb, text + from, at - from);
			from = at + out[i].len;
			doc_del(s, state->keys[i]->str);
		}
		strbuf_add(&sb, text + from, len - from);
		doc_put(d, r, "state", s);
		want = r;
		t = sb.buf;
		tl = sb.len;
	}
	struct doc *back = doc_new(name);
	int rc = doc_parse(back, t, tl, &DOC_LIMITS_GAME, err);
	if (rc == 0)
		rc = doc_same(back->root, want);
	doc_free(back);
	doc_free(d);
	strbuf_free(&sb);
	return rc;
}

int readback_memo(const struct doc_node *root, const char *text, size_t len,
		  const char *name, struct memo *memo)
{
	struct error ignored;
	struct doc *back = doc_new(name);
	int same = game_text_by_piece(back, text, len, memo) == 0 &&
		doc_fits(back->root, len, &DOC_LIMITS_GAME, &ignored) == 0 &&
		doc_same(back->root, root);
	doc_free(back);
	return same;
}
