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

struct seckey;
struct strbuf;
/*
 * What `umpire sign FILE [-g GAME] [--refused REFUSAL --view VIEW]` does
 * to an order file already read, with a key already loaded (umpire
 * orders --sign: one passphrase). GAME, refused and view may be NULL.
 * The signed text goes to out.
 */
int sign_orders(const struct cli *cli, const char *name, const char *game,
		const char *refused, const char *view,
		const struct seckey *sk, const char *buf, size_t len,
		struct strbuf *out, struct error *err);
/*
 * Replace out, the signed text of the order file name (buf, len), by
 * those orders sealed to the referee's key pk (umpire sign --seal).
 */
struct pubkey;
int seal_signed_orders(const struct pubkey *pk, const char *name,
		       const char *buf, size_t len, struct strbuf *out,
		       struct error *err);

struct game;
struct run;
/* umpire audit GAME --view FILE...: each view (opened, if sealed, with
 * the key seckey names, else the config's) is exactly what the referee
 * should have sent: the game's redaction for its side and step, rebuilt
 * from run, a check of g. A file that is a letter of the judge's with
 * no view (cli_not_view) is skipped, said so, and counted in *skipped
 * (may be NULL). */
int audit_views(const struct cli *cli, struct game *g, const struct run *run,
		const char *const *views, size_t n, const char *seckey,
		size_t *skipped, struct error *err);
/* What adjudicate_orders did: the report of the new step (as
 * cmd_adjudicate prints it); refused: the referee's signed refusal and
 * the side it is for, or why none may be given (both empty when it was
 * refused before the orders were read as the pending side's). */
struct adjudicated {
	struct strbuf report, refusal, refusal_why;
	const char *side;
};
void adjudicated_free(struct adjudicated *res);
/*
 * What must be durable before a new step's game file is renamed into
 * place (the judge's letters of the step): called with the game holding
 * the new step and the run that computed it, after the game file is
 * staged and the step recorded; an error abandons the step (nothing
 * written); what it writes it leaves to later to sync (fsutil.h): the
 * step's files are made durable together, once, before the rename.
 * What the run must hold for it, set by the hook's maker:
 * the events, draws and marks from step events_from on (g->events_from;
 * 0: the new step's only); its pending question has the report's few
 * examples (REPORT_EXAMPLES).
 */
struct sync_later;
struct step_hook {
	int (*before_commit)(void *ctx, struct game *g, const struct run *run,
			     struct sync_later *later, struct error *err);
	void *ctx;
	size_t events_from;
	/* may be NULL: called with the game holding the new step before
	 * its file is made (the judge records when it took the step:
	 * clock.h) */
	int (*before_emit)(void *ctx, struct game *g, struct error *err);
	/* the game file out is a store that grows by appending
	 * (gamestore.h: the judge's) */
	int append;
};
/*
 * umpire adjudicate GAME ORDERS after both are read (the game parsed
 * with GAME_PARSE_CHECKPOINTS, the orders in *buf, their detached
 * signature in *sig or from sigpath) and the key sk loaded: sealed
 * orders opened, the step adjudicated under sk's record, the new game
 * file written to out ("-": stdout) and the report to rep (may be
 * NULL), both or neither. g then holds the new step. notes (may be
 * NULL): what was taken out of the mail around the orders. hook (may be
 * NULL): called before the game file is committed.
 */
int adjudicate_orders(const struct cli *cli, struct game *g,
		      const char *orders, char **buf, size_t *len,
		      char **sig, size_t *siglen, const char *sigpath,
		      const struct seckey *sk, const char *out,
		      const char *rep, int full, const struct strbuf *notes,
		      const struct step_hook *hook, struct adjudicated *res,
		      struct error *err);
/*
 * What `umpire mail` writes, for umpire judge: a message from `from` to
 * the address `to` carrying the n files (names[i]: the attachment's
 * name) with body as its text (NULL: the subject), its subject
 * "[umpire] " and subj (NULL: what umpire mail says of the first file).
 */
int mail_compose(const struct cli *cli, const char *subj,
		 const char *const *names, char *const *bufs,
		 const size_t *lens, size_t n, const char *body,
		 const char *to, const char *from, struct strbuf *out,
		 struct error *err);

extern const struct command commands[];

#endif
