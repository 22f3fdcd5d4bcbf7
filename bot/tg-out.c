/*
 * tg-out.c: an outbox row made into one Bot API call.
 *
 * The text comes from compose_text() (the same words as the console), as
 * HTML; what is Telegram's own is here: the buttons (tg-keys.c), which
 * message to edit instead of posting a new one (the lobby, the board, a
 * menu whose button was pressed, a turn message once its move is made:
 * "played"), and merging a burst of short notices for one chat into one
 * message, so a game's move lines do not eat the group's rate limit one
 * message each.  A board in a "picture" chat is a
 * photo (tg-photo.c); the text board stands in when drawing fails.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compose.h"
#include "i18n.h"
#include "log.h"
#include "tg-int.h"
#include "tg-keys.h"
#include "utf8.h"

#define TG_TEXTMAX	4096	/* characters of a message, after escaping */

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
 * The game whose board a row asks to show again: an "info" row saying
 * the chat's board style changed (a board of the other kind is posted).
 * 0 if none.
 */
static int64_t
tg_out_restyled(const struct svc_out *out)
{
	const char	*code;

	if (out->type != SVC_OUT_INFO)
		return (0);
	code = json_string_value(json_object_get(out->data, "code"));
	if (code == NULL || strcmp(code, "board") != 0)
		return (0);
	return (out->game != 0 ? out->game :
	    json_integer_value(json_object_get(out->data, "game")));
}

/* The language a row is read in: its own, else its game's, else "en". */
static const char *
tg_out_lang(json_t *p, const struct svc_game *g)
{
	const char	*l = json_string_value(json_object_get(p, "lang"));

	if (l != NULL && i18n_known(l))
		return (i18n_norm(l));
	if (g != NULL && g->lang[0] != '\0')
		return (g->lang);
	return ("en");
}

/* Render a row's text (not escaped), trailing newlines cut. */
static void
tg_out_text(struct tg *tg, const struct svc_out *out, struct rbuf *t)
{
	struct render_opts	o;

	memset(&o, 0, sizeof o);
	o.style = RENDER_PLAIN;
	o.lang = "en";
	o.viewer = tg_out_group(out->chat) ? NULL : out->chat;
	compose_text(tg->svc, out, &o, t);
	while (t->len > 0 && t->s[t->len - 1] == '\n')
		t->s[--t->len] = '\0';
}

/*
 * The text and buttons of a "menu" row: the hand, the action chosen so
 * far and the node's choices.  -1 when the row is out of date (the turn
 * moved on, or the path names nothing now): nothing to show.
 */
static int
tg_out_menu(struct tg *tg, json_t *p, struct svc_game *g, struct rbuf *t,
    json_t **markup)
{
	struct compose_keys	 k = { NULL, 0, 0, 0 };
	const char		*path;
	json_t			*v;
	int			 seat;

	seat = (int)json_integer_value(json_object_get(p, "seat"));
	path = json_string_value(json_object_get(p, "path"));
	v = json_object_get(p, "turn");
	if (path == NULL || (json_is_integer(v) && json_integer_value(v) !=
	    g->turn_no) || compose_menu(tg->svc, g, seat, path, t, &k) != 0)
		return (-1);
	*markup = tg_keys_json(&k);
	compose_keys_free(&k);
	return (0);
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

	if (strncmp(g->chat, "-100", 4) != 0 || g->chat[4] == '\0' ||
	    tg_photo_board(tg, g->chat, g->id, ref, sizeof ref) != 1)
		return;
	id = strncmp(ref, "photo:", 6) == 0 ? ref + 6 : ref;
	if (strtoll(id, NULL, 10) > 0)
		rbuf_add(t, "\nhttps://t.me/c/%s/%s", g->chat + 4, id);
}

/*
 * The text of a "played" row: the action that retires a turn message,
 * the way the group's move lines show it, and the message to edit (into
 * msg).  -1 when the row names no message or no action.
 */
static int
tg_out_played(json_t *p, const struct svc_game *g, struct rbuf *t,
    char *msg, size_t len)
{
	const char	*text;
	json_t		*v = json_object_get(p, "message");

	text = json_string_value(json_object_get(p, "action"));
	if (text == NULL || !json_is_integer(v) || json_integer_value(v) <= 0)
		return (-1);
	snprintf(msg, len, "%lld", (long long)json_integer_value(v));
	compose_played(g, text, t);
	return (0);
}

/* The buttons of a "turn" row: the menu's root, if the seat is to act. */
static json_t *
tg_out_turnkeys(struct tg *tg, const struct svc_game *g, int seat)
{
	struct compose_keys	 k = { NULL, 0, 0, 0 };
	json_t			*markup = NULL;

	if (compose_turnkeys(tg->svc, g, seat, &k) == 0)
		markup = tg_keys_json(&k);
	compose_keys_free(&k);
	return (markup);
}

/* Set the call: a new message, or an edit of msg falling back to one. */
static void
tg_out_call(struct tg *tg, struct tg_req *req, const char *chat,
    const char *html, json_t *markup, const char *msg)
{
	json_t	*p;

	p = json_pack("{s:s, s:s, s:s, s:b}", "chat_id", tg_send_target(tg,
	    chat), "text", html, "parse_mode", "HTML",
	    "disable_web_page_preview", 1);
	if (markup != NULL)
		json_object_set_new(p, "reply_markup", markup);
	if (msg == NULL || *msg == '\0' || strtoll(msg, NULL, 10) <= 0) {
		snprintf(req->method, sizeof req->method, "sendMessage");
		req->params = p;
		return;
	}
	snprintf(req->method, sizeof req->method, "editMessageText");
	snprintf(req->edit, sizeof req->edit, "%s", msg);
	req->fallback = json_deep_copy(p);
	/* A new message needs no empty keyboard. */
	if (markup != NULL && json_array_size(json_object_get(markup,
	    "inline_keyboard")) == 0)
		json_object_del(req->fallback, "reply_markup");
	json_object_set_new(p, "message_id", json_integer(strtoll(msg, NULL,
	    10)));
	req->params = p;
}

/*
 * Add the next rows of the chat to a mergeable notice while they are
 * notices too and the text stays within a message.
 */
static void
tg_out_merge(struct tg *tg, const struct svc_out *out, struct tg_req *req,
    struct rbuf *html)
{
	struct svc_out	 next;
	struct rbuf	 t = { NULL, 0, 0 }, e = { NULL, 0, 0 };
	int64_t		 after = out->id, game;
	int		 rc;

	while (req->nids < TG_MERGE) {
		if ((rc = svc_outbox_after(tg->svc, TG_PLATFORM, out->chat,
		    after, &next)) <= 0) {
			if (rc < 0)
				log_warnx("telegram: outbox: %s",
				    svc_error(tg->svc));
			break;
		}
		if (!svc_kind_is(next.type, SVC_OF_NOTICE)) {
			svc_out_free(&next);
			break;
		}
		rbuf_reset(&t);
		rbuf_reset(&e);
		tg_out_text(tg, &next, &t);
		if (t.len > 0)
			tg_out_escape(&e, t.s, t.len);
		if (html->len + e.len + 1 > TG_TEXTMAX) {
			svc_out_free(&next);
			break;
		}
		if (e.len > 0) {
			if (html->len > 0)
				rbuf_addstr(html, "\n");
			rbuf_addstr(html, e.s);
		}
		req->ids[req->nids++] = next.id;
		if (svc_kind_is(next.type, SVC_OF_MOVES) && next.game != 0)
			req->board = next.game;
		else if ((game = tg_out_restyled(&next)) != 0)
			req->board = game;
		after = next.id;
		svc_out_free(&next);
	}
	rbuf_free(&t);
	rbuf_free(&e);
}

/*
 * A board row: the photo call when the chat wants a picture and it could
 * be drawn (1: req is set); else 0 with msg the text board message to
 * edit, "" to post one (there is none, or it is a photo: Telegram cannot
 * make a photo text).
 */
static int
tg_out_board(struct tg *tg, struct tg_req *req, const char *chat,
    const struct svc_game *g, const char *ref, char *msg, size_t len)
{
	int	photo;

	msg[0] = '\0';
	req->shown = g->id;
	if (tg_photo_wanted(g)) {
		if (tg_photo_render(tg, g, &req->png, &req->pnglen) == 0) {
			tg_photo_call(tg, req, chat, g, ref);
			return (1);
		}
		log_warnx("telegram: game #%lld: the board picture failed; "
		    "the text board instead", (long long)g->id);
	}
	if (tg_photo_ref(ref, &photo) > 0 && !photo)
		snprintf(msg, len, "%s", ref);
	return (0);
}

/*
 * Make the call that delivers a row (and maybe the rows merged into it):
 * 1 with req filled, 0 when there is nothing to send (the row is done).
 * Not for "answer" rows.
 */
int
tg_out_make(struct tg *tg, const struct svc_out *out, struct tg_req *req)
{
	struct svc_game	 g;
	struct rbuf	 t = { NULL, 0, 0 }, html = { NULL, 0, 0 };
	json_t		*p = out->data, *markup = NULL, *v;
	const char	*lang, *title;
	char		 msg[32] = "", ref[32] = "";
	int64_t		 game;
	int		 have = 0, seat, rc = 1, k = out->type;

	memset(req, 0, sizeof *req);
	req->ids[req->nids++] = out->id;
	memset(&g, 0, sizeof g);
	/* Replies to a person name their game in the payload only. */
	game = out->game != 0 ? out->game :
	    json_integer_value(json_object_get(p, "game"));
	if (game != 0 && svc_game_info(tg->svc, game, &g) == 0)
		have = 1;
	lang = tg_out_lang(p, have ? &g : NULL);
	snprintf(g.lang, sizeof g.lang, "%s", lang);
	seat = (int)json_integer_value(json_object_get(p, "seat"));

	if (k == SVC_OUT_BOARD && have) {
		if (tg_photo_board(tg, out->chat, g.id, ref, sizeof ref) < 0)
			ref[0] = '\0';
		if (tg_out_board(tg, req, out->chat, &g, ref, msg,
		    sizeof msg)) {
			/* The first board: the lobby's buttons must go. */
			if (ref[0] == '\0' && g.state != SVC_LOBBY)
				req->lobby = game;
			goto out;
		}
	}
	if (k == SVC_OUT_MENU) {
		if (!have || tg_out_menu(tg, p, &g, &t, &markup) != 0) {
			rc = 0;
			goto out;
		}
		v = json_object_get(p, "message");
		if (json_is_integer(v) && json_integer_value(v) > 0)
			snprintf(msg, sizeof msg, "%lld",
			    (long long)json_integer_value(v));
	} else if (k == SVC_OUT_PLAYED) {
		/* The turn message's buttons are dead: edit them away. */
		if (!have || tg_out_played(p, &g, &t, msg, sizeof msg) != 0) {
			rc = 0;
			goto out;
		}
		markup = tg_keys_none();
	} else if (k == SVC_OUT_TURN && have && json_is_integer(v =
	    json_object_get(p, "turn")) && json_integer_value(v) !=
	    g.turn_no) {
		/* A backlog's old "your turn": the person has moved on. */
		rc = 0;
		goto out;
	} else
		tg_out_text(tg, out, &t);
	if (t.len == 0) {
		rc = 0;
		goto out;
	}
	if (k == SVC_OUT_TURN && have) {
		if ((title = tg_admin_title(tg, g.chat)) != NULL) {
			rbuf_addstr(&t, "\n");
			rbuf_add(&t, tr(lang, "Group: %s"), title);
		}
		tg_out_link(tg, &g, &t);
		markup = tg_out_turnkeys(tg, &g, seat);
	} else if (k == SVC_OUT_LOBBY && have) {
		markup = tg_keys_lobby(&g, lang);
		if (svc_message(tg->svc, g.id, out->chat, out->kind, msg,
		    sizeof msg) < 0)
			msg[0] = '\0';
	} else if (k == SVC_OUT_OPTIONS && have)
		markup = tg_keys_options(&g, lang);

	/* Escaping may grow it up to five times: keep within 4096. */
	if (k == SVC_OUT_BOARD)
		rbuf_addstr(&html, "<pre>");
	tg_out_escape(&html, t.s, t.len > TG_TEXTMAX / 5 * 4 ?
	    TG_TEXTMAX / 5 * 4 : t.len);
	if (k == SVC_OUT_BOARD)
		rbuf_addstr(&html, "</pre>");
	else if (svc_kind_is(k, SVC_OF_NOTICE)) {
		if (svc_kind_is(k, SVC_OF_MOVES) && out->game != 0)
			req->board = out->game;
		else if (tg_out_restyled(out) != 0)
			req->board = game;
		tg_out_merge(tg, out, req, &html);
	}
	/* The first board, or the end of a lobby: its buttons must go. */
	if ((k == SVC_OUT_BOARD && ref[0] == '\0' && have &&
	    g.state != SVC_LOBBY) || k == SVC_OUT_ABORTED)
		req->lobby = game;
	if (!tg_out_group(out->chat))
		req->board = 0;
	tg_out_call(tg, req, out->chat, html.s, markup, msg);
	markup = NULL;
	if (k == SVC_OUT_PLAYED) {
		/* A message that cannot be edited is left as it is. */
		json_decref(req->fallback);
		req->fallback = NULL;
	}
out:
	json_decref(markup);
	rbuf_free(&t);
	rbuf_free(&html);
	return (rc);
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
	struct svc_out	out;
	char		msg[32];
	int		rc;

	memset(req, 0, sizeof *req);
	if (kind == SVC_OUT_BOARD)
		rc = tg_photo_board(tg, chat, game, msg, sizeof msg);
	else
		rc = svc_message(tg->svc, game, chat, svc_kind_name(kind), msg,
		    sizeof msg);
	if (rc != 1)
		return (0);
	svc_out_make(&out, kind, game, NULL);
	snprintf(out.chat, sizeof out.chat, "%s", chat);
	rc = tg_out_make(tg, &out, req);
	svc_out_free(&out);
	req->nids = 0;		/* no row: nothing to mark */
	req->board = req->lobby = 0;
	/*
	 * A board message that is gone is posted anew (its fallback); an
	 * ended lobby that is gone needs nothing.
	 */
	if (kind != SVC_OUT_BOARD) {
		json_decref(req->fallback);
		req->fallback = NULL;
	}
	return (rc);
}

/* Release what a request holds. */
void
tg_out_free(struct tg_req *req)
{
	json_decref(req->params);
	json_decref(req->fallback);
	free(req->png);
	memset(req, 0, sizeof *req);
}
