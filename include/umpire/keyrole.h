/*
 * keyrole.h - which of a game's roles a secret key is.
 *
 * Ownership: the name returned is the game's (it lives as long as g).
 */
#ifndef UMPIRE_KEYROLE_H
#define UMPIRE_KEYROLE_H

#include "umpire/game.h"
#include "umpire/keys.h"

/* The game role whose key sk is ("" if none; the last if several). */
const char *key_role(const struct game *g, const struct seckey *sk);

#endif
