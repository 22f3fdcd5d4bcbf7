/*
 * fuzz_position.c: the position loader (tac-position/1) under a fuzzer.
 *
 * Any JSON either fails to load or loads to a state whose full save loads
 * again and saves identically; the move generator must cope with it, and
 * so must tac_apply_why() with actions of the list changed by the input,
 * agreeing with tac_apply() and its English.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tacjson.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void	fuzz_fail(const char *, const json_t *, const json_t *);
static void	fuzz_apply(const struct tac_state *, const uint8_t *, size_t);

/* Big (the 7's memo), so one copy each for the whole run. */
static struct tac_list	list, scratch;

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
 * Apply a few actions of the list, changed by the input's bytes, both
 * ways: the same answer, the same state, the same reason.
 */
static void
fuzz_apply(const struct tac_state *st, const uint8_t *data, size_t size)
{
	static struct tac_state	 one, two;
	struct tac_action	 a;
	struct tac_why		 why;
	char			 err[256], text[256];
	size_t			 i;
	int			 r;

	for (i = 0; i < 8 && list.n > 0; i++) {
		a = list.a[(i * 7919) % list.n];
		if (size > i && data[i] % 3 == 0)
			a.card = data[i] % TAC_NCARDS;
		else if (size > i && data[i] % 3 == 1 && a.nseg > 0)
			a.seg[0].to = data[size - 1 - i];
		one = *st;
		two = *st;
		err[0] = '\0';
		r = tac_apply(&one, &a, &scratch, err, sizeof err);
		if (tac_apply_why(&two, &a, &scratch, &why) != r ||
		    memcmp(&one, &two, sizeof one) != 0)
			fuzz_fail("tac_apply_why() and tac_apply() disagree",
			    NULL, NULL);
		if (r >= 0) {
			if (why.fmt != NULL)
				fuzz_fail("applied with a reason", NULL, NULL);
			continue;
		}
		if (why.fmt == NULL)
			fuzz_fail("refused without a reason", NULL, NULL);
		tac_why_format(&why, text, sizeof text);
		if (strcmp(text, err) != 0)
			fuzz_fail(text, NULL, NULL);
	}
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

	if (tac_config_check_why(&st.cfg, NULL) != 0)
		fuzz_fail("a loaded position has a bad configuration", NULL,
		    NULL);
	if (tac_legal(&st, &list) >= 0)
		fuzz_apply(&st, data, size);
	return (0);
}
