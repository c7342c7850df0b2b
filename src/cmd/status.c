/*
 * status.c - umpire status: whose decision is pending, and the question.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/clock.h"
#include "umpire/check.h"
#include "umpire/commands.h"
#include "umpire/game.h"
#include "umpire/json.h"
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/notview.h"
#include "umpire/keys.h"
#include "umpire/record.h"
#include "umpire/report.h"
#include "umpire/view.h"

/* Whether the actor's key signed its orders for step n on this machine
 * (its local record), origin where from. */
static int actor_signed(struct game *g, const char *actor, long long n,
			char *origin, size_t size)
{
	const struct role *r = game_role(g, actor);
	return r && record_signed(&r->pk, g->id, n, origin, size);
}

/* Who is awaited for step n (umpire(1) status): the actor's orders, or,
 * when the actor's key signed orders for step n on this machine already
 * (its local record), the counter-party's adjudication of them. */
static void awaited(struct game *g, const char *actor, long long n,
		    int brief, FILE *out)
{
	char origin[80];
	const char *counter = game_counter(g, actor);
	int sent = counter && actor_signed(g, actor, n, origin,
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

/*
 * status --json: one object. "status" is "join", "pending",
 * "adjudication" or "over", as --brief says it; "question" is the pending
 * question with its legal answers (null when the game is over or the
 * question is not known).
 */
struct status_json {
	const char *game, *scenario, *side;   /* side: of a view, or NULL */
	long long steps;
	const char *status, *role;
	long long step;
	const char *result;                   /* when over */
	size_t result_len;
	const struct question *q;
};

static void print_json(FILE *out, const struct status_json *s)
{
	struct strbuf sb = STRBUF_INIT;
	struct json j;
	json_init(&j, &sb);
	json_begin_object(&j);
	json_kstring(&j, "game", s->game);
	json_kstring(&j, "scenario", s->scenario);
	if (s->side)
		json_kstring(&j, "view_of", s->side);
	json_kint(&j, "steps", s->steps);
	json_kstring(&j, "status", s->status);
	json_kstring(&j, "role", s->role);
	json_key(&j, "step");
	if (s->step > 0)
		json_int(&j, s->step);
	else
		json_null(&j);
	json_key(&j, "result");
	if (s->result)
		json_stringn(&j, s->result, s->result_len);
	else
		json_null(&j);
	json_key(&j, "question");
	if (s->q) {
		json_begin_object(&j);
		json_kstring(&j, "rule", s->q->rule);
		json_kstring(&j, "key", s->q->key);
		json_kstring(&j, "role", s->q->role);
		json_kstring(&j, "text", s->q->text);
		json_key(&j, "free_text");
		json_bool(&j, s->q->free_text);
		json_key(&j, "answers");
		json_begin_array(&j);
		for (size_t i = 0; i < s->q->n; i++)
			json_string(&j, s->q->options[i]);
		json_end_array(&j);
		json_end_object(&j);
	} else {
		json_null(&j);
	}
	json_end_object(&j);
	json_finish(&j);
	fputs(sb.buf, out);
	strbuf_free(&sb);
}

/* "pending" or "adjudication" for step n, as awaited() decides. */
static const char *awaited_status(struct game *g, const char *actor,
				  long long n, const char **role)
{
	char origin[80];
	const char *counter = game_counter(g, actor);
	if (counter && actor_signed(g, actor, n, origin, sizeof origin)) {
		*role = counter;
		return "adjudication";
	}
	*role = actor;
	return "pending";
}

/* What the template (umpire orders) will ask the view's side: the
 * questions before the step ends for it, run on its view alone, and
 * where it ends; nothing when the rules cannot start again from the
 * view's state. */
static void lookahead(const struct view *v, FILE *out)
{
	struct run run;
	struct error err;
	struct strbuf sb = STRBUF_INIT, w = STRBUF_INIT;
	if (check_view_template(v, NULL, "status", &run, &err) != 0)
		return;
	check_ahead(&run, 1, &sb);
	engine_free(&run);
	report_wrap(&w, sb.buf, 0, 2);
	fputs(w.buf, out);
	strbuf_free(&w);
	strbuf_free(&sb);
}

static int view_status(const struct cli *cli, const char *path,
		       const char *buf, size_t len, const char *seckey,
		       int brief, int json, struct error *err)
{
	struct view v;
	if (cli_view(cli, path, buf, len, seckey, &v, NULL, err))
		return -1;
	const char *result = doc_get(v.node, "result") ?
		doc_get(v.node, "result")->str : "";
	if (json) {
		struct status_json s = { .game = v.game.id,
			.scenario = v.game.scn.id, .side = v.side,
			.steps = v.step };
		if (v.over) {
			s.status = "over";
			s.result = result;
			s.result_len = strcspn(result, "\n");
		} else {
			s.status = awaited_status(&v.game, v.next.role,
						  v.step + 1, &s.role);
			s.step = v.step + 1;
			/* the question is in the view only for its side */
			if (!strcmp(v.next.role, v.side))
				s.q = &v.next;
		}
		print_json(cli->out, &s);
		view_free(&v);
		return 0;
	}
	if (brief && v.over)
		fprintf(cli->out, "over %.*s\n", (int)strcspn(result, "\n"),
			result);
	else if (brief)
		awaited(&v.game, v.next.role, v.step + 1, 1, cli->out);
	else
		fputs(strstr(v.report, "\nNext: ") ? strstr(v.report,
		      "\nNext: ") + 1 : v.report, cli->out);
	if (!brief && !v.over && !strcmp(v.next.role, v.side))
		lookahead(&v, cli->out);
	if (!brief && !v.over)
		awaited(&v.game, v.next.role, v.step + 1, 0, cli->out);
	view_free(&v);
	return 0;
}

/* 1 if buf is an order file: its first line that is not a comment is
 * "umpire: orders/...", or orders sealed to the referee. */
static int is_orders_text(const char *buf, size_t len)
{
	static const char head[] = "umpire: orders/";
	const char *p = buf, *end = buf + len;
	while (p < end && *p == '#') {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
	}
	return is_sealed_orders(buf, len) || ((size_t)(end - p) >=
		sizeof head - 1 && !memcmp(p, head, sizeof head - 1));
}

/* status --brief ORDERS: which game, step and side an order file is for
 * (a referee's script asks it of a message before choosing the game to
 * adjudicate it in);
 * orders sealed to the referee are opened with the key (-s, else the
 * config's). Nothing is verified here: adjudicate and verify do. */
static int orders_status(const struct cli *cli, const char *path,
			 const char *buf, size_t len, const char *seckey,
			 struct error *err)
{
	const char *name = path_name(path);
	char *plain = NULL;
	size_t plen;
	struct orders ord;
	if (is_sealed_orders(buf, len)) {
		struct seckey *sk;
		if (cli_seckey(cli, seckey, &sk, err))
			return -1;
		int rc = sealed_open(name, buf, len, SEALED_ORDERS_FORMAT, sk,
				     &plain, &plen, err);
		seckey_free(sk);
		if (rc)
			return -1;
		buf = plain;
		len = plen;
	}
	int rc = orders_parse(name, buf, len, &ord, err);
	if (rc == 0)
		fprintf(cli->out, "game %s step %lld side %s\n", ord.game,
			ord.step, ord.side);
	orders_free(&ord);
	free(plain);
	return rc;
}

/* status of a letter of the judge's that holds no game and no view (a
 * sealed answer, a letter in words: letter_not_view): what it holds said,
 * and where to look instead; --brief "letter", --json status "letter". */
static void letter_status(const struct cli *cli, const char *path,
			  const char *buf, size_t len, int none, int brief,
			  int json)
{
	struct strbuf word = STRBUF_INIT;
	char game[GAME_ID_HEX + 1], to[64];
	int answer = !none && sealed_header(path_name(path), buf, len,
					    SEALED_ANSWER_FORMAT, game, to,
					    sizeof to);
	letter_not_view(path, buf, len, none, &word);
	if (json) {
		/* the fields of every status object, null where a letter
		 * does not tell them */
		static const char *const unknown[] = { "scenario", "steps",
			"step", "result", "question" };
		struct strbuf sb = STRBUF_INIT;
		struct json j;
		json_init(&j, &sb);
		json_begin_object(&j);
		json_key(&j, "game");
		if (answer)
			json_string(&j, game);
		else
			json_null(&j);
		for (size_t i = 0; i < sizeof unknown / sizeof *unknown; i++) {
			json_key(&j, unknown[i]);
			json_null(&j);
		}
		json_kstring(&j, "status", "letter");
		json_key(&j, "role");
		if (answer)
			json_string(&j, to);
		else
			json_null(&j);
		json_kstring(&j, "letter", word.buf);
		json_end_object(&j);
		json_finish(&j);
		fputs(sb.buf, cli->out);
		strbuf_free(&sb);
	} else if (brief) {
		fputs("letter\n", cli->out);
	} else {
		fprintf(cli->out, "%s.\nIt holds no view of a game: umpire "
			"status on the latest view (or game file) you were "
			"sent says where the game stands.\n", word.buf);
	}
	strbuf_free(&word);
}

int cmd_status(int argc, char **argv, const struct cli *cli,
	       struct error *err)
{
	int brief = 0, json = 0, rc;
	const char *path, *seckey = NULL, *side_arg = NULL, *side = NULL;
	struct game g;
	struct run run;
	char *buf;
	size_t len;
	const struct opt opts[] = {
		{ 0, "brief", NULL, &brief, NULL, NULL },
		{ 0, "json", NULL, &json, NULL, NULL },
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 0, "side", &side_arg, NULL, NULL, NULL },
		{ 0 }
	};
	if ((rc = cli_parse(cli, argc, argv, opts, &path, 1, "one GAME, "
			    "VIEW or ORDERS", err)))
		return rc < 0 ? -1 : 0;
	int none = 0;
	rc = load_game_or_file(cli_loader(cli), path, path_name(path),
			       MAIL_NOT_ORDERS, GAME_PARSE_CHECKPOINTS,
			       &g, &buf, &len, NULL, &none, err);
	/* a report saved without its file is refused as one (mail.h) */
	if (rc < 0 && (!none || none == MAIL_NONE_REPORT))
		return -1;
	/* the judge's letters that hold no game and no view */
	if (rc < 0 || (rc == 0 && is_sealed_answer(buf, len))) {
		letter_status(cli, path, buf, len, none, brief, json);
		free(buf);
		return 0;
	}
	/* without --brief an order file is refused, saying what it is and
	 * which commands take it (game_parse) */
	if (rc == 0 && brief && is_orders_text(buf, len)) {
		rc = orders_status(cli, path, buf, len, seckey, err);
		free(buf);
		return rc;
	}
	if (rc == 0 && is_view_text(buf, len)) {
		rc = view_status(cli, path, buf, len, seckey, brief, json,
				 err);
		free(buf);
		return rc;
	}
	if (rc == 0) {
		rc = game_parse_flags(&g, path_name(path), buf, len,
				      cli->scenario_dir,
				      GAME_PARSE_CHECKPOINTS, err);
		free(buf);
		if (rc)
			return -1;
	}
	const char *who = game_unjoined(&g);
	if (who && json) {
		struct status_json s = { .game = g.id, .scenario = g.scn.id,
			.status = "join", .role = who };
		print_json(cli->out, &s);
		game_free(&g);
		return 0;
	}
	if (who) {
		if (brief)
			fprintf(cli->out, "join %s\n", who);
		else
		{
			fprintf(cli->out, "Game %s (%s): waiting for %s to "
				"join (umpire join GAME --side %s -s KEY).\n",
				g.id, g.scn.id, who, who);
			/* where each role is mailed: what its join says,
			 * else where the header invites it */
			for (size_t i = 0; i < g.n_roles; i++) {
				const struct role *r = &g.roles[i];
				const char *addr = game_address(&g, r->name);
				if (!r->invite && !addr)
					continue;
				fprintf(cli->out, "  %s: %s%s%s%s%s\n",
					r->name, r->joined ? "joined" :
					"to join", r->invite ? ", invited at "
					: "", r->invite ? r->invite : "",
					addr && addr != r->invite ?
					", mail to " : "", addr &&
					addr != r->invite ? addr : "");
			}
		}
		game_free(&g);
		return 0;
	}
	/* the question only: a replay from this machine's checkpoint, and
	 * the examples shown (--json lists them all) */
	g.checkpoints = CHECKPOINTS_USE;
	g.examples = json ? 0 : brief ? 1 : REPORT_EXAMPLES;
	if (game_check(&g, CHECK_LIGHT, NULL, &run, err)) {
		game_free(&g);
		return -1;
	}
	/* honour mode: the pending question (a hand) only to its side */
	if (!brief && cli_honour_side(cli, &g, side_arg, seckey, &side,
				      err)) {
		engine_free(&run);
		game_free(&g);
		return -1;
	}
	int hide = side && run.outcome != RUN_OVER &&
		strcmp(side, run.pending.role) != 0;
	struct strbuf sb = STRBUF_INIT;
	if (json) {
		struct status_json s = { .game = g.id, .scenario = g.scn.id,
			.steps = (long long)g.n_steps };
		if (run.outcome == RUN_OVER) {
			if (!clock_result(&g, &sb))
				g.scn.rs->result(run.state, &sb);
			s.status = "over";
			s.result = sb.buf ? sb.buf : "";
			s.result_len = strcspn(s.result, "\n");
		} else {
			s.status = awaited_status(&g, run.pending.role,
						  (long long)g.n_steps + 1,
						  &s.role);
			s.step = (long long)g.n_steps + 1;
			s.q = hide ? NULL : &run.pending;
		}
		s.side = side && *side ? side : NULL;
		print_json(cli->out, &s);
	} else if (brief && run.outcome == RUN_OVER) {
		if (!clock_result(&g, &sb))
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
		if (report_honour(&g, &sb) && hide)
			report_wrap(&sb, "The question and its legal answers "
				    "are shown to their side only (--side "
				    "ROLE, or -s with its key).", 0, 2);
		struct report_at at;
		report_latest(&g, &run, side, &at);
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
