/*
 * receive.c - a message as a front end (stdin, a Maildir's file, an
 * LMTP DATA) hands it over: read within the judge's limit, dealt with
 * (intake.c, or judge_too_large for one over the limit), logged, a
 * party's that failed kept in failed/, and the spool sent after it
 * unless the run holds its letters (a --maildir run). A message is
 * never copied to disk on its way in: the mail system keeps it until
 * the judge says it is dealt with.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "umpire/mail.h"
#include "letters.h"
#include "intake.h"

/* Deal with the message msg (len bytes, name): 0 once it is dealt with
 * (done, dropped or kept in failed/), -1 when the mail system must
 * deliver it again (err: EXIT_TEMPFAIL). */
static int judge_buffer(struct judge *j, const char *msg, size_t len,
			const char *name, const char *note,
			struct error *err)
{
	struct outcome o;
	memset(&o, 0, sizeof o);
	o.size = len;
	struct error why;
	int rc = 0;
	if (judge_message(j, msg, len, name, &o, &why))
		say(&o, why.status == EXIT_TEMPFAIL ? FATE_RETRY :
		    FATE_FAILED, "%s", why.msg);
	/* a bound of the games taken by mail reached: the host told */
	if (o.bound)
		judge_tell_host(j, &o);
	if (note)
		strbuf_adds(&o.notes, note);
	if (o.fate == FATE_RETRY)
		strbuf_adds(&o.notes, " (left to the mail system to deliver "
			    "again)");
	/* a message no party signed costs a log line, nothing more */
	if (o.fate == FATE_FAILED && !o.party) {
		o.fate = FATE_DROPPED;
		strbuf_adds(&o.notes, " (not kept: no party of a game kept "
			    "here signed it)");
	}
	snprintf(j->dealt, sizeof j->dealt, "%s", o.game);
	int keep = o.fate == FATE_FAILED &&
		keep_failed(j, msg, len, name, &o, err) != 0;
	judge_log(j, name, &o);
	if (o.fate == FATE_RETRY)
		rc = errorf(err, EXIT_TEMPFAIL, "%s", o.what.buf);
	else if (keep)
		err->status = EXIT_TEMPFAIL, rc = -1;
	outcome_free(&o);
	/* (the LMTP server's: once a round, its steps durable: lmtp.c) */
	if (!j->hold_letters && !j->batch)
		judge_send_spooled(j);
	return rc;
}

/* At most max bytes of fd into *buf (malloc'd, NUL-terminated), the rest
 * read and thrown away: a message too large costs its reading, not its
 * size in memory. *total: how many bytes there were. */
static int read_bounded(int fd, size_t max, char **buf, size_t *len,
			size_t *total, struct error *err)
{
	size_t cap = 65536;
	char *b = xmalloc(cap + 1), sink[65536];
	*len = *total = 0;
	for (;;) {
		char *to = *len < max ? b + *len : sink;
		size_t room = *len < max ? (cap - *len < max - *len ?
					    cap - *len : max - *len) :
			sizeof sink;
		ssize_t r = read(fd, to, room);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			free(b);
			return errorf(err, EXIT_TEMPFAIL, "cannot read the "
				      "message: %s", strerror(errno));
		}
		if (r == 0)
			break;
		*total += (size_t)r;
		if (to != sink) {
			*len += (size_t)r;
			if (*len == cap && cap < max) {
				cap = cap * 2 < max ? cap * 2 : max;
				b = xrealloc(b, cap + 1);
			}
		}
	}
	b[*len] = '\0';
	*buf = b;
	return 0;
}

/* The message at fd, read within the judge's limit and dealt with; one
 * over it is logged and dropped, and answered if a party sent it
 * (judge_too_large). */
int judge_fd(struct judge *j, int fd, const char *name, const char *note,
	     struct error *err)
{
	char *buf;
	size_t len, total, max = mail_message_max(JUDGE_MAX_FILE);
	if (read_bounded(fd, max, &buf, &len, &total, err))
		return -1;
	int rc = judge_received(j, buf, len, total, name, note, err);
	free(buf);
	return rc;
}

int judge_received(struct judge *j, const char *buf, size_t len,
		   size_t total, const char *name, const char *note,
		   struct error *err)
{
	size_t max = mail_message_max(JUDGE_MAX_FILE);
	int rc = 0;
	j->dealt[0] = '\0';
	/* addressed to a game not kept here: dropped unread (route.c) */
	if (route_message(j, total, name))
		return 0;
	if (total > len) {
		struct outcome o;
		memset(&o, 0, sizeof o);
		o.size = total;
		say(&o, FATE_DROPPED, "too large: more than %zu bytes (a "
		    "message carrying a file of %u bytes); not kept", max,
		    JUDGE_MAX_FILE);
		/* its header block read: a party's told at its address */
		if (judge_too_large(j, buf, len, &o, err)) {
			say(&o, FATE_RETRY, "%s", err->msg);
			strbuf_adds(&o.notes, " (left to the mail system to "
				    "deliver again)");
			rc = -1;
		}
		judge_log(j, name, &o);
		outcome_free(&o);
	} else {
		rc = judge_buffer(j, buf, len, name, note, err);
	}
	j->routed[0] = '\0';
	return rc;
}
