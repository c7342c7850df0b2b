/*
 * mail.c - find the umpire file inside a mail message, through GMime.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "umpire/gmime_dl.h"
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/sign.h"
#include "umpire/strbuf.h"

/* Header fields that only a mail message starts with. */
static const char *const mail_fields[] = {
	"from", "to", "subject", "date", "message-id", "received",
	"return-path", "mime-version", "content-type", "delivered-to", NULL
};

#define MAIL_MAX_PARTS 64

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

/* One leaf part of the message, decoded. */
struct part {
	char *data;
	size_t len;
	char type[64];          /* "text/plain" */
	char filename[64];      /* "" if none */
	int attachment;
};

static int has_line(const char *data, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);
	const char *p = data, *end = data + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (l >= n && memcmp(p, prefix, n) == 0)
			return 1;
		if (!nl)
			break;
		p = nl + 1;
	}
	return 0;
}

/* Copy a short display string, keeping printable ASCII only. */
static void copy_label(char *dst, size_t size, const char *src)
{
	size_t j = 0;
	for (size_t i = 0; src && src[i] && j + 1 < size; i++)
		dst[j++] = (src[i] >= ' ' && src[i] < 127) ? src[i] : '?';
	dst[j] = '\0';
}

static int decode_part(const struct gmime *gm, GMimePart *gp, struct part *out)
{
	GMimeDataWrapper *content = gm->g_mime_part_get_content(gp);
	GMimeContentType *ct =
		gm->g_mime_object_get_content_type(GMIME_OBJECT(gp));
	memset(out, 0, sizeof *out);
	if (ct) {
		char *mt = gm->g_mime_content_type_get_mime_type(ct);
		copy_label(out->type, sizeof out->type, mt);
		for (char *c = out->type; *c; c++)
			*c = (char)tolower((unsigned char)*c);
		gm->g_free(mt);
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
	out->len = bytes->len;
	out->data = xmalloc(out->len + 1);
	memcpy(out->data, bytes->data, out->len);
	out->data[out->len] = '\0';
	gm->g_object_unref(mem);
	return 0;
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

static int unwrap(const struct gmime *gm, const char *name, char **buf, size_t *len, size_t max,
		  char **sig, size_t *siglen, struct error *err)
{
	struct part parts[MAIL_MAX_PARTS];
	size_t n = 0, extra = 0;
	int rc = -1;
	GMimeStream *stream = gm->g_mime_stream_mem_new_with_buffer(*buf, *len);
	GMimeParser *parser = gm->g_mime_parser_new_with_stream(stream);
	GMimeMessage *msg = gm->g_mime_parser_construct_message(parser, NULL);
	gm->g_object_unref(parser);
	gm->g_object_unref(stream);
	if (!msg)
		return errorf(err, EXIT_REFUSED, "%s: looks like a mail "
			      "message, but it cannot be parsed as one "
			      "(RFC 5322)", name);
	GMimeObject *top = gm->g_mime_message_get_mime_part(msg);
	GMimePartIter *it = top ? gm->g_mime_part_iter_new(top) : NULL;
	/* The iterator skips the top part when it is a leaf: look at it. */
	if (top && gmime_is_part(gm, top)) {
		if (decode_part(gm, GMIME_PART(top), &parts[n]) == 0)
			n++;
	}
	for (; it && gm->g_mime_part_iter_is_valid(it); gm->g_mime_part_iter_next(it)) {
		GMimeObject *o = gm->g_mime_part_iter_get_current(it);
		if (!gmime_is_part(gm, o))
			continue;
		if (n == MAIL_MAX_PARTS) {
			extra++;
			continue;
		}
		if (decode_part(gm, GMIME_PART(o), &parts[n]) == 0)
			n++;
	}
	if (it)
		gm->g_mime_part_iter_free(it);
	gm->g_object_unref(msg);

	size_t best = n;
	for (size_t i = 0; i < n; i++) {
		int r = part_rank(&parts[i]);
		if (r < 0)
			continue;
		if (best == n) {
			best = i;
			continue;
		}
		int rb = part_rank(&parts[best]);
		if (r < rb || (r == rb && parts[i].attachment &&
			       !parts[best].attachment))
			best = i;
	}
	if (best == n) {
		struct strbuf sb = STRBUF_INIT;
		describe(parts, n, &sb);
		errorf(err, EXIT_REFUSED, "%s: a mail message, but none of "
		       "its parts holds an umpire file (no line 'umpire:' and "
		       "no umpire signature block); parts seen: %s%s", name,
		       sb.buf, extra ? ", and more" : "");
		strbuf_free(&sb);
	} else if (parts[best].len > max) {
		errorf(err, EXIT_REFUSED, "%s: the umpire file in this mail "
		       "message is too large (limit %zu bytes)", name, max);
	} else {
		free(*buf);
		*buf = parts[best].data;
		*len = parts[best].len;
		parts[best].data = NULL;
		for (size_t i = 0; sig && !*sig && i < n; i++) {
			if (parts[i].data &&
			    strncmp(parts[i].data, "untrusted comment:", 18) == 0) {
				*sig = parts[i].data;
				*siglen = parts[i].len;
				parts[i].data = NULL;
			}
		}
		rc = 0;
	}
	for (size_t i = 0; i < n; i++)
		free(parts[i].data);
	return rc;
}

int mail_unwrap_signed(const char *name, char **buf, size_t *len,
		       size_t max, int *unwrapped, char **sig, size_t *siglen,
		       struct error *err)
{
	*unwrapped = 0;
	if (!mail_is_message(*buf, *len))
		return 0;
	struct gmime gm;
	if (gmime_open(&gm, err))
		return -1;
	int rc = unwrap(&gm, name, buf, len, max, sig, siglen, err);
	gmime_close(&gm);
	if (rc == 0)
		*unwrapped = 1;
	return rc;
}

int mail_unwrap(const char *name, char **buf, size_t *len, size_t max,
		int *unwrapped, struct error *err)
{
	return mail_unwrap_signed(name, buf, len, max, unwrapped, NULL, NULL,
				  err);
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

int mail_repair(const char *buf, size_t len, struct strbuf *out,
		struct strbuf *notes)
{
	struct tline *lines = NULL;
	size_t n = 0, cap = 0, b, e, s, r0 = 0, r1;
	int depth = -1, changed = 0, before = 0, after = 0, wrapped = 0;
	int nbsp = 0;
	const char *p = buf, *end = buf + len;
	int bom = len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0;
	if (bom)
		p += 3;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
		while (l > 0 && p[l - 1] == '\r')
			l--;
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			lines = xrealloc(lines, cap * sizeof *lines);
		}
		lines[n].p = p;
		lines[n++].n = l;
		p = nl ? nl + 1 : end;
	}
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

int mail_read_input(const char *path, size_t max, char **buf, size_t *len,
		    char **sig, size_t *siglen, struct error *err)
{
	return mail_read_received(path, max, buf, len, sig, siglen, NULL,
				  err);
}

int mail_read_received(const char *path, size_t max, char **buf,
		       size_t *len, char **sig, size_t *siglen,
		       struct strbuf *notes, struct error *err)
{
	int unwrapped;
	if (read_input(path, max * 2 + 65536, buf, len, err)) {
		if (err && err->status == EXIT_REFUSED)   /* too large */
			errorf(err, EXIT_REFUSED, "%s: too large (limit %zu "
			       "bytes; a mail message carrying it, %zu)",
			       path_name(path), max, max * 2 + 65536);
		return -1;
	}
	if (mail_unwrap_signed(path_name(path), buf, len, max, &unwrapped,
			       sig, siglen, err) == 0 &&
	    (unwrapped || *len <= max)) {
		struct strbuf fixed = STRBUF_INIT;
		if (mail_repair(*buf, *len, &fixed, notes)) {
			free(*buf);
			*buf = strbuf_detach(&fixed, len);
		}
		strbuf_free(&fixed);
		return 0;
	}
	if (!unwrapped && *len > max)
		errorf(err, EXIT_REFUSED, "%s: too large (limit %zu bytes)",
		       path_name(path), max);
	free(*buf);
	*buf = NULL;
	return -1;
}
