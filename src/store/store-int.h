/*
 * store-int.h: what the store*.c files share and nobody else sees.
 */
#ifndef STORE_INT_H
#define STORE_INT_H

#include <sys/types.h>

#include <sqlite3.h>

#include "db.h"
#include "store.h"

/*
 * Cached statements, one slot each.  The SQL of a slot is written where it
 * is used (store_stmt() prepares it on first use), so a query and the code
 * that reads its columns stay together.
 */
enum store_slot {
	ST_KV_GET,
	ST_KV_SET,
	ST_KV_MAX,
	ST_SEEN_ADD,
	ST_SEEN_PRUNE,
	ST_SEEN_MAXPRUNED,
	ST_CHAT_GET,
	ST_CHAT_ADD,
	ST_CHAT_TITLE,
	ST_CHAT_LANG,
	ST_CHAT_DEFLANG,
	ST_CHAT_LANGGET,
	ST_CHAT_BOARD,
	ST_USER_GET,
	ST_USER_ADD,
	ST_USER_NAME,
	ST_USER_LANG,
	ST_GAME_ADD,
	ST_GAME_GET,
	ST_GAME_SEATS,
	ST_GAME_PUT,
	ST_GAME_SNAP,
	ST_SEAT_PUT,
	ST_SEAT_DEL,
	ST_CHAT_GAME,
	ST_CHAT_GAME_PID,
	ST_USER_GAMES,
	ST_ACTION_ADD,
	ST_ACTIONS,
	ST_LOG,
	ST_GAME_IDS,
	ST_GAME_IDS_ALL,
	ST_LAST_ACTION,
	ST_MSG_GET,
	ST_MSG_PUT,
	ST_MSG_DEL,
	ST_CHATMSG_GET,
	ST_CHATMSG_PUT,
	ST_LIVE_GET,
	ST_LIVE_MOVES,
	ST_LIVE_PIN,
	ST_OUT_ADD,
	ST_OUT_NEXT,
	ST_OUT_DONE,
	ST_OUT_FIRST,
	ST_OUT_FIND,
	ST_OUT_LAST,
	ST_OUT_LAST_SEQ,
	ST_OUT_CHATS,
	ST_OUT_RETRY,
	ST_OUT_PRUNE,
	ST_OUT_PENDING,
	ST_TIMER_NEXT,
	ST_TIMERS_DUE,
	ST_STATS_LOG,
	ST_STATS_RATING,
	ST_STATS_SEAT,
	ST_STATS_RATE_PUT,
	ST_STATS_PLAYER,
	ST_STATS_CARD,
	ST_STATS_PAIR,
	ST_STATS_GAME,
	ST_STATS_NEXT,
	ST_STATS_FINISHED,
	ST_STATS_HIDE,
	ST_USER_FIND,
	ST_ACTION_AT,
	ST_GIFTS,
	ST_GIFTS_CLEAR,
	ST_HINT_TAKE,
	ST_HINT_GET,
	ST_LESSON_GET,
	ST_LESSON_PUT,
	ST_LESSONS_DONE,
	ST_REVIEW_GET,
	ST_REVIEW_PUT,
	ST_REVIEW_TODO,
	ST_REVIEW_ASK,
	ST_REVIEW_ASKS,
	ST_REVIEW_ASKS_DEL,
	ST_CHAT_BOARD_OF,
	ST_KEY_ADD,
	ST_KEY_GET,
	ST_KEY_GAME,
	ST_SEAT_OF,
	ST_SEAT_ASK_PUT,
	ST_SEAT_ASK_GET,
	ST_SEAT_ASKS_CLEAR,
	ST_REMATCH_PUT,
	ST_REMATCH_SEAT_PUT,
	ST_REMATCH_GET,
	ST_REMATCH_SEATS,
	ST_REMATCH_ANSWER,
	ST_REMATCH_DEL,
	ST_REMATCH_SEATS_DEL,
	ST_UTIME_GET,
	ST_UTIME_PUT,
	ST_UTIME_NEAR,
	ST_PACE_GET,
	ST_PACE_PUT,
	ST_BANK_GET,
	ST_BANK_PUT,
	ST_PREMOVE_PUT,
	ST_PREMOVE_GET,
	ST_PREMOVE_DEL,
	ST_PREMOVES_DEL,
	ST_AWAY_GET,
	ST_AWAY_PUT,
	ST_AWAY_DEL,
	ST_AWAY_GAMES_DEL,
	ST_AWAY_DUE,
	ST_AWAY_GAME_GET,
	ST_AWAY_GAME_PUT,
	ST_REMIND_GET,
	ST_REMIND_LOOKED,
	ST_REMIND_SENT,
	ST_DIGEST_PUT,
	ST_DIGEST_DEL,
	ST_DIGEST_DUE,
	ST_DIGEST_GAMES,
	ST_LAST_ACTION_AT,
	ST_BEGIN,
	ST_COMMIT,
	ST_ROLLBACK,
	ST_SAVEPOINT,
	ST_RELEASE,
	ST_ROLLBACK_TO,
	ST_NSLOTS
};

struct store {
	struct db	*db;		/* every query goes through it */
	sqlite3		*lite;		/* SQLite's own, NULL on PostgreSQL */
	char		*path;		/* as opened, for messages and stat */
	int		 flags;
	int		 version;	/* user_version after opening */
	char		 err[512];
	int		 code;		/* SQLite's code for err, 0: none */
	struct db_stmt	*stmt[ST_NSLOTS];
	struct tac_list	*list;		/* the engine's scratch, for replays */

	/* The file at path is no longer the one open: nothing commits. */
	int		 lost;
	char		 lostmsg[512];
	void		(*lost_fn)(void *, const char *);
	void		*lost_arg;

	/* The -wal and -shm files opened with it (st_ino 0: none). */
	struct store_side {
		dev_t	 dev;
		ino_t	 ino;
	}		 side[2];
};

/* store.c */
int		 store_fail(struct store *, const char *, ...)
		     __attribute__((__format__(__printf__, 2, 3)));
int		 store_sqlfail(struct store *, const char *);
struct db_stmt	*store_stmt(struct store *, enum store_slot, const char *);
int		 store_step_done(struct store *, struct db_stmt *,
		     const char *);
int64_t		 store_step_id(struct store *, struct db_stmt *, const char *);
int		 store_ids(struct store *, struct db_stmt *, int64_t *, int,
		     const char *);
void		 store_text(struct db_stmt *, int, char *, size_t);
void		 store_bind_text(struct db_stmt *, int, const char *);
int64_t		 store_pragma_int(struct store *, const char *);
int		 store_exec(struct store *, const char *, const char *);

/* store-pg.c */
struct store	*store_pg_open(const char *, int, int, char **);
int		 store_pg_lead(struct store *);
int		 store_pg_leading(struct store *);

/* store-lead.c */
int		 store_lead_busy(struct store *);

/* store-guard.c */
int		 store_probe(struct store *, const char *, int, int);
int		 store_inspect(struct store *, int, int);
int		 store_file_check(struct store *);
void		 store_side_note(struct store *);
void		 store_side_drop(struct store *);

#endif /* STORE_INT_H */
