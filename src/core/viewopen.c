/*
 * viewopen.c - a side's view loaded and trusted with the side's key
 * (umpire sign, status, open and the other readers of views).
 */
#include <stdlib.h>
#include "umpire/doc.h"
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/viewopen.h"

int view_open(const char *path, const char *buf, size_t len,
	      const char *scn_dir, const struct seckey *sk, struct view *v,
	      struct error *err)
{
	if (view_load(v, path_name(path), buf, len, scn_dir, sk, err))
		return -1;
	if (sk && view_trust(v, sk, 0, err)) {
		view_free(v);
		return -1;
	}
	return 0;
}

int view_open_file(const char *path, const char *scn_dir,
		   const struct seckey *sk, struct view *v,
		   struct error *err)
{
	char *buf = NULL;
	size_t len;
	if (mail_read_input(path, DOC_LIMITS_GAME.max_bytes, &buf, &len, NULL,
			    NULL, err))
		return -1;
	int rc = view_open(path, buf, len, scn_dir, sk, v, err);
	free(buf);
	return rc;
}
