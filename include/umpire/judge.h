/*
 * judge.h - umpire judge: the referee role as a service the mail system
 * runs (umpire(1), JUDGE). Its parts live in src/judge/; the command
 * (src/cmd/judge.c) reads its options and calls judge_run.
 *
 * Ownership: the settings are borrowed for the call.
 */
#ifndef UMPIRE_JUDGE_H
#define UMPIRE_JUDGE_H

#include "umpire/invocation.h"
#include "umpire/error.h"

/* A message the mail system should deliver again later (sysexits.h). */
#define EXIT_TEMPFAIL 75
/* How often a party is answered a day by default about mail it did
 * not sign (sent from its address: anyone may write that in From:),
 * what was wrong and what to send instead: once for each mistake of its
 * own (a note, orders signed with another key, orders not signed). Its
 * signed mail has a bound of its own (src/judge/answers.c). */
#define JUDGE_ANSWERS_A_DAY 3
/* The answers to a party's signed mail (a refusal, its letter sent
 * again) in each step of a game by default, whatever the day: enough
 * to recover a lost letter, few enough that its signed message sent
 * again by anyone makes no mail cannon of the judge. */
#define JUDGE_ANSWERS_A_STEP 3
/* failed/ by default: messages and MiB (only parties' messages go
 * there; a flood of strangers' costs nothing) */
#define JUDGE_FAILED_MAX 1000
#define JUDGE_FAILED_MIB 100
/* The games taken by mail (--accept-new) by default: how many are kept
 * at once, how big one may be when taken (a game before its first step
 * is a few KiB), and how long one is kept while no side has moved. */
#define JUDGE_NEW_GAMES_MAX 20
#define JUDGE_NEW_GAME_KIB 64
#define JUDGE_NEW_IDLE_DAYS 30
/* and how many one signing key (of the roles that made or joined them)
 * and one address (of their roles) may be in at once, how long one over
 * is kept (its last letters sent first), and how long the letter asking
 * an address to confirm stands (strangers.c) */
#define JUDGE_NEW_A_KEY 4
#define JUDGE_NEW_AN_ADDRESS 4
#define JUDGE_NEW_OVER_DAYS 7
#define JUDGE_CONFIRM_HOURS 72
/* umpire judge --lmtp: connections one peer (a user of this host, by
 * its uid; a host's address) may hold at once, of the server's 16;
 * umpire judge --postfix --lmtp gives postfix's transport to it half
 * as many deliveries at once (the server deals with one message at a
 * time: more would only wait, and past this the peer's next connection
 * is told 421). */
#define JUDGE_LMTP_PEER 4
/* umpire judge --lmtp-workers N: processes serving the LMTP socket,
 * each with its own connections (the bounds above are each one's), at
 * most this many; by default one an online CPU, at most
 * JUDGE_LMTP_WORKERS_CPUS (past that the disk's syncs, not the CPUs,
 * bound the rate, and each worker keeps its own memory) */
#define JUDGE_LMTP_WORKERS_MAX 64
#define JUDGE_LMTP_WORKERS_CPUS 4
/* [judge] recipient_delimiter's default: postfix's usual one */
#define JUDGE_DELIM "+"

struct judge_settings {
	const char *games;         /* the games directory */
	const char *maildir;       /* or NULL: one message on stdin (with
				      tick, check, status: the Maildir
				      they look at, or NULL) */
	const char *outbox;        /* or NULL: letters to sendmail */
	const char *sendmail;      /* the command */
	const char *seckey;        /* the referee key's path */
	int accept_new;
	int tick;                  /* --tick: keep the games' clocks */
	int json;                  /* --status --json */
	int unrouted;              /* --check: no postfix test (--init's
				      own check: its mail is routed next) */
	unsigned answers_a_day;    /* to mail the party did not sign */
	unsigned answers_a_step;   /* to its signed mail, a day a step */
	size_t failed_max;         /* failed/ keeps at most these messages */
	size_t failed_bytes;       /* and these bytes, the oldest out */
	size_t new_games_max;      /* games taken by mail kept at once */
	size_t new_game_bytes;     /* the largest game taken by mail */
	long new_idle;             /* seconds one is kept after its latest
				      step */
	size_t new_a_key;          /* games taken by mail a key is in */
	size_t new_an_address;     /* and an address */
	long new_over;             /* seconds one over is kept */
	long confirm;              /* seconds a confirmation stands */
	const char *host_address;  /* told of a bound reached, or NULL */
	const char *lmtp;          /* --lmtp SOCKET: serve LMTP there */
	long lmtp_timeout;         /* seconds a client may go without
				      moving a message forward (0: the
				      default) */
	unsigned lmtp_workers;     /* --lmtp-workers N (0: the default) */
	/* [judge] recipient_delimiter: a game's address is the judge's
	 * with it and the game's short id (JUDGE_DELIM; "": none) */
	const char *delim;
	/* the address the message on stdin was delivered to (--recipient,
	 * else local(8)'s ORIGINAL_RECIPIENT), or NULL */
	const char *recipient;
	/* [judge] club: one of several judge hosts behind one mail system
	 * (a party's file for a game not kept here forwarded to its
	 * address; a join of a game a host made never taken as new) */
	int club;
	/* --index's --host NAME: this host's list of games in the index's
	 * directory, games-NAME.rows (NULL: gethostname(2)) */
	const char *index_host;
};

/* Deal with the message on stdin, or with every message of the
 * Maildir (those a judge that died left in its cur/, then its new/'s),
 * or (tick) keep the games' clocks, the Maildir's messages taken
 * first. 0 once each is dealt with; -1 with err otherwise
 * (EXIT_TEMPFAIL: the mail system keeps the message and tries again). */
int judge_run(const struct cli *cli, const struct judge_settings *s,
	      struct error *err);

/* umpire judge --check: the set-up tested as README.md "Running a
 * judge" describes it (the key, the games directory, the sendmail
 * command or the outbox, the judge's address, the user owning them,
 * GMime loading as a message loads it), a line a test to cli->out, "ok: ..." or "FIX: ..."; nothing written.
 * 0 when all pass, else -1 with err (EXIT_REFUSED). */
int judge_check(const struct cli *cli, const struct judge_settings *s,
		struct error *err);

/* umpire judge --init ADDRESS: the judge's set-up made (src/judge/
 * init.c): the games directory (s->games, else ~/games) mode 0700; the
 * config file at config when there is none (naming the key, address and
 * games), else the one there read, never edited, and refused unless it
 * gives address; last the key (s->seckey, else ~/.umpire/judge.key)
 * unencrypted, mode 0600, with its public key beside it (NAME.pub),
 * refused when it exists. Then judge_check's tests; its result. */
int judge_init(const struct cli *cli, const struct judge_settings *s,
	       const char *address, const char *config, struct error *err);

/* umpire judge --postfix ADDRESS: the commands that make postfix pipe
 * ADDRESS's mail to this judge (src/judge/postfix.c), or deliver it
 * over LMTP to s->lmtp when given, to cli->out, and
 * (apply) run by sh(1) as root. The config read must give ADDRESS and
 * name the judge's key, whose owner the pipe runs the judge as. */
int judge_postfix(const struct cli *cli, const struct judge_settings *s,
		  const char *address, int apply, struct error *err);

/* umpire judge --status: a line a game kept (its short id, scenario,
 * steps, whose move or "over", the roles whose letters bounce, the
 * letters waiting in spool/) to cli->out; nothing written. */
int judge_status(const struct cli *cli, const struct judge_settings *s,
		 struct error *err);

/* How many games the games directory games holds whose short id (the
 * first 8 hex digits of their id, which their address judge+ID8@ and
 * subject tag [umpire ID8] carry) is id8's first 8 characters; id (33
 * bytes, or NULL: not wanted): the first found (src/judge/route.c). */
size_t judge_games_of_prefix(const char *games, const char *id8,
			     char *id);

/* umpire judge --index DIR: DIR/games-HOST.rows, a line a game kept
 * with what every party may know (game, host, scenario, sides, step,
 * whose move and since when, result), DIR/ID.html, the replay of each
 * game that is over, and DIR/index.html, every host's rows found in DIR
 * (a club's hosts writing into one directory, or copying their rows
 * there) in one table, by game. */
int judge_index(const struct cli *cli, const struct judge_settings *s,
		const char *dir, struct error *err);

#endif
