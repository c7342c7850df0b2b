/*
 * render.c - umpire render: the board after a step as an SVG picture.
 * The ruleset's render() hook draws the board with the marks of that
 * step (what moved, where it fought), or, for a side, of every step since
 * that side's own latest one; around it this command adds a
 * header band (game, scenario, step and turn, what comes next) and, for
 * a scenario with provisional data, a label saying so and a footer that
 * lists what is provisional.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/board.h"
#include "umpire/clock.h"
#include "umpire/commands.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/keys.h"
#include "umpire/mail.h"
#include "umpire/scenario.h"
#include "umpire/svg.h"
#include "umpire/view.h"

static int parse_step(const char *arg, size_t max, size_t *step,
		      struct error *err)
{
	char *end;
	unsigned long v;

	if (!arg)
		return 0;
	v = strtoul(arg, &end, 10);
	if (*end || !*arg || *arg == '-' || *arg == '+' || v > max)
		return usage_error(err, "render", "--step takes a step from 0 "
				   "(the start) to %zu", max);
	*step = v;
	return 0;
}

/* The page into out (cli_write's path and mode). */
static int page(const char *out, mode_t mode, const char *path,
		const struct board_at *at, struct error *err)
{
	struct strbuf text = STRBUF_INIT;
	int rc = board_page(at, path_name(path), &text, err);
	if (!rc)
		rc = cli_write(out, &text, mode, err);
	strbuf_free(&text);
	return rc;
}

/*
 * A player's view (referee mode): the board as the view's side sees it
 * after the view's step, from the view alone (sealed views opened with
 * -s, else the config's key). Hidden parts are drawn as the rules draw
 * them for that side (their size only); the marks are the view's: those
 * of every step since the side's own latest, as it may see them.
 */
static int render_view(const struct cli *cli, const char *path,
		       const char *buf, size_t len, const char *seckey,
		       const char *out, struct error *err)
{
	struct view v;
	struct snapshot snap = { 0 };
	int rc = -1;
	if (cli_view(cli, path, buf, len, seckey, &v, NULL, err))
		return -1;
	const struct scenario *scn = &v.game.scn;
	if (!scn->rs->render) {
		errorf(err, EXIT_USAGE, "%s: %s (%s) cannot be drawn yet: its "
		       "rules have no render hook", path_name(path),
		       scn->title, scn->id);
		goto out;
	}
	if (board_view_snapshot(&v, &snap, err)) {
		error_prefix(err, "%s: the view's state", path_name(path));
		goto out;
	}
	size_t n_marks;
	struct mark *marks = board_view_marks(&v, &n_marks);
	struct board_at at = { scn, (size_t)v.step, 0, &snap, v.side, 0,
		marks, n_marks, NULL, NULL };
	rc = page(out, 0600, path, &at, err);    /* a side's cards */
	free(marks);
out:
	snapshot_free(&snap);
	view_free(&v);
	return rc;
}

int cmd_render(int argc, char **argv, const struct cli *cli,
	       struct error *err)
{
	const char *step_arg = NULL, *side = NULL, *out = NULL, *path;
	const char *seckey = NULL;
	struct game g;
	struct snapshot snap;
	struct run run;
	int rc = -1, full = 0;
	const struct opt opts[] = {
		{ 0, "step", &step_arg, NULL, NULL, NULL },
		{ 0, "side", &side, NULL, NULL, NULL },
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 0, "full", NULL, &full, NULL, NULL },
		{ 0 }
	};
	int prc = cli_parse(cli, argc, argv, opts, &path, 1, "one GAME or "
			    "VIEW", err);
	if (prc)
		return prc < 0 ? -1 : 0;
	if (!out)
		return usage_error(err, "render", "give -o FILE.svg (or -o - "
				   "for stdout)");
	if (cli_distinct(cli, "input", path, seckey, out, err))
		return -1;
	char *buf;
	size_t len;
	if (mail_read_input(path, DOC_LIMITS_GAME.max_bytes, &buf, &len,
			    NULL, NULL, err))
		return -1;
	if (is_view_text(buf, len)) {
		if (step_arg || side)
			rc = usage_error(err, "render", "a view is of one step "
					 "and one side: --step and --side are "
					 "for game files");
		else
			rc = render_view(cli, path, buf, len, seckey, out, err);
		free(buf);
		return rc;
	}
	prc = game_parse(&g, path_name(path), buf, len, cli->scenario_dir,
			 err);
	free(buf);
	if (prc)
		return -1;
	const struct ruleset *rs = g.scn.rs;
	if (!rs->render) {
		errorf(err, EXIT_USAGE, "%s: %s (%s) cannot be drawn yet: its "
		       "rules have no render hook", path_name(path),
		       g.scn.title, g.scn.id);
		goto out_game;
	}
	if (side && !game_role(&g, side)) {
		usage_error(err, "render", "this game has no side '%s'", side);
		goto out_game;
	}
	/* honour mode: the view of the side that runs it by default */
	const char *hside = NULL;
	if (!full && cli_honour_side(cli, &g, side, seckey, &hside, err))
		goto out_game;
	if (hside)
		side = hside;
	size_t step = g.n_steps;
	if (parse_step(step_arg, g.n_steps, &step, err))
		goto out_game;
	if (game_snapshot(&g, step, &snap, err))
		goto out_game;
	if (game_check(&g, CHECK_LIGHT, NULL, &run, err))
		goto out_snap;

	const char *seer = side && strcmp(side, "referee") != 0 ? side : NULL;
	size_t n_marks;
	struct mark *marks = board_step_marks(&run, board_unseen_from(&g,
					      step, seer), step, seer,
					      &n_marks);
	struct board_at at = { &g.scn, g.n_steps, board_turn_at(&run, step),
		&snap, side, game_honour(&g), marks, n_marks, NULL, NULL };
	/* a game the judge's record ended (a forfeit): over at its last
	 * step, with the record's result */
	struct strbuf ended = STRBUF_INIT;
	if (step == g.n_steps && clock_result(&g, &ended))
		at.ended = ended.buf;
	rc = page(out, game_output_mode(&g), path, &at, err);
	strbuf_free(&ended);
	free(marks);
	engine_free(&run);
out_snap:
	snapshot_free(&snap);
out_game:
	game_free(&g);
	return rc;
}
