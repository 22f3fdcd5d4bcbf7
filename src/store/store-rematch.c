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
	struct db_stmt	*st;
	int		 i;

	if ((st = store_stmt(s, ST_REMATCH_PUT, "INSERT INTO rematches "
	    "(game, old, rotate, expires) VALUES (?1, ?2, ?3, ?4)")) == NULL)
		return (-1);
	db_bind_int64(st, 1, r->game);
	db_bind_int64(st, 2, r->old);
	db_bind_int(st, 3, r->rotate != 0);
	db_bind_int64(st, 4, r->expires);
	if (store_step_done(s, st, "rematch put") != 0)
		return (-1);
	for (i = 0; i < TAC_MAXSEATS; i++) {
		if (r->seat[i].user == 0)
			continue;
		if ((st = store_stmt(s, ST_REMATCH_SEAT_PUT, "INSERT INTO "
		    "rematch_seats (game, seat, was, user, answer) VALUES "
		    "(?1, ?2, ?3, ?4, ?5)")) == NULL)
			return (-1);
		db_bind_int64(st, 1, r->game);
		db_bind_int(st, 2, i);
		db_bind_int(st, 3, r->seat[i].was);
		db_bind_int64(st, 4, r->seat[i].user);
		db_bind_int(st, 5, r->seat[i].answer);
		if (store_step_done(s, st, "rematch seat put") != 0)
			return (-1);
	}
	return (0);
}

/* Read the offer whose lobby is game: 1, 0 none, -1 failure. */
int
store_rematch_get(struct store *s, int64_t game, struct store_rematch *r)
{
	struct db_stmt	*st;
	int		 rc, seat;

	memset(r, 0, sizeof *r);
	if ((st = store_stmt(s, ST_REMATCH_GET, "SELECT old, rotate, expires "
	    "FROM rematches WHERE game = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	if ((rc = db_step(st)) == DB_ROW) {
		r->game = game;
		r->old = db_column_int64(st, 0);
		r->rotate = db_column_int(st, 1);
		r->expires = db_column_int64(st, 2);
	}
	db_reset(st);
	if (rc != DB_ROW)
		return (rc == DB_DONE ? 0 : store_sqlfail(s, "rematch"));
	if ((st = store_stmt(s, ST_REMATCH_SEATS, "SELECT seat, was, user, "
	    "answer FROM rematch_seats WHERE game = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	while ((rc = db_step(st)) == DB_ROW) {
		seat = db_column_int(st, 0);
		if (seat < 0 || seat >= TAC_MAXSEATS)
			continue;
		r->seat[seat].was = db_column_int(st, 1);
		r->seat[seat].user = db_column_int64(st, 2);
		r->seat[seat].answer = db_column_int(st, 3);
	}
	db_reset(st);
	if (rc != DB_DONE)
		return (store_sqlfail(s, "rematch seats"));
	return (1);
}

/* Keep a person's answer (STORE_REMATCH_*) for the lobby's seat. */
int
store_rematch_answer(struct store *s, int64_t game, int seat, int answer)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_REMATCH_ANSWER, "UPDATE rematch_seats SET "
	    "answer = ?3 WHERE game = ?1 AND seat = ?2")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	db_bind_int(st, 3, answer);
	return (store_step_done(s, st, "rematch answer"));
}

/* Forget the offer whose lobby is game (its game started, or it lapsed). */
int
store_rematch_del(struct store *s, int64_t game)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_REMATCH_SEATS_DEL, "DELETE FROM "
	    "rematch_seats WHERE game = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	if (store_step_done(s, st, "rematch seats del") != 0)
		return (-1);
	if ((st = store_stmt(s, ST_REMATCH_DEL, "DELETE FROM rematches "
	    "WHERE game = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	return (store_step_done(s, st, "rematch del"));
}
