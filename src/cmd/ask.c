/*
 * ask.c - umpire ask: a side's signed request to the judge for its
 * letter of the game as it stands, sent again (request.h). The game and
 * the side come from FILE: a view (sealed or not), a game file or a
 * letter of the judge holding one; --side names the side where FILE
 * does not (a game file). The request names the steps FILE shows (a
 * view's step, a game file's steps), read from a sealed view opened
 * with the side's key.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/commands.h"
#include "umpire/doc.h"
#include "umpire/fsutil.h"
#include "umpire/keys.h"
#include "umpire/mail.h"
#include "umpire/request.h"
#include "umpire/view.h"

/* The steps the file d (name, buf) shows: a view's step, a sealed
 * view's (opened with sk), a game file's steps. */
static int file_step(const char *name, const char *buf, size_t len,
		     const struct doc *d, const struct seckey *sk,
		     long long *step, struct error *err)
{
	const struct doc_node *u = doc_get(d->root, "umpire");
	const struct doc_node *s = doc_get(d->root, "steps");
	char *plain = NULL;
	size_t plen;
	if (u && u->kind == DOC_SCALAR && !strcmp(u->str, SEALED_FORMAT)) {
		struct doc *v = doc_new(name);
		int rc = -1;
		if (sealed_open(name, buf, len, SEALED_FORMAT, sk, &plain,
				&plen, err) == 0 &&
		    doc_parse(v, plain, plen, &DOC_LIMITS_GAME, err) == 0)
			rc = v->root->kind != DOC_MAP ? errorf(err, EXIT_USAGE,
				"%s: the sealed view holds no view (a mapping "
				"with 'step')", name) :
				doc_need_int(v, v->root, "step", 0,
					     REQUEST_MAX_STEP, step, err);
		doc_free(v);
		free(plain);
		return rc;
	}
	if (doc_get(d->root, "step"))
		return doc_need_int(d, d->root, "step", 0, REQUEST_MAX_STEP,
				    step, err);
	if (s && s->kind == DOC_SEQ) {
		*step = (long long)s->n;
		return 0;
	}
	return errorf(err, EXIT_USAGE, "%s shows no step of the game (no "
		      "'step' nor 'steps'): give a view, a game file or a "
		      "letter of the judge", name);
}

int cmd_ask(int argc, char **argv, const struct cli *cli, struct error *err)
{
	const char *seckey = NULL, *out = NULL, *side = NULL, *path;
	const struct opt opts[] = {
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 0, "side", &side, NULL, NULL, NULL },
		{ 0 }
	};
	int rc = cli_parse(cli, argc, argv, opts, &path, 1, "one FILE", err);
	if (rc)
		return rc < 0 ? -1 : 0;
	char *buf = NULL;
	size_t len;
	struct seckey *sk = NULL;
	struct doc *d = doc_new(path_name(path));
	struct strbuf sb = STRBUF_INIT;
	rc = -1;
	if (mail_read_input(path, DOC_LIMITS_GAME.max_bytes, &buf, &len, NULL,
			    NULL, err) ||
	    doc_parse(d, buf, len, &DOC_LIMITS_GAME, err))
		goto out;
	const struct doc_node *g = d->root->kind == DOC_MAP ?
		doc_get(d->root, "game") : NULL;
	/* a view names its side; a sealed one whom it is sealed for */
	const struct doc_node *s = d->root->kind == DOC_MAP ?
		(doc_get(d->root, "side") ? doc_get(d->root, "side") :
		 doc_get(d->root, "for")) : NULL;
	if (!g || g->kind != DOC_SCALAR) {
		errorf(err, EXIT_USAGE, "%s names no game: give a view, a game "
		       "file or a letter of the judge", path_name(path));
		goto out;
	}
	if (!side && s && s->kind == DOC_SCALAR)
		side = s->str;
	if (!side) {
		usage_error(err, "ask", "%s does not say whose it is: give "
			    "--side SIDE", path_name(path));
		goto out;
	}
	long long step;
	if (cli_seckey(cli, seckey, &sk, err) ||
	    file_step(path_name(path), buf, len, d, sk, &step, err) ||
	    request_make(g->str, side, step, sk, &sb, err))
		goto out;
	/* a request holds no hidden information: its game, its side */
	rc = cli_write(out ? out : "-", &sb, 0644, err);
out:
	strbuf_free(&sb);
	seckey_free(sk);
	doc_free(d);
	free(buf);
	return rc;
}
