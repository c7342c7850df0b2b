/*
 * state.h - private to the Race to the Reichstag rules module
 * (src/rules/reichstag/): the state struct and the functions its files
 * share. Section numbers are those of the Japanese rules summary
 * (rulebooks/race-to-the-reichstag.ja.txt), outlined in English in
 * design/race-to-the-reichstag/RULES.md.
 *
 * Two players, each a Soviet front (2.9) and the commander of the Germans
 * in the OTHER front's sector (3.x, 4.0): the 1BF player moves the 1BF
 * and the Germans in the 1UF sector, the 1UF player the 1UF and the
 * Germans in the 1BF sector. So no unit is simply "mine": who commands a
 * unit is a function of its allegiance and its sector (rt_commander).
 *
 * Hidden information (GAP.md 2): face-down fixed units, the stacks of
 * the Germans a player does not command, the cup and the private draws.
 * Every unit carries the bits that say who may see it (known, placed_by,
 * holder); view() redacts by them and nothing else.
 *
 * This layout is shared with the combat code (combat 12-14 is written on
 * these structs by another branch): fields are only ever ADDED, never
 * renamed or removed.
 *
 * Ownership: struct rttr is the whole game state, a plain value owned by
 * the engine (ruleset.state_size bytes); it holds no pointers.
 */
#ifndef UMPIRE_RULES_REICHSTAG_STATE_H
#define UMPIRE_RULES_REICHSTAG_STATE_H

#include <stdint.h>
#include "umpire/rules.h"
#include "umpire/statedecl.h"
#include "../lib/crt.h"
#include "../lib/cup.h"
#include "../lib/hex.h"
#include "../lib/hexmarker.h"

/* The players (the ruleset's sides, "1bf" and "1uf"): each a Soviet
 * front and the German commander of the other front's sector. */
enum { P1BF, P1UF, PLAYERS, NO_PLAYER = -1 };

/* Allegiance: hunit.side (the lib's ZOC and enemy tests compare it). */
enum { SOVIET, GERMAN, ALLEGIANCES };

/* Sectors (5.0): a unit's front (Soviet) or the sector it is assigned to
 * (German: the sector decides its commander, 3.x, 4.0). SEC_BOTH: the
 * Reichstag garrison (5.5: the Reichstag is in both sectors; 16.10: no
 * player commands it). SEC_NONE: not assigned yet (a pool counter). */
enum { SEC_1BF = P1BF, SEC_1UF = P1UF, SEC_BOTH, SEC_NONE };

/* The objective hexes the placement policy weighs at most (units.c) */
enum { RT_OBJ_MAX = 64 };

/* hunit.size (10.2 stacking, 20.2 exhaustion, 27.3 replacement cost) */
enum { SZ_NONE, SZ_CORPS, SZ_DIV, SZ_BDE, SZ_RGT, SZ_BN, SZ_GRP, SZ_OTHER,
       SIZES };
/* hunit.type */
enum { TY_NONE, TY_TANK, TY_MECH, TY_ASLTGUN, TY_RECON, TY_CAV, TY_RIFLE,
       TY_INF, TY_ENG, TY_PANZER, TY_PZGR, TY_HQ, TY_FIXINF, TY_SNIPER,
       TY_DEPOT, TY_AIRSTRIP, TY_STRATEGIC, TY_FLAK, TYPES };

/* hunit.tags: what the counter is (scenario data, never changes) */
enum {
	T_FIXED = 1 << 0,     /* 2.4: German fixed unit (never moves) */
	T_HM = 1 << 1,        /* 25.1: high mobility */
	T_RECON = 1 << 2,     /* 17.3 */
	T_ENGINEER = 1 << 3,  /* 19.0 */
	T_PAREN = 1 << 4,     /* 12.12: parenthesized, defence only */
	T_ZERO = 1 << 5,      /* 12.13: zero strength */
	T_GARRISON = 1 << 6,  /* 3.7: Berlin garrison */
	T_SPREE = 1 << 7,     /* 3.8: Army Detachment Spree */
	T_56PK1 = 1 << 8,     /* 3.9: 56th Panzer Corps (1) */
	T_56PK2 = 1 << 9,     /* 3.10: 56th Panzer Corps (2) */
	T_STEINER = 1 << 10,  /* 22.2, 23.1: Army Detachment Steiner */
	T_XX = 1 << 11,       /* 22.3, 23.1: XX Corps */
	T_POOL = 1 << 12,     /* 3.3: a counter of the fixed-unit pool */
	T_PD_1BF = 1 << 13,   /* 23.1 (3): a command post the 1BF player
				 sets up apart from the draws */
	T_PD_1UF = 1 << 14    /* 23.1 (3): one the 1UF player sets up */
};

/* rttr.flags[u]: what happens to a unit in play (state, saved) */
enum {
	F_FACEDOWN = 1 << 0,  /* 16.8: a fixed unit not yet turned up */
	F_MOVED = 1 << 1,     /* moved in this movement phase (9.0) */
	F_ATTACKED = 1 << 2,  /* attacked in this combat phase (12.0) */
	F_ATTACKED_BY = 1 << 3, /* was attacked in this combat phase */
	F_RETREATED = 1 << 4, /* retreated in this combat phase (13.5) */
	F_RECON = 1 << 5,     /* 17.3: reconnoitred, no move this PT */
	F_FORCED = 1 << 6,    /* 6.5: forced march this phase */
	F_ENGINEER = 1 << 7,  /* 19.2: in place at the phase start */
	F_ESCAPED = 1 << 8,   /* 26.1: left by the west edge */
	F_RT_GARRISON = 1 << 9, /* 3.4, 16.10: one of the Reichstag's 3 */
	F_DISENGAGE = 1 << 10,/* 11.5: began its move in an EZOC */
	F_OFFMAP_RETREAT = 1 << 11, /* 13.0: a Soviet unit retreated off
				      the map, re-enters next GT (7.1) */
	F_HELD = 1 << 12,     /* 16.5: a sniper drawn and kept in hand
				 (placed in a later German reinforcement
				 phase, fixed.c) */
	F_REPLACED = 1 << 13  /* 8.2: replaced, waiting to enter (24.5:
				 it may enter next to a unit of its
				 front); cleared when put on the map */
};

/*
 * The phase machine: set-up steps in the order of 3.x, then the game
 * turn (4.0): five player turns and segments. A German player turn
 * ("1UF German": the Germans in the 1BF sector, moved by the 1UF
 * player) is named by the player who commands it.
 */
enum phase {
	PH_S_FLAK,          /* 3.2 flak towers */
	PH_S_POOL,          /* 3.3 the pool */
	PH_S_REICHSTAG,     /* 3.4 three blind counters (undecided) */
	PH_S_DRAW_1BF,      /* 3.5 the 1BF player draws 15, places them */
	PH_S_DRAW_1UF,      /* 3.6 the 1UF player draws 25, places them */
	PH_S_GARRISON,      /* 3.7 the Berlin garrison 4 + 7 */
	PH_S_SPREE,         /* 3.8 Army Detachment Spree */
	PH_S_56PK1,         /* 3.9 */
	PH_S_56PK2,         /* 3.10 */
	PH_S_1BF,           /* 3.11 1BF set-up */
	PH_S_1UF,           /* 3.12 1UF set-up */
	PH_S_OPTIONAL,      /* 23.1 Prepared Defence additions */
	PH_S_MARKERS,       /* 3.13-3.15 */
	/* I. 1BF Soviet PT */
	PH_1BF_REINF, PH_1BF_BARRAGE, PH_1BF_MOVE, PH_1BF_COMBAT,
	PH_1BF_EXHAUST,
	/* II. "1UF German" PT: Germans in the 1BF sector, 1UF player */
	PH_G1BF_REINF, PH_G1BF_MOVE, PH_G1BF_COMBAT, PH_1BF_BARRAGE_OFF,
	/* III. 1UF Soviet PT */
	PH_1UF_REINF, PH_1UF_BARRAGE, PH_1UF_MOVE, PH_1UF_COMBAT,
	PH_1UF_EXHAUST,
	/* IV. "1BF German" PT: Germans in the 1UF sector, 1BF player */
	PH_G1UF_REINF, PH_G1UF_MOVE, PH_G1UF_COMBAT, PH_1UF_BARRAGE_OFF,
	/* V. interphase */
	PH_SUDDEN, PH_END, PH_ADVANCE,
	PH_OVER,
	PHASES
};

/* 21.4, 21.5: the 1BF wins, the 1UF wins, or the Germans (both lose). */
enum result { RES_NONE, RES_1BF, RES_1UF, RES_GERMAN, RESULTS };

/* barrage and Me-262 markers (15.0, 22.5) */
enum { MK_ARTILLERY, MK_AIR, MK_ME262, MK_KINDS };

enum {
	RT_GARRISON_N = 3,    /* 3.4 */
	RT_MARKERS_MAX = 24,  /* marker counters of the scenario */
	RT_TURNS = 10,        /* front matter: 23 April - 2 May */
	RT_SP_CAP = 100,      /* 6.2 */
	RT_GROUPS = 2         /* 22.2 Steiner, 22.3 XX Corps */
};

/* A marker counter of the scenario (15.0, 22.5). Where it stands while
 * on the map is in rttr.bz (hex_markers, whose .kind is the index of
 * this counter). */
struct rt_marker {
	char id[8];
	uint8_t kind;         /* MK_* */
	int8_t owner;         /* P1BF, P1UF; -1 for an Me-262 not yet
				 given (22.5: its group's commander) */
	int8_t group;         /* Me-262: 0 Steiner, 1 XX; else -1 */
	int8_t used_turn;     /* 15.3: GT it was last used (once a GT);
				 22.5: an Me-262 once a game (nonzero) */
	int8_t on_map;        /* index into bz.m, or -1 */
};

/* The regions of the map the rules name (hex_region numbers, -1 when a
 * test map lacks one). */
struct rt_regions {
	int sector[PLAYERS];        /* sector-1bf, sector-1uf */
	int reichstag, potsdam;
	int so[PLAYERS];            /* so-1bf, so-1uf (7.4, 21.2) */
	int edge_north, edge_east, edge_1bf_south, edge_1uf_south,
	    edge_1uf_west, stars, xx_entry, exit_west;
	int setup_1bf_north, setup_1bf_south, setup_1uf_south,
	    setup_german[PLAYERS], setup_spree;
	int rt_hex;                 /* the Reichstag's one hex, or -1
				       (found once: the movement searches
				       ask for it at every step) */
	int al[ALLEGIANCES];        /* hex_allegiance of "soviet",
				       "german" (-1: none), found once:
				       every zone of control asks it */
	/* the objective hexes (rt_objective) in hex order, the first
	 * RT_OBJ_MAX of them, and how many the map has (found once: the
	 * placement policy asks them at every "auto") */
	int16_t obj[RT_OBJ_MAX];
	int n_obj;
};

struct rttr {
	/* ---- from the scenario (setup), or a test position ---- */
	struct hex_map map;
	struct crt crt[2];          /* 27.1 mobile, 27.2 assault (the
				       combat branch fills them) */
	int n_crt;
	struct hunit u[HEX_UNITS_MAX];
	int n_units;
	uint8_t front[HEX_UNITS_MAX];   /* SEC_*: Soviet front, German
					   sector (assigned at placement) */
	int16_t setup_region[HEX_UNITS_MAX]; /* region a set-up or entry
					   names (-1: none) */
	struct rt_marker mk[RT_MARKERS_MAX];
	int n_mk;
	struct rt_regions rg;
	int turns;                  /* 10 */
	int draw_reichstag, draw_1bf, draw_1uf, garrison_1uf; /* 3.4-3.7:
					   3, 15, 25, 4 */
	/* options (22-26; hidden referee|honour is the core's, kept here
	 * only to label reports) */
	int honour;                 /* hidden: honour (everything in the
				       file) */
	int opt_hitler, opt_prepared, opt_loc, opt_hm, opt_escape;

	/* ---- the fixed-unit pool (3.3) ---- */
	/* cup counter i is unit pool_unit[i] (scenario order); its label
	 * is that unit's id */
	struct cup cup;
	int16_t pool_unit[CUP_MAX];
	int n_pool;
	/* and the other way: unit u is cup counter pool_of[u], -1 if it
	 * is not a pool counter (a save asks it of every unit) */
	int16_t pool_of[HEX_UNITS_MAX];
	/* 3.4, 16.10, GAP.md 2.2(3): the Reichstag's blind counters are
	 * left undecided: rt_blind of them stand in the Reichstag hex, and
	 * as many counters of the cup are reserved for them (never lent to
	 * a reinforcement draw: at most cup_count - rt_blind may be drawn
	 * otherwise). They are drawn (plain ctx_pick) when first revealed
	 * (16.10 adjacency at a Soviet combat phase start, 17.3 recon). */
	int rt_blind;

	/* ---- units in play ---- */
	uint16_t flags[HEX_UNITS_MAX];   /* F_* */
	uint8_t known[HEX_UNITS_MAX];    /* bit p: player p may see the
					    unit's identity (16.8 placer,
					    17.1 examined, 17.3 recon) */
	int8_t placed_by[HEX_UNITS_MAX]; /* 16.8: the player who placed a
					    fixed unit, or -1 */
	int8_t holder[HEX_UNITS_MAX];    /* a counter drawn and held off
					    map, seen by this player only
					    (3.5, 3.6, 7.3, 16.5 sniper); -1 */
	int8_t elim_by[HEX_UNITS_MAX];   /* eliminated: the sector it was
					    eliminated in (21.2 VP, 16.3,
					    16.7 "the other player's"
					    dead pile), SEC_*; -1 */
	int8_t captor[HEX_UNITS_MAX];    /* 16.10, 21.2: a strategic marker
					    captured by this player; -1 */
	uint8_t mp_spent[HEX_UNITS_MAX]; /* 9.0, 18.1: half MPs spent by a
					    Soviet unit whose move a bridge
					    destroyed ahead cut short; it
					    may go on with the rest this
					    phase (not F_MOVED); 0 */
	uint16_t seq[HEX_UNITS_MAX];     /* stack order: the unit that
					    entered its hex last is on top
					    (17.1: only the top is seen) */
	uint16_t seq_next;
	int8_t due[HEX_UNITS_MAX];       /* 7.1, 8.2, 13.0: the GT a waiting
					    Soviet unit is due when it is not
					    the date on its back (hunit.arrive,
					    which never changes); 0 */
	int16_t occ[HEX_MAX];            /* first unit of a hex's stack,
					    -1 (rt_reindex) */
	int16_t next[HEX_UNITS_MAX];     /* next unit of the same stack */

	/* ---- the turn ---- */
	int turn;                   /* GT 1 = 23 April ... 10 = 2 May */
	enum phase phase;
	int step;                   /* progress inside a phase (set-up
				       draws placed, ...) */
	int german_mp;              /* 9.3: this German movement phase's
				       roll + CPs (0: not rolled) */
	/* 6.x: SP spent, public (6.1); 21.3: -1 VP each */
	int sp_spent[PLAYERS];
	int exhausted[PLAYERS];     /* 20.3: for good */
	int max_effort_used[PLAYERS];  /* 6.7: once a game */
	int max_effort_now;         /* 6.7: this PT's movement phase is a
				       second combat phase */
	/* 21.2: control of the objective hexes and the Reichstag: the
	 * player whose Soviets last occupied it, -1 German (lost when a
	 * German unit re-enters) */
	int8_t ctrl[HEX_MAX];
	int rt_taken_by;            /* 4.0 V.A: a front's unit occupied
				       the Reichstag (-1 none) */
	int rt_front;               /* 5.5: the front whose units or
				       markers are in the Reichstag, -1 */
	/* 15.0: barrage markers on the map (hex_markers.kind = index into
	 * mk[]; .side = owner) */
	struct hex_markers bz;
	/* 22.1: the groups' arrival (turn, 0 not yet): 0 Steiner, 1 XX */
	int group_in[RT_GROUPS];
	int fb_captured;            /* 26.1: the Fuehrerbunker taken */

	/* ---- the result ---- */
	enum result result;
	int result_turn;
	int vp[PLAYERS];            /* 21.x, when the result is judged */
};

/*
 * The state's files in layers, each using only those above it in this
 * list (by linked symbols; the rules' files, each with its header, come
 * above them):
 *   names.c    the names of sides, phases, results, sizes, types and
 *              sectors; a word among names
 *   units.c    who a unit is, where it stands, who commands and sees it
 *   setup.c    the start state and the readers of the scenario's parts
 *   state.c    the state declared, saved, viewed and loaded back
 */

/* names.c */
/* "1bf" "1uf", ended by NULL (the ruleset's list of sides) */
extern const char *const rt_side_names[PLAYERS + 1];
extern const char *const rt_phase_names[PHASES];
/* The phases in words ("German movement, 1BF sector"), for reports,
 * refusals and the board; rt_phase_names are the state file's names. */
extern const char *const rt_phase_titles[PHASES];
extern const char *const rt_result_names[RESULTS];
extern const char *const rt_size_names[SIZES];
extern const char *const rt_type_names[TYPES];
extern const char *const rt_sector_names[4];
/* the index of word s in names[0..count), -1 if absent */
int rt_word(const char *s, const char *const *names, int count);
int rt_side_parse(const char *s);

/* units.c: who a unit is, where it stands, who commands and sees it */
int rt_unit_find(const struct rttr *st, const char *id);
void rt_reindex(struct rttr *st);
/* the first hex from h on that holds a unit (occ), -1 for none */
int rt_next_stack(const struct rttr *st, int h);
/* The GT a waiting Soviet unit is due to enter (7.1): its delay or
 * return date, else the date on its back */
static inline int rt_due(const struct rttr *st, int u)
{
	return st->due[u] ? st->due[u] : st->u[u].arrive;
}
/* The player who commands unit u (3.x, 4.0): a Soviet unit its front's,
 * a German unit the OTHER front's player by its sector; -1 for the
 * Reichstag garrison and unassigned counters (16.10). */
int rt_commander(const struct rttr *st, int u);
/* Whether player p may see unit u's identity (GAP.md 2.1). */
int rt_sees(const struct rttr *st, int p, int u);
/* An objective hex (7.4, 21.2: so-1bf, so-1uf, the Reichstag). */
int rt_objective(const struct rttr *st, int h);
/* The placement policy (hexplace.h, umpire-orders(5) PLACEMENT POLICY)
 * for a counter of side that player who places, among the legal hexes
 * of cand[0..n) (legal(user, h), asked only of the hexes the policy
 * would take: hex_place_pick; NULL: all are): the index of its choice,
 * -1 when none is legal. The objectives are those among
 * zone[0..n_zone) (the hexes the rules let it be placed in; quickest in
 * hex order), else the map's, the first RT_OBJ_MAX; only the counters
 * who sees count. The one policy of place: auto (3.x, 7.1, 8.2) and
 * enter: auto (22.1). */
int rt_place_policy(const struct rttr *st, int who, int side,
		    const int16_t *cand, int n, const int16_t *zone,
		    int n_zone, int (*legal)(const void *user, int h),
		    const void *user);
/* The same in two parts (hexplace.h, hex_place_zone): the candidates
 * cand[0..n) of zone[0..n_zone) ordered for the policy into z, once;
 * then a pick as the units stand now, as often as the candidates stay
 * the same (a zone's counters placed one after another). */
struct hex_place_zone;
void rt_place_zone(struct hex_place_zone *z, const struct rttr *st,
		   const int16_t *cand, int n, const int16_t *zone, int n_zone);
int rt_place_pick(const struct rttr *st, int who, int side,
		  const struct hex_place_zone *z,
		  int (*legal)(const void *user, int h), const void *user);
/* The sector of hex h: SEC_1BF, SEC_1UF, SEC_BOTH (the Reichstag, 5.5)
 * or SEC_NONE (off map). */
int rt_sector(const struct rttr *st, int h);
/* Whether a unit of side and front (or sector) f other than skip stands
 * in h or next to it: "within 1 hex of a unit" (7.3, 24.5) */
int rt_unit_within_1(const struct rttr *st, int h, int side, int f,
		     int skip);
/* 19.0: whether unit u is an engineer of front f on the map */
int rt_engineer_of(const struct rttr *st, int u, int f);
/* 19.1, 19.2: whether an engineer of front f covers the hexside a-b (a
 * water hexside counts as bridged): one in a or b, or touching both at a
 * corner (reading); in_place: only those put in place (F_ENGINEER) */
int rt_engineer_covers(const struct rttr *st, int f, int a, int b,
		       int in_place);

/* setup.c: the start state from the scenario's data and options; the
 * readers of its parts, which a test position may replace (rt_load) */
int rt_setup(void *st, const struct doc *scn, const struct doc_node *data,
	     const struct doc_node *options, struct error *err);
int rt_oob_load(struct rttr *st, const struct doc *d,
		const struct doc_node *n, struct error *err);
int rt_markers_load(struct rttr *st, const struct doc *d,
		    const struct doc_node *n, struct error *err);
int rt_draws_load(struct rttr *st, const struct doc *d,
		  const struct doc_node *n, struct error *err);
/* n: the options' mapping (NULL: none); scn: the scenario, whose
 * defaults apply to what n leaves out (NULL: keep st's) */
int rt_options_read(struct rttr *st, const struct doc *scn,
		    const struct doc_node *n, const struct doc *d,
		    struct error *err);
/* 23.2: with Prepared Defence the map's sbahn rows get no Soviet ZOC
 * into them and German units there ignore retreats (as 13.6 reads the
 * objective hexes' row); 23.1 (3): the four command posts still in the
 * pool go to their players' hands; called at the end of setup and
 * load */
void rt_options_map(struct rttr *st);
/* the regions the rules name (rt_regions), found in the map once */
void rt_regions(struct rttr *st);

/* state.c: the state declared (statedecl.h), whose per-unit
 * visibility is rt_sees (units.c) */
extern const struct state_decl rt_state;
struct doc_node *rt_save(const void *st, struct doc *d);
int rt_load(void *st, const struct doc *d, const struct doc_node *map,
	    struct error *err);
struct doc_node *rt_view(const void *st, const char *side, struct doc *d,
			 struct redactor *r);
int rt_load_view(void *st, const struct doc *d, const struct doc_node *map,
		 const char *side, struct error *err);

/* What the saved state does not say, made one way (rt_settle, state.c):
 * at each phase start of the play and at the end of rt_load, so that a
 * state loaded from a save is byte for byte the play's (ctx_checkpoint) */
void rt_settle(struct rttr *st);

/* The Reichstag hex, or -1 (the map has no one-hex region reichstag):
 * found once with the regions (state.c) */
static inline int rt_reichstag_hex(const struct rttr *st)
{
	return st->rg.rt_hex;
}

#endif
