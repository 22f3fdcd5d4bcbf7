/*
 * db-sqlite.c: the query interface (db.h) over SQLite, a thin layer: the
 * interface has SQLite's shape, so each call is one SQLite call.
 */
#include <stdlib.h>

#include <sqlite3.h>

#include "db.h"
#include "xmalloc.h"

struct db_lite {
	struct db	 head;
	sqlite3		*h;
};

struct db_lite_stmt {
	struct db_stmt	 head;
	sqlite3_stmt	*st;
};

#define LITE(db)	(((struct db_lite *)(db))->h)
#define STMT(s)		(((struct db_lite_stmt *)(s))->st)

/* Prepare a statement kept for the connection's life. */
static int
lite_prepare(struct db *db, const char *sql, struct db_stmt **out)
{
	struct db_lite_stmt	*s;
	sqlite3_stmt		*st;

	*out = NULL;
	if (sqlite3_prepare_v3(LITE(db), sql, -1, SQLITE_PREPARE_PERSISTENT,
	    &st, NULL) != SQLITE_OK)
		return (DB_ERROR);
	s = xcalloc(1, sizeof *s);
	s->head.db = db;
	s->st = st;
	*out = &s->head;
	return (DB_OK);
}

/* Free a statement. */
static void
lite_finalize(struct db_stmt *s)
{
	sqlite3_finalize(STMT(s));
	free(s);
}

/* Bind an integer. */
static void
lite_bind_int64(struct db_stmt *s, int i, int64_t v)
{
	sqlite3_bind_int64(STMT(s), i, v);
}

/* Bind a double. */
static void
lite_bind_double(struct db_stmt *s, int i, double v)
{
	sqlite3_bind_double(STMT(s), i, v);
}

/* Bind text, copied. */
static void
lite_bind_text(struct db_stmt *s, int i, const char *v)
{
	if (v == NULL)
		sqlite3_bind_null(STMT(s), i);
	else
		sqlite3_bind_text(STMT(s), i, v, -1, SQLITE_TRANSIENT);
}

/* Bind NULL. */
static void
lite_bind_null(struct db_stmt *s, int i)
{
	sqlite3_bind_null(STMT(s), i);
}

/* Step: SQLite's codes are the interface's for a row and the end. */
static int
lite_step(struct db_stmt *s)
{
	int	rc = sqlite3_step(STMT(s));

	return (rc == SQLITE_ROW || rc == SQLITE_DONE ? rc : DB_ERROR);
}

/* Reset and clear the bindings. */
static void
lite_reset(struct db_stmt *s)
{
	sqlite3_reset(STMT(s));
	sqlite3_clear_bindings(STMT(s));
}

/* How many columns. */
static int
lite_column_count(struct db_stmt *s)
{
	return (sqlite3_column_count(STMT(s)));
}

/* A column's name. */
static const char *
lite_column_name(struct db_stmt *s, int c)
{
	return (sqlite3_column_name(STMT(s), c));
}

/* A column's type: SQLite's numbers are the interface's. */
static int
lite_column_type(struct db_stmt *s, int c)
{
	return (sqlite3_column_type(STMT(s), c));
}

/* A column as an integer. */
static int64_t
lite_column_int64(struct db_stmt *s, int c)
{
	return (sqlite3_column_int64(STMT(s), c));
}

/* A column as a double. */
static double
lite_column_double(struct db_stmt *s, int c)
{
	return (sqlite3_column_double(STMT(s), c));
}

/* A column as text. */
static const char *
lite_column_text(struct db_stmt *s, int c)
{
	return ((const char *)sqlite3_column_text(STMT(s), c));
}

/* Rows changed. */
static int
lite_changes(struct db *db)
{
	return (sqlite3_changes(LITE(db)));
}

/* Run several statements. */
static int
lite_exec(struct db *db, const char *sql)
{
	return (sqlite3_exec(LITE(db), sql, NULL, NULL, NULL) == SQLITE_OK ?
	    DB_OK : DB_ERROR);
}

/* Is a transaction open? */
static int
lite_in_txn(struct db *db)
{
	return (!sqlite3_get_autocommit(LITE(db)));
}

/* The last message. */
static const char *
lite_errmsg(struct db *db)
{
	return (sqlite3_errmsg(LITE(db)));
}

/* The last extended result code (store-guard.c tells damage by it). */
static int
lite_errcode(struct db *db)
{
	return (sqlite3_extended_errcode(LITE(db)));
}

/* Close the connection. */
static void
lite_close(struct db *db)
{
	sqlite3_close(LITE(db));
	free(db);
}

static const struct db_ops db_lite_ops = {
	"sqlite",
	lite_prepare, lite_finalize,
	lite_bind_int64, lite_bind_double, lite_bind_text, lite_bind_null,
	lite_step, lite_reset,
	lite_column_count, lite_column_name, lite_column_type,
	lite_column_int64, lite_column_double, lite_column_text,
	lite_changes, lite_exec, lite_in_txn,
	lite_errmsg, lite_errcode, lite_close
};

/* Wrap an open connection; closing the db closes it. */
struct db *
db_sqlite_wrap(struct sqlite3 *h)
{
	struct db_lite	*db;

	db = xcalloc(1, sizeof *db);
	db->head.ops = &db_lite_ops;
	db->h = h;
	return (&db->head);
}

/* The SQLite connection under db, NULL when db is not SQLite. */
struct sqlite3 *
db_sqlite_handle(struct db *db)
{
	if (db == NULL || db->ops != &db_lite_ops)
		return (NULL);
	return (LITE(db));
}
