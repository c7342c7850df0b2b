/*
 * adjudicate.h - a step adjudicated: orders read for a game (sealed
 * ones opened), resolved under the adjudicator's key and its record,
 * and the new game file and report written, both or neither (umpire
 * adjudicate, the judge's orders and late steps).
 *
 * Ownership: the request borrows everything it names, but for buf and
 * sig, which are the caller's malloc'd buffers: adjudicate_orders may
 * replace them (sealed orders opened; a detached signature read), and
 * the caller frees what the request holds after the call. struct
 * adjudicated owns its buffers (adjudicated_free; a zeroed one is safe
 * to free).
 */
#ifndef UMPIRE_ADJUDICATE_H
#define UMPIRE_ADJUDICATE_H

#include <stdio.h>
#include "umpire/engine.h"
#include "umpire/error.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/keys.h"
#include "umpire/strbuf.h"

/* What adjudicate_orders did: the report of the new step (as umpire
 * adjudicate prints it); refused: the referee's signed refusal and the
 * side it is for, or why none may be given (both empty when it was
 * refused before the orders were read as the pending side's). */
struct adjudicated {
	struct strbuf report, refusal, refusal_why;
	const char *side;
};
void adjudicated_free(struct adjudicated *res);

/*
 * What must be durable before a new step's game file is renamed into
 * place (the judge's letters of the step): called with the game holding
 * the new step and the run that computed it, after the game file is
 * staged and the step recorded; an error abandons the step (nothing
 * written); what it writes it leaves to later to sync (fsutil.h): the
 * step's files are made durable together, once, before the rename.
 * What the run must hold for it, set by the hook's maker:
 * the events, draws and marks from step events_from on (g->events_from;
 * 0: the new step's only); its pending question has the report's few
 * examples (REPORT_EXAMPLES).
 */
struct step_hook {
	int (*before_commit)(void *ctx, struct game *g, const struct run *run,
			     struct sync_later *later, struct error *err);
	void *ctx;
	size_t events_from;
	/* may be NULL: called with the game holding the new step before
	 * its file is made (the judge records when it took the step:
	 * clock.h) */
	int (*before_emit)(void *ctx, struct game *g, struct error *err);
	/* the game file out is a store that grows by appending
	 * (gamestore.h: the judge's) */
	int append;
	/* may be NULL: the step's commit handed over (the judge's LMTP
	 * server makes the steps of several messages durable together):
	 * called where the staged files would be synced and renamed,
	 * with them (n), what later holds to sync and the store whose
	 * journal is applied once they are named (NULL: none). 0: it
	 * took them (its own to commit or abort; later left empty); 1:
	 * it did not, they are committed here as without it; -1 with
	 * err: they are aborted. */
	int (*commit)(void *ctx, struct game *g, struct staged *files,
		      size_t n, struct sync_later *later, const char *store,
		      struct error *err);
};

/* One adjudication; a field left zero takes its default. */
struct adjudicate_request {
	/* the order file's path ("-": stdin; its base name in messages),
	 * or a name of the caller's for orders it made (the judge's late
	 * step): no FILE.minisig is looked for beside a name that is no
	 * file */
	const char *orders;
	char *buf;                 /* the orders' bytes (malloc'd) */
	size_t len;
	/* their detached signature (malloc'd), or NULL: -x sigpath's,
	 * else FILE.minisig beside the orders (sign.h, detached_read),
	 * else the block embedded in them */
	char *sig;
	size_t siglen;
	const char *sigpath;
	const struct seckey *sk;   /* the adjudicator's key: required */
	const char *out;           /* the new game file; NULL: stdout */
	/* the report's file, or NULL: the report is in res only; in
	 * honour mode the report written is the view of the side whose
	 * orders were adjudicated, the one in res alone the key's own */
	const char *report;
	int full;                  /* the report shows every side */
	/* no report at all, none in res either (the judge: its letters
	 * carry each side's view, which tells the step) */
	int no_report;
	/* what was taken out of the mail around the orders (said with an
	 * error, and in a note on success), or NULL */
	const struct strbuf *notes;
	FILE *msg;                 /* where that note goes; NULL: none */
	/* called before the game file is committed, or NULL */
	const struct step_hook *hook;
};

/* The game and step the orders buf (len bytes, named name) name (sealed
 * orders: the game) against g: 0, or -1 with err when they are for
 * another game or step; a file that does not parse is left to
 * adjudicate_orders. For before the key is unlocked: orders of another
 * game cost no passphrase. */
int adjudicate_addressed(const struct game *g, const char *name,
			 const char *buf, size_t len, struct error *err);

/*
 * The orders of rq against g (parsed with GAME_PARSE_CHECKPOINTS) after
 * both are read and the key loaded: sealed orders opened, the step
 * adjudicated under the key's record (held locked to the end: two
 * adjudications of one step at once are one after the other), the new
 * game file written to rq->out and the report to rq->report, both or
 * neither. g then holds the new step. res is filled (always: free it);
 * 0, or -1 with err (EXIT_REFUSED: the orders refused, res saying
 * whether the referee may sign a refusal).
 */
int adjudicate_orders(struct game *g, struct adjudicate_request *rq,
		      struct adjudicated *res, struct error *err);

#endif
