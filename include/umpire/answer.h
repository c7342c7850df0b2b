/*
 * answer.h - the judge's sealed answer to a side (umpire-protocol(7),
 * VIEWS, Sealed answers): a text the game's referee signed (an embedded
 * signature block whose trusted comment names the game, the step, the
 * side and the kind), sealed to the side's key. A sealed box names no
 * sender (anyone who knows the side's public key can seal a text to
 * it): the signature inside is what makes it the referee's.
 *
 * Ownership: struct sealed_answer owns its text (answer_free); signer
 * and side point into the game given to answer_open, which must
 * outlive it.
 */
#ifndef UMPIRE_ANSWER_H
#define UMPIRE_ANSWER_H

#include <stddef.h>
#include "umpire/error.h"
#include "umpire/game.h"
#include "umpire/keys.h"
#include "umpire/strbuf.h"

/* The trusted comment of an answer's reason: "umpire/1 game=G step=N
 * side=S answer" (a signed refusal's ends in "refusal": refusal.h). */
void answer_comment(const char *game, long long step, const char *side,
		    char *out, size_t size);

/*
 * The sealed answer to side of game g for step step into out: refusal
 * (may be NULL), the referee's signed refusal of that step, sealed as it
 * is; else reason (len bytes), signed here with sk (the referee's key)
 * under answer_comment, then sealed to side's key.
 */
int answer_seal(const struct game *g, long long step, const char *side,
		const struct strbuf *refusal, const char *reason, size_t len,
		const struct seckey *sk, struct strbuf *out,
		struct error *err);

struct sealed_answer {
	char *text;             /* what the box holds, signature block and
				   all (malloc'd, NUL-terminated) */
	size_t len;
	const char *signer;     /* the role of the game whose key signed */
	const char *side;       /* the role it is for: sk's */
	long long step;
	int refusal;            /* a signed refusal, else a reason */
};

/*
 * Open the sealed answer buf (name for messages) with sk and check it
 * against g, the game as the opener knows it (its roles' keys): the text
 * inside signed by the key of g's referee, its trusted comment naming
 * g, the role of sk's key and a step, as a refusal or an answer.
 * Refused (EXIT_REFUSED), saying why: a text no party of g signed (no
 * signature, another key's, altered), one signed by a side, one naming
 * another game or side.
 */
int answer_open(const char *name, const char *buf, size_t len,
		const struct seckey *sk, struct game *g,
		struct sealed_answer *out, struct error *err);
void answer_free(struct sealed_answer *a);

#endif
