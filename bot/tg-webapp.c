/*
 * tg-webapp.c: the Mini App's HTTP side (tg-webapp.h).  A guarded evhttp
 * server (tg-httpd.c: connection cap, a deadline per request, accept
 * back-off) on webapp_listen, behind a TLS proxy, on tacd's own loop.
 *
 * GET /, /app.js, /app.css: the page, embedded at build time.  Anything
 * under /api/ needs "Authorization: tma <initData>", checked against the
 * bot token (tg-initdata.c); missing, forged or stale init data is 401.
 * A person makes at most TG_WA_RATE requests a second (TG_WA_BURST at
 * once), past it 429; refused init data is only counted (a flood of it
 * must not lock real people out), the connection cap bounds it.  Every
 * answer carries a strict Content-Security-Policy (nothing but the
 * page's own files, no inline script or style, no framing but
 * Telegram's web clients) and no-sniff/no-referrer headers; API answers
 * are not cached.
 *
 * Live updates are long polls: GET /api/games/ID/wait?turn=N is held
 * until the game's turn or state is no longer what the page saw, or
 * TG_WA_HOLD seconds pass, within the server's deadline.  Held requests
 * are looked at when the bridge commits something (tg_webapp_kick())
 * and once a second, and dropped with their connection.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* asprintf */
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <event2/buffer.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>

#include "config.h"
#include "log.h"
#include "now.h"
#include "tg-httpd.h"
#include "tg-webapp.h"
#include "xmalloc.h"

/* What the Mini App's server counts besides tg-httpd.c's troubles. */
enum {
	TG_WA_REFUSED = TG_HTTPD_OWN,	/* init data missing, forged, stale */
	TG_WA_LIMITED			/* requests over a rate */
};

#define TG_WA_CSP	"default-src 'none'; script-src 'self'; " \
			"style-src 'self'; img-src 'self' data:; " \
			"connect-src 'self'; base-uri 'none'; " \
			"form-action 'none'; frame-ancestors 'self' " \
			"https://web.telegram.org https://*.telegram.org"

/* The headers every answer has. */
static void
tg_webapp_headers(struct evhttp_request *req, const char *type, int nocache)
{
	struct evkeyvalq	*h = evhttp_request_get_output_headers(req);

	evhttp_add_header(h, "Content-Type", type);
	evhttp_add_header(h, "Content-Security-Policy", TG_WA_CSP);
	evhttp_add_header(h, "X-Content-Type-Options", "nosniff");
	evhttp_add_header(h, "Referrer-Policy", "no-referrer");
	evhttp_add_header(h, "Cache-Control", nocache ? "no-store" :
	    "no-cache");
}

/* Answer with a JSON body (the reference is taken). */
void
tg_webapp_json(struct evhttp_request *req, int code, json_t *body)
{
	struct evbuffer	*b;
	char		*text;

	if (body == NULL || (text = json_dumps(body, JSON_COMPACT)) == NULL) {
		json_decref(body);
		tg_webapp_error(req, 500, "failed", "the answer could not be "
		    "made");
		return;
	}
	json_decref(body);
	if ((b = evbuffer_new()) == NULL)
		fatalx("%s: evbuffer_new", __func__);
	evbuffer_add(b, text, strlen(text));
	free(text);
	tg_webapp_headers(req, "application/json; charset=utf-8", 1);
	evhttp_send_reply(req, code, code == 200 ? "OK" : "Refused", b);
	evbuffer_free(b);
}

/* Answer with {"error": code, "message": text}. */
void
tg_webapp_error(struct evhttp_request *req, int code, const char *error,
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
	tg_webapp_headers(req, "application/json; charset=utf-8", 1);
	evhttp_send_reply(req, code, error, b);
	evbuffer_free(b);
}

/* Serve one of the page's files, or 404. */
static void
tg_webapp_file(struct evhttp_request *req, const char *path)
{
	const struct tg_webapp_file	*f;
	const char			*inm;
	struct evbuffer			*b;

	if (strcmp(path, "/") == 0)
		path = "/index.html";
	for (f = tg_webapp_files; f->path != NULL; f++) {
		if (strcmp(f->path, path) == 0)
			break;
	}
	if (f->path == NULL) {
		tg_webapp_error(req, 404, "not_found", "no such file");
		return;
	}
	tg_webapp_headers(req, f->type, 0);
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
static struct tg_wa_rate *
tg_webapp_rate(struct tg_webapp *wa, const char *user, double now)
{
	struct tg_wa_rate	*r;
	uint32_t		 h = 2166136261u;

	for (; *user != '\0'; user++)
		h = (h ^ (unsigned char)*user) * 16777619u;
	r = &wa->rate[h % TG_WA_USERS];
	if (!r->used) {
		tg_bucket_init(&r->b, TG_WA_RATE, TG_WA_BURST, now);
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
tg_webapp_auth(struct tg_webapp *wa, struct tg_wa_req *ar)
{
	const char	*auth, *why = NULL;

	auth = evhttp_find_header(evhttp_request_get_input_headers(ar->req),
	    "Authorization");
	if (auth == NULL || strncmp(auth, "tma ", 4) != 0)
		why = "no init data";
	else if (tg_initdata_check(auth + 4, strlen(auth + 4), wa->tg->token,
	    (int64_t)time(NULL), wa->maxage, &ar->who, &why) == 0)
		return (0);
	tg_httpd_trouble(wa->httpd, TG_WA_REFUSED);
	log_debug("telegram: webapp: refused: %s", why);
	tg_webapp_error(ar->req, 401, "unauthorized", "open the board again "
	    "from the chat");
	return (-1);
}

/* One request to the Mini App's server. */
static void
tg_webapp_request(struct evhttp_request *req, void *arg)
{
	struct tg_webapp		*wa = arg;
	struct tg_wa_req		 ar;
	const struct evhttp_uri		*uri;
	struct tg_wa_rate		*r;
	const char			*path;

	tg_httpd_rearm(wa->httpd, req);
	if (wa->tg->stopping) {
		tg_webapp_error(req, 503, "stopping", "tacd is stopping");
		return;
	}
	memset(&ar, 0, sizeof ar);
	ar.wa = wa;
	ar.req = req;
	ar.method = evhttp_request_get_command(req);
	uri = evhttp_request_get_evhttp_uri(req);
	if (uri == NULL || (path = evhttp_uri_get_path(uri)) == NULL ||
	    *path != '/') {
		tg_webapp_error(req, 400, "bad_request", "no path");
		return;
	}
	ar.query = evhttp_uri_get_query(uri);
	if (strncmp(path, "/api/", 5) != 0) {
		if (ar.method != EVHTTP_REQ_GET && ar.method != EVHTTP_REQ_HEAD)
			tg_webapp_error(req, 405, "method", "GET only");
		else
			tg_webapp_file(req, path);
		return;
	}
	ar.path = path + 4;
	if (tg_webapp_auth(wa, &ar) != 0)
		return;
	r = tg_webapp_rate(wa, ar.who.who.user, now_mono());
	if (tg_bucket_wait(&r->b, now_mono()) > 0) {
		tg_httpd_trouble(wa->httpd, TG_WA_LIMITED);
		evhttp_add_header(evhttp_request_get_output_headers(req),
		    "Retry-After", "1");
		tg_webapp_error(req, 429, "busy", "too many requests: try "
		    "again in a second");
		return;
	}
	tg_bucket_take(&r->b);
	tg_webapp_api(&ar);
}

/* Drop a held request (its connection went, or it was answered). */
static void
tg_webapp_unwait(struct tg_webapp *wa, struct tg_wa_wait *w)
{
	TAILQ_REMOVE(&wa->waits, w, entry);
	wa->nwaits--;
	free(w);
}

/* Answer a held request: the game's turn and state as they are now. */
static void
tg_webapp_answer(struct tg_webapp *wa, struct tg_wa_wait *w,
    const struct svc_game *g)
{
	struct evhttp_request	*req = w->req;

	tg_httpd_rearm(wa->httpd, req);
	tg_webapp_unwait(wa, w);
	tg_webapp_json(req, 200, json_pack("{s:I, s:b}", "turn",
	    (json_int_t)(g != NULL ? g->turn_no : -1), "changed", 1));
}

/*
 * Look at every held request: answer those whose game changed, and
 * those whose time is up (unchanged).
 */
static void
tg_webapp_look(struct tg_webapp *wa)
{
	struct tg_wa_wait	*w, *next;
	struct svc_game		 g;
	double			 now = now_mono();
	int			 known;

	for (w = TAILQ_FIRST(&wa->waits); w != NULL; w = next) {
		next = TAILQ_NEXT(w, entry);
		known = svc_game_info(wa->tg->svc, w->game, &g) == 0;
		if (!known || g.turn_no != w->turn || g.state != w->state)
			tg_webapp_answer(wa, w, known ? &g : NULL);
		else if (now >= w->until) {
			tg_httpd_rearm(wa->httpd, w->req);
			tg_webapp_json(w->req, 200, json_pack("{s:I, s:b}",
			    "turn", (json_int_t)g.turn_no, "changed", 0));
			tg_webapp_unwait(wa, w);
		}
	}
}

/* Something committed: look at the held requests soon. */
static void
tg_webapp_wake(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	tg_webapp_look(arg);
}

/* A second passed: look again while requests are held. */
static void
tg_webapp_tick(evutil_socket_t fd, short what, void *arg)
{
	struct tg_webapp	*wa = arg;
	struct timeval		 tv = { 1, 0 };

	(void)fd;
	(void)what;
	tg_webapp_look(wa);
	if (wa->nwaits > 0)
		evtimer_add(wa->ev_tick, &tv);
}

/*
 * Hold a request until game is past turn or its state is no longer
 * state (the page's view), at most TG_WA_HOLD seconds.
 */
void
tg_webapp_wait(struct tg_webapp *wa, struct evhttp_request *req,
    int64_t game, int64_t turn, int state)
{
	struct tg_wa_wait	*w;
	struct timeval		 tv = { 1, 0 };

	w = xcalloc(1, sizeof *w);
	w->req = req;
	w->evcon = evhttp_request_get_connection(req);
	w->game = game;
	w->turn = turn;
	w->state = state;
	w->until = now_mono() + TG_WA_HOLD;
	TAILQ_INSERT_TAIL(&wa->waits, w, entry);
	wa->nwaits++;
	if (!evtimer_pending(wa->ev_tick, NULL))
		evtimer_add(wa->ev_tick, &tv);
}

/* A game may have changed: wake the held requests. */
void
tg_webapp_changed(struct tg_webapp *wa)
{
	if (wa != NULL && wa->nwaits > 0)
		event_active(wa->ev_wake, EV_TIMEOUT, 0);
}

/* The bridge committed something (tg.c). */
void
tg_webapp_kick(struct tg *tg)
{
	tg_webapp_changed(tg->webapp);
}

/* A connection goes, and its requests with it: forget those held. */
static void
tg_webapp_closed(struct evhttp_connection *evcon, void *arg)
{
	struct tg_webapp	*wa = arg;
	struct tg_wa_wait	*w, *next;

	for (w = TAILQ_FIRST(&wa->waits); w != NULL; w = next) {
		next = TAILQ_NEXT(w, entry);
		if (w->evcon == evcon)
			tg_webapp_unwait(wa, w);
	}
}

/*
 * Start the Mini App's server as the configuration says (webapp_listen
 * set); -1 with *cause (malloc'd) when it cannot listen.
 */
int
tg_webapp_start(struct tg *tg, const struct config *conf, char **cause)
{
	struct tg_webapp	*wa;
	struct tg_httpd_opts	 o;

	wa = xcalloc(1, sizeof *wa);
	wa->tg = tg;
	snprintf(wa->url, sizeof wa->url, "%s", conf->webapp_url);
	snprintf(wa->short_name, sizeof wa->short_name, "%s",
	    conf->webapp_short_name);
	wa->maxage = atoi(conf->webapp_max_age);
	TAILQ_INIT(&wa->waits);
	if ((wa->ev_wake = event_new(tg->base, -1, 0, tg_webapp_wake, wa)) ==
	    NULL || (wa->ev_tick = evtimer_new(tg->base, tg_webapp_tick,
	    wa)) == NULL)
		fatalx("%s: cannot set up the Mini App", __func__);
	memset(&o, 0, sizeof o);
	o.name = "webapp";
	o.listen = conf->webapp_listen;
	o.maxconns = (size_t)atoi(conf->webapp_max_connections);
	o.maxbody = TG_WA_MAXBODY;
	o.maxheaders = TG_WA_MAXHEAD;
	o.methods = EVHTTP_REQ_GET | EVHTTP_REQ_HEAD | EVHTTP_REQ_POST;
	o.troubles[0] = "requests refused without good init data";
	o.troubles[1] = "requests over a rate limit";
	o.request = tg_webapp_request;
	o.closed = tg_webapp_closed;
	o.arg = wa;
	tg->webapp = wa;
	if ((wa->httpd = tg_httpd_start(tg->base, &o, cause)) == NULL) {
		tg_webapp_stop(tg);
		return (-1);
	}
	if (wa->url[0] == '\0')
		log_warnx("telegram: webapp: no webapp_url, so no button "
		    "opens the app");
	return (0);
}

/* Stop the Mini App's server; held requests go with their connections. */
void
tg_webapp_stop(struct tg *tg)
{
	struct tg_webapp	*wa = tg->webapp;
	struct tg_wa_wait	*w;

	if (wa == NULL)
		return;
	tg_httpd_stop(wa->httpd);	/* tg_webapp_closed() for each */
	while ((w = TAILQ_FIRST(&wa->waits)) != NULL)
		tg_webapp_unwait(wa, w);
	if (wa->ev_wake != NULL)
		event_free(wa->ev_wake);
	if (wa->ev_tick != NULL)
		event_free(wa->ev_tick);
	json_decref(wa->layout[0]);
	json_decref(wa->layout[1]);
	free(wa);
	tg->webapp = NULL;
}
