/*
 * notview.h - a letter of the judge's read (a file, or mail around
 * it), and one that holds no view told apart from a view, for those
 * who read views (umpire status, open, audit --view).
 *
 * Ownership: everything is borrowed; the sentence is appended to word,
 * which the caller frees; letter_read's buffer is the caller's.
 */
#ifndef UMPIRE_NOTVIEW_H
#define UMPIRE_NOTVIEW_H

#include <stddef.h>
#include "umpire/error.h"
#include "umpire/strbuf.h"

/* A letter of the judge's that holds no view, for the commands that
 * read views (status, open, audit --view): a message with no umpire
 * file (none, as load_game_or_file or mail_take_file set it), a sealed
 * answer, or a game file. 1 and a sentence saying what it holds and
 * what reads it added to word; 0 for anything else (a view, or what a
 * judge never sends: the command says why it is refused). */
int letter_not_view(const char *path, const char *buf, size_t len,
		    int none, struct strbuf *word);

/* path read as mail_read_input reads it (at most max bytes): 0 and *buf
 * (malloc'd); 1 (*buf NULL, *none set) for a mail message that holds
 * no umpire file; -1 on any other error. */
int letter_read(const char *path, size_t max, char **buf, size_t *len,
		int *none, struct error *err);

#endif
