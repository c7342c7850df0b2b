/* fuzz_scenario.c - scenario files (scenario_load on a temporary file);
 * a scenario that loads is also set up with its default options. */
#include "fuzz.h"
#include "umpire/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct error err;
	struct scenario s;
	const char *path = fuzz_file(data, size);
	fuzz_init();
	if (scenario_load(path, &s, &err) == 0) {
		struct doc *d = doc_new("options");
		struct doc_node *opts;
		void *state = NULL;
		if (scenario_options(&s, d, NULL, 0, &opts, &err) == 0 &&
		    scenario_start(&s, opts, &state, &err) == 0)
			free(state);
		doc_free(d);
		scenario_free(&s);
	}
	return 0;
}
