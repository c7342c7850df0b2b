/*
 * gameint.h - what the files of src/core that make up the game file
 * (game.c, gamevouch.c, gamewrite.c, gamecheck.c, gameplay.c) share among
 * themselves: the signing domains and the helpers more than one of them
 * calls, each defined in the file named above it. Private to src/core:
 * the game's API is include/umpire/game.h.
 */
#ifndef UMPIRE_CORE_GAMEINT_H
#define UMPIRE_CORE_GAMEINT_H

#include <stddef.h>
#include <stdint.h>

struct checkpoints;
struct doc;
struct doc_node;
struct error;
struct game;
struct game_step;
struct memo;
struct orders;
struct role;
struct run;
struct sigq;
struct step_end;
struct strbuf;
struct verified;

#define D_GENESIS "umpire/1 genesis"
#define D_CORE "umpire/1 core"
#define D_JOIN "umpire/1 join"
#define D_STEP "umpire/1 step"
#define D_COUNTERSIGN "umpire/1 countersign"
#define D_SALT "umpire/2 view salt"

/* game.c */
void header_hashes(struct game *g);
void join_message(const struct game *g, const struct role *r,
		  struct strbuf *m);
int new_join_address(const char *file, const char *role,
		     const char *a, struct error *err);
int step_fields(const struct game *g, size_t i, struct error *err);
int load_step(struct game *g, size_t i, const struct doc_node *m,
	      const struct checkpoints *cp, size_t *vouched,
	      struct error *err);
int load_body(struct game *g, const char *scn_dir, unsigned flags,
	      struct error *err);

void step_hash(const struct doc_node *step, const unsigned char *blob,
	       size_t blob_len, unsigned char out[32]);
size_t steps_begin(const char *buf, size_t len);
size_t count_lines(const char *buf, size_t len);
void keep_source(struct game *g, const char *head, size_t begin,
		 const char *tail, size_t tail_len, const char *scn_dir);
int game_parse_text(struct game *g, const char *name, const char *buf,
		    size_t len, const char *scn_dir, unsigned flags,
		    struct memo *memo, struct error *err);

/* gamevouch.c */
int parse_vouched(struct game *g, const char *name, const char *buf,
		  size_t len, const char *scn_dir, unsigned flags,
		  struct memo *memo, const char *side);

/* gamecheck.c */
int verify_joins(struct game *g, int check, struct sigq *q,
		 struct error *err);
void countersign_message(const struct game *g,
			 const unsigned char hash[32],
			 unsigned char msg[64 + 32]);
uint64_t link_index(const struct game *g, const struct role *r,
		    uint64_t n);
int check_reveal(const struct game *g, struct role *r, uint64_t n,
		 const unsigned char reveal[32], struct error *err);
int orders_context(const struct game *g, const char *name,
		   const struct orders *ord, long long n,
		   const char *actor, const unsigned char prev[32],
		   struct error *err);
int verify_orders(struct game *g, const char *name, const char *buf,
		  size_t len, const char *sigtext, size_t siglen,
		  long long n, const char *actor, const char *signer,
		  const unsigned char prev[32], int check_sig,
		  struct sigq *q, struct orders *ord,
		  struct verified *v, struct error *err);
struct doc_node *draws_node(struct doc *d, const struct run *run,
			    size_t step);
struct doc_node *next_node(struct doc *d, const struct step_end *e);
/* Step n of g, ordered for actor and adjudicated by counter, its
 * orders ord (signature and vouch verified, verify_orders; signed by
 * the referee if late), whose actor's reveal is `reveal`: read as every
 * reader reads a late step (umpire-protocol(7), THE JUDGE'S CLOCK, Late
 * steps). 0: not a late step (its reveal is no late[n]); 1: a late step
 * whose orders carry what a late step's carry and that the clock and
 * the judge's record allow; -1 with err naming the step and the field
 * otherwise. ord NULL: a step of the vouched prefix, not read again
 * (its orders were read when it was verified here). */
int late_step_read(const struct game *g, long long n, const char *actor,
		   const char *counter, const unsigned char reveal[32],
		   const struct orders *ord, struct error *err);

#endif
