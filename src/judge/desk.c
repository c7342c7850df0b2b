/*
 * desk.c - the desk page a player asked the judge for.
 *
 * A side asks for the desk with a line "desk" alone (at the start of
 * the line, not quoted) in the text of a message carrying a file it
 * signed: its join, its orders (taken, refused or a replay) or its
 * request (umpire ask); "desk off" stops it. Only what the side's key
 * signed counts, so a stranger's "desk" does nothing, and the page goes
 * only with the side's own letters, at its own address. The wish is
 * the side's line of GAMEID.desk, under the game's lock:
 *
 *   ROLE on|off SENT
 *
 * SENT the hex of the first 16 bytes of desk_program_hash of the page
 * the side was last sent ("-": none). A side's letter carries the page
 * (desk.html, desk_html_blank: no view in it, each view the side gets
 * opens in it with its key) while it asks for it and SENT is not the
 * program this judge runs: once a game, and again when the program
 * changes. SENT is written when a letter carrying the page leaves the
 * spool (spool.c, desk_sent), so a judge killed at any point sends the
 * page once, or again, never not at all.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sodium.h>
#include "umpire/desk.h"
#include "umpire/deskhtml.h"
#include "umpire/fsutil.h"
#include "letters.h"

/* GAMEID.desk is a line a role: a few hundred bytes. */
#define DESK_FILE_MAX 4096

int desk_note(const char *msg, size_t len)
{
	size_t i = 0;
	int body = 0;
	while (i < len) {
		size_t e = i;
		while (e < len && msg[e] != '\n')
			e++;
		size_t n = e - i;
		while (n && (msg[i + n - 1] == '\r' || msg[i + n - 1] == ' ' ||
			     msg[i + n - 1] == '\t'))
			n--;
		if (!body)
			body = n == 0;  /* the header block's end */
		else if (n == 4 && !strncasecmp(msg + i, "desk", 4))
			return DESK_NOTE_ON;
		else if (n == 8 && !strncasecmp(msg + i, "desk off", 8))
			return DESK_NOTE_OFF;
		i = e + 1;
	}
	return DESK_NOTE_NONE;
}

void desk_program_hex(char hex[DESK_HEX + 1])
{
	unsigned char h[32];
	desk_program_hash(h);
	sodium_bin2hex(hex, DESK_HEX + 1, h, DESK_HEX / 2);
}

/* GAMEID.desk read: the lines of the other roles into others (may be
 * NULL), role's wish into *on (-1: no line) and what it was sent into
 * sent ("-": nothing). */
static void desk_read(const struct judge *j, const char *id,
		      const char *role, struct strbuf *others, int *on,
		      char sent[DESK_HEX + 1])
{
	struct strbuf p = STRBUF_INIT;
	struct error err;
	char *buf = NULL;
	size_t len = 0;
	*on = -1;
	snprintf(sent, DESK_HEX + 1, "-");
	game_path(j, id, ".desk", &p);
	if (read_input(p.buf, DESK_FILE_MAX, &buf, &len, &err) != 0)
		buf = NULL;
	for (char *line = buf, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		char r[64], w[8], s[DESK_HEX + 1];
		if (sscanf(line, "%63s %7s %32s", r, w, s) != 3)
			continue;
		if (strcmp(r, role)) {
			if (others)
				strbuf_addf(others, "%s %s %s\n", r, w, s);
			continue;
		}
		*on = !strcmp(w, "on");
		snprintf(sent, DESK_HEX + 1, "%s", s);
	}
	free(buf);
	strbuf_free(&p);
}

/* role's line of GAMEID.desk set to on and sent, the others kept. */
static int desk_write(const struct judge *j, const char *id,
		      const char *role, int on, const char *sent,
		      struct error *err)
{
	struct strbuf p = STRBUF_INIT, text = STRBUF_INIT;
	int was;
	char old[DESK_HEX + 1];
	desk_read(j, id, role, &text, &was, old);
	strbuf_addf(&text, "%s %s %s\n", role, on ? "on" : "off", sent);
	game_path(j, id, ".desk", &p);
	int rc = write_output(p.buf, text.buf, text.len, 0600, 0, err);
	strbuf_free(&p);
	strbuf_free(&text);
	return rc;
}

int desk_ask(const struct judge *j, const char *id, const char *role,
	     int note, struct outcome *o)
{
	int on;
	char sent[DESK_HEX + 1];
	struct error err;
	if (note == DESK_NOTE_NONE || !strcmp(role, "referee"))
		return 0;
	desk_read(j, id, role, NULL, &on, sent);
	if (on == (note == DESK_NOTE_ON))
		return 0;
	if (desk_write(j, id, role, note == DESK_NOTE_ON, sent, &err)) {
		strbuf_addf(&o->notes, "; the desk asked by %s not noted: %s",
			    role, err.msg);
		return -1;
	}
	strbuf_addf(&o->notes, "; %s asked for the desk%s", role,
		    note == DESK_NOTE_ON ? "" : " no more");
	return 0;
}

int desk_owed(const struct judge *j, const struct game *g, const char *role,
	      char hex[DESK_HEX + 1])
{
	int on;
	char sent[DESK_HEX + 1];
	if (!desk_wasm_gz_len || !game_has_views(g))
		return 0;
	desk_read(j, g->id, role, NULL, &on, sent);
	/* the message being dealt with, signed by role, says so first */
	if (!strcmp(j->desk_by, role) &&
	    j->desk_note != DESK_NOTE_NONE)
		on = j->desk_note == DESK_NOTE_ON;
	if (on != 1)
		return 0;
	desk_program_hex(hex);
	return strcmp(sent, hex) ? 1 : 2;
}

void desk_sent(const struct judge *j, const char *id, const char *role,
	       const char *hex)
{
	int on;
	char sent[DESK_HEX + 1];
	struct error err;
	desk_read(j, id, role, NULL, &on, sent);
	/* (not written: the page goes again with the next letter) */
	if (strcmp(sent, hex))
		(void)desk_write(j, id, role, on != 0, hex, &err);
}

int desk_page(const struct judge *j, const struct game *g,
	      struct strbuf *page, struct error *err)
{
	struct strbuf p = STRBUF_INIT;
	char *scn = NULL;
	size_t scn_len = 0;
	strbuf_addf(&p, "%s/%s.yaml", j->cli->scenario_dir, g->scn.id);
	int rc = read_input(p.buf, DOC_LIMITS_SMALL.max_bytes, &scn, &scn_len,
			    err);
	if (rc == 0)
		desk_html_blank(g, scn, scn_len, page);
	free(scn);
	strbuf_free(&p);
	return rc;
}
