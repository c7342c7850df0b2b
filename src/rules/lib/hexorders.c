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
	if (half % HALF)
		snprintf(buf, size, "%d 1/2", half / HALF);
	else
		snprintf(buf, size, "%d", half / HALF);
}

const char *hex_step_why(const struct hex_rules *r, int u, int a, int b,
			 int left, int first, int *cost,
			 const struct hex_move_labels *labels, char *why,
			 size_t size)
{
	const char *w;
	char x[8], y[8], mp[16];

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
	else if (!strcmp(w, "cost"))
		snprintf(why, size, "%s costs more than the %s MP left (%s)",
			 y, mp, labels->cost);
	else
		snprintf(why, size, "%s is off the map (%s)", y, labels->move);
	return why;
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
