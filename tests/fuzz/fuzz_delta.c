/* fuzz_delta.c - files of new steps (game_append), mailed instead of the
 * whole game: appended to an Arnswalde 1945 game at step 5
 * (delta-base.yaml), whose steps a delta may hold again and must then
 * hold identical; the seeds are deltas of the same game at steps 6 and 8. */
#include "fuzz.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"

#ifndef FUZZ_BASE
#define FUZZ_BASE "tests/fuzz/delta-base.yaml"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *base;
	static size_t base_len;
	struct error err;
	struct game g;
	struct run run;
	fuzz_init();
	if (!base && read_input(FUZZ_BASE,
				1u << 20, &base, &base_len, &err))
		abort();
	char *buf = fuzz_copy(data, size);
	(void)is_delta_text(buf, size);
	if (game_parse(&g, "base", base, base_len, fuzz_scenarios(),
		       &err) != 0)
		abort();
	memset(&run, 0, sizeof run);
	(void)game_append(&g, "fuzz", buf, size, &run, &err);
	engine_free(&run);
	game_free(&g);
	free(buf);
	return 0;
}
