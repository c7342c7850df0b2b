/*
 * cli.h - what every subcommand gets from main, and small helpers for
 * option parsing and for the standard streams.
 *
 * Ownership: main owns struct cli and everything in it for the whole run;
 * commands only read it. A command returns an exit status (EXIT_OK or
 * EXIT_REFUSED for an answer like "audit failed") or -1 with *err filled;
 * main prints "umpire: <message>" and exits with err->status. Commands
 * never call exit().
 */
#ifndef UMPIRE_CLI_H
#define UMPIRE_CLI_H

#include <stdio.h>
#include "umpire/config.h"
#include "umpire/error.h"

struct cli {
	const char *cmd;            /* subcommand name, for messages */
	struct config cfg;          /* from the config file, may be empty */
	const char *passphrase_file;/* $UMPIRE_PASSPHRASE_FILE or NULL */
	const char *scenario_dir;   /* $UMPIRE_SCENARIOS, config, built-in */
	FILE *out;                  /* stdout */
	FILE *msg;                  /* stderr: reports, notices */
};

typedef int (*cmd_fn)(int argc, char **argv, const struct cli *cli,
		      struct error *err);

struct command {
	const char *name;
	cmd_fn fn;
	const char *usage;   /* one or more lines, without "usage: umpire " */
	const char *summary; /* one line */
};

/* Record option `opt` as seen; refuse a repeated option. */
int opt_once(unsigned long long *seen, int opt, const char *name,
	     struct error *err);
/* Standard refusal for a bad command line (EXIT_USAGE). */
int usage_error(struct error *err, const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Print the usage of cmd to out (for --help). */
void print_usage(FILE *out, const char *cmd);

struct game;
struct seckey;
struct strbuf;

/* Load a game file with the scenario directory of cli. */
int cli_game(const struct cli *cli, const char *path, struct game *g,
	     struct error *err);
/* Load the secret key at path, or the config's default if path is NULL. */
int cli_seckey(const struct cli *cli, const char *path, struct seckey **sk,
	       struct error *err);
/* Write sb to path ("-" or NULL: stdout) atomically. */
int cli_write(const char *path, const struct strbuf *sb, struct error *err);

#endif
