/*
 * bridge-secret.h: a secret read from its file (bot/bridge-secret.c): the
 * bot token, the webhook's secret.  Errors: -1 with *cause set
 * (malloc'd), nothing kept.
 */
#ifndef BRIDGE_SECRET_H
#define BRIDGE_SECRET_H

#include <stddef.h>

int	bridge_secret(const char *, const char *, char *, size_t, char **);

#endif /* BRIDGE_SECRET_H */
