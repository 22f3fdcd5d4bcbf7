/*
 * tg-keys.h: inline keyboards (reply_markup) of the Telegram bridge
 * (bot/tg-keys.c), from the platform-neutral keyboards of compose.h.
 * Pure functions, shared by the sender and the tests.
 */
#ifndef TG_KEYS_H
#define TG_KEYS_H

#include <jansson.h>

#include "compose.h"
#include "service.h"

json_t	*tg_keys_json(const struct compose_keys *);
json_t	*tg_keys_links(const struct compose_keys *, const char *);
json_t	*tg_keys_none(void);
json_t	*tg_keys_lobby(const struct svc_game *, const char *);
json_t	*tg_keys_options(const struct svc_game *, const char *);

#endif /* TG_KEYS_H */
