/*
 * tg-keys.h: inline keyboards and button labels of the Telegram bridge
 * (bot/tg-keys.c).  Pure functions, shared by the sender and the tests.
 */
#ifndef TG_KEYS_H
#define TG_KEYS_H

#include <stdint.h>

#include <jansson.h>

#include "menu.h"
#include "render.h"
#include "service.h"

json_t	*tg_keys_none(void);
json_t	*tg_keys_lobby(const struct svc_game *, const char *);
json_t	*tg_keys_options(const struct svc_game *, const char *);
json_t	*tg_keys_menu(const struct svc_game *, const char *,
	    const struct menu *, int64_t);
void	 tg_keys_pretty(const struct svc_game *, const char *, const char *,
	    const char *, struct rbuf *);

#endif /* TG_KEYS_H */
