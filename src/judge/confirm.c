/*
 * confirm.c - an address of a game taken by mail (--accept-new) proven
 * as a mailing list proves one (double opt-in): the judge mails it one
 * letter, the confirmation, whose token (strangers.c) only the judge
 * can make; a reply from that address carrying the token, in its
 * subject or body (a mail client's reply keeps the subject and quotes
 * the letter), proves it, once, until the token expires. Then the role
 * gets its letter of the game as it stands.
 *
 * What a stranger's message costs: a search of its bytes for the
 * token's mark; only one that holds a well-formed token reads one small
 * record (GAMEID.mail), and only a token that matches locks the game.
 * A token that matches nothing (forged, expired, used, from another
 * address) does nothing and is answered by nothing.
 */
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "umpire/mail.h"
#include "letters.h"
#include "intake.h"

int confirm_owed(struct judge *j, const struct game *g,
		 const struct game *in, struct outcome *o, struct error *err)
{
	struct letters l;
	int rc = 0;
	memset(&l, 0, sizeof l);
	for (size_t i = 0; i < in->n_roles && rc == 0; i++) {
		const char *r = in->roles[i].name;
		char token[BYMAIL_TOKEN + 1];
		time_t until;
		if (!in->roles[i].joined || !strcmp(r, "referee"))
			continue;
		rc = bymail_ask(j, g, r, token, &until, o, err);
		if (rc == 1)
			rc = letter_confirm(j, g, r, token, until, &l, err);
	}
	if (rc == 0 && l.n)
		rc = spool_put(j, (struct game *)g, &l, 0, NULL, err);
	if (rc)
		err->status = EXIT_TEMPFAIL;
	letters_free(&l);
	return rc;
}

/* The first token in buf (a well-formed one: the mark, 8 hex digits,
 * '-', 32 hex digits) into token; 0 when there is none. */
static int find_token(const char *buf, size_t len,
		      char token[BYMAIL_TOKEN + 1])
{
	static const char mark[] = BYMAIL_TOKEN_MARK;
	static const char hex[] = "0123456789abcdef";
	size_t m = sizeof mark - 1;
	for (size_t i = 0; i + BYMAIL_TOKEN <= len; i++) {
		const char *p = buf + i;
		if (memcmp(p, mark, m))
			continue;
		size_t k = m;
		while (k < BYMAIL_TOKEN && (k == m + 8 ? p[k] == '-' :
			    p[k] && strchr(hex, p[k]) != NULL))
			k++;
		if (k == BYMAIL_TOKEN) {
			memcpy(token, p, BYMAIL_TOKEN);
			token[BYMAIL_TOKEN] = '\0';
			return 1;
		}
	}
	return 0;
}

int confirm_answer(struct judge *j, const char *buf, size_t len,
		   struct outcome *o, struct error *err)
{
	char token[BYMAIL_TOKEN + 1], id8[9], id[GAME_ID_HEX + 1], role[64];
	const char *why, *from = o->from.len ? o->from.buf : "";
	int fd = -1, rc;
	if (!find_token(buf, len, token))
		return 0;
	o->answered = 1;            /* never answered, whatever it is */
	snprintf(id8, sizeof id8, "%.8s", token + sizeof BYMAIL_TOKEN_MARK -
		 1);
	if (o->no_answer) {
		say(o, FATE_DROPPED, "a confirmation's token in an automatic "
		    "message or a bounce: it confirms nothing");
		return 1;
	}
	/* one game a short id: a clash is refused when a game is taken
	 * (route.c); a token under a clash kept all the same confirms
	 * nothing, and umpire judge --check names the clash */
	if (judge_games_of_prefix(j->games, id8, id) != 1) {
		say(o, FATE_DROPPED, "a confirmation's token of no game kept "
		    "here, or of a short id two games kept here have");
		return 1;
	}
	snprintf(o->game, sizeof o->game, "%s", id);
	/* looked at first without the lock: a forged token costs no
	 * more */
	if ((rc = bymail_confirm(j, id, token, from, 0, role, &why,
				 err)) == 1 &&
	    (rc = lock_game(j, id, &fd, err)) == 0)
		rc = bymail_confirm(j, id, token, from, 1, role, &why, err);
	if (rc < 0) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (rc == 0) {
		say(o, FATE_DROPPED, "a confirmation's token that confirms "
		    "nothing: %s", why);
		if (fd >= 0)
			close(fd);
		return 1;
	}
	say(o, FATE_DONE, "%s's address %s confirmed", role, from);
	/* its letter of the game as it stands, now that it may go */
	struct strbuf p = STRBUF_INIT;
	struct game g;
	struct letters l;
	struct error e;
	memset(&l, 0, sizeof l);
	game_path(j, id, ".yaml", &p);
	if (judge_gmime(j, &e) ||
	    load_game(judge_loader(j), p.buf, GAME_PARSE_CHECKPOINTS, &g,
		      &e)) {
		strbuf_addf(&o->notes, "; its letter not sent: %s", e.msg);
	} else {
		if (letters_of_state(j, &g, NULL, role, &l, o, &e) ||
		    spool_put(j, &g, &l, 0, NULL, &e))
			strbuf_addf(&o->notes, "; its letter not sent: %s",
				    e.msg);
		else
			spool_flush(j, id, &g, o);
		game_free(&g);
	}
	letters_free(&l);
	strbuf_free(&p);
	close(fd);
	return 1;
}
