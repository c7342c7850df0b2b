/*
 * stubs.c - what the core calls that the page's platform has not: the
 * page's stand-ins, each doing what the core's own function does in the
 * case the page is always in. The file they stand for (memo.c) is left
 * out of the page's link (Makefile, DESK_NOT) for the GMime it holds
 * besides.
 */
#define _GNU_SOURCE             /* dl_iterate_phdr(3) */
#include <link.h>
#include <string.h>
#include "umpire/memo.h"

/* No memo in the page (memo.h: m NULL is scenario_find). */
int memo_scenario(struct memo *m, const char *dir, const char *id,
		  struct scenario *s, struct error *err)
{
	(void)m;
	return scenario_find(dir, id, s, err);
}

/* WebAssembly has no ELF objects: no build id, so scenario.c keeps no
 * start state on disk for the page (none would be read again). */
int dl_iterate_phdr(int (*cb)(struct dl_phdr_info *, size_t, void *),
		    void *data)
{
	(void)cb;
	(void)data;
	return 0;
}
