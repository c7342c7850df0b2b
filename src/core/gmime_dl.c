/*
 * gmime_dl.c - load GMime on first use (see gmime_dl.h for why).
 */
#include <dlfcn.h>
#include <string.h>
#include "umpire/gmime_dl.h"

int gmime_open(struct gmime *gm, struct error *err)
{
	memset(gm, 0, sizeof *gm);
	/* Already mapped after the first call: dlopen only counts it. */
	gm->handle = dlopen(GMIME_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!gm->handle) {
		const char *why = dlerror();
		return errorf(err, EXIT_USAGE, "cannot load GMime, which "
			      "umpire needs to read and write mail messages "
			      "(%s); install the Debian package "
			      "libgmime-3.0-0", why ? why : GMIME_SONAME);
	}
	/* dlsym returns void *: POSIX guarantees it converts to a function
	 * pointer, and memcpy says so without a cast C forbids. */
#define GMIME_LOAD(ret, name, args) \
	{ \
		void *sym = dlsym(gm->handle, #name); \
		if (!sym) \
			return errorf(err, EXIT_USAGE, "cannot use GMime: " \
				      "%s has no function %s (GMime 3 is " \
				      "needed: install the Debian package " \
				      "libgmime-3.0-0)", GMIME_SONAME, #name); \
		memcpy(&gm->name, &sym, sizeof sym); \
	}
	GMIME_FUNCTIONS(GMIME_LOAD)
#undef GMIME_LOAD
	gm->g_mime_init();
	return 0;
}

void gmime_close(struct gmime *gm)
{
	(void)gm;       /* GMime stays initialised: see gmime_dl.h */
}
