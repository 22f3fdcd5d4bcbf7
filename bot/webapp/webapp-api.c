/*
 * webapp-api.c: the Mini App's JSON API (tacd(8) documents it), for a
 * person whose init data webapp.c has checked.
 *
 *   GET  /api/strings		the page's words in the person's language
 *   GET  /api/layout?players=4	the board's geometry and colours
 *   GET  /api/games		the person's open games
 *   GET  /api/games/G[?at=N]	the game as they may see it (at move N)
 *   GET  /api/games/G/wait?turn=N	held until the game moves on
 *   POST /api/games/G/actions	{"action": NOTATION, "turn": N}
 *   POST /api/games/G/hint	{"turn": N}: the hint of the person's turn
 *
 * G is a game's key, or its number for its players (service.h).  A game
 * the person may not see is answered exactly as one that does not exist.
 * What a person may see and may do is the service's (service-web.c);
 * the JSON and its words (names, cards, moves, refusals in their
 * language) are compose's (compose-web.c); here is the HTTP.  An action
 * goes through svc_web_play(): the same transaction as a button's /play.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

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
#include "webapp-int.h"
#include "xmalloc.h"

/*
 * The handle of a path "/games/G...": G into buf (at most 22 letters and
 * digits), the rest in *rest; -1 if there is none.
 */
static int
webapp_handle(const char *path, char *buf, size_t len, const char **rest)
{
	const char	*p = path + strlen("/games/");
	size_t		 n;

	n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789");
	*rest = p + n;
	if (n == 0 || n >= len || n > 22)
		return (-1);
	memcpy(buf, p, n);
	buf[n] = '\0';
	return (0);
}

/* A whole number from the query (key=N), or def. */
static int64_t
webapp_query_int(const struct webapp_req *ar, const char *key, int64_t def)
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
void
webapp_lang(struct webapp_req *ar, const char *stored)
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
webapp_failed(struct webapp_req *ar)
{
	log_warnx("telegram: webapp: %s", svc_error(ar->wa->svc));
	webapp_error(ar->req, ar->lang, 500, COMPOSE_WEB_FAILED);
}

/* GET /api/games: the person's open games, with their groups' titles. */
static void
webapp_games(struct webapp_req *ar)
{
	struct svc_web_games	*w;

	w = xmalloc(sizeof *w);
	if (svc_web_games(ar->wa->svc, TG_PLATFORM, ar->who.who.user,
	    w) != 0) {
		free(w);
		webapp_failed(ar);
		return;
	}
	webapp_lang(ar, w->lang);
	webapp_json(ar->req, 200, compose_web_games(w, ar->lang));
	free(w);
}

/* The person's language, for a request that has no list of games. */
static void
webapp_lang_of(struct webapp_req *ar)
{
	struct svc_web_games	*w;

	w = xmalloc(sizeof *w);
	if (svc_web_games(ar->wa->svc, TG_PLATFORM, ar->who.who.user, w) == 0)
		webapp_lang(ar, w->lang);
	else
		webapp_lang(ar, NULL);
	free(w);
}

/* A game the person may not see, or that is not there: the same 404. */
static void
webapp_no_game(struct webapp_req *ar)
{
	webapp_error(ar->req, ar->lang, 404, COMPOSE_WEB_NO_GAME);
}

/* GET /api/games/G[?at=N]: the game as the person may see it, with words. */
static void
webapp_game(struct webapp_req *ar, const char *handle)
{
	struct svc_web_game	*w;
	int			 rc;

	webapp_lang_of(ar);
	w = xmalloc(sizeof *w);
	if ((rc = svc_web_game(ar->wa->svc, handle, TG_PLATFORM,
	    ar->who.who.user, webapp_query_int(ar, "at", -1), w)) < 0)
		webapp_failed(ar);
	else if (rc == 0)
		webapp_no_game(ar);
	else
		webapp_json(ar->req, 200, compose_web_game(w, ar->lang));
	svc_web_game_free(w);
	free(w);
}

/*
 * The game a request names, if the person may see it: its id, or 0 once
 * answered (404 as for no game, or 500).
 */
static int64_t
webapp_find(struct webapp_req *ar, const char *handle)
{
	int64_t	id;
	int	rc;

	if ((rc = svc_web_find(ar->wa->svc, handle, TG_PLATFORM,
	    ar->who.who.user, &id)) < 0)
		webapp_failed(ar);
	else if (rc == 0)
		webapp_no_game(ar);
	return (rc == 1 ? id : 0);
}

/* GET /api/games/G/wait?turn=N: now if it moved on, else held. */
static void
webapp_get_wait(struct webapp_req *ar, const char *handle)
{
	struct svc_game	g;
	int64_t		id, turn = webapp_query_int(ar, "turn", -1);

	if ((id = webapp_find(ar, handle)) == 0)
		return;
	if (svc_game_info(ar->wa->svc, id, &g) != 1) {
		webapp_no_game(ar);
		return;
	}
	if (turn != g.turn_no || g.state == SVC_OVER || g.state ==
	    SVC_ABORTED) {
		webapp_json(ar->req, 200, json_pack("{s:I, s:b}", "turn",
		    (json_int_t)g.turn_no, "changed", turn != g.turn_no));
		return;
	}
	webapp_hold_add(ar->wa, ar->req, ar->who.who.user, id, turn, g.state);
}

/* The request's body as JSON, or NULL. */
static json_t *
webapp_body(struct webapp_req *ar)
{
	struct evbuffer	*in = evhttp_request_get_input_buffer(ar->req);
	size_t		 len = evbuffer_get_length(in);
	char		 buf[WEBAPP_MAXBODY + 1];

	if (len > WEBAPP_MAXBODY)
		return (NULL);
	evbuffer_remove(in, buf, len);
	buf[len] = '\0';
	return (json_loadb(buf, len, JSON_REJECT_DUPLICATES, NULL));
}

/*
 * The service's event of a person's request about game id (named by
 * handle) at turn: text is its action, or "/hint".
 */
static void
webapp_event(struct webapp_req *ar, struct svc_event *ev, const char *handle,
    int64_t id, int64_t turn, const char *text)
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
	/* Only a move or a hint (svc_web_parse()): no admin's rights. */
	ev->admin = 0;
	ev->text = text;
	ev->game = id;
	ev->turn = turn;
	ev->handle = handle;
}

/* POST /api/games/G/actions: play, as a button would. */
static void
webapp_play(struct webapp_req *ar, const char *handle)
{
	struct webapp		*wa = ar->wa;
	struct svc_event	 ev;
	struct svc_web_result	 r;
	json_t			*body, *turn;
	const char		*action;
	int64_t			 id;

	webapp_lang_of(ar);
	if ((id = webapp_find(ar, handle)) == 0)
		return;
	body = webapp_body(ar);
	action = json_string_value(json_object_get(body, "action"));
	turn = json_object_get(body, "turn");
	if (action == NULL || !json_is_integer(turn) ||
	    json_integer_value(turn) < 0 || strlen(action) > 160) {
		json_decref(body);
		webapp_error(ar->req, ar->lang, 400, COMPOSE_WEB_BAD_REQUEST);
		return;
	}
	webapp_event(ar, &ev, handle, id, json_integer_value(turn), action);
	if (svc_web_play(wa->svc, &ev, &r) != 0) {
		json_decref(body);
		webapp_failed(ar);
		return;
	}
	json_decref(body);
	if (!r.applied) {
		webapp_json(ar->req, 409, compose_web_refused(wa->svc, &r,
		    ar->lang));
		json_decref(r.args);
		return;
	}
	webapp_json(ar->req, 200, r.again ? json_pack("{s:b, s:b, s:I}",
	    "applied", 1, "again", 1, "turn", (json_int_t)r.turn) :
	    json_pack("{s:b, s:I}", "applied", 1, "turn", (json_int_t)r.turn));
	/*
	 * The AI's moves, the messages and the other pages follow in the
	 * daemon's after-commit step, which wakes this bridge too.
	 */
}

/*
 * POST /api/games/G/hint {"turn": N}: the hint of the person's turn
 * (service-hint.c), taken as the 💡 button takes it: {action, devil,
 * why, about, turn, seat, message}, message its words, for the page.
 */
static void
webapp_hint(struct webapp_req *ar, const char *handle)
{
	struct webapp		*wa = ar->wa;
	struct svc_event	 ev;
	struct svc_web_result	 r;
	json_t			*body, *turn, *hint;
	int64_t			 id;

	webapp_lang_of(ar);
	if ((id = webapp_find(ar, handle)) == 0)
		return;
	body = webapp_body(ar);
	turn = json_object_get(body, "turn");
	if (!json_is_integer(turn) || json_integer_value(turn) < 0) {
		json_decref(body);
		webapp_error(ar->req, ar->lang, 400, COMPOSE_WEB_BAD_REQUEST);
		return;
	}
	webapp_event(ar, &ev, handle, id, json_integer_value(turn),
	    "/hint");
	json_decref(body);
	if (svc_web_hint(wa->svc, &ev, &r, &hint) != 0) {
		webapp_failed(ar);
		return;
	}
	if (hint == NULL) {
		webapp_json(ar->req, 409, compose_web_refused(wa->svc, &r,
		    ar->lang));
		json_decref(r.args);
		return;
	}
	webapp_json(ar->req, 200, compose_web_hint(wa->svc, id, hint,
	    ar->lang));
}

/* GET /api/layout?players=N: the board picture's layout, made once. */
static void
webapp_layout(struct webapp_req *ar)
{
	struct webapp	*wa = ar->wa;
	int64_t			 n = webapp_query_int(ar, "players", 4);
	int			 i = n == 6 ? 1 : 0;

	if (n != 4 && n != 6) {
		webapp_error(ar->req, ar->lang, 400, COMPOSE_WEB_SEATS);
		return;
	}
	if (wa->layout[i] == NULL)
		wa->layout[i] = picture_layout((int)n);
	webapp_json(ar->req, 200, json_incref(wa->layout[i]));
}

/* Answer one authorised API request. */
void
webapp_api(struct webapp_req *ar)
{
	const char	*rest;
	char		 handle[32];
	int		 get = ar->method == EVHTTP_REQ_GET ||
			    ar->method == EVHTTP_REQ_HEAD;

	/* As the init data says; an answer that reads the store knows. */
	webapp_lang(ar, NULL);
	if (strcmp(ar->path, "/strings") == 0 || strcmp(ar->path, "/layout") ==
	    0 || strcmp(ar->path, "/games") == 0) {
		if (!get)
			webapp_method(ar->req, ar->lang, "GET, HEAD");
		else if (ar->path[1] == 's') {
			webapp_lang_of(ar);
			webapp_json(ar->req, 200, compose_web_strings(ar->lang));
		} else if (ar->path[1] == 'l')
			webapp_layout(ar);
		else
			webapp_games(ar);
	} else if (strncmp(ar->path, "/games/", 7) == 0 &&
	    webapp_handle(ar->path, handle, sizeof handle, &rest) == 0 &&
	    (*rest == '\0' || strcmp(rest, "/wait") == 0 || strcmp(rest,
	    "/actions") == 0 || strcmp(rest, "/hint") == 0)) {
		if (get && *rest == '\0')
			webapp_game(ar, handle);
		else if (get && rest[1] == 'w')
			webapp_get_wait(ar, handle);
		else if (ar->method == EVHTTP_REQ_POST && rest[1] == 'a')
			webapp_play(ar, handle);
		else if (ar->method == EVHTTP_REQ_POST && rest[1] == 'h')
			webapp_hint(ar, handle);
		else
			webapp_method(ar->req, ar->lang, rest[1] == 'a' ||
			    rest[1] == 'h' ? "POST" : "GET, HEAD");
	} else
		webapp_error(ar->req, ar->lang, 404, COMPOSE_WEB_NOT_FOUND);
}
