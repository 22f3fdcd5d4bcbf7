/*
 * rbuf.c: a growing string (rbuf.h).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rbuf.h"
#include "xmalloc.h"

/* Make room for n more bytes and a NUL. */
static void
rbuf_grow(struct rbuf *b, size_t n)
{
	size_t	need = b->len + n + 1;

	if (need <= b->size)
		return;
	while (b->size < need)
		b->size = b->size == 0 ? 256 : b->size * 2;
	b->s = xrealloc(b->s, b->size);
}

/* Append formatted text. */
void
rbuf_add(struct rbuf *b, const char *fmt, ...)
{
	va_list	ap;
	int	n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	rbuf_grow(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

/* Append a string as it is. */
void
rbuf_addstr(struct rbuf *b, const char *s)
{
	rbuf_addn(b, s, strlen(s));
}

/* Append the first n bytes of s. */
void
rbuf_addn(struct rbuf *b, const char *s, size_t n)
{
	rbuf_grow(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

/* Cut the trailing newlines. */
void
rbuf_trim(struct rbuf *b)
{
	while (b->len > 0 && b->s[b->len - 1] == '\n')
		b->s[--b->len] = '\0';
}

/* Empty the buffer, keeping its memory. */
void
rbuf_reset(struct rbuf *b)
{
	b->len = 0;
	if (b->s != NULL)
		b->s[0] = '\0';
}

/* Release the buffer's memory. */
void
rbuf_free(struct rbuf *b)
{
	free(b->s);
	memset(b, 0, sizeof *b);
}
