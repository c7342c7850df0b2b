/*
 * intake.c - what a message to the judge holds, and what becomes of it.
 *
 * A game file is a join of a game kept here (or, with --accept-new, a
 * new game naming the judge's key as referee); signed orders (sealed to
 * the judge or not) are adjudicated. Whatever the judge answers (a
 * refusal, a letter sent again) goes only to a party of the game, at the
 * address its signed join (or its invitation) gives, never at the
 * message's From or Reply-To, which nobody signed; a message no party
 * signed gets no answer, and neither does an automatic one (RFC 3834:
 * Auto-Submitted other than "no") or a bounce.
 */
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sodium.h>
#include "umpire/adjudicate.h"
#include "umpire/chain.h"
#include "umpire/doc.h"
#include "umpire/fsutil.h"
#include "umpire/gamestore.h"
#include "umpire/mail.h"
#include "umpire/orders.h"
#include "umpire/request.h"
#include "umpire/sign.h"
#include "umpire/view.h"
#include "letters.h"
#include "intake.h"

/* The name a message's file goes by in what the judge answers: never
 * the judge's own name for the message. */
#define MESSAGE "your message"
/* The kinds of umpire file the judge takes (mail_read_kind). */
#define JUDGE_TAKES "orders sealed-orders game request"
/* What to send instead, by mistake. */
#define HINT_FILE "Mail the judge the file umpire wrote for you, unchanged, " \
	"attached or pasted,\none file a message: your join (umpire join), " \
	"or your signed orders\n(umpire orders VIEW -o orders.yaml, then " \
	"umpire sign orders.yaml --game VIEW)."
#define HINT_ONE "Mail one umpire file a message: your signed orders " \
	"alone, attached or\npasted; a reply that quotes the judge's " \
	"letter carries its file too."
#define HINT_VIEW "A view is for reading. Answer it with your orders:\n" \
	"  umpire orders VIEW -o orders.yaml      (fill them in)\n" \
	"  umpire sign orders.yaml --game VIEW -o signed.yaml\n" \
	"and mail signed.yaml to the judge."
#define HINT_ASK "Make the request with your own key, the one you joined " \
	"the game with:\n  umpire ask VIEW -o ask.yaml\nand mail ask.yaml " \
	"to the judge."
/* What came, said to a party about mail no party signed (mistake()):
 * nothing of its text. */
#define GOT_MESSAGE "The judge could not use what the message held."
#define GOT_NOTHING "The message held no umpire file."
#define GOT_BROKEN "The message held an umpire file that could not be " \
	"read whole:\ncut short, or changed on the way (by a mail client " \
	"re-wrapping it, say)."
#define GOT_UNTAKEN "The message held no umpire file the judge could take " \
	"whole:\none cut short or changed on the way (by a mail client " \
	"re-wrapping it,\nsay), or more than one umpire file."
#define GOT_TWO "The message held more than one umpire file."
#define GOT_NO_GAME "The message held an umpire file of no game kept here."
#define GOT_KIND "The message held an umpire file of a kind the judge " \
	"does not take."
#define GOT_VIEW "The message held a view."
#define GOT_UNSIGNED "The message held orders not signed with the key " \
	"the side joined with."
#define GOT_REQUEST "The message held a request the judge could not " \
	"take: not whole,\nnot signed with the key the side joined with, " \
	"or made by an older\numpire (umpire: request/1; the judge takes " \
	"request/2)."
#define GOT_JOIN "The message held a game file the judge could not take " \
	"as a join."
#define HINT_LARGE "Mail the judge the umpire file alone, attached or " \
	"pasted, without pictures\nor other files (a signature image " \
	"your mail program adds counts too):\nthe judge reads no message " \
	"larger than one carrying a 1 MiB file."
#define HINT_SIGN "Sign your orders with your own key, the one you joined " \
	"the game with:\n  umpire sign orders.yaml --game VIEW -o " \
	"signed.yaml\nand mail signed.yaml to the judge."

/* The value of header field name in the header block of buf (unfolded,
 * without leading blanks) into out; 0 when there is none. */
static int header_field(const char *buf, size_t len, const char *name,
			struct strbuf *out)
{
	size_t k = strlen(name), i = 0;
	while (i < len) {
		size_t e = i;
		while (e < len && buf[e] != '\n')
			e++;
		size_t n = e - i;
		if (n && buf[e - 1] == '\r')
			n--;
		if (n == 0)
			return 0;       /* the end of the header block */
		if (n > k && buf[i + k] == ':' && !strncasecmp(buf + i, name,
							       k)) {
			const char *v = buf + i + k + 1;
			size_t vn = n - k - 1;
			strbuf_add(out, v, vn);
			/* continuation lines */
			for (i = e + 1; i < len && (buf[i] == ' ' ||
						    buf[i] == '\t');) {
				e = i;
				while (e < len && buf[e] != '\n')
					e++;
				strbuf_add(out, buf + i, e - i);
				i = e + 1;
			}
			while (out->len && (out->buf[out->len - 1] == '\r' ||
					    out->buf[out->len - 1] == ' '))
				out->buf[--out->len] = '\0';
			size_t lead = strspn(out->buf, " \t");
			memmove(out->buf, out->buf + lead, out->len - lead + 1);
			out->len -= lead;
			return 1;
		}
		i = e + 1;
	}
	return 0;
}

/* A message the judge never answers: an automatic one (Auto-Submitted
 * other than "no", RFC 3834 2), or a bounce (a null return path, a
 * mailer daemon, a delivery report: RFC 3464). */
static int automatic(const char *buf, size_t len)
{
	struct strbuf v = STRBUF_INIT;
	int yes = 0;
	if (header_field(buf, len, "Auto-Submitted", &v))
		yes = strncasecmp(v.buf, "no", 2) != 0 ||
			(v.len > 2 && v.buf[2] != ' ' && v.buf[2] != ';' &&
			 v.buf[2] != '(');
	strbuf_reset(&v);
	if (!yes && header_field(buf, len, "Return-Path", &v))
		yes = !strcmp(v.buf, "<>");
	strbuf_reset(&v);
	if (!yes && header_field(buf, len, "From", &v)) {
		for (size_t i = 0; i < v.len; i++)
			v.buf[i] = (char)tolower((unsigned char)v.buf[i]);
		yes = strstr(v.buf, "mailer-daemon") != NULL;
	}
	strbuf_reset(&v);
	if (!yes && header_field(buf, len, "Content-Type", &v))
		yes = strncasecmp(v.buf, "multipart/report", 16) == 0;
	strbuf_free(&v);
	return yes;
}

/* The judge is the referee of g (a game it can act in). */
int judged_here(const struct judge *j, struct game *g,
		       struct error *err)
{
	struct role *ref = game_role(g, "referee");
	if (!ref || game_honour(g))
		return errorf(err, EXIT_REFUSED, "game %s has no referee: "
			      "its sides adjudicate each other's orders",
			      g->id);
	if (sodium_memcmp(&ref->pk, &j->pk, sizeof j->pk) != 0)
		return errorf(err, EXIT_REFUSED, "game %s names another "
			      "referee key than this judge's", g->id);
	return 0;
}

/* Write the game file (read back first: never one umpire would refuse),
 * by appending where it can (gamestore.h). */
int store_game(const struct judge *j, struct game *g,
		      struct error *err)
{
	struct strbuf p = STRBUF_INIT, text = STRBUF_INIT;
	game_path(j, g->id, ".yaml", &p);
	int rc = game_emit_checked(g, j->cli->scenario_dir, &text, err);
	if (rc == 0 && game_store_write(p.buf, text.buf, text.len, err))
		err->status = EXIT_TEMPFAIL, rc = -1;
	strbuf_free(&p);
	strbuf_free(&text);
	return rc;
}

/* The letters g's new state owes, made durable: any failure is the
 * judge's (EXIT_TEMPFAIL), and the state is then not stored. */
static int spool_state(struct judge *j, struct game *g,
		       const struct run *run, struct sync_later *later,
		       struct outcome *o, struct error *err)
{
	struct letters l;
	memset(&l, 0, sizeof l);
	int rc = letters_of_state(j, g, run, NULL, &l, o, err);
	if (rc == 0)
		rc = spool_put(j, g, &l, 1, later, err);
	if (rc)
		err->status = EXIT_TEMPFAIL;
	letters_free(&l);
	return rc;
}

struct hook_ctx {
	struct judge *j;
	struct outcome *o;
	int signed_step;    /* the step is the message's signed orders */
};

static int spool_step(void *ctx, struct game *g, const struct run *run,
		      struct sync_later *later, struct error *err)
{
	struct hook_ctx *c = ctx;
	/* the step's actor signed the message (its orders verified):
	 * its desk note counts for its letter (desk.c) */
	if (c->signed_step)
		snprintf(c->j->desk_by, sizeof c->j->desk_by, "%s",
			 g->steps[g->n_steps - 1].actor);
	/* the letters from the run that adjudicated the step (made under
	 * letters_hook): the game is not replayed again */
	return spool_state(c->j, g, run, later, c->o, err);
}

static int stamp_step(void *ctx, struct game *g, struct error *err)
{
	struct hook_ctx *c = ctx;
	return clock_taken(c->j, g, err);
}

/* The step's commit handed to the LMTP server's batch (commit.c): made
 * durable with the other messages' steps, its letters sent then. */
static int batch_step(void *ctx, struct game *g, struct staged *files,
		      size_t n, struct sync_later *later, const char *store,
		      struct error *err)
{
	struct hook_ctx *c = ctx;
	char stamp[SPOOL_STAMP];
	spool_stamp(g, stamp, sizeof stamp);
	return batch_take(c->j->batch, g->id, stamp, files, n, later, store,
			  err);
}

int take_late_step(struct judge *j, struct game *g, const char *path,
		   const char *actor, struct outcome *o, struct error *err)
{
	struct strbuf body = STRBUF_INIT, signed_text = STRBUF_INIT;
	char prev[DOC_B64_32_LEN + 1], lv_s[DOC_B64_32_LEN + 1], tc[256];
	unsigned char lv[32];
	long long n = (long long)g->n_steps + 1;
	struct adjudicated res;
	int rc = -1;
	memset(&res, 0, sizeof res);
	/* the marker and nothing the rules do not derive: the judge
	 * chooses nothing (umpire-orders(5), late) */
	chain_late(g->genesis, (uint64_t)n, lv);
	doc_b64_32_str(prev, game_prev(g, g->n_steps));
	doc_b64_32_str(lv_s, lv);
	strbuf_addf(&body, "umpire: orders/1\ngame: %s\nstep: %lld\nside: %s\n"
		    "prev: %s\nreveal: %s\n", g->id, n, actor, prev, lv_s);
	{
		/* always the referee's vouch (late_step_read): the views
		 * list the step with it */
		unsigned char vouch[64];
		char b64[sodium_base64_ENCODED_LEN(64,
			 sodium_base64_VARIANT_ORIGINAL)];
		orders_vouch(j->sk, g->id, n, actor, vouch);
		sodium_bin2base64(b64, sizeof b64, vouch, 64,
				  sodium_base64_VARIANT_ORIGINAL);
		strbuf_addf(&body, "vouch: |-\n  %.64s\n  %s\n", b64,
			    b64 + 64);
	}
	strbuf_adds(&body, "late: standing\n");
	orders_comment(g->id, n, actor, tc, sizeof tc);
	if (embed_sign(body.buf, body.len, j->sk, tc, &signed_text, err))
		goto out;
	struct hook_ctx ctx = { j, o, 0 };
	struct step_hook hook = { spool_step, &ctx, 0, stamp_step, 1,
		j->batch ? batch_step : NULL };
	char name[64];
	snprintf(name, sizeof name, "late step %lld", n);
	struct adjudicate_request rq = { .orders = name, .sk = j->sk,
		.out = path, .msg = j->cli->msg, .hook = &hook,
		.no_report = 1 };
	rq.buf = strbuf_detach(&signed_text, NULL);
	rq.len = strlen(rq.buf);
	letters_hook(g, &hook);
	rc = adjudicate_orders(g, &rq, &res, err);
	free(rq.buf);
	free(rq.sig);
	if (rc == 0)
		spool_flush(j, g->id, g, o);
out:
	adjudicated_free(&res);
	strbuf_free(&body);
	strbuf_free(&signed_text);
	return rc;
}

/* The desk note of the message (j->desk_note), which role of game id
 * signed (its signature verified): noted, and role's letters of this
 * message follow it (desk.c). The first role a message's signature
 * is verified for is the one. */
static void desk_signed(struct judge *j, const char *id, const char *role,
			struct outcome *o)
{
	if (j->desk_note == DESK_NOTE_NONE || !strcmp(role, "referee") ||
	    (j->desk_by[0] && strcmp(j->desk_by, role)))
		return;
	snprintf(j->desk_by, sizeof j->desk_by, "%s", role);
	(void)desk_ask(j, id, role, j->desk_note, o);
}

/* An answer to role of g (its letter of the present state sent again,
 * or a refusal: l, made for the answer key), when the message may be
 * answered and the role has answers left in the bound of its kind
 * (is_signed: signed mail's, else unsigned mail's): spooled, counted
 * (once: the same message delivered again makes the same answer), and
 * sent. Says in o what was done. */
static void answer(struct judge *j, struct game *g, const char *role,
		   struct letters *l, enum answer_kind is_signed,
		   const unsigned char key[32], struct outcome *o)
{
	struct error err;
	int allowed;
	o->answered = 1;
	if (o->no_answer) {
		strbuf_adds(&o->notes, "; not answered (an automatic message "
			    "or a bounce)");
	} else if (!l->n) {
		strbuf_addf(&o->notes, "; not answered (no address for %s%s)",
			    role, bymail_may_mail(j, g, role, "") ? "" :
			    ", or none it proved: a game taken by mail");
	} else if ((allowed = answer_allowed(j, g, role, is_signed,
					     key)) < 0) {
		/* its letter is durable already: sent, or in the spool */
		spool_flush(j, g->id, g, o);
		strbuf_addf(&o->notes, "; not answered again (this very "
			    "message was answered to %s)", role);
	} else if (!allowed && is_signed) {
		strbuf_addf(&o->notes, "; not answered (%s had %u answer%s "
			    "%sin this step)", role, j->answers_a_step,
			    j->answers_a_step == 1 ? "" : "s",
			    is_signed == ANSWER_ASK ? "to its requests " :
			    is_signed == ANSWER_JOINED ? "to its join again " :
			    "");
	} else if (!allowed) {
		strbuf_addf(&o->notes, "; not answered (%s had its answer%s "
			    "of today to mail it did not sign)", role,
			    j->answers_a_day == 1 ? "" : "s");
	} else if (spool_put(j, g, l, 0, NULL, &err)) {
		strbuf_addf(&o->notes, "; the answer not sent: %s", err.msg);
	} else {
		answer_counted(j, g, role, is_signed, key);
		spool_flush(j, g->id, g, o);
		strbuf_addf(&o->notes, "; answered to %s at %s", role,
			    l->to[0]);
	}
}

/* The answer to role of g, joined, mailing its join again or asking
 * for its letter while no letter of the judge's is owed it: "you are
 * in", where the game stands (nothing went wrong: in clear, no reason),
 * within the bound of answers of its kind (answers.c). */
static void you_are_in(struct judge *j, struct game *g, const char *role,
		       enum answer_kind kind, struct outcome *o)
{
	struct letters l;
	struct error e;
	struct strbuf intro = STRBUF_INIT;
	unsigned char key[32];
	memset(&l, 0, sizeof l);
	answer_key(g, role, kind, o->message, key);
	strbuf_addf(&intro, "You are in game %s (%s) as %s: your join is "
		    "taken.", g->id, g->scn.title, role);
	struct answer_text t = { "you are in", intro.buf, NULL, NULL, NULL,
		key, NULL };
	if (letter_answer(j, g, role, &t, NULL, &l, &e))
		strbuf_addf(&o->notes, "; %s", e.msg);
	else
		answer(j, g, role, &l, kind, key, o);
	letters_free(&l);
	strbuf_free(&intro);
}

/* role's letter of g as it stands, sent again (a lost letter is never
 * final), as an answer to signed mail (kind: a request's, a join's
 * again, or other); while the game waits for a join (no letter of the
 * judge's to role yet), you_are_in. */
static void letter_again(struct judge *j, struct game *g, const char *role,
			 enum answer_kind kind, struct outcome *o)
{
	struct letters l;
	struct error e;
	unsigned char key[32];
	if (game_unjoined(g)) {
		you_are_in(j, g, role, kind, o);
		return;
	}
	memset(&l, 0, sizeof l);
	answer_key(g, role, kind, o->message, key);
	if (letters_of_state(j, g, NULL, role, &l, o, &e))
		strbuf_addf(&o->notes, "; %s", e.msg);
	else
		answer(j, g, role, &l, kind, key, o);
	letters_free(&l);
}

/* The role of g whose address (its join's, else its invitation's) is
 * from, or NULL. */
static const char *party_at(const struct game *g, const char *from)
{
	for (size_t i = 0; from[0] && i < g->n_roles; i++) {
		const char *a = game_address(g, g->roles[i].name);
		if (a && !strcasecmp(a, from))
			return g->roles[i].name;
	}
	return NULL;
}

/* The game id kept here, read as the per-turn commands read it; a game
 * the judge keeps but cannot read is the host's to mend
 * (EXIT_TEMPFAIL). view: GAME_PARSE_VIEW, the vouched prefix every
 * side's view may need (a request's letter, for a side not known
 * before the game is read), or with GAME_PARSE_NEWEST, the newest cut's
 * (orders): the letters of a step
 * are made from the run that adjudicated it, and in the steps of one
 * side's turn they are that side's, whose views reach back no further
 * than its own step; a step that ends the turn (a view of the side
 * that waited, reaching back to its own latest step, the turn's
 * length) reads what it needs then (game_unstub_for). Read for
 * every side instead, each step of a long turn read its whole turn
 * again: 37M instructions a message at step 248 of a Race to the
 * Reichstag game, against 40M for adjudicating it. */
static int load_kept(struct judge *j, const char *id, unsigned view,
		     struct game *g, struct strbuf *path, struct error *err)
{
	game_path(j, id, ".yaml", path);
	if (load_game(judge_loader(j), path->buf, GAME_PARSE_CHECKPOINTS |
		      view, g, err)) {
		err->status = EXIT_TEMPFAIL;
		return -1;
	}
	return 0;
}

/* Every side g joined that was not joined before (was[i]: role i of g
 * was; NULL: none was) has an address, its join's or its invitation's:
 * the judge mails a side there and nowhere else, so a side without one
 * would get no letter while the game, its clock too, waited on it. */
static int joins_addressed(struct game *g, const int *was,
			   struct error *err)
{
	for (size_t i = 0; i < g->n_roles; i++) {
		const char *r = g->roles[i].name;
		if (!g->roles[i].joined || (was && was[i]) ||
		    !strcmp(r, "referee") || game_address(g, r))
			continue;
		return errorf(err, EXIT_REFUSED, "the join of %s carries no "
			      "mail address, and the game invites %s at none: "
			      "the judge mails a side only at its own address, "
			      "so %s would get no letter of the game; join "
			      "again with an address (umpire join --side %s "
			      "--address ADDRESS, or address under [umpire] in "
			      "the configuration file) and mail that join",
			      r, r, r, r);
	}
	return 0;
}

/* A side (not the referee) joined both in g and in with one key: one
 * joining again, or NULL. */
static const char *rejoined(struct game *g, const struct game *in)
{
	for (size_t i = 0; i < in->n_roles; i++) {
		const struct role *r = &in->roles[i];
		struct role *k = game_role(g, r->name);
		if (r->joined && k && k->joined && strcmp(r->name, "referee") &&
		    !sodium_memcmp(&r->pk, &k->pk, sizeof r->pk))
			return k->name;
	}
	return NULL;
}

/*
 * A game file: a side's join of a game kept here, or (--accept-new) a
 * new game naming this judge's key as its referee.
 */
static int take_game(struct judge *j, const char *name, const char *buf,
		     size_t len, int have, struct outcome *o,
		     struct error *err)
{
	struct game in, g;
	struct strbuf p = STRBUF_INIT;
	int rc = -1;
	if (game_parse(&in, name, buf, len, j->cli->scenario_dir, err))
		return -1;
	snprintf(o->step, sizeof o->step, "join");
	game_path(j, in.id, ".yaml", &p);
	if (judged_here(j, &in, err))
		goto out_in;
	if (!have) {
		/* its short id is its address and subject tag: one a game
		 * kept here has would take that game's mail (route.c) */
		char kept[GAME_ID_HEX + 1], mine[MAIL_ADDR_MAX * 2];
		if (judge_games_of_prefix(j->games, in.id, kept)) {
			game_from(j, &in, mine, sizeof mine);
			errorf(err, EXIT_REFUSED, "new game %s refused: its "
			       "short id %.8s is that of game %s kept here, "
			       "and its address (%s) and subject tag "
			       "([umpire %.8s]) would name both; make the game "
			       "again (umpire new draws another id)", in.id,
			       in.id, kept, mine, in.id);
			goto out_in;
		}
		if (in.n_steps) {
			errorf(err, EXIT_REFUSED, "game %s is new here but "
			       "has %zu steps", in.id, in.n_steps);
			goto out_in;
		}
		size_t added;
		/* its joins checked as a kept game's would be */
		if (game_parse(&g, name, buf, len, j->cli->scenario_dir,
			       err))
			goto out_in;
		/* its join names the judge's address: every view's header
		 * then says where the game's orders go (umpire mail) */
		char spec[MAIL_ADDR_MAX + 1];
		const char *why;
		/* the game's own address (route.c) */
		game_from(j, &in, mine, sizeof mine);
		if (!game_role(&in, "referee")->joined &&
		    game_join_address(&in, "referee", j->sk, j->from &&
				      mail_addr_spec_of(mine, spec,
							sizeof spec,
							&why) == 0 ? spec :
				      NULL, err))
			goto out_g;
		/* within the bounds of the games taken by mail, recorded
		 * as one (before its letters: only proven addresses are
		 * mailed); its roles asked to confirm theirs after the
		 * state's letters (spooled fresh) */
		if (game_take_joins(&g, &in, &added, err) ||
		    joins_addressed(&in, NULL, err) ||
		    bymail_take(j, &in, len, o, err) ||
		    (!game_unjoined(&in) && clock_taken(j, &in, err)) ||
		    spool_state(j, &in, NULL, NULL, o, err) ||
		    confirm_owed(j, &in, &in, o, err) ||
		    store_game(j, &in, err))
			goto out_g;
		say(o, FATE_DONE, "new game %s (%s) taken as its referee",
		    in.id, in.scn.id);
		for (size_t i = 0; i < in.n_roles; i++)
			if (in.roles[i].joined)
				desk_signed(j, in.id, in.roles[i].name, o);
		spool_flush(j, in.id, &in, o);
		rc = 0;
		goto out_g;
	}
	if (load_game(judge_loader(j), p.buf, 0, &g, err))
		goto out_in;
	size_t added;
	int was[GAME_MAX_ROLES];
	for (size_t i = 0; i < g.n_roles; i++)
		was[i] = g.roles[i].joined;
	/* a join a party of the game kept here signed: the host may want
	 * to see it; anyone's file naming the game (a header of its own,
	 * a forged join) is a stranger's. Asked before the joins are
	 * taken into g, which then holds them. */
	int party = game_party_signed(&g, &in);
	/* a side joined already, joining again with the key it joined
	 * with (from a letter it followed twice, say): it is in */
	const char *again = party ? rejoined(&g, &in) : NULL;
	char side[64];
	snprintf(side, sizeof side, "%s", again ? again : "");
	/* (a side joined with no address is told by nobody: the judge
	 * mails a side at its own address alone; umpire join refused it
	 * first where the game invites its referee at an address) */
	if (game_take_joins(&g, &in, &added, err) ||
	    joins_addressed(&g, was, err)) {
		o->party = party;
		o->received = GOT_JOIN;
		if (again) {
			/* answered, free: "you are in", where the game
			 * stands (its own bound, answers.c) */
			say(o, FATE_FAILED, "%s joined again with the key it "
			    "joined with: %s", side, err->msg);
			o->answered = 1;
			game_free(&g);
			if (load_game(judge_loader(j), p.buf, 0, &g, err))
				goto out_in;
			you_are_in(j, &g, side, ANSWER_JOINED, o);
			rc = 0;
		}
		goto out_g;
	}
	if (bymail_joined(j, &g, o, err))
		goto out_g;
	if (!added) {
		/* a join mailed again: its role asked to confirm its
		 * address again, when no confirmation to it stands */
		if (confirm_owed(j, &g, &in, o, err))
			goto out_g;
		say(o, FATE_DROPPED, "replay: every join in it is in the "
		    "game already");
		o->answered = 1;    /* no mistake: what it owes, at most */
		/* what the last run could not send, else the letter the
		 * joined roles got */
		if (!spool_flush(j, g.id, &g, o)) {
			for (size_t i = 0; i < in.n_roles; i++) {
				struct role *r = &in.roles[i];
				if (!r->joined || !strcmp(r->name, "referee"))
					continue;
				if (party)
					desk_signed(j, g.id, r->name, o);
				letter_again(j, &g, r->name, ANSWER_JOINED, o);
				break;
			}
		}
		rc = 0;
		goto out_g;
	}
	for (size_t i = 0; i < g.n_roles; i++)
		if (g.roles[i].joined && !was[i])
			desk_signed(j, g.id, g.roles[i].name, o);
	if ((!game_unjoined(&g) && clock_taken(j, &g, err)) ||
	    spool_state(j, &g, NULL, NULL, o, err) ||
	    confirm_owed(j, &g, &in, o, err) || store_game(j, &g, err))
		goto out_g;
	const char *who = game_unjoined(&g);
	say(o, FATE_DONE, "%zu join(s) taken; %s%s", added,
	    who ? "waiting for " : "all roles joined", who ? who : "");
	spool_flush(j, g.id, &g, o);
	rc = 0;
out_g:
	game_free(&g);
out_in:
	game_free(&in);
	strbuf_free(&p);
	return rc;
}

/* The step of g whose signed orders are the orders buf, by the side
 * that signed them; 0 when they are no step of g. about: buf's tree
 * (file_about's), else NULL (parsed here). */
static size_t replayed_step(struct game *g, const char *name,
			    const char *buf, size_t len, const char *sig,
			    size_t siglen, const struct doc *about)
{
	struct doc *d = NULL;
	struct error ignored;
	long long n = -1;
	const char *side = NULL;
	size_t found = 0;
	if (!about) {
		d = doc_new(name);
		if (doc_parse(d, buf, len, &DOC_LIMITS_GAME, &ignored) == 0)
			about = d;
	}
	if (about && about->root && about->root->kind == DOC_MAP) {
		const struct doc_node *s = doc_get(about->root, "step");
		const struct doc_node *w = doc_get(about->root, "side");
		if (s && s->kind == DOC_SCALAR)
			n = strtoll(s->str, NULL, 10);
		if (w && w->kind == DOC_SCALAR)
			side = w->str;
	}
	struct role *r = side ? game_role(g, side) : NULL;
	if (r && n >= 1 && (size_t)n <= g->n_steps &&
	    game_step_blob(g, (size_t)n - 1, &ignored) == 0) {
		const struct game_step *st = &g->steps[n - 1];
		struct verified a, b;
		memset(&a, 0, sizeof a);
		memset(&b, 0, sizeof b);
		if (!strcmp(st->actor, side) &&
		    signed_verify(name, buf, len, NULL, sig, siglen, &r->pk,
				  &a, &ignored) == 0 &&
		    signed_verify(name, (const char *)st->blob, st->blob_len,
				  NULL, NULL, 0, &r->pk, &b, &ignored) == 0 &&
		    a.body_len == b.body_len &&
		    !memcmp(a.body, b.body, a.body_len))
			found = (size_t)n;
		verified_free(&a);
		verified_free(&b);
	}
	doc_free(d);
	return found;
}

/* The role of g whose key signed buf (mail from a party), or NULL. */
static const char *signer(struct game *g, const char *name,
			  const char *buf, size_t len, const char *sig,
			  size_t siglen)
{
	for (size_t i = 0; i < g->n_roles; i++) {
		struct verified v;
		struct error ignored;
		memset(&v, 0, sizeof v);
		int ok = signed_verify(name, buf, len, NULL, sig, siglen,
				       &g->roles[i].pk, &v, &ignored) == 0;
		verified_free(&v);
		if (ok)
			return g->roles[i].name;
	}
	return NULL;
}

/* Signed orders (sealed to the referee or not) for a game kept here.
 * about: *buf's tree (file_about's). */
static int take_orders(struct judge *j, const char *id, const char *name,
		       char **buf, size_t *len, char **sig, size_t *siglen,
		       const struct strbuf *notes, const struct doc *about,
		       struct outcome *o, struct error *err)
{
	struct strbuf p = STRBUF_INIT;
	struct game g;
	struct adjudicated res;
	int rc = -1;
	if (load_kept(j, id, GAME_PARSE_VIEW | GAME_PARSE_NEWEST, &g, &p,
		      err)) {
		strbuf_free(&p);
		return -1;
	}
	if (!party_at(&g, o->from.len ? o->from.buf : ""))
		snprintf(o->no_party_of, sizeof o->no_party_of, "%s", g.id);
	if (judged_here(j, &g, err))
		goto out;
	if (is_sealed_orders(*buf, *len)) {
		char *plain;
		size_t plen;
		if (sealed_open(name, *buf, *len, SEALED_ORDERS_FORMAT, j->sk,
				&plain, &plen, err))
			goto out;
		free(*buf);
		*buf = plain;
		*len = plen;
		about = NULL;   /* the sealed file's, not the orders' */
	}
	/* the orders' tree as file_about read it: not parsed again */
	size_t old = replayed_step(&g, name, *buf, *len, *sig, *siglen,
				   about);
	if (old) {
		const char *by = g.steps[old - 1].actor;
		say(o, FATE_DROPPED, "replay: these orders of %s are step "
		    "%zu of the game already", by, old);
		desk_signed(j, g.id, by, o);
		o->answered = 1;    /* no mistake: what it owes, at most */
		/* the letters a crash kept from being sent, else the
		 * signer's letter of the game as it stands (a lost letter
		 * is never final); in a --maildir run the spool holds the
		 * run's own letters too (those of the orders this message
		 * repeats, say), which answer their own message, not this */
		if (!spool_flush(j, g.id, &g, o) || j->hold_letters)
			letter_again(j, &g, by, ANSWER_SIGNED, o);
		rc = 0;
		goto out;
	}
	snprintf(o->step, sizeof o->step, "%zu", g.n_steps + 1);
	struct hook_ctx ctx = { j, o, 1 };
	struct step_hook hook = { spool_step, &ctx, 0, stamp_step, 1,
		j->batch ? batch_step : NULL };
	letters_hook(&g, &hook);
	struct adjudicate_request rq = { .orders = name, .buf = *buf,
		.len = *len, .sig = *sig, .siglen = *siglen, .sk = j->sk,
		.out = p.buf, .notes = notes, .msg = j->cli->msg,
		.hook = &hook, .no_report = 1 };
	int adj = adjudicate_orders(&g, &rq, &res, err);
	/* the orders as read (sealed ones opened, a detached signature
	 * read) are the caller's, as the refusal below reads them */
	*buf = rq.buf;
	*len = rq.len;
	*sig = rq.sig;
	*siglen = rq.siglen;
	if (adj == 0) {
		say(o, FATE_DONE, "adjudicated step %zu", g.n_steps);
		desk_signed(j, g.id, g.steps[g.n_steps - 1].actor, o);
		bounce_clear(j, g.id, g.steps[g.n_steps - 1].actor);
		bymail_moved(j, g.id, o);
		if (j->hold_letters)
			strbuf_adds(&o->notes, "; its letters sent at the end "
				    "of this run");
		else if (batch_holds(j->batch, g.id))
			strbuf_adds(&o->notes, "; its letters sent once it is "
				    "durable, with the steps that came with it");
		else
			spool_flush(j, g.id, &g, o);
		adjudicated_free(&res);
		rc = 0;
		goto out;
	}
	if (err->status != EXIT_REFUSED) {
		adjudicated_free(&res);
		goto out;
	}
	/* refused: answered only when a party of the game signed them,
	 * and only at that party's own address (never backscatter to a
	 * forged or unsigned sender) */
	const char *by = signer(&g, name, *buf, *len, *sig, *siglen);
	if (!by) {
		o->hint = HINT_SIGN;
		o->received = GOT_UNSIGNED;
		adjudicated_free(&res);
		goto out;
	}
	say(o, FATE_DONE, "orders of %s refused: %s", by, err->msg);
	desk_signed(j, g.id, by, o);
	struct letters l;
	struct error e;
	struct strbuf what = STRBUF_INIT, intro = STRBUF_INIT;
	strbuf_addf(&what, "step %zu: the orders of %s refused",
		    g.n_steps + 1, by);
	strbuf_addf(&intro, "Your orders for step %zu of game %s (%s) were "
		    "refused.", g.n_steps + 1, g.id, g.scn.title);
	unsigned char key[32];
	answer_key(&g, by, 1, o->message, key);
	struct answer_text t = { what.buf, intro.buf, err->msg, NULL,
		&res.refusal, key, NULL };
	memset(&l, 0, sizeof l);
	/* no In-Reply-To: the Message-ID is the carrying message's,
	 * which anyone may have written (the signed orders are not) */
	int arc = letter_answer(j, &g, by, &t, NULL, &l, &e);
	strbuf_free(&what);
	strbuf_free(&intro);
	if (arc)
		strbuf_addf(&o->notes, "; no answer: %s", e.msg);
	else
		answer(j, &g, by, &l, 1, key, o);
	letters_free(&l);
	adjudicated_free(&res);
	rc = 0;
out:
	game_free(&g);
	strbuf_free(&p);
	return rc;
}

/* Whether a line of buf starts "umpire:": what mail_take_file took is
 * meant as an umpire file, not text of some other kind. */
static int has_umpire_line(const char *buf, size_t len)
{
	for (size_t i = 0; i + 7 <= len; i++)
		if ((i == 0 || buf[i - 1] == '\n') &&
		    memcmp(buf + i, "umpire:", 7) == 0)
			return 1;
	return 0;
}

/* A side's signed request for its letter of the game as it stands
 * (request.h): answered at the side's own address, within the bound of
 * answers to signed mail (answers.c), once: a copy of one seen before
 * (its nonce), or one older than the side's latest, is dropped. */
static int take_request(struct judge *j, const char *id, const char *buf,
			size_t len, struct outcome *o, struct error *err)
{
	struct strbuf p = STRBUF_INIT, why = STRBUF_INIT;
	struct game g;
	struct request rq;
	int rc = -1, fresh;
	if (load_kept(j, id, GAME_PARSE_VIEW, &g, &p, err)) {
		strbuf_free(&p);
		return -1;
	}
	snprintf(o->step, sizeof o->step, "%zu", g.n_steps + 1);
	if (request_check("request.yaml", buf, len, &g, &rq, err)) {
		o->hint = HINT_ASK;
		o->received = GOT_REQUEST;
		goto out;
	}
	if ((fresh = request_new(j, &g, &rq, &why, err)) < 0)
		goto out;
	if (!fresh) {
		say(o, FATE_DROPPED, "%s", why.buf);
		o->answered = 1;    /* no mistake: a copy costs nothing */
		rc = 0;
		goto out;
	}
	say(o, FATE_DONE, "%s asks for its letter again", rq.side);
	desk_signed(j, g.id, rq.side, o);
	/* the letters a crash kept from being sent go first */
	spool_flush(j, g.id, &g, o);
	letter_again(j, &g, rq.side, ANSWER_ASK, o);
	/* noted once answered: the very message delivered again after a
	 * crash before this is the same answer (answers.c) */
	rc = request_noted(j, &g, &rq, err);
out:
	game_free(&g);
	strbuf_free(&p);
	strbuf_free(&why);
	return rc;
}

/* What an umpire file says it is: its kind ("umpire:" field) and game;
 * why it cannot be read in why. keep: its tree, the caller's (doc_free)
 * where it reads, else NULL; may be NULL. */
static int file_about(const char *name, const char *buf, size_t len,
		      char *kind, size_t ksize, char *id, size_t isize,
		      struct error *why, struct doc **keep)
{
	struct doc *d = doc_new(name);
	int rc = -1;
	if (keep)
		*keep = NULL;
	errorf(why, EXIT_REFUSED, "%s: not a mapping with an 'umpire:' "
	       "field", name);
	if (doc_parse(d, buf, len, &DOC_LIMITS_GAME, why) == 0 &&
	    d->root && d->root->kind == DOC_MAP) {
		const struct doc_node *u = doc_get(d->root, "umpire");
		const struct doc_node *g = doc_get(d->root, "game");
		if (u && u->kind == DOC_SCALAR) {
			snprintf(kind, ksize, "%.*s",
				 (int)strcspn(u->str, "/"), u->str);
			snprintf(id, isize, "%s", g && g->kind == DOC_SCALAR ?
				 g->str : "");
			rc = 0;
		}
	}
	if (rc == 0 && keep)
		*keep = d;
	else
		doc_free(d);
	return rc;
}

/* The addr-spec of the message's From (not Reply-To: a party is known
 * by the address it writes from), lowercased, into out; 0 if none. */
static int sender(const char *buf, size_t len, struct strbuf *out)
{
	struct strbuf v = STRBUF_INIT;
	int ok = 0;
	if (header_field(buf, len, "From", &v)) {
		const char *a = strchr(v.buf, '<'), *e;
		if (a)
			e = strchr(++a, '>');
		else {
			a = v.buf;
			e = a + strcspn(a, " \t(");
		}
		if (e && e > a && memchr(a, '@', (size_t)(e - a))) {
			for (const char *c = a; c < e; c++)
				strbuf_addc(out, (char)tolower(
					(unsigned char)*c));
			ok = 1;
		}
	}
	strbuf_free(&v);
	return ok;
}

/* Whether needle (lowercase) is in buf[0..len), letters in any case. */
static int has_ci(const char *buf, size_t len, const char *needle)
{
	size_t n = strlen(needle);
	for (size_t i = 0; i + n <= len; i++) {
		size_t k = 0;
		while (k < n && tolower((unsigned char)buf[i + k]) == needle[k])
			k++;
		if (k == n)
			return 1;
	}
	return 0;
}

/* Whether buf holds no umpire file however it is read: nothing in it is
 * encoded (no base64, no quoted-printable part, so every line is as
 * written), and no line could start one: no "umpire:", no embedded
 * signature. What mail_take_file would call holding none, without
 * loading GMime. */
static int plainly_no_file(const char *buf, size_t len)
{
	return !has_ci(buf, len, "base64") &&
		!has_ci(buf, len, "quoted-printable") &&
		!has_ci(buf, len, "umpire:") &&
		!has_ci(buf, len, "umpire signature");
}

/* The Message-ID of the message (without <>, at most 250 printable
 * characters) into out. */
static void message_id(const char *buf, size_t len, struct strbuf *out)
{
	struct strbuf v = STRBUF_INIT;
	if (header_field(buf, len, "Message-ID", &v)) {
		const char *a = strchr(v.buf, '<');
		a = a ? a + 1 : v.buf;
		size_t n = strcspn(a, "> \t");
		for (size_t i = 0; i < n && i < 250; i++)
			if ((unsigned char)a[i] > ' ' &&
			    (unsigned char)a[i] < 127)
				strbuf_addc(out, a[i]);
	}
	strbuf_free(&v);
}

void judge_envelope(const char *buf, size_t len, struct outcome *o)
{
	strbuf_reset(&o->from);
	strbuf_reset(&o->msgid);
	sender(buf, len, &o->from);
	message_id(buf, len, &o->msgid);
}

/* The short id in a subject ("[umpire 1a2b3c4d]", a reply's "Re:
 * [umpire 1a2b3c4d] ..." too), into id8: 1, else 0. */
static int subject_id8(const char *buf, size_t len, char id8[9])
{
	struct strbuf v = STRBUF_INIT;
	const char *p;
	int ok = header_field(buf, len, "Subject", &v) &&
		(p = strstr(v.buf, "[umpire ")) &&
		strspn(p + 8, "0123456789abcdef") >= 8 && p[16] == ']';
	if (ok) {
		memcpy(id8, p + 8, 8);
		id8[8] = '\0';
	}
	strbuf_free(&v);
	return ok;
}

/* The game a message is about, into id: the one its address names
 * (route.c), else the one its subject's short id names. A short id
 * two games kept here have (a clash, route.c) names neither: said in
 * o's notes, the file's full id deciding. */
static int addressed_game(const struct judge *j, const char *buf,
			  size_t len, char id[GAME_ID_HEX + 1],
			  struct outcome *o)
{
	char id8[9];
	if (strlen(j->routed) == GAME_ID_HEX) {
		snprintf(id, GAME_ID_HEX + 1, "%s", j->routed);
		return 1;
	}
	if (j->routed[0])
		snprintf(id8, sizeof id8, "%s", j->routed);
	else if (!subject_id8(buf, len, id8))
		return 0;
	size_t n = judge_games_of_prefix(j->games, id8, id);
	route_clash_say(id8, n, o);
	if (n != 1)
		id[0] = '\0';
	return n == 1;
}

/* 0 when game id is kept here. */
static int access_game(const struct judge *j, const char *id)
{
	struct strbuf p = STRBUF_INIT;
	game_path(j, id, ".yaml", &p);
	int rc = access(p.buf, F_OK);
	strbuf_free(&p);
	return rc;
}

/* How much of a game file is read to know whether an address is in its
 * roles (they come before its state and steps; GAME_MAX_ROLES roles of
 * a few hundred bytes each). */
#define ROLES_HEAD 16384
/* The most of a party's games one answer says where they stand. */
#define NOTE_GAMES 4

/* Whether from (lowercase) is written in the roles of the game file at
 * path (its first ROLES_HEAD bytes, before 'state:'), in any case: a
 * look, not a reading; party_at decides. */
static int roles_name(const char *path, const char *from)
{
	char buf[ROLES_HEAD + 1];
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, buf, ROLES_HEAD);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	char *end = strstr(buf, "\nstate:");
	return has_ci(buf, end ? (size_t)(end - buf) : (size_t)n, from);
}


/* Where the games kept here whose roles hold from (lowercase), but
 * except, stand for the role at from, into out (a line each, after a
 * heading; at most NOTE_GAMES games), the one where it is that role's
 * move first; the first such game, if first is not NULL, into first
 * (none: ""). Each game file is read, not locked: a file is replaced
 * whole (store_game), never changed in place. */
static void party_games(struct judge *j, const char *from,
			const char *except, struct strbuf *out,
			char first[GAME_ID_HEX + 1])
{
	struct dirent **list = NULL;
	int n = scandir(j->games, &list, judge_game_file, alphasort);
	struct strbuf p = STRBUF_INIT, mine = STRBUF_INIT;
	struct strbuf rest = STRBUF_INIT;
	size_t said = 0;
	int moves = 0;
	if (first)
		first[0] = '\0';
	for (int i = 0; i < n; i++) {
		char id[GAME_ID_HEX + 1];
		snprintf(id, sizeof id, "%.*s", GAME_ID_HEX, list[i]->d_name);
		free(list[i]);
		strbuf_reset(&p);
		game_path(j, id, ".yaml", &p);
		struct game g;
		struct error e;
		if (said >= NOTE_GAMES || (except && !strcmp(id, except)) ||
		    !roles_name(p.buf, from) ||
		    load_game(judge_loader(j), p.buf, GAME_PARSE_CHECKPOINTS,
			      &g, &e))
			continue;
		const char *role = party_at(&g, from);
		struct strbuf line = STRBUF_INIT;
		int at = role ? letters_standing(j, &g, role, &line) : -1;
		if (at >= 0) {
			struct strbuf *to = at == 1 ? &mine : &rest;
			strbuf_addf(to, "  game %.8s (%s) as %s: %s%s\n", id,
				    g.scn.title, role, line.buf, at == 1 ?
				    game_unjoined(&g) ? ": join it" :
				    ": your move" : "");
			if (first && (!first[0] || (at == 1 && !moves)))
				snprintf(first, GAME_ID_HEX + 1, "%s", id);
			moves |= at == 1;
			said++;
		}
		strbuf_free(&line);
		game_free(&g);
	}
	free(list);
	if (mine.len || rest.len)
		strbuf_addf(out, "Your %sgames on this judge:\n%s%s", except ?
			    "other " : "", mine.buf, rest.buf);
	strbuf_free(&p);
	strbuf_free(&mine);
	strbuf_free(&rest);
}

/* A message the judge could not use, from a party of the game it is
 * about (its file's game, else its subject's) by the address of that
 * party's join: answered there, saying what was wrong and what to send
 * instead. A stranger's is never answered (no backscatter). -1 only
 * when the answer owed cannot be written for the host's fault (host:
 * GMime will not load, EXIT_TEMPFAIL). */
static int mistake(struct judge *j, const char *from, const char *id,
		   struct outcome *o, struct error *host)
{
	struct strbuf p = STRBUF_INIT;
	struct game g;
	struct error err;
	int fd = -1, rc = 0;
	if (o->answered || o->no_answer || !from[0] || !game_id_ok(id))
		return 0;
	if (!strcmp(o->no_party_of, id)) {
		/* a stranger's message about a game read already: not
		 * read again (a forged file costs its reading once) */
		strbuf_adds(&o->notes, "; not answered (the sender is no "
			    "party of the game)");
		return 0;
	}
	game_path(j, id, ".yaml", &p);
	if (access(p.buf, F_OK) != 0 || lock_game(j, id, &fd, &err) ||
	    load_game(judge_loader(j), p.buf, GAME_PARSE_CHECKPOINTS, &g,
		      &err)) {
		if (fd >= 0)
			close(fd);
		strbuf_free(&p);
		return 0;
	}
	const char *role = party_at(&g, from);
	if (!role) {
		strbuf_adds(&o->notes, "; not answered (the sender is no "
			    "party of the game)");
	} else if (judge_gmime(j, host)) {
		/* the answer is written with GMime: the party's answer
		 * waits with the message until the host mends it */
		rc = -1;
	} else {
		struct letters l;
		struct strbuf intro = STRBUF_INIT, what = STRBUF_INIT;
		struct strbuf others = STRBUF_INIT;
		int note = o->received && !strcmp(o->received, GOT_NOTHING);
		unsigned char key[32];
		answer_key(&g, role, ANSWER_UNSIGNED, o->message, key);
		/* where each of the party's games here stands, when an
		 * answer may be made (a flood in its name costs no more
		 * than the bound's answers): it is the one the party gets */
		if (answer_allowed(j, &g, role, ANSWER_UNSIGNED, key) > 0)
			party_games(j, from, g.id, &others, NULL);
		if (note) {
			/* a note ("is it my move?"): where the game
			 * stands is the answer (letter_answer ends with
			 * it) */
			strbuf_addf(&what, "where the game stands");
			strbuf_addf(&intro, "Your message to the judge held no "
				    "umpire file; where game %s\n(%s) stands "
				    "for you is below%s.", g.id, g.scn.title,
				    others.len ? ", and your other games" : "");
		} else {
			strbuf_addf(&what, "your message could not be used");
			strbuf_addf(&intro, "Your message to the judge about "
				    "game %s (%s) could not be used.", g.id,
				    g.scn.title);
		}
		/* what came, in the judge's words: never the message's
		 * text (nor its Message-ID), which anyone may have
		 * written in the party's name (the log has the reason) */
		/* (a note: where the game stands says what to send) */
		struct answer_text t = { what.buf, intro.buf, note ? NULL :
			o->received ? o->received : GOT_MESSAGE, note ? NULL :
			o->hint ? o->hint : HINT_FILE, NULL, key, others.buf };
		memset(&l, 0, sizeof l);
		if (letter_answer(j, &g, role, &t, NULL, &l, &err))
			strbuf_addf(&o->notes, "; no answer: %s", err.msg);
		else
			answer(j, &g, role, &l, 0, key, o);
		letters_free(&l);
		strbuf_free(&intro);
		strbuf_free(&what);
		strbuf_free(&others);
	}
	game_free(&g);
	close(fd);
	strbuf_free(&p);
	return rc;
}

/* A note that names no game (no file, no game's short id in its subject:
 * "is it my move?") from a party's own address: one answer, about the
 * game kept here where it is that party's move (else the first whose
 * roles hold its address), saying where each of its games here stands
 * (mistake()). A stranger's note costs a look at the first lines of
 * each game file: nothing is locked, kept or answered. */
static int note_answered(struct judge *j, const char *from,
			 struct outcome *o, struct error *host)
{
	char first[GAME_ID_HEX + 1];
	struct strbuf ignored = STRBUF_INIT;
	party_games(j, from, NULL, &ignored, first);
	strbuf_free(&ignored);
	if (!first[0])
		return 0;
	snprintf(o->game, sizeof o->game, "%s", first);
	return mistake(j, from, first, o, host);
}

int judge_too_large(struct judge *j, const char *head, size_t len,
		    struct outcome *o, struct error *err)
{
	char about[GAME_ID_HEX + 1] = "";
	judge_envelope(head, len, o);
	o->no_answer = automatic(head, len);
	o->hint = HINT_LARGE;
	/* no file is read (nothing of it was): a party writing from its
	 * own address about a game its subject names is told; the
	 * answer says the judge's own words, none of the message's */
	if (!o->from.len || o->no_answer ||
	    !addressed_game(j, head, len, about, o))
		return 0;
	snprintf(o->game, sizeof o->game, "%s", about);
	return mistake(j, o->from.buf, about, o, err);
}

int judge_message(struct judge *j, const char *msg, size_t msglen,
		  const char *name, struct outcome *o, struct error *err)
{
	char *buf = NULL, *sig = NULL;
	size_t len = msglen, siglen = 0;
	struct strbuf notes = STRBUF_INIT, taken = STRBUF_INIT;
	struct strbuf p = STRBUF_INIT;
	struct strbuf from = STRBUF_INIT;
	char kind[32], id[80], about[GAME_ID_HEX + 1] = "";
	int none = 0, rc = 0, fd = -1;
	struct doc *parsed = NULL;   /* the file's tree (file_about) */
	/* the file is taken out of a copy (mail_take_file replaces it);
	 * the message itself stays for failed/ */
	buf = xmalloc(msglen + 1);
	memcpy(buf, msg, msglen);
	buf[msglen] = '\0';
	/* a report that a letter of the judge bounced: bounce.c's */
	if ((rc = judge_bounce(j, name, buf, len, o, err)) != 0) {
		rc = rc < 0 ? -1 : 0;
		goto out;
	}
	o->no_answer = automatic(buf, len);
	/* a line "desk" (or "desk off"): for the role whose signature
	 * the message's file proves, if any (desk_signed) */
	j->desk_note = desk_note(msg, msglen);
	j->desk_by[0] = '\0';
	/* what makes an answer to it the same answer when the mail system
	 * delivers it again (answers.c) */
	crypto_generichash(o->message, sizeof o->message,
			   (const unsigned char *)msg, msglen, NULL, 0);
	/* who wrote it, its Message-ID, and the game its subject names:
	 * from the header block alone (GMime builds a tree of the whole
	 * message, which is for a message that holds a file, below) */
	judge_envelope(buf, len, o);
	if (o->from.len)
		strbuf_add(&from, o->from.buf, o->from.len);
	addressed_game(j, buf, len, about, o);
	/* a reply to a confirmation letter (confirm.c) */
	if ((rc = confirm_answer(j, buf, len, o, err)) != 0) {
		rc = rc < 0 ? -1 : 0;
		goto out;
	}
	/* a message in which no umpire file can hide costs no MIME parse
	 * (GMime's loading alone is most of a stranger's cost) */
	if (plainly_no_file(buf, len)) {
		say(o, FATE_DROPPED, "no umpire file in it");
		o->hint = HINT_FILE;
		o->received = GOT_NOTHING;
		goto out;
	}
	/* GMime reads it (mail_take_file): a GMime that will not load is
	 * the host's to mend, and the message waits with the mail system
	 * (dropped, it would be a player's orders lost) */
	if (judge_gmime(j, err)) {
		rc = -1;
		goto out;
	}
	/* the kinds the judge takes first: a reply that quotes its letter
	 * (the view in it) above the orders pasted below, or attached (a
	 * mail client's reply, which quotes the letter's view as text), is
	 * the orders; only files of those kinds count as a second file */
	if (mail_take_of_kinds(MESSAGE, JUDGE_MAX_FILE, JUDGE_TAKES, &buf,
			       &len, &sig, &siglen, &notes, &taken, &none,
			       err)) {
		if (none)
			say(o, FATE_DROPPED, "no umpire file in it");
		else
			say(o, FATE_FAILED, "%s", err->msg);
		o->hint = HINT_FILE;
		o->received = none ? GOT_NOTHING : GOT_UNTAKEN;
		goto out;
	}
	/* one file a message: which of two a player meant is not for the
	 * judge to guess */
	if (taken.len) {
		say(o, FATE_FAILED, "more than one umpire file in the "
		    "message (umpire would read %s); the judge takes one a "
		    "message", taken.buf);
		o->hint = HINT_ONE;
		o->received = GOT_TWO;
		/* the game of the one it would read: whose mistake */
		struct error ignored;
		if (file_about(MESSAGE, buf, len, kind, sizeof kind, id,
			       sizeof id, &ignored, NULL) == 0 &&
		    game_id_ok(id))
			snprintf(o->game, sizeof o->game, "%s", id);
		goto out;
	}
	struct error why;
	o->hint = HINT_FILE;
	if (file_about(MESSAGE, buf, len, kind, sizeof kind, id, sizeof id,
		       &why, &parsed)) {
		/* a file that is there but cannot be read is kept with the
		 * reason, as a refused one is; only text without a line
		 * 'umpire:' is no umpire file */
		if (has_umpire_line(buf, len)) {
			say(o, FATE_FAILED, "a broken umpire file: %s",
			    why.msg);
			o->received = GOT_BROKEN;
		} else {
			say(o, FATE_DROPPED, "no umpire file in it");
			o->received = GOT_NOTHING;
		}
		goto out;
	}
	if (!game_id_ok(id)) {
		say(o, FATE_FAILED, "a %s file naming no game id of 32 hex "
		    "digits", kind);
		o->received = GOT_NO_GAME;
		goto out;
	}
	/* a message to a game's own address (route.c) carries that
	 * game's files (or those of the other games it was sent to); a
	 * file of another game kept here is taken for its own game, as
	 * at the judge's address (a party's orders mailed to the address
	 * of another of its games: its signature decides); one of a game
	 * not kept here is refused as such */
	int elsewhere = !route_takes(j, id);
	if (elsewhere && access_game(j, id) == 0) {
		strbuf_addf(&o->notes, "; a %s file of game %.8s in a message "
			    "to the address of game %.8s: taken for its own "
			    "game", kind, id, j->routed);
	} else if (elsewhere) {
		say(o, FATE_FAILED, "a %s file of game %s in a message to the "
		    "address of game %.8s: a file is taken at its own game's "
		    "address (or the judge's)", kind, id, j->routed);
		o->received = GOT_NO_GAME;
		goto out;
	}
	snprintf(o->game, sizeof o->game, "%s", id);
	/* a lock file only for a game kept here, or one to take */
	struct stat st;
	game_path(j, id, ".yaml", &p);
	int have = stat(p.buf, &st) == 0;
	int is_game = !strcmp(kind, "game");
	if (is_game)
		snprintf(o->step, sizeof o->step, "join");
	char fwd[MAIL_ADDR_MAX * 2];
	struct strbuf resent = STRBUF_INIT;
	int forward = !have && route_forward(j, kind, id, buf, len,
		siglen > 0, header_field(msg, msglen, "Resent-From", &resent),
		fwd, sizeof fwd);
	strbuf_free(&resent);
	if (forward) {
		/* another host's game: there, once; not answered here */
		if (spool_forward(j, msg, msglen, fwd, err)) {
			/* not handed on: the mail system delivers it again */
			err->status = EXIT_TEMPFAIL;
			rc = -1;
			goto out;
		}
		say(o, FATE_DROPPED, "a file (%s) of game %s, not kept "
		    "here: forwarded to its address %s", kind, id, fwd);
		o->no_answer = 1;
		goto out;
	}
	int club = !have && is_game && route_club_game(j, buf, len);
	if (!have && (club || !(is_game && j->accept_new))) {
		say(o, FATE_FAILED, "unknown game %s%s", id, club ? " (made "
		    "for a host of this judge: not new, kept by another)" :
		    is_game ? " (a new game is taken with --accept-new only)" :
		    "");
		o->received = GOT_NO_GAME;
		goto out;
	}
	if (lock_game(j, id, &fd, err)) {
		rc = -1;
		goto out;
	}
	int trc;
	/* what a refusal quotes names the file as the sender knows it,
	 * not by the judge's own name for the message */
	const char *as = is_game ? "game.yaml" : "orders.yaml";
	if (is_game)
		trc = take_game(j, as, buf, len, have, o, &why);
	else if (!strcmp(kind, "orders") || !strcmp(kind, "sealed-orders"))
		trc = take_orders(j, id, as, &buf, &len, &sig, &siglen,
				  &notes, parsed, o, &why);
	else if (!strcmp(kind, "request"))
		trc = take_request(j, id, buf, len, o, &why);
	else if (!strcmp(kind, "view") || !strcmp(kind, "sealed")) {
		trc = errorf(&why, EXIT_REFUSED, "a view: the judge sends "
			     "views, and takes orders made from them");
		o->hint = HINT_VIEW;
		o->received = GOT_VIEW;
	} else {
		trc = errorf(&why, EXIT_REFUSED, "a %s file: the judge takes "
			     "signed orders and game files (joins)", kind);
		o->received = GOT_KIND;
	}
	/* what is not the message's fault (a refusal) is the host's: a
	 * full disk, a file it cannot write: the mail system tries again */
	if (trc && why.status != EXIT_REFUSED) {
		why.status = EXIT_TEMPFAIL;
		*err = why;
		rc = -1;
	} else if (trc) {
		say(o, FATE_FAILED, "%s", why.msg);
	}
out:
	if (fd >= 0)
		close(fd);          /* lets go of the game's lock */
	j->desk_note = DESK_NOTE_NONE;
	j->desk_by[0] = '\0';
	/* a party's mistake is answered (under the game's lock again); a
	 * note naming no game, about each game its sender is a party of */
	if (rc == 0 && o->fate != FATE_DONE && !about[0] && !o->game[0] &&
	    o->received && !strcmp(o->received, GOT_NOTHING) && from.len &&
	    !o->no_answer) {
		if (note_answered(j, from.buf, o, err))
			rc = -1;
	} else if (rc == 0 && o->fate != FATE_DONE &&
		   mistake(j, from.len ? from.buf : "", game_id_ok(o->game) &&
			   !access_game(j, o->game) ? o->game : about, o,
			   err)) {
		rc = -1;
	}
	doc_free(parsed);
	strbuf_free(&from);
	strbuf_free(&notes);
	strbuf_free(&taken);
	strbuf_free(&p);
	free(buf);
	free(sig);
	return rc;
}
