/* fuzz_sig.c - signatures: .minisig files (minisig_parse), embedded
 * signature blocks (embed_split) and the whole check of a received file
 * (signed_verify) against a fixed key. */
#include "fuzz.h"
#include "umpire/keys.h"
#include "umpire/sign.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct pubkey pk;
	static int have;
	struct error err;
	struct minisig sig;
	struct verified v;
	struct strbuf sb = STRBUF_INIT;
	size_t body;
	fuzz_init();
	if (!have) {
		static const unsigned char seed[32] = "umpire fuzz sig key seed 32 by.";
		static const unsigned char keynum[KEYNUM_BYTES] = "fuzzsig";
		struct seckey *sk = seckey_from_seed(seed, keynum);
		seckey_pubkey(sk, &pk);
		seckey_free(sk);
		have = 1;
	}
	char *buf = fuzz_copy(data, size);
	if (minisig_parse("fuzz", buf, size, &sig, &err) == 0) {
		(void)minisig_verify("fuzz", &sig, &pk, "x", 1, &err);
		minisig_free(&sig);
	}
	if (embed_split("fuzz", buf, size, &body, &sb, &err) > 0 &&
	    body > size)
		abort();
	strbuf_free(&sb);
	if (signed_verify("fuzz", buf, size, NULL, NULL, 0, &pk, &v,
			  &err) == 0)
		verified_free(&v);
	free(buf);
	return 0;
}
