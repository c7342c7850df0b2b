/*
 * orders.c - umpire orders: a ready-to-sign order file for the pending
 * decision, with the legal answers as comments.
 */
#include <string.h>
#include <sodium.h>
#include "umpire/commands.h"
#include "umpire/game.h"
#include "umpire/report.h"

/* A YAML comment block, wrapped. */
static void comment(struct strbuf *out, const char *text, size_t hang)
{
	struct strbuf w = STRBUF_INIT;
	report_wrap(&w, text, 0, hang);
	for (char *line = w.buf; line && *line;) {
		char *nl = strchr(line, '\n');
		strbuf_addf(out, "# %.*s\n", (int)(nl - line), line);
		line = nl + 1;
	}
	strbuf_free(&w);
}

static void question(struct strbuf *out, const struct question *q)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "rule %s, %s: %s", q->rule, q->key, q->text);
	comment(out, sb.buf, 2);
	strbuf_reset(&sb);
	strbuf_adds(&sb, "legal:");
	for (size_t i = 0; i < q->n; i++)
		strbuf_addf(&sb, " \"%s\"%s", q->options[i],
			    i + 1 < q->n ? "," : "");
	comment(out, sb.buf, 4);
	strbuf_addf(out, "- %s: \"%s\"\n", q->key, q->options[0]);
	strbuf_free(&sb);
}

static int write_template(const struct game *g, const struct run *tmpl,
			  const char *role, const unsigned char reveal[32],
			  struct strbuf *out)
{
	char hex[65];
	struct strbuf sb = STRBUF_INIT;
	sodium_bin2hex(hex, sizeof hex, reveal, 32);
	strbuf_addf(&sb, "umpire orders for %s, game %s, step %zu, side %s.",
		    g->scn.title, g->id, g->n_steps + 1, role);
	comment(out, sb.buf, 2);
	comment(out, "Each answer below is the first legal one; change it to "
		"another legal answer listed above it, then sign this file "
		"(umpire sign) and mail it.", 2);
	strbuf_addf(out, "umpire: orders/1\ngame: %s\nstep: %zu\nside: %s\n"
		    "reveal: %s\nanswers:\n", g->id, g->n_steps + 1, role,
		    hex);
	for (size_t i = 0; i < tmpl->n_filled; i++)
		question(out, &tmpl->filled[i]);
	strbuf_adds(out, "standing:\n");
	comment(out, "Questions the rules ask after a card or die is drawn "
		"start the next step, unless a standing order answers them. "
		"To give one, remove the '#' before its line:", 2);
	const struct standing_key *k = g->scn.rs->standing;
	for (; k && k->key; k++) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "rule %s: %s", k->rule, k->help);
		comment(out, sb.buf, 2);
		strbuf_addf(out, "#  %s: \"%s\"\n", k->key, k->example);
	}
	strbuf_free(&sb);
	return 0;
}

int cmd_orders(int argc, char **argv, const struct cli *cli,
	       struct error *err)
{
	const char *seckey = NULL, *out = NULL, *path;
	struct seckey *sk = NULL;
	struct game g;
	struct run run, tmpl;
	unsigned char reveal[32];
	int rc = -1;
	const struct opt opts[] = {
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 0 }
	};
	int prc = cli_parse(cli, argc, argv, opts, &path, 1, "one GAME", err);
	if (prc)
		return prc < 0 ? -1 : 0;
	if (cli_game(cli, path, &g, err))
		return -1;
	if (game_check(&g, CHECK_LIGHT, NULL, &run, err))
		goto out_game;
	if (run.outcome == RUN_OVER) {
		errorf(err, EXIT_REFUSED, "the game is over; no orders are "
		       "pending");
		goto out_run;
	}
	const char *role = run.pending.role;
	struct pubkey pk;
	if (cli_seckey(cli, seckey, &sk, err))
		goto out_run;
	seckey_pubkey(sk, &pk);
	if (sodium_memcmp(&pk, &game_role(&g, role)->pk, sizeof pk) != 0) {
		errorf(err, EXIT_REFUSED, "step %zu is %s's decision; this "
		       "secret key is not %s's", g.n_steps + 1, role, role);
		goto out_run;
	}
	if (game_link(&g, role, sk, g.n_steps + 1, reveal, err))
		goto out_run;
	struct engine_step step = { .mode = STEP_TEMPLATE, .actor = role,
		.src = "template" };
	if (game_check(&g, CHECK_LIGHT, &step, &tmpl, err))
		goto out_run;
	struct strbuf sb = STRBUF_INIT;
	write_template(&g, &tmpl, role, reveal, &sb);
	rc = cli_write(out, &sb, err);
	strbuf_free(&sb);
	engine_free(&tmpl);
out_run:
	engine_free(&run);
out_game:
	seckey_free(sk);
	game_free(&g);
	return rc;
}
