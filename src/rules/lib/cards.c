/*
 * cards.c - playing cards and piles in canonical order (see cards.h).
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include "cards.h"

static const char *const labels[CARD_COUNT] = {
	"AS", "2S", "3S", "4S", "5S", "6S", "7S",
	"8S", "9S", "10S", "JS", "QS", "KS",
	"AH", "2H", "3H", "4H", "5H", "6H", "7H",
	"8H", "9H", "10H", "JH", "QH", "KH",
	"AD", "2D", "3D", "4D", "5D", "6D", "7D",
	"8D", "9D", "10D", "JD", "QD", "KD",
	"AC", "2C", "3C", "4C", "5C", "6C", "7C",
	"8C", "9C", "10C", "JC", "QC", "KC",
	"JK1", "JK2"
};

static const char suit_letters[] = "SHDC*";

card card_make(enum suit s, int rank)
{
	if (s > SUIT_C || rank < 1 || rank > 13)
		return CARD_NONE;
	return (card)(13 * s + rank - 1);
}

const char *card_label(card c)
{
	if (c < CARD_COUNT)
		return labels[c];
	return c == CARD_DOWN ? "down" : "none";
}

void card_id(card c, char *buf, size_t size)
{
	const char *s = card_label(c);
	size_t i;

	for (i = 0; s[i] && i + 1 < size; i++)
		buf[i] = (char)tolower((unsigned char)s[i]);
	if (size)
		buf[i] = '\0';
}

card card_parse(const char *s)
{
	int i;

	if (strcasecmp(s, "down") == 0)
		return CARD_DOWN;
	for (i = 0; i < CARD_COUNT; i++)
		if (strcasecmp(s, labels[i]) == 0)
			return (card)i;
	return CARD_NONE;
}

char suit_letter(enum suit s)
{
	return s <= SUIT_JOKER ? suit_letters[s] : '?';
}

int suit_parse(const char *s)
{
	int i;

	if (strlen(s) != 1)
		return -1;
	for (i = SUIT_S; i <= SUIT_C; i++)
		if (s[0] == suit_letters[i] || s[0] == suit_letters[i] + 32)
			return i;
	return -1;
}

int card_valid(card c) { return c < CARD_COUNT; }

enum suit card_suit(card c)
{
	return c < 52 ? (enum suit)(c / 13) : SUIT_JOKER;
}

int card_rank(card c) { return c < 52 ? c % 13 + 1 : 0; }
int is_joker(card c) { return c == CARD_JK1 || c == CARD_JK2; }
int is_ace(card c) { return card_rank(c) == RANK_A; }
int is_face(card c) { return card_rank(c) >= RANK_J; }
int is_number(card c) { int r = card_rank(c); return r >= 1 && r <= 10; }
int is_spade(card c) { return c < 52 && card_suit(c) == SUIT_S; }
int is_heart(card c) { return c < 52 && card_suit(c) == SUIT_H; }
int is_diamond(card c) { return c < 52 && card_suit(c) == SUIT_D; }
int is_club(card c) { return c < 52 && card_suit(c) == SUIT_C; }
int is_red(card c) { return is_heart(c) || is_diamond(c); }
int is_black(card c) { return is_spade(c) || is_club(c); }

/* A pile's slots past its last card are 0, however it came to hold its
 * cards: a state read back from its save is then the play's, byte for
 * byte (ctx_checkpoint). */
void pile_clear(struct pile *p)
{
	p->n = 0;
	memset(p->c, 0, sizeof p->c);
}

void pile_fill(struct pile *p, int (*keep)(card))
{
	int i;

	pile_clear(p);
	for (i = 0; i < CARD_COUNT; i++)
		if (!keep || keep((card)i))
			p->c[p->n++] = (card)i;
}

int pile_add(struct pile *p, card c)
{
	size_t i;

	if (!card_valid(c) || p->n == PILE_MAX)
		return -1;
	for (i = p->n; i > 0 && p->c[i - 1] > c; i--)
		p->c[i] = p->c[i - 1];
	p->c[i] = c;
	p->n++;
	return 0;
}

int pile_remove(struct pile *p, card c)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		if (p->c[i] == c) {
			memmove(&p->c[i], &p->c[i + 1], p->n - i - 1);
			p->c[--p->n] = 0;
			return 0;
		}
	}
	return -1;
}

int pile_has(const struct pile *p, card c)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (p->c[i] == c)
			return 1;
	return 0;
}

void pile_move_all(struct pile *to, struct pile *from)
{
	size_t i;

	for (i = 0; i < from->n; i++)
		pile_add(to, from->c[i]);
	pile_clear(from);
}

card pile_draw(struct ctx *c, struct pile *p, const char *purpose,
	       const char *pool)
{
	const char *names[PILE_MAX];
	size_t i, k;
	card drawn;

	if (p->n == 0)
		return CARD_NONE;
	for (i = 0; i < p->n; i++)
		names[i] = labels[p->c[i]];
	k = ctx_pick(c, purpose, pool, p->n, names);
	if (k >= p->n)
		k = p->n - 1; /* the engine never does this; stay in bounds */
	drawn = p->c[k];
	pile_remove(p, drawn);
	return drawn;
}

struct doc_node *pile_save(const struct pile *p, struct doc *d)
{
	struct doc_node *seq = doc_seq(d);
	size_t i;

	seq->style = DOC_STYLE_FLOW;
	for (i = 0; i < p->n; i++)
		doc_push(d, seq, doc_str(d, labels[p->c[i]]));
	return seq;
}

int pile_load(struct pile *p, const struct doc *d, const struct doc_node *n,
	      const char *what, int (*accept)(card), struct error *err)
{
	char where[256];
	size_t i;

	if (n->kind != DOC_SEQ)
		return errorf(err, EXIT_REFUSED, "%s: %s must be a list of "
			      "cards", doc_where(d, n, where, sizeof where),
			      what);
	pile_clear(p);
	for (i = 0; i < n->n; i++) {
		const struct doc_node *it = n->items[i];
		card c = it->kind == DOC_SCALAR ? card_parse(it->str)
						: CARD_NONE;

		if (!card_valid(c) || (accept && !accept(c)))
			return errorf(err, EXIT_REFUSED, "%s: %s: \"%s\" is "
				      "not a card allowed here",
				      doc_where(d, it, where, sizeof where),
				      what, it->kind == DOC_SCALAR ?
				      it->str : "(list)");
		if (pile_add(p, c) < 0)
			return errorf(err, EXIT_REFUSED, "%s: %s: too many "
				      "cards", doc_where(d, it, where,
				      sizeof where), what);
	}
	return 0;
}
