/*
 * graph.c - point-to-point maps read from scenario data (see graph.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "graph.h"

static const char *const dir_names[DIRS] = { "N", "NE", "E", "SE", "S",
	"SW", "W", "NW" };

const char *graph_dir_name(enum graph_dir dir)
{
	return (unsigned)dir < DIRS ? dir_names[dir] : "?";
}

int graph_dir_parse(const char *s)
{
	int i;

	for (i = 0; i < DIRS; i++)
		if (strcasecmp(s, dir_names[i]) == 0)
			return i;
	return -1;
}

enum graph_dir graph_dir_opposite(enum graph_dir dir)
{
	return (enum graph_dir)((dir + 4) % DIRS);
}

/* Sectors of 45 degrees around each compass point: a vector is north or
 * south when |dx| <= tan(22.5) |dy|, east or west when |dy| <= tan(22.5)
 * |dx|, diagonal otherwise (tan 22.5 = 0.4142, in integers). */
int graph_dir_of(int dx, int dy)
{
	long ax = labs((long)dx), ay = labs((long)dy);

	if (dx == 0 && dy == 0)
		return -1;
	if (ax * 10000 <= ay * 4142)
		return dy < 0 ? DIR_N : DIR_S;
	if (ay * 10000 <= ax * 4142)
		return dx > 0 ? DIR_E : DIR_W;
	if (dy < 0)
		return dx > 0 ? DIR_NE : DIR_NW;
	return dx > 0 ? DIR_SE : DIR_SW;
}

int graph_find(const struct graph *g, const char *id)
{
	int i;

	for (i = 0; i < g->n_nodes; i++)
		if (strcmp(g->nodes[i].id, id) == 0)
			return i;
	return -1;
}

int graph_link_between(const struct graph *g, int a, int b)
{
	int i;

	for (i = 0; i < g->n_links; i++)
		if ((g->links[i].a == a && g->links[i].b == b) ||
		    (g->links[i].a == b && g->links[i].b == a))
			return i;
	return -1;
}

int graph_other(const struct graph *g, int l, int n)
{
	return g->links[l].a == n ? g->links[l].b : g->links[l].a;
}

enum graph_dir graph_dir_from(const struct graph *g, int l, int n)
{
	return g->links[l].a == n ? g->links[l].dir :
		graph_dir_opposite(g->links[l].dir);
}

size_t graph_links_of(const struct graph *g, int n, int *out, size_t max)
{
	size_t k = 0;
	int dir, l;

	for (dir = 0; dir < DIRS; dir++)
		for (l = 0; l < g->n_links; l++)
			if ((g->links[l].a == n || g->links[l].b == n) &&
			    graph_dir_from(g, l, n) == (enum graph_dir)dir &&
			    k < max)
				out[k++] = l;
	return k;
}

static const char *attr_of(const struct graph_attr *a, size_t n,
			   const char *key)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(a[i].key, key) == 0)
			return a[i].val;
	return NULL;
}

const char *graph_node_attr(const struct graph *g, int n, const char *key)
{
	return attr_of(g->nodes[n].attrs, g->nodes[n].n_attrs, key);
}

const char *graph_link_attr(const struct graph *g, int l, const char *key)
{
	return attr_of(g->links[l].attrs, g->links[l].n_attrs, key);
}

int graph_link_flag(const struct graph *g, int l, const char *key)
{
	const char *v = graph_link_attr(g, l, key);

	return v && (strcmp(v, "yes") == 0 || strcmp(v, "true") == 0);
}

int graph_node_int(const struct graph *g, const struct doc *d, int n,
		   const char *key, long long min, long long max,
		   long long def, long long *out, struct error *err)
{
	const char *v = graph_node_attr(g, n, key);
	char *end;
	long long x;

	*out = def;
	if (!v)
		return 0;
	x = strtoll(v, &end, 10);
	if (*v == '\0' || *end != '\0' || x < min || x > max)
		return errorf(err, EXIT_REFUSED, "%s:%d: town %s: %s must be "
			      "a whole number from %lld to %lld, not \"%s\"",
			      d && d->name ? d->name : "scenario",
			      g->nodes[n].line, g->nodes[n].id, key, min, max,
			      v);
	*out = x;
	return 0;
}

/* ---- loading ---- */

/* A node or link is a mapping, or a sequence read through the column
 * names the scenario gives (a table, one row a line). */
struct row {
	const struct doc_node *m, *cols;
};

static size_t row_n(const struct row *r)
{
	return r->m->n;
}

static const struct doc_node *row_key(const struct row *r, size_t i)
{
	return r->m->kind == DOC_MAP ? r->m->keys[i] : r->cols->items[i];
}

static const struct doc_node *row_get(const struct row *r, const char *k)
{
	size_t i;

	for (i = 0; i < row_n(r); i++)
		if (strcmp(row_key(r, i)->str, k) == 0)
			return r->m->items[i];
	return NULL;
}

static int row_check(const struct doc *d, const struct doc_node *m,
		     const struct doc_node *cols, const char *what,
		     struct error *err)
{
	char where[256];
	size_t i;

	if (m->kind == DOC_MAP)
		return 0;
	if (m->kind != DOC_SEQ || !cols || cols->kind != DOC_SEQ ||
	    cols->n != m->n)
		return errorf(err, EXIT_REFUSED, "%s: %s must be a mapping, "
			      "or a row of %zu values (the columns)",
			      doc_where(d, m, where, sizeof where), what,
			      cols && cols->kind == DOC_SEQ ? cols->n : 0);
	for (i = 0; i < cols->n; i++)
		if (cols->items[i]->kind != DOC_SCALAR)
			return errorf(err, EXIT_REFUSED, "%s: column names "
				      "are words", doc_where(d, cols, where,
				      sizeof where));
	return 0;
}

static int copy_str(const struct doc *d, const struct doc_node *n,
		    const char *what, char *out, size_t size,
		    struct error *err)
{
	char where[256];

	if (n->kind != DOC_SCALAR || n->len == 0 || n->len >= size)
		return errorf(err, EXIT_REFUSED, "%s: %s must be a text of 1 "
			      "to %zu characters", doc_where(d, n, where,
			      sizeof where), what, size - 1);
	memcpy(out, n->str, n->len + 1);
	return 0;
}

static int add_attr(const struct doc *d, struct graph_attr *a,
		    size_t *n, const struct doc_node *key,
		    const struct doc_node *val, struct error *err)
{
	char where[256];

	if (*n == GRAPH_ATTRS)
		return errorf(err, EXIT_REFUSED, "%s: more than %d "
			      "attributes", doc_where(d, key, where,
			      sizeof where), GRAPH_ATTRS);
	if (copy_str(d, key, "an attribute name", a[*n].key, GRAPH_KEY,
		     err) < 0 ||
	    copy_str(d, val, key->str, a[*n].val, GRAPH_VAL, err) < 0)
		return -1;
	(*n)++;
	return 0;
}

static int load_node(struct graph *g, const struct doc *d,
		     const struct doc_node *key, const struct doc_node *m,
		     const struct doc_node *cols, struct error *err)
{
	struct graph_node *nd = &g->nodes[g->n_nodes];
	struct row r = { m, cols };
	long long v;
	size_t i;
	char where[256];

	memset(nd, 0, sizeof *nd);
	nd->line = key->line;
	if (copy_str(d, key, "a town id", nd->id, GRAPH_ID, err) < 0)
		return -1;
	if (graph_find(g, nd->id) >= 0)
		return errorf(err, EXIT_REFUSED, "%s: town %s is given twice",
			      doc_where(d, key, where, sizeof where), nd->id);
	if (row_check(d, m, cols, nd->id, err) < 0)
		return -1;
	for (i = 0; i < row_n(&r); i++) {
		const char *k = row_key(&r, i)->str;
		const struct doc_node *val = m->items[i];

		if (strcmp(k, "name") == 0) {
			if (copy_str(d, val, "name", nd->name, GRAPH_NAME,
				     err) < 0)
				return -1;
		} else if (strcmp(k, "x") == 0 || strcmp(k, "y") == 0) {
			if (doc_int_of(d, val, k, -100000, 100000, &v,
				       err) < 0)
				return -1;
			*(k[0] == 'x' ? &nd->x : &nd->y) = (int)v;
		} else if (add_attr(d, nd->attrs, &nd->n_attrs,
				    row_key(&r, i), val, err) < 0) {
			return -1;
		}
	}
	if (nd->name[0] == '\0')
		return errorf(err, EXIT_REFUSED, "%s: town %s has no name",
			      doc_where(d, key, where, sizeof where), nd->id);
	g->n_nodes++;
	return 0;
}

static int link_end(const struct graph *g, const struct doc *d,
		    const struct row *r, const char *k, int *out,
		    struct error *err)
{
	const struct doc_node *v = row_get(r, k);
	char where[256];

	*out = v && v->kind == DOC_SCALAR ? graph_find(g, v->str) : -1;
	if (*out < 0)
		return errorf(err, EXIT_REFUSED, "%s: link %s: no town "
			      "\"%s\"", doc_where(d, v ? v : r->m, where,
			      sizeof where), k, v && v->kind == DOC_SCALAR ?
			      v->str : "");
	return 0;
}

static int load_link(struct graph *g, const struct doc *d,
		     const struct doc_node *m, const struct doc_node *cols,
		     struct error *err)
{
	struct graph_link *lk = &g->links[g->n_links];
	struct row r = { m, cols };
	const struct doc_node *dir;
	char where[256];
	size_t i;
	int v;

	memset(lk, 0, sizeof *lk);
	lk->line = m->line;
	if (row_check(d, m, cols, "a link", err) < 0)
		return -1;
	if (link_end(g, d, &r, "a", &lk->a, err) < 0 ||
	    link_end(g, d, &r, "b", &lk->b, err) < 0)
		return -1;
	if (lk->a == lk->b)
		return errorf(err, EXIT_REFUSED, "%s: a link joins two "
			      "different towns", doc_where(d, m, where,
			      sizeof where));
	if (graph_link_between(g, lk->a, lk->b) >= 0)
		return errorf(err, EXIT_REFUSED, "%s: %s and %s are linked "
			      "twice", doc_where(d, m, where, sizeof where),
			      g->nodes[lk->a].id, g->nodes[lk->b].id);
	if ((dir = row_get(&r, "dir"))) {
		v = dir->kind == DOC_SCALAR ? graph_dir_parse(dir->str) : -1;
		if (v < 0)
			return errorf(err, EXIT_REFUSED, "%s: dir is one of "
				      "N NE E SE S SW W NW",
				      doc_where(d, dir, where, sizeof where));
	} else {
		v = graph_dir_of(g->nodes[lk->b].x - g->nodes[lk->a].x,
				 g->nodes[lk->b].y - g->nodes[lk->a].y);
		if (v < 0)
			return errorf(err, EXIT_REFUSED, "%s: %s and %s are "
				      "at the same x, y: give dir",
				      doc_where(d, m, where, sizeof where),
				      g->nodes[lk->a].id, g->nodes[lk->b].id);
	}
	lk->dir = (enum graph_dir)v;
	for (i = 0; i < row_n(&r); i++) {
		const char *k = row_key(&r, i)->str;

		if (strcmp(k, "a") && strcmp(k, "b") && strcmp(k, "dir") &&
		    add_attr(d, lk->attrs, &lk->n_attrs, row_key(&r, i),
			     m->items[i], err) < 0)
			return -1;
	}
	g->n_links++;
	return 0;
}

int graph_load(struct graph *g, const struct doc *d,
	       const struct doc_node *nodes, const struct doc_node *node_cols,
	       const struct doc_node *links, const struct doc_node *link_cols,
	       struct error *err)
{
	char where[256];
	int deg[GRAPH_NODES] = { 0 };
	size_t i;

	memset(g, 0, sizeof *g);
	if (!nodes || nodes->kind != DOC_MAP || nodes->n == 0)
		return errorf(err, EXIT_REFUSED, "%s: the towns must be a "
			      "mapping id -> {name, x, y, ...} or a row",
			      doc_where(d, nodes, where, sizeof where));
	if (!links || links->kind != DOC_SEQ)
		return errorf(err, EXIT_REFUSED, "%s: the links must be a "
			      "list of {a, b, dir, ...} or rows",
			      doc_where(d, links, where, sizeof where));
	if (nodes->n > GRAPH_NODES)
		return errorf(err, EXIT_REFUSED, "%s: more than %d towns",
			      doc_where(d, nodes, where, sizeof where),
			      GRAPH_NODES);
	if (links->n > GRAPH_LINKS)
		return errorf(err, EXIT_REFUSED, "%s: more than %d links",
			      doc_where(d, links, where, sizeof where),
			      GRAPH_LINKS);
	for (i = 0; i < nodes->n; i++)
		if (load_node(g, d, nodes->keys[i], nodes->items[i],
			      node_cols, err) < 0)
			return -1;
	for (i = 0; i < links->n; i++) {
		if (load_link(g, d, links->items[i], link_cols, err) < 0)
			return -1;
		if (++deg[g->links[i].a] > GRAPH_DEGREE ||
		    ++deg[g->links[i].b] > GRAPH_DEGREE)
			return errorf(err, EXIT_REFUSED, "%s: more than %d "
				      "links at one town",
				      doc_where(d, links->items[i], where,
				      sizeof where), GRAPH_DEGREE);
	}
	return 0;
}
