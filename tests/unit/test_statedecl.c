/*
 * test_statedecl.c - a sixth game, built from a declaration alone
 * (include/umpire/statedecl.h): two players hold tiles a..f, each sees
 * his own hand, nobody sees the bag. Load, save, each side's view with
 * its commitments, the stand-ins of a view, the hash and the errors all
 * come from the table below; the toy game has no state code of its own.
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
	"red-hand: [b, a]\nblue-hand: [e]\ndiscard: [f]\n";
static const char saved[] = "turn: 3\nplayer: blue\nred-hand: [a, b]\n"
	"blue-hand: [e]\nhand-count: {red: 2, blue: 1}\nbag: [c, d]\n"
	"discard: [f]\n";

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
	/* the red view: blue's hand is commitment 0, the bag 1 */
	redactor_init(&r2, salt, "red");
	struct doc_node *want_view = doc_copy_top(d, full);
	doc_put(d, want_view, "blue-hand", redact(&r2, d,
		doc_get(full, "blue-hand")));
	doc_put(d, want_view, "bag", redact(&r2, d, doc_get(full, "bag")));
	want = emit(want_view);
	CHECK_STR(red, want, "red's view: his hand shown, blue's hand and "
		  "the bag committed in declaration order");
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
		  "blue-hand, hand-count, bag, discard)" },
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

static void described(void)
{
	struct strbuf sb = STRBUF_INIT;

	sd_describe(&toy, &sb);
	CHECK(sb.buf && strstr(sb.buf, "red-hand: a set of words; shown "
			       "to red only\n") &&
	      strstr(sb.buf, "bag: a set of words; hidden from every "
		     "side\n"), "what a view holds and hides, from the "
	      "declaration:\n%s", sb.buf ? sb.buf : "");
	strbuf_free(&sb);
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

/* umpire-protocol(7) VIEWS holds what umpire scenarios --views makes
 * from the rulesets' declarations, word for word. */
static void man_page(void)
{
	static const char begin[] = ".\\\" made by umpire scenarios --views";
	static const char end[] = "makes\n";
	static char page[1 << 18];
	struct strbuf sb = STRBUF_INIT;
	FILE *f = fopen("man/umpire-protocol.7", "r");
	size_t n = f ? fread(page, 1, sizeof page - 1, f) : 0;
	char *a, *b;

	if (f)
		fclose(f);
	page[n] = '\0';
	sd_views_man(rulesets, &sb);
	a = strstr(page, begin);
	b = a ? strstr(a, end) : NULL;
	if (b)
		b[sizeof end - 1] = '\0';
	CHECK(a && b && sb.buf && strcmp(a, sb.buf) == 0,
	      "umpire-protocol(7) VIEWS is what umpire scenarios --views "
	      "makes (run it and paste its output there):\n%s",
	      sb.buf ? sb.buf : "");
	CHECK(sb.buf && strstr(sb.buf, "german\\-hand: a set of words; "
			       "shown to german only\n") &&
	      strstr(sb.buf, "deck: a set of words; hidden from every "
		     "side\n"), "the Russo-German War's hands and deck, as "
	      "its declaration says");
	strbuf_free(&sb);
}

int main(void)
{
	load_and_save();
	views();
	hashes();
	errors();
	described();
	bad_views();
	man_page();
	return unit_done("statedecl");
}
