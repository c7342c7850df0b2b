/*
 * report.h - turns a replay into plain text for a mail body: 72 columns,
 * every card and die with its purpose, the position, what is asked next.
 *
 * Ownership: writes into the caller's strbuf; keeps nothing.
 */
#ifndef UMPIRE_REPORT_H
#define UMPIRE_REPORT_H

#include "umpire/game.h"

/* MAIL_COLUMNS less 2: a report is also a block in a view, an order
 * template writes comments as "# " and text */
#define REPORT_WIDTH (MAIL_COLUMNS - 2)
/* The example answers a report shows of a free-text question (the order
 * template lists them all). */
#define REPORT_EXAMPLES 6

/* What a report is about. */
struct report_at {
	size_t step;                 /* 1-based; 0: before any step */
	const void *state;           /* the state after that step */
	const struct question *next; /* pending question; NULL: game over */
	const char *side;            /* the reader; NULL: everything */
	int roster;                  /* add the whole roster (--roster) */
	size_t from;                 /* the first step whose events and
					draws are told, each step under its
					own heading (a view: every step
					since the side's own latest); 0:
					`step` alone */
};

/* The latest step of a replay, for side. */
void report_latest(const struct game *g, const struct run *run,
		   const char *side, struct report_at *at);
/* The report of a step: what happened (as side may see it), the
 * position, and what is asked next. */
void report_step(const struct game *g, const struct run *run,
		 const struct report_at *at, struct strbuf *out);
/* Who must decide what next, with the legal answers; or the result. */
void report_next(const struct game *g, const struct report_at *at,
		 struct strbuf *out);
/* In honour mode, the HONOUR MODE label (wrapped) and 1; else 0. */
int report_honour(const struct game *g, struct strbuf *out);
/* text with every line of more than width columns broken at its last
 * blanks before width (a word longer than width is cut), the rest
 * indented 2 more than the line: what a ruleset writes wider than the
 * mail allows still fits, and nothing narrower changes. */
void report_fit(struct strbuf *out, const char *text, size_t width);
/* Append text wrapped at REPORT_WIDTH with the given indent. */
void report_wrap(struct strbuf *out, const char *text, size_t indent,
		 size_t hang);

#endif
