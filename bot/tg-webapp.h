/*
 * tg-webapp.h: the Telegram Mini App, shared by bot/tg-webapp*.c only.
 *
 * tg-webapp.c is the HTTP side: a guarded server (tg-httpd.c) on
 * webapp_listen, the page's files (embedded at build time from
 * bot/webapp/), the init data check of every API request, rate limits,
 * the security headers, and the long polls that wait for a game to
 * change.  tg-webapp-api.c answers the API's requests from the service;
 * tg-webapp-text.c has the page's words; tg-webapp-keys.c puts the
 * buttons that open the app into the bot's messages.
 */
#ifndef TG_WEBAPP_H
#define TG_WEBAPP_H

#include <sys/queue.h>

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "tg-initdata.h"
#include "tg-int.h"

#define TG_WA_MAXBODY	4096	/* bytes of a request body */
#define TG_WA_MAXHEAD	8192	/* bytes of its headers */
#define TG_WA_HOLD	8	/* seconds a long poll is held (within the
				   server's 10 s deadline) */
#define TG_WA_USERS	1024	/* rate buckets, by the user id's hash */
#define TG_WA_RATE	10.0	/* requests a second a person may make */
#define TG_WA_BURST	40.0	/* ... in a burst */

/* One embedded file of the page (generated tg-webapp-files.c). */
struct tg_webapp_file {
	const char		*path;		/* "/app.js" */
	const char		*type;		/* its Content-Type */
	const unsigned char	*data;
	size_t			 len;
	const char		*etag;		/* a checksum, quoted */
};
extern const struct tg_webapp_file	tg_webapp_files[];	/* NULL-ended */

/* A long poll: a request held until its game changes or time is up. */
struct tg_wa_wait {
	struct evhttp_request		*req;
	struct evhttp_connection	*evcon;
	int64_t				 game;
	int64_t				 turn;		/* as the page saw it */
	int				 state;		/* enum svc_gstate */
	double				 until;		/* now_mono() */
	TAILQ_ENTRY(tg_wa_wait)		 entry;
};
TAILQ_HEAD(tg_wa_waits, tg_wa_wait);

/* A person's rate bucket (a slot of a small hash table). */
struct tg_wa_rate {
	struct tg_bucket	 b;
	int			 used;
};

struct tg_webapp {
	struct tg		*tg;
	struct tg_httpd		*httpd;
	char			 url[256];	/* webapp_url, "" if none */
	char			 short_name[64];
	int64_t			 maxage;	/* webapp_max_age */
	struct tg_wa_rate	 rate[TG_WA_USERS];
	struct tg_wa_waits	 waits;
	size_t			 nwaits;
	struct event		*ev_wake;	/* look at the waits now */
	struct event		*ev_tick;	/* ... and every second */
	json_t			*layout[2];	/* 4 and 6 seats, made once */
};

/* An authorised API request, as tg-webapp-api.c gets it. */
struct tg_wa_req {
	struct tg_webapp	*wa;
	struct evhttp_request	*req;
	struct tg_initdata	 who;
	char			 lang[8];	/* the person's language */
	const char		*path;		/* after "/api" */
	const char		*query;		/* or NULL */
	int			 method;	/* EVHTTP_REQ_* */
};

/* tg-webapp.c */
void		 tg_webapp_json(struct evhttp_request *, int, json_t *);
void		 tg_webapp_error(struct evhttp_request *, int, const char *,
		     const char *);
void		 tg_webapp_wait(struct tg_webapp *, struct evhttp_request *,
		     int64_t, int64_t, int);
void		 tg_webapp_changed(struct tg_webapp *);

/* tg-webapp-api.c */
void		 tg_webapp_api(struct tg_wa_req *);

/* tg-webapp-text.c */
json_t		*tg_webapp_strings(const char *);
json_t		*tg_webapp_words(const char *, int);

#endif /* TG_WEBAPP_H */
