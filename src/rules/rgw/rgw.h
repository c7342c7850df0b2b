/*
 * rgw.h - private to the Russo-German War rules module (src/rules/rgw/):
 * the cards, the city graph, the state struct and the functions its files
 * share. Section numbers are those of the Japanese rulebook
 * (russo-german-war.ja.txt).
 *
 * Ownership: struct rgw is the whole game state, a plain value owned by the
 * engine (ruleset.state_size bytes); it holds no pointers. The city graph
 * is scenario data copied into it by setup() and never saved.
 *
 * Cards. 2.1 lists 16 cards: the battle map (two card sizes, counted as
 * the QR card in the beta) and 15 playing cards. A card is a small integer;
 * a set of cards is a bit mask (bit = code), so every pile is kept in the
 * canonical order of the codes:
 *
 *     0..6   n1..n7   normal-war cards 1-7
 *     7      n7g      the second 7, given to the German at set-up (3.0.4)
 *     8, 9   x1, x2   exploitation cards
 *     10..14 a1941..a1945  annihilation cards, valued 2..6 in year order
 *
 * The city graph is kept here, not in src/rules/lib/graph.h (which did not
 * exist when this module was written): cities, and links written west to
 * east ("toward Moscow"), each link solid or dotted.
 */
#ifndef UMPIRE_RULES_RGW_H
#define UMPIRE_RULES_RGW_H

#include <stdint.h>
#include "umpire/rules.h"

enum {
	RGW_CARDS = 15,         /* playing cards (2.1: 16 less the QR card) */
	C_N7G = 7, C_X1 = 8, C_X2 = 9, C_A1941 = 10, C_A1945 = 14,
	C_NONE = 0xff,
	HAND_MAX = 4,           /* 4.2 */
	FIRST_YEAR = 1941, LAST_YEAR = 1945,
	MAP_CITIES = 32, MAP_LINKS = 64, MAP_NAME = 24
};

typedef uint16_t cardset;      /* bit c set: card c is there */

#define SET(c) ((cardset)(1u << (c)))
#define NORMAL_CARDS ((cardset)0x00ff)
#define EXPLOIT_CARDS ((cardset)(SET(C_X1) | SET(C_X2)))
#define ANNIHIL_CARDS ((cardset)0x7c00)
#define ALL_CARDS ((cardset)0x7fff)

enum side { GER, SOV, NO_SIDE = -1 };

enum phase { PH_START, PH_ACTION, PH_ANSWER, PH_ADVANCE, PH_DISCARD,
	     PH_EXTRA, PH_YEAR_END, PH_OVER, PHASES };

enum result { RES_NONE, RES_GER_COLLAPSE, RES_SOV_COLLAPSE,
	      RES_GER_VERDICT, RES_SOV_VERDICT, RESULTS };

struct rgw_map {
	int n_cities, n_links;
	char id[MAP_CITIES][MAP_NAME];    /* "warsaw": answers, state */
	char name[MAP_CITIES][MAP_NAME];  /* "Warsaw": reports */
	int lon[MAP_CITIES];              /* tenths of a degree east */
	int lat[MAP_CITIES];              /* tenths of a degree north (the
					     picture only) */
	unsigned char extra[MAP_CITIES];  /* 4.2: bit GER / SOV may draw
					     one more card here */
	unsigned char from[MAP_LINKS], to[MAP_LINKS]; /* west -> east */
	unsigned char dotted[MAP_LINKS];
	int start, capital[2], verdict;
};

struct rgw {
	struct rgw_map map;
	int year;               /* 1941..1945 */
	int turn;               /* turns taken so far + 1 */
	enum phase phase;
	enum side player;       /* whose turn it is (the attacker in war) */
	int marker;             /* city index */
	cardset hand[2];
	cardset deck;           /* face down, undecided order */
	cardset open;           /* exploitation cards face up by the deck */
	cardset discard;        /* face up */
	cardset aside;          /* 3.0.2-3: set aside (later years' cards;
				   before the deal, the exploitation cards
				   and the 1941 card) */
	int down;               /* the attacker's face-down card, C_NONE */
	enum side winner;       /* of the last normal war, NO_SIDE */
	int moves;              /* cities the marker still moves */
	int discards;           /* cards the loser still discards */
	enum result result;
};

/*
 * The files in layers, each using only those above it in this list
 * (by linked symbols):
 *   names.c    the names of cards, sides, phases, results; card values
 *   map.c      the city graph
 *   state.c    the start state, the state's declaration, the views
 *   play.c     the procedure of a turn
 *   report.c, render.c  the position in words and as a picture
 *   ruleset.c  the ruleset
 */

/* names.c */
extern const char *const rgw_card_names[RGW_CARDS];
extern const char *const rgw_side_names[3];   /* "german", "soviet", NULL */
extern const char *const rgw_side_titles[2];  /* "German", "Soviet" */
extern const char *const rgw_phase_names[PHASES];
extern const char *const rgw_result_names[RESULTS];
extern const char *const rgw_phase_titles[PHASES]; /* "turn (4.0)" */

int rgw_card_parse(const char *s);      /* label -> code, -1 if none */
int rgw_value(int c);                   /* war value: 1..7, 2..6; 0 */
int rgw_count(cardset s);
int rgw_year_card(int year);            /* the annihilation card code */

/* map.c */
int rgw_map_load(struct rgw_map *m, const struct doc *scn,
		 const struct doc_node *data, struct error *err);
int rgw_city(const struct rgw_map *m, const char *id);
/* The cities the marker may move to from city when side wins (4.1):
 * toward the loser's capital; dotted arrows only when dotted_only.
 * Returns their number; out[] in link order. */
int rgw_next(const struct rgw_map *m, int city, enum side winner,
	     int dotted_only, int *out);
int rgw_east_of_verdict(const struct rgw *st, int city);

/* state.c */
extern const struct state_decl rgw_state;
int rgw_setup(void *st, const struct doc *scn, const struct doc_node *data,
	      const struct doc_node *options, struct error *err);
struct doc_node *rgw_save(const void *st, struct doc *d);
int rgw_load_view(void *st, const struct doc *d, const struct doc_node *map,
		  const char *side, struct error *err);
int rgw_load(void *st, const struct doc *d, const struct doc_node *map,
	     struct error *err);
struct doc_node *rgw_view(const void *st, const char *side, struct doc *d,
			  struct redactor *r);

/* play.c */
void rgw_play(struct ctx *c, void *st);

/* report.c */
void rgw_position(const void *st, const char *side, struct strbuf *out);
int rgw_result(const void *st, struct strbuf *out);

/* render.c */
void rgw_render(const void *st, const char *side, const struct mark *marks,
		size_t n_marks, struct svg *out);

#endif
