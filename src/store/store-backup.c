/*
 * store-backup.c: a copy of an SQLite store for tacctl backup: one
 * consistent snapshot, checked, and never half written.  A PostgreSQL
 * store is copied with pg_dump instead.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "store-int.h"
#include "xmalloc.h"

/*
 * Check a fresh copy with quick_check: a page damaged in the database
 * is copied as it is, and a backup nobody can restore is worse than none.
 */
static int
store_backup_check(struct store *s, sqlite3 *dst, const char *tmp)
{
	sqlite3_stmt	*st;
	char		 first[256] = "", *p;
	int		 rc;

	if (sqlite3_prepare_v2(dst, "PRAGMA quick_check(1)", -1, &st,
	    NULL) != SQLITE_OK) {
		store_fail(s, "%s: %s", tmp, sqlite3_errmsg(dst));
		return (-1);
	}
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		snprintf(first, sizeof first, "%s",
		    (const char *)sqlite3_column_text(st, 0));
	else
		store_fail(s, "%s: %s", tmp, sqlite3_errmsg(dst));
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return (-1);
	if (strcmp(first, "ok") == 0)
		return (0);
	for (p = first; *p != '\0'; p++) {
		if (*p == '\n')
			*p = ' ';
	}
	store_fail(s, "the database is damaged (%s): no backup written; "
	    "restore the last good backup", first);
	return (-1);
}

/* Flush a file, or a directory's entries, to the disk: 0 or -1. */
static int
store_sync(const char *path)
{
	int	 fd, rc;

	if ((fd = open(path, O_RDONLY)) == -1)
		return (-1);
	rc = fsync(fd);
	close(fd);
	return (rc);
}

/*
 * Copy the database to path with SQLite's online backup: the copy is one
 * consistent snapshot (a WAL reader blocks no writer), checked, written
 * to a temporary file, flushed and renamed, so path is never half written
 * nor lost to a crash right after.
 */
int
store_backup(struct store *s, const char *path)
{
	sqlite3			*dst = NULL;
	sqlite3_backup		*b;
	struct timespec		 ts = { 0, 20 * 1000 * 1000 };
	char			*tmp, *tmp2;
	const char		*dir;
	int			 rc, tries = 0;

	xasprintf(&tmp, "%s.tmp", path);
	unlink(tmp);
	if (sqlite3_open_v2(tmp, &dst, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE, NULL) != SQLITE_OK) {
		store_fail(s, "%s: %s", tmp, sqlite3_errmsg(dst));
		goto fail;
	}
	if (s->lite == NULL) {
		store_fail(s, "backup: not an SQLite database (use pg_dump)");
		goto fail;
	}
	if ((b = sqlite3_backup_init(dst, "main", s->lite, "main")) == NULL) {
		store_fail(s, "%s: %s", tmp, sqlite3_errmsg(dst));
		goto fail;
	}
	do {
		rc = sqlite3_backup_step(b, -1);
		if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
			nanosleep(&ts, NULL);
	} while ((rc == SQLITE_BUSY || rc == SQLITE_LOCKED) && ++tries < 500);
	sqlite3_backup_finish(b);
	if (rc != SQLITE_DONE) {
		store_fail(s, "backup: %s", sqlite3_errstr(rc));
		goto fail;
	}
	if (store_backup_check(s, dst, tmp) != 0)
		goto fail;
	if (sqlite3_close(dst) != SQLITE_OK) {
		dst = NULL;
		store_fail(s, "%s: cannot close", tmp);
		goto fail;
	}
	dst = NULL;
	if (store_sync(tmp) != 0) {
		store_fail(s, "%s: %s", tmp, strerror(errno));
		goto fail;
	}
	if (rename(tmp, path) != 0) {
		store_fail(s, "%s: %s", path, strerror(errno));
		goto fail;
	}
	/* The rename itself, in the directory (where a crash loses it). */
	if ((dir = strrchr(path, '/')) == NULL)
		rc = store_sync(".");
	else {
		xasprintf(&tmp2, "%.*s", (int)(dir - path) + (dir == path),
		    path);
		rc = store_sync(tmp2);
		free(tmp2);
	}
	if (rc != 0) {
		store_fail(s, "%s: written, but its directory cannot be "
		    "flushed: %s", path, strerror(errno));
		free(tmp);
		return (-1);
	}
	free(tmp);
	return (0);
fail:
	sqlite3_close(dst);
	unlink(tmp);
	free(tmp);
	return (-1);
}
