/*
 * test_compose.c - which texts umpire mails as they are (7bit) and which
 * it encodes (gmime_7bit_safe, compose.c): each rule of the check, at
 * the start of the text, in its middle (the vector loop) and in its last
 * bytes (the byte-at-a-time tail).
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/error.h"
#include "umpire/gmime_dl.h"
#include "umpire/strbuf.h"
#include "unit.h"

/* A part gmime_text_part encodes (not 7bit-safe) leaves no borrowed
 * text behind in its gmime_encoded, whatever the struct held before
 * (draft_write's array of them is not cleared): gmime_splice puts the
 * encoded text in the message, never a stale pointer's bytes. */
static void encoded_part(void)
{
	struct gmime gm;
	struct error err;
	if (gmime_open(&gm, &err)) {
		CHECK(0, "GMime opens: %s", err.msg);
		return;
	}
	static const char utf8[] = "scenario: \xe6\x9d\xb1\n";
	struct gmime_encoded e;
	memset(&e, 0xaa, sizeof e);
	GMimePart *p = gmime_text_part(&gm, "plain", utf8, strlen(utf8),
				       "g.yaml", 1,
				       GMIME_CONTENT_ENCODING_BASE64, &e);
	CHECK(e.raw == NULL && e.text != NULL,
	      "an encoded part holds its encoded text, no borrowed one");
	struct strbuf out = STRBUF_INIT;
	char msg[200];
	snprintf(msg, sizeof msg, "head\n%sfoot\n", e.standin);
	CHECK(gmime_splice(msg, strlen(msg), &e, 1, &out) == 0 &&
	      strstr(out.buf, "c2NlbmFyaW86IOadsQo=") != NULL,
	      "the splice puts the base64 of the text in its place");
	strbuf_free(&out);
	gm.g_object_unref(p);
	gmime_close(&gm);
}

/* A game-file-like text of about size bytes (lines of 40 characters,
 * some beginning "- " and some with a base64 body), with line put at
 * byte at (rounded to a line's start), the last line's LF kept. */
static size_t text_with(char *buf, size_t size, const char *line, size_t at)
{
	size_t len = 0, n = 0;
	int put = line == NULL;
	while (len + 80 + (line ? strlen(line) : 0) < size) {
		if (!put && len >= at) {
			memcpy(buf + len, line, strlen(line));
			len += strlen(line);
			put = 1;
			continue;
		}
		const char *l = n % 7 == 0 ? "- n: 12\n" : n % 3 ?
			"    QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=\n" :
			"  actor: allied\n";
		memcpy(buf + len, l, strlen(l));
		len += strlen(l);
		n++;
	}
	return len;
}

int main(void)
{
	static char buf[8192];
	static const struct {
		const char *what, *line;
		int want;
	} cases[] = {
		{ "a plain line", "  note: a plain line\n", 1 },
		{ "a line beginning with From", "From the north\n", 0 },
		{ "a line beginning From without the space", "Fromage: 1\n",
		  1 },
		{ "a line beginning with --", "--=-boundary\n", 0 },
		{ "a YAML document start", "---\n", 0 },
		{ "a list item", "- n: 3\n", 1 },
		{ "a line ending with a space", "  note: x \n", 0 },
		{ "a tab", "  note:\tx\n", 0 },
		{ "a CR", "  note: x\r\n", 0 },
		{ "a NUL byte", "  note: x\0y\n", 0 },
		{ "DEL", "  note: x\x7fy\n", 0 },
		{ "UTF-8 (Japanese)", "  scenario: \xe6\x9d\xb1\n", 0 },
		{ "a line of 600 characters", NULL, 1 },
		{ "a line of 1,000 characters", NULL, 0 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char line[1100];
		const char *l = cases[i].line;
		size_t ll;
		if (!l) {
			ll = strstr(cases[i].what, "600") ? 600 : 1000;
			memset(line, 'x', ll);
			line[ll] = '\n';
			line[ll + 1] = '\0';
			l = line;
		}
		/* the NUL case: its length by hand */
		ll = strcmp(cases[i].what, "a NUL byte") ? strlen(l) : 12;
		static const size_t ats[] = { 0, 1000, 3000, 7900 };
		for (size_t k = 0; k < sizeof ats / sizeof ats[0]; k++) {
			size_t len;
			if (ats[k] == 0) {
				memcpy(buf, l, ll);
				len = ll + text_with(buf + ll, sizeof buf - ll
						     - 1100, NULL, 0);
			} else if (ats[k] == 7900) {
				len = text_with(buf, sizeof buf - 1100, NULL,
						0);
				memcpy(buf + len, l, ll);
				len += ll;
			} else {
				len = text_with(buf, sizeof buf - 1100, NULL,
						0);
				/* at a line's start near ats[k] */
				size_t at = ats[k];
				while (buf[at - 1] != '\n')
					at++;
				memmove(buf + at + ll, buf + at, len - at);
				memcpy(buf + at, l, ll);
				len += ll;
			}
			CHECK(gmime_7bit_safe(buf, len) == cases[i].want,
			      "%s at byte %zu: %s", cases[i].what, ats[k],
			      cases[i].want ? "sent as it is" : "encoded");
		}
	}
	size_t len = text_with(buf, sizeof buf, NULL, 0);
	CHECK(gmime_7bit_safe(buf, len), "a game-file-like text: as it is");
	CHECK(!gmime_7bit_safe(buf, len - 1), "without its last LF: encoded");
	CHECK(!gmime_7bit_safe(buf, 0), "nothing: encoded");
	encoded_part();
	return unit_done("compose");
}
