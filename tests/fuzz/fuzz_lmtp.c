/* fuzz_lmtp.c - the LMTP protocol of one connection (lmtp_feed, as
 * src/judge/lmtp.c serves it): the bytes a client sends, taken as a
 * socket gives them (in pieces of 1, 7, 61, 509 and 4093 bytes in turn,
 * at most what the buffer has room for), each message answered, one
 * recipient 250 and the next 451. Aborts where the protocol breaks a
 * promise: a reply that is not one CRLF-ended line of a code, more than
 * the bounds (the buffer, the message's limit, the recipients), a reply
 * after the session ended, or a full buffer it takes nothing from. */
#include "fuzz.h"
#include "umpire/lmtpproto.h"

#define FUZZ_MAX 4096           /* the message kept up to */

/* Every reply line in out well formed: "NNN" then ' ' or '-', no CR or
 * LF but its CRLF end, at most 512 bytes. */
static void check_replies(const struct strbuf *out)
{
	size_t at = 0;
	while (at < out->len) {
		const char *l = out->buf + at;
		const char *end = memchr(l, '\n', out->len - at);
		if (!end || end - l < 5 || end[-1] != '\r' || end - l > 511)
			abort();
		for (int i = 0; i < 3; i++)
			if (l[i] < '0' || l[i] > '9')
				abort();
		if (l[3] != ' ' && l[3] != '-')
			abort();
		for (const char *c = l; c < end - 1; c++)
			if (*c == '\r' || *c == '\n')
				abort();
		at += (size_t)(end - l) + 1;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const size_t piece[] = { 1, 7, 61, 509, 4093 };
	static char why[451];
	struct lmtp p;
	size_t at = 0, k = 0;
	unsigned answered = 0;
	/* a reason of 450 bytes with control characters (an error's
	 * text): the reply cuts it at 400, blanks them */
	for (size_t i = 0; i < sizeof why - 1; i++)
		why[i] = i % 50 == 7 ? '\n' : i % 50 == 9 ? '\r' :
			(char)('a' + i % 26);
	lmtp_init(&p, "fuzz.example", FUZZ_MAX);
	while (!p.quit && (at < size || p.inlen)) {
		size_t room = sizeof p.in - p.inlen, n = piece[k++ % 5];
		n = n < room ? n : room;
		n = n < size - at ? n : size - at;
		memcpy(p.in + p.inlen, data + at, n);
		p.inlen += n;
		at += n;
		enum lmtp_event ev;
		while ((ev = lmtp_feed(&p)) == LMTP_MESSAGE) {
			if (!p.rcpts || !p.msg.buf || p.msg.buf[p.msg.len] ||
			    p.msg.len > FUZZ_MAX || p.total < p.msg.len)
				abort();
			for (unsigned i = 0; i < p.rcpts; i++)
				lmtp_answer(&p, (answered++ & 1) == 0,
					    i & 1 ? why : "name");
			lmtp_delivered(&p);
		}
		if (p.inlen > sizeof p.in || p.rcpts > LMTP_RCPTS ||
		    p.msg.len > FUZZ_MAX)
			abort();
		/* a full buffer it takes nothing from would stall the
		 * server's read (a read of 0 bytes: the client gone) */
		if (!p.quit && p.inlen == sizeof p.in)
			abort();
		check_replies(&p.out);
		strbuf_reset(&p.out);  /* sent */
		p.moved = 0;
		if (at == size && n == 0)
			break;          /* no more bytes, none taken */
	}
	/* once ended, a session answers nothing more */
	if (p.quit) {
		memcpy(p.in, "NOOP\r\n", 6);
		p.inlen = 6;
		if (lmtp_feed(&p) != LMTP_MORE || p.out.len)
			abort();
	}
	lmtp_free(&p);
	return 0;
}
