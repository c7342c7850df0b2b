/*
 * test_sigq.c - Ed25519 checks queued for a second thread (sigq.h): every
 * check is made, a bad one anywhere in the queue (first, among many,
 * last) is reported by sigq_finish, the caller's buffers may change once
 * a check is queued, and a queue too short to start a thread still
 * checks everything.
 */
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/sigq.h"
#include "unit.h"

struct signed_msg {
	unsigned char sig[crypto_sign_BYTES];
	unsigned char msg[100];
	size_t len;
};

static unsigned char pk[crypto_sign_PUBLICKEYBYTES];
static unsigned char sk[crypto_sign_SECRETKEYBYTES];

static void make(struct signed_msg *m, unsigned i)
{
	m->len = 1 + i % sizeof m->msg;
	for (size_t k = 0; k < m->len; k++)
		m->msg[k] = (unsigned char)(i * 7 + k);
	crypto_sign_detached(m->sig, NULL, m->msg, m->len, sk);
}

/* Queue n good checks (with check `bad`, if < n, corrupted), each from a
 * buffer overwritten right after it is queued; sigq_finish's result. */
static int run(unsigned n, unsigned bad)
{
	struct sigq *q = sigq_new();
	struct signed_msg m;
	int early = 0;
	for (unsigned i = 0; i < n; i++) {
		make(&m, i);
		if (i == bad)
			m.msg[0] ^= 1;
		early |= sigq_verify(q, m.sig, m.msg, m.len, pk);
		memset(&m, 0xa5, sizeof m);     /* the queue keeps a copy */
	}
	int rc = sigq_finish(&q);
	return early ? 99 : rc + (q != NULL) * 100;
}

int main(void)
{
	struct signed_msg m;
	if (sodium_init() < 0)
		return 1;
	crypto_sign_keypair(pk, sk);

	make(&m, 3);
	CHECK(sigq_verify(NULL, m.sig, m.msg, m.len, pk) == 0,
	      "no queue: a good signature verifies at once");
	m.sig[5] ^= 0x10;
	CHECK(sigq_verify(NULL, m.sig, m.msg, m.len, pk) != 0,
	      "no queue: a bad signature fails at once");

	CHECK(run(0, 0) == 0, "an empty queue finishes clean");
	CHECK(run(3, 99) == 0, "three good checks (no thread started)");
	CHECK(run(3, 1) == -1, "three checks, the second bad (no thread)");
	CHECK(run(200, 999) == 0, "200 good checks on the worker");
	CHECK(run(200, 0) == -1, "200 checks, the first bad");
	CHECK(run(200, 117) == -1, "200 checks, the 118th bad");
	CHECK(run(200, 199) == -1, "200 checks, the last bad");

	struct sigq *q = NULL;
	CHECK(sigq_finish(&q) == 0 && q == NULL,
	      "finishing no queue is a no-op");
	return unit_done("sigq");
}
