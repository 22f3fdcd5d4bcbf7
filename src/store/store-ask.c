/*
 * store-ask.c: the people who asked to take a seat a person left in a
 * running game, until its owner or another player answers
 * (sql/0010-seat-asks.sql).  The rules of it are the service's
 * (service-seat.c).
 */
#include <stdio.h>
#include <string.h>

#include "store-int.h"

/* Keep (or renew) who asked for a game's seat and when. */
int
store_seat_ask_put(struct store *s, int64_t game, int seat,
    const struct store_seat *who, int64_t at)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_SEAT_ASK_PUT, "INSERT INTO seat_asks "
	    "(game, seat, user, pid, name, lang, at) VALUES (?1, ?2, ?3, ?4, "
	    "?5, ?6, ?7) ON CONFLICT (game, seat, user) DO UPDATE SET "
	    "pid = ?4, name = ?5, lang = ?6, at = ?7")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	db_bind_int64(st, 3, who->user);
	store_bind_text(st, 4, who->pid);
	store_bind_text(st, 5, who->name);
	store_bind_text(st, 6, who->lang);
	db_bind_int64(st, 7, at);
	return (store_step_done(s, st, "seat ask put"));
}

/*
 * The ask of a person (users.id) for a game's seat: 1 with who (as they
 * would sit) and *at, 0 none, -1 on failure.
 */
int
store_seat_ask_get(struct store *s, int64_t game, int seat, int64_t user,
    struct store_seat *who, int64_t *at)
{
	struct db_stmt	*st;
	int		 rc;

	memset(who, 0, sizeof *who);
	*at = 0;
	if ((st = store_stmt(s, ST_SEAT_ASK_GET, "SELECT pid, name, lang, at "
	    "FROM seat_asks WHERE game = ?1 AND seat = ?2 AND user = ?3")) ==
	    NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	db_bind_int64(st, 3, user);
	if ((rc = db_step(st)) == DB_ROW) {
		who->user = user;
		store_text(st, 0, who->pid, sizeof who->pid);
		store_text(st, 1, who->name, sizeof who->name);
		store_text(st, 2, who->lang, sizeof who->lang);
		*at = db_column_int64(st, 3);
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "seat ask"));
	return (rc == DB_ROW);
}

/* Forget the asks for a game's seat (seat -1: every seat's). */
int
store_seat_asks_clear(struct store *s, int64_t game, int seat)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_SEAT_ASKS_CLEAR, "DELETE FROM seat_asks "
	    "WHERE game = ?1 AND (?2 < 0 OR seat = ?2)")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	return (store_step_done(s, st, "seat asks clear"));
}
