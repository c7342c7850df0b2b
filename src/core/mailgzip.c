/*
 * mailgzip.c - a file mailed gzip-compressed (RFC 1952), through GMime's
 * own gzip filter (GMimeFilterGZip, zlib): the judge attaches a long
 * game's file so (compose.c, the letters that end a game), and every
 * command that takes a file from a message or a file reads it back
 * (mail.c), its decompressed size bounded.
 */
#include <string.h>
#include "umpire/gmime_dl.h"

/* What is given to the filter at a time when decompressing: deflate
 * makes at most about 1,032 bytes of each byte it reads, so a call
 * makes at most about 1 MiB however the input was made, and the bound
 * is checked between calls. */
#define GUNZIP_CHUNK ((size_t)1024)

int gmime_is_gzip(const char *data, size_t len)
{
	return len >= 2 && (unsigned char)data[0] == 0x1f &&
		(unsigned char)data[1] == 0x8b;
}

void gmime_gzip(const struct gmime *gm, const char *data, size_t len,
		struct strbuf *out)
{
	GMimeFilter *f = gm->g_mime_filter_gzip_new(
		GMIME_FILTER_GZIP_MODE_ZIP, 9);
	char *o;
	size_t olen, pre;
	gm->g_mime_filter_complete(f, (char *)data, len, 0, &o, &olen, &pre);
	strbuf_add(out, o, olen);
	gm->g_object_unref(f);
}

int gmime_gunzip(const struct gmime *gm, const char *data, size_t len,
		 size_t max, struct strbuf *out)
{
	GMimeFilter *f = gm->g_mime_filter_gzip_new(
		GMIME_FILTER_GZIP_MODE_UNZIP, 0);
	size_t start = out->len;
	int rc = 0;
	for (size_t at = 0; at < len && rc == 0;) {
		size_t k = len - at < GUNZIP_CHUNK ? len - at : GUNZIP_CHUNK;
		char *o;
		size_t olen, pre;
		if (at + k < len)
			gm->g_mime_filter_filter(f, (char *)data + at, k, 0,
						 &o, &olen, &pre);
		else
			gm->g_mime_filter_complete(f, (char *)data + at, k,
						   0, &o, &olen, &pre);
		if (olen > max - (out->len - start))
			rc = -1;
		else
			strbuf_add(out, o, olen);
		at += k;
	}
	gm->g_object_unref(f);
	if (rc == 0 && out->len == start && len)
		rc = -2;        /* nothing came of it: not gzip's */
	if (rc && out->buf)
		out->buf[out->len = start] = '\0';
	return rc;
}
