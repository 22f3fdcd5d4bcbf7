/*
 * store-time.c: each person's own time, their zone and quiet hours
 * (sql/0013-person-time.sql), and a game's pace (sql/0014-game-pace.sql).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "store-int.h"

/*
 * A person's time as they set it, into t: 1 set, 0 never set (t holds
 * the defaults: no zone, quiet 23:00-08:00), -1 failure.
 */
int
store_user_time(struct store *s, int64_t user, struct store_utime *t)
{
	struct db_stmt	*st;
	int		 rc;

	memset(t, 0, sizeof *t);
	t->quiet_start = ZONE_QUIET_START;
	t->quiet_end = ZONE_QUIET_END;
	if ((st = store_stmt(s, ST_UTIME_GET, "SELECT zone, quiet_start, "
	    "quiet_end FROM user_time WHERE user = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	if ((rc = db_step(st)) == DB_ROW) {
		store_text(st, 0, t->zone, sizeof t->zone);
		t->quiet_start = db_column_int(st, 1);
		t->quiet_end = db_column_int(st, 2);
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "user time"));
	return (rc == DB_ROW);
}

/* Keep a person's time (zone "" : their language's). */
int
store_user_time_put(struct store *s, int64_t user,
    const struct store_utime *t)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_UTIME_PUT, "INSERT INTO "
	    "user_time (user, zone, quiet_start, quiet_end) VALUES (?1, ?2, "
	    "?3, ?4)"
	    " ON CONFLICT (user) DO UPDATE SET zone = excluded.zone,"
	    " quiet_start = excluded.quiet_start, quiet_end ="
	    " excluded.quiet_end")) == NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	store_bind_text(st, 2, t->zone);
	db_bind_int(st, 3, t->quiet_start);
	db_bind_int(st, 4, t->quiet_end);
	return (store_step_done(s, st, "user time put"));
}

/*
 * The zones the people who share a game with user chose, the most
 * chosen first: up to max of them into zones.  Their count, -1 failure.
 */
int
store_user_zones(struct store *s, int64_t user, char (*zones)[ZONE_MAX],
    int max)
{
	struct db_stmt	*st;
	int		 rc = DB_DONE, n = 0;

	if ((st = store_stmt(s, ST_UTIME_NEAR, "SELECT t.zone FROM seats a "
	    "JOIN seats b ON b.game = a.game AND b.user IS NOT NULL "
	    "JOIN user_time t ON t.user = b.user AND t.zone != '' "
	    "WHERE a.user = ?1 GROUP BY t.zone "
	    "ORDER BY count(DISTINCT b.user) DESC, t.zone LIMIT ?2")) == NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	db_bind_int(st, 2, max);
	while (n < max && (rc = db_step(st)) == DB_ROW)
		store_text(st, 0, zones[n++], ZONE_MAX);
	if (n == max)
		rc = DB_DONE;
	db_reset(st);
	if (rc != DB_DONE)
		return (store_sqlfail(s, "user zones"));
	return (n);
}

/*
 * A game's pace into p: whether its turns of one legal action play
 * themselves, and its time bank (reserve 0: none).  1 as set, 0 never
 * set (the defaults: autoplay, no bank), -1 failure.
 */
int
store_game_pace(struct store *s, int64_t game, struct store_pace *p)
{
	struct db_stmt	*st;
	int		 rc;

	memset(p, 0, sizeof *p);
	p->autoplay = 1;
	if ((st = store_stmt(s, ST_PACE_GET, "SELECT autoplay, bank, bonus "
	    "FROM game_pace WHERE game = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	if ((rc = db_step(st)) == DB_ROW) {
		p->autoplay = db_column_int(st, 0) != 0;
		p->bank = db_column_int64(st, 1);
		p->bonus = db_column_int64(st, 2);
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "game pace"));
	return (rc == DB_ROW);
}

/* Keep a game's pace. */
int
store_game_pace_put(struct store *s, int64_t game,
    const struct store_pace *p)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_PACE_PUT, "INSERT INTO "
	    "game_pace (game, autoplay, bank, bonus) VALUES (?1, ?2, ?3, ?4)"
	    " ON CONFLICT (game) DO UPDATE SET autoplay ="
	    " excluded.autoplay, bank = excluded.bank, bonus ="
	    " excluded.bonus"))
	    == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, p->autoplay != 0);
	db_bind_int64(st, 3, p->bank);
	db_bind_int64(st, 4, p->bonus);
	return (store_step_done(s, st, "game pace put"));
}

/*
 * What is left of a seat's time bank (*left) and since when its turn
 * runs (*since, 0: not its turn): 1 found, 0 none yet, -1 failure.
 */
int
store_seat_bank(struct store *s, int64_t game, int seat, int64_t *left,
    int64_t *since)
{
	struct db_stmt	*st;
	int		 rc;

	*left = *since = 0;
	if ((st = store_stmt(s, ST_BANK_GET, "SELECT left, since FROM "
	    "seat_bank WHERE game = ?1 AND seat = ?2")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	if ((rc = db_step(st)) == DB_ROW) {
		*left = db_column_int64(st, 0);
		*since = db_column_int64(st, 1);
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "seat bank"));
	return (rc == DB_ROW);
}

/* Keep a seat's time bank. */
int
store_seat_bank_put(struct store *s, int64_t game, int seat, int64_t left,
    int64_t since)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_BANK_PUT, "INSERT INTO "
	    "seat_bank (game, seat, left, since) VALUES (?1, ?2, ?3, ?4)"
	    " ON CONFLICT (game, seat) DO UPDATE SET left ="
	    " excluded.left, since = excluded.since")) ==
	    NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	db_bind_int64(st, 3, left);
	db_bind_int64(st, 4, since);
	return (store_step_done(s, st, "seat bank put"));
}
