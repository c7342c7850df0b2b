/*
 * store.h - the judge's room (src/judge/), private to it, in layers:
 * each file uses only the layers below its own (tests/judge-layers.py
 * checks the includes and, with the objects built, the symbols), and
 * includes the header of each layer it uses.
 *
 * The judge is the referee of the games kept in one directory, run by
 * the mail system on each message (umpire(1), JUDGE). From the top:
 *
 * entries.h  the commands' entries (umpire/judge.h declares them):
 *   service.c  judge_run: the judge set up, then the front end asked
 *              for (one message on stdin: here);
 *   postfix.c  umpire judge --postfix: postfix's pipe to the judge
 *              printed and made; --check's test of it;
 *   check.c    umpire judge --check (the set-up) and --status (the
 *              games kept);
 *   init.c     umpire judge --init: the key, config and games made;
 *   index.c    umpire judge --index: the page of the games.
 * front.h    the front ends, each handing messages to the intake:
 *   maildir.c  a Maildir's messages, each taken by one judge, and
 *              taken again when the judge that took it died;
 *   workers.c  the LMTP server's worker processes: forked, passed a
 *              signal, forked again when one dies;
 *   lmtp.c     messages delivered over LMTP to a judge that stays;
 *   tick.c     umpire judge --tick: each game's clock kept.
 * intake.h   what one message holds, and what becomes of it:
 *   bounce.c   the judge's letters that could not be delivered (RFC
 *              3464 reports): recorded, the other parties told;
 *   confirm.c  an address of a game taken by mail asked to confirm,
 *              and the answer that confirms it;
 *   intake.c   a join, a new game, orders adjudicated or refused, a
 *              replay, a request, a mistake answered;
 *   receive.c  a message read within the limit, dealt with, logged,
 *              kept in failed/ when a party's failed.
 * letters.h  what a state owes its parties, made durable and sent:
 *   answers.c  how often a party is answered: its signed mail and
 *              mail from its address, apart;
 *   replay.c   the replay of a finished game;
 *   desk.c     the desk page a player asked for (GAMEID.desk): with
 *              its letters once a game, and again for a new program;
 *   letters.c  the letters a game's state owes its parties, and the
 *              answer to a party's refused orders: nothing a relay may
 *              not read in clear;
 *   spool.c    letters made durable before the step they belong to is
 *              stored, and sent from there; the host told of a bound.
 * store.h    the game store, under everything:
 *   commit.c   the steps of several messages made durable together
 *              (the LMTP server's): one wait on the disk for all;
 *   store.c    a game's paths and lock, unique names, the log line,
 *              failed/, the set-up every run tests (key, GMime), the
 *              Message-ID of a letter, the clock entries of a record;
 *   route.c    a game's own address (judge+ID8@club): the game a
 *              message addressed so is for, no other read for it;
 *   strangers.c the games taken by mail (--accept-new), GAMEID.mail:
 *              the addresses proven (the confirmations' tokens), their
 *              number (a key's, an address's), size and time bounded.
 * Within a layer a file may use one listed before it (replay.c's page
 * in letters.c, intake.c in receive.c), never one after it.
 *
 * Ownership: struct judge borrows its strings from the command line and
 * the config; it owns sk.
 */
#ifndef UMPIRE_JUDGE_STORE_H
#define UMPIRE_JUDGE_STORE_H

#include <stdarg.h>
#include <time.h>
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/judge.h"
#include "umpire/keys.h"
#include "umpire/loadgame.h"
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
	 * many a key and an address; how long kept idle, and over; how
	 * long a confirmation of an address stands (seconds) */
	size_t new_games_max, new_game_bytes, new_a_key, new_an_address;
	long new_idle, new_over, confirm;
	/* where the host is told a bound was reached, or NULL */
	const char *host_address;
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
	/* one of a club's judge hosts behind one mail system (route.c,
	 * route_forward, route_club_game) */
	int club;
	/* the address the message being dealt with was delivered to
	 * (--recipient, ORIGINAL_RECIPIENT, LMTP's RCPT), or NULL; and
	 * the game kept here that it names, its short id alone when two
	 * games have it, or "" (route.c's route_game) */
	const char *rcpt;
	char routed[GAME_ID_HEX + 1];
	/* an LMTP message to several games' addresses: what each names
	 * (as routed), n_also of them, whose files are taken at any of
	 * them (lmtp.c); else NULL */
	const char (*also)[GAME_ID_HEX + 1];
	size_t n_also;
	/* the game the last message dealt with was found to be about
	 * (its log line's game: its file's), or "": an LMTP message to
	 * several addresses is dealt with once for it (lmtp.c) */
	char dealt[GAME_ID_HEX + 1];
	/* the LMTP server's steps waiting to be made durable together
	 * (commit.c), or NULL: each step durable on its own */
	struct commit_batch *batch;
	/* the desk note of the message being dealt with (letters.h,
	 * DESK_NOTE_*), and the role whose signature on it was verified,
	 * or "": that role's letters follow the note (desk.c) */
	int desk_note;
	char desk_by[64];
	/* judge_gmime loaded GMime in this process (or the one it was
	 * forked from): a message does not look for it again (a dlopen
	 * and 56 dlsym, 52K instructions) */
	int gmime_loaded;
};

/* commit.c: the steps of several messages made durable together. */
#define BATCH_MAX 64        /* steps waiting at once (LMTP_CLIENTS
			       messages a round, a step each recipient
			       at most) */
#define BATCH_LOCKS 8       /* games one message locks */
#define BATCH_FILES 3       /* a step's staged files: its game file,
			       its report, GAMEID.mail */
struct batch_step {
	char id[GAME_ID_HEX + 1];
	char stamp[GAME_ID_HEX + 48];  /* its letters' spool names' start */
	unsigned long ticket;      /* the message it is of */
	int lock;                  /* the game's lock, held; -1 */
	struct staged files[BATCH_FILES];
	size_t n_files;
	char *paths[BATCH_FILES];
	char *store;               /* the store whose journal to apply */
	int named;                 /* 1: named and durable; -1: failed */
	int applied;               /* its journal applied, not synced */
};
struct commit_batch {
	struct sync_later later;   /* what the next sync makes durable */
	struct batch_step s[BATCH_MAX];
	size_t n;
	unsigned long ticket;      /* the message being dealt with */
	struct {                   /* the games it locked, and the locks'
				      descriptors (lock_game) */
		char id[GAME_ID_HEX + 1];
		int fd;
	} locks[BATCH_LOCKS];
	size_t n_locks;
	unsigned long failed[BATCH_MAX];   /* messages whose step failed */
	size_t n_failed;
	struct error why;          /* and why */
};
void batch_init(struct commit_batch *b);
/* Whether game id has a step in b not yet named. */
int batch_holds(const struct commit_batch *b, const char *id);
/* Whether the spool's letter name is of a step in b (sent with it, as
 * its message's: spool_settle), not any other message's. */
int batch_letter(const struct commit_batch *b, const char *name);
/* The lock of game id just taken by the message dealt with (fd,
 * lock_game's): a step of it taken holds it. */
void batch_locked(struct commit_batch *b, const char *id, int fd);
/* A step of game id staged (files, n; later: what to sync; store: the
 * game file whose journal to apply, or NULL; stamp: its letters' spool
 * names begin so) taken into b, as a step_hook's commit: 0; 1 when b
 * cannot hold it (full, or the message holds no lock of the game that
 * b could keep): the caller commits it at once; -1 with err. */
int batch_take(struct commit_batch *b, const char *id, const char *stamp,
	       struct staged *files, size_t n, struct sync_later *later,
	       const char *store, struct error *err);
/* A file of game id (path: buf, len bytes, mode) to be written with
 * its step waiting in b (staged now, named with it: GAMEID.mail's time
 * of the move): 0, -1 with err, or 1 when id has no step waiting (or b
 * is NULL): the caller writes it itself. */
int batch_stage(struct commit_batch *b, const char *id, const char *path,
		const void *buf, size_t len, mode_t mode, struct error *err);
/* Every step of b not yet named made durable and named, its journal
 * applied (synced by batch_synced): 0, or -1 when one failed
 * (batch_failed says whose, b->why why). */
int batch_name(struct commit_batch *b);
/* What b->later holds synced (the journals applied, what the caller
 * added), the journals removed: 0, or -1. */
int batch_synced(struct commit_batch *b);
int batch_failed(const struct commit_batch *b, unsigned long ticket);
/* Step i's lock let go. */
void batch_release(struct commit_batch *b, size_t i);
/* Before waiting for a lock held elsewhere (lock_game): every step
 * of b named and made durable, then every lock its steps hold let go
 * (their letters are sent under the lock taken again: spool_settle),
 * so that two LMTP workers never wait for each other. How many locks
 * were let go. */
size_t batch_let_go(struct commit_batch *b);
/* Every step forgotten (one not named aborted), every lock let go. */
void batch_clear(struct commit_batch *b);

/* Where the judge reads its games (loadgame.h): the scenarios and memo
 * of its command, notes on its stderr. */
static inline struct loader judge_loader(const struct judge *j)
{
	return (struct loader){ j->cli->scenario_dir, j->cli->memo,
				j->cli->msg };
}

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
	/* the setting of a bound of the games taken by mail reached
	 * (strangers.c), of which the host is told, or NULL */
	const char *bound;
	/* a game this message's handling read, none of whose parties
	 * writes from the message's From: a mistake is not answered,
	 * and that game need not be read again to know it */
	char no_party_of[GAME_ID_HEX + 1];
};

int say(struct outcome *o, enum fate fate, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void outcome_free(struct outcome *o);

/* store.c */
/* A game's file named by its id and suffix (".yaml", ".lock", ...). */
void game_path(const struct judge *j, const char *id, const char *suffix,
	       struct strbuf *out);
/* GAMEID.lock (or a lock of the judge's own: "new-games", "host")
 * taken, waited for when held elsewhere (the LMTP server's batch then
 * made durable and its locks let go first: batch_let_go): 0 with *fd,
 * or -1 with err. */
int lock_game(const struct judge *j, const char *id, int *fd,
	      struct error *err);
/* lock_game, but 1 (*fd -1) at once when it is held elsewhere. */
int lock_game_now(const struct judge *j, const char *id, int *fd,
		  struct error *err);
void unique_name(struct judge *j, struct strbuf *out);
int game_id_ok(const char *id);
/* The log line of what became of o (a message named name, or "tick"). */
void judge_log(const struct judge *j, const char *name,
	       const struct outcome *o);
/* A message a party sent that could not be processed (msg, len bytes,
 * named name; o->what its reason), into failed/ with NAME.why, and
 * failed/ kept within its bound (the oldest out, said in o); -1 when
 * not even that could be done (err). */
int keep_failed(const struct judge *j, const char *msg, size_t len,
		const char *name, struct outcome *o, struct error *err);
/* The referee key at path (NULL: none given): unencrypted
 * (nobody is there to type a passphrase) and readable by its owner
 * alone; loaded into *sk when sk is not NULL. 0, or -1 with err
 * (EXIT_USAGE) saying what to fix. */
int judge_key(const char *path, struct seckey **sk, struct error *err);
/* GMime, which the judge loads at run time to read and write
 * mail (gmime_dl.h), loaded: 0, or -1 with err (EXIT_TEMPFAIL: the
 * host's to mend, never the sender's fault) naming the library and
 * what to install. j: once loaded for it (j->gmime_loaded) it stays
 * so (gmime_close leaves it mapped), and is not loaded again; NULL:
 * loaded whatever came before (judge --check). */
int judge_gmime(struct judge *j, struct error *err);
/* Whether a directory entry is a game file, GAMEID.yaml (for
 * scandir). */
struct dirent;
int judge_game_file(const struct dirent *e);

/* The longest role name a letter's Message-ID names. */
#define ROLE_ID_MAX 64
/* The Message-ID's left part of a letter to role of game id, appended to
 * out: GAMEID.ROLE.NONCE.TAG, TAG keyed by the judge's key, NONCE random
 * or (same not NULL) derived from same and role; nothing (a random
 * Message-ID then) for a role not named by [A-Za-z0-9_-]. */
void letter_id(const struct judge *j, const char *id, const char *role,
	       const unsigned char *same, struct strbuf *out);
/* The game and role (ROLE_ID_MAX + 1 bytes) a Message-ID of the
 * judge's letters names, its tag checked: 1, else 0 (none of ours). */
int our_letter(const struct judge *j, const char *mid, char *id,
	       char *role);
/* A step the judge takes in a game with a clock: when, into the record
 * (the time is the judge's now). */
int clock_taken(const struct judge *j, struct game *g, struct error *err);
/* What --status says of a game's clock, waiting on role `waiting`
 * (NULL: none). timed: the record times the present step. */
struct clock_status {
	int timed, late;
	time_t since, deadline;
};
void clock_status(const struct game *g, const char *waiting,
		  struct clock_status *out);

/* strangers.c: GAMEID.mail, the record of a game taken by mail */
struct bymail_role {
	char role[64], addr[256];  /* addr "-": none */
	char key[65];              /* hex; "-": not joined */
	int proven;                /* its address confirmed */
	time_t asked;              /* a confirmation asked then (0: none) */
};
struct bymail {
	int by_mail;
	time_t taken, moved, over;
	size_t n;
	struct bymail_role r[GAME_MAX_ROLES];
};
/* A confirmation's token: BYMAIL_TOKEN_MARK, the game's short id, '-'
 * and 32 hex digits. */
#define BYMAIL_TOKEN_MARK "umpire-confirm-"
#define BYMAIL_TOKEN (sizeof BYMAIL_TOKEN_MARK - 1 + 8 + 1 + 32)
/* 1 with b read when game id was taken by mail, else 0 (b empty). */
int bymail_read(const struct judge *j, const char *id, struct bymail *b);
int bymail_write(const struct judge *j, const char *id,
		 const struct bymail *b, struct error *err);
/* Whether the judge may mail role of g at `to`: always in the host's
 * games; in a game taken by mail only at the address the role proved
 * (a confirmation answered). */
int bymail_may_mail(const struct judge *j, const struct game *g,
		    const char *role, const char *to);
/* A new game by mail (its file len bytes) within the bounds (size,
 * clock minima, how many are kept, how many a key and an address of it
 * are in): recorded in GAMEID.mail, 0; else -1 with err (EXIT_REFUSED
 * naming the bound; o->bound and o->host set for a bound of number). */
int bymail_take(const struct judge *j, const struct game *in, size_t len,
		struct outcome *o, struct error *err);
/* Joins taken into g, a game kept here: when it was taken by mail, its
 * record's roles made g's, within the bounds of a key and an address
 * (as bymail_take's). 0, or -1 with err. */
int bymail_joined(const struct judge *j, const struct game *g,
		  struct outcome *o, struct error *err);
/* role of g, a game taken by mail, to be asked to confirm its address:
 * 1 with the token and when it expires, asked now and recorded; 0 when
 * no letter may go (proven, no address, or a confirmation to that
 * address unanswered in any game: said in o); -1 with err. */
int bymail_ask(const struct judge *j, const struct game *g,
	       const char *role, char token[BYMAIL_TOKEN + 1],
	       time_t *until, struct outcome *o, struct error *err);
/* token (BYMAIL_TOKEN bytes) mailed from `from`: 1 when it answers a
 * live confirmation of game id asked of from, into role, and (take,
 * the game's lock held) the address recorded proven; else 0 and why;
 * -1 with err. */
int bymail_confirm(const struct judge *j, const char *id,
		   const char *token, const char *from, int take,
		   char role[64], const char **why, struct error *err);
/* A party's step taken in game id (its lock held): recorded, the game
 * not idle since. */
void bymail_moved(const struct judge *j, const char *id, struct outcome *o);
/* Whether g, a game taken by mail, is to be dropped at now: "over"
 * (over, per the tick, for j->new_over), "idle" (no party's step for
 * j->new_idle), "unmoved" (the same, no step at all), else NULL. */
const char *bymail_expired(const struct judge *j, const struct game *g,
			   int over, time_t now, struct outcome *o);
/* A game taken by mail where no side has moved. */
int bymail_unmoved(const struct judge *j, const struct game *g);
/* Game id's files removed (the game file first). */
void bymail_drop(const struct judge *j, const char *id, struct outcome *o);

/* route.c: judge_games_of_prefix (umpire/judge.h) is the games kept
 * here that have a short id. */
/* route.c: what the address rcpt (NULL: none) names: 0, no game's
 * address (the judge's own: the message is read for its game); 1, a
 * game kept here, into routed: its full id, or (a clash: more than one
 * has that short id) the short id alone, the file's full id deciding;
 * -1, a short id (id8) no game kept here has. routed is "" but for 1. */
int route_game(const struct judge *j, const char *rcpt,
	       char routed[GAME_ID_HEX + 1], char id8[9]);
/* route.c: the message (total bytes, named name) delivered to the n
 * addresses rcpts, each a short id no game kept here has: dropped
 * unread, one log line naming the first ROUTE_UNKNOWN_SAID of them
 * and counting the rest. */
#define ROUTE_UNKNOWN_SAID 4
void route_unknown(const struct judge *j, size_t total, const char *name,
		   const char *const *rcpts, size_t n);
/* route.c: the message (total bytes, named name) addressed to j->rcpt,
 * routed: j->routed set as route_game sets it; 1 when it names a game
 * not kept here: dropped unread, its log line written (a stranger's:
 * the mail system is answered as for one dealt with). */
int route_message(struct judge *j, size_t total, const char *name);
/* route.c: whether a file of game id is taken in the message being
 * dealt with: any at the judge's own address; at a game's, that game's
 * (its full id beginning with j->routed) or one of j->also's. */
int route_takes(const struct judge *j, const char *id);
/* route.c: n games kept here having the short id id8: a clash when n
 * is more than 1, said in o's notes and to the host (o->host); else
 * nothing. */
void route_clash_say(const char *id8, size_t n, struct outcome *o);
/* route.c: whether the game file (len bytes) was made by a host of
 * this judge's club (j->club): its referee joined at the game's own
 * address (the judge's config at umpire new), so one of its hosts
 * keeps it, and it is no new game for --accept-new to take. */
int route_club_game(const struct judge *j, const char *file, size_t len);
/* route.c: whether a message holding file (len bytes, of kind, naming
 * game id, which is not kept here; sig: a signature came with it) is
 * forwarded to that game's address, into to (size bytes): 1 on a club's
 * host (j->club) for a file a party signs (orders, a request, the join
 * of a game whose referee joined at that address: one a host of the
 * club made) in a message to the judge's own address (none of a game's:
 * j->routed is "") that no judge resent already (resent: it has a
 * Resent-From); else 0, the message dealt with as ever. */
int route_forward(const struct judge *j, const char *kind, const char *id,
		  const char *file, size_t len, int sig, int resent, char *to,
		  size_t size);
/* route.c: the address g's letters come from and are answered at:
 * j->from with g's short id after the delimiter (j->from itself
 * without one), into out. */
void game_from(const struct judge *j, const struct game *g, char *out,
	       size_t size);
/* The same for the game whose id is id. */
void game_from_id(const struct judge *j, const char *id, char *out,
		  size_t size);

#endif
