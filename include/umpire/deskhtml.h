/*
 * deskhtml.h - the player's desk as one HTML page (umpire desk): the
 * side's view, its scenario, the rules as WebAssembly (umpire/desk.h's
 * built files) and the page's script and style (umpire/web.h), all in
 * the page; a Content-Security-Policy lets it fetch nothing.
 *
 * Ownership: everything is the caller's; desk_html appends to out.
 */
#ifndef UMPIRE_DESKHTML_H
#define UMPIRE_DESKHTML_H

#include <stddef.h>
#include "umpire/strbuf.h"
#include "umpire/game.h"
#include "umpire/view.h"

/* The page for view v, loaded from its text view (len bytes, unsealed:
 * what the page's rules read), with its scenario's file text scn
 * (scn_len bytes). The binary must carry the desk's WebAssembly
 * (desk_wasm_gz_len != 0): the caller says so where it does not. */
void desk_html(const struct view *v, const char *view, size_t len,
	       const char *scn, size_t scn_len, struct strbuf *out);

/* The page of game g with no view in it (the judge mails it: every
 * view of the game opens in it with the side's key, picked, dropped or
 * pasted; nothing hidden is in it), with g's scenario text scn
 * (scn_len bytes). The same caller's duty as desk_html's. */
void desk_html_blank(const struct game *g, const char *scn, size_t scn_len,
		     struct strbuf *out);

/* The hash (BLAKE2b-256) of the page's program: its WebAssembly, emcc's
 * loader, its scripts and style sheets, and the text of the environment
 * variable DESK_BUILD_TEST_ENV when it is set (tests fake a new program
 * with it). Its first 16 bytes, in hex, are the page's meta
 * umpire-desk-program. */
#define DESK_BUILD_TEST_ENV "UMPIRE_TEST_DESK_BUILD"
void desk_program_hash(unsigned char out[32]);

#endif
