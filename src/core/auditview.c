/*
 * auditview.c - views audited against their game: each rebuilt from
 * the game's run for its side and step, and compared field by field
 * (umpire audit --view, umpire replay --game).
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/auditview.h"
#include "umpire/doc.h"
#include "umpire/notview.h"
#include "umpire/view.h"

/* Name the first top-level field of a that b lacks or holds otherwise
 * (the signature aside); NULL if there is none. */
static const char *first_difference(const struct doc_node *a,
				    const struct doc_node *b)
{
	for (size_t i = 0; i < a->n; i++) {
		const char *k = a->keys[i]->str;
		const struct doc_node *o = doc_get(b, k);
		if (!strcmp(k, "signature"))
			continue;
		if (!o || !doc_same(a->items[i], o))
			return k;
	}
	return NULL;
}

/* One view, opened (if sealed) with rq's seal_key, loaded into *sk at
 * the first sealed view (an unsealed view asks no passphrase): 0 when
 * it is an honest redaction, 1 when the file is a letter of the
 * judge's that holds no view (letter_not_view: skipped, said so), -1
 * otherwise. */
static int audit_view(const struct audit_views_request *rq,
		      const char *path, struct seckey **sk, struct error *err)
{
	struct game *g = rq->g;
	static const char sealed[] = "umpire: " SEALED_FORMAT "\n";
	char *buf;
	size_t len;
	struct view v;
	struct snapshot snap;
	int none = 0;
	int got = letter_read(path, 1u << 20, &buf, &len, &none, err);
	if (got < 0)
		return -1;
	/* a letter of the judge's that holds no view: said, and skipped */
	struct strbuf word = STRBUF_INIT;
	if ((got || !is_view_text(buf, len)) &&
	    letter_not_view(path, buf, len, none, &word)) {
		fprintf(rq->msg, "umpire: note: %s: not a view, skipped\n",
			word.buf);
		strbuf_free(&word);
		free(buf);
		return 1;
	}
	strbuf_free(&word);
	if (!*sk && rq->seal_key && len >= sizeof sealed - 1 &&
	    !memcmp(buf, sealed, sizeof sealed - 1) &&
	    rq->seal_key(rq->ctx, sk, err)) {
		free(buf);
		return -1;
	}
	int rc = view_load(&v, path, buf, len, rq->scenario_dir, *sk, err);
	free(buf);
	if (rc)
		return -1;
	rc = -1;
	if (strcmp(v.game.id, g->id) != 0) {
		errorf(err, EXIT_REFUSED, "view %s is of another game (%s)",
		       path, v.game.id);
		goto out;
	}
	if ((size_t)v.step > g->n_steps) {
		errorf(err, EXIT_REFUSED, "view %s is of step %lld, beyond the "
		       "game's %zu steps", path, v.step, g->n_steps);
		goto out;
	}
	if (game_snapshot(g, (size_t)v.step, &snap, err))
		goto out;
	struct doc *d = doc_new("view");
	struct doc_node *want = view_build_as(g, rq->run, &snap, v.side, v.format,
					       d, NULL);
	const char *diff = first_difference(v.node, want);
	if (!diff)
		diff = first_difference(want, v.node);
	if (diff)
		errorf(err, EXIT_REFUSED, "step %lld: the view %s of %s is not "
		       "an honest redaction of the game: its '%s' differs",
		       v.step, path, v.side, diff);
	else
		rc = 0;
	doc_free(d);
	snapshot_free(&snap);
out:
	view_free(&v);
	return rc;
}

int audit_views(const struct audit_views_request *rq, size_t *skipped,
		struct error *err)
{
	struct seckey *sk = NULL;
	int rc = 0;
	if (skipped)
		*skipped = 0;
	for (size_t i = 0; i < rq->n && rc >= 0; i++) {
		rc = audit_view(rq, rq->views[i], &sk, err);
		if (rc > 0 && skipped)
			(*skipped)++;
	}
	seckey_free(sk);
	return rc < 0 ? -1 : 0;
}
