/*
 * fsutil.h - reading inputs with a size bound and writing outputs
 * atomically. "-" means stdin / stdout.
 *
 * Ownership: read_input returns a malloc'd, NUL-terminated buffer that the
 * caller frees. Inputs are never modified.
 */
#ifndef UMPIRE_FSUTIL_H
#define UMPIRE_FSUTIL_H

#include <stddef.h>
#include <sys/types.h>
#include "umpire/error.h"

/* Read a whole file (or stdin for "-"), refusing more than max bytes. */
int read_input(const char *path, size_t max, char **buf, size_t *len,
	       struct error *err);

/*
 * Write buf to path atomically: a temporary file in the same directory,
 * written, fsync'd, renamed over path, directory fsync'd. On any failure
 * the temporary file is removed and path is untouched. "-" writes to
 * stdout (flushed and checked). mode applies to a new file (0644, 0600
 * for secrets). With `exclusive`, an existing path is refused.
 */
int write_output(const char *path, const void *buf, size_t len, mode_t mode,
		 int exclusive, struct error *err);

/*
 * Make sure a file can be written at path before any work (a passphrase,
 * say) is asked for: every missing directory on its way is made with
 * mode (0700 for a secret key's, as minisign does), and the directory
 * must be writable. Refused (EXIT_USAGE) naming the directory.
 */
int output_dir_ready(const char *path, mode_t mode, struct error *err);

/* Display name for messages: "stdin" / "stdout" for "-". */
const char *path_name(const char *path);

#endif
