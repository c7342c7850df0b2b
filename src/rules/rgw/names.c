/*
 * names.c - Russo-German War: the names of the cards, sides, phases and
 * results, as the state, the questions and the reports write them, and
 * what a card is worth (2.1). The bottom layer: it uses no other file of
 * the module.
 */
#include <string.h>
#include "rgw.h"

const char *const rgw_card_names[RGW_CARDS] = { "n1", "n2", "n3", "n4",
	"n5", "n6", "n7", "n7g", "x1", "x2", "a1941", "a1942", "a1943",
	"a1944", "a1945" };
/* also the ruleset's list of sides, ended by NULL */
const char *const rgw_side_names[3] = { "german", "soviet", NULL };
const char *const rgw_side_titles[2] = { "German", "Soviet" };
const char *const rgw_phase_names[PHASES] = { "start", "action", "answer",
	"advance", "discard", "extra-draw", "year-end", "over" };
const char *const rgw_result_names[RESULTS] = { "none", "german-collapse",
	"soviet-collapse", "german-verdict", "soviet-verdict" };

/* the phases as the report and the picture title them */
const char *const rgw_phase_titles[PHASES] = { "set-up (3.0)",
	"turn (4.0)", "normal war, awaiting the answer (4.1)",
	"normal war, moving the marker (4.1)",
	"normal war, discards at the capital (4.1)",
	"supply, extra draw (4.2)", "year end (5.0)", "game over" };

int rgw_card_parse(const char *s)
{
	int i;

	for (i = 0; i < RGW_CARDS; i++)
		if (strcmp(s, rgw_card_names[i]) == 0)
			return i;
	return -1;
}

/* 2.1: normal-war cards 1-7; annihilation cards 2-6 (1941-1945). */
int rgw_value(int c)
{
	if (c >= 0 && c < C_N7G)
		return c + 1;
	if (c == C_N7G)
		return 7;
	if (c >= C_A1941 && c <= C_A1945)
		return c - C_A1941 + 2;
	return 0;
}

int rgw_count(cardset s)
{
	int n = 0;

	for (; s; s &= (cardset)(s - 1))
		n++;
	return n;
}

int rgw_year_card(int year)
{
	return C_A1941 + year - FIRST_YEAR;
}
