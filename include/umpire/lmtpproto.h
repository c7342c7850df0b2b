/*
 * lmtpproto.h - the LMTP protocol (RFC 2033) of one connection, apart
 * from its socket and its clock (src/judge/lmtp.c serves it): the bytes
 * a client sent in, its replies out, and each message, once its final
 * dot came, handed to the caller with its recipients. A pure function
 * of the bytes in: no socket, no clock, no file (tests/fuzz/fuzz_lmtp.c
 * runs it on any bytes).
 *
 * The commands: LHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT (PIPELINING,
 * ENHANCEDSTATUSCODES, 8BITMIME; no BDAT: a command not recognised).
 * A session ends itself (quit set, a 421 or 221 its last reply) after
 * QUIT, a command line longer than LMTP_LINE, LMTP_BAD bad commands,
 * or LMTP_IDLE commands since its last message that move nothing
 * forward (NOOP, RSET, LHLO again, anything refused).
 *
 * Ownership: the session owns its buffers (lmtp_free).
 */
#ifndef UMPIRE_LMTPPROTO_H
#define UMPIRE_LMTPPROTO_H

#include <stddef.h>
#include "umpire/strbuf.h"

#define LMTP_LINE 2048          /* a command line, CRLF included */
#define LMTP_IN 16384           /* what is read at once */
#define LMTP_RCPTS 100          /* recipients of one message */
#define LMTP_BAD 10             /* bad commands before the drop */
#define LMTP_IDLE 10            /* commands since the last message
				   that move nothing forward (postfix's
				   lmtp(8) sends one, RSET, a message) */

struct lmtp {
	const char *host;          /* LHLO's reply names it (borrowed) */
	size_t max;                /* a message kept up to max bytes */
	int lhlo, mail, data, quit;
	int bol;                   /* DATA: at a line's beginning */
	int moved;                 /* a step forward (LHLO, MAIL, RCPT,
				      DATA) taken since the caller last
				      cleared it */
	unsigned rcpts, bad, idle;
	size_t inlen;
	char in[LMTP_IN];          /* the caller reads into in + inlen */
	struct strbuf out;         /* replies, CRLF-ended, to be sent */
	struct strbuf rcpt;        /* the recipients' addresses, each
				      NUL-terminated */
	struct strbuf msg;         /* the message (LF-ended lines, dots
				      unstuffed), up to max bytes */
	size_t total;              /* its bytes, counted on past max */
};

enum lmtp_event {
	LMTP_MORE,                 /* all taken that can be: more bytes */
	LMTP_MESSAGE               /* a message whole: msg, rcpt, rcpts */
};

void lmtp_init(struct lmtp *p, const char *host, size_t max);
void lmtp_free(struct lmtp *p);
/* A reply line (CRLF added) queued in out. */
void lmtp_reply(struct lmtp *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* What in holds taken, in order (a pipelining client's commands too):
 * whole command lines answered, the message's lines kept. At a
 * message's final dot: LMTP_MESSAGE, the rest of in kept for the next
 * call, after the caller has answered each recipient (lmtp_answer, in
 * the order of rcpt) and closed the transaction (lmtp_delivered). */
enum lmtp_event lmtp_feed(struct lmtp *p);
/* One recipient's reply to the message: 250 (ok), else 451 (the mail
 * system keeps the message and delivers it again); why: the text
 * shown, its control characters made blanks, at most 400 bytes. */
void lmtp_answer(struct lmtp *p, int ok, const char *why);
/* The message answered: the transaction over, the count of idle
 * commands anew. */
void lmtp_delivered(struct lmtp *p);

#endif
