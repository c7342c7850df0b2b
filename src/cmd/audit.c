/*
 * audit.c - umpire audit: replay and verify everything.
 */
#include "umpire/clock.h"
#include "umpire/commands.h"
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/notview.h"
#include "umpire/game.h"
#include "umpire/json.h"
#include "umpire/keys.h"
#include "umpire/report.h"
#include "umpire/view.h"

/* Load and fully check one of the two files of --against. */
static int load_checked(const struct cli *cli, const char *path,
			struct game *g, struct error *err)
{
	struct run run;
	/* (the steps read one at a time: a whole game's check reads no
	 * step's node after it) */
	if (load_game(cli_loader(cli), path, GAME_PARSE_STREAM, g, err))
		return error_prefix(err, "audit failed");
	if (game_check(g, CHECK_FULL, NULL, &run, err)) {
		game_free(g);
		return error_prefix(err, "audit failed: %s", path_name(path));
	}
	engine_free(&run);
	return 0;
}

/* Where two files of one game diverge, and who signed both sides of the
 * fork (umpire-protocol(7)): a party that signs two versions of one step
 * can choose its outcome, since the seed does not depend on the orders. */
static int against(const struct cli *cli, const char *pa, const char *pb,
		   struct error *err)
{
	struct game a, b;
	const char *na = path_name(pa), *nb = path_name(pb);
	if (load_checked(cli, pa, &a, err))
		return -1;
	if (load_checked(cli, pb, &b, err)) {
		game_free(&a);
		return -1;
	}
	int rc = -1;
	if (strcmp(a.id, b.id) != 0) {
		errorf(err, EXIT_REFUSED, "%s and %s are two different games "
		       "(%s, %s)", na, nb, a.id, b.id);
		goto out;
	}
	if (sodium_memcmp(a.core_hash, b.core_hash, 32) != 0) {
		errorf(err, EXIT_REFUSED, "%s and %s have the game id %s but "
		       "two different headers (made twice)", na, nb, a.id);
		goto out;
	}
	if (sodium_memcmp(a.genesis, b.genesis, 32) != 0) {
		struct strbuf who = STRBUF_INIT;
		for (size_t i = 0; i < a.n_roles && i < b.n_roles; i++)
			if (sodium_memcmp(a.roles[i].anchor, b.roles[i].anchor,
					  32) != 0)
				strbuf_addf(&who, "%s%s", who.len ? ", " : "",
					    a.roles[i].name);
		errorf(err, EXIT_REFUSED, "%s and %s fork at the header: "
		       "joined twice, by %s (each join is signed: "
		       "equivocation)", na, nb, who.buf ? who.buf : "?");
		strbuf_free(&who);
		goto out;
	}
	size_t n = a.n_steps < b.n_steps ? a.n_steps : b.n_steps, i = 0;
	while (i < n && !sodium_memcmp(a.steps[i].hash, b.steps[i].hash, 32))
		i++;
	if (i == n) {
		fprintf(cli->out, "same history: %s has %zu steps, %s has %zu; "
			"%s is a prefix of the other (no fork)\n", na,
			a.n_steps, nb, b.n_steps, a.n_steps <= b.n_steps ?
			na : nb);
		rc = 0;
		goto out;
	}
	const struct game_step *x = &a.steps[i], *y = &b.steps[i];
	int orders_differ = x->blob_len != y->blob_len ||
		memcmp(x->blob, y->blob, x->blob_len) != 0;
	struct strbuf msg = STRBUF_INIT;
	strbuf_addf(&msg, "%s and %s fork at step %zu: ", na, nb, i + 1);
	if (strcmp(x->actor, y->actor) != 0)
		strbuf_addf(&msg, "ordered by %s in one and %s in the other; ",
			    x->actor, y->actor);
	else if (orders_differ)
		strbuf_addf(&msg, "%s signed two different order files for "
			    "it (equivocated); ", x->actor);
	strbuf_addf(&msg, "%s countersigned both versions (equivocated)",
		    x->counter);
	errorf(err, EXIT_REFUSED, "%s", msg.buf);
	strbuf_free(&msg);
out:
	game_free(&a);
	game_free(&b);
	return rc;
}

/* audit --json when the audit fails: {"ok": false, "error": ...} */
static int json_failed(const struct cli *cli, int json, struct error *err)
{
	error_prefix(err, "audit failed");
	if (json) {
		struct strbuf sb = STRBUF_INIT;
		struct json j;
		json_init(&j, &sb);
		json_begin_object(&j);
		json_key(&j, "ok");
		json_bool(&j, 0);
		json_kstring(&j, "error", err->msg);
		json_end_object(&j);
		json_finish(&j);
		fputs(sb.buf, cli->out);
		strbuf_free(&sb);
	}
	return -1;
}

/* path loaded and checked whole (game_check) into g and run; *reread:
 * refused with its orders' bytes freed (drop), the file to be read again
 * to say why */
static int load_audited(const struct cli *cli, const char *path,
			size_t n_views, int drop, struct game *g,
			struct run *run, int *reread, struct error *err)
{
	*reread = 0;
	/* with no view to compare, the steps read one at a time, their
	 * nodes not kept (a view is compared with the steps' nodes) */
	/* and, its orders' bytes not kept (drop), no step kept: the check
	 * reads them from the file again (GAME_PARSE_PULL) */
	if (load_game(cli_loader(cli), path, n_views ? 0 : GAME_PARSE_STREAM |
		      (drop ? GAME_PARSE_PULL : 0), g, err))
		return -1;
	/* the pending question is not shown (a view given lists its side's
	 * every answer, and is rebuilt from this run to be compared): one
	 * example, not all of them (a Race to the Reichstag movement
	 * question lists up to 96, each a search) */
	if (!n_views)
		g->examples = 1;
	/* each step's orders kept as the replay reads them, not as parsed,
	 * and with no view their bytes not kept once verified */
	g->pack_orders = 1;
	g->drop_orders = drop && !n_views;
	/* and with no view, no step's draws, events or marks kept */
	g->stream_run = !n_views;
	if (game_check(g, CHECK_FULL, NULL, run, err)) {
		*reread = g->reread;
		game_free(g);
		return -1;
	}
	return 0;
}

static int audit(const struct cli *cli, const char *path,
		 const char *const *views, size_t n_views, const char *seckey,
		 int json, struct error *err)
{
	struct game g;
	struct run run;
	int reread;
	if (load_audited(cli, path, n_views, 1, &g, &run, &reread, err) &&
	    !reread)
		return json_failed(cli, json, err);
	/* a signature failed: the check that says which reads the orders'
	 * bytes, so the file is read again; a file that now passes was
	 * changed while it was read, and stays refused */
	if (reread) {
		if (load_audited(cli, path, n_views, 0, &g, &run, &reread,
				 err))
			return json_failed(cli, json, err);
		engine_free(&run);
		game_free(&g);
		errorf(err, EXIT_REFUSED, "%s: a signature did not verify, "
		       "and the file read again does: it changed while it "
		       "was audited", path);
		return json_failed(cli, json, err);
	}
	size_t skipped;
	if (cli_audit_views(cli, &g, &run, views, n_views, seckey, &skipped,
			    err)) {
		engine_free(&run);
		game_free(&g);
		return json_failed(cli, json, err);
	}
	struct strbuf sb = STRBUF_INIT;
	if (run.outcome == RUN_OVER && !clock_result(&g, &sb))
		g.scn.rs->result(run.state, &sb);
	if (json) {
		struct strbuf js = STRBUF_INIT;
		struct json j;
		json_init(&j, &js);
		json_begin_object(&j);
		json_key(&j, "ok");
		json_bool(&j, 1);
		json_kstring(&j, "game", g.id);
		json_kstring(&j, "scenario", g.scn.id);
		json_kint(&j, "steps", (long long)g.n_steps);
		json_kint(&j, "draws", (long long)(run.n_draws +
						   run.n_draws_dropped));
		json_kint(&j, "views", (long long)(n_views - skipped));
		json_kint(&j, "skipped", (long long)skipped);
		json_key(&j, "over");
		json_bool(&j, run.outcome == RUN_OVER);
		json_key(&j, "result");
		if (run.outcome == RUN_OVER)
			json_stringn(&j, sb.buf, strcspn(sb.buf, "\n"));
		else
			json_null(&j);
		clock_json(&g, &j);
		json_end_object(&j);
		json_finish(&j);
		fputs(js.buf, cli->out);
		strbuf_free(&js);
	} else fprintf(cli->out, "audit ok: game %s (%s), %zu steps, %zu draws; "
		"every signature, reveal, seed, draw and state checked%s%s.\n"
		"%s%s", g.id, g.scn.id, g.n_steps,
		run.n_draws + run.n_draws_dropped,
		n_views > skipped ? "; every view given is an honest redaction"
		: "", skipped ? "; the letters with no view skipped" : "",
		run.outcome == RUN_OVER ? "Result: " : "The game goes on.",
		run.outcome == RUN_OVER ? sb.buf : "");
	if (!json) {
		fputc('\n', cli->out);
		strbuf_reset(&sb);
		clock_describe(&g, &sb);
		if (sb.len)
			fputs(sb.buf, cli->out);
		strbuf_reset(&sb);
		if (report_honour(&g, &sb))
			fputs(sb.buf, cli->out);
	}
	strbuf_free(&sb);
	engine_free(&run);
	game_free(&g);
	return 0;
}

int cmd_audit(int argc, char **argv, const struct cli *cli,
	      struct error *err)
{
	const char *seckey = NULL, *other = NULL;
	const char **views = xcalloc((size_t)argc, sizeof *views);
	const char **pos = xcalloc((size_t)argc, sizeof *pos);
	size_t n_views = 0, n_pos = 0;
	int json = 0;
	const struct opt opts[] = {
		{ 0, "json", NULL, &json, NULL, NULL },
		{ 0, "view", NULL, NULL, views, &n_views },
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 0, "against", &other, NULL, NULL, NULL },
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
	if (rc == 0 && other && n_views)
		rc = usage_error(err, "audit", "--against compares two game "
				 "files; audit views separately");
	if (rc == 0 && other)
		rc = against(cli, pos[0], other, err);
	else if (rc == 0)
		rc = audit(cli, pos[0], views, n_views, seckey, json, err);
	else
		rc = rc < 0 ? -1 : 0;
	free(views);
	free(pos);
	return rc;
}
