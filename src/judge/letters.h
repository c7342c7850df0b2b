/*
 * letters.h - what a state of a game owes its parties, made durable and
 * sent (the layer above store.h; the map of the layers is there).
 *
 * Ownership: a struct letters owns its messages.
 */
#ifndef UMPIRE_JUDGE_LETTERS_H
#define UMPIRE_JUDGE_LETTERS_H

#include "umpire/adjudicate.h"
#include "umpire/request.h"
#include "store.h"

/* answers.c: how often a party is answered (four bounds: signed mail
 * at most j->answers_a_step answers a role in each state of the game,
 * whatever the day; its requests for its letter (umpire ask) as many
 * again, of their own, and its join mailed again as many again;
 * unsigned mail from the role's address at most j->answers_a_day a
 * day). The key of an answer to role of g (of a kind) to the message
 * whose bytes hash to message: the same message answered again in the
 * same state has the same key, and its letter the same Message-ID. */
enum answer_kind { ANSWER_UNSIGNED, ANSWER_SIGNED, ANSWER_ASK,
	ANSWER_JOINED };
void answer_key(const struct game *g, const char *role,
		enum answer_kind is_signed, const unsigned char message[32],
		unsigned char key[32]);
/* Under the game's lock: 1 when the answer key may be given, 0 when
 * its bound is reached, -1 when it was given already (counted once). */
int answer_allowed(const struct judge *j, const struct game *g,
		   const char *role, enum answer_kind is_signed,
		   const unsigned char key[32]);
/* The answer key given: counted, once its letter is durable. */
void answer_counted(const struct judge *j, const struct game *g,
		    const char *role, enum answer_kind is_signed,
		    const unsigned char key[32]);

/* Under the game's lock: whether the request rq, checked
 * (request_check), is one the judge has not seen from its role: 1; 0,
 * why in why, when it is a copy of one seen (its nonce), one made at a
 * step older than the role's latest request's, or one over the bound
 * of requests a role makes at one step; -1 when the record cannot be
 * read (err). */
int request_new(const struct judge *j, const struct game *g,
		const struct request *rq, struct strbuf *why,
		struct error *err);
/* rq seen: noted durably (its role's requests of older steps let go). */
int request_noted(const struct judge *j, const struct game *g,
		  const struct request *rq, struct error *err);

/* replay.c: the replay of g (over: its whole file is every party's),
 * as umpire replay writes it, appended to page; its result line to
 * result (if not NULL). g is not changed (a copy replays). Made by
 * --index only, outside any message's path: the last letters carry
 * the game file and game_end_note instead. */
int judge_replay_page(const struct game *g, const char *scn_dir,
		      struct strbuf *page, struct strbuf *result,
		      struct error *err);


/* desk.c: the desk page a side asked for (a line "desk" in a message
 * carrying a file it signed; "desk off" stops it), GAMEID.desk. */
enum { DESK_NOTE_NONE, DESK_NOTE_ON, DESK_NOTE_OFF };
/* The hex of the page's program (desk_program_hash's first 16 bytes). */
#define DESK_HEX 32
/* The page's name as a letter's attachment. */
#define DESK_PAGE_NAME "desk.html"
/* What a spooled letter's name carries before "ROLE-HEX.eml" when it
 * carries the page (spool.c). */
#define DESK_MARK ".desk-"
void desk_program_hex(char hex[DESK_HEX + 1]);
/* What the text of message msg (len bytes: header block, then body)
 * asks: a line "desk" alone (DESK_NOTE_ON), or "desk off", at its
 * start, in any case; a quoted line ('>') never counts. */
int desk_note(const char *msg, size_t len);
/* The note of a message role of game id signed, noted (under the
 * game's lock): said in o; -1 when it could not be written. */
int desk_ask(const struct judge *j, const char *id, const char *role,
	     int note, struct outcome *o);
/* 1 when role's next letter of g (a game with views) carries the page,
 * the program's hex into hex: role asked for it (GAMEID.desk, or the
 * message being dealt with: j->desk_by, j->desk_note) and was not sent
 * the page of this program yet; 2 when it asked and was sent it; 0
 * when it did not ask (or this umpire has no desk). */
int desk_owed(const struct judge *j, const struct game *g, const char *role,
	      char hex[DESK_HEX + 1]);
/* A letter carrying the page of program hex to role of game id left
 * the spool: noted (once; a failure costs the page sent again). */
void desk_sent(const struct judge *j, const char *id, const char *role,
	       const char *hex);
/* g's desk page (desk_html_blank, with g's scenario) into page. */
int desk_page(const struct judge *j, const struct game *g,
	      struct strbuf *page, struct error *err);

/* letters.c: the paragraph of a finished game's last letters (and a
 * forfeit's, tick.c), appended to body: the commands that replay and
 * audit the attached game file. The judge draws no replay in a
 * message's path: it costs a thousand steps' work and most of a long
 * game's letter. The file is attached gzip-compressed (draft.gzip)
 * under the name game_end_name appends to name, ID.yaml.gz: a game of
 * 1,105 steps is a 2 MB file, which many mail systems refuse, and
 * every command that reads a file reads it so (mail.c). */
void game_end_name(const struct game *g, struct strbuf *name);
void game_end_note(const struct game *g, struct strbuf *body);

/* letters.c */
struct letters {
	struct strbuf msg[JUDGE_MAX_LETTERS];
	char *to[JUDGE_MAX_LETTERS];
	/* a letter carrying the desk page: "ROLE-HEX" (desk_owed), its
	 * spool name's end (spool.c, desk_sent); else NULL */
	char *desk[JUDGE_MAX_LETTERS];
	size_t n;
};
void letters_free(struct letters *l);
/* The letters g's present state owes (only `only`'s, whatever the
 * state: a letter asked again): in a game taken by mail an invitation
 * to a role still to join (in the host's own game none: his mail of it
 * invited every side);
 * else the sealed view (a game with views) or the report and the game
 * file of the side asked next, and of the side that took the latest
 * step when it must know now (its step played late for it, or answers
 * of it not used); at the end the whole game file to every side. A
 * side that waits is written to when it is asked: its view then tells
 * every step since its own latest. A role without an address is said
 * in o. given: the
 * run that adjudicated g's latest step, under letters_hook (NULL: the
 * game replayed from this machine's checkpoints). */
int letters_of_state(struct judge *j, struct game *g, const struct run *given,
		     const char *only, struct letters *out,
		     struct outcome *o, struct error *err);
/* What the run adjudicating g's next step must hold for
 * letters_of_state to make that step's letters from it (given) without
 * replaying the game: set in h before adjudicate_orders. */
void letters_hook(const struct game *g, struct step_hook *h);
/* Where g stands, what every party may know, into line: "waiting for
 * ROLE to join", "step N, ROLE to move (deadline ... UTC)" or "it is
 * over". 1 when side is the one the game waits on, 2 when it is over,
 * 0 otherwise; -1 (nothing said) when g cannot be replayed here. */
int letters_standing(struct judge *j, struct game *g, const char *side,
		     struct strbuf *line);
/* What an answer to a party says: the subject's part after the game
 * ("step 4: the orders of german refused"), its first line, the reason
 * (NULL: nothing went wrong), what to send instead (may be NULL), the
 * referee's refusal of orders (NULL: no orders refused; may be empty),
 * and where the party's other games here stand (may be NULL). */
struct answer_text {
	const char *what, *intro, *reason, *hint;
	const struct strbuf *refusal;
	/* what makes it this answer (answer_key): its Message-ID's */
	const unsigned char *same;
	const char *others;
};
/* The answer t to side of g, at side's own address, in clear, but for
 * refused orders in a game with views: their reason sealed to side's
 * key and signed by the referee. Nothing is added when side has no
 * address. */
int letter_answer(struct judge *j, struct game *g, const char *side,
		  const struct answer_text *t, const char *in_reply_to,
		  struct letters *out, struct error *err);

/* One letter of d to role of g at `to`, composed into l: from the
 * judge, automatic (RFC 3834), its Message-ID naming g and role
 * (letter_id). same (32 bytes, or NULL for a letter of its own): what
 * makes this letter the one it is; the same letter made again (sent
 * again after a crash, or asked for again) has the same Message-ID. */
struct draft;
int add_letter(struct judge *j, struct letters *l, const struct game *g,
	       const char *role, const char *to,
	       const unsigned char *same, struct draft *d,
	       struct error *err);

/* The letter asking role of g, a game taken by mail, to confirm its
 * address (strangers.c, bymail_ask): the token, valid until `until`,
 * in its subject and body; added to l even though the address is not
 * proven (no other letter is). Nothing without an address. */
int letter_confirm(struct judge *j, const struct game *g, const char *role,
		   const char *token, time_t until, struct letters *l,
		   struct error *err);

/* spool.c */
/* The letters l of g's present state, made durable in the spool (every
 * file synced, then its directory) before g is stored: then a crash
 * before they are sent leaves them for the next run. fresh: l are the
 * letters of a new state, not stored yet; those a judge killed before
 * storing it left are dropped first (the state computed again owes
 * them once). later (may be NULL): the syncs left to it, made with
 * those of the step's game file (adjudicate_orders). */
int spool_put(struct judge *j, struct game *g, const struct letters *l,
	      int fresh, struct sync_later *later, struct error *err);
/* Send what the spool holds for game id (its lock held; g: the game as
 * stored, or NULL to read it when the spool holds any): a letter of a
 * state g does not hold (the step was never stored) is dropped, one
 * sent or put in the outbox is removed, one that could not be is kept
 * for the next run. What was done is said in o (may be NULL). Returns
 * the number of letters sent. */
size_t spool_flush(struct judge *j, const char *id, struct game *g,
		   struct outcome *o);
/* What the spool names of the letters of g's present state begin
 * with ("GAMEID-STEPS-JOINED-HASH-"). */
#define SPOOL_STAMP (GAME_ID_HEX + 32)
void spool_stamp(const struct game *g, char *out, size_t size);
/* The LMTP server's batch (commit.c) settled: its steps named and
 * durable together, then their letters sent, the outbox synced once
 * for all; a failure logged. 0, or -1 when a step failed
 * (batch_failed: whose). The batch is then empty. */
int spool_settle(struct judge *j);
/* Whether the spool holds letters of game id (or cannot be read). */
int spool_held(const struct judge *j, const char *id);
/* The message msg (len bytes), which came to the judge's own address
 * for a game another judge host keeps (route.c, route_forward),
 * forwarded unchanged to to (that game's address): Resent-From (the
 * judge's address), Resent-To, Resent-Date and Resent-Message-ID on
 * top, through the outbox or sendmail as the letters go. 0, or -1 with
 * err: then the message must be delivered again. */
int spool_forward(struct judge *j, const char *msg, size_t len,
		  const char *to, struct error *err);
/* spool_flush for every game with letters in the spool, each under its
 * lock (a run after a crash, or after sendmail failed). */
void spool_flush_all(struct judge *j, struct outcome *o);

/* A bound of the games taken by mail reached (o->bound, its message
 * o->what): the host told, by a letter to j->host_address when there
 * is one, at most once a day a bound (games/host.told records when);
 * said in o. */
void judge_tell_host(struct judge *j, struct outcome *o);

/* The letters of the spool sent (every game's, each under its lock),
 * and a log line "spool" saying so when there were any. */
void judge_send_spooled(struct judge *j);

#endif
