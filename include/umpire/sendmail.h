/*
 * sendmail.h - a mail message handed to the sendmail command (umpire
 * mail --send, the judge's letters).
 *
 * Ownership: nothing is kept; the command and the message are borrowed
 * for the call.
 */
#ifndef UMPIRE_SENDMAIL_H
#define UMPIRE_SENDMAIL_H

#include "umpire/error.h"
#include "umpire/strbuf.h"

/* The message msg on the standard input of the sendmail command cmd,
 * split at blanks and run without a shell, as mutt runs its $sendmail.
 * config: the config file's path, named when cmd is empty. Says
 * nothing when cmd exits 0: the caller says what it sent (umpire mail
 * on stderr; the judge in its log, which a tick prints only when it
 * needs the host). */
int mail_send(const char *cmd, const char *config, const struct strbuf *msg,
	      struct error *err);

#endif
