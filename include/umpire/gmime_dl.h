/*
 * gmime_dl.h - GMime, loaded only when a mail message is read or written.
 *
 * Linking GMime into umpire made every process start load GIO, GPGME and
 * a dozen other libraries (about 3 ms a run, more than a whole verify).
 * Only mail needs them, so src/core/mail.c and src/cmd/mail.c reach GMime
 * through this table, filled by dlopen(3) the first time a message is
 * seen. The headers are GMime's own; only the calls go through pointers.
 * Casts are plain (G_DISABLE_CAST_CHECKS): the type tests that matter are
 * the explicit gmime_is_part() checks below.
 */
#ifndef UMPIRE_GMIME_DL_H
#define UMPIRE_GMIME_DL_H

#define G_DISABLE_CAST_CHECKS 1
#include <gmime/gmime.h>
#include "umpire/error.h"
#include "umpire/strbuf.h"

/* The shared object loaded: GMime 3's run-time name on Debian. */
#define GMIME_SONAME "libgmime-3.0.so.0"

#define GMIME_FUNCTIONS(X) \
	X(void, g_mime_init, (void)) \
	X(void, g_free, (gpointer)) \
	X(gchar *, g_strdup, (const gchar *)) \
	X(void, g_object_unref, (gpointer)) \
	X(gboolean, g_type_check_instance_is_a, (GTypeInstance *, GType)) \
	X(GDateTime *, g_date_time_new_now_local, (void)) \
	X(void, g_date_time_unref, (GDateTime *)) \
	X(GType, g_mime_part_get_type, (void)) \
	X(GMimeDataWrapper *, g_mime_part_get_content, (GMimePart *)) \
	X(GMimeContentType *, g_mime_object_get_content_type, \
	  (GMimeObject *)) \
	X(char *, g_mime_content_type_get_mime_type, (GMimeContentType *)) \
	X(const char *, g_mime_content_type_get_parameter, \
	  (GMimeContentType *, const char *)) \
	X(const char *, g_mime_part_get_filename, (GMimePart *)) \
	X(gboolean, g_mime_part_is_attachment, (GMimePart *)) \
	X(GMimeStream *, g_mime_stream_mem_new, (void)) \
	X(GMimeStream *, g_mime_stream_mem_new_with_buffer, \
	  (const char *, size_t)) \
	X(GByteArray *, g_mime_stream_mem_get_byte_array, (GMimeStreamMem *)) \
	X(ssize_t, g_mime_data_wrapper_write_to_stream, \
	  (GMimeDataWrapper *, GMimeStream *)) \
	X(GMimeParser *, g_mime_parser_new_with_stream, (GMimeStream *)) \
	X(GMimeMessage *, g_mime_parser_construct_message, \
	  (GMimeParser *, GMimeParserOptions *)) \
	X(GMimeObject *, g_mime_message_get_mime_part, (GMimeMessage *)) \
	X(GMimePartIter *, g_mime_part_iter_new, (GMimeObject *)) \
	X(gboolean, g_mime_part_iter_is_valid, (GMimePartIter *)) \
	X(gboolean, g_mime_part_iter_next, (GMimePartIter *)) \
	X(GMimeObject *, g_mime_part_iter_get_current, (GMimePartIter *)) \
	X(void, g_mime_part_iter_free, (GMimePartIter *)) \
	X(GMimePart *, g_mime_part_new_with_type, (const char *, const char *)) \
	X(void, g_mime_object_set_content_type_parameter, \
	  (GMimeObject *, const char *, const char *)) \
	X(GMimeDataWrapper *, g_mime_data_wrapper_new_with_stream, \
	  (GMimeStream *, GMimeContentEncoding)) \
	X(void, g_mime_part_set_content, (GMimePart *, GMimeDataWrapper *)) \
	X(void, g_mime_part_set_content_encoding, \
	  (GMimePart *, GMimeContentEncoding)) \
	X(size_t, g_mime_encoding_base64_encode_close, \
	  (const unsigned char *, size_t, unsigned char *, int *, guint32 *)) \
	X(void, g_mime_part_set_filename, (GMimePart *, const char *)) \
	X(void, g_mime_object_set_disposition, (GMimeObject *, const char *)) \
	X(void, g_mime_object_set_header, \
	  (GMimeObject *, const char *, const char *, const char *)) \
	X(InternetAddressList *, g_mime_message_get_addresses, \
	  (GMimeMessage *, GMimeAddressType)) \
	X(InternetAddressList *, internet_address_list_parse, \
	  (GMimeParserOptions *, const char *)) \
	X(int, internet_address_list_length, (InternetAddressList *)) \
	X(void, internet_address_list_append, \
	  (InternetAddressList *, InternetAddressList *)) \
	X(InternetAddress *, internet_address_list_get_address, \
	  (InternetAddressList *, int)) \
	X(GType, internet_address_mailbox_get_type, (void)) \
	X(const char *, internet_address_mailbox_get_addr, \
	  (InternetAddressMailbox *)) \
	X(GMimeMessage *, g_mime_message_new, (gboolean)) \
	X(void, g_mime_message_set_subject, \
	  (GMimeMessage *, const char *, const char *)) \
	X(void, g_mime_message_set_date, (GMimeMessage *, GDateTime *)) \
	X(char *, g_mime_utils_generate_message_id, (const char *)) \
	X(void, g_mime_message_set_message_id, (GMimeMessage *, const char *)) \
	X(const char *, g_mime_message_get_message_id, (GMimeMessage *)) \
	X(GMimeMultipart *, g_mime_multipart_new_with_subtype, (const char *)) \
	X(void, g_mime_multipart_add, (GMimeMultipart *, GMimeObject *)) \
	X(void, g_mime_message_set_mime_part, (GMimeMessage *, GMimeObject *)) \
	X(ssize_t, g_mime_object_write_to_stream, \
	  (GMimeObject *, GMimeFormatOptions *, GMimeStream *)) \
	X(GZlibCompressor *, g_zlib_compressor_new, \
	  (GZlibCompressorFormat, int)) \
	X(GZlibDecompressor *, g_zlib_decompressor_new, \
	  (GZlibCompressorFormat)) \
	X(GConverterResult, g_converter_convert, (GConverter *, const void *, \
	  gsize, void *, gsize, GConverterFlags, gsize *, gsize *, \
	  GError **)) \
	X(void, g_clear_error, (GError **))

/* One pointer per GMime (or GLib) function umpire calls, same name. */
struct gmime {
	void *handle;
#define GMIME_POINTER(ret, name, args) ret (*name) args;
	GMIME_FUNCTIONS(GMIME_POINTER)
#undef GMIME_POINTER
};

/*
 * Load GMime and initialise it (g_mime_init). Returns 0, or -1 with
 * *err (EXIT_USAGE) naming the library and what to install.
 * GMime is initialised once per process: g_mime_init counts its calls
 * and does its work on the first only, while g_mime_shutdown followed by
 * a second g_mime_init registers GLib types anew (a command reading two
 * messages printed 11 GLib-CRITICAL lines). So nothing shuts it down;
 * the library stays mapped until the process ends (GLib cannot be
 * unloaded anyway), and umpire itself keeps no state about it.
 */
int gmime_open(struct gmime *gm, struct error *err);

/* The end of one use of the table: nothing to release (see above). */
void gmime_close(struct gmime *gm);

/* A base64 part's text, encoded once by GMime's encoder
 * (gmime_text_part) and put by gmime_splice into the message GMime
 * wrote, in place of a stand-in line. GMime writes every part's content
 * through a newline filter (CRLF to LF), a pass over each byte that
 * cost more than encoding it (1.6 MB: 30M instructions); base64 has no
 * CR, so the text spliced in is the very bytes GMime would write. */
struct gmime_encoded {
	char standin[72];          /* a random line, and its LF */
	unsigned char *text;       /* the encoded text, malloc'd */
	const char *raw;           /* or the data itself, sent 7bit
				      (gmime_text_part): borrowed */
	size_t len;
};

/* A text/SUBTYPE part (charset utf-8) holding data, in encoding enc;
 * with a filename, an attachment (or inline) of that name. With e (and
 * enc base64): the part holds e's stand-in, e the encoded data, for
 * gmime_splice; data that every mail transport carries as it is
 * (gmime_7bit_safe) is sent 7bit instead, not encoded (e->raw: data
 * must live until gmime_splice). Compose.c has it; the caller unrefs
 * the part. */
GMimePart *gmime_text_part(const struct gmime *gm, const char *subtype,
			   const char *data, size_t len, const char *filename,
			   int attachment, GMimeContentEncoding enc,
			   struct gmime_encoded *e);

/* The text subtype of a file mailed under filename: "html" for an HTML
 * page (".html", ".htm": a replay, which a mail reader then opens in a
 * browser), else "plain" (YAML, views, answers). */
const char *gmime_file_subtype(const char *filename);

/* Whether text can be mailed as it is, Content-Transfer-Encoding 7bit
 * (RFC 2045 2.7), and arrive byte for byte: printable ASCII and LF
 * only, ending with LF, no line longer than 900 characters (RFC 5322
 * allows 998; one of 640 or more may be found too long, compose.c),
 * none ending with a space (transports may strip it),
 * none beginning "From " (mbox writes it ">From ") or "--" (a MIME
 * boundary's start). */
int gmime_7bit_safe(const char *text, size_t len);

/* The message GMime wrote (msg, len bytes) appended to out, each
 * stand-in of e[0..n) (in the order of the parts) replaced by its
 * encoded text; e's texts freed. -1 when a stand-in is not there. */
int gmime_splice(const char *msg, size_t len, struct gmime_encoded *e,
		 size_t n, struct strbuf *out);

/* mailgzip.c: a file mailed gzip-compressed (RFC 1952), by GIO's zlib
 * converters (GMime's own library: loaded with it, no cost to a run that
 * reads no mail). gmime_is_gzip: whether data begins as gzip's does
 * (1f 8b). gmime_gzip: data compressed, appended to out. gmime_gunzip:
 * data decompressed, appended to out, at most max bytes of it: 0; -1
 * when it would make more than max (a zip bomb: stopped within 64 KiB
 * past max, nothing appended), -2 when it is not one whole gzip member. */
int gmime_is_gzip(const char *data, size_t len);
void gmime_gzip(const struct gmime *gm, const char *data, size_t len,
		struct strbuf *out);
int gmime_gunzip(const struct gmime *gm, const char *data, size_t len,
		 size_t max, struct strbuf *out);

/* GMIME_IS_PART and INTERNET_IS_ADDRESS_MAILBOX through the table. */
static inline int gmime_is_part(const struct gmime *gm, void *o)
{
	return o && gm->g_type_check_instance_is_a(o,
		gm->g_mime_part_get_type());
}

static inline int gmime_is_mailbox(const struct gmime *gm, void *o)
{
	return o && gm->g_type_check_instance_is_a(o,
		gm->internet_address_mailbox_get_type());
}

#endif
