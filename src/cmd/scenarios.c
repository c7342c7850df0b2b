/*
 * scenarios.c - umpire scenarios: what is installed, and one scenario's
 * options.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/commands.h"
#include "umpire/doc.h"
#include "umpire/scenario.h"
#include "umpire/strbuf.h"

/* umpire scenarios --options ID: every option, its values, its default
 * and what it means; then the sides, which `new --side` takes. */
static int show_options(const struct cli *cli, const char *id,
			struct error *err)
{
	struct scenario s;
	if (scenario_find(cli->scenario_dir, id, &s, err))
		return -1;
	struct strbuf sb = STRBUF_INIT;
	scenario_list_sides(&s, &sb);
	fprintf(cli->out, "%s v%lld: %s\nsides: %s\nreferee: %s\n", s.id,
		s.version, s.title, sb.buf, s.referee);
	strbuf_free(&sb);
	if (s.options->n == 0)
		fprintf(cli->out, "options: none\n");
	else
		fprintf(cli->out, "options (--set OPTION=VALUE):\n");
	for (size_t i = 0; i < s.options->n; i++) {
		const struct doc_node *spec = s.options->items[i];
		const struct doc_node *vals = doc_get(spec, "values");
		const struct doc_node *help = doc_get(spec, "help");
		fprintf(cli->out, "  %s=", s.options->keys[i]->str);
		for (size_t j = 0; vals && j < vals->n; j++)
			fprintf(cli->out, "%s%s", j ? "|" : "",
				vals->items[j]->str);
		fprintf(cli->out, "  (default %s)\n",
			doc_get(spec, "default")->str);
		if (help && help->kind == DOC_SCALAR)
			fprintf(cli->out, "      %s\n", help->str);
	}
	scenario_free(&s);
	return 0;
}

int cmd_scenarios(int argc, char **argv, const struct cli *cli,
		  struct error *err)
{
	const char *options = NULL;
	const struct opt opts[] = {
		{ 0, "options", &options, NULL, NULL, NULL },
		{ 0 }
	};
	int rc = cli_parse(cli, argc, argv, opts, NULL, 0, "", err);
	if (rc)
		return rc < 0 ? -1 : 0;
	if (options)
		return show_options(cli, options, err);
	char **ids;
	size_t n;
	if (scenario_ids(cli->scenario_dir, &ids, &n, err))
		return -1;
	for (size_t i = 0; i < n; i++) {
		char path[4096];
		struct scenario s;
		struct error e;
		snprintf(path, sizeof path, "%s/%s.yaml", cli->scenario_dir,
			 ids[i]);
		if (scenario_load(path, &s, &e)) {
			fprintf(cli->msg, "umpire: skipping %s\n", e.msg);
		} else {
			fprintf(cli->out, "%-22s v%-3lld %-11s %s%s%s\n", s.id,
				s.version, s.provenance, s.title,
				s.title_ja ? " / " : "",
				s.title_ja ? s.title_ja : "");
			scenario_free(&s);
		}
	}
	scenario_ids_free(ids, n);
	if (!n)
		fprintf(cli->msg, "umpire: no scenarios in %s\n",
			cli->scenario_dir);
	return 0;
}
