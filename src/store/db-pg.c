/*
 * db-pg.c: the query interface (db.h) over PostgreSQL with libpq.
 *
 * The store's SQL is written once, in SQLite's words; db_pg_sql()
 * (db-pg-sql.c) turns it into PostgreSQL's (?N into $N, the types, the
 * two column names PostgreSQL reserves).  A statement is prepared on the
 * server at its first run, with the types its parameters were bound as
 * (PostgreSQL infers none from "?2 < x" where x is text, say), and its
 * whole result is read at once: step walks the rows in memory.
 *
 * A session lost (the server ended it, the network went) is made anew
 * when the lead is tried again (db_pg_lead()): its settings are set
 * again and every statement is prepared again at its next run, since
 * the server's prepared statements went with the old session.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>

#include "db.h"
#include "db-pg.h"
#include "xmalloc.h"

/* The type ids of pg_type that the binding and the reading need. */
#define OID_BOOL	16
#define OID_INT8	20
#define OID_INT2	21
#define OID_INT4	23
#define OID_TEXT	25
#define OID_FLOAT4	700
#define OID_FLOAT8	701
#define OID_NUMERIC	1700

struct db_pg {
	struct db	 head;
	PGconn		*conn;
	char		 err[512];
	int		 changes;
	unsigned	 nstmt;		/* names the server's statements */
	unsigned	 session;	/* counts the sessions made anew */
	char		*setup;		/* SET ... run on every new session */
	int		 leads;		/* holds the lock of db_pg_lead() */
};

struct db_pg_stmt {
	struct db_stmt	 head;
	char		*sql;		/* PostgreSQL's words */
	char		 name[16];	/* "" until prepared */
	unsigned	 session;	/* the session it was prepared in */
	int		 nparams;
	char		**vals;		/* NULL: SQL NULL */
	Oid		*types;
	PGresult	*res;
	int		 row;		/* the current row, -1 before */
	int		 nrows;
	int		 failed;	/* the last step failed */
};

#define PG(db)		((struct db_pg *)(db))
#define PST(s)		((struct db_pg_stmt *)(s))

/* Keep libpq's message of the last failure, one line. */
static void
pg_error(struct db_pg *db, const char *what, const PGresult *res)
{
	const char	*m;
	char		*p;

	m = res != NULL ? PQresultErrorMessage(res) : PQerrorMessage(db->conn);
	if (m == NULL || *m == '\0')
		m = PQerrorMessage(db->conn);
	snprintf(db->err, sizeof db->err, "%s%s%s", what, *what ? ": " : "",
	    m);
	for (p = db->err; *p != '\0'; p++) {
		if (*p == '\n')
			*p = *(p + 1) == '\0' ? '\0' : ' ';
	}
}

/* Make a statement: turned into PostgreSQL's words, prepared later. */
static int
pg_prepare(struct db *db, const char *sql, struct db_stmt **out)
{
	struct db_pg_stmt	*s;
	int			 n;

	*out = NULL;
	s = xcalloc(1, sizeof *s);
	s->head.db = db;
	s->sql = db_pg_sql(sql, &n);
	s->nparams = n;
	if (n > 0) {
		s->vals = xcalloc(n, sizeof *s->vals);
		s->types = xcalloc(n, sizeof *s->types);
	}
	s->row = -1;
	*out = &s->head;
	return (DB_OK);
}

/* Forget the bindings. */
static void
pg_clear(struct db_pg_stmt *s)
{
	int	i;

	for (i = 0; i < s->nparams; i++) {
		free(s->vals[i]);
		s->vals[i] = NULL;
	}
}

/* Make the statement ready to run again. */
static void
pg_reset(struct db_stmt *st)
{
	struct db_pg_stmt	*s = PST(st);

	PQclear(s->res);
	s->res = NULL;
	s->row = -1;
	s->nrows = 0;
	s->failed = 0;
	pg_clear(s);
}

/* Free a statement; the server's copy goes with the session. */
static void
pg_finalize(struct db_stmt *st)
{
	struct db_pg_stmt	*s = PST(st);
	struct db_pg		*db = PG(st->db);
	char			 sql[48];

	pg_reset(st);
	if (s->name[0] != '\0' && s->session == db->session &&
	    PQstatus(db->conn) == CONNECTION_OK) {
		snprintf(sql, sizeof sql, "DEALLOCATE %s", s->name);
		PQclear(PQexec(db->conn, sql));
	}
	free(s->vals);
	free(s->types);
	free(s->sql);
	free(s);
}

/* Set parameter i (1-based) to text v of type oid; beyond nparams: none. */
static void
pg_bind(struct db_stmt *st, int i, char *v, Oid oid)
{
	struct db_pg_stmt	*s = PST(st);

	if (i < 1 || i > s->nparams) {
		free(v);
		return;
	}
	free(s->vals[i - 1]);
	s->vals[i - 1] = v;
	/* The type of its first binding is the one prepared. */
	if (s->name[0] == '\0' && (v != NULL || s->types[i - 1] == 0))
		s->types[i - 1] = oid;
}

/* Bind an integer. */
static void
pg_bind_int64(struct db_stmt *st, int i, int64_t v)
{
	char	*t;

	xasprintf(&t, "%" PRId64, v);
	pg_bind(st, i, t, OID_INT8);
}

/* Bind a double, every digit kept. */
static void
pg_bind_double(struct db_stmt *st, int i, double v)
{
	char	*t;

	xasprintf(&t, "%.17g", v);
	pg_bind(st, i, t, OID_FLOAT8);
}

/* Bind text (NULL: SQL NULL). */
static void
pg_bind_text(struct db_stmt *st, int i, const char *v)
{
	pg_bind(st, i, v != NULL ? xstrdup(v) : NULL, OID_TEXT);
}

/* Bind SQL NULL, its type left to the server. */
static void
pg_bind_null(struct db_stmt *st, int i)
{
	pg_bind(st, i, NULL, 0);
}

/* Does sql use parameter $n? */
static int
pg_uses(const char *sql, int n)
{
	const char	*p;
	char		 t[16];
	size_t		 len;

	len = snprintf(t, sizeof t, "$%d", n);
	for (p = sql; (p = strstr(p, t)) != NULL; p += len) {
		if (!isdigit((unsigned char)p[len]))
			return (1);
	}
	return (0);
}

/* Prepare the statement on the server with the bound types. */
static int
pg_server_prepare(struct db_pg_stmt *s, struct db_pg *db)
{
	PGresult	*res;
	char		 name[16];
	int		 i, ok;

	/* A parameter the SQL does not use needs a type all the same. */
	for (i = 0; i < s->nparams; i++) {
		if (s->types[i] == 0 && !pg_uses(s->sql, i + 1))
			s->types[i] = OID_TEXT;
	}
	snprintf(name, sizeof name, "s%u", ++db->nstmt);
	res = PQprepare(db->conn, name, s->sql, s->nparams, s->types);
	ok = PQresultStatus(res) == PGRES_COMMAND_OK;
	if (!ok)
		pg_error(db, "", res);
	else {
		snprintf(s->name, sizeof s->name, "%s", name);
		s->session = db->session;
	}
	PQclear(res);
	return (ok ? 0 : -1);
}

/* Run the statement at the first step; walk its rows at the next ones. */
static int
pg_step(struct db_stmt *st)
{
	struct db_pg_stmt	*s = PST(st);
	struct db_pg		*db = PG(st->db);
	ExecStatusType		 rs;

	if (s->failed)
		return (DB_ERROR);
	if (s->res == NULL) {
		/* Prepared in a session that is gone: prepare it again. */
		if (s->session != db->session)
			s->name[0] = '\0';
		if (s->name[0] == '\0' && pg_server_prepare(s, db) != 0) {
			s->failed = 1;
			return (DB_ERROR);
		}
		s->res = PQexecPrepared(db->conn, s->name, s->nparams,
		    (const char *const *)s->vals, NULL, NULL, 0);
		rs = PQresultStatus(s->res);
		if (rs == PGRES_COMMAND_OK) {
			db->changes = atoi(PQcmdTuples(s->res));
			s->nrows = 0;
		} else if (rs == PGRES_TUPLES_OK) {
			s->nrows = PQntuples(s->res);
			/* A DML statement with RETURNING counts its rows. */
			if (*PQcmdTuples(s->res) != '\0' &&
			    strncmp(PQcmdStatus(s->res), "SELECT", 6) != 0)
				db->changes = atoi(PQcmdTuples(s->res));
		} else {
			pg_error(db, "", s->res);
			s->failed = 1;
			return (DB_ERROR);
		}
	}
	if (s->row + 1 < s->nrows) {
		s->row++;
		return (DB_ROW);
	}
	s->row = s->nrows;
	return (DB_DONE);
}

/* How many columns. */
static int
pg_column_count(struct db_stmt *st)
{
	return (PST(st)->res != NULL ? PQnfields(PST(st)->res) : 0);
}

/* A column's name. */
static const char *
pg_column_name(struct db_stmt *st, int c)
{
	const char	*n = NULL;

	if (PST(st)->res != NULL)
		n = PQfname(PST(st)->res, c);
	return (n != NULL ? n : "");
}

/* Is the current row's column there and not NULL? */
static int
pg_has(struct db_pg_stmt *s, int c)
{
	return (s->res != NULL && s->row >= 0 && s->row < s->nrows &&
	    c >= 0 && c < PQnfields(s->res) && !PQgetisnull(s->res, s->row, c));
}

/* A column's type: integers, booleans and whole numerics are integers. */
static int
pg_column_type(struct db_stmt *st, int c)
{
	struct db_pg_stmt	*s = PST(st);

	if (!pg_has(s, c))
		return (DB_NULL);
	switch (PQftype(s->res, c)) {
	case OID_BOOL:
	case OID_INT2:
	case OID_INT4:
	case OID_INT8:
		return (DB_INTEGER);
	case OID_NUMERIC:
		/* sum() of integers is a numeric: whole, it is an integer. */
		return (strchr(PQgetvalue(s->res, s->row, c), '.') == NULL ?
		    DB_INTEGER : DB_FLOAT);
	case OID_FLOAT4:
	case OID_FLOAT8:
		return (DB_FLOAT);
	}
	return (DB_TEXT);
}

/* A column as an integer: booleans read 1 and 0, as SQLite's do. */
static int64_t
pg_column_int64(struct db_stmt *st, int c)
{
	struct db_pg_stmt	*s = PST(st);
	const char		*v;

	if (!pg_has(s, c))
		return (0);
	v = PQgetvalue(s->res, s->row, c);
	if (PQftype(s->res, c) == OID_BOOL)
		return (*v == 't');
	if (PQftype(s->res, c) == OID_FLOAT8 ||
	    PQftype(s->res, c) == OID_FLOAT4)
		return ((int64_t)strtod(v, NULL));
	return (strtoll(v, NULL, 10));
}

/* A column as a double. */
static double
pg_column_double(struct db_stmt *st, int c)
{
	struct db_pg_stmt	*s = PST(st);

	if (!pg_has(s, c))
		return (0);
	return (strtod(PQgetvalue(s->res, s->row, c), NULL));
}

/* A column as text, NULL for SQL NULL. */
static const char *
pg_column_text(struct db_stmt *st, int c)
{
	struct db_pg_stmt	*s = PST(st);

	if (!pg_has(s, c))
		return (NULL);
	return (PQgetvalue(s->res, s->row, c));
}

/* Rows the last statement changed. */
static int
pg_changes(struct db *db)
{
	return (PG(db)->changes);
}

/* Run several statements of our own. */
static int
pg_exec(struct db *db, const char *sql)
{
	PGresult	*res;
	char		*t;
	int		 n, rc = DB_OK;

	t = db_pg_sql(sql, &n);
	res = PQexec(PG(db)->conn, t);
	free(t);
	switch (PQresultStatus(res)) {
	case PGRES_COMMAND_OK:
	case PGRES_TUPLES_OK:
	case PGRES_EMPTY_QUERY:
		break;
	default:
		pg_error(PG(db), "", res);
		rc = DB_ERROR;
	}
	PQclear(res);
	return (rc);
}

/* Is a transaction open (or failed and not yet rolled back)? */
static int
pg_in_txn(struct db *db)
{
	switch (PQtransactionStatus(PG(db)->conn)) {
	case PQTRANS_INTRANS:
	case PQTRANS_INERROR:
	case PQTRANS_ACTIVE:
		return (1);
	default:
		return (0);
	}
}

/* The last failure's message. */
static const char *
pg_errmsg(struct db *db)
{
	return (PG(db)->err);
}

/* No code store-guard.c would read as SQLite's damage. */
static int
pg_errcode(struct db *db)
{
	(void)db;
	return (1);
}

/* Close the session (its advisory locks go with it). */
static void
pg_close(struct db *db)
{
	PQfinish(PG(db)->conn);
	free(PG(db)->setup);
	free(db);
}

static const struct db_ops db_pg_ops = {
	"postgresql",
	pg_prepare, pg_finalize,
	pg_bind_int64, pg_bind_double, pg_bind_text, pg_bind_null,
	pg_step, pg_reset,
	pg_column_count, pg_column_name, pg_column_type,
	pg_column_int64, pg_column_double, pg_column_text,
	pg_changes, pg_exec, pg_in_txn,
	pg_errmsg, pg_errcode, pg_close
};

/* Notices (a NOTICE of CREATE ... IF NOT EXISTS) are not for the log. */
static void
pg_notice(void *arg, const char *msg)
{
	(void)arg;
	(void)msg;
}

/*
 * Connect with a conninfo (a postgresql:// URI or key=value words) and
 * password (NULL: libpq's own ways, ~/.pgpass or PGPASSWORD).
 */
struct db *
db_pg_open(const char *conninfo, const char *password, char **cause)
{
	const char	*keys[3] = { "dbname", NULL, NULL };
	const char	*vals[3] = { conninfo, NULL, NULL };
	struct db_pg	*db;

	*cause = NULL;
	if (password != NULL) {
		keys[1] = "password";
		vals[1] = password;
	}
	db = xcalloc(1, sizeof *db);
	db->head.ops = &db_pg_ops;
	db->conn = PQconnectdbParams(keys, vals, 1);
	if (db->conn == NULL || PQstatus(db->conn) != CONNECTION_OK) {
		pg_error(db, "connect", NULL);
		*cause = xstrdup(db->err);
		pg_close(&db->head);
		return (NULL);
	}
	PQsetNoticeProcessor(db->conn, pg_notice, NULL);
	/* Times and text as the store reads them, whatever the server's. */
	if (db_pg_session(&db->head, "SET client_encoding = 'UTF8'; "
	    "SET client_min_messages = warning") != 0) {
		*cause = xstrdup(db->err);
		pg_close(&db->head);
		return (NULL);
	}
	return (&db->head);
}

/*
 * Set something of the session (SET ...): now, and again on each session
 * made anew.  0, or -1 (see db_errmsg()).
 */
int
db_pg_session(struct db *db, const char *sql)
{
	struct db_pg	*p = PG(db);
	PGresult	*res;
	char		*all;
	int		 ok;

	res = PQexec(p->conn, sql);
	ok = PQresultStatus(res) == PGRES_COMMAND_OK;
	if (!ok)
		pg_error(p, "session", res);
	PQclear(res);
	if (!ok)
		return (-1);
	xasprintf(&all, "%s%s%s", p->setup != NULL ? p->setup : "",
	    p->setup != NULL ? "; " : "", sql);
	free(p->setup);
	p->setup = all;
	return (0);
}

/*
 * The session is gone (or no longer holds what it held): make a new one
 * with the same parameters and settings.  Every statement prepared in
 * the old one is prepared again at its next run (the session counter).
 */
static int
pg_reconnect(struct db_pg *db)
{
	PGresult	*res;
	int		 ok;

	PQreset(db->conn);
	db->session++;
	db->leads = 0;
	if (PQstatus(db->conn) != CONNECTION_OK) {
		pg_error(db, "reconnect", NULL);
		return (-1);
	}
	if (db->setup == NULL)
		return (0);
	res = PQexec(db->conn, db->setup);
	ok = PQresultStatus(res) == PGRES_COMMAND_OK;
	if (!ok)
		pg_error(db, "reconnect", res);
	PQclear(res);
	return (ok ? 0 : -1);
}

/* Is db a PostgreSQL connection? */
int
db_is_pg(struct db *db)
{
	return (db != NULL && db->ops == &db_pg_ops);
}

/* Is the session still up?  Asks the server (one round trip). */
int
db_pg_alive(struct db *db)
{
	PGresult	*res;
	int		 ok;

	if (PQstatus(PG(db)->conn) != CONNECTION_OK)
		return (0);
	res = PQexec(PG(db)->conn, "SELECT 1");
	ok = PQresultStatus(res) == PGRES_TUPLES_OK;
	PQclear(res);
	return (ok);
}

/* Run a one-value query of our own: its text, or NULL on failure. */
static char *
pg_value(struct db_pg *db, const char *sql)
{
	PGresult	*res;
	char		*v = NULL;

	res = PQexec(db->conn, sql);
	if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 &&
	    PQnfields(res) == 1)
		v = xstrdup(PQgetvalue(res, 0, 0));
	else
		pg_error(db, "lead", res);
	PQclear(res);
	return (v);
}

/*
 * The advisory lock of this store: tacd's application id and the schema
 * (one database may hold several stores, one a schema).  A session lock:
 * it goes when the session goes, however that ends.
 */
#define PG_LEAD_KEY	"1413563204, hashtext(current_schema()) & 2147483647"

/*
 * Try to take the store's lock on this session, which does all the
 * writes: 1 taken (or held already), 0 another session holds it, -1
 * failure.  A session that lost the lock, or its connection, is made
 * anew first: the lock is never taken again on a session that lost it
 * (whatever it was doing then went with it).
 */
int
db_pg_lead(struct db *db)
{
	char	*v;
	int	 rc;

	if (PG(db)->leads && db_pg_leading(db))
		return (1);
	if ((PG(db)->leads || PQstatus(PG(db)->conn) != CONNECTION_OK) &&
	    pg_reconnect(PG(db)) != 0)
		return (-1);
	if ((v = pg_value(PG(db), "SELECT pg_try_advisory_lock("
	    PG_LEAD_KEY ")")) == NULL)
		return (-1);
	rc = *v == 't';
	free(v);
	PG(db)->leads = rc;
	return (rc);
}

/*
 * Does this session still hold the store's lock?  Asks the server: a
 * lost connection, or one the server ended, holds nothing.
 */
int
db_pg_leading(struct db *db)
{
	char	*v;
	int	 rc;

	if (!PG(db)->leads || PQstatus(PG(db)->conn) != CONNECTION_OK)
		return (0);
	if ((v = pg_value(PG(db), "SELECT count(*) FROM pg_locks WHERE "
	    "locktype = 'advisory' AND pid = pg_backend_pid() AND granted "
	    "AND classid = 1413563204 AND objid = (hashtext(current_schema()) "
	    "& 2147483647) AND objsubid = 2")) == NULL)
		return (0);
	rc = strcmp(v, "1") == 0;
	free(v);
	return (rc);
}
