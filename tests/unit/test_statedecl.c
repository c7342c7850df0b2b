/*
 * test_statedecl.c - a sixth game, built from a declaration alone
 * (include/umpire/statedecl.h): two players hold tiles a..f, each sees
 * his own hand, nobody sees the bag; tokens t1..t4 stand on cells x and
 * y, face down (seen by their owner only) or face up (seen by all), so
 * what a side sees differs from token to token. Load, save, each side's view with
 * its commitments, the stand-ins of a view, the hash and the errors all
 * come from the table below; the toy game has no state code of its own.
 * A second table (the pocket game) adds a set of the tokens held off
 * the board by each side, to pin a view's record stand-ins: their
 * order (standin_rank), a hidden set of records and a count they need
 * not meet.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/statedecl.h"
#include "umpire/view.h"
#include "unit.h"

/* ---- the toy game: its whole state declaration ---- */

struct toy {
	int turn;
	int player;            /* 0 red, 1 blue */
	unsigned hand[2];      /* bit i: tile i */
	unsigned bag;
	unsigned discard;
	int at[4];             /* token i: 0 off the board, 1 x, 2 y */
	int owner[4];          /* 0 red, 1 blue */
	int up[4];             /* face up */
	int pocket[4];         /* token i held off the board: 1 by red,
				  2 by blue (the pocket game below) */
};

static const char *const tiles[] = { "a", "b", "c", "d", "e", "f" };
static const char *const players[] = { "red", "blue", NULL };

static long long hand_size(const void *st, int i)
{
	unsigned h = ((const struct toy *)st)->hand[i];
	int n = 0;

	for (; h; h &= h - 1)
		n++;
	return n;
}

static const char *const cells[] = { "x", "y" };
static const char *const tokens[] = { "t1", "t2", "t3", "t4", NULL };

static const char *token(const void *st, int i)
{
	return i >= 0 && i < 4 ? tokens[i] : NULL;
}

/* a token face up is seen by all, face down by its owner */
static int token_sees(const void *vst, int side, int i)
{
	const struct toy *st = vst;

	return st->up[i] || st->owner[i] == side;
}

/* a stand-in: the other side's, face down */
static void token_hide(void *vst, int i, int side)
{
	struct toy *st = vst;

	st->owner[i] = side == 0;
	st->up[i] = 0;
}

static int tokens_at(const void *vst, int cell, int *out, int max)
{
	const struct toy *st = vst;
	int n = 0;

	for (int i = 0; i < 4 && n < max; i++)
		if (st->at[i] == cell + 1)
			out[n++] = i;
	return n;
}

static int tokens_put(void *vst, int cell, const int *recs, int n,
		      const struct doc *d, const struct doc_node *at,
		      struct error *err)
{
	struct toy *st = vst;

	for (int i = 0; i < n; i++)
		st->at[recs[i]] = cell + 1;
	return 0;
}

static struct doc_node *token_cell(const void *vst, int i, struct doc *d)
{
	const struct toy *st = vst;

	return st->at[i] ? doc_str(d, cells[st->at[i] - 1]) : NULL;
}

static int token_cell_load(void *vst, int i, const struct doc *d,
			   const struct doc_node *n, struct error *err)
{
	struct toy *st = vst;

	st->at[i] = n->kind == DOC_SCALAR && !strcmp(n->str, "y") ? 2 : 1;
	return 0;
}

static struct doc_node *token_owner(const void *vst, int i, struct doc *d)
{
	const struct toy *st = vst;

	return st->at[i] ? doc_str(d, players[st->owner[i]]) : NULL;
}

static int token_owner_load(void *vst, int i, const struct doc *d,
			    const struct doc_node *n, struct error *err)
{
	((struct toy *)vst)->owner[i] = n->kind == DOC_SCALAR &&
		!strcmp(n->str, "blue");
	return 0;
}

static struct doc_node *token_up(const void *vst, int i, struct doc *d)
{
	return ((const struct toy *)vst)->up[i] ? doc_str(d, "up") : NULL;
}

static int token_up_load(void *vst, int i, const struct doc *d,
			 const struct doc_node *n, struct error *err)
{
	((struct toy *)vst)->up[i] = 1;
	return 0;
}

#define SEEN "a token's owner, or every side once it is face up"
#define TOKENS(k) .key = k, .type = SD_RECORDS, .record_name = token, \
	.vis = SD_RECORD, .record_sees = token_sees, .who_sees = SEEN

static const struct sd_field toy_fields[] = {
	{ .key = "turn", .type = SD_INT, SD_MEMBER(struct toy, turn),
	  .lo = 1, .hi = 9 },
	{ .key = "player", .type = SD_NAME, SD_MEMBER(struct toy, player),
	  SD_NAMES(players, 2) },
	{ .key = "red-hand", .type = SD_BITS, SD_MEMBER(struct toy, hand[0]),
	  SD_NAMES(tiles, 6), .vis = SD_SIDE, .who = 0,
	  .count_key = "hand-count", .count_name = "red" },
	{ .key = "blue-hand", .type = SD_BITS, SD_MEMBER(struct toy, hand[1]),
	  SD_NAMES(tiles, 6), .vis = SD_SIDE, .who = 1,
	  .count_key = "hand-count", .count_name = "blue" },
	{ .key = "hand-count", .type = SD_COUNT, SD_NAMES(players, 2),
	  .hi = 6, .value = hand_size },
	{ .key = "bag", .type = SD_BITS, SD_MEMBER(struct toy, bag),
	  SD_NAMES(tiles, 6), .vis = SD_REFEREE, .flags = SDF_REST,
	  .standin = 1 },
	{ .key = "discard", .type = SD_BITS, SD_MEMBER(struct toy, discard),
	  SD_NAMES(tiles, 6) },
	{ TOKENS("tokens"), .record_save = token_cell,
	  .record_load = token_cell_load },
	{ .key = "stacks", .type = SD_PLACES, SD_NAMES(cells, 2),
	  .record_name = token, .vis = SD_RECORD, .record_sees = token_sees,
	  .who_sees = SEEN, .records_at = tokens_at, .place_put = tokens_put,
	  .hide = token_hide },
	{ TOKENS("owner"), .record_save = token_owner,
	  .record_load = token_owner_load },
	{ TOKENS("face-up"), .record_save = token_up,
	  .record_load = token_up_load },
	{ .key = NULL }
};

static const struct state_decl toy = {
	"toy", players, sizeof(struct toy), toy_fields, NULL, SDD_ONE_PLACE
};

/* ---- helpers ---- */

static char *emit(const struct doc_node *n)
{
	struct strbuf sb = STRBUF_INIT;
	struct error err;

	doc_emit(n, &sb, &err);
	return sb.buf;
}

/* Load text onto a fresh state (turn 1, red, all tiles in the bag);
 * returns the state's saved text, or NULL with *msg set. */
static char *load_text(const char *text, struct toy *st, char *msg,
		       size_t size)
{
	struct doc *d = doc_new("toy.yaml");
	struct error err;
	char *out = NULL;

	*st = (struct toy){ .turn = 1, .bag = 0x3f };
	if (doc_parse(d, text, strlen(text), &DOC_LIMITS_SMALL, &err) == 0 &&
	    sd_load(&toy, st, d, d->root, &err) == 0)
		out = emit(sd_save(&toy, st, d));
	else
		snprintf(msg, size, "%s", err.msg);
	doc_free(d);
	return out;
}

static const char position[] = "turn: 3\nplayer: blue\n"
	"red-hand: [b, a]\nblue-hand: [e]\ndiscard: [f]\n"
	"tokens: {t1: x, t2: x, t3: y}\nowner: {t1: red, t2: blue, t3: blue}\n"
	"face-up: {t3: up}\n";
static const char saved[] = "turn: 3\nplayer: blue\nred-hand: [a, b]\n"
	"blue-hand: [e]\nhand-count: {red: 2, blue: 1}\nbag: [c, d]\n"
	"discard: [f]\ntokens: {t1: x, t2: x, t3: y}\nstacks:\n  x: [t1, t2]\n"
	"owner: {t1: red, t2: blue, t3: blue}\nface-up: {t3: up}\n";

static void load_and_save(void)
{
	struct toy st, back;
	char msg[512] = "", *a = load_text(position, &st, msg, sizeof msg);
	char *b = a ? load_text(a, &back, msg, sizeof msg) : NULL;

	CHECK_STR(a, saved, "a position loads (the bag is the tiles no "
		  "other field holds) and saves in the declared order");
	CHECK(b && a && strcmp(a, b) == 0 && !memcmp(&st, &back, sizeof st),
	      "saved state loads back to the same state and bytes%s",
	      msg);
	free(a);
	free(b);
}

static void views(void)
{
	struct toy st;
	char msg[512];
	char *a = load_text(position, &st, msg, sizeof msg);
	unsigned char salt[32];
	struct doc *d = doc_new("view");
	struct redactor r, r2;
	struct doc_node *full = sd_save(&toy, &st, d);
	char *red, *want;

	memset(salt, 7, sizeof salt);
	redactor_init(&r, salt, "red");
	red = emit(sd_view(&toy, &st, "red", d, &r));
	/* the red view: blue's hand is commitment 0, the bag 1, blue's
	 * face-down token t2 2 (in its place, under t1); t2 is left out
	 * of the tokens and owners red sees, face-up t3 is not */
	redactor_init(&r2, salt, "red");
	struct doc_node *want_view = doc_copy_top(d, full);
	doc_put(d, want_view, "blue-hand", redactor_hide(&r2, d,
		doc_get(full, "blue-hand")));
	doc_put(d, want_view, "bag", redactor_hide(&r2, d,
		doc_get(full, "bag")));
	struct doc_node *stack = doc_seq(d), *cellmap = doc_map(d),
		*tok = doc_map(d), *own = doc_map(d);
	stack->style = cellmap->style = tok->style = own->style =
		DOC_STYLE_FLOW;
	doc_push(d, stack, doc_str(d, "t1"));
	doc_push(d, stack, redactor_hide(&r2, d, doc_str(d, "t2")));
	doc_set(d, cellmap, "x", stack);
	doc_set_str(d, tok, "t1", "x");
	doc_set_str(d, tok, "t3", "y");
	doc_set_str(d, own, "t1", "red");
	doc_set_str(d, own, "t3", "blue");
	doc_put(d, want_view, "tokens", tok);
	doc_put(d, want_view, "stacks", cellmap);
	doc_put(d, want_view, "owner", own);
	want = emit(want_view);
	CHECK_STR(red, want, "red's view: his hand shown, blue's hand, the "
		  "bag and blue's face-down token committed in declaration "
		  "order, token by token");
	CHECK(strstr(red, "red-hand: [a, b]") && !strstr(red, "[e]") &&
	      !strstr(red, "[c, d]"), "red's view hides blue's tile and the "
	      "bag:\n%s", red);
	free(want);

	/* the stand-ins: blue's one tile and the bag from what red does
	 * not see placed (c, d, e), checked as any position is */
	struct toy back = { .turn = 1, .bag = 0x3f };
	struct error err;
	struct doc *vd = doc_new("red-view.yaml");
	int rc = doc_parse(vd, red, strlen(red), &DOC_LIMITS_SMALL, &err) ||
		sd_load_view(&toy, &back, vd, vd->root, "red", &err);

	CHECK(rc == 0 && back.hand[0] == st.hand[0] &&
	      hand_size(&back, 1) == 1 && back.discard == st.discard &&
	      (back.hand[1] | back.bag) == (st.hand[1] | st.bag) &&
	      !(back.hand[1] & back.bag),
	      "red's view rebuilds a state: his hand, the discard, one "
	      "stand-in tile for blue, the bag the rest%s%s",
	      rc ? ": " : "", rc ? err.msg : "");
	doc_free(vd);

	/* the referee's view is the saved state; an unknown side sees
	 * only what is public */
	char *all = emit(sd_view(&toy, &st, NULL, d, NULL));
	CHECK_STR(all, a, "the referee's view is the saved state");
	redactor_init(&r, salt, "green");
	char *green = emit(sd_view(&toy, &st, "green", d, &r));
	CHECK(!strstr(green, "[a, b]") && !strstr(green, "[e]") &&
	      strstr(green, "discard: [f]"), "a stranger sees only what is "
	      "public:\n%s", green);
	free(all);
	free(green);
	free(red);
	free(a);
	doc_free(d);
}

/* Whether side sees each token of each cell, top first, as a string
 * ("x:1,0 y:1"): what the consult test (sd_consult) reads. */
static void seen_by_place(const struct toy *st, const char *side,
			  char *out, size_t size)
{
	size_t len = 0;
	int recs[4], n;

	out[0] = '\0';
	for (int c = 0; c < 2; c++) {
		n = tokens_at(st, c, recs, 4);
		len += (size_t)snprintf(out + len, size - len, "%s%s:",
					c ? " " : "", cells[c]);
		for (int j = 0; j < n; j++)
			len += (size_t)snprintf(out + len, size - len, "%s%d",
				j ? "," : "", sd_sees_record(&toy, "stacks",
				st, side, recs[j]));
	}
}

/* Records whose visibility differs from one to the next: red sees his
 * t1 and the face-up t3, not blue's face-down t2; the state rebuilt
 * from red's view has a stand-in red does not see in t2's place, so
 * the view, the stand-ins and the consult test agree whichever hidden
 * token is really there (t2, or t4 in a second position). */
static void records(void)
{
	static const char *const real[] = { position,
		"turn: 3\nplayer: blue\nred-hand: [b, a]\nblue-hand: [e]\n"
		"discard: [f]\ntokens: {t1: x, t4: x, t3: y}\n"
		"owner: {t1: red, t4: blue, t3: blue}\nface-up: {t3: up}\n" };
	unsigned char salt[32];
	char msg[512], want[64], got[64];

	memset(salt, 9, sizeof salt);
	for (size_t i = 0; i < 2; i++) {
		struct toy st, back = { .turn = 1, .bag = 0x3f };
		char *a = load_text(real[i], &st, msg, sizeof msg);
		struct doc *d = doc_new("red-view.yaml");
		struct redactor r;
		struct error err;

		CHECK(a != NULL, "position %zu loads: %s", i, a ? "" : msg);
		if (!a) {
			doc_free(d);
			continue;
		}
		CHECK(sd_sees_record(&toy, "stacks", &st, "red", 0) &&
		      !sd_sees_record(&toy, "stacks", &st, "red", i ? 3 : 1) &&
		      sd_sees_record(&toy, "stacks", &st, "blue", i ? 3 : 1) &&
		      sd_sees_record(&toy, "stacks", &st, "red", 2) &&
		      sd_sees_record(&toy, "stacks", &st, NULL, 1),
		      "red sees his token and the face-up one, blue his own, "
		      "the referee all");
		redactor_init(&r, salt, "red");
		char *red = emit(sd_view(&toy, &st, "red", d, &r));
		struct doc *vd = doc_new("red-view.yaml");
		int rc = doc_parse(vd, red, strlen(red), &DOC_LIMITS_SMALL,
				   &err) || sd_load_view(&toy, &back, vd,
				   vd->root, "red", &err);

		CHECK(rc == 0 && !strstr(red, i ? "t4" : "t2") &&
		      back.at[0] == 1 && back.at[1] == 1 && back.at[2] == 2 &&
		      !back.at[3] && back.owner[1] == 1 && !back.up[1],
		      "red's view of position %zu: the hidden token's place "
		      "gets the stand-in t2, blue's and face down%s%s\n%s",
		      i, rc ? ": " : "", rc ? err.msg : "", red);
		seen_by_place(&st, "red", want, sizeof want);
		seen_by_place(&back, "red", got, sizeof got);
		CHECK_STR(got, want, "red sees the same places in the view's "
			  "stand-ins as in the real state");
		free(red);
		free(a);
		doc_free(vd);
		doc_free(d);
	}
	/* more hidden entries than tokens the view does not name */
	struct toy st = { .turn = 1, .bag = 0x3f };
	struct doc *d = doc_new("view.yaml");
	struct error err;
	static const char forged[] = "stacks: {x: [hidden:a, hidden:b, "
		"hidden:c], y: [hidden:d, hidden:e]}\n";
	int rc = doc_parse(d, forged, strlen(forged), &DOC_LIMITS_SMALL,
			   &err) || sd_load_view(&toy, &st, d, d->root, "red",
						 &err);
	CHECK(rc != 0 && strstr(err.msg, "more hidden records than"),
	      "a view hiding more tokens than there are is refused (%s)",
	      rc ? err.msg : "loaded");
	doc_free(d);
}

/* ---- the pocket game: the toy's tokens, and a pocket for each side
 * of tokens held off the board, seen by its holder alone ---- */

/* arg: the pocket's holder, 1 red, 2 blue */
static int in_pocket(const void *st, int p, int i)
{
	return ((const struct toy *)st)->pocket[i] == p;
}

static void pocket_put(void *st, int p, int i, int on)
{
	struct toy *t = st;

	if (on)
		t->pocket[i] = p;
	else if (t->pocket[i] == p)
		t->pocket[i] = 0;
}

static long long pocket_size(const void *st, int p)
{
	int n = 0;

	for (int i = 0; i < 4; i++)
		n += in_pocket(st, p + 1, i);
	return n;
}

/* a hidden token on the board stands in as t4 before any other */
static int board_rank(const void *st, int i)
{
	return i == 3 ? 1 : 2;
}

/* only t1 and t2 fit in a pocket */
static int pocket_rank(const void *st, int i)
{
	return i < 2;
}

#define POCKET(k, p) .key = k, .type = SD_SET, \
	.name_of = token, .domain = "the tokens", .in_set = in_pocket, \
	.set_item = pocket_put, .arg = p + 1, .vis = SD_SIDE, .who = p, \
	.count_key = "pocket-count", .count_name = k, \
	.standin_rank = pocket_rank

static const struct sd_field pocket_fields[] = {
	{ TOKENS("tokens"), .record_save = token_cell,
	  .record_load = token_cell_load },
	{ .key = "stacks", .type = SD_PLACES, SD_NAMES(cells, 2),
	  .record_name = token, .vis = SD_RECORD, .record_sees = token_sees,
	  .who_sees = SEEN, .records_at = tokens_at, .place_put = tokens_put,
	  .hide = token_hide, .standin_rank = board_rank },
	{ TOKENS("owner"), .record_save = token_owner,
	  .record_load = token_owner_load },
	{ .key = "pockets", .type = SD_GROUP,
	  .sub = (const struct sd_field[]){
		{ POCKET("red", 0) },
		{ POCKET("blue", 1) },
		{ .key = NULL } } },
	{ .key = "pocket-count", .type = SD_COUNT, SD_NAMES(players, 2),
	  .hi = 4, .value = pocket_size, .flags = SDF_VIEW_LOOSE },
	{ .key = NULL }
};

static const struct state_decl pockets = {
	"pockets", players, sizeof(struct toy), pocket_fields, NULL, 0
};

/* A pocket position loaded, red's view of it (*red, to free) and that
 * view loaded back into *back: 0, or -1 with err set. */
static int pocket_view(const char *real, struct toy *back, char **red,
		       struct error *err)
{
	struct toy st = { 0 };
	struct doc *d = doc_new("pockets.yaml"), *v = doc_new("view"),
		*vd = doc_new("red-view.yaml");
	unsigned char salt[32] = { 3 };
	struct redactor r;
	int rc = doc_parse(d, real, strlen(real), &DOC_LIMITS_SMALL, err) ||
		sd_load(&pockets, &st, d, d->root, err) ? -1 : 0;

	*red = NULL;
	*back = (struct toy){ 0 };
	if (rc == 0) {
		redactor_init(&r, salt, "red");
		*red = emit(sd_view(&pockets, &st, "red", v, &r));
		rc = doc_parse(vd, *red, strlen(*red), &DOC_LIMITS_SMALL,
			       err) || sd_load_view(&pockets, back, vd,
						    vd->root, "red", err) ?
			-1 : 0;
	}
	doc_free(d);
	doc_free(v);
	doc_free(vd);
	return rc;
}

/* A hidden entry of a place and a pocket hidden whole get stand-ins
 * the view names nowhere, by standin_rank: blue's face-down t2 on x
 * stands in as t4 (board_rank), blue's pocket of t3 and t4 as t2 alone
 * (pocket_rank: t1 is named, t3 may not, t4 stands on x), which does
 * not meet the view's count of 2 (SDF_VIEW_LOOSE: not checked). */
static void record_sets(void)
{
	struct toy back;
	struct error err;
	char *red;
	int rc = pocket_view("tokens: {t1: x, t2: x}\n"
			     "owner: {t1: red, t2: blue}\n"
			     "pockets: {blue: [t3, t4]}\n", &back, &red, &err);

	CHECK(rc == 0 && !strstr(red, "t2") && !strstr(red, "t3") &&
	      strstr(red, "blue: 2"), "red's view hides t2 and blue's "
	      "pocket, and tells its size, and loads back%s%s\n%s",
	      rc ? ": " : "", rc ? err.msg : "", red ? red : "");
	CHECK(rc == 0 && back.at[3] == 1 && back.owner[3] == 1 &&
	      !back.up[3] && !back.at[1] && back.pocket[1] == 2 &&
	      !back.pocket[0] && !back.pocket[2] && !back.pocket[3],
	      "t4 stands in on x, blue's and face down, and t2 alone in "
	      "blue's pocket (at %d %d %d %d, pocket %d %d %d %d)",
	      back.at[0], back.at[1], back.at[2], back.at[3],
	      back.pocket[0], back.pocket[1], back.pocket[2], back.pocket[3]);
	free(red);
	/* a record the view shows in a set (red's own pocket) is named:
	 * it never stands in elsewhere, though board_rank takes t4 first */
	rc = pocket_view("tokens: {t1: x, t2: x}\n"
			 "owner: {t1: red, t2: blue}\n"
			 "pockets: {red: [t4], blue: [t3]}\n", &back, &red, &err);
	CHECK(rc == 0 && back.at[1] == 1 && !back.at[3] &&
	      back.pocket[3] == 1 && !back.pocket[2],
	      "t4, in red's pocket, is not taken for x: t2 is, and blue's "
	      "pocket gets nobody pocket_rank allows%s%s",
	      rc ? ": " : "", rc ? err.msg : "");
	free(red);
}

static void hashes(void)
{
	struct toy st;
	char msg[512];
	char *a = load_text(position, &st, msg, sizeof msg);
	unsigned char h1[32], h2[32], h3[32];
	struct doc *d = doc_new("hash");

	sd_hash(&toy, &st, h1);
	doc_hash("umpire/1 state", sd_save(&toy, &st, d), h2);
	st.turn++;
	sd_hash(&toy, &st, h3);
	CHECK(!memcmp(h1, h2, 32) && memcmp(h1, h3, 32),
	      "the hash is that of the saved state, and follows it");
	free(a);
	doc_free(d);
}

static void errors(void)
{
	static const struct { const char *text, *want; } bad[] = {
		{ "turn: 3\ncolour: red\n", "toy.yaml:2: unknown field "
		  "'colour' (expected one of: turn, player, red-hand, "
		  "blue-hand, hand-count, bag, discard, tokens, stacks, "
		  "owner, face-up)" },
		{ "stacks: {x: [t9]}\n", "toy.yaml:1: stacks: 't9' is no "
		  "stacks record (accepted: the ids of the order of "
		  "battle)" },
		{ "stacks: {z: [t1]}\n", "toy.yaml:1: stacks: 'z' is not "
		  "allowed here (accepted: x, y)" },
		{ "turn: 10\n", "toy.yaml:1: turn must be from 1 to 9, "
		  "not 10" },
		{ "player: green\n", "toy.yaml:1: player: 'green' is not "
		  "allowed here (accepted: red, blue)" },
		{ "red-hand: [a, z]\n", "toy.yaml:1: red-hand: 'z' is not "
		  "allowed here (accepted: a, b, c, d, e, f)" },
		{ "red-hand: [a, a]\n", "toy.yaml:1: red-hand: listed twice "
		  "(accepted: a, b, c, d, e, f)" },
		{ "red-hand: a\n", "toy.yaml:1: red-hand must be a list" },
		{ "red-hand: [a]\ndiscard: [a]\n", "toy.yaml: the a is in "
		  "more than one place: red-hand and discard" },
		{ "red-hand: [a]\nhand-count: {red: 2}\n", "toy.yaml:2: "
		  "hand-count: red 2, but the state gives 1" },
		{ "- turn\n", "toy.yaml: the toy state must be a mapping of "
		  "its fields" },
	};
	struct toy st;
	char msg[512];

	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char *out = load_text(bad[i].text, &st, msg, sizeof msg);

		CHECK(!out, "refused: %s", bad[i].want);
		if (!out)
			CHECK_STR(msg, bad[i].want, "the error names file, "
				  "line, field and what is accepted");
		free(out);
	}
}

/* The entry of key in sd_describe's roff, its lines joined: "" when
 * there is none. */
static const char *entry(const char *roff, const char *key, char *buf,
			 size_t size)
{
	char tag[96];
	const char *p, *e;
	size_t n = 0;

	snprintf(tag, sizeof tag, ".TP\n%s\n", key);
	buf[0] = '\0';
	if (!roff || !(p = strstr(roff, tag)))
		return buf;
	p += strlen(tag);
	for (e = p; *e && strncmp(e, "\n.TP\n", 5) && strncmp(e, "\n.RE\n", 5);
	     e++)
		;
	for (; p < e && n + 1 < size; p++)
		buf[n++] = *p == '\n' ? ' ' : *p;
	while (n && buf[n - 1] == ' ')
		n--;
	buf[n] = '\0';
	return buf;
}

/* What a view holds and hides, as umpire-protocol(7) VIEWS says it, from
 * the declaration alone. */
static void described(void)
{
	struct strbuf sb = STRBUF_INIT;
	char e[1024];

	sd_describe(&toy, &sb);
	CHECK_STR(entry(sb.buf, "\\fBturn\\fP", e, sizeof e),
		  "A number from 1 to 9. Every side sees it.", "a number: its "
		  "bounds, seen by all");
	CHECK_STR(entry(sb.buf, "\\fBred\\-hand\\fP", e, sizeof e),
		  "A list, in this order, of some of: \\fBa\\fP, \\fBb\\fP, "
		  "\\fBc\\fP, \\fBd\\fP, \\fBe\\fP, \\fBf\\fP. Only "
		  "\\fBred\\fP sees it; another side's view holds "
		  "\\fBhidden:\\fP\\fIC\\fP. Its size is the \\fBred\\fP "
		  "entry of \\fBhand\\-count\\fP.", "a hand: its words, its "
		  "side, the commitment another holds and where its size is");
	CHECK(strstr(entry(sb.buf, "\\fBblue\\-hand\\fP", e, sizeof e),
		     "A list, in this order, of some of the words of "
		     "\\fBred\\-hand\\fP.") != NULL, "a list of more than "
	      "four words is written once, then named: %s", e);
	CHECK(strstr(entry(sb.buf, "\\fBplayer\\fP", e, sizeof e),
		     "One of: \\fBred\\fP, \\fBblue\\fP.") != NULL,
	      "a short one is written each time: %s", e);
	CHECK_STR(entry(sb.buf, "\\fBbag\\fP", e, sizeof e), "A list, in "
		  "this order, of some of the words of \\fBred\\-hand\\fP (left "
		  "out of a position, every one that no other field holds). "
		  "No side sees it: every view holds "
		  "\\fBhidden:\\fP\\fIC\\fP.", "the referee's alone, the "
		  "rest of the tiles");
	CHECK(strstr(entry(sb.buf, "\\fBstacks\\fP", e, sizeof e),
		     "one that the view's side does not see (*) is "
		     "\\fBhidden:\\fP\\fIC\\fP in its place") != NULL,
	      "a stack's record: committed in its place: %s", e);
	CHECK(strstr(entry(sb.buf, "\\fBtokens\\fP", e, sizeof e),
		     "one that the view's side does not see (*) is left "
		     "out.") != NULL, "a record's value: left out: %s", e);
	CHECK_STR(entry(sb.buf, "(*)", e, sizeof e), "Who sees a record: a "
		  "token's owner, or every side once it is face up.",
		  "who sees a record, once");
	strbuf_free(&sb);
}

/* A field's visibility changed in a copy of a declaration changes its
 * entry, and only it: the page follows the table. */
static void described_follows(void)
{
	struct sd_field fs[16];
	struct state_decl copy = toy;
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	char e[1024];
	size_t n = 0;

	while (toy_fields[n].key && n < 15) {
		fs[n] = toy_fields[n];
		n++;
	}
	fs[n] = (struct sd_field){ .key = NULL };
	copy.fields = fs;
	sd_describe(&toy, &a);
	fs[2].vis = SD_ALL;           /* red-hand */
	fs[5].flags |= SDF_OMIT;      /* bag */
	sd_describe(&copy, &b);
	CHECK(a.buf && b.buf && strcmp(a.buf, b.buf) != 0, "a copy with "
	      "red-hand shown describes otherwise");
	CHECK(strstr(entry(b.buf, "\\fBred\\-hand\\fP", e, sizeof e),
		     "\\fBf\\fP. Every side sees it.") && !strstr(e, "Only"),
	      "red-hand: every side sees it: %s", e);
	CHECK(strstr(entry(b.buf, "\\fBbag\\fP", e, sizeof e), "No side "
		     "sees it: it is left out of every view.") != NULL,
	      "the bag left out, not committed: %s", e);
	fs[2].vis = SD_SIDE;
	fs[5].flags = toy_fields[5].flags;
	strbuf_reset(&b);
	sd_describe(&copy, &b);
	CHECK(a.buf && b.buf && strcmp(a.buf, b.buf) == 0, "the copy "
	      "restored describes the same");
	strbuf_free(&a);
	strbuf_free(&b);
}

/* A forged or broken view is refused with a message, never loaded:
 * a part hidden from the side that may see it, a count beyond its
 * bounds. */
static void bad_views(void)
{
	static const char *const bad[] = {
		"turn: hidden:x\n",
		"red-hand: hidden:x\nblue-hand: [a]\n"
		"hand-count: {red: 99, blue: 1}\n",
		"red-hand: hidden:x\nhand-count: {red: 7}\n",
		"bag: hidden:x\ndiscard: hidden:x\nred-hand: [a, b, c, d, e, f]"
		"\n",
	};

	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct toy st = { .turn = 1, .bag = 0x3f };
		struct doc *d = doc_new("view.yaml");
		struct error err;
		int rc = doc_parse(d, bad[i], strlen(bad[i]),
				   &DOC_LIMITS_SMALL, &err) ||
			sd_load_view(&toy, &st, d, d->root, "blue", &err);

		CHECK(rc != 0, "a broken view %zu is refused (%s)", i,
		      rc ? err.msg : "loaded");
		doc_free(d);
	}
}

/* Every field of fs and of its groups: whether one is not SD_ALL, and
 * the first whose names the state gives with no words for the page. */
static int walk(const struct sd_field *fs, int *hidden,
		const char **nameless)
{
	for (const struct sd_field *f = fs; f->key; f++) {
		const struct sd_field *v = f->type == SD_MAP ? f->sub : f;

		*hidden |= f->vis != SD_ALL;
		if (!*nameless && ((!f->names && (f->name_of || f->key_of ||
		    f->record_name || f->n_places) && !f->domain) || (v != f && !v->names &&
		    v->name_of && !v->domain)))
			*nameless = f->key;
		if (f->type == SD_GROUP)
			walk(f->sub, hidden, nameless);
	}
	return 0;
}

/* umpire-protocol(7) VIEWS, from the rulesets (tests/man-views.c puts it
 * in the page, make check-data compares): a game without views hides
 * nothing, names from the state are said in words, a game not declared
 * or its own fields are said to be so, and a copy of the Russo-German
 * War with a hand shown to all reads so. */
static void man_page(void)
{
	static const char *const sides[] = { "white", "black", NULL };
	const struct ruleset *rgw = ruleset_find("russo-german-war");
	struct ruleset rgw_copy, bare = { .id = "not-yet", .sides = sides };
	struct state_decl decl;
	struct sd_field fs[64];
	const struct ruleset *rs[3] = { NULL };
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	size_t n = 0, at = 0;
	char e[1024];

	for (size_t i = 0; rulesets[i]; i++) {
		int hidden = 0;
		const char *nameless = NULL;

		if (!rulesets[i]->state)
			continue;
		walk(rulesets[i]->state->fields, &hidden, &nameless);
		CHECK(rulesets[i]->view || !hidden, "%s has no views, so the "
		      "page says every side sees every field: it declares "
		      "none hidden", rulesets[i]->id);
		CHECK(!nameless, "%s: %s: names from the state are said in "
		      "words (.domain) on the page", rulesets[i]->id,
		      nameless ? nameless : "");
	}
	sd_views_man(rulesets, &a);
	CHECK(a.buf && strstr(a.buf, "\\fBrace\\-to\\-the\\-reichstag\\fP\n"
			      "Sides: \\fB1bf\\fP, \\fB1uf\\fP. A referee "
			      "holds the game file and sends\neach side "
			      "views. Not yet declared field by field") &&
	      strstr(a.buf, "\\fBbarrage\\fP") &&
	      !strstr(a.buf, "\\fBcup\\fP,"), "Race to the Reichstag: its "
	      "fields in the game's own form are listed as not yet declared, "
	      "and only those");
	rs[0] = &bare;
	strbuf_reset(&a);
	sd_views_man(rs, &a);
	CHECK(a.buf && strstr(a.buf, "Its state is not yet declared"),
	      "a game with no declaration is said to have none");

	CHECK(rgw && rgw->state, "the Russo-German War is declared");
	if (!rgw || !rgw->state)
		return;
	for (n = 0; rgw->state->fields[n].key && n < 63; n++) {
		fs[n] = rgw->state->fields[n];
		if (!strcmp(fs[n].key, "german-hand"))
			at = n;
	}
	fs[n] = (struct sd_field){ .key = NULL };
	decl = *rgw->state;
	decl.fields = fs;
	rgw_copy = *rgw;
	rgw_copy.state = &decl;
	rs[0] = rgw;
	strbuf_reset(&a);
	sd_views_man(rs, &a);
	fs[at].vis = SD_ALL;
	rs[0] = &rgw_copy;
	sd_views_man(rs, &b);
	CHECK(strstr(entry(a.buf, "\\fBgerman\\-hand\\fP", e, sizeof e),
		     "Only \\fBgerman\\fP sees it; another side's view holds "
		     "\\fBhidden:\\fP\\fIC\\fP.") != NULL, "the German hand "
	      "is the German's: %s", e);
	CHECK(strstr(entry(b.buf, "\\fBgerman\\-hand\\fP", e, sizeof e),
		     "Every side sees it.") != NULL, "a copy that shows it "
	      "says every side sees it: %s", e);
	strbuf_free(&a);
	strbuf_free(&b);
}

/* ---- places: a sparse mapping keyed by a town or a link ---- */

/* A toy route: tokens t1..t5 stand in towns (two at most, "down": one
 * face down), on the bridges of links, or in the pool; a walker is at a
 * town, maybe on the road toward another. */
struct route {
	int at, toward;               /* a town; toward: -1 when not */
	struct { int n; int c[2]; } town[4];
	int bridge[3];                /* a token on link l, or -1 */
	unsigned pool;
};

static const char *const towns[] = { "north", "east", "south", "west" };
static const char *const route_tokens[] = { "t1", "t2", "t3", "t4", "t5" };
static const int link_end[3][2] = { { 0, 1 }, { 1, 2 }, { 2, 3 } };

static const char *link_key(const void *st, int l, char *buf, size_t size)
{
	if (l >= 3)
		return NULL;
	snprintf(buf, size, "%s/%s", towns[link_end[l][0]],
		 towns[link_end[l][1]]);
	return buf;
}

static int is_bridge(const void *st, int l)
{
	return l != 0;                /* north/east is a ford */
}

static const struct sd_field town_value[] = {
	{ .key = "towns", .type = SD_LIST, .off = offsetof(struct route,
	  town[0]), .size = sizeof(int), .hi = 2, SD_NAMES(route_tokens, 5),
	  .flags = SDF_NONE, .none = -1, .none_word = "down" },
};

static const struct sd_field bridge_value[] = {
	{ .key = "bridges", .type = SD_NAME, SD_ELEM(struct route, bridge),
	  SD_NAMES(route_tokens, 5), .flags = SDF_NONE, .none = -1 },
};

static const struct sd_field route_fields[] = {
	{ .key = "at", .type = SD_NAME, SD_MEMBER(struct route, at),
	  SD_NAMES(towns, 4) },
	{ .key = "toward", .type = SD_NAME, SD_MEMBER(struct route, toward),
	  SD_NAMES(towns, 4), .flags = SDF_NONE | SDF_NONE_OMIT, .none = -1 },
	{ .key = "towns", .type = SD_MAP, .size = sizeof(((struct route *)0)
	  ->town[0]), SD_NAMES(towns, 4), .sub = town_value,
	  .flags = SDF_BLOCK },
	{ .key = "bridges", .type = SD_MAP, .size = sizeof(int),
	  .key_of = link_key, .accept = is_bridge, .sub = bridge_value },
	{ .key = "pool", .type = SD_BITS, SD_MEMBER(struct route, pool),
	  SD_NAMES(route_tokens, 5), .flags = SDF_REST },
	{ .key = NULL }
};

static const struct state_decl route = {
	"route", players, sizeof(struct route), route_fields, NULL,
	SDD_ONE_PLACE
};

static char *route_text(const char *text, struct route *st, char *msg,
			size_t size)
{
	struct doc *d = doc_new("route.yaml");
	struct error err;
	char *out = NULL;

	*st = (struct route){ .toward = -1, .bridge = { -1, -1, -1 },
			      .pool = 0x1f };
	if (doc_parse(d, text, strlen(text), &DOC_LIMITS_SMALL, &err) == 0 &&
	    sd_load(&route, st, d, d->root, &err) == 0)
		out = emit(sd_save(&route, st, d));
	else
		snprintf(msg, size, "%s", err.msg);
	doc_free(d);
	return out;
}

static void places(void)
{
	static const char *const refused[][2] = {
		{ "towns: {paris: [t1]}\n", "towns: 'paris' is not allowed "
		  "here (accepted: north, east, south, west)" },
		{ "bridges: {north/east: t1}\n", "bridges: 'north/east' is "
		  "not allowed here (accepted: east/south, south/west)" },
		{ "towns: {east: [t1, t2, t3]}\n", "towns: too many items" },
		{ "towns: {east: [t6]}\n", "towns: 't6' is not allowed here "
		  "(accepted: t1, t2, t3, t4, t5, down)" },
		{ "towns: {east: [t1]}\nbridges: {east/south: t1}\n",
		  "the t1 is in more than one place: towns and bridges" },
	};
	struct route st, back;
	char msg[512] = "", *a, *b;

	a = route_text("at: east\ntowns: {west: [t1], east: [t2, down]}\n"
		       "bridges: {south/west: t3, east/south: t4}\n", &st, msg,
		       sizeof msg);
	CHECK_STR(a, "at: east\ntowns:\n  east: [t2, down]\n  west: [t1]\n"
		  "bridges: {east/south: t4, south/west: t3}\npool: [t5]\n",
		  "places: only "
		  "the towns and bridges that hold something, in the order "
		  "of the places; toward left out when none; the pool holds "
		  "what no place does");
	b = a ? route_text(a, &back, msg, sizeof msg) : NULL;
	CHECK(a && b && strcmp(a, b) == 0 && !memcmp(&st, &back, sizeof st),
	      "places load back to the same state and bytes%s", msg);
	free(a);
	free(b);
	a = route_text("at: east\ntoward: south\ntowns: {}\n", &st, msg,
		       sizeof msg);
	CHECK(a && strstr(a, "toward: south\ntowns: {}\n"), "toward written "
	      "when set; an empty mapping of places stays: %s", a ? a : msg);
	free(a);
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		msg[0] = '\0';
		a = route_text(refused[i][0], &st, msg, sizeof msg);
		CHECK(!a && strstr(msg, refused[i][1]), "refused: %s (got "
		      "\"%s\")", refused[i][1], msg);
		free(a);
	}
}

/* ---- the stacks walked: an SD_PLACES field that says, with next_in,
 * which places may hold records (a map's many empty hexes passed over)
 * writes what one asking every place writes, and no place it skips ---- */

/* the first cell from cell on with a token on it, -1 for none */
static int cells_held(const void *vst, int arg, int cell)
{
	const struct toy *st = vst;

	for (; cell >= 0 && cell < 2; cell++)
		for (int i = 0; i < 4; i++)
			if (st->at[i] == cell + 1)
				return cell;
	return -1;
}

/* a walk that leaves out cell x, whatever is on it */
static int cell_y_only(const void *vst, int arg, int cell)
{
	return cell >= 0 && cell <= 1 ? 1 : -1;
}

#define WALKED(next) \
	{ TOKENS("tokens"), .record_save = token_cell, \
	  .record_load = token_cell_load }, \
	{ .key = "stacks", .type = SD_PLACES, SD_NAMES(cells, 2), \
	  .record_name = token, .vis = SD_RECORD, .record_sees = token_sees, \
	  .who_sees = SEEN, .records_at = tokens_at, \
	  .place_put = tokens_put, .hide = token_hide, .next_in = next }, \
	{ TOKENS("owner"), .record_save = token_owner, \
	  .record_load = token_owner_load }, \
	{ .key = NULL }

static const struct sd_field asked_fields[] = { WALKED(NULL) };
static const struct sd_field walked_fields[] = { WALKED(cells_held) };
static const struct sd_field y_fields[] = { WALKED(cell_y_only) };

/* The state of text saved and viewed by side (NULL: saved) under sd. */
static char *walked_text(const struct state_decl *sd, const char *text,
			 const char *side)
{
	struct doc *d = doc_new("walk.yaml");
	struct toy st = { .turn = 1 };
	unsigned char salt[32];
	struct redactor r;
	struct error err;
	char *out = NULL;

	memset(salt, 7, sizeof salt);
	redactor_init(&r, salt, side);
	if (doc_parse(d, text, strlen(text), &DOC_LIMITS_SMALL, &err) == 0 &&
	    sd_load(sd, &st, d, d->root, &err) == 0)
		out = emit(side ? sd_view(sd, &st, side, d, &r) :
			   sd_save(sd, &st, d));
	doc_free(d);
	return out;
}

static void places_walked(void)
{
	static const char *const positions[] = {
		("tokens: {t1: x, t2: x, t3: y, t4: y}\n"
		 "owner: {t1: red, t2: blue, t3: red, t4: red}\n"),
		"tokens: {t3: y, t4: y}\nowner: {t3: blue, t4: red}\n",
		"tokens: {t1: x}\nowner: {t1: blue}\n",
	};
	static const char *const readers[] = { NULL, "red", "blue" };
	const struct state_decl asked = { "walk", players, sizeof(struct toy),
					  asked_fields, NULL, 0 };
	const struct state_decl walked = { "walk", players,
					   sizeof(struct toy), walked_fields,
					   NULL, 0 };
	const struct state_decl y = { "walk", players, sizeof(struct toy),
				      y_fields, NULL, 0 };
	char *a, *b;

	for (size_t i = 0; i < sizeof positions / sizeof *positions; i++)
		for (size_t j = 0; j < 3; j++) {
			a = walked_text(&asked, positions[i], readers[j]);
			b = walked_text(&walked, positions[i], readers[j]);
			CHECK(a && b && !strcmp(a, b), "a walk over the cells "
			      "that hold tokens writes what asking every cell "
			      "writes (position %zu, %s): %s / %s", i,
			      readers[j] ? readers[j] : "saved", a ? a : "",
			      b ? b : "");
			free(a);
			free(b);
		}
	a = walked_text(&y, positions[0], NULL);
	CHECK(a && strstr(a, "stacks:\n  y: [t3, t4]\n") &&
	      !strstr(a, "  x:"), "a cell the walk skips is not asked: %s",
	      a ? a : "");
	free(a);
}

/* ---- a roll call: flags for more names than a mask holds, and the
 * scenario's data a position may give but the state never writes ---- */

enum { MEN = 100 };

struct roll {
	int size;                     /* given, not saved (SDF_INPUT) */
	unsigned char here[MEN];      /* SD_FLAGS: man i present */
	int seen;                     /* how often check was loaded */
	char names[MEN][8];           /* "m0".. (a roster's ids) */
	unsigned char late[MEN];      /* SD_SET: 2 late, 1 excused (never
					 written, kept on load) */
};

/* late men, named "#N" by a rule (SD_SET with n_places) */
static int n_men(const void *vst)
{
	return ((const struct roll *)vst)->size;
}

static const char *man_no(const void *st, int i, char buf[16])
{
	snprintf(buf, 16, "#%d", i);
	return buf;
}

static int man_of(const void *st, const char *s)
{
	return s[0] == '#' && s[1] >= '0' && s[1] <= '9' ? atoi(s + 1) : -1;
}

static int is_late(const void *vst, int arg, int i)
{
	return ((const struct roll *)vst)->late[i] == 2;
}

static void set_late(void *vst, int arg, int i, int on)
{
	struct roll *st = vst;

	if (on || st->late[i] == 2)
		st->late[i] = on ? 2 : 0;
}

static const char *man(const void *vst, int i)
{
	const struct roll *st = vst;

	return i < st->size ? st->names[i] : NULL;
}

static void roll_init(struct roll *st, int size)
{
	*st = (struct roll){ .size = size };
	for (int i = 0; i < MEN; i++)
		snprintf(st->names[i], sizeof st->names[i], "m%d", i);
}

static int roll_size(void *vst, const struct doc *d, const struct doc_node *n,
		     struct error *err)
{
	struct roll *st = vst;

	st->seen++;
	return doc_int_of(d, n, "size", 1, MEN, &(long long){ 0 }, err);
}

static const struct sd_field roll_fields[] = {
	{ .key = "size", .type = SD_INT, SD_MEMBER(struct roll, size),
	  .lo = 1, .hi = MEN, .flags = SDF_INPUT },
	{ .key = "check", .type = SD_CUSTOM, .load = roll_size,
	  .flags = SDF_INPUT },
	{ .key = "here", .type = SD_FLAGS, SD_ELEM(struct roll, here),
	  .name_of = man },
	{ .key = "late", .type = SD_SET, .n_places = n_men,
	  .place_name = man_no, .place_index = man_of, .in_set = is_late,
	  .set_item = set_late, .domain = "#N, a man of the roll" },
	{ .key = NULL }
};

static const struct state_decl roll = {
	"roll", players, sizeof(struct roll), roll_fields, NULL, 0
};

static char *roll_text(const char *text, struct roll *st, char *msg,
		       size_t size)
{
	struct doc *d = doc_new("roll.yaml");
	struct error err;
	char *out = NULL;

	if (doc_parse(d, text, strlen(text), &DOC_LIMITS_SMALL, &err) == 0 &&
	    sd_load(&roll, st, d, d->root, &err) == 0)
		out = emit(sd_save(&roll, st, d));
	else
		snprintf(msg, size, "%s", err.msg);
	doc_free(d);
	return out;
}

static void inputs_and_many_flags(void)
{
	struct roll st, back;
	struct strbuf sb = STRBUF_INIT;
	char msg[512] = "", *a, *b;

	roll_init(&st, 10);
	roll_init(&back, 10);

	a = roll_text("size: 90\ncheck: 3\nhere: [m2, m70, m89]\n", &st, msg,
		      sizeof msg);
	CHECK_STR(a, "here: [m2, m70, m89]\nlate: []\n", "input fields are read but "
		  "never written; flags past the 63rd name are kept");
	CHECK(st.size == 90 && st.seen == 1 && st.here[70] && st.here[89] &&
	      !st.here[63], "the input size and check were loaded: %d %d",
	      st.size, st.seen);
	b = a ? roll_text(a, &back, msg, sizeof msg) : NULL;
	CHECK(b == NULL && strstr(msg, "here: 'm70' is not allowed"),
	      "without the input, the saved flags name men the roll does not "
	      "have: %s", msg);
	free(b);
	back.size = 90;
	b = a ? roll_text(a, &back, msg, sizeof msg) : NULL;
	CHECK(a && b && !strcmp(a, b) && !memcmp(back.here, st.here,
						 sizeof st.here),
	      "onto a state of that size the flags load back: %s", msg);
	free(a);
	free(b);
	a = roll_text("here: [m70, m70]\n", &back, msg, sizeof msg);
	CHECK(!a && strstr(msg, "here: listed twice"), "a flag listed twice "
	      "is refused: %s", msg);
	free(a);
	a = roll_text("here: [m5]\n", &back, msg, sizeof msg);
	CHECK_STR(a, "here: [m5]\nlate: []\n", "a list given replaces the flags");
	free(a);
	st.late[3] = 1;
	a = roll_text("late: ['#7', '#2']\n", &st, msg, sizeof msg);
	CHECK(a && strstr(a, "late: ['#2', '#7']\n") && st.late[3] == 1 &&
	      st.late[7] == 2, "a set is written in item order, only what "
	      "in_set says; an item it leaves out is kept: %s", a ? a : msg);
	free(a);
	a = roll_text("late: ['#1']\n", &st, msg, sizeof msg);
	CHECK(a && strstr(a, "late: ['#1']\n") && !st.late[7] && !st.late[2],
	      "a set given replaces the one before: %s", a ? a : msg);
	free(a);
	a = roll_text("late: ['#95']\n", &st, msg, sizeof msg);
	CHECK(!a && strstr(msg, "roll.yaml:1: late: '#95' is not allowed "
			   "here (accepted: #N, a man of the roll)"),
	      "an item past the roll is refused, saying what is accepted: %s",
	      msg);
	free(a);
	sd_describe(&roll, &sb);
	CHECK(sb.buf && !strstr(sb.buf, "size") && strstr(sb.buf, "here"),
	      "an input field is in no view: %s", sb.buf ? sb.buf : "");
	strbuf_free(&sb);
}

/* SDF_SET_ADDS: a set whose set_item(..., 0) does nothing (a map's
 * hexsides, SD_HEXSIDES) is loaded with no such call for every item,
 * to the same state */
static int zero_calls;

static void mark_late(void *vst, int arg, int i, int on)
{
	if (on)
		((struct roll *)vst)->late[i] = 2;
	else
		zero_calls++;
}

static void set_adds(void)
{
	struct sd_field f[] = {
		{ .key = "late", .type = SD_SET, .n_places = n_men,
		  .place_name = man_no, .place_index = man_of,
		  .in_set = is_late, .set_item = mark_late,
		  .domain = "#N, a man of the roll" },
		{ .key = NULL }
	};
	struct state_decl sd = { "roll", players, sizeof(struct roll), f,
		NULL, 0 };
	struct roll plain, adds;
	struct doc *d = doc_new("roll.yaml");
	struct error err;
	int rc[2];

	roll_init(&plain, 10);
	plain.late[4] = 2;
	adds = plain;
	const char *text = "late: ['#7', '#2']\n";

	rc[0] = doc_parse(d, text, strlen(text), &DOC_LIMITS_SMALL, &err);
	rc[0] = rc[0] ? rc[0] : sd_load(&sd, &plain, d, d->root, &err);
	CHECK(rc[0] == 0 && zero_calls == 10, "without SDF_SET_ADDS every "
	      "item is taken out first: %d calls", zero_calls);
	zero_calls = 0;
	f[0].flags = SDF_SET_ADDS;
	rc[1] = sd_load(&sd, &adds, d, d->root, &err);
	CHECK(rc[1] == 0 && zero_calls == 0 && adds.late[4] == 2 &&
	      adds.late[7] == 2 && !memcmp(&plain, &adds, sizeof plain),
	      "with it, none is, and the state loaded is the same: %d calls",
	      zero_calls);
	doc_free(d);
}

/* SDD_FIXED_NAMES: the tables of names a load keeps are dropped when
 * an SDF_INPUT field, which may rename the records, is loaded */
static int mark_record(void *vst, int rec, const struct doc *d,
		       const struct doc_node *n, struct error *err)
{
	((struct roll *)vst)->here[rec]++;
	return 0;
}

static int rename_men(void *vst, const struct doc *d,
		      const struct doc_node *n, struct error *err)
{
	struct roll *st = vst;

	for (int i = 0; i < MEN; i++)
		snprintf(st->names[i], sizeof st->names[i], "n%d", i);
	return 0;
}

static void fixed_names(void)
{
	static const struct sd_field f[] = {
		{ .key = "a", .type = SD_RECORDS, .record_name = man,
		  .record_load = mark_record },
		{ .key = "rename", .type = SD_CUSTOM, .load = rename_men,
		  .flags = SDF_INPUT },
		{ .key = "b", .type = SD_RECORDS, .record_name = man,
		  .record_load = mark_record },
		{ .key = NULL }
	};
	const struct state_decl sd = { "roll", players, sizeof(struct roll),
		f, NULL, SDD_FIXED_NAMES };
	const char *text = "a: {m1: x, m2: x}\nrename: yes\nb: {n2: x}\n";
	struct doc *d = doc_new("roll.yaml");
	struct error err = { 0 };
	struct roll st;
	int rc;

	roll_init(&st, 10);
	rc = doc_parse(d, text, strlen(text), &DOC_LIMITS_SMALL, &err);
	rc = rc ? rc : sd_load(&sd, &st, d, d->root, &err);
	CHECK(rc == 0 && st.here[1] == 1 && st.here[2] == 2,
	      "the names an input field gives are those looked up after it: "
	      "%s", err.msg);
	doc_free(d);
}

int main(void)
{
	load_and_save();
	views();
	records();
	record_sets();
	hashes();
	errors();
	described();
	described_follows();
	bad_views();
	man_page();
	places();
	places_walked();
	inputs_and_many_flags();
	set_adds();
	fixed_names();
	return unit_done("statedecl");
}
