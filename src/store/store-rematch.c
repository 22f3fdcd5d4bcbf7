/*
 * store-rematch.c: a rematch offered at a game's end, until its lobby
 * starts or the offer lapses (sql/0012-rematch.sql).  What an offer
 * means, and when it ends, is the service's (service-offer.c).
 */
#include <stdio.h>
#include <string.h>

#include "store-int.h"

/* Keep an offer: its row and the people asked, each in their seat. */
int
store_rematch_put(struct store *s, const struct store_rematch *r)
{
	sqlite3_stmt	*st;
	int		 i;

	if ((st = store_stmt(s, ST_REMATCH_PUT, "INSERT INTO rematches "
	    "(game, old, rotate, expires) VALUES (?1, ?2, ?3, ?4)")) == NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, r->game);
	sqlite3_bind_int64(st, 2, r->old);
	sqlite3_bind_int(st, 3, r->rotate != 0);
	sqlite3_bind_int64(st, 4, r->expires);
	if (store_step_done(s, st, "rematch put") != 0)
		return (-1);
	for (i = 0; i < TAC_MAXSEATS; i++) {
		if (r->seat[i].user == 0)
			continue;
		if ((st = store_stmt(s, ST_REMATCH_SEAT_PUT, "INSERT INTO "
		    "rematch_seats (game, seat, was, user, answer) VALUES "
		    "(?1, ?2, ?3, ?4, ?5)")) == NULL)
			return (-1);
		sqlite3_bind_int64(st, 1, r->game);
		sqlite3_bind_int(st, 2, i);
		sqlite3_bind_int(st, 3, r->seat[i].was);
		sqlite3_bind_int64(st, 4, r->seat[i].user);
		sqlite3_bind_int(st, 5, r->seat[i].answer);
		if (store_step_done(s, st, "rematch seat put") != 0)
			return (-1);
	}
	return (0);
}

/* Read the offer whose lobby is game: 1, 0 none, -1 failure. */
int
store_rematch_get(struct store *s, int64_t game, struct store_rematch *r)
{
	sqlite3_stmt	*st;
	int		 rc, seat;

	memset(r, 0, sizeof *r);
	if ((st = store_stmt(s, ST_REMATCH_GET, "SELECT old, rotate, expires "
	    "FROM rematches WHERE game = ?1")) == NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, game);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		r->game = game;
		r->old = sqlite3_column_int64(st, 0);
		r->rotate = sqlite3_column_int(st, 1);
		r->expires = sqlite3_column_int64(st, 2);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW)
		return (rc == SQLITE_DONE ? 0 : store_sqlfail(s, "rematch"));
	if ((st = store_stmt(s, ST_REMATCH_SEATS, "SELECT seat, was, user, "
	    "answer FROM rematch_seats WHERE game = ?1")) == NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, game);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		seat = sqlite3_column_int(st, 0);
		if (seat < 0 || seat >= TAC_MAXSEATS)
			continue;
		r->seat[seat].was = sqlite3_column_int(st, 1);
		r->seat[seat].user = sqlite3_column_int64(st, 2);
		r->seat[seat].answer = sqlite3_column_int(st, 3);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return (store_sqlfail(s, "rematch seats"));
	return (1);
}

/* Keep a person's answer (STORE_REMATCH_*) for the lobby's seat. */
int
store_rematch_answer(struct store *s, int64_t game, int seat, int answer)
{
	sqlite3_stmt	*st;

	if ((st = store_stmt(s, ST_REMATCH_ANSWER, "UPDATE rematch_seats SET "
	    "answer = ?3 WHERE game = ?1 AND seat = ?2")) == NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_int(st, 3, answer);
	return (store_step_done(s, st, "rematch answer"));
}

/* Forget the offer whose lobby is game (its game started, or it lapsed). */
int
store_rematch_del(struct store *s, int64_t game)
{
	sqlite3_stmt	*st;

	if ((st = store_stmt(s, ST_REMATCH_SEATS_DEL, "DELETE FROM "
	    "rematch_seats WHERE game = ?1")) == NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, game);
	if (store_step_done(s, st, "rematch seats del") != 0)
		return (-1);
	if ((st = store_stmt(s, ST_REMATCH_DEL, "DELETE FROM rematches "
	    "WHERE game = ?1")) == NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, game);
	return (store_step_done(s, st, "rematch del"));
}
