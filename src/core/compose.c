/*
 * compose.c - a mail message umpire writes itself (compose.h): GMime
 * builds and encodes it, so no header or body encoding is written here.
 */
#define _GNU_SOURCE             /* memmem(3) */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sodium.h>
#include "umpire/compose.h"
#include "umpire/gmime_dl.h"
#include "umpire/strbuf.h"

/* A line of text (its first byte at p, its LF at nl) that no transport
 * alters (gmime_7bit_safe; its bytes tested elsewhere). */
static int safe_line(const char *p, const char *nl)
{
	size_t n = (size_t)(nl - p);
	return n <= 900 && !(n && p[n - 1] == ' ') &&
		!(n >= 5 && !memcmp(p, "From ", 5)) &&
		!(n >= 2 && p[0] == '-' && p[1] == '-');
}

/* The same, a byte at a time, for text[from..len): 1 when safe. */
static int safe_tail(const char *text, size_t from, size_t len)
{
	const char *p = text + from, *end = text + len;
	/* back to the start of the line from is in */
	while (p > text && p[-1] != '\n')
		p--;
	for (const char *q = text + from; q < end; q++)
		if ((unsigned char)*q < 0x20 ? *q != '\n' :
		    (unsigned char)*q > 0x7e)
			return 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl || !safe_line(p, nl))
			return 0;
		p = nl + 1;
	}
	return 1;
}

/*
 * 128 bytes at a time with the vector unit's comparisons (a loop over
 * the bytes of a 1.6 MB game file cost more than GMime's base64 of it):
 * a byte that is not printable ASCII nor LF (as signed bytes: below
 * ' ', or DEL), or a line that ends with a space, refuses the text; a
 * chunk where a line begins with 'F' or "--" has its lines looked at
 * one by one; a chunk with no LF more than 5 chunks after the last
 * with one refuses the text (a line of 640 characters or more may be
 * refused; none longer than 900 is taken).
 */
typedef signed char gm_bytes32 __attribute__((vector_size(32)));

struct gm_scan {
	gm_bytes32 bad, lf, look;
};

static inline __attribute__((always_inline)) void
scan_32(const char *p, struct gm_scan *m)
{
	gm_bytes32 a, b, c;
	memcpy(&a, p, 32);
	memcpy(&b, p + 1, 32);
	memcpy(&c, p + 2, 32);
	gm_bytes32 nl = a == '\n';
	/* a + 1 wraps DEL to -128: below '!' are then the bytes below
	 * ' ', DEL and those of 128 and more, in one comparison */
	m->bad |= (((gm_bytes32)(a + 1) < '!') & ~nl) |
		((a == ' ') & (b == '\n'));
	m->lf |= nl;
	m->look |= nl & ((b == 'F') | ((b == '-') & (c == '-')));
}

static inline __attribute__((always_inline)) int
any_32(const gm_bytes32 *v)
{
	uint64_t w[4];
	memcpy(w, v, sizeof w);
	return (w[0] | w[1] | w[2] | w[3]) != 0;
}

static inline __attribute__((always_inline)) int
safe_7bit(const char *text, size_t len)
{
	size_t i = 0, last_nl = 0;
	if (!len || text[len - 1] != '\n')
		return 0;
	/* the first line: no LF before it */
	const char *nl = memchr(text, '\n', len < 902 ? len : 902);
	if (!nl || !safe_line(text, nl))
		return 0;
	for (; i + 130 <= len; i += 128) {
		struct gm_scan m = { { 0 }, { 0 }, { 0 } };
		scan_32(text + i, &m);
		scan_32(text + i + 32, &m);
		scan_32(text + i + 64, &m);
		scan_32(text + i + 96, &m);
		if (any_32(&m.lf))
			last_nl = i;
		else if (i - last_nl > 5 * 128)
			return 0;
		gm_bytes32 either = m.bad | m.look;
		if (!any_32(&either))
			continue;
		if (any_32(&m.bad))
			return 0;
		for (size_t k = i; k < i + 128; k++)
			if (text[k] == '\n' &&
			    !safe_line(text + k + 1, memchr(text + k + 1, '\n',
							     len - k - 1)))
				return 0;
	}
	return safe_tail(text, i, len);
}

/* safe_7bit compiled twice: for AVX2, chosen when the processor has it,
 * and for the baseline (SSE2 on x86-64). */
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx2")))
static int safe_7bit_avx2(const char *text, size_t len)
{
	return safe_7bit(text, len);
}
#endif

int gmime_7bit_safe(const char *text, size_t len)
{
#if defined(__x86_64__) && defined(__GNUC__)
	if (__builtin_cpu_supports("avx2"))
		return safe_7bit_avx2(text, len);
#endif
	return safe_7bit(text, len);
}

const char *gmime_file_subtype(const char *filename)
{
	const char *dot = filename ? strrchr(filename, '.') : NULL;
	return dot && (!strcasecmp(dot, ".html") || !strcasecmp(dot, ".htm")) ?
		"html" : "plain";
}

/* gmime_text_part's, of any type (a text/ one has its charset). */
static GMimePart *part_of(const struct gmime *gm, const char *type,
			  const char *subtype, const char *data, size_t len,
			  const char *filename, int attachment,
			  GMimeContentEncoding enc, struct gmime_encoded *e)
{
	GMimePart *p = gm->g_mime_part_new_with_type(type, subtype);
	if (!strcmp(type, "text"))
		gm->g_mime_object_set_content_type_parameter(
			GMIME_OBJECT(p), "charset", "utf-8");
	GMimeStream *s;
	GMimeDataWrapper *w;
	if (e && enc == GMIME_CONTENT_ENCODING_BASE64 &&
	    gmime_7bit_safe(data, len)) {
		/* sent as it is: the part holds a stand-in, 7bit */
		unsigned char rnd[32];
		enc = GMIME_CONTENT_ENCODING_7BIT;
		e->text = NULL;
		e->raw = data;
		e->len = len;
		randombytes_buf(rnd, sizeof rnd);
		sodium_bin2hex(e->standin, sizeof e->standin - 1, rnd,
			       sizeof rnd);
		strcat(e->standin, "\n");
		s = gm->g_mime_stream_mem_new_with_buffer(e->standin,
							  strlen(e->standin));
		w = gm->g_mime_data_wrapper_new_with_stream(
			s, GMIME_CONTENT_ENCODING_DEFAULT);
	} else if (e && enc == GMIME_CONTENT_ENCODING_BASE64) {
		/* encoded once, whole, by GMime's own encoder; the part
		 * holds a stand-in given as encoded (written as it is) */
		unsigned char rnd[32];
		int state = 0;
		guint32 save = 0;
		e->raw = NULL;
		e->text = xmalloc(GMIME_BASE64_ENCODE_LEN(len));
		e->len = gm->g_mime_encoding_base64_encode_close(
			(const unsigned char *)data, len, e->text, &state,
			&save);
		randombytes_buf(rnd, sizeof rnd);
		sodium_bin2hex(e->standin, sizeof e->standin - 1, rnd,
			       sizeof rnd);
		strcat(e->standin, "\n");
		s = gm->g_mime_stream_mem_new_with_buffer(e->standin,
							  strlen(e->standin));
		w = gm->g_mime_data_wrapper_new_with_stream(s, enc);
	} else {
		s = gm->g_mime_stream_mem_new_with_buffer(data, len);
		w = gm->g_mime_data_wrapper_new_with_stream(
			s, GMIME_CONTENT_ENCODING_DEFAULT);
	}
	gm->g_mime_part_set_content(p, w);
	gm->g_object_unref(w);
	gm->g_object_unref(s);
	gm->g_mime_part_set_content_encoding(p, enc);
	if (filename) {
		gm->g_mime_part_set_filename(p, filename);
		gm->g_mime_object_set_disposition(GMIME_OBJECT(p), attachment ?
			GMIME_DISPOSITION_ATTACHMENT :
			GMIME_DISPOSITION_INLINE);
	}
	return p;
}

GMimePart *gmime_text_part(const struct gmime *gm, const char *subtype,
			   const char *data, size_t len, const char *filename,
			   int attachment, GMimeContentEncoding enc,
			   struct gmime_encoded *e)
{
	return part_of(gm, "text", subtype, data, len, filename, attachment,
		       enc, e);
}

int gmime_splice(const char *msg, size_t len, struct gmime_encoded *e,
		 size_t n, struct strbuf *out)
{
	const char *at = msg, *end = msg + len;
	size_t start = out->len, whole = len;
	int rc = 0;
	/* the room for the whole message at once, not grown (and copied)
	 * to it a doubling at a time */
	for (size_t i = 0; i < n; i++)
		whole += e[i].len;
	strbuf_grow(out, whole);
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(e[i].standin);
		const char *hit = rc ? NULL : memmem(at, (size_t)(end - at),
						    e[i].standin, k);
		if (!hit) {
			rc = -1;
		} else {
			strbuf_add(out, at, (size_t)(hit - at));
			strbuf_add(out, e[i].raw ? (const void *)e[i].raw :
				   e[i].text, e[i].len);
			at = hit + k;
		}
		free(e[i].text);
		e[i].text = NULL;
	}
	if (rc == 0)
		strbuf_add(out, at, (size_t)(end - at));
	else if (out->buf)
		out->buf[out->len = start] = '\0';
	return rc;
}

/* One mailbox (addr-spec or name-addr) of text into the list of m. */
static int add_address(const struct gmime *gm, GMimeMessage *m,
		       GMimeAddressType type, const char *text,
		       struct error *err)
{
	InternetAddressList *l = gm->internet_address_list_parse(NULL, text);
	int n = l ? gm->internet_address_list_length(l) : 0;
	if (n != 1 || !gmime_is_mailbox(gm,
			gm->internet_address_list_get_address(l, 0))) {
		if (l)
			gm->g_object_unref(l);
		return errorf(err, EXIT_USAGE, "'%s' is not one mail address",
			      text);
	}
	gm->internet_address_list_append(
		gm->g_mime_message_get_addresses(m, type), l);
	gm->g_object_unref(l);
	return 0;
}

int draft_write(const struct draft *d, struct strbuf *out,
		struct error *err)
{
	struct gmime gm;
	int rc = -1;
	if (gmime_open(&gm, err))
		return -1;
	GMimeMessage *m = gm.g_mime_message_new(TRUE);
	if ((d->from && add_address(&gm, m, GMIME_ADDRESS_TYPE_FROM,
				    d->from, err)) ||
	    (d->reply_to && add_address(&gm, m, GMIME_ADDRESS_TYPE_REPLY_TO,
					d->reply_to, err)) ||
	    add_address(&gm, m, GMIME_ADDRESS_TYPE_TO, d->to, err))
		goto out;
	gm.g_mime_message_set_subject(m, d->subject, "utf-8");
	GDateTime *now = gm.g_date_time_new_now_local();
	gm.g_mime_message_set_date(m, now);
	gm.g_date_time_unref(now);
	if (d->msgid_left) {
		struct strbuf mid = STRBUF_INIT;
		strbuf_addf(&mid, "%s@umpire.invalid", d->msgid_left);
		gm.g_mime_message_set_message_id(m, mid.buf);
		strbuf_free(&mid);
	} else {
		char *mid = gm.g_mime_utils_generate_message_id(
			"umpire.invalid");
		gm.g_mime_message_set_message_id(m, mid);
		gm.g_free(mid);
	}
	if (d->auto_submitted) {
		/* RFC 3834 5.1: an automatic answer says so, and what it
		 * answers */
		gm.g_mime_object_set_header(GMIME_OBJECT(m), "Auto-Submitted",
					    d->auto_submitted, NULL);
		if (d->in_reply_to && *d->in_reply_to) {
			struct strbuf ref = STRBUF_INIT;
			strbuf_addf(&ref, "<%s>", d->in_reply_to);
			gm.g_mime_object_set_header(GMIME_OBJECT(m),
						    "In-Reply-To", ref.buf,
						    NULL);
			gm.g_mime_object_set_header(GMIME_OBJECT(m),
						    "References", ref.buf,
						    NULL);
			strbuf_free(&ref);
		}
	}
	GMimeMultipart *mp = gm.g_mime_multipart_new_with_subtype("mixed");
	GMimePart *bp = gmime_text_part(&gm, "plain", d->body,
					strlen(d->body), NULL, 0,
					GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE,
					NULL);
	gm.g_mime_multipart_add(mp, GMIME_OBJECT(bp));
	gm.g_object_unref(bp);
	struct gmime_encoded enc[DRAFT_MAX_FILES];
	struct strbuf gz[DRAFT_MAX_FILES];
	size_t n = 0;
	for (; n < d->n_files && n < DRAFT_MAX_FILES; n++) {
		GMimePart *fp;
		gz[n] = (struct strbuf)STRBUF_INIT;
		if (d->gzip[n]) {
			struct strbuf *z = d->gz_kept[n] ? d->gz_kept[n] :
				&gz[n];
			if (!z->len)
				gmime_gzip(&gm, d->files[n], d->lens[n], z);
			fp = part_of(&gm, "application", "gzip", z->buf,
				     z->len, d->names[n], 1,
				     GMIME_CONTENT_ENCODING_BASE64, &enc[n]);
		} else {
			fp = gmime_text_part(&gm,
					     gmime_file_subtype(d->names[n]),
					     d->files[n], d->lens[n],
					     d->names[n], 1,
					     GMIME_CONTENT_ENCODING_BASE64,
					     &enc[n]);
		}
		gm.g_mime_multipart_add(mp, GMIME_OBJECT(fp));
		gm.g_object_unref(fp);
	}
	gm.g_mime_message_set_mime_part(m, GMIME_OBJECT(mp));
	gm.g_object_unref(mp);
	GMimeStream *ms = gm.g_mime_stream_mem_new();
	int wrote = gm.g_mime_object_write_to_stream(GMIME_OBJECT(m), NULL,
						     ms) >= 0;
	GByteArray *b = gm.g_mime_stream_mem_get_byte_array(
		GMIME_STREAM_MEM(ms));
	if (gmime_splice((const char *)b->data, wrote ? b->len : 0, enc, n,
			 out) || !wrote)
		errorf(err, EXIT_USAGE, "cannot write the mail message");
	else
		rc = 0;
	for (size_t i = 0; i < n; i++)
		strbuf_free(&gz[i]);
	gm.g_object_unref(ms);
out:
	gm.g_object_unref(m);
	gmime_close(&gm);
	return rc;
}
