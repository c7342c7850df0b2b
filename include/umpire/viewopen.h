/*
 * viewopen.h - a side's view loaded and, with the side's key, trusted
 * (view_load, then view_trust: what the key's record knows), from its
 * text or from a file (or the mail around it).
 *
 * Ownership: everything passed is borrowed; v is the caller's to
 * view_free on success (nothing to free on failure).
 */
#ifndef UMPIRE_VIEWOPEN_H
#define UMPIRE_VIEWOPEN_H

#include <stddef.h>
#include "umpire/error.h"
#include "umpire/keys.h"
#include "umpire/view.h"

/* The view in buf (path's; its base name in messages), opened if
 * sealed with sk, and with sk (may be NULL) trusted by sk's record. */
int view_open(const char *path, const char *buf, size_t len,
	      const char *scn_dir, const struct seckey *sk, struct view *v,
	      struct error *err);
/* The same, the view read from path (a file, or mail around it). */
int view_open_file(const char *path, const char *scn_dir,
		   const struct seckey *sk, struct view *v,
		   struct error *err);

#endif
