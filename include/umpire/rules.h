/*
 * rules.h - what a game's rules module sees of the engine, and what the
 * engine needs of a rules module.
 *
 * A rules module is straight-line C that reads like its rulebook. It never
 * does I/O, never exits, never reads a clock or the environment, and never
 * allocates: its whole state is one fixed-size struct (ruleset.state_size)
 * owned by the engine. It gets randomness, decisions and report events only
 * through the struct ctx it is handed.
 *
 * Suspension: ctx_ask() and the draw functions may not return. When a
 * decision is needed that the current step's orders do not give (or that
 * comes after a random result in the same step), or when a test position runs
 * out of forced draws, the engine jumps back to itself (longjmp). Rules code
 * must therefore keep everything it needs in the state struct or on the
 * stack, and must never hold resources across these calls. Resuming is a
 * replay: the engine runs play() again from the start state with the same
 * decisions and seeds, which reproduces the same draws.
 *
 * Ownership: questions and labels passed in are copied by the engine when it
 * needs to keep them; the rules keep ownership of their state struct's
 * contents (the engine owns the memory).
 */
#ifndef UMPIRE_RULES_H
#define UMPIRE_RULES_H

#include <stddef.h>
#include "umpire/doc.h"
#include "umpire/error.h"
#include "umpire/strbuf.h"

struct ctx; /* engine context, opaque */
struct state_decl; /* see statedecl.h */
struct svg; /* see svg.h */

#define Q_MAX_OPTIONS 160
#define Q_OPTION_LEN 48
#define Q_TEXT_LEN 200
/* room for every word of a full option named (an attack's hex and its
 * units, "hex:2505 unit:1M unit:9GT ..."): each word of two characters
 * or more of an option of Q_OPTION_LEN, with its kind */
#define Q_TARGETS_LEN 128

/* rule, key and role must point to storage that outlives the run (string
 * literals): the engine keeps the pending question after play() is left. */
struct question {
	const char *rule;      /* rule section it comes from: "7.3" */
	const char *key;       /* stable answer key: "ca-continue" */
	const char *role;      /* who decides: "player", "german", ... */
	char text[Q_TEXT_LEN]; /* English prompt, one sentence */
	size_t n;              /* number of legal answers (>= 1) */
	char options[Q_MAX_OPTIONS][Q_OPTION_LEN]; /* legal answers, exact */
	int free_text;         /* set by the engine for ctx_ask_text: the
				  options are examples, not the list */
	int more;              /* set by the rules: they stopped listing
				  examples at ctx_examples(), and there
				  are more */
	const char *scope;     /* set by the rules after q_init, for a key
				  with scopes (struct standing_key): which
				  one this asking is, a static string
				  ("attacker"); NULL (q_init): none */
	const char *preferred; /* set by the rules after q_init: the answer
				  an order template gives (a static string,
				  legal when asked: "auto", the placement
				  policy), where the rules have a choice a
				  player would make; NULL (q_init): the
				  first option. Not part of what a view
				  or a checkpoint keeps of the question */
	const char *form;      /* set by the rules after q_init, for a
				  free-text question (ctx_ask_text): the
				  parts of an answer, a static string
				  (below); NULL (q_init): none declared */
	int keeps_state;       /* set by the rules after q_init, for
				  ctx_ask_text: its check leaves the state
				  as it found it (it puts back what a trial
				  changes), so that the desk's probes
				  (engine_step.probe) need not save and
				  restore the whole state for each answer;
				  0 (q_init): they do */
	/* What each option names on the board (q_target): words
	 * "KIND:ID" separated by single spaces, "" none. For the desk
	 * (umpire desk), which lights those pieces and places; never part
	 * of an answer, a view or a checkpoint. */
	char targets[Q_MAX_OPTIONS][Q_TARGETS_LEN];
};

/* Start a question; text is printf-style. */
void q_init(struct question *q, const char *rule, const char *key,
	    const char *role, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* Add one legal answer (printf-style). Answers are lowercase words
 * separated by single spaces, e.g. "move 2 center north". */
void q_add(struct question *q, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * What the option last added names on the board: a piece or place of
 * kind ("unit", "hex", "card", "box", "area", "town", "city"), id as
 * the game writes it in answers and as its render() spots it
 * (svg_spot). Declared by the rules
 * where they add the option, so that the desk lights what an option
 * names without reading its English. Several calls name several things
 * (a move: its unit, then its hex); a word that does not fit
 * Q_TARGETS_LEN is dropped (the desk then lights less; the answer is
 * checked the same). Nothing before the first q_add.
 *
 * A free-text question's form (struct question.form) says how the desk
 * builds an answer by clicks: one or more alternatives separated by
 * " | " (a bar between spaces), the first the one a click follows
 * until the player picks another; each alternative is parts separated
 * by single spaces, each a kind (one piece or place of that kind, its
 * id written), a kind followed by "..." (one or more of them,
 * separated by spaces), kinds joined by "," (one piece of each, their
 * ids written joined by ","), a lowercase word written as it stands
 * ("to"), or "[a|b]" (optionally one of those words). "unit to hex |
 * unit hex...": "35G to 4527" or "35G 4426 4527"; "hex unit...
 * [mobile|assault] | hex,hex unit... [mobile|assault]": "2505 1M 9GT"
 * or "2505,2506 1M 9GT". Declare an alternative only where the rules'
 * check takes it. The rules check the whole answer as ever; the form
 * only guides the clicks.
 */
void q_target(struct question *q, const char *kind, const char *id);

/*
 * Ask q->role. Returns the index of the chosen option. The answer comes from
 * the orders of the current step: first from its `answers` list, in order,
 * while no random result has been drawn in the step; otherwise from its
 * `standing` orders (key -> answer), if that answer is legal now. If neither
 * gives one, the step ends here and the question becomes the pending one.
 */
size_t ctx_ask(struct ctx *c, const struct question *q);

/*
 * A question whose answer is free text, checked by the rules: a path of
 * hexes ("1628 1527"), a list of attackers. check() returns 0 for a legal
 * answer, else writes why (naming the rule that forbids it) and returns
 * -1. q->options hold example answers for the order template, and the
 * first must be legal (the template's default answer). Answered like
 * ctx_ask (answers, then standing orders); returns the answer, which
 * stays valid until play() returns.
 */
const char *ctx_ask_text(struct ctx *c, const struct question *q,
			 int (*check)(void *user, const char *answer,
				      char *why, size_t size),
			 void *user);

/*
 * Whether the question about to be asked with this key may be shown to
 * someone: left pending at the end of the run, filled in by a template,
 * kept by a snapshot, or listed in a refusal. It is not when the next
 * answer of this step's orders, or else the first answer of the next
 * step's, answers it: the engine then keeps only its rule, key and
 * role. The rules may then leave out what only shows the question to a
 * player (the example answers of ctx_ask_text: most of the cost of
 * replaying a long hex game); the question must still have at least
 * one option, and an answer is still checked in full.
 */
int ctx_shown(const struct ctx *c, const char *key);

/*
 * Whether the current step's orders give role, as the answer to a
 * question of this key asked now, the answer value (compared as
 * answers are): the next of its answers, or in advance the first left
 * of that key (never a standing order). A question whose one legal
 * answer is "done" (nothing left to attack, no unit left to move) is
 * asked only then, so that the "done" a player wrote, not knowing it
 * would not be needed, is taken, not reported unused; when the orders
 * do not give it the question is not asked and the step does not end
 * there.
 */
int ctx_given(const struct ctx *c, const char *role, const char *key,
	      const char *value);

/*
 * How many example answers are worth computing for the free-text
 * question about to be asked with this key: 1 when it is not shown
 * (ctx_shown), else the most that any reader of this run sees (a status
 * or a report shows a few; an order template, all: SIZE_MAX). Never 0:
 * rules that stop when they find no legal answer among their examples
 * (a phase with nothing left to do) then decide it alike in every run,
 * whether or not the next step's orders answer the question; a question
 * asked in one run and not in another would end a step at different
 * places. Rules that list fewer examples than they could set q->more,
 * and the reader is told that there are more.
 */
size_t ctx_examples(const struct ctx *c, const char *key);

/* Zeroed scratch memory for the rules (trial copies of the state),
 * freed by the engine when the run ends, however it ends (a question
 * may suspend play() at any point): the rules keep no memory of their
 * own between calls and no static buffers. */
void *ctx_scratch(struct ctx *c, size_t size);

/* A place where play() may start again: called by the rules where
 * everything play() will do next follows from the state as it is (the
 * top of its phase loop, say), with no local variable of play() or its
 * callees carrying anything forward. A later run may then start play()
 * from this state instead of from the beginning (struct resume_point,
 * engine.h), which is how per-turn commands avoid replaying a whole
 * game. Optional: a game that never calls it is always replayed from
 * its start. A checkpoint is kept only where the state its save reads
 * back into is the play's, byte for byte (checkpoint.c, point_node): the
 * play keeps nothing its save leaves out, or keeps it in one form (a
 * slot let go is 0; Race to the Reichstag's rt_settle). */
void ctx_checkpoint(struct ctx *c);
/* ctx_checkpoint in a loop that asks many questions a step (a unit set
 * up or moved at each turn of it): taken only where the step has no
 * answer left for the next question, so where the step may end there.
 * Played one decision a mail, each step then has its checkpoint at its
 * end and a later command resumes there, not at the phase's start;
 * played a whole turn a mail, the state is not copied at every unit. */
void ctx_checkpoint_at_end(struct ctx *c);

/* A uniform die roll 1..sides, logged with purpose. */
int ctx_die(struct ctx *c, const char *purpose, int sides);
/* The role the following draws are for (whose luck they are, for the
 * luck report of umpire dice --summary), until set again; NULL or ""
 * returns to the default: the side that alone sees a draw, else the
 * actor of the step. */
void ctx_draw_for(struct ctx *c, const char *role);

/* What the next draw is for, in the step's actor's words, when the
 * purpose alone does not say it ("at 2416 (hexside 2415-2416)" after
 * "18.2 bridge"): the template's line where the step ends for him at
 * that draw says it after the purpose. Never recorded (the draw's
 * purpose, its `for` in the game file, is signed and hashed as it
 * was), so it names only what the actor may see; forgotten at the next
 * draw. Call it just before that draw. */
void ctx_draw_about(struct ctx *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * A uniform pick of one of n items (the cards left in a deck, the counters
 * in a cup), logged with its purpose, the pool's name and size, and the
 * label of the item picked. labels[i] names item i; items must be listed in
 * the pool's canonical order (so that anyone re-deriving gets the same
 * item). Returns the index picked.
 */
size_t ctx_pick(struct ctx *c, const char *purpose, const char *pool,
		size_t n, const char *const *labels);

/*
 * The same as ctx_pick, for a result that only `side` may see (a card
 * dealt into that side's hand), or nobody if side is NULL (a card dealt
 * face down). Reports, views and `umpire dice` show it to the others as a
 * hidden result; the full game file keeps it for the audit.
 */
size_t ctx_pick_for(struct ctx *c, const char *side, const char *purpose,
		    const char *pool, size_t n, const char *const *labels);

/*
 * The rules are about to consult something that side may not see (a
 * face-down card compared, a hidden unit revealed) to decide what
 * happens next, even if the result is then shown to all. When side
 * orders the current step, the step ends there for him, as at a draw:
 * no more of his answers is used as given in the step (they are carried
 * as answers in advance), and a check of his orders without the seed
 * (umpire sign --game) stops there, so that what it says can depend on
 * nothing he cannot see. Call it before the hidden part is read.
 */
void ctx_consult(struct ctx *c, const char *hidden_from, const char *rule);

/* Where the game is, for labelling draws and events ("turn 3",
 * "German action phase"). Call at every turn and phase change. */
void ctx_where(struct ctx *c, int turn, const char *phase);

/* A report event: rule section and one English sentence. */
void ctx_event(struct ctx *c, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* An event that only `side` may read ("You draw the 5"); pair it with a
 * public ctx_event when the others should learn that something happened
 * ("The German draws a card"). */
void ctx_event_to(struct ctx *c, const char *side, const char *rule,
		  const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/*
 * A mark of what changed, for drawing the last step on the board (umpire
 * render): kind is "move" (from -> to), "combat" (at `from`, against
 * `to` or ""), "lost" (a unit removed at `from`) or "placed"; from and to
 * are the game's place ids (hex numbers, town ids, area names); label
 * names the unit or the result. visible as for ctx_event_to ("" all).
 */
void ctx_mark(struct ctx *c, const char *visible, const char *kind,
	      const char *from, const char *to, const char *label);
/* A move's mark with the path the unit took: path, the places it
 * entered in order, separated by single spaces, the last one `to` (as
 * the rules resolved them, a move cut short ending where it stopped);
 * "" or NULL, or a path longer than struct mark holds: a straight move
 * (ctx_mark). */
void ctx_mark_path(struct ctx *c, const char *visible, const char *from,
		   const char *to, const char *label, const char *path);

/* What the engine hands render(): the marks of one step. */
struct mark {
	char kind[16];
	char from[24];
	char to[24];
	char label[48];
	char visible[32];
	char path[208];         /* a move's places entered (ctx_mark_path) */
};

/*
 * Hidden information in views (umpire view): a ruleset's view() builds what
 * one side may see of the state, and passes each part that side may not see
 * through redactor_hide(), which replaces it by a commitment: a hash of a
 * secret salt and the part, which the audit later checks against the full
 * state. Parts are redacted in a fixed order, so that the same state gives
 * the same view.
 */
struct redactor;
struct doc_node *redactor_hide(struct redactor *r, struct doc *d,
			       const struct doc_node *hidden);

/* A question that standing orders may answer, for order templates. */
struct standing_key {
	const char *key;       /* question key */
	const char *rule;      /* rule section */
	const char *help;      /* what the standing answer does */
	const char *example;   /* an answer, for the template */
	int persist;           /* with ruleset.standing_persist: stays in
				  force in later steps (a question the
				  opponent's turn asks of this side) */
	const char *policy;    /* games with hidden information: the
				  answers (space-separated words) that
				  may stay in force, each a policy the
				  rules turn into a legal answer whenever
				  they ask this question ("auto"); NULL:
				  none stays in force in such a game */
	const char *scopes;    /* the scopes its questions name
				  (question.scope), space-separated words,
				  or NULL: a standing order KEY-SCOPE
				  answers only the questions of that scope
				  (umpire-orders(5), SCOPES) */
	const char *unscoped;  /* with scopes: the scopes (words) the
				  bare KEY answers; NULL: the scope of the
				  first question of the key its own step
				  asks (the phase it was written for), and
				  none in a later step */
};

/* What a side that sent nothing answers to a question of this key, by
 * the rules (the game's clock, on-late=standing: umpire-protocol(7),
 * THE JUDGE'S CLOCK): the answer a player at the table who sends
 * nothing gives, taken from the rulebook, never a choice of the judge.
 * A late step (engine_step.late) answers its actor's questions with
 * the actor's kept standing orders first (ruleset.standing_persist),
 * then with this; where the answer is not legal when asked (an attack
 * the rules make compulsory, a reinforcement that may not be held
 * back), or the key has none, the rules give a side that sent nothing
 * no answer there, and the late step ends at that question. */
struct late_answer {
	const char *key;       /* question key */
	const char *rule;      /* the rule that makes it the answer */
	const char *answer;    /* the answer, as an order file gives it */
	/* when answer is not legal then (an act the rules compel, such as
	 * an attack owed): the first legal answer the rules list for the
	 * question, so that where a late step ends never hangs on what
	 * the other sides cannot see; 0: the step ends there */
	int owed_first;
};

/* The standing key of rs that the order file's key `name` gives: KEY,
 * or KEY-SCOPE for one of its scopes (*scope then points at the scope
 * in name, else NULL); NULL for none. */
const struct standing_key *standing_key_find(const struct standing_key *k,
					     const char *name,
					     const char **scope);

struct ruleset {
	const char *id;        /* scenario/rules id: "arnswalde-1945" */
	const char *version;   /* rules version, bumped on any change of play */
	const char *const *sides; /* acting roles, NULL-terminated */
	size_t state_size;
	/* Build the start state from the scenario's `data` mapping and the
	 * game's options (a mapping, already checked against the scenario's
	 * option list). No randomness here. */
	int (*setup)(void *st, const struct doc *scn,
		     const struct doc_node *data,
		     const struct doc_node *options, struct error *err);
	/* Play from the state as it is until the game is over (return) or the
	 * engine suspends (no return). */
	void (*play)(struct ctx *c, void *st);
	/* State to a mapping (canonical: the same state gives the same tree),
	 * and back (for test positions). load starts from a setup() state and
	 * overrides what the mapping gives. */
	struct doc_node *(*save)(const void *st, struct doc *d);
	int (*load)(void *st, const struct doc *d, const struct doc_node *map,
		    struct error *err);
	/* What `side` may see of the state: like save(), with hidden parts
	 * passed through redactor_hide(). NULL for games without hidden
	 * information (the view is then the saved state). */
	struct doc_node *(*view)(const void *st, const char *side,
				 struct doc *d, struct redactor *r);
	/* A view's state back to a state that render() and position() can
	 * draw for `side`: like load(), with each redacted part filled by a
	 * stand-in of the right size that is never shown to that side. NULL
	 * for games without view(), whose views hold the saved state. */
	int (*load_view)(void *st, const struct doc *d,
			 const struct doc_node *map, const char *side,
			 struct error *err);
	/* The position for a report, lines of at most MAIL_COLUMNS; side is
	 * the reader (NULL: everything, for the referee), and a game with
	 * hidden information shows only what that side may see. */
	void (*position)(const void *st, const char *side,
			 struct strbuf *out);
	/* Optional: every piece as side may see it, for `umpire report
	 * --roster`, in a game whose position() lists only the pieces that
	 * changed (NULL: the position already shows them all). */
	void (*roster)(const void *st, const char *side,
		       struct strbuf *out);
	/* Draw the board as side may see it (NULL: everything), with the
	 * marks of the last step (moves as arrows, combats marked). */
	void (*render)(const void *st, const char *side,
		       const struct mark *marks, size_t n_marks,
		       struct svg *out);
	/* If the game is over, write the result line and return 1; else 0. */
	int (*result)(const void *st, struct strbuf *out);
	/* Keys that standing orders may usefully answer ({NULL}-ended). */
	const struct standing_key *standing;
	/* Standing orders stay in force: a question of a role that does not
	 * order the current step (a defender's support, retreat or advance
	 * in the attacker's step), or that comes after a draw, is answered
	 * by the standing orders of that role's latest step, if legal, and
	 * the step goes on; only for the keys marked persist (never a
	 * move or an attack, which a player decides in view of the board
	 * his mail answers; at most the policy answers of the start of
	 * his own turn, such as "no Maximum Effort"). They were
	 * signed before this step's seed existed, so they cannot be
	 * chosen with its draws in view. In a game with hidden information
	 * (view() set), only a key's policy answers stay in force: whether
	 * a kept answer was legal shows to everyone (the step goes on or
	 * ends), and an answer that is legal whatever the hidden parts are
	 * tells nothing of them. */
	int standing_persist;
	/* The state's declaration (statedecl.h), from which save, load,
	 * view and load_view are made and umpire-protocol(7) VIEWS says
	 * what a view holds; NULL for a game that writes them by hand. */
	const struct state_decl *state;
	/* The most steps that other roles can order in a row, between two
	 * steps of one side or before its first, by the rules of the game:
	 * a view lists no more steps after its side's own latest step
	 * (umpire-protocol(7), VIEWS), so that a referee and an opponent
	 * together cannot make a side reveal a chain link further ahead.
	 * STEPS_UNBOUNDED where the rules set no bound below the chain
	 * length. Every ruleset declares it, with its reason. */
	size_t max_steps_between;
	/* Optional: the question pending at a state that play() cannot
	 * reach again from that state, because it is asked in the middle
	 * of something the state does not hold (a combat's result, after
	 * its die: Race to the Reichstag's 13.0 retreat and 14.0 advance),
	 * asked again from the state alone, for the check of a side's
	 * answers on its view (check.c). next is the question as play()
	 * asked it (rule, key, role and text; its options may be missing):
	 * its text must say, with the state, all that the answer's check
	 * reads, and resume asks it again with the same words and the
	 * same check of the answer (ctx_ask, ctx_ask_text) as play(), then
	 * returns 1: what follows in play() is not played (the rest of the
	 * step is checked when it is adjudicated). 0, without asking:
	 * next is not such a question, or its text does not say enough.
	 * It never changes what play() does. */
	int (*resume)(struct ctx *c, void *st, const struct question *next);
	/* The answers of a side that sent nothing ({NULL}-ended; struct
	 * late_answer), or NULL: the rules give none (a game of one side,
	 * where no opponent waits), and on-late=standing is refused for
	 * the scenario with late_refused as the reason. */
	const struct late_answer *late;
	const char *late_refused;
};

/* The late answer rs gives for key, or NULL. */
const struct late_answer *late_answer_find(const struct ruleset *rs,
					   const char *key);

#define STEPS_UNBOUNDED ((size_t)-1)

/* The registry of all rulesets (NULL-terminated) and lookup by id. */
extern const struct ruleset *const rulesets[];
const struct ruleset *ruleset_find(const char *id);

#endif
