/*
 * view.h - what one side may see: redaction of hidden information into
 * commitments (rules.h: redactor_hide), and the view files that the
 * referee sends to each player in referee mode (umpire view), signed by
 * the referee and optionally sealed to the player's key.
 *
 * Ownership: struct redactor is a plain value owned by its caller; it
 * keeps a pointer to the side string, which must outlive it. struct view
 * owns its doc and game; view_free releases them.
 */
#ifndef UMPIRE_VIEW_H
#define UMPIRE_VIEW_H

#include <stdint.h>
#include "umpire/doc.h"
#include "umpire/engine.h"
#include "umpire/game.h"

struct redactor {
	unsigned char salt[32];  /* the step's view salt */
	const char *side;        /* the side the view is for */
	uint32_t index;          /* parts redacted so far */
};

void redactor_init(struct redactor *r, const unsigned char salt[32],
		   const char *side);

/* Whether mark i of a replay is of a step from..step that side may see
 * (what render and a view's marks show). */
int view_mark_seen(const struct run *run, size_t i, size_t from, size_t step,
		   const char *side);

/* The state as side may see it (the ruleset's view, or its save). */
struct doc_node *view_state(const struct game *g, const void *state,
			    size_t step, const char *side, struct doc *d);

/*
 * The view of side after step snap->step (unsigned): game id, side, step,
 * prev (the hash of that step, or the genesis hash), the game header, the state as side sees it, the next question (with its
 * legal answers only when it is side's), and side's report of the step.
 */
struct doc_node *view_build(const struct game *g, const struct run *run,
			    const struct snapshot *snap, const char *side,
			    struct doc *d, int *partial);
/* The same view in format fmt (VIEW_FORMAT, or VIEW_FORMAT_4: its marks
 * without the moves' paths), to audit a view of an earlier version.
 * *partial (partial may be NULL): set when the view's question is side's
 * own, as the whole state asks it (snap->next: the rules could not ask
 * it from the view's stand-ins), and snap->next lists only some of its
 * answers (more): a view lists every answer, and needs a snap->next
 * that does. */
struct doc_node *view_build_as(const struct game *g, const struct run *run,
			       const struct snapshot *snap, const char *side,
			       const char *fmt, struct doc *d, int *partial);
/* Whether a view of step may be built for side: every step it would list
 * carries its actor's vouch and they are no more than the rules allow
 * after the side's own latest step (umpire-protocol(7), VIEWS). */
int view_can_list(const struct game *g, size_t step, const char *side,
		  struct error *err);
/* The first step a view of step for side tells (its report and marks):
 * the side's own latest, else the first. */
size_t view_first_step(const struct game *g, size_t step, const char *side);
/* Add the referee's signature to a built view. */
void view_sign(struct doc *d, struct doc_node *view,
	       const struct seckey *sk);
/* A sealed view: "umpire: sealed/2"; its plaintext is padded to a
 * multiple of VIEW_PAD_BLOCK bytes (sodium_pad) before sealing. */
#define SEALED_FORMAT "sealed/2"
#define VIEW_PAD_BLOCK 16384
/* Orders sealed to the referee (answers need not cross the mail in
 * clear), padded the same. */
#define SEALED_ORDERS_FORMAT "sealed-orders/1"
/* The judge's answer to a side's refused orders, sealed to that side:
 * the referee's signed refusal, or the reason as text (umpire open
 * writes what is inside). */
#define SEALED_ANSWER_FORMAT "sealed-answer/1"
/* Seal text to pk as a sealed document of format (game id, for: to),
 * padded as views are; memo (or NULL) keeps pk's sealing form. */
struct memo;
int seal_text(struct memo *memo, const struct pubkey *pk,
	      const char *format, const char *game_id, const char *to,
	      const char *text, size_t len, struct strbuf *out,
	      struct error *err);
/* Open a sealed document of format with sk into *plain (malloc'd,
 * NUL-terminated). */
int sealed_open(const char *name, const char *buf, size_t len,
		const char *format, const struct seckey *sk, char **plain,
		size_t *plen, struct error *err);
/* Whether buf is a sealed document of format, its game id (into game,
 * GAME_ID_HEX + 1 bytes) and its "for" (into to) plain words that a
 * reader may print; nothing is opened. */
int sealed_header(const char *name, const char *buf, size_t len,
		  const char *format, char *game, char *to, size_t to_size);
/* Whether buf is orders sealed to the referee. */
int is_sealed_orders(const char *buf, size_t len);
/* Whether buf is a judge's sealed answer. */
int is_sealed_answer(const char *buf, size_t len);
/* Replace out, the signed text of the order file name (buf, len), by
 * those orders sealed to the referee's key pk (umpire sign --seal,
 * umpire orders --sign). */
int seal_signed_orders(const struct pubkey *pk, const char *name,
		       const char *buf, size_t len, struct strbuf *out,
		       struct error *err);
/* Seal text to side's key (X25519 from Ed25519, libsodium sealed box),
 * padded as above. */
int view_seal(const struct game *g, const char *side, const char *text,
	      size_t len, struct strbuf *out, struct error *err);

/* view/5: a move's mark may carry its path (the hexes entered); a
 * view/4 view, which never does, is still read and audited. */
#define VIEW_FORMAT "view/5"
#define VIEW_FORMAT_4 "view/4"

struct view {
	struct doc *doc;
	struct game game;          /* from the view's header; no steps */
	const char *side;
	long long step;
	unsigned char prev[32];    /* the hash of step `step` (or genesis) */
	const struct doc_node *node;  /* the whole view mapping */
	const struct doc_node *state;
	const struct doc_node *since; /* steps vouched for: step, actor,
					 index, link, vouch */
	uint64_t next_link;        /* the index of the link the side
				      reveals at step + 1 (view_load) */
	const char *report;        /* every step of since, as side sees it */
	const struct doc_node *marks; /* their board marks: step, kind,
					 from, to, label (path) */
	const char *format;        /* VIEW_FORMAT or VIEW_FORMAT_4 */
	int over;
	struct question next;      /* when !over; options only if side's */
};

/*
 * Read a view (or a sealed view, opened with sk, which may then not be
 * NULL) and check the referee's signature. Refused: not a view, a bad
 * signature, a sealed view for another key.
 */
int view_load(struct view *v, const char *path, const char *buf,
	      size_t len, const char *scn_dir, const struct seckey *sk,
	      struct error *err);
/* view_load of an unsigned view: one umpire desk built from a game file
 * its side holds whole (honour mode, umpire desk GAME: view_text with no
 * key), in which no referee vouches for anything. Only the desk's page
 * reads one; the answers it makes are checked again against the game
 * file itself (umpire orders GAME --answers FILE). */
int view_load_unsigned(struct view *v, const char *path, const char *buf,
		       size_t len, const char *scn_dir, struct error *err);
/* Check a loaded view against what the key sk of its side knows (a
 * view could otherwise certify itself), not only against the referee
 * key in the view's own header: the header's join signatures hold,
 * the side's role holds this key and the commitment this key made
 * when it joined, and the genesis
 * is the one this key's local record holds (record.h; remembered on
 * first contact). Then the steps the view vouches for (since): each
 * actor's link lies on that actor's committed chain, none of them is a
 * step this key signed as its own, and, for_orders (a chain link is about
 * to be revealed), this key signed no orders beyond the view's next
 * step. So a referee cannot number a view past the links the players
 * really gave. */
int view_trust(struct view *v, const struct seckey *sk, int for_orders,
	       struct error *err);
void view_free(struct view *v);

/* Whether a file's text is a view or a sealed view ("umpire: view/N" or
 * "umpire: sealed/2" on its first line). */
int is_view_text(const char *buf, size_t len);

/*
 * An order file (body, unsigned) checked against a loaded view: it must
 * be the orders of the view's side for the view's next step, on the
 * view's history (prev), when that side is to decide; then its answers
 * run as check_on_view says. Returns as check_on_view.
 */
int check_orders_on_view(const struct view *v, const char *name,
			 const char *body, size_t len, struct strbuf *said,
			 struct error *err);

/*
 * A look-ahead template from a loaded view (its side to order): the
 * side's answers so far (prefix, may be NULL), then the first legal
 * answer to each question the rules ask the side, run on the view
 * (check_view_run, STEP_TEMPLATE) up to where the step ends for it.
 * Returns as check_view_run: 0 with run->filled the questions in order
 * and run->stopped_at where the step ends, 1 when the rules cannot
 * start again from the view's state.
 */
int check_view_template(const struct view *v, const struct orders *prefix,
			const char *src, struct run *run, struct error *err);

#endif
