/*
 * front.h - the front ends: how messages come to the judge, each handed
 * to the intake (the layer above intake.h; the map is in store.h).
 */
#ifndef UMPIRE_JUDGE_FRONT_H
#define UMPIRE_JUDGE_FRONT_H

#include <stdatomic.h>
#include "store.h"

/* lmtp.c: umpire judge --lmtp SOCKET, an LMTP server (RFC 2033) on the
 * Unix socket at path, or on the one systemd handed over (LISTEN_FDS):
 * each message dealt with as judge_fd deals with one, each accepted
 * recipient answered 250 once it is, 451 when the host must mend
 * something first; timeout: seconds a client may go without moving a
 * message forward (0: the default; a connection's life is 6 of
 * them); workers: processes serving the socket (workers.c; 1: this
 * one). Until SIGTERM or SIGINT: 0 (in a worker too, which returns to
 * exit); -1 with err when it cannot listen. */
int judge_lmtp(struct judge *j, const char *path, long timeout,
	       unsigned workers, struct error *err);

/* workers.c: the clients each LMTP worker holds, in memory the workers
 * share (each writes its own count, reads the others'): a new
 * connection is accepted by a worker holding fewest (lmtp.c). */
struct worker_share {
	atomic_uint clients[JUDGE_LMTP_WORKERS_MAX];
};
struct worker_slot {
	struct worker_share *share;    /* NULL: the one process */
	unsigned i, n;                 /* this worker's slot, of n */
};
/* workers.c: n worker processes forked to serve the LMTP socket, each
 * forked again in its place when it dies, until SIGTERM or SIGINT,
 * passed on to them: 1 in a worker (it serves, *me its slot), 0 in
 * this process once all have exited 0, else -1 with err. */
int workers_run(struct judge *j, unsigned n, struct worker_slot *me,
		struct error *err);

/* maildir.c: every message of the Maildir, those a judge that died left
 * in cur/ first, then new/'s (umpire(1), --maildir); wait: for the
 * messages live runs hold (a tick), else those are theirs. 0, or -1
 * with err (EXIT_TEMPFAIL: a message not dealt with stays for the next
 * run). */
int judge_maildir(struct judge *j, const char *maildir, int wait,
		  struct error *err);
/* maildir.c: the paths of the messages in maildir/cur that a judge took
 * and died before it was done (no S flag, no live run holding them), a
 * line each, appended to out; how many, or -1 with err. */
int maildir_left(const char *maildir, struct strbuf *out,
		 struct error *err);

/* tick.c */
/* Every game kept here with a clock: what its clock asks now done
 * (umpire judge --tick), each game under its lock, logged. */
int judge_tick_all(struct judge *j, struct error *err);

#endif
