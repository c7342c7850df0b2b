/* fuzz_orders.c - order files (orders_parse), after embed_split as
 * umpire does with a received file. */
#include "fuzz.h"
#include "umpire/orders.h"
#include "umpire/sign.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct error err;
	struct orders o;
	char *buf = fuzz_copy(data, size);
	fuzz_init();
	/* the caller frees the orders whether they parse or not (game.c) */
	(void)orders_parse("fuzz", buf, size, &o, &err);
	orders_free(&o);
	free(buf);
	return 0;
}
