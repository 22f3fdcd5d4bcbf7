/*
 * webapp-int.h: the Mini App's insides, shared by bot/webapp/ only.
 *
 * webapp.c is the HTTP side: a guarded server (bridge-httpd.c) on
 * webapp_listen, the page's files (embedded at build time from
 * bot/webapp/page/), the init data check of every API request
 * (telegram/tg-initdata.c), rate limits, the security headers, and the
 * long polls that wait for a game to change.  webapp-api.c answers the
 * API's requests from the service, in JSON that compose makes (with the
 * words of the catalogs).
 */
#ifndef WEBAPP_INT_H
#define WEBAPP_INT_H

#include <sys/queue.h>

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "bridge-bucket.h"
#include "tg-initdata.h"
#include "webapp.h"

#define WEBAPP_MAXBODY	4096	/* bytes of a request body */
#define WEBAPP_MAXHEAD	8192	/* bytes of its headers */
#define WEBAPP_HOLD	8	/* seconds a long poll is held (within the
				   server's 10 s deadline) */
#define WEBAPP_HOLDS	4	/* long polls a person may have held */
#define WEBAPP_AGAIN	2	/* seconds before a poll let go for a cap
				   asks again */
#define WEBAPP_USERS	1024	/* rate buckets, by the user id's hash */
#define WEBAPP_RATE	10.0	/* requests a second a person may make */
#define WEBAPP_BURST	40.0	/* ... in a burst */

/* One embedded file of the page (generated webapp-files.c). */
struct webapp_file {
	const char		*path;		/* "/app.js" */
	const char		*type;		/* its Content-Type */
	const unsigned char	*data;
	size_t			 len;
	const char		*etag;		/* a checksum, quoted */
};
extern const struct webapp_file	webapp_files[];	/* NULL-ended */

/* A long poll: a request held until its game changes or time is up. */
struct webapp_hold {
	struct evhttp_request		*req;
	struct evhttp_connection	*evcon;
	char				 user[32];	/* whose */
	int64_t				 game;
	int64_t				 turn;		/* as the page saw it */
	int				 state;		/* enum svc_gstate */
	double				 until;		/* now_mono() */
	TAILQ_ENTRY(webapp_hold)		 entry;
};
TAILQ_HEAD(webapp_holds, webapp_hold);

/* A person's rate bucket (a slot of a small hash table). */
struct webapp_rate {
	struct bridge_bucket	 b;
	int			 used;
};

struct webapp {
	struct event_base	*base;
	struct svc		*svc;
	int			 stopping;
	char			 token[128];	/* the bot's: it signs init
						   data */
	struct bridge_httpd	*httpd;
	int64_t			 maxage;	/* webapp_max_age */
	struct webapp_rate	 rate[WEBAPP_USERS];
	struct webapp_holds	 waits;
	size_t			 nwaits;
	size_t			 maxholds;	/* held at once, at most: half
						   webapp_max_connections */
	struct event		*ev_wake;	/* look at the waits now */
	struct event		*ev_tick;	/* ... and every second */
	json_t			*layout[2];	/* 4 and 6 seats, made once */
	char			*words;		/* /words.js, made once */
	size_t			 wordslen;
	char			 wordstag[32];	/* ... its ETag */
};

/* An authorised API request, as webapp-api.c gets it. */
struct webapp_req {
	struct webapp		*wa;
	struct evhttp_request	*req;
	struct tg_initdata	 who;
	char			 lang[8];	/* the person's language */
	const char		*path;		/* after "/api" */
	const char		*query;		/* or NULL */
	int			 method;	/* EVHTTP_REQ_* */
};

/* webapp.c */
void		 webapp_json(struct evhttp_request *, int, json_t *);
void		 webapp_error(struct evhttp_request *, const char *, int, int);
void		 webapp_method(struct evhttp_request *, const char *,
		     const char *);
void		 webapp_hold_add(struct webapp *, struct evhttp_request *,
		     const char *, int64_t, int64_t, int);

/* webapp-api.c */
void		 webapp_lang(struct webapp_req *, const char *);
void		 webapp_api(struct webapp_req *);

#endif /* WEBAPP_INT_H */
