/*
 * hexdecl.c - a map's hexes and hexsides for a state declaration (see
 * hexdecl.h): the state begins with its struct hex_map.
 */
#include "hexdecl.h"

static const struct hex_map *map_of(const void *st)
{
	return st;
}

int hexdecl_n_hexes(const void *st)
{
	return hex_end(map_of(st));
}

const char *hexdecl_hex_name(const void *st, int h, char buf[16])
{
	return hex_id(h, buf);
}

int hexdecl_hex_of(const void *st, const char *s)
{
	return hex_parse(map_of(st), s);
}

int hexdecl_n_sides(const void *st)
{
	return hex_side_items(map_of(st));
}

const char *hexdecl_side_name(const void *st, int i, char buf[16])
{
	return hex_side_item_name(map_of(st), i, buf);
}

int hexdecl_side_index(const void *st, const char *s)
{
	return hex_side_item(map_of(st), s);
}

int hexdecl_side_has(const void *st, int bit, int i)
{
	return hex_side_item_has(map_of(st), i, bit);
}

int hexdecl_side_next(const void *st, int bit, int i)
{
	return hex_side_item_next(map_of(st), i, bit);
}

/* on 0 does nothing: SD_HEXSIDES says so (SDF_SET_ADDS), and a load
 * does not call it so for every hexside */
void hexdecl_side_mark(void *st, int bit, int i, int on)
{
	if (on)
		hex_side_item_set(st, i, bit, 1);
}
