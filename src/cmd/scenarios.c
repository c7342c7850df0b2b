/*
 * scenarios.c - umpire scenarios: what is installed.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include "umpire/commands.h"
#include "umpire/scenario.h"

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int cmd_scenarios(int argc, char **argv, const struct cli *cli,
		  struct error *err)
{
	const struct opt opts[] = { { 0 } };
	int rc = cli_parse(cli, argc, argv, opts, NULL, 0, "", err);
	if (rc)
		return rc < 0 ? -1 : 0;
	DIR *dp = opendir(cli->scenario_dir);
	if (!dp)
		return errorf(err, EXIT_USAGE, "cannot read the scenario "
			      "directory %s", cli->scenario_dir);
	char **names = NULL;
	size_t n = 0;
	struct dirent *de;
	while ((de = readdir(dp))) {
		size_t l = strlen(de->d_name);
		if (l > 5 && !strcmp(de->d_name + l - 5, ".yaml")) {
			names = xrealloc(names, (n + 1) * sizeof *names);
			names[n++] = xstrdup(de->d_name);
		}
	}
	closedir(dp);
	qsort(names, n, sizeof *names, by_name);
	for (size_t i = 0; i < n; i++) {
		char path[4096];
		struct scenario s;
		struct error e;
		snprintf(path, sizeof path, "%s/%s", cli->scenario_dir,
			 names[i]);
		if (scenario_load(path, &s, &e)) {
			fprintf(cli->msg, "umpire: skipping %s\n", e.msg);
		} else {
			fprintf(cli->out, "%-22s v%-3lld %-11s %s%s%s\n", s.id,
				s.version, s.provenance, s.title,
				s.title_ja ? " / " : "",
				s.title_ja ? s.title_ja : "");
			scenario_free(&s);
		}
		free(names[i]);
	}
	free(names);
	if (!n)
		fprintf(cli->msg, "umpire: no scenarios in %s\n",
			cli->scenario_dir);
	return 0;
}
