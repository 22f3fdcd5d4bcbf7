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
#define TG_CHATS	4096		/* chats kept (more while pinned) */
#define TG_CHAT_HASH	1024		/* hash chains of the chat table */
#define TG_MERGE	32		/* rows merged into one message */
#define TG_INFLIGHT	32		/* delivery calls out at once */
#define TG_ANSWERS	8		/* of them, button answers */
#define TG_PUMP_MS	50		/* work of one round, at most (then
					   the loop takes other events) */
#define TG_MAXTRIES	6		/* failed attempts before a row is
					   given up (about a minute) */
#define TG_BACKOFF_MAX	60		/* seconds between attempts, at most */
#define TG_NOPHOTO	3600		/* seconds of text boards in a chat
					   whose photos were refused */
#define TG_POLL_LIMIT	100		/* updates asked for (and taken) at once */
#define TG_RETRY_MIN	1		/* seconds of a retry_after, at least */
#define TG_RETRY_MAX	3600		/* ... and at most */

/* The answer to one Bot API call, as the callback sees it. */
struct tg_result {
	const char	*method;
	int		 cancelled;	/* dropped unsent: only free arg */
	int		 transport;	/* 1: no HTTP answer (curl failed) */
	long		 status;	/* HTTP status, 0 if none */
	int		 ok;		/* Telegram said "ok": true */
	json_t		*result;	/* "result", borrowed; NULL if none */
	const char	*list;		/* tg_http_call_list(): "result" as
					   text (an array), else NULL */
	size_t		 listlen;
	const char	*desc;		/* "description" or the curl error */
	int64_t		 retry_after;	/* parameters.retry_after, 0 if none,
					   else within TG_RETRY_MIN..MAX */
	int64_t		 migrate;	/* parameters.migrate_to_chat_id */
};

typedef void	(*tg_http_cb)(struct tg *, const struct tg_result *, void *);

struct tg_call;
TAILQ_HEAD(tg_calls, tg_call);

struct tg_httpd;
struct tg_webapp;

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

/* A board or lobby message to edit (tg-send.c). */
struct tg_edit {
	int64_t		 game;
	int		 kind;		/* SVC_OUT_BOARD, SVC_OUT_LOBBY */
	int		 attempts;	/* failed so far */
};

/* What the bridge keeps of one chat (tg-chat.c). */
struct tg_chat {
	char		 id[64];
	double		 used;		/* last use, for the eviction */
	LIST_ENTRY(tg_chat) hash;
	TAILQ_ENTRY(tg_chat) lru;	/* least recently used first */

	/* tg-send.c */
	struct tg_bucket b;		/* about one message a second */
	struct tg_bucket m;		/* a group: twenty a minute */
	int		 busy;		/* a call for the chat is out */
	double		 hold;		/* send nothing before (429, backoff) */
	int		 failures;	/* in a row, for the backoff */
	char		 moved[64];	/* a new id the service could not
					   record, "" if none */
	int		 told;		/* the person cannot be written to:
					   their group was told */
	double		 nophoto;	/* photos were refused: text boards
					   until then */
	struct tg_edit	*edits;		/* messages to edit */
	size_t		 nedits;
	TAILQ_ENTRY(tg_chat) editq;	/* on tg->chat_edits while nedits */
	int		 queued;	/* the chat may have rows to send */
	double		 next;		/* not before (its row is due later, a
					   bucket is empty); 0: look now */
	TAILQ_ENTRY(tg_chat) queueq;	/* on tg->chat_queue while queued */

	/* tg-admin.c: a group's title and admins */
	char		 title[UTF8_NAMEMAX];
	int64_t		*admins;	/* user ids */
	size_t		 nadmins;
	int		 fetching;	/* getChatAdministrators is out */
	double		 fetched;	/* when the list came (or failed) */
};
LIST_HEAD(tg_chat_chain, tg_chat);
TAILQ_HEAD(tg_chat_lru, tg_chat);

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
	int64_t		 shown;		/* a board of this game: its message
					   id is remembered (svc_message_set) */
	int64_t		 ids[TG_MERGE];	/* the rows it delivers, first first */
	int		 nids;
	int64_t		 board;		/* a move of this game: edit its board */
	int64_t		 lobby;		/* this game's lobby is over: edit it */
	unsigned char	*png;		/* a photo to upload, or NULL */
	size_t		 pnglen;
	json_t		*textfb;	/* a photo's text board, sendMessage
					   params for when it is refused */
	char		 fname[64];	/* with png: a document's file name
					   (tg-doc.c) */
	int		 doc;		/* the message is a document */
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

	/* tg-send.c, tg-result.c */
	int			 inflight;	/* delivery calls out */
	int64_t			 answering[TG_ANSWERS];	/* answer rows out */
	int			 pumping;	/* in tg_send_pump() */
	int			 scanned;	/* the outbox's chats were read */
	int			 answers;	/* answer rows may wait */
	double			 answers_next;	/* ... not before */
	int			 again;		/* kicked while pumping */
	struct event		*ev_send;	/* the next thing comes due */
	struct tg_bucket	 global;	/* thirty a second in all */
	double			 last_ok;	/* the last call that worked */
	double			 down_until;	/* the API seems down: wait */
	double			 down_since;	/* 0: it is not */
	int			 down_wait;	/* seconds of the last wait */

	/* tg-chat.c */
	struct tg_chat_chain	 chat_hash[TG_CHAT_HASH];
	struct tg_chat_lru	 chat_lru;
	struct tg_chat_lru	 chat_edits;	/* chats with edits to make */
	struct tg_chat_lru	 chat_queue;	/* chats with rows to send */
	size_t			 nqueued;
	size_t			 nchats;

	/* tg-photo.c */
	int			 rendered;	/* fonts to free at exit */
	tg_render_fn		 render;	/* NULL: picture_render() */

	/* tg-hook.c */
	struct tg_httpd		*hook;		/* the webhook server */
	size_t			 maxconns;	/* webhook_max_connections */

	/* tg-webapp.c */
	struct tg_webapp	*webapp;	/* the Mini App, or NULL */
};

/* tg.c */
void		 tg_after(struct tg *);

/* tg-http.c */
int		 tg_http_init(struct tg *);
void		 tg_http_free(struct tg *);
void		 tg_http_call(struct tg *, const char *, json_t *, long,
		     tg_http_cb, void *);
void		 tg_http_call_list(struct tg *, const char *, json_t *, long,
		     tg_http_cb, void *);
int64_t		 tg_http_retry(int64_t);
int		 tg_http_busy(struct tg *, tg_http_cb);
void		 tg_http_upload(struct tg *, const char *, json_t *,
		     const char *, const unsigned char *, size_t, long,
		     tg_http_cb, void *);
void		 tg_http_upload_file(struct tg *, const char *, json_t *,
		     const char *, const char *, const char *,
		     const unsigned char *, size_t, long, tg_http_cb, void *);

/* tg-poll.c */
void		 tg_poll_start(struct tg *);
void		 tg_poll_stop(struct tg *);
int		 tg_poll_feed(struct tg *, struct tg_update *);

/* tg-chat.c */
void		 tg_chat_init(struct tg *);
void		 tg_chat_free(struct tg *);
struct tg_chat	*tg_chat_find(struct tg *, const char *);
struct tg_chat	*tg_chat_get(struct tg *, const char *, double);
struct tg_edit	*tg_chat_edit(struct tg *, struct tg_chat *, int64_t, int);
int		 tg_chat_edit_take(struct tg *, struct tg_chat *,
		     struct tg_edit *);

/* What a delivery call's answer needs to know (tg-send.c, tg-result.c). */
struct tg_sent {
	int64_t		 ids[TG_MERGE];	/* outbox rows; none: an edit */
	int		 nids;
	int64_t		 game;
	int		 kind;		/* an edit's kind (SVC_OUT_BOARD, ...) */
	int		 attempts;	/* the row's or the edit's failures */
	int		 answer;	/* answerCallbackQuery */
	double		 started;	/* when the call went out */
	char		 chat[64];
	char		 edit[32];	/* the message an edit targets */
	char		 orig[32];	/* ... as it was first */
	json_t		*fallback;	/* a new message's params if it fails */
	char		 fbmethod[32];	/* its method, "": sendMessage */
	char		 fbfile[16];	/* its PNG's form field, "" if none */
	json_t		*textfb;	/* a photo's text board, if refused */
	unsigned char	*png;		/* the photo, for the fallback */
	size_t		 pnglen;
	int		 photo;		/* the message is a photo */
	char		 fname[64];	/* png is a document of this name */
	int		 doc;		/* the message is a document */
	int64_t		 shown;		/* a board of this game */
	int64_t		 board;		/* moves of this game were told */
	int64_t		 lobby;		/* this game's lobby ended */
};

/* What becomes of a call's rows. */
enum tg_mark { TG_DONE, TG_RETRY, TG_DEFER, TG_DROP };

/* tg-send.c */
void		 tg_bucket_init(struct tg_bucket *, double, double, double);
double		 tg_bucket_wait(struct tg_bucket *, double);
void		 tg_bucket_take(struct tg_bucket *);
void		 tg_bucket_hold(struct tg_bucket *, double, double);
int		 tg_send_init(struct tg *);
void		 tg_send_free(struct tg *);
void		 tg_send_kick(struct tg *);
void		 tg_send_call(struct tg *, struct tg_sent *, const char *,
		     json_t *, const char *);
void		 tg_send_release(struct tg *, struct tg_sent *);
void		 tg_send_sentfree(struct tg_sent *);
void		 tg_send_answer(struct tg *, const char *);
void		 tg_send_moved(struct tg *, const char *, const char *);
const char	*tg_send_target(struct tg *, const char *);

/* tg-result.c */
void		 tg_result_done(struct tg *, const struct tg_result *, void *);
void		 tg_result_mark(struct tg *, const struct tg_sent *,
		     enum tg_mark, int64_t, const char *);

/* tg-out.c */
struct rbuf;
int		 tg_out_group(const char *);
void		 tg_out_escape(struct rbuf *, const char *, size_t);
struct compose_msg;
void		 tg_out_build(struct tg *, const struct compose_msg *,
		     struct tg_req *);
int		 tg_out_make(struct tg *, const struct svc_out *,
		     struct tg_req *);
int		 tg_out_edit(struct tg *, const char *, int64_t, int,
		     struct tg_req *);
void		 tg_out_free(struct tg_req *);

/* tg-photo.c */
#define TG_PHOTO_PREFIX	"photo:"	/* a board message that is a photo */
int		 tg_photo_wanted(const struct svc_game *);
int64_t		 tg_photo_ref(const char *, int *);
void		 tg_photo_mkref(char *, size_t, int64_t, int);
int		 tg_photo_render(struct tg *, const struct svc_game *,
		     unsigned char **, size_t *);
int		 tg_photo_turn(struct tg *, const struct compose_msg *,
		     unsigned char **, size_t *);
void		 tg_photo_call(struct tg *, struct tg_req *, const char *,
		     const struct svc_game *, const char *);
void		 tg_photo_exit(struct tg *);

/* tg-doc.c */
void		 tg_doc_call(struct tg *, struct tg_req *,
		     const struct compose_msg *, const char *);

/* tg-admin.c */
void		 tg_admin_see(struct tg *, struct tg_update *);
const char	*tg_admin_title(struct tg *, const char *);

/* tg-commands.c */
size_t		 tg_commands_count(void);
json_t		*tg_commands_params(size_t);
void		 tg_commands_set(struct tg *);

/* tg-hook.c */
int		 tg_hook_start(struct tg *, char **);
void		 tg_hook_stop(struct tg *);

/* tg-webapp.c, tg-webapp-keys.c */
struct config;
int		 tg_webapp_start(struct tg *, const struct config *, char **);
void		 tg_webapp_stop(struct tg *);
void		 tg_webapp_kick(struct tg *);
void		 tg_webapp_keys(struct tg *, const struct compose_msg *,
		     struct tg_req *);

#endif /* TG_INT_H */
