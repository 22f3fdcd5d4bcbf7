/*
 * tg-keys.c: inline keyboards (reply_markup) from the keyboards that
 * src/compose/ makes: each button a callback_data button, row by row.
 *
 * Pure: nothing here calls the API or the service, so the unit tests
 * check the keyboards without a network.
 */
#include <jansson.h>

#include "tg-keys.h"

/*
 * The reply_markup of a keyboard: {"inline_keyboard": [[{text,
 * callback_data}, ...], ...]}; an empty keyboard takes the buttons away
 * when a message is edited with it.
 */
json_t *
tg_keys_json(const struct compose_keys *k)
{
	json_t	*rows, *row = NULL;
	size_t	 i;
	int	 cur = -1;

	rows = json_array();
	for (i = 0; i < k->n; i++) {
		if (row == NULL || k->k[i].row != cur) {
			row = json_array();
			json_array_append_new(rows, row);
			cur = k->k[i].row;
		}
		json_array_append_new(row, json_pack("{s:s, s:s}", "text",
		    k->k[i].label, "callback_data", k->k[i].data));
	}
	return (json_pack("{s:o}", "inline_keyboard", rows));
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
