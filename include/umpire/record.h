/*
 * record.h - the local record: what one key has signed and verified in
 * one game (umpire(1), FILES; umpire-protocol(7), ONE HISTORY PER
 * PARTY).
 *
 * One file per key and game, $XDG_STATE_HOME/umpire/KEY/GAME (or
 * ~/.local/state/umpire/...), directories created 0700, the file 0600,
 * written atomically when it is made, then appended to (its new lines
 * only, synced before the command goes on; record.c), with a summary
 * beside it that spares a read of every line (record.c). It holds the hashes of the genesis and of every
 * step the key has verified, the order files it signed (by step and hash
 * of the signed bytes) and the steps it countersigned (by step and hash
 * of the order body adjudicated). With it a key never signs two
 * different order files, nor countersigns two different orders, for one
 * step, and never accepts a history that rewrites one it verified.
 *
 * Ownership: struct record owns everything it points to; record_free
 * releases it. No global state: the directory comes from the environment
 * at record_open.
 */
#ifndef UMPIRE_RECORD_H
#define UMPIRE_RECORD_H

#include <stddef.h>
#include "umpire/doc.h"
#include "umpire/error.h"
#include "umpire/game.h"
#include "umpire/keys.h"
#include "umpire/strbuf.h"

/* The hashes of steps and marks are kept as the record writes them,
 * base64 (doc_b64_32_str), and decoded only where a step is consulted:
 * reading a record of a long game costs a scan of its lines, not a
 * decoding of every hash in it. */
typedef char record_hash[DOC_B64_32_LEN + 1];

struct record_mark {
	long long step;
	record_hash hash;         /* signed bytes / adjudicated order body */
	record_hash by;           /* 'r': the hash of the refusal */
	char origin[80];          /* where it came from, for messages */
};

struct record_step {
	record_hash hash;         /* the verified step's hash */
	record_hash sig;          /* and the hash of its countersignature */
};

struct record {
	char *path;               /* the record file */
	char game[GAME_ID_HEX + 1];
	int has_genesis;
	unsigned char genesis[32];
	struct record_step *steps;   /* verified steps 1..n */
	size_t n_steps, cap_steps;
	struct record_mark *marks;   /* signed ('s'), countersigned ('c'),
					refused by the referee ('r') */
	char *kinds;
	size_t n_marks, cap_marks;
	int dirty;
	/* what the file holds, as read or last written: its length when
	 * every byte of it was read as whole lines (0: none, or a file
	 * to write again whole: a torn last line, say), and how many of
	 * the steps and marks above are in it; record_save appends the
	 * rest */
	size_t file_len;
	size_t saved_steps, saved_marks;
	int saved_genesis;
	/* the summary beside the file (record.c) holds the steps and
	 * marks saved: its side files are appended to, not written
	 * whole */
	int sum_ok;
	int locked;               /* lock_fd holds the record's lock */
	int lock_fd;
};


/* Read the record of key pk in game game_id (an empty record if there is
 * none yet), under an exclusive lock that record_free releases: other
 * umpire processes wait to open it until then, so that the checks made
 * on it and the record_save after them are one step. A process opens
 * one record of a key and game at a time. */
int record_open(struct record *r, const struct pubkey *pk,
		const char *game_id, struct error *err);
void record_free(struct record *r);

/* Compare a loaded game with the record: refuse a genesis or a step that
 * differs from the one verified before; set g->trusted to the steps the
 * record vouches for. */
int record_check_game(const struct record *r, struct game *g,
		      struct error *err);
/* After game_check succeeded: remember the genesis and every step. */
void record_learn(struct record *r, const struct game *g);

/* Refuse a history of step n - 1 other than the one verified: prev is
 * the hash orders for step n commit to. */
int record_check_prev(const struct record *r, long long n,
		      const unsigned char prev[32], const char *name,
		      struct error *err);

/* This key signs (kind 's') the order file of hash for step n, or
 * countersigns (kind 'c') the orders of body hash for step n: refused if
 * it did so before for other bytes (naming the first), else noted. */
int record_mark(struct record *r, char kind, long long n,
		const unsigned char hash[32], const char *origin,
		struct error *err);

/* A refusal (refusal.h) of the order file of hash that this key signed
 * for step n, already verified under the referee's key: refused unless
 * hash is the order file this key signed last for step n and no step n
 * was verified yet; then noted ('r', with by, the refusal's hash), so
 * that record_mark lets this key sign another order file for step n. The
 * same refusal again is allowed. */
int record_refuse(struct record *r, long long n, const unsigned char
		  hash[32], const unsigned char by[32], const char *origin,
		  struct error *err);

/* Write the record back if it changed: its new lines appended and the
 * file synced (a new file, or one not read whole as lines, written
 * again whole, atomically, 0600). */
struct sync_later;
int record_save(struct record *r, struct error *err);
/* The same with its sync left to later (fsutil.h, sync_later): the
 * record's new lines durable with the files of the step they record,
 * before those take their names. */
int record_save_later(struct record *r, struct sync_later *later,
		      struct error *err);

/* The record of sk's key in game g, checked against g (record_check_game:
 * g->trusted is set). */
int record_for_game(struct record *r, const struct seckey *sk,
		    struct game *g, struct error *err);
/* After a command verified g (and maybe added a step): remember it, save
 * and free the record. */
int record_done(struct record *r, const struct game *g, struct error *err);

/* Whether key pk signed on this machine orders for step n of game
 * game_id that no refusal covers (its local record, read without the
 * lock); origin gets where from. Only the actor's key can sign a step's
 * orders, so status asks its record alone, not every key's. */
int record_signed(const struct pubkey *pk, const char *game_id,
		  long long n, char *origin, size_t size);

#endif
