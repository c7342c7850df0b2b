/*
 * compose.h - a mail message written by umpire itself (the judge's
 * letters): From, Reply-To, one To, Subject, Date, Message-ID, optional headers
 * for an automatic answer, a plain-text body and text attachments, as
 * GMime writes them.
 *
 * Ownership: nothing is kept; the message is appended to out.
 */
#ifndef UMPIRE_COMPOSE_H
#define UMPIRE_COMPOSE_H

#include <stddef.h>
#include "umpire/error.h"
#include "umpire/strbuf.h"

#define DRAFT_MAX_FILES 2

struct draft {
	const char *from;          /* may be NULL: no From */
	const char *reply_to;      /* may be NULL: no Reply-To */
	const char *to;            /* one addr-spec */
	const char *subject;       /* as it is, UTF-8 */
	const char *body;          /* plain text, UTF-8 */
	/* "auto-replied" (RFC 3834) or NULL: written as Auto-Submitted,
	 * with the In-Reply-To and References of in_reply_to (may be
	 * NULL, a Message-ID without <>) */
	const char *auto_submitted;
	const char *in_reply_to;
	/* the Message-ID's left part (a dot-atom: what a bounce of the
	 * message quotes back names its letter, src/judge/bounce.c), or
	 * NULL: a random one; the domain is umpire.invalid either way */
	const char *msgid_left;
	const char *names[DRAFT_MAX_FILES];
	const char *files[DRAFT_MAX_FILES];
	size_t lens[DRAFT_MAX_FILES];
	/* nonzero: the file compressed (gzip, gmime_gzip) and attached as
	 * application/gzip under its name, which should end ".gz" */
	int gzip[DRAFT_MAX_FILES];
	/* for a gzip file: where its compressed bytes are kept for the
	 * next letter of the same file (the game's end, to each side):
	 * made into it when it is empty, used as they are when not; NULL:
	 * compressed for this letter alone */
	struct strbuf *gz_kept[DRAFT_MAX_FILES];
	size_t n_files;
};

/* The message of d, appended to out: the body quoted-printable, each
 * file a base64 text attachment under its name (text/html for an HTML
 * page, else text/plain: gmime_file_subtype), or a gzip one. Refuses a From
 * or To that is not a mail address (EXIT_USAGE). */
int draft_write(const struct draft *d, struct strbuf *out,
		struct error *err);

#endif
