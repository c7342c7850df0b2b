/*
 * json.c - the JSON writer of --json.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "umpire/json.h"

void json_init(struct json *j, struct strbuf *out)
{
	memset(j, 0, sizeof *j);
	j->out = out;
}

/* The comma before a value, unless it follows its key. */
static void before_value(struct json *j)
{
	if (j->after_key) {
		j->after_key = 0;
		return;
	}
	if (j->count[j->depth]++ > 0)
		strbuf_adds(j->out, ",");
}

static void open_with(struct json *j, const char *c)
{
	before_value(j);
	strbuf_adds(j->out, c);
	if (j->depth + 1 < JSON_MAX_DEPTH)
		j->depth++;
	j->count[j->depth] = 0;
}

static void close_with(struct json *j, const char *c)
{
	strbuf_adds(j->out, c);
	if (j->depth > 0)
		j->depth--;
}

void json_begin_object(struct json *j) { open_with(j, "{"); }
void json_end_object(struct json *j) { close_with(j, "}"); }
void json_begin_array(struct json *j) { open_with(j, "["); }
void json_end_array(struct json *j) { close_with(j, "]"); }

/* s (n bytes) as a JSON string: room made at once for what is left of
 * s escaped two bytes a byte, so each byte is stored as it is or as its
 * two-byte escape (a board's SVG, near 1 MB and its every attribute
 * quoted, took some 110 instructions a byte added a byte at a time, each
 * quote through a format); a control byte's \u00XX makes the room again */
static void quoted(struct strbuf *sb, const char *s, size_t n)
{
	strbuf_adds(sb, "\"");
	strbuf_grow(sb, 2 * n);
	char *o = sb->buf + sb->len;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		char e = c == '"' ? '"' : c == '\\' ? '\\' : c == '\n' ? 'n' :
			c == '\t' ? 't' : 0;
		if (e) {
			*o++ = '\\';
			*o++ = e;
		} else if (c >= 0x20 && c != 0x7f) {
			*o++ = (char)c;
		} else {
			sb->len = (size_t)(o - sb->buf);
			strbuf_addf(sb, "\\u%04x", c);
			strbuf_grow(sb, 2 * (n - i - 1));
			o = sb->buf + sb->len;
		}
	}
	sb->len = (size_t)(o - sb->buf);
	strbuf_adds(sb, "\"");
}

void json_key(struct json *j, const char *key)
{
	before_value(j);
	quoted(j->out, key, strlen(key));
	strbuf_adds(j->out, ":");
	j->after_key = 1;
}

void json_stringn(struct json *j, const char *s, size_t n)
{
	before_value(j);
	quoted(j->out, s, n);
}

void json_string(struct json *j, const char *s)
{
	if (!s) {
		json_null(j);
		return;
	}
	json_stringn(j, s, strlen(s));
}

void json_int(struct json *j, long long v)
{
	before_value(j);
	strbuf_addf(j->out, "%lld", v);
}

void json_number(struct json *j, double v)
{
	before_value(j);
	if (isfinite(v))
		strbuf_addf(j->out, "%.6g", v);
	else
		strbuf_adds(j->out, "null");
}

void json_bool(struct json *j, int v)
{
	before_value(j);
	strbuf_adds(j->out, v ? "true" : "false");
}

void json_null(struct json *j)
{
	before_value(j);
	strbuf_adds(j->out, "null");
}

void json_kstring(struct json *j, const char *key, const char *s)
{
	json_key(j, key);
	json_string(j, s);
}

void json_kint(struct json *j, const char *key, long long v)
{
	json_key(j, key);
	json_int(j, v);
}

void json_finish(struct json *j)
{
	strbuf_adds(j->out, "\n");
}
