/*
 * store-away.c: a person away from all their games for a while, and
 * what that did to each game (sql/0016-away.sql).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "store-int.h"

/* Whether person user is away, into a: 1 away, 0 not, -1 failure. */
int
store_away_get(struct store *s, int64_t user, struct store_away *a)
{
	sqlite3_stmt	*st;
	int		 rc;

	memset(a, 0, sizeof *a);
	if ((st = store_stmt(s, ST_AWAY_GET, "SELECT until, since, ai FROM "
	    "user_away WHERE user = ?1")) == NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, user);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		a->until = sqlite3_column_int64(st, 0);
		a->since = sqlite3_column_int64(st, 1);
		a->ai = sqlite3_column_int(st, 2) != 0;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return (store_sqlfail(s, "away"));
	return (rc == SQLITE_ROW);
}

/* Keep that person user is away, as a says. */
int
store_away_put(struct store *s, int64_t user, const struct store_away *a)
{
	sqlite3_stmt	*st;

	if ((st = store_stmt(s, ST_AWAY_PUT, "INSERT OR REPLACE INTO "
	    "user_away (user, until, since, ai) VALUES (?1, ?2, ?3, ?4)")) ==
	    NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, user);
	sqlite3_bind_int64(st, 2, a->until);
	sqlite3_bind_int64(st, 3, a->since);
	sqlite3_bind_int(st, 4, a->ai != 0);
	return (store_step_done(s, st, "away put"));
}

/* Person user is back: their row and their games' rows go. */
int
store_away_del(struct store *s, int64_t user)
{
	sqlite3_stmt	*st;

	if ((st = store_stmt(s, ST_AWAY_DEL, "DELETE FROM user_away WHERE "
	    "user = ?1")) == NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, user);
	if (store_step_done(s, st, "away del") != 0)
		return (-1);
	if ((st = store_stmt(s, ST_AWAY_GAMES_DEL, "DELETE FROM away_games "
	    "WHERE user = ?1")) == NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, user);
	return (store_step_done(s, st, "away games del"));
}

/*
 * Up to max people whose time away is up at now, the earliest first:
 * how many, -1 failure.
 */
int
store_away_due(struct store *s, int64_t now, int64_t *users, int max)
{
	sqlite3_stmt	*st;

	if ((st = store_stmt(s, ST_AWAY_DUE, "SELECT user FROM user_away "
	    "WHERE until <= ?1 ORDER BY until, user LIMIT ?2")) == NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, now);
	sqlite3_bind_int(st, 2, max);
	return (store_ids(s, st, users, max, "away due"));
}

/* What being away did to a game of person user's, into ag: 1, 0, -1. */
int
store_away_game(struct store *s, int64_t user, int64_t game,
    struct store_away_game *ag)
{
	sqlite3_stmt	*st;
	int		 rc;

	memset(ag, 0, sizeof *ag);
	ag->turn = ag->left = -1;
	if ((st = store_stmt(s, ST_AWAY_GAME_GET, "SELECT ai, turn, left "
	    "FROM away_games WHERE user = ?1 AND game = ?2")) == NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, user);
	sqlite3_bind_int64(st, 2, game);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		ag->ai = sqlite3_column_int(st, 0) != 0;
		ag->turn = sqlite3_column_int64(st, 1);
		ag->left = sqlite3_column_int64(st, 2);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return (store_sqlfail(s, "away game"));
	return (rc == SQLITE_ROW);
}

/* Keep what being away did to a game of person user's. */
int
store_away_game_put(struct store *s, int64_t user, int64_t game,
    const struct store_away_game *ag)
{
	sqlite3_stmt	*st;

	if ((st = store_stmt(s, ST_AWAY_GAME_PUT, "INSERT OR REPLACE INTO "
	    "away_games (user, game, ai, turn, left) VALUES (?1, ?2, ?3, ?4, "
	    "?5)")) == NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, user);
	sqlite3_bind_int64(st, 2, game);
	sqlite3_bind_int(st, 3, ag->ai != 0);
	sqlite3_bind_int64(st, 4, ag->turn);
	sqlite3_bind_int64(st, 5, ag->left);
	return (store_step_done(s, st, "away game put"));
}
