/*
 * xmalloc-json.c: jansson allocates as the rest of tacd does.
 *
 * With xmalloc() behind it, a json_t is never NULL for want of memory:
 * json_object(), json_pack() and json_dumps() fail only on what they are
 * given (a bad format, text that is not UTF-8), and callers check for
 * that alone.  A program calls xmalloc_json() once, first thing.
 */
#include <stdlib.h>

#include <jansson.h>

#include "xmalloc.h"

/* jansson's malloc: xmalloc() (it never returns NULL). */
static void *
xmalloc_json_alloc(size_t size)
{
	return (xmalloc(size));
}

/* Make jansson allocate with xmalloc(). */
void
xmalloc_json(void)
{
	json_set_alloc_funcs(xmalloc_json_alloc, free);
}
