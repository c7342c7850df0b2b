/*
 * entries.h - the judge's commands (umpire/judge.h declares their
 * entries): what one of them offers another (the top layer; the map of
 * the layers is in store.h).
 */
#ifndef UMPIRE_JUDGE_ENTRIES_H
#define UMPIRE_JUDGE_ENTRIES_H

#include "umpire/strbuf.h"

/* postfix.c: whether postfix (when installed and set up: -1 when
 * not) routes address to a pipe transport running umpire judge as this
 * user (postmap -q on transport_maps, postconf -M), or, routed by no
 * map, delivers to this user's ~/.forward or ~/.procmailrc running it:
 * 1 and what it found, or 0 and what to do, into say. */
int judge_postfix_check(const char *address, struct strbuf *say);
/* postfix.c: whether postfix's recipient_delimiter has the judge's
 * delimiter's first character, without which a game's own address
 * (route.c) does not reach the judge: 1 or 0 with what to do into say;
 * -1 when postfix is not there or delim is empty. */
int judge_postfix_delim(const char *delim, struct strbuf *say);

#endif
