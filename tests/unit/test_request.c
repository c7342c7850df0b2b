/*
 * test_request.c - a party's request to the judge (request.h,
 * umpire-protocol(7), REQUESTS): request_make writes a request/2 with a
 * fresh nonce and the step it names, bound in the signed body and the
 * trusted comment; request_check takes it for its side, and refuses
 * one altered (its nonce, its step, in the body or in the comment),
 * one of another key, one of a step the game has not reached, and a
 * request/1 by name.
 */
#include <string.h>
#include <sodium.h>
#include "umpire/keys.h"
#include "umpire/request.h"
#include "umpire/sign.h"
#include "unit.h"

#define GAME_ID "0123456789abcdef0123456789abcdef"

/* A game of two sides, german (key gk) and soviet (key sk), at steps. */
static void two_sides(struct game *g, const struct seckey *gk,
		      const struct seckey *sk, size_t steps)
{
	memset(g, 0, sizeof *g);
	g->id = GAME_ID;
	g->n_roles = 2;
	g->roles[0].name = "german";
	seckey_pubkey(gk, &g->roles[0].pk);
	g->roles[1].name = "soviet";
	seckey_pubkey(sk, &g->roles[1].pk);
	g->n_steps = steps;
}

/* Whether checking text (against g) is refused with a message holding
 * part. */
static int refused(struct game *g, const char *text, const char *part)
{
	struct request rq;
	struct error err;
	memset(&err, 0, sizeof err);
	return request_check("request.yaml", text, strlen(text), g, &rq,
			     &err) != 0 && strstr(err.msg, part) != NULL;
}

/* The text of the request in sb with the line starting `from` replaced
 * by `to` (the signature block left as it is), in out. */
static void altered(const struct strbuf *sb, const char *from,
		    const char *to, struct strbuf *out)
{
	const char *at = strstr(sb->buf, from), *end = strchr(at, '\n');
	strbuf_add(out, sb->buf, (size_t)(at - sb->buf));
	strbuf_adds(out, to);
	strbuf_adds(out, end);
}

/* body signed by key k with the trusted comment tc, in out. */
static void signed_as(const char *body, const struct seckey *k,
		      const char *tc, struct strbuf *out)
{
	struct error err;
	strbuf_reset(out);
	CHECK(embed_sign(body, strlen(body), k, tc, out, &err) == 0,
	      "embed_sign of a hand-made request");
}

static void test_made_and_checked(struct game *g, const struct seckey *gk)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	struct request rq;
	struct error err;
	CHECK(request_make(GAME_ID, "german", 3, gk, &a, &err) == 0,
	      "request_make");
	CHECK(!strncmp(a.buf, "umpire: request/2\ngame: " GAME_ID
		       "\nside: german\nstep: 3\nnonce: ", 55),
	      "a request/2 naming game, side and step, then its nonce");
	CHECK(request_check("request.yaml", a.buf, a.len, g, &rq, &err) == 0,
	      "its side's request is taken");
	CHECK_STR(rq.side, "german", "the side it names");
	CHECK(rq.step == 3, "the step it names (got %lld)", rq.step);
	CHECK(strlen(rq.nonce) == REQUEST_NONCE_HEX &&
	      strspn(rq.nonce, "0123456789abcdef") == REQUEST_NONCE_HEX,
	      "a nonce of 32 lower-case hex digits (%s)", rq.nonce);
	char want[80];
	snprintf(want, sizeof want, "nonce: %s\nask: letter\n", rq.nonce);
	CHECK(strstr(a.buf, want) != NULL, "the nonce and ask in the body");
	CHECK(request_make(GAME_ID, "german", 3, gk, &b, &err) == 0 &&
	      strcmp(a.buf, b.buf) != 0,
	      "the same request made again differs: a fresh nonce");
	struct request rq2;
	CHECK(request_check("request.yaml", b.buf, b.len, g, &rq2,
			    &err) == 0 && strcmp(rq.nonce, rq2.nonce) != 0,
	      "each with a nonce of its own");
	strbuf_free(&a);
	strbuf_free(&b);
}

static void test_altered(struct game *g, const struct seckey *gk)
{
	struct strbuf a = STRBUF_INIT, x = STRBUF_INIT;
	struct request rq;
	struct error err;
	memset(&err, 0, sizeof err);
	CHECK(request_make(GAME_ID, "german", 3, gk, &a, &err) == 0 &&
	      request_check("request.yaml", a.buf, a.len, g, &rq, &err) == 0,
	      "a request to alter");
	/* the nonce or the step changed in the body: the signature */
	altered(&a, "nonce: ", "nonce: 00000000000000000000000000000000", &x);
	CHECK(refused(g, x.buf, "a request must be signed by its side's key"),
	      "its nonce altered: refused, the signature does not hold");
	strbuf_reset(&x);
	altered(&a, "step: ", "step: 2", &x);
	CHECK(refused(g, x.buf, "a request must be signed by its side's key"),
	      "its step altered: refused, the signature does not hold");
	/* signed, but the trusted comment naming another nonce, or
	 * another step */
	char body[256], tc[256];
	snprintf(body, sizeof body, "umpire: request/2\ngame: " GAME_ID
		 "\nside: german\nstep: 3\nnonce: %s\nask: letter\n",
		 rq.nonce);
	snprintf(tc, sizeof tc, "umpire/1 game=" GAME_ID " side=german "
		 "step=3 nonce=%s request", "ffffffffffffffffffffffffffffffff");
	signed_as(body, gk, tc, &x);
	CHECK(refused(g, x.buf, "the signature's trusted comment"),
	      "a trusted comment naming another nonce: refused");
	snprintf(tc, sizeof tc, "umpire/1 game=" GAME_ID " side=german "
		 "step=2 nonce=%s request", rq.nonce);
	signed_as(body, gk, tc, &x);
	CHECK(refused(g, x.buf, "the signature's trusted comment"),
	      "a trusted comment naming another step: refused");
	snprintf(tc, sizeof tc, "umpire/1 game=" GAME_ID " side=german "
		 "step=3 nonce=%s request", rq.nonce);
	signed_as(body, gk, tc, &x);
	CHECK(request_check("request.yaml", x.buf, x.len, g, &rq, &err) == 0,
	      "made by hand as umpire-protocol(7) says: taken (%s)",
	      err.msg);
	/* a nonce not of 32 lower-case hex digits */
	signed_as("umpire: request/2\ngame: " GAME_ID "\nside: german\n"
		  "step: 3\nnonce: ABCDEF\nask: letter\n", gk, tc, &x);
	CHECK(refused(g, x.buf, "nonce"), "a short nonce: refused, naming it");
	strbuf_free(&a);
	strbuf_free(&x);
}

static void test_refused(struct game *g, const struct seckey *gk,
			 const struct seckey *sk)
{
	struct strbuf a = STRBUF_INIT;
	struct error err;
	/* the soviet key signing a request of the german side */
	CHECK(request_make(GAME_ID, "german", 3, sk, &a, &err) == 0 &&
	      refused(g, a.buf, "a request must be signed by its side's key"),
	      "another side's key: refused");
	strbuf_reset(&a);
	/* a step the game has not reached */
	CHECK(request_make(GAME_ID, "german", 4, gk, &a, &err) == 0 &&
	      refused(g, a.buf, "made at step 4, but game 0123456789ab has 3"),
	      "a step after the game's: refused, naming both");
	strbuf_reset(&a);
	/* the format before the nonce, signed by the side's key */
	signed_as("umpire: request/1\ngame: " GAME_ID "\nside: german\n"
		  "ask: letter\n", gk, "umpire/1 game=" GAME_ID
		  " side=german request", &a);
	CHECK(refused(g, a.buf, "umpire: request/1, a request without a "
		      "nonce") && refused(g, a.buf, "takes umpire: request/2"),
	      "a request/1: refused by name, naming request/2");
	strbuf_free(&a);
}

int main(void)
{
	if (sodium_init() < 0)
		return 2;
	struct seckey *gk = seckey_generate(), *sk = seckey_generate();
	struct game g;
	two_sides(&g, gk, sk, 3);
	test_made_and_checked(&g, gk);
	test_altered(&g, gk);
	test_refused(&g, gk, sk);
	seckey_free(gk);
	seckey_free(sk);
	return unit_done("test_request");
}
