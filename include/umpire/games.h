/*
 * games.h - the rulesets compiled into umpire (see src/rules/registry.c).
 * Ownership: static, read-only tables.
 */
#ifndef UMPIRE_GAMES_H
#define UMPIRE_GAMES_H

#include "umpire/rules.h"

extern const struct ruleset ruleset_arnswalde;
extern const struct ruleset ruleset_aachen;
extern const struct ruleset ruleset_peiper;
extern const struct ruleset ruleset_rgw;
extern const struct ruleset ruleset_reichstag;

#endif
