/*
 * config.h - the optional INI configuration file (read with inih).
 *
 * Found at $UMPIRE_CONFIG, else $XDG_CONFIG_HOME/umpire/config.ini, else
 * ~/.config/umpire/config.ini (main resolves the path; this module never
 * reads the environment). Keys:
 *   [umpire]
 *   secret_key = PATH      default for -s
 *   scenarios  = DIR       scenario directory
 *   address    = ADDRESS   this player's mail address (umpire mail: From)
 *   sendmail   = COMMAND   umpire mail --send (default MAIL_SENDMAIL)
 *   unlock_minutes = N     how long an unlocked key is kept in the
 *                          kernel keyring (default 15; 0: never)
 *   [judge]
 *   games = DIR            umpire judge's games directory
 *   answers_a_day = N      how often the judge answers a party a day
 *                          about mail it did not sign (default
 *                          JUDGE_ANSWERS_A_DAY, umpire/judge.h)
 *   answers_a_step = N     and in each step about its signed mail
 *                          (default JUDGE_ANSWERS_A_STEP)
 *   failed_max = N         messages failed/ keeps (JUDGE_FAILED_MAX)
 *   failed_mib = N         MiB failed/ keeps (JUDGE_FAILED_MIB)
 *   deadline, remind, grace = DURATION, on_late = wait|standing|forfeit,
 *   forfeit_after = N      the clock umpire new gives a game (clock.h)
 *   new_games_max = N      games taken by mail kept at once
 *                          (JUDGE_NEW_GAMES_MAX, umpire/judge.h)
 *   new_game_kib = N       KiB a game taken by mail may be when taken
 *                          (JUDGE_NEW_GAME_KIB)
 *   new_idle_days = N      days a game taken by mail is kept after its
 *                          latest step (or its taking: JUDGE_NEW_IDLE_DAYS)
 *   new_games_a_key = N    games taken by mail a key joined (made or
 *                          joined) at once (JUDGE_NEW_A_KEY)
 *   new_games_an_address = N  games taken by mail naming an address at
 *                          once (JUDGE_NEW_AN_ADDRESS)
 *   new_over_days = N      days a game taken by mail is kept over
 *                          (JUDGE_NEW_OVER_DAYS)
 *   confirm_hours = N      hours a confirmation of an address stands
 *                          (JUDGE_CONFIRM_HOURS)
 *   host_address = ADDRESS where the judge tells its host a bound of
 *                          those games was reached (default: none)
 *   recipient_delimiter = C  the mail system's recipient delimiter: a
 *                          game's letters come from judge+ID8@club
 *                          (default "+"; empty: the address alone)
 *   club = yes|no          one of a club's judge hosts behind one mail
 *                          system (route.c): a party's file for a game
 *                          kept elsewhere forwarded there (default no)
 *   [addresses]
 *   ROLE = ADDRESS         a role's mail address (umpire mail: To)
 * Ownership: struct config owns its strings; config_free releases them.
 */
#ifndef UMPIRE_CONFIG_H
#define UMPIRE_CONFIG_H

#include "umpire/error.h"

#define CONFIG_MAX_ADDRESSES 16
#define CONFIG_MAX (64 * 1024)   /* bytes: a config file is small */
#define CONFIG_UNLOCK_MINUTES 15
#define CONFIG_UNLOCK_MAX (24 * 60)
#define CONFIG_ANSWERS_MAX 100
#define CONFIG_FAILED_MAX 1000000
#define CONFIG_NEW_GAMES_MAX 100000
#define CONFIG_NEW_GAME_KIB_MAX 1024
#define CONFIG_NEW_IDLE_MAX 3650
#define CONFIG_CONFIRM_MAX (24 * 30)
/* umpire mail --send without [umpire] sendmail: mutt's default, by its
 * full path (/usr/sbin is not on a normal user's PATH on Debian) */
#define MAIL_SENDMAIL "/usr/sbin/sendmail -t -i"

struct config {
	char *path;         /* file read, or NULL if none */
	char *secret_key;   /* or NULL */
	char *scenarios;    /* or NULL */
	char *address;      /* or NULL */
	char *sendmail;     /* or NULL */
	char *judge_games;  /* or NULL */
	char *judge_maildir;/* [judge] maildir: --tick, --status, --check's */
	char *judge_delim;  /* [judge] recipient_delimiter, or NULL */
	int judge_club, judge_club_set;   /* [judge] club = yes|no */
	long unlock_minutes;/* CONFIG_UNLOCK_MINUTES unless set */
	int unlock_set;
	long judge_answers; /* [judge] answers_a_day, when set */
	int judge_answers_set;
	long judge_answers_step; /* [judge] answers_a_step, when set */
	int judge_answers_step_set;
	long judge_failed_max, judge_failed_mib;   /* [judge] failed_* */
	int judge_failed_max_set, judge_failed_mib_set;
	/* [judge] new_games_max, new_game_kib, new_idle_days: the games
	 * taken by mail (--accept-new), when set */
	long judge_new_games, judge_new_kib, judge_idle_days;
	int judge_new_games_set, judge_new_kib_set, judge_idle_days_set;
	/* [judge] new_games_a_key, new_games_an_address, new_over_days,
	 * confirm_hours, when set; host_address or NULL */
	long judge_a_key, judge_an_address, judge_over_days, judge_confirm;
	int judge_a_key_set, judge_an_address_set, judge_over_days_set,
	    judge_confirm_set;
	char *judge_host;
	/* [judge] deadline, remind, grace, on_late, forfeit_after (checked by clock.h's
	 * clock_setting as read), or NULL */
	char *judge_clock[5];
	struct config_address {
		char *role, *address;
	} addresses[CONFIG_MAX_ADDRESSES];
	size_t n_addresses;
};

/* The address configured for role, or NULL. */
const char *config_address(const struct config *c, const char *role);

/* Load path; a missing file is not an error when `optional`. */
int config_load(struct config *c, const char *path, int optional,
		struct error *err);
void config_free(struct config *c);

#endif
