/*
 * mailgzip.c - a file mailed gzip-compressed (RFC 1952), by zlib: the
 * judge attaches a finished game's file so (compose.c, the letters that
 * end a game), and every command that takes a file from a message or a
 * file reads it back (mail.c), its decompressed size bounded.
 *
 * zlib is reached through GMime's handle (gmime_dl.h: GMime links it),
 * so a run that reads no mail loads neither. GMime's own gzip filter
 * (GMimeFilterGZip) is not used: the gzip it writes ends in a sync
 * flush and a trailer of zeros, which gunzip(1) and Python's gzip
 * refuse ("invalid compressed data"), and its reading grows its output
 * as it likes within a call.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/gmime_dl.h"

/* What zlib writes at a time: the bound on decompressing is checked
 * after each piece, so it is never passed by more than this. */
#define GZ_PIECE ((size_t)64 << 10)

/* windowBits for gzip's wrapper (RFC 1952) rather than zlib's */
#define GZ_WBITS (15 + 16)

int gmime_is_gzip(const char *data, size_t len)
{
	return len >= 2 && (unsigned char)data[0] == 0x1f &&
		(unsigned char)data[1] == 0x8b;
}

void gmime_gzip(const struct gmime *gm, const char *data, size_t len,
		struct strbuf *out)
{
	z_stream z;
	memset(&z, 0, sizeof z);
	if (gm->deflateInit2_(&z, 9, Z_DEFLATED, GZ_WBITS, 8,
			      Z_DEFAULT_STRATEGY, ZLIB_VERSION,
			      (int)sizeof z) != Z_OK)
		abort();        /* out of memory: as strbuf.c */
	z.next_in = (Bytef *)data;
	z.avail_in = (uInt)len;
	int rc;
	do {
		strbuf_grow(out, GZ_PIECE + 1);
		z.next_out = (Bytef *)out->buf + out->len;
		z.avail_out = (uInt)GZ_PIECE;
		rc = gm->deflate(&z, Z_FINISH);
		out->len += GZ_PIECE - z.avail_out;
		out->buf[out->len] = '\0';
	} while (rc == Z_OK || rc == Z_BUF_ERROR);
	gm->deflateEnd(&z);
}

int gmime_gunzip(const struct gmime *gm, const char *data, size_t len,
		 size_t max, struct strbuf *out)
{
	z_stream z;
	size_t start = out->len;
	memset(&z, 0, sizeof z);
	if (gm->inflateInit2_(&z, GZ_WBITS, ZLIB_VERSION,
			      (int)sizeof z) != Z_OK)
		abort();        /* out of memory: as strbuf.c */
	z.next_in = (Bytef *)data;
	z.avail_in = (uInt)len;
	int rc, made;
	do {
		strbuf_grow(out, GZ_PIECE + 1);
		z.next_out = (Bytef *)out->buf + out->len;
		z.avail_out = (uInt)GZ_PIECE;
		rc = gm->inflate(&z, Z_NO_FLUSH);
		made = z.avail_out < GZ_PIECE;
		out->len += GZ_PIECE - z.avail_out;
		out->buf[out->len] = '\0';
		if (out->len - start > max) {
			rc = -1;
			break;
		}
	} while (rc == Z_OK && (made || z.avail_in));
	gm->inflateEnd(&z);
	/* one whole member, nothing after it */
	rc = rc == -1 ? -1 : rc == Z_STREAM_END && !z.avail_in ? 0 : -2;
	if (rc)
		out->buf[out->len = start] = '\0';
	return rc;
}
