/*
 * join.c - umpire join: a role commits to its chain and signs the header.
 */
#include <getopt.h>
#include "umpire/commands.h"
#include "umpire/game.h"

int cmd_join(int argc, char **argv, const struct cli *cli, struct error *err)
{
	static const struct option lo[] = {
		{ "side", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *seckey = NULL, *out = NULL, *side = NULL;
	unsigned long long seen = 0;
	struct seckey *sk = NULL;
	struct game g;
	int opt;

	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "s:o:h", lo, NULL)) != -1) {
		const char **slot = opt == 's' ? &seckey : opt == 'o' ? &out :
			opt == 'S' ? &side : NULL;
		if (opt == 'h') {
			print_usage(cli->out, "join");
			return 0;
		}
		if (!slot)
			return usage_error(err, "join", "unknown or incomplete "
					   "option '%s'", argv[optind - 1]);
		if (opt_once(&seen, opt, opt == 'S' ? "--side" : opt == 's' ?
			     "-s" : "-o", err))
			return -1;
		*slot = optarg;
	}
	if (optind + 1 != argc || !side)
		return usage_error(err, "join", "give GAME and --side NAME");
	if (cli_game(cli, argv[optind], &g, err))
		return -1;
	int rc = -1;
	if (cli_seckey(cli, seckey, &sk, err) ||
	    game_join(&g, side, sk, err))
		goto out;
	struct strbuf sb = STRBUF_INIT;
	if (game_emit(&g, &sb, err) == 0 && cli_write(out, &sb, err) == 0) {
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
