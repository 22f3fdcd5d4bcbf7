/*
 * store-learn.c: what learning keeps (sql/0007-learning.sql): the hints
 * each person took in a game, their progress through the lessons, and
 * finished games' reviews with the people waiting for them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "xmalloc.h"

/*
 * A person took the hint of a game's turn: count it, unless they took
 * this turn's already (the same hint again).  1 counted, 0 not, -1.
 */
int
store_hint_take(struct store *s, int64_t game, int64_t user, int64_t turn)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_HINT_TAKE, "INSERT INTO hints AS h (game, "
	    "user, n, turn) VALUES (?1, ?2, 1, ?3) ON CONFLICT (game, user) DO "
	    "UPDATE SET n = h.n + 1, turn = ?3 WHERE h.turn != ?3")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int64(st, 2, user);
	db_bind_int64(st, 3, turn);
	if (store_step_done(s, st, "hint take") != 0)
		return (-1);
	return (db_changes(s->db) > 0);
}

/* The hints a person took in a game: a count, -1 on failure. */
int64_t
store_hints(struct store *s, int64_t game, int64_t user)
{
	struct db_stmt	*st;
	int64_t		 n = 0;
	int		 rc;

	if ((st = store_stmt(s, ST_HINT_GET, "SELECT n FROM hints WHERE "
	    "game = ?1 AND user = ?2")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int64(st, 2, user);
	if ((rc = db_step(st)) == DB_ROW)
		n = db_column_int64(st, 0);
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "hints"));
	return (n);
}

/*
 * A person's progress in one lesson: its wrong moves and whether it is
 * solved.  1 found, 0 never tried (both 0), -1 on failure.
 */
int
store_lesson_get(struct store *s, int64_t user, const char *lesson,
    int *tries, int *done)
{
	struct db_stmt	*st;
	int		 rc;

	*tries = *done = 0;
	if ((st = store_stmt(s, ST_LESSON_GET, "SELECT tries, done FROM "
	    "lessons WHERE user = ?1 AND lesson = ?2")) == NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	store_bind_text(st, 2, lesson);
	if ((rc = db_step(st)) == DB_ROW) {
		*tries = db_column_int(st, 0);
		*done = db_column_int(st, 1);
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "lesson"));
	return (rc == DB_ROW);
}

/* Write a person's progress in one lesson. */
int
store_lesson_put(struct store *s, int64_t user, const char *lesson,
    int tries, int done, int64_t at)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_LESSON_PUT, "INSERT INTO "
	    "lessons (user, lesson, tries, done, at) VALUES (?1, ?2, ?3, ?4, "
	    "?5)"
	    " ON CONFLICT (user, lesson) DO UPDATE SET tries ="
	    " excluded.tries, done = excluded.done, at = excluded.at")) == NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	store_bind_text(st, 2, lesson);
	db_bind_int(st, 3, tries);
	db_bind_int(st, 4, done != 0);
	db_bind_int64(st, 5, at);
	return (store_step_done(s, st, "lesson put"));
}

/* Call cb with the id of every lesson the person solved. */
int
store_lessons_done(struct store *s, int64_t user,
    void (*cb)(void *, const char *), void *arg)
{
	struct db_stmt	*st;
	int		 rc;

	if ((st = store_stmt(s, ST_LESSONS_DONE, "SELECT lesson FROM lessons "
	    "WHERE user = ?1 AND done = 1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	while ((rc = db_step(st)) == DB_ROW)
		cb(arg, (const char *)db_column_text(st, 0));
	db_reset(st);
	if (rc != DB_DONE)
		return (store_sqlfail(s, "lessons"));
	return (0);
}

/* A game's review: 1 found (free it with store_review_free()), 0, -1. */
int
store_review_get(struct store *s, int64_t game, struct store_review *r)
{
	struct db_stmt	*st;
	const char	*text;
	int		 rc;

	memset(r, 0, sizeof *r);
	if ((st = store_stmt(s, ST_REVIEW_GET, "SELECT next, done, ms, result "
	    "FROM reviews WHERE game = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	if ((rc = db_step(st)) == DB_ROW) {
		r->game = game;
		r->next = db_column_int64(st, 0);
		r->done = db_column_int(st, 1);
		r->ms = db_column_int64(st, 2);
		text = (const char *)db_column_text(st, 3);
		r->result = xstrdup(text != NULL ? text : "{}");
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "review"));
	return (rc == DB_ROW);
}

/*
 * Write a game's review (a new one, or its progress).  An update, not a
 * replace: replacing the row would delete, and so forget, the people
 * waiting for it (review_asks).
 */
int
store_review_put(struct store *s, const struct store_review *r)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_REVIEW_PUT, "INSERT INTO reviews (game, "
	    "next, done, ms, result) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT "
	    "(game) DO UPDATE SET next = ?2, done = ?3, ms = ?4, "
	    "result = ?5")) == NULL)
		return (-1);
	db_bind_int64(st, 1, r->game);
	db_bind_int64(st, 2, r->next);
	db_bind_int(st, 3, r->done != 0);
	db_bind_int64(st, 4, r->ms);
	store_bind_text(st, 5, r->result != NULL ? r->result : "{}");
	return (store_step_done(s, st, "review put"));
}

/* Free what a review holds. */
void
store_review_free(struct store_review *r)
{
	free(r->result);
	r->result = NULL;
}

/* The game of the oldest review still to do, 0 if none, -1 on failure. */
int64_t
store_review_todo(struct store *s)
{
	struct db_stmt	*st;
	int64_t		 game = 0;
	int		 rc;

	if ((st = store_stmt(s, ST_REVIEW_TODO, "SELECT game FROM reviews "
	    "WHERE done = 0 ORDER BY game LIMIT 1")) == NULL)
		return (-1);
	if ((rc = db_step(st)) == DB_ROW)
		game = db_column_int64(st, 0);
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "review todo"));
	return (game);
}

/*
 * A person asked for a game's review before it was done: it goes to
 * chat on platform, in lang, once it is.  Asking again changes nothing.
 */
int
store_review_ask(struct store *s, int64_t game, int64_t user,
    const char *platform, const char *chat, const char *lang)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_REVIEW_ASK, "INSERT INTO "
	    "review_asks (game, user, platform, chat, lang) VALUES (?1, ?2, "
	    "?3, ?4, ?5)"
	    " ON CONFLICT (game, user) DO UPDATE SET platform ="
	    " excluded.platform, chat = excluded.chat, lang ="
	    " excluded.lang")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int64(st, 2, user);
	store_bind_text(st, 3, platform);
	store_bind_text(st, 4, chat);
	store_bind_text(st, 5, lang);
	return (store_step_done(s, st, "review ask"));
}

/*
 * Call cb for everyone waiting for game's review (user, platform, chat,
 * lang), then forget them.  A cb that fails (-1) stops it: nobody is
 * forgotten then.
 */
int
store_review_asks(struct store *s, int64_t game,
    int (*cb)(void *, int64_t, const char *, const char *, const char *),
    void *arg)
{
	struct db_stmt	*st;
	int		 rc = DB_DONE, failed = 0;

	if ((st = store_stmt(s, ST_REVIEW_ASKS, "SELECT user, platform, chat, "
	    "lang FROM review_asks WHERE game = ?1 ORDER BY user")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	while (!failed && (rc = db_step(st)) == DB_ROW)
		failed = cb(arg, db_column_int64(st, 0),
		    (const char *)db_column_text(st, 1),
		    (const char *)db_column_text(st, 2),
		    (const char *)db_column_text(st, 3)) != 0;
	db_reset(st);
	if (failed)
		return (-1);
	if (rc != DB_DONE)
		return (store_sqlfail(s, "review asks"));
	if ((st = store_stmt(s, ST_REVIEW_ASKS_DEL, "DELETE FROM review_asks "
	    "WHERE game = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	return (store_step_done(s, st, "review asks delete"));
}

/*
 * The board style of a chat, by its platform id, into buf ("picture",
 * the default, when the chat is not known).  0, or -1 on failure.
 */
int
store_chat_board_of(struct store *s, const char *platform, const char *pid,
    char *buf, size_t len)
{
	struct db_stmt	*st;
	int		 rc;

	snprintf(buf, len, "picture");
	if ((st = store_stmt(s, ST_CHAT_BOARD_OF, "SELECT board FROM chats "
	    "WHERE platform = ?1 AND pid = ?2")) == NULL)
		return (-1);
	store_bind_text(st, 1, platform);
	store_bind_text(st, 2, pid);
	if ((rc = db_step(st)) == DB_ROW)
		store_text(st, 0, buf, len);
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "chat board"));
	return (0);
}
