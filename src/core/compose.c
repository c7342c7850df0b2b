/*
 * compose.c - a mail message umpire writes itself (compose.h): GMime
 * builds and encodes it, so no header or body encoding is written here.
 */
#include <string.h>
#include "umpire/compose.h"
#include "umpire/gmime_dl.h"

GMimePart *gmime_text_part(const struct gmime *gm, const char *subtype,
			   const char *data, size_t len, const char *filename,
			   int attachment, GMimeContentEncoding enc)
{
	GMimePart *p = gm->g_mime_part_new_with_type("text", subtype);
	gm->g_mime_object_set_content_type_parameter(GMIME_OBJECT(p),
						     "charset", "utf-8");
	GMimeStream *s = gm->g_mime_stream_mem_new_with_buffer(data, len);
	GMimeDataWrapper *w = gm->g_mime_data_wrapper_new_with_stream(
		s, GMIME_CONTENT_ENCODING_DEFAULT);
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
					GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE);
	gm.g_mime_multipart_add(mp, GMIME_OBJECT(bp));
	gm.g_object_unref(bp);
	for (size_t i = 0; i < d->n_files && i < DRAFT_MAX_FILES; i++) {
		GMimePart *fp = gmime_text_part(&gm, "plain", d->files[i],
						d->lens[i], d->names[i], 1,
						GMIME_CONTENT_ENCODING_BASE64);
		gm.g_mime_multipart_add(mp, GMIME_OBJECT(fp));
		gm.g_object_unref(fp);
	}
	gm.g_mime_message_set_mime_part(m, GMIME_OBJECT(mp));
	gm.g_object_unref(mp);
	GMimeStream *ms = gm.g_mime_stream_mem_new();
	if (gm.g_mime_object_write_to_stream(GMIME_OBJECT(m), NULL, ms) < 0) {
		errorf(err, EXIT_USAGE, "cannot write the mail message");
	} else {
		GByteArray *b = gm.g_mime_stream_mem_get_byte_array(
			GMIME_STREAM_MEM(ms));
		strbuf_add(out, b->data, b->len);
		rc = 0;
	}
	gm.g_object_unref(ms);
out:
	gm.g_object_unref(m);
	gmime_close(&gm);
	return rc;
}
