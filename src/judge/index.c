/*
 * index.c - what the judge shows of its games to anybody: umpire judge
 * --index DIR, a page of the games it keeps, each finished game's
 * replay beside it (replay.c; its last letters carry the game file and
 * the umpire replay command that makes the same page, README.md
 * "Running a judge").
 *
 * Only what every party may know is on the page: the game, its
 * scenario, its sides, its step, whose move and since when (a timed
 * game's: the clock's, with its deadline, as --status says it; else the
 * time the judge stored the game's latest file), and the result; a game
 * that is over links to its replay, made from the whole game file,
 * which is every party's once the game is over (letters.c mails it).
 * A game in play links to nothing: its file holds what its sides may
 * not see yet.
 *
 * A club's hosts (route.c) each keep their own games: each writes its
 * rows, DIR/games-HOST.rows, and the page is every host's rows found in
 * DIR, sorted by game (a game moved shows under each host that lists
 * it until the other's rows are written again: nothing hidden). DIR is
 * shared, or each host's rows file copied into the one that serves the
 * page; a rows file is read within bounds, each line a row or skipped.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "umpire/clock.h"
#include "umpire/fsutil.h"
#include "letters.h"

#define ROWS_PREFIX "games-"
#define ROWS_SUFFIX ".rows"
#define INDEX_HOST_MAX 64
/* Bounds of the rows read from DIR: hosts (files), and bytes a file. */
#define INDEX_HOSTS_MAX 64
#define INDEX_ROWS_BYTES (8u << 20)

/* The name of this host's rows, into host: given (--host), else
 * gethostname(2)'s; letters, digits, '.', '-' and '_', at most
 * INDEX_HOST_MAX. */
static int index_host(const char *given, char host[INDEX_HOST_MAX + 1],
		      struct error *err)
{
	char name[256] = "";
	if (given)
		snprintf(name, sizeof name, "%s", given);
	else if (gethostname(name, sizeof name - 1) != 0)
		return errorf(err, EXIT_USAGE, "--index: this host has no "
			      "name (gethostname: %s): give --host NAME",
			      strerror(errno));
	size_t n = strlen(name);
	if (!n || n > INDEX_HOST_MAX ||
	    strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		   "0123456789.-_") != n || name[0] == '.')
		return errorf(err, EXIT_USAGE, "--host %s: a host's name is "
			      "1 to %d letters, digits, '.', '-' or '_', not "
			      "starting with '.'", name, INDEX_HOST_MAX);
	memcpy(host, name, n + 1);
	return 0;
}

static int rows_file(const struct dirent *e)
{
	size_t n = strlen(e->d_name), p = strlen(ROWS_PREFIX),
		k = strlen(ROWS_SUFFIX);
	return n > p + k && !strncmp(e->d_name, ROWS_PREFIX, p) &&
		!strcmp(e->d_name + n - k, ROWS_SUFFIX);
}

static int by_row(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every host's rows in dir (the first INDEX_HOSTS_MAX rows files, each
 * its first INDEX_ROWS_BYTES; a line not a row skipped), sorted by
 * game, into out. */
static int club_rows(const char *dir, struct strbuf *out, struct error *err)
{
	struct dirent **list;
	int n = scandir(dir, &list, rows_file, alphasort);
	if (n < 0)
		return errorf(err, EXIT_USAGE, "cannot read %s: %s", dir,
			      strerror(errno));
	struct strbuf all = STRBUF_INIT;
	for (int i = 0; i < n; i++) {
		struct strbuf p = STRBUF_INIT;
		char *buf = NULL;
		size_t len = 0;
		struct error ignored;
		strbuf_addf(&p, "%s/%s", dir, list[i]->d_name);
		if (i < INDEX_HOSTS_MAX &&
		    read_input(p.buf, INDEX_ROWS_BYTES, &buf, &len,
			       &ignored) == 0)
			strbuf_add(&all, buf, len);
		free(buf);
		strbuf_free(&p);
		free(list[i]);
	}
	free(list);
	size_t n_rows = 0, cap = 0;
	char **rows = NULL;
	for (char *line = all.buf, *end; line && *line; line = end) {
		end = strchr(line, '\n');
		if (end)
			*end++ = '\0';
		size_t k = strlen(line);
		if (strncmp(line, "<tr><td><code>", 14) || k < 19 ||
		    strcmp(line + k - 5, "</tr>"))
			continue;
		if (n_rows == cap) {
			cap = cap ? cap * 2 : 64;
			rows = xrealloc(rows, cap * sizeof *rows);
		}
		rows[n_rows++] = line;
	}
	if (n_rows)
		qsort(rows, n_rows, sizeof *rows, by_row);
	for (size_t i = 0; i < n_rows; i++)
		strbuf_addf(out, "%s\n", rows[i]);
	free(rows);
	strbuf_free(&all);
	return 0;
}

/* One row of the index for game id; its replay written in dir when the
 * game is over. */
static int index_row(const struct judge *j, const char *id, const char *dir,
		     const char *host, struct strbuf *rows,
		     struct error *err)
{
	struct strbuf p = STRBUF_INIT, cell = STRBUF_INIT;
	struct game g;
	struct error e;
	struct stat st;
	int rc = 0;
	game_path(j, id, ".yaml", &p);
	strbuf_adds(rows, "<tr><td><code>");
	strbuf_add_html(rows, id);
	strbuf_adds(rows, "</code></td><td>");
	strbuf_add_html(rows, host);
	strbuf_adds(rows, "</td>");
	if (load_game(judge_loader(j), p.buf, GAME_PARSE_CHECKPOINTS, &g,
		      &e)) {
		strbuf_adds(rows, "<td colspan=\"6\">cannot be read</td></tr>\n");
		strbuf_free(&p);
		return 0;
	}
	strbuf_adds(rows, "<td>");
	strbuf_add_html(rows, g.scn.title);
	strbuf_adds(rows, "</td><td>");
	for (size_t i = 0, n = 0; i < g.n_roles; i++) {
		if (!strcmp(g.roles[i].name, "referee"))
			continue;
		strbuf_adds(rows, n++ ? ", " : "");
		strbuf_add_html(rows, g.roles[i].name);
	}
	strbuf_addf(rows, "</td><td>%zu</td><td>", g.n_steps);
	/* since when: the time the judge stored the game's latest file */
	char when[32] = "";
	if (stat(p.buf, &st) == 0) {
		struct tm tm;
		gmtime_r(&st.st_mtime, &tm);
		strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", &tm);
	}
	const char *who = game_unjoined(&g);
	int over = 0;
	if (who) {
		strbuf_addf(&cell, "%s to join, since %s", who, when);
	} else {
		struct run run;
		g.checkpoints = CHECKPOINTS_USE;
		if (game_check(&g, CHECK_LIGHT, NULL, &run, &e)) {
			strbuf_adds(&cell, "does not check");
		} else {
			over = run.outcome != RUN_PENDING;
			const char *waiting = over ? NULL : run.pending.role;
			struct clock_status cs;
			clock_status(&g, waiting, &cs);
			if (cs.timed)
				clock_time_str(cs.since, when);
			if (over)
				strbuf_addf(&cell, "over%s, since %s",
					    clock_forfeit(&g) ? " by forfeit" :
					    "", when);
			else
				strbuf_addf(&cell, "%s to move, since %s",
					    waiting, when);
			if (cs.timed && !over) {
				char dl[21];
				clock_time_str(cs.deadline, dl);
				strbuf_addf(&cell, ", deadline %s%s", dl,
					    cs.late ? " (late)" : "");
			}
			engine_free(&run);
		}
	}
	strbuf_add_html(rows, cell.buf);
	strbuf_adds(rows, "</td><td>");
	if (over) {
		/* the result and the replay, from a fresh copy of the file
		 * (the check above ran over this one) */
		struct game fresh;
		struct strbuf page = STRBUF_INIT, out = STRBUF_INIT;
		struct strbuf res = STRBUF_INIT;
		rc = load_game(judge_loader(j), p.buf, 0, &fresh, err);
		if (!rc) {
			rc = judge_replay_page(&fresh, j->cli->scenario_dir,
					       &page, &res, err);
			game_free(&fresh);
		}
		strbuf_add_html(rows, res.buf);
		strbuf_free(&res);
		strbuf_addf(&out, "%s/%s.html", dir, id);
		if (!rc)
			rc = write_output(out.buf, page.buf, page.len, 0644,
					  0, err);
		strbuf_addf(rows, "</td><td><a href=\"%s.html\">replay</a>",
			    id);
		strbuf_free(&page);
		strbuf_free(&out);
	} else {
		strbuf_adds(rows, "</td><td>");
	}
	strbuf_adds(rows, "</td></tr>\n");
	game_free(&g);
	strbuf_free(&p);
	strbuf_free(&cell);
	return rc;
}

int judge_index(const struct cli *cli, const struct judge_settings *s,
		const char *dir, struct error *err)
{
	struct judge j;
	struct dirent **list;
	memset(&j, 0, sizeof j);
	j.cli = cli;
	j.games = s->games;
	/* DIR made when missing (with its parents), as a web server's
	 * directory is: 0755 */
	struct strbuf probe = STRBUF_INIT;
	strbuf_addf(&probe, "%s/index.html", dir);
	int made = output_dir_ready(probe.buf, 0755, err);
	strbuf_free(&probe);
	if (made)
		return -1;
	char host[INDEX_HOST_MAX + 1];
	if (index_host(s->index_host, host, err))
		return -1;
	int n = scandir(j.games, &list, judge_game_file, alphasort);
	if (n < 0)
		return errorf(err, EXIT_USAGE, "cannot read the games "
			      "directory %s: %s", j.games, strerror(errno));
	struct strbuf rows = STRBUF_INIT, page = STRBUF_INIT;
	int rc = 0;
	for (int i = 0; i < n; i++) {
		char id[GAME_ID_HEX + 1];
		snprintf(id, sizeof id, "%.*s", GAME_ID_HEX, list[i]->d_name);
		if (rc == 0)
			rc = index_row(&j, id, dir, host, &rows, err);
		free(list[i]);
	}
	free(list);
	struct strbuf mine = STRBUF_INIT;
	strbuf_addf(&mine, "%s/%s%s%s", dir, ROWS_PREFIX, host, ROWS_SUFFIX);
	if (rc == 0)
		rc = write_output(mine.buf, rows.buf ? rows.buf : "", rows.len,
				  0644, 0, err);
	strbuf_free(&mine);
	strbuf_reset(&rows);
	if (rc == 0)
		rc = club_rows(dir, &rows, err);
	if (rc == 0) {
		strbuf_adds(&page, "<!DOCTYPE html>\n<html lang=\"en\"><head>"
			    "<meta charset=\"utf-8\"><title>umpire judge: "
			    "games</title>\n<style>body{font-family:sans-serif;"
			    "margin:1em}table{border-collapse:collapse}"
			    "td,th{border:1px solid #999;padding:.2em .5em;"
			    "text-align:left}</style></head><body>\n"
			    "<h1>Games</h1>\n<table>\n<tr><th>game</th>"
			    "<th>host</th><th>scenario</th><th>sides</th><th>step</th>"
			    "<th>move</th><th>result</th><th>replay</th>"
			    "</tr>\n");
		strbuf_adds(&page, rows.buf ? rows.buf : "");
		strbuf_adds(&page, "</table>\n<p>The replay of a finished "
			    "game shows the whole game: its file is every "
			    "party's once it is over. Each page names the "
			    "command that audits the game.</p>\n"
			    "</body></html>\n");
		struct strbuf out = STRBUF_INIT;
		strbuf_addf(&out, "%s/index.html", dir);
		rc = write_output(out.buf, page.buf, page.len, 0644, 0, err);
		strbuf_free(&out);
	}
	strbuf_free(&rows);
	strbuf_free(&page);
	return rc;
}
