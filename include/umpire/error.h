/*
 * error.h - error reports that travel up to main.
 *
 * Ownership: a struct error is a plain value owned by the caller; functions
 * that can fail take a pointer to one, fill it on failure and return -1.
 * Nothing below main() prints to stderr or exits.
 */
#ifndef UMPIRE_ERROR_H
#define UMPIRE_ERROR_H

#include <stdarg.h>
#include <stdio.h>

/* Exit statuses (documented in umpire(1), EXIT STATUS). */
enum {
	EXIT_OK = 0,
	EXIT_REFUSED = 1, /* bad signature, illegal order, failed audit */
	EXIT_USAGE = 2    /* usage or system error */
};

struct error {
	int status;       /* EXIT_REFUSED or EXIT_USAGE */
	char msg[1024];   /* one English sentence or more, no trailing newline */
};

/* Fill *e (if not NULL) and return -1. */
int errorf(struct error *e, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int verrorf(struct error *e, int status, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

/* Prefix an existing message: "<prefix>: <old message>". Returns -1. */
/* Write s to out with control bytes (but newline and tab) shown as
 * \xNN: text from an untrusted file must not drive the terminal. */
void fputs_safe(const char *s, FILE *out);
int error_prefix(struct error *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
