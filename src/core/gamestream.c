/*
 * gamestream.c - a game file read with its steps one at a time
 * (GAME_PARSE_STREAM): each step, once the parser has it, read as
 * game_read_step reads a step of the whole tree, and its nodes freed
 * (doc_parse_stream). What the check needs of a step outlives them:
 * its fields (struct game_step), its orders' bytes (malloc'd), its
 * actor and counter-party (the names kept once), and its recorded
 * draws and next decision as the hashes of their nodes
 * (game_step_recorded), which the replay's are compared with. At step
 * 1,024 of a long game the parsed tree of the steps was 6.1 MB, four
 * times the file. A game file on disk that load_game would parse as
 * it is (game_stream_file) is not held whole either: it is checked a
 * piece at a time, then parsed as it is read again. With
 * GAME_PARSE_PULL (umpire audit with no view) the steps of such a file
 * are read, counted and dropped, and the whole game's check pulls them
 * again from the file, one as the replay comes to it (game_step_pull).
 * Above game.c, below gamevouch.c (game.c's first comment).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sodium.h>
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/mail.h"
#include "umpire/sign.h"
#include "gameload.h"

/* The names a game's steps give actors and counter-parties: its roles,
 * a few; a file that gives more has the rest kept once a step. */
enum { NAMES_KEPT = GAME_MAX_ROLES };

struct streamed {
	struct game *g;
	size_t cap;
	int failed;                   /* a step refused: err says why */
	struct error err;
	const char *names[NAMES_KEPT];
	size_t n_names;
};

/* s in g's own document, once for each name */
static const char *keep_name(struct streamed *st, const char *s)
{
	for (size_t i = 0; i < st->n_names; i++)
		if (!strcmp(st->names[i], s))
			return st->names[i];
	size_t n = strlen(s) + 1;
	char *c = doc_alloc(st->g->doc, n);
	memcpy(c, s, n);
	if (st->n_names < NAMES_KEPT)
		st->names[st->n_names++] = c;
	return c;
}

/* Step i, its node m in a document of its own (freed on return). A
 * refusal is kept, and the rest of the file only parsed: the header is
 * read after the parse, and its refusal comes first, as it does when
 * the steps are read from the whole tree. */
static int read_streamed(void *user, struct doc *item_doc,
			 const struct doc_node *m, size_t i)
{
	struct streamed *st = user;
	struct game *g = st->g;
	size_t vouched = 0;
	if (st->failed)
		return 0;
	/* pulled again by the check: read, counted, not kept */
	if (g->pulled) {
		struct game_step *p = game_step_at(g, i);
		struct doc *whole = g->doc;
		g->doc = item_doc;
		int bad = game_read_step(g, i, m, NULL, &vouched, &st->err);
		g->doc = whole;
		memcpy(g->pull_last, p->hash, 32);
		/* (a power of two steps: the array doubled) */
		if (!bad && !(i & (i - 1)))
			g->pull_hashes = xrealloc(g->pull_hashes, (i ? 2 * i :
							1) * 32);
		if (!bad)
			memcpy(g->pull_hashes[i], p->hash, 32);
		memset(p, 0, sizeof *p);
		st->failed = bad != 0;
		g->n_steps += !bad;
		return 0;
	}
	if (i == st->cap) {
		st->cap = st->cap ? 2 * st->cap : 64;
		g->steps = xrealloc(g->steps, st->cap * sizeof *g->steps);
	}
	struct game_step *s = &g->steps[i];
	memset(s, 0, sizeof *s);
	struct doc *whole = g->doc;
	g->doc = item_doc;
	int rc = game_read_step(g, i, m, NULL, &vouched, &st->err);
	g->doc = whole;
	if (rc) {
		st->failed = 1;
		return 0;
	}
	unsigned char *blob = xmalloc(s->blob_len ? s->blob_len : 1);
	memcpy(blob, s->blob, s->blob_len);
	s->blob = blob;
	s->actor = keep_name(st, s->actor);
	s->counter = keep_name(st, s->counter);
	game_step_recorded(s->draws, s->draws_hash);
	game_step_recorded(s->next, s->next_hash);
	s->node = s->draws = s->next = NULL;
	g->n_steps = i + 1;
	return 0;
}

/* g read from the text (buf, len bytes; or, buf NULL, what rd reads
 * from data), its steps streamed */
static int parse_streamed(struct game *g, const char *name, const char *buf,
			  size_t len, doc_read_fn *rd, void *data, int pull,
			  const char *scn_dir, struct memo *memo,
			  struct error *err)
{
	memset(g, 0, sizeof *g);
	g->memo = memo;
	g->doc = doc_new(name);
	g->streamed = 1;
	if (pull) {
		g->pulled = 1;
		g->pull_fd = -1;
		g->steps = xcalloc(2, sizeof *g->steps);
	}
	struct streamed st = { .g = g };
	const struct doc_stream ds = { "steps", read_streamed, &st };
	if ((buf ? doc_parse_stream(g->doc, buf, len, &DOC_LIMITS_GAME, &ds,
				    err) :
	     doc_parse_read(g->doc, rd, data, &DOC_LIMITS_GAME, &ds, err)) ||
	    game_read_body(g, scn_dir, GAME_PARSE_STREAM, err)) {
		game_free(g);
		return -1;
	}
	if (st.failed) {
		*err = st.err;
		game_free(g);
		return -1;
	}
	return 0;
}

int game_parse_stream(struct game *g, const char *name, const char *buf,
		      size_t len, const char *scn_dir, struct memo *memo,
		      struct error *err)
{
	return parse_streamed(g, name, buf, len, NULL, NULL, 0, scn_dir, memo,
			      err);
}

/* ---- a file never held whole ---- */

/* What game_stream_file reads at a time. */
#define PIECE ((size_t)64 << 10)

/* The len bytes of a file the parser reads, from at. */
struct file_in {
	int fd;
	size_t at, len;
};

static int read_piece(void *data, unsigned char *buffer, size_t size,
		      size_t *size_read)
{
	struct file_in *f = data;
	size_t k = f->len - f->at < size ? f->len - f->at : size;
	if (k && read_at(f->fd, buffer, k, f->at))
		return 0;
	f->at += k;
	*size_read = k;
	return 1;
}

/* Whether the file fd, len bytes, is what load_game would parse as it
 * is: what mail_take_file takes as it is (mail_game_as_read: its
 * header to the steps, lines mail_game_lines passes, its last piece)
 * and canonical (game_parse_memo changes nothing), read a piece at a
 * time. */
static int file_as_is(int fd, size_t len)
{
	char *head = NULL, *piece = NULL;
	size_t got = 0, begin = 0, at, k;
	int ok = 0;
	if (game_read_head(fd, len, PIECE, &head, &got, &begin))
		goto out;
	char dash[2];
	if (!begin || len - begin < 2 || read_at(fd, dash, 2, begin) ||
	    memcmp(dash, "- ", 2) != 0 || !text_canonical(head, begin))
		goto out;
	piece = xmalloc(PIECE);
	/* whole lines a piece at a time, then the last piece */
	for (at = begin; len - at > PIECE; at += k) {
		if (read_at(fd, piece, PIECE, at))
			goto out;
		for (k = PIECE; k > 0 && piece[k - 1] != '\n'; k--)
			;
		if (!k || !mail_game_lines(piece, k) ||
		    !text_canonical(piece, k))
			goto out;
	}
	k = len - at;
	ok = read_at(fd, piece, k, at) == 0 && !memchr(piece, '\0', k) &&
		text_canonical(piece, k) &&
		mail_game_as_read(head, begin, piece, k, len,
				  DOC_LIMITS_GAME.max_bytes);
out:
	free(head);
	free(piece);
	return ok;
}

int game_stream_file(struct game *g, const char *path, const char *name,
		     int pull, const char *scn_dir, struct memo *memo,
		     struct error *err)
{
	struct stat st;
	int fd;
	memset(g, 0, sizeof *g);
	/* a pipe or a device is read once, by the mail layer */
	if (!strcmp(path, "-") || stat(path, &st) || !S_ISREG(st.st_mode) ||
	    (fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) < 0)
		return 1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
	    (unsigned long long)st.st_size > DOC_LIMITS_GAME.max_bytes ||
	    !file_as_is(fd, (size_t)st.st_size)) {
		close(fd);
		return 1;
	}
	/* read again as the parser wants it, to the length checked */
	struct file_in in = { fd, 0, (size_t)st.st_size };
	int rc = parse_streamed(g, name, NULL, 0, read_piece, &in, pull,
				scn_dir, memo, err);
	if (rc == 0)
		g->rereadable = 1;
	/* the steps to be pulled again from this file (game_step_pull) */
	if (rc == 0 && pull) {
		g->pull_fd = fd;
		g->pull_len = in.len;
	} else
		close(fd);
	return rc;
}

/* ---- the steps pulled again (GAME_PARSE_PULL) ---- */

int game_step_pull(struct game *g, size_t i, struct error *err)
{
	struct doc *d;
	const struct doc_node *m;
	size_t vouched = 0;
	if (!g->pull) {
		struct file_in *in = xmalloc(sizeof *in);
		*in = (struct file_in){ g->pull_fd, 0, g->pull_len };
		g->pull_in = in;
		g->pull = doc_pull_open(g->doc->name, read_piece, in,
					&DOC_LIMITS_GAME, "steps", err);
		if (!g->pull)
			return -1;
	}
	struct game_step *s = game_step_at(g, i);
	game_step_drop(s);
	int rc = doc_pull_next(g->pull, &d, &m, err);
	if (rc <= 0)
		return rc;
	struct doc *whole = g->doc;
	g->doc = d;
	rc = game_read_step(g, i, m, NULL, &vouched, err);
	g->doc = whole;
	s->doc = d;
	return rc ? -1 : 1;
}

int game_steps_pulled(struct game *g, struct error *err)
{
	struct doc *d = NULL;
	const struct doc_node *m;
	struct error ignored;
	if (!g->n_steps)
		return 0;
	int more = g->pull ? doc_pull_next(g->pull, &d, &m, &ignored) : 1;
	doc_free(d);
	if (!g->pull || more != 0 || !g->n_steps ||
	    sodium_memcmp(game_step_at(g, g->n_steps - 1)->hash,
			  g->pull_last, 32) != 0)
		return errorf(err, EXIT_REFUSED, "%s: the steps read again "
			      "are not those read first: the file changed "
			      "while it was audited", g->doc->name);
	return 0;
}
