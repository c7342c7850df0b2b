/*
 * web.h - the pages' scripts and style sheets (src/web/), built into
 * the program: the Makefile makes each file src/web/NAME.EXT into
 * $(BUILD)/gen/web_NAME_EXT.c (src/web/embed.sh), which defines
 * web_NAME_EXT (the file's bytes, a NUL after them) and web_NAME_EXT_len
 * (their number). A file
 * in src/web/ is linted by make check (check-js); a page writes it as it
 * is, byte for byte.
 */
#ifndef UMPIRE_WEB_H
#define UMPIRE_WEB_H

#include <stddef.h>

/* the replay page (replayhtml.c) */
extern const unsigned char web_replay_css[], web_replay_js[];
extern const size_t web_replay_css_len, web_replay_js_len;
/* the player's desk (desk.h: with the page's built files) */
extern const unsigned char web_desk_css[], web_desk_js[];
extern const size_t web_desk_css_len, web_desk_js_len;
/* the desk's key panel (src/web/deskkeys.js and .css) */
extern const unsigned char web_deskkeys_css[], web_deskkeys_js[];
extern const size_t web_deskkeys_css_len, web_deskkeys_js_len;

#endif
