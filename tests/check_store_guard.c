/*
 * check_store_guard.c: what the store refuses before it writes a byte
 * (another program's database, a damaged one) and leaves exactly as it
 * was; what it still takes as new; and a database file deleted or
 * replaced under an open store, noticed at the next commit.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/stat.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_daemon.h"

static struct td	td;

/* Run SQL on a new raw connection to path, then close it. */
static void
raw_run(const char *path, const char *sql)
{
	sqlite3	*db;
	char	*msg = NULL;

	ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
	ck_assert_msg(sqlite3_exec(db, sql, NULL, NULL, &msg) == SQLITE_OK,
	    "%s: %s", sql, msg != NULL ? msg : "?");
	ck_assert_int_eq(sqlite3_close(db), SQLITE_OK);
}

/* The first column of a query on a new raw connection to path. */
static int64_t
raw_int(const char *path, const char *sql)
{
	sqlite3_stmt	*st;
	sqlite3		*db;
	int64_t		 v = -1;

	ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &st, NULL),
	    SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	ck_assert_int_eq(sqlite3_close(db), SQLITE_OK);
	return (v);
}

/* A file's whole content (malloc'd) and its length. */
static char *
slurp(const char *path, size_t *len)
{
	struct stat	 sb;
	char		*buf;
	int		 fd;

	ck_assert_int_ge((fd = open(path, O_RDONLY)), 0);
	ck_assert_int_eq(fstat(fd, &sb), 0);
	*len = (size_t)sb.st_size;
	buf = malloc(*len + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(read(fd, buf, *len), (ssize_t)*len);
	close(fd);
	return (buf);
}

/* Copy a file's bytes to another path. */
static void
copy_file(const char *from, const char *to)
{
	size_t	 len;
	char	*buf;
	FILE	*f;

	buf = slurp(from, &len);
	ck_assert_ptr_nonnull((f = fopen(to, "w")));
	ck_assert_uint_eq(fwrite(buf, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
	free(buf);
}

/* Does path with this suffix exist? */
static int
exists(const char *path, const char *suffix)
{
	char	p[400];

	snprintf(p, sizeof p, "%s%s", path, suffix);
	return (access(p, F_OK) == 0);
}

/*
 * Opening td.path with flags must fail with a message naming the file
 * and containing want, and leave the file byte for byte as it was, with
 * no -wal, -shm or -journal file beside it.
 */
static void
refused_untouched(int flags, const char *want, const char *what)
{
	struct store	*s;
	size_t		 len0, len1;
	char		*before, *after, *cause;

	ck_assert_msg(!exists(td.path, "-wal") && !exists(td.path, "-shm"),
	    "%s: side files before the open", what);
	before = slurp(td.path, &len0);
	s = store_open(td.path, flags, &cause);
	ck_assert_msg(s == NULL, "%s: opened", what);
	ck_assert_msg(strstr(cause, want) != NULL, "%s: \"%s\" lacks \"%s\"",
	    what, cause, want);
	ck_assert_msg(strncmp(cause, td.path, strlen(td.path)) == 0,
	    "%s: \"%s\" does not name the file", what, cause);
	free(cause);
	after = slurp(td.path, &len1);
	ck_assert_msg(len0 == len1 && memcmp(before, after, len0) == 0,
	    "%s: the file changed", what);
	ck_assert_msg(!exists(td.path, "-wal") && !exists(td.path, "-shm") &&
	    !exists(td.path, "-journal"), "%s: side files left", what);
	free(before);
	free(after);
}

/*
 * Another program's databases are refused unchanged, WAL mode or not, by
 * read-write opens (tacd) and read-only ones (tacctl).
 */
START_TEST(test_store_foreign_untouched)
{
	static const struct {
		const char	*sql;
		const char	*want;
	} cases[] = {
		{ "PRAGMA application_id = 12345; CREATE TABLE t (x); "
		    "INSERT INTO t VALUES (1)", "application_id 0x00003039" },
		/* In WAL mode, closed: a plain read-only open makes -wal. */
		{ "PRAGMA journal_mode = WAL; PRAGMA application_id = 7; "
		    "CREATE TABLE t (x)", "application_id 0x00000007" },
		{ "PRAGMA journal_mode = WAL; CREATE TABLE t (x)",
		    "tables but not tacd's application_id" },
		{ "PRAGMA user_version = 3; CREATE TABLE games (x)",
		    "tables but not tacd's application_id" },
		{ "PRAGMA user_version = 2; CREATE TABLE t (x); DROP TABLE t",
		    "schema version 2 without tacd's application_id" },
	};
	FILE	*f;
	size_t	 i;
	char	 what[32];

	td_init(&td, 0);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(what, sizeof what, "case %zu", i);
		unlink(td.path);
		raw_run(td.path, cases[i].sql);
		refused_untouched(0, cases[i].want, what);
		refused_untouched(STORE_RDONLY, cases[i].want, what);
	}
	/* Not SQLite at all. */
	unlink(td.path);
	ck_assert_ptr_nonnull((f = fopen(td.path, "w")));
	fputs("these are not the pages you are looking for\n", f);
	fclose(f);
	refused_untouched(0, "not an SQLite database", "text");
	refused_untouched(STORE_RDONLY, "not an SQLite database", "text");
	td_done(&td);
}
END_TEST

/*
 * Another program's crashed database, with a hot rollback journal: a
 * read-write connection would roll the journal back into the file (and
 * delete it) on its first read; the refusal leaves both as they were.
 */
START_TEST(test_store_foreign_hot_journal)
{
	struct store	*s;
	sqlite3		*db;
	size_t		 l0, l1, j0, j1;
	char		 img[400], from[420], to[420], *d0, *d1, *jr0, *jr1;
	char		*cause, *msg = NULL;

	td_init(&td, 0);
	raw_run(td.path, "PRAGMA application_id = 99; CREATE TABLE t (x); "
	    "INSERT INTO t VALUES (1)");
	/* A transaction big enough to spill into the file, left open. */
	ck_assert_int_eq(sqlite3_open(td.path, &db), SQLITE_OK);
	ck_assert_msg(sqlite3_exec(db, "PRAGMA cache_size = 10; BEGIN; "
	    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
	    "WHERE i < 200) INSERT INTO t SELECT randomblob(3000) FROM n",
	    NULL, NULL, &msg) == SQLITE_OK, "%s", msg);
	/* Its files as a crash would leave them. */
	snprintf(img, sizeof img, "%s/img.db", td.dir);
	snprintf(from, sizeof from, "%s-journal", td.path);
	snprintf(to, sizeof to, "%s-journal", img);
	copy_file(td.path, img);
	copy_file(from, to);
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_close(db);

	d0 = slurp(img, &l0);
	jr0 = slurp(to, &j0);
	ck_assert_uint_gt(j0, 0);
	s = store_open(img, 0, &cause);
	ck_assert_ptr_null(s);
	ck_assert_msg(strstr(cause, "application_id 0x00000063") != NULL,
	    "%s", cause);
	free(cause);
	d1 = slurp(img, &l1);
	ck_assert_msg(access(to, F_OK) == 0, "the journal was removed");
	jr1 = slurp(to, &j1);
	ck_assert_msg(l0 == l1 && memcmp(d0, d1, l0) == 0, "the file changed");
	ck_assert_msg(j0 == j1 && memcmp(jr0, jr1, j0) == 0,
	    "the journal changed");
	free(d0);
	free(d1);
	free(jr0);
	free(jr1);
	unlink(img);
	unlink(to);
	td_done(&td);
}
END_TEST

/* A file of size 0, or an SQLite file with nothing in it, is new. */
START_TEST(test_store_new_empty)
{
	struct stat	 sb;
	FILE		*f;

	td_init(&td, STORE_NOSYNC);
	ck_assert_ptr_nonnull((f = fopen(td.path, "w")));
	fclose(f);
	td_open(&td);
	ck_assert_int_eq(store_version(td.store), store_latest());
	ck_assert_int_eq(td_sql_int(&td, "PRAGMA application_id"),
	    STORE_APPID);
	td_close(&td);
	td_done(&td);

	td_init(&td, STORE_NOSYNC);
	raw_run(td.path, "CREATE TABLE t (x); DROP TABLE t");
	ck_assert_int_eq(stat(td.path, &sb), 0);
	ck_assert_int_gt(sb.st_size, 0);
	td_open(&td);
	ck_assert_int_eq(store_version(td.store), store_latest());
	td_done(&td);
}
END_TEST

/*
 * What a deleted database leaves (its -wal, no main file, or an empty
 * one) is not a new database: SQLite would replay the WAL into it.  An
 * empty -wal is nothing.
 */
START_TEST(test_store_wal_without_db)
{
	struct store	*s;
	char		 wal[400], saved[400], *cause;
	FILE		*f;

	/* The WAL of a live database, kept after the database went. */
	td_init(&td, 0);
	td_open(&td);
	ck_assert_int_eq(store_kv_set(td.store, "k", "v"), 0);
	snprintf(wal, sizeof wal, "%s-wal", td.path);
	snprintf(saved, sizeof saved, "%s/saved-wal", td.dir);
	copy_file(wal, saved);
	td_close(&td);
	ck_assert_int_eq(unlink(td.path), 0);
	ck_assert_int_eq(rename(saved, wal), 0);

	s = store_open(td.path, 0, &cause);
	ck_assert_ptr_null(s);
	ck_assert_msg(strstr(cause, "what is left of a deleted database") !=
	    NULL, "%s", cause);
	free(cause);
	ck_assert_int_ne(access(td.path, F_OK), 0);
	ck_assert_ptr_nonnull((f = fopen(td.path, "w")));
	fclose(f);
	s = store_open(td.path, 0, &cause);
	ck_assert_ptr_null(s);
	free(cause);

	ck_assert_ptr_nonnull((f = fopen(wal, "w")));
	fclose(f);
	td_open(&td);
	ck_assert_int_eq(store_version(td.store), store_latest());
	td_done(&td);
}
END_TEST

/* Overwrite the page a table's b-tree starts on with 0xff bytes. */
static void
damage_table(const char *path, const char *table)
{
	char		 sql[128], page[65536];
	int64_t		 root, size;
	int		 fd;

	snprintf(sql, sizeof sql, "SELECT rootpage FROM sqlite_schema WHERE "
	    "type = 'table' AND name = '%s'", table);
	ck_assert_int_gt((root = raw_int(path, sql)), 1);
	size = raw_int(path, "PRAGMA page_size");
	ck_assert(size > 0 && size <= (int64_t)sizeof page);
	memset(page, 0xff, (size_t)size);
	ck_assert_int_ge((fd = open(path, O_WRONLY)), 0);
	ck_assert_int_eq(pwrite(fd, page, (size_t)size, (root - 1) * size),
	    size);
	close(fd);
}

/* A damaged tacd database is refused unchanged, saying how to restore. */
START_TEST(test_store_damaged_refused)
{
	struct store	*s;
	char		*cause;

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	/* Enough rows that the outbox's b-tree has interior pages. */
	td_sql(&td, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
	    "FROM n WHERE i < 2000) INSERT INTO outbox (platform, chat, kind, "
	    "payload, created, due) SELECT 'test', 'c' || i, 'info', "
	    "hex(randomblob(60)), i, i FROM n");
	td_close(&td);
	ck_assert(!exists(td.path, "-wal"));
	damage_table(td.path, "outbox");
	ck_assert_int_ne(raw_int(td.path, "SELECT count(*) FROM "
	    "pragma_quick_check WHERE quick_check = 'ok'"), 1);

	refused_untouched(0, "the database is damaged", "damaged");
	s = store_open(td.path, 0, &cause);
	ck_assert_ptr_null(s);
	ck_assert_ptr_nonnull(strstr(cause, "stop tacd, move the damaged "
	    "file"));
	ck_assert_ptr_nonnull(strstr(cause, "copy the last backup"));
	ck_assert_ptr_nonnull(strstr(cause, "tacctl backup FILE"));
	free(cause);

	/* Read-only opens skip the check; tacctl verify asks for it. */
	s = store_open(td.path, STORE_RDONLY, &cause);
	ck_assert_msg(s != NULL, "%s", cause);
	ck_assert_int_eq(store_quick_check(s), -1);
	ck_assert_ptr_nonnull(strstr(store_error(s), "damaged"));
	store_close(s);
	td_done(&td);
}
END_TEST

/*
 * The image of a crash (the database and its -wal, no -shm): what the
 * WAL holds is read, not taken for a new or foreign file; a live
 * database opens read-only beside its writer.
 */
START_TEST(test_store_crash_image)
{
	struct store	*s;
	char		 img[400], wal[420], imgwal[420], buf[16], *cause;

	td_init(&td, 0);
	td_open(&td);
	ck_assert_int_eq(store_kv_set(td.store, "k", "crashed"), 0);
	snprintf(img, sizeof img, "%s/img.db", td.dir);
	snprintf(wal, sizeof wal, "%s-wal", td.path);
	snprintf(imgwal, sizeof imgwal, "%s-wal", img);
	ck_assert(exists(td.path, "-wal"));
	copy_file(td.path, img);
	copy_file(wal, imgwal);

	s = store_open(td.path, STORE_RDONLY, &cause);
	ck_assert_msg(s != NULL, "read-only beside the writer: %s", cause);
	ck_assert_int_eq(store_kv_get(s, "k", buf, sizeof buf), 1);
	store_close(s);
	td_close(&td);

	s = store_open(img, 0, &cause);
	ck_assert_msg(s != NULL, "the crash image: %s", cause);
	ck_assert_int_eq(store_kv_get(s, "k", buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "crashed");
	store_close(s);
	unlink(img);
	unlink(imgwal);
	snprintf(wal, sizeof wal, "%s-shm", img);
	unlink(wal);
	td_done(&td);
}
END_TEST

/* What the lost-file hook saw. */
static int	lost_calls;
static char	lost_msg[512];

/* The store's lost-file hook: count the calls, keep the message. */
static void
lost_hook(void *arg, const char *msg)
{
	(void)arg;
	lost_calls++;
	snprintf(lost_msg, sizeof lost_msg, "%s", msg);
}

/* Write one kv pair in a transaction of its own: the commit's result. */
static int
kv_commit(const char *key)
{
	int	rc;

	ck_assert_int_eq(store_begin(td.store), 0);
	ck_assert_int_eq(store_kv_set(td.store, key, "1"), 0);
	if ((rc = store_commit(td.store)) != 0)
		store_rollback(td.store);
	return (rc);
}

/*
 * The database file deleted under an open store: the next commit fails
 * and tells the hook once; nothing commits after; what was committed
 * before is still in the open file, and a backup saves it.
 */
START_TEST(test_store_file_deleted)
{
	struct store	*copy;
	char		 path[400], buf[8], *cause;

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	lost_calls = 0;
	store_on_lost(td.store, lost_hook, NULL);
	ck_assert_int_eq(kv_commit("before"), 0);
	ck_assert_int_eq(store_lost(td.store), 0);
	ck_assert_int_eq(unlink(td.path), 0);

	ck_assert_int_eq(kv_commit("after"), -1);
	ck_assert_int_eq(store_in_txn(td.store), 0);
	ck_assert_int_eq(lost_calls, 1);
	ck_assert_ptr_nonnull(strstr(lost_msg, "deleted"));
	ck_assert_ptr_nonnull(strstr(lost_msg, td.path));
	ck_assert_str_eq(store_error(td.store), lost_msg);
	ck_assert_int_eq(store_lost(td.store), 1);
	ck_assert_int_eq(store_begin(td.store), -1);
	ck_assert_str_eq(store_error(td.store), lost_msg);
	ck_assert_int_eq(lost_calls, 1);

	snprintf(path, sizeof path, "%s/saved.db", td.dir);
	ck_assert_int_eq(store_backup(td.store, path), 0);
	copy = store_open(path, STORE_RDONLY, &cause);
	ck_assert_msg(copy != NULL, "%s", cause);
	ck_assert_int_eq(store_kv_get(copy, "before", buf, sizeof buf), 1);
	ck_assert_int_eq(store_kv_get(copy, "after", buf, sizeof buf), 0);
	store_close(copy);
	unlink(path);

	/* SQLite keeps an unlinked database's -wal and -shm; the store not. */
	ck_assert(exists(td.path, "-wal") && exists(td.path, "-shm"));
	td_close(&td);
	ck_assert(!exists(td.path, "-wal") && !exists(td.path, "-shm"));
	td_done(&td);
}
END_TEST

/* The database file replaced by another under an open store. */
START_TEST(test_store_file_replaced)
{
	char	 other[400];
	FILE	*f;

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	lost_calls = 0;
	store_on_lost(td.store, lost_hook, NULL);
	ck_assert_int_eq(kv_commit("a"), 0);
	snprintf(other, sizeof other, "%s/other.db", td.dir);
	copy_file(td.path, other);
	ck_assert_int_eq(rename(other, td.path), 0);
	ck_assert_int_eq(kv_commit("b"), -1);
	ck_assert_int_eq(lost_calls, 1);
	ck_assert_ptr_nonnull(strstr(store_error(td.store), "replaced"));

	/* A -wal that is not the one the store used stays where it is. */
	snprintf(other, sizeof other, "%s-wal", td.path);
	ck_assert_int_eq(unlink(other), 0);
	ck_assert_ptr_nonnull((f = fopen(other, "w")));
	fputs("someone else's", f);
	fclose(f);
	td_close(&td);
	ck_assert(exists(td.path, "-wal"));
	ck_assert(!exists(td.path, "-shm"));
	td_done(&td);
}
END_TEST

/* The guard's suite. */
Suite *
suite_store_guard(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("store_guard");
	tc = tcase_create("store_guard");
	tcase_add_test(tc, test_store_foreign_untouched);
	tcase_add_test(tc, test_store_foreign_hot_journal);
	tcase_add_test(tc, test_store_new_empty);
	tcase_add_test(tc, test_store_wal_without_db);
	tcase_add_test(tc, test_store_damaged_refused);
	tcase_add_test(tc, test_store_crash_image);
	tcase_add_test(tc, test_store_file_deleted);
	tcase_add_test(tc, test_store_file_replaced);
	suite_add_tcase(s, tc);
	return (s);
}
