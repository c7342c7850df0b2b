/*
 * keyrole.c - which of a game's roles a secret key is (keyrole.h).
 */
#include <sodium.h>
#include "umpire/keyrole.h"

const char *key_role(const struct game *g, const struct seckey *sk)
{
	struct pubkey pk;
	const char *role = "";
	seckey_pubkey(sk, &pk);
	for (size_t i = 0; i < g->n_roles; i++)
		if (sodium_memcmp(&g->roles[i].pk, &pk, sizeof pk) == 0)
			role = g->roles[i].name;
	return role;
}
