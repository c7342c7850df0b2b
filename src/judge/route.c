/*
 * route.c - many judges behind one mail system (umpire(1), JUDGE).
 * Each game has an address of its own, the judge's with the game's
 * short id after the mail system's recipient delimiter
 * (judge+1a2b3c4d@club, [judge] recipient_delimiter): its letters come
 * from it, and so the players' answers go to it; the mail system can
 * then route each game's mail to the judge host that keeps it by the
 * address alone (a regexp transport map), and a game moves from one
 * host to another by its files and one line of that map.
 *
 * A message delivered to such an address (LMTP's RCPT, --recipient,
 * local(8)'s ORIGINAL_RECIPIENT) is that game's: one for a short id no
 * game kept here has is a stranger's and dropped before anything of it
 * is read (no MIME parse, whatever its size), and a file in it naming
 * another game is refused as one for a game not kept here (intake.c).
 * A message to the judge's own address is read for its game as ever.
 */
#include <dirent.h>
#include <string.h>
#include "umpire/mail.h"
#include "store.h"

int game_of_prefix(const struct judge *j, const char *id8,
			  char id[GAME_ID_HEX + 1])
{
	DIR *d = opendir(j->games);
	struct dirent *e;
	int n = 0;
	while (d && (e = readdir(d))) {
		size_t k = strlen(e->d_name);
		if (k == GAME_ID_HEX + 5 && !strncmp(e->d_name, id8, 8) &&
		    !strcmp(e->d_name + GAME_ID_HEX, ".yaml")) {
			snprintf(id, GAME_ID_HEX + 1, "%.*s", GAME_ID_HEX,
				 e->d_name);
			n++;
		}
	}
	if (d)
		closedir(d);
	return n == 1 && game_id_ok(id);
}

int route_message(struct judge *j, size_t total, const char *name)
{
	char id8[9];
	j->routed[0] = '\0';
	if (!j->rcpt || !mail_address_game(j->rcpt, j->delim, j->from, id8))
		return 0;
	if (game_of_prefix(j, id8, j->routed))
		return 0;
	j->routed[0] = '\0';
	struct outcome o;
	memset(&o, 0, sizeof o);
	o.size = total;
	say(&o, FATE_DROPPED, "addressed to game %s (%s), which no game kept "
	    "here is: a stranger's, not read, not kept", id8, j->rcpt);
	judge_log(j, name, &o);
	outcome_free(&o);
	return 1;
}

void game_from(const struct judge *j, const struct game *g, char *out,
	       size_t size)
{
	/* From, not Reply-To alone: s-nail's reply ignores Reply-To
	 * unless reply-to-honour is set, and mutt asks before it uses
	 * one ($reply_to); both answer From. Reply-To carries it too
	 * (compose.c), for the relay that rewrites From (a list's
	 * DMARC munging). */
	if (!j->from || !mail_game_address(j->from, j->delim, g->id, out,
					   size))
		snprintf(out, size, "%s", j->from ? j->from : "");
}
