/*
 * mailroute.c - a game's own mail address, the judge's address with the
 * game's short id after the mail system's recipient delimiter
 * ("judge+1a2b3c4d@example.org", postfix's recipient_delimiter), and
 * the game such an address names: what lets a mail system route each
 * game's mail to the judge that keeps it by the address alone.
 */
#include <string.h>
#include <strings.h>
#include "umpire/game.h"
#include "umpire/mail.h"

/* Whether delim is a delimiter the judge writes: printable ASCII that
 * is no letter, digit, '@', quote, blank or bracket. */
int mail_delim_ok(const char *delim)
{
	if (strlen(delim) > 8)
		return 0;
	for (const char *p = delim; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (c <= ' ' || c >= 0x7f || strchr("@\"<>()[],;:\\", c) ||
		    (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
		    (c >= 'A' && c <= 'Z'))
			return 0;
	}
	return 1;
}

int mail_game_address(const char *addr, const char *delim, const char *id,
		      char *out, size_t size)
{
	const char *lt = strchr(addr, '<');
	const char *at = strrchr(lt ? lt : addr, '@');
	size_t n = strlen(addr);
	if (!delim || !*delim || !at || strlen(id) < 8 || n + 9 >= size)
		return 0;
	/* a local part that holds the delimiter already would make the
	 * mail system read its extension from there */
	const char *local = lt ? lt + 1 : addr;
	while (!lt && (*local == ' ' || *local == '\t'))
		local++;
	for (const char *p = local; p < at; p++)
		if (strchr(delim, *p))
			return 0;
	size_t k = (size_t)(at - addr);
	memcpy(out, addr, k);
	out[k] = delim[0];
	memcpy(out + k + 1, id, 8);
	memcpy(out + k + 9, at, n - k + 1);
	return 1;
}

int mail_address_game(const char *rcpt, const char *delim, const char *base,
		      char id8[9])
{
	char spec[MAIL_ADDR_MAX + 1], mine[MAIL_ADDR_MAX + 1];
	const char *why;
	if (!delim || !*delim ||
	    mail_addr_spec_of(rcpt, spec, sizeof spec, &why))
		return 0;
	char *at = strrchr(spec, '@');
	if (!at)
		return 0;
	*at = '\0';
	/* the extension: after the first delimiter, as postfix reads it */
	size_t k = strcspn(spec, delim);
	const char *ext = spec + k;
	if (!*ext || strlen(ext + 1) != 8 ||
	    strspn(ext + 1, "0123456789abcdef") != 8)
		return 0;
	/* the judge's own local part before it (any case: postfix folds
	 * the local part when it looks it up) */
	if (base && mail_addr_spec_of(base, mine, sizeof mine, &why) == 0) {
		char *a = strrchr(mine, '@');
		if (a)
			*a = '\0';
		if (strlen(mine) != k || strncasecmp(mine, spec, k))
			return 0;
	}
	memcpy(id8, ext + 1, 8);
	id8[8] = '\0';
	return 1;
}
