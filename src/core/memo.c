/*
 * memo.c - what a judge serving many messages keeps between them
 * (memo.h): scenarios and checkpoint files found to read, known by
 * their file's identity, the sealing form of keys, and game files'
 * steps, known by their bytes' hash.
 */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sodium.h>
#include "umpire/armor.h"
#include "umpire/gmime_dl.h"
#include "umpire/memo.h"
#include "umpire/strbuf.h"

struct kept_scenario {
	char *path;
	struct stat st;
	struct scenario s;
};

struct kept_step {
	unsigned char h[32];
	struct doc *d;          /* its root: the item */
	unsigned long long used;
};

struct kept_file {
	char *path;
	struct stat st;
};

struct memo {
	struct kept_scenario scn[MEMO_SCENARIOS];
	struct kept_file file[MEMO_FILES];
	size_t n_file, next_file;
	struct kept_step step[MEMO_STEPS];
	size_t n_step;
	unsigned long long tick;
	size_t n_scn;
	unsigned char key[MEMO_KEYS][32], xkey[MEMO_KEYS][32];
	size_t n_key, next_key;
	/* GLib's base64 encoder and free, found in the GMime loaded
	 * (memo_b64); its handle, held while they are kept */
	void *glib;
	char *(*g_base64_encode)(const unsigned char *, size_t);
	void (*g_free)(void *);
};

struct memo *memo_new(void)
{
	return xcalloc(1, sizeof(struct memo));
}

void memo_free(struct memo *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->n_scn; i++) {
		m->scn[i].s.borrowed = 0;
		scenario_free(&m->scn[i].s);
		free(m->scn[i].path);
	}
	for (size_t i = 0; i < m->n_step; i++)
		doc_free(m->step[i].d);
	for (size_t i = 0; i < m->n_file; i++)
		free(m->file[i].path);
	if (m->glib)
		dlclose(m->glib);
	sodium_memzero(m, sizeof *m);
	free(m);
}

static int same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
		a->st_size == b->st_size &&
		a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
		a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
		a->st_ctim.tv_sec == b->st_ctim.tv_sec &&
		a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

int memo_scenario(struct memo *m, const char *dir, const char *id,
		  struct scenario *s, struct error *err)
{
	struct strbuf path = STRBUF_INIT;
	struct stat st;
	if (!m)
		return scenario_find(dir, id, s, err);
	strbuf_addf(&path, "%s/%s.yaml", dir, id);
	int known = stat(path.buf, &st) == 0 && S_ISREG(st.st_mode);
	for (size_t i = 0; known && i < m->n_scn; i++) {
		struct kept_scenario *k = &m->scn[i];
		if (!strcmp(k->path, path.buf) && same_file(&k->st, &st)) {
			*s = k->s;
			s->borrowed = 1;
			strbuf_free(&path);
			return 0;
		}
	}
	int rc = scenario_find(dir, id, s, err);
	/* kept when the file is the one stat saw before its load */
	struct stat after;
	if (rc == 0 && known && m->n_scn < MEMO_SCENARIOS &&
	    stat(path.buf, &after) == 0 && same_file(&st, &after)) {
		struct kept_scenario *k = &m->scn[m->n_scn++];
		k->path = strbuf_detach(&path, NULL);
		k->st = st;
		s->starts = xcalloc(1, sizeof *s->starts);
		k->s = *s;
		s->borrowed = 1;
	}
	strbuf_free(&path);
	return rc;
}

int memo_file_reads(const struct memo *m, const char *path,
		    const struct stat *st)
{
	for (size_t i = 0; m && i < m->n_file; i++)
		if (!strcmp(m->file[i].path, path) &&
		    same_file(&m->file[i].st, st))
			return 1;
	return 0;
}

void memo_file_reads_keep(struct memo *m, const char *path,
			  const struct stat *st)
{
	struct stat after;
	if (!m || stat(path, &after) || !same_file(st, &after) ||
	    memo_file_reads(m, path, st))
		return;
	/* the same path changed: its old identity is never seen again */
	size_t i = 0;
	while (i < m->n_file && strcmp(m->file[i].path, path))
		i++;
	if (i == m->n_file) {
		i = m->n_file < MEMO_FILES ? m->n_file++ :
			m->next_file++ % MEMO_FILES;
		free(m->file[i].path);
		m->file[i].path = xstrdup(path);
	}
	m->file[i].st = *st;
}

int memo_seal_key(struct memo *m, const unsigned char pk[32],
		  unsigned char xpk[32])
{
	for (size_t i = 0; m && i < m->n_key; i++)
		if (!memcmp(m->key[i], pk, 32)) {
			memcpy(xpk, m->xkey[i], 32);
			return 0;
		}
	if (crypto_sign_ed25519_pk_to_curve25519(xpk, pk) != 0)
		return -1;
	if (m) {
		size_t i = m->n_key < MEMO_KEYS ? m->n_key++ :
			m->next_key++ % MEMO_KEYS;
		memcpy(m->key[i], pk, 32);
		memcpy(m->xkey[i], xpk, 32);
	}
	return 0;
}

/* GLib's base64 encoder, from the GMime this process has loaded: 1 when
 * m holds it. */
static int glib_b64(struct memo *m)
{
	if (m->glib)
		return 1;
	void *h = dlopen(GMIME_SONAME, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
	if (!h)
		return 0;
	/* (dlsym's void * to a function pointer: memcpy, as gmime_dl.c) */
	void *enc = dlsym(h, "g_base64_encode"), *fr = dlsym(h, "g_free");
	if (!enc || !fr) {
		dlclose(h);
		return 0;
	}
	memcpy(&m->g_base64_encode, &enc, sizeof enc);
	memcpy(&m->g_free, &fr, sizeof fr);
	m->glib = h;
	return 1;
}

void memo_b64(struct memo *m, const unsigned char *b, size_t n,
	      struct strbuf *out)
{
	char *t;
	if (!m || n == 0 || !glib_b64(m) || !(t = m->g_base64_encode(b, n))) {
		b64_add(out, b, n);
		return;
	}
	strbuf_add(out, t, strlen(t));
	m->g_free(t);
}

const struct doc_node *memo_step(struct memo *m, const unsigned char h[32])
{
	for (size_t i = 0; m && i < m->n_step; i++)
		if (!memcmp(m->step[i].h, h, 32)) {
			m->step[i].used = ++m->tick;
			return m->step[i].d->root;
		}
	return NULL;
}

void memo_step_keep(struct memo *m, const unsigned char h[32],
		    const struct doc_node *item, size_t len)
{
	if (!m || len > MEMO_STEP_BYTES || memo_step(m, h))
		return;
	size_t i = 0;
	if (m->n_step < MEMO_STEPS) {
		i = m->n_step++;
	} else {
		for (size_t k = 1; k < MEMO_STEPS; k++)
			if (m->step[k].used < m->step[i].used)
				i = k;
		doc_free(m->step[i].d);
	}
	struct kept_step *k = &m->step[i];
	memcpy(k->h, h, 32);
	k->d = doc_new("step");
	k->d->root = doc_copy(k->d, item);
	k->used = ++m->tick;
}
