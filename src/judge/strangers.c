/*
 * strangers.c - the games the judge took by mail (--accept-new), which
 * anyone may make: what bounds them.
 *
 * Such a game is recorded in GAMEID.mail, written before the game file
 * (a game file without it would pass for one the host put there):
 *   taken SECONDS           when the judge took it (its clock, clock.h)
 *   proven ROLE ADDRESS     a role that mailed the judge its signed join
 *                           from the address the game gives it
 * The judge mails a role of such a game only at a proven address: the
 * address a stranger's file names for someone else gets nothing (no
 * invitation either: those are for the host's own games). The games
 * are bounded in number and size when taken, and one where no side
 * ever moved is dropped after j->new_idle (the tick).
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "umpire/clock.h"
#include "umpire/fsutil.h"
#include "store.h"

/* GAMEID.mail is small: a line a role. */
#define MAIL_FILE_MAX (16u << 10)

int bymail_read(const struct judge *j, const char *id, struct bymail *b)
{
	struct strbuf p = STRBUF_INIT;
	struct error err;
	char *buf = NULL;
	size_t len;
	memset(b, 0, sizeof *b);
	game_path(j, id, ".mail", &p);
	int rc = read_input(p.buf, MAIL_FILE_MAX, &buf, &len, &err);
	int gone = rc && access(p.buf, F_OK) != 0 && errno == ENOENT;
	strbuf_free(&p);
	if (gone)
		return 0;
	/* a record there but unreadable: a game taken by mail, nothing
	 * proven (the judge mails nobody rather than anybody) */
	b->by_mail = 1;
	for (char *line = rc ? NULL : buf, *next; line && *line;
	     line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		long long t;
		char r[64], a[256];
		if (sscanf(line, "taken %lld", &t) == 1)
			b->taken = (time_t)t;
		else if (b->n < GAME_MAX_ROLES &&
			 sscanf(line, "proven %63s %255s", r, a) == 2) {
			snprintf(b->role[b->n], sizeof b->role[0], "%s", r);
			snprintf(b->addr[b->n], sizeof b->addr[0], "%s", a);
			b->n++;
		}
	}
	free(buf);
	return 1;
}

int bymail_write(const struct judge *j, const char *id,
		 const struct bymail *b, struct error *err)
{
	struct strbuf p = STRBUF_INIT, text = STRBUF_INIT;
	game_path(j, id, ".mail", &p);
	strbuf_addf(&text, "taken %lld\n", (long long)b->taken);
	for (size_t i = 0; i < b->n; i++)
		strbuf_addf(&text, "proven %s %s\n", b->role[i], b->addr[i]);
	int rc = write_output(p.buf, text.buf, text.len, 0600, 0, err);
	if (rc)
		err->status = EXIT_TEMPFAIL;
	strbuf_free(&p);
	strbuf_free(&text);
	return rc;
}

int bymail_may_mail(const struct judge *j, const struct game *g,
		    const char *role, const char *to)
{
	struct bymail b;
	if (!bymail_read(j, g->id, &b))
		return 1;               /* the host's game */
	for (size_t i = 0; i < b.n; i++)
		if (!strcmp(b.role[i], role) && !strcasecmp(b.addr[i], to))
			return 1;
	return 0;
}

int bymail_prove(const struct judge *j, const struct game *g,
		 const struct game *in, const char *from, struct outcome *o,
		 struct error *err)
{
	struct bymail b;
	int changed = 0;
	if (!bymail_read(j, g->id, &b))
		return 0;
	for (size_t i = 0; from[0] && i < in->n_roles; i++) {
		const char *r = in->roles[i].name;
		const char *a = game_address(g, r);
		int known = 0;
		if (!in->roles[i].joined || !strcmp(r, "referee") || !a ||
		    strcasecmp(a, from) || strlen(r) >= sizeof b.role[0] ||
		    strlen(a) >= sizeof b.addr[0] || strchr(a, ' '))
			continue;
		for (size_t k = 0; k < b.n; k++)
			known |= !strcmp(b.role[k], r) &&
				!strcasecmp(b.addr[k], a);
		if (known || b.n == GAME_MAX_ROLES)
			continue;
		snprintf(b.role[b.n], sizeof b.role[0], "%s", r);
		snprintf(b.addr[b.n], sizeof b.addr[0], "%s", a);
		b.n++;
		changed = 1;
		strbuf_addf(&o->notes, "; %s's address %s proven (its join "
			    "came from it)", r, a);
	}
	/* the roles still unproven: mailed nothing */
	for (size_t i = 0; i < g->n_roles; i++) {
		const char *r = g->roles[i].name, *a = game_address(g, r);
		int ok = 0;
		if (!a || !strcmp(r, "referee"))
			continue;
		for (size_t k = 0; k < b.n; k++)
			ok |= !strcmp(b.role[k], r) && !strcasecmp(b.addr[k], a);
		if (!ok)
			strbuf_addf(&o->notes, "; %s at %s mailed nothing until "
				    "it mails its join from there (a game "
				    "taken by mail)", r, a);
	}
	return changed ? bymail_write(j, g->id, &b, err) : 0;
}

/* How many games taken by mail are kept: GAMEID.mail beside its
 * GAMEID.yaml. */
static size_t bymail_count(const struct judge *j)
{
	DIR *d = opendir(j->games);
	struct dirent *e;
	struct strbuf p = STRBUF_INIT;
	size_t n = 0;
	while (d && (e = readdir(d))) {
		size_t k = strlen(e->d_name);
		if (k != GAME_ID_HEX + 5 || strcmp(e->d_name + GAME_ID_HEX,
						   ".mail"))
			continue;
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/%.*s.yaml", j->games, GAME_ID_HEX,
			    e->d_name);
		n += access(p.buf, F_OK) == 0;
	}
	if (d)
		closedir(d);
	strbuf_free(&p);
	return n;
}

int bymail_take(const struct judge *j, const struct game *in, size_t len,
		struct error *err)
{
	struct bymail b;
	struct error e;
	time_t now;
	int test, fd = -1, rc = -1;
	if (len > j->new_game_bytes)
		return errorf(err, EXIT_REFUSED, "new game %s refused: its "
			      "file is %zu bytes, and the judge takes a game "
			      "by mail of at most %zu KiB ([judge] "
			      "new_game_kib)", in->id, len,
			      j->new_game_bytes >> 10);
	if (clock_check_minima(&in->clock, &e))
		return errorf(err, EXIT_REFUSED, "new game %s refused: %s",
			      in->id, e.msg);
	if (clock_now(&now, &test, err))
		return -1;
	/* counted and recorded under one lock: two judges at once never
	 * both take the last place */
	if (lock_game(j, "new-games", &fd, err))
		return -1;
	size_t n = bymail_count(j);
	if (n >= j->new_games_max) {
		rc = errorf(err, EXIT_REFUSED, "new game %s refused: the "
			    "judge keeps %zu games taken by mail, its bound "
			    "([judge] new_games_max = %zu)", in->id, n,
			    j->new_games_max);
		goto out;
	}
	memset(&b, 0, sizeof b);
	b.by_mail = 1;
	b.taken = now;
	rc = bymail_write(j, in->id, &b, err);
out:
	close(fd);
	return rc;
}

int bymail_idle(const struct judge *j, const struct game *g, time_t now)
{
	struct bymail b;
	return g->n_steps == 0 && bymail_read(j, g->id, &b) && b.taken &&
		now - b.taken >= (time_t)j->new_idle;
}

int bymail_unmoved(const struct judge *j, const struct game *g)
{
	struct bymail b;
	return g->n_steps == 0 && bymail_read(j, g->id, &b);
}

void bymail_drop(const struct judge *j, const char *id, struct outcome *o)
{
	static const char *const files[] = { ".yaml", ".answers",
		".requests", ".bounces", ".mail" };
	struct strbuf p = STRBUF_INIT;
	/* the game file first: what is left without it is no game */
	for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
		game_path(j, id, files[i], &p);
		if (unlink(p.buf) && errno != ENOENT)
			strbuf_addf(&o->notes, "; cannot remove %s: %s", p.buf,
				    strerror(errno));
	}
	strbuf_free(&p);
}
