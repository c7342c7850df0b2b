/*
 * mail.c - umpire mail: a ready-to-send mail message (RFC 5322, MIME)
 * carrying umpire files, for `| sendmail -t` or a mail client's drafts.
 * GMime writes the message; what it says comes from the files themselves.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "umpire/commands.h"
#include "umpire/doc.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/gmime_dl.h"
#include "umpire/mail.h"

#define MAIL_MAX_FILE (4u << 20)
#define MAIL_MAX_REPORT (1u << 20)

/* What the first file is: its kind, game, step and the role concerned. */
struct about {
	char kind[16];          /* "game", "orders", "view", "file" */
	char game[GAME_ID_HEX + 1];
	char title[128];
	char role[64];          /* game: who acts next; else the side */
	long long step;         /* game: the step pending; else the file's */
	int over, unjoined;     /* steps: over is the number of steps */
};

static void copy_str(char *dst, size_t size, const struct doc_node *n)
{
	snprintf(dst, size, "%s", n && n->kind == DOC_SCALAR ? n->str : "");
}

static long long node_ll(const struct doc_node *n)
{
	return n && n->kind == DOC_SCALAR ? strtoll(n->str, NULL, 10) : -1;
}

static int describe_game(const struct cli *cli, const char *name,
			 const char *buf, size_t len, struct about *a,
			 struct error *err)
{
	struct game g;
	struct run run;
	if (game_parse(&g, name, buf, len, cli->scenario_dir, err))
		return -1;
	snprintf(a->title, sizeof a->title, "%s", g.scn.title);
	snprintf(a->game, sizeof a->game, "%s", g.id);
	const char *who = game_unjoined(&g);
	if (who) {
		a->unjoined = 1;
		snprintf(a->role, sizeof a->role, "%s", who);
	} else if (game_check(&g, CHECK_LIGHT, NULL, &run, err)) {
		game_free(&g);
		return -1;
	} else {
		a->over = run.outcome == RUN_OVER;
		if (!a->over)
			snprintf(a->role, sizeof a->role, "%s",
				 run.pending.role);
		a->step = (long long)g.n_steps + 1;
		engine_free(&run);
	}
	game_free(&g);
	return 0;
}

static int describe(const struct cli *cli, const char *name,
		    const char *buf, size_t len, struct about *a,
		    struct error *err)
{
	struct doc *d = doc_new(name);
	memset(a, 0, sizeof *a);
	snprintf(a->kind, sizeof a->kind, "file");
	a->step = -1;
	struct error ignored;
	if (doc_parse(d, buf, len, &DOC_LIMITS_GAME, &ignored) == 0 &&
	    d->root && d->root->kind == DOC_MAP) {
		const struct doc_node *u = doc_get(d->root, "umpire");
		const char *v = u && u->kind == DOC_SCALAR ? u->str : "";
		if (strncmp(v, "game/", 5) == 0)
			snprintf(a->kind, sizeof a->kind, "game");
		else if (strncmp(v, "orders/", 7) == 0)
			snprintf(a->kind, sizeof a->kind, "orders");
		else if (strncmp(v, "view/", 5) == 0 ||
			 strncmp(v, "sealed/", 7) == 0)
			snprintf(a->kind, sizeof a->kind, "view");
		else if (strncmp(v, "sealed-orders/", 14) == 0)
			snprintf(a->kind, sizeof a->kind, "sealed");
		copy_str(a->game, sizeof a->game, doc_get(d->root, "game"));
		/* a sealed file names its reader in 'for' */
		copy_str(a->role, sizeof a->role, doc_get(d->root, "side") ?
			 doc_get(d->root, "side") : doc_get(d->root, "for"));
		a->step = node_ll(doc_get(d->root, "step"));
		if (strncmp(v, "delta/", 6) == 0) {
			const struct doc_node *st = doc_get(d->root, "steps");
			snprintf(a->kind, sizeof a->kind, "steps");
			a->step = node_ll(doc_get(d->root, "since"));
			a->over = st && st->kind == DOC_SEQ ? (int)st->n : 0;
		}
	}
	doc_free(d);
	if (strcmp(a->kind, "game") == 0)
		return describe_game(cli, name, buf, len, a, err);
	return 0;
}

static void subject(const struct about *a, struct strbuf *sb)
{
	char id[13];
	snprintf(id, sizeof id, "%s", a->game);
	strbuf_adds(sb, "[umpire] ");
	if (strcmp(a->kind, "game") == 0) {
		strbuf_addf(sb, "%s, game %s: ", a->title, id);
		if (a->unjoined)
			strbuf_addf(sb, "%s to join", a->role);
		else if (a->over)
			strbuf_adds(sb, "the game is over");
		else
			strbuf_addf(sb, "step %lld, %s to act", a->step,
				    a->role);
	} else if (strcmp(a->kind, "orders") == 0) {
		strbuf_addf(sb, "orders of %s for step %lld, game %s",
			    a->role, a->step, id);
	} else if (strcmp(a->kind, "steps") == 0) {
		strbuf_addf(sb, "steps %lld-%lld of game %s", a->step + 1,
			    a->step + a->over, id);
	} else if (strcmp(a->kind, "view") == 0) {
		strbuf_addf(sb, "view for %s, game %s", a->role, id);
	} else if (strcmp(a->kind, "sealed") == 0) {
		strbuf_addf(sb, "orders sealed to the %s, game %s", a->role,
			    id);
	} else {
		strbuf_adds(sb, "files");
	}
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* A text part holding data, encoded for mail. */
static GMimePart *text_part(const struct gmime *gm, const char *subtype, const char *data,
			    size_t len, const char *filename, int attachment,
			    GMimeContentEncoding enc)
{
	GMimePart *p = gm->g_mime_part_new_with_type("text", subtype);
	gm->g_mime_object_set_content_type_parameter(GMIME_OBJECT(p), "charset",
						 "utf-8");
	GMimeStream *s = gm->g_mime_stream_mem_new_with_buffer(data, len);
	GMimeDataWrapper *w = gm->g_mime_data_wrapper_new_with_stream(
		s, GMIME_CONTENT_ENCODING_DEFAULT);
	gm->g_mime_part_set_content(p, w);
	gm->g_object_unref(w);
	gm->g_object_unref(s);
	gm->g_mime_part_set_content_encoding(p, enc);
	if (filename) {
		gm->g_mime_part_set_filename(p, filename);
		gm->g_mime_object_set_disposition(GMIME_OBJECT(p), attachment ?
			GMIME_DISPOSITION_ATTACHMENT :
			GMIME_DISPOSITION_INLINE);
	}
	return p;
}

static int add_recipient(const struct gmime *gm, GMimeMessage *m, const struct cli *cli,
			 const char *to, struct error *err)
{
	const char *addr = strchr(to, '@') ? to : config_address(&cli->cfg, to);
	if (!addr)
		return errorf(err, EXIT_USAGE, "--to %s: no address for role "
			      "%s; add '%s = ADDRESS' under [addresses] in "
			      "the config file (%s), or give the address",
			      to, to, to, cli->cfg.path ? cli->cfg.path :
			      "~/.config/umpire/config.ini");
	InternetAddressList *l = gm->g_mime_message_get_addresses(
		m, GMIME_ADDRESS_TYPE_TO);
	InternetAddressList *parsed = gm->internet_address_list_parse(NULL, addr);
	if (!parsed || gm->internet_address_list_length(parsed) == 0) {
		if (parsed)
			gm->g_object_unref(parsed);
		return errorf(err, EXIT_USAGE, "'%s' is not a mail address",
			      addr);
	}
	gm->internet_address_list_append(l, parsed);
	gm->g_object_unref(parsed);
	return 0;
}

/* The addr-spec of the first mailbox in a, or NULL. */
static char *addr_spec(const struct gmime *gm, const char *a)
{
	InternetAddressList *l = gm->internet_address_list_parse(NULL, a);
	char *out = NULL;
	if (l && gm->internet_address_list_length(l) > 0) {
		InternetAddress *ia = gm->internet_address_list_get_address(l, 0);
		if (gmime_is_mailbox(gm, ia))
			out = gm->g_strdup(gm->internet_address_mailbox_get_addr(
				INTERNET_ADDRESS_MAILBOX(ia)));
	}
	if (l)
		gm->g_object_unref(l);
	return out;
}

/* 1 if a and b name the same mailbox (display names aside). */
static int same_mailbox(const struct gmime *gm, const char *a,
			const char *b)
{
	char *x = addr_spec(gm, a), *y = addr_spec(gm, b);
	int same = x && y && strcasecmp(x, y) == 0;
	gm->g_free(x);
	gm->g_free(y);
	return same;
}

/* Default recipients: every configured role's address but our own. */
static int default_recipients(const struct gmime *gm, GMimeMessage *m, const struct cli *cli,
			      size_t *n, struct error *err)
{
	const struct config *c = &cli->cfg;
	for (size_t i = 0; i < c->n_addresses; i++) {
		if (c->address && same_mailbox(gm, c->address,
					       c->addresses[i].address))
			continue;
		if (add_recipient(gm, m, cli, c->addresses[i].address, err))
			return -1;
		(*n)++;
	}
	return 0;
}

static int build(const struct gmime *gm, const struct cli *cli, const char **files, size_t n_files,
		 char **bufs, size_t *lens, const char *report,
		 size_t report_len, const char **to, size_t n_to,
		 const char *from, int inline_first, struct strbuf *out,
		 struct error *err)
{
	struct about a;
	struct strbuf subj = STRBUF_INIT, body = STRBUF_INIT;
	int rc = -1;
	if (describe(cli, path_name(files[0]), bufs[0], lens[0], &a, err))
		return -1;
	subject(&a, &subj);
	GMimeMessage *m = gm->g_mime_message_new(TRUE);
	from = from ? from : cli->cfg.address;
	if (from) {
		InternetAddressList *f = gm->internet_address_list_parse(NULL,
								     from);
		if (!f || gm->internet_address_list_length(f) == 0) {
			if (f)
				gm->g_object_unref(f);
			errorf(err, EXIT_USAGE, "'%s' is not a mail address",
			       from);
			goto out;
		}
		gm->internet_address_list_append(gm->g_mime_message_get_addresses(
			m, GMIME_ADDRESS_TYPE_FROM), f);
		gm->g_object_unref(f);
	}
	size_t n_rcpt = n_to;
	for (size_t i = 0; i < n_to; i++)
		if (add_recipient(gm, m, cli, to[i], err))
			goto out;
	if (n_to == 0 && default_recipients(gm, m, cli, &n_rcpt, err))
		goto out;
	if (n_rcpt == 0)
		fprintf(cli->msg, "umpire: note: the message has no To: "
			"(give --to, or map roles to addresses under "
			"[addresses] in the config file)\n");
	gm->g_mime_message_set_subject(m, subj.buf, "utf-8");
	GDateTime *now = gm->g_date_time_new_now_local();
	gm->g_mime_message_set_date(m, now);
	gm->g_date_time_unref(now);
	char *mid = gm->g_mime_utils_generate_message_id("umpire.invalid");
	gm->g_mime_message_set_message_id(m, mid);
	gm->g_free(mid);

	if (report)
		strbuf_add(&body, report, report_len);
	else
		strbuf_addf(&body, "%s\n", subj.buf + strlen("[umpire] "));
	strbuf_addf(&body, "\n-- \numpire reads this whole message: save it "
		    "and give it to umpire\nin place of the attached file "
		    "(or pipe it: | umpire COMMAND ... -).\n");
	GMimeMultipart *mp = gm->g_mime_multipart_new_with_subtype("mixed");
	GMimePart *bp = text_part(gm, "plain", body.buf, body.len, NULL, 0,
				  GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE);
	gm->g_mime_multipart_add(mp, GMIME_OBJECT(bp));
	gm->g_object_unref(bp);
	for (size_t i = 0; i < n_files; i++) {
		const char *fname = strcmp(files[i], "-") ? base_name(files[i])
			: "umpire.yaml";
		GMimePart *fp = text_part(gm, "plain", bufs[i], lens[i], fname,
					  !(inline_first && i == 0),
					  GMIME_CONTENT_ENCODING_BASE64);
		gm->g_mime_multipart_add(mp, GMIME_OBJECT(fp));
		gm->g_object_unref(fp);
	}
	gm->g_mime_message_set_mime_part(m, GMIME_OBJECT(mp));
	gm->g_object_unref(mp);

	GMimeStream *ms = gm->g_mime_stream_mem_new();
	if (gm->g_mime_object_write_to_stream(GMIME_OBJECT(m), NULL, ms) < 0) {
		errorf(err, EXIT_USAGE, "cannot write the mail message");
	} else {
		GByteArray *b = gm->g_mime_stream_mem_get_byte_array(
			GMIME_STREAM_MEM(ms));
		strbuf_add(out, b->data, b->len);
		rc = 0;
	}
	gm->g_object_unref(ms);
out:
	gm->g_object_unref(m);
	strbuf_free(&subj);
	strbuf_free(&body);
	return rc;
}

/*
 * --report: a report "As seen by SIDE." (umpire report, adjudicate
 * --report in honour mode) goes to SIDE only: refused when a recipient
 * is known to be another role (a role given to --to, an address that
 * the config maps to a role, or by default every configured role but
 * our own).
 */
static int report_for_recipients(const struct gmime *gm,
				 const struct cli *cli, const char *rep,
				 const char *report, const char **to,
				 size_t n_to, struct error *err)
{
	const struct config *c = &cli->cfg;
	const char *p = report;
	while (p && strncmp(p, "As seen by ", 11) != 0)
		p = (p = strchr(p, '\n')) ? p + 1 : NULL;
	if (!p)
		return 0;
	p += 11;
	size_t n = strcspn(p, ".\n");
	for (size_t i = 0; i < (n_to ? n_to : c->n_addresses); i++) {
		const char *role = NULL;
		if (!n_to && (!c->address || !same_mailbox(gm, c->address,
						c->addresses[i].address)))
			role = c->addresses[i].role;
		for (size_t k = 0; n_to && k < c->n_addresses && !role; k++)
			if (same_mailbox(gm, to[i], c->addresses[k].address))
				role = c->addresses[k].role;
		if (n_to && !strchr(to[i], '@'))
			role = to[i];
		if (role && (strlen(role) != n || strncmp(role, p, n)))
			return errorf(err, EXIT_REFUSED, "%s is the report as "
				      "seen by %.*s, but the mail goes to %s, "
				      "who may read only their own side's: "
				      "mail it to %.*s, or give %s's report "
				      "(umpire report --side %s)",
				      path_name(rep), (int)n, p, role, (int)n,
				      p, role, role);
	}
	return 0;
}

int cmd_mail(int argc, char **argv, const struct cli *cli,
	     struct error *err)
{
	const char *out = NULL, *rep = NULL, *from = NULL;
	const char **to = xcalloc((size_t)argc + 1, sizeof *to);
	const char **pos = xcalloc((size_t)argc + 1, sizeof *pos);
	size_t n_to = 0, n_pos = 0;
	int inline_first = 0, rc = -1;
	char **bufs = NULL, *report = NULL;
	size_t *lens = NULL, report_len = 0;
	const struct opt opts[] = {
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 0, "to", NULL, NULL, to, &n_to },
		{ 0, "from", &from, NULL, NULL, NULL },
		{ 0, "report", &rep, NULL, NULL, NULL },
		{ 0, "inline", NULL, &inline_first, NULL, NULL },
		{ 0 }
	};
	int prc = cli_parse_var(cli, argc, argv, opts, pos, 1, (size_t)argc,
				&n_pos, "one FILE or more", err);
	if (prc) {
		rc = prc < 0 ? -1 : 0;
		goto free_args;
	}
	for (size_t i = 0; i < n_pos; i++)
		if (cli_distinct(cli, "file to mail", pos[i], NULL, out, err))
			goto free_args;
	if (cli_distinct(cli, "report", rep, NULL, out, err))
		goto free_args;
	bufs = xcalloc(n_pos, sizeof *bufs);
	lens = xcalloc(n_pos, sizeof *lens);
	for (size_t i = 0; i < n_pos; i++)
		if (read_input(pos[i], MAIL_MAX_FILE, &bufs[i], &lens[i], err))
			goto out;
	if (rep && read_input(rep, MAIL_MAX_REPORT, &report, &report_len,
			      err))
		goto out;
	struct strbuf msg = STRBUF_INIT;
	struct gmime gm;
	rc = gmime_open(&gm, err);
	if (rc == 0 && rep)
		rc = report_for_recipients(&gm, cli, rep, report, to, n_to,
					   err);
	if (rc == 0)
		rc = build(&gm, cli, pos, n_pos, bufs, lens, report, report_len, to, n_to,
		   from, inline_first, &msg, err);
	gmime_close(&gm);
	if (rc == 0)
		rc = cli_write(out, &msg, err);
	strbuf_free(&msg);
out:
	for (size_t i = 0; bufs && i < n_pos; i++)
		free(bufs[i]);
	free(bufs);
	free(lens);
	free(report);
free_args:
	free(to);
	free(pos);
	return rc;
}
