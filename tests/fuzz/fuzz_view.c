/* fuzz_view.c - views and sealed views (view_load), and orders sealed to
 * the referee (sealed_open, as adjudicate, judge and status take them),
 * with a fixed key for opening sealed ones. */
#include "fuzz.h"
#include "umpire/keys.h"
#include "umpire/view.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct seckey *sk;
	static const unsigned char seed[32] = "umpire fuzz view key seed 32 b.";
	static const unsigned char keynum[KEYNUM_BYTES] = "fuzzkey";
	struct error err;
	struct view v;
	fuzz_init();
	if (!sk)
		sk = seckey_from_seed(seed, keynum);
	char *buf = fuzz_copy(data, size);
	(void)is_view_text(buf, size);
	if (is_sealed_orders(buf, size)) {
		char *plain = NULL;
		size_t plen;
		if (sealed_open("fuzz", buf, size, SEALED_ORDERS_FORMAT, sk,
				&plain, &plen, &err) == 0 && plain[plen] != '\0')
			abort();
		free(plain);
	}
	if (view_load(&v, "fuzz", buf, size, fuzz_scenarios(), sk, &err) == 0)
		view_free(&v);
	free(buf);
	return 0;
}
