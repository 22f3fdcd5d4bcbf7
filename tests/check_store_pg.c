/*
 * check_store_pg.c: what the store suite checks of an SQLite file (its
 * version, refusals, read-only opening, migrations), checked on
 * PostgreSQL; suite_store() adds these instead when the suites run there
 * (tests/pg/cluster.sh).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check_daemon.h"
#include "testdb.h"

static struct td	td;

/* Open the store at td's path as it is, without emptying it first. */
static struct store *
pg_open(int flags, int upto, char **cause)
{
	if (td.wipe) {
		tdb_wipe(td.wipe, upto < store_latest());
		td.wipe = 0;
	}
	return (store_open_version(td.path, flags, upto, cause));
}

/* A hash of the tables' columns and types, the indexes and their text. */
static int64_t
pg_schema_hash(struct td *t)
{
	return (td_sql_int(t, "SELECT hashtext(coalesce((SELECT string_agg("
	    "table_name || '.' || column_name || ' ' || data_type || ' ' || "
	    "is_nullable || ' ' || coalesce(column_default, ''), ',' ORDER BY "
	    "table_name, column_name) FROM information_schema.columns WHERE "
	    "table_schema = current_schema()), '') || coalesce((SELECT "
	    "string_agg(replace(indexdef, current_schema() || '.', ''), ',' "
	    "ORDER BY indexname) FROM pg_indexes "
	    "WHERE schemaname = current_schema()), ''))"));
}

/* A fresh database comes up at the newest version, said in tacd_schema. */
START_TEST(test_store_pg_fresh)
{
	td_init(&td, 0);
	td_open(&td);
	ck_assert_int_eq(store_is_postgres(td.store), 1);
	ck_assert_int_eq(store_version(td.store), store_latest());
	ck_assert_int_eq(td_sql_int(&td, "SELECT max(version) FROM "
	    "tacd_schema"), store_latest());
	ck_assert_ptr_null(store_db(td.store));
	td_done(&td);
}
END_TEST

/* Upgrading from every older version gives the fresh schema. */
START_TEST(test_store_pg_migrate_from_every_version)
{
	struct store	*s;
	struct td	 fresh;
	char		*cause;
	int64_t		 want;
	int		 v;

	td_init(&fresh, STORE_NOSYNC);
	td_open(&fresh);
	want = pg_schema_hash(&fresh);
	for (v = 1; v < store_latest(); v++) {
		td_init(&td, STORE_NOSYNC);
		s = pg_open(STORE_NOSYNC, v, &cause);
		ck_assert_msg(s != NULL, "version %d: %s", v, cause);
		ck_assert_int_eq(store_version(s), v);
		store_close(s);
		td_open(&td);
		ck_assert_int_eq(store_version(td.store), store_latest());
		ck_assert_msg(pg_schema_hash(&td) == want, "from version %d: "
		    "not the fresh schema", v);
		td_done(&td);
	}
	td_done(&fresh);
}
END_TEST

/* A database of a newer tacd, or another program's, is refused. */
START_TEST(test_store_pg_refuses)
{
	struct store	*s;
	char		*cause, sql[96];

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	snprintf(sql, sizeof sql, "UPDATE tacd_schema SET version = %d",
	    store_latest() + 1);
	td_sql(&td, sql);
	td_close(&td);
	s = pg_open(0, store_latest(), &cause);
	ck_assert_ptr_null(s);
	ck_assert_ptr_nonnull(strstr(cause, "newer than this tacd"));
	free(cause);
	s = pg_open(STORE_RDONLY, store_latest(), &cause);
	ck_assert_ptr_null(s);
	free(cause);
	td_done(&td);

	/* Tables, but not tacd's version table. */
	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	td_sql(&td, "DROP TABLE tacd_schema");
	td_close(&td);
	s = pg_open(0, store_latest(), &cause);
	ck_assert_ptr_null(s);
	ck_assert_ptr_nonnull(strstr(cause, "not a tacd database"));
	free(cause);
	td_done(&td);
}
END_TEST

/* Read-only opening neither creates nor upgrades, and cannot write. */
START_TEST(test_store_pg_readonly)
{
	struct store	*s;
	char		*cause;

	td_init(&td, STORE_NOSYNC);
	s = pg_open(STORE_RDONLY, store_latest(), &cause);
	ck_assert_ptr_null(s);
	ck_assert_ptr_nonnull(strstr(cause, "start tacd once"));
	free(cause);
	s = pg_open(STORE_NOSYNC, 1, &cause);
	ck_assert_ptr_nonnull(s);
	store_close(s);
	s = pg_open(STORE_RDONLY, store_latest(), &cause);
	ck_assert_ptr_null(s);
	ck_assert_ptr_nonnull(strstr(cause, "start tacd once"));
	free(cause);
	td_open(&td);
	td_close(&td);
	s = pg_open(STORE_RDONLY, store_latest(), &cause);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_ne(store_kv_set(s, "a", "b"), 0);	/* cannot write */
	store_close(s);
	td_done(&td);
}
END_TEST

/* A row moved to the outbox's end keeps later rows' ids apart. */
START_TEST(test_store_pg_outbox_last)
{
	int64_t	a, b, c;

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	ck_assert_int_gt((a = store_out_add(td.store, "t", "c", 0, "k", "{}",
	    1)), 0);
	ck_assert_int_gt((b = store_out_add(td.store, "t", "c", 0, "k", "{}",
	    1)), a);
	ck_assert_int_eq(store_out_last(td.store, a), 0);
	ck_assert_int_gt((c = store_out_add(td.store, "t", "c", 0, "k", "{}",
	    1)), b + 1);
	ck_assert_int_eq(td_sql_int(&td, "SELECT count(*) FROM outbox"), 3);
	td_done(&td);
}
END_TEST

/*
 * Try to lead until it works or a hang guard of 20 s: the server drops a
 * closed session's locks a moment after the client has gone.
 */
static int
lead_soon(struct store *s)
{
	struct timespec	ts = { 0, 10 * 1000 * 1000 };
	int		i, rc = 0;

	for (i = 0; i < 2000 && (rc = store_lead(s)) == 0; i++)
		nanosleep(&ts, NULL);
	return (rc);
}

/*
 * One process leads a store: a second is refused while the first holds
 * it, and takes it when the first closes or its session is ended (kill
 * -9, a lost connection); a session that lost it writes nothing.  The
 * store whose session was ended makes a new one when it tries for the
 * lead again: refused while the other leads, it leads once the other
 * closes, and its statements (prepared in the old session) run again.
 */
START_TEST(test_store_pg_lead)
{
	struct store	*b;
	char		*cause, sql[96];
	int64_t		 pid, pid2;

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	ck_assert_ptr_nonnull(b = store_open(td.path, STORE_NOSYNC, &cause));
	ck_assert_int_eq(store_leading(td.store), 0);
	ck_assert_int_eq(store_lead(td.store), 1);
	ck_assert_int_eq(store_leading(td.store), 1);
	ck_assert_int_eq(store_lead(td.store), 1);	/* held already */
	ck_assert_int_eq(store_lead(b), 0);
	ck_assert_int_eq(store_leading(b), 0);

	/* Closed: the other takes it. */
	td_close(&td);
	ck_assert_int_eq(lead_soon(b), 1);
	td_open(&td);
	ck_assert_int_eq(store_lead(td.store), 0);

	/* The leader's session ended by the server: the lock goes. */
	store_close(b);
	ck_assert_ptr_nonnull(b = store_open(td.path, STORE_NOSYNC, &cause));
	ck_assert_int_eq(store_lead(b), 1);
	ck_assert_int_eq(store_kv_set(b, "before", "1"), 0);
	ck_assert_int_eq(store_sql_int(b, "SELECT pg_backend_pid()", &pid),
	    1);
	snprintf(sql, sizeof sql, "SELECT pg_terminate_backend(%lld, 10000)",
	    (long long)pid);
	td_sql(&td, sql);
	ck_assert_int_eq(store_leading(b), 0);
	ck_assert_int_ne(store_kv_set(b, "split", "brain"), 0);
	ck_assert_int_eq(lead_soon(td.store), 1);
	ck_assert_int_eq(store_leading(td.store), 1);
	ck_assert_int_eq(td_sql_int(&td, "SELECT count(*) FROM kv WHERE "
	    "key = 'split'"), 0);

	/* b, its session gone, connects anew: refused while td leads. */
	ck_assert_int_eq(store_lead(b), 0);
	ck_assert_int_eq(store_leading(b), 0);
	ck_assert_int_eq(store_sql_int(b, "SELECT pg_backend_pid()", &pid2),
	    1);
	ck_assert_int_ne(pid2, pid);
	td_close(&td);
	ck_assert_int_eq(lead_soon(b), 1);
	ck_assert_int_eq(store_leading(b), 1);
	/* The same statement as before, prepared again in this session. */
	ck_assert_int_eq(store_kv_set(b, "after", "2"), 0);
	store_close(b);
	td_open(&td);
	ck_assert_int_eq(td_sql_int(&td, "SELECT count(*) FROM kv WHERE "
	    "key IN ('before', 'after')"), 2);
	td_done(&td);
}
END_TEST

/*
 * Open the database with the password in a file of text and mode: NULL
 * and the reason in *cause when it is refused.
 */
static struct store *
pg_open_pw(const char *dir, const char *text, mode_t mode, char **cause)
{
	char	 file[300], uri[700];
	FILE	*f;

	snprintf(file, sizeof file, "%s/pw", dir);
	if (text != NULL) {
		ck_assert_ptr_nonnull(f = fopen(file, "w"));
		fputs(text, f);
		fclose(f);
		ck_assert_int_eq(chmod(file, mode), 0);
	} else
		unlink(file);
	snprintf(uri, sizeof uri, "%s%cpassword_file=%s", td.path,
	    strchr(td.path, '?') != NULL ? '&' : '?', file);
	return (store_open(uri, STORE_NOSYNC, cause));
}

/*
 * The password's file is refused as the token's is when others may read
 * it, and when it is missing, empty or more than one line; its one line
 * is taken whole, blanks and all.  (The throwaway cluster trusts its
 * socket, so any password opens it.)
 */
START_TEST(test_store_pg_password)
{
	static const struct {
		const char	*text;
		mode_t		 mode;
		const char	*why;	/* NULL: it opens */
	} cases[] = {
		{ "se cret\n", 0644, "mode 0644 lets others" },
		{ "se cret\n", 0640, "mode 0640 lets others" },
		{ "se cret\n", 0604, "chmod 600" },
		{ NULL, 0600, "No such file" },
		{ "", 0600, "not one line" },
		{ "\n", 0600, "not one line" },
		{ "one\ntwo\n", 0600, "not one line" },
		{ " se cret \r\n", 0600, NULL },
		{ "secret", 0400, NULL },
	};
	struct store	*s;
	char		 dir[] = "/tmp/tacd-pw.XXXXXX", file[64], *cause;
	size_t		 i;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	td_close(&td);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cause = NULL;
		s = pg_open_pw(dir, cases[i].text, cases[i].mode, &cause);
		if (cases[i].why == NULL) {
			ck_assert_msg(s != NULL, "case %zu refused: %s", i,
			    cause != NULL ? cause : "");
			ck_assert_int_eq(store_version(s), store_latest());
			store_close(s);
			continue;
		}
		ck_assert_msg(s == NULL, "case %zu opens", i);
		ck_assert_msg(strstr(cause, cases[i].why) != NULL &&
		    strstr(cause, "database password file") != NULL,
		    "case %zu: %s", i, cause);
		ck_assert_ptr_null(strstr(cause, "se cret"));
		free(cause);
	}
	snprintf(file, sizeof file, "%s/pw", dir);
	unlink(file);
	ck_assert_int_eq(rmdir(dir), 0);
	td_done(&td);
}
END_TEST

/* The store suite's tests of the PostgreSQL backend itself. */
void
store_pg_tests(TCase *tc)
{
	tcase_add_test(tc, test_store_pg_fresh);
	tcase_add_test(tc, test_store_pg_migrate_from_every_version);
	tcase_add_test(tc, test_store_pg_refuses);
	tcase_add_test(tc, test_store_pg_readonly);
	tcase_add_test(tc, test_store_pg_outbox_last);
	tcase_add_test(tc, test_store_pg_lead);
	tcase_add_test(tc, test_store_pg_password);
}
