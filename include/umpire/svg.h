/*
 * svg.h - a small SVG writer for `umpire render`: the board of any game
 * as a picture. Rules modules draw through it in their render() hook; it
 * escapes all text and writes nothing but SVG 1.1 elements.
 *
 * Ownership: struct svg owns its buffer; svg_finish hands the text to the
 * caller's strbuf and releases the rest. Strings passed in are copied.
 * Coordinates are in user units (the viewBox given to svg_begin).
 *
 * A render() hook starts with svg_begin(out, width, height, title) for
 * its board and then draws; `umpire render` puts that drawing below a
 * header band with svg_place and finishes the document. svg_begin takes
 * a struct not in use (SVG_INIT, or finished). A NULL style is a
 * thin black outline. Numbers are written with at most two decimals.
 */
#ifndef UMPIRE_SVG_H
#define UMPIRE_SVG_H

#include <stddef.h>
#include <stdint.h>
#include "umpire/strbuf.h"

struct svg_memo;
struct svg {
	struct strbuf body;
	double width, height;
	int open_groups;
	struct svg_memo *memo;  /* drawings that repeat (below); NULL none */
	int spots;              /* draw svg_spot's (the desk's board); 0:
				   they draw nothing */
};
/* A struct svg not begun yet, with no memo. */
#define SVG_INIT { STRBUF_INIT, 0, 0, 0, NULL, 0 }

/*
 * A drawing that many pictures share unchanged (the map under each step
 * of a replay) is drawn once: svg_memo_use appends the text kept under
 * key and returns 1, else 0 with *mark where the drawing begins; after
 * drawing it, svg_memo_keep keeps the text from mark under key. With no
 * memo both do nothing and svg_memo_use returns 0: the picture is the
 * same byte for byte either way. svg_begin keeps s->memo (so a struct
 * given to svg_begin starts as SVG_INIT, or zeroed); the memo is the
 * caller's (svg_memo_new, svg_memo_free).
 */
struct svg_memo *svg_memo_new(void);
void svg_memo_free(struct svg_memo *m);
int svg_memo_use(struct svg *s, uint64_t key, size_t *mark);
void svg_memo_keep(struct svg *s, uint64_t key, size_t mark);
/* A 64-bit hash of n bytes (FNV-1a by eight-byte words), from h (0:
 * the start): a memo's key, not a digest. */
uint64_t svg_hash(uint64_t h, const void *p, size_t n);

/* Colours and styles are CSS strings ("#c8b98a", "none"). */
struct svg_style {
	const char *fill;
	const char *stroke;
	double stroke_width;
	const char *dash;       /* "4 2" or NULL */
	double opacity;         /* 0 means 1 */
};

void svg_begin(struct svg *s, double width, double height,
	       const char *title);
/*
 * Where a piece or place an answer names lies on the board: an
 * invisible box of class "spot" with data-kind and data-id (the kind
 * and id of q_target: "hex" "4527", "unit" "35G", "card" "C12") that
 * the desk lights and takes clicks on. Drawn only where s->spots is set
 * (svg_begin keeps it): a board for `umpire render` or a replay is the
 * same byte for byte with or without the calls. A render() hook spots
 * each place and each piece the side sees, the pieces after the places
 * (a click on a piece finds the piece).
 */
void svg_spot(struct svg *s, const char *kind, const char *id, double x,
	      double y, double w, double h);
void svg_rect(struct svg *s, double x, double y, double w, double h,
	      double radius, const struct svg_style *st);
void svg_circle(struct svg *s, double cx, double cy, double r,
		const struct svg_style *st);
void svg_line(struct svg *s, double x1, double y1, double x2, double y2,
	      const struct svg_style *st);
/* A closed polygon of n points (xy: x0, y0, x1, y1, ...). */
void svg_polygon(struct svg *s, const double *xy, int n,
		 const struct svg_style *st);
/* A five-pointed star of outer radius r centred on (cx, cy), point up. */
void svg_star(struct svg *s, double cx, double cy, double r,
	      const struct svg_style *st);
/* A line with an arrow head at its end (moves). */
void svg_arrow(struct svg *s, double x1, double y1, double x2, double y2,
	       const struct svg_style *st);
/* A line through n points (xy: x0, y0, x1, y1, ...): a move along the
 * path it took (its head drawn apart, svg_arrow). */
void svg_polyline(struct svg *s, const double *xy, int n,
		  const struct svg_style *st);
/*
 * The line of a move between two points, as the boards draw the marks of
 * the last step: cut short by `cut` at both ends (at most a quarter of
 * its length, so that it never turns round) and shifted `off` to the left
 * of its direction, so that several moves between the same two places
 * stay apart. ux, uy: the unit vector from a to b; len: the distance.
 */
struct svg_seg {
	double x1, y1, x2, y2, ux, uy, len;
};
struct svg_seg svg_seg_between(double ax, double ay, double bx, double by,
			       double cut, double off);
/* The marks of what changed in the last step, the same on every board:
 * a move's arrow, a combat's burst, a unit lost (a cross), a unit
 * placed (a dashed ring), and a label on a white halo. */
extern const struct svg_style svg_mark_arrow, svg_mark_burst,
	svg_mark_lost, svg_mark_placed;
void svg_mark_label(struct svg *s, double x, double y, const char *text);
/* Text; anchor is "start", "middle" or "end"; size in user units. */
void svg_text(struct svg *s, double x, double y, double size,
	      const char *anchor, const char *fill, const char *text);
/* A group with an optional tooltip title (a unit's full name). */
void svg_group(struct svg *s, const char *title);
void svg_end_group(struct svg *s);
/*
 * A large board stays small: a shape is defined once and used many times,
 * elements drawn alike share one group's paint, and many line segments of
 * one style are one path.
 *
 * svg_def_polygon: a polygon under id with no paint of its own, drawn
 * only by svg_use (the paint comes from the use and its groups).
 * svg_def_begin/svg_def_end: the elements drawn between them are a shape
 * under id, drawn only by svg_use. svg_use: the shape id with its origin
 * at x, y, filled with fill (NULL: as defined or inherited); the document
 * then declares the xlink namespace (SVG 1.1).
 * svg_group_style: a group whose elements inherit st (closed by
 * svg_end_group). svg_group_text: a group of text of one size, anchor and
 * fill, written by svg_label (closed by svg_end_group).
 * svg_path_begin, svg_path_seg, svg_path_end: one path of straight
 * segments (x1, y1 to x2, y2) in style st; give at least one segment.
 */
void svg_def_polygon(struct svg *s, const char *id, const double *xy,
		     int n);
void svg_def_begin(struct svg *s, const char *id);
void svg_def_end(struct svg *s);
void svg_use(struct svg *s, const char *id, double x, double y,
	     const char *fill);
void svg_group_style(struct svg *s, const struct svg_style *st);
void svg_group_text(struct svg *s, double size, const char *anchor,
		    const char *fill);
void svg_label(struct svg *s, double x, double y, const char *text);
void svg_path_begin(struct svg *s, const struct svg_style *st);
void svg_path_seg(struct svg *s, double x1, double y1, double x2,
		  double y2);
void svg_path_end(struct svg *s);
/* A closed shape of n points (xy: x0, y0, ...) in the path begun: one
 * path may hold many (a map's hexes of one terrain, one element). */
void svg_path_shape(struct svg *s, const double *xy, int n);
/* Draw inner (begun, not finished) into s with its origin at (x, y):
 * its elements go into one group (its title is the group's tooltip);
 * inner is released and may be begun again. */
void svg_place(struct svg *s, double x, double y, struct svg *inner);
/* Close the document and append it to out. */
void svg_finish(struct svg *s, struct strbuf *out);

#endif
