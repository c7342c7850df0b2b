/*
 * combat.c - Race to the Reichstag's combat arithmetic: tables, doublings,
 * totals, obligations and declaration checks. See combat.h.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "combat.h"

const char *const rc_table_names[RC_TABLES] = { "mobile", "assault" };

int rc_is_german(const struct rc_env *e, int u)
{
	return e->r->units[u].side == e->german;
}

int rc_allegiance(const struct rc_env *e, int u)
{
	return rc_is_german(e, u) ? e->al_german : e->al_soviet;
}

int rc_mobile(const struct rc_env *e, int u)
{
	if (e->mobile)
		return e->mobile(e->user, u);
	return unit_mov(&e->r->units[u]) > 0;
}

static int on_map(const struct rc_env *e, int u)
{
	return e->r->units[u].where == U_MAP && e->r->units[u].hex >= 0;
}

/* Whether a and b share a sector (no sectors given: always). */
static int same_sector(const struct rc_env *e, int a, int b)
{
	int s, any = 0;

	for (s = 0; s < 2; s++) {
		if (e->sector[s] < 0)
			continue;
		any = 1;
		if (hex_in_region(e->r->map, a, e->sector[s]) &&
		    hex_in_region(e->r->map, b, e->sector[s]))
			return 1;
	}
	return !any;
}

/* 12.15, 16.4 */
int rc_flak_covers(const struct rc_env *e, int h)
{
	int u, t;

	if (!e->flak || h < 0)
		return 0;
	for (u = 0; u < e->r->n_units; u++) {
		if (!on_map(e, u) || !e->flak(e->user, u))
			continue;
		t = e->r->units[u].hex;
		if (hex_distance(e->r->map, t, h) <= 2 && same_sector(e, t, h))
			return 1;
	}
	return 0;
}

/* 12.20: doublings add (each one more printed strength), capped at x3 */
static int capped(int pct)
{
	return pct > RC_CAP_PCT ? RC_CAP_PCT : pct;
}

/* 12.14, 12.15, 12.20, 22.5 */
int rc_att_pct(const struct rc_env *e, const struct rc_attack *a, int u)
{
	int pct = 100;

	if (rc_printed_att(&e->r->units[u]) <= 0)
		return 0;                       /* 12.12, 12.13 */
	if (!rc_is_german(e, u)) {
		/* 12.14: once, however many markers */
		if (a->barrage && (!e->barrage_ok || e->barrage_ok(e->user, u)))
			pct += 100;
		return capped(pct);
	}
	/* 12.15: German mobile units only */
	if (rc_mobile(e, u) && on_map(e, u) &&
	    rc_flak_covers(e, e->r->units[u].hex))
		pct += 100;
	if (e->me262 && e->me262(e->user, u))   /* 22.5(3) */
		pct += 100;
	return capped(pct);
}

/* The water hexside's defence percent between a and its neighbour h, for
 * the attacker (100: none, bridged, or an engineer's, 19.1). */
static int water_pct(const struct rc_env *e, int a, int h)
{
	static const int kinds[3] = { HS_RIVER, HS_STREAM, HS_LAKE };
	const struct hex_map *m = e->r->map;
	int d = hex_dir(m, a, h), k, best = 100;

	if (d < 0 || !hex_side_water(e->r, a, h))
		return 100;
	for (k = 0; k < 3; k++)
		if (hex_side_has(m, a, d, kinds[k]) &&
		    m->side[kinds[k]].defence_pct > best)
			best = m->side[kinds[k]].defence_pct;
	return best;
}

/* 12.18, 12.19 */
int rc_terrain_pct(const struct rc_env *e, const struct rc_attack *a, int h,
		   int *water)
{
	const struct hex_rules *r = e->r;
	int i, u, v, al = -1, pct, side_pct = 0, n = 0, s;

	/* the defender's allegiance: the first unit of the stack */
	if ((v = r->occupant[h]) >= 0)
		al = rc_allegiance(e, v);
	pct = hex_defence_best(r->map, h, al);
	for (i = 0; i < a->n_att; i++) {
		u = a->att[i];
		if (!hex_attack_reaches(r, u, h, &s))
			continue;
		n++;
		s = water_pct(e, r->units[u].hex, h);
		if (s <= 100) {
			side_pct = 0;   /* one attacker not across: none */
			break;
		}
		if (side_pct == 0 || s < side_pct)
			side_pct = s;   /* the least of them */
	}
	if (water)
		*water = 0;
	if (n > 0 && side_pct > pct) {
		pct = side_pct;
		if (water)
			*water = 1;
	}
	return pct;
}

/* 12.15, 12.19, 12.20 */
int rc_def_pct(const struct rc_env *e, int u, int terrain_pct)
{
	int pct = terrain_pct;

	if (rc_is_german(e, u) && rc_mobile(e, u) && on_map(e, u) &&
	    rc_flak_covers(e, e->r->units[u].hex))
		pct += 100;
	return capped(pct);
}

int rc_table_parse(const char *w)
{
	int i;

	for (i = 0; i < RC_TABLES; i++)
		if (!strcasecmp(w, rc_table_names[i]) ||
		    (w[0] && !w[1] && (w[0] | 32) == rc_table_names[i][0]))
			return i;
	return -1;
}

/* 12.21, TEC */
int rc_forced_table(const struct rc_env *e, const struct rc_attack *a)
{
	const struct hex_rules *r = e->r;
	const char *name;
	int i, v, k;

	for (i = 0; i < a->n_def; i++)
		for (v = r->occupant[a->def[i]]; v >= 0;
		     v = r->next ? r->next[v] : -1) {
			name = hex_crt_forced(r->map, a->def[i],
					      rc_allegiance(e, v));
			if (name && (k = rc_table_parse(name)) >= 0)
				return k;
		}
	return -1;
}

int rc_table(const struct rc_env *e, const struct rc_attack *a, int chosen)
{
	int f = rc_forced_table(e, a);

	return f >= 0 ? f : chosen;
}

int rc_printed_att(const struct hunit *u)
{
	return unit_att(u);
}

int rc_printed_def(const struct hunit *u)
{
	return unit_def(u);
}

/* 12.2 (2)-(4) */
int rc_totals(const struct rc_env *e, const struct rc_attack *a,
	      struct rc_totals *t)
{
	const struct hex_rules *r = e->r;
	int i, u, v, pct, ok, water, s, h;

	memset(t, 0, sizeof *t);
	t->forced = rc_forced_table(e, a);
	for (i = 0; i < a->n_att && t->n_att < RC_ATT_MAX; i++) {
		u = a->att[i];
		if (!on_map(e, u))
			continue;
		/* an attacker that reaches no defending hex any more */
		for (ok = 0, h = 0; h < a->n_def && !ok; h++)
			ok = hex_attack_reaches(r, u, a->def[h], &s);
		if (!ok)
			continue;
		pct = rc_att_pct(e, a, u);
		t->att_u[t->n_att] = (int16_t)u;
		t->att_pct[t->n_att++] = (int16_t)pct;
		t->att += unit_att(&r->units[u]) * pct / 100;
		t->att_printed += rc_printed_att(&r->units[u]);
	}
	for (i = 0; i < a->n_def; i++) {
		t->terrain_pct[i] = (int16_t)rc_terrain_pct(e, a, a->def[i],
							    &water);
		t->water[i] = (uint8_t)water;
		for (v = r->occupant[a->def[i]]; v >= 0 && t->n_def < RC_DEF_MAX;
		     v = r->next ? r->next[v] : -1) {
			pct = rc_def_pct(e, v, t->terrain_pct[i]);
			t->def_u[t->n_def] = (int16_t)v;
			t->def_pct[t->n_def++] = (int16_t)pct;
			t->def += unit_def(&r->units[v]) * pct / 100;
			t->def_printed += rc_printed_def(&r->units[v]);
		}
	}
	t->percent = t->def > 0 ? (int)((long)t->att * 100 / t->def) : -1;
	return t->percent;
}

static int phasing(const struct rc_env *e, int u)
{
	return !e->in_phase || e->in_phase(e->user, u);
}

static int flagged(const uint8_t *f, int u)
{
	return f && f[u];
}

/* Whether enemy hex h next to u may be attacked by u: it holds an enemy
 * not yet attacked, and the hexside allows it. */
static int hex_open(const struct rc_env *e, int u, int h,
		    const uint8_t *defended)
{
	const struct hex_rules *r = e->r;
	int v, s, any = 0;

	if (!hex_attack_reaches(r, u, h, &s) ||
	    (e->may_attack && !e->may_attack(e->user, u, h)))
		return 0;
	for (v = r->occupant[h]; v >= 0; v = r->next ? r->next[v] : -1) {
		if (r->units[v].side == r->units[u].side)
			return 0;
		if (!flagged(defended, v))
			any = 1;
	}
	return any;
}

int rc_can_attack(const struct rc_env *e, int u, const uint8_t *defended)
{
	int d, h;

	if (!on_map(e, u) || rc_printed_att(&e->r->units[u]) <= 0)
		return 0;
	for (d = 0; d < 6; d++) {
		h = hex_neighbour(e->r->map, e->r->units[u].hex, d);
		if (h >= 0 && hex_open(e, u, h, defended))
			return 1;
	}
	return 0;
}

/* 12.0 */
int rc_obligations(const struct rc_env *e, int side, const uint8_t *attacked,
		   const uint8_t *defended, int16_t *att_out, int *n_att,
		   int16_t *def_out, int *n_def)
{
	const struct hex_rules *r = e->r;
	int u, na = 0, nd = 0;

	/* the zone of control last: the costly test (the others are
	 * plain reads, the same units counted) */
	for (u = 0; u < r->n_units; u++) {
		if (!on_map(e, u))
			continue;
		if (r->units[u].side == side) {
			if (flagged(attacked, u) || !phasing(e, u) ||
			    rc_printed_att(&r->units[u]) <= 0 ||
			    !hex_zoc_entering(r, u, r->units[u].hex))
				continue;       /* 12.12 */
			if (att_out)
				att_out[na] = (int16_t)u;
			na++;
		} else if (!flagged(defended, u) &&
			   hex_zoc_entering(r, u, r->units[u].hex)) {
			if (def_out)
				def_out[nd] = (int16_t)u;
			nd++;
		}
	}
	if (n_att)
		*n_att = na;
	if (n_def)
		*n_def = nd;
	return na + nd;
}

/* 12.13 */
int rc_zero_strength(const struct rc_env *e, int16_t *out, int max)
{
	const struct hex_rules *r = e->r;
	int u, n = 0;

	for (u = 0; u < r->n_units; u++) {
		if (!on_map(e, u) || unit_att(&r->units[u]) > 0 ||
		    unit_def(&r->units[u]) > 0 ||
		    !hex_zoc_entering(r, u, r->units[u].hex))
			continue;
		if (out && n < max)
			out[n] = (int16_t)u;
		n++;
	}
	return n;
}

static int named(const struct rc_attack *a, int u)
{
	int i;

	for (i = 0; i < a->n_att; i++)
		if (a->att[i] == u)
			return 1;
	return 0;
}

/* The message `text` with id where it says "%s", and the rule after
 * it. */
static int refuse(char *why, size_t size, const char *text, const char *id,
		  const char *rule)
{
	const char *at = strstr(text, "%s");
	int head = at ? (int)(at - text) : (int)strlen(text);

	snprintf(why, size, "%.*s%s%s (%s)", head, text, at ? id : "",
		 at ? at + 2 : "", rule);
	return -1;
}

/* 12.0, 12.10, 12.12, 5.2 */
int rc_check(const struct rc_env *e, int side, const struct rc_attack *a,
	     const uint8_t *attacked, const uint8_t *defended,
	     int (*may_attack)(const void *user, int u, int h, char *why,
			       size_t size),
	     char *why, size_t size)
{
	const struct hex_rules *r = e->r;
	char x[8];
	int i, j, u, v, h, reach, s, enemy;

	if (a->n_att < 1 || a->n_def < 1)
		return refuse(why, size, "an attack names a defending hex and "
			      "one or more attacking units%s", "", "12.2");
	for (i = 0; i < a->n_def; i++) {
		h = a->def[i];
		for (j = 0; j < i; j++)
			if (a->def[j] == h)
				return refuse(why, size, "hex %s is named "
					      "twice", hex_id(h, x), "12.2");
		enemy = 0;
		for (v = r->occupant[h]; v >= 0; v = r->next ? r->next[v] : -1)
			if (r->units[v].side != side && !flagged(defended, v))
				enemy = 1;
		if (!enemy)
			return refuse(why, size, "hex %s holds no enemy unit "
				      "that may still be attacked this phase",
				      hex_id(h, x), "12.0, 13.5");
	}
	for (i = 0; i < a->n_att; i++) {
		u = a->att[i];
		for (j = 0; j < i; j++)
			if (a->att[j] == u)
				return refuse(why, size, "%s is named twice",
					      r->units[u].id, "12.2");
		if (r->units[u].side != side || !on_map(e, u) ||
		    !phasing(e, u))
			return refuse(why, size, "%s is not a unit of this "
				      "player turn on the map", r->units[u].id,
				      "4.0, 12.2");
		if (flagged(attacked, u))
			return refuse(why, size, "%s has attacked already this "
				      "phase", r->units[u].id, "12.0");
		if (rc_printed_att(&r->units[u]) <= 0)
			return refuse(why, size, "%s has a parenthesized (or "
				      "zero) strength and does not attack",
				      r->units[u].id, "12.12");
		for (reach = 0, j = 0; j < a->n_def; j++) {
			h = a->def[j];
			if (hex_dir(r->map, r->units[u].hex, h) < 0)
				continue;
			if (!hex_attack_across(r, r->units[u].hex, h, &s))
				return refuse(why, size, "%s may not attack "
					      "across that hexside (the sector "
					      "boundary)", r->units[u].id,
					      "5.2");
			if (may_attack && may_attack(e->user, u, h, why, size))
				return -1;
			reach = 1;
		}
		if (!reach)
			return refuse(why, size, "%s is next to no defending "
				      "hex", r->units[u].id, "12.2");
		/* 12.10: the whole stack that can attack */
		for (v = r->occupant[r->units[u].hex]; v >= 0;
		     v = r->next ? r->next[v] : -1)
			if (v != u && rc_printed_att(&r->units[v]) > 0 &&
			    !flagged(attacked, v) && !named(a, v))
				return refuse(why, size, "the units of one hex "
					      "attack together: name %s too",
					      r->units[v].id, "12.10");
	}
	for (i = 0; i < a->n_def; i++) {
		for (reach = 0, j = 0; j < a->n_att && !reach; j++)
			reach = hex_attack_reaches(r, a->att[j], a->def[i], &s);
		if (!reach)
			return refuse(why, size, "no attacker is next to hex "
				      "%s", hex_id(a->def[i], x), "12.2");
	}
	return 0;
}
