/*
 * orders.c - umpire orders: a ready-to-sign order file for the pending
 * decision, with the legal answers as comments.
 */
#define _DEFAULT_SOURCE /* mkstemps: the draft keeps its .yaml for the editor */
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <string.h>
#include <sodium.h>
#include "umpire/check.h"
#include "umpire/commands.h"
#include "umpire/game.h"
#include "umpire/record.h"
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/report.h"
#include "umpire/view.h"

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

/* A standing order's line in the template: the prefix's (a kept one)
 * as given, else the example commented out. */
static void standing_line(struct strbuf *out, const struct orders *prefix,
			  const char *key, const char *scope,
			  const char *example)
{
	size_t n = strlen(key);
	for (size_t i = 0; prefix && i < prefix->n_standing; i++) {
		const struct answer *a = &prefix->standing[i];
		if (!strncmp(a->key, key, n) && !strcmp(a->key + n, scope)) {
			strbuf_addf(out, "  %s: \"%s\"\n", a->key, a->value);
			return;
		}
	}
	strbuf_addf(out, "#  %s%s: \"%s\"\n", key, scope, example);
}

/* again: the free-text question just before asked the same (rule, key
 * and text), and a template without answers given lists its examples
 * once */
static void question(struct strbuf *out, const struct question *q,
		     const char *given, int again)
{
	struct strbuf sb = STRBUF_INIT;
	if (again) {
		strbuf_addf(&sb, "rule %s, %s: again (answers as in the "
			    "examples above)", q->rule, q->key);
		comment(out, sb.buf, 2);
		strbuf_addf(out, "- %s: \"%s\"\n", q->key, given ? given :
			    q->options[0]);
		strbuf_free(&sb);
		return;
	}
	strbuf_addf(&sb, "rule %s, %s: %s", q->rule, q->key, q->text);
	comment(out, sb.buf, 2);
	strbuf_reset(&sb);
	strbuf_adds(&sb, q->free_text ? "for example:" : "legal:");
	for (size_t i = 0; i < q->n; i++)
		strbuf_addf(&sb, " \"%s\"%s", q->options[i],
			    i + 1 < q->n ? "," : "");
	comment(out, sb.buf, 4);
	strbuf_addf(out, "- %s: \"%s\"\n", q->key, given ? given :
		    q->options[0]);
	strbuf_free(&sb);
}

/* ahead: the template run (its questions are qs), which says where the
 * step ends for the side; NULL when only the pending question is known */
static int write_template(const struct game *g, size_t step,
			  const struct question *qs, const char *const *given,
			  size_t n_q, const struct run *ahead,
			  const struct orders *prefix,
			  const char *role, const unsigned char prev[32],
			  const unsigned char reveal[32],
			  const unsigned char *vouch, struct strbuf *out)
{
	char pv[DOC_B64_32_LEN + 1], rv[DOC_B64_32_LEN + 1];
	struct strbuf sb = STRBUF_INIT;
	doc_b64_32_str(pv, prev);
	doc_b64_32_str(rv, reveal);
	strbuf_addf(&sb, "umpire orders for %s, game %s, step %zu, side %s.",
		    g->scn.title, g->id, step, role);
	comment(out, sb.buf, 2);
	comment(out, "Each answer is a default (the rules' choice, else the "
		"first legal one): change it to a legal one above it; 'umpire "
		"sign FILE --check -g GAME' says what each does. Then sign "
		"and mail it.", 2);
	/* umpire mail reads this line for its default recipient: the
	 * orders alone do not say who adjudicates them */
	strbuf_reset(&sb);
	strbuf_addf(&sb, "%s%s.", ORDERS_MAIL_TO, game_counter(g, role));
	comment(out, sb.buf, 2);
	/* sealed orders: in referee mode the answers (a card, a hand)
	 * need not cross the mail in clear */
	const struct role *ref = game_role((struct game *)g, "referee");
	if (ref && strcmp(role, "referee") != 0 && g->scn.rs->view) {
		char key[PUBKEY_B64_SIZE];
		pubkey_to_b64(&ref->pk, key);
		strbuf_reset(&sb);
		strbuf_addf(&sb, "Referee mode: seal the signed orders to the "
			    "referee, so that only the referee reads them: "
			    "umpire sign FILE -s KEY --seal %s", key);
		comment(out, sb.buf, 2);
	}
	strbuf_addf(out, "umpire: orders/1\ngame: %s\nstep: %zu\nside: %s\n"
		    "prev: %s\nreveal: %s\n", g->id, step, role, pv, rv);
	if (vouch) {
		/* 88 characters of base64: in lines of 64, as every
		 * signature umpire writes */
		char b64[sodium_base64_ENCODED_LEN(64,
				sodium_base64_VARIANT_ORIGINAL)];
		sodium_bin2base64(b64, sizeof b64, vouch, 64,
				  sodium_base64_VARIANT_ORIGINAL);
		strbuf_addf(out, "vouch: |-\n  %.64s\n  %s\n", b64, b64 + 64);
	}
	strbuf_adds(out, "answers:\n");
	/* a script that gives answers (--answers) reads every question in
	 * full; a player reads a repeated question's examples once */
	int full = prefix && prefix->n_answers > 0;
	for (size_t i = 0; i < n_q; i++)
		question(out, &qs[i], given ? given[i] : NULL, !full && i > 0 &&
			 qs[i].free_text && qs[i - 1].free_text &&
			 !strcmp(qs[i].rule, qs[i - 1].rule) &&
			 !strcmp(qs[i].key, qs[i - 1].key) &&
			 !strcmp(qs[i].text, qs[i - 1].text));
	if (ahead) {
		/* where the step ends for the side: the answers the side
		 * gave beyond it (--answers) stay, in advance */
		strbuf_reset(&sb);
		check_ahead(ahead, 0, &sb);
		comment(out, sb.buf, 2);
		for (size_t i = ahead->checked; prefix &&
		     i < prefix->n_answers; i++)
			strbuf_addf(out, "- %s: \"%s\"\n",
				    prefix->answers[i].key,
				    prefix->answers[i].value);
	}
	strbuf_adds(out, "standing:\n");
	comment(out, "Questions the rules ask after a card or die is drawn "
		"start the next step, unless an answer given above in advance "
		"or a standing order answers them. To give one, remove the "
		"'#' before its line:", 2);
	if (g->scn.rs->standing_persist)
		comment(out, "In this game those marked 'kept' stay in force "
			"until your next orders, and also answer what the "
			"opponent's turn asks of you (a defence, a retreat): "
			"give them and the opponent needs no mail from you in "
			"between.", 2);
	if (g->scn.rs->standing_persist && g->scn.rs->view)
		comment(out, "Hidden information: only the answers named after "
			"'kept if' stay in force (a policy, legal whatever the "
			"opponent cannot see, so that using it tells nothing).",
			2);
	const struct standing_key *k = g->scn.rs->standing;
	for (; k && k->key; k++) {
		strbuf_reset(&sb);
		standing_key_help(g->scn.rs, k, &sb);
		comment(out, sb.buf, 2);
		standing_line(out, prefix, k->key, "", k->example);
		/* the scoped forms (umpire-orders(5), SCOPES) */
		for (const char *w = k->scopes; w && *w;) {
			size_t len = strcspn(w, " ");
			strbuf_reset(&sb);
			strbuf_addf(&sb, "-%.*s", (int)len, w);
			standing_line(out, prefix, k->key, sb.buf, k->example);
			w += len;
			w += strspn(w, " ");
		}
	}
	strbuf_free(&sb);
	return 0;
}

/* The key must be role's; then role's chain link c[i] for step n. */
static int role_reveal(const struct game *g, const char *role,
		       const struct seckey *sk, size_t n, uint64_t i,
		       unsigned char reveal[32], struct error *err)
{
	struct pubkey pk;
	seckey_pubkey(sk, &pk);
	if (sodium_memcmp(&pk, &game_role((struct game *)g, role)->pk,
			  sizeof pk) != 0)
		return errorf(err, EXIT_REFUSED, "step %zu is %s's decision; "
			      "this secret key is not %s's", n, role, role);
	return game_link(g, role, sk, i, reveal, err);
}

/* From a view: the questions the rules ask the side, run from the
 * view's state (after its answers so far with --answers, prefix), up
 * to where the step ends for it (check.h); the pending question alone
 * when the rules cannot start again from the view's state. */
static int from_view(const struct cli *cli, const char *path,
		     const char *buf, size_t len, const struct seckey *sk,
		     const struct orders *prefix, const char *prefix_name,
		     struct pubkey *referee, struct strbuf *out,
		     struct error *err)
{
	struct view v;
	unsigned char reveal[32], vouch[64];
	if (view_load(&v, path_name(path), buf, len, cli->scenario_dir, sk,
		      err))
		return -1;
	int rc = -1;
	/* no chain link for a view this key cannot place in its game */
	if (view_trust(&v, sk, 1, err))
		;
	else if (v.over)
		errorf(err, EXIT_REFUSED, "the game is over; no orders are "
		       "pending");
	else if (strcmp(v.next.role, v.side) != 0)
		errorf(err, EXIT_REFUSED, "step %lld is %s's decision, not "
		       "%s's", v.step + 1, v.next.role, v.side);
	else if (prefix && (strcmp(prefix->game, v.game.id) != 0 ||
			    prefix->step != v.step + 1 ||
			    strcmp(prefix->side, v.side) != 0))
		errorf(err, EXIT_REFUSED, "%s: answers for game %s step %lld "
		       "side %s, but the view is at step %lld, %s to order",
		       prefix_name, prefix->game, prefix->step, prefix->side,
		       v.step + 1, v.side);
	else if (role_reveal(&v.game, v.side, sk, (size_t)v.step + 1,
			     v.next_link, reveal, err) == 0) {
		orders_vouch(sk, v.game.id, v.step + 1, v.side, vouch);
		rc = 0;
	}
	/* the questions before the step ends for the side, run on its
	 * view alone (the stand-ins the check runs on): nothing hidden
	 * from it shapes them */
	struct run tmpl;
	int ran = rc == 0 ? check_view_template(&v, prefix, prefix ?
			prefix_name : "template", &tmpl, err) : 1;
	if (ran < 0)
		rc = -1;
	else if (rc == 0 && ran == 0)
		rc = write_template(&v.game, (size_t)v.step + 1, tmpl.filled,
				    tmpl.filled_given, tmpl.n_filled, &tmpl,
				    prefix, v.side, v.prev, reveal, vouch,
				    out);
	else if (rc == 0)
		rc = write_template(&v.game, (size_t)v.step + 1, &v.next, NULL,
				    1, NULL, NULL, v.side, v.prev, reveal,
				    vouch, out);
	if (ran == 0)
		engine_free(&tmpl);
	const struct role *ref = game_role(&v.game, "referee");
	if (rc == 0)
		cli_keep_addresses(&v.game);   /* where umpire mail sends */
	if (rc == 0 && ref)
		*referee = ref->pk;
	else if (rc == 0)
		rc = errorf(err, EXIT_REFUSED, "%s: a view without a referee "
			    "role", path_name(path));
	view_free(&v);
	return rc;
}

/* read: the game as load_game_or_file read it (taken over), else NULL and
 * the game is read from buf. */
static int from_game(const struct cli *cli, const char *path,
		     struct game *read, const char *buf, size_t len,
		     const struct seckey *sk, const struct orders *prefix,
		     const char *prefix_name, struct strbuf *out,
		     struct error *err)
{
	struct game g;
	struct run run, tmpl;
	struct record rec;
	unsigned char reveal[32], vouch[64];
	int rc = -1;
	if (read)
		g = *read;
	else if (game_parse_flags(&g, path_name(path), buf, len,
				  cli->scenario_dir, GAME_PARSE_CHECKPOINTS,
				  err))
		return -1;
	/* the link for step n + 1 only after the whole history before it
	 * is verified: what the record vouches for, and the rest here */
	if (record_for_game(&rec, sk, &g, err)) {
		game_free(&g);
		return -1;
	}
	/* the template asks the pending question only: a replay from this
	 * machine's checkpoint, as status and adjudicate do */
	g.checkpoints = CHECKPOINTS_USE;
	if (game_check(&g, CHECK_LIGHT, NULL, &run, err))
		goto out_game;
	if (run.outcome == RUN_OVER) {
		errorf(err, EXIT_REFUSED, "the game is over; no orders are "
		       "pending");
		goto out_run;
	}
	const char *role = run.pending.role;
	if (game_hidden_mode(&g) && !strcmp(game_hidden_mode(&g), "referee")) {
		errorf(err, EXIT_REFUSED, "in referee mode a player makes "
		       "orders from their view (umpire view), not from the "
		       "referee's game file");
		goto out_run;
	}
	if (role_reveal(&g, role, sk, g.n_steps + 1, game_next_link(&g, role),
			reveal, err))
		goto out_run;
	struct engine_step step = { .mode = STEP_TEMPLATE, .actor = role,
		.src = "template" };
	if (prefix) {
		/* --answers: this step's answers so far, then the first
		 * legal answer to each question after them */
		if (strcmp(prefix->game, g.id) != 0 ||
		    prefix->step != (long long)g.n_steps + 1 ||
		    strcmp(prefix->side, role) != 0) {
			errorf(err, EXIT_REFUSED, "%s: answers for game %s step "
			       "%lld side %s, but the game is at step %zu, "
			       "%s to order", prefix_name, prefix->game,
			       prefix->step, prefix->side, g.n_steps + 1,
			       role);
			goto out_run;
		}
		step.src = prefix_name;
		step.answers = prefix->answers;
		step.n_answers = prefix->n_answers;
	}
	if (game_check(&g, CHECK_LIGHT, &step, &tmpl, err))
		goto out_run;
	orders_vouch(sk, g.id, (long long)g.n_steps + 1, role, vouch);
	rc = write_template(&g, g.n_steps + 1, tmpl.filled, tmpl.filled_given,
			    tmpl.n_filled, &tmpl, prefix, role,
			    game_prev(&g, g.n_steps),
			    reveal, game_has_views(&g) ? vouch : NULL, out);
	engine_free(&tmpl);
	if (rc == 0)
		rc = record_done(&rec, &g, err);
out_run:
	engine_free(&run);
out_game:
	record_free(&rec);
	game_free(&g);
	return rc;
}

/* The directory part of path ("." for none). */
static void dir_of(const char *path, struct strbuf *dir)
{
	const char *slash = path ? strrchr(path, '/') : NULL;
	if (!path || !strcmp(path, "-") || !slash)
		strbuf_adds(dir, ".");
	else if (slash == path)
		strbuf_adds(dir, "/");
	else
		strbuf_add(dir, path, (size_t)(slash - path));
}

/*
 * umpire orders --sign: the template goes to a draft file (0600, beside
 * the output), $VISUAL or $EDITOR (else vi) opens it, and what the player
 * saved is checked and signed with the key already loaded, so that an
 * encrypted key's passphrase is asked once a turn. A draft the check
 * refuses is kept, and the message says how to sign it once fixed.
 */
static int edit_and_sign(const struct cli *cli, const char *path,
			 const char *out, const char *refused,
			 const struct seckey *sk, const struct strbuf *tmpl,
			 struct strbuf *signed_text, struct error *err)
{
	struct strbuf draft = STRBUF_INIT;
	const char *editor = getenv("VISUAL");
	char *buf = NULL;
	size_t len;
	int rc = -1, keep = 0;
	if (!editor || !*editor)
		editor = getenv("EDITOR");
	if (!editor || !*editor)
		editor = "vi";
	dir_of(out, &draft);
	strbuf_adds(&draft, "/orders-draft-XXXXXX.yaml");
	int fd = mkstemps(draft.buf, 5);   /* created 0600 */
	if (fd < 0) {
		errorf(err, EXIT_USAGE, "cannot make a draft file %s: %s",
		       draft.buf, strerror(errno));
		strbuf_free(&draft);
		return -1;
	}
	int bad = write_all(fd, tmpl->buf, tmpl->len);
	if (close(fd) != 0 || bad) {
		errorf(err, EXIT_USAGE, "cannot write the draft %s", draft.buf);
		goto out;
	}
	/* the editor through the shell, so that EDITOR may hold options */
	pid_t pid = fork();
	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", "exec $0 \"$1\"", editor,
		      draft.buf, (char *)NULL);
		_exit(127);
	}
	int status = 0;
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0) {
		errorf(err, EXIT_USAGE, "the editor '%s' failed (exit status "
		       "%d); nothing was signed", editor,
		       pid > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		goto out;
	}
	if (read_input(draft.buf, DOC_LIMITS_SMALL.max_bytes, &buf, &len,
		       err))
		goto out;
	rc = sign_orders(cli, draft.buf, path, refused,
			 refused ? path : NULL, sk, buf, len, signed_text,
			 err);
	if (rc != 0) {
		keep = 1;
		error_prefix(err, "your answers are kept in %s; fix them, "
			     "then 'umpire sign %s%s%s%s%s%s%s -o SIGNED' signs "
			     "them", draft.buf, draft.buf, " --game ", path,
			     refused ? " --refused " : "", refused ? refused :
			     "", refused ? " --view " : "", refused ? path :
			     "");
	}
out:
	if (!keep)
		unlink(draft.buf);
	free(buf);
	strbuf_free(&draft);
	return rc;
}

int cmd_orders(int argc, char **argv, const struct cli *cli,
	       struct error *err)
{
	const char *seckey = NULL, *out = NULL, *path, *answers = NULL;
	const char *refused = NULL;
	struct orders prefix;
	char *pbuf = NULL;
	size_t plen;
	int have_prefix = 0;
	struct seckey *sk = NULL;
	char *buf = NULL;
	size_t len;
	int rc = -1, sign = 0, view = 0;
	const struct opt opts[] = {
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 0, "sign", NULL, &sign, NULL, NULL },
		{ 0, "answers", &answers, NULL, NULL, NULL },
		{ 0, "refused", &refused, NULL, NULL, NULL },
		{ 0 }
	};
	int prc = cli_parse(cli, argc, argv, opts, &path, 1, "one GAME or "
			    "VIEW", err);
	if (prc)
		return prc < 0 ? -1 : 0;
	if (cli_distinct(cli, "input", path, seckey, out, err) ||
	    (sign && cli_signed_output(out, err)))
		return -1;
	if (cli_seckey(cli, seckey, &sk, err))
		return -1;
	struct strbuf sb = STRBUF_INIT;
	struct game g;
	int got = load_game_or_file(cli_loader(cli), path, path_name(path),
				    MAIL_NOT_ORDERS, GAME_PARSE_CHECKPOINTS,
				    &g, &buf, &len, NULL, NULL, err);
	if (got < 0)
		goto out;
	view = !got && is_view_text(buf, len);
	if (refused && (!view || !sign)) {
		rc = usage_error(err, "orders", "--refused REFUSAL goes with "
				 "--sign and a view (referee mode); else "
				 "'umpire sign FILE --refused REFUSAL --view "
				 "VIEW'");
		goto out;
	}
	if (answers) {
		if (read_input(answers, DOC_LIMITS_SMALL.max_bytes, &pbuf,
			       &plen, err) ||
		    orders_parse(answers, pbuf, plen, &prefix, err))
			goto out;
		have_prefix = 1;
	}
	struct pubkey referee;
	if (view)
		rc = from_view(cli, path, buf, len, sk, have_prefix ?
			       &prefix : NULL, answers, &referee, &sb, err);
	else
		rc = from_game(cli, path, got ? &g : NULL, buf, len, sk,
			       have_prefix ? &prefix : NULL, answers, &sb,
			       err);
	got = 0;        /* from_game has it */
	if (rc == 0 && sign) {
		struct strbuf signed_text = STRBUF_INIT;
		if (!strcmp(path, "-"))
			rc = usage_error(err, "orders", "--sign needs the game "
					 "or view as a file, not stdin");
		else
			rc = edit_and_sign(cli, path, out, refused, sk,
					   &sb, &signed_text, err);
		/* a view is referee mode: the signed orders go to the
		 * referee alone, sealed to the referee's key in the view */
		if (rc == 0 && view)
			rc = seal_signed_orders(&referee, path_name(path),
						sb.buf, sb.len, &signed_text,
						err);
		strbuf_free(&sb);
		sb = signed_text;
	}
	/* a template lists its side's answers (a hand), orders are the
	 * side's until the adjudicator reads them: the owner's alone */
	if (rc == 0)
		rc = cli_write(out, &sb, 0600, err);
out:
	if (got == 1)
		game_free(&g);
	if (have_prefix)
		orders_free(&prefix);
	free(pbuf);
	strbuf_free(&sb);
	free(buf);
	seckey_free(sk);
	return rc;
}
