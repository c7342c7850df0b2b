/*
 * strangers.c - the games the judge took by mail (--accept-new), which
 * anyone may make: what bounds them, and the addresses proven.
 *
 * Such a game is recorded in GAMEID.mail, written before the game file
 * (a game file without it would pass for one the host put there):
 *   taken SECONDS           when the judge took it (its clock, clock.h)
 *   moved SECONDS           its latest step from a party's signed orders
 *   over SECONDS            when a tick first found it over
 *   role ROLE ADDRESS KEY STATE
 *                           a role of the game: the address the game
 *                           gives it ("-": none), the key it joined with
 *                           (hex, "-": not joined), and its address
 *                           proven ("proven"), asked to confirm at
 *                           SECONDS ("asked:SECONDS") or neither ("-")
 * The judge mails a role of such a game only at a proven address, and
 * proves one as a mailing list does (double opt-in): one confirmation
 * letter to it, with a token the judge's key makes from the game, the
 * role, the address and the time asked, which a reply from that address
 * quoting the token answers (confirm.c), once, within j->confirm; at
 * most one such letter unanswered to an address at a time, whatever
 * the game. Nothing else goes to an unproven address (no invitation
 * either: those are for the host's own games). The games are bounded
 * when taken and joined: in size, in number, and in number a signing
 * key and an address; one idle (no party's step) for j->new_idle, or
 * over for j->new_over, is dropped by the tick.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <sodium.h>
#include "umpire/clock.h"
#include "umpire/fsutil.h"
#include "store.h"

/* GAMEID.mail is small: a line a role. */
#define MAIL_FILE_MAX (16u << 10)

int bymail_read(const struct judge *j, const char *id, struct bymail *b)
{
	struct strbuf p = STRBUF_INIT;
	struct error err;
	char *buf = NULL;
	size_t len;
	memset(b, 0, sizeof *b);
	game_path(j, id, ".mail", &p);
	int rc = read_input(p.buf, MAIL_FILE_MAX, &buf, &len, &err);
	int gone = rc && access(p.buf, F_OK) != 0 && errno == ENOENT;
	strbuf_free(&p);
	if (gone)
		return 0;
	/* a record there but unreadable: a game taken by mail, nothing
	 * proven (the judge mails nobody rather than anybody) */
	b->by_mail = 1;
	for (char *line = rc ? NULL : buf, *next; line && *line;
	     line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		long long t;
		char r[64], a[256], k[65], s[32];
		struct bymail_role *br = &b->r[b->n];
		if (sscanf(line, "taken %lld", &t) == 1)
			b->taken = (time_t)t;
		else if (sscanf(line, "moved %lld", &t) == 1)
			b->moved = (time_t)t;
		else if (sscanf(line, "over %lld", &t) == 1)
			b->over = (time_t)t;
		else if (b->n < GAME_MAX_ROLES &&
			 sscanf(line, "role %63s %255s %64s %31s", r, a, k,
				s) == 4) {
			memset(br, 0, sizeof *br);
			snprintf(br->role, sizeof br->role, "%s", r);
			snprintf(br->addr, sizeof br->addr, "%s", a);
			snprintf(br->key, sizeof br->key, "%s", k);
			br->proven = !strcmp(s, "proven");
			if (sscanf(s, "asked:%lld", &t) == 1)
				br->asked = (time_t)t;
			b->n++;
		} else if (b->n < GAME_MAX_ROLES &&
			   sscanf(line, "proven %63s %255s", r, a) == 2) {
			/* a record of the judge before roles were asked
			 * to confirm: its address proven by its join's
			 * From */
			memset(br, 0, sizeof *br);
			snprintf(br->role, sizeof br->role, "%s", r);
			snprintf(br->addr, sizeof br->addr, "%s", a);
			snprintf(br->key, sizeof br->key, "-");
			br->proven = 1;
			b->n++;
		}
	}
	free(buf);
	return 1;
}

int bymail_write(const struct judge *j, const char *id,
		 const struct bymail *b, struct error *err)
{
	struct strbuf p = STRBUF_INIT, text = STRBUF_INIT;
	game_path(j, id, ".mail", &p);
	strbuf_addf(&text, "taken %lld\n", (long long)b->taken);
	if (b->moved)
		strbuf_addf(&text, "moved %lld\n", (long long)b->moved);
	if (b->over)
		strbuf_addf(&text, "over %lld\n", (long long)b->over);
	for (size_t i = 0; i < b->n; i++) {
		const struct bymail_role *r = &b->r[i];
		strbuf_addf(&text, "role %s %s %s ", r->role, r->addr, r->key);
		if (r->proven)
			strbuf_adds(&text, "proven\n");
		else if (r->asked)
			strbuf_addf(&text, "asked:%lld\n", (long long)r->asked);
		else
			strbuf_adds(&text, "-\n");
	}
	/* with its step, when that waits in the LMTP server's batch */
	int rc = batch_stage(j->batch, id, p.buf, text.buf, text.len, 0600,
			     err);
	if (rc > 0)
		rc = write_output(p.buf, text.buf, text.len, 0600, 0, err);
	if (rc)
		err->status = EXIT_TEMPFAIL;
	strbuf_free(&p);
	strbuf_free(&text);
	return rc;
}

/* The record's line of role, or NULL. */
static struct bymail_role *role_of(struct bymail *b, const char *role)
{
	for (size_t i = 0; i < b->n; i++)
		if (!strcmp(b->r[i].role, role))
			return &b->r[i];
	return NULL;
}

int bymail_may_mail(const struct judge *j, const struct game *g,
		    const char *role, const char *to)
{
	struct bymail b;
	if (!bymail_read(j, g->id, &b))
		return 1;               /* the host's game */
	const struct bymail_role *r = role_of(&b, role);
	return r && r->proven && !strcasecmp(r->addr, to);
}

/* The roles of g into b: each role's address and key as g gives them
 * (a role whose address changed is neither proven nor asked). 0, or -1
 * when a role or address cannot be recorded (too long, a blank). */
static int record_roles(struct bymail *b, const struct game *g,
			struct error *err)
{
	for (size_t i = 0; i < g->n_roles; i++) {
		const char *r = g->roles[i].name, *a = game_address(g, r);
		if (!strcmp(r, "referee"))
			continue;
		if (!a)
			a = "-";
		if (strlen(r) >= sizeof b->r[0].role || strchr(r, ' ') ||
		    strlen(a) >= sizeof b->r[0].addr || strchr(a, ' '))
			return errorf(err, EXIT_REFUSED, "game %s refused: "
				      "role %.64s or its address is longer "
				      "than the judge records (%zu, %zu)",
				      g->id, r, sizeof b->r[0].role - 1,
				      sizeof b->r[0].addr - 1);
		struct bymail_role *br = role_of(b, r);
		if (!br) {
			if (b->n == GAME_MAX_ROLES)
				continue;
			br = &b->r[b->n++];
			memset(br, 0, sizeof *br);
			snprintf(br->role, sizeof br->role, "%s", r);
		}
		if (strcasecmp(br->addr, a)) {
			snprintf(br->addr, sizeof br->addr, "%s", a);
			br->proven = 0;
			br->asked = 0;
		}
		if (g->roles[i].joined)
			sodium_bin2hex(br->key, sizeof br->key,
				       g->roles[i].pk.pk, 32);
		else
			snprintf(br->key, sizeof br->key, "-");
	}
	return 0;
}

/* The other games taken by mail (not id): how many there are
 * (*total), and how many of them name each key and each address of b
 * (keys[i], addrs[i], role i's), and whether one of them or b asked
 * role i's address to confirm within j->confirm at now (asked[i]). */
struct counts {
	size_t total;
	size_t keys[GAME_MAX_ROLES], addrs[GAME_MAX_ROLES];
	int asked[GAME_MAX_ROLES];
};

static int live(const struct judge *j, const struct bymail_role *r,
		time_t now)
{
	return r->asked && !r->proven && now - r->asked < j->confirm;
}

static void count_others(const struct judge *j, const char *id,
			 const struct bymail *b, time_t now, struct counts *c)
{
	DIR *d = opendir(j->games);
	struct dirent *e;
	struct strbuf p = STRBUF_INIT;
	struct bymail o;
	memset(c, 0, sizeof *c);
	for (size_t i = 0; i < b->n; i++)
		c->asked[i] = live(j, &b->r[i], now);
	while (d && (e = readdir(d))) {
		size_t k = strlen(e->d_name);
		char other[GAME_ID_HEX + 1];
		if (k != GAME_ID_HEX + 5 || strcmp(e->d_name + GAME_ID_HEX,
						   ".mail"))
			continue;
		snprintf(other, sizeof other, "%.*s", GAME_ID_HEX, e->d_name);
		strbuf_reset(&p);
		game_path(j, other, ".yaml", &p);
		if (!strcmp(other, id) || access(p.buf, F_OK) != 0 ||
		    !bymail_read(j, other, &o))
			continue;
		c->total++;
		for (size_t i = 0; i < b->n; i++) {
			const struct bymail_role *r = &b->r[i];
			int key = 0, addr = 0;
			for (size_t m = 0; m < o.n; m++) {
				const struct bymail_role *q = &o.r[m];
				key |= strcmp(r->key, "-") &&
					!strcmp(r->key, q->key);
				if (strcmp(r->addr, "-") &&
				    !strcasecmp(r->addr, q->addr)) {
					addr = 1;
					c->asked[i] |= live(j, q, now);
				}
			}
			c->keys[i] += key;
			c->addrs[i] += addr;
		}
	}
	if (d)
		closedir(d);
	strbuf_free(&p);
}

/* Whether value (what of role: a key or an address; "-": none), in n
 * other games taken by mail, is past bound: -1 with err naming it and
 * o->bound its setting, else 0. */
static int past(const struct game *g, const char *what, const char *value,
		const char *role, size_t n, size_t bound,
		const char *setting, struct outcome *o, struct error *err)
{
	if (!strcmp(value, "-") || n < bound)
		return 0;
	o->bound = setting;
	return errorf(err, EXIT_REFUSED, "game %s refused: the %s %s of %s "
		      "is in %zu other games taken by mail, its bound "
		      "([judge] %s = %zu)", g->id, what, value, role, n,
		      setting, bound);
}

/* Whether g (its record b) is within the bounds of a key and an
 * address, the other games counted in c: 0, else -1 (past). */
static int within(const struct judge *j, const struct game *g,
		  const struct bymail *b, const struct counts *c,
		  struct outcome *o, struct error *err)
{
	for (size_t i = 0; i < b->n; i++) {
		const struct bymail_role *r = &b->r[i];
		if (past(g, "key", r->key, r->role, c->keys[i], j->new_a_key,
			 "new_games_a_key", o, err) ||
		    past(g, "address", r->addr, r->role, c->addrs[i],
			 j->new_an_address, "new_games_an_address", o, err))
			return -1;
	}
	return 0;
}

int bymail_take(const struct judge *j, const struct game *in, size_t len,
		struct outcome *o, struct error *err)
{
	struct bymail b;
	struct counts c;
	struct error e;
	time_t now;
	int test, fd = -1, rc = -1;
	if (len > j->new_game_bytes)
		return errorf(err, EXIT_REFUSED, "new game %s refused: its "
			      "file is %zu bytes, and the judge takes a game "
			      "by mail of at most %zu KiB ([judge] "
			      "new_game_kib)", in->id, len,
			      j->new_game_bytes >> 10);
	if (clock_check_minima(&in->clock, &e))
		return errorf(err, EXIT_REFUSED, "new game %s refused: %s",
			      in->id, e.msg);
	if (clock_now(&now, &test, err))
		return -1;
	memset(&b, 0, sizeof b);
	b.by_mail = 1;
	b.taken = now;
	if (record_roles(&b, in, err))
		return -1;
	/* counted and recorded under one lock: two judges at once never
	 * both take the last place */
	if (lock_game(j, "new-games", &fd, err))
		return -1;
	count_others(j, in->id, &b, now, &c);
	if (c.total >= j->new_games_max) {
		o->bound = "new_games_max";
		rc = errorf(err, EXIT_REFUSED, "new game %s refused: the "
			    "judge keeps %zu games taken by mail, its bound "
			    "([judge] new_games_max = %zu)", in->id, c.total,
			    j->new_games_max);
		goto out;
	}
	if (within(j, in, &b, &c, o, err) == 0)
		rc = bymail_write(j, in->id, &b, err);
out:
	if (rc && o->bound)
		o->host = 1;
	close(fd);
	return rc;
}

int bymail_joined(const struct judge *j, const struct game *g,
		  struct outcome *o, struct error *err)
{
	struct bymail b;
	struct counts c;
	time_t now;
	int test, fd = -1, rc;
	if (!bymail_read(j, g->id, &b))
		return 0;
	struct bymail was = b;
	if (record_roles(&b, g, err))
		return -1;
	/* a join mailed again changes nothing: nothing counted, written */
	if (!memcmp(&was, &b, sizeof b))
		return 0;
	if (clock_now(&now, &test, err) || lock_game(j, "new-games", &fd, err))
		return -1;
	count_others(j, g->id, &b, now, &c);
	rc = within(j, g, &b, &c, o, err);
	if (rc == 0)
		rc = bymail_write(j, g->id, &b, err);
	else
		o->host = 1;
	close(fd);
	return rc;
}

/* The token of a confirmation of role's address addr in game id, asked
 * at `at`: "umpire-confirm-ID8-" and 32 hex digits of a hash keyed by
 * the judge's key (unguessable without it, bound to all four). */
static void token_of(const struct judge *j, const char *id,
		     const struct bymail_role *r, char out[BYMAIL_TOKEN + 1])
{
	static const char ctx[] = "umpire judge confirmation\n";
	unsigned char mac[16];
	char at[24], hex[33];
	crypto_generichash_state st;
	snprintf(at, sizeof at, "%lld", (long long)r->asked);
	crypto_generichash_init(&st, j->sk->sk, 32, sizeof mac);
	crypto_generichash_update(&st, (const unsigned char *)ctx,
				  sizeof ctx - 1);
	crypto_generichash_update(&st, (const unsigned char *)id,
				  strlen(id) + 1);
	crypto_generichash_update(&st, (const unsigned char *)r->role,
				  strlen(r->role) + 1);
	for (const char *a = r->addr; *a; a++) {
		unsigned char ch = (unsigned char)(*a >= 'A' && *a <= 'Z' ?
						   *a - 'A' + 'a' : *a);
		crypto_generichash_update(&st, &ch, 1);
	}
	crypto_generichash_update(&st, (const unsigned char *)"", 1);
	crypto_generichash_update(&st, (const unsigned char *)at, strlen(at));
	crypto_generichash_final(&st, mac, sizeof mac);
	sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
	snprintf(out, BYMAIL_TOKEN + 1, BYMAIL_TOKEN_MARK "%.8s-%s", id, hex);
}

int bymail_ask(const struct judge *j, const struct game *g,
	       const char *role, char token[BYMAIL_TOKEN + 1],
	       time_t *until, struct outcome *o, struct error *err)
{
	struct bymail b;
	struct counts c;
	time_t now;
	int test, fd = -1, rc = 0;
	struct bymail_role *r;
	if (!bymail_read(j, g->id, &b) || !(r = role_of(&b, role)) ||
	    r->proven || !strcmp(r->addr, "-"))
		return 0;
	if (clock_now(&now, &test, err))
		return -1;
	/* under the lock of the games taken by mail: two judges at once
	 * never both ask one address */
	if (lock_game(j, "new-games", &fd, err))
		return -1;
	count_others(j, g->id, &b, now, &c);
	if (c.asked[r - b.r]) {
		strbuf_addf(&o->notes, "; %s at %s mailed nothing: a "
			    "confirmation asked of that address is unanswered "
			    "(one at a time, for %ld hours)", role, r->addr,
			    j->confirm / 3600);
	} else {
		r->asked = now;
		rc = bymail_write(j, g->id, &b, err) ? -1 : 1;
		if (rc == 1) {
			token_of(j, g->id, r, token);
			*until = now + (time_t)j->confirm;
			strbuf_addf(&o->notes, "; %s at %s asked to confirm "
				    "its address", role, r->addr);
		}
	}
	close(fd);
	return rc;
}

int bymail_confirm(const struct judge *j, const char *id,
		   const char *token, const char *from, int take,
		   char role[64], const char **why, struct error *err)
{
	struct bymail b;
	time_t now;
	int test;
	*why = "it matches no confirmation asked in the game";
	if (!bymail_read(j, id, &b) || clock_now(&now, &test, err))
		return 0;
	for (size_t i = 0; i < b.n; i++) {
		struct bymail_role *r = &b.r[i];
		char t[BYMAIL_TOKEN + 1];
		if (!r->asked || r->proven)
			continue;
		token_of(j, id, r, t);
		if (sodium_memcmp(t, token, BYMAIL_TOKEN))
			continue;
		if (!live(j, r, now)) {
			*why = "its confirmation has expired";
			return 0;
		}
		if (strcasecmp(r->addr, from)) {
			*why = "it came from another address than the one "
				"asked";
			return 0;
		}
		snprintf(role, 64, "%s", r->role);
		if (!take)
			return 1;
		r->proven = 1;
		r->asked = 0;
		return bymail_write(j, id, &b, err) ? -1 : 1;
	}
	return 0;
}

void bymail_moved(const struct judge *j, const char *id, struct outcome *o)
{
	struct bymail b;
	struct error err;
	time_t now;
	int test;
	if (!bymail_read(j, id, &b) || clock_now(&now, &test, &err))
		return;
	b.moved = now;
	if (bymail_write(j, id, &b, &err))
		strbuf_addf(&o->notes, "; %s", err.msg);
}

const char *bymail_expired(const struct judge *j, const struct game *g,
			   int over, time_t now, struct outcome *o)
{
	struct bymail b;
	struct error err;
	if (!bymail_read(j, g->id, &b) || !b.taken)
		return NULL;
	if (over && !b.over) {
		b.over = now;
		if (bymail_write(j, g->id, &b, &err))
			strbuf_addf(&o->notes, "; %s", err.msg);
	}
	if (b.over && now - b.over >= (time_t)j->new_over)
		return "over";
	time_t last = b.moved > b.taken ? b.moved : b.taken;
	if (now - last >= (time_t)j->new_idle)
		return g->n_steps ? "idle" : "unmoved";
	return NULL;
}

int bymail_unmoved(const struct judge *j, const struct game *g)
{
	struct bymail b;
	return g->n_steps == 0 && bymail_read(j, g->id, &b);
}

void bymail_drop(const struct judge *j, const char *id, struct outcome *o)
{
	static const char *const files[] = { ".yaml", ".answers",
		".requests", ".bounces", ".mail", ".desk", ".yaml.spare" };
	struct strbuf p = STRBUF_INIT;
	/* the game file first: what is left without it is no game */
	for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
		game_path(j, id, files[i], &p);
		if (unlink(p.buf) && errno != ENOENT)
			strbuf_addf(&o->notes, "; cannot remove %s: %s", p.buf,
				    strerror(errno));
	}
	strbuf_free(&p);
}
