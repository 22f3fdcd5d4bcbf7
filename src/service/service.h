/*
 * service.h: the game service.  Platform-neutral: bridges turn platform
 * updates into struct svc_event and deliver the outbox; the service runs
 * lobbies and games through the engine and the store.
 *
 * Every event is processed in one transaction: the update id is recorded
 * (a duplicate does nothing), the action is applied, logged and the
 * snapshot updated, outbox rows are queued and the platform's update
 * offset is raised, all together or not at all.  The service never writes
 * chat text: outbox rows are semantic, with JSON payloads that
 * src/compose/ words at delivery.
 *
 * Errors, for every svc_* call: 0 done, or -1 failed, with nothing
 * changed and svc_error() saying why.  A call that looks for something
 * that may not be there returns 1 found, 0 not there, -1 failed.  A
 * person's command that is refused is no failure: it is done, and an
 * outbox row (or an app's answer) tells them why.
 *
 * The protocol (the commands, button data, the outbox rows and their
 * payloads) is doc/service.md's; the commands themselves are entries of
 * a table (struct svc_command below, one in the file of each command).
 */
#ifndef SERVICE_H
#define SERVICE_H

#include <stdint.h>

#include "tac.h"
#include "utf8.h"
#include "zone.h"

struct store;
struct svc;

/* What a person did, as a bridge saw it. */
enum svc_kind {
	SVC_EV_TEXT,		/* a command or typed text: "/new", "/play 5 1>6" */
	SVC_EV_BUTTON,		/* a button press: data is the callback data */
	SVC_EV_APP,		/* an action from an app (the Mini App): text
				   is its notation, game and turn the game
				   and turn it was chosen at; played as a
				   button's /play, refused with a reason
				   for svc_web_play() instead of a row */
	SVC_EV_LEFT		/* user is no longer a member of the group
				   chat: left or removed (service-gone.c:
				   their seat in its game goes to the AI,
				   or is freed in its lobby); text NULL */
};

struct svc_event {
	int		 kind;		/* enum svc_kind */
	const char	*platform;	/* "console", "telegram" */
	int64_t		 update_id;	/* platform update id, -1 if none */
	const char	*chat;		/* platform chat id, as text */
	int		 private_chat;	/* 1: a person's private chat */
	const char	*chat_title;
	const char	*user;		/* platform user id, as text */
	const char	*user_name;	/* display name */
	const char	*lang;		/* user's language code or NULL */
	int		 admin;		/* the user administers the chat */
	const char	*text;		/* SVC_EV_TEXT */
	const char	*data;		/* SVC_EV_BUTTON: callback data */
	const char	*callback;	/* id to answer a button press, or NULL */
	const char	*message;	/* the message whose button was
					   pressed, as its bridge names it
					   (svc_outbox_finish()), or NULL */
	int64_t		 game;		/* SVC_EV_APP: the game */
	int64_t		 turn;		/* SVC_EV_APP: its turn number */
	const char	*handle;	/* SVC_EV_APP: how the app named the
					   game (its key, or its number), or
					   NULL: by its number */
};

/*
 * What a platform said of a person and a group ("member" rows,
 * svc_outbox_member()): a member, not one (never was, left, was
 * removed), or it could not say (the call failed).
 */
enum svc_member {
	SVC_MEMBER_UNKNOWN,
	SVC_MEMBER_NO,
	SVC_MEMBER_YES
};

/*
 * The kinds of outbox rows (service-kind.c has the table); what their
 * payloads hold is listed above.
 */
enum svc_out_kind {
	SVC_OUT_UNKNOWN,	/* a name no kind has (a newer tacd's row) */
	SVC_OUT_LOBBY,
	SVC_OUT_OPTIONS,
	SVC_OUT_BOARD,
	SVC_OUT_MOVED,
	SVC_OUT_HAND,
	SVC_OUT_TURN,
	SVC_OUT_REMINDER,
	SVC_OUT_TAKEOVER,
	SVC_OUT_OVER,
	SVC_OUT_ABORTED,
	SVC_OUT_SEAT,
	SVC_OUT_ERROR,
	SVC_OUT_INFO,
	SVC_OUT_ANSWER,
	SVC_OUT_MENU,
	SVC_OUT_PLAYED,
	SVC_OUT_RULES,
	SVC_OUT_HELP,
	SVC_OUT_STATS,
	SVC_OUT_TOP,
	SVC_OUT_HISTORY,
	SVC_OUT_SUMMARY,
	SVC_OUT_RECORD,
	SVC_OUT_CHART,
	SVC_OUT_DOCUMENT,
	SVC_OUT_EDIT_BOARD,
	SVC_OUT_EDIT_LOBBY,
	SVC_OUT_UNREACHABLE,
	SVC_OUT_EXCHANGED,
	SVC_OUT_ENDED,
	SVC_OUT_RETIRE,
	SVC_OUT_HINT,
	SVC_OUT_LESSON,
	SVC_OUT_REVIEW,
	SVC_OUT_PIN_BOARD,
	SVC_OUT_CONFIRM,
	SVC_OUT_MEMBER,
	SVC_OUT_REMATCH,
	SVC_OUT_REMATCH_ASK,
	SVC_OUT_SETTINGS,
	SVC_OUT_FORCED,
	SVC_OUT_PREMOVE,
	SVC_OUT_AWAY,
	SVC_OUT_DIGEST,
	SVC_OUT_NKINDS
};

/* What a bridge needs to know of a kind (svc_kind_is()). */
#define SVC_OF_NOTICE	0x01	/* a short notice: a burst of them for one
				   chat may share one message */
#define SVC_OF_MOVES	0x02	/* the game's board changed: edit it after */
#define SVC_OF_KEEP	0x04	/* the message is edited later: its id is
				   remembered (svc_message()) */
#define SVC_OF_PRIVATE	0x08	/* to a person's private chat */
#define SVC_OF_TURN	0x10	/* a turn message: remembered while its
				   turn lasts, retired by "played" */
#define SVC_OF_EDIT	0x20	/* edits the game's kept board or lobby
				   message (edit-board, edit-lobby) */
#define SVC_OF_TIDY	0x40	/* only tidies (a pin): goes beside the
				   chat's messages, never holds them, and
				   is given up after a few tries */

/*
 * An outbox row: one message to deliver, composed by src/compose/.  The
 * payload is parsed once, when the row is read: data is never NULL (an
 * unreadable payload reads as {}, with a log line).
 */
struct svc_out {
	int64_t		 id;
	char		 platform[16];
	char		 chat[64];	/* platform chat id */
	int64_t		 game;		/* 0 if none */
	int		 type;		/* enum svc_out_kind */
	char		 kind[24];	/* its name, as stored */
	char		*payload;	/* JSON text; owned by the row */
	struct json_t	*data;		/* the payload parsed; owned */
	int		 attempts;
	int64_t		 due;		/* unix seconds */
};

#define SVC_MERGE	32	/* rows one batch holds, at most */
#define SVC_REF_MAX	32	/* bytes of a bridge's message reference */

/*
 * What a bridge takes to deliver (svc_outbox_take()): one chat's next
 * message, its first row and, when that is a notice, the notices due
 * after it (a burst may go as one message; compose_batch() keeps those
 * that fit).
 */
struct svc_batch {
	struct svc_out	 row[SVC_MERGE];
	int		 n;
	int64_t		 due;		/* 0 taken: when the chat's next row
					   comes due, 0 if nothing waits */
};

/* How a delivery went (svc_outbox_finish()). */
enum svc_fate {
	SVC_DONE,		/* delivered: every row */
	SVC_RETRY,		/* failed: the first row again at when,
				   an attempt counted; the rest wait */
	SVC_DEFER,		/* a rate limit said wait: the same, no
				   attempt counted */
	SVC_DROP,		/* never deliverable: every row given up */
	SVC_UNREACHABLE		/* the person's private chat cannot be
				   written to: dropped, and their game's
				   chat is told ("unreachable") */
};

/* A game as the renderers see it. */
struct svc_seat {
	int		 ai;		/* AI level, 0: a person */
	int		 away;		/* a person whose turns the AI plays */
	int64_t		 away_until;	/* the person is away (/away) until
					   then, 0: not */
	int		 away_ai;	/* ... the AI plays for them then, 0:
					   their clock stops */
	char		 user[64];	/* platform user id, "" if none */
	char		 name[UTF8_NAMEMAX];	/* display name ("AI 2" for an AI) */
};

enum svc_gstate { SVC_LOBBY, SVC_PLAYING, SVC_OVER, SVC_ABORTED };

struct svc_game {
	int64_t		 id;
	int		 state;		/* enum svc_gstate */
	char		 platform[16];
	char		 chat[64];
	char		 title[UTF8_NAMEMAX];	/* the chat's, as last seen */
	int		 private;	/* the chat is a person's private one */
	char		 lang[8];	/* the chat's language: "en", "ru" */
	struct tac_config cfg;
	int64_t		 deadline;	/* seconds per turn, 0: none */
	int64_t		 turn_no;	/* actions applied so far */
	int64_t		 due;		/* when the turn expires, 0: never */
	char		 creator[64];
	struct svc_seat	 seats[TAC_MAXSEATS];
	int		 actor;		/* the seat to act, -1: none */
	int		 winner;	/* the winning team, -1: none */
	int64_t		 remind;	/* when the reminder goes, 0: none */
	int		 ai;		/* the game's AI level (ai=1|2) */
	int64_t		 created;
	int64_t		 updated;
	char		 board[8];	/* the chat's board style: "picture",
					   "text" */
	char		 last[96];	/* the last action, "" if none; a
					   gift is just "give" (secret) */
	int		 last_seat;	/* who played it, -1 if none */
	int		 started;	/* a position exists (svc_game_view()) */
	int		 hints;		/* the game gives hints (hints=on) */
	int		 autoplay;	/* a person's turn of one legal action
					   plays itself (auto=on) */
	int64_t		 bank;		/* a time bank's reserve (bank=), 0:
					   none, deadline is the game's clock */
	int64_t		 bonus;		/* ... the time a move gives back */
};

/* What begins a lesson's menu path in /learn's button data. */
#define SVC_LEARN_PATH	'@'

/* A clock the tests can wind. */
typedef int64_t (*svc_clock_fn)(void *);

#define SVC_BUTTON_MAX	64	/* bytes of button data, as Telegram allows */

/* The kinds of deep link (svc_payload_parse()); the payload's first byte. */
enum svc_link {
	SVC_LINK_NONE = 0,
	SVC_LINK_JOIN = 'j',
	SVC_LINK_HAND = 'h'
};

#define SVC_PAYLOAD_MAXID	999999999999999999LL	/* 18 digits */
#define SVC_KEYLEN		22	/* letters and digits of a game's key */
#define SVC_PAYLOAD_MAX		24	/* a kind, a key (or 18 digits), a
					   NUL */

/*
 * service.c: the service's life and its events.
 *
 * svc_open: the service over an open store (the caller keeps owning and
 * closes the store after svc_close); clock gives unix seconds (NULL: the
 * real clock).  It cannot fail.
 *
 * svc_event: process one event in one transaction (inside an open batch:
 * in its own savepoint).  0 when handled, also when refused (an "error"
 * row tells the person) or a duplicate; -1 on internal failure (a full
 * disk, ...): nothing changed, the event may be fed again.
 *
 * svc_batch_begin/svc_batch_end: group commit.  The events in between
 * share one transaction; svc_batch_end commits it.  If svc_batch_end
 * fails, none of the batch's events were kept: feed them all again.
 * svc_on_commit: call fn(arg) after each commit of events (an event out
 * of a batch, a batch), for the daemon's work that follows them.
 *
 * svc_set_remind: remind the person to play of a turn that has no
 * deadline after this many seconds (0, the default: never); it applies
 * to turns that begin from now on.
 *
 * svc_set_lobby_cap (service-lobby.c): how many lobbies (games not
 * started yet) one person may have opened and still sit in, in all chats
 * together (n <= 0: the default, 5); /new past it is refused
 * ("too_many_lobbies").
 *
 * svc_set_timer_budget (service-timer.c): let one svc_timers() call work
 * about this many milliseconds at most (0, the default: no bound but its
 * count of steps), so that the caller's other events wait no longer.
 *
 * svc_next_timer: the earliest time a timer is due (-1: none).
 * svc_timers: run what is due now (AI moves, expired turns, reminders),
 * each in its own transaction; at most a bounded amount of work per call,
 * so call it again while svc_next_timer() <= now.  Returns how many things
 * it did, -1 on failure (a game whose log no longer replays has its
 * timers stopped, so the next call goes on).
 *
 * Now and then, after an event or a timer, delivered outbox rows and
 * update ids older than two days are pruned in small steps (an update id
 * at or below a pruned one still counts as processed).
 *
 * svc_update_offset: the highest update id processed on a platform, -1 if
 * none (a bridge resumes after it: Telegram's getUpdates offset is it + 1).
 * svc_chat_migrate: a chat got a new id (Telegram's migrate_to_chat_id):
 * its games, settings, remembered messages and undelivered rows move to
 * it.
 * svc_error: the message of the service's last failure.
 */
struct svc	*svc_open(struct store *, svc_clock_fn, void *);
void		 svc_close(struct svc *);
int		 svc_event(struct svc *, const struct svc_event *);
int		 svc_batch_begin(struct svc *);
int		 svc_batch_end(struct svc *);
void		 svc_on_commit(struct svc *, void (*)(void *), void *);
void		 svc_set_remind(struct svc *, int64_t);
void		 svc_set_lobby_cap(struct svc *, int);
void		 svc_set_timer_budget(struct svc *, int);
int64_t		 svc_next_timer(struct svc *);
int		 svc_timers(struct svc *);
int64_t		 svc_update_offset(struct svc *, const char *);
int		 svc_chat_migrate(struct svc *, const char *, const char *,
		     const char *);
const char	*svc_error(struct svc *);

/*
 * service-time.c: a person's own time.  svc_now: the service's clock,
 * now.  svc_person_time: the zone and quiet hours of a person (platform,
 * their platform id) as they set them in /settings or, until then, by
 * their language (zone "" when it says nothing of where they live: their
 * times are then told relative only, and their nights not guessed); 0,
 * -1 on failure (t holds the defaults).
 */
struct svc_ptime {
	char		 zone[ZONE_MAX];	/* a tz database name, "": none */
	int		 chosen;	/* the person chose it */
	int		 quiet_start;	/* minutes of the day (zone.h) */
	int		 quiet_end;
};
int64_t		 svc_now(struct svc *);
int		 svc_person_time(struct svc *, const char *, const char *,
		     struct svc_ptime *);

/*
 * service-outbox.c: delivery, as a bridge sees it.  A chat's rows are a
 * queue, delivered in order, one message at a time; the button answers
 * (chat "") are a queue of their own that needs no order.
 *
 * svc_outbox_chats: call cb for each chat of a platform that got rows
 * since the last call ("" for answers; all: every chat with undelivered
 * rows, from the store: at start).
 *
 * svc_outbox_take: the next message of a chat: its first undelivered row
 * and, when that is a notice, the notices due after it (chat NULL: of
 * the platform's chats, the one whose first row is the oldest due; chat
 * "": the oldest due answer not taken yet).  1 with b filled, 0 when
 * nothing is due (b->due: when the first row comes due, 0 when nothing
 * waits or that row is taken already), -1 failure.  A batch taken is
 * either finished or freed, once.  A row that only tidies (SVC_OF_TIDY:
 * a pin) holds nothing: while it is out or waits for a retry, the rows
 * after it are taken as if it were not there.
 *
 * svc_outbox_finish: how a batch went (enum svc_fate), in one
 * transaction: when (unix seconds) for a retry or a deferral; ref, the
 * message delivered as its bridge names it (NULL: none), is kept for a
 * row whose message is edited later (svc_message()), and comes back
 * opaque: in rows ("ref", "message") and in events.  The batch is freed,
 * also on failure.
 * svc_batch_free: give a batch back as it is: its rows stay to deliver.
 *
 * svc_message: the message last delivered for a game's "board" or
 * "lobby" row in a chat, as its bridge named it: 1 found (into buf), 0
 * none, -1 failure.  Kind "turn": a person's turn message (a "turn" row,
 * or a "menu" row sent as a new message, delivered while its turn was
 * the game's), forgotten when a "played" row retires it.
 */
int		 svc_outbox_chats(struct svc *, const char *, int,
		     void (*)(void *, const char *), void *);
int		 svc_outbox_take(struct svc *, const char *, const char *,
		     struct svc_batch *);
int		 svc_outbox_finish(struct svc *, struct svc_batch *, int,
		     int64_t, const char *);
void		 svc_batch_free(struct svc *, struct svc_batch *);
int		 svc_message(struct svc *, int64_t, const char *, const char *,
		     char *, size_t);

/*
 * service-member.c: a "member" row is no message but a question to its
 * platform: is the person (user) in the group (group)?  Its bridge asks
 * (Telegram: getChatMember) and gives the answer (enum svc_member) with
 * svc_outbox_member() instead of svc_outbox_finish(): in one transaction
 * the row is done and the command that asked runs again with the answer.
 * A bridge that cannot ask answers SVC_MEMBER_UNKNOWN (the person is
 * told, nothing changes); the console, whose people are the terminal's,
 * answers SVC_MEMBER_YES.  The batch is freed.
 */
int		 svc_outbox_member(struct svc *, struct svc_batch *, int);

/*
 * What a group's live message of a game tells (svc_live()): the last
 * moves, oldest first, each a "moved" row's values (seat, action, by,
 * turn, kicked, marbles), and whether it is pinned.
 */
#define SVC_LIVE_MOVES	6	/* moves kept, at most */
struct svc_live {
	struct json_t	*moves;		/* an array, owned */
	char		 pinned[SVC_REF_MAX];	/* the message pinned for
					   the game, as its bridge named
					   it; "" none */
	int		 pin;		/* 1 its chat lets the bot pin, -1
					   it does not (the bridge posts the
					   message anew once buried), 0 not
					   known yet */
};

/*
 * The games, as compose and the bridges read them.
 *
 * svc_game_view: a game read once: its facts into g and, once it has
 * begun (g->started), its whole position into st (st may be NULL).  1, 0
 * no such game, -1 failure.  svc_game_info: the facts alone (1, 0, -1
 * likewise).  svc_game_position: the whole position (seat -1), or as one
 * seat sees it (other hands hidden), of a game that has begun (-1 when
 * there is none).
 * svc_live (service-live.c): what a game's live message tells, into l
 * (l->moves always set: free it with svc_live_free()): 1, 0 nothing told
 * yet (l empty), -1 failure.
 * svc_chat_game: the open game of a chat, 0 if none, -1 on failure.
 * svc_game_record (service-end.c): game id's record, tac-record/1 as
 * JSON text (malloc'd into *text, the caller frees it), which tacctl
 * replay reproduces.
 */
int		 svc_game_view(struct svc *, int64_t, struct svc_game *,
		     struct tac_state *);
int		 svc_game_info(struct svc *, int64_t, struct svc_game *);
int		 svc_game_position(struct svc *, int64_t, int, struct tac_state *);
int		 svc_live(struct svc *, int64_t, struct svc_live *);
void		 svc_live_free(struct svc_live *);
int64_t		 svc_chat_game(struct svc *, const char *, const char *);
int		 svc_game_record(struct svc *, int64_t, char **);

/*
 * Buttons and links, pure (service-button.c, service-payload.c), and a
 * premove's position (service-premove.c).
 *
 * svc_premove_state: the position in which a seat not to act chooses a
 * premove (service-premove.c): 1, 0 when it may choose none now.
 * svc_button_data: write button data (above); its length, -1 if too long.
 * svc_button_parse: read button data into game, turn (-1 when empty) and
 * text; 0, or -1 when it is not button data of this service.
 * svc_payload_parse: read a deep link's payload that names a game by its
 * number ("hID" one's hand in game ID; "jID", an older tacd's join link;
 * the id in decimal, no leading zeros, at most SVC_PAYLOAD_MAXID): its
 * kind and the id, SVC_LINK_NONE when it is no such payload.
 * svc_payload_format: write one; its length, -1 when the kind or id has
 * none or buf is too small (SVC_PAYLOAD_MAX is enough).
 * svc_payload_key: read a join link's payload that names the game by its
 * key ("jKEY", the links tacd makes: SVC_KEYLEN letters and digits), the
 * key into a buffer of SVC_KEY_MAX bytes: SVC_LINK_JOIN, or
 * SVC_LINK_NONE.  svc_payload_format_key: write one; its length, -1.
 */
int		 svc_premove_state(const struct tac_state *, int,
		     struct tac_state *);
int		 svc_button_data(char *, size_t, int64_t, int64_t,
		     const char *);
int		 svc_button_parse(const char *, int64_t *, int64_t *, char *,
		     size_t);
int		 svc_payload_parse(const char *, int64_t *);
int		 svc_payload_format(char *, size_t, int, int64_t);
int		 svc_payload_key(const char *, char *);
int		 svc_payload_format_key(char *, size_t, const char *);

/*
 * service-hint.c, service-review.c: learning (an app's hint is in
 * service-web.h).
 *
 * svc_review_step: work on the oldest unfinished review for about ms
 * milliseconds; 1 when something was done, 0 when nothing is left, -1
 * on failure.  svc_review_pending: is there review work (1, 0, -1)?
 * The daemon calls svc_review_step() from its event loop when it is
 * otherwise idle, so no turn waits for more than one slice.
 *
 * svc_game_position_at: a game's position before its action n,
 * replayed from its log (seat -1: all of it, else that seat's view); 0,
 * -1 when there is no such action.
 */
int		 svc_review_step(struct svc *, int);
int		 svc_review_pending(struct svc *);
int		 svc_game_position_at(struct svc *, int64_t, int64_t, int,
		     struct tac_state *);

/*
 * service-kind.c: the kinds' table.  svc_kind_find: the kind named name
 * (SVC_OUT_UNKNOWN for none); svc_kind_name: its stored name;
 * svc_kind_is: does it have all of flags.  svc_out_make: a row a bridge
 * makes up itself, to compose what is not in the outbox (the board the
 * console shows again): kind k of game, data taken over (NULL: {});
 * svc_out_free releases a row.
 */
int		 svc_kind_find(const char *);
const char	*svc_kind_name(int);
int		 svc_kind_is(int, int);
void		 svc_out_make(struct svc_out *, int, int64_t, struct json_t *);
void		 svc_out_free(struct svc_out *);

/* How people's words are read: service-read.h. */
#include "service-read.h"

/*
 * The commands.  Each is one entry in the file of its concern (tmux's
 * cmd_entry): its name, where it runs, who may run it, what it asks of
 * the game it names, and what /help and the platforms' menus say of it.
 * The texts are message ids: the service words nothing, compose looks
 * them up in the catalogs.  svc_command: the i-th entry, NULL past the
 * last; svc_command_find: the entry named (or aliased) by the n bytes at
 * name, any case, NULL if none.
 */
#define SVC_IN_PRIVATE	0x1	/* a person's private chat */
#define SVC_IN_GROUP	0x2	/* a group chat */
#define SVC_IN_ANY	(SVC_IN_PRIVATE | SVC_IN_GROUP)

/* Who may run a command on the game it names (svc_may()). */
enum svc_by {
	SVC_BY_ANYONE,		/* whoever may see the game */
	SVC_BY_PLAYER,		/* its players, its creator, the chat's admins */
	SVC_BY_ADMIN		/* its creator and the chat's admins */
};

/* What a command asks of the game it names (svc_access()). */
enum svc_want {
	SVC_WANT_SEE,		/* to see it, or to act on one's own seat */
	SVC_WANT_SEAT		/* to take a seat in it */
};

struct svc_ctx;
struct svc_command {
	const char	*name;		/* lower case, without the "/" */
	const char	*alias;		/* another name for it, or NULL */
	const char	*args;		/* msgid: its arguments in /help, NULL:
					   none */
	const char	*about;		/* msgid: what it does, for /help and
					   the menus; NULL: unlisted (the
					   buttons' own commands) */
	const char	*about_private;	/* msgid: its line in a private
					   chat's menu when not about */
	int		 where;		/* SVC_IN_*: where it runs; elsewhere
					   it is refused */
	int		 menu;		/* SVC_IN_*: where the menus offer it */
	int		 who;		/* enum svc_by */
	int		 want;		/* enum svc_want */
	int		 looks;		/* 1: it shows its sender the game, so
					   typing it is looking at the game,
					   as a press is (no reminder) */
	int		(*fn)(struct svc_ctx *);
};

const struct svc_command *svc_command(size_t);
const struct svc_command *svc_command_find(const char *, size_t);


/* What an app (the Mini App) asks of the service. */
#include "service-web.h"

#endif /* SERVICE_H */
