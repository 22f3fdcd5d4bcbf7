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
#define TG_NGROUPS	256		/* groups with a title and admins */
#define TG_NADMINS	64		/* admins remembered per group */
#define TG_MERGE	32		/* rows merged into one message */
#define TG_NBOARDS	64		/* boards waiting for their edit */

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

/* How a board is drawn: picture_render(), or a test's stand-in. */
struct picture_opts;
typedef int	(*tg_render_fn)(const struct tac_state *,
		    const struct picture_opts *, unsigned char **, size_t *);

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

/* A group as the bridge knows it (tg-admin.c). */
struct tg_group {
	char		 chat[32];
	char		 title[160];
	int64_t		 admins[TG_NADMINS];	/* user ids */
	int		 nadmins;
	int		 fetching;	/* getChatAdministrators is out */
	double		 fetched;	/* when the list came (or failed) */
	double		 used;		/* last update, to evict the oldest */
};

/* One Bot API call delivering outbox rows (tg-out.c). */
struct tg_req {
	char		 method[32];	/* sendMessage, editMessageText, ... */
	json_t		*params;
	char		 file[16];	/* the PNG's form field: an upload */
	json_t		*fallback;	/* a new message's params if the edit
					   fails */
	char		 fbmethod[32];	/* its method; "": sendMessage */
	char		 fbfile[16];	/* its PNG's form field, "" if none */
	char		 edit[32];	/* the message edited, "" if none (a
					   board's: "photo:ID" or "ID") */
	int		 photo;		/* the message is a photo */
	int64_t		 shown;		/* a board of this game: remember it */
	int64_t		 ids[TG_MERGE];	/* the rows it delivers, first first */
	int		 nids;
	int64_t		 board;		/* a move of this game: edit its board */
	int64_t		 lobby;		/* this game's lobby is over: edit it */
	unsigned char	*png;		/* a photo to upload, or NULL */
	size_t		 pnglen;
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
	struct {
		char		 chat[64];
		int64_t		 game;
		char		 kind[8];	/* "board", "lobby" */
	}			 boards[TG_NBOARDS];	/* to edit */
	int			 nboards;

	/* tg-admin.c */
	struct tg_group		 groups[TG_NGROUPS];

	/* tg-photo.c */
	struct {
		char		 chat[64];
		int64_t		 game;
		char		 ref[32];	/* "photo:ID" or "ID" */
	}			 shown[TG_NBOARDS];	/* boards posted */
	int			 nshown;
	int			 rendered;	/* fonts to free at exit */
	tg_render_fn		 render;	/* NULL: picture_render() */

	/* tg-hook.c */
	struct evhttp		*http;
};

/* tg.c */
void		 tg_after(struct tg *);

/* tg-http.c */
int		 tg_http_init(struct tg *);
void		 tg_http_free(struct tg *);
void		 tg_http_call(struct tg *, const char *, json_t *, long,
		     tg_http_cb, void *);
int		 tg_http_busy(struct tg *, tg_http_cb);
void		 tg_http_upload(struct tg *, const char *, json_t *,
		     const char *, const unsigned char *, size_t, long,
		     tg_http_cb, void *);

/* tg-poll.c */
void		 tg_poll_start(struct tg *);
void		 tg_poll_stop(struct tg *);
int		 tg_poll_feed(struct tg *, struct tg_update *);

/* tg-send.c */
int		 tg_send_init(struct tg *);
void		 tg_send_free(struct tg *);
void		 tg_send_kick(struct tg *);

void		 tg_send_answer(struct tg *, const char *);
void		 tg_send_moved(struct tg *, const char *, const char *);
const char	*tg_send_target(struct tg *, const char *);

/* tg-out.c */
struct rbuf;
int		 tg_out_group(const char *);
void		 tg_out_escape(struct rbuf *, const char *, size_t);
int		 tg_out_make(struct tg *, const struct svc_out *,
		     struct tg_req *);
int		 tg_out_edit(struct tg *, const char *, int64_t,
		     const char *, struct tg_req *);
void		 tg_out_free(struct tg_req *);

/* tg-photo.c */
int		 tg_photo_wanted(const struct svc_game *);
int64_t		 tg_photo_ref(const char *, int *);
void		 tg_photo_mkref(char *, size_t, int64_t, int);
void		 tg_photo_remember(struct tg *, const char *, int64_t,
		     const char *);
int		 tg_photo_board(struct tg *, const char *, int64_t, char *,
		     size_t);
int		 tg_photo_render(struct tg *, const struct svc_game *,
		     unsigned char **, size_t *);
void		 tg_photo_call(struct tg *, struct tg_req *, const char *,
		     const struct svc_game *, const char *);
void		 tg_photo_exit(struct tg *);

/* tg-admin.c */
void		 tg_admin_see(struct tg *, struct tg_update *);
const char	*tg_admin_title(struct tg *, const char *);

/* tg-hook.c */
int		 tg_hook_start(struct tg *, char **);
void		 tg_hook_stop(struct tg *);

#endif /* TG_INT_H */
