/*
 * aachen.h - private to the Aachen: First to Fall rules module
 * (src/rules/aachen/): the state struct and the functions its files
 * share. Sections 10.0-18.0 are the exclusive rules (aachen.ja.txt);
 * sections 3.0-9.0 are our provisional reconstruction of the standard
 * rules they rely on (see the scenario's notes).
 *
 * Ownership: struct aachen is the whole game state, a plain value owned
 * by the engine (ruleset.state_size bytes); it holds no pointers.
 */
#ifndef UMPIRE_RULES_AACHEN_H
#define UMPIRE_RULES_AACHEN_H

#include "umpire/rules.h"
#include "../lib/crt.h"
#include "../lib/hex.h"
#include "../lib/hexattack.h"

enum { ALLIED, GERMAN, SIDES };

enum phase { PH_SETUP, PH_A_MOVE, PH_A_COMBAT, PH_A_MECH, PH_G_MOVE,
	     PH_G_COMBAT, PH_G_MECH, PH_OVER, PHASES };

enum result { RES_NONE, RES_ALLIED, RES_DRAW, RES_GERMAN, RESULTS };

/* unit tags (hunit.tags) */
enum { T_MECH = 1, T_ENGINEER = 2, T_30TH = 4, T_2AD = 8 };

/* 7.1: one defending hex an attack (def[0]), at most ATTACKERS_MAX
 * attackers (struct hex_attack has room for more) */
enum { ATTACKS_MAX = 64, ATTACKERS_MAX = 6, VHEX_MAX = 16 };

#define SUPPLY_ANY 9999      /* supply range: a line of any length */

struct aachen {
	/* from the scenario (setup), or a test position */
	struct hex_map map;
	struct crt crt;
	struct hunit u[HEX_UNITS_MAX];
	int n_units;
	int turns;                /* 17.0: 20 */
	int16_t city[VHEX_MAX];   /* 16.0: the Aachen city hexes */
	int n_city;
	int16_t road[VHEX_MAX];   /* 16.0: the east-edge road hexes */
	int n_road;
	int roads_needed;         /* 16.0: 6 */
	int wurm;                 /* hexside name index of the Wurm */
	int ad2_within;           /* 15.0: 2 hexes */
	int ad2_need;             /* 15.0: 3 contiguous hexes */
	int mech_pct;             /* 8.0: movement allowance in the
				     mechanised movement phase, percent */
	/* supply and support fire (provisional, scenario data) */
	int supply_range;         /* hexes; 0: no supply rule; SUPPLY_ANY */
	uint8_t supply_src[HEX_MAX];  /* bit 1 << side: a source hex */
	int oos_att_pct;          /* attack strength out of supply, % */
	int oos_mech;             /* 1: may move in the mechanised phase */
	int city_cut;             /* 1: a US unit moves or retreats into
				     an Aachen city hex only when no
				     German supply line reaches it
				     (supply: city-entry: cut-off) */
	int city_fed;             /* 1: a unit in an Aachen city hex
				     ignores a retreat (its terrain row)
				     only while in supply (supply:
				     city-hold: in-supply) */
	int cut_turns;            /* ... unless found out of supply as
				     this many Allied movement phases in
				     a row began (supply: cut-off-turns,
				     1 or 2; 1 to 9 with city-supply:
				     as-one) */
	int city_one;             /* 1: the German units in the Aachen
				     city hexes are in supply, and an
				     empty city hex fed, while a line
				     reaches any of those units (supply:
				     city-supply: as-one) */
	int support_n[SIDES];     /* support fire markers a turn */
	int support_val;          /* each adds this to a combat */

	/* the game */
	int turn;
	enum phase phase;
	int us_lost;              /* 17.1 */
	int ad2_turn;             /* 15.0: arrival turn, 0 not yet */
	int16_t eb_hex;           /* 14.0: the bridged hexside, or -1 */
	int8_t eb_dir;
	int eb_turn;              /* turn it was last placed */
	int16_t ebu_hex;          /* 14.0: the bridged hexside crossed in */
	int8_t ebu_dir;           /* turn ebu_turn (-1: none) */
	int ebu_turn;
	uint8_t moved[HEX_UNITS_MAX];
	uint8_t attacked[HEX_UNITS_MAX];
	uint8_t oos[HEX_UNITS_MAX];   /* out of supply */
	uint8_t cut[HEX_UNITS_MAX];   /* Allied movement phases in a row
					 that began with the unit out of
					 supply (city-hold), at most 2 */
	int city_cut_n;           /* ... with the garrison of the city
				     out of supply as one (city-supply:
				     as-one), at most 99 */
	int support_left[SIDES];
	uint8_t ctrl[HEX_MAX];    /* side that last entered the hex */
	int16_t occ[HEX_MAX];     /* unit in the hex, -1 */
	struct hex_attack atk[ATTACKS_MAX];  /* declared this phase */
	int n_atk;
	enum result result;
	int result_turn;
	/* for the report's list of changes: each unit's place
	 * (aa_place_code) when the previous [0] and the current [1] player
	 * turn began; n_starts: how many of the two have begun (0-2) */
	int16_t turn_start[2][HEX_UNITS_MAX];
	int n_starts;
	/* 1 from a movement phase's opening (its player turn's start, the
	 * supply check, the engineers) to its end: a run resumed among its
	 * moves goes on with them (ctx_checkpoint_at_end) */
	int moving;
};

/*
 * The files in layers, each using only those above it in this list
 * (by linked symbols):
 *   names.c    the names of the sides, phases and results
 *   units.c    the units and hexes in the state: find, index, places,
 *              victory hexes held, the last turn
 *   setup.c    the start state and the loaders of the scenario's data
 *   state.c    the state's declaration (its SD_CUSTOM fields load with
 *              setup.c's loaders)
 *   turn.c     the procedure of a turn
 *   report.c   the position in words and as a picture
 *   ruleset.c  the ruleset
 */

/* names.c */
extern const char *const aa_side_names[SIDES + 1];  /* ended by NULL */
extern const char *const aa_phase_names[PHASES];
extern const char *const aa_phase_titles[PHASES];
extern const char *const aa_result_names[RESULTS];

/* units.c */
int aa_unit_find(const struct aachen *st, const char *id);
void aa_reindex(struct aachen *st);
/* A unit's place as one number: its hex, or -1 waiting, -2 eliminated. */
int aa_place_code(const struct hunit *u);
/* A player turn begins: remember where every unit stands. */
void aa_turn_start(struct aachen *st);
int aa_last_turn(const struct aachen *st);
int aa_held(const struct aachen *st, const int16_t *hexes, int n);

/* setup.c: the start state, and the loaders of the scenario's data
 * (statedecl.h SD_CUSTOM) a position may use as well */
int aa_setup(void *st, const struct doc *scn, const struct doc_node *data,
	     const struct doc_node *options, struct error *err);
int aa_load_map(void *st, const struct doc *d, const struct doc_node *n,
		struct error *err);
int aa_load_crt(void *st, const struct doc *d, const struct doc_node *n,
		struct error *err);
int aa_load_oob(void *st, const struct doc *d, const struct doc_node *n,
		struct error *err);
int aa_load_city(void *st, const struct doc *d, const struct doc_node *n,
		 struct error *err);
int aa_load_roads(void *st, const struct doc *d, const struct doc_node *n,
		  struct error *err);
int aa_load_supply(void *st, const struct doc *d, const struct doc_node *n,
		   struct error *err);
int aa_load_support(void *st, const struct doc *d, const struct doc_node *n,
		    struct error *err);

/* state.c: the state's declaration */
extern const struct state_decl aa_state;
struct doc_node *aa_save(const void *st, struct doc *d);
int aa_load(void *st, const struct doc *d, const struct doc_node *map,
	    struct error *err);

/* turn.c */
void aa_play(struct ctx *c, void *st);

/* report.c */
void aa_position(const void *st, const char *side, struct strbuf *out);
void aa_roster(const void *st, const char *side, struct strbuf *out);
int aa_result(const void *st, struct strbuf *out);
void aa_render(const void *st, const char *side, const struct mark *marks,
	       size_t n_marks, struct svg *out);

#endif
