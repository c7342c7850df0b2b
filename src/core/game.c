/*
 * game.c - a game file read whole, on what gamedata.c looks up: its
 * header (hashes, roles, invitations and join addresses, the scenario
 * checked), each step read and hashed, the body into a struct game
 * (game_parse_text, game_from_header), and a game freed.
 *
 * The game's files, each using only those before it (a circle of
 * linked symbols among them is a defect): gamedata.c (what a game
 * holds, looked up), clock.c, game.c, gamestream.c (the steps read one
 * at a time), gamevouch.c (the vouched prefix, and game_parse and
 * game_load), gamecheck.c (checked), gameplay.c
 * (played on; report.c and check.c, on gamedata.c and clock.c alone,
 * are below it), gamewrite.c (made and written); record.c reads a game
 * through gamevouch.c. gameload.h declares what game.c and gamevouch.c
 * give the files above them, gamecheck.h what gamecheck.c gives.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "umpire/chain.h"
#include "umpire/checkpoint.h"
#include "umpire/clock.h"
#include "umpire/mail.h"
#include "umpire/memo.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "gameload.h"

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

void game_step_drop(struct game_step *s)
{
	if (s->ord) {
		orders_free(s->ord);
		free(s->ord);
	}
	doc_free(s->doc);
	memset(s, 0, sizeof *s);
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
	/* the steps pulled from the file (gamestream.c): the two held */
	if (g->pulled) {
		doc_pull_close(g->pull);
		free(g->pull_in);
		close(g->pull_fd);
		for (size_t k = 0; g->steps && k < 2; k++)
			game_step_drop(&g->steps[k]);
		free(g->pull_hashes);
		g->n_steps = 0;
	}
	/* the stubs, the first n_stub, hold no orders: not looked at (a
	 * long game's prefix is most of its steps) */
	for (size_t i = g->n_stub; i < g->n_steps; i++) {
		if (g->steps[i].ord) {
			orders_free(g->steps[i].ord);
			free(g->steps[i].ord);
		}
		if (g->streamed)
			free(g->steps[i].blob);
	}
	free(g->steps);
	scenario_start_release(&g->scn, g->start_state);
	if (g->cp) {
		checkpoints_close(g->cp);
		free(g->cp);
	}
	if (g->scn.doc)
		scenario_free(&g->scn);
	doc_free(g->doc);
	memset(g, 0, sizeof *g);
}

/* ---- the header ---- */

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
		if (game_field(g, *f))
			doc_set(d, h, *f, doc_copy(d, game_field(g, *f)));
	struct doc_node *roles = doc_seq(d);
	const struct doc_node *src = game_field(g, "roles");
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

void game_header_hashes(struct game *g)
{
	struct doc *d = doc_new("header");
	doc_hash(D_CORE, game_header(g, d, 1), g->core_hash);
	doc_hash(D_GENESIS, game_header(g, d, 0), g->genesis);
	doc_free(d);
}

void game_join_message(const struct game *g, const struct role *r,
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
 * (game_join_address_check).
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
int game_join_address_check(const char *file, const char *role,
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
void game_step_hash(const struct doc_node *step, const unsigned char *blob,
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

void game_step_recorded(const struct doc_node *n, unsigned char out[32])
{
	doc_hash("umpire step recorded", n, out);
}

/* cp: this machine's checkpoints, or NULL; *vouched: the steps so far
 * that are node for node the ones verified here */
/* A step's seed, state hash and prev, decoded from its node (game_read_step
 * leaves them for a step verified here: a resumed check never reads
 * them for the steps before its checkpoint, and base64 is a good part
 * of reading a long game). */
int game_step_fields(const struct game *g, size_t i, struct error *err)
{
	const struct doc *d = g->doc;
	struct game_step *s = game_step_at(g, i);
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

int game_read_step(struct game *g, size_t i, const struct doc_node *m,
		   const struct checkpoints *cp, size_t *vouched,
		   struct error *err)
{
	const struct doc *d = g->doc;
	struct game_step *s = game_step_at(g, i);
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
	if (!s->lazy && game_step_fields(g, i, err))
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
		game_step_hash(m, s->blob, s->blob_len, s->hash);
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

int game_read_body(struct game *g, const char *scn_dir, unsigned flags,
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
	if (memo_scenario(g->memo, scn_dir, scn_id, &g->scn, err))
		return error_prefix(err, "%s", d->name);
	if (check_scenario(g, err) || load_roles(g, err) ||
	    clock_load(g, err))
		return -1;
	/* a judge's memo's own, where it keeps it: not copied (195 KB a
	 * Race to the Reichstag game) */
	if (scenario_start_shared(&g->scn, g->options, &g->start_state,
				  err))
		return -1;
	game_header_hashes(g);
	/* the steps read already, as they were parsed (gamestream.c) */
	if (flags & GAME_PARSE_STREAM) {
		if (!g->steps)
			g->steps = xcalloc(1, sizeof *g->steps);
		return 0;
	}
	size_t vouched = 0;
	if ((flags & GAME_PARSE_CHECKPOINTS) && !game_unjoined(g)) {
		g->cp = xcalloc(1, sizeof *g->cp);
		checkpoints_open(g->cp, g);
	}
	g->steps = xcalloc(steps->n ? steps->n : 1, sizeof *g->steps);
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < steps->n; i++) {
		rc = game_read_step(g, i, steps->items[i],
				    g->cp && g->cp->doc ? g->cp : NULL,
				    &vouched, err);
		g->n_steps += rc == 0;
	}
	return rc;
}

/* Where the steps begin in text: just after its first "steps:" line at
 * the start of a line (the top-level key, the last umpire writes: the
 * header's and the state's lines before it are indented or other keys),
 * or 0 when there is none. The reader checks that the tree has them
 * there. */
size_t game_steps_begin(const char *buf, size_t len)
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

int game_read_head(int fd, size_t len, size_t chunk, char **head,
		   size_t *got, size_t *begin)
{
	while (*begin == 0 && *got < len) {
		size_t k = len - *got < chunk ? len - *got : chunk;
		*head = xrealloc(*head, *got + k);
		if (read_at(fd, *head + *got, k, *got))
			return -1;
		*got += k;
		*begin = game_steps_begin(*head, *got);
	}
	return 0;
}

size_t game_state_line(const char *text, size_t len)
{
	static const char key[] = "state:\n";
	for (size_t at = 0; at + sizeof key - 1 <= len;) {
		if (!memcmp(text + at, key, sizeof key - 1))
			return at;
		const char *nl = memchr(text + at, '\n', len - at);
		if (!nl)
			break;
		at = (size_t)(nl - text) + 1;
	}
	return len;
}

size_t game_text_lines(const char *buf, size_t len)
{
	size_t n = 0;
	for (const char *p = buf, *end = buf + len;
	     (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
		n++;
	return n;
}

/* The text kept for the checkpoints and game_unstub: the file with the
 * prefix taken out, head[0..begin) (to the steps' beginning) and then
 * tail. */
void game_keep_source(struct game *g, const char *head, size_t begin,
		      const char *tail, size_t tail_len, const char *scn_dir)
{
	g->src_head = begin;
	g->src_len = begin + tail_len;
	g->src = xmalloc(g->src_len + 1);
	memcpy(g->src, head, begin);
	memcpy(g->src + begin, tail, tail_len);
	g->src[g->src_len] = '\0';
	g->read_state = game_field(g, "state");
	if (scn_dir)
		g->scn_dir = xstrdup(scn_dir);
}

/* The game parsed whole from text made canonical (game_parse_memo,
 * gamevouch.c); with GAME_PARSE_CHECKPOINTS its source kept for the
 * checkpoints (game_keep_source) where its steps are where the tree has
 * them. */
int game_parse_text(struct game *g, const char *name, const char *buf,
		    size_t len, const char *scn_dir, unsigned flags,
		    struct memo *memo, struct error *err)
{
	memset(g, 0, sizeof *g);
	g->cut_oldest = (flags & GAME_PARSE_VIEW) != 0;
	g->memo = memo;
	g->doc = doc_new(name);
	if (doc_parse(g->doc, buf, len, &DOC_LIMITS_GAME, err) ||
	    game_read_body(g, scn_dir, flags, err)) {
		game_free(g);
		return -1;
	}
	if (flags & GAME_PARSE_CHECKPOINTS) {
		size_t begin = game_steps_begin(buf, len);
		const struct doc_node *steps = game_field(g, "steps");
		/* the steps where the tree has them: the first on the line
		 * after "steps:" */
		if (begin && steps->n && steps->items[0]->line ==
		    (int)game_text_lines(buf, begin) + 1)
			game_keep_source(g, buf, begin, buf + begin,
					 len - begin, scn_dir);
	}
	return 0;
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
	if (game_read_body(g, scn_dir, 0, err)) {
		game_free(g);
		return -1;
	}
	return 0;
}
