/*
 * intake.h - what one message holds, and what becomes of it (the layer
 * above letters.h; the map of the layers is in store.h).
 */
#ifndef UMPIRE_JUDGE_INTAKE_H
#define UMPIRE_JUDGE_INTAKE_H

#include "store.h"

/* bounce.c */
/* A delivery status notification (RFC 3464) in buf, the message named
 * name: 0 when it is none (nothing done, o untouched); 1 when it is one,
 * dealt with: a bounce of a letter of a game kept here logged, recorded
 * in GAMEID.bounces and told to the game's other parties, anything else
 * dropped; never answered, never kept in failed/ (o says). -1 for a
 * failure of the judge (err, EXIT_TEMPFAIL). */
int judge_bounce(struct judge *j, const char *name, const char *buf,
		 size_t len, struct outcome *o, struct error *err);
/* Orders role of game id signed were taken (the game's lock held): its
 * letters' bounces are forgotten. */
void bounce_clear(const struct judge *j, const char *id, const char *role);
/* The roles of g whose letters bounce, "; letters undeliverable: ROLE
 * at ADDR since WHEN (STATUS), ...", appended to out (nothing if none). */
void bounces_say(const struct judge *j, struct game *g, struct strbuf *out);

/* confirm.c */
/* The roles joined in in (a new game's file, or joins of g), of g, a
 * game taken by mail: each whose address is not proven asked to
 * confirm it (bymail_ask: one confirmation at a time to an address),
 * its letter spooled for g's present state (after the state's own
 * letters: spool_put). 0, or -1 with err (EXIT_TEMPFAIL). */
int confirm_owed(struct judge *j, const struct game *g,
		 const struct game *in, struct outcome *o, struct error *err);
/* A message holding a confirmation's token (its From in o, o->no_answer
 * set): 0 when it holds none (nothing done); 1 when it does, dealt with
 * and said in o, never answered: the address proven and its role's
 * letter sent when the token answers a live confirmation from that
 * address, else nothing. -1 for a failure of the judge (err). */
int confirm_answer(struct judge *j, const char *buf, size_t len,
		   struct outcome *o, struct error *err);

/* intake.c: whether the judge is g's referee (0), else -1 with err;
 * g's file written (read back first), EXIT_TEMPFAIL when it cannot be. */
int judged_here(const struct judge *j, struct game *g, struct error *err);
int store_game(const struct judge *j, struct game *g, struct error *err);
/* intake.c: the late step of g's pending side (umpire-protocol(7), THE
 * JUDGE'S CLOCK, Late steps), its record's 'late' entry made already:
 * the order file written and signed with the judge's key, adjudicated
 * as a delivery's orders are (its letters durable before the game file,
 * the step's time recorded), the game file at path. 0 with the step
 * taken; -1 with err (EXIT_REFUSED: the rules' late answers answer
 * nothing now, and nothing was stored). */
int take_late_step(struct judge *j, struct game *g, const char *path,
		   const char *actor, struct outcome *o, struct error *err);

/* intake.c: the sender (From's addr-spec) and Message-ID of a message,
 * from its header block alone, into o. */
void judge_envelope(const char *buf, size_t len, struct outcome *o);
/* intake.c: a message over the judge's read limit, o saying so (its
 * fate and what; head: its first len bytes, of which the header block
 * alone is read): answered as a message the judge cannot use is, when
 * its From is a party's address of the game kept here its subject
 * names (within the day's answers); else nothing more. -1 when that
 * answer cannot be written for the host's fault (err, EXIT_TEMPFAIL). */
int judge_too_large(struct judge *j, const char *head, size_t len,
		    struct outcome *o, struct error *err);
/* intake.c: one message (msg, len bytes, named name; not changed);
 * o says what became of it; -1 only for a failure of the judge itself
 * (err). */
int judge_message(struct judge *j, const char *msg, size_t len,
		  const char *name, struct outcome *o, struct error *err);

/* receive.c */
/* The message at fd, named name, read within the judge's limit and
 * dealt with (one over it logged and dropped); note (may be NULL) said
 * in its log line. 0 once it is dealt with, -1 when it must be
 * delivered again (err: EXIT_TEMPFAIL). */
int judge_fd(struct judge *j, int fd, const char *name, const char *note,
	     struct error *err);
/* judge_fd's part after the reading: buf (NUL-terminated) holds the
 * first len bytes of a message of total bytes (len is at most
 * mail_message_max(JUDGE_MAX_FILE); total > len: over the limit). */
int judge_received(struct judge *j, const char *buf, size_t len,
		   size_t total, const char *name, const char *note,
		   struct error *err);
#endif
