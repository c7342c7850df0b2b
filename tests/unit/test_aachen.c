/*
 * test_aachen.c - Aachen's report: the position lists only the units
 * whose place changed since the player turn began (or the one before),
 * the whole roster comes with `umpire report --roster` (ruleset.roster)
 * and in the first player turn; the turn starts round-trip through
 * save() and load(), and a bad one is refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/games.h"
#include "umpire/scenario.h"
#include "unit.h"

struct fixture {
	struct scenario scn;
	void *start;
	struct doc *opts_doc;
};

static int fixture_open(struct fixture *f)
{
	struct error err;
	struct doc_node *opts;

	f->opts_doc = doc_new("opts");
	if (scenario_find("scenarios", "aachen", &f->scn, &err) ||
	    scenario_options(&f->scn, f->opts_doc, NULL, 0, &opts, &err) ||
	    scenario_start(&f->scn, opts, &f->start, &err)) {
		CHECK(0, "aachen scenario loads: %s", err.msg);
		return -1;
	}
	return 0;
}

static void fixture_close(struct fixture *f)
{
	free(f->start);
	scenario_free(&f->scn);
	doc_free(f->opts_doc);
}

/* The start state with `yaml`-like keys set: pairs of key, value; a
 * value starting with '{' is a one-entry mapping "{ID: PLACE}". */
static void *position(struct fixture *f, const char *const *kv,
		      struct error *err, int *rc)
{
	void *st = xmalloc(f->scn.rs->state_size);
	struct doc *p = doc_new("position");
	struct doc_node *m = doc_map(p);
	size_t i;

	memcpy(st, f->start, f->scn.rs->state_size);
	for (i = 0; kv[i]; i += 2) {
		if (kv[i + 1][0] == '{') {
			char id[8], place[16];
			struct doc_node *t = doc_map(p);

			if (sscanf(kv[i + 1], "{%7[^:]: %15[^}]}", id,
				   place) == 2)
				doc_set_str(p, t, id, place);
			doc_set(p, m, kv[i], t);
		} else {
			doc_set_str(p, m, kv[i], kv[i + 1]);
		}
	}
	*rc = f->scn.rs->load(st, p, m, err);
	doc_free(p);
	return st;
}

static void changes_only(struct fixture *f)
{
	/* a01 sets up at 0205 and stands at 0212; in the Allied movement
	 * phase of turn 2 the previous player turn is the German turn 1 */
	static const char *const kv[] = { "turn", "2", "phase",
		"allied-movement", "units", "{a01: 0212}",
		"turn-starts", "2", "last-turn-start", "{a01: 0205}", NULL };
	struct strbuf out = STRBUF_INIT;
	struct error err;
	int rc;
	void *st = position(f, kv, &err, &rc);

	CHECK(rc == 0, "a position with turn starts loads: %s",
	      rc ? err.msg : "");
	f->scn.rs->position(st, NULL, &out);
	CHECK(out.buf && strstr(out.buf, "Since the German turn 1 began") &&
	      strstr(out.buf, " a01  2-3-7  0205>0212"),
	      "the position lists a01's move since the German turn began:\n%s",
	      out.buf ? out.buf : "");
	CHECK(out.buf && !strstr(out.buf, "a02") && !strstr(out.buf, "g01"),
	      "and no unit that stayed where it was");
	/* before set-up: the 3rd Armored's ten units still to place */
	CHECK(out.buf && strstr(out.buf, "Allied units: 21 on the map, 23 "
				"to arrive, 0 eliminated.") &&
	      strstr(out.buf, "German units: 35 on the map, 14 to arrive, 0 "
		     "eliminated."), "and the units of each side counted");
	strbuf_reset(&out);
	f->scn.rs->roster(st, NULL, &out);
	CHECK(out.buf && strstr(out.buf, "a02") && strstr(out.buf, "g01") &&
	      strstr(out.buf, "a01  2-3-7  0212"),
	      "the roster lists every unit");
	strbuf_free(&out);

	/* save and load: the turn starts come back, as differences */
	{
		struct doc *d = doc_new("save");
		struct doc_node *m = f->scn.rs->save(st, d);
		const struct doc_node *n = doc_get(m, "last-turn-start");
		void *again = xmalloc(f->scn.rs->state_size);

		CHECK(n && n->kind == DOC_MAP && n->n == 1 &&
		      !strcmp(n->keys[0]->str, "a01") &&
		      !strcmp(n->items[0]->str, "0205"),
		      "save() gives the unit whose place differs, and where "
		      "it stood");
		struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;

		memcpy(again, f->start, f->scn.rs->state_size);
		rc = f->scn.rs->load(again, d, m, &err);
		f->scn.rs->position(st, NULL, &a);
		f->scn.rs->position(again, NULL, &b);
		CHECK(rc == 0 && a.buf && b.buf && !strcmp(a.buf, b.buf) &&
		      strstr(b.buf, "0205>0212"),
		      "load(save()) gives the same position");
		strbuf_free(&a);
		strbuf_free(&b);
		free(again);
		doc_free(d);
	}
	free(st);
}

static void this_turn(struct fixture *f)
{
	/* in the Allied combat phase a02 has moved this turn: the list is
	 * of this turn, not of the German turn before */
	static const char *const kv[] = { "turn", "3", "phase",
		"allied-combat", "units", "{a02: 0204}", "turn-starts", "2",
		"turn-start", "{a02: 0203}", "last-turn-start", "{a02: 0203}",
		NULL };
	struct strbuf out = STRBUF_INIT;
	struct error err;
	int rc;
	void *st = position(f, kv, &err, &rc);

	CHECK(rc == 0, "a mid-turn position loads: %s", rc ? err.msg : "");
	f->scn.rs->position(st, NULL, &out);
	CHECK(out.buf && strstr(out.buf, "Since the Allied turn 3 began") &&
	      strstr(out.buf, "a02  2-3-7  0203>0204"),
	      "mid-turn, the changes since this player turn began:\n%s",
	      out.buf ? out.buf : "");
	strbuf_free(&out);
	free(st);
}

static void first_turn_and_refusals(struct fixture *f)
{
	static const char *const first[] = { "turn-starts", "1", NULL };
	static const char *const bad[] = { "turn-starts", "2",
		"turn-start", "{a01: 9999}", NULL };
	static const char *const many[] = { "turn-starts", "3", NULL };
	struct strbuf out = STRBUF_INIT;
	struct error err;
	int rc;
	void *st = position(f, first, &err, &rc);

	f->scn.rs->position(st, NULL, &out);
	CHECK(rc == 0 && out.buf && strstr(out.buf, "Allied units on the "
					   "map:") &&
	      !strstr(out.buf, "Since the"),
	      "in the first player turn the position has the whole roster");
	strbuf_free(&out);
	free(st);
	st = position(f, bad, &err, &rc);
	CHECK(rc < 0 && strstr(err.msg, "turn-start: 9999 is not a hex"),
	      "a turn start naming no hex is refused: %s", err.msg);
	free(st);
	st = position(f, many, &err, &rc);
	CHECK(rc < 0 && strstr(err.msg, "turn-starts"),
	      "turn-starts above 2 is refused: %s", err.msg);
	free(st);
}

/* 7.6: Aachen's reconstruction applies one effect a side; a table with
 * a list of effects or an advance is refused, naming what it applies. */
static void crt_one_effect(struct fixture *f)
{
	static const char *const yaml =
		"crt:\n"
		"  index: differential\n  die: 6\n  columns: ['0']\n"
		"  rows: {'1': DR, '2': DR, '3': DR, '4': DR, '5': DR, '6': DR}\n"
		"  results:\n"
		"    DR: {defender: [retreat 1, step 1]}\n";
	struct doc *d = doc_new("position.yaml");
	struct error err;
	void *st = xmalloc(f->scn.rs->state_size);
	int rc = doc_parse(d, yaml, strlen(yaml), &DOC_LIMITS_SMALL, &err);

	memcpy(st, f->start, f->scn.rs->state_size);
	if (rc == 0)
		rc = f->scn.rs->load(st, d, d->root, &err);
	CHECK(rc < 0 && strstr(err.msg, "result DR") &&
	      strstr(err.msg, "one effect a side"),
	      "a result of two effects is refused for Aachen: %s", err.msg);
	free(st);
	doc_free(d);
}

/* A position's text onto the start state: 0 or -1 with err. */
static int load_text(struct fixture *f, void *st, const char *yaml,
		     struct error *err)
{
	struct doc *d = doc_new("position.yaml");
	int rc = doc_parse(d, yaml, strlen(yaml), &DOC_LIMITS_SMALL, err);

	memcpy(st, f->start, f->scn.rs->state_size);
	if (rc == 0)
		rc = f->scn.rs->load(st, d, d->root, err);
	doc_free(d);
	return rc;
}

/* Every field of the state mapping comes back from its save, and a bad
 * one is refused naming the file, the line and the field. */
static void fields_round_trip_and_refusals(struct fixture *f)
{
	static const char position[] =
		"turn: 4\nphase: german-combat\nus-lost: 1\n"
		"units: {a01: '0212', a02: eliminated}\nmoved: [a01]\n"
		"allied-control: ['0203', '0204']\n"
		"engineer-bridge: 0203-0204\nengineer-bridge-turn: 3\n"
		"engineer-bridge-used: 0203-0204\ndemolished: [0304-0305]\n"
		"ad2-turn: 3\nout-of-supply: [a01]\n"
		"support-left: {allied: 1}\nresult: draw\nturn-starts: 2\n"
		"turn-start: {a01: '0205'}\n";
	static const char *const bad[][3] = {
		{ "units: {zz: '0101'}\n", "position.yaml:1", "units" },
		{ "turn: 2\nmoved: [a01, zz]\n", "position.yaml:2", "moved" },
		{ "moved: [a01, a01]\n", "position.yaml:1", "twice" },
		{ "phase: lunch\n", "position.yaml:1", "phase" },
		{ "engineer-bridge: 0203-0909\n", "position.yaml:1",
		  "engineer-bridge: CCRR-CCRR or none" },
		{ "allied-control: ['9999']\n", "position.yaml:1",
		  "allied-control" },
		{ "demolished: [nowhere]\n", "position.yaml:1", "demolished" },
		{ "out-of-supply: [zz]\n", "position.yaml:1",
		  "out-of-supply" },
		{ "turn: 0\n", "position.yaml:1", "turn" },
		{ "units: {a01: '0212'}\nroads-held: 5\n", "position.yaml:2",
		  "roads-held: 5, but the state gives 0" },
		{ "map: {}\n", "position.yaml:1", "missing" },
		{ "lunch: 1\n", "position.yaml", "lunch" },
		{ "phase: german-combat\nmoving: 1\n", "position.yaml:2",
		  "moving: 1 only in a movement phase" },
	};
	void *st = xmalloc(f->scn.rs->state_size);
	void *again = xmalloc(f->scn.rs->state_size);
	struct doc *d = doc_new("save");
	struct doc *d2 = doc_new("save");
	struct error err;
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	int rc = load_text(f, st, position, &err);

	CHECK(rc == 0, "a position of every field loads: %s",
	      rc ? err.msg : "");
	if (rc == 0) {
		struct doc_node *m = f->scn.rs->save(st, d);

		rc = f->scn.rs->load(memcpy(again, f->start,
					    f->scn.rs->state_size), d, m,
				     &err);
		doc_emit(m, &a, &err);
		if (rc == 0)
			doc_emit(f->scn.rs->save(again, d2), &b, &err);
		CHECK(rc == 0 && !memcmp(st, again, f->scn.rs->state_size),
		      "a saved position loads back to the same state: %s",
		      rc ? err.msg : "");
		CHECK(rc == 0 && a.buf && b.buf && !strcmp(a.buf, b.buf) &&
		      strstr(a.buf, "engineer-bridge-used: 0203-0204") &&
		      strstr(a.buf, "demolished: [0304-0305]") &&
		      strstr(a.buf, "out-of-supply: [a01]") &&
		      strstr(a.buf, "allied-control: [0203, 0204]") &&
		      strstr(a.buf, "turn-start: {a01: 0205}"),
		      "every field saves and loads back the same:\n%s",
		      a.buf ? a.buf : err.msg);
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		rc = load_text(f, st, bad[i][0], &err);
		CHECK(rc < 0 && strstr(err.msg, bad[i][1]) &&
		      strstr(err.msg, bad[i][2]),
		      "refused naming %s and %s: %s", bad[i][1], bad[i][2],
		      rc < 0 ? err.msg : "(loaded)");
	}
	strbuf_free(&a);
	strbuf_free(&b);
	doc_free(d);
	doc_free(d2);
	free(st);
	free(again);
}

int main(void)
{
	struct fixture f;

	if (fixture_open(&f) == 0) {
		changes_only(&f);
		this_turn(&f);
		first_turn_and_refusals(&f);
		crt_one_effect(&f);
		fields_round_trip_and_refusals(&f);
		fixture_close(&f);
	}
	return unit_done("test_aachen");
}
