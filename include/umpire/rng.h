/*
 * rng.h - uniform draws from a step seed (umpire-protocol(7), DRAWS).
 *
 * Draw number k of a step reads the ChaCha20 keystream (original djb
 * variant, 64-bit nonce) with key = the step's seed and nonce = u64le(k),
 * as little-endian 32-bit words w0, w1, ...; for a range of n values,
 * limit = 2^32 - (2^32 mod n) and the result is w mod n for the first
 * w < limit (rejection sampling: never a bare modulo).
 *
 * Ownership: pure functions of their arguments; no state anywhere.
 */
#ifndef UMPIRE_RNG_H
#define UMPIRE_RNG_H

#include <stdint.h>

#define RNG_SEED_BYTES 32

/* A uniform value in [0, n), n >= 1 (n = 0 is treated as 1). */
uint32_t rng_uniform(const unsigned char seed[RNG_SEED_BYTES],
		     uint64_t draw_index, uint32_t n);

#endif
