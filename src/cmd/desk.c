/*
 * desk.c - umpire desk VIEW|GAME: the player's desk, one HTML page in
 * which the side whose view it is answers the question now asked by
 * clicks (the page: desk_html, src/core/deskhtml.c). Here: the
 * arguments, the view read (opened with the side's key where it is
 * sealed, checked with it where one is given), or made from a game file
 * of a game with no views (honour mode: each side holds the whole game,
 * desk_game_view), and the page written, mode 0600. A game some side
 * has still to join (an invitation) gives the page with no view in it
 * (desk_html_blank, as the judge mails it), mode 0644: nothing hidden
 * is in it; a player with a browser only makes a key and joins there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/armor.h"
#include "umpire/commands.h"
#include "umpire/desk.h"
#include "umpire/deskhtml.h"
#include "umpire/fsutil.h"
#include "umpire/keyrole.h"
#include "umpire/keys.h"
#include "umpire/mail.h"
#include "umpire/view.h"
#include "umpire/viewtext.h"

/* The view's text to put in the page: buf itself, or what a sealed view
 * holds (*plain, opened with sk). With a key, the view is first checked
 * against what that key knows, as umpire open and orders check it
 * (view_trust): a view cannot certify itself to the page. */
static int desk_view_text(const struct cli *cli, const char *path,
		     const char *buf, size_t len, const struct seckey *sk,
		     struct view *v, char **plain, size_t *plen,
		     struct error *err)
{
	static const char sealed[] = "umpire: " SEALED_FORMAT "\n";
	if (view_load(v, path_name(path), buf, len, cli->scenario_dir, sk,
		      err))
		return -1;
	if ((sk && view_trust(v, sk, 0, err)) ||
	    (len >= sizeof sealed - 1 && !memcmp(buf, sealed,
						 sizeof sealed - 1) &&
	     sealed_open(path_name(path), buf, len, SEALED_FORMAT, sk, plain,
			 plen, err))) {
		view_free(v);
		return -1;
	}
	return 0;
}

/* The side of game g (parsed from path) a page is made for: side
 * (--side), else the role of the key at seckey (-s), else NULL (the one
 * the next question asks). */
static int desk_game_side(const struct cli *cli, const char *path,
			  struct game *g, const char *seckey,
			  const char **side, struct error *err)
{
	if (game_has_views(g))
		return errorf(err, EXIT_USAGE, "%s: this game has views (its "
			      "referee hides what a side may not see): umpire "
			      "desk takes your side's view, as the referee "
			      "mails it (umpire view)", path_name(path));
	if (*side) {
		if (!game_role(g, *side) || !strcmp(*side, "referee"))
			return errorf(err, EXIT_USAGE, "--side %s: this game "
				      "has no side '%s'", *side, *side);
		return 0;
	}
	if (!seckey)
		return 0;
	struct seckey *sk;
	if (cli_seckey(cli, seckey, &sk, err))
		return -1;
	*side = key_role(g, sk);
	seckey_free(sk);
	if (!*side || !strcmp(*side, "referee"))
		return errorf(err, EXIT_USAGE, "-s %s: this key is no side's "
			      "of this game: give a side's key, or --side "
			      "ROLE", seckey);
	return 0;
}

/*
 * A game file's page: the view of side (desk_game_side) after the
 * latest step, unsigned (view_text with no key: the side holds the
 * whole game, no referee vouches for anything), into *text and loaded
 * into v (view_load_unsigned). The page is made for the side the next
 * question asks: a side given that is not it is refused, as is a game
 * over.
 */
static int desk_game_view(const struct cli *cli, const char *path,
			  struct game *g, const char *side,
			  const char *seckey, struct strbuf *text,
			  struct view *v, struct error *err)
{
	const char *asked = side;
	char role[64];          /* the side asked, as the first view said */
	if (desk_game_side(cli, path, g, seckey, &asked, err))
		return -1;
	for (int pass = 0; pass < 2; pass++) {
		/* a first guess of no side: any side's view names the
		 * side asked */
		const char *want = asked ? asked : g->roles[0].name;
		if (!asked && !strcmp(want, "referee") && g->n_roles > 1)
			want = g->roles[1].name;
		strbuf_reset(text);
		if (view_text(g, NULL, want, 0, text, err) ||
		    view_load_unsigned(v, path_name(path), text->buf,
				       text->len, cli->scenario_dir, err))
			return -1;
		if (v->over) {
			view_free(v);
			return errorf(err, EXIT_REFUSED, "%s: the game is over; "
				      "no question is asked", path_name(path));
		}
		if (!strcmp(v->next.role, want))
			return 0;
		if (asked || pass) {
			errorf(err, EXIT_REFUSED, "%s: step %lld asks %s, not "
			       "%s: the page is made for the side asked "
			       "(umpire desk %s --side %s)", path_name(path),
			       v->step + 1, v->next.role, want,
			       path_name(path), v->next.role);
			view_free(v);
			return -1;
		}
		snprintf(role, sizeof role, "%s", v->next.role);
		asked = role;
		view_free(v);
	}
	return -1;      /* not reached: the second pass returns */
}

int cmd_desk(int argc, char **argv, const struct cli *cli, struct error *err)
{
	const char *out = NULL, *path, *seckey = NULL, *side = NULL;
	const struct opt opts[] = {
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 0, "side", &side, NULL, NULL, NULL },
		{ 0 }
	};
	int prc = cli_parse(cli, argc, argv, opts, &path, 1, "one VIEW or GAME",
			    err);
	if (prc)
		return prc < 0 ? -1 : 0;
	if (cli_distinct(cli, "input", path, seckey, out, err))
		return -1;
	if (!desk_wasm_gz_len)
		return errorf(err, EXIT_USAGE, "this umpire was built without "
			      "the desk's WebAssembly: build it with 'make "
			      "desk' (Debian's emscripten; make deps-desk "
			      "installs it), then run that umpire");
	char *buf = NULL, *scn = NULL, *plain = NULL;
	size_t len = 0, scn_len, plen = 0;
	struct seckey *sk = NULL;
	struct view v;
	struct game g;
	struct strbuf sb = STRBUF_INIT, text = STRBUF_INIT;
	int rc = -1;
	int got = load_game_or_file(cli_loader(cli), path, path_name(path),
				    MAIL_NOT_ORDERS, GAME_PARSE_CHECKPOINTS |
				    GAME_PARSE_VIEW, &g, &buf, &len, NULL,
				    NULL, err);
	if (got < 0)
		goto out;
	if (!got && !is_view_text(buf, len)) {
		if (game_parse_flags(&g, path_name(path), buf, len,
				     cli->scenario_dir, GAME_PARSE_CHECKPOINTS |
				     GAME_PARSE_VIEW, err))
			goto out;
		got = 1;
	}
	if (got && game_unjoined(&g)) {
		if (side || seckey) {
			errorf(err, EXIT_USAGE, "%s: an invitation (%s has "
			       "still to join): its page is every side's, "
			       "with no key or --side", path_name(path),
			       game_unjoined(&g));
			game_free(&g);
			goto out;
		}
		strbuf_addf(&sb, "%s/%s.yaml", cli->scenario_dir, g.scn.id);
		if (read_input(sb.buf, DOC_LIMITS_SMALL.max_bytes, &scn,
			       &scn_len, err) == 0) {
			strbuf_reset(&sb);
			desk_html_blank(&g, scn, scn_len, &sb);
			rc = cli_write(out, &sb, 0644, err);
		}
		game_free(&g);
		goto out;
	}
	if (got) {
		int vrc = desk_game_view(cli, path, &g, side, seckey, &text,
					 &v, err);
		game_free(&g);
		if (vrc)
			goto out;
		plain = strbuf_detach(&text, &plen);
		goto page;
	}
	if (side) {
		errorf(err, EXIT_USAGE, "--side goes with a game file: a view "
		       "is its own side's");
		goto out;
	}
	/* a key for a sealed view, or to check the view (-s) */
	if ((seckey || strncmp(buf, "umpire: " SEALED_FORMAT,
			       strlen("umpire: " SEALED_FORMAT)) == 0) &&
	    cli_seckey(cli, seckey, &sk, err))
		goto out;
	if (desk_view_text(cli, path, buf, len, sk, &v, &plain, &plen, err))
		goto out;
page:
	strbuf_addf(&sb, "%s/%s.yaml", cli->scenario_dir, v.game.scn.id);
	if (read_input(sb.buf, DOC_LIMITS_SMALL.max_bytes, &scn, &scn_len, err) ==
	    0) {
		strbuf_reset(&sb);
		desk_html(&v, plain ? plain : buf, plain ? plen : len, scn,
			  scn_len, &sb);
		/* a view holds what its side alone may see (its hand, its
		 * draws): the page too */
		rc = cli_write(out, &sb, 0600, err);
	}
	view_free(&v);
out:
	strbuf_free(&sb);
	strbuf_free(&text);
	free(scn);
	free(plain);
	free(buf);
	seckey_free(sk);
	return rc;
}
