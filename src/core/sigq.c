/*
 * sigq.c - Ed25519 checks queued for a second thread (sigq.h).
 */
#define _GNU_SOURCE     /* sched_getcpu, pthread_attr_setaffinity_np */
#include "umpire/sigq.h"
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/strbuf.h"

/* jobs waiting before the worker starts */
#define SIGQ_START 8
/* jobs waiting beyond which the caller takes them too: what waits is
 * bounded, not the worker's lag (each job holds its message: a step's
 * orders, about 700 bytes in a long Aachen game) */
#define SIGQ_MAX 64

struct job {
	unsigned char sig[crypto_sign_BYTES];
	unsigned char pk[crypto_sign_PUBLICKEYBYTES];
	unsigned char *msg;
	size_t len;
};

struct sigq {
	pthread_mutex_t lock;
	pthread_cond_t more;    /* a job added, or the queue closing */
	pthread_t worker;
	int synced;             /* lock and more are initialised */
	int started;            /* the worker runs */
	int no_thread;          /* none can be started (one CPU, or it
				   failed): checks done now */
	int closing;            /* sigq_finish: no more jobs will come */
	int failed;             /* a check did not verify */
	struct job *jobs;
	size_t n, cap, next;    /* jobs[next..n) wait for the worker */
};

static int verify_now(const struct job *j)
{
	return crypto_sign_verify_detached(j->sig, j->msg, j->len, j->pk);
}

/* Take jobs until at most keep are left (with q->lock held, as on
 * return); with wait, wait for more until the queue closes. */
static void take_jobs(struct sigq *q, int wait, size_t keep)
{
	for (;;) {
		while (wait && q->next == q->n && !q->closing)
			pthread_cond_wait(&q->more, &q->lock);
		if (q->n - q->next <= keep)
			return;
		struct job j = q->jobs[q->next++];
		pthread_mutex_unlock(&q->lock);
		int bad = verify_now(&j);
		free(j.msg);
		pthread_mutex_lock(&q->lock);
		if (bad)
			q->failed = 1;
	}
}

static void *work(void *arg)
{
	struct sigq *q = arg;
	pthread_mutex_lock(&q->lock);
	take_jobs(q, 1, 0);
	pthread_mutex_unlock(&q->lock);
	return NULL;
}

/*
 * The worker, on a CPU other than the caller's. Left to itself, Linux
 * often starts a new thread on its creator's CPU and leaves it there for
 * milliseconds, the two taking turns: no faster than one thread. Where
 * this process may run on one CPU only, no thread is started at all
 * (the checks are done by sigq_finish).
 */
static void start(struct sigq *q)
{
	cpu_set_t allowed, other;
	pthread_attr_t attr;
	int me = sched_getcpu(), others = 0;
	CPU_ZERO(&other);
	if (me >= 0 && sched_getaffinity(0, sizeof allowed, &allowed) == 0)
		for (int c = 0; c < CPU_SETSIZE; c++)
			if (c != me && CPU_ISSET(c, &allowed)) {
				CPU_SET(c, &other);
				others++;
			}
	q->no_thread = 1;
	if (!others || pthread_attr_init(&attr) != 0)
		return;
	if (pthread_attr_setaffinity_np(&attr, sizeof other, &other) == 0 &&
	    pthread_create(&q->worker, &attr, work, q) == 0) {
		q->started = 1;
		q->no_thread = 0;
	}
	pthread_attr_destroy(&attr);
}

struct sigq *sigq_new(void)
{
	struct sigq *q = xcalloc(1, sizeof *q);
	if (pthread_mutex_init(&q->lock, NULL) != 0) {
		q->no_thread = 1;
	} else if (pthread_cond_init(&q->more, NULL) != 0) {
		pthread_mutex_destroy(&q->lock);
		q->no_thread = 1;
	} else {
		q->synced = 1;
	}
	return q;
}

int sigq_verify(struct sigq *q, const unsigned char *sig,
		const unsigned char *msg, size_t len, const unsigned char *pk)
{
	struct job j;
	if (!q)
		return crypto_sign_verify_detached(sig, msg, len, pk);
	if (q->no_thread) {
		if (crypto_sign_verify_detached(sig, msg, len, pk) != 0)
			q->failed = 1;
		return 0;
	}
	memcpy(j.sig, sig, sizeof j.sig);
	memcpy(j.pk, pk, sizeof j.pk);
	j.msg = xmalloc(len ? len : 1);
	memcpy(j.msg, msg, len);
	j.len = len;
	pthread_mutex_lock(&q->lock);
	/* the places of the jobs taken reused once they are half of them:
	 * the array holds what waits, not every check of the game (at step
	 * 4,096 of a long game, 12,000 of them) */
	if (q->n == q->cap && q->next >= q->n / 2 && q->next) {
		memmove(q->jobs, q->jobs + q->next,
			(q->n - q->next) * sizeof *q->jobs);
		q->n -= q->next;
		q->next = 0;
	}
	if (q->n == q->cap) {
		q->cap = q->cap ? 2 * q->cap : 64;
		q->jobs = xrealloc(q->jobs, q->cap * sizeof *q->jobs);
	}
	q->jobs[q->n++] = j;
	pthread_cond_signal(&q->more);
	/* the worker lags (a busy machine): the caller catches up */
	if (q->started)
		take_jobs(q, 0, SIGQ_MAX);
	pthread_mutex_unlock(&q->lock);
	/* a thread for a few checks costs more than it saves: those are
	 * left to sigq_finish */
	if (!q->started && !q->no_thread && q->n - q->next >= SIGQ_START)
		start(q);
	return 0;
}

int sigq_finish(struct sigq **qp)
{
	struct sigq *q = *qp;
	if (!q)
		return 0;
	if (q->synced) {
		/* the caller has nothing else to do: it takes jobs too */
		pthread_mutex_lock(&q->lock);
		q->closing = 1;
		pthread_cond_signal(&q->more);
		take_jobs(q, 0, 0);
		pthread_mutex_unlock(&q->lock);
		if (q->started)
			pthread_join(q->worker, NULL);
		pthread_cond_destroy(&q->more);
		pthread_mutex_destroy(&q->lock);
	}
	int rc = q->failed ? -1 : 0;
	free(q->jobs);
	free(q);
	*qp = NULL;
	return rc;
}
