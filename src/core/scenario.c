/*
 * scenario.c - loading and validating scenario files; the parsed tree of
 * an installed scenario kept with this machine's checkpoints.
 */
#define _GNU_SOURCE             /* dl_iterate_phdr(3) */
#include <stdio.h>
#include <stdlib.h>
#include <dirent.h>
#include <elf.h>
#include <link.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sodium.h>
#include <yaml.h>
#include "umpire/fsutil.h"
#include "umpire/scenario.h"
#include "umpire/strbuf.h"

static const char *const top_keys[] = { "umpire", "id", "rules", "version",
	"title", "title_ja", "provenance", "provisional", "notes", "sides",
	"referee", "options", "data", "draft", NULL };

static int check_spec(const struct scenario *s, struct error *err)
{
	const struct doc *d = s->doc;
	static const char *const opt_keys[] = { "default", "values", "help",
		NULL };
	char w[300];
	for (size_t i = 0; i < s->options->n; i++) {
		const struct doc_node *o = s->options->items[i];
		const char *def;
		const struct doc_node *vals;
		if (o->kind != DOC_MAP)
			return errorf(err, EXIT_REFUSED, "%s: option '%s' "
				      "must be a mapping",
				      doc_where(d, o, w, sizeof w),
				      s->options->keys[i]->str);
		if (doc_only_keys(d, o, opt_keys, err) ||
		    doc_need_str(d, o, "default", &def, err) ||
		    doc_need(d, o, "values", DOC_SEQ, &vals, err))
			return -1;
		int found = 0;
		for (size_t j = 0; j < vals->n; j++) {
			/* value_ok and bad_value read str: scalars only */
			if (vals->items[j]->kind != DOC_SCALAR)
				return errorf(err, EXIT_REFUSED, "%s: the values "
					      "of option '%s' must be words",
					      doc_where(d, vals->items[j], w,
							sizeof w),
					      s->options->keys[i]->str);
			found |= strcmp(vals->items[j]->str, def) == 0;
		}
		if (!found)
			return errorf(err, EXIT_REFUSED, "%s: default '%s' "
				      "is not one of the option's values",
				      doc_where(d, o, w, sizeof w), def);
	}
	return 0;
}

/*
 * The parsed tree of a scenario file, kept where this machine keeps its
 * checkpoints (STATE/checkpoints/scenario-KEY, the directory made 0700
 * where it is missing: a cache, written only where it can be), and read
 * back instead of parsing the YAML again (a scenario with a map is
 * larger than most games, and every command of every game reads it).
 * KEY is the hash of the file's bytes (with libyaml's version): a file
 * edited by one byte is another key, parsed again. The cache file:
 *   CACHE_MAGIC, KEY (32), HASH (32), the tree (doc_pack)
 * HASH is the scenario's content hash (doc_hash of the tree), not
 * trusted: it is computed from the tree unpacked, and a file whose HASH
 * differs (a damaged file, or a tree planted under the genuine file's
 * key and hash) is a miss, parsed over and rewritten. (A checksum of
 * its own, as cache/1 had, found no damage this does not, and hashed
 * the file once more: 0.6M instructions of every Race to the Reichstag
 * command.) What is kept is the parse.
 * Every check of the tree (scenario_load's, the rules' setup) runs on
 * it as on a parse.
 */
#define CACHE_MAGIC "umpire-scenario-cache/2\n"
#define SCENARIO_HASH_DOMAIN "umpire/1 scenario"
#define CACHE_MAX (8u << 20)

static void cache_key(const char *buf, size_t len, unsigned char key[32])
{
	const char *yv = yaml_get_version_string();
	crypto_generichash_state st;
	crypto_generichash_init(&st, NULL, 0, 32);
	crypto_generichash_update(&st, (const unsigned char *)CACHE_MAGIC,
				  strlen(CACHE_MAGIC));
	crypto_generichash_update(&st, (const unsigned char *)yv,
				  strlen(yv) + 1);
	crypto_generichash_update(&st, (const unsigned char *)buf, len);
	crypto_generichash_final(&st, key, 32);
}

/* STATE/checkpoints (dir), and the key's file in it (path) */
static int cache_path(const unsigned char key[32], struct strbuf *dir,
		      struct strbuf *path)
{
	struct error ignored;
	char hex[65];
	if (state_dir(dir, &ignored))
		return -1;
	strbuf_adds(dir, "/checkpoints");
	sodium_bin2hex(hex, sizeof hex, key, 32);
	strbuf_addf(path, "%s/scenario-%s", dir->buf, hex);
	return 0;
}

/* s->doc's tree from the cache, and s->hash computed from it; 0 when
 * found whole, with the hash stored beside it */
static int cache_read(const unsigned char key[32], struct scenario *s)
{
	struct strbuf dir = STRBUF_INIT, path = STRBUF_INIT;
	struct error ignored;
	const size_t m = strlen(CACHE_MAGIC);
	char *buf = NULL;
	size_t len;
	int rc = -1;
	if (cache_path(key, &dir, &path) ||
	    read_input(path.buf, CACHE_MAX, &buf, &len, &ignored))
		goto out;
	if (len < m + 64 || memcmp(buf, CACHE_MAGIC, m) != 0 ||
	    memcmp(buf + m, key, 32) != 0)
		goto out;
	if (doc_unpack(s->doc, buf + m + 64, len - m - 64) == 0) {
		doc_hash(SCENARIO_HASH_DOMAIN, s->doc->root, s->hash);
		rc = sodium_memcmp(s->hash, buf + m + 32, 32) == 0 ? 0 : -1;
	}
out:
	free(buf);
	strbuf_free(&dir);
	strbuf_free(&path);
	return rc;
}

/* Keep s's tree for next time, where this machine keeps checkpoints
 * (write_cache makes the directory; a failure is only a cache miss). */
static void cache_write(const unsigned char key[32],
			const struct scenario *s)
{
	struct strbuf dir = STRBUF_INIT, path = STRBUF_INIT,
		      file = STRBUF_INIT;
	if (cache_path(key, &dir, &path))
		goto out;
	strbuf_adds(&file, CACHE_MAGIC);
	strbuf_add(&file, key, 32);
	strbuf_add(&file, s->hash, 32);
	doc_pack(s->doc->root, &file);
	if (file.len <= CACHE_MAX)
		write_cache(path.buf, file.buf, file.len);
out:
	strbuf_free(&dir);
	strbuf_free(&path);
	strbuf_free(&file);
}

/* cached: read the tree from this machine's cache when it is there,
 * and keep it there when it was parsed */
static int load(const char *path, struct scenario *s, int cached,
		struct error *err)
{
	char *buf;
	size_t len;
	const char *fmt, *rules;
	const struct doc_node *sides;
	char w[300];
	unsigned char key[32];
	int hit = 0;

	memset(s, 0, sizeof *s);
	if (read_input(path, DOC_LIMITS_SMALL.max_bytes, &buf, &len, err))
		return -1;
	s->doc = doc_new(path);
	if (cached) {
		cache_key(buf, len, key);
		hit = cache_read(key, s) == 0;
		if (!hit) {     /* a damaged cache file: parse, anew */
			doc_free(s->doc);
			s->doc = doc_new(path);
		}
	}
	int rc = hit ? 0 : doc_parse(s->doc, buf, len, &DOC_LIMITS_SMALL,
				     err);
	free(buf);
	if (rc)
		goto fail;
	const struct doc *d = s->doc;
	const struct doc_node *r = d->root;
	if (r->kind != DOC_MAP) {
		errorf(err, EXIT_REFUSED, "%s: a scenario is a mapping",
		       d->name);
		goto fail;
	}
	if (doc_only_keys(d, r, top_keys, err) ||
	    doc_need_str(d, r, "umpire", &fmt, err))
		goto fail;
	if (strcmp(fmt, "scenario/1") != 0) {
		errorf(err, EXIT_REFUSED, "%s: 'umpire: %s' is not a scenario "
		       "(expected 'umpire: scenario/1')", d->name, fmt);
		goto fail;
	}
	if (doc_need_str(d, r, "id", &s->id, err) ||
	    doc_need_str(d, r, "rules", &rules, err) ||
	    doc_need_int(d, r, "version", 1, 1000000, &s->version, err) ||
	    doc_need_str(d, r, "title", &s->title, err) ||
	    doc_need_str(d, r, "provenance", &s->provenance, err) ||
	    doc_need_str(d, r, "referee", &s->referee, err) ||
	    doc_need(d, r, "sides", DOC_SEQ, &sides, err) ||
	    doc_need(d, r, "options", DOC_MAP, &s->options, err) ||
	    doc_need(d, r, "data", DOC_MAP, &s->data, err))
		goto fail;
	const struct doc_node *ja = doc_get(r, "title_ja");
	s->title_ja = ja && ja->kind == DOC_SCALAR ? ja->str : NULL;
	s->provisional = doc_get(r, "provisional");
	s->notes = doc_get(r, "notes");
	const struct doc_node *draft = doc_get(r, "draft");
	if (draft && (draft->kind != DOC_SCALAR || !draft->str[0])) {
		errorf(err, EXIT_REFUSED, "%s: draft must be one sentence "
		       "saying what is not implemented yet", d->name);
		goto fail;
	}
	s->draft = draft ? draft->str : NULL;
	if (strcmp(s->provenance, "complete") &&
	    strcmp(s->provenance, "provisional")) {
		errorf(err, EXIT_REFUSED, "%s: provenance must be 'complete' "
		       "or 'provisional'", d->name);
		goto fail;
	}
	if (strcmp(s->referee, "required") && strcmp(s->referee, "optional")
	    && strcmp(s->referee, "none")) {
		errorf(err, EXIT_REFUSED, "%s: referee must be 'required', "
		       "'optional' or 'none'", d->name);
		goto fail;
	}
	s->rs = ruleset_find(rules);
	if (!s->rs) {
		errorf(err, EXIT_REFUSED, "%s: no rules module '%s' in this "
		       "umpire", d->name, rules);
		goto fail;
	}
	if (sides->n == 0 || sides->n > SCENARIO_MAX_SIDES) {
		errorf(err, EXIT_REFUSED, "%s: 1 to %d sides expected",
		       doc_where(d, sides, w, sizeof w), SCENARIO_MAX_SIDES);
		goto fail;
	}
	for (size_t i = 0; i < sides->n; i++) {
		const struct doc_node *n = sides->items[i];
		if (n->kind != DOC_SCALAR || !n->len ||
		    strcmp(n->str, "referee") == 0) {
			errorf(err, EXIT_REFUSED, "%s: bad side name",
			       doc_where(d, n, w, sizeof w));
			goto fail;
		}
		s->sides[s->n_sides++] = n->str;
	}
	if (check_spec(s, err))
		goto fail;
	if (!hit)
		doc_hash(SCENARIO_HASH_DOMAIN, r, s->hash);
	if (cached && !hit)
		cache_write(key, s);
	s->cached = cached;
	return 0;
fail:
	doc_free(s->doc);
	s->doc = NULL;
	return -1;
}

int scenario_load(const char *path, struct scenario *s, struct error *err)
{
	return load(path, s, 0, err);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int scenario_ids(const char *dir, char ***ids, size_t *n,
		 struct error *err)
{
	DIR *dp = opendir(dir);
	*ids = NULL;
	*n = 0;
	if (!dp)
		return errorf(err, EXIT_USAGE, "cannot read the scenario "
			      "directory %s (set UMPIRE_SCENARIOS, or "
			      "'scenarios =' in the config file)", dir);
	struct dirent *de;
	while ((de = readdir(dp))) {
		size_t l = strlen(de->d_name);
		if (l > 5 && !strcmp(de->d_name + l - 5, ".yaml")) {
			*ids = xrealloc(*ids, (*n + 1) * sizeof **ids);
			(*ids)[*n] = xstrdup(de->d_name);
			(*ids)[(*n)++][l - 5] = '\0';
		}
	}
	closedir(dp);
	if (*n)
		qsort(*ids, *n, sizeof **ids, by_name);
	return 0;
}

void scenario_ids_free(char **ids, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
}

static int no_scenario(const char *dir, const char *id, struct error *err)
{
	char **ids;
	size_t n;
	struct strbuf sb = STRBUF_INIT;
	if (scenario_ids(dir, &ids, &n, err))
		return -1;
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&sb, "%s%s", i ? ", " : "", ids[i]);
	errorf(err, EXIT_USAGE, "no scenario '%s' in %s (installed: %s)", id,
	       dir, n ? sb.buf : "none");
	strbuf_free(&sb);
	scenario_ids_free(ids, n);
	return -1;
}

int scenario_find(const char *dir, const char *id, struct scenario *s,
		  struct error *err)
{
	char path[4096];
	for (const char *p = id; *p; p++)
		if (!(*p == '-' || (*p >= 'a' && *p <= 'z') ||
		      (*p >= '0' && *p <= '9')))
			return no_scenario(dir, id, err);
	snprintf(path, sizeof path, "%s/%s.yaml", dir, id);
	if (access(path, R_OK) != 0)
		return no_scenario(dir, id, err);
	if (load(path, s, 1, err))
		return -1;
	if (strcmp(s->id, id) != 0) {
		errorf(err, EXIT_REFUSED, "%s: holds scenario '%s', not '%s'",
		       path, s->id, id);
		scenario_free(s);
		return -1;
	}
	return 0;
}

void scenario_free(struct scenario *s)
{
	if (!s->borrowed) {
		doc_free(s->doc);
		for (size_t i = 0; s->starts && i < s->starts->n; i++)
			free(s->starts->state[i]);
		free(s->starts);
	}
	memset(s, 0, sizeof *s);
}

void scenario_list_sides(const struct scenario *s, struct strbuf *sb)
{
	for (size_t i = 0; i < s->n_sides; i++)
		strbuf_addf(sb, "%s%s", i ? ", " : "", s->sides[i]);
}

void scenario_list_options(const struct scenario *s, struct strbuf *sb)
{
	for (size_t i = 0; i < s->options->n; i++)
		strbuf_addf(sb, "%s%s", i ? ", " : "",
			    s->options->keys[i]->str);
	if (s->options->n == 0)
		strbuf_adds(sb, "none");
}

int scenario_has_side(const struct scenario *s, const char *side)
{
	for (size_t i = 0; i < s->n_sides; i++)
		if (strcmp(s->sides[i], side) == 0)
			return 1;
	return 0;
}

static int value_ok(const struct doc_node *spec, const char *v)
{
	const struct doc_node *vals = doc_get(spec, "values");
	for (size_t j = 0; j < vals->n; j++)
		if (strcmp(vals->items[j]->str, v) == 0)
			return 1;
	return 0;
}

static int bad_value(const struct scenario *s, const char *name,
		     const char *v, struct error *err)
{
	const struct doc_node *spec = doc_get(s->options, name);
	const struct doc_node *vals = doc_get(spec, "values");
	struct strbuf sb = STRBUF_INIT;
	for (size_t j = 0; j < vals->n; j++)
		strbuf_addf(&sb, "%s%s", j ? ", " : "", vals->items[j]->str);
	errorf(err, EXIT_USAGE, "option %s=%s is not allowed by scenario %s "
	       "(values: %s)", name, v, s->id, sb.buf);
	strbuf_free(&sb);
	return -1;
}

int scenario_options(const struct scenario *s, struct doc *d,
		     char *const *sets, size_t n_sets,
		     struct doc_node **out, struct error *err)
{
	struct doc_node *m = doc_map(d);
	for (size_t i = 0; i < n_sets; i++) {
		const char *eq = strchr(sets[i], '=');
		if (!eq || eq == sets[i])
			return errorf(err, EXIT_USAGE, "--set takes "
				      "OPTION=VALUE, not '%s'", sets[i]);
		char name[64];
		snprintf(name, sizeof name, "%.*s", (int)(eq - sets[i]),
			 sets[i]);
		if (!doc_get(s->options, name)) {
			struct strbuf sb = STRBUF_INIT;
			scenario_list_options(s, &sb);
			errorf(err, EXIT_USAGE, "scenario %s has no option '%s' "
			       "(its options: %s; see 'umpire scenarios "
			       "--options %s')", s->id, name, sb.buf, s->id);
			strbuf_free(&sb);
			return -1;
		}
		for (size_t j = 0; j < i; j++)
			if (strncmp(sets[j], sets[i], (size_t)(eq - sets[i]) +
				    1) == 0)
				return errorf(err, EXIT_USAGE, "option '%s' "
					      "set twice", name);
		if (!value_ok(doc_get(s->options, name), eq + 1))
			return bad_value(s, name, eq + 1, err);
	}
	for (size_t i = 0; i < s->options->n; i++) {
		const char *name = s->options->keys[i]->str;
		const char *v = doc_get(s->options->items[i], "default")->str;
		size_t nl = strlen(name);
		for (size_t j = 0; j < n_sets; j++)
			if (strncmp(sets[j], name, nl) == 0 &&
			    sets[j][nl] == '=')
				v = sets[j] + nl + 1;
		doc_set_str(d, m, name, v);
	}
	*out = m;
	return 0;
}

int scenario_check_options(const struct scenario *s, const struct doc *d,
			   const struct doc_node *opts, struct error *err)
{
	char w[300];
	if (opts->kind != DOC_MAP || opts->n != s->options->n)
		return errorf(err, EXIT_REFUSED, "%s: options must list every "
			      "option of scenario %s",
			      doc_where(d, opts, w, sizeof w), s->id);
	for (size_t i = 0; i < opts->n; i++) {
		const char *name = s->options->keys[i]->str;
		if (strcmp(opts->keys[i]->str, name) != 0 ||
		    opts->items[i]->kind != DOC_SCALAR)
			return errorf(err, EXIT_REFUSED, "%s: option %zu "
				      "must be '%s'", doc_where(d, opts->keys[i],
				      w, sizeof w), i + 1, name);
		if (!value_ok(s->options->items[i], opts->items[i]->str))
			return bad_value(s, name, opts->items[i]->str, err);
	}
	return 0;
}

/*
 * The start state kept beside the scenario's tree (STATE/checkpoints/
 * start-NAME), byte for byte as the rules' setup made it: a rules
 * module's state is one struct of plain values (rules.h), which the
 * engine copies as bytes, and setup reads the scenario and the options
 * alone. So the bytes depend on this very program (its build id: the
 * struct's layout and the setup code), the scenario (its hash) and the
 * options. NAME covers the rules, the scenario and the options, KEY
 * NAME and the build id: a program built anew rewrites the file of
 * the one before rather than adding one. The file:
 *   START_MAGIC, KEY (32), the state (state_size bytes)
 * Any other length, magic or key is a miss, set up anew and rewritten;
 * a program without a build id keeps none. Like the checkpoints it is
 * this machine's own cache, in its 0700 directory, and not checked
 * further (a checksum of Aachen's 195 KB would cost as much as the
 * setup it spares: 2.2M instructions of every command, its map read
 * from the tree).
 */
#define START_MAGIC "umpire-start-cache/1\n"

struct build_id {
	const unsigned char *id;
	size_t len;
};

/* the GNU build id note of the program (the first object listed) */
static int first_object(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct build_id *b = arg;
	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_NOTE)
			continue;
		const unsigned char *p = (const unsigned char *)
			(info->dlpi_addr + ph->p_vaddr);
		size_t off = 0;
		while (off + sizeof(ElfW(Nhdr)) <= ph->p_memsz) {
			ElfW(Nhdr) nh;
			memcpy(&nh, p + off, sizeof nh);
			size_t name = off + sizeof nh,
			       desc = name + ((nh.n_namesz + 3) & ~3u);
			off = desc + ((nh.n_descsz + 3) & ~3u);
			if (off > ph->p_memsz)
				break;
			if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
			    !memcmp(p + name, "GNU", 4) && nh.n_descsz) {
				b->id = p + desc;
				b->len = nh.n_descsz;
				return 1;
			}
		}
	}
	return 1;
}

static int start_key(const struct scenario *s, const struct doc_node *opts,
		     unsigned char name[32], unsigned char key[32])
{
	struct build_id b = { NULL, 0 };
	unsigned char oh[32];
	crypto_generichash_state st;
	dl_iterate_phdr(first_object, &b);
	if (!b.len)
		return -1;
	if (opts)
		doc_hash("umpire/1 start options", opts, oh);
	else
		memset(oh, 0, sizeof oh);
	crypto_generichash_init(&st, NULL, 0, 32);
	crypto_generichash_update(&st, (const unsigned char *)START_MAGIC,
				  strlen(START_MAGIC));
	crypto_generichash_update(&st, (const unsigned char *)s->rs->id,
				  strlen(s->rs->id) + 1);
	crypto_generichash_update(&st, s->hash, 32);
	crypto_generichash_update(&st, oh, 32);
	crypto_generichash_final(&st, name, 32);
	crypto_generichash_init(&st, NULL, 0, 32);
	crypto_generichash_update(&st, name, 32);
	crypto_generichash_update(&st, b.id, b.len);
	crypto_generichash_final(&st, key, 32);
	return 0;
}

static int start_path(const unsigned char name[32], struct strbuf *path)
{
	struct strbuf dir = STRBUF_INIT;
	struct error ignored;
	char hex[65];
	int rc = state_dir(&dir, &ignored);
	sodium_bin2hex(hex, sizeof hex, name, 32);
	if (rc == 0)
		strbuf_addf(path, "%s/checkpoints/start-%s", dir.buf, hex);
	strbuf_free(&dir);
	return rc;
}

/* st from the cache, read into it; 0 when found whole */
static int start_read(const struct scenario *s, const char *path,
		      const unsigned char key[32], void *st)
{
	const size_t m = strlen(START_MAGIC), n = s->rs->state_size;
	char head[64];
	struct stat sb;
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc = -1;
	if (fd < 0)
		return -1;
	if (m + 32 <= sizeof head && fstat(fd, &sb) == 0 &&
	    S_ISREG(sb.st_mode) && (size_t)sb.st_size == m + 32 + n &&
	    read_at(fd, head, m + 32, 0) == 0 &&
	    !memcmp(head, START_MAGIC, m) && !memcmp(head + m, key, 32) &&
	    read_at(fd, st, n, m + 32) == 0)
		rc = 0;
	close(fd);
	return rc;
}

static void start_write(const struct scenario *s, const char *path,
			const unsigned char key[32], const void *st)
{
	struct strbuf file = STRBUF_INIT;
	strbuf_adds(&file, START_MAGIC);
	strbuf_add(&file, key, 32);
	strbuf_add(&file, st, s->rs->state_size);
	write_cache(path, file.buf, file.len);
	strbuf_free(&file);
}

/* st (the start state of key) kept in the memo's starts, the oldest
 * that no game holds replaced (none kept where every one is held): its
 * index, or -1. */
static int start_keep(struct scenario_starts *k, const unsigned char key[32],
		      const void *st, size_t size)
{
	size_t i = k->n, tries = 0;
	if (k->n < SCENARIO_STARTS) {
		k->n++;
	} else {
		while (k->users[k->next] && ++tries < SCENARIO_STARTS)
			k->next = (k->next + 1) % SCENARIO_STARTS;
		if (k->users[k->next])
			return -1;
		i = k->next;
		k->next = (k->next + 1) % SCENARIO_STARTS;
	}
	free(k->state[i]);
	k->state[i] = xmalloc(size);
	memcpy(k->state[i], st, size);
	memcpy(k->key[i], key, 32);
	k->users[i] = 0;
	return (int)i;
}

/* scenario_start; share: the memo's own state where it keeps it (held:
 * scenario_start_release), else *state the caller's. */
static int start_of(const struct scenario *s, const struct doc_node *opts,
		    int share, void **state, struct error *err)
{
	struct strbuf path = STRBUF_INIT;
	unsigned char name[32], key[32];
	int keep = s->cached && start_key(s, opts, name, key) == 0 &&
		start_path(name, &path) == 0, at = -1;
	/* a judge's memo holds it since its first read: the file's very
	 * bytes, not read again (two reads of 195 KB a Race to the
	 * Reichstag message) */
	for (size_t i = 0; keep && s->starts && i < s->starts->n; i++)
		if (!memcmp(s->starts->key[i], key, 32)) {
			at = (int)i;
			break;
		}
	void *st = NULL;
	if (at < 0) {
		st = xmalloc(s->rs->state_size);
		if (!keep || start_read(s, path.buf, key, st) != 0) {
			memset(st, 0, s->rs->state_size);
			if (s->rs->setup(st, s->doc, s->data, opts, err)) {
				strbuf_free(&path);
				free(st);
				return error_prefix(err, "scenario %s", s->id);
			}
			if (keep)
				start_write(s, path.buf, key, st);
		}
		if (keep && s->starts)
			at = start_keep(s->starts, key, st,
					s->rs->state_size);
	}
	strbuf_free(&path);
	if (at >= 0 && share) {
		free(st);
		s->starts->users[at]++;
		*state = s->starts->state[at];
		return 0;
	}
	if (!st) {
		st = xmalloc(s->rs->state_size);
		memcpy(st, s->starts->state[at], s->rs->state_size);
	}
	*state = st;
	return 0;
}

int scenario_start(const struct scenario *s, const struct doc_node *opts,
		   void **state, struct error *err)
{
	return start_of(s, opts, 0, state, err);
}

int scenario_start_shared(const struct scenario *s,
			  const struct doc_node *opts, const void **state,
			  struct error *err)
{
	void *st;
	if (start_of(s, opts, 1, &st, err))
		return -1;
	*state = st;
	return 0;
}

void scenario_start_release(const struct scenario *s, const void *state)
{
	for (size_t i = 0; state && s->starts && i < s->starts->n; i++)
		if (s->starts->state[i] == state) {
			s->starts->users[i]--;
			return;
		}
	free((void *)state);
}
