/*
 * cli.h - what every subcommand gets from main (struct cli, in
 * invocation.h), and small helpers for option parsing and for the
 * standard streams.
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
#include <sys/types.h>
#include "umpire/error.h"
#include "umpire/invocation.h"
#include "umpire/loadgame.h"

/* Where a command reads game files (loadgame.h): cli's scenarios and
 * memo, its notes on cli->msg. */
static inline struct loader cli_loader(const struct cli *cli)
{
	return (struct loader){ cli->scenario_dir, cli->memo, cli->msg };
}

typedef int (*cmd_fn)(int argc, char **argv, const struct cli *cli,
		      struct error *err);

struct command {
	const char *name;
	cmd_fn fn;
	const char *usage;   /* one or more lines, without "usage: umpire " */
	const char *summary; /* one line */
	const char *options; /* one "  -x ARG  meaning" line (or more) per
				option, for --help */
};

/* One command-line option of a subcommand; tables end with a zeroed
 * entry. Exactly one of value, flag, list is set. */
struct opt {
	char short_name;       /* 's' for -s, or 0 */
	const char *long_name; /* "report" for --report, or NULL */
	const char **value;    /* takes a value; given at most once */
	int *flag;             /* takes no value; set to 1; at most once */
	const char **list;     /* takes a value; may repeat; appended to
				  list[*n_list], which has room for argc */
	size_t *n_list;
};

/*
 * Parse argv (argv[0] is the subcommand) against opts. Exactly n_pos
 * positional arguments go to pos[]; `what` names them for the error
 * ("GAME and ORDERS"). "-" is a positional argument (stdin or stdout) and
 * "--" ends the options. --help (or -h) prints the usage to cli->out and
 * returns 1. Returns 0, or -1 (EXIT_USAGE) for an unknown, incomplete or
 * repeated option or a wrong number of arguments.
 */
int cli_parse(const struct cli *cli, int argc, char **argv,
	      const struct opt *opts, const char **pos, size_t n_pos,
	      const char *what, struct error *err);
/* The same with min_pos to max_pos positional arguments (pos has room
 * for max_pos); *n_got receives their number. */
int cli_parse_var(const struct cli *cli, int argc, char **argv,
		  const struct opt *opts, const char **pos, size_t min_pos,
		  size_t max_pos, size_t *n_got, const char *what,
		  struct error *err);
/* Standard refusal for a bad command line (EXIT_USAGE). */
int usage_error(struct error *err, const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Print the usage of cmd to out (for --help): the synopsis, the summary
 * and every option of opts with its meaning. An option of opts that the
 * command table does not describe is listed as "(no description)", which
 * tests/e2e/help.bats refuses. */
void print_usage(FILE *out, const char *cmd, const struct opt *opts);

struct game;
struct run;
struct seckey;
struct strbuf;
struct view;

/* Load a view and check its referee's signature; with sk (may be NULL),
 * open it if sealed and check it against what sk's record knows
 * (view_trust). */
int cli_view_key(const struct cli *cli, const char *path, const char *buf,
		 size_t len, const struct seckey *sk, struct view *v,
		 struct error *err);
/* The same, the view read from path (a file, or mail around it). */
int cli_view_file(const struct cli *cli, const char *path,
		  const struct seckey *sk, struct view *v, struct error *err);
/* cli_view_key with the key seckey names (-s), else, for a sealed view,
 * the config's secret_key; *keyed (if not NULL) says whether a key
 * checked the view. */
int cli_view(const struct cli *cli, const char *path, const char *buf,
	     size_t len, const char *seckey, struct view *v, int *keyed,
	     struct error *err);
/* --config FILE of a command (umpire new, mail): *own is cli with
 * FILE's config in place of the usual one (its scenarios too, unless
 * $UMPIRE_SCENARIOS names them), or cli as it is when config is NULL;
 * cli_config_free frees what it loaded. */
int cli_config(const struct cli *cli, const char *config, struct cli *own,
	       struct error *err);
void cli_config_free(struct cli *own, const char *config);
/* audit_views (auditview.h) of views of g, run a check of it, as umpire
 * audit --view and replay --game ask: a sealed view opened with the key
 * seckey names (-s), else the config's; *skipped as audit_views'. */
int cli_audit_views(const struct cli *cli, struct game *g,
		    const struct run *run, const char *const *views,
		    size_t n, const char *seckey, size_t *skipped,
		    struct error *err);
/* What signs for a command: cli's loader, where umpire mail sends kept
 * (cli_keep_addresses), and for sign --check a view opened with the key
 * key names (-s), else for a sealed view the config's, as cli_view
 * (key NULL: no key): rq's loader, view_key, ctx and seen set, the rest
 * as the command filled it. */
struct cli_key {
	const struct cli *cli;
	const char *seckey;        /* -s, or NULL */
};
struct sign_request;
void cli_sign_request(const struct cli *cli, const struct cli_key *key,
		      struct sign_request *rq);
/* Load the secret key at path, or the config's default if path is NULL. */
int cli_seckey(const struct cli *cli, const char *path, struct seckey **sk,
	       struct error *err);
/* Refuse (EXIT_USAGE) -o when it is the input `in` (named `what`) or the
 * secret key (seckey, else the config's): io_distinct in fsutil.h. */
int cli_distinct(const struct cli *cli, const char *what, const char *in,
		 const char *seckey, const char *out, struct error *err);
/*
 * Whose view a command shows (umpire(1) --side): --side when given, in
 * any mode; else, in honour mode, the role of the secret key (-s, else
 * the config's), or "" (no side: nothing hidden is shown); else NULL
 * (a full game file is the referee's, or holds nothing hidden).
 */
int cli_honour_side(const struct cli *cli, const struct game *g,
		    const char *side, const char *seckey, const char **out,
		    struct error *err);
/*
 * The address a join carries (umpire new, umpire join): given (--address)
 * or else the config's [umpire] address, reduced to its addr-spec
 * ("Alice <alice@example.org>" gives alice@example.org) in out (size >
 * MAIL_ADDR_MAX); *addr is out, or NULL when there is none. A value that
 * is not exactly one address (a list) is refused (EXIT_USAGE), naming
 * where it was given.
 */
int cli_join_address(const struct cli *cli, const char *given, char *out,
		     size_t size, const char **addr, struct error *err);
/*
 * The addresses game g gives its roles (game_address: their joins',
 * else their invitations'), from its signed header, kept in this
 * machine's state directory ($XDG_STATE_HOME/umpire/addresses/GAMEID,
 * a line "ROLE ADDRESS" each) when a command reads the game or a view
 * of it (umpire join, orders, sign -g): umpire mail finds there where a
 * file that names the game but not its roles (signed or sealed orders,
 * a request) goes, the game's own judge, before the config's
 * [addresses]. Best effort: nothing is said when it cannot be kept.
 */
void cli_keep_addresses(const struct game *g);
/* What cli_keep_addresses kept for game id (32 hex digits), appended to
 * out: 1, or 0 when nothing is kept. */
int cli_kept_addresses(const char *id, struct strbuf *out);
/* Signed orders are about to go to -o out (NULL: stdout), and signing
 * them fills the key's local record (one order file a step): refused
 * (EXIT_USAGE) when out is a character device (/dev/null, a terminal),
 * which keeps nothing, so that a dry run never locks the step; the
 * message points at 'umpire sign FILE --check -g GAME'. */
int cli_signed_output(const char *out, struct error *err);
/* Write sb to path ("-" or NULL: stdout) atomically; a new file gets
 * mode (write_output): game_output_mode of the game it is made from, or
 * 0600 for what may hold hidden information whatever the game (a view,
 * orders, a letter). */
int cli_write(const char *path, const struct strbuf *sb, mode_t mode,
	      struct error *err);

#endif
