/*
 * store-web.c: what the Mini App's API reads that no command needs: a
 * person looked up without being added, one action of a log, and the
 * games' keys (sql/0009-keys.sql): the unguessable names of their links.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* getrandom */
#endif

#include <sys/random.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "xmalloc.h"

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
	struct db_stmt	*st;
	int64_t		 id = 0;
	int		 rc;

	if (lang != NULL)
		lang[0] = '\0';
	if ((st = store_stmt(s, ST_USER_FIND, "SELECT id, lang FROM users "
	    "WHERE platform = ?1 AND pid = ?2")) == NULL)
		return (-1);
	store_bind_text(st, 1, platform);
	store_bind_text(st, 2, pid);
	if ((rc = db_step(st)) == DB_ROW) {
		id = db_column_int64(st, 0);
		if (lang != NULL)
			store_text(st, 1, lang, LANG_MAX);
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
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
	struct db_stmt	*st;
	int		 rc;

	*seat = -1;
	if (len > 0)
		buf[0] = '\0';
	if ((st = store_stmt(s, ST_ACTION_AT, "SELECT seat, action FROM "
	    "actions WHERE game = ?1 AND n = ?2")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int64(st, 2, n);
	if ((rc = db_step(st)) == DB_ROW) {
		*seat = db_column_int(st, 0);
		store_text(st, 1, buf, len);
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "action"));
	return (rc == DB_ROW);
}

/*
 * Make a key: STORE_KEYLEN letters and digits from the system's random
 * source, each as likely as the others (bytes past the last whole 62
 * are drawn again); buf has STORE_KEYLEN + 1 bytes.  -1 if the source
 * fails.
 */
static int
store_key_make(struct store *s, char *buf)
{
	static const char	 abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				    "abcdefghijklmnopqrstuvwxyz0123456789";
	unsigned char		 r[64];
	size_t			 n = 0, i;
	ssize_t			 got;

	while (n < STORE_KEYLEN) {
		if ((got = getrandom(r, sizeof r, 0)) < 0) {
			if (errno == EINTR)
				continue;
			return (store_fail(s, "getrandom: %s",
			    strerror(errno)));
		}
		for (i = 0; i < (size_t)got && n < STORE_KEYLEN; i++) {
			if (r[i] < 248)		/* 4 * 62 */
				buf[n++] = abc[r[i] % 62];
		}
	}
	buf[n] = '\0';
	return (0);
}

/* Give game id a key (it has none yet). */
int
store_key_add(struct store *s, int64_t id)
{
	struct db_stmt	*st;
	char		 key[STORE_KEYLEN + 1];

	if (s->version < STORE_KEYS_VERSION)
		return (0);
	if (store_key_make(s, key) != 0 || (st = store_stmt(s, ST_KEY_ADD,
	    "INSERT INTO game_keys (game, key) VALUES (?1, ?2)")) == NULL)
		return (-1);
	db_bind_int64(st, 1, id);
	store_bind_text(st, 2, key);
	return (store_step_done(s, st, "key add"));
}

/* Game id's key into buf (STORE_KEYLEN + 1 bytes): 1, 0 it has none, -1. */
int
store_key_get(struct store *s, int64_t id, char *buf)
{
	struct db_stmt	*st;
	int		 rc;

	buf[0] = '\0';
	if ((st = store_stmt(s, ST_KEY_GET, "SELECT key FROM game_keys "
	    "WHERE game = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, id);
	if ((rc = db_step(st)) == DB_ROW)
		store_text(st, 0, buf, STORE_KEYLEN + 1);
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "key"));
	return (rc == DB_ROW);
}

/* The game whose key is key: its id, 0 none, -1 on failure. */
int64_t
store_key_game(struct store *s, const char *key)
{
	struct db_stmt	*st;
	int64_t		 id = 0;
	int		 rc;

	if ((st = store_stmt(s, ST_KEY_GAME, "SELECT game FROM game_keys "
	    "WHERE key = ?1")) == NULL)
		return (-1);
	store_bind_text(st, 1, key);
	if ((rc = db_step(st)) == DB_ROW)
		id = db_column_int64(st, 0);
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "key game"));
	return (id);
}

/*
 * The seat a person (users.id) holds in a game: one lookup of the seats'
 * key, whether or not the game is there.  The seat, or -1 (none, or no
 * such game); -2 on failure.
 */
int
store_seat_of(struct store *s, int64_t game, int64_t user)
{
	struct db_stmt	*st;
	int		 rc, seat = -1;

	if ((st = store_stmt(s, ST_SEAT_OF, "SELECT seat FROM seats WHERE "
	    "game = ?1 AND user = ?2")) == NULL)
		return (-2);
	db_bind_int64(st, 1, game);
	db_bind_int64(st, 2, user);
	if ((rc = db_step(st)) == DB_ROW)
		seat = db_column_int(st, 0);
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE) {
		store_sqlfail(s, "seat of");
		return (-2);
	}
	return (seat);
}

/*
 * Give every game that has no key one (the games of a database older
 * than the keys), in one transaction; 0, or -1 with nothing changed.
 */
int
store_keys_fill(struct store *s)
{
	struct db_stmt	*q;
	int64_t		*ids = NULL;
	size_t		 n = 0, cap = 0, i;
	int		 rc;

	if (s->version < STORE_KEYS_VERSION)
		return (0);
	if (db_prepare(s->db, "SELECT id FROM games WHERE id NOT IN "
	    "(SELECT game FROM game_keys)", &q) != DB_OK)
		return (store_sqlfail(s, "keys"));
	while ((rc = db_step(q)) == DB_ROW) {
		if (n == cap) {
			cap = cap != 0 ? cap * 2 : 64;
			ids = xreallocarray(ids, cap, sizeof *ids);
		}
		ids[n++] = db_column_int64(q, 0);
	}
	db_finalize(q);
	if (rc != DB_DONE) {
		free(ids);
		return (store_sqlfail(s, "keys"));
	}
	if (n == 0)
		return (0);
	if (store_begin(s) != 0) {
		free(ids);
		return (-1);
	}
	for (i = 0; i < n; i++) {
		if (store_key_add(s, ids[i]) != 0) {
			free(ids);
			store_rollback(s);
			return (-1);
		}
	}
	free(ids);
	return (store_commit(s));
}
