/*
 * store-live.c: what a group's live message of a game tells and how it
 * is kept in sight (sql/0008-live.sql): the last moves, and whether it is
 * pinned.  Its message id is the game's "board" row of messages
 * (store-chat.c).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "xmalloc.h"

/*
 * A game's live state into l (l->moves malloc'd: free it with
 * store_live_free()): 1 found, 0 none (l holds the defaults: no moves,
 * nothing pinned, pinning not tried), -1 failure.
 */
int
store_live_get(struct store *s, int64_t game, struct store_live *l)
{
	struct db_stmt	*st;
	const char	*moves;
	int		 rc;

	memset(l, 0, sizeof *l);
	l->moves = xstrdup("[]");
	if ((st = store_stmt(s, ST_LIVE_GET, "SELECT moves, pinned, pin FROM "
	    "live WHERE game = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	if ((rc = db_step(st)) == DB_ROW) {
		moves = (const char *)db_column_text(st, 0);
		free(l->moves);
		l->moves = xstrdup(moves != NULL ? moves : "[]");
		store_text(st, 1, l->pinned, sizeof l->pinned);
		l->pin = db_column_int(st, 2);
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "live"));
	return (rc == DB_ROW);
}

/* Set the last moves a game's live message tells (JSON text). */
int
store_live_moves(struct store *s, int64_t game, const char *moves)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_LIVE_MOVES, "INSERT INTO live (game, "
	    "moves) VALUES (?1, ?2) ON CONFLICT (game) DO UPDATE SET "
	    "moves = excluded.moves")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	store_bind_text(st, 2, moves);
	return (store_step_done(s, st, "live moves"));
}

/*
 * Set what is pinned for a game (a message, "" none) and whether its chat
 * lets the bot pin (1 yes, -1 no, 0 not known).
 */
int
store_live_pin(struct store *s, int64_t game, const char *pinned, int pin)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_LIVE_PIN, "INSERT INTO live (game, pinned, "
	    "pin) VALUES (?1, ?2, ?3) ON CONFLICT (game) DO UPDATE SET "
	    "pinned = excluded.pinned, pin = excluded.pin")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	store_bind_text(st, 2, pinned);
	db_bind_int(st, 3, pin);
	return (store_step_done(s, st, "live pin"));
}

/* Free what a live state holds. */
void
store_live_free(struct store_live *l)
{
	free(l->moves);
	l->moves = NULL;
}
