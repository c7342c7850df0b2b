/*
 * template.c - the order template for a pending decision (umpire
 * orders): the questions the rules ask the side, each with its legal
 * answers as comments, the standing orders it may give, and the side's
 * chain link; and the checks a view passes before orders are made from
 * it (umpire orders, the desk page).
 */
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/check.h"
#include "umpire/record.h"
#include "umpire/report.h"
#include "umpire/template.h"

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

void template_write(const struct template *t, struct strbuf *out)
{
	const struct game *g = t->g;
	const struct orders *prefix = t->prefix;
	const char *role = t->role;
	const struct question *qs = t->qs;
	char pv[DOC_B64_32_LEN + 1], rv[DOC_B64_32_LEN + 1];
	struct strbuf sb = STRBUF_INIT;
	doc_b64_32_str(pv, t->prev);
	doc_b64_32_str(rv, t->reveal);
	strbuf_addf(&sb, "umpire orders for %s, game %s, step %zu, side %s.",
		    g->scn.title, g->id, t->step, role);
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
		    "prev: %s\nreveal: %s\n", g->id, t->step, role, pv, rv);
	if (t->vouch) {
		/* 88 characters of base64: in lines of 64, as every
		 * signature umpire writes */
		char b64[sodium_base64_ENCODED_LEN(64,
				sodium_base64_VARIANT_ORIGINAL)];
		sodium_bin2base64(b64, sizeof b64, t->vouch, 64,
				  sodium_base64_VARIANT_ORIGINAL);
		strbuf_addf(out, "vouch: |-\n  %.64s\n  %s\n", b64, b64 + 64);
	}
	strbuf_adds(out, "answers:\n");
	/* a script that gives answers (--answers) reads every question in
	 * full; a player reads a repeated question's examples once */
	int full = prefix && prefix->n_answers > 0;
	for (size_t i = 0; i < t->n_q; i++)
		question(out, &qs[i], t->given ? t->given[i] : NULL,
			 !full && i > 0 &&
			 qs[i].free_text && qs[i - 1].free_text &&
			 !strcmp(qs[i].rule, qs[i - 1].rule) &&
			 !strcmp(qs[i].key, qs[i - 1].key) &&
			 !strcmp(qs[i].text, qs[i - 1].text));
	if (t->ahead) {
		/* where the step ends for the side: the answers the side
		 * gave beyond it (--answers) stay, in advance */
		strbuf_reset(&sb);
		check_ahead(t->ahead, 0, &sb);
		comment(out, sb.buf, 2);
		for (size_t i = t->ahead->checked; prefix &&
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
}

int template_reveal(const struct game *g, const char *role,
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


int template_answers_at(const struct orders *prefix, const char *name,
			const char *game, long long step, const char *side,
			const char *at, struct error *err)
{
	if (strcmp(prefix->game, game) != 0 || prefix->step != step ||
	    strcmp(prefix->side, side) != 0)
		return errorf(err, EXIT_REFUSED, "%s: answers for game %s step "
			      "%lld side %s, but the %s is at step %lld, %s to "
			      "order", name, prefix->game, prefix->step,
			      prefix->side, at, step, side);
	return 0;
}

int template_view_pending(const struct view *v, const struct orders *prefix,
			  const char *prefix_name, struct error *err)
{
	if (v->over)
		return errorf(err, EXIT_REFUSED, "the game is over; no orders "
			      "are pending");
	if (strcmp(v->next.role, v->side) != 0)
		return errorf(err, EXIT_REFUSED, "step %lld is %s's decision, "
			      "not %s's", v->step + 1, v->next.role, v->side);
	return prefix ? template_answers_at(prefix, prefix_name, v->game.id,
					    v->step + 1, v->side, "view",
					    err) : 0;
}

int template_from_view(struct view *v, const struct seckey *sk,
		       const struct orders *prefix, const char *prefix_name,
		       struct strbuf *out, struct error *err)
{
	unsigned char reveal[32], vouch[64];
	/* no chain link for a view this key cannot place in its game */
	if (view_trust(v, sk, 1, err) ||
	    template_view_pending(v, prefix, prefix_name, err) ||
	    template_reveal(&v->game, v->side, sk, (size_t)v->step + 1,
			    v->next_link, reveal, err))
		return -1;
	orders_vouch(sk, v->game.id, v->step + 1, v->side, vouch);
	/* the questions before the step ends for the side, run on its
	 * view alone (the stand-ins the check runs on): nothing hidden
	 * from it shapes them */
	struct run tmpl;
	int ran = check_view_template(v, prefix, prefix ? prefix_name :
				      "template", &tmpl, err);
	if (ran < 0)
		return -1;
	struct template t = { .g = &v->game, .step = (size_t)v->step + 1,
		.qs = &v->next, .n_q = 1, .role = v->side, .prev = v->prev,
		.reveal = reveal, .vouch = vouch };
	if (ran == 0) {
		t.qs = tmpl.filled;
		t.given = tmpl.filled_given;
		t.n_q = tmpl.n_filled;
		t.ahead = &tmpl;
		t.prefix = prefix;
	}
	template_write(&t, out);
	if (ran == 0)
		engine_free(&tmpl);
	return 0;
}

int template_from_game(struct game *g, const struct seckey *sk,
		       const struct orders *prefix, const char *prefix_name,
		       struct strbuf *out, struct error *err)
{
	struct run run, tmpl;
	struct record rec;
	unsigned char reveal[32], vouch[64];
	int rc = -1;
	/* the link for step n + 1 only after the whole history before it
	 * is verified: what the record vouches for, and the rest here */
	if (record_for_game(&rec, sk, g, err)) {
		game_free(g);
		return -1;
	}
	/* the template asks the pending question only: a replay from this
	 * machine's checkpoint, as status and adjudicate do */
	g->checkpoints = CHECKPOINTS_USE;
	if (game_check(g, CHECK_LIGHT, NULL, &run, err))
		goto out_game;
	if (run.outcome == RUN_OVER) {
		errorf(err, EXIT_REFUSED, "the game is over; no orders are "
		       "pending");
		goto out_run;
	}
	const char *role = run.pending.role;
	if (game_hidden_mode(g) && !strcmp(game_hidden_mode(g), "referee")) {
		errorf(err, EXIT_REFUSED, "in referee mode a player makes "
		       "orders from their view (umpire view), not from the "
		       "referee's game file");
		goto out_run;
	}
	if (template_reveal(g, role, sk, g->n_steps + 1,
			    game_next_link(g, role), reveal, err))
		goto out_run;
	struct engine_step step = { .mode = STEP_TEMPLATE, .actor = role,
		.src = "template" };
	if (prefix) {
		/* --answers: this step's answers so far, then the first
		 * legal answer to each question after them */
		if (template_answers_at(prefix, prefix_name, g->id,
					(long long)g->n_steps + 1, role,
					"game", err))
			goto out_run;
		step.src = prefix_name;
		step.answers = prefix->answers;
		step.n_answers = prefix->n_answers;
	}
	if (game_check(g, CHECK_LIGHT, &step, &tmpl, err))
		goto out_run;
	orders_vouch(sk, g->id, (long long)g->n_steps + 1, role, vouch);
	struct template t = { .g = g, .step = g->n_steps + 1,
		.qs = tmpl.filled, .given = tmpl.filled_given,
		.n_q = tmpl.n_filled, .ahead = &tmpl, .prefix = prefix,
		.role = role, .prev = game_prev(g, g->n_steps),
		.reveal = reveal, .vouch = game_has_views(g) ? vouch : NULL };
	template_write(&t, out);
	engine_free(&tmpl);
	rc = record_done(&rec, g, err);
out_run:
	engine_free(&run);
out_game:
	record_free(&rec);
	game_free(g);
	return rc;
}
