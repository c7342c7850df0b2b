/*
 * workers.c - the LMTP server's worker processes (umpire-judge(8),
 * OVER LMTP): the process that listens forks n workers, each serving
 * the one listening socket (lmtp.c's loop: the kernel gives each
 * connection to the worker whose accept(2) takes it), so that two
 * games' messages are adjudicated at once on two cores. The parent
 * serves nobody: it waits. SIGTERM or SIGINT is passed to every worker
 * and waited for; a worker that dies otherwise is logged and another
 * forked in its place, at once while deaths are few, else after a
 * pause doubling with each (WORKER_PAUSE_MAX at most): never a loop
 * of forks. A worker dies with the parent (PR_SET_PDEATHSIG: a SIGTERM
 * it finishes its message on), so a kill -9 of the parent leaves no
 * server behind. Each worker's state (memo, batch, buffers) is its
 * own but for its count of clients, in memory they share (struct
 * worker_share: a new connection goes to a worker holding fewest); a
 * game is one worker's at a time by its lock (lock_game, which never
 * waits holding a lock the batch holds).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "front.h"

#define WORKER_DEATHS_WINDOW 60 /* seconds in which deaths are counted */
#define WORKER_PAUSE_MAX 60     /* seconds: the longest pause before a
				   worker is forked again */

struct pool {
	struct judge *j;
	struct worker_share *share;    /* the workers' counts of clients */
	pid_t pid[JUDGE_LMTP_WORKERS_MAX];
	unsigned n;                /* workers wanted */
	unsigned due;              /* to be forked again */
	time_t at;                 /* when (after a pause) */
	time_t window;             /* the start of the window of deaths */
	unsigned deaths;           /* in it */
	pid_t parent;
};

/* A worker forked into slot i: 1 in the worker, 0 in the parent, -1
 * when fork failed (tried again later). */
static int start(struct pool *p, unsigned i, const sigset_t *old)
{
	fflush(NULL);           /* nothing the parent wrote written twice */
	atomic_store(&p->share->clients[i], 0);
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid > 0) {
		p->pid[i] = pid;
		return 0;
	}
	/* the worker: SIGTERM when the parent dies (read from its own
	 * signalfd, as a SIGTERM from anyone); already gone, at once */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != p->parent)
		raise(SIGTERM);
	sigprocmask(SIG_SETMASK, old, NULL);
	return 1;
}

/* A worker's end (status of waitpid) said in judge.log and on stderr,
 * and its slot marked to be forked again. */
static void died(struct pool *p, unsigned i, int status, time_t now)
{
	struct outcome o;
	memset(&o, 0, sizeof o);
	if (now - p->window >= WORKER_DEATHS_WINDOW)
		p->window = now, p->deaths = 0;
	p->deaths++;
	/* deaths beyond one a worker in the window: a pause, doubling */
	unsigned over = p->deaths > p->n ? p->deaths - p->n : 0;
	long pause = over ? 1L << (over > 6 ? 6 : over - 1) : 0;
	pause = pause > WORKER_PAUSE_MAX ? WORKER_PAUSE_MAX : pause;
	if (WIFSIGNALED(status))
		say(&o, FATE_RETRY, "LMTP worker %ld killed by signal %d; "
		    "another forked %s", (long)p->pid[i], WTERMSIG(status),
		    pause ? "after a pause" : "in its place");
	else
		say(&o, FATE_RETRY, "LMTP worker %ld exited %d; another "
		    "forked %s", (long)p->pid[i], WEXITSTATUS(status),
		    pause ? "after a pause" : "in its place");
	if (pause)
		strbuf_addf(&o.notes, " (%u deaths in %d s: %ld s)", p->deaths,
			    WORKER_DEATHS_WINDOW, pause);
	o.host = 1;
	judge_log(p->j, "lmtp", &o);
	outcome_free(&o);
	p->pid[i] = 0;
	if (!p->due || p->at < now + pause)
		p->at = now + pause;
	p->due++;
}

/* Every worker sent sig and waited for: whether all exited 0. */
static int stop_all(struct pool *p, int sig)
{
	int ok = 1;
	for (unsigned i = 0; i < p->n; i++)
		if (p->pid[i] > 0)
			kill(p->pid[i], sig);
	for (unsigned i = 0; i < p->n; i++) {
		int status = 0;
		pid_t r;
		if (p->pid[i] <= 0)
			continue;
		while ((r = waitpid(p->pid[i], &status, 0)) < 0 &&
		       errno == EINTR)
			;
		ok &= r > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
		p->pid[i] = 0;
	}
	return ok;
}

int workers_run(struct judge *j, unsigned n, struct worker_slot *me,
		struct error *err)
{
	struct pool p;
	memset(&p, 0, sizeof p);
	p.j = j;
	p.n = n;
	p.parent = getpid();
	/* zeroed; kept until every worker and this process exit */
	p.share = mmap(NULL, sizeof *p.share, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (p.share == MAP_FAILED)
		return errorf(err, EXIT_TEMPFAIL, "cannot map the workers' "
			      "counts: %s", strerror(errno));
	sigset_t set, old;
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, &old);
	int sfd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	if (sfd < 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		munmap(p.share, sizeof *p.share);
		return errorf(err, EXIT_TEMPFAIL, "cannot read signals: %s",
			      strerror(errno));
	}
	/* the worker's mask: the parent's, SIGTERM and SIGINT blocked
	 * (its loop reads them from a signalfd), SIGCHLD not */
	sigset_t wmask = old;
	sigaddset(&wmask, SIGTERM);
	sigaddset(&wmask, SIGINT);
	sigdelset(&wmask, SIGCHLD);
	p.due = n;
	for (;;) {
		time_t now = time(NULL);
		for (unsigned i = 0; p.due && p.at <= now && i < p.n; i++) {
			if (p.pid[i])
				continue;
			int r = start(&p, i, &wmask);
			if (r > 0) {
				close(sfd);
				*me = (struct worker_slot){ p.share, i, n };
				return 1;
			}
			if (r < 0) {
				p.at = now + 1;
				break;
			}
			p.due--;
		}
		struct pollfd pf = { sfd, POLLIN, 0 };
		int wait = !p.due ? -1 : p.at > now ? (int)(p.at - now) * 1000 :
			0;
		if (poll(&pf, 1, wait) < 0 && errno != EINTR)
			break;
		struct signalfd_siginfo si;
		int sig = 0;
		while (read(sfd, &si, sizeof si) == (ssize_t)sizeof si)
			if (si.ssi_signo != SIGCHLD)
				sig = (int)si.ssi_signo;
		if (sig) {
			int ok = stop_all(&p, sig);
			close(sfd);
			munmap(p.share, sizeof *p.share);
			sigprocmask(SIG_SETMASK, &old, NULL);
			return ok ? 0 : errorf(err, EXIT_TEMPFAIL, "an LMTP "
					       "worker did not exit 0 (the "
					       "judge's stderr says why)");
		}
		int status;
		pid_t pid;
		now = time(NULL);
		while ((pid = waitpid(-1, &status, WNOHANG)) > 0)
			for (unsigned i = 0; i < p.n; i++)
				if (p.pid[i] == pid)
					died(&p, i, status, now);
	}
	int e = errno;
	stop_all(&p, SIGTERM);
	close(sfd);
	munmap(p.share, sizeof *p.share);
	sigprocmask(SIG_SETMASK, &old, NULL);
	return errorf(err, EXIT_TEMPFAIL, "cannot wait for the LMTP "
		      "workers: %s", strerror(e));
}
