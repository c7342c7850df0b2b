/*
 * judge.c - umpire judge: the referee role as a program the mail system
 * runs (umpire(1), JUDGE). One message on stdin, or every message of a
 * Maildir's new/; the games are files GAMEID.yaml in the games
 * directory, with failed/ (a message that could not be processed and
 * NAME.why), judge.log (a line a message) and a lock GAMEID.lock per
 * game beside them. Joins go into the game, orders are adjudicated,
 * then the role the rules ask next gets its view (or the game file)
 * and every side the report it may see; refused orders get the signed
 * refusal (or the reason) back. The work is done by the functions the
 * commands adjudicate, view, join and mail call.
 */
#define _DEFAULT_SOURCE         /* flock(2) */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <sodium.h>
#include "umpire/commands.h"
#include "umpire/doc.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/keys.h"
#include "umpire/mail.h"
#include "umpire/record.h"
#include "umpire/report.h"
#include "umpire/sign.h"
#include "umpire/view.h"

/* The largest umpire file a message to the judge may carry (a whole
 * game file: a long game's is a few hundred KiB). */
#define JUDGE_MAX_FILE (16u << 20)
/* A message the mail system should deliver again later (sysexits.h). */
#define EXIT_TEMPFAIL 75
#define JUDGE_MAX_LETTERS 8

struct judge {
	const struct cli *cli;     /* its cfg: --config's, if given */
	const char *games, *outbox, *sendmail, *from;
	int accept_new;
	struct seckey *sk;
	struct pubkey pk;
	unsigned long serial;      /* outbox file names of this run */
};

/* One message to send once the game file is written. */
struct letter {
	char *to, *subject, *body;
	char *names[2], *files[2];
	size_t lens[2], n;
};

/* What became of one message: the log line's fields. */
enum fate { FATE_DONE, FATE_DROPPED, FATE_FAILED };
struct outcome {
	struct strbuf from, msgid, what;
	char game[GAME_ID_HEX + 1];
	char step[24];
	enum fate fate;
	struct letter letters[JUDGE_MAX_LETTERS];
	size_t n_letters;
};

static int say(struct outcome *o, enum fate fate, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int say(struct outcome *o, enum fate fate, const char *fmt, ...)
{
	va_list ap;
	o->fate = fate;
	strbuf_reset(&o->what);
	va_start(ap, fmt);
	strbuf_vaddf(&o->what, fmt, ap);
	va_end(ap);
	return 0;
}

static void letter_free(struct letter *l)
{
	free(l->to);
	free(l->subject);
	free(l->body);
	for (size_t i = 0; i < l->n; i++) {
		free(l->names[i]);
		free(l->files[i]);
	}
}

static struct letter *letter_new(struct outcome *o, const char *to,
				 const char *subject, const struct strbuf *body)
{
	if (o->n_letters == JUDGE_MAX_LETTERS)
		return NULL;
	struct letter *l = &o->letters[o->n_letters++];
	memset(l, 0, sizeof *l);
	l->to = xstrdup(to);
	l->subject = subject ? xstrdup(subject) : NULL;
	l->body = body && body->len ? xstrdup(body->buf) : NULL;
	return l;
}

static void letter_attach(struct letter *l, const char *name,
			  const struct strbuf *text)
{
	if (!l || l->n == 2)
		return;
	l->names[l->n] = xstrdup(name);
	l->files[l->n] = xcalloc(text->len + 1, 1);
	memcpy(l->files[l->n], text->buf, text->len);
	l->lens[l->n++] = text->len;
}

/* The address of a role of a game: the one its join carries, else the
 * config's [addresses]. */
static const char *role_address(const struct judge *j, struct game *g,
				const char *role)
{
	const struct role *r = game_role(g, role);
	return r && r->address ? r->address :
		config_address(&j->cli->cfg, role);
}

/* A game id is 32 lowercase hex digits (it names files here). */
static int game_id_ok(const char *id)
{
	return strlen(id) == GAME_ID_HEX &&
		strspn(id, "0123456789abcdef") == GAME_ID_HEX;
}

static void game_path(const struct judge *j, const char *id,
		      const char *suffix, struct strbuf *out)
{
	strbuf_reset(out);
	strbuf_addf(out, "%s/%s%s", j->games, id, suffix);
}

/* flock(2) on GAMEID.lock: held from reading the game to writing it. */
static int lock_game(const struct judge *j, const char *id, int *fd,
		     struct error *err)
{
	struct strbuf p = STRBUF_INIT;
	game_path(j, id, ".lock", &p);
	*fd = open(p.buf, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	int rc = 0;
	if (*fd < 0 || flock(*fd, LOCK_EX) != 0)
		rc = errorf(err, EXIT_USAGE, "cannot lock %s: %s", p.buf,
			    strerror(errno));
	strbuf_free(&p);
	return rc;
}

/* The report of the latest step of g as side sees it. */
static void side_report(struct game *g, const struct run *run,
			const char *side, struct strbuf *out)
{
	struct report_at at;
	report_latest(g, run, side, &at);
	report_step(g, run, &at, out);
}

/*
 * After a step or a join: the letters the referee would send. A role
 * still to join gets the game file; else, in a game with views, the
 * side the rules ask next its view sealed to its key, and every side
 * the report it may see (at the end: the whole game file, to audit
 * with its views); in a game that hides nothing, every side the report
 * and the game file.
 */
static int make_letters(struct judge *j, struct game *g,
			struct outcome *o, struct error *err)
{
	struct strbuf name = STRBUF_INIT, text = STRBUF_INIT;
	struct strbuf body = STRBUF_INIT;
	struct run run;
	int rc = -1;
	strbuf_addf(&name, "%s.yaml", g->id);
	if (game_emit(g, &text, err))
		goto out;
	const char *who = game_unjoined(g);
	if (who) {
		const char *to = role_address(j, g, who);
		if (!to) {
			strbuf_addf(&o->what, "; no address for %s", who);
			rc = 0;
			goto out;
		}
		strbuf_addf(&body, "You are invited to game %s (%s) as %s.\n"
			    "Join it and mail the game file back:\n\n"
			    "  umpire join %s --side %s -o joined.yaml\n"
			    "  umpire mail joined.yaml --to %s\n", g->id,
			    g->scn.title, who, name.buf, who,
			    j->from ? j->from : "THIS-ADDRESS");
		letter_attach(letter_new(o, to, NULL, &body), name.buf, &text);
		rc = 0;
		goto out;
	}
	/* as umpire report replays it: the latest step's events whole
	 * (from a checkpoint taken before it), a report with its few
	 * example answers; view_text replays for each view */
	g->checkpoints = CHECKPOINTS_USE;
	g->events_from = g->n_steps;
	g->examples = REPORT_EXAMPLES;
	int crc = game_check(g, CHECK_LIGHT, NULL, &run, err);
	g->checkpoints = CHECKPOINTS_NO;
	g->events_from = 0;
	if (crc)
		goto out;
	const char *next = run.outcome == RUN_PENDING ? run.pending.role :
		NULL;
	int views = game_has_views(g);
	for (size_t i = 0; i < g->n_roles; i++) {
		const char *side = g->roles[i].name;
		int asked = next && !strcmp(side, next);
		if (!strcmp(side, "referee") || (!asked && next &&
						  g->n_steps == 0))
			continue;
		const char *to = role_address(j, g, side);
		if (!to) {
			strbuf_addf(&o->what, "; no address for %s", side);
			continue;
		}
		strbuf_reset(&body);
		side_report(g, &run, views ? side : NULL, &body);
		struct letter *l = letter_new(o, to, NULL, &body);
		if (views && next && asked) {
			struct strbuf v = STRBUF_INIT, vn = STRBUF_INIT;
			strbuf_addf(&vn, "%s-%zu-%s.view", g->id,
				    g->n_steps + 1, side);
			g->examples = 0;   /* a view lists every answer */
			int vrc = view_text(g, j->sk, side, 1, &v, err);
			g->examples = REPORT_EXAMPLES;
			if (vrc) {
				strbuf_free(&v);
				strbuf_free(&vn);
				engine_free(&run);
				goto out;
			}
			letter_attach(l, vn.buf, &v);
			strbuf_free(&v);
			strbuf_free(&vn);
		} else if (!views || !next) {
			letter_attach(l, name.buf, &text);
		}
		if (l && !l->n) {
			free(l->subject);
			struct strbuf s = STRBUF_INIT;
			strbuf_addf(&s, "%s, game %.12s: step %zu, %s to act",
				    g->scn.title, g->id, g->n_steps + 1,
				    next);
			l->subject = strbuf_detach(&s, NULL);
		}
	}
	engine_free(&run);
	rc = 0;
out:
	strbuf_free(&name);
	strbuf_free(&text);
	strbuf_free(&body);
	return rc;
}

/* The letters after a step or a join; the game file is written by then,
 * so a failure here is said in the log, not made the message's. */
static int announce(struct judge *j, struct game *g, struct outcome *o)
{
	struct error why;
	if (make_letters(j, g, o, &why))
		strbuf_addf(&o->what, "; no letters: %s", why.msg);
	return 0;
}

/* Write the game file (read back first: never one umpire would refuse). */
static int store_game(const struct judge *j, struct game *g,
		      struct error *err)
{
	struct strbuf p = STRBUF_INIT, text = STRBUF_INIT;
	game_path(j, g->id, ".yaml", &p);
	int rc = game_emit_checked(g, j->cli->scenario_dir, &text, err);
	if (rc == 0)
		rc = write_output(p.buf, text.buf, text.len, 0600, 0, err);
	strbuf_free(&p);
	strbuf_free(&text);
	return rc;
}

/* The judge is the referee of g (a game it can act in). */
static int judged_here(const struct judge *j, struct game *g,
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

/*
 * A game file: a side's join of a game kept here, or (--accept-new) a
 * new game naming this judge's key as its referee.
 */
static int take_game(struct judge *j, const char *name, const char *buf,
		     size_t len, struct outcome *o, struct error *err)
{
	struct game in, g;
	struct strbuf p = STRBUF_INIT;
	int rc = -1, have;
	struct stat st;
	if (game_parse(&in, name, buf, len, j->cli->scenario_dir, err))
		return -1;
	snprintf(o->step, sizeof o->step, "join");
	game_path(j, in.id, ".yaml", &p);
	have = stat(p.buf, &st) == 0;
	if (judged_here(j, &in, err))
		goto out_in;
	if (!have) {
		if (!j->accept_new) {
			errorf(err, EXIT_REFUSED, "unknown game %s (a new "
			       "game is taken with --accept-new only)",
			       in.id);
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
		if (!game_role(&in, "referee")->joined &&
		    game_join(&in, "referee", j->sk, err))
			goto out_g;
		if (game_take_joins(&g, &in, &added, err) ||
		    store_game(j, &in, err))
			goto out_g;
		say(o, FATE_DONE, "new game %s (%s) taken as its referee",
		    in.id, in.scn.id);
		rc = announce(j, &in, o);
		goto out_g;
	}
	if (cli_game(j->cli, p.buf, &g, err))
		goto out_in;
	size_t added;
	if (game_take_joins(&g, &in, &added, err))
		goto out_g;
	if (!added) {
		say(o, FATE_DROPPED, "replay: every join in it is in the "
		    "game already");
		rc = 0;
		goto out_g;
	}
	if (store_game(j, &g, err))
		goto out_g;
	const char *who = game_unjoined(&g);
	say(o, FATE_DONE, "%zu join(s) taken; %s%s", added,
	    who ? "waiting for " : "all roles joined", who ? who : "");
	rc = announce(j, &g, o);
out_g:
	game_free(&g);
out_in:
	game_free(&in);
	strbuf_free(&p);
	return rc;
}

/* Orders already in the game as one of its steps (the same signed body
 * by the same side): a replay. */
static int is_replay(struct game *g, const char *name, const char *buf,
		     size_t len, const char *sig, size_t siglen)
{
	struct doc *d = doc_new(name);
	struct error ignored;
	long long n = -1;
	const char *side = NULL;
	int found = 0;
	if (doc_parse(d, buf, len, &DOC_LIMITS_GAME, &ignored) == 0 &&
	    d->root && d->root->kind == DOC_MAP) {
		const struct doc_node *s = doc_get(d->root, "step");
		const struct doc_node *w = doc_get(d->root, "side");
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
				  NULL, NULL, 0, &r->pk, &b, &ignored) == 0)
			found = a.body_len == b.body_len &&
				!memcmp(a.body, b.body, a.body_len);
		verified_free(&a);
		verified_free(&b);
	}
	doc_free(d);
	return found;
}

/* Whether buf is signed by one of g's roles (mail from a party). */
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

/* Signed orders (sealed to the referee or not) for a game kept here. */
static int take_orders(struct judge *j, const char *id, const char *name,
		       char **buf, size_t *len, char **sig, size_t *siglen,
		       const struct strbuf *notes, struct outcome *o,
		       struct error *err)
{
	struct strbuf p = STRBUF_INIT;
	struct game g;
	struct stat st;
	struct adjudicated res;
	int rc = -1;
	game_path(j, id, ".yaml", &p);
	if (stat(p.buf, &st) != 0) {
		strbuf_free(&p);
		return errorf(err, EXIT_REFUSED, "unknown game %s", id);
	}
	if (cli_game_flags(j->cli, p.buf, &g, GAME_PARSE_CHECKPOINTS, err)) {
		strbuf_free(&p);
		return -1;
	}
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
	}
	if (is_replay(&g, name, *buf, *len, *sig, *siglen)) {
		say(o, FATE_DROPPED, "replay: these orders are in the game "
		    "already");
		rc = 0;
		goto out;
	}
	snprintf(o->step, sizeof o->step, "%zu", g.n_steps + 1);
	if (adjudicate_orders(j->cli, &g, name, buf, len, sig, siglen, NULL,
			      j->sk, p.buf, NULL, 0, notes, &res, err) == 0) {
		say(o, FATE_DONE, "adjudicated step %zu", g.n_steps);
		rc = announce(j, &g, o);
		adjudicated_free(&res);
		goto out;
	}
	/* refused: answered only when a party of the game signed them
	 * (never backscatter to a forged or unsigned sender) */
	const char *by = err->status == EXIT_REFUSED ?
		signer(&g, name, *buf, *len, *sig, *siglen) : NULL;
	if (by && o->from.len) {
		struct strbuf body = STRBUF_INIT;
		strbuf_addf(&body, "Your orders for step %zu of game %s were "
			    "refused:\n\n%s\n", g.n_steps + 1, g.id,
			    err->msg);
		if (res.refusal.len)
			strbuf_addf(&body, "\nThe referee's signed refusal is "
				    "attached: with it your key may sign other "
				    "orders for the step (umpire sign "
				    "--refused).\n");
		struct strbuf subj = STRBUF_INIT;
		strbuf_addf(&subj, "orders of %s for step %zu refused, "
			    "game %.12s", by, g.n_steps + 1, g.id);
		struct letter *l = letter_new(o, o->from.buf, subj.buf,
					      &body);
		if (res.refusal.len) {
			struct strbuf rn = STRBUF_INIT;
			strbuf_addf(&rn, "%s-%zu-%s.refusal", g.id,
				    g.n_steps + 1, by);
			letter_attach(l, rn.buf, &res.refusal);
			strbuf_free(&rn);
		}
		strbuf_free(&subj);
		strbuf_free(&body);
		say(o, FATE_DONE, "refused, %s sent back to %s: %s",
		    res.refusal.len ? "the signed refusal" : "the reason",
		    by, err->msg);
		rc = 0;
	}
	adjudicated_free(&res);
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

/* What an umpire file says it is: its kind ("umpire:" field) and game;
 * why it cannot be read in why. */
static int file_about(const char *name, const char *buf, size_t len,
		      char *kind, size_t ksize, char *id, size_t isize,
		      struct error *why)
{
	struct doc *d = doc_new(name);
	int rc = -1;
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
	doc_free(d);
	return rc;
}

/* One message (the file at path, named name): o says what became of it;
 * -1 only for a failure of the judge itself (err). */
static int judge_message(struct judge *j, const char *path,
			 const char *name, struct outcome *o,
			 struct error *err)
{
	char *buf = NULL, *sig = NULL;
	size_t len, siglen = 0;
	struct strbuf notes = STRBUF_INIT, taken = STRBUF_INIT;
	char kind[32], id[80];
	int none = 0, rc = 0, fd = -1;
	if (read_input(path, mail_message_max(JUDGE_MAX_FILE), &buf, &len,
		       err))
		return err->status == EXIT_REFUSED ?
			say(o, FATE_FAILED, "too large: more than %zu bytes "
			    "(a message carrying a file of %u bytes)",
			    mail_message_max(JUDGE_MAX_FILE), JUDGE_MAX_FILE)
			: -1;
	if (mail_envelope(buf, len, &o->from, &o->msgid, err))
		goto out;
	if (mail_take_file(name, JUDGE_MAX_FILE, NULL, &buf, &len, &sig,
			   &siglen, &notes, &taken, &none, err)) {
		rc = 0;
		if (none)
			say(o, FATE_DROPPED, "no umpire file in it");
		else
			say(o, FATE_FAILED, "%s", err->msg);
		goto out;
	}
	/* one file a message: which of two a player meant is not for the
	 * judge to guess */
	if (taken.len) {
		say(o, FATE_FAILED, "%s: more than one umpire file in the "
		    "message (umpire would read %s); the judge takes one a "
		    "message", name, taken.buf);
		goto out;
	}
	struct error why;
	if (file_about(name, buf, len, kind, sizeof kind, id, sizeof id,
		       &why)) {
		/* a file that is there but cannot be read is kept with the
		 * reason, as a refused one is; only text without a line
		 * 'umpire:' is no umpire file */
		if (has_umpire_line(buf, len))
			say(o, FATE_FAILED, "a broken umpire file: %s",
			    why.msg);
		else
			say(o, FATE_DROPPED, "no umpire file in it");
		goto out;
	}
	if (!game_id_ok(id)) {
		say(o, FATE_FAILED, "a %s file naming no game id of 32 hex "
		    "digits", kind);
		goto out;
	}
	snprintf(o->game, sizeof o->game, "%s", id);
	if (lock_game(j, id, &fd, err)) {
		rc = -1;
		goto out;
	}
	int trc;
	if (!strcmp(kind, "game"))
		trc = take_game(j, name, buf, len, o, &why);
	else if (!strcmp(kind, "orders") || !strcmp(kind, "sealed-orders"))
		trc = take_orders(j, id, name, &buf, &len, &sig, &siglen,
				  &notes, o, &why);
	else
		trc = errorf(&why, EXIT_REFUSED, "a %s file: the judge takes "
			     "signed orders and game files (joins)", kind);
	if (trc)
		say(o, FATE_FAILED, "%s", why.msg);
out:
	if (fd >= 0)
		close(fd);          /* lets go of the game's lock */
	strbuf_free(&notes);
	strbuf_free(&taken);
	free(buf);
	free(sig);
	return rc;
}

/* The log line of a message: time, message-id, game, step, outcome. */
static void log_line(const struct judge *j, const char *name,
		     const struct outcome *o)
{
	static const char *const fates[] = { "done", "dropped", "failed" };
	struct strbuf line = STRBUF_INIT, p = STRBUF_INIT;
	char when[32];
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
	strbuf_addf(&line, "%s <%s> %s %s %s %s: %s", when,
		    o->msgid.len ? o->msgid.buf : name,
		    o->game[0] ? o->game : "-", o->step[0] ? o->step : "-",
		    fates[o->fate], name, o->what.buf ? o->what.buf : "");
	for (size_t i = 0; i < line.len; i++)
		if ((unsigned char)line.buf[i] < ' ')
			line.buf[i] = ' ';
	strbuf_addc(&line, '\n');
	strbuf_addf(&p, "%s/judge.log", j->games);
	int fd = open(p.buf, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
	if (fd >= 0) {
		/* one write: lines of concurrent judges never interleave */
		if (write(fd, line.buf, line.len) < 0)
			(void)0;
		close(fd);
	}
	fputs_safe(line.buf, j->cli->msg);
	strbuf_free(&line);
	strbuf_free(&p);
}

/* A unique file name for this run: TIME.PID_N.umpire (Maildir style). */
static void unique_name(struct judge *j, struct strbuf *out)
{
	strbuf_addf(out, "%lld.%ld_%lu.umpire", (long long)time(NULL),
		    (long)getpid(), j->serial++);
}

/* The letters of a message, sent (or put in the outbox). A letter that
 * cannot be sent is kept in failed/ and said in the log. */
static void deliver(struct judge *j, struct outcome *o)
{
	for (size_t i = 0; i < o->n_letters; i++) {
		struct letter *l = &o->letters[i];
		struct strbuf msg = STRBUF_INIT, n = STRBUF_INIT;
		struct strbuf p = STRBUF_INIT, t = STRBUF_INIT;
		struct error err;
		int rc = mail_compose(j->cli, l->subject,
				      (const char *const *)l->names, l->files,
				      l->lens, l->n, l->body, l->to, j->from,
				      &msg, &err);
		unique_name(j, &n);
		if (rc == 0 && j->outbox) {
			strbuf_addf(&t, "%s/tmp/%s", j->outbox, n.buf);
			strbuf_addf(&p, "%s/new/%s", j->outbox, n.buf);
			rc = write_output(t.buf, msg.buf, msg.len, 0600, 1,
					  &err);
			if (rc == 0 && rename(t.buf, p.buf) != 0) {
				rc = errorf(&err, EXIT_USAGE, "cannot move %s "
					    "to %s: %s", t.buf, p.buf,
					    strerror(errno));
				unlink(t.buf);
			}
		} else if (rc == 0) {
			rc = mail_send(j->cli, j->sendmail, &msg, &err);
		}
		if (rc) {
			strbuf_reset(&p);
			strbuf_addf(&p, "%s/failed/%s.out", j->games, n.buf);
			if (msg.len)
				write_output(p.buf, msg.buf, msg.len, 0600, 1,
					     NULL);
			strbuf_addf(&o->what, "; a letter to %s not sent "
				    "(%s)%s%s", l->to, err.msg, msg.len ?
				    ", kept as " : "", msg.len ? p.buf : "");
		}
		strbuf_free(&msg);
		strbuf_free(&n);
		strbuf_free(&p);
		strbuf_free(&t);
	}
}

static void outcome_free(struct outcome *o)
{
	strbuf_free(&o->from);
	strbuf_free(&o->msgid);
	strbuf_free(&o->what);
	for (size_t i = 0; i < o->n_letters; i++)
		letter_free(&o->letters[i]);
}

/* A message that could not be processed, into failed/ with NAME.why;
 * -1 when not even that could be done. */
static int keep_failed(const struct judge *j, const char *path,
		       const char *name, const struct outcome *o,
		       struct error *err)
{
	struct strbuf dst = STRBUF_INIT, why = STRBUF_INIT;
	int rc = 0;
	strbuf_addf(&dst, "%s/failed/%s", j->games, name);
	strbuf_addf(&why, "%s\n", o->what.buf);
	/* the message itself first: a reason without it is worth less */
	if (link(path, dst.buf) != 0 && errno != EEXIST) {
		char *buf;
		size_t len;
		rc = read_input(path, (size_t)-1 / 2, &buf, &len, err);
		if (rc == 0) {
			rc = write_output(dst.buf, buf, len, 0600, 0, err);
			free(buf);
		}
	}
	if (rc == 0) {
		strbuf_addf(&dst, ".why");
		rc = write_output(dst.buf, why.buf, why.len, 0600, 0, err);
	}
	strbuf_free(&dst);
	strbuf_free(&why);
	return rc;
}

/* Process the message stored at path; 0 once it is dealt with (done,
 * dropped or kept in failed/), -1 when it could not even be kept. */
static int judge_file(struct judge *j, const char *path, const char *name,
		      struct error *err)
{
	struct outcome o;
	memset(&o, 0, sizeof o);
	struct error why;
	if (judge_message(j, path, name, &o, &why))
		say(&o, FATE_FAILED, "%s", why.msg);
	if (o.fate == FATE_DONE)
		deliver(j, &o);
	log_line(j, name, &o);
	int rc = o.fate == FATE_FAILED ?
		keep_failed(j, path, name, &o, err) : 0;
	outcome_free(&o);
	return rc;
}

static int make_dir(const char *path, struct error *err)
{
	if (mkdir(path, 0700) != 0 && errno != EEXIST)
		return errorf(err, EXIT_USAGE, "cannot make directory %s: %s",
			      path, strerror(errno));
	return 0;
}

/* One message on stdin: stored in DIR/tmp/ first (so that it is never
 * lost), processed, then removed or kept in failed/. A judge that cannot
 * start (its key: why) keeps it in failed/ with the reason. */
static int judge_stdin(struct judge *j, const struct error *why,
		       struct error *err)
{
	struct strbuf dir = STRBUF_INIT, p = STRBUF_INIT, n = STRBUF_INIT;
	char *buf = NULL;
	size_t len;
	int rc = -1;
	strbuf_addf(&dir, "%s/tmp", j->games);
	unique_name(j, &n);
	strbuf_addf(&p, "%s/%s", dir.buf, n.buf);
	if (make_dir(dir.buf, err) ||
	    read_input("-", (size_t)-1 / 2, &buf, &len, err) ||
	    write_output(p.buf, buf, len, 0600, 1, err)) {
		err->status = EXIT_TEMPFAIL;
		goto out;
	}
	free(buf);
	buf = NULL;
	if (why) {
		struct outcome o;
		memset(&o, 0, sizeof o);
		say(&o, FATE_FAILED, "%s", why->msg);
		log_line(j, n.buf, &o);
		rc = keep_failed(j, p.buf, n.buf, &o, err);
		outcome_free(&o);
		if (rc == 0)
			*err = *why;
		else
			err->status = EXIT_TEMPFAIL;
		rc = -1;
	} else {
		rc = judge_file(j, p.buf, n.buf, err);
	}
	unlink(p.buf);
out:
	free(buf);
	strbuf_free(&dir);
	strbuf_free(&p);
	strbuf_free(&n);
	return rc;
}

static int not_dot(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

/* Every message of MAILDIR/new, oldest name first, each moved to cur/
 * (flag S: seen) once dealt with; one that could not even be kept in
 * failed/ stays in new/ for the next run. */
static int judge_maildir(struct judge *j, const char *maildir,
			 struct error *err)
{
	struct strbuf dir = STRBUF_INIT;
	struct dirent **list;
	int rc = 0;
	strbuf_addf(&dir, "%s/new", maildir);
	int n = scandir(dir.buf, &list, not_dot, alphasort);
	if (n < 0) {
		rc = errorf(err, EXIT_USAGE, "cannot read Maildir %s: %s",
			    dir.buf, strerror(errno));
		strbuf_free(&dir);
		return rc;
	}
	for (int i = 0; i < n; i++) {
		struct strbuf src = STRBUF_INIT, took = STRBUF_INIT,
			      dst = STRBUF_INIT;
		const char *name = list[i]->d_name;
		int base = (int)strcspn(name, ":");
		strbuf_addf(&src, "%s/%s", dir.buf, name);
		strbuf_addf(&took, "%s/cur/%.*s:2,", maildir, base, name);
		strbuf_addf(&dst, "%s/cur/%.*s:2,S", maildir, base, name);
		struct error e;
		/* taken first, by the rename out of new/, so that of judges
		 * sharing the Maildir exactly one handles each message; the
		 * S flag once it is dealt with (a message left in cur/
		 * without it was taken by a judge that died: umpire(1)) */
		if (rename(src.buf, took.buf) != 0) {
			if (errno != ENOENT && rc == 0)
				rc = errorf(err, EXIT_USAGE, "cannot move %s to "
					    "%s: %s", src.buf, took.buf,
					    strerror(errno));
		} else if (judge_file(j, took.buf, name, &e) != 0) {
			if (rc == 0)
				*err = e;
			rc = -1;
			/* not even kept in failed/: back for the next run */
			rename(took.buf, src.buf);
		} else if (rename(took.buf, dst.buf) != 0 && rc == 0) {
			rc = errorf(err, EXIT_USAGE, "cannot move %s to %s: "
				    "%s", took.buf, dst.buf, strerror(errno));
		}
		strbuf_free(&src);
		strbuf_free(&took);
		strbuf_free(&dst);
		free(list[i]);
	}
	free(list);
	strbuf_free(&dir);
	return rc;
}

/* The referee key: unencrypted (nobody is there to type a passphrase)
 * and readable by its owner alone. */
static int judge_key(const char *path, struct seckey **sk,
		     struct error *err)
{
	struct stat st;
	char *buf;
	size_t len;
	int enc = 0;
	if (!path)
		return errorf(err, EXIT_USAGE, "no referee key: give -s "
			      "SECKEY or set secret_key in the config file");
	if (stat(path, &st) != 0)
		return errorf(err, EXIT_USAGE, "%s: %s", path,
			      strerror(errno));
	if (st.st_mode & 077)
		return errorf(err, EXIT_USAGE, "%s: mode %03o: the judge's key "
			      "must be readable by its owner alone (chmod 600 "
			      "%s)", path, (unsigned)(st.st_mode & 0777), path);
	if (read_input(path, 4096, &buf, &len, err))
		return -1;
	int rc = seckey_is_encrypted(path_name(path), buf, len, &enc, err);
	if (rc == 0 && enc)
		rc = errorf(err, EXIT_USAGE, "%s is protected by a passphrase, "
			    "and umpire judge runs unattended with nobody to "
			    "type it: give the judge a key of its own made "
			    "without one (umpire keygen -W), kept mode 0600",
			    path);
	if (rc == 0)
		rc = seckey_parse(path_name(path), buf, len, NULL, sk, err);
	sodium_memzero(buf, len);
	free(buf);
	return rc;
}

int cmd_judge(int argc, char **argv, const struct cli *cli,
	      struct error *err)
{
	const char *games = NULL, *maildir = NULL, *outbox = NULL;
	const char *sendmail = NULL, *seckey = NULL, *config = NULL;
	int accept_new = 0, rc = -1;
	const struct opt opts[] = {
		{ 0, "games", &games, NULL, NULL, NULL },
		{ 0, "maildir", &maildir, NULL, NULL, NULL },
		{ 0, "outbox", &outbox, NULL, NULL, NULL },
		{ 0, "sendmail", &sendmail, NULL, NULL, NULL },
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 0, "accept-new", NULL, &accept_new, NULL, NULL },
		{ 0, "config", &config, NULL, NULL, NULL },
		{ 0 }
	};
	int prc = cli_parse(cli, argc, argv, opts, NULL, 0, "no argument",
			    err);
	if (prc)
		return prc < 0 ? -1 : 0;
	if (outbox && sendmail)
		return usage_error(err, "judge", "--outbox puts the letters "
				   "in a Maildir; --sendmail sends them: give "
				   "one");
	struct cli jc = *cli;
	if (config && config_load(&jc.cfg, config, 0, err))
		return -1;
	if (config && jc.cfg.scenarios)
		jc.scenario_dir = jc.cfg.scenarios;
	struct judge j;
	memset(&j, 0, sizeof j);
	j.cli = &jc;
	j.games = games ? games : jc.cfg.judge_games;
	j.outbox = outbox;
	j.sendmail = sendmail ? sendmail : jc.cfg.sendmail ?
		jc.cfg.sendmail : MAIL_SENDMAIL;
	j.from = jc.cfg.address;
	j.accept_new = accept_new;
	struct strbuf failed = STRBUF_INIT;
	if (!j.games) {
		usage_error(err, "judge", "give --games DIR, or set games "
			    "under [judge] in the config file");
		goto out;
	}
	strbuf_addf(&failed, "%s/failed", j.games);
	if (make_dir(j.games, err) || make_dir(failed.buf, err)) {
		err->status = EXIT_TEMPFAIL;
		goto out;
	}
	struct error why;
	int keyed = judge_key(seckey ? seckey : jc.cfg.secret_key, &j.sk,
			      &why) == 0;
	if (keyed)
		seckey_pubkey(j.sk, &j.pk);
	if (!keyed && maildir) {
		*err = why;     /* the messages wait in new/ */
		goto out;
	}
	rc = maildir ? judge_maildir(&j, maildir, err) :
		judge_stdin(&j, keyed ? NULL : &why, err);
	/* not stored even in failed/: the mail system retries (75); a
	 * judge that cannot start kept it there and says why (2) */
	if (rc && keyed)
		err->status = EXIT_TEMPFAIL;
out:
	strbuf_free(&failed);
	seckey_free(j.sk);
	if (config)
		config_free(&jc.cfg);
	return rc;
}
