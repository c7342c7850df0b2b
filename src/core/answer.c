/*
 * answer.c - the judge's sealed answer: signed by the game's referee,
 * sealed to the side (answer.h; umpire-protocol(7), VIEWS, Sealed
 * answers).
 *
 * The box holds one text with the referee's embedded signature block:
 *   the signed refusal (refusal.h), trusted comment
 *     "umpire/1 game=G step=N side=S refusal"
 *   or the reason (and what to send instead), trusted comment
 *     "umpire/1 game=G step=N side=S answer"
 */
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/answer.h"
#include "umpire/refusal.h"
#include "umpire/sign.h"
#include "umpire/view.h"

#define KIND_ANSWER "answer"
#define KIND_REFUSAL "refusal"

void answer_comment(const char *game, long long step, const char *side,
		    char *out, size_t size)
{
	snprintf(out, size, "umpire/1 game=%s step=%lld side=%s "
		 KIND_ANSWER, game, step, side);
}

int answer_seal(const struct game *g, long long step, const char *side,
		const struct strbuf *refusal, const char *reason, size_t len,
		const struct seckey *sk, struct strbuf *out,
		struct error *err)
{
	const struct role *r = game_role((struct game *)g, side);
	if (!r)
		return errorf(err, EXIT_USAGE, "this game has no side '%s'",
			      side);
	struct strbuf text = STRBUF_INIT;
	char tc[256];
	int rc = 0;
	if (refusal)
		strbuf_add(&text, refusal->buf, refusal->len);
	else {
		answer_comment(g->id, step, side, tc, sizeof tc);
		rc = embed_sign(reason, len, sk, tc, &text, err);
	}
	if (rc == 0)
		rc = seal_text(g->memo, &r->pk, SEALED_ANSWER_FORMAT, g->id,
			       side, text.buf, text.len, out, err);
	strbuf_free(&text);
	return rc;
}

void answer_free(struct sealed_answer *a)
{
	free(a->text);
	memset(a, 0, sizeof *a);
}

/* The role of g whose key is pk's, or NULL. */
static const struct role *role_of(const struct game *g,
				  const struct pubkey *pk)
{
	for (size_t i = 0; i < g->n_roles; i++)
		if (!sodium_memcmp(g->roles[i].pk.pk, pk->pk, 32))
			return &g->roles[i];
	return NULL;
}

/* Why no party of g signed text: no block, a block of no party's key,
 * or a party's block that does not verify. */
static int unsigned_answer(const char *name, const char *text, size_t len,
			   const struct game *g, struct error *err)
{
	struct strbuf sig = STRBUF_INIT;
	struct minisig ms;
	struct error e;
	size_t body;
	int found = embed_split(name, text, len, &body, &sig, &e);
	int parsed = found > 0 && minisig_parse(name, sig.buf, sig.len, &ms,
						&e) == 0;
	strbuf_free(&sig);
	if (found == 0)
		return errorf(err, EXIT_REFUSED, "%s: what it holds is signed "
			      "by nobody: it is not an answer of game %s's "
			      "referee (anyone who knows your public key can "
			      "seal a text to you)", name, g->id);
	if (!parsed)
		return errorf(err, EXIT_REFUSED, "%s: it is not an answer of "
			      "game %s's referee: %s", name, g->id, e.msg);
	const struct role *party = NULL;
	for (size_t i = 0; i < g->n_roles && !party; i++)
		if (!memcmp(g->roles[i].pk.keynum, ms.keynum, KEYNUM_BYTES))
			party = &g->roles[i];
	char id[KEYID_HEX_SIZE];
	keyid_hex(ms.keynum, id);
	minisig_free(&ms);
	if (!party)
		return errorf(err, EXIT_REFUSED, "%s: what it holds is signed "
			      "by key %s, which is no party's of game %s: it "
			      "is not an answer of the game's referee", name,
			      id, g->id);
	/* a party's key id, and its signature does not hold: what says
	 * why is that key's verification */
	struct verified v;
	signed_verify("the text inside", text, len, NULL, NULL, 0,
		      &party->pk, &v, &e);
	verified_free(&v);
	return errorf(err, EXIT_REFUSED, "%s: it is not an answer of game "
		      "%s's referee: %s", name, g->id, e.msg);
}

/* The trusted comment tc checked: game g, side, a step, a kind. */
static int check_comment(const char *name, const char *tc,
			 const struct game *g, const char *side,
			 struct sealed_answer *out, struct error *err)
{
	char want[256];
	int n = snprintf(want, sizeof want, "umpire/1 game=%s step=", g->id);
	const char *p = tc + n;
	char *end = NULL;
	long long step = 0;
	if (!strncmp(tc, want, (size_t)n) && *p >= '1' && *p <= '9')
		step = strtoll(p, &end, 10);
	if (step > 0) {
		snprintf(want, sizeof want, " side=%s ", side);
		size_t w = strlen(want);
		const char *kind = end + w;
		if (!strncmp(end, want, w) && (!strcmp(kind, KIND_ANSWER) ||
					       !strcmp(kind, KIND_REFUSAL))) {
			out->step = step;
			out->refusal = !strcmp(kind, KIND_REFUSAL);
			return 0;
		}
	}
	static const char pre[] = "umpire/1 game=";
	if (!strncmp(tc, pre, sizeof pre - 1) &&
	    strncmp(tc + sizeof pre - 1, g->id, GAME_ID_HEX))
		return errorf(err, EXIT_REFUSED, "%s: signed by the referee "
			      "key of game %s as '%.200s', of another game: "
			      "give a view (or the game file) of the game it "
			      "names", name, g->id, tc);
	return errorf(err, EXIT_REFUSED, "%s: signed by the referee, but "
		      "for another use than an answer to %s in game %s: its "
		      "trusted comment is '%.200s', not 'umpire/1 game=%s "
		      "step=N side=%s answer' (or '... refusal')", name,
		      side, g->id, tc, g->id, side);
}

int answer_open(const char *name, const char *buf, size_t len,
		const struct seckey *sk, struct game *g,
		struct sealed_answer *out, struct error *err)
{
	struct pubkey mine;
	memset(out, 0, sizeof *out);
	seckey_pubkey(sk, &mine);
	const struct role *me = role_of(g, &mine);
	if (!me)
		return errorf(err, EXIT_REFUSED, "%s: this key is no party's "
			      "of game %s, whose keys check the answer", name,
			      g->id);
	char *plain;
	size_t plen;
	if (sealed_open(name, buf, len, SEALED_ANSWER_FORMAT, sk, &plain,
			&plen, err))
		return -1;
	/* which party's key signed it: the referee's alone answers */
	const struct role *by = NULL;
	struct verified v;
	memset(&v, 0, sizeof v);
	for (size_t i = 0; i < g->n_roles && !by; i++) {
		struct error e;
		if (signed_verify(name, plain, plen, NULL, NULL, 0,
				  &g->roles[i].pk, &v, &e) == 0)
			by = &g->roles[i];
	}
	int rc = -1;
	if (!by)
		unsigned_answer(name, plain, plen, g, err);
	else if (strcmp(by->name, "referee") != 0)
		errorf(err, EXIT_REFUSED, "%s: signed by %s of game %s, not by "
		       "its referee: an answer is the referee's", name,
		       by->name, g->id);
	else
		rc = check_comment(name, v.trusted_comment, g, me->name, out,
				   err);
	verified_free(&v);
	if (rc) {
		free(plain);
		return -1;
	}
	out->text = plain;
	out->len = plen;
	out->signer = by->name;
	out->side = me->name;
	return 0;
}
