/*
 * refusal.h - a referee's signed refusal of one order file in referee
 * mode (umpire-protocol(7), REFUSED ORDERS; umpire(1), adjudicate
 * --refusal, orders and sign --refused).
 *
 * A refusal names the game, the step, the side, the hash of the signed
 * order body refused and the reason, and is signed by the referee's key
 * as an order file is (canonical text, embedded minisign block). With it
 * the side's local record lets that side's key sign another order file
 * for that step (record.h, record_refuse).
 *
 * Ownership: struct refusal owns its doc (the reason points into it);
 * refusal_free releases it.
 */
#ifndef UMPIRE_REFUSAL_H
#define UMPIRE_REFUSAL_H

#include <stddef.h>
#include "umpire/doc.h"
#include "umpire/error.h"
#include "umpire/game.h"
#include "umpire/keys.h"
#include "umpire/strbuf.h"

#define REFUSAL_FORMAT "refusal/1"

struct refusal {
	struct doc *doc;
	char game[GAME_ID_HEX + 1];
	long long step;
	char side[64];
	unsigned char orders[32];  /* hash of the refused signed body */
	struct strbuf reason;      /* the reason, its lines joined */
	unsigned char hash[32];    /* hash of the refusal's signed body */
};

/* The trusted comment of a refusal: "umpire/1 game=G step=N side=S
 * refusal". */
void refusal_comment(const char *game, long long step, const char *side,
		     char *out, size_t size);

/* Append the signed refusal text (sk: the referee's key). */
int refusal_make(const char *game, long long step, const char *side,
		 const unsigned char orders[32], const char *reason,
		 const struct seckey *sk, struct strbuf *out,
		 struct error *err);

/* Read a refusal received (mail around it tolerated), check the
 * signature against referee (the game's referee key) and its fields. */
int refusal_load(struct refusal *r, const char *path,
		 const struct pubkey *referee, struct error *err);
void refusal_free(struct refusal *r);

#endif
