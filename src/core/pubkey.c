/*
 * pubkey.c - a minisign public key's base64 form (its blob: algorithm,
 * key number, Ed25519 key), apart from keys.c's secret keys and the
 * kernel keyring, so that a reader of keys without either (the
 * player's page, src/desk/) takes the same code.
 */
#include <string.h>
#include <sodium.h>
#include "umpire/armor.h"
#include "umpire/keys.h"

#define SIGALG "Ed"
/* public key blob */
enum { PK_ALG = 0, PK_KEYNUM = 2, PK_PK = 10, PK_BYTES = 42 };

void pubkey_to_b64(const struct pubkey *pk, char out[PUBKEY_B64_SIZE])
{
	unsigned char blob[PK_BYTES];
	memcpy(blob + PK_ALG, SIGALG, 2);
	memcpy(blob + PK_KEYNUM, pk->keynum, KEYNUM_BYTES);
	memcpy(blob + PK_PK, pk->pk, sizeof pk->pk);
	sodium_bin2base64(out, PUBKEY_B64_SIZE, blob, sizeof blob,
			  sodium_base64_VARIANT_ORIGINAL);
}

int pubkey_from_b64(const char *name, const char *b64, size_t len,
		    struct pubkey *out, struct error *err)
{
	unsigned char blob[PK_BYTES];
	if (b64_decode(b64, len, blob, sizeof blob) != 0)
		return errorf(err, EXIT_REFUSED, "%s: not a minisign public "
			      "key (expected 56 base64 characters "
			      "starting with RW)", name);
	if (memcmp(blob + PK_ALG, SIGALG, 2) != 0)
		return errorf(err, EXIT_REFUSED, "%s: unsupported public key "
			      "algorithm \"%c%c\" (expected \"Ed\")", name,
			      blob[0], blob[1]);
	memcpy(out->keynum, blob + PK_KEYNUM, KEYNUM_BYTES);
	memcpy(out->pk, blob + PK_PK, sizeof out->pk);
	return 0;
}
