/*
 * doc.c - YAML tree on top of libyaml: bounded parsing, canonical emission,
 * canonical byte encoding for hashing.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include <yaml.h>
#include "umpire/armor.h"
#include "umpire/doc.h"

const struct doc_limits DOC_LIMITS_SMALL = {
	.max_bytes = 1u << 20, .max_depth = 32,
	.max_scalar = 64u << 10, .max_nodes = 100000,
};
const struct doc_limits DOC_LIMITS_VIEW = {
	.max_bytes = 1u << 20, .max_depth = 32,
	.max_scalar = 1u << 20, .max_nodes = 100000,
};
const struct doc_limits DOC_LIMITS_GAME = {
	.max_bytes = 64u << 20, .max_depth = 32,
	.max_scalar = 1u << 20, .max_nodes = 4000000,
};

/* ---- arena ---- */

struct chunk {
	struct chunk *next;
	size_t used, size;
	max_align_t data[];
};

struct arena {
	struct chunk *head;
	size_t next;            /* the size of the next chunk */
};

/* Chunks start small and double: a game holds one document for each
 * step's orders, most of them a few hundred bytes. */
enum { CHUNK_FIRST = 1024, CHUNK_MAX = 65536 };

/* Uninitialized: for the bytes of a string, copied in at once. */
static void *alloc_raw(struct doc *d, size_t n)
{
	struct arena *a = d->arena;
	n = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	if (!n)
		n = sizeof(max_align_t);
	struct chunk *c = a->head;
	if (!c || c->size - c->used < n) {
		size_t size = a->next ? a->next : CHUNK_FIRST;
		a->next = size < CHUNK_MAX ? 2 * size : CHUNK_MAX;
		if (size < n)
			size = n;
		c = xmalloc(sizeof *c + size);
		c->size = size;
		c->used = 0;
		c->next = a->head;
		a->head = c;
	}
	void *p = (char *)c->data + c->used;
	c->used += n;
	return p;
}

void *doc_alloc(struct doc *d, size_t n)
{
	void *p = alloc_raw(d, n);
	memset(p, 0, n);
	return p;
}

void doc_first_chunk(struct doc *d, size_t n)
{
	struct arena *a = d->arena;
	if (!a->head)
		a->next = n;
}

struct doc *doc_new(const char *name)
{
	struct doc *d = xcalloc(1, sizeof *d);
	d->arena = xcalloc(1, sizeof(struct arena));
	d->name = xstrdup(strcmp(name, "-") ? name : "stdin");
	return d;
}

void doc_free(struct doc *d)
{
	if (!d)
		return;
	struct arena *a = d->arena;
	for (struct chunk *c = a->head, *n; c; c = n) {
		n = c->next;
		free(c);
	}
	free(a);
	free(d->name);
	free(d);
}

/* ---- building ---- */

static struct doc_node *node(struct doc *d, enum doc_kind k)
{
	struct doc_node *n = alloc_raw(d, sizeof *n);
	*n = (struct doc_node){ .kind = k };
	return n;
}

struct doc_node *doc_map(struct doc *d) { return node(d, DOC_MAP); }
struct doc_node *doc_seq(struct doc *d) { return node(d, DOC_SEQ); }

struct doc_node *doc_strn(struct doc *d, const char *s, size_t len)
{
	/* the node and its bytes in one allocation (a document is mostly
	 * scalars) */
	struct doc_node *n = alloc_raw(d, sizeof *n + len + 1);
	char *p = (char *)(n + 1);
	*n = (struct doc_node){ .kind = DOC_SCALAR };
	memcpy(p, s, len);
	p[len] = '\0';
	n->str = p;
	n->len = len;
	return n;
}

struct doc_node *doc_str(struct doc *d, const char *s)
{
	return doc_strn(d, s, strlen(s));
}

struct doc_node *doc_strf(struct doc *d, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	struct doc_node *n = doc_strn(d, sb.buf ? sb.buf : "", sb.len);
	strbuf_free(&sb);
	return n;
}

struct doc_node *doc_int(struct doc *d, long long v)
{
	/* "%lld", written out: a state saves hundreds */
	char b[24], *p = b + sizeof b;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v :
		(unsigned long long)v;
	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--p = '-';
	return doc_strn(d, p, (size_t)(b + sizeof b - p));
}

struct doc_node *doc_hex(struct doc *d, const unsigned char *b, size_t n)
{
	char *p = doc_alloc(d, 2 * n + 1);
	sodium_bin2hex(p, 2 * n + 1, b, n);
	struct doc_node *s = node(d, DOC_SCALAR);
	s->str = p;
	s->len = 2 * n;
	return s;
}

struct doc_node *doc_b64(struct doc *d, const unsigned char *b, size_t n)
{
	const int v = sodium_base64_VARIANT_ORIGINAL;
	size_t blen = sodium_base64_ENCODED_LEN(n, v);
	char *tmp = xmalloc(blen);
	sodium_bin2base64(tmp, blen, b, n, v);
	struct doc_node *s = doc_b64_text(d, tmp, blen - 1);
	free(tmp);
	return s;
}

struct doc_node *doc_b64_text(struct doc *d, const char *b64, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; i < len; i += 64) {
		if (i)
			strbuf_addc(&sb, '\n');
		strbuf_add(&sb, b64 + i, len - i < 64 ? len - i : 64);
	}
	struct doc_node *s = doc_strn(d, sb.buf ? sb.buf : "", sb.len);
	strbuf_free(&sb);
	s->style = DOC_STYLE_LITERAL;
	return s;
}

struct doc_node *doc_b64_canon(struct doc *d, const struct doc_node *v)
{
	size_t cap = v->len / 4 * 3 + 3, got;
	unsigned char *buf = xmalloc(cap);
	struct doc_node *out;
	if (v->kind != DOC_SCALAR ||
	    b64_decode_public(v->str, v->len, " \r\n", buf, cap, &got))
		out = doc_copy(d, v);
	else
		out = doc_b64(d, buf, got);
	free(buf);
	return out;
}

void doc_b64_32_str(char out[DOC_B64_32_LEN + 1], const unsigned char b[32])
{
	sodium_bin2base64(out, DOC_B64_32_LEN + 1, b, 32,
			  sodium_base64_VARIANT_ORIGINAL);
}

struct doc_node *doc_b64_32(struct doc *d, const unsigned char b[32])
{
	char s[DOC_B64_32_LEN + 1];
	doc_b64_32_str(s, b);
	return doc_strn(d, s, DOC_B64_32_LEN);
}

static void reserve(struct doc *d, struct doc_node *c)
{
	if (c->n < c->cap)
		return;
	size_t cap = c->cap ? c->cap * 2 : 4;
	/* only the first n are read: nothing to clear */
	struct doc_node **items = alloc_raw(d, cap * sizeof *items);
	if (c->n)
		memcpy(items, c->items, c->n * sizeof *items);
	c->items = items;
	if (c->kind == DOC_MAP) {
		struct doc_node **keys = alloc_raw(d, cap * sizeof *keys);
		if (c->n)
			memcpy(keys, c->keys, c->n * sizeof *keys);
		c->keys = keys;
	}
	c->cap = cap;
}

void doc_push(struct doc *d, struct doc_node *seq, struct doc_node *item)
{
	reserve(d, seq);
	seq->items[seq->n++] = item;
}

static void map_add(struct doc *d, struct doc_node *map, struct doc_node *k,
		    struct doc_node *v)
{
	reserve(d, map);
	map->keys[map->n] = k;
	map->items[map->n++] = v;
}

void doc_set(struct doc *d, struct doc_node *map, const char *key,
	     struct doc_node *val)
{
	map_add(d, map, doc_str(d, key), val);
}

struct doc_node *doc_set_str(struct doc *d, struct doc_node *map,
			     const char *key, const char *val)
{
	struct doc_node *v = doc_str(d, val);
	doc_set(d, map, key, v);
	return v;
}

struct doc_node *doc_set_int(struct doc *d, struct doc_node *map,
			     const char *key, long long val)
{
	struct doc_node *v = doc_int(d, val);
	doc_set(d, map, key, v);
	return v;
}

static long find_key(const struct doc_node *map, const char *key, size_t len)
{
	if (!map || map->kind != DOC_MAP)
		return -1;
	/* the first bytes compared before memcmp is called: keys of one
	 * length are many (a state's unit ids: 0.1M instructions of a
	 * Race to the Reichstag view's load) */
	for (size_t i = 0; i < map->n; i++)
		if (map->keys[i]->len == len &&
		    (len == 0 || map->keys[i]->str[0] == key[0]) &&
		    memcmp(map->keys[i]->str, key, len) == 0)
			return (long)i;
	return -1;
}

void doc_put(struct doc *d, struct doc_node *map, const char *key,
	     struct doc_node *val)
{
	long i = find_key(map, key, strlen(key));
	if (i >= 0)
		map->items[i] = val;
	else
		doc_set(d, map, key, val);
}

void doc_del(struct doc_node *map, const char *key)
{
	long i = find_key(map, key, strlen(key));
	if (i < 0)
		return;
	for (size_t j = (size_t)i; j + 1 < map->n; j++) {
		map->keys[j] = map->keys[j + 1];
		map->items[j] = map->items[j + 1];
	}
	map->n--;
}

struct doc_node *doc_copy_top(struct doc *d, const struct doc_node *n)
{
	if (n->kind == DOC_SCALAR)
		return doc_copy(d, n);
	struct doc_node *c = node(d, n->kind);
	c->line = n->line;
	c->style = n->style;
	for (size_t i = 0; i < n->n; i++) {
		reserve(d, c);
		if (n->kind == DOC_MAP)
			c->keys[c->n] = n->keys[i];
		c->items[c->n++] = n->items[i];
	}
	return c;
}

struct doc_node *doc_copy(struct doc *d, const struct doc_node *n)
{
	if (n->kind == DOC_SCALAR) {
		struct doc_node *s = doc_strn(d, n->str, n->len);
		s->style = n->style;
		s->line = n->line;
		return s;
	}
	struct doc_node *c = node(d, n->kind);
	c->style = n->style;
	c->line = n->line;
	for (size_t i = 0; i < n->n; i++) {
		if (n->kind == DOC_MAP)
			map_add(d, c, doc_copy(d, n->keys[i]),
				doc_copy(d, n->items[i]));
		else
			doc_push(d, c, doc_copy(d, n->items[i]));
	}
	return c;
}

/* ---- reading ---- */

const char *doc_where(const struct doc *d, const struct doc_node *n,
		      char *buf, size_t size)
{
	const char *name = d ? d->name : "input";
	if (n && n->line > 0)
		snprintf(buf, size, "%s:%d", name, n->line);
	else
		snprintf(buf, size, "%s", name);
	return buf;
}

int doc_bad(const struct doc *d, const struct doc_node *n, struct error *err,
	    const char *fmt, ...)
{
	char w[256], msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return errorf(err, EXIT_REFUSED, "%s: %s",
		      doc_where(d, n, w, sizeof w), msg);
}

const struct doc_node *doc_get(const struct doc_node *map, const char *key)
{
	long i = find_key(map, key, strlen(key));
	return i < 0 ? NULL : map->items[i];
}

static const char *kind_name(enum doc_kind k)
{
	return k == DOC_MAP ? "a mapping" : k == DOC_SEQ ? "a list" :
		"a scalar";
}

int doc_need(const struct doc *d, const struct doc_node *map,
	     const char *key, enum doc_kind kind,
	     const struct doc_node **out, struct error *err)
{
	char w[300];
	const struct doc_node *v = doc_get(map, key);
	if (!v)
		return errorf(err, EXIT_REFUSED, "%s: field '%s' is missing",
			      doc_where(d, map, w, sizeof w), key);
	if (v->kind != kind)
		return errorf(err, EXIT_REFUSED,
			      "%s: field '%s' must be %s, not %s",
			      doc_where(d, v, w, sizeof w), key,
			      kind_name(kind), kind_name(v->kind));
	*out = v;
	return 0;
}

int doc_need_str(const struct doc *d, const struct doc_node *map,
		 const char *key, const char **out, struct error *err)
{
	const struct doc_node *v;
	if (doc_need(d, map, key, DOC_SCALAR, &v, err))
		return -1;
	*out = v->str;
	return 0;
}

int doc_int_of(const struct doc *d, const struct doc_node *n,
	       const char *what, long long min, long long max,
	       long long *out, struct error *err)
{
	char w[300];
	if (n->kind != DOC_SCALAR)
		return errorf(err, EXIT_REFUSED, "%s: %s must be a number",
			      doc_where(d, n, w, sizeof w), what);
	const char *s = n->str;
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (!*s || *end || errno || (s[0] == '0' && s[1]) ||
	    s[0] == '+' || s[0] == ' ')
		return errorf(err, EXIT_REFUSED,
			      "%s: %s must be a whole number, not '%.40s'",
			      doc_where(d, n, w, sizeof w), what, s);
	if (v < min || v > max)
		return errorf(err, EXIT_REFUSED,
			      "%s: %s must be from %lld to %lld, not %lld",
			      doc_where(d, n, w, sizeof w), what, min, max, v);
	*out = v;
	return 0;
}

int doc_need_int(const struct doc *d, const struct doc_node *map,
		 const char *key, long long min, long long max,
		 long long *out, struct error *err)
{
	const struct doc_node *v;
	char what[80];
	if (doc_need(d, map, key, DOC_SCALAR, &v, err))
		return -1;
	snprintf(what, sizeof what, "field '%s'", key);
	return doc_int_of(d, v, what, min, max, out, err);
}

int doc_need_hex(const struct doc *d, const struct doc_node *map,
		 const char *key, unsigned char *out, size_t n,
		 struct error *err)
{
	const struct doc_node *v;
	char w[300];
	size_t got;
	if (doc_need(d, map, key, DOC_SCALAR, &v, err))
		return -1;
	/* lower case only: one text for one value (the text is hashed) */
	int lower = v->len == 2 * n &&
		strspn(v->str, "0123456789abcdef") == v->len;
	if (!lower ||
	    sodium_hex2bin(out, n, v->str, v->len, NULL, &got, NULL) ||
	    got != n)
		return errorf(err, EXIT_REFUSED,
			      "%s: field '%s' must be %zu lower-case "
			      "hexadecimal digits",
			      doc_where(d, v, w, sizeof w), key, 2 * n);
	return 0;
}

int doc_b64_32_parse(const char *s, size_t len, unsigned char out[32])
{
	size_t got;
	unsigned char b[32];
	/* canonical: the one text that encodes these bytes (a hash is
	 * public: the table decoder, which refuses any byte but the
	 * digits, bits set past the last byte and a padding not the
	 * encoder's: 44 characters holding 32 bytes are then the one
	 * encoding; libsodium's 1.0.18 read a byte of 128 or above as '/',
	 * which took a text encoded again to tell) */
	if (len != DOC_B64_32_LEN ||
	    b64_decode_public(s, len, NULL, b, sizeof b, &got) || got != 32)
		return -1;
	memcpy(out, b, 32);
	return 0;
}

int doc_need_b64_32(const struct doc *d, const struct doc_node *map,
		    const char *key, unsigned char out[32],
		    struct error *err)
{
	const struct doc_node *v;
	char w[300];
	if (doc_need(d, map, key, DOC_SCALAR, &v, err))
		return -1;
	if (doc_b64_32_parse(v->str, v->len, out))
		return errorf(err, EXIT_REFUSED,
			      "%s: field '%s' must be 32 bytes in base64 "
			      "(%d characters, ending in '=')",
			      doc_where(d, v, w, sizeof w), key,
			      DOC_B64_32_LEN);
	return 0;
}

int doc_need_b64(const struct doc *d, const struct doc_node *map,
		 const char *key, unsigned char **out, size_t *outlen,
		 struct error *err)
{
	const struct doc_node *v;
	char w[300];
	if (doc_need(d, map, key, DOC_SCALAR, &v, err))
		return -1;
	size_t cap = v->len / 4 * 3 + 3;
	unsigned char *buf = doc_alloc((struct doc *)d, cap);
	/* signatures, orders, boxes, vouches: public (the table decoder) */
	if (b64_decode_public(v->str, v->len, " \r\n", buf, cap, outlen))
		return errorf(err, EXIT_REFUSED,
			      "%s: field '%s' is not valid base64",
			      doc_where(d, v, w, sizeof w), key);
	*out = buf;
	return 0;
}

int doc_opt_name(const struct doc *d, const struct doc_node *map,
		 const char *key, const char *const *names, int count,
		 int *out, struct error *err)
{
	const char *s;
	char w[300];
	if (!doc_get(map, key))
		return 0;
	if (doc_need_str(d, map, key, &s, err) < 0)
		return -1;
	for (int i = 0; i < count; i++)
		if (strcmp(s, names[i]) == 0) {
			*out = i;
			return 0;
		}
	struct strbuf sb = STRBUF_INIT;
	for (int i = 0; i < count; i++)
		strbuf_addf(&sb, "%s%s", i ? ", " : "", names[i]);
	errorf(err, EXIT_REFUSED, "%s: %s: \"%.40s\" is not one of %s",
	       doc_where(d, doc_get(map, key), w, sizeof w), key, s,
	       sb.buf ? sb.buf : "");
	strbuf_free(&sb);
	return -1;
}

int doc_opt_int(const struct doc *d, const struct doc_node *map,
		const char *key, long long min, long long max, int *out,
		struct error *err)
{
	long long v;
	if (!doc_get(map, key))
		return 0;
	if (doc_need_int(d, map, key, min, max, &v, err) < 0)
		return -1;
	*out = (int)v;
	return 0;
}

int doc_only_keys(const struct doc *d, const struct doc_node *map,
		  const char *const *allowed, struct error *err)
{
	char w[300];
	if (!map || map->kind != DOC_MAP)
		return errorf(err, EXIT_REFUSED, "%s: expected a mapping",
			      doc_where(d, map, w, sizeof w));
	for (size_t i = 0; i < map->n; i++) {
		const struct doc_node *k = map->keys[i];
		const char *const *a;
		/* the first bytes before strcmp (equal strings have
		 * them equal): a state's 40 fields, 2,750 calls a view */
		for (a = allowed; *a; a++)
			if ((*a)[0] == k->str[0] && strcmp(*a, k->str) == 0)
				break;
		if (!*a) {
			struct strbuf sb = STRBUF_INIT;
			for (a = allowed; *a; a++)
				strbuf_addf(&sb, "%s%s", a == allowed ? "" :
					    ", ", *a);
			errorf(err, EXIT_REFUSED,
			       "%s: unknown field '%.60s' (expected one of: "
			       "%s)", doc_where(d, k, w, sizeof w), k->str,
			       sb.buf ? sb.buf : "");
			strbuf_free(&sb);
			return -1;
		}
	}
	return 0;
}

/* ---- parsing ---- */

struct parse {
	struct doc *d;
	yaml_parser_t p;
	const struct doc_limits *lim;
	size_t nodes;
	struct error *err;
	const struct doc_stream *st;    /* doc_parse_stream's, or NULL */
};

static int perr(struct parse *ps, size_t line0, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int perr(struct parse *ps, size_t line0, const char *fmt, ...)
{
	char msg[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return errorf(ps->err, EXIT_REFUSED, "%s:%zu: %s", ps->d->name,
		      line0 + 1, msg);
}

static int next_event(struct parse *ps, yaml_event_t *ev)
{
	if (!yaml_parser_parse(&ps->p, ev)) {
		const char *what = ps->p.problem ? ps->p.problem :
			"malformed YAML";
		size_t line = ps->p.problem_mark.line;
		if (ps->p.context)
			return perr(ps, line, "%s %s", what, ps->p.context);
		return perr(ps, line, "%s", what);
	}
	return 0;
}

static int check_props(struct parse *ps, yaml_event_t *ev,
		       const yaml_char_t *anchor, const yaml_char_t *tag)
{
	if (anchor)
		return perr(ps, ev->start_mark.line,
			    "anchors (&%.40s) are not allowed in umpire files",
			    (const char *)anchor);
	if (tag)
		return perr(ps, ev->start_mark.line,
			    "tags (%.40s) are not allowed in umpire files",
			    (const char *)tag);
	if (++ps->nodes > ps->lim->max_nodes)
		return perr(ps, ev->start_mark.line,
			    "too many nodes (limit %zu)", ps->lim->max_nodes);
	return 0;
}

static int parse_node(struct parse *ps, yaml_event_t *ev, size_t depth,
		      struct doc_node **out);
static int parse_streamed(struct parse *ps, yaml_event_t *ev, size_t depth,
			  struct doc_node **out);
static int parse_input(struct parse *ps);

enum { SMALL_MAP = 16 };   /* keys checked one by one up to this many */

/* FNV-1a, 64 bits: a key's slot in the duplicate check's table */
static uint64_t key_hash(const char *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 0x100000001b3ULL;
	return h;
}

/* A large mapping's keys, in an open-addressing table twice its size:
 * linear time (checking each key against all before it was quadratic:
 * a hostile file of 50,000 keys took minutes). The later of two equal
 * keys is named. */
static int check_duplicates(struct parse *ps, const struct doc_node *c)
{
	size_t cap = 32, mask;
	while (cap < 2 * c->n)
		cap *= 2;
	mask = cap - 1;
	const struct doc_node **t = xcalloc(cap, sizeof *t);
	int rc = 0;
	for (size_t i = 0; i < c->n && !rc; i++) {
		const struct doc_node *k = c->keys[i];
		size_t at = (size_t)key_hash(k->str, k->len) & mask;
		for (; t[at]; at = (at + 1) & mask)
			if (t[at]->len == k->len &&
			    memcmp(t[at]->str, k->str, k->len) == 0) {
				rc = perr(ps, (size_t)(k->line > 0 ?
						       k->line - 1 : 0),
					  "duplicate key '%.60s'", k->str);
				break;
			}
		t[at] = k;
	}
	free(t);
	return rc;
}

static int parse_children(struct parse *ps, struct doc_node *c,
			  size_t depth)
{
	yaml_event_type_t end = c->kind == DOC_MAP ?
		YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT;
	for (;;) {
		yaml_event_t ev;
		struct doc_node *k = NULL, *v = NULL;
		if (next_event(ps, &ev))
			return -1;
		if (ev.type == end) {
			yaml_event_delete(&ev);
			return c->kind == DOC_MAP && c->n > SMALL_MAP ?
				check_duplicates(ps, c) : 0;
		}
		int rc = parse_node(ps, &ev, depth + 1, &k);
		size_t kline = ev.start_mark.line;
		yaml_event_delete(&ev);
		if (rc)
			return -1;
		if (c->kind == DOC_SEQ) {
			doc_push(ps->d, c, k);
			continue;
		}
		if (k->kind != DOC_SCALAR)
			return perr(ps, kline, "mapping keys must be scalars");
		if (c->n < SMALL_MAP && find_key(c, k->str, k->len) >= 0)
			return perr(ps, kline, "duplicate key '%.60s'",
				    k->str);
		if (next_event(ps, &ev))
			return -1;
		rc = ps->st && depth == 0 && !strcmp(k->str, ps->st->key) &&
			ev.type == YAML_SEQUENCE_START_EVENT ?
			parse_streamed(ps, &ev, depth + 1, &v) :
			parse_node(ps, &ev, depth + 1, &v);
		yaml_event_delete(&ev);
		if (rc)
			return -1;
		map_add(ps->d, c, k, v);
	}
}

/* The root's sequence doc_parse_stream streams: checked as parse_node
 * checks a sequence, each item built in a document of its own, handed
 * to st->each and freed; the sequence kept empty. */
static int parse_streamed(struct parse *ps, yaml_event_t *ev, size_t depth,
			  struct doc_node **out)
{
	if (check_props(ps, ev, ev->data.sequence_start.anchor,
			ev->data.sequence_start.tag))
		return -1;
	if (depth >= ps->lim->max_depth)
		return perr(ps, ev->start_mark.line,
			    "nesting too deep (limit %zu)", ps->lim->max_depth);
	struct doc_node *seq = node(ps->d, DOC_SEQ);
	seq->line = (int)ev->start_mark.line + 1;
	*out = seq;
	struct doc *whole = ps->d;
	for (size_t i = 0;; i++) {
		yaml_event_t item;
		struct doc_node *n;
		if (next_event(ps, &item))
			return -1;
		if (item.type == YAML_SEQUENCE_END_EVENT) {
			yaml_event_delete(&item);
			return 0;
		}
		ps->d = doc_new(whole->name);
		int rc = parse_node(ps, &item, depth + 1, &n);
		yaml_event_delete(&item);
		if (!rc)
			rc = ps->st->each(ps->st->user, ps->d, n, i);
		doc_free(ps->d);
		ps->d = whole;
		if (rc)
			return -1;
	}
}

static int parse_node(struct parse *ps, yaml_event_t *ev, size_t depth,
		      struct doc_node **out)
{
	struct doc_node *n;
	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		return perr(ps, ev->start_mark.line,
			    "aliases (*%.40s) are not allowed in umpire files",
			    (const char *)ev->data.alias.anchor);
	case YAML_SCALAR_EVENT:
		if (check_props(ps, ev, ev->data.scalar.anchor,
				ev->data.scalar.tag))
			return -1;
		if (ev->data.scalar.length > ps->lim->max_scalar)
			return perr(ps, ev->start_mark.line,
				    "scalar too long (%zu bytes, limit %zu)",
				    ev->data.scalar.length,
				    ps->lim->max_scalar);
		n = doc_strn(ps->d, (const char *)ev->data.scalar.value,
			     ev->data.scalar.length);
		if (memchr(n->str, '\0', n->len))
			return perr(ps, ev->start_mark.line,
				    "NUL character in a scalar");
		break;
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		if (ev->type == YAML_SEQUENCE_START_EVENT ?
		    check_props(ps, ev, ev->data.sequence_start.anchor,
				ev->data.sequence_start.tag) :
		    check_props(ps, ev, ev->data.mapping_start.anchor,
				ev->data.mapping_start.tag))
			return -1;
		if (depth >= ps->lim->max_depth)
			return perr(ps, ev->start_mark.line,
				    "nesting too deep (limit %zu)",
				    ps->lim->max_depth);
		n = node(ps->d, ev->type == YAML_SEQUENCE_START_EVENT ?
			 DOC_SEQ : DOC_MAP);
		n->line = (int)ev->start_mark.line + 1;
		if (parse_children(ps, n, depth))
			return -1;
		break;
	default:
		return perr(ps, ev->start_mark.line, "unexpected YAML event");
	}
	if (!n->line)
		n->line = (int)ev->start_mark.line + 1;
	*out = n;
	return 0;
}

int doc_parse(struct doc *d, const char *buf, size_t len,
	      const struct doc_limits *lim, struct error *err)
{
	return doc_parse_stream(d, buf, len, lim, NULL, err);
}

int doc_parse_stream(struct doc *d, const char *buf, size_t len,
		     const struct doc_limits *lim, const struct doc_stream *st,
		     struct error *err)
{
	struct parse ps = { .d = d, .lim = lim, .err = err, .st = st };

	if (len > lim->max_bytes)
		return errorf(err, EXIT_REFUSED,
			      "%s: too large (%zu bytes, limit %zu)", d->name,
			      len, lim->max_bytes);
	const char *nul = memchr(buf, '\0', len);
	if (nul) {
		size_t line = 0;
		for (const char *p = buf; p < nul; p++)
			line += *p == '\n';
		return perr(&ps, line, "NUL byte in the file");
	}
	if (!yaml_parser_initialize(&ps.p))
		return errorf(err, EXIT_USAGE, "cannot start the YAML parser");
	yaml_parser_set_input_string(&ps.p, (const unsigned char *)buf, len);
	return parse_input(&ps);
}

int doc_parse_read(struct doc *d, doc_read_fn *read, void *data,
		   const struct doc_limits *lim, const struct doc_stream *st,
		   struct error *err)
{
	struct parse ps = { .d = d, .lim = lim, .err = err, .st = st };
	if (!yaml_parser_initialize(&ps.p))
		return errorf(err, EXIT_USAGE, "cannot start the YAML parser");
	yaml_parser_set_input(&ps.p, read, data);
	return parse_input(&ps);
}

/* One document from the parser's input (set), into ps->d; the parser
 * deleted. */
static int parse_input(struct parse *ps)
{
	struct doc *d = ps->d;
	yaml_event_t ev;
	int rc = -1;
	yaml_parser_set_encoding(&ps->p, YAML_UTF8_ENCODING);
	struct doc_node *root = NULL;
	int docs = 0;
	for (;;) {
		if (next_event(ps, &ev))
			goto out;
		yaml_event_type_t t = ev.type;
		if (t == YAML_STREAM_END_EVENT) {
			yaml_event_delete(&ev);
			break;
		}
		if (t == YAML_DOCUMENT_START_EVENT) {
			if (++docs > 1) {
				perr(ps, ev.start_mark.line,
				     "more than one YAML document");
				yaml_event_delete(&ev);
				goto out;
			}
		} else if (t != YAML_STREAM_START_EVENT &&
			   t != YAML_DOCUMENT_END_EVENT) {
			int r = parse_node(ps, &ev, 0, &root);
			yaml_event_delete(&ev);
			if (r)
				goto out;
			continue;
		}
		yaml_event_delete(&ev);
	}
	if (!root)
		root = doc_map(d);
	d->root = root;
	rc = 0;
out:
	yaml_parser_delete(&ps->p);
	return rc;
}

/* ---- a root sequence pulled an item at a time ---- */

struct doc_pull {
	struct parse ps;
	struct doc *rest;          /* what comes before the sequence */
};

struct doc_pull *doc_pull_open(const char *name, doc_read_fn *read,
			       void *data, const struct doc_limits *lim,
			       const char *key, struct error *err)
{
	struct doc_pull *p = xcalloc(1, sizeof *p);
	struct parse *ps = &p->ps;
	yaml_event_t ev;
	p->rest = doc_new(name);
	*ps = (struct parse){ .d = p->rest, .lim = lim, .err = err };
	if (!yaml_parser_initialize(&ps->p)) {
		doc_free(p->rest);
		free(p);
		errorf(err, EXIT_USAGE, "cannot start the YAML parser");
		return NULL;
	}
	yaml_parser_set_input(&ps->p, read, data);
	yaml_parser_set_encoding(&ps->p, YAML_UTF8_ENCODING);
	/* the stream, the document and the root mapping begin; then each
	 * key and its value read (and dropped) up to key's sequence */
	int depth = 0;
	for (;;) {
		if (next_event(ps, &ev))
			break;
		yaml_event_type_t t = ev.type;
		struct doc_node *k = NULL, *v = NULL;
		if (depth < 3 && (t == YAML_STREAM_START_EVENT ||
				  t == YAML_DOCUMENT_START_EVENT ||
				  t == YAML_MAPPING_START_EVENT)) {
			depth = t == YAML_MAPPING_START_EVENT ? 3 : depth + 1;
			yaml_event_delete(&ev);
			continue;
		}
		int rc = depth == 3 && t == YAML_SCALAR_EVENT ?
			parse_node(ps, &ev, 1, &k) : perr(ps,
			ev.start_mark.line, "no '%s' in the root mapping", key);
		yaml_event_delete(&ev);
		if (rc || next_event(ps, &ev))
			break;
		if (!strcmp(k->str, key) &&
		    ev.type == YAML_SEQUENCE_START_EVENT) {
			yaml_event_delete(&ev);
			return p;
		}
		rc = parse_node(ps, &ev, 1, &v);
		yaml_event_delete(&ev);
		if (rc)
			break;
	}
	doc_pull_close(p);
	return NULL;
}

int doc_pull_next(struct doc_pull *p, struct doc **item_doc,
		  const struct doc_node **item, struct error *err)
{
	struct parse *ps = &p->ps;
	yaml_event_t ev;
	struct doc_node *n;
	ps->err = err;
	*item_doc = NULL;
	if (next_event(ps, &ev))
		return -1;
	if (ev.type == YAML_SEQUENCE_END_EVENT) {
		yaml_event_delete(&ev);
		return 0;
	}
	ps->d = doc_new(p->rest->name);
	int rc = parse_node(ps, &ev, 2, &n);
	yaml_event_delete(&ev);
	if (rc) {
		doc_free(ps->d);
		ps->d = p->rest;
		return -1;
	}
	*item_doc = ps->d;
	*item = n;
	ps->d = p->rest;
	return 1;
}

void doc_pull_close(struct doc_pull *p)
{
	if (!p)
		return;
	yaml_parser_delete(&p->ps.p);
	doc_free(p->rest);
	free(p);
}

/* ---- emission ---- */

/* The widest line umpire writes (PROTOCOL.md: mail-safe). libyaml
 * breaks a line only once it has passed its width (after the word or
 * flow item that passed it), so it is given a narrower one: a flow item
 * of up to DOC_FLOW_ITEM columns (and its comma) still ends by DOC_WIDTH. */
#define DOC_WIDTH MAIL_COLUMNS
#define DOC_FLOW_ITEM 12
#define DOC_YAML_WIDTH (DOC_WIDTH - DOC_FLOW_ITEM - 2)

static int write_cb(void *data, unsigned char *buf, size_t size)
{
	strbuf_add(data, buf, size);
	return 1;
}

/* An upper bound of the width of a scalar written on one line: its
 * length if it needs no quotes (conservatively), else twice that and the
 * quotes. */
static int plain_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		(c >= '0' && c <= '9') || (c && strchr("._/+=() -", c));
}

/* (a loop, not strspn: glibc's strspn builds a table of its accepted
 * characters at every call, 500 instructions a scalar where most are a
 * few characters long, and the emitter asks this of every one) */
static size_t scalar_width(const struct doc_node *n)
{
	size_t i = 0;
	if (n->len > 0 && n->str[0] != '-' && n->str[0] != ' ' &&
	    n->str[n->len - 1] != ' ')
		while (i < n->len && plain_char((unsigned char)n->str[i]))
			i++;
	return n->len > 0 && i == n->len ? n->len : 2 * n->len + 2;
}

/* The width of a collection of one-line scalars in flow style ([a, b],
 * {k: v}) on one line, or SIZE_MAX if it holds anything else; *item the
 * widest item ("a" or "k: v"). */
static size_t flow_width(const struct doc_node *n, size_t *item)
{
	size_t w = 2;
	*item = 0;
	for (size_t i = 0; i < n->n; i++) {
		const struct doc_node *it = n->items[i];
		if (it->kind != DOC_SCALAR || memchr(it->str, '\n', it->len))
			return SIZE_MAX;
		size_t iw = scalar_width(it) +
			(n->keys ? scalar_width(n->keys[i]) + 2 : 0);
		*item = iw > *item ? iw : *item;
		w += iw + (i ? 2 : 0);
	}
	return w;
}

/*
 * col bounds the column where n starts when it is written on the line of
 * its key or dash (scalars, flow collections); block bounds the column of
 * its keys or dashes when it is written as a block.
 */
static int emit_node(yaml_emitter_t *em, const struct doc_node *n,
		     size_t col, size_t block)
{
	yaml_event_t ev;
	int ok;
	if (n->kind == DOC_SCALAR) {
		/* The style follows from the content alone (canonical). */
		yaml_scalar_style_t st = memchr(n->str, '\n', n->len) ?
			YAML_LITERAL_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE;
		/* '' even at the root, where libyaml would write nothing,
		 * which reads back as an empty mapping (found by fuzz_doc) */
		if (n->len == 0)
			st = YAML_SINGLE_QUOTED_SCALAR_STYLE;
		ok = yaml_scalar_event_initialize(&ev, NULL, NULL,
			(yaml_char_t *)n->str, (int)n->len, 1, 1, st);
		return ok && yaml_emitter_emit(em, &ev);
	}
	/* Canonical style, from the content and its depth alone: a
	 * collection of one-line scalars that fits on its line, or of short
	 * ones that libyaml wraps within the width, is written in flow
	 * style ([a, b], {k: v}), others in block style, so a file read and
	 * written again comes out the same. */
	size_t item, fw = flow_width(n, &item);
	int flow = fw != SIZE_MAX && (col + fw <= DOC_WIDTH ||
		(item <= DOC_FLOW_ITEM && block + 4 <= DOC_YAML_WIDTH &&
		 col < DOC_YAML_WIDTH));
	if (n->kind == DOC_SEQ)
		ok = yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
			flow ? YAML_FLOW_SEQUENCE_STYLE :
			YAML_BLOCK_SEQUENCE_STYLE);
	else
		ok = yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
			flow ? YAML_FLOW_MAPPING_STYLE :
			YAML_BLOCK_MAPPING_STYLE);
	if (!ok || !yaml_emitter_emit(em, &ev))
		return 0;
	for (size_t i = 0; i < n->n; i++) {
		/* block: "key: value" or "- value", nested blocks indented
		 * by 2 at most */
		size_t in = flow ? col : n->keys ?
			block + scalar_width(n->keys[i]) + 2 : block + 2;
		if (n->kind == DOC_MAP && !emit_node(em, n->keys[i], block,
						     block))
			return 0;
		if (!emit_node(em, n->items[i], in, block + 2))
			return 0;
	}
	if (n->kind == DOC_SEQ)
		ok = yaml_sequence_end_event_initialize(&ev);
	else
		ok = yaml_mapping_end_event_initialize(&ev);
	return ok && yaml_emitter_emit(em, &ev);
}

int doc_emit(const struct doc_node *root, struct strbuf *out,
	     struct error *err)
{
	yaml_emitter_t em;
	yaml_event_t ev;
	int ok;
	if (!yaml_emitter_initialize(&em))
		return errorf(err, EXIT_USAGE, "cannot start the YAML emitter");
	yaml_emitter_set_output(&em, write_cb, out);
	yaml_emitter_set_unicode(&em, 1);
	yaml_emitter_set_width(&em, DOC_YAML_WIDTH);
	yaml_emitter_set_indent(&em, 2);
	ok = yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING) &&
		yaml_emitter_emit(&em, &ev) &&
		yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1) &&
		yaml_emitter_emit(&em, &ev) &&
		emit_node(&em, root, 0, 0) &&
		yaml_document_end_event_initialize(&ev, 1) &&
		yaml_emitter_emit(&em, &ev) &&
		yaml_stream_end_event_initialize(&ev) &&
		yaml_emitter_emit(&em, &ev);
	if (!ok) {
		errorf(err, EXIT_USAGE, "cannot write YAML: %s",
		       em.problem ? em.problem : "emitter error");
		yaml_emitter_delete(&em);
		return -1;
	}
	yaml_emitter_delete(&em);
	return 0;
}

/* doc_fits below root at depth (doc_parse's: the root's is 0). */
static int fits(const struct doc_node *n, size_t depth,
		const struct doc_limits *lim, size_t *nodes,
		struct error *err)
{
	if (++*nodes > lim->max_nodes)
		return errorf(err, EXIT_REFUSED, "too many nodes (limit %zu)",
			      lim->max_nodes);
	if (n->kind == DOC_SCALAR) {
		if (n->len > lim->max_scalar)
			return errorf(err, EXIT_REFUSED, "scalar too long (%zu "
				      "bytes, limit %zu)", n->len,
				      lim->max_scalar);
		if (memchr(n->str, '\0', n->len))
			return errorf(err, EXIT_REFUSED, "NUL character in a "
				      "scalar");
		return 0;
	}
	if (depth >= lim->max_depth)
		return errorf(err, EXIT_REFUSED, "nesting too deep (limit %zu)",
			      lim->max_depth);
	for (size_t i = 0; i < n->n; i++)
		if ((n->kind == DOC_MAP &&
		     fits(n->keys[i], depth + 1, lim, nodes, err)) ||
		    fits(n->items[i], depth + 1, lim, nodes, err))
			return -1;
	return 0;
}

int doc_fits(const struct doc_node *root, size_t len,
	     const struct doc_limits *lim, struct error *err)
{
	size_t nodes = 0;
	if (len > lim->max_bytes)
		return errorf(err, EXIT_REFUSED, "too large (%zu bytes, limit "
			      "%zu)", len, lim->max_bytes);
	return fits(root, 0, lim, &nodes, err);
}

int doc_emit_b64_last(struct doc *d, struct doc_node *map, const char *key,
		      const char *b64, size_t len, struct strbuf *out,
		      struct error *err)
{
	/* one line of base64 (48 bytes or fewer) is a plain scalar */
	if (len <= 64) {
		doc_set(d, map, key, doc_b64_text(d, b64, len));
		return doc_emit(map, out, err);
	}
	/* the mapping written with a two-line stand-in: block style, the
	 * pair last as "KEY: |-", then the stand-in's lines, which the
	 * base64 lines replace, indented as doc_emit indents them */
	struct doc_node *standin = doc_strn(d, "A\nA", 3);
	doc_set(d, map, key, standin);
	size_t start = out->len;
	if (doc_emit(map, out, err))
		return -1;
	static const char tail[] = "  A\n  A\n";
	size_t tl = sizeof tail - 1;
	if (out->len - start < tl ||
	    memcmp(out->buf + out->len - tl, tail, tl) != 0) {
		/* not the layout expected: the emitter writes it all */
		out->len = start;
		out->buf[start] = '\0';
		map->items[map->n - 1] = doc_b64_text(d, b64, len);
		return doc_emit(map, out, err);
	}
	out->len -= tl;
	for (size_t i = 0; i < len; i += 64) {
		strbuf_add(out, "  ", 2);
		strbuf_add(out, b64 + i, len - i < 64 ? len - i : 64);
		strbuf_addc(out, '\n');
	}
	return 0;
}

/* ---- canonical encoding ---- */

static void put_u32(struct strbuf *out, char tag, size_t v)
{
	unsigned char b[5] = { (unsigned char)tag, (unsigned char)(v >> 24),
		(unsigned char)(v >> 16), (unsigned char)(v >> 8),
		(unsigned char)v };
	strbuf_add(out, b, sizeof b);
}

void doc_encode(const struct doc_node *n, struct strbuf *out)
{
	switch (n->kind) {
	case DOC_SCALAR:
		put_u32(out, 's', n->len);
		strbuf_add(out, n->str, n->len);
		break;
	case DOC_SEQ:
		put_u32(out, 'l', n->n);
		for (size_t i = 0; i < n->n; i++)
			doc_encode(n->items[i], out);
		break;
	case DOC_MAP:
		put_u32(out, 'm', n->n);
		for (size_t i = 0; i < n->n; i++) {
			doc_encode(n->keys[i], out);
			doc_encode(n->items[i], out);
		}
		break;
	}
}

/* doc_encode into a BLAKE2b state through a small buffer: the same bytes
 * as hashing doc_encode's output, without building it (a state is hashed
 * at every step of a replay). */
struct enc_hash {
	crypto_generichash_state st;
	size_t used;
	unsigned char buf[4096];
};

static inline void eh_add(struct enc_hash *h, const void *p, size_t n)
{
	if (h->used + n > sizeof h->buf) {
		crypto_generichash_update(&h->st, h->buf, h->used);
		h->used = 0;
		if (n > sizeof h->buf) {
			crypto_generichash_update(&h->st, p, n);
			return;
		}
	}
	memcpy(h->buf + h->used, p, n);
	h->used += n;
}

static inline void eh_u32(struct enc_hash *h, char tag, size_t v)
{
	unsigned char b[5] = { (unsigned char)tag, (unsigned char)(v >> 24),
		(unsigned char)(v >> 16), (unsigned char)(v >> 8),
		(unsigned char)v };
	eh_add(h, b, sizeof b);
}

static void eh_encode(struct enc_hash *h, const struct doc_node *n)
{
	switch (n->kind) {
	case DOC_SCALAR:
		eh_u32(h, 's', n->len);
		eh_add(h, n->str, n->len);
		break;
	case DOC_SEQ:
		eh_u32(h, 'l', n->n);
		for (size_t i = 0; i < n->n; i++)
			eh_encode(h, n->items[i]);
		break;
	case DOC_MAP:
		eh_u32(h, 'm', n->n);
		for (size_t i = 0; i < n->n; i++) {
			eh_encode(h, n->keys[i]);
			eh_encode(h, n->items[i]);
		}
		break;
	}
}

void doc_hash(const char *domain, const struct doc_node *n,
	      unsigned char out[32])
{
	struct enc_hash *h = xmalloc(sizeof *h);
	crypto_generichash_init(&h->st, NULL, 0, 32);
	h->used = 0;
	eh_add(h, domain, strlen(domain));
	eh_encode(h, n);
	crypto_generichash_update(&h->st, h->buf, h->used);
	crypto_generichash_final(&h->st, out, 32);
	free(h);
}

/* Whether doc_encode(a) and doc_encode(b) are the same bytes (the
 * encoding is prefix-free: kind, count or length, then the parts), told
 * without encoding either. */
int doc_same(const struct doc_node *a, const struct doc_node *b)
{
	if (a->kind != b->kind)
		return 0;
	if (a->kind == DOC_SCALAR)
		return a->len == b->len && !memcmp(a->str, b->str, a->len);
	if (a->n != b->n)
		return 0;
	for (size_t i = 0; i < a->n; i++) {
		if (a->kind == DOC_MAP && !doc_same(a->keys[i], b->keys[i]))
			return 0;
		if (!doc_same(a->items[i], b->items[i]))
			return 0;
	}
	return 1;
}

/* ---- packed trees (this machine's caches) ---- */

/*
 * A node: 1 byte kind | style << 4, u32 line, u32 length (scalar) or
 * count (collection), then the bytes, the items or the key/value pairs;
 * u32 little-endian. For caches this machine writes and reads back: no
 * YAML to parse again, the same tree (lines included, for messages).
 */
static void pack_u32(struct strbuf *out, size_t v)
{
	unsigned char b[4] = { (unsigned char)v, (unsigned char)(v >> 8),
		(unsigned char)(v >> 16), (unsigned char)(v >> 24) };
	strbuf_add(out, b, sizeof b);
}

void doc_pack(const struct doc_node *n, struct strbuf *out)
{
	strbuf_addc(out, (char)(n->kind | n->style << 4));
	pack_u32(out, (size_t)(n->line > 0 ? n->line : 0));
	pack_u32(out, n->kind == DOC_SCALAR ? n->len : n->n);
	if (n->kind == DOC_SCALAR) {
		strbuf_add(out, n->str, n->len);
		return;
	}
	for (size_t i = 0; i < n->n; i++) {
		if (n->kind == DOC_MAP)
			doc_pack(n->keys[i], out);
		doc_pack(n->items[i], out);
	}
}

struct unpack {
	struct doc *d;
	const unsigned char *p, *end;
};

static int unpack_u32(struct unpack *u, size_t *v)
{
	if (u->end - u->p < 4)
		return -1;
	*v = (size_t)u->p[0] | (size_t)u->p[1] << 8 |
		(size_t)u->p[2] << 16 | (size_t)u->p[3] << 24;
	u->p += 4;
	return 0;
}

static struct doc_node *unpack_node(struct unpack *u, size_t depth)
{
	size_t line, len;
	if (depth > 64 || u->p >= u->end)
		return NULL;
	unsigned kind = *u->p & 15, style = *u->p >> 4;
	u->p++;
	if (kind > DOC_MAP || style > DOC_STYLE_LITERAL ||
	    unpack_u32(u, &line) || unpack_u32(u, &len) || line > INT32_MAX)
		return NULL;
	struct doc_node *n;
	if (kind == DOC_SCALAR) {
		if ((size_t)(u->end - u->p) < len ||
		    memchr(u->p, '\0', len))
			return NULL;
		n = doc_strn(u->d, (const char *)u->p, len);
		u->p += len;
	} else {
		/* each node takes 9 bytes at least: no count beyond that */
		if (len > (size_t)(u->end - u->p) / 9)
			return NULL;
		n = node(u->d, (enum doc_kind)kind);
		n->cap = len ? len : 0;
		if (len) {
			n->items = doc_alloc(u->d, len * sizeof *n->items);
			if (kind == DOC_MAP)
				n->keys = doc_alloc(u->d,
						    len * sizeof *n->keys);
		}
		for (size_t i = 0; i < len; i++) {
			if (kind == DOC_MAP) {
				n->keys[i] = unpack_node(u, depth + 1);
				if (!n->keys[i] ||
				    n->keys[i]->kind != DOC_SCALAR)
					return NULL;
			}
			n->items[i] = unpack_node(u, depth + 1);
			if (!n->items[i])
				return NULL;
			n->n++;
		}
	}
	n->kind = (enum doc_kind)kind;
	n->style = (enum doc_style)style;
	n->line = (int)line;
	return n;
}

int doc_unpack(struct doc *d, const void *buf, size_t len)
{
	struct unpack u = { d, buf, (const unsigned char *)buf + len };
	struct doc_node *root = unpack_node(&u, 0);
	if (!root || u.p != u.end)
		return -1;
	d->root = root;
	return 0;
}
