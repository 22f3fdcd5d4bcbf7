/*
 * bridge-httpd.h: an evhttp server guarded against what anyone who can
 * reach its port may do (bot/bridge-httpd.c), shared by the bridges that
 * listen: the Telegram webhook (telegram/tg-hook.c) and the Mini App
 * (webapp/webapp.c) each run one.
 *
 *   - at most maxconns connections stay open: past it, the connection
 *     whose request has waited longest is closed, one whose request is
 *     held on purpose (bridge_httpd_hold(): a long poll) last, once its
 *     request is BRIDGE_HTTPD_GRACE ms old; a burst may pass the cap by
 *     BRIDGE_HTTPD_SLACK for that long, no further;
 *   - a request has BRIDGE_HTTPD_DEADLINE seconds in all, from the
 *     connection or the end of the previous request on it, however the
 *     bytes trickle in (evhttp's own timeout is per read);
 *   - an accept() that fails (no descriptor left) pauses the listener
 *     for BRIDGE_HTTPD_BACKOFF instead of spinning on it, and the oldest
 *     connection makes room;
 *   - troubles are counted and logged at most once every
 *     BRIDGE_HTTPD_LOGEVERY seconds, under the server's name.
 *
 * Errors: bridge_httpd_start() returns NULL with *cause set (malloc'd)
 * when the address cannot be had; nothing else fails to its caller.
 */
#ifndef BRIDGE_HTTPD_H
#define BRIDGE_HTTPD_H

#include <sys/queue.h>

#include <stddef.h>

#include <event2/event.h>

#define BRIDGE_HTTPD_DEADLINE	10	/* seconds for a whole request */
#define BRIDGE_HTTPD_BACKOFF	1	/* seconds without accept() after
					   it failed */
#define BRIDGE_HTTPD_GRACE	1000	/* ms a connection past the cap may
					   live, young (a request in flight) */
#define BRIDGE_HTTPD_SLACK(h)	((h)->o.maxconns / 8 > 4 ? \
				    (h)->o.maxconns / 8 : 4)
					/* connections a burst may pass the
					   cap by, for BRIDGE_HTTPD_GRACE */
#define BRIDGE_HTTPD_LOGEVERY	60	/* seconds between trouble reports */
#define BRIDGE_HTTPD_NTROUBLES	8	/* kinds of trouble, at most */

/* The troubles every server counts; a server adds its own after them. */
enum {
	BRIDGE_HTTPD_CUT,		/* requests over the deadline */
	BRIDGE_HTTPD_DROPPED,	/* connections over the cap */
	BRIDGE_HTTPD_ACCEPT,	/* accept() failures */
	BRIDGE_HTTPD_OWN		/* the first of the server's own */
};

struct evhttp;
struct evhttp_request;
struct evhttp_connection;
struct evbuffer;
struct evconnlistener;
struct bridge_httpd_conn;
TAILQ_HEAD(bridge_httpd_conns, bridge_httpd_conn);

/* What a server is set up with. */
struct bridge_httpd_opts {
	const char	*name;		/* "telegram: webhook": for the log */
	const char	*setting;	/* "webhook_listen": in an error */
	const char	*listen;	/* HOST:PORT, "[::1]:PORT" */
	size_t		 maxconns;
	size_t		 maxbody;	/* bytes of a request body */
	size_t		 maxheaders;	/* bytes of its headers */
	int		 methods;	/* EVHTTP_REQ_* allowed */
	const char	*troubles[BRIDGE_HTTPD_NTROUBLES];	/* the server's
					   own,
					   from BRIDGE_HTTPD_OWN; NULL-ended */
	void		(*request)(struct evhttp_request *, void *);
	void		(*closed)(struct evhttp_connection *, void *);
					/* a connection goes (its requests
					   with it), or NULL */
	void		*arg;		/* for both */
};

/* One running server. */
struct bridge_httpd {
	struct event_base	*base;
	struct bridge_httpd_opts	 o;
	const char		*troubles[BRIDGE_HTTPD_NTROUBLES];
	int			 ntroubles;
	struct evhttp		*http;
	struct evconnlistener	*listener;
	size_t			 nconns;
	struct bridge_httpd_conns conns;	/* open, oldest request first */
	struct bridge_httpd_conns	 fresh;		/* just accepted */
	struct event		*ev_fresh;
	struct event		*ev_accept;	/* the pause after accept() */
	struct event		*ev_trim;	/* a grace past the cap ends */
	struct event		*ev_report;	/* the troubles' interval */
	unsigned long		 counts[BRIDGE_HTTPD_NTROUBLES];
	int			 accept_errno;	/* of the last failed
						   accept() */
	int			 closed;	/* bridge_httpd_closed() was
						   called */
	struct bridge_httpd	*next;		/* of the servers running */
};

struct bridge_httpd	*bridge_httpd_start(struct event_base *,
		     const struct bridge_httpd_opts *, char **);
void		 bridge_httpd_stop(struct bridge_httpd *);
void		 bridge_httpd_rearm(struct bridge_httpd *,
		     struct evhttp_request *);
void		 bridge_httpd_hold(struct bridge_httpd *,
		     struct evhttp_request *, int);
void		 bridge_httpd_send(struct evhttp_request *, int, const char *,
		     struct evbuffer *);
void		 bridge_httpd_trouble(struct bridge_httpd *, int);
int		 bridge_httpd_equal(const char *, const char *);
void		 bridge_httpd_reply(struct evhttp_request *, int, const char *);

#endif /* BRIDGE_HTTPD_H */
