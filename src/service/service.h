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
 * src/compose/ words at delivery (the kinds are listed below).
 *
 * Errors, for every svc_* call: 0 done, or -1 failed, with nothing
 * changed and svc_error() saying why.  A call that looks for something
 * that may not be there returns 1 found, 0 not there, -1 failed.  A
 * person's command that is refused is no failure: it is done, and an
 * outbox row (or an app's answer) tells them why.
 *
 * Commands (text events; "/cmd@BotName" is accepted; "#ID" right after the
 * command picks a game by id).  In a group chat a command acts on the
 * chat's game; in a private chat on the chat's own game if it has one,
 * else on the person's game that waits for them (or their only game).
 *   /new [4|6] [pairs|triples] [master|nomaster] [tac|taker]
 *        [deadline=30m|2h|3d|off] [seed=N]	open a lobby, take seat 0
 *   /options [same words|done]	show the options; the creator may change
 *				them in the lobby (pressed under the lobby
 *				message, they stand in for it until done)
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
 *   /leave [yes|no STATE USER]	leave the lobby; in a game: the AI plays
 *				on.  Asked first ("confirm"); its buttons
 *				answer with the game's state and who asked
 *   /team N			move to a free seat of team N (lobby)
 *   /ai [SEAT|all]		an AI takes a free seat (seated players,
 *				chat admins)
 *   /start			start the game (creator or admin; all seats
 *				taken)
 *   /abort [yes|no STATE]	end the lobby or game (creator or chat
 *				admin), asked first as /leave is
 *   /play ACTION		play: the notation, or the move as the
 *				person's language shows it (svc_set_reader());
 *				plain notation text works too
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
 *   lobby	{game[, message][, bottom]}	the lobby opened or changed
 *					(message: the one that stood in for
 *					its message, edited back; bottom:
 *					/board, posted anew at the bottom)
 *   options	{game[, message][, done]}	the options (answer to
 *					/options): in message, the pressed
 *					one, else a new one; done: chosen
 *					(the lobby again, or no buttons)
 *   board	{game[, bottom]}		the board: post or edit it
 *					(bottom: /board, posted anew at the
 *					bottom, the old one taken away)
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
 *					not_yours same_team seat_taken
 *					seats_free stale
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
 *					buttons were pressed (edit it), as
 *					the event named it; absent: send a
 *					new one
 *   played	{game, seat, action, ref}	private: the person's
 *					action was applied (by them, or the AI
 *					at the deadline); ref: their turn
 *					message (the "turn" row's, or a "menu"
 *					row's sent anew) as its bridge named
 *					it, to show the action without
 *					buttons.  The action is in full
 *					("give 9": it is their own)
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
 *					message: the message to edit (as the
 *					event named it), absent: a new one
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
 *   edit-board	{game}			edit the game's board message in the
 *					chat (svc_message()): moves were
 *					told, or its style changed; a bridge
 *					posts the board anew when that message
 *					is gone.  Queued (once while one is
 *					waiting) after the rows that tell
 *					moves, in a group chat whose board
 *					message was posted
 *   edit-lobby	{game}			the game's lobby message loses its
 *					buttons: the game started or ended
 *   unreachable {game, user, name, seat, turn}	the game's chat is told
 *					that a person cannot be written to
 *					privately (user: their id; name and
 *					seat as seated, seat -1: none), with a
 *					link that opens the private chat (and
 *					brings their cards, or joins them);
 *					turn 1: a reminder of their turn
 *					could not reach them.  Queued by
 *					svc_outbox_finish(SVC_UNREACHABLE),
 *					once per person until a message
 *					reaches them, and for every reminder
 *					that cannot reach them
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
 *   pin-board	{game, pin[, message]}	pin the game's board message in
 *					its chat, silently (pin true: the one
 *					svc_message() knows then), or unpin
 *					message (pin false).  Queued when a
 *					running game's board reached its
 *					group as a new message, unless the
 *					chat let the bot pin nothing before
 *					(svc_live()), and at the game's end
 *   confirm	{game, what, state, user[, message][, done]}	ask
 *					before /abort or /leave (what:
 *					"abort", "leave"), in the game's
 *					state (enum svc_gstate), by user;
 *					message: the pressed message (edit
 *					it), absent: a new one; done: "yes"
 *					or "no", the question was answered
 *					(its buttons go)
 *
 * A group's game has one live message, its "board" row's: the board, the
 * last moves in words and whose turn it is.  A bridge that keeps one
 * (compose_opts.live) composes the group's "moved" rows to nothing: the
 * edit after them tells the moves; svc_live() gives what it tells.
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
	const char	*message;	/* the message whose button was
					   pressed, as its bridge names it
					   (svc_outbox_finish()), or NULL */
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
};

/* What begins a lesson's menu path in /learn's button data. */
#define SVC_LEARN_PATH	'@'

/* A clock the tests can wind. */
typedef int64_t (*svc_clock_fn)(void *);

/* How /play reads a move written in words (svc_set_reader()). */
typedef int (*svc_read_fn)(void *, const struct svc_game *,
    const char *const *, int, const struct tac_state *, const char *,
    struct tac_action *, struct tac_why *);

#define SVC_BUTTON_MAX	64	/* bytes of button data, as Telegram allows */

/* The kinds of deep link (svc_payload_parse()); the payload's first byte. */
enum svc_link {
	SVC_LINK_NONE = 0,
	SVC_LINK_JOIN = 'j',
	SVC_LINK_HAND = 'h'
};

#define SVC_PAYLOAD_MAXID	999999999999999999LL	/* 18 digits */
#define SVC_PAYLOAD_MAX		20	/* a kind, 18 digits, a NUL */

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
 *
 * svc_set_remind: remind the person to play of a turn that has no
 * deadline after this many seconds (0, the default: never); it applies
 * to turns that begin from now on.
 *
 * svc_set_reader (service-turn.c): how /play reads a move that is not in
 * the notation: written as the person's language shows moves (a button's
 * words, a move line, the notation in their card names and letters).
 * The service words nothing, so the layer that does installs the reader
 * (src/compose/compose-read.c, compose_read_install()); without one,
 * /play reads the notation only.  fn gets its arg, the game (as
 * svc_game_info() gives it), the languages the person reads (theirs and
 * the game chat's, n of them), the position and the text; it returns 0
 * and the action (checked by the rules after), or -1 and the reason it
 * is none (a struct tac_why, worded like the rules' own).
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
void		 svc_set_remind(struct svc *, int64_t);
void		 svc_set_timer_budget(struct svc *, int);
void		 svc_set_reader(struct svc *, svc_read_fn, void *);
int64_t		 svc_next_timer(struct svc *);
int		 svc_timers(struct svc *);
int64_t		 svc_update_offset(struct svc *, const char *);
int		 svc_chat_migrate(struct svc *, const char *, const char *,
		     const char *);
const char	*svc_error(struct svc *);

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
 * either finished or freed, once.
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
 * no such game, -1 failure.  svc_game_info: the facts alone, of a game
 * that must be there (-1 when it is not).  svc_game_position: the whole
 * position (seat -1), or as one seat sees it (other hands hidden), of a
 * game that has begun (-1 when there is none).  svc_game_reads: how many
 * times games were read so far (each of these, and each event's load),
 * for the tests and benchmarks that count them.
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
uint64_t	 svc_game_reads(struct svc *);
int		 svc_live(struct svc *, int64_t, struct svc_live *);
void		 svc_live_free(struct svc_live *);
int64_t		 svc_chat_game(struct svc *, const char *, const char *);
int		 svc_game_record(struct svc *, int64_t, char **);

/*
 * Buttons and links, pure (service-button.c, service-payload.c).
 *
 * svc_button_data: write button data (above); its length, -1 if too long.
 * svc_button_parse: read button data into game, turn (-1 when empty) and
 * text; 0, or -1 when it is not button data of this service.
 * svc_payload_parse: read a deep link's payload ("jID" join game ID,
 * "hID" one's hand in it; the id in decimal, no leading zeros, at most
 * SVC_PAYLOAD_MAXID): its kind and the id, SVC_LINK_NONE when it is no
 * such payload.  svc_payload_format: write one; its length, -1 when the
 * kind or id has none or buf is too small (SVC_PAYLOAD_MAX is enough).
 */
int		 svc_button_data(char *, size_t, int64_t, int64_t,
		     const char *);
int		 svc_button_parse(const char *, int64_t *, int64_t *, char *,
		     size_t);
int		 svc_payload_parse(const char *, int64_t *);
int		 svc_payload_format(char *, size_t, int, int64_t);

/*
 * service-web.c: what an app (the Mini App) asks of the service; a
 * person is (platform, platform user id).  src/compose/compose-web.c
 * makes the app's JSON of them.
 */
#define SVC_WEB_GAMES	32	/* open games listed, at most */
#define SVC_KEY_MAX	24	/* bytes of a game's key, with its NUL */

/* One of a person's open games. */
struct svc_web_entry {
	int64_t		 id;
	int		 state;		/* enum svc_gstate */
	int64_t		 turn;		/* turn number */
	int		 seat;		/* theirs, -1: none */
	int		 my_turn;
	int		 players;
	char		 title[UTF8_NAMEMAX];	/* its chat's */
	char		 key[SVC_KEY_MAX];	/* its key, "" if none */
};

/* A person's open games (lobbies and running ones). */
struct svc_web_games {
	char		 lang[8];	/* how tacd speaks to them, "" if it
					   never met them */
	int		 n;
	struct svc_web_entry game[SVC_WEB_GAMES];
};

/* One game as a person may see it, at one of its moves. */
struct svc_web_game {
	struct svc_game	 g;
	char		 key[SVC_KEY_MAX];	/* its key, "" if none */
	int		 seat;		/* theirs, -1: they do not play */
	int64_t		 turns;		/* actions played so far */
	int64_t		 at;		/* the move shown: after this many
					   actions (turns: as it is now) */
	int		 open;		/* the game is over: every hand shown */
	struct tac_state view;		/* if g.started: the position at the
					   move, their own hand only (every
					   hand hidden for others; all shown
					   when open) */
	int		 has_last;
	int		 last_seat;
	char		 last[160];	/* the action that led to it (a gift
					   hidden unless it was theirs) */
	struct tac_state before;	/* ... the position before it, every
					   hand hidden */
	struct tac_action *legal;	/* their legal actions when it is
					   their move and the move shown is the
					   game's (malloc'd) */
	int		 nlegal;
};

/*
 * What an app's action came to (svc_web_play()): applied (turn: the
 * game's turn number after it; again: the same action at the same turn
 * had been applied by the same person before, so a retry is no new
 * move), or refused with a code of the "error" rows and its values.
 */
struct svc_web_result {
	int		 applied;
	int		 again;
	int64_t		 turn;
	char		 code[32];	/* refused: the reason's code */
	struct json_t	*args;		/* ... and its values; owned */
};

/*
 * A handle names a game for an app: its key (svc_game_key(); whoever has
 * it may watch the game: the links its chat gets carry it) or its number
 * (only its players may use that).
 *
 * svc_web_games: the person's open games into *out; 0.
 * svc_web_find: the game handle names, if the person may see it: 1 with
 * *id; 0 when not (no such game, or not theirs: the same), -1 failure.
 * svc_web_game: that game as the person may see it, at move at (the
 * position after that many actions; -1 or past the end: as it is now): 1,
 * 0 as svc_web_find; svc_web_game_free releases it.
 * svc_game_key: game id's key into buf (SVC_KEY_MAX bytes): 1, 0 none,
 * -1 failure.
 * svc_web_play: play an SVC_EV_APP event in one transaction, as a
 * button's /play (the turn must be the game's, the person the one to
 * act): 0 once decided (*out says applied or refused; free its args),
 * -1 on failure (as svc_event(): nothing changed).
 */
int		 svc_web_games(struct svc *, const char *, const char *,
		     struct svc_web_games *);
int		 svc_web_find(struct svc *, const char *, const char *,
		     const char *, int64_t *);
int		 svc_web_game(struct svc *, const char *, const char *,
		     const char *, int64_t, struct svc_web_game *);
int		 svc_game_key(struct svc *, int64_t, char *);
void		 svc_web_game_free(struct svc_web_game *);
int		 svc_web_play(struct svc *, const struct svc_event *,
		     struct svc_web_result *);

/*
 * service-hint.c, service-review.c: learning.
 *
 * svc_web_hint: an app's request for the hint of the person's turn (an
 * SVC_EV_APP event whose text is "/hint", its game and turn), in one
 * transaction as /hint: 0 once decided (*hint the caller's {action,
 * devil, why, about, turn}, or NULL and *res says why it was refused;
 * free its args), -1 on failure (nothing changed).
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
		     struct svc_web_result *, struct json_t **);
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

#endif /* SERVICE_H */
