/*
 * fuzz_split.c: the tolerant JSON scanner (bot/bridge-jscan.c) under a
 * fuzzer, checked against jansson.  For any bytes, every span lies inside
 * the input, in order and without overlap.  Where jansson reads the input
 * (it is stricter: it also judges strings, numbers and literals), the
 * scanner must agree with it: the same number of array elements, each
 * span decoding to the same element, the same "result" member, and the
 * same update_id.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* memmem */
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "bridge-jscan.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* What the array walk saw. */
struct walk {
	const char	*buf;
	size_t		 len;
	size_t		 end;		/* where the last span ended */
	json_t		*want;		/* jansson's array, or NULL */
	size_t		 n;
	int		 bad;		/* an element jansson refuses */
};

/* Say what broke and abort: the fuzzer keeps the input. */
static void
fail(const char *what)
{
	fprintf(stderr, "tg-split: %s\n", what);
	abort();
}

/* Does the span hold exactly the JSON value v (NULL: any value)? */
static int
same(const char *buf, const struct bridge_span *sp, json_t *v)
{
	json_error_t	 jerr;
	json_t		*got;
	int		 eq;

	got = json_loadb(buf + sp->off, sp->len, JSON_DECODE_ANY |
	    JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL, &jerr);
	eq = got != NULL && (v == NULL || json_equal(got, v));
	json_decref(got);
	return (eq);
}

/* One element: inside the input, after the last; as jansson read it. */
static void
walk_one(void *arg, const struct bridge_span *sp)
{
	struct walk	*w = arg;

	if (sp->off < w->end || sp->len == 0 || sp->off > w->len ||
	    sp->len > w->len - sp->off)
		fail("an element's span is out of place");
	w->end = sp->off + sp->len;
	if (!same(w->buf, sp, NULL))
		w->bad = 1;
	if (w->want != NULL && (w->n >= json_array_size(w->want) ||
	    !same(w->buf, sp, json_array_get(w->want, w->n))))
		fail("an element differs from jansson's");
	w->n++;
}

/* Check one input; abort() tells the fuzzer it found a bug. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*buf = (const char *)data;
	struct walk	 w;
	struct bridge_span	 sp;
	json_error_t	 jerr;
	json_t		*root, *v;
	int64_t		 id;
	long		 n;
	int		 escapes;

	root = json_loadb(buf, size, JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL,
	    &jerr);
	/* A \u escape can spell a key's letters, which the scanner (raw
	   bytes) does not read as that key. */
	escapes = memmem(buf, size, "\\u", 2) != NULL;

	memset(&w, 0, sizeof w);
	w.buf = buf;
	w.len = size;
	w.want = json_is_array(root) ? root : NULL;
	n = bridge_jscan_array(buf, size, walk_one, &w);
	if (n >= 0 && (size_t)n != w.n)
		fail("the count is not the number of elements");
	if (json_is_array(root) && (n < 0 || (size_t)n !=
	    json_array_size(root)))
		fail("jansson's array was not split");
	/*
	 * Nor does it split what is no array: valid elements in a sound
	 * frame make an array jansson reads (but for a NUL byte, which
	 * the scanner skips anywhere, and jansson's depth limit).
	 */
	if (n >= 0 && !w.bad && root == NULL && memchr(buf, '\0', size) ==
	    NULL && size < 2048)
		fail("something that is no array was split");

	if (bridge_jscan_member(buf, size, "result", &sp) == 0) {
		if (sp.len == 0 || sp.off > size || sp.len > size - sp.off)
			fail("the member's span is out of place");
		v = json_object_get(root, "result");
		if (root != NULL && (v == NULL || !same(buf, &sp, v)))
			fail("the member differs from jansson's");
	} else if (json_object_get(root, "result") != NULL && !escapes)
		fail("jansson's member was not found");

	/* The id: jansson's integer, unless spelled in a way we refuse. */
	id = bridge_jscan_id(buf, size);
	v = json_object_get(root, "update_id");
	if (root != NULL && id >= 0 && (!json_is_integer(v) ||
	    json_integer_value(v) != id))
		fail("an update_id jansson reads otherwise");
	if (json_is_integer(v) && json_integer_value(v) >= 0 && id < 0 &&
	    !escapes && memmem(buf, size, "-0", 2) == NULL)
		fail("an update_id jansson reads was missed");
	json_decref(root);
	return (0);
}
