#include <stdio.h>
#include <string.h>
#include "umpire/error.h"

int verrorf(struct error *e, int status, const char *fmt, va_list ap)
{
	if (e) {
		e->status = status;
		vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	}
	return -1;
}

int errorf(struct error *e, int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verrorf(e, status, fmt, ap);
	va_end(ap);
	return -1;
}

int error_prefix(struct error *e, const char *fmt, ...)
{
	char pre[512], old[sizeof e->msg];
	va_list ap;
	if (!e)
		return -1;
	va_start(ap, fmt);
	vsnprintf(pre, sizeof pre, fmt, ap);
	va_end(ap);
	memcpy(old, e->msg, sizeof old);
	snprintf(e->msg, sizeof e->msg, "%s: %s", pre, old);
	return -1;
}

void fputs_safe(const char *s, FILE *out)
{
	const unsigned char *p;

	for (p = (const unsigned char *)s; *p; p++)
		if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f)
			fprintf(out, "\\x%02x", *p);
		else
			fputc(*p, out);
}
