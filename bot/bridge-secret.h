/*
 * bridge-secret.h: a secret read from its file (bot/bridge-secret.c): the
 * bot token, the webhook's secret; a file that others than its owner may
 * read or write is refused.  Errors: -1 with *cause set (malloc'd),
 * nothing kept.  bridge_secret_token: is a text in Telegram's alphabet
 * of webhook secrets (1 to 256 of A-Z a-z 0-9 _ -)?
 */
#ifndef BRIDGE_SECRET_H
#define BRIDGE_SECRET_H

#include <stddef.h>

int	bridge_secret(const char *, const char *, char *, size_t, char **);
int	bridge_secret_token(const char *);

#endif /* BRIDGE_SECRET_H */
