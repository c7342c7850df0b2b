/*
 * answers.c - how often the judge answers a party: a refusal, a letter
 * sent again (a lost letter is never final), or what was wrong with a
 * message it could not use. Bounds never mixed, so that mail with a
 * party's address forged in From: spends nothing of what her signed
 * mail gets:
 *   - signed mail (orders, a join, or the same sent again: anyone who
 *     saw it once may send it as often as he likes) at most
 *     j->answers_a_step (default 3) answers a role in each state of the
 *     game (its steps and joins), whatever the day: the judge is no mail
 *     cannon aimed at that party, and the next step answers again; a
 *     party's requests (umpire ask) as many again, and its join mailed
 *     again ("you are in") as many again, each of their own;
 *   - unsigned mail from a party's address (a note, orders not signed
 *     with its key) at most j->answers_a_day (default 3) answers a role
 *     a day: the one bound a forger of its address can spend, never
 *     the only way the party hears back (a request is answered).
 * Each answer is counted by its key (answer_key), once its letter is
 * durable in the spool: the very message delivered again (as the mail
 * system does when a judge was killed before it said it was done)
 * makes the same letter, counted once.
 *
 * GAMEID.answers, under the game's lock: a line an answer, "DAY SCOPE
 * ROLE KEY", SCOPE "unsigned" or the game's state (STEPS.JOINED.HASH,
 * after "ask." for a request's, "joined." for a join's again); today's
 * unsigned lines and the present state's others are kept. And a
 * party's requests: each answered once (GAMEID.requests, below).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sodium.h>
#include "umpire/fsutil.h"
#include "letters.h"

#define D_ANSWER "umpire judge answer\n"

static unsigned char joined(const struct game *g)
{
	unsigned char n = 0;
	for (size_t i = 0; i < g->n_roles; i++)
		n += g->roles[i].joined != 0;
	return n;
}

void answer_key(const struct game *g, const char *role,
		enum answer_kind is_signed, const unsigned char message[32],
		unsigned char key[32])
{
	unsigned char kind = (unsigned char)is_signed, n = joined(g);
	crypto_generichash_state h;
	crypto_generichash_init(&h, NULL, 0, 32);
	crypto_generichash_update(&h, (const unsigned char *)D_ANSWER,
				  strlen(D_ANSWER));
	crypto_generichash_update(&h, message, 32);
	crypto_generichash_update(&h, (const unsigned char *)role,
				  strlen(role) + 1);
	crypto_generichash_update(&h, &kind, 1);
	crypto_generichash_update(&h, game_prev(g, g->n_steps), 32);
	crypto_generichash_update(&h, &n, 1);
	crypto_generichash_final(&h, key, 32);
}

/* The scope of an answer: "unsigned", g's present state, or "ask." or
 * "joined." and that state. */
static void scope(const struct game *g, enum answer_kind is_signed,
		  char *out, size_t size)
{
	char hex[17];
	if (is_signed == ANSWER_UNSIGNED) {
		snprintf(out, size, "unsigned");
		return;
	}
	sodium_bin2hex(hex, sizeof hex, game_prev(g, g->n_steps), 8);
	snprintf(out, size, "%s%zu.%u.%s", is_signed == ANSWER_ASK ? "ask." :
		 is_signed == ANSWER_JOINED ? "joined." : "", g->n_steps,
		 (unsigned)joined(g), hex);
}

/* The lines of GAMEID.answers still in force (today's unsigned; the
 * present state's of any day) into kept; of them, role's in scope `in`
 * counted in *count; whether one is key's in *seen. */
static void answers_read(const struct judge *j, const struct game *g,
			 const char *role, const char *in, const char *key,
			 struct strbuf *kept, unsigned *count, int *seen)
{
	struct strbuf p = STRBUF_INIT;
	char day[16], state[3][64], *buf = NULL;
	size_t len = 0;
	time_t now = time(NULL);
	struct tm tm;
	struct error err;
	gmtime_r(&now, &tm);
	strftime(day, sizeof day, "%Y-%m-%d", &tm);
	scope(g, ANSWER_SIGNED, state[0], sizeof state[0]);
	scope(g, ANSWER_ASK, state[1], sizeof state[1]);
	scope(g, ANSWER_JOINED, state[2], sizeof state[2]);
	game_path(j, g->id, ".answers", &p);
	if (read_input(p.buf, 1u << 16, &buf, &len, &err) != 0)
		buf = NULL;
	*count = 0;
	*seen = 0;
	for (char *line = buf, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		char d[16], s[64], r[64], k[80];
		if (sscanf(line, "%15s %63s %63s %79s", d, s, r, k) != 4 ||
		    (strcmp(s, state[0]) && strcmp(s, state[1]) &&
		     strcmp(s, state[2]) &&
		     (strcmp(s, "unsigned") || strcmp(d, day))))
			continue;
		strbuf_addf(kept, "%s %s %s %s\n", d, s, r, k);
		if (!strcmp(r, role) && !strcmp(k, key))
			*seen = 1;
		if (!strcmp(r, role) && !strcmp(s, in))
			(*count)++;
	}
	free(buf);
	strbuf_free(&p);
}

int answer_allowed(const struct judge *j, const struct game *g,
		   const char *role, enum answer_kind is_signed,
		   const unsigned char key[32])
{
	struct strbuf kept = STRBUF_INIT;
	char in[64], hex[65];
	unsigned count;
	int seen;
	scope(g, is_signed, in, sizeof in);
	sodium_bin2hex(hex, sizeof hex, key, 32);
	answers_read(j, g, role, in, hex, &kept, &count, &seen);
	strbuf_free(&kept);
	if (seen)
		return -1;
	return count < (is_signed ? j->answers_a_step : j->answers_a_day);
}

void answer_counted(const struct judge *j, const struct game *g,
		    const char *role, enum answer_kind is_signed,
		    const unsigned char key[32])
{
	struct strbuf kept = STRBUF_INIT, p = STRBUF_INIT;
	char in[64], hex[65], day[16];
	unsigned count;
	int seen;
	time_t now = time(NULL);
	struct tm tm;
	struct error err;
	gmtime_r(&now, &tm);
	strftime(day, sizeof day, "%Y-%m-%d", &tm);
	scope(g, is_signed, in, sizeof in);
	sodium_bin2hex(hex, sizeof hex, key, 32);
	answers_read(j, g, role, in, hex, &kept, &count, &seen);
	if (!seen) {
		strbuf_addf(&kept, "%s %s %s %s\n", day, in, role, hex);
		game_path(j, g->id, ".answers", &p);
		/* (a count not written: the letter is spooled, and the
		 * message answered; it costs the bound one answer less) */
		(void)write_output(p.buf, kept.buf, kept.len, 0600, 0, &err);
	}
	strbuf_free(&kept);
	strbuf_free(&p);
}

/*
 * GAMEID.requests, under the game's lock: the requests (umpire ask) a
 * role made, a line each, "ROLE STEP NONCE", of the latest step a
 * request of the role named (its requests of older steps let go when
 * one names a later step), at most REQUESTS_KEPT a role: the judge
 * answers each request once, and none older than the role's latest,
 * so that a copy sent again (by a relay that saw it, in this step or a
 * later one) spends nothing of the role's answers. A line of a step
 * the game does not have (a game cut back) is let go.
 */
#define REQUESTS_KEPT 64
#define REQUESTS_MAX (GAME_MAX_ROLES * REQUESTS_KEPT * 128)

/* The lines of GAMEID.requests in force: the other roles' into others,
 * rq's role's into mine; the latest step its lines name into *latest
 * (-1: none); how many of them name it into *count; whether one is
 * rq's nonce into *seen. */
static int requests_read(const struct judge *j, const struct game *g,
			 const struct request *rq, struct strbuf *others,
			 struct strbuf *mine, long long *latest,
			 unsigned *count, int *seen, struct error *err)
{
	struct strbuf p = STRBUF_INIT;
	char *buf = NULL;
	size_t len = 0;
	*latest = -1;
	*count = 0;
	*seen = 0;
	game_path(j, g->id, ".requests", &p);
	int rc = access(p.buf, F_OK) == 0 ?
		read_input(p.buf, REQUESTS_MAX, &buf, &len, err) : 0;
	strbuf_free(&p);
	for (char *line = buf, *next; rc == 0 && line && *line;
	     line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		char r[64], n[REQUEST_NONCE_HEX + 1];
		long long s;
		if (sscanf(line, "%63s %lld %32s", r, &s, n) != 3 ||
		    s < 0 || s > (long long)g->n_steps ||
		    !game_role((struct game *)g, r))
			continue;
		if (strcmp(r, rq->side)) {
			strbuf_addf(others, "%s %lld %s\n", r, s, n);
			continue;
		}
		if (s > *latest) {      /* (one step a role: the latest) */
			strbuf_reset(mine);
			*latest = s;
			*count = 0;
			*seen = 0;
		}
		if (s == *latest) {
			strbuf_addf(mine, "%s %lld %s\n", r, s, n);
			(*count)++;
			*seen |= !strcmp(n, rq->nonce);
		}
	}
	free(buf);
	if (rc)
		err->status = EXIT_TEMPFAIL;    /* the host's to mend */
	return rc;
}

int request_new(const struct judge *j, const struct game *g,
		const struct request *rq, struct strbuf *why,
		struct error *err)
{
	struct strbuf others = STRBUF_INIT, mine = STRBUF_INIT;
	long long latest;
	unsigned count;
	int seen, rc = requests_read(j, g, rq, &others, &mine, &latest,
				     &count, &seen, err);
	if (rc == 0 && rq->step < latest) {
		strbuf_addf(why, "a request of %s made at step %lld, older "
			    "than its latest (of step %lld): not answered",
			    rq->side, rq->step, latest);
	} else if (rc == 0 && rq->step == latest && seen) {
		strbuf_addf(why, "a copy of a request of %s seen before "
			    "(nonce %.8s...): not answered", rq->side,
			    rq->nonce);
	} else if (rc == 0 && rq->step == latest &&
		   count >= REQUESTS_KEPT) {
		strbuf_addf(why, "%s made %u requests at step %lld already: "
			    "no more are answered before a request made at a "
			    "later step", rq->side, count, latest);
	} else if (rc == 0) {
		rc = 1;
	}
	strbuf_free(&others);
	strbuf_free(&mine);
	return rc;
}

int request_noted(const struct judge *j, const struct game *g,
		  const struct request *rq, struct error *err)
{
	struct strbuf others = STRBUF_INIT, mine = STRBUF_INIT;
	struct strbuf p = STRBUF_INIT;
	long long latest;
	unsigned count;
	int seen, rc = requests_read(j, g, rq, &others, &mine, &latest,
				     &count, &seen, err);
	if (rc == 0) {
		if (rq->step > latest)
			strbuf_reset(&mine);
		if (!seen)
			strbuf_addf(&mine, "%s %lld %s\n", rq->side, rq->step,
				    rq->nonce);
		strbuf_add(&others, mine.buf, mine.len);
		game_path(j, g->id, ".requests", &p);
		rc = write_output(p.buf, others.buf, others.len, 0600, 0, err);
		if (rc)
			err->status = EXIT_TEMPFAIL;
	}
	strbuf_free(&others);
	strbuf_free(&mine);
	strbuf_free(&p);
	return rc;
}
