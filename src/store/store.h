/*
 * store.h: tacd's SQLite store.
 *
 * One connection and its prepared statements.  No SQL is ever built from
 * outside text: every statement is a constant, values are bound.  Functions
 * return -1 on failure and leave the reason in store_error(); a failure
 * inside a transaction leaves the transaction for the caller to roll back.
 *
 * Opening refuses, before anything writes a byte, a file that is not a
 * tacd database (and a read-write open, a damaged one); a commit fails
 * once the file at the path is no longer the one open (deleted or
 * replaced), and so does every one after.
 *
 * The store knows tables, not rules: games are rows, positions are the
 * snapshot text the service gives it.  The action log plus the game's seed
 * is the truth; the snapshot is a cache.
 */
#ifndef STORE_H
#define STORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tac.h"
#include "tacjson.h"
#include "lang.h"
#include "zone.h"
#include "utf8.h"

struct store;
struct sqlite3;

#define STORE_APPID	0x54414344	/* PRAGMA application_id: "TACD" */

/* One schema step, from sql/NNNN-name.sql (generated store-schema.c). */
struct store_migration {
	int		 version;	/* NNNN: the user_version it leads to */
	const char	*name;		/* "0001-init" */
	const char	*sql;
};
extern const struct store_migration store_migrations[];	/* NULL-ended */

/* store_open() flags. */
#define STORE_RDONLY	0x1	/* read only, no migrations (tacctl) */
#define STORE_NOSYNC	0x2	/* synchronous=OFF: tests that need speed */
#define STORE_NORMAL	0x4	/* synchronous=NORMAL (WAL: durable on ckpt) */

/* Game states, as in enum svc_gstate. */
#define STORE_LOBBY	0
#define STORE_PLAYING	1
#define STORE_OVER	2
#define STORE_ABORTED	3

/* Who played a logged action. */
#define STORE_BY_PERSON	0
#define STORE_BY_AI	1	/* an AI seat, or a person's seat while away */
#define STORE_BY_TIMEOUT 2	/* the AI, after the turn's deadline */

/* A seat: a person (user != 0), an AI (ai > 0) or nobody (both 0). */
struct store_seat {
	int64_t		 user;		/* users.id, 0: none */
	char		 pid[64];	/* the person's platform user id */
	char		 name[UTF8_NAMEMAX];
	char		 lang[8];	/* the person's language */
	int		 ai;		/* AI level, 0: a person or nobody */
	int		 away;		/* the AI plays the person's turns:
					   STORE_AWAY or STORE_AWAY_GONE */
	int64_t		 away_until;	/* the person is away (/away) until
					   then, 0: not (user_away) */
	int		 away_ai;	/* ... and the AI plays for them */
};

/*
 * Why the AI plays a person's seat (seats.away, a running game's): they
 * left it or were replaced (/leave, /replace: theirs again with /resume),
 * or they left the game's group (the seat is no longer theirs to see or
 * take back from outside it; written by the service, the schema needs no
 * change: away was always an integer).
 */
#define STORE_AWAY	1
#define STORE_AWAY_GONE	2

/* A game row, with its chat and seats. */
struct store_game {
	int64_t		 id;
	int64_t		 chat;		/* chats.id */
	char		 platform[16];
	char		 chat_pid[64];	/* the chat's platform id */
	char		 title[UTF8_NAMEMAX];	/* the chat's title, as last seen */
	int		 private;	/* the chat is a person's private one */
	char		 lang[8];	/* the chat's language */
	int		 state;		/* STORE_LOBBY ... */
	struct tac_config cfg;
	uint64_t	 seed;
	int64_t		 deadline;	/* seconds per turn, 0: none */
	int64_t		 creator;	/* users.id */
	char		 creator_pid[64];
	int64_t		 turn_no;	/* actions applied */
	int		 actor;		/* seat to act, -1: none */
	int64_t		 due;		/* turn expiry or AI move, 0: never */
	int64_t		 remind;	/* reminder time, 0: none */
	int		 winner;	/* team, -1: none */
	int		 ai;		/* AI level of new AI seats and of
					   takeovers: 1 or 2 */
	int64_t		 created;
	int64_t		 updated;
	char		 board[8];	/* the chat's board style: "picture",
					   "text" */
	int		 hints;		/* the game offers hints */
	struct store_seat seats[TAC_MAXSEATS];
};

/* A finished game's review as stored (store-learn.c). */
struct store_review {
	int64_t		 game;
	int64_t		 next;		/* the action to rate next */
	int		 done;
	int64_t		 ms;		/* time spent on it */
	char		*result;	/* JSON text, malloc'd, owned */
};

/* An outbox row.  payload is malloc'd and owned by the row. */
struct store_out {
	int64_t		 id;
	char		 platform[16];
	char		 chat[64];
	int64_t		 game;
	char		 kind[24];
	char		*payload;
	int		 attempts;
	int64_t		 due;		/* unix seconds */
};

/* store.c */
struct store	*store_open(const char *, int, char **);
struct store	*store_open_version(const char *, int, int, char **);
void		 store_close(struct store *);
int		 store_latest(void);
int		 store_version(struct store *);
const char	*store_error(struct store *);
struct sqlite3	*store_db(struct store *);
int		 store_is_pg(const char *);
int		 store_sql_int(struct store *, const char *, int64_t *);
int		 store_sql_exec(struct store *, const char *);
int		 store_sql_double(struct store *, const char *, double *);
int		 store_sql_dump(struct store *, const char *, FILE *);
int		 store_is_postgres(struct store *);
int		 store_begin(struct store *);
int		 store_commit(struct store *);
void		 store_rollback(struct store *);
int		 store_in_txn(struct store *);
int		 store_savepoint(struct store *);
int		 store_release(struct store *);
void		 store_rollback_to(struct store *);
int		 store_kv_get(struct store *, const char *, char *, size_t);
int		 store_kv_set(struct store *, const char *, const char *);
int		 store_kv_max(struct store *, const char *, int64_t);
int		 store_update_seen(struct store *, const char *, int64_t,
		     int64_t);
int		 store_updates_prune(struct store *, int64_t, int);
int		 store_backup(struct store *, const char *);

/* store-copy.c */
int		 store_copy(struct store *, const char *, int64_t *, char **);

/* store-guard.c */
int		 store_quick_check(struct store *);
void		 store_on_lost(struct store *, void (*)(void *, const char *),
		     void *);
int		 store_lost(struct store *);

/* store-lead.c (SQLite), the PostgreSQL backend's own for its store */
/* Try to become the one active process on this store: 1 yes, 0 another process holds it, -1 error; held until store_close() or the connection is lost. */
int		 store_lead(struct store *);
/* Is the lead still held? */
int		 store_leading(struct store *);

/* store-game.c */
int64_t		 store_chat(struct store *, const char *, const char *,
		     const char *, int, const char *, char *);
int		 store_chat_set_lang(struct store *, int64_t, const char *);
int		 store_chat_default_lang(struct store *, int64_t, const char *,
		     char *);
int64_t		 store_user(struct store *, const char *, const char *,
		     const char *, const char *, char *);
int		 store_user_set_lang(struct store *, int64_t, const char *);
int64_t		 store_game_create(struct store *, struct store_game *);
int		 store_game_get(struct store *, int64_t, struct store_game *,
		     char **);
int		 store_game_snapshot(struct store *, int64_t, char **);
int		 store_game_put(struct store *, const struct store_game *,
		     const char *);
int		 store_seat_put(struct store *, int64_t, int,
		     const struct store_seat *);
int64_t		 store_chat_game(struct store *, int64_t);
int64_t		 store_chat_game_pid(struct store *, const char *,
		     const char *);
int		 store_user_games(struct store *, int64_t, int64_t *, int *,
		     int);
int		 store_action_add(struct store *, int64_t, int64_t, int,
		     const char *, int, int64_t);
int		 store_record(struct store *, int64_t, struct tac_record *);
int		 store_log(struct store *, int64_t, int (*)(void *, int64_t,
		     int, const char *, int, int64_t), void *);
int		 store_game_ids(struct store *, int, int64_t **, size_t *);
int		 store_last_action(struct store *, int64_t, int *, char *,
		     size_t);

/*
 * store-gift.c: an exchange's gifts, kept face down until all are in
 * (card -1: none; who: STORE_BY_*; at: when it was given).
 */
struct store_gift {
	int		 card;
	int		 who;
	int64_t		 at;
};
int		 store_gift_put(struct store *, int64_t, int, int64_t,
		     const struct store_gift *);
int		 store_gifts(struct store *, int64_t, int64_t,
		     struct store_gift *);
int		 store_gifts_clear(struct store *, int64_t);

/*
 * store-web.c.  A game's key (sql/0009-keys.sql): store_key_add makes
 * one for a new game (nothing before schema STORE_KEYS_VERSION), store_key_get
 * reads it, store_key_game finds its game, store_keys_fill gives the
 * games of an older database theirs (at open).
 */
#define STORE_KEYLEN		22	/* letters and digits of a key */
#define STORE_KEYS_VERSION	9	/* the schema that has them */
int64_t		 store_user_find(struct store *, const char *, const char *,
		     char *);
int		 store_action_at(struct store *, int64_t, int64_t, int *,
		     char *, size_t);
int		 store_key_add(struct store *, int64_t);
int		 store_key_get(struct store *, int64_t, char *);
int64_t		 store_key_game(struct store *, const char *);
int		 store_keys_fill(struct store *);
int		 store_seat_of(struct store *, int64_t, int64_t);

/*
 * store-time.c: each person's own time (sql/0013-person-time.sql),
 * found by their users.id (store_user_find()); store_user_zones: the
 * zones chosen by the people who share a game with one.  A game's pace
 * (sql/0014-game-pace.sql): store_game_pace, whether its turns of one
 * legal action play themselves and its time bank; store_seat_bank, what
 * is left of a seat's bank and since when its turn runs.
 */
struct store_utime {
	char		 zone[ZONE_MAX];	/* "" : not chosen */
	int		 quiet_start;	/* minutes of the day */
	int		 quiet_end;
};
int		 store_user_time(struct store *, int64_t, struct store_utime *);
int		 store_user_time_put(struct store *, int64_t,
		     const struct store_utime *);
int		 store_user_zones(struct store *, int64_t, char (*)[ZONE_MAX],
		     int);
struct store_pace {
	int		 autoplay;	/* turns of one legal action play */
	int64_t		 bank;		/* a time bank's reserve, 0: none */
	int64_t		 bonus;		/* ... given back per move */
};
int		 store_game_pace(struct store *, int64_t, struct store_pace *);
int		 store_game_pace_put(struct store *, int64_t,
		     const struct store_pace *);
int		 store_seat_bank(struct store *, int64_t, int, int64_t *,
		     int64_t *);
int		 store_seat_bank_put(struct store *, int64_t, int, int64_t,
		     int64_t);

/*
 * store-away.c: a person away from all their games for a while
 * (sql/0016-away.sql): store_away_get, until when and how; store_away_due,
 * the people whose time away is up; store_away_game, what it did to one
 * of their games.  A game's seats carry their person's (store_seat).
 */
struct store_away {
	int64_t		 until;		/* back then */
	int64_t		 since;
	int		 ai;		/* 1: the AI plays, 0: clocks stop */
};
struct store_away_game {
	int		 ai;		/* the AI was given the seat */
	int64_t		 turn;		/* the turn that was running, -1 */
	int64_t		 left;		/* its waking seconds left, -1 */
};
int		 store_away_get(struct store *, int64_t, struct store_away *);
int		 store_away_put(struct store *, int64_t,
		     const struct store_away *);
int		 store_away_del(struct store *, int64_t);
int		 store_away_due(struct store *, int64_t, int64_t *, int);
int		 store_away_game(struct store *, int64_t, int64_t,
		     struct store_away_game *);
int		 store_away_game_put(struct store *, int64_t, int64_t,
		     const struct store_away_game *);

/*
 * store-remind.c: a turn's reminder, per seat (sql/0018-remind.sql): the
 * turn its person last looked at the game, the turn last reminded of;
 * a person's morning digest: when, and the games it looks at.
 */
int		 store_remind_get(struct store *, int64_t, int, int64_t *,
		     int64_t *);
int		 store_remind_looked(struct store *, int64_t, int64_t);
int		 store_remind_sent(struct store *, int64_t, int, int64_t);
int		 store_digest_put(struct store *, int64_t, int64_t);
int		 store_digest_del(struct store *, int64_t);
int		 store_digest_due(struct store *, int64_t, int64_t *, int);
int		 store_digest_games(struct store *, int64_t, int64_t *, int);
int64_t		 store_last_action_at(struct store *, int64_t);

/*
 * store-ask.c: who asked to take a seat a person left in a running game
 * (sql/0010-seat-asks.sql), until the table answers.
 */
int		 store_seat_ask_put(struct store *, int64_t, int,
		     const struct store_seat *, int64_t);
int		 store_seat_ask_get(struct store *, int64_t, int, int64_t,
		     struct store_seat *, int64_t *);
int		 store_seat_asks_clear(struct store *, int64_t, int);

/*
 * store-rematch.c: a rematch offered at a game's end (sql/0012-rematch.sql),
 * until its lobby starts or the offer lapses; the rules of it are the
 * service's (service-offer.c).  A seat's user 0: nobody was asked for it
 * (an AI carried over, or the one who offered, seated at once).
 */
#define STORE_REMATCH_WAIT	0	/* asked, no answer yet */
#define STORE_REMATCH_IN	1
#define STORE_REMATCH_OUT	(-1)
struct store_rematch {
	int64_t		 game;		/* the lobby it opened */
	int64_t		 old;		/* the game it plays again */
	int		 rotate;	/* the teams change */
	int64_t		 expires;	/* when it lapses */
	struct {
		int64_t	 user;		/* users.id asked, 0: none */
		int	 was;		/* their seat in the old game */
		int	 answer;	/* STORE_REMATCH_* */
	}		 seat[TAC_MAXSEATS];
};
int		 store_rematch_put(struct store *, const struct store_rematch *);
int		 store_rematch_get(struct store *, int64_t,
		     struct store_rematch *);
int		 store_rematch_answer(struct store *, int64_t, int, int);
int		 store_rematch_del(struct store *, int64_t);

/*
 * store-premove.c: a play a person chose for their next turn while it was
 * not theirs (sql/0017-premove.sql), one per seat of a game; when it is
 * played is the service's (service-premove.c).  store_premove_del with
 * seat -1 drops every one of the game.
 */
struct store_premove {
	int64_t		 user;		/* users.id of who chose it */
	int		 round;		/* the deal it was chosen in */
	char		 action[160];	/* notation */
	int64_t		 made;
};
int		 store_premove_put(struct store *, int64_t, int,
		     const struct store_premove *);
int		 store_premove_get(struct store *, int64_t, int,
		     struct store_premove *);
int		 store_premove_del(struct store *, int64_t, int);

/* store-learn.c */
int		 store_hint_take(struct store *, int64_t, int64_t, int64_t);
int64_t		 store_hints(struct store *, int64_t, int64_t);
int		 store_lesson_get(struct store *, int64_t, const char *, int *,
		     int *);
int		 store_lesson_put(struct store *, int64_t, const char *, int,
		     int, int64_t);
int		 store_lessons_done(struct store *, int64_t,
		     void (*)(void *, const char *), void *);
int		 store_review_get(struct store *, int64_t,
		     struct store_review *);
int		 store_review_put(struct store *, const struct store_review *);
void		 store_review_free(struct store_review *);
int64_t		 store_review_todo(struct store *);
int		 store_review_ask(struct store *, int64_t, int64_t,
		     const char *, const char *, const char *);
int		 store_review_asks(struct store *, int64_t,
		     int (*)(void *, int64_t, const char *, const char *,
		     const char *), void *);
int		 store_chat_board_of(struct store *, const char *,
		     const char *, char *, size_t);

/* store-outbox.c */
int64_t		 store_out_add(struct store *, const char *, const char *,
		     int64_t, const char *, const char *, int64_t);
int		 store_out_next(struct store *, const char *, int64_t,
		     struct store_out *);
int		 store_out_first(struct store *, const char *, const char *,
		     int64_t, struct store_out *);
int64_t		 store_out_find(struct store *, const char *, const char *,
		     int64_t, const char *);
int		 store_out_chats(struct store *, const char *,
		     void (*)(void *, const char *), void *);
int		 store_out_done(struct store *, int64_t, const char *, int,
		     int64_t);
int		 store_out_retry(struct store *, int64_t, int64_t, int);
int		 store_out_last(struct store *, int64_t);
int		 store_out_prune(struct store *, int64_t, int);
int64_t		 store_out_pending(struct store *, const char *);
void		 store_out_free(struct store_out *);
int64_t		 store_timer_next(struct store *);
int		 store_timers_due(struct store *, int64_t, int64_t *, int);

/* store-chat.c */
int		 store_chat_set_board(struct store *, int64_t, const char *);
int		 store_message(struct store *, int64_t, const char *,
		     const char *, char *, size_t);
int		 store_message_put(struct store *, int64_t, const char *,
		     const char *, const char *, int64_t);
int		 store_message_forget(struct store *, int64_t, const char *,
		     const char *);
int		 store_chat_message(struct store *, const char *, const char *,
		     const char *, char *, size_t);
int		 store_chat_message_put(struct store *, const char *,
		     const char *, const char *, const char *, int64_t);
int		 store_chat_migrate(struct store *, const char *,
		     const char *, const char *, int64_t *);

/*
 * store-live.c: a group's live message of a game (sql/0008-live.sql):
 * the last moves it tells, and whether it is pinned.
 */
struct store_live {
	char		*moves;		/* JSON array text, malloc'd */
	char		 pinned[32];	/* the message pinned, "" none */
	int		 pin;		/* 1 the bot may pin, -1 not, 0 unknown */
};
int		 store_live_get(struct store *, int64_t, struct store_live *);
int		 store_live_moves(struct store *, int64_t, const char *);
int		 store_live_pin(struct store *, int64_t, const char *, int);
void		 store_live_free(struct store_live *);

/*
 * store-stats.c: the statistics tables (sql/0006-stats.sql), derived from
 * the logs, and the rating: a team Elo, every player starting at
 * STORE_RATING_START, K = STORE_RATING_K, on the scale of
 * STORE_RATING_SCALE points (store-stats.c says how).
 */
#define STORE_STATS_VERSION	6	/* the schema that has them */
#define STORE_RATING_START	1500.0
#define STORE_RATING_K		32.0
#define STORE_RATING_SCALE	400.0
int64_t		 store_stats_player(const struct store_seat *);
void		 store_rating_update(int, const double *, const int *, int,
		     int, double *);
int		 store_stats_finish(struct store *, int64_t);
int64_t		 store_stats_rebuild(struct store *, int64_t *);
int		 store_stats_fill(struct store *);
int		 store_stats_hide(struct store *, int64_t, int);
int		 store_stats_move_chat(struct store *, int64_t, int64_t);

/* store-stats-query.c: rows as JSON arrays of objects (see there). */
json_t		*store_stats_players(struct store *, int64_t, int, int, int);
json_t		*store_stats_everyone(struct store *, int);
json_t		*store_stats_person(struct store *, int64_t, int64_t, int *);
json_t		*store_stats_pairs(struct store *, int64_t, int, int);
json_t		*store_stats_partners(struct store *, int64_t, int64_t, int);
json_t		*store_stats_cards(struct store *, int64_t, int64_t);
json_t		*store_stats_chat(struct store *, int64_t);
json_t		*store_stats_history(struct store *, int64_t, int);
json_t		*store_stats_coop(struct store *, int64_t, int);
json_t		*store_stats_history_of(struct store *, int64_t, int);
json_t		*store_stats_game(struct store *, int64_t, int *);
json_t		*store_stats_series(struct store *, int64_t, int);
json_t		*store_stats_named(struct store *, int64_t, const char *, int);
json_t		*store_stats_chats(struct store *);
int64_t		 store_stats_chat_id(struct store *, const char *);
int		 store_stats_names(struct store *, int64_t, int64_t, int *);

#endif /* STORE_H */
