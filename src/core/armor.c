/*
 * armor.c - base64 through libsodium (constant time: for secrets), a
 * table decoder for public data, and a forgiving line reader.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/armor.h"

#define B64_VARIANT sodium_base64_VARIANT_ORIGINAL

void b64_add(struct strbuf *out, const void *b, size_t n)
{
	size_t size = sodium_base64_ENCODED_LEN(n, B64_VARIANT);
	char *s = xmalloc(size);
	sodium_bin2base64(s, size, b, n, B64_VARIANT);
	strbuf_add(out, s, size - 1);
	free(s);
}

int b64_decode(const char *s, size_t len, unsigned char *out, size_t n)
{
	size_t got;
	const char *end;
	if (sodium_base642bin(out, n, s, len, NULL, &got, &end,
			      B64_VARIANT) != 0)
		return -1;
	return got == n && end == s + len ? 0 : -1;
}

/* The value of each base64 digit (RFC 4648 4), -1 for any other byte
 * (every byte of 128 or above). */
static const signed char B64_DIGIT[256] = {
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 62, -1, -1, -1, 63,
	52, 53, 54, 55, 56, 57, 58, 59, 60, 61, -1, -1, -1, -1, -1, -1,
	-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
	15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, -1, -1, -1, -1, -1,
	-1, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
	41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
};

int b64_decode_public(const char *s, size_t len, const char *ignore,
		      unsigned char *out, size_t cap, size_t *got)
{
	uint32_t acc = 0;
	unsigned bits = 0;
	size_t n = 0, i = 0;
	/* the digits, a byte out for each 8 bits (a byte of ignore
	 * skipped), up to the first other byte */
	for (; i < len; i++) {
		int v = B64_DIGIT[(unsigned char)s[i]];
		if (v < 0) {
			if (ignore && s[i] && strchr(ignore, s[i]))
				continue;
			break;
		}
		acc = (acc << 6) | (uint32_t)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			if (n == cap)
				return -1;
			out[n++] = (unsigned char)(acc >> bits);
			acc &= (1u << bits) - 1;
		}
	}
	/* one digit left over, or bits set past the last byte: not what an
	 * encoder writes */
	if (bits > 4 || acc != 0)
		return -1;
	/* the padding: one '=' for each 2 bits left, bytes of ignore
	 * among them and after */
	for (unsigned pad = bits / 2; pad; i++) {
		if (i == len)
			return -1;
		if (s[i] == '=')
			pad--;
		else if (!ignore || !s[i] || !strchr(ignore, s[i]))
			return -1;
	}
	while (i < len && ignore && s[i] && strchr(ignore, s[i]))
		i++;
	if (i != len)
		return -1;
	*got = n;
	return 0;
}

int b64_decode_any(const char *s, size_t len, struct strbuf *out)
{
	/* 3 bytes per 4 characters, rounded up, is always enough */
	size_t max = len / 4 * 3 + 3, got;
	unsigned char *bin = xmalloc(max);
	/* a signed file's block: public */
	int rc = b64_decode_public(s, len, " \t\r\n", bin, max, &got);
	if (rc == 0)
		strbuf_add(out, bin, got);
	free(bin);
	return rc;
}

void line_iter_init(struct line_iter *it, const char *buf, size_t len)
{
	it->p = buf;
	it->end = buf + len;
}

int line_next(struct line_iter *it, const char **line, size_t *len)
{
	const char *start = it->p, *nl;
	size_t n;
	if (start >= it->end)
		return 0;
	nl = memchr(start, '\n', (size_t)(it->end - start));
	n = nl ? (size_t)(nl - start) : (size_t)(it->end - start);
	it->p = nl ? nl + 1 : it->end;
	while (n > 0 && start[n - 1] == '\r')
		n--;
	*line = start;
	*len = n;
	return 1;
}

int line_starts(const char *line, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);
	return len >= n && memcmp(line, prefix, n) == 0;
}

void line_trim(const char *line, size_t *len)
{
	while (*len > 0 && (line[*len - 1] == ' ' || line[*len - 1] == '\t' ||
			    line[*len - 1] == '\r'))
		(*len)--;
}

int line_blank(const char *line, size_t len)
{
	line_trim(line, &len);
	return len == 0;
}

int line_next_trim(struct line_iter *it, const char **line, size_t *len)
{
	if (!line_next(it, line, len))
		return 0;
	line_trim(*line, len);
	return 1;
}
