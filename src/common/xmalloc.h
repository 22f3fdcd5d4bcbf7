/*
 * xmalloc.h: allocation that cannot fail.
 *
 * Running out of memory is not an error a caller can act on in tacd: the
 * process logs it and exits, and systemd starts it again on the durable
 * store.  So these never return NULL, and callers stay short.  Errors a
 * caller can act on (SQL, I/O, bad input) still return -1.
 */
#ifndef XMALLOC_H
#define XMALLOC_H

#include <stdarg.h>
#include <stddef.h>

/* xmalloc.c */
void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xrealloc(void *, size_t);
void	*xreallocarray(void *, size_t, size_t);
char	*xstrdup(const char *);
char	*xstrndup(const char *, size_t);
int	 xasprintf(char **, const char *, ...)
	    __attribute__((__format__(__printf__, 2, 3)));
int	 xvasprintf(char **, const char *, va_list)
	    __attribute__((__format__(__printf__, 2, 0)));

/* xmalloc-json.c: jansson allocates with xmalloc() from then on. */
void	 xmalloc_json(void);

#endif /* XMALLOC_H */
