/*
 * sendmail.c - a mail message on the standard input of the sendmail
 * command (sendmail.h).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "umpire/config.h"
#include "umpire/fsutil.h"
#include "umpire/sendmail.h"

int mail_send(const char *cmd, const char *config, const struct strbuf *msg,
	      struct error *err)
{
	char *copy = xstrdup(cmd), *save = NULL;
	char *args[64];
	size_t n = 0;
	for (char *w = strtok_r(copy, " \t", &save); w && n < 63;
	     w = strtok_r(NULL, " \t", &save))
		args[n++] = w;
	args[n] = NULL;
	if (n == 0) {
		free(copy);
		return errorf(err, EXIT_USAGE, "config file %s: [umpire] "
			      "sendmail is empty (give a command such as %s)",
			      config, MAIL_SENDMAIL);
	}
	int fds[2];
	if (pipe(fds) != 0) {
		free(copy);
		return errorf(err, EXIT_USAGE, "cannot run %s: %s", cmd,
			      strerror(errno));
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		/* the command starts with no signal blocked (a judge
		 * serving LMTP blocks SIGTERM to read it from a signalfd,
		 * and a mask is kept across exec) */
		sigset_t none;
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		dup2(fds[0], 0);
		close(fds[0]);
		close(fds[1]);
		execvp(args[0], args);
		fprintf(stderr, "umpire mail: cannot run %s: %s\n", args[0],
			strerror(errno));
		_exit(127);
	}
	close(fds[0]);
	int rc = 0, status = 0;
	if (pid < 0) {
		close(fds[1]);
		free(copy);
		return errorf(err, EXIT_USAGE, "cannot run %s: %s", cmd,
			      strerror(errno));
	}
	/* a sendmail that exits early must not kill umpire with SIGPIPE */
	struct sigaction ign = { .sa_handler = SIG_IGN }, old;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	/* a write that fails is judged by sendmail's status below */
	(void)write_all(fds[1], msg->buf, msg->len);
	close(fds[1]);
	sigaction(SIGPIPE, &old, NULL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
		rc = errorf(err, EXIT_USAGE, "'%s' exited with status %d: the "
			    "message may not have been sent (set [umpire] "
			    "sendmail in the config file, or write it with "
			    "-o and send it yourself)", cmd,
			    WEXITSTATUS(status));
	else if (!WIFEXITED(status))
		rc = errorf(err, EXIT_USAGE, "'%s' was killed by signal %d: "
			    "the message may not have been sent", cmd,
			    WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	free(copy);
	return rc;
}
