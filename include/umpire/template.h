/*
 * template.h - the order template for a pending decision: a ready-to-sign
 * order file with the legal answers as comments (umpire orders, from a
 * game file or from a side's view), and the checks a view must pass
 * before orders are made from it (umpire orders, the desk page).
 *
 * Ownership: everything passed in is borrowed, but for the game
 * template_from_game takes over (it frees it, whatever it returns); text
 * is appended to out, which the caller frees.
 */
#ifndef UMPIRE_TEMPLATE_H
#define UMPIRE_TEMPLATE_H

#include <stddef.h>
#include <stdint.h>
#include "umpire/engine.h"
#include "umpire/error.h"
#include "umpire/game.h"
#include "umpire/keys.h"
#include "umpire/orders.h"
#include "umpire/strbuf.h"
#include "umpire/view.h"

/* What one template says: side role's orders for step of game g. */
struct template {
	const struct game *g;
	size_t step;
	/* the questions asked in turn, with the answers given to them
	 * (given NULL: each the first legal one) */
	const struct question *qs;
	const char *const *given;
	size_t n_q;
	/* the template run (its questions are qs), which says where the
	 * step ends for the side; NULL when only the pending question is
	 * known */
	const struct run *ahead;
	/* the side's answers so far (--answers), or NULL: those beyond
	 * where the step ends stay in advance, its standing orders stand */
	const struct orders *prefix;
	const char *role;
	const unsigned char *prev;     /* 32 bytes: the step before's hash */
	const unsigned char *reveal;   /* 32 bytes: the side's chain link */
	const unsigned char *vouch;    /* 64 bytes, or NULL: no vouch line */
};

/* The order file t describes, its comments wrapped, appended to out. */
void template_write(const struct template *t, struct strbuf *out);

/* The key sk must be role's (else EXIT_REFUSED, step n is role's
 * decision); then role's chain link i, revealed at step n. */
int template_reveal(const struct game *g, const char *role,
		    const struct seckey *sk, size_t n, uint64_t i,
		    unsigned char reveal[32], struct error *err);

/* Answers (prefix, read from name) must be side's for step of game:
 * else EXIT_REFUSED, saying where (at: "game" or "view") is at that
 * step, side to order. */
int template_answers_at(const struct orders *prefix, const char *name,
			const char *game, long long step, const char *side,
			const char *at, struct error *err);

/* Orders may be made from view v: the game is not over, its next step
 * is v's side's decision, and the answers so far (prefix, may be NULL;
 * read from prefix_name) are for that step and side. 0, else -1 and
 * err (EXIT_REFUSED). */
int template_view_pending(const struct view *v, const struct orders *prefix,
			  const char *prefix_name, struct error *err);

/* The template of v's side, from its view alone (loaded with sk):
 * trusted by sk's record (view_trust), pending (template_view_pending),
 * the link revealed, the questions before the step ends for the side
 * run on the view (check_view_template), else the pending question
 * alone when the rules cannot start again from its state. */
int template_from_view(struct view *v, const struct seckey *sk,
		       const struct orders *prefix, const char *prefix_name,
		       struct strbuf *out, struct error *err);

/* The template of the side to order in g (parsed with
 * GAME_PARSE_CHECKPOINTS; taken over), whose key sk is: the link only
 * after the history before it is verified (sk's record), the pending
 * question asked from this machine's checkpoint; refused for a game
 * over and in referee mode (a player orders from a view). */
int template_from_game(struct game *g, const struct seckey *sk,
		       const struct orders *prefix, const char *prefix_name,
		       struct strbuf *out, struct error *err);

#endif
