/*
 * service.h: the game service.  Platform-neutral: bridges turn platform
 * updates into struct svc_event and deliver the outbox; the service runs
 * lobbies and games through the engine and the store.
 *
 * Every event is processed in one transaction: the update id is recorded
 * (a duplicate does nothing), the action is applied, logged and the
 * snapshot updated, outbox rows are queued and the platform's update
 * offset is raised, all together or not at all.  The service never writes
 * chat text: outbox rows are semantic, with JSON payloads that bot/
 * renders at delivery (the kinds are listed below).
 *
 * Commands (text events; "/cmd@BotName" is accepted; "#ID" right after the
 * command picks a game by id).  In a group chat a command acts on the
 * chat's game; in a private chat on the chat's own game if it has one,
 * else on the person's game that waits for them (or their only game).
 *   /new [4|6] [pairs|triples] [master|nomaster] [tac|taker]
 *        [deadline=30m|2h|3d|off] [seed=N]	open a lobby, take seat 0
 *   /options [same words]	show the options; the creator may change them
 *				in the lobby
 *   /join [SEAT]		take a free seat (or an AI's in the lobby, or
 *				an AI-played seat of a running game)
 *   /start jID			(a deep link) join game ID; a person who
 *				has a seat in it gets their cards and the
 *				buttons of what waits for them (a "turn"
 *				row on their turn, else "hand"; a lobby's
 *				seat is confirmed with "seated")
 *   /start hID			(a deep link) the same for one's own seat
 *				of game ID, without joining
 *   /start [WORD]		(a private chat without a game of its
 *				own) the greeting: "help" {welcome:
 *				"private"}
 *   /start new			(a group: the bot was just added by a
 *				startgroup link) "help" {welcome: "group"}
 *   /leave			leave the lobby; in a game: the AI plays on
 *   /team N			move to a free seat of team N (lobby)
 *   /ai [SEAT|all]		an AI takes a free seat (seated players,
 *				chat admins)
 *   /start			start the game (creator or admin; all seats
 *				taken)
 *   /abort			end the lobby or game (creator or chat admin)
 *   /play ACTION		play (plain notation text works too)
 *   /hand			the person's cards, privately: on their
 *				turn as a "turn" row, with its buttons
 *   /board, /rules, /help, /lang en|ru|de|ka
 *   /board picture|text	the chat's board style (players, admins)
 *   /menu [PATH]			(buttons) the seat to act walks its
 *				menu (menu.h): a PATH naming a complete
 *				action plays it, any other node is sent
 *				as a "menu" row (to edit the pressed
 *				message's buttons)
 *   /replace SEAT ai		the AI plays that person's seat (creator or
 *				admin) until they /resume
 *   /resume			take your seat back from the AI
 *   /stats			a group's table (its games, top players,
 *				best pairs) and a chart of its wins; in a
 *				private chat the person's own over all
 *				groups, with a chart of their rating
 *   /stats NAME		(group) a member's numbers in this group
 *				("@" may lead; the name as in the games,
 *				ASCII letters in any case)
 *   /stats off|on		hide from the group tables (kept per
 *				person), or show again
 *   /top			(group) the players by rating
 *   /history			the chat's last finished games (private:
 *				the person's), each with buttons for:
 *   /summary #ID		a finished game's summary, with the chart
 *				of its teams' marbles at home per round
 *   /moves #ID [PAGE]		a page of a finished game's actions
 *   /record #ID		a finished game's record, a tac-record/1
 *				file ("/record ID" too; "/record #ID PAGE",
 *				the buttons of older pages, is /moves)
 *   /hint			on the person's turn, the hint of their view
 *				(src/play/hint.h), privately; counted once
 *				a turn; a game made with hints=off gives
 *				none (/new and /options take hints=on|off)
 *   /learn [list | N [@PATH | ACTION]]	(a private chat) the
 *				lessons (service-learn.c has the forms)
 *   /review [#ID]		the person's review of a finished game
 *				they played (their last one), privately:
 *				at once when it is made, else as soon as
 *				it is (service-review.c)
 * A game's summary, actions and record are shown only in its own chat or
 * to someone who played it.  When a game ends, its chat gets the summary
 * and the chart by itself.
 * Seats are numbered from 0, as in the notation ("2H4" is seat 2's home).
 *
 * Button data (at most 64 bytes): "GAME:TURN:TEXT", TEXT a command as
 * above (the "/" may be left out), TURN the game's turn number when the
 * button was made or empty: a button whose TURN is not the game's current
 * one is refused as out of date.  svc_button_data() writes it.
 *
 * Outbox rows (struct svc_out).  chat is the group chat, or a person's
 * private chat (its id is the person's user id) for rows marked private.
 * Every payload has "lang" (src/common/lang.c: "en", "ru", "de", "ka"):
 * the language to render in.
 *   lobby	{game}			the lobby opened or changed
 *   options	{game}			the options (answer to /options)
 *   board	{game}			the board: post or edit it
 *   moved	{game, seat, action, turn, by, kicked, marbles}	one
 *					action ("give" hides the card; by:
 *					"person", "ai", "timeout"; turn: the
 *					turn number after it; kicked: seats
 *					whose base gained a marble; marbles,
 *					for a move or swap: whose marble each
 *					segment moved, tac_marbles())
 *   hand	{game, seat}		private: the person's cards changed
 *   turn	{game, seat, turn, due}	private: your turn (due 0: no limit)
 *   reminder	{game, seat, due}	private: the turn expires at due
 *					(due 0: the turn has no deadline and
 *					has waited svc_set_remind()'s time)
 *   takeover	{game, seat, action}	the deadline passed, the AI played
 *   over	{game, winner}		the game ended (winner: team)
 *   aborted	{game, by}		the lobby or game was aborted (by: the
 *					user; absent when the lobby emptied)
 *   seat	{game, seat, change, name}	a running game's seat changed
 *					hands: change is "joined", "left" (the
 *					AI plays on), "replaced", "resumed"
 *   error	{code, args, user}	a refused command: a stable code and
 *					its values, which src/compose/ words in
 *					the reader's language (compose-say.c
 *					lists the values of each):
 *					already_away already_seated bad_action
 *					bad_lang bad_option bad_page bad_seat
 *					bad_team damaged full game_open
 *					game_over group_only illegal no_game
 *					no_game_stats no_such_player
 *					not_a_person not_away not_creator
 *					not_in_game not_lobby not_over
 *					not_playing not_started not_your_turn
 *					same_team seat_taken seats_free stale
 *					stats_hidden team_full too_long
 *					unknown_command usage which_game
 *					which_person; learning's bad_lesson
 *					hints_off no_hint no_review
 *					private_only.  bad_action, illegal and
 *					bad_option's "rules" carry the engine's
 *					reason as {fmt, args} (svc_why())
 *   info	{code, args, user[, game]}	a confirmation: lang, board
 *					(/board picture|text was set; game:
 *					the chat's open game), no_stats,
 *					no_stats_yet, stats_off, stats_on,
 *					seated {seat, game} (a deep link
 *					found the person a lobby's seat),
 *					review_pending {game} (a review is
 *					not made yet), review_sent {game} (it
 *					went to the private chat); a button
 *					press gets review_* as its answer
 *   answer	{callback, code, args, alert}	answer a button press
 *					(chat is ""; code null: just stop the
 *					spinner); every button press gets one
 *   menu	{game, seat, turn, path, message}	private: show the menu
 *					node at path (menu.h) to the seat to
 *					act; message: the message whose
 *					buttons were pressed (edit it), 0:
 *					send a new one
 *   played	{game, seat, action, message, ref}	private: the
 *					person's action was applied (by them,
 *					or the AI at the deadline); message:
 *					their turn message (the "turn" row's,
 *					or a "menu" row's sent anew), to show
 *					the action without buttons; ref: that
 *					message as the bridge keeps it
 *					("photo:ID").  The action is
 *					in full ("give 9": it is their own)
 *   rules	{}			the rules summary
 *   help	{[welcome, name]}	the command list; welcome: "private"
 *					(a person's first /start; name: theirs)
 *					or "group" (the bot was added to a
 *					group): the greeting instead
 *   stats	{scope: "chat", totals, players, pairs, cards} or {scope:
 *		"person", where: "chat"|"all", person, partners, cards}
 *					numbers from the store's statistics
 *					tables (store-stats-query.c has the
 *					members of each row)
 *   top	{players}		a group's players by rating
 *   history	{games}			finished games, the last first, with
 *					their seats
 *   summary	{game, summary[, end]}	one finished game (end: 1 when
 *					it is the game's end, told to its
 *					chat)
 *   record	{game, page, pages, first, actions, message}	a page of a
 *					finished game's log: actions are
 *					[seat, action], from action first;
 *					message: the message to edit, 0: new
 *   chart	{chart: "wins", bars} or {chart: "rating", name, ai,
 *		points} or {chart: "homes", game, rounds, seats, homes}
 *					a picture of the row before it
 *					(bars: name, ai, value, games;
 *					points: game, ended, rating; homes:
 *					per round, each team's marbles at
 *					home after it, [team 0, team 1, ...];
 *					seats: seat, team, name, ai)
 *   document	{game}			a finished game's record as a file
 *					(svc_game_record() gives it)
 *   hint	{game, seat, turn, action, devil, why, about}	private:
 *					the hint of the seat's turn (action in
 *					notation, "DEVIL" when devil is set;
 *					why: hint_why_name(); about: the seat
 *					the reason names, -1 none)
 *   lesson	{lesson, id, state, board[, path, message, action,
 *		tries, reason, next, solved]} or {state: "list", done,
 *		next}				a lesson's task, a step of its
 *					menu (edit message), a try "wrong",
 *					"illegal" (reason, as svc_why()) or
 *					"right", or the list (done: the
 *					lessons solved, from 1); board: the
 *					chat's board style
 *   review	{game, seat, part: "head", picks, best} or {game, seat,
 *		part: "pick", i, of, n, played, better, devil, why, about,
 *		loss, board}			private: a review's first
 *					message (best: {n, seat, action, gain}
 *					or null), then one per decision (n:
 *					its action's place in the log)
 */
#ifndef SERVICE_H
#define SERVICE_H

#include <stdint.h>

#include "tac.h"
#include "utf8.h"

struct store;
struct svc;

/* What a person did, as a bridge saw it. */
enum svc_kind {
	SVC_EV_TEXT,		/* a command or typed text: "/new", "/play 5 1>6" */
	SVC_EV_BUTTON,		/* a button press: data is the callback data */
	SVC_EV_APP		/* an action from an app (the Mini App): text
				   is its notation, game and turn the game
				   and turn it was chosen at; played as a
				   button's /play, refused with a reason
				   for svc_web_play() instead of a row */
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
	int64_t		 message;	/* platform message id of the button */
	int64_t		 game;		/* SVC_EV_APP: the game */
	int64_t		 turn;		/* SVC_EV_APP: its turn number */
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
	SVC_OUT_HINT,
	SVC_OUT_LESSON,
	SVC_OUT_REVIEW,
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
};

/* The first undelivered row of a chat's queue (svc_outbox_head()). */
struct svc_head {
	int64_t		 id;
	char		 chat[64];
	int64_t		 due;		/* unix seconds */
};

/* A game as the renderers see it. */
struct svc_seat {
	int		 ai;		/* AI level, 0: a person */
	int		 away;		/* a person whose turns the AI plays */
	char		 user[64];	/* platform user id, "" if none */
	char		 name[UTF8_NAMEMAX];	/* display name ("AI 2" for an AI) */
};

enum svc_gstate { SVC_LOBBY, SVC_PLAYING, SVC_OVER, SVC_ABORTED };

struct svc_game {
	int64_t		 id;
	int		 state;		/* enum svc_gstate */
	char		 platform[16];
	char		 chat[64];
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
	int		 hints;		/* the game gives hints (hints=on) */
};

/* What begins a lesson's menu path in /learn's button data. */
#define SVC_LEARN_PATH	'@'

/* A clock the tests can wind. */
typedef int64_t (*svc_clock_fn)(void *);

#define SVC_BUTTON_MAX	64	/* bytes of button data, as Telegram allows */

/*
 * service.c
 *
 * svc_open: the service over an open store (the caller keeps owning and
 * closes the store after svc_close); clock gives unix seconds (NULL: the
 * real clock).  It cannot fail.
 *
 * svc_event: process one event in one transaction (inside an open batch:
 * in its own savepoint).  0 when handled, also when refused (an "error"
 * row tells the person) or a duplicate; -1 on internal failure (a full
 * disk, ...): nothing changed, the event may be fed again; *err is then a
 * malloc'd message.
 *
 * svc_batch_begin/svc_batch_end: group commit.  The events in between
 * share one transaction; svc_batch_end commits it.  If svc_batch_end
 * fails, none of the batch's events were kept: feed them all again.
 *
 * svc_set_remind: remind the person to play of a turn that has no
 * deadline after this many seconds (0, the default: never); it applies
 * to turns that begin from now on.
 *
 * svc_next_timer: the earliest time a timer is due (-1: none).
 * svc_timers: run what is due now (AI moves, expired turns, reminders),
 * each in its own transaction; at most a bounded amount of work per call,
 * so call it again while svc_next_timer() <= now.  Returns how many things
 * it did, -1 on failure (svc_error() says why; a game whose log no longer
 * replays has its timers stopped, so the next call goes on).
 *
 * Now and then, after an event or a timer, delivered outbox rows and
 * update ids older than two days are pruned in small steps (an update id
 * at or below a pruned one still counts as processed).
 *
 * svc_outbox_next: the oldest undelivered row of a platform due now (1
 * found, 0 none, -1 failure); rows of one chat come in order.  Free the
 * row with svc_out_free().  svc_outbox_done: delivered (message id, or
 * NULL).  svc_outbox_retry: try again at the given time.  svc_outbox_drop:
 * give up on it (e.g. the person blocked the bot).
 * For a bridge that delivers to many chats at once: svc_outbox_chats
 * calls cb for each chat of a platform that got rows since the last call
 * ("" for answers; all: every chat with undelivered rows, from the store:
 * at start);
 * svc_outbox_head: the first undelivered row of a chat's queue, due or
 * not (1, 0 none, -1 failure); svc_outbox_answers: the undelivered
 * "answer" rows, oldest first (they need no order; at most max, how many,
 * -1 on failure); svc_outbox_get: one row by id (1, 0 none, -1 failure).
 * svc_message_set: remember the platform message id of a game's board or
 * lobby in a chat that a bridge posted outside a row (a failed edit's
 * replacement), so the next edit goes to it, also after a restart.
 *
 * svc_game_info, svc_game_position: 0, or -1 when there is no such game
 * (or no position yet: a lobby) or on failure.  The position is the full
 * state for seat -1, else that seat's view (other hands hidden).
 * svc_chat_game: the open game of a chat, 0 if none, -1 on failure.
 * svc_update_offset: the highest update id processed on a platform, -1 if
 * none (a bridge resumes after it: Telegram's getUpdates offset is it + 1).
 * svc_button_data: write button data (above); its length, -1 if too long.
 * svc_button_parse: read button data into game, turn (-1 when empty) and
 * text; 0, or -1 when it is not button data of this service.
 *
 * svc_payload_parse: read a deep link's payload ("jID" join game ID,
 * "hID" one's hand in it; the id in decimal, no leading zeros, at most
 * SVC_PAYLOAD_MAXID): its kind and the id, SVC_LINK_NONE when it is no
 * such payload.  svc_payload_format: write one; its length, -1 when the
 * kind or id has none or buf is too small (SVC_PAYLOAD_MAX is enough).
 *
 * svc_message: the platform message id last delivered for a game's
 * "board" or "lobby" row in a chat (svc_outbox_done() records it), so a
 * bridge edits that message instead of posting a new one: 1 found (into
 * buf), 0 none, -1 failure.  Kind "turn": a person's turn message (a
 * "turn" row, or a "menu" row sent as a new message, delivered while its
 * turn was the game's), forgotten when a "played" row retires it.
 * svc_outbox_after: the next undelivered row of one chat after row id
 * that is due now (1, 0 none, -1 failure): a bridge merges a burst of
 * notices into one message, then marks each row done.
 * svc_outbox_defer: like svc_outbox_retry, but not counted as an attempt
 * (a rate limit said wait; nothing failed).
 * svc_chat_migrate: a chat got a new id (Telegram's migrate_to_chat_id):
 * its games, settings, remembered messages and undelivered rows move to
 * it; 0, -1 failure.
 * svc_error: the message of the service's last failure.
 *
 * svc_game_record (service-end.c): game id's record, tac-record/1 as
 * JSON text (malloc'd into *text, the caller frees it), which tacctl
 * replay reproduces; 0, or -1 (svc_error() says why).
 */
/* The kinds of deep link (svc_payload_parse()); the payload's first byte. */
enum svc_link {
	SVC_LINK_NONE = 0,
	SVC_LINK_JOIN = 'j',
	SVC_LINK_HAND = 'h'
};

#define SVC_PAYLOAD_MAXID	999999999999999999LL	/* 18 digits */
#define SVC_PAYLOAD_MAX		20	/* a kind, 18 digits, a NUL */

struct svc	*svc_open(struct store *, svc_clock_fn, void *);
void		 svc_close(struct svc *);
int		 svc_event(struct svc *, const struct svc_event *, char **);
int		 svc_batch_begin(struct svc *);
int		 svc_batch_end(struct svc *);
void		 svc_set_remind(struct svc *, int64_t);
int64_t		 svc_next_timer(struct svc *);
int		 svc_timers(struct svc *);
int		 svc_outbox_next(struct svc *, const char *, struct svc_out *);
int		 svc_outbox_chats(struct svc *, const char *, int,
		     void (*)(void *, const char *), void *);
int		 svc_outbox_head(struct svc *, const char *, const char *,
		     struct svc_head *);
int		 svc_outbox_answers(struct svc *, const char *,
		     struct svc_head *, int);
int		 svc_outbox_get(struct svc *, int64_t, struct svc_out *);
int		 svc_message_set(struct svc *, int64_t, const char *,
		     const char *, const char *);
int		 svc_outbox_done(struct svc *, int64_t, const char *);
int		 svc_outbox_retry(struct svc *, int64_t, int64_t);
int		 svc_outbox_drop(struct svc *, int64_t);
void		 svc_out_free(struct svc_out *);
int		 svc_game_info(struct svc *, int64_t, struct svc_game *);
int		 svc_game_position(struct svc *, int64_t, int, struct tac_state *);
int64_t		 svc_chat_game(struct svc *, const char *, const char *);
int64_t		 svc_update_offset(struct svc *, const char *);
int		 svc_button_data(char *, size_t, int64_t, int64_t,
		     const char *);
int		 svc_button_parse(const char *, int64_t *, int64_t *, char *,
		     size_t);
int		 svc_payload_parse(const char *, int64_t *);
int		 svc_payload_format(char *, size_t, int, int64_t);
int		 svc_message(struct svc *, int64_t, const char *, const char *,
		     char *, size_t);
int		 svc_outbox_after(struct svc *, const char *, const char *,
		     int64_t, struct svc_out *);
int		 svc_outbox_defer(struct svc *, int64_t, int64_t);
int		 svc_chat_migrate(struct svc *, const char *, const char *,
		     const char *);
const char	*svc_error(struct svc *);

/* service-end.c */
int		 svc_game_record(struct svc *, int64_t, char **);

/*
 * service-web.c: what an app (the Mini App) asks of the service, as JSON
 * for its API; a person is (platform, platform user id).
 *
 * svc_web_games: {"games": [{id, state, turn, seat, my_turn, chat,
 * players}], "lang"}, the person's open games (lobbies and running ones)
 * and the language tacd speaks to them ("" when it never met them).  0,
 * -1 on failure.
 *
 * svc_web_game: one game as the person may see it: {id, state, turn,
 * seat (null for others), actor, winner, seats: [{name, ai, away}],
 * last: {seat, action} or null, position: tac-position/1 with their own
 * hand only (every hand hidden for others; none in a lobby), legal: the
 * legal actions in canonical notation when it is their move, else []}.
 * 1, 0 no such game, -1 on failure.
 *
 * svc_web_play: play an SVC_EV_APP event in one transaction, as a
 * button's /play (the turn must be the game's, the person the one to
 * act).  0 applied ({applied: true, turn}: turn the game's turn number
 * after it; again: true when the same action at the same turn had been
 * applied by the same person before, so a retry is no new move), 1
 * refused ({code, args}, a code of the "error" rows), -1 on failure (as
 * svc_event(): nothing changed).  *out is the caller's.
 */
int		 svc_web_games(struct svc *, const char *, const char *,
		     struct json_t **);
int		 svc_web_game(struct svc *, int64_t, const char *, const char *,
		     struct json_t **);
int		 svc_web_play(struct svc *, const struct svc_event *,
		     struct json_t **);

/*
 * service-hint.c, service-review.c: learning.
 *
 * svc_web_hint: an app's request for the hint of the person's turn (an
 * SVC_EV_APP event whose text is "/hint", its game and turn), in one
 * transaction as /hint: 0 with {action, devil, why, about, turn} in
 * *out (the caller's), 1 refused ({code, args}), -1 on failure.
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
int		 svc_web_hint(struct svc *, const struct svc_event *,
		     struct json_t **);
int		 svc_review_step(struct svc *, int);
int		 svc_review_pending(struct svc *);
int		 svc_game_position_at(struct svc *, int64_t, int64_t, int,
		     struct tac_state *);

/* service-kind.c */
int		 svc_kind_find(const char *);
const char	*svc_kind_name(int);
int		 svc_kind_is(int, int);
void		 svc_out_make(struct svc_out *, int, int64_t, struct json_t *);

#endif /* SERVICE_H */
