/*
 * hex.h - hex-and-counter mechanics shared by the hex games (Aachen, Race
 * to the Reichstag): a grid of hexes numbered CCRR, terrain per hex and per
 * hexside with a terrain effects table read from the scenario, counters
 * with printed values, movement costs along a path, zones of control and
 * the reachable set of a unit. Nothing here knows a particular game: the
 * game's exceptions come in as hooks (struct hex_rules) or as data.
 *
 * Ownership: everything is plain values inside the owner's state struct
 * (a ruleset's state); nothing is allocated and no pointer is kept.
 *
 * Geometry. A hex is numbered CCRR (column, row, both from 01). With
 * orientation "flat" the hexes stand in vertical columns (flat tops) and
 * every column of the parity `shifted` ("even" or "odd") sits half a hex
 * lower; with "pointy" the hexes lie in horizontal rows and every row of
 * that parity sits half a hex to the right. Directions are numbered 0..5
 * clockwise from north (flat) or from east (pointy); the opposite of d is
 * (d + 3) % 6. A hexside is named by its two hexes, "0203-0303".
 *
 * Costs are kept in half movement points (HALF = 2 per MP), so that the
 * usual road rate of 1/2 MP per hex is exact. COST_ALL means the move
 * takes all the unit's movement points (allowed only as its first step);
 * COST_NO means it is prohibited.
 */
#ifndef UMPIRE_RULES_HEX_H
#define UMPIRE_RULES_HEX_H

#include <stdint.h>
#include "umpire/doc.h"
#include "umpire/error.h"
#include "umpire/strbuf.h"

enum {
	HEX_MAX_COLS = 60,
	HEX_MAX_ROWS = 60,
	HEX_MAX = HEX_MAX_COLS * HEX_MAX_ROWS,
	HEX_TERRAIN_MAX = 12,
	HEX_NAMES_MAX = 16,     /* hexside names (rivers: "wurm") */
	HEX_PLACES_MAX = 64,    /* place names printed on the map */
	HEX_REGIONS_MAX = 32,   /* named hex sets (hex_region) */
	HEX_UNITS_MAX = 256,
	HEX_ENTRY_MAX = 32,     /* entry or set-up hexes of one unit */
	HEX_NONE = -1,
	HALF = 2,
	COST_ALL = 1000,
	COST_NO = 1001
};

/* Hexside features (bits of a uint16_t: room for more kinds); every
 * kind's effects are scenario data. Water is a river, a stream or a lake
 * (lake: optional in the table, for maps that have one). A canal is a
 * river with its name (sides line "... river landwehr"): the games treat
 * them alike (Race to the Reichstag's TEC has one row "river/canal"),
 * and hex_side_name tells them apart where a rule or a report needs it.
 * hexside_kind_names ends with NULL (a list of allowed keys). */
enum hexside_kind {
	HS_RIVER, HS_STREAM, HS_BRIDGE, HS_DEMOLISHED, HS_ROAD, HS_RAILWAY,
	HS_BOUNDARY, HS_LAKE, HS_KINDS
};
extern const char *const hexside_kind_names[HS_KINDS + 1];
/* State bits of a hexside beyond the kinds: no effects row, not a word of
 * the map's sides, set and saved by a game. HS_CHECKED: the bridge there
 * was checked and stands for good (Race to the Reichstag 18.2: a bridge
 * is rolled for once; 1-3 demolished, HS_DEMOLISHED; 4-6 safe). */
enum { HS_CHECKED = HS_KINDS, HS_BITS };
_Static_assert(HS_BITS <= 16, "hexside bits fit a uint16_t");

/* Hex features (bits of m->feat): HF_FORT, the fortification row, then
 * the map's `features` table in order (hex_feature gives a name's bit). */
enum { HF_FORT = 1, HEX_FEATURES_MAX = 15 };

/* Allegiances a hex row names (defence, zoc, crt, ignore-retreat given
 * by allegiance: "german", "soviet"); the map keeps the names in the
 * order met, the game finds its own with hex_allegiance. */
enum { HEX_ALLEGIANCES_MAX = 4, HEX_CRT_NAME = 16 };

/* The terrain effects table: one row per hex terrain, hexside kind or hex
 * feature. The `of` values apply to a unit of that allegiance (the
 * defender for defence, crt and ignore_retreat; the unit exerting it for
 * zoc); where the row gives none for it, the row's own value does. */
struct hex_effect {
	char name[16];
	int cost;           /* half MPs to enter (hex) or added (hexside) */
	int shift;          /* CRT column shift for the defender */
	int defence_pct;    /* defence strength in percent (100: printed) */
	int no_attack;      /* hexside: no attack across it */
	int blocks_zoc;     /* hexside: zones of control do not cross it;
			       hex: none extends into it */
	char colour[12];    /* for the board picture */
	int ignore_retreat; /* hex: a defender there ignores retreats */
	char crt[HEX_CRT_NAME]; /* hex: the combat results table an attack
				   on a defender there must use ("": any) */
	struct {
		uint8_t given;          /* HEX_OF_* bits: the values given
					   (zero, as memset leaves it: none) */
		int16_t defence;        /* percent */
		uint8_t zoc;            /* 0: its ZOC does not extend into
					   the hex */
		uint8_t ignore_retreat;
		char crt[HEX_CRT_NAME]; /* "": the row's; "any": none */
	} of[HEX_ALLEGIANCES_MAX];
};
enum { HEX_OF_DEFENCE = 1, HEX_OF_ZOC = 2, HEX_OF_RETREAT = 4 };

struct hex_map {
	int cols, rows;
	int pointy;         /* 0: flat (columns), 1: pointy (rows) */
	int shifted_even;   /* 1: even columns (rows) sit half a hex lower */
	int provisional;    /* the map is a reconstruction */
	int n_terrain;
	struct hex_effect terrain[HEX_TERRAIN_MAX];
	struct hex_effect side[HS_KINDS];
	struct hex_effect fort;      /* fortified positions (hex feature) */
	int fort_ignores_retreat;
	int zoc_to_zoc;              /* 1: may move from ZOC to ZOC */
	int zoc_leave_cost;          /* half MPs to leave an enemy ZOC hex */
	char names[HEX_NAMES_MAX][16];   /* hexside names, [0] unused */
	int n_names;
	struct { int16_t hex; char name[24]; } place[HEX_PLACES_MAX];
	int n_places;
	int has_lake;                /* the table gives lake effects */
	struct hex_effect feature[HEX_FEATURES_MAX]; /* bit HF_FORT << (i+1) */
	int n_features;
	char allegiance[HEX_ALLEGIANCES_MAX][12];
	int n_allegiances;
	char region_name[HEX_REGIONS_MAX][24];
	int n_regions;
	uint8_t terr[HEX_MAX];       /* index into terrain[]; 255 off-map */
	uint16_t feat[HEX_MAX];      /* HF_* bits */
	uint16_t hs[HEX_MAX][6];     /* hexside bits (1 << HS_*), both sides */
	/* how many entries of hs have each kind's bit (hex_side_set keeps
	 * it): a kind on no hexside is not searched for (a state's set of
	 * demolished bridges, saved every step, is mostly empty). A count,
	 * not a history: the same hexsides, the same bytes (a checkpoint
	 * is kept only if its state reads back byte for byte). */
	int32_t hs_count[HS_BITS];
	/* the same count column by column (a hex's index over
	 * HEX_MAX_ROWS): a search for a kind's hexsides passes over the
	 * columns that have none (a state's few demolished or checked
	 * bridges, saved every step, are in a few columns of sixty) */
	uint16_t hs_col[HS_BITS][HEX_MAX_COLS];
	uint8_t hs_name[HEX_MAX][6]; /* index into names[], 0 none */
	uint32_t region[HEX_MAX];    /* bit r: the hex is in region r */
	/* hex_neighbour of every index, made once by hex_map_load
	 * (hex_map_neighbours): the searches ask it millions of times. A
	 * map made by hand has nb_built 0 and its neighbours computed. */
	int16_t nb[HEX_MAX][6];
	int nb_built;
};

/* ---- grid ---- */
/* (inline: the searches and loops over a window of the map ask them for
 * every hex) */
static inline int hex_index(const struct hex_map *m, int col, int row)
{
	if (col < 1 || row < 1 || col > m->cols || row > m->rows)
		return HEX_NONE;
	return (col - 1) * HEX_MAX_ROWS + (row - 1);
}
static inline int hex_col(int idx)
{
	return idx / HEX_MAX_ROWS + 1;
}
static inline int hex_row(int idx)
{
	return idx % HEX_MAX_ROWS + 1;
}
/* "0304" <-> index; hex_parse returns HEX_NONE for a bad or off-map id */
int hex_parse(const struct hex_map *m, const char *s);
const char *hex_id(int idx, char buf[8]);
/* hex_neighbour computed from the geometry (the table's source) */
int hex_neighbour_calc(const struct hex_map *m, int idx, int dir);
static inline int hex_neighbour(const struct hex_map *m, int idx, int dir)
{
	if (m->nb_built && idx >= 0 && idx < HEX_MAX && dir >= 0 && dir < 6)
		return m->nb[idx][dir];
	return hex_neighbour_calc(m, idx, dir);
}
/* Fill m->nb from cols, rows, pointy and shifted_even (hex_map_load
 * does; call it again after changing them). */
void hex_map_neighbours(struct hex_map *m);
/* One past the last index of a hex of the map: a loop over its hexes
 * need go no farther (inline: it is a loop's bound). */
static inline int hex_end(const struct hex_map *m)
{
	return m->cols > 0 && m->rows > 0 ?
		(m->cols - 1) * HEX_MAX_ROWS + m->rows : 0;
}
int hex_dir(const struct hex_map *m, int a, int b);   /* -1: not adjacent */
/* A hexside written "HEX-HEX" (two adjacent hexes, as the states of the
 * hex games save them): the first hex and the direction to the second;
 * -1 for anything else. */
int hex_side_parse(const struct hex_map *m, const char *s, int16_t *h,
		   int8_t *dir);
int hex_distance(const struct hex_map *m, int a, int b);
/* A hex in cube coordinates (y = -x - z): for many distances from one
 * hex, its coordinates worked out once (hex_distance works out both
 * hexes' each time). */
struct hex_cube {
	int x, z;
};
struct hex_cube hex_cube_of(const struct hex_map *m, int idx);
static inline int hex_cube_distance(struct hex_cube a, struct hex_cube b)
{
	int dx = a.x - b.x, dz = a.z - b.z, dy = -dx - dz;
	dx = dx < 0 ? -dx : dx;
	dy = dy < 0 ? -dy : dy;
	dz = dz < 0 ? -dz : dz;
	return dx > dy ? (dx > dz ? dx : dz) : (dy > dz ? dy : dz);
}
/* Centre of a hex for drawing, in hex radii units. */
void hex_centre(const struct hex_map *m, int idx, double *x, double *y);
static inline int hex_side_has(const struct hex_map *m, int a, int dir,
			       int kind)
{
	return a >= 0 && dir >= 0 && (m->hs[a][dir] >> kind & 1);
}
void hex_side_set(struct hex_map *m, int a, int dir, int kind, int on);
/* "0203-0303", lower hex first */
const char *hex_side_id(const struct hex_map *m, int a, int dir,
			char buf[16]);
/* The hexsides of a map as the items of a set (statedecl.h SD_SET, a
 * state's demolished bridges): item 3 * hex + direction 0-2, each
 * hexside once, written "CCRR-CCRR"; how many items, the i-th's name, a
 * name's item (-1: none), whether item i is a hexside of kind, making
 * it one, and the next one that is */
static inline int hex_side_items(const struct hex_map *m)
{
	return 3 * hex_end(m);
}
const char *hex_side_item_name(const struct hex_map *m, int i, char buf[16]);
int hex_side_item(const struct hex_map *m, const char *s);
static inline int hex_side_item_has(const struct hex_map *m, int i,
				    int kind)
{
	return hex_side_has(m, i / 3, i % 3, kind);
}
void hex_side_item_set(struct hex_map *m, int i, int kind, int on);
/* the first item from i on that is a hexside of kind, -1 for none */
int hex_side_item_next(const struct hex_map *m, int i, int kind);
/* Expand "0102-0109" (one column or one row) or "0304" into indices. */
int hex_range(const struct hex_map *m, const char *s, int16_t *out,
	      int max);
/* The same for a list, "0102-0109,0304 0405": commas or blanks between
 * ranges; -1 for a bad range or more than max hexes. */
int hex_ranges(const struct hex_map *m, const char *s, int16_t *out,
	       int max);

/*
 * Regions: named hex sets given in the map's `regions` (sectors, entry
 * edges, set-up zones, objectives). hex_region: the region's number, or
 * -1 for a name the map does not have. hex_in_region: whether h is in
 * region r (never for r < 0 or an off-map h). hex_region_hexes: its
 * hexes in index order into out (at most max), returning how many it
 * has. hex_within_region: the hexes at most n hexes from h that are in
 * region r (r < 0: any), h included when it is; a radius limited to a
 * region counts plain hex distance and keeps only that region's hexes
 * (Race to the Reichstag's barrage, flak and recon do not reach across
 * the sector boundary; a hex of the other sector between them does not
 * shorten or lengthen the count).
 */
int hex_region(const struct hex_map *m, const char *name);
/* inline: the games' rules ask it for every hex they look at */
static inline int hex_in_region(const struct hex_map *m, int h, int r)
{
	return r >= 0 && r < m->n_regions && h >= 0 && h < HEX_MAX &&
	       m->terr[h] != 255 && (m->region[h] >> r & 1u);
}
int hex_region_hexes(const struct hex_map *m, int r, int16_t *out,
		     int max);
int hex_within_region(const struct hex_map *m, int h, int n, int r,
		      int16_t *out, int max);
/* The hexes of the map 1 or 2 hexes from h: hex_within_region(m, h, 2,
 * -1) without h, in another order, from the neighbour table (the
 * placement policy asks it of every candidate hex) */
int hex_around2(const struct hex_map *m, int h, int16_t out[18]);

/*
 * Hex effects beyond movement: the hex's terrain row, the fortification
 * row (a fortified hex) and the row of each of its features, for a unit
 * of allegiance al (hex_allegiance; -1, a name the map does not give:
 * every row's own value). hex_defence_best: the highest defence percent
 * of those rows (doublings are not cumulative: Race to the Reichstag
 * 12.19; Aachen's hex_attack_strengths multiplies terrain and fort and
 * does not ask this). hex_zoc_into: 0 when a row says a zone of control
 * of al does not extend into h. hex_crt_forced: the combat results table
 * an attack on a defender of al in h must use, or NULL (the terrain's
 * first, then the fort's, then the features' in table order).
 * hex_ignores_retreat: whether a defender of al in h ignores retreats.
 */
int hex_allegiance(const struct hex_map *m, const char *name);
int hex_effect_defence(const struct hex_effect *e, int al);
int hex_effect_zoc_into(const struct hex_effect *e, int al);
const char *hex_effect_crt(const struct hex_effect *e, int al);
int hex_effect_ignores_retreat(const struct hex_effect *e, int al);
/* A feature's bit in m->feat (0: the map has no such feature) and its
 * row (NULL for 0, HF_FORT's is m->fort). */
unsigned hex_feature(const struct hex_map *m, const char *name);
const struct hex_effect *hex_feature_effect(const struct hex_map *m,
					    unsigned bit);
int hex_defence_best(const struct hex_map *m, int h, int al);
int hex_zoc_into(const struct hex_map *m, int h, int al);
const char *hex_crt_forced(const struct hex_map *m, int h, int al);
int hex_ignores_retreat(const struct hex_map *m, int h, int al);
/* The name of the hexside a/dir ("spree", "landwehr") or NULL. */
const char *hex_side_name(const struct hex_map *m, int a, int dir);

/* ---- scenario data ---- */
/* Read the `map` mapping (see umpire-scenario(5)). */
int hex_map_load(struct hex_map *m, const struct doc *d,
		 const struct doc_node *map, struct error *err);
/* Copy the next line of a text block at *p into buf (no allocation);
 * 1: a line, 0: the end, -1: a line longer than size - 1. */
int hex_next_line(const char **p, char *buf, size_t size);
/* line cut in place into its words (runs of spaces and tabs between),
 * at most max of them into w: how many (strtok's cut, without its
 * hidden state). */
int hex_split(char *line, char **w, int max);
/* Copy the next blank-separated word of an answer at *p into buf (cut to
 * size - 1 characters) and move *p past it; 1: a word, 0: only blanks
 * were left. */
int hex_next_word(const char **p, char *buf, size_t size);
/* "1", "1/2", "all", "no" -> half MPs */
int hex_cost_parse(const char *s, int *out);

/* ---- units ---- */
enum unit_where { U_WAITING, U_MAP, U_ELIMINATED, U_WHERE };
extern const char *const unit_where_names[U_WHERE];

struct hunit {
	char id[8];
	char name[32];
	int8_t side;         /* index into the ruleset's sides */
	uint8_t att, def, mov;
	uint8_t ratt, rdef, rmov; /* reduced side (has_reduced) */
	uint8_t has_reduced, reduced;
	uint16_t tags;       /* game-defined bits, named in the scenario */
	uint8_t size;        /* game-defined unit size (0: not given) */
	uint8_t type;        /* game-defined unit type (0: not given) */
	int16_t hex;         /* U_MAP: where */
	uint8_t where;
	int8_t arrive;       /* turn of arrival; 0 on map at start; -1 by a
				game event */
	int16_t entry[HEX_ENTRY_MAX]; /* entry or set-up hexes */
	uint8_t n_entry;
};

int unit_att(const struct hunit *u);
int unit_def(const struct hunit *u);
int unit_mov(const struct hunit *u);
/* "2-3-7" -> values */
int unit_values_parse(const char *s, uint8_t *a, uint8_t *d, uint8_t *m);
/* The head of a line of an order of battle (the Aachen and Race to the
 * Reichstag scenarios): "ID SIDE A-D-M PLACE ... [; name]". line is cut
 * into words, w[0..max), *k of them; u gets its id, side (the index of
 * w[1] in sides[0..n_sides)), values and the name after ';' (else
 * none), and from PLACE: "at HEX", the hex, on the map; "setup LIST",
 * "turn N enter LIST" or "event enter LIST", waiting, arriving on turn N
 * (an event: -1), and *list the LIST word, for the game to read. Returns
 * the index of the word after the place, 3 with *list NULL where PLACE
 * is none of these (the game's own: a garrison, the pool), 0 for a line
 * of no words, -1 with msg (u NULL: the order of battle is full, and
 * only a line of no words is read). */
int unit_line_head(const struct hex_map *m, char *line, char **w, int max,
		   int *k, struct hunit *u, const char *const *sides,
		   int n_sides, const char **list, char *msg, size_t size);

/* ---- movement and zones of control ---- */
/*
 * What a game tells the movement code. occupant: the unit in a hex (the
 * first of its stack) or -1. next: for a game that stacks (Race to the
 * Reichstag: three German units, a Soviet corps and a brigade), the next
 * unit in the same hex or -1, indexed by unit; NULL when a hex holds one
 * unit (Aachen). A stack is of one side; how many may stack is the
 * game's rule, checked where a move or a retreat ends. exerts_zoc: whether unit u exerts a zone of control into hex h (the
 * default, when NULL: every adjacent hex not across a hexside that blocks
 * it). bridged: whether the hexside a/dir counts as bridged for the mover
 * (a game's engineers); returns 0 no, 1 bridged, 2 bridged and keeps the
 * road bonus.
 */
struct hex_rules {
	const struct hex_map *map;
	const struct hunit *units;
	int n_units;
	const int16_t *occupant;   /* [HEX_MAX] */
	const int16_t *next;       /* [HEX_UNITS_MAX] or NULL */
	int (*exerts_zoc)(const void *user, int u, int h);
	int (*bridged)(const void *user, int a, int dir);
	/*
	 * The hooks below are optional (NULL: the default in brackets).
	 * stack_ok: whether unit u may end a move, a retreat or an advance
	 *   in hex h with the friendly units already there [h holds no
	 *   unit, or no other unit]; passing through friendly units is
	 *   always allowed. extra_cost: half MPs added to a step of u from
	 *   a into b (barrage markers) [0]; may_enter: whether u may enter
	 *   h at all (a game's prohibited hexes) [yes].
	 */
	int (*stack_ok)(const void *user, int u, int h);
	int (*extra_cost)(const void *user, int u, int a, int b);
	/* extra_cost depends on u and the hex entered (b) alone, never on
	 * the hex left: a search asks it once a hex, not once a step into
	 * it (the Reichstag's barrage zones, 15.4) */
	int extra_of_entered;
	int (*may_enter)(const void *user, int u, int h);
	/* Optional: whether unit u (in a hex next to h) exerts a zone of
	 * control into h where unit v stands or would stand (Aachen 13.0:
	 * none into a West Wall hex the enemy holds); NULL: exerts_zoc. */
	int (*exerts_zoc_on)(const void *user, int u, int h, int v);
	const void *user;
	/* Disengagement (Race to the Reichstag 11.5): with disengage set, a
	 * unit that began its move in an enemy zone of control
	 * (began_in_zoc, which hex_reach and hex_path set from the start
	 * hex) may not enter another enemy zone of control in that move. */
	int disengage;
	int began_in_zoc;
	/* Optional: the enemy zones of control of side zoc_side
	 * (hex_zoc_map), valid while no unit moves; hex_in_enemy_zoc for
	 * that side then reads it. The searches (hex_reach, hex_path) make
	 * their own when it is NULL. */
	const uint8_t *zoc_of;
	int zoc_side;
};

/* Whether hex h is in a zone of control of a unit of a side other than
 * `side`. */
int hex_in_enemy_zoc(const struct hex_rules *r, int side, int h);
/* Whether hex h is in an enemy zone of control as unit v would find it
 * there (with v standing in h: exerts_zoc_on). */
int hex_zoc_entering(const struct hex_rules *r, int v, int h);
/* Whether unit u may end a move, retreat or advance in h: no enemy unit,
 * may_enter, and stack_ok (NULL: no other unit there). */
int hex_may_end(const struct hex_rules *r, int u, int h);
/* The same for every hex at once: zoc[h] = 1 where hex_in_enemy_zoc(r,
 * side, h) (one pass over the units instead of one a hex). */
void hex_zoc_map(const struct hex_rules *r, int side, uint8_t zoc[HEX_MAX]);
/* Half MPs to move from a to its neighbour b (COST_NO, COST_ALL). */
int hex_step_cost(const struct hex_rules *r, int a, int b);
/* Whether water separates a and b with no bridge for the mover. */
int hex_side_water(const struct hex_rules *r, int a, int b);
/* Whether an attack from a into b is allowed across their hexside, and
 * the column shift of that hexside for the defender. */
int hex_attack_across(const struct hex_rules *r, int a, int b, int *shift);

/*
 * Why unit u (of side `side`, at hex a, with `left` half MPs, that began
 * this phase in hex `start`) may not step into b: NULL if it may, else the
 * rule it breaks, one of "enemy" (an enemy unit), "prohibited"
 * (may_enter), "hexside", "cost" (extra_cost included), "zoc" (zone of
 * control to zone of control), "disengage" (another zone of control after
 * leaving one, with disengage set), "map". first: no step made yet. Friendly
 * units are passed through; where a move may end is hex_may_end.
 */
const char *hex_step_block(const struct hex_rules *r, int u, int side,
			   int a, int b, int left, int first, int *cost);
/*
 * The hexes unit u can reach from `from` with `left` half MPs, obeying
 * costs, hexsides, enemy units and zones of control (entering an enemy
 * ZOC stops the unit). best[h] = half MPs left on arrival, or -1.
 */
void hex_reach(const struct hex_rules *r, int u, int from, int left,
	       int first, int16_t best[HEX_MAX]);
/*
 * A move by destination ("a21 to 1632"): the cheapest path for unit u
 * from `from` to `to` under the rules of hex_reach (the one that leaves
 * the most half MPs; among equals, the first the search finds, so the
 * same position always gives the same path). Writes the hexes after
 * `from` into path (at most max) and the half MPs left on arrival into
 * *left_at (if not NULL); returns their number, or -1 when `to` cannot
 * be reached.
 */
int hex_path(const struct hex_rules *r, int u, int from, int left,
	     int first, int to, int16_t *path, int max, int *left_at);
/* The search of hex_path once for every destination: best as hex_reach,
 * prev[h] the hex before h on its cheapest path; hex_tree_path then
 * gives the path to `to` (the one hex_path gives), or -1. */
void hex_reach_tree(const struct hex_rules *r, int u, int from, int left,
		    int first, int16_t best[HEX_MAX], int16_t prev[HEX_MAX]);
int hex_tree_path(const int16_t best[HEX_MAX], const int16_t prev[HEX_MAX],
		  int from, int to, int16_t *path, int max);

/*
 * Lines traced over the map (supply, lines of communication): the
 * distance, in hexes, from every hex to the nearest source hex along a
 * line of hexes that may be traced through. source(user, h): whether h
 * is a source; pass(user, h): whether a line may run through h (asked of
 * every hex of the line after its first, the source included). Writes
 * dist[h] = the fewest hexes from h to a source on such a line (0: h is
 * a source that may be traced through), or -1 beyond `max` hexes or
 * with no line; the first hex of a line (where the unit stands) is not
 * asked: a unit at h traces if h is a source or a neighbour n has
 * dist[n] >= 0 and dist[n] + 1 <= max (hex_traced). One search for a
 * whole side, whatever the number of its units.
 */
void hex_trace(const struct hex_map *m,
	       int (*source)(const void *user, int h),
	       int (*pass)(const void *user, int h), const void *user,
	       int max, int16_t dist[HEX_MAX]);
/* hex_trace whose lines also cross hexsides: cross(user, a, dir) says
 * whether a line may cross the hexside of hex a in direction dir (NULL:
 * any; Race to the Reichstag 24.2: the boundary and unbridged water
 * block a line of communication). A unit at h then traces if h is a
 * source or a neighbour n across a crossable hexside has dist[n] >= 0
 * (the caller checks that hexside). */
void hex_trace_sides(const struct hex_map *m,
		     int (*source)(const void *user, int h),
		     int (*pass)(const void *user, int h),
		     int (*cross)(const void *user, int a, int dir),
		     const void *user, int max, int16_t dist[HEX_MAX]);
/* Whether a unit at h traces a line of at most max hexes (see
 * hex_trace). */
int hex_traced(const struct hex_map *m, const int16_t dist[HEX_MAX],
	       int h, int is_source, int max);

#endif
