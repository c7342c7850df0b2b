/*
 * audit.c - umpire audit: replay and verify everything.
 */
#include "umpire/commands.h"
#include <stdlib.h>
#include <string.h>
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/game.h"
#include "umpire/keys.h"
#include "umpire/view.h"

/* Name the first top-level field of a that b lacks or holds otherwise
 * (the signature aside); NULL if there is none. */
static const char *first_difference(const struct doc_node *a,
				    const struct doc_node *b)
{
	for (size_t i = 0; i < a->n; i++) {
		const char *k = a->keys[i]->str;
		const struct doc_node *o = doc_get(b, k);
		if (!strcmp(k, "signature"))
			continue;
		struct strbuf x = STRBUF_INIT, y = STRBUF_INIT;
		if (o) {
			doc_encode(a->items[i], &x);
			doc_encode(o, &y);
		}
		int same = o && x.len == y.len && !memcmp(x.buf, y.buf, x.len);
		strbuf_free(&x);
		strbuf_free(&y);
		if (!same)
			return k;
	}
	return NULL;
}

static int audit_view(const struct cli *cli, struct game *g,
		      const struct run *run, const char *path,
		      const struct seckey *sk, struct error *err)
{
	char *buf;
	size_t len;
	struct view v;
	struct snapshot snap;
	if (mail_read_input(path, 1u << 20, &buf, &len, NULL, NULL, err))
		return -1;
	int rc = view_load(&v, path, buf, len, cli->scenario_dir, sk, err);
	free(buf);
	if (rc)
		return -1;
	rc = -1;
	if (strcmp(v.game.id, g->id) != 0) {
		errorf(err, EXIT_REFUSED, "view %s is of another game (%s)",
		       path, v.game.id);
		goto out;
	}
	if ((size_t)v.step > g->n_steps) {
		errorf(err, EXIT_REFUSED, "view %s is of step %lld, beyond the "
		       "game's %zu steps", path, v.step, g->n_steps);
		goto out;
	}
	if (game_snapshot(g, (size_t)v.step, &snap, err))
		goto out;
	struct doc *d = doc_new("view");
	struct doc_node *want = view_build(g, run, &snap, v.side, d);
	const char *diff = first_difference(v.node, want);
	if (!diff)
		diff = first_difference(want, v.node);
	if (diff)
		errorf(err, EXIT_REFUSED, "step %lld: the view %s of %s is not "
		       "an honest redaction of the game: its '%s' differs",
		       v.step, path, v.side, diff);
	else
		rc = 0;
	doc_free(d);
	snapshot_free(&snap);
out:
	view_free(&v);
	return rc;
}

/* Each view must be exactly what the referee should have sent. */
static int check_views(const struct cli *cli, struct game *g,
		       const struct run *run, const char *const *views,
		       size_t n, const char *seckey, struct error *err)
{
	struct seckey *sk = NULL;
	if (n && seckey && cli_seckey(cli, seckey, &sk, err))
		return -1;
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++)
		rc = audit_view(cli, g, run, views[i], sk, err);
	seckey_free(sk);
	return rc;
}

static int audit(const struct cli *cli, const char *path,
		 const char *const *views, size_t n_views, const char *seckey,
		 struct error *err)
{
	struct game g;
	struct run run;
	if (cli_game(cli, path, &g, err))
		return error_prefix(err, "audit failed");
	if (game_check(&g, CHECK_FULL, NULL, &run, err)) {
		game_free(&g);
		return error_prefix(err, "audit failed");
	}
	if (check_views(cli, &g, &run, views, n_views, seckey, err)) {
		engine_free(&run);
		game_free(&g);
		return error_prefix(err, "audit failed");
	}
	struct strbuf sb = STRBUF_INIT;
	if (run.outcome == RUN_OVER)
		g.scn.rs->result(run.state, &sb);
	fprintf(cli->out, "audit ok: game %s (%s), %zu steps, %zu draws; "
		"every signature, reveal, seed, draw and state checked%s.\n"
		"%s%s", g.id, g.scn.id, g.n_steps, run.n_draws,
		n_views ? "; every view given is an honest redaction" : "",
		run.outcome == RUN_OVER ? "Result: " : "The game goes on.",
		run.outcome == RUN_OVER ? sb.buf : "");
	fputc('\n', cli->out);
	strbuf_free(&sb);
	engine_free(&run);
	game_free(&g);
	return 0;
}

int cmd_audit(int argc, char **argv, const struct cli *cli,
	      struct error *err)
{
	const char *seckey = NULL;
	const char **views = xcalloc((size_t)argc, sizeof *views);
	const char **pos = xcalloc((size_t)argc, sizeof *pos);
	size_t n_views = 0, n_pos = 0;
	const struct opt opts[] = {
		{ 0, "view", NULL, NULL, views, &n_views },
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 0 }
	};
	/* GAME, then with --view any further files are views too:
	 * "audit GAME --view A B C" */
	int rc = cli_parse_var(cli, argc, argv, opts, pos, 1, (size_t)argc,
			       &n_pos, "one GAME", err);
	if (rc == 0 && n_pos > 1 && !n_views)
		rc = usage_error(err, "audit", "give one GAME (and views after "
				 "--view)");
	for (size_t i = 1; rc == 0 && i < n_pos; i++)
		views[n_views++] = pos[i];
	if (rc == 0)
		rc = audit(cli, pos[0], views, n_views, seckey, err);
	else
		rc = rc < 0 ? -1 : 0;
	free(views);
	free(pos);
	return rc;
}
