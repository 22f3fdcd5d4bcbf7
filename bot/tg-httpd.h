/*
 * tg-httpd.h: an evhttp server guarded against what anyone who can
 * reach its port may do (bot/tg-httpd.c): the webhook (tg-hook.c) and
 * the Mini App (tg-webapp.c) each run one.
 *
 *   - at most maxconns connections are open: past it, the connection
 *     whose request has waited longest is closed;
 *   - a request has TG_HTTPD_DEADLINE seconds in all, from the
 *     connection or the end of the previous request on it, however the
 *     bytes trickle in (evhttp's own timeout is per read);
 *   - an accept() that fails (no descriptor left) pauses the listener
 *     for TG_HTTPD_BACKOFF instead of spinning on it, and the oldest
 *     connection makes room;
 *   - troubles are counted and logged at most once every
 *     TG_HTTPD_LOGEVERY seconds, under the server's name.
 */
#ifndef TG_HTTPD_H
#define TG_HTTPD_H

#include <sys/queue.h>

#include <stddef.h>

#include <event2/event.h>

#define TG_HTTPD_DEADLINE	10	/* seconds for a whole request */
#define TG_HTTPD_BACKOFF	1	/* seconds without accept() after
					   it failed */
#define TG_HTTPD_LOGEVERY	60	/* seconds between trouble reports */
#define TG_HTTPD_NTROUBLES	8	/* kinds of trouble, at most */

/* The troubles every server counts; a server adds its own after them. */
enum {
	TG_HTTPD_CUT,		/* requests over the deadline */
	TG_HTTPD_DROPPED,	/* connections over the cap */
	TG_HTTPD_ACCEPT,	/* accept() failures */
	TG_HTTPD_OWN		/* the first of the server's own */
};

struct evhttp;
struct evhttp_request;
struct evhttp_connection;
struct evconnlistener;
struct tg_httpd_conn;
TAILQ_HEAD(tg_httpd_conns, tg_httpd_conn);

/* What a server is set up with. */
struct tg_httpd_opts {
	const char	*name;		/* "webhook": for the log */
	const char	*listen;	/* HOST:PORT, "[::1]:PORT" */
	size_t		 maxconns;
	size_t		 maxbody;	/* bytes of a request body */
	size_t		 maxheaders;	/* bytes of its headers */
	int		 methods;	/* EVHTTP_REQ_* allowed */
	const char	*troubles[TG_HTTPD_NTROUBLES];	/* the server's own,
					   from TG_HTTPD_OWN; NULL-ended */
	void		(*request)(struct evhttp_request *, void *);
	void		(*closed)(struct evhttp_connection *, void *);
					/* a connection goes (its requests
					   with it), or NULL */
	void		*arg;		/* for both */
};

/* One running server. */
struct tg_httpd {
	struct event_base	*base;
	struct tg_httpd_opts	 o;
	const char		*troubles[TG_HTTPD_NTROUBLES];
	int			 ntroubles;
	struct evhttp		*http;
	struct evconnlistener	*listener;
	size_t			 nconns;
	struct tg_httpd_conns	 conns;		/* open, oldest request first */
	struct tg_httpd_conns	 fresh;		/* just accepted */
	struct event		*ev_fresh;
	struct event		*ev_accept;	/* the pause after accept() */
	struct event		*ev_report;	/* the troubles' interval */
	unsigned long		 counts[TG_HTTPD_NTROUBLES];
	int			 accept_errno;	/* of the last failed accept() */
	int			 closed;	/* tg_httpd_closed() was called */
	struct tg_httpd		*next;		/* of the servers running */
};

struct tg_httpd	*tg_httpd_start(struct event_base *,
		     const struct tg_httpd_opts *, char **);
void		 tg_httpd_stop(struct tg_httpd *);
void		 tg_httpd_rearm(struct tg_httpd *, struct evhttp_request *);
void		 tg_httpd_trouble(struct tg_httpd *, int);
int		 tg_httpd_equal(const char *, const char *);
void		 tg_httpd_reply(struct evhttp_request *, int, const char *);

#endif /* TG_HTTPD_H */
