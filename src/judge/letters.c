/*
 * letters.c - what the judge mails, and to whom.
 *
 * A letter goes to one party at the address the game gives it (its
 * signed join, else its invitation), never at one a message named. In
 * a game with views nothing side-specific is in clear: the body and
 * the subject say only what every party may know (the game, its
 * scenario, the step, whose move, how to read the attachment); the
 * side's report travels inside its view, sealed to its key, and the
 * answer to its refused orders likewise. Every letter says that it is
 * automatic (Auto-Submitted: auto-replied, RFC 3834), so that no
 * vacation program answers it.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sodium.h>
#include "umpire/answer.h"
#include "umpire/clock.h"
#include "umpire/compose.h"
#include "umpire/mail.h"
#include "umpire/report.h"
#include "umpire/view.h"
#include "umpire/viewtext.h"
#include "letters.h"

void letters_free(struct letters *l)
{
	for (size_t i = 0; i < l->n; i++) {
		strbuf_free(&l->msg[i]);
		free(l->to[i]);
		free(l->desk[i]);
		l->desk[i] = NULL;
	}
	l->n = 0;
}

/* The subject every party may read: "[umpire 7e7e45a1] Race to the
 * Reichstag, step 18: 1bf to move". */
static void subject(const struct game *g, const char *what,
		    struct strbuf *out)
{
	strbuf_addf(out, "[umpire %.8s] %s%s%s", g->id, g->scn.title,
		    what ? ", " : "", what ? what : "");
}

/* add_letter's letter, to any address: the checked ones' and the
 * confirmation's. */
static int put_letter(struct judge *j, struct letters *l,
		      const struct game *g, const char *role, const char *to,
		      const unsigned char *same, struct draft *d,
		      struct error *err)
{
	if (l->n == JUDGE_MAX_LETTERS)
		return errorf(err, EXIT_USAGE, "more than %d letters",
			      JUDGE_MAX_LETTERS);
	/* from the game's own address, which its answers then go to
	 * (route.c) */
	char from[MAIL_ADDR_MAX * 2];
	game_from(j, g, from, sizeof from);
	d->from = d->reply_to = j->from ? from : NULL;
	d->to = to;
	d->auto_submitted = "auto-replied";
	/* what a bounce of it names (bounce.c) */
	struct strbuf mid = STRBUF_INIT;
	letter_id(j, g->id, role, same, &mid);
	d->msgid_left = mid.len ? mid.buf : NULL;
	struct strbuf *m = &l->msg[l->n];
	strbuf_reset(m);
	int rc = draft_write(d, m, err);
	d->msgid_left = NULL;
	strbuf_free(&mid);
	if (rc) {
		strbuf_free(m);
		return -1;
	}
	l->desk[l->n] = NULL;
	l->to[l->n++] = xstrdup(to);
	return 0;
}

int add_letter(struct judge *j, struct letters *l, const struct game *g,
	       const char *role, const char *to,
	       const unsigned char *same, struct draft *d,
	       struct error *err)
{
	/* a game taken by mail: only an address its role proved, by
	 * answering the judge's confirmation, is mailed (strangers.c);
	 * the confirmation itself is the one letter that goes to an
	 * unproven address (letter_confirm) */
	if (!bymail_may_mail(j, g, role, to))
		return 0;
	return put_letter(j, l, g, role, to, same, d, err);
}

int letter_confirm(struct judge *j, const struct game *g, const char *role,
		   const char *token, time_t until, struct letters *l,
		   struct error *err)
{
	const char *to = game_address(g, role);
	if (!to)
		return 0;
	struct strbuf subj = STRBUF_INIT, body = STRBUF_INIT;
	char from[MAIL_ADDR_MAX * 2], by[21];
	game_from(j, g, from, sizeof from);
	clock_time_str(until, by);
	/* nothing in it but the judge's words, the game's id, scenario
	 * and role (the host's scenario names them), and the address */
	strbuf_addf(&subj, "[umpire %.8s] %s: confirm your address for %s "
		    "%s", g->id, g->scn.title, role, token);
	strbuf_addf(&body, "Someone mailed the judge at %s\ngame %s (%s),\n"
		    "which gives this address, %s,\nto its side %s. The "
		    "judge mails a game that anyone may make by\nmail only "
		    "to addresses whose owners confirm them.\n\n"
		    "To get the letters of this game as %s, reply to this "
		    "letter from\nthis address, keeping its subject (or "
		    "quoting this letter): the\nreply confirms the address "
		    "by the token\n\n  %s\n\nonce, until %s (UTC).\n\n"
		    "If you did not ask for this, ignore this letter: the "
		    "judge mails\nthis address nothing more of the game.\n",
		    j->from ? from : "its address", g->id, g->scn.title,
		    to, role, role, token, by);
	unsigned char same[32];
	crypto_generichash(same, sizeof same, (const unsigned char *)token,
			   strlen(token), NULL, 0);
	struct draft d = { .subject = subj.buf, .body = body.buf };
	int rc = put_letter(j, l, g, role, to, same, &d, err);
	strbuf_free(&subj);
	strbuf_free(&body);
	return rc;
}

/* What makes a letter of g's present state that letter: the hash of
 * its latest step (the genesis before the first) and how many roles
 * joined. */
static void state_key(const struct game *g, unsigned char key[32])
{
	unsigned char joined = 0;
	for (size_t i = 0; i < g->n_roles; i++)
		joined += g->roles[i].joined != 0;
	crypto_generichash_state h;
	crypto_generichash_init(&h, NULL, 0, 32);
	crypto_generichash_update(&h, game_prev(g, g->n_steps), 32);
	crypto_generichash_update(&h, &joined, 1);
	crypto_generichash_final(&h, key, 32);
}

/* The command mailing a join of g back to this judge, as printed:
 * umpire mail mails a join to the referee at the address the game file
 * gives it (its joined referee's, the game's own judge+ID8@club), so
 * --to only where that is not this judge's address for g. */
static void mail_join(const struct judge *j, struct game *g,
		      struct strbuf *body)
{
	char from[MAIL_ADDR_MAX * 2], mine[MAIL_ADDR_MAX + 1] = "",
		ref_at[MAIL_ADDR_MAX + 1] = "";
	const char *why;
	game_from(j, g, from, sizeof from);
	if (!j->from || mail_addr_spec_of(from, mine, sizeof mine, &why))
		mine[0] = '\0';
	const struct role *ref = game_role(g, "referee");
	const char *at = game_address(g, "referee");
	if (!at || mail_addr_spec_of(at, ref_at, sizeof ref_at, &why))
		ref_at[0] = '\0';
	if (mine[0] && ref && ref->joined && !strcasecmp(ref_at, mine))
		strbuf_adds(body, "  umpire mail joined.yaml --send\n");
	else
		strbuf_addf(body, "  umpire mail joined.yaml --to %s --send\n",
			    mine[0] ? mine : "THIS-ADDRESS");
}

static int invitation(struct judge *j, struct game *g, const char *who,
		      struct letters *out, struct outcome *o,
		      struct error *err)
{
	const char *to = game_address(g, who);
	if (!to) {
		strbuf_addf(&o->notes, "; no address for %s (invite it with "
			    "umpire new --address)", who);
		return 0;
	}
	struct strbuf body = STRBUF_INIT, subj = STRBUF_INIT;
	struct strbuf name = STRBUF_INIT, text = STRBUF_INIT;
	strbuf_addf(&name, "%s.yaml", g->id);
	strbuf_addf(&body, "You are invited to game %s (%s) as %s.\n"
		    "Join it and mail the game file back:\n\n"
		    "  umpire join %s --side %s -o joined.yaml\n", g->id,
		    g->scn.title, who, name.buf, who);
	mail_join(j, g, &body);
	if (game_has_views(g))
		strbuf_adds(&body, "\nNo umpire installed? The desk page's "
			    "\"Join a game\" joins the attached\nfile with "
			    "your key; a line \"desk\" alone in the message "
			    "carrying the join\ngets you the page with your "
			    "first letter, to play with a browser and\na mail "
			    "client only.\n");
	struct strbuf what = STRBUF_INIT;
	strbuf_addf(&what, "%s invited to join", who);
	subject(g, what.buf, &subj);
	struct draft d = { .subject = subj.buf, .body = body.buf,
		.names = { name.buf }, .n_files = 1 };
	int rc = game_emit(g, &text, err);
	if (rc == 0) {
		d.files[0] = text.buf;
		d.lens[0] = text.len;
		unsigned char same[32];
		state_key(g, same);
		rc = add_letter(j, out, g, who, to, same, &d, err);
	}
	strbuf_free(&what);
	strbuf_free(&body);
	strbuf_free(&subj);
	strbuf_free(&name);
	strbuf_free(&text);
	return rc;
}

/* The line every party may read: whose move, or the end. */
static void standing(const struct game *g, const struct run *run,
		     struct strbuf *out)
{
	if (run->outcome == RUN_PENDING)
		strbuf_addf(out, "step %zu: %s to move", g->n_steps + 1,
			    run->pending.role);
	else
		strbuf_adds(out, "the game is over");
}

void game_end_name(const struct game *g, struct strbuf *name)
{
	strbuf_addf(name, "%s.yaml.gz", g->id);
}

void game_end_note(const struct game *g, struct strbuf *body)
{
	strbuf_addf(body, "\nThe game file is attached gzip-compressed, as "
		    "%s.yaml.gz: a long\ngame's file is megabytes, more "
		    "than many mail systems carry, and\nits letter about "
		    "half of that so. Every umpire command reads it as it\n"
		    "is (or this whole message saved as a file); 'gunzip "
		    "%s.yaml.gz' gives\nthe file itself. To see the whole "
		    "game step by step in a browser,\nsave it and run:\n\n"
		    "  umpire replay %s.yaml.gz -o replay.html\n\n"
		    "and 'umpire audit %s.yaml.gz' checks every step of "
		    "it.\n", g->id, g->id, g->id, g->id);
}

/* What a letter of a game with views says of the desk (desk_owed's
 * answer desk), appended to body: how to open the view in the page
 * attached (1) or kept (2), else how a player with a browser and a
 * mail client only gets it. */
static void desk_paragraph(int desk, struct strbuf *body)
{
	if (desk == 2)
		strbuf_adds(body, "\nOr open your key in the desk page you "
			    "kept (" DESK_PAGE_NAME "), then pick the view\n"
			    "attached to this letter in it.\n");
	else if (desk)
		strbuf_adds(body, "\nAttached too: your desk, " DESK_PAGE_NAME
			    ", a page to keep (you get it once a\ngame, and "
			    "again when umpire changes). Open it in a browser "
			    "(a file,\nnothing installed), open your key in "
			    "it, then pick the view attached\nto this letter, "
			    "and every later one: the page shows what happened "
			    "and\ntakes your answers by clicks, signs and seals "
			    "them; attach the file it\ngives to your reply. "
			    "A line \"desk off\" alone in a message\nwith "
			    "your signed orders stops the page.\n");
	else
		strbuf_adds(body, "\nNo umpire installed? A line \"desk\" "
			    "alone in a message with your signed\norders (or "
			    "your join, or umpire ask's request) gets you the "
			    "desk page,\nto play with a browser and a mail "
			    "client only.\n");
}

/* side's letter of the state run computed; given: run is the one
 * that adjudicated the latest step (letters_hook), from which the views
 * are made too (NULL: each view replays). endgz: the game file
 * compressed, kept for every side's letter of the game's end (made by
 * the first: compose's gz_kept). */
static int side_letter(struct judge *j, struct game *g,
		       const struct run *run, const struct run *given,
		       const char *side, struct strbuf *endgz,
		       struct letters *out, struct outcome *o,
		       struct error *err)
{
	const char *to = game_address(g, side);
	if (!to) {
		strbuf_addf(&o->notes, "; no address for %s", side);
		return 0;
	}
	int over = run->outcome != RUN_PENDING;
	int views = game_has_views(g);
	struct strbuf body = STRBUF_INIT, subj = STRBUF_INIT;
	struct strbuf what = STRBUF_INIT, name = STRBUF_INIT;
	struct strbuf file = STRBUF_INIT, page = STRBUF_INIT;
	char hex[DESK_HEX + 1];
	int rc = -1;
	/* the desk page the side asked for, while the game goes on */
	int desk = over ? 0 : desk_owed(j, g, side, hex);
	standing(g, run, &what);
	subject(g, what.buf, &subj);
	strbuf_addf(&body, "Game %s (%s), %s.\n", g->id, g->scn.title,
		    what.buf);
	if (!over && strcmp(side, run->pending.role))
		strbuf_addf(&body, "It is not your move: nothing is asked of "
			    "you now, and the judge writes\nagain when it "
			    "is, with everything that happened until then.\n");
	if (views && !over) {
		/* the side's report is inside its view, sealed */
		strbuf_addf(&name, "%s-%zu-%s.view", g->id, g->n_steps + 1,
			    side);
		g->examples = 0;   /* a view lists every answer */
		rc = view_text_run(g, given, j->sk, side, 1, &file, err);
		g->examples = REPORT_EXAMPLES;
		if (rc)
			goto out;
		strbuf_addf(&body, "\nThis letter is for %s. What happened "
			    "since your last move, and what is\nasked of "
			    "you, are in the attached %s,\nsealed to your "
			    "key: nobody else can read them, not the mail's "
			    "relays\neither. Save the attachment (or this "
			    "whole message) as FILE, then:\n\n"
			    "  umpire report FILE     what happened, as you "
			    "may see it\n"
			    "  umpire orders FILE -o orders.yaml\n"
			    "                         your orders' template, "
			    "when it is your move\n"
			    "  umpire open FILE -o view.yaml\n"
			    "                         the view itself, "
			    "opened\n", side, name.buf);
		desk_paragraph(desk, &body);
		if (desk == 1 && desk_page(j, g, &page, err))
			goto out;
	} else {
		/* nothing hidden: a game without views, or one that is
		 * over (its whole file is every party's now) */
		struct report_at at;
		strbuf_addc(&body, '\n');
		report_latest(g, run, views ? NULL : side, &at);
		report_step(g, run, &at, &body);
		if (over)
			game_end_name(g, &name);
		else
			strbuf_addf(&name, "%s.yaml", g->id);
		if (game_emit(g, &file, err))
			goto out;
		if (over)
			game_end_note(g, &body);
	}
	struct draft d = { .subject = subj.buf, .body = body.buf,
		.names = { name.buf, DESK_PAGE_NAME },
		.files = { file.buf, page.buf }, .lens = { file.len, page.len },
		.gzip = { over }, .gz_kept = { over ? endgz : NULL },
		.n_files = page.len ? 2 : 1 };
	unsigned char same[32];
	state_key(g, same);
	if (page.len)   /* a letter with the page is another letter */
		crypto_generichash(same, sizeof same, same, sizeof same,
				   (const unsigned char *)hex, DESK_HEX);
	size_t n = out->n;
	rc = add_letter(j, out, g, side, to, same, &d, err);
	if (rc == 0 && page.len && out->n > n) {
		strbuf_reset(&what);
		strbuf_addf(&what, "%s-%s", side, hex);
		out->desk[n] = strbuf_detach(&what, NULL);
	}
out:
	strbuf_free(&page);
	strbuf_free(&body);
	strbuf_free(&subj);
	strbuf_free(&what);
	strbuf_free(&name);
	strbuf_free(&file);
	return rc;
}


void letters_hook(const struct game *g, struct step_hook *h)
{
	/* the letters report the new step with the report's few examples,
	 * as adjudicate does. A view lists every answer of its side's
	 * question, and what happened since its side's own latest step:
	 * the answers from the view's own stand-ins (view_build), which the
	 * asked side's check of its orders runs on, the whole state's only
	 * where the rules cannot start again from the view's state (then
	 * view_text_run replays for them: every answer of the whole state,
	 * computed here for every view, was 4.4M instructions of a judge's
	 * message at a movement phase of Race to the Reichstag); the
	 * step's letter goes to the side asked next, which the run will
	 * say, and the run holds the events of the new step alone (the
	 * actor's view, and what must_know reads); the view of another
	 * side asked replays from the checkpoints what it tells
	 * (view_text_run), not every step of the sides that wait */
	h->events_from = game_has_views(g) ? g->n_steps + 1 : 0;
}

/* Whether the side that took g's latest step must hear of it now,
 * though the rules ask another side next: the judge played the step
 * for it (a late step, by the rules' late answers), or some of its
 * answers were not used (refused where they were asked, or their
 * question did not come: the engine tells the actor alone, rule
 * "orders"). run: the check that ended with that step, its events of
 * the step whole. */
static int must_know(const struct game *g, const struct run *run)
{
	size_t n = g->n_steps;
	const char *actor = g->steps[n - 1].actor;
	if (game_step_late(g, n - 1))
		return 1;
	for (size_t i = 0; i < run->n_events; i++) {
		const struct event_rec *e = &run->events[i];
		if (e->step == n && !strcmp(e->rule, "orders") &&
		    !strcmp(e->visible, actor) &&
		    !strncmp(e->text, "Not used:", 9))
			return 1;
	}
	return 0;
}

int letters_of_state(struct judge *j, struct game *g, const struct run *given,
		     const char *only, struct letters *out,
		     struct outcome *o, struct error *err)
{
	const char *who = game_unjoined(g);
	struct bymail b;
	if (who && !bymail_read(j, g->id, &b)) {
		/* the host's own game: his mail of it invited every side
		 * (README: umpire mail new.yaml --send); an invitation of
		 * the judge's would reach a side whose join is taken or on
		 * its way, and following it again is refused */
		strbuf_addf(&o->notes, "; waiting for %s to join (invited "
			    "by the host's mail of the game)", who);
		return 0;
	}
	if (who)
		return only && strcmp(only, who) ? 0 :
			invitation(j, g, who, out, o, err);
	/* as umpire report replays it: the latest step's events whole
	 * (from a checkpoint taken before it), a report with its few
	 * example answers; view_text replays for each view. Unless the
	 * run that adjudicated the step is given (letters_hook says what
	 * it holds): then no replay at all, and no signature verified
	 * again */
	struct run run;
	const struct run *rn = given;
	memset(&run, 0, sizeof run);
	if (!given) {
		g->checkpoints = CHECKPOINTS_USE;
		g->events_from = g->n_steps;
		g->examples = REPORT_EXAMPLES;
		int crc = game_check(g, CHECK_LIGHT, NULL, &run, err);
		g->checkpoints = CHECKPOINTS_NO;
		g->events_from = 0;
		if (crc)
			return -1;
		rn = &run;
	}
	const char *next = rn->outcome == RUN_PENDING ? rn->pending.role :
		NULL;
	/* while the game goes on, a step's letter goes to the side asked
	 * next, and to the side that acted only when it must know now
	 * what became of its orders; a side that waits is written to
	 * when it is asked, its view telling every step since its own
	 * latest (so since its last letter: it had one when it was
	 * asked for that step) */
	const char *told = g->n_steps && next && must_know(g, rn) ?
		g->steps[g->n_steps - 1].actor : NULL;
	int rc = 0;
	struct strbuf endgz = STRBUF_INIT;  /* compressed once for all */
	for (size_t i = 0; i < g->n_roles && rc == 0; i++) {
		const char *side = g->roles[i].name;
		if (!strcmp(side, "referee") || (only && strcmp(only, side)))
			continue;
		if (!only && next && strcmp(side, next) &&
		    !(told && !strcmp(side, told)))
			continue;
		rc = side_letter(j, g, rn, given, side, &endgz, out, o, err);
	}
	strbuf_free(&endgz);
	engine_free(&run);
	return rc;
}

int letters_standing(struct judge *j, struct game *g, const char *side,
		     struct strbuf *line)
{
	const char *who = game_unjoined(g);
	if (who) {
		strbuf_addf(line, "waiting for %s to join", who);
		return !strcmp(who, side);
	}
	struct run run;
	struct error e;
	memset(&run, 0, sizeof run);
	g->checkpoints = CHECKPOINTS_USE;
	g->events_from = g->n_steps;
	g->examples = 1;   /* whose move only */
	int rc = game_check(g, CHECK_LIGHT, NULL, &run, &e);
	g->checkpoints = CHECKPOINTS_NO;
	g->events_from = 0;
	g->examples = REPORT_EXAMPLES;
	if (rc)
		return -1;
	if (run.outcome != RUN_PENDING) {
		strbuf_adds(line, "it is over");
		engine_free(&run);
		return 2;
	}
	const char *next = run.pending.role;
	struct clock_status cs;
	char dl[21];
	clock_status(g, next, &cs);
	strbuf_addf(line, "step %zu, %s to move", g->n_steps + 1, next);
	if (cs.timed) {
		clock_time_str(cs.deadline, dl);
		strbuf_addf(line, " (deadline %s UTC)", dl);
	}
	rc = !strcmp(next, side);
	engine_free(&run);
	return rc;
}

/* What every answer ends with: where g stands (whose move, the step,
 * its deadline: what every party may know) and what side should send
 * now, appended to body. g is replayed from this machine's checkpoints
 * (the question asked next only); nothing is said when it cannot be. */
static void answer_standing(struct judge *j, struct game *g,
			    const char *side, struct strbuf *body)
{
	struct strbuf line = STRBUF_INIT;
	int mine = letters_standing(j, g, side, &line);
	const char *who = game_unjoined(g);
	if (mine == 2)
		strbuf_addf(body, "\nWhere the game stands: %s; nothing more "
			    "is asked of you.\n", line.buf);
	else if (mine >= 0)
		strbuf_addf(body, "\nWhere the game stands: %s.\n", line.buf);
	strbuf_free(&line);
	if (who) {
		if (mine > 0) {
			strbuf_addf(body, "Join it with the game file of your "
				    "invitation, and mail the join:\n\n"
				    "  umpire join GAME.yaml --side %s -o "
				    "joined.yaml\n", side);
			mail_join(j, g, body);
		} else
			strbuf_adds(body, "Nothing is asked of you now: the "
				    "judge writes to you when every side\n"
				    "has joined and it is your move.\n");
		return;
	}
	if (mine < 0 || mine == 2)
		return;
	const char *file = game_has_views(g) ? "VIEW" : "GAME";
	if (!mine)
		strbuf_adds(body, "Nothing is asked of you now: the judge "
			    "writes to you when it is your\nmove.\n");
	else
		strbuf_addf(body, "It is your move. From your latest letter's "
			    "attachment (%s):\n\n"
			    "  umpire orders %s -o orders.yaml      (fill "
			    "them in)\n"
			    "  umpire sign orders.yaml --game %s -o "
			    "signed.yaml\n"
			    "  umpire mail signed.yaml --game %s --send\n\n"
			    "Lost that letter? Any %s of yours will do:\n"
			    "  umpire ask %s%s%s -o ask.yaml, and mail "
			    "ask.yaml: the judge sends it again.\n",
			    file, file, file, file, game_has_views(g) ?
			    "view" : "game file", file, game_has_views(g) ?
			    "" : " --side ", game_has_views(g) ? "" : side);
}

int letter_answer(struct judge *j, struct game *g, const char *side,
		  const struct answer_text *t, const char *in_reply_to,
		  struct letters *out, struct error *err)
{
	const char *to = game_address(g, side);
	if (!to)
		return 0;
	struct strbuf body = STRBUF_INIT, subj = STRBUF_INIT;
	struct strbuf name = STRBUF_INIT, file = STRBUF_INIT;
	int rc = -1;
	int signed_refusal = t->refusal && t->refusal->len;
	subject(g, t->what, &subj);
	strbuf_addf(&body, "%s\n", t->intro);
	struct draft d = { .subject = subj.buf, .in_reply_to = in_reply_to };
	if (t->refusal && game_has_views(g)) {
		/* refused orders: the reason may quote answers a side
		 * sealed, or what its view shows: sealed too, and signed by
		 * the referee, since anyone who knows the side's key can
		 * seal a text to it */
		struct strbuf plain = STRBUF_INIT;
		if (!signed_refusal)
			strbuf_addf(&plain, "%s\n%s%s", t->reason,
				    t->hint ? "\n" : "",
				    t->hint ? t->hint : "");
		rc = answer_seal(g, (long long)g->n_steps + 1, side,
				 signed_refusal ? t->refusal : NULL,
				 plain.buf, plain.len, j->sk, &file, err);
		strbuf_free(&plain);
		if (rc)
			goto out;
		strbuf_addf(&name, "%s-%zu-%s.answer", g->id,
			    g->n_steps + 1, side);
		strbuf_addf(&body, "\nWhy is in the attached %s,\nsealed "
			    "to your key and signed by the referee. Your "
			    "latest view (or\nthe game file you joined) "
			    "holds the referee's key that checks it:\n\n"
			    "  umpire open FILE --view VIEW -o answer.yaml\n",
			    name.buf);
		if (signed_refusal)
			strbuf_addf(&body, "\nWhat it holds is the referee's "
				    "signed refusal: with it your key may\n"
				    "sign other orders for the step (umpire "
				    "sign ORDERS --refused answer.yaml\n"
				    "--view VIEW).\n");
	} else {
		/* the judge's own words (what came, what to send): nothing
		 * of the message, nothing a view hides, so in clear; no
		 * reason when nothing went wrong */
		if (t->reason)
			strbuf_addf(&body, "\n%s\n", t->reason);
		if (t->hint)
			strbuf_addf(&body, "\n%s\n", t->hint);
		if (signed_refusal) {
			strbuf_addf(&name, "%s-%zu-%s.refusal", g->id,
				    g->n_steps + 1, side);
			strbuf_add(&file, t->refusal->buf, t->refusal->len);
			strbuf_addf(&body, "\nThe referee's signed refusal is "
				    "attached: with it your key may sign "
				    "other\norders for the step (umpire sign "
				    "--refused).\n");
		}
	}
	answer_standing(j, g, side, &body);
	if (t->others && t->others[0])
		strbuf_addf(&body, "\n%s", t->others);
	d.body = body.buf;
	d.names[0] = name.buf;
	d.files[0] = file.buf;
	d.lens[0] = file.len;
	d.n_files = file.len ? 1 : 0;
	rc = add_letter(j, out, g, side, to, t->same, &d, err);
out:
	strbuf_free(&body);
	strbuf_free(&subj);
	strbuf_free(&name);
	strbuf_free(&file);
	return rc;
}
