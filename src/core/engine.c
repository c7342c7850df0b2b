/*
 * engine.c - the context behind the rules API, and the replay loop.
 */
#include <ctype.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/engine.h"
#include "umpire/rng.h"
#include "umpire/strbuf.h"

/* run_opts.source: a role's latest own step (not a late step) before
 * the two held, its standing orders copied (persisting) */
struct own_step {
	size_t step;
	struct engine_step s;      /* actor and standing alone, owned */
};

struct ctx {
	const struct ruleset *rs;
	struct run *run;
	const struct engine_step *steps;
	size_t n_steps;
	/* run_opts.source, or NULL: held[i % 2] is step i of the two last
	 * asked (fetched so far; at_end: the source has no more) */
	const struct step_source *src;
	const struct engine_step *held[2];
	size_t fetched;
	int at_end;
	struct own_step *own;
	size_t n_own;
	struct engine_place at; /* the current step, its answers, standing
				   answers and draws used so far; blind:
				   it has decided something hidden from
				   its actor (an event for another side
				   only) or consulted it (ctx_consult):
				   its answers left are in advance */
	size_t forced_pos;
	long persist_index;    /* persisting(): the option it chose */
	void **scratch;        /* ctx_scratch(): freed when the run ends */
	size_t n_scratch;
	int keep_points;       /* run_opts.keep_points */
	size_t points_below;   /* run_opts.points_below; 0: none */
	const struct run_opts *opts; /* run_opts.ended: each step's end
				   handed over, and the logs dropped */
	size_t examples;       /* run_opts.examples; 0: all */
	int over;              /* the ruleset's play() has returned */
	char draw_about[64];   /* ctx_draw_about(): words for the next
				  draw, for the template alone */
	jmp_buf jb;
};

enum { JUMP_SUSPEND = 1 };

/* The source's step i, left by the run, copied as a role's latest own
 * standing orders (ruleset.standing_persist) */
static void keep_own(struct ctx *c, const struct engine_step *s, size_t i)
{
	size_t k = 0;
	if (!c->rs->standing_persist || !s->actor || s->late)
		return;
	while (k < c->n_own && strcmp(c->own[k].s.actor, s->actor))
		k++;
	if (k == c->n_own) {
		c->own = xrealloc(c->own, ++c->n_own * sizeof *c->own);
		c->own[k] = (struct own_step){ 0 };
		c->own[k].s.actor = xstrdup(s->actor);
	}
	struct own_step *o = &c->own[k];
	for (size_t a = 0; a < o->s.n_standing; a++) {
		free((char *)o->s.standing[a].key);
		free((char *)o->s.standing[a].value);
	}
	struct answer *st = xrealloc((struct answer *)o->s.standing,
				     (s->n_standing ? s->n_standing : 1) *
				     sizeof *st);
	for (size_t a = 0; a < s->n_standing; a++)
		st[a] = (struct answer){ xstrdup(s->standing[a].key),
			xstrdup(s->standing[a].value), s->standing[a].line };
	o->s.standing = st;
	o->s.n_standing = s->n_standing;
	o->step = i;
}

static void own_free(struct ctx *c)
{
	for (size_t k = 0; k < c->n_own; k++) {
		for (size_t a = 0; a < c->own[k].s.n_standing; a++) {
			free((char *)c->own[k].s.standing[a].key);
			free((char *)c->own[k].s.standing[a].value);
		}
		free((struct answer *)c->own[k].s.standing);
		free((char *)c->own[k].s.actor);
	}
	free(c->own);
}

/* The next step from the source; one refused ends the run. */
static void fetch(struct ctx *c)
{
	size_t i = c->fetched;
	const struct engine_step *s = NULL;
	if (i >= 2)
		keep_own(c, c->held[i % 2], i - 2);
	int rc = c->src->get(c->src->user, i, &s);
	if (rc < 0) {
		c->at_end = 1;
		c->run->source_failed = 1;
		c->run->outcome = RUN_ERROR;
		longjmp(c->jb, JUMP_SUSPEND);
	}
	if (rc > 0) {
		c->at_end = 1;
		return;
	}
	c->held[i % 2] = s;
	c->fetched++;
}

/* Step i, or NULL past the last; from the source, i one of the two
 * held or the next (taken then: a step is asked for only as the run
 * comes to it, or looks ahead to it from the step before) */
static const struct engine_step *step_at(struct ctx *c, size_t i)
{
	if (!c->src)
		return i < c->n_steps ? &c->steps[i] : NULL;
	while (c->fetched <= i && !c->at_end)
		fetch(c);
	return i < c->fetched ? c->held[i % 2] : NULL;
}

/* (ctx_shown and ctx_given read a const ctx: a step taken from the
 * source is the run's state, not the rules') */
static const struct engine_step *step_at_c(const struct ctx *c, size_t i)
{
	return step_at((struct ctx *)c, i);
}

void q_init(struct question *q, const char *rule, const char *key,
	    const char *role, const char *fmt, ...)
{
	va_list ap;
	q->rule = rule;
	q->key = key;
	q->role = role;
	q->n = 0;
	q->free_text = 0;
	q->more = 0;
	q->scope = NULL;
	q->preferred = NULL;
	q->form = NULL;
	q->keeps_state = 0;
	/* rules may fill options[] without q_add (q->n++): none names
	 * anything until q_target says so */
	for (size_t i = 0; i < Q_MAX_OPTIONS; i++)
		q->targets[i][0] = '\0';
	va_start(ap, fmt);
	vsnprintf(q->text, sizeof q->text, fmt, ap);
	va_end(ap);
}

/* vsnprintf(out, size, fmt, ap) for a format of text and a few plain
 * %s, the strings copied: 0; else -1, nothing taken from ap (another
 * conversion, or a NULL string, which vsnprintf words). */
static int strings_copy(char *out, size_t size, const char *fmt, va_list ap)
{
	const char *s[4];
	size_t o = 0, n, k = 0;
	va_list cp;
	int ok = 1;

	va_copy(cp, ap);
	for (const char *p = fmt; ok && (p = strchr(p, '%')); p += 2) {
		ok = p[1] == 's' && k < 4;
		if (ok)
			ok = (s[k++] = va_arg(cp, const char *)) != NULL;
	}
	va_end(cp);
	if (!ok)
		return -1;
	for (k = 0; *fmt && o + 1 < size; fmt++) {
		if (*fmt != '%') {
			out[o++] = *fmt;
			continue;
		}
		n = strnlen(s[k], size - 1 - o);
		memcpy(out + o, s[k++], n);
		o += n;
		fmt++;
	}
	out[o] = '\0';
	return 0;
}

void q_add(struct question *q, const char *fmt, ...)
{
	va_list ap;
	if (q->n >= Q_MAX_OPTIONS)
		return;
	va_start(ap, fmt);
	/* most options are a word or strings ("%s", "%s %s"): copied,
	 * not formatted (a replay adds thousands) */
	if (!strcmp(fmt, "%s"))
		str_copy(q->options[q->n], Q_OPTION_LEN,
			 va_arg(ap, const char *));
	else if (strings_copy(q->options[q->n], Q_OPTION_LEN, fmt, ap))
		vsnprintf(q->options[q->n], Q_OPTION_LEN, fmt, ap);
	va_end(ap);
	q->targets[q->n][0] = '\0';
	q->n++;
}

void q_target(struct question *q, const char *kind, const char *id)
{
	if (q->n == 0 || q->n > Q_MAX_OPTIONS)
		return;
	/* copied, not printed: the rules call this for every example of
	 * a question shown (a few hundred thousand in an audit) */
	char *t = q->targets[q->n - 1];
	size_t len = strlen(t), kl = strlen(kind), il = strlen(id);
	if (len + (len > 0) + kl + 1 + il >= Q_TARGETS_LEN)
		return;
	if (len > 0)
		t[len++] = ' ';
	memcpy(t + len, kind, kl);
	t[len + kl] = ':';
	memcpy(t + len + kl + 1, id, il + 1);
}

void answer_normalise(const char *in, char *out, size_t size)
{
	size_t o = 0;
	int space = 0;
	for (const char *p = in; *p && o + 1 < size; p++) {
		if (isspace((unsigned char)*p)) {
			space = o > 0;
			continue;
		}
		if (space && o + 2 < size)
			out[o++] = ' ';
		space = 0;
		out[o++] = (char)tolower((unsigned char)*p);
	}
	out[o] = '\0';
}

static long find_option(const struct question *q, const char *value)
{
	char a[Q_OPTION_LEN * 2], b[Q_OPTION_LEN * 2];
	answer_normalise(value, a, sizeof a);
	for (size_t i = 0; i < q->n; i++) {
		answer_normalise(q->options[i], b, sizeof b);
		if (strcmp(a, b) == 0)
			return (long)i;
	}
	return -1;
}

static void legal_list(const struct question *q, char *buf, size_t size)
{
	size_t o = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < q->n && o + 4 < size; i++) {
		int n = snprintf(buf + o, size - o, "%s\"%s\"", i ? ", " : "",
				 q->options[i]);
		if (n < 0 || (size_t)n >= size - o) {
			snprintf(buf + o, size - o, ", ...");
			break;
		}
		o += (size_t)n;
	}
}

static _Noreturn void refuse(struct ctx *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static _Noreturn void refuse(struct ctx *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verrorf(&c->run->err, EXIT_REFUSED, fmt, ap);
	va_end(ap);
	c->run->outcome = RUN_ERROR;
	longjmp(c->jb, JUMP_SUSPEND);
}

static _Noreturn void suspend(struct ctx *c, enum run_outcome why)
{
	c->run->outcome = why;
	longjmp(c->jb, JUMP_SUSPEND);
}

/* Where the current step's end is recorded: run.ends[cur], or with
 * run_opts.ended the one entry the run keeps. */
static struct step_end *end_of(struct ctx *c)
{
	return &c->run->ends[c->opts && c->opts->ended ? 0 : c->at.cur];
}

static void record_end(struct ctx *c, const struct question *q)
{
	struct step_end *e = end_of(c);
	str_copy(e->key, sizeof e->key, q ? q->key : "over");
	str_copy(e->rule, sizeof e->rule, q ? q->rule : "");
	str_copy(e->role, sizeof e->role, q ? q->role : "");
	e->answers_used = c->at.ans_pos;
	e->draws = (size_t)c->at.draws;
	const struct engine_step *s = step_at(c, c->at.cur);
	/* a state saved and hashed a step: most of a replay's cost where
	 * the step was verified here before; but a step in which this run
	 * kept a checkpoint is hashed, so that a replay gone astray before
	 * it (a checkpoint it started from that plays otherwise) is found
	 * before its points are kept */
	const struct resume_point *pt = &c->run->points[0];
	e->hashed = !s->state_vouched ||
		(c->keep_points && pt->state && pt->at.cur == c->at.cur);
	if (e->hashed) {
		struct doc *d = doc_new("state");
		doc_hash("umpire/1 state", c->rs->save(c->run->state, d),
			 e->state_hash);
		doc_free(d);
	}
	if (s->at_end)
		s->at_end(s->user, c->run->state, q);
}

/* run_opts.ended: the current step, its end recorded, handed over with
 * its draws; then the run's logs are dropped (every draw, event and
 * mark so far is of this step or an earlier one), the draws counted. */
static void step_ended(struct ctx *c)
{
	struct run *r = c->run;
	if (!c->opts || !c->opts->ended)
		return;
	c->opts->ended(c->opts->user, c->at.cur, r, end_of(c));
	r->n_draws_dropped += r->n_draws;
	r->n_draws = 0;
	for (size_t i = 0; i < r->n_events; i++)
		free(r->events[i].text);
	r->n_events = 0;
	r->n_marks = 0;
}

/* Whether step s takes its draws from its forced list: STEP_FORCED, or
 * a test's STEP_PLAY that gives one (a conformance case played as in
 * play, answers in advance and all). */
static int forcing(const struct engine_step *s)
{
	return s->mode == STEP_FORCED || (s->mode == STEP_PLAY && s->forced);
}

/* Whether role orders step s (a NULL actor, in tests, answers for all). */
static int acts(const struct engine_step *s, const char *role)
{
	return !s->actor || strcmp(s->actor, role) == 0;
}

/* STEP_CHECK: the check stops here, where the step ends for its actor
 * (a draw, another side's question, something hidden from him
 * consulted): the answers before are checked, the rest are carried.
 * what: the place, in words ("the draw", "the question") at rule. */
static _Noreturn void check_stops(struct ctx *c, const char *what,
				  const char *rule, const struct question *q,
				  enum run_outcome why)
{
	c->run->checked = c->at.ans_pos;
	snprintf(c->run->stopped_at, sizeof c->run->stopped_at, "%s%s%.*s",
		 what, rule && *rule ? " at rule " : "",
		 (int)strcspn(rule ? rule : "", " "), rule ? rule : "");
	if (q)
		c->run->pending = *q;
	suspend(c, why);
}

/* STEP_TEMPLATE: the template ends here, where the step ends for its
 * actor (the same places as check_stops); what: the place in words,
 * rule: the draw's purpose or the rule, kept whole ("the draw for 18.2
 * bridge", and what ctx_draw_about said of it: "at 2416 (hexside
 * 2415-2416)"). Questions after it are not listed: their answers would
 * be answers in advance. */
static _Noreturn void template_stops(struct ctx *c, const char *what,
				     const char *rule)
{
	c->run->checked = c->at.ans_pos;
	snprintf(c->run->stopped_at, sizeof c->run->stopped_at, "%s%s%s",
		 what, rule && *rule ? " " : "", rule ? rule : "");
	suspend(c, RUN_NEED_DRAW);
}

/*
 * The step has ended for its actor (a draw, a question of another side,
 * something hidden from him consulted) and answers of its orders are
 * left: they are answers in advance (umpire-orders(5)), never a reason
 * to refuse the file, since where a step ends may hang on what the
 * actor does not see. Each waits for a question of its own key asked of
 * the actor (in_advance); what is not used is told to the actor alone,
 * with why.
 */

/* Answer k of the step is not used, for why. */
static void not_used_one(struct ctx *c, size_t k, const char *why)
{
	const struct engine_step *s = step_at(c, c->at.cur);
	const struct answer *a = &s->answers[k];
	ctx_event_to(c, s->actor ? s->actor : "", "orders",
		     "Not used: answer '%s: %s' (%s:%d): %s.", a->key,
		     a->value, s->src, a->line, why);
}

/* The answers left are not used (the step or the game ends), for why. */
static void not_used(struct ctx *c, const char *why)
{
	const struct engine_step *s = step_at(c, c->at.cur);
	const struct answer *a = &s->answers[c->at.ans_pos];
	size_t rest = s->n_answers - c->at.ans_pos - 1;
	ctx_event_to(c, s->actor ? s->actor : "", "orders",
		     "Not used: answer '%s: %s' (%s:%d)%s: %s.", a->key,
		     a->value, s->src, a->line, rest == 0 ? "" : rest == 1 ?
		     " and the 1 after it" : " and those after it", why);
	c->at.ans_pos = s->n_answers;
}

static void check_all_used(struct ctx *c)
{
	const struct engine_step *s = step_at(c, c->at.cur);
	if (s->mode == STEP_TEMPLATE || c->at.ans_pos >= s->n_answers)
		return;
	if (s->mode == STEP_CHECK)
		check_stops(c, "the end of the game", NULL, NULL, RUN_OVER);
	not_used(c, "the game is over");
}

static const struct answer *find_standing(const struct engine_step *s,
					  const char *key)
{
	for (size_t i = 0; i < s->n_standing; i++)
		if (strcmp(s->standing[i].key, key) == 0)
			return &s->standing[i];
	return NULL;
}

static void add_filled(struct run *r, const struct question *q,
		       const char *given)
{
	r->filled = xrealloc(r->filled, (r->n_filled + 1) * sizeof *r->filled);
	r->filled_given = xrealloc(r->filled_given, (r->n_filled + 1) *
				   sizeof *r->filled_given);
	r->filled_given[r->n_filled] = given;
	r->filled[r->n_filled++] = *q;
}

/* How an answer is checked: against the question's options (ctx_ask), or
 * by the rules (ctx_ask_text). Returns the option index (0 for text), or
 * -1 with why filled. */
struct matcher {
	int (*check)(void *user, const char *answer, char *why,
		     size_t size);
	void *user;
};

static long match(const struct matcher *m, const struct question *q,
		  const char *value, char *why, size_t size)
{
	if (m->check)
		return m->check(m->user, value, why, size) == 0 ? 0 : -1;
	long i = find_option(q, value);
	if (i < 0) {
		int n = snprintf(why, size, "legal answers: ");
		legal_list(q, why + n, size - (size_t)n);
	}
	return i;
}

/* The step ended for its actor with answers left (see not_used): the
 * first left of q's key answers q if q is the actor's and the answer is
 * legal now. A question of another side, or one of the actor's whose
 * key none of them has (an advance a standing order answers), takes
 * none: they wait for their own questions. One of q's key that is not
 * legal now is not used and the next of that key is tried; and once the
 * orders come to an answer of q's key, those before it (written for
 * questions that did not come) are not used. Returns the option index,
 * or -1: none answers q (then a standing order may, or the step ends
 * there). */
static long in_advance(struct ctx *c, const struct question *q,
		       const struct matcher *m, const char **text)
{
	const struct engine_step *s = step_at(c, c->at.cur);
	char why[900], because[1200];
	if (s->mode == STEP_CHECK)
		check_stops(c, acts(s, q->role) ? "a question after "
			    "something hidden from you was decided" :
			    "a question of another side", q->rule, q,
			    RUN_PENDING);
	if (!acts(s, q->role))
		return -1;
	for (size_t j = c->at.ans_pos; j < s->n_answers; j++) {
		const struct answer *a = &s->answers[j];
		if (strcmp(a->key, q->key) != 0)
			continue;
		snprintf(because, sizeof because, "its question did not come "
			 "before rule %s (%s)", q->rule, q->key);
		for (size_t k = c->at.ans_pos; k < j; k++)
			not_used_one(c, k, because);
		c->at.ans_pos = j + 1;
		long i = match(m, q, a->value, why, sizeof why);
		if (i >= 0) {
			ctx_event_to(c, q->role, q->rule, "Answer in advance "
				     "used: %s: %s.", q->key, a->value);
			*text = a->value;
			return i;
		}
		snprintf(because, sizeof because, "not a legal answer to rule "
			 "%s (%s) when it was asked; %s", q->rule, q->text,
			 why);
		not_used_one(c, j, because);
	}
	return -1;
}

/* Whether word is one of the space-separated words of list. */
static int word_in(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = list; p && *p;) {
		size_t k = strcspn(p, " ");
		if (k == n && !strncmp(p, word, n))
			return 1;
		p += k;
		p += strspn(p, " ");
	}
	return 0;
}

const struct standing_key *standing_key_find(const struct standing_key *k,
					     const char *name,
					     const char **scope)
{
	for (; k && k->key; k++) {
		size_t n = strlen(k->key);
		*scope = NULL;
		if (!strcmp(name, k->key))
			return k;
		if (k->scopes && !strncmp(name, k->key, n) &&
		    name[n] == '-' && word_in(k->scopes, name + n + 1)) {
			*scope = name + n + 1;
			return k;
		}
	}
	*scope = NULL;
	return NULL;
}

/* The index of q's standing key with scopes (and no `unscoped`), whose
 * bare form binds to a scope of the step; -1 for none. */
static int bindable(const struct ctx *c, const struct question *q)
{
	const struct standing_key *k = c->rs->standing;
	for (int i = 0; k && k[i].key && i < STANDING_BOUND_MAX; i++)
		if (!strcmp(k[i].key, q->key))
			return k[i].scopes && !k[i].unscoped && q->scope ?
				i : -1;
	return -1;
}

/* The standing order of step j for q (umpire-orders(5), SCOPES): for a
 * question with a scope, KEY-SCOPE, else the bare KEY where it reaches:
 * the key's `unscoped` scopes, or (none declared) the scope its own
 * step bound (engine_place.bound), never in a later step. */
static const struct answer *standing_for(const struct ctx *c,
					 const struct engine_step *s, size_t j,
					 const struct question *q)
{
	if (!q->scope)
		return find_standing(s, q->key);
	char name[96];
	snprintf(name, sizeof name, "%s-%s", q->key, q->scope);
	const struct answer *a = find_standing(s, name);
	if (a)
		return a;
	if (!(a = find_standing(s, q->key)))
		return NULL;
	const char *scope;
	const struct standing_key *k =
		standing_key_find(c->rs->standing, q->key, &scope);
	if (!k || !k->scopes)
		return a;
	if (k->unscoped)
		return word_in(k->unscoped, q->scope) ? a : NULL;
	int b = bindable(c, q);
	return j == c->at.cur && b >= 0 &&
	       !strcmp(c->at.bound[b], q->scope) ? a : NULL;
}

/* ruleset.standing_persist: the standing order for q in the latest
 * earlier step that q's role ordered (the current one included when it
 * is that role's; never a late step, which it did not order), if legal
 * now (and, in a game with hidden information, one of the key's policy
 * answers): then 1, with *text and c->persist_index set. */
/* The latest step role ordered itself (never a late step, the
 * judge's, with no orders of the side: its kept orders are those of
 * its latest own step), the current one included, and its index j;
 * NULL: none. From a source, the steps held, then the copy kept of
 * the role's latest own step before them. */
static const struct engine_step *own_latest(struct ctx *c, const char *role,
					    size_t *j)
{
	size_t lo = c->src && c->fetched > 2 ? c->fetched - 2 : 0;
	for (size_t i = c->at.cur + 1; i-- > lo;) {
		const struct engine_step *p = step_at(c, i);
		if (p->actor && !strcmp(p->actor, role) && !p->late) {
			*j = i;
			return p;
		}
	}
	for (size_t i = 0; i < c->n_own; i++)
		if (!strcmp(c->own[i].s.actor, role)) {
			*j = c->own[i].step;
			return &c->own[i].s;
		}
	return NULL;
}

static int persisting(struct ctx *c, const struct question *q,
		      const struct matcher *m, const char **text)
{
	char why[900];
	const struct standing_key *k = c->rs->standing;
	while (k && k->key && (strcmp(k->key, q->key) != 0 || !k->persist))
		k++;
	if (!k || !k->key)
		return 0;
	size_t j;
	const struct engine_step *p = own_latest(c, q->role, &j);
	if (!p)
		return 0;
	const struct answer *st = standing_for(c, p, j, q);
	if (!st)
		return 0;
	if (c->rs->view && !word_in(k->policy, st->value))
		return 0;
	long i = match(m, q, st->value, why, sizeof why);
	if (i < 0)
		return 0;
	if (j != c->at.cur)
		ctx_event_to(c, q->role, q->rule, "Standing order of "
			     "step %zu: %s: %s.", j + 1, st->key,
			     st->value);
	else
		ctx_event_to(c, q->role, q->rule, "Standing order: "
			     "%s: %s.", st->key, st->value);
	c->at.standing_used += j == c->at.cur;
	c->persist_index = i;
	*text = st->value;
	return 1;
}

const struct late_answer *late_answer_find(const struct ruleset *rs,
					   const char *key)
{
	for (const struct late_answer *l = rs->late; l && l->key; l++)
		if (!strcmp(l->key, key))
			return l;
	return NULL;
}

/* A late step (engine_step.late): the rules' late answer for q, if
 * legal now; then it is used, echoed to the late side, and counted as
 * a standing answer of the step. -1: none; the step ends at q. */
static long late(struct ctx *c, const struct question *q,
		 const struct matcher *m, const char **text)
{
	char why[900];
	const struct late_answer *l = late_answer_find(c->rs, q->key);
	if (!l)
		return -1;
	const char *ans = l->answer;
	long i = match(m, q, ans, why, sizeof why);
	/* an act the rules compel (owed_first): made in the first way the
	 * rules list it, whatever hides why it is owed */
	if (i < 0 && l->owed_first && q->n > 0) {
		ans = q->options[0];
		i = match(m, q, ans, why, sizeof why);
	}
	if (i < 0)
		return -1;
	c->at.standing_used++;
	/* to its side alone, as a standing order is echoed: which
	 * questions a side is asked can be its secret (a sniper held in
	 * hand, 16.5) */
	ctx_event_to(c, q->role, q->rule, "Late answer (rule %s): %s: %s%s.",
		     l->rule, q->key, ans, ans == l->answer ? "" :
		     " (owed: the first the rules list)");
	*text = ans;
	return i;
}

/* engine_step.stop_at_asked: q, asked of the actor once the step's
 * answers are used, takes the probes (each checked on the state as it
 * is, which is put back after it), then ends the run there. A check
 * that keeps the state (question.keeps_state) is trusted to: the whole
 * state is compared after the 1st, 2nd, 4th, 8th... probe only, and
 * found changed, put back and the probes made again, each followed by
 * putting it back (a Race to the Reichstag state is 195 KB: copied
 * after each of a map's 3,571 hexes, 0.7 GB). */
static _Noreturn void stop_asked(struct ctx *c, const struct question *q,
				 const struct matcher *m)
{
	const struct engine_step *s = step_at(c, c->at.cur);
	void *as_asked = xmalloc(c->rs->state_size);
	int trust = q->keeps_state;
	memcpy(as_asked, c->run->state, c->rs->state_size);
	for (size_t i = 0; i < s->n_probe; i++) {
		struct probe *p = &s->probe[i];
		char why[900];
		p->refused = match(m, q, p->answer, why, sizeof why) < 0;
		str_copy(p->why, sizeof p->why, p->refused ? why : "");
		if (trust && (i & (i + 1)) == 0 &&
		    memcmp(c->run->state, as_asked, c->rs->state_size)) {
			trust = 0;
			i = (size_t)-1;         /* again, from the first */
		}
		if (!trust)
			memcpy(c->run->state, as_asked, c->rs->state_size);
	}
	free(as_asked);
	add_filled(c->run, q, NULL);
	c->run->filled[c->run->n_filled - 1].free_text = m->check != NULL;
	c->run->pending = c->run->filled[c->run->n_filled - 1];
	c->run->checked = c->at.ans_pos;
	suspend(c, RUN_PENDING);
}

/* The one way a question is answered; *text receives the answer. */
static long ask(struct ctx *c, const struct question *q,
		const struct matcher *m, const char **text)
{
	char why[900];
	if (q->n == 0)
		refuse(c, "rules error: rule %s asks '%s' with no legal answer",
		       q->rule, q->key);
	for (;;) {
		if (!step_at(c, c->at.cur)) {
			c->run->pending = *q;
			c->run->pending.free_text = m->check != NULL;
			suspend(c, RUN_PENDING);
		}
		const struct engine_step *s = step_at(c, c->at.cur);
		c->at.asked = 1;
		int b = bindable(c, q);
		if (b >= 0 && !c->at.bound[b][0] && acts(s, q->role))
			snprintf(c->at.bound[b], sizeof c->at.bound[b], "%s",
				 q->scope);
		int may_answer = s->mode == STEP_FORCED ||
			(c->at.draws == 0 && !c->at.blind);
		int templ = s->mode == STEP_TEMPLATE && c->at.draws == 0 &&
			!c->at.blind && acts(s, q->role);
		if (templ && c->at.ans_pos >= s->n_answers) {
			if (s->stop_at_asked)
				stop_asked(c, q, m);
			/* the rules' preferred answer where it is legal, else
			 * the first option */
			long i = q->preferred ? match(m, q, q->preferred, why,
						      sizeof why) : -1;
			add_filled(c->run, q, i >= 0 ? q->preferred : NULL);
			c->run->filled[c->run->n_filled - 1].free_text =
				m->check != NULL;
			*text = i >= 0 ? q->preferred : q->options[0];
			return i >= 0 ? i : 0;
		}
		/* another side's question ends the step: its key, text
		 * and options are that side's, never shown to this actor,
		 * unless it is the step's first (the pending question,
		 * known to all); the answers left are carried */
		if (c->at.ans_pos > 0 && c->at.ans_pos < s->n_answers &&
		    !acts(s, q->role) && s->mode != STEP_FORCED)
			may_answer = templ = 0;
		/* a template's own answers come first (orders --answers) */
		if ((may_answer || templ) && c->at.ans_pos < s->n_answers) {
			const struct answer *a = &s->answers[c->at.ans_pos];
			if (!acts(s, q->role))
				refuse(c, "%s:%d: rule %s asks %s, not %s",
				       s->src, a->line, q->rule, q->role,
				       s->actor);
			if (strcmp(a->key, q->key) != 0) {
				legal_list(q, why, sizeof why);
				refuse(c, "%s:%d: answer '%s' given, but rule "
				       "%s asks '%s' (%s); %s: %s", s->src,
				       a->line, a->key, q->rule, q->key,
				       q->text, m->check ? "for example" :
				       "legal answers", why);
			}
			long i = match(m, q, a->value, why, sizeof why);
			if (i < 0)
				refuse(c, "%s:%d: '%s' is not a legal answer "
				       "to rule %s (%s: %s); %s", s->src,
				       a->line, a->value, q->rule, q->key,
				       q->text, why);
			c->at.ans_pos++;
			*text = a->value;
			if (templ) {
				add_filled(c->run, q, a->value);
				c->run->filled[c->run->n_filled - 1].free_text =
					m->check != NULL;
			}
			return i;
		}
		if (c->at.ans_pos < s->n_answers && s->mode != STEP_TEMPLATE) {
			long i = in_advance(c, q, m, text);
			if (i >= 0)
				return i;
		}
		const struct answer *st = standing_for(c, s, c->at.cur, q);
		if (st && acts(s, q->role)) {
			long i = match(m, q, st->value, why, sizeof why);
			if (i >= 0) {
				c->at.standing_used++;
				/* echoed to the side that gave it */
				ctx_event_to(c, q->role, q->rule, "Standing "
					     "order: %s: %s.", st->key,
					     st->value);
				*text = st->value;
				return i;
			}
		}
		if (c->rs->standing_persist &&
		    persisting(c, q, m, text))
			return c->persist_index;
		if (s->late && acts(s, q->role)) {
			long i = late(c, q, m, text);
			if (i >= 0)
				return i;
		}
		if (s->mode == STEP_TEMPLATE)
			template_stops(c, acts(s, q->role) ? "a question after "
				       "something hidden from you was "
				       "decided, at rule" : "a question of "
				       "another side, at rule", q->rule);
		/* The step ends here. */
		if (s->mode == STEP_CHECK)
			check_stops(c, acts(s, q->role) ? "the question that "
				    "ends the step" : "a question of another "
				    "side", q->rule, q, RUN_PENDING);
		if (s->mode == STEP_PLAY && c->at.ans_pos == 0 &&
		    c->at.standing_used == 0)
			refuse(c, s->late && acts(s, q->role) ? "%s: the "
			       "late step %zu answers nothing: rule %s asks "
			       "%s '%s', which the rules' late answers do "
			       "not answer now" :
			       "%s: the orders of step %zu answer nothing; "
			       "rule %s asks %s: %s", s->src, c->at.cur + 1,
			       q->rule, q->role, q->key);
		/* answers in advance whose questions did not come */
		if (s->mode == STEP_PLAY && c->at.ans_pos < s->n_answers) {
			if (acts(s, q->role))
				snprintf(why, sizeof why, "the step ends at "
					 "rule %s, which asks '%s'",
					 q->rule, q->key);
			else
				snprintf(why, sizeof why, "the rules ask "
					 "another side first");
			not_used(c, why);
		}
		/* as the pending question is kept: free text marked */
		struct question ended = *q;
		ended.free_text = m->check != NULL;
		record_end(c, &ended);
		step_ended(c);
		const struct engine_step *nx = step_at(c, c->at.cur + 1);
		if (nx) {
			if (!acts(nx, q->role))
				refuse(c, "step %zu is ordered by %s, but rule "
				       "%s asks %s", c->at.cur + 2, nx->actor,
				       q->rule, q->role);
		}
		c->at.cur++;
		c->forced_pos = 0;
		c->at.ans_pos = 0;
		c->at.standing_used = 0;
		c->at.draws = 0;
		c->at.blind = 0;
		memset(c->at.bound, 0, sizeof c->at.bound);
	}
}

/* Whether the first answer left in step s (at pos) is for key. */
static int at_hand(const struct engine_step *s, size_t pos, int draws,
		   const char *key)
{
	return s->mode != STEP_TEMPLATE &&
	       (s->mode == STEP_FORCED || draws == 0) &&
	       pos < s->n_answers && strcmp(s->answers[pos].key, key) == 0;
}

int ctx_shown(const struct ctx *c, const char *key)
{
	const struct engine_step *s = step_at_c(c, c->at.cur), *nx;
	if (!s)
		return 1;
	if (at_hand(s, c->at.ans_pos, c->at.draws != 0 || c->at.blind, key))
		return 0;
	/* the step ends here, unless a standing order answers: the
	 * question is kept by a snapshot, left pending, filled in by a
	 * template, or answered first thing by the next step */
	if (s->mode == STEP_TEMPLATE || s->at_end != NULL ||
	    !(nx = step_at_c(c, c->at.cur + 1)))
		return 1;
	return !at_hand(nx, 0, 0, key);
}

int ctx_given(const struct ctx *c, const char *role, const char *key,
	      const char *value)
{
	char a[Q_OPTION_LEN * 2], b[Q_OPTION_LEN * 2];
	const struct engine_step *s = step_at_c(c, c->at.cur);
	if (!s)
		return 0;
	int ahead = s->mode != STEP_FORCED &&
		(c->at.draws != 0 || c->at.blind);
	if (!acts(s, role))
		return 0;
	/* the next answer; in advance, the first left of the key (as
	 * in_advance takes it) */
	for (size_t j = c->at.ans_pos; j < s->n_answers; j++) {
		if (!strcmp(s->answers[j].key, key)) {
			answer_normalise(s->answers[j].value, a, sizeof a);
			answer_normalise(value, b, sizeof b);
			return !strcmp(a, b);
		}
		if (!ahead)
			return 0;
	}
	return 0;
}

size_t ctx_examples(const struct ctx *c, const char *key)
{
	/* one where no reader sees them: rules that find no legal answer
	 * among their examples do not ask, and whether a question is
	 * asked must not hang on whether the next step's orders answer it
	 * (a step replayed must end where it ended live) */
	if (!ctx_shown(c, key))
		return 1;
	return c->examples ? c->examples : SIZE_MAX;
}

void *ctx_scratch(struct ctx *c, size_t size)
{
	c->scratch = xrealloc(c->scratch, (c->n_scratch + 1) *
			      sizeof *c->scratch);
	return c->scratch[c->n_scratch++] = xcalloc(1, size ? size : 1);
}

size_t ctx_ask(struct ctx *c, const struct question *q)
{
	const struct matcher m = { NULL, NULL };
	const char *text;
	return (size_t)ask(c, q, &m, &text);
}

const char *ctx_ask_text(struct ctx *c, const struct question *q,
			 int (*check)(void *user, const char *answer,
				      char *why, size_t size),
			 void *user)
{
	const struct matcher m = { check, user };
	const char *text;
	ask(c, q, &m, &text);
	return text;
}

static struct draw_rec *new_draw(struct ctx *c, const char *purpose)
{
	struct run *r = c->run;
	const struct engine_step *s = step_at(c, c->at.cur);
	if (!s)
		refuse(c, "rules error: a draw (%s) before the first decision",
		       purpose);
	if (s->mode == STEP_TEMPLATE) {
		/* the purpose as recorded, then the words the rules gave
		 * the player for this draw (ctx_draw_about, never
		 * recorded) */
		char what[sizeof r->draws->purpose + sizeof c->draw_about];
		snprintf(what, sizeof what, "%s%s%s", purpose,
			 c->draw_about[0] ? " " : "", c->draw_about);
		template_stops(c, "the draw for", what);
	}
	/* a draw's purpose starts with its rule ("7.3 ..."); the check
	 * names what the rules told the player of it, so that a move that
	 * will roll for a bridge says so: "the draw for bridge at 0106
	 * (hexside 0106-0107) at rule 18.2" */
	if (s->mode == STEP_CHECK && c->draw_about[0]) {
		char what[sizeof r->draws->purpose + sizeof c->draw_about + 16];
		snprintf(what, sizeof what, "the draw for%s %s",
			 purpose + strcspn(purpose, " "), c->draw_about);
		c->draw_about[0] = '\0';
		check_stops(c, what, purpose, NULL, RUN_NEED_DRAW);
	}
	c->draw_about[0] = '\0';
	if (s->mode == STEP_CHECK)
		check_stops(c, "the draw", purpose, NULL, RUN_NEED_DRAW);
	if (forcing(s) && c->forced_pos >= s->n_forced)
		suspend(c, RUN_NEED_DRAW);
	if (r->n_draws == r->cap_draws) {
		r->cap_draws = r->cap_draws ? r->cap_draws * 2 : 64;
		r->draws = xrealloc(r->draws, r->cap_draws * sizeof *r->draws);
	}
	struct draw_rec *d = &r->draws[r->n_draws];
	memset(d, 0, sizeof *d);
	d->step = c->at.cur + 1;
	d->index = c->at.draws;
	d->turn = c->at.turn;
	str_copy(d->phase, sizeof d->phase, c->at.phase);
	str_copy(d->purpose, sizeof d->purpose, purpose);
	return d;
}

static void commit_draw(struct ctx *c)
{
	c->run->n_draws++;
	c->at.draws++;
}

/* The forced result for a test, as an index among labels. */
static uint32_t forced_pick(struct ctx *c, struct draw_rec *d, size_t n,
			    const char *const *labels)
{
	const struct engine_step *s = step_at(c, c->at.cur);
	const char *want = s->forced[c->forced_pos++];
	for (size_t i = 0; i < n; i++)
		if (strcmp(labels[i], want) == 0)
			return (uint32_t)i;
	refuse(c, "forced draw '%s' for %s is not in %s (%zu left)", want,
	       d->purpose, d->pool, n);
}

size_t ctx_pick(struct ctx *c, const char *purpose, const char *pool,
		size_t n, const char *const *labels)
{
	return ctx_pick_for(c, "", purpose, pool, n, labels);
}

size_t ctx_pick_for(struct ctx *c, const char *side, const char *purpose,
		    const char *pool, size_t n, const char *const *labels)
{
	if (n == 0 || n > UINT32_MAX)
		refuse(c, "rules error: draw from empty pool %s (%s)", pool,
		       purpose);
	struct draw_rec *d = new_draw(c, purpose);
	str_copy(d->pool, sizeof d->pool, pool);
	d->n = (uint32_t)n;
	const struct engine_step *s = step_at(c, c->at.cur);
	if (forcing(s))
		d->pick = forced_pick(c, d, n, labels);
	else
		d->pick = rng_uniform(s->seed, c->at.draws, (uint32_t)n);
	str_copy(d->result, sizeof d->result, labels[d->pick]);
	str_copy(d->visible, sizeof d->visible, side ? side : "-");
	str_copy(d->role, sizeof d->role, c->at.draw_for[0] ? c->at.draw_for :
		 side && *side && strcmp(side, "-") ? side : s->actor);
	commit_draw(c);
	return d->pick;
}

int ctx_die(struct ctx *c, const char *purpose, int sides)
{
	static const char *const faces[] = { "1", "2", "3", "4", "5", "6",
		"7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
		"17", "18", "19", "20" };
	if (sides < 2 || sides > 20)
		refuse(c, "rules error: a die with %d sides", sides);
	char pool[16];
	snprintf(pool, sizeof pool, "d%d", sides);
	return (int)ctx_pick(c, purpose, pool, (size_t)sides, faces) + 1;
}

void ctx_draw_for(struct ctx *c, const char *role)
{
	str_copy(c->at.draw_for, sizeof c->at.draw_for, role);
}

void ctx_draw_about(struct ctx *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->draw_about, sizeof c->draw_about, fmt, ap);
	va_end(ap);
}

void ctx_consult(struct ctx *c, const char *hidden_from, const char *rule)
{
	/* Before the step's first question the rules only walk again to
	 * the question pending when the step began (a phase's start read
	 * once more as the state resumes there): what they consult on the
	 * way was consulted in the step before, and the pending question
	 * is always the actor's to answer (umpire-protocol(7), where a
	 * step ends). */
	if (!hidden_from || !c->at.asked)
		return;
	const struct engine_step *s = step_at(c, c->at.cur);
	if (!s || !s->actor || strcmp(s->actor, hidden_from) != 0)
		return;
	if (s->mode == STEP_CHECK)
		check_stops(c, "what is hidden from you, consulted",
			    rule, NULL, RUN_NEED_DRAW);
	if (s->mode == STEP_TEMPLATE)
		template_stops(c, "what is hidden from you, consulted at rule",
			       rule);
	c->at.blind = 1;
}

void ctx_where(struct ctx *c, int turn, const char *phase)
{
	c->at.turn = turn;
	str_copy(c->at.phase, sizeof c->at.phase, phase);
}

static void add_event(struct ctx *c, const char *side, const char *rule,
		      const char *fmt, va_list ap)
	__attribute__((format(printf, 4, 0)));
static void add_event(struct ctx *c, const char *side, const char *rule,
		      const char *fmt, va_list ap)
{
	struct run *r = c->run;
	struct strbuf sb = STRBUF_INIT;
	strbuf_vaddf(&sb, fmt, ap);
	if (r->n_events == r->cap_events) {
		r->cap_events = r->cap_events ? r->cap_events * 2 : 64;
		r->events = xrealloc(r->events,
				     r->cap_events * sizeof *r->events);
	}
	struct event_rec *e = &r->events[r->n_events++];
	memset(e, 0, sizeof *e);
	e->step = c->at.cur + 1;        /* (past the last: n_steps + 1) */
	e->turn = c->at.turn;
	str_copy(e->phase, sizeof e->phase, c->at.phase);
	str_copy(e->rule, sizeof e->rule, rule);
	str_copy(e->visible, sizeof e->visible, side);
	e->answers = c->at.ans_pos;
	e->text = strbuf_detach(&sb, NULL);
	/* something the actor may not see was decided in this step */
	const struct engine_step *s = step_at(c, c->at.cur);
	if (side && *side && s && s->actor && strcmp(side, s->actor) != 0)
		c->at.blind = 1;
}

void ctx_event(struct ctx *c, const char *rule, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	add_event(c, "", rule, fmt, ap);
	va_end(ap);
}

void ctx_event_to(struct ctx *c, const char *side, const char *rule,
		  const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	add_event(c, side ? side : "-", rule, fmt, ap);
	va_end(ap);
}

void ctx_mark(struct ctx *c, const char *visible, const char *kind,
	      const char *from, const char *to, const char *label)
{
	struct run *r = c->run;
	if (r->n_marks == r->cap_marks) {
		r->cap_marks = r->cap_marks ? r->cap_marks * 2 : 32;
		r->marks = xrealloc(r->marks, r->cap_marks * sizeof *r->marks);
		r->mark_steps = xrealloc(r->mark_steps,
					 r->cap_marks * sizeof *r->mark_steps);
	}
	struct mark *m = &r->marks[r->n_marks];
	memset(m, 0, sizeof *m);
	str_copy(m->kind, sizeof m->kind, kind);
	str_copy(m->from, sizeof m->from, from);
	str_copy(m->to, sizeof m->to, to);
	str_copy(m->label, sizeof m->label, label);
	str_copy(m->visible, sizeof m->visible, visible);
	r->mark_steps[r->n_marks++] = c->at.cur + 1;
}

void ctx_mark_path(struct ctx *c, const char *visible, const char *from,
		   const char *to, const char *label, const char *path)
{
	ctx_mark(c, visible, "move", from, to, label);
	struct mark *m = &c->run->marks[c->run->n_marks - 1];
	/* a path of one place is the straight move itself */
	if (path && strchr(path, ' ') && strlen(path) < sizeof m->path)
		str_copy(m->path, sizeof m->path, path);
}

/* The latest checkpoint of each of the last RUN_POINTS steps that took
 * one, however far back: a phase that lasts many steps (one unit moved
 * a mail) still resumes at its start, not at the start of the game. */
void ctx_checkpoint(struct ctx *c)
{
	struct resume_point *pts = c->run->points;
	if (!c->keep_points || !step_at(c, c->at.cur) ||
	    (c->points_below && c->at.cur >= c->points_below))
		return;
	if (!pts[0].state || pts[0].at.cur != c->at.cur) {
		/* a step with none yet: the oldest kept makes room */
		void *spare = pts[RUN_POINTS - 1].state;
		memmove(&pts[1], &pts[0], (RUN_POINTS - 1) * sizeof *pts);
		pts[0].state = spare ? spare : xmalloc(c->rs->state_size);
	}
	memcpy(pts[0].state, c->run->state, c->rs->state_size);
	pts[0].at = c->at;
}

void ctx_checkpoint_at_end(struct ctx *c)
{
	const struct engine_step *s = step_at(c, c->at.cur);
	if (s && c->at.ans_pos < s->n_answers)
		return;
	ctx_checkpoint(c);
}

void resume_point_free(struct resume_point *p)
{
	free(p->state);
	for (size_t i = 0; i < p->n_persist; i++) {
		for (size_t k = 0; k < p->persist[i].n_standing; k++) {
			free((char *)p->persist[i].standing[k].key);
			free((char *)p->persist[i].standing[k].value);
		}
		free(p->persist[i].standing);
	}
	free(p->persist);
	memset(p, 0, sizeof *p);
}

/* run_opts.resume: the rules ask q again from the state
 * (ruleset.resume); once it is answered the run stops there, as at a
 * draw (its answers after it are not checked: run.partial) */
static _Noreturn void resume_run(struct ctx *c, const struct question *q)
{
	if (!c->rs->resume || !c->rs->resume(c, c->run->state, q))
		refuse(c, "the rules cannot ask rule %s (%s) again from this "
		       "state", q->rule, q->key);
	c->run->partial = 1;
	c->run->checked = c->at.ans_pos;
	snprintf(c->run->stopped_at, sizeof c->run->stopped_at,
		 "rule %s (%s)", q->rule, q->key);
	suspend(c, RUN_NEED_DRAW);
}

int engine_run(const struct ruleset *rs, const void *start_state,
	       const struct engine_step *steps, size_t n_steps,
	       struct run *run)
{
	return engine_run_opts(rs, start_state, NULL, steps, n_steps, run);
}

int engine_run_opts(const struct ruleset *rs, const void *start_state,
		    const struct run_opts *opts,
		    const struct engine_step *steps, size_t n_steps,
		    struct run *run)
{
	/* On the heap, so that its contents are well defined after longjmp. */
	struct ctx *const c = xcalloc(1, sizeof *c);
	struct resume_point *from = opts ? opts->from : NULL;
	memset(run, 0, sizeof *run);
	if (from && from->state) {
		run->state = from->state;      /* taken, not copied */
		from->state = NULL;
	} else if (opts && opts->take) {
		from = NULL;
		run->state = opts->take;       /* the caller's, taken */
	} else {
		from = NULL;
		run->state = xmalloc(rs->state_size);
		memcpy(run->state, start_state, rs->state_size);
	}
	run->n_steps = n_steps;
	/* with run_opts.ended, one: the step ended last's */
	size_t n_ends = n_steps && !(opts && opts->ended) ? n_steps : 1;
	run->ends = xmalloc(n_ends * sizeof *run->ends);
	c->rs = rs;
	c->run = run;
	c->opts = opts;
	c->steps = steps;
	c->n_steps = n_steps;
	c->src = opts && opts->ended ? opts->source : NULL;
	c->keep_points = opts && opts->keep_points;
	c->points_below = opts ? opts->points_below : 0;
	/* a template lists every example */
	c->examples = opts && !(n_steps && steps[n_steps - 1].mode ==
				STEP_TEMPLATE) ? opts->examples : 0;
	if (from && from->at.cur < n_steps) {
		c->at = from->at;
		run->resumed = from->at.cur;
		run->from_point = 1;
	}
	/* how the steps this run plays end (run.ends), zeroed; the steps
	 * before a checkpoint it resumed at only marked not played (no
	 * key, not hashed): zeroing them whole was 150 bytes a step of
	 * the game (0.3M instructions at step 1,024) */
	for (size_t i = 0; i < run->resumed; i++) {
		run->ends[i].key[0] = '\0';
		run->ends[i].hashed = 0;
	}
	if (n_ends > run->resumed)
		memset(run->ends + run->resumed, 0,
		       (n_ends - run->resumed) * sizeof *run->ends);

	if (setjmp(c->jb) == 0) {
		if (opts && opts->resume)
			resume_run(c, opts->resume);    /* never returns */
		rs->play(c, run->state);
		run->outcome = RUN_OVER;
		c->over = 1;
		const struct engine_step *s = step_at(c, c->at.cur);
		if (s) {
			/* a check of answers that end the game: all of them
			 * were taken (check_all_used refuses any left) */
			if (s->mode == STEP_CHECK ||
			    s->mode == STEP_TEMPLATE) {
				run->checked = c->at.ans_pos;
				str_copy(run->stopped_at,
					 sizeof run->stopped_at, "");
			}
			/* may refuse, which lands in the branch below */
			check_all_used(c);
			record_end(c, NULL);
			step_ended(c);
			if (step_at(c, c->at.cur + 1)) {
				errorf(&run->err, EXIT_REFUSED,
				       "step %zu comes after the end of the "
				       "game", c->at.cur + 2);
				run->outcome = RUN_ERROR;
			}
		}
	} else if (run->outcome == RUN_NEED_DRAW && step_at(c, c->at.cur)) {
		record_end(c, NULL);
		str_copy(end_of(c)->key, sizeof end_of(c)->key, "draw");
		step_ended(c);
	}
	if (c->src)
		run->n_steps = c->fetched;
	for (size_t i = 0; i < c->n_scratch; i++)
		free(c->scratch[i]);
	free(c->scratch);
	own_free(c);
	free(c);
	return run->outcome == RUN_ERROR ? -1 : 0;
}

void engine_free(struct run *run)
{
	for (size_t i = 0; i < run->n_events; i++)
		free(run->events[i].text);
	free(run->filled);
	free(run->filled_given);
	free(run->marks);
	free(run->mark_steps);
	free(run->events);
	free(run->draws);
	free(run->ends);
	free(run->state);
	for (size_t i = 0; i < RUN_POINTS; i++)
		resume_point_free(&run->points[i]);
	memset(run, 0, sizeof *run);
}

int visible_to(const char *visible, const char *side)
{
	if (!side || !visible[0])
		return 1;
	return strcmp(visible, side) == 0;
}
