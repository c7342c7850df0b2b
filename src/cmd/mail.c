/*
 * mail.c - umpire mail: a ready-to-send mail message (RFC 5322, MIME)
 * carrying umpire files, for `| sendmail -t` or a mail client's drafts.
 * GMime writes the message; what it says comes from the files themselves.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include "umpire/armor.h"
#include "umpire/commands.h"
#include "umpire/doc.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/gmime_dl.h"
#include "umpire/mail.h"
#include "umpire/sendmail.h"

#define MAIL_MAX_FILE (4u << 20)
#define MAIL_MAX_REPORT (1u << 20)
#define MAIL_MAX_ROLES 16

/* What the first file is: its kind, game, step and the role concerned. */
struct about {
	char kind[16];          /* "game", "orders", "view", "file" */
	char game[GAME_ID_HEX + 1];
	char title[128];
	char role[64];          /* game: who acts next; else the side */
	long long step;         /* game: the step pending; else the file's */
	int over, unjoined;     /* steps: over is the number of steps */
	int inviting;           /* a game file to the roles still to join */
	/* who should receive it: the roles of this file's game */
	char rcpt[MAIL_MAX_ROLES][64];
	size_t n_rcpt;
	/* a game file's: every role of its game */
	char roles[MAIL_MAX_ROLES][64];
	size_t n_roles;
	/* who receives it instead when every one of rcpt is the sender
	 * (a join the referee forwards; a game file whose next actor
	 * mails it) */
	char alt[MAIL_MAX_ROLES][64];
	size_t n_alt;
	/* the addresses the file's game gives its roles (game_address:
	 * their joins', else their invitations'), before the config's */
	struct {
		char role[64];
		char addr[MAIL_ADDR_MAX + 1];
	} addrs[MAIL_MAX_ROLES];
	size_t n_addrs;
	int views;              /* a view, or a game with views */
	int referee_only;       /* unsealed orders of a game with a referee */
	int hidden;             /* a referee's game file: every hand in it */
	int gathers;            /* a game whose referee joined: it gathers
				 * the joins, each mailed to it */
	char subject[160];      /* given by the caller (umpire judge), or "" */
};

static void copy_str(char *dst, size_t size, const struct doc_node *n)
{
	snprintf(dst, size, "%s", n && n->kind == DOC_SCALAR ? n->str : "");
}

static void add_to(char (*list)[64], size_t *n, const char *role)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp(list[i], role))
			return;
	if (*role && *n < MAIL_MAX_ROLES)
		snprintf(list[(*n)++], sizeof list[0], "%s", role);
}

static void add_role(struct about *a, const char *role)
{
	add_to(a->rcpt, &a->n_rcpt, role);
}

/* The addresses g gives its roles, into a. */
static void game_addresses(const struct game *g, struct about *a)
{
	a->n_addrs = 0;
	for (size_t i = 0; i < g->n_roles && a->n_addrs < MAIL_MAX_ROLES;
	     i++) {
		const char *addr = game_address(g, g->roles[i].name);
		if (!addr)
			continue;
		snprintf(a->addrs[a->n_addrs].role, sizeof a->addrs[0].role,
			 "%s", g->roles[i].name);
		snprintf(a->addrs[a->n_addrs++].addr, sizeof a->addrs[0].addr,
			 "%s", addr);
	}
}

/* The addresses cli_keep_addresses kept for a's game, into a. */
static void kept_addresses(struct about *a)
{
	struct strbuf kept = STRBUF_INIT;
	if (cli_kept_addresses(a->game, &kept)) {
		struct line_iter it;
		const char *line;
		size_t n;
		line_iter_init(&it, kept.buf, kept.len);
		while (line_next(&it, &line, &n) && a->n_addrs <
		       MAIL_MAX_ROLES) {
			size_t k = strcspn(line, " ");
			if (k == 0 || k >= n || k >= sizeof a->addrs[0].role ||
			    n - k - 1 > MAIL_ADDR_MAX)
				continue;
			snprintf(a->addrs[a->n_addrs].role,
				 sizeof a->addrs[0].role, "%.*s", (int)k, line);
			snprintf(a->addrs[a->n_addrs++].addr,
				 sizeof a->addrs[0].addr, "%.*s",
				 (int)(n - k - 1), line + k + 1);
		}
	}
	strbuf_free(&kept);
}

/* Where role is mailed: the address its game gives it (its join's, else
 * its invitation's), else the config's [addresses], else NULL. */
static const char *role_address(const struct cli *cli,
				const struct about *a, const char *role)
{
	for (size_t i = 0; i < a->n_addrs; i++)
		if (!strcmp(a->addrs[i].role, role))
			return a->addrs[i].addr;
	return config_address(&cli->cfg, role);
}

/* Unsealed orders: the role named by the template's "Mail the signed
 * orders to ROLE." comment line (orders.h), among the comment lines
 * before the 'umpire:' line. */
static void orders_counter(const char *buf, size_t len, struct about *a)
{
	struct line_iter it;
	const char *line;
	size_t n, k = strlen(ORDERS_MAIL_TO);
	line_iter_init(&it, buf, len);
	while (line_next(&it, &line, &n) && n && line[0] == '#') {
		while (n && (*line == '#' || *line == ' ')) {
			line++;
			n--;
		}
		if (n > k + 1 && !strncmp(line, ORDERS_MAIL_TO, k) &&
		    line[n - 1] == '.') {
			char role[64];
			snprintf(role, sizeof role, "%.*s", (int)(n - k - 1),
				 line + k);
			add_role(a, role);
			a->referee_only = !strcmp(role, "referee");
			return;
		}
	}
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
	/* read as umpire status reads it: the steps this machine verified
	 * before (its checkpoints) not parsed again, and only the question
	 * asked next replayed, from the latest checkpoint (a whole check
	 * from the start was 3,060M instructions at step 1,024 of a long
	 * game, 33M at step 8) */
	if (game_parse_flags(&g, name, buf, len, cli->scenario_dir,
			     GAME_PARSE_CHECKPOINTS, err))
		return -1;
	g.checkpoints = CHECKPOINTS_USE;
	g.examples = 1;   /* whose move only */
	snprintf(a->title, sizeof a->title, "%s", g.scn.title);
	snprintf(a->game, sizeof a->game, "%s", g.id);
	game_addresses(&g, a);
	const char *mode = game_hidden_mode(&g);
	a->views = game_has_views(&g);
	for (size_t i = 0; i < g.n_roles; i++)
		add_to(a->roles, &a->n_roles, g.roles[i].name);
	const char *who = game_unjoined(&g);
	/* a referee's game file once every role joined: every hand in it
	 * (a join holds none: nothing is drawn before the first step, the
	 * start is the scenario's) */
	const struct role *ref = game_role(&g, "referee");
	a->gathers = ref && ref->joined;
	a->hidden = mode && !strcmp(mode, "referee") && g.scn.rs->view &&
		!who && g.n_steps > 0;
	if (!who && !g.n_steps && a->gathers) {
		/* the join that completed the game: to the referee, which
		 * starts it; the referee's own copy of it (mailed on to
		 * start the game): to the sides */
		a->unjoined = 1;
		snprintf(a->role, sizeof a->role, "%s", ref->name);
		add_role(a, "referee");
		for (size_t i = 0; i < g.n_roles; i++)
			if (&g.roles[i] != ref)
				add_to(a->alt, &a->n_alt, g.roles[i].name);
	} else if (who) {
		/* a join: to the referee, who gathers the joins, once it
		 * and a side have joined; else (a new game, or the referee
		 * mailing it on) to the roles still to join */
		int side_joined = 0;
		for (size_t i = 0; i < g.n_roles; i++)
			side_joined |= g.roles[i].joined &&
				&g.roles[i] != ref;
		a->unjoined = 1;
		snprintf(a->role, sizeof a->role, "%s", who);
		for (size_t i = 0; i < g.n_roles; i++)
			if (!g.roles[i].joined)
				add_to(a->alt, &a->n_alt, g.roles[i].name);
		if (ref && ref->joined && side_joined) {
			add_role(a, "referee");
		} else {
			for (size_t i = 0; i < a->n_alt; i++)
				add_role(a, a->alt[i]);
			a->n_alt = 0;
			a->inviting = 1;
		}
	} else if (game_check(&g, CHECK_LIGHT, NULL, &run, err)) {
		game_free(&g);
		return -1;
	} else {
		a->over = run.outcome == RUN_OVER;
		/* to the role asked next (its sender: the others); once
		 * over, to every role */
		if (!a->over) {
			snprintf(a->role, sizeof a->role, "%s",
				 run.pending.role);
			add_role(a, run.pending.role);
		}
		for (size_t i = 0; i < g.n_roles; i++)
			if (a->over)
				add_role(a, g.roles[i].name);
			else if (strcmp(g.roles[i].name, run.pending.role))
				add_to(a->alt, &a->n_alt, g.roles[i].name);
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
	memset(a, 0, sizeof *a);
	snprintf(a->kind, sizeof a->kind, "file");
	a->step = -1;
	/* a game file (its first line says so): read once, by
	 * describe_game, not parsed whole here first; one it refuses is
	 * looked at as any file is, below */
	static const char game_line[] = "umpire: game/";
	size_t gl = sizeof game_line - 1;
	const char *nl = len > gl ? memchr(buf, '\n', len) : NULL;
	if (nl && !memcmp(buf, game_line, gl) &&
	    strspn(buf + gl, "0123456789") == (size_t)(nl - buf - gl)) {
		snprintf(a->kind, sizeof a->kind, "game");
		if (describe_game(cli, name, buf, len, a, err) == 0)
			return 0;
		memset(a, 0, sizeof *a);
		snprintf(a->kind, sizeof a->kind, "file");
		a->step = -1;
	}
	struct doc *d = doc_new(name);
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
		else if (strncmp(v, "request/", 8) == 0)
			snprintf(a->kind, sizeof a->kind, "request");
		copy_str(a->game, sizeof a->game, doc_get(d->root, "game"));
		/* a sealed file names its reader in 'for' */
		copy_str(a->role, sizeof a->role, doc_get(d->root, "side") ?
			 doc_get(d->root, "side") : doc_get(d->root, "for"));
		a->step = node_ll(doc_get(d->root, "step"));
		/* only a game with views (a referee's) has its orders
		 * vouched for (umpire-orders(5)): they go to the referee
		 * alone, even signed, when the template's line is gone */
		if (!strcmp(a->kind, "orders") && doc_get(d->root, "vouch")) {
			add_role(a, "referee");
			a->referee_only = 1;
		}
		if (strncmp(v, "delta/", 6) == 0) {
			const struct doc_node *st = doc_get(d->root, "steps");
			snprintf(a->kind, sizeof a->kind, "steps");
			a->step = node_ll(doc_get(d->root, "since"));
			a->over = st && st->kind == DOC_SEQ ? (int)st->n : 0;
		}
	}
	/* a view's header: the addresses of its game's roles */
	const struct doc_node *h = !strcmp(a->kind, "view") && d->root &&
		d->root->kind == DOC_MAP ? doc_get(d->root, "header") : NULL;
	struct game hg;
	struct error herr;
	if (h && h->kind == DOC_MAP &&
	    game_from_header(&hg, name, h, cli->scenario_dir, &herr) == 0) {
		game_addresses(&hg, a);
		game_free(&hg);
	}
	if (!strcmp(a->kind, "view"))
		a->views = 1;
	doc_free(d);
	/* a file that names its game but not its roles: the addresses
	 * that game gave them where this machine read it last (umpire
	 * join, orders, sign -g), its own judge's before the config's */
	if (!a->n_addrs && (!strcmp(a->kind, "orders") ||
			    !strcmp(a->kind, "sealed") ||
			    !strcmp(a->kind, "request")))
		kept_addresses(a);
	if (strcmp(a->kind, "game") == 0)
		return describe_game(cli, name, buf, len, a, err);
	/* a view goes to its side, sealed orders to whom they are sealed
	 * for, orders to the counter-party */
	if (strcmp(a->kind, "view") == 0 || strcmp(a->kind, "sealed") == 0)
		add_role(a, a->role);
	else if (strcmp(a->kind, "orders") == 0 && !a->n_rcpt)
		orders_counter(buf, len, a);
	else if (strcmp(a->kind, "request") == 0)
		add_role(a, "referee");     /* a request goes to the judge */
	return 0;
}

/* "[umpire 1a2b3c4d] WHAT": the game's short id first, as the judge's
 * letters have it, so that a player's client sorts a game's mail (and
 * the judge knows which game a reply is about). */
static void subject(const struct about *a, struct strbuf *sb)
{
	if (strlen(a->game) >= 8 && strspn(a->game, "0123456789abcdef") >= 8)
		strbuf_addf(sb, "[umpire %.8s] ", a->game);
	else
		strbuf_adds(sb, "[umpire] ");
	if (a->subject[0]) {
		strbuf_adds(sb, a->subject);
		return;
	}
	if (strcmp(a->kind, "game") == 0) {
		strbuf_addf(sb, "%s: ", a->title);
		if (a->inviting && a->n_rcpt) {
			for (size_t i = 0; i < a->n_rcpt; i++)
				strbuf_addf(sb, "%s%s", i ? ", " : "",
					    a->rcpt[i]);
			strbuf_adds(sb, " invited to join");
		} else if (a->unjoined)
			strbuf_addf(sb, "%s to join", a->role);
		else if (a->over)
			strbuf_adds(sb, "the game is over");
		else
			strbuf_addf(sb, "step %lld, %s to act", a->step,
				    a->role);
	} else if (strcmp(a->kind, "orders") == 0) {
		strbuf_addf(sb, "orders of %s for step %lld", a->role,
			    a->step);
	} else if (strcmp(a->kind, "steps") == 0) {
		strbuf_addf(sb, "steps %lld-%lld", a->step + 1,
			    a->step + a->over);
	} else if (strcmp(a->kind, "view") == 0) {
		strbuf_addf(sb, "view for %s", a->role);
	} else if (strcmp(a->kind, "sealed") == 0) {
		strbuf_addf(sb, "orders sealed to the %s", a->role);
	} else if (strcmp(a->kind, "request") == 0) {
		strbuf_addf(sb, "%s asks for its letter again", a->role);
	} else {
		strbuf_adds(sb, "files");
	}
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* What an invitation (a game file to the roles still to join) says to
 * run: join with the attached file, mail the join back, with commands
 * that send it as printed. A game whose referee joined at an address
 * the game file gives (a judge's game: judge+ID8@club) has each join
 * mailed there by default: --send alone. Else the join goes back to
 * where the sender's config maps the referee, or (no referee) to the
 * sender (from: who gathers the joins; NULL: umpire mail's own
 * choice). */
static void invitation_body(const struct cli *cli, const struct about *a,
			    const char *file, const char *page,
			    const char *from, struct strbuf *body)
{
	char back[MAIL_ADDR_MAX + 1] = "";
	const char *why, *ref = NULL;
	for (size_t i = 0; a->gathers && i < a->n_addrs; i++)
		if (!strcmp(a->addrs[i].role, "referee"))
			ref = a->addrs[i].addr;
	const char *to = ref ? NULL : a->gathers ?
		config_address(&cli->cfg, "referee") : NULL;
	to = to ? to : ref ? NULL : from;
	if (!to || mail_addr_spec_of(to, back, sizeof back, &why))
		back[0] = '\0';
	strbuf_addf(body, "\nYou are invited to game %s (%s) as ", a->game,
		    a->title);
	for (size_t i = 0; i < a->n_rcpt; i++)
		strbuf_addf(body, "%s%s", i == 0 ? "" : i + 1 < a->n_rcpt ?
			    ", " : " or ", a->rcpt[i]);
	strbuf_addf(body, ".\nSave the attached %s and join it with your "
		    "key, then mail the join back%s%s:\n\n"
		    "  umpire join %s --side %s -o joined.yaml\n"
		    "  umpire mail joined.yaml %s%s%s--send\n", file,
		    ref ? " to the game's referee at " : "", ref ? ref : "",
		    file, a->n_rcpt == 1 ? a->rcpt[0] : "SIDE", back[0] ?
		    "--to " : "", back, back[0] ? " " : "");
	/* the desk page attached (umpire desk of this invitation: no view
	 * in it): the same join with a browser only */
	if (page)
		strbuf_addf(body, "\nNo umpire installed? Open the attached "
			    "%s in a browser (a file,\nnothing to install). "
			    "Under \"Make a new key\" make your key (keep the "
			    "two\nfiles it gives you, and the passphrase) and "
			    "open it; under \"Join a\ngame\" pick %s, give "
			    "your side, and attach the joined file\nit gives "
			    "to your reply. Keep the page: each letter of the "
			    "game\ncarries your view, which you open in it to "
			    "play.\n", page, file);
	else
		strbuf_addf(body, "\nNo umpire installed? Ask for this game's "
			    "desk page (umpire desk %s\nmakes it): in it you "
			    "make a key, join and play with a browser only.\n",
			    file);
}

/* A text part holding data, encoded for mail. */
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

/* 1 if addr is already among the message's To: addresses. */
static int listed(const struct gmime *gm, GMimeMessage *m, const char *addr)
{
	InternetAddressList *l = gm->g_mime_message_get_addresses(
		m, GMIME_ADDRESS_TYPE_TO);
	int n = gm->internet_address_list_length(l);
	for (int i = 0; i < n; i++) {
		InternetAddress *ia = gm->internet_address_list_get_address(l,
									  i);
		if (gmime_is_mailbox(gm, ia) && same_mailbox(gm, addr,
		    gm->internet_address_mailbox_get_addr(
			    INTERNET_ADDRESS_MAILBOX(ia))))
			return 1;
	}
	return 0;
}

/*
 * The roles a file is mailed to when no --to is given: a.rcpt, or when
 * each of those is the sender (its address the same mailbox as from),
 * a.alt. Into roles (MAIL_MAX_ROLES), *n of them.
 */
static void mail_roles(const struct gmime *gm, const struct cli *cli,
		       const struct about *a, const char *from,
		       const char **roles, size_t *n)
{
	size_t mine = 0;
	for (size_t i = 0; i < a->n_rcpt; i++) {
		const char *addr = role_address(cli, a, a->rcpt[i]);
		mine += addr && from && same_mailbox(gm, from, addr);
	}
	int alt = a->n_rcpt && mine == a->n_rcpt && a->n_alt;
	*n = 0;
	for (size_t i = 0; i < (alt ? a->n_alt : a->n_rcpt); i++)
		roles[(*n)++] = alt ? a->alt[i] : a->rcpt[i];
}

/* Default recipients: the roles of this file's game that should receive
 * it (mail_roles), at the addresses the game gives them (their joins',
 * else their invitations'), else their configured addresses, once each,
 * the sender's own left out. */
static int default_recipients(const struct gmime *gm, GMimeMessage *m,
			      const struct cli *cli, const struct about *a,
			      const char *from, size_t *n, struct error *err)
{
	if (a->hidden)
		return errorf(err, EXIT_USAGE, "a referee's game file holds "
			      "every side's hidden information; give --to "
			      "to mail it, or mail each side its view "
			      "(umpire view GAME --side SIDE --seal)");
	const char *roles[MAIL_MAX_ROLES];
	size_t n_roles;
	mail_roles(gm, cli, a, from, roles, &n_roles);
	for (size_t i = 0; i < n_roles; i++) {
		const char *addr = role_address(cli, a, roles[i]);
		if (!addr) {
			fprintf(cli->msg, "umpire: note: no address for "
				"role %s (add '%s = ADDRESS' under "
				"[addresses] in the config file)\n",
				roles[i], roles[i]);
			continue;
		}
		if ((from && same_mailbox(gm, from, addr)) ||
		    listed(gm, m, addr))
			continue;
		if (add_recipient(gm, m, cli, addr, err))
			return -1;
		(*n)++;
	}
	return 0;
}

/*
 * Signed orders keep neither the game's roles nor the template's comment
 * naming the counter-party. Without --game: the referee when the config
 * names one (who adjudicates in every game with a referee; a note when
 * other roles could be meant), else the one other mailbox configured for
 * a role that is not the orders' side; several: refused.
 */
static int guess_counter(const struct gmime *gm, const struct cli *cli,
			 struct about *a, const char *from, const char *file,
			 struct error *err)
{
	const struct config *c = &cli->cfg;
	const char *ref = config_address(c, "referee"), *other = NULL;
	size_t n_other = 0;
	/* the game named its referee (its judge): there, whatever the
	 * config maps */
	for (size_t i = 0; i < a->n_addrs; i++)
		if (!strcmp(a->addrs[i].role, "referee") &&
		    !(from && same_mailbox(gm, from, a->addrs[i].addr))) {
			add_role(a, "referee");
			return 0;
		}
	for (size_t i = 0; i < c->n_addresses; i++) {
		const char *addr = c->addresses[i].address;
		if (!strcmp(c->addresses[i].role, a->role) ||
		    !strcmp(c->addresses[i].role, "referee") ||
		    (from && same_mailbox(gm, from, addr)) ||
		    (other && same_mailbox(gm, other, addr)) ||
		    (ref && same_mailbox(gm, ref, addr)))
			continue;
		if (!other)
			other = c->addresses[i].role;
		n_other++;
	}
	if (ref && !(from && same_mailbox(gm, from, ref))) {
		if (n_other)
			fprintf(cli->msg, "umpire: note: %s: mailed to the "
				"referee; signed orders do not name their "
				"game's roles (give --game with the game file "
				"or view they answer to mail them to that "
				"game's counter-party)\n", path_name(file));
		add_role(a, "referee");
		return 0;
	}
	if (n_other == 1) {
		add_role(a, other);
		return 0;
	}
	return errorf(err, EXIT_USAGE, "%s: orders of %s for step %lld; "
		      "signed orders do not say who adjudicates them and "
		      "the config maps %s: give --game with the game file or "
		      "view they answer, or --to ROLE|ADDRESS",
		      path_name(file), a->role, a->step, n_other ?
		      "several other roles" : "no other role");
}

/* Unsealed orders of a game with a referee go to the referee alone:
 * the other side must not read them. */
static int referee_only(const struct gmime *gm, const struct cli *cli,
			const struct about *a, const char **to, size_t n_to,
			struct error *err)
{
	const char *ref = role_address(cli, a, "referee");
	for (size_t i = 0; a->referee_only && i < n_to; i++) {
		if (!strcmp(to[i], "referee") ||
		    (ref && strchr(to[i], '@') && same_mailbox(gm, to[i], ref)))
			continue;
		return errorf(err, EXIT_USAGE, "--to %s: these orders of %s "
			      "are not sealed and go to the referee alone; "
			      "give --to referee, or seal them first "
			      "(umpire sign FILE --seal REFEREE-KEY, or "
			      "umpire orders VIEW --sign)", to[i], a->role);
	}
	return 0;
}

static int build(const struct gmime *gm, const struct cli *cli,
		 const struct about *ap, const char **files, size_t n_files,
		 char **bufs, size_t *lens, const char *report,
		 size_t report_len, const char **to, size_t n_to,
		 const char *from, int inline_first, struct strbuf *out,
		 struct error *err)
{
	struct about a = *ap;
	struct strbuf subj = STRBUF_INIT, body = STRBUF_INIT;
	int rc = -1;
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
	if (referee_only(gm, cli, &a, to, n_to, err))
		goto out;
	/* --to ROLE: where the file's game mails the role (its judge's
	 * own address for the game, judge+ID8@club), else the config's */
	for (size_t i = 0; i < n_to; i++) {
		const char *addr = strchr(to[i], '@') ? NULL :
			role_address(cli, &a, to[i]);
		if (add_recipient(gm, m, cli, addr ? addr : to[i], err))
			goto out;
	}
	if (n_to == 0 && !strcmp(a.kind, "orders") && a.n_rcpt == 0 &&
	    guess_counter(gm, cli, &a, from, files[0], err))
		goto out;
	if (n_to == 0 && default_recipients(gm, m, cli, &a, from, &n_rcpt,
					    err))
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
		strbuf_addf(&body, "%s\n", strchr(subj.buf, ']') + 2);
	/* an invitation, alone or with its desk page (an .html file) */
	const char *page = n_files == 2 ? strrchr(base_name(files[1]), '.') :
		NULL;
	page = page && !strcmp(gmime_file_subtype(page), "html") ?
		base_name(files[1]) : NULL;
	if (!report && a.inviting && (n_files == 1 || page) && a.n_rcpt)
		invitation_body(cli, &a, strcmp(files[0], "-") ?
				base_name(files[0]) : "umpire.yaml", page,
				from, &body);
	/* nothing attached (a judge's reason for a refusal): no word of
	 * an attached file */
	if (n_files > 0)
		strbuf_addf(&body, "\n-- \numpire reads this whole message: "
			    "save it and give it to umpire\nin place of the "
			    "attached file (or pipe it: | umpire COMMAND ... "
			    "-).\n");
	GMimeMultipart *mp = gm->g_mime_multipart_new_with_subtype("mixed");
	GMimePart *bp = gmime_text_part(gm, "plain", body.buf, body.len,
					NULL, 0,
					GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE,
					NULL);
	gm->g_mime_multipart_add(mp, GMIME_OBJECT(bp));
	gm->g_object_unref(bp);
	struct gmime_encoded *enc = xcalloc(n_files ? n_files : 1,
					    sizeof *enc);
	for (size_t i = 0; i < n_files; i++) {
		const char *fname = strcmp(files[i], "-") ? base_name(files[i])
			: "umpire.yaml";
		GMimePart *fp = gmime_text_part(gm, gmime_file_subtype(fname),
						bufs[i], lens[i],
						fname, !(inline_first && i == 0),
						GMIME_CONTENT_ENCODING_BASE64,
						&enc[i]);
		gm->g_mime_multipart_add(mp, GMIME_OBJECT(fp));
		gm->g_object_unref(fp);
	}
	gm->g_mime_message_set_mime_part(m, GMIME_OBJECT(mp));
	gm->g_object_unref(mp);

	GMimeStream *ms = gm->g_mime_stream_mem_new();
	int wrote = gm->g_mime_object_write_to_stream(GMIME_OBJECT(m), NULL,
						      ms) >= 0;
	GByteArray *b = gm->g_mime_stream_mem_get_byte_array(
		GMIME_STREAM_MEM(ms));
	if (gmime_splice((const char *)b->data, wrote ? b->len : 0, enc,
			 n_files, out) || !wrote)
		errorf(err, EXIT_USAGE, "cannot write the mail message");
	else
		rc = 0;
	free(enc);
	gm->g_object_unref(ms);
out:
	gm->g_object_unref(m);
	strbuf_free(&subj);
	strbuf_free(&body);
	return rc;
}

/*
 * --game GAME|VIEW: who adjudicates the orders a describes, from the
 * game they answer: the referee in a game with one (a view is always
 * one's), else the other side.
 */
static int counter_from(const struct cli *cli, const char *path,
			struct about *a, struct error *err)
{
	struct about g;
	char *buf;
	size_t len;
	if (strcmp(a->kind, "orders") != 0)
		return usage_error(err, "mail", "--game names the game that "
				   "orders answer; %s is not an order file",
				   a->kind);
	if (mail_read_input(path, DOC_LIMITS_GAME.max_bytes, &buf, &len,
			    NULL, NULL, err))
		return -1;
	int rc = describe(cli, path_name(path), buf, len, &g, err);
	free(buf);
	if (rc)
		return -1;
	if (strcmp(g.kind, "game") && strcmp(g.kind, "view"))
		return usage_error(err, "mail", "--game %s: a %s file, not a "
				   "game file or a view", path, g.kind);
	if (strcmp(g.game, a->game) != 0)
		return errorf(err, EXIT_REFUSED, "--game %s is game %s; the "
			      "orders are for game %s", path, g.game,
			      a->game);
	const char *counter = "referee";
	int has_referee = !strcmp(g.kind, "view");
	for (size_t i = 0; i < g.n_roles; i++)
		has_referee |= !strcmp(g.roles[i], "referee");
	for (size_t i = 0; !has_referee && i < g.n_roles; i++)
		if (strcmp(g.roles[i], a->role) != 0)
			counter = g.roles[i];
	a->n_rcpt = 0;
	add_role(a, counter);
	a->referee_only = has_referee;
	/* mailed where that game says its counter-party is */
	memcpy(a->addrs, g.addrs, sizeof a->addrs);
	a->n_addrs = g.n_addrs;
	return 0;
}

/*
 * --send: the message on the standard input of the configured sendmail
 * command (config [umpire] sendmail, default MAIL_SENDMAIL), split at
 * blanks and run without a shell, as mutt runs its $sendmail.
 */
static int send_message(const struct cli *cli, const struct strbuf *msg,
			struct error *err)
{
	const char *cmd = cli->cfg.sendmail ? cli->cfg.sendmail :
		MAIL_SENDMAIL;
	if (mail_send(cmd, cli->cfg.path, msg, err))
		return -1;
	fprintf(cli->msg, "umpire: the message was handed to '%s' "
		"(exit status 0)\n", cmd);
	return 0;
}

/* A saved mail message given as FILE: the umpire file it holds is
 * mailed, not the message with its old headers. */
static int unwrap_saved(const struct cli *cli, const char *path, char **buf,
			size_t *len, int *unwrapped, struct error *err)
{
	*unwrapped = 0;
	if (!mail_is_message(*buf, *len))
		return 0;
	if (mail_unwrap(path_name(path), buf, len, MAIL_MAX_FILE, unwrapped,
			err))
		return error_prefix(err, "umpire mail attaches umpire files");
	if (*unwrapped)
		fprintf(cli->msg, "umpire: note: %s is a mail message; the "
			"umpire file in it is attached, not the message\n",
			path_name(path));
	return 0;
}

/*
 * --report: a report "As seen by SIDE." (umpire report, adjudicate
 * --report in honour mode) goes to SIDE only: refused when a recipient
 * is known to be another role (a role in to, or an address that the
 * config maps to a role; with none given, every configured role but
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

/* The side a report is seen by ("As seen by SIDE."): its name, *n
 * bytes of it; NULL for a report of no side. */
static const char *report_side(const char *report, size_t *n)
{
	const char *p = report;
	while (p && strncmp(p, "As seen by ", 11) != 0)
		p = (p = strchr(p, '\n')) ? p + 1 : NULL;
	if (!p)
		return NULL;
	p += 11;
	*n = strcspn(p, ".\n");
	return p;
}

/*
 * --report in a game with views (hidden information): the body of a
 * mail is in clear for every relay on the way, and a side's report tells
 * its hand. The view sealed to that side carries its report already:
 * refused, naming it. A game that hides nothing may have its report in
 * the body.
 */
static int report_in_clear(const struct cli *cli, const char *rep,
			   const char *report, const struct about *a,
			   struct error *err)
{
	size_t n;
	const char *side = report_side(report, &n);
	if (!side || !a->views)
		return 0;
	(void)cli;
	return errorf(err, EXIT_REFUSED, "%s is the report as seen by %.*s, "
		      "in a game with hidden information: in the body of a "
		      "mail any relay reads it. The view sealed to %.*s "
		      "already carries its report (umpire view GAME --side "
		      "%.*s --seal; %.*s reads it with umpire open): mail "
		      "the sealed view alone, without --report",
		      path_name(rep), (int)n, side, (int)n, side, (int)n,
		      side, (int)n, side);
}

int cmd_mail(int argc, char **argv, const struct cli *cli,
	     struct error *err)
{
	const char *out = NULL, *rep = NULL, *from = NULL, *game = NULL;
	const char **to = xcalloc((size_t)argc + 1, sizeof *to);
	const char **pos = xcalloc((size_t)argc + 1, sizeof *pos);
	size_t n_to = 0, n_pos = 0;
	int inline_first = 0, rc = -1, send = 0;
	char **bufs = NULL, *report = NULL;
	size_t *lens = NULL, report_len = 0;
	char **names = NULL;
	/* open before any message is read: GMime cannot be set up again
	 * after its last user shut it down */
	struct gmime gm;
	memset(&gm, 0, sizeof gm);
	const struct opt opts[] = {
		{ 'o', NULL, &out, NULL, NULL, NULL },
		{ 0, "to", NULL, NULL, to, &n_to },
		{ 0, "from", &from, NULL, NULL, NULL },
		{ 0, "report", &rep, NULL, NULL, NULL },
		{ 0, "inline", NULL, &inline_first, NULL, NULL },
		{ 0, "send", NULL, &send, NULL, NULL },
		{ 0, "game", &game, NULL, NULL, NULL },
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
	if (send && out) {
		rc = usage_error(err, "mail", "--send hands the message to "
				 "sendmail; -o writes it to a file: give one");
		goto free_args;
	}
	bufs = xcalloc(n_pos, sizeof *bufs);
	lens = xcalloc(n_pos, sizeof *lens);
	names = xcalloc(n_pos, sizeof *names);
	if (gmime_open(&gm, err))
		goto out;
	for (size_t i = 0; i < n_pos; i++) {
		int unwrapped;
		if (read_input(pos[i], MAIL_MAX_FILE, &bufs[i], &lens[i],
			       err) ||
		    unwrap_saved(cli, pos[i], &bufs[i], &lens[i], &unwrapped,
				 err))
			goto out;
		names[i] = unwrapped ? "umpire.yaml" : (char *)pos[i];
	}
	if (rep && read_input(rep, MAIL_MAX_REPORT, &report, &report_len,
			      err))
		goto out;
	struct strbuf msg = STRBUF_INIT;
	struct about a;
	rc = describe(cli, path_name(names[0]), bufs[0], lens[0], &a, err);
	if (rc == 0 && game)
		rc = counter_from(cli, game, &a, err);
	/* a report seen by one side goes to that side alone: the roles
	 * given to --to, else those this file is mailed to by default */
	const char *roles[MAIL_MAX_ROLES], *all[MAIL_MAX_ROLES];
	const char *sender = from ? from : cli->cfg.address;
	size_t n_roles = 0, n_all = 0;
	if (rc == 0)
		mail_roles(&gm, cli, &a, sender, all, &n_all);
	for (size_t i = 0; i < n_all; i++) {
		const char *addr = role_address(cli, &a, all[i]);
		if (!(addr && sender && same_mailbox(&gm, addr, sender)))
			roles[n_roles++] = all[i];   /* not the sender */
	}
	if (rc == 0 && rep)
		rc = report_in_clear(cli, rep, report, &a, err);
	if (rc == 0 && rep)
		rc = report_for_recipients(&gm, cli, rep, report,
					   n_to ? to : roles,
					   n_to ? n_to : n_roles, err);
	if (rc == 0)
		rc = build(&gm, cli, &a, (const char **)names, n_pos, bufs, lens,
			   report, report_len, to, n_to, from, inline_first,
			   &msg, err);
	if (rc == 0 && send)
		rc = send_message(cli, &msg, err);
	else if (rc == 0)
		rc = cli_write(out, &msg, 0600, err);  /* orders, views */
	strbuf_free(&msg);
out:
	gmime_close(&gm);
	free(names);
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
