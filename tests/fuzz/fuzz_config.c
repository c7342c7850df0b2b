/* fuzz_config.c - the INI configuration file (config_load, inih). */
#include "fuzz.h"
#include "umpire/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct error err;
	struct config c;
	const char *path = fuzz_file(data, size);
	fuzz_init();
	if (config_load(&c, path, 0, &err) == 0)
		config_free(&c);
	return 0;
}
