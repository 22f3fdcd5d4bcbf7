/*
 * rbuf.h: a growing string, for text made a piece at a time (messages,
 * boards, HTML).  It allocates with xmalloc: appending cannot fail.
 */
#ifndef RBUF_H
#define RBUF_H

#include <stddef.h>

/* A growing string; { NULL, 0, 0 } is empty; rbuf_free() releases it. */
struct rbuf {
	char	*s;		/* NUL-terminated once anything was added */
	size_t	 len;
	size_t	 size;
};

/* rbuf.c */
void	rbuf_add(struct rbuf *, const char *, ...)
	    __attribute__((__format__(__printf__, 2, 3)));
void	rbuf_addstr(struct rbuf *, const char *);
void	rbuf_addn(struct rbuf *, const char *, size_t);
void	rbuf_trim(struct rbuf *);
void	rbuf_reset(struct rbuf *);
void	rbuf_free(struct rbuf *);

#endif /* RBUF_H */
