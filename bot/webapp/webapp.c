/*
 * webapp.c: the Mini App's HTTP side (webapp-int.h).  A guarded evhttp
 * server (bridge-httpd.c: connection cap, a deadline per request, accept
 * back-off) on webapp_listen, behind a TLS proxy, on tacd's own loop.
 *
 * GET /, /app.js, ...: the page, embedded at build time, and /words.js,
 * the page's words in every language (made once at start from the
 * catalogs), so that the page speaks the person's language even when its
 * first request fails.  Anything under /api/ needs "Authorization: tma
 * <initData>", checked against the bot token (tg-initdata.c); missing,
 * forged or stale init data is 401.  A person makes at most WEBAPP_RATE
 * requests a second (WEBAPP_BURST at once), past it 429; refused init
 * data is only counted (a flood of it must not lock real people out),
 * the connection cap bounds it.  Every answer tacd makes carries a
 * strict Content-Security-Policy (the page's own files and Telegram's
 * telegram-web-app.js, no inline script or style, no framing but
 * Telegram's web clients) and no-sniff/no-referrer headers; API answers
 * are not cached; a HEAD gets the headers alone; an error says what it
 * is in the person's language (Accept-Language before they are known).
 *
 * Live updates are long polls: GET /api/games/KEY/wait?turn=N is held
 * until the game's turn or state is no longer what the page saw, or
 * WEBAPP_HOLD seconds pass, within the server's deadline.  Held requests
 * are looked at when something commits (webapp_kick(), from the
 * daemon) and once a second, and dropped with their connection; the
 * connection cap closes them last, and a person holds at most
 * WEBAPP_HOLDS of them (the oldest is answered when another comes), all
 * together at most half the connection cap (the oldest of all answered),
 * so that held polls never fill the cap and a new connection always gets
 * in.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* explicit_bzero */
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <event2/buffer.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>

#include "bridge-httpd.h"
#include "secret.h"
#include "compose.h"
#include "config.h"
#include "lang.h"
#include "log.h"
#include "now.h"
#include "webapp-int.h"
#include "xmalloc.h"

/* What the Mini App's server counts besides bridge-httpd.c's troubles. */
enum {
	WEBAPP_REFUSED = BRIDGE_HTTPD_OWN,	/* init data missing, forged,
						   stale */
	WEBAPP_LIMITED			/* requests over a rate */
};

#define WEBAPP_CSP	"default-src 'none'; script-src 'self' " \
			"https://telegram.org; " \
			"style-src 'self'; img-src 'self' data:; " \
			"connect-src 'self'; base-uri 'none'; " \
			"form-action 'none'; frame-ancestors 'self' " \
			"https://web.telegram.org https://*.telegram.org"

/* The headers every answer has. */
static void
webapp_headers(struct evhttp_request *req, const char *type, int nocache)
{
	struct evkeyvalq	*h = evhttp_request_get_output_headers(req);

	evhttp_add_header(h, "Content-Type", type);
	evhttp_add_header(h, "Content-Security-Policy", WEBAPP_CSP);
	evhttp_add_header(h, "X-Content-Type-Options", "nosniff");
	evhttp_add_header(h, "Referrer-Policy", "no-referrer");
	evhttp_add_header(h, "Cache-Control", nocache ? "no-store" :
	    "no-cache");
}

/* Answer with a JSON body (the reference is taken). */
void
webapp_json(struct evhttp_request *req, int code, json_t *body)
{
	struct evbuffer	*b;
	char		*text;

	/* A value jansson refused (text that is not UTF-8): no answer. */
	if (body == NULL) {
		webapp_error(req, NULL, 500, COMPOSE_WEB_NO_ANSWER);
		return;
	}
	text = json_dumps(body, JSON_COMPACT);
	json_decref(body);
	if ((b = evbuffer_new()) == NULL)
		fatalx("%s: evbuffer_new", __func__);
	evbuffer_add(b, text, strlen(text));
	free(text);
	webapp_headers(req, "application/json; charset=utf-8", 1);
	bridge_httpd_send(req, code, code == 200 ? "OK" : "Refused", b);
	evbuffer_free(b);
}

/*
 * The language of a request's error before its person is known: the one
 * its Accept-Language asks for first of ours, else English.
 */
static const char *
webapp_accept_lang(struct evhttp_request *req)
{
	const char	*l;

	l = lang_accept(evhttp_find_header(evhttp_request_get_input_headers(
	    req), "Accept-Language"));
	return (l != NULL ? l : "en");
}

/*
 * Answer with status code and compose's {"error": code, "message":
 * words} of why (enum compose_web_error), in the person's language
 * (lang; NULL: as the request's Accept-Language says).
 */
void
webapp_error(struct evhttp_request *req, const char *lang, int code,
    int why)
{
	struct evbuffer	*b;
	json_t		*j;
	char		*text, error[32];

	if (lang == NULL)
		lang = webapp_accept_lang(req);
	j = compose_web_error(why, lang);
	snprintf(error, sizeof error, "%s", json_string_value(
	    json_object_get(j, "error")));
	text = json_dumps(j, JSON_COMPACT);
	json_decref(j);
	if ((b = evbuffer_new()) == NULL)
		fatalx("%s: evbuffer_new", __func__);
	if (text != NULL)
		evbuffer_add(b, text, strlen(text));
	free(text);
	if (code == 401)
		evhttp_add_header(evhttp_request_get_output_headers(req),
		    "WWW-Authenticate", "tma");
	webapp_headers(req, "application/json; charset=utf-8", 1);
	bridge_httpd_send(req, code, error, b);
	evbuffer_free(b);
}

/* 405, with the methods that path takes. */
void
webapp_method(struct evhttp_request *req, const char *lang,
    const char *allow)
{
	evhttp_add_header(evhttp_request_get_output_headers(req), "Allow",
	    allow);
	webapp_error(req, lang, 405, COMPOSE_WEB_METHOD);
}

/* Send a file's bytes (not copied), or only its ETag's 304. */
static void
webapp_bytes(struct evhttp_request *req, const char *type,
    const unsigned char *data, size_t len, const char *etag)
{
	const char	*inm;
	struct evbuffer	*b;

	webapp_headers(req, type, 0);
	evhttp_add_header(evhttp_request_get_output_headers(req), "ETag",
	    etag);
	inm = evhttp_find_header(evhttp_request_get_input_headers(req),
	    "If-None-Match");
	if (inm != NULL && strcmp(inm, etag) == 0) {
		evhttp_send_reply(req, 304, "Not Modified", NULL);
		return;
	}
	if ((b = evbuffer_new()) == NULL)
		fatalx("%s: evbuffer_new", __func__);
	evbuffer_add_reference(b, data, len, NULL, NULL);
	bridge_httpd_send(req, 200, "OK", b);
	evbuffer_free(b);
}

/* Serve one of the page's files, the page's words, or 404. */
static void
webapp_file(struct webapp *wa, struct evhttp_request *req, const char *path)
{
	const struct webapp_file	*f;

	if (strcmp(path, "/") == 0)
		path = "/index.html";
	if (strcmp(path, "/words.js") == 0) {
		webapp_bytes(req, "text/javascript; charset=utf-8",
		    (const unsigned char *)wa->words, wa->wordslen,
		    wa->wordstag);
		return;
	}
	for (f = webapp_files; f->path != NULL; f++) {
		if (strcmp(f->path, path) == 0)
			break;
	}
	if (f->path == NULL) {
		webapp_error(req, NULL, 404, COMPOSE_WEB_NOT_FOUND);
		return;
	}
	webapp_bytes(req, f->type, f->data, f->len, f->etag);
}

/*
 * Make /words.js: the page's words in every language, as a script that
 * sets TAC_WORDS, and its ETag (FNV-1a of the text).
 */
static void
webapp_words(struct webapp *wa)
{
	json_t		*all;
	char		*text;
	uint32_t	 h = 2166136261u;
	size_t		 i;

	all = compose_web_words_all();
	text = json_dumps(all, JSON_COMPACT);
	json_decref(all);
	if (text == NULL)
		fatalx("%s: the page's words", __func__);
	xasprintf(&wa->words, "'use strict';\nself.TAC_WORDS = %s;\n", text);
	free(text);
	wa->wordslen = strlen(wa->words);
	for (i = 0; i < wa->wordslen; i++)
		h = (h ^ (unsigned char)wa->words[i]) * 16777619u;
	snprintf(wa->wordstag, sizeof wa->wordstag, "\"w%08x-%zu\"", h,
	    wa->wordslen);
}

/* A person's rate bucket: a slot by their id's hash (FNV-1a). */
static struct webapp_rate *
webapp_rate(struct webapp *wa, const char *user, double now)
{
	struct webapp_rate	*r;
	uint32_t		 h = 2166136261u;

	for (; *user != '\0'; user++)
		h = (h ^ (unsigned char)*user) * 16777619u;
	r = &wa->rate[h % WEBAPP_USERS];
	if (!r->used) {
		bridge_bucket_init(&r->b, WEBAPP_RATE, WEBAPP_BURST, now);
		r->used = 1;
	}
	return (r);
}

/*
 * Check a request's init data: 0 with ar->who set, or -1 once answered
 * (401).  Refusals are not rate limited: a flood of them must not lock
 * real people out, and a check costs microseconds; the connection cap
 * and the deadline bound what a flood can hold.
 */
static int
webapp_auth(struct webapp *wa, struct webapp_req *ar)
{
	const char	*auth, *why = NULL;

	auth = evhttp_find_header(evhttp_request_get_input_headers(ar->req),
	    "Authorization");
	if (auth == NULL || strncmp(auth, "tma ", 4) != 0)
		why = "no init data";
	else if (tg_initdata_check(auth + 4, strlen(auth + 4), wa->token,
	    (int64_t)time(NULL), wa->maxage, &ar->who, &why) == 0)
		return (0);
	bridge_httpd_trouble(wa->httpd, WEBAPP_REFUSED);
	log_debug("telegram: webapp: refused: %s", why);
	webapp_error(ar->req, NULL, 401, COMPOSE_WEB_EXPIRED);
	return (-1);
}

/* One request to the Mini App's server. */
static void
webapp_request(struct evhttp_request *req, void *arg)
{
	struct webapp		*wa = arg;
	struct webapp_req		 ar;
	const struct evhttp_uri		*uri;
	struct webapp_rate		*r;
	const char			*path;

	bridge_httpd_rearm(wa->httpd, req);
	if (wa->stopping) {
		webapp_error(req, NULL, 503, COMPOSE_WEB_STOPPING);
		return;
	}
	memset(&ar, 0, sizeof ar);
	ar.wa = wa;
	ar.req = req;
	ar.method = evhttp_request_get_command(req);
	uri = evhttp_request_get_evhttp_uri(req);
	if (uri == NULL || (path = evhttp_uri_get_path(uri)) == NULL ||
	    *path != '/') {
		webapp_error(req, NULL, 400, COMPOSE_WEB_NO_PATH);
		return;
	}
	ar.query = evhttp_uri_get_query(uri);
	if (strncmp(path, "/api/", 5) != 0) {
		if (ar.method != EVHTTP_REQ_GET && ar.method != EVHTTP_REQ_HEAD)
			webapp_method(req, NULL, "GET, HEAD");
		else
			webapp_file(wa, req, path);
		return;
	}
	ar.path = path + 4;
	if (webapp_auth(wa, &ar) != 0)
		return;
	r = webapp_rate(wa, ar.who.who.user, now_mono());
	if (bridge_bucket_wait(&r->b, now_mono()) > 0) {
		bridge_httpd_trouble(wa->httpd, WEBAPP_LIMITED);
		evhttp_add_header(evhttp_request_get_output_headers(req),
		    "Retry-After", "1");
		webapp_lang(&ar, NULL);
		webapp_error(req, ar.lang, 429, COMPOSE_WEB_BUSY);
		return;
	}
	bridge_bucket_take(&r->b);
	webapp_api(&ar);
}

/* Drop a held request (its connection went, or it was answered). */
static void
webapp_unwait(struct webapp *wa, struct webapp_hold *w)
{
	TAILQ_REMOVE(&wa->waits, w, entry);
	wa->nwaits--;
	free(w);
}

/*
 * Answer a held request: the game's turn as it is now, and whether it
 * moved.  One let go early for a cap says when to ask again (again > 0,
 * seconds): a page that asked at once would let another go, and that
 * one another, as fast as the network allows.
 */
static void
webapp_answer(struct webapp *wa, struct webapp_hold *w, int64_t turn,
    int changed, int again)
{
	struct evhttp_request	*req = w->req;
	json_t			*body;

	bridge_httpd_rearm(wa->httpd, req);
	bridge_httpd_hold(wa->httpd, req, 0);
	webapp_unwait(wa, w);
	body = json_pack("{s:I, s:b}", "turn", (json_int_t)turn, "changed",
	    changed);
	if (body != NULL && again > 0)
		json_object_set_new(body, "again", json_integer(again));
	webapp_json(req, 200, body);
}

/*
 * Look at every held request: answer those whose game changed, and
 * those whose time is up (unchanged).
 */
static void
webapp_look(struct webapp *wa)
{
	struct webapp_hold	*w, *next;
	struct svc_game		 g;
	double			 now = now_mono();
	int			 known;

	for (w = TAILQ_FIRST(&wa->waits); w != NULL; w = next) {
		next = TAILQ_NEXT(w, entry);
		known = svc_game_info(wa->svc, w->game, &g) == 1;
		if (!known || g.turn_no != w->turn || g.state != w->state)
			webapp_answer(wa, w, known ? g.turn_no : -1, 1, 0);
		else if (now >= w->until)
			webapp_answer(wa, w, g.turn_no, 0, 0);
	}
}

/* Something committed: look at the held requests soon. */
static void
webapp_wake(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	webapp_look(arg);
}

/* A second passed: look again while requests are held. */
static void
webapp_tick(evutil_socket_t fd, short what, void *arg)
{
	struct webapp	*wa = arg;
	struct timeval		 tv = { 1, 0 };

	(void)fd;
	(void)what;
	webapp_look(wa);
	if (wa->nwaits > 0)
		evtimer_add(wa->ev_tick, &tv);
}

/*
 * Hold a request of user's until game is past turn or its state is no
 * longer state (the page's view), at most WEBAPP_HOLD seconds.  A person
 * who holds WEBAPP_HOLDS already has the oldest answered (unchanged): a
 * page that went away without closing its connection leaves them, and
 * one person must not fill the server with them.  Nor may many people:
 * past wa->maxholds in all (half the connection cap) the oldest hold is
 * answered (unchanged, so its page polls again, WEBAPP_AGAIN seconds
 * later), and the cap always has a connection that holds nothing to
 * close for a newcomer.
 */
void
webapp_hold_add(struct webapp *wa, struct evhttp_request *req,
    const char *user, int64_t game, int64_t turn, int state)
{
	struct webapp_hold	*w, *first = NULL;
	struct timeval		 tv = { 1, 0 };
	int			 n = 0;

	TAILQ_FOREACH(w, &wa->waits, entry) {
		if (strcmp(w->user, user) == 0 && n++ == 0)
			first = w;
	}
	if (n >= WEBAPP_HOLDS && first != NULL)
		webapp_answer(wa, first, first->turn, 0, WEBAPP_AGAIN);
	/* In all, well below the connection cap: the oldest goes. */
	while (wa->nwaits >= wa->maxholds &&
	    (w = TAILQ_FIRST(&wa->waits)) != NULL)
		webapp_answer(wa, w, w->turn, 0, WEBAPP_AGAIN);
	w = xcalloc(1, sizeof *w);
	w->req = req;
	w->evcon = evhttp_request_get_connection(req);
	snprintf(w->user, sizeof w->user, "%s", user);
	w->game = game;
	w->turn = turn;
	w->state = state;
	w->until = now_mono() + WEBAPP_HOLD;
	TAILQ_INSERT_TAIL(&wa->waits, w, entry);
	wa->nwaits++;
	/* Tests wait for this line, not for time, to know a poll is held. */
	log_debug("telegram: webapp: a poll held, %zu in all", wa->nwaits);
	bridge_httpd_hold(wa->httpd, req, 1);
	if (!evtimer_pending(wa->ev_tick, NULL))
		evtimer_add(wa->ev_tick, &tv);
}

/* Something committed (the daemon says): wake the held requests. */
void
webapp_kick(struct webapp *wa)
{
	if (wa != NULL && wa->nwaits > 0)
		event_active(wa->ev_wake, EV_TIMEOUT, 0);
}

/* A connection goes, and its requests with it: forget those held. */
static void
webapp_closed(struct evhttp_connection *evcon, void *arg)
{
	struct webapp	*wa = arg;
	struct webapp_hold	*w, *next;

	for (w = TAILQ_FIRST(&wa->waits); w != NULL; w = next) {
		next = TAILQ_NEXT(w, entry);
		if (w->evcon == evcon)
			webapp_unwait(wa, w);
	}
}

/*
 * Start the Mini App's server as the configuration says (webapp_listen
 * set, and the bot's token, which signs the init data); NULL with *cause
 * (malloc'd) when it cannot start.
 */
struct webapp *
webapp_start(struct event_base *base, struct svc *svc,
    const struct config *conf, char **cause)
{
	struct webapp		*wa;
	struct bridge_httpd_opts o;

	wa = xcalloc(1, sizeof *wa);
	wa->base = base;
	wa->svc = svc;
	wa->maxage = atoi(conf->webapp_max_age);
	TAILQ_INIT(&wa->waits);
	if (secret_read(conf->telegram_token_file, "telegram_token_file",
	    SECRET_WORD, wa->token, sizeof wa->token, cause) != 0) {
		webapp_free(wa);
		return (NULL);
	}
	if ((wa->ev_wake = event_new(base, -1, 0, webapp_wake, wa)) == NULL ||
	    (wa->ev_tick = evtimer_new(base, webapp_tick, wa)) == NULL)
		fatalx("%s: cannot set up the Mini App", __func__);
	memset(&o, 0, sizeof o);
	o.name = "telegram: webapp";
	o.setting = "webapp_listen";
	o.listen = conf->webapp_listen;
	o.maxconns = (size_t)atoi(conf->webapp_max_connections);
	wa->maxholds = o.maxconns / 2 > 0 ? o.maxconns / 2 : 1;
	o.maxbody = WEBAPP_MAXBODY;
	o.maxheaders = WEBAPP_MAXHEAD;
	/*
	 * Every method libevent knows, so that the ones the app takes not
	 * are answered here (405, with the headers), not by libevent's own
	 * page.
	 */
	o.methods = EVHTTP_REQ_GET | EVHTTP_REQ_HEAD | EVHTTP_REQ_POST |
	    EVHTTP_REQ_PUT | EVHTTP_REQ_DELETE | EVHTTP_REQ_OPTIONS |
	    EVHTTP_REQ_TRACE | EVHTTP_REQ_CONNECT | EVHTTP_REQ_PATCH;
	o.troubles[0] = "requests refused without good init data";
	o.troubles[1] = "requests over a rate limit";
	o.request = webapp_request;
	o.closed = webapp_closed;
	o.arg = wa;
	webapp_words(wa);
	if ((wa->httpd = bridge_httpd_start(base, &o, cause)) == NULL) {
		webapp_free(wa);
		return (NULL);
	}
	if (conf->webapp_url[0] == '\0')
		log_warnx("telegram: webapp: no webapp_url, so no button "
		    "opens the app");
	return (wa);
}

/*
 * Stop taking requests (shutting down): the server goes, held requests
 * with their connections.
 */
void
webapp_stop(struct webapp *wa)
{
	struct webapp_hold	*w;

	if (wa == NULL || wa->stopping)
		return;
	wa->stopping = 1;
	bridge_httpd_stop(wa->httpd);	/* webapp_closed() for each */
	wa->httpd = NULL;
	while ((w = TAILQ_FIRST(&wa->waits)) != NULL)
		webapp_unwait(wa, w);
}

/* Free the bridge. */
void
webapp_free(struct webapp *wa)
{
	if (wa == NULL)
		return;
	webapp_stop(wa);
	if (wa->ev_wake != NULL)
		event_free(wa->ev_wake);
	if (wa->ev_tick != NULL)
		event_free(wa->ev_tick);
	json_decref(wa->layout[0]);
	json_decref(wa->layout[1]);
	free(wa->words);
	explicit_bzero(wa->token, sizeof wa->token);
	free(wa);
}
