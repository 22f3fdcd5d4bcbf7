/*
 * store-guard.c: what the store refuses and what it notices.
 *
 * Before a read-write open changes a byte (journal_mode = WAL is a lasting
 * change of the file), the file is looked at through a read-only
 * connection of its own: another program's database, one written by a
 * newer tacd and a damaged one are refused and left exactly as they were.
 * While the store is open, every commit first checks that the file at the
 * path is still the one it has open: a deleted or replaced database would
 * otherwise take every later commit with it when tacd exits.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store-int.h"
#include "xmalloc.h"

/* What a damaged database's message tells the admin to do. */
#define STORE_RESTORE	"stop tacd, move the damaged file (with its -wal " \
	"and -shm files) away and copy the last backup in its place " \
	"(tacctl backup FILE makes one)"

/*
 * Refuse a damaged database, saying how to restore it; return -1.  detail
 * must not be s->err, which this overwrites.
 */
static int
store_damaged(struct store *s, const char *detail)
{
	return (store_fail(s, "the database is damaged (%.200s): %s", detail,
	    STORE_RESTORE));
}

/*
 * Turn the last failure into one that says what the file is, when SQLite
 * said it is damaged or not a database at all; return -1.
 */
static int
store_classify(struct store *s)
{
	char	buf[sizeof s->err];

	snprintf(buf, sizeof buf, "%s", s->err);
	switch (s->code & 0xff) {
	case SQLITE_CORRUPT:
		return (store_damaged(s, buf));
	case SQLITE_NOTADB:
		return (store_fail(s, "not an SQLite database (%.200s)", buf));
	}
	return (-1);
}

/*
 * Check what the open file is: another program's database (an
 * application_id not ours, or tables without one), or one written by a
 * newer tacd, is refused.  A file without tables, application_id or
 * schema version is a new database.
 */
static int
store_check(struct store *s, int upto)
{
	int64_t	appid, tables;

	if ((appid = store_pragma_int(s, "PRAGMA application_id")) < 0 ||
	    (s->version = store_pragma_int(s, "PRAGMA user_version")) < 0)
		return (-1);
	if (appid != 0 && appid != STORE_APPID)
		return (store_fail(s, "not a tacd database (application_id "
		    "0x%08llx)", (unsigned long long)appid));
	if (appid == 0) {
		/* Every tacd schema version sets tacd's application_id. */
		tables = store_pragma_int(s,
		    "SELECT count(*) FROM sqlite_schema");
		if (tables < 0)
			return (-1);
		if (tables > 0)
			return (store_fail(s, "not a tacd database (it has "
			    "tables but not tacd's application_id)"));
		if (s->version != 0)
			return (store_fail(s, "not a tacd database (schema "
			    "version %d without tacd's application_id)",
			    s->version));
	}
	if (s->version > store_latest())
		return (store_fail(s, "the database has schema version %d, "
		    "newer than this tacd, which knows versions up to %d: "
		    "use a newer tacd", s->version, store_latest()));
	if ((s->flags & STORE_RDONLY) && s->version < upto)
		return (store_fail(s, "the database has schema version %d, "
		    "older than %d: start tacd once to upgrade it",
		    s->version, upto));
	return (0);
}

/*
 * Run PRAGMA quick_check on the open connection: 0 when the file's
 * structure is sound, else -1 with a message that says how to restore
 * the last backup.  It reads every page: its cost grows with the file.
 */
int
store_quick_check(struct store *s)
{
	struct db_stmt	*st;
	char		 first[256] = "", *p;
	int		 rc;

	/* PostgreSQL checks its own pages (data checksums, amcheck). */
	if (s->lite == NULL)
		return (0);
	if (db_prepare(s->db, "PRAGMA quick_check(1)", &st) != DB_OK) {
		store_sqlfail(s, "quick_check");
		return (store_classify(s));
	}
	if ((rc = db_step(st)) == DB_ROW)
		store_text(st, 0, first, sizeof first);
	else
		store_sqlfail(s, "quick_check");
	db_finalize(st);
	if (rc != DB_ROW)
		return (store_classify(s));
	if (strcmp(first, "ok") == 0)
		return (0);
	/* "*** in database main ***\nPage 12: ...": one log line. */
	for (p = first; *p != '\0'; p++) {
		if (*p == '\n')
			*p = ' ';
	}
	return (store_damaged(s, first));
}

/*
 * Check the open connection's file: what store_check() refuses, and with
 * deep, a damaged structure (quick_check).  Failures that SQLite blames
 * on the file say so.
 */
int
store_inspect(struct store *s, int upto, int deep)
{
	if (store_check(s, upto) != 0)
		return (store_classify(s));
	if (deep && store_quick_check(s) != 0)
		return (-1);
	return (0);
}

/*
 * A file: URI for path, read only, immutable or not: every byte but
 * letters, digits and "/._-~" percent-encoded, so no name is read as a
 * query or an authority.  The caller frees it.
 */
static char *
store_uri(const char *path, int immutable)
{
	static const char	 hex[] = "0123456789ABCDEF";
	const unsigned char	*p;
	char			*uri, *u;

	uri = xmalloc(strlen(path) * 3 + 64);
	u = uri + sprintf(uri, "file:%s", *path == '/' ? "//" : "");
	for (p = (const unsigned char *)path; *p != '\0'; p++) {
		if (isalnum(*p) || strchr("/._-~", *p) != NULL)
			*u++ = (char)*p;
		else {
			*u++ = '%';
			*u++ = hex[*p >> 4];
			*u++ = hex[*p & 0xf];
		}
	}
	sprintf(u, "?mode=ro%s", immutable ? "&immutable=1" : "");
	return (uri);
}

/*
 * Before the store's own connection opens path: look at the file through
 * a read-only connection and refuse it, unchanged, if it is not a tacd
 * database (store_check()) or, with deep, if it is damaged (quick_check).
 * No file, or an empty one, is a new database: 0, nothing to look at.
 *
 * Without a -wal file beside it the main file is the whole database, so
 * it is read as immutable, which takes no locks and makes no -wal or -shm
 * file (a plain read-only connection would, for a file in WAL mode).
 * With one, what the WAL holds counts (tacd's own database after a
 * crash): a plain read-only connection reads it, and writes at most the
 * -shm index.
 */
int
store_probe(struct store *s, const char *path, int upto, int deep)
{
	struct stat	 sb, wsb;
	char		*wal, *uri;
	int		 haswal, rc = -1;

	xasprintf(&wal, "%s-wal", path);
	haswal = stat(wal, &wsb) == 0;
	free(wal);
	if (stat(path, &sb) == -1) {
		if (errno != ENOENT)
			return (store_fail(s, "%s", strerror(errno)));
		sb.st_size = 0;
	} else if (!S_ISREG(sb.st_mode))
		return (store_fail(s, "not a regular file"));
	if (sb.st_size == 0) {
		/*
		 * SQLite would replay a WAL into a new file: the pages of a
		 * database that is gone, never a whole one.
		 */
		if (haswal && wsb.st_size > 0)
			return (store_fail(s, "no database, but a -wal file "
			    "beside it (what is left of a deleted database): "
			    "put the database back, or move its -wal and -shm "
			    "files away to start a new one"));
		return (0);
	}

	uri = store_uri(path, !haswal);
	if (sqlite3_open_v2(uri, &s->lite, SQLITE_OPEN_READONLY |
	    SQLITE_OPEN_URI, NULL) != SQLITE_OK) {
		store_fail(s, "open: %s", sqlite3_errmsg(s->lite));
		s->code = sqlite3_extended_errcode(s->lite);
		sqlite3_close(s->lite);
		s->lite = NULL;
		goto out;
	}
	s->db = db_sqlite_wrap(s->lite);
	sqlite3_extended_result_codes(s->lite, 1);
	sqlite3_busy_timeout(s->lite, 5000);
	rc = store_inspect(s, upto, deep);
	db_close(s->db);
	s->db = NULL;
	s->lite = NULL;
out:
	free(uri);
	return (rc);
}

/*
 * Is the file at the path still the one the connection has open?  SQLite
 * compares a stat(2) of the path with the inode it holds (a deleted file
 * is still open, and writable, until closed).  The first time it is not,
 * the hook is told; from then on every begin and commit fails with the
 * same message, so nothing more is committed into a file nobody will see.
 */
int
store_file_check(struct store *s)
{
	struct stat	sb;
	int		moved = 0;

	if (s->lost)
		return (store_fail(s, "%s", s->lostmsg));
	/* Not a file (an in-memory database): nothing to lose. */
	if (s->lite == NULL)
		return (0);
	if (sqlite3_file_control(s->lite, "main", SQLITE_FCNTL_HAS_MOVED,
	    &moved) != SQLITE_OK || !moved)
		return (0);
	s->lost = 1;
	if (stat(s->path, &sb) == -1 && errno == ENOENT)
		snprintf(s->lostmsg, sizeof s->lostmsg, "%s: the database "
		    "file was deleted or moved away while open; nothing more "
		    "is committed", s->path);
	else
		snprintf(s->lostmsg, sizeof s->lostmsg, "%s: the database "
		    "file was replaced by another file while open; nothing "
		    "more is committed", s->path);
	if (s->lost_fn != NULL)
		s->lost_fn(s->lost_arg, s->lostmsg);
	return (store_fail(s, "%s", s->lostmsg));
}

/*
 * Note which -wal and -shm files the open connection uses, by device and
 * inode, so that store_side_drop() removes no other.
 */
void
store_side_note(struct store *s)
{
	static const char *const	 suffix[] = { "-wal", "-shm" };
	struct stat			 sb;
	char				*p;
	int				 i;

	for (i = 0; i < 2; i++) {
		xasprintf(&p, "%s%s", s->path, suffix[i]);
		if (stat(p, &sb) == 0) {
			s->side[i].dev = sb.st_dev;
			s->side[i].ino = sb.st_ino;
		}
		free(p);
	}
}

/*
 * After the connection to a lost file is closed: SQLite keeps the -wal
 * and -shm of an unlinked database, and would replay that WAL into the
 * next file at the path (a restored backup, a new database).  Remove
 * them, if they are still the ones the connection used.
 */
void
store_side_drop(struct store *s)
{
	static const char *const	 suffix[] = { "-wal", "-shm" };
	struct stat			 sb;
	char				*p;
	int				 i;

	for (i = 0; i < 2; i++) {
		xasprintf(&p, "%s%s", s->path, suffix[i]);
		if (s->side[i].ino != 0 && stat(p, &sb) == 0 &&
		    sb.st_dev == s->side[i].dev &&
		    sb.st_ino == s->side[i].ino)
			unlink(p);
		free(p);
	}
}

/*
 * Call fn(arg, message) once, when a commit finds the database file
 * deleted or replaced.  The store then refuses every commit; what to do
 * (stop, save what the open file still holds) is the caller's to decide.
 */
void
store_on_lost(struct store *s, void (*fn)(void *, const char *), void *arg)
{
	s->lost_fn = fn;
	s->lost_arg = arg;
}

/* Was the database file found deleted or replaced? */
int
store_lost(struct store *s)
{
	return (s->lost);
}
