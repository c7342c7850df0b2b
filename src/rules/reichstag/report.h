/*
 * report.h - Race to the Reichstag: the position, the result and the
 * board (report.c).
 */
#ifndef UMPIRE_RULES_REICHSTAG_REPORT_H
#define UMPIRE_RULES_REICHSTAG_REPORT_H

#include "state.h"

void rt_position(const void *st, const char *side, struct strbuf *out);
int rt_result(const void *st, struct strbuf *out);
void rt_render(const void *st, const char *side, const struct mark *marks,
	       size_t n_marks, struct svg *out);

#endif
