/*
 * report.c - umpire report: the report of a step and the position.
 */
#include <stdlib.h>
#include "umpire/commands.h"
#include "umpire/game.h"
#include "umpire/report.h"

int cmd_report(int argc, char **argv, const struct cli *cli,
	       struct error *err)
{
	const char *step_arg = NULL, *path;
	struct game g;
	struct run run;
	const struct opt opts[] = {
		{ 0, "step", &step_arg, NULL, NULL, NULL },
		{ 0 }
	};
	int rc = cli_parse(cli, argc, argv, opts, &path, 1, "one GAME", err);
	if (rc)
		return rc < 0 ? -1 : 0;
	if (cli_game(cli, path, &g, err))
		return -1;
	if (game_check(&g, CHECK_LIGHT, NULL, &run, err)) {
		game_free(&g);
		return -1;
	}
	size_t step = g.n_steps;
	if (step_arg) {
		char *end;
		unsigned long v = strtoul(step_arg, &end, 10);
		if (*end || !*step_arg || v < 1 || v > g.n_steps) {
			engine_free(&run);
			game_free(&g);
			return usage_error(err, "report", "--step takes a step "
					   "from 1 to %zu", g.n_steps);
		}
		step = v;
	}
	struct strbuf sb = STRBUF_INIT;
	report_step(&g, &run, step, &sb);
	if (step != g.n_steps)
		strbuf_adds(&sb, "(The position and the next decision are "
			    "those after the latest step.)\n");
	fputs(sb.buf, cli->out);
	strbuf_free(&sb);
	engine_free(&run);
	game_free(&g);
	return 0;
}
