/*
 * statedecl.h - a game's state declared once, as a table of fields, and
 * the one layer that loads, saves, views, rebuilds from a view and hashes
 * it (src/rules/lib/statedecl.c).
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
 *              every error names file, line, field and what would be
 *              accepted; then the game's complete() (defaults that
 *              depend on other fields, and the rules' own checks), then
 *              the derived counts are checked against the state;
 *   view       the mapping as one side may see it: each field that side
 *              may not see goes through redact() (rules.h), in the
 *              order of the declaration, depth first;
 *   load_view  a view back to a state: a part hidden from the side
 *              that may see it is refused (a forged view); each
 *              redacted field is replaced by a stand-in (items of its
 *              universe that the view does not place, as many as the
 *              view's count says, that the field accepts, in the order
 *              of the fields' standin ranks), then loaded as above;
 *   hash       BLAKE2b-256 of the saved state (domain "umpire/1 state").
 *
 * Visibility (sd_vis): everyone; one side (the side's index in the
 * declaration's sides); the owner, a side whose index another field of
 * the state holds (the player whose face-down card it is); the referee
 * only. SDF_NONE_PUBLIC makes the empty value ("none", an empty list)
 * public: that there is nothing is known to all.
 *
 * A universe is the items that fields share: every card field (lib/
 * cards.h) is one; SD_NAME and SD_BITS fields with the same names list
 * are another. Stand-ins and SDD_ONE_PLACE work within a universe.
 *
 * Not yet declarable: records per unit whose visibility differs from
 * unit to unit (Race to the Reichstag's hidden units, Aachen's fixed
 * units), and sparse mappings keyed by a place (Kampfgruppe Peiper's
 * towns); SD_CUSTOM carries such a field, shown to all or hidden whole.
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
	SD_FLAGS,  /* a set as an array of ints (element i set: names[i]);
		      a flow list in array order */
	SD_INTS,   /* an array of ints, one per name, each lo..hi: a flow
		      mapping name: n */
	SD_CARD,   /* a playing card (lib/cards.h), "none" for CARD_NONE */
	SD_PILE,   /* a struct pile: a flow list in canonical order */
	SD_STACK,  /* { size_t n; card c[hi]; }: a flow list, bottom first;
		      "down" where accept() allows CARD_DOWN */
	SD_COUNT,  /* derived: value() written, and checked on load (with
		      names: a flow mapping name: value(st, i)) */
	SD_GROUP,  /* a block mapping of the sub fields */
	SD_CUSTOM  /* the game's own save and load (see the hooks) */
};

enum sd_vis { SD_ALL, SD_SIDE, SD_OWNER, SD_REFEREE };

enum {
	SDF_NONE = 1,         /* SD_NAME: value none is "none" */
	SDF_NONE_PUBLIC = 2,  /* the empty value is never hidden */
	SDF_BLOCK = 4,        /* SD_INTS, SD_COUNT: block, not flow */
	SDF_REST = 8          /* SD_PILE, SD_BITS (top level): left out of
				 a position, every item accept() allows
				 that no other field holds (a deck) */
};

struct sd_field {
	const char *key;
	enum sd_type type;
	size_t off;            /* offsetof in the state struct */
	size_t size;           /* of the value, or of one element */
	long long lo, hi;      /* bounds; SD_STACK: hi is the capacity */
	const char *const *names; /* words, items or keys (n_names) */
	int n_names;
	/* names that depend on the state (a map's cities): the i-th, NULL
	 * past the last; used when names is NULL */
	const char *(*name_of)(const void *st, int i);
	int flags;             /* SDF_* */
	long long none;        /* SDF_NONE: the value written "none" */
	/* which items (bits, names, cards) the field may hold; NULL: all */
	int (*accept)(const void *st, int item);
	/* SD_COUNT: the value (of the i-th name, or i = 0) */
	long long (*value)(const void *st, int i);
	const struct sd_field *sub; /* SD_GROUP: {NULL}-ended */
	enum sd_vis vis;
	int who;               /* SD_SIDE: the side's index */
	size_t owner;          /* SD_OWNER: offsetof of an int field
				  holding the side's index */
	/* stand-ins: filled in increasing order (0 first); the size is
	 * the view's count_key field (its count_name entry), else 1 for
	 * SD_NAME and every item left for a set */
	int standin;
	const char *count_key, *count_name;
	/* SD_CUSTOM */
	struct doc_node *(*save)(const void *st, struct doc *d);
	int (*load)(void *st, const struct doc *d, const struct doc_node *n,
		    struct error *err);
};

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
/* Whether a node is a redacted part ("hidden:..."). */
int sd_is_hidden(const struct doc_node *n);
/* What a view of each side holds and hides, one line per field. */
void sd_describe(const struct state_decl *sd, struct strbuf *out);
/* The part of umpire-protocol(7) VIEWS that says it for every game of
 * rs (NULL-terminated), in roff (umpire scenarios --views). */
void sd_views_man(const struct ruleset *const *rs, struct strbuf *out);

#endif
