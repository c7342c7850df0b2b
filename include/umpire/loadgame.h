/*
 * loadgame.h - a game read by the name a command or the judge is given:
 * a game file, stdin ("-"), or the mail message carrying it.
 *
 * Ownership: struct loader is a plain value that borrows what it names
 * for the call. The game read is the caller's (game_free); a buffer
 * handed back is malloc'd and the caller frees it.
 */
#ifndef UMPIRE_LOADGAME_H
#define UMPIRE_LOADGAME_H

#include <stdio.h>
#include "umpire/error.h"
#include "umpire/game.h"
#include "umpire/strbuf.h"

struct memo;

/* Where and how a game file is read. */
struct loader {
	const char *scenario_dir;  /* the scenarios ($UMPIRE_SCENARIOS,
				      the config's, the built-in) */
	struct memo *memo;         /* what a judge serving many messages
				      keeps between them (memo.h), or NULL */
	FILE *msg;                 /* where a note is said (stderr) */
};

/* path read for a command that may take a game file read with this
 * machine's checkpoints (flags as game_parse_flags, name its name for
 * messages): 1 when the file as read is a game file the mail layer
 * takes as it is, read into *g from its vouched prefix
 * (GAME_PARSE_AS_READ; *buf NULL); else 0, and *buf and *len as
 * mail_read_kind gives them for kind (taken as there); -1 on an
 * error, *none (may be NULL) set as mail_take_file sets it: a message
 * that holds no umpire file. */
int load_game_or_file(struct loader ld, const char *path, const char *name,
		      const char *kind, unsigned flags, struct game *g,
		      char **buf, size_t *len, struct strbuf *taken,
		      int *none, struct error *err);
/* A game file at path (flags as game_parse_flags), or the mail message
 * carrying it: its game part taken even when the message carries
 * orders too, and said so in a note on ld.msg. */
int load_game(struct loader ld, const char *path, unsigned flags,
	      struct game *g, struct error *err);

#endif
