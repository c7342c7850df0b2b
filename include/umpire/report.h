/*
 * report.h - turns a replay into plain text for a mail body: 76 columns,
 * every card and die with its purpose, the position, what is asked next.
 *
 * Ownership: writes into the caller's strbuf; keeps nothing.
 */
#ifndef UMPIRE_REPORT_H
#define UMPIRE_REPORT_H

#include "umpire/game.h"

#define REPORT_WIDTH 76

/* The report of step `step` (1-based; 0: the game before any step). */
void report_step(const struct game *g, const struct run *run, size_t step,
		 struct strbuf *out);
/* Who must decide what next, with the legal answers; or the result. */
void report_next(const struct game *g, const struct run *run,
		 struct strbuf *out);
/* Append text wrapped at REPORT_WIDTH with the given indent. */
void report_wrap(struct strbuf *out, const char *text, size_t indent,
		 size_t hang);

#endif
