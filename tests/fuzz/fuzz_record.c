/*
 * fuzz_record.c: the game record loader (tac-record/1) and replay under a
 * fuzzer.
 *
 * Any JSON either fails to load or loads to a record that saves, loads
 * again and saves identically, and that replays (or stops with a reason)
 * without a crash; the reason is a sound one (replay goes through
 * tac_action_parse() and tac_apply(), so through their _why variants).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tacjson.h"

/* Longer records only slow the fuzzer down. */
#define FUZZ_MAXACTIONS	2000

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

/*
 * Check one input; abort() tells the fuzzer it found a bug.  A failed
 * tac_record_load() must leave nothing to free.
 */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct tac_state	 st;
	struct tac_record	 rec, rec2;
	json_t			*in, *one, *two;
	json_error_t		 jerr;
	struct tac_why		 why;
	char			 err[256];
	size_t			 done;

	if ((in = json_loadb((const char *)data, size, 0, &jerr)) == NULL)
		return (0);
	memset(&rec, 0, sizeof rec);
	if (tac_record_load(&rec, in, err, sizeof err) == -1) {
		json_decref(in);
		return (0);
	}

	if ((one = tac_record_save(&rec)) == NULL)
		fuzz_fail("a loaded record does not save", in, NULL);
	memset(&rec2, 0, sizeof rec2);
	if (tac_record_load(&rec2, one, err, sizeof err) == -1)
		fuzz_fail(err, one, NULL);
	if ((two = tac_record_save(&rec2)) == NULL)
		fuzz_fail("a reloaded record does not save", one, NULL);
	if (!json_equal(one, two))
		fuzz_fail("save, load, save differs", one, two);
	json_decref(one);
	json_decref(two);
	tac_record_free(&rec2);

	if (tac_config_check_why(&rec.cfg, &why) != 0 || why.fmt != NULL)
		fuzz_fail("a loaded record has a bad configuration", in, NULL);
	err[0] = '\0';
	if (rec.nactions <= FUZZ_MAXACTIONS &&
	    tac_record_replay(&rec, &st, &list, &done, err, sizeof err) != 0 &&
	    err[0] == '\0')
		fuzz_fail("a replay stopped without a reason", in, NULL);
	tac_record_free(&rec);
	json_decref(in);
	return (0);
}
