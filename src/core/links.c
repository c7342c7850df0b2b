/*
 * links.c - a role's kept chain links (see links.h for the file).
 */
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/fsutil.h"
#include "umpire/links.h"

#define LINKS_MAGIC "umpire-links/1\n"
#define LINKS_HEAD 16u          /* L, S, P, N */

/* The chain a file keeps: its names and the key that seals it. */
struct kept {
	const unsigned char *core_hash, *nonce;
	const char *role;
	uint32_t length, spacing;
};

uint32_t links_spacing(uint32_t length)
{
	uint32_t s = 16;
	while ((uint64_t)s * s < length)
		s++;
	return s;
}

static void put32(unsigned char *p, uint32_t v)
{
	for (int k = 3; k >= 0; k--, v >>= 8)
		p[k] = (unsigned char)v;
}

static uint32_t get32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
		(uint32_t)p[2] << 8 | p[3];
}

static void names(crypto_generichash_state *st, const struct kept *k)
{
	crypto_generichash_update(st, k->core_hash, CHAIN_BYTES);
	crypto_generichash_update(st, k->nonce, CHAIN_BYTES);
	crypto_generichash_update(st, (const unsigned char *)k->role,
				  strlen(k->role) + 1);
}

int links_path(const unsigned char core_hash[CHAIN_BYTES],
	       const unsigned char nonce[CHAIN_BYTES], const char *role,
	       struct strbuf *path)
{
	static const char domain[] = "umpire/1 links file";
	const struct kept k = { core_hash, nonce, role, 0, 0 };
	crypto_generichash_state st;
	unsigned char h[16];
	char hex[33];
	struct error ignored;
	if (state_dir(path, &ignored))
		return -1;
	crypto_generichash_init(&st, NULL, 0, sizeof h);
	crypto_generichash_update(&st, (const unsigned char *)domain,
				  sizeof domain);
	names(&st, &k);
	crypto_generichash_final(&st, h, sizeof h);
	sodium_bin2hex(hex, sizeof hex, h, sizeof h);
	strbuf_addf(path, "/links/%s", hex);
	return 0;
}

/* The sealing key: keyed by the secret's seed, as the chain's top. */
static void seal_key(const struct seckey *sk, const struct kept *k,
		     unsigned char key[crypto_secretbox_KEYBYTES])
{
	static const char domain[] = "umpire/1 links";
	crypto_generichash_state st;
	unsigned char len[4];
	put32(len, k->length);
	crypto_generichash_init(&st, sk->sk, 32, crypto_secretbox_KEYBYTES);
	crypto_generichash_update(&st, (const unsigned char *)domain,
				  sizeof domain);
	names(&st, k);
	crypto_generichash_update(&st, len, sizeof len);
	crypto_generichash_final(&st, key, crypto_secretbox_KEYBYTES);
	sodium_memzero(&st, sizeof st);
}

/* The kept links of k, opened into *plain (LINKS_HEAD, then the links;
 * *plen bytes, which the caller zeroes and frees): their count, or -1
 * for no usable file. */
static long open_kept(const struct seckey *sk, const struct kept *k,
		      const char *path, unsigned char **plain, size_t *plen,
		      uint32_t *first)
{
	const size_t m = strlen(LINKS_MAGIC),
		over = m + crypto_secretbox_NONCEBYTES +
		crypto_secretbox_MACBYTES;
	const size_t most = over + LINKS_HEAD +
		(size_t)(k->length / k->spacing + 1) * CHAIN_BYTES;
	unsigned char key[crypto_secretbox_KEYBYTES];
	struct error ignored;
	char *buf = NULL;
	size_t len;
	long n = -1;
	*plain = NULL;
	*plen = 0;
	if (read_input(path, most, &buf, &len, &ignored))
		return -1;
	if (len < over + LINKS_HEAD || memcmp(buf, LINKS_MAGIC, m) != 0)
		goto out;
	const unsigned char *nonce = (unsigned char *)buf + m;
	unsigned char *p = xmalloc(len - over);
	seal_key(sk, k, key);
	if (crypto_secretbox_open_easy(p, nonce + crypto_secretbox_NONCEBYTES,
				       len - m - crypto_secretbox_NONCEBYTES,
				       nonce, key) != 0) {
		free(p);
		goto out;
	}
	*plain = p;
	*plen = len - over;
	*first = get32(p + 8);
	uint32_t count = get32(p + 12);
	/* opened by this chain's key: a head that does not fit the chain
	 * (another spacing, a count beyond its end) is no file either */
	if (get32(p) == k->length && get32(p + 4) == k->spacing &&
	    *first % k->spacing == 0 &&
	    *plen == LINKS_HEAD + (size_t)count * CHAIN_BYTES &&
	    (uint64_t)*first + (uint64_t)count * k->spacing <=
	    (uint64_t)k->length + k->spacing - 1)
		n = count;
out:
	sodium_memzero(key, sizeof key);
	free(buf);
	return n;
}

/* Seal links (n of them from index first) into the file at path. */
static void keep(const struct seckey *sk, const struct kept *k,
		 const char *path, const unsigned char *links, uint32_t first,
		 uint32_t n)
{
	const size_t m = strlen(LINKS_MAGIC);
	size_t plen = LINKS_HEAD + (size_t)n * CHAIN_BYTES;
	size_t flen = m + crypto_secretbox_NONCEBYTES +
		crypto_secretbox_MACBYTES + plen;
	unsigned char key[crypto_secretbox_KEYBYTES];
	unsigned char *plain = xmalloc(plen), *file = xmalloc(flen);
	put32(plain, k->length);
	put32(plain + 4, k->spacing);
	put32(plain + 8, first);
	put32(plain + 12, n);
	memcpy(plain + LINKS_HEAD, links, (size_t)n * CHAIN_BYTES);
	memcpy(file, LINKS_MAGIC, m);
	randombytes_buf(file + m, crypto_secretbox_NONCEBYTES);
	seal_key(sk, k, key);
	crypto_secretbox_easy(file + m + crypto_secretbox_NONCEBYTES, plain,
			      plen, file + m, key);
	write_cache(path, file, flen);
	sodium_memzero(key, sizeof key);
	sodium_memzero(plain, plen);
	free(plain);
	free(file);
}

int links_link(const struct seckey *sk,
	       const unsigned char core_hash[CHAIN_BYTES],
	       const unsigned char nonce[CHAIN_BYTES], const char *role,
	       uint32_t length, uint32_t i, unsigned char out[CHAIN_BYTES],
	       struct error *err)
{
	struct kept k = { core_hash, nonce, role, length, 0 };
	struct strbuf path = STRBUF_INIT;
	unsigned char c[CHAIN_BYTES], *plain = NULL, *made = NULL;
	uint32_t first = 0, from = length, s;
	size_t plen = 0;
	long n = -1;
	if (chain_in_range(length, i, err))
		return -1;
	k.spacing = s = links_spacing(length);
	/* the kept link nearest above i: the first multiple of s from
	 * i on (s itself for the anchor) */
	uint32_t q = i ? (uint32_t)(((uint64_t)i + s - 1) / s * s) : s;
	int have_path = links_path(core_hash, nonce, role, &path) == 0;
	if (have_path && q < length)
		n = open_kept(sk, &k, path.buf, &plain, &plen, &first);
	if (n > 0 && q >= first && (q - first) / s < (uint64_t)n) {
		memcpy(c, plain + LINKS_HEAD + (size_t)(q - first) / s *
		       CHAIN_BYTES, CHAIN_BYTES);
		from = q;
	} else {
		chain_top(sk, core_hash, nonce, role, c);
	}
	/* hashed down from the top: keep every s-th link still to come */
	uint32_t keep_from = q, kept = 0;
	size_t most = have_path && from == length && q < length ?
		(length - q - 1) / s + 1 : 0;
	if (most)
		made = xmalloc(most * CHAIN_BYTES);
	for (uint32_t j = from; j > i; j--) {
		chain_step(c, c);
		if (made && j - 1 >= keep_from && (j - 1) % s == 0)
			memcpy(made + (size_t)(most - ++kept) * CHAIN_BYTES, c,
			       CHAIN_BYTES);
	}
	if (made && kept == most)
		keep(sk, &k, path.buf, made, keep_from, (uint32_t)most);
	memcpy(out, c, CHAIN_BYTES);
	sodium_memzero(c, sizeof c);
	if (made)
		sodium_memzero(made, most * CHAIN_BYTES);
	if (plain)
		sodium_memzero(plain, plen);
	free(made);
	free(plain);
	strbuf_free(&path);
	return 0;
}
