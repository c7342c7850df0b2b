/*
 * gamestore.h - a game file kept where it grows by appending (the
 * judge's GAMEID.yaml: umpire(1), JUDGE, FILES).
 *
 * A step changes a game file in two places only: its state (the
 * "state:" block, before the steps, about as long whatever the game's
 * length) and the end, where the new step is added. The stored file is
 * the game file as umpire writes it (umpire-game(5)) with room after
 * its state: comment lines ("#" and spaces) that the next states take,
 * and the state's lines kept in their places (padded with spaces where
 * they may grow, a blank line where lines went), so that a step changes
 * the bytes of the lines it changes. A step whose file begins with the
 * stored file's header and steps, and whose state fits the room, is
 * written as a journal, GAMEID.yaml.append (the runs of the state's
 * bytes that change and the bytes for the end, with their hash),
 * renamed into place once durable: that rename is the step's commit. The journal is then applied to the file in place
 * (synced) and removed; a judge killed in between leaves it, and the
 * next one to take the game's lock applies it again (game_store_recover:
 * the same bytes at the same places). Removed: renamed
 * GAMEID.yaml.spare, which the next journal is written over (under the
 * game's lock: fsutil.h, write_stage_into_later), so that a step makes
 * and frees no file of its own (an unlink of written blocks waits for
 * the device on a file system mounted with discard); the spare is never
 * read. Anything else (a new game, an old
 * file without room, a state grown past its room, steps that differ) is
 * written whole, atomically, with new room. Every reader of the file
 * reads a game file; a copy handed to a player is emitted from the
 * parsed game (game_emit), never these bytes.
 *
 * Ownership: what game_store_stage stages is the caller's struct staged
 * (fsutil.h), committed with write_commit; name keeps its path until
 * then. No global state.
 */
#ifndef UMPIRE_GAMESTORE_H
#define UMPIRE_GAMESTORE_H

#include <stddef.h>
#include "umpire/error.h"
#include "umpire/fsutil.h"
#include "umpire/strbuf.h"

/* The new game file (parts, as umpire writes it) for path, staged into
 * s: the journal when the stored file can take it by appending, else
 * the whole file with room; name receives the path staged (keep it
 * until the commit). Syncs left to later (may be NULL). 0, or -1 with
 * err (EXIT_TEMPFAIL). */
int game_store_stage(struct staged *s, struct sync_later *later,
		     const char *path, const struct write_part *parts,
		     size_t n, struct strbuf *name, struct error *err);
/* After the commit of what game_store_stage staged: a journal applied
 * to path (synced) and removed. 0, or -1 with err (the step is
 * committed all the same; game_store_recover applies it later). */
int game_store_apply(const char *path, struct error *err);
/* The same for steps of several games made durable together (the
 * judge's LMTP server): the journal applied, its bytes left to later
 * to sync; *applied: there was one, which game_store_applied removes
 * once later has run. */
int game_store_apply_later(const char *path, struct sync_later *later,
			   int *applied, struct error *err);
/* The journal applied and synced removed (renamed the spare where there
 * is none yet). */
void game_store_applied(const char *path);
/* The game file text (len bytes) stored at path: staged, committed and
 * applied at once. */
int game_store_write(const char *path, const char *text, size_t len,
		     struct error *err);
/* A journal a killed writer left beside path applied and removed (call
 * under the game's lock, before reading path): 0 when there is none or
 * it is applied; -1 with err (EXIT_TEMPFAIL) when it cannot be. */
int game_store_recover(const char *path, struct error *err);

#endif
