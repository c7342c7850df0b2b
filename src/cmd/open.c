/*
 * open.c - umpire open: a sealed view opened for its player, written as
 * the plain view it holds, for a program that reads the position (an
 * example player's choose.py) or for keeping. The view is checked first
 * (the referee's signature, and what the key knows: view_trust), so what
 * is written is a view umpire itself reads. A judge's sealed answer is
 * written as what it holds once the referee's signature inside it is
 * checked against the game's keys, taken from a view of the game the
 * player holds (--view, checked as above) or the game file (-g): a box
 * names no sender, and anyone who knows the side's key can seal one.
 * The judge's other letters (a game file, a message with no umpire
 * file) are said in a word, nothing written (letter_not_view).
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/answer.h"
#include "umpire/commands.h"
#include "umpire/fsutil.h"
#include "umpire/keys.h"
#include "umpire/mail.h"
#include "umpire/notview.h"
#include "umpire/view.h"

/* The game whose keys check a sealed answer, as the opener (sk) knows
 * it: a view of it (trusted as any view this key reads: view_trust), or
 * a game file this key joined: its join, which signs every role's key
 * (the core hash), and every other join in it hold. */
static int answer_game(const struct cli *cli, const char *view,
		       const char *game, const struct seckey *sk,
		       struct view *v, struct game *g, struct game **out,
		       struct error *err)
{
	if (view) {
		if (cli_view_file(cli, view, sk, v, err))
			return -1;
		*out = &v->game;
		return 0;
	}
	if (load_game(cli_loader(cli), game, 0, g, err) ||
	    game_verify_joined(g, err))
		return -1;
	struct pubkey pk;
	seckey_pubkey(sk, &pk);
	for (size_t i = 0; i < g->n_roles; i++)
		if (g->roles[i].joined &&
		    !memcmp(g->roles[i].pk.pk, pk.pk, sizeof pk.pk)) {
			*out = g;
			return 0;
		}
	return errorf(err, EXIT_REFUSED, "%s: this key has not joined game "
		      "%s in this file: give the game file you joined (umpire "
		      "join wrote it), whose join signs the keys of the game, "
		      "or --view VIEW", path_name(game), g->id);
}

/* A judge's sealed answer (the referee's signed refusal, or the reason)
 * opened and checked against the game's keys: what is inside written,
 * and who signed it said. */
static int open_answer(const struct cli *cli, const char *path,
		       const char *buf, size_t len, const struct seckey *sk,
		       const char *view, const char *game, const char *out,
		       struct error *err)
{
	if (!view && !game)
		return usage_error(err, "open", "%s is a judge's sealed "
				   "answer: give --view VIEW (a view of its "
				   "game you were sent) or -g GAME (the game "
				   "file you joined), whose referee key checks "
				   "who signed it", path_name(path));
	struct view v;
	struct game g, *kg = NULL;
	struct sealed_answer a;
	memset(&v, 0, sizeof v);
	memset(&g, 0, sizeof g);
	memset(&a, 0, sizeof a);
	int rc = answer_game(cli, view, game, sk, &v, &g, &kg, err);
	if (rc == 0)
		rc = answer_open(path_name(path), buf, len, sk, kg, &a, err);
	if (rc == 0) {
		struct strbuf sb = STRBUF_INIT;
		strbuf_add(&sb, a.text, a.len);
		rc = cli_write(out, &sb, 0600, err);
		strbuf_free(&sb);
	}
	if (rc == 0)
		fprintf(cli->msg, "umpire: %s: signed by the %s of game %s: "
			"its %s to %s for step %lld\n", path_name(path),
			a.signer, kg->id, a.refusal ? "refusal of the orders" :
			"answer", a.side, a.step);
	answer_free(&a);
	if (view)
		view_free(&v);
	else
		game_free(&g);
	return rc;
}

/* A letter of the judge's with nothing to open (a letter in words, a
 * game file): said, nothing written; 0, or -1 for what it does not
 * take. */
static int not_view(const struct cli *cli, const char *path,
		    const char *buf, size_t len, int none)
{
	struct strbuf word = STRBUF_INIT;
	int rc = letter_not_view(path, buf, len, none, &word) ? 0 : -1;
	if (rc == 0)
		fprintf(cli->msg, "umpire: %s: nothing to open, nothing "
			"written\n", word.buf);
	strbuf_free(&word);
	return rc;
}

int cmd_open(int argc, char **argv, const struct cli *cli,
	     struct error *err)
{
	const char *seckey = NULL, *out = NULL, *view = NULL, *game = NULL;
	const char *path;
	const struct opt opts[] = {
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 0, "view", &view, NULL, NULL, NULL },
		{ 'g', "game", &game, NULL, NULL, NULL },
		{ 0 }
	};
	struct seckey *sk = NULL;
	struct view v;
	char *buf = NULL, *plain = NULL;
	size_t len, plen;
	int rc = cli_parse(cli, argc, argv, opts, &path, 1, "one VIEW", err);
	if (rc)
		return rc < 0 ? -1 : 0;
	if (cli_distinct(cli, "view", path, seckey, out, err))
		return -1;
	if (view && game)
		return usage_error(err, "open", "--view VIEW or -g GAME, not "
				   "both");
	int none = 0;
	if (letter_read(path, DOC_LIMITS_GAME.max_bytes, &buf, &len, &none,
			err) < 0)
		return -1;
	rc = -1;
	/* the judge's answer to refused orders, sealed to their signer: what
	 * is inside (the referee's signed refusal, or the reason), once the
	 * referee's signature inside is checked */
	if (buf && is_sealed_answer(buf, len)) {
		if (cli_seckey(cli, seckey, &sk, err) == 0)
			rc = open_answer(cli, path, buf, len, sk, view, game,
					 out, err);
		goto out;
	}
	if (view || game) {
		errorf(err, EXIT_USAGE, "--view and -g are for a judge's "
		       "sealed answer, and %s is not one", path_name(path));
		goto out;
	}
	/* the judge's other letters: said what they hold */
	if (!buf || !is_view_text(buf, len)) {
		if (not_view(cli, path, buf, len, none) == 0)
			rc = 0;
		else
			errorf(err, EXIT_USAGE, "%s is not a view (its first "
			       "line is not 'umpire: %s' or 'umpire: %s') nor "
			       "a judge's sealed answer ('umpire: %s')",
			       path_name(path), VIEW_FORMAT, SEALED_FORMAT,
			       SEALED_ANSWER_FORMAT);
		goto out;
	}
	if (cli_seckey(cli, seckey, &sk, err) ||
	    view_load(&v, path_name(path), buf, len, cli->scenario_dir, sk,
		      err))
		goto out;
	if (view_trust(&v, sk, 0, err) == 0) {
		static const char head[] = "umpire: " SEALED_FORMAT "\n";
		if (len >= sizeof head - 1 && !memcmp(buf, head,
						     sizeof head - 1))
			rc = sealed_open(path_name(path), buf, len,
					 SEALED_FORMAT, sk, &plain, &plen, err);
		else
			rc = 0;
	}
	view_free(&v);
	if (rc == 0) {
		struct strbuf sb = STRBUF_INIT;
		strbuf_add(&sb, plain ? plain : buf, plain ? plen : len);
		rc = cli_write(out, &sb, 0600, err);
		strbuf_free(&sb);
	}
out:
	seckey_free(sk);
	free(plain);
	free(buf);
	return rc;
}
