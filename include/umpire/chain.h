/*
 * chain.h - randomness commitments: a hash chain per role, and the seed of
 * each step (umpire-protocol(7), CHAINS AND SEEDS). All hashes are BLAKE2b
 * (crypto_generichash) with 32-byte outputs.
 *
 *   c[L]   = BLAKE2b-256(key = Ed25519 seed of the role's secret key,
 *                        "umpire/1 chain" || core_hash[32] ||
 *                        nonce[32] || role)
 *   c[i-1] = BLAKE2b-256("umpire/1 link" || c[i]),   anchor = c[0]
 *   seed[n] = BLAKE2b-256(key = genesis_hash[32], "umpire/1 seed" ||
 *                         u64be(n) || actor's c[n] || counter-party's c[n])
 *
 * Ownership: plain values only; outputs go to caller-provided arrays.
 * Intermediate chain values are wiped.
 */
#ifndef UMPIRE_CHAIN_H
#define UMPIRE_CHAIN_H

#include <stdint.h>
#include "umpire/error.h"
#include "umpire/keys.h"

#define CHAIN_BYTES 32
/* A reveal hashes up to L links from the secret (fewer than sqrt(L) where
 * this machine keeps the chain's links, links.h), so L is a cost (about
 * 0.25 ms per 1,000 on a 2020s core) as well as the most steps a game can
 * have; 2048 covers every shipped game with room to spare, and
 * `umpire new --chain-length` sets another. */
#define CHAIN_DEFAULT_LENGTH 2048u
#define CHAIN_MAX_LENGTH 1048576u

/* c[i] of the chain of length L (0 <= i <= L, L >= 1); i = 0: the anchor.
 * nonce is the fresh randomness of the role's join. */
int chain_link(const struct seckey *sk,
	       const unsigned char core_hash[CHAIN_BYTES],
	       const unsigned char nonce[CHAIN_BYTES], const char *role,
	       uint32_t length, uint32_t i, unsigned char out[CHAIN_BYTES],
	       struct error *err);
/* c[L], the top of the chain, from which every link is hashed down. */
void chain_top(const struct seckey *sk,
	       const unsigned char core_hash[CHAIN_BYTES],
	       const unsigned char nonce[CHAIN_BYTES], const char *role,
	       unsigned char out[CHAIN_BYTES]);
/* 0 if 0 <= i <= length and length >= 1; else -1 (EXIT_REFUSED). */
int chain_in_range(uint32_t length, uint32_t i, struct error *err);
/* One link back: out = BLAKE2b-256("umpire/1 link" || in). */
void chain_step(const unsigned char in[CHAIN_BYTES],
		unsigned char out[CHAIN_BYTES]);
/* 0 if chain_step(reveal) == prev (constant time), else -1. */
int chain_check(const unsigned char reveal[CHAIN_BYTES],
		const unsigned char prev[CHAIN_BYTES]);
/* 0 if `steps` links back from reveal reach target, else -1: checks a
 * reveal c[n] against the anchor with steps = n. */
int chain_reaches(const unsigned char reveal[CHAIN_BYTES], uint32_t steps,
		  const unsigned char target[CHAIN_BYTES]);
/* late[n]: the public value in a late step's actor's place, no chain
 * link (umpire-protocol(7), THE JUDGE'S CLOCK, Late steps). */
void chain_late(const unsigned char genesis_hash[CHAIN_BYTES], uint64_t n,
		unsigned char out[CHAIN_BYTES]);
/* seed[n] of step n. */
void chain_seed(const unsigned char genesis_hash[CHAIN_BYTES], uint64_t n,
		const unsigned char actor[CHAIN_BYTES],
		const unsigned char counter[CHAIN_BYTES],
		unsigned char out[CHAIN_BYTES]);

#endif
