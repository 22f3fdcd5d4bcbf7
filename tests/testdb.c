/*
 * testdb.c: the backend of the store's suites (testdb.h).  On PostgreSQL
 * all tests share one database, emptied before each test opens it, as a
 * fresh SQLite file would be.
 */
#include <stdlib.h>

#include <check.h>
#include <libpq-fe.h>

#include "testdb.h"

/* The PostgreSQL URI the suites run on, NULL for SQLite. */
const char *
tdb_url(void)
{
	const char	*u = getenv("TACD_TEST_DATABASE");

	return (u != NULL && *u != '\0' ? u : NULL);
}

/* Drop everything in the test database: the next open starts afresh. */
void
tdb_wipe(void)
{
	PGconn		*c;
	PGresult	*r;

	c = PQconnectdb(tdb_url());
	ck_assert_msg(PQstatus(c) == CONNECTION_OK, "%s: %s", tdb_url(),
	    PQerrorMessage(c));
	r = PQexec(c, "SET client_min_messages = warning; "
	    "DROP SCHEMA public CASCADE; CREATE SCHEMA public");
	ck_assert_msg(PQresultStatus(r) == PGRES_COMMAND_OK, "wipe: %s",
	    PQresultErrorMessage(r));
	PQclear(r);
	PQfinish(c);
}
