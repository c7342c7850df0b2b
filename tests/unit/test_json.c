/*
 * test_json.c - the JSON writer's strings (json.c, quoted): every byte
 * that needs an escape escaped, the rest as it is, however long the
 * string and wherever the escapes fall (its room is made ahead of the
 * bytes it stores), in a buffer that already holds text.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/json.h"
#include "unit.h"

/* s (n bytes) as json_stringn writes it after "x" in a fresh buffer */
static char *quote(const char *s, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	struct json j;
	strbuf_adds(&sb, "x");
	json_init(&j, &sb);
	json_stringn(&j, s, n);
	return strbuf_detach(&sb, NULL);
}

/* s escaped the slow way: the reference */
static void escaped(struct strbuf *sb, const char *s, size_t n)
{
	strbuf_adds(sb, "x\"");
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\')
			strbuf_addf(sb, "\\%c", c);
		else if (c == '\n')
			strbuf_adds(sb, "\\n");
		else if (c == '\t')
			strbuf_adds(sb, "\\t");
		else if (c < 0x20 || c == 0x7f)
			strbuf_addf(sb, "\\u%04x", c);
		else
			strbuf_addc(sb, (char)c);
	}
	strbuf_adds(sb, "\"");
}

int main(void)
{
	char *q = quote("a\"b\\c\nd\te\x01" "f\x7f" "\xc3\xa9", 14);
	CHECK_STR(q, "x\"a\\\"b\\\\c\\nd\\te\\u0001f\\u007f\xc3\xa9\"",
		  "each escape, UTF-8 as it is");
	free(q);
	q = quote("", 0);
	CHECK_STR(q, "x\"\"", "the empty string");
	free(q);
	/* long strings of every mix: all quotes (twice the bytes), all
	 * control bytes (six times), SVG-like text, each byte value */
	static const char *const fill[] = { "\"", "\x02", "<a b=\"1\">\n",
					    "plain" };
	for (size_t f = 0; f < 5; f++) {
		size_t n = 70000;
		char *s = malloc(n);
		for (size_t i = 0; i < n; i++)
			s[i] = f < 4 ? fill[f][i % strlen(fill[f])] :
				(char)(i % 256 ? i % 256 : 1);
		struct strbuf want = STRBUF_INIT;
		escaped(&want, s, n);
		q = quote(s, n);
		CHECK(strlen(q) == want.len && !strcmp(q, want.buf),
		      "%zu bytes of fill %zu as the reference (%zu bytes)",
		      n, f, want.len);
		free(q);
		strbuf_free(&want);
		free(s);
	}
	return unit_done("test_json");
}
