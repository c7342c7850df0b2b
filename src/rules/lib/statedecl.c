/*
 * statedecl.c - load, save, view, stand-ins and hash of a game's state
 * from its declaration (include/umpire/statedecl.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/statedecl.h"
#include "cards.h"

enum { SD_MAX_ITEMS = 128, SD_MAX_STACK = 64, SD_MAX_RECORDS = 1024 };

/* ---- reading and writing the struct ---- */

static long long get(const void *st, size_t off, size_t size)
{
	const unsigned char *p = (const unsigned char *)st + off;
	uint8_t u8;
	uint16_t u16;
	int32_t i32;
	int64_t i64;

	switch (size) {
	case 1: memcpy(&u8, p, 1); return u8;
	case 2: memcpy(&u16, p, 2); return u16;
	case 4: memcpy(&i32, p, 4); return i32;
	default: memcpy(&i64, p, 8); return i64;
	}
}

static void put(void *st, size_t off, size_t size, long long v)
{
	unsigned char *p = (unsigned char *)st + off;
	uint8_t u8 = (uint8_t)v;
	uint16_t u16 = (uint16_t)v;
	int32_t i32 = (int32_t)v;
	int64_t i64 = v;

	switch (size) {
	case 1: memcpy(p, &u8, 1); break;
	case 2: memcpy(p, &u16, 2); break;
	case 4: memcpy(p, &i32, 4); break;
	default: memcpy(p, &i64, 8); break;
	}
}

/* A pile or a stack: { size_t n; card c[]; } at off. */
static size_t cards_n(const void *st, const struct sd_field *f)
{
	return (size_t)get(st, f->off, sizeof(size_t));
}

static card card_at(const void *st, const struct sd_field *f, size_t i)
{
	return ((const card *)st)[f->off + offsetof(struct pile, c) + i];
}

static const char *name_at(const struct sd_field *f, const void *st, int i)
{
	if (f->names)
		return i >= 0 && i < f->n_names ? f->names[i] : NULL;
	return f->name_of && i >= 0 ? f->name_of(st, i) : NULL;
}

/* How many names f has: its list's, or those name_of() gives, named 0,
 * 1, ... and NULL past the last (statedecl.h), the first NULL found by
 * doubling then halving, not by naming every one (a save counts the
 * units of each set of them) */
static int n_names(const struct sd_field *f, const void *st)
{
	int lo = 0, hi = 1, mid;

	if (f->names)
		return f->n_names;
	if (!name_at(f, st, 0))
		return 0;
	/* name lo is given; hi is not */
	while (name_at(f, st, hi)) {
		lo = hi;
		hi *= 2;
	}
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (name_at(f, st, mid))
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

static int name_index(const struct sd_field *f, const void *st,
		      const char *s)
{
	const char *w;

	for (int i = 0; (w = name_at(f, st, i)); i++)
		if (strcmp(w, s) == 0)
			return i;
	return -1;
}

/* Items named by a rule (the hexes of a map: n_places, place_name,
 * place_index), else by the field's names. */
static int n_items(const struct sd_field *f, const void *st)
{
	return f->n_places ? f->n_places(st) : n_names(f, st);
}

static const char *item_name(const struct sd_field *f, const void *st,
			     int i, char buf[16])
{
	return f->place_name ? f->place_name(st, i, buf) : name_at(f, st, i);
}

static int item_index(const struct sd_field *f, const void *st,
		      const char *s)
{
	return f->place_index ? f->place_index(st, s) : name_index(f, st, s);
}

/* Names to indexes, a hash table made for one load of a field: a state
 * names each of its records and the members of its sets of them, and a
 * search of the list for each cost a Race to the Reichstag checkpoint
 * 3.1M instructions (180 units, each in a stack, each known or not). */
struct name_table {
	const struct sd_field *f;
	const void *st;
	int *slot;             /* index + 1, 0 empty */
	size_t mask;
};

static size_t name_hash(const char *s)
{
	size_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* the names of f (name_at) into t; a name twice keeps its first. Each
 * name asked once (st is not changed here), not once to count them,
 * again to hash and again at each probe: 29 tables of 433 units a Race
 * to the Reichstag view load */
static void names_make(struct name_table *t, const struct sd_field *f,
		       const void *st, const char *(*name)(const struct
		       sd_field *, const void *, int))
{
	int n = 0, cap = SD_MAX_RECORDS;
	const char **w = xmalloc((size_t)cap * sizeof *w);

	while ((w[n] = name(f, st, n)))
		if (++n == cap)
			w = xrealloc(w, (size_t)(cap *= 2) * sizeof *w);
	t->f = f;
	t->st = st;
	for (t->mask = 15; t->mask < (size_t)n * 2; t->mask = 2 * t->mask + 1)
		;
	t->slot = xcalloc(t->mask + 1, sizeof *t->slot);
	for (int i = 0; i < n; i++) {
		size_t h = name_hash(w[i]) & t->mask;

		while (t->slot[h] && strcmp(w[t->slot[h] - 1], w[i]))
			h = (h + 1) & t->mask;
		if (!t->slot[h])
			t->slot[h] = i + 1;
	}
	free(w);
}

static int names_find(const struct name_table *t, const char *s,
		      const char *(*name)(const struct sd_field *,
					  const void *, int))
{
	for (size_t h = name_hash(s) & t->mask; t->slot[h];
	     h = (h + 1) & t->mask)
		if (!strcmp(name(t->f, t->st, t->slot[h] - 1), s))
			return t->slot[h] - 1;
	return -1;
}

static const char *record_at(const struct sd_field *f, const void *st,
			     int i)
{
	return i >= 0 ? f->record_name(st, i) : NULL;
}

typedef const char *(*namer)(const struct sd_field *, const void *, int);

/* The name tables of one load. A declaration whose names change only
 * with its SDF_INPUT fields (SDD_FIXED_NAMES) has each way of naming
 * hashed once a load, not once a field (a Race to the Reichstag view's
 * load hashed its 433 units for each of 20 fields); the tables are
 * dropped before an SDF_INPUT field is loaded. */
enum { LOAD_TABLES = 4 };
struct load_names {
	int keep;                       /* SDD_FIXED_NAMES */
	int n;
	struct sd_field f[LOAD_TABLES]; /* the naming members only */
	namer how[LOAD_TABLES];
	struct name_table t[LOAD_TABLES];
};

static int same_naming(const struct sd_field *a, const struct sd_field *b)
{
	return a->record_name == b->record_name && a->names == b->names &&
	       a->n_names == b->n_names && a->name_of == b->name_of;
}

/* f's names in st as how (record_at, name_at) gives them: the load's
 * table, or one made in *own (its slot to free) */
static const struct name_table *names_for(struct load_names *c,
					  const struct sd_field *f,
					  const void *st, namer how,
					  struct name_table *own)
{
	int i;

	for (i = 0; c && c->keep && i < c->n; i++)
		if (c->how[i] == how && c->t[i].st == st &&
		    same_naming(&c->f[i], f))
			return &c->t[i];
	if (c && c->keep && c->n < LOAD_TABLES) {
		i = c->n++;
		c->how[i] = how;
		c->f[i] = (struct sd_field){ .record_name = f->record_name,
			.names = f->names, .n_names = f->n_names,
			.name_of = f->name_of };
		names_make(&c->t[i], &c->f[i], st, how);
		return &c->t[i];
	}
	names_make(own, f, st, how);
	return own;
}

static void names_drop(struct load_names *c)
{
	for (int i = 0; c && i < c->n; i++)
		free(c->t[i].slot);
	if (c)
		c->n = 0;
}

/* ---- places: SD_LIST and SD_MAP ---- */

/* The i-th key of a field: a name, or one key_of() makes in buf. */
static const char *key_at(const struct sd_field *f, const void *st, int i,
			  char *buf, size_t size)
{
	if (f->n_places && size >= 16)
		return i >= 0 && i < f->n_places(st) ?
			f->place_name(st, i, buf) : NULL;
	if (f->names || f->name_of || i < 0)
		return name_at(f, st, i);
	return f->key_of ? f->key_of(st, i, buf, size) : NULL;
}

/* The value field of place i of an SD_MAP. */
static struct sd_field place(const struct sd_field *f, int i)
{
	struct sd_field e = f->sub[0];

	e.key = f->key;
	e.off += (size_t)i * f->size;
	return e;
}

/* Of a map, the field of its values; else the field. */
static const struct sd_field *unit(const struct sd_field *f)
{
	return f->type == SD_MAP ? &f->sub[0] : f;
}

static long long list_n(const void *st, const struct sd_field *f)
{
	return get(st, f->off, sizeof(int));
}

static long long list_at(const void *st, const struct sd_field *f,
			 long long j)
{
	return get(st, f->off + sizeof(int) + (size_t)j * f->size, f->size);
}

static const char *list_word(const struct sd_field *f, const void *st,
			     long long v)
{
	const char *w;

	if ((f->flags & SDF_NONE) && v == f->none)
		return f->none_word ? f->none_word : "none";
	w = name_at(f, st, (int)(v - f->lo));
	return w ? w : "?";
}

/* A place left empty: no word, no item (e: the first place's value,
 * at: how far this one lies beyond it). */
static void empty_value(const struct sd_field *e, void *st, size_t at)
{
	if (e->type == SD_NAME)
		put(st, e->off + at, e->size, e->none);
	else if (e->type == SD_LIST)
		put(st, e->off + at, sizeof(int), 0);
	else
		memset((unsigned char *)st + e->off + at, 0, e->size);
}

/* Whether a value is empty without building it: none, no bit (a map's
 * places and a field's records are mostly empty). */
static int is_empty(const struct sd_field *e, const void *st, size_t at)
{
	if ((e->type == SD_NAME || e->type == SD_INT) &&
	    (e->flags & SDF_NONE))
		return get(st, e->off + at, e->size) == e->none;
	if (e->type == SD_BITS)
		return get(st, e->off + at, e->size) == 0;
	return 0;
}

/* The first of the values i, i + 1, ... before n (each stride bytes
 * beyond the one before) that is not empty, n if none: is_empty with
 * its tests made once, not once a value (the hexes of a map, the
 * records of a field, saved every step, are many and mostly empty). */
static int next_filled(const struct sd_field *e, const void *st,
		       size_t stride, int i, int n)
{
	const unsigned char *p = (const unsigned char *)st + e->off;
	long long none;

	if ((e->type == SD_NAME || e->type == SD_INT) &&
	    (e->flags & SDF_NONE))
		none = e->none;
	else if (e->type == SD_BITS)
		none = 0;
	else
		return i;
	if (e->size == 1 && (none < 0 || none > 0xff))
		return i;   /* get() reads a byte as 0 to 255 */
	if (e->size == 1 && stride == 1 && i >= 0) {
		/* a byte per place (the hexes of a map): eight at a time
		 * passed over while all are empty */
		uint64_t w, empty = 0x0101010101010101ULL *
			(unsigned char)none;

		for (; n - i >= 8; i += 8) {
			memcpy(&w, p + i, sizeof w);
			if (w != empty)
				break;
		}
	}
	if (e->size == 1) {
		while (i < n && p[(size_t)i * stride] == (unsigned char)none)
			i++;
		return i;
	}
	while (i < n && get(st, e->off + (size_t)i * stride, e->size) == none)
		i++;
	return i;
}

static int is_cards(const struct sd_field *f)
{
	return f->type == SD_CARD || f->type == SD_PILE ||
	       f->type == SD_STACK;
}

static int accepts(const struct sd_field *f, const void *st, int item)
{
	return !f->accept || f->accept(st, item);
}

/* ---- save and view ---- */

static struct doc_node *flow(struct doc_node *n, const struct sd_field *f)
{
	if (!(f->flags & SDF_BLOCK))
		n->style = DOC_STYLE_FLOW;
	return n;
}

static struct doc_node *build(const struct sd_field *fs, const void *st,
			      int me, struct doc *d, struct redactor *r);
static struct doc_node *value(const struct sd_field *f, const void *st,
			      int me, struct doc *d, struct redactor *r,
			      int *empty);

/* value() of an SD_INT, SD_NAME, SD_BITS or SD_FLAGS field lying at
 * bytes beyond where f says (a place's or a record's value: place()),
 * without a copy of the field (a save writes hundreds); NULL for
 * another type. */
static struct doc_node *plain_value(const struct sd_field *f, size_t at,
				    const void *st, struct doc *d,
				    int *empty)
{
	struct doc_node *n;
	const char *w;
	long long v;
	int i, k;

	*empty = 0;
	switch (f->type) {
	case SD_INT:
		v = get(st, f->off + at, f->size);
		*empty = (f->flags & SDF_NONE) && v == f->none;
		return doc_int(d, v);
	case SD_NAME:
		v = get(st, f->off + at, f->size);
		*empty = (f->flags & SDF_NONE) && v == f->none;
		w = *empty ? "none" : name_at(f, st, (int)(v - f->lo));
		return doc_str(d, w ? w : "?");
	case SD_BITS:
	case SD_FLAGS:
		k = n_names(f, st);
		n = flow(doc_seq(d), f);
		v = get(st, f->off + at, f->size);
		for (i = 0; i < k; i++)
			if (f->type == SD_BITS ? (unsigned long long)v >> i & 1 :
			    get(st, f->off + at + (size_t)i * f->size,
				f->size) != 0)
				doc_push(d, n, doc_str(d, name_at(f, st, i)));
		*empty = n->n == 0;
		return n;
	default:
		return NULL;
	}
}

/* The places whose value is not empty, in the order of the keys. */
static struct doc_node *map_value(const struct sd_field *f, const void *st,
				  int me, struct doc *d, struct redactor *r,
				  int *empty)
{
	struct doc_node *m = flow(doc_map(d), f), *v;
	const char *k;
	char buf[128];
	int em, n = f->n_places ? f->n_places(st) : -1;

	/* a place's key is made only where it holds something (the hexes
	 * of a map are many, and mostly empty) */
	for (int i = 0; n < 0 || i < n; i++) {
		if (n < 0 && !key_at(f, st, i, buf, sizeof buf))
			break;
		if (n >= 0 && (i = next_filled(&f->sub[0], st, f->size, i,
					      n)) == n)
			break;
		if (is_empty(&f->sub[0], st, (size_t)i * f->size))
			continue;
		k = key_at(f, st, i, buf, sizeof buf);
		v = plain_value(&f->sub[0], (size_t)i * f->size, st, d, &em);
		if (!v) {
			struct sd_field e = place(f, i);

			v = value(&e, st, me, d, r, &em);
		}
		if (!em)
			doc_set(d, m, k, v);
	}
	*empty = m->n == 0;
	return m;
}

/* Whether reader me (-1 everything) sees record rec of field f. */
static int sees_record(const struct sd_field *f, const void *st, int me,
		       int rec)
{
	return me == -1 || f->vis != SD_RECORD || f->record_sees(st, me, rec);
}

/* SD_PLACES: each place of two records or more, or of one the reader
 * may not see, top first; a record he may not see redacted in place. */
static struct doc_node *places(const struct sd_field *f, const void *st,
			       int me, struct doc *d, struct redactor *r)
{
	struct doc_node *m = flow(doc_map(d), f), *s, *id;
	int recs[SD_MAX_STACK], n, hidden;
	int k = n_items(f, st);
	char buf[16];

	for (int i = f->next_in ? f->next_in(st, f->arg, 0) : 0;
	     i >= 0 && i < k;
	     i = f->next_in ? f->next_in(st, f->arg, i + 1) : i + 1) {
		n = f->records_at(st, i, recs, SD_MAX_STACK);
		hidden = 0;
		for (int j = 0; j < n; j++)
			hidden |= !sees_record(f, st, me, recs[j]);
		if (n < 2 && !hidden)
			continue;
		s = doc_seq(d);
		s->style = DOC_STYLE_FLOW;
		for (int j = 0; j < n; j++) {
			id = doc_str(d, f->record_name(st, recs[j]));
			doc_push(d, s, sees_record(f, st, me, recs[j]) ? id :
				 redactor_hide(r, d, id));
		}
		doc_set(d, m, item_name(f, st, i, buf), s);
	}
	return m;
}

/* How many records f has (at most SD_MAX_RECORDS): they are named 0, 1,
 * ... and NULL past the last (statedecl.h), so the first unnamed one is
 * found by doubling then halving, not by naming every record (a save
 * counts them for each field of them). */
static int n_records(const struct sd_field *f, const void *st)
{
	int lo = 0, hi = 1, mid;

	if (!f->record_name(st, 0))
		return 0;
	/* record lo is named; hi is not, or is SD_MAX_RECORDS */
	while (hi < SD_MAX_RECORDS && f->record_name(st, hi)) {
		lo = hi;
		hi = 2 * hi < SD_MAX_RECORDS ? 2 * hi : SD_MAX_RECORDS;
	}
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (f->record_name(st, mid))
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

/* SD_RECORDS declared with a value field (sub[0]): record rec's value,
 * NULL where it is empty (none, an empty set: no entry). */
static struct doc_node *record_value(const struct sd_field *f,
				     const void *st, int rec, struct doc *d,
				     struct redactor *r)
{
	struct sd_field e;
	int empty;
	struct doc_node *n;

	if (is_empty(&f->sub[0], st, (size_t)rec * f->size))
		return NULL;
	n = plain_value(&f->sub[0], (size_t)rec * f->size, st, d, &empty);
	if (!n) {
		e = place(f, rec);
		n = value(&e, st, -1, d, r, &empty);
	}
	return empty ? NULL : n;
}

/* The field's value as the saved state writes it, and whether it is
 * empty (nothing there, for SDF_NONE_PUBLIC). */
static struct doc_node *value(const struct sd_field *f, const void *st,
			      int me, struct doc *d, struct redactor *r,
			      int *empty)
{
	struct doc_node *n;
	long long v;
	int i, k;

	*empty = 0;
	switch (f->type) {
	case SD_INT:
	case SD_NAME:
	case SD_BITS:
	case SD_FLAGS:
		return plain_value(f, 0, st, d, empty);
	case SD_INTS:
	case SD_COUNT:
		k = n_names(f, st);
		if (f->type == SD_COUNT && !k)
			return doc_int(d, f->value(st, 0));
		n = flow(doc_map(d), f);
		for (i = 0; i < k; i++)
			doc_set_int(d, n, name_at(f, st, i), f->type == SD_COUNT
				    ? f->value(st, i) : get(st, f->off +
				    (size_t)i * f->size, f->size));
		return n;
	case SD_CARD:
		v = get(st, f->off, 1);
		*empty = v == CARD_NONE;
		return doc_str(d, card_label((card)v));
	case SD_PILE:
	case SD_STACK:
		n = doc_seq(d);
		n->style = DOC_STYLE_FLOW;
		for (size_t j = 0; j < cards_n(st, f); j++)
			doc_push(d, n, doc_str(d, card_label(card_at(st, f,
								      j))));
		*empty = n->n == 0;
		return n;
	case SD_GROUP:
		return build(f->sub, st, me, d, r);
	case SD_LIST:
		n = doc_seq(d);
		n->style = DOC_STYLE_FLOW;
		for (long long j = 0; j < list_n(st, f); j++)
			doc_push(d, n, doc_str(d, list_word(f, st,
						list_at(st, f, j))));
		*empty = n->n == 0;
		return n;
	case SD_MAP:
		return map_value(f, st, me, d, r, empty);
	case SD_CUSTOM:
		return f->save(st, d);
	case SD_SET: {
		char buf[16];

		n = flow(doc_seq(d), f);
		k = n_items(f, st);   /* names from the state: counted */
		for (i = f->next_in ? f->next_in(st, f->arg, 0) : 0;
		     i >= 0 && i < k;
		     i = f->next_in ? f->next_in(st, f->arg, i + 1) : i + 1)
			if (f->next_in || f->in_set(st, f->arg, i))
				doc_push(d, n, doc_str(d, item_name(f, st, i,
								    buf)));
		*empty = n->n == 0;
		return n;
	}
	case SD_PLACES:
		return places(f, st, me, d, r);
	case SD_RECORDS:
		n = flow(doc_map(d), f);
		k = n_records(f, st);
		for (i = 0; i < k; i++) {
			/* a record of an empty value has no entry */
			if (!f->record_save &&
			    (i = next_filled(&f->sub[0], st, f->size, i,
					     k)) == k)
				break;
			struct doc_node *rv = !sees_record(f, st, me, i) ?
				NULL : f->record_save ?
				f->record_save(st, i, d) :
				record_value(f, st, i, d, r);

			if (rv)
				doc_set(d, n, f->record_name(st, i), rv);
		}
		*empty = n->n == 0;
		return n;
	}
	return doc_str(d, "");
}

static int sees(const struct sd_field *f, const void *st, int me)
{
	if (me == -1 || f->vis == SD_ALL)
		return 1;
	if (f->vis == SD_SIDE)
		return me == f->who;
	if (f->vis == SD_OWNER)
		return me == get(st, f->owner, sizeof(int));
	return f->vis == SD_RECORD;   /* record by record, in the value */
}

/* me: -1 everything, else the reader's side index (-2: no side). */
static struct doc_node *build(const struct sd_field *fs, const void *st,
			      int me, struct doc *d, struct redactor *r)
{
	struct doc_node *m = doc_map(d), *n;
	int empty;

	for (const struct sd_field *f = fs; f->key; f++) {
		if (f->flags & SDF_INPUT)
			continue;   /* read on load, never written */
		n = value(f, st, me, d, r, &empty);
		if (!n)
			continue;   /* a custom field with nothing to say */
		if (empty && (f->flags & SDF_NONE_OMIT))
			continue;
		if (!sees(f, st, me) &&
		    !(empty && (f->flags & SDF_NONE_PUBLIC))) {
			if (f->flags & SDF_OMIT)
				continue;
			n = redactor_hide(r, d, n);
		}
		doc_set(d, m, f->key, n);
	}
	return m;
}

static int side_index(const struct state_decl *sd, const char *side)
{
	if (!side)
		return -1;
	for (int i = 0; sd->sides && sd->sides[i]; i++)
		if (strcmp(sd->sides[i], side) == 0)
			return i;
	return -2;
}

struct doc_node *sd_save(const struct state_decl *sd, const void *st,
			 struct doc *d)
{
	return build(sd->fields, st, -1, d, NULL);
}

struct doc_node *sd_view(const struct state_decl *sd, const void *st,
			 const char *side, struct doc *d, struct redactor *r)
{
	return build(sd->fields, st, side_index(sd, side), d, r);
}

void sd_hash(const struct state_decl *sd, const void *st,
	     unsigned char out[32])
{
	struct doc *d = doc_new("state");

	doc_hash("umpire/1 state", sd_save(sd, st, d), out);
	doc_free(d);
}

int sd_is_hidden(const struct doc_node *n)
{
	return n && n->kind == DOC_SCALAR && strncmp(n->str, "hidden:", 7) == 0;
}

/* ---- load ---- */

/* "a, b, c" (and " or none") into buf: what a field accepts. */
static const char *accepted(const struct sd_field *f, const void *st,
			    char *buf, size_t size)
{
	size_t len = 0;
	const char *w;
	char kb[128];

	buf[0] = '\0';
	if (f->type == SD_CARD || f->type == SD_PILE || f->type == SD_STACK)
		return "a card label such as AS, 10H, KD, JK1";
	for (int i = 0; (w = key_at(f, st, i, kb, sizeof kb)) && len < size;
	     i++)
		if (f->type == SD_INTS || accepts(f, st, i))
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
						len ? ", " : "", w);
	if ((f->flags & SDF_NONE) && len < size)
		snprintf(buf + len, size - len, "%s%s", len ? ", " : "",
			 f->type == SD_LIST && f->none_word ? f->none_word :
			 "none");
	return buf;
}

static int bad(const struct doc *d, const struct doc_node *n,
	       const struct sd_field *f, const void *st, const char *what,
	       struct error *err)
{
	char where[256], acc[512];

	return errorf(err, EXIT_REFUSED, "%s: %s: %s (accepted: %s)",
		      doc_where(d, n, where, sizeof where), f->key, what,
		      accepted(f, st, acc, sizeof acc));
}

static int word(const struct doc *d, const struct doc_node *n,
		const struct sd_field *f, const void *st, int *out,
		struct error *err)
{
	char what[160];

	*out = n->kind == DOC_SCALAR ? name_index(f, st, n->str) : -1;
	if (*out >= 0 && accepts(f, st, *out))
		return 0;
	snprintf(what, sizeof what, "'%.60s' is not allowed here",
		 n->kind == DOC_SCALAR ? n->str : "(a collection)");
	return bad(d, n, f, st, what, err);
}

static int need(const struct doc *d, const struct doc_node *n,
		const struct sd_field *f, enum doc_kind kind,
		struct error *err)
{
	static const char *const kinds[] = { "a word or number", "a list",
		"a mapping" };
	char where[256];

	if (n->kind == kind)
		return 0;
	return errorf(err, EXIT_REFUSED, "%s: %s must be %s",
		      doc_where(d, n, where, sizeof where), f->key,
		      kinds[kind]);
}

static int load_cards(void *st, const struct doc *d,
		      const struct doc_node *n, const struct sd_field *f,
		      struct error *err)
{
	struct pile p;
	card *c = (card *)st + f->off + offsetof(struct pile, c);
	size_t cap = f->type == SD_PILE ? PILE_MAX : (size_t)f->hi;

	if (need(d, n, f, DOC_SEQ, err) < 0)
		return -1;
	if (n->n > cap)
		return bad(d, n, f, st, "too many cards", err);
	pile_clear(&p);
	for (size_t i = 0; i < n->n; i++) {
		const struct doc_node *it = n->items[i];
		card k = it->kind == DOC_SCALAR ? card_parse(it->str)
						: CARD_NONE;

		if ((!card_valid(k) && !(k == CARD_DOWN &&
		     f->type == SD_STACK)) || !accepts(f, st, k))
			return bad(d, it, f, st, "not a card allowed here",
				   err);
		if (f->type == SD_STACK)
			p.c[p.n++] = k;
		else if (pile_add(&p, k) < 0)
			return bad(d, it, f, st, "too many cards", err);
	}
	/* the slots past the last card too (0: pile_clear), as the play
	 * leaves them (ctx_checkpoint) */
	memcpy(c, p.c, cap);
	put(st, f->off, sizeof(size_t), (long long)p.n);
	return 0;
}

static int load_fields(const struct sd_field *fs, void *st,
		       const struct doc *d, const struct doc_node *map,
		       int skip_hidden, struct load_names *c,
		       struct error *err);
static int load_one(const struct sd_field *f, void *st, const struct doc *d,
		    const struct doc_node *n, int skip_hidden,
		    struct load_names *c, struct error *err);

static int load_list(const struct sd_field *f, void *st, const struct doc *d,
		     const struct doc_node *n, struct error *err)
{
	const char *none = f->none_word ? f->none_word : "none";
	long long v;
	int i;

	if (need(d, n, f, DOC_SEQ, err) < 0)
		return -1;
	if (n->n > (size_t)f->hi)
		return bad(d, n, f, st, "too many items", err);
	for (size_t j = 0; j < n->n; j++) {
		const struct doc_node *it = n->items[j];

		if ((f->flags & SDF_NONE) && it->kind == DOC_SCALAR &&
		    strcmp(it->str, none) == 0)
			v = f->none;
		else if (word(d, it, f, st, &i, err) < 0)
			return -1;
		else
			v = i + f->lo;
		put(st, f->off + sizeof(int) + j * f->size, f->size, v);
	}
	put(st, f->off, sizeof(int), (long long)n->n);
	return 0;
}

/* A map replaces every place: those it leaves out are emptied. */
static int load_map(const struct sd_field *f, void *st, const struct doc *d,
		    const struct doc_node *n, int skip_hidden,
		    struct load_names *c, struct error *err)
{
	const char *k = NULL;
	char buf[128], what[160];
	/* the places counted once: n_places reads none of the map's
	 * values (statedecl.h), the only bytes written here; asked for
	 * each, a map's hexes cost 2 x 2,700 calls a view's load */
	int i, np = f->n_places ? f->n_places(st) : 0;

	if (need(d, n, f, DOC_MAP, err) < 0)
		return -1;
	/* a byte a place, one after the other (a map's hexes): each
	 * emptied as empty_value puts none, at once */
	if (f->n_places && f->sub[0].type == SD_NAME &&
	    f->sub[0].size == 1 && f->size == 1)
		memset((unsigned char *)st + f->sub[0].off,
		       (uint8_t)f->sub[0].none, np > 0 ? (size_t)np : 0);
	else
		for (i = 0; f->n_places ? i < np :
		     key_at(f, st, i, buf, sizeof buf) != NULL; i++)
			empty_value(&f->sub[0], st, (size_t)i * f->size);
	for (size_t j = 0; j < n->n; j++) {
		const struct doc_node *key = n->keys[j];

		if (f->place_index && key->kind == DOC_SCALAR) {
			i = f->place_index(st, key->str);
			k = i >= 0 && i < np ? key->str : NULL;
		} else {
			for (i = 0; key->kind == DOC_SCALAR &&
			     (k = key_at(f, st, i, buf, sizeof buf)) &&
			     strcmp(k, key->str) != 0; i++)
				;
		}
		if (key->kind != DOC_SCALAR || !k || !accepts(f, st, i)) {
			snprintf(what, sizeof what, "'%.60s' is not allowed "
				 "here", key->kind == DOC_SCALAR ? key->str :
				 "(a collection)");
			return bad(d, key, f, st, what, err);
		}
		struct sd_field e = place(f, i);

		if (load_one(&e, st, d, n->items[j], skip_hidden, c, err) < 0)
			return -1;
	}
	return 0;
}

/* Every item out of the set (set_item may keep what the state holds
 * by itself: a map's own demolished bridges), then those listed in. */
static int load_set(const struct sd_field *f, void *st, const struct doc *d,
		    const struct doc_node *n, struct load_names *c,
		    struct error *err)
{
	char where[256], acc[512];
	int i, k = n_items(f, st), *at;
	struct name_table t = { 0 };
	const struct name_table *tp = &t;

	if (need(d, n, f, DOC_SEQ, err) < 0)
		return -1;
	if (!f->place_index && n->n)
		tp = names_for(c, f, st, name_at, &t);
	at = xcalloc(n->n + 1, sizeof *at);
	for (size_t j = 0; j < n->n; j++) {
		const struct doc_node *w = n->items[j];

		i = w->kind != DOC_SCALAR ? -1 : f->place_index ?
			f->place_index(st, w->str) :
			names_find(tp, w->str, name_at);
		if (i < 0 || i >= k || !accepts(f, st, i)) {
			free(at);
			free(t.slot);
			return errorf(err, EXIT_REFUSED, "%s: %s: '%.60s' is "
				      "not allowed here (accepted: %s)",
				      doc_where(d, w, where, sizeof where),
				      f->key, w->kind == DOC_SCALAR ?
				      w->str : "(a collection)",
				      f->n_places && f->domain ? f->domain :
				      accepted(f, st, acc, sizeof acc));
		}
		at[j] = i;
	}
	for (i = 0; !(f->flags & SDF_SET_ADDS) && i < k; i++)
		f->set_item(st, f->arg, i, 0);
	for (size_t j = 0; j < n->n; j++)
		f->set_item(st, f->arg, at[j], 1);
	free(at);
	free(t.slot);
	return 0;
}

/* The record a word names, or -1 with an error naming the field. */
static int record_of(const struct doc *d, const struct doc_node *n,
		     const struct sd_field *f, const struct name_table *t,
		     struct error *err)
{
	char where[256];
	int i = n->kind == DOC_SCALAR ? names_find(t, n->str, record_at) : -1;

	if (i >= 0)
		return i;
	errorf(err, EXIT_REFUSED, "%s: %s: '%.60s' is no %s record (accepted: "
	       "the ids of the order of battle)", doc_where(d, n, where,
	       sizeof where), f->key, n->kind == DOC_SCALAR ? n->str :
	       "(a collection)", f->key);
	return -1;
}

/* SD_RECORDS declared with a value field: record rec's value read */
static int load_value(const struct sd_field *f, void *st, int rec,
		      const struct doc *d, const struct doc_node *n,
		      struct load_names *c, struct error *err)
{
	struct sd_field e = place(f, rec);

	return load_one(&e, st, d, n, 0, c, err);
}

static int load_records(const struct sd_field *f, void *st,
			const struct doc *d, const struct doc_node *n,
			struct load_names *c, struct error *err)
{
	int recs[SD_MAX_STACK], place, k, rc = -1;
	struct name_table x = { 0 };
	const struct name_table *xp = &x;

	if (need(d, n, f, DOC_MAP, err) < 0)
		return -1;
	/* none made for an empty mapping, which looks no name up (most
	 * of a state's records fields early in a game) */
	if (n->n)
		xp = names_for(c, f, st, record_at, &x);
	for (size_t j = 0; j < n->n; j++) {
		const struct doc_node *v = n->items[j];

		if (f->type == SD_RECORDS) {
			if ((k = record_of(d, n->keys[j], f, xp, err)) < 0 ||
			    (f->record_load ? f->record_load(st, k, d, v, err) :
			     load_value(f, st, k, d, v, c, err)))
				goto out;
			continue;
		}
		if (f->place_index) {
			place = item_index(f, st, n->keys[j]->str);
			if (place < 0) {
				bad(d, n->keys[j], f, st, "not a place of the "
				    "map", err);
				goto out;
			}
		} else if (word(d, n->keys[j], f, st, &place, err) < 0) {
			goto out;
		}
		if (need(d, v, f, DOC_SEQ, err) < 0)
			goto out;
		if (v->n > SD_MAX_STACK) {
			bad(d, v, f, st, "too many records in one place",
			    err);
			goto out;
		}
		for (size_t i = 0; i < v->n; i++)
			if ((recs[i] = record_of(d, v->items[i], f, xp,
						 err)) < 0)
				goto out;
		if (f->place_put(st, place, recs, (int)v->n, d, v, err) < 0)
			goto out;
	}
	rc = 0;
out:
	free(x.slot);
	return rc;
}

static int load_one(const struct sd_field *f, void *st, const struct doc *d,
		    const struct doc_node *n, int skip_hidden,
		    struct load_names *c, struct error *err)
{
	long long v;
	int i, k;

	switch (f->type) {
	case SD_INT:
		if (doc_int_of(d, n, f->key, f->lo, f->hi, &v, err) < 0)
			return -1;
		put(st, f->off, f->size, v);
		return 0;
	case SD_NAME:
		if ((f->flags & SDF_NONE) && n->kind == DOC_SCALAR &&
		    strcmp(n->str, "none") == 0) {
			put(st, f->off, f->size, f->none);
			return 0;
		}
		if (word(d, n, f, st, &i, err) < 0)
			return -1;
		put(st, f->off, f->size, i + f->lo);
		return 0;
	case SD_BITS:
	case SD_FLAGS:
		if (need(d, n, f, DOC_SEQ, err) < 0)
			return -1;
		/* an array of flags has one element a name, as many as
		 * there are (an order of battle's units); a mask 63 */
		k = n_names(f, st);
		for (i = 0; f->type == SD_FLAGS && i < k; i++)
			put(st, f->off + (size_t)i * f->size, f->size, 0);
		v = 0;
		for (size_t j = 0; j < n->n; j++) {
			if (word(d, n->items[j], f, st, &i, err) < 0)
				return -1;
			if (f->type == SD_FLAGS ? get(st, f->off + (size_t)i *
			    f->size, f->size) != 0 : (v >> i & 1) != 0)
				return bad(d, n->items[j], f, st, "listed "
					   "twice", err);
			if (f->type == SD_FLAGS)
				put(st, f->off + (size_t)i * f->size, f->size,
				    1);
			else
				v |= 1LL << i;
		}
		if (f->type == SD_BITS)
			put(st, f->off, f->size, v);
		return 0;
	case SD_INTS:
		if (need(d, n, f, DOC_MAP, err) < 0)
			return -1;
		k = n_names(f, st);
		for (size_t j = 0; j < n->n; j++) {
			if (word(d, n->keys[j], f, st, &i, err) < 0 ||
			    doc_int_of(d, n->items[j], n->keys[j]->str, f->lo,
				       f->hi, &v, err) < 0)
				return -1;
			put(st, f->off + (size_t)i * f->size, f->size, v);
		}
		return 0;
	case SD_CARD:
		k = n->kind == DOC_SCALAR ? card_parse(n->str) : CARD_NONE;
		if (n->kind == DOC_SCALAR && strcmp(n->str, "none") == 0)
			k = CARD_NONE;
		else if (!card_valid((card)k) || !accepts(f, st, k))
			return bad(d, n, f, st, "not a card allowed here, "
				   "nor none", err);
		put(st, f->off, 1, k);
		return 0;
	case SD_PILE:
	case SD_STACK:
		return load_cards(st, d, n, f, err);
	case SD_COUNT:
		return 0;   /* checked once the state is complete */
	case SD_GROUP:
		if (need(d, n, f, DOC_MAP, err) < 0)
			return -1;
		return load_fields(f->sub, st, d, n, skip_hidden, c, err);
	case SD_LIST:
		return load_list(f, st, d, n, err);
	case SD_MAP:
		return load_map(f, st, d, n, skip_hidden, c, err);
	case SD_CUSTOM:
		return f->load(st, d, n, err);
	case SD_SET:
		return load_set(f, st, d, n, c, err);
	case SD_PLACES:
	case SD_RECORDS:
		return load_records(f, st, d, n, c, err);
	}
	return 0;
}

static int load_fields(const struct sd_field *fs, void *st,
		       const struct doc *d, const struct doc_node *map,
		       int skip_hidden, struct load_names *c,
		       struct error *err)
{
	const char *keys[SD_MAX_FIELDS + 1];
	const struct doc_node *n;
	size_t k = 0;

	for (const struct sd_field *f = fs; f->key &&
	     k < SD_MAX_FIELDS; f++)
		keys[k++] = f->key;
	keys[k] = NULL;
	if (doc_only_keys(d, map, keys, err) < 0)
		return -1;
	for (const struct sd_field *f = fs; f->key; f++) {
		if (!(n = doc_get(map, f->key)) ||
		    (skip_hidden && sd_is_hidden(n)))
			continue;
		if (f->flags & SDF_INPUT)
			names_drop(c);   /* it may change the names */
		if (load_one(f, st, d, n, skip_hidden, c, err) < 0)
			return -1;
	}
	return 0;
}

/* The derived counts the mapping gives, against the loaded state. */
static int check_counts(const struct sd_field *fs, const void *st,
			const struct doc *d, const struct doc_node *map,
			struct error *err)
{
	const struct doc_node *n, *v;
	char where[256];
	long long got;
	int i, k;

	for (const struct sd_field *f = fs; f->key; f++) {
		if (!(n = doc_get(map, f->key)))
			continue;
		if (f->type == SD_GROUP && check_counts(f->sub, st, d, n,
							err) < 0)
			return -1;
		if (f->type != SD_COUNT)
			continue;
		k = n_names(f, st);
		if (k && need(d, n, f, DOC_MAP, err) < 0)
			return -1;
		for (size_t j = 0; k && j < n->n; j++)
			if (word(d, n->keys[j], f, st, &i, err) < 0)
				return -1;
		for (i = 0; i < (k ? k : 1); i++) {
			v = k ? doc_get(n, name_at(f, st, i)) : n;
			if (!v)
				continue;
			if (doc_int_of(d, v, f->key, f->lo, f->hi, &got,
				       err) < 0)
				return -1;
			if (got != f->value(st, i))
				return errorf(err, EXIT_REFUSED, "%s: %s: %s%s"
					      "%lld, but the state gives %lld",
					      doc_where(d, v, where,
					      sizeof where), f->key,
					      k ? name_at(f, st, i) : "",
					      k ? " " : "", got,
					      f->value(st, i));
		}
	}
	return 0;
}

static int not_a_map(const struct state_decl *sd, const struct doc *d,
		     struct error *err)
{
	return errorf(err, EXIT_REFUSED, "%s: the %s state must be a mapping "
		      "of its fields", d && d->name ? d->name : "position",
		      sd->game);
}

static void items(const struct sd_field *f, const void *st,
		  unsigned char held[SD_MAX_ITEMS]);
static int same_universe(const struct sd_field *a,
			 const struct sd_field *b);

size_t sd_flatten(const struct sd_field *fs, const struct sd_field **out,
		  size_t n)
{
	for (const struct sd_field *f = fs; f->key; f++)
		if (f->type == SD_GROUP)
			n = sd_flatten(f->sub, out, n);
		else if (n < SD_MAX_FIELDS)
			out[n++] = f;
	return n;
}

/* SDD_ONE_PLACE: no item of a universe is in two fields. */
static int one_place(const struct state_decl *sd, const void *st,
		     const struct doc *d, struct error *err)
{
	const struct sd_field *f[SD_MAX_FIELDS];
	size_t n = sd_flatten(sd->fields, f, 0), i, j;
	unsigned char held[SD_MAX_ITEMS];
	const struct sd_field *first[SD_MAX_ITEMS];

	for (i = 0; i < n; i++) {
		int sets = 0;

		for (j = 0; j < n; j++)
			sets |= same_universe(f[i], f[j]) &&
				f[j]->type != SD_NAME && f[j]->type != SD_CARD;
		if (!sets)
			continue;  /* words of a list, not items in places */
		memset(first, 0, sizeof first);
		for (j = 0; j < n; j++) {
			if (!same_universe(f[i], f[j]))
				continue;
			if (j < i)
				break;     /* this universe was checked */
			memset(held, 0, sizeof held);
			items(f[j], st, held);
			for (int k = 0; k < SD_MAX_ITEMS; k++) {
				if (held[k] && first[k])
					return errorf(err, EXIT_REFUSED, "%s: "
						      "the %s is in more than "
						      "one place: %s and %s",
						      d && d->name ? d->name :
						      "position", is_cards(f[j])
						      ? card_label((card)k) :
						      name_at(unit(f[j]), st,
							      k), first[k]->key,
						      f[j]->key);
				if (held[k])
					first[k] = f[j];
			}
		}
	}
	return 0;
}

/* SDF_REST fields a position leaves out: every item they accept that
 * no other field of their universe holds. */
static void rest(const struct state_decl *sd, void *st,
		 const struct doc_node *map)
{
	const struct sd_field *f[SD_MAX_FIELDS];
	size_t n = sd_flatten(sd->fields, f, 0), i, j;
	unsigned char held[SD_MAX_ITEMS];
	struct pile p;
	long long bits;

	for (i = 0; i < n; i++) {
		if (!(f[i]->flags & SDF_REST) || doc_get(map, f[i]->key))
			continue;
		bits = 0;
		memset(held, 0, sizeof held);
		for (j = 0; j < n; j++)
			if (j != i && same_universe(f[i], f[j]))
				items(f[j], st, held);
		pile_clear(&p);
		for (int k = 0; k < SD_MAX_ITEMS; k++)
			if (!held[k] && k < (is_cards(f[i]) ? CARD_COUNT :
			    n_names(f[i], st)) && accepts(f[i], st, k)) {
				bits |= 1LL << (k & 63);
				pile_add(&p, (card)k);
			}
		if (f[i]->type == SD_BITS)
			put(st, f[i]->off, f[i]->size, bits);
		else
			memcpy((unsigned char *)st + f[i]->off, &p, sizeof p);
	}
}

int sd_load(const struct state_decl *sd, void *st, const struct doc *d,
	    const struct doc_node *map, struct error *err)
{
	struct load_names c = { .keep = (sd->flags & SDD_FIXED_NAMES) != 0 };
	int rc;

	if (!map || map->kind != DOC_MAP)
		return not_a_map(sd, d, err);
	rc = load_fields(sd->fields, st, d, map, 0, &c, err);
	names_drop(&c);
	if (rc < 0)
		return -1;
	rest(sd, st, map);
	if ((sd->complete && sd->complete(st, d, map, err) < 0) ||
	    ((sd->flags & SDD_ONE_PLACE) && one_place(sd, st, d, err) < 0))
		return -1;
	return check_counts(sd->fields, st, d, map, err);
}

/* ---- a view back to a state: stand-ins ---- */

/* The items of a universe (names list, or the cards) a field holds. */
static void items(const struct sd_field *f, const void *st,
		  unsigned char held[SD_MAX_ITEMS])
{
	long long v;

	switch (f->type) {
	case SD_NAME:
		v = get(st, f->off, f->size);
		if (!((f->flags & SDF_NONE) && v == f->none) &&
		    v - f->lo >= 0 && v - f->lo < SD_MAX_ITEMS)
			held[v - f->lo] = 1;
		break;
	case SD_BITS:
		v = get(st, f->off, f->size);
		for (int i = 0; i < SD_MAX_ITEMS && i < 64; i++)
			held[i] |= (unsigned char)(v >> i & 1);
		break;
	case SD_CARD:
		v = get(st, f->off, 1);
		if (v < CARD_COUNT)
			held[v] = 1;
		break;
	case SD_PILE:
	case SD_STACK:
		for (size_t j = 0; j < cards_n(st, f); j++)
			if (card_valid(card_at(st, f, j)))
				held[card_at(st, f, j)] = 1;
		break;
	case SD_LIST:
		for (long long j = 0; j < list_n(st, f); j++) {
			v = list_at(st, f, j) - f->lo;
			if (!((f->flags & SDF_NONE) && v + f->lo == f->none) &&
			    v >= 0 && v < SD_MAX_ITEMS)
				held[v] = 1;
		}
		break;
	case SD_MAP: {
		char buf[128];

		for (int i = 0; key_at(f, st, i, buf, sizeof buf); i++) {
			struct sd_field e = place(f, i);

			items(&e, st, held);
		}
		break;
	}
	default:
		break;
	}
}

static int is_words(const struct sd_field *f)
{
	return f->type == SD_NAME || f->type == SD_BITS || f->type == SD_LIST;
}

static int same_universe(const struct sd_field *a, const struct sd_field *b)
{
	a = unit(a);
	b = unit(b);
	if (is_cards(a) || is_cards(b))
		return is_cards(a) && is_cards(b);
	return is_words(a) && is_words(b) && a->names == b->names &&
	       a->name_of == b->name_of;
}

struct hidden_part {
	const struct sd_field *f;
	struct doc_node *map;       /* where it is, in the copy */
};

static void find_hidden(const struct sd_field *fs, struct doc_node *map,
			struct hidden_part *h, size_t *n)
{
	struct doc_node *v;

	for (const struct sd_field *f = fs; f->key; f++) {
		v = (struct doc_node *)doc_get(map, f->key);
		if (!v)
			continue;
		if (f->type == SD_GROUP && v->kind == DOC_MAP)
			find_hidden(f->sub, v, h, n);
		else if (sd_is_hidden(v) && *n < SD_MAX_FIELDS)
			h[(*n)++] = (struct hidden_part){ f, map };
	}
}

/* Every field that is shown, depth first. */
static void shown_items(const struct sd_field *fs, const struct doc_node *map,
			const struct sd_field *like, const void *st,
			unsigned char held[SD_MAX_ITEMS])
{
	const struct doc_node *v;

	for (const struct sd_field *f = fs; f->key; f++) {
		v = doc_get(map, f->key);
		if (f->type == SD_GROUP && v && v->kind == DOC_MAP)
			shown_items(f->sub, v, like, st, held);
		else if (!sd_is_hidden(v) && same_universe(f, like))
			items(f, st, held);
	}
}

static long long standin_size(const struct sd_field *f,
			      const struct doc_node *top)
{
	const struct doc_node *c = f->count_key ? doc_get(top, f->count_key)
						: NULL;
	long long n;

	if (c && f->count_name)
		c = c->kind == DOC_MAP ? doc_get(c, f->count_name) : NULL;
	if (f->count_key)
		return c && doc_int_of(NULL, c, f->key, 0, SD_MAX_ITEMS, &n,
				       &(struct error){ 0 }) == 0 ? n : 0;
	return f->type == SD_NAME || f->type == SD_CARD ? 1 : SD_MAX_RECORDS;
}

static struct doc_node *stand_in(const struct sd_field *f, const void *st,
				 unsigned char held[SD_MAX_ITEMS],
				 long long size, struct doc *d)
{
	struct doc_node *seq = doc_seq(d);
	int k = is_cards(f) ? CARD_COUNT : n_names(f, st);

	seq->style = DOC_STYLE_FLOW;
	for (int i = 0; i < k && i < SD_MAX_ITEMS && size > 0; i++)
		if (!held[i] && accepts(f, st, i)) {
			held[i] = 1;
			doc_push(d, seq, doc_str(d, is_cards(f) ?
				 card_label((card)i) : name_at(f, st, i)));
			size--;
		}
	if (f->type == SD_NAME || f->type == SD_CARD)
		return seq->n ? seq->items[0] : doc_str(d, "none");
	return seq;
}

struct record_standins {
	const struct sd_field *f[SD_MAX_RECORDS];
	int rec[SD_MAX_RECORDS];
	int n;
};

typedef const char *(*record_fn)(const void *st, int rec);

/* The records of the declaration's places (its SD_PLACES field's
 * record_name); NULL: it has none. */
static record_fn records_of(const struct sd_field *fs)
{
	for (const struct sd_field *f = fs; f->key; f++)
		if (f->type == SD_PLACES)
			return f->record_name;
	return NULL;
}

/* Whether f holds records rn names: their places, a value each, or a
 * set of them. */
static int of_records(const struct sd_field *f, record_fn rn)
{
	if (!rn)
		return 0;
	if (f->type == SD_SET)
		return f->name_of == rn;
	return (f->type == SD_PLACES || f->type == SD_RECORDS) &&
	       f->record_name == rn;
}

/* The records the view names: keys of its record mappings, entries of
 * its places and of its sets of them, groups included; each found in
 * t, the records' names (a search of the list for each was O(n^2): 2.9M
 * instructions a Race to the Reichstag view, 80,000 names compared). */
static void records_named(const struct sd_field *fs, record_fn rn,
			  const struct name_table *t, const void *st,
			  const struct doc_node *m, unsigned char *named)
{
	const struct doc_node *v, *l;
	int k;

	for (const struct sd_field *f = fs; f->key; f++) {
		if (!(v = doc_get(m, f->key)))
			continue;
		if (f->type == SD_GROUP && v->kind == DOC_MAP)
			records_named(f->sub, rn, t, st, v, named);
		if (!of_records(f, rn) ||
		    v->kind != (f->type == SD_SET ? DOC_SEQ : DOC_MAP))
			continue;
		for (size_t j = 0; j < v->n; j++) {
			l = f->type == SD_RECORDS ? v->keys[j] : v->items[j];
			for (size_t i = 0; i < (l->kind == DOC_SEQ ? l->n : 1);
			     i++) {
				const struct doc_node *w = l->kind == DOC_SEQ ?
					l->items[i] : l;

				if (w->kind == DOC_SCALAR &&
				    (k = names_find(t, w->str, record_at)) >= 0)
					named[k] = 1;
			}
		}
	}
}

/* The stand-in rank of each record for f in st (0: f does not
 * accept it, else its standin_rank, 1 without one), good while st is
 * not changed: each stand-in record picked named every record and
 * asked accept() and the rank again (0.19M instructions of a Race to
 * the Reichstag view, 42 picks among 433 records). */
struct standin_ranks {
	int n;                     /* the records: 0..n-1 */
	int rank[SD_MAX_RECORDS];
};

static void standin_ranks(const struct sd_field *f, record_fn rn,
			  const void *st, struct standin_ranks *r)
{
	for (r->n = 0; r->n < SD_MAX_RECORDS && rn(st, r->n); r->n++)
		r->rank[r->n] = !accepts(f, st, r->n) ? 0 :
			f->standin_rank ? f->standin_rank(st, r->n) : 1;
}

/* The record to stand in next: of those the view names nowhere and
 * the field accepts, the first of the lowest rank (none is below 1);
 * -1: none. */
static int standin_record(const struct standin_ranks *r,
			  const unsigned char *named)
{
	int best = -1, rank = 0, x;

	for (int k = 0; k < r->n && rank != 1; k++) {
		x = named[k] ? 0 : r->rank[k];
		if (x > 0 && (best < 0 || x < rank)) {
			best = k;
			rank = x;
		}
	}
	return best;
}

/* A set of records hidden whole: size stand-ins. */
static struct doc_node *record_set_standin(const struct sd_field *f,
					   record_fn rn, const void *st,
					   unsigned char *named,
					   long long size, struct doc *d)
{
	struct doc_node *seq = doc_seq(d);
	struct standin_ranks *r = xmalloc(sizeof *r);
	int k;

	seq->style = DOC_STYLE_FLOW;
	if (size > 0)
		standin_ranks(f, rn, st, r);
	while (size-- > 0 && (k = standin_record(r, named)) >= 0) {
		named[k] = 1;
		doc_push(d, seq, doc_str(d, rn(st, k)));
	}
	free(r);
	return seq;
}

/* Each redacted entry of a place gets a stand-in record (standin_record;
 * hide() makes it hidden once the state is loaded). named: the records
 * the view names, and then those standing in. */
static int place_standins(const struct state_decl *sd, const void *st,
			  struct doc *fill, struct doc_node *m,
			  unsigned char *named, struct record_standins *out,
			  struct error *err)
{
	struct doc_node *v, *l;
	char where[256];
	int k, rc = 0;
	/* st is not changed here: f's ranks stand while f is placed */
	struct standin_ranks *r = xmalloc(sizeof *r);
	const struct sd_field *ranked = NULL;

	for (const struct sd_field *f = sd->fields; rc == 0 && f->key; f++) {
		if (f->type != SD_PLACES ||
		    !(v = (struct doc_node *)doc_get(m, f->key)) ||
		    v->kind != DOC_MAP)
			continue;
		for (size_t j = 0; rc == 0 && j < v->n; j++) {
			l = v->items[j];
			for (size_t i = 0; rc == 0 && l->kind == DOC_SEQ &&
			     i < l->n; i++) {
				if (!sd_is_hidden(l->items[i]))
					continue;
				if (ranked != f)
					standin_ranks(f, f->record_name, st,
						      r);
				ranked = f;
				k = standin_record(r, named);
				if (k < 0 || out->n == SD_MAX_RECORDS) {
					rc = errorf(err, EXIT_REFUSED, "%s: "
						    "%s: more hidden records "
						    "than records the view "
						    "does not name",
						    doc_where(fill, l, where,
						    sizeof where), f->key);
					break;
				}
				named[k] = 1;
				l->items[i] = doc_str(fill,
						      f->record_name(st, k));
				out->f[out->n] = f;
				out->rec[out->n++] = k;
			}
		}
	}
	free(r);
	return rc;
}

/*
 * Each redacted part gets a stand-in: items of its universe that no
 * shown part holds and no earlier stand-in took, that the field
 * accepts (given what the view shows), as many as the view's count of
 * it. Drawn for `side`, a hidden part shows only its size, so the
 * stand-in is never seen. Then the whole is loaded and checked as
 * sd_load checks a position.
 */
int sd_load_view(const struct state_decl *sd, void *st, const struct doc *d,
		 const struct doc_node *map, const char *side,
		 struct error *err)
{
	struct hidden_part h[SD_MAX_FIELDS];
	struct record_standins *rs;
	size_t n = 0, i;
	int rc = -1, rank, next, me = side_index(sd, side);
	/* shown's tables: written only by these loads from here on */
	struct load_names names = {
		.keep = (sd->flags & SDD_FIXED_NAMES) != 0 };

	if (!map || map->kind != DOC_MAP)
		return not_a_map(sd, d, err);
	struct doc *fill = doc_new(d ? d->name : "view");
	struct doc_node *m = doc_copy(fill, map);
	/* not zeroed (doc_alloc): st is copied over it whole, and the
	 * zeroing of a large state cost as much as the copy (0.2M
	 * instructions of a Race to the Reichstag view) */
	void *shown = xmalloc(sd->state_size);

	record_fn rn = records_of(sd->fields);
	unsigned char *named = doc_alloc(fill, SD_MAX_RECORDS);

	if (rn) {
		struct sd_field rf = { .record_name = rn };
		struct name_table t;

		names_make(&t, &rf, st, record_at);
		records_named(sd->fields, rn, &t, st, m, named);
		free(t.slot);
	}
	/* only the first rs->n entries are read: not zeroed */
	rs = xmalloc(sizeof *rs);
	rs->n = 0;
	memcpy(shown, st, sd->state_size);
	if (place_standins(sd, st, fill, m, named, rs, err) < 0 ||
	    load_fields(sd->fields, shown, fill, m, 1, &names, err) < 0)
		goto out;
	find_hidden(sd->fields, m, h, &n);
	for (i = 0; i < n; i++)
		if (sees(h[i].f, shown, side_index(sd, side))) {
			char where[256];

			errorf(err, EXIT_REFUSED, "%s: %s is hidden, but %s "
			       "sees it: a view hides only what its side may "
			       "not see", doc_where(d, doc_get(h[i].map,
			       h[i].f->key), where, sizeof where),
			       h[i].f->key, side ? side : "the referee");
			goto out;
		}
	for (rank = 0; rank >= 0; rank = next) {
		next = -1;
		for (i = 0; i < n; i++) {
			unsigned char held[SD_MAX_ITEMS] = { 0 };

			if (h[i].f->standin > rank && (next < 0 ||
			    h[i].f->standin < next))
				next = h[i].f->standin;
			if (h[i].f->standin != rank)
				continue;
			/* the stand-ins put before are shown by now */
			if (h[i].f->type == SD_SET && of_records(h[i].f, rn)) {
				doc_put(fill, h[i].map, h[i].f->key,
					record_set_standin(h[i].f, rn, shown,
					named, standin_size(h[i].f, m), fill));
			} else {
				shown_items(sd->fields, m, h[i].f, shown,
					    held);
				doc_put(fill, h[i].map, h[i].f->key,
					stand_in(h[i].f, shown, held,
					standin_size(h[i].f, m), fill));
			}
			if (h[i].f->flags & SDF_INPUT)
				names_drop(&names);
			load_one(h[i].f, shown, fill, doc_get(h[i].map,
				 h[i].f->key), 1, &names, err);
		}
	}
	/* counts the stand-ins need not meet */
	for (const struct sd_field *f = sd->fields; f->key; f++)
		if (f->type == SD_COUNT && (f->flags & SDF_VIEW_LOOSE))
			doc_del(m, f->key);
	rc = sd_load(sd, st, fill, m, err);
	for (int j = 0; rc == 0 && j < rs->n; j++) {
		rs->f[j]->hide(st, rs->rec[j], me);
		if (rs->f[j]->record_sees(st, me, rs->rec[j]))
			rc = errorf(err, EXIT_REFUSED, "%s: %s: the stand-in "
				    "%s would be seen by %s (the declaration's "
				    "hide() and record_sees disagree)",
				    d && d->name ? d->name : "view",
				    rs->f[j]->key, rs->f[j]->record_name(st,
				    rs->rec[j]), side ? side : "the referee");
	}
out:
	names_drop(&names);
	free(rs);
	free(shown);
	doc_free(fill);
	return rc;
}

static const struct sd_field *field_of(const struct state_decl *sd,
				       const char *key)
{
	const struct sd_field *f[SD_MAX_FIELDS];
	size_t n = sd_flatten(sd->fields, f, 0);

	for (size_t i = 0; i < n; i++)
		if (strcmp(f[i]->key, key) == 0)
			return f[i];
	return NULL;
}

int sd_load_key(const struct state_decl *sd, const char *key, void *st,
		const struct doc *d, const struct doc_node *n,
		struct error *err)
{
	const struct sd_field *f = field_of(sd, key);

	if (!f)
		return errorf(err, EXIT_REFUSED, "%s: %s: no such field of "
			      "the %s state", d && d->name ? d->name :
			      "position", key, sd->game);
	return load_one(f, st, d, n, 0, NULL, err);
}

int sd_sees_record(const struct state_decl *sd, const char *key,
		   const void *st, const char *side, int rec)
{
	const struct sd_field *f = field_of(sd, key);
	int me = side_index(sd, side);

	/* a field not record by record: its visibility, whatever rec */
	return !f || (f->vis == SD_RECORD ? sees_record(f, st, me, rec) :
		      sees(f, st, me));
}

void sd_consult(struct ctx *c, const struct state_decl *sd, const char *key,
		const void *st, int rec, const char *rule)
{
	for (int i = 0; sd->sides && sd->sides[i]; i++)
		if (!sd_sees_record(sd, key, st, sd->sides[i], rec))
			ctx_consult(c, sd->sides[i], rule);
}
