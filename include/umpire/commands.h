/*
 * commands.h - one function per subcommand (src/cmd/<name>.c), and the
 * command table in src/main.c. See cli.h for the calling convention.
 */
#ifndef UMPIRE_COMMANDS_H
#define UMPIRE_COMMANDS_H

#include "umpire/cli.h"
#include "umpire/strbuf.h"

int cmd_keygen(int argc, char **argv, const struct cli *cli,
	       struct error *err);
int cmd_new(int argc, char **argv, const struct cli *cli, struct error *err);
int cmd_join(int argc, char **argv, const struct cli *cli, struct error *err);
int cmd_status(int argc, char **argv, const struct cli *cli,
	       struct error *err);
int cmd_orders(int argc, char **argv, const struct cli *cli,
	       struct error *err);
int cmd_desk(int argc, char **argv, const struct cli *cli, struct error *err);
int cmd_sign(int argc, char **argv, const struct cli *cli, struct error *err);
int cmd_delta(int argc, char **argv, const struct cli *cli,
	      struct error *err);
int cmd_append(int argc, char **argv, const struct cli *cli,
	       struct error *err);
int cmd_ask(int argc, char **argv, const struct cli *cli,
	    struct error *err);
int cmd_lock(int argc, char **argv, const struct cli *cli,
	     struct error *err);
int cmd_open(int argc, char **argv, const struct cli *cli,
	     struct error *err);
int cmd_mail(int argc, char **argv, const struct cli *cli,
	     struct error *err);
int cmd_verify(int argc, char **argv, const struct cli *cli,
	       struct error *err);
int cmd_adjudicate(int argc, char **argv, const struct cli *cli,
		   struct error *err);
int cmd_report(int argc, char **argv, const struct cli *cli,
	       struct error *err);
int cmd_render(int argc, char **argv, const struct cli *cli,
	       struct error *err);
int cmd_audit(int argc, char **argv, const struct cli *cli,
	      struct error *err);
int cmd_dice(int argc, char **argv, const struct cli *cli, struct error *err);
int cmd_view(int argc, char **argv, const struct cli *cli, struct error *err);
int cmd_judge(int argc, char **argv, const struct cli *cli,
	      struct error *err);
int cmd_replay(int argc, char **argv, const struct cli *cli,
	       struct error *err);
int cmd_scenarios(int argc, char **argv, const struct cli *cli,
		  struct error *err);

extern const struct command commands[];

#endif
