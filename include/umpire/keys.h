/*
 * keys.h - Ed25519 key pairs in minisign's file formats (umpire-protocol(7),
 * KEY FILES). Keys made by stock `minisign -G` work here, and keys written
 * here work with stock minisign.
 *
 * Ownership: struct pubkey is a plain value. A struct seckey is allocated
 * by this module in guarded sodium_malloc memory and released (wiped) with
 * seckey_free; never copy one into ordinary memory. Passphrases from
 * passphrase_get are sodium_malloc'd too and released with passphrase_free.
 */
#ifndef UMPIRE_KEYS_H
#define UMPIRE_KEYS_H

#include <stddef.h>
#include <stdint.h>
#include "umpire/error.h"
#include "umpire/strbuf.h"

#define KEYNUM_BYTES 8
#define KEYID_HEX_SIZE 17        /* 16 hex digits and a NUL */
#define PUBKEY_B64_SIZE 57       /* 56 base64 characters and a NUL */
#define PASSPHRASE_MAX 1024      /* bytes, as minisign */

struct pubkey {
	unsigned char keynum[KEYNUM_BYTES];   /* the key id */
	unsigned char pk[32];                 /* Ed25519 public key */
};

struct seckey {
	unsigned char keynum[KEYNUM_BYTES];
	unsigned char sk[64];   /* Ed25519: 32-byte seed, then public key */
};

/* The key id as minisign prints it: the 8 bytes read as a little-endian
 * 64-bit number, in 16 upper-case hex digits. */
void keyid_hex(const unsigned char keynum[KEYNUM_BYTES],
	       char out[KEYID_HEX_SIZE]);

/* ---- public keys ---- */

/*
 * Parse a minisign public key: a whole .pub file ("untrusted comment:"
 * line, then the "RW..." line) or the bare base64 line. CRLF and trailing
 * blanks are tolerated. name is used in messages.
 */
int pubkey_parse(const char *name, const char *text, size_t len,
		 struct pubkey *out, struct error *err);
/* arg is a .pub file, or (if no such file exists) a literal "RW..." key. */
int pubkey_load(const char *arg, struct pubkey *out, struct error *err);
/* The 56-character base64 line ("RW..."), NUL-terminated. */
void pubkey_to_b64(const struct pubkey *pk, char out[PUBKEY_B64_SIZE]);
int pubkey_from_b64(const char *name, const char *b64, size_t len,
		    struct pubkey *out, struct error *err);
/* The whole .pub file, exactly as minisign writes it. */
void pubkey_format(const struct pubkey *pk, struct strbuf *out);

/* ---- secret keys ---- */

/*
 * Read a minisign secret key file, unencrypted or scrypt-encrypted. For an
 * encrypted key the passphrase is the first line of passphrase_file, or
 * (if that is NULL) is asked on the terminal.
 */
int seckey_load(const char *path, const char *passphrase_file,
		struct seckey **out, struct error *err);
/* The same for a file already read; name is used in messages. */
int seckey_parse(const char *name, const char *text, size_t len,
		 const char *passphrase_file, struct seckey **out,
		 struct error *err);
/*
 * The same, keeping the unlocked key in the kernel keyring for
 * keep_seconds (0: not kept): a later load of the same key file within
 * that time takes it from there instead of asking the passphrase on the
 * terminal, or, with passphrase_file, when the file holds the same
 * passphrase (no scrypt). Without a keyring (EPERM, ENOSYS) nothing is
 * kept and nothing is said. A process with neither a terminal nor a
 * passphrase file is refused as before.
 */
int seckey_load_kept(const char *path, const char *passphrase_file,
		     long keep_seconds, struct seckey **out,
		     struct error *err);
int seckey_parse_kept(const char *name, const char *text, size_t len,
		      const char *passphrase_file, long keep_seconds,
		      struct seckey **out, struct error *err);
/* The same with the passphrase given (NULL: the key must be
 * unencrypted), nothing asked, read or kept: the player's page's. */
int seckey_parse_with(const char *name, const char *text, size_t len,
		      const char *passphrase, struct seckey **out,
		      struct error *err);
/* A secret key file's second line decoded (SECKEY_BLOB_BYTES: the
 * minisign blob, still encrypted), checked to be an Ed25519 key with a
 * BLAKE2b checksum; whether it is passphrase-protected; and its key,
 * the blob decrypted in place with passphrase (NULL: an unencrypted
 * key) and checked. The readers above are these three. */
#define SECKEY_BLOB_BYTES 158
int seckey_blob_decode(const char *name, const char *text, size_t len,
		       unsigned char *blob, struct error *err);
int seckey_blob_encrypted(const unsigned char *blob);
int seckey_blob_unlock(const char *name, unsigned char *blob,
		       const char *passphrase, struct seckey **out,
		       struct error *err);
/* Whether a secret key file's text is passphrase-protected (scrypt),
 * without asking for the passphrase (umpire judge runs unattended). */
int seckey_is_encrypted(const char *name, const char *text, size_t len,
			int *encrypted, struct error *err);
/* umpire lock: drop every key kept in the kernel keyring (the user's,
 * for all of the user's sessions); *dropped is how many kept keys were
 * dropped (expired ones not counted). */
int seckey_lock(int *dropped, struct error *err);
/* A key from a 32-byte Ed25519 seed and a key id (tests, vectors). */
struct seckey *seckey_from_seed(const unsigned char seed[32],
				const unsigned char keynum[KEYNUM_BYTES]);
/* A fresh random key with a random key id. */
struct seckey *seckey_generate(void);
void seckey_free(struct seckey *sk);
void seckey_pubkey(const struct seckey *sk, struct pubkey *pk);

/*
 * The whole secret key file as minisign writes it. passphrase NULL gives
 * an unencrypted key (minisign -W); otherwise scrypt with minisign's limits
 * (seckey_format_kdf takes explicit scrypt limits, for tests).
 */
int seckey_format(const struct seckey *sk, const char *passphrase,
		  struct strbuf *out, struct error *err);
int seckey_format_kdf(const struct seckey *sk, const char *passphrase,
		      uint64_t opslimit, size_t memlimit,
		      struct strbuf *out, struct error *err);

/*
 * Before anything is asked: the two paths differ, neither exists (unless
 * force), and their directories exist or are made (the secret key's
 * 0700) and are writable.
 */
int keygen_check(const char *seckey_path, const char *pubkey_path,
		 int force, struct error *err);

/*
 * Generate a key pair and write both files (secret 0600, public 0644).
 * Existing files are refused unless force. passphrase NULL = unencrypted.
 */
int keygen_write(const char *seckey_path, const char *pubkey_path,
		 const char *passphrase, int force, struct error *err);

/* ---- passphrases ---- */

/*
 * Get a passphrase for `what` (a file name, for the prompt and messages):
 * the first line of passphrase_file if not NULL, else asked on /dev/tty
 * with echo off (twice when confirm). No terminal is refused with a hint.
 */
int passphrase_get(const char *passphrase_file, const char *what,
		   int confirm, char **out, struct error *err);
void passphrase_free(char *p);

#endif
