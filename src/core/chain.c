/*
 * chain.c - hash chains and step seeds (see chain.h for the formulas).
 */
#include <string.h>
#include <sodium.h>
#include "umpire/chain.h"

#define DOMAIN_CHAIN "umpire/1 chain"
#define DOMAIN_LINK "umpire/1 link"
#define DOMAIN_SEED "umpire/1 seed"
#define DOMAIN_LATE "umpire/1 late step"

static void update_str(crypto_generichash_state *st, const char *s)
{
	crypto_generichash_update(st, (const unsigned char *)s, strlen(s));
}

void chain_step(const unsigned char in[CHAIN_BYTES],
		unsigned char out[CHAIN_BYTES])
{
	crypto_generichash_state st;
	crypto_generichash_init(&st, NULL, 0, CHAIN_BYTES);
	update_str(&st, DOMAIN_LINK);
	crypto_generichash_update(&st, in, CHAIN_BYTES);
	crypto_generichash_final(&st, out, CHAIN_BYTES);
}

void chain_top(const struct seckey *sk,
	       const unsigned char core_hash[CHAIN_BYTES],
	       const unsigned char nonce[CHAIN_BYTES], const char *role,
	       unsigned char out[CHAIN_BYTES])
{
	crypto_generichash_state st;
	/* the key is the 32-byte Ed25519 seed: the first half of sk */
	crypto_generichash_init(&st, sk->sk, 32, CHAIN_BYTES);
	update_str(&st, DOMAIN_CHAIN);
	crypto_generichash_update(&st, core_hash, CHAIN_BYTES);
	crypto_generichash_update(&st, nonce, CHAIN_BYTES);
	update_str(&st, role);
	crypto_generichash_final(&st, out, CHAIN_BYTES);
	sodium_memzero(&st, sizeof st);
}

int chain_in_range(uint32_t length, uint32_t i, struct error *err)
{
	if (length == 0 || i > length)
		return errorf(err, EXIT_REFUSED, "chain link %lu is outside "
			      "a chain of length %lu", (unsigned long)i,
			      (unsigned long)length);
	return 0;
}

int chain_link(const struct seckey *sk,
	       const unsigned char core_hash[CHAIN_BYTES],
	       const unsigned char nonce[CHAIN_BYTES], const char *role,
	       uint32_t length, uint32_t i, unsigned char out[CHAIN_BYTES],
	       struct error *err)
{
	unsigned char c[CHAIN_BYTES];
	if (chain_in_range(length, i, err))
		return -1;
	chain_top(sk, core_hash, nonce, role, c);
	for (uint32_t k = length; k > i; k--)
		chain_step(c, c);
	memcpy(out, c, CHAIN_BYTES);
	sodium_memzero(c, sizeof c);
	return 0;
}

int chain_check(const unsigned char reveal[CHAIN_BYTES],
		const unsigned char prev[CHAIN_BYTES])
{
	unsigned char h[CHAIN_BYTES];
	chain_step(reveal, h);
	return sodium_memcmp(h, prev, CHAIN_BYTES) == 0 ? 0 : -1;
}

int chain_reaches(const unsigned char reveal[CHAIN_BYTES], uint32_t steps,
		  const unsigned char target[CHAIN_BYTES])
{
	unsigned char h[CHAIN_BYTES];
	memcpy(h, reveal, CHAIN_BYTES);
	for (uint32_t k = 0; k < steps; k++)
		chain_step(h, h);
	return sodium_memcmp(h, target, CHAIN_BYTES) == 0 ? 0 : -1;
}

/* BLAKE2b-256(key = genesis_hash, domain || u64be(n) || a || b), a and b
 * NULL when not given: a step's public values (STEP SEEDS, and a late
 * step's late[n]). */
static void step_value(const unsigned char genesis_hash[CHAIN_BYTES],
		       const char *domain, uint64_t n,
		       const unsigned char *a, const unsigned char *b,
		       unsigned char out[CHAIN_BYTES])
{
	crypto_generichash_state st;
	unsigned char be[8];
	for (int k = 7; k >= 0; k--, n >>= 8)
		be[k] = (unsigned char)n;
	crypto_generichash_init(&st, genesis_hash, CHAIN_BYTES, CHAIN_BYTES);
	update_str(&st, domain);
	crypto_generichash_update(&st, be, sizeof be);
	if (a)
		crypto_generichash_update(&st, a, CHAIN_BYTES);
	if (b)
		crypto_generichash_update(&st, b, CHAIN_BYTES);
	crypto_generichash_final(&st, out, CHAIN_BYTES);
}

void chain_late(const unsigned char genesis_hash[CHAIN_BYTES], uint64_t n,
		unsigned char out[CHAIN_BYTES])
{
	step_value(genesis_hash, DOMAIN_LATE, n, NULL, NULL, out);
}

void chain_seed(const unsigned char genesis_hash[CHAIN_BYTES], uint64_t n,
		const unsigned char actor[CHAIN_BYTES],
		const unsigned char counter[CHAIN_BYTES],
		unsigned char out[CHAIN_BYTES])
{
	step_value(genesis_hash, DOMAIN_SEED, n, actor, counter, out);
}
