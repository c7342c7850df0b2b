/*
 * request.h - a party's signed request to the judge (umpire(1), ask;
 * umpire-protocol(7), REQUESTS): "send me my letter of the game as it
 * stands again" (a lost letter is never final; the letter says where
 * the game stands). Signed by the side's key as an order file is
 * (canonical text, embedded minisign block):
 *   umpire: request/1
 *   game: GAME-ID
 *   side: SIDE
 *   ask: letter
 * with the trusted comment "umpire/1 game=G side=S request". It asks
 * nothing that the side may not have, and changes nothing: a copy sent
 * again by anyone gets the same answer, at the side's own address, at
 * most a few times a day in each step (src/judge/answers.c).
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

#define REQUEST_FORMAT "request/1"

/* side's request of game, signed with sk, appended to out. */
int request_make(const char *game, const char *side,
		 const struct seckey *sk, struct strbuf *out,
		 struct error *err);

/* Whether buf (name) is a request for g signed by the key of the side
 * it names: that side's name into side (size bytes). */
int request_check(const char *name, const char *buf, size_t len,
		  struct game *g, char *side, size_t size,
		  struct error *err);

#endif
