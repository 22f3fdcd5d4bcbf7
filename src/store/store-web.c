/*
 * store-web.c: what the Mini App's API reads that no command needs: a
 * person looked up without being added, and one action of a log.
 */
#include <string.h>

#include "store-int.h"

/*
 * The users.id of a person on a platform, and their language (lang,
 * LANG_MAX bytes, may be NULL); 0 when the store has never seen them, -1
 * on failure.  Unlike store_user(), nothing is written: a GET adds no
 * rows.
 */
int64_t
store_user_find(struct store *s, const char *platform, const char *pid,
    char *lang)
{
	sqlite3_stmt	*st;
	int64_t		 id = 0;
	int		 rc;

	if (lang != NULL)
		lang[0] = '\0';
	if ((st = store_stmt(s, ST_USER_FIND, "SELECT id, lang FROM users "
	    "WHERE platform = ?1 AND pid = ?2")) == NULL)
		return (-1);
	store_bind_text(st, 1, platform);
	store_bind_text(st, 2, pid);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		id = sqlite3_column_int64(st, 0);
		if (lang != NULL)
			store_text(st, 1, lang, LANG_MAX);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return (store_sqlfail(s, "user find"));
	return (id);
}

/*
 * Action n (0-based) of a game's log: its seat and text.  1 found, 0 the
 * log is shorter, -1 on failure.
 */
int
store_action_at(struct store *s, int64_t game, int64_t n, int *seat,
    char *buf, size_t len)
{
	sqlite3_stmt	*st;
	int		 rc;

	*seat = -1;
	if (len > 0)
		buf[0] = '\0';
	if ((st = store_stmt(s, ST_ACTION_AT, "SELECT seat, action FROM "
	    "actions WHERE game = ?1 AND n = ?2")) == NULL)
		return (-1);
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int64(st, 2, n);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*seat = sqlite3_column_int(st, 0);
		store_text(st, 1, buf, len);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return (store_sqlfail(s, "action"));
	return (rc == SQLITE_ROW);
}
