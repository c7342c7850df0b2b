/*
 * check.h - an order file checked before it is signed or adjudicated,
 * without the step's seed: its answers run from the position as the
 * side sees it up to where the step ends for that side (the first draw,
 * another side's question, something hidden from it consulted:
 * ctx_consult), and no further (umpire-protocol(7), VIEWS; the answers
 * after it are answers in advance, umpire-orders(5)).
 *
 * On a view, the hidden parts are stand-ins (ruleset.load_view) that
 * the check never reaches: it stops where the rules consult them. So a
 * refusal it gives depends on nothing the side cannot see, and the
 * referee gives a signed refusal only where this check on the side's
 * view refuses with the same words as the check on the whole state.
 */
#ifndef UMPIRE_CHECK_H
#define UMPIRE_CHECK_H

#include "umpire/doc.h"
#include "umpire/engine.h"
#include "umpire/error.h"
#include "umpire/orders.h"
#include "umpire/scenario.h"
#include "umpire/strbuf.h"

/* Refuse a standing order that no question of the rules takes. */
int check_standing(const struct scenario *scn, const char *name,
		   const struct orders *ord, struct error *err);

/* What a check run (STEP_CHECK) says of n answers, one line: how many
 * were checked and where the check stopped. */
void check_said(const struct run *run, size_t n, struct strbuf *out);

/* What each answer of ord the check played did, as actor may read it
 * (the events of the run's last step each told, the actor's own where
 * there are any, else every party's; "nothing happens" where the rules
 * told nothing), a line each, answers alike in a row as one: so that a
 * template signed as it is says what its defaults do before it is
 * mailed. */
void check_told(const struct run *run, const struct orders *ord,
		const char *actor, struct strbuf *out);

/*
 * The answers of ord (for side) run on side's view: the view's state
 * (node of d) loaded with stand-ins for what side cannot see, then
 * play() from there. Returns 0 with *said filled (check_said), -1 with
 * err when the answers are refused or the view cannot be loaded, and 1
 * with *said saying so when the rules do not ask next, from the view's
 * state, the question the view says is next (rule, key and role): a
 * game that cannot resume from a view's state is not checked.
 */
int check_on_view(const struct scenario *scn, const struct doc_node *opts,
		  const struct doc *d, const struct doc_node *state,
		  const char *side, const struct question *next,
		  const char *name, const struct orders *ord,
		  struct strbuf *said, struct error *err);

/* The run under check_on_view: step (its actor the view's side) played
 * from the view's state; returns as check_on_view, with *run to free
 * (engine_free) when 0. Also makes order templates from a view. */
int check_view_run(const struct scenario *scn, const struct doc_node *opts,
		   const struct doc *d, const struct doc_node *state,
		   const struct question *next,
		   const struct engine_step *step, struct run *run,
		   struct strbuf *said, struct error *err);

/*
 * The question the rules ask first from side's view (its state, node of
 * d, with stand-ins), so that its text and examples come from what side
 * sees: 1 with *q when it is next (its rule, key and role), 0 when the
 * rules cannot start again there, -1 with err when the view's state
 * cannot be loaded. standing: side's standing orders in force, which
 * answer what the rules ask again from the state (they start from the
 * beginning of its phase) as they answered it in play.
 */
int check_view_question(const struct scenario *scn,
			const struct doc_node *opts, const struct doc *d,
			const struct doc_node *state, const char *side,
			const struct answer *standing, size_t n_standing,
			const struct question *next, struct question *q,
			struct error *err);

/* One paragraph (unwrapped) on a template run: the questions it lists,
 * in order (list), and where the step ends for the actor. */
void check_ahead(const struct run *run, int list, struct strbuf *out);

/* What a standing order of k does, as the order template (umpire
 * orders) and the desk say it: "rule R: HELP", then " (kept)", or
 * " (kept if a or b)" in a game with hidden information, where it stays
 * in force (ruleset.standing_persist; with hidden information, only its
 * policy answers do). Appended to out. */
void standing_key_help(const struct ruleset *rs,
		       const struct standing_key *k, struct strbuf *out);

#endif
