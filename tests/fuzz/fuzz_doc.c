/* fuzz_doc.c - the bounded YAML parser (doc_parse), and emit/encode of
 * whatever it accepts: emitting and re-parsing must give the same tree. */
#include "fuzz.h"
#include "umpire/doc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct error err;
	struct doc *d = doc_new("fuzz");
	fuzz_init();
	if (doc_parse(d, (const char *)data, size, &DOC_LIMITS_SMALL,
		      &err) == 0) {
		struct strbuf a = STRBUF_INIT, b = STRBUF_INIT, y = STRBUF_INIT;
		doc_encode(d->root, &a);
		if (doc_emit(d->root, &y, &err) == 0) {
			struct doc *e = doc_new("emitted");
			if (doc_parse(e, y.buf, y.len, &DOC_LIMITS_SMALL,
				      &err) != 0) {
				fprintf(stderr, "emitted YAML refused: %s\n",
					err.msg);
				abort();
			}
			doc_encode(e->root, &b);
			if (a.len != b.len || memcmp(a.buf, b.buf, a.len)) {
				fprintf(stderr, "emit/parse changed the tree\n");
				abort();
			}
			doc_free(e);
		}
		strbuf_free(&a);
		strbuf_free(&b);
		strbuf_free(&y);
	}
	doc_free(d);
	return 0;
}
