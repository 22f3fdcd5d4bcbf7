/*
 * bridge-httpd.c: an evhttp server that guards its descriptors and its loop
 * (bridge-httpd.h says how).  The webhook and the Mini App share it.
 *
 * libevent 2.1's evhttp has no connection limit or hook, so bridge_httpd_bev()
 * (evhttp_set_bevcb) sees each connection come in, and once evhttp has
 * made its struct evhttp_connection, bridge_httpd_fresh() finds it through
 * the bufferevent's callback argument (evhttp's own) and asks to hear of
 * its close.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* asprintf */
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>
#include <event2/listener.h>

#include "log.h"
#include "bridge-httpd.h"
#include "xmalloc.h"

/* One open connection of a server. */
struct bridge_httpd_conn {
	struct bridge_httpd			*h;
	struct bufferevent		*bev;
	struct evhttp_connection	*evcon;		/* NULL while fresh */
	struct event			*deadline;
	int				 held;		/* a request of it is
							   held (a long poll) */
	struct timespec			 since;		/* its request began
							   (monotonic) */
	TAILQ_ENTRY(bridge_httpd_conn)	 entry;
};

/* What every server counts. */
static const char *bridge_httpd_common[BRIDGE_HTTPD_OWN] = {
	"requests cut at the deadline",
	"connections dropped over the limit",
	"failed accepts paused the listener",
};

/*
 * The servers running.  The listener's error callback gets evhttp's
 * argument, not ours: its server is found here by its listener.
 */
static struct bridge_httpd	*bridge_httpd_all;

/* Say what was counted since the last report, if anything. */
static void
bridge_httpd_report(struct bridge_httpd *h)
{
	char	 buf[512];
	size_t	 len = 0;
	int	 i;

	for (i = 0; i < h->ntroubles; i++) {
		if (h->counts[i] == 0 || len >= sizeof buf)
			continue;
		len += snprintf(buf + len, sizeof buf - len, "%s%s",
		    len > 0 ? "; " : "", h->troubles[i]);
		if (i == BRIDGE_HTTPD_ACCEPT && len < sizeof buf)
			len += snprintf(buf + len, sizeof buf - len, " (%s)",
			    strerror(h->accept_errno));
		if (len < sizeof buf)
			len += snprintf(buf + len, sizeof buf - len, ": %lu",
			    h->counts[i]);
		h->counts[i] = 0;
	}
	if (len > 0)
		log_warnx("%s: %s", h->o.name, buf);
}

/* The report interval is over: report, and start another if needed. */
static void
bridge_httpd_report_timer(evutil_socket_t fd, short what, void *arg)
{
	struct bridge_httpd	*h = arg;
	struct timeval	 tv = { BRIDGE_HTTPD_LOGEVERY, 0 };
	int		 i, any = 0;

	(void)fd;
	(void)what;
	for (i = 0; i < h->ntroubles; i++)
		any |= h->counts[i] != 0;
	bridge_httpd_report(h);
	if (any)
		evtimer_add(h->ev_report, &tv);
}

/*
 * Count one trouble.  The first after a quiet interval is reported at
 * once; the rest when the interval ends.
 */
void
bridge_httpd_trouble(struct bridge_httpd *h, int kind)
{
	struct timeval	tv = { BRIDGE_HTTPD_LOGEVERY, 0 };

	if (kind < 0 || kind >= h->ntroubles)
		return;
	h->counts[kind]++;
	if (!evtimer_pending(h->ev_report, NULL)) {
		bridge_httpd_report(h);
		evtimer_add(h->ev_report, &tv);
	}
}

/* Give a connection its deadline again (a new request may start). */
static void
bridge_httpd_conn_rearm(struct bridge_httpd_conn *c)
{
	struct bridge_httpd	*h = c->h;
	struct timeval	 tv = { BRIDGE_HTTPD_DEADLINE, 0 };

	evtimer_add(c->deadline, &tv);
	clock_gettime(CLOCK_MONOTONIC, &c->since);
	/* The list stays in deadline order: the oldest request first. */
	TAILQ_REMOVE(&h->conns, c, entry);
	TAILQ_INSERT_TAIL(&h->conns, c, entry);
}

/* Forget a connection that is gone. */
static void
bridge_httpd_forget(struct bridge_httpd_conn *c)
{
	struct bridge_httpd	*h = c->h;

	event_free(c->deadline);
	TAILQ_REMOVE(&h->conns, c, entry);
	h->nconns--;
	free(c);
}

/* evhttp closes a connection: tell the server's owner, forget it. */
static void
bridge_httpd_closed(struct evhttp_connection *evcon, void *arg)
{
	struct bridge_httpd_conn	*c = arg;
	struct bridge_httpd		*h = c->h;

	h->closed = 1;
	if (h->o.closed != NULL)
		h->o.closed(evcon, h->o.arg);
	bridge_httpd_forget(c);
}

/*
 * Close a connection now.  evhttp tells bridge_httpd_closed(); should it not,
 * the connection is forgotten here all the same, or a loop that closes
 * until the count drops would never end.
 */
static void
bridge_httpd_close(struct bridge_httpd_conn *c)
{
	struct bridge_httpd	*h = c->h;

	h->closed = 0;
	evhttp_connection_free(c->evcon);
	if (!h->closed)
		bridge_httpd_forget(c);
}

/* A request took too long in all: cut it. */
static void
bridge_httpd_deadline(evutil_socket_t fd, short what, void *arg)
{
	struct bridge_httpd_conn	*c = arg;

	(void)fd;
	(void)what;
	bridge_httpd_trouble(c->h, BRIDGE_HTTPD_CUT);
	bridge_httpd_close(c);
}

/*
 * evhttp_set_bevcb(): a connection came in, and evhttp wants its
 * bufferevent.  We make it as evhttp would, and hold a reference until
 * bridge_httpd_fresh() has found the connection (so the pointer stays good
 * even if evhttp drops the connection first).
 */
static struct bufferevent *
bridge_httpd_bev(struct event_base *base, void *arg)
{
	struct bridge_httpd		*h = arg;
	struct bridge_httpd_conn	*c;

	c = xcalloc(1, sizeof *c);
	c->h = h;
	if ((c->bev = bufferevent_socket_new(base, -1,
	    BEV_OPT_CLOSE_ON_FREE)) == NULL ||
	    (c->deadline = evtimer_new(base, bridge_httpd_deadline, c)) == NULL)
		fatalx("%s: cannot take a connection", __func__);
	bufferevent_incref(c->bev);
	TAILQ_INSERT_TAIL(&h->fresh, c, entry);
	event_active(h->ev_fresh, EV_TIMEOUT, 0);
	return (c->bev);
}

/* Forget a fresh connection; evhttp has its own reference. */
static void
bridge_httpd_unfresh(struct bridge_httpd *h, struct bridge_httpd_conn *c)
{
	TAILQ_REMOVE(&h->fresh, c, entry);
	bufferevent_decref(c->bev);
}

/*
 * The connection to close when there are too many: the one whose request
 * has waited longest, but not one whose request is held on purpose (a
 * long poll ages while it waits, and would always go first), unless
 * every connection holds one.
 */
static struct bridge_httpd_conn *
bridge_httpd_victim(struct bridge_httpd *h)
{
	struct bridge_httpd_conn	*c;

	TAILQ_FOREACH(c, &h->conns, entry) {
		if (!c->held)
			return (c);
	}
	return (TAILQ_FIRST(&h->conns));
}

/* How many milliseconds ago a connection's request began. */
static long long
bridge_httpd_age(const struct bridge_httpd_conn *c)
{
	struct timespec	now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return ((long long)(now.tv_sec - c->since.tv_sec) * 1000 +
	    (now.tv_nsec - c->since.tv_nsec) / 1000000);
}

/*
 * Keep within the cap.  A connection past it goes once its request is
 * BRIDGE_HTTPD_GRACE ms old: people's requests come in bursts (a page
 * polls again the moment it is answered), and one just accepted is
 * likely a request in flight, not an idle one; closing the oldest of a
 * burst would cut whoever came first.  A burst past the cap by more than
 * the slack is a flood: then the oldest goes at once.
 */
static void
bridge_httpd_trim(struct bridge_httpd *h)
{
	struct bridge_httpd_conn	*c;
	struct timeval		 tv;
	long long		 age;

	while (h->nconns > h->o.maxconns &&
	    (c = bridge_httpd_victim(h)) != NULL) {
		age = bridge_httpd_age(c);
		if (h->nconns <= h->o.maxconns + BRIDGE_HTTPD_SLACK(h) &&
		    age < BRIDGE_HTTPD_GRACE) {
			/* Come back when it is old enough. */
			tv.tv_sec = 0;
			tv.tv_usec = (BRIDGE_HTTPD_GRACE - age + 1) * 1000;
			if (!evtimer_pending(h->ev_trim, NULL))
				evtimer_add(h->ev_trim, &tv);
			return;
		}
		bridge_httpd_trouble(h, BRIDGE_HTTPD_DROPPED);
		bridge_httpd_close(c);
	}
}

/* The grace of the oldest connection past the cap is over. */
static void
bridge_httpd_trim_timer(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	bridge_httpd_trim(arg);
}

/*
 * The connections that came in: find evhttp's connection of each (the
 * bufferevent's callback argument; a dropped one has none left), start
 * its deadline, and keep within maxconns.
 */
static void
bridge_httpd_fresh(evutil_socket_t fd, short what, void *arg)
{
	struct bridge_httpd		*h = arg;
	struct bridge_httpd_conn	*c;
	bufferevent_event_cb	 errcb;
	void			*cbarg;

	(void)fd;
	(void)what;
	while ((c = TAILQ_FIRST(&h->fresh)) != NULL) {
		bufferevent_getcb(c->bev, NULL, NULL, &errcb, &cbarg);
		if (errcb == NULL) {
			/* Dropped already: bufferevent_free() cleared it. */
			bridge_httpd_unfresh(h, c);
			event_free(c->deadline);
			free(c);
			continue;
		}
		c->evcon = cbarg;
		if (evhttp_connection_get_bufferevent(c->evcon) != c->bev)
			fatalx("%s: evhttp is not as bridge-httpd.c expects",
			    __func__);
		bridge_httpd_unfresh(h, c);
		TAILQ_INSERT_TAIL(&h->conns, c, entry);
		h->nconns++;
		evhttp_connection_set_closecb(c->evcon, bridge_httpd_closed, c);
		bridge_httpd_conn_rearm(c);
	}
	bridge_httpd_trim(h);
}

/* The pause after a failed accept() is over. */
static void
bridge_httpd_resume(evutil_socket_t fd, short what, void *arg)
{
	struct bridge_httpd	*h = arg;

	(void)fd;
	(void)what;
	if (h->listener != NULL)
		evconnlistener_enable(h->listener);
}

/*
 * accept() failed (not just "try again"): most likely no descriptor is
 * left.  libevent would try again at once, forever; pause instead, and
 * let the oldest connection make room.
 */
static void
bridge_httpd_accept_error(struct evconnlistener *lev, void *arg)
{
	struct bridge_httpd		*h;
	struct timeval		 tv = { BRIDGE_HTTPD_BACKOFF, 0 };
	struct bridge_httpd_conn	*c;

	(void)arg;
	for (h = bridge_httpd_all; h != NULL && h->listener != lev; h = h->next)
		;
	if (h == NULL) {
		evconnlistener_disable(lev);
		return;
	}
	h->accept_errno = EVUTIL_SOCKET_ERROR();
	evconnlistener_disable(lev);
	evtimer_add(h->ev_accept, &tv);
	bridge_httpd_trouble(h, BRIDGE_HTTPD_ACCEPT);
	if ((h->accept_errno == EMFILE || h->accept_errno == ENFILE) &&
	    (c = bridge_httpd_victim(h)) != NULL)
		bridge_httpd_close(c);
}

/*
 * A request came in (or, held for a while, is answered now): the next
 * request on its connection gets a deadline of its own.
 */
void
bridge_httpd_rearm(struct bridge_httpd *h, struct evhttp_request *req)
{
	struct evhttp_connection	*evcon;
	struct bridge_httpd_conn		*c;

	evcon = evhttp_request_get_connection(req);
	TAILQ_FOREACH(c, &h->conns, entry) {
		if (c->evcon == evcon) {
			bridge_httpd_conn_rearm(c);
			return;
		}
	}
}

/*
 * A request of this connection is held until something happens (held
 * 1), or is answered now (0): a held one is not what the cap closes
 * first.
 */
void
bridge_httpd_hold(struct bridge_httpd *h, struct evhttp_request *req,
    int held)
{
	struct evhttp_connection	*evcon;
	struct bridge_httpd_conn		*c;

	evcon = evhttp_request_get_connection(req);
	TAILQ_FOREACH(c, &h->conns, entry) {
		if (c->evcon == evcon) {
			c->held = held;
			return;
		}
	}
}

/*
 * Send an answer with body b (NULL: none).  A HEAD gets the headers only,
 * with the Content-Length the body would have: libevent writes whatever
 * is in the buffer, and leaves the length out, for HEAD too, which
 * would put the body where the next answer on the connection belongs.
 */
void
bridge_httpd_send(struct evhttp_request *req, int code, const char *reason,
    struct evbuffer *b)
{
	char	len[32];

	if (evhttp_request_get_command(req) != EVHTTP_REQ_HEAD) {
		evhttp_send_reply(req, code, reason, b);
		return;
	}
	snprintf(len, sizeof len, "%zu", b != NULL ? evbuffer_get_length(b) :
	    (size_t)0);
	evhttp_remove_header(evhttp_request_get_output_headers(req),
	    "Content-Length");
	evhttp_add_header(evhttp_request_get_output_headers(req),
	    "Content-Length", len);
	evhttp_send_reply(req, code, reason, NULL);
}

/* Compare two strings in time that depends only on their lengths. */
int
bridge_httpd_equal(const char *a, const char *b)
{
	size_t		 la = strlen(a), lb = strlen(b), i;
	unsigned char	 d = la != lb;

	for (i = 0; i < la; i++)
		d |= (unsigned char)a[i] ^ (unsigned char)b[lb == 0 ? 0 :
		    i % lb];
	return (d == 0);
}

/* Answer a request with a status and a short plain-text body. */
void
bridge_httpd_reply(struct evhttp_request *req, int code, const char *why)
{
	struct evbuffer	*b;

	if ((b = evbuffer_new()) == NULL)
		fatalx("%s: evbuffer_new", __func__);
	evbuffer_add_printf(b, "%s\n", why);
	evhttp_add_header(evhttp_request_get_output_headers(req),
	    "Content-Type", "text/plain; charset=utf-8");
	bridge_httpd_send(req, code, why, b);
	evbuffer_free(b);
}

/*
 * Listen on o->listen and serve requests with o->request; NULL with
 * *cause (malloc'd) when the address cannot be had.
 */
struct bridge_httpd *
bridge_httpd_start(struct event_base *base, const struct bridge_httpd_opts *o,
    char **cause)
{
	struct evhttp_bound_socket	*bound;
	struct bridge_httpd		*h;
	char				 host[128], *colon;
	unsigned short			 port;
	int				 i;

	snprintf(host, sizeof host, "%s", o->listen);
	if ((colon = strrchr(host, ':')) == NULL) {
		xasprintf(cause, "%s %s: not HOST:PORT", o->setting,
		    o->listen);
		return (NULL);
	}
	*colon = '\0';
	port = (unsigned short)atoi(colon + 1);
	/* "[::1]:8443" */
	if (host[0] == '[' && colon > host && colon[-1] == ']') {
		colon[-1] = '\0';
		memmove(host, host + 1, strlen(host));
	}
	h = xcalloc(1, sizeof *h);
	h->base = base;
	h->o = *o;
	for (i = 0; i < BRIDGE_HTTPD_OWN; i++)
		h->troubles[h->ntroubles++] = bridge_httpd_common[i];
	for (i = 0; h->ntroubles < BRIDGE_HTTPD_NTROUBLES && o->troubles[i] !=
	    NULL; i++)
		h->troubles[h->ntroubles++] = o->troubles[i];
	TAILQ_INIT(&h->conns);
	TAILQ_INIT(&h->fresh);
	h->next = bridge_httpd_all;
	bridge_httpd_all = h;
	if ((h->http = evhttp_new(base)) == NULL ||
	    (h->ev_fresh = event_new(base, -1, 0, bridge_httpd_fresh, h)) ==
	    NULL ||
	    (h->ev_accept = evtimer_new(base, bridge_httpd_resume, h)) ==
	    NULL ||
	    (h->ev_trim = evtimer_new(base, bridge_httpd_trim_timer, h)) ==
	    NULL ||
	    (h->ev_report = evtimer_new(base, bridge_httpd_report_timer, h)) ==
	    NULL)
		fatalx("%s: cannot set up the server", __func__);
	evhttp_set_max_body_size(h->http, (ev_ssize_t)o->maxbody);
	evhttp_set_max_headers_size(h->http, (ev_ssize_t)o->maxheaders);
	evhttp_set_timeout(h->http, 30);
	evhttp_set_allowed_methods(h->http, (ev_uint16_t)o->methods);
	evhttp_set_gencb(h->http, o->request, o->arg);
	evhttp_set_bevcb(h->http, bridge_httpd_bev, h);
	if ((bound = evhttp_bind_socket_with_handle(h->http, host, port)) ==
	    NULL) {
		xasprintf(cause, "%s %s: cannot listen", o->setting,
		    o->listen);
		bridge_httpd_stop(h);
		return (NULL);
	}
	h->listener = evhttp_bound_socket_get_listener(bound);
	evconnlistener_set_error_cb(h->listener, bridge_httpd_accept_error);
	log_info("%s on %s, at most %zu connections", o->name,
	    o->listen, o->maxconns);
	return (h);
}

/* Free an event if there is one. */
static void
bridge_httpd_event_free(struct event **ev)
{
	if (*ev != NULL)
		event_free(*ev);
	*ev = NULL;
}

/* Stop a server: its connections close, the counts are told. */
void
bridge_httpd_stop(struct bridge_httpd *h)
{
	struct bridge_httpd		**pp;
	struct bridge_httpd_conn	 *c;

	if (h == NULL)
		return;
	h->listener = NULL;
	if (h->http != NULL)
		evhttp_free(h->http);	/* bridge_httpd_closed() for each */
	h->http = NULL;
	while ((c = TAILQ_FIRST(&h->fresh)) != NULL) {
		bridge_httpd_unfresh(h, c);
		event_free(c->deadline);
		free(c);
	}
	/* None should be left; if one is, its connection is gone. */
	while ((c = TAILQ_FIRST(&h->conns)) != NULL)
		bridge_httpd_forget(c);
	if (h->ev_report != NULL)
		bridge_httpd_report(h);
	bridge_httpd_event_free(&h->ev_fresh);
	bridge_httpd_event_free(&h->ev_accept);
	bridge_httpd_event_free(&h->ev_trim);
	bridge_httpd_event_free(&h->ev_report);
	for (pp = &bridge_httpd_all; *pp != NULL; pp = &(*pp)->next) {
		if (*pp == h) {
			*pp = h->next;
			break;
		}
	}
	free(h);
}
