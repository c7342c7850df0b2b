/*
 * deskkeys.h - the player's key in the desk page (src/desk/keys.c): made
 * or read from a key file with its passphrase, held in C memory until
 * locked, a sealed view opened and the desk's answers signed with it
 * and sealed to the referee, as the command line does.
 *
 * Ownership: desk_key_new's holder is the caller's, released (the key
 * wiped) by desk_key_free. Every const char * returned is the holder's
 * JSON, valid until its next call: {"error": why} when refused.
 */
#ifndef UMPIRE_DESKKEYS_H
#define UMPIRE_DESKKEYS_H

#include <stddef.h>

struct desk_key;

/* A holder with no key; NULL when libsodium cannot start. */
struct desk_key *desk_key_new(void);
void desk_key_free(struct desk_key *k);
/* The key wiped: {"locked": true}. */
const char *desk_key_lock(struct desk_key *k);
/* A new key pair, held: {keyid, pubkey_file, seckey_file}, the secret
 * key file encrypted with passphrase as umpire keygen encrypts it. */
const char *desk_key_make(struct desk_key *k, const char *passphrase);
/* The key of a secret key file (text, len bytes) and its passphrase
 * ("": an unencrypted key), held: {keyid, pubkey_file}. */
const char *desk_key_read(struct desk_key *k, const char *text, size_t len,
			  const char *passphrase);
/* A view (sealed or not; name: its file's, in messages) checked with
 * the held key and opened: {view (its text, unsealed), game, side,
 * step}. */
const char *desk_key_view(struct desk_key *k, const char *name,
			  const char *text, size_t len);
/* The desk's answers file (answers) on the unsealed view (name: as
 * above), signed and sealed to the referee as umpire orders --answers
 * --sign does: {signed, name}. */
const char *desk_key_sign(struct desk_key *k, const char *name,
			  const char *view, size_t vlen, const char *answers,
			  size_t alen);
/* An invitation's game file joined as role with the held key, with
 * address ("": none), as umpire join does: {joined, name, game,
 * waiting}. */
const char *desk_key_join(struct desk_key *k, const char *game, size_t glen,
			  const char *role, const char *address);

#endif
