/*
 * tg-keys.c: inline keyboards (reply_markup) from the keyboards that
 * src/compose/ makes: each button a callback_data button, row by row, or
 * a url button for a link to the bot (t.me/BOT?startgroup=PAYLOAD adds
 * it to a group, t.me/BOT?start=PAYLOAD opens the private chat).
 *
 * Pure: nothing here calls the API or the service, so the unit tests
 * check the keyboards without a network.
 */
#include <stdio.h>

#include <jansson.h>

#include "tg-keys.h"

/* One button: a press's callback_data, or a link's url (NULL: none). */
static json_t *
tg_keys_button(const struct compose_key *key, const char *botname)
{
	char	url[256];

	if (key->link == COMPOSE_PRESS)
		return (json_pack("{s:s, s:s}", "text", key->label,
		    "callback_data", key->data));
	/* A link needs our username (getMe): none yet, no button. */
	if (botname == NULL || *botname == '\0')
		return (NULL);
	snprintf(url, sizeof url, "https://t.me/%s?%s=%s", botname,
	    key->link == COMPOSE_LINK_GROUP ? "startgroup" : "start",
	    key->data);
	return (json_pack("{s:s, s:s}", "text", key->label, "url", url));
}

/*
 * The reply_markup of a keyboard: {"inline_keyboard": [[{text,
 * callback_data or url}, ...], ...]}, the links made with our username
 * botname (NULL: links are left out); an empty keyboard takes the
 * buttons away when a message is edited with it.
 */
json_t *
tg_keys_links(const struct compose_keys *k, const char *botname)
{
	json_t	*rows, *row = NULL, *b;
	size_t	 i;
	int	 cur = -1;

	rows = json_array();
	for (i = 0; i < k->n; i++) {
		if ((b = tg_keys_button(&k->k[i], botname)) == NULL)
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

/* The reply_markup of a keyboard of presses (tg_keys_links()). */
json_t *
tg_keys_json(const struct compose_keys *k)
{
	return (tg_keys_links(k, NULL));
}

/* An empty keyboard: an edit with it takes the buttons away. */
json_t *
tg_keys_none(void)
{
	return (json_pack("{s:[]}", "inline_keyboard"));
}

/* The lobby's keyboard (compose_keys_lobby()); empty once it is over. */
json_t *
tg_keys_lobby(const struct svc_game *g, const char *lang)
{
	struct compose_keys	 k = { NULL, 0, 0, 0 };
	json_t			*markup;

	compose_keys_lobby(g, lang, &k);
	markup = tg_keys_json(&k);
	compose_keys_free(&k);
	return (markup);
}

/* The options' keyboard (compose_keys_options()); empty once started. */
json_t *
tg_keys_options(const struct svc_game *g, const char *lang)
{
	struct compose_keys	 k = { NULL, 0, 0, 0 };
	json_t			*markup;

	compose_keys_options(g, lang, &k);
	markup = tg_keys_json(&k);
	compose_keys_free(&k);
	return (markup);
}
