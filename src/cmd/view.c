/*
 * view.c - umpire view: in referee mode, what one side may see after the
 * latest step, signed by the referee and optionally sealed to that side.
 */
#include <string.h>
#include <sodium.h>
#include "umpire/commands.h"
#include "umpire/game.h"
#include "umpire/record.h"
#include "umpire/keys.h"
#include "umpire/view.h"
#include "umpire/viewtext.h"

int cmd_view(int argc, char **argv, const struct cli *cli, struct error *err)
{
	const char *seckey = NULL, *out = NULL, *side = NULL, *path;
	int seal = 0, rc = -1;
	struct seckey *sk = NULL;
	struct game g;
	const struct opt opts[] = {
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 0, "side", &side, NULL, NULL, NULL },
		{ 0, "seal", NULL, &seal, NULL, NULL },
		{ 0 }
	};
	int prc = cli_parse(cli, argc, argv, opts, &path, 1, "one GAME", err);
	if (prc)
		return prc < 0 ? -1 : 0;
	if (!side)
		return usage_error(err, "view", "give --side NAME");
	if (cli_distinct(cli, "game file", path, seckey, out, err))
		return -1;
	/* the steps this machine verified before are not read again:
	 * view_text reads them only where the view needs them */
	if (load_game(cli_loader(cli), path, GAME_PARSE_CHECKPOINTS |
		      GAME_PARSE_VIEW, &g, err))
		return -1;
	struct role *ref = game_role(&g, "referee");
	struct pubkey pk;
	if (!ref || !g.scn.rs->view) {
		errorf(err, EXIT_USAGE, "views are for games with hidden "
		       "information and a referee; %s", g.scn.rs->view ?
		       "in honour mode use 'umpire report --side'" :
		       "this game hides nothing: mail the game file itself");
		goto out_game;
	}
	if (!game_role(&g, side) || !strcmp(side, "referee")) {
		usage_error(err, "view", "this game has no side '%s'", side);
		goto out_game;
	}
	if (cli_seckey(cli, seckey, &sk, err))
		goto out_game;
	seckey_pubkey(sk, &pk);
	if (sodium_memcmp(&pk, &ref->pk, sizeof pk) != 0) {
		errorf(err, EXIT_REFUSED, "views are signed by the referee; "
		       "this secret key is not the referee's");
		goto out_game;
	}
	struct record rec;
	if (record_for_game(&rec, sk, &g, err))
		goto out_game;
	struct strbuf text = STRBUF_INIT;
	if (view_text(&g, sk, side, seal, &text, err) == 0)
		rc = cli_write(out, &text, 0600, err); /* a side's cards */
	strbuf_free(&text);
	if (rc == 0)
		rc = record_done(&rec, &g, err);
	else
		record_free(&rec);
out_game:
	seckey_free(sk);
	game_free(&g);
	return rc;
}
