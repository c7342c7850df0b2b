/*
 * replaylines.c - the lines a replay's boards share (replay.h): each
 * distinct line kept once, in an open-addressing table keyed by its
 * FNV-1a hash; a board becomes ranges of the table.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/replay.h"

static uint64_t hash(const char *p, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
	return h;
}

static void grow(struct replay_lines *t)
{
	size_t n = t->n_slots ? 2 * t->n_slots : 4096;
	free(t->slot);
	t->slot = xcalloc(n, sizeof *t->slot);
	t->n_slots = n;
	for (size_t i = 0; i < t->n; i++) {
		size_t s = t->hash[i] & (n - 1);
		while (t->slot[s])
			s = (s + 1) & (n - 1);
		t->slot[s] = i + 1;
	}
}

/* The index of the line p[0..n), added if new. */
static size_t line_index(struct replay_lines *t, const char *p, size_t n)
{
	if (2 * (t->n + 1) > t->n_slots)
		grow(t);
	uint64_t hv = hash(p, n);
	size_t s = hv & (t->n_slots - 1);
	for (; t->slot[s]; s = (s + 1) & (t->n_slots - 1)) {
		size_t i = t->slot[s] - 1;
		if (t->hash[i] == hv && t->len[i] == n &&
		    !memcmp(t->line[i], p, n))
			return i;
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 4096;
		t->line = xrealloc(t->line, t->cap * sizeof *t->line);
		t->len = xrealloc(t->len, t->cap * sizeof *t->len);
		t->hash = xrealloc(t->hash, t->cap * sizeof *t->hash);
	}
	t->line[t->n] = xmalloc(n);
	memcpy(t->line[t->n], p, n);
	t->len[t->n] = n;
	t->hash[t->n] = hv;
	t->slot[s] = t->n + 1;
	return t->n++;
}

char *replay_lines_add(struct replay_lines *t, const char *text)
{
	struct strbuf ranges = STRBUF_INIT, *out = &ranges;
	size_t first = 0, last = 0;
	int open = 0;
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
		/* the boards of a replay repeat long runs of lines in
		 * order (the map): the line after the last one met is
		 * tried first, without a hash */
		size_t i = open && last + 1 < t->n && t->len[last + 1] == n &&
			!memcmp(t->line[last + 1], p, n) ? last + 1 :
			line_index(t, p, n);
		if (open && i == last + 1) {
			last = i;
		} else {
			if (open)
				strbuf_addf(out, first == last ? "%zu," :
					    "%zu-%zu,", first, last);
			first = last = i;
			open = 1;
		}
		p += n;
	}
	if (open)
		strbuf_addf(out, first == last ? "%zu" : "%zu-%zu", first,
			    last);
	return ranges.buf ? strbuf_detach(&ranges, NULL) : xstrdup("");
}

void replay_lines_free(struct replay_lines *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->line[i]);
	free(t->line);
	free(t->len);
	free(t->hash);
	free(t->slot);
	memset(t, 0, sizeof *t);
}

