/*
 * tg-out.c: a composed message (src/compose/) put into one Bot API call.
 *
 * The message is whole when it gets here: text, buttons, the message it
 * replaces, the rows it delivers.  What is Telegram's own is here: HTML
 * (escaped, the text board in <pre>), the inline keyboard (tg-keys.c),
 * sendMessage or an edit that falls back to a new message when the old
 * one is gone, a board as a photo (tg-photo.c) with the text board behind
 * it when the picture cannot be drawn or is refused, and the group's
 * title and a link to the board in a "your turn" notice; a chart
 * (statistics) as a photo with its text as the caption, the text alone
 * when it cannot be drawn or is refused; a "your turn" notice as a photo
 * of the board with the player's choices drawn, its text the caption
 * (then its later edits are caption edits), or the text alone; a
 * document (a game's record) as tg-doc.c uploads it.  Nothing here reads
 * or writes the outbox.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "compose.h"
#include "i18n.h"
#include "log.h"
#include "now.h"
#include "tg-int.h"
#include "tg-keys.h"
#include "utf8.h"

#define TG_TEXTMAX	4096	/* characters of a message, after escaping */
#define TG_CAPTIONMAX	1000	/* bytes of a photo's caption (1024 chars) */

/* How the bridge wants its messages composed. */
static const struct compose_opts tg_out_opts = {
	{ RENDER_PLAIN, "en", NULL, 0 },
	/* Escaping may grow text: merge well within a message. */
	TG_TEXTMAX / 5 * 4
};

/* Is a chat id a group's (negative ids are groups and channels)? */
int
tg_out_group(const char *chat)
{
	return (chat[0] == '-');
}

/* Append s to b, HTML-escaped, at most max bytes of s. */
void
tg_out_escape(struct rbuf *b, const char *s, size_t max)
{
	size_t	i, n;

	/* Cut at a character boundary, and say so. */
	n = utf8_cut(s, max);
	for (i = 0; i < n; i++) {
		if (s[i] == '<')
			rbuf_addstr(b, "&lt;");
		else if (s[i] == '>')
			rbuf_addstr(b, "&gt;");
		else if (s[i] == '&')
			rbuf_addstr(b, "&amp;");
		else
			rbuf_add(b, "%c", s[i]);
	}
	if (n < strlen(s))
		rbuf_addstr(b, "\xe2\x80\xa6");
}

/*
 * A link back to the game's board message.  Only a supergroup's messages
 * have one (t.me/c/ID/MESSAGE, ID without the -100, for its members); a
 * basic group's have none: its title has to do.
 */
static void
tg_out_link(struct tg *tg, const struct svc_game *g, struct rbuf *t)
{
	char		 ref[32];
	const char	*id;
	int		 photo;

	if (strncmp(g->chat, "-100", 4) != 0 || g->chat[4] == '\0' ||
	    svc_message(tg->svc, g->id, g->chat, svc_kind_name(SVC_OUT_BOARD),
	    ref, sizeof ref) != 1)
		return;
	(void)tg_photo_ref(ref, &photo);
	id = photo ? ref + strlen(TG_PHOTO_PREFIX) : ref;
	if (strtoll(id, NULL, 10) > 0)
		rbuf_add(t, "\nhttps://t.me/c/%s/%s", g->chat + 4, id);
}

/* The HTML of a message's text: escaped, a text board monospaced. */
static char *
tg_out_html(const struct compose_msg *m, const struct rbuf *text)
{
	struct rbuf	html = { NULL, 0, 0 };

	if (m->mono)
		rbuf_addstr(&html, "<pre>");
	/* Escaping may grow it up to five times: keep within 4096. */
	tg_out_escape(&html, text->s != NULL ? text->s : "", TG_TEXTMAX / 5 *
	    4);
	if (m->mono)
		rbuf_addstr(&html, "</pre>");
	return (html.s);
}

/*
 * Set the call of a text message: a new message, or an edit of msg that
 * falls back to a new one (unless m is edit-only).
 */
static void
tg_out_call(struct tg *tg, struct tg_req *req, const struct compose_msg *m,
    const char *html, const char *msg)
{
	json_t	*p, *markup = NULL;

	p = json_pack("{s:s, s:s, s:s, s:b}", "chat_id", tg_send_target(tg,
	    m->chat), "text", html, "parse_mode", "HTML",
	    "disable_web_page_preview", 1);
	if (m->setkeys)
		markup = tg_keys_links(&m->keys, tg->botname);
	if (msg == NULL || *msg == '\0' || strtoll(msg, NULL, 10) <= 0) {
		if (markup != NULL)
			json_object_set_new(p, "reply_markup", markup);
		snprintf(req->method, sizeof req->method, "sendMessage");
		req->params = p;
		return;
	}
	snprintf(req->method, sizeof req->method, "editMessageText");
	snprintf(req->edit, sizeof req->edit, "%s", msg);
	if (!m->editonly) {
		req->fallback = json_deep_copy(p);
		/* A new message needs no empty keyboard. */
		if (markup != NULL && m->keys.n > 0)
			json_object_set(req->fallback, "reply_markup", markup);
	}
	if (markup != NULL)
		json_object_set_new(p, "reply_markup", markup);
	json_object_set_new(p, "message_id", json_integer(strtoll(msg, NULL,
	    10)));
	req->params = p;
}

/*
 * A board in a chat that wants pictures: the photo call (1, req set), or
 * 0 when the picture could not be drawn (the text board goes instead).
 * The text board rides along, for when Telegram refuses the photo.
 */
static int
tg_out_photo(struct tg *tg, struct tg_req *req, const struct compose_msg *m,
    const char *html)
{
	if (tg_photo_render(tg, &m->g, &req->png, &req->pnglen) != 0) {
		log_warnx("telegram: game #%lld: the board picture failed; "
		    "the text board instead", (long long)m->game);
		return (0);
	}
	tg_photo_call(tg, req, m->chat, &m->g, m->edit);
	req->textfb = json_pack("{s:s, s:s, s:s}", "chat_id",
	    tg_send_target(tg, m->chat), "text", html, "parse_mode", "HTML");
	return (1);
}

/* The HTML of a photo's caption: the text cut to what a caption holds. */
static char *
tg_out_caption(const struct rbuf *text)
{
	struct rbuf	html = { NULL, 0, 0 };

	tg_out_escape(&html, text->s != NULL ? text->s : "", TG_CAPTIONMAX);
	if (html.s == NULL)
		rbuf_addstr(&html, "");
	return (html.s);
}

/*
 * A turn message as a photo: the board with the player's choices drawn
 * (tg-photo.c), the text as its caption and the buttons under it; 1 with
 * req set, 0 when the picture could not be drawn.  The text message with
 * the same buttons rides along, for when Telegram refuses the photo.
 */
static int
tg_out_turn(struct tg *tg, struct tg_req *req, const struct compose_msg *m,
    const struct rbuf *text, const char *html)
{
	char	*caption;

	if (tg_photo_turn(tg, m, &req->png, &req->pnglen) != 0) {
		log_warnx("telegram: game #%lld: the turn picture failed; the "
		    "text instead", (long long)m->game);
		return (0);
	}
	caption = tg_out_caption(text);
	snprintf(req->method, sizeof req->method, "sendPhoto");
	snprintf(req->file, sizeof req->file, "photo");
	req->photo = 1;
	req->params = json_pack("{s:s, s:s, s:s, s:o}", "chat_id",
	    tg_send_target(tg, m->chat), "caption", caption, "parse_mode",
	    "HTML", "reply_markup", tg_keys_json(&m->keys));
	req->textfb = json_pack("{s:s, s:s, s:s, s:b, s:o}", "chat_id",
	    tg_send_target(tg, m->chat), "text", html, "parse_mode", "HTML",
	    "disable_web_page_preview", 1, "reply_markup",
	    tg_keys_json(&m->keys));
	free(caption);
	return (1);
}

/*
 * The edit of a photo's words and buttons (a turn message that is a
 * photo: "photo:ID"): editMessageCaption, falling back to a new text
 * message (unless m is edit-only) when it is gone.
 */
static void
tg_out_recaption(struct tg *tg, struct tg_req *req,
    const struct compose_msg *m, const struct rbuf *text, const char *html,
    int64_t id)
{
	json_t	*markup = NULL;
	char	*caption;

	caption = tg_out_caption(text);
	if (m->setkeys)
		markup = tg_keys_json(&m->keys);
	snprintf(req->method, sizeof req->method, "editMessageCaption");
	snprintf(req->edit, sizeof req->edit, "%s", m->edit);
	if (!m->editonly) {
		req->fallback = json_pack("{s:s, s:s, s:s, s:b}", "chat_id",
		    tg_send_target(tg, m->chat), "text", html, "parse_mode",
		    "HTML", "disable_web_page_preview", 1);
		if (markup != NULL && m->keys.n > 0)
			json_object_set(req->fallback, "reply_markup", markup);
	}
	req->params = json_pack("{s:s, s:I, s:s, s:s}", "chat_id",
	    tg_send_target(tg, m->chat), "message_id", (json_int_t)id,
	    "caption", caption, "parse_mode", "HTML");
	if (markup != NULL)
		json_object_set_new(req->params, "reply_markup", markup);
	free(caption);
}

/*
 * A chart as a photo, its text as the caption: 1 with req set, 0 when it
 * could not be drawn (the text goes instead).  The text rides along for
 * when Telegram refuses the photo.
 */
static int
tg_out_chart(struct tg *tg, struct tg_req *req, const struct compose_msg *m,
    const char *html)
{
	char	caption[TG_CAPTIONMAX + 1];
	size_t	n;

	tg->rendered = 1;	/* fonts to free at exit, as for boards */
	if (chart_render(m->chart, 0, &req->png, &req->pnglen) != 0) {
		log_warnx("telegram: a chart for %s could not be drawn; its "
		    "text instead", m->chat);
		return (0);
	}
	n = utf8_cut(m->text.s != NULL ? m->text.s : "", TG_CAPTIONMAX);
	memcpy(caption, m->text.s != NULL ? m->text.s : "", n);
	caption[n] = '\0';
	snprintf(req->method, sizeof req->method, "sendPhoto");
	snprintf(req->file, sizeof req->file, "photo");
	req->photo = 1;
	req->params = json_pack("{s:s, s:s}", "chat_id", tg_send_target(tg,
	    m->chat), "caption", caption);
	req->textfb = json_pack("{s:s, s:s, s:s}", "chat_id",
	    tg_send_target(tg, m->chat), "text", html, "parse_mode", "HTML");
	return (1);
}

/* Put a composed message into one call (req, freed with tg_out_free()). */
void
tg_out_build(struct tg *tg, const struct compose_msg *m, struct tg_req *req)
{
	struct rbuf	 t = { NULL, 0, 0 };
	struct tg_chat	*c;
	const char	*title, *msg = m->edit;
	char		*html;
	int64_t		 id;
	int		 photo;

	memset(req, 0, sizeof *req);
	memcpy(req->ids, m->rows, sizeof req->ids);
	req->nids = m->nrows;
	/* Only a group has a board message to edit after its news. */
	if (tg_out_group(m->chat))
		req->board = m->board;
	req->lobby = m->lobby;
	rbuf_addstr(&t, m->text.s != NULL ? m->text.s : "");
	if (m->kind == SVC_OUT_TURN && m->have) {
		if ((title = tg_admin_title(tg, m->g.chat)) != NULL) {
			rbuf_addstr(&t, "\n");
			rbuf_add(&t, tr(m->lang, "Group: %s"), title);
		}
		tg_out_link(tg, &m->g, &t);
	}
	html = tg_out_html(m, &t);
	if (m->kind == SVC_OUT_BOARD && m->have) {
		req->shown = m->game;
		c = tg_chat_find(tg, m->chat);
		if (m->picture && (c == NULL || c->nophoto < now_mono()) &&
		    tg_out_photo(tg, req, m, html))
			goto out;
		/* Telegram cannot make a photo text: post a new board. */
		if (tg_photo_ref(m->edit, &photo) <= 0 || photo)
			msg = "";
	}
	if (m->file != NULL) {
		tg_doc_call(tg, req, m, html);
		goto out;
	}
	if (m->chart != NULL && m->picture) {
		c = tg_chat_find(tg, m->chat);
		if ((c == NULL || c->nophoto < now_mono()) &&
		    tg_out_chart(tg, req, m, html))
			goto out;
	}
	if ((m->kind == SVC_OUT_TURN || m->pos != NULL) && m->picture) {
		c = tg_chat_find(tg, m->chat);
		if ((c == NULL || c->nophoto < now_mono()) &&
		    tg_out_turn(tg, req, m, &t, html))
			goto out;
	}
	/* A turn message that is a photo has a caption, not a text. */
	if (m->kind != SVC_OUT_BOARD && (id = tg_photo_ref(msg, &photo)) > 0 &&
	    photo) {
		tg_out_recaption(tg, req, m, &t, html, id);
		goto out;
	}
	tg_out_call(tg, req, m, html, msg);
out:
	tg_webapp_keys(tg, m, req);
	free(html);
	rbuf_free(&t);
}

/*
 * Make the call that delivers a row (and maybe the rows merged into it):
 * 1 with req filled, 0 when there is nothing to send (the rows in req,
 * if any, are done as they are).  Not for "answer" rows.
 */
int
tg_out_make(struct tg *tg, const struct svc_out *out, struct tg_req *req)
{
	struct compose_msg	m;

	if (compose_row(tg->svc, out, &tg_out_opts, &m) == 0) {
		memset(req, 0, sizeof *req);
		memcpy(req->ids, m.rows, sizeof req->ids);
		req->nids = m.nrows;
		return (0);
	}
	tg_out_build(tg, &m, req);
	compose_msg_free(&m);
	return (1);
}

/*
 * The edit of a game's board (after moves) or lobby (once it is over)
 * message in a chat: 1 with req filled, 0 when there is no such message
 * to edit (the service's "board" row posts the board) or nothing to show.
 */
int
tg_out_edit(struct tg *tg, const char *chat, int64_t game, int kind,
    struct tg_req *req)
{
	struct compose_msg	m;

	memset(req, 0, sizeof *req);
	if (compose_edit(tg->svc, chat, game, kind, &tg_out_opts, &m) == 0)
		return (0);
	tg_out_build(tg, &m, req);
	compose_msg_free(&m);
	return (1);
}

/* Release what a request holds. */
void
tg_out_free(struct tg_req *req)
{
	json_decref(req->params);
	json_decref(req->fallback);
	json_decref(req->textfb);
	free(req->png);
	memset(req, 0, sizeof *req);
}
