/*
 * memo.h - what a process that serves many messages (the judge over LMTP,
 * a Maildir run, a tick) keeps between them, because it does not change
 * from one message to the next: the scenarios it has loaded (with the
 * start states set up from them, at most SCENARIO_STARTS a scenario,
 * which scenario_start copies out instead of reading its cache file
 * again), the sealing form of the keys it has sealed to, the steps of
 * the game files it has read, the checkpoint files it has found to read.
 * A one-shot command has none (NULL everywhere a memo is taken).
 *
 * Ownership: the memo owns what it keeps; a scenario it lends is marked
 * borrowed (scenario_free leaves its tree and start states) and lives
 * until memo_free, so the memo never forgets one (at most MEMO_SCENARIOS
 * are kept; more are loaded as without a memo).
 */
#ifndef UMPIRE_MEMO_H
#define UMPIRE_MEMO_H

#include <sys/stat.h>
#include "umpire/doc.h"
#include "umpire/error.h"
#include "umpire/scenario.h"
#include "umpire/strbuf.h"

#define MEMO_SCENARIOS 8
#define MEMO_KEYS 32
#define MEMO_STEPS 128
#define MEMO_STEP_BYTES ((size_t)16 << 10)
#define MEMO_FILES 32

struct memo;

struct memo *memo_new(void);
void memo_free(struct memo *m);

/* scenario_find(dir, id, s, err), the scenario kept when its file is the
 * one loaded before (the same path, device, inode, size, modification
 * and change times): then *s is lent (s->borrowed). m NULL: as
 * scenario_find. */
int memo_scenario(struct memo *m, const char *dir, const char *id,
		  struct scenario *s, struct error *err);

/* Whether the file at path, which stat saw as st, is one this process
 * found to read before (memo_file_reads_keep): the same path, device,
 * inode, size, modification and change times, as memo_scenario knows a
 * scenario (a checkpoint file, read whole and checked against its
 * checksum to know it reads: 0.28M instructions each, four a step).
 * m NULL: 0. */
int memo_file_reads(const struct memo *m, const char *path,
		    const struct stat *st);
/* path found to read, as stat saw it before it was read (st): kept
 * where stat sees it so still (else it changed while it was read), the
 * oldest of MEMO_FILES forgotten first. m NULL: nothing. */
void memo_file_reads_keep(struct memo *m, const char *path,
			  const struct stat *st);

/* The X25519 public key of the Ed25519 key pk, for crypto_box_seal
 * (crypto_sign_ed25519_pk_to_curve25519, a point decompression: 0.56M
 * instructions a letter), kept once made. -1 when pk has none. m NULL:
 * converted every time. */
int memo_seal_key(struct memo *m, const unsigned char pk[32],
		  unsigned char xpk[32]);

/* The base64 of the n bytes at b (original alphabet, padded, no line
 * break) appended to out: GLib's g_base64_encode where GMime, and GLib
 * with it, is already loaded in this process (the judge's, which reads
 * mail with it; never loaded for this), else libsodium's (b64_add). The
 * text is the same; libsodium's takes the same time whatever the bytes,
 * which a secret needs and a sealed box, a ciphertext anyone may see,
 * does not: 1.1M instructions for a 16 KB sealed view, GLib's a tenth
 * of that. m NULL: libsodium's. */
void memo_b64(struct memo *m, const unsigned char *b, size_t n,
	      struct strbuf *out);

/*
 * A step of a game file as read before (gamevouch.c, vouched_tail): the
 * tree of one item of its steps, a block sequence item at column 0, its
 * lines counted from the item's first (1), kept under the BLAKE2b-256
 * hash of the item's very bytes (h); the same for the pieces of its
 * header and state (head_by_piece: the keys before "state:", a mapping,
 * and each entry of the state, a mapping of one key; read back so too,
 * readback.c) and for a game's checkpoint index (checkpoint.c, the
 * whole file), so a step is known by what it says
 * and not by the file it stands in: a file edited in place, whatever its
 * size and times, is read afresh where its bytes changed. At most
 * MEMO_STEPS are kept, the least recently used dropped first, each of
 * at most MEMO_STEP_BYTES of text (len; a longer one is not kept): a
 * step of a judged Race to the Reichstag game is 1.8 KB on average, 5 KB
 * at most over 256 steps. memo_step: the kept tree, NULL when none (or
 * m NULL); memo_step_keep: item copied in (nothing where m is NULL).
 */
const struct doc_node *memo_step(struct memo *m, const unsigned char h[32]);
void memo_step_keep(struct memo *m, const unsigned char h[32],
		    const struct doc_node *item, size_t len);

#endif
