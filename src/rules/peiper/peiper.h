/*
 * peiper.h - private to the Kampfgruppe Peiper rules module
 * (src/rules/peiper/): the state struct and the functions its files
 * share. Section numbers are those of the Japanese rulebook.
 *
 * Ownership: struct kgp is the whole game state, a plain value owned by
 * the engine (ruleset.state_size bytes); it holds no pointers. The map
 * and the counters, read from the scenario at setup, live inside it.
 */
#ifndef UMPIRE_RULES_PEIPER_H
#define UMPIRE_RULES_PEIPER_H

#include "umpire/rules.h"
#include "umpire/statedecl.h"
#include "../lib/cup.h"
#include "../lib/graph.h"

enum {
	MAIN_MAX = 6,           /* 3.0: a main unit holds up to 6 points */
	SUPPORT_MAX = 3,        /* 3.0: a support unit up to 3 */
	FUEL_MAX = 6,           /* 3.0: supply starts at 6, never above */
	COUNTERS_MAX = 16,      /* US counters (9 in the game) */
	SLOTS = 2,              /* US counters in one town (5.0 step 4) */
	GOALS_MAX = 4,          /* Meuse towns (4.0) */
	FIRST_MAX = 4,          /* towns of the first turn (5.0 step 1) */
	TURNS_MAX = 16,
	TURN_NAME = 16,
	DOWN = -1,              /* a face-down counter not looked at yet */
	NONE = -2
};

/* 3.0: the order of battle; the first two are the main units. */
enum unit { ARMOUR, PANZERGRENADIERS, HEAVY, ARTILLERY, RECON, ENGINEERS,
	    FLAK, UNITS };

/* 2.2: kinds of US counter. */
enum ctype { CT_INFANTRY, CT_PARATROOP, CT_TANK, CT_ENGINEER, CT_AIRCRAFT,
	     CT_FUEL, CTYPES };

enum phase { PH_BUILD, PH_PLACEMENT, PH_RECON, PH_MOVE, PH_END, PH_OVER,
	     PHASES };

enum result { RES_NONE, RES_VICTORY, RES_DRAW, RES_TIME, RES_BROKEN,
	      RES_ENCIRCLED, RESULTS };

/* How a move ends (5.0 steps 3 to 5, 6.0). */
enum move_end { M_CLEAR, M_FOUGHT, M_STOPPED, M_OVER };

struct counter {
	char id[GRAPH_ID];      /* "inf-119-30": labels draws and answers */
	char name[GRAPH_NAME];  /* "119/30": as printed */
	enum ctype type;
	int strength;           /* 6.1: infantry, paratroops, tanks */
};

struct kgp {
	/* from the scenario and the options (setup) */
	struct graph map;
	int n_counters;
	struct counter counters[COUNTERS_MAX];
	int start;                  /* 3.0: Losheim */
	int n_first, first[FIRST_MAX]; /* 5.0 step 1: turn-1 towns */
	int n_goals, goals[GOALS_MAX]; /* 4.0: Huy, Ombret, Engis */
	int last_turn;              /* 4.0: 9, 20 December PM */
	char turn_names[TURNS_MAX][TURN_NAME];
	int points;                 /* 3.0: 10, or 12 (optional rule) */
	int opt_draw;               /* 4.0 optional draw */
	int opt_highest;            /* 6.1 optional highest-die combat */

	int turn;                   /* 1..last_turn */
	enum phase phase;
	int units[UNITS];           /* points, 3.0 */
	int fuel;                   /* supply, 0..6 */
	int at;                     /* the group's town */
	int toward;                 /* 5.0 step 3: on the road from `at` to
				       this town, or NONE */

	struct town_us {            /* the US counters in each town */
		int n;
		int c[SLOTS];       /* counter number, or DOWN */
	} us[GRAPH_NODES];
	int bridge[GRAPH_LINKS];    /* 6.2: engineer on a blown bridge, or
				       NONE */
	int surrounded;             /* 7.0 12+: La Gleize */
	struct cup cup;             /* in the cup, face-down ones included */
	/* 6.1, 6.3: box t of the turn track holds the counters that come
	 * back to the cup at the end of turn t (beaten on turn t-1) */
	struct cup track[TURNS_MAX + 2];
	struct cup removed;         /* out of the game (6.4) */
	int greif_turn;             /* 7.0 2-3: the turn it helps, or 0 */
	int draw_earned;            /* 4.0: entered a town of value 4+ */
	enum result result;
};

/*
 * The files in layers, each using only those above it in this list
 * (by linked symbols):
 *   names.c    the names of the side, units, US counters, phases, results
 *   board.c    the map, the counters in towns, the cup and the turn track
 *   setup.c, state.c  the start state; the state's declaration
 *   group.c    the group enters a town (4.0), gains fuel (6.4)
 *   event.c    random events (7.0)
 *   combat.c   combat (6.0 to 6.4)
 *   turn.c     the procedure of a turn (3.0, 5.0)
 *   report.c, render.c  the position in words and as a picture
 *   ruleset.c  the ruleset
 */

/* names.c */
extern const char *const kgp_side_names[];
extern const char *const kgp_unit_names[UNITS];
extern const char *const kgp_unit_titles[UNITS];
extern const char *const kgp_ctype_names[CTYPES];
extern const char *const kgp_phase_names[PHASES];
extern const char *const kgp_phase_titles[PHASES];
extern const char *const kgp_result_names[RESULTS];
/* For the desk: the option last added to q names unit u of the group
 * (q_target "unit", its name; render.c spots it in the group's panel);
 * kgp_unit_option adds the option that is u's name and names it. */
void kgp_name_unit(struct question *q, int u);
void kgp_unit_option(struct question *q, int u);

/* board.c */
int kgp_face_down(const struct kgp *st);
int kgp_cup_left(const struct kgp *st);
int kgp_threat_of(const struct kgp *st, int town);
int kgp_yellow_star(const struct kgp *st, int town);
int kgp_is_goal(const struct kgp *st, int town);
int kgp_moves_from(const struct kgp *st, int town, int *out);
int kgp_main_points(const struct kgp *st);
int kgp_support_points(const struct kgp *st);
const char *kgp_town_name(const struct kgp *st, int town);
/* Add the option prefix + town's id (prefix "" or "reveal "), naming
 * the town for the desk (q_target "town", its id). */
void kgp_town_option(struct question *q, const struct kgp *st,
		     const char *prefix, int town);
void kgp_counter_labels(const struct kgp *st, const char **out);
void kgp_counter_text(const struct kgp *st, int k, char *buf, size_t size);
int kgp_town_counter(const struct kgp *st, int town, enum ctype type);
void kgp_track_put(struct kgp *st, int k);
int kgp_track_return(struct kgp *st, int box);
int kgp_track_box(const struct kgp *st, int k);
void kgp_town_take(struct kgp *st, int town, int slot);
void kgp_clear_town(struct kgp *st, int town);

/* setup.c */
int kgp_setup(void *st, const struct doc *scn, const struct doc_node *data,
	      const struct doc_node *options, struct error *err);

/* state.c */
extern const struct state_decl kgp_state;
struct doc_node *kgp_save(const void *st, struct doc *d);
int kgp_load(void *st, const struct doc *d, const struct doc_node *map,
	     struct error *err);

/* group.c */
void kgp_enter_town(struct ctx *c, struct kgp *st, int town, const char *rule);
void kgp_gain_fuel(struct ctx *c, struct kgp *st, int n, const char *rule,
		   const char *why);

/* event.c: 7.0 */
int kgp_random_event(struct ctx *c, struct kgp *st, int die, int town);

/* combat.c: 6.0 to 6.4 */
enum move_end kgp_battle(struct ctx *c, struct kgp *st, int from, int to,
			 int fuel_spent);

/* turn.c: 3.0, 4.0, 5.0 */
void kgp_play(struct ctx *c, void *st);

/* report.c */
void kgp_position(const void *st, const char *side, struct strbuf *out);
int kgp_result(const void *st, struct strbuf *out);

/* render.c */
void kgp_render(const void *st, const char *side, const struct mark *marks,
		size_t n_marks, struct svg *out);

#endif
