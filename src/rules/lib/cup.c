/*
 * cup.c - a cup of counters drawn blind (see cup.h).
 */
#include <string.h>
#include "cup.h"

void cup_clear(struct cup *c)
{
	memset(c->in, 0, sizeof c->in);
}

static uint32_t bit(int i)
{
	return (uint32_t)1 << (i % CUP_WORD_BITS);
}

void cup_add(struct cup *c, int i)
{
	if (i >= 0 && i < CUP_MAX)
		c->in[i / CUP_WORD_BITS] |= bit(i);
}

void cup_remove(struct cup *c, int i)
{
	if (i >= 0 && i < CUP_MAX)
		c->in[i / CUP_WORD_BITS] &= ~bit(i);
}

int cup_has(const struct cup *c, int i)
{
	return i >= 0 && i < CUP_MAX &&
	       (c->in[i / CUP_WORD_BITS] & bit(i)) != 0;
}

int cup_count(const struct cup *c)
{
	int i, n = 0;

	for (i = 0; i < CUP_MAX; i++)
		n += cup_has(c, i);
	return n;
}

static int draw(struct ctx *c, struct cup *cup, const char *const *labels,
		int n, const char *purpose, const char *pool, int for_side,
		const char *side)
{
	const char *names[CUP_MAX];
	int which[CUP_MAX];
	size_t k = 0, pick;
	int i;

	for (i = 0; i < n && i < CUP_MAX; i++)
		if (cup_has(cup, i)) {
			names[k] = labels[i];
			which[k++] = i;
		}
	if (k == 0)
		return -1;
	pick = for_side ? ctx_pick_for(c, side, purpose, pool, k, names) :
		ctx_pick(c, purpose, pool, k, names);
	if (pick >= k)
		pick = k - 1; /* the engine never does this; stay in bounds */
	cup_remove(cup, which[pick]);
	return which[pick];
}

int cup_draw(struct ctx *c, struct cup *cup, const char *const *labels,
	     int n, const char *purpose, const char *pool)
{
	return draw(c, cup, labels, n, purpose, pool, 0, NULL);
}

int cup_draw_for(struct ctx *c, struct cup *cup, const char *const *labels,
		 int n, const char *purpose, const char *pool,
		 const char *side)
{
	return draw(c, cup, labels, n, purpose, pool, 1, side);
}

int cup_find(const char *const *labels, int n, const char *label)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(labels[i], label) == 0)
			return i;
	return -1;
}

struct doc_node *cup_save(const struct cup *cup, const char *const *labels,
			  int n, struct doc *d)
{
	struct doc_node *seq = doc_seq(d);
	int i;

	seq->style = DOC_STYLE_FLOW;
	for (i = 0; i < n; i++)
		if (cup_has(cup, i))
			doc_push(d, seq, doc_str(d, labels[i]));
	return seq;
}

int cup_load(struct cup *cup, const char *const *labels, int n,
	     const struct doc *d, const struct doc_node *seq,
	     const char *what, struct error *err)
{
	char where[256];
	size_t i;
	int k;

	if (seq->kind != DOC_SEQ)
		return errorf(err, EXIT_REFUSED, "%s: %s must be a list of "
			      "counters", doc_where(d, seq, where,
			      sizeof where), what);
	cup_clear(cup);
	for (i = 0; i < seq->n; i++) {
		const struct doc_node *it = seq->items[i];

		k = it->kind == DOC_SCALAR ? cup_find(labels, n, it->str) : -1;
		if (k < 0 || cup_has(cup, k))
			return errorf(err, EXIT_REFUSED, "%s: %s: \"%s\" is "
				      "not a counter, or is given twice",
				      doc_where(d, it, where, sizeof where),
				      what, it->kind == DOC_SCALAR ? it->str :
				      "(list)");
		cup_add(cup, k);
	}
	return 0;
}
