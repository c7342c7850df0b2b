/*
 * keys.c - the player's key in the desk page (WebAssembly): made,
 * read from a key file with its passphrase, held in C memory until the
 * page locks it; a sealed view opened with it; the desk's answers made
 * the signed orders sealed to the referee; an invitation's game file
 * joined. The same core as the
 * command line: umpire keygen's key files (seckey.c, pubkey.c: minisign's
 * formats, scrypt at minisign's limits), umpire desk's and orders'
 * view (view_load, view_trust), umpire orders --answers --sign's
 * template, signature and seal (template_from_view, orders_signed_text,
 * embed_sign, seal_signed_orders).
 *
 * The key lives in the holder's sodium_malloc'd seckey alone: no
 * passphrase is kept (it is wiped by the page once the key is made or
 * read), and desk_key_lock wipes the key (seckey_free: sodium_free
 * wipes). What the page keeps across a reload (localStorage) never
 * holds either. The page's record of what this key signed (record.h)
 * is in the module's memory: it lasts as long as the page.
 *
 * Every function returns JSON owned by the holder, valid until its
 * next call: {"error": why} when refused, else its fields below.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sodium.h>
#include "umpire/deskkeys.h"
#include "umpire/desk.h"
#include "umpire/game.h"
#include "umpire/gamedata.h"
#include "umpire/json.h"
#include "umpire/orders.h"
#include "umpire/sign.h"
#include "umpire/signorders.h"
#include "umpire/template.h"
#include "umpire/view.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define DESK_API EMSCRIPTEN_KEEPALIVE
#else
#define DESK_API
#endif

/* Bounds on what the page hands in: a key file (minisign's are under
 * 400 bytes), a passphrase (keys.h), the answers file the desk wrote. */
#define DESK_KEYFILE_MAX 4096
#define DESK_ORDERS_MAX (1u << 20)
/* The names the page's texts go by in messages. */
#define DESK_KEY_NAME "the key file"
/* A view's name in messages: the file's the page was given (bounded),
 * else this. */
#define DESK_VIEW_NAME "the view"
#define DESK_NAME_MAX 255
#define DESK_ANSWERS_NAME "the page's answers"
#define DESK_GAME_NAME "the game file"

struct desk_key {
	struct seckey *sk;      /* NULL: no key (locked) */
	struct strbuf out;      /* the last call's result */
};

/* A refusal as JSON into k->out. */
static const char *refused(struct desk_key *k, const char *why)
{
	struct json j;
	strbuf_reset(&k->out);
	json_init(&j, &k->out);
	json_begin_object(&j);
	json_kstring(&j, "error", why);
	json_end_object(&j);
	json_finish(&j);
	return k->out.buf;
}

/* The held key's id and public key file (its public half, as umpire
 * keygen writes it) into j. */
static void key_fields(const struct desk_key *k, struct json *j)
{
	struct pubkey pk;
	struct strbuf pub = STRBUF_INIT;
	char id[KEYID_HEX_SIZE];
	seckey_pubkey(k->sk, &pk);
	keyid_hex(pk.keynum, id);
	pubkey_format(&pk, &pub);
	json_kstring(j, "keyid", id);
	json_kstring(j, "pubkey_file", pub.buf);
	strbuf_free(&pub);
}

static const char *key_json(struct desk_key *k, const char *seckey_file)
{
	struct json j;
	strbuf_reset(&k->out);
	json_init(&j, &k->out);
	json_begin_object(&j);
	key_fields(k, &j);
	if (seckey_file)
		json_kstring(&j, "seckey_file", seckey_file);
	json_end_object(&j);
	json_finish(&j);
	return k->out.buf;
}

DESK_API struct desk_key *desk_key_new(void)
{
	/* sodium_malloc's page size, the random source (the browser's
	 * crypto.getRandomValues) */
	if (sodium_init() < 0)
		return NULL;
	/* the page's file system (emcc's, in memory) starts with umask
	 * 0777, which would make the key's record (record.h) of mode 0,
	 * unreadable: the files a user's umask 077 gives */
	umask(077);
	return xcalloc(1, sizeof(struct desk_key));
}

DESK_API const char *desk_key_lock(struct desk_key *k)
{
	seckey_free(k->sk);
	k->sk = NULL;
	sodium_memzero(k->out.buf, k->out.cap);
	strbuf_reset(&k->out);
	strbuf_adds(&k->out, "{\"locked\":true}");
	return k->out.buf;
}

DESK_API void desk_key_free(struct desk_key *k)
{
	if (!k)
		return;
	desk_key_lock(k);
	strbuf_free(&k->out);
	free(k);
}

/* name as the view's name in messages, if it can be one. */
static const char *view_name(const char *name)
{
	size_t n = strlen(name);
	for (size_t i = 0; i < n; i++)
		if (name[i] < ' ' || name[i] == 0x7f)
			return DESK_VIEW_NAME;
	return n && n <= DESK_NAME_MAX ? name : DESK_VIEW_NAME;
}

/* Why passphrase cannot protect a key (NULL: it can). */
static const char *passphrase_bounds(const char *passphrase)
{
	size_t n = strlen(passphrase);
	if (n == 0)
		return "give a passphrase: the secret key file is kept "
			"encrypted with it (scrypt, as umpire keygen)";
	if (n > PASSPHRASE_MAX)
		return "a passphrase is at most 1024 bytes (as minisign's)";
	return NULL;
}

/* A new key pair, as umpire keygen makes one: {keyid, pubkey_file,
 * seckey_file}, the secret key file encrypted with passphrase (scrypt
 * at minisign's limits: seckey_format). The key is held. */
DESK_API const char *desk_key_make(struct desk_key *k, const char *passphrase)
{
	struct strbuf sec = STRBUF_INIT;
	struct error err = { 0 };
	const char *bad = passphrase_bounds(passphrase);
	if (bad)
		return refused(k, bad);
	struct seckey *sk = seckey_generate();
	if (seckey_format(sk, passphrase, &sec, &err)) {
		seckey_free(sk);
		strbuf_free(&sec);
		return refused(k, err.msg);
	}
	seckey_free(k->sk);
	k->sk = sk;
	key_json(k, sec.buf);
	strbuf_free(&sec);
	return k->out.buf;
}

/* The key of a key file's text (len bytes) and passphrase ("" for an
 * unencrypted key), held: {keyid, pubkey_file}. A wrong passphrase or a
 * damaged file is refused as the command line refuses it, and the key
 * held before stays. */
DESK_API const char *desk_key_read(struct desk_key *k, const char *text,
				   size_t len, const char *passphrase)
{
	struct error err = { 0 };
	struct seckey *sk = NULL;
	if (len > DESK_KEYFILE_MAX)
		return refused(k, "not a key file: a minisign secret key file "
			       "is under 4096 bytes");
	if (strlen(passphrase) > PASSPHRASE_MAX)
		return refused(k, passphrase_bounds(passphrase));
	if (seckey_parse_with(DESK_KEY_NAME, text, len, *passphrase ?
			      passphrase : NULL, &sk, &err))
		return refused(k, err.msg);
	seckey_free(k->sk);
	k->sk = sk;
	return key_json(k, NULL);
}

/*
 * The view in text (name: its file's, for messages), checked with the
 * held key as umpire desk -s checks it (view_load, view_trust: the
 * header this key joined, a view for this key's side, the steps since
 * the last one it saw), opened where it is sealed: {view: the view's
 * text, unsealed; game; side; step}.
 */
DESK_API const char *desk_key_view(struct desk_key *k, const char *name,
				   const char *text, size_t len)
{
	static const char sealed[] = "umpire: " SEALED_FORMAT "\n";
	struct error err = { 0 };
	struct view v;
	char *plain = NULL;
	size_t plen = 0;
	if (!k->sk)
		return refused(k, "no key: open your key file (or make a "
			       "key) first");
	if (len > DOC_LIMITS_VIEW.max_bytes)
		return refused(k, "not a view: larger than any view umpire "
			       "reads");
	name = view_name(name);
	if (view_load(&v, name, text, len, DESK_SCENARIOS, k->sk, &err))
		return refused(k, err.msg);
	int rc = view_trust(&v, k->sk, 0, &err);
	if (rc == 0 && len >= sizeof sealed - 1 &&
	    !memcmp(text, sealed, sizeof sealed - 1))
		rc = sealed_open(name, text, len, SEALED_FORMAT,
				 k->sk, &plain, &plen, &err);
	if (rc) {
		view_free(&v);
		return refused(k, err.msg);
	}
	struct json j;
	strbuf_reset(&k->out);
	json_init(&j, &k->out);
	json_begin_object(&j);
	json_key(&j, "view");
	json_stringn(&j, plain ? plain : text, plain ? plen : len);
	json_kstring(&j, "game", v.game.id);
	json_kstring(&j, "side", v.side);
	json_kint(&j, "step", v.step + 1);
	json_end_object(&j);
	json_finish(&j);
	if (plain) {
		sodium_memzero(plain, plen);
		free(plain);
	}
	view_free(&v);
	return k->out.buf;
}

/*
 * The orders of the desk's answers file (answers, alen bytes: what
 * desk_answers_yaml wrote) on the view (view, vlen bytes, unsealed;
 * name: its file's, for messages),
 * signed with the held key and sealed to the view's referee: what
 * `umpire orders VIEW --answers FILE --sign` writes from the same view,
 * answers and key (the template made, its comments left out, the
 * answers signed in an embedded block, sealed), the sealing aside.
 * {signed: the sealed orders; name: a file name for them}.
 */
DESK_API const char *desk_key_sign(struct desk_key *k, const char *name,
				   const char *view, size_t vlen,
				   const char *answers, size_t alen)
{
	struct error err = { 0 };
	struct view v;
	struct orders prefix;
	struct strbuf tmpl = STRBUF_INIT, tc = STRBUF_INIT;
	struct strbuf body = STRBUF_INIT, out = STRBUF_INIT;
	if (!k->sk)
		return refused(k, "no key: open your key file (or make a "
			       "key) first");
	if (alen > DESK_ORDERS_MAX || vlen > DOC_LIMITS_VIEW.max_bytes)
		return refused(k, "the answers or the view are larger than "
			       "umpire reads");
	if (orders_parse(DESK_ANSWERS_NAME, answers, alen, &prefix, &err))
		return refused(k, err.msg);
	name = view_name(name);
	if (view_load(&v, name, view, vlen, DESK_SCENARIOS, k->sk, &err)) {
		orders_free(&prefix);
		return refused(k, err.msg);
	}
	const struct role *ref = game_role(&v.game, "referee");
	int rc = template_from_view(&v, k->sk, &prefix, DESK_ANSWERS_NAME,
				    &tmpl, &err);
	if (rc == 0 && !ref)
		rc = errorf(&err, EXIT_REFUSED, "%s: a view without a referee "
			    "role", name);
	if (rc == 0)
		rc = orders_answer_something(DESK_ANSWERS_NAME, tmpl.buf,
					     tmpl.len, &err);
	if (rc == 0)
		rc = orders_signed_text(DESK_ANSWERS_NAME, tmpl.buf, tmpl.len,
					NULL, 0, &tc, &body, &err);
	if (rc == 0)
		rc = embed_sign(body.buf, body.len, k->sk, tc.buf, &out, &err);
	if (rc == 0)
		rc = seal_signed_orders(&ref->pk, name, tmpl.buf,
					tmpl.len, &out, &err);
	if (rc == 0) {
		struct json j;
		char file[96];
		snprintf(file, sizeof file, "orders-%.8s-step-%lld-%s.yaml",
			 v.game.id, v.step + 1, v.side);
		strbuf_reset(&k->out);
		json_init(&j, &k->out);
		json_begin_object(&j);
		json_kstring(&j, "signed", out.buf);
		json_kstring(&j, "name", file);
		json_end_object(&j);
		json_finish(&j);
	} else
		refused(k, err.msg);
	view_free(&v);
	orders_free(&prefix);
	strbuf_free(&tmpl);
	strbuf_free(&tc);
	strbuf_free(&body);
	strbuf_free(&out);
	return k->out.buf;
}

/*
 * The invitation's game file (game, glen bytes) joined as role with
 * the held key, as umpire join --side ROLE [--address ADDRESS] joins
 * it (game_join_address: the chain committed, the header signed; the
 * address "" for none): {joined: the game file to send back; name: a
 * file name for it; waiting: the role still to join, or null}. The
 * game's scenario must be the page's.
 */
DESK_API const char *desk_key_join(struct desk_key *k, const char *game,
				   size_t glen, const char *role,
				   const char *address)
{
	struct error err = { 0 };
	struct game g;
	struct strbuf out = STRBUF_INIT;
	const char *addr = *address ? address : NULL;
	if (!k->sk)
		return refused(k, "no key: open your key file (or make a "
			       "key) first");
	if (glen > DOC_LIMITS_GAME.max_bytes)
		return refused(k, "not a game file: larger than any game file "
			       "umpire reads");
	if (game_parse(&g, DESK_GAME_NAME, game, glen, DESK_SCENARIOS, &err))
		return refused(k, err.msg);
	const char *judge = game_join_needs_address(&g, role, addr);
	int rc = judge ? errorf(&err, EXIT_USAGE, "game %s invites its "
				"referee at %s, a judge that mails each side "
				"at the address its join carries, and the "
				"game invites %s at none: give your mail "
				"address", g.id, judge, role) : 0;
	if (rc == 0)
		rc = game_join_address(&g, role, k->sk, addr, &err);
	if (rc == 0)
		rc = game_emit_checked(&g, DESK_SCENARIOS, &out, &err);
	if (rc == 0) {
		struct json j;
		char name[96];
		snprintf(name, sizeof name, "game-%.8s-%s-joined.yaml", g.id,
			 role);
		strbuf_reset(&k->out);
		json_init(&j, &k->out);
		json_begin_object(&j);
		json_kstring(&j, "joined", out.buf);
		json_kstring(&j, "name", name);
		json_kstring(&j, "game", g.id);
		json_kstring(&j, "waiting", game_unjoined(&g));
		json_end_object(&j);
		json_finish(&j);
	} else
		refused(k, err.msg);
	strbuf_free(&out);
	game_free(&g);
	return k->out.buf;
}
