/*
 * testdb.c: the backend of the store's suites (testdb.h).  On PostgreSQL
 * all tests share one database, emptied before each test opens it, as a
 * fresh SQLite file would be.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <libpq-fe.h>

#include "store.h"
#include "testdb.h"

/* The PostgreSQL URI the suites run on, NULL for SQLite. */
const char *
tdb_url(void)
{
	const char	*u = getenv("TACD_TEST_DATABASE");

	return (u != NULL && *u != '\0' ? u : NULL);
}

/*
 * The store path of scratch database k of a test (a test may have two
 * stores open at once): on PostgreSQL the URI with schema tK first in
 * the search path, so each is a database of its own.
 */
void
tdb_path(char *buf, size_t len, int k)
{
	snprintf(buf, len, "%s%soptions=-csearch_path%%3Dt%d", tdb_url(),
	    strchr(tdb_url(), '?') != NULL ? "&" : "?", k);
}

/* The first column of the first row of a query, -1 on failure or none. */
static long long
tdb_int(PGconn *c, const char *sql)
{
	PGresult	*r;
	long long	 v = -1;

	r = PQexec(c, sql);
	if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) > 0 &&
	    !PQgetisnull(r, 0, 0))
		v = atoll(PQgetvalue(r, 0, 0));
	PQclear(r);
	return (v);
}

/* Run SQL that must succeed. */
static void
tdb_exec(PGconn *c, const char *sql)
{
	PGresult	*r;

	r = PQexec(c, sql);
	ck_assert_msg(PQresultStatus(r) == PGRES_COMMAND_OK ||
	    PQresultStatus(r) == PGRES_TUPLES_OK, "%s: %s", sql,
	    PQresultErrorMessage(r));
	PQclear(r);
}

/*
 * Empty scratch database k: the next open starts afresh.  One at the
 * newest schema with all its tables only loses its rows and restarts its
 * ids, which is what migrating anew gives, at a fraction of the time;
 * anything else (an older version, a table dropped by a test), or any
 * when whole (a test opens an older version), is dropped whole.
 */
void
tdb_wipe(int k, int whole)
{
	const struct store_migration	*m;
	const char			*p;
	PGconn				*c;
	char				 sql[512];
	long long			 v, n, tables = 1;	/* tacd_schema */

	for (m = store_migrations; m->name != NULL; m++) {
		for (p = m->sql; (p = strstr(p, "CREATE TABLE")) != NULL; p++)
			tables++;
	}
	c = PQconnectdb(tdb_url());
	ck_assert_msg(PQstatus(c) == CONNECTION_OK, "%s: %s", tdb_url(),
	    PQerrorMessage(c));
	snprintf(sql, sizeof sql, "SET client_min_messages = warning; "
	    "CREATE SCHEMA IF NOT EXISTS t%d; SET search_path = t%d", k, k);
	tdb_exec(c, sql);
	v = tdb_int(c, "SELECT max(version) FROM tacd_schema");
	n = tdb_int(c, "SELECT count(*) FROM pg_tables WHERE schemaname = "
	    "current_schema()");
	if (!whole && v == store_latest() && n == tables) {
		/* DELETE, not TRUNCATE: that makes new files, 15 times
		 * slower for tables this small. */
		tdb_exec(c, "DO $$ DECLARE t text; BEGIN "
		    "SET LOCAL session_replication_role = replica; "
		    "FOR t IN SELECT quote_ident(tablename) FROM pg_tables "
		    "WHERE schemaname = current_schema() AND tablename != "
		    "'tacd_schema' LOOP EXECUTE 'DELETE FROM ' || t; END LOOP; "
		    "FOR t IN SELECT quote_ident(sequencename) FROM "
		    "pg_sequences WHERE schemaname = current_schema() LOOP "
		    "EXECUTE 'ALTER SEQUENCE ' || t || ' RESTART'; END LOOP; "
		    "END $$");
	} else {
		snprintf(sql, sizeof sql, "DROP SCHEMA t%d CASCADE; "
		    "CREATE SCHEMA t%d", k, k);
		tdb_exec(c, sql);
	}
	PQfinish(c);
}
