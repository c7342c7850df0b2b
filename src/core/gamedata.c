/*
 * gamedata.c - what a game holds, looked up (gamedata.h): its roles and
 * their addresses, its top-level fields and options, and its steps (the
 * hash each follows, late or not, who signs its orders, its orders and
 * view salt). Below every file that reads, checks, plays or writes a
 * game (game.c and those above it), and below clock.c: it uses none of
 * them.
 */
#include <stdio.h>
#include <string.h>
#include <sodium.h>
#include "umpire/chain.h"
#include "umpire/doc.h"
#include "umpire/gamedata.h"
#include "umpire/sign.h"

void game_rules_tag(const struct ruleset *rs, char *out, size_t size)
{
	snprintf(out, size, "%s/%s", rs->id, rs->version);
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

const char *game_join_needs_address(struct game *g, const char *role,
				    const char *address)
{
	struct role *ref = game_role(g, "referee");
	if (address || !strcmp(role, "referee") || !ref || !ref->invite ||
	    game_address(g, role))
		return NULL;
	return ref->invite;
}

struct doc_node *game_field(const struct game *g, const char *key)
{
	return (struct doc_node *)doc_get(g->doc->root, key);
}

const char *game_hidden_mode(const struct game *g)
{
	const struct doc_node *v = doc_get(g->options, "hidden");
	return v && v->kind == DOC_SCALAR ? v->str : NULL;
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

mode_t game_output_mode(const struct game *g)
{
	return game_hidden_mode(g) ? 0600 : 0644;
}

const unsigned char *game_prev(const struct game *g, size_t n)
{
	if (n == 0 || n > g->n_steps)
		return g->genesis;
	return g->pulled ? g->pull_hashes[n - 1] : g->steps[n - 1].hash;
}

int game_step_late(const struct game *g, size_t i)
{
	const struct game_step *s = game_step_at(g, i);
	unsigned char lv[32];
	if (s->stub)
		return 0;     /* (the vouched prefix: its chains and replay
				 come from the checkpoints) */
	chain_late(g->genesis, (uint64_t)s->n, lv);
	return sodium_memcmp(s->reveal_actor, lv, 32) == 0;
}

int game_step_own(const struct game *g, size_t i, const char *side)
{
	return !strcmp(game_step_at(g, i)->actor, side) &&
		!game_step_late(g, i);
}

const char *game_step_signer(const struct game *g, size_t i)
{
	return game_step_late(g, i) ? "referee" : game_step_at(g, i)->actor;
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
