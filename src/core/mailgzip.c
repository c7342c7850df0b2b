/*
 * mailgzip.c - a file mailed gzip-compressed (RFC 1952): the judge
 * attaches a finished game's file so (compose.c, the letters that end a
 * game), and every command that takes a file from a message or a file
 * reads it back (mail.c), its decompressed size bounded.
 *
 * The compressing is zlib's, through GIO's converters (GZlibCompressor,
 * GZlibDecompressor in gzip's format): GIO is GMime's own library
 * (gmime-3.0.pc requires gio-2.0), reached through GMime's handle as
 * every GMime function is (gmime_dl.h), so a run that reads no mail
 * loads neither. GMime's gzip filter (GMimeFilterGZip) is not used: the
 * gzip it writes ends in a sync flush and a trailer of zeros, which
 * gunzip(1) and Python's gzip refuse ("invalid compressed data"), and
 * its reading grows its output as it likes within a call.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/gmime_dl.h"

/* What the converter writes at a time: the bound on decompressing is
 * checked after each piece, so it is never passed by more than this. */
#define GZ_PIECE ((size_t)64 << 10)

/* data through c, appended to out: 0 when the converter finished (one
 * whole stream, every byte of data read), -1 when out grew past max
 * bytes, -2 when data is no whole stream. out as it was on failure. */
static int convert(const struct gmime *gm, GConverter *c, const char *data,
		   size_t len, size_t max, struct strbuf *out)
{
	size_t start = out->len, at = 0;
	GConverterResult r;
	int rc = -2;
	do {
		gsize in = 0, made = 0;
		GError *e = NULL;
		strbuf_grow(out, GZ_PIECE + 1);
		r = gm->g_converter_convert(c, data + at, len - at,
					    out->buf + out->len, GZ_PIECE,
					    G_CONVERTER_INPUT_AT_END, &in,
					    &made, &e);
		gm->g_clear_error(&e);
		at += in;
		out->len += made;
		out->buf[out->len] = '\0';
		if (out->len - start > max) {
			rc = -1;
			break;
		}
		if (r == G_CONVERTER_FINISHED)
			rc = at == len ? 0 : -2;   /* nothing after it */
	} while (r == G_CONVERTER_CONVERTED);
	gm->g_object_unref(c);
	if (rc)
		out->buf[out->len = start] = '\0';
	return rc;
}

int gmime_is_gzip(const char *data, size_t len)
{
	return len >= 2 && (unsigned char)data[0] == 0x1f &&
		(unsigned char)data[1] == 0x8b;
}

/* zlib's fastest level: a game file of a long game's end compresses
 * nearly as well at 1 as at 9 (2,174,690 bytes of Race to the
 * Reichstag at step 1,211: 45% of it at 1, 42% at 6 and at 9) for
 * less than half the work (0.05 s against 0.12 s of CPU here), and
 * the letter that ends a game should cost about a step. */
#define GZ_LEVEL 1

void gmime_gzip(const struct gmime *gm, const char *data, size_t len,
		struct strbuf *out)
{
	GZlibCompressor *z = gm->g_zlib_compressor_new(
		G_ZLIB_COMPRESSOR_FORMAT_GZIP, GZ_LEVEL);
	if (!z || convert(gm, G_CONVERTER(z), data, len, (size_t)-1, out))
		abort();        /* out of memory: as strbuf.c */
}

int gmime_gunzip(const struct gmime *gm, const char *data, size_t len,
		 size_t max, struct strbuf *out)
{
	GZlibDecompressor *z = gm->g_zlib_decompressor_new(
		G_ZLIB_COMPRESSOR_FORMAT_GZIP);
	if (!z)
		abort();        /* out of memory: as strbuf.c */
	return convert(gm, G_CONVERTER(z), data, len, max, out);
}
