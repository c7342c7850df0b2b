/*
 * hexmarker.h - support and barrage markers on a hex map, shared by the
 * hex games: a marker stands on a hex, belongs to a side, is of a kind
 * the game defines (support fire, barrage, flak: a small number), and
 * reaches the hexes within its radius that are in its region (if it has
 * one). A game keeps a fixed set of them in its state and asks which
 * hexes they cover.
 *
 * Reading of the radius: plain hex distance from the marker's hex, and
 * only the hexes of the marker's region count (hex_within_region's
 * reading: Race to the Reichstag's barrage does not reach across the
 * sector boundary, and a hex of another sector between the two does not
 * lengthen the count). A marker with no region (-1) reaches every hex
 * within its radius; radius 0 covers its own hex only.
 *
 * Ownership: struct hex_markers is a plain value inside the game's state
 * (no pointers, nothing allocated); an empty set is all zeroes
 * (hex_markers_init). Markers are kept in the order placed; removing one
 * moves the later ones down by one, so an index is valid until the next
 * removal, and zeroes the slot let go: a set is the same bytes however
 * it came to hold its markers (a state read back from its save is the
 * play's, byte for byte: ctx_checkpoint).
 */
#ifndef UMPIRE_RULES_HEXMARKER_H
#define UMPIRE_RULES_HEXMARKER_H

#include <stdint.h>
#include "hex.h"

enum {
	HEX_MARKERS_MAX = 32,
	/* hex_marker_place's refusals */
	HEX_MARKER_FULL = -1,      /* the set holds HEX_MARKERS_MAX */
	HEX_MARKER_OFF_MAP = -2,   /* the hex is not on the map */
	HEX_MARKER_OUTSIDE = -3,   /* the hex is not in the region */
	HEX_MARKER_BAD = -4        /* a negative radius or bad region */
};

struct hex_marker {
	int16_t hex;
	int8_t radius;      /* hexes it reaches (0: its own hex) */
	int8_t region;      /* hex_region number, or -1: no limit */
	int8_t side;        /* owner */
	uint8_t kind;       /* the game's */
	uint8_t used;       /* spent (a support marker that fired) */
};

struct hex_markers {
	struct hex_marker m[HEX_MARKERS_MAX];
	int n;
};

void hex_markers_init(struct hex_markers *s);

/*
 * Place a marker of `side` and `kind` on hex h reaching `radius` hexes
 * within region `region` (-1: none). Returns its index, or a refusal:
 * HEX_MARKER_FULL, HEX_MARKER_OFF_MAP, HEX_MARKER_OUTSIDE (h not in the
 * region), HEX_MARKER_BAD (radius < 0 or > 127, region not one of the map's n_regions).
 */
int hex_marker_place(struct hex_markers *s, const struct hex_map *m, int h,
		     int radius, int region, int side, int kind);
/* Remove marker i; 0, or -1 for a bad index. */
int hex_marker_remove(struct hex_markers *s, int i);
/* Remove every marker of `kind` (-1: any) and `side` (-1: any); returns
 * how many went. */
int hex_markers_clear(struct hex_markers *s, int kind, int side);
/* Mark marker i used; 0, or -1 for a bad index or one used already. */
int hex_marker_use(struct hex_markers *s, int i);
/* Whether marker i reaches hex h (see the reading above). */
int hex_marker_reaches(const struct hex_markers *s, const struct hex_map *m,
		       int i, int h);
/* Whether a marker of `side` and `kind` (-1: any, for either) reaches h,
 * used or not. */
int hex_covered(const struct hex_markers *s, const struct hex_map *m, int h,
		int side, int kind);
/* The indices of the markers of `side` and `kind` (-1: any) that reach h,
 * used or not, in the order placed, into out (at most max); returns how
 * many reach it (which may be more than max). */
int hex_markers_at(const struct hex_markers *s, const struct hex_map *m,
		   int h, int side, int kind, int16_t *out, int max);

#endif
