/*
 * scenario.h - scenario files: the static data of a game (sides, options,
 * tables, maps) and the ruleset that plays it.
 *
 * Ownership: struct scenario owns its doc and everything its pointers reach
 * (they point into the doc); scenario_free releases it. The struct itself
 * is the caller's.
 */
#ifndef UMPIRE_SCENARIO_H
#define UMPIRE_SCENARIO_H

#include "umpire/doc.h"
#include "umpire/rules.h"

#define SCENARIO_MAX_SIDES 8

/* The start states a judge's memo keeps for one scenario (memo.h),
 * by their cache key (scenario_start: the rules, the scenario hash,
 * the options and this build), the oldest replaced, never one a game
 * still holds (users: scenario_start_shared). */
#define SCENARIO_STARTS 4
struct scenario_starts {
	unsigned char key[SCENARIO_STARTS][32];
	void *state[SCENARIO_STARTS];
	unsigned users[SCENARIO_STARTS];
	size_t n, next;
};

struct scenario {
	struct doc *doc;
	const char *id;
	const char *title;
	const char *title_ja;        /* or NULL */
	const char *provenance;      /* "complete" or "provisional" */
	long long version;
	const struct ruleset *rs;
	const char *sides[SCENARIO_MAX_SIDES + 1]; /* NULL-terminated */
	size_t n_sides;
	const char *referee;         /* "required", "optional" or "none" */
	const struct doc_node *options;     /* spec: name -> {default...} */
	const struct doc_node *provisional; /* list of what is provisional */
	const struct doc_node *notes;
	const char *draft;           /* what a draft scenario does not
					implement yet, or NULL: umpire new
					refuses a draft without --draft */
	const struct doc_node *data;
	unsigned char hash[32];      /* doc_hash("umpire/1 scenario", root) */
	int cached;                  /* found installed (scenario_find):
					its tree and start state are kept
					in this machine's cache */
	int borrowed;                /* lent by a memo (memo.h), which
					owns the tree: scenario_free
					leaves it */
	struct scenario_starts *starts; /* a memo's scenario: the start
					   states kept between messages,
					   else NULL */
};

/* Load and validate one scenario file. */
int scenario_load(const char *path, struct scenario *s, struct error *err);
/* Load scenario `id` from directory dir (dir/ID.yaml). */
int scenario_find(const char *dir, const char *id, struct scenario *s,
		  struct error *err);
void scenario_free(struct scenario *s);
/* The ids of the scenarios in dir (its *.yaml files), sorted; free with
 * scenario_ids_free. */
int scenario_ids(const char *dir, char ***ids, size_t *n, struct error *err);
void scenario_ids_free(char **ids, size_t n);

/*
 * The game's options: every option of the scenario in the scenario's order,
 * with its default unless sets[] ("NAME=VALUE") overrides it. Refuses an
 * unknown option or a value not in the option's `values`.
 */
int scenario_options(const struct scenario *s, struct doc *d,
		     char *const *sets, size_t n_sets,
		     struct doc_node **out, struct error *err);
/* Check an options mapping read from a game file against the scenario. */
int scenario_check_options(const struct scenario *s, const struct doc *d,
			   const struct doc_node *opts, struct error *err);

/* Allocate (malloc) and set up the start state; for an installed
 * scenario, read from this machine's cache where it was set up before
 * by this very program with these options (scenario.c). */
int scenario_start(const struct scenario *s, const struct doc_node *opts,
		   void **state, struct error *err);
/* The same, read only: where s is a memo's scenario that keeps the
 * state (s->starts), *state is the memo's own, not a copy, held until
 * scenario_start_release (the memo replaces no state a game holds);
 * else the caller's, as scenario_start's. */
int scenario_start_shared(const struct scenario *s,
			  const struct doc_node *opts, const void **state,
			  struct error *err);
/* A state scenario_start_shared gave, let go: the memo's released, the
 * caller's own freed. */
void scenario_start_release(const struct scenario *s, const void *state);

int scenario_has_side(const struct scenario *s, const char *side);
struct strbuf;
/* "a, b" lists for messages: the sides, the option names (or "none"). */
void scenario_list_sides(const struct scenario *s, struct strbuf *sb);
void scenario_list_options(const struct scenario *s, struct strbuf *sb);

#endif
