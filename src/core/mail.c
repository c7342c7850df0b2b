/*
 * mail.c - find the umpire file inside a mail message, through GMime.
 */
#define _GNU_SOURCE             /* memmem */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "umpire/gmime_dl.h"
#include "umpire/armor.h"
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/sign.h"
#include "umpire/strbuf.h"

/* Header fields that only a mail message starts with. */
static const char *const mail_fields[] = {
	"from", "to", "subject", "date", "message-id", "received",
	"return-path", "mime-version", "content-type", "delivered-to", NULL
};

/* Caps on a message, checked on its raw text before GMime builds its
 * tree (about 130 bytes of memory per byte of tiny parts or headers). */
#define MAIL_MAX_PARTS 64        /* MIME parts, containers included */
#define MAIL_MAX_NESTING 16      /* multiparts and attached messages */
#define MAIL_MAX_HEADERS 4096    /* header lines, every part's */
#define MAIL_MAX_BOUNDARY 70     /* RFC 2046's longest boundary */

/* Length of the field name if line[0..n) is "Name: ...", else 0. */
static size_t field_name(const char *line, size_t n)
{
	size_t i = 0;
	while (i < n && line[i] > ' ' && line[i] < 127 && line[i] != ':')
		i++;
	return i > 0 && i < n && line[i] == ':' ? i : 0;
}

int mail_is_message(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	int known = 0, lines = 0;
	if (len >= 5 && memcmp(buf, "From ", 5) == 0)
		return 1;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (n == 0)
			return known && lines > 0;
		if (*p == ' ' || *p == '\t') {
			if (lines == 0)
				return 0;   /* a continuation needs a field */
		} else {
			size_t f = field_name(p, n);
			if (f == 0)
				return 0;
			for (int i = 0; mail_fields[i]; i++)
				if (strlen(mail_fields[i]) == f &&
				    strncasecmp(p, mail_fields[i], f) == 0)
					known = 1;
			lines++;
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	return 0;       /* no empty line: no body, not a message */
}

/* ---- a signed file inside the text around it ---- */

struct tline {
	const char *p;
	size_t n;               /* without the line end and CRs before it */
};

/* Bytes taken by quote markers ("> ", ">>", "> > ") at the start of l,
 * at most max of them; *depth gets how many. */
static size_t quote_prefix(const char *l, size_t n, int max, int *depth)
{
	size_t i = 0;
	*depth = 0;
	while (i < n && l[i] == '>' && *depth < max) {
		(*depth)++;
		i++;
		if (i < n && l[i] == ' ')
			i++;
	}
	return i;
}

/* Line k with d quote levels taken off and trailing blanks trimmed. */
static struct tline unquoted(const struct tline *l, int d)
{
	int got;
	size_t q = quote_prefix(l->p, l->n, d, &got);
	struct tline t = { l->p + q, l->n - q };
	while (t.n > 0 && (t.p[t.n - 1] == ' ' || t.p[t.n - 1] == '\t'))
		t.n--;
	return t;
}

static int tline_is(struct tline t, const char *s)
{
	return t.n == strlen(s) && memcmp(t.p, s, t.n) == 0;
}

static int tline_starts(struct tline t, const char *s)
{
	return t.n >= strlen(s) && memcmp(t.p, s, strlen(s)) == 0;
}

static int tline_blank(struct tline t)
{
	return t.n == 0;
}

/* The lines of p..end, without their line ends and the CRs before
 * them (malloc'd; *n of them). */
/* Whether s occurs in p[0..n) (memchr for its first byte, then a
 * compare: a long game file has few '#'). */
static int has_sub(const char *p, size_t n, const char *s)
{
	size_t k = strlen(s);
	for (const char *q = p, *end = p + n;
	     k <= (size_t)(end - q) &&
	     (q = memchr(q, s[0], (size_t)(end - q) - k + 1)) != NULL; q++)
		if (memcmp(q, s, k) == 0)
			return 1;
	return 0;
}

static struct tline *split_lines(const char *p, const char *end, size_t *n)
{
	struct tline *lines = NULL;
	size_t cap = 0;
	*n = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
		while (l > 0 && p[l - 1] == '\r')
			l--;
		if (*n == cap) {
			cap = cap ? cap * 2 : 64;
			lines = xrealloc(lines, cap * sizeof *lines);
		}
		lines[*n].p = p;
		lines[(*n)++].n = l;
		p = nl ? nl + 1 : end;
	}
	return lines;
}

int mail_repair(const char *buf, size_t len, struct strbuf *out,
		struct strbuf *notes)
{
	struct tline *lines = NULL;
	size_t n = 0, b, e, s, r0 = 0, r1;
	int depth = -1, changed = 0, before = 0, after = 0, wrapped = 0;
	int nbsp = 0;
	const char *p = buf, *end = buf + len;
	int bom = len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0;
	if (bom)
		p += 3;
	/* no BEGIN line without its text: nothing to repair (a game
	 * file, which keeps its orders' blocks in base64) */
	if (!has_sub(p, (size_t)(end - p), EMBED_BEGIN))
		return 0;
	lines = split_lines(p, end, &n);
	for (b = 0; b < n && depth < 0; b++) {
		int d;
		quote_prefix(lines[b].p, lines[b].n, 64, &d);
		if (tline_is(unquoted(&lines[b], d), EMBED_BEGIN))
			depth = d;
	}
	if (depth < 0)
		goto out;
	b--;
	/* The quoted region around the block: lines at least that deep. */
	r1 = n;
	if (depth > 0) {
		int d;
		for (r0 = b; r0 > 0; r0--) {
			quote_prefix(lines[r0 - 1].p, lines[r0 - 1].n, depth,
				     &d);
			if (d < depth)
				break;
		}
		for (r1 = b + 1; r1 < n; r1++) {
			quote_prefix(lines[r1].p, lines[r1].n, depth, &d);
			if (d < depth)
				break;
		}
	}
	for (e = b + 1; e < r1; e++)
		if (tline_is(unquoted(&lines[e], depth), EMBED_END))
			break;
	if (e == r1)
		goto out;               /* no END: the usual message says so */
	/* Where the file starts: its umpire: line and the comments and
	 * document markers just above it. */
	for (s = r0; s < b; s++)
		if (tline_starts(unquoted(&lines[s], depth), "umpire:"))
			break;
	if (s == b)
		s = r0;
	while (s > r0) {
		struct tline t = unquoted(&lines[s - 1], depth);
		if (!tline_starts(t, "#") && !tline_starts(t, "---") &&
		    !tline_starts(t, "%"))
			break;
		s--;
	}
	for (size_t k = 0; k < s; k++)
		before |= !tline_blank(unquoted(&lines[k], 0));
	for (size_t k = e + 1; k < n; k++)
		after |= !tline_blank(unquoted(&lines[k], 0));
	for (size_t k = b + 1; k < e; k++)
		wrapped |= !tline_starts(unquoted(&lines[k], depth), "#") &&
			   !tline_blank(unquoted(&lines[k], depth));
	for (size_t k = s; k <= e && !nbsp; k++)
		for (size_t j = 0; j + 1 < lines[k].n; j++)
			if ((unsigned char)lines[k].p[j] == 0xc2 &&
			    (unsigned char)lines[k].p[j + 1] == 0xa0)
				nbsp = 1;
	changed = bom || nbsp || depth > 0 || before || after || wrapped;
	if (!changed)
		goto out;
	for (size_t k = s; k <= e; k++) {
		int d;
		size_t q = quote_prefix(lines[k].p, lines[k].n, depth, &d);
		struct tline t = { lines[k].p + q, lines[k].n - q };
		if (k > b && k < e && t.n > 0 && t.p[0] != '#')
			strbuf_adds(out, "# ");  /* a re-wrapped base64 line */
		for (size_t j = 0; j < t.n; j++) {
			/* umpire signs U+00A0 as a space (canonical_text) */
			if (j + 1 < t.n && (unsigned char)t.p[j] == 0xc2 &&
			    (unsigned char)t.p[j + 1] == 0xa0) {
				strbuf_addc(out, ' ');
				j++;
			} else {
				strbuf_addc(out, t.p[j]);
			}
		}
		strbuf_addc(out, '\n');
	}
	if (notes) {
		const char *sep = "";
		if (depth > 0) {
			strbuf_addf(notes, "%s%d level%s of '> ' quoting", sep,
				    depth, depth > 1 ? "s" : "");
			sep = ", ";
		}
		if (before) {
			strbuf_addf(notes, "%stext before the file", sep);
			sep = ", ";
		}
		if (after) {
			strbuf_addf(notes, "%stext after its signature block",
				    sep);
			sep = ", ";
		}
		if (wrapped) {
			strbuf_addf(notes, "%sre-wrapped signature lines",
				    sep);
			sep = ", ";
		}
		if (bom) {
			strbuf_addf(notes, "%sa byte-order mark", sep);
			sep = ", ";
		}
		if (nbsp)
			strbuf_addf(notes, "%sno-break spaces", sep);
	}
out:
	free(lines);
	return changed;
}

/* 1 if t can be a line of a game file at its top level or inside it: a
 * blank line, an indented one, a comment, a sequence item, a document
 * marker or a "key:" line; not a signature separator "-- " or prose. */
static int game_line(struct tline t)
{
	size_t i = 0;
	if (t.n == 0 || t.p[0] == ' ' || t.p[0] == '#' ||
	    tline_is(t, "-") || tline_starts(t, "- ") ||
	    tline_starts(t, "---"))
		return 1;
	while (i < t.n && (isalnum((unsigned char)t.p[i]) || t.p[i] == '_' ||
			   t.p[i] == '-'))
		i++;
	return i > 0 && i < t.n && t.p[i] == ':';
}

static int joined_line(struct tline l, int begins);

/* The line at q (its end of line and the CRs before it taken away):
 * whether it may be a game file's, the first line whatever it is, and
 * *joined set when it is the "umpire: " line of a joined file. */
static int plain_line(const char *q, const char *end, int first,
		      int *joined)
{
	const char *nl = memchr(q, '\n', (size_t)(end - q));
	struct tline l = { q, nl ? (size_t)(nl - q) : (size_t)(end - q) };
	while (l.n > 0 && q[l.n - 1] == '\r')
		l.n--;
	if (!first && !game_line(l))
		return 0;
	if (!*joined && tline_starts(l, "umpire: "))
		*joined = joined_line(l, 0);
	return 1;
}

/* Whether one of p[0..64) is a NUL byte, or a line's end followed by a
 * character that is not a space (p[64] is read): 16 bytes at a time, in
 * the vector types of GCC and clang, the width every 64-bit machine's
 * vector unit has (a loop of byte tests, even vectorized by the
 * compiler, took 1.4 instructions a byte: half of status's growth from
 * step 8 to step 1,024 of a long game; and a memchr for the NUL byte
 * first read 1.6 MB once more). */
typedef unsigned char bytes16 __attribute__((vector_size(16)));
typedef signed char mask16 __attribute__((vector_size(16)));

static mask16 worth_a_look_16(const char *p)
{
	bytes16 a, b;

	memcpy(&a, p, 16);
	memcpy(&b, p + 1, 16);
	return ((a == '\n') & (b != ' ')) | (a == 0);
}

static int worth_a_look_64(const char *p)
{
	mask16 hit = worth_a_look_16(p) | worth_a_look_16(p + 16) |
		worth_a_look_16(p + 32) | worth_a_look_16(p + 48);
	uint64_t w[2];

	memcpy(w, &hit, sizeof w);
	return (w[0] | w[1]) != 0;
}

/* The lines that begin after a line's end in buf[i..stop) (the text
 * ends at end): each a game file's, and no NUL byte among those bytes.
 * A line that begins with a space is a game file's (game_line), and
 * most do: only the others are looked at, found 64 bytes at a time
 * with any NUL byte (worth_a_look_64). A search for each line's end
 * cost a call a line, a third of status's time at step 1,024 of a
 * long game. */
static int plain_lines(const char *buf, size_t i, size_t stop,
		       const char *end, int *joined)
{
	size_t len = (size_t)(end - buf);
	for (; i + 64 < stop; i += 64) {
		int hit = worth_a_look_64(buf + i);
		for (int j = 0; hit && j < 64; j++)
			if (buf[i + j] == '\0' ||
			    (buf[i + j] == '\n' && buf[i + j + 1] != ' ' &&
			     !plain_line(buf + i + j + 1, end, 0, joined)))
				return 0;
	}
	for (; i < stop; i++)
		if (buf[i] == '\0' || (i + 1 < len && buf[i] == '\n' &&
					buf[i + 1] != ' ' &&
					!plain_line(buf + i + 1, end, 0,
						    joined)))
			return 0;
	return 1;
}

/*
 * A game file alone, as umpire writes it: no NUL byte, its first line
 * first and every line one of a game file (nothing before it or after
 * it to take away), seen without the line table. *joined: whether one
 * of its lines is joined (joined_line, no BEGIN line looked for: a game
 * file keeps its orders' blocks in base64). For a long game this is the
 * whole of the mail layer's cost.
 */
static int plain_game_file(const char *buf, size_t len, int *joined)
{
	*joined = 0;
	return len >= 13 && memcmp(buf, "umpire: game/", 13) == 0 &&
		plain_line(buf, buf + len, 1, joined) &&
		plain_lines(buf, 0, len, buf + len, joined);
}

/* Lines of a game file from p on, its first line too (whole lines: the
 * line before p, if any, ended). */
static int plain_piece(const char *p, size_t n, int *joined)
{
	return (n == 0 || p[0] == ' ' || plain_line(p, p + n, 0, joined)) &&
		plain_lines(p, 0, n, p + n, joined);
}

int mail_game_as_read(const char *head, size_t head_len, const char *tail,
		      size_t tail_len, size_t len, size_t max)
{
	int joined;
	if (head_len + tail_len > len ||
	    (tail_len && (head_len == 0 || head[head_len - 1] != '\n')))
		return 0;
	/* mail_take_file's tests, the lines between head and tail
	 * passed over: a needle with no line end is not found across a
	 * line's end, and the message test ends at the first "- " line */
	return len <= max && !mail_is_message(head, head_len) &&
		plain_game_file(head, head_len, &joined) &&
		plain_piece(tail, tail_len, &joined) && !joined &&
		!has_sub(head, head_len, EMBED_BEGIN) &&
		!has_sub(tail, tail_len, EMBED_BEGIN);
}

int mail_game_lines(const char *text, size_t len)
{
	int joined = 0;
	return (len == 0 || text[len - 1] == '\n') &&
		plain_piece(text, len, &joined) && !joined &&
		!has_sub(text, len, EMBED_BEGIN);
}

/*
 * The kind of an umpire file whose first line t is, "umpire: KIND/N"
 * (KIND lower-case letters and '-', N digits, nothing after): KIND's
 * length, 0 if t is no such line.
 */
static size_t head_kind(struct tline t)
{
	size_t i = 8, k;
	if (!tline_starts(t, "umpire: "))
		return 0;
	while (i < t.n && (islower((unsigned char)t.p[i]) || t.p[i] == '-'))
		i++;
	k = i - 8;
	if (k == 0 || i == t.n || t.p[i] != '/')
		return 0;
	for (i++; i < t.n && isdigit((unsigned char)t.p[i]); i++)
		;
	return i == t.n && t.p[i - 1] != '/' ? k : 0;
}

/* Whether kind[0..k) is one of kinds (separated by spaces). */
static int kind_in(const char *kind, size_t k, const char *kinds)
{
	while (kinds && *kinds) {
		size_t n = strcspn(kinds, " ");
		if (n == k && memcmp(kinds, kind, k) == 0)
			return 1;
		kinds += n;
		kinds += *kinds == ' ';
	}
	return 0;
}

/* Whether t (trimmed) is one of base64's characters, at least one, after
 * blanks: a line of a base64 value folded over several lines. */
static int b64_line(struct tline t)
{
	size_t i = 0;
	while (i < t.n && t.p[i] == ' ')
		i++;
	if (i == 0 || i == t.n)
		return 0;
	for (; i < t.n; i++)
		if (!isalnum((unsigned char)t.p[i]) && t.p[i] != '+' &&
		    t.p[i] != '/' && t.p[i] != '=')
			return 0;
	return 1;
}

/* The top-level keys of a sealed file (seal_text), in their order. */
static const char *const sealed_keys[] = { "umpire", "game", "for", "box" };

/* Which of sealed_keys line t is ("key:" at its start), -1 if none. */
static int sealed_key(struct tline t)
{
	for (int i = 0; i < 4; i++) {
		size_t k = strlen(sealed_keys[i]);
		if (t.n > k && memcmp(t.p, sealed_keys[i], k) == 0 &&
		    t.p[k] == ':' && (t.n == k + 1 || t.p[k + 1] == ' '))
			return i;
	}
	return -1;
}

/* A line for a refusal: at most 40 bytes of t, printable ASCII. */
static void quote_line(struct strbuf *sb, struct tline t)
{
	strbuf_addc(sb, '\'');
	for (size_t i = 0; i < t.n && i < 40; i++)
		strbuf_addc(sb, t.p[i] >= ' ' && t.p[i] < 127 ? t.p[i] : '?');
	strbuf_adds(sb, t.n > 40 ? "...'" : "'");
}

/*
 * Whether lines[k..e) (at quote depth d; k the "umpire: sealed.../N"
 * line, e the first line that is none of the file's) are a whole sealed
 * file: its four keys once each, in seal_text's order, and a box with
 * something in it; and the line at e (if any) is not an indented line
 * (one inside the box that is not base64). If not, why says what is
 * wrong and 0 is returned.
 */
static int sealed_whole(const struct tline *lines, size_t k, size_t e,
			size_t n, int d, struct strbuf *why)
{
	int next = 0, box = 0;
	for (size_t i = k; i < e; i++) {
		struct tline t = unquoted(&lines[i], d);
		int key = sealed_key(t);
		if (key < 0) {
			box = 1;        /* a base64 line (of the box) */
			continue;
		}
		if (key != next) {
			strbuf_addf(why, "has its line %zu ", i + 1);
			quote_line(why, t);
			strbuf_addf(why, " out of place (a sealed file's keys "
				    "are umpire, game, for, box, in this "
				    "order)");
			return 0;
		}
		next++;
		if (key == 3) {
			struct tline v = { t.p + 4, t.n - 4 };
			while (v.n > 0 && v.p[0] == ' ')
				v.p++, v.n--;
			box = v.n > 0 && v.p[0] != '|' && v.p[0] != '>';
		}
	}
	if (e < n && next == 4) {
		/* an indented line, or one followed by more of the box */
		struct tline t = unquoted(&lines[e], d);
		int qd = -1;
		if (e + 1 < n)
			quote_prefix(lines[e + 1].p, lines[e + 1].n, d, &qd);
		if (t.n > 0 && (t.p[0] == ' ' || t.p[0] == '\t' ||
				(e + 1 < n && qd == d &&
				 b64_line(unquoted(&lines[e + 1], d))))) {
			strbuf_addf(why, "has its line %zu ", e + 1);
			quote_line(why, t);
			strbuf_adds(why, " inside its box, and it is not "
				    "base64: the box was altered (by hand, "
				    "or by a mail client re-wrapping it)");
			return 0;
		}
	}
	if (next < 4) {
		strbuf_addf(why, "has no '%s:' line", sealed_keys[next]);
		if (e < n && tline_blank(unquoted(&lines[e], d))) {
			strbuf_addf(why, " (its line %zu is blank)", e + 1);
		} else if (e < n) {
			strbuf_addf(why, " (it ends at its line %zu ", e + 1);
			quote_line(why, unquoted(&lines[e], d));
			strbuf_addc(why, ')');
		}
		return 0;
	}
	if (!box) {
		strbuf_adds(why, "has an empty box");
		return 0;
	}
	return 1;
}

/* The kinds of file file_block takes out of the text around them. */
#define FILE_BLOCK_KINDS "game sealed sealed-orders"

/*
 * An unsigned umpire file (a game file, a sealed view, sealed orders:
 * one without an embedded signature, or only a game file when the text
 * holds a BEGIN line) inside the text a mail client put around it. It
 * starts at its "umpire: KIND/N" line (the first of a kind in kinds when
 * there is one, else the first) and the comment and "---" lines just
 * above it, at that line's '> ' depth, and goes on while lines are at
 * that depth and may be the file's: a sealed file's keys (umpire, game,
 * for, box) and its box's base64 lines; any other file's, game_line's.
 * Blank lines at its end are not the file's.
 * Returns 1 with the file alone appended to out (quoting taken off; a
 * sealed file's lines without trailing blanks, LF line ends) and what
 * was taken away to notes (may be NULL); 0 when there is nothing to
 * take away (no such line, the file alone at no quoting, or a file of a
 * kind not in FILE_BLOCK_KINDS, left as it is for its signature or the
 * parser to judge); -1 when there is text around a file but what is
 * there is not a whole file (a line "umpire: " that starts none, a file
 * that stops at its first line, a sealed file cut short or altered):
 * why gets what is wrong, naming the line.
 */
static int file_block(const char *buf, size_t len, const char *kinds,
		      struct strbuf *out, struct strbuf *notes,
		      struct strbuf *why)
{
	struct tline *lines = NULL;
	size_t n = 0, k, s, e, r0 = 0, r1, bad = 0;
	int depth = -1, before = 0, after = 0, d, sealed, rc = 0;
	int bad_depth = 0;
	const char *p = buf, *end = buf + len;
	/* no mail text holds a NUL byte: such a file goes to the parser
	 * as it is, which names the byte, rather than lose its lines */
	if (memchr(buf, '\0', len))
		return 0;
	int joined, signed_text = has_sub(buf, len, EMBED_BEGIN);
	if (plain_game_file(buf, len, &joined))
		return 0;
	lines = split_lines(p, end, &n);
	/* the first file of a kind asked for, else the first file */
	for (int pass = 0; pass < 2 && depth < 0; pass++) {
		for (k = 0; k < n && depth < 0; k++) {
			quote_prefix(lines[k].p, lines[k].n, 64, &d);
			struct tline t = unquoted(&lines[k], d);
			size_t kl = head_kind(t);
			if (!kl) {
				if (tline_starts(t, "umpire:") && !bad) {
					bad = k + 1;
					bad_depth = d;
				}
				continue;
			}
			if (signed_text ? kind_in(t.p + 8, kl, "game") :
			    pass == 1 || !kinds || kind_in(t.p + 8, kl, kinds))
				depth = d;
		}
	}
	if (depth < 0) {
		/* a line "umpire: ..." that starts no file, with text
		 * around it: not a file the parser could name */
		if (bad && !signed_text && (bad > 1 || bad_depth > 0)) {
			strbuf_addf(why, "its line %zu ", bad);
			quote_line(why, unquoted(&lines[bad - 1], 64));
			strbuf_adds(why, " is not the first line of an umpire "
				    "file ('umpire: KIND/N', nothing after)");
			rc = -1;
		}
		free(lines);
		return rc;
	}
	k--;
	sealed = tline_starts(unquoted(&lines[k], depth), "umpire: sealed");
	for (r0 = k; depth > 0 && r0 > 0; r0--) {
		quote_prefix(lines[r0 - 1].p, lines[r0 - 1].n, depth, &d);
		if (d < depth)
			break;
	}
	for (r1 = k + 1; r1 < n; r1++) {
		quote_prefix(lines[r1].p, lines[r1].n, depth, &d);
		struct tline t = unquoted(&lines[r1], depth);
		if (d < depth || (sealed ? sealed_key(t) < 0 && !b64_line(t) :
				  !game_line(t)))
			break;
	}
	for (s = k; s > r0; s--) {
		struct tline t = unquoted(&lines[s - 1], depth);
		if (!tline_starts(t, "#") && !tline_starts(t, "---"))
			break;
	}
	for (e = r1; e > k + 1 && tline_blank(unquoted(&lines[e - 1], depth));)
		e--;
	for (size_t i = 0; i < s; i++)
		before |= !tline_blank(unquoted(&lines[i], 0));
	for (size_t i = e; i < n; i++)
		after |= !tline_blank(unquoted(&lines[i], 0));
	if (depth == 0 && !before && !after)
		goto out;       /* the file alone: the parser's to read */
	if (sealed) {
		strbuf_addf(why, "the sealed file at its line %zu ", k + 1);
		quote_line(why, unquoted(&lines[k], depth));
		strbuf_addc(why, ' ');
	}
	if (sealed && !sealed_whole(lines, k, r1, n, depth, why)) {
		rc = -1;
		goto out;
	}
	if (e == k + 1) {
		strbuf_addf(why, "the file stops at its first line (line "
			    "%zu ", k + 1);
		quote_line(why, unquoted(&lines[k], depth));
		strbuf_adds(why, "): ");
		if (r1 < n) {
			strbuf_addf(why, "line %zu ", r1 + 1);
			quote_line(why, unquoted(&lines[r1], depth));
			strbuf_adds(why, " cannot be one of an umpire file's "
				    "lines");
		} else {
			strbuf_adds(why, "nothing of the file follows it");
		}
		rc = -1;
		goto out;
	}
	/* other kinds are left as they are: an unsigned file may have a
	 * detached signature over its bytes, comments and all */
	{
		struct tline h = unquoted(&lines[k], depth);
		if (!kind_in(h.p + 8, head_kind(h), FILE_BLOCK_KINDS))
			goto out;
	}
	for (size_t i = s; i < e; i++) {
		size_t q = quote_prefix(lines[i].p, lines[i].n, depth, &d);
		struct tline t = { lines[i].p + q, lines[i].n - q };
		if (sealed)
			t = unquoted(&lines[i], depth);
		strbuf_add(out, t.p, t.n);
		strbuf_addc(out, '\n');
	}
	if (notes && depth > 0)
		strbuf_addf(notes, "%d level%s of '> ' quoting%s", depth,
			    depth > 1 ? "s" : "", before || after ? ", " : "");
	if (notes)
		strbuf_addf(notes, "%s%s%s", before ? "text before the file" :
			    "", before && after ? ", " : "",
			    after ? "text after the file" : "");
	rc = 1;
out:
	free(lines);
	return rc;
}

/* 1 if an umpire file's lines were joined (re-flowed by an editor or a
 * client): its "umpire: KIND/N" line, or the line of its signature
 * block's BEGIN, goes on with other text. */
/* Whether line l (its end of line taken away) is an umpire file's first
 * line or, when begins, a signature's BEGIN line, going on with text
 * after it or following other text: a line that was joined with others. */
static int joined_line(struct tline l, int begins)
{
	int d;
	while (l.n > 0 && (l.p[l.n - 1] == '\r' || l.p[l.n - 1] == ' ' ||
			   l.p[l.n - 1] == '\t'))
		l.n--;
	quote_prefix(l.p, l.n, 64, &d);
	struct tline t = unquoted(&l, d);
	size_t i = 8;
	while (tline_starts(t, "umpire: ") && i < t.n &&
	       (islower((unsigned char)t.p[i]) || t.p[i] == '-'))
		i++;
	if (i > 8 && i < t.n && t.p[i] == '/' && memchr(t.p + i, ' ', t.n - i))
		return 1;
	for (size_t j = 1; begins && j + strlen(EMBED_BEGIN) <= t.n; j++)
		if (memcmp(t.p + j, EMBED_BEGIN, strlen(EMBED_BEGIN)) == 0)
			return 1;
	return 0;
}

/* Whether some line is joined (joined_line). Only a line that holds
 * "umpire: " or the BEGIN text can be, so those are found with memmem
 * and their lines looked at: the cost of a long game file is a search
 * through it, not a look at each of its lines. */
static int joined_lines(const char *buf, size_t len)
{
	const char *end = buf + len;
	int begins = has_sub(buf, len, EMBED_BEGIN);
	const char *needles[2] = { "umpire: ", EMBED_BEGIN };
	for (int k = 0; k < 1 + begins; k++) {
		const char *p = buf, *x;
		size_t nl = strlen(needles[k]);
		while (p < end && (x = memmem(p, (size_t)(end - p), needles[k],
					      nl)) != NULL) {
			const char *b = x, *e;
			while (b > buf && b[-1] != '\n')
				b--;
			e = memchr(x, '\n', (size_t)(end - x));
			if (!e)
				e = end;
			if (joined_line((struct tline){ b, (size_t)(e - b) },
					begins))
				return 1;
			p = e;
		}
	}
	return 0;
}

/* ---- the caps a message must keep before it is parsed ---- */

size_t mail_message_max(size_t max)
{
	return max / 3 * 4 + max / 8 + 65536;
}

/* What a look at the raw text finds: enough to bound what GMime would
 * build, without parsing MIME (that is GMime's work). */
struct mail_scan {
	char bound[MAIL_MAX_NESTING][MAIL_MAX_BOUNDARY + 1];
	size_t n_bound;
	size_t containers;      /* boundary= and message/ declarations */
	size_t parts;           /* lines that may open a part */
	size_t headers;         /* header lines, every part's */
	int any_dashes;         /* a boundary not understood: every line
				 * starting "--" may open a part */
};

/* Case-insensitive search for s in line[0..n). */
static const char *line_find(const char *line, size_t n, const char *s)
{
	size_t k = strlen(s);
	for (size_t i = 0; i + k <= n; i++)
		if (strncasecmp(line + i, s, k) == 0)
			return line + i;
	return NULL;
}

/* Note the boundary parameters and attached messages a header line
 * declares: *in_ct says whether the line belongs to a Content-Type
 * field (a continuation line to the field above); a Content-Type naming
 * "message" in any spelling GMime might read declares an attached
 * message, whose own header block follows. */
static void scan_header(struct mail_scan *sc, const char *l, size_t n,
			int *in_ct, int *message)
{
	const char *end = l + n, *b = l;
	if (n > 0 && l[0] != ' ' && l[0] != '\t')
		*in_ct = field_name(l, n) == 12 &&
			 strncasecmp(l, "content-type", 12) == 0;
	if (*in_ct && line_find(l, n, "message"))
		*message = 1;
	while ((b = line_find(b, (size_t)(end - b), "boundary"))) {
		const char *v = b + 8;
		sc->containers++;
		b = v;
		while (v < end && (*v == ' ' || *v == '\t'))
			v++;
		if (v == end || *v != '=') {
			/* boundary*0=, or the value on the next line:
			 * GMime may still see a boundary here */
			sc->any_dashes = 1;
			continue;
		}
		v++;
		while (v < end && (*v == ' ' || *v == '\t'))
			v++;
		const char *q = v;
		if (q < end && *q == '"') {
			v = ++q;
			while (q < end && *q != '"')
				q++;
		} else {
			while (q < end && *q != ';' && *q != ' ' &&
			       *q != '\t')
				q++;
		}
		size_t k = (size_t)(q - v);
		if (k == 0) {
			sc->any_dashes = 1;
			continue;
		}
		if (sc->n_bound == MAIL_MAX_NESTING)
			continue;       /* refused for its containers anyway */
		/* a longer one is kept by its start: a prefix matches more
		 * lines, never fewer */
		if (k > MAIL_MAX_BOUNDARY)
			k = MAIL_MAX_BOUNDARY;
		memcpy(sc->bound[sc->n_bound], v, k);
		sc->bound[sc->n_bound++][k] = '\0';
	}
}

/* 1 if a body line may open a part: "--" and the start of a declared
 * boundary, not followed by the closing "--"; with a boundary not
 * understood, any line starting "--". */
static int opens_part(const struct mail_scan *sc, const char *l, size_t n)
{
	if (n < 2 || l[0] != '-' || l[1] != '-')
		return 0;
	if (sc->any_dashes)
		return 1;
	for (size_t i = 0; i < sc->n_bound; i++) {
		size_t k = strlen(sc->bound[i]);
		if (n >= k + 2 && memcmp(l + 2, sc->bound[i], k) == 0)
			return n < k + 4 || memcmp(l + k + 2, "--", 2) != 0;
	}
	return 0;
}

/*
 * Refuse a message GMime would need too much memory for: larger than
 * mail_message_max(max), more than MAIL_MAX_PARTS parts, more than
 * MAIL_MAX_NESTING multiparts and attached messages (so no deeper
 * nesting either), more than MAIL_MAX_HEADERS header lines. The counts
 * are upper bounds taken from the raw lines: the header block at the
 * top, one after each line that may open a part, one more after a
 * block declaring an attached message.
 */
int mail_caps(const char *name, const char *buf, size_t len, size_t max,
	      struct error *err)
{
	struct mail_scan sc;
	const char *p = buf, *end = buf + len;
	int in_header = 1, message = 0, in_ct = 0;
	if (len > mail_message_max(max))
		return errorf(err, EXIT_REFUSED, "%s: a mail message of %zu "
			      "bytes, over umpire's limit of %zu (the "
			      "file's %zu x 4/3 for base64, 1/8 more for "
			      "line ends, and 64 KiB for headers)", name, len,
			      mail_message_max(max), max);
	memset(&sc, 0, sizeof sc);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (in_header && n == 0) {
			in_header = message;    /* an attached message's
						 * own header block next */
			message = 0;
		} else if (in_header) {
			sc.headers++;
			int m = 0;
			scan_header(&sc, p, n, &in_ct, &m);
			if (m) {
				message = 1;
				sc.containers++;
			}
		} else if (opens_part(&sc, p, n)) {
			sc.parts++;
			in_header = 1;
		}
		const struct { size_t n, max; const char *what; } caps[] = {
			{ sc.parts, MAIL_MAX_PARTS, "MIME parts" },
			{ sc.containers, MAIL_MAX_NESTING, "multiparts and "
			  "attached messages (nested or not)" },
			{ sc.headers, MAIL_MAX_HEADERS, "header lines" } };
		for (size_t i = 0; i < 3; i++)
			if (caps[i].n > caps[i].max)
				return errorf(err, EXIT_REFUSED, "%s: a mail "
					      "message of more than %zu %s; "
					      "umpire reads at most %zu "
					      "(counted before the message "
					      "is parsed)", name, caps[i].max,
					      caps[i].what, caps[i].max);
		if (!nl)
			break;
		p = nl + 1;
	}
	return 0;
}

/* ---- the parts of a message ---- */

/* One leaf part of the message, decoded. */
struct part {
	char *data;
	size_t len;
	size_t number;          /* 1 for the first leaf part */
	char type[64];          /* "text/plain" */
	char filename[64];      /* "" if none */
	int attachment;
	int gzip;               /* mailed gzip-compressed (gunzip_part) */
	int rank;               /* part_rank */
};

/*
 * RFC 3676: undo format=flowed as a receiving client displays it. A line
 * ending in a space (not the "-- " signature line) flows into the next
 * line of the same quote depth; with DelSp=yes that space goes too. The
 * space a sender stuffed after the quote marks (before a line starting
 * with a space, "From " or ">") is taken away. Quoted lines come out as
 * one '>' per level and a space, as mail_repair reads them.
 */
static void flowed_decode(const char *buf, size_t len, int delsp,
			  struct strbuf *out)
{
	const char *p = buf, *end = buf + len;
	int open = 0, depth = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		int d = 0;
		size_t i = 0;
		while (i < n && p[i] == '>') {
			d++;
			i++;
		}
		if (i < n && p[i] == ' ')
			i++;            /* space-stuffing */
		const char *t = p + i;
		size_t k = n - i;
		int sig = k == 3 && memcmp(t, "-- ", 3) == 0;
		int flows = k > 0 && t[k - 1] == ' ' && !sig;
		if (open && d != depth) {
			strbuf_addc(out, '\n');   /* a flowed line ends its
						   * paragraph at a new depth */
			open = 0;
		}
		if (!open) {
			for (int q = 0; q < d; q++)
				strbuf_addc(out, '>');
			if (d > 0 && k > 0)
				strbuf_addc(out, ' ');
			depth = d;
			open = 1;
		}
		strbuf_add(out, t, flows && delsp ? k - 1 : k);
		if (!flows) {
			if (nl)
				strbuf_addc(out, '\n');
			open = 0;
		}
		p = nl ? nl + 1 : end;
	}
	if (open)
		strbuf_addc(out, '\n');
}

/* Copy a short display string, keeping printable ASCII only. */
static void copy_label(char *dst, size_t size, const char *src)
{
	size_t j = 0;
	for (size_t i = 0; src && src[i] && j + 1 < size; i++)
		dst[j++] = (src[i] >= ' ' && src[i] < 127) ? src[i] : '?';
	dst[j] = '\0';
}

/*
 * A part whose content is gzip's (gmime_is_gzip: the judge attaches a
 * long game's file so, whatever the type a mail client gives it): its
 * content decompressed in place, its name without ".gz". *room: what the
 * message's parts may still decompress to, together (the limit of the
 * file read: a message of 64 small bombs is bounded as one). -1 when it
 * would be more (nothing decompressed), -2 when it is not gzip's after
 * all (left as it came).
 */
static int gunzip_part(const struct gmime *gm, struct part *p, size_t *room)
{
	struct strbuf sb = STRBUF_INIT;
	int rc = gmime_gunzip(gm, p->data, p->len, *room, &sb);
	if (rc) {
		strbuf_free(&sb);
		return rc;
	}
	*room -= sb.len;
	strbuf_addc(&sb, '\0');         /* an empty file too */
	free(p->data);
	p->data = strbuf_detach(&sb, &p->len);
	p->len--;
	size_t n = strlen(p->filename);
	if (n > 3 && !strcasecmp(p->filename + n - 3, ".gz"))
		p->filename[n - 3] = '\0';
	strcpy(p->type, "text/plain");
	p->gzip = 1;
	return 0;
}

static int decode_part(const struct gmime *gm, GMimePart *gp, struct part *out)
{
	GMimeDataWrapper *content = gm->g_mime_part_get_content(gp);
	GMimeContentType *ct =
		gm->g_mime_object_get_content_type(GMIME_OBJECT(gp));
	const char *format = NULL, *delsp = NULL;
	memset(out, 0, sizeof *out);
	if (ct) {
		char *mt = gm->g_mime_content_type_get_mime_type(ct);
		copy_label(out->type, sizeof out->type, mt);
		for (char *c = out->type; *c; c++)
			*c = (char)tolower((unsigned char)*c);
		gm->g_free(mt);
		format = gm->g_mime_content_type_get_parameter(ct, "format");
		delsp = gm->g_mime_content_type_get_parameter(ct, "delsp");
	}
	copy_label(out->filename, sizeof out->filename,
		   gm->g_mime_part_get_filename(gp));
	out->attachment = gm->g_mime_part_is_attachment(gp) ? 1 : 0;
	if (!content)
		return 0;
	GMimeStream *mem = gm->g_mime_stream_mem_new();
	if (gm->g_mime_data_wrapper_write_to_stream(content, mem) < 0) {
		gm->g_object_unref(mem);
		return -1;
	}
	GByteArray *bytes =
		gm->g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
	/* an empty part's array has no data at all (NULL), which neither
	 * memcpy nor pointer arithmetic may be given */
	const char *data = bytes->len ? (const char *)bytes->data : "";
	if (strcmp(out->type, "text/plain") == 0 && format &&
	    strcasecmp(format, "flowed") == 0) {
		struct strbuf sb = STRBUF_INIT;
		flowed_decode(data, bytes->len,
			      delsp && strcasecmp(delsp, "yes") == 0, &sb);
		strbuf_addc(&sb, '\0');         /* an empty part too */
		out->data = strbuf_detach(&sb, &out->len);
		out->len--;
	} else {
		out->len = bytes->len;
		out->data = xmalloc(out->len + 1);
		memcpy(out->data, data, out->len);
		out->data[out->len] = '\0';
	}
	gm->g_object_unref(mem);
	return 0;
}

/* 1 if a line of data, its '> ' quoting taken off, starts with prefix. */
static int has_line(const char *data, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);
	const char *p = data, *end = data + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
		int d;
		size_t q = quote_prefix(p, l, 64, &d);
		if (l - q >= n && memcmp(p + q, prefix, n) == 0)
			return 1;
		if (!nl)
			break;
		p = nl + 1;
	}
	return 0;
}

/*
 * Whether data is the text of a turn report (umpire report, adjudicate
 * --report, the body umpire mail writes with --report), '> ' quoted or
 * not: a heading line ending "(SCENARIO), game " and 8 hex digits, or a
 * line "Step N, ordered by ". The side it is seen by ("As seen by
 * SIDE.") is appended to side (may be NULL) when there is one.
 */
static int is_report(const char *data, size_t len, struct strbuf *side)
{
	const char *p = data, *end = data + len;
	int found = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		struct tline l = { p, nl ? (size_t)(nl - p) :
				   (size_t)(end - p) }, t;
		int d;
		quote_prefix(l.p, l.n, 64, &d);
		t = unquoted(&l, d);
		size_t i = 5;
		if (tline_starts(t, "Step ")) {
			while (i < t.n && isdigit((unsigned char)t.p[i]))
				i++;
			if (i > 5 && t.n - i >= 13 &&
			    memcmp(t.p + i, ", ordered by ", 13) == 0)
				found = 1;
		}
		if (t.n >= 16 && memcmp(t.p + t.n - 16, "), game ", 8) == 0) {
			for (i = t.n - 8; i < t.n &&
			     isxdigit((unsigned char)t.p[i]); i++)
				;
			found |= i == t.n;
		}
		if (side && !side->len && tline_starts(t, "As seen by ") &&
		    t.n > 12 && t.p[t.n - 1] == '.')
			strbuf_add(side, t.p + 11, t.n - 12);
		p = nl ? nl + 1 : end;
	}
	return found;
}

/* The refusal of a report given where an umpire file is read. */
static int report_refusal(const char *name, const char *part,
			  const struct strbuf *side, struct error *err)
{
	return errorf(err, EXIT_REFUSED, "%s%s%s%s a turn report%s%s (the "
		      "text umpire report writes), not an umpire file: a "
		      "report is for reading; give umpire the file it came "
		      "with (the game file, the view or the orders: the "
		      "message umpire mail wrote with the file attached, or "
		      "the file itself)", name,
		      part ? ": a mail message whose " : "",
		      part ? part : "", part ? " holds" : " is",
		      side->len ? " as seen by " : "",
		      side->len ? side->buf : "");
}

/* Lower is better: 0 signed umpire file, 1 umpire file, -1 not one. */
static int part_rank(const struct part *p)
{
	if (!p->data || strcmp(p->type, "text/html") == 0)
		return -1;
	if (has_line(p->data, p->len, EMBED_BEGIN))
		return 0;
	if (has_line(p->data, p->len, "umpire:"))
		return 1;
	return -1;
}

/* 1 if the part holds an umpire file of one of the kinds, a list
 * separated by spaces ("game view": a line "umpire: game/..." or
 * "umpire: view/..."). */
static int part_is_kind(const struct part *p, const char *kinds)
{
	char head[48];
	if (p->rank < 0)
		return 0;
	while (*kinds) {
		size_t k = strcspn(kinds, " ");
		if (k > 0 && k < 32) {
			snprintf(head, sizeof head, "umpire: %.*s/", (int)k,
				 kinds);
			if (has_line(p->data, p->len, head))
				return 1;
		}
		kinds += k;
		kinds += *kinds == ' ';
	}
	return 0;
}

static void describe_part(const struct part *p, struct strbuf *sb)
{
	strbuf_addf(sb, "part %zu (%s", p->number,
		    p->type[0] ? p->type : "untyped");
	if (p->filename[0])
		strbuf_addf(sb, " '%s'", p->filename);
	strbuf_addc(sb, ')');
}

static void describe(const struct part *parts, size_t n, struct strbuf *sb)
{
	for (size_t i = 0; i < n; i++) {
		strbuf_addf(sb, "%s%s", i ? ", " : "",
			    parts[i].type[0] ? parts[i].type : "untyped");
		if (parts[i].filename[0])
			strbuf_addf(sb, " '%s'", parts[i].filename);
	}
	if (n == 0)
		strbuf_adds(sb, "none");
}

/* The signed file a part holds, as it is checked: taken out of the mail
 * around it, in its canonical text, without its last line ends. */
static void signed_text(const struct part *p, struct strbuf *out)
{
	struct strbuf file = STRBUF_INIT;
	unsigned what;
	if (mail_repair(p->data, p->len, &file, NULL))
		canonical_text(file.buf, file.len, out, &what);
	else
		canonical_text(p->data, p->len, out, &what);
	strbuf_free(&file);
	while (out->len > 0 && out->buf[out->len - 1] == '\n')
		out->buf[--out->len] = '\0';  /* the boundary's line end */
}

/* Refuse when two parts hold different files of one purpose (two signed
 * umpire files, two detached signatures): the message would be read as
 * one and be silent about the other. Identical copies are one file. */
static int one_file(const char *name, const struct part *parts,
		    const size_t *which, size_t n, const char *what,
		    struct error *err)
{
	struct strbuf first = STRBUF_INIT, other = STRBUF_INIT;
	int rc = 0;
	if (n > 0)
		signed_text(&parts[which[0]], &first);
	for (size_t i = 1; i < n && rc == 0; i++) {
		strbuf_reset(&other);
		signed_text(&parts[which[i]], &other);
		if (other.len == first.len &&
		    memcmp(other.buf, first.buf, first.len) == 0)
			continue;
		struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
		describe_part(&parts[which[0]], &a);
		describe_part(&parts[which[i]], &b);
		rc = errorf(err, EXIT_REFUSED, "%s: a mail message holding "
			    "two different %s, in %s and in %s; umpire "
			    "reads one file a message (send them in two "
			    "mails, or one of them)", name, what, a.buf,
			    b.buf);
		strbuf_free(&a);
		strbuf_free(&b);
	}
	strbuf_free(&first);
	strbuf_free(&other);
	return rc;
}

static int has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && strcasecmp(s + n - k, suffix) == 0;
}

/* The parts of the message, decoded: at most MAIL_MAX_PARTS (mail_caps
 * has refused more). */
static int message_parts(const struct gmime *gm, const char *name,
			 const char *buf, size_t len, size_t max,
			 struct part *parts, size_t *n, struct error *err)
{
	GMimeStream *stream = gm->g_mime_stream_mem_new_with_buffer(buf, len);
	GMimeParser *parser = gm->g_mime_parser_new_with_stream(stream);
	GMimeMessage *msg = gm->g_mime_parser_construct_message(parser, NULL);
	gm->g_object_unref(parser);
	gm->g_object_unref(stream);
	*n = 0;
	if (!msg)
		return errorf(err, EXIT_REFUSED, "%s: looks like a mail "
			      "message, but it cannot be parsed as one "
			      "(RFC 5322)", name);
	GMimeObject *top = gm->g_mime_message_get_mime_part(msg);
	GMimePartIter *it = top ? gm->g_mime_part_iter_new(top) : NULL;
	/* The iterator skips the top part when it is a leaf: look at it
	 * (once: some versions do give it). */
	if (top && gmime_is_part(gm, top) &&
	    decode_part(gm, GMIME_PART(top), &parts[*n]) == 0)
		(*n)++;
	for (; it && gm->g_mime_part_iter_is_valid(it);
	     gm->g_mime_part_iter_next(it)) {
		GMimeObject *o = gm->g_mime_part_iter_get_current(it);
		if (o == top || !gmime_is_part(gm, o) ||
		    *n == MAIL_MAX_PARTS)
			continue;
		if (decode_part(gm, GMIME_PART(o), &parts[*n]) == 0)
			(*n)++;
	}
	if (it)
		gm->g_mime_part_iter_free(it);
	gm->g_object_unref(msg);
	size_t room = max;
	for (size_t i = 0; i < *n; i++) {
		parts[i].number = i + 1;
		if (gmime_is_gzip(parts[i].data, parts[i].len) &&
		    gunzip_part(gm, &parts[i], &room) == -1) {
			struct strbuf sb = STRBUF_INIT;
			describe_part(&parts[i], &sb);
			errorf(err, EXIT_REFUSED, "%s: %s is gzip-compressed "
			       "and decompresses to more than %zu bytes "
			       "(the limit of the file read, every part of "
			       "the message together); refused", name,
			       sb.buf, max);
			strbuf_free(&sb);
			for (size_t k = 0; k < *n; k++)
				free(parts[k].data);
			*n = 0;
			return -1;
		}
		parts[i].rank = part_rank(&parts[i]);
	}
	return 0;
}

/* The part to read: of the kind asked for when one is, else any umpire
 * file; a signed one before an unsigned one, an attachment before the
 * body, the first otherwise. n if none. */
static size_t best_part(const struct part *parts, size_t n,
			const char *kind)
{
	size_t best = n;
	int of_kind = 0;
	for (size_t i = 0; kind && i < n; i++)
		of_kind |= part_is_kind(&parts[i], kind);
	for (size_t i = 0; i < n; i++) {
		if (parts[i].rank < 0 ||
		    (of_kind && !part_is_kind(&parts[i], kind)))
			continue;
		if (best == n || parts[i].rank < parts[best].rank ||
		    (parts[i].rank == parts[best].rank &&
		     parts[i].attachment && !parts[best].attachment))
			best = i;
	}
	return best;
}

static int unwrap(const struct gmime *gm, const char *name, char **buf,
		  size_t *len, size_t max, const char *kind, int only_kind,
		  char **sig, size_t *siglen, struct strbuf *taken,
		  struct strbuf *part, int *none, struct error *err)
{
	struct part parts[MAIL_MAX_PARTS];
	size_t n, best, same[MAIL_MAX_PARTS], n_same = 0, sigs[MAIL_MAX_PARTS];
	size_t n_sigs = 0, n_files = 0;
	int rc = -1;
	if (message_parts(gm, name, *buf, *len, max, parts, &n, err))
		return -1;
	best = best_part(parts, n, kind);
	for (size_t i = 0; i < n; i++) {
		/* (only_kind: a file of another kind beside the one read,
		 * the view a reply quotes, is not counted) */
		n_files += parts[i].rank >= 0 && (!only_kind || !kind ||
						  part_is_kind(&parts[i],
							       kind));
		if (best < n && parts[i].rank == 0 &&
		    parts[best].rank == 0 &&
		    (!kind || part_is_kind(&parts[i], kind) ==
			      part_is_kind(&parts[best], kind)))
			same[n_same++] = i;
		if (parts[i].data && has_suffix(parts[i].filename, ".minisig"))
			sigs[n_sigs++] = i;
	}
	if (best == n) {
		struct strbuf sb = STRBUF_INIT, side = STRBUF_INIT;
		size_t r = 0;
		while (r < n && (!parts[r].data ||
				 strcmp(parts[r].type, "text/html") == 0 ||
				 !is_report(parts[r].data, parts[r].len,
					    &side)))
			r++;
		if (none)
			*none = r < n ? MAIL_NONE_REPORT : 1;
		if (r < n) {
			describe_part(&parts[r], &sb);
			report_refusal(name, sb.buf, &side, err);
		} else {
			describe(parts, n, &sb);
			errorf(err, EXIT_REFUSED, "%s: a mail message, but none "
			       "of its parts holds an umpire file (no line "
			       "'umpire:' and no umpire signature block); "
			       "parts seen: %s", name, sb.buf);
		}
		strbuf_free(&sb);
		strbuf_free(&side);
	} else if (parts[best].len > max) {
		errorf(err, EXIT_REFUSED, "%s: the umpire file in this mail "
		       "message is too large (limit %zu bytes)", name, max);
	} else if (one_file(name, parts, same, n_same,
			    "signed umpire files", err) ||
		   (sig && !*sig && one_file(name, parts, sigs, n_sigs,
					     "detached signatures (.minisig)",
					     err))) {
		/* refused */
	} else {
		if (taken && n_files > 1)
			describe_part(&parts[best], taken);
		if (part)
			describe_part(&parts[best], part);
		free(*buf);
		*buf = parts[best].data;
		*len = parts[best].len;
		parts[best].data = NULL;
		/* a detached signature is an attached *.minisig file only:
		 * a public key pasted in the body is none */
		if (sig && !*sig && n_sigs > 0 && parts[sigs[0]].data) {
			*sig = parts[sigs[0]].data;
			*siglen = parts[sigs[0]].len;
			parts[sigs[0]].data = NULL;
		}
		rc = 0;
	}
	for (size_t i = 0; i < n; i++)
		free(parts[i].data);
	return rc;
}

static int unwrap_message(const char *name, char **buf, size_t *len,
			  size_t max, const char *kind, int only_kind,
			  int *unwrapped, char **sig, size_t *siglen,
			  struct strbuf *taken, struct strbuf *part,
			  int *none, struct error *err)
{
	*unwrapped = 0;
	if (!mail_is_message(*buf, *len))
		return 0;
	if (mail_caps(name, *buf, *len, max, err))
		return -1;
	struct gmime gm;
	if (gmime_open(&gm, err))
		return -1;
	int rc = unwrap(&gm, name, buf, len, max, kind, only_kind, sig,
			siglen, taken, part, none, err);
	gmime_close(&gm);
	if (rc == 0)
		*unwrapped = 1;
	return rc;
}

int mail_unwrap_signed(const char *name, char **buf, size_t *len,
		       size_t max, int *unwrapped, char **sig, size_t *siglen,
		       struct error *err)
{
	return unwrap_message(name, buf, len, max, NULL, 0, unwrapped, sig,
			      siglen, NULL, NULL, NULL, err);
}

int mail_unwrap(const char *name, char **buf, size_t *len, size_t max,
		int *unwrapped, struct error *err)
{
	return mail_unwrap_signed(name, buf, len, max, unwrapped, NULL, NULL,
				  err);
}

int mail_read_input(const char *path, size_t max, char **buf, size_t *len,
		    char **sig, size_t *siglen, struct error *err)
{
	return mail_read_kind(path, max, MAIL_NOT_ORDERS, buf, len, sig,
			      siglen, NULL, NULL, err);
}

int mail_read_received(const char *path, size_t max, char **buf,
		       size_t *len, char **sig, size_t *siglen,
		       struct strbuf *notes, struct error *err)
{
	return mail_read_kind(path, max, NULL, buf, len, sig, siglen, notes,
			      NULL, err);
}

int mail_read_raw(const char *path, size_t max, char **buf, size_t *len,
		  struct error *err)
{
	size_t cap = mail_message_max(max);
	if (read_input(path, cap, buf, len, err)) {
		if (err && err->status == EXIT_REFUSED)   /* too large */
			errorf(err, EXIT_REFUSED, "%s: too large (limit %zu "
			       "bytes; a mail message carrying it, %zu: the "
			       "limit x 4/3 for base64, 1/8 more for line "
			       "ends, and 64 KiB for headers)",
			       path_name(path), max, cap);
		return -1;
	}
	return 0;
}

/* The public key a part holds: its text a public key file (a .pub
 * attached, whatever its type and encoding), or an "untrusted comment:"
 * line and the key line after it (pasted in a body). 1 and *pk, or 0. */
/*
 * The public keys part p holds, each told to found: a whole .pub file,
 * or every "untrusted comment:" line followed by a key line. A key
 * quoted in a reply ('>' before either line) is someone else's
 * letter's, never taken: only counted in *quoted. Returns nonzero when
 * found refused one (it has said why).
 */
static int part_pubkeys(const struct part *p, size_t *quoted,
			int (*found)(const struct part *,
				     const struct pubkey *, void *),
			void *arg)
{
	struct error e;
	struct line_iter it;
	struct pubkey pk;
	const char *line;
	size_t n;
	int comment = 0, comment_quoted = 0;
	if (!p->data || strcmp(p->type, "text/html") == 0)
		return 0;
	if (pubkey_parse("part", p->data, p->len, &pk, &e) == 0)
		return found(p, &pk, arg);
	line_iter_init(&it, p->data, p->len);
	while (line_next_trim(&it, &line, &n)) {
		int q = 0;
		while (n && (*line == '>' || *line == ' ')) {
			q |= *line == '>';
			line++, n--;
		}
		if (comment && pubkey_from_b64("part", line, n, &pk, &e) == 0) {
			if (q || comment_quoted)
				(*quoted)++;
			else if (found(p, &pk, arg))
				return -1;
		}
		comment = line_starts(line, n, "untrusted comment:");
		comment_quoted = q;
	}
	return 0;
}

/* mail_read_pubkey's keys so far: the first, and the part it is in. */
struct keys_seen {
	const char *name;
	struct pubkey *first;
	const struct part *where;
	struct error *err;
};

static int key_seen(const struct part *p, const struct pubkey *pk,
		    void *arg)
{
	struct keys_seen *ks = arg;
	if (!ks->where) {
		*ks->first = *pk;
		ks->where = p;
		return 0;
	}
	if (!memcmp(pk, ks->first, sizeof *pk))
		return 0;
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	describe_part(ks->where, &a);
	describe_part(p, &b);
	if (ks->where == p)
		errorf(ks->err, EXIT_REFUSED, "%s: a mail message holding two "
		       "different public keys, both in %s: save the one "
		       "meant alone (a .pub file)", ks->name, a.buf);
	else
		errorf(ks->err, EXIT_REFUSED, "%s: a mail message holding two "
		       "different public keys, in %s and in %s: save the one "
		       "meant alone (a .pub file)", ks->name, a.buf, b.buf);
	strbuf_free(&a);
	strbuf_free(&b);
	return -1;
}

int mail_read_pubkey(const char *arg, struct pubkey *out, struct error *err)
{
	struct stat st;
	struct error ignored;
	char *buf;
	size_t len;
	/* a literal key, or a file that cannot be read: pubkey_load's */
	if (stat(arg, &st) != 0 ||
	    mail_read_raw(arg, MAIL_PUBKEY_MAX, &buf, &len, &ignored))
		return pubkey_load(arg, out, err);
	if (!mail_is_message(buf, len)) {
		free(buf);
		return pubkey_load(arg, out, err);
	}
	const char *name = path_name(arg);
	struct part parts[MAIL_MAX_PARTS];
	size_t n = 0, quoted = 0;
	struct keys_seen ks = { name, out, NULL, err };
	struct gmime gm;
	int rc = -1;
	if (mail_caps(name, buf, len, MAIL_PUBKEY_MAX, err) ||
	    gmime_open(&gm, err))
		goto out;
	rc = message_parts(&gm, name, buf, len, MAIL_PUBKEY_MAX, parts, &n,
			   err);
	gmime_close(&gm);
	if (rc)
		goto out;
	rc = -1;
	for (size_t i = 0; i < n; i++)
		if (part_pubkeys(&parts[i], &quoted, key_seen, &ks))
			goto out;
	if (ks.where) {
		rc = 0;
	} else if (quoted) {
		errorf(err, EXIT_REFUSED, "%s: a mail message whose only public "
		       "key is quoted ('>' before it, as a reply quotes the letter "
		       "it answers): a quoted key is another letter's and never "
		       "taken; attach the .pub file, or paste its two lines "
		       "unquoted", name);
	} else {
		struct strbuf sb = STRBUF_INIT;
		describe(parts, n, &sb);
		errorf(err, EXIT_REFUSED, "%s: a mail message, but none of its "
		       "parts holds a public key (a .pub file, or an "
		       "'untrusted comment:' line and the key line 'RW...'); "
		       "parts seen: %s", name, sb.buf);
		strbuf_free(&sb);
	}
out:
	for (size_t i = 0; i < n; i++)
		free(parts[i].data);
	free(buf);
	return rc;
}

int mail_read_kind(const char *path, size_t max, const char *kind,
		   char **buf, size_t *len, char **sig, size_t *siglen,
		   struct strbuf *notes, struct strbuf *taken,
		   struct error *err)
{
	if (mail_read_raw(path, max, buf, len, err))
		return -1;
	return mail_take_file(path_name(path), max, kind, buf, len, sig,
			      siglen, notes, taken, NULL, err);
}

/* A file given gzip-compressed (the judge's attachment, saved alone):
 * decompressed in place, at most max bytes of it. */
static int gunzip_file(const char *name, char **buf, size_t *len,
		       size_t max, struct error *err)
{
	struct gmime gm;
	struct strbuf sb = STRBUF_INIT;
	if (gmime_open(&gm, err))
		return -1;
	int rc = gmime_gunzip(&gm, *buf, *len, max, &sb);
	gmime_close(&gm);
	if (rc) {
		strbuf_free(&sb);
		if (rc == -1)
			return errorf(err, EXIT_REFUSED, "%s: gzip-compressed, "
				      "and it decompresses to more than %zu "
				      "bytes (the limit of the file read); "
				      "refused", name, max);
		return errorf(err, EXIT_REFUSED, "%s: gzip-compressed, but "
			      "nothing decompresses from it", name);
	}
	strbuf_addc(&sb, '\0');
	free(*buf);
	*buf = strbuf_detach(&sb, len);
	(*len)--;
	return 0;
}

static int take_file(const char *name, size_t max, const char *kind,
		     int only_kind, char **buf, size_t *len, char **sig,
		     size_t *siglen, struct strbuf *notes,
		     struct strbuf *taken, int *none, struct error *err)
{
	int unwrapped;
	struct strbuf part = STRBUF_INIT, why = STRBUF_INIT;
	if (none)
		*none = 0;
	if (gmime_is_gzip(*buf, *len) &&
	    gunzip_file(name, buf, len, max, err)) {
		free(*buf);
		*buf = NULL;
		return -1;
	}
	int rc = unwrap_message(name, buf, len, max, kind, only_kind,
				&unwrapped, sig, siglen, taken, &part, none,
				err);
	if (rc == 0 && !unwrapped && *len > max)
		rc = errorf(err, EXIT_REFUSED, "%s: too large (limit %zu "
			    "bytes)", name, max);
	/* a report saved alone: said so, not a YAML error (a file that
	 * starts as an umpire file, after a byte-order mark mail may have
	 * added, is never looked at here: a view holds a report) */
	size_t bom = *len >= 3 && !memcmp(*buf, "\xef\xbb\xbf", 3) ? 3 : 0;
	if (rc == 0 && !unwrapped && (*len < 7 + bom ||
				      memcmp(*buf + bom, "umpire:", 7))
	    && !has_line(*buf, *len, "umpire:") &&
	    !has_line(*buf, *len, EMBED_BEGIN)) {
		struct strbuf side = STRBUF_INIT;
		if (is_report(*buf, *len, &side))
			rc = report_refusal(name, NULL, &side, err);
		strbuf_free(&side);
	}
	if (rc) {
		free(*buf);
		*buf = NULL;
		strbuf_free(&part);
		return -1;
	}
	/* a game file alone: one look at each line, nothing to repair */
	int joined = 0;
	int plain = plain_game_file(*buf, *len, &joined) &&
		!has_sub(*buf, *len, EMBED_BEGIN);
	if (plain ? joined : joined_lines(*buf, *len)) {
		free(*buf);
		*buf = NULL;
		strbuf_free(&part);
		return errorf(err, EXIT_REFUSED, "%s: the lines of the umpire "
			      "file in it were joined (its 'umpire:' line or "
			      "its signature's BEGIN line goes on with other "
			      "text): a mail client or an editor re-flowed "
			      "it; send the file as an attachment, or paste "
			      "it unchanged", name);
	}
	struct strbuf fixed = STRBUF_INIT;
	int got = 0;
	if (!plain) {
		got = mail_repair(*buf, *len, &fixed, notes);
		if (!got)
			got = file_block(*buf, *len, kind, &fixed, notes,
					 &why);
	}
	if (got < 0) {
		free(*buf);
		*buf = NULL;
		errorf(err, EXIT_REFUSED, "%s: %s%s holds a line 'umpire:' but "
		       "no whole umpire file: %s; send the file as an "
		       "attachment, or paste it unchanged", name,
		       unwrapped ? "its " : "the text",
		       unwrapped ? part.buf : "", why.buf);
	} else if (got) {
		free(*buf);
		*buf = strbuf_detach(&fixed, len);
	}
	strbuf_free(&fixed);
	strbuf_free(&part);
	strbuf_free(&why);
	return got < 0 ? -1 : 0;
}

int mail_take_file(const char *name, size_t max, const char *kind,
		   char **buf, size_t *len, char **sig, size_t *siglen,
		   struct strbuf *notes, struct strbuf *taken, int *none,
		   struct error *err)
{
	return take_file(name, max, kind, 0, buf, len, sig, siglen, notes,
			 taken, none, err);
}

int mail_take_of_kinds(const char *name, size_t max, const char *kind,
		       char **buf, size_t *len, char **sig, size_t *siglen,
		       struct strbuf *notes, struct strbuf *taken, int *none,
		       struct error *err)
{
	return take_file(name, max, kind, 1, buf, len, sig, siglen, notes,
			 taken, none, err);
}

/* The first mailbox's text of a list, appended to out. */
static void first_address(const struct gmime *gm, InternetAddressList *l,
			  struct strbuf *out)
{
	for (int i = 0; l && i < gm->internet_address_list_length(l); i++) {
		InternetAddress *ia = gm->internet_address_list_get_address(l,
									  i);
		if (!gmime_is_mailbox(gm, ia))
			continue;
		strbuf_adds(out, gm->internet_address_mailbox_get_addr(
			INTERNET_ADDRESS_MAILBOX(ia)));
		return;
	}
}

int mail_envelope(const char *buf, size_t len, struct strbuf *from,
		  struct strbuf *msgid, struct error *err)
{
	struct gmime gm;
	if (!mail_is_message(buf, len))
		return 0;
	if (gmime_open(&gm, err))
		return -1;
	GMimeStream *stream = gm.g_mime_stream_mem_new_with_buffer(buf, len);
	GMimeParser *parser = gm.g_mime_parser_new_with_stream(stream);
	GMimeMessage *msg = gm.g_mime_parser_construct_message(parser, NULL);
	gm.g_object_unref(parser);
	gm.g_object_unref(stream);
	if (msg) {
		first_address(&gm, gm.g_mime_message_get_addresses(msg,
			GMIME_ADDRESS_TYPE_REPLY_TO), from);
		if (!from->len)
			first_address(&gm, gm.g_mime_message_get_addresses(
				msg, GMIME_ADDRESS_TYPE_FROM), from);
		const char *id = gm.g_mime_message_get_message_id(msg);
		if (id)
			strbuf_adds(msgid, id);
		gm.g_object_unref(msg);
	}
	gmime_close(&gm);
	return 0;
}
