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
	struct db_stmt	*st;
	int		 rc;

	memset(a, 0, sizeof *a);
	if ((st = store_stmt(s, ST_AWAY_GET, "SELECT until, since, ai FROM "
	    "user_away WHERE user = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	if ((rc = db_step(st)) == DB_ROW) {
		a->until = db_column_int64(st, 0);
		a->since = db_column_int64(st, 1);
		a->ai = db_column_int(st, 2) != 0;
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "away"));
	return (rc == DB_ROW);
}

/* Keep that person user is away, as a says. */
int
store_away_put(struct store *s, int64_t user, const struct store_away *a)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_AWAY_PUT, "INSERT INTO "
	    "user_away (user, until, since, ai) VALUES (?1, ?2, ?3, ?4)"
	    " ON CONFLICT (user) DO UPDATE SET until = excluded.until,"
	    " since = excluded.since, ai = excluded.ai")) ==
	    NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	db_bind_int64(st, 2, a->until);
	db_bind_int64(st, 3, a->since);
	db_bind_int(st, 4, a->ai != 0);
	return (store_step_done(s, st, "away put"));
}

/* Person user is back: their row and their games' rows go. */
int
store_away_del(struct store *s, int64_t user)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_AWAY_DEL, "DELETE FROM user_away WHERE "
	    "user = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	if (store_step_done(s, st, "away del") != 0)
		return (-1);
	if ((st = store_stmt(s, ST_AWAY_GAMES_DEL, "DELETE FROM away_games "
	    "WHERE user = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	return (store_step_done(s, st, "away games del"));
}

/*
 * Up to max people whose time away is up at now, the earliest first:
 * how many, -1 failure.
 */
int
store_away_due(struct store *s, int64_t now, int64_t *users, int max)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_AWAY_DUE, "SELECT user FROM user_away "
	    "WHERE until <= ?1 ORDER BY until, user LIMIT ?2")) == NULL)
		return (-1);
	db_bind_int64(st, 1, now);
	db_bind_int(st, 2, max);
	return (store_ids(s, st, users, max, "away due"));
}

/* What being away did to a game of person user's, into ag: 1, 0, -1. */
int
store_away_game(struct store *s, int64_t user, int64_t game,
    struct store_away_game *ag)
{
	struct db_stmt	*st;
	int		 rc;

	memset(ag, 0, sizeof *ag);
	ag->turn = ag->left = -1;
	if ((st = store_stmt(s, ST_AWAY_GAME_GET, "SELECT ai, turn, left "
	    "FROM away_games WHERE user = ?1 AND game = ?2")) == NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	db_bind_int64(st, 2, game);
	if ((rc = db_step(st)) == DB_ROW) {
		ag->ai = db_column_int(st, 0) != 0;
		ag->turn = db_column_int64(st, 1);
		ag->left = db_column_int64(st, 2);
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "away game"));
	return (rc == DB_ROW);
}

/* Keep what being away did to a game of person user's. */
int
store_away_game_put(struct store *s, int64_t user, int64_t game,
    const struct store_away_game *ag)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_AWAY_GAME_PUT, "INSERT INTO "
	    "away_games (user, game, ai, turn, left) VALUES (?1, ?2, ?3, ?4, "
	    "?5)"
	    " ON CONFLICT (user, game) DO UPDATE SET ai = excluded.ai,"
	    " turn = excluded.turn, left = excluded.left")) == NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	db_bind_int64(st, 2, game);
	db_bind_int(st, 3, ag->ai != 0);
	db_bind_int64(st, 4, ag->turn);
	db_bind_int64(st, 5, ag->left);
	return (store_step_done(s, st, "away game put"));
}
