/*
 * test_mail.c - a game file read as it is (mail_game_as_read): the verdict
 * with the vouched prefix passed over is the verdict of a look at every
 * line, wherever what the mail layer acts on stands outside the prefix
 * (text before or after the file, quoting, a signature's BEGIN line, a
 * NUL byte, a joined line, a line that no game file has); and a text
 * it takes as it is, mail_take_file returns unchanged with nothing to
 * note. mail_game_lines refuses as a prefix what the mail layer would
 * act on.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/mail.h"
#include "umpire/sign.h"
#include "unit.h"

#define MAX (1u << 20)

static const char head[] =
	"umpire: game/3\n"
	"game: 0123456789abcdef0123456789abcdef\n"
	"state:\n"
	"  turn: 1\n"
	"steps:\n";
static const char prefix[] =
	"- step: 1\n"
	"  actor: allied\n"
	"  orders: |-\n"
	"    dW1waXJlOiBvcmRlcnMvMQ==\n"
	"- step: 2\n"
	"  actor: german\n";
static const char tail[] =
	"- step: 3\n"
	"  actor: allied\n"
	"  seed: opyYHs2xyvZ3mHQTUV/F43Fb6mrU2aXpcWOA+8+TlXU=\n";

/* head, prefix and tail with text (n bytes, a NUL byte among them
 * maybe) put in at one place: 0 before the file, 1 after the header, 2
 * after the prefix, 3 at the end, -1 nowhere; *from and *to the
 * prefix's place. */
static size_t build(char *out, int at, const char *text, size_t n,
		    size_t *from, size_t *to)
{
	const char *parts[] = { head, prefix, tail };
	size_t len = 0;
	for (int i = 0; i <= 3; i++) {
		if (i == at) {
			memcpy(out + len, text, n);
			len += n;
		}
		if (i == 3)
			break;
		if (i == 1)
			*from = len;
		memcpy(out + len, parts[i], strlen(parts[i]));
		len += strlen(parts[i]);
		if (i == 1)
			*to = len;
	}
	return len;
}

/* The verdict with the prefix passed over is a look at every line's; a
 * text taken as it is comes back from mail_take_file unchanged, with
 * no note. */
static void same_verdict(const char *what, int at, const char *text,
			 size_t text_len, int want)
{
	char buf[4096];
	size_t from, to, len = build(buf, at, text, text_len, &from, &to);
	int skip = mail_game_as_read(buf, from, buf + to, len - to, len, MAX);
	int whole = mail_game_as_read(buf, len, "", 0, len, MAX);
	CHECK(skip == whole && whole == want, "%s (at %d): as read %d with "
	      "the prefix passed over, %d looked at whole, want %d", what, at,
	      skip, whole, want);
	if (whole) {
		char *copy = malloc(len + 1);
		size_t clen = len;
		struct strbuf notes = STRBUF_INIT;
		struct error err = { 0 };
		memcpy(copy, buf, len);
		copy[len] = '\0';
		int rc = mail_take_file("t", MAX, "game", &copy, &clen, NULL,
					NULL, &notes, NULL, NULL, &err);
		CHECK(rc == 0 && clen == len && !memcmp(copy, buf, len) &&
		      notes.len == 0, "%s (at %d): the mail layer takes it as "
		      "it is", what, at);
		free(copy);
		strbuf_free(&notes);
	}
}

int main(void)
{
	static const struct {
		const char *what, *text;
		size_t len;
		int want;
	} cases[] = {
		{ "nothing", "", 0, 1 },
		{ "a signature's BEGIN line", EMBED_BEGIN "\n",
		  sizeof EMBED_BEGIN, 0 },
		{ "a NUL byte", "  note: a\0b\n", 12, 0 },
		{ "a prose line", "thanks, see you Tuesday\n", 24, 0 },
		{ "a mail signature", "-- \nAlice\n", 10, 0 },
		{ "a joined umpire line", "umpire: game/3 game: x\n", 23, 0 },
		{ "an indented line", "  more: 1\n", 10, 1 },
		{ "a comment", "# a comment\n", 12, 1 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		for (int at = 1; at <= 3; at++)
			same_verdict(cases[i].what, at, cases[i].text,
				     cases[i].len, cases[i].want);
	/* before the file: text, quoting, a byte-order mark */
	same_verdict("text before the file", 0, "Hello,\n", 7, 0);
	same_verdict("a byte-order mark", 0, "\xef\xbb\xbf", 3, 0);
	{
		char buf[4096];
		size_t from, to, len = build(buf, -1, "", 0, &from, &to);
		CHECK(mail_game_as_read(buf, from, buf + to, len - to, len,
					MAX) == 1,
		      "a plain game file is taken as it is");
		CHECK(mail_game_as_read(buf, from, buf + to, len - to, len,
					len - 1) == 0,
		      "a file over the limit is the mail layer's to refuse");
		CHECK(mail_game_as_read(buf, from + 1, buf + to, len - to,
					len, MAX) == 0,
		      "a head that does not end a line is not taken");
	}
	/* the prefix itself: what the mail layer would act on is not a
	 * prefix that may be passed over */
	CHECK(mail_game_lines(prefix, strlen(prefix)) == 1,
	      "steps as umpire writes them may be passed over");
	CHECK(mail_game_lines("- step: 1\n  for: \"" EMBED_BEGIN "\"\n",
			      16 + sizeof EMBED_BEGIN) == 0,
	      "a signature's BEGIN text in a step is not");
	CHECK(mail_game_lines("- step: 1\nthanks\n", 17) == 0,
	      "a line no game file has is not");
	CHECK(mail_game_lines("- step: 1\n  a: \0\n", 17) == 0,
	      "a NUL byte is not");
	CHECK(mail_game_lines("- step: 1\n  a: b", 16) == 0,
	      "text that does not end a line is not");
	return unit_done("test_mail");
}
