/*
 * lmtpproto.c - the LMTP protocol of one connection (umpire/lmtpproto.h):
 * command lines parsed and answered, the message's lines dot-unstuffed
 * and kept, its bytes counted past the limit; nothing read or written
 * but the session's buffers.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "umpire/lmtpproto.h"

void lmtp_init(struct lmtp *p, const char *host, size_t max)
{
	memset(p, 0, sizeof *p);
	p->host = host;
	p->max = max;
}

void lmtp_free(struct lmtp *p)
{
	strbuf_free(&p->out);
	strbuf_free(&p->msg);
	strbuf_free(&p->rcpt);
}

void lmtp_reply(struct lmtp *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&p->out, fmt, ap);
	va_end(ap);
	strbuf_adds(&p->out, "\r\n");
}

static void transaction_reset(struct lmtp *p)
{
	p->mail = p->data = 0;
	p->rcpts = 0;
	p->total = 0;
	strbuf_reset(&p->msg);
	strbuf_reset(&p->rcpt);
}

void lmtp_answer(struct lmtp *p, int ok, const char *why)
{
	/* a reply line's text: no control character, at most 400 bytes
	 * (RFC 5321 4.5.3.1.5: a reply line is at most 512) */
	char text[401];
	size_t i = 0;
	for (; why[i] && i < 400; i++)
		text[i] = (unsigned char)why[i] < ' ' ? ' ' : why[i];
	text[i] = '\0';
	if (ok)
		lmtp_reply(p, "250 2.0.0 %s dealt with", text);
	else
		lmtp_reply(p, "451 4.3.0 %s (try again later)", text);
}

void lmtp_delivered(struct lmtp *p)
{
	transaction_reset(p);
	/* a message: a step forward, the count of idle commands anew */
	p->idle = 0;
}

/* The address of RCPT's argument ("TO:<judge+1a2b3c4d@club> ..."),
 * NUL-terminated, appended to the recipients. */
static void take_rcpt(struct lmtp *p, const char *arg)
{
	const char *s = arg + 3, *lt = strchr(s, '<');
	size_t n;
	if (lt) {
		s = lt + 1;
		n = strcspn(s, ">");
	} else {
		while (*s == ' ')
			s++;
		n = strcspn(s, " ");
	}
	strbuf_add(&p->rcpt, s, n);
	strbuf_addc(&p->rcpt, '\0');
}

/* Whether line begins with the command word w (any case), followed by
 * its end or a blank; *arg: what follows the blank. */
static int verb(const char *line, const char *w, const char **arg)
{
	size_t n = strlen(w);
	if (strncasecmp(line, w, n) || (line[n] && line[n] != ' '))
		return 0;
	*arg = line[n] ? line + n + 1 : line + n;
	return 1;
}

/* One command line (NUL-terminated, CRLF gone). */
static void command(struct lmtp *p, const char *line)
{
	const char *a;
	int bad = 1, forward = 0;
	if (verb(line, "LHLO", &a)) {
		if (!*a) {
			lmtp_reply(p, "501 5.5.4 LHLO needs a domain");
		} else {
			transaction_reset(p);
			forward = !p->lhlo;
			p->lhlo = 1;
			lmtp_reply(p, "250-%s", p->host);
			lmtp_reply(p, "250-PIPELINING");
			lmtp_reply(p, "250-ENHANCEDSTATUSCODES");
			lmtp_reply(p, "250 8BITMIME");
			bad = 0;
		}
	} else if (verb(line, "MAIL", &a)) {
		if (!p->lhlo)
			lmtp_reply(p, "503 5.5.1 LHLO first");
		else if (p->mail)
			lmtp_reply(p, "503 5.5.1 MAIL given already (RSET "
				   "first)");
		else if (strncasecmp(a, "FROM:", 5))
			lmtp_reply(p, "501 5.5.4 MAIL FROM:<address> expected");
		else
			p->mail = 1, bad = 0, forward = 1,
				lmtp_reply(p, "250 2.1.0 Ok");
	} else if (verb(line, "RCPT", &a)) {
		if (!p->mail)
			lmtp_reply(p, "503 5.5.1 MAIL first");
		else if (strncasecmp(a, "TO:", 3))
			lmtp_reply(p, "501 5.5.4 RCPT TO:<address> expected");
		else if (p->rcpts >= LMTP_RCPTS)
			bad = 0, lmtp_reply(p, "452 4.5.3 Too many recipients");
		else
			take_rcpt(p, a), p->rcpts++, bad = 0, forward = 1,
				lmtp_reply(p, "250 2.1.5 Ok");
	} else if (verb(line, "DATA", &a)) {
		if (!p->rcpts) {
			lmtp_reply(p, "503 5.5.1 No valid recipients");
		} else {
			p->data = 1;
			p->bol = 1;
			p->total = 0;
			strbuf_reset(&p->msg);
			bad = 0;
			forward = 1;
			lmtp_reply(p, "354 End data with <CR><LF>.<CR><LF>");
		}
	} else if (verb(line, "RSET", &a)) {
		transaction_reset(p);
		bad = 0;
		lmtp_reply(p, "250 2.0.0 Ok");
	} else if (verb(line, "NOOP", &a)) {
		bad = 0;
		lmtp_reply(p, "250 2.0.0 Ok");
	} else if (verb(line, "QUIT", &a)) {
		bad = 0;
		p->quit = 1;
		lmtp_reply(p, "221 2.0.0 Bye");
	} else {
		lmtp_reply(p, "500 5.5.2 Command not recognised (this is an "
			   "LMTP server: LHLO, MAIL, RCPT, DATA, RSET, NOOP, "
			   "QUIT)");
	}
	if (bad && ++p->bad >= LMTP_BAD && !p->quit) {
		lmtp_reply(p, "421 4.7.0 Too many errors, closing");
		p->quit = 1;
	}
	if (forward) {
		p->moved = 1;
	} else if (++p->idle >= LMTP_IDLE && !p->quit) {
		lmtp_reply(p, "421 4.7.0 Too many commands without a message "
			   "(at most %d), closing", LMTP_IDLE);
		p->quit = 1;
	}
}

/* n bytes of the message's text, kept up to max and counted past it
 * (as the judge reads a message too large on stdin to its end). */
static void data_add(struct lmtp *p, const char *s, size_t n)
{
	p->total += n;
	if (p->msg.len < p->max)
		strbuf_add(&p->msg, s, n < p->max - p->msg.len ? n :
			   p->max - p->msg.len);
}

enum lmtp_event lmtp_feed(struct lmtp *p)
{
	enum lmtp_event ev = LMTP_MORE;
	size_t at = 0;
	while (at < p->inlen && !p->quit) {
		char *s = p->in + at, *nl = memchr(s, '\n', p->inlen - at);
		size_t n = nl ? (size_t)(nl - s) + 1 : p->inlen - at;
		if (!p->data) {
			if (!nl && n < LMTP_LINE)
				break;          /* the rest of it to come */
			if (!nl || n > LMTP_LINE) {
				lmtp_reply(p, "500 5.5.2 Line too long, "
					   "closing");
				p->quit = 1;
				break;
			}
			s[n - 1] = '\0';
			if (n >= 2 && s[n - 2] == '\r')
				s[n - 2] = '\0';
			command(p, s);
			at += n;
			continue;
		}
		if (!nl) {
			/* the rest of the line to come, while there is
			 * room; a line longer than the buffer goes in parts
			 * (a CR kept back: it may begin the CRLF) */
			if (n < sizeof p->in)
				break;
			if (p->bol && s[0] == '.')
				s++, n--, at++;
			if (n && s[n - 1] == '\r')
				n--;
			if (!n)
				break;
			data_add(p, s, n);
			p->bol = 0;
			at += n;
			continue;
		}
		at += n;
		size_t body = n - 1 - (n >= 2 && s[n - 2] == '\r');
		if (p->bol && body == 1 && s[0] == '.') {
			if (!p->msg.buf)
				strbuf_add(&p->msg, "", 0);
			ev = LMTP_MESSAGE;
			break;
		}
		if (p->bol && s[0] == '.')
			s++, body--;
		data_add(p, s, body);
		data_add(p, "\n", 1);
		p->bol = 1;
	}
	memmove(p->in, p->in + at, p->inlen - at);
	p->inlen -= at;
	return ev;
}
