/*
 * store-pg.c: opening a store on PostgreSQL: the connection string and
 * its password, the schema version (a table, where SQLite has PRAGMA
 * user_version), the migrations in one transaction each.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db-pg.h"
#include "secret.h"
#include "store-int.h"
#include "xmalloc.h"

/* The parameter of a store path naming the password's file (ours). */
#define STORE_PG_PWFILE	"password_file="

/* Is path a PostgreSQL connection string rather than a file? */
int
store_is_pg(const char *path)
{
	return (strncmp(path, "postgresql://", 13) == 0 ||
	    strncmp(path, "postgres://", 11) == 0);
}

/*
 * Split a store path into libpq's URI and the password read from the
 * file its password_file= parameter names (*pw NULL: none).  The URI and
 * *pw are malloc'd; -1 with the reason in the store.
 */
static int
store_pg_split(struct store *s, const char *path, char **uri, char **pw)
{
	char	*u, *p, *end, *file, *cause, line[1024];

	*pw = NULL;
	*uri = u = xstrdup(path);
	if ((p = strstr(u, STORE_PG_PWFILE)) == NULL ||
	    (p[-1] != '?' && p[-1] != '&'))
		return (0);
	end = p + strcspn(p, "&");
	file = xstrndup(p + strlen(STORE_PG_PWFILE),
	    end - p - strlen(STORE_PG_PWFILE));
	/* Take the parameter out: libpq refuses one it does not know. */
	if (*end == '&')
		memmove(p, end + 1, strlen(end + 1) + 1);
	else
		p[-1] = '\0';
	if (secret_read(file, "database password file", SECRET_LINE, line,
	    sizeof line, &cause) != 0) {
		store_fail(s, "%s", cause);
		free(cause);
		free(file);
		return (-1);
	}
	free(file);
	*pw = xstrdup(line);
	return (0);
}

/* The schema version: 0 for a database without tacd's table. */
static int
store_pg_version(struct store *s)
{
	int64_t	n, v;

	if ((n = store_pragma_int(s, "SELECT count(*) FROM pg_tables WHERE "
	    "schemaname = current_schema() AND tablename = 'tacd_schema'")) <
	    0)
		return (-1);
	if (n == 0) {
		if ((n = store_pragma_int(s, "SELECT count(*) FROM pg_tables "
		    "WHERE schemaname = current_schema()")) < 0)
			return (-1);
		if (n > 0)
			return (store_fail(s, "not a tacd database (it has "
			    "tables but no tacd_schema)"));
		return (0);
	}
	v = 0;
	if (store_sql_int(s, "SELECT max(version) FROM tacd_schema", &v) < 0)
		return (-1);
	return ((int)v);
}

/*
 * Apply one migration in its own transaction; an advisory lock held to
 * its end makes a second tacd starting at the same time wait, then find
 * the work done.
 */
static int
store_pg_migrate_one(struct store *s, const struct store_migration *m)
{
	char	sql[128];
	int	cur;

	if (store_exec(s, "BEGIN", "begin") != 0)
		return (-1);
	snprintf(sql, sizeof sql, "SELECT pg_advisory_xact_lock(%d)",
	    STORE_APPID);
	if (store_exec(s, sql, "lock") != 0 ||
	    store_exec(s, "CREATE TABLE IF NOT EXISTS tacd_schema (version "
	    "INTEGER NOT NULL)", "schema table") != 0 ||
	    (cur = store_pg_version(s)) < 0)
		goto fail;
	if (cur >= m->version) {
		s->version = cur;
		return (store_exec(s, "COMMIT", "commit"));
	}
	snprintf(sql, sizeof sql, "DELETE FROM tacd_schema; INSERT INTO "
	    "tacd_schema (version) VALUES (%d)", m->version);
	if (store_exec(s, m->sql, m->name) != 0 ||
	    store_exec(s, sql, m->name) != 0 ||
	    store_exec(s, "COMMIT", m->name) != 0)
		goto fail;
	s->version = m->version;
	return (0);
fail:
	db_exec(s->db, "ROLLBACK");
	return (-1);
}

/* Check what the database is, then bring its schema up to upto. */
static int
store_pg_schema(struct store *s, int upto)
{
	const struct store_migration	*m;

	if ((s->version = store_pg_version(s)) < 0)
		return (-1);
	if (s->version > store_latest())
		return (store_fail(s, "the database has schema version %d, "
		    "newer than this tacd, which knows versions up to %d: "
		    "use a newer tacd", s->version, store_latest()));
	if (s->flags & STORE_RDONLY) {
		if (s->version < upto)
			return (store_fail(s, "the database has schema "
			    "version %d, older than %d: start tacd once to "
			    "upgrade it", s->version, upto));
		return (0);
	}
	for (m = store_migrations; m->name != NULL; m++) {
		if (m->version <= s->version || m->version > upto)
			continue;
		if (store_pg_migrate_one(s, m) != 0)
			return (-1);
	}
	return (0);
}

/*
 * Open the store on PostgreSQL (path: a postgresql:// URI, perhaps with
 * password_file=FILE); the rest as store_open_version().
 */
struct store *
store_pg_open(const char *path, int flags, int upto, char **cause)
{
	struct store	*s;
	char		*uri = NULL, *pw = NULL, *why = NULL;

	*cause = NULL;
	s = xcalloc(1, sizeof *s);
	s->flags = flags;
	s->path = xstrdup(path);
	if (store_pg_split(s, path, &uri, &pw) != 0)
		goto fail;
	if ((s->db = db_pg_open(uri, pw, &why)) == NULL) {
		store_fail(s, "%s", why);
		free(why);
		goto fail;
	}
	/* For every session: a lost one is made anew (db_pg_lead()). */
	if ((flags & STORE_RDONLY) && db_pg_session(s->db, "SET SESSION "
	    "CHARACTERISTICS AS TRANSACTION READ ONLY") != 0) {
		store_fail(s, "read only: %s", db_errmsg(s->db));
		goto fail;
	}
	if (store_pg_schema(s, upto) != 0)
		goto fail;
	if (!(flags & STORE_RDONLY) &&
	    ((s->version >= STORE_STATS_VERSION && store_stats_fill(s) != 0) ||
	    store_keys_fill(s) != 0))
		goto fail;
	free(uri);
	free(pw);
	return (s);
fail:
	/* The URI as given: a password inside it is the admin's choice. */
	xasprintf(cause, "%s: %s", uri != NULL ? uri : path, s->err);
	free(uri);
	free(pw);
	store_close(s);
	return (NULL);
}

/*
 * PostgreSQL's side of store_lead(): try to become the one active
 * process on this store: 1 yes, 0 another process holds it, -1 error;
 * held until store_close() or the connection is lost.  An advisory lock
 * of the session that does all the writes, so a process that lost it
 * cannot write either.
 */
int
store_pg_lead(struct store *s)
{
	int	rc;

	if ((rc = db_pg_lead(s->db)) < 0)
		store_fail(s, "%s", db_errmsg(s->db));
	return (rc);
}

/* PostgreSQL's side of store_leading(): 1 while the lock is still held. */
int
store_pg_leading(struct store *s)
{
	return (db_pg_leading(s->db));
}
