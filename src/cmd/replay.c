/*
 * replay.c - umpire replay: a whole game as one HTML file that steps
 * through it (replay.h does the work). From a game file, the whole game:
 * of a game with views only once it is over (or with --full, for the
 * referee); of an honour-mode game, as the side of the key that runs it
 * sees it (as report and render show it; --full for every side's); from one side's views, only what they showed that side,
 * each view checked against the game as audit checks it when the game
 * file is given too.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/commands.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/mail.h"
#include "umpire/replay.h"
#include "umpire/view.h"

/* A file's name without its folders: the reader's copies are his. */
static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* The command that audits what the replay shows. */
static char *audit_command(const char *game, const char *const *views,
			   size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "umpire audit %s", game && strcmp(game, "-") ?
		    base_name(game) : "GAME.yaml");
	if (n)
		strbuf_adds(&sb, " --view");
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&sb, " %s", base_name(views[i]));
	return strbuf_detach(&sb, NULL);
}

static int whole_game(const struct cli *cli, const char *path, int full,
		      const char *seckey, struct replay *r, mode_t *mode,
		      struct error *err)
{
	struct game g;
	if (load_game(cli_loader(cli), path, 0, &g, err))
		return -1;
	int rc = -1;
	*mode = game_output_mode(&g);
	/* honour mode: the side of the key that runs it, as report and
	 * render show it, unless --full */
	const char *side = NULL;
	if (!full && cli_honour_side(cli, &g, NULL, seckey, &side, err))
		goto out;
	if (game_has_views(&g) && !full) {
		struct run run;
		/* over? the stored state says so only after a replay */
		if (game_check(&g, CHECK_LIGHT, NULL, &run, err))
			goto out;
		int over = run.outcome == RUN_OVER;
		engine_free(&run);
		if (!over) {
			usage_error(err, "replay", "%s: this game has views "
				    "and is not over: its file holds what the "
				    "sides may not see yet. Give a side's views "
				    "(--view) for its replay, or --full for "
				    "the referee's", path_name(path));
			goto out;
		}
	}
	rc = replay_game_as(&g, path_name(path), side, r, err);
	if (!rc)
		r->audit = audit_command(path, NULL, 0);
out:
	game_free(&g);
	return rc;
}

static int from_views(const struct cli *cli, const char *game,
		      const char *const *paths, size_t n, const char *seckey,
		      struct replay *r, struct error *err)
{
	struct view *v = xcalloc(n, sizeof *v);
	const char **names = xcalloc(n, sizeof *names);
	size_t loaded = 0;
	int rc = -1;
	if (game) {
		/* every view as the referee should have sent it */
		struct game g;
		struct run run;
		if (load_game(cli_loader(cli), game, 0, &g, err))
			goto out;
		rc = game_check(&g, CHECK_FULL, NULL, &run, err);
		if (!rc) {
			rc = cli_audit_views(cli, &g, &run, paths, n, seckey,
					     NULL, err);
			engine_free(&run);
		}
		game_free(&g);
		if (rc)
			goto out;
		rc = -1;
	}
	for (; loaded < n; loaded++) {
		char *buf;
		size_t len;
		names[loaded] = path_name(paths[loaded]);
		if (mail_read_input(paths[loaded], 1u << 20, &buf, &len, NULL,
				    NULL, err))
			goto out;
		int bad = !is_view_text(buf, len);
		if (bad)
			usage_error(err, "replay", "%s is not a view: give a "
				    "side's views after --view",
				    names[loaded]);
		else
			bad = cli_view(cli, paths[loaded], buf, len, seckey,
				       &v[loaded], NULL, err);
		free(buf);
		if (bad)
			goto out;
	}
	rc = replay_views(v, names, n, r, err);
	if (!rc)
		r->audit = audit_command(game, paths, n);
out:
	for (size_t i = 0; i < loaded; i++)
		view_free(&v[i]);
	free(v);
	free(names);
	return rc;
}

int cmd_replay(int argc, char **argv, const struct cli *cli,
	       struct error *err)
{
	const char *seckey = NULL, *out = NULL;
	const char **views = xcalloc((size_t)argc + 1, sizeof *views);
	const char **pos = xcalloc((size_t)argc + 1, sizeof *pos);
	size_t n_views = 0, n_pos = 0;
	int full = 0;
	mode_t mode = 0600;          /* a side's views: its cards */
	const struct opt opts[] = {
		{ 0, "view", NULL, NULL, views, &n_views },
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 0, "full", NULL, &full, NULL, NULL },
		{ 0 }
	};
	struct replay r;
	replay_init(&r);
	/* GAME, or GAME --view V..., or --view V... (or the views alone) */
	int rc = cli_parse_var(cli, argc, argv, opts, pos, 0, (size_t)argc,
			       &n_pos, "a GAME and/or a side's views", err);
	if (rc)
		goto done;
	const char *game = NULL;
	size_t first = 0;
	if (n_pos && !strcmp(pos[0], "-")) {
		/* the standard input, read once: a game file */
		game = pos[first++];
	} else if (n_pos) {
		/* a first file that is a view: all are views */
		char *buf;
		size_t len;
		if (mail_read_input(pos[0], DOC_LIMITS_GAME.max_bytes, &buf,
				    &len, NULL, NULL, err)) {
			rc = -1;
			goto done;
		}
		int view = is_view_text(buf, len);
		free(buf);
		if (!view)
			game = pos[first++];
	}
	for (size_t i = first; i < n_pos; i++)
		views[n_views++] = pos[i];
	if (!game && !n_views) {
		rc = usage_error(err, "replay", "give a GAME file, or a side's "
				 "views (--view FILE...)");
		goto done;
	}
	if (full && n_views) {
		rc = usage_error(err, "replay", "--full is for a game file "
				 "alone: a replay from views shows only what "
				 "they showed");
		goto done;
	}
	if (cli_distinct(cli, "input", game ? game : views[0], seckey, out,
			 err)) {
		rc = -1;
		goto done;
	}
	rc = n_views ? from_views(cli, game, views, n_views, seckey, &r, err)
		: whole_game(cli, game, full, seckey, &r, &mode, err);
	if (!rc) {
		struct strbuf page = STRBUF_INIT;
		replay_html(&r, &page);
		rc = cli_write(out ? out : "-", &page, mode, err);
		strbuf_free(&page);
	}
done:
	replay_free(&r);
	free(views);
	free(pos);
	return rc < 0 ? -1 : 0;
}
