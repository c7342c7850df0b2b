/*
 * clock.c - a game's clock and the judge's record of time
 * (umpire-protocol(7), THE JUDGE'S CLOCK; umpire-game(5), clock).
 *
 * The clock is a header field, hashed with the core, so every join signs
 * it. The record (`judge`, a top-level sequence before `state`) is the
 * judge's word on when it took each step and what it did about a late
 * move; each entry is signed with the referee's key and bound to the
 * game (genesis), to the step it speaks of (that step's hash) and to the
 * entry before it (the hash of its signature), so a party can neither
 * forge an entry nor move one to another game, step or place; the
 * record is outside every step hash and every join, so adding to it
 * changes no signature of a party.
 */
#define _GNU_SOURCE             /* timegm */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sodium.h>
#include "umpire/clock.h"
#include "umpire/doc.h"
#include "umpire/gamedata.h"
#include "umpire/json.h"
#include "umpire/rules.h"

#define D_JUDGE "umpire/1 judge time"

static const char *const late_names[] = { "wait", "standing", "forfeit" };
static const char *const events[] = { "taken", "seen", "remind", "notice",
	"late", "forfeit", NULL };
static const char *const entry_keys[] = { "event", "step", "at", "role",
	"test", "signature", NULL };
static const char *const clock_keys[] = { "deadline", "remind", "grace",
	"on_late", "forfeit_after", NULL };

const char *clock_late_name(enum clock_late l)
{
	return late_names[l];
}

int clock_duration(const char *s, long long *out)
{
	char *end;
	if (!s || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	long long unit = 1;
	if (errno || v < 0)
		return -1;
	if (*end == 'd')
		unit = 86400;
	else if (*end == 'h')
		unit = 3600;
	else if (*end == 'm')
		unit = 60;
	else if (*end == 's' || *end == '\0')
		unit = 1;
	else
		return -1;
	if (*end && end[1])
		return -1;
	if (v > CLOCK_MAX / unit)
		return -1;
	*out = v * unit;
	return 0;
}

void clock_duration_str(long long s, char *out, size_t size)
{
	if (s && s % 3600 == 0)
		snprintf(out, size, "%lldh", s / 3600);
	else if (s && s % 60 == 0)
		snprintf(out, size, "%lldm", s / 60);
	else
		snprintf(out, size, "%llds", s);
}

int clock_setting(struct game_clock *c, const char *key, const char *value,
		  const char *what, struct error *err)
{
	long long *slot = NULL;
	if (!strcmp(key, "deadline"))
		slot = &c->deadline;
	else if (!strcmp(key, "remind"))
		slot = &c->remind;
	else if (!strcmp(key, "grace"))
		slot = &c->grace;
	else if (!strcmp(key, "forfeit-after") ||
		 !strcmp(key, "forfeit_after")) {
		char *end;
		errno = 0;
		long v = strtol(value, &end, 10);
		if (errno || end == value || *end || v < 1 ||
		    v > CLOCK_FORFEIT_AFTER_MAX)
			return errorf(err, EXIT_USAGE, "%s %s=%s: the deadlines "
				      "a late side may miss before it "
				      "forfeits, a whole number from 1 to %d",
				      what, key, value,
				      CLOCK_FORFEIT_AFTER_MAX);
		c->forfeit_after = (int)v;
		return 1;
	} else if (strcmp(key, "on-late") && strcmp(key, "on_late"))
		return 0;
	if (slot) {
		if (clock_duration(value, slot) ||
		    (slot == &c->deadline && *slot == 0))
			return errorf(err, EXIT_USAGE, "%s %s=%s: a duration "
				      "is a whole number of d (days), h "
				      "(hours), m (minutes) or s (seconds), "
				      "like 72h or 3d, at most 366d%s", what,
				      key, value, slot == &c->deadline ?
				      ", and a deadline more than 0" : "");
		return 1;
	}
	for (int i = 0; i < 3; i++)
		if (!strcmp(value, late_names[i])) {
			c->on_late = (enum clock_late)i;
			return 1;
		}
	return errorf(err, EXIT_USAGE, "%s %s=%s: what the judge does when "
		      "a move is late past the grace is one of wait, "
		      "standing, forfeit", what, key, value);
}

int clock_check_settings(const struct game_clock *c, struct error *err)
{
	char a[32], b[32];
	clock_duration_str(c->remind, a, sizeof a);
	clock_duration_str(c->deadline, b, sizeof b);
	if (c->remind >= c->deadline)
		return errorf(err, EXIT_USAGE, "the clock's remind=%s is not "
			      "before its deadline=%s: the reminder goes "
			      "that long before the deadline (0s: none)", a,
			      b);
	return 0;
}

int clock_check_minima(const struct game_clock *c, struct error *err)
{
	static const struct {
		const char *name;
		long long least;
		int off;        /* 0s allowed: none */
	} f[] = {
		{ "deadline", CLOCK_MIN_DEADLINE, 0 },
		{ "remind", CLOCK_MIN_REMIND, 1 },
		{ "grace", CLOCK_MIN_GRACE, 1 },
	};
	const long long v[] = { c->deadline, c->remind, c->grace };
	for (int i = 0; c->set && i < 3; i++) {
		char is[32], least[32];
		if (v[i] >= f[i].least || (f[i].off && v[i] == 0))
			continue;
		clock_duration_str(v[i], is, sizeof is);
		clock_duration_str(f[i].least, least, sizeof least);
		return errorf(err, EXIT_USAGE, "the clock's %s=%s is shorter "
			      "than the judge keeps: %s is at least %s%s",
			      f[i].name, is, f[i].name, least, f[i].off ?
			      " (or 0s: none)" : "");
	}
	return 0;
}

int clock_forfeit_after(const struct game_clock *c)
{
	return c->forfeit_after ? c->forfeit_after : CLOCK_FORFEIT_AFTER;
}

int clock_now(time_t *now, int *test, struct error *err)
{
	const char *v = getenv(CLOCK_TEST_ENV);
	*test = 0;
	if (!v || !*v) {
		*now = time(NULL);
		return 0;
	}
	char *end;
	errno = 0;
	long long t = strtoll(v, &end, 10);
	if (errno || *end || t < 0 || t > 253402300799LL)
		return errorf(err, EXIT_USAGE, CLOCK_TEST_ENV "=%s: the test "
			      "clock is a number of seconds since 1970 (UTC)",
			      v);
	*now = (time_t)t;
	*test = 1;
	return 0;
}

void clock_time_str(time_t t, char out[21])
{
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(out, 21, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static int time_parse(const char *s, time_t *out)
{
	struct tm tm;
	char back[21];
	memset(&tm, 0, sizeof tm);
	const char *end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (!end || *end)
		return -1;
	*out = timegm(&tm);
	clock_time_str(*out, back);
	return strcmp(back, s) ? -1 : 0;    /* one time, one text */
}

/* ---- reading ---- */

static const struct doc_node *record(const struct game *g)
{
	return doc_get(g->doc->root, "judge");
}

int clock_load(struct game *g, struct error *err)
{
	const struct doc *d = g->doc;
	const struct doc_node *c = doc_get(d->root, "clock"), *rec;
	char w[300];
	memset(&g->clock, 0, sizeof g->clock);
	if (c) {
		const char *v[5];
		if (c->kind != DOC_MAP)
			return errorf(err, EXIT_REFUSED, "%s: field 'clock' is "
				      "a mapping", doc_where(d, c, w,
				      sizeof w));
		if (doc_only_keys(d, c, clock_keys, err))
			return -1;
		/* forfeit_after is optional (CLOCK_FORFEIT_AFTER) */
		v[4] = NULL;
		for (int i = 0; i < 5; i++)
			if ((i < 4 || doc_get(c, clock_keys[i])) &&
			    doc_need_str(d, c, clock_keys[i], &v[i], err))
				return -1;
		for (int i = 0; i < 5; i++) {
			struct error e;
			if (!v[i])
				continue;
			if (clock_setting(&g->clock, clock_keys[i], v[i],
					  "clock:", &e) != 1 ||
			    (i == 3 && clock_check_settings(&g->clock, &e)))
				return errorf(err, EXIT_REFUSED, "%s: %s",
					      doc_where(d, doc_get(c,
					      clock_keys[i]), w, sizeof w),
					      e.msg);
		}
		g->clock.set = 1;
	}
	rec = record(g);
	if (!rec)
		return 0;
	if (rec->kind != DOC_SEQ)
		return errorf(err, EXIT_REFUSED, "%s: field 'judge' is a "
			      "sequence", doc_where(d, rec, w, sizeof w));
	if (rec->n && !game_role(g, "referee"))
		return errorf(err, EXIT_REFUSED, "%s: the judge's record in a "
			      "game with no referee (the judge is a game's "
			      "referee)", doc_where(d, rec, w, sizeof w));
	time_t last = 0;
	for (size_t i = 0; i < rec->n; i++) {
		const struct doc_node *m = rec->items[i];
		const char *ev, *at, *role = NULL;
		long long step;
		unsigned char *sig;
		size_t sl;
		int known = 0;
		time_t t;
		if (m->kind != DOC_MAP)
			return errorf(err, EXIT_REFUSED, "%s: an entry of the "
				      "judge's record is a mapping",
				      doc_where(d, m, w, sizeof w));
		if (doc_only_keys(d, m, entry_keys, err) ||
		    doc_need_str(d, m, "event", &ev, err) ||
		    doc_need_int(d, m, "step", 0, 1000000000, &step, err) ||
		    doc_need_str(d, m, "at", &at, err) ||
		    doc_need_b64(d, m, "signature", &sig, &sl, err))
			return -1;
		for (const char *const *e = events; *e; e++)
			known |= !strcmp(*e, ev);
		if (!known)
			return errorf(err, EXIT_REFUSED, "%s: judge's record: "
				      "event '%s' is none of taken, seen, "
				      "remind, notice, late, forfeit",
				      doc_where(d, doc_get(m, "event"), w,
				      sizeof w), ev);
		int named = strcmp(ev, "taken") && strcmp(ev, "seen");
		if (doc_get(m, "role") &&
		    doc_need_str(d, m, "role", &role, err))
			return -1;
		if (named != (role != NULL) ||
		    (role && !game_role(g, role)))
			return errorf(err, EXIT_REFUSED, "%s: judge's record: "
				      "a %s entry %s", doc_where(d, m, w,
				      sizeof w), ev, named ? "names a role "
				      "of the game" : "names no role");
		if (time_parse(at, &t) || t < last)
			return errorf(err, EXIT_REFUSED, "%s: judge's record: "
				      "'at' is a UTC time like "
				      "2026-11-26T11:33:23Z, never before the "
				      "entry's before it", doc_where(d,
				      doc_get(m, "at"), w, sizeof w));
		last = t;
		if (sl != 64)
			return errorf(err, EXIT_REFUSED, "%s: judge's record: "
				      "the signature is 64 bytes",
				      doc_where(d, m, w, sizeof w));
		const struct doc_node *tm = doc_get(m, "test");
		if (tm && (tm->kind != DOC_SCALAR || strcmp(tm->str, "yes")))
			return errorf(err, EXIT_REFUSED, "%s: judge's record: "
				      "'test' is yes or absent",
				      doc_where(d, tm, w, sizeof w));
		/* a time of the test clock is refused outside tests: a
		 * judge run with the hook set writes what it was told */
		if (tm && !getenv(CLOCK_TEST_ENV))
			return errorf(err, EXIT_REFUSED, "%s: judge's record: "
				      "a time of the test clock (" 
				      CLOCK_TEST_ENV "), which no real game "
				      "holds", doc_where(d, m, w, sizeof w));
		if (!strcmp(ev, "forfeit") && i + 1 != rec->n)
			return errorf(err, EXIT_REFUSED, "%s: judge's record: "
				      "an entry after a forfeit (which ends "
				      "the game)", doc_where(d,
				      rec->items[i + 1], w, sizeof w));
	}
	return 0;
}

size_t clock_entries(const struct game *g)
{
	const struct doc_node *r = record(g);
	return r ? r->n : 0;
}

void clock_entry(const struct game *g, size_t i, struct clock_entry *out)
{
	const struct doc_node *m = record(g)->items[i];
	const struct doc_node *r = doc_get(m, "role");
	out->event = doc_get(m, "event")->str;
	out->step = (size_t)strtoull(doc_get(m, "step")->str, NULL, 10);
	out->role = r ? r->str : "";
	time_parse(doc_get(m, "at")->str, &out->at);
	out->test = doc_get(m, "test") != NULL;
}

long clock_find(const struct game *g, const char *event, size_t step,
		const char *role)
{
	long found = -1;
	for (size_t i = 0; i < clock_entries(g); i++) {
		struct clock_entry e;
		clock_entry(g, i, &e);
		if (e.step == step && !strcmp(e.event, event) &&
		    (!role || !strcmp(role, e.role)))
			found = (long)i;
	}
	return found;
}

const char *clock_forfeit(const struct game *g)
{
	size_t n = clock_entries(g);
	struct clock_entry e;
	if (!n)
		return NULL;
	clock_entry(g, n - 1, &e);
	return strcmp(e.event, "forfeit") ? NULL : e.role;
}

/* What entry i of the record signs: the domain, the genesis, the hash
 * of the step it speaks of, the hash of the entry before it's
 * signature, the hash of the entry without its signature. */
static void entry_message(const struct game *g, const struct doc_node *rec,
			  size_t i, const struct doc_node *m, size_t step,
			  unsigned char *msg, size_t *len)
{
	size_t l = strlen(D_JUDGE);
	unsigned char link[32] = { 0 }, h[32];
	if (i > 0) {
		unsigned char *sig;
		size_t sl;
		struct error e;
		if (doc_need_b64(g->doc, rec->items[i - 1], "signature", &sig,
				 &sl, &e) == 0)
			crypto_generichash(link, 32, sig, sl, NULL, 0);
	}
	struct doc *d = doc_new("entry");
	struct doc_node *body = doc_map(d);
	for (size_t k = 0; k < m->n; k++)
		if (strcmp(m->keys[k]->str, "signature"))
			doc_set(d, body, m->keys[k]->str,
				doc_copy(d, m->items[k]));
	doc_hash(D_JUDGE, body, h);
	doc_free(d);
	memcpy(msg, D_JUDGE, l);
	memcpy(msg + l, g->genesis, 32);
	memcpy(msg + l + 32, game_prev(g, step), 32);
	memcpy(msg + l + 64, link, 32);
	memcpy(msg + l + 96, h, 32);
	*len = l + 128;
}

/* Entry i of g's record under the referee's key: 1, else 0 (its
 * signature's form is clock_load's). */
static int entry_signed(const struct game *g, size_t i)
{
	const struct doc_node *rec = record(g), *m = rec->items[i];
	const struct role *ref = game_role((struct game *)g, "referee");
	struct clock_entry e;
	struct error ignored;
	unsigned char msg[160], *sig;
	size_t ml, sl;
	clock_entry(g, i, &e);
	entry_message(g, rec, i, m, e.step, msg, &ml);
	return ref && !doc_need_b64(g->doc, m, "signature", &sig, &sl,
				    &ignored) && sl == 64 &&
		!crypto_sign_verify_detached(sig, msg, ml, ref->pk.pk);
}

/* The end of step s's grace: the time of the record's latest 'taken'
 * or 'seen' entry of step s (when its clock started), plus the clock's
 * deadline and grace. 0, or -1 with err: what (the step or forfeit that
 * rests on it), but the record does not say when that clock started. */
static int grace_end(const struct game *g, size_t s, const char *what,
		     time_t *end, struct error *err)
{
	long t = clock_find(g, "taken", s, NULL);
	long f = clock_find(g, "seen", s, NULL);
	struct clock_entry from;
	if (t < 0 && f < 0)
		return errorf(err, EXIT_REFUSED, "%s, but the judge's record "
			      "does not say when the clock of step %zu "
			      "started (no 'taken' or 'seen' entry)", what, s);
	clock_entry(g, (size_t)(t > f ? t : f), &from);
	*end = from.at + (time_t)(g->clock.deadline + g->clock.grace);
	return 0;
}

/* The record's 'late' entry of role for step s, as a late step and a
 * forfeit of an on_late standing clock rest on it: there, signed by the
 * referee (whatever the check's depth: it changes what the game is),
 * no earlier than the end of step s's grace. 0, or -1 with err, what
 * naming what rests on it. */
static int late_entry_ok(const struct game *g, size_t s, const char *role,
			 const char *what, struct error *err)
{
	long late = clock_find(g, "late", s, role);
	struct clock_entry e;
	time_t end;
	if (late < 0)
		return errorf(err, EXIT_REFUSED, "%s, but the judge's record "
			      "holds no 'late' entry of %s for step %zu: no "
			      "deadline and grace passed for it", what, role,
			      s);
	if (!entry_signed(g, (size_t)late))
		return errorf(err, EXIT_REFUSED, "%s, but the judge's record's "
			      "'late' entry of %s for step %zu (entry %ld) is "
			      "not the referee's signature (edited, moved or "
			      "made by another key)", what, role, s, late + 1);
	if (grace_end(g, s, what, &end, err))
		return -1;
	clock_entry(g, (size_t)late, &e);
	if (e.at < end) {
		char a[21], b[21];
		clock_time_str(e.at, a);
		clock_time_str(end, b);
		return errorf(err, EXIT_REFUSED, "%s, but the judge's record "
			      "says it was late at %s, before the end of the "
			      "grace, %s", what, a, b);
	}
	return 0;
}

/* The deadlines past the first a forfeit under g's clock waits for:
 * forfeit_after - 1 under standing, none under forfeit. */
static int forfeit_more(const struct game *g)
{
	return g->clock.on_late == LATE_STANDING ?
		clock_forfeit_after(&g->clock) - 1 : 0;
}

/* When a forfeit of step s is due: the end of its grace and
 * forfeit_more deadlines more (*due); its words, "the end of the
 * clock's grace and 1 deadline more", into words. 0, or -1 with err as
 * grace_end's. */
static int forfeit_due(const struct game *g, size_t s, const char *what,
		       time_t *due, char *words, size_t size,
		       struct error *err)
{
	int more = forfeit_more(g);
	if (grace_end(g, s, what, due, err))
		return -1;
	*due += (time_t)more * (time_t)g->clock.deadline;
	if (more)
		snprintf(words, size, "the end of the clock's grace and %d "
			 "deadline%s more", more, more > 1 ? "s" : "");
	else
		snprintf(words, size, "the end of the clock's grace");
	return 0;
}

/* The forfeit that ends g (entry i, of the waiting role at the game's
 * last step), as the judge makes one (umpire-protocol(7), THE JUDGE'S
 * CLOCK, Forfeits): under a clock whose on_late is forfeit or standing,
 * never wait; no earlier than forfeit_due; under standing, after the
 * step's 'late' entry (late_entry_ok); after the judge's notices of
 * the step: one for each deadline missed before the forfeit's, at least
 * one. 0, or -1 with err. */
static int forfeit_ok(const struct game *g, size_t i, struct error *err)
{
	const struct game_clock *c = &g->clock;
	struct clock_entry e;
	char what[160], words[80], a[21], b[21];
	time_t due;
	clock_entry(g, i, &e);
	snprintf(what, sizeof what, "a forfeit by %s at step %zu", e.role,
		 e.step);
	if (!c->set || c->on_late == LATE_WAIT)
		return errorf(err, EXIT_REFUSED, "the judge's record: %s, but "
			      "the game's clock says %s%s: the judge ends a "
			      "game only where its clock says on_late: "
			      "forfeit or standing", what, c->set ?
			      "on_late: " : "nothing (no clock)", c->set ?
			      clock_late_name(c->on_late) : "");
	if (forfeit_due(g, e.step, what, &due, words, sizeof words, err))
		return -1;
	if (e.at < due) {
		char after[48] = "";
		clock_time_str(e.at, a);
		clock_time_str(due, b);
		if (c->on_late == LATE_STANDING)
			snprintf(after, sizeof after, ", forfeit_after: %d",
				 clock_forfeit_after(c));
		return errorf(err, EXIT_REFUSED, "the judge's record: %s at "
			      "%s, before %s: %s (the clock's on_late: %s%s)",
			      what, a, b, words, clock_late_name(c->on_late),
			      after);
	}
	if (c->on_late == LATE_STANDING &&
	    late_entry_ok(g, e.step, e.role, what, err))
		return -1;
	int notices = forfeit_more(g) > 1 ? forfeit_more(g) : 1, held = 0;
	for (size_t k = 0; k < i; k++) {
		struct clock_entry n;
		clock_entry(g, k, &n);
		held += n.step == e.step && !strcmp(n.event, "notice") &&
			!strcmp(n.role, e.role);
	}
	if (held < notices)
		return errorf(err, EXIT_REFUSED, "the judge's record: %s, but "
			      "the record holds %d 'notice' entr%s of %s for "
			      "step %zu, of the %d the judge makes before it "
			      "(one for each deadline missed)", what, held,
			      held == 1 ? "y" : "ies", e.role, e.step,
			      notices);
	return 0;
}

int clock_verify(struct game *g, const char *waiting, int full, int *over,
		 struct error *err)
{
	const struct doc_node *rec = record(g);
	const char *f = clock_forfeit(g);
	*over = 0;
	for (size_t i = 0; rec && i < rec->n; i++) {
		struct clock_entry e;
		clock_entry(g, i, &e);
		if (e.step > g->n_steps)
			return errorf(err, EXIT_REFUSED, "the judge's record, "
				      "entry %zu: step %zu of a game of %zu "
				      "steps", i + 1, e.step, g->n_steps);
		if (i > 0) {
			struct clock_entry b;
			clock_entry(g, i - 1, &b);
			if (e.step < b.step)
				return errorf(err, EXIT_REFUSED, "the judge's "
					      "record, entry %zu: step %zu "
					      "after an entry of step %zu",
					      i + 1, e.step, b.step);
		}
		/* a forfeit changes what every command does, and rests on
		 * the entries before it: every entry of a game a forfeit
		 * ended, always; of any other, by audit (and every full
		 * check) */
		if (!full && !f)
			continue;
		if (!entry_signed(g, i))
			return errorf(err, EXIT_REFUSED, "the judge's record, "
				      "entry %zu (%s at step %zu): the "
				      "referee's signature does not match (the "
				      "entry was edited, moved or made by "
				      "another key)", i + 1, e.event, e.step);
	}
	if (f) {
		struct clock_entry e;
		clock_entry(g, clock_entries(g) - 1, &e);
		if (e.step != g->n_steps || !waiting || strcmp(waiting, f))
			return errorf(err, EXIT_REFUSED, "the judge's record: "
				      "a forfeit by %s at step %zu, but the "
				      "game %s", f, e.step, e.step !=
				      g->n_steps ? "has steps after it" :
				      waiting ? "waits on another role" :
				      "is over by its rules");
		if (forfeit_ok(g, clock_entries(g) - 1, err))
			return -1;
		*over = 1;
	}
	return 0;
}

/* The record's node, placed before `state` (the per-turn reading wants
 * `steps` last, and `state` before it). */
static struct doc_node *record_node(struct game *g)
{
	struct doc *d = g->doc;
	struct doc_node *r = (struct doc_node *)record(g);
	if (r)
		return r;
	struct doc_node *root = d->root, *nr = doc_map(d);
	r = doc_seq(d);
	for (size_t i = 0; i < root->n; i++) {
		if (!strcmp(root->keys[i]->str, "state"))
			doc_set(d, nr, "judge", r);
		doc_set(d, nr, root->keys[i]->str, root->items[i]);
	}
	d->root = nr;
	return r;
}

int clock_add(struct game *g, const struct seckey *sk, const char *event,
	      const char *role, time_t at, int test, struct error *err)
{
	struct doc *d = g->doc;
	struct doc_node *rec = record_node(g), *m = doc_map(d);
	char ts[21];
	unsigned char msg[160], sig[64];
	size_t ml;
	(void)err;
	clock_time_str(at, ts);
	doc_set_str(d, m, "event", event);
	doc_set_int(d, m, "step", (long long)g->n_steps);
	doc_set_str(d, m, "at", ts);
	if (role && *role)
		doc_set_str(d, m, "role", role);
	if (test)
		doc_set_str(d, m, "test", "yes");
	entry_message(g, rec, rec->n, m, g->n_steps, msg, &ml);
	crypto_sign_detached(sig, NULL, msg, ml, sk->sk);
	doc_set(d, m, "signature", doc_b64(d, sig, 64));
	doc_push(d, rec, m);
	return 0;
}

int clock_result(const struct game *g, struct strbuf *out)
{
	const char *f = clock_forfeit(g);
	if (!f)
		return 0;
	struct clock_entry e;
	struct error ignored;
	char ts[21], words[80];
	time_t due;
	clock_entry(g, clock_entries(g) - 1, &e);
	/* when it was due, from when the step's clock started (which
	 * clock_verify has checked) */
	if (forfeit_due(g, e.step, "", &due, words, sizeof words, &ignored)) {
		due = e.at;
		snprintf(words, sizeof words, "the forfeit's time");
	}
	clock_time_str(due, ts);
	strbuf_addf(out, "%s forfeited: no orders for step %zu by %s, %s", f,
		    e.step + 1, ts, words);
	return 1;
}

void clock_describe(const struct game *g, struct strbuf *out)
{
	const struct game_clock *c = &g->clock;
	char a[32], b[32], t[32], ts[21];
	if (c->set) {
		clock_duration_str(c->deadline, a, sizeof a);
		clock_duration_str(c->remind, b, sizeof b);
		clock_duration_str(c->grace, t, sizeof t);
		strbuf_addf(out, "Clock: %s a move; a reminder %s before the "
			    "deadline; then a grace of %s, and %s.\n", a, b,
			    t, c->on_late == LATE_FORFEIT ? "the late side "
			    "forfeits" : c->on_late == LATE_STANDING ? "the "
			    "judge plays the late side by the rules' late "
			    "answers" : "the game waits");
		if (c->on_late == LATE_STANDING)
			strbuf_addf(out, "Where the late answers answer "
				    "nothing, the late side forfeits after "
				    "%d missed deadlines.\n",
				    clock_forfeit_after(c));
	}
	size_t n = clock_entries(g);
	if (n)
		strbuf_addf(out, "The judge's record (signed by the referee, "
			    "%zu entr%s):\n", n, n == 1 ? "y" : "ies");
	for (size_t i = 0; i < n; i++) {
		struct clock_entry e;
		clock_entry(g, i, &e);
		clock_time_str(e.at, ts);
		strbuf_addf(out, "  %s step %zu: %s%s%s%s\n", ts, e.step,
			    e.event, *e.role ? " " : "", e.role,
			    e.test ? " (test clock)" : "");
	}
}

void clock_json(const struct game *g, struct json *j)
{
	const struct game_clock *c = &g->clock;
	json_key(j, "clock");
	if (c->set) {
		json_begin_object(j);
		json_kint(j, "deadline", c->deadline);
		json_kint(j, "remind", c->remind);
		json_kint(j, "grace", c->grace);
		json_kstring(j, "on_late", clock_late_name(c->on_late));
		json_kint(j, "forfeit_after", clock_forfeit_after(c));
		json_end_object(j);
	} else {
		json_null(j);
	}
	json_key(j, "record");
	json_begin_array(j);
	for (size_t i = 0; i < clock_entries(g); i++) {
		struct clock_entry e;
		char ts[21];
		clock_entry(g, i, &e);
		clock_time_str(e.at, ts);
		json_begin_object(j);
		json_kstring(j, "event", e.event);
		json_kint(j, "step", (long long)e.step);
		json_kstring(j, "role", *e.role ? e.role : NULL);
		json_kstring(j, "at", ts);
		json_key(j, "test");
		json_bool(j, e.test);
		json_end_object(j);
	}
	json_end_array(j);
}

int clock_check_scenario(const struct game_clock *c,
			 const struct ruleset *rs, struct error *err)
{
	if (!c->set || c->on_late != LATE_STANDING)
		return 0;
	/* the late side's own standing orders never answer the question
	 * the game waits on (umpire-protocol(7), Where a step ends): the
	 * rules' late answers must (rules.h, struct late_answer) */
	if (!rs->late)
		return errorf(err, EXIT_USAGE, "on-late=standing: the rules "
			      "of %s give no late answers (%s); choose wait "
			      "or forfeit", rs->id, rs->late_refused ?
			      rs->late_refused : "none written");
	return 0;
}

int clock_late_ok(const struct game *g, size_t n, const char *actor,
		  struct error *err)
{
	char what[160];
	snprintf(what, sizeof what, "step %zu is a late step (played by the "
		 "judge for %s)", n, actor);
	if (!g->clock.set || g->clock.on_late != LATE_STANDING)
		return errorf(err, EXIT_REFUSED, "%s, but the game's clock says "
			      "on_late: %s: the judge plays a late side only "
			      "in a game whose clock says standing", what,
			      g->clock.set ? clock_late_name(g->clock.on_late)
			      : "none (no clock)");
	return late_entry_ok(g, n - 1, actor, what, err);
}
