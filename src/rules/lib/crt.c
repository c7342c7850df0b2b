/*
 * crt.c - combat results tables read from scenario data. See crt.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "crt.h"

static int bad(const struct doc *d, const struct doc_node *n,
	       struct error *err, const char *what)
{
	char w[256];

	return errorf(err, EXIT_REFUSED, "%s: crt: %s",
		      doc_where(d, n, w, sizeof w), what);
}

static int column_parse(struct crt *t, int i, const char *s)
{
	char *end;
	long a, b;

	snprintf(t->label[i], sizeof t->label[i], "%s", s);
	if (t->index == CRT_RATIO) {
		a = strtol(s, &end, 10);
		if (end == s || *end != ':')
			return -1;
		b = strtol(end + 1, &end, 10);
		if (*end || a < 1 || b < 1)
			return -1;
		t->num[i] = (int)a;
		t->den[i] = (int)b;
		return 0;
	}
	a = strtol(s, &end, 10);
	if (end == s || *end)
		return -1;
	t->num[i] = (int)a;
	t->den[i] = t->index == CRT_PERCENT ? 100 : 1;
	return 0;
}

/* "eliminated", "retreat N", "retreat die", "exchange", "step N", "lose
 * strongest", "lose half", "none" */
static int effect_parse(const char *s, int *fx, int *n)
{
	*n = 1;
	if (!strcmp(s, "eliminated"))
		*fx = FX_ELIMINATED;
	else if (!strcmp(s, "exchange"))
		*fx = FX_EXCHANGE;
	else if (!strcmp(s, "retreat die"))
		*fx = FX_RETREAT_DIE;
	else if (!strncmp(s, "retreat ", 8) && atoi(s + 8) > 0 &&
		 atoi(s + 8) < 10)
		*fx = FX_RETREAT, *n = atoi(s + 8);
	else if (!strncmp(s, "step ", 5) && atoi(s + 5) > 0 &&
		 atoi(s + 5) < 10)
		*fx = FX_STEP, *n = atoi(s + 5);
	else if (!strcmp(s, "lose strongest"))
		*fx = FX_LOSE_STRONGEST;
	else if (!strcmp(s, "lose half"))
		*fx = FX_LOSE_HALF;
	else if (!strcmp(s, "none"))
		*fx = FX_NONE;
	else
		return -1;
	return 0;
}

#define EFFECTS "eliminated, retreat N, retreat die, exchange, step N, " \
	"lose strongest, lose half or none (N from 1 to 9), or a list of " \
	"them"

/* One side's effects: a scalar or a sequence of scalars. */
static int side_parse(const struct doc *d, const struct doc_node *v,
		      struct crt_result *res, int side, struct error *err)
{
	const struct doc_node *one = v;
	size_t i, n = v->kind == DOC_SEQ ? v->n : 1;

	if (v->kind != DOC_SCALAR && v->kind != DOC_SEQ)
		return bad(d, v, err, "an effect is " EFFECTS);
	if (n > CRT_FX_MAX)
		return bad(d, v, err, "at most 4 effects a side");
	for (i = 0; i < n; i++) {
		struct crt_fx *fx = &res->fx[side][res->n_fx[side]];

		if (v->kind == DOC_SEQ)
			one = v->items[i];
		if (one->kind != DOC_SCALAR ||
		    effect_parse(one->str, &fx->kind, &fx->n) < 0)
			return bad(d, one, err, "an effect is " EFFECTS);
		if (fx->kind != FX_NONE)
			res->n_fx[side]++;
	}
	return 0;
}

/* `advance: {attacker: N, defender: N}` */
static int advance_parse(const struct doc *d, const struct doc_node *v,
			 struct crt_result *res, struct error *err)
{
	static const char *const who[2] = { "attacker", "defender" };
	const struct doc_node *x;
	int side;

	if (v->kind != DOC_MAP || doc_only_keys(d, v, who, err) < 0)
		return bad(d, v, err, "advance is {attacker: N, defender: "
			   "N}, N from 1 to 9");
	for (side = 0; side < 2; side++) {
		if (!(x = doc_get(v, who[side])))
			continue;
		if (x->kind != DOC_SCALAR || atoi(x->str) < 1 ||
		    atoi(x->str) > 9 || strspn(x->str, "0123456789") !=
		    strlen(x->str))
			return bad(d, x, err, "advance is {attacker: N, "
				   "defender: N}, N from 1 to 9");
		res->advance[side] = atoi(x->str);
	}
	return 0;
}

static int result_find(const struct crt *t, const char *code)
{
	int i;

	for (i = 0; i < t->n_results; i++)
		if (!strcmp(t->result[i].code, code))
			return i;
	return -1;
}

int crt_load(struct crt *t, const struct doc *d, const struct doc_node *n,
	     struct error *err)
{
	static const char *const keys[] = { "index", "die", "columns", "rows",
		"results", NULL };
	static const char *const rkeys[] = { "attacker", "defender",
		"advance", NULL };
	const struct doc_node *v, *r, *x;
	const char *s;
	long long die;
	char text[256], *w, *save;
	char key[8];
	size_t i;
	int row, col, k;

	memset(t, 0, sizeof *t);
	if (!n || n->kind != DOC_MAP)
		return bad(d, n, err, "must be a mapping");
	if (doc_only_keys(d, n, keys, err) < 0 ||
	    doc_need_str(d, n, "index", &s, err) < 0)
		return -1;
	if (!strcmp(s, "differential"))
		t->index = CRT_DIFFERENTIAL;
	else if (!strcmp(s, "ratio"))
		t->index = CRT_RATIO;
	else if (!strcmp(s, "percent"))
		t->index = CRT_PERCENT;
	else
		return bad(d, doc_get(n, "index"), err, "index is "
			   "differential, ratio or percent");
	if (doc_need_int(d, n, "die", 2, CRT_ROWS, &die, err) < 0)
		return -1;
	t->die = (int)die;
	if (doc_need(d, n, "results", DOC_MAP, &r, err) < 0)
		return -1;
	if (r->n > CRT_RESULTS)
		return bad(d, r, err, "too many results");
	for (i = 0; i < r->n; i++) {
		struct crt_result *res = &t->result[t->n_results++];

		snprintf(res->code, sizeof res->code, "%s", r->keys[i]->str);
		x = r->items[i];
		if (x->kind != DOC_MAP || doc_only_keys(d, x, rkeys, err) < 0)
			return bad(d, x, err, "a result is {attacker: ..., "
				   "defender: ..., advance: ...}");
		if ((v = doc_get(x, "attacker")) &&
		    side_parse(d, v, res, CRT_ATTACKER, err) < 0)
			return -1;
		if ((v = doc_get(x, "defender")) &&
		    side_parse(d, v, res, CRT_DEFENDER, err) < 0)
			return -1;
		if ((v = doc_get(x, "advance")) &&
		    advance_parse(d, v, res, err) < 0)
			return -1;
		res->att = res->n_fx[0] ? res->fx[0][0].kind : FX_NONE;
		res->att_n = res->n_fx[0] ? res->fx[0][0].n : 1;
		res->def = res->n_fx[1] ? res->fx[1][0].kind : FX_NONE;
		res->def_n = res->n_fx[1] ? res->fx[1][0].n : 1;
	}
	if (doc_need(d, n, "columns", DOC_SEQ, &v, err) < 0)
		return -1;
	if (v->n < 1 || v->n > CRT_COLS)
		return bad(d, v, err, "1 to 16 columns");
	for (i = 0; i < v->n; i++) {
		if (v->items[i]->kind != DOC_SCALAR ||
		    column_parse(t, (int)i, v->items[i]->str) < 0)
			return bad(d, v->items[i], err, "a column is N "
				   "(differential, percent) or A:B (ratio)");
		if (i > 0 && (long)t->num[i] * t->den[i - 1] <=
		    (long)t->num[i - 1] * t->den[i])
			return bad(d, v->items[i], err, "columns must rise");
	}
	t->n_cols = (int)v->n;
	if (doc_need(d, n, "rows", DOC_MAP, &r, err) < 0)
		return -1;
	for (row = 1; row <= t->die; row++) {
		snprintf(key, sizeof key, "%d", row);
		if (doc_need_str(d, r, key, &s, err) < 0)
			return -1;
		if (strlen(s) >= sizeof text)
			return bad(d, doc_get(r, key), err, "a row is too long");
		snprintf(text, sizeof text, "%s", s);
		col = 0;
		for (w = strtok_r(text, " \t", &save); w;
		     w = strtok_r(NULL, " \t", &save)) {
			k = result_find(t, w);
			if (k < 0 || col >= t->n_cols) {
				return bad(d, doc_get(r, key), err, "a row "
					   "names one result of `results` "
					   "per column");
			}
			t->cell[row - 1][col++] = (unsigned char)k;
		}
		if (col != t->n_cols)
			return bad(d, doc_get(r, key), err, "a row names one "
				   "result per column");
	}
	return 0;
}

int crt_column(const struct crt *t, int a, int d)
{
	int i, col = 0;

	for (i = 0; i < t->n_cols; i++) {
		int ok;

		if (t->index == CRT_DIFFERENTIAL)
			ok = a - d >= t->num[i];
		else
			ok = (long)a * t->den[i] >= (long)d * t->num[i];
		if (ok)
			col = i;
	}
	return col;
}

int crt_shift(const struct crt *t, int col, int shift)
{
	col += shift;
	if (col < 0)
		col = 0;
	if (col >= t->n_cols)
		col = t->n_cols - 1;
	return col;
}

const struct crt_result *crt_lookup(const struct crt *t, int col, int die)
{
	if (die < 1 || die > t->die || col < 0 || col >= t->n_cols)
		return NULL;
	return &t->result[t->cell[die - 1][col]];
}
