/*
 * desknative.c - the desk's C (src/desk/api.c) run natively, to measure
 * and profile what a click costs the page without the browser:
 *
 *   desknative VIEW SCENARIO.yaml ANSWERS
 *
 * opens a desk on VIEW (unsealed, signed by its referee; the scenario
 * file it names given), then for each line of ANSWERS answers the
 * question now asked with it (desk_answer) and draws the board at the
 * next (desk_board), as the page does on a click; prints a line each:
 * the answer, the milliseconds of each call, the board's bytes, and
 * REFUSED where the rules refused it; a line ?UNIT times instead the
 * probe of "UNIT to HEX" for every hex (the page's click on UNIT).
 * Under valgrind --tool=callgrind its instructions say where a click
 * goes (make bench-desk-native).
 * A measurement, not a test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "umpire/desk.h"

static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	struct { char *b; size_t n, cap; } s = { NULL, 0, 0 };
	if (!f) {
		perror(path);
		exit(2);
	}
	for (;;) {
		if (s.cap - s.n < 65536) {
			s.cap = s.cap * 2 + 65536;
			if (!(s.b = realloc(s.b, s.cap + 1))) {
				perror(path);
				exit(2);
			}
		}
		size_t r = fread(s.b + s.n, 1, s.cap - s.n, f);
		s.n += r;
		if (!r)
			break;
	}
	fclose(f);
	s.b[s.n] = '\0';
	*n = s.n;
	return s.b;
}

static double ms_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* A line "?UNIT": the probe the page makes when UNIT is chosen, "UNIT
 * to HEX" for every hex of a map of up to 59 by 59 (desk_probe, at
 * most 4096 answers), and its milliseconds and the answers taken. */
static void probe_unit(struct desk *d, const char *unit)
{
	size_t cap = 59 * 59 * 32, n = 0, ok = 0;
	char *c = malloc(cap);
	if (!c) {
		perror("desknative");
		exit(2);
	}
	for (int x = 1; x < 60; x++)
		for (int y = 1; y < 60; y++)
			n += (size_t)snprintf(c + n, cap - n, "%s%.20s to %02d%02d",
					      n ? "\n" : "", unit, x, y);
	double t0 = ms_now();
	const char *r = desk_probe(d, c);
	double t1 = ms_now();
	for (const char *p = r; (p = strstr(p, "\"ok\":true")); p++)
		ok++;
	printf("?%s: probe of 3481 hexes %.1f ms, %zu taken\n", unit, t1 - t0,
	       ok);
	free(c);
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: desknative VIEW SCENARIO.yaml ANSWERS\n");
		return 2;
	}
	size_t n, sn, an;
	char *view = slurp(argv[1], &n), *scn = slurp(argv[2], &sn);
	char *ans = slurp(argv[3], &an);
	/* the scenario's id: its file's name without .yaml */
	const char *base = strrchr(argv[2], '/');
	char id[128];
	snprintf(id, sizeof id, "%s", base ? base + 1 : argv[2]);
	id[strcspn(id, ".")] = '\0';
	if (desk_put_scenario(id, scn, sn)) {
		fprintf(stderr, "desknative: %s: not a scenario the desk takes\n",
			argv[2]);
		return 2;
	}
	struct desk *d = desk_open(view, n);
	double t0 = ms_now();
	const char *q = desk_question(d);
	printf("question %.1f ms%s\n", ms_now() - t0,
	       strncmp(q, "{\"error\"", 9) ? "" : " ERROR");
	for (char *a = strtok(ans, "\n"); a; a = strtok(NULL, "\n")) {
		if (a[0] == '?') {
			probe_unit(d, a + 1);
			continue;
		}
		t0 = ms_now();
		int refused = strstr(desk_answer(d, a), "\"refused\"") != NULL;
		double t1 = ms_now();
		size_t bytes = strlen(desk_board(d));
		printf("%s: answer %.1f ms, board %.1f ms (%zu bytes)%s\n", a,
		       t1 - t0, ms_now() - t1, bytes, refused ? " REFUSED" : "");
	}
	desk_close(d);
	free(view);
	free(scn);
	free(ans);
	return 0;
}
