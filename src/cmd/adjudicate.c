/*
 * adjudicate.c - umpire adjudicate: the counter-party resolves a step,
 * adds its reveal, countersigns, and writes the new game file and report.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "umpire/commands.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/report.h"
#include "umpire/sign.h"

int cmd_adjudicate(int argc, char **argv, const struct cli *cli,
		   struct error *err)
{
	static const struct option lo[] = {
		{ "report", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *seckey = NULL, *out = NULL, *rep = NULL, *sigpath = NULL;
	unsigned long long seen = 0;
	struct seckey *sk = NULL;
	char *buf = NULL, *sig = NULL;
	size_t len, siglen = 0;
	struct game g;
	struct run run;
	int opt, rc = -1;

	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "s:o:x:h", lo, NULL)) != -1) {
		const char **slot = opt == 's' ? &seckey : opt == 'o' ? &out :
			opt == 'r' ? &rep : opt == 'x' ? &sigpath : NULL;
		if (opt == 'h') {
			print_usage(cli->out, "adjudicate");
			return 0;
		}
		if (!slot)
			return usage_error(err, "adjudicate", "unknown or "
					   "incomplete option '%s'",
					   argv[optind - 1]);
		if (opt_once(&seen, opt, opt == 'r' ? "--report" : opt == 's' ?
			     "-s" : opt == 'o' ? "-o" : "-x", err))
			return -1;
		*slot = optarg;
	}
	if (optind + 2 != argc)
		return usage_error(err, "adjudicate", "give GAME and ORDERS");
	const char *game_path = argv[optind], *orders = argv[optind + 1];
	if (!strcmp(game_path, "-") && !strcmp(orders, "-"))
		return usage_error(err, "adjudicate", "GAME and ORDERS cannot "
				   "both be stdin");
	if (cli_game(cli, game_path, &g, err))
		return -1;
	if (read_input(orders, 1u << 20, &buf, &len, err))
		goto out;
	/* A detached signature: -x, or ORDERS.minisig beside the file. */
	struct strbuf auto_sig = STRBUF_INIT;
	if (!sigpath && strcmp(orders, "-") != 0) {
		size_t bl;
		struct strbuf tmp = STRBUF_INIT;
		struct error e2;
		strbuf_addf(&auto_sig, "%s.minisig", orders);
		if (embed_split(orders, buf, len, &bl, &tmp, &e2) == 0 &&
		    access(auto_sig.buf, R_OK) == 0)
			sigpath = auto_sig.buf;
		strbuf_free(&tmp);
	}
	if (sigpath && read_input(sigpath, 1u << 16, &sig, &siglen, err))
		goto out_sig;
	if (cli_seckey(cli, seckey, &sk, err) ||
	    game_adjudicate(&g, path_name(orders), buf, len, sig, siglen, sk,
			    &run, err))
		goto out_sig;
	struct strbuf text = STRBUF_INIT, report = STRBUF_INIT;
	report_step(&g, &run, g.n_steps, &report);
	if (game_emit(&g, &text, err) == 0 && cli_write(out, &text, err) == 0)
		rc = 0;
	if (rc == 0 && rep)
		rc = write_output(rep, report.buf, report.len, 0644, 0, err);
	else if (rc == 0)
		fputs(report.buf, cli->msg);
	strbuf_free(&text);
	strbuf_free(&report);
	engine_free(&run);
out_sig:
	strbuf_free(&auto_sig);
out:
	seckey_free(sk);
	free(buf);
	free(sig);
	game_free(&g);
	return rc;
}
