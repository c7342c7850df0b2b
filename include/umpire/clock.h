/*
 * clock.h - a game's clock (umpire-game(5), clock; umpire-protocol(7),
 * THE JUDGE'S CLOCK): the time allowed a move, agreed in the header
 * every party signs, and the judge's record of when it did what, signed
 * with the referee's key beside the steps.
 */
#ifndef UMPIRE_CLOCK_H
#define UMPIRE_CLOCK_H

#include <stddef.h>
#include <time.h>
#include "umpire/error.h"
#include "umpire/gamedata.h"
#include "umpire/strbuf.h"

struct seckey;

/* struct game_clock, the header's, and enum clock_late: gamedata.h */

/* Defaults of a game's clock (umpire-game(5)). */
#define CLOCK_DEADLINE (72LL * 3600)
#define CLOCK_REMIND (24LL * 3600)
#define CLOCK_GRACE (24LL * 3600)
/* The longest duration a clock takes: a year. */
#define CLOCK_MAX (366LL * 86400)
/* The least a clock keeps (umpire new, and the judge for a game taken
 * by mail; clock_check_minima): a deadline of an hour, a reminder and
 * a grace of a quarter of an hour, or 0s (none). A game's letters are
 * then at most a few an hour, whoever sets its clock. */
#define CLOCK_MIN_DEADLINE 3600LL
#define CLOCK_MIN_REMIND (15LL * 60)
#define CLOCK_MIN_GRACE (15LL * 60)
/* The deadlines a late side may miss, where the game waits on it, before
 * it forfeits (the clock's forfeit_after; umpire-game(5)): the default,
 * and the most a clock takes. */
#define CLOCK_FORFEIT_AFTER 3
#define CLOCK_FORFEIT_AFTER_MAX 100

/* The test hook (umpire(1), ENVIRONMENT): the judge's "now", in seconds
 * since the epoch; a time taken from it is marked in the record. */
#define CLOCK_TEST_ENV "UMPIRE_TEST_NOW"

/* "72h", "3d", "90m", "3600s" or "3600" into seconds (0 to CLOCK_MAX);
 * 0 or -1 when it is none. */
int clock_duration(const char *s, long long *out);
/* Seconds as the largest unit that divides them: "72h", "3d", "0s". */
void clock_duration_str(long long s, char *out, size_t size);
/* "wait", "standing", "forfeit". */
const char *clock_late_name(enum clock_late l);

/*
 * One setting KEY=VALUE for the clock (deadline, remind, grace,
 * on-late or on_late, forfeit-after or forfeit_after) into c: 1 when key is a clock's, 0 when it is
 * not (a scenario option), -1 with err when the value is wrong. what
 * names where it was given ("--set", "[judge]").
 */
int clock_setting(struct game_clock *c, const char *key, const char *value,
		  const char *what, struct error *err);
/* A clock whose settings are consistent (remind before the deadline):
 * 0, or -1 with err. */
int clock_check_settings(const struct game_clock *c, struct error *err);

/* A clock no shorter than the least the judge keeps (CLOCK_MIN_*): 0,
 * or -1 with err (EXIT_USAGE) naming the field and its least. */
int clock_check_minima(const struct game_clock *c, struct error *err);
/* The deadlines a late side may miss before it forfeits: the clock's
 * forfeit_after, else CLOCK_FORFEIT_AFTER. */
int clock_forfeit_after(const struct game_clock *c);

struct ruleset;
/* A clock the game's rules allow: on_late standing needs the rules'
 * late answers (rules.h, struct late_answer); 0, or -1 with err naming
 * why. */
int clock_check_scenario(const struct game_clock *c,
			 const struct ruleset *rs, struct error *err);

/* The judge's now: the test hook's when it is set (*test = 1), else
 * the system's. -1 with err when the hook's value is not a time. */
int clock_now(time_t *now, int *test, struct error *err);
/* "2026-11-26T11:33:23Z" */
void clock_time_str(time_t t, char out[21]);

/* ---- for game.c and gamecheck.c ---- */
/* The header's clock and the judge's record read from g's document
 * (structure, the test mark); after the steps are loaded. */
int clock_load(struct game *g, struct error *err);
/* The record's order, its signatures under the referee's key (full,
 * or a game a forfeit ended: every entry's; else none), and a
 * forfeit's being the record's last word on the game's last step, by
 * the role the game waits on (waiting), at the time and after the
 * entries its clock asks (umpire-protocol(7), THE JUDGE'S CLOCK,
 * Forfeits: no earlier than the end of the step's grace, and under
 * on_late standing forfeit_after - 1 deadlines more, after the step's
 * 'late' entry as clock_late_ok reads one; after a notice for each
 * deadline missed before it, at least one; never under wait): after
 * the steps are checked; sets *over when the game ended by a
 * forfeit. */
int clock_verify(struct game *g, const char *waiting, int full, int *over,
		 struct error *err);

/* Step n (from 1) of g, a late step of actor (umpire-protocol(7),
 * THE JUDGE'S CLOCK, Late steps), as the clock and the judge's record
 * allow it: on_late standing, and a 'late' entry of actor for step
 * n - 1, signed by the referee, no earlier than the end of that step's
 * grace. 0, or -1 with err naming the step and the reason. */
int clock_late_ok(const struct game *g, size_t n, const char *actor,
		  struct error *err);

/* ---- for the judge ---- */
/* One entry of the judge's record. */
struct clock_entry {
	const char *event;   /* taken seen remind notice late forfeit */
	size_t step;         /* the steps the game held then */
	const char *role;    /* "" for taken and seen */
	time_t at;
	int test;
};
size_t clock_entries(const struct game *g);
void clock_entry(const struct game *g, size_t i, struct clock_entry *out);
/* The latest entry of event for step n (and role, when not NULL), or
 * -1. */
long clock_find(const struct game *g, const char *event, size_t step,
		const char *role);
/* A new entry at the end of g's record, signed with sk (the referee's
 * key), the record placed before the state. */
int clock_add(struct game *g, const struct seckey *sk, const char *event,
	      const char *role, time_t at, int test, struct error *err);
/* The role that forfeited g, or NULL. */
const char *clock_forfeit(const struct game *g);
/* "german forfeited: no orders for step 5 by 2026-11-29T11:33:23Z, the
 * end of the clock's grace [and 2 deadlines more]" (when the forfeit
 * was due) into out, when g ended by a forfeit: 1; else 0. */
int clock_result(const struct game *g, struct strbuf *out);

/* What audit shows: the clock ("Clock: ...") and the judge's record,
 * a line each, appended to out (nothing for a game without either). */
void clock_describe(const struct game *g, struct strbuf *out);
struct json;
/* The same as the JSON keys "clock" and "record" of an open object. */
void clock_json(const struct game *g, struct json *j);

#endif
