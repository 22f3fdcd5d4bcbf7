/*
 * fuzz_initdata.c: the Mini App's init data parser and check
 * (bot/telegram/tg-initdata.c) under a fuzzer.  For any bytes: the parse keeps
 * only pairs that lie in its copy, with names for keys and no key twice;
 * the data-check-string is as long as its pairs say, with no "hash" in
 * it; and the check never takes data that is not signed by the token
 * (the fuzzer cannot forge an HMAC, so taking anything is a bug).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tg-initdata.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Say what broke and abort: the fuzzer keeps the input. */
static void
fail(const char *what)
{
	fprintf(stderr, "tg-initdata: %s\n", what);
	abort();
}

/* Check the parse of one input and the string it signs. */
static void
fuzz_parse(const char *text, size_t len)
{
	struct tg_init	 init;
	const char	*why = NULL;
	char		*dcs;
	size_t		 n, want = 0;
	int		 i, j;

	if (tg_initdata_parse(text, len, &init, &why) != 0) {
		if (why == NULL || init.buf != NULL || init.npairs != 0)
			fail("a refusal without a reason, or with pairs");
		return;
	}
	for (i = 0; i < init.npairs; i++) {
		if (init.pairs[i].key < init.buf ||
		    init.pairs[i].value + init.pairs[i].vlen > init.buf + len)
			fail("a pair outside the copy");
		if (strlen(init.pairs[i].value) != init.pairs[i].vlen)
			fail("a value with a NUL in it");
		for (j = 0; j < i; j++) {
			if (strcmp(init.pairs[i].key, init.pairs[j].key) == 0)
				fail("a key twice");
		}
		if (strcmp(init.pairs[i].key, "hash") != 0)
			want += (want > 0 ? 1 : 0) + strlen(init.pairs[i].key) +
			    1 + init.pairs[i].vlen;
	}
	n = tg_initdata_string(&init, NULL, 0);
	if (n != want)
		fail("the data-check-string's length");
	dcs = malloc(n + 1);
	if (tg_initdata_string(&init, dcs, n + 1) != n || strlen(dcs) != n)
		fail("the data-check-string written");
	if (strncmp(dcs, "hash=", 5) == 0 || strstr(dcs, "\nhash=") != NULL)
		fail("the hash signs itself");
	free(dcs);
	tg_initdata_free(&init);
}

/* One input: as init data, then through the whole check. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tg_initdata	 d;
	const char		*why = NULL;

	if (size > 2 * TG_INIT_MAX)
		return (0);
	fuzz_parse((const char *)data, size);
	if (tg_initdata_check((const char *)data, size,
	    "4242:AAE-test_TOKEN-do-not-log", 1700000000, 86400, &d,
	    &why) == 0) {
		/* Only the seed that is signed may pass. */
		if (strcmp(d.who.user, "279058397") != 0 ||
		    d.auth_date != 1700000000)
			fail("took data that is not signed");
	} else if (why == NULL || d.who.user[0] != '\0')
		fail("a refusal without a reason, or with a user");
	return (0);
}
