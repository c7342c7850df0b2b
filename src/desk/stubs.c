/*
 * stubs.c - what the core calls that the page's platform has not: the
 * page's stand-ins, each doing what the core's own function does in the
 * case the page is always in. The files they stand for (memo.c, mail.c,
 * sigq.c) are left out of the page's link (Makefile, DESK_NOT) for the
 * GMime and the threads they hold besides.
 */
#define _GNU_SOURCE             /* dl_iterate_phdr(3) */
#include <link.h>
#include <string.h>
#include <sodium.h>
#include "umpire/armor.h"
#include "umpire/mail.h"
#include "umpire/memo.h"
#include "umpire/sigq.h"

/* No memo in the page (memo.h: m NULL is scenario_find). */
int memo_scenario(struct memo *m, const char *dir, const char *id,
		  struct scenario *s, struct error *err)
{
	(void)m;
	return scenario_find(dir, id, s, err);
}

/* No memo: each key's sealing half made from the key (memo.h). */
int memo_seal_key(struct memo *m, const unsigned char pk[32],
		  unsigned char xpk[32])
{
	(void)m;
	return crypto_sign_ed25519_pk_to_curve25519(xpk, pk) != 0 ? -1 : 0;
}

/* No GLib in the page: armor.h's base64 (memo.h: m NULL). */
void memo_b64(struct memo *m, const unsigned char *b, size_t n,
	      struct strbuf *out)
{
	(void)m;
	b64_add(out, b, n);
}

/* No memo: no step kept, each read whole (memo.h: m NULL). */
const struct doc_node *memo_step(struct memo *m, const unsigned char h[32])
{
	(void)m;
	(void)h;
	return NULL;
}

void memo_step_keep(struct memo *m, const unsigned char h[32],
		    const struct doc_node *item, size_t len)
{
	(void)m;
	(void)h;
	(void)item;
	(void)len;
}

/* No queue in the page (sigq.h: q NULL checks at once). */
int sigq_verify(struct sigq *q, const unsigned char *sig,
		const unsigned char *msg, size_t len, const unsigned char *pk)
{
	(void)q;
	return crypto_sign_verify_detached(sig, msg, len, pk);
}

/* No mail layer in the page: a game's vouched prefix is never taken
 * as read (gamevouch.c reads the whole file instead, as it does for
 * any text mail_game_as_read does not pass). */
int mail_game_as_read(const char *head, size_t head_len, const char *tail,
		      size_t tail_len, size_t len, size_t max)
{
	(void)head;
	(void)head_len;
	(void)tail;
	(void)tail_len;
	(void)len;
	(void)max;
	return 0;
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
