/*
 * request.h - a party's signed request to the judge (umpire(1), ask;
 * umpire-protocol(7), REQUESTS): "send me my letter of the game as it
 * stands again" (a lost letter is never final; the letter says where
 * the game stands). Signed by the side's key as an order file is
 * (canonical text, embedded minisign block):
 *   umpire: request/2
 *   game: GAME-ID
 *   side: SIDE
 *   step: N            the steps of the file it was made from
 *   nonce: HEX         16 fresh random bytes, 32 lower-case hex digits
 *   ask: letter
 * with the trusted comment
 *   "umpire/1 game=G side=S step=N nonce=HEX request".
 * It asks nothing that the side may not have, and changes nothing. The
 * nonce makes each request one of its own: the judge answers it once,
 * and a copy sent again by anyone (a relay that saw it) spends nothing
 * (src/judge/answers.c); the step orders a side's requests, so that
 * one older than the side's latest is not answered either. A
 * request/1 (no nonce) is refused, naming request/2.
 *
 * Ownership: nothing is kept; the signed text is appended to out.
 */
#ifndef UMPIRE_REQUEST_H
#define UMPIRE_REQUEST_H

#include <stddef.h>
#include "umpire/error.h"
#include "umpire/game.h"
#include "umpire/keys.h"
#include "umpire/strbuf.h"

#define REQUEST_FORMAT "request/2"
/* the format before the nonce: refused by name */
#define REQUEST_FORMAT_1 "request/1"
#define REQUEST_NONCE_BYTES 16
#define REQUEST_NONCE_HEX (2 * REQUEST_NONCE_BYTES)
/* the largest step a request names (as a view's step) */
#define REQUEST_MAX_STEP 1000000000LL

/* What a request checked says. */
struct request {
	char side[64];
	long long step;
	char nonce[REQUEST_NONCE_HEX + 1];
};

/* side's request of game made from a file of step steps, with a fresh
 * nonce, signed with sk, appended to out. */
int request_make(const char *game, const char *side, long long step,
		 const struct seckey *sk, struct strbuf *out,
		 struct error *err);

/* Whether buf (name) is a request for g signed by the key of the side
 * it names, of a step g has (at most g's steps): what it says into
 * rq, every field from the signed text. */
int request_check(const char *name, const char *buf, size_t len,
		  struct game *g, struct request *rq, struct error *err);

#endif
