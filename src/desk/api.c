/*
 * api.c - the player's desk: the C the page calls (WebAssembly), on the
 * same core and rules as `umpire orders VIEW --answers FILE`.
 *
 * A desk holds one view (view_load, as umpire orders reads it, without
 * a key: a sealed view is opened by umpire desk before it is put in the
 * page) and the side's answers so far. Every call checks the view as
 * umpire orders does (template_view_pending: the game not over, its
 * side to decide), runs the rules again from the view's state with
 * those answers (check_view_template, the run umpire orders --answers
 * makes), after parsing the answers as the order
 * file the page writes (orders_parse): what the page accepts is what
 * the command accepts, and its next question is the command's.
 *
 * Every function returns JSON text (desk_answers_yaml: YAML) owned by
 * the desk, valid until its next call; the page copies it out at once.
 * Ownership: desk_open's desk is the caller's, freed by desk_close.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "umpire/check.h"
#include "umpire/desk.h"
#include "umpire/json.h"
#include "umpire/orders.h"
#include "umpire/strbuf.h"
#include "umpire/svg.h"
#include "umpire/template.h"
#include "umpire/view.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define DESK_API EMSCRIPTEN_KEEPALIVE
#else
#define DESK_API
#endif

/* Bounds on what the page hands in: a view as umpire reads one
 * (DOC_LIMITS), a scenario file, an answer and the answers of a step. */
#define DESK_SCENARIO_MAX (8u << 20)
#define DESK_ANSWER_MAX 1024
#define DESK_ANSWERS_MAX 2048
/* and the answers desk_probe tries in one run (a hex map's every hex) */
#define DESK_PROBES_MAX 4096
/* The name the page's answers file goes by in the rules' messages. */
#define DESK_SRC "the page's answers"

struct desk_answer {
	char *key;
	char *value;
};

struct desk {
	struct view v;
	int loaded;             /* v holds a view */
	struct error open_err;  /* !loaded: why */
	struct desk_answer *a;  /* the side's answers, in order */
	size_t n, cap;
	struct desk_answer *st; /* its standing orders (key: the order
				   file's name, KEY or KEY-SCOPE) */
	size_t n_st, cap_st;
	int asked_known;        /* asked is the question now asked's key */
	char asked[64];         /* ("": none; the step ends for the side) */
	struct strbuf out;      /* the last call's result */
};

/* The desk's answers as an order file umpire orders --answers reads
 * (the page's download): the view's game, step, side and history; the
 * chain link is zero, umpire orders puts the side's own in the file it
 * writes from these answers (the page holds no key). Answers are bounded
 * to printable ASCII without quotes or backslashes (answer_bounds), so
 * each is one plain double-quoted scalar. */
static void answers_yaml(const struct desk *d, struct strbuf *out)
{
	const struct view *v = &d->v;
	char prev[DOC_B64_32_LEN + 1], zero[DOC_B64_32_LEN + 1];
	unsigned char z[32] = { 0 };
	doc_b64_32_str(prev, v->prev);
	doc_b64_32_str(zero, z);
	strbuf_addf(out, "# Answers for %s, game %s, step %lld, side %s, "
		    "made in umpire's desk page.\n# Check, sign and mail "
		    "them: umpire orders VIEW --answers THIS-FILE --sign\n",
		    v->game.scn.title, v->game.id, v->step + 1, v->side);
	strbuf_addf(out, "umpire: orders/1\ngame: %s\nstep: %lld\nside: %s\n"
		    "prev: %s\n# no chain link: umpire orders --answers puts "
		    "the side's own in the orders it writes\nreveal: %s\n"
		    "answers:\n", v->game.id, v->step + 1, v->side, prev,
		    zero);
	for (size_t i = 0; i < d->n; i++)
		strbuf_addf(out, "- %s: \"%s\"\n", d->a[i].key,
			    d->a[i].value);
	if (d->n_st)
		strbuf_adds(out, "standing:\n");
	for (size_t i = 0; i < d->n_st; i++)
		strbuf_addf(out, "  %s: \"%s\"\n", d->st[i].key,
			    d->st[i].value);
}

/* text, the answer to the question now asked, after the others (taken
 * back by drop_last where the rules refuse it). */
static void push_answer(struct desk *d, const char *text)
{
	if (d->n == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 16;
		d->a = xrealloc(d->a, d->cap * sizeof *d->a);
	}
	d->a[d->n].key = xstrdup(d->asked);
	d->a[d->n].value = xstrdup(text);
	d->n++;
}

/* The last answer taken back. */
static void drop_last(struct desk *d)
{
	d->n--;
	free(d->a[d->n].key);
	free(d->a[d->n].value);
}

static void question_json(struct json *j, const struct question *q)
{
	json_begin_object(j);
	json_kstring(j, "rule", q->rule);
	json_kstring(j, "key", q->key);
	json_kstring(j, "text", q->text);
	json_key(j, "free_text");
	json_bool(j, q->free_text);
	json_key(j, "more");
	json_bool(j, q->more);
	json_key(j, "options");
	json_begin_array(j);
	for (size_t i = 0; i < q->n; i++)
		json_string(j, q->options[i]);
	json_end_array(j);
	json_key(j, "form");
	if (q->form)
		json_string(j, q->form);
	else
		json_null(j);
	/* what each option names (q_target's "KIND:ID KIND:ID"), an array
	 * of {kind, id} an option */
	json_key(j, "targets");
	json_begin_array(j);
	for (size_t i = 0; i < q->n; i++) {
		json_begin_array(j);
		for (const char *w = q->targets[i]; *w;) {
			size_t len = strcspn(w, " "), k = strcspn(w, ":");
			if (k < len) {
				json_begin_object(j);
				json_key(j, "kind");
				json_stringn(j, w, k);
				json_key(j, "id");
				json_stringn(j, w + k + 1, len - k - 1);
				json_end_object(j);
			}
			w += len;
			w += strspn(w, " ");
		}
		json_end_array(j);
	}
	json_end_array(j);
	json_end_object(j);
}

/*
 * The run on the desk's answers: 0 with *run filled (engine_free it),
 * else -1 and err says why (the answers refused, as umpire orders
 * --answers refuses them). stop: the run stops at the question asked
 * after them (the board's state) and tries the n probes there
 * (engine_step.stop_at_asked); 0: the template run of umpire orders
 * --answers (check_view_template), to where the step ends.
 */
static int desk_run_at(const struct desk *d, int stop, struct probe *probe,
		       size_t n, struct run *run, struct error *err)
{
	struct strbuf y = STRBUF_INIT, said = STRBUF_INIT;
	struct orders o;
	const struct view *v = &d->v;
	answers_yaml(d, &y);
	int rc = orders_parse(DESK_SRC, y.buf, y.len, &o, err);
	strbuf_free(&y);
	if (rc)
		return -1;
	/* check_view_template's step, stopping at the question */
	struct engine_step step = { .mode = STEP_TEMPLATE, .actor = v->side,
		.src = DESK_SRC, .answers = o.answers,
		.n_answers = o.n_answers, .stop_at_asked = stop,
		.probe = probe, .n_probe = n };
	rc = check_view_run(&v->game.scn, v->game.options, v->doc, v->state,
			    &v->next, &step, run, &said, err);
	strbuf_free(&said);
	orders_free(&o);
	if (rc == 1)
		return errorf(err, EXIT_REFUSED, "the rules cannot start "
			      "again from this view's state; its question "
			      "is answered in an order file (umpire orders)");
	return rc;
}

static int desk_run(const struct desk *d, struct run *run, struct error *err)
{
	return desk_run_at(d, 0, NULL, 0, run, err);
}

/* The desk's state as JSON into d->out: the game, the answers so far
 * with their questions, the question now asked (null when the step
 * ends for the side, with where in "ends"), and refused (NULL: none);
 * ran: the run on the desk's answers when the caller made it, else
 * NULL (it is made here). */
static void state_json(struct desk *d, const char *refused,
		       const struct run *ran)
{
	struct json j;
	struct run own;
	const struct run *r = ran;
	struct error err = { 0 };
	d->asked_known = 1;
	d->asked[0] = '\0';
	strbuf_reset(&d->out);
	json_init(&j, &d->out);
	json_begin_object(&j);
	if (!d->loaded) {
		json_kstring(&j, "error", d->open_err.msg);
		goto done;
	}
	json_kstring(&j, "title", d->v.game.scn.title);
	json_kstring(&j, "game", d->v.game.id);
	json_kint(&j, "step", d->v.step + 1);
	json_kstring(&j, "side", d->v.side);
	json_kstring(&j, "report", d->v.report);
	if (refused)
		json_kstring(&j, "refused", refused);
	/* the checks umpire orders makes of a view (its answers are made
	 * for the view's step and side) */
	if (template_view_pending(&d->v, NULL, NULL, &err) ||
	    (!r && desk_run(d, &own, &err))) {
		json_kstring(&j, "error", err.msg);
		goto done;
	}
	if (!r)
		r = &own;
	json_key(&j, "answers");
	json_begin_array(&j);
	for (size_t i = 0; i < d->n && i < r->n_filled; i++) {
		json_begin_object(&j);
		json_kstring(&j, "key", d->a[i].key);
		json_kstring(&j, "value", d->a[i].value);
		json_kstring(&j, "rule", r->filled[i].rule);
		json_kstring(&j, "text", r->filled[i].text);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_key(&j, "question");
	if (d->n < r->n_filled) {
		question_json(&j, &r->filled[d->n]);
		snprintf(d->asked, sizeof d->asked, "%s", r->filled[d->n].key);
	} else
		json_null(&j);
	struct strbuf ends = STRBUF_INIT;
	check_ahead(r, 0, &ends);
	json_kstring(&j, "ends", ends.buf ? ends.buf : "");
	strbuf_free(&ends);
	if (!ran)
		engine_free(&own);
done:
	json_end_object(&j);
	json_finish(&j);
}

DESK_API struct desk *desk_open(const char *view, size_t len)
{
	struct desk *d = xcalloc(1, sizeof *d);
	if (view_load(&d->v, "the view", view, len, DESK_SCENARIOS, NULL,
		      &d->open_err) == 0)
		d->loaded = 1;
	return d;
}

DESK_API struct desk *desk_open_unsigned(const char *view, size_t len)
{
	struct desk *d = xcalloc(1, sizeof *d);
	if (view_load_unsigned(&d->v, "the view", view, len, DESK_SCENARIOS,
			       &d->open_err) == 0)
		d->loaded = 1;
	return d;
}

DESK_API void desk_close(struct desk *d)
{
	if (!d)
		return;
	if (d->loaded)
		view_free(&d->v);
	while (d->n > 0)
		drop_last(d);
	free(d->a);
	for (size_t i = 0; i < d->n_st; i++) {
		free(d->st[i].key);
		free(d->st[i].value);
	}
	free(d->st);
	strbuf_free(&d->out);
	free(d);
}

/* A scenario file the view may name, put where view_load finds it:
 * name its id (lowercase letters, digits and '-'), at most
 * DESK_SCENARIO_MAX bytes. 0, else -1. */
DESK_API int desk_put_scenario(const char *name, const char *text,
			       size_t len)
{
	char path[128];
	size_t n = strlen(name);
	if (n == 0 || n > 64 || strspn(name, "abcdefghijklmnopqrstuvwxyz"
				      "0123456789-") != n ||
	    len > DESK_SCENARIO_MAX)
		return -1;
	mkdir(DESK_SCENARIOS, 0700);
	snprintf(path, sizeof path, "%s/%s.yaml", DESK_SCENARIOS, name);
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	size_t w = fwrite(text, 1, len, f);
	return fclose(f) == 0 && w == len ? 0 : -1;
}

DESK_API const char *desk_question(struct desk *d)
{
	state_json(d, NULL, NULL);
	return d->out.buf;
}

/* A refusal as the player reads it: without the "NAME:LINE: " of a file
 * the page made and the player never saw. */
static const char *refusal(const char *msg)
{
	size_t n = strlen(DESK_SRC);
	if (strncmp(msg, DESK_SRC ":", n + 1) != 0)
		return msg;
	msg += n + 1;
	msg += strspn(msg, "0123456789");
	if (*msg == ':')
		msg++;
	return msg + strspn(msg, " ");
}

/* Why text cannot be an answer's or a standing order's value (NULL: it
 * can): one plain double-quoted scalar of the answers file. */
static const char *value_bounds(const char *text)
{
	size_t len = strlen(text);
	for (size_t i = 0; i < len; i++)
		if (text[i] < ' ' || text[i] > '~' || text[i] == '"' ||
		    text[i] == '\\')
			return "an answer is printable ASCII without quotes or "
				"backslashes";
	if (len == 0 || len > DESK_ANSWER_MAX)
		return "an answer is 1 to 1024 characters";
	return NULL;
}

/* Why text cannot be an answer at all (NULL: it can). */
static const char *answer_bounds(const struct desk *d, const char *text)
{
	const char *bad = value_bounds(text);
	if (bad)
		return bad;
	if (!d->loaded)
		return d->open_err.msg;
	if (d->n >= DESK_ANSWERS_MAX)
		return "too many answers for one step";
	if (!d->asked[0])
		return "the step ends here for this side: no question is "
			"asked";
	return NULL;
}

/* The next answer, checked as umpire orders --answers checks it: taken
 * when the rules accept it with those before (the answers file run
 * once, its run giving the next question), else refused with the
 * rules' message and not kept. */
DESK_API const char *desk_answer(struct desk *d, const char *text)
{
	struct run run;
	struct error err = { 0 };
	if (!d->asked_known)
		state_json(d, NULL, NULL);
	const char *bad = answer_bounds(d, text);
	if (bad) {
		state_json(d, bad, NULL);
		return d->out.buf;
	}
	push_answer(d, text);
	if (desk_run(d, &run, &err) == 0) {
		state_json(d, NULL, &run);
		engine_free(&run);
	} else {
		drop_last(d);
		state_json(d, refusal(err.msg), NULL);
	}
	return d->out.buf;
}

/* One answer fewer: the rules run again from the view without it. */
DESK_API const char *desk_undo(struct desk *d)
{
	if (d->n > 0)
		drop_last(d);
	state_json(d, NULL, NULL);
	return d->out.buf;
}

DESK_API const char *desk_answers_yaml(struct desk *d)
{
	strbuf_reset(&d->out);
	if (d->loaded)
		answers_yaml(d, &d->out);
	return d->out.buf ? d->out.buf : "";
}

/* The desk's value of the standing order name (NULL: not given). */
static const char *standing_value(const struct desk *d, const char *name)
{
	for (size_t i = 0; i < d->n_st; i++)
		if (!strcmp(d->st[i].key, name))
			return d->st[i].value;
	return NULL;
}

/* One order of a standing key: its name in an order file, its scope
 * ("": the bare KEY) and the desk's value. */
static void standing_order_json(const struct desk *d, struct json *j,
				const char *name, const char *scope)
{
	const char *value = standing_value(d, name);
	json_begin_object(j);
	json_kstring(j, "name", name);
	json_kstring(j, "scope", scope);
	json_key(j, "value");
	if (value)
		json_string(j, value);
	else
		json_null(j);
	json_end_object(j);
}

/* The standing orders the rules take (ruleset.standing), one entry a
 * key with what it does in the words of the order template, its rule
 * (standing_key_help) and an example once, and the orders an order file
 * may give for it: KEY, then KEY-SCOPE for each of its scopes
 * (umpire-orders(5), SCOPES), each with the desk's value (null: not
 * given). JSON: {"standing": [{key, rule, help, example, orders:
 * [{name, scope, value}...]}...]}. */
DESK_API const char *desk_standing(struct desk *d)
{
	struct json j;
	struct strbuf sb = STRBUF_INIT;
	strbuf_reset(&d->out);
	json_init(&j, &d->out);
	json_begin_object(&j);
	json_key(&j, "standing");
	json_begin_array(&j);
	const struct standing_key *k = d->loaded ? d->v.game.scn.rs->standing :
		NULL;
	for (; k && k->key; k++) {
		strbuf_reset(&sb);
		standing_key_help(d->v.game.scn.rs, k, &sb);
		json_begin_object(&j);
		json_kstring(&j, "key", k->key);
		json_kstring(&j, "rule", k->rule);
		json_kstring(&j, "help", sb.buf);
		json_kstring(&j, "example", k->example);
		json_key(&j, "orders");
		json_begin_array(&j);
		standing_order_json(d, &j, k->key, "");
		for (const char *w = k->scopes ? k->scopes : ""; *w;) {
			char name[96], scope[64];
			size_t len = strcspn(w, " ");
			snprintf(scope, sizeof scope, "%.*s", (int)len, w);
			snprintf(name, sizeof name, "%s-%s", k->key, scope);
			standing_order_json(d, &j, name, scope);
			w += len;
			w += strspn(w, " ");
		}
		json_end_array(&j);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_end_object(&j);
	json_finish(&j);
	strbuf_free(&sb);
	return d->out.buf;
}

/* The standing order name given value (NULL or "": taken back),
 * checked as umpire orders --answers checks the answers file that
 * holds it; the state, with refused set (and the order as it was)
 * where the rules refuse it. */
DESK_API const char *desk_set_standing(struct desk *d, const char *name,
				       const char *value)
{
	struct run run;
	struct error err = { 0 };
	const char *scope, *bad = NULL;
	size_t i = 0;
	if (!d->loaded)
		bad = d->open_err.msg;
	else if (!standing_key_find(d->v.game.scn.rs->standing, name, &scope))
		bad = "no standing order of that name in this game";
	else if (value && *value)
		bad = value_bounds(value);
	if (bad) {
		state_json(d, bad, NULL);
		return d->out.buf;
	}
	while (i < d->n_st && strcmp(d->st[i].key, name))
		i++;
	char *old = i < d->n_st ? d->st[i].value : NULL;
	if (i == d->n_st) {
		if (!value || !*value) {
			state_json(d, NULL, NULL);
			return d->out.buf;
		}
		if (d->n_st == d->cap_st) {
			d->cap_st = d->cap_st ? 2 * d->cap_st : 8;
			d->st = xrealloc(d->st, d->cap_st * sizeof *d->st);
		}
		d->st[d->n_st].key = xstrdup(name);
		d->n_st++;
	}
	/* taken back: the last one moved into its place */
	struct desk_answer gone = d->st[i];
	if (!value || !*value)
		d->st[i] = d->st[--d->n_st];
	else
		d->st[i].value = xstrdup(value);
	if (desk_run(d, &run, &err) == 0) {
		state_json(d, NULL, &run);
		engine_free(&run);
		if (!value || !*value)
			free(gone.key);
		free(old);
		return d->out.buf;
	}
	/* refused: as it was */
	if (!value || !*value)
		d->st[d->n_st++] = gone;
	else if (old) {
		free(d->st[i].value);
		d->st[i].value = old;
	} else {
		free(d->st[i].value);
		free(d->st[i].key);
		d->n_st--;
	}
	state_json(d, refusal(err.msg), NULL);
	return d->out.buf;
}

/* The board of run (its state and the marks side may see) into j as
 * "board": SVG with the spots of the pieces and places (svg_spot), or
 * null for a game whose rules draw none. */
static void board_json(struct json *j, const struct desk *d,
		       const struct run *run)
{
	const struct ruleset *rs = d->v.game.scn.rs;
	json_key(j, "board");
	if (!rs->render || !run->state) {
		json_null(j);
		return;
	}
	struct mark *seen = xmalloc((run->n_marks ? run->n_marks : 1) *
				    sizeof *seen);
	size_t n = 0;
	for (size_t i = 0; i < run->n_marks; i++)
		if (visible_to(run->marks[i].visible, d->v.side))
			seen[n++] = run->marks[i];
	struct svg s = SVG_INIT;
	struct strbuf out = STRBUF_INIT;
	s.spots = 1;
	rs->render(run->state, d->v.side, seen, n, &s);
	svg_finish(&s, &out);
	json_string(j, out.buf ? out.buf : "");
	strbuf_free(&out);
	free(seen);
}

/* The events of run the side may read told after the desk's answers
 * (those its next answer made: desk_preview), into j as "events". */
static void events_json(struct json *j, const struct desk *d,
			const struct run *run)
{
	json_key(j, "events");
	json_begin_array(j);
	for (size_t i = 0; i < run->n_events; i++) {
		const struct event_rec *e = &run->events[i];
		if (e->answers <= d->n || !visible_to(e->visible, d->v.side))
			continue;
		json_begin_object(j);
		json_kstring(j, "rule", e->rule);
		json_kstring(j, "text", e->text);
		json_end_object(j);
	}
	json_end_array(j);
}

/* The key of the question a run stopped at (stop_at_asked) as
 * "question", null where the step ended before one. */
static void asked_json(struct json *j, const struct run *run)
{
	json_key(j, "question");
	if (run->outcome == RUN_PENDING)
		json_string(j, run->pending.key);
	else
		json_null(j);
}

/* d->out begun as a JSON object, or with the error why (then 1). */
static int begin_json(struct desk *d, struct json *j, const char *why)
{
	strbuf_reset(&d->out);
	json_init(j, &d->out);
	json_begin_object(j);
	if (!why)
		return 0;
	json_kstring(j, "error", why);
	json_end_object(j);
	json_finish(j);
	return 1;
}

/* The board at the question now asked: {"board": SVG|null, "question":
 * KEY|null}, or {"error"}. */
DESK_API const char *desk_board(struct desk *d)
{
	struct json j;
	struct run run;
	struct error err = { 0 };
	if (begin_json(d, &j, d->loaded ? NULL : d->open_err.msg))
		return d->out.buf;
	if (desk_run_at(d, 1, NULL, 0, &run, &err)) {
		json_kstring(&j, "error", err.msg);
	} else {
		board_json(&j, d, &run);
		asked_json(&j, &run);
		engine_free(&run);
	}
	json_end_object(&j);
	json_finish(&j);
	return d->out.buf;
}

/* The board and the events as if text answered the question now asked,
 * the desk's answers unchanged: {"board", "events"} (a move's path
 * drawn as its mark), or {"refused": why} in the rules' words. */
DESK_API const char *desk_preview(struct desk *d, const char *text)
{
	struct json j;
	struct run run;
	struct error err = { 0 };
	if (!d->asked_known)
		state_json(d, NULL, NULL);
	if (begin_json(d, &j, answer_bounds(d, text)))
		return d->out.buf;
	push_answer(d, text);
	int rc = desk_run_at(d, 1, NULL, 0, &run, &err);
	drop_last(d);
	if (rc) {
		json_kstring(&j, "refused", refusal(err.msg));
	} else {
		board_json(&j, d, &run);
		events_json(&j, d, &run);
		engine_free(&run);
	}
	json_end_object(&j);
	json_finish(&j);
	return d->out.buf;
}

/* Complete answers to the question now asked (one a line), each checked
 * by the rules as that answer would be, all in one run: {"question":
 * KEY, "probe": [{answer, ok, why}...]}, why in the rules' words ("" when
 * ok); or {"error"}. */
DESK_API const char *desk_probe(struct desk *d, const char *candidates)
{
	struct json j;
	struct run run;
	struct error err = { 0 };
	size_t n = 0;
	if (!d->asked_known)
		state_json(d, NULL, NULL);
	const char *bad = !d->loaded ? d->open_err.msg : !d->asked[0] ?
		"the step ends here for this side: no question is asked" :
		NULL;
	for (const char *p = candidates; !bad && *p; n++) {
		size_t len = strcspn(p, "\n");
		p += len + (p[len] == '\n');
		if (n >= DESK_PROBES_MAX)
			bad = "at most 4096 answers are tried at once";
	}
	if (begin_json(d, &j, bad))
		return d->out.buf;
	struct probe *pr = xcalloc(n ? n : 1, sizeof *pr);
	char *copy = xstrdup(candidates), *p = copy;
	for (size_t i = 0; i < n; i++) {
		size_t len = strcspn(p, "\n");
		int nl = p[len] == '\n';
		p[len] = '\0';
		pr[i].answer = p;
		p += len + nl;
	}
	/* an answer the order file cannot hold is refused as desk_answer
	 * refuses it, without the rules */
	size_t k = 0;
	struct probe *tried = xcalloc(n ? n : 1, sizeof *tried);
	for (size_t i = 0; i < n; i++)
		if (!value_bounds(pr[i].answer))
			tried[k++] = pr[i];
	if (desk_run_at(d, 1, tried, k, &run, &err)) {
		json_kstring(&j, "error", refusal(err.msg));
	} else {
		asked_json(&j, &run);
		json_key(&j, "probe");
		json_begin_array(&j);
		for (size_t i = 0, t = 0; i < n; i++) {
			const char *why = value_bounds(pr[i].answer);
			if (!why && t < k && run.outcome == RUN_PENDING)
				why = tried[t].refused ? tried[t].why : NULL;
			else if (!why)
				why = "the step ends before this question";
			t += !value_bounds(pr[i].answer);
			json_begin_object(&j);
			json_kstring(&j, "answer", pr[i].answer);
			json_key(&j, "ok");
			json_bool(&j, why == NULL);
			json_kstring(&j, "why", why ? why : "");
			json_end_object(&j);
		}
		json_end_array(&j);
		engine_free(&run);
	}
	free(tried);
	free(pr);
	free(copy);
	json_end_object(&j);
	json_finish(&j);
	return d->out.buf;
}
