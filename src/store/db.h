/*
 * db.h: the store's one query interface, over SQLite (db-sqlite.c) or
 * PostgreSQL (db-pg.c).  It is shaped like SQLite's statement API, which
 * the store was first written against: prepare with ?N placeholders,
 * bind, step to DB_ROW or DB_DONE, read columns, reset.  Only src/store
 * includes it.
 */
#ifndef DB_H
#define DB_H

#include <stdint.h>

/* What db_step() and friends return (SQLite's own numbers). */
#define DB_OK		0
#define DB_ERROR	1
#define DB_ROW		100
#define DB_DONE		101

/* A column's type, as db_column_type() tells it. */
#define DB_INTEGER	1
#define DB_FLOAT	2
#define DB_TEXT		3
#define DB_NULL		5

struct db;
struct db_stmt;

/* One backend's functions; a connection and its statements carry them. */
struct db_ops {
	const char	*name;
	int		(*prepare)(struct db *, const char *, struct db_stmt **);
	void		(*finalize)(struct db_stmt *);
	void		(*bind_int64)(struct db_stmt *, int, int64_t);
	void		(*bind_double)(struct db_stmt *, int, double);
	void		(*bind_text)(struct db_stmt *, int, const char *);
	void		(*bind_null)(struct db_stmt *, int);
	int		(*step)(struct db_stmt *);
	void		(*reset)(struct db_stmt *);
	int		(*column_count)(struct db_stmt *);
	const char	*(*column_name)(struct db_stmt *, int);
	int		(*column_type)(struct db_stmt *, int);
	int64_t		(*column_int64)(struct db_stmt *, int);
	double		(*column_double)(struct db_stmt *, int);
	const char	*(*column_text)(struct db_stmt *, int);
	int		(*changes)(struct db *);
	int		(*exec)(struct db *, const char *);
	int		(*in_txn)(struct db *);
	const char	*(*errmsg)(struct db *);
	int		(*errcode)(struct db *);
	void		(*close)(struct db *);
};

/* The head of every backend's connection and statement. */
struct db {
	const struct db_ops	*ops;
};
struct db_stmt {
	struct db		*db;
};

/* db-sqlite.c: wrap an open SQLite connection (closed with the db). */
struct sqlite3;
struct db	*db_sqlite_wrap(struct sqlite3 *);
struct sqlite3	*db_sqlite_handle(struct db *);

/* Prepare sql (?N placeholders): DB_OK, or DB_ERROR (see db_errmsg()). */
static inline int
db_prepare(struct db *db, const char *sql, struct db_stmt **st)
{
	return (db->ops->prepare(db, sql, st));
}

/* Free a statement (NULL is fine). */
static inline void
db_finalize(struct db_stmt *st)
{
	if (st != NULL)
		st->db->ops->finalize(st);
}

/* Bind a 64-bit integer to ?idx (1-based). */
static inline void
db_bind_int64(struct db_stmt *st, int idx, int64_t v)
{
	st->db->ops->bind_int64(st, idx, v);
}

/* Bind an int to ?idx. */
static inline void
db_bind_int(struct db_stmt *st, int idx, int v)
{
	st->db->ops->bind_int64(st, idx, v);
}

/* Bind a double to ?idx. */
static inline void
db_bind_double(struct db_stmt *st, int idx, double v)
{
	st->db->ops->bind_double(st, idx, v);
}

/* Bind text to ?idx; it is copied, NULL binds SQL NULL. */
static inline void
db_bind_text(struct db_stmt *st, int idx, const char *v)
{
	st->db->ops->bind_text(st, idx, v);
}

/* Bind SQL NULL to ?idx. */
static inline void
db_bind_null(struct db_stmt *st, int idx)
{
	st->db->ops->bind_null(st, idx);
}

/* Run the statement to its next row: DB_ROW, DB_DONE or DB_ERROR. */
static inline int
db_step(struct db_stmt *st)
{
	return (st->db->ops->step(st));
}

/* Make the statement ready to run again, its bindings cleared. */
static inline void
db_reset(struct db_stmt *st)
{
	st->db->ops->reset(st);
}

/* How many columns a row has. */
static inline int
db_column_count(struct db_stmt *st)
{
	return (st->db->ops->column_count(st));
}

/* A column's name. */
static inline const char *
db_column_name(struct db_stmt *st, int col)
{
	return (st->db->ops->column_name(st, col));
}

/* A column's type in the current row: DB_INTEGER, DB_FLOAT, ... */
static inline int
db_column_type(struct db_stmt *st, int col)
{
	return (st->db->ops->column_type(st, col));
}

/* A column as an integer (NULL reads 0). */
static inline int64_t
db_column_int64(struct db_stmt *st, int col)
{
	return (st->db->ops->column_int64(st, col));
}

/* A column as an int. */
static inline int
db_column_int(struct db_stmt *st, int col)
{
	return ((int)st->db->ops->column_int64(st, col));
}

/* A column as a double. */
static inline double
db_column_double(struct db_stmt *st, int col)
{
	return (st->db->ops->column_double(st, col));
}

/* A column as text, NULL for SQL NULL; valid until the next step. */
static inline const char *
db_column_text(struct db_stmt *st, int col)
{
	return (st->db->ops->column_text(st, col));
}

/* Rows changed by the last INSERT, UPDATE or DELETE. */
static inline int
db_changes(struct db *db)
{
	return (db->ops->changes(db));
}

/* Run SQL text of our own, several statements: DB_OK or DB_ERROR. */
static inline int
db_exec(struct db *db, const char *sql)
{
	return (db->ops->exec(db, sql));
}

/* Is a transaction open? */
static inline int
db_in_txn(struct db *db)
{
	return (db->ops->in_txn(db));
}

/* The last failure's message. */
static inline const char *
db_errmsg(struct db *db)
{
	return (db->ops->errmsg(db));
}

/* The last failure's code (SQLite's extended code; 1 for PostgreSQL). */
static inline int
db_errcode(struct db *db)
{
	return (db->ops->errcode(db));
}

/* Close the connection (its statements must be finalized). */
static inline void
db_close(struct db *db)
{
	if (db != NULL)
		db->ops->close(db);
}

#endif /* DB_H */
