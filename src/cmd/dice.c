/*
 * dice.c - umpire dice: every draw of a game, verified by replay, and a
 * per-side summary for referees.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/commands.h"
#include "umpire/game.h"
#include "umpire/view.h"

static void summary(FILE *out, const struct game *g, const struct run *run)
{
	fprintf(out, "\nPer side (the side whose step drew):\n");
	for (size_t r = 0; r < g->n_roles; r++) {
		const char *name = g->roles[r].name;
		size_t draws = 0, dice = 0;
		double sum = 0, expect = 0;
		for (size_t i = 0; i < run->n_draws; i++) {
			const struct draw_rec *d = &run->draws[i];
			if (strcmp(g->steps[d->step - 1].actor, name) != 0)
				continue;
			draws++;
			if (d->pool[0] == 'd' && atoi(d->pool + 1) > 1) {
				dice++;
				sum += d->pick + 1;
				expect += (d->n + 1) / 2.0;
			}
		}
		if (!draws)
			continue;
		fprintf(out, "  %s: %zu draws", name, draws);
		if (dice)
			fprintf(out, "; %zu dice, total %.0f against %.1f "
				"expected (%+.1f)", dice, sum, expect,
				sum - expect);
		fputc('\n', out);
		/* each pool: how often drawn */
		for (size_t i = 0; i < run->n_draws; i++) {
			const struct draw_rec *d = &run->draws[i];
			if (strcmp(g->steps[d->step - 1].actor, name) != 0)
				continue;
			int first = 1;
			for (size_t j = 0; j < i && first; j++)
				first = strcmp(run->draws[j].pool, d->pool) ||
					strcmp(g->steps[run->draws[j].step -
					       1].actor, name);
			if (!first)
				continue;
			size_t n = 0;
			for (size_t j = i; j < run->n_draws; j++)
				n += !strcmp(run->draws[j].pool, d->pool) &&
					!strcmp(g->steps[run->draws[j].step -
						1].actor, name);
			fprintf(out, "    %-24s %zu draws\n", d->pool, n);
		}
	}
}

int cmd_dice(int argc, char **argv, const struct cli *cli, struct error *err)
{
	int sum = 0, rc;
	const char *path, *side = NULL;
	struct game g;
	struct run run;
	const struct opt opts[] = {
		{ 0, "summary", NULL, &sum, NULL, NULL },
		{ 0, "side", &side, NULL, NULL, NULL },
		{ 0 }
	};
	if ((rc = cli_parse(cli, argc, argv, opts, &path, 1, "one GAME",
			    err)))
		return rc < 0 ? -1 : 0;
	if (cli_game(cli, path, &g, err))
		return -1;
	if (side && !game_role(&g, side)) {
		game_free(&g);
		return usage_error(err, "dice", "this game has no side '%s'",
				   side);
	}
	if (game_check(&g, CHECK_FULL, NULL, &run, err)) {
		game_free(&g);
		return error_prefix(err, "the draws cannot be trusted");
	}
	fprintf(cli->out, "# step\tdraw\tturn\tphase\tpurpose\tpool\tof\t"
		"pick\tresult\n");
	for (size_t i = 0; i < run.n_draws; i++) {
		const struct draw_rec *d = &run.draws[i];
		char pick[16] = "-";
		const char *result = "(hidden)";
		/* a hidden result's pick would give the card away */
		if (visible_to(d->visible, side)) {
			snprintf(pick, sizeof pick, "%u", d->pick);
			result = d->result;
		}
		fprintf(cli->out, "%zu\t%llu\t%d\t%s\t%s\t%s\t%u\t%s\t%s\n",
			d->step, (unsigned long long)d->index, d->turn,
			d->phase, d->purpose, d->pool, d->n, pick, result);
	}
	if (sum)
		summary(cli->out, &g, &run);
	engine_free(&run);
	game_free(&g);
	return 0;
}
