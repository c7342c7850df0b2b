/*
 * sigq.h - Ed25519 checks queued for a second thread.
 *
 * A whole game's check (game_check) verifies some hundred signatures
 * and replays the rules; neither needs the other's result until the end,
 * when a failed signature must win over anything found after it. So the
 * signatures go to a worker thread while the caller goes on, and
 * sigq_finish says whether every one of them verified. A caller that
 * learns of a failure there checks again without a queue (a NULL one:
 * every check at once, as before), which alone decides what to say: the
 * queue changes how long a check takes, never its outcome or its words.
 *
 * Ownership: the queue copies what it is given; sigq_finish frees it.
 * Nothing is global: each queue has its own lock, thread and jobs.
 */
#ifndef UMPIRE_SIGQ_H
#define UMPIRE_SIGQ_H

#include <stddef.h>

struct sigq;

/* A queue whose worker starts with its first check. */
struct sigq *sigq_new(void);

/*
 * Check sig (64 bytes) of msg (len bytes) by the Ed25519 public key pk
 * (32 bytes). With q NULL: now, returning crypto_sign_verify_detached's
 * 0 or -1. Otherwise queued, returning 0 at once: the answer comes with
 * sigq_finish. The worker starts once a few checks wait, on a CPU other
 * than the caller's; should it lag, the caller checks those waiting
 * beyond a few dozen itself before returning (what waits, each with a
 * copy of its message, is bounded). Where this process has one CPU, or
 * no thread can be started, the checks are done by the caller (now, or
 * in sigq_finish), and their failure is kept for sigq_finish all the
 * same.
 */
int sigq_verify(struct sigq *q, const unsigned char *sig,
		const unsigned char *msg, size_t len, const unsigned char *pk);

/* Wait for every queued check and free *q (then NULL; NULL is a no-op
 * returning 0): 0 when all verified, -1 when any did not. */
int sigq_finish(struct sigq **q);

#endif
