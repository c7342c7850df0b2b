/*
 * viewtext.h - a side's view after the latest step of a game, as the
 * text the referee sends (umpire view, the judge's letters): signed
 * with the referee's key, sealed to the side when asked.
 *
 * Ownership: the game is the caller's (read whole where the view needs
 * steps its vouched prefix left unread); the run and the key are
 * borrowed; the text is appended to out.
 */
#ifndef UMPIRE_VIEWTEXT_H
#define UMPIRE_VIEWTEXT_H

#include "umpire/engine.h"
#include "umpire/error.h"
#include "umpire/game.h"
#include "umpire/keys.h"
#include "umpire/strbuf.h"

/* umpire view GAME --side SIDE [--seal]: side's view after the latest
 * step, signed with the referee's key sk, appended to out (the caller
 * holds sk's record of g); sk NULL: unsigned, for umpire desk GAME
 * (view_load_unsigned reads it), listing steps whose orders carry no
 * vouch (honour mode's: its vouches are zero). */
int view_text(struct game *g, const struct seckey *sk, const char *side,
	      int seal, struct strbuf *out, struct error *err);
/* The same from run, a check of g that ended with its latest step (the
 * one adjudicate_orders hands its hook): no replay, when run holds the
 * events from the side's own latest step on (g->events_from at most
 * view_first_step's) and the pending question with every example (g's
 * examples 0); NULL, or a run whose logs begin later: replayed as
 * view_text does. */
int view_text_run(struct game *g, const struct run *run,
		  const struct seckey *sk, const char *side, int seal,
		  struct strbuf *out, struct error *err);

#endif
