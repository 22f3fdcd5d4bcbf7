/*
 * tg-webapp-keys.c: the buttons that open the Mini App, added to the
 * bot's messages when it runs.  In a person's private chat, a "web_app"
 * button on their turn notice, the menu that follows it and their hand
 * (/hand) opens webapp_url with the game; Telegram allows web_app
 * buttons only there, so a group's board message gets a URL button to
 * the app's t.me link instead (t.me/BOT/APP?startapp=gGAME), when its
 * short name is configured.  Every call of a message gets the row: the
 * call, its fallback and its text stand-in, so an edit keeps it.
 */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "compose.h"
#include "i18n.h"
#include "tg-webapp.h"

/* Add a row with one button to the reply_markup of params, if any. */
static void
tg_webapp_row(json_t *params, json_t *button)
{
	json_t	*markup, *rows;

	if (params == NULL)
		return;
	if ((markup = json_object_get(params, "reply_markup")) == NULL) {
		markup = json_pack("{s:[]}", "inline_keyboard");
		json_object_set_new(params, "reply_markup", markup);
	}
	if ((rows = json_object_get(markup, "inline_keyboard")) != NULL)
		json_array_append_new(rows, json_pack("[O]", button));
}

/* The button a message of this kind gets, or NULL. */
static json_t *
tg_webapp_button(struct tg *tg, const struct compose_msg *m)
{
	struct tg_webapp	*wa = tg->webapp;
	const char		*label;
	char			 url[512];

	if (wa == NULL || m->game <= 0 || !m->have || m->g.state !=
	    SVC_PLAYING)
		return (NULL);
	label = tr(m->lang, "Open the board");
	if (!tg_out_group(m->chat)) {
		if (wa->url[0] == '\0' || (m->kind != SVC_OUT_TURN &&
		    m->kind != SVC_OUT_MENU && m->kind != SVC_OUT_HAND))
			return (NULL);
		snprintf(url, sizeof url, "%s%sg=%lld", wa->url,
		    strchr(wa->url, '?') != NULL ? "&" : "?",
		    (long long)m->game);
		return (json_pack("{s:s, s:{s:s}}", "text", label, "web_app",
		    "url", url));
	}
	if (m->kind != SVC_OUT_BOARD || wa->short_name[0] == '\0' ||
	    tg->botname[0] == '\0')
		return (NULL);
	snprintf(url, sizeof url, "https://t.me/%s/%s?startapp=g%lld",
	    tg->botname, wa->short_name, (long long)m->game);
	return (json_pack("{s:s, s:s}", "text", label, "url", url));
}

/* Put the app's button into a message's call (tg_out_build()). */
void
tg_webapp_keys(struct tg *tg, const struct compose_msg *m,
    struct tg_req *req)
{
	json_t	*button;

	if ((button = tg_webapp_button(tg, m)) == NULL)
		return;
	tg_webapp_row(req->params, button);
	tg_webapp_row(req->fallback, button);
	tg_webapp_row(req->textfb, button);
	json_decref(button);
}
