/*
 * store-remind.c: what a turn's reminder needs to know of each seat
 * (sql/0018-remind.sql): the turn its person last looked at the game,
 * and the turn they were last reminded of; and each person's next
 * morning digest.
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
	struct db_stmt	*st;
	int		 rc;

	*looked = *reminded = -1;
	if ((st = store_stmt(s, ST_REMIND_GET, "SELECT looked, reminded FROM "
	    "seat_remind WHERE game = ?1 AND seat = ?2")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	if ((rc = db_step(st)) == DB_ROW) {
		*looked = db_column_int64(st, 0);
		*reminded = db_column_int64(st, 1);
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
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
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_REMIND_LOOKED, "INSERT INTO seat_remind AS "
	    "r (game, seat, looked) SELECT s.game, s.seat, g.turn_no FROM "
	    "seats s JOIN games g ON g.id = s.game WHERE s.game = ?1 AND "
	    "s.user = ?2 ON CONFLICT (game, seat) DO UPDATE SET looked = "
	    "excluded.looked WHERE r.looked != excluded.looked")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int64(st, 2, user);
	return (store_step_done(s, st, "remind looked"));
}

/* Seat of game was reminded of turn. */
int
store_remind_sent(struct store *s, int64_t game, int seat, int64_t turn)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_REMIND_SENT, "INSERT INTO seat_remind "
	    "(game, seat, reminded) VALUES (?1, ?2, ?3) ON CONFLICT (game, "
	    "seat) DO UPDATE SET reminded = excluded.reminded")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	db_bind_int64(st, 3, turn);
	return (store_step_done(s, st, "remind sent"));
}

/*
 * Person user's next morning digest is at, unless one is set already
 * (their next morning stays the same whatever turn asks for it).
 */
int
store_digest_put(struct store *s, int64_t user, int64_t at)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_DIGEST_PUT, "INSERT INTO user_digest AS d "
	    "(user, at) VALUES (?1, ?2) ON CONFLICT (user) DO UPDATE SET at = "
	    "min(d.at, excluded.at)")) == NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	db_bind_int64(st, 2, at);
	return (store_step_done(s, st, "digest put"));
}

/* Person user's digest is done: their row goes. */
int
store_digest_del(struct store *s, int64_t user)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_DIGEST_DEL, "DELETE FROM user_digest "
	    "WHERE user = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	return (store_step_done(s, st, "digest del"));
}

/*
 * Up to max people whose morning digest is due at now, the earliest
 * first: how many, -1 failure.
 */
int
store_digest_due(struct store *s, int64_t now, int64_t *users, int max)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_DIGEST_DUE, "SELECT user FROM user_digest "
	    "WHERE at <= ?1 ORDER BY at, user LIMIT ?2")) == NULL)
		return (-1);
	db_bind_int64(st, 1, now);
	db_bind_int(st, 2, max);
	return (store_ids(s, st, users, max, "digest due"));
}

/*
 * Up to max running games with a clock where person user holds a seat
 * of their own (not the AI's for them), by number: their ids into
 * games.  How many, -1 failure.
 */
int
store_digest_games(struct store *s, int64_t user, int64_t *games, int max)
{
	struct db_stmt	*st;
	int		 rc, n = 0;

	if ((st = store_stmt(s, ST_DIGEST_GAMES, "SELECT DISTINCT g.id FROM "
	    "seats s JOIN games g ON g.id = s.game WHERE s.user = ?1 AND "
	    "s.ai = 0 AND s.away = 0 AND g.state = ?2 AND g.due > 0 ORDER BY "
	    "g.id LIMIT ?3")) == NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	db_bind_int(st, 2, STORE_PLAYING);
	db_bind_int(st, 3, max);
	while ((rc = db_step(st)) == DB_ROW && n < max)
		games[n++] = db_column_int64(st, 0);
	db_reset(st);
	if (rc != DB_DONE && rc != DB_ROW)
		return (store_sqlfail(s, "digest games"));
	return (n);
}

/* When game's last action was made, 0 for none: when its turn began. */
int64_t
store_last_action_at(struct store *s, int64_t game)
{
	struct db_stmt	*st;
	int64_t		 at = 0;
	int		 rc;

	if ((st = store_stmt(s, ST_LAST_ACTION_AT, "SELECT max(at) FROM "
	    "actions WHERE game = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	if ((rc = db_step(st)) == DB_ROW &&
	    db_column_type(st, 0) != DB_NULL)
		at = db_column_int64(st, 0);
	db_reset(st);
	if (rc != DB_ROW)
		return (store_sqlfail(s, "last action"));
	return (at);
}
