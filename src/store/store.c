/*
 * store.c: opening the database, schema migrations, transactions, the
 * statement cache, the key/value table, update deduplication (backups:
 * store-backup.c).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store-int.h"
#include "xmalloc.h"

/* Format a failure into the store's message and return -1. */
int
store_fail(struct store *s, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(s->err, sizeof s->err, fmt, ap);
	va_end(ap);
	s->code = 0;
	return (-1);
}

/*
 * Record SQLite's own message for a failed step named what, and its
 * result code (store-guard.c tells a damaged file by it); return -1.
 */
int
store_sqlfail(struct store *s, const char *what)
{
	int	code = db_errcode(s->db);

	store_fail(s, "%s: %s", what, db_errmsg(s->db));
	s->code = code;
	return (-1);
}

/* The reason for the last failure. */
const char *
store_error(struct store *s)
{
	return (s->err);
}

/*
 * The SQLite connection, for tests and tacctl's raw needs (no user
 * text!); NULL on PostgreSQL.
 */
struct sqlite3 *
store_db(struct store *s)
{
	return (s->lite);
}

/*
 * The first column of SQL's first row, into *iv or *dv (whichever is
 * not NULL): 1 a row, 0 none, -1 failure.
 */
static int
store_sql_first(struct store *s, const char *sql, int64_t *iv, double *dv)
{
	struct db_stmt	*st;
	int		 rc;

	if (db_prepare(s->db, sql, &st) != DB_OK)
		return (store_sqlfail(s, sql));
	if ((rc = db_step(st)) == DB_ROW) {
		if (iv != NULL)
			*iv = db_column_int64(st, 0);
		else
			*dv = db_column_double(st, 0);
	} else if (rc != DB_DONE)
		store_sqlfail(s, sql);
	db_finalize(st);
	return (rc == DB_ROW ? 1 : rc == DB_DONE ? 0 : -1);
}

/*
 * Run constant SQL of the caller's own (tests, tacctl: never outside
 * text), in SQLite's words on either backend, and read the first column
 * of its first row into *v: 1 a row, 0 none, -1 failure.
 */
int
store_sql_int(struct store *s, const char *sql, int64_t *v)
{
	return (store_sql_first(s, sql, v, NULL));
}

/* The same, the column as a double. */
int
store_sql_double(struct store *s, const char *sql, double *v)
{
	return (store_sql_first(s, sql, NULL, v));
}

/*
 * Every row of SQL to f, a line each, each value after a space: a float
 * exactly (%a), anything else as text, so that two databases' rows
 * compare as strings whichever backend holds them.  0 or -1.
 */
int
store_sql_dump(struct store *s, const char *sql, FILE *f)
{
	struct db_stmt	*st;
	const char	*t;
	int		 rc, i, n;

	if (db_prepare(s->db, sql, &st) != DB_OK)
		return (store_sqlfail(s, sql));
	n = db_column_count(st);
	while ((rc = db_step(st)) == DB_ROW) {
		for (i = 0; i < n; i++) {
			if (db_column_type(st, i) == DB_FLOAT)
				fprintf(f, " %a", db_column_double(st, i));
			else {
				t = (const char *)db_column_text(st, i);
				fprintf(f, " %s", t != NULL ? t : "(null)");
			}
		}
		fputc('\n', f);
	}
	if (rc != DB_DONE)
		store_sqlfail(s, sql);
	db_finalize(st);
	return (rc == DB_DONE ? 0 : -1);
}

/* Run constant SQL of the caller's own, several statements: 0 or -1. */
int
store_sql_exec(struct store *s, const char *sql)
{
	return (store_exec(s, sql, "sql"));
}

/* Is the store on PostgreSQL (else SQLite)? */
int
store_is_postgres(struct store *s)
{
	return (s->lite == NULL);
}

/*
 * Return the cached statement of a slot, reset and with its bindings
 * cleared, preparing it from sql on first use.  NULL on failure.
 */
struct db_stmt *
store_stmt(struct store *s, enum store_slot slot, const char *sql)
{
	struct db_stmt	*st;

	if ((st = s->stmt[slot]) != NULL) {
		db_reset(st);
		return (st);
	}
	if (db_prepare(s->db, sql, &st) != DB_OK) {
		store_sqlfail(s, "prepare");
		return (NULL);
	}
	s->stmt[slot] = st;
	return (st);
}

/*
 * Run a statement that returns no rows and reset it, so that it holds no
 * read lock afterwards.  what names it in the failure message.
 */
int
store_step_done(struct store *s, struct db_stmt *st, const char *what)
{
	int	rc;

	rc = db_step(st);
	if (rc != DB_DONE && rc != DB_ROW) {
		store_sqlfail(s, what);
		db_reset(st);
		return (-1);
	}
	db_reset(st);
	return (0);
}

/*
 * Run an INSERT ... RETURNING id, its bindings set, and reset it: the new
 * row's id, -1 on failure (what names it).  The id comes with the insert,
 * in the same round trip to a server.
 */
int64_t
store_step_id(struct store *s, struct db_stmt *st, const char *what)
{
	int64_t	id;
	int	n;

	if ((n = store_ids(s, st, &id, 1, what)) == 1)
		return (id);
	if (n == 0)
		store_fail(s, "%s: no id came back", what);
	return (-1);
}

/*
 * Read the first column of up to max rows of a prepared statement, its
 * bindings set, into ids, and reset it: how many, -1 failure (what
 * names it).  The queries of who or what is due at a time.
 */
int
store_ids(struct store *s, struct db_stmt *st, int64_t *ids, int max,
    const char *what)
{
	int	rc = DB_DONE, n = 0;

	while (n < max && (rc = db_step(st)) == DB_ROW)
		ids[n++] = db_column_int64(st, 0);
	db_reset(st);
	if (rc != DB_DONE && rc != DB_ROW)
		return (store_sqlfail(s, what));
	return (n);
}

/* Copy a text column into buf, "" for NULL, truncated to fit. */
void
store_text(struct db_stmt *st, int col, char *buf, size_t len)
{
	const char	*t;

	if ((t = db_column_text(st, col)) == NULL)
		t = "";
	snprintf(buf, len, "%s", t);
}

/* Bind text (NULL binds ""); the backend copies it. */
void
store_bind_text(struct db_stmt *st, int idx, const char *text)
{
	db_bind_text(st, idx, text != NULL ? text : "");
}

/* The newest schema version this binary carries. */
int
store_latest(void)
{
	int	i, v = 0;

	for (i = 0; store_migrations[i].name != NULL; i++)
		v = store_migrations[i].version;
	return (v);
}

/* The schema version of the open database. */
int
store_version(struct store *s)
{
	return (s->version);
}

/* Read an integer PRAGMA (or a one-value query); -1 on failure. */
int64_t
store_pragma_int(struct store *s, const char *sql)
{
	struct db_stmt	*st;
	int64_t		 v = -1;

	if (db_prepare(s->db, sql, &st) != DB_OK) {
		store_sqlfail(s, sql);
		return (-1);
	}
	if (db_step(st) == DB_ROW)
		v = db_column_int64(st, 0);
	else
		store_sqlfail(s, sql);
	db_finalize(st);
	return (v);
}

/* Run SQL text of our own (pragmas, migrations); -1 with the reason. */
int
store_exec(struct store *s, const char *sql, const char *what)
{
	if (db_exec(s->db, sql) != DB_OK)
		return (store_fail(s, "%s: %s", what, db_errmsg(s->db)));
	return (0);
}

/*
 * Apply one migration in its own transaction.  The version is read again
 * inside the transaction: if another process migrated meanwhile, there is
 * nothing left to do.
 */
static int
store_migrate_one(struct store *s, const struct store_migration *m)
{
	char	sql[128];
	int64_t	cur;

	if (store_exec(s, "BEGIN IMMEDIATE", "begin") != 0)
		return (-1);
	if ((cur = store_pragma_int(s, "PRAGMA user_version")) < 0)
		goto fail;
	if (cur >= m->version) {
		s->version = (int)cur;
		return (store_exec(s, "COMMIT", "commit"));
	}
	if (store_exec(s, m->sql, m->name) != 0)
		goto fail;
	snprintf(sql, sizeof sql, "PRAGMA user_version = %d; "
	    "PRAGMA application_id = %d", m->version, STORE_APPID);
	if (store_exec(s, sql, m->name) != 0 ||
	    store_exec(s, "COMMIT", m->name) != 0)
		goto fail;
	s->version = m->version;
	return (0);
fail:
	db_exec(s->db, "ROLLBACK");
	return (-1);
}

/* Apply the migrations above the database's version, up to upto. */
static int
store_migrate(struct store *s, int upto)
{
	const struct store_migration	*m;
	int				 expect = 1;

	for (m = store_migrations; m->name != NULL; m++, expect++) {
		if (m->version != expect)
			return (store_fail(s, "migration %s: expected version "
			    "%d (the sql/ files must be numbered 0001, 0002, "
			    "...)", m->name, expect));
		if (m->version <= s->version || m->version > upto)
			continue;
		if (store_migrate_one(s, m) != 0)
			return (-1);
	}
	return (0);
}

/*
 * Set what only this connection sees: the busy timeout, foreign keys, the
 * page cache.  Nothing here writes to the file.
 */
static int
store_conn_pragmas(struct store *s)
{
	sqlite3_busy_timeout(s->lite, 5000);
	/*
	 * A page cache big enough that a group commit's dirty pages stay in
	 * memory until the commit (a smaller one spills them to the WAL one
	 * by one): 8 MB, a third of the daemon's memory budget.
	 */
	return (store_exec(s, "PRAGMA foreign_keys = ON; PRAGMA cache_size = "
	    "-8192", "pragmas"));
}

/*
 * Set the pragmas that write: WAL (a lasting change of the file) and the
 * durability.  Only once the file is known to be ours.
 */
static int
store_file_pragmas(struct store *s)
{
	const char	*sync = "PRAGMA synchronous = FULL";
	sqlite3_stmt	*st;
	int		 wal = 0;

	if (s->flags & STORE_NOSYNC)
		sync = "PRAGMA synchronous = OFF";
	else if (s->flags & STORE_NORMAL)
		sync = "PRAGMA synchronous = NORMAL";
	if (store_exec(s, sync, "synchronous") != 0)
		return (-1);

	/* An in-memory database answers "memory": that is fine too. */
	if (sqlite3_prepare_v2(s->lite, "PRAGMA journal_mode = WAL", -1, &st,
	    NULL) != SQLITE_OK)
		return (store_sqlfail(s, "journal_mode"));
	if (sqlite3_step(st) == SQLITE_ROW) {
		const unsigned char *m = sqlite3_column_text(st, 0);

		wal = m != NULL && (strcmp((const char *)m, "wal") == 0 ||
		    strcmp((const char *)m, "memory") == 0);
	}
	sqlite3_finalize(st);
	if (!wal)
		return (store_fail(s, "cannot switch to WAL mode: %s",
		    sqlite3_errmsg(s->lite)));
	return (0);
}

/*
 * Open (creating if need be) the database at path and bring its schema up
 * to version upto (store_latest() normally; tests stop earlier).  First
 * store_probe() looks at the file through a read-only connection of its
 * own that changes nothing and refuses what is not a tacd database (for
 * a read-write open, a damaged one too).  On failure *cause is a malloc'd
 * message naming the file.
 */
struct store *
store_open_version(const char *path, int flags, int upto, char **cause)
{
	struct store	*s;
	int		 oflags;

	if (store_is_pg(path))
		return (store_pg_open(path, flags, upto, cause));
	*cause = NULL;
	s = xcalloc(1, sizeof *s);
	s->flags = flags;
	s->path = xstrdup(path);
	if (store_probe(s, path, upto, !(flags & STORE_RDONLY)) != 0)
		goto fail;
	oflags = (flags & STORE_RDONLY) ? SQLITE_OPEN_READONLY :
	    SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
	if (sqlite3_open_v2(path, &s->lite, oflags, NULL) != SQLITE_OK) {
		store_fail(s, "open: %s", sqlite3_errmsg(s->lite));
		sqlite3_close(s->lite);
		s->lite = NULL;
		goto fail;
	}
	s->db = db_sqlite_wrap(s->lite);
	sqlite3_extended_result_codes(s->lite, 1);
	if (store_conn_pragmas(s) != 0 || store_inspect(s, upto, 0) != 0)
		goto fail;
	if (!(flags & STORE_RDONLY) && (store_file_pragmas(s) != 0 ||
	    store_migrate(s, upto) != 0 ||
	    (s->version >= STORE_STATS_VERSION && store_stats_fill(s) != 0) ||
	    store_keys_fill(s) != 0))
		goto fail;
	if (!(flags & STORE_RDONLY))
		store_side_note(s);
	return (s);
fail:
	xasprintf(cause, "%s: %s", path, s->err);
	store_close(s);
	return (NULL);
}

/* Open the database at path with the newest schema. */
struct store *
store_open(const char *path, int flags, char **cause)
{
	return (store_open_version(path, flags, store_latest(), cause));
}

/*
 * Close the connection and free its statements.  After the file was lost
 * the -wal and -shm it leaves at the path go too (store_side_drop()).
 */
void
store_close(struct store *s)
{
	int	i;

	if (s == NULL)
		return;
	for (i = 0; i < ST_NSLOTS; i++)
		db_finalize(s->stmt[i]);
	db_close(s->db);
	free(s->list);
	if (s->lost)
		store_side_drop(s);
	free(s->path);
	free(s);
}

/* Run one of the fixed transaction statements. */
static int
store_txn(struct store *s, enum store_slot slot, const char *sql)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, slot, sql)) == NULL)
		return (-1);
	return (store_step_done(s, st, sql));
}

/*
 * Start a write transaction (taking the write lock at once); none once
 * the file was found lost.
 */
int
store_begin(struct store *s)
{
	if (s->lost)
		return (store_fail(s, "%s", s->lostmsg));
	return (store_txn(s, ST_BEGIN, "BEGIN IMMEDIATE"));
}

/*
 * Commit the open transaction, if the file at the path is still the one
 * open; else fail and leave the transaction for the caller to roll back.
 */
int
store_commit(struct store *s)
{
	if (store_file_check(s) != 0)
		return (-1);
	return (store_txn(s, ST_COMMIT, "COMMIT"));
}

/*
 * Roll back the open transaction, if SQLite has not already done so (it
 * may after a full disk or an I/O error).
 */
void
store_rollback(struct store *s)
{
	if (db_in_txn(s->db))
		store_txn(s, ST_ROLLBACK, "ROLLBACK");
}

/* Is a transaction open? */
int
store_in_txn(struct store *s)
{
	return (db_in_txn(s->db));
}

/* Start the savepoint of one event inside a batch. */
int
store_savepoint(struct store *s)
{
	return (store_txn(s, ST_SAVEPOINT, "SAVEPOINT ev"));
}

/* Keep what the event's savepoint did. */
int
store_release(struct store *s)
{
	return (store_txn(s, ST_RELEASE, "RELEASE ev"));
}

/* Undo what the event's savepoint did, keeping the batch's transaction. */
void
store_rollback_to(struct store *s)
{
	if (!db_in_txn(s->db))
		return;
	if (store_txn(s, ST_ROLLBACK_TO, "ROLLBACK TO ev") == 0)
		store_txn(s, ST_RELEASE, "RELEASE ev");
}

/* Read a kv value into buf: 1 found, 0 absent, -1 failure. */
int
store_kv_get(struct store *s, const char *key, char *buf, size_t len)
{
	struct db_stmt	*st;
	int		 rc;

	if ((st = store_stmt(s, ST_KV_GET,
	    "SELECT value FROM kv WHERE key = ?1")) == NULL)
		return (-1);
	store_bind_text(st, 1, key);
	rc = db_step(st);
	if (rc == DB_ROW)
		store_text(st, 0, buf, len);
	else if (rc != DB_DONE)
		store_sqlfail(s, "kv get");
	db_reset(st);
	return (rc == DB_ROW ? 1 : rc == DB_DONE ? 0 : -1);
}

/* Set a kv value. */
int
store_kv_set(struct store *s, const char *key, const char *value)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_KV_SET,
	    "INSERT INTO kv (key, value) VALUES (?1, ?2) "
	    "ON CONFLICT (key) DO UPDATE SET value = excluded.value")) == NULL)
		return (-1);
	store_bind_text(st, 1, key);
	store_bind_text(st, 2, value);
	return (store_step_done(s, st, "kv set"));
}

/* Raise an integer kv value to v (never lower it). */
int
store_kv_max(struct store *s, const char *key, int64_t v)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_KV_MAX,
	    "INSERT INTO kv (key, value) VALUES (?1, CAST(?2 AS TEXT)) "
	    "ON CONFLICT (key) DO UPDATE SET value = excluded.value "
	    "WHERE CAST(kv.value AS INTEGER) < ?2")) == NULL)
		return (-1);
	store_bind_text(st, 1, key);
	db_bind_int64(st, 2, v);
	return (store_step_done(s, st, "kv max"));
}

/*
 * Record that a platform update was processed: 1 when it is new, 0 when
 * it was seen before (or lies below what pruning forgot), -1 on failure.
 * The highest id is kept as "offset:<platform>" for the bridge's restart.
 */
int
store_update_seen(struct store *s, const char *platform, int64_t id,
    int64_t now)
{
	struct db_stmt	*st;
	char		 key[64], buf[32];
	int		 rc;

	snprintf(key, sizeof key, "floor:%s", platform);
	if ((rc = store_kv_get(s, key, buf, sizeof buf)) < 0)
		return (-1);
	if (rc == 1 && id <= strtoll(buf, NULL, 10))
		return (0);

	if ((st = store_stmt(s, ST_SEEN_ADD,
	    "INSERT INTO updates (platform, update_id, at) "
	    "VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING")) == NULL)
		return (-1);
	store_bind_text(st, 1, platform);
	db_bind_int64(st, 2, id);
	db_bind_int64(st, 3, now);
	if (store_step_done(s, st, "update seen") != 0)
		return (-1);
	if (db_changes(s->db) == 0)
		return (0);
	snprintf(key, sizeof key, "offset:%s", platform);
	if (store_kv_max(s, key, id) != 0)
		return (-1);
	return (1);
}

/*
 * Forget up to max update ids recorded before 'before'; returns how many
 * went, -1 on failure.  The highest forgotten id of each platform becomes
 * its floor: anything at or below it counts as seen, so pruning never lets
 * an old update through twice.
 */
int
store_updates_prune(struct store *s, int64_t before, int max)
{
	struct db_stmt	*st;
	char		 key[64], platform[32];
	int64_t		 top;
	int		 rc;

	if ((st = store_stmt(s, ST_SEEN_MAXPRUNED, "SELECT platform, "
	    "max(update_id) FROM (SELECT platform, update_id FROM updates "
	    "WHERE at < ?1 ORDER BY at LIMIT ?2) u GROUP BY platform")) ==
	    NULL)
		return (-1);
	db_bind_int64(st, 1, before);
	db_bind_int(st, 2, max);
	while ((rc = db_step(st)) == DB_ROW) {
		store_text(st, 0, platform, sizeof platform);
		top = db_column_int64(st, 1);
		snprintf(key, sizeof key, "floor:%s", platform);
		if (store_kv_max(s, key, top) != 0) {
			db_reset(st);
			return (-1);
		}
	}
	db_reset(st);
	if (rc != DB_DONE)
		return (store_sqlfail(s, "prune updates"));
	if ((st = store_stmt(s, ST_SEEN_PRUNE, "DELETE FROM updates WHERE "
	    "(platform, update_id) IN (SELECT platform, update_id FROM updates "
	    "WHERE at < ?1 ORDER BY at LIMIT ?2)")) == NULL)
		return (-1);
	db_bind_int64(st, 1, before);
	db_bind_int(st, 2, max);
	if (store_step_done(s, st, "prune updates") != 0)
		return (-1);
	return (db_changes(s->db));
}
