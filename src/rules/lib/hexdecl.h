/*
 * hexdecl.h - the hexes and hexsides of a map as statedecl.h names them,
 * for a game whose state struct begins with its struct hex_map (each
 * such game checks that with a static assertion beside its declaration):
 * the places of an SD_MAP or SD_PLACES, the items of an SD_SET, and the
 * sets of hexsides of one kind (bridges demolished, bridges checked),
 * which the map keeps in its hexside bits.
 */
#ifndef UMPIRE_HEXDECL_H
#define UMPIRE_HEXDECL_H

#include "hex.h"

/* The hexes: how many places, the i-th's name (CCRR), and back. */
int hexdecl_n_hexes(const void *st);
const char *hexdecl_hex_name(const void *st, int h, char buf[16]);
int hexdecl_hex_of(const void *st, const char *s);
#define SD_HEX_PLACES .n_places = hexdecl_n_hexes, \
	.place_name = hexdecl_hex_name, .place_index = hexdecl_hex_of

/* The hexsides (item 3 * hex + direction): how many, the i-th's name
 * (CCRR-CCRR), and back. */
int hexdecl_n_sides(const void *st);
const char *hexdecl_side_name(const void *st, int i, char buf[16]);
int hexdecl_side_index(const void *st, const char *s);

/* The hexsides that have bit (HS_DEMOLISHED: a bridge demolished,
 * HS_CHECKED: checked): in_set, next_in and set_item of an SD_SET whose
 * arg is the bit (a load adds to what the map's own hexsides hold). */
int hexdecl_side_has(const void *st, int bit, int i);
int hexdecl_side_next(const void *st, int bit, int i);
void hexdecl_side_mark(void *st, int bit, int i, int on);
#define SD_HEXSIDES(bit) .type = SD_SET, \
	.n_places = hexdecl_n_sides, .place_name = hexdecl_side_name, \
	.place_index = hexdecl_side_index, .in_set = hexdecl_side_has, \
	.next_in = hexdecl_side_next, .set_item = hexdecl_side_mark, \
	.arg = (bit), .flags = SDF_SET_ADDS, \
	.domain = "the hexsides of the map (CCRR-CCRR)"

#endif
