/*
 * store-chat.c: a chat's board style, the messages a bridge edits, and a
 * chat that moves to a new platform id.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "store-int.h"

/* Set a chat's board style ("picture" or "text"). */
int
store_chat_set_board(struct store *s, int64_t chat, const char *board)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_CHAT_BOARD,
	    "UPDATE chats SET board = ?2 WHERE id = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, chat);
	store_bind_text(st, 2, board);
	return (store_step_done(s, st, "chat board"));
}

/*
 * The platform message id last delivered for a game's row of a kind
 * ("board", "lobby", "turn") in a chat: 1 found (into buf), 0 none, -1
 * failure.
 */
int
store_message(struct store *s, int64_t game, const char *chat,
    const char *kind, char *buf, size_t len)
{
	struct db_stmt	*st;
	int		 rc;

	if (len > 0)
		buf[0] = '\0';
	if ((st = store_stmt(s, ST_MSG_GET, "SELECT message FROM messages "
	    "WHERE game = ?1 AND chat = ?2 AND kind = ?3")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	store_bind_text(st, 2, chat);
	store_bind_text(st, 3, kind);
	if ((rc = db_step(st)) == DB_ROW)
		store_text(st, 0, buf, len);
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "message"));
	return (rc == DB_ROW);
}

/* Remember the platform message id of a game's row of a kind in a chat. */
int
store_message_put(struct store *s, int64_t game, const char *chat,
    const char *kind, const char *message, int64_t now)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_MSG_PUT, "INSERT INTO messages "
	    "(game, chat, kind, message, at) VALUES (?1, ?2, ?3, ?4, ?5)"
	    " ON CONFLICT (game, chat, kind) DO UPDATE SET message ="
	    " excluded.message, at = excluded.at")) ==
	    NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	store_bind_text(st, 2, chat);
	store_bind_text(st, 3, kind);
	store_bind_text(st, 4, message);
	db_bind_int64(st, 5, now);
	return (store_step_done(s, st, "message put"));
}

/* Forget the message id of a game's row of a kind in a chat. */
int
store_message_forget(struct store *s, int64_t game, const char *chat,
    const char *kind)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_MSG_DEL, "DELETE FROM messages WHERE "
	    "game = ?1 AND chat = ?2 AND kind = ?3")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	store_bind_text(st, 2, chat);
	store_bind_text(st, 3, kind);
	return (store_step_done(s, st, "message forget"));
}

/*
 * The platform message id last delivered for a chat's row of a kind that
 * belongs to no game ("lesson"): 1 found (into buf), 0 none, -1 failure.
 */
int
store_chat_message(struct store *s, const char *platform, const char *chat,
    const char *kind, char *buf, size_t len)
{
	struct db_stmt	*st;
	int		 rc;

	if (len > 0)
		buf[0] = '\0';
	if ((st = store_stmt(s, ST_CHATMSG_GET, "SELECT message FROM "
	    "chat_messages WHERE platform = ?1 AND chat = ?2 AND kind = ?3")) ==
	    NULL)
		return (-1);
	store_bind_text(st, 1, platform);
	store_bind_text(st, 2, chat);
	store_bind_text(st, 3, kind);
	if ((rc = db_step(st)) == DB_ROW)
		store_text(st, 0, buf, len);
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "chat message"));
	return (rc == DB_ROW);
}

/* Remember the platform message id of a chat's row of a kind. */
int
store_chat_message_put(struct store *s, const char *platform,
    const char *chat, const char *kind, const char *message, int64_t now)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_CHATMSG_PUT, "INSERT INTO "
	    "chat_messages (platform, chat, kind, message, at) VALUES (?1, ?2, "
	    "?3, ?4, ?5)"
	    " ON CONFLICT (platform, chat, kind) DO UPDATE SET message"
	    " = excluded.message, at = excluded.at")) == NULL)
		return (-1);
	store_bind_text(st, 1, platform);
	store_bind_text(st, 2, chat);
	store_bind_text(st, 3, kind);
	store_bind_text(st, 4, message);
	db_bind_int64(st, 5, now);
	return (store_step_done(s, st, "chat message put"));
}

/*
 * Run one statement of the rare kind (not cached) with up to four
 * bindings (three texts, unbound when NULL, and an integer ?4).  Returns
 * the rows changed, or for a query the first column of its first row (0:
 * no row); -1 on failure.
 */
static int64_t
store_once(struct store *s, const char *sql, const char *t1,
    const char *t2, const char *t3, int64_t i4)
{
	struct db_stmt	*st;
	int64_t		 v = 0;
	int		 rc;

	if (db_prepare(s->db, sql, &st) != DB_OK)
		return (store_sqlfail(s, "prepare"));
	if (t1 != NULL)
		store_bind_text(st, 1, t1);
	if (t2 != NULL)
		store_bind_text(st, 2, t2);
	if (t3 != NULL)
		store_bind_text(st, 3, t3);
	if (strstr(sql, "?4") != NULL)
		db_bind_int64(st, 4, i4);
	if ((rc = db_step(st)) == DB_ROW)
		v = db_column_int64(st, 0);
	else if (rc == DB_DONE)
		v = strncmp(sql, "SELECT", 6) == 0 ? 0 : db_changes(s->db);
	else
		v = store_sqlfail(s, "chat migrate");
	db_finalize(st);
	return (v);
}

/*
 * A chat of a platform got a new id (a group became a supergroup): its
 * row takes the new id, so its games (which point at the row), language
 * and board style follow; undelivered rows and remembered messages move.
 * The caller holds a transaction.
 *
 * If the new id already has a row (an update from the new chat came
 * before the migration notice), the old row wins: it has the chat's
 * history and settings, the new one was made a moment ago with defaults.
 * The new row's games move over to the old row and the new row goes.
 * Should both have an open game, the new row's one is aborted (a chat has
 * one open game) and its id is left in *aborted for the caller to tell;
 * else *aborted is 0.
 */
int
store_chat_migrate(struct store *s, const char *platform, const char *from,
    const char *to, int64_t *aborted)
{
	int64_t	old, new, open;

	*aborted = 0;
	if (strcmp(from, to) == 0)
		return (0);
	if ((old = store_once(s, "SELECT id FROM chats WHERE platform = ?1 "
	    "AND pid = ?2", platform, from, NULL, 0)) < 0 ||
	    (new = store_once(s, "SELECT id FROM chats WHERE platform = ?1 "
	    "AND pid = ?2", platform, to, NULL, 0)) < 0)
		return (-1);
	if (old != 0 && new != 0) {
		if ((open = store_once(s, "SELECT count(*) FROM games WHERE "
		    "chat = (SELECT id FROM chats WHERE platform = ?1 AND "
		    "pid = ?2) AND state < 2", platform, from, NULL, 0)) < 0 ||
		    (open > 0 && (*aborted = store_once(s, "SELECT id FROM "
		    "games WHERE chat = (SELECT id FROM chats WHERE "
		    "platform = ?1 AND pid = ?2) AND state < 2", platform, to,
		    NULL, 0)) < 0))
			return (-1);
		if ((*aborted > 0 && store_once(s, "UPDATE games SET "
		    "state = 3, actor = -1, due = 0, remind = 0 WHERE id = ?4",
		    NULL, NULL, NULL, *aborted) < 0) ||
		    store_once(s, "UPDATE games SET chat = (SELECT id FROM "
		    "chats WHERE platform = ?1 AND pid = ?2) WHERE chat = "
		    "(SELECT id FROM chats WHERE platform = ?1 AND pid = ?3)",
		    platform, from, to, 0) < 0 ||
		    store_stats_move_chat(s, new, old) != 0 ||
		    store_once(s, "DELETE FROM chats WHERE platform = ?1 AND "
		    "pid = ?2", platform, to, NULL, 0) < 0)
			return (-1);
	}
	if ((old != 0 && store_once(s, "UPDATE chats SET pid = ?3 WHERE "
	    "platform = ?1 AND pid = ?2", platform, from, to, 0) < 0) ||
	    store_once(s, "UPDATE outbox SET chat = ?3 WHERE platform = ?1 "
	    "AND chat = ?2 AND sent = 0", platform, from, to, 0) < 0 ||
	    /* The moved rows replace the new id's rows of the same key. */
	    store_once(s, "DELETE FROM messages WHERE chat = ?3 AND "
	    "(game, kind) IN (SELECT game, kind FROM messages WHERE "
	    "chat = ?2) AND game IN (SELECT g.id FROM games g JOIN chats c "
	    "ON c.id = g.chat WHERE c.platform = ?1)", platform, from, to,
	    0) < 0 ||
	    store_once(s, "UPDATE messages SET chat = ?3 WHERE "
	    "chat = ?2 AND game IN (SELECT g.id FROM games g JOIN chats c ON "
	    "c.id = g.chat WHERE c.platform = ?1)", platform, from, to, 0) < 0)
		return (-1);
	return (0);
}
