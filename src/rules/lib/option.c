/*
 * option.c - a game's options at setup (option.h).
 */
#include "option.h"

const char *rules_option(const struct doc *scn,
			 const struct doc_node *options, const char *name,
			 const char *def)
{
	const struct doc_node *n = NULL;

	if (options && options->kind == DOC_MAP)
		n = doc_get(options, name);
	if (!n && scn && scn->root && scn->root->kind == DOC_MAP) {
		n = doc_get(scn->root, "options");
		n = n && n->kind == DOC_MAP ? doc_get(n, name) : NULL;
		n = n && n->kind == DOC_MAP ? doc_get(n, "default") : NULL;
	}
	return n && n->kind == DOC_SCALAR ? n->str : def;
}
