/*
 * hexorders.c - movement orders: parsing and the words of a refusal. See
 * hexorders.h.
 */
#include <stdio.h>
#include <string.h>
#include "umpire/rules.h"
#include "hexorders.h"

int hex_move_parse(const struct hex_map *m, const char *answer,
		   int (*find)(const void *user, const char *id),
		   const void *user, const struct hex_move_labels *labels,
		   struct hex_move *mv, char *why, size_t size)
{
	char w[48];
	const char *p = answer;
	int h;

	mv->unit = -1;
	mv->n = 0;
	mv->by_dest = 0;
	while (hex_next_word(&p, w, sizeof w)) {
		if (mv->unit < 0) {
			mv->unit = find(user, w);
			if (mv->unit < 0)
				return snprintf(why, size, "no unit '%s': write "
						"UNIT HEX HEX ... or done (%s)",
						w, labels->move), -1;
			continue;
		}
		if (!strcmp(w, "to") && mv->n == 0 && !mv->by_dest) {
			mv->by_dest = 1;
			continue;
		}
		h = hex_parse(m, w);
		if (h == HEX_NONE || m->terr[h] == 255)
			return snprintf(why, size, "'%s' is not a hex of the "
					"map (%s)", w, labels->move), -1;
		if (mv->by_dest && mv->n == 1)
			return snprintf(why, size, "write UNIT to HEX: one "
					"destination (%s)", labels->move), -1;
		if (mv->n == HEX_PATH_MAX)
			return snprintf(why, size, "the path is too long "
					"(%s)", labels->move), -1;
		mv->path[mv->n++] = (int16_t)h;
	}
	if (mv->unit < 0)
		return snprintf(why, size, "write UNIT HEX HEX ... or done "
				"(%s)", labels->move), -1;
	if (mv->by_dest && mv->n != 1)
		return snprintf(why, size, "write UNIT to HEX: the hex "
				"where the move ends (%s)", labels->move), -1;
	return 0;
}

void hex_mp_text(char *buf, size_t size, int half)
{
	if (half % HALF && half / HALF == 0)
		snprintf(buf, size, "1/2");
	else if (half % HALF)
		snprintf(buf, size, "%d 1/2", half / HALF);
	else
		snprintf(buf, size, "%d", half / HALF);
}

static const char *water_words(const struct hex_rules *r, int a, int d,
			       char *buf, size_t size);

const char *hex_step_why(const struct hex_rules *r, int u, int a, int b,
			 int left, int first, int *cost,
			 const struct hex_move_labels *labels, char *why,
			 size_t size)
{
	const char *w;
	char x[8], y[8], mp[16], ww[40];

	hex_id(a, x);
	hex_id(b, y);
	if (hex_dir(r->map, a, b) < 0) {
		snprintf(why, size, "%s is not next to %s (%s)", y, x,
			 labels->move);
		return why;
	}
	w = hex_step_block(r, u, r->units[u].side, a, b, left, first, cost);
	if (!w)
		return NULL;
	hex_mp_text(mp, sizeof mp, left);
	if (!strcmp(w, "enemy"))
		snprintf(why, size, "%s holds an enemy unit (%s)", y,
			 labels->enemy);
	else if (!strcmp(w, "zoc"))
		snprintf(why, size, "%s is in an enemy zone of control and so "
			 "is %s: no move from one to the other (%s)", y, x,
			 labels->zoc);
	else if (!strcmp(w, "disengage"))
		snprintf(why, size, "%s is in an enemy zone of control: a unit "
			 "that began its move in one may not enter another "
			 "(%s)", y, labels->zoc);
	else if (!strcmp(w, "hexside"))
		snprintf(why, size, "the hexside %s-%s may not be crossed "
			 "(%s)", x, y, labels->hexside);
	else if (!strcmp(w, "prohibited"))
		snprintf(why, size, "%s may not be entered (%s)", y,
			 labels->prohibited);
	else if (!strcmp(w, "cost") && hex_step_cost(r, a, b) == COST_ALL)
		snprintf(why, size, "crossing into %s takes all the MPs: "
			 "only as the first step (%s)", y, labels->hexside);
	else if (!strcmp(w, "cost") && water_words(r, a, hex_dir(r->map, a, b),
						   ww, sizeof ww))
		snprintf(why, size, "%s costs more than the %s MP left, with "
			 "the crossing of %s (%s-%s) (%s)", y, mp, ww, x, y,
			 labels->cost);
	else if (!strcmp(w, "cost"))
		snprintf(why, size, "%s costs more than the %s MP left (%s)",
			 y, mp, labels->cost);
	else
		snprintf(why, size, "%s is off the map (%s)", y, labels->move);
	return why;
}

/* The friendly units in h, "a32" or "a32, a33", into buf. */
static void units_in(const struct hex_rules *r, int h, char *buf,
		     size_t size)
{
	size_t len = 0;
	int v;

	buf[0] = '\0';
	for (v = r->occupant[h]; v >= 0 && len < size;
	     v = r->next ? r->next[v] : -1)
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
					len ? ", " : "", r->units[v].id);
}

/* The water of the hexside from a in direction d, in words ("the river
 * wurm", "a stream"), or NULL for none or a bridged one. */
static const char *water_words(const struct hex_rules *r, int a, int d,
			       char *buf, size_t size)
{
	const struct hex_map *m = r->map;
	const char *kind = hex_side_has(m, a, d, HS_RIVER) ? "river" :
		hex_side_has(m, a, d, HS_STREAM) ? "stream" :
		hex_side_has(m, a, d, HS_LAKE) ? "lake" : NULL;
	const char *name = hex_side_name(m, a, d);
	int b = hex_neighbour(m, a, d);

	if (!kind || !hex_side_water(r, a, b))
		return NULL;
	if (name)
		snprintf(buf, size, "the %s %s", kind, name);
	else
		snprintf(buf, size, "a %s", kind);
	return buf;
}

/* Why the step from a into b (towards the destination) is barred, with
 * `left` half MPs, block as hex_step_block says it; after "the next
 * hex, B, ". */
static void block_words(const struct hex_rules *r, int u, int a, int b,
			int left, int first, const char *block,
			const struct hex_move_labels *labels, char *buf,
			size_t size)
{
	int d = hex_dir(r->map, a, b), c;
	char x[8], y[8], w[40], mp[16], cm[16];
	const char *water = water_words(r, a, d, w, sizeof w);

	hex_id(a, x);
	hex_id(b, y);
	hex_mp_text(mp, sizeof mp, left);
	if (!strcmp(block, "enemy")) {
		snprintf(buf, size, "holds an enemy unit (%s)", labels->enemy);
	} else if (!strcmp(block, "zoc")) {
		snprintf(buf, size, "is in an enemy zone of control, as is "
			 "%s: no move from one to the other (%s)", x,
			 labels->zoc);
	} else if (!strcmp(block, "disengage")) {
		snprintf(buf, size, "is in an enemy zone of control: a unit "
			 "that began its move in one enters no other (%s)",
			 labels->zoc);
	} else if (!strcmp(block, "hexside")) {
		snprintf(buf, size, "is across the hexside %s-%s%s%s, which "
			 "may not be crossed (%s)", x, y, water ? ", " : "",
			 water ? water : "", labels->hexside);
	} else if (!strcmp(block, "prohibited")) {
		snprintf(buf, size, "may not be entered (%s)",
			 labels->prohibited);
	} else if (!strcmp(block, "cost")) {
		c = hex_step_cost(r, a, b);
		if (c != COST_ALL && c != COST_NO && r->extra_cost)
			c += r->extra_cost(r->user, u, a, b);
		hex_mp_text(cm, sizeof cm, c);
		if (c == COST_ALL && !first)
			snprintf(buf, size, "is across %s (%s-%s), a crossing "
				 "that takes all the MPs, so only as the first "
				 "step of a move (%s)", water ? water :
				 "a hexside", x, y, labels->hexside);
		else if (water)
			snprintf(buf, size, "costs %s MP with the crossing of "
				 "%s (%s-%s), more than the %s MP left (%s)",
				 cm, water, x, y, mp, labels->cost);
		else
			snprintf(buf, size, "costs %s MP, more than the %s MP "
				 "left (%s)", cm, mp, labels->cost);
	} else {
		snprintf(buf, size, "is off the map (%s)", labels->move);
	}
}

int hex_unreachable_why(const struct hex_rules *r, int u, int from,
			int left, int first, int to,
			const struct hex_move_labels *labels, int *near,
			char *why, size_t size)
{
	int16_t best[HEX_MAX];

	hex_reach(r, u, from, left, first, best);
	return hex_unreachable_why_in(r, u, from, left, first, to, best,
				      labels, near, why, size);
}

int hex_unreachable_why_in(const struct hex_rules *r, int u, int from,
			   int left, int first, int to,
			   const int16_t best[HEX_MAX],
			   const struct hex_move_labels *labels, int *near,
			   char *why, size_t size)
{
	const struct hex_map *m = r->map;
	int h, n = -1, d, b, cost, dist, o, end = hex_end(m);
	int side = r->units[u].side;
	const char *block = NULL;
	char x[8], y[8], z[8], mp[16], ml[16], words[200], held[64];
	/* the nearest hex the move may end in (a hex a friendly unit
	 * holds is passed, not a place to stop: a player told "as near
	 * as" a hex sends the unit there) */
	for (h = 0; h < end; h++)
		if (best[h] >= 0 && (h == from || hex_may_end(r, u, h)) &&
		    (n < 0 ||
		    hex_distance(m, h, to) < hex_distance(m, n, to) ||
		    (hex_distance(m, h, to) == hex_distance(m, n, to) &&
		     best[h] > best[n])))
			n = h;
	if (near)
		*near = n;
	dist = hex_distance(m, n, to);
	hex_id(to, x);
	hex_id(from, z);
	hex_id(n, y);
	hex_mp_text(mp, sizeof mp, left);
	hex_mp_text(ml, sizeof ml, best[n]);
	o = r->occupant[to];
	if (to == from) {
		snprintf(why, size, "it stands there: a move goes to another "
			 "hex (%s)", labels->move);
		return 0;
	}
	if (n == to) {
		units_in(r, to, held, sizeof held);
		snprintf(why, size, "it gets there, but may not end its move "
			 "there: %s holds %s (%s)", x, held[0] ? held :
			 "no room", labels->stack);
		return 0;
	}
	if (o >= 0 && r->units[o].side != side) {
		snprintf(why, size, "%s holds an enemy unit (%s); with %s MP "
			 "from %s it gets as near as %s", x, labels->enemy, mp,
			 z, y);
		return dist;
	}
	if (n != from && hex_in_enemy_zoc(r, side, n)) {
		snprintf(why, size, "with %s MP from %s it gets as near as %s, "
			 "in an enemy zone of control, where it stops (%s)",
			 mp, z, y, labels->zoc);
		return dist;
	}
	/* the next hex towards `to`: the first that is barred (none
	 * nearer is reached, or it would be the nearest) */
	for (d = 0; d < 6 && !block; d++) {
		b = hex_neighbour(m, n, d);
		if (b >= 0 && hex_distance(m, b, to) < dist)
			block = hex_step_block(r, u, side, n, b, best[n],
					       first && n == from, &cost);
		if (block) {
			block_words(r, u, n, b, best[n], first && n == from,
				    block, labels, words, sizeof words);
			hex_id(b, x);
		} else if (b >= 0 && hex_distance(m, b, to) < dist &&
			   !hex_may_end(r, u, b)) {
			/* entered, not stopped in, and no MP to go on */
			block = "stack";
			units_in(r, b, held, sizeof held);
			snprintf(words, sizeof words, "holds %s: a unit may "
				 "pass, not stop (%s)", held[0] ? held :
				 "no room", labels->stack);
			hex_id(b, x);
		}
	}
	snprintf(why, size, "with %s MP from %s it gets as near as %s%s "
		 "(%s MP left)%s%s%s%s", mp, z, y,
		 n == from ? ", where it stands" : "", ml,
		 block ? "; the next hex, " : "; no hex next to it is nearer",
		 block ? x : "", block ? ", " : "", block ? words : "");
	return dist;
}

void hex_mark_move(struct ctx *c, int from, const int16_t *path, int n,
		   const char *label)
{
	char a[8], b[8], x[8], text[HEX_PATH_MAX * 5 + 1];
	size_t len = 0;

	text[0] = '\0';
	for (int i = 0; i < n && i < HEX_PATH_MAX; i++)
		len += (size_t)snprintf(text + len, sizeof text - len, "%s%s",
					i ? " " : "", hex_id(path[i], x));
	ctx_mark_path(c, "", hex_id(from, a), n > 0 ? hex_id(path[n - 1], b) :
		      a, label, text);
}

void hex_target(struct question *q, int h)
{
	char x[8];

	q_target(q, "hex", hex_id(h, x));
}
