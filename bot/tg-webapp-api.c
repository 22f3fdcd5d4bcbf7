/*
 * tg-webapp-api.c: the Mini App's JSON API (tacd(8) documents it), for a
 * person whose init data tg-webapp.c has checked.
 *
 *   GET  /api/strings		the page's words in the person's language
 *   GET  /api/layout?players=4	the board's geometry and colours
 *   GET  /api/games		the person's open games
 *   GET  /api/games/ID		the game as they may see it
 *   GET  /api/games/ID/wait?turn=N	held until the game moves on
 *   POST /api/games/ID/actions	{"action": NOTATION, "turn": N}
 *   POST /api/games/ID/hint	{"turn": N}: the hint of the person's turn
 *
 * What a person may see and may do is the service's (service-web.c);
 * here are the words (names, cards, refusals in their language) and the
 * HTTP.  An action goes through svc_web_play(): the same transaction as
 * a button's /play.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/buffer.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>

#include "compose.h"
#include "lang.h"
#include "log.h"
#include "picture.h"
#include "tg-webapp.h"

/* The game id of a path "/games/ID...", the rest in *rest; -1 if none. */
static int64_t
tg_wa_game_id(const char *path, const char **rest)
{
	const char	*p = path + strlen("/games/");
	int64_t		 id = 0;
	int		 n = 0;

	while (isdigit((unsigned char)*p) && n++ < 18)
		id = id * 10 + (*p++ - '0');
	*rest = p;
	return (n > 0 && n <= 18 && id > 0 ? id : -1);
}

/* A whole number from the query (key=N), or def. */
static int64_t
tg_wa_query_int(const struct tg_wa_req *ar, const char *key, int64_t def)
{
	struct evkeyvalq	 kv;
	const char		*v;
	int64_t			 n = def;

	TAILQ_INIT(&kv);
	if (ar->query == NULL || evhttp_parse_query_str(ar->query, &kv) != 0)
		return (def);
	if ((v = evhttp_find_header(&kv, key)) != NULL && *v != '\0' &&
	    strlen(v) <= 18 && strspn(v, "0123456789") == strlen(v))
		n = strtoll(v, NULL, 10);
	evhttp_clear_headers(&kv);
	return (n);
}

/*
 * The person's language: as tacd speaks to them (their /lang, or what
 * Telegram said when they first came), else what this init data says.
 */
static void
tg_wa_lang(struct tg_wa_req *ar, const char *stored)
{
	const char	*l;

	if (stored != NULL && *stored != '\0' && (l = lang_find(stored)) !=
	    NULL)
		snprintf(ar->lang, sizeof ar->lang, "%s", l);
	else if ((l = lang_find(ar->who.who.lang)) != NULL)
		snprintf(ar->lang, sizeof ar->lang, "%s", l);
	else
		snprintf(ar->lang, sizeof ar->lang, "en");
}

/* The service failed: say so (the page tries again). */
static void
tg_wa_failed(struct tg_wa_req *ar)
{
	log_warnx("telegram: webapp: %s", svc_error(ar->wa->tg->svc));
	tg_webapp_error(ar->req, 500, "failed", "tacd could not do it now");
}

/* GET /api/games: the person's open games, with their groups' titles. */
static void
tg_wa_games(struct tg_wa_req *ar)
{
	struct tg	*tg = ar->wa->tg;
	json_t		*o, *g;
	const char	*title;
	size_t		 i;

	if (svc_web_games(tg->svc, TG_PLATFORM, ar->who.who.user, &o) != 0) {
		tg_wa_failed(ar);
		return;
	}
	tg_wa_lang(ar, json_string_value(json_object_get(o, "lang")));
	json_object_set_new(o, "lang", json_string(ar->lang));
	json_array_foreach(json_object_get(o, "games"), i, g) {
		title = tg_admin_title(tg, json_string_value(
		    json_object_get(g, "chat")));
		json_object_set_new(g, "title", json_string(title != NULL ?
		    title : ""));
		json_object_del(g, "chat");
	}
	tg_webapp_json(ar->req, 200, o);
}

/* The person's language, for a request that has no list of games. */
static void
tg_wa_lang_of(struct tg_wa_req *ar)
{
	json_t	*o;

	if (svc_web_games(ar->wa->tg->svc, TG_PLATFORM, ar->who.who.user,
	    &o) == 0) {
		tg_wa_lang(ar, json_string_value(json_object_get(o, "lang")));
		json_decref(o);
	} else
		tg_wa_lang(ar, NULL);
}

/* The seats' names as the chat's texts show them, in the language. */
static json_t *
tg_wa_names(struct tg_wa_req *ar, const struct svc_game *g)
{
	struct render_opts	 ro = { RENDER_PLAIN, NULL, NULL, 0 };
	struct render_game	 t;
	struct rbuf		 b = { NULL, 0, 0 };
	json_t			*arr = json_array();
	int			 s;

	compose_game(g, &t);
	snprintf(t.lang, sizeof t.lang, "%s", ar->lang);
	ro.lang = ar->lang;
	for (s = 0; s < g->cfg.nseats; s++) {
		rbuf_reset(&b);
		render_seat(&ro, &t, s, &b);
		json_array_append_new(arr, json_string(b.s != NULL ? b.s :
		    "?"));
	}
	rbuf_free(&b);
	return (arr);
}

/* GET /api/games/ID: the game as the person may see it, with words. */
static void
tg_wa_game(struct tg_wa_req *ar, int64_t id)
{
	struct tg	*tg = ar->wa->tg;
	struct svc_game	 g;
	json_t		*o;
	const char	*title;
	int		 rc;

	tg_wa_lang_of(ar);
	if ((rc = svc_web_game(tg->svc, id, TG_PLATFORM, ar->who.who.user,
	    &o)) < 0) {
		tg_wa_failed(ar);
		return;
	}
	if (rc == 0 || svc_game_info(tg->svc, id, &g) != 0) {
		json_decref(o);
		tg_webapp_error(ar->req, 404, "no_game", "no such game");
		return;
	}
	json_object_set_new(o, "lang", json_string(ar->lang));
	json_object_set_new(o, "names", tg_wa_names(ar, &g));
	json_object_set_new(o, "words", tg_webapp_words(ar->lang,
	    g.cfg.names));
	title = tg_admin_title(tg, g.chat);
	json_object_set_new(o, "title", json_string(title != NULL ? title :
	    ""));
	json_object_del(o, "chat");
	tg_webapp_json(ar->req, 200, o);
}

/* GET /api/games/ID/wait?turn=N: now if it moved on, else held. */
static void
tg_wa_wait(struct tg_wa_req *ar, int64_t id)
{
	struct svc_game	g;
	int64_t		turn = tg_wa_query_int(ar, "turn", -1);

	if (svc_game_info(ar->wa->tg->svc, id, &g) != 0) {
		tg_webapp_error(ar->req, 404, "no_game", "no such game");
		return;
	}
	if (turn != g.turn_no || g.state == SVC_OVER || g.state ==
	    SVC_ABORTED) {
		tg_webapp_json(ar->req, 200, json_pack("{s:I, s:b}", "turn",
		    (json_int_t)g.turn_no, "changed", turn != g.turn_no));
		return;
	}
	tg_webapp_wait(ar->wa, ar->req, id, turn, g.state);
}

/* The request's body as JSON, or NULL. */
static json_t *
tg_wa_body(struct tg_wa_req *ar)
{
	struct evbuffer	*in = evhttp_request_get_input_buffer(ar->req);
	size_t		 len = evbuffer_get_length(in);
	char		 buf[TG_WA_MAXBODY + 1];

	if (len > TG_WA_MAXBODY)
		return (NULL);
	evbuffer_remove(in, buf, len);
	buf[len] = '\0';
	return (json_loadb(buf, len, JSON_REJECT_DUPLICATES, NULL));
}

/*
 * The service's event of a person's request about game id at turn:
 * text is its action (or "/hint").
 */
static void
tg_wa_event(struct tg_wa_req *ar, struct svc_event *ev, int64_t id,
    int64_t turn, const char *text)
{
	memset(ev, 0, sizeof *ev);
	ev->kind = SVC_EV_APP;
	ev->platform = TG_PLATFORM;
	ev->update_id = -1;
	/* As if in the person's private chat with the bot. */
	ev->chat = ar->who.who.user;
	ev->private_chat = 1;
	ev->chat_title = ar->who.who.name;
	ev->user = ar->who.who.user;
	ev->user_name = ar->who.who.name;
	ev->lang = ar->who.who.lang[0] != '\0' ? ar->who.who.lang : NULL;
	ev->admin = 1;
	ev->text = text;
	ev->game = id;
	ev->turn = turn;
}

/* POST /api/games/ID/actions: play, as a button would. */
static void
tg_wa_play(struct tg_wa_req *ar, int64_t id)
{
	struct tg		*tg = ar->wa->tg;
	struct svc_event	 ev;
	struct rbuf		 b = { NULL, 0, 0 };
	json_t			*body, *r = NULL, *turn;
	const char		*action, *code;
	int			 rc;

	tg_wa_lang_of(ar);
	body = tg_wa_body(ar);
	action = json_string_value(json_object_get(body, "action"));
	turn = json_object_get(body, "turn");
	if (action == NULL || !json_is_integer(turn) ||
	    json_integer_value(turn) < 0 || strlen(action) > 160) {
		json_decref(body);
		tg_webapp_error(ar->req, 400, "bad_request", "the body must be "
		    "{\"action\": NOTATION, \"turn\": N}");
		return;
	}
	tg_wa_event(ar, &ev, id, json_integer_value(turn), action);
	rc = svc_web_play(tg->svc, &ev, &r);
	json_decref(body);
	if (rc < 0) {
		tg_wa_failed(ar);
		return;
	}
	if (rc == 0) {
		tg_webapp_json(ar->req, 200, r);
		/* The AI's moves, the messages, the other pages. */
		tg_after(tg);
		tg_webapp_changed(ar->wa);
		return;
	}
	code = json_string_value(json_object_get(r, "code"));
	compose_say(tg->svc, ar->lang, r, &b);
	while (b.s != NULL && b.len > 0 && isspace((unsigned char)
	    b.s[b.len - 1]))
		b.s[--b.len] = '\0';
	tg_webapp_json(ar->req, 409, json_pack("{s:s, s:s, s:O}", "error",
	    code != NULL ? code : "refused", "message", b.s != NULL ? b.s : "",
	    "args", json_object_get(r, "args")));
	rbuf_free(&b);
	json_decref(r);
}

/*
 * POST /api/games/ID/hint: the hint of the person's turn (service-hint.c),
 * taken as the 💡 button takes it: {action, devil, why, about, turn,
 * message}, message its words, for the page to show.
 */
static void
tg_wa_hint(struct tg_wa_req *ar, int64_t id)
{
	struct tg		*tg = ar->wa->tg;
	struct svc_event	 ev;
	struct svc_game		 g;
	struct rbuf		 b = { NULL, 0, 0 };
	json_t			*body, *r = NULL, *turn, *o;
	int			 rc;

	tg_wa_lang_of(ar);
	body = tg_wa_body(ar);
	turn = json_object_get(body, "turn");
	if (!json_is_integer(turn) || json_integer_value(turn) < 0) {
		json_decref(body);
		tg_webapp_error(ar->req, 400, "bad_request", "the body must be "
		    "{\"turn\": N}");
		return;
	}
	tg_wa_event(ar, &ev, id, json_integer_value(turn), "/hint");
	rc = svc_web_hint(tg->svc, &ev, &r);
	json_decref(body);
	if (rc < 0) {
		tg_wa_failed(ar);
		return;
	}
	if (rc == 0 && svc_game_info(tg->svc, id, &g) == 0) {
		snprintf(g.lang, sizeof g.lang, "%s", ar->lang);
		(void)compose_hint_text(tg->svc, &g, (int)json_integer_value(
		    json_object_get(r, "seat")), r, &b);
	} else if (rc == 1)
		compose_say(tg->svc, ar->lang, r, &b);
	while (b.s != NULL && b.len > 0 && isspace((unsigned char)
	    b.s[b.len - 1]))
		b.s[--b.len] = '\0';
	if (rc == 1) {
		/* A refusal reads as the actions' refusals do. */
		o = json_pack("{s:s, s:s, s:O}", "error", json_string_value(
		    json_object_get(r, "code")) != NULL ? json_string_value(
		    json_object_get(r, "code")) : "refused", "message", b.s !=
		    NULL ? b.s : "", "args", json_object_get(r, "args"));
		json_decref(r);
		r = o;
	} else
		json_object_set_new(r, "message", json_string(b.s != NULL ?
		    b.s : ""));
	rbuf_free(&b);
	tg_webapp_json(ar->req, rc == 0 ? 200 : 409, r);
}

/* GET /api/layout?players=N: the board picture's layout, made once. */
static void
tg_wa_layout(struct tg_wa_req *ar)
{
	struct tg_webapp	*wa = ar->wa;
	int64_t			 n = tg_wa_query_int(ar, "players", 4);
	int			 i = n == 6 ? 1 : 0;

	if (n != 4 && n != 6) {
		tg_webapp_error(ar->req, 400, "bad_request", "players is 4 or "
		    "6");
		return;
	}
	if (wa->layout[i] == NULL)
		wa->layout[i] = picture_layout((int)n);
	tg_webapp_json(ar->req, 200, json_incref(wa->layout[i]));
}

/* Answer one authorised API request. */
void
tg_webapp_api(struct tg_wa_req *ar)
{
	const char	*rest;
	int64_t		 id;
	int		 get = ar->method == EVHTTP_REQ_GET;

	if (get && strcmp(ar->path, "/strings") == 0) {
		tg_wa_lang_of(ar);
		tg_webapp_json(ar->req, 200, tg_webapp_strings(ar->lang));
	} else if (get && strcmp(ar->path, "/layout") == 0)
		tg_wa_layout(ar);
	else if (get && strcmp(ar->path, "/games") == 0)
		tg_wa_games(ar);
	else if (strncmp(ar->path, "/games/", 7) == 0 &&
	    (id = tg_wa_game_id(ar->path, &rest)) > 0) {
		if (get && *rest == '\0')
			tg_wa_game(ar, id);
		else if (get && strcmp(rest, "/wait") == 0)
			tg_wa_wait(ar, id);
		else if (ar->method == EVHTTP_REQ_POST &&
		    strcmp(rest, "/actions") == 0)
			tg_wa_play(ar, id);
		else if (ar->method == EVHTTP_REQ_POST &&
		    strcmp(rest, "/hint") == 0)
			tg_wa_hint(ar, id);
		else
			tg_webapp_error(ar->req, 405, "method", "not here");
	} else
		tg_webapp_error(ar->req, 404, "not_found", "no such API");
}
