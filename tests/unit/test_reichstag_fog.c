/*
 * test_reichstag_fog.c - Race to the Reichstag's fog of war in what each
 * player is shown (view, position): 17.1 a German stack the player does
 * not command shows its top counter only; 17.3 what his recon examined
 * (rttr.known, set by fog.c as the conformance case
 * 17.3-recon-stack-examined checks) is shown to him and to nobody else who
 * may not see it; 16.5 a sniper held in hand is its holder's alone.
 * The position is the one of that conformance case (its file is read);
 * every expectation comes from 16.5, 17.1 and 17.3, and each check
 * fails if rt_sees stops redacting (tried: rt_sees returning 1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/doc.h"
#include "umpire/scenario.h"
#include "umpire/view.h"
#include "../../src/rules/reichstag/state.h"
#include "../../src/rules/reichstag/report.h"
#include "unit.h"

static const char CASE[] =
	"tests/conformance/race-to-the-reichstag/17.3-recon-stack-examined.yaml";

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1))) {
		if (fread(buf, 1, (size_t)n, f) == (size_t)n) {
			buf[n] = 0;
			*len = (size_t)n;
		} else {
			free(buf);
			buf = NULL;
		}
	}
	fclose(f);
	return buf;
}

static int word_char(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
	       (c >= 'a' && c <= 'z');
}

/* a whole word (a unit id) in text */
static int has_word(const char *text, const char *w)
{
	size_t n = strlen(w);
	const char *p;

	for (p = strstr(text, w); p; p = strstr(p + 1, w))
		if ((p == text || !word_char(p[-1])) && !word_char(p[n]))
			return 1;
	return 0;
}

/* what side is shown: the view and the position, in one text */
static void shown(const struct rttr *st, const char *side, struct strbuf *out)
{
	struct doc *v = doc_new("view");
	struct redactor r;
	unsigned char salt[32] = { 7 };
	struct error err;

	strbuf_reset(out);
	redactor_init(&r, salt, side);
	doc_emit(rt_view(st, side, v, &r), out, &err);
	rt_position(st, side, out);
	doc_free(v);
}

int main(void)
{
	struct scenario scn;
	struct error err;
	struct doc *o = doc_new("options"), *d = doc_new("case");
	struct doc_node *opts;
	const struct doc_node *pos;
	struct strbuf sb = STRBUF_INIT;
	struct rttr *st = NULL;
	size_t len = 0;
	char *text = read_all(CASE, &len);
	int g1, p2, n1, ok;

	ok = text && scenario_load("scenarios/race-to-the-reichstag.yaml",
				   &scn, &err) == 0 &&
	     scenario_options(&scn, o, NULL, 0, &opts, &err) == 0 &&
	     scenario_start(&scn, opts, (void **)&st, &err) == 0 &&
	     doc_parse(d, text, len, &DOC_LIMITS_SMALL, &err) == 0 &&
	     (pos = doc_get(d->root, "position")) &&
	     rt_load(st, d, pos, &err) == 0;
	CHECK(ok, "the position of %s loads", CASE);
	if (!ok)
		return unit_done("reichstag-fog");
	g1 = rt_unit_find(st, "G1");
	p2 = rt_unit_find(st, "P2");

	/* 17.1: the stack 0603 (G3 on top of P2, face down, and G1) of
	 * the 1BF sector, commanded by the 1UF player */
	shown(st, "1bf", &sb);
	CHECK(has_word(sb.buf, "G3") && !has_word(sb.buf, "G1") &&
	      !has_word(sb.buf, "P2"), "17.1: the 1BF player sees the top "
	      "of the German stack only");
	shown(st, "1uf", &sb);
	CHECK(has_word(sb.buf, "G1") && has_word(sb.buf, "P2"),
	      "17.1: its commander (and placer) sees it all");

	/* the 1BF player's view back to a state (statedecl.h, load_view):
	 * each entry of 0603 it hides gets a German stand-in it does not
	 * see, of the sector of the hex (3.5, 5.2: what may attack it and
	 * stack with it is what he sees) */
	{
		struct doc *v = doc_new("1bf-view"), *vd = doc_new("1bf-view");
		struct redactor r;
		unsigned char salt[32] = { 7 };
		struct rttr *back = malloc(sizeof *back);
		int h = hex_parse(&st->map, "0603"), n = 0, good = 0, u;

		redactor_init(&r, salt, "1bf");
		strbuf_reset(&sb);
		doc_emit(rt_view(st, "1bf", v, &r), &sb, &err);
		/* onto the state before any sector was given (a pool
		 * counter's, SEC_NONE), as a check on a view starts from
		 * the scenario's start */
		memcpy(back, st, sizeof *back);
		for (u = 0; u < back->n_units; u++)
			if (back->u[u].side == GERMAN)
				back->front[u] = SEC_NONE;
		ok = doc_parse(vd, sb.buf, sb.len, &DOC_LIMITS_SMALL,
			       &err) == 0 &&
		     rt_load_view(back, vd, vd->root, "1bf", &err) == 0;
		CHECK(ok, "the 1BF player's view loads back (%s)",
		      ok ? "" : err.msg);
		for (u = ok ? back->occ[h] : -1; u >= 0; u = back->next[u]) {
			n++;
			good += back->u[u].side == GERMAN &&
				back->front[u] == SEC_1BF &&
				!rt_sees(back, P1BF, u);
		}
		CHECK(n == 3 && good == 2, "the two hidden entries of 0603 "
		      "stand in as German units of the 1BF sector the 1BF "
		      "player does not see (%d of %d)", good, n);
		free(back);
		doc_free(v);
		doc_free(vd);
	}

	/* 17.3: after the 1BF recon of 0603 (fog.c examine) */
	st->flags[p2] &= (uint16_t)~F_FACEDOWN;
	st->known[p2] = (1 << P1BF) | (1 << P1UF);
	st->known[g1] |= 1 << P1BF;
	shown(st, "1bf", &sb);
	CHECK(has_word(sb.buf, "G1") && has_word(sb.buf, "P2"),
	      "17.3: the recon player is shown the stack he examined");
	/* 17.1 reading: forgotten when the unit moves (turn.c move_unit) */
	st->known[g1] = 0;
	shown(st, "1bf", &sb);
	CHECK(!has_word(sb.buf, "G1"), "17.1: a unit no longer known is "
	      "hidden again");

	/* 16.5: a counter held in hand (the 1BF player's), as fixed.c
	 * keeps a sniper */
	n1 = rt_unit_find(st, "P2");
	st->u[n1].where = U_WAITING;
	st->holder[n1] = P1BF;
	st->flags[n1] = F_HELD;
	st->known[n1] = 1 << P1BF;
	rt_reindex(st);
	shown(st, "1uf", &sb);
	CHECK(!has_word(sb.buf, "P2"), "16.5: the other player is never "
	      "shown a counter held in hand");
	shown(st, "1bf", &sb);
	CHECK(has_word(sb.buf, "P2"), "16.5: its holder is");

	strbuf_free(&sb);
	free(st);
	free(text);
	scenario_free(&scn);
	doc_free(d);
	doc_free(o);
	return unit_done("reichstag-fog");
}
