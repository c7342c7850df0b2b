/*
 * unit.h - a tiny TAP-style harness for the unit tests.
 * Each test program prints "ok N - what" / "not ok N - what" lines and a
 * closing "N passed, N failed" line, and exits non-zero on any failure.
 */
#ifndef UMPIRE_UNIT_H
#define UMPIRE_UNIT_H

#include <stdio.h>
#include <string.h>

static int unit_pass, unit_fail;

#define CHECK(cond, ...) do { \
	if (cond) { unit_pass++; printf("ok %d - ", unit_pass + unit_fail); } \
	else { unit_fail++; printf("not ok %d - %s:%d: ", unit_pass + unit_fail, \
	       __FILE__, __LINE__); } \
	printf(__VA_ARGS__); putchar('\n'); } while (0)

#define CHECK_STR(got, want, what) do { \
	const char *g_ = (got), *w_ = (want); \
	CHECK(g_ && w_ && strcmp(g_, w_) == 0, "%s (got \"%s\", want \"%s\")", \
	      what, g_ ? g_ : "(null)", w_ ? w_ : "(null)"); } while (0)

static inline int unit_done(const char *name)
{
	printf("%s: %d passed, %d failed\n", name, unit_pass, unit_fail);
	return unit_fail ? 1 : 0;
}

#endif
