/*
 * webapp.c: the Mini App's HTTP side (webapp-int.h).  A guarded evhttp
 * server (bridge-httpd.c: connection cap, a deadline per request, accept
 * back-off) on webapp_listen, behind a TLS proxy, on tacd's own loop.
 *
 * GET /, /app.js, /app.css: the page, embedded at build time.  Anything
 * under /api/ needs "Authorization: tma <initData>", checked against the
 * bot token (tg-initdata.c); missing, forged or stale init data is 401.
 * A person makes at most WEBAPP_RATE requests a second (WEBAPP_BURST at
 * once), past it 429; refused init data is only counted (a flood of it
 * must not lock real people out), the connection cap bounds it.  Every
 * answer carries a strict Content-Security-Policy (nothing but the
 * page's own files, no inline script or style, no framing but
 * Telegram's web clients) and no-sniff/no-referrer headers; API answers
 * are not cached.
 *
 * Live updates are long polls: GET /api/games/ID/wait?turn=N is held
 * until the game's turn or state is no longer what the page saw, or
 * WEBAPP_HOLD seconds pass, within the server's deadline.  Held requests
 * are looked at when something commits (webapp_kick(), from the
 * daemon) and once a second, and dropped with their connection.
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
#include "bridge-secret.h"
#include "config.h"
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

#define WEBAPP_CSP	"default-src 'none'; script-src 'self'; " \
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
		webapp_error(req, 500, "failed", "the answer could not be "
		    "made");
		return;
	}
	text = json_dumps(body, JSON_COMPACT);
	json_decref(body);
	if ((b = evbuffer_new()) == NULL)
		fatalx("%s: evbuffer_new", __func__);
	evbuffer_add(b, text, strlen(text));
	free(text);
	webapp_headers(req, "application/json; charset=utf-8", 1);
	evhttp_send_reply(req, code, code == 200 ? "OK" : "Refused", b);
	evbuffer_free(b);
}

/* Answer with {"error": code, "message": text}. */
void
webapp_error(struct evhttp_request *req, int code, const char *error,
    const char *message)
{
	struct evbuffer	*b;
	json_t		*j;
	char		*text;

	j = json_pack("{s:s, s:s}", "error", error, "message", message);
	text = j != NULL ? json_dumps(j, JSON_COMPACT) : NULL;
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
	evhttp_send_reply(req, code, error, b);
	evbuffer_free(b);
}

/* Serve one of the page's files, or 404. */
static void
webapp_file(struct evhttp_request *req, const char *path)
{
	const struct webapp_file	*f;
	const char			*inm;
	struct evbuffer			*b;

	if (strcmp(path, "/") == 0)
		path = "/index.html";
	for (f = webapp_files; f->path != NULL; f++) {
		if (strcmp(f->path, path) == 0)
			break;
	}
	if (f->path == NULL) {
		webapp_error(req, 404, "not_found", "no such file");
		return;
	}
	webapp_headers(req, f->type, 0);
	evhttp_add_header(evhttp_request_get_output_headers(req), "ETag",
	    f->etag);
	inm = evhttp_find_header(evhttp_request_get_input_headers(req),
	    "If-None-Match");
	if (inm != NULL && strcmp(inm, f->etag) == 0) {
		evhttp_send_reply(req, 304, "Not Modified", NULL);
		return;
	}
	if ((b = evbuffer_new()) == NULL)
		fatalx("%s: evbuffer_new", __func__);
	evbuffer_add_reference(b, f->data, f->len, NULL, NULL);
	evhttp_send_reply(req, 200, "OK", b);
	evbuffer_free(b);
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
	webapp_error(ar->req, 401, "unauthorized", "open the board again "
	    "from the chat");
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
		webapp_error(req, 503, "stopping", "tacd is stopping");
		return;
	}
	memset(&ar, 0, sizeof ar);
	ar.wa = wa;
	ar.req = req;
	ar.method = evhttp_request_get_command(req);
	uri = evhttp_request_get_evhttp_uri(req);
	if (uri == NULL || (path = evhttp_uri_get_path(uri)) == NULL ||
	    *path != '/') {
		webapp_error(req, 400, "bad_request", "no path");
		return;
	}
	ar.query = evhttp_uri_get_query(uri);
	if (strncmp(path, "/api/", 5) != 0) {
		if (ar.method != EVHTTP_REQ_GET && ar.method != EVHTTP_REQ_HEAD)
			webapp_error(req, 405, "method", "GET only");
		else
			webapp_file(req, path);
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
		webapp_error(req, 429, "busy", "too many requests: try "
		    "again in a second");
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

/* Answer a held request: the game's turn and state as they are now. */
static void
webapp_answer(struct webapp *wa, struct webapp_hold *w,
    const struct svc_game *g)
{
	struct evhttp_request	*req = w->req;

	bridge_httpd_rearm(wa->httpd, req);
	webapp_unwait(wa, w);
	webapp_json(req, 200, json_pack("{s:I, s:b}", "turn",
	    (json_int_t)(g != NULL ? g->turn_no : -1), "changed", 1));
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
		known = svc_game_info(wa->svc, w->game, &g) == 0;
		if (!known || g.turn_no != w->turn || g.state != w->state)
			webapp_answer(wa, w, known ? &g : NULL);
		else if (now >= w->until) {
			bridge_httpd_rearm(wa->httpd, w->req);
			webapp_json(w->req, 200, json_pack("{s:I, s:b}",
			    "turn", (json_int_t)g.turn_no, "changed", 0));
			webapp_unwait(wa, w);
		}
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
 * Hold a request until game is past turn or its state is no longer
 * state (the page's view), at most WEBAPP_HOLD seconds.
 */
void
webapp_hold_add(struct webapp *wa, struct evhttp_request *req,
    int64_t game, int64_t turn, int state)
{
	struct webapp_hold	*w;
	struct timeval		 tv = { 1, 0 };

	w = xcalloc(1, sizeof *w);
	w->req = req;
	w->evcon = evhttp_request_get_connection(req);
	w->game = game;
	w->turn = turn;
	w->state = state;
	w->until = now_mono() + WEBAPP_HOLD;
	TAILQ_INSERT_TAIL(&wa->waits, w, entry);
	wa->nwaits++;
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
    const struct config *conf, const struct webapp_hooks *hooks, char **cause)
{
	struct webapp		*wa;
	struct bridge_httpd_opts o;

	wa = xcalloc(1, sizeof *wa);
	wa->base = base;
	wa->svc = svc;
	wa->hooks = *hooks;
	wa->maxage = atoi(conf->webapp_max_age);
	TAILQ_INIT(&wa->waits);
	if (bridge_secret(conf->telegram_token_file, "telegram_token_file",
	    wa->token, sizeof wa->token, cause) != 0) {
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
	o.maxbody = WEBAPP_MAXBODY;
	o.maxheaders = WEBAPP_MAXHEAD;
	o.methods = EVHTTP_REQ_GET | EVHTTP_REQ_HEAD | EVHTTP_REQ_POST;
	o.troubles[0] = "requests refused without good init data";
	o.troubles[1] = "requests over a rate limit";
	o.request = webapp_request;
	o.closed = webapp_closed;
	o.arg = wa;
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
	explicit_bzero(wa->token, sizeof wa->token);
	free(wa);
}
