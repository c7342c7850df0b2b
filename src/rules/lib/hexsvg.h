/*
 * hexsvg.h - the hex board as SVG, for every hex-and-counter game: the
 * terrain, the hexsides, roads and railways, fortifications, hex
 * features, bridges by state, a game's regions, place names, counters
 * with NATO unit-type symbols, stacks and face-down counters, and a key.
 * A game draws its own pieces (its marks, its turn track) on top.
 *
 * Sizes are user units, which a browser shows as pixels at 100%: the
 * hexes are HEXSVG_R * 2 across their corners (44) and the factors on a
 * counter are HEXSVG_FACTOR_PT (9) high. Repeated shapes (the hex, a
 * feature's symbol) are defined once and used (svg_use), and the
 * hexsides of a kind are one path, so that Race to the Reichstag's
 * 60 x 31 map (about 2000 x 1275) takes about 240 KB.
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

/*
 * What a game adds to the map's own drawing (hexsvg_map_with): the names
 * of its rivers that are canals, and the regions (hex_region numbers) it
 * wants seen. HEXSVG_RING: a ring in every hex of the region (objectives);
 * HEXSVG_BORDER: a bold line along every hexside between a hex of the
 * region and a hex of `other` (a hex in both is on neither side: the
 * line runs round it; a sector boundary); HEXSVG_OUTLINE: a dashed line
 * round the region (a set-up zone). colour NULL: the style's default
 * (ring gold on black, border a black band under the water and roads,
 * outline dark blue); label: the key's words for it (NULL: not in the
 * key; regions of one label, style and colour are keyed once).
 */
enum hexsvg_region_style { HEXSVG_RING, HEXSVG_BORDER, HEXSVG_OUTLINE };
struct hexsvg_region {
	int region;
	int other;
	enum hexsvg_region_style style;
	const char *colour;
	const char *label;
};
struct hexsvg_opts {
	const char *const *canals;   /* NULL-ended river names, or NULL */
	const struct hexsvg_region *regions;
	int n_regions;
	/* per hex, non-zero where a counter will stand (NULL: none): a
	 * place name is put where it covers no counter */
	const uint8_t *occupied;
};

/*
 * The map: terrain, fortifications, hex features, hex numbers, water
 * (rivers, canals, streams and lake hexsides, each its own way), the
 * boundary, railways, roads, bridges by state (intact, demolished:
 * HS_DEMOLISHED, checked and safe: HS_CHECKED), the caller's regions
 * and place names (on the hex's lower edge, or above its number where
 * that would lie on a name drawn before). hexsvg_map: with no options
 * (Aachen). A game's counters, drawn after, cover what is under them.
 *
 * Hex features are drawn by the words of their names: one with "bahn"
 * or "rail" outlines its hexes in its colour (a fortified railway), one
 * with "flak" or "tower" is a tower, one with "air" a runway; any other
 * a diamond of its colour.
 */
void hexsvg_map(struct svg *s, const struct hex_map *m);
void hexsvg_map_with(struct svg *s, const struct hex_map *m,
		     const struct hexsvg_opts *o);
/* A counter centred at x, y: the side's fill, the NATO symbol, the id
 * and the factors ("4-3-12"); marked if mark is not NULL (e.g. "OOS",
 * "down"): the word in red in the symbol's stead, inside the counter. */
void hexsvg_counter(struct svg *s, double x, double y, const char *fill,
		    enum nato_type type, const char *id, const char *factors,
		    const char *mark);
/*
 * The moves of one step as arrows, a move's path drawn once: the moves
 * that leave the same hex share one trunk towards their destinations
 * and fan out at its end, so that many units leaving one hex (an entry
 * hex, a bridgehead) do not bury it under their arrows. from[i], to[i]:
 * hexes; n moves; sty: the arrows' style. An arrow is drawn in two
 * parts: its lines, centre to centre, under the counters (a long one
 * covers no word of the stacks it passes), and its head, over them, its
 * tip at the edge of the counter in the hex the move ended in.
 */
enum hexsvg_part { HEXSVG_LINES, HEXSVG_HEADS };
void hexsvg_moves(struct svg *s, const struct hex_map *m,
		  const int16_t *from, const int16_t *to, int n,
		  const struct svg_style *sty, enum hexsvg_part part);
/*
 * The marks render is given (umpire render: the steps since the
 * reader's own latest, as he may see them; rules.h, struct mark), the
 * same on every hex board, drawn after the counters: moves' heads as
 * hexsvg_moves draws them (their lines are hexsvg_move_lines', drawn
 * before the counters; at most
 * HEXSVG_MOVES_DRAWN), a move with a path (struct mark) through the
 * centres of the hexes it entered (at most HEXSVG_PATH_MAX), a combat
 * as a ring with its result, a unit lost as a cross, anything else
 * placed as a square. Places are hex ids; a
 * mark's label is drawn only for a combat (its result), never a unit's
 * id.
 */
enum { HEXSVG_MOVES_DRAWN = 256, HEXSVG_PATH_MAX = 48 };
struct mark;
void hexsvg_marks(struct svg *s, const struct hex_map *m,
		  const struct mark *marks, size_t n);
void hexsvg_move_lines(struct svg *s, const struct hex_map *m,
		       const struct mark *marks, size_t n);
/* A face-down counter centred at x, y: the side's fill and label ("?",
 * "fixed"; NULL: "?"), nothing of the unit under it. The game decides
 * what is hidden; this draws only what it is given. */
void hexsvg_face_down(struct svg *s, double x, double y, const char *fill,
		      const char *label);
/*
 * A stack of n counters in the hex centred at x, y: p[0] on top, drawn
 * in full (or face down, hidden), the others as the edges of counters
 * of their fill showing behind it (at most two) and, for n > 1, a badge
 * with n. Nothing of a counter below is shown but its fill.
 */
struct hexsvg_piece {
	const char *fill;
	enum nato_type type;
	const char *id, *factors, *mark;   /* as hexsvg_counter */
	int hidden;                        /* drawn face down */
	const char *label;                 /* hidden: its label */
	const char *kind;                  /* its spot's kind (svg_spot):
					      NULL "unit", "marker" ... */
};
enum { HEXSVG_STACK_SHOWN = 2 };
void hexsvg_stack(struct svg *s, double x, double y,
		  const struct hexsvg_piece *p, int n);
/*
 * The desk's spots (svg_spot: drawn only where s->spots is set, so that
 * `umpire render` and replays are the same byte for byte). A render()
 * hook spots the hexes first, then the pieces, so that a click on a
 * counter finds the counter.
 * hexsvg_spot_hexes: every hex of the map, kind "hex", its id as answers
 * write it ("4527"), a box inside the hex.
 * hexsvg_stack_spots: the pieces of a stack hexsvg_stack drew at x, y
 * that the reader may identify (not hidden), kind "unit", their ids:
 * each where its counter or edge shows, the bottom first (a piece's kind
 * if it has one: a marker's "marker").
 */
void hexsvg_spot_hexes(struct svg *s, const struct hex_map *m);
void hexsvg_stack_spots(struct svg *s, double x, double y,
			const struct hexsvg_piece *p, int n);
/*
 * The pieces off the map a question may name (a reinforcement to enter,
 * a counter to place, an eliminated unit to replace), for the desk
 * alone: on a board with spots, a row of n counters (wrapping at width)
 * from x, y, each spotted as a unit; nothing without spots. Returns the
 * height it takes: 0 without spots or pieces (hexsvg_pool_height: the
 * same, measured before svg_begin).
 */
double hexsvg_pool(struct svg *s, double x, double y, double width,
		   const struct hexsvg_piece *p, int n);
double hexsvg_pool_height(const struct svg *s, double width, int n);
/* A key of what the map shows (the terrain present, the features, the
 * water, road, railway, bridge states, boundary, fortification and the
 * caller's labelled regions that are drawn, and only those; a feature
 * named as a terrain shows on that terrain's swatch) at x, y in a band
 * `width` wide; returns the height it took. s NULL: draws nothing,
 * only measures. hexsvg_key: with no options. */
double hexsvg_key(struct svg *s, const struct hex_map *m, double x,
		  double y, double width);
double hexsvg_key_with(struct svg *s, const struct hex_map *m,
		       const struct hexsvg_opts *o, double x, double y,
		       double width);

#endif
