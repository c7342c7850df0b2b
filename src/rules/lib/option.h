/*
 * option.h - a game's options at setup (umpire-scenario(5), options):
 * the value chosen when the game was created, else the scenario's
 * default.
 *
 * Ownership: the string returned points into options or the scenario.
 */
#ifndef UMPIRE_RULES_OPTION_H
#define UMPIRE_RULES_OPTION_H

#include "umpire/doc.h"

/* options[name] when given, else the scenario's options.NAME.default,
 * else def. */
const char *rules_option(const struct doc *scn,
			 const struct doc_node *options, const char *name,
			 const char *def);

#endif
