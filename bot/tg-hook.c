/*
 * tg-hook.c: webhook mode.  An evhttp server on webhook_listen takes the
 * updates Telegram (or a TLS proxy in front of tacd) POSTs.  Every request
 * must carry the secret token in X-Telegram-Bot-Api-Secret-Token: none is
 * 401, a wrong one 403, compared in constant time.  Bodies are capped.
 * An update is answered 200 once committed; when the service fails it is
 * answered 500, so Telegram sends it again.
 *
 * Anyone who can reach the port can open connections, secret or not, so
 * the server guards its descriptors and its loop:
 *   - at most webhook_max_connections are open: past it, the connection
 *     whose request has waited longest is closed (under a flood it is the
 *     flood's; a real update comes in one burst and is done long before);
 *   - a request has TG_HOOK_DEADLINE seconds in all, from the connection
 *     or the end of the previous request on it, however the bytes trickle
 *     in (evhttp's own timeout is per read, which 1 byte/s never trips);
 *   - an accept() that fails (no descriptor left) pauses the listener for
 *     TG_HOOK_BACKOFF instead of spinning on it, and the oldest connection
 *     makes room;
 *   - these troubles, and refused requests, are counted and logged at most
 *     once every TG_HOOK_LOGEVERY seconds.
 *
 * libevent 2.1's evhttp has no connection limit or hook, so tg_hook_bev()
 * (evhttp_set_bevcb) sees each connection come in, and once evhttp has
 * made its struct evhttp_connection, tg_hook_fresh() finds it through the
 * bufferevent's callback argument (evhttp's own) and asks to hear of its
 * close.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* asprintf */
#endif

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>
#include <event2/listener.h>

#include "log.h"
#include "tg-int.h"
#include "xmalloc.h"

#define TG_HOOK_MAXBODY		(1024 * 1024)
#define TG_HOOK_DEADLINE	10	/* seconds for a whole request */
#define TG_HOOK_BACKOFF		1	/* seconds without accept() after
					   it failed */
#define TG_HOOK_LOGEVERY	60	/* seconds between trouble reports */

/* One open connection of the webhook server. */
struct tg_conn {
	struct tg			*tg;
	struct bufferevent		*bev;
	struct evhttp_connection	*evcon;		/* NULL while fresh */
	struct event			*deadline;
	TAILQ_ENTRY(tg_conn)		 entry;
};

/* What the webhook counts between two reports. */
enum {
	TG_HOOK_CUT,		/* requests over the deadline */
	TG_HOOK_DROPPED,	/* connections over the cap */
	TG_HOOK_ACCEPT,		/* accept() failures */
	TG_HOOK_REFUSED,	/* requests without the right secret */
	TG_HOOK_JUNK		/* bodies that are not an update */
};

static const char *tg_hook_troubles[TG_HOOK_NTROUBLES] = {
	"requests cut at the deadline",
	"connections dropped over the limit",
	"failed accepts paused the listener",
	"requests refused without the secret",
	"bodies dropped as no update",
};

/*
 * The listener's error callback gets evhttp's argument, not ours: the
 * bridge it belongs to is found here (tacd runs one).
 */
static struct tg	*tg_hook_tg;

/* Say what was counted since the last report, if anything. */
static void
tg_hook_report(struct tg *tg)
{
	char	 buf[512];
	size_t	 len = 0;
	int	 i;

	for (i = 0; i < TG_HOOK_NTROUBLES; i++) {
		if (tg->hook_counts[i] == 0 || len >= sizeof buf)
			continue;
		len += snprintf(buf + len, sizeof buf - len, "%s%s",
		    len > 0 ? "; " : "", tg_hook_troubles[i]);
		if (i == TG_HOOK_ACCEPT && len < sizeof buf)
			len += snprintf(buf + len, sizeof buf - len, " (%s)",
			    strerror(tg->hook_errno));
		if (len < sizeof buf)
			len += snprintf(buf + len, sizeof buf - len, ": %lu",
			    tg->hook_counts[i]);
		tg->hook_counts[i] = 0;
	}
	if (len > 0)
		log_warnx("telegram: webhook: %s", buf);
}

/* The report interval is over: report, and start another if needed. */
static void
tg_hook_report_timer(evutil_socket_t fd, short what, void *arg)
{
	struct tg	*tg = arg;
	struct timeval	 tv = { TG_HOOK_LOGEVERY, 0 };
	int		 i, any = 0;

	(void)fd;
	(void)what;
	for (i = 0; i < TG_HOOK_NTROUBLES; i++)
		any |= tg->hook_counts[i] != 0;
	tg_hook_report(tg);
	if (any)
		evtimer_add(tg->ev_report, &tv);
}

/*
 * Count one trouble.  The first after a quiet interval is reported at
 * once; the rest when the interval ends.
 */
static void
tg_hook_trouble(struct tg *tg, int kind)
{
	struct timeval	tv = { TG_HOOK_LOGEVERY, 0 };

	tg->hook_counts[kind]++;
	if (!evtimer_pending(tg->ev_report, NULL)) {
		tg_hook_report(tg);
		evtimer_add(tg->ev_report, &tv);
	}
}

/* Give a connection its deadline again (a new request may start). */
static void
tg_hook_rearm(struct tg_conn *c)
{
	struct tg	*tg = c->tg;
	struct timeval	 tv = { TG_HOOK_DEADLINE, 0 };

	evtimer_add(c->deadline, &tv);
	/* The list stays in deadline order: the oldest request first. */
	TAILQ_REMOVE(&tg->conns, c, entry);
	TAILQ_INSERT_TAIL(&tg->conns, c, entry);
}

/* Forget a connection that is gone. */
static void
tg_hook_forget(struct tg_conn *c)
{
	struct tg	*tg = c->tg;

	event_free(c->deadline);
	TAILQ_REMOVE(&tg->conns, c, entry);
	tg->nconns--;
	free(c);
}

/* evhttp closes a connection: forget it. */
static void
tg_hook_closed(struct evhttp_connection *evcon, void *arg)
{
	struct tg_conn	*c = arg;

	(void)evcon;
	c->tg->closed = 1;
	tg_hook_forget(c);
}

/*
 * Close a connection now.  evhttp tells tg_hook_closed(); should it not,
 * the connection is forgotten here all the same, or a loop that closes
 * until the count drops would never end.
 */
static void
tg_hook_close(struct tg_conn *c)
{
	struct tg	*tg = c->tg;

	tg->closed = 0;
	evhttp_connection_free(c->evcon);
	if (!tg->closed)
		tg_hook_forget(c);
}

/* A request took too long in all: cut it. */
static void
tg_hook_deadline(evutil_socket_t fd, short what, void *arg)
{
	struct tg_conn	*c = arg;

	(void)fd;
	(void)what;
	tg_hook_trouble(c->tg, TG_HOOK_CUT);
	tg_hook_close(c);
}

/*
 * evhttp_set_bevcb(): a connection came in, and evhttp wants its
 * bufferevent.  We make it as evhttp would, and hold a reference until
 * tg_hook_fresh() has found the connection (so the pointer stays good
 * even if evhttp drops the connection first).
 */
static struct bufferevent *
tg_hook_bev(struct event_base *base, void *arg)
{
	struct tg	*tg = arg;
	struct tg_conn	*c;

	c = xcalloc(1, sizeof *c);
	c->tg = tg;
	if ((c->bev = bufferevent_socket_new(base, -1,
	    BEV_OPT_CLOSE_ON_FREE)) == NULL ||
	    (c->deadline = evtimer_new(base, tg_hook_deadline, c)) == NULL)
		fatalx("%s: cannot take a connection", __func__);
	bufferevent_incref(c->bev);
	TAILQ_INSERT_TAIL(&tg->fresh, c, entry);
	event_active(tg->ev_fresh, EV_TIMEOUT, 0);
	return (c->bev);
}

/* Forget a fresh connection; evhttp has its own reference. */
static void
tg_hook_unfresh(struct tg *tg, struct tg_conn *c)
{
	TAILQ_REMOVE(&tg->fresh, c, entry);
	bufferevent_decref(c->bev);
}

/*
 * The connections that came in: find evhttp's connection of each (the
 * bufferevent's callback argument; a dropped one has none left), start
 * its deadline, and keep within webhook_max_connections.
 */
static void
tg_hook_fresh(evutil_socket_t fd, short what, void *arg)
{
	struct tg		*tg = arg;
	struct tg_conn		*c;
	bufferevent_event_cb	 errcb;
	void			*cbarg;

	(void)fd;
	(void)what;
	while ((c = TAILQ_FIRST(&tg->fresh)) != NULL) {
		bufferevent_getcb(c->bev, NULL, NULL, &errcb, &cbarg);
		if (errcb == NULL) {
			/* Dropped already: bufferevent_free() cleared it. */
			tg_hook_unfresh(tg, c);
			event_free(c->deadline);
			free(c);
			continue;
		}
		c->evcon = cbarg;
		if (evhttp_connection_get_bufferevent(c->evcon) != c->bev)
			fatalx("%s: evhttp is not as tg-hook.c expects",
			    __func__);
		tg_hook_unfresh(tg, c);
		TAILQ_INSERT_TAIL(&tg->conns, c, entry);
		tg->nconns++;
		evhttp_connection_set_closecb(c->evcon, tg_hook_closed, c);
		tg_hook_rearm(c);
	}
	while (tg->nconns > tg->maxconns &&
	    (c = TAILQ_FIRST(&tg->conns)) != NULL) {
		tg_hook_trouble(tg, TG_HOOK_DROPPED);
		tg_hook_close(c);
	}
}

/* The pause after a failed accept() is over. */
static void
tg_hook_resume(evutil_socket_t fd, short what, void *arg)
{
	struct tg	*tg = arg;

	(void)fd;
	(void)what;
	if (tg->listener != NULL)
		evconnlistener_enable(tg->listener);
}

/*
 * accept() failed (not just "try again"): most likely no descriptor is
 * left.  libevent would try again at once, forever; pause instead, and
 * let the oldest connection make room.
 */
static void
tg_hook_accept_error(struct evconnlistener *lev, void *arg)
{
	struct tg	*tg = tg_hook_tg;
	struct timeval	 tv = { TG_HOOK_BACKOFF, 0 };
	struct tg_conn	*c;

	(void)arg;
	tg->hook_errno = EVUTIL_SOCKET_ERROR();
	evconnlistener_disable(lev);
	evtimer_add(tg->ev_accept, &tv);
	tg_hook_trouble(tg, TG_HOOK_ACCEPT);
	if ((tg->hook_errno == EMFILE || tg->hook_errno == ENFILE) &&
	    (c = TAILQ_FIRST(&tg->conns)) != NULL)
		tg_hook_close(c);
}

/* The connection of a request, as tg_hook_fresh() keeps it; or NULL. */
static struct tg_conn *
tg_hook_find(struct tg *tg, struct evhttp_request *req)
{
	struct evhttp_connection	*evcon;
	struct tg_conn			*c;

	evcon = evhttp_request_get_connection(req);
	TAILQ_FOREACH(c, &tg->conns, entry) {
		if (c->evcon == evcon)
			return (c);
	}
	return (NULL);
}

/* Compare two strings in time that depends only on their lengths. */
static int
tg_hook_equal(const char *a, const char *b)
{
	size_t		 la = strlen(a), lb = strlen(b), i;
	unsigned char	 d = la != lb;

	for (i = 0; i < la; i++)
		d |= (unsigned char)a[i] ^ (unsigned char)b[lb == 0 ? 0 :
		    i % lb];
	return (d == 0);
}

/* Answer a request with a status and a short body. */
static void
tg_hook_reply(struct evhttp_request *req, int code, const char *why)
{
	struct evbuffer	*b;

	if ((b = evbuffer_new()) == NULL)
		fatalx("%s: evbuffer_new", __func__);
	evbuffer_add_printf(b, "%s\n", why);
	evhttp_add_header(evhttp_request_get_output_headers(req),
	    "Content-Type", "text/plain");
	evhttp_send_reply(req, code, why, b);
	evbuffer_free(b);
}

/* One request to the webhook. */
static void
tg_hook_request(struct evhttp_request *req, void *arg)
{
	struct tg		*tg = arg;
	struct tg_update	*u;
	struct evbuffer		*in;
	struct tg_conn		*c;
	const char		*secret;
	char			*body;
	size_t			 len;
	int			 rc;

	/* The next request on this connection gets a deadline of its own. */
	if ((c = tg_hook_find(tg, req)) != NULL)
		tg_hook_rearm(c);
	if (tg->stopping) {
		tg_hook_reply(req, 503, "Stopping");
		return;
	}
	secret = evhttp_find_header(evhttp_request_get_input_headers(req),
	    "X-Telegram-Bot-Api-Secret-Token");
	if (secret == NULL) {
		tg_hook_trouble(tg, TG_HOOK_REFUSED);
		tg_hook_reply(req, 401, "Unauthorized");
		return;
	}
	if (!tg_hook_equal(secret, tg->secret)) {
		tg_hook_trouble(tg, TG_HOOK_REFUSED);
		tg_hook_reply(req, 403, "Forbidden");
		return;
	}
	if (evhttp_request_get_command(req) != EVHTTP_REQ_POST) {
		tg_hook_reply(req, 405, "Method Not Allowed");
		return;
	}
	in = evhttp_request_get_input_buffer(req);
	len = evbuffer_get_length(in);
	body = xmalloc(len + 1);
	u = xmalloc(sizeof *u);
	evbuffer_remove(in, body, len);
	body[len] = '\0';
	rc = tg_update_parse(body, len, tg->botname, u);
	free(body);
	if (rc < 0) {
		/* Sending it again would not help: take it and drop it. */
		tg_hook_trouble(tg, TG_HOOK_JUNK);
		tg_hook_reply(req, 200, "OK");
	} else if (tg_poll_feed(tg, u) != 0)
		tg_hook_reply(req, 500, "Internal Server Error");
	else {
		tg_hook_reply(req, 200, "OK");
		tg_after(tg);
	}
	free(u);
}

/* Listen on webhook_listen; -1 with *cause (malloc'd) on failure. */
int
tg_hook_start(struct tg *tg, char **cause)
{
	struct evhttp_bound_socket	*bound;
	char				 host[128], *colon;
	unsigned short			 port;

	snprintf(host, sizeof host, "%s", tg->listen);
	if ((colon = strrchr(host, ':')) == NULL) {
		*cause = xstrdup("webhook_listen: not HOST:PORT");
		return (-1);
	}
	*colon = '\0';
	port = (unsigned short)atoi(colon + 1);
	/* "[::1]:8443" */
	if (host[0] == '[' && colon[-1] == ']') {
		colon[-1] = '\0';
		memmove(host, host + 1, strlen(host));
	}
	TAILQ_INIT(&tg->conns);
	TAILQ_INIT(&tg->fresh);
	tg_hook_tg = tg;
	if ((tg->http = evhttp_new(tg->base)) == NULL ||
	    (tg->ev_fresh = event_new(tg->base, -1, 0, tg_hook_fresh,
	    tg)) == NULL ||
	    (tg->ev_accept = evtimer_new(tg->base, tg_hook_resume, tg)) ==
	    NULL ||
	    (tg->ev_report = evtimer_new(tg->base, tg_hook_report_timer,
	    tg)) == NULL)
		fatalx("%s: cannot set up the server", __func__);
	evhttp_set_max_body_size(tg->http, TG_HOOK_MAXBODY);
	evhttp_set_max_headers_size(tg->http, 16384);
	evhttp_set_timeout(tg->http, 30);
	evhttp_set_allowed_methods(tg->http, EVHTTP_REQ_POST | EVHTTP_REQ_GET);
	evhttp_set_gencb(tg->http, tg_hook_request, tg);
	evhttp_set_bevcb(tg->http, tg_hook_bev, tg);
	if ((bound = evhttp_bind_socket_with_handle(tg->http, host, port)) ==
	    NULL) {
		xasprintf(cause, "webhook_listen %s: cannot listen",
		    tg->listen);
		tg_hook_stop(tg);
		return (-1);
	}
	tg->listener = evhttp_bound_socket_get_listener(bound);
	evconnlistener_set_error_cb(tg->listener, tg_hook_accept_error);
	log_info("telegram: webhook on %s, at most %zu connections",
	    tg->listen, tg->maxconns);
	return (0);
}

/* Free an event if there is one. */
static void
tg_hook_event_free(struct event **ev)
{
	if (*ev != NULL)
		event_free(*ev);
	*ev = NULL;
}

/* Stop the webhook server: its connections close, the counts are told. */
void
tg_hook_stop(struct tg *tg)
{
	struct tg_conn	*c;

	tg->listener = NULL;
	if (tg->http != NULL)
		evhttp_free(tg->http);	/* tg_hook_closed() for each */
	tg->http = NULL;
	while ((c = TAILQ_FIRST(&tg->fresh)) != NULL) {
		tg_hook_unfresh(tg, c);
		event_free(c->deadline);
		free(c);
	}
	/* None should be left; if one is, its connection is gone. */
	while ((c = TAILQ_FIRST(&tg->conns)) != NULL)
		tg_hook_forget(c);
	if (tg->ev_report != NULL)
		tg_hook_report(tg);
	tg_hook_event_free(&tg->ev_fresh);
	tg_hook_event_free(&tg->ev_accept);
	tg_hook_event_free(&tg->ev_report);
	if (tg_hook_tg == tg)
		tg_hook_tg = NULL;
}
