/*
 * replay.c - the replay of a game, as umpire replay writes it, for the
 * page of the games (index.c, umpire judge --index, run outside any
 * message's path). A finished game's last letters carry the game file
 * and the command that makes this page instead (letters.c).
 */
#include "umpire/replay.h"
#include "letters.h"

int judge_replay_page(const struct game *g, const char *scn_dir,
		      struct strbuf *page, struct strbuf *result,
		      struct error *err)
{
	/* the replay runs the game again with its own hooks: on a copy
	 * read from the game's text, the caller's game untouched */
	struct strbuf text = STRBUF_INIT, name = STRBUF_INIT;
	struct game copy;
	struct replay r;
	int rc = -1;
	replay_init(&r);
	strbuf_addf(&name, "%s.yaml", g->id);
	if (game_emit(g, &text, err) ||
	    game_parse(&copy, name.buf, text.buf, text.len, scn_dir, err))
		goto out;
	rc = replay_game(&copy, name.buf, &r, err);
	if (!rc) {
		struct strbuf audit = STRBUF_INIT;
		strbuf_addf(&audit, "umpire audit %s", name.buf);
		r.audit = strbuf_detach(&audit, NULL);
		replay_html(&r, page);
		if (result && r.result)
			strbuf_adds(result, r.result);
	}
	game_free(&copy);
out:
	replay_free(&r);
	strbuf_free(&text);
	strbuf_free(&name);
	return rc;
}
