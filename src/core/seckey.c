/*
 * seckey.c - minisign key files without the terminal, the files or the
 * kernel keyring (keys.c): their formats, a key made, a key file read
 * with its passphrase given and written, so that the player's page
 * (src/desk/), which has none of those, takes the same code as umpire
 * keygen and every command that reads a key.
 *
 * Public key, base64 of 42 bytes:  "Ed" keynum[8] pk[32]
 * Secret key, base64 of 158 bytes: "Ed" kdf[2] "B2" salt[32] opslimit[8]
 *   memlimit[8] | keynum[8] sk[64] chk[32]   (the part after | is XORed
 *   with an scrypt stream when kdf is "Sc"; kdf is 0 0 when unencrypted)
 * chk = BLAKE2b-256("Ed" keynum sk). Integers are little-endian.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/armor.h"
#include "umpire/keys.h"

#define COMMENT_PREFIX "untrusted comment: "
#define PUB_COMMENT "minisign public key "
#define SEC_COMMENT "minisign encrypted secret key"
#define SIGALG "Ed"
#define KDFALG "Sc"
#define CHKALG "B2"

/* secret key blob */
enum {
	SK_ALG = 0, SK_KDF = 2, SK_CHKALG = 4, SK_SALT = 6, SK_OPS = 38,
	SK_MEM = 46, SK_KEYNUM = 54, SK_SK = 62, SK_CHK = 126,
	SK_BYTES = SECKEY_BLOB_BYTES, SK_SECRET = SK_KEYNUM, SK_SECRET_BYTES = SK_BYTES - SK_KEYNUM
};

static uint64_t le64_load(const unsigned char *p)
{
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static void le64_store(unsigned char *p, uint64_t v)
{
	for (int i = 0; i < 8; i++, v >>= 8)
		p[i] = (unsigned char)v;
}

void keyid_hex(const unsigned char keynum[KEYNUM_BYTES],
	       char out[KEYID_HEX_SIZE])
{
	snprintf(out, KEYID_HEX_SIZE, "%016llX",
		 (unsigned long long)le64_load(keynum));
}

/* ---- public keys ---- */

int pubkey_parse(const char *name, const char *text, size_t len,
		 struct pubkey *out, struct error *err)
{
	struct line_iter it;
	const char *line;
	size_t n;
	line_iter_init(&it, text, len);
	if (!line_next_trim(&it, &line, &n))
		return errorf(err, EXIT_REFUSED, "%s: empty public key", name);
	if (line_starts(line, n, "untrusted comment:") &&
	    !line_next_trim(&it, &line, &n))
		return errorf(err, EXIT_REFUSED, "%s: public key file has a "
			      "comment line but no key line", name);
	if (pubkey_from_b64(name, line, n, out, err))
		return -1;
	/* as minisign: the key line ends the file (blank lines aside) */
	while (line_next(&it, &line, &n))
		if (!line_blank(line, n))
			return errorf(err, EXIT_REFUSED, "%s: text after the "
				      "key line; a public key file is an "
				      "untrusted comment line and the key "
				      "line", name);
	return 0;
}


void pubkey_format(const struct pubkey *pk, struct strbuf *out)
{
	char id[KEYID_HEX_SIZE], b64[PUBKEY_B64_SIZE];
	keyid_hex(pk->keynum, id);
	pubkey_to_b64(pk, b64);
	strbuf_addf(out, COMMENT_PREFIX PUB_COMMENT "%s\n%s\n", id, b64);
}

/* ---- secret keys ---- */

static struct seckey *seckey_alloc(void)
{
	struct seckey *sk = sodium_malloc(sizeof *sk);
	if (!sk) {
		fputs("umpire: out of secure memory\n", stderr);
		abort();
	}
	return sk;
}

struct seckey *seckey_from_seed(const unsigned char seed[32],
				const unsigned char keynum[KEYNUM_BYTES])
{
	struct seckey *sk = seckey_alloc();
	unsigned char pk[32];
	crypto_sign_seed_keypair(pk, sk->sk, seed);
	memcpy(sk->keynum, keynum, KEYNUM_BYTES);
	return sk;
}

struct seckey *seckey_generate(void)
{
	struct seckey *sk = seckey_alloc();
	unsigned char pk[32];
	crypto_sign_keypair(pk, sk->sk);
	randombytes_buf(sk->keynum, KEYNUM_BYTES);
	return sk;
}

void seckey_free(struct seckey *sk)
{
	sodium_free(sk); /* wipes */
}

void seckey_pubkey(const struct seckey *sk, struct pubkey *pk)
{
	memcpy(pk->keynum, sk->keynum, KEYNUM_BYTES);
	crypto_sign_ed25519_sk_to_pk(pk->pk, sk->sk);
}

/* chk = BLAKE2b-256(sig_alg || keynum || sk) over a decrypted blob */
static void blob_checksum(const unsigned char *blob, unsigned char chk[32])
{
	crypto_generichash_state st;
	crypto_generichash_init(&st, NULL, 0, 32);
	crypto_generichash_update(&st, blob + SK_ALG, 2);
	crypto_generichash_update(&st, blob + SK_KEYNUM, KEYNUM_BYTES + 64);
	crypto_generichash_final(&st, chk, 32);
}

/* XOR the secret part of blob with the scrypt stream of passphrase. */
static int blob_crypt(unsigned char *blob, const char *passphrase,
		      const char *name, struct error *err)
{
	uint64_t ops = le64_load(blob + SK_OPS);
	uint64_t mem = le64_load(blob + SK_MEM);
	unsigned char *stream = sodium_malloc(SK_SECRET_BYTES);
	int rc = 0;
	if (!stream)
		return errorf(err, EXIT_USAGE, "out of secure memory");
	/* a crafted key must not make umpire spend more than what minisign
	 * and umpire keygen ask for (1 GiB, 2^25 operations) */
	if (ops > crypto_pwhash_scryptsalsa208sha256_OPSLIMIT_SENSITIVE ||
	    mem > crypto_pwhash_scryptsalsa208sha256_MEMLIMIT_SENSITIVE) {
		sodium_free(stream);
		return errorf(err, EXIT_REFUSED, "%s: the key asks for scrypt "
			      "limits above minisign's (opslimit %llu, "
			      "memlimit %llu; at most %llu and %llu)", name,
			      (unsigned long long)ops,
			      (unsigned long long)mem,
			      (unsigned long long)
			      crypto_pwhash_scryptsalsa208sha256_OPSLIMIT_SENSITIVE,
			      (unsigned long long)
			      crypto_pwhash_scryptsalsa208sha256_MEMLIMIT_SENSITIVE);
	}
	if (mem > SIZE_MAX || crypto_pwhash_scryptsalsa208sha256(stream,
	    SK_SECRET_BYTES, passphrase, strlen(passphrase), blob + SK_SALT,
	    ops, (size_t)mem) != 0)
		rc = errorf(err, EXIT_USAGE, "%s: scrypt key derivation "
			    "failed (opslimit %llu, memlimit %llu: not enough "
			    "memory?)", name, (unsigned long long)ops,
			    (unsigned long long)mem);
	else
		for (size_t i = 0; i < SK_SECRET_BYTES; i++)
			blob[SK_SECRET + i] ^= stream[i];
	sodium_free(stream);
	return rc;
}

int seckey_blob_decode(const char *name, const char *text, size_t len,
		       unsigned char *blob, struct error *err)
{
	struct line_iter it;
	const char *line;
	size_t n;
	line_iter_init(&it, text, len);
	if (!line_next(&it, &line, &n) ||
	    !line_starts(line, n, "untrusted comment:"))
		return errorf(err, EXIT_REFUSED, "%s: not a minisign secret "
			      "key (no \"untrusted comment:\" line)", name);
	if (!line_next_trim(&it, &line, &n) ||
	    b64_decode(line, n, blob, SK_BYTES) != 0)
		return errorf(err, EXIT_REFUSED, "%s: not a minisign secret "
			      "key (the second line is not the base64 of "
			      "%d bytes)", name, SK_BYTES);
	if (memcmp(blob + SK_ALG, SIGALG, 2) != 0)
		return errorf(err, EXIT_REFUSED, "%s: unsupported signature "
			      "algorithm (expected \"Ed\")", name);
	if (memcmp(blob + SK_CHKALG, CHKALG, 2) != 0)
		return errorf(err, EXIT_REFUSED, "%s: unsupported checksum "
			      "algorithm (expected \"B2\")", name);
	return 0;
}

int seckey_blob_encrypted(const unsigned char *blob)
{
	return memcmp(blob + SK_KDF, KDFALG, 2) == 0;
}

/* The blob decrypted in place and its checksum checked. */
static int blob_unlock(const char *name, unsigned char *blob,
		       const char *passphrase, struct error *err)
{
	static const unsigned char none[2];
	unsigned char chk[32];
	int encrypted = seckey_blob_encrypted(blob);
	if (encrypted) {
		if (!passphrase)
			return errorf(err, EXIT_USAGE, "%s: the key is "
				      "passphrase-protected and no passphrase "
				      "was given", name);
		if (blob_crypt(blob, passphrase, name, err) != 0)
			return -1;
	} else if (memcmp(blob + SK_KDF, none, 2) != 0) {
		return errorf(err, EXIT_REFUSED, "%s: unsupported key "
			      "derivation function (expected \"Sc\" or none)",
			      name);
	}
	blob_checksum(blob, chk);
	if (sodium_memcmp(chk, blob + SK_CHK, sizeof chk) == 0)
		return 0;
	if (encrypted)
		return errorf(err, EXIT_REFUSED, "wrong passphrase for "
			      "secret key %s", name);
	/* minisign -W leaves the checksum of an unencrypted key zero */
	if (sodium_is_zero(blob + SK_CHK, sizeof chk))
		return 0;
	return errorf(err, EXIT_REFUSED, "%s: secret key checksum does "
		      "not match (damaged key file)", name);
}

int seckey_blob_unlock(const char *name, unsigned char *blob,
		       const char *passphrase, struct seckey **out,
		       struct error *err)
{
	struct seckey *sk;
	struct pubkey pk;
	if (blob_unlock(name, blob, passphrase, err))
		return -1;
	sk = seckey_from_seed(blob + SK_SK, blob + SK_KEYNUM);
	seckey_pubkey(sk, &pk);
	if (sodium_memcmp(pk.pk, blob + SK_SK + 32, sizeof pk.pk) != 0) {
		seckey_free(sk);
		return errorf(err, EXIT_REFUSED, "%s: the public half of the "
			      "secret key does not match its seed (damaged "
			      "key file)", name);
	}
	*out = sk;
	return 0;
}

int seckey_parse_with(const char *name, const char *text, size_t len,
		      const char *passphrase, struct seckey **out,
		      struct error *err)
{
	unsigned char *blob = sodium_malloc(SK_BYTES);
	if (!blob)
		return errorf(err, EXIT_USAGE, "out of secure memory");
	int rc = seckey_blob_decode(name, text, len, blob, err);
	if (rc == 0)
		rc = seckey_blob_unlock(name, blob, passphrase, out, err);
	sodium_free(blob);
	return rc;
}

int seckey_is_encrypted(const char *name, const char *text, size_t len,
			int *encrypted, struct error *err)
{
	unsigned char *blob = sodium_malloc(SK_BYTES);
	if (!blob)
		return errorf(err, EXIT_USAGE, "out of secure memory");
	int rc = seckey_blob_decode(name, text, len, blob, err);
	if (rc == 0)
		*encrypted = seckey_blob_encrypted(blob);
	sodium_free(blob);
	return rc;
}

int seckey_format_kdf(const struct seckey *sk, const char *passphrase,
		      uint64_t opslimit, size_t memlimit,
		      struct strbuf *out, struct error *err)
{
	unsigned char *blob = sodium_malloc(SK_BYTES);
	if (!blob)
		return errorf(err, EXIT_USAGE, "out of secure memory");
	memset(blob, 0, SK_BYTES);
	memcpy(blob + SK_ALG, SIGALG, 2);
	memcpy(blob + SK_CHKALG, CHKALG, 2);
	memcpy(blob + SK_KEYNUM, sk->keynum, KEYNUM_BYTES);
	memcpy(blob + SK_SK, sk->sk, sizeof sk->sk);
	blob_checksum(blob, blob + SK_CHK);
	if (passphrase) {
		memcpy(blob + SK_KDF, KDFALG, 2);
		randombytes_buf(blob + SK_SALT, 32);
		le64_store(blob + SK_OPS, opslimit);
		le64_store(blob + SK_MEM, memlimit);
		if (blob_crypt(blob, passphrase, "new secret key", err)) {
			sodium_free(blob);
			return -1;
		}
	}
	strbuf_adds(out, COMMENT_PREFIX SEC_COMMENT "\n");
	b64_add(out, blob, SK_BYTES);
	strbuf_addc(out, '\n');
	sodium_free(blob);
	return 0;
}

int seckey_format(const struct seckey *sk, const char *passphrase,
		  struct strbuf *out, struct error *err)
{
	uint64_t ops = crypto_pwhash_scryptsalsa208sha256_OPSLIMIT_SENSITIVE;
	size_t mem = crypto_pwhash_scryptsalsa208sha256_MEMLIMIT_SENSITIVE;
	return seckey_format_kdf(sk, passphrase, ops, mem, out, err);
}
