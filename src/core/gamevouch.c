/*
 * gamevouch.c - a game file read (game_parse, game_load and theirs):
 * where this machine has a vouched prefix (checkpoint.h) and the file
 * begins its steps with its very bytes, those steps are kept as stubs,
 * not parsed (parse_vouched, game_read_vouched); else the file is read
 * whole (game.c, below). The game's text with the prefix spliced back
 * (game_emit), a game made whole again (game_unstub, game_unstub_for)
 * and a lazy step's orders decoded (game_step_blob).
 */
#define _GNU_SOURCE             /* memmem */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sodium.h>
#include "umpire/checkpoint.h"
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/memo.h"
#include "umpire/game.h"
#include "umpire/sign.h"
#include "gameload.h"

static void shift_lines(struct doc_node *n, int by)
{
	if (n->line)
		n->line += by;
	for (size_t i = 0; n->kind != DOC_SCALAR && i < n->n; i++) {
		if (n->kind == DOC_MAP)
			shift_lines(n->keys[i], by);
		shift_lines(n->items[i], by);
	}
}

static size_t doc_nodes(const struct doc_node *n)
{
	size_t c = 1;
	for (size_t i = 0; n->kind != DOC_SCALAR && i < n->n; i++)
		c += doc_nodes(n->items[i]) + (n->kind == DOC_MAP);
	return c;
}

/*
 * A game file whose steps begin with the vouched prefix, byte for byte,
 * is read without parsing the prefix: its header and state (with no
 * steps), then the steps after the prefix as a sequence of their own,
 * copied in with their lines as the whole file numbers them. The text
 * of a YAML block sequence item at column 0 is read the same wherever
 * it stands among the items, so the file parsed whole is this very tree
 * with the prefix's steps before these; the prefix was read, hashed and
 * verified here when it was cut (checkpoint.c, save_prefix). Each part
 * returns 0 when so read; otherwise -1 and g is empty: the caller reads
 * the file whole, which alone says what is wrong with it.
 *
 * vouched_head: the header and state, head[0..begin) (begin just after
 * the "steps:" line), and the prefix the steps must begin with (*p;
 * none, of no bytes, where this machine has none).
 */
static int head_by_piece(struct doc *d, const char *head, size_t begin,
			 struct memo *memo);

static int vouched_head(struct game *g, const char *name, const char *head,
			size_t begin, const char *scn_dir, unsigned flags,
			struct memo *memo,
			const struct checkpoint_prefix **p)
{
	static const struct checkpoint_prefix none;
	struct error ignored;
	memset(g, 0, sizeof *g);
	g->cut_oldest = (flags & GAME_PARSE_VIEW) != 0;
	g->memo = memo;
	/* as read: a mail message or text around the file is the mail
	 * layer's, told before the header is read */
	if (begin == 0 || ((flags & GAME_PARSE_AS_READ) &&
			   (begin < 13 ||
			    memcmp(head, "umpire: game/", 13) != 0)))
		return -1;
	/* the header and state: the steps an empty sequence; a piece at a
	 * time where the reader keeps a memo (head_by_piece) */
	g->doc = doc_new(name);
	int rc = 0;
	if (!memo || head_by_piece(g->doc, head, begin, memo)) {
		struct strbuf h = STRBUF_INIT;
		strbuf_add(&h, head, begin - 1);
		strbuf_adds(&h, " []\n");
		doc_free(g->doc);
		g->doc = doc_new(name);
		rc = doc_parse(g->doc, h.buf, h.len, &DOC_LIMITS_GAME,
			       &ignored);
		strbuf_free(&h);
	}
	const struct doc_node *steps = rc ? NULL : game_field(g, "steps");
	/* with no checkpoint, or one with no prefix, every step is read
	 * as the tail: the header was read once, and its scenario's start
	 * state built once, not again by the caller's whole read */
	if (rc || !steps || steps->kind != DOC_SEQ || steps->n ||
	    game_read_body(g, scn_dir, GAME_PARSE_CHECKPOINTS, &ignored)) {
		game_free(g);
		return -1;
	}
	*p = g->cp && g->cp->doc ? &g->cp->prefix : &none;
	return 0;
}

/* Whether every line of text (n bytes) after its first begins with a
 * space or is empty. */
static int indented_after(const char *text, size_t n)
{
	const char *end = text + n;
	for (const char *p = memchr(text, '\n', n); p && p + 1 < end;
	     p = memchr(p + 1, '\n', (size_t)(end - p - 1)))
		if (p[1] != ' ' && p[1] != '\n')
			return 0;
	return 1;
}

/*
 * The steps after the prefix (tail, tn bytes, canonical, beginning "- ")
 * read an item at a time where the reader keeps a memo (the LMTP
 * server's, memo.h), pushed onto steps with the lines the whole tail's
 * parse gives them (shifted by by): each item, from a line beginning
 * "- " to the next, taken from the memo by its bytes' hash, else parsed
 * alone and kept. A server's next message reads the game its last one
 * wrote, the same steps and one more: 2.1M instructions at step 256 of
 * a judged Race to the Reichstag game, growing to the next cut, were
 * the parse of steps read the message before.
 *
 * Why the tree is the whole tail's: every line of a piece but its
 * first is indented or empty (indented_after), so nothing at column 0
 * ends a piece but the next "- ": no second document ("---", "..."),
 * directive or comment between the items, which the whole parse would
 * read otherwise. The text of a block sequence item at column 0 is read
 * the same wherever it stands among the items (above); each item is
 * parsed under the same limits, its nodes counted against the room the
 * whole parse would have had. A "- " at column 0 that begins no item
 * stands inside a quoted scalar or a flow collection begun above it,
 * which the piece before it leaves unterminated: that piece does not
 * parse as one item. Then, and for anything else not so read, -1
 * (steps left as found, to be emptied): the caller parses the tail
 * whole, as a reader without a memo does.
 */
static int steps_by_item(struct doc *doc, struct memo *memo, const char *tail,
			 size_t tn, int by, const struct doc_limits *lim,
			 struct doc_node *steps)
{
	struct error ignored;
	size_t room = lim->max_nodes, line = 1;
	for (const char *at = tail, *end = tail + tn; at < end;) {
		const char *next = memmem(at, (size_t)(end - at), "\n- ", 3);
		next = next ? next + 1 : end;
		size_t n = (size_t)(next - at);
		if (!indented_after(at, n))
			return -1;
		unsigned char h[32];
		crypto_generichash(h, 32, (const unsigned char *)at, n,
				   NULL, 0);
		const struct doc_node *item = memo_step(memo, h);
		struct doc *d = NULL;
		if (!item) {
			d = doc_new(doc->name);
			if (doc_parse(d, at, n, lim, &ignored) || !d->root ||
			    d->root->kind != DOC_SEQ || d->root->n != 1) {
				doc_free(d);
				return -1;
			}
			item = d->root->items[0];
			memo_step_keep(memo, h, item, n);
		}
		size_t nodes = doc_nodes(item);
		if (nodes + 2 > room) {
			doc_free(d);
			return -1;
		}
		room -= nodes;
		struct doc_node *c = doc_copy(doc, item);
		shift_lines(c, by + (int)line - 1);
		doc_push(doc, steps, c);
		doc_free(d);
		line += game_text_lines(at, n);
		at = next;
	}
	return 0;
}

/* The tree of the piece text[0..n) (a block mapping, every line after
 * its first indented or empty, but top: lines at column 0 too) from the
 * memo by its bytes' hash, else parsed alone and kept; NULL where it
 * does not parse as one. *d: the document parsed, freed by the caller
 * (NULL on a hit). */
static const struct doc_node *piece_tree(struct memo *memo, const char *name,
					 const char *text, size_t n, int top,
					 const struct doc_limits *lim,
					 struct doc **d)
{
	struct error ignored;
	unsigned char h[32];
	*d = NULL;
	if (!top && !indented_after(text, n))
		return NULL;
	crypto_generichash(h, 32, (const unsigned char *)text, n, NULL, 0);
	const struct doc_node *t = memo_step(memo, h);
	if (t)
		return t;
	*d = doc_new(name);
	if (doc_parse(*d, text, n, lim, &ignored) || !(*d)->root ||
	    (*d)->root->kind != DOC_MAP || (!top && (*d)->root->n != 1))
		return NULL;
	memo_step_keep(memo, h, (*d)->root, n);
	return (*d)->root;
}

/*
 * head_by_piece: the header and state, head[0..begin) (begin just after
 * the "steps:" line), read into d a piece at a time from the memo, as
 * steps_by_item reads the steps: the header's keys before "state:" one
 * piece, each entry of the state ("  KEY: ..." and its lines indented
 * further or empty) one, each taken by its bytes' hash or parsed alone
 * and kept. A judge's next message reads the state its last one wrote,
 * most of whose entries and all of whose header are as they were (the
 * whole head's parse was 2.5M instructions of a 26.9M message at step
 * 256 of a judged Race to the Reichstag game).
 *
 * Why the tree is the whole parse's (with "steps: []"): the header and
 * each entry are block mapping entries, ended by the next line at their
 * column; a piece that parses alone as a mapping (the header) or a
 * mapping of one key (an entry) left nothing open that the next line
 * would go on with, and the parser's events for it are those of the
 * whole text, its lines shifted (aliases, which could reach across
 * pieces, are refused by the parse either way). After the state only
 * comment lines and empty ones may come before "steps:", which the
 * whole parse skips; a key that occurs twice is refused here as there
 * (sent to the whole parse, which says so). Anything else, -1: the
 * caller parses the head whole.
 */
static int head_by_piece(struct doc *d, const char *head, size_t begin,
			 struct memo *memo)
{
	struct doc_limits lim = DOC_LIMITS_GAME;
	size_t st = game_state_line(head, begin);
	if (st == 0 || st == begin)
		return -1;
	/* the "steps:" line: the last of head */
	size_t sl = begin - 1;
	while (sl > 0 && head[sl - 1] != '\n')
		sl--;
	if (begin - sl != 7 || memcmp(head + sl, "steps:\n", 7))
		return -1;
	struct doc *pd;
	const struct doc_node *top = piece_tree(memo, d->name, head, st, 1,
						&lim, &pd);
	if (!top || doc_get(top, "state") || doc_get(top, "steps")) {
		doc_free(pd);
		return -1;
	}
	struct doc_node *root = doc_copy(d, top);
	doc_free(pd);
	size_t room = lim.max_nodes, nodes = doc_nodes(root) + 4;
	/* lines before the piece at at, counted as the pieces go */
	int by = (int)game_text_lines(head, st) + 1, state_line = by;
	struct doc_node *state = doc_map(d);
	/* the entries: from a line "  KEY" to the next at column 2 or 0 */
	size_t at = st + 7;
	while (at < sl && head[at] == ' ' && at + 2 < sl &&
	       head[at + 1] == ' ' && head[at + 2] != ' ' &&
	       head[at + 2] != '-' && head[at + 2] != '\n') {
		size_t end = at;
		do {
			const char *nl = memchr(head + end, '\n', sl - end);
			end = nl ? (size_t)(nl - head) + 1 : sl;
		} while (end < sl && (head[end] == '\n' ||
				      (head[end] == ' ' && end + 2 < sl &&
				       (head[end + 1] != ' ' ||
					head[end + 2] == ' ' ||
					head[end + 2] == '-'))));
		const struct doc_node *e = piece_tree(memo, d->name,
						      head + at, end - at, 0,
						      &lim, &pd);
		if (!e || doc_get(state, e->keys[0]->str)) {
			doc_free(pd);
			return -1;
		}
		struct doc_node *k = doc_copy(d, e->keys[0]),
			*v = doc_copy(d, e->items[0]);
		doc_free(pd);
		shift_lines(k, by);
		shift_lines(v, by);
		if (!state->n)
			state->line = k->line;
		doc_set(d, state, k->str, v);
		state->keys[state->n - 1] = k;
		nodes += doc_nodes(v) + 1;
		by += (int)game_text_lines(head + at, end - at);
		at = end;
	}
	if (!state->n || nodes > room)
		return -1;
	int steps_line = by + (int)game_text_lines(head + at, sl - at) + 1;
	/* then comment lines and lines of spaces only, to "steps:" */
	for (int comment = 0; at < sl; at++) {
		if (head[at] == '\n')
			comment = 0;
		else if (at == 0 || head[at - 1] == '\n')
			comment = head[at] == '#';
		if (!comment && head[at] != ' ' && head[at] != '\n')
			return -1;
	}
	doc_set(d, root, "state", state);
	root->keys[root->n - 1]->line = state_line;
	struct doc_node *steps = doc_seq(d);
	steps->line = steps_line;
	doc_set(d, root, "steps", steps);
	root->keys[root->n - 1]->line = steps_line;
	d->root = root;
	return 0;
}

int game_text_by_piece(struct doc *d, const char *text, size_t len,
		       struct memo *memo)
{
	struct doc_limits lim = DOC_LIMITS_GAME;
	size_t begin = game_steps_begin(text, len);
	if (!memo || !begin || len > lim.max_bytes ||
	    head_by_piece(d, text, begin, memo))
		return -1;
	size_t tn = len - begin, used = doc_nodes(d->root);
	if (tn < 2 || text[begin] != '-' || text[begin + 1] != ' ' ||
	    used >= lim.max_nodes)
		return -1;
	lim.max_nodes -= used;
	return steps_by_item(d, memo, text + begin, tn,
			     (int)game_text_lines(text, begin), &lim,
			     d->root->items[d->root->n - 1]);  /* "steps" */
}

/* vouched_tail: the steps after the prefix p, which the caller has
 * compared: the file is raw[0..begin), p's text, then tail, len bytes
 * in all; head[0..head_len) is raw[0..begin) made canonical, its lines
 * the same (raw itself where it was canonical). */
static int vouched_tail(struct game *g, const char *name, const char *head,
			size_t head_len, const char *raw, size_t begin,
			const struct checkpoint_prefix *p,
			const char *tail, size_t len, const char *scn_dir,
			unsigned flags)
{
	struct error ignored;
	struct doc *t = NULL;
	const struct checkpoints *cp = g->cp && g->cp->doc ? g->cp : NULL;
	struct doc_node *steps = game_field(g, "steps");
	size_t tn = len - begin - p->len;
	if (tn < 2 || tail[0] != '-' || tail[1] != ' ')
		goto no;
	/* the prefix is the checkpoint's text, canonical as it was cut
	 * (a file is made canonical before it is read): only the text
	 * around it is looked at (game_parse_flags) */
	if (!text_canonical(head, head_len) || !text_canonical(tail, tn))
		goto no;
	/* as read: what the mail layer takes as it is, the prefix passed
	 * over (mail_game_lines passed it when it was cut) */
	if ((flags & GAME_PARSE_AS_READ) &&
	    !mail_game_as_read(raw, begin, tail, tn, len,
			       DOC_LIMITS_GAME.max_bytes))
		goto no;
	/* the steps after it, in the room the limits leave */
	struct doc_limits lim = DOC_LIMITS_GAME;
	size_t used = doc_nodes(g->doc->root) + p->nodes;
	if (used >= lim.max_nodes)
		goto no;
	lim.max_nodes -= used;
	int by = (int)(game_text_lines(head, head_len) + p->lines);
	steps->style = DOC_STYLE_ANY;
	if (!g->memo || steps_by_item(g->doc, g->memo, tail, tn, by, &lim,
				      steps)) {
		steps->n = 0;
		t = doc_new(name);
		if (doc_parse(t, tail, tn, &lim, &ignored) || !t->root ||
		    t->root->kind != DOC_SEQ || !t->root->n)
			goto no;
		for (size_t i = 0; i < t->root->n; i++) {
			struct doc_node *c = doc_copy(g->doc,
						      t->root->items[i]);
			shift_lines(c, by);
			doc_push(g->doc, steps, c);
		}
		doc_free(t);
		t = NULL;
	}
	size_t n = p->steps + steps->n;
	free(g->steps);
	/* not zeroed whole (calloc's clearing of 440 bytes a step was
	 * 0.43M instructions at step 1,024): a stub is its number, its
	 * hashes and empty fields, the steps read after it start empty.
	 * One slot to spare: adjudicate adds the new step, and growing
	 * the array by one moved all of it (0.43M again) */
	g->steps = xmalloc((n + 1) * sizeof *g->steps);
	memset(g->steps + p->steps, 0, steps->n * sizeof *g->steps);
	for (size_t i = 0; i < p->steps; i++) {
		struct game_step *s = &g->steps[i];
		*s = (struct game_step){ .n = (long long)i + 1, .stub = 1,
					 .verified_here = 1 };
		checkpoints_step(g->cp, i, s->hash, s->stub_sig_hash);
	}
	g->n_stub = g->n_steps = p->steps;
	size_t vouched = p->steps;
	for (size_t i = 0; i < steps->n; i++) {
		if (game_read_step(g, p->steps + i, steps->items[i], cp,
				   &vouched, &ignored))
			goto no;
		g->n_steps++;
	}
	game_keep_source(g, head, head_len, tail, tn, scn_dir);
	return 0;
no:
	doc_free(t);
	game_free(g);
	return -1;
}

/* Role r of g named by the n bytes at name (a line's rest): marked in
 * seen. */
static void role_seen(const struct game *g, const char *name, size_t n,
		      unsigned char *seen)
{
	for (size_t r = 0; r < g->n_roles; r++)
		if (strlen(g->roles[r].name) == n &&
		    memcmp(g->roles[r].name, name, n) == 0)
			seen[r] = 1;
}

/*
 * GAME_PARSE_VIEW: the prefix read, chosen among the checkpoints' cuts
 * (oldest first) from the text after the newest (text, n bytes: the
 * file's steps after it as umpire writes them, "  actor: ROLE" and
 * "  next: {..., role: ROLE}" lines; not checked yet, so a hint only).
 * A view lists the steps since its side's own latest; after the next
 * step the letters are views of the side asked then and of the side
 * acting in it. A side that acts in the steps after the newest cut, or
 * is asked next (the last step's next), needs none of the cuts' steps;
 * for another, the chain index each cut records counts its own steps,
 * so the newest cut with a smaller index than the newest's comes
 * before its latest step. The newest cut every side may read from,
 * else (a side that did not act since the oldest) the oldest, as
 * before. A wrong hint (a late step the judge took for a side is
 * counted as the side's) costs time only: a view that needs more of
 * the game reads it whole (view.c, game_unstub). side (not NULL): the
 * prefix the view of that side alone needs (game_unstub_for), whether
 * it is asked next or not.
 */
static void view_prefix(struct game *g, const char *text, size_t n,
			const char *side)
{
	struct checkpoints *cp = g->cp;
	size_t nc = cp->n_cuts, pick = nc - 1;
	unsigned char acts[GAME_MAX_ROLES] = { 0 };
	unsigned char asked[GAME_MAX_ROLES] = { 0 };
	const char *next = NULL;
	size_t next_len = 0;
	for (const char *p = text, *end = text + n; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *r;
		if (l > 9 && memcmp(p, "  actor: ", 9) == 0) {
			role_seen(g, p + 9, l - 9, acts);
		} else if (l > 8 && memcmp(p, "  next: {", 9) == 0 &&
			   (r = memmem(p, l, " role: ", 7)) != NULL) {
			next = r + 7;
			for (next_len = 0; next + next_len < p + l &&
			     next[next_len] != ',' && next[next_len] != '}';
			     next_len++)
				;
		}
		p = nl ? nl + 1 : end;
	}
	if (next)
		role_seen(g, next, next_len, asked);
	for (size_t r = 0; r < g->n_roles && pick > 0; r++) {
		const char *name = g->roles[r].name;
		if (side ? strcmp(name, side) != 0 || acts[r] :
		    acts[r] || asked[r] || !strcmp(name, "referee"))
			continue;
		size_t j = checkpoints_cut_before(cp, name);
		if (j < pick)
			pick = j;
	}
	cp->prefix = cp->cuts[pick];
}

/* GAME_PARSE_NEWEST: the newest cut's prefix read */
static void newest_prefix(struct game *g)
{
	g->cp->prefix = g->cp->cuts[g->cp->n_cuts - 1];
}

/* Whether g is read for views from a choice of prefixes (view_prefix),
 * and where the text after the newest begins (its offset in the file
 * whose steps begin at begin). */
static int view_choice(const struct game *g, size_t begin, size_t len,
		       size_t *at)
{
	if (!g->cut_oldest || !g->cp || !g->cp->doc || g->cp->n_cuts < 2)
		return 0;
	*at = begin + g->cp->cuts[g->cp->n_cuts - 1].len;
	return *at < len;
}

/* The file in memory. */
static int parse_vouched(struct game *g, const char *name, const char *buf,
			 size_t len, const char *scn_dir, unsigned flags,
			 struct memo *memo, const char *side)
{
	const struct checkpoint_prefix *p;
	size_t begin = game_steps_begin(buf, len);
	/* a header not canonical (the judge's stored game pads its state's
	 * lines: gamestore.h) is never read so (vouched_tail): the caller
	 * makes the text canonical and comes back, the header read once */
	if (!text_canonical(buf, begin)) {
		memset(g, 0, sizeof *g);
		return -1;
	}
	if (vouched_head(g, name, buf, begin, scn_dir, flags, memo, &p))
		return -1;
	size_t after;
	if (view_choice(g, begin, len, &after)) {
		if (flags & GAME_PARSE_NEWEST)
			newest_prefix(g);
		else
			view_prefix(g, buf + after, len - after, side);
	}
	if (len - begin < p->len ||
	    (p->len && memcmp(buf + begin, p->text, p->len) != 0)) {
		game_free(g);
		return -1;
	}
	return vouched_tail(g, name, buf, begin, buf, begin, p,
			    buf + begin + p->len,
			    len, scn_dir, flags);
}

int game_parse(struct game *g, const char *name, const char *buf,
	       size_t len, const char *scn_dir, struct error *err)
{
	return game_parse_flags(g, name, buf, len, scn_dir, 0, err);
}

int game_parse_flags(struct game *g, const char *name, const char *buf,
		     size_t len, const char *scn_dir, unsigned flags,
		     struct error *err)
{
	return game_parse_memo(g, name, buf, len, scn_dir, flags, NULL, err);
}

int game_parse_memo(struct game *g, const char *name, const char *buf,
		    size_t len, const char *scn_dir, unsigned flags,
		    struct memo *memo, struct error *err)
{
	/* What mail does to text (trailing blanks, CRs, a byte-order mark,
	 * no-break spaces) means nothing in a game file, which umpire writes
	 * canonical: every hash and signature covers decoded values. */
	struct strbuf canon = STRBUF_INIT;
	unsigned changed;
	int rc;
	/* the vouched prefix first, which looks only at the text around
	 * it; then, if the text was not canonical, again once it is */
	int vouched = (flags & GAME_PARSE_CHECKPOINTS) &&
		!(flags & GAME_PARSE_WHOLE);
	if (vouched && parse_vouched(g, name, buf, len, scn_dir, flags,
				     memo, NULL) == 0)
		return 0;
	if (flags & GAME_PARSE_AS_READ) {
		memset(g, 0, sizeof *g);
		return 1;
	}
	if (text_canonical(buf, len))
		changed = 0;
	else
		canonical_text(buf, len, &canon, &changed);
	if (changed) {
		buf = canon.buf;
		len = canon.len;
	}
	rc = vouched && changed &&
		parse_vouched(g, name, buf, len, scn_dir, flags, memo,
			      NULL) == 0 ? 0 :
		flags & GAME_PARSE_STREAM ?
		game_parse_stream(g, name, buf, len, scn_dir, memo, err) :
		game_parse_text(g, name, buf, len, scn_dir, flags, memo, err);
	strbuf_free(&canon);
	return rc;
}

int game_load(struct game *g, const char *path, const char *scn_dir,
	      struct error *err)
{
	return game_load_flags(g, path, scn_dir, 0, err);
}

int game_load_flags(struct game *g, const char *path, const char *scn_dir,
		    unsigned flags, struct error *err)
{
	char *buf;
	size_t len;
	memset(g, 0, sizeof *g);
	if (mail_read_kind(path, DOC_LIMITS_GAME.max_bytes, "game", &buf,
			   &len, NULL, NULL, NULL, NULL, err))
		return -1;
	int rc = game_parse_flags(g, path, buf, len, scn_dir, flags, err);
	free(buf);
	return rc;
}

/* What game_read_vouched reads at a time: the prefix is compared a
 * piece at a time, never held whole. */
#define VOUCHED_CHUNK ((size_t)64 << 10)

int game_read_vouched(struct game *g, const char *path, const char *name,
		      const char *scn_dir, unsigned flags, struct memo *memo)
{
	struct stat st;
	const struct checkpoint_prefix *p = NULL;
	char *head = NULL, *tail = NULL, *piece = NULL;
	struct strbuf canon = STRBUF_INIT;
	size_t begin = 0, got = 0, len, k;
	int rc = -1, fd;
	memset(g, 0, sizeof *g);
	/* a pipe or a device is not opened here: what it holds is read
	 * once, by the mail layer (an open and a close would lose it) */
	if (stat(path, &st) || !S_ISREG(st.st_mode) ||
	    (fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) < 0)
		return -1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
	    (unsigned long long)st.st_size > DOC_LIMITS_GAME.max_bytes)
		goto out;
	len = (size_t)st.st_size;
	/* the header and state: to the line after "steps:" */
	if (game_read_head(fd, len, VOUCHED_CHUNK, &head, &got, &begin))
		goto out;
	/* a header not canonical (the judge's stored game pads its state's
	 * lines: gamestore.h) made so here, alone: the caller would make
	 * the whole file so (2.6M instructions at step 256 of a judged
	 * game) to the same end, canonical_text working a line at a time
	 * and the prefix and tail held canonical below. Its lines stay
	 * the file's, so do the offsets in the file (begin). */
	const char *h = head;
	size_t hn = begin;
	if (begin && !text_canonical(head, begin)) {
		unsigned what;
		canonical_text(head, begin, &canon, &what);
		if (game_steps_begin(canon.buf, canon.len) != canon.len ||
		    game_text_lines(canon.buf, canon.len) !=
		    game_text_lines(head, begin))
			goto out;
		h = canon.buf;
		hn = canon.len;
	}
	if (!text_canonical(h, hn) ||
	    vouched_head(g, name, h, hn, scn_dir,
			 flags | GAME_PARSE_AS_READ, memo, &p))
		goto out;
	size_t after;
	if (view_choice(g, begin, len, &after) &&
	    (flags & GAME_PARSE_NEWEST)) {
		newest_prefix(g);
	} else if (view_choice(g, begin, len, &after)) {
		char *text = xmalloc(len - after);
		if (read_at(fd, text, len - after, after) == 0)
			view_prefix(g, text, len - after, NULL);
		free(text);
	}
	size_t at = begin, end = begin + p->len;
	if (len < end)
		goto fail;
	/* the prefix: what of it was read with the header, then the rest
	 * a piece at a time, compared where it is read */
	k = got - at < end - at ? got - at : end - at;
	if (k && memcmp(head + at, p->text, k) != 0)
		goto fail;
	if (at + k < end)
		piece = xmalloc(VOUCHED_CHUNK);
	for (at += k; at < end; at += k) {
		k = end - at < VOUCHED_CHUNK ? end - at : VOUCHED_CHUNK;
		if (read_at(fd, piece, k, at) ||
		    memcmp(piece, p->text + (at - begin), k) != 0)
			goto fail;
	}
	/* the steps after it: what was read with the header, the rest */
	k = got > end ? got - end : 0;
	tail = xmalloc(len - end + 1);
	memcpy(tail, head + end, k);
	if (read_at(fd, tail + k, len - end - k, end + k))
		goto fail;
	tail[len - end] = '\0';
	/* nothing more: a file that grew since fstat is read whole */
	char more;
	if (pread(fd, &more, 1, (off_t)len) != 0)
		goto fail;
	rc = vouched_tail(g, name, h, hn, head, begin, p, tail, len, scn_dir,
			  flags | GAME_PARSE_AS_READ);
	goto out;
fail:
	game_free(g);
out:
	strbuf_free(&canon);
	free(piece);
	free(head);
	free(tail);
	close(fd);
	return rc;
}

/* The vouched prefix's text put back where the steps begin in text,
 * a game's emitted tree (which has the steps after it only). */
static int splice_prefix(const struct game *g, const struct strbuf *text,
			 struct strbuf *out, struct error *err)
{
	size_t b = game_steps_begin(text->buf, text->len);
	if (!b)
		return errorf(err, EXIT_USAGE, "%s: the text written has no "
			      "steps to put the verified ones before",
			      g->doc->name);
	strbuf_add(out, text->buf, b);
	strbuf_add(out, g->cp->prefix.text, g->cp->prefix.len);
	strbuf_add(out, text->buf + b, text->len - b);
	return 0;
}

int game_emit(const struct game *g, struct strbuf *out, struct error *err)
{
	if (!g->n_stub)
		return doc_emit(g->doc->root, out, err);
	struct strbuf text = STRBUF_INIT;
	int rc = doc_emit(g->doc->root, &text, err) ||
		splice_prefix(g, &text, out, err) ? -1 : 0;
	strbuf_free(&text);
	return rc;
}

/* The text of g whole: its source, or where steps were added since it
 * was read (game_append: the judge checks the game again to write its
 * letters) and have no source, the game as it is now, written. */
static int whole_text(struct game *g, struct strbuf *text, struct error *err)
{
	const struct checkpoint_prefix *p = &g->cp->prefix;
	const struct doc_node *steps = game_field(g, "steps");
	size_t read = 0;
	while (steps && read < steps->n && steps->items[read]->line > 0)
		read++;
	if (g->n_stub + read < g->n_steps)
		return game_emit(g, text, err);
	strbuf_add(text, g->src, g->src_head);
	strbuf_add(text, p->text, p->len);
	strbuf_add(text, g->src + g->src_head, g->src_len - g->src_head);
	return 0;
}

/* g replaced by whole, read again: what the caller set, kept; the game
 * read before kept as well (callers may hold its strings), freed with
 * this one */
static void replace_game(struct game *g, struct game *whole)
{
	whole->trusted = g->trusted;
	whole->at_step_end = g->at_step_end;
	whole->hook_user = g->hook_user;
	whole->checkpoints = g->checkpoints;
	whole->events_from = g->events_from;
	whole->examples = g->examples;
	whole->state_stale = g->state_stale;
	whole->shed = xmalloc(sizeof *whole->shed);
	*whole->shed = *g;
	*g = *whole;
}

int game_unstub(struct game *g, struct error *err)
{
	struct game whole;
	if (!g->n_stub)
		return 0;
	struct strbuf text = STRBUF_INIT;
	if (whole_text(g, &text, err)) {
		strbuf_free(&text);
		return -1;
	}
	int rc = game_parse_memo(&whole, g->doc->name, text.buf, text.len,
				 g->scn_dir, GAME_PARSE_CHECKPOINTS |
				 GAME_PARSE_WHOLE | (g->cut_oldest ?
						     GAME_PARSE_VIEW : 0),
				 g->memo, err);
	strbuf_free(&text);
	if (rc)
		return -1;
	replace_game(g, &whole);
	return 0;
}

int game_unstub_for(struct game *g, const char *side, struct error *err)
{
	struct game less;
	if (!g->n_stub)
		return 0;
	/* only a game read for views has the cuts to choose among */
	if (!g->cut_oldest || !g->cp || g->cp->n_cuts < 2)
		return game_unstub(g, err);
	struct strbuf text = STRBUF_INIT;
	if (whole_text(g, &text, err)) {
		strbuf_free(&text);
		return -1;
	}
	int rc = parse_vouched(&less, g->doc->name, text.buf, text.len,
			       g->scn_dir, GAME_PARSE_CHECKPOINTS |
			       GAME_PARSE_VIEW, g->memo, side);
	strbuf_free(&text);
	if (rc || less.n_stub >= g->n_stub) {
		/* no cut earlier than the one read: the whole game */
		if (!rc)
			game_free(&less);
		return game_unstub(g, err);
	}
	replace_game(g, &less);
	return 0;
}

int game_step_blob(struct game *g, size_t i, struct error *err)
{
	/* a step of the vouched prefix: the file read whole first */
	if (game_step_at(g, i)->stub && game_unstub(g, err))
		return -1;
	struct game_step *s = game_step_at(g, i);
	if (!s->lazy)
		return 0;
	if (doc_need_b64(g->doc, s->node, "orders", &s->blob, &s->blob_len,
			 err))
		return -1;
	s->lazy = 0;
	return 0;
}
