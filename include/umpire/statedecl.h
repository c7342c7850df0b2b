/*
 * statedecl.h - a game's state declared once, as a table of fields, and
 * the one layer that loads, saves, views, rebuilds from a view and hashes
 * it (src/rules/lib/statedecl.c); the words umpire-protocol(7) says of it
 * are made from the same table (src/rules/lib/statedoc.c).
 *
 * A declaration lists the fields of the saved state mapping in the order
 * they are written. Each names its YAML key, where it lives in the game's
 * state struct (offsetof, and the size of one element), its type, its
 * bounds or the words it may hold, and who may see it. From that alone:
 *
 *   save       the mapping, canonical (the same state, the same bytes);
 *   load       a mapping onto a start state: each key given replaces
 *              that field, a key left out keeps it (test positions)
 *              or, SDF_REST, holds what no other field holds;
 *              an SDF_INPUT field (scenario data a position may
 *              replace: its own map) is read, never saved;
 *              every error names file, line, field and what would be
 *              accepted; then the game's complete() (defaults that
 *              depend on other fields, and the rules' own checks), then
 *              the derived counts are checked against the state;
 *   view       the mapping as one side may see it: each field that side
 *              may not see goes through redactor_hide() (rules.h), in the
 *              order of the declaration, depth first;
 *   load_view  a view back to a state: a part hidden from the side
 *              that may see it is refused (a forged view); each
 *              redacted field is replaced by a stand-in (items of its
 *              universe that the view does not place, as many as the
 *              view's count says, that the field accepts, in the order
 *              of the fields' standin ranks; records, for a place or a
 *              set of them, those the view names nowhere, by
 *              standin_rank), then loaded as above;
 *   hash       BLAKE2b-256 of the saved state (domain "umpire/1 state").
 *
 * Visibility (sd_vis): everyone; one side (the side's index in the
 * declaration's sides); the owner, a side whose index another field of
 * the state holds (the player whose face-down card it is); the referee
 * only; or record by record (SD_RECORD, below). SDF_NONE_PUBLIC makes
 * the empty value ("none", an empty list) public: that there is nothing
 * is known to all.
 *
 * Records: units or counters whose visibility differs from one to the
 * next (a face-down counter its placer sees, a face-up one under a
 * stack only its commander). An SD_RECORD field asks record_sees(st,
 * side, rec) of each record; the same function serves every field of
 * those records, so a view, its stand-ins and the consult test
 * (sd_consult) cannot disagree. Two field types hold records:
 *
 *   SD_PLACES  where the records stand, a mapping place: [top, ...,
 *              bottom]. The place and rank of every record are public
 *              (the table shows a stack's height); a record a side may
 *              not see is redacted in its place. A place is written
 *              when it holds two records or more, or one redacted
 *              (a lone visible record's place is in another field).
 *              A view's redacted entry gets as stand-in the first
 *              record in declaration order that the view names nowhere
 *              and accept() allows, of the lowest standin_rank (an
 *              SD_SET of these records hidden whole gets its stand-ins
 *              so too, after the places'); hide(st, rec, side) makes it
 *              one that side may not see, and load_view refuses the
 *              view if record_sees still says it is seen. Whether a
 *              record is seen is record_sees' alone: a hide() that
 *              must choose how to hide asks it, never a rule of its
 *              own (a stand-in on top of a stack, where the record it
 *              stands for shows its back, is hidden as that one is).
 *   SD_RECORDS a mapping record: value; a record a side may not see
 *              is left out of its view (its existence is told by an
 *              SD_PLACES field or a count). The value is declared by
 *              sub[0], the field of the first record's value, record
 *              i's lying size * i bytes further (as an SD_MAP's
 *              places), and a record whose value is empty (none, an
 *              empty set) has no entry; or, where the table cannot say
 *              it, the game's record_save (NULL: no entry) and
 *              record_load.
 *
 * Consult points: the rules call sd_consult() before reading anything
 * of a record for what happens next (a face-down counter turned up, a
 * hidden stack's strength), or of a field that is hidden whole (a
 * face-down card compared); for each side that may not see it, the
 * step ends there for that side if it is the actor (ctx_consult).
 * Since a view's stand-ins are exactly the records hidden from its
 * side, the check of orders on the view meets the same consult points
 * as the adjudication, whatever the hidden records are.
 *
 * A universe is the items that fields share: every card field (lib/
 * cards.h) is one; SD_NAME, SD_BITS and SD_LIST fields with the same
 * names list are another, and an SD_MAP is in the universe of its
 * values. Stand-ins and SDD_ONE_PLACE work within a universe.
 *
 * Places: an SD_MAP maps places (a map's towns, its links, the boxes
 * of a turn track, the hexes of a map: its keys, from names, name_of,
 * key_of or a rule, n_places, place_name and place_index) to values
 * of one field, sub[0], whose offsets are those of the first place's
 * value; the i-th place's value lies size * i bytes further. Only the
 * places whose value is not empty are written; a map given on load
 * replaces the whole (every place emptied first); accept() says which
 * places may hold a value, sub[0].accept which items.
 *
 * What the table cannot say, SD_CUSTOM carries: the game's own save
 * and load, shown to all or hidden whole (a custom save returning NULL
 * leaves its key out).
 *
 * Ownership: declarations are static constant tables; nothing here
 * keeps memory between calls. Built nodes belong to the doc passed in.
 */
#ifndef UMPIRE_STATEDECL_H
#define UMPIRE_STATEDECL_H

#include <stddef.h>
#include "umpire/doc.h"
#include "umpire/error.h"
#include "umpire/rules.h"

enum sd_type {
	SD_INT,    /* an integer (any width: size), lo..hi */
	SD_NAME,   /* an integer written as a word: names[value - lo]; with
		      SDF_NONE, the value none is written "none" */
	SD_BITS,   /* a set as a bit mask (bit i: names[i], at most 63
		      names): a flow list in bit order */
	SD_FLAGS,  /* a set as an array of ints (element i set: names[i],
		      as many names as the array has elements); a flow
		      list in array order */
	SD_INTS,   /* an array of ints, one per name, each lo..hi: a flow
		      mapping name: n */
	SD_CARD,   /* a playing card (lib/cards.h), "none" for CARD_NONE */
	SD_PILE,   /* a struct pile: a flow list in canonical order */
	SD_STACK,  /* { size_t n; card c[hi]; }: a flow list, bottom first;
		      "down" where accept() allows CARD_DOWN */
	SD_COUNT,  /* derived: value() written, and checked on load (with
		      names: a flow mapping name: value(st, i)) */
	SD_GROUP,  /* a block mapping of the sub fields */
	SD_LIST,   /* { int n; int item[hi]; }: a flow list of words,
		      names[item - lo]; with SDF_NONE the value none is
		      none_word (a face-down counter: "down") */
	SD_MAP,    /* a sparse mapping place: value (see Places) */
	SD_CUSTOM, /* the game's own save and load (see the hooks) */
	SD_PLACES, /* records by place (names: the places), top first */
	SD_RECORDS,/* a value per record */
	SD_SET     /* a set the game keeps its own way (hexes a side
		      controls, bridges demolished): a flow list of the
		      items i, in order, for which in_set(st, arg, i);
		      load calls set_item(st, arg, i, 0) for every item
		      (not with SDF_SET_ADDS), then set_item(st, arg, i,
		      1) for each listed (an item
		      accept() refuses is refused). Items: names,
		      name_of, or a rule (n_places, place_name,
		      place_index: the hexes of a map, with domain
		      saying what they are) */
};

enum sd_vis { SD_ALL, SD_SIDE, SD_OWNER, SD_REFEREE, SD_RECORD };

enum {
	SDF_NONE = 1,         /* SD_NAME: value none is "none"; SD_LIST:
				 an item none is none_word; SD_INT: value
				 none is empty (a map's place, a record
				 not written; SDF_NONE_OMIT: the key) */
	SDF_NONE_PUBLIC = 2,  /* the empty value is never hidden */
	SDF_BLOCK = 4,        /* SD_INTS, SD_COUNT, SD_MAP: block, not
				 flow */
	SDF_REST = 8,         /* SD_PILE, SD_BITS (top level): left out of
				 a position, every item accept() allows
				 that no other field holds (a deck) */
	SDF_OMIT = 16,        /* left out of a view that may not see it,
				 not committed (what a player examined:
				 even its size is his alone) */
	SDF_NONE_OMIT = 32,   /* SD_NAME with SDF_NONE: none leaves the
				 key out of the mapping (not on the road) */
	SDF_INPUT = 64,       /* read on load, never saved nor viewed:
				 scenario data a test position may replace
				 (its own map); SD_CUSTOM: save may be
				 NULL */
	SDF_VIEW_LOOSE = 128, /* SD_COUNT: a view's value sizes its
				 stand-ins but is not checked against the
				 state they make (a hidden stack's
				 stand-in may come from the pool it
				 counts) */
	SDF_SET_ADDS = 256    /* SD_SET: set_item(st, arg, i, 0) does
				 nothing (a load adds to what the state
				 holds by itself): a load does not call it
				 for every item (a map's hexsides, 16,000
				 calls a load) */
};

struct sd_field {
	const char *key;
	enum sd_type type;
	size_t off;            /* offsetof in the state struct */
	size_t size;           /* of the value, or of one element;
				  SD_MAP: of one place's value */
	long long lo, hi;      /* bounds; SD_STACK: hi is the capacity */
	const char *const *names; /* words, items or keys (n_names) */
	int n_names;
	/* names that depend on the state (a map's cities): the i-th, NULL
	 * past the last; used when names is NULL */
	const char *(*name_of)(const void *st, int i);
	/* SD_MAP: keys made from the state (a link "a/b"): the i-th
	 * written into buf, NULL past the last; used when names and
	 * name_of are NULL */
	const char *(*key_of)(const void *st, int i, char *buf,
			      size_t size);
	/* names that depend on the state (name_of, key_of; the records
	 * and places of SD_RECORDS and SD_PLACES; the items of SD_SET):
	 * what they are, in words for umpire-protocol(7) VIEWS and for
	 * errors ("the map's towns") */
	const char *domain;
	int flags;             /* SDF_* */
	long long none;        /* SDF_NONE: the value written "none" */
	const char *none_word; /* SD_LIST: the word for none */
	/* which items (bits, names, cards) the field may hold; NULL: all */
	int (*accept)(const void *st, int item);
	/* SD_COUNT: the value (of the i-th name, or i = 0) */
	long long (*value)(const void *st, int i);
	/* SD_GROUP: {NULL}-ended; SD_MAP, SD_RECORDS: sub[0] is the
	 * value */
	const struct sd_field *sub;
	enum sd_vis vis;
	int who;               /* SD_SIDE: the side's index */
	size_t owner;          /* SD_OWNER: offsetof of an int field
				  holding the side's index */
	/* stand-ins: filled in increasing order (0 first); the size is
	 * the view's count_key field (its count_name entry), else 1 for
	 * SD_NAME and every item left for a set */
	int standin;
	const char *count_key, *count_name;
	/* SD_PLACES, and an SD_SET of its records (name_of its
	 * record_name): which records may stand in, 0 none, else the
	 * lower first (a counter the cup could hold before any other);
	 * NULL: every record accept() allows, alike */
	int (*standin_rank)(const void *st, int rec);
	/* SD_CUSTOM */
	struct doc_node *(*save)(const void *st, struct doc *d);
	int (*load)(void *st, const struct doc *d, const struct doc_node *n,
		    struct error *err);
	/* SD_PLACES, SD_RECORDS: the records' names (NULL past the last);
	 * SD_RECORD: whether side (its index; -2 a reader who is no side)
	 * sees record rec, and who does, in words for sd_describe */
	const char *(*record_name)(const void *st, int rec);
	int (*record_sees)(const void *st, int side, int rec);
	const char *who_sees;
	/* SD_RECORDS: record rec's value (NULL: no entry), and back */
	struct doc_node *(*record_save)(const void *st, int rec,
					struct doc *d);
	int (*record_load)(void *st, int rec, const struct doc *d,
			   const struct doc_node *n, struct error *err);
	/* SD_PLACES, SD_SET: places or items named by a rule rather than
	 * a list (the hexes of a map): how many, the i-th's name in buf,
	 * and back (-1: none); NULL: the field's names. n_places reads
	 * none of the values of the places it counts (an SD_MAP's load
	 * counts them once, then writes the values) */
	int (*n_places)(const void *st);
	const char *(*place_name)(const void *st, int i, char buf[16]);
	int (*place_index)(const void *st, const char *s);
	/* SD_PLACES: the records at place i, top first (how many, at most
	 * max); and the records a state puts there (the loaded list) */
	int (*records_at)(const void *st, int place, int *out, int max);
	int (*place_put)(void *st, int place, const int *recs, int n,
			 const struct doc *d, const struct doc_node *at,
			 struct error *err);
	/* SD_PLACES: a stand-in record made one that side may not see */
	void (*hide)(void *st, int rec, int side);
	/* SD_SET: whether item i is in the set, and put it in or out; and
	 * (NULL: in_set of each item) the first item from i on that is in
	 * it, -1 for none, where the items are many and the set small (the
	 * hexsides of a map); SD_PLACES: next_in is the first place from i
	 * on that may hold records (NULL: every place asked) */
	int (*in_set)(const void *st, int arg, int i);
	void (*set_item)(void *st, int arg, int i, int on);
	int (*next_in)(const void *st, int arg, int i);
	/* SD_SET, SD_PLACES: passed to in_set, set_item and next_in as
	 * arg, so that one set of hooks serves several fields (which
	 * side's set, which bit of a hexside) */
	int arg;
};

/* The most fields a declaration has, its groups' fields counted. */
enum { SD_MAX_FIELDS = 64 };

/* Field builders: T the state struct, M the member. */
#define SD_MEMBER(T, M) .off = offsetof(T, M), .size = sizeof(((T *)0)->M)
#define SD_ELEM(T, M) .off = offsetof(T, M), .size = sizeof(((T *)0)->M[0])
#define SD_NAMES(list, n) .names = (list), .n_names = (n)

struct state_decl {
	const char *game;            /* the ruleset id, for messages */
	const char *const *sides;    /* NULL-terminated */
	size_t state_size;
	const struct sd_field *fields; /* {NULL}-ended */
	/* after the fields are loaded: defaults that depend on other
	 * fields (map is the mapping loaded, to see which keys were
	 * given) and the rules' own checks; NULL: none */
	int (*complete)(void *st, const struct doc *d,
			const struct doc_node *map, struct error *err);
	int flags;                   /* SDD_* */
};

/* Each item (a card, a word of a shared list) is in at most one field
 * of its universe: the fields of cards, and those that share a names
 * list (checked on load, after complete()). */
#define SDD_ONE_PLACE 1
/* The names of its records (record_name) and those name_of gives
 * change only when an SDF_INPUT field is loaded (the order of battle):
 * a load hashes each way of naming once, not once a field. */
#define SDD_FIXED_NAMES 2

struct doc_node *sd_save(const struct state_decl *sd, const void *st,
			 struct doc *d);
int sd_load(const struct state_decl *sd, void *st, const struct doc *d,
	    const struct doc_node *map, struct error *err);
/* side NULL: everything (the saved state). */
struct doc_node *sd_view(const struct state_decl *sd, const void *st,
			 const char *side, struct doc *d, struct redactor *r);
int sd_load_view(const struct state_decl *sd, void *st, const struct doc *d,
		 const struct doc_node *map, const char *side,
		 struct error *err);
void sd_hash(const struct state_decl *sd, const void *st,
	     unsigned char out[32]);
/* Load the one field key of the declaration (top level or in a group)
 * from n, as sd_load would: for a game whose load is still partly its
 * own (the keys a position may add, an order between fields). */
int sd_load_key(const struct state_decl *sd, const char *key, void *st,
		const struct doc *d, const struct doc_node *n,
		struct error *err);
/* Whether side (a name of the declaration's sides, NULL the referee,
 * another a reader who is no side) sees record rec of field key; for a
 * field that is not record by record (SD_SIDE, SD_OWNER, SD_REFEREE),
 * whether he sees the field, rec unread. */
int sd_sees_record(const struct state_decl *sd, const char *key,
		   const void *st, const char *side, int rec);
/* The rules are about to read record rec of field key (of a field not
 * record by record: the field, rec unread) to decide what happens
 * next: ctx_consult for every side that may not see it. */
void sd_consult(struct ctx *c, const struct state_decl *sd, const char *key,
		const void *st, int rec, const char *rule);
/* Whether a node is a redacted part ("hidden:..."). */
int sd_is_hidden(const struct doc_node *n);
/* Every field of fs but the groups, depth first, into out after its n
 * first (at most SD_MAX_FIELDS in all); how many out then holds. */
size_t sd_flatten(const struct sd_field *fs, const struct sd_field **out,
		  size_t n);
/* (statedoc.c) What the state holds and what a view of each side
 * holds of it, in roff: a tagged paragraph (.TP) per field, in the order of the
 * declaration (a group's fields after it, as group.field), each its
 * type, bounds or words, and who sees it or what stands in its place
 * (a commitment, nothing, a size); then who sees a record. Made from
 * the table alone: no state is read. */
void sd_describe(const struct state_decl *sd, struct strbuf *out);
/* The part of umpire-protocol(7) VIEWS that says it for every game of
 * rs (NULL-terminated), in roff: a game whose state is not declared, or
 * whose fields are the game's own (SD_CUSTOM, a record's value), is
 * said to be so. tests/man-views.c puts it in the page. */
void sd_views_man(const struct ruleset *const *rs, struct strbuf *out);

#endif
