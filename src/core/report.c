/*
 * report.c - plain-text reports.
 */
#include <string.h>
#include "umpire/clock.h"
#include "umpire/report.h"

/* Examples of a free-text answer a report lists (the template has all). */


void report_fit(struct strbuf *out, const char *text, size_t width)
{
	const char *p = text;
	while (*p) {
		size_t n = strcspn(p, "\n"), ind = strspn(p, " "), pad = 0;
		size_t hang = ind + 2 < width / 2 ? ind + 2 : 2;
		int nl = p[n] == '\n';
		while (pad + n > width) {
			size_t room = width - pad, cut = room, keep;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			keep = cut;
			while (keep > 0 && p[keep - 1] == ' ')
				keep--;
			if (keep == 0 || (pad == 0 && keep <= ind))
				keep = cut = room;     /* one word wider */
			for (size_t i = 0; i < pad; i++)
				strbuf_addc(out, ' ');
			strbuf_add(out, p, keep);
			strbuf_addc(out, '\n');
			while (cut < n && p[cut] == ' ')
				cut++;
			p += cut;
			n -= cut;
			pad = hang;
		}
		for (size_t i = 0; i < pad && n > 0; i++)
			strbuf_addc(out, ' ');
		strbuf_add(out, p, n);
		if (nl)
			strbuf_addc(out, '\n');
		p += n + nl;
	}
}

void report_wrap(struct strbuf *out, const char *text, size_t indent,
		 size_t hang)
{
	size_t col = 0, pad = indent;
	const char *p = text;
	while (*p) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		size_t w = strcspn(p, " ");
		/* a quoted answer is one word: never split it */
		if (*p == '"' && strchr(p + 1, '"'))
			w = (size_t)(strchr(p + 1, '"') - p) + 1 +
				strcspn(strchr(p + 1, '"') + 1, " ");
		if (col > pad && col + 1 + w > REPORT_WIDTH) {
			strbuf_addc(out, '\n');
			col = 0;
			pad = hang;
		}
		if (col == 0) {
			for (size_t i = 0; i < pad; i++)
				strbuf_addc(out, ' ');
			col = pad;
		} else {
			strbuf_addc(out, ' ');
			col++;
		}
		strbuf_add(out, p, w);
		col += w;
		p += w;
	}
	strbuf_addc(out, '\n');
}

/* The provisional data in full in the reports of steps 0 and 1 (the
 * first a player reads), as one line pointing there after. */
static void heading(struct strbuf *out, const struct game *g,
		    const char *side, size_t step)
{
	char line[400];
	snprintf(line, sizeof line, "%s%s%s%s (%s), game %.8s", g->scn.title,
		 g->scn.title_ja ? " / " : "",
		 g->scn.title_ja ? g->scn.title_ja : "", "", g->scn.id, g->id);
	report_wrap(out, line, 0, 2);
	if (strcmp(g->scn.provenance, "provisional") == 0 &&
	    g->scn.provisional && g->scn.provisional->kind == DOC_SEQ &&
	    step > 1) {
		report_wrap(out, "PROVISIONAL DATA (not from the rulebook): "
			    "see umpire report --step 1.", 0, 2);
	} else if (strcmp(g->scn.provenance, "provisional") == 0 &&
	    g->scn.provisional && g->scn.provisional->kind == DOC_SEQ) {
		struct strbuf sb = STRBUF_INIT;
		strbuf_adds(&sb, "PROVISIONAL DATA (not from the rulebook):");
		for (size_t i = 0; i < g->scn.provisional->n; i++)
			strbuf_addf(&sb, " %s%s",
				    g->scn.provisional->items[i]->kind ==
				    DOC_SCALAR ?
				    g->scn.provisional->items[i]->str : "?",
				    i + 1 < g->scn.provisional->n ? ";" : ".");
		report_wrap(out, sb.buf, 0, 2);
		strbuf_free(&sb);
	}
	report_honour(g, out);
	if (side && *side)
		strbuf_addf(out, "As seen by %s.\n", side);
}

int report_honour(const struct game *g, struct strbuf *out)
{
	if (!game_honour(g))
		return 0;
	report_wrap(out, "HONOUR MODE: the game file holds every hidden "
		    "card; read only your own side's report (umpire "
		    "report --side).", 0, 2);
	return 1;
}

static void events(struct strbuf *out, const struct run *run, size_t step,
		   const char *side)
{
	int turn = -1;
	const char *phase = NULL;
	for (size_t i = 0; i < run->n_events; i++) {
		const struct event_rec *e = &run->events[i];
		if (e->step != step || !visible_to(e->visible, side))
			continue;
		if (e->turn != turn || !phase || strcmp(phase, e->phase)) {
			strbuf_addf(out, "\nTurn %d, %s\n", e->turn, e->phase);
			turn = e->turn;
			phase = e->phase;
		}
		struct strbuf sb = STRBUF_INIT;
		strbuf_addf(&sb, "[%s] ", e->rule);
		/* a private event, read by someone who sees everything */
		if (!side && e->visible[0])
			strbuf_addf(&sb, "(to %s) ", e->visible[0] == '-' ?
				    "nobody" : e->visible);
		strbuf_adds(&sb, e->text);
		report_wrap(out, sb.buf, 2, 4);
		strbuf_free(&sb);
	}
}

static void draws(struct strbuf *out, const struct run *run, size_t step,
		  const char *side)
{
	int any = 0;
	for (size_t i = 0; i < run->n_draws; i++) {
		const struct draw_rec *d = &run->draws[i];
		if (d->step != step)
			continue;
		if (!any)
			strbuf_adds(out, "\nDraws (anyone can re-derive them "
				    "with umpire dice):\n");
		any = 1;
		struct strbuf sb = STRBUF_INIT;
		/* n is the pool's size before the draw: one of n */
		strbuf_addf(&sb, "#%llu %s: %s (1 of %u in %s)",
			    (unsigned long long)d->index, d->purpose,
			    visible_to(d->visible, side) ? d->result :
			    "(hidden)", d->n, d->pool);
		report_wrap(out, sb.buf, 2, 6);
		strbuf_free(&sb);
	}
}

void report_next(const struct game *g, const struct report_at *at,
		 struct strbuf *out)
{
	struct strbuf sb = STRBUF_INIT;
	const struct question *q = at->next;
	if (!q) {
		strbuf_adds(&sb, "The game is over. ");
		if (!clock_result(g, &sb))
			g->scn.rs->result(at->state, &sb);
		report_wrap(out, sb.buf, 0, 2);
		strbuf_free(&sb);
		return;
	}
	if (at->side && strcmp(at->side, q->role) != 0) {
		strbuf_addf(&sb, "Next: step %zu, waiting for %s (rule %s).",
			    at->step + 1, q->role, q->rule);
		report_wrap(out, sb.buf, 0, 2);
		strbuf_free(&sb);
		return;
	}
	strbuf_addf(&sb, "Next: step %zu, %s to answer rule %s (%s): %s",
		    at->step + 1, q->role, q->rule, q->key, q->text);
	report_wrap(out, sb.buf, 0, 2);
	strbuf_reset(&sb);
	strbuf_adds(&sb, q->free_text ? "Answers, for example:" :
		    "Legal answers:");
	/* a free-text question's examples can run to a hundred (every
	 * unit's paths): a few here, all of them in the order template */
	size_t shown = q->free_text && q->n > REPORT_EXAMPLES ?
		REPORT_EXAMPLES : q->n;
	for (size_t i = 0; i < shown; i++)
		strbuf_addf(&sb, " \"%s\"%s", q->options[i],
			    i + 1 < shown ? "," : shown < q->n || q->more ?
			    "" : ".");
	if (q->more)
		strbuf_adds(&sb, " and more (umpire orders lists them).");
	else if (shown < q->n)
		strbuf_addf(&sb, " and %zu more (umpire orders lists them).",
			    q->n - shown);
	report_wrap(out, sb.buf, 2, 4);
	strbuf_free(&sb);
}

void report_latest(const struct game *g, const struct run *run,
		   const char *side, struct report_at *at)
{
	at->step = g->n_steps;
	at->state = run->state;
	at->next = run->outcome == RUN_OVER ? NULL : &run->pending;
	at->side = side;
	at->roster = 0;
	at->from = 0;
}

static void report_text(const struct game *g, const struct run *run,
			const struct report_at *at, struct strbuf *out)
{
	heading(out, g, at->side, at->step);
	if (at->step == 0) {
		strbuf_adds(out, "\nThe game has not started yet.\n");
	} else {
		size_t k = at->from && at->from <= at->step ? at->from :
			at->step;
		for (; k <= at->step; k++) {
			const struct game_step *s = &g->steps[k - 1];
			if (game_step_late(g, k - 1))
				strbuf_addf(out, "\nStep %zu, played by the "
					    "judge for %s, late past the "
					    "grace (its standing orders, then "
					    "the rules' late answers), "
					    "adjudicated by %s\n", k, s->actor,
					    s->counter);
			else
				strbuf_addf(out, "\nStep %zu, ordered by %s, "
					    "adjudicated by %s\n", k, s->actor,
					    s->counter);
			events(out, run, k, at->side);
			draws(out, run, k, at->side);
		}
	}
	strbuf_adds(out, "\nPosition\n");
	g->scn.rs->position(at->state, at->side, out);
	if (at->roster && g->scn.rs->roster) {
		strbuf_adds(out, "\nRoster\n");
		g->scn.rs->roster(at->state, at->side, out);
	}
	strbuf_addc(out, '\n');
	report_next(g, at, out);
}

/* The report as a rules module writes it, held to the mail's width. */
void report_step(const struct game *g, const struct run *run,
		 const struct report_at *at, struct strbuf *out)
{
	struct strbuf text = STRBUF_INIT;
	report_text(g, run, at, &text);
	report_fit(out, text.buf ? text.buf : "", MAIL_COLUMNS);
	strbuf_free(&text);
}
