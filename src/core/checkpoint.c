/*
 * checkpoint.c - this machine's checkpoints of a game (see checkpoint.h).
 *
 * GAME, the index, YAML written by doc_emit:
 *   umpire: checkpoints/5
 *   game: GAME-ID
 *   rules: ID/VERSION        (and the state's size: another build of the
 *   state-size: N             rules is another cache)
 *   genesis: HASH
 *   steps: N                 the records of GAME-steps
 *   points: [N, ...]         the steps that have a checkpoint
 *   prefix:                  a prefix for each kept checkpoint, oldest
 *   - {steps: Q, point: P,   first (the latest alone in a game with
 *      lines: L, nodes: K,   no views)
 *      bytes: B, chain: ["ROLE INDEX LINK", ...]}
 * GAME-steps: N records of CHECKPOINT_STEP_BYTES, the step's hash, its
 * countersignature's hash, the hash of its node (its canonical
 * encoding, signature included) and the hash of the text umpire writes
 * for it as an item of the steps (zero where not worked out).
 * GAME-text: the B bytes of the longest prefix, each prefix its first B
 * bytes: steps 1..Q as the game file held them (L lines, K nodes),
 * verified here; each role's chain after step Q (its latest link and
 * the link's index); P, the checkpoint whose replay reads no step
 * before Q + 1.
 * GAME.N, the checkpoint in step N (one file each, so that a command
 * reads only the one it resumes from), a tree packed (read_packed):
 *   umpire: checkpoint/3
 *   game: GAME-ID
 *   step: N
 *   answers: A, standing: S, draws: D, blind: B, turn: T, phase: TEXT,
 *   draw-for: ROLE, persist: {ROLE: {step: J, standing: {KEY: VALUE,
 *   ...}}, ...}, state: {...}
 * persist: each role's standing orders in its latest step J before N
 * (ruleset.standing_persist), so that a replay resumed in step N reads
 * no step before it and the vouched prefix reaches step N - 1.
 * HASH is 32 bytes in base64.
 */
#define _DEFAULT_SOURCE         /* MAP_POPULATE */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sodium.h>
#include "umpire/checkpoint.h"
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/memo.h"
#include "umpire/sign.h"
#include "umpire/strbuf.h"

#define CHECKPOINT_MAGIC "checkpoints/5"
#define POINT_MAGIC "checkpoint/3"
#define CHECKPOINT_MAX_BYTES (8u << 20)

/* GAME, or GAME.step for step > 0 */
static int file_path(const struct game *g, size_t step, struct strbuf *path)
{
	struct error ignored;
	if (state_dir(path, &ignored))
		return -1;
	strbuf_addf(path, "/checkpoints/%s", g->id);
	if (step)
		strbuf_addf(path, ".%zu", step);
	return 0;
}

/* GAME-what (steps, text) */
static int side_path(const struct game *g, const char *what,
		     struct strbuf *path)
{
	if (file_path(g, 0, path))
		return -1;
	strbuf_addf(path, "-%s", what);
	return 0;
}

/* The first want bytes of GAME-what (the index names them: a file
 * that grows by appending may hold more, append_cache); NULL when it
 * is shorter. */
static char *read_side(const struct game *g, const char *what, size_t want)
{
	struct strbuf path = STRBUF_INIT;
	struct stat st;
	char *buf = NULL;
	int fd = side_path(g, what, &path) ? -1 :
		open(path.buf, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	strbuf_free(&path);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (size_t)st.st_size >= want) {
		buf = xmalloc(want + 1);
		if (read_at(fd, buf, want, 0)) {
			free(buf);
			buf = NULL;
		} else {
			buf[want] = '\0';
		}
	}
	close(fd);
	return buf;
}

/* A checkpoint file (GAME.N): the tree packed (doc_pack) after
 * POINT_PACK and BLAKE2b-256 of the packed bytes, which refuses a
 * damaged file: a state read, with its hexes and units, costs a YAML
 * parse several times the unpacking (1.4M instructions of a status's
 * 14.6M at step 1,024 of a long Aachen game). tests/e2e/points.py
 * reads and writes them. */
#define POINT_PACK "umpire-checkpoint-pack/1\n"

static struct doc *read_packed(const char *path)
{
	const size_t m = strlen(POINT_PACK);
	struct error ignored;
	unsigned char sum[32];
	char *buf;
	size_t len;
	if (read_input(path, CHECKPOINT_MAX_BYTES, &buf, &len, &ignored))
		return NULL;
	struct doc *d = NULL;
	if (len > m + 32 && memcmp(buf, POINT_PACK, m) == 0) {
		crypto_generichash(sum, 32, (unsigned char *)buf + m + 32,
				   len - m - 32, NULL, 0);
		d = doc_new(path);
		if (sodium_memcmp(sum, buf + m, 32) != 0 ||
		    doc_unpack(d, buf + m + 32, len - m - 32) ||
		    d->root->kind != DOC_MAP) {
			doc_free(d);
			d = NULL;
		}
	}
	free(buf);
	return d;
}

static int write_packed(const char *path, const struct doc_node *m)
{
	struct strbuf file = STRBUF_INIT;
	unsigned char sum[32] = { 0 };
	strbuf_adds(&file, POINT_PACK);
	size_t at = file.len;
	strbuf_add(&file, sum, 32);
	doc_pack(m, &file);
	crypto_generichash((unsigned char *)file.buf + at, 32,
			   (unsigned char *)file.buf + at + 32,
			   file.len - at - 32, NULL, 0);
	int rc = write_cache(path, file.buf, file.len);
	strbuf_free(&file);
	return rc;
}

/* The YAML file at path, parsed; NULL if absent or unreadable. */
static struct doc *read_doc(const char *path, struct memo *memo)
{
	struct error ignored;
	struct stat st;
	char *buf;
	size_t len;
	if (stat(path, &st) != 0 ||
	    read_input(path, CHECKPOINT_MAX_BYTES, &buf, &len, &ignored))
		return NULL;
	struct doc *d = doc_new(path);
	/* a judge's memo: the tree of these very bytes where it parsed
	 * them before (the index is opened twice a message, to read the
	 * game and to save after its step: 0.26M instructions a parse at
	 * step 256 of a judged Race to the Reichstag game), else parsed
	 * and kept */
	unsigned char h[32];
	const struct doc_node *t = NULL;
	if (memo) {
		crypto_generichash(h, 32, (const unsigned char *)buf, len,
				   NULL, 0);
		t = memo_step(memo, h);
	}
	int rc = 0;
	if (t)
		d->root = doc_copy(d, t);
	else
		rc = doc_parse(d, buf, len, &DOC_LIMITS_GAME, &ignored);
	if (memo && !t && rc == 0 && d->root)
		memo_step_keep(memo, h, d->root, len);
	free(buf);
	if (rc || !d->root || d->root->kind != DOC_MAP) {
		doc_free(d);
		return NULL;
	}
	return d;
}

static int get_size(const struct doc_node *m, const char *key, size_t *out);

static int is_str(const struct doc_node *n, const char *want)
{
	return n && n->kind == DOC_SCALAR && strcmp(n->str, want) == 0;
}

static void rules_name(const struct game *g, char *out, size_t size)
{
	snprintf(out, size, "%s/%s", g->scn.rs->id, g->scn.rs->version);
}

/* GAME-what's first want bytes mapped (read-only, private); NULL when
 * it is shorter. A cache file is replaced by a rename or appended to
 * past the bytes its index names (append_cache), never rewritten
 * there, so the mapping stays whole. */
static char *map_side(const struct game *g, const char *what, size_t want)
{
	struct strbuf path = STRBUF_INIT;
	struct stat st;
	void *m = MAP_FAILED;
	int fd = side_path(g, what, &path) ? -1 :
		open(path.buf, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	strbuf_free(&path);
	if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (size_t)st.st_size >= want && want > 0)
		/* its pages mapped at once: a command compares them all */
		m = mmap(NULL, want, PROT_READ, MAP_PRIVATE | MAP_POPULATE,
			 fd, 0);
	if (fd >= 0)
		close(fd);
	return m == MAP_FAILED ? NULL : m;
}

/* One prefix of the index (m, an item of its list), its text not yet
 * mapped: 0; -1 if anything is amiss. */
static int cut_open(struct checkpoint_prefix *p, const struct doc_node *m,
		    size_t n_steps)
{
	const struct doc_node *chain = m ? doc_get(m, "chain") : NULL;
	memset(p, 0, sizeof *p);
	if (!m || m->kind != DOC_MAP || !chain || chain->kind != DOC_SEQ ||
	    chain->n > GAME_MAX_ROLES || get_size(m, "steps", &p->steps) ||
	    get_size(m, "point", &p->point) ||
	    get_size(m, "lines", &p->lines) ||
	    get_size(m, "nodes", &p->nodes) ||
	    get_size(m, "bytes", &p->len) || p->steps == 0 ||
	    p->steps > n_steps || p->steps >= p->point || p->len == 0 ||
	    p->len > DOC_LIMITS_GAME.max_bytes)
		return -1;
	for (size_t i = 0; i < chain->n; i++) {
		const struct doc_node *l = chain->items[i];
		char name[32], link[DOC_B64_32_LEN + 1];
		unsigned long long index;
		if (l->kind != DOC_SCALAR ||
		    sscanf(l->str, "%31s %llu %44s", name, &index, link) != 3 ||
		    doc_b64_32_parse(link, strlen(link),
				     p->roles[i].last))
			return -1;
		strcpy(p->roles[i].name, name);
		p->roles[i].index = index;
	}
	p->n_roles = chain->n;
	return 0;
}

/* The index's prefixes (each longer than the one before), their text
 * mapped (GAME-text, as long as the last), and the one g reads; none if
 * anything is amiss. */
static void prefix_open(struct checkpoints *cp, const struct game *g,
			const struct doc_node *list)
{
	size_t n = list && list->kind == DOC_SEQ ? list->n : 0;
	if (n == 0 || n > CHECKPOINT_POINTS)
		return;
	for (size_t i = 0; i < n; i++)
		if (cut_open(&cp->cuts[i], list->items[i], cp->n_steps) ||
		    (i && (cp->cuts[i].steps <= cp->cuts[i - 1].steps ||
			   cp->cuts[i].len <= cp->cuts[i - 1].len)))
			goto none;
	cp->map = map_side(g, "text", cp->cuts[n - 1].len);
	if (!cp->map)
		goto none;
	cp->map_len = cp->cuts[n - 1].len;
	for (size_t i = 0; i < n; i++)
		cp->cuts[i].text = cp->map;
	cp->n_cuts = n;
	cp->prefix = cp->cuts[g->cut_oldest ? 0 : n - 1];
	return;
none:
	memset(cp->cuts, 0, sizeof cp->cuts);
}

/* The chain index role has in cut c: 1 with *index, or 0. */
static int cut_index(const struct checkpoint_prefix *c, const char *role,
		     uint64_t *index)
{
	for (size_t k = 0; k < c->n_roles; k++)
		if (!strcmp(c->roles[k].name, role)) {
			*index = c->roles[k].index;
			return 1;
		}
	return 0;
}

size_t checkpoints_cut_before(const struct checkpoints *cp,
			      const char *role)
{
	uint64_t at_last, at;
	if (cp->n_cuts == 0 ||
	    !cut_index(&cp->cuts[cp->n_cuts - 1], role, &at_last))
		return 0;
	size_t j = cp->n_cuts - 1;
	while (j > 0 && !(cut_index(&cp->cuts[j], role, &at) &&
			  at + 1 < at_last))
		j--;
	return j;
}

/* The checkpoint file read last, kept for the next resume from it. */
struct kept_point {
	struct doc *doc;
	size_t step;
};

void checkpoints_open(struct checkpoints *cp, const struct game *g)
{
	struct strbuf path = STRBUF_INIT;
	char rules[96], size[32], gen[DOC_B64_32_LEN + 1];
	memset(cp, 0, sizeof *cp);
	if (file_path(g, 0, &path)) {
		strbuf_free(&path);
		return;
	}
	struct doc *d = read_doc(path.buf, g->memo);
	strbuf_free(&path);
	if (!d)
		return;
	const struct doc_node *r = d->root;
	rules_name(g, rules, sizeof rules);
	snprintf(size, sizeof size, "%zu", g->scn.rs->state_size);
	doc_b64_32_str(gen, g->genesis);
	size_t n;
	if (is_str(doc_get(r, "umpire"), CHECKPOINT_MAGIC) &&
	    is_str(doc_get(r, "game"), g->id) &&
	    is_str(doc_get(r, "rules"), rules) &&
	    is_str(doc_get(r, "state-size"), size) &&
	    is_str(doc_get(r, "genesis"), gen) &&
	    get_size(r, "steps", &n) == 0 && n <= 1000000000 &&
	    (cp->points = doc_get(r, "points")) != NULL &&
	    cp->points->kind == DOC_SEQ &&
	    (n == 0 || (cp->steps = (unsigned char *)read_side(g, "steps",
				n * CHECKPOINT_STEP_BYTES)) != NULL)) {
		cp->doc = d;
		cp->n_steps = n;
		cp->kept = xcalloc(1, sizeof *cp->kept);
		prefix_open(cp, g, doc_get(r, "prefix"));
	} else {
		doc_free(d);
		cp->points = NULL;
	}
}

void checkpoints_close(struct checkpoints *cp)
{
	if (cp->kept)
		doc_free(cp->kept->doc);
	free(cp->kept);
	doc_free(cp->doc);
	free(cp->steps);
	if (cp->map)
		munmap(cp->map, cp->map_len);
	memset(cp, 0, sizeof *cp);
}

static void node_hash(const struct doc_node *node, unsigned char out[32])
{
	struct strbuf sb = STRBUF_INIT;
	doc_encode(node, &sb);
	crypto_generichash(out, 32, (const unsigned char *)sb.buf, sb.len,
			   NULL, 0);
	strbuf_free(&sb);
}

/* The hash of the text umpire writes for step node, an item of the
 * steps: a sequence of it alone, as doc_emit writes it. */
static void text_hash(const struct doc_node *node, unsigned char out[32])
{
	struct strbuf sb = STRBUF_INIT;
	struct error ignored;
	struct doc *e = doc_new("step");
	struct doc_node *seq = doc_seq(e);
	doc_push(e, seq, (struct doc_node *)node);
	if (doc_emit(seq, &sb, &ignored) == 0)
		crypto_generichash(out, 32, (const unsigned char *)sb.buf,
				   sb.len, NULL, 0);
	else
		memset(out, 0, 32);
	doc_free(e);
	strbuf_free(&sb);
}

int checkpoints_step_text(const struct checkpoints *cp, size_t i,
			  const char *text, size_t len)
{
	static const unsigned char none[32];
	unsigned char h[32];
	const unsigned char *want;
	if (!cp || !cp->doc || i >= cp->n_steps)
		return 0;
	want = cp->steps + i * CHECKPOINT_STEP_BYTES + CHECKPOINT_STEP_VOUCH;
	if (sodium_memcmp(want, none, 32) == 0)
		return 0;
	crypto_generichash(h, 32, (const unsigned char *)text, len, NULL, 0);
	return memcmp(h, want, 32) == 0;
}

/* The record of step i of g: hash, countersignature hash, node hash,
 * and no text hash (checkpoints_save works it out); a stub's whole from
 * cp, g's own checkpoints, where it came from: its node was not read. */
static void step_record(const struct game *g, const struct checkpoints *cp,
			size_t i, unsigned char out[CHECKPOINT_STEP_BYTES])
{
	const struct game_step *s = &g->steps[i];
	if (s->stub) {
		memcpy(out, cp->steps + i * CHECKPOINT_STEP_BYTES,
		       CHECKPOINT_STEP_BYTES);
		return;
	}
	memcpy(out, s->hash, 32);
	sig_hash(s->sig, out + 32);
	node_hash(s->node, out + 64);
	memset(out + CHECKPOINT_STEP_VOUCH, 0,
	       CHECKPOINT_STEP_BYTES - CHECKPOINT_STEP_VOUCH);
}

void checkpoints_step(const struct checkpoints *cp, size_t i,
		      unsigned char hash[32], unsigned char sig_hash_out[32])
{
	memcpy(hash, cp->steps + i * CHECKPOINT_STEP_BYTES, 32);
	memcpy(sig_hash_out, cp->steps + i * CHECKPOINT_STEP_BYTES + 32, 32);
}

int checkpoints_vouch(const struct checkpoints *cp, const struct game *g,
		      size_t i)
{
	unsigned char rec[CHECKPOINT_STEP_BYTES];
	if (!cp->doc || i >= cp->n_steps || i >= g->n_steps)
		return 0;
	step_record(g, g->cp, i, rec);
	return memcmp(rec, cp->steps + i * CHECKPOINT_STEP_BYTES,
		      CHECKPOINT_STEP_VOUCH) == 0;
}

int checkpoints_vouch_node(const struct checkpoints *cp, size_t i,
			   const struct doc_node *node, unsigned char hash[32])
{
	unsigned char nh[32];
	if (!cp->doc || i >= cp->n_steps)
		return 0;
	node_hash(node, nh);
	if (memcmp(cp->steps + i * CHECKPOINT_STEP_BYTES + 64, nh, 32) != 0)
		return 0;
	memcpy(hash, cp->steps + i * CHECKPOINT_STEP_BYTES, 32);
	return 1;
}

static int size_of(const struct doc_node *n, size_t *out)
{
	char *end;
	if (!n || n->kind != DOC_SCALAR || n->len == 0 || n->len > 18 ||
	    strspn(n->str, "0123456789") != n->len)
		return -1;
	errno = 0;
	unsigned long long v = strtoull(n->str, &end, 10);
	if (errno || *end)
		return -1;
	*out = (size_t)v;
	return 0;
}

static int get_size(const struct doc_node *m, const char *key, size_t *out)
{
	return size_of(doc_get(m, key), out);
}

static int get_text(const struct doc_node *m, const char *key, char *out,
		    size_t size)
{
	const struct doc_node *n = doc_get(m, key);
	if (!n || n->kind != DOC_SCALAR || n->len >= size)
		return -1;
	memcpy(out, n->str, n->len + 1);
	return 0;
}

/* engine_place.bound as "KEY=SCOPE ..." (the standing keys whose bare
 * form the step has bound to a scope), absent when none is */
static void bound_save(const struct ruleset *rs,
		       const struct engine_place *at, struct doc *d,
		       struct doc_node *m)
{
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; rs->standing && rs->standing[i].key &&
	     i < STANDING_BOUND_MAX; i++)
		if (at->bound[i][0])
			strbuf_addf(&sb, "%s%s=%s", sb.len ? " " : "",
				    rs->standing[i].key, at->bound[i]);
	if (sb.len)
		doc_set_str(d, m, "bound", sb.buf);
	strbuf_free(&sb);
}

/* bound_save's string read back (a key or scope it does not know is
 * left out: the file is then only slower to use, never wrong, as its
 * rules tag names these rules) */
static void bound_load(const struct ruleset *rs, const struct doc_node *n,
		       struct engine_place *at)
{
	if (!n || n->kind != DOC_SCALAR)
		return;
	for (const char *p = n->str; *p;) {
		size_t len = strcspn(p, " "), k = strcspn(p, "=");
		for (size_t i = 0; k < len && rs->standing &&
		     rs->standing[i].key && i < STANDING_BOUND_MAX; i++)
			if (strlen(rs->standing[i].key) == k &&
			    !strncmp(rs->standing[i].key, p, k) &&
			    len - k - 1 < sizeof at->bound[i])
				snprintf(at->bound[i], sizeof at->bound[i],
					 "%.*s", (int)(len - k - 1), p + k + 1);
		p += len;
		p += strspn(p, " ");
	}
}

/* The persist map of a checkpoint in step (point_node) into out; 0 when
 * it names only roles of g, each once, at a step before step. */
static int persist_load(const struct game *g, size_t step,
			const struct doc_node *n, struct resume_point *out)
{
	if (!n || n->kind != DOC_MAP || n->n > GAME_MAX_ROLES)
		return -1;
	out->persist = xcalloc(n->n ? n->n : 1, sizeof *out->persist);
	for (size_t i = 0; i < n->n; i++) {
		struct persisted *p = &out->persist[out->n_persist];
		const struct doc_node *e = n->items[i],
			*st = doc_get(e, "standing");
		size_t j;
		if (e->kind != DOC_MAP || n->keys[i]->len >= sizeof p->role ||
		    get_size(e, "step", &j) || j < 1 || j >= step ||
		    !st || st->kind != DOC_MAP)
			return -1;
		for (size_t r = 0; r < out->n_persist; r++)
			if (!strcmp(out->persist[r].role, n->keys[i]->str))
				return -1;
		int known = 0;
		for (size_t r = 0; r < g->n_roles; r++)
			known |= !strcmp(g->roles[r].name, n->keys[i]->str);
		if (!known)
			return -1;
		strcpy(p->role, n->keys[i]->str);
		p->step = j - 1;
		p->standing = xcalloc(st->n ? st->n : 1, sizeof *p->standing);
		out->n_persist++;
		for (size_t k = 0; k < st->n; k++) {
			if (st->items[k]->kind != DOC_SCALAR)
				return -1;
			p->standing[k].key = xstrdup(st->keys[k]->str);
			p->standing[k].value = xstrdup(st->items[k]->str);
			p->n_standing++;
		}
	}
	return 0;
}

/* The checkpoint file of step, its checksum and its header (magic, game,
 * step) checked; NULL where it does not read. */
static struct doc *read_point(const struct game *g, size_t step)
{
	struct strbuf path = STRBUF_INIT;
	struct doc *d = NULL;
	size_t got;
	if (file_path(g, step, &path) == 0)
		d = read_packed(path.buf);
	strbuf_free(&path);
	if (d && !(is_str(doc_get(d->root, "umpire"), POINT_MAGIC) &&
		   is_str(doc_get(d->root, "game"), g->id) &&
		   get_size(d->root, "step", &got) == 0 && got == step)) {
		doc_free(d);
		d = NULL;
	}
	return d;
}

/* The checkpoint file of step, loaded onto a copy of g's start state;
 * the file read once while cp is open (kept). */
static int load_point(const struct checkpoints *cp, const struct game *g,
		      size_t step, struct resume_point *out)
{
	struct error ignored;
	size_t blind, turn, draws;
	struct kept_point *k = cp->kept;
	struct doc *d = k && k->doc && k->step == step ? k->doc :
		read_point(g, step);
	if (k && d && d != k->doc) {
		doc_free(k->doc);
		k->doc = d;
		k->step = step;
	}
	const struct doc_node *m, *state;
	int rc = -1;
	memset(out, 0, sizeof *out);
	if (!d)
		return -1;
	m = d->root;
	state = doc_get(m, "state");
	if (get_size(m, "answers", &out->at.ans_pos) == 0 &&
	    get_size(m, "standing", &out->at.standing_used) == 0 &&
	    get_size(m, "draws", &draws) == 0 &&
	    get_size(m, "blind", &blind) == 0 && blind <= 1 &&
	    get_size(m, "turn", &turn) == 0 && turn <= 1000000 &&
	    get_text(m, "phase", out->at.phase, sizeof out->at.phase) == 0 &&
	    get_text(m, "draw-for", out->at.draw_for,
		     sizeof out->at.draw_for) == 0 && state &&
	    persist_load(g, step, doc_get(m, "persist"), out) == 0) {
		out->at.cur = step - 1;
		bound_load(g->scn.rs, doc_get(m, "bound"), &out->at);
		out->at.draws = draws;
		out->at.blind = (int)blind;
		/* a checkpoint starts a phase: past the step's first
		 * question, save in step 1 before anything is answered */
		out->at.asked = step > 1 || out->at.ans_pos > 0 ||
				out->at.standing_used > 0;
		out->at.turn = (int)turn;
		out->state = xmalloc(g->scn.rs->state_size);
		memcpy(out->state, g->start_state, g->scn.rs->state_size);
		rc = g->scn.rs->load(out->state, d, state, &ignored);
	}
	if (rc)
		resume_point_free(out);
	if (!k || d != k->doc)
		doc_free(d);
	return rc ? -1 : 0;
}

/* Whether the checkpoint file of step reads (read_point): one that does
 * not is not carried into a new index, where it would be found damaged
 * again each time it was needed. */
static int point_reads(const struct game *g, size_t step)
{
	/* a judge's memo: a file found to read by an earlier message, as
	 * it was then (its identity: a point file is written anew, never
	 * in place), is not read again (four files a step, 1.1M
	 * instructions at step 256 of a judged Race to the Reichstag
	 * game). A file damaged since all the same is as one damaged
	 * after it was carried: load_point refuses it when it is used,
	 * and the run resumes from an earlier one */
	struct strbuf path = STRBUF_INIT;
	struct stat st;
	int known = g->memo && file_path(g, step, &path) == 0 &&
		stat(path.buf, &st) == 0 && S_ISREG(st.st_mode);
	int ok = known && memo_file_reads(g->memo, path.buf, &st);
	if (!ok) {
		struct doc *d = read_point(g, step);
		ok = d != NULL;
		doc_free(d);
		if (ok && known)
			memo_file_reads_keep(g->memo, path.buf, &st);
	}
	strbuf_free(&path);
	return ok;
}

int checkpoints_point(const struct checkpoints *cp, const struct game *g,
		      size_t steps, struct resume_point *out)
{
	size_t best = 0, step;
	memset(out, 0, sizeof *out);
	if (!cp->doc)
		return -1;
	for (size_t i = 0; i < cp->points->n; i++)
		if (size_of(cp->points->items[i], &step) == 0 &&
		    step >= 1 && step <= steps && step > best)
			best = step;
	return !best ? -1 : load_point(cp, g, best, out) ? -2 : 0;
}

int checkpoints_current(const struct checkpoints *cp, const struct game *g)
{
	/* written after a run over these very steps: it holds the latest
	 * checkpoints the rules took in them (a resumed run takes its
	 * resume point again), which a new run would write again */
	return cp->doc && g->n_steps > 0 && cp->n_steps == g->n_steps &&
		checkpoints_vouch(cp, g, g->n_steps - 1);
}

/* Each role's latest step before step cur (0-based) of the run's steps
 * es (never a late step: the judge's, with no orders of the role) and
 * its standing answers, as persist_load reads them (none for
 * rules whose standing orders never persist): a step the run did not
 * read has no actor, and a role's latest it resumed past is the one its
 * own checkpoint persisted (check_game puts it back in es). */
static struct doc_node *persist_node(const struct game *g, struct doc *d,
				     size_t cur, const struct engine_step *es)
{
	struct doc_node *m = doc_map(d);
	m->style = DOC_STYLE_ANY;
	for (size_t r = 0; g->scn.rs->standing_persist && r < g->n_roles;
	     r++)
		for (size_t j = cur; j-- > 0;) {
			if (!es[j].actor || es[j].late ||
			    strcmp(es[j].actor, g->roles[r].name))
				continue;
			struct doc_node *e = doc_map(d), *st = doc_map(d);
			e->style = st->style = DOC_STYLE_ANY;
			doc_set_int(d, e, "step", (long long)j + 1);
			for (size_t k = 0; k < es[j].n_standing; k++)
				doc_set_str(d, st, es[j].standing[k].key,
					    es[j].standing[k].value);
			doc_set(d, e, "standing", st);
			doc_set(d, m, g->roles[r].name, e);
			break;
		}
	return m;
}

/* A checkpoint worth keeping: its state comes back the same through the
 * rules' save and load (onto the start state), so that a run resumed
 * from the file plays as the run that took it. */
static struct doc_node *point_node(const struct game *g, struct doc *d,
				   const struct resume_point *p,
				   const struct engine_step *es)
{
	const struct ruleset *rs = g->scn.rs;
	struct error ignored;
	struct doc_node *state = rs->save(p->state, d);
	void *back = xmalloc(rs->state_size);
	memcpy(back, g->start_state, rs->state_size);
	int same = rs->load(back, d, state, &ignored) == 0 &&
		memcmp(back, p->state, rs->state_size) == 0;
	free(back);
	if (!same)
		return NULL;
	struct doc_node *m = doc_map(d);
	doc_set_str(d, m, "umpire", POINT_MAGIC);
	doc_set_str(d, m, "game", g->id);
	doc_set_int(d, m, "step", (long long)p->at.cur + 1);
	doc_set_int(d, m, "answers", (long long)p->at.ans_pos);
	doc_set_int(d, m, "standing", (long long)p->at.standing_used);
	doc_set_int(d, m, "draws", (long long)p->at.draws);
	doc_set_int(d, m, "blind", p->at.blind ? 1 : 0);
	doc_set_int(d, m, "turn", p->at.turn);
	doc_set_str(d, m, "phase", p->at.phase);
	doc_set_str(d, m, "draw-for", p->at.draw_for);
	bound_save(g->scn.rs, &p->at, d, m);
	doc_set(d, m, "persist", persist_node(g, d, p->at.cur, es));
	doc_set(d, m, "state", state);
	return m;
}

/* Write the file of one checkpoint; 0 when written. */
static int save_point(const struct game *g, const struct resume_point *p,
		      const struct engine_step *es)
{
	struct strbuf path = STRBUF_INIT;
	struct doc *d = doc_new("checkpoint");
	struct doc_node *m = point_node(g, d, p, es);
	int rc = -1;
	if (m && file_path(g, p->at.cur + 1, &path) == 0)
		rc = write_packed(path.buf, m);
	strbuf_free(&path);
	doc_free(d);
	return rc;
}

/* Whether the old index's checkpoint of step is the one a run over g
 * takes there: its step vouched for (the state after the same steps,
 * the same standing orders), its file read. Then it is kept as it is,
 * not saved and checked through the rules again (a replay from an
 * earlier checkpoint, the judge's for the views, passes the later ones
 * again). Not after a replay from a checkpoint disagreed with the game
 * (CHECKPOINTS_REDO): then every point is written anew from the replay
 * from the start. */
static int point_kept(const struct checkpoints *old, const struct game *g,
		      size_t step)
{
	size_t s;
	for (size_t i = 0; old->doc && i < old->points->n; i++)
		if (size_of(old->points->items[i], &s) == 0 && s == step)
			return checkpoints_vouch(old, g, step - 1) &&
				point_reads(g, step);
	return 0;
}

/* Nodes of n as doc_parse counts them (doc.h's max_nodes). */
static size_t count_nodes(const struct doc_node *n)
{
	size_t c = 1;
	for (size_t i = 0; n->kind != DOC_SCALAR && i < n->n; i++)
		c += count_nodes(n->items[i]) + (n->kind == DOC_MAP);
	return c;
}

/* The step a replay resumed at checkpoint p (a step, 1-based) reads
 * first, 0-based: p's own (each role's standing orders from its latest
 * step before it are in the checkpoint file, persist_node). */
static size_t first_read(size_t p)
{
	return p - 1;
}

/* The index's entry of prefix p. */
static struct doc_node *cut_node(struct doc *d,
				 const struct checkpoint_prefix *p)
{
	struct doc_node *x = doc_map(d), *c = doc_seq(d);
	doc_set_int(d, x, "steps", (long long)p->steps);
	doc_set_int(d, x, "point", (long long)p->point);
	doc_set_int(d, x, "lines", (long long)p->lines);
	doc_set_int(d, x, "nodes", (long long)p->nodes);
	doc_set_int(d, x, "bytes", (long long)p->len);
	for (size_t r = 0; r < p->n_roles; r++) {
		char link[DOC_B64_32_LEN + 1];
		doc_b64_32_str(link, p->roles[r].last);
		doc_push(d, c, doc_strf(d, "%s %llu %s", p->roles[r].name,
					(unsigned long long)p->roles[r].index,
					link));
	}
	doc_set(d, x, "chain", c);
	x->style = DOC_STYLE_ANY;
	return x;
}

/* The length of the file at path when it is all of text's first bytes
 * (an index that named none of it lost, the text kept), else 0. */
static size_t text_kept(const char *path, const char *text, size_t len)
{
	struct stat st;
	size_t kept = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (size_t)st.st_size <= len) {
		size_t n = (size_t)st.st_size;
		char *buf = xmalloc(n);
		if (read_at(fd, buf, n, 0) == 0 && memcmp(buf, text, n) == 0)
			kept = n;
		free(buf);
	}
	close(fd);
	return kept;
}

/* The vouched prefixes into m, their text written where it changes: for
 * each checkpoint of points (oldest first; in a game with no views, the
 * latest alone), steps 1..q, q = first_read, each written in g's
 * source as doc_emit writes it (a layout of the steps' own is read in
 * full each time, and its file written canonical). A prefix that ends
 * among the steps g holds as stubs is the old index's, which alone has
 * its lines, nodes and chain; one it does not hold is left out. All
 * share one text, the longest's. 0 when one is written. */
static int save_prefixes(const struct game *g, const struct doc_node *points,
			 struct doc *d, struct doc_node *m)
{
	const struct checkpoints *oc = g->cp && g->cp->doc ? g->cp : NULL;
	const struct checkpoint_prefix *old = oc ? &oc->prefix : NULL;
	size_t want[CHECKPOINT_POINTS], n_want = 0, step, k;
	if (!g->src || !g->chain_log ||
	    (g->n_stub && (!old || old->steps != g->n_stub)))
		return -1;
	for (k = 0; k < points->n; k++)
		if (size_of(points->items[k], &step) == 0 && step > 1 &&
		    n_want < CHECKPOINT_POINTS && (g->scn.rs->view ||
					    k + 1 == points->n))
			want[n_want++] = step;
	if (n_want == 0 || first_read(want[n_want - 1]) < g->n_stub)
		return -1;
	size_t q_max = first_read(want[n_want - 1]), span = q_max - g->n_stub;
	/* the source of steps n_stub + 1..q_max: from the first step after
	 * the stubs to the start of step q_max + 1, each "- " at the start
	 * of a line beginning the step its node says; off, lines and nodes
	 * of each step's start from the first */
	size_t *off = xcalloc(span + 1, sizeof *off),
		*lines = xcalloc(span + 1, sizeof *lines),
		*nodes = xcalloc(span + 1, sizeof *nodes);
	const char *tail = g->src + g->src_head, *end = g->src + g->src_len;
	const char *at = tail;
	int rc = -1;
	for (k = 0; k < span; k++) {
		if (end - at < 2 || at[0] != '-' || at[1] != ' ')
			goto out;
		const char *nl = at;
		lines[k + 1] = lines[k];
		do {
			nl = memchr(nl, '\n', (size_t)(end - nl));
			if (!nl)
				goto out;
			nl++;
			lines[k + 1]++;
		} while (nl < end && *nl != '-');
		at = nl;
		off[k + 1] = (size_t)(at - tail);
		nodes[k + 1] = nodes[k] +
			count_nodes(g->steps[g->n_stub + k].node);
	}
	if (end - at < 2 || at[0] != '-' || at[1] != ' ')
		goto out;
	/* the text: the prefix read, then the steps up to q_max, each as
	 * umpire writes it */
	size_t base = g->n_stub ? old->len : 0;
	if (span) {
		struct doc *e = doc_new("prefix");
		struct doc_node *seq = doc_seq(e);
		struct strbuf canon = STRBUF_INIT, text = STRBUF_INIT,
			path = STRBUF_INIT;
		struct error ignored;
		/* a step whose text this machine recorded the hash of (as
		 * umpire writes it, checkpoints_step_text) is known to be
		 * written so without writing it again: each step's text of
		 * the prefix is its own item of the steps */
		size_t hashed = 0;
		while (hashed < span && checkpoints_step_text(oc,
				g->n_stub + hashed, tail + off[hashed],
				off[hashed + 1] - off[hashed]))
			hashed++;
		for (k = g->n_stub + hashed; k < q_max; k++)
			doc_push(e, seq, (struct doc_node *)g->steps[k].node);
		/* as umpire writes the steps, and lines the mail layer
		 * may pass over unread (mail_game_as_read) */
		int same = (hashed == span ||
			    (doc_emit(seq, &canon, &ignored) == 0 &&
			     canon.len == off[span] - off[hashed] &&
			     memcmp(canon.buf, tail + off[hashed],
				    canon.len) == 0)) &&
			mail_game_lines(tail, off[span]);
		if (same && g->n_stub)
			strbuf_add(&text, old->text, old->len);
		strbuf_add(&text, tail, off[span]);
		/* the old text kept where it is when the new begins
		 * with it (all of it: a longer prefix of the old index
		 * may be mapped; or, the old index naming none, the whole
		 * file), the rest appended */
		size_t keep = 0;
		if (same && side_path(g, "text", &path) == 0)
			keep = oc && oc->map ? (oc->map_len <= text.len &&
				memcmp(oc->map, text.buf, oc->map_len) == 0 ?
				oc->map_len : 0) :
				text_kept(path.buf, text.buf, text.len);
		int wrote = same && path.len &&
			append_cache(path.buf, text.buf, text.len, keep) == 0;
		strbuf_free(&canon);
		strbuf_free(&text);
		strbuf_free(&path);
		doc_free(e);
		if (!wrote)
			goto out;
	} else if (oc->map_len != old->len) {
		/* nothing to add, but the old text is longer than the
		 * longest prefix now kept: its first bytes written again */
		struct strbuf path = STRBUF_INIT;
		int wrote = side_path(g, "text", &path) == 0 &&
			write_cache(path.buf, oc->map, old->len) == 0;
		strbuf_free(&path);
		if (!wrote)
			goto out;
	}
	/* (span 0 and the text as long: nothing to add, the replay from the
	 * latest checkpoint reads the first step after the stubs; the text
	 * file is kept as written, now for it) */
	struct doc_node *list = doc_seq(d);
	for (size_t i = 0; i < n_want; i++) {
		size_t q = first_read(want[i]), j = q - g->n_stub;
		struct checkpoint_prefix c;
		if (q < g->n_stub) {
			for (k = 0; k < oc->n_cuts; k++)
				if (oc->cuts[k].point == want[i] &&
				    oc->cuts[k].steps == q)
					doc_push(d, list,
						 cut_node(d, &oc->cuts[k]));
			continue;
		}
		if (q == g->n_stub) {
			c = *old;       /* now for this checkpoint */
		} else {
			memset(&c, 0, sizeof c);
			c.steps = q;
			c.lines = lines[j] + (g->n_stub ? old->lines : 0);
			c.nodes = nodes[j] + (g->n_stub ? old->nodes : 0);
			c.len = base + off[j];
			c.n_roles = g->n_roles;
			for (size_t r = 0; r < g->n_roles; r++) {
				const struct chain_at *ca =
					&g->chain_log[(q - 1) * g->n_roles + r];
				snprintf(c.roles[r].name,
					 sizeof c.roles[r].name, "%s",
					 g->roles[r].name);
				memcpy(c.roles[r].last, ca->last, 32);
				c.roles[r].index = ca->index;
			}
		}
		c.point = want[i];
		doc_push(d, list, cut_node(d, &c));
	}
	if (list->n) {
		list->style = DOC_STYLE_ANY;
		doc_set(d, m, "prefix", list);
		rc = 0;
	}
out:
	free(off);
	free(lines);
	free(nodes);
	return rc;
}

void checkpoints_save(struct game *g, const struct run *run,
		      const struct engine_step *es,
		      const struct checkpoints *old)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT,
		recs = STRBUF_INIT;
	struct error ignored;
	char rules[96];
	unsigned char rec[CHECKPOINT_STEP_BYTES];
	size_t step, latest = 0;
	if (g->n_steps == 0 || file_path(g, 0, &path)) {
		strbuf_free(&path);
		return;
	}
	struct doc *d = doc_new("checkpoints");
	struct doc_node *m = doc_map(d), *points = doc_seq(d);
	d->root = m;
	rules_name(g, rules, sizeof rules);
	doc_set_str(d, m, "umpire", CHECKPOINT_MAGIC);
	doc_set_str(d, m, "game", g->id);
	doc_set_str(d, m, "rules", rules);
	doc_set_int(d, m, "state-size", (long long)g->scn.rs->state_size);
	doc_set(d, m, "genesis", doc_b64_32(d, g->genesis));
	/* oldest first: the run's own, and before them, as long as
	 * fewer than RUN_POINTS, the latest of the old index's points
	 * before the run's first, where its records vouch for the steps
	 * up to them (a run resumed from a checkpoint sees none before
	 * it, and a view may need the one before) */
	size_t fresh[RUN_POINTS], n_fresh = 0, carried[CHECKPOINT_POINTS],
		n_carried = 0;
	for (size_t k = RUN_POINTS; k-- > 0;) {
		const struct resume_point *p = &run->points[k];
		if (p->state && p->at.cur < g->n_steps &&
		    ((g->checkpoints != CHECKPOINTS_REDO &&
		      point_kept(old, g, p->at.cur + 1)) ||
		     save_point(g, p, es) == 0))
			fresh[n_fresh++] = p->at.cur + 1;
	}
	for (size_t i = old->doc ? old->points->n : 0; i-- > 0 &&
	     n_fresh + n_carried < RUN_POINTS;)
		if (size_of(old->points->items[i], &step) == 0 && step >= 1 &&
		    (!n_fresh || step < fresh[0]) &&
		    (!n_carried || step < carried[n_carried - 1]) &&
		    checkpoints_vouch(old, g, step - 1) &&
		    point_reads(g, step))
			carried[n_carried++] = step;
	/* and in a game with views, for each side, the old cut before its
	 * own latest step, a view of it replays from (CHECKPOINT_POINTS):
	 * the carried ones newest first, so in among them */
	for (size_t r = 0; g->scn.rs->view && old->n_cuts && r < g->n_roles;
	     r++) {
		if (!strcmp(g->roles[r].name, "referee"))
			continue;
		step = old->cuts[checkpoints_cut_before(old,
						       g->roles[r].name)].point;
		int have = step < 1 || (n_fresh && step >= fresh[0]);
		for (size_t k = 0; k < n_carried; k++)
			have |= carried[k] == step;
		if (have || !checkpoints_vouch(old, g, step - 1) ||
		    !point_reads(g, step))
			continue;
		size_t at = 0;
		while (at < n_carried && carried[at] > step)
			at++;
		memmove(carried + at + 1, carried + at,
			(n_carried - at) * sizeof *carried);
		carried[at] = step;
		n_carried++;
	}
	while (n_carried > 0) {
		latest = carried[--n_carried];
		doc_push(d, points, doc_int(d, (long long)latest));
	}
	for (size_t k = 0; k < n_fresh; k++) {
		latest = fresh[k];
		doc_push(d, points, doc_int(d, (long long)latest));
	}
	/* the text hash of each step after the prefix (those the next
	 * command reads), worked out once: kept from the old records */
	size_t q = latest > 1 ? first_read(latest) : 0;
	for (size_t i = 0; i < g->n_steps; i++) {
		step_record(g, g->cp, i, rec);
		const unsigned char *o = old->doc && i < old->n_steps ?
			old->steps + i * CHECKPOINT_STEP_BYTES : NULL;
		if (g->steps[i].stub)
			;
		else if (o && memcmp(o, rec, CHECKPOINT_STEP_VOUCH) == 0)
			memcpy(rec + CHECKPOINT_STEP_VOUCH,
			       o + CHECKPOINT_STEP_VOUCH,
			       CHECKPOINT_STEP_BYTES - CHECKPOINT_STEP_VOUCH);
		if (!g->steps[i].stub && i >= q &&
		    sodium_is_zero(rec + CHECKPOINT_STEP_VOUCH, 32)) {
			text_hash(g->steps[i].node, rec + CHECKPOINT_STEP_VOUCH);
			memcpy(g->steps[i].text_hash,
			       rec + CHECKPOINT_STEP_VOUCH, 32);
			g->steps[i].text_hashed =
				!sodium_is_zero(rec + CHECKPOINT_STEP_VOUCH, 32);
		}
		strbuf_add(&recs, rec, sizeof rec);
	}
	/* the old records that are the new file's first: kept, the new
	 * ones appended (a step writes what it adds) */
	size_t same = 0;
	while (old->doc && same < old->n_steps && same < g->n_steps &&
	       memcmp(old->steps + same * CHECKPOINT_STEP_BYTES,
		      recs.buf + same * CHECKPOINT_STEP_BYTES,
		      CHECKPOINT_STEP_BYTES) == 0)
		same++;
	struct strbuf sp = STRBUF_INIT;
	int recs_ok = side_path(g, "steps", &sp) == 0 &&
		append_cache(sp.buf, recs.buf, recs.len,
			     same * CHECKPOINT_STEP_BYTES) == 0;
	strbuf_free(&sp);
	doc_set_int(d, m, "steps", recs_ok ? (long long)g->n_steps : 0);
	doc_set(d, m, "points", points);
	/* the prefixes: where a replay from the latest checkpoint starts;
	 * in a game with views, where a replay from each kept checkpoint
	 * does: a view tells the steps since its side's own latest and
	 * replays from the checkpoint before that step, and mailed a
	 * side's turn at a time that is the step before the latest; the
	 * others read from the latest (check_game resumes after a
	 * prefix's own checkpoint as well as at it) */
	if (recs_ok)
		save_prefixes(g, points, d, m);
	/* written over the index before it and swapped in (GAME-spare:
	 * fsutil.h, swap_cache), a save a message in a judge's game */
	struct strbuf spare = STRBUF_INIT;
	if (doc_emit(m, &text, &ignored) == 0 &&
	    side_path(g, "spare", &spare) == 0)
		swap_cache(path.buf, spare.buf, text.buf, text.len);
	strbuf_free(&spare);
	/* the checkpoints the new index no longer lists */
	for (size_t i = 0; old->doc && i < old->points->n; i++) {
		int kept = 0;
		if (size_of(old->points->items[i], &step))
			continue;
		for (size_t k = 0; k < points->n; k++)
			kept |= !strcmp(points->items[k]->str,
					old->points->items[i]->str);
		struct strbuf pp = STRBUF_INIT;
		if (!kept && file_path(g, step, &pp) == 0)
			unlink(pp.buf);
		strbuf_free(&pp);
	}
	strbuf_free(&recs);
	strbuf_free(&text);
	strbuf_free(&path);
	doc_free(d);
}
