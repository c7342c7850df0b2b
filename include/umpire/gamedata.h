/*
 * gamedata.h - what a game file holds, as game.c reads it: the roles,
 * the steps and the game (umpire-game(5)), and the look-ups of what it
 * holds (gamedata.c). Reading, checking, playing and writing a game are
 * game.h's; the layers game.c itself uses (checkpoint.h, clock.h) see
 * the data through this header only, so that each includes the other
 * one way.
 *
 * Ownership: as game.h says; nothing here allocates. A pointer returned
 * points into the game (or is static), valid while it is.
 */
#ifndef UMPIRE_GAMEDATA_H
#define UMPIRE_GAMEDATA_H

#include <stdint.h>
#include <sys/types.h>
#include "umpire/engine.h"
#include "umpire/keys.h"
#include "umpire/orders.h"
#include "umpire/scenario.h"

struct memo;

#define GAME_MAX_ROLES (SCENARIO_MAX_SIDES + 1)
#define GAME_ID_HEX 32
/* The value of a game file's `umpire` field (umpire-game(5)). In
 * game/3 a role's links are numbered by the steps it takes part in (its
 * k-th step reveals c[k]); game/2 numbered them by the game's steps (step
 * n revealed c[n]), so that a view listing many steps of the other sides
 * made a side reveal a link far ahead of its own play. game/2 files are
 * still read and continued under their own numbering. */
#define GAME_FORMAT "game/3"
#define GAME_FORMAT_2 "game/2"

struct role {
	const char *name;
	struct pubkey pk;
	int joined;
	unsigned char nonce[32];      /* the join's fresh randomness */
	unsigned char anchor[32];
	unsigned char sig[64];
	const char *address;          /* the join's mail address, or NULL */
	const char *invite;           /* the header's invitation, or NULL */
	/* the addr-spec of address (game_address), "" when it has none or
	 * is not one address (a legacy join's list) */
	char join_spec[255];
	/* while checking: the latest verified link and its index in the
	 * role's chain (gamecheck.c, game_link_index) */
	unsigned char last[32];
	uint64_t last_index;
};

struct game_step {
	const struct doc_node *node;
	long long n;
	const char *actor, *counter;
	unsigned char *blob;          /* the signed orders, embedded form */
	size_t blob_len;
	unsigned char reveal_actor[32], reveal_counter[32];
	unsigned char seed[32];
	const struct doc_node *draws, *next;
	unsigned char state_hash[32], prev[32], sig[64];
	unsigned char salt[32];       /* view salt (games with views) */
	int has_salt;
	/* its orders as check_game verified them (NULL before: a step
	 * not read in this run, a stub); game_step_orders reads it */
	struct orders *ord;
	unsigned char hash[32];       /* computed */
	int lazy;                     /* blob not decoded yet: a step this
					 machine verified before
					 (GAME_PARSE_CHECKPOINTS);
					 game_step_blob decodes it */
	int verified_here;            /* so found by game_parse */
	int fields_lazy;              /* seed, state and prev not decoded
					 yet (a step verified here):
					 game_check decodes them where it
					 reads them */
	/* A step of the vouched prefix (checkpoint.h), not parsed: only n,
	 * hash and stub_sig_hash hold (node, actor, counter are NULL);
	 * game_check never reads it, and game_unstub reads it when a
	 * command needs it after all. */
	int stub;
	unsigned char stub_sig_hash[32];
	/* A step read streamed (game.streamed): node, draws and next are
	 * NULL, and these are the hashes of its draws and next as recorded
	 * (game_step_recorded) */
	unsigned char draws_hash[32], next_hash[32];
	/* A step pulled from its file again (game.pulled): the document
	 * its node is in, freed with it */
	struct doc *doc;
	/* The hash of the text umpire writes for node (doc_emit, an item
	 * of the steps alone), once worked out (checkpoints_save, which
	 * records it): the game's text written after it is compared with
	 * it (game_emit_step), not emitted a second time */
	unsigned char text_hash[32];
	int text_hashed;
};

/* A role's chain after a step (check_game), for the vouched prefix. */
struct chain_at {
	unsigned char last[32];
	uint64_t index;
};

struct checkpoints;

/* What the judge does once a move is late by the grace (clock.h). */
enum clock_late { LATE_WAIT, LATE_STANDING, LATE_FORFEIT };

/* A game's clock, from its header (seconds); set: the header has one. */
struct game_clock {
	int set;
	long long deadline, remind, grace;
	enum clock_late on_late;
	int forfeit_after;      /* 0: not in the header (the default) */
};

struct game {
	struct doc *doc;
	const char *id;
	struct scenario scn;
	const struct doc_node *options;
	uint32_t chain_length;
	struct game_clock clock;      /* the header's (clock.h) */
	int link_by_step;             /* game/2: a role's link of step n is
					 c[n] (GAME_FORMAT) */
	struct role roles[GAME_MAX_ROLES];
	size_t n_roles;
	unsigned char core_hash[32];
	unsigned char genesis[32];    /* valid when every role has joined */
	struct game_step *steps;
	size_t n_steps;
	/* read only: a judge's memo's own where it keeps it
	 * (scenario_start_shared), released by game_free */
	const void *start_state;
	/* Steps 1..trusted were verified before (the local record, see
	 * record.h): game_check at CHECK_LIGHT checks the signatures of the
	 * later steps only. 0: verify every signature. */
	size_t trusted;
	/* Optional, for game_check: called at the end of each recorded step
	 * with the state then and the question that ended it (NULL: over). */
	void (*at_step_end)(void *user, size_t step, const void *state,
			    const struct question *next);
	void *hook_user;
	/* Set by a per-turn command: game_check at CHECK_LIGHT may trust the
	 * steps this machine verified before and replay from its latest
	 * checkpoint in them (checkpoint.h), and updates that file. Only for
	 * a caller that needs no event, draw or mark of the steps before the
	 * extra step (or of the last step without one), or before step
	 * events_from: the run's logs start where it resumed. */
	enum { CHECKPOINTS_NO, CHECKPOINTS_USE, CHECKPOINTS_REDO }
		checkpoints;   /* REDO: after a checkpoint that played
				  otherwise; from the start, and rewrite */
	/* With checkpoints: the first step (1-based) whose events, draws
	 * and marks the caller reads, so a replay resumes only at a
	 * checkpoint taken in an earlier step (a view tells the steps since
	 * its side's own latest); 0: only those of the last step. */
	size_t events_from;
	/* this machine's checkpoints, read by game_parse with
	 * GAME_PARSE_CHECKPOINTS (checkpoint.h), else NULL */
	struct checkpoints *cp;
	/* The most example answers of the pending question the caller
	 * shows (ctx_examples); 0: all. */
	size_t examples;
	/* Set by a whole game's check (umpire audit): game_check keeps of
	 * each step's orders, once verified, only what the replay and a
	 * view read (orders_pack), not the parsed file: at step 1,024 of
	 * a long game the parsed files were 11 of its 15 MB. */
	int pack_orders;
	/* Set by a whole game's check with no view (umpire audit): the
	 * replay's logs are not kept, each step compared with what it
	 * records as the run ends it (run_opts.ended); the run game_check
	 * gives holds the state, the pending question and the count of
	 * draws (run.n_draws_dropped), no draw, event, mark or step's end
	 * but the last's. */
	int stream_run;
	/* Read with GAME_PARSE_PULL (gamestream.c): the steps were read
	 * and counted (n_steps), and none is kept; a whole game's check
	 * (game_check, CHECK_FULL) reads them from the file again, an
	 * item at a time (pull, at pull_fd, pull_len bytes; the last
	 * step's hash pull_last as first read), steps[] holding the two
	 * the replay reads (game_step_at): the current step and the
	 * next. Each step's hash as first read is kept (pull_hashes, 32
	 * bytes a step): the judge's record signs the hash of the step
	 * of each entry (game_prev), checked after the replay. */
	int pulled;
	int pull_fd;
	size_t pull_len;
	unsigned char pull_last[32];
	unsigned char (*pull_hashes)[32];
	struct doc_pull *pull;
	void *pull_in;
	/* Read with GAME_PARSE_STREAM (gamestream.c): no step holds its
	 * node, and each step's blob is malloc'd (game_free frees it) */
	int streamed;
	/* Set by game_stream_file: the game was read from a file that can
	 * be read again. */
	int rereadable;
	/* Set by a whole game's check (umpire audit) on a rereadable game:
	 * game_check frees each step's orders' bytes once verified (their
	 * signatures' checks copy what they check, sigq.h). The check
	 * without a queue that says which queued signature failed needs
	 * them again: game_check then refuses with reread set, and the
	 * caller reads the file again and checks it with drop_orders 0. */
	int drop_orders;
	int orders_dropped;           /* some step's were freed */
	int reread;
	/* Set by game_append while the stored state is that of fewer steps
	 * than the file now holds: game_check does not compare it, and
	 * game_append replaces it with the replay's. */
	int state_stale;
	/* Per-turn reading (GAME_PARSE_CHECKPOINTS): steps 1..n_stub are
	 * the vouched prefix (stubs); src holds the text read without it,
	 * src_head bytes of header and state (through "steps:" and its
	 * newline) then the steps after it, whose first line is line
	 * head_lines + prefix lines + 1 of the file. */
	size_t n_stub;
	/* GAME_PARSE_VIEW: the prefix read is the oldest kept checkpoint's
	 * (a view replays from the checkpoint before its side's own latest
	 * step), not the latest's */
	int cut_oldest;
	char *src;
	size_t src_len, src_head;
	/* The state as parsed from src (game_keep_source): game_adjudicate
	 * replaces the tree's, and game_emit_step reads back only the
	 * entries of the new one that are not these, as they were read */
	const struct doc_node *read_state;
	/* What a judge serving many messages keeps between them (memo.h):
	 * the scenario and the sealing keys; NULL in a one-shot command.
	 * Not owned. */
	struct memo *memo;
	/* check_game: each role's chain after each step (n_roles a step),
	 * for the vouched prefix the checkpoints keep */
	struct chain_at *chain_log;
	/* what game_unstub replaced: kept until game_free, since callers
	 * may hold pointers into it */
	struct game *shed;
	char *scn_dir;                /* as game_parse was given it */
	/* Set by game_adjudicate: the hash of the order blob of the step
	 * it added, whose signatures this process verified (the blob
	 * keeps them as signed, minisig_normalise), so that
	 * game_emit_step reads that step back without checking them a
	 * second time. */
	int has_fresh_blob;
	unsigned char fresh_blob[32];
};

/* ---- looked up (gamedata.c) ---- */

/* Step i (0-based) of g as held: g->steps[i], or of a game whose
 * steps are pulled (game.pulled), the one of two it is in. */
static inline struct game_step *game_step_at(const struct game *g,
					     size_t i)
{
	return &g->steps[g->pulled ? i % 2 : i];
}

/* "rules id/version" as pinned in headers. */
void game_rules_tag(const struct ruleset *rs, char *out, size_t size);

struct role *game_role(struct game *g, const char *name);
/* The role that countersigns a step ordered by actor. */
const char *game_counter(const struct game *g, const char *actor);
/* Roles that have not joined yet (first one), or NULL. */
const char *game_unjoined(const struct game *g);
/*
 * The mail address of role in g: its join's address when it joined with
 * one, else the address its invitation in the header gives, else NULL.
 * Always one addr-spec (or NULL). A join read from an older file whose
 * address is "Name <local@domain>" gives local@domain; one whose address
 * is not exactly one address (a list) counts as a join without one.
 */
const char *game_address(const struct game *g, const char *role);
/*
 * A game inviting its referee at an address is kept by a judge (umpire
 * judge), which mails a side only at its own address: a join of role
 * with no address (NULL) where the game invites role at none would get
 * no letter, and the judge refuses it. The referee's address then, the
 * join to be refused; else NULL.
 */
const char *game_join_needs_address(struct game *g, const char *role,
				    const char *address);

/* The game file's top-level field key (umpire-game(5)), or NULL. */
struct doc_node *game_field(const struct game *g, const char *key);
/* The value of the scenario option `hidden` (referee or honour) for a game
 * with hidden information, else NULL. */
const char *game_hidden_mode(const struct game *g);
/* Whether the game is in honour mode (hidden=honour: no referee, the
 * game file holds every hidden card). */
int game_honour(const struct game *g);
/* Whether the game has views (umpire view): a referee and rules that
 * hide information. Its order files then carry their vouch (orders.h). */
int game_has_views(const struct game *g);
/* The mode of a new file written from g (umpire(1), FILES): for a game
 * with hidden information its owner's alone (0600): its game file holds
 * every hidden card, and every file made from it (a report, a board, a
 * replay, orders) may hold a side's; else 0644. Less the umask, and a
 * file replaced keeps its own (write_output). */
mode_t game_output_mode(const struct game *g);

/* The hash of step n (1..n_steps), or the genesis hash for n = 0: the
 * `prev` of step n + 1 and of the orders for it. */
const unsigned char *game_prev(const struct game *g, size_t n);
/* Whether step i (from 0) is a late step (umpire-protocol(7), THE
 * JUDGE'S CLOCK, Late steps): played by the judge for its actor, whose
 * reveal is then late[n], no link of its chain (its orders are then
 * the referee's). A stub is none: the vouched prefix's chains and
 * replay come from the checkpoints. */
int game_step_late(const struct game *g, size_t i);
/* Whether step i (from 0) is side's own: ordered by side, and no late
 * step the judge took for it (which reveals no link of side's). Every
 * reader that looks for a side's latest own step asks this. */
int game_step_own(const struct game *g, size_t i, const char *side);
/* The role whose key signs step i's orders: the referee for a late
 * step, else its actor. */
const char *game_step_signer(const struct game *g, size_t i);
/* A step's orders as check_game verified them; none (no answers, no
 * vouch) for a step it did not read. */
const struct orders *game_step_orders(const struct game_step *s);
/* Step i's hash of its countersignature (a stub's from the checkpoints). */
void game_step_sig_hash(const struct game *g, size_t i, unsigned char out[32]);
/* The salt that the views after step n are committed with. */
void game_view_salt(const struct game *g, size_t n, unsigned char out[32]);

#endif
