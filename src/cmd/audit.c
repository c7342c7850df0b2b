/*
 * audit.c - umpire audit: replay and verify everything.
 */
#include "umpire/commands.h"
#include "umpire/game.h"

int cmd_audit(int argc, char **argv, const struct cli *cli,
	      struct error *err)
{
	const char *path;
	struct game g;
	struct run run;
	const struct opt opts[] = { { 0 } };
	int rc = cli_parse(cli, argc, argv, opts, &path, 1, "one GAME", err);
	if (rc)
		return rc < 0 ? -1 : 0;
	if (cli_game(cli, path, &g, err))
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
