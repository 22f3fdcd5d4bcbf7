/*
 * tg-out.c: a composed message (src/compose/) put into one Bot API call.
 *
 * The message is whole when it gets here: its form, its words, its
 * buttons, the message it replaces, what to draw.  What is Telegram's
 * own is here: HTML (tg-html.c), the inline keyboard (tg-keys.c),
 * sendMessage or an edit that falls back to a new message when the old
 * one is gone (a photo's words are its caption), a board or a turn drawn
 * as a photo (tg-photo.c) with the text standing in when the picture
 * cannot be drawn or is refused, a chart as a photo with its text as the
 * caption, a document as tg-doc.c uploads it, a press's answer, a pin,
 * the question whether a person is in a group (getChatMember), and the
 * links compose asks for.  A message that goes anew at the bottom
 * of its chat (/board, a group's live message once buried) takes the old
 * one away after it (tg-result.c), and a routine one is silent.  Nothing
 * here reads the service.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "log.h"
#include "tg-int.h"
#include "tg-keys.h"
#include "utf8.h"

/*
 * A link compose asks for (compose_opts.link): to the bot, or to a
 * message of a supergroup (t.me/c/ID/MESSAGE, ID without the -100, for
 * its members; a basic group's messages have none).  0 with buf set, -1
 * when there is none.
 */
int
tg_out_link(void *arg, int kind, const char *chat, const char *data,
    char *buf, size_t len)
{
	struct tg	*tg = arg;
	int64_t		 id;
	int		 photo;

	switch (kind) {
	case COMPOSE_LINK_GROUP:
	case COMPOSE_LINK_START:
		if (tg->botname[0] == '\0')
			return (-1);
		snprintf(buf, len, "https://t.me/%s?%s=%s", tg->botname,
		    kind == COMPOSE_LINK_GROUP ? "startgroup" : "start", data);
		return (0);
	case COMPOSE_LINK_MESSAGE:
		if (strncmp(chat, "-100", 4) != 0 || chat[4] == '\0' ||
		    (id = tg_ref_id(data, &photo)) <= 0)
			return (-1);
		snprintf(buf, len, "https://t.me/c/%s/%lld", chat + 4,
		    (long long)id);
		return (0);
	default:
		return (-1);
	}
}

/*
 * The reply_markup of m's buttons in its chat: when they are the
 * message's buttons (even none: an edit takes old ones away), or there
 * is a button at all; else NULL.
 */
static json_t *
tg_out_markup(struct tg *tg, const struct compose_msg *m)
{
	struct tg_links	l;

	l.botname = tg->botname;
	l.appurl = tg->appurl;
	l.appname = tg->appname;
	l.group = tg_chat_group(m->chat);
	if (!m->setkeys && tg_keys_count(&m->keys, &l) == 0)
		return (NULL);
	return (tg_keys_json(&m->keys, &l));
}

/* Does a chat take photos now (none refused lately)? */
static int
tg_out_photos(struct tg *tg, const char *chat)
{
	struct tg_chat	*c = tg_chat_find(tg, chat);

	return (c == NULL || c->nophoto < tg_now());
}

/*
 * A text message: a new one, or the edit of msg (its words as a caption
 * when it is a photo) that falls back to a new message unless m is
 * edit-only.
 */
static void
tg_out_text(struct tg *tg, struct tg_req *req, const struct compose_msg *m,
    const char *html, const char *msg)
{
	json_t	*p, *markup;
	char	*caption;
	int64_t	 id;
	int	 photo;

	markup = tg_out_markup(tg, m);
	if (m->keysonly && (id = tg_ref_id(msg, &photo)) > 0) {
		/* Only the buttons change: the words stay as they are. */
		snprintf(req->edit, sizeof req->edit, "%s", msg);
		snprintf(req->method, sizeof req->method,
		    "editMessageReplyMarkup");
		req->params = json_pack("{s:s, s:I}", "chat_id",
		    tg_chat_target(tg, m->chat), "message_id", (json_int_t)id);
		if (markup != NULL)
			json_object_set_new(req->params, "reply_markup",
			    markup);
		return;
	}
	p = json_pack("{s:s, s:s, s:s, s:b}", "chat_id", tg_chat_target(tg,
	    m->chat), "text", html, "parse_mode", "HTML",
	    "disable_web_page_preview", 1);
	if ((id = tg_ref_id(msg, &photo)) <= 0) {
		if (markup != NULL)
			json_object_set_new(p, "reply_markup", markup);
		snprintf(req->method, sizeof req->method, "sendMessage");
		req->params = p;
		return;
	}
	snprintf(req->edit, sizeof req->edit, "%s", msg);
	/* A new message needs no empty keyboard. */
	if (!m->editonly) {
		req->fallback = json_deep_copy(p);
		if (markup != NULL && m->keys.n > 0)
			json_object_set(req->fallback, "reply_markup", markup);
	}
	if (photo) {
		json_decref(p);
		caption = tg_html_caption(m->text.s, m->headlen);
		snprintf(req->method, sizeof req->method, "editMessageCaption");
		p = json_pack("{s:s, s:I, s:s, s:s}", "chat_id",
		    tg_chat_target(tg, m->chat), "message_id", (json_int_t)id,
		    "caption", caption, "parse_mode", "HTML");
		free(caption);
	} else {
		snprintf(req->method, sizeof req->method, "editMessageText");
		json_object_set_new(p, "message_id", json_integer(id));
	}
	if (markup != NULL)
		json_object_set_new(p, "reply_markup", markup);
	req->params = p;
}

/*
 * A board: the photo a picture chat gets, the text board riding along
 * for when Telegram refuses it; or the text board (when the picture
 * cannot be drawn too), posted anew over a photo since Telegram cannot
 * make a photo text.
 */
static void
tg_out_board(struct tg *tg, struct tg_req *req, const struct compose_msg *m,
    const char *html)
{
	const char	*msg = m->replaces;
	json_t		*markup;
	int		 photo;

	if (m->picture != NULL && tg_out_photos(tg, m->chat)) {
		if (tg_photo_draw(m->picture, &req->png, &req->pnglen) == 0) {
			markup = tg_out_markup(tg, m);
			tg_photo_call(tg, req, m, markup != NULL ?
			    json_incref(markup) : NULL);
			req->textfb = json_pack("{s:s, s:s, s:s}", "chat_id",
			    tg_chat_target(tg, m->chat), "text", html,
			    "parse_mode", "HTML");
			if (markup != NULL)
				json_object_set_new(req->textfb,
				    "reply_markup", markup);
			return;
		}
		log_warnx("telegram: game #%lld: the board picture failed; "
		    "the text board instead", (long long)m->game);
	}
	if (tg_ref_id(msg, &photo) <= 0 || photo)
		msg = "";
	tg_out_text(tg, req, m, html, msg);
}

/*
 * A turn notice as a photo: the board with the player's choices drawn,
 * the words as its caption and the buttons under it; the text message
 * with the same buttons rides along, for when Telegram refuses the
 * photo.  The text alone when the picture cannot be drawn.  One that
 * replaces a photo (a lesson's step) edits its caption and buttons, the
 * picture staying, and is posted as a new photo when that one is gone;
 * one that replaces a text message edits the text.
 */
static void
tg_out_turn(struct tg *tg, struct tg_req *req, const struct compose_msg *m,
    const char *html)
{
	json_t	*markup;
	char	*caption;
	int64_t	 id;
	int	 photo;

	id = tg_ref_id(m->replaces, &photo);
	if (!tg_out_photos(tg, m->chat) || (id > 0 && !photo) ||
	    tg_photo_draw(m->picture, &req->png, &req->pnglen) != 0) {
		if (tg_out_photos(tg, m->chat) && (id <= 0 || photo))
			log_warnx("telegram: game #%lld: the turn picture "
			    "failed; the text instead", (long long)m->game);
		tg_out_text(tg, req, m, html, m->replaces);
		return;
	}
	markup = tg_out_markup(tg, m);
	caption = tg_html_caption(m->text.s, m->headlen);
	snprintf(req->method, sizeof req->method, "sendPhoto");
	snprintf(req->file, sizeof req->file, "photo");
	req->photo = 1;
	req->params = json_pack("{s:s, s:s, s:s}", "chat_id",
	    tg_chat_target(tg, m->chat), "caption", caption, "parse_mode",
	    "HTML");
	if (id > 0) {
		/* The new photo is the fallback of the caption's edit. */
		snprintf(req->fbmethod, sizeof req->fbmethod, "sendPhoto");
		snprintf(req->fbfile, sizeof req->fbfile, "photo");
		req->fallback = req->params;
		req->file[0] = '\0';
		snprintf(req->method, sizeof req->method,
		    "editMessageCaption");
		snprintf(req->edit, sizeof req->edit, "%s", m->replaces);
		req->params = json_pack("{s:s, s:I, s:s, s:s}", "chat_id",
		    tg_chat_target(tg, m->chat), "message_id", (json_int_t)id,
		    "caption", caption, "parse_mode", "HTML");
		if (markup != NULL)
			json_object_set(req->fallback, "reply_markup",
			    markup);
	}
	req->textfb = json_pack("{s:s, s:s, s:s, s:b}", "chat_id",
	    tg_chat_target(tg, m->chat), "text", html, "parse_mode", "HTML",
	    "disable_web_page_preview", 1);
	if (markup != NULL) {
		json_object_set(req->params, "reply_markup", markup);
		json_object_set_new(req->textfb, "reply_markup", markup);
	}
	free(caption);
}

/*
 * A chart as a photo, its text as the caption, the text riding along for
 * when Telegram refuses the photo; the text alone when it cannot be
 * drawn.
 */
static void
tg_out_chart(struct tg *tg, struct tg_req *req, const struct compose_msg *m,
    const char *html)
{
	char	caption[TG_CAPTIONMAX + 1];
	size_t	n;

	if (!tg_out_photos(tg, m->chat) || chart_render(m->chart, 0,
	    &req->png, &req->pnglen) != 0) {
		if (tg_out_photos(tg, m->chat))
			log_warnx("telegram: a chart for %s could not be "
			    "drawn; its text instead", m->chat);
		tg_out_text(tg, req, m, html, "");
		return;
	}
	n = utf8_cut(m->text.s != NULL ? m->text.s : "", TG_CAPTIONMAX);
	memcpy(caption, m->text.s != NULL ? m->text.s : "", n);
	caption[n] = '\0';
	snprintf(req->method, sizeof req->method, "sendPhoto");
	snprintf(req->file, sizeof req->file, "photo");
	req->photo = 1;
	req->params = json_pack("{s:s, s:s}", "chat_id", tg_chat_target(tg,
	    m->chat), "caption", caption);
	req->textfb = json_pack("{s:s, s:s, s:s}", "chat_id",
	    tg_chat_target(tg, m->chat), "text", html, "parse_mode", "HTML");
}

/* A button press's answer: a few words (200 characters), or none. */
static void
tg_out_answer(struct tg_req *req, const struct compose_msg *m)
{
	const char	*text = m->text.s != NULL ? m->text.s : "";

	req->answer = 1;
	snprintf(req->method, sizeof req->method, "answerCallbackQuery");
	req->params = json_pack("{s:s}", "callback_query_id", m->callback);
	if (*text != '\0')
		json_object_set_new(req->params, "text", json_stringn(text,
		    utf8_prefix(text, TG_ANSWERMAX)));
	if (m->alert)
		json_object_set_new(req->params, "show_alert", json_true());
}

/* Pin the message m names, silently, or unpin it. */
static void
tg_out_pin(struct tg *tg, struct tg_req *req, const struct compose_msg *m)
{
	int64_t	id;
	int	photo;

	id = tg_ref_id(m->replaces, &photo);
	snprintf(req->method, sizeof req->method, "%s", m->pin ?
	    "pinChatMessage" : "unpinChatMessage");
	req->params = json_pack("{s:s, s:I}", "chat_id", tg_chat_target(tg,
	    m->chat), "message_id", (json_int_t)id);
	if (m->pin)
		json_object_set_new(req->params, "disable_notification",
		    json_true());
	/* What is pinned is named back to the service. */
	snprintf(req->edit, sizeof req->edit, "%s", m->replaces);
}

/*
 * No message: the question whether a person is in a group (a "member"
 * row), getChatMember; tg-result.c gives the service its answer.
 */
static void
tg_out_member(struct tg *tg, struct tg_req *req, const struct compose_msg *m)
{
	req->member = 1;
	snprintf(req->method, sizeof req->method, "getChatMember");
	req->params = json_pack("{s:s, s:I}", "chat_id", tg_chat_target(tg,
	    m->group), "user_id", (json_int_t)strtoll(m->member, NULL, 10));
}

/* A routine message notifies nobody (compose_msg.silent). */
static void
tg_out_quiet(json_t *p)
{
	if (p != NULL)
		json_object_set_new(p, "disable_notification", json_true());
}

/*
 * Should m go as a new message at the bottom of its chat, the one it
 * replaces taken away after it?  /board asks so; and a group's live
 * message not pinned is posted anew when a repost is due (other
 * messages have buried it, and not too soon: tg_chat_due()), so that it
 * stays in sight without a new message for every move.
 */
static int
tg_out_anew(struct tg *tg, const struct compose_msg *m)
{
	int64_t	id;
	int	photo;

	if ((id = tg_ref_id(m->replaces, &photo)) <= 0)
		return (0);
	return (m->repost || (m->live && !m->pinned &&
	    tg_chat_due(tg, m->chat, id, tg_now())));
}

/* FNV-1a over n bytes of p, going on from h. */
static uint64_t
tg_out_fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char	*q = p;

	while (n-- > 0)
		h = (h ^ *q++) * 1099511628211ULL;
	return (h);
}

/*
 * What m says as req sends it, as one hash: its words (the HTML), its
 * caption, its buttons and its picture.  The same for a message sent and
 * for its edit, so that an edit that would change nothing is known
 * (tg_chat_said()).
 */
static uint64_t
tg_out_said(struct tg *tg, const struct tg_req *req,
    const struct compose_msg *m, const char *html)
{
	json_t		*markup;
	char		*keys;
	uint64_t	 h = 14695981039346656037ULL;

	h = tg_out_fnv(h, req->photo ? "P" : "T", 1);
	h = tg_out_fnv(h, html, strlen(html) + 1);
	if (m->caption.s != NULL)
		h = tg_out_fnv(h, m->caption.s, m->caption.len);
	h = tg_out_fnv(h, "\0", 1);
	if ((markup = tg_out_markup(tg, m)) != NULL &&
	    (keys = json_dumps(markup, JSON_COMPACT | JSON_SORT_KEYS)) !=
	    NULL) {
		h = tg_out_fnv(h, keys, strlen(keys));
		free(keys);
	}
	json_decref(markup);
	h = tg_out_fnv(h, "\0", 1);
	if (req->png != NULL)
		h = tg_out_fnv(h, req->png, req->pnglen);
	return (h != 0 ? h : 1);
}

/* Put a composed message into one call of req (tg_out_free() frees it). */
void
tg_out_make(struct tg *tg, const struct compose_msg *msg, struct tg_req *req)
{
	const struct compose_msg	*m = msg;
	struct compose_msg		 fresh;
	char				*html;
	int				 photo;

	snprintf(req->chat, sizeof req->chat, "%s", m->chat);
	req->beside = m->tidy;
	req->live = m->live && !m->pinned;
	if (m->form == COMPOSE_ANSWER) {
		tg_out_answer(req, m);
		return;
	}
	if (m->form == COMPOSE_PIN) {
		tg_out_pin(tg, req, m);
		return;
	}
	if (m->form == COMPOSE_MEMBER) {
		tg_out_member(tg, req, m);
		return;
	}
	if (tg_out_anew(tg, m)) {
		/* The same message, new: its words and buttons, no edit. */
		fresh = *msg;
		fresh.replaces[0] = '\0';
		fresh.editonly = 0;
		m = &fresh;
		snprintf(req->drop, sizeof req->drop, "%s", msg->replaces);
		req->dropkeys = msg->keys.n > 0;
	}
	html = tg_html_text(m);
	switch (m->form) {
	case COMPOSE_BOARD:
		tg_out_board(tg, req, m, html);
		break;
	case COMPOSE_TURN:
		tg_out_turn(tg, req, m, html);
		break;
	case COMPOSE_CHART:
		tg_out_chart(tg, req, m, html);
		break;
	case COMPOSE_DOCUMENT:
		tg_doc_call(tg, req, m, html);
		break;
	default:
		tg_out_text(tg, req, m, html, m->replaces);
		break;
	}
	/* A document is not edited; a text changed to its buttons only is
	   not the whole message. */
	if (m->form != COMPOSE_DOCUMENT && !m->keysonly)
		req->said = tg_out_said(tg, req, m, html);
	free(html);
	/*
	 * A live message of the other kind (a text board where a photo was,
	 * or back) cannot be edited into it: the new one stands for it.
	 */
	if (msg->live && req->edit[0] == '\0' && req->drop[0] == '\0' &&
	    tg_ref_id(msg->replaces, &photo) > 0) {
		snprintf(req->drop, sizeof req->drop, "%s", msg->replaces);
		req->dropkeys = msg->keys.n > 0;
	}
	if (m->silent) {
		if (strncmp(req->method, "send", 4) == 0)
			tg_out_quiet(req->params);
		tg_out_quiet(req->fallback);
		tg_out_quiet(req->textfb);
	}
}

/* Release what a request holds, its batch given back if still held. */
void
tg_out_free(struct tg_req *req)
{
	json_decref(req->params);
	json_decref(req->fallback);
	json_decref(req->textfb);
	free(req->png);
	req->params = req->fallback = req->textfb = NULL;
	req->png = NULL;
	req->pnglen = 0;
}
