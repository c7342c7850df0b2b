/*
 * report.c - Arnswalde 1945: the position for a mail report, and the
 * result (4.1, 4.2).
 */
#include <string.h>
#include "arnswalde.h"

/* MAIL_COLUMNS less 2: a report is also a block in a view */
enum { COLUMNS = MAIL_COLUMNS - 2,
       LABEL = 16 };  /* the column after "Central Square " */

/* Append words to out, wrapping at COLUMNS under an indent. */
static void words(struct strbuf *out, size_t *col, const char *w)
{
	size_t len = strlen(w);

	if (*col + 1 + len > COLUMNS) {
		strbuf_addf(out, "\n%*s", LABEL, "");
		*col = LABEL;
	} else {
		strbuf_addc(out, ' ');
		(*col)++;
	}
	strbuf_adds(out, w);
	*col += len;
}

static void pile_line(struct strbuf *out, const char *name,
		      const struct pile *p)
{
	size_t col = LABEL - 1, i;

	strbuf_addf(out, "%-*s", LABEL - 1, name);
	for (i = 0; i < p->n; i++)
		words(out, &col, card_label(p->c[i]));
	if (p->n == 0)
		words(out, &col, "-");
	strbuf_addc(out, '\n');
}

static void area_line(struct strbuf *out, const struct arn *st, int a)
{
	const struct stack *s = &st->soviet[a];
	size_t col, i;

	strbuf_addf(out, "%-*s Tigers %d  Soviet (bottom to top):",
		    LABEL - 1, a == NORTH ? "North" : "South", st->tigers[a]);
	col = strlen("Tigers 0  Soviet (bottom to top):") + LABEL;
	for (i = 0; i < s->n; i++)
		words(out, &col, card_label(s->c[i]));
	if (s->n == 0)
		words(out, &col, "-");
	strbuf_addc(out, '\n');
}

void arn_position(const void *vst, const char *side, struct strbuf *out)
{
	const struct arn *st = vst;

	size_t start = out->len;
	strbuf_addf(out, "Arnswalde 1945, turn %d, %s", st->turn,
		    arn_phase_titles[st->phase]);
	if (st->phase == PH_ACTION) {
		/* on a line of its own when the line would pass COLUMNS */
		int wrap = out->len - start + 30 > COLUMNS;
		strbuf_addf(out, "%s(%d action%s left%s)", wrap ? "\n  " :
			    " ", st->actions_left,
			    st->actions_left == 1 ? "" : "s",
			    st->escape_used ? ", escape used" : "");
	}
	strbuf_addc(out, '\n');
	strbuf_addf(out, "Morale %d   Soviet deck %zu   Judgement deck %zu, "
		    "%zu discarded\n", st->morale, arn_soviet_deck_left(st),
		    st->deck.n, st->discard.n);
	area_line(out, st, NORTH);
	area_line(out, st, SOUTH);
	strbuf_addf(out, "%-*s Tigers %d  Refugees %d (%d escaped)\n",
		    LABEL - 1, "Central Square", st->tigers[CENTER],
		    st->refugees[0], st->refugees[1]);
	strbuf_addf(out, "%-*s Tigers %d  Escaped %d  Eliminated %d\n",
		    LABEL - 1, "Field workshop", st->tigers[WORKSHOP],
		    st->tigers[ESCAPED], st->tigers[ELIMINATED]);
	pile_line(out, "Hand", &st->hand);
	if (st->offensive != CARD_NONE)
		strbuf_addf(out, "General offensive this turn: %s\n",
			    card_label(st->offensive));
	if (st->extra.n > 0)
		pile_line(out, "Extra", &st->extra);
}

/* 4.2 victory levels by score */
static const char *level(int score)
{
	if (score >= 15)
		return "a miraculous victory on the Eastern Front";
	if (score >= 8)
		return "a victory in the beauty of ruin (many civilians "
		       "got away)";
	return "a twilight-of-the-gods victory (the battalion fights on)";
}

int arn_result(const void *vst, struct strbuf *out)
{
	const struct arn *st = vst;

	if (st->phase != PH_OVER)
		return 0;
	switch (st->result) {
	case RES_SURRENDER:
		strbuf_addf(out, "Defeat (4.1): the garrison surrendered on "
			    "turn %d.", st->turn);
		break;
	case RES_NO_TIGERS:
		strbuf_addf(out, "Defeat (4.1): no Tiger was left in "
			    "Arnswalde on turn %d.", st->turn);
		break;
	case RES_RELIEF_FAILED:
		strbuf_adds(out, "Decisive defeat (4.2): the relief from the "
			    "north failed.");
		break;
	case RES_VICTORY:
		strbuf_addf(out, "%d points (4.2): %s.", st->score,
			    level(st->score));
		break;
	default:
		strbuf_adds(out, "The game is over.");
		break;
	}
	return 1;
}
