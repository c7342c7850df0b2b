/*
 * doc.h - the YAML document layer: a small tree of scalars, sequences and
 * mappings, parsed with libyaml under hard limits, emitted in one canonical
 * form with libyaml, and hashed through a canonical byte encoding.
 *
 * Ownership: a struct doc owns every node, string and array reachable from
 * its root (one arena). doc_free releases all of it at once; nodes are never
 * freed one by one. Nodes from one doc must not be linked into another doc
 * (use doc_copy). Strings passed to builders are copied.
 *
 * All scalars are strings: umpire never relies on YAML's implicit typing.
 * Numbers are read with doc_int, which checks range and syntax.
 */
#ifndef UMPIRE_DOC_H
#define UMPIRE_DOC_H

#include <stddef.h>
#include <stdint.h>
#include "umpire/error.h"
#include "umpire/strbuf.h"

/* Every line umpire writes for mail (game files, templates, signed
 * orders, reports, views) is at most this wide, so that no mail client
 * re-wraps it. */
#define MAIL_COLUMNS 72

enum doc_kind { DOC_SCALAR, DOC_SEQ, DOC_MAP };

/* Emission hints; they never change the meaning or the hash. */
enum doc_style {
	DOC_STYLE_ANY = 0,  /* block collections, plain or quoted scalars */
	DOC_STYLE_FLOW,     /* short collections on one line: [a, b] */
	DOC_STYLE_LITERAL   /* scalar as a literal block (|-) */
};

struct doc_node {
	enum doc_kind kind;
	enum doc_style style;
	int line;               /* 1-based source line; 0 for built nodes */
	/* DOC_SCALAR */
	const char *str;        /* NUL-terminated, may hold no NUL */
	size_t len;
	/* DOC_SEQ: items[0..n); DOC_MAP: keys[i] (scalars) -> items[i] */
	size_t n, cap;
	struct doc_node **items;
	struct doc_node **keys;
};

struct doc_limits {
	size_t max_bytes;   /* whole input */
	size_t max_depth;   /* nesting of collections */
	size_t max_scalar;  /* one scalar's length */
	size_t max_nodes;   /* total nodes */
};

/* Limits for small hand-written files (orders, keys, configs, scenarios). */
extern const struct doc_limits DOC_LIMITS_SMALL;
/* Limits for game files (long ledgers). */
extern const struct doc_limits DOC_LIMITS_GAME;
/* Limits for views and sealed files: the size of a small file, but one
 * scalar may fill it (a sealed box is one base64 scalar; a view's report
 * tells every step since its side's latest). */
extern const struct doc_limits DOC_LIMITS_VIEW;

struct doc {
	char *name;             /* file name used in messages ("-" is "stdin") */
	struct doc_node *root;  /* NULL until parsed or set */
	void *arena;            /* private */
};

struct doc *doc_new(const char *name);
void doc_free(struct doc *d);

/*
 * Parse exactly one YAML document from buf. Refused (EXIT_REFUSED), with
 * "NAME:LINE: ..." messages: syntax errors, anchors and aliases, tags,
 * duplicate keys, non-scalar keys, several documents, control characters,
 * invalid UTF-8, anything beyond the limits. An empty input gives an
 * empty mapping.
 */
int doc_parse(struct doc *d, const char *buf, size_t len,
	      const struct doc_limits *lim, struct error *err);

/*
 * doc_parse, the root mapping's sequence `key` not kept: each of its
 * items, checked as doc_parse checks it (the limits counted over the
 * whole file), is built in a document of its own, handed to each (its
 * index from 0) and freed when each returns; the root then holds `key`
 * as an empty sequence. each returns 0, or -1 to stop (err its). What
 * reads a long file a piece at a time (a game's steps, gamestream.c)
 * keeps what it needs of an item, not the item.
 */
struct doc_stream {
	const char *key;
	int (*each)(void *user, struct doc *item_doc,
		    const struct doc_node *item, size_t i);
	void *user;
};
int doc_parse_stream(struct doc *d, const char *buf, size_t len,
		     const struct doc_limits *lim, const struct doc_stream *st,
		     struct error *err);
/* The same (st may be NULL), the text read by read (libyaml's
 * yaml_read_handler_t: fill buffer with up to size bytes, *size_read
 * of them, 0 at the end; 1, or 0 on a read error) as the parser wants
 * it, never held whole. The caller has checked what doc_parse checks
 * of the text before parsing it: its size, and that it holds no NUL. */
typedef int doc_read_fn(void *data, unsigned char *buffer, size_t size,
			size_t *size_read);
int doc_parse_read(struct doc *d, doc_read_fn *read, void *data,
		   const struct doc_limits *lim, const struct doc_stream *st,
		   struct error *err);

/*
 * The text read by read (as doc_parse_read), the items of the root
 * mapping's sequence `key` pulled one at a time: what comes before it
 * is read and dropped (checked as doc_parse checks it), and each item
 * is built in a document of its own (*item_doc, the caller's to free),
 * 1; 0 at the sequence's end (what follows it is not read); -1 with
 * err. For a text doc_parse took before (a game file read twice, its
 * steps pulled again, gamestream.c); NULL from open with err.
 */
struct doc_pull;
struct doc_pull *doc_pull_open(const char *name, doc_read_fn *read,
			       void *data, const struct doc_limits *lim,
			       const char *key, struct error *err);
int doc_pull_next(struct doc_pull *p, struct doc **item_doc,
		  const struct doc_node **item, struct error *err);
void doc_pull_close(struct doc_pull *p);

/* Emit root as YAML (canonical: same tree, same bytes) into out. */
int doc_emit(const struct doc_node *root, struct strbuf *out,
	     struct error *err);
/* Whether the text doc_emit writes for root (len bytes) is within lim
 * as doc_parse would read it back: its bytes, and root's nesting,
 * nodes (keys included) and scalars (their length, no NUL) counted as
 * doc_parse counts them, without parsing. 0, or -1 with err (what
 * doc_parse would say, EXIT_REFUSED). */
int doc_fits(const struct doc_node *root, size_t len,
	     const struct doc_limits *lim, struct error *err);
/* doc_emit of the mapping map (d's) with the pair key: the base64 text
 * b64 (len characters, no line break: b64_add's or memo_b64's, the
 * bytes' base64) as doc_b64 lays it out, added last, byte for byte,
 * the lines written without the emitter's work on each character (a
 * sealed box: most of the file). The pair is added to map, its value
 * there a stand-in: map is for nothing more than this. */
int doc_emit_b64_last(struct doc *d, struct doc_node *map, const char *key,
		      const char *b64, size_t len, struct strbuf *out,
		      struct error *err);

/*
 * Canonical encoding, the input of every hash (see umpire-protocol(7)):
 *   scalar:   's' u32be(len) bytes
 *   sequence: 'l' u32be(n) item...
 *   mapping:  'm' u32be(n) (key value)...   in stored order
 */
void doc_encode(const struct doc_node *n, struct strbuf *out);
/* A tree packed into bytes for a cache this machine keeps, and read back
 * into d (d->root): the same nodes, lines and styles. doc_unpack refuses
 * (-1) bytes that are not a whole packed tree; d then holds garbage
 * nodes but no root, to be freed. */
void doc_pack(const struct doc_node *n, struct strbuf *out);
int doc_unpack(struct doc *d, const void *buf, size_t len);
/* Whether doc_encode(a) and doc_encode(b) are the same bytes. */
int doc_same(const struct doc_node *a, const struct doc_node *b);

/* ---- building ---- */
struct doc_node *doc_map(struct doc *d);
struct doc_node *doc_seq(struct doc *d);
struct doc_node *doc_str(struct doc *d, const char *s);
struct doc_node *doc_strn(struct doc *d, const char *s, size_t len);
struct doc_node *doc_strf(struct doc *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
struct doc_node *doc_int(struct doc *d, long long v);
struct doc_node *doc_hex(struct doc *d, const unsigned char *b, size_t n);
/* base64 (original alphabet, padded) in 64-character lines, literal style */
struct doc_node *doc_b64(struct doc *d, const unsigned char *b, size_t n);
/* doc_b64 of bytes whose base64 text (no line break) is b64, len
 * characters. */
struct doc_node *doc_b64_text(struct doc *d, const char *b64, size_t len);
/* The canonical text of a base64 scalar read with spaces, CR and LF
 * ignored (doc_need_b64): its bytes as doc_b64 writes them, so that what
 * is hashed is the value, not how it was wrapped (a copy if it is not
 * base64). */
struct doc_node *doc_b64_canon(struct doc *d, const struct doc_node *v);
/* The one encoding of a 32-byte value (hash, link, seed, salt) in umpire
 * files: base64, original alphabet, padded, on one line (44 characters). */
#define DOC_B64_32_LEN 44
void doc_b64_32_str(char out[DOC_B64_32_LEN + 1], const unsigned char b[32]);
struct doc_node *doc_b64_32(struct doc *d, const unsigned char b[32]);
/* A copy of n's top level only: its own key and item arrays (for doc_put
 * and doc_del), the children shared with n. */
struct doc_node *doc_copy_top(struct doc *d, const struct doc_node *n);
struct doc_node *doc_copy(struct doc *d, const struct doc_node *n);
/* Append to a sequence / set a mapping entry (key must not exist yet). */
void doc_push(struct doc *d, struct doc_node *seq, struct doc_node *item);
void doc_set(struct doc *d, struct doc_node *map, const char *key,
	     struct doc_node *val);
/* Shorthands returning the value node. */
struct doc_node *doc_set_str(struct doc *d, struct doc_node *map,
			     const char *key, const char *val);
struct doc_node *doc_set_int(struct doc *d, struct doc_node *map,
			     const char *key, long long val);
/* Replace an existing entry or add it. */
void doc_put(struct doc *d, struct doc_node *map, const char *key,
	     struct doc_node *val);
/* Remove a mapping entry if present. */
void doc_del(struct doc_node *map, const char *key);

/* ---- reading ---- (d gives the file name for messages; may be NULL) */
const struct doc_node *doc_get(const struct doc_node *map, const char *key);
/* Value must exist and be of the kind; messages name file, line, field. */
int doc_need(const struct doc *d, const struct doc_node *map,
	     const char *key, enum doc_kind kind,
	     const struct doc_node **out, struct error *err);
int doc_need_str(const struct doc *d, const struct doc_node *map,
		 const char *key, const char **out, struct error *err);
int doc_need_int(const struct doc *d, const struct doc_node *map,
		 const char *key, long long min, long long max,
		 long long *out, struct error *err);
/* Parse a scalar as a decimal integer in [min,max]. */
int doc_int_of(const struct doc *d, const struct doc_node *n,
	       const char *what, long long min, long long max,
	       long long *out, struct error *err);
/* Lower-case hexadecimal scalar (2n digits) into exactly n bytes. */
int doc_need_hex(const struct doc *d, const struct doc_node *map,
		 const char *key, unsigned char *out, size_t n,
		 struct error *err);
/* A 32-byte value in its one encoding (doc_b64_32): anything else, even
 * the same bytes written another way, is refused. */
int doc_need_b64_32(const struct doc *d, const struct doc_node *map,
		    const char *key, unsigned char out[32],
		    struct error *err);
/* Parse a string as doc_b64_32 writes it; 0 if it is one, else -1. */
int doc_b64_32_parse(const char *s, size_t len, unsigned char out[32]);
/* base64 (whitespace ignored); *out allocated in the doc's arena. */
int doc_need_b64(const struct doc *d, const struct doc_node *map,
		 const char *key, unsigned char **out, size_t *outlen,
		 struct error *err);
/*
 * Optional fields (test positions and partial loads): when key is absent
 * *out is left as it is. doc_opt_name maps a word to its index in
 * names[0..count) and refuses any other word, listing the legal ones.
 */
int doc_opt_name(const struct doc *d, const struct doc_node *map,
		 const char *key, const char *const *names, int count,
		 int *out, struct error *err);
int doc_opt_int(const struct doc *d, const struct doc_node *map,
		const char *key, long long min, long long max, int *out,
		struct error *err);
/* Every key of map must be one of allowed (NULL-terminated). */
int doc_only_keys(const struct doc *d, const struct doc_node *map,
		  const char *const *allowed, struct error *err);
/* "NAME:LINE" (or "NAME") for messages. */
const char *doc_where(const struct doc *d, const struct doc_node *n,
		      char *buf, size_t size);
/* A refusal (EXIT_REFUSED) of what stands at n, "NAME:LINE: " and the
 * message: the readers of scenarios and positions say where. */
int doc_bad(const struct doc *d, const struct doc_node *n, struct error *err,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Allocate from the doc's arena (zeroed). */
void *doc_alloc(struct doc *d, size_t n);
/* The size of the arena's first chunk, for a doc that knows how much it
 * will hold (orders_pack): set before anything is allocated from it. */
void doc_first_chunk(struct doc *d, size_t n);

#endif

#ifndef UMPIRE_DOC_HASH
#define UMPIRE_DOC_HASH
/* BLAKE2b-256 of domain (ASCII, no NUL) followed by doc_encode(n). */
void doc_hash(const char *domain, const struct doc_node *n,
	      unsigned char out[32]);
#endif
