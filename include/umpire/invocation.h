/*
 * invocation.h - what main hands each command and, through umpire
 * judge, the judge: the config, the standard streams, the scenarios.
 * The commands' helpers over it are in cli.h; the judge sees only this.
 *
 * Ownership: main owns struct cli and everything in it for the whole
 * run; its callees only read it (the judge copies it to set its memo).
 */
#ifndef UMPIRE_INVOCATION_H
#define UMPIRE_INVOCATION_H

#include <stdio.h>
#include "umpire/config.h"

struct memo;

struct cli {
	const char *cmd;            /* subcommand name, for messages */
	struct config cfg;          /* from the config file, may be empty */
	const char *config_path;    /* the usual config file's path, read
				       or not (NULL: no $HOME) */
	const char *passphrase_file;/* $UMPIRE_PASSPHRASE_FILE or NULL */
	const char *scenario_dir;   /* $UMPIRE_SCENARIOS, config, built-in */
	FILE *out;                  /* stdout */
	FILE *msg;                  /* stderr: reports, notices */
	/* what a judge serving many messages keeps between them (memo.h),
	 * for the games it reads; NULL in a one-shot command */
	struct memo *memo;
};

#endif
