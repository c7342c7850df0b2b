/*
 * report.c - Russo-German War: the position for a mail report (only what
 * the reader may see), and the result (4.2, 5.0).
 */
#include <stdio.h>
#include <string.h>
#include "rgw.h"

/* MAIL_COLUMNS less 2: a report is also a block in a view */
enum { COLUMNS = MAIL_COLUMNS - 2 };

/* Append words to out, wrapping at COLUMNS under an indent. */
static void words(struct strbuf *out, size_t *col, const char *w)
{
	size_t len = strlen(w);

	if (*col + 1 + len > COLUMNS) {
		strbuf_adds(out, "\n          ");
		*col = 10;
	} else {
		strbuf_addc(out, ' ');
		(*col)++;
	}
	strbuf_adds(out, w);
	*col += len;
}

static void set_line(struct strbuf *out, const char *name, cardset s)
{
	size_t col = strlen(name);
	int i;

	strbuf_adds(out, name);
	for (i = 0; i < RGW_CARDS; i++)
		if (s & SET(i))
			words(out, &col, rgw_card_names[i]);
	if (!s)
		words(out, &col, "-");
	strbuf_addc(out, '\n');
}

static void links_line(struct strbuf *out, const struct rgw *st,
		       enum side w, const char *title)
{
	const struct rgw_map *m = &st->map;
	int next[MAP_LINKS], n = rgw_next(m, st->marker, w, 0, next), i, j;
	size_t col;
	char buf[MAP_NAME + 12];

	strbuf_adds(out, title);
	col = strlen(title);
	for (i = 0; i < n; i++) {
		for (j = 0; j < m->n_links; j++)
			if ((w == GER && m->from[j] == st->marker &&
			     m->to[j] == next[i]) ||
			    (w == SOV && m->to[j] == st->marker &&
			     m->from[j] == next[i]))
				break;
		snprintf(buf, sizeof buf, "%s%s%s", m->name[next[i]],
			 j < m->n_links && m->dotted[j] ? " (dotted)" : "",
			 i + 1 < n ? "," : "");
		words(out, &col, buf);
	}
	if (n == 0)
		words(out, &col, "- (dead end)");
	strbuf_addc(out, '\n');
}

void rgw_position(const void *vst, const char *side, struct strbuf *out)
{
	const struct rgw *st = vst;
	int me = !side ? -1 : strcmp(side, "german") == 0 ? GER :
		 strcmp(side, "soviet") == 0 ? SOV : -2;
	char title[96];
	int s;

	if (st->phase == PH_START || st->phase >= PH_YEAR_END)
		snprintf(title, sizeof title, "%s",
			 rgw_phase_titles[st->phase]);
	else
		snprintf(title, sizeof title, "%s %s",
			 rgw_side_titles[st->player],
			 rgw_phase_titles[st->phase]);
	int head = snprintf(NULL, 0, "Russo-German War, %d, turn %d: ",
			    st->year, st->turn);
	/* the title on a line of its own when the line would pass COLUMNS */
	strbuf_addf(out, "Russo-German War, %d, turn %d:%s%s\n", st->year,
		    st->turn, head + (int)strlen(title) > COLUMNS ? "\n  " :
		    " ", title);
	strbuf_addf(out, "Marker    %s (%s %s)\n", st->map.name[st->marker],
		    rgw_east_of_verdict(st, st->marker) ? "at or east of" :
		    "west of", st->map.name[st->map.verdict]);
	links_line(out, st, GER, "  toward Moscow:");
	links_line(out, st, SOV, "  toward Berlin:");
	strbuf_addf(out, "Deck      %d cards   exploitation cards open: %d%s\n",
		    rgw_count(st->deck), rgw_count(st->open),
		    st->open && st->phase != PH_YEAR_END &&
		    st->phase != PH_OVER ?
		    "\n          (German: dotted arrows only)" : "");
	for (s = GER; s <= SOV; s++) {
		char name[32];

		if (me == -1 || me == s) {
			snprintf(name, sizeof name, "%-6s hand",
				 rgw_side_titles[s]);
			set_line(out, name, st->hand[s]);
		} else {
			strbuf_addf(out, "%-6s hand %d card%s (hidden)\n",
				    rgw_side_titles[s],
				    rgw_count(st->hand[s]),
				    rgw_count(st->hand[s]) == 1 ? "" : "s");
		}
	}
	if (st->down != C_NONE)
		strbuf_addf(out, "Face down the %s's card: %s\n",
			    rgw_side_titles[st->player], me == -1 ||
			    me == (int)st->player ?
			    rgw_card_names[st->down] : "(hidden)");
	set_line(out, "Discards ", st->discard);
	set_line(out, "Set aside", st->aside);
}

int rgw_result(const void *vst, struct strbuf *out)
{
	const struct rgw *st = vst;

	if (st->phase != PH_OVER)
		return 0;
	switch (st->result) {
	case RES_GER_COLLAPSE:
		strbuf_addf(out, "Soviet victory (5.0): the German held no "
			    "card at the end of %d.", st->year);
		break;
	case RES_SOV_COLLAPSE:
		strbuf_addf(out, "German victory (5.0): the Soviet held no "
			    "card at the end of %d.", st->year);
		break;
	case RES_GER_VERDICT:
		strbuf_addf(out, "German victory (5.0): after 1945 the "
			    "marker is at %s, at or east of %s.",
			    st->map.name[st->marker],
			    st->map.name[st->map.verdict]);
		break;
	case RES_SOV_VERDICT:
		strbuf_addf(out, "Soviet victory (5.0): after 1945 the "
			    "marker is at %s, west of %s.",
			    st->map.name[st->marker],
			    st->map.name[st->map.verdict]);
		break;
	default:
		strbuf_adds(out, "The game is over.");
		break;
	}
	return 1;
}
