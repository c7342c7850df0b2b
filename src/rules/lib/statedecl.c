/*
 * statedecl.c - load, save, view, stand-ins and hash of a game's state
 * from its declaration (include/umpire/statedecl.h).
 */
#include <stdint.h>
#include <string.h>
#include "umpire/statedecl.h"
#include "cards.h"

enum { SD_MAX_FIELDS = 64, SD_MAX_ITEMS = 128 };

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

static int n_names(const struct sd_field *f, const void *st)
{
	int n = 0;

	if (f->names)
		return f->n_names;
	while (name_at(f, st, n))
		n++;
	return n;
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

/* The field's value as the saved state writes it, and whether it is
 * empty (nothing there, for SDF_NONE_PUBLIC). */
static struct doc_node *value(const struct sd_field *f, const void *st,
			      int me, struct doc *d, struct redactor *r,
			      int *empty)
{
	struct doc_node *n;
	const char *w;
	long long v;
	int i, k = n_names(f, st);

	*empty = 0;
	switch (f->type) {
	case SD_INT:
		return doc_int(d, get(st, f->off, f->size));
	case SD_NAME:
		v = get(st, f->off, f->size);
		*empty = (f->flags & SDF_NONE) && v == f->none;
		w = *empty ? "none" : name_at(f, st, (int)(v - f->lo));
		return doc_str(d, w ? w : "?");
	case SD_BITS:
	case SD_FLAGS:
		n = flow(doc_seq(d), f);
		v = get(st, f->off, f->size);
		for (i = 0; i < k; i++)
			if (f->type == SD_BITS ? (unsigned long long)v >> i & 1 :
			    get(st, f->off + (size_t)i * f->size, f->size) != 0)
				doc_push(d, n, doc_str(d, name_at(f, st, i)));
		*empty = n->n == 0;
		return n;
	case SD_INTS:
	case SD_COUNT:
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
	case SD_CUSTOM:
		return f->save(st, d);
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
	return 0;
}

/* me: -1 everything, else the reader's side index (-2: no side). */
static struct doc_node *build(const struct sd_field *fs, const void *st,
			      int me, struct doc *d, struct redactor *r)
{
	struct doc_node *m = doc_map(d), *n;
	int empty;

	for (const struct sd_field *f = fs; f->key; f++) {
		n = value(f, st, me, d, r, &empty);
		if (!sees(f, st, me) &&
		    !(empty && (f->flags & SDF_NONE_PUBLIC)))
			n = redact(r, d, n);
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

	buf[0] = '\0';
	if (f->type == SD_CARD || f->type == SD_PILE || f->type == SD_STACK)
		return "a card label such as AS, 10H, KD, JK1";
	for (int i = 0; (w = name_at(f, st, i)) && len < size; i++)
		if (f->type == SD_INTS || accepts(f, st, i))
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
						len ? ", " : "", w);
	if ((f->flags & SDF_NONE) && len < size)
		snprintf(buf + len, size - len, "%snone", len ? ", " : "");
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
	memcpy(c, p.c, p.n);
	put(st, f->off, sizeof(size_t), (long long)p.n);
	return 0;
}

static int load_fields(const struct sd_field *fs, void *st,
		       const struct doc *d, const struct doc_node *map,
		       int skip_hidden, struct error *err);

static int load_one(const struct sd_field *f, void *st, const struct doc *d,
		    const struct doc_node *n, int skip_hidden,
		    struct error *err)
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
		v = 0;
		for (size_t j = 0; j < n->n; j++) {
			if (word(d, n->items[j], f, st, &i, err) < 0)
				return -1;
			if (v >> i & 1)
				return bad(d, n->items[j], f, st, "listed "
					   "twice", err);
			v |= 1LL << i;
		}
		k = n_names(f, st);
		if (f->type == SD_BITS)
			put(st, f->off, f->size, v);
		else
			for (i = 0; i < k; i++)
				put(st, f->off + (size_t)i * f->size, f->size,
				    v >> i & 1);
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
		return load_fields(f->sub, st, d, n, skip_hidden, err);
	case SD_CUSTOM:
		return f->load(st, d, n, err);
	}
	return 0;
}

static int load_fields(const struct sd_field *fs, void *st,
		       const struct doc *d, const struct doc_node *map,
		       int skip_hidden, struct error *err)
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
	for (const struct sd_field *f = fs; f->key; f++)
		if ((n = doc_get(map, f->key)) &&
		    !(skip_hidden && sd_is_hidden(n)) &&
		    load_one(f, st, d, n, skip_hidden, err) < 0)
			return -1;
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

/* Every field but the groups, depth first: n of them into out. */
static size_t flatten(const struct sd_field *fs, const struct sd_field **out,
		      size_t n)
{
	for (const struct sd_field *f = fs; f->key; f++)
		if (f->type == SD_GROUP)
			n = flatten(f->sub, out, n);
		else if (n < SD_MAX_FIELDS)
			out[n++] = f;
	return n;
}

/* SDD_ONE_PLACE: no item of a universe is in two fields. */
static int one_place(const struct state_decl *sd, const void *st,
		     const struct doc *d, struct error *err)
{
	const struct sd_field *f[SD_MAX_FIELDS];
	size_t n = flatten(sd->fields, f, 0), i, j;
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
						      name_at(f[j], st, k),
						      first[k]->key, f[j]->key);
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
	size_t n = flatten(sd->fields, f, 0), i, j;
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
	if (!map || map->kind != DOC_MAP)
		return not_a_map(sd, d, err);
	if (load_fields(sd->fields, st, d, map, 0, err) < 0)
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
	default:
		break;
	}
}

static int same_universe(const struct sd_field *a, const struct sd_field *b)
{
	if (is_cards(a) || is_cards(b))
		return is_cards(a) && is_cards(b);
	return (a->type == SD_NAME || a->type == SD_BITS) &&
	       (b->type == SD_NAME || b->type == SD_BITS) &&
	       a->names == b->names && a->name_of == b->name_of;
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
	return f->type == SD_NAME || f->type == SD_CARD ? 1 : SD_MAX_ITEMS;
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
	size_t n = 0, i;
	int rc = -1, rank, next;

	if (!map || map->kind != DOC_MAP)
		return not_a_map(sd, d, err);
	struct doc *fill = doc_new(d ? d->name : "view");
	struct doc_node *m = doc_copy(fill, map);
	void *shown = doc_alloc(fill, sd->state_size);

	memcpy(shown, st, sd->state_size);
	if (load_fields(sd->fields, shown, fill, m, 1, err) < 0)
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
			shown_items(sd->fields, m, h[i].f, shown, held);
			doc_put(fill, h[i].map, h[i].f->key, stand_in(h[i].f,
				shown, held, standin_size(h[i].f, m), fill));
			load_one(h[i].f, shown, fill, doc_get(h[i].map,
				 h[i].f->key), 1, err);
		}
	}
	rc = sd_load(sd, st, fill, m, err);
out:
	doc_free(fill);
	return rc;
}

/* ---- what a view holds and hides ---- */

static const char *owner_key(const struct state_decl *sd, size_t off)
{
	const struct sd_field *f[SD_MAX_FIELDS];
	size_t n = flatten(sd->fields, f, 0);

	for (size_t i = 0; i < n; i++)
		if (f[i]->off == off && f[i]->type == SD_NAME)
			return f[i]->key;
	return "owner";
}

static void describe(const struct state_decl *sd, const struct sd_field *fs,
		     const char *prefix, struct strbuf *out)
{
	static const char *const types[] = { "a number", "a word",
		"a set of words", "a set of words", "a number for each word",
		"a card or none", "a pile of cards", "a stack of cards",
		"a count", "a mapping", "the game's own" };

	for (const struct sd_field *f = fs; f->key; f++) {
		strbuf_addf(out, "%s%s: %s", prefix, f->key, types[f->type]);
		if (f->type == SD_INT)
			strbuf_addf(out, " from %lld to %lld", f->lo, f->hi);
		if (f->flags & SDF_NONE)
			strbuf_adds(out, " or none");
		switch (f->vis) {
		case SD_ALL:
			strbuf_adds(out, "; shown to every side");
			break;
		case SD_SIDE:
			strbuf_addf(out, "; shown to %s only",
				    sd->sides[f->who]);
			break;
		case SD_OWNER:
			strbuf_addf(out, "; shown to the side in %s only",
				    owner_key(sd, f->owner));
			break;
		case SD_REFEREE:
			strbuf_adds(out, "; hidden from every side");
			break;
		}
		strbuf_adds(out, f->vis != SD_ALL && (f->flags &
			    SDF_NONE_PUBLIC) ? ", unless empty\n" : "\n");
		if (f->type == SD_GROUP) {
			char p[64];

			snprintf(p, sizeof p, "%s%s.", prefix, f->key);
			describe(sd, f->sub, p, out);
		}
	}
}

void sd_describe(const struct state_decl *sd, struct strbuf *out)
{
	describe(sd, sd->fields, "", out);
}

/* text for roff: a backslash and a minus escaped, a leading dot kept */
static void roff(const char *s, struct strbuf *out)
{
	for (; *s; s++)
		if (*s == '-' || *s == '\\')
			strbuf_adds(out, *s == '-' ? "\\-" : "\\e");
		else
			strbuf_addc(out, *s);
}

void sd_views_man(const struct ruleset *const *rs, struct strbuf *out)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_adds(out, ".\\\" made by umpire scenarios --views: do not "
		    "edit by hand\n.PP\nWhat each game's view holds, field "
		    "by field in the order of the state\nmapping; the "
		    "hidden fields are committed in this order.\n");
	for (; *rs; rs++) {
		strbuf_adds(out, ".TP\n.B ");
		roff((*rs)->id, out);
		strbuf_adds(out, "\n");
		if (!(*rs)->view || !(*rs)->state) {
			strbuf_adds(out, (*rs)->view ? "Hidden parts as its "
				    "rules write them (not yet declared).\n" :
				    "The saved state: nothing is hidden.\n");
			continue;
		}
		strbuf_adds(out, ".nf\n");
		strbuf_reset(&sb);
		sd_describe((*rs)->state, &sb);
		roff(sb.buf, out);
		strbuf_adds(out, ".fi\n");
	}
	strbuf_adds(out, ".\\\" end of what umpire scenarios --views "
		    "makes\n");
	strbuf_free(&sb);
}
