/*
 * json.h - writing JSON for --json (umpire(1), JSON OUTPUT).
 *
 * A small streaming writer into a strbuf: objects, arrays, keys and
 * scalars, with commas placed for the caller and strings escaped per RFC
 * 8259 (", \ and control bytes; other bytes, UTF-8 included, as they are).
 * The writer keeps no state outside struct json.
 */
#ifndef UMPIRE_JSON_H
#define UMPIRE_JSON_H

#include <stddef.h>
#include "umpire/strbuf.h"

#define JSON_MAX_DEPTH 16

struct json {
	struct strbuf *out;
	int depth;
	int count[JSON_MAX_DEPTH];  /* items written at each depth */
	int after_key;              /* a key was written: no comma next */
};

void json_init(struct json *j, struct strbuf *out);
void json_begin_object(struct json *j);
void json_end_object(struct json *j);
void json_begin_array(struct json *j);
void json_end_array(struct json *j);
/* The key of the next member of the current object. */
void json_key(struct json *j, const char *key);
void json_string(struct json *j, const char *s);   /* NULL: null */
void json_stringn(struct json *j, const char *s, size_t n);
void json_int(struct json *j, long long v);
void json_number(struct json *j, double v);
void json_bool(struct json *j, int v);
void json_null(struct json *j);
/* key + value in one call, for objects */
void json_kstring(struct json *j, const char *key, const char *s);
void json_kint(struct json *j, const char *key, long long v);
/* Ends the document with a newline. */
void json_finish(struct json *j);

#endif
