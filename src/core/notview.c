/*
 * notview.c - a letter of the judge's read, and one that holds no
 * view told apart from a view (umpire status, open, audit --view; any
 * reader of what a judge sends a side).
 */
#include <string.h>
#include "umpire/error.h"
#include "umpire/fsutil.h"
#include "umpire/gamedata.h"
#include "umpire/mail.h"
#include "umpire/notview.h"
#include "umpire/view.h"

int letter_not_view(const char *path, const char *buf, size_t len,
		    int none, struct strbuf *word)
{
	static const char game_head[] = "umpire: game/";
	const char *name = path_name(path);
	char game[GAME_ID_HEX + 1], to[64];
	if (none == MAIL_NONE_REPORT)
		return 0;       /* a report saved alone: its refusal says so */
	if (none) {
		strbuf_addf(word, "%s holds no umpire file: a letter in "
			    "words (a judge's note, or its request to confirm "
			    "your address)", name);
		return 1;
	}
	if (sealed_header(name, buf, len, SEALED_ANSWER_FORMAT, game, to,
			  sizeof to)) {
		strbuf_addf(word, "%s holds the judge's answer to %s in game "
			    "%s, sealed: umpire open %s --view VIEW (a view "
			    "of the game you were sent) reads it", name, to,
			    game, name);
		return 1;
	}
	size_t bom = len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3) ? 3 : 0;
	if (len - bom >= sizeof game_head - 1 &&
	    !memcmp(buf + bom, game_head, sizeof game_head - 1)) {
		strbuf_addf(word, "%s holds a game file, not a view: umpire "
			    "status %s reads it", name, name);
		return 1;
	}
	return 0;
}

int letter_read(const char *path, size_t max, char **buf, size_t *len,
		int *none, struct error *err)
{
	*buf = NULL;
	if (mail_read_raw(path, max, buf, len, err))
		return -1;
	if (mail_take_file(path_name(path), max, MAIL_NOT_ORDERS, buf, len,
			   NULL, NULL, NULL, NULL, none, err) == 0)
		return 0;
	*len = 0;
	return *none ? 1 : -1;
}
