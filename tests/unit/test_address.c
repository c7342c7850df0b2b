/*
 * test_address.c - a role's mail address: one RFC 5322 addr-spec
 * (mail_addr_spec_ok), taken out of "Name <addr>" (mail_addr_spec_of);
 * a join that carries anything else is refused when it is taken
 * (game_take_joins), even though the file, an older umpire's, loads;
 * game_address gives only an addr-spec: a legacy "Name <a@b>" join's,
 * a list's none (the role's invitation instead).
 */
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/doc.h"
#include "umpire/game.h"
#include "umpire/keys.h"
#include "umpire/mail.h"
#include "unit.h"

static void addr_specs(void)
{
	static const char *const good[] = { "alice@example.org",
		"a.b+c@mail.example.org", "x@localhost", "\"a.b\"@example.org",
		"o'neil@ex-ample.co.uk", NULL };
	static const char *const bad[] = { "", "alice", "@example.org",
		"alice@", "a@x.org, b@y.org", "a@x.org,b@y.org",
		"Alice <alice@example.org>", "<alice@example.org>",
		"a b@example.org", "alice@exa mple.org", "a..b@example.org",
		".a@example.org", "a.@example.org", "a@-x.org", "a@x-.org",
		"a@x..org", "a@x.org.", "a@b@c.org", "a@x.org\x01",
		"\"a,b\"@x.org", "\"a b\"@x.org", "alice@example.org (Alice)",
		"a@[127.0.0.1]", "group: a@x.org;", NULL };
	for (const char *const *a = good; *a; a++)
		CHECK(mail_addr_spec_ok(*a), "addr-spec: %s", *a);
	for (const char *const *a = bad; *a; a++)
		CHECK(!mail_addr_spec_ok(*a), "not an addr-spec: '%s'", *a);
	char long_a[300];
	memset(long_a, 'a', 64);
	memcpy(long_a + 64, "@", 2);
	for (int i = 0; i < 4; i++)
		strcat(long_a, i ? ".bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
		       : "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb");
	CHECK(strlen(long_a) <= 254 && mail_addr_spec_ok(long_a),
	      "an addr-spec of %zu bytes", strlen(long_a));
	strcat(long_a, ".cccccccccccccccccccccccccccccc");
	CHECK(strlen(long_a) > 254 && !mail_addr_spec_ok(long_a),
	      "none of %zu bytes", strlen(long_a));

	char out[MAIL_ADDR_MAX + 1];
	const char *why;
	static const char *const of[][2] = {
		{ "alice@example.org", "alice@example.org" },
		{ " Alice <alice@example.org> ", "alice@example.org" },
		{ "\"Doe, Jane\" <jane@example.org>", "jane@example.org" },
		{ "<bob@example.org>", "bob@example.org" } };
	for (size_t i = 0; i < sizeof of / sizeof of[0]; i++) {
		int rc = mail_addr_spec_of(of[i][0], out, sizeof out, &why);
		CHECK(rc == 0 && !strcmp(out, of[i][1]), "'%s' gives %s",
		      of[i][0], of[i][1]);
	}
	static const char *const not_one[] = { "a@x.org, b@y.org",
		"Alice <a@x.org>, Bob <b@y.org>", "A <a@x.org> <b@y.org>",
		"team: a@x.org, b@y.org;", "Alice", "Alice <alice>",
		"a@x.org; b@y.org", "a@x.org b@y.org", "\"x <a@x.org>", NULL };
	for (const char *const *a = not_one; *a; a++)
		CHECK(mail_addr_spec_of(*a, out, sizeof out, &why) == -1 &&
		      why, "not one address: '%s' (%s)", *a, why ? why : "");
	CHECK(mail_addr_spec_of("a@x.org, b@y.org", out, sizeof out,
				&why) == -1 && strstr(why, "more than one"),
	      "a list is said to be more than one address");
}

/* g's text with role's join carrying address (which a join made now
 * may not carry), signed as its key would sign it: what an older umpire
 * wrote, or a forger with the role's key. */
static char *forge_join(struct game *g, const char *role,
			const struct seckey *sk, const char *address)
{
	struct role *r = game_role(g, role);
	struct doc_node *roles = (struct doc_node *)doc_get(g->doc->root,
							     "roles");
	struct strbuf m = STRBUF_INIT, out = STRBUF_INIT;
	unsigned char sig[64];
	struct error err;
	strbuf_adds(&m, "umpire/1 join");
	strbuf_add(&m, g->core_hash, 32);
	strbuf_adds(&m, role);
	strbuf_addc(&m, '\0');
	strbuf_add(&m, r->nonce, 32);
	strbuf_add(&m, r->anchor, 32);
	strbuf_adds(&m, address);
	crypto_sign_detached(sig, NULL, (unsigned char *)m.buf, m.len,
			     sk->sk);
	strbuf_free(&m);
	for (size_t i = 0; i < roles->n; i++) {
		struct doc_node *rm = roles->items[i];
		if (strcmp(doc_get(rm, "name")->str, role))
			continue;
		doc_del(rm, "address");
		doc_set_str(g->doc, rm, "address", address);
		doc_put(g->doc, rm, "signature", doc_b64(g->doc, sig, 64));
	}
	if (game_emit(g, &out, &err)) {
		printf("# %s\n", err.msg);
		strbuf_free(&out);
		return NULL;
	}
	return strbuf_detach(&out, NULL);
}

static void joins(void)
{
	struct seckey *psk = seckey_generate(), *rsk = seckey_generate();
	struct pubkey keys[2];
	const char *names[] = { "player", "referee" };
	const char *invites[] = { "inv@example.org", NULL };
	struct game g, joined, in, kept;
	struct error err;
	struct strbuf fresh = STRBUF_INIT;
	seckey_pubkey(psk, &keys[0]);
	seckey_pubkey(rsk, &keys[1]);
	int rc = game_create(&g, "scenarios", "arnswalde-1945", NULL, 0,
			     names, keys, invites, 2, 64, NULL, &err);
	CHECK(rc == 0, "a game with an invitation: %s", rc ? err.msg : "");
	if (rc)
		goto out;
	CHECK(game_join(&g, "referee", rsk, &err) == 0, "the referee joins");
	CHECK_STR(game_address(&g, "player"), "inv@example.org",
		  "a role not joined yet: where it is invited");
	CHECK(game_address(&g, "referee") == NULL,
	      "a role with neither join address nor invitation: NULL");
	CHECK(game_emit(&g, &fresh, &err) == 0, "emitted");
	/* a join with a list is refused when made */
	rc = game_join_address(&g, "player", psk, "a@x.org, b@y.org", &err);
	CHECK(rc == -1 && strstr(err.msg, "'address'") &&
	      strstr(err.msg, "exactly one mail address"),
	      "a join carrying a list is refused: %s", err.msg);
	CHECK(!game_role(&g, "player")->joined, "and not made");
	rc = game_join_address(&g, "player", psk, "p@example.org", &err);
	CHECK(rc == 0, "a join with one address: %s", rc ? err.msg : "");
	CHECK_STR(game_address(&g, "player"), "p@example.org",
		  "a joined role: its join's address before its invitation");

	static const struct { const char *addr, *want; } forged[] = {
		{ "a@x.org, b@y.org, c@z.org", "inv@example.org" },
		{ "Alice <alice@example.org>", "alice@example.org" } };
	for (size_t i = 0; i < 2; i++) {
		char *text = forge_join(&g, "player", psk, forged[i].addr);
		CHECK(text != NULL, "forged '%s'", forged[i].addr);
		if (!text)
			continue;
		rc = game_parse(&in, "join.yaml", text, strlen(text),
				"scenarios", &err);
		CHECK(rc == 0, "an older file with '%s' loads: %s",
		      forged[i].addr, rc ? err.msg : "");
		if (rc == 0) {
			CHECK(game_verify_header(&in, &err) == 0,
			      "its join signature holds");
			CHECK_STR(game_address(&in, "player"), forged[i].want,
				  "game_address: one addr-spec only");
			CHECK(game_parse(&kept, "kept.yaml", fresh.buf,
					 fresh.len, "scenarios", &err) == 0,
			      "the game as kept");
			size_t added = 99;
			rc = game_take_joins(&kept, &in, &added, &err);
			CHECK(rc == -1 && added == 0 &&
			      strstr(err.msg, "'address'") &&
			      strstr(err.msg, "exactly one mail address") &&
			      !game_role(&kept, "player")->joined,
			      "the join is refused when taken: %s", err.msg);
			/* umpire judge --accept-new: the new game is both */
			game_free(&kept);
			CHECK(game_parse(&kept, "new.yaml", text, strlen(text),
					 "scenarios", &err) == 0, "again");
			rc = game_take_joins(&kept, &in, &added, &err);
			CHECK(rc == -1, "even when both files hold the join");
			game_free(&kept);
			game_free(&in);
		}
		free(text);
	}
	/* the join as made: taken */
	struct strbuf ok = STRBUF_INIT;
	game_free(&g);
	rc = game_create(&g, "scenarios", "arnswalde-1945", NULL, 0, names,
			 keys, invites, 2, 64, NULL, &err);
	CHECK(rc == 0 && game_parse(&kept, "kept.yaml", fresh.buf, fresh.len,
				    "scenarios", &err) == 0, "kept again");
	CHECK(game_parse(&joined, "j.yaml", fresh.buf, fresh.len,
			 "scenarios", &err) == 0 &&
	      game_join_address(&joined, "player", psk, "p@example.org",
				&err) == 0 && game_emit(&joined, &ok, &err) == 0,
	      "a join with one address");
	CHECK(game_parse(&in, "j.yaml", ok.buf, ok.len, "scenarios",
			 &err) == 0, "read");
	size_t added = 0;
	CHECK(game_take_joins(&kept, &in, &added, &err) == 0 && added == 1,
	      "is taken");
	CHECK_STR(game_address(&kept, "player"), "p@example.org",
		  "with its address");
	game_free(&in);
	game_free(&joined);
	game_free(&kept);
	strbuf_free(&ok);
	game_free(&g);
out:
	strbuf_free(&fresh);
	seckey_free(psk);
	seckey_free(rsk);
}

int main(void)
{
	if (sodium_init() < 0)
		return 2;
	addr_specs();
	joins();
	return unit_done("test_address");
}
