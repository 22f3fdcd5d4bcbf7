/*
 * fuzz_action.c: the action parser (doc/notation.md) under a fuzzer.
 *
 * Any text either fails to parse or parses to an action whose canonical
 * text parses back to the same action and prints the same way again.
 * tac_action_parse_why() agrees with it, its reason formats as the string
 * API's English, and tac_why_format() copes with the text as a fmt (a
 * translation gone wrong) at every buffer size.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tac.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void	fuzz_format(const struct tac_why *, const char *);

/*
 * Format a reason into buffers of every size up to its length, each on
 * the heap at exactly that size, so that a write past it shows; the
 * whole text must equal want (when not NULL).
 */
static void
fuzz_format(const struct tac_why *why, const char *want)
{
	char	*buf;
	size_t	 n, len, m;

	n = tac_why_format(why, NULL, 0);
	for (len = 1; len <= n + 1; len++) {
		if ((buf = malloc(len)) == NULL)
			abort();
		m = tac_why_format(why, buf, len);
		if (m != n || strlen(buf) != (len - 1 < n ? len - 1 : n)) {
			fprintf(stderr, "\"%s\": %zu bytes gave %zu, \"%s\"\n",
			    why->fmt, len, m, buf);
			abort();
		}
		if (len == n + 1 && want != NULL && strcmp(buf, want) != 0) {
			fprintf(stderr, "\"%s\" formats as \"%s\", not "
			    "\"%s\"\n", why->fmt, buf, want);
			abort();
		}
		free(buf);
	}
}

/* Check one input; abort() tells the fuzzer it found a bug. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tac_action	 a, b, c;
	struct tac_why		 why, as_fmt;
	char			*text, err[256], out[256], again[256];
	size_t			 n;
	int			 r;

	/* Longer lines only repeat what shorter ones exercise. */
	if (size > 4096)
		return (0);
	if ((text = malloc(size + 1)) == NULL)
		return (0);
	if (size != 0)
		memcpy(text, data, size);
	text[size] = '\0';

	/* The text as a translated fmt, over values of every kind. */
	memset(&as_fmt, 0, sizeof as_fmt);
	as_fmt.fmt = text;
	as_fmt.nargs = TAC_WHY_MAXARGS;
	as_fmt.arg[0].kind = 'C';
	as_fmt.arg[0].v = size > 0 ? data[0] - 128 : 0;
	as_fmt.arg[1].kind = 'P';
	as_fmt.arg[1].v = size > 1 ? data[1] : 0;
	as_fmt.arg[2].kind = 'L';
	as_fmt.arg[2].v = size > 2 ? data[2] : 0;
	as_fmt.arg[3].kind = 's';
	memset(as_fmt.arg[3].s, 'x', sizeof as_fmt.arg[3].s);	/* no NUL */
	fuzz_format(&as_fmt, NULL);

	memset(&c, 0, sizeof c);
	r = tac_action_parse(text, &a, err, sizeof err);
	if (tac_action_parse_why(text, &c, &why) != r ||
	    tac_action_parse_why(text, NULL, NULL) != r) {
		fprintf(stderr, "\"%s\": the _why variant disagrees\n", text);
		abort();
	}
	if (r == -1) {
		if (why.fmt == NULL) {
			fprintf(stderr, "\"%s\": refused, no reason\n", text);
			abort();
		}
		fuzz_format(&why, err);
		free(text);
		return (0);
	}
	if (why.fmt != NULL || !tac_action_equal(&a, &c)) {
		fprintf(stderr, "\"%s\": the _why variant differs\n", text);
		abort();
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
