/*
 * game.h - the game file: header (genesis), current state, and the
 * hash-linked, countersigned ledger of steps. See umpire-game(5) and
 * umpire-protocol(7).
 *
 * Ownership: struct game owns its doc, its scenario, its step array and
 * start state; every pointer inside points into those. game_free releases
 * all of it. The struct itself is the caller's.
 */
#ifndef UMPIRE_GAME_H
#define UMPIRE_GAME_H

#include <stdio.h>
#include "umpire/gamedata.h"

/* The state and the pending question after one step (a copy). */
struct snapshot {
	size_t step;
	void *state;              /* malloc'd, ruleset.state_size bytes */
	struct question next;
	int over;
};

/* How much game_check verifies. */
enum check_level {
	CHECK_LIGHT, /* hashes, links, reveals, seeds, and every signature
		      * of the steps after g->trusted */
	CHECK_FULL   /* every signature of every step */
};

/* Create a new game from a scenario; roles given in order, referee last.
 * invites (may be NULL, or hold NULLs): the mail address each role is
 * invited at, one addr-spec (mail_addr_spec_ok), written into the
 * header as the role's `invite`, where every join signs it. */
int game_create(struct game *g, const char *scn_dir, const char *scenario_id,
		char *const *sets, size_t n_sets, const char *const *names,
		const struct pubkey *keys, const char *const *invites,
		size_t n_roles, uint32_t chain_length,
		const struct game_clock *clock, struct error *err);
/* Read and structurally validate a game file; finds its scenario. */
int game_load(struct game *g, const char *path, const char *scn_dir,
	      struct error *err);
/* The same, from a buffer read already; name is for messages. */
int game_parse(struct game *g, const char *name, const char *buf,
	       size_t len, const char *scn_dir, struct error *err);
/* With GAME_PARSE_CHECKPOINTS, a step that is, node for node, one this
 * machine verified before (checkpoint.h) takes its hash from the
 * checkpoints and leaves its orders undecoded (step->lazy) until
 * game_step_blob; for per-turn commands that set g->checkpoints. */
enum { GAME_PARSE_CHECKPOINTS = 1,
       GAME_PARSE_WHOLE = 2, /* every step parsed all the same */
       GAME_PARSE_VIEW = 4,  /* the vouched prefix a view reads: the
				oldest kept checkpoint's, not the
				latest's (gamedata.h, cut_oldest) */
       GAME_PARSE_AS_READ = 8, /* buf is the file's bytes as read, the
				 mail layer not yet run over them: see
				 game_parse_flags */
       GAME_PARSE_NEWEST = 16, /* with GAME_PARSE_VIEW: the newest cut's
				 prefix read, the others kept for a view
				 that needs more (game_unstub_for) */
       GAME_PARSE_STREAM = 32 /* the steps read one at a time as they
				 are parsed, their nodes not kept
				 (gamestream.c): for a whole game's check
				 that reads no step's node after it (umpire
				 audit with no view); not with
				 GAME_PARSE_CHECKPOINTS */,
       GAME_PARSE_PULL = 64 /* with GAME_PARSE_STREAM, a file read as
				it is: its steps read, counted and not
				kept, the whole game's check to read them
				again from the file, two at a time
				(game.pulled) */ };
/* With GAME_PARSE_CHECKPOINTS, the steps of the vouched prefix
 * (checkpoint.h) are not parsed at all when the file begins its steps
 * with the very bytes this machine verified: they are stubs (gamedata.h)
 * that game_check, the local record, the checkpoints and game_emit use
 * as they are. A command that needs them after all reads them with
 * game_unstub. */
int game_unstub(struct game *g, struct error *err);
/* game_unstub for a view of side: of a game read for views
 * (GAME_PARSE_VIEW), only the steps after the newest cut before the
 * side's own latest step are read (the whole game where no cut is
 * earlier than the one read, or the game was not read for views). The
 * side's latest step is a hint taken from the text (a late step the
 * judge took for it is counted as its own): the caller checks that the
 * steps it needs were read, and reads the game whole if not. */
int game_unstub_for(struct game *g, const char *side, struct error *err);
/* With GAME_PARSE_AS_READ (and GAME_PARSE_CHECKPOINTS), the file is read
 * only from its vouched prefix, and only where the mail layer would take
 * it as it is (mail_game_as_read, the prefix not looked at): 0 then;
 * else 1, nothing read and err untouched, and the caller puts the bytes
 * through the mail layer (mail_take_file) and reads them again without
 * the flag. A long game's file is then looked at once outside its
 * prefix, not once by each layer. */
int game_parse_flags(struct game *g, const char *name, const char *buf,
		     size_t len, const char *scn_dir, unsigned flags,
		     struct error *err);
/* game_parse_flags with what a judge serving many messages keeps
 * between them (memo.h; NULL: none): the game reads its scenario from
 * it and seals with its keys (g->memo). */
struct memo;
int game_parse_memo(struct game *g, const char *name, const char *buf,
		    size_t len, const char *scn_dir, unsigned flags,
		    struct memo *memo, struct error *err);
/* game_parse_flags(GAME_PARSE_AS_READ) of the regular file at path,
 * which is not read whole: its vouched prefix is compared a piece at a
 * time where it lies, never copied (at step 1,024 of a long game the
 * copy, and the memory it took, cost more than the compare). 0 when so
 * read; else -1 (g empty, nothing said): the caller reads the file
 * through the mail layer. */
int game_read_vouched(struct game *g, const char *path, const char *name,
		      const char *scn_dir, unsigned flags, struct memo *memo);
/* game_parse_flags(GAME_PARSE_STREAM) of the regular file at path,
 * never held whole: when the file is what the mail layer takes as it
 * is, and canonical (checked a piece at a time), it is parsed as it is
 * read again. 0 when so read, -1 when so refused (err says why, as
 * game_parse_flags would); else 1 (g empty, nothing said): the caller
 * reads the file through the mail layer. */
int game_stream_file(struct game *g, const char *path, const char *name,
		     int pull, const char *scn_dir, struct memo *memo,
		     struct error *err);
/* pull (GAME_PARSE_PULL): no step kept (game.pulled); step i, in
 * order, read again from the file into the place game_step_at gives
 * (the step held there dropped): 1, 0 at the steps' end, -1 with err;
 * then, each step pulled, whether the file ended its steps there with
 * the last step read first (0; else -1, it changed while read). */
int game_step_pull(struct game *g, size_t i, struct error *err);
int game_steps_pulled(struct game *g, struct error *err);
int game_load_flags(struct game *g, const char *path, const char *scn_dir,
		    unsigned flags, struct error *err);
/* Step i's orders decoded (s->blob), if they were left lazy. */
int game_step_blob(struct game *g, size_t i, struct error *err);
void game_free(struct game *g);
/* A game with no steps from a header mapping (the header of a view). */
int game_from_header(struct game *g, const char *name,
		     const struct doc_node *header, const char *scn_dir,
		     struct error *err);

/* Every role has joined and its join signature holds. */
int game_verify_header(struct game *g, struct error *err);
/* Every join in the header holds (roles still to join allowed). */
int game_verify_joined(struct game *g, struct error *err);

/* Commit role (chain anchor) and sign the header with sk. */
int game_join(struct game *g, const char *role, const struct seckey *sk,
	      struct error *err);
/* The same, the join carrying the side's mail address (may be NULL),
 * signed with it: where umpire judge mails that side. The address must
 * be exactly one addr-spec (mail_addr_spec_ok), else refused. */
int game_join_address(struct game *g, const char *role,
		      const struct seckey *sk, const char *address,
		      struct error *err);

/*
 * The joins of in that g lacks, added to g (umpire judge: the join a
 * side mailed, into the game kept): same game and header core, every
 * join of in verified; a role joined in both must have the same join;
 * one to add, only while g has no step. *added: how many were added.
 * Every join of in that carries an address must carry one addr-spec,
 * as a new join must (refused otherwise, even a join g has too).
 */
int game_take_joins(struct game *g, struct game *in, size_t *added,
		    struct error *err);
/* Whether in holds a join a party of g signed: g's header core, and a
 * join of in that g does not hold (one it holds anyone may copy) whose
 * signature holds under that role's key in g (what game_take_joins
 * refused may still be a party's). */
int game_party_signed(struct game *g, const struct game *in);

/*
 * Verify the ledger and replay it. extra (may be NULL) is one more step
 * to run after the recorded ones (adjudication or an order template).
 * On success run holds the replay; the caller engine_free()s it. Errors
 * name the step. The signatures are checked on a second thread while
 * the rules replay (sigq.h); the outcome and the error are those of one
 * check after another.
 */
int game_check(struct game *g, enum check_level level,
	       const struct engine_step *extra, struct run *run,
	       struct error *err);

/*
 * Refuse (EXIT_REFUSED) orders that name another game than g, or a step
 * (when step >= 0; sealed orders name none outside) other than n: what
 * an order file says of itself, checked before any key is unlocked.
 */
int game_orders_for(const struct game *g, const char *name,
		    const char *game_id, long long step, long long n,
		    struct error *err);
/*
 * Adjudicate: verify the signed orders (embedded, or detached with
 * sigtext), run the step, and append it countersigned by sk. run receives
 * the replay including the new step.
 */
int game_adjudicate(struct game *g, const char *orders_name,
		    const char *buf, size_t len, const char *sigtext,
		    size_t siglen, const struct seckey *sk, struct run *run,
		    struct error *err);

/* The role's chain link c[i], derived from its secret key (i = 0: its
 * anchor). */
int game_link(const struct game *g, const char *role,
	      const struct seckey *sk, uint64_t i, unsigned char out[32],
	      struct error *err);
/* The index in role's chain of the link it reveals at the step after the
 * game's last one: one more than the steps it took part in (as actor or
 * counter-party), or in a game/2 file the step's number. */
uint64_t game_next_link(struct game *g, const char *role);

/* Verify a signed order file against the game's pending decision. */
/*
 * The actor's own check of its orders before they are signed or mailed:
 * every standing order names a question the scenario asks, and the
 * answers are legal, run by the rules from the current position up to
 * the step's first draw (beyond it nothing can be known yet). Refuses
 * with the file's line, the rule and the legal answers; appends to out
 * how far the check went.
 */
int game_check_answers(struct game *g, const char *orders_name,
		       const struct orders *ord, const char *actor,
		       struct strbuf *out, struct error *err);
/* What the check calls the signed orders it re-runs (verify --game) and
 * a refusal's reason calls the refused file, whatever their local name
 * (a Maildir file's, a renamed copy's): so the reason, and the message
 * of the same check run again anywhere, depend on the orders alone
 * (umpire-protocol(7), REFUSED ORDERS). */
#define CHECK_ORDERS_NAME "orders"
/* The same for an order file not signed yet (umpire sign --game): its
 * game, step, side and history first, then its answers. */
int game_check_unsigned(struct game *g, const char *name, const char *buf,
			size_t len, struct strbuf *out, struct error *err);
int game_verify_orders(const char *game_path, const char *scn_dir,
		       const char *orders_name,
		       const char *buf, size_t len, const char *sigtext,
		       FILE *out, struct error *err);

/* Replay the game and keep a copy of the state after step n (0: the
 * start). snapshot_free releases it. */
int game_snapshot(struct game *g, size_t n, struct snapshot *out,
		  struct error *err);
void snapshot_free(struct snapshot *s);

/*
 * Only what is new, to mail instead of the whole file: the steps after
 * step `since` (delta/1: game, since, the hash of step since, the steps
 * as the game file holds them). umpire-game(5), NEW STEPS ONLY.
 */
int game_delta(const struct game *g, size_t since, struct strbuf *out,
	       struct error *err);
/* Whether a file's text is such a file of new steps. */
int is_delta_text(const char *buf, size_t len);
/*
 * Append the steps of a delta file to g, if they extend its history:
 * same game, the same step `since`, steps it holds already identical; the
 * whole game is then checked as audit checks it (CHECK_FULL) and the
 * stored state updated. run gets the replay (engine_free it).
 */
int game_append(struct game *g, const char *name, const char *buf,
		size_t len, struct run *run, struct error *err);
/* The header as hashed (see umpire-protocol(7)): core without anchors
 * and signatures, or whole. */
struct doc_node *game_header(const struct game *g, struct doc *d,
			     int core);

/* The game file's text (canonical YAML). */
int game_emit(const struct game *g, struct strbuf *out, struct error *err);
/* The same, read back (parsed, and the last step's orders verified with
 * their signature) before the caller writes it: umpire never writes a
 * game file it would refuse to read. */
int game_emit_checked(const struct game *g, const char *scn_dir,
		      struct strbuf *out, struct error *err);
/* The same for a game as game_adjudicate leaves it: read by game_parse,
 * one step appended and read as game_parse reads a step, the stored
 * state replaced. The text must parse back to this very tree and the new
 * step's orders verify as stored; the rest, unchanged since game_parse
 * read it, is not read again: the steps read from the file are written
 * as their text was (so a turn's cost does not grow with them), which
 * is why g's tree is borrowed (left as it was found). */
int game_emit_step(struct game *g, struct strbuf *out,
		   struct error *err);
/* The same, the vouched prefix not copied into out (most of a long
 * game's file): when g->n_stub, the file is out's first *gap bytes,
 * then g->cp->prefix.text (prefix.len bytes), then the rest of out;
 * else out alone. */
int game_emit_step_gap(struct game *g, struct strbuf *out, size_t *gap,
		       struct error *err);

#endif
