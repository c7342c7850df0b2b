/*
 * lmtp.c - umpire judge --lmtp SOCKET (umpire(1), JUDGE): the judge as
 * a process that stays, the mail system delivering to it over LMTP
 * (RFC 2033) on a Unix socket, as it delivers to Dovecot or Cyrus, or
 * on a TCP one (inet:HOST:PORT) for a mail system on another host: one
 * postfix in front of several judge hosts, routing each game's address
 * to the host that keeps it (route.c).
 * GMime and the key are loaded once; each message is then dealt with
 * exactly as one on stdin is (judge_received: the same read limit, the
 * same log line, failed/, the letters sent from the spool). The
 * protocol (commands, replies, the message's lines) is
 * src/core/lmtpproto.c's, a pure function of the bytes in; this file
 * is its sockets, its clock and the delivery of its messages.
 *
 * The replies: after the final dot, one per recipient accepted (a
 * message is dealt with once for the judge's own address and once for
 * each game its other addresses name, until one finds the game its file
 * names: deliver()): 250 once the step and its letters are
 * durable, or once the message was dropped (a stranger's: never a 5xx,
 * which would make the mail system bounce it to a sender anyone may
 * forge); 451 4.3.0 when the host must mend something first (a full
 * disk, a key it cannot read): the mail system keeps the message and
 * delivers it again. Nothing is answered 250 before it is durable, so a
 * server killed at any point loses nothing: the mail system still
 * holds what was not answered, and a replay of orders taken is
 * answered as one on stdin is (nothing taken twice).
 *
 * Bounds (each worker's, workers.c: a worker knows only its own
 * clients): at most LMTP_CLIENTS connections at once, JUDGE_LMTP_PEER of
 * them from one peer (a user of this host, by the uid SO_PEERCRED
 * gives on a Unix socket or sock_diag(7) over TCP; else a host's
 * address): one more is told 421 and closed, so that one peer cannot
 * take the slots the mail system needs; and when all are taken, a peer
 * holding two more than the newcomer's loses one (make_room), so that
 * several together cannot either. Each has its own
 * buffers (a command line of at most LMTP_LINE bytes, the message kept
 * up to the judge's read limit and the rest read and counted, replies
 * waiting at most LMTP_OUT bytes). A connection is told 421 and
 * dropped when it has not moved a transaction forward (LHLO, MAIL,
 * RCPT, DATA, a byte of the message) for the timeout, however much it
 * says meanwhile; after LMTP_IDLE commands since its last message that
 * move nothing forward (NOOP, RSET, LHLO again, VRFY, anything
 * refused); after LMTP_BAD bad commands; and once it is LMTP_LIFE
 * timeouts old, whatever it does: no client keeps a slot for ever.
 * One poll(2) loop serves them all, every socket non-blocking: a client
 * that stalls holds only its own slot. A message is dealt with
 * synchronously (short: one step) but for the waits on the disk: its
 * step waits in the batch (commit.c) with those of the other messages
 * ready at once (the loop polls without waiting while it finds more),
 * all named and made durable together (settle), and only then are their
 * replies given, before their letters leave: several clients at once
 * share each sync, and send their next messages while it ends the
 * round.
 *
 * Several workers (--lmtp-workers, workers.c) each run this loop on the
 * one listening socket, forked once it listens: two games' messages
 * adjudicated at once on two cores. SIGTERM or SIGINT (read from a
 * signalfd: no handler, no global state; passed to each worker): the
 * message being dealt with is finished and answered, the other
 * clients told 421, and the server exits 0.
 */
#define _GNU_SOURCE             /* accept4(2), MSG_NOSIGNAL */
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>             /* malloc_trim(3), glibc's */
#include <netdb.h>
#include <netinet/in.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/sock_diag.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include "umpire/lmtpproto.h"
#include "umpire/mail.h"
#include "letters.h"
#include "intake.h"
#include "front.h"

#define LMTP_CLIENTS 16         /* connections at once */
#define LMTP_OUT 65536          /* replies a client has not read */
#define LMTP_TIMEOUT 300        /* seconds with no step forward (RFC
				   5321 4.5.3.2 gives 5 minutes for a
				   command) */
#define LMTP_LIFE 6             /* a connection's life, in timeouts (30
				   minutes; postfix's lmtp(8) reuses one
				   for 5) */

/* A reply held until the step it answers is durable (settle). */
struct held {
	int ok;
	char why[256];
};

struct conn {
	int fd;
	char peer[64];             /* "uid N", or the peer's address */
	time_t born;               /* when it connected */
	time_t last;               /* its last step forward */
	struct lmtp p;             /* the protocol: bytes in, replies out,
				      the message and its recipients */
	struct held *held;         /* its message's replies, waiting for
				      its steps to be durable, n_held */
	unsigned n_held;
	unsigned long ticket;      /* that message's (commit.c) */
};

struct server {
	struct judge *j;
	int lfd, sfd;
	long timeout, life;        /* seconds: no step forward; open */
	time_t now;                /* the time of the poll just returned */
	size_t max;                /* the judge's read limit */
	char host[256];
	struct conn *c[LMTP_CLIENTS];
	size_t n;
	struct commit_batch *batch;    /* the round's steps (commit.c) */
	unsigned long tickets;     /* messages dealt with */
	int dealt;                 /* one since the last settle */
	unsigned passes;           /* polls since, that found more */
	int trim_due;              /* a message dealt with since the heap
				      was last given back (LMTP_TRIM_MS) */
	struct worker_slot w;      /* a worker's: the others' counts */
};

/* A worker holding more clients than another leaves a new connection
 * to it (may_accept), looking again this often (milliseconds): the
 * one holding fewest may be asleep in poll(2) without the listening
 * socket, having held more when it went to sleep. */
#define LMTP_BALANCE_MS 100

/* Whether this process takes the next connection: the one process, or
 * a worker holding no more clients than any other (so that clients
 * that keep their connections are shared evenly: the kernel would give
 * them to whichever worker's accept(2) came first). */
static int may_accept(const struct server *s)
{
	for (unsigned i = 0; s->w.share && i < s->w.n; i++)
		if (i != s->w.i &&
		    atomic_load(&s->w.share->clients[i]) < s->n)
			return 0;
	return 1;
}

/* The heap given back to the system once the server has been idle this
 * long (milliseconds) after a message: malloc keeps the room a message
 * used (heap_setup, strbuf.c: up to 32 MiB of it), which a long game's
 * last message (its file in two letters) leaves at several MiB; a
 * burst of messages keeps it between them. Measured (bench/game-end.py,
 * a game of 1,105 steps): 17.2 MiB just after the last message, 8.2
 * MiB idle then; without this, 19.6 MiB kept. */
#define LMTP_TRIM_MS 1000

/* What is waiting for c written, as much as its socket takes now; -1
 * when the client is gone. */
static int flush_out(struct conn *c)
{
	struct strbuf *out = &c->p.out;
	size_t done = 0;
	while (done < out->len) {
		ssize_t w = send(c->fd, out->buf + done, out->len - done,
				 MSG_NOSIGNAL | MSG_DONTWAIT);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			break;
		if (w <= 0)
			return -1;
		done += (size_t)w;
	}
	memmove(out->buf, out->buf + done, out->len - done);
	out->len -= done;
	out->buf[out->len] = '\0';
	/* a client that sends and never reads is garbage too */
	return out->len > LMTP_OUT ? -1 : 0;
}

/* One recipient of a message, and how its dealing went. */
struct recipient {
	const char *to;
	int kind;                  /* route_game's: 0, 1, -1 */
	char key[GAME_ID_HEX + 1]; /* the game its address names */
	int rc;                    /* judge_received's; -2: not yet */
	char dealt[GAME_ID_HEX + 1];   /* the game whose file it took */
	char why[256];
};

/* A recipient of the n in r dealt with already whose dealing is r[i]'s
 * too: one of the same address's game (or the judge's own address), or
 * (r[i] a game's address) one that found the game of the message's
 * file, whose dealing at r[i]'s would be that one again (route_takes:
 * a file of any game the message was sent to); else -1. */
static int dealt_for(const struct recipient *r, unsigned n, unsigned i)
{
	for (unsigned k = 0; k < n; k++)
		if (k != i && r[k].rc != -2 &&
		    ((r[k].kind == r[i].kind && !strcmp(r[k].key, r[i].key)) ||
		     (r[i].kind == 1 && r[k].dealt[0])))
			return (int)k;
	return -1;
}

/* The message c carried dealt with once for the judge's own address
 * and once for each game the others name (route.c), until a dealing
 * finds the game its file names (j->dealt): the judge's own address
 * first, whatever the order of the recipients, then each game's. The
 * addresses naming no game kept here: dropped unread, one log line for
 * them all. A reply for each recipient, in their order, as its dealing
 * went. */
static void deliver(struct server *s, struct conn *c)
{
	struct judge *j = s->j;
	struct strbuf name = STRBUF_INIT;
	struct recipient r[LMTP_RCPTS];
	const char *unknown[LMTP_RCPTS];
	char id8[9], games[LMTP_RCPTS][GAME_ID_HEX + 1];
	size_t n_unknown = 0, n_games = 0;
	struct lmtp *p = &c->p;
	const char *a = p->rcpt.buf;
	/* the steps it takes wait in the batch under its ticket */
	c->ticket = s->batch->ticket = ++s->tickets;
	s->dealt = 1;
	s->batch->n_locks = 0;
	for (unsigned i = 0; i < p->rcpts; i++, a += strlen(a) + 1) {
		r[i].to = a;
		r[i].rc = -2;
		r[i].dealt[0] = '\0';
		r[i].kind = route_game(j, a, r[i].key, id8);
		if (r[i].kind < 0) {
			unknown[n_unknown++] = a;
			r[i].rc = 0;
			snprintf(r[i].why, sizeof r[i].why, "not read");
		} else if (r[i].kind == 1) {
			memcpy(games[n_games++], r[i].key, sizeof games[0]);
		}
	}
	if (n_unknown) {
		unique_name(j, &name);
		route_unknown(j, p->total, name.buf, unknown, n_unknown);
	}
	for (int kind = 0; kind < 2; kind++)
		for (unsigned i = 0; i < p->rcpts; i++) {
			if (r[i].kind != kind || r[i].rc != -2)
				continue;
			int k = dealt_for(r, p->rcpts, i);
			if (k >= 0) {
				r[i].rc = r[k].rc;
				memcpy(r[i].why, r[k].why, sizeof r[i].why);
				continue;
			}
			struct error e;
			strbuf_reset(&name);
			unique_name(j, &name);
			/* a file of any game it was sent to is taken at
			 * each game's address (route_takes) */
			j->rcpt = r[i].to;
			j->also = games;
			j->n_also = n_games;
			r[i].rc = judge_received(j, p->msg.buf, p->msg.len,
						 p->total, name.buf, NULL, &e);
			j->rcpt = NULL;
			j->also = NULL;
			j->n_also = 0;
			if (r[i].rc)
				snprintf(r[i].why, sizeof r[i].why, "%s",
					 e.msg);
			else
				snprintf(r[i].why, sizeof r[i].why, "%s",
					 name.buf);
			if (r[i].rc == 0)
				snprintf(r[i].dealt, sizeof r[i].dealt, "%s",
					 j->dealt);
		}
	/* a step taken: the replies wait until it is durable with the
	 * round's others (settle) */
	int waits = 0;
	for (size_t k = 0; k < s->batch->n; k++)
		waits |= s->batch->s[k].ticket == c->ticket;
	if (waits) {
		c->held = xcalloc(p->rcpts, sizeof *c->held);
		c->n_held = p->rcpts;
	}
	for (unsigned i = 0; i < p->rcpts; i++)
		if (waits) {
			c->held[i].ok = r[i].rc == 0;
			str_copy(c->held[i].why, sizeof c->held[i].why,
				 r[i].why);
		} else {
			lmtp_answer(p, r[i].rc == 0, r[i].why);
		}
	strbuf_free(&name);
	lmtp_delivered(p);
	/* a message: a step forward */
	c->last = time(NULL);
}

/* The replies waiting sent as far as each socket takes them now (a
 * client gone is closed at the next poll). */
static void flush_all(struct server *s)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->c[i]->p.out.len && flush_out(s->c[i]) != 0)
			s->c[i]->p.quit = 1;
}

/* The round's steps named and durable together (batch_name: one sync
 * of their files, one of their names), then each reply held for them
 * given and sent: 250 once its message's steps are durable, 451 when
 * one of them could not be made so (the mail system delivers it
 * again); then their letters sent and their journals applied
 * (spool_settle: one sync more), while the clients answered send
 * their next messages, dealt with in the next round. */
static void settle(struct server *s)
{
	struct commit_batch *b = s->batch;
	if (!s->dealt)
		return;
	s->dealt = 0;
	(void)batch_name(b);        /* a step failing: batch_failed */
	for (size_t i = 0; i < s->n; i++) {
		struct conn *c = s->c[i];
		int bad = batch_failed(b, c->ticket);
		for (unsigned k = 0; k < c->n_held; k++)
			lmtp_answer(&c->p, c->held[k].ok && !bad, bad &&
				    c->held[k].ok ? b->why.msg :
				    c->held[k].why);
		free(c->held);
		c->held = NULL;
		c->n_held = 0;
	}
	flush_all(s);
	spool_settle(s->j);
	b->n_failed = 0;
	/* what an earlier message's letters left (sendmail refused) */
	judge_send_spooled(s->j);
}

/* settle, and what is left of its replies sent as far as each socket
 * takes them now. */
static void settle_all(struct server *s)
{
	settle(s);
	flush_all(s);
}

static void conn_free(struct conn *c)
{
	close(c->fd);
	lmtp_free(&c->p);
	free(c->held);
	free(c);
}

/* One end of a TCP connection into the request's id: its port and
 * address (an IPv4 one mapped into IPv6 as IPv4: the client's socket
 * is of that family). Its family. */
static int diag_end(const struct sockaddr_storage *sa, __be16 *port,
		    __be32 addr[4])
{
	const struct sockaddr_in6 *s6 = (const struct sockaddr_in6 *)sa;
	const struct sockaddr_in *s4 = (const struct sockaddr_in *)sa;
	if (sa->ss_family == AF_INET6 && !IN6_IS_ADDR_V4MAPPED(&s6->sin6_addr)) {
		*port = s6->sin6_port;
		memcpy(addr, &s6->sin6_addr, 16);
		return AF_INET6;
	}
	if (sa->ss_family == AF_INET6) {
		*port = s6->sin6_port;
		memcpy(addr, s6->sin6_addr.s6_addr + 12, 4);
	} else {
		*port = s4->sin_port;
		memcpy(addr, &s4->sin_addr, 4);
	}
	return AF_INET;
}

/* The uid owning the socket at the other end of the TCP connection
 * fd when that end is on this host (sock_diag(7), asked for the one
 * socket whose source is the peer and destination us): every local
 * user reaches 127.0.0.1, and each is then a peer of its own, not one
 * with the mail system. -1 when it is on another host (or the kernel
 * will not say). */
static long tcp_peer_uid(int fd, const struct sockaddr_storage *peer)
{
	struct sockaddr_storage me;
	socklen_t ml = sizeof me;
	struct {
		struct nlmsghdr nh;
		struct inet_diag_req_v2 r;
	} req;
	union {
		struct nlmsghdr nh;
		char buf[4096];
	} rsp;
	struct sockaddr_nl nl_sa = { .nl_family = AF_NETLINK };
	long uid = -1;
	if (getsockname(fd, (struct sockaddr *)&me, &ml) != 0)
		return -1;
	memset(&req, 0, sizeof req);
	req.nh.nlmsg_len = sizeof req;
	req.nh.nlmsg_type = SOCK_DIAG_BY_FAMILY;
	req.nh.nlmsg_flags = NLM_F_REQUEST;      /* one socket, no dump */
	req.r.sdiag_family = (__u8)diag_end(peer, &req.r.id.idiag_sport,
					    req.r.id.idiag_src);
	if (diag_end(&me, &req.r.id.idiag_dport, req.r.id.idiag_dst) !=
	    req.r.sdiag_family)
		return -1;
	req.r.sdiag_protocol = IPPROTO_TCP;
	req.r.idiag_states = ~0u;
	req.r.id.idiag_cookie[0] = req.r.id.idiag_cookie[1] =
		INET_DIAG_NOCOOKIE;
	int nl = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC,
			NETLINK_SOCK_DIAG);
	if (nl < 0)
		return -1;
	/* the kernel answers within sendto: nothing to wait for */
	if (sendto(nl, &req, sizeof req, 0, (struct sockaddr *)&nl_sa,
		   sizeof nl_sa) == (ssize_t)sizeof req) {
		ssize_t n = recv(nl, rsp.buf, sizeof rsp.buf, MSG_DONTWAIT);
		if (n > 0 && NLMSG_OK(&rsp.nh, (size_t)n) &&
		    rsp.nh.nlmsg_type == SOCK_DIAG_BY_FAMILY &&
		    rsp.nh.nlmsg_len >= NLMSG_LENGTH(sizeof(struct
							   inet_diag_msg)))
			uid = ((struct inet_diag_msg *)NLMSG_DATA(&rsp.nh))->
				idiag_uid;
	}
	close(nl);
	return uid;
}

/* Who is at fd's other end, into peer: a user of this host, "uid N"
 * (on a Unix socket SO_PEERCRED's, the user who connected; over TCP the
 * owner of the connecting socket), else its address. */
static void peer_of(int fd, char *peer, size_t size)
{
	struct sockaddr_storage sa;
	socklen_t len = sizeof sa;
	struct ucred cred;
	socklen_t cl = sizeof cred;
	char host[INET6_ADDRSTRLEN + 8];
	long uid;
	str_copy(peer, size, "unknown");
	if (getpeername(fd, (struct sockaddr *)&sa, &len) != 0)
		return;
	if (sa.ss_family == AF_UNIX) {
		if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &cl) == 0)
			snprintf(peer, size, "uid %u", (unsigned)cred.uid);
	} else if ((uid = tcp_peer_uid(fd, &sa)) >= 0) {
		snprintf(peer, size, "uid %ld", uid);
	} else if (getnameinfo((struct sockaddr *)&sa, len, host, sizeof host,
			       NULL, 0, NI_NUMERICHOST) == 0) {
		/* an IPv4 peer on an IPv6 socket is the same peer */
		snprintf(peer, size, "%s", strncmp(host, "::ffff:", 7) ||
			 !strchr(host, '.') ? host : host + 7);
	}
}

/* How many of the connections are peer's. */
static size_t peer_count(const struct server *s, const char *peer)
{
	size_t k = 0;
	for (size_t i = 0; i < s->n; i++)
		k += !strcmp(s->c[i]->peer, peer);
	return k;
}

/* The slots all taken, a client whose peer holds mine of them: room
 * made when another peer holds at least two more, its connection that
 * has gone longest without a step forward told 421 and closed (so that
 * several peers together cannot keep the mail system out either: each
 * keeps its share). Whether there is room now. */
static int make_room(struct server *s, size_t mine)
{
	size_t most = 0, at = 0;
	for (size_t i = 0; i < s->n; i++) {
		size_t k = peer_count(s, s->c[i]->peer);
		if (k > most || (k == most && s->c[i]->last < s->c[at]->last))
			most = k, at = i;
	}
	if (most < mine + 2)
		return 0;
	struct conn *c = s->c[at];
	lmtp_reply(&c->p, "421 4.7.0 Too many connections from %s beside "
		   "other peers', closing", c->peer);
	flush_out(c);
	conn_free(c);
	s->c[at] = s->c[--s->n];
	return 1;
}

/* A new client: greeted, or told to come back later when it has
 * JUDGE_LMTP_PEER already, or there are LMTP_CLIENTS and no other peer
 * holds more than its share (make_room). */
static void take_client(struct server *s, int fd, time_t now)
{
	struct conn *c = xcalloc(1, sizeof *c);
	c->fd = fd;
	lmtp_init(&c->p, s->host, s->max);
	c->born = c->last = now;
	peer_of(fd, c->peer, sizeof c->peer);
	size_t mine = peer_count(s, c->peer);
	if ((s->n == LMTP_CLIENTS && mine < JUDGE_LMTP_PEER &&
	     !make_room(s, mine)) || mine >= JUDGE_LMTP_PEER) {
		if (mine < JUDGE_LMTP_PEER)
			lmtp_reply(&c->p, "421 4.3.2 Too many connections, "
				   "try again later");
		else
			lmtp_reply(&c->p, "421 4.7.0 Too many connections "
				   "from %s (at most %d at once), try again "
				   "later", c->peer, JUDGE_LMTP_PEER);
		flush_out(c);
		conn_free(c);
		return;
	}
	lmtp_reply(&c->p, "220 %s LMTP umpire judge", s->host);
	if (flush_out(c) != 0)
		conn_free(c);
	else
		s->c[s->n++] = c;
}

/* What c sent read and dealt with, each message whole delivered; -1
 * when it is to be closed now. */
static int serve(struct server *s, struct conn *c)
{
	struct lmtp *p = &c->p;
	ssize_t r = read(c->fd, p->in + p->inlen, sizeof p->in - p->inlen);
	if (r < 0)
		return errno == EAGAIN || errno == EINTR ? 0 : -1;
	if (r == 0)
		return -1;     /* gone: a message cut short is not taken */
	p->inlen += (size_t)r;
	if (p->data)
		c->last = s->now;      /* the message coming: a step */
	for (;;) {
		enum lmtp_event ev = lmtp_feed(p);
		if (p->moved)
			c->last = s->now;
		p->moved = 0;
		if (ev != LMTP_MESSAGE)
			return 0;
		deliver(s, c);
		s->trim_due = 1;
		/* more from it already (pipelined after the dot): its
		 * replies first, in their order */
		if (c->n_held && p->inlen)
			settle(s);
	}
}

/* The socket at path listened on, made mode 0660 (only the judge's
 * user and group may deliver): a file there is replaced only when it
 * is a socket nobody listens on (a server killed left it), which
 * *lock, flock(2) on path.lock held while the server runs, makes
 * certain. 0 with *fd, or -1 with err. */
static int listen_path(const char *path, int *fd, int *lock,
		       struct error *err)
{
	struct sockaddr_un sa;
	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof sa.sun_path)
		return errorf(err, EXIT_USAGE, "--lmtp %s: a socket's path "
			      "is at most %zu bytes", path,
			      sizeof sa.sun_path - 1);
	memcpy(sa.sun_path, path, strlen(path) + 1);
	struct strbuf lp = STRBUF_INIT;
	strbuf_addf(&lp, "%s.lock", path);
	*lock = open(lp.buf, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	int rc = 0;
	if (*lock < 0)
		rc = errorf(err, EXIT_TEMPFAIL, "cannot make %s: %s", lp.buf,
			    strerror(errno));
	else if (flock(*lock, LOCK_EX | LOCK_NB) != 0)
		rc = errorf(err, EXIT_USAGE, "--lmtp %s: another judge "
			    "serves it (%s is locked)", path, lp.buf);
	strbuf_free(&lp);
	if (rc)
		return rc;
	struct stat st;
	if (lstat(path, &st) == 0) {
		if (!S_ISSOCK(st.st_mode))
			return errorf(err, EXIT_USAGE, "--lmtp %s: not a "
				      "socket (not replaced)", path);
		int t = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK |
			       SOCK_CLOEXEC, 0);
		int live = t >= 0 && (connect(t, (struct sockaddr *)&sa,
					      sizeof sa) == 0 ||
				      errno == EAGAIN);
		if (t >= 0)
			close(t);
		if (live)
			return errorf(err, EXIT_USAGE, "--lmtp %s: a server "
				      "listens there already", path);
		unlink(path);  /* stale: its server is gone */
	}
	*fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (*fd < 0)
		return errorf(err, EXIT_TEMPFAIL, "cannot make a socket: %s",
			      strerror(errno));
	/* the mode it is made with: never a moment more open */
	mode_t old = umask(0117);
	int b = bind(*fd, (struct sockaddr *)&sa, sizeof sa);
	umask(old);
	if (b != 0 || listen(*fd, 64) != 0) {
		rc = errorf(err, EXIT_TEMPFAIL, "--lmtp %s: cannot listen: %s",
			    path, strerror(errno));
		close(*fd);
		*fd = -1;
	}
	return rc;
}

/* --lmtp inet:HOST:PORT: a TCP socket listened on at HOST (a name, an
 * IPv4 address, or an IPv6 one in brackets; none: 127.0.0.1, never
 * every interface unless told 0.0.0.0), for a mail system on another
 * host (postfix's lmtp:inet:HOST:PORT). LMTP has no authentication:
 * HOST is a private network's (umpire(1), JUDGE). 0 with *fd, or -1
 * with err. */
static int listen_inet(const char *spec, int *fd, struct error *err)
{
	const char *colon = strrchr(spec, ':');
	char host[256], port[16];
	if (!colon || !colon[1] || strlen(colon + 1) >= sizeof port ||
	    strspn(colon + 1, "0123456789") != strlen(colon + 1) ||
	    (size_t)(colon - spec) >= sizeof host)
		return errorf(err, EXIT_USAGE, "--lmtp inet:%s: give "
			      "inet:HOST:PORT (HOST a name or address, "
			      "[ADDRESS] for IPv6; inet::PORT is 127.0.0.1)",
			      spec);
	snprintf(host, sizeof host, "%.*s", (int)(colon - spec), spec);
	snprintf(port, sizeof port, "%s", colon + 1);
	char *h = host;
	size_t hl = strlen(h);
	if (hl >= 2 && h[0] == '[' && h[hl - 1] == ']')
		h[hl - 1] = '\0', h++;
	struct addrinfo hints, *res = NULL;
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	int g = getaddrinfo(*h ? h : "127.0.0.1", port, &hints, &res);
	if (g != 0)
		return errorf(err, EXIT_USAGE, "--lmtp inet:%s: %s", spec,
			      gai_strerror(g));
	int rc = 0, on = 1;
	*fd = socket(res->ai_family, res->ai_socktype | SOCK_NONBLOCK |
		     SOCK_CLOEXEC, res->ai_protocol);
	/* a server restarted takes its port again at once (TIME_WAIT) */
	if (*fd < 0 || setsockopt(*fd, SOL_SOCKET, SO_REUSEADDR, &on,
				  sizeof on) != 0 ||
	    bind(*fd, res->ai_addr, res->ai_addrlen) != 0 ||
	    listen(*fd, 64) != 0) {
		rc = errorf(err, errno == EADDRINUSE ? EXIT_USAGE :
			    EXIT_TEMPFAIL, "--lmtp inet:%s: cannot listen: %s",
			    spec, strerror(errno));
		if (*fd >= 0)
			close(*fd);
		*fd = -1;
	}
	freeaddrinfo(res);
	return rc;
}

/* The socket systemd handed over (sd_listen_fds(3): LISTEN_PID is
 * this process, LISTEN_FDS at least 1, the first at fd 3): 1 with *fd,
 * else 0. */
static int listen_handed(int *fd)
{
	const char *pid = getenv("LISTEN_PID"), *n = getenv("LISTEN_FDS");
	if (!pid || !n || strtol(pid, NULL, 10) != (long)getpid() ||
	    strtol(n, NULL, 10) < 1)
		return 0;
	unsetenv("LISTEN_PID");
	unsetenv("LISTEN_FDS");
	unsetenv("LISTEN_FDNAMES");
	*fd = 3;
	fcntl(3, F_SETFD, FD_CLOEXEC);
	fcntl(3, F_SETFL, fcntl(3, F_GETFL) | O_NONBLOCK);
	return 1;
}

/* Whether fd is a socket listening (what accept(2) takes from). */
static int listening(int fd)
{
	int on = 0;
	socklen_t len = sizeof on;
	return getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &on, &len) == 0 &&
		on;
}

/* The loop: until a signal, every client served as its bytes come. */
static void loop(struct server *s)
{
	struct pollfd pf[LMTP_CLIENTS + 2];
	for (;;) {
		time_t now = time(NULL);
		int wait = -1;
		pf[0] = (struct pollfd){ s->sfd, POLLIN, 0 };
		pf[1] = (struct pollfd){ s->lfd, POLLIN, 0 };
		for (size_t i = 0; i < s->n; i++) {
			struct conn *c = s->c[i];
			pf[i + 2] = (struct pollfd){ c->fd, (short)((c->p.quit ?
				0 : POLLIN) | (c->p.out.len ? POLLOUT : 0)),
				0 };
			long left = (long)(c->last + s->timeout - now);
			long life = (long)(c->born + s->life - now);
			left = life < left ? life : left;
			left = left < 0 ? 0 : left * 1000 + 100;
			if (wait < 0 || left < wait)
				wait = left > 3600000 ? 3600000 : (int)left;
		}
		size_t n = s->n;
		int take = may_accept(s);
		if (!take) {
			pf[1].events = 0;
			if (wait < 0 || wait > LMTP_BALANCE_MS)
				wait = LMTP_BALANCE_MS;
		}
		/* messages dealt with whose steps wait: whatever else is
		 * ready now is dealt with first (poll(2) without waiting),
		 * so that all are made durable at once; the steps settled
		 * when nothing more is, or after LMTP_CLIENTS such passes */
		if (s->dealt)
			wait = 0;
		int trim = s->trim_due && (wait < 0 || wait > LMTP_TRIM_MS);
		int ready = poll(pf, n + 2, trim ? LMTP_TRIM_MS : wait);
		if (ready < 0 && errno != EINTR) {
			settle_all(s);
			return;
		}
		if (ready == 0 && trim) {
#ifdef M_TRIM_THRESHOLD
			malloc_trim(0);
#endif
			s->trim_due = 0;
		}
		s->now = now = time(NULL);
		if (pf[0].revents || (s->dealt && (ready == 0 ||
						   ++s->passes >= LMTP_CLIENTS))) {
			settle_all(s);
			s->passes = 0;
			if (pf[0].revents)
				return;         /* SIGTERM or SIGINT */
		}
		for (size_t i = 0; i < n; i++) {
			struct conn *c = s->c[i];
			int gone = 0;
			if (pf[i + 2].revents & (POLLIN | POLLHUP | POLLERR))
				gone = !c->p.quit && serve(s, c) != 0;
			if (!gone && c->p.out.len)
				gone = flush_out(c) != 0;
			if (!gone && (now - c->last >= s->timeout ||
				      now - c->born >= s->life)) {
				if (now - c->last >= s->timeout)
					lmtp_reply(&c->p, "421 4.4.2 Timeout: "
						   "no message moving for %ld "
						   "s, closing", s->timeout);
				else
					lmtp_reply(&c->p, "421 4.4.2 Connected "
						   "for %ld s (the most), "
						   "closing", s->life);
				flush_out(c);
				gone = 1;
			}
			if (gone || (c->p.quit && !c->p.out.len)) {
				conn_free(c);
				s->c[i] = NULL;
			}
		}
		size_t k = 0;
		for (size_t i = 0; i < n; i++)
			if (s->c[i])
				s->c[k++] = s->c[i];
		s->n = k;
		if (s->w.share)
			atomic_store(&s->w.share->clients[s->w.i], (unsigned)k);
		/* one a pass: the workers sharing the socket (workers.c)
		 * each take their part of a burst, not the first all of
		 * it (EAGAIN: another took it) */
		if (pf[1].revents & POLLIN) {
			int fd = accept4(s->lfd, NULL, NULL, SOCK_NONBLOCK |
					 SOCK_CLOEXEC);
			if (fd >= 0)
				take_client(s, fd, now);
			if (s->w.share)
				atomic_store(&s->w.share->clients[s->w.i],
					     (unsigned)s->n);
		}
	}
}

/* The server's loop in this process (the one, or a worker): until a
 * signal; the clients then told 421. */
static int serve_here(struct server *s, struct error *err)
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigprocmask(SIG_BLOCK, &set, NULL);
	s->sfd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	if (s->sfd < 0)
		return errorf(err, EXIT_TEMPFAIL, "cannot read signals: %s",
			      strerror(errno));
	loop(s);
	for (size_t i = 0; i < s->n; i++) {
		lmtp_reply(&s->c[i]->p, "421 4.3.2 Shutting down");
		flush_out(s->c[i]);
		conn_free(s->c[i]);
	}
	s->n = 0;
	close(s->sfd);
	return 0;
}

int judge_lmtp(struct judge *j, const char *path, long timeout,
	       unsigned workers, struct error *err)
{
	struct server s;
	memset(&s, 0, sizeof s);
	s.j = j;
	s.timeout = timeout > 0 ? timeout : LMTP_TIMEOUT;
	s.life = LMTP_LIFE * s.timeout;
	s.max = mail_message_max(JUDGE_MAX_FILE);
	s.lfd = s.sfd = -1;
	if (gethostname(s.host, sizeof s.host - 1) != 0 || !s.host[0])
		str_copy(s.host, sizeof s.host, "localhost");
	int lock = -1, made = 0, rc = -1;
	/* GMime loaded once, here: each message then finds it mapped */
	if (judge_gmime(j, err))
		return -1;
	s.batch = xmalloc(sizeof *s.batch);
	batch_init(s.batch);
	j->batch = s.batch;
	if (listen_handed(&s.lfd)) {
		if (!listening(s.lfd)) {
			errorf(err, EXIT_USAGE, "--lmtp: the descriptor systemd "
			       "hands over (LISTEN_FDS) is no listening socket "
			       "(Accept=no and ListenStream= in its .socket)");
			close(s.lfd);
			s.lfd = -1;
			goto out;
		}
	} else if (!strncmp(path, "inet:", 5)) {
		if (listen_inet(path + 5, &s.lfd, err))
			goto out;
	} else if (listen_path(path, &s.lfd, &lock, err) == 0) {
		made = 1;
	} else {
		goto out;
	}
	/* a server's stderr (the journal) gets what needs the host, as a
	 * tick's does; judge.log has every line */
	j->quiet = 1;
	/* what a server killed before it was done left to send */
	judge_send_spooled(j);
	/* several workers: this process waits for them (workers.c), each
	 * of them serves (path.lock held while any runs: each holds it) */
	int worker = workers > 1 ? workers_run(j, workers, &s.w, err) : 1;
	rc = worker == 1 ? serve_here(&s, err) : worker;
	if (made && (workers <= 1 || worker != 1))
		unlink(path);
out:
	if (s.lfd >= 0)
		close(s.lfd);
	if (lock >= 0)
		close(lock);
	j->batch = NULL;
	free(s.batch);
	return rc;
}
