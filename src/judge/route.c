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
 * another game is refused as one for a game not kept here (intake.c;
 * an LMTP message sent to several games' addresses: another than
 * those, route_takes).
 * A message to the judge's own address is read for its game as ever;
 * one whose signed file names a game not kept here is another host's
 * (a join or orders sent to the judge's plain address, which the mail
 * system routes to one default host; a game moved away): forwarded
 * unchanged to that game's address, which the mail system routes to
 * the host that keeps it (route_forward, spool_forward). Once: a
 * message resent already, or one to a game's address, is never
 * forwarded, and one to the address of a game no host keeps is a
 * stranger's, dropped unread there.
 *
 * The short id is a filter, never the game: the file a message carries
 * names its game by the full id, and that decides. A game's id is its
 * maker's random bytes, which a maker may choose; so the judge takes no
 * new game whose short id a game kept here has (intake.c), and where
 * two such games are kept all the same (a host copied one in), mail to
 * their short id is read, each file routed to its own game, and every
 * such message's log line names the clash (umpire judge --check too).
 */
#include <dirent.h>
#include <string.h>
#include <strings.h>
#include "umpire/mail.h"
#include "umpire/sign.h"
#include "store.h"

size_t judge_games_of_prefix(const char *games, const char *id8,
			     char *id)
{
	DIR *d = opendir(games);
	struct dirent *e;
	size_t n = 0;
	while (d && (e = readdir(d)))
		if (judge_game_file(e) && !strncmp(e->d_name, id8, 8)) {
			if (!n && id)
				snprintf(id, GAME_ID_HEX + 1, "%.*s",
					 GAME_ID_HEX, e->d_name);
			n++;
		}
	if (d)
		closedir(d);
	return n;
}

int route_game(const struct judge *j, const char *rcpt,
	       char routed[GAME_ID_HEX + 1], char id8[9])
{
	routed[0] = '\0';
	if (!rcpt || !mail_address_game(rcpt, j->delim, j->from, id8))
		return 0;
	size_t n = judge_games_of_prefix(j->games, id8, routed);
	if (n > 1)
		/* a clash: the file's full id decides (intake.c) */
		snprintf(routed, GAME_ID_HEX + 1, "%s", id8);
	return n ? 1 : -1;
}

void route_unknown(const struct judge *j, size_t total, const char *name,
		   const char *const *rcpts, size_t n)
{
	struct outcome o;
	struct strbuf ids = STRBUF_INIT;
	memset(&o, 0, sizeof o);
	o.size = total;
	for (size_t i = 0; i < n; i++) {
		char id8[9];
		if (i < ROUTE_UNKNOWN_SAID &&
		    mail_address_game(rcpts[i], j->delim, j->from, id8))
			strbuf_addf(&ids, "%s%s (%s)", i ? ", " : "", id8,
				    rcpts[i]);
	}
	if (n > ROUTE_UNKNOWN_SAID)
		strbuf_addf(&ids, " and %zu more", n - ROUTE_UNKNOWN_SAID);
	say(&o, FATE_DROPPED, "addressed to game%s %s, which no game kept "
	    "here %s: a stranger's, not read, not kept", n == 1 ? "" : "s",
	    ids.buf, n == 1 ? "is" : "are");
	judge_log(j, name, &o);
	strbuf_free(&ids);
	outcome_free(&o);
}

int route_message(struct judge *j, size_t total, const char *name)
{
	char id8[9];
	if (route_game(j, j->rcpt, j->routed, id8) >= 0)
		return 0;
	route_unknown(j, total, name, &j->rcpt, 1);
	return 1;
}

int route_takes(const struct judge *j, const char *id)
{
	if (!j->routed[0] || !strncmp(id, j->routed, strlen(j->routed)))
		return 1;
	for (size_t i = 0; i < j->n_also; i++)
		if (!strncmp(id, j->also[i], strlen(j->also[i])))
			return 1;
	return 0;
}

void route_clash_say(const char *id8, size_t n, struct outcome *o)
{
	if (n < 2)
		return;
	strbuf_addf(&o->notes, "; the short id %.8s names %zu games kept "
		    "here, a clash its address and subject tag cannot tell "
		    "apart (umpire judge --check): routed by the full id a "
		    "file names", id8, n);
	o->host = 1;        /* the host's to mend: said on stderr too */
}

void game_from(const struct judge *j, const struct game *g, char *out,
	       size_t size)
{
	/* From, not Reply-To alone: s-nail's reply ignores Reply-To
	 * unless reply-to-honour is set, and mutt asks before it uses
	 * one ($reply_to); both answer From. Reply-To carries it too
	 * (compose.c), for the relay that rewrites From (a list's
	 * DMARC munging). */
	game_from_id(j, g->id, out, size);
}

void game_from_id(const struct judge *j, const char *id, char *out,
		  size_t size)
{
	if (!j->from || !mail_game_address(j->from, j->delim, id, out,
					   size))
		snprintf(out, size, "%s", j->from ? j->from : "");
}

/* Whether file (len bytes) has a signature: a join's field, signed
 * orders' armored block, or a box sealed to the referee (sealed orders
 * sign inside it). No more is known of a file of a game not kept here,
 * whose keys this judge lacks. */
static int signed_file(const char *file, size_t len)
{
	static const char *const marks[] = { "signature:", "box:",
		EMBED_BEGIN };
	for (size_t k = 0; k < sizeof marks / sizeof *marks; k++) {
		size_t m = strlen(marks[k]);
		for (size_t i = 0; i + m <= len; i++)
			if (!memcmp(file + i, marks[k], m))
				return 1;
	}
	return 0;
}

int route_club_game(const struct judge *j, const char *file, size_t len)
{
	struct game g;
	struct error ignored;
	if (!j->club || game_parse(&g, "game.yaml", file, len, j->cli->scenario_dir,
		       &ignored))
		return 0;
	const struct role *ref = game_role(&g, "referee");
	const char *at = ref && ref->joined ? game_address(&g, "referee") :
		NULL;
	char mine[MAIL_ADDR_MAX * 2], a[MAIL_ADDR_MAX + 1],
		b[MAIL_ADDR_MAX + 1];
	const char *why;
	game_from(j, &g, mine, sizeof mine);
	int ok = at && !mail_addr_spec_of(at, a, sizeof a, &why) &&
		!mail_addr_spec_of(mine, b, sizeof b, &why) &&
		!strcasecmp(a, b);
	game_free(&g);
	return ok;
}

int route_forward(const struct judge *j, const char *kind, const char *id,
		  const char *file, size_t len, int sig, int resent, char *to,
		  size_t size)
{
	/* only what came to the judge's own address (a message to a
	 * game's address is that game's host's, route_game), never one
	 * resent already (a forward's forward: no loop), only a file a
	 * party signs (orders, a request, a join of a game a host of
	 * the club made: a new game is taken here, --accept-new) */
	static const char *const signs[] = { "orders", "sealed-orders",
		"request" };
	int party = 0;
	for (size_t i = 0; i < sizeof signs / sizeof *signs; i++)
		party |= !strcmp(kind, signs[i]);
	if (!j->club || resent || j->routed[0] || !j->from || !j->delim ||
	    !j->delim[0] || !(sig || signed_file(file, len)) ||
	    !(party || (!strcmp(kind, "game") &&
			route_club_game(j, file, len))))
		return 0;
	return mail_game_address(j->from, j->delim, id, to, size);
}
