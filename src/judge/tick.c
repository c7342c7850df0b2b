/*
 * tick.c - the judge keeps time (umpire(1), judge --tick; umpire-
 * protocol(7), THE JUDGE'S CLOCK): for each game kept here with a clock
 * in its header, the role the game waits on is reminded once before its
 * deadline, every party is told once when the deadline passes, and once
 * the grace has passed too the game's on_late is done: wait (the other
 * parties told they may abandon the game) or forfeit (the game ends, the
 * whole game file to every party). Each is an entry of the judge's
 * record, signed with its key, stored in the game file (so audited like
 * a step) and logged.
 *
 * Under the game's lock, as a delivery is: a tick and a delivery, or two
 * ticks, never both act on one state. A letter is spooled before the
 * entry saying it was sent is stored (a crash may send it twice, with
 * the same Message-ID; it never loses it).
 *
 * Nothing a letter of the clock says is hidden from any party: the game,
 * its scenario, the step, whose move it is, the times.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sodium.h>
#include "umpire/clock.h"
#include "umpire/compose.h"
#include "umpire/json.h"
#include "letters.h"
#include "intake.h"
#include "front.h"

/* What one game's clock asks now. */
struct due {
	const char *role;       /* the role the game waits on */
	size_t step;            /* the steps the game holds */
	time_t since, deadline, end_grace;
	int remind, notice, late;
	const char *why;        /* on_late standing: why no late step was
				   taken (the rules' late answers answer
				   nothing now); NULL */
	int unmoved;            /* why: a game taken by mail where no
				   side has moved */
	int again;              /* a deadline missed again where the game
				   waits on the late side (or, a forfeit,
				   the last the clock allows) */
	int missed;             /* deadlines missed at this step (its
				   notices), as the letter is made */
	time_t next;            /* when the next one passes */
};

/* The deadlines role missed at the present step: its notices (each
 * deadline missed is one), and when the next passes: the first at the
 * deadline, the rest each a deadline after the grace's end. */
static void missed_of(const struct game *g, struct due *d)
{
	d->missed = 0;
	for (size_t i = 0; i < clock_entries(g); i++) {
		struct clock_entry e;
		clock_entry(g, i, &e);
		d->missed += e.step == d->step && !strcmp(e.event, "notice") &&
			!strcmp(e.role, d->role);
	}
	d->next = d->missed ? d->end_grace + (time_t)(d->missed) *
		(time_t)g->clock.deadline : d->deadline;
}

/* The advance warning of a standing game (on_late standing), appended
 * to body: where its late step is not taken (the rules' late answers
 * answer nothing), the game waits on the late side, each deadline more
 * one more missed, and the clock's forfeit_after-th missed ends the
 * game. mine: the letter is the late side's. */
static void forfeit_warning(const struct game *g, const struct due *d,
			    int mine, struct strbuf *body)
{
	int n = clock_forfeit_after(&g->clock), left = n - d->missed;
	char nx[21];
	if (g->clock.on_late != LATE_STANDING || left <= 0)
		return;
	strbuf_addf(body, "\nWhere the rules' late answers answer nothing, "
		    "the game waits on\n%s, and %s forfeits after %d missed "
		    "deadline%s (the clock's\nforfeit_after): after %d more "
		    "missed deadline%s %s forfeit%s.\n", d->role, d->role, n,
		    n == 1 ? "" : "s", left, left == 1 ? "" : "s",
		    mine ? "you" : d->role, mine ? "" : "s");
	if (d->missed && d->next) {
		clock_time_str(d->next, nx);
		strbuf_addf(body, "The next deadline passes at %s (UTC).\n",
			    nx);
	}
}

/* The roles whose letters bounce (bounce.c), said in a letter of the
 * clock: the letter asking the late side may never have come. */
static void bounces_of(const struct judge *j, struct game *g,
		       struct strbuf *body)
{
	struct strbuf b = STRBUF_INIT;
	static const char lead[] = "; letters undeliverable: ";
	bounces_say(j, g, &b);
	if (b.len > sizeof lead - 1)
		strbuf_addf(body, "\nThe judge's letters bounce: %s.\nThe "
			    "letter asking for these orders may never have "
			    "come.\n", b.buf + sizeof lead - 1);
	strbuf_free(&b);
}

/* The letter of event to role (at its address; none without one),
 * its Message-ID the same whenever it is made again. */
static int clock_letter(struct judge *j, struct game *g, const char *role,
			const char *event, const struct due *d,
			struct letters *l, struct error *err)
{
	const char *to = game_address(g, role);
	if (!to)
		return 0;
	struct strbuf subj = STRBUF_INIT, body = STRBUF_INIT;
	struct strbuf file = STRBUF_INIT, name = STRBUF_INIT;
	char dl[21], eg[21], sn[21];
	int rc = -1;
	int mine = !strcmp(role, d->role);
	clock_time_str(d->deadline, dl);
	clock_time_str(d->end_grace, eg);
	clock_time_str(d->since, sn);
	strbuf_addf(&subj, "[umpire %.8s] %s, step %zu: ", g->id,
		    g->scn.title, d->step + 1);
	strbuf_addf(&body, "Game %s (%s),\nstep %zu: %s to move since %s "
		    "(UTC).\n\n", g->id, g->scn.title, d->step + 1, d->role,
		    sn);
	if (!strcmp(event, "remind")) {
		strbuf_addf(&subj, "a reminder: %s's orders due by %s",
			    d->role, dl);
		strbuf_addf(&body, "A reminder: your orders for this step are "
			    "due by\n%s (UTC). The letter the judge sent you "
			    "for this step\nholds what is asked; to get it "
			    "again, mail the judge your last\nfile or a "
			    "request (umpire ask).\n", dl);
		forfeit_warning(g, d, mine, &body);
	} else if (!strcmp(event, "notice") && d->again) {
		strbuf_addf(&subj, "%s's orders are late: %d deadlines "
			    "missed", d->role, d->missed);
		strbuf_addf(&body, "%s's orders were due by %s (UTC), and the "
			    "game waits on them:\nthe rules' late answers "
			    "answer nothing%s. %d deadlines\nmissed now.%s\n",
			    d->role, dl, d->unmoved ? " (or no side has "
			    "moved yet)" : "", d->missed, mine ?
			    " Send your orders now." : "");
		bounces_of(j, g, &body);
		forfeit_warning(g, d, mine, &body);
	} else if (!strcmp(event, "notice")) {
		strbuf_addf(&subj, "%s's orders are late", d->role);
		strbuf_addf(&body, "The deadline for %s's orders passed at\n"
			    "%s (UTC).%s\n", d->role, dl, mine ?
			    " Send your orders now." : "");
		strbuf_addf(&body, "The grace ends at %s (UTC); then %s.\n",
			    eg, g->clock.on_late == LATE_FORFEIT ?
			    "the late side\nforfeits the game, as its clock "
			    "says" : g->clock.on_late == LATE_STANDING ?
			    "the judge plays\nthe late side by the rules' "
			    "late answers, as its clock says" : "the game "
			    "waits, as its\nclock says");
		bounces_of(j, g, &body);
		forfeit_warning(g, d, mine, &body);
	} else if (!strcmp(event, "late")) {
		strbuf_addf(&subj, "%s's orders are late past the grace",
			    d->role);
		strbuf_addf(&body, "%s's orders were due by %s (UTC),\nand "
			    "the grace ended at %s. ", d->role, dl, eg);
		if (d->why)
			strbuf_addf(&body, "The game's clock says\nthe judge "
				    "plays a late side by the rules' late "
				    "answers,\nbut %s:\n%s.\nSo the game "
				    "waits", d->unmoved ? "it takes no late "
				    "step now" : "they answer nothing now",
				    d->why);
		else
			strbuf_addf(&body, "The game's clock says\nthe game "
				    "waits");
		strbuf_addf(&body, ": it goes on when the orders come. You "
			    "may\nabandon the game%s\n", d->why ? "." :
			    "; nothing more is sent about this step.");
		forfeit_warning(g, d, mine, &body);
	} else if (d->again) {
		strbuf_addf(&subj, "the game is over: %s forfeited",
			    d->role);
		strbuf_addf(&body, "%s's orders were due by %s (UTC). The "
			    "game waited on them, the\nrules' late answers "
			    "answering nothing%s, through %d missed\n"
			    "deadlines, the most its clock allows "
			    "(forfeit_after): %s forfeits,\nthe game is "
			    "over.\n\nThe whole game file is attached, with "
			    "the judge's record of\ntime signed with its key: "
			    "'umpire audit FILE' checks it, with\nthe views "
			    "you kept (--view).\n", d->role, dl, d->unmoved ?
			    " (or no side having moved yet)" : "",
			    clock_forfeit_after(&g->clock), d->role);
		bounces_of(j, g, &body);
		game_end_name(g, &name);
		if (game_emit(g, &file, err))
			goto out;
	} else {
		strbuf_addf(&subj, "the game is over: %s forfeited",
			    d->role);
		strbuf_addf(&body, "%s's orders were due by %s (UTC),\nand "
			    "the grace ended at %s. The game's clock says\n"
			    "the late side forfeits: the game is over.\n\n"
			    "The whole game file is attached, with the judge's "
			    "record of\ntime signed with its key: 'umpire audit "
			    "FILE' checks it, with\nthe views you kept "
			    "(--view).\n", d->role, dl, eg);
		game_end_name(g, &name);
		if (game_emit(g, &file, err))
			goto out;
	}
	/* a forfeit ends the game: how to see it, as the last letters
	 * of a game its rules end say (letters.c) */
	if (file.len)
		game_end_note(g, &body);
	/* what makes this letter the one it is: the game's state, the
	 * event, the role asked */
	unsigned char same[32];
	crypto_generichash_state st;
	crypto_generichash_init(&st, NULL, 0, 32);
	crypto_generichash_update(&st, game_prev(g, d->step), 32);
	crypto_generichash_update(&st, (const unsigned char *)event,
				  strlen(event) + 1);
	crypto_generichash_update(&st, (const unsigned char *)d->role,
				  strlen(d->role));
	/* a deadline missed again is a letter of its own */
	if (d->again) {
		unsigned char m = (unsigned char)d->missed;
		crypto_generichash_update(&st, &m, 1);
	}
	crypto_generichash_final(&st, same, 32);
	struct draft dr = { .subject = subj.buf, .body = body.buf };
	if (file.len) {
		dr.names[0] = name.buf;
		dr.files[0] = file.buf;
		dr.lens[0] = file.len;
		dr.gzip[0] = 1;
		dr.n_files = 1;
	}
	rc = add_letter(j, l, g, role, to, same, &dr, err);
out:
	strbuf_free(&subj);
	strbuf_free(&body);
	strbuf_free(&file);
	strbuf_free(&name);
	return rc;
}

/* The clock of g, waiting on role: what is due at now (since: the
 * latest taken or seen entry of this step, which the caller made
 * sure of). */
static void due_at(const struct game *g, const char *role, time_t now,
		   struct due *d)
{
	const struct game_clock *c = &g->clock;
	long t = clock_find(g, "taken", g->n_steps, NULL);
	long s = clock_find(g, "seen", g->n_steps, NULL);
	struct clock_entry e;
	memset(d, 0, sizeof *d);
	d->role = role;
	d->step = g->n_steps;
	clock_entry(g, (size_t)(t > s ? t : s), &e);
	d->since = e.at;
	d->deadline = d->since + (time_t)c->deadline;
	d->end_grace = d->deadline + (time_t)c->grace;
	int noticed = clock_find(g, "notice", d->step, role) >= 0;
	d->remind = c->remind > 0 && !noticed && now < d->deadline &&
		now >= d->deadline - (time_t)c->remind &&
		clock_find(g, "remind", d->step, role) < 0;
	d->notice = !noticed && now >= d->deadline;
	d->late = now >= d->end_grace &&
		clock_find(g, "late", d->step, role) < 0 &&
		clock_find(g, "forfeit", d->step, role) < 0;
}

/* One entry of the clock done: recorded, its letters spooled, the game
 * stored, the letters sent. */
static int act(struct judge *j, struct game *g, const char *event,
	       struct due *d, time_t now, int test, int recorded,
	       struct outcome *o, struct error *err)
{
	struct letters l;
	int rc = 0;
	memset(&l, 0, sizeof l);
	if (!recorded && clock_add(g, j->sk, event, d->role, now, test, err))
		return -1;
	missed_of(g, d);
	for (size_t i = 0; i < g->n_roles && rc == 0; i++) {
		const char *r = g->roles[i].name;
		if (!strcmp(r, "referee"))
			continue;
		/* a reminder to the role asked; a notice to all; the
		 * late letter to the others; a forfeit's to all */
		if ((!strcmp(event, "remind") && strcmp(r, d->role)) ||
		    (!strcmp(event, "late") && !strcmp(r, d->role)))
			continue;
		if (!game_address(g, r))
			strbuf_addf(&o->notes, "; no address for %s", r);
		rc = clock_letter(j, g, r, event, d, &l, err);
	}
	if (rc == 0)
		rc = spool_put(j, g, &l, 0, NULL, err);
	if (rc == 0)
		rc = store_game(j, g, err);
	if (rc == 0) {
		strbuf_addf(&o->notes, "; %s %s", event, d->role);
		for (size_t i = 0; i < l.n; i++)
			strbuf_addf(&o->notes, "%s%s", i ? ", " : ": to ",
				    l.to[i]);
		spool_flush(j, g->id, g, o);
	}
	letters_free(&l);
	return rc;
}

/* on_late standing, the grace passed: the record's 'late' entry, then
 * the late step the judge takes for the late side (its letters are a
 * step's, to every party); when the rules' late answers answer nothing
 * now, the game waits, as on_late wait says, and the letters say why. */
static int late_standing(struct judge *j, struct game *g, const char *path,
			 struct due *d, time_t now, int test,
			 struct outcome *o, struct error *err)
{
	struct error why;
	size_t before = g->n_steps;
	/* the game read whole first: the adjudication may read it again
	 * from its file's text (game_unstub), which would drop an entry
	 * added to the record before */
	if (game_unstub(g, err) ||
	    clock_add(g, j->sk, "late", d->role, now, test, err))
		return -1;
	/* a game taken by mail where no side has moved: the judge plays
	 * nobody's game for him (a stranger's game playing itself) */
	if (bymail_unmoved(j, g)) {
		errorf(&why, EXIT_REFUSED, "no side has moved yet in this "
		       "game taken by mail, and the judge plays no side of a "
		       "game nobody has played");
		d->unmoved = 1;
	} else if (take_late_step(j, g, path, d->role, o, &why) == 0) {
		strbuf_addf(&o->notes, "; late step %zu played for %s by the "
			    "rules' late answers", before + 1, d->role);
		return 0;
	}
	if (why.status != EXIT_REFUSED) {
		*err = why;
		return -1;
	}
	d->why = why.msg;
	if (act(j, g, "late", d, now, test, 1, o, err))
		return -1;
	/* the clock allows no missed deadline more: the game ends */
	if (clock_forfeit_after(&g->clock) > 1)
		return 0;
	d->again = 1;
	return act(j, g, "forfeit", d, now, test, 0, o, err);
}

/* A standing game that waits on its late side (its late step was not
 * taken): each deadline after the grace's end is one more missed; the
 * clock's forfeit_after-th ends the game, a forfeit as on_late forfeit's
 * (signed, audited, the whole file to every party). One a tick. */
static int missed_again(struct judge *j, struct game *g, struct due *d,
			time_t now, int test, struct outcome *o,
			struct error *err)
{
	missed_of(g, d);
	if (d->missed < 1 || now < d->next)
		return 0;
	d->again = 1;
	d->unmoved = bymail_unmoved(j, g);
	return act(j, g, d->missed + 1 >= clock_forfeit_after(&g->clock) ?
		   "forfeit" : "notice", d, now, test, 0, o, err);
}

/* Whether g, a game taken by mail, is over: its clock's forfeit, or
 * its rules' end. */
static int over(struct game *g, struct error *err)
{
	struct run run;
	if (clock_forfeit(g))
		return 1;
	if (game_unjoined(g))
		return 0;
	g->checkpoints = CHECKPOINTS_USE;
	int rc = game_check(g, CHECK_LIGHT, NULL, &run, err);
	g->checkpoints = CHECKPOINTS_NO;
	if (rc)
		return -1;
	rc = run.outcome != RUN_PENDING;
	engine_free(&run);
	return rc;
}

/* g, a game taken by mail, dropped when its time is up (strangers.c,
 * bymail_expired): over for [judge] new_over_days, or no party's step
 * for new_idle_days; its letters sent first (a game whose letters the
 * mail system does not take now waits for the next tick). 1 when
 * dropped, 0 when kept (or none), -1 with err. */
static int stranger_dropped(struct judge *j, struct game *g, time_t now,
			 struct outcome *o, struct error *err)
{
	struct bymail b;
	if (!bymail_read(j, g->id, &b))
		return 0;
	int is_over = b.over ? 1 : over(g, err);
	if (is_over < 0)
		return -1;
	const char *why = bymail_expired(j, g, is_over, now, o);
	if (!why)
		return 0;
	spool_flush(j, g->id, g, o);
	if (spool_held(j, g->id)) {
		strbuf_adds(&o->notes, "; kept until its letters are sent");
		return 0;
	}
	bymail_drop(j, g->id, o);
	if (!strcmp(why, "over"))
		strbuf_addf(&o->notes, "; dropped: a game taken by mail over "
			    "for %ld days ([judge] new_over_days)",
			    j->new_over / 86400);
	else
		strbuf_addf(&o->notes, "; dropped: a game taken by mail where "
			    "no side moved in %ld days ([judge] "
			    "new_idle_days)%s", j->new_idle / 86400,
			    strcmp(why, "idle") ? "" : " since its latest step");
	return 1;
}

/* The tick of the game id (its lock held). */
static int tick_game(struct judge *j, const char *id, time_t now, int test,
		     struct outcome *o, struct error *err)
{
	struct strbuf p = STRBUF_INIT;
	struct game g;
	struct run run;
	int rc = -1;
	game_path(j, id, ".yaml", &p);
	if (load_game(judge_loader(j), p.buf, GAME_PARSE_CHECKPOINTS, &g,
		      err)) {
		strbuf_free(&p);
		return -1;
	}
	struct error ignored;
	/* a game taken by mail kept past its bound: dropped (a stranger's
	 * games are not kept for ever) */
	int dropped = stranger_dropped(j, &g, now, o, err);
	if (dropped) {
		rc = dropped < 0 ? -1 : 0;
		goto out;
	}
	if (!g.clock.set || game_unjoined(&g) || clock_forfeit(&g) ||
	    judged_here(j, &g, &ignored)) {
		rc = 0;       /* nothing to keep time for */
		goto out;
	}
	g.checkpoints = CHECKPOINTS_USE;
	if (game_check(&g, CHECK_LIGHT, NULL, &run, err))
		goto out;
	g.checkpoints = CHECKPOINTS_NO;
	char role[64];
	int pending = run.outcome == RUN_PENDING;
	snprintf(role, sizeof role, "%s", pending ? run.pending.role : "");
	engine_free(&run);
	snprintf(o->step, sizeof o->step, "%zu", g.n_steps + 1);
	rc = 0;
	if (!pending)
		goto out;
	struct due d;
	/* a game whose present step the record does not time (taken
	 * before the judge kept time): its clock starts now */
	if (clock_find(&g, "taken", g.n_steps, NULL) < 0 &&
	    clock_find(&g, "seen", g.n_steps, NULL) < 0) {
		if (clock_add(&g, j->sk, "seen", NULL, now, test, err) ||
		    store_game(j, &g, err)) {
			rc = -1;
			goto out;
		}
		strbuf_addf(&o->notes, "; the clock of step %zu starts",
			    g.n_steps + 1);
	}
	due_at(&g, role, now, &d);
	if (d.remind)
		rc = act(j, &g, "remind", &d, now, test, 0, o, err);
	if (rc == 0 && d.notice)
		rc = act(j, &g, "notice", &d, now, test, 0, o, err);
	if (rc == 0 && d.late && g.clock.on_late == LATE_STANDING)
		rc = late_standing(j, &g, p.buf, &d, now, test, o, err);
	else if (rc == 0 && d.late)
		rc = act(j, &g, g.clock.on_late == LATE_FORFEIT ? "forfeit" :
			 "late", &d, now, test, 0, o, err);
	else if (rc == 0 && g.clock.on_late == LATE_STANDING &&
		 clock_find(&g, "late", g.n_steps, role) >= 0)
		rc = missed_again(j, &g, &d, now, test, o, err);
out:
	game_free(&g);
	strbuf_free(&p);
	return rc;
}

int judge_tick_all(struct judge *j, struct error *err)
{
	struct dirent **list;
	time_t now;
	int test, failed = 0;
	if (clock_now(&now, &test, err))
		return -1;
	int n = scandir(j->games, &list, judge_game_file, alphasort);
	if (n < 0)
		return errorf(err, EXIT_TEMPFAIL, "cannot read the games "
			      "directory %s: %s", j->games, strerror(errno));
	for (int i = 0; i < n; i++) {
		struct outcome o;
		struct error e;
		int fd = -1;
		memset(&o, 0, sizeof o);
		snprintf(o.game, sizeof o.game, "%.*s", GAME_ID_HEX,
			 list[i]->d_name);
		free(list[i]);
		if (lock_game(j, o.game, &fd, &e) == 0 &&
		    tick_game(j, o.game, now, test, &o, &e) == 0) {
			if (o.notes.len) {
				say(&o, FATE_DONE, "tick");
				judge_log(j, "tick", &o);
			}
		} else {
			say(&o, FATE_FAILED, "tick: %s", e.msg);
			judge_log(j, "tick", &o);
			failed = 1;
		}
		if (fd >= 0)
			close(fd);
		outcome_free(&o);
	}
	free(list);
	/* and what an earlier run could not send (sendmail down, a crash
	 * between spooling a letter and sending it): a tick from cron is
	 * also the retry a message's delivery would be */
	judge_send_spooled(j);
	if (failed)
		return errorf(err, EXIT_TEMPFAIL, "the tick could not keep "
			      "the time of every game (judge.log says why)");
	return 0;
}
