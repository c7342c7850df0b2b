/*
 * fuzz.h - shared by the libFuzzer targets of tests/fuzz/ (one per parser
 * of untrusted input). Each target defines LLVMFuzzerTestOneInput; built
 * with -fsanitize=fuzzer by `make fuzz`, or with standalone.c (a plain
 * main that runs each file once) for the corpus regressions of
 * `make check`. Targets must not leak and must not write outside a
 * private temporary file.
 */
#ifndef UMPIRE_FUZZ_H
#define UMPIRE_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sodium.h>

#ifndef FUZZ_SCENARIOS
#define FUZZ_SCENARIOS "scenarios"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Once per process: libsodium must be initialised (sodium_malloc). */
static inline void fuzz_init(void)
{
	static int done;
	if (!done && sodium_init() < 0)
		abort();
	done = 1;
}

/* The scenario directory: $UMPIRE_SCENARIOS or the build's default. */
static inline const char *fuzz_scenarios(void)
{
	const char *s = getenv("UMPIRE_SCENARIOS");
	return s && *s ? s : FUZZ_SCENARIOS;
}

/* A NUL-terminated copy (parsers take a length, but some callers keep a
 * NUL after the buffer as read_input does). */
static inline char *fuzz_copy(const uint8_t *data, size_t size)
{
	char *p = malloc(size + 1);
	if (!p)
		abort();
	if (size)
		memcpy(p, data, size);
	p[size] = 0;
	return p;
}

static char fuzz_path[64];

static inline void fuzz_file_remove(void)
{
	if (fuzz_path[0])
		unlink(fuzz_path);
}

/* Write data to this process's private temporary file; returns its path
 * (static storage). For the parsers that read a path. In /dev/shm where
 * there is one: on a disk, the writes made a target that reads a path
 * (refusal) run at a tenth of the speed of the others. */
static inline const char *fuzz_file(const uint8_t *data, size_t size)
{
	char *path = fuzz_path;
	if (!path[0]) {
		snprintf(path, sizeof fuzz_path, "%s/umpire-fuzz-XXXXXX",
			 access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
		int fd = mkstemp(path);
		if (fd < 0)
			abort();
		close(fd);
		atexit(fuzz_file_remove);
	}
	FILE *f = fopen(path, "wb");
	if (!f)
		abort();
	if (size && fwrite(data, 1, size, f) != size)
		abort();
	fclose(f);
	return path;
}


#endif
