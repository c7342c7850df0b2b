/*
 * status.c - umpire status: whose decision is pending, and the question.
 */
#include <string.h>
#include "umpire/commands.h"
#include "umpire/game.h"
#include "umpire/report.h"

int cmd_status(int argc, char **argv, const struct cli *cli,
	       struct error *err)
{
	int brief = 0, rc;
	const char *path;
	struct game g;
	struct run run;
	const struct opt opts[] = {
		{ 0, "brief", NULL, &brief, NULL, NULL },
		{ 0 }
	};
	if ((rc = cli_parse(cli, argc, argv, opts, &path, 1, "one GAME",
			    err)))
		return rc < 0 ? -1 : 0;
	if (cli_game(cli, path, &g, err))
		return -1;
	const char *who = game_unjoined(&g);
	if (who) {
		if (brief)
			fprintf(cli->out, "join %s\n", who);
		else
			fprintf(cli->out, "Game %s (%s): waiting for %s to "
				"join (umpire join GAME --side %s -s KEY).\n",
				g.id, g.scn.id, who, who);
		game_free(&g);
		return 0;
	}
	if (game_check(&g, CHECK_LIGHT, NULL, &run, err)) {
		game_free(&g);
		return -1;
	}
	struct strbuf sb = STRBUF_INIT;
	if (brief && run.outcome == RUN_OVER) {
		g.scn.rs->result(run.state, &sb);
		/* one line: the result's first line */
		size_t l = strcspn(sb.buf ? sb.buf : "", "\n");
		fprintf(cli->out, "over %.*s\n", (int)l, sb.buf ? sb.buf : "");
	} else if (brief) {
		fprintf(cli->out, "pending %s %zu\n", run.pending.role,
			g.n_steps + 1);
	} else {
		strbuf_addf(&sb, "Game %s (%s), %zu steps played.\n", g.id,
			    g.scn.id, g.n_steps);
		struct report_at at;
		report_latest(&g, &run, NULL, &at);
		report_next(&g, &at, &sb);
		fputs(sb.buf, cli->out);
	}
	strbuf_free(&sb);
	engine_free(&run);
	game_free(&g);
	return 0;
}
