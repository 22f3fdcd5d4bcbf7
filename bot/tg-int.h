/*
 * tg-int.h: the Telegram bridge's insides, shared by bot/tg*.c only.
 */
#ifndef TG_INT_H
#define TG_INT_H

#include <sys/queue.h>

#include <stdint.h>

#include <curl/curl.h>
#include <event2/event.h>
#include <jansson.h>

#include "tg.h"

#define TG_MAXBODY	(4 * 1024 * 1024)	/* bytes of an API answer */
#define TG_POLL_TIMEOUT	25		/* seconds a getUpdates may wait */
#define TG_NCHATS	256		/* chats with a rate bucket */
#define TG_NTOLD	256		/* people told about the deep link */

/* The answer to one Bot API call, as the callback sees it. */
struct tg_result {
	const char	*method;
	int		 cancelled;	/* dropped unsent: only free arg */
	int		 transport;	/* 1: no HTTP answer (curl failed) */
	long		 status;	/* HTTP status, 0 if none */
	int		 ok;		/* Telegram said "ok": true */
	json_t		*result;	/* "result", borrowed; NULL if none */
	const char	*desc;		/* "description" or the curl error */
	int64_t		 retry_after;	/* parameters.retry_after, 0 if none */
	int64_t		 migrate;	/* parameters.migrate_to_chat_id */
};

typedef void	(*tg_http_cb)(struct tg *, const struct tg_result *, void *);

struct tg_call;
TAILQ_HEAD(tg_calls, tg_call);

/* A token bucket: rate tokens per second, up to burst. */
struct tg_bucket {
	double		 tokens;
	double		 rate;
	double		 burst;
	double		 at;		/* when tokens was right */
};

struct tg_chat {
	char		 chat[64];
	struct tg_bucket b;
	double		 used;		/* last use, to evict the oldest */
	int		 failures;	/* in a row, for the backoff */
};

struct tg {
	struct event_base	*base;
	struct svc		*svc;
	struct tg_hooks		 hooks;
	int			 stopping;
	char			 token[128];
	char			*secret;	/* webhook mode */
	char			 api[256];	/* base URL */
	char			 ca[4096];	/* CA file or "" */
	int			 webhook;
	char			 listen[128];
	char			 botname[64];	/* from getMe, "" until then */
	double			 scale;		/* rate limit multiplier */

	/* tg-http.c */
	CURLM			*multi;
	struct event		*ev_curl;	/* libcurl's timeout */
	struct tg_calls		 calls;

	/* tg.c */
	struct event		*ev_start;	/* getMe (again) */
	int			 start_fails;

	/* tg-poll.c */
	int64_t			 offset;	/* next update id wanted */
	int			 polling;	/* a getUpdates is out */
	int			 poll_fails;
	struct event		*ev_poll;

	/* tg-send.c */
	int			 sending;	/* a delivery call is out */
	int			 again;		/* kicked while sending */
	struct event		*ev_send;	/* deliver again later */
	struct tg_bucket	 global;
	struct tg_chat		 chats[TG_NCHATS];
	char			 told[TG_NTOLD][64];	/* 403'd users */
	int			 ntold;
	char			 migrated[TG_NCHATS][2][64];	/* old, new */
	int			 nmigrated;

	/* tg-hook.c */
	struct evhttp		*http;
};

/* tg.c */
double		 tg_now(void);
void		 tg_after(struct tg *);

/* tg-http.c */
int		 tg_http_init(struct tg *);
void		 tg_http_free(struct tg *);
void		 tg_http_call(struct tg *, const char *, json_t *, long,
		     tg_http_cb, void *);
int		 tg_http_busy(struct tg *, tg_http_cb);

/* tg-poll.c */
void		 tg_poll_start(struct tg *);
void		 tg_poll_stop(struct tg *);
int		 tg_poll_feed(struct tg *, struct tg_update *);

/* tg-send.c */
int		 tg_send_init(struct tg *);
void		 tg_send_free(struct tg *);
void		 tg_send_kick(struct tg *);

/* tg-hook.c */
int		 tg_hook_start(struct tg *, char **);
void		 tg_hook_stop(struct tg *);

#endif /* TG_INT_H */
