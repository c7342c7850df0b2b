/*
 * game.c - the game file: header, genesis, ledger, checks, adjudication.
 */
#define _GNU_SOURCE             /* memmem */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sodium.h>
#include "umpire/chain.h"
#include "umpire/links.h"
#include "umpire/check.h"
#include "umpire/checkpoint.h"
#include "umpire/clock.h"
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/game.h"
#include "umpire/sign.h"
#include "umpire/sigq.h"

static const char *const game_keys[] = { "umpire", "game", "scenario",
	"scenario_version", "scenario_hash", "rules", "provenance", "options",
	"chain_length", "clock", "roles", "judge", "state", "steps", NULL };
/* A role's fields, in the order the header hashes them; the first
 * ROLE_CORE_KEYS are the core's (name, key, and the invitation that the
 * game's creator wrote: every join signs it through the core hash), the
 * rest a join's. */
static const char *const role_keys[] = { "name", "key", "invite",
	"nonce", "anchor", "signature", "address", NULL };
#define ROLE_CORE_KEYS 3
/* The longest mail address a join may carry (RFC 5321's path limit). */
#define ROLE_ADDRESS_MAX MAIL_ADDR_MAX
static const char *const step_keys[] = { "step", "actor", "counter",
	"orders", "reveals", "seed", "draws", "next", "salt", "state", "prev",
	"signature", NULL };

#define D_GENESIS "umpire/1 genesis"
#define D_CORE "umpire/1 core"
#define D_JOIN "umpire/1 join"
#define D_STEP "umpire/1 step"
#define D_COUNTERSIGN "umpire/1 countersign"
#define D_SALT "umpire/2 view salt"

void game_rules_tag(const struct ruleset *rs, char *out, size_t size)
{
	snprintf(out, size, "%s/%s", rs->id, rs->version);
}

void game_free(struct game *g)
{
	if (g->shed) {
		game_free(g->shed);
		free(g->shed);
	}
	free(g->src);
	free(g->chain_log);
	free(g->scn_dir);
	/* the stubs, the first n_stub, hold no orders: not looked at (a
	 * long game's prefix is most of its steps) */
	for (size_t i = g->n_stub; i < g->n_steps; i++)
		if (g->steps[i].ord) {
			orders_free(g->steps[i].ord);
			free(g->steps[i].ord);
		}
	free(g->steps);
	free(g->start_state);
	if (g->cp) {
		checkpoints_close(g->cp);
		free(g->cp);
	}
	if (g->scn.doc)
		scenario_free(&g->scn);
	doc_free(g->doc);
	memset(g, 0, sizeof *g);
}

struct role *game_role(struct game *g, const char *name)
{
	for (size_t i = 0; i < g->n_roles; i++)
		if (strcmp(g->roles[i].name, name) == 0)
			return &g->roles[i];
	return NULL;
}

const char *game_counter(const struct game *g, const char *actor)
{
	for (size_t i = 0; i < g->n_roles; i++)
		if (strcmp(g->roles[i].name, "referee") == 0)
			return g->roles[i].name;
	for (size_t i = 0; i < g->n_roles; i++)
		if (strcmp(g->roles[i].name, actor) != 0)
			return g->roles[i].name;
	return NULL;
}

const char *game_unjoined(const struct game *g)
{
	for (size_t i = 0; i < g->n_roles; i++)
		if (!g->roles[i].joined)
			return g->roles[i].name;
	return NULL;
}

/* ---- the header ---- */

static struct doc_node *top(const struct game *g, const char *key)
{
	return (struct doc_node *)doc_get(g->doc->root, key);
}

/* The header as hashed: the top-level fields before `state`, with roles
 * reduced to name, key and invitation (when the role has one) for the
 * core. A header without invitations hashes as it did before there were
 * any: a field a role lacks is not in its mapping. */
struct doc_node *game_header(const struct game *g, struct doc *d,
			     int core)
{
	static const char *const fields[] = { "umpire", "game", "scenario",
		"scenario_version", "scenario_hash", "rules", "provenance",
		"options", "chain_length", "clock", NULL };
	struct doc_node *h = doc_map(d);
	/* (a game without a clock hashes as it did before there were
	 * clocks) */
	for (const char *const *f = fields; *f; f++)
		if (top(g, *f))
			doc_set(d, h, *f, doc_copy(d, top(g, *f)));
	struct doc_node *roles = doc_seq(d);
	const struct doc_node *src = top(g, "roles");
	for (size_t i = 0; i < src->n; i++) {
		struct doc_node *r = doc_map(d);
		const struct doc_node *s = src->items[i];
		for (const char *const *k = role_keys; *k; k++) {
			const struct doc_node *v = doc_get(s, *k);
			if (!v || (core && k - role_keys >= ROLE_CORE_KEYS))
				continue;
			/* the signature's bytes, not how they were wrapped */
			doc_set(d, r, *k, strcmp(*k, "signature") ? doc_copy(d,
				v) : doc_b64_canon(d, v));
		}
		doc_push(d, roles, r);
	}
	doc_set(d, h, "roles", roles);
	return h;
}

static void header_hashes(struct game *g)
{
	struct doc *d = doc_new("header");
	doc_hash(D_CORE, game_header(g, d, 1), g->core_hash);
	doc_hash(D_GENESIS, game_header(g, d, 0), g->genesis);
	doc_free(d);
}

static void join_message(const struct game *g, const struct role *r,
			 struct strbuf *m)
{
	strbuf_adds(m, D_JOIN);
	strbuf_add(m, g->core_hash, 32);
	strbuf_adds(m, r->name);
	strbuf_addc(m, '\0');
	strbuf_add(m, r->nonce, 32);
	strbuf_add(m, r->anchor, 32);
	/* the side's mail address, when its join carries one: after the
	 * fixed-length anchor, so a join without one signs what it did */
	if (r->address)
		strbuf_adds(m, r->address);
}

static int check_scenario(struct game *g, struct error *err)
{
	const struct doc *d = g->doc;
	const struct doc_node *r = d->root;
	const char *scn_hash, *rules, *prov;
	long long ver;
	char want_hash[DOC_B64_32_LEN + 1], tag[80];
	if (doc_need_int(d, r, "scenario_version", 1, 1000000, &ver, err) ||
	    doc_need_str(d, r, "scenario_hash", &scn_hash, err) ||
	    doc_need_str(d, r, "rules", &rules, err) ||
	    doc_need_str(d, r, "provenance", &prov, err))
		return -1;
	doc_b64_32_str(want_hash, g->scn.hash);
	game_rules_tag(g->scn.rs, tag, sizeof tag);
	if (ver != g->scn.version)
		return errorf(err, EXIT_REFUSED, "%s: made with scenario %s "
			      "version %lld, but the installed one is version "
			      "%lld; install the scenario the game was made "
			      "with", d->name, g->scn.id, ver, g->scn.version);
	if (strcmp(scn_hash, want_hash) != 0)
		return errorf(err, EXIT_REFUSED, "%s: made with scenario %s "
			      "version %lld of content %.12s..., but the "
			      "installed file of that version has content "
			      "%.12s... (edited?); install the scenario the "
			      "game was made with", d->name, g->scn.id, ver,
			      scn_hash, want_hash);
	if (strcmp(rules, tag) != 0)
		return errorf(err, EXIT_REFUSED, "%s: made with rules %s, but "
			      "this umpire has rules %s", d->name, rules, tag);
	if (strcmp(prov, g->scn.provenance) != 0)
		return errorf(err, EXIT_REFUSED, "%s: provenance '%s' differs "
			      "from the scenario's '%s'", d->name, prov,
			      g->scn.provenance);
	return scenario_check_options(&g->scn, d, g->options, err);
}

/* What a role's address must be, for messages. */
#define ADDR_SPEC_RULE "exactly one mail address local@domain (no " \
	"display name, no list, no spaces, at most 254 bytes), like " \
	"alice@example.org"

/*
 * A join's address as a game file is read: one line of printable text
 * with an '@', at most ROLE_ADDRESS_MAX bytes, as umpire took it before
 * a join had to carry one addr-spec; so a game whose join says
 * "Alice <alice@example.org>" still loads and audits. Only its
 * addr-spec is used (r->join_spec, game_address): none when the text is
 * not exactly one address. A new join is held to the strict rule
 * (new_join_address).
 */
static int check_address(const struct doc *d, const struct doc_node *m,
			 struct role *r, struct error *err)
{
	const char *a = r->address, *why;
	size_t n = strlen(a);
	int bad = n == 0 || n > ROLE_ADDRESS_MAX || !strchr(a, '@');
	for (size_t i = 0; i < n && !bad; i++)
		bad = (unsigned char)a[i] < 0x20 || a[i] == 0x7f;
	char w[300];
	if (bad)
		return errorf(err, EXIT_REFUSED, "%s: role %s: field 'address' "
			      "must be a mail address (one line of at most "
			      "%d bytes with an '@', like alice@example.org)",
			      doc_where(d, doc_get(m, "address"), w, sizeof w),
			      r->name, ROLE_ADDRESS_MAX);
	if (mail_addr_spec_of(a, r->join_spec, sizeof r->join_spec, &why))
		r->join_spec[0] = '\0';
	return 0;
}

/* A join made or taken now: its address is one addr-spec, nothing
 * else (a list would have one letter of the judge's go to them all). */
static int new_join_address(const char *file, const char *role,
			    const char *a, struct error *err)
{
	if (!a || mail_addr_spec_ok(a))
		return 0;
	return errorf(err, EXIT_REFUSED, "%s: role %s: the join's field "
		      "'address' is '%.80s%s', not " ADDR_SPEC_RULE, file,
		      role, a, strlen(a) > 80 ? "..." : "");
}

/* The header's invitation of a role: one addr-spec. */
static int check_invite(const struct doc *d, const struct doc_node *m,
			struct role *r, struct error *err)
{
	char w[300];
	if (doc_need_str(d, m, "invite", &r->invite, err))
		return -1;
	if (!mail_addr_spec_ok(r->invite))
		return errorf(err, EXIT_REFUSED, "%s: role %s: field 'invite' "
			      "must be " ADDR_SPEC_RULE,
			      doc_where(d, doc_get(m, "invite"), w, sizeof w),
			      r->name);
	return 0;
}

const char *game_address(const struct game *g, const char *role)
{
	for (size_t i = 0; i < g->n_roles; i++) {
		const struct role *r = &g->roles[i];
		if (strcmp(r->name, role) != 0)
			continue;
		if (r->joined && r->join_spec[0])
			return r->join_spec;
		return r->invite;
	}
	return NULL;
}

static int load_roles(struct game *g, struct error *err)
{
	const struct doc *d = g->doc;
	const struct doc_node *roles;
	char w[300];
	if (doc_need(d, d->root, "roles", DOC_SEQ, &roles, err))
		return -1;
	if (roles->n < 2 || roles->n > GAME_MAX_ROLES)
		return errorf(err, EXIT_REFUSED, "%s: a game has 2 to %d roles",
			      doc_where(d, roles, w, sizeof w),
			      GAME_MAX_ROLES);
	for (size_t i = 0; i < roles->n; i++) {
		const struct doc_node *m = roles->items[i];
		struct role *r = &g->roles[g->n_roles];
		const char *key;
		if (m->kind != DOC_MAP)
			return errorf(err, EXIT_REFUSED, "%s: a role is a "
				      "mapping", doc_where(d, m, w, sizeof w));
		if (doc_only_keys(d, m, role_keys, err) ||
		    doc_need_str(d, m, "name", &r->name, err) ||
		    doc_need_str(d, m, "key", &key, err))
			return -1;
		if (game_role(g, r->name))
			return errorf(err, EXIT_REFUSED, "%s: role '%s' twice",
				      doc_where(d, m, w, sizeof w), r->name);
		if (strcmp(r->name, "referee") != 0 &&
		    !scenario_has_side(&g->scn, r->name))
			return errorf(err, EXIT_REFUSED, "%s: scenario %s has "
				      "no side '%s'", doc_where(d, m, w,
				      sizeof w), g->scn.id, r->name);
		if (pubkey_from_b64(d->name, key, strlen(key), &r->pk, err))
			return -1;
		if (doc_get(m, "invite") && check_invite(d, m, r, err))
			return -1;
		if (doc_get(m, "nonce") || doc_get(m, "anchor") ||
		    doc_get(m, "signature")) {
			unsigned char *sig;
			size_t sl;
			if (doc_need_b64_32(d, m, "nonce", r->nonce, err) ||
			    doc_need_b64_32(d, m, "anchor", r->anchor, err) ||
			    doc_need_b64(d, m, "signature", &sig, &sl, err))
				return -1;
			if (sl != 64) {
				return errorf(err, EXIT_REFUSED, "%s: role %s: "
					      "field 'signature' must be 64 "
					      "bytes (it has %zu)",
					      doc_where(d, doc_get(m,
					      "signature"), w, sizeof w),
					      r->name, sl);
			}
			memcpy(r->sig, sig, 64);
			r->joined = 1;
		}
		if (doc_get(m, "address")) {
			if (!r->joined)
				return errorf(err, EXIT_REFUSED, "%s: role %s: "
					      "an address is carried by a join; "
					      "this role has not joined",
					      doc_where(d, doc_get(m, "address"),
							w, sizeof w), r->name);
			if (doc_need_str(d, m, "address", &r->address, err) ||
			    check_address(d, m, r, err))
				return -1;
		}
		g->n_roles++;
	}
	for (size_t i = 0; i < g->scn.n_sides; i++)
		if (!game_role(g, g->scn.sides[i]))
			return errorf(err, EXIT_REFUSED, "%s: side '%s' has no "
				      "role", d->name, g->scn.sides[i]);
	const char *mode = game_hidden_mode(g);
	int need = !strcmp(g->scn.referee, "required") ||
		(mode && !strcmp(mode, "referee"));
	int none = !strcmp(g->scn.referee, "none") ||
		(mode && !strcmp(mode, "honour"));
	if (need && !game_role(g, "referee"))
		return errorf(err, EXIT_REFUSED, "%s: scenario %s%s%s needs a "
			      "referee (--referee PUBKEY)", d->name, g->scn.id,
			      mode ? " with hidden=" : "", mode ? mode : "");
	if (none && game_role(g, "referee"))
		return errorf(err, EXIT_REFUSED, "%s: scenario %s%s%s takes no "
			      "referee", d->name, g->scn.id,
			      mode ? " with hidden=" : "", mode ? mode : "");
	return 0;
}

static void step_hash(const struct doc_node *step, const unsigned char *blob,
		      size_t blob_len, unsigned char out[32]);
static int verify_joins(struct game *g, int check, struct sigq *q,
			struct error *err);

/* cp: this machine's checkpoints, or NULL; *vouched: the steps so far
 * that are node for node the ones verified here */
/* A step's seed, state hash and prev, decoded from its node (load_step
 * leaves them for a step verified here: a resumed check never reads
 * them for the steps before its checkpoint, and base64 is a good part
 * of reading a long game). */
static int step_fields(const struct game *g, size_t i, struct error *err)
{
	const struct doc *d = g->doc;
	struct game_step *s = &g->steps[i];
	const struct doc_node *m = s->node;
	if (!s->fields_lazy)
		return 0;
	if (doc_need_b64_32(d, m, "seed", s->seed, err) ||
	    doc_need_b64_32(d, m, "state", s->state_hash, err) ||
	    doc_need_b64_32(d, m, "prev", s->prev, err))
		return error_prefix(err, "step %zu", i + 1);
	s->fields_lazy = 0;
	return 0;
}

static int load_step(struct game *g, size_t i, const struct doc_node *m,
		     const struct checkpoints *cp, size_t *vouched,
		     struct error *err)
{
	const struct doc *d = g->doc;
	struct game_step *s = &g->steps[i];
	const struct doc_node *rv;
	unsigned char *sig;
	size_t sl;
	char w[300];
	s->node = m;
	if (m->kind != DOC_MAP)
		return errorf(err, EXIT_REFUSED, "%s: a step is a mapping",
			      doc_where(d, m, w, sizeof w));
	/* a step verified here: its hash known, its orders decoded when
	 * they are read */
	s->lazy = cp && *vouched == i &&
		checkpoints_vouch_node(cp, i, m, s->hash);
	s->verified_here = s->lazy;
	if (s->lazy)
		++*vouched;
	if (doc_only_keys(d, m, step_keys, err) ||
	    doc_need_int(d, m, "step", 1, 1000000000, &s->n, err) ||
	    doc_need_str(d, m, "actor", &s->actor, err) ||
	    doc_need_str(d, m, "counter", &s->counter, err) ||
	    (!s->lazy &&
	     doc_need_b64(d, m, "orders", &s->blob, &s->blob_len, err)) ||
	    doc_need(d, m, "reveals", DOC_MAP, &rv, err) ||
	    doc_need(d, m, "draws", DOC_SEQ, &s->draws, err) ||
	    doc_need_b64(d, m, "signature", &sig, &sl, err))
		goto bad;
	/* a step verified here has these decoded when they are read */
	s->fields_lazy = 1;
	if (!s->lazy && step_fields(g, i, err))
		return -1;
	if (doc_get(m, "salt") &&
	    doc_need_b64_32(d, m, "salt", s->salt, err))
		goto bad;
	s->has_salt = doc_get(m, "salt") != NULL;
	s->next = doc_get(m, "next");
	if (!s->next) {
		errorf(err, EXIT_REFUSED, "%s: field 'next' is missing",
		       doc_where(d, m, w, sizeof w));
		goto bad;
	}
	if (sl != 64) {
		errorf(err, EXIT_REFUSED, "%s: field 'signature' must be 64 "
		       "bytes (it has %zu)", doc_where(d, doc_get(m,
		       "signature"), w, sizeof w), sl);
		goto bad;
	}
	memcpy(s->sig, sig, 64);
	if (!s->lazy)
		step_hash(m, s->blob, s->blob_len, s->hash);
	if (rv->n != 2 || doc_need_b64_32(d, rv, s->actor, s->reveal_actor,
					  err) ||
	    doc_need_b64_32(d, rv, s->counter, s->reveal_counter, err)) {
		if (rv->n != 2)
			errorf(err, EXIT_REFUSED, "%s: reveals must hold the "
			       "actor's and the counter-party's links",
			       doc_where(d, rv, w, sizeof w));
		goto bad;
	}
	return 0;
bad:
	return error_prefix(err, "step %zu", i + 1);
}

int game_step_blob(struct game *g, size_t i, struct error *err)
{
	/* a step of the vouched prefix: the file read whole first */
	if (g->steps[i].stub && game_unstub(g, err))
		return -1;
	struct game_step *s = &g->steps[i];
	if (!s->lazy)
		return 0;
	if (doc_need_b64(g->doc, s->node, "orders", &s->blob, &s->blob_len,
			 err))
		return -1;
	s->lazy = 0;
	return 0;
}

static int load_body(struct game *g, const char *scn_dir, unsigned flags,
		     struct error *err)
{
	const struct doc *d = g->doc;
	const struct doc_node *r = d->root, *steps, *n;
	const char *fmt, *scn_id;
	long long len;
	char w[300];
	if (r->kind != DOC_MAP)
		return errorf(err, EXIT_REFUSED, "%s: not a game file",
			      d->name);
	/* the kind of file first: an order file or new steps given where a
	 * game is expected get a message that says what they are */
	if (doc_need_str(d, r, "umpire", &fmt, err))
		return -1;
	if (!strncmp(fmt, "orders/", 7))
		return errorf(err, EXIT_REFUSED, "%s is an order file ('umpire: "
			      "%s'), not a game file: 'umpire verify %s "
			      "--game GAME' checks it, 'umpire adjudicate GAME "
			      "%s' plays it", d->name, fmt, d->name, d->name);
	if (!strncmp(fmt, "sealed-orders/", 14))
		return errorf(err, EXIT_REFUSED, "%s holds orders sealed to "
			      "the referee ('umpire: %s'), not a game file: "
			      "'umpire adjudicate GAME %s' opens it with the "
			      "referee's key", d->name, fmt, d->name);
	if (!strncmp(fmt, "sealed/", 7) || !strncmp(fmt, "view/", 5)) {
		/* a view (a player's, sealed to him or opened) given as a
		 * game: not "unknown field 'for'" */
		const struct doc_node *f = doc_get(r, fmt[0] == 's' ? "for" :
						   "side");
		const char *side = f && f->kind == DOC_SCALAR ? f->str :
			"its side";
		if (fmt[0] == 's')
			return errorf(err, EXIT_REFUSED, "%s is a view sealed "
				      "to %s ('umpire: %s'), not a game file: "
				      "it is audited against the game, opened "
				      "with %s's key (umpire audit GAME --view "
				      "%s -s KEY); to read it, open it first "
				      "(umpire open %s -s KEY)", d->name, side,
				      fmt, side, d->name, d->name);
		return errorf(err, EXIT_REFUSED, "%s is a view of %s ('umpire: "
			      "%s'), not a game file: audit it against the "
			      "game (umpire audit GAME --view %s)", d->name,
			      side, fmt, d->name);
	}
	if (!strncmp(fmt, "delta/", 6))
		return errorf(err, EXIT_REFUSED, "%s holds new steps only "
			      "('umpire: %s'), not a whole game: 'umpire "
			      "append GAME %s' adds them to your game file",
			      d->name, fmt, d->name);
	if (doc_only_keys(d, r, game_keys, err))
		return -1;
	if (strcmp(fmt, GAME_FORMAT) != 0 && strcmp(fmt, GAME_FORMAT_2) != 0)
		return errorf(err, EXIT_REFUSED, "%s: 'umpire: %s' is not a "
			      "game file of this umpire (expected 'umpire: "
			      GAME_FORMAT "', or 'umpire: " GAME_FORMAT_2
			      "' for a game begun before it)", d->name, fmt);
	g->link_by_step = !strcmp(fmt, GAME_FORMAT_2);
	if (doc_need_str(d, r, "game", &g->id, err) ||
	    doc_need_str(d, r, "scenario", &scn_id, err) ||
	    doc_need(d, r, "options", DOC_MAP, &g->options, err) ||
	    doc_need_int(d, r, "chain_length", 16, CHAIN_MAX_LENGTH, &len,
			 err) ||
	    doc_need(d, r, "state", DOC_MAP, &n, err) ||
	    doc_need(d, r, "steps", DOC_SEQ, &steps, err))
		return -1;
	unsigned char idb[16];
	if (strlen(g->id) != GAME_ID_HEX ||
	    doc_need_hex(d, r, "game", idb, 16, err))
		return errorf(err, EXIT_REFUSED, "%s: game id must be %d "
			      "hexadecimal digits", doc_where(d, doc_get(r,
			      "game"), w, sizeof w), GAME_ID_HEX);
	g->chain_length = (uint32_t)len;
	if (scenario_find(scn_dir, scn_id, &g->scn, err))
		return error_prefix(err, "%s", d->name);
	if (check_scenario(g, err) || load_roles(g, err) ||
	    clock_load(g, err))
		return -1;
	if (scenario_start(&g->scn, g->options, &g->start_state, err))
		return -1;
	header_hashes(g);
	size_t vouched = 0;
	if ((flags & GAME_PARSE_CHECKPOINTS) && !game_unjoined(g)) {
		g->cp = xcalloc(1, sizeof *g->cp);
		checkpoints_open(g->cp, g);
	}
	g->steps = xcalloc(steps->n ? steps->n : 1, sizeof *g->steps);
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < steps->n; i++) {
		rc = load_step(g, i, steps->items[i],
			       g->cp && g->cp->doc ? g->cp : NULL, &vouched,
			       err);
		g->n_steps += rc == 0;
	}
	return rc;
}

/* ---- the vouched prefix (checkpoint.h) ---- */

/* Where the steps begin in text: just after its first "steps:" line at
 * the start of a line (the top-level key, the last umpire writes: the
 * header's and the state's lines before it are indented or other keys),
 * or 0 when there is none. The reader checks that the tree has them
 * there. */
static size_t steps_begin(const char *buf, size_t len)
{
	static const char key[] = "steps:\n";
	size_t k = sizeof key - 1;
	if (!buf)
		return 0;
	for (const char *p = buf, *end = buf + len; p < end;) {
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			break;
		p++;
		if ((size_t)(end - p) >= k && memcmp(p, key, k) == 0)
			return (size_t)(p - buf) + k;
	}
	return 0;
}

static size_t count_lines(const char *buf, size_t len)
{
	size_t n = 0;
	for (const char *p = buf, *end = buf + len;
	     (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
		n++;
	return n;
}

static void shift_lines(struct doc_node *n, int by)
{
	if (n->line)
		n->line += by;
	for (size_t i = 0; n->kind != DOC_SCALAR && i < n->n; i++) {
		if (n->kind == DOC_MAP)
			shift_lines(n->keys[i], by);
		shift_lines(n->items[i], by);
	}
}

static size_t doc_nodes(const struct doc_node *n)
{
	size_t c = 1;
	for (size_t i = 0; n->kind != DOC_SCALAR && i < n->n; i++)
		c += doc_nodes(n->items[i]) + (n->kind == DOC_MAP);
	return c;
}

/* The text kept for the checkpoints and game_unstub: the file with the
 * prefix taken out, head[0..begin) (to the steps' beginning) and then
 * tail. */
static void keep_source(struct game *g, const char *head, size_t begin,
			const char *tail, size_t tail_len, const char *scn_dir)
{
	g->src_head = begin;
	g->src_len = begin + tail_len;
	g->src = xmalloc(g->src_len + 1);
	memcpy(g->src, head, begin);
	memcpy(g->src + begin, tail, tail_len);
	g->src[g->src_len] = '\0';
	if (scn_dir)
		g->scn_dir = xstrdup(scn_dir);
}

/*
 * A game file whose steps begin with the vouched prefix, byte for byte,
 * is read without parsing the prefix: its header and state (with no
 * steps), then the steps after the prefix as a sequence of their own,
 * copied in with their lines as the whole file numbers them. The text
 * of a YAML block sequence item at column 0 is read the same wherever
 * it stands among the items, so the file parsed whole is this very tree
 * with the prefix's steps before these; the prefix was read, hashed and
 * verified here when it was cut (checkpoint.c, save_prefix). Each part
 * returns 0 when so read; otherwise -1 and g is empty: the caller reads
 * the file whole, which alone says what is wrong with it.
 *
 * vouched_head: the header and state, head[0..begin) (begin just after
 * the "steps:" line), and the prefix the steps must begin with (*p;
 * none, of no bytes, where this machine has none).
 */
static int vouched_head(struct game *g, const char *name, const char *head,
			size_t begin, const char *scn_dir, unsigned flags,
			const struct checkpoint_prefix **p)
{
	static const struct checkpoint_prefix none;
	struct error ignored;
	memset(g, 0, sizeof *g);
	g->cut_oldest = (flags & GAME_PARSE_VIEW) != 0;
	/* as read: a mail message or text around the file is the mail
	 * layer's, told before the header is read */
	if (begin == 0 || ((flags & GAME_PARSE_AS_READ) &&
			   (begin < 13 ||
			    memcmp(head, "umpire: game/", 13) != 0)))
		return -1;
	/* the header and state: the steps an empty sequence */
	struct strbuf h = STRBUF_INIT;
	strbuf_add(&h, head, begin - 1);
	strbuf_adds(&h, " []\n");
	g->doc = doc_new(name);
	int rc = doc_parse(g->doc, h.buf, h.len, &DOC_LIMITS_GAME, &ignored);
	strbuf_free(&h);
	const struct doc_node *steps = rc ? NULL : top(g, "steps");
	/* with no checkpoint, or one with no prefix, every step is read
	 * as the tail: the header was read once, and its scenario's start
	 * state built once, not again by the caller's whole read */
	if (rc || !steps || steps->kind != DOC_SEQ || steps->n ||
	    load_body(g, scn_dir, GAME_PARSE_CHECKPOINTS, &ignored)) {
		game_free(g);
		return -1;
	}
	*p = g->cp && g->cp->doc ? &g->cp->prefix : &none;
	return 0;
}

/* vouched_tail: the steps after the prefix p, which the caller has
 * compared: the file is head[0..begin), p's text, then tail, len bytes
 * in all. */
static int vouched_tail(struct game *g, const char *name, const char *head,
			size_t begin, const struct checkpoint_prefix *p,
			const char *tail, size_t len, const char *scn_dir,
			unsigned flags)
{
	struct error ignored;
	struct doc *t = NULL;
	const struct checkpoints *cp = g->cp && g->cp->doc ? g->cp : NULL;
	struct doc_node *steps = top(g, "steps");
	size_t tn = len - begin - p->len;
	if (tn < 2 || tail[0] != '-' || tail[1] != ' ')
		goto no;
	/* the prefix is the checkpoint's text, canonical as it was cut
	 * (a file is made canonical before it is read): only the text
	 * around it is looked at (game_parse_flags) */
	if (!text_canonical(head, begin) || !text_canonical(tail, tn))
		goto no;
	/* as read: what the mail layer takes as it is, the prefix passed
	 * over (mail_game_lines passed it when it was cut) */
	if ((flags & GAME_PARSE_AS_READ) &&
	    !mail_game_as_read(head, begin, tail, tn, len,
			       DOC_LIMITS_GAME.max_bytes))
		goto no;
	/* the steps after it, in the room the limits leave */
	struct doc_limits lim = DOC_LIMITS_GAME;
	size_t used = doc_nodes(g->doc->root) + p->nodes;
	if (used >= lim.max_nodes)
		goto no;
	lim.max_nodes -= used;
	t = doc_new(name);
	if (doc_parse(t, tail, tn, &lim, &ignored) || !t->root ||
	    t->root->kind != DOC_SEQ || !t->root->n)
		goto no;
	int by = (int)(count_lines(head, begin) + p->lines);
	steps->style = DOC_STYLE_ANY;
	for (size_t i = 0; i < t->root->n; i++) {
		struct doc_node *c = doc_copy(g->doc, t->root->items[i]);
		shift_lines(c, by);
		doc_push(g->doc, steps, c);
	}
	doc_free(t);
	t = NULL;
	size_t n = p->steps + steps->n;
	free(g->steps);
	/* not zeroed whole (calloc's clearing of 440 bytes a step was
	 * 0.43M instructions at step 1,024): a stub is its number, its
	 * hashes and empty fields, the steps read after it start empty */
	g->steps = xmalloc(n * sizeof *g->steps);
	memset(g->steps + p->steps, 0, steps->n * sizeof *g->steps);
	for (size_t i = 0; i < p->steps; i++) {
		struct game_step *s = &g->steps[i];
		*s = (struct game_step){ .n = (long long)i + 1, .stub = 1,
					 .verified_here = 1 };
		checkpoints_step(g->cp, i, s->hash, s->stub_sig_hash);
	}
	g->n_stub = g->n_steps = p->steps;
	size_t vouched = p->steps;
	for (size_t i = 0; i < steps->n; i++) {
		if (load_step(g, p->steps + i, steps->items[i], cp,
			      &vouched, &ignored))
			goto no;
		g->n_steps++;
	}
	keep_source(g, head, begin, tail, tn, scn_dir);
	return 0;
no:
	doc_free(t);
	game_free(g);
	return -1;
}

/* The file in memory. */
static int parse_vouched(struct game *g, const char *name, const char *buf,
			 size_t len, const char *scn_dir, unsigned flags)
{
	const struct checkpoint_prefix *p;
	size_t begin = steps_begin(buf, len);
	if (vouched_head(g, name, buf, begin, scn_dir, flags, &p))
		return -1;
	if (len - begin < p->len ||
	    (p->len && memcmp(buf + begin, p->text, p->len) != 0)) {
		game_free(g);
		return -1;
	}
	return vouched_tail(g, name, buf, begin, p, buf + begin + p->len,
			    len, scn_dir, flags);
}

/* What game_read_vouched reads at a time: the prefix is compared a
 * piece at a time, never held whole. */
#define VOUCHED_CHUNK ((size_t)64 << 10)

int game_read_vouched(struct game *g, const char *path, const char *name,
		      const char *scn_dir, unsigned flags)
{
	struct stat st;
	const struct checkpoint_prefix *p = NULL;
	char *head = NULL, *tail = NULL, *piece = NULL;
	size_t begin = 0, got = 0, len, k;
	int rc = -1, fd;
	memset(g, 0, sizeof *g);
	/* a pipe or a device is not opened here: what it holds is read
	 * once, by the mail layer (an open and a close would lose it) */
	if (stat(path, &st) || !S_ISREG(st.st_mode) ||
	    (fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) < 0)
		return -1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
	    (unsigned long long)st.st_size > DOC_LIMITS_GAME.max_bytes)
		goto out;
	len = (size_t)st.st_size;
	/* the header and state: to the line after "steps:" */
	while (begin == 0 && got < len) {
		k = len - got < VOUCHED_CHUNK ? len - got : VOUCHED_CHUNK;
		head = xrealloc(head, got + k);
		if (read_at(fd, head + got, k, got))
			goto out;
		got += k;
		begin = steps_begin(head, got);
	}
	if (vouched_head(g, name, head, begin, scn_dir,
			 flags | GAME_PARSE_AS_READ, &p))
		goto out;
	size_t at = begin, end = begin + p->len;
	if (len < end)
		goto fail;
	/* the prefix: what of it was read with the header, then the rest
	 * a piece at a time, compared where it is read */
	k = got - at < end - at ? got - at : end - at;
	if (k && memcmp(head + at, p->text, k) != 0)
		goto fail;
	if (at + k < end)
		piece = xmalloc(VOUCHED_CHUNK);
	for (at += k; at < end; at += k) {
		k = end - at < VOUCHED_CHUNK ? end - at : VOUCHED_CHUNK;
		if (read_at(fd, piece, k, at) ||
		    memcmp(piece, p->text + (at - begin), k) != 0)
			goto fail;
	}
	/* the steps after it: what was read with the header, the rest */
	k = got > end ? got - end : 0;
	tail = xmalloc(len - end + 1);
	memcpy(tail, head + end, k);
	if (read_at(fd, tail + k, len - end - k, end + k))
		goto fail;
	tail[len - end] = '\0';
	/* nothing more: a file that grew since fstat is read whole */
	char more;
	if (pread(fd, &more, 1, (off_t)len) != 0)
		goto fail;
	rc = vouched_tail(g, name, head, begin, p, tail, len, scn_dir,
			  flags | GAME_PARSE_AS_READ);
	goto out;
fail:
	game_free(g);
out:
	free(piece);
	free(head);
	free(tail);
	close(fd);
	return rc;
}

const struct orders *game_step_orders(const struct game_step *s)
{
	static const struct orders none;
	return s->ord ? s->ord : &none;
}

void game_step_sig_hash(const struct game *g, size_t i, unsigned char out[32])
{
	if (g->steps[i].stub)
		memcpy(out, g->steps[i].stub_sig_hash, 32);
	else
		sig_hash(g->steps[i].sig, out);
}

int game_unstub(struct game *g, struct error *err)
{
	struct game whole;
	if (!g->n_stub)
		return 0;
	const struct checkpoint_prefix *p = &g->cp->prefix;
	struct strbuf text = STRBUF_INIT;
	/* a step added since the file was read (game_append: the judge
	 * checks the game again to write its letters) has no source: then
	 * the game as it is now, written */
	const struct doc_node *steps = top(g, "steps");
	size_t read = 0;
	while (steps && read < steps->n && steps->items[read]->line > 0)
		read++;
	if (g->n_stub + read < g->n_steps) {
		if (game_emit(g, &text, err)) {
			strbuf_free(&text);
			return -1;
		}
	} else {
		strbuf_add(&text, g->src, g->src_head);
		strbuf_add(&text, p->text, p->len);
		strbuf_add(&text, g->src + g->src_head,
			   g->src_len - g->src_head);
	}
	int rc = game_parse_flags(&whole, g->doc->name, text.buf, text.len,
				  g->scn_dir, GAME_PARSE_CHECKPOINTS |
				  GAME_PARSE_WHOLE | (g->cut_oldest ?
						      GAME_PARSE_VIEW : 0),
				  err);
	strbuf_free(&text);
	if (rc)
		return -1;
	/* what the caller set, kept; the game read before kept as well
	 * (callers may hold its strings), freed with this one */
	whole.trusted = g->trusted;
	whole.at_step_end = g->at_step_end;
	whole.hook_user = g->hook_user;
	whole.checkpoints = g->checkpoints;
	whole.events_from = g->events_from;
	whole.examples = g->examples;
	whole.state_stale = g->state_stale;
	whole.shed = xmalloc(sizeof *whole.shed);
	*whole.shed = *g;
	*g = whole;
	return 0;
}

int game_parse(struct game *g, const char *name, const char *buf,
	       size_t len, const char *scn_dir, struct error *err)
{
	return game_parse_flags(g, name, buf, len, scn_dir, 0, err);
}

int game_parse_flags(struct game *g, const char *name, const char *buf,
		     size_t len, const char *scn_dir, unsigned flags,
		     struct error *err)
{
	/* What mail does to text (trailing blanks, CRs, a byte-order mark,
	 * no-break spaces) means nothing in a game file, which umpire writes
	 * canonical: every hash and signature covers decoded values. */
	struct strbuf canon = STRBUF_INIT;
	unsigned changed;
	int rc = 0;
	/* the vouched prefix first, which looks only at the text around
	 * it; then, if the text was not canonical, again once it is */
	int vouched = (flags & GAME_PARSE_CHECKPOINTS) &&
		!(flags & GAME_PARSE_WHOLE);
	if (vouched && parse_vouched(g, name, buf, len, scn_dir, flags) == 0)
		return 0;
	if (flags & GAME_PARSE_AS_READ) {
		memset(g, 0, sizeof *g);
		return 1;
	}
	if (text_canonical(buf, len))
		changed = 0;
	else
		canonical_text(buf, len, &canon, &changed);
	if (changed) {
		buf = canon.buf;
		len = canon.len;
	}
	if (vouched && changed &&
	    parse_vouched(g, name, buf, len, scn_dir, flags) == 0) {
		strbuf_free(&canon);
		return 0;
	}
	memset(g, 0, sizeof *g);
	g->cut_oldest = (flags & GAME_PARSE_VIEW) != 0;
	g->doc = doc_new(name);
	if (doc_parse(g->doc, buf, len, &DOC_LIMITS_GAME, err) ||
	    load_body(g, scn_dir, flags, err)) {
		game_free(g);
		rc = -1;
	} else if (flags & GAME_PARSE_CHECKPOINTS) {
		size_t begin = steps_begin(buf, len);
		const struct doc_node *steps = top(g, "steps");
		/* the steps where the tree has them: the first on the line
		 * after "steps:" */
		if (begin && steps->n &&
		    steps->items[0]->line == (int)count_lines(buf, begin) + 1)
			keep_source(g, buf, begin, buf + begin, len - begin,
				    scn_dir);
	}
	strbuf_free(&canon);
	return rc;
}

int game_load(struct game *g, const char *path, const char *scn_dir,
	      struct error *err)
{
	return game_load_flags(g, path, scn_dir, 0, err);
}

int game_load_flags(struct game *g, const char *path, const char *scn_dir,
		    unsigned flags, struct error *err)
{
	char *buf;
	size_t len;
	memset(g, 0, sizeof *g);
	if (mail_read_kind(path, DOC_LIMITS_GAME.max_bytes, "game", &buf,
			   &len, NULL, NULL, NULL, NULL, err))
		return -1;
	int rc = game_parse_flags(g, path, buf, len, scn_dir, flags, err);
	free(buf);
	return rc;
}

int game_from_header(struct game *g, const char *name,
		     const struct doc_node *header, const char *scn_dir,
		     struct error *err)
{
	memset(g, 0, sizeof *g);
	g->doc = doc_new(name);
	struct doc *d = g->doc;
	d->root = doc_copy(d, header);
	if (d->root->kind != DOC_MAP) {
		game_free(g);
		return errorf(err, EXIT_REFUSED, "%s: the header is not a "
			      "mapping", name);
	}
	doc_put(d, d->root, "state", doc_map(d));
	doc_put(d, d->root, "steps", doc_seq(d));
	if (load_body(g, scn_dir, 0, err)) {
		game_free(g);
		return -1;
	}
	return 0;
}

int game_create(struct game *g, const char *scn_dir, const char *scenario_id,
		char *const *sets, size_t n_sets, const char *const *names,
		const struct pubkey *keys, const char *const *invites,
		size_t n_roles, uint32_t chain_length,
		const struct game_clock *clock, struct error *err)
{
	unsigned char id[16];
	char tag[80], b64[PUBKEY_B64_SIZE];
	struct doc_node *opts;
	memset(g, 0, sizeof *g);
	g->doc = doc_new("game");
	struct doc *d = g->doc;
	if (scenario_find(scn_dir, scenario_id, &g->scn, err) ||
	    scenario_options(&g->scn, d, sets, n_sets, &opts, err))
		goto fail;
	struct doc_node *r = doc_map(d);
	d->root = r;
	randombytes_buf(id, sizeof id);
	doc_set_str(d, r, "umpire", GAME_FORMAT);
	doc_set(d, r, "game", doc_hex(d, id, sizeof id));
	doc_set_str(d, r, "scenario", g->scn.id);
	doc_set_int(d, r, "scenario_version", g->scn.version);
	doc_set(d, r, "scenario_hash", doc_b64_32(d, g->scn.hash));
	game_rules_tag(g->scn.rs, tag, sizeof tag);
	doc_set_str(d, r, "rules", tag);
	doc_set_str(d, r, "provenance", g->scn.provenance);
	doc_set(d, r, "options", opts);
	doc_set_int(d, r, "chain_length", chain_length);
	if (clock && clock->set) {
		struct doc_node *c = doc_map(d);
		char t[32];
		clock_duration_str(clock->deadline, t, sizeof t);
		doc_set_str(d, c, "deadline", t);
		clock_duration_str(clock->remind, t, sizeof t);
		doc_set_str(d, c, "remind", t);
		clock_duration_str(clock->grace, t, sizeof t);
		doc_set_str(d, c, "grace", t);
		doc_set_str(d, c, "on_late", clock_late_name(clock->on_late));
		doc_set(d, r, "clock", c);
	}
	struct doc_node *roles = doc_seq(d);
	for (size_t i = 0; i < n_roles; i++) {
		struct doc_node *m = doc_map(d);
		doc_set_str(d, m, "name", names[i]);
		pubkey_to_b64(&keys[i], b64);
		doc_set_str(d, m, "key", b64);
		if (invites && invites[i])
			doc_set_str(d, m, "invite", invites[i]);
		doc_push(d, roles, m);
	}
	doc_set(d, r, "roles", roles);
	doc_set(d, r, "state", doc_map(d));
	doc_set(d, r, "steps", doc_seq(d));
	/* Reload through the one validating path. */
	struct strbuf sb = STRBUF_INIT;
	if (doc_emit(r, &sb, err)) {
		strbuf_free(&sb);
		goto fail;
	}
	scenario_free(&g->scn);
	doc_free(g->doc);
	memset(g, 0, sizeof *g);
	g->doc = doc_new("new game");
	int rc = doc_parse(g->doc, sb.buf, sb.len, &DOC_LIMITS_GAME, err);
	strbuf_free(&sb);
	if (rc || load_body(g, scn_dir, 0, err))
		goto fail;
	/* the judge plays a late side only by the rules' late answers,
	 * as the game's referee (clock.h) */
	if (clock && clock->set && clock->on_late == LATE_STANDING &&
	    !game_role(g, "referee")) {
		errorf(err, EXIT_USAGE, "on-late=standing: the judge plays a "
		       "late side as the game's referee, and this game has "
		       "none (--referee)");
		goto fail;
	}
	if (clock_check_scenario(&g->clock, g->scn.rs, err))
		goto fail;
	struct doc_node *st = g->scn.rs->save(g->start_state, g->doc);
	doc_put(g->doc, g->doc->root, "state", st);
	return 0;
fail:
	game_free(g);
	return -1;
}

int game_link(const struct game *g, const char *role,
	      const struct seckey *sk, uint64_t n, unsigned char out[32],
	      struct error *err)
{
	if (n > g->chain_length)
		return errorf(err, EXIT_REFUSED, "%s's link %llu is beyond the "
			      "game's chain length %u: the game cannot go on "
			      "(start long games with 'umpire new "
			      "--chain-length N')", role,
			      (unsigned long long)n, g->chain_length);
	const struct role *r = game_role((struct game *)g, role);
	if (!r)
		return errorf(err, EXIT_USAGE, "this game has no role '%s'",
			      role);
	return links_link(sk, g->core_hash, r->nonce, role, g->chain_length,
			  (uint32_t)n, out, err);
}

/* r has joined: its nonce, anchor and signature into its mapping of
 * the header, and the header's hashes anew. */
static void put_join(struct game *g, struct role *r)
{
	r->joined = 1;
	struct doc_node *roles = top(g, "roles");
	for (size_t i = 0; i < roles->n; i++) {
		struct doc_node *rm = roles->items[i];
		if (strcmp(doc_get(rm, "name")->str, r->name) != 0)
			continue;
		doc_put(g->doc, rm, "nonce", doc_b64_32(g->doc, r->nonce));
		doc_put(g->doc, rm, "anchor", doc_b64_32(g->doc, r->anchor));
		doc_put(g->doc, rm, "signature", doc_b64(g->doc, r->sig, 64));
		if (r->address) {
			doc_set_str(g->doc, rm, "address", r->address);
			r->address = doc_get(rm, "address")->str;
			/* one addr-spec (new_join_address): itself */
			snprintf(r->join_spec, sizeof r->join_spec, "%s",
				 r->address);
		}
	}
	header_hashes(g);
}

int game_join(struct game *g, const char *name, const struct seckey *sk,
	      struct error *err)
{
	return game_join_address(g, name, sk, NULL, err);
}

int game_join_address(struct game *g, const char *name,
		      const struct seckey *sk, const char *address,
		      struct error *err)
{
	struct role *r = game_role(g, name);
	struct pubkey pk;
	if (!r) {
		struct strbuf sb = STRBUF_INIT;
		for (size_t i = 0; i < g->n_roles; i++)
			strbuf_addf(&sb, "%s%s", i ? ", " : "",
				    g->roles[i].name);
		errorf(err, EXIT_USAGE, "this game has no role '%s' (its "
		       "roles: %s)", name, sb.buf);
		strbuf_free(&sb);
		return -1;
	}
	seckey_pubkey(sk, &pk);
	if (sodium_memcmp(&pk, &r->pk, sizeof pk) != 0)
		return errorf(err, EXIT_REFUSED, "this secret key is not the "
			      "key of role %s", name);
	if (r->joined)
		return errorf(err, EXIT_REFUSED, "role %s has already joined",
			      name);
	/* hidden information: a referee key that is also another party's
	 * side key would show that side every hidden card. Only the
	 * joiner's own key may double as the referee's (solo play). */
	struct role *ref = game_role(g, "referee");
	for (size_t i = 0; ref && i < g->n_roles; i++) {
		struct role *o = &g->roles[i];
		if (o == ref || sodium_memcmp(&o->pk, &ref->pk,
					      sizeof o->pk) != 0 ||
		    sodium_memcmp(&o->pk, &pk, sizeof pk) == 0)
			continue;
		return errorf(err, EXIT_REFUSED, "%s: the referee key is also "
			      "side %s's key: %s would adjudicate its own "
			      "game and see every hidden card; not joining "
			      "(a referee needs a key of its own)",
			      g->doc->name, o->name, o->name);
	}
	if (new_join_address(g->doc->name, name, address, err))
		return -1;
	/* a join commits to the header as it stands: the joins in it */
	if (verify_joins(g, 1, NULL, err))
		return error_prefix(err, "%s", g->doc->name);
	/* fresh randomness: the same header joined twice gives two
	 * different chains, hence two different games' seeds */
	randombytes_buf(r->nonce, sizeof r->nonce);
	r->address = address;   /* copied into the doc by put_join */
	if (game_link(g, name, sk, 0, r->anchor, err))
		return -1;
	struct strbuf m = STRBUF_INIT;
	join_message(g, r, &m);
	crypto_sign_detached(r->sig, NULL, (unsigned char *)m.buf, m.len,
			     sk->sk);
	strbuf_free(&m);
	put_join(g, r);
	return 0;
}

int game_take_joins(struct game *g, struct game *in, size_t *added,
		    struct error *err)
{
	*added = 0;
	if (strcmp(g->id, in->id) != 0 ||
	    sodium_memcmp(g->core_hash, in->core_hash, 32) != 0)
		return errorf(err, EXIT_REFUSED, "%s: game %s with another "
			      "header than the game %s kept (a join is made "
			      "on the game file as created)", in->doc->name,
			      in->id, g->id);
	if (verify_joins(in, 1, NULL, err))
		return error_prefix(err, "%s", in->doc->name);
	/* every join of a file read to take its joins is held to the rule
	 * of a new join (the roles g has joined too: a new game taken
	 * whole, umpire judge --accept-new, is g and in at once), so a
	 * join carrying a list of addresses is never taken */
	for (size_t i = 0; i < in->n_roles; i++)
		if (in->roles[i].joined &&
		    new_join_address(in->doc->name, in->roles[i].name,
				     in->roles[i].address, err))
			return -1;
	for (size_t i = 0; i < in->n_roles; i++) {
		const struct role *o = &in->roles[i];
		struct role *r = game_role(g, o->name);
		if (!o->joined)
			continue;
		if (r->joined) {
			if (sodium_memcmp(r->sig, o->sig, 64) != 0)
				return errorf(err, EXIT_REFUSED, "%s: role %s "
					      "joined game %s already, with "
					      "another join", in->doc->name,
					      o->name, g->id);
			continue;
		}
		if (g->n_steps)
			return errorf(err, EXIT_REFUSED, "%s: game %s has %zu "
				      "steps already; joins come before the "
				      "first", in->doc->name, g->id,
				      g->n_steps);
		memcpy(r->nonce, o->nonce, 32);
		memcpy(r->anchor, o->anchor, 32);
		memcpy(r->sig, o->sig, 64);
		r->address = o->address;
		r->joined = 1;
		put_join(g, r);
		(*added)++;
	}
	return 0;
}

/* The vouched prefix's text put back where the steps begin in text,
 * a game's emitted tree (which has the steps after it only). */
static int splice_prefix(const struct game *g, const struct strbuf *text,
			 struct strbuf *out, struct error *err)
{
	size_t b = steps_begin(text->buf, text->len);
	if (!b)
		return errorf(err, EXIT_USAGE, "%s: the text written has no "
			      "steps to put the verified ones before",
			      g->doc->name);
	strbuf_add(out, text->buf, b);
	strbuf_add(out, g->cp->prefix.text, g->cp->prefix.len);
	strbuf_add(out, text->buf + b, text->len - b);
	return 0;
}

int game_emit(const struct game *g, struct strbuf *out, struct error *err)
{
	if (!g->n_stub)
		return doc_emit(g->doc->root, out, err);
	struct strbuf text = STRBUF_INIT;
	int rc = doc_emit(g->doc->root, &text, err) ||
		splice_prefix(g, &text, out, err) ? -1 : 0;
	strbuf_free(&text);
	return rc;
}

static int verify_orders(struct game *g, const char *name, const char *buf,
			 size_t len, const char *sigtext, size_t siglen,
			 long long n, const char *actor, const char *signer,
			 const unsigned char prev[32], int check_sig,
			 struct sigq *q, struct orders *ord,
			 struct verified *v, struct error *err);

/* Whether step s is a late step (umpire-protocol(7), THE JUDGE'S
 * CLOCK, Late steps): its actor's reveal is late[n], which no chain
 * link is; its orders are then the referee's. */
static int step_late(const struct game *g, const struct game_step *s)
{
	unsigned char lv[32];
	if (s->stub)
		return 0;     /* (the vouched prefix: its chains and replay
				 come from the checkpoints) */
	chain_late(g->genesis, (uint64_t)s->n, lv);
	return sodium_memcmp(s->reveal_actor, lv, 32) == 0;
}

int game_step_late(const struct game *g, size_t i)
{
	return step_late(g, &g->steps[i]);
}

/* The role whose key signs step s's orders. */
static const char *step_signer(const struct game *g,
			       const struct game_step *s)
{
	return step_late(g, s) ? "referee" : s->actor;
}

int game_emit_checked(const struct game *g, const char *scn_dir,
		      struct strbuf *out, struct error *err)
{
	struct game back;
	struct orders ord;
	struct verified v;
	if (game_emit(g, out, err))
		return -1;
	/* read back as the next command will: the whole file, and the
	 * last step's orders with their signature */
	int rc = game_parse(&back, g->doc->name, out->buf, out->len, scn_dir,
			    err);
	int parsed = rc == 0;    /* game_parse frees what it fails on */
	if (rc == 0 && back.n_steps > 0) {
		const struct game_step *s = &back.steps[back.n_steps - 1];
		memset(&ord, 0, sizeof ord);
		rc = verify_orders(&back, "the new step's orders",
				   (const char *)s->blob, s->blob_len, NULL, 0,
				   s->n, s->actor, step_signer(&back, s),
				   game_prev(&back, back.n_steps - 1), 1, NULL,
				   &ord, &v, err);
		orders_free(&ord);
		verified_free(&v);
	}
	if (parsed)
		game_free(&back);
	if (rc)
		error_prefix(err, "nothing written: the game file would not "
			     "read back");
	return rc;
}

/* Whether text (len bytes) is what doc_emit writes for node as an item
 * of the steps (a sequence of it alone). */
static int step_as_written(const struct doc_node *node, const char *text,
			   size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	struct error ignored;
	struct doc *e = doc_new("step");
	struct doc_node *seq = doc_seq(e);
	doc_push(e, seq, (struct doc_node *)node);
	int same = doc_emit(seq, &sb, &ignored) == 0 && sb.len == len &&
		memcmp(sb.buf, text, len) == 0;
	doc_free(e);
	strbuf_free(&sb);
	return same;
}

/*
 * The steps the tree holds after the vouched prefix that were read from
 * the game file (g->src) as umpire writes them: how many (the leading
 * items of the steps node that have a source line), when the text
 * doc_emit makes of them is, byte for byte, the text they were read
 * from (then appended to text); else 0, and the whole tree is written
 * and read back (a layout of the file's own is written as umpire writes
 * it, which the checkpoints' vouched prefix needs).
 */
static size_t steps_read(const struct game *g, const struct doc_node *steps,
			 struct strbuf *text)
{
	size_t n = 0;
	if (!g->src || !steps || steps->kind != DOC_SEQ)
		return 0;
	while (n < steps->n && steps->items[n]->line > 0)
		n++;
	if (!n)
		return 0;
	/* each step's text (from a line beginning "- " to the next) with
	 * the hash this machine recorded of the text umpire writes for it
	 * kept as read, nothing written; a step without one (the latest:
	 * the command that adjudicated it recorded the steps before it)
	 * written alone and compared, an item of the steps being written
	 * the same alone as among them */
	const char *at = g->src + g->src_head, *end = g->src + g->src_len;
	size_t k = 0;
	while (at < end && k < n && end - at >= 2 && at[0] == '-' &&
	       at[1] == ' ') {
		const char *next = memmem(at, (size_t)(end - at), "\n- ", 3);
		next = next ? next + 1 : end;
		if (!checkpoints_step_text(g->cp, g->n_stub + k, at,
					   (size_t)(next - at)) &&
		    !step_as_written(steps->items[k], at,
				     (size_t)(next - at)))
			break;
		at = next;
		k++;
	}
	if (k != n || at != end)
		return 0;
	strbuf_add(text, g->src + g->src_head, g->src_len - g->src_head);
	return n;
}

int game_emit_step(struct game *g, struct strbuf *out, struct error *err)
{
	return game_emit_step_gap(g, out, NULL, err);
}

int game_emit_step_gap(struct game *g, struct strbuf *out, size_t *gap,
		       struct error *err)
{
	if (gap)
		*gap = (size_t)-1;

	struct orders ord;
	struct verified v;
	/* The steps read from the game file (after the vouched prefix),
	 * when umpire wrote them so, are written as they were read, not
	 * read back: only the header, the state and the new step are. The
	 * vouched prefix (stubs), byte for byte as verified, before them. */
	struct doc_node *steps = top(g, "steps");
	struct strbuf read = STRBUF_INIT;
	size_t kept = steps_read(g, steps, &read);
	struct doc_node **items = steps ? steps->items : NULL;
	if (kept) {
		steps->items += kept;
		steps->n -= kept;
	}
	struct strbuf tree = STRBUF_INIT,
		*text = g->n_stub || kept ? &tree : out;
	int rc = doc_emit(g->doc->root, text, err);
	struct doc *d = doc_new(g->doc->name);
	if (rc == 0)
		rc = doc_parse(d, text->buf, text->len, &DOC_LIMITS_GAME, err);
	int same = rc == 0 && doc_same(d->root, g->doc->root);
	if (kept) {
		steps->items = items;
		steps->n += kept;
	}
	if (rc == 0 && !same)
		rc = errorf(err, EXIT_USAGE, "%s: the text written does not "
			    "read back as the game it was written from",
			    g->doc->name);
	doc_free(d);
	if (rc == 0 && g->n_steps > 0) {
		const struct game_step *s = &g->steps[g->n_steps - 1];
		/* its signatures once: the blob game_adjudicate made of
		 * orders it verified is parsed and checked against the
		 * step, not verified again */
		unsigned char bh[32];
		crypto_generichash(bh, 32, s->blob, s->blob_len, NULL, 0);
		int fresh = g->has_fresh_blob &&
			sodium_memcmp(bh, g->fresh_blob, 32) == 0;
		memset(&ord, 0, sizeof ord);
		rc = verify_orders(g, "the new step's orders",
				   (const char *)s->blob, s->blob_len, NULL, 0,
				   s->n, s->actor, step_signer(g, s),
				   game_prev(g, g->n_steps - 1), !fresh, NULL,
				   &ord, &v, err);
		orders_free(&ord);
		verified_free(&v);
	}
	if (rc == 0 && (g->n_stub || kept)) {
		size_t b = steps_begin(tree.buf, tree.len);
		if (!b) {
			rc = errorf(err, EXIT_USAGE, "%s: the text written has "
				    "no steps to put the verified ones before",
				    g->doc->name);
		} else {
			/* the vouched prefix, most of a long game's file,
			 * left where it is when the caller writes parts (a
			 * copy of 1.6 MB at step 1,024 of a long game, and
			 * the buffer grown to it, were 2.2M instructions) */
			strbuf_add(out, tree.buf, b);
			if (gap)
				*gap = out->len;
			else if (g->n_stub)
				strbuf_add(out, g->cp->prefix.text,
					   g->cp->prefix.len);
			strbuf_add(out, read.buf, read.len);
			strbuf_add(out, tree.buf + b, tree.len - b);
		}
	}
	strbuf_free(&tree);
	strbuf_free(&read);
	if (gap && (rc || *gap > out->len))
		*gap = out->len;
	if (rc)
		error_prefix(err, "nothing written: the game file would not "
			     "read back");
	return rc;
}

/* ---- checking ---- */

/* Every role that has joined: its chain starts at its anchor, and with
 * check its join signature is verified (without: the header was verified
 * on this machine before). */
static int verify_joins(struct game *g, int check, struct sigq *q,
			struct error *err)
{
	for (size_t i = 0; i < g->n_roles; i++) {
		struct role *r = &g->roles[i];
		if (!r->joined)
			continue;
		memcpy(r->last, r->anchor, 32);
		r->last_index = 0;
		if (!check)
			continue;
		struct strbuf m = STRBUF_INIT;
		join_message(g, r, &m);
		int bad = sigq_verify(q, r->sig, (unsigned char *)m.buf,
				      m.len, r->pk.pk);
		strbuf_free(&m);
		if (bad)
			return errorf(err, EXIT_REFUSED, "header: the "
				      "signature of role %s does not match the "
				      "header (edited header or wrong key)",
				      r->name);
	}
	return 0;
}

int game_verify_header(struct game *g, struct error *err)
{
	const char *who = game_unjoined(g);
	if (who)
		return errorf(err, EXIT_REFUSED, "%s: role %s has not joined "
			      "yet (umpire join)", g->doc->name, who);
	return verify_joins(g, 1, NULL, err);
}

/* Whether the base64 scalar v, which sodium_base642bin has read (with
 * " \r\n" ignored), is already written as doc_b64 writes it: lines of 64
 * characters joined by newlines, no other white space. libsodium takes
 * only the one encoding of given bytes (exact padding, zero spare bits),
 * so v is then, to the byte, doc_b64 of what it decodes to. */
static int b64_as_written(const struct doc_node *v)
{
	/* the white space it may hold (" \r\n") is all below '!',
	 * base64's characters all above: eight characters tested at once
	 * (a word has a byte below n <= 128 exactly when (w - n * ONES) &
	 * ~w & 0x80 * ONES is not 0) */
	const uint64_t ones = 0x0101010101010101u;
	const unsigned char *s = (const unsigned char *)v->str;
	for (size_t i = 0; i < v->len; i += 65) {
		size_t end = v->len - i > 64 ? i + 64 : v->len, j = i;
		uint64_t w, white = 0;
		for (; end - j >= sizeof w; j += sizeof w) {
			memcpy(&w, s + j, sizeof w);
			white |= (w - '!' * ones) & ~w & 0x80 * ones;
		}
		for (; j < end; j++)
			white |= s[j] <= ' ';
		if (white || (end < v->len && s[end] != '\n'))
			return 0;
	}
	return v->len % 65 != 0 || v->len == 0;
}

/* blob: the step's orders already decoded from this step's "orders"
 * (game_parse), else NULL */
static void step_hash(const struct doc_node *step, const unsigned char *blob,
		      size_t blob_len, unsigned char out[32])
{
	struct doc *d = doc_new("step");
	/* only the top level is changed: its children are not copied */
	struct doc_node *c = doc_copy_top(d, step);
	const struct doc_node *o = doc_get(c, "orders");
	doc_del(c, "signature");
	/* the order file's bytes, not how their base64 was wrapped (as
	 * written already, the usual case: nothing to encode again) */
	if (blob) {
		if (!(o && o->kind == DOC_SCALAR && b64_as_written(o)))
			doc_put(d, c, "orders", doc_b64(d, blob, blob_len));
	} else if (o) {
		doc_put(d, c, "orders", doc_b64_canon(d, o));
	}
	doc_hash(D_STEP, c, out);
	doc_free(d);
}

static void countersign_message(const struct game *g,
				const unsigned char hash[32],
				unsigned char msg[64 + 32])
{
	size_t l = strlen(D_COUNTERSIGN);
	memcpy(msg, D_COUNTERSIGN, l);
	memcpy(msg + l, g->genesis, 32);
	memcpy(msg + l + 32, hash, 32);
}

/* The index of the link r reveals at step n, r's latest verified link
 * being of its previous step: its own steps counted (GAME_FORMAT), or the
 * game's (game/2). */
static uint64_t link_index(const struct game *g, const struct role *r,
			   uint64_t n)
{
	return g->link_by_step ? n : r->last_index + 1;
}

static int check_reveal(const struct game *g, struct role *r, uint64_t n,
			const unsigned char reveal[32], struct error *err)
{
	uint64_t i = link_index(g, r, n);
	if (i > g->chain_length)
		return errorf(err, EXIT_REFUSED, "the reveal of %s at step "
			      "%llu is its link %llu, beyond the game's chain "
			      "length %u", r->name, (unsigned long long)n,
			      (unsigned long long)i, g->chain_length);
	if (chain_reaches(reveal, (uint32_t)(i - r->last_index), r->last))
		return errorf(err, EXIT_REFUSED, "the reveal of %s does not "
			      "hash to its previous link (link %llu): not "
			      "the committed chain", r->name,
			      (unsigned long long)r->last_index);
	memcpy(r->last, reveal, 32);
	r->last_index = i;
	return 0;
}

int game_orders_for(const struct game *g, const char *name,
		    const char *game_id, long long step, long long n,
		    struct error *err)
{
	if (strcmp(game_id, g->id) != 0)
		return errorf(err, EXIT_REFUSED, "%s: these orders are for "
			      "game %s, not for this game (%s)", name,
			      game_id, g->id);
	if (step >= 0 && step != n)
		return errorf(err, EXIT_REFUSED, "%s: these orders are for "
			      "step %lld, but the game is at step %lld (a "
			      "replayed or out-of-order file)", name, step,
			      n);
	return 0;
}

/* The order file's own fields against what the game expects of step n. */
static int orders_context(const struct game *g, const char *name,
			  const struct orders *ord, long long n,
			  const char *actor, const unsigned char prev[32],
			  struct error *err)
{
	char want[DOC_B64_32_LEN + 1], got[DOC_B64_32_LEN + 1], of[40];
	if (game_orders_for(g, name, ord->game, ord->step, n, err))
		return -1;
	if (strcmp(ord->side, actor) != 0)
		return errorf(err, EXIT_REFUSED, "%s: these orders are from "
			      "side %s, but step %lld is %s's decision", name,
			      ord->side, n, actor);
	if (sodium_memcmp(ord->prev, prev, 32) != 0) {
		doc_b64_32_str(want, prev);
		doc_b64_32_str(got, ord->prev);
		if (n > 1)
			snprintf(of, sizeof of, "step %lld", n - 1);
		else
			snprintf(of, sizeof of, "the genesis (header)");
		return errorf(err, EXIT_REFUSED, "%s: these orders were "
			      "written for another history of this game: "
			      "prev %s differs from %s, the hash of %s", name,
			      got, want, of);
	}
	return 0;
}

/* Verify the signature of an order blob and parse it against what the
 * game expects of step n. */
static int verify_orders(struct game *g, const char *name, const char *buf,
			 size_t len, const char *sigtext, size_t siglen,
			 long long n, const char *actor, const char *signer,
			 const unsigned char prev[32], int check_sig,
			 struct sigq *q, struct orders *ord,
			 struct verified *v, struct error *err)
{
	char want[200];
	struct role *r = game_role(g, signer);
	size_t body_len = len;
	struct strbuf sig = STRBUF_INIT;
	memset(v, 0, sizeof *v);
	if (!r)
		return errorf(err, EXIT_REFUSED, "%s: step %lld is a late "
			      "step (played by the judge for %s), in a game "
			      "with no referee to take it", name, n, actor);
	/* Orders with a good embedded signature, as a game file keeps
	 * them: signed_verify finds the block itself, and the text is
	 * split once, not twice (with q, its checks are queued: a bad one
	 * makes check_game run again without q, and come here). Any other
	 * case (no block, a bad one, a signature that does not match) is
	 * left to the checks below, in their order, which say precisely
	 * what is wrong. */
	if (!sigtext && check_sig &&
	    signed_verify_queued(name, buf, len, NULL, NULL, 0, &r->pk, q, v,
				 err) == 0)
		goto signed_ok;
	verified_free(v);
	/* Context first (game, step, side), so that a misdirected file gets
	 * the precise message; the bounded parser is safe on unsigned text. */
	int found = sigtext ? 1 : embed_split(name, buf, len, &body_len, &sig,
					      err);
	strbuf_free(&sig);
	if (found < 0)
		return -1;
	if (found == 0)
		return errorf(err, EXIT_REFUSED, "%s: no signature found (no "
			      "embedded signature block and no detached "
			      "signature)", name);
	/* the game file keeps detached-signed orders with their signature
	 * block after them (what umpire writes it reads back): a body
	 * without a final
	 * newline would glue the block to its last line and never read
	 * back */
	if (sigtext && (len == 0 || buf[len - 1] != '\n'))
		return errorf(err, EXIT_REFUSED, "%s: the signed text does "
			      "not end with a newline, so it cannot be kept "
			      "in the game file with its signature; save it "
			      "with a final newline and sign it again", name);
	/* nor one that holds a BEGIN line: read back, the block would
	 * start there */
	if (sigtext) {
		struct strbuf inner = STRBUF_INIT;
		struct error ignored;
		size_t at;
		int begin = embed_split(name, buf, len, &at, &inner,
					&ignored) != 0;
		strbuf_free(&inner);
		if (begin)
			return errorf(err, EXIT_REFUSED, "%s: the signed text "
				      "holds a signature BEGIN line (at byte "
				      "%zu), so it cannot be kept in the game "
				      "file with its signature after it; take "
				      "the line out and sign it again", name,
				      at);
	}
	/* the signature first, then the YAML (hostile input): text
	 * nobody signed is never parsed */
	if (check_sig) {
		if (signed_verify(name, buf, len, sigtext ? "signature" : NULL,
				  sigtext, siglen, &r->pk, v, err)) {
			/* refused already; the text is read (bounded, in
			 * linear time) only to say what it is, should it
			 * be a file sent to the wrong place */
			struct error why;
			if (orders_parse(name, buf, body_len, ord, &why) ||
			    orders_context(g, name, ord, n, actor, prev,
					   &why)) {
				orders_free(ord);
				*err = why;
				return -1;
			}
			orders_free(ord);
			return error_prefix(err, "orders for %s%s", actor,
					    strcmp(signer, actor) ? " (a late "
					    "step, the referee's)" : "");
		}
	} else {
		v->body = xmalloc(body_len + 1);
		memcpy(v->body, buf, body_len);
		v->body[body_len] = '\0';
		v->body_len = body_len;
	}
signed_ok:
	if (orders_parse(name, v->body, v->body_len, ord, err) ||
	    orders_context(g, name, ord, n, actor, prev, err))
		return -1;
	orders_comment(ord->game, ord->step, ord->side, want, sizeof want);
	/* The signed body names game, step and side already: a trusted
	 * comment need not repeat them (stock minisign -S writes its own),
	 * but one that speaks for umpire must say the same. */
	if (check_sig && strncmp(v->trusted_comment, "umpire", 6) == 0 &&
	    strcmp(v->trusted_comment, want) != 0)
		return errorf(err, EXIT_REFUSED, "%s: the signature's trusted "
			      "comment '%s' does not match the file ('%s')",
			      name, v->trusted_comment, want);
	/* the vouch is the side's signature of that same comment (queued
	 * with the others where there is a queue: a whole game's check
	 * has one a step; without, checked now) */
	if (check_sig && ord->has_vouch &&
	    sigq_verify(q, ord->vouch, (const unsigned char *)want,
			strlen(want), r->pk.pk))
		return errorf(err, EXIT_REFUSED, "%s: 'vouch' is not %s's "
			      "signature of '%s': altered, or made for "
			      "another step", name, signer, want);
	/* the marker of a late step is the referee's alone, and a late
	 * step's orders carry it (umpire-protocol(7), THE JUDGE'S CLOCK,
	 * Late steps) */
	if (ord->late && !strcmp(signer, actor))
		return errorf(err, EXIT_REFUSED, "%s: orders of %s with the "
			      "marker 'late: standing', signed by %s: only "
			      "the judge (the referee) takes a late step", name,
			      actor, actor);
	if (!ord->late && strcmp(signer, actor))
		return errorf(err, EXIT_REFUSED, "%s: the orders of step %lld "
			      "are signed by %s for %s, without the marker "
			      "'late: standing' of a late step", name, n,
			      signer, actor);
	return 0;
}

static struct doc_node *draws_node(struct doc *d, const struct run *run,
				   size_t step)
{
	struct doc_node *list = doc_seq(d);
	for (size_t i = 0; i < run->n_draws; i++) {
		const struct draw_rec *r = &run->draws[i];
		if (r->step != step)
			continue;
		struct doc_node *m = doc_map(d);
		m->style = DOC_STYLE_FLOW;
		doc_set_int(d, m, "i", (long long)r->index);
		doc_set_int(d, m, "n", r->n);
		doc_set_int(d, m, "pick", r->pick);
		doc_set_str(d, m, "got", r->result);
		doc_set_str(d, m, "for", r->purpose);
		doc_set_str(d, m, "pool", r->pool);
		doc_set_int(d, m, "turn", r->turn);
		doc_set_str(d, m, "phase", r->phase);
		doc_push(d, list, m);
	}
	return list;
}

static struct doc_node *next_node(struct doc *d, const struct step_end *e)
{
	if (strcmp(e->key, "over") == 0)
		return doc_str(d, "over");
	struct doc_node *m = doc_map(d);
	m->style = DOC_STYLE_FLOW;
	doc_set_str(d, m, "rule", e->rule);
	doc_set_str(d, m, "key", e->key);
	doc_set_str(d, m, "role", e->role);
	return m;
}

/* Compare the replay with what step i records (its draws only when the
 * run played the whole step: not the step it resumed in). */
static int compare_step(struct game *g, const struct run *run, size_t i,
			int whole, struct error *err)
{
	struct game_step *s = &g->steps[i];
	if (step_fields(g, i, err))
		return -1;
	struct doc *d = doc_new("replay");
	int rc = 0;
	if (whole && !doc_same(draws_node(d, run, i + 1), s->draws))
		rc = errorf(err, EXIT_REFUSED, "step %zu: the recorded draws "
			    "differ from the draws its seed gives", i + 1);
	else if (!doc_same(next_node(d, &run->ends[i]), s->next))
		rc = errorf(err, EXIT_REFUSED, "step %zu: the recorded next "
			    "decision differs from the replay (%s: %s)", i + 1,
			    run->ends[i].key, run->ends[i].rule);
	else if (run->ends[i].hashed &&
		 memcmp(run->ends[i].state_hash, s->state_hash, 32) != 0)
		rc = errorf(err, EXIT_REFUSED, "step %zu: the recorded state "
			    "hash differs from the replayed state", i + 1);
	doc_free(d);
	return rc;
}

struct hook_arg {
	struct game *g;
	size_t step;
};

static void step_end_hook(void *user, const void *state,
			  const struct question *next)
{
	struct hook_arg *h = user;
	h->g->at_step_end(h->g->hook_user, h->step, state, next);
}

/* Step n of g, ordered for actor, as a late step (umpire-protocol(7),
 * THE JUDGE'S CLOCK, Late steps): what the game and the judge's record
 * must say for it; its orders' signature, marker and reveal are
 * verify_orders' and the caller's. */
static int late_step_ok(const struct game *g, long long n, const char *actor,
			const char *counter, struct error *err)
{
	if (g->link_by_step)
		return errorf(err, EXIT_REFUSED, "step %lld is a late step "
			      "(played by the judge for %s), in a game/2 file, "
			      "whose chains are numbered by step", n, actor);
	if (strcmp(counter, "referee"))
		return errorf(err, EXIT_REFUSED, "step %lld is a late step "
			      "(played by the judge for %s), but its "
			      "counter-party is %s, not the referee", n, actor,
			      counter);
	return clock_late_ok(g, (size_t)n, actor, err);
}

/*
 * game_check, its signatures verified on a second thread (sigq.h) while
 * it goes on when queue is set. Every signature is then known good or
 * not before anything is kept (checkpoints) or returned; where one is
 * not, the whole check runs again with none queued, and that run alone
 * says what is wrong and where, as if nothing had been queued.
 */
static int check_game(struct game *g, enum check_level level,
		      const struct engine_step *extra, struct run *run,
		      int queue, struct error *err)
{
	struct engine_step *es;
	int rc = -1;
	memset(run, 0, sizeof *run);
	const char *who = game_unjoined(g);
	if (who)
		return game_verify_header(g, err);
	struct sigq *q = queue ? sigq_new() : NULL;
	int forged = 0;
	/* this machine's checkpoints: steps 1..vouched were verified here */
	struct checkpoints cp;
	struct resume_point from;
	size_t vouched = 0;
	int use_cp = g->checkpoints && level == CHECK_LIGHT &&
		!g->at_step_end;
	/* the vouched prefix serves a replay from its checkpoint only */
	if (g->n_stub && !(use_cp && g->checkpoints == CHECKPOINTS_USE)) {
		sigq_finish(&q);
		if (game_unstub(g, err))
			return -1;
		return check_game(g, level, extra, run, queue, err);
	}
	free(g->chain_log);
	g->chain_log = xcalloc((g->n_steps ? g->n_steps : 1) * g->n_roles,
			       sizeof *g->chain_log);
	memset(&cp, 0, sizeof cp);
	memset(&from, 0, sizeof from);
	int borrowed = use_cp && g->cp;
	if (borrowed)
		cp = *g->cp;          /* read by game_parse: g's */
	else if (use_cp)
		checkpoints_open(&cp, g);
	/* the join signatures, unless this header (its genesis, which
	 * covers them) was verified here; queued, they fail only in
	 * sigq_finish below */
	if (verify_joins(g, !cp.doc, q, err)) {
		if (!borrowed)
			checkpoints_close(&cp);
		sigq_finish(&q);
		return -1;
	}
	while (use_cp && vouched < g->n_steps &&
	       (g->steps[vouched].verified_here ||
		checkpoints_vouch(&cp, g, vouched)))
		vouched++;
	/* resumed: the orders of the steps before the checkpoint are not
	 * played; each role's standing orders in its latest step before it
	 * (they may persist, ruleset.standing_persist) come with the
	 * checkpoint */
	size_t before = g->events_from && g->events_from - 1 < vouched ?
		g->events_from - 1 : vouched;
	int found = g->checkpoints == CHECKPOINTS_USE && use_cp ?
		checkpoints_point(&cp, g, before, &from) : -1;
	int resume = found == 0;
	/* the stubs: each role's chain after them, and a replay that
	 * resumes where they were cut for; else the game read whole */
	/* (at the prefix's own checkpoint, or at a later one: the steps
	 * between are read, and vouched for as any step before a resume
	 * point is) */
	int stubs_ok = resume && from.at.cur + 1 >= cp.prefix.point;
	for (size_t r = 0; g->n_stub && stubs_ok && r < g->n_roles; r++) {
		struct role *ro = &g->roles[r];
		stubs_ok = 0;
		for (size_t k = 0; k < cp.prefix.n_roles; k++)
			if (!strcmp(cp.prefix.roles[k].name, ro->name)) {
				memcpy(ro->last, cp.prefix.roles[k].last, 32);
				ro->last_index = cp.prefix.roles[k].index;
				g->chain_log[(g->n_stub - 1) * g->n_roles + r] =
					(struct chain_at){ .index =
							   ro->last_index };
				memcpy(g->chain_log[(g->n_stub - 1) *
						    g->n_roles + r].last,
				       ro->last, 32);
				stubs_ok = 1;
			}
	}
	if (g->n_stub && !stubs_ok) {
		resume_point_free(&from);
		sigq_finish(&q);
		if (game_unstub(g, err))
			return -1;
		return check_game(g, level, extra, run, queue, err);
	}
	unsigned char *unread = xcalloc(g->n_steps + 1, 1);
	if (resume)
		memset(unread, 1, from.at.cur);
	/* each step's engine_step and hook are set in the loop below
	 * (a stub's too): not zeroed first */
	es = xmalloc((g->n_steps + 1) * sizeof *es);
	struct hook_arg *hooks = xmalloc((g->n_steps + 1) * sizeof *hooks);
	const unsigned char *prev = g->genesis;
	for (size_t i = 0; i < g->n_steps; i++) {
		struct game_step *s = &g->steps[i];
		struct verified v;
		char name[64];
		unsigned char seed[32];
		if (s->stub) {
			/* the vouched prefix: verified here, never read */
			es[i] = (struct engine_step){ .mode = STEP_PLAY,
				.src = "(a step before the checkpoint)" };
			prev = s->hash;
			continue;
		}
		/* named only past the prefix: a name a step of a long
		 * game's prefix would cost every command */
		snprintf(name, sizeof name, "step %zu orders", i + 1);
		if (s->n != (long long)i + 1) {
			errorf(err, EXIT_REFUSED, "step %zu: numbered %lld "
			       "(steps removed or reordered)", i + 1, s->n);
			goto out;
		}
		if (!game_role(g, s->actor) || !game_role(g, s->counter) ||
		    strcmp(game_counter(g, s->actor), s->counter) != 0) {
			errorf(err, EXIT_REFUSED, "step %zu: actor %s and "
			       "counter-party %s are not this game's", i + 1,
			       s->actor, s->counter);
			goto out;
		}
		if (s->has_salt != (g->scn.rs->view != NULL)) {
			errorf(err, EXIT_REFUSED, "step %zu: %s", i + 1,
			       s->has_salt ? "a view salt in a game without "
			       "hidden information" : "the view salt is "
			       "missing");
			goto out;
		}
		/* a step before the checkpoint, verified here and not
		 * read again: its hash links the chain (the index vouches
		 * for its node), its seed is not used */
		int full = level == CHECK_FULL ||
			(i >= g->trusted && i >= vouched);
		int skip = unread[i] && s->fields_lazy && !full;
		if (!skip && step_fields(g, i, err))
			goto out;
		if (!skip && memcmp(s->prev, prev, 32) != 0) {
			errorf(err, EXIT_REFUSED, "step %zu: 'prev' is not the "
			       "hash of step %zu (a step was edited, removed "
			       "or reordered)", i + 1, i);
			goto out;
		}
		/* (s->hash: game_parse) */
		if (s->ord)
			orders_free(s->ord);    /* (which empties it) */
		else if (!unread[i])
			s->ord = xcalloc(1, sizeof *s->ord);
		/* a late step: the judge's, for a late side (its reveal
		 * is late[n]), where the clock and its record allow one */
		int late = step_late(g, s);
		if (late && late_step_ok(g, s->n, s->actor, s->counter,
					 err))
			goto out;
		/* every signature of the steps not yet verified (a signing
		 * command commits to the whole history) */
		int vr = unread[i] ? 0 : game_step_blob(g, i, err) ? -1 :
			verify_orders(g, name, (const char *)s->blob,
				      s->blob_len, NULL, 0, s->n, s->actor,
				      step_signer(g, s), prev, full, q, s->ord,
				      &v, err);
		prev = s->hash;
		if (!unread[i])
			verified_free(&v);
		if (vr) {
			error_prefix(err, "step %zu", i + 1);
			goto out;
		}
		const struct orders *o = game_step_orders(s);
		if (!unread[i] &&
		    sodium_memcmp(o->reveal, s->reveal_actor, 32) != 0) {
			errorf(err, EXIT_REFUSED, "step %zu: the actor's "
			       "reveal differs from the one in its orders",
			       i + 1);
			goto out;
		}
		/* (a late step reveals no link of its actor) */
		if ((!late && check_reveal(g, game_role(g, s->actor),
					   (uint64_t)s->n, s->reveal_actor,
					   err)) ||
		    check_reveal(g, game_role(g, s->counter), (uint64_t)s->n,
				 s->reveal_counter, err)) {
			error_prefix(err, "step %zu", i + 1);
			goto out;
		}
		for (size_t r = 0; r < g->n_roles; r++) {
			struct chain_at *c = &g->chain_log[i * g->n_roles + r];
			memcpy(c->last, g->roles[r].last, 32);
			c->index = g->roles[r].last_index;
		}
		if (!skip)
			chain_seed(g->genesis, (uint64_t)s->n, s->reveal_actor,
				   s->reveal_counter, seed);
		if (!skip && sodium_memcmp(seed, s->seed, 32) != 0) {
			errorf(err, EXIT_REFUSED, "step %zu: the seed is not "
			       "the one the reveals give", i + 1);
			goto out;
		}
		if (full) {
			unsigned char msg[64 + 32];
			countersign_message(g, s->hash, msg);
			size_t ml = strlen(D_COUNTERSIGN) + 64;
			if (sigq_verify(q, s->sig, msg, ml,
					game_role(g, s->counter)->pk.pk)) {
				errorf(err, EXIT_REFUSED, "step %zu: the "
				       "countersignature of %s does not match "
				       "(the step was edited)", i + 1,
				       s->counter);
				goto out;
			}
		}
		es[i] = (struct engine_step){
			.mode = STEP_PLAY, .actor = s->actor, .src = name,
			.answers = o->answers,
			.n_answers = o->n_answers,
			.standing = o->standing,
			.n_standing = o->n_standing,
			.late = late,
		};
		es[i].src = unread[i] ? "(a step before the checkpoint)" :
			o->doc->name;
		/* its state hash verified here before: not made again,
		 * but for the last step's (the state the file stores,
		 * and where the replay must have come to); every step's
		 * when a replay from a checkpoint disagreed and the game
		 * is played from the start, so that the first step that
		 * differs is the one named */
		es[i].state_vouched = !full && i + 1 < g->n_steps &&
			g->checkpoints != CHECKPOINTS_REDO;
		if (!skip)
			memcpy(es[i].seed, s->seed, 32);
		if (g->at_step_end) {
			hooks[i] = (struct hook_arg){ g, i + 1 };
			es[i].at_end = step_end_hook;
			es[i].user = &hooks[i];
		}
	}
	for (size_t k = 0; resume && k < from.n_persist; k++) {
		const struct persisted *p = &from.persist[k];
		es[p->step].actor = game_role(g, p->role)->name;
		es[p->step].standing = p->standing;
		es[p->step].n_standing = p->n_standing;
	}
	size_t n = g->n_steps;
	if (extra)
		es[n++] = *extra;
	/* from the latest checkpoint in the steps vouched for, else from the
	 * start; a resumed run that fails, or disagrees with a step it
	 * replayed, is played again from the start, which alone decides (a
	 * checkpoint never changes an outcome). Checkpoints are kept only
	 * for a file that will be written. */
	int save_cp = use_cp && (g->checkpoints == CHECKPOINTS_REDO ||
				 found == -2 || !checkpoints_current(&cp, g));
	struct run_opts opts = { .from = resume ? &from : NULL,
				 .keep_points = save_cp,
				 .examples = g->examples };
	int ran = engine_run_opts(g->scn.rs, g->start_state, &opts, es, n, run);
	if (sigq_finish(&q)) {
		forged = 1;
		goto out;
	}
	int bad = ran;
	for (size_t i = run->resumed; !bad && i < g->n_steps; i++)
		bad = compare_step(g, run, i, !opts.from || i > run->resumed,
				   err);
	if (opts.from && bad) {
		/* from the start, with every step's orders */
		engine_free(run);
		free(es);
		free(hooks);
		free(unread);
		resume_point_free(&from);
		if (!borrowed)
			checkpoints_close(&cp);
		g->checkpoints = CHECKPOINTS_REDO;
		rc = game_unstub(g, err) ? -1 :
			check_game(g, level, extra, run, queue, err);
		g->checkpoints = CHECKPOINTS_USE;
		return rc;
	}
	if (ran) {
		*err = run->err;
		if (extra && strstr(err->msg, "step ") == NULL)
			error_prefix(err, "step %zu", n);
		goto out;
	}
	if (bad)
		goto out;
	/* The stored state is a copy for readers: it must be the state
	 * after the last step (hashed in it), or the start. With an extra
	 * step the replay has gone past it; compare the hashes. */
	if (!g->state_stale) {
		struct doc *d = doc_new("state");
		int eq;
		if (!extra || g->n_steps == 0) {
			eq = doc_same(g->scn.rs->save(extra ? g->start_state :
						  run->state, d),
				  top(g, "state"));
		} else {
			unsigned char h[32];
			if (step_fields(g, g->n_steps - 1, err)) {
				doc_free(d);
				goto out;
			}
			doc_hash("umpire/1 state", top(g, "state"), h);
			eq = sodium_memcmp(h, g->steps[g->n_steps - 1]
					   .state_hash, 32) == 0;
		}
		doc_free(d);
		if (!eq) {
			errorf(err, EXIT_REFUSED, "the stored state differs "
			       "from the state after step %zu", g->n_steps);
			goto out;
		}
	}
	rc = 0;
	if (save_cp)
		checkpoints_save(g, run, es);
out:
	forged |= sigq_finish(&q);
	free(es);
	free(hooks);
	free(unread);
	if (!borrowed)
		checkpoints_close(&cp);
	resume_point_free(&from);
	if (forged) {
		engine_free(run);
		return check_game(g, level, extra, run, 0, err);
	}
	if (rc && run->state)
		engine_free(run);
	/* refused with the vouched prefix unread: the game read whole
	 * decides, and says why */
	if (rc && g->n_stub) {
		if (game_unstub(g, err))
			return -1;
		return check_game(g, level, extra, run, queue, err);
	}
	return rc;
}

int game_check(struct game *g, enum check_level level,
	       const struct engine_step *extra, struct run *run,
	       struct error *err)
{
	/* the judge's record (clock.c): a forfeit ends the game */
	const char *f = clock_forfeit(g);
	int over;
	if (f && extra) {
		memset(run, 0, sizeof *run);
		return errorf(err, EXIT_REFUSED, "the game is over: %s "
			      "forfeited (the judge's record)", f);
	}
	if (check_game(g, level, extra, run, 1, err))
		return -1;
	if (!game_unjoined(g) &&
	    clock_verify(g, run->outcome == RUN_PENDING ? run->pending.role :
			 NULL, level == CHECK_FULL, &over, err)) {
		engine_free(run);
		return -1;
	}
	if (!extra && !game_unjoined(g) && over)
		run->outcome = RUN_OVER;
	return 0;
}

struct snap_arg {
	const struct ruleset *rs;
	struct snapshot *out;
};

static void keep_snapshot(void *user, size_t step, const void *state,
			  const struct question *next)
{
	struct snap_arg *a = user;
	if (step != a->out->step)
		return;
	/* a check run again (check_game) replays the step again */
	free(a->out->state);
	a->out->state = xmalloc(a->rs->state_size);
	memcpy(a->out->state, state, a->rs->state_size);
	a->out->over = next == NULL;
	if (next)
		a->out->next = *next;
}

int game_snapshot(struct game *g, size_t n, struct snapshot *out,
		  struct error *err)
{
	struct snap_arg a = { g->scn.rs, out };
	struct run run;
	memset(out, 0, sizeof *out);
	out->step = n;
	if (n > g->n_steps)
		return errorf(err, EXIT_USAGE, "the game has %zu steps, not "
			      "%zu", g->n_steps, n);
	if (n == 0) {
		/* the start: the rules run up to their first question */
		engine_run(g->scn.rs, g->start_state, NULL, 0, &run);
		out->state = xmalloc(g->scn.rs->state_size);
		memcpy(out->state, g->start_state, g->scn.rs->state_size);
		out->over = run.outcome == RUN_OVER;
		out->next = run.pending;
		engine_free(&run);
		return 0;
	}
	g->at_step_end = keep_snapshot;
	g->hook_user = &a;
	int rc = game_check(g, CHECK_LIGHT, NULL, &run, err);
	g->at_step_end = NULL;
	g->hook_user = NULL;
	if (rc) {
		snapshot_free(out);
		return -1;
	}
	if (!out->state) {
		/* the latest step ended with the game */
		out->state = xmalloc(g->scn.rs->state_size);
		memcpy(out->state, run.state, g->scn.rs->state_size);
		out->over = run.outcome == RUN_OVER;
		if (!out->over)
			out->next = run.pending;
	}
	engine_free(&run);
	return 0;
}

void snapshot_free(struct snapshot *s)
{
	free(s->state);
	memset(s, 0, sizeof *s);
}

const unsigned char *game_prev(const struct game *g, size_t n)
{
	return n > 0 && n <= g->n_steps ? g->steps[n - 1].hash : g->genesis;
}

int game_delta(const struct game *g, size_t since, struct strbuf *out,
	       struct error *err)
{
	if (since > g->n_steps)
		return errorf(err, EXIT_USAGE, "--since %zu: the game has only "
			      "%zu steps", since, g->n_steps);
	struct doc *d = doc_new("delta");
	struct doc_node *root = doc_map(d), *steps = doc_seq(d);
	d->root = root;
	doc_set_str(d, root, "umpire", "delta/1");
	doc_set_str(d, root, "game", g->id);
	doc_set_int(d, root, "since", (long long)since);
	doc_set(d, root, "prev", doc_b64_32(d, game_prev(g, since)));
	for (size_t i = since; i < g->n_steps; i++)
		doc_push(d, steps, doc_copy(d, g->steps[i].node));
	doc_set(d, root, "steps", steps);
	int rc = doc_emit(root, out, err);
	doc_free(d);
	return rc;
}

int is_delta_text(const char *buf, size_t len)
{
	static const char head[] = "umpire: delta/";
	return len >= sizeof head - 1 && memcmp(buf, head, sizeof head - 1) == 0;
}

int game_append(struct game *g, const char *name, const char *buf,
		size_t len, struct run *run, struct error *err)
{
	static const char *const keys[] = { "umpire", "game", "since", "prev",
		"steps", NULL };
	struct doc *d = doc_new(name);
	const struct doc_node *steps;
	const char *kind, *id;
	long long since;
	unsigned char prev[32];
	int rc = -1;
	memset(run, 0, sizeof *run);
	if (doc_parse(d, buf, len, &DOC_LIMITS_GAME, err))
		goto out;
	if (d->root->kind != DOC_MAP) {
		errorf(err, EXIT_REFUSED, "%s: not a YAML mapping", name);
		goto out;
	}
	if (doc_only_keys(d, d->root, keys, err) ||
	    doc_need_str(d, d->root, "umpire", &kind, err) ||
	    doc_need_str(d, d->root, "game", &id, err) ||
	    doc_need_int(d, d->root, "since", 0, 1000000000, &since, err) ||
	    doc_need_b64_32(d, d->root, "prev", prev, err) ||
	    doc_need(d, d->root, "steps", DOC_SEQ, &steps, err))
		goto out;
	if (strcmp(kind, "delta/1") != 0) {
		errorf(err, EXIT_REFUSED, "%s: umpire: %s is not a file of new "
		       "steps (delta/1)", name, kind);
		goto out;
	}
	if (strcmp(id, g->id) != 0) {
		errorf(err, EXIT_REFUSED, "%s: these steps are of game %s, not "
		       "of this game (%s)", name, id, g->id);
		goto out;
	}
	if ((size_t)since > g->n_steps) {
		errorf(err, EXIT_REFUSED, "%s: these steps follow step %lld, "
		       "but this game file has %zu steps: ask for the steps "
		       "after %zu (umpire delta GAME --since %zu)", name, since,
		       g->n_steps, g->n_steps, g->n_steps);
		goto out;
	}
	if (sodium_memcmp(prev, game_prev(g, (size_t)since), 32) != 0) {
		errorf(err, EXIT_REFUSED, "%s: these steps follow another "
		       "history than this game file's step %lld (compare the "
		       "two whole files with umpire audit A --against B)",
		       name, since);
		goto out;
	}
	size_t have = g->n_steps;
	g->state_stale = 1;
	for (size_t i = 0; i < steps->n; i++) {
		size_t at = (size_t)since + i;
		unsigned char h[32];
		if (at < have) {
			/* a step this file holds already: the same, or a fork;
			 * the same step hash with another countersignature is
			 * another step too (umpire-game(5): Ed25519 is
			 * deterministic, so an honest copy has the same bytes,
			 * and one altered or unreadable is no copy) */
			unsigned char *sig = NULL;
			size_t sl = 0;
			struct error why;
			step_hash(steps->items[i], NULL, 0, h);
			if (sodium_memcmp(h, g->steps[at].hash, 32) != 0) {
				errorf(err, EXIT_REFUSED, "%s: step %zu differs "
				       "from this game file's step %zu: two "
				       "histories (umpire audit A --against B "
				       "names who equivocated)", name, at + 1,
				       at + 1);
				goto out;
			}
			if (steps->items[i]->kind != DOC_MAP ||
			    doc_need_b64(d, steps->items[i], "signature", &sig,
					 &sl, &why) || sl != 64 ||
			    sodium_memcmp(sig, g->steps[at].sig, 64) != 0) {
				errorf(err, EXIT_REFUSED, "%s: step %zu differs "
				       "from this game file's step %zu in its "
				       "countersignature (altered, or another "
				       "signature of it): not a copy of this "
				       "history", name, at + 1, at + 1);
				goto out;
			}
			continue;
		}
		struct doc_node *copy = doc_copy(g->doc, steps->items[i]);
		doc_push(g->doc, top(g, "steps"), copy);
		g->steps = xrealloc(g->steps,
				    (g->n_steps + 1) * sizeof *g->steps);
		memset(&g->steps[g->n_steps], 0, sizeof *g->steps);
		size_t none = 0;
		if (load_step(g, g->n_steps, copy, NULL, &none, err)) {
			error_prefix(err, "%s", name);
			goto out;
		}
		g->n_steps++;
	}
	if (g->n_steps == have) {
		errorf(err, EXIT_REFUSED, "%s: no step after this game file's "
		       "step %zu", name, have);
		goto out;
	}
	/* every new step checked as audit does, and the stored state */
	if (game_check(g, CHECK_FULL, NULL, run, err))
		goto out;
	doc_put(g->doc, g->doc->root, "state",
		g->scn.rs->save(run->state, g->doc));
	g->state_stale = 0;
	rc = 0;
out:
	doc_free(d);
	return rc;
}

void game_view_salt(const struct game *g, size_t n, unsigned char out[32])
{
	if (n > 0 && n <= g->n_steps && g->steps[n - 1].has_salt) {
		memcpy(out, g->steps[n - 1].salt, 32);
		return;
	}
	/* before any step nothing is hidden yet: a public salt */
	crypto_generichash(out, 32, g->genesis, 32,
			   (const unsigned char *)"umpire/1 view salt 0", 20);
}

int game_honour(const struct game *g)
{
	const char *mode = game_hidden_mode(g);
	return mode && strcmp(mode, "honour") == 0;
}

int game_has_views(const struct game *g)
{
	return g->scn.rs->view && game_role((struct game *)g, "referee");
}

const char *game_hidden_mode(const struct game *g)
{
	const struct doc_node *v = doc_get(g->options, "hidden");
	return v && v->kind == DOC_SCALAR ? v->str : NULL;
}

static struct doc_node *reveals_node(struct doc *d, const char *actor,
				     const unsigned char *ra,
				     const char *counter,
				     const unsigned char *rc)
{
	struct doc_node *m = doc_map(d);
	doc_set(d, m, actor, doc_b64_32(d, ra));
	doc_set(d, m, counter, doc_b64_32(d, rc));
	return m;
}

/* The pending side, from the ledger: the role of the question that
 * ended the last step (verified by the replay that follows), or the first
 * question of the rules. NULL when the game is over. */
static const char *pending_role(const struct game *g)
{
	if (g->n_steps == 0) {
		struct run first;
		engine_run(g->scn.rs, g->start_state, NULL, 0, &first);
		const char *role = first.outcome == RUN_PENDING ?
			first.pending.role : NULL;
		engine_free(&first);
		return role;
	}
	const struct doc_node *next = g->steps[g->n_steps - 1].next;
	const struct doc_node *role = doc_get(next, "role");
	return role && role->kind == DOC_SCALAR &&
		game_role((struct game *)g, role->str) ? role->str : NULL;
}

/* A role's latest link in the ledger: its reveal in the last step that
 * holds one, else its anchor; and that link's index (link_index). The
 * vouched prefix (stubs) gives where the chain stood after it. */
static void latest_link(struct game *g, struct role *r)
{
	memcpy(r->last, r->anchor, 32);
	r->last_index = 0;
	const struct checkpoint_prefix *p = g->n_stub ? &g->cp->prefix : NULL;
	for (size_t k = 0; p && k < p->n_roles; k++)
		if (!strcmp(p->roles[k].name, r->name)) {
			memcpy(r->last, p->roles[k].last, 32);
			r->last_index = p->roles[k].index;
		}
	for (size_t i = g->n_stub; i < g->n_steps; i++) {
		const struct game_step *s = &g->steps[i];
		int actor = !strcmp(s->actor, r->name);
		if (!actor && strcmp(s->counter, r->name))
			continue;
		if (actor && step_late(g, s))
			continue;       /* it revealed no link of r */
		memcpy(r->last, actor ? s->reveal_actor : s->reveal_counter,
		       32);
		r->last_index = g->link_by_step ? (uint64_t)s->n :
			r->last_index + 1;
	}
}

uint64_t game_next_link(struct game *g, const char *role)
{
	struct role *r = game_role(g, role);
	if (!r)
		return 0;
	latest_link(g, r);
	return link_index(g, r, (uint64_t)g->n_steps + 1);
}

/* Whether buf (its signature sigtext, else embedded) is signed with
 * role's key; nothing said. */
static int signed_by(struct game *g, const char *role, const char *name,
		     const char *buf, size_t len, const char *sigtext,
		     size_t siglen)
{
	struct verified v;
	struct error ignored;
	struct role *r = game_role(g, role);
	memset(&v, 0, sizeof v);
	int ok = r && signed_verify(name, buf, len, sigtext ? "signature" :
				    NULL, sigtext, siglen, &r->pk, &v,
				    &ignored) == 0;
	verified_free(&v);
	return ok;
}

int game_adjudicate(struct game *g, const char *orders_name,
		    const char *buf, size_t len, const char *sigtext,
		    size_t siglen, const struct seckey *sk, struct run *run,
		    struct error *err)
{
	struct orders ord;
	struct verified v;
	struct pubkey pk;
	unsigned char reveal[32], seed[32];
	int rc = -1;
	memset(&ord, 0, sizeof ord);
	memset(&v, 0, sizeof v);
	memset(run, 0, sizeof *run);
	const char *who = game_unjoined(g);
	if (who)
		return errorf(err, EXIT_REFUSED, "%s: role %s has not joined "
			      "yet (umpire join)", g->doc->name, who);
	const char *actor = pending_role(g);
	if (!actor)
		return errorf(err, EXIT_REFUSED, "the game is over; there is "
			      "nothing to adjudicate");
	const char *counter = game_counter(g, actor);
	struct role *ar = game_role(g, actor);
	long long n = (long long)g->n_steps + 1;
	if (!ar || !counter)
		return errorf(err, EXIT_REFUSED, "step %lld: no role %s in "
			      "this game", n, actor);
	seckey_pubkey(sk, &pk);
	if (sodium_memcmp(&pk, &game_role(g, counter)->pk, sizeof pk) != 0) {
		errorf(err, EXIT_REFUSED, "step %lld is %s's decision and is "
		       "adjudicated by %s; this secret key is not %s's", n,
		       actor, counter, counter);
		goto out;
	}
	/* the actor's orders, or, signed by the referee, a late step
	 * (umpire-protocol(7), THE JUDGE'S CLOCK, Late steps), which the
	 * clock and the judge's record must allow */
	int late = !strcmp(counter, "referee") &&
		signed_by(g, counter, orders_name, buf, len, sigtext, siglen);
	if (verify_orders(g, orders_name, buf, len, sigtext, siglen, n, actor,
			  late ? counter : actor, game_prev(g, g->n_steps), 1,
			  NULL, &ord, &v, err))
		goto out;
	unsigned char lv[32];
	chain_late(g->genesis, (uint64_t)n, lv);
	if (late && (late_step_ok(g, n, actor, counter, err) ||
		     (sodium_memcmp(ord.reveal, lv, 32) != 0 &&
		      errorf(err, EXIT_REFUSED, "%s: a late step's reveal is "
			     "the public value late[%lld], not a chain link",
			     orders_name, n))))
		goto out;
	if (!late && sodium_memcmp(ord.reveal, lv, 32) == 0) {
		errorf(err, EXIT_REFUSED, "%s: the reveal of %s is late[%lld], "
		       "the value of a late step, which only the judge takes",
		       orders_name, actor, n);
		goto out;
	}
	/* a view lists the step with this vouch (umpire-protocol(7),
	 * VIEWS): orders without one could never be shown to the sides */
	if (game_has_views(g) && !ord.has_vouch) {
		errorf(err, EXIT_REFUSED, "%s: no 'vouch' (this game has views, "
		       "which show each step with its actor's vouch): make the "
		       "orders again with umpire orders", orders_name);
		goto out;
	}
	latest_link(g, ar);
	if (!late && check_reveal(g, ar, (uint64_t)n, ord.reveal, err)) {
		error_prefix(err, "%s", orders_name);
		goto out;
	}
	if (game_link(g, counter, sk, game_next_link(g, counter), reveal,
		      err))
		goto out;
	chain_seed(g->genesis, (uint64_t)n, ord.reveal, reveal, seed);
	struct engine_step extra = {
		.mode = STEP_PLAY, .actor = actor, .src = orders_name,
		.answers = ord.answers, .n_answers = ord.n_answers,
		.standing = ord.standing, .n_standing = ord.n_standing,
		.late = late,
	};
	memcpy(extra.seed, seed, 32);
	if (game_check(g, CHECK_LIGHT, &extra, run, err))
		goto out;
	/* The new step. */
	struct doc *d = g->doc;
	/* Stored as what verified: the body and its signature, armored,
	 * the signature normalised (its untrusted comment umpire's), so
	 * that the step, its hash and its view salt depend on signed
	 * bytes only, not on what a relay did to the comment. */
	struct strbuf blob = STRBUF_INIT, sigt = STRBUF_INIT,
		      norm = STRBUF_INIT;
	size_t bl;
	if (sigtext)
		strbuf_add(&sigt, sigtext, siglen);
	else if (embed_split(orders_name, buf, len, &bl, &sigt, err) != 1)
		goto out;
	int bad = minisig_normalise(orders_name, sigt.buf, sigt.len, &norm,
				    err);
	strbuf_free(&sigt);
	if (bad) {
		strbuf_free(&norm);
		goto out;
	}
	strbuf_add(&blob, v.body, v.body_len);
	embed_armor(norm.buf, norm.len, &blob);
	strbuf_free(&norm);
	struct doc_node *s = doc_map(d);
	doc_set_int(d, s, "step", n);
	doc_set_str(d, s, "actor", actor);
	doc_set_str(d, s, "counter", counter);
	doc_set(d, s, "orders", doc_b64(d, (unsigned char *)blob.buf,
					blob.len));
	unsigned char blob_hash[32];
	crypto_generichash(blob_hash, 32, (unsigned char *)blob.buf, blob.len,
			   NULL, 0);
	strbuf_free(&blob);
	/* its body verified above with this signature, which
	 * minisig_normalise kept as signed */
	memcpy(g->fresh_blob, blob_hash, 32);
	g->has_fresh_blob = 1;
	doc_set(d, s, "reveals", reveals_node(d, actor, ord.reveal, counter,
					      reveal));
	doc_set(d, s, "seed", doc_b64_32(d, seed));
	doc_set(d, s, "draws", draws_node(d, run, (size_t)n));
	doc_set(d, s, "next", next_node(d, &run->ends[n - 1]));
	if (g->scn.rs->view) {
		/* the secret that the views of this step are committed with:
		 * derived from the counter-party's key, so that the same
		 * orders adjudicated again give the same step, not a second
		 * version of it (umpire-protocol(7), ONE HISTORY PER PARTY) */
		unsigned char salt[32], be[8];
		crypto_generichash_state st;
		for (int k = 0; k < 8; k++)
			be[k] = (unsigned char)((unsigned long long)n >>
						(56 - 8 * k));
		crypto_generichash_init(&st, sk->sk, 32, sizeof salt);
		crypto_generichash_update(&st, (const unsigned char *)
					  D_SALT, strlen(D_SALT));
		crypto_generichash_update(&st, g->genesis, 32);
		crypto_generichash_update(&st, be, sizeof be);
		crypto_generichash_update(&st, blob_hash, 32);
		crypto_generichash_final(&st, salt, sizeof salt);
		sodium_memzero(&st, sizeof st);
		doc_set(d, s, "salt", doc_b64_32(d, salt));
	}
	doc_set(d, s, "state", doc_b64_32(d, run->ends[n - 1].state_hash));
	doc_set(d, s, "prev", doc_b64_32(d, game_prev(g, g->n_steps)));
	unsigned char hash[32], sig[64], msg[64 + 32];
	step_hash(s, NULL, 0, hash);
	countersign_message(g, hash, msg);
	crypto_sign_detached(sig, NULL, msg, strlen(D_COUNTERSIGN) + 64,
			     sk->sk);
	doc_set(d, s, "signature", doc_b64(d, sig, 64));
	doc_push(d, top(g, "steps"), s);
	doc_put(d, d->root, "state", g->scn.rs->save(run->state, d));
	g->steps = xrealloc(g->steps, (g->n_steps + 1) * sizeof *g->steps);
	memset(&g->steps[g->n_steps], 0, sizeof *g->steps);
	size_t none = 0;
	if (load_step(g, g->n_steps, s, NULL, &none, err))
		goto out;
	memcpy(g->steps[g->n_steps].hash, hash, 32);
	/* the new step's orders as verified, kept with it as check_game
	 * keeps a step's it read: what is made of the run without a
	 * replay (the judge's views: their vouch, the side's standing
	 * orders) reads them there */
	g->steps[g->n_steps].ord = xmalloc(sizeof ord);
	*g->steps[g->n_steps].ord = ord;
	memset(&ord, 0, sizeof ord);
	g->n_steps++;
	rc = 0;
out:
	if (rc && run->state)
		engine_free(run);
	verified_free(&v);
	orders_free(&ord);
	return rc;
}

int game_check_answers(struct game *g, const char *orders_name,
		       const struct orders *ord, const char *actor,
		       struct strbuf *out, struct error *err)
{
	struct run run;
	if (check_standing(&g->scn, orders_name, ord, err))
		return -1;
	struct engine_step extra = {
		.mode = STEP_CHECK, .actor = actor, .src = orders_name,
		.answers = ord->answers, .n_answers = ord->n_answers,
		.standing = ord->standing, .n_standing = ord->n_standing,
	};
	if (game_check(g, CHECK_LIGHT, &extra, &run, err))
		return -1;
	if (run.outcome == RUN_OVER) {
		/* sign -g on orders that end the game says so, and what is
		 * left after the end is carried and never used */
		struct strbuf res = STRBUF_INIT;
		g->scn.rs->result(run.state, &res);
		while (res.len && res.buf[res.len - 1] == '\n')
			res.buf[--res.len] = '\0';
		if (run.checked < ord->n_answers)
			strbuf_addf(out, "answers ok: %zu of %zu are legal, and "
				    "the game ends in this step: %s Not used: "
				    "the %zu answer%s after that.\n",
				    run.checked, ord->n_answers,
				    res.len ? res.buf : "over.",
				    ord->n_answers - run.checked,
				    ord->n_answers - run.checked == 1 ? "" :
				    "s");
		else
			strbuf_addf(out, "answers ok: all %zu are legal, and "
				    "the game ends in this step: %s\n",
				    ord->n_answers, res.len ? res.buf : "over");
		strbuf_free(&res);
	} else
		check_said(&run, ord->n_answers, out);
	engine_free(&run);
	return 0;
}

int game_check_unsigned(struct game *g, const char *name, const char *buf,
			size_t len, struct strbuf *out, struct error *err)
{
	struct run run;
	struct orders ord;
	int rc = -1;
	memset(&ord, 0, sizeof ord);
	if (game_check(g, CHECK_LIGHT, NULL, &run, err))
		return -1;
	if (run.outcome == RUN_OVER) {
		errorf(err, EXIT_REFUSED, "the game is over");
	} else if (orders_parse(name, buf, len, &ord, err) == 0 &&
		   orders_context(g, name, &ord, (long long)g->n_steps + 1,
				  run.pending.role, game_prev(g, g->n_steps),
				  err) == 0) {
		rc = game_check_answers(g, name, &ord, run.pending.role, out,
					err);
	}
	orders_free(&ord);
	engine_free(&run);
	return rc;
}

int game_verify_orders(const char *game_path, const char *scn_dir,
		       const char *orders_name, const char *buf, size_t len,
		       const char *sigtext, FILE *out, struct error *err)
{
	struct game g;
	struct run run;
	struct orders ord;
	struct verified v;
	int rc = -1;
	if (game_load(&g, game_path, scn_dir, err))
		return -1;
	memset(&ord, 0, sizeof ord);
	memset(&v, 0, sizeof v);
	if (game_check(&g, CHECK_LIGHT, NULL, &run, err))
		goto out_game;
	if (run.outcome == RUN_OVER) {
		errorf(err, EXIT_REFUSED, "the game is over");
		goto out;
	}
	const char *actor = run.pending.role;
	if (verify_orders(&g, orders_name, buf, len, sigtext,
			  sigtext ? strlen(sigtext) : 0,
			  (long long)g.n_steps + 1, actor, actor,
			  game_prev(&g, g.n_steps), 1, NULL, &ord, &v,
			  err))
		goto out;
	latest_link(&g, game_role(&g, actor));
	if (check_reveal(&g, game_role(&g, actor), g.n_steps + 1, ord.reveal,
			 err))
		goto out;
	fputs("signature ok: ", out);
	fputs_safe(v.trusted_comment, out);
	fputc('\n', out);
	struct strbuf said = STRBUF_INIT;
	rc = game_check_answers(&g, CHECK_ORDERS_NAME, &ord, actor, &said,
				err);
	if (rc == 0)
		fputs(said.buf, out);
	else
		error_prefix(err, "%s", orders_name);
	strbuf_free(&said);
out:
	engine_free(&run);
out_game:
	verified_free(&v);
	orders_free(&ord);
	game_free(&g);
	return rc;
}
