/*
 * fuzz_position.c: the position loader (tac-position/1) under a fuzzer.
 *
 * Any JSON either fails to load or loads to a state whose full save loads
 * again and saves identically; the move generator must cope with it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tacjson.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void	fuzz_fail(const char *, const json_t *, const json_t *);

/* Big (the 7's memo), so one copy for the whole run. */
static struct tac_list	list;

/* Print what went wrong and stop. */
static void
fuzz_fail(const char *why, const json_t *one, const json_t *two)
{
	fprintf(stderr, "%s\n", why);
	if (one != NULL) {
		json_dumpf(one, stderr, JSON_COMPACT);
		fputc('\n', stderr);
	}
	if (two != NULL) {
		json_dumpf(two, stderr, JSON_COMPACT);
		fputc('\n', stderr);
	}
	abort();
}

/* Check one input; abort() tells the fuzzer it found a bug. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct tac_state	 st, st2;
	json_t			*in, *one, *two;
	json_error_t		 jerr;
	char			 err[256];

	if ((in = json_loadb((const char *)data, size, 0, &jerr)) == NULL)
		return (0);
	if (tac_position_load(&st, in, err, sizeof err) == -1) {
		json_decref(in);
		return (0);
	}
	json_decref(in);

	if ((one = tac_position_save(&st, -1)) == NULL)
		fuzz_fail("a loaded position does not save", NULL, NULL);
	if (tac_position_load(&st2, one, err, sizeof err) == -1)
		fuzz_fail(err, one, NULL);
	if ((two = tac_position_save(&st2, -1)) == NULL)
		fuzz_fail("a reloaded position does not save", one, NULL);
	if (!json_equal(one, two))
		fuzz_fail("save, load, save differs", one, two);
	json_decref(one);
	json_decref(two);

	tac_legal(&st, &list);
	return (0);
}
