/*
 * units.c - Aachen: the units and the hexes as the state holds them: a
 * unit by its id, the hex each unit stands in, a unit's place as one
 * number and where each stood when a player turn began, the victory
 * hexes held and the last turn (16.0, 17.1). Above names.c, below every
 * rule.
 */
#include <string.h>
#include <strings.h>
#include "aachen.h"

int aa_unit_find(const struct aachen *st, const char *id)
{
	int i;

	for (i = 0; i < st->n_units; i++)
		if (!strcasecmp(st->u[i].id, id))
			return i;
	return -1;
}

void aa_reindex(struct aachen *st)
{
	int i;

	memset(st->occ, 0xff, sizeof st->occ);         /* -1: no unit */
	for (i = 0; i < st->n_units; i++)
		if (st->u[i].where == U_MAP && st->u[i].hex >= 0)
			st->occ[st->u[i].hex] = (int16_t)i;
}

int aa_place_code(const struct hunit *u)
{
	return u->where == U_MAP ? u->hex : u->where == U_WAITING ? -1 : -2;
}

void aa_turn_start(struct aachen *st)
{
	int i;

	memcpy(st->turn_start[0], st->turn_start[1],
	       sizeof st->turn_start[0]);
	for (i = 0; i < st->n_units; i++)
		st->turn_start[1][i] = (int16_t)aa_place_code(&st->u[i]);
	if (st->n_starts < 2)
		st->n_starts++;
}

int aa_last_turn(const struct aachen *st)
{
	return st->turns - st->us_lost;
}

int aa_held(const struct aachen *st, const int16_t *hexes, int n)
{
	int i, k = 0;

	for (i = 0; i < n; i++)
		k += st->ctrl[hexes[i]] == ALLIED;
	return k;
}
