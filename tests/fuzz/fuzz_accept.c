/*
 * fuzz_accept.c: the Accept-Language reader (lang_accept(),
 * src/common/lang.c) under a fuzzer.  The input, as text, is a header:
 * what comes back is NULL or one of our codes, and then the header names
 * it (in some case) as a tag of its own; the same header read again
 * gives the same answer.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lang.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Stop the fuzzer with what went wrong. */
static void
fail(const char *what, const char *text)
{
	fprintf(stderr, "%s (\"%s\")\n", what, text);
	abort();
}

/* Does text hold code as a tag: at its start or after a separator? */
static int
named(const char *text, const char *code)
{
	const char	*p;
	size_t		 n = strlen(code);

	for (p = text; *p != '\0'; p++) {
		if ((p == text || strchr(" \t,;", p[-1]) != NULL) &&
		    strncasecmp(p, code, n) == 0)
			return (1);
	}
	return (0);
}

/* One input: a header. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*got, *again;
	char		*text;
	size_t		 i;
	int		 ours = 0;

	if ((text = malloc(size + 1)) == NULL)
		return (0);
	memcpy(text, data, size);
	text[size] = '\0';
	got = lang_accept(text);
	again = lang_accept(text);
	if (got != again)
		fail("the same header read twice, two answers", text);
	if (got != NULL) {
		for (i = 0; lang_code(i) != NULL; i++)
			ours |= got == lang_code(i);
		if (!ours)
			fail("not one of our languages", text);
		if (!named(text, got))
			fail("a language the header does not name", text);
	}
	free(text);
	return (0);
}
