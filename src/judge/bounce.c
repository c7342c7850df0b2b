/*
 * bounce.c - the judge's letters that could not be delivered.
 *
 * Every letter of the judge has a Message-ID that says what it is for:
 * <GAMEID.ROLE.NONCE.TAG@umpire.invalid>, NONCE 8 random bytes and TAG 8
 * bytes of BLAKE2b keyed by the judge's secret key over the rest (hex
 * both), so that nobody but the judge makes one: a forged report cannot
 * have the judge tell a game's parties that one of them is unreachable.
 * (A role whose name is not made of letters, digits, '-' and '_' gets a
 * random Message-ID: a bounce of its letters names nothing of ours.)
 * The Message-ID is made and read by store.c (letter_id, our_letter).
 *
 * A delivery status notification (RFC 3464: multipart/report;
 * report-type=delivery-status, its message/delivery-status part saying
 * what became of the recipient, its third part returning the letter's
 * headers, text/rfc822-headers, or the whole letter, message/rfc822) is
 * read before anything else in a message, and never answered nor kept in
 * failed/. One naming a letter of a game kept here, to one of its roles,
 * with Action: failed, is logged ("letter to ROLE at ADDR undeliverable:
 * STATUS DIAGNOSTIC"), recorded in GAMEID.bounces, and the game's other
 * parties are told, at most once a day for each role whose letters
 * bounce, in a letter holding nothing hidden: the game, the role, the
 * address the letter went to and the report's status code. Any other
 * report (naming nothing of ours, a delay, a delivery) is logged and
 * dropped.
 *
 * GAMEID.bounces, a line a role: "ROLE ADDRESS WHEN STATUS TOLD
 * DIAGNOSTIC", WHEN the last bounce (UTC), TOLD the day the other parties
 * were last told. A role's line goes when orders it signed are taken (its
 * player is there: bounce_clear), and counts no more once the game gives
 * the role another address (a join after an invitation bounced): the
 * judge cannot know that a letter was delivered, only that one was not.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "umpire/compose.h"
#include "umpire/fsutil.h"
#include "umpire/gmime_dl.h"
#include "umpire/mail.h"
#include "letters.h"
#include "intake.h"

#define DIAG_MAX 200            /* the diagnostic kept of a report */

/* ---- header-like text: a mail header block, a DSN's field blocks ---- */

/* The end of the line at p (its '\n' or end) and its length without
 * '\r'. */
static const char *line_end(const char *p, const char *end, size_t *n)
{
	const char *e = memchr(p, '\n', (size_t)(end - p));
	if (!e)
		e = end;
	*n = (size_t)(e - p);
	if (*n && p[*n - 1] == '\r')
		(*n)--;
	return e;
}

/* The block after the one starting at b: past its empty line, or end. */
static const char *next_block(const char *b, const char *end)
{
	while (b < end) {
		size_t n;
		const char *e = line_end(b, end, &n);
		b = e < end ? e + 1 : end;
		if (n == 0)
			return b;
	}
	return end;
}

/* The value of field name in the block at b (up to its empty line),
 * unfolded, blanks around it trimmed, control characters made blanks,
 * into out (reset); 0 when the block has none. */
static int block_field(const char *b, const char *end, const char *name,
		       struct strbuf *out)
{
	size_t k = strlen(name);
	strbuf_reset(out);
	while (b < end) {
		size_t n;
		const char *e = line_end(b, end, &n);
		if (n == 0)
			return 0;
		if (n > k && b[k] == ':' && !strncasecmp(b, name, k)) {
			strbuf_add(out, b + k + 1, n - k - 1);
			for (b = e < end ? e + 1 : end;
			     b < end && (*b == ' ' || *b == '\t');
			     b = e < end ? e + 1 : end) {
				e = line_end(b, end, &n);
				strbuf_add(out, b, n);
			}
			/* one blank for each run of blanks and control
			 * characters (a folded line's indent too) */
			size_t w = 0;
			for (size_t i = 0; i < out->len; i++) {
				char c = out->buf[i];
				if ((unsigned char)c <= ' ' || c == 0x7f)
					c = ' ';
				if (c != ' ' || !w || out->buf[w - 1] != ' ')
					out->buf[w++] = c;
			}
			out->buf[out->len = w] = '\0';
			while (out->len && out->buf[out->len - 1] == ' ')
				out->buf[--out->len] = '\0';
			size_t lead = strspn(out->buf, " ");
			memmove(out->buf, out->buf + lead, out->len - lead + 1);
			out->len -= lead;
			return 1;
		}
		b = e < end ? e + 1 : end;
	}
	return 0;
}

static int contains(const char *s, const char *what)
{
	for (size_t k = strlen(what); *s; s++)
		if (!strncasecmp(s, what, k))
			return 1;
	return 0;
}

/* Whether the message's own header block makes it worth a look as a
 * report: multipart/report, a null return path, a mailer daemon. */
static int maybe_report(const char *buf, size_t len)
{
	struct strbuf v = STRBUF_INIT;
	const char *end = buf + len;
	int yes = (block_field(buf, end, "Content-Type", &v) &&
		   contains(v.buf, "multipart/report")) ||
		(block_field(buf, end, "Return-Path", &v) &&
		 !strcmp(v.buf, "<>")) ||
		(block_field(buf, end, "From", &v) &&
		 (contains(v.buf, "mailer-daemon") ||
		  contains(v.buf, "postmaster")));
	strbuf_free(&v);
	return yes;
}

/* ---- the report, as GMime parses it ---- */

struct report {
	int dsn_top;               /* multipart/report; delivery-status */
	int has_status;            /* a message/delivery-status part */
	struct strbuf status;      /* its text */
	struct strbuf original;    /* the letter's headers (and more) */
};

/* The text of part o: a leaf decoded; a message part as GMime writes it,
 * less its own header block. */
static void part_text(const struct gmime *gm, GMimeObject *o,
		      struct strbuf *out)
{
	GMimeStream *s = gm->g_mime_stream_mem_new();
	int leaf = gmime_is_part(gm, o);
	if (leaf) {
		GMimeDataWrapper *w = gm->g_mime_part_get_content(
			GMIME_PART(o));
		if (w)
			gm->g_mime_data_wrapper_write_to_stream(w, s);
	} else {
		gm->g_mime_object_write_to_stream(o, NULL, s);
	}
	GByteArray *b = gm->g_mime_stream_mem_get_byte_array(
		GMIME_STREAM_MEM(s));
	const char *p = (const char *)b->data, *end = p + b->len;
	if (!leaf)
		p = next_block(p, end);
	strbuf_add(out, p, (size_t)(end - p));
	gm->g_object_unref(s);
}

static int read_report(const char *name, const char *buf, size_t len,
		       struct report *r, struct error *err)
{
	struct gmime gm;
	if (gmime_open(&gm, err))
		return -1;
	GMimeStream *stream = gm.g_mime_stream_mem_new_with_buffer(buf, len);
	GMimeParser *parser = gm.g_mime_parser_new_with_stream(stream);
	GMimeMessage *msg = gm.g_mime_parser_construct_message(parser, NULL);
	gm.g_object_unref(parser);
	gm.g_object_unref(stream);
	if (!msg) {
		gmime_close(&gm);
		return errorf(err, EXIT_REFUSED, "%s: not a mail message",
			      name);
	}
	GMimeObject *top = gm.g_mime_message_get_mime_part(msg);
	if (top) {
		GMimeContentType *ct = gm.g_mime_object_get_content_type(top);
		char *t = gm.g_mime_content_type_get_mime_type(ct);
		const char *rt = gm.g_mime_content_type_get_parameter(
			ct, "report-type");
		r->dsn_top = t && !strcasecmp(t, "multipart/report") && rt &&
			!strcasecmp(rt, "delivery-status");
		gm.g_free(t);
	}
	GMimePartIter *it = top ? gm.g_mime_part_iter_new(top) : NULL;
	int have_orig = 0;
	for (; it && gm.g_mime_part_iter_is_valid(it);
	     gm.g_mime_part_iter_next(it)) {
		GMimeObject *o = gm.g_mime_part_iter_get_current(it);
		char *t = gm.g_mime_content_type_get_mime_type(
			gm.g_mime_object_get_content_type(o));
		if (!t)
			continue;
		if (!r->has_status &&
		    (!strcasecmp(t, "message/delivery-status") ||
		     !strcasecmp(t, "message/global-delivery-status"))) {
			r->has_status = 1;
			part_text(&gm, o, &r->status);
		} else if (!have_orig &&
			   (!strcasecmp(t, "text/rfc822-headers") ||
			    !strcasecmp(t, "message/global-headers") ||
			    !strcasecmp(t, "message/rfc822") ||
			    !strcasecmp(t, "message/global"))) {
			have_orig = 1;
			part_text(&gm, o, &r->original);
		}
		gm.g_free(t);
	}
	if (it)
		gm.g_mime_part_iter_free(it);
	gm.g_object_unref(msg);
	gmime_close(&gm);
	return 0;
}

/* The first recipient of the report that failed (RFC 3464 2.3: its
 * Final-Recipient, Status and Diagnostic-Code, types and comments
 * taken off), else the first one's Action in action. */
struct fate_of {
	struct strbuf action, recipient, status, diag;
};

/* "rfc822; a@b" -> "a@b"; "smtp; 550 ..." -> "550 ..." */
static void typed(struct strbuf *v)
{
	const char *semi = strchr(v->buf ? v->buf : "", ';');
	if (!semi)
		return;
	size_t off = (size_t)(semi + 1 - v->buf);
	off += strspn(v->buf + off, " ");
	memmove(v->buf, v->buf + off, v->len - off + 1);
	v->len -= off;
}

static int recipient_failed(const struct strbuf *text, struct fate_of *f)
{
	const char *end = text->buf + text->len;
	/* the per-message block first, then one a recipient */
	const char *b = next_block(text->buf, end);
	struct strbuf v = STRBUF_INIT;
	int found = 0;
	for (; b < end && !found; b = next_block(b, end)) {
		if (!block_field(b, end, "Action", &v))
			continue;
		if (!f->action.len)
			strbuf_add(&f->action, v.buf, v.len);
		if (strncasecmp(v.buf, "failed", 6))
			continue;
		found = 1;
		strbuf_reset(&f->action);
		strbuf_adds(&f->action, "failed");
		if (block_field(b, end, "Final-Recipient", &f->recipient))
			typed(&f->recipient);
		if (block_field(b, end, "Status", &v))
			strbuf_add(&f->status, v.buf,
				   strspn(v.buf, "0123456789."));
		if (block_field(b, end, "Diagnostic-Code", &f->diag))
			typed(&f->diag);
	}
	if (f->recipient.len > MAIL_ADDR_MAX)
		f->recipient.buf[f->recipient.len = MAIL_ADDR_MAX] = '\0';
	if (f->status.len > 12)
		f->status.buf[f->status.len = 12] = '\0';
	if (!f->status.len)
		strbuf_adds(&f->status, "5.0.0");
	if (f->diag.len > DIAG_MAX)
		f->diag.buf[f->diag.len = DIAG_MAX] = '\0';
	strbuf_free(&v);
	return found;
}

/* ---- GAMEID.bounces ---- */

struct bounce_rec {
	char role[ROLE_ID_MAX + 1];
	char addr[MAIL_ADDR_MAX + 1];
	char when[24], status[16], told[16];
	const char *diag;          /* in the buffer read */
};

#define BOUNCES_MAX 64            /* lines: a role each */

/* The lines of GAMEID.bounces into r (at most BOUNCES_MAX); *buf holds
 * the text they point into (free it). */
static size_t bounces_read(const struct judge *j, const char *id,
			   struct bounce_rec *r, char **buf)
{
	struct strbuf p = STRBUF_INIT;
	struct error e;
	size_t len, n = 0;
	game_path(j, id, ".bounces", &p);
	if (read_input(p.buf, 1u << 16, buf, &len, &e))
		*buf = NULL;
	strbuf_free(&p);
	for (char *line = *buf, *next; line && *line && n < BOUNCES_MAX;
	     line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		int off = 0;
		if (sscanf(line, "%64s %254s %23s %15s %15s %n", r[n].role,
			   r[n].addr, r[n].when, r[n].status, r[n].told,
			   &off) != 5 || !off)
			continue;
		r[n].diag = line + off;
		n++;
	}
	return n;
}

static int bounces_write(const struct judge *j, const char *id,
			 const struct bounce_rec *r, size_t n,
			 struct error *err)
{
	struct strbuf p = STRBUF_INIT, out = STRBUF_INIT;
	int rc = 0;
	game_path(j, id, ".bounces", &p);
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&out, "%s %s %s %s %s %s\n", r[i].role, r[i].addr,
			    r[i].when, r[i].status, r[i].told,
			    r[i].diag && *r[i].diag ? r[i].diag : "-");
	if (n == 0)
		unlink(p.buf);
	else if (write_output(p.buf, out.buf, out.len, 0600, 0, err))
		err->status = EXIT_TEMPFAIL, rc = -1;
	strbuf_free(&p);
	strbuf_free(&out);
	return rc;
}

void bounce_clear(const struct judge *j, const char *id, const char *role)
{
	struct bounce_rec r[BOUNCES_MAX];
	char *buf;
	struct error e;
	size_t n = bounces_read(j, id, r, &buf), k = 0;
	for (size_t i = 0; i < n; i++)
		if (strcmp(r[i].role, role))
			r[k++] = r[i];
	if (k < n)
		bounces_write(j, id, r, k, &e);
	free(buf);
}

void bounces_say(const struct judge *j, struct game *g, struct strbuf *out)
{
	struct bounce_rec r[BOUNCES_MAX];
	char *buf;
	size_t n = bounces_read(j, g->id, r, &buf), k = 0;
	for (size_t i = 0; i < n; i++) {
		const char *a = game_address(g, r[i].role);
		/* a role given another address since: nothing known */
		if (!a || strcmp(a, r[i].addr))
			continue;
		strbuf_addf(out, "%s%s at %s since %s (%s)", k++ ? ", " :
			    "; letters undeliverable: ", r[i].role, r[i].addr,
			    r[i].when, r[i].status);
	}
	free(buf);
}

/* ---- what the judge does with a bounce ---- */

/* The letter telling party `to_role` that role's letters bounce. */
static int notice(struct judge *j, struct game *g, const char *to_role,
		  const char *to, const char *role, const char *addr,
		  const char *status, struct letters *l, struct error *err)
{
	struct strbuf subj = STRBUF_INIT, body = STRBUF_INIT;
	strbuf_addf(&subj, "[umpire %.8s] %s, the letters to %s "
		    "undeliverable", g->id, g->scn.title, role);
	strbuf_addf(&body,
		    "Game %s (%s):\n"
		    "the judge's letter to %s could not be delivered to %s\n"
		    "(status %s; RFC 3463: 5.x.x is a permanent failure, "
		    "4.x.x one the\nmail system gave up retrying).\n\n"
		    "Until mail to that address is delivered, %s gets "
		    "nothing from the\njudge: no report, no view, no request "
		    "for its orders. The judge mails a\nrole only at the "
		    "address its signed join gave (before it joined, the\n"
		    "one it was invited at), never at one a message "
		    "names.\n\n"
		    "What to do: if you know %s's player, tell them. Once "
		    "their mailbox\nworks again, mailing the judge the last "
		    "file they sent (their join or\ntheir orders) gets them "
		    "the letter again. An address that is wrong\nfor good "
		    "is for the game's owner to mend.\n\n"
		    "You are told this at most once a day while it lasts.\n",
		    g->id, g->scn.title, role, addr, status, role, role);
	struct draft d = { .subject = subj.buf, .body = body.buf };
	int rc = add_letter(j, l, g, to_role, to, NULL, &d, err);
	strbuf_free(&subj);
	strbuf_free(&body);
	return rc;
}

/* A bounce of the letter to role of game id: recorded, the other
 * parties told (the game's lock held). */
static int bounced(struct judge *j, const char *id, const char *role,
		   const struct fate_of *f, struct outcome *o,
		   struct error *err)
{
	struct strbuf p = STRBUF_INIT;
	struct game g;
	struct bounce_rec r[BOUNCES_MAX];
	struct letters l;
	char *buf = NULL, day[16], when[24];
	time_t now = time(NULL);
	struct tm tm;
	int rc = -1;
	memset(&l, 0, sizeof l);
	gmtime_r(&now, &tm);
	strftime(day, sizeof day, "%Y-%m-%d", &tm);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
	game_path(j, id, ".yaml", &p);
	if (load_game(judge_loader(j), p.buf, GAME_PARSE_CHECKPOINTS, &g,
		      err)) {
		err->status = EXIT_TEMPFAIL;
		strbuf_free(&p);
		return -1;
	}
	if (!game_role(&g, role) || !strcmp(role, "referee")) {
		say(o, FATE_DROPPED, "a delivery report for a letter to %s, "
		    "no role of game %s", role, id);
		rc = 0;
		goto out;
	}
	const char *addr = game_address(&g, role);
	if (!addr)
		addr = f->recipient.len ? f->recipient.buf : "-";
	say(o, FATE_DONE, "letter to %s at %s undeliverable: %s%s%s", role,
	    addr, f->status.buf, f->diag.len ? " " : "",
	    f->diag.len ? f->diag.buf : "");
	if (f->recipient.len && strcasecmp(f->recipient.buf, addr))
		strbuf_addf(&o->notes, "; the report names %s",
			    f->recipient.buf);
	size_t n = bounces_read(j, id, r, &buf), me = n;
	for (size_t i = 0; i < n; i++)
		if (!strcmp(r[i].role, role))
			me = i;
	if (me == n) {
		if (n == BOUNCES_MAX)
			me = --n;       /* (a role each: never) */
		memset(&r[me], 0, sizeof r[me]);
		n++;
	}
	int tell = strcmp(r[me].told, day) != 0 ||
		strcmp(r[me].addr, addr) != 0;
	snprintf(r[me].role, sizeof r[me].role, "%s", role);
	snprintf(r[me].addr, sizeof r[me].addr, "%s", addr);
	snprintf(r[me].when, sizeof r[me].when, "%s", when);
	snprintf(r[me].status, sizeof r[me].status, "%s", f->status.buf);
	snprintf(r[me].told, sizeof r[me].told, "%s", day);
	r[me].diag = f->diag.buf;
	if (tell) {
		for (size_t i = 0; i < g.n_roles; i++) {
			const char *other = g.roles[i].name;
			const char *to = game_address(&g, other);
			int bouncing = 0;
			for (size_t k = 0; k < n; k++)
				bouncing |= k != me && to &&
					!strcmp(r[k].role, other) &&
					!strcmp(r[k].addr, to);
			/* nobody told at the very address that fails, nor
			 * at one that fails too */
			if (!strcmp(other, "referee") || !strcmp(other, role) ||
			    !to || !strcasecmp(to, addr) || bouncing)
				continue;
			if (notice(j, &g, other, to, role, addr, f->status.buf,
				   &l, err))
				goto out;
		}
	}
	/* the notices durable first: a crash then tells twice, never
	 * zero times */
	if ((l.n && spool_put(j, &g, &l, 0, NULL, err)) ||
	    bounces_write(j, id, r, n, err)) {
		err->status = EXIT_TEMPFAIL;
		goto out;
	}
	if (!tell)
		strbuf_addf(&o->notes, "; the other parties were told today "
			    "already");
	else if (!l.n)
		strbuf_adds(&o->notes, "; nobody else to tell");
	else
		for (size_t i = 0; i < l.n; i++)
			strbuf_addf(&o->notes, "; told %s", l.to[i]);
	spool_flush(j, id, &g, o);
	rc = 0;
out:
	letters_free(&l);
	free(buf);
	game_free(&g);
	strbuf_free(&p);
	return rc;
}

int judge_bounce(struct judge *j, const char *name, const char *buf,
		 size_t len, struct outcome *o, struct error *err)
{
	struct report r;
	struct fate_of f;
	struct strbuf mid = STRBUF_INIT;
	struct error why;
	char id[GAME_ID_HEX + 1], role[ROLE_ID_MAX + 1];
	int rc = 1, fd = -1;
	if (!maybe_report(buf, len))
		return 0;
	/* GMime reads the report: one that will not load is the host's
	 * to mend (the report waits with the mail system) */
	if (judge_gmime(j, err))
		return -1;
	/* GMime builds the whole tree: the caps of mail_unwrap first (a
	 * report may return the whole letter, game file and all, so the
	 * judge's own size limit) */
	if (mail_caps(name, buf, len, JUDGE_MAX_FILE, &why)) {
		struct strbuf v = STRBUF_INIT;
		if (!block_field(buf, buf + len, "Content-Type", &v) ||
		    !contains(v.buf, "multipart/report")) {
			strbuf_free(&v);
			return 0;   /* left to what reads any message */
		}
		strbuf_free(&v);
		o->no_answer = 1;
		mail_envelope(buf, len, &o->from, &o->msgid, &why);
		return say(o, FATE_DROPPED, "a delivery report not read: "
			   "%s", why.msg), 1;
	}
	memset(&r, 0, sizeof r);
	memset(&f, 0, sizeof f);
	if (read_report(name, buf, len, &r, &why) ||
	    (!r.dsn_top && !r.has_status)) {
		rc = 0;         /* no delivery report */
		goto out;
	}
	o->no_answer = 1;
	if (mail_envelope(buf, len, &o->from, &o->msgid, &why))
		strbuf_reset(&o->from);
	const char *oe = r.original.buf ? r.original.buf + r.original.len :
		NULL;
	int ours = oe && block_field(r.original.buf, oe, "Message-ID", &mid) &&
		our_letter(j, mid.buf, id, role);
	int failed = r.has_status && recipient_failed(&r.status, &f);
	if (!ours) {
		say(o, FATE_DROPPED, "a delivery report naming no letter of "
		    "this judge's%s%s%s", mid.len ? " (Message-ID " : "",
		    mid.len ? mid.buf : "", mid.len ? ")" : "");
		goto out;
	}
	snprintf(o->game, sizeof o->game, "%s", id);
	if (!failed) {
		say(o, FATE_DROPPED, "a delivery report for the letter to %s "
		    "(Action: %s): not a failure", role,
		    f.action.len ? f.action.buf : "none");
		goto out;
	}
	struct stat st;
	struct strbuf p = STRBUF_INIT;
	game_path(j, id, ".yaml", &p);
	int have = stat(p.buf, &st) == 0;
	strbuf_free(&p);
	if (!have) {
		say(o, FATE_DROPPED, "a delivery report for the letter to %s "
		    "of game %s, not kept here", role, id);
		goto out;
	}
	if (lock_game(j, id, &fd, err) || bounced(j, id, role, &f, o, err))
		rc = -1;
out:
	if (fd >= 0)
		close(fd);
	strbuf_free(&r.status);
	strbuf_free(&r.original);
	strbuf_free(&f.action);
	strbuf_free(&f.recipient);
	strbuf_free(&f.status);
	strbuf_free(&f.diag);
	strbuf_free(&mid);
	return rc;
}
