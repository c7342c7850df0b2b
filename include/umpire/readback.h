/*
 * readback.h - a game's text read back before it is written, the state's
 * entries left as they were read not parsed again (readback.c).
 */
#ifndef UMPIRE_READBACK_H
#define UMPIRE_READBACK_H

#include <stddef.h>
#include "umpire/doc.h"
#include "umpire/error.h"

/*
 * text (len bytes, as doc_emit wrote root, whose "state" is state) parsed
 * and compared with root: 1 when it reads back as root, 0 when not, -1
 * with err when it does not parse. was: the state as parsed from src
 * (src_len bytes: the file's header and state as read), or NULL. An
 * entry of state whose lines in text are its lines in src and whose
 * tree is was's is not parsed again (the parse that made was's read
 * them); all the others and the rest of text are. name: for messages.
 */
int readback_same(const struct doc_node *root, const struct doc_node *state,
		  const struct doc_node *was, const char *src,
		  size_t src_len, const char *text, size_t len,
		  const char *name, struct error *err);

struct memo;

/*
 * text (len bytes, as doc_emit wrote root) read back a piece at a time
 * (its header, each state entry, each step), each piece's tree from the
 * memo by the hash of its bytes or parsed alone and kept, then checked
 * against the game file's limits and compared with root: 1 when so read
 * and the same as root; 0 when not (a text not laid out as umpire
 * writes it, a piece that does not parse alone, memo NULL, a
 * difference): the caller then reads it back whole (readback_same),
 * which alone says what is wrong.
 */
int readback_memo(const struct doc_node *root, const char *text, size_t len,
		  const char *name, struct memo *memo);

#endif
