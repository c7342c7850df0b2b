/*
 * view.h - what one side may see: redaction of hidden information into
 * commitments (see rules.h: redact), and who may see a draw or an event.
 *
 * Ownership: struct redactor is a plain value owned by its caller; it
 * keeps pointers to the salt and side strings, which must outlive it.
 */
#ifndef UMPIRE_VIEW_H
#define UMPIRE_VIEW_H

#include <stdint.h>
#include "umpire/doc.h"
#include "umpire/engine.h"

struct redactor {
	unsigned char salt[32];  /* the step's view salt */
	const char *side;        /* the side the view is for */
	uint32_t index;          /* parts redacted so far */
};

void redactor_init(struct redactor *r, const unsigned char salt[32],
		   const char *side);

/* Whether side (NULL: the referee or an audit, who see everything) may
 * see something marked visible ("" everyone, "-" nobody, else one side). */
int visible_to(const char *visible, const char *side);

#endif
