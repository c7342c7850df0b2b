/*
 * audit.c - umpire audit: replay and verify everything.
 */
#include <getopt.h>
#include "umpire/commands.h"
#include "umpire/game.h"

int cmd_audit(int argc, char **argv, const struct cli *cli,
	      struct error *err)
{
	static const struct option lo[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct game g;
	struct run run;
	int opt;

	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		if (opt == 'h') {
			print_usage(cli->out, "audit");
			return 0;
		}
		return usage_error(err, "audit", "unknown option '%s'",
				   argv[optind - 1]);
	}
	if (optind + 1 != argc)
		return usage_error(err, "audit", "give exactly one GAME");
	if (cli_game(cli, argv[optind], &g, err))
		return error_prefix(err, "audit failed");
	if (game_check(&g, CHECK_FULL, NULL, &run, err)) {
		game_free(&g);
		return error_prefix(err, "audit failed");
	}
	struct strbuf sb = STRBUF_INIT;
	if (run.outcome == RUN_OVER)
		g.scn.rs->result(run.state, &sb);
	fprintf(cli->out, "audit ok: game %s (%s), %zu steps, %zu draws; "
		"every signature, reveal, seed, draw and state checked.\n%s%s",
		g.id, g.scn.id, g.n_steps, run.n_draws,
		run.outcome == RUN_OVER ? "Result: " : "The game goes on.",
		run.outcome == RUN_OVER ? sb.buf : "");
	fputc('\n', cli->out);
	strbuf_free(&sb);
	engine_free(&run);
	game_free(&g);
	return 0;
}
