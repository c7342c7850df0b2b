/*
 * graph.h - point-to-point maps: towns (nodes) joined by links, read from
 * a scenario's data, for area-movement games (Kampfgruppe Peiper; any game
 * whose map is "towns and the roads between them").
 *
 * Ownership: a struct graph is a plain value with fixed-size arrays and no
 * pointers, so that it can live inside a ruleset's state struct (which the
 * engine copies). Nothing is allocated. Strings returned point into the
 * graph.
 *
 * Limits: GRAPH_NODES nodes, GRAPH_LINKS links, GRAPH_ATTRS extra
 * attributes per node or link; ids up to GRAPH_ID - 1 characters, names
 * up to GRAPH_NAME - 1, attribute keys and values up to GRAPH_KEY - 1 and
 * GRAPH_VAL - 1. A scenario beyond them is refused with its file and line.
 *
 * Scenario format (one line per node and per link, easy to correct):
 *
 *     towns:                     # a mapping: id -> node
 *       losheim: {name: Losheim, x: 95, y: 42, threat: 0}
 *     links:                     # a sequence of links
 *       - {a: losheim, b: buellingen, dir: NW, road: B}
 *       - {a: stavelot, b: trois-ponts, dir: SW, bridge: yes}
 *
 * or, as tables, with the column names given once by the caller (a
 * sequence of words from the scenario):
 *
 *     town-columns: [name, x, y, threat]
 *     towns:
 *       losheim:  [Losheim, 95, 42, 0]
 *     link-columns: [a, b, dir, road, bridge]
 *     links:
 *       - [stavelot, trois-ponts, SW, C, yes]
 *
 * A node has a name (required), a position x, y for drawing (x grows to
 * the east, y to the south; default 0) and any other keys as attributes
 * (scalars, kept as text for the game to read). A link joins a and b;
 * dir is the compass direction of b seen from a (N NE E SE S SW W NW); if
 * it is left out, it is worked out from the two positions. The other
 * keys are attributes (bridge: yes, road: B, dotted: yes...). Seen from b,
 * a lies in the opposite direction. Two links may not join the same pair.
 */
#ifndef UMPIRE_RULES_GRAPH_H
#define UMPIRE_RULES_GRAPH_H

#include <stddef.h>
#include "umpire/doc.h"
#include "umpire/error.h"

enum {
	GRAPH_NODES = 64,
	GRAPH_LINKS = 128,
	GRAPH_ATTRS = 6,
	GRAPH_ID = 24,
	GRAPH_NAME = 32,
	GRAPH_KEY = 16,
	GRAPH_VAL = 24,
	GRAPH_DEGREE = 16       /* links at one node */
};

/* Compass directions, clockwise from north. */
enum graph_dir { DIR_N, DIR_NE, DIR_E, DIR_SE, DIR_S, DIR_SW, DIR_W,
		 DIR_NW, DIRS };

struct graph_attr {
	char key[GRAPH_KEY];
	char val[GRAPH_VAL];
};

struct graph_node {
	char id[GRAPH_ID];
	char name[GRAPH_NAME];
	int x, y;
	int line;               /* scenario line, for messages */
	size_t n_attrs;
	struct graph_attr attrs[GRAPH_ATTRS];
};

struct graph_link {
	int a, b;               /* node indexes */
	enum graph_dir dir;     /* direction of b seen from a */
	int line;
	size_t n_attrs;
	struct graph_attr attrs[GRAPH_ATTRS];
};

struct graph {
	int n_nodes, n_links;
	struct graph_node nodes[GRAPH_NODES];
	struct graph_link links[GRAPH_LINKS];
};

/* Read nodes (a mapping id -> node) and links (a sequence) into g; rows
 * given as sequences are read through node_cols and link_cols (NULL if
 * the scenario has none). Errors name the file and line and what was
 * expected. */
int graph_load(struct graph *g, const struct doc *d,
	       const struct doc_node *nodes, const struct doc_node *node_cols,
	       const struct doc_node *links, const struct doc_node *link_cols,
	       struct error *err);

/* Node index of id, or -1. */
int graph_find(const struct graph *g, const char *id);
/* Link index joining a and b (either way round), or -1. */
int graph_link_between(const struct graph *g, int a, int b);
/* The end of link l that is not node n. */
int graph_other(const struct graph *g, int l, int n);
/* Direction of the other end of link l seen from node n. */
enum graph_dir graph_dir_from(const struct graph *g, int l, int n);

/* The links at node n, sorted by direction (clockwise from north), then
 * by scenario order: the canonical order of neighbours. Returns how many
 * (at most max). */
size_t graph_links_of(const struct graph *g, int n, int *out, size_t max);

/* Attributes: the text, or NULL if absent. */
const char *graph_node_attr(const struct graph *g, int n, const char *key);
const char *graph_link_attr(const struct graph *g, int l, const char *key);
/* A link flag: "yes" or "true" (absent: 0). */
int graph_link_flag(const struct graph *g, int l, const char *key);
/* A node's integer attribute in [min,max], def if absent; refused with
 * the node's file:line otherwise. */
int graph_node_int(const struct graph *g, const struct doc *d, int n,
		   const char *key, long long min, long long max,
		   long long def, long long *out, struct error *err);

/* "N", "NE", ... and back (case-insensitive; -1 if not a direction). */
const char *graph_dir_name(enum graph_dir dir);
int graph_dir_parse(const char *s);
enum graph_dir graph_dir_opposite(enum graph_dir dir);
/* The direction whose compass sector holds the vector (dx east, dy south
 * in drawing units); -1 for a zero vector. */
int graph_dir_of(int dx, int dy);

#endif
