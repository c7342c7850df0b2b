/*
 * hexattack.c - attack declarations on a hex map: parse, check, totals
 * (see hexattack.h).
 */
#include "hexattack.h"

#include <stdio.h>
#include <string.h>

static const char *label(const struct hex_attack_labels *lb,
			 const char *which)
{
	if (which)
		return which;
	return lb && lb->rule ? lb->rule : "combat";
}

/* The defending hexes as "0401" or "0401 or 0402". */
static void hexes_text(const struct hex_attack *a, char *buf, size_t size)
{
	size_t len = 0;
	char x[8];
	int i;

	buf[0] = '\0';
	for (i = 0; i < a->n_def && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
					i ? " or " : "", hex_id(a->def[i], x));
}

int hex_attack_parse(const struct hex_rules *r, int side, const char *text,
		     hex_unit_lookup_fn lookup, const void *user,
		     const struct hex_attack_labels *lb, struct hex_attack *a,
		     char *why, size_t size)
{
	const char *p = text, *rule = label(lb, NULL);
	char w[48], h[48];
	int u, k, hl;

	memset(a, 0, sizeof *a);
	while (hex_next_word(&p, w, sizeof w)) {
		if (!strcmp(w, "+support")) {
			if (a->att_sup < 255)
				a->att_sup++;
			continue;
		}
		if (a->n_def == 0) {
			const char *q = w;

			for (;;) {
				for (hl = 0; q[hl] && q[hl] != ','; hl++)
					;
				snprintf(h, sizeof h, "%.*s", hl, q);
				k = hex_parse(r->map, h);
				if (k == HEX_NONE)
					return snprintf(why, size, "'%s' is "
						"not a hex: write %s (%s)", h,
						lb && lb->form ? lb->form :
						"HEX[,HEX...] UNIT UNIT ...",
						rule), -1;
				if (a->n_def == HEX_ATTACK_HEXES)
					return snprintf(why, size, "at most "
						"%d defending hexes (%s)",
						HEX_ATTACK_HEXES, rule), -1;
				a->def[a->n_def++] = (int16_t)k;
				if (!q[hl])
					break;
				q += hl + 1;
			}
			continue;
		}
		u = lookup(user, w);
		if (u < 0 || u >= r->n_units || r->units[u].side != side ||
		    r->units[u].where != U_MAP)
			return snprintf(why, size, "'%s' is not one of your "
					"units on the map (%s)", w, rule), -1;
		if (a->n == HEX_ATTACK_UNITS)
			return snprintf(why, size, "at most %d attackers (%s)",
					HEX_ATTACK_UNITS, rule), -1;
		a->att[a->n++] = (int16_t)u;
	}
	if (a->n_def == 0 || a->n == 0)
		return snprintf(why, size, "name the defender's hex and at "
				"least one attacking unit (%s)", rule), -1;
	return 0;
}

int hex_attack_reaches(const struct hex_rules *r, int u, int h, int *shift)
{
	int s = 0;

	*shift = 0;
	if (r->units[u].where != U_MAP ||
	    hex_dir(r->map, r->units[u].hex, h) < 0 ||
	    !hex_attack_across(r, r->units[u].hex, h, &s))
		return 0;
	*shift = s;
	return 1;
}

static int has_enemy(const struct hex_rules *r, int side, int h)
{
	int v;

	for (v = r->occupant[h]; v >= 0; v = r->next ? r->next[v] : -1)
		if (r->units[v].side != side)
			return 1;
	return 0;
}

int hex_attack_check(const struct hex_rules *r, int side,
		     const struct hex_attack *a,
		     const struct hex_attack_context *cx,
		     const struct hex_attack_labels *lb, char *why,
		     size_t size)
{
	const char *rule = label(lb, NULL);
	const char *sname = lb && lb->support_name ? lb->support_name :
			    "support marker";
	int max_units = cx->max_units > 0 ? cx->max_units : HEX_ATTACK_UNITS;
	int max_hexes = cx->max_hexes > 0 ? cx->max_hexes : HEX_ATTACK_HEXES;
	int i, j, k, s, u, h, near, ok;
	char x[8], all[40];

	if (a->att_sup > cx->support_max) {
		if (cx->support_max == 1)
			return snprintf(why, size, "+support is given twice "
					"(%s)", label(lb, lb ? lb->support :
						      NULL)), -1;
		return snprintf(why, size, "+support is given more than %d "
				"times (%s)", cx->support_max,
				label(lb, lb ? lb->support : NULL)), -1;
	}
	if (a->att_sup > cx->support_left)
		return snprintf(why, size, "no %s left this turn (%s)", sname,
				label(lb, lb ? lb->support : NULL)), -1;
	if (a->n_def == 0 || a->n == 0)
		return snprintf(why, size, "name the defender's hex and at "
				"least one attacking unit (%s)", rule), -1;
	if (a->n_def > max_hexes)
		return snprintf(why, size, "at most %d defending hex%s (%s)",
				max_hexes, max_hexes == 1 ? "" : "es", rule),
		       -1;
	for (i = 0; i < a->n_def; i++) {
		h = a->def[i];
		hex_id(h, x);
		for (j = 0; j < i; j++)
			if (a->def[j] == h)
				return snprintf(why, size, "%s is named twice "
						"(%s)", x, rule), -1;
		if (!has_enemy(r, side, h))
			return snprintf(why, size, "%s holds no enemy unit "
					"(%s)", x, label(lb, lb ? lb->enemy :
							 NULL)), -1;
		for (j = 0; j < cx->n_declared; j++)
			for (k = 0; k < cx->declared[j].n_def; k++)
				if (cx->declared[j].def[k] == h)
					return snprintf(why, size, "%s is "
						"attacked already this phase "
						"(%s)", x, label(lb, lb ?
						lb->enemy : NULL)), -1;
	}
	hexes_text(a, all, sizeof all);
	for (i = 0; i < a->n; i++) {
		u = a->att[i];
		for (j = 0; j < i; j++)
			if (a->att[j] == u)
				return snprintf(why, size, "%s is named twice "
						"(%s)", r->units[u].id, rule),
				       -1;
		if (cx->attacked && cx->attacked[u])
			return snprintf(why, size, "%s attacks already this "
					"phase (%s)", r->units[u].id,
					label(lb, lb ? lb->attacked : NULL)),
			       -1;
		near = -1;
		ok = 0;
		for (k = 0; k < a->n_def; k++) {
			if (hex_dir(r->map, r->units[u].hex, a->def[k]) < 0)
				continue;
			if (near < 0)
				near = a->def[k];
			if (hex_attack_reaches(r, u, a->def[k], &s))
				ok = 1;
		}
		if (near < 0)
			return snprintf(why, size, "%s is not next to %s (%s)",
					r->units[u].id, all,
					label(lb, lb ? lb->adjacent : NULL)),
			       -1;
		if (cx->strength && cx->strength(cx->user, u) <= 0)
			return snprintf(why, size, "%s has no attack strength "
					"(%s)", r->units[u].id, rule), -1;
		if (!ok)
			return snprintf(why, size, "%s may not attack %s "
					"across that hexside (%s)",
					r->units[u].id, hex_id(near, x),
					label(lb, lb ? lb->across : NULL)),
			       -1;
		if (i == max_units)
			return snprintf(why, size, "at most %d attackers (%s)",
					max_units, rule), -1;
	}
	for (k = 0; k < a->n_def; k++) {
		for (i = 0; i < a->n; i++)
			if (hex_attack_reaches(r, a->att[i], a->def[k], &s))
				break;
		if (i == a->n)
			return snprintf(why, size, "no attacking unit is next "
					"to %s (%s)", hex_id(a->def[k], x),
					label(lb, lb ? lb->adjacent : NULL)),
			       -1;
	}
	return 0;
}

int hex_attack_strengths(const struct hex_rules *r,
			 const struct hex_attack *a,
			 hex_unit_value_fn att_value,
			 hex_unit_value_fn def_value, const void *user,
			 int *att, int *def, int *shift, int16_t *alive)
{
	const struct hex_map *m = r->map;
	int i, k, u, v, s, na = 0, sum, worst, hs, best = 0, first = 1;

	*att = 0;
	*def = 0;
	for (i = 0; i < a->n; i++) {
		u = a->att[i];
		for (k = 0; k < a->n_def; k++)
			if (hex_attack_reaches(r, u, a->def[k], &s))
				break;
		if (k == a->n_def)
			continue;
		*att += att_value(user, u);
		if (alive)
			alive[na] = (int16_t)u;
		na++;
	}
	for (k = 0; k < a->n_def; k++) {
		const struct hex_effect *t;
		int h = a->def[k];

		if (m->terr[h] == 255)
			continue;
		t = &m->terrain[m->terr[h]];
		sum = 0;
		for (v = r->occupant[h]; v >= 0; v = r->next ? r->next[v] : -1)
			sum += def_value(user, v);
		sum = sum * t->defence_pct / 100;
		hs = t->shift;
		if (m->feat[h] & HF_FORT) {
			sum = sum * m->fort.defence_pct / 100;
			hs += m->fort.shift;
		}
		*def += sum;
		worst = 0;
		for (i = 0; i < a->n; i++)
			if (hex_attack_reaches(r, a->att[i], h, &s) &&
			    s < worst)
				worst = s;
		hs += worst;
		if (first || hs < best)
			best = hs;
		first = 0;
	}
	*shift = best;
	return na;
}
