/*
 * armor.c - base64 through libsodium, and a forgiving line reader.
 */
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

int b64_decode_any(const char *s, size_t len, struct strbuf *out)
{
	/* 3 bytes per 4 characters, rounded up, is always enough */
	size_t max = len / 4 * 3 + 3, got;
	unsigned char *bin = xmalloc(max);
	const char *end;
	int rc = sodium_base642bin(bin, max, s, len, " \t\r\n", &got, &end,
				   B64_VARIANT);
	if (rc == 0 && end == s + len)
		strbuf_add(out, bin, got);
	free(bin);
	return rc == 0 && end == s + len ? 0 : -1;
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
