/*
 * hexsvg.h - the hex board as SVG, for every hex-and-counter game: the
 * terrain, the hexsides, roads and railways, fortifications, place
 * names, counters with NATO unit-type symbols, and a terrain key. A game
 * draws its own pieces (its marks, its turn track) on top.
 *
 * Sizes are user units, which a browser shows as pixels at 100%: the
 * hexes are HEXSVG_R * 2 across their corners (44) and the factors on a
 * counter are HEXSVG_FACTOR_PT (9) high.
 */
#ifndef UMPIRE_HEXSVG_H
#define UMPIRE_HEXSVG_H

#include "umpire/svg.h"
#include "hex.h"

enum { HEXSVG_R = 22, HEXSVG_FACTOR_PT = 9, HEXSVG_MARGIN = 4 };

/* NATO unit-type symbols (APP-6, simplified). */
enum nato_type {
	NATO_INFANTRY,     /* a cross */
	NATO_ARMOUR,       /* an oval */
	NATO_MECHANISED,   /* a cross in an oval */
	NATO_RECON,        /* one diagonal */
	NATO_ENGINEER,     /* the bridge sign */
	NATO_TYPES
};
extern const char *const nato_type_names[NATO_TYPES];

/* The unit type a counter shows: the engineer tag first, then words of
 * the unit's name ("panzergrenadier", "reconnaissance", "panzer",
 * "armored"), then mechanised (armour) or not (infantry). */
enum nato_type nato_type_of(const char *name, int engineer, int mech);

/* Board size, without a game's own rows below it. */
void hexsvg_size(const struct hex_map *m, double *w, double *h);
/* The centre of hex h. */
void hexsvg_centre(const struct hex_map *m, int h, double *x, double *y);
/* The edge between hex a and its neighbour b. */
void hexsvg_edge(const struct hex_map *m, int a, int b, double *x1,
		 double *y1, double *x2, double *y2);
/* One hex outline with style sty. */
void hexsvg_hex(struct svg *s, const struct hex_map *m, int h,
		const struct svg_style *sty);
/* The map: terrain, fortifications, hex numbers, hexsides, roads,
 * railways, bridges and place names. */
void hexsvg_map(struct svg *s, const struct hex_map *m);
/* A counter centred at x, y: the side's fill, the NATO symbol, the id
 * and the factors ("4-3-12"); marked (a red label, e.g. "OOS") if mark
 * is not NULL. */
void hexsvg_counter(struct svg *s, double x, double y, const char *fill,
		    enum nato_type type, const char *id, const char *factors,
		    const char *mark);
/* A key of the terrain, the hexside kinds and the fortification at x, y
 * in a band `width` wide; returns the height it took. s NULL: draws
 * nothing, only measures. */
double hexsvg_key(struct svg *s, const struct hex_map *m, double x,
		  double y, double width);

#endif
