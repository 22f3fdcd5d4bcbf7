/*
 * store-copy.c: a whole database copied into a new one, SQLite into
 * PostgreSQL or back (tacctl copy): every table of the schema, row by
 * row with its ids, in one transaction on the target, so a failed copy
 * leaves nothing behind.  The tables are read from the catalog, not
 * named here: a table a migration adds is copied without a word.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store-int.h"
#include "xmalloc.h"

/* A list of names (tables, columns). */
struct copy_names {
	char	**v;
	size_t	  n, cap;
};

/* Add a copy of name to the list. */
static void
copy_names_add(struct copy_names *l, const char *name)
{
	if (l->n == l->cap) {
		l->cap = l->cap != 0 ? l->cap * 2 : 32;
		l->v = xreallocarray(l->v, l->cap, sizeof *l->v);
	}
	l->v[l->n++] = xstrdup(name);
}

/* Free the list's names and empty it. */
static void
copy_names_free(struct copy_names *l)
{
	size_t	i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof *l);
}

/* Is name in the list? */
static int
copy_names_has(const struct copy_names *l, const char *name)
{
	size_t	i;

	for (i = 0; i < l->n; i++) {
		if (strcmp(l->v[i], name) == 0)
			return (1);
	}
	return (0);
}

/*
 * Read the first column of every row of sql into the list: 0, or -1 with
 * the reason in the store.
 */
static int
copy_query_names(struct store *s, const char *sql, struct copy_names *l)
{
	struct db_stmt	*st;
	const char	*t;
	int		 rc;

	if (db_prepare(s->db, sql, &st) != DB_OK)
		return (store_sqlfail(s, "copy: tables"));
	while ((rc = db_step(st)) == DB_ROW) {
		if ((t = db_column_text(st, 0)) != NULL)
			copy_names_add(l, t);
	}
	db_finalize(st);
	if (rc != DB_DONE)
		return (store_sqlfail(s, "copy: tables"));
	return (0);
}

/*
 * The store's tables, but the schema's own bookkeeping (SQLite's
 * sqlite_ tables, PostgreSQL's tacd_schema: the target's migrations
 * wrote those).  PostgreSQL's in the order they were made, which is an
 * order their foreign keys allow: a table is made after those it refers
 * to, and PostgreSQL checks each row as it goes in.
 */
static int
copy_tables(struct store *s, struct copy_names *l)
{
	if (store_is_postgres(s))
		return (copy_query_names(s, "SELECT c.relname FROM pg_class c "
		    "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE "
		    "n.nspname = current_schema() AND c.relkind = 'r' AND "
		    "c.relname <> 'tacd_schema' ORDER BY c.oid", l));
	return (copy_query_names(s, "SELECT name FROM sqlite_master WHERE "
	    "type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
	    "ORDER BY rowid", l));
}

/* Run sql on s and read one integer: 0, or -1 with the reason. */
static int
copy_int(struct store *s, const char *sql, int64_t *v)
{
	*v = 0;
	return (store_sql_int(s, sql, v) < 0 ? -1 : 0);
}

/*
 * Has any of the store's tables a row?  1 yes (the table in *which,
 * malloc'd), 0 no, -1 failure.
 */
static int
copy_has_rows(struct store *s, const struct copy_names *tables, char **which)
{
	char	*sql;
	int64_t	 n;
	size_t	 i;
	int	 rc;

	*which = NULL;
	for (i = 0; i < tables->n; i++) {
		xasprintf(&sql, "SELECT count(*) FROM \"%s\"", tables->v[i]);
		rc = copy_int(s, sql, &n);
		free(sql);
		if (rc != 0)
			return (-1);
		if (n > 0) {
			*which = xstrdup(tables->v[i]);
			return (1);
		}
	}
	return (0);
}

/*
 * Is the PostgreSQL database at path empty, before the copy's migrations
 * touch it: no tables at all, or tacd's tables without a row (a tacd that
 * started once and never got an event)?  0 yes, -1 no or failure, with
 * the reason in *cause.
 */
static int
copy_pg_empty(const char *path, char **cause)
{
	struct store		*t;
	struct copy_names	 tables = { NULL, 0, 0 };
	char			*which, *why;
	int			 rc;

	/* Read only, no migrations: a refused target stays as it was. */
	if ((t = store_open_version(path, STORE_RDONLY, 0, &why)) == NULL) {
		*cause = why;
		return (-1);
	}
	rc = copy_tables(t, &tables);
	if (rc == 0)
		rc = copy_has_rows(t, &tables, &which);
	if (rc < 0)
		xasprintf(cause, "%s: %s", path, store_error(t));
	else if (rc > 0) {
		xasprintf(cause, "%s: not empty (table %s has rows): copy "
		    "into an empty database", path, which);
		free(which);
		rc = -1;
	}
	copy_names_free(&tables);
	store_close(t);
	return (rc);
}

/*
 * Copy the rows of one table: SELECT * on the source, an INSERT naming
 * the same columns on the target, each value bound as the type it was
 * read as.  0, or -1 with the reason in to.
 */
static int
copy_table(struct store *from, struct store *to, const char *table,
    int64_t *rows)
{
	struct db_stmt	*q, *ins = NULL;
	char		*sql;
	size_t		 len, off;
	int		 rc, i, ncol = 0, ok = 0;

	xasprintf(&sql, "SELECT * FROM \"%s\"", table);
	rc = db_prepare(from->db, sql, &q);
	free(sql);
	if (rc != DB_OK)
		return (store_fail(to, "copy %s: %s", table,
		    db_errmsg(from->db)));
	while ((rc = db_step(q)) == DB_ROW) {
		if (ins == NULL) {
			/* The column names, known once a row is read. */
			ncol = db_column_count(q);
			len = strlen(table) + 64;
			for (i = 0; i < ncol; i++)
				len += strlen(db_column_name(q, i)) + 16;
			sql = xmalloc(len);
			off = snprintf(sql, len, "INSERT INTO \"%s\" (", table);
			for (i = 0; i < ncol; i++)
				off += snprintf(sql + off, len - off, "%s\"%s\"",
				    i > 0 ? ", " : "", db_column_name(q, i));
			off += snprintf(sql + off, len - off, ") VALUES (");
			for (i = 0; i < ncol; i++)
				off += snprintf(sql + off, len - off, "%s?%d",
				    i > 0 ? ", " : "", i + 1);
			snprintf(sql + off, len - off, ")");
			rc = db_prepare(to->db, sql, &ins);
			free(sql);
			if (rc != DB_OK) {
				store_sqlfail(to, table);
				goto out;
			}
		}
		db_reset(ins);
		for (i = 0; i < ncol; i++) {
			switch (db_column_type(q, i)) {
			case DB_INTEGER:
				db_bind_int64(ins, i + 1,
				    db_column_int64(q, i));
				break;
			case DB_FLOAT:
				db_bind_double(ins, i + 1,
				    db_column_double(q, i));
				break;
			case DB_NULL:
				db_bind_null(ins, i + 1);
				break;
			default:
				db_bind_text(ins, i + 1, db_column_text(q, i));
				break;
			}
		}
		if (db_step(ins) != DB_DONE) {
			store_sqlfail(to, table);
			goto out;
		}
		(*rows)++;
	}
	if (rc != DB_DONE) {
		store_fail(to, "copy %s: %s", table, db_errmsg(from->db));
		goto out;
	}
	ok = 1;
out:
	db_finalize(ins);
	db_finalize(q);
	return (ok ? 0 : -1);
}

/*
 * Move PostgreSQL's identity sequences past the ids copied in: rows given
 * their id do not advance them, and the next row tacd adds would take an
 * id a copied row has (store_out_last() does the same for one row).
 */
static int
copy_pg_sequences(struct store *to)
{
	struct db_stmt	*q;
	char		*sql;
	int64_t		 v;
	int		 rc, ok = 1;

	if (db_prepare(to->db, "SELECT table_name, column_name FROM "
	    "information_schema.columns WHERE table_schema = current_schema() "
	    "AND is_identity = 'YES'", &q) != DB_OK)
		return (store_sqlfail(to, "copy: sequences"));
	while (ok && (rc = db_step(q)) == DB_ROW) {
		xasprintf(&sql, "SELECT setval(pg_get_serial_sequence('\"%s\"', "
		    "'%s'), max(\"%s\")) FROM \"%s\"", db_column_text(q, 0),
		    db_column_text(q, 1), db_column_text(q, 1),
		    db_column_text(q, 0));
		ok = copy_int(to, sql, &v) == 0;
		free(sql);
	}
	db_finalize(q);
	if (ok && rc != DB_DONE)
		return (store_sqlfail(to, "copy: sequences"));
	return (ok ? 0 : -1);
}

/*
 * Copy every table of from into to, in to's transaction.  0, or -1 with
 * the reason in to.
 */
static int
copy_all(struct store *from, struct store *to, int64_t *rows)
{
	struct copy_names	 src = { NULL, 0, 0 }, dst = { NULL, 0, 0 };
	char			*which;
	size_t			 i;
	int			 rc = -1, has;

	if (copy_tables(from, &src) != 0) {
		store_fail(to, "%s", store_error(from));
		goto out;
	}
	if (copy_tables(to, &dst) != 0)
		goto out;
	/* Same version, same tables; a difference is no tacd schema. */
	for (i = 0; i < dst.n; i++) {
		if (!copy_names_has(&src, dst.v[i])) {
			store_fail(to, "the source has no table %s",
			    dst.v[i]);
			goto out;
		}
	}
	for (i = 0; i < src.n; i++) {
		if (!copy_names_has(&dst, src.v[i])) {
			store_fail(to, "the source has a table %s this tacd "
			    "does not know", src.v[i]);
			goto out;
		}
	}
	/* Empty in this transaction, whatever was looked at before. */
	if ((has = copy_has_rows(to, &dst, &which)) != 0) {
		if (has > 0) {
			store_fail(to, "not empty (table %s has rows)", which);
			free(which);
		}
		goto out;
	}
	for (i = 0; i < dst.n; i++) {
		if (copy_table(from, to, dst.v[i], rows) != 0)
			goto out;
	}
	if (store_is_postgres(to) && copy_pg_sequences(to) != 0)
		goto out;
	rc = 0;
out:
	copy_names_free(&src);
	copy_names_free(&dst);
	return (rc);
}

/*
 * Refuse a store a tacd is running on: it would go on writing what the
 * copy does not see.  PostgreSQL's lead is taken and held to the end of
 * the copy, so no tacd starting meanwhile becomes active on it.  0, or
 * -1 with the reason in *cause.
 */
static int
copy_idle(struct store *s, const char *path, char **cause)
{
	int	rc;

	if (store_is_postgres(s)) {
		if ((rc = store_lead(s)) >= 0)
			rc = !rc;
	} else
		rc = store_lead_busy(s);
	if (rc < 0)
		xasprintf(cause, "%s: %s", path, store_error(s));
	else if (rc > 0)
		xasprintf(cause, "%s: a tacd is running on it: stop it first",
		    path);
	return (rc != 0 ? -1 : 0);
}

/* Remove a new SQLite file the copy made, with its -wal and -shm. */
static void
copy_unlink(const char *path)
{
	char	*side;

	unlink(path);
	xasprintf(&side, "%s-wal", path);
	unlink(side);
	free(side);
	xasprintf(&side, "%s-shm", path);
	unlink(side);
	free(side);
}

/*
 * Copy the whole database from (open, any access) into a new database at
 * path to: a PostgreSQL URI naming an empty database, or an SQLite file
 * that does not exist yet.  The source must have this tacd's newest
 * schema (start tacd on it once to upgrade it); the target is made with
 * the same.  The source is read in one snapshot, the target written in
 * one transaction: all or nothing.  0 with *rows the rows copied, or -1
 * with the reason in *cause (malloc'd).
 */
int
store_copy(struct store *from, const char *to, int64_t *rows, char **cause)
{
	struct store	*t = NULL;
	char		*why;
	int		 pg = store_is_pg(to), made = 0, rc = -1;

	*cause = NULL;
	*rows = 0;
	if (from->version != store_latest()) {
		xasprintf(cause, "%s: schema version %d, not %d: copy with "
		    "the tacd of its version, or start this tacd on it once "
		    "to upgrade it", from->path, from->version,
		    store_latest());
		return (-1);
	}
	if (copy_idle(from, from->path, cause) != 0)
		return (-1);
	if (!pg && access(to, F_OK) == 0) {
		xasprintf(cause, "%s: already exists: copy into a new file",
		    to);
		return (-1);
	}
	if (pg && copy_pg_empty(to, cause) != 0)
		return (-1);
	if ((t = store_open(to, 0, &why)) == NULL) {
		*cause = why;
		if (!pg)
			copy_unlink(to);
		return (-1);
	}
	made = !pg;
	if (copy_idle(t, to, cause) != 0)
		goto out;
	/* One snapshot of the source, whatever runs beside. */
	if (store_exec(from, store_is_postgres(from) ? "BEGIN ISOLATION "
	    "LEVEL REPEATABLE READ READ ONLY" : "BEGIN", "copy: begin") != 0) {
		xasprintf(cause, "%s: %s", from->path, store_error(from));
		goto out;
	}
	if (store_begin(t) != 0 || (!store_is_postgres(t) &&
	    store_exec(t, "PRAGMA defer_foreign_keys = ON", "copy") != 0)) {
		xasprintf(cause, "%s: %s", to, store_error(t));
		db_exec(from->db, "ROLLBACK");
		goto out;
	}
	if (copy_all(from, t, rows) != 0 || store_commit(t) != 0) {
		xasprintf(cause, "%s: %s", to, store_error(t));
		store_rollback(t);
		db_exec(from->db, "ROLLBACK");
		goto out;
	}
	db_exec(from->db, "ROLLBACK");
	rc = 0;
out:
	store_close(t);
	if (rc != 0 && made)
		copy_unlink(to);
	return (rc);
}
