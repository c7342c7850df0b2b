/*
 * init.c - umpire judge --init ADDRESS: a judge's set-up made by one
 * command (README.md, "Running a judge"): its games directory (mode
 * 0700), its config file (when there is none: the key, the address
 * and the games named in it), then its key, unencrypted and mode 0600,
 * made as umpire keygen -W makes one; then the tests of --check.
 *
 * Never replaces what is there: a key that exists is refused (the
 * games kept name its public key), a config file is never edited (one
 * that gives another address, or names no key or no games, is refused
 * saying what to set), a games directory that exists is kept (made
 * 0700 when this user owns it). The key is made last, so a run that
 * failed before it can be run again.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "umpire/fsutil.h"
#include "umpire/keys.h"
#include "umpire/mail.h"
#include "store.h"

/* path made absolute (from the working directory), into out. */
static void absolute(const char *path, struct strbuf *out)
{
	char cwd[4096];
	if (path[0] != '/' && getcwd(cwd, sizeof cwd))
		strbuf_addf(out, "%s/", cwd);
	strbuf_adds(out, path);
}

/* The games directory: made 0700 (with its parents) when missing (1);
 * one there kept (0), its mode made 0700 when this user owns it. */
static int make_games(const char *games, struct error *err)
{
	struct stat st;
	if (output_dir_ready(games, 0700, err))
		return -1;
	int made = mkdir(games, 0700) == 0;
	if (!made && errno != EEXIST)
		return errorf(err, EXIT_USAGE, "cannot make the games "
			      "directory %s: %s", games, strerror(errno));
	if (stat(games, &st) != 0 || !S_ISDIR(st.st_mode))
		return errorf(err, EXIT_USAGE, "%s is not a directory", games);
	if ((st.st_mode & 077) && st.st_uid == geteuid() &&
	    chmod(games, 0700) != 0)
		return errorf(err, EXIT_USAGE, "cannot chmod 700 %s: %s",
			      games, strerror(errno));
	return made;
}

/* The public key's path beside the secret key's: NAME.key -> NAME.pub,
 * else NAME.pub appended. */
static void pub_path(const char *key, struct strbuf *out)
{
	size_t k = strlen(key);
	if (k > 4 && !strcmp(key + k - 4, ".key"))
		k -= 4;
	strbuf_addf(out, "%.*s.pub", (int)k, key);
}

/* What is to be made, all of it decided (and refused) before anything
 * is written. */
struct plan {
	struct strbuf key, pub, games, config;
	int write_config;
};

static int plan_init(const struct cli *cli, const struct judge_settings *s,
		     const char *address, const char *config,
		     struct plan *p, struct error *err)
{
	char spec[MAIL_ADDR_MAX + 1];
	const char *why = "";
	const char *home = getenv("HOME");
	if (mail_addr_spec_of(address, spec, sizeof spec, &why) != 0)
		return errorf(err, EXIT_USAGE, "--init '%s': %s: give the "
			      "judge's one mail address (judge@example.org)",
			      address, why);
	if (!config)
		return errorf(err, EXIT_USAGE, "--init: no config file to "
			      "write: set HOME or give --config FILE");
	absolute(config, &p->config);
	p->write_config = !cli->cfg.path;
	if (!p->write_config) {
		/* the host's file (the package's /etc/umpire/judge.ini):
		 * read, never edited */
		const char *has = cli->cfg.address;
		if (!has || strcmp(has, address))
			return errorf(err, EXIT_USAGE, "config file %s gives "
				      "%s%s: --init never edits a config file: "
				      "set address = %s under [umpire] in it, "
				      "then run --init again", config,
				      has ? "the address " : "no address",
				      has ? has : "", address);
		if (!s->seckey || !s->games)
			return errorf(err, EXIT_USAGE, "config file %s names "
				      "no %s: set it (secret_key under "
				      "[umpire], games under [judge]) or give "
				      "%s", config, !s->seckey ? "key" :
				      "games directory", !s->seckey ?
				      "-s SECKEY" : "--games DIR");
	} else if (!home && (!s->seckey || !s->games)) {
		return errorf(err, EXIT_USAGE, "--init: no HOME to put the "
			      "key and the games in: give -s SECKEY and "
			      "--games DIR");
	}
	if (s->seckey)
		absolute(s->seckey, &p->key);
	else
		strbuf_addf(&p->key, "%s/.umpire/judge.key", home);
	if (s->games)
		absolute(s->games, &p->games);
	else
		strbuf_addf(&p->games, "%s/games", home);
	pub_path(p->key.buf, &p->pub);
	struct stat st;
	if (lstat(p->key.buf, &st) == 0)
		return errorf(err, EXIT_USAGE, "%s exists: --init never "
			      "replaces the judge's key (the games it referees "
			      "name its public key); umpire judge --check "
			      "tests the set-up", p->key.buf);
	return 0;
}

static void plan_free(struct plan *p)
{
	strbuf_free(&p->key);
	strbuf_free(&p->pub);
	strbuf_free(&p->games);
	strbuf_free(&p->config);
}

int judge_init(const struct cli *cli, const struct judge_settings *s,
	       const char *address, const char *config, struct error *err)
{
	struct plan p;
	struct strbuf text = STRBUF_INIT;
	struct pubkey pk;
	char b64[PUBKEY_B64_SIZE];
	int rc = -1;
	memset(&p, 0, sizeof p);
	int made;
	if (plan_init(cli, s, address, config, &p, err) ||
	    (made = make_games(p.games.buf, err)) < 0)
		goto out;
	fprintf(cli->out, "games     %s: %s, mode 0700\n", made ? "made" :
		"kept", p.games.buf);
	if (p.write_config) {
		strbuf_addf(&text, "; umpire judge's config, made by umpire "
			    "judge --init (umpire(1), FILES)\n[umpire]\n"
			    "secret_key = %s\naddress = %s\n[judge]\n"
			    "games = %s\n", p.key.buf, address, p.games.buf);
		if (output_dir_ready(p.config.buf, 0700, err) ||
		    write_output(p.config.buf, text.buf, text.len, 0600, 1,
				 err))
			goto out;
		fprintf(cli->out, "config    made: %s\n", p.config.buf);
	}
	/* the key last: a run that failed before it may be run again */
	if (keygen_write(p.key.buf, p.pub.buf, NULL, 0, err) ||
	    pubkey_load(p.pub.buf, &pk, err))
		goto out;
	pubkey_to_b64(&pk, b64);
	fprintf(cli->out, "key       made: %s, mode 0600, no passphrase; "
		"its public key %s:\n          %s\n", p.key.buf, p.pub.buf,
		b64);
	/* then the set-up tested as it now stands */
	struct cli c = *cli;
	struct judge_settings t = *s;
	if (config_load(&c.cfg, p.config.buf, 0, err))
		goto out;
	t.seckey = p.key.buf;
	t.games = p.games.buf;
	t.unrouted = 1;
	rc = judge_check(&c, &t, err);
	if (rc == 0)
		fprintf(cli->out, "next: as root, umpire judge --postfix %s "
			"--config %s (the mail system's pipe to the judge)\n",
			address, p.config.buf);
	config_free(&c.cfg);
out:
	strbuf_free(&text);
	plan_free(&p);
	return rc;
}
