/*
 * checkpoint.h - what this machine verified of a game, and where a replay
 * of it may start again (umpire(1), FILES; umpire-protocol(7), ONE
 * HISTORY PER PARTY).
 *
 * Files in $XDG_STATE_HOME/umpire/checkpoints (or ~/.local/state/umpire/
 * checkpoints): GAME, the hash of every step of the game verified on
 * this machine and of its countersignature; and GAME.N, the latest
 * checkpoint (ctx_checkpoint) in step N, for the last steps played
 * here: the engine's place in that step and the state as the rules
 * save it. It is a cache.
 * status and adjudicate write it after verifying a game (atomically,
 * not fsync'd) and read it to skip
 * the signatures of a prefix verified before (the steps must hash to
 * the same values, countersignatures included) and to replay from a
 * checkpoint instead of from the start. What does not match the game
 * exactly, or does not parse, is ignored: the game is then replayed in
 * full, and the file rewritten.
 *
 * Ownership: struct checkpoints owns its parsed file; checkpoints_close
 * releases it. No global state.
 */
#ifndef UMPIRE_CHECKPOINT_H
#define UMPIRE_CHECKPOINT_H

#include <stddef.h>
#include "umpire/doc.h"
#include "umpire/engine.h"
#include "umpire/game.h"

struct checkpoints {
	struct doc *doc;               /* the index; NULL: none usable */
	const struct doc_node *steps;  /* "HASH SIGHASH" a step */
	const struct doc_node *points; /* steps with a checkpoint file */
};

/* The file of g's game, if there is a usable one (same game, genesis
 * and rules); cp->doc stays NULL otherwise. Never fails. */
void checkpoints_open(struct checkpoints *cp, const struct game *g);
void checkpoints_close(struct checkpoints *cp);

/* Whether node, step i of a game file (0-based), is the very step i
 * verified here (the hash of its encoding, signature included): then
 * *hash receives the step's hash. */
int checkpoints_vouch_node(const struct checkpoints *cp, size_t i,
			   const struct doc_node *node, unsigned char hash[32]);

/* Whether step i of g (0-based, its hash computed) is the step i
 * verified here, countersignature included. */
int checkpoints_vouch(const struct checkpoints *cp, const struct game *g,
		      size_t i);

/* The latest checkpoint taken in one of steps 1..steps of g (those
 * vouched for), its state loaded onto a copy of g's start state: 0; -1
 * when there is none; -2 when its file does not read (the files are
 * then worth writing anew). The caller frees out with
 * resume_point_free. */
int checkpoints_point(const struct checkpoints *cp, const struct game *g,
		      size_t steps, struct resume_point *out);

/* Whether the file already says all that a write would: every step of g
 * vouched and a checkpoint in its last step. */
int checkpoints_current(const struct checkpoints *cp, const struct game *g);

/* Write the file anew after g was verified in full (its steps) by run:
 * every step of g, and the run's checkpoints in those steps whose state
 * comes back the same through the rules' save and load. */
void checkpoints_save(const struct game *g, const struct run *run);

#endif
