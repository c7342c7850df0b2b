/*
 * main.c - the command table, global options, exit statuses. The only
 * place that exits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/commands.h"
#include "umpire/strbuf.h"

#ifndef UMPIRE_VERSION
#define UMPIRE_VERSION "0.1.0"
#endif

const struct command commands[] = {
	{ "keygen", cmd_keygen, "keygen -s SECKEY -p PUBKEY [-W] [-f]",
	  "make a key pair in minisign's formats" },
	{ "new", cmd_new, "new SCENARIO -s SECKEY --side NAME=PUBKEY... "
	  "[--referee PUBKEY]\n           [--set OPTION=VALUE...] "
	  "[--chain-length N] [-o GAME]",
	  "create a game; the creator commits here" },
	{ "join", cmd_join, "join GAME --side NAME -s SECKEY [-o OUT]",
	  "a role commits to its dice chain and signs the header" },
	{ "status", cmd_status, "status GAME|VIEW [--brief] [-s SECKEY]",
	  "whose decision is pending, the question, the legal answers" },
	{ "orders", cmd_orders, "orders GAME|VIEW [-s SECKEY] [-o OUT]",
	  "a ready-to-sign order file for the pending decision" },
	{ "sign", cmd_sign, "sign FILE [-g GAME] [-s SECKEY] [-o OUT] [--detached] "
	  "[-t COMMENT]", "sign an order file (embedded or detached)" },
	{ "verify", cmd_verify, "verify FILE [-p PUBKEY | --game GAME] "
	  "[-x SIGFILE]", "check a signed order file" },
	{ "adjudicate", cmd_adjudicate, "adjudicate GAME ORDERS [-s SECKEY] "
	  "[-o OUT] [--report FILE]",
	  "resolve a step, add this role's reveal, countersign" },
	{ "report", cmd_report, "report GAME|VIEW [--step N] [--side NAME] "
	  "[-s SECKEY]",
	  "the report of the latest step and the position" },
	{ "render", cmd_render, "render GAME -o FILE.svg [--step N] "
	  "[--side NAME]", "the board after a step as an SVG picture" },
	{ "audit", cmd_audit, "audit GAME [--view FILE...] [-s SECKEY] "
	  "[--against GAME2]",
	  "replay and verify everything; exit 0 only if all holds" },
	{ "dice", cmd_dice, "dice GAME [--summary] [--side NAME]",
	  "every draw: step, turn, phase, purpose, pool, result" },
	{ "view", cmd_view, "view GAME --side NAME [-s SECKEY] [--seal] "
	  "[-o FILE]", "referee mode: what one side may see, signed" },
	{ "delta", cmd_delta, "delta GAME [--since N] [-o OUT]",
	  "only the steps after step N, to mail instead of the game" },
	{ "append", cmd_append, "append GAME STEPS [-o OUT]",
	  "add mailed steps to one's own game file, checked" },
	{ "mail", cmd_mail, "mail FILE... [--to ROLE|ADDRESS]... "
	  "[--from ADDRESS] [--report FILE]\n           [--inline] [-o OUT]",
	  "a ready-to-send mail message carrying umpire files" },
	{ "scenarios", cmd_scenarios, "scenarios",
	  "installed scenarios with their ids and provenance" },
	{ NULL, NULL, NULL, NULL }
};

static void help(FILE *out)
{
	fprintf(out, "umpire %s - play-by-email adjudicator for board "
		"wargames\n\nusage: umpire COMMAND [OPTIONS]\n\n",
		UMPIRE_VERSION);
	for (const struct command *c = commands; c->name; c++)
		fprintf(out, "  %-11s %s\n", c->name, c->summary);
	fprintf(out, "\nEvery command takes --help. '-' means stdin or "
		"stdout.\nExit status: 0 success, 1 refused (bad "
		"signature, illegal order,\nfailed audit), 2 usage or "
		"system error. See umpire(1).\n");
}

static char *config_path(void)
{
	const char *p = getenv("UMPIRE_CONFIG");
	struct strbuf sb = STRBUF_INIT;
	if (p && *p)
		return xstrdup(p);
	p = getenv("XDG_CONFIG_HOME");
	if (p && *p) {
		strbuf_addf(&sb, "%s/umpire/config.ini", p);
	} else {
		p = getenv("HOME");
		if (!p || !*p)
			return NULL;
		strbuf_addf(&sb, "%s/.config/umpire/config.ini", p);
	}
	return strbuf_detach(&sb, NULL);
}

static int finish(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "umpire: cannot write to stdout\n");
		return EXIT_USAGE;
	}
	return status;
}

/* "WHO: MSG" on stderr, with control bytes shown as \xNN: a message may
 * quote an untrusted file (a config line, a path) and must not drive the
 * terminal. */
static void say(const char *who, const char *msg)
{
	const unsigned char *p;

	fprintf(stderr, "%s: ", who);
	for (p = (const unsigned char *)msg; *p; p++)
		if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f)
			fprintf(stderr, "\\x%02x", *p);
		else
			fputc(*p, stderr);
	fputc('\n', stderr);
}

int main(int argc, char **argv)
{
	struct error err = { EXIT_USAGE, "" };
	struct cli cli;
	memset(&cli, 0, sizeof cli);
	cli.out = stdout;
	cli.msg = stderr;

	if (argc < 2) {
		help(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		help(stdout);
		return finish(EXIT_OK);
	}
	if (!strcmp(argv[1], "--version")) {
		printf("umpire %s\n", UMPIRE_VERSION);
		return finish(EXIT_OK);
	}
	const struct command *c;
	for (c = commands; c->name; c++)
		if (strcmp(c->name, argv[1]) == 0)
			break;
	if (!c->name) {
		snprintf(err.msg, sizeof err.msg, "unknown command '%s' (see "
			 "'umpire --help')", argv[1]);
		say("umpire", err.msg);
		return EXIT_USAGE;
	}
	if (sodium_init() < 0) {
		fprintf(stderr, "umpire: cannot initialise libsodium\n");
		return EXIT_USAGE;
	}
	const char *explicit_cfg = getenv("UMPIRE_CONFIG");
	char *cfg = config_path();
	if (cfg && config_load(&cli.cfg, cfg, !(explicit_cfg && *explicit_cfg),
			       &err)) {
		say("umpire", err.msg);
		free(cfg);
		return EXIT_USAGE;
	}
	free(cfg);
	const char *pf = getenv("UMPIRE_PASSPHRASE_FILE");
	cli.passphrase_file = pf && *pf ? pf : NULL;
	const char *sd = getenv("UMPIRE_SCENARIOS");
	cli.scenario_dir = sd && *sd ? sd : cli.cfg.scenarios ?
		cli.cfg.scenarios : UMPIRE_SCENARIO_DIR;
	cli.cmd = c->name;

	int rc = c->fn(argc - 1, argv + 1, &cli, &err);
	config_free(&cli.cfg);
	if (rc < 0) {
		fflush(stdout);
		char who[64];

		snprintf(who, sizeof who, "umpire %s", c->name);
		say(who, err.msg);
		return err.status ? err.status : EXIT_USAGE;
	}
	return finish(rc);
}
