/*
 * auditview.h - views audited against the game they are of: each must
 * be exactly what the referee should have sent (umpire audit --view,
 * umpire replay --game).
 *
 * Ownership: the request borrows everything it names; the key its
 * seal_key gives is audit_views' to free.
 */
#ifndef UMPIRE_AUDITVIEW_H
#define UMPIRE_AUDITVIEW_H

#include <stddef.h>
#include <stdio.h>
#include "umpire/engine.h"
#include "umpire/error.h"
#include "umpire/game.h"
#include "umpire/keys.h"

struct audit_views_request {
	struct game *g;
	const struct run *run;         /* a check of g */
	const char *const *views;      /* the views' files (or mail) */
	size_t n;
	const char *scenario_dir;
	FILE *msg;                     /* where a skipped letter is said */
	/* the key a sealed view is opened with, asked at the first sealed
	 * view (an unsealed one asks no passphrase) and kept: 0 and *sk,
	 * which may stay NULL (then the view is refused as view_load
	 * refuses one), or -1 and err; NULL: none */
	int (*seal_key)(void *ctx, struct seckey **sk, struct error *err);
	void *ctx;
};

/* Each view of rq (opened, if sealed, with seal_key's key) is exactly
 * what the referee should have sent: the game's redaction for its side
 * and step, rebuilt from rq->run. A file that is a letter of the
 * judge's with no view (letter_not_view) is skipped, said so on
 * rq->msg, and counted in *skipped (may be NULL). 0, or -1 and err. */
int audit_views(const struct audit_views_request *rq, size_t *skipped,
		struct error *err);

#endif
