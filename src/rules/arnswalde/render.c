/*
 * render.c - Arnswalde 1945: the board as a picture (umpire render).
 *
 * Left, the town from north to south: the north and the south with their
 * Tigers and Soviet card stacks (bottom card left, face-down cards as
 * card backs), and the Central Square with its Tigers and refugee
 * markers. Right: the field workshop, the Tigers (and refugees) that
 * escaped and those removed, the morale track with the suits of boxes
 * 0-2 (provisional scenario data), the Soviet and judgement decks, the
 * hand, and the list of what the last step changed. The marks of the
 * step are drawn over the map: moves as arrows, combats as bursts.
 *
 * The game hides nothing (solitaire), so side changes nothing here.
 *
 * For the desk (svg.spots), over everything drawn: the places ("area"
 * north, south, center; "box" workshop, escaped, eliminated), then the
 * pieces an answer names: the refugee markers waiting ("unit"
 * "refugee") and every card on the table ("card", its id: "9h", "down"
 * for a face-down Soviet card).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "umpire/svg.h"
#include "arnswalde.h"

enum {
	W = 960, H = 640,
	CARD_W = 40, CARD_H = 56,
	COUNTER = 40,
	MARK_LINES = 5,
	/* the Soviet stack of an area: from (STACK_X, the area's top +
	 * STACK_DY), STACK_W wide, cards STACK_STEP apart at most */
	STACK_X = 32, STACK_DY = 86, STACK_W = 556, STACK_STEP = 34,
	/* the hand and the cards being resolved, right of the town */
	HAND_X = 620, HAND_Y = 410, TABLE_Y = 490, HAND_W = 320,
	HAND_STEP = 30,
	/* the offensive reminder */
	OFFENSIVE_X = 850, OFFENSIVE_Y = 340,
	/* the refugee markers in the Central Square: from its top + */
	REFUGEE_X = 32, REFUGEE_DY = 102, REFUGEE_STEP = 46
};

/* Where each place is drawn. */
struct box {
	double x, y, w, h;
};

static const struct box place_box[PLACES] = {
	[NORTH] = { 20, 20, 580, 170 }, [CENTER] = { 20, 210, 580, 150 },
	[SOUTH] = { 20, 380, 580, 170 }, [WORKSHOP] = { 620, 20, 320, 90 },
	[ESCAPED] = { 620, 120, 155, 90 },
	[ELIMINATED] = { 785, 120, 155, 90 }
};

#define INK "#222222"
#define RED "#c0392b"

static const struct svg_style paper = { "#f4efe1", "#8c7f62", 1, NULL, 0 };
static const struct svg_style area_style = { "#e6dcc3", "#6b5f45", 2,
	NULL, 0 };
static const struct svg_style square_style = { "#ddd3b8", "#6b5f45", 2,
	NULL, 0 };
static const struct svg_style box_style = { "#ebe4d2", "#6b5f45", 1.5,
	NULL, 0 };
static const struct svg_style out_style = { "#ebe4d2", "#6b5f45", 1.5,
	"5 3", 0 };
static const struct svg_style face_style = { "#ffffff", "#333333", 1,
	NULL, 0 };
static const struct svg_style soviet_back = { "#7a1f1f", "#333333", 1,
	NULL, 0 };
static const struct svg_style judge_back = { "#1f3f7a", "#333333", 1,
	NULL, 0 };
static const struct svg_style back_frame = { "none", "#e8c9a0", 1,
	NULL, 0 };
static const struct svg_style star_style = { "#e8c060", NULL, 0, NULL, 0 };
static const struct svg_style tiger_style = { "#7d8a5a", "#2e3520", 1.5,
	NULL, 0 };
static const struct svg_style hull_style = { "#3c4528", NULL, 0, NULL, 0 };
static const struct svg_style barrel_style = { "none", "#3c4528", 3,
	NULL, 0 };
static const struct svg_style refugee_style = { "#e9c46a", "#7a5c12", 1.5,
	NULL, 0 };
static const struct svg_style empty_style = { "none", "#7a5c12", 1, "3 3",
	0 };
static const struct svg_style morale_style = { "#efe6cf", "#6b5f45", 1.5,
	NULL, 0 };
static const struct svg_style morale_now = { RED, "#6b1d14", 2.5, NULL, 0 };

/* UTF-8 suit symbols, indexed by enum suit. */
static const char *const suit_symbols[] = { "\xe2\x99\xa0",
	"\xe2\x99\xa5", "\xe2\x99\xa6", "\xe2\x99\xa3", "*" };

/* ---- pieces ---- */

static void card_back(struct svg *s, double x, double y,
		      const struct svg_style *back, const char *title)
{
	svg_group(s, title);
	svg_rect(s, x, y, CARD_W, CARD_H, 4, back);
	svg_rect(s, x + 4, y + 4, CARD_W - 8, CARD_H - 8, 2, &back_frame);
	svg_star(s, x + CARD_W / 2.0, y + CARD_H / 2.0, 9, &star_style);
	svg_end_group(s);
}

static void card_face(struct svg *s, double x, double y, card k)
{
	char rank[8], title[32];
	const char *label = card_label(k);
	const char *colour = is_joker(k) ? "#6a1b9a" : is_red(k) ? RED : INK;
	enum suit su = card_suit(k);

	snprintf(rank, sizeof rank, "%s", label);
	if (!is_joker(k) && strlen(rank) > 1)
		rank[strlen(rank) - 1] = '\0';
	snprintf(title, sizeof title, "card %s", label);
	svg_group(s, title);
	svg_rect(s, x, y, CARD_W, CARD_H, 4, &face_style);
	svg_text(s, x + 4, y + 14, 12, "start", colour, rank);
	svg_text(s, x + CARD_W / 2.0, y + 42, 22, "middle", colour,
		 is_joker(k) ? "JK" : suit_symbols[su]);
	svg_end_group(s);
}

static void tiger(struct svg *s, double x, double y, double size)
{
	double k = size / COUNTER;

	svg_group(s, "King Tiger (Tiger II)");
	svg_rect(s, x, y, size, size, 3 * k, &tiger_style);
	svg_rect(s, x + 6 * k, y + 17 * k, 28 * k, 11 * k, 2 * k,
		 &hull_style);
	svg_circle(s, x + 18 * k, y + 17 * k, 6 * k, &hull_style);
	svg_line(s, x + 22 * k, y + 16 * k, x + 37 * k, y + 12 * k,
		 &barrel_style);
	if (size >= 30)
		svg_text(s, x + size / 2, y + 37 * k, 8 * k, "middle",
			 "#ffffff", "Tiger II");
	svg_end_group(s);
}

static void refugee(struct svg *s, double x, double y, double size,
		    int present)
{
	double k = size / COUNTER;

	if (!present) {
		svg_rect(s, x, y, size, size, 3 * k, &empty_style);
		return;
	}
	svg_group(s, "refugee marker");
	svg_rect(s, x, y, size, size, 3 * k, &refugee_style);
	svg_circle(s, x + 20 * k, y + 11 * k, 5 * k, &hull_style);
	svg_rect(s, x + 13 * k, y + 17 * k, 14 * k, 11 * k, 3 * k,
		 &hull_style);
	if (size >= 30)
		svg_text(s, x + size / 2, y + 37 * k, 7 * k, "middle",
			 INK, "refugees");
	svg_end_group(s);
}

/* n Tigers in a row from (x, y), at most width wide. */
static void tiger_row(struct svg *s, double x, double y, double width,
		      int n, double size)
{
	double step = size + 6;
	int i;

	if (n > 1 && (n - 1) * step + size > width)
		step = (width - size) / (n - 1);
	for (i = 0; i < n; i++)
		tiger(s, x + i * step, y, size);
}

/* How far apart n cards lie in a row within width. */
static double row_step(size_t n, double width, double max_step)
{
	if (n > 1 && (double)(n - 1) * max_step + CARD_W > width)
		return (width - CARD_W) / (double)(n - 1);
	return max_step;
}

/* A row of face-up cards (or backs for CARD_DOWN) within width. */
static void card_row(struct svg *s, double x, double y, double width,
		     const card *c, size_t n, double max_step)
{
	double step = row_step(n, width, max_step);
	size_t i;

	for (i = 0; i < n; i++) {
		if (c[i] == CARD_DOWN)
			card_back(s, x + (double)i * step, y, &soviet_back,
				  "face-down Soviet card");
		else
			card_face(s, x + (double)i * step, y, c[i]);
	}
}

/* ---- areas ---- */

static void place_rect(struct svg *s, int p, const struct svg_style *st)
{
	svg_rect(s, place_box[p].x, place_box[p].y, place_box[p].w,
		 place_box[p].h, 6, st);
}

static void town_area(struct svg *s, const struct arn *st, int a)
{
	const struct stack *sk = &st->soviet[a];
	double y = place_box[a].y;
	char line[80];

	svg_group(s, a == NORTH ? "the north" : "the south");
	place_rect(s, a, &area_style);
	svg_text(s, 32, y + 22, 16, "start", INK,
		 a == NORTH ? "North" : "South");
	snprintf(line, sizeof line, "%d Tiger%s", st->tigers[a],
		 st->tigers[a] == 1 ? "" : "s");
	svg_text(s, 588, y + 22, 12, "end", INK, line);
	tiger_row(s, 100, y + 8, 400, st->tigers[a], COUNTER);
	snprintf(line, sizeof line, "Soviet cards (%zu), bottom to top:",
		 sk->n);
	svg_text(s, 32, y + 78, 11, "start", "#4a4030", line);
	card_row(s, STACK_X, y + STACK_DY, STACK_W, sk->c, sk->n, STACK_STEP);
	if (sk->n == 0)
		svg_text(s, 32, y + 118, 12, "start", "#8c7f62",
			 "no Soviet card");
	svg_end_group(s);
}

static void central_square(struct svg *s, const struct arn *st)
{
	double y = place_box[CENTER].y;
	char line[80];
	int i;

	svg_group(s, "the Central Square");
	place_rect(s, CENTER, &square_style);
	svg_text(s, 32, y + 22, 16, "start", INK, "Central Square");
	snprintf(line, sizeof line, "%d Tiger%s", st->tigers[CENTER],
		 st->tigers[CENTER] == 1 ? "" : "s");
	svg_text(s, 588, y + 22, 12, "end", INK, line);
	tiger_row(s, 32, y + 34, 556, st->tigers[CENTER], COUNTER);
	snprintf(line, sizeof line, "Refugee markers: %d waiting, %d "
		 "escaped", st->refugees[0], st->refugees[1]);
	svg_text(s, 32, y + 96, 11, "start", "#4a4030", line);
	for (i = 0; i < REFUGEES; i++)
		refugee(s, REFUGEE_X + i * REFUGEE_STEP, y + REFUGEE_DY,
			COUNTER, i < st->refugees[0]);
	svg_end_group(s);
}

static void side_boxes(struct svg *s, const struct arn *st)
{
	char line[64];
	int i;

	svg_group(s, "the field workshop");
	place_rect(s, WORKSHOP, &box_style);
	svg_text(s, 630, 38, 13, "start", INK, "Field workshop");
	snprintf(line, sizeof line, "%d damaged", st->tigers[WORKSHOP]);
	svg_text(s, 930, 38, 11, "end", INK, line);
	tiger_row(s, 630, 48, 300, st->tigers[WORKSHOP], 36);
	svg_end_group(s);

	svg_group(s, "out of town: escaped north");
	place_rect(s, ESCAPED, &out_style);
	svg_text(s, 628, 137, 12, "start", INK, "Escaped north");
	snprintf(line, sizeof line, "%d Tiger%s", st->tigers[ESCAPED],
		 st->tigers[ESCAPED] == 1 ? "" : "s");
	svg_text(s, 628, 152, 10, "start", INK, line);
	tiger_row(s, 628, 158, 140, st->tigers[ESCAPED], 20);
	for (i = 0; i < st->refugees[1]; i++)
		refugee(s, 628 + i * 24, 184, 20, 1);
	svg_end_group(s);

	svg_group(s, "removed from the game");
	place_rect(s, ELIMINATED, &out_style);
	svg_text(s, 793, 137, 12, "start", INK, "Removed");
	snprintf(line, sizeof line, "%d Tiger%s", st->tigers[ELIMINATED],
		 st->tigers[ELIMINATED] == 1 ? "" : "s");
	svg_text(s, 793, 152, 10, "start", INK, line);
	tiger_row(s, 793, 158, 140, st->tigers[ELIMINATED], 20);
	svg_end_group(s);
}

static void morale_track(struct svg *s, const struct arn *st)
{
	char num[8], suits[32];
	int b, su;

	svg_group(s, "garrison morale (4.1)");
	svg_text(s, 620, 234, 13, "start", INK, "Morale");
	svg_text(s, 940, 234, 10, "end", RED,
		 "suits on boxes 0-2: PROVISIONAL");
	for (b = 0; b <= MORALE_MAX; b++) {
		double x = 620 + b * 54;
		int now = b == st->morale;

		snprintf(num, sizeof num, "%d", b);
		svg_rect(s, x, 242, 50, 54, 4, now ? &morale_now :
			 &morale_style);
		svg_text(s, x + 25, 264, 18, "middle",
			 now ? "#ffffff" : INK, num);
		suits[0] = '\0';
		for (su = SUIT_S; b < SURRENDER_BOXES && su <= SUIT_C; su++)
			if (st->surrender_suits[b] & 1u << su)
				strcat(suits, suit_symbols[su]);
		if (suits[0])
			svg_text(s, x + 25, 288, 13, "middle",
				 now ? "#ffffff" : RED, suits);
	}
	svg_end_group(s);
}

/* The cards being resolved, then the extra-action reminders, as one
 * row: into both (2 * PILE_MAX); returns their number. */
static size_t table_cards(const struct arn *st, card *both)
{
	memcpy(both, st->table.c, st->table.n);
	memcpy(both + st->table.n, st->extra.c, st->extra.n);
	return st->table.n + st->extra.n;
}

static void decks(struct svg *s, const struct arn *st)
{
	char line[64];

	svg_group(s, "the decks");
	snprintf(line, sizeof line, "Soviet deck: %zu", arn_soviet_deck_left(st));
	card_back(s, 620, 322, &soviet_back, line);
	svg_text(s, 620, 316, 11, "start", INK, line);
	snprintf(line, sizeof line, "Judgement: %zu", st->deck.n);
	card_back(s, 735, 322, &judge_back, line);
	svg_text(s, 735, 316, 11, "start", INK, line);
	snprintf(line, sizeof line, "Discards: %zu", st->discard.n);
	svg_text(s, 850, 316, 11, "start", INK, line);
	if (st->offensive != CARD_NONE) {
		svg_text(s, OFFENSIVE_X, 334, 10, "start", RED, "offensive:");
		card_face(s, OFFENSIVE_X, OFFENSIVE_Y, st->offensive);
	}
	svg_end_group(s);

	svg_group(s, "the hand");
	snprintf(line, sizeof line, "Hand (%zu)", st->hand.n);
	svg_text(s, 620, 404, 11, "start", INK, line);
	card_row(s, HAND_X, HAND_Y, HAND_W, st->hand.c, st->hand.n,
		 HAND_STEP);
	if (st->hand.n == 0)
		svg_text(s, 620, 440, 11, "start", "#8c7f62", "empty");
	if (st->table.n + st->extra.n > 0) {
		card both[2 * PILE_MAX];
		size_t n = table_cards(st, both);
		snprintf(line, sizeof line, "Being resolved (%zu), extra "
			 "actions (%zu)", st->table.n, st->extra.n);
		svg_text(s, 620, 484, 11, "start", INK, line);
		card_row(s, HAND_X, TABLE_Y, HAND_W, both, n, HAND_STEP);
	}
	svg_end_group(s);
}

/* ---- marks ---- */

struct anchor {
	const char *place;
	double x, y;
};

static const struct anchor anchors[] = {
	{ "north", 500, 105 }, { "center", 500, 285 },
	{ "south", 500, 465 }, { "workshop", 780, 72 },
	{ "escaped", 697, 180 }, { "eliminated", 862, 180 }
};

static const struct anchor *anchor_of(const char *place)
{
	size_t i;

	for (i = 0; i < sizeof anchors / sizeof anchors[0]; i++)
		if (strcmp(anchors[i].place, place) == 0)
			return &anchors[i];
	return NULL;
}

/* Mark i of marks: a move is an arrow (the k-th between the same two
 * places is drawn beside the others); anything else is drawn at its
 * place (the k-th there a little to the right, its label lower). */
static void draw_mark(struct svg *s, const struct mark *marks, size_t i)
{
	const struct mark *m = &marks[i];
	const struct anchor *a = anchor_of(m->from), *b = anchor_of(m->to);
	int move = strcmp(m->kind, "move") == 0 && b;
	double k = 0, x, y;
	char title[128];
	size_t j;

	if (!a)
		return;
	for (j = 0; j < i; j++)
		if (strcmp(marks[j].from, m->from) == 0 &&
		    (strcmp(marks[j].kind, "move") == 0) == move &&
		    (!move || strcmp(marks[j].to, m->to) == 0))
			k++;
	snprintf(title, sizeof title, "%s: %s", m->kind, m->label);
	svg_group(s, title);
	x = a->x + 26 * k;
	y = a->y;
	if (move) {
		struct svg_seg g = svg_seg_between(a->x, a->y, b->x, b->y, 26,
						   18 * k);

		svg_arrow(s, g.x1, g.y1, g.x2, g.y2, &svg_mark_arrow);
		svg_mark_label(s, (g.x1 + g.x2) / 2, (g.y1 + g.y2) / 2 + 4,
			       m->label);
	} else if (strcmp(m->kind, "combat") == 0) {
		svg_star(s, x, y, 20, &svg_mark_burst);
		svg_mark_label(s, a->x, y + 34 + 16 * k, m->label);
	} else if (strcmp(m->kind, "lost") == 0) {
		svg_line(s, x - 14, y - 14, x + 14, y + 14, &svg_mark_lost);
		svg_line(s, x - 14, y + 14, x + 14, y - 14, &svg_mark_lost);
		svg_mark_label(s, a->x, y + 30 + 16 * k, m->label);
	} else {
		svg_circle(s, x, y, 18, &svg_mark_placed);
		svg_mark_label(s, a->x, y + 32 + 16 * k, m->label);
	}
	svg_end_group(s);
}

static void mark_list(struct svg *s, const struct mark *marks, size_t n)
{
	char line[128];
	size_t i;

	svg_group(s, "what the last step changed");
	svg_text(s, 620, 568, 12, "start", INK, "Last step:");
	if (n == 0)
		svg_text(s, 690, 568, 11, "start", "#8c7f62",
			 "nothing moved");
	for (i = 0; i < n && i < MARK_LINES; i++) {
		const struct mark *m = &marks[i];
		if (strcmp(m->kind, "move") == 0)
			snprintf(line, sizeof line, "%s: %s to %s", m->label,
				 m->from, m->to);
		else
			snprintf(line, sizeof line, "%s (%s): %s", m->kind,
				 m->from, m->label);
		if (i + 1 == MARK_LINES && n > MARK_LINES)
			snprintf(line, sizeof line, "... and %zu more",
				 n - MARK_LINES + 1);
		svg_text(s, 628, 584 + (double)i * 12, 10, "start", INK,
			 line);
	}
	svg_end_group(s);
}

/* ---- the desk's spots ---- */

/* A spot on each card of a row laid out as card_row lays it. */
static void row_spots(struct svg *s, double x, double y, double width,
		      const card *c, size_t n, double max_step)
{
	double step = row_step(n, width, max_step);
	char id[8];
	size_t i;

	for (i = 0; i < n; i++) {
		card_id(c[i], id, sizeof id);
		svg_spot(s, "card", id, x + (double)i * step, y, CARD_W,
			 CARD_H);
	}
}

static void spots(struct svg *s, const struct arn *st)
{
	card both[2 * PILE_MAX];
	char id[8];
	int p, a, i;

	if (!s->spots)
		return;   /* nothing to draw: spare the work */
	for (p = 0; p < PLACES; p++)
		svg_spot(s, arn_place_kinds[p], arn_place_names[p],
			 place_box[p].x, place_box[p].y, place_box[p].w,
			 place_box[p].h);
	for (i = 0; i < st->refugees[0]; i++)
		svg_spot(s, "unit", "refugee", REFUGEE_X + i * REFUGEE_STEP,
			 place_box[CENTER].y + REFUGEE_DY, COUNTER, COUNTER);
	for (a = NORTH; a <= SOUTH; a++)
		row_spots(s, STACK_X, place_box[a].y + STACK_DY, STACK_W,
			  st->soviet[a].c, st->soviet[a].n, STACK_STEP);
	if (st->offensive != CARD_NONE) {
		card_id(st->offensive, id, sizeof id);
		svg_spot(s, "card", id, OFFENSIVE_X, OFFENSIVE_Y, CARD_W,
			 CARD_H);
	}
	row_spots(s, HAND_X, HAND_Y, HAND_W, st->hand.c, st->hand.n,
		  HAND_STEP);
	row_spots(s, HAND_X, TABLE_Y, HAND_W, both, table_cards(st, both),
		  HAND_STEP);
}

void arn_render(const void *vst, const char *side, const struct mark *marks,
		size_t n_marks, struct svg *out)
{
	const struct arn *st = vst;
	char line[96];
	size_t i;

	(void)side; /* nothing is hidden */
	snprintf(line, sizeof line, "Arnswalde 1945, turn %d: %s", st->turn,
		 arn_phase_titles[st->phase]);
	svg_begin(out, W, H, line);
	svg_rect(out, 0, 0, W, H, 0, &paper);
	town_area(out, st, NORTH);
	central_square(out, st);
	town_area(out, st, SOUTH);
	if (st->phase == PH_ACTION)
		snprintf(line + strlen(line), sizeof line - strlen(line),
			 ", %d action%s left", st->actions_left,
			 st->actions_left == 1 ? "" : "s");
	svg_text(out, 20, 596, 13, "start", INK, line + strlen("Arnswalde "
		 "1945, "));
	svg_text(out, 20, 616, 10, "start", "#6b5f45", "North is up; the "
		 "relief comes from the north.");
	side_boxes(out, st);
	morale_track(out, st);
	decks(out, st);
	mark_list(out, marks, n_marks);
	for (i = 0; i < n_marks; i++)
		draw_mark(out, marks, i);
	spots(out, st);
}
