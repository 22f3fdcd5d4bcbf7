/*
 * store-outbox.c: the outbox of messages to deliver, and the games' timers
 * (turn deadlines, reminders, AI moves), which are columns of games.
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
 * Queue a message for a chat of a platform, due now; game is 0 when the
 * message belongs to no game.  Returns the row id, -1 on failure.
 */
int64_t
store_out_add(struct store *s, const char *platform, const char *chat,
    int64_t game, const char *kind, const char *payload, int64_t now)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_OUT_ADD, "INSERT INTO outbox (platform, "
	    "chat, game, kind, payload, created, due) VALUES (?1, ?2, ?3, ?4, "
	    "?5, ?6, ?6) RETURNING id")) == NULL)
		return (-1);
	store_bind_text(st, 1, platform);
	store_bind_text(st, 2, chat);
	db_bind_int64(st, 3, game);
	store_bind_text(st, 4, kind);
	db_bind_text(st, 5, payload);
	db_bind_int64(st, 6, now);
	return (store_step_id(s, st, "outbox add"));
}

/* The columns every row query selects, in store_out_row()'s order. */
#define STORE_OUT_COLS	"o.id, o.platform, o.chat, o.game, o.kind, " \
			"o.payload, o.attempts, o.due"

/*
 * Step st, a query of STORE_OUT_COLS, and read its first row into out:
 * 1, 0 when it has none, -1 on failure (what names the query).  st is
 * reset either way.
 */
static int
store_out_row(struct store *s, struct db_stmt *st, struct store_out *out,
    const char *what)
{
	const char	*p;
	int		 rc;

	memset(out, 0, sizeof *out);
	if ((rc = db_step(st)) != DB_ROW) {
		db_reset(st);
		return (rc == DB_DONE ? 0 : store_sqlfail(s, what));
	}
	out->id = db_column_int64(st, 0);
	store_text(st, 1, out->platform, sizeof out->platform);
	store_text(st, 2, out->chat, sizeof out->chat);
	out->game = db_column_int64(st, 3);
	store_text(st, 4, out->kind, sizeof out->kind);
	p = (const char *)db_column_text(st, 5);
	out->payload = xstrdup(p != NULL ? p : "{}");
	out->attempts = db_column_int(st, 6);
	out->due = db_column_int64(st, 7);
	db_reset(st);
	return (1);
}

/*
 * The oldest undelivered message of a platform that is due at now.  A chat
 * gets its messages in order: while an older one waits for a retry, the
 * newer ones of that chat wait too.  1 found (out->payload is malloc'd),
 * 0 nothing due, -1 failure.
 */
int
store_out_next(struct store *s, const char *platform, int64_t now,
    struct store_out *out)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_OUT_NEXT, "SELECT " STORE_OUT_COLS " FROM "
	    "outbox o WHERE o.platform = ?1 AND o.sent = 0 AND o.due <= ?2 AND "
	    "NOT EXISTS (SELECT 1 FROM outbox b WHERE b.platform = o.platform "
	    "AND b.chat = o.chat AND b.sent = 0 AND b.id < o.id) "
	    "ORDER BY o.due, o.id LIMIT 1")) == NULL) {
		memset(out, 0, sizeof *out);
		return (-1);
	}
	store_bind_text(st, 1, platform);
	db_bind_int64(st, 2, now);
	return (store_out_row(s, st, out, "outbox"));
}

/*
 * The first pending row of a chat's queue (chat "" is the queue of button
 * answers) whose id is above after (0: the queue's head), due or not:
 * 1 found (out->due says when it is due), 0 none, -1 failure.
 */
int
store_out_first(struct store *s, const char *platform, const char *chat,
    int64_t after, struct store_out *out)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_OUT_FIRST, "SELECT " STORE_OUT_COLS " FROM "
	    "outbox o WHERE o.platform = ?1 AND o.chat = ?2 AND o.sent = 0 AND "
	    "o.id > ?3 ORDER BY o.id LIMIT 1")) == NULL) {
		memset(out, 0, sizeof *out);
		return (-1);
	}
	store_bind_text(st, 1, platform);
	store_bind_text(st, 2, chat);
	db_bind_int64(st, 3, after);
	return (store_out_row(s, st, out, "outbox first"));
}

/*
 * The newest pending row of a kind about a game in a chat: its id, 0 if
 * there is none, -1 on failure.
 */
int64_t
store_out_find(struct store *s, const char *platform, const char *chat,
    int64_t game, const char *kind)
{
	struct db_stmt	*st;
	int64_t		 id = 0;
	int		 rc;

	if ((st = store_stmt(s, ST_OUT_FIND, "SELECT max(id) FROM outbox "
	    "WHERE platform = ?1 AND chat = ?2 AND sent = 0 AND game = ?3 AND "
	    "kind = ?4")) == NULL)
		return (-1);
	store_bind_text(st, 1, platform);
	store_bind_text(st, 2, chat);
	db_bind_int64(st, 3, game);
	store_bind_text(st, 4, kind);
	if ((rc = db_step(st)) == DB_ROW &&
	    db_column_type(st, 0) != DB_NULL)
		id = db_column_int64(st, 0);
	db_reset(st);
	if (rc != DB_ROW)
		return (store_sqlfail(s, "outbox find"));
	return (id);
}

/*
 * Move a pending row to the end of the outbox (a new id, the highest):
 * it goes after every row written so far.  0, or -1 on failure.
 */
int
store_out_last(struct store *s, int64_t id)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_OUT_LAST, "UPDATE outbox SET id = (SELECT "
	    "max(id) + 1 FROM outbox) WHERE id = ?1 AND sent = 0")) == NULL)
		return (-1);
	db_bind_int64(st, 1, id);
	if (store_step_done(s, st, "outbox last") != 0)
		return (-1);
	/*
	 * SQLite gives the next row max(id) + 1; PostgreSQL's sequence
	 * must be told the id was taken.
	 */
	if (!store_is_postgres(s))
		return (0);
	if ((st = store_stmt(s, ST_OUT_LAST_SEQ, "SELECT setval("
	    "pg_get_serial_sequence('outbox', 'id'), max(id)) FROM outbox")) ==
	    NULL)
		return (-1);
	return (store_step_done(s, st, "outbox last"));
}

/*
 * Call cb for every chat of a platform with pending rows (the answers'
 * chat "" too).  0, or -1 on failure.
 */
int
store_out_chats(struct store *s, const char *platform,
    void (*cb)(void *, const char *), void *arg)
{
	struct db_stmt	*st;
	char		 chat[64];
	int		 rc;

	if ((st = store_stmt(s, ST_OUT_CHATS, "SELECT DISTINCT chat FROM "
	    "outbox WHERE platform = ?1 AND sent = 0")) == NULL)
		return (-1);
	store_bind_text(st, 1, platform);
	while ((rc = db_step(st)) == DB_ROW) {
		store_text(st, 0, chat, sizeof chat);
		cb(arg, chat);
	}
	db_reset(st);
	if (rc != DB_DONE)
		return (store_sqlfail(s, "outbox chats"));
	return (0);
}

/*
 * Mark a message delivered (sent 1) or given up (sent 2), keeping the
 * platform's message id (NULL: none).  Only pending rows change.
 */
int
store_out_done(struct store *s, int64_t id, const char *message, int sent,
    int64_t now)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_OUT_DONE, "UPDATE outbox SET sent = ?2, "
	    "message = ?3, due = ?4 WHERE id = ?1 AND sent = 0")) == NULL)
		return (-1);
	db_bind_int64(st, 1, id);
	db_bind_int(st, 2, sent);
	if (message != NULL)
		store_bind_text(st, 3, message);
	else
		db_bind_null(st, 3);
	db_bind_int64(st, 4, now);
	if (store_step_done(s, st, "outbox done") != 0)
		return (-1);
	if (db_changes(s->db) != 1)
		return (store_fail(s, "outbox row %lld: not pending",
		    (long long)id));
	return (0);
}

/*
 * Try a message again at 'when', counting a failed attempt (failed 1) or
 * not (0: a rate limit said wait, nothing failed).
 */
int
store_out_retry(struct store *s, int64_t id, int64_t when, int failed)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_OUT_RETRY, "UPDATE outbox SET "
	    "attempts = attempts + ?3, due = ?2 WHERE id = ?1 AND sent = 0")) ==
	    NULL)
		return (-1);
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, when);
	db_bind_int(st, 3, failed != 0);
	if (store_step_done(s, st, "outbox retry") != 0)
		return (-1);
	if (db_changes(s->db) != 1)
		return (store_fail(s, "outbox row %lld: not pending",
		    (long long)id));
	return (0);
}

/*
 * Delete up to max messages that were finished before 'before'.  Returns
 * how many went, -1 on failure.
 */
int
store_out_prune(struct store *s, int64_t before, int max)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_OUT_PRUNE, "DELETE FROM outbox WHERE id IN "
	    "(SELECT id FROM outbox WHERE sent != 0 AND due < ?1 LIMIT ?2)")) ==
	    NULL)
		return (-1);
	db_bind_int64(st, 1, before);
	db_bind_int(st, 2, max);
	if (store_step_done(s, st, "outbox prune") != 0)
		return (-1);
	return (db_changes(s->db));
}

/* How many messages wait for delivery (platform NULL: on any platform). */
int64_t
store_out_pending(struct store *s, const char *platform)
{
	struct db_stmt	*st;
	int64_t		 n = 0;
	int		 rc;

	if ((st = store_stmt(s, ST_OUT_PENDING, "SELECT count(*) FROM outbox "
	    "WHERE sent = 0 AND (?1 IS NULL OR platform = ?1)")) == NULL)
		return (-1);
	if (platform != NULL)
		store_bind_text(st, 1, platform);
	if ((rc = db_step(st)) == DB_ROW)
		n = db_column_int64(st, 0);
	db_reset(st);
	if (rc != DB_ROW)
		return (store_sqlfail(s, "outbox pending"));
	return (n);
}

/* Free what an outbox row owns. */
void
store_out_free(struct store_out *out)
{
	free(out->payload);
	out->payload = NULL;
}

/*
 * The earliest time any game's timer is due, or someone's time away is
 * up, or someone's morning digest, -1 when none is set.
 */
int64_t
store_timer_next(struct store *s)
{
	struct db_stmt	*st;
	int64_t		 t = -1;
	int		 rc;

	if ((st = store_stmt(s, ST_TIMER_NEXT, "SELECT min(t) FROM ("
	    "SELECT min(due) AS t FROM games WHERE due > 0 UNION ALL "
	    "SELECT min(remind) FROM games WHERE remind > 0 UNION ALL "
	    "SELECT min(until) FROM user_away UNION ALL "
	    "SELECT min(at) FROM user_digest) m")) == NULL)
		return (-2);
	if ((rc = db_step(st)) == DB_ROW &&
	    db_column_type(st, 0) != DB_NULL)
		t = db_column_int64(st, 0);
	db_reset(st);
	if (rc != DB_ROW) {
		store_sqlfail(s, "timers");
		return (-2);
	}
	return (t);
}

/*
 * Up to max games with a timer due at now (a turn's deadline, an AI move,
 * a reminder), earliest first.  Returns how many, -1 on failure.
 */
int
store_timers_due(struct store *s, int64_t now, int64_t *ids, int max)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_TIMERS_DUE, "SELECT id FROM ("
	    "SELECT id, due AS t FROM games WHERE due > 0 AND due <= ?1 "
	    "UNION ALL SELECT id, remind FROM games WHERE remind > 0 AND "
	    "remind <= ?1) d GROUP BY id ORDER BY min(t), id LIMIT ?2")) ==
	    NULL)
		return (-1);
	db_bind_int64(st, 1, now);
	db_bind_int(st, 2, max);
	return (store_ids(s, st, ids, max, "timers due"));
}
