/*
 * report.c - plain-text reports.
 */
#include <string.h>
#include "umpire/report.h"

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

static void heading(struct strbuf *out, const struct game *g)
{
	char line[400];
	snprintf(line, sizeof line, "%s%s%s%s (%s), game %.8s", g->scn.title,
		 g->scn.title_ja ? " / " : "",
		 g->scn.title_ja ? g->scn.title_ja : "", "", g->scn.id, g->id);
	report_wrap(out, line, 0, 2);
	if (strcmp(g->scn.provenance, "provisional") == 0 &&
	    g->scn.provisional && g->scn.provisional->kind == DOC_SEQ) {
		struct strbuf sb = STRBUF_INIT;
		strbuf_adds(&sb, "PROVISIONAL DATA (not from the rulebook):");
		for (size_t i = 0; i < g->scn.provisional->n; i++)
			strbuf_addf(&sb, " %s%s",
				    g->scn.provisional->items[i]->str,
				    i + 1 < g->scn.provisional->n ? ";" : ".");
		report_wrap(out, sb.buf, 0, 2);
		strbuf_free(&sb);
	}
}

static void events(struct strbuf *out, const struct run *run, size_t step)
{
	int turn = -1;
	const char *phase = NULL;
	for (size_t i = 0; i < run->n_events; i++) {
		const struct event_rec *e = &run->events[i];
		if (e->step != step)
			continue;
		if (e->turn != turn || !phase || strcmp(phase, e->phase)) {
			strbuf_addf(out, "\nTurn %d, %s\n", e->turn, e->phase);
			turn = e->turn;
			phase = e->phase;
		}
		struct strbuf sb = STRBUF_INIT;
		strbuf_addf(&sb, "[%s] %s", e->rule, e->text);
		report_wrap(out, sb.buf, 2, 4);
		strbuf_free(&sb);
	}
}

static void draws(struct strbuf *out, const struct run *run, size_t step)
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
		strbuf_addf(&sb, "#%llu %s: %s (from %s, %u left)",
			    (unsigned long long)d->index, d->purpose,
			    d->result, d->pool, d->n);
		report_wrap(out, sb.buf, 2, 6);
		strbuf_free(&sb);
	}
}

void report_next(const struct game *g, const struct run *run,
		 struct strbuf *out)
{
	struct strbuf sb = STRBUF_INIT;
	if (run->outcome == RUN_OVER) {
		strbuf_adds(&sb, "The game is over. ");
		g->scn.rs->result(run->state, &sb);
		report_wrap(out, sb.buf, 0, 2);
		strbuf_free(&sb);
		return;
	}
	const struct question *q = &run->pending;
	strbuf_addf(&sb, "Next: step %zu, %s to answer rule %s (%s): %s",
		    g->n_steps + 1, q->role, q->rule, q->key, q->text);
	report_wrap(out, sb.buf, 0, 2);
	strbuf_reset(&sb);
	strbuf_adds(&sb, "Legal answers:");
	for (size_t i = 0; i < q->n; i++)
		strbuf_addf(&sb, " \"%s\"%s", q->options[i],
			    i + 1 < q->n ? "," : ".");
	report_wrap(out, sb.buf, 2, 4);
	strbuf_free(&sb);
}

void report_step(const struct game *g, const struct run *run, size_t step,
		 struct strbuf *out)
{
	heading(out, g);
	if (step == 0) {
		strbuf_adds(out, "\nThe game has not started yet.\n");
	} else {
		const struct game_step *s = step <= g->n_steps ?
			&g->steps[step - 1] : NULL;
		strbuf_addf(out, "\nStep %zu, ordered by %s, adjudicated by "
			    "%s\n", step, s ? s->actor : "?",
			    s ? s->counter : "?");
		events(out, run, step);
		draws(out, run, step);
	}
	strbuf_adds(out, "\nPosition\n");
	g->scn.rs->position(run->state, out);
	strbuf_addc(out, '\n');
	report_next(g, run, out);
}
