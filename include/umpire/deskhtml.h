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
#include "umpire/view.h"

/* The page for view v, loaded from its text view (len bytes, unsealed:
 * what the page's rules read), with its scenario's file text scn
 * (scn_len bytes). The binary must carry the desk's WebAssembly
 * (desk_wasm_gz_len != 0): the caller says so where it does not. */
void desk_html(const struct view *v, const char *view, size_t len,
	       const char *scn, size_t scn_len, struct strbuf *out);

#endif
