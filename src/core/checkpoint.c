/*
 * checkpoint.c - this machine's checkpoints of a game (see checkpoint.h).
 *
 * Two kinds of files, YAML written by doc_emit. GAME, the index:
 *   umpire: checkpoints/1
 *   game: GAME-ID
 *   rules: ID/VERSION        (and the state's size: another build of the
 *   state-size: N             rules is another cache)
 *   genesis: HASH
 *   steps: ["HASH SIGHASH NODE", ...]    step 1, 2, ...
 *   points: [N, ...]         the steps that have a checkpoint
 * and GAME.N, the checkpoint in step N (one file each, so that a command
 * reads only the one it resumes from):
 *   umpire: checkpoint/1
 *   game: GAME-ID
 *   step: N
 *   answers: A, standing: S, draws: D, blind: B, turn: T, phase: TEXT,
 *   draw-for: ROLE, state: {...}
 * HASH is 32 bytes in base64; NODE, the hash of the step as the game file
 * holds it (its canonical encoding, signature included).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sodium.h>
#include "umpire/checkpoint.h"
#include "umpire/fsutil.h"
#include "umpire/record.h"
#include "umpire/strbuf.h"

#define CHECKPOINT_MAGIC "checkpoints/1"
#define POINT_MAGIC "checkpoint/1"
#define CHECKPOINT_MAX_BYTES (8u << 20)

/* GAME, or GAME.step for step > 0 */
static int file_path(const struct game *g, size_t step, struct strbuf *path)
{
	struct error ignored;
	if (record_state_dir(path, &ignored))
		return -1;
	strbuf_addf(path, "/checkpoints/%s", g->id);
	if (step)
		strbuf_addf(path, ".%zu", step);
	return 0;
}

/* The YAML file at path, parsed; NULL if absent or unreadable. */
static struct doc *read_doc(const char *path)
{
	struct error ignored;
	struct stat st;
	char *buf;
	size_t len;
	if (stat(path, &st) != 0 ||
	    read_input(path, CHECKPOINT_MAX_BYTES, &buf, &len, &ignored))
		return NULL;
	struct doc *d = doc_new(path);
	int rc = doc_parse(d, buf, len, &DOC_LIMITS_GAME, &ignored);
	free(buf);
	if (rc || !d->root || d->root->kind != DOC_MAP) {
		doc_free(d);
		return NULL;
	}
	return d;
}

static int is_str(const struct doc_node *n, const char *want)
{
	return n && n->kind == DOC_SCALAR && strcmp(n->str, want) == 0;
}

static void rules_name(const struct game *g, char *out, size_t size)
{
	snprintf(out, size, "%s/%s", g->scn.rs->id, g->scn.rs->version);
}

void checkpoints_open(struct checkpoints *cp, const struct game *g)
{
	struct strbuf path = STRBUF_INIT;
	char rules[96], size[32], gen[DOC_B64_32_LEN + 1];
	memset(cp, 0, sizeof *cp);
	if (file_path(g, 0, &path)) {
		strbuf_free(&path);
		return;
	}
	struct doc *d = read_doc(path.buf);
	strbuf_free(&path);
	if (!d)
		return;
	const struct doc_node *r = d->root;
	rules_name(g, rules, sizeof rules);
	snprintf(size, sizeof size, "%zu", g->scn.rs->state_size);
	doc_b64_32_str(gen, g->genesis);
	if (is_str(doc_get(r, "umpire"), CHECKPOINT_MAGIC) &&
	    is_str(doc_get(r, "game"), g->id) &&
	    is_str(doc_get(r, "rules"), rules) &&
	    is_str(doc_get(r, "state-size"), size) &&
	    is_str(doc_get(r, "genesis"), gen) &&
	    (cp->steps = doc_get(r, "steps")) != NULL &&
	    cp->steps->kind == DOC_SEQ &&
	    (cp->points = doc_get(r, "points")) != NULL &&
	    cp->points->kind == DOC_SEQ) {
		cp->doc = d;
	} else {
		doc_free(d);
		cp->steps = cp->points = NULL;
	}
}

void checkpoints_close(struct checkpoints *cp)
{
	doc_free(cp->doc);
	memset(cp, 0, sizeof *cp);
}

#define LINE_LEN (3 * DOC_B64_32_LEN + 2)

static void node_hash(const struct doc_node *node, unsigned char out[32])
{
	struct strbuf sb = STRBUF_INIT;
	doc_encode(node, &sb);
	crypto_generichash(out, 32, (const unsigned char *)sb.buf, sb.len,
			   NULL, 0);
	strbuf_free(&sb);
}

/* "HASH SIGHASH NODE" of step s */
static void step_line(const struct game_step *s, char *out)
{
	unsigned char sh[32], nh[32];
	record_sig_hash(s, sh);
	node_hash(s->node, nh);
	doc_b64_32_str(out, s->hash);
	out[DOC_B64_32_LEN] = ' ';
	doc_b64_32_str(out + DOC_B64_32_LEN + 1, sh);
	out[2 * DOC_B64_32_LEN + 1] = ' ';
	doc_b64_32_str(out + 2 * DOC_B64_32_LEN + 2, nh);
}

int checkpoints_vouch(const struct checkpoints *cp, const struct game *g,
		      size_t i)
{
	char line[LINE_LEN + 1];
	if (!cp->doc || i >= cp->steps->n || i >= g->n_steps)
		return 0;
	step_line(&g->steps[i], line);
	return is_str(cp->steps->items[i], line);
}

int checkpoints_vouch_node(const struct checkpoints *cp, size_t i,
			   const struct doc_node *node, unsigned char hash[32])
{
	char nb[DOC_B64_32_LEN + 1];
	unsigned char nh[32];
	const struct doc_node *l;
	if (!cp->doc || i >= cp->steps->n)
		return 0;
	l = cp->steps->items[i];
	if (l->kind != DOC_SCALAR || l->len != LINE_LEN)
		return 0;
	node_hash(node, nh);
	doc_b64_32_str(nb, nh);
	if (memcmp(l->str + 2 * DOC_B64_32_LEN + 2, nb, DOC_B64_32_LEN) != 0)
		return 0;
	return doc_b64_32_parse(l->str, DOC_B64_32_LEN, hash) == 0;
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

/* The checkpoint file of step, loaded onto a copy of g's start state. */
static int load_point(const struct game *g, size_t step,
		      struct resume_point *out)
{
	struct strbuf path = STRBUF_INIT;
	struct error ignored;
	size_t got, blind, turn, draws;
	struct doc *d = NULL;
	const struct doc_node *m, *state;
	int rc = -1;
	memset(out, 0, sizeof *out);
	if (file_path(g, step, &path) == 0)
		d = read_doc(path.buf);
	strbuf_free(&path);
	if (!d)
		return -1;
	m = d->root;
	state = doc_get(m, "state");
	if (is_str(doc_get(m, "umpire"), POINT_MAGIC) &&
	    is_str(doc_get(m, "game"), g->id) &&
	    get_size(m, "step", &got) == 0 && got == step &&
	    get_size(m, "answers", &out->at.ans_pos) == 0 &&
	    get_size(m, "standing", &out->at.standing_used) == 0 &&
	    get_size(m, "draws", &draws) == 0 &&
	    get_size(m, "blind", &blind) == 0 && blind <= 1 &&
	    get_size(m, "turn", &turn) == 0 && turn <= 1000000 &&
	    get_text(m, "phase", out->at.phase, sizeof out->at.phase) == 0 &&
	    get_text(m, "draw-for", out->at.draw_for,
		     sizeof out->at.draw_for) == 0 && state) {
		out->at.cur = step - 1;
		out->at.draws = draws;
		out->at.blind = (int)blind;
		out->at.turn = (int)turn;
		out->state = xmalloc(g->scn.rs->state_size);
		memcpy(out->state, g->start_state, g->scn.rs->state_size);
		rc = g->scn.rs->load(out->state, d, state, &ignored);
		if (rc)
			resume_point_free(out);
	}
	doc_free(d);
	return rc ? -1 : 0;
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
	return !best ? -1 : load_point(g, best, out) ? -2 : 0;
}

int checkpoints_current(const struct checkpoints *cp, const struct game *g)
{
	size_t step;
	if (!cp->doc || g->n_steps == 0 || cp->steps->n < g->n_steps ||
	    !checkpoints_vouch(cp, g, g->n_steps - 1))
		return 0;
	for (size_t i = 0; i < cp->points->n; i++)
		if (size_of(cp->points->items[i], &step) == 0 &&
		    step == g->n_steps)
			return 1;
	return 0;
}

/* A checkpoint worth keeping: its state comes back the same through the
 * rules' save and load (onto the start state), so that a run resumed
 * from the file plays as the run that took it. */
static struct doc_node *point_node(const struct game *g, struct doc *d,
				   const struct resume_point *p)
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
	doc_set(d, m, "state", state);
	return m;
}

/* Write the file of one checkpoint; 0 when written. */
static int save_point(const struct game *g, const struct resume_point *p)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	struct error ignored;
	struct doc *d = doc_new("checkpoint");
	struct doc_node *m = point_node(g, d, p);
	int rc = -1;
	if (m && file_path(g, p->at.cur + 1, &path) == 0 &&
	    doc_emit(m, &text, &ignored) == 0)
		rc = write_cache(path.buf, text.buf, text.len);
	strbuf_free(&text);
	strbuf_free(&path);
	doc_free(d);
	return rc;
}

void checkpoints_save(const struct game *g, const struct run *run)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	struct error ignored;
	char rules[96], line[LINE_LEN + 1];
	struct checkpoints old;
	size_t step;
	if (g->n_steps == 0 || file_path(g, 0, &path)) {
		strbuf_free(&path);
		return;
	}
	checkpoints_open(&old, g);
	struct doc *d = doc_new("checkpoints");
	struct doc_node *m = doc_map(d), *steps = doc_seq(d),
		*points = doc_seq(d);
	d->root = m;
	rules_name(g, rules, sizeof rules);
	doc_set_str(d, m, "umpire", CHECKPOINT_MAGIC);
	doc_set_str(d, m, "game", g->id);
	doc_set_str(d, m, "rules", rules);
	doc_set_int(d, m, "state-size", (long long)g->scn.rs->state_size);
	doc_set(d, m, "genesis", doc_b64_32(d, g->genesis));
	for (size_t i = 0; i < g->n_steps; i++) {
		step_line(&g->steps[i], line);
		doc_push(d, steps, doc_str(d, line));
	}
	doc_set(d, m, "steps", steps);
	/* oldest first */
	for (size_t k = RUN_POINTS; k-- > 0;) {
		const struct resume_point *p = &run->points[k];
		if (p->state && p->at.cur < g->n_steps &&
		    save_point(g, p) == 0)
			doc_push(d, points, doc_int(d, (long long)p->at.cur + 1));
	}
	doc_set(d, m, "points", points);
	if (doc_emit(m, &text, &ignored) == 0)
		write_cache(path.buf, text.buf, text.len);
	/* the checkpoints the new index no longer lists */
	for (size_t i = 0; old.doc && i < old.points->n; i++) {
		int kept = 0;
		if (size_of(old.points->items[i], &step))
			continue;
		for (size_t k = 0; k < points->n; k++)
			kept |= !strcmp(points->items[k]->str,
					old.points->items[i]->str);
		struct strbuf pp = STRBUF_INIT;
		if (!kept && file_path(g, step, &pp) == 0)
			unlink(pp.buf);
		strbuf_free(&pp);
	}
	checkpoints_close(&old);
	strbuf_free(&text);
	strbuf_free(&path);
	doc_free(d);
}
