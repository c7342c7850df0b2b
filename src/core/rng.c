/*
 * rng.c - rejection sampling over a ChaCha20 keystream (see rng.h).
 */
#include <sodium.h>
#include "umpire/rng.h"

#define BLOCK_BYTES 64
#define BLOCK_WORDS (BLOCK_BYTES / 4)

uint32_t rng_uniform(const unsigned char seed[RNG_SEED_BYTES],
		     uint64_t draw_index, uint32_t n)
{
	static const unsigned char zero[BLOCK_BYTES];
	unsigned char nonce[crypto_stream_chacha20_NONCEBYTES];
	unsigned char block[BLOCK_BYTES];
	uint64_t limit;
	uint32_t w = 0;
	if (n <= 1)
		return 0;
	limit = (1ull << 32) - (1ull << 32) % n;
	for (int k = 0; k < 8; k++)
		nonce[k] = (unsigned char)(draw_index >> (8 * k));
	/* the keystream, one 64-byte block (block counter ic) at a time */
	for (uint64_t ic = 0;; ic++) {
		crypto_stream_chacha20_xor_ic(block, zero, sizeof block,
					      nonce, ic, seed);
		for (int i = 0; i < BLOCK_WORDS; i++) {
			const unsigned char *b = block + 4 * i;
			w = (uint32_t)b[0] | (uint32_t)b[1] << 8 |
			    (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
			if (w < limit)
				return w % n;
		}
	}
}
