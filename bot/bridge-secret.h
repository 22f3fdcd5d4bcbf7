/*
 * bridge-secret.h: bridge_secret_token: is a text in Telegram's alphabet
 * of webhook secrets (1 to 256 of A-Z a-z 0-9 _ -)?  The secret files
 * themselves are read with secret_read() (secret.h).
 */
#ifndef BRIDGE_SECRET_H
#define BRIDGE_SECRET_H

int	bridge_secret_token(const char *);

#endif /* BRIDGE_SECRET_H */
