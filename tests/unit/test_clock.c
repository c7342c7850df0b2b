/*
 * test_clock.c - a game's clock as umpire new and the config read it
 * (clock.h): durations, their one written form, the settings and their
 * refusals, the test clock's hook.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/clock.h"
#include "umpire/rules.h"
#include "unit.h"

static long long dur(const char *s)
{
	long long v = -7;
	return clock_duration(s, &v) ? -1 : v;
}

static const char *str(long long s)
{
	static char buf[32];
	clock_duration_str(s, buf, sizeof buf);
	return buf;
}

int main(void)
{
	struct game_clock c;
	struct error err;
	time_t now;
	int test;

	CHECK(dur("72h") == 259200, "72h is 259200 s");
	CHECK(dur("3d") == 259200, "3d is 72h");
	CHECK(dur("90m") == 5400, "90m");
	CHECK(dur("45s") == 45 && dur("45") == 45, "45s and a bare 45");
	CHECK(dur("0s") == 0, "0s");
	CHECK(dur("366d") == 366LL * 86400, "366d, the longest");
	CHECK(dur("367d") == -1 && dur("8785h") == -1, "over a year refused");
	CHECK(dur("") == -1 && dur("h") == -1 && dur("-1h") == -1 &&
	      dur("1w") == -1 && dur("1hh") == -1 && dur(" 1h") == -1 &&
	      dur("1.5h") == -1 && dur("99999999999999999999d") == -1,
	      "no other text is a duration");
	CHECK_STR(str(259200), "72h", "whole hours are written in hours");
	CHECK_STR(str(5400), "90m", "whole minutes in minutes");
	CHECK_STR(str(45), "45s", "else seconds");
	CHECK_STR(str(0), "0s", "nothing is 0s");
	for (long long s = 0; s < 200000; s += 1733)
		if (dur(str(s)) != s)
			CHECK(0, "%lld s written and read back", s);

	memset(&c, 0, sizeof c);
	CHECK(clock_setting(&c, "deadline", "2d", "--set", &err) == 1 &&
	      c.deadline == 172800, "deadline=2d");
	CHECK(clock_setting(&c, "on-late", "forfeit", "--set", &err) == 1 &&
	      c.on_late == LATE_FORFEIT, "on-late=forfeit");
	CHECK(clock_setting(&c, "on_late", "wait", "[judge]", &err) == 1 &&
	      c.on_late == LATE_WAIT, "on_late=wait (the config's spelling)");
	CHECK(clock_setting(&c, "difficulty", "low", "--set", &err) == 0,
	      "a scenario option is no clock's");
	CHECK(clock_setting(&c, "deadline", "0s", "--set", &err) == -1 &&
	      strstr(err.msg, "a deadline more than 0"),
	      "a deadline of nothing refused: %s", err.msg);
	CHECK(clock_setting(&c, "on-late", "standing", "--set", &err) == 1 &&
	      c.on_late == LATE_STANDING, "on-late=standing");
	/* standing, where the rules give late answers (rules.h) */
	c.set = 1;
	CHECK(clock_check_scenario(&c, ruleset_find("race-to-the-reichstag"),
				   &err) == 0, "standing: Race to the Reichstag "
	      "has late answers");
	CHECK(clock_check_scenario(&c, ruleset_find("arnswalde-1945"),
				   &err) == -1 &&
	      strstr(err.msg, "give no late answers (a game of one side"),
	      "standing refused for a solitaire, and why: %s", err.msg);
	c.on_late = LATE_WAIT;
	CHECK(clock_check_scenario(&c, ruleset_find("arnswalde-1945"),
				   &err) == 0, "wait: any rules");
	c.set = 0;
	CHECK(clock_setting(&c, "on-late", "later", "--set", &err) == -1 &&
	      strstr(err.msg, "one of wait, standing, forfeit"),
	      "on-late's words");
	c = (struct game_clock){ 1, 3600, 3600, 0, LATE_WAIT, 0 };
	CHECK(clock_check_settings(&c, &err) == -1,
	      "a reminder not before the deadline refused");
	c.remind = 0;
	CHECK(clock_check_settings(&c, &err) == 0, "remind=0s: no reminder");
	/* the least the judge keeps */
	CHECK(clock_check_minima(&c, &err) == 0, "1h, 0s, 0s: kept");
	c.deadline = 3599;
	CHECK(clock_check_minima(&c, &err) == -1 &&
	      strstr(err.msg, "deadline=3599s is shorter than the judge "
		     "keeps: deadline is at least 1h"), "a deadline < 1h");
	c.deadline = 3600;
	c.grace = 60;
	CHECK(clock_check_minima(&c, &err) == -1 &&
	      strstr(err.msg, "grace is at least 15m (or 0s: none)"),
	      "a grace of a minute");
	c.grace = 900;
	c.remind = 899;
	CHECK(clock_check_minima(&c, &err) == -1 &&
	      strstr(err.msg, "remind=899s"), "a reminder < 15m");
	/* forfeit_after: 1 to 100, 3 when not given */
	CHECK(clock_forfeit_after(&c) == CLOCK_FORFEIT_AFTER &&
	      CLOCK_FORFEIT_AFTER == 3, "forfeit_after's default");
	CHECK(clock_setting(&c, "forfeit-after", "5", "--set", &err) == 1 &&
	      clock_forfeit_after(&c) == 5, "forfeit-after=5");
	CHECK(clock_setting(&c, "forfeit_after", "0", "[judge]", &err) == -1 &&
	      strstr(err.msg, "a whole number from 1 to 100"),
	      "forfeit_after=0 refused");
	CHECK(clock_setting(&c, "forfeit-after", "101", "--set", &err) == -1,
	      "forfeit-after=101 refused");

	unsetenv(CLOCK_TEST_ENV);
	CHECK(clock_now(&now, &test, &err) == 0 && !test && now > 1700000000,
	      "without the hook: the system's time, unmarked");
	setenv(CLOCK_TEST_ENV, "1800000000", 1);
	CHECK(clock_now(&now, &test, &err) == 0 && test && now == 1800000000,
	      "the test hook's time, marked");
	setenv(CLOCK_TEST_ENV, "tomorrow", 1);
	CHECK(clock_now(&now, &test, &err) == -1 &&
	      strstr(err.msg, "UMPIRE_TEST_NOW=tomorrow"),
	      "a test clock that is no time refused");
	char ts[21];
	clock_time_str(1800000000, ts);
	CHECK_STR(ts, "2027-01-15T08:00:00Z", "a time's one text");
	return unit_done("test_clock");
}
