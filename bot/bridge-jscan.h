/*
 * bridge-jscan.h: a tolerant scanner of JSON text (bot/bridge-jscan.c),
 * so that one bad update in a getUpdates answer spoils only itself.
 * Pure: no allocation, no I/O, shared by the poller, the HTTP layer and
 * the fuzzer.  Errors: -1 for text that is not what was looked for
 * (bridge_jscan_member(), bridge_jscan_array()); an id that cannot be
 * read is -1 (bridge_jscan_id()).
 */
#ifndef BRIDGE_JSCAN_H
#define BRIDGE_JSCAN_H

#include <stddef.h>
#include <stdint.h>

/* A value's bytes inside a text: off from its start, len long. */
struct bridge_span {
	size_t	off;
	size_t	len;
};

typedef void	(*bridge_jscan_cb)(void *, const struct bridge_span *);

int	 bridge_jscan_member(const char *, size_t, const char *,
	     struct bridge_span *);
long	 bridge_jscan_array(const char *, size_t, bridge_jscan_cb, void *);
int64_t	 bridge_jscan_id(const char *, size_t);

#endif /* BRIDGE_JSCAN_H */
