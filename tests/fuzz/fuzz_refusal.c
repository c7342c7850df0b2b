/* fuzz_refusal.c - a referee's refusal (refusal_load): the bytes signed
 * with a fixed referee key, as a referee who sends a malformed refusal
 * would (the fields are read only once the signature verifies), and the
 * bytes as they are, as a relay or an impostor would send them. */
#include "fuzz.h"
#include "umpire/keys.h"
#include "umpire/refusal.h"
#include "umpire/sign.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct seckey *sk;
	static struct pubkey pk;
	static const unsigned char seed[32] = "umpire fuzz referee key seed 32";
	static const unsigned char keynum[KEYNUM_BYTES] = "fuzzref";
	struct error err;
	struct refusal r;
	struct strbuf signed_text = STRBUF_INIT;
	fuzz_init();
	if (!sk) {
		sk = seckey_from_seed(seed, keynum);
		seckey_pubkey(sk, &pk);
	}
	/* the caller frees a refusal whether it loads or not (sign.c) */
	(void)refusal_load(&r, fuzz_file(data, size), &pk, &err);
	refusal_free(&r);
	if (embed_sign((const char *)data, size, sk, "umpire/1 fuzz",
		       &signed_text, &err) == 0) {
		(void)refusal_load(&r, fuzz_file((const uint8_t *)
						 signed_text.buf,
						 signed_text.len), &pk, &err);
		refusal_free(&r);
	}
	strbuf_free(&signed_text);
	return 0;
}
