/*
 * driver.c: run a fuzz target without libFuzzer.
 *
 * Each argument is a file, or a folder whose files are read in turn; with
 * no argument the input is standard input.  Every input goes through
 * LLVMFuzzerTestOneInput() once, so make check can replay the seed corpora
 * (and any crash file) with whatever compiler built the tree.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int	driver_file(const char *);
static int	driver_dir(const char *);
static int	driver_stream(FILE *, const char *);

static int	driver_count;

/* Read a stream into a buffer of exactly its size, so overreads show. */
static int
driver_stream(FILE *f, const char *name)
{
	uint8_t	*buf = NULL, *p;
	size_t	 len = 0, size = 0, n;

	for (;;) {
		if (len == size) {
			size = size == 0 ? 4096 : size * 2;
			if ((p = realloc(buf, size)) == NULL) {
				fprintf(stderr, "%s: out of memory\n", name);
				free(buf);
				return (-1);
			}
			buf = p;
		}
		n = fread(buf + len, 1, size - len, f);
		len += n;
		if (n == 0)
			break;
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: read error\n", name);
		free(buf);
		return (-1);
	}
	p = len == 0 ? NULL : malloc(len);
	if (len != 0 && p == NULL) {
		fprintf(stderr, "%s: out of memory\n", name);
		free(buf);
		return (-1);
	}
	if (len != 0)
		memcpy(p, buf, len);
	free(buf);

	LLVMFuzzerTestOneInput(p, len);
	free(p);
	driver_count++;
	return (0);
}

/* Run one file. */
static int
driver_file(const char *path)
{
	FILE	*f;
	int	 rv;

	if ((f = fopen(path, "rb")) == NULL) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return (-1);
	}
	rv = driver_stream(f, path);
	fclose(f);
	return (rv);
}

/* Run every regular file of a folder; hidden files are skipped. */
static int
driver_dir(const char *path)
{
	DIR		*d;
	struct dirent	*de;
	struct stat	 sb;
	char		*name;
	size_t		 len;
	int		 rv = 0;

	if ((d = opendir(path)) == NULL) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return (-1);
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		len = strlen(path) + strlen(de->d_name) + 2;
		if ((name = malloc(len)) == NULL) {
			rv = -1;
			break;
		}
		snprintf(name, len, "%s/%s", path, de->d_name);
		if (stat(name, &sb) == 0 && S_ISREG(sb.st_mode) &&
		    driver_file(name) != 0)
			rv = -1;
		free(name);
	}
	closedir(d);
	return (rv);
}

/* Run the inputs named on the command line. */
int
main(int argc, char **argv)
{
	struct stat	 sb;
	int		 i, rv = 0;

	if (argc < 2)
		rv = driver_stream(stdin, "stdin");
	for (i = 1; i < argc; i++) {
		if (stat(argv[i], &sb) != 0) {
			fprintf(stderr, "%s: %s\n", argv[i], strerror(errno));
			rv = -1;
		} else if (S_ISDIR(sb.st_mode)) {
			if (driver_dir(argv[i]) != 0)
				rv = -1;
		} else if (driver_file(argv[i]) != 0)
			rv = -1;
	}
	printf("%s: %d inputs\n", argv[0], driver_count);
	return (rv == 0 ? 0 : 1);
}
