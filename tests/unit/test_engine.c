/*
 * test_engine.c - the replay engine on a toy ruleset: steps end at
 * questions that come after a draw, standing orders carry on, templates
 * stop at the first draw, forced draws, refusals; a run resumed from a
 * checkpoint ends its steps as a run from the start; a step replayed
 * before the next one ends where it ended live.
 */
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/engine.h"
#include "unit.h"

/* Toy game: the player picks a target 1..3 (rule 1), then rolls a die
 * until asked to stop (rule 2: "roll again?"); 3 rolls at most. */
struct toy {
	int target;
	int rolls[3];
	int n;
};

static void toy_play(struct ctx *c, void *vst)
{
	struct toy *st = vst;
	struct question q;
	ctx_where(c, 1, "toy phase");
	q_init(&q, "1", "target", "player", "Pick a target.");
	q_add(&q, "one");
	q_add(&q, "two");
	q_add(&q, "three");
	st->target = (int)ctx_ask(c, &q) + 1;
	while (st->n < 3) {
		st->rolls[st->n++] = ctx_die(c, "2 roll", 6);
		ctx_event(c, "2", "rolled %d", st->rolls[st->n - 1]);
		if (st->n == 3)
			break;
		q_init(&q, "2", "again", "player", "Roll again?");
		q_add(&q, "yes");
		q_add(&q, "no");
		if (ctx_ask(c, &q) == 1)
			break;
	}
}

static struct doc_node *toy_save(const void *vst, struct doc *d)
{
	const struct toy *st = vst;
	struct doc_node *m = doc_map(d);
	doc_set_int(d, m, "target", st->target);
	doc_set_int(d, m, "rolls", st->n);
	return m;
}

static const struct ruleset toy = {
	.id = "toy", .version = "1", .state_size = sizeof(struct toy),
	.play = toy_play, .save = toy_save,
};

/* Toy game 2: a free-text path of at most three steps, n or s. */
struct walk {
	char path[64];
};

static int check_path(void *user, const char *answer, char *why,
		      size_t size)
{
	(void)user;
	size_t n = 0;
	for (const char *p = answer; *p; p++) {
		if (*p == ' ')
			continue;
		if ((*p != 'n' && *p != 's') || ++n > 3) {
			snprintf(why, size, "rule 9: each step is n or s, "
				 "three at most");
			return -1;
		}
	}
	return 0;
}

static void walk_play(struct ctx *c, void *vst)
{
	struct walk *st = vst;
	struct question q;
	q_init(&q, "9", "path", "player", "Walk where?");
	q_add(&q, "n");
	q_add(&q, "n s n");
	snprintf(st->path, sizeof st->path, "%s",
		 ctx_ask_text(c, &q, check_path, st));
}

static struct doc_node *walk_save(const void *vst, struct doc *d)
{
	const struct walk *st = vst;
	struct doc_node *m = doc_map(d);
	doc_set_str(d, m, "path", st->path);
	return m;
}

static const struct ruleset walk = {
	.id = "walk", .version = "1", .state_size = sizeof(struct walk),
	.play = walk_play, .save = walk_save,
};

/* Toy game 2b: the walk with a check that says it keeps the state
 * (question.keeps_state) but draws the path it checks into it, and
 * refuses any once one is drawn. */
static int check_scribble(void *user, const char *answer, char *why,
			  size_t size)
{
	struct walk *st = user;
	if (st->path[0]) {
		snprintf(why, size, "rule 9: a path is drawn already");
		return -1;
	}
	snprintf(st->path, sizeof st->path, "%s", answer);
	return 0;
}

static void scribble_play(struct ctx *c, void *vst)
{
	struct walk *st = vst;
	struct question q;
	q_init(&q, "9", "path", "player", "Walk where?");
	q_add(&q, "n");
	q.keeps_state = 1;      /* not so: the engine finds it out */
	snprintf(st->path, sizeof st->path, "%s",
		 ctx_ask_text(c, &q, check_scribble, st));
}

static const struct ruleset scribble = {
	.id = "scribble", .version = "1", .state_size = sizeof(struct walk),
	.play = scribble_play, .save = walk_save,
};

/* Toy game 3: two roles. The defender posts (rule 1), the attacker
 * attacks (rule 2), the defender chooses whether to guard (rule 3, a
 * question of the role that does not order the step), a die decides,
 * and the defender retreats or not (rule 4, after the draw). */
struct duel {
	int posted, guard, roll, retreat;
};

static void duel_play(struct ctx *c, void *vst)
{
	struct duel *st = vst;
	struct question q;
	ctx_where(c, 1, "duel");
	q_init(&q, "1", "post", "defender", "Post?");
	q_add(&q, "hill");
	q_add(&q, "wood");
	st->posted = (int)ctx_ask(c, &q) + 1;
	q_init(&q, "2", "attack", "attacker", "Attack?");
	q_add(&q, "now");
	ctx_ask(c, &q);
	q_init(&q, "3", "guard", "defender", "Guard?");
	q.scope = "attacked";  /* duel_scoped's "guard-attacked" */
	q_add(&q, "no");
	q_add(&q, "yes");
	st->guard = (int)ctx_ask(c, &q);
	st->roll = ctx_die(c, "3 roll", 6);
	q_init(&q, "4", "retreat", "defender", "Retreat?");
	q_add(&q, "stay");
	q_add(&q, "back");
	st->retreat = (int)ctx_ask(c, &q);
}

static struct doc_node *duel_save(const void *vst, struct doc *d)
{
	const struct duel *st = vst;
	struct doc_node *m = doc_map(d);
	doc_set_int(d, m, "guard", st->guard);
	doc_set_int(d, m, "retreat", st->retreat);
	return m;
}

static const struct ruleset duel = {
	.id = "duel", .version = "1", .state_size = sizeof(struct duel),
	.play = duel_play, .save = duel_save,
};
static const struct standing_key duel_standing[] = {
	{ "guard", "3", "guard when attacked", "yes", 1, NULL, NULL, NULL },
	{ "retreat", "4", "retreat after the roll", "back", 1, NULL, NULL,
	  NULL },
	{ "post", "1", "where to post (never in force later)", "hill", 0,
	  NULL, NULL, NULL },
	{ NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL }
};
static const struct ruleset duel_persist = {
	.id = "duel", .version = "1", .state_size = sizeof(struct duel),
	.play = duel_play, .save = duel_save, .standing = duel_standing,
	.standing_persist = 1,
};

/* The duel whose "guard" names its scope (umpire-orders(5), SCOPES):
 * the rule 3 question is "attacked"; a bare "guard" is "flank" only. */
static const struct standing_key duel_scoped_standing[] = {
	{ "guard", "3", "guard when attacked", "yes", 1, NULL,
	  "attacked flank", "flank" },
	{ NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL }
};
static const struct ruleset duel_scoped = {
	.id = "duel", .version = "1", .state_size = sizeof(struct duel),
	.play = duel_play, .save = duel_save,
	.standing = duel_scoped_standing, .standing_persist = 1,
};

/* The duel with hidden information (a view): only a key's policy
 * answers stay in force (ruleset.standing_persist, standing_key.policy). */
static struct doc_node *duel_view(const void *vst, const char *side,
				  struct doc *d, struct redactor *r)
{
	(void)side;
	(void)r;
	return duel_save(vst, d);
}

static const struct standing_key duel_hidden_standing[] = {
	{ "guard", "3", "guard when attacked (policy: yes)", "yes", 1, "yes",
	  NULL, NULL },
	{ "retreat", "4", "retreat after the roll (no policy)", "back", 1,
	  NULL, NULL, NULL },
	{ NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL }
};
static const struct ruleset duel_hidden = {
	.id = "duel", .version = "1", .state_size = sizeof(struct duel),
	.play = duel_play, .save = duel_save, .view = duel_view,
	.standing = duel_hidden_standing, .standing_persist = 1,
};

/* Toy game 5: a march with a watcher. The watcher gets ready (rule
 * 0); then the mover goes north, south or stops (rule 1), up to three
 * times: each going rolls a die (rule 2), and then the mover is asked
 * whether to rest (rule 3, which his standing order answers) and the
 * watcher whether to watch (rule 4, which the watcher's kept standing
 * order answers). */
struct march {
	int legs, rested, watched;
};

static void march_play(struct ctx *c, void *vst)
{
	struct march *st = vst;
	struct question q;
	q_init(&q, "0", "ready", "watcher", "Ready?");
	q_add(&q, "yes");
	ctx_ask(c, &q);
	while (st->legs < 3) {
		q_init(&q, "1", "go", "mover", "Go where?");
		q_add(&q, "north");
		q_add(&q, "south");
		q_add(&q, "stop");
		if (ctx_ask(c, &q) == 2)
			break;
		st->legs++;
		ctx_die(c, "2 roll", 6);
		q_init(&q, "3", "rest", "mover", "Rest?");
		q_add(&q, "no");
		q_add(&q, "yes");
		st->rested += (int)ctx_ask(c, &q);
		q_init(&q, "4", "watch", "watcher", "Watch?");
		q_add(&q, "no");
		q_add(&q, "yes");
		st->watched += (int)ctx_ask(c, &q);
	}
}

static struct doc_node *march_save(const void *vst, struct doc *d)
{
	const struct march *st = vst;
	struct doc_node *m = doc_map(d);
	doc_set_int(d, m, "legs", st->legs);
	return m;
}

static const struct standing_key march_standing[] = {
	{ "rest", "3", "rest after a leg", "no", 0, NULL, NULL, NULL },
	{ "watch", "4", "watch the mover", "yes", 1, NULL, NULL, NULL },
	{ NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL }
};
static const struct ruleset march = {
	.id = "march", .version = "1", .state_size = sizeof(struct march),
	.play = march_play, .save = march_save, .standing = march_standing,
	.standing_persist = 1,
};

/* Toy game 4, with checkpoints: rounds of two roles; in each round the
 * red side adds 1-3 to a total (rule 1), a die is rolled (rule 2), and
 * the blue side keeps or halves the total (rule 3). The top of each round
 * is a ctx_checkpoint: the state alone says what comes next. */
struct race {
	int round, total, rolls;
};

static void race_play(struct ctx *c, void *vst)
{
	struct race *st = vst;
	struct question q;
	while (st->round < 5) {
		ctx_checkpoint(c);
		ctx_where(c, st->round + 1, "race round");
		q_init(&q, "1", "add", "red", "Add how much?");
		q_add(&q, "1");
		q_add(&q, "2");
		q_add(&q, "3");
		st->total += (int)ctx_ask(c, &q) + 1;
		st->rolls += ctx_die(c, "2 roll", 6);
		ctx_event(c, "2", "total %d, rolls %d", st->total, st->rolls);
		q_init(&q, "3", "keep", "blue", "Keep or halve?");
		q_add(&q, "keep");
		q_add(&q, "halve");
		if (ctx_ask(c, &q) == 1)
			st->total /= 2;
		st->round++;
	}
}

static struct doc_node *race_save(const void *vst, struct doc *d)
{
	const struct race *st = vst;
	struct doc_node *m = doc_map(d);
	doc_set_int(d, m, "round", st->round);
	doc_set_int(d, m, "total", st->total);
	doc_set_int(d, m, "rolls", st->rolls);
	return m;
}

static const struct ruleset race = {
	.id = "race", .version = "1", .state_size = sizeof(struct race),
	.play = race_play, .save = race_save,
};

/* Toy game 5: the scout sets out (rule 1), a die is rolled (rule 2), and
 * the scout names a path (rule 3, free text) if the rules find one among
 * their examples (as Aachen's movement stops when none is legal); then
 * the guard is asked (rule 4). */
struct scout {
	int pathed, guarded;
};

static void scout_play(struct ctx *c, void *vst)
{
	struct scout *st = vst;
	struct question q;
	q_init(&q, "1", "set", "scout", "Set out?");
	q_add(&q, "yes");
	ctx_ask(c, &q);
	ctx_die(c, "2 roll", 6);
	q_init(&q, "3", "path", "scout", "Walk where?");
	if (ctx_examples(c, "path") > 0)
		q_add(&q, "n");
	if (q.n > 0) {
		ctx_ask_text(c, &q, check_path, NULL);
		st->pathed = 1;
	}
	q_init(&q, "4", "guard", "guard", "Guard?");
	q_add(&q, "yes");
	ctx_ask(c, &q);
	st->guarded = 1;
}

static struct doc_node *scout_save(const void *vst, struct doc *d)
{
	const struct scout *st = vst;
	struct doc_node *m = doc_map(d);
	doc_set_int(d, m, "pathed", st->pathed);
	return m;
}

static const struct ruleset scout = {
	.id = "scout", .version = "1", .state_size = sizeof(struct scout),
	.play = scout_play, .save = scout_save,
};

static struct engine_step play_step(const char *actor, struct answer *a,
				    size_t n, struct answer *st, size_t ns,
				    unsigned char fill)
{
	struct engine_step s = { .mode = STEP_PLAY, .actor = actor,
		.src = "orders.yaml", .answers = a, .n_answers = n,
		.standing = st, .n_standing = ns };
	memset(s.seed, fill, 32);
	return s;
}

/* Whether an event for side alone holds text. */
static int told_to(const struct run *run, const char *side, const char *text)
{
	for (size_t i = 0; i < run->n_events; i++)
		if (!strcmp(run->events[i].visible, side) &&
		    strstr(run->events[i].text, text))
			return 1;
	return 0;
}

/* Answers in advance wait for their own questions (umpire-orders(5)):
 * a question between (the mover's own rest, which a standing order
 * answers; the watcher's, which the watcher's kept order answers) takes
 * none; an unusable one is not used and the next of its key serves; the
 * answers left when the step ends are not used, and the mover is told
 * each and why. */
static void test_in_advance(void)
{
	struct march m0;
	struct run run;
	struct engine_step s[2];
	struct answer ready[] = { { "ready", "yes", 2 } };
	struct answer watch[] = { { "watch", "yes", 9 } };
	struct answer rest[] = { { "rest", "no", 9 } };

	memset(&m0, 0, sizeof m0);
	s[0] = play_step("watcher", ready, 1, watch, 1, 2);
	/* three legs, each answer waiting past rest and watch */
	struct answer go[] = { { "go", "north", 3 }, { "go", "south", 4 },
		{ "go", "north", 5 } };
	s[1] = play_step("mover", go, 3, rest, 1, 3);
	CHECK(engine_run(&march, &m0, s, 2, &run) == 0 &&
	      run.outcome == RUN_OVER &&
	      ((struct march *)run.state)->legs == 3 &&
	      ((struct march *)run.state)->watched == 3,
	      "answers in advance wait past a standing order's and another "
	      "side's question: %s", run.err.msg);
	CHECK(!told_to(&run, "mover", "Not used"), "nothing unused");
	engine_free(&run);

	/* an unusable one is skipped; the next of its key serves */
	struct answer bad[] = { { "go", "north", 3 }, { "go", "west", 4 },
		{ "go", "stop", 5 } };
	s[1] = play_step("mover", bad, 3, rest, 1, 3);
	CHECK(engine_run(&march, &m0, s, 2, &run) == 0 &&
	      run.outcome == RUN_OVER &&
	      ((struct march *)run.state)->legs == 1, "an unusable answer "
	      "skipped, the next used: %s", run.err.msg);
	CHECK(told_to(&run, "mover", "Not used: answer 'go: west' "
		      "(orders.yaml:4): not a legal answer to rule 1"),
	      "the mover is told of the unusable answer");
	CHECK(!told_to(&run, "mover", "'go: stop'"), "the next one used");
	engine_free(&run);

	/* one whose question never comes, before one of the question's
	 * key: not used, and said so */
	struct answer skip[] = { { "go", "north", 3 }, { "fly", "high", 4 },
		{ "go", "stop", 5 } };
	s[1] = play_step("mover", skip, 3, rest, 1, 3);
	CHECK(engine_run(&march, &m0, s, 2, &run) == 0 &&
	      run.outcome == RUN_OVER &&
	      ((struct march *)run.state)->legs == 1, "past an answer whose "
	      "question never came: %s", run.err.msg);
	CHECK(told_to(&run, "mover", "Not used: answer 'fly: high' "
		      "(orders.yaml:4): its question did not come before rule "
		      "1 (go)"), "the mover is told why");
	engine_free(&run);

	/* no standing rest: the step ends at rule 3, and the answers left
	 * are not used */
	s[1] = play_step("mover", go, 3, NULL, 0, 3);
	CHECK(engine_run(&march, &m0, s, 2, &run) == 0 &&
	      run.outcome == RUN_PENDING && !strcmp(run.pending.key, "rest"),
	      "the step ends at a question none answers: %s", run.err.msg);
	CHECK(told_to(&run, "mover", "Not used: answer 'go: south' "
		      "(orders.yaml:4) and the 1 after it: the step ends at "
		      "rule 3, which asks 'rest'"), "the answers left told");
	engine_free(&run);
}

/* A step replayed ends where it ended live: the scout's path, asked
 * after the draw, ends step 1 when it is the last; replayed with step 2,
 * whose first answer is for it, the rules still find an example
 * (ctx_examples is never 0), so the question is asked and step 2
 * answers it, not skipped for the guard's ("step 2 is ordered by scout,
 * but rule 4 asks guard"). */
static void test_replayed_end(void)
{
	struct scout s0;
	struct run run;
	struct engine_step s[2];
	struct answer set[] = { { "set", "yes", 2 } };
	struct answer path[] = { { "path", "n s", 2 } };

	memset(&s0, 0, sizeof s0);
	s[0] = play_step("scout", set, 1, NULL, 0, 4);
	s[1] = play_step("scout", path, 1, NULL, 0, 5);
	CHECK(engine_run(&scout, &s0, s, 1, &run) == 0 &&
	      run.outcome == RUN_PENDING && !strcmp(run.pending.key, "path"),
	      "live, step 1 ends at the path: %s", run.err.msg);
	engine_free(&run);
	CHECK(engine_run(&scout, &s0, s, 2, &run) == 0 &&
	      run.outcome == RUN_PENDING && !strcmp(run.pending.key, "guard") &&
	      ((struct scout *)run.state)->pathed == 1,
	      "replayed with step 2, step 1 ends at the path, which step 2 "
	      "answers: %s", run.err.msg);
	engine_free(&run);
}

/* q_add writes each option as snprintf would: text and plain %s copied
 * (cut at Q_OPTION_LEN), anything else (a NULL string too) formatted. */
static void test_q_add(void)
{
	static const char *const words[] = { "9GT", "", "2416",
		"a-long-unit-name-that-fills-most-of-an-option-and-more" };
	struct question q;
	char want[Q_OPTION_LEN];
	size_t ok = 0, tries = 0;
	const char *volatile none = NULL;  /* a NULL the compiler cannot see */

	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++) {
			const char *a = words[i], *b = words[j];

			q_init(&q, "1.0", "k", "r", "t");
			q_add(&q, "%s %s", a, b);
			q_add(&q, "%s to %s", a, b);
			q_add(&q, "move %s%s west", a, b);
			q_add(&q, "%s %% %s", a, b);
			q_add(&q, "%s %d", a, j);
			snprintf(want, sizeof want, "%s %s", a, b);
			ok += !strcmp(q.options[0], want);
			snprintf(want, sizeof want, "%s to %s", a, b);
			ok += !strcmp(q.options[1], want);
			snprintf(want, sizeof want, "move %s%s west", a, b);
			ok += !strcmp(q.options[2], want);
			snprintf(want, sizeof want, "%s %% %s", a, b);
			ok += !strcmp(q.options[3], want);
			snprintf(want, sizeof want, "%s %d", a, j);
			ok += !strcmp(q.options[4], want);
			tries += 5;
		}
	q_init(&q, "1.0", "k", "r", "t");
	q_add(&q, "%s %s", "x", none);
	CHECK(ok == tries && !strcmp(q.options[0], "x (null)"),
	      "q_add writes what snprintf does (%zu of %zu)", ok, tries);
}

/* engine_step.stop_at_asked and probe (the desk): a template step stops
 * at the question its answers leave, each probe checked there as an
 * answer would be (a free-text question's check, an option question's
 * options), in one run, the state as it was asked; a draw first stops
 * it as ever. */
static void test_probe(void)
{
	struct walk w;
	struct toy t;
	struct run run;
	struct probe pr[3] = { { "n s", 0, "" }, { "n x", 0, "" },
			       { "n n n n", 0, "" } };
	struct engine_step s = { .mode = STEP_TEMPLATE, .actor = "player",
		.src = "test", .stop_at_asked = 1, .probe = pr, .n_probe = 3 };
	memset(&w, 0, sizeof w);
	CHECK(engine_run(&walk, &w, &s, 1, &run) == 0 &&
	      run.outcome == RUN_PENDING && !strcmp(run.pending.key, "path") &&
	      run.pending.free_text && run.n_filled == 1,
	      "probe: the run stops at the free-text question asked");
	CHECK(!pr[0].refused && !pr[0].why[0] && pr[1].refused &&
	      !strcmp(pr[1].why, "rule 9: each step is n or s, three at most") &&
	      pr[2].refused, "probe: each answer checked by the rules' check "
	      "(%d %d %d: %s)", pr[0].refused, pr[1].refused, pr[2].refused,
	      pr[1].why);
	CHECK(!((struct walk *)run.state)->path[0],
	      "probe: the state as the question was asked");
	engine_free(&run);

	/* a check said to keep the state that does not: each probe still
	 * checked on the state as asked */
	struct probe ps[3] = { { "n", 0, "" }, { "s", 0, "" },
			       { "n s", 0, "" } };
	s.probe = ps;
	memset(&w, 0, sizeof w);
	CHECK(engine_run(&scribble, &w, &s, 1, &run) == 0 &&
	      run.outcome == RUN_PENDING && !ps[0].refused &&
	      !ps[1].refused && !ps[2].refused &&
	      !((struct walk *)run.state)->path[0], "probe: a check that "
	      "changes the state it says it keeps is found out (%d %d %d)",
	      ps[0].refused, ps[1].refused, ps[2].refused);
	engine_free(&run);

	struct probe po[2] = { { "Two", 0, "" }, { "four", 0, "" } };
	s.probe = po;
	s.n_probe = 2;
	memset(&t, 0, sizeof t);
	CHECK(engine_run(&toy, &t, &s, 1, &run) == 0 &&
	      run.outcome == RUN_PENDING && !strcmp(run.pending.key, "target") &&
	      !po[0].refused && po[1].refused &&
	      strstr(po[1].why, "legal answers: \"one\""),
	      "probe: an option question's options (%s)", po[1].why);
	engine_free(&run);

	/* answered, the step goes on to the die: stopped there, no probe */
	struct answer a[] = { { "target", "one", 1 } };
	po[1].refused = 0;
	s.answers = a;
	s.n_answers = 1;
	CHECK(engine_run(&toy, &t, &s, 1, &run) == 0 &&
	      run.outcome == RUN_NEED_DRAW && !po[1].refused,
	      "probe: a draw before the next question stops the run first");
	engine_free(&run);
}

/* run_opts.source: the steps given one at a time, each spoiled (its
 * actor and standing orders another side's) once the run asks for the
 * step two after it, as a whole game's check drops it (umpire audit):
 * the run holds the current step and the next, and a role's standing
 * orders that persist from a step before them (the watcher's "watch:
 * yes" of step 1, in force in steps 2 and 3) come from its own copy;
 * each step's end is handed over in order and its logs dropped, the
 * draws counted. */
struct given {
	struct engine_step s[4], held[4];
	size_t asked, ended;
	int in_order;
};

static int give_step(void *user, size_t i, const struct engine_step **step)
{
	static struct answer spoiled[] = { { "watch", "no", 1 } };
	struct given *g = user;
	g->in_order &= i == g->asked;
	g->asked = i + 1;
	if (i >= 4)
		return 1;
	if (i >= 2)     /* left by the run: spoiled, the watcher's */
		g->held[i - 2] = play_step("watcher", spoiled, 1, spoiled, 1,
					   0);
	g->held[i] = g->s[i];
	*step = &g->held[i];
	return 0;
}

static void step_ended_count(void *user, size_t step, const struct run *run,
			     const struct step_end *end)
{
	struct given *g = user;
	g->in_order &= step == g->ended;
	g->ended = step + 1;
}

static void test_source(void)
{
	struct march m0;
	struct run whole, run;
	struct given g = { .in_order = 1 };
	struct answer ready[] = { { "ready", "yes", 2 } };
	struct answer watch[] = { { "watch", "yes", 3 } };
	struct answer rest[] = { { "rest", "no", 3 } };
	struct answer north[] = { { "go", "north", 2 } };
	struct answer stop[] = { { "go", "stop", 2 } };
	memset(&m0, 0, sizeof m0);
	g.s[0] = play_step("watcher", ready, 1, watch, 1, 1);
	g.s[1] = play_step("mover", north, 1, rest, 1, 2);
	g.s[2] = play_step("mover", north, 1, rest, 1, 3);
	g.s[3] = play_step("mover", stop, 1, NULL, 0, 4);
	CHECK(engine_run(&march, &m0, g.s, 4, &whole) == 0 &&
	      whole.outcome == RUN_OVER &&
	      ((struct march *)whole.state)->watched == 2,
	      "the march read whole: %s", whole.err.msg);
	const struct step_source src = { give_step, &g };
	struct run_opts opts = { .ended = step_ended_count, .user = &g,
				 .source = &src };
	CHECK(engine_run_opts(&march, &m0, &opts, NULL, 0, &run) == 0 &&
	      run.outcome == RUN_OVER &&
	      !memcmp(run.state, whole.state, sizeof m0) &&
	      ((struct march *)run.state)->watched == 2, "from a source, "
	      "two steps held, the march plays as read whole: %s",
	      run.err.msg);
	CHECK(g.in_order && g.ended == 4 && run.n_steps == 4,
	      "each step asked for and ended once, in order");
	CHECK(run.n_draws == 0 && run.n_events == 0 &&
	      run.n_draws_dropped == whole.n_draws && whole.n_draws == 2,
	      "the logs dropped as each step ends, the draws counted");
	engine_free(&run);
	engine_free(&whole);
}

int main(void)
{
	struct toy start;
	struct run run;
	memset(&start, 0, sizeof start);
	if (sodium_init() < 0)
		return 1;
	test_q_add();
	test_in_advance();
	test_replayed_end();
	test_probe();
	test_source();

	/* No steps: the first question is pending. */
	engine_run(&toy, &start, NULL, 0, &run);
	CHECK(run.outcome == RUN_PENDING && !strcmp(run.pending.key, "target"),
	      "no steps: target question pending");
	engine_free(&run);

	/* One step: answer target; the die roll ends the step at 'again'. */
	struct answer a1[] = { { "target", "Two", 3 } };
	struct engine_step s[3];
	s[0] = play_step("player", a1, 1, NULL, 0, 1);
	CHECK(engine_run(&toy, &start, s, 1, &run) == 0 &&
	      run.outcome == RUN_PENDING && !strcmp(run.pending.key, "again"),
	      "question after a draw ends the step");
	CHECK(((struct toy *)run.state)->target == 2 &&
	      ((struct toy *)run.state)->n == 1, "answer normalised (Two)");
	CHECK(run.n_draws == 1 && run.draws[0].step == 1 &&
	      run.draws[0].index == 0 && run.draws[0].n == 6,
	      "draw logged with step, index, pool size");
	CHECK(!strcmp(run.ends[0].key, "again"), "step end recorded");
	int first_roll = ((struct toy *)run.state)->rolls[0];
	engine_free(&run);

	/* Same seed, same roll (replay reproduces draws). */
	engine_run(&toy, &start, s, 1, &run);
	CHECK(((struct toy *)run.state)->rolls[0] == first_roll,
	      "replay gives the same roll");
	engine_free(&run);

	/* An answer after a draw is an answer in advance: used when its
	 * question comes, legal, and never a reason to refuse the file. */
	struct answer a2[] = { { "target", "one", 3 }, { "again", "yes", 4 } };
	s[0] = play_step("player", a2, 2, NULL, 0, 1);
	CHECK(engine_run(&toy, &start, s, 1, &run) == 0 &&
	      run.outcome == RUN_PENDING && run.n_draws == 2 &&
	      !strcmp(run.pending.key, "again"),
	      "answer after a random result used in advance: %s",
	      run.err.msg);
	engine_free(&run);
	/* not legal when asked: not used, the actor told why, and the
	 * next answer of its key answers the question in its place */
	struct answer a3[] = { { "target", "one", 3 }, { "again", "maybe", 4 },
		{ "again", "yes", 5 } };
	s[0] = play_step("player", a3, 3, NULL, 0, 1);
	int told = 0;
	CHECK(engine_run(&toy, &start, s, 1, &run) == 0 &&
	      run.outcome == RUN_PENDING && run.n_draws == 2 &&
	      !strcmp(run.pending.key, "again"), "illegal answer in advance "
	      "skipped, the next one used: %s", run.err.msg);
	for (size_t i = 0; i < run.n_events; i++)
		told |= !strcmp(run.events[i].visible, "player") &&
			strstr(run.events[i].text, "Not used: answer 'again: "
			       "maybe' (orders.yaml:4): not a legal answer") !=
			NULL;
	CHECK(told, "the actor is told what was not used and why");
	engine_free(&run);

	/* Standing order carries on past the draw. */
	struct answer st[] = { { "again", "yes", 5 } };
	s[0] = play_step("player", a1, 1, st, 1, 1);
	CHECK(engine_run(&toy, &start, s, 1, &run) == 0 &&
	      run.outcome == RUN_OVER && run.n_draws == 3,
	      "standing order rolls three times, game over");
	CHECK(!strcmp(run.ends[0].key, "over"), "last step ends with over");
	engine_free(&run);

	/* Illegal answer names the rule and the legal answers. */
	struct answer bad[] = { { "target", "four", 7 } };
	s[0] = play_step("player", bad, 1, NULL, 0, 1);
	CHECK(engine_run(&toy, &start, s, 1, &run) == -1 &&
	      strstr(run.err.msg, "rule 1") && strstr(run.err.msg, "\"three\""),
	      "illegal answer: %s", run.err.msg);
	engine_free(&run);

	/* Wrong key. */
	struct answer wk[] = { { "again", "no", 2 } };
	s[0] = play_step("player", wk, 1, NULL, 0, 1);
	CHECK(engine_run(&toy, &start, s, 1, &run) == -1 &&
	      strstr(run.err.msg, "asks 'target'"), "answer for another "
	      "question refused: %s", run.err.msg);
	engine_free(&run);

	/* Wrong actor. */
	s[0] = play_step("referee", a1, 1, NULL, 0, 1);
	CHECK(engine_run(&toy, &start, s, 1, &run) == -1 &&
	      strstr(run.err.msg, "asks player"), "wrong side refused: %s",
	      run.err.msg);
	engine_free(&run);

	/* Two steps; the second must answer; an empty step is refused. */
	struct answer no[] = { { "again", "no", 1 } };
	s[0] = play_step("player", a1, 1, NULL, 0, 1);
	s[1] = play_step("player", no, 1, NULL, 0, 2);
	CHECK(engine_run(&toy, &start, s, 2, &run) == 0 &&
	      run.outcome == RUN_OVER && run.n_draws == 1,
	      "second step stops rolling");
	engine_free(&run);
	s[1] = play_step("player", NULL, 0, NULL, 0, 2);
	CHECK(engine_run(&toy, &start, s, 2, &run) == -1 &&
	      strstr(run.err.msg, "answer nothing"), "empty step refused: %s",
	      run.err.msg);
	engine_free(&run);

	/* A step after the end of the game. */
	s[0] = play_step("player", a1, 1, st, 1, 1);
	s[1] = play_step("player", no, 1, NULL, 0, 2);
	CHECK(engine_run(&toy, &start, s, 2, &run) == -1 &&
	      strstr(run.err.msg, "after the end"), "step after the end: %s",
	      run.err.msg);
	engine_free(&run);

	/* Template: fills the first legal answer, stops at the draw. */
	struct engine_step t = { .mode = STEP_TEMPLATE, .actor = "player",
		.src = "template" };
	CHECK(engine_run(&toy, &start, &t, 1, &run) == 0 &&
	      run.outcome == RUN_NEED_DRAW && run.n_filled == 1 &&
	      !strcmp(run.filled[0].options[0], "one"),
	      "template stops at the first draw");
	engine_free(&run);

	/* Forced draws. */
	const char *forced[] = { "6", "1" };
	struct answer fa[] = { { "target", "three", 1 }, { "again", "yes", 2 },
		{ "again", "no", 3 } };
	struct engine_step f = { .mode = STEP_FORCED, .src = "case",
		.answers = fa, .n_answers = 3, .forced = forced,
		.n_forced = 2 };
	CHECK(engine_run(&toy, &start, &f, 1, &run) == 0 &&
	      run.outcome == RUN_OVER &&
	      ((struct toy *)run.state)->rolls[0] == 6 &&
	      ((struct toy *)run.state)->rolls[1] == 1,
	      "forced draws and answers after draws in forced mode");
	engine_free(&run);
	const char *nope[] = { "7" };
	f.forced = nope;
	f.n_forced = 1;
	CHECK(engine_run(&toy, &start, &f, 1, &run) == -1 &&
	      strstr(run.err.msg, "not in d6"), "impossible forced draw: %s",
	      run.err.msg);
	engine_free(&run);

	/* Free-text answers, checked by the rules. */
	struct walk w0;
	memset(&w0, 0, sizeof w0);
	struct answer p1[] = { { "path", "n s s", 2 } };
	s[0] = play_step("player", p1, 1, NULL, 0, 1);
	CHECK(engine_run(&walk, &w0, s, 1, &run) == 0 &&
	      run.outcome == RUN_OVER &&
	      !strcmp(((struct walk *)run.state)->path, "n s s"),
	      "a free-text answer reaches the rules");
	engine_free(&run);
	struct answer p2[] = { { "path", "n e", 4 } };
	s[0] = play_step("player", p2, 1, NULL, 0, 1);
	CHECK(engine_run(&walk, &w0, s, 1, &run) == -1 &&
	      strstr(run.err.msg, "orders.yaml:4") &&
	      strstr(run.err.msg, "rule 9: each step"),
	      "an illegal free-text answer is refused with the rules' "
	      "reason: %s", run.err.msg);
	engine_free(&run);
	engine_run(&walk, &w0, NULL, 0, &run);
	CHECK(run.outcome == RUN_PENDING && run.pending.free_text,
	      "the pending free-text question is marked as such");
	engine_free(&run);
	t.actor = "player";
	CHECK(engine_run(&walk, &w0, &t, 1, &run) == 0 && run.n_filled == 1 &&
	      run.filled[0].free_text &&
	      !strcmp(((struct walk *)run.state)->path, "n"),
	      "the template answers with the first example");
	engine_free(&run);
	struct answer ps[] = { { "path", "s", 1 } };
	s[0] = play_step("player", NULL, 0, ps, 1, 1);
	CHECK(engine_run(&walk, &w0, s, 1, &run) == 0 &&
	      !strcmp(((struct walk *)run.state)->path, "s"),
	      "a standing order answers a free-text question");
	engine_free(&run);

	char norm[64];
	answer_normalise("  Move  2\tCenter north ", norm, sizeof norm);
	CHECK_STR(norm, "move 2 center north", "answers normalised");
	/* Standing orders that stay in force (ruleset.standing_persist):
	 * the defender's standing orders of step 1 answer its questions in
	 * the attacker's step 2, before and after the draw. */
	{
		struct duel d0;
		struct answer post[] = { { "post", "hill", 1 } };
		struct answer keep[] = { { "guard", "yes", 2 },
					 { "retreat", "back", 3 } };
		struct answer atk[] = { { "attack", "now", 1 } };
		struct engine_step ds[2];
		int seen = 0;
		memset(&d0, 0, sizeof d0);
		ds[0] = play_step("defender", post, 1, keep, 2, 1);
		ds[1] = play_step("attacker", atk, 1, NULL, 0, 2);
		CHECK(engine_run(&duel, &d0, ds, 2, &run) == 0 &&
		      run.outcome == RUN_PENDING &&
		      !strcmp(run.pending.key, "guard"), "without persistence "
		      "the defender's question ends the attacker's step");
		engine_free(&run);
		CHECK(engine_run(&duel_persist, &d0, ds, 2, &run) == 0 &&
		      run.outcome == RUN_OVER && run.n_draws == 1 &&
		      ((struct duel *)run.state)->guard == 1 &&
		      ((struct duel *)run.state)->retreat == 1, "standing "
		      "orders of the defender's step answer in the attacker's, "
		      "before and after the draw");
		for (size_t i = 0; i < run.n_events; i++)
			seen |= strstr(run.events[i].text, "Standing order of "
				       "step 1: guard: yes") != NULL &&
				!strcmp(run.events[i].visible, "defender");
		CHECK(seen, "the standing answer is echoed to its side");
		engine_free(&run);
		/* a key with scopes: KEY-SCOPE stays in force for its
		 * scope; the bare key only for the scopes the ruleset
		 * names for it ("flank"), so rule 3 is asked */
		struct answer scoped[] = { { "guard-attacked", "yes", 2 } };
		ds[0] = play_step("defender", post, 1, scoped, 1, 1);
		CHECK(engine_run(&duel_scoped, &d0, ds, 2, &run) == 0 &&
		      run.outcome == RUN_PENDING &&
		      !strcmp(run.pending.key, "retreat") &&
		      ((struct duel *)run.state)->guard == 1, "scopes: a "
		      "kept guard-attacked answers the question of that scope");
		engine_free(&run);
		ds[0] = play_step("defender", post, 1, keep, 1, 1);
		CHECK(engine_run(&duel_scoped, &d0, ds, 2, &run) == 0 &&
		      run.outcome == RUN_PENDING &&
		      !strcmp(run.pending.key, "guard"), "scopes: a kept "
		      "bare guard does not reach a scope the ruleset keeps "
		      "from it");
		engine_free(&run);
		/* orders without standing orders leave the question to the
		 * defender: the step ends as before */
		ds[0] = play_step("defender", post, 1, NULL, 0, 1);
		CHECK(engine_run(&duel_persist, &d0, ds, 2, &run) == 0 &&
		      run.outcome == RUN_PENDING &&
		      !strcmp(run.pending.key, "guard"), "no standing order: "
		      "the step ends as before");
		engine_free(&run);
		/* hidden information: "guard: yes" is a policy and stays in
		 * force; "retreat: back" is not (its key has none), so the
		 * question after the draw ends the attacker's step */
		ds[0] = play_step("defender", post, 1, keep, 2, 1);
		CHECK(engine_run(&duel_hidden, &d0, ds, 2, &run) == 0 &&
		      run.outcome == RUN_PENDING &&
		      !strcmp(run.pending.key, "retreat") &&
		      ((struct duel *)run.state)->guard == 1, "hidden "
		      "information: a policy answer stays in force, another "
		      "does not");
		engine_free(&run);
		/* "guard: no" is legal, but no policy: it does not stay */
		struct answer keep_no[] = { { "guard", "no", 2 } };
		ds[0] = play_step("defender", post, 1, keep_no, 1, 1);
		CHECK(engine_run(&duel_hidden, &d0, ds, 2, &run) == 0 &&
		      run.outcome == RUN_PENDING &&
		      !strcmp(run.pending.key, "guard"), "hidden information: "
		      "a legal answer that is no policy ends the step");
		engine_free(&run);
	}
	{
		/* steps alternate: red adds, and the die ends red's step at
		 * blue's question; blue keeps or halves, a round begins (the
		 * checkpoint), and blue's step ends at red's question */
		struct answer add2[] = { { "add", "2", 1 } };
		struct answer add3[] = { { "add", "3", 1 } };
		struct answer keep[] = { { "keep", "keep", 1 } };
		struct answer halve[] = { { "keep", "halve", 1 } };
		struct engine_step rs[7];
		struct race r0;
		struct run full, part;
		struct run_opts keep_opts = { .keep_points = 1 };
		memset(&r0, 0, sizeof r0);
		rs[0] = play_step("red", add2, 1, NULL, 0, 1);
		rs[1] = play_step("blue", keep, 1, NULL, 0, 2);
		rs[2] = play_step("red", add3, 1, NULL, 0, 3);
		rs[3] = play_step("blue", halve, 1, NULL, 0, 4);
		rs[4] = play_step("red", add2, 1, NULL, 0, 5);
		rs[5] = play_step("blue", keep, 1, NULL, 0, 6);
		rs[6] = play_step("red", add3, 1, NULL, 0, 7);
		CHECK(engine_run_opts(&race, &r0, &keep_opts, rs, 7, &full) ==
		      0 && full.outcome == RUN_PENDING &&
		      !strcmp(full.pending.key, "keep"), "race: seven steps");
		/* points kept for the last three steps that took one,
		 * however far back: a round begins in blue's steps (after
		 * halve or keep), none in red's */
		CHECK(full.points[0].state != NULL &&
		      full.points[0].at.cur == 5 &&
		      full.points[0].at.ans_pos == 1 &&
		      full.points[1].state != NULL &&
		      full.points[1].at.cur == 3 &&
		      full.points[2].state != NULL &&
		      full.points[2].at.cur == 1,
		      "the checkpoints of steps 6, 4 and 2, each after its one "
		      "answer; none in red's steps");
		CHECK(full.points[0].state &&
		      ((struct race *)full.points[0].state)->round == 3,
		      "its state: the top of round 4");
		/* the last steps a step the file does not hold yet (orders
		 * checked, a template's answers): no point of theirs, and
		 * none of the file's own pushed out by one */
		struct run below;
		struct run_opts below_opts = { .keep_points = 1,
					       .points_below = 5 };
		CHECK(engine_run_opts(&race, &r0, &below_opts, rs, 7, &below)
		      == 0 && below.outcome == RUN_PENDING &&
		      below.points[0].state && below.points[0].at.cur == 3 &&
		      below.points[1].state && below.points[1].at.cur == 1 &&
		      below.points[2].state && below.points[2].at.cur == 0 &&
		      !below.points[3].state, "points_below 5: the points of "
		      "steps 4, 2 and 1 only (the game's start), the latest "
		      "first");
		engine_free(&below);
		/* resumed there: the same ends from that step, state, draws
		 * and pending question */
		struct resume_point p = full.points[0];
		p.state = malloc(sizeof(struct race));
		memcpy(p.state, full.points[0].state, sizeof(struct race));
		struct run_opts from = { .from = &p };
		CHECK(engine_run_opts(&race, &r0, &from, rs, 7, &part) == 0 &&
		      part.outcome == RUN_PENDING && part.resumed == 5 &&
		      p.state == NULL, "resumed in step 6; the run took the "
		      "state");
		CHECK(part.state && !memcmp(part.state, full.state,
					   sizeof(struct race)),
		      "the same state at the end");
		int same_ends = 1;
		for (size_t i = 5; i < 7; i++)
			same_ends &= !memcmp(part.ends[i].state_hash,
					     full.ends[i].state_hash, 32) &&
				!strcmp(part.ends[i].key, full.ends[i].key) &&
				part.ends[i].answers_used ==
				full.ends[i].answers_used &&
				part.ends[i].draws == full.ends[i].draws;
		CHECK(same_ends, "steps 6 and 7 end as from the start");
		const struct draw_rec *last = &full.draws[full.n_draws - 1];
		CHECK(part.n_draws == 1 && part.draws[0].step == 7 &&
		      part.draws[0].pick == last->pick &&
		      part.draws[0].index == last->index,
		      "the draw of step 7, the same as from the start");
		CHECK(!part.ends[4].hashed && part.ends[4].key[0] == '\0',
		      "nothing recorded for the steps before (no key, no "
		      "state hash)");
		engine_free(&part);
		/* a point whose state plays otherwise gives other ends */
		p = full.points[0];
		p.state = malloc(sizeof(struct race));
		memcpy(p.state, full.points[0].state, sizeof(struct race));
		((struct race *)p.state)->total += 7;
		CHECK(engine_run_opts(&race, &r0, &from, rs, 7, &part) == 0 &&
		      memcmp(part.ends[6].state_hash, full.ends[6].state_hash,
			     32) != 0, "a wrong checkpoint shows in the next "
		      "step's state hash");
		engine_free(&part);
		engine_free(&full);
	}
	return unit_done("engine");
}
