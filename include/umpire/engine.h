/*
 * engine.h - runs a ruleset over recorded steps: answers, standing orders
 * and seeds in, state, draws, events and the pending question out.
 *
 * One run is one call of ruleset.play() from the start state through every
 * step given; steps are boundaries inside that one run. A step ends when a
 * question comes that its orders cannot answer, or that comes after a random
 * result was drawn in the step or something hidden from its actor was
 * decided or consulted (unless an answer in advance or a standing order
 * answers it); the next step must then be ordered by the role that
 * question asks.
 *
 * Ownership: the caller owns the struct engine_step array and the strings
 * it points to, and must keep them alive until engine_free. struct run owns
 * the state, the draw and event logs and the pending question; engine_free
 * releases them.
 */
#ifndef UMPIRE_ENGINE_H
#define UMPIRE_ENGINE_H

#include <stdint.h>
#include "umpire/rules.h"

struct answer {
	const char *key;
	const char *value;
	int line;            /* line in the orders file, 0 if unknown */
};

enum step_mode {
	STEP_PLAY = 0,   /* answers first, then standing; draws from seed */
	STEP_TEMPLATE,   /* first legal answer to every question of the
			    actor until the step ends for him (as in
			    STEP_CHECK: run.stopped_at says where); used
			    to write an order template */
	STEP_FORCED,     /* tests: answers whenever asked; forced draws */
	STEP_CHECK       /* the actor's own check before mailing: answers
			    as in STEP_PLAY, but stop at the first draw
			    (RUN_NEED_DRAW) or where the step would end
			    (RUN_PENDING); no seed is needed */
};

/* A complete answer tried at the question a STEP_TEMPLATE step stops at
 * (engine_step.probe): why the question's check refuses it, in the
 * rules' words ("" accepted). The caller owns answer. */
struct probe {
	const char *answer;
	int refused;
	char why[512];
};

struct engine_step {
	enum step_mode mode;
	const char *actor;         /* role ordering this step */
	const char *src;           /* orders file name, for messages */
	const struct answer *answers;
	size_t n_answers;
	const struct answer *standing;
	size_t n_standing;
	unsigned char seed[32];    /* STEP_PLAY */
	const char *const *forced; /* STEP_FORCED: draw results, in order */
	size_t n_forced;
	/* Optional: called when the step ends, with the state at that moment
	 * and the question that ended it (NULL when the game ended). */
	void (*at_end)(void *user, const void *state,
		       const struct question *next);
	void *user;
	/* The step's recorded state hash was verified on this machine
	 * before (its local record or checkpoints vouch for the step): a
	 * replay through it need not save and hash its state again
	 * (struct step_end, hashed 0). */
	int state_vouched;
	/* A late step (STEP_PLAY, no answers, no standing orders of its
	 * own): played by the judge for an actor whose move is late past
	 * the grace, on-late=standing (umpire-protocol(7), THE JUDGE'S
	 * CLOCK). Its actor's questions are answered by that side's kept
	 * standing orders, then by the rules' late answers (struct
	 * late_answer), the step ending at the first question neither
	 * answers. */
	int late;
	/* STEP_TEMPLATE (the desk, src/desk/api.c): once the step's
	 * answers are used, stop at the next question of its actor
	 * instead of filling it in: run.pending is that question
	 * (run.filled ends with it) and run.state the state as it is
	 * asked, with the marks and events so far. Before stopping, each
	 * of probe[0..n_probe) is checked as an answer to it would be
	 * (the question's options, or its ctx_ask_text check), the state
	 * put back as it was after each: many answers checked in one run
	 * of the rules. A draw, or another side's question, first stops
	 * the run as ever (RUN_NEED_DRAW; the probes not filled). */
	int stop_at_asked;
	struct probe *probe;
	size_t n_probe;
};

struct draw_rec {
	size_t step;        /* 1-based index of the step */
	uint64_t index;     /* draw index within the step (the nonce) */
	int turn;
	char phase[48];
	char purpose[96];
	char pool[64];
	uint32_t n;         /* pool size or die sides */
	uint32_t pick;      /* 0-based result of the uniform draw */
	char result[32];    /* label of the result: card, die face */
	char visible[32];   /* "" everyone; else the only side that may see
			       the result ("-": nobody) */
	char role[32];      /* the role it was drawn for (ctx_draw_for, else
			       the side that alone sees it, else the actor
			       of the step) */
};

struct event_rec {
	size_t step;
	int turn;
	char phase[48];
	char rule[16];
	char visible[32];   /* "" everyone; else the only side that may read */
	size_t answers;     /* the step's answers used when it was told: it
			       tells what the answers[answers - 1] did (0:
			       none yet) */
	char *text;
};

/* The engine's place in the steps: the step being played, how much of
 * it was used, and its labels. */
/* The standing keys a ruleset may give (struct engine_place.bound). */
enum { STANDING_BOUND_MAX = 32 };

struct engine_place {
	size_t cur;                 /* 0-based index of the step played */
	size_t ans_pos;             /* its answers used */
	size_t standing_used;
	uint64_t draws;             /* its draws so far */
	int blind;                  /* something hidden from its actor was
				       decided or consulted (ctx_consult):
				       its answers left are answers in
				       advance */
	int asked;                  /* the step's first question (the one
				       pending when it began) is reached:
				       only after it does the step end at
				       a consult point (ctx_consult) */
	int turn;
	char phase[48];
	char draw_for[32];          /* ctx_draw_for: the role the draws are
				       for */
	/* ruleset.standing[k] with scopes and no `unscoped`: the scope of
	 * the first question of that key the step asked of its actor,
	 * which the step's bare KEY answers ("": none asked yet); kept in
	 * checkpoint files as "bound" */
	char bound[STANDING_BOUND_MAX][16];
};

/* Where a run stood at a ctx_checkpoint(): the place and a copy of the
 * state. */
struct resume_point {
	struct engine_place at;
	void *state;                /* ruleset.state_size bytes, owned */
	/* read back from a checkpoint file: each role's standing orders as
	 * its latest step before this one gave them (they may persist,
	 * ruleset.standing_persist), so that a replay resumed here reads
	 * no step before its own; owned (the run's points have none) */
	struct persisted *persist;
	size_t n_persist;
};

/* A role's standing orders in its latest step before a checkpoint:
 * that step (0-based) and its standing answers, strings owned. */
struct persisted {
	size_t step;
	char role[32];
	struct answer *standing;
	size_t n_standing;
};

/* The points a run keeps when asked (struct run_opts): the latest
 * checkpoint of each of the last RUN_POINTS steps that took one,
 * however long ago, [0] the latest. Four: a view replays from a
 * checkpoint before its side's own latest step, and a side's turn
 * mailed as two steps (Race to the Reichstag's movement, then its
 * combat) puts that checkpoint four steps back. */
#define RUN_POINTS 4

struct run;
struct step_end;

/* Where a run takes its steps when it is given no array (run_opts.
 * source): get puts step i (0-based; asked in order, each once) in
 * *step and returns 0; 1: the steps end before i; -1: step i cannot be
 * given (the run ends RUN_ERROR, run.source_failed set, err the
 * source's). Step i stays the source's to keep until step i + 2 is
 * given (not when the steps end before it): the run holds the current
 * step and the next, and of the steps before, for
 * ruleset.standing_persist, a copy of each role's latest own standing
 * orders. */
struct step_source {
	int (*get)(void *user, size_t i, const struct engine_step **step);
	void *user;
};

struct run_opts {
	struct resume_point *from;       /* NULL: play from the start; the
					    run takes from->state (NULL
					    after) */
	int keep_points;                 /* fill run->points */
	/* with keep_points: the points of steps before this one only
	 * (0: of every step). A step after the game's own (the orders
	 * checked, a template's answers) is not saved until it is written:
	 * its points would only push out those of the steps before it */
	size_t points_below;
	size_t examples;                 /* ctx_examples(); 0: all */
	/* ruleset.resume instead of play: the run asks this question (the
	 * one pending at start_state) and stops once it is answered
	 * (run.partial); RUN_ERROR when the rules cannot ask it again */
	const struct question *resume;
	/* Optional (not with from): called as each step ends, in order,
	 * with its end and the run, whose draws[] then hold that step's
	 * (and its events and marks). Once it returns the run drops them
	 * (run.n_draws_dropped counts the draws), and run.ends has one
	 * entry, the step ended last's: a whole game's check keeps no
	 * step's logs (umpire audit). */
	void (*ended)(void *user, size_t step, const struct run *run,
		      const struct step_end *end);
	void *user;
	/* Optional, with ended: the steps taken from source, not from the
	 * array given (NULL, 0) */
	const struct step_source *source;
	/* Optional, not with from: the start state is this heap buffer of
	 * the caller's, which the run takes (run.state; freed by
	 * engine_free) rather than copying start_state: a caller done with
	 * its state (a view's, checked once) spares the copy */
	void *take;
};

enum run_outcome {
	RUN_PENDING,   /* a question waits for the next step's orders */
	RUN_OVER,      /* the game is over */
	RUN_NEED_DRAW, /* template or forced mode stopped at a draw */
	RUN_ERROR      /* refused: err says why */
};

struct step_end {     /* how each step ended */
	char key[48];
	char rule[16];
	char role[32];
	size_t answers_used;
	size_t draws;
	unsigned char state_hash[32]; /* doc_hash("umpire/1 state", save()) */
	int hashed;                   /* state_hash made (0: state_vouched) */
};

struct run {
	enum run_outcome outcome;
	struct error err;
	void *state;                /* ruleset.state_size bytes */
	struct question pending;    /* RUN_PENDING */
	size_t n_steps;             /* steps given */
	struct step_end *ends;      /* [n_steps]: how each step ended
				       (run_opts.ended: [1]) */
	struct draw_rec *draws;
	size_t n_draws, cap_draws;
	size_t n_draws_dropped;     /* run_opts.ended: draws before draws[] */
	struct event_rec *events;
	size_t n_events, cap_events;
	struct mark *marks;         /* ctx_mark, with their steps */
	size_t *mark_steps;
	size_t n_marks, cap_marks;
	struct question *filled;    /* STEP_TEMPLATE: questions answered
				       with their first legal answer */
	size_t n_filled;
	const char **filled_given; /* STEP_TEMPLATE: the answer the step
				      gave to filled[i] (its own answers
				      first, see umpire orders --answers),
				      or NULL: the first legal one */
	int partial;                /* run_opts.resume: the question was
				       asked again and answered, and the
				       run stopped after it (outcome
				       RUN_NEED_DRAW, stopped_at its rule
				       and key): what follows it is played
				       only from the phase's start */
	size_t checked;             /* STEP_CHECK, STEP_TEMPLATE: answers
				       used when the run stopped */
	char stopped_at[160];       /* STEP_CHECK: where it stopped, in
				       words: "the draw at rule 7.3";
				       STEP_TEMPLATE: where the step ends
				       for its actor: "the draw for 18.2
				       bridge at 1029 (hexside 1029-1130)"
				       (ctx_draw_about; "" at the game's
				       end) */
	size_t resumed;             /* the step index the run started in:
				       ends[] and the logs are complete
				       from step resumed + 1 on, and ends[]
				       holds nothing before resumed (key
				       "", hashed 0; the rest not
				       written) */
	int source_failed;          /* run_opts.source refused a step */
	int from_point;             /* it started at a checkpoint (else
				       at the start: every log complete) */
	struct resume_point points[RUN_POINTS]; /* run_opts.keep_points:
				       points[0] the latest checkpoint,
				       [k] the latest in the k-th step
				       with one before its step (at.cur;
				       state NULL: none) */
};

/*
 * Run rs from start_state (state_size bytes, copied) over steps. Returns 0
 * when the run ended normally (pending, over or need-draw) and -1 with
 * run->outcome == RUN_ERROR and run->err filled when the steps are refused
 * (illegal answer, answer for another question, step beyond the end...).
 */
int engine_run(const struct ruleset *rs, const void *start_state,
	       const struct engine_step *steps, size_t n_steps,
	       struct run *run);
/* The same, with options: start from a resume point (its step and the
 * steps after it are played; the earlier steps must be the ones it was
 * taken in), and keep checkpoints. */
int engine_run_opts(const struct ruleset *rs, const void *start_state,
		    const struct run_opts *opts,
		    const struct engine_step *steps, size_t n_steps,
		    struct run *run);
void engine_free(struct run *run);
void resume_point_free(struct resume_point *p);

/* Normalise an answer for comparison: lowercase, single spaces, trimmed. */
void answer_normalise(const char *in, char *out, size_t size);

/* Whether side (NULL: the referee or an audit, who see everything) may
 * see something marked visible ("" everyone, "-" nobody, else one side). */
int visible_to(const char *visible, const char *side);

#endif
