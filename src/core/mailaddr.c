/*
 * mailaddr.c - one mail address (RFC 5322 addr-spec), read and checked
 * without GMime: the game header's addresses are read here by every
 * reader of a game, the player's page (src/desk/) among them, and
 * mail.c's messages by those that read mail.
 */
#include <string.h>
#include "umpire/mail.h"

static int atext(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		(c >= '0' && c <= '9') || (c && strchr("!#$%&'*+-/=?^_`{|}~",
						       c));
}

/* A quoted local part's character: printable ASCII, but none that a
 * careless reader of the address would split or end it at. */
static int qtext(int c)
{
	return c > 0x20 && c < 0x7f && !strchr("\"\\,<>@", c);
}

static int label_ok(const char *p, size_t n)
{
	if (n == 0 || n > 63 || p[0] == '-' || p[n - 1] == '-')
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((p[i] >= 'a' && p[i] <= 'z') ||
		      (p[i] >= 'A' && p[i] <= 'Z') ||
		      (p[i] >= '0' && p[i] <= '9') || p[i] == '-'))
			return 0;
	return 1;
}

int mail_addr_spec_ok(const char *a)
{
	size_t n = strlen(a), local;
	if (n == 0 || n > MAIL_ADDR_MAX)
		return 0;
	if (a[0] == '"') {
		/* a quoted string: "..." then '@' */
		size_t i = 1;
		while (i < n && qtext((unsigned char)a[i]))
			i++;
		if (i >= n || a[i] != '"' || i == 1)
			return 0;
		local = i + 1;
	} else {
		/* a dot-atom: atoms of atext joined by single dots */
		size_t i = 0;
		int atom = 0;
		for (; i < n && a[i] != '@'; i++) {
			if (a[i] == '.') {
				if (!atom)
					return 0;
				atom = 0;
			} else if (atext((unsigned char)a[i])) {
				atom = 1;
			} else {
				return 0;
			}
		}
		if (!atom)
			return 0;
		local = i;
	}
	if (local > 64 || local >= n || a[local] != '@')
		return 0;
	const char *d = a + local + 1, *end = a + n;
	if (d == end)
		return 0;
	while (d <= end) {
		const char *dot = memchr(d, '.', (size_t)(end - d));
		const char *stop = dot ? dot : end;
		if (!label_ok(d, (size_t)(stop - d)))
			return 0;
		d = stop + 1;
	}
	return 1;
}

int mail_addr_spec_of(const char *in, char *out, size_t size,
		      const char **why)
{
	const char *p = in, *e = in + strlen(in), *lt = NULL;
	int quoted = 0;
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	*why = "is empty";
	if (p == e)
		return -1;
	/* what is outside quoted strings: one address, no list or group */
	for (const char *q = p; q < e; q++) {
		unsigned char c = (unsigned char)*q;
		if (c < 0x20 || c == 0x7f) {
			*why = "holds a control character (one line only)";
			return -1;
		}
		if (quoted) {
			if (c == '\\' && q + 1 < e)
				q++;
			else if (c == '"')
				quoted = 0;
			continue;
		}
		if (c == '"') {
			quoted = 1;
		} else if (c == ',' || c == ';') {
			*why = "holds more than one address (a list)";
			return -1;
		} else if (c == ':') {
			*why = "is a group, not one address";
			return -1;
		} else if (c == '<') {
			if (lt) {
				*why = "holds more than one address";
				return -1;
			}
			lt = q;
		}
	}
	if (quoted) {
		*why = "has an unterminated quoted string";
		return -1;
	}
	const char *a = p, *b = e;
	if (lt) {
		/* Display Name <addr-spec>: the '>' ends it */
		if (e[-1] != '>' || memchr(lt, '>', (size_t)(e - lt)) !=
		    e - 1) {
			*why = "is not 'Name <local@domain>' nor "
				"'local@domain'";
			return -1;
		}
		for (const char *q = p; q < lt; q++)
			if (*q == '@' || *q == '>') {
				*why = "holds more than one address";
				return -1;
			}
		a = lt + 1;
		b = e - 1;
	}
	size_t n = (size_t)(b - a);
	char buf[MAIL_ADDR_MAX + 1];
	*why = "is not one mail address local@domain (a dot-atom or "
		"quoted local part, a domain of dot-separated labels, no "
		"spaces, at most 254 bytes)";
	if (n > MAIL_ADDR_MAX || n >= size)
		return -1;
	memcpy(buf, a, n);
	buf[n] = '\0';
	if (!mail_addr_spec_ok(buf))
		return -1;
	memcpy(out, buf, n + 1);
	*why = NULL;
	return 0;
}
