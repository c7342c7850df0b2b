/*
 * orders.c - umpire orders: a ready-to-sign order file for the pending
 * decision, with the legal answers as comments.
 */
#define _DEFAULT_SOURCE /* mkstemps: the draft keeps its .yaml for the editor */
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <string.h>
#include "umpire/commands.h"
#include "umpire/game.h"
#include "umpire/fsutil.h"
#include "umpire/mail.h"
#include "umpire/signorders.h"
#include "umpire/template.h"
#include "umpire/view.h"

/* From a view: the template (template_from_view); then where umpire
 * mail sends kept, and the referee whose key the signed orders are
 * sealed to. */
static int from_view(const struct cli *cli, const char *path,
		     const char *buf, size_t len, const struct seckey *sk,
		     const struct orders *prefix, const char *prefix_name,
		     struct pubkey *referee, struct strbuf *out,
		     struct error *err)
{
	struct view v;
	if (view_load(&v, path_name(path), buf, len, cli->scenario_dir, sk,
		      err))
		return -1;
	int rc = template_from_view(&v, sk, prefix, prefix_name, out, err);
	const struct role *ref = game_role(&v.game, "referee");
	if (rc == 0)
		cli_keep_addresses(&v.game);   /* where umpire mail sends */
	if (rc == 0 && ref)
		*referee = ref->pk;
	else if (rc == 0)
		rc = errorf(err, EXIT_REFUSED, "%s: a view without a referee "
			    "role", path_name(path));
	view_free(&v);
	return rc;
}

/* read: the game as load_game_or_file read it (taken over), else NULL and
 * the game is read from buf. */
static int from_game(const struct cli *cli, const char *path,
		     struct game *read, const char *buf, size_t len,
		     const struct seckey *sk, const struct orders *prefix,
		     const char *prefix_name, struct strbuf *out,
		     struct error *err)
{
	struct game g;
	if (read)
		g = *read;
	else if (game_parse_flags(&g, path_name(path), buf, len,
				  cli->scenario_dir, GAME_PARSE_CHECKPOINTS,
				  err))
		return -1;
	return template_from_game(&g, sk, prefix, prefix_name, out, err);
}

/* The directory part of path ("." for none). */
static void dir_of(const char *path, struct strbuf *dir)
{
	const char *slash = path ? strrchr(path, '/') : NULL;
	if (!path || !strcmp(path, "-") || !slash)
		strbuf_adds(dir, ".");
	else if (slash == path)
		strbuf_adds(dir, "/");
	else
		strbuf_add(dir, path, (size_t)(slash - path));
}

/*
 * umpire orders --sign: the template goes to a draft file (0600, beside
 * the output), $VISUAL or $EDITOR (else vi) opens it, and what the player
 * saved is checked and signed with the key already loaded, so that an
 * encrypted key's passphrase is asked once a turn. A draft the check
 * refuses is kept, and the message says how to sign it once fixed.
 */
static int edit_and_sign(const struct cli *cli, const char *path,
			 const char *out, const char *refused,
			 const struct seckey *sk, const struct strbuf *tmpl,
			 struct strbuf *signed_text, struct error *err)
{
	struct strbuf draft = STRBUF_INIT;
	const char *editor = getenv("VISUAL");
	char *buf = NULL;
	size_t len;
	int rc = -1, keep = 0;
	if (!editor || !*editor)
		editor = getenv("EDITOR");
	if (!editor || !*editor)
		editor = "vi";
	dir_of(out, &draft);
	strbuf_adds(&draft, "/orders-draft-XXXXXX.yaml");
	int fd = mkstemps(draft.buf, 5);   /* created 0600 */
	if (fd < 0) {
		errorf(err, EXIT_USAGE, "cannot make a draft file %s: %s",
		       draft.buf, strerror(errno));
		strbuf_free(&draft);
		return -1;
	}
	int bad = write_all(fd, tmpl->buf, tmpl->len);
	if (close(fd) != 0 || bad) {
		errorf(err, EXIT_USAGE, "cannot write the draft %s", draft.buf);
		goto out;
	}
	/* the editor through the shell, so that EDITOR may hold options */
	pid_t pid = fork();
	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", "exec $0 \"$1\"", editor,
		      draft.buf, (char *)NULL);
		_exit(127);
	}
	int status = 0;
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0) {
		errorf(err, EXIT_USAGE, "the editor '%s' failed (exit status "
		       "%d); nothing was signed", editor,
		       pid > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		goto out;
	}
	if (read_input(draft.buf, DOC_LIMITS_SMALL.max_bytes, &buf, &len,
		       err))
		goto out;
	struct sign_request rq = { .file = draft.buf, .buf = buf, .len = len,
		.sk = sk, .game = path, .refused = refused,
		.view = refused ? path : NULL };
	cli_sign_request(cli, NULL, &rq);
	rc = sign_orders(&rq, signed_text, NULL, err);
	if (rc != 0) {
		keep = 1;
		error_prefix(err, "your answers are kept in %s; fix them, "
			     "then 'umpire sign %s%s%s%s%s%s%s -o SIGNED' signs "
			     "them", draft.buf, draft.buf, " --game ", path,
			     refused ? " --refused " : "", refused ? refused :
			     "", refused ? " --view " : "", refused ? path :
			     "");
	}
out:
	if (!keep)
		unlink(draft.buf);
	free(buf);
	strbuf_free(&draft);
	return rc;
}

int cmd_orders(int argc, char **argv, const struct cli *cli,
	       struct error *err)
{
	const char *seckey = NULL, *out = NULL, *path, *answers = NULL;
	const char *refused = NULL;
	struct orders prefix;
	char *pbuf = NULL;
	size_t plen;
	int have_prefix = 0;
	struct seckey *sk = NULL;
	char *buf = NULL;
	size_t len;
	int rc = -1, sign = 0, view = 0;
	const struct opt opts[] = {
		{ 's', NULL, &seckey, NULL, NULL, NULL },
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 0, "sign", NULL, &sign, NULL, NULL },
		{ 0, "answers", &answers, NULL, NULL, NULL },
		{ 0, "refused", &refused, NULL, NULL, NULL },
		{ 0 }
	};
	int prc = cli_parse(cli, argc, argv, opts, &path, 1, "one GAME or "
			    "VIEW", err);
	if (prc)
		return prc < 0 ? -1 : 0;
	if (cli_distinct(cli, "input", path, seckey, out, err) ||
	    (sign && cli_signed_output(out, err)))
		return -1;
	if (cli_seckey(cli, seckey, &sk, err))
		return -1;
	struct strbuf sb = STRBUF_INIT;
	struct game g;
	int got = load_game_or_file(cli_loader(cli), path, path_name(path),
				    MAIL_NOT_ORDERS, GAME_PARSE_CHECKPOINTS,
				    &g, &buf, &len, NULL, NULL, err);
	if (got < 0)
		goto out;
	view = !got && is_view_text(buf, len);
	if (refused && (!view || !sign)) {
		rc = usage_error(err, "orders", "--refused REFUSAL goes with "
				 "--sign and a view (referee mode); else "
				 "'umpire sign FILE --refused REFUSAL --view "
				 "VIEW'");
		goto out;
	}
	if (answers) {
		if (read_input(answers, DOC_LIMITS_SMALL.max_bytes, &pbuf,
			       &plen, err) ||
		    orders_parse(answers, pbuf, plen, &prefix, err))
			goto out;
		have_prefix = 1;
	}
	struct pubkey referee;
	if (view)
		rc = from_view(cli, path, buf, len, sk, have_prefix ?
			       &prefix : NULL, answers, &referee, &sb, err);
	else
		rc = from_game(cli, path, got ? &g : NULL, buf, len, sk,
			       have_prefix ? &prefix : NULL, answers, &sb,
			       err);
	got = 0;        /* from_game has it */
	if (rc == 0 && sign) {
		struct strbuf signed_text = STRBUF_INIT;
		if (!strcmp(path, "-"))
			rc = usage_error(err, "orders", "--sign needs the game "
					 "or view as a file, not stdin");
		else
			rc = edit_and_sign(cli, path, out, refused, sk,
					   &sb, &signed_text, err);
		/* a view is referee mode: the signed orders go to the
		 * referee alone, sealed to the referee's key in the view */
		if (rc == 0 && view)
			rc = seal_signed_orders(&referee, path_name(path),
						sb.buf, sb.len, &signed_text,
						err);
		strbuf_free(&sb);
		sb = signed_text;
	}
	/* a template lists its side's answers (a hand), orders are the
	 * side's until the adjudicator reads them: the owner's alone */
	if (rc == 0)
		rc = cli_write(out, &sb, 0600, err);
out:
	if (got == 1)
		game_free(&g);
	if (have_prefix)
		orders_free(&prefix);
	free(pbuf);
	strbuf_free(&sb);
	free(buf);
	seckey_free(sk);
	return rc;
}
