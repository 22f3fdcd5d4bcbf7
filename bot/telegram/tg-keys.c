/*
 * tg-keys.c: inline keyboards (reply_markup) from the keyboards that
 * src/compose/ makes: each button a callback_data button, row by row; a
 * link to the bot a url button (t.me/BOT?startgroup=PAYLOAD adds it to a
 * group, t.me/BOT?start=PAYLOAD opens the private chat); a button that
 * opens the Mini App on a game a web_app button in a private chat (its
 * URL with g=KEY, the game's key), and in a group, where Telegram allows
 * no web_app button, a url button to the app's link
 * (t.me/BOT/APP?startapp=KEY, which Telegram hands the app signed, as
 * the init data's start_param).
 * A link that cannot be made is left out.
 *
 * Pure: nothing here calls the API or the service, so the unit tests
 * check the keyboards without a network.
 */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "tg-keys.h"

/* The Mini App's button for game data, or NULL when there is none. */
static json_t *
tg_keys_app(const struct compose_key *key, const struct tg_links *l)
{
	char	url[512];

	if (!l->group) {
		if (l->appurl == NULL || *l->appurl == '\0')
			return (NULL);
		snprintf(url, sizeof url, "%s%sg=%s", l->appurl,
		    strchr(l->appurl, '?') != NULL ? "&" : "?", key->data);
		return (json_pack("{s:s, s:{s:s}}", "text", key->label,
		    "web_app", "url", url));
	}
	if (l->appname == NULL || *l->appname == '\0' || l->botname == NULL ||
	    *l->botname == '\0')
		return (NULL);
	snprintf(url, sizeof url, "https://t.me/%s/%s?startapp=%s",
	    l->botname, l->appname, key->data);
	return (json_pack("{s:s, s:s}", "text", key->label, "url", url));
}

/* One button: a press's callback_data, or a link's url (NULL: none). */
static json_t *
tg_keys_button(const struct compose_key *key, const struct tg_links *l)
{
	char	url[256];

	switch (key->link) {
	case COMPOSE_PRESS:
		return (json_pack("{s:s, s:s}", "text", key->label,
		    "callback_data", key->data));
	case COMPOSE_LINK_APP:
		return (tg_keys_app(key, l));
	case COMPOSE_LINK_GROUP:
	case COMPOSE_LINK_START:
		/* A link needs our username (getMe): none yet, no button. */
		if (l == NULL || l->botname == NULL || *l->botname == '\0')
			return (NULL);
		snprintf(url, sizeof url, "https://t.me/%s?%s=%s", l->botname,
		    key->link == COMPOSE_LINK_GROUP ? "startgroup" : "start",
		    key->data);
		return (json_pack("{s:s, s:s}", "text", key->label, "url",
		    url));
	default:
		return (NULL);
	}
}

/*
 * The reply_markup of a keyboard: {"inline_keyboard": [[{text,
 * callback_data or url or web_app}, ...], ...]}; an empty keyboard
 * takes the buttons away when a message is edited with it.
 */
json_t *
tg_keys_json(const struct compose_keys *k, const struct tg_links *l)
{
	static const struct tg_links	 none;
	json_t				*rows, *row = NULL, *b;
	size_t				 i;
	int				 cur = -1;

	if (l == NULL)
		l = &none;
	rows = json_array();
	for (i = 0; i < k->n; i++) {
		if ((b = tg_keys_button(&k->k[i], l)) == NULL)
			continue;
		if (row == NULL || k->k[i].row != cur) {
			row = json_array();
			json_array_append_new(rows, row);
			cur = k->k[i].row;
		}
		json_array_append_new(row, b);
	}
	return (json_pack("{s:o}", "inline_keyboard", rows));
}

/* How many buttons of a keyboard can be made. */
size_t
tg_keys_count(const struct compose_keys *k, const struct tg_links *l)
{
	static const struct tg_links	 none;
	json_t				*b;
	size_t				 i, n = 0;

	if (l == NULL)
		l = &none;
	for (i = 0; i < k->n; i++) {
		if ((b = tg_keys_button(&k->k[i], l)) != NULL)
			n++;
		json_decref(b);
	}
	return (n);
}
