/*
 * common.c - option helpers shared by the subcommands.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "umpire/commands.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/keys.h"

int opt_once(unsigned long long *seen, int opt, const char *name,
	     struct error *err)
{
	unsigned bit = (unsigned)opt & 63u;
	if (*seen & (1ull << bit))
		return errorf(err, EXIT_USAGE, "option %s given twice", name);
	*seen |= 1ull << bit;
	return 0;
}

void print_usage(FILE *out, const char *cmd)
{
	for (const struct command *c = commands; c->name; c++)
		if (strcmp(c->name, cmd) == 0)
			fprintf(out, "usage: umpire %s\n%s.\nSee umpire(1).\n",
				c->usage, c->summary);
}

int usage_error(struct error *err, const char *cmd, const char *fmt, ...)
{
	char msg[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	for (const struct command *c = commands; c->name; c++)
		if (strcmp(c->name, cmd) == 0)
			return errorf(err, EXIT_USAGE, "%s\nusage: umpire %s",
				      msg, c->usage);
	return errorf(err, EXIT_USAGE, "%s", msg);
}

int cli_game(const struct cli *cli, const char *path, struct game *g,
	     struct error *err)
{
	return game_load(g, path, cli->scenario_dir, err);
}

int cli_seckey(const struct cli *cli, const char *path, struct seckey **sk,
	       struct error *err)
{
	if (!path)
		path = cli->cfg.secret_key;
	if (!path)
		return errorf(err, EXIT_USAGE, "no secret key: give -s SECKEY "
			      "or set secret_key in the config file");
	return seckey_load(path, cli->passphrase_file, sk, err);
}

int cli_write(const char *path, const struct strbuf *sb, struct error *err)
{
	return write_output(path ? path : "-", sb->buf ? sb->buf : "",
			    sb->len, 0644, 0, err);
}
