/*
 * room.h - the parts of umpire judge (src/judge/), private to them.
 *
 * The judge is the referee of the games kept in one directory, run by
 * the mail system on each message (umpire(1), JUDGE):
 *   service.c  its set-up, one message on stdin, the log, failed/;
 *   maildir.c  a Maildir's messages, each taken by one judge, and
 *              taken again when the judge that took it died;
 *   lmtp.c     messages delivered over LMTP to a judge that stays;
 *   intake.c   what a message holds, and what becomes of it: a join, a
 *              new game, orders adjudicated or refused, a replay;
 *   letters.c  the letters a game's state owes its parties, and the
 *              answer to a party's refused orders: nothing a relay may
 *              not read in clear;
 *   spool.c    letters made durable before the step they belong to is
 *              stored, and sent from there;
 *   answers.c  how often a party is answered: its signed mail and
 *              mail from its address, apart;
 *   bounce.c   the judge's letters that could not be delivered (RFC
 *              3464 reports): recorded, the other parties told;
 *   check.c    umpire judge --check (the set-up) and --status (the
 *              games kept);
 *   tick.c     umpire judge --tick: each game's clock kept;
 *   strangers.c the games taken by mail (--accept-new): the addresses
 *              proven, their number, size and idle time bounded.
 *   init.c     umpire judge --init: the key, config and games made.
 *   postfix.c  umpire judge --postfix: postfix's pipe to the judge
 *              printed and made; --check's test of it.
 *   route.c    a game's own address (judge+ID8@club): the game a
 *              message addressed so is for, no other read for it.
 *
 * Ownership: struct judge borrows its strings from the command line and
 * the config; it owns sk. A struct letters owns its messages.
 */
#ifndef UMPIRE_JUDGE_ROOM_H
#define UMPIRE_JUDGE_ROOM_H

#include <stdarg.h>
#include <time.h>
#include "umpire/commands.h"
#include "umpire/game.h"
#include "umpire/judge.h"
#include "umpire/keys.h"
#include "umpire/strbuf.h"

/* The largest umpire file a message to the judge may carry. The judge
 * takes joins (a game file before its first step: a few KiB), orders
 * (sealed: a multiple of 16 KiB) and requests; 1 MiB is ample, and
 * bounds what a stranger's message can make it hold (a message may be
 * mail_message_max of it, 1,594,708 bytes; GMime's tree of one is a few
 * times that; README.md, "Under a flood", says the peaks). */
#define JUDGE_MAX_FILE (1u << 20)
/* The most letters one state of a game owes (a letter a role). */
#define JUDGE_MAX_LETTERS GAME_MAX_ROLES

struct judge {
	const struct cli *cli;     /* its cfg: --config's, if given */
	const char *games, *outbox, *sendmail, *from;
	int accept_new;
	unsigned answers_a_day, answers_a_step;   /* answers.c */
	size_t failed_max, failed_bytes;   /* failed/'s bound */
	/* the games taken by mail (strangers.c): how many, how big, how
	 * long kept while no side has moved */
	size_t new_games_max, new_game_bytes;
	long new_idle;
	struct seckey *sk;
	struct pubkey pk;
	unsigned long serial;      /* file names of this run */
	/* a --maildir run: the letters of its steps stay in spool/
	 * (durable there) until its end, when they all go to the outbox
	 * with one sync of it a game, not one a step */
	int hold_letters;
	/* a tick (from cron or a timer, which mail the host what it
	 * prints): only the log lines that need the host (failed, retry,
	 * a letter not sent) are said on stderr too; judge.log has all */
	int quiet;
	/* the mail system's recipient delimiter ("" or NULL: none): each
	 * game's letters come from its own address, judge+ID8@club, and
	 * mail to that address is that game's (route.c) */
	const char *delim;
	/* the address the message being dealt with was delivered to
	 * (--recipient, ORIGINAL_RECIPIENT, LMTP's RCPT), or NULL; and
	 * the game kept here that it names, or "" (route.c) */
	const char *rcpt;
	char routed[GAME_ID_HEX + 1];
};

/* What became of one message: the log line's fields. FATE_RETRY: the
 * judge could not do its part (a letter not made durable): the message
 * is left to the mail system to deliver again. */
enum fate { FATE_DONE, FATE_DROPPED, FATE_FAILED, FATE_RETRY };
struct outcome {
	struct strbuf from, msgid, what;
	struct strbuf notes;       /* "; ..." said after what */
	char game[GAME_ID_HEX + 1];
	char step[24];
	enum fate fate;
	int no_answer;             /* an automatic message or a bounce */
	int answered;              /* a party's answer dealt with */
	int party;                 /* a party of a game kept here signed it */
	int host;                  /* something the host must see (a letter
				      not sent): said on stderr by a tick */
	unsigned char message[32]; /* the hash of the message's bytes */
	/* what came, in words of the judge's own for an answer to mail
	 * no party signed (never the message's text); NULL: a message */
	const char *received;
	size_t size;               /* the message's bytes */
	const char *hint;          /* what the sender should send instead */
	/* a game this message's handling read, none of whose parties
	 * writes from the message's From: a mistake is not answered,
	 * and that game need not be read again to know it */
	char no_party_of[GAME_ID_HEX + 1];
};

int say(struct outcome *o, enum fate fate, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void outcome_free(struct outcome *o);

/* service.c */
void game_path(const struct judge *j, const char *id, const char *suffix,
	       struct strbuf *out);
int lock_game(const struct judge *j, const char *id, int *fd,
	      struct error *err);
void unique_name(struct judge *j, struct strbuf *out);
int game_id_ok(const char *id);
/* The log line of what became of o (a message named name, or "tick"). */
/* The letters of the spool sent (every game's, each under its lock),
 * and a log line "spool" saying so when there were any. */
void judge_send_spooled(struct judge *j);
void judge_log(const struct judge *j, const char *name,
	       const struct outcome *o);
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

/* lmtp.c: umpire judge --lmtp SOCKET, an LMTP server (RFC 2033) on the
 * Unix socket at path, or on the one systemd handed over (LISTEN_FDS):
 * each message dealt with as judge_fd deals with one, each accepted
 * recipient answered 250 once it is, 451 when the host must mend
 * something first; timeout: seconds a client may stay silent (0: the
 * default). Until SIGTERM or SIGINT: 0; -1 with err when it cannot
 * listen. */
int judge_lmtp(struct judge *j, const char *path, long timeout,
	       struct error *err);

/* maildir.c: every message of the Maildir, those a judge that died left
 * in cur/ first, then new/'s (umpire(1), --maildir); wait: for the
 * messages live runs hold (a tick), else those are theirs. 0, or -1
 * with err (EXIT_TEMPFAIL: a message not dealt with stays for the next
 * run). */
int judge_maildir(struct judge *j, const char *maildir, int wait,
		  struct error *err);
/* maildir.c: the paths of the messages in maildir/cur that a judge took
 * and died before it was done (no S flag, no live run holding them), a
 * line each, appended to out; how many, or -1 with err. */
int maildir_left(const char *maildir, struct strbuf *out,
		 struct error *err);

/* check.c: the referee key at path (NULL: none given): unencrypted
 * (nobody is there to type a passphrase) and readable by its owner
 * alone; loaded into *sk when sk is not NULL. 0, or -1 with err
 * (EXIT_USAGE) saying what to fix. */
int judge_key(const char *path, struct seckey **sk, struct error *err);
/* check.c: GMime, which the judge loads at run time to read and write
 * mail (gmime_dl.h), loaded: 0, or -1 with err (EXIT_TEMPFAIL: the
 * host's to mend, never the sender's fault) naming the library and
 * what to install. */
int judge_gmime(struct error *err);
/* postfix.c: whether postfix (when installed and set up: -1 when
 * not) routes address to a pipe transport running umpire judge as this
 * user (postmap -q on transport_maps, postconf -M), or, routed by no
 * map, delivers to this user's ~/.forward or ~/.procmailrc running it:
 * 1 and what it found, or 0 and what to do, into say. */
int judge_postfix_check(const char *address, struct strbuf *say);
/* postfix.c: whether postfix's recipient_delimiter has the judge's
 * delimiter's first character, without which a game's own address
 * (route.c) does not reach the judge: 1 or 0 with what to do into say;
 * -1 when postfix is not there or delim is empty. */
int judge_postfix_delim(const char *delim, struct strbuf *say);
/* check.c: whether a directory entry is a game file, GAMEID.yaml (for
 * scandir). */
struct dirent;
int judge_game_file(const struct dirent *e);

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

/* letters.c */
struct letters {
	struct strbuf msg[JUDGE_MAX_LETTERS];
	char *to[JUDGE_MAX_LETTERS];
	size_t n;
};
void letters_free(struct letters *l);
/* The letters g's present state owes (only `only`'s, whatever the
 * state: a letter asked again): an invitation to a role still to join;
 * else the sealed view (a game with views) or the report and the game
 * file of the side asked next, and of the side that took the latest
 * step when it must know now (its step played late for it, or answers
 * of it not used); at the end the whole game file to every side. A
 * side that waits is written to when it is asked: its view then tells
 * every step since its own latest. A role without an address is said
 * in o. given: the
 * run that adjudicated g's latest step, under letters_hook (NULL: the
 * game replayed from this machine's checkpoints). */
int letters_of_state(struct judge *j, struct game *g, const struct run *given,
		     const char *only, struct letters *out,
		     struct outcome *o, struct error *err);
/* What the run adjudicating g's next step must hold for
 * letters_of_state to make that step's letters from it (given) without
 * replaying the game: set in h before adjudicate_orders. */
void letters_hook(const struct game *g, struct step_hook *h);
/* What an answer to a party says: the subject's part after the game
 * ("step 4: the orders of german refused"), its first line, the reason,
 * what to send instead (may be NULL), and the referee's signed refusal
 * (may be NULL or empty). */
struct answer_text {
	const char *what, *intro, *reason, *hint;
	const struct strbuf *refusal;
	/* what makes it this answer (answer_key): its Message-ID's */
	const unsigned char *same;
};
/* The answer t to side of g, at side's own address; in a game with
 * views all but the intro is sealed to side's key. Nothing is added
 * when side has no address. */
int letter_answer(struct judge *j, struct game *g, const char *side,
		  const struct answer_text *t, const char *in_reply_to,
		  struct letters *out, struct error *err);

/* One letter of d to role of g at `to`, composed into l: from the
 * judge, automatic (RFC 3834), its Message-ID naming g and role
 * (letter_id). same (32 bytes, or NULL for a letter of its own): what
 * makes this letter the one it is; the same letter made again (sent
 * again after a crash, or asked for again) has the same Message-ID. */
struct draft;
int add_letter(struct judge *j, struct letters *l, const struct game *g,
	       const char *role, const char *to,
	       const unsigned char *same, struct draft *d,
	       struct error *err);

/* index.c: the replay of g (over: its whole file is every party's),
 * as umpire replay writes it, appended to page; its result line to
 * result (if not NULL). g is not changed (a copy replays). */
int judge_replay_page(const struct game *g, const char *scn_dir,
		      struct strbuf *page, struct strbuf *result,
		      struct error *err);

/* bounce.c */
/* The Message-ID's left part of a letter to role of game id, appended to
 * out: GAMEID.ROLE.NONCE.TAG, TAG keyed by the judge's key, NONCE random
 * or (same not NULL) derived from same and role; nothing (a random
 * Message-ID then) for a role not named by [A-Za-z0-9_-]. */
void letter_id(const struct judge *j, const char *id, const char *role,
	       const unsigned char *same, struct strbuf *out);
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

/* spool.c */
/* The letters l of g's present state, made durable in the spool (every
 * file synced, then its directory) before g is stored: then a crash
 * before they are sent leaves them for the next run. fresh: l are the
 * letters of a new state, not stored yet; those a judge killed before
 * storing it left are dropped first (the state computed again owes
 * them once). later (may be NULL): the syncs left to it, made with
 * those of the step's game file (adjudicate_orders). */
int spool_put(struct judge *j, struct game *g, const struct letters *l,
	      int fresh, struct sync_later *later, struct error *err);
/* Send what the spool holds for game id (its lock held; g: the game as
 * stored, or NULL to read it when the spool holds any): a letter of a
 * state g does not hold (the step was never stored) is dropped, one
 * sent or put in the outbox is removed, one that could not be is kept
 * for the next run. What was done is said in o (may be NULL). Returns
 * the number of letters sent. */
size_t spool_flush(struct judge *j, const char *id, struct game *g,
		   struct outcome *o);
/* spool_flush for every game with letters in the spool, each under its
 * lock (a run after a crash, or after sendmail failed). */
void spool_flush_all(struct judge *j, struct outcome *o);

/* answers.c: how often a party is answered (three bounds: signed mail
 * at most j->answers_a_step answers a role a day in each state of the
 * game; its requests for its letter (umpire ask) as many again, of
 * their own, in each state whatever the day; unsigned mail from the
 * role's address at most j->answers_a_day a day). The key of an answer to role of g (signed
 * mail or not) to the message whose bytes hash to message: the same
 * message answered again in the same state has the same key, and its
 * letter the same Message-ID. */
enum answer_kind { ANSWER_UNSIGNED, ANSWER_SIGNED, ANSWER_ASK };
void answer_key(const struct game *g, const char *role,
		enum answer_kind is_signed, const unsigned char message[32],
		unsigned char key[32]);
/* Under the game's lock: 1 when the answer key may be given, 0 when
 * its bound is reached, -1 when it was given already (counted once). */
int answer_allowed(const struct judge *j, const struct game *g,
		   const char *role, enum answer_kind is_signed,
		   const unsigned char key[32]);
/* The answer key given: counted, once its letter is durable. */
void answer_counted(const struct judge *j, const struct game *g,
		    const char *role, enum answer_kind is_signed,
		    const unsigned char key[32]);

/* strangers.c: GAMEID.mail, the record of a game taken by mail */
struct bymail {
	int by_mail;
	time_t taken;
	size_t n;                  /* roles proven at their address */
	char role[GAME_MAX_ROLES][64];
	char addr[GAME_MAX_ROLES][256];
};
/* 1 with b read when game id was taken by mail, else 0 (b empty). */
int bymail_read(const struct judge *j, const char *id, struct bymail *b);
int bymail_write(const struct judge *j, const char *id,
		 const struct bymail *b, struct error *err);
/* Whether the judge may mail role of g at `to`: always in the host's
 * games; in a game taken by mail only at the address the role proved
 * (its join mailed from there). */
int bymail_may_mail(const struct judge *j, const struct game *g,
		    const char *role, const char *to);
/* A game file in (a new game or joins) taken into g, mailed from
 * `from`: each role joined in it whose address in g is from, proven;
 * the roles still unproven said in o. 0, or -1 with err (TEMPFAIL). */
int bymail_prove(const struct judge *j, const struct game *g,
		 const struct game *in, const char *from, struct outcome *o,
		 struct error *err);
/* A new game by mail (its file len bytes) within the bounds (size,
 * clock minima, how many are kept): recorded in GAMEID.mail, 0; else
 * -1 with err (EXIT_REFUSED naming the bound). */
int bymail_take(const struct judge *j, const struct game *in, size_t len,
		struct error *err);
/* A game taken by mail where no side has moved: idle past j->new_idle
 * at now (bymail_idle), or at all (bymail_unmoved). */
int bymail_idle(const struct judge *j, const struct game *g, time_t now);
int bymail_unmoved(const struct judge *j, const struct game *g);
/* Game id's files removed (the game file first). */
void bymail_drop(const struct judge *j, const char *id, struct outcome *o);

/* route.c: the message (total bytes, named name) addressed to j->rcpt,
 * routed: j->routed set to the game kept here its address names (""
 * when it names none: the message is read for its game); 1 when it
 * names a game not kept here: dropped unread, its log line written
 * (a stranger's: the mail system is answered as for one dealt with). */
int route_message(struct judge *j, size_t total, const char *name);
/* route.c: the game kept here whose id begins with the short id id8,
 * into id: 1 when exactly one does. */
int game_of_prefix(const struct judge *j, const char *id8,
		   char id[GAME_ID_HEX + 1]);
/* The address g's letters come from and are answered at: j->from with
 * g's short id after the delimiter (j->from itself without one), into
 * out. */
void game_from(const struct judge *j, const struct game *g, char *out,
	       size_t size);

/* tick.c */
/* Every game kept here with a clock: what its clock asks now done
 * (umpire judge --tick), each game under its lock, logged. */
int judge_tick_all(struct judge *j, struct error *err);
/* A step the judge takes in a game with a clock: when, into the record
 * (tick.c; the time is the judge's now). */
int clock_taken(const struct judge *j, struct game *g, struct error *err);
/* What --status says of a game's clock, waiting on role `waiting`
 * (NULL: none). timed: the record times the present step. */
struct clock_status {
	int timed, late;
	time_t since, deadline;
};
void clock_status(const struct game *g, const char *waiting,
		  struct clock_status *out);

#endif
