/*
 * checkpoint.h - what this machine verified of a game, and where a replay
 * of it may start again (umpire(1), FILES; umpire-protocol(7), ONE
 * HISTORY PER PARTY).
 *
 * Files in $XDG_STATE_HOME/umpire/checkpoints (or ~/.local/state/umpire/
 * checkpoints): GAME, the index (the game, its rules and genesis, the
 * steps with a checkpoint, and the vouched prefix below); GAME-steps, for
 * every step of the game verified on this machine, its hash, the hash of
 * its countersignature, the hash of its node and (after the prefix) the
 * hash of the text umpire writes for it (fixed-width records, read by
 * index, not parsed); GAME.N, the latest checkpoint
 * (ctx_checkpoint) in step N, for the last steps that took one, however
 * long ago: the engine's place in that step and the state as the rules
 * save it (a packed tree, doc_pack, with its checksum); and GAME-text, the vouched prefix: the text of the game
 * file's first steps, byte for byte as this machine read and verified
 * them, up to the first step a replay from the latest checkpoint reads;
 * in a game with views the index also holds the prefix of each older
 * kept checkpoint, the first bytes of the same text, for a view, which
 * replays from the checkpoint before its side's own latest step
 * (checkpoints_save). It is a cache.
 *
 * status, orders, sign --game, adjudicate and view (from a checkpoint
 * before the first step whose events it tells: gamedata.h, events_from)
 * write it after verifying a
 * game (not fsync'd: the index and GAME.N atomically, GAME-steps and
 * GAME-text appended to after the bytes the index names, which no
 * write changes while an index names them: fsutil.h, append_cache) and
 * read it to skip the signatures of
 * a prefix verified before (the steps must hash to the same values,
 * countersignatures included), to replay from a checkpoint instead of
 * from the start, and not to parse at all the steps of the vouched
 * prefix when the game file begins its steps with those very bytes
 * (gamevouch.c, parse_vouched): the cost of a turn then grows with
 * the game's length only by the reading of its bytes. What
 * does not match the game exactly, or does not parse, is ignored: the
 * game is then read and replayed in full, and the files rewritten.
 *
 * Ownership: struct checkpoints owns its parsed file and the records
 * read; checkpoints_close releases them. No global state.
 */
#ifndef UMPIRE_CHECKPOINT_H
#define UMPIRE_CHECKPOINT_H

#include <stddef.h>
#include "umpire/doc.h"
#include "umpire/engine.h"
#include "umpire/gamedata.h"

/* The steps of the vouched prefix and what a check needs of them
 * without reading them: how far each role's chain had come after them. */
struct checkpoint_prefix {
	size_t steps;                  /* 0: no prefix */
	size_t point;                  /* the checkpoint (a step) it is for */
	size_t lines, nodes;           /* of its text (doc.h's count) */
	char *text;                    /* GAME-text, malloc'd */
	size_t len;
	size_t n_roles;
	struct {
		char name[32];
		unsigned char last[32];
		uint64_t index;
	} roles[GAME_MAX_ROLES];
};

/* One step as this machine verified it (GAME-steps): its hash, its
 * countersignature's and its node's (CHECKPOINT_STEP_VOUCH bytes), then
 * the hash of the text umpire writes for it (zero where not worked
 * out): a step read back whose text has that hash is written as umpire
 * writes it, with no writing to find out (game_emit_step). */
#define CHECKPOINT_STEP_VOUCH 96
#define CHECKPOINT_STEP_BYTES 128

/* The checkpoints an index keeps: the last RUN_POINTS a run took, and,
 * for each role, the latest before that role's own latest step (the
 * one a view of it replays from, however many its opponent's turn has
 * taken since: else that view replays the game from its start). */
#define CHECKPOINT_POINTS (RUN_POINTS + GAME_MAX_ROLES)

struct checkpoints {
	struct doc *doc;               /* the index; NULL: none usable */
	const struct doc_node *points; /* steps with a checkpoint file */
	unsigned char *steps;          /* n_steps records: hash, hash of the
					  countersignature, hash of the node,
					  hash of the text */
	size_t n_steps;
	/* the prefix game_parse reads: in a game with views a view's
	 * (gamedata.h, cut_oldest) is the oldest of cuts, the others' the
	 * latest */
	struct checkpoint_prefix prefix;
	/* a prefix for each kept checkpoint (oldest first; one in a game
	 * with no views), their texts the first bytes of one mapping of
	 * GAME-text, as long as the longest */
	struct checkpoint_prefix cuts[CHECKPOINT_POINTS];
	size_t n_cuts;
	char *map;
	size_t map_len;
	/* the checkpoint file read last, kept (checkpoints_point): umpire
	 * sign resumes from the same one twice, checking the game and then
	 * its answers (owned; shared by the copies a check makes of cp) */
	struct kept_point *kept;
};

/* The newest of cp's cuts (an index into cuts) taken before role's own
 * latest step, by the chain indices each records: the role's index in
 * the newest cut is that of its latest link, and a cut with one at
 * least two smaller comes before the step that revealed it, and not in
 * it (a checkpoint is taken in the step that ends a phase, often the
 * role's last of a turn; a view of the role tells that step's events,
 * so its replay resumes before it). 0 when none is (or the role is not
 * recorded: the oldest); n_cuts - 1 when the newest is. A late step the
 * judge took for the role reveals none of its links. */
size_t checkpoints_cut_before(const struct checkpoints *cp,
			      const char *role);

/* The file of g's game, if there is a usable one (same game, genesis
 * and rules); cp->doc stays NULL otherwise. Never fails. */
void checkpoints_open(struct checkpoints *cp, const struct game *g);
void checkpoints_close(struct checkpoints *cp);

/* Step i's hash and the hash of its countersignature as verified
 * here (i < cp->n_steps). */
void checkpoints_step(const struct checkpoints *cp, size_t i,
		      unsigned char hash[32], unsigned char sig_hash[32]);

/* Whether node, step i of a game file (0-based), is the very step i
 * verified here (the hash of its encoding, signature included): then
 * *hash receives the step's hash. */
int checkpoints_vouch_node(const struct checkpoints *cp, size_t i,
			   const struct doc_node *node, unsigned char hash[32]);

/* Whether text (len bytes) is the text umpire writes for step i of the
 * game (0-based), as an item of the steps (from its "- " to the next),
 * by the hash this machine recorded of it: 0 where none was. */
int checkpoints_step_text(const struct checkpoints *cp, size_t i,
			  const char *text, size_t len);

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

/* Whether the file already says all that a write would: it holds the
 * steps of g, no more, the last vouched for (the checkpoints then are
 * the latest the rules took in them). */
int checkpoints_current(const struct checkpoints *cp, const struct game *g);

/* Write the file anew after g was verified in full (its steps) by run:
 * every step of g, the run's checkpoints in those steps whose state
 * comes back the same through the rules' save and load, and the vouched
 * prefix for the latest of them (g->chain_log and g's source text, see
 * gamedata.h). es: the run's steps (each role's latest standing orders
 * before a checkpoint are kept with it). old: the file as the run
 * found it (checkpoints_open), whose records and checkpoints are kept
 * where they still serve: the caller's, read once for the check and
 * the write (not read again: 12 system calls and a parse a step). The
 * text hash of a step it works out is kept in g's step too
 * (game_step.text_hash). */
void checkpoints_save(struct game *g, const struct run *run,
		      const struct engine_step *es,
		      const struct checkpoints *old);

#endif
