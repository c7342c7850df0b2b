/*
 * adjudicate.c - umpire adjudicate: the counter-party resolves a step,
 * adds its reveal, countersigns, and writes the new game file and report.
 */
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/commands.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/mail.h"
#include "umpire/record.h"
#include "umpire/report.h"
#include "umpire/sign.h"
#include "umpire/view.h"

int cmd_adjudicate(int argc, char **argv, const struct cli *cli,
		   struct error *err)
{
	const char *seckey = NULL, *out = NULL, *rep = NULL, *sigpath = NULL;
	const char *pos[2];
	struct seckey *sk = NULL;
	char *buf = NULL, *sig = NULL;
	size_t len, siglen = 0;
	struct game g;
	struct run run;
	int rc = -1, full = 0;
	const struct opt opts[] = {
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 'x', NULL, &sigpath, NULL, NULL, NULL },
		{ 0, "report", &rep, NULL, NULL, NULL },
		{ 0, "full", NULL, &full, NULL, NULL },
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
		{ "signature file", sigpath } };
	const struct io_name outs[] = { { "-o", out }, { "--report", rep } };
	if (io_distinct(in, 4, outs, 2, err))
		return -1;
	if (cli_game_flags(cli, game_path, &g, GAME_PARSE_CHECKPOINTS, err))
		return -1;
	struct strbuf notes = STRBUF_INIT;
	if (mail_read_received(orders, 1u << 20, &buf, &len,
			       sigpath ? NULL : &sig, &siglen, &notes, err))
		goto out;
	struct strbuf signame = STRBUF_INIT;
	if (cli_seckey(cli, seckey, &sk, err))
		goto out_sig;
	/* orders sealed to the referee (item 3 of issue 9): opened with
	 * the referee's key, then read as any signed orders */
	if (is_sealed_orders(buf, len)) {
		char *plain;
		size_t plen;
		if (sealed_open(path_name(orders), buf, len,
				SEALED_ORDERS_FORMAT, sk, &plain, &plen, err))
			goto out_sig;
		free(buf);
		buf = plain;
		len = plen;
	}
	if (!sig && cli_detached(orders, sigpath, buf, len, &signame, &sig,
				 &siglen, err))
		goto out_sig;
	/* the history this key verified before (item 7 of issue 9) */
	struct record rec;
	if (record_for_game(&rec, sk, &g, err))
		goto out_sig;
	/* the report tells the new step only: a replay from this
	 * machine's checkpoint */
	g.checkpoints = CHECKPOINTS_USE;
	g.examples = REPORT_EXAMPLES;
	if (game_adjudicate(&g, path_name(orders), buf, len, sig, siglen, sk,
			    &run, err)) {
		if (notes.len)
			error_prefix(err, "(%s taken away)", notes.buf);
		record_free(&rec);
		goto out_sig;
	}
	/* never two different orders countersigned for one step: the
	 * record is written before the game file is */
	const struct game_step *st = &g.steps[g.n_steps - 1];
	unsigned char oh[32];
	crypto_generichash(oh, 32, st->blob, st->blob_len, NULL, 0);
	if (record_mark(&rec, 'c', st->n, oh, path_name(orders), err) ||
	    record_done(&rec, &g, err)) {
		record_free(&rec);
		engine_free(&run);
		goto out_sig;
	}
	if (notes.len)
		fprintf(cli->msg, "umpire: note: %s: the signed orders were "
			"read out of the mail around them (%s taken away)\n",
			path_name(orders), notes.buf);
	struct strbuf text = STRBUF_INIT, report = STRBUF_INIT;
	struct report_at at;
	/* honour mode (item 2 of issue 9): the adjudicator's own view
	 * unless --full asks for every side's */
	const char *side = !full && game_honour(&g) ? cli_role_of(&g, sk) :
		NULL;
	report_latest(&g, &run, side, &at);
	report_step(&g, &run, &at, &report);
	/* the game file and the report: both or neither */
	struct staged files[2];
	size_t n_files = 0;
	if (game_emit_step(&g, &text, err) == 0 &&
	    write_stage(&files[n_files++], out ? out : "-", text.buf,
			text.len, 0644, 0, err) == 0 &&
	    (!rep || write_stage(&files[n_files++], rep, report.buf,
				 report.len, 0644, 0, err) == 0) &&
	    write_commit(files, n_files, err) == 0)
		rc = 0;
	else
		write_abort(files, n_files);
	if (rc == 0 && !rep)
		fputs(report.buf, cli->msg);
	strbuf_free(&text);
	strbuf_free(&report);
	engine_free(&run);
out_sig:
	strbuf_free(&signame);
out:
	strbuf_free(&notes);
	seckey_free(sk);
	free(buf);
	free(sig);
	game_free(&g);
	return rc;
}
