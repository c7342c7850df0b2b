/*
 * report.c - umpire report: the report of a step and the position.
 */
#include <getopt.h>
#include <stdlib.h>
#include "umpire/commands.h"
#include "umpire/game.h"
#include "umpire/report.h"

int cmd_report(int argc, char **argv, const struct cli *cli,
	       struct error *err)
{
	static const struct option lo[] = {
		{ "step", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *step_arg = NULL;
	unsigned long long seen = 0;
	struct game g;
	struct run run;
	int opt;

	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		if (opt == 'h') {
			print_usage(cli->out, "report");
			return 0;
		}
		if (opt != 'n')
			return usage_error(err, "report", "unknown or "
					   "incomplete option '%s'",
					   argv[optind - 1]);
		if (opt_once(&seen, opt, "--step", err))
			return -1;
		step_arg = optarg;
	}
	if (optind + 1 != argc)
		return usage_error(err, "report", "give exactly one GAME");
	if (cli_game(cli, argv[optind], &g, err))
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
