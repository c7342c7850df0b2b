/* fuzz_mail.c - mail messages as a relay or a client may deliver them:
 * the umpire file taken out of a message (mail_take_file: its MIME parts
 * through GMime, format=flowed, quoting and the text around a signed
 * file, mail_repair) for each kind a command asks for, and the sender
 * and Message-ID the judge reads (mail_envelope). */
#include "fuzz.h"
#include "umpire/mail.h"

/* a file's limit: what a message may hold is mail_message_max of it */
#define FUZZ_MAIL_FILE (64u << 10)

static void take(const uint8_t *data, size_t size, const char *kind)
{
	struct error err;
	struct strbuf notes = STRBUF_INIT, taken = STRBUF_INIT;
	char *buf = fuzz_copy(data, size), *sig = NULL;
	size_t len = size, siglen = 0;
	int none = 0;
	if (mail_take_file("fuzz", FUZZ_MAIL_FILE, kind, &buf, &len, &sig,
			   &siglen, &notes, &taken, &none, &err) == 0) {
		/* what is taken is a file within the limit, NUL-ended */
		if (len > FUZZ_MAIL_FILE || buf[len] != '\0')
			abort();
		free(buf);
	} else if (buf) {
		abort();        /* refused: the buffer is freed */
	}
	free(sig);
	strbuf_free(&notes);
	strbuf_free(&taken);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct error err;
	struct strbuf from = STRBUF_INIT, msgid = STRBUF_INIT;
	fuzz_init();
	if (size > mail_message_max(FUZZ_MAIL_FILE))
		return 0;       /* the callers' cap (mail_read_raw) */
	take(data, size, NULL);
	take(data, size, "game");
	take(data, size, MAIL_NOT_ORDERS);
	char *buf = fuzz_copy(data, size);
	(void)mail_envelope(buf, size, &from, &msgid, &err);
	free(buf);
	strbuf_free(&from);
	strbuf_free(&msgid);
	return 0;
}
