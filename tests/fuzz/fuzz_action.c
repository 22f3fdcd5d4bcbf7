/*
 * fuzz_action.c: the action parser (NOTATION.md) under a fuzzer.
 *
 * Any text either fails to parse or parses to an action whose canonical
 * text parses back to the same action and prints the same way again.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tac.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Check one input; abort() tells the fuzzer it found a bug. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tac_action	 a, b;
	char			*text, err[256], out[256], again[256];
	size_t			 n;

	/* Longer lines only repeat what shorter ones exercise. */
	if (size > 4096)
		return (0);
	if ((text = malloc(size + 1)) == NULL)
		return (0);
	if (size != 0)
		memcpy(text, data, size);
	text[size] = '\0';

	if (tac_action_parse(text, &a, err, sizeof err) == -1) {
		free(text);
		return (0);
	}

	n = tac_action_format(&a, out, sizeof out);
	if (n == 0 || n >= sizeof out) {
		fprintf(stderr, "\"%s\": format gave %zu\n", text, n);
		abort();
	}
	if (tac_action_parse(out, &b, err, sizeof err) == -1) {
		fprintf(stderr, "\"%s\" printed as \"%s\": %s\n", text, out,
		    err);
		abort();
	}
	if (!tac_action_equal(&a, &b)) {
		fprintf(stderr, "\"%s\" printed as \"%s\": not equal\n", text,
		    out);
		abort();
	}
	n = tac_action_format(&b, again, sizeof again);
	if (n >= sizeof again || strcmp(out, again) != 0) {
		fprintf(stderr, "\"%s\" printed as \"%s\", then \"%s\"\n",
		    text, out, again);
		abort();
	}
	free(text);
	return (0);
}
