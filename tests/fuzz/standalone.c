/*
 * standalone.c - a main for the fuzz targets without libFuzzer: runs
 * LLVMFuzzerTestOneInput once on each file named (or each file in each
 * directory named). `make check` uses it to replay the kept corpus and
 * crashes under ASan+UBSan and valgrind.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return 1;
	}
	size_t cap = 4096, n = 0;
	unsigned char *buf = malloc(cap);
	size_t got;
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap)
			buf = realloc(buf, cap *= 2);
	}
	fclose(f);
	if (!buf)
		return 1;
	/* an exact-size copy, so that ASan sees reads past the end */
	unsigned char *exact = malloc(n ? n : 1);
	memcpy(exact, buf, n);
	free(buf);
	LLVMFuzzerTestOneInput(exact, n);
	free(exact);
	return 0;
}

int main(int argc, char **argv)
{
	int fail = 0;
	size_t count = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0) {
			perror(argv[i]);
			fail = 1;
			continue;
		}
		if (!S_ISDIR(st.st_mode)) {
			fail |= run_file(argv[i]);
			count++;
			continue;
		}
		DIR *dir = opendir(argv[i]);
		struct dirent *e;
		while (dir && (e = readdir(dir))) {
			if (e->d_name[0] == '.')
				continue;
			char p[4096];
			snprintf(p, sizeof p, "%s/%s", argv[i], e->d_name);
			fail |= run_file(p);
			count++;
		}
		if (dir)
			closedir(dir);
	}
	fprintf(stderr, "%s: %zu inputs\n", argv[0], count);
	return fail;
}
