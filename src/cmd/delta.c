/*
 * delta.c - umpire delta and umpire append: mail only the steps the other
 * side has not seen, and add them to one's own copy of the game after
 * checking that they extend the history it holds.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/commands.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/mail.h"

int cmd_delta(int argc, char **argv, const struct cli *cli,
	      struct error *err)
{
	const char *out = NULL, *since_s = NULL, *to_s = NULL, *path;
	struct game g;
	int rc = -1;
	const struct opt opts[] = {
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 0, "since", &since_s, NULL, NULL, NULL },
		{ 0, "to", &to_s, NULL, NULL, NULL },
		{ 0 }
	};
	int prc = cli_parse(cli, argc, argv, opts, &path, 1, "one GAME", err);
	if (prc)
		return prc < 0 ? -1 : 0;
	if (cli_distinct(cli, "game file", path, NULL, out, err))
		return -1;
	if (load_game(cli_loader(cli), path, 0, &g, err))
		return -1;
	/* by default the last step alone: what the other side lacks after
	 * it mailed the orders that this step adjudicated */
	size_t since = g.n_steps > 0 ? g.n_steps - 1 : 0;
	if (since_s) {
		char *end;
		unsigned long long v = strtoull(since_s, &end, 10);
		if (!*since_s || *end || since_s[0] == '-' || v > g.n_steps) {
			errorf(err, EXIT_USAGE, "--since %s: give a step from "
			       "0 to %zu (the last step the other side has)",
			       since_s, g.n_steps);
			goto out;
		}
		since = (size_t)v;
	}
	/* --to K: the steps up to K only, so that appending them to the
	 * game as joined gives the game cut after step K (a prefix, which
	 * verify --game of a refused file needs: umpire-game(5)) */
	struct game upto = g;
	if (to_s) {
		char *end;
		unsigned long long v = strtoull(to_s, &end, 10);
		if (!*to_s || *end || to_s[0] == '-' || v < since ||
		    v > g.n_steps) {
			errorf(err, EXIT_USAGE, "--to %s: give a step from %zu "
			       "(--since) to %zu (the game's last)", to_s,
			       since, g.n_steps);
			goto out;
		}
		upto.n_steps = (size_t)v;
	}
	struct strbuf text = STRBUF_INIT;
	if (game_delta(&upto, since, &text, err) == 0 &&
	    cli_write(out, &text, game_output_mode(&g), err) == 0)
		rc = 0;
	strbuf_free(&text);
out:
	game_free(&g);
	return rc;
}

int cmd_append(int argc, char **argv, const struct cli *cli,
	       struct error *err)
{
	const char *out = NULL, *pos[2];
	struct game g;
	struct run run;
	char *buf = NULL;
	size_t len;
	int rc = -1;
	const struct opt opts[] = {
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 0 }
	};
	int prc = cli_parse(cli, argc, argv, opts, pos, 2, "GAME and STEPS",
			    err);
	if (prc)
		return prc < 0 ? -1 : 0;
	if (!strcmp(pos[0], "-") && !strcmp(pos[1], "-"))
		return usage_error(err, "append", "GAME and STEPS cannot both "
				   "be stdin");
	if (cli_distinct(cli, "game file", pos[0], NULL, out, err) ||
	    cli_distinct(cli, "steps file", pos[1], NULL, out, err))
		return -1;
	if (load_game(cli_loader(cli), pos[0], 0, &g, err))
		return -1;
	if (mail_read_input(pos[1], DOC_LIMITS_GAME.max_bytes, &buf, &len,
			    NULL, NULL, err))
		goto out;
	if (game_append(&g, path_name(pos[1]), buf, len, &run, err) == 0) {
		struct strbuf text = STRBUF_INIT;
		if (game_emit_checked(&g, cli->scenario_dir, &text, err) == 0 &&
		    cli_write(out, &text, game_output_mode(&g), err) == 0) {
			fprintf(cli->msg, "umpire: %s: %zu steps now, every "
				"new step checked\n", path_name(pos[0]),
				g.n_steps);
			rc = 0;
		}
		strbuf_free(&text);
	}
	engine_free(&run);
out:
	free(buf);
	game_free(&g);
	return rc;
}
