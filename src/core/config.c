/*
 * config.c - the INI configuration file, read with inih.
 */
#include <errno.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "umpire/clock.h"
#include "umpire/config.h"
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/strbuf.h"

struct load {
	struct config *c;
	char bad[256];
};

/*
 * A path as a shell would read it in a config file: a leading "~/" (or a
 * lone "~") and every "$HOME" or "${HOME}" are the home directory. Other
 * text is kept as it is. Without $HOME the value is kept unexpanded.
 */
static char *expand_home(const char *v)
{
	const char *home = getenv("HOME");
	struct strbuf sb = STRBUF_INIT;
	if (!home || !*home)
		return xstrdup(v);
	if (v[0] == '~' && (v[1] == '/' || v[1] == '\0')) {
		strbuf_adds(&sb, home);
		v++;
	}
	while (*v) {
		if (!strncmp(v, "${HOME}", 7)) {
			strbuf_adds(&sb, home);
			v += 7;
		} else if (!strncmp(v, "$HOME", 5) &&
			   !(v[5] == '_' || (v[5] >= 'A' && v[5] <= 'Z') ||
			     (v[5] >= 'a' && v[5] <= 'z') ||
			     (v[5] >= '0' && v[5] <= '9'))) {
			strbuf_adds(&sb, home);
			v += 5;
		} else {
			strbuf_add(&sb, v, 1);
			v++;
		}
	}
	return strbuf_detach(&sb, NULL);
}

/* [umpire] unlock_minutes = N: 0 to CONFIG_UNLOCK_MAX. */
/* A whole number setting from 0 to max, given once: what it is for
 * (said when it is not one) in what. */
static int whole_number(struct load *l, const char *section,
			const char *name, const char *value, long max,
			const char *what, long *out, int *set)
{
	char *end;
	errno = 0;
	long v = strtol(value, &end, 10);
	if (*set) {
		if (!l->bad[0])
			snprintf(l->bad, sizeof l->bad, "[%s] %s is set twice",
				 section, name);
		return 0;
	}
	if (errno || end == value || *end || v < 0 || v > max) {
		if (!l->bad[0])
			snprintf(l->bad, sizeof l->bad, "[%s] %s = %.40s: give "
				 "a whole number %s to %ld", section, name,
				 value, what, max);
		return 0;
	}
	*out = v;
	*set = 1;
	return 1;
}

static int on_entry(void *user, const char *section, const char *name,
		    const char *value)
{
	struct load *l = user;
	char **slot = NULL;
	int path = 0;
	if (strcmp(section, "umpire") == 0) {
		path = strcmp(name, "secret_key") == 0 ||
			strcmp(name, "scenarios") == 0;
		if (strcmp(name, "secret_key") == 0)
			slot = &l->c->secret_key;
		else if (strcmp(name, "scenarios") == 0)
			slot = &l->c->scenarios;
		else if (strcmp(name, "address") == 0)
			slot = &l->c->address;
		else if (strcmp(name, "sendmail") == 0)
			slot = &l->c->sendmail;
		else if (strcmp(name, "unlock_minutes") == 0)
			return whole_number(l, section, name, value,
					    CONFIG_UNLOCK_MAX, "of minutes from "
					    "0 (never keep an unlocked key)",
					    &l->c->unlock_minutes,
					    &l->c->unlock_set);
	} else if (strcmp(section, "judge") == 0) {
		path = 1;
		if (strcmp(name, "games") == 0)
			slot = &l->c->judge_games;
		else if (strcmp(name, "maildir") == 0)
			slot = &l->c->judge_maildir;
		else if (strcmp(name, "recipient_delimiter") == 0) {
			if (!mail_delim_ok(value)) {
				snprintf(l->bad, sizeof l->bad, "[judge] "
					 "recipient_delimiter = %.20s: give "
					 "postfix's recipient_delimiter (such "
					 "as +), at most 8 characters none a "
					 "letter, digit, blank, '@', quote or "
					 "bracket, or nothing (no game "
					 "addresses)", value);
				return 0;
			}
			path = 0;
			slot = &l->c->judge_delim;
		}
		else if (strcmp(name, "answers_a_day") == 0)
			return whole_number(l, section, name, value,
					    CONFIG_ANSWERS_MAX, "of answers a "
					    "party may get a day to mail it "
					    "did not sign from 0",
					    &l->c->judge_answers,
					    &l->c->judge_answers_set);
		else if (strcmp(name, "answers_a_step") == 0)
			return whole_number(l, section, name, value,
					    CONFIG_ANSWERS_MAX, "of answers a "
					    "party may get to its signed mail a "
					    "day in each step from 0",
					    &l->c->judge_answers_step,
					    &l->c->judge_answers_step_set);
		else if (strcmp(name, "failed_max") == 0)
			return whole_number(l, section, name, value,
					    CONFIG_FAILED_MAX, "of messages "
					    "failed/ keeps from 0",
					    &l->c->judge_failed_max,
					    &l->c->judge_failed_max_set);
		else if (strcmp(name, "failed_mib") == 0)
			return whole_number(l, section, name, value,
					    CONFIG_FAILED_MAX, "of MiB failed/ "
					    "keeps from 0",
					    &l->c->judge_failed_mib,
					    &l->c->judge_failed_mib_set);
		else if (strcmp(name, "new_games_max") == 0)
			return whole_number(l, section, name, value,
					    CONFIG_NEW_GAMES_MAX, "of games "
					    "taken by mail kept at once from 0",
					    &l->c->judge_new_games,
					    &l->c->judge_new_games_set);
		else if (strcmp(name, "new_game_kib") == 0)
			return whole_number(l, section, name, value,
					    CONFIG_NEW_GAME_KIB_MAX, "of KiB a "
					    "game taken by mail may be from 0",
					    &l->c->judge_new_kib,
					    &l->c->judge_new_kib_set);
		else if (strcmp(name, "new_games_a_key") == 0)
			return whole_number(l, section, name, value,
					    CONFIG_NEW_GAMES_MAX, "of games "
					    "taken by mail a key may be in at "
					    "once from 0",
					    &l->c->judge_a_key,
					    &l->c->judge_a_key_set);
		else if (strcmp(name, "new_games_an_address") == 0)
			return whole_number(l, section, name, value,
					    CONFIG_NEW_GAMES_MAX, "of games "
					    "taken by mail an address may be in "
					    "at once from 0",
					    &l->c->judge_an_address,
					    &l->c->judge_an_address_set);
		else if (strcmp(name, "new_over_days") == 0)
			return whole_number(l, section, name, value,
					    CONFIG_NEW_IDLE_MAX, "of days a "
					    "game taken by mail is kept once "
					    "over from 0",
					    &l->c->judge_over_days,
					    &l->c->judge_over_days_set);
		else if (strcmp(name, "confirm_hours") == 0) {
			if (!whole_number(l, section, name, value,
					  CONFIG_CONFIRM_MAX, "of hours a "
					  "confirmation of an address stands, "
					  "from 1", &l->c->judge_confirm,
					  &l->c->judge_confirm_set))
				return 0;
			if (l->c->judge_confirm > 0)
				return 1;
			snprintf(l->bad, sizeof l->bad, "[judge] confirm_hours "
				 "= 0: give a whole number of hours from 1");
			return 0;
		} else if (strcmp(name, "club") == 0) {
			int yes = !strcmp(value, "yes");
			if (l->c->judge_club_set ||
			    !(yes || !strcmp(value, "no"))) {
				snprintf(l->bad, sizeof l->bad, "[judge] club "
					 "= %.40s: give yes (one of a club's "
					 "judge hosts behind one mail system) "
					 "or no, once", value);
				return 0;
			}
			l->c->judge_club = yes;
			l->c->judge_club_set = 1;
			return 1;
		} else if (strcmp(name, "host_address") == 0) {
			if (!strchr(value, '@') || strpbrk(value, " \t<>\"")) {
				snprintf(l->bad, sizeof l->bad, "[judge] "
					 "host_address = %.60s: give one mail "
					 "address (user@domain)", value);
				return 0;
			}
			path = 0;
			slot = &l->c->judge_host;
		}
		else if (strcmp(name, "new_idle_days") == 0) {
			if (!whole_number(l, section, name, value,
					  CONFIG_NEW_IDLE_MAX, "of days a game "
					  "taken by mail is kept while no side "
					  "has moved, from 1",
					  &l->c->judge_idle_days,
					  &l->c->judge_idle_days_set))
				return 0;
			if (l->c->judge_idle_days > 0)
				return 1;
			snprintf(l->bad, sizeof l->bad, "[judge] new_idle_days "
				 "= 0: give a whole number of days from 1");
			return 0;
		}
		for (int i = 0; i < 5; i++) {
			static const char *const keys[] = { "deadline",
				"remind", "grace", "on_late",
				"forfeit_after" };
			struct game_clock tmp;
			struct error e;
			if (strcmp(name, keys[i]))
				continue;
			memset(&tmp, 0, sizeof tmp);
			if (clock_setting(&tmp, name, value, "[judge]",
					  &e) != 1) {
				if (!l->bad[0])
					snprintf(l->bad, sizeof l->bad, "%s",
						 e.msg);
				return 0;
			}
			path = 0;
			slot = &l->c->judge_clock[i];
		}
	} else if (strcmp(section, "addresses") == 0) {
		struct config *c = l->c;
		if (!config_address(c, name) &&
		    c->n_addresses == CONFIG_MAX_ADDRESSES) {
			if (!l->bad[0])
				snprintf(l->bad, sizeof l->bad, "more than %d "
					 "[addresses]", CONFIG_MAX_ADDRESSES);
			return 0;
		}
		if (!config_address(c, name)) {
			c->addresses[c->n_addresses].role = xstrdup(name);
			slot = &c->addresses[c->n_addresses++].address;
		} else {
			/* a role given twice: its slot is set, refused below */
			for (size_t i = 0; i < c->n_addresses; i++)
				if (strcmp(c->addresses[i].role, name) == 0)
					slot = &c->addresses[i].address;
		}
	}
	if (!slot) {
		if (!l->bad[0])
			snprintf(l->bad, sizeof l->bad, "unknown setting "
				 "[%s] %s (known: [umpire] secret_key, "
				 "scenarios, address, sendmail, "
				 "unlock_minutes; [judge] games, "
				 "maildir, answers_a_day, answers_a_step, "
				 "failed_max, failed_mib, "
				 "deadline, remind, grace, on_late, "
				 "forfeit_after, new_games_max, "
				 "new_game_kib, new_idle_days, "
				 "new_games_a_key, new_games_an_address, "
				 "new_over_days, confirm_hours, "
				 "host_address, "
				 "recipient_delimiter; "
				 "[addresses] ROLE)",
				 section, name);
		return 0;
	}
	if (*slot) {
		if (!l->bad[0])
			snprintf(l->bad, sizeof l->bad, "[%s] %s is set twice",
				 section, name);
		return 0;
	}
	*slot = path ? expand_home(value) : xstrdup(value);
	return 1;
}

int config_load(struct config *c, const char *path, int optional,
		struct error *err)
{
	struct load l = { .c = c, .bad = "" };
	memset(c, 0, sizeof *c);
	c->unlock_minutes = CONFIG_UNLOCK_MINUTES;
	/* bounded (UMPIRE_CONFIG=/dev/zero would be read forever) */
	char *buf;
	size_t len;
	struct stat st;
	if (optional && stat(path, &st) != 0 && errno == ENOENT)
		return 0;
	if (read_input(path, CONFIG_MAX, &buf, &len, err))
		return error_prefix(err, "config file");
	if (memchr(buf, '\0', len)) {
		free(buf);
		return errorf(err, EXIT_USAGE, "config file %s: a NUL byte; "
			      "a config file is text (umpire(1), FILES)",
			      path);
	}
	int line = ini_parse_string(buf, on_entry, &l);
	free(buf);
	c->path = xstrdup(path);
	if (line != 0) {
		if (line > 0)
			errorf(err, EXIT_USAGE, "%s:%d: %s", path, line,
			       l.bad[0] ? l.bad : "malformed line");
		else
			errorf(err, EXIT_USAGE, "cannot read config file %s",
			       path);
		config_free(c);
		return -1;
	}
	return 0;
}

void config_free(struct config *c)
{
	free(c->path);
	free(c->secret_key);
	free(c->scenarios);
	free(c->address);
	free(c->sendmail);
	free(c->judge_games);
	free(c->judge_maildir);
	free(c->judge_delim);
	free(c->judge_host);
	for (int i = 0; i < 5; i++)
		free(c->judge_clock[i]);
	for (size_t i = 0; i < c->n_addresses; i++) {
		free(c->addresses[i].role);
		free(c->addresses[i].address);
	}
	memset(c, 0, sizeof *c);
}

const char *config_address(const struct config *c, const char *role)
{
	for (size_t i = 0; i < c->n_addresses; i++)
		if (strcmp(c->addresses[i].role, role) == 0)
			return c->addresses[i].address;
	return NULL;
}
