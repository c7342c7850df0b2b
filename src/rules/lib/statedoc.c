/*
 * statedoc.c - what a game's state holds and what a view of each side
 * holds of it, in roff, from its declaration alone (statedecl.h:
 * sd_describe, sd_views_man): the words of umpire-protocol(7) VIEWS,
 * which tests/man-views.c writes into the page and make check-data
 * compares with it. No state is read; the program itself never calls
 * this (only the page's generator and the tests do).
 */
#include <stdio.h>
#include <string.h>
#include "umpire/statedecl.h"

/* roff text: what the page says of one declaration, built in words
 * from its fields alone (the fields' values are never read) */
struct man {
	struct strbuf *out;
	struct strbuf line;          /* the paragraph being built */
	const char *const *lists[SD_MAX_FIELDS]; /* names lists written */
	const char *list_key[SD_MAX_FIELDS];     /* ... first by this key */
	int n_lists;
	const char *path;            /* "group." of a group's fields */
};

/* a word of the declaration, for roff: a minus and a backslash
 * escaped */
static void esc(struct strbuf *sb, const char *s)
{
	for (; *s; s++)
		if (*s == '-' || *s == '\\')
			strbuf_adds(sb, *s == '-' ? "\\-" : "\\e");
		else
			strbuf_addc(sb, *s);
}

/* "from lo to hi", a minus sign escaped */
static void range(struct strbuf *sb, long long lo, long long hi)
{
	char n[48];

	snprintf(n, sizeof n, "from %lld to %lld", lo, hi);
	esc(sb, n);
}

static void bold(struct strbuf *sb, const char *prefix, const char *s)
{
	strbuf_adds(sb, "\\fB");
	if (prefix)
		esc(sb, prefix);
	esc(sb, s);
	strbuf_adds(sb, "\\fP");
}

/* The paragraph in m->line, as lines of at most 72 columns (a word
 * longer stands alone); no line starts with a control character. */
static void flush(struct man *m)
{
	const char *p = m->line.buf ? m->line.buf : "";
	size_t col = 0, n;

	while (*p) {
		while (*p == ' ')
			p++;
		n = strcspn(p, " ");
		if (!n)
			break;
		if (col && col + 1 + n > 72) {
			strbuf_addc(m->out, '\n');
			col = 0;
		}
		if (col) {
			strbuf_addc(m->out, ' ');
			col++;
		} else if (*p == '.' || *p == '\'') {
			strbuf_adds(m->out, "\\&");
			col += 2;
		}
		strbuf_add(m->out, p, n);
		col += n;
		p += n;
	}
	if (col)
		strbuf_addc(m->out, '\n');
	strbuf_reset(&m->line);
}

/* The items a field's names stand for, after "of": the words (the
 * first time a list is written, or a short one), the words of the field
 * that wrote them, or what names the state gives. */
static void words(struct man *m, const struct sd_field *f)
{
	struct strbuf *sb = &m->line;
	int i;

	if (!f->names) {
		strbuf_addc(sb, ' ');
		strbuf_adds(sb, f->domain ? f->domain :
			    "the names the scenario gives");
		return;
	}
	for (i = 0; i < m->n_lists && m->lists[i] != f->names; i++)
		;
	if (i < m->n_lists && f->n_names > 4) {
		strbuf_adds(sb, " the words of ");
		bold(sb, NULL, m->list_key[i]);
		return;
	}
	if (i == m->n_lists && i < SD_MAX_FIELDS) {
		m->lists[i] = f->names;
		m->list_key[i] = f->key;
		m->n_lists++;
	}
	strbuf_addc(sb, ':');
	for (i = 0; i < f->n_names; i++) {
		strbuf_adds(sb, i ? ", " : " ");
		bold(sb, NULL, f->names[i]);
	}
}

/* What a field holds, a phrase: its type, its bounds or its words. */
static void holds(struct man *m, const struct sd_field *f)
{
	struct strbuf *sb = &m->line;

	switch (f->type) {
	case SD_INT:
		strbuf_adds(sb, "a number ");
		range(sb, f->lo, f->hi);
		if ((f->flags & SDF_NONE) && !(f->flags & SDF_NONE_OMIT))
			strbuf_addf(sb, " (%lld: none, not written)", f->none);
		break;
	case SD_NAME:
		strbuf_adds(sb, "one of");
		words(m, f);
		if (f->flags & SDF_NONE)
			strbuf_adds(sb, ", or \\fBnone\\fP");
		break;
	case SD_BITS:
	case SD_FLAGS:
		strbuf_adds(sb, "a list, in this order, of some of");
		words(m, f);
		if (f->flags & SDF_REST)
			strbuf_adds(sb, " (left out of a position, every "
				    "one that no other field holds)");
		break;
	case SD_INTS:
		strbuf_adds(sb, "a number ");
		range(sb, f->lo, f->hi);
		strbuf_adds(sb, " for each of");
		words(m, f);
		break;
	case SD_CARD:
		strbuf_adds(sb, "a card, or \\fBnone\\fP");
		break;
	case SD_PILE:
		strbuf_adds(sb, "a list of cards in the order of the deck");
		if (f->flags & SDF_REST)
			strbuf_adds(sb, " (left out of a position, every "
				    "card that no other field holds)");
		break;
	case SD_STACK:
		strbuf_addf(sb, "a list of at most %lld cards, bottom first "
			    "(\\fBdown\\fP: a card face down, where the rules "
			    "allow one)", f->hi);
		break;
	case SD_COUNT:
		strbuf_adds(sb, "a count ");
		range(sb, f->lo, f->hi);
		strbuf_adds(sb, " that the state gives (a position that "
			    "writes it must agree)");
		if (f->names || f->name_of) {
			strbuf_adds(sb, ", for each of");
			words(m, f);
		}
		break;
	case SD_GROUP:
		strbuf_adds(sb, "a mapping of the fields that follow, ");
		bold(&m->line, m->path, f->key);
		strbuf_adds(sb, ".\\fIfield\\fP");
		break;
	case SD_LIST:
		strbuf_addf(sb, "a list of at most %lld of", f->hi);
		words(m, f);
		if (f->flags & SDF_NONE)
			strbuf_addf(sb, ", or \\fB%s\\fP for one not named",
				    f->none_word ? f->none_word : "none");
		break;
	case SD_MAP: {
		/* an empty place is not written: its none is never seen */
		struct sd_field v = f->sub[0];

		if (v.type == SD_NAME)
			v.flags &= ~SDF_NONE;
		strbuf_adds(sb, "a mapping from each of");
		words(m, f);
		strbuf_adds(sb, " that holds something to its value, ");
		holds(m, &v);
		break;
	}
	case SD_CUSTOM:
		strbuf_adds(sb, "a value in the game's own form (not yet "
			    "declared); where the game writes none, the key "
			    "is left out of every view");
		break;
	case SD_PLACES:
		strbuf_adds(sb, "a mapping from places (");
		strbuf_adds(sb, f->domain ? f->domain : "the places the "
			    "scenario gives");
		strbuf_adds(sb, ") to the records in each, by name, top "
			    "first; a place is written when it holds two "
			    "records or more, or one hidden");
		break;
	case SD_SET:
		strbuf_adds(sb, "a list, in this order, of some of");
		if (f->n_places) {
			strbuf_addc(sb, ' ');
			esc(sb, f->domain ? f->domain : "the items the "
			    "state gives");
		} else {
			words(m, f);
		}
		break;
	case SD_RECORDS:
		strbuf_adds(sb, "a mapping from records (");
		strbuf_adds(sb, f->domain ? f->domain : "the records the "
			    "scenario gives");
		if (!f->sub || f->record_save) {
			strbuf_adds(sb, ") that have a value to it, in the "
				    "game's own form (not yet declared)");
			break;
		}
		/* an empty value is not written: its none is never seen */
		struct sd_field v = f->sub[0];

		if (v.type == SD_NAME)
			v.flags &= ~SDF_NONE;
		strbuf_adds(sb, ") that have a value to it, ");
		holds(m, &v);
		break;
	}
}

/* The key of the SD_NAME field at off (an owner's side). */
static const char *owner_key(const struct state_decl *sd, size_t off)
{
	const struct sd_field *f[SD_MAX_FIELDS];
	size_t n = sd_flatten(sd->fields, f, 0);

	for (size_t i = 0; i < n; i++)
		if (f[i]->off == off && f[i]->type == SD_NAME)
			return f[i]->key;
	return "owner";
}

static const char *const hidden_c = "\\fBhidden:\\fP\\fIC\\fP";

/* Who sees a field, and what a view of a side that may not holds. */
static void seen(struct man *m, const struct state_decl *sd,
		 const struct sd_field *f)
{
	struct strbuf *sb = &m->line;
	int omit = f->flags & SDF_OMIT;
	int none = f->type == SD_NAME || f->type == SD_CARD;

	switch (f->vis) {
	case SD_ALL:
		strbuf_adds(sb, f->type == SD_GROUP ? " Every side sees the "
			    "mapping; each field of it, as its entry says." :
			    " Every side sees it.");
		break;
	case SD_SIDE:
	case SD_OWNER:
		strbuf_adds(sb, " Only ");
		if (f->vis == SD_SIDE) {
			bold(sb, NULL, sd->sides[f->who]);
		} else {
			strbuf_adds(sb, "the side that ");
			bold(sb, NULL, owner_key(sd, f->owner));
			strbuf_adds(sb, " names");
		}
		strbuf_adds(sb, " sees it; ");
		if (omit)
			strbuf_adds(sb, "it is left out of another side's "
				    "view.");
		else
			strbuf_addf(sb, "another side's view holds %s.",
				    hidden_c);
		break;
	case SD_REFEREE:
		if (omit)
			strbuf_adds(sb, " No side sees it: it is left out of "
				    "every view.");
		else
			strbuf_addf(sb, " No side sees it: every view holds "
				    "%s.", hidden_c);
		break;
	case SD_RECORD:
		if (f->type == SD_PLACES)
			strbuf_addf(sb, " Record by record: one that the "
				    "view's side does not see (*) is %s in "
				    "its place, so that every place and the "
				    "height of every stack are public.",
				    hidden_c);
		else
			strbuf_adds(sb, " Record by record: one that the "
				    "view's side does not see (*) is left "
				    "out.");
		break;
	}
	if (f->vis != SD_ALL && f->vis != SD_RECORD &&
	    (f->flags & SDF_NONE_PUBLIC))
		strbuf_addf(sb, " When it is %s, every side sees that.",
			    none ? "\\fBnone\\fP" : "empty");
	if (f->vis != SD_ALL && f->vis != SD_RECORD && f->count_key) {
		strbuf_adds(sb, " Its size is ");
		if (f->count_name) {
			strbuf_adds(sb, "the ");
			bold(sb, NULL, f->count_name);
			strbuf_adds(sb, " entry of ");
		}
		bold(sb, NULL, f->count_key);
		strbuf_adds(sb, ".");
	}
	if ((f->flags & SDF_NONE_OMIT) && f->type == SD_INT)
		strbuf_addf(sb, " When it is %lld, the key is left out.",
			    f->none);
	else if (f->flags & SDF_NONE_OMIT)
		strbuf_adds(sb, " When it is \\fBnone\\fP, the key is left "
			    "out.");
}

static void entries(struct man *m, const struct state_decl *sd,
		    const struct sd_field *fs)
{
	for (const struct sd_field *f = fs; f->key; f++) {
		if (f->flags & SDF_INPUT)
			continue;   /* read on load, in no state or view */
		strbuf_adds(m->out, ".TP\n");
		bold(&m->line, m->path, f->key);
		flush(m);
		holds(m, f);
		if (m->line.buf && m->line.buf[0] >= 'a' &&
		    m->line.buf[0] <= 'z')
			m->line.buf[0] = (char)(m->line.buf[0] - 'a' + 'A');
		strbuf_adds(&m->line, ".");
		seen(m, sd, f);
		flush(m);
		if (f->type == SD_GROUP) {
			const char *path = m->path;
			char p[64];

			snprintf(p, sizeof p, "%s%s.", path ? path : "",
				 f->key);
			m->path = p;
			entries(m, sd, f->sub);
			m->path = path;
		}
	}
}

/* (*): who sees a record, once for the declaration */
static const char *who_sees(const struct sd_field *fs)
{
	const char *w;

	for (const struct sd_field *f = fs; f->key; f++) {
		if (f->vis == SD_RECORD && f->who_sees)
			return f->who_sees;
		if (f->type == SD_GROUP && (w = who_sees(f->sub)))
			return w;
	}
	return NULL;
}

/* The fields whose form is still the game's own code's. */
static int undeclared(const struct sd_field *fs, const char *path,
		      struct strbuf *sb, int n)
{
	for (const struct sd_field *f = fs; f->key; f++) {
		if (f->type == SD_GROUP) {
			char p[64];

			snprintf(p, sizeof p, "%s%s.", path ? path : "",
				 f->key);
			n = undeclared(f->sub, p, sb, n);
		} else if ((f->type == SD_CUSTOM || (f->type == SD_RECORDS &&
			    (!f->sub || f->record_save))) &&
			   !(f->flags & SDF_INPUT)) {
			strbuf_adds(sb, n++ ? ", " : " ");
			bold(sb, path, f->key);
		}
	}
	return n;
}

void sd_describe(const struct state_decl *sd, struct strbuf *out)
{
	struct man m = { .out = out };
	const char *w = who_sees(sd->fields);

	entries(&m, sd, sd->fields);
	if (w) {
		strbuf_adds(out, ".TP\n(*)\n");
		strbuf_adds(&m.line, "Who sees a record: ");
		esc(&m.line, w);
		strbuf_adds(&m.line, ".");
		flush(&m);
	}
	strbuf_free(&m.line);
}

void sd_views_man(const struct ruleset *const *rs, struct strbuf *out)
{
	struct man m = { .out = out };
	int n;

	strbuf_adds(out, ".PP\n");
	strbuf_addf(&m.line, "What the state of each game holds, field by "
		    "field in the order of its mapping, and what a view "
		    "holds of it. A field that a side may not see is, in "
		    "that side's view, the one scalar %s, even when it is "
		    "empty, unless its entry says otherwise; a field left "
		    "out of a view is not there at all, and nothing of it "
		    "is committed. Cards are written \\fBAS\\fP to "
		    "\\fBKS\\fP, \\fBAH\\fP to \\fBKH\\fP, \\fBAD\\fP to "
		    "\\fBKD\\fP, \\fBAC\\fP to \\fBKC\\fP, \\fBJK1\\fP and "
		    "\\fBJK2\\fP. A program that reads a view puts "
		    "stand-ins where its parts are hidden, items of the "
		    "same kind that the view shows nowhere, as many as the "
		    "size it gives: they say nothing of what is hidden.",
		    hidden_c);
	flush(&m);
	for (; *rs; rs++) {
		const struct state_decl *sd = (*rs)->state;

		strbuf_adds(out, ".TP\n");
		bold(&m.line, NULL, (*rs)->id);
		flush(&m);
		strbuf_adds(&m.line, "Sides:");
		for (n = 0; (*rs)->sides && (*rs)->sides[n]; n++) {
			strbuf_adds(&m.line, n ? ", " : " ");
			bold(&m.line, NULL, (*rs)->sides[n]);
		}
		strbuf_adds(&m.line, (*rs)->view ? ". A referee holds the "
			    "game file and sends each side views." : ". No "
			    "views: every party holds the game file and sees "
			    "the whole state.");
		if (!sd) {
			strbuf_adds(&m.line, " Its state is not yet declared "
				    "(its rules save and load it by their own "
				    "code), so its fields are not listed "
				    "here.");
			flush(&m);
			continue;
		}
		struct strbuf u = STRBUF_INIT;

		if (undeclared(sd->fields, NULL, &u, 0)) {
			strbuf_adds(&m.line, " Not yet declared field by "
				    "field (the game's own code writes and "
				    "reads them; who sees them is declared):");
			strbuf_adds(&m.line, u.buf);
			strbuf_adds(&m.line, ".");
		}
		strbuf_free(&u);
		flush(&m);
		strbuf_adds(out, ".RS\n");
		sd_describe(sd, out);
		strbuf_adds(out, ".RE\n");
	}
	strbuf_free(&m.line);
}
