/*
 * gamecheck.h - what checking a game (gamecheck.c) gives the files of
 * src/core above it (gameplay.c, gamewrite.c): the joins, a step's
 * orders, reveals and countersignature verified, and the nodes a step
 * records of its run. Private to src/core (game.c's first comment
 * gives the order of the game's files); the API is include/umpire/game.h.
 */
#ifndef UMPIRE_CORE_GAMECHECK_H
#define UMPIRE_CORE_GAMECHECK_H

#include <stddef.h>
#include <stdint.h>

struct doc;
struct doc_node;
struct error;
struct game;
struct orders;
struct role;
struct run;
struct sigq;
struct step_end;
struct verified;

/* Every role that has joined: its chain starts at its anchor, and with
 * check its join signature is verified (queued on q, if not NULL). */
int game_joins_verify(struct game *g, int check, struct sigq *q,
		      struct error *err);
/* What the countersignature of the step of this hash signs. */
void game_countersign_message(const struct game *g,
			      const unsigned char hash[32],
			      unsigned char msg[64 + 32]);
/* The index of the link r reveals at step n. */
uint64_t game_link_index(const struct game *g, const struct role *r,
			 uint64_t n);
/* r's reveal at step n: the next link of its chain, then r's latest. */
int game_reveal_check(const struct game *g, struct role *r, uint64_t n,
		      const unsigned char reveal[32], struct error *err);
/* An order file's own fields against what the game expects of step n. */
int game_orders_context(const struct game *g, const char *name,
			const struct orders *ord, long long n,
			const char *actor, const unsigned char prev[32],
			struct error *err);
/* The signature of an order blob verified (check_sig; queued on q, if
 * not NULL) and the orders parsed against what the game expects of
 * step n, ordered for actor and signed by signer. */
int game_orders_verify(struct game *g, const char *name, const char *buf,
		       size_t len, const char *sigtext, size_t siglen,
		       long long n, const char *actor, const char *signer,
		       const unsigned char prev[32], int check_sig,
		       struct sigq *q, struct orders *ord,
		       struct verified *v, struct error *err);
/* A step's `draws` and `next` as the run of it gives them. */
struct doc_node *game_draws_node(struct doc *d, const struct run *run,
				 size_t step);
struct doc_node *game_next_node(struct doc *d, const struct step_end *e);
/* Step n of g, ordered for actor and adjudicated by counter, its
 * orders ord (signature and vouch verified, game_orders_verify; signed
 * by the referee if late), whose actor's reveal is `reveal`: read as
 * every reader reads a late step (umpire-protocol(7), THE JUDGE'S
 * CLOCK, Late steps). 0: not a late step (its reveal is no late[n]); 1:
 * a late step whose orders carry what a late step's carry and that the
 * clock and the judge's record allow; -1 with err naming the step and
 * the field otherwise. ord NULL: a step of the vouched prefix, not read
 * again (its orders were read when it was verified here). */
int late_step_read(const struct game *g, long long n, const char *actor,
		   const char *counter, const unsigned char reveal[32],
		   const struct orders *ord, struct error *err);

#endif
