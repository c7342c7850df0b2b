/*
 * signorders.c - a file signed as umpire sign signs it: an order file
 * checked first (it answers something; against its game, or the side's
 * view, when one is given), signed once a step in the key's record
 * (released by a refusal), the template's comments left out; embedded
 * signature, or a detached .minisig exactly as minisign writes it
 * (umpire sign, umpire orders --sign).
 */
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "umpire/check.h"
#include "umpire/doc.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/mail.h"
#include "umpire/orders.h"
#include "umpire/record.h"
#include "umpire/refusal.h"
#include "umpire/sign.h"
#include "umpire/signorders.h"
#include "umpire/view.h"
#include "umpire/viewopen.h"

/* --check's view: with the key rq->view_key gives (told whether the
 * view is sealed), else none. */
static int view_check_key(const struct sign_request *rq, const char *path,
			  const char *buf, size_t len, struct view *v,
			  struct error *err)
{
	static const char sealed[] = "umpire: " SEALED_FORMAT "\n";
	struct seckey *sk = NULL;
	int is_sealed = len >= sizeof sealed - 1 &&
		!memcmp(buf, sealed, sizeof sealed - 1);
	if (rq->view_key && rq->view_key(rq->ctx, is_sealed, &sk, err))
		return -1;
	int rc = view_open(path, buf, len, rq->loader.scenario_dir, sk, v, err);
	seckey_free(sk);
	return rc;
}

/* An order file is signed once per step (a second version would fork
 * the history and let its signer choose the outcome): the local
 * record of this key refuses other bytes for a step it signed, and
 * orders written for a history other than the one it verified. Other
 * files are signed as they are. */
static int record_orders(const char *name, const char *buf, size_t len,
			 const struct seckey *sk, const struct refusal *rf,
			 const char *rf_name, struct error *err)
{
	struct orders ord;
	struct error not_orders;
	struct record rec;
	struct pubkey pk;
	unsigned char h[32];
	if (orders_parse(name, buf, len, &ord, &not_orders) ||
	    strlen(ord.game) != GAME_ID_HEX ||
	    strspn(ord.game, "0123456789abcdef") != GAME_ID_HEX) {
		orders_free(&ord);
		return 0;
	}
	seckey_pubkey(sk, &pk);
	int rc = record_open(&rec, &pk, ord.game, err);
	if (rc == 0) {
		crypto_generichash(h, 32, (const unsigned char *)buf, len,
				   NULL, 0);
		/* a refusal first: then other bytes may be signed */
		rc = record_check_prev(&rec, ord.step, ord.prev, name, err) ||
			(rf && record_refuse(&rec, rf->step, rf->orders,
					     rf->hash, rf_name, err)) ||
			record_mark(&rec, 's', ord.step, h, name, err) ||
			record_save(&rec, err) ? -1 : 0;
		record_free(&rec);
	}
	orders_free(&ord);
	return rc;
}

/*
 * --refused REFUSAL --view VIEW: the view (opened and trusted with this
 * key: its genesis is the one this key's record holds) gives the game's
 * referee key; the refusal must verify under it and name this game, this
 * side and this step, the view's next. record_refuse then checks that it
 * names the order file this key signed for the step.
 */
static int load_refused(const struct sign_request *rq,
			const struct seckey *sk, const char *name,
			const char *body, size_t blen, struct refusal *rf,
			struct error *err)
{
	struct view v;
	struct orders ord;
	int rc = -1;
	memset(&ord, 0, sizeof ord);
	if (view_open_file(rq->view, rq->loader.scenario_dir, sk, &v, err))
		return -1;
	const struct role *ref = game_role(&v.game, "referee");
	if (view_trust(&v, sk, 1, err) ||
	    refusal_load(rf, rq->refused, &ref->pk, err))
		goto out;
	if (orders_parse(name, body, blen, &ord, err)) {
		error_prefix(err, "--refused is for order files");
		goto out;
	}
	if (strcmp(rf->game, v.game.id) != 0 || strcmp(ord.game, rf->game))
		errorf(err, EXIT_REFUSED, "%s: a refusal for game %s, but the "
		       "view and orders are of game %s", path_name(rq->refused),
		       rf->game, ord.game);
	else if (rf->step != v.step + 1 || ord.step != rf->step)
		errorf(err, EXIT_REFUSED, "%s: a refusal for step %lld, but "
		       "the view %s asks for step %lld and the orders are "
		       "for step %lld", path_name(rq->refused), rf->step,
		       path_name(rq->view), v.step + 1, ord.step);
	else if (strcmp(rf->side, v.side) != 0 || strcmp(ord.side, v.side))
		errorf(err, EXIT_REFUSED, "%s: a refusal of %s's orders, but "
		       "the view is %s's and the orders %s's",
		       path_name(rq->refused), rf->side, v.side, ord.side);
	else
		rc = 0;
	if (rc == 0) {
		fprintf(rq->loader.msg, "umpire: %s: the referee refused your orders "
			"for step %lld: ", path_name(rq->refused), rf->step);
		fputs_safe(rf->reason.buf, rq->loader.msg);
		fputc('\n', rq->loader.msg);
	}
out:
	orders_free(&ord);
	view_free(&v);
	return rc;
}

/*
 * --refused OLD -g GAME, outside referee mode (no referee gives a signed
 * refusal): OLD is the order file this key signed for the game's next
 * step, and the game, which the player holds whole, refuses it before
 * the step's end (the check without a seed), so it can never become a
 * step under any seed and nobody can choose between it and the new one.
 * Then rf names OLD as refused by itself, for record_refuse.
 */
static int self_refused(const struct sign_request *rq,
			const struct seckey *sk, struct refusal *rf,
			struct error *err)
{
	struct game g;
	struct verified v;
	struct pubkey pk;
	struct orders ord;
	struct strbuf said = STRBUF_INIT;
	struct error why;
	char *buf = NULL;
	size_t len;
	const char *name = path_name(rq->refused);
	int rc = -1;
	memset(&v, 0, sizeof v);
	memset(&ord, 0, sizeof ord);
	if (load_game(rq->loader, rq->game, GAME_PARSE_CHECKPOINTS, &g,
		      err))
		return -1;
	g.checkpoints = CHECKPOINTS_USE;
	g.examples = 1;   /* no question shown (check_against) */
	const char *mode = game_hidden_mode(&g);
	seckey_pubkey(sk, &pk);
	if (mode && !strcmp(mode, "referee")) {
		errorf(err, EXIT_USAGE, "in referee mode the referee's signed "
		       "refusal releases a step (--refused REFUSAL --view "
		       "VIEW)");
	} else if (read_input(rq->refused, SIGN_MAX_INPUT, &buf, &len, err) ||
		   signed_verify(name, buf, len, NULL, NULL, 0, &pk, &v,
				 err) ||
		   orders_parse(name, v.body, v.body_len, &ord, err)) {
		error_prefix(err, "--refused %s: not an order file this key "
			     "signed", name);
	} else if (game_check_unsigned(&g, name, v.body, v.body_len, &said,
				       &why) == 0) {
		errorf(err, EXIT_REFUSED, "%s: the game does not refuse these "
		       "orders (%.*s), so they may still become step %lld: "
		       "no other orders are signed for it", name,
		       (int)strcspn(said.buf, "\n"), said.buf, ord.step);
	} else {
		snprintf(rf->game, sizeof rf->game, "%s", g.id);
		snprintf(rf->side, sizeof rf->side, "%s", ord.side);
		rf->step = ord.step;
		crypto_generichash(rf->orders, 32, (const unsigned char *)
				   v.body, v.body_len, NULL, 0);
		memcpy(rf->hash, rf->orders, 32);
		fprintf(rq->loader.msg, "umpire: %s: the game refuses these orders "
			"(%s); other orders may be signed for step %lld\n",
			name, why.msg, ord.step);
		rc = 0;
	}
	strbuf_free(&said);
	orders_free(&ord);
	verified_free(&v);
	free(buf);
	game_free(&g);
	return rc;
}

/* --game GAME or VIEW: the answers checked before they are signed, on
 * the game (open and honour modes) or on the side's view (referee
 * mode), opened and trusted with sk (NULL, --check: the key
 * rq->view_key gives, as orders reads it). For a view, when *referee
 * is set on entry, the view's referee key is written there; else
 * *referee becomes NULL. */
static int check_against(const struct sign_request *rq, const char *path,
			 const struct seckey *sk, const char *name,
			 const char *buf, size_t len, struct strbuf *said,
			 struct pubkey **referee, struct error *err)
{
	char *text = NULL;
	size_t tlen;
	struct game g;
	struct view v;
	int rc;
	struct pubkey *want = referee ? *referee : NULL;
	if (referee)
		*referee = NULL;
	rc = load_game_or_file(rq->loader, path, path_name(path),
			       MAIL_NOT_ORDERS, GAME_PARSE_CHECKPOINTS,
			       &g, &text, &tlen, NULL, NULL, err);
	if (rc < 0)
		return -1;
	if (rc == 1 || !is_view_text(text, tlen)) {
		/* the text read once; the answers to the pending question
		 * only: a replay from this machine's checkpoint */
		if (rc == 0)
			rc = game_parse_flags(&g, path_name(path), text, tlen,
					      rq->loader.scenario_dir,
					      GAME_PARSE_CHECKPOINTS, err);
		else
			rc = 0;
		free(text);
		if (rc == 0) {
			g.checkpoints = CHECKPOINTS_USE;
			/* sign shows no question: the one where the step
			 * ends is named, its example answers not worked
			 * out (one, as status --brief; all of a movement
			 * phase's units' moves were 4.5M instructions at
			 * step 1,024 of a long game) */
			g.examples = 1;
			rc = game_check_unsigned(&g, name, buf, len, said,
						 err);
			if (rc == 0 && rq->seen) /* where umpire mail sends */
				rq->seen(&g);
			game_free(&g);
		}
		return rc;
	}
	rc = sk ? view_open(path, text, tlen, rq->loader.scenario_dir, sk, &v,
			    err) :
		view_check_key(rq, path, text, tlen, &v, err);
	free(text);
	if (rc)
		return -1;
	rc = check_orders_on_view(&v, name, buf, len, said, err) < 0 ? -1 : 0;
	if (rc == 0 && rq->seen)     /* where umpire mail sends */
		rq->seen(&v.game);
	const struct role *ref = game_role(&v.game, "referee");
	if (rc == 0 && want && ref) {
		*want = ref->pk;
		*referee = want;
	}
	view_free(&v);
	return rc;
}

int sign_orders(const struct sign_request *rq, struct strbuf *out,
		struct pubkey **referee, struct error *err)
{
	const char *name = path_name(rq->file);
	const char *buf = rq->buf;
	size_t len = rq->len;
	struct strbuf tc = STRBUF_INIT, block = STRBUF_INIT;
	const struct seckey *sk = rq->sk;
	size_t body_len;
	int rc = orders_answer_something(name, buf, len, err);
	if (referee && (!rq->game || rq->detached))
		*referee = NULL;
	if (rc == 0 && rq->game) {
		/* checked against the game, or the side's view, before
		 * anything is signed */
		struct strbuf said = STRBUF_INIT;
		rc = check_against(rq, rq->game, sk, name, buf, len, &said,
				   referee, err);
		if (rc == 0)
			fprintf(rq->loader.msg, "umpire: %s: %s", name, said.buf);
		strbuf_free(&said);
	}
	if (rc == 0 && rq->check) {
		/* sign would refuse a file already signed: so does the
		 * check; then nothing is signed and nothing recorded */
		rc = embed_split(name, buf, len, &body_len, &block, err);
		if (rc > 0)
			rc = errorf(err, EXIT_REFUSED, "%s is already signed "
				    "(it ends with an UMPIRE SIGNATURE block; "
				    "'umpire verify %s --game %s' checks it)",
				    name, name, rq->game);
		if (rc == 0)
			fprintf(rq->loader.msg, "umpire: %s: checked only: nothing "
				"signed, nothing recorded; 'umpire sign %s -g "
				"%s -o SIGNED' signs it\n", name, name,
				rq->game);
		strbuf_free(&block);
		return rc;
	}
	if (rc == 0 && !rq->detached) {
		rc = embed_split(name, buf, len, &body_len, &block, err);
		if (rc > 0)
			rc = errorf(err, EXIT_REFUSED, "%s is already signed "
				    "(it ends with an UMPIRE SIGNATURE block)",
				    name);
	}
	/* What is signed: the file as it is for a detached signature; the
	 * answers alone, in canonical text, for an embedded one. The record
	 * keeps what is signed, so the same answers may be signed again. */
	struct strbuf canon = STRBUF_INIT;
	if (rc == 0)
		rc = orders_signed_text(name, buf, len, rq->comment,
					rq->detached, &tc, &canon, err);
	const char *body = rq->detached ? buf : canon.buf;
	size_t blen = rq->detached ? len : canon.len;
	struct refusal rf;
	memset(&rf, 0, sizeof rf);
	if (rc == 0 && rq->refused && rq->view)
		rc = load_refused(rq, sk, name, body, blen, &rf, err);
	else if (rc == 0 && rq->refused)
		rc = self_refused(rq, sk, &rf, err);
	if (rc == 0)
		rc = record_orders(name, body, blen, sk, rq->refused ? &rf :
				   NULL, path_name(rq->refused ? rq->refused :
						   "-"), err);
	refusal_free(&rf);
	if (rc == 0 && rq->detached)
		rc = minisig_sign(sk, buf, len, tc.buf, out, err);
	else if (rc == 0)
		rc = embed_sign(body, blen, sk, tc.buf, out, err);
	strbuf_free(&canon);
	strbuf_free(&tc);
	strbuf_free(&block);
	return rc;
}

