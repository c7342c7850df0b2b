/*
 * links.h - a role's own chain links, hashed down from the secret once per
 * machine rather than at every step (src/core/links.c).
 *
 * Link i of a chain of length L is L - i hashes below its top (chain.h),
 * so a command that reveals an early link hashes nearly the whole chain:
 * 2,047 BLAKE2b calls at step 1 of a game of the default length, more
 * than the rest of an adjudication then. The first computation keeps
 * every S-th link still to come (S about the square root of L), and each
 * later one starts from the nearest kept link above it: at most S - 1
 * hashes.
 *
 * The kept links are the role's future dice: whoever reads them knows
 * its coming rolls. They sit in STATE/links/NAME (state_dir, fsutil.h;
 * 0600 in a 0700 directory, as the checkpoints), sealed with
 * crypto_secretbox under a key hashed from the secret key's seed, the
 * game and the role, so that the file tells nothing to a reader without
 * the secret key (whose own file may be encrypted) and a file not
 * sealed by that key is no file. NAME is a hash of the game and role,
 * not of the key. The file is a cache: missing, damaged, made by
 * another key or for other links, the chain is hashed from its top as
 * before and the file made anew; nothing of it is ever an error.
 *
 *   "umpire-links/1\n", a 24-byte nonce, then sealed: L, S, the first
 *   kept index P (a multiple of S) and the count N, each 4 bytes big
 *   endian, and the links P, P + S, ... (N of them, each below L).
 */
#ifndef UMPIRE_LINKS_H
#define UMPIRE_LINKS_H

#include <stdint.h>
#include "umpire/chain.h"
#include "umpire/strbuf.h"

/* chain_link (the same link, the same errors), through this machine's
 * kept links of that chain. */
int links_link(const struct seckey *sk,
	       const unsigned char core_hash[CHAIN_BYTES],
	       const unsigned char nonce[CHAIN_BYTES], const char *role,
	       uint32_t length, uint32_t i, unsigned char out[CHAIN_BYTES],
	       struct error *err);

/* The spacing S of the kept links of a chain of length L. */
uint32_t links_spacing(uint32_t length);

/* The path of the kept links of that chain (appended to path); -1
 * where there is no state directory. */
int links_path(const unsigned char core_hash[CHAIN_BYTES],
	       const unsigned char nonce[CHAIN_BYTES], const char *role,
	       struct strbuf *path);

#endif
