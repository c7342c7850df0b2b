/*
 * dice.c - umpire dice: every draw of a game, verified by replay, and a
 * per-side summary for referees.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/commands.h"
#include "umpire/game.h"
#include "umpire/view.h"

/*
 * The luck report. Every draw is a uniform pick among n (a die's faces, a
 * pool's cards); its value is pick + 1 (the face of a die, the position
 * of a card in its pool), with mean (n + 1) / 2 and variance
 * (n^2 - 1) / 12. For a group of draws the report gives their number,
 * the sum of the values against its expectation, and z, the difference
 * in standard deviations, with the two-sided chance of a difference at
 * least that large (erfc(|z| / sqrt 2)). Draws are credited to the role
 * they were drawn for (draw_rec.role), grouped by the rule that drew
 * them (the first word of the purpose) and the pool.
 */
struct luck {
	const char *role, *rule_of;   /* rule_of: a purpose; NULL: total */
	size_t rule_len;
	const char *pool;
	size_t draws;
	double sum, mean, var;
};

static void luck_add(struct luck *l, const struct draw_rec *d)
{
	double n = d->n;
	l->draws++;
	l->sum += d->pick + 1;
	l->mean += (n + 1) / 2;
	l->var += (n * n - 1) / 12;
}

static void luck_print(FILE *out, const struct luck *l, const char *label)
{
	double z = l->var > 0 ? (l->sum - l->mean) / sqrt(l->var) : 0;
	fprintf(out, "  %-24s %3zu draws sum %5.0f vs %7.1f z %+5.2f "
		"p %.2f\n", label, l->draws, l->sum, l->mean, z,
		erfc(fabs(z) / sqrt(2)));
}

static void summary(FILE *out, const struct game *g, const struct run *run)
{
	fprintf(out, "\nLuck report (each draw credited to the role it was "
		"drawn for; value:\na die's face, a card's position in its "
		"pool; z: the sum's distance\nfrom its expectation in "
		"standard deviations; p: the chance of one\nas large):\n");
	for (size_t r = 0; r < g->n_roles; r++) {
		struct luck all = { .role = g->roles[r].name };
		for (size_t i = 0; i < run->n_draws; i++)
			if (!strcmp(run->draws[i].role, all.role))
				luck_add(&all, &run->draws[i]);
		if (!all.draws)
			continue;
		fprintf(out, "%s:\n", all.role);
		luck_print(out, &all, "all draws");
		/* each (rule, pool), in the order first drawn */
		for (size_t i = 0; i < run->n_draws; i++) {
			const struct draw_rec *d = &run->draws[i];
			size_t rl = strcspn(d->purpose, " ");
			int first = strcmp(d->role, all.role) == 0;
			for (size_t j = 0; j < i && first; j++) {
				const struct draw_rec *e = &run->draws[j];
				first = strcmp(e->role, d->role) ||
					strcmp(e->pool, d->pool) ||
					strcspn(e->purpose, " ") != rl ||
					strncmp(e->purpose, d->purpose, rl);
			}
			if (!first)
				continue;
			struct luck one = { 0 };
			for (size_t j = i; j < run->n_draws; j++) {
				const struct draw_rec *e = &run->draws[j];
				if (!strcmp(e->role, d->role) &&
				    !strcmp(e->pool, d->pool) &&
				    strcspn(e->purpose, " ") == rl &&
				    !strncmp(e->purpose, d->purpose, rl))
					luck_add(&one, e);
			}
			char label[96];
			snprintf(label, sizeof label, "rule %.*s, %s", (int)rl,
				 d->purpose, d->pool);
			luck_print(out, &one, label);
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
