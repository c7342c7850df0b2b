/*
 * dice.c - umpire dice: every draw of a game, verified by replay, and a
 * per-side summary for referees.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/commands.h"
#include "umpire/game.h"
#include "umpire/json.h"
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

/* One line of the report, or with j one object of "luck" (rule and pool
 * null for the role's total). */
static void luck_print(FILE *out, struct json *j, const struct luck *l,
		       const char *label, const char *role, const char *rule,
		       size_t rule_len, const char *pool)
{
	double z = l->var > 0 ? (l->sum - l->mean) / sqrt(l->var) : 0;
	if (j) {
		json_begin_object(j);
		json_kstring(j, "role", role);
		json_key(j, "rule");
		if (rule)
			json_stringn(j, rule, rule_len);
		else
			json_null(j);
		json_kstring(j, "pool", pool);
		json_kint(j, "draws", (long long)l->draws);
		json_key(j, "sum");
		json_number(j, l->sum);
		json_key(j, "expected");
		json_number(j, l->mean);
		json_key(j, "variance");
		json_number(j, l->var);
		json_key(j, "z");
		json_number(j, z);
		json_key(j, "p");
		json_number(j, erfc(fabs(z) / sqrt(2)));
		json_end_object(j);
		return;
	}
	fprintf(out, "  %-24s %3zu draws sum %5.0f vs %7.1f z %+5.2f "
		"p %.2f\n", label, l->draws, l->sum, l->mean, z,
		erfc(fabs(z) / sqrt(2)));
}

static void summary(FILE *out, struct json *j, const struct game *g,
		    const struct run *run)
{
	if (!j)
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
		if (!j)
			fprintf(out, "%s:\n", all.role);
		luck_print(out, j, &all, "all draws", all.role, NULL, 0, NULL);
		/* each (rule, pool), in the order first drawn */
		for (size_t i = 0; i < run->n_draws; i++) {
			const struct draw_rec *d = &run->draws[i];
			size_t rl = strcspn(d->purpose, " ");
			int first = strcmp(d->role, all.role) == 0;
			for (size_t k = 0; k < i && first; k++) {
				const struct draw_rec *e = &run->draws[k];
				first = strcmp(e->role, d->role) ||
					strcmp(e->pool, d->pool) ||
					strcspn(e->purpose, " ") != rl ||
					strncmp(e->purpose, d->purpose, rl);
			}
			if (!first)
				continue;
			struct luck one = { 0 };
			for (size_t k = i; k < run->n_draws; k++) {
				const struct draw_rec *e = &run->draws[k];
				if (!strcmp(e->role, d->role) &&
				    !strcmp(e->pool, d->pool) &&
				    strcspn(e->purpose, " ") == rl &&
				    !strncmp(e->purpose, d->purpose, rl))
					luck_add(&one, e);
			}
			char label[96];
			snprintf(label, sizeof label, "rule %.*s, %s", (int)rl,
				 d->purpose, d->pool);
			luck_print(out, j, &one, label, all.role, d->purpose, rl,
				   d->pool);
		}
	}
}

int cmd_dice(int argc, char **argv, const struct cli *cli, struct error *err)
{
	int sum = 0, json = 0, rc;
	const char *path, *side = NULL;
	struct game g;
	struct run run;
	const struct opt opts[] = {
		{ 0, "summary", NULL, &sum, NULL, NULL },
		{ 0, "json", NULL, &json, NULL, NULL },
		{ 0, "side", &side, NULL, NULL, NULL },
		{ 0 }
	};
	if ((rc = cli_parse(cli, argc, argv, opts, &path, 1, "one GAME",
			    err)))
		return rc < 0 ? -1 : 0;
	if (load_game(cli_loader(cli), path, 0, &g, err))
		return -1;
	if (side && !game_role(&g, side)) {
		game_free(&g);
		return usage_error(err, "dice", "this game has no side '%s'",
				   side);
	}
	/* honour mode: the draws as the side that runs it sees them */
	const char *hside;
	if (cli_honour_side(cli, &g, side, NULL, &hside, err)) {
		game_free(&g);
		return -1;
	}
	if (hside)
		side = hside;
	if (game_check(&g, CHECK_FULL, NULL, &run, err)) {
		game_free(&g);
		return error_prefix(err, "the draws cannot be trusted");
	}
	struct strbuf js = STRBUF_INIT;
	struct json j;
	json_init(&j, &js);
	if (json) {
		json_begin_object(&j);
		json_kstring(&j, "game", g.id);
		json_kstring(&j, "scenario", g.scn.id);
		json_key(&j, "draws");
		json_begin_array(&j);
	} else {
		if (hside)
			fprintf(cli->out, "# HONOUR MODE: the game file holds "
				"every hidden card; shown as %s sees them\n",
				*hside ? hside : "no side");
		fprintf(cli->out, "# step\tdraw\tturn\tphase\tpurpose\tpool\t"
			"of\tpick\tresult\n");
	}
	for (size_t i = 0; i < run.n_draws; i++) {
		const struct draw_rec *d = &run.draws[i];
		char pick[16] = "-";
		const char *result = "(hidden)";
		/* a hidden result's pick would give the card away */
		if (visible_to(d->visible, side)) {
			snprintf(pick, sizeof pick, "%u", d->pick);
			result = d->result;
		}
		if (json) {
			int seen = visible_to(d->visible, side);
			json_begin_object(&j);
			json_kint(&j, "step", (long long)d->step);
			json_kint(&j, "draw", (long long)d->index);
			json_kint(&j, "turn", d->turn);
			json_kstring(&j, "phase", d->phase);
			json_kstring(&j, "purpose", d->purpose);
			json_kstring(&j, "pool", d->pool);
			json_kint(&j, "of", d->n);
			json_key(&j, "pick");
			if (seen)
				json_int(&j, d->pick);
			else
				json_null(&j);
			json_kstring(&j, "result", seen ? d->result : NULL);
			json_kstring(&j, "for", d->role);
			json_end_object(&j);
			continue;
		}
		fprintf(cli->out, "%zu\t%llu\t%d\t%s\t%s\t%s\t%u\t%s\t%s\n",
			d->step, (unsigned long long)d->index, d->turn,
			d->phase, d->purpose, d->pool, d->n, pick, result);
	}
	if (json) {
		json_end_array(&j);
		if (sum) {
			json_key(&j, "luck");
			json_begin_array(&j);
			summary(cli->out, &j, &g, &run);
			json_end_array(&j);
		}
		json_end_object(&j);
		json_finish(&j);
		fputs(js.buf, cli->out);
	} else if (sum) {
		summary(cli->out, NULL, &g, &run);
	}
	strbuf_free(&js);
	engine_free(&run);
	game_free(&g);
	return 0;
}
