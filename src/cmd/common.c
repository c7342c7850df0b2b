/*
 * common.c - option helpers shared by the subcommands.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "umpire/auditview.h"
#include "umpire/commands.h"
#include "umpire/fsutil.h"
#include "umpire/game.h"
#include "umpire/keyrole.h"
#include "umpire/keys.h"
#include "umpire/mail.h"
#include "umpire/sign.h"
#include "umpire/signorders.h"
#include "umpire/view.h"
#include "umpire/viewopen.h"

static const struct opt *find_opt(const struct opt *opts, char c,
				  const char *name, size_t len)
{
	for (; opts->value || opts->flag || opts->list; opts++)
		if (name ? opts->long_name && strlen(opts->long_name) == len &&
		    !strncmp(opts->long_name, name, len) :
		    opts->short_name == c)
			return opts;
	return NULL;
}

static int take(const struct opt *o, const char *shown, const char *val,
		unsigned long long *seen, size_t index, const char *cmd,
		struct error *err)
{
	if (!o->list) {
		if (*seen & (1ull << (index & 63)))
			return usage_error(err, cmd, "option %s given twice",
					   shown);
		*seen |= 1ull << (index & 63);
	}
	if (o->flag)
		*o->flag = 1;
	else if (o->value)
		*o->value = val;
	else
		o->list[(*o->n_list)++] = val;
	return 0;
}

int cli_parse(const struct cli *cli, int argc, char **argv,
	      const struct opt *opts, const char **pos, size_t n_pos,
	      const char *what, struct error *err)
{
	size_t got;
	return cli_parse_var(cli, argc, argv, opts, pos, n_pos, n_pos, &got,
			     what, err);
}

int cli_parse_var(const struct cli *cli, int argc, char **argv,
		  const struct opt *opts, const char **pos, size_t min_pos,
		  size_t max_pos, size_t *n_got, const char *what,
		  struct error *err)
{
	const char *cmd = argv[0];
	unsigned long long seen = 0;
	size_t got = 0;
	int only_pos = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (only_pos || a[0] != '-' || !a[1]) {
			if (got == max_pos)
				return usage_error(err, cmd, "unexpected "
						   "argument '%s'", a);
			pos[got++] = a;
			continue;
		}
		if (!strcmp(a, "--")) {
			only_pos = 1;
			continue;
		}
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			print_usage(cli->out, cmd, opts);
			return 1;
		}
		if (a[1] == '-') {
			const char *eq = strchr(a + 2, '=');
			size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
			const struct opt *o = find_opt(opts, 0, a + 2, len);
			if (!o)
				return usage_error(err, cmd, "unknown option "
						   "'%s'", a);
			const char *val = eq ? eq + 1 : NULL;
			if (o->flag && val)
				return usage_error(err, cmd, "option --%s takes "
						   "no value", o->long_name);
			if (!o->flag && !val && i + 1 >= argc)
				return usage_error(err, cmd, "option %s needs a "
						   "value", a);
			if (!o->flag && !val)
				val = argv[++i];
			if (take(o, a, val, &seen, (size_t)(o - opts), cmd,
				 err))
				return -1;
			continue;
		}
		for (const char *c = a + 1; *c; c++) {
			char shown[3] = { '-', *c, 0 };
			const struct opt *o = find_opt(opts, *c, NULL, 0);
			if (!o)
				return usage_error(err, cmd, "unknown option "
						   "'%s'", shown);
			const char *val = NULL;
			if (!o->flag) {
				val = c[1] ? c + 1 : i + 1 < argc ?
					argv[++i] : NULL;
				if (!val)
					return usage_error(err, cmd, "option %s "
							   "needs a value",
							   shown);
			}
			if (take(o, shown, val, &seen, (size_t)(o - opts), cmd,
				 err))
				return -1;
			if (val)
				break;
		}
	}
	if (got < min_pos)
		return max_pos ? usage_error(err, cmd, "give %s", what) :
			usage_error(err, cmd, "takes no arguments");
	*n_got = got;
	return 0;
}

/* 1 if the options text describes "-c" or "--name" (at a line's start). */
static int described(const char *text, const struct opt *o)
{
	char want[64];
	if (o->long_name)
		snprintf(want, sizeof want, "--%s", o->long_name);
	else
		snprintf(want, sizeof want, "-%c", o->short_name);
	size_t n = strlen(want);
	for (const char *l = text; l && *l; ) {
		while (*l == ' ')
			l++;
		/* "-g, --game" describes both names */
		for (const char *w = l; *w == '-'; ) {
			if (!strncmp(w, want, n) && (w[n] == ' ' ||
			    w[n] == ',' || w[n] == '\n' || w[n] == '='))
				return 1;
			w = strchr(w, ' ');
			if (!w || w[-1] != ',')
				break;
			w++;
		}
		l = strchr(l, '\n');
		l = l ? l + 1 : NULL;
	}
	return 0;
}

void print_usage(FILE *out, const char *cmd, const struct opt *opts)
{
	for (const struct command *c = commands; c->name; c++) {
		if (strcmp(c->name, cmd) != 0)
			continue;
		fprintf(out, "usage: umpire %s\n%s.\n\noptions:\n%s",
			c->usage, c->summary, c->options ? c->options : "");
		for (const struct opt *o = opts; o && (o->value || o->flag ||
						       o->list); o++)
			if (!c->options || !described(c->options, o)) {
				if (o->long_name)
					fprintf(out, "  --%s  (no description)\n",
						o->long_name);
				else
					fprintf(out, "  -%c  (no description)\n",
						o->short_name);
			}
		fprintf(out, "  -h, --help  this help\n\n'-' means standard "
			"input or output. See umpire(1).\n");
	}
}

int usage_error(struct error *err, const char *cmd, const char *fmt, ...)
{
	char msg[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	for (const struct command *c = commands; c->name; c++)
		if (strcmp(c->name, cmd) == 0)
			return errorf(err, EXIT_USAGE, "%s\nusage: umpire %s",
				      msg, c->usage);
	return errorf(err, EXIT_USAGE, "%s", msg);
}

int cli_view_key(const struct cli *cli, const char *path, const char *buf,
		 size_t len, const struct seckey *sk, struct view *v,
		 struct error *err)
{
	return view_open(path, buf, len, cli->scenario_dir, sk, v, err);
}

int cli_view_file(const struct cli *cli, const char *path,
		  const struct seckey *sk, struct view *v, struct error *err)
{
	return view_open_file(path, cli->scenario_dir, sk, v, err);
}

int cli_config(const struct cli *cli, const char *config, struct cli *own,
	       struct error *err)
{
	*own = *cli;
	if (!config)
		return 0;
	if (config_load(&own->cfg, config, 0, err))
		return -1;
	own->config_path = config;
	/* as main() orders them: $UMPIRE_SCENARIOS, then the config's */
	const char *sd = getenv("UMPIRE_SCENARIOS");
	if (!(sd && *sd) && own->cfg.scenarios)
		own->scenario_dir = own->cfg.scenarios;
	return 0;
}

void cli_config_free(struct cli *own, const char *config)
{
	if (config)
		config_free(&own->cfg);
}

/* audit_views' key for a sealed view: the one -s names, else the
 * config's; none when neither is given. */
static int seal_key(void *ctx, struct seckey **sk, struct error *err)
{
	const struct cli_key *k = ctx;
	if (!k->seckey && !k->cli->cfg.secret_key)
		return 0;
	return cli_seckey(k->cli, k->seckey, sk, err);
}

int cli_audit_views(const struct cli *cli, struct game *g,
		    const struct run *run, const char *const *views,
		    size_t n, const char *seckey, size_t *skipped,
		    struct error *err)
{
	struct cli_key k = { cli, seckey };
	struct audit_views_request rq = { .g = g, .run = run, .views = views,
		.n = n, .scenario_dir = cli->scenario_dir, .msg = cli->msg,
		.seal_key = seal_key, .ctx = &k };
	return audit_views(&rq, skipped, err);
}

/* cli_view's key for a view: -s's, else the config's for a sealed one */
static int view_key(void *ctx, int sealed, struct seckey **sk,
		    struct error *err)
{
	const struct cli_key *k = ctx;
	if (!k || !(k->seckey || (sealed && k->cli->cfg.secret_key)))
		return 0;
	return cli_seckey(k->cli, k->seckey, sk, err);
}

void cli_sign_request(const struct cli *cli, const struct cli_key *key,
		      struct sign_request *rq)
{
	rq->loader = cli_loader(cli);
	rq->view_key = view_key;
	rq->ctx = (void *)key;
	rq->seen = cli_keep_addresses;
}

int cli_seckey(const struct cli *cli, const char *path, struct seckey **sk,
	       struct error *err)
{
	if (!path)
		path = cli->cfg.secret_key;
	if (!path)
		return errorf(err, EXIT_USAGE, "no secret key: give -s SECKEY "
			      "or set secret_key in the config file");
	return seckey_load_kept(path, cli->passphrase_file,
				cli->cfg.unlock_minutes * 60, sk, err);
}

int cli_view(const struct cli *cli, const char *path, const char *buf,
	     size_t len, const char *seckey, struct view *v, int *keyed,
	     struct error *err)
{
	static const char sealed[] = "umpire: " SEALED_FORMAT "\n";
	struct seckey *sk = NULL;
	int is_sealed = len >= sizeof sealed - 1 &&
		!memcmp(buf, sealed, sizeof sealed - 1);
	if ((seckey || (is_sealed && cli->cfg.secret_key)) &&
	    cli_seckey(cli, seckey, &sk, err))
		return -1;
	if (keyed)
		*keyed = sk != NULL;
	int rc = cli_view_key(cli, path, buf, len, sk, v, err);
	seckey_free(sk);
	return rc;
}

int cli_distinct(const struct cli *cli, const char *what, const char *in,
		 const char *seckey, const char *out, struct error *err)
{
	const struct io_name ins[] = { { what, in },
		{ "secret key", seckey ? seckey : cli->cfg.secret_key } };
	const struct io_name outs[] = { { "-o", out } };
	return io_distinct(ins, 2, outs, 1, err);
}

int cli_honour_side(const struct cli *cli, const struct game *g,
		    const char *side, const char *seckey, const char **out,
		    struct error *err)
{
	*out = NULL;
	/* --side narrows what is shown in any mode */
	if (side) {
		if (!game_role((struct game *)g, side))
			return errorf(err, EXIT_USAGE, "this game has no side "
				      "'%s'", side);
		*out = side;
		return 0;
	}
	if (!game_honour(g))
		return 0;
	*out = "";               /* nobody's: nothing hidden is shown */
	if (!seckey && !cli->cfg.secret_key)
		return 0;
	struct seckey *sk;
	if (cli_seckey(cli, seckey, &sk, err))
		return -1;
	*out = key_role(g, sk);
	seckey_free(sk);
	return 0;
}

int cli_signed_output(const char *out, struct error *err)
{
	struct stat st;
	if (!out || !strcmp(out, "-") || stat(out, &st) != 0 ||
	    !S_ISCHR(st.st_mode))
		return 0;
	return errorf(err, EXIT_USAGE, "-o %s is a character device, "
		      "which keeps nothing: signing fills this key's local "
		      "record, and no other orders would then be signed for "
		      "the step; to check orders without signing them, "
		      "'umpire sign FILE --check -g GAME' (or -g VIEW)", out);
}

int cli_write(const char *path, const struct strbuf *sb, mode_t mode,
	      struct error *err)
{
	return write_output(path ? path : "-", sb->buf ? sb->buf : "",
			    sb->len, mode, 0, err);
}

int cli_join_address(const struct cli *cli, const char *given, char *out,
		     size_t size, const char **addr, struct error *err)
{
	const char *v = given ? given : cli->cfg.address, *why;
	*addr = NULL;
	if (!v)
		return 0;
	if (mail_addr_spec_of(v, out, size, &why) == 0) {
		*addr = out;
		return 0;
	}
	char where[300];
	if (given)
		snprintf(where, sizeof where, "--address");
	else
		snprintf(where, sizeof where, "config file %s: [umpire] "
			 "address", cli->cfg.path ? cli->cfg.path : "");
	return errorf(err, EXIT_USAGE, "%s = '%.80s%s' %s; a join carries "
		      "exactly one mail address, local@domain or Name "
		      "<local@domain> (only local@domain is kept): give one",
		      where, v, strlen(v) > 80 ? "..." : "", why);
}

/* $STATE/addresses/GAMEID into path (dir: its directory), when id is a
 * game id. */
static int addresses_path(const char *id, struct strbuf *dir,
			  struct strbuf *path)
{
	struct error ignored;
	if (strlen(id) != GAME_ID_HEX ||
	    strspn(id, "0123456789abcdef") != GAME_ID_HEX ||
	    state_dir(dir, &ignored))
		return -1;
	strbuf_adds(dir, "/addresses");
	strbuf_addf(path, "%s/%s", dir->buf, id);
	return 0;
}

void cli_keep_addresses(const struct game *g)
{
	struct strbuf dir = STRBUF_INIT, path = STRBUF_INIT;
	struct strbuf text = STRBUF_INIT, old = STRBUF_INIT;
	struct error ignored;
	for (size_t i = 0; i < g->n_roles; i++) {
		const char *a = game_address(g, g->roles[i].name);
		/* (an address is one addr-spec: no blank, no line end) */
		if (a && !strpbrk(a, " \t\r\n"))
			strbuf_addf(&text, "%s %s\n", g->roles[i].name, a);
	}
	if (text.len && addresses_path(g->id, &dir, &path) == 0 &&
	    (cli_kept_addresses(g->id, &old) == 0 || strcmp(old.buf,
							     text.buf))) {
		/* the state directory, then its addresses/, each 0700 */
		char *slash = strrchr(dir.buf, '/');
		*slash = '\0';
		(void)mkdir(dir.buf, 0700);
		*slash = '/';
		(void)mkdir(dir.buf, 0700);
		(void)write_output(path.buf, text.buf, text.len, 0600, 0,
				   &ignored);
	}
	strbuf_free(&dir);
	strbuf_free(&path);
	strbuf_free(&text);
	strbuf_free(&old);
}

int cli_kept_addresses(const char *id, struct strbuf *out)
{
	struct strbuf dir = STRBUF_INIT, path = STRBUF_INIT;
	struct error ignored;
	char *buf = NULL;
	size_t len = 0;
	int got = addresses_path(id, &dir, &path) == 0 &&
		access(path.buf, F_OK) == 0 &&
		read_input(path.buf, 1u << 16, &buf, &len, &ignored) == 0;
	if (got)
		strbuf_add(out, buf, len);
	free(buf);
	strbuf_free(&dir);
	strbuf_free(&path);
	return got && len > 0;
}
