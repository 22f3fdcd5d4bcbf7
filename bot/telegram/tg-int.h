/*
 * tg-int.h: the Telegram bridge's insides, shared by bot/telegram/ only.
 *
 * The files call one another down this list, never back up:
 *   tg.c		the bridge's life: getMe, then polling or the webhook
 *   tg-poll.c,		updates in: getUpdates, the webhook server,
 *   tg-hook.c		  both through
 *   tg-feed.c		  the one way an update enters the service
 *   tg-admin.c		a group's admins, asked in the background
 *   tg-commands.c	the command lists of Telegram's menu
 *   tg-send.c		the outbox out: what goes next, and when
 *   tg-result.c	what a call's answer means for its rows
 *   tg-out.c		a composed message as Bot API calls, with
 *   tg-keys.c,		  its keyboards, its HTML, its board drawn
 *   tg-html.c,		  (tg-photo.c), its document (tg-doc.c)
 *   tg-photo.c,
 *   tg-doc.c
 *   tg-chat.c		what is kept per chat
 *   tg-http.c		Bot API calls over libcurl
 *   tg-update.c,	pure: an update parsed, a message's name,
 *   tg-ref.c,		  a Mini App's init data
 *   tg-initdata.c
 */
#ifndef TG_INT_H
#define TG_INT_H

#include <sys/queue.h>

#include <stdint.h>

#include <curl/curl.h>
#include <event2/event.h>
#include <jansson.h>

#include "bridge-bucket.h"
#include "compose.h"
#include "tg.h"

#define TG_MAXBODY	(4 * 1024 * 1024)	/* bytes of an API answer */
#define TG_POLL_TIMEOUT	25		/* seconds a getUpdates may wait */
#define TG_CHATS	4096		/* chats kept (more while pinned) */
#define TG_CHAT_HASH	1024		/* hash chains of the chat table */
#define TG_INFLIGHT	32		/* delivery calls out at once */
#define TG_ANSWERS	8		/* of them, kept for button answers */
#define TG_PUMP_MS	50		/* work of one round, at most (then
					   the loop takes other events) */
#define TG_MAXTRIES	6		/* failed attempts before a row is
					   given up (about a minute) */
#define TG_TIDYTRIES	3		/* ... a call that only tidies (a
					   pin): given up after 1 + 2 s */
#define TG_SAID		8		/* messages per chat whose words are
					   remembered (an edit that would
					   change nothing is not sent) */
#define TG_BACKOFF_MAX	60		/* seconds between attempts, at most */
#define TG_NOPHOTO	3600		/* seconds of text boards in a chat
					   whose photos were refused */
#define TG_POLL_LIMIT	100		/* updates asked for (and taken) at once */
#define TG_RETRY_MIN	1		/* seconds of a retry_after, at least */
#define TG_RETRY_MAX	3600		/* ... and at most */
#define TG_TEXTMAX	4096		/* characters of a message */
#define TG_CAPTIONMAX	1000		/* bytes of a caption (1024 chars) */
#define TG_ANSWERMAX	200		/* characters of a button's answer */
#define TG_SEEN		8		/* message ids kept per group */
#define TG_LIVE		4		/* live messages not pinned kept per
					   group, for their reposts */

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

struct bridge_httpd;

/* What the bridge keeps of one chat (tg-chat.c). */
struct tg_chat {
	char		 id[64];
	double		 used;		/* last use, for the eviction */
	LIST_ENTRY(tg_chat) hash;
	TAILQ_ENTRY(tg_chat) lru;	/* least recently used first */

	/* tg-send.c, tg-result.c */
	struct bridge_bucket b;		/* about one message a second */
	struct bridge_bucket m;		/* a group: twenty a minute */
	int		 busy;		/* a call for the chat is out */
	double		 hold;		/* send nothing before (429, backoff) */
	int		 failures;	/* in a row, for the backoff */
	char		 moved[64];	/* a new id the service could not
					   record, "" if none */
	double		 nophoto;	/* photos were refused: text boards
					   until then */
	int		 queued;	/* the chat may have rows to send */
	double		 next;		/* not before (its row is due later, a
					   bucket is empty); 0: look now */
	TAILQ_ENTRY(tg_chat) queueq;	/* on tg->chat_queue while queued */

	/* tg-chat.c: the newest message ids seen in a group */
	int64_t		 seen[TG_SEEN];
	int		 nseen;
	int64_t		 seen_max;
	int		 super;		/* a supergroup: its ids count every
					   message, seen or not */
	/* tg-chat.c: the group's live messages not pinned (reposts) */
	struct {
		int64_t	 id;
		double	 posted;	/* when it was posted (tg_now()) */
		int	 after;		/* messages seen after it */
	}		 live[TG_LIVE];
	int		 nlive;
	/* tg-chat.c: what the chat's newest messages say (a hash) */
	struct {
		int64_t	 id;
		uint64_t said;
	}		 said[TG_SAID];
	int		 nsaid;

	/* tg-admin.c: a group's admins */
	int64_t		*admins;	/* user ids */
	size_t		 nadmins;
	int		 fetching;	/* getChatAdministrators is out */
	double		 fetched;	/* when the list came (or failed) */
	int		 adminfail;	/* the last list could not be read */
	int		 nopin;		/* it lists the bot, without the
					   right to pin */
};
LIST_HEAD(tg_chat_chain, tg_chat);
TAILQ_HEAD(tg_chat_lru, tg_chat);

/*
 * One delivery: a batch of outbox rows and the Bot API call that
 * delivers it, with what goes instead when Telegram refuses it.  tg-out.c
 * makes it from the batch's message, tg-send.c sends it, tg-result.c
 * reads the answer.
 */
struct tg_req {
	struct svc_batch b;		/* the rows it delivers */
	char		 chat[64];	/* "" for an answer */
	int		 answer;	/* answerCallbackQuery */
	double		 started;	/* when the call went out */

	char		 method[32];	/* sendMessage, editMessageText, ... */
	json_t		*params;
	char		 file[16];	/* an upload's form field, "" none */
	char		 fname[64];	/* a document's file name, "" a PNG */
	unsigned char	*png;		/* the upload: a PNG, or a document */
	size_t		 pnglen;
	char		 edit[SVC_REF_MAX];	/* the message edited, "" new */
	int		 photo;		/* the message is a photo */
	int		 doc;		/* the message is a document */

	json_t		*fallback;	/* a new message's params when the
					   edited one is gone */
	char		 fbmethod[32];	/* its method; "": sendMessage */
	char		 fbfile[16];	/* its upload's form field, "" none */
	json_t		*textfb;	/* the words alone, sendMessage params
					   for when a photo or a document is
					   refused */

	char		 drop[SVC_REF_MAX];	/* a message to take away once
					   this one went: the one it stands
					   for, posted anew at the bottom */
	int		 dropkeys;	/* ... it had buttons */
	int		 after;		/* the call out is the taking away
					   (its rows are finished) */
	int		 member;	/* getChatMember: its answer goes to
					   svc_outbox_member() */
	int		 beside;	/* it holds no chat: a call that only
					   tidies (a pin, the taking away
					   after a message went anew) */
	uint64_t	 said;		/* a hash of what the message says
					   (tg_out_said()), 0: none */
	int		 live;		/* a group's live message not pinned:
					   once posted, tg_chat_posted() */
};

struct tg {
	struct event_base	*base;
	struct svc		*svc;
	int			 stopping;
	char			 token[128];
	char			*secret;	/* webhook mode */
	char			 api[256];	/* base URL */
	char			 ca[4096];	/* CA file or "" */
	int			 webhook;
	char			 listen[128];
	char			 botname[64];	/* from getMe, "" until then */
	int64_t			 botid;		/* ... and its user id */
	double			 scale;		/* rate limit multiplier */
	char			 appurl[256];	/* the Mini App's webapp_url */
	char			 appname[64];	/* ... its short name */
	struct compose_opts	 copts;		/* how messages are composed */

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
	int			 nanswering;	/* of them, answers */
	int			 pumping;	/* in tg_send_pump() */
	int			 scanned;	/* the outbox's chats were read */
	int			 answers;	/* 1: answer rows may wait */
	double			 answers_next;	/* ... not before */
	int			 again;		/* kicked while pumping */
	struct event		*ev_send;	/* the next thing comes due */
	struct bridge_bucket	 global;	/* thirty a second in all */
	double			 last_ok;	/* the last call that worked */
	double			 down_until;	/* the API seems down: wait */
	double			 down_since;	/* 0: it is not */
	int			 down_wait;	/* seconds of the last wait */

	/* tg-chat.c */
	struct tg_chat_chain	 chat_hash[TG_CHAT_HASH];
	struct tg_chat_lru	 chat_lru;
	struct tg_chat_lru	 chat_queue;	/* chats with rows to send */
	size_t			 nqueued;
	size_t			 nchats;

	/* tg-hook.c */
	struct bridge_httpd	*hook;		/* the webhook server */
	size_t			 maxconns;	/* webhook_max_connections */

	/* tg-chat.c: when a live message not pinned goes anew */
	int			 repost_after;	/* repost_messages */
	double			 repost_wait;	/* repost_interval, seconds */
};

/* tg.c */
struct tg	*tg_new(struct event_base *, struct svc *,
		     const struct config *);

/* tg-clock.c */
double		 tg_now(void);
int64_t		 tg_wall(void);

/* tg-feed.c */
int		 tg_feed(struct tg *, struct tg_update *);
void		 tg_after(struct tg *);

/* tg-http.c */
int		 tg_http_init(struct tg *);
void		 tg_http_free(struct tg *);
void		 tg_http_call(struct tg *, const char *, json_t *, long,
		     tg_http_cb, void *);
void		 tg_http_call_list(struct tg *, const char *, json_t *, long,
		     tg_http_cb, void *);
int64_t		 tg_http_retry(int64_t);
void		 tg_http_upload(struct tg *, const char *, json_t *,
		     const char *, const unsigned char *, size_t, long,
		     tg_http_cb, void *);
void		 tg_http_upload_file(struct tg *, const char *, json_t *,
		     const char *, const char *, const char *,
		     const unsigned char *, size_t, long, tg_http_cb, void *);

/* tg-poll.c */
void		 tg_poll_start(struct tg *);
void		 tg_poll_stop(struct tg *);

/* tg-hook.c */
int		 tg_hook_start(struct tg *, char **);
void		 tg_hook_stop(struct tg *);

/* tg-admin.c */
void		 tg_admin_see(struct tg *, struct tg_update *);

/* tg-commands.c */
size_t		 tg_commands_count(void);
json_t		*tg_commands_params(size_t);
void		 tg_commands_set(struct tg *);

/* tg-chat.c */
void		 tg_chat_init(struct tg *);
void		 tg_chat_free(struct tg *);
struct tg_chat	*tg_chat_find(struct tg *, const char *);
struct tg_chat	*tg_chat_get(struct tg *, const char *, double);
int		 tg_chat_group(const char *);
const char	*tg_chat_target(struct tg *, const char *);
void		 tg_chat_moved(struct tg *, const char *, const char *);
void		 tg_chat_saw(struct tg *, const char *, int64_t, int);
void		 tg_chat_posted(struct tg *, const char *, int64_t, double);
int		 tg_chat_due(struct tg *, const char *, int64_t, double);
int		 tg_chat_said(struct tg *, const char *, const char *,
		     uint64_t);
void		 tg_chat_say(struct tg *, const char *, int64_t, uint64_t);
int		 tg_chat_maypin(struct tg *, const char *);

/* tg-send.c */
int		 tg_send_init(struct tg *);
void		 tg_send_free(struct tg *);
void		 tg_send_kick(struct tg *);
void		 tg_send_answers_now(struct tg *);
void		 tg_send_answer(struct tg *, const char *);

/* tg-result.c: what tg_result_read() leaves for its caller to do. */
enum tg_next {
	TG_OVER,		/* the rows are finished: free the call */
	TG_RESEND		/* the call is set anew (a fallback): send it */
};
int		 tg_result_read(struct tg *, struct tg_req *,
		     const struct tg_result *);

/* tg-out.c */
void		 tg_out_make(struct tg *, const struct compose_msg *,
		     struct tg_req *);
void		 tg_out_free(struct tg_req *);
int		 tg_out_link(void *, int, const char *, const char *, char *,
		     size_t);

/* tg-html.c */
void		 tg_html_escape(struct rbuf *, const char *, size_t);
char		*tg_html_text(const struct compose_msg *);
char		*tg_html_caption(const char *, size_t);

/* tg-photo.c */
int		 tg_photo_draw(const struct compose_picture *, unsigned char **,
		     size_t *);
void		 tg_photo_call(struct tg *, struct tg_req *,
		     const struct compose_msg *, json_t *);

/* tg-doc.c */
void		 tg_doc_call(struct tg *, struct tg_req *,
		     const struct compose_msg *, const char *);

#endif /* TG_INT_H */
