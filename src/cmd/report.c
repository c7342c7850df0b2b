/*
 * report.c - umpire report: the report of a step, the position after it,
 * and what is asked next, for everyone or as one side may see it.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/commands.h"
#include "umpire/game.h"
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/keys.h"
#include "umpire/report.h"
#include "umpire/view.h"

/* A view holds its side's report: print it after checking the view as
 * status and orders do (view_trust: the view is this key's side's, of
 * the game and history this key's record holds), or, without a key,
 * after saying plainly that only the referee's signature was checked. */
static int report_view(const struct cli *cli, const char *path,
		       const char *buf, size_t len, const char *seckey,
		       struct error *err)
{
	struct view v;
	int keyed = 0;
	if (cli_view(cli, path, buf, len, seckey, &v, &keyed, err))
		return -1;
	if (!keyed)
		fprintf(cli->msg, "umpire: note: %s: only the referee's "
			"signature was checked, not that the view is yours "
			"and of the history your key saw (give -s KEY, or "
			"secret_key in the config)\n", path_name(path));
	fputs(v.report, cli->out);
	view_free(&v);
	return 0;
}

int cmd_report(int argc, char **argv, const struct cli *cli,
	       struct error *err)
{
	const char *step_arg = NULL, *side = NULL, *path, *seckey = NULL;
	int full = 0, roster = 0;
	struct game g;
	struct run run;
	struct snapshot snap;
	char *buf;
	size_t len;
	const struct opt opts[] = {
		{ 0, "step", &step_arg, NULL, NULL, NULL },
		{ 0, "side", &side, NULL, NULL, NULL },
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 0, "full", NULL, &full, NULL, NULL },
		{ 0, "roster", NULL, &roster, NULL, NULL },
		{ 0 }
	};
	int rc = cli_parse(cli, argc, argv, opts, &path, 1, "one GAME or "
			   "VIEW", err);
	if (rc)
		return rc < 0 ? -1 : 0;
	if (mail_read_input(path, DOC_LIMITS_GAME.max_bytes, &buf, &len,
			    NULL, NULL, err))
		return -1;
	if (is_view_text(buf, len)) {
		rc = report_view(cli, path, buf, len, seckey, err);
		free(buf);
		return rc;
	}
	rc = game_parse(&g, path_name(path), buf, len, cli->scenario_dir, err);
	free(buf);
	if (rc)
		return -1;
	rc = -1;
	if (side && !game_role(&g, side)) {
		usage_error(err, "report", "this game has no side '%s'", side);
		goto out_game;
	}
	/* honour mode: the view of the side that runs it, unless --full */
	const char *hside = NULL;
	if (!full && cli_honour_side(cli, &g, side, seckey, &hside, err))
		goto out_game;
	if (hside)
		side = hside;
	size_t step = g.n_steps;
	if (step_arg) {
		char *end;
		unsigned long v = strtoul(step_arg, &end, 10);
		if (*end || !*step_arg || v < 1 || v > g.n_steps) {
			usage_error(err, "report", "--step takes a step from "
				    "1 to %zu", g.n_steps);
			goto out_game;
		}
		step = v;
	}
	/* the examples a report shows, as adjudicate's report */
	g.examples = REPORT_EXAMPLES;
	if (game_snapshot(&g, step, &snap, err) ||
	    game_check(&g, CHECK_LIGHT, NULL, &run, err))
		goto out_snap;
	struct report_at at = { step, snap.state,
		snap.over ? NULL : &snap.next, side, roster, 0 };
	struct strbuf sb = STRBUF_INIT;
	report_step(&g, &run, &at, &sb);
	fputs(sb.buf, cli->out);
	strbuf_free(&sb);
	engine_free(&run);
	rc = 0;
out_snap:
	snapshot_free(&snap);
out_game:
	game_free(&g);
	return rc;
}
