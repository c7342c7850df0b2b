/*
 * adjudicate.c - umpire adjudicate: the counter-party resolves a step,
 * adds its reveal, countersigns, and writes the new game file and report
 * (core's adjudicate_orders: here, the options read into its request
 * and what it did printed). In referee mode, --refusal OUT: when the
 * orders are refused, the referee's signed refusal (refusal.h), with
 * which the side may sign other orders for the step.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/adjudicate.h"
#include "umpire/commands.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/mail.h"

int cmd_adjudicate(int argc, char **argv, const struct cli *cli,
		   struct error *err)
{
	const char *seckey = NULL, *refusal = NULL;
	const char *pos[2];
	struct seckey *sk = NULL;
	struct adjudicate_request rq = { .msg = cli->msg };
	struct game g;
	struct adjudicated res;
	int rc = -1;
	const struct opt opts[] = {
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 'o', NULL, &rq.out, NULL, NULL, NULL },
		{ 'x', NULL, &rq.sigpath, NULL, NULL, NULL },
		{ 0, "report", &rq.report, NULL, NULL, NULL },
		{ 0, "full", NULL, &rq.full, NULL, NULL },
		{ 0, "refusal", &refusal, NULL, NULL, NULL },
		{ 0 }
	};
	int prc = cli_parse(cli, argc, argv, opts, pos, 2, "GAME and ORDERS",
			    err);
	if (prc)
		return prc < 0 ? -1 : 0;
	const char *game_path = pos[0], *orders = pos[1];
	if (!strcmp(game_path, "-") && !strcmp(orders, "-"))
		return usage_error(err, "adjudicate", "GAME and ORDERS cannot "
				   "both be stdin");
	const struct io_name in[] = { { "game file", game_path },
		{ "order file", orders },
		{ "secret key", seckey ? seckey : cli->cfg.secret_key },
		{ "signature file", rq.sigpath } };
	const struct io_name outs[] = { { "-o", rq.out },
		{ "--report", rq.report }, { "--refusal", refusal } };
	if (io_distinct(in, 4, outs, 3, err))
		return -1;
	if (load_game(cli_loader(cli), game_path, GAME_PARSE_CHECKPOINTS, &g,
		      err))
		return -1;
	struct strbuf notes = STRBUF_INIT, taken = STRBUF_INIT;
	int mrc = mail_read_kind(orders, 1u << 20, NULL, &rq.buf, &rq.len,
				 rq.sigpath ? NULL : &rq.sig, &rq.siglen,
				 &notes, &taken, err);
	if (taken.len)
		fprintf(cli->msg, "umpire: note: %s: the orders were read "
			"from %s of the message, which holds more than one "
			"umpire file\n", path_name(orders), taken.buf);
	strbuf_free(&taken);
	if (mrc)
		goto out;
	if (adjudicate_addressed(&g, path_name(orders), rq.buf, rq.len,
				 err) ||
	    cli_seckey(cli, seckey, &sk, err))
		goto out;
	rq.orders = orders;
	rq.sk = sk;
	rq.notes = &notes;
	rc = adjudicate_orders(&g, &rq, &res, err);
	/* refused: with --refusal, the signed refusal, or why none */
	struct error why;
	if (rc && refusal && res.refusal.len &&
	    write_output(refusal, res.refusal.buf, res.refusal.len,
			 game_output_mode(&g), 0, &why) == 0)
		fprintf(cli->msg, "umpire: %s: the signed refusal is in %s; "
			"mail it to %s with the view, who may then sign other "
			"orders for step %zu (umpire sign --refused)\n",
			path_name(orders), refusal, res.side, g.n_steps + 1);
	else if (rc && refusal && (res.refusal.len || res.refusal_why.len))
		fprintf(cli->msg, "umpire: %s: no refusal written to %s: "
			"%s\n", path_name(orders), refusal,
			res.refusal.len ? why.msg : res.refusal_why.buf);
	if (rc == 0 && !rq.report)
		fputs(res.report.buf, cli->msg);
	adjudicated_free(&res);
out:
	strbuf_free(&notes);
	seckey_free(sk);
	free(rq.buf);
	free(rq.sig);
	game_free(&g);
	return rc;
}
