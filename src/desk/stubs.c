/*
 * stubs.c - what the core calls that the page's platform has not: the
 * page's stand-ins, each doing what the core's own function does in the
 * case the page is always in. The files they stand for (memo.c, keys.c)
 * are left out of the page's link (Makefile, DESK_NOT) for the GMime
 * and the kernel keyring they hold besides.
 */
#define _GNU_SOURCE             /* dl_iterate_phdr(3) */
#include <link.h>
#include <string.h>
#include "umpire/keys.h"
#include "umpire/memo.h"

/* No memo in the page (memo.h: m NULL is scenario_find). */
int memo_scenario(struct memo *m, const char *dir, const char *id,
		  struct scenario *s, struct error *err)
{
	(void)m;
	return scenario_find(dir, id, s, err);
}

/* The page holds no secret key (desk_open loads its view with none), so
 * nothing asks a key's public half; were it asked, a key that matches no
 * role's. */
void seckey_pubkey(const struct seckey *sk, struct pubkey *pk)
{
	(void)sk;
	memset(pk, 0, sizeof *pk);
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
