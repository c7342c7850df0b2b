/*
 * test_mail.c - a game file read as it is (mail_game_as_read): the verdict
 * with the vouched prefix passed over is the verdict of a look at every
 * line, wherever what the mail layer acts on stands outside the prefix
 * (text before or after the file, quoting, a signature's BEGIN line, a
 * NUL byte, a joined line, a line that no game file has); and a text
 * it takes as it is, mail_take_file returns unchanged with nothing to
 * note. mail_game_lines refuses as a prefix what the mail layer would
 * act on. A sealed file (sealed orders, a sealed view) pasted in a
 * body, with a greeting and a signature, '> ' quoted once or twice, in
 * a format=flowed part, comes out of mail_take_file as its exact bytes;
 * a broken one is refused naming its line, never as "no umpire file"
 * (*none stays 0); a message with no umpire file sets *none, and one
 * holding a turn report says so.
 */
#include <stdlib.h>
#include <string.h>
#include <dlfcn.h>
#include <sodium.h>
#include "umpire/armor.h"
#include "umpire/error.h"
#include "umpire/gmime_dl.h"
#include "umpire/memo.h"
#include "umpire/strbuf.h"
#include "umpire/mail.h"
#include "umpire/sign.h"
#include "unit.h"

#define READ_MAX (1u << 20)

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
	int skip = mail_game_as_read(buf, from, buf + to, len - to, len, READ_MAX);
	int whole = mail_game_as_read(buf, len, "", 0, len, READ_MAX);
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
		int rc = mail_take_file("t", READ_MAX, "game", &copy, &clen, NULL,
					NULL, &notes, NULL, NULL, &err);
		CHECK(rc == 0 && clen == len && !memcmp(copy, buf, len) &&
		      notes.len == 0, "%s (at %d): the mail layer takes it as "
		      "it is", what, at);
		free(copy);
		strbuf_free(&notes);
	}
}


/* A sealed file as seal_text writes it (the box shortened: the mail
 * layer reads its shape, not its contents). */
static const char sealed[] =
	"umpire: sealed-orders/1\n"
	"game: c23167627f071bd107f39b61497c4bbe\n"
	"for: referee\n"
	"box: |-\n"
	"  qQR0uP/epqwwtBUFBBUNEWpWnv+DK3VY666shN3cDwEM+BKP79wu/a/MJpPINx2Q\n"
	"  w6xCd8lD5+FWvSjp2Y1cgvra3BPM/slqb8vg5DihFummVVG8/7yA5ZFMqTjJsr8J\n"
	"  UCUSRwUMns1qkP820cZosQ==\n";

static const char headers[] =
	"From: Alice <alice@example.org>\n"
	"To: Rita <rita@example.org>\n"
	"Subject: Re: orders\n"
	"MIME-Version: 1.0\n";

/* before, each line of file after quote, then after */
static void paste(struct strbuf *sb, const char *before, const char *quote,
		  const char *file, const char *after)
{
	strbuf_adds(sb, before);
	for (const char *p = file; *p;) {
		const char *nl = strchr(p, '\n');
		strbuf_adds(sb, quote);
		strbuf_add(sb, p, (size_t)(nl - p) + 1);
		p = nl + 1;
	}
	strbuf_adds(sb, after);
}

/* mail_take_file on text: rc, the bytes it gives, *none, the refusal. */
static int take(const char *text, char **out, size_t *len, int *none,
		struct error *err)
{
	size_t n = strlen(text);
	*out = malloc(n + 1);
	memcpy(*out, text, n + 1);
	*len = n;
	memset(err, 0, sizeof *err);
	return mail_take_file("m.eml", READ_MAX, NULL, out, len, NULL, NULL, NULL,
			      NULL, none, err);
}

/* text is read as the sealed file, byte for byte. */
static void reads_sealed(const char *what, const char *text)
{
	char *out;
	size_t len;
	int none = -1;
	struct error err;
	int rc = take(text, &out, &len, &none, &err);
	CHECK(rc == 0 && none == 0 && len == strlen(sealed) &&
	      !memcmp(out, sealed, len), "sealed orders %s: read as "
	      "attached (rc %d, none %d%s%s)", what, rc, none, rc ? ": " : "",
	      rc ? err.msg : "");
	free(out);
}

/* text is refused as a broken umpire file (not "none"), the refusal
 * holding want. */
static void refused_broken(const char *what, const char *text,
			   const char *want)
{
	char *out;
	size_t len;
	int none = -1;
	struct error err;
	int rc = take(text, &out, &len, &none, &err);
	CHECK(rc == -1 && none == 0 && err.status == EXIT_REFUSED &&
	      strstr(err.msg, want) != NULL, "%s: refused, not 'no umpire "
	      "file' (rc %d, none %d: %s)", what, rc, none,
	      rc ? err.msg : "taken");
	free(out);
}

static void sealed_in_mail(void)
{
	struct strbuf sb = STRBUF_INIT;
	const char *greet = "Hi Rita,\n\nhere are my orders:\n\n";
	const char *sig = "\nCheers\n-- \nAlice\n";
	/* a text/plain body, 7bit */
	const char *plain = "Content-Type: text/plain; charset=us-ascii\n\n";
	strbuf_adds(&sb, headers);
	strbuf_adds(&sb, plain);
	paste(&sb, greet, "", sealed, sig);
	reads_sealed("pasted with a greeting and a signature", sb.buf);
	/* the same without the message around it (a body saved alone) */
	strbuf_reset(&sb);
	paste(&sb, greet, "", sealed, sig);
	reads_sealed("pasted, the body saved alone", sb.buf);
	strbuf_reset(&sb);
	strbuf_adds(&sb, headers);
	strbuf_adds(&sb, plain);
	paste(&sb, "On Monday Bob wrote:\n", "> ", sealed, ">\n> Cheers\n\nok\n");
	reads_sealed("quoted once", sb.buf);
	strbuf_reset(&sb);
	strbuf_adds(&sb, headers);
	strbuf_adds(&sb, plain);
	paste(&sb, "Rita wrote:\n> Bob wrote:\n", ">> ", sealed,
	      "> thanks\nok\n");
	reads_sealed("quoted twice (>> )", sb.buf);
	strbuf_reset(&sb);
	strbuf_adds(&sb, headers);
	strbuf_adds(&sb, plain);
	paste(&sb, "Rita wrote:\n", "> > ", sealed, "> \n> bye\n");
	reads_sealed("quoted twice (> > )", sb.buf);
	/* format=flowed as mutt (text_flowed=yes) writes it: the greeting
	 * broken softly (a line ending in a space), the box's lines
	 * space-stuffed, quoted lines as '>' and a stuffed space */
	strbuf_reset(&sb);
	strbuf_adds(&sb, headers);
	strbuf_adds(&sb, "Content-Type: text/plain; charset=us-ascii; "
		    "format=flowed\n\n");
	strbuf_adds(&sb, "Hi Rita,\n\nhere are my orders for the first step, "
		    "as we agreed on the \nphone yesterday evening:\n\n");
	for (const char *p = sealed; *p;) {
		const char *nl = strchr(p, '\n');
		if (*p == ' ')
			strbuf_addc(&sb, ' ');      /* space-stuffed */
		strbuf_add(&sb, p, (size_t)(nl - p) + 1);
		p = nl + 1;
	}
	strbuf_adds(&sb, "\nCheers\n-- \nAlice\n");
	reads_sealed("in a format=flowed body", sb.buf);
	strbuf_reset(&sb);
	strbuf_adds(&sb, headers);
	strbuf_adds(&sb, "Content-Type: text/plain; charset=us-ascii; "
		    "format=flowed; delsp=yes\n\n");
	strbuf_adds(&sb, "Bob wrote:\n");
	for (const char *p = sealed; *p;) {
		const char *nl = strchr(p, '\n');
		strbuf_adds(&sb, "> ");             /* '>', the stuffed space */
		strbuf_add(&sb, p, (size_t)(nl - p) + 1);
		p = nl + 1;
	}
	strbuf_adds(&sb, "\nthanks, \nRita\n");
	reads_sealed("quoted in a format=flowed body (DelSp)", sb.buf);
	/* CRLF line ends and trailing blanks a client added */
	strbuf_reset(&sb);
	paste(&sb, "Hi,\r\n\r\n", "> ", sealed, "\r\n");
	{
		struct strbuf crlf = STRBUF_INIT;
		for (size_t i = 0; i < sb.len; i++) {
			if (sb.buf[i] == '\n' && (i == 0 ||
						  sb.buf[i - 1] != '\r'))
				strbuf_adds(&crlf, "  \r");
			strbuf_addc(&crlf, sb.buf[i]);
		}
		reads_sealed("quoted, CRLF and trailing blanks", crlf.buf);
		strbuf_free(&crlf);
	}

	/* broken: refused, naming the line, *none left 0 */
	strbuf_reset(&sb);
	strbuf_adds(&sb, headers);
	strbuf_adds(&sb, plain);
	strbuf_adds(&sb, "Hi Rita,\n\numpire: sealed-orders/1\nthis is "
		    "garbage } [\n-- \nAlice\n");
	refused_broken("an 'umpire:' line, then garbage", sb.buf, "line 3");
	strbuf_reset(&sb);
	strbuf_adds(&sb, headers);
	strbuf_adds(&sb, plain);
	strbuf_adds(&sb, "Hi,\n\numpire: orders/1\nthis is garbage } [\n");
	refused_broken("orders cut short", sb.buf, "part 1 (text/plain)");
	strbuf_reset(&sb);
	strbuf_adds(&sb, headers);
	strbuf_adds(&sb, plain);
	paste(&sb, "Hi,\n", "> ", "umpire: sealed-orders/1\n"
	      "game: c23167627f071bd107f39b61497c4bbe\nfor: referee\n", "");
	refused_broken("a sealed file without its box", sb.buf, "no 'box:'");
	strbuf_reset(&sb);
	strbuf_adds(&sb, headers);
	strbuf_adds(&sb, plain);
	strbuf_adds(&sb, "Hi,\n\n");
	strbuf_adds(&sb, sealed);
	/* a line of the box changed by hand: the box goes on after it */
	memcpy(strstr(sb.buf, "  w6xC"), "  w6 !", 6);
	refused_broken("a box broken by a line", sb.buf, "is not base64");
	strbuf_reset(&sb);
	strbuf_adds(&sb, headers);
	strbuf_adds(&sb, plain);
	strbuf_adds(&sb, "Hi,\numpire: please adjudicate my orders\n");
	refused_broken("a line 'umpire:' that starts no file", sb.buf,
		       "not the first line of an umpire file");

	/* no umpire file at all: *none set */
	{
		char *out;
		size_t len;
		int none = -1;
		struct error err;
		strbuf_reset(&sb);
		strbuf_adds(&sb, headers);
		strbuf_adds(&sb, plain);
		strbuf_adds(&sb, "Hi Rita,\n\nsee you Tuesday.\n");
		int rc = take(sb.buf, &out, &len, &none, &err);
		CHECK(rc == -1 && none == 1 && strstr(err.msg, "none of its "
		      "parts holds an umpire file"), "a message holding no "
		      "umpire file: none (rc %d, none %d)", rc, none);
		free(out);
		/* a turn report only: said so */
		strbuf_reset(&sb);
		strbuf_adds(&sb, headers);
		strbuf_adds(&sb, plain);
		strbuf_adds(&sb, "The Russo-German War (card game, beta)\n"
			    "  (russo-german-war), game c2316762\n"
			    "As seen by german.\n\n"
			    "Step 1, ordered by german, adjudicated by "
			    "referee\n\nPosition\n  Moscow: Soviet\n");
		rc = take(sb.buf, &out, &len, &none, &err);
		CHECK(rc == -1 && none == MAIL_NONE_REPORT &&
		      strstr(err.msg, "holds a turn "
		      "report as seen by german") && strstr(err.msg,
		      "not an umpire file"), "a message holding a report: "
		      "said so (%s)", err.msg);
		free(out);
	}
	strbuf_free(&sb);
}

/* memo_b64: with GMime loaded (the mail read above), GLib's encoder
 * writes libsodium's text, at every length (padding: 0, 1 and 2 bytes
 * over a multiple of 3; a sealed view's 16 KB) */
static void memo_base64(void)
{
	struct memo *m = memo_new();
	unsigned char b[16400];
	struct strbuf a = STRBUF_INIT, g = STRBUF_INIT, n = STRBUF_INIT;
	int same = 1;
	void *h = dlopen(GMIME_SONAME, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
	CHECK(h != NULL, "GMime is loaded (the precondition of GLib's)");
	if (h)
		dlclose(h);
	randombytes_buf(b, sizeof b);
	for (size_t len = 0; len <= sizeof b; len = len < 70 ? len + 1 :
	     len < sizeof b ? sizeof b : len + 1) {
		strbuf_reset(&a);
		strbuf_reset(&g);
		strbuf_reset(&n);
		b64_add(&a, b, len);
		memo_b64(m, b, len, &g);
		memo_b64(NULL, b, len, &n);
		if (a.len != g.len || (a.len && memcmp(a.buf, g.buf, a.len)) ||
		    a.len != n.len || (a.len && memcmp(a.buf, n.buf, a.len)))
			same = 0;
	}
	CHECK(same, "memo_b64 writes libsodium's base64 at every length, "
	      "through GLib and without a memo");
	strbuf_free(&a);
	strbuf_free(&g);
	strbuf_free(&n);
	memo_free(m);
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
					READ_MAX) == 1,
		      "a plain game file is taken as it is");
		CHECK(mail_game_as_read(buf, from, buf + to, len - to, len,
					len - 1) == 0,
		      "a file over the limit is the mail layer's to refuse");
		CHECK(mail_game_as_read(buf, from + 1, buf + to, len - to,
					len, READ_MAX) == 0,
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
	sealed_in_mail();
	memo_base64();
	return unit_done("test_mail");
}
