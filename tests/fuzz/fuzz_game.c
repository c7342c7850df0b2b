/* fuzz_game.c - game files (game_parse with the shipped scenarios); a
 * game that loads is also replayed and checked in full, as audit does. */
#include "fuzz.h"
#include "umpire/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct error err;
	struct game g;
	char *buf = fuzz_copy(data, size);
	fuzz_init();
	if (game_parse(&g, "fuzz", buf, size, fuzz_scenarios(), &err) == 0) {
		struct run run;
		if (game_check(&g, CHECK_FULL, NULL, &run, &err) == 0)
			engine_free(&run);
		game_free(&g);
	}
	free(buf);
	return 0;
}
