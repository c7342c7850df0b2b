/*
 * answers.c - how often the judge answers a party: a refusal, or a
 * letter sent again when a party mails a file already dealt with (a
 * lost letter is never final). At most j->answers_a_day a role a day,
 * counted in GAMEID.answers (lines "DAY ROLE COUNT", today's only),
 * under the game's lock: anyone who saw a party's message once may send
 * it again as often as he likes, and the judge must not become a mail
 * cannon aimed at that party.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "umpire/fsutil.h"
#include "room.h"

int answer_allowed(const struct judge *j, const char *id, const char *role)
{
	struct strbuf p = STRBUF_INIT, out = STRBUF_INIT;
	char day[16], *buf = NULL;
	size_t len = 0;
	unsigned count = 0;
	time_t now = time(NULL);
	struct tm tm;
	struct error err;
	gmtime_r(&now, &tm);
	strftime(day, sizeof day, "%Y-%m-%d", &tm);
	game_path(j, id, ".answers", &p);
	if (read_input(p.buf, 1u << 16, &buf, &len, &err) != 0)
		buf = NULL;
	/* today's lines of the other roles kept, this role's counted */
	for (char *line = buf, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		char d[16], r[64];
		unsigned c;
		if (sscanf(line, "%15s %63s %u", d, r, &c) != 3 ||
		    strcmp(d, day))
			continue;
		if (!strcmp(r, role))
			count = c;
		else
			strbuf_addf(&out, "%s %s %u\n", d, r, c);
	}
	free(buf);
	int ok = count < j->answers_a_day;
	if (ok) {
		strbuf_addf(&out, "%s %s %u\n", day, role, count + 1);
		ok = write_output(p.buf, out.buf, out.len, 0600, 0, &err) == 0;
	}
	strbuf_free(&p);
	strbuf_free(&out);
	return ok;
}
