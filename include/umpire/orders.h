/*
 * orders.h - order files: what one role decides for one step.
 *
 *   umpire: orders/1
 *   game: <32 hex digits>
 *   step: <n>
 *   side: <role>
 *   prev: <base64: the hash of step n-1, or the genesis hash for step 1>
 *   reveal: <base64: the role's chain link for this step>
 *   vouch: <base64: Ed25519 of the trusted comment below; required in
 *           games with views, so that a view can show the step was
 *           ordered without showing the orders>
 *   late: standing      # only a late step's, made and signed by the
 *                       # judge; then no answers, no standing
 *   answers:            # in the order the rules ask
 *   - <key>: <answer>
 *   standing:           # optional: answers for questions asked later
 *     <key>: <answer>
 *
 * Ownership: struct orders owns its doc; every pointer in it points into
 * that doc. orders_free releases it.
 */
#ifndef UMPIRE_ORDERS_H
#define UMPIRE_ORDERS_H

#include "umpire/doc.h"
#include "umpire/engine.h"
#include "umpire/keys.h"

/* The template's comment line naming the role the signed orders go to
 * (the counter-party: the referee in a game with one), as
 * "# Mail the signed orders to ROLE."; umpire mail reads it. It is a
 * hint for addressing, never trusted for anything else. */
#define ORDERS_MAIL_TO "Mail the signed orders to "

struct orders {
	struct doc *doc;
	const char *game;
	long long step;
	const char *side;
	unsigned char prev[32];     /* the history the orders were made on */
	unsigned char reveal[32];
	unsigned char vouch[64];    /* has_vouch: the actor's vouch */
	int has_vouch;
	int late;                   /* the marker "late: standing": a late
				       step's, written by the judge */
	struct answer *answers;
	size_t n_answers;
	struct answer *standing;
	size_t n_standing;
};

int orders_parse(const char *name, const char *body, size_t len,
		 struct orders *o, struct error *err);
struct memo;
/* orders_parse, the YAML's tree taken from a judge's memo (memo.h) where
 * it parsed these very bytes before (a step's orders are read at its
 * intake, its adjudication and its read-back, and by each later
 * message's replay from the checkpoint before it), else parsed and kept;
 * everything after the parse done as ever. memo NULL: orders_parse. */
int orders_parse_memo(const char *name, const char *body, size_t len,
		      struct memo *memo, struct orders *o,
		      struct error *err);
void orders_free(struct orders *o);
/* The orders' document replaced by one that holds only what o points to
 * (its name, game, side, answers and standing orders), in one chunk of
 * their size: what a whole game's check keeps of each step's orders
 * (game.pack_orders) in place of the parsed file, several times larger. */
void orders_pack(struct orders *o);

/* The trusted comment that binds an order file to its context. */
void orders_comment(const char *game, long long step, const char *side,
		    char *out, size_t size);

/* The vouch of an order file: pure Ed25519 over its trusted comment,
 * "umpire/1 game=G step=N side=S", made with the side's key. A view
 * carries it for each step it lists, so that nobody but the actor can
 * make a step appear ordered (umpire-protocol(7), VIEWS). */
void orders_vouch(const struct seckey *sk, const char *game, long long step,
		  const char *side, unsigned char sig[64]);
/* 0 if sig is side's vouch for the step under pk. */
int orders_vouch_check(const struct pubkey *pk, const char *game,
		       long long step, const char *side,
		       const unsigned char sig[64]);

#endif
