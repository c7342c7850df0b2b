/*
 * registry.c - the one table of rulesets compiled into umpire.
 */
#include <string.h>
#include "umpire/games.h"
#include "umpire/rules.h"

const struct ruleset *const rulesets[] = {
	&ruleset_arnswalde,
	&ruleset_aachen,
	&ruleset_peiper,
	&ruleset_rgw,
	&ruleset_reichstag,
	NULL
};

const struct ruleset *ruleset_find(const char *id)
{
	for (size_t i = 0; rulesets[i]; i++)
		if (strcmp(rulesets[i]->id, id) == 0)
			return rulesets[i];
	return NULL;
}
