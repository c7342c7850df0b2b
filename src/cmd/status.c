/*
 * status.c - umpire status: whose decision is pending, and the question.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/commands.h"
#include "umpire/game.h"
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/keys.h"
#include "umpire/record.h"
#include "umpire/report.h"
#include "umpire/view.h"

/* Who is awaited for step n (item 11 of issue 9): the actor's orders, or,
 * when a key on this machine signed orders for step n already (its local
 * record), the counter-party's adjudication of them. */
static void awaited(struct game *g, const char *actor, long long n,
		    int brief, FILE *out)
{
	char origin[80];
	const char *counter = game_counter(g, actor);
	int sent = counter && record_any_signed(g->id, n, origin,
						sizeof origin);
	if (brief && sent)
		fprintf(out, "adjudication %s %lld\n", counter, n);
	else if (brief)
		fprintf(out, "pending %s %lld\n", actor, n);
	else if (sent)
		fprintf(out, "Waiting for %s to adjudicate %s's orders for step "
			"%lld\n(signed on this machine: %.40s).\n", counter,
			actor, n, origin);
	else
		fprintf(out, "Waiting for %s's orders for step %lld.\n", actor,
			n);
}

static int view_status(const struct cli *cli, const char *path,
		       const char *buf, size_t len, const char *seckey,
		       int brief, struct error *err)
{
	struct seckey *sk = NULL;
	struct view v;
	if (seckey && cli_seckey(cli, seckey, &sk, err))
		return -1;
	int rc = view_load(&v, path_name(path), buf, len, cli->scenario_dir,
			   sk, err);
	if (rc == 0 && sk && view_trust(&v, sk, err)) {
		view_free(&v);
		rc = -1;
	}
	seckey_free(sk);
	if (rc)
		return -1;
	const char *result = doc_get(v.node, "result") ?
		doc_get(v.node, "result")->str : "";
	if (brief && v.over)
		fprintf(cli->out, "over %.*s\n", (int)strcspn(result, "\n"),
			result);
	else if (brief)
		awaited(&v.game, v.next.role, v.step + 1, 1, cli->out);
	else
		fputs(strstr(v.report, "\nNext: ") ? strstr(v.report,
		      "\nNext: ") + 1 : v.report, cli->out);
	if (!brief && !v.over)
		awaited(&v.game, v.next.role, v.step + 1, 0, cli->out);
	view_free(&v);
	return 0;
}

int cmd_status(int argc, char **argv, const struct cli *cli,
	       struct error *err)
{
	int brief = 0, rc;
	const char *path, *seckey = NULL;
	struct game g;
	struct run run;
	char *buf;
	size_t len;
	const struct opt opts[] = {
		{ 0, "brief", NULL, &brief, NULL, NULL },
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 0 }
	};
	if ((rc = cli_parse(cli, argc, argv, opts, &path, 1, "one GAME or "
			    "VIEW", err)))
		return rc < 0 ? -1 : 0;
	if (mail_read_input(path, DOC_LIMITS_GAME.max_bytes, &buf, &len,
			    NULL, NULL, err))
		return -1;
	if (is_view_text(buf, len)) {
		rc = view_status(cli, path, buf, len, seckey, brief, err);
		free(buf);
		return rc;
	}
	rc = game_parse(&g, path_name(path), buf, len, cli->scenario_dir, err);
	free(buf);
	if (rc)
		return -1;
	const char *who = game_unjoined(&g);
	if (who) {
		if (brief)
			fprintf(cli->out, "join %s\n", who);
		else
			fprintf(cli->out, "Game %s (%s): waiting for %s to "
				"join (umpire join GAME --side %s -s KEY).\n",
				g.id, g.scn.id, who, who);
		game_free(&g);
		return 0;
	}
	if (game_check(&g, CHECK_LIGHT, NULL, &run, err)) {
		game_free(&g);
		return -1;
	}
	struct strbuf sb = STRBUF_INIT;
	if (brief && run.outcome == RUN_OVER) {
		g.scn.rs->result(run.state, &sb);
		/* one line: the result's first line */
		size_t l = strcspn(sb.buf ? sb.buf : "", "\n");
		fprintf(cli->out, "over %.*s\n", (int)l, sb.buf ? sb.buf : "");
	} else if (brief) {
		awaited(&g, run.pending.role, (long long)g.n_steps + 1, 1,
			cli->out);
	} else {
		strbuf_addf(&sb, "Game %s (%s), %zu steps played.\n", g.id,
			    g.scn.id, g.n_steps);
		struct report_at at;
		report_latest(&g, &run, NULL, &at);
		report_next(&g, &at, &sb);
		fputs(sb.buf, cli->out);
		if (run.outcome != RUN_OVER)
			awaited(&g, run.pending.role, (long long)g.n_steps + 1,
				0, cli->out);
	}
	strbuf_free(&sb);
	engine_free(&run);
	game_free(&g);
	return 0;
}
