/*
 * tg-keys.h: inline keyboards (reply_markup) of the Telegram bridge
 * (bot/telegram/tg-keys.c), from the platform-neutral keyboards of
 * compose.h.  Pure functions, shared by the sender and the tests.
 */
#ifndef TG_KEYS_H
#define TG_KEYS_H

#include <jansson.h>

#include "compose.h"

/*
 * What the links of a keyboard are made with: the bot's username (""
 * before getMe: no links to it), the Mini App's URL and short name ("":
 * no buttons open it), and whether the keyboard is a group's (Telegram
 * allows web_app buttons only in private chats).
 */
struct tg_links {
	const char	*botname;
	const char	*appurl;
	const char	*appname;
	int		 group;
};

json_t	*tg_keys_json(const struct compose_keys *, const struct tg_links *);
size_t	 tg_keys_count(const struct compose_keys *, const struct tg_links *);

#endif /* TG_KEYS_H */
