/*
 * tg-split.h: a tolerant scanner of JSON text (bot/tg-split.c), so that
 * one bad update in a getUpdates answer spoils only itself.  Pure: no
 * allocation, no I/O, shared by the poller, the HTTP layer and the fuzzer.
 */
#ifndef TG_SPLIT_H
#define TG_SPLIT_H

#include <stddef.h>
#include <stdint.h>

/* A value's bytes inside a text: off from its start, len long. */
struct tg_span {
	size_t	off;
	size_t	len;
};

typedef void	(*tg_split_cb)(void *, const struct tg_span *);

int	 tg_split_member(const char *, size_t, const char *,
	     struct tg_span *);
long	 tg_split_array(const char *, size_t, tg_split_cb, void *);
int64_t	 tg_split_id(const char *, size_t);

#endif /* TG_SPLIT_H */
