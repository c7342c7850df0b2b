/* fuzz_keys.c - public and secret key files (pubkey_parse,
 * pubkey_from_b64, seckey_parse). Encrypted secret keys stop at the
 * passphrase (a missing file), so no input runs scrypt. */
#include "fuzz.h"
#include "umpire/keys.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct error err;
	struct pubkey pk;
	struct seckey *sk;
	char *buf = fuzz_copy(data, size);
	fuzz_init();
	(void)pubkey_parse("fuzz", buf, size, &pk, &err);
	(void)pubkey_from_b64("fuzz", buf, size, &pk, &err);
	if (seckey_parse("fuzz", buf, size, "/nonexistent/umpire-fuzz-pass",
			 &sk, &err) == 0)
		seckey_free(sk);
	free(buf);
	return 0;
}
