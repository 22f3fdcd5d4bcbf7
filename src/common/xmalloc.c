/*
 * xmalloc.c: allocation that cannot fail (xmalloc.h says why).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* vasprintf */
#endif

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "xmalloc.h"

/* Allocate size bytes (at least one). */
void *
xmalloc(size_t size)
{
	void	*p;

	if ((p = malloc(size == 0 ? 1 : size)) == NULL)
		fatal("xmalloc: %zu bytes", size);
	return (p);
}

/* Allocate n zeroed objects of size bytes each. */
void *
xcalloc(size_t n, size_t size)
{
	void	*p;

	if (n == 0 || size == 0)
		n = size = 1;
	if ((p = calloc(n, size)) == NULL)
		fatal("xcalloc: %zu x %zu bytes", n, size);
	return (p);
}

/* Resize p to size bytes. */
void *
xrealloc(void *p, size_t size)
{
	return (xreallocarray(p, 1, size));
}

/* Resize p to n objects of size bytes, refusing a product that overflows. */
void *
xreallocarray(void *p, size_t n, size_t size)
{
	void	*q;

	if (size != 0 && n > SIZE_MAX / size) {
		errno = ENOMEM;
		fatal("xreallocarray: %zu x %zu bytes", n, size);
	}
	if (n == 0 || size == 0)
		n = size = 1;
	if ((q = realloc(p, n * size)) == NULL)
		fatal("xreallocarray: %zu x %zu bytes", n, size);
	return (q);
}

/* A copy of s. */
char *
xstrdup(const char *s)
{
	char	*p;

	if ((p = strdup(s)) == NULL)
		fatal("xstrdup");
	return (p);
}

/* A copy of at most n bytes of s, always terminated. */
char *
xstrndup(const char *s, size_t n)
{
	char	*p;

	if ((p = strndup(s, n)) == NULL)
		fatal("xstrndup");
	return (p);
}

/* Format into a new string (*ret, caller frees); its length. */
int
xasprintf(char **ret, const char *fmt, ...)
{
	va_list	ap;
	int	n;

	va_start(ap, fmt);
	n = xvasprintf(ret, fmt, ap);
	va_end(ap);
	return (n);
}

/* xasprintf() with a va_list. */
int
xvasprintf(char **ret, const char *fmt, va_list ap)
{
	int	n;

	if ((n = vasprintf(ret, fmt, ap)) == -1)
		fatal("xvasprintf");
	return (n);
}
