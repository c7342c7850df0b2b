/*
 * join.c - umpire join: a role commits to its chain and signs the header.
 */
#include <string.h>
#include "umpire/commands.h"
#include "umpire/keys.h"
#include "umpire/game.h"
#include "umpire/mail.h"

int cmd_join(int argc, char **argv, const struct cli *cli, struct error *err)
{
	const char *seckey = NULL, *out = NULL, *side = NULL, *path;
	const char *address = NULL;
	struct seckey *sk = NULL;
	struct game g;
	const struct opt opts[] = {
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 0, "side", &side, NULL, NULL, NULL },
		{ 0, "address", &address, NULL, NULL, NULL },
		{ 0 }
	};
	int prc = cli_parse(cli, argc, argv, opts, &path, 1, "one GAME", err);
	if (prc)
		return prc < 0 ? -1 : 0;
	if (!side)
		return usage_error(err, "join", "give --side NAME");
	if (cli_distinct(cli, "game file", path, seckey, out, err))
		return -1;
	if (load_game(cli_loader(cli), path, 0, &g, err))
		return -1;
	int rc = -1;
	/* a side's join carries its address (--address, else the
	 * config's): one addr-spec, what is around it in the config
	 * ("Alice <alice@example.org>") left out */
	char spec[MAIL_ADDR_MAX + 1];
	const char *addr = NULL;
	if ((address || strcmp(side, "referee")) &&
	    cli_join_address(cli, address, spec, sizeof spec, &addr, err))
		goto out;
	/* a game inviting its referee at an address is kept by a judge
	 * (umpire judge), which mails a side only at its own address:
	 * without one the side would get no letter of the game, and the
	 * judge refuses the join */
	const char *judge = game_join_needs_address(&g, side, addr);
	if (judge) {
		errorf(err, EXIT_USAGE, "game %s invites its referee at %s, "
		       "a judge that mails each side at the address its join "
		       "carries, and this join of %s carries none (no "
		       "--address, no address under [umpire] in the "
		       "configuration file) nor does the game invite %s at "
		       "one: give --address ADDRESS", g.id, judge,
		       side, side);
		goto out;
	}
	if (cli_seckey(cli, seckey, &sk, err) ||
	    game_join_address(&g, side, sk, addr, err))
		goto out;
	struct strbuf sb = STRBUF_INIT;
	if (game_emit_checked(&g, cli->scenario_dir, &sb, err) == 0 &&
	    cli_write(out, &sb, game_output_mode(&g), err) == 0) {
		cli_keep_addresses(&g);   /* where umpire mail sends */
		/* what this join commits to: every role, its key and
		 * where the header invites it */
		for (size_t i = 0; i < g.n_roles; i++) {
			char id[KEYID_HEX_SIZE];
			keyid_hex(g.roles[i].pk.keynum, id);
			const char *inv = g.roles[i].invite;
			fprintf(cli->msg, "umpire: %s %-10s key %s%s%s%s\n",
				i ? "      " : "roles:", g.roles[i].name, id,
				g.roles[i].joined ? ", joined" : "",
				inv ? ", invited at " : "", inv ? inv : "");
		}
		const char *who = game_unjoined(&g);
		fprintf(cli->msg, "umpire: %s joined game %s%s%s%s\n", side,
			g.id, who ? "; waiting for " : "; all roles joined, "
			"the game can start", who ? who : "",
			who ? " to join" : "");
		rc = 0;
	}
	strbuf_free(&sb);
out:
	seckey_free(sk);
	game_free(&g);
	return rc;
}
