/*
 * store-remind.c: what a turn's reminder needs to know of each seat
 * (sql/0017-remind.sql): the turn its person last looked at the game,
 * and the turn they were last reminded of.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "store-int.h"

/*
 * The turns seat of game last looked at and was last reminded of, into
 * *looked and *reminded (-1: never).  0, -1 failure.
 */
int
store_remind_get(struct store *s, int64_t game, int seat, int64_t *looked,
    int64_t *reminded)
{
	sqlite3_stmt	*st;
	int		 rc;

	*looked = *reminded = -1;
	if ((st = store_stmt(s, ST_REMIND_GET, "SELECT looked, reminded FROM "
	    "seat_remind WHERE game = ?1 AND seat = ?2")) == NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int(st, 2, seat);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*looked = sqlite3_column_int64(st, 0);
		*reminded = sqlite3_column_int64(st, 1);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return (store_sqlfail(s, "remind get"));
	return (0);
}

/*
 * Person user looked at game (pressed a button of it, opened it): each
 * of their seats in it looked during the game's turn as it stands.  A
 * seat that looked at this turn already is not written again.
 */
int
store_remind_looked(struct store *s, int64_t game, int64_t user)
{
	sqlite3_stmt	*st;

	if ((st = store_stmt(s, ST_REMIND_LOOKED, "INSERT INTO seat_remind "
	    "(game, seat, looked) SELECT s.game, s.seat, g.turn_no FROM "
	    "seats s JOIN games g ON g.id = s.game WHERE s.game = ?1 AND "
	    "s.user = ?2 ON CONFLICT (game, seat) DO UPDATE SET looked = "
	    "excluded.looked WHERE looked != excluded.looked")) == NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int64(st, 2, user);
	return (store_step_done(s, st, "remind looked"));
}

/* Seat of game was reminded of turn. */
int
store_remind_sent(struct store *s, int64_t game, int seat, int64_t turn)
{
	sqlite3_stmt	*st;

	if ((st = store_stmt(s, ST_REMIND_SENT, "INSERT INTO seat_remind "
	    "(game, seat, reminded) VALUES (?1, ?2, ?3) ON CONFLICT (game, "
	    "seat) DO UPDATE SET reminded = excluded.reminded")) == NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_int64(st, 3, turn);
	return (store_step_done(s, st, "remind sent"));
}
