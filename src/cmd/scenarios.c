/*
 * scenarios.c - umpire scenarios: what is installed, and one scenario's
 * options.
 */
#include <stdlib.h>
#include <string.h>
#include "umpire/commands.h"
#include "umpire/doc.h"
#include "umpire/json.h"
#include "umpire/scenario.h"
#include "umpire/strbuf.h"

/* umpire scenarios --options ID: every option, its values, its default
 * and what it means; then the sides, which `new --side` takes. */
static void json_options(const struct cli *cli, const struct scenario *s)
{
	struct strbuf sb = STRBUF_INIT;
	struct json j;
	json_init(&j, &sb);
	json_begin_object(&j);
	json_kstring(&j, "id", s->id);
	json_kint(&j, "version", s->version);
	json_kstring(&j, "title", s->title);
	json_key(&j, "sides");
	json_begin_array(&j);
	for (size_t i = 0; i < s->n_sides; i++)
		json_string(&j, s->sides[i]);
	json_end_array(&j);
	json_kstring(&j, "referee", s->referee);
	json_key(&j, "options");
	json_begin_array(&j);
	for (size_t i = 0; i < s->options->n; i++) {
		const struct doc_node *spec = s->options->items[i];
		const struct doc_node *vals = doc_get(spec, "values");
		const struct doc_node *help = doc_get(spec, "help");
		json_begin_object(&j);
		json_kstring(&j, "name", s->options->keys[i]->str);
		json_key(&j, "values");
		json_begin_array(&j);
		for (size_t k = 0; vals && k < vals->n; k++)
			json_string(&j, vals->items[k]->str);
		json_end_array(&j);
		json_kstring(&j, "default", doc_get(spec, "default")->str);
		json_kstring(&j, "help", help && help->kind == DOC_SCALAR ?
			     help->str : NULL);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_end_object(&j);
	json_finish(&j);
	fputs(sb.buf, cli->out);
	strbuf_free(&sb);
}

static int show_options(const struct cli *cli, const char *id, int json,
			struct error *err)
{
	struct scenario s;
	if (scenario_find(cli->scenario_dir, id, &s, err))
		return -1;
	if (json) {
		json_options(cli, &s);
		scenario_free(&s);
		return 0;
	}
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
	int json = 0;
	const struct opt opts[] = {
		{ 0, "options", &options, NULL, NULL, NULL },
		{ 0, "json", NULL, &json, NULL, NULL },
		{ 0 }
	};
	int rc = cli_parse(cli, argc, argv, opts, NULL, 0, "", err);
	if (rc)
		return rc < 0 ? -1 : 0;
	if (options)
		return show_options(cli, options, json, err);
	char **ids;
	size_t n;
	if (scenario_ids(cli->scenario_dir, &ids, &n, err))
		return -1;
	struct strbuf js = STRBUF_INIT;
	struct json j;
	json_init(&j, &js);
	json_begin_array(&j);
	for (size_t i = 0; i < n; i++) {
		char path[4096];
		struct scenario s;
		struct error e;
		snprintf(path, sizeof path, "%s/%s.yaml", cli->scenario_dir,
			 ids[i]);
		if (scenario_load(path, &s, &e)) {
			fprintf(cli->msg, "umpire: skipping %s\n", e.msg);
		} else if (json) {
			json_begin_object(&j);
			json_kstring(&j, "id", s.id);
			json_kint(&j, "version", s.version);
			json_kstring(&j, "provenance", s.provenance);
			json_kstring(&j, "title", s.title);
			json_kstring(&j, "title_ja", s.title_ja);
			json_kstring(&j, "draft", s.draft);
			json_end_object(&j);
			scenario_free(&s);
		} else {
			fprintf(cli->out, "%-22s v%-3lld %-11s %s%s%s%s\n",
				s.id, s.version, s.provenance, s.title,
				s.title_ja ? " / " : "",
				s.title_ja ? s.title_ja : "",
				s.draft ? " (draft)" : "");
			scenario_free(&s);
		}
	}
	scenario_ids_free(ids, n);
	json_end_array(&j);
	json_finish(&j);
	if (json)
		fputs(js.buf, cli->out);
	strbuf_free(&js);
	if (!n)
		fprintf(cli->msg, "umpire: no scenarios in %s\n",
			cli->scenario_dir);
	return 0;
}
