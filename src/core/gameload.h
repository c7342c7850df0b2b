/*
 * gameload.h - what the game read (game.c, and gamestream.c and
 * gamevouch.c above it)
 * gives the files of src/core above it (gamecheck.c, gameplay.c,
 * gamewrite.c): the signing domains, a header's hashes and a join's
 * message, a step read and hashed, the text of a game file. Private to
 * src/core: the game's API is include/umpire/game.h, what a game holds
 * include/umpire/gamedata.h. The order of the game's files is game.c's
 * first comment.
 */
#ifndef UMPIRE_CORE_GAMELOAD_H
#define UMPIRE_CORE_GAMELOAD_H

#include <stddef.h>

struct checkpoints;
struct doc;
struct doc_node;
struct error;
struct game;
struct game_step;
struct memo;
struct role;
struct strbuf;

/* The signing domains (umpire-protocol(7)). */
#define D_GENESIS "umpire/1 genesis"
#define D_CORE "umpire/1 core"
#define D_JOIN "umpire/1 join"
#define D_STEP "umpire/1 step"
#define D_COUNTERSIGN "umpire/1 countersign"
#define D_SALT "umpire/2 view salt"

/* The header's core hash and genesis, from g's tree, into g. */
void game_header_hashes(struct game *g);
/* What role r's join signs (D_JOIN), appended to m. */
void game_join_message(const struct game *g, const struct role *r,
		       struct strbuf *m);
/* A join made or taken now: address a (may be NULL) is one addr-spec,
 * else refused naming file and role. */
int game_join_address_check(const char *file, const char *role,
			    const char *a, struct error *err);
/* A step held of a game whose steps are pulled (game.pulled): its
 * orders and its document freed, the step zeroed. */
void game_step_drop(struct game_step *s);
/* Step i's seed, state hash and prev decoded, if game_read_step left
 * them (a step verified here). */
int game_step_fields(const struct game *g, size_t i, struct error *err);
/* Step i of g read from its node m; cp: this machine's checkpoints, or
 * NULL; *vouched: the steps so far that are node for node the ones
 * verified here. */
int game_read_step(struct game *g, size_t i, const struct doc_node *m,
		   const struct checkpoints *cp, size_t *vouched,
		   struct error *err);
/* g's tree (g->doc) read into g: header, roles, clock, scenario and
 * start state, steps (flags: game.h's GAME_PARSE_*). */
int game_read_body(struct game *g, const char *scn_dir, unsigned flags,
		   struct error *err);
/* The hash of a step's node (D_STEP), its signature left out; blob: the
 * step's orders already decoded from it, else NULL. */
void game_step_hash(const struct doc_node *step, const unsigned char *blob,
		    size_t blob_len, unsigned char out[32]);
/* Where the steps begin in a game file's text (just after its line
 * "steps:"), or 0. */
size_t game_steps_begin(const char *buf, size_t len);
/* The file fd, len bytes, read from *got on, chunk bytes at a time,
 * into *head (grown; the caller frees it) until it holds the line after
 * "steps:" (*begin, game_steps_begin's) or the whole file (*begin 0):
 * 0, or -1 when a read failed (fsutil.c read_at). gamestream.c and
 * gamevouch.c read a game's head so, never the file whole. */
int game_read_head(int fd, size_t len, size_t chunk, char **head,
		   size_t *got, size_t *begin);
/* Where the line "state:" begins in text[0..len), or len. */
size_t game_state_line(const char *text, size_t len);
/* The newlines in buf. */
size_t game_text_lines(const char *buf, size_t len);
/* The text kept for the checkpoints and game_unstub: head[0..begin),
 * then tail. */
void game_keep_source(struct game *g, const char *head, size_t begin,
		      const char *tail, size_t tail_len, const char *scn_dir);
/* What a step records of its run (its draws, its next decision) as
 * game_check compares it with the replay's when the step was read
 * streamed: the hash of its node. */
void game_step_recorded(const struct doc_node *n, unsigned char out[32]);
/* The game parsed from canonical text with its steps read one at a
 * time, their nodes not kept (gamestream.c, GAME_PARSE_STREAM). */
int game_parse_stream(struct game *g, const char *name, const char *buf,
		      size_t len, const char *scn_dir, struct memo *memo,
		      struct error *err);
/* A game's text as umpire writes it (its header, state and steps, the
 * steps a block sequence after "steps:") read into d a piece at a time,
 * each piece taken from memo by the hash of its bytes or parsed alone
 * and kept there (gamevouch.c: head_by_piece, steps_by_item, which say
 * why the tree is the whole parse's): 0, or -1 where the text is not so
 * laid out, a piece does not parse alone or memo is NULL (d's root then
 * unset or partial: the caller parses the text whole). */
int game_text_by_piece(struct doc *d, const char *text, size_t len,
		       struct memo *memo);
/* The game parsed whole from canonical text (game_parse_memo). */
int game_parse_text(struct game *g, const char *name, const char *buf,
		    size_t len, const char *scn_dir, unsigned flags,
		    struct memo *memo, struct error *err);

#endif
