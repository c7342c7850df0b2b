/*
 * config.c - the INI configuration file, read with inih.
 */
#include <errno.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/config.h"
#include "umpire/strbuf.h"

struct load {
	struct config *c;
	char bad[256];
};

static int on_entry(void *user, const char *section, const char *name,
		    const char *value)
{
	struct load *l = user;
	char **slot = NULL;
	if (strcmp(section, "umpire") == 0) {
		if (strcmp(name, "secret_key") == 0)
			slot = &l->c->secret_key;
		else if (strcmp(name, "scenarios") == 0)
			slot = &l->c->scenarios;
	}
	if (!slot) {
		if (!l->bad[0])
			snprintf(l->bad, sizeof l->bad, "unknown setting "
				 "[%s] %s (known: [umpire] secret_key, "
				 "scenarios)", section, name);
		return 0;
	}
	if (*slot) {
		if (!l->bad[0])
			snprintf(l->bad, sizeof l->bad, "[%s] %s is set twice",
				 section, name);
		return 0;
	}
	*slot = xstrdup(value);
	return 1;
}

int config_load(struct config *c, const char *path, int optional,
		struct error *err)
{
	struct load l = { .c = c, .bad = "" };
	memset(c, 0, sizeof *c);
	FILE *f = fopen(path, "r");
	if (!f) {
		if (optional && errno == ENOENT)
			return 0;
		return errorf(err, EXIT_USAGE, "cannot read config file %s: "
			      "%s", path, strerror(errno));
	}
	int line = ini_parse_file(f, on_entry, &l);
	fclose(f);
	c->path = xstrdup(path);
	if (line != 0) {
		if (line > 0)
			errorf(err, EXIT_USAGE, "%s:%d: %s", path, line,
			       l.bad[0] ? l.bad : "malformed line");
		else
			errorf(err, EXIT_USAGE, "cannot read config file %s",
			       path);
		config_free(c);
		return -1;
	}
	return 0;
}

void config_free(struct config *c)
{
	free(c->path);
	free(c->secret_key);
	free(c->scenarios);
	memset(c, 0, sizeof *c);
}
