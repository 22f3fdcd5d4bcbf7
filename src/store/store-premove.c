/*
 * store-premove.c: a play chosen ahead of a person's turn
 * (sql/0017-premove.sql), one per seat of a game.  Whether it is still
 * legal, and when it is played, is the service's (service-premove.c).
 */
#include <stdio.h>
#include <string.h>

#include "store-int.h"

/* Keep seat's premove in game, replacing the one it had. */
int
store_premove_put(struct store *s, int64_t game, int seat,
    const struct store_premove *p)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_PREMOVE_PUT, "INSERT INTO "
	    "premoves (game, seat, user, round, action, made) VALUES (?1, "
	    "?2, ?3, ?4, ?5, ?6)"
	    " ON CONFLICT (game, seat) DO UPDATE SET user ="
	    " excluded.user, round = excluded.round, action ="
	    " excluded.action, made = excluded.made")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	db_bind_int64(st, 3, p->user);
	db_bind_int(st, 4, p->round);
	db_bind_text(st, 5, p->action);
	db_bind_int64(st, 6, p->made);
	return (store_step_done(s, st, "premove put"));
}

/* Read seat's premove in game: 1, 0 none, -1 failure. */
int
store_premove_get(struct store *s, int64_t game, int seat,
    struct store_premove *p)
{
	struct db_stmt	*st;
	const char	*a;
	int		 rc;

	memset(p, 0, sizeof *p);
	if ((st = store_stmt(s, ST_PREMOVE_GET, "SELECT user, round, action, "
	    "made FROM premoves WHERE game = ?1 AND seat = ?2")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	if ((rc = db_step(st)) == DB_ROW) {
		p->user = db_column_int64(st, 0);
		p->round = db_column_int(st, 1);
		a = (const char *)db_column_text(st, 2);
		snprintf(p->action, sizeof p->action, "%s", a != NULL ? a : "");
		p->made = db_column_int64(st, 3);
	}
	db_reset(st);
	if (rc != DB_ROW)
		return (rc == DB_DONE ? 0 : store_sqlfail(s, "premove"));
	return (1);
}

/* Drop seat's premove in game (seat -1: every seat's). */
int
store_premove_del(struct store *s, int64_t game, int seat)
{
	struct db_stmt	*st;

	if (seat < 0) {
		if ((st = store_stmt(s, ST_PREMOVES_DEL, "DELETE FROM "
		    "premoves WHERE game = ?1")) == NULL)
			return (-1);
		db_bind_int64(st, 1, game);
		return (store_step_done(s, st, "premoves del"));
	}
	if ((st = store_stmt(s, ST_PREMOVE_DEL, "DELETE FROM premoves WHERE "
	    "game = ?1 AND seat = ?2")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	return (store_step_done(s, st, "premove del"));
}
