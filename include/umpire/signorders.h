/*
 * signorders.h - a file signed as umpire sign and umpire orders --sign
 * sign it: an order file checked (it answers something; against its
 * game or the side's view when one is given), recorded once a step in
 * the key's local record (a refusal releases the step), the template's
 * comments left out; an embedded signature, or a detached .minisig.
 *
 * Ownership: the request borrows everything it names; the signed text
 * is appended to out, which the caller frees.
 */
#ifndef UMPIRE_SIGNORDERS_H
#define UMPIRE_SIGNORDERS_H

#include <stddef.h>
#include "umpire/error.h"
#include "umpire/game.h"
#include "umpire/keys.h"
#include "umpire/loadgame.h"
#include "umpire/strbuf.h"

/* The most umpire sign reads of a file to sign, or of --refused's. */
#define SIGN_MAX_INPUT (16u << 20)

struct sign_request {
	const char *file;          /* its path ("-": stdin; base name in
				      messages) */
	const char *buf;           /* its bytes */
	size_t len;
	const struct seckey *sk;   /* the signer's key; NULL only with check */
	const char *comment;       /* the trusted comment; NULL: "umpire/1
				      game=G step=N side=S" from the file */
	int detached;              /* a .minisig of the file as it is */
	/* GAME or VIEW (referee mode) the orders are checked against
	 * before anything is signed, or NULL */
	const char *game;
	/* check only: nothing signed, recorded or written (game required) */
	int check;
	/* REFUSAL: the referee's signed refusal, with view its VIEW; or,
	 * with view NULL, the order file this key signed that game
	 * refuses (open and honour modes); or NULL */
	const char *refused, *view;
	struct loader loader;      /* where games are read; notes on msg */
	/* check's key for a view, told whether it is sealed: 0 and *sk
	 * (may stay NULL: the view is read unkeyed), or -1; NULL: none */
	int (*view_key)(void *ctx, int sealed, struct seckey **sk,
			struct error *err);
	void *ctx;
	/* a game or view the orders were checked against (where umpire
	 * mail sends is kept from it), or NULL */
	void (*seen)(const struct game *g);
};

/*
 * Sign rq's file; the text to write goes to out (nothing with check).
 * referee may be NULL; else, when *referee is set on entry and the
 * orders were checked against a view with a referee role (not
 * detached), the view's referee key is written there; else *referee
 * becomes NULL. 0, or -1 and err.
 */
int sign_orders(const struct sign_request *rq, struct strbuf *out,
		struct pubkey **referee, struct error *err);

/* umpire-orders(5): an order file answers at least the pending
 * question; 0, else -1 and err (files that are not order files: 0). */
int orders_answer_something(const char *name, const char *buf,
			    size_t len, struct error *err);
/*
 * What a signature of the file buf covers and says: its trusted
 * comment (comment, else "umpire/1 game=G step=N side=S" from the file)
 * into tc; unless detached (the file as it is), the file without the
 * template's comment lines where they change nothing, in canonical
 * text (canonical_text), into body. 0, else -1 and err.
 */
int orders_signed_text(const char *name, const char *buf, size_t len,
		       const char *comment, int detached, struct strbuf *tc,
		       struct strbuf *body, struct error *err);
#endif
