/*
 * view.c - redaction into commitments.
 *
 * commitment = BLAKE2b-256("umpire/1 hide" || salt || side || 0x00 ||
 *                          u32be(index) || canonical encoding of the part)
 * A redacted part is the scalar "hidden:<64 hex digits>".
 */
#include <string.h>
#include <sodium.h>
#include "umpire/rules.h"
#include "umpire/view.h"

void redactor_init(struct redactor *r, const unsigned char salt[32],
		   const char *side)
{
	memcpy(r->salt, salt, 32);
	r->side = side;
	r->index = 0;
}

struct doc_node *redact(struct redactor *r, struct doc *d,
			const struct doc_node *hidden)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned char h[32], be[4];
	char hex[65];
	uint32_t i = r->index++;
	be[0] = (unsigned char)(i >> 24);
	be[1] = (unsigned char)(i >> 16);
	be[2] = (unsigned char)(i >> 8);
	be[3] = (unsigned char)i;
	strbuf_adds(&sb, "umpire/1 hide");
	strbuf_add(&sb, r->salt, 32);
	strbuf_adds(&sb, r->side);
	strbuf_addc(&sb, '\0');
	strbuf_add(&sb, be, 4);
	doc_encode(hidden, &sb);
	crypto_generichash(h, 32, (unsigned char *)sb.buf, sb.len, NULL, 0);
	strbuf_free(&sb);
	sodium_bin2hex(hex, sizeof hex, h, 32);
	return doc_strf(d, "hidden:%s", hex);
}

int visible_to(const char *visible, const char *side)
{
	if (!side || !visible[0])
		return 1;
	return strcmp(visible, side) == 0;
}
