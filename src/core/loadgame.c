/*
 * loadgame.c - a game read by its name (loadgame.h): a file read from
 * its vouched prefix where this machine's checkpoints allow, else read
 * whole, or taken out of the mail message that carries it.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/fsutil.h"
#include "umpire/loadgame.h"
#include "umpire/mail.h"

int load_game_or_file(struct loader ld, const char *path, const char *name,
		      const char *kind, unsigned flags, struct game *g,
		      char **buf, size_t *len, struct strbuf *taken,
		      int *none, struct error *err)
{
	const size_t max = DOC_LIMITS_GAME.max_bytes;
	*buf = NULL;
	if (none)
		*none = 0;
	/* a file: what game_read_vouched does not take (a message, text
	 * around the file, another history) is read as it always was */
	int vouched = (flags & GAME_PARSE_CHECKPOINTS) &&
		!(flags & GAME_PARSE_WHOLE);
	if (vouched && strcmp(path, "-") != 0 &&
	    game_read_vouched(g, path, name, ld.scenario_dir, flags,
			      ld.memo) == 0)
		return 1;
	/* a file for a whole game's check, its steps streamed: not held
	 * whole where the mail layer would take it as it is */
	int streamed = flags & GAME_PARSE_STREAM ?
		game_stream_file(g, path, name, !!(flags & GAME_PARSE_PULL),
				 ld.scenario_dir, ld.memo, err) : 1;
	if (streamed <= 0)
		return streamed < 0 ? -1 : 1;
	if (mail_read_raw(path, max, buf, len, err))
		return -1;
	/* stdin, read once */
	if (vouched && !strcmp(path, "-") &&
	    game_parse_memo(g, name, *buf, *len, ld.scenario_dir,
			    flags | GAME_PARSE_AS_READ, ld.memo, err) == 0) {
		free(*buf);
		*buf = NULL;
		return 1;
	}
	return mail_take_file(path_name(path), max, kind, buf, len, NULL,
			      NULL, NULL, taken, none, err) ? -1 : 0;
}

/* A game file, or the mail message carrying it: its game part taken
 * even when the message carries orders too, and said so. */
int load_game(struct loader ld, const char *path, unsigned flags,
	      struct game *g, struct error *err)
{
	char *buf;
	size_t len;
	struct strbuf taken = STRBUF_INIT;
	memset(g, 0, sizeof *g);
	int rc = load_game_or_file(ld, path, path, "game", flags, g, &buf, &len,
				   &taken, NULL, err);
	if (rc) {
		strbuf_free(&taken);
		return rc < 0 ? -1 : 0;
	}
	if (taken.len)
		fprintf(ld.msg, "umpire: note: %s: the game file was read "
			"from %s of the message, which holds more than one "
			"umpire file\n", path_name(path), taken.buf);
	strbuf_free(&taken);
	rc = game_parse_memo(g, path, buf, len, ld.scenario_dir, flags,
			     ld.memo, err);
	free(buf);
	return rc;
}
