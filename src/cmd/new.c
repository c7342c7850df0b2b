/*
 * new.c - umpire new: create a game; the creator commits here.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/chain.h"
#include "umpire/clock.h"
#include "umpire/commands.h"
#include "umpire/game.h"
#include "umpire/judge.h"
#include "umpire/keys.h"
#include "umpire/mail.h"

/* How many ids umpire new draws again when one's short id is a kept
 * game's (a judge's host): more than once is not chance. */
#define NEW_DRAWS 3

/*
 * --address ROLE=ADDR: where each role is invited, one addr-spec, for
 * a role of the game (a side of the scenario, or the referee when the
 * game has one). invites[i] for names[i], NULL when not given.
 */
static int take_invites(const char *const *given, size_t n_given,
			const char *const *names, size_t n,
			const char *listed, const char **invites,
			struct error *err)
{
	for (size_t i = 0; i < n; i++)
		invites[i] = NULL;
	for (size_t j = 0; j < n_given; j++) {
		const char *eq = strchr(given[j], '=');
		size_t k = n, l = eq ? (size_t)(eq - given[j]) : 0;
		for (size_t i = 0; eq && i < n; i++)
			if (strlen(names[i]) == l &&
			    !strncmp(names[i], given[j], l))
				k = i;
		if (!eq)
			return usage_error(err, "new", "--address takes "
					   "ROLE=ADDRESS, not '%s'", given[j]);
		if (k == n)
			return usage_error(err, "new", "--address %s: the game "
					   "has no role '%.*s' (its roles: "
					   "%s%s)", given[j], (int)l, given[j],
					   listed, strcmp(names[n - 1],
					   "referee") ? "" : ", referee");
		if (invites[k])
			return usage_error(err, "new", "--address: role %s "
					   "given twice", names[k]);
		if (!mail_addr_spec_ok(eq + 1))
			return usage_error(err, "new", "--address %s: '%s' is "
					   "not exactly one mail address "
					   "local@domain (no display name, no "
					   "list, no spaces, at most %d bytes), "
					   "like alice@example.org", names[k],
					   eq + 1, MAIL_ADDR_MAX);
		invites[k] = eq + 1;
	}
	return 0;
}

/*
 * The game's clock: the config's [judge] deadline, remind, grace,
 * on_late and forfeit_after, then each --set of a clock's key (taken out of sets, which
 * are the scenario's options). A game gets a clock when either gives
 * one setting; the rest are the defaults (clock.h).
 */
static int take_clock(const struct cli *cli, const char **sets,
		      size_t *n_sets, struct game_clock *c,
		      struct error *err)
{
	static const char *const keys[] = { "deadline", "remind", "grace",
		"on_late", "forfeit_after" };
	size_t kept = 0;
	*c = (struct game_clock){ 0, CLOCK_DEADLINE, CLOCK_REMIND,
		CLOCK_GRACE, LATE_WAIT, 0 };
	for (int i = 0; i < 5; i++)
		if (cli->cfg.judge_clock[i]) {
			if (clock_setting(c, keys[i], cli->cfg.judge_clock[i],
					  "[judge]", err) != 1)
				return -1;
			c->set = 1;
		}
	for (size_t i = 0; i < *n_sets; i++) {
		const char *eq = strchr(sets[i], '=');
		char key[16];
		int rc = 0;
		if (eq && (size_t)(eq - sets[i]) < sizeof key) {
			snprintf(key, sizeof key, "%.*s", (int)(eq - sets[i]),
				 sets[i]);
			rc = clock_setting(c, key, eq + 1, "--set", err);
		}
		if (rc < 0)
			return -1;
		if (rc)
			c->set = 1;
		else
			sets[kept++] = sets[i];
	}
	*n_sets = kept;
	/* and no shorter than the judge keeps: a clock of seconds would
	 * have it mail a game's parties every tick */
	if (c->set && (clock_check_settings(c, err) ||
		       clock_check_minima(c, err)))
		return -1;
	return 0;
}

int cmd_new(int argc, char **argv, const struct cli *cli, struct error *err)
{
	const char *seckey = NULL, *out = NULL, *referee = NULL, *id;
	const char *chain = NULL;
	const char **sides = xcalloc((size_t)argc, sizeof *sides);
	const char **sets = xcalloc((size_t)argc, sizeof *sets);
	const char **addrs = xcalloc((size_t)argc, sizeof *addrs);
	size_t n_sides = 0, n_sets = 0, n_addrs = 0;
	struct seckey *sk = NULL;
	struct game g;
	int rc = -1, have_game = 0, draft = 0;
	const struct opt opts[] = {
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 0, "referee", &referee, NULL, NULL, NULL },
		{ 0, "side", NULL, NULL, sides, &n_sides },
		{ 0, "set", NULL, NULL, sets, &n_sets },
		{ 0, "address", NULL, NULL, addrs, &n_addrs },
		{ 0, "chain-length", &chain, NULL, NULL, NULL },
		{ 0, "draft", NULL, &draft, NULL, NULL },
		{ 0 }
	};
	int prc = cli_parse(cli, argc, argv, opts, &id, 1, "one SCENARIO", err);
	if (prc) {
		rc = prc < 0 ? -1 : 0;
		goto out;
	}
	if (cli_distinct(cli, "referee key", referee, seckey, out, err))
		goto out;
	for (size_t i = 0; i < n_sides; i++) {
		const char *eq = strchr(sides[i], '=');
		if (eq && cli_distinct(cli, "side key", eq + 1, NULL, out, err))
			goto out;
	}
	unsigned long length = CHAIN_DEFAULT_LENGTH;
	if (chain) {
		char *end;
		length = strtoul(chain, &end, 10);
		if (!*chain || *end || length < 16 ||
		    length > CHAIN_MAX_LENGTH) {
			usage_error(err, "new", "--chain-length takes the most "
				    "steps the game may have, from 16 to %u",
				    CHAIN_MAX_LENGTH);
			goto out;
		}
	}
	struct game_clock clock;
	if (take_clock(cli, sets, &n_sets, &clock, err))
		goto out;
	struct scenario scn;
	if (scenario_find(cli->scenario_dir, id, &scn, err))
		goto out;
	struct strbuf listed = STRBUF_INIT;
	const char *names[GAME_MAX_ROLES];
	struct pubkey keys[GAME_MAX_ROLES];
	size_t n = 0;
	scenario_list_sides(&scn, &listed);
	for (size_t j = 0; j < n_sides; j++) {
		const char *eq = strchr(sides[j], '=');
		int known = 0;
		for (size_t i = 0; eq && i < scn.n_sides; i++)
			if (strlen(scn.sides[i]) == (size_t)(eq - sides[j]) &&
			    !strncmp(sides[j], scn.sides[i],
				     (size_t)(eq - sides[j])))
				known = 1;
		if (!eq) {
			usage_error(err, "new", "--side takes NAME=PUBKEY, not "
				    "'%s' (sides of %s: %s)", sides[j], scn.id,
				    listed.buf);
			goto out_list;
		}
		if (!known) {
			usage_error(err, "new", "scenario %s has no side "
				    "'%.*s' (its sides: %s)", scn.id,
				    (int)(eq - sides[j]), sides[j],
				    listed.buf);
			goto out_list;
		}
	}
	for (size_t i = 0; i < scn.n_sides; i++) {
		const char *val = NULL;
		size_t l = strlen(scn.sides[i]);
		for (size_t j = 0; j < n_sides; j++)
			if (strncmp(sides[j], scn.sides[i], l) == 0 &&
			    sides[j][l] == '=') {
				if (val) {
					usage_error(err, "new", "side %s given "
						    "twice", scn.sides[i]);
					goto out_list;
				}
				val = sides[j] + l + 1;
			}
		if (!val) {
			usage_error(err, "new", "scenario %s needs --side "
				    "%s=PUBKEY (its sides: %s)", scn.id,
				    scn.sides[i], listed.buf);
			goto out_list;
		}
		names[n] = scn.sides[i];
		if (mail_read_pubkey(val, &keys[n], err))
			goto out_list;
		n++;
	}
	if (scn.draft && !draft) {
		errorf(err, EXIT_REFUSED, "scenario %s is a draft: %s Pass "
		       "--draft to start a game of it anyway", scn.id,
		       scn.draft);
		goto out_list;
	}
	if (n_sides != scn.n_sides) {
		usage_error(err, "new", "scenario %s has sides: %s", scn.id,
			    listed.buf);
		goto out_list;
	}
	if (!referee && strcmp(scn.referee, "required") == 0) {
		usage_error(err, "new", "scenario %s needs a referee "
			    "(--referee PUBKEY; the same key as the player's "
			    "for casual solo play)", scn.id);
		goto out_list;
	}
	if (referee && strcmp(scn.referee, "none") == 0) {
		usage_error(err, "new", "scenario %s takes no referee", scn.id);
		goto out_list;
	}
	if (referee) {
		names[n] = "referee";
		if (mail_read_pubkey(referee, &keys[n], err))
			goto out_list;
		/* one side's key as the referee's would show that side the
		 * others' hands (hidden information); solo play may share */
		for (size_t i = 0; n > 1 && i < n; i++)
			if (memcmp(&keys[i], &keys[n], sizeof keys[n]) == 0) {
				usage_error(err, "new", "the referee key is "
					    "also side %s's key; in a game "
					    "of %zu sides the referee needs a "
					    "key of its own", names[i], n);
				goto out_list;
			}
		n++;
	}
	const char *invites[GAME_MAX_ROLES];
	if (take_invites(addrs, n_addrs, names, n, listed.buf, invites, err))
		goto out_list;
	/* the creator's join carries the config's address, as umpire
	 * join's does; the referee's too (a judge's host makes its games
	 * with the judge's config): every view's header then names where
	 * the game's orders go, its own judge (umpire mail) */
	char spec[MAIL_ADDR_MAX + 1];
	const char *mine_addr = NULL;
	if (cli_join_address(cli, NULL, spec, sizeof spec, &mine_addr, err))
		goto out_list;
	if (cli_seckey(cli, seckey, &sk, err))
		goto out_list;
	/* on a judge's host (a config with [judge] games) the game's short
	 * id is one no game kept there has: its address and subject tag
	 * name one game (route.c); an id is drawn again, where random
	 * draws clash once in four billion */
	char kept[GAME_ID_HEX + 1];
	for (int draw = 0;; draw++) {
		if (game_create(&g, cli->scenario_dir, scn.id,
				(char *const *)sets, n_sets, names, keys,
				invites, n, (uint32_t)length, &clock, err))
			goto out_list;
		have_game = 1;
		if (!cli->cfg.judge_games ||
		    !judge_games_of_prefix(cli->cfg.judge_games, g.id, kept))
			break;
		if (draw == NEW_DRAWS) {
			errorf(err, EXIT_REFUSED, "game %s: its short id %.8s "
			       "is that of game %s in the judge's games (%s), "
			       "and %d ids drawn again were too: the random "
			       "bytes are not random", g.id, g.id, kept,
			       cli->cfg.judge_games, NEW_DRAWS);
			goto out_list;
		}
		game_free(&g);
		have_game = 0;
	}
	struct pubkey mine;
	seckey_pubkey(sk, &mine);
	int joined = 0;
	/* a judge's host making a game with the judge's config (it has
	 * [judge] games): the referee joins at the game's own address,
	 * judge+ID8@club, which the judge's letters come from and which
	 * a mail system may route to the judge host keeping the game
	 * (umpire(1), JUDGE) */
	char game_addr[MAIL_ADDR_MAX + 1];
	const char *delim = cli->cfg.judge_delim ? cli->cfg.judge_delim :
		JUDGE_DELIM;
	int judges = cli->cfg.judge_games && mine_addr &&
		mail_game_address(mine_addr, delim, g.id, game_addr,
				  sizeof game_addr);
	for (size_t i = 0; i < n; i++)
		if (memcmp(&mine, &keys[i], sizeof mine) == 0) {
			if (game_join_address(&g, names[i], sk, judges &&
					      !strcmp(names[i], "referee") ?
					      game_addr : mine_addr, err))
				goto out_list;
			joined++;
		}
	if (!joined) {
		errorf(err, EXIT_USAGE, "the secret key given is none of the "
		       "game's roles' keys; the creator must hold one role");
		goto out_list;
	}
	struct strbuf sb = STRBUF_INIT;
	if (game_emit_checked(&g, cli->scenario_dir, &sb, err) == 0 &&
	    cli_write(out, &sb, game_output_mode(&g), err) == 0) {
		const char *who = game_unjoined(&g);
		fprintf(cli->msg, "umpire: game %s created (%s)%s%s%s\n", g.id,
			scn.id, who ? "; waiting for " : "; all roles joined",
			who ? who : "", who ? " to join" : "");
		rc = 0;
	}
	strbuf_free(&sb);
out_list:
	strbuf_free(&listed);
	scenario_free(&scn);
out:
	if (have_game)
		game_free(&g);
	seckey_free(sk);
	free(sides);
	free(sets);
	free(addrs);
	return rc;
}
