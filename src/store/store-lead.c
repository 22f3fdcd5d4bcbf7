/*
 * store-lead.c: one active process on a store (SQLite's side here;
 * PostgreSQL's is an advisory lock, store_pg_lead() in store-pg.c).
 *
 * Several tacd may open one database; only one may poll Telegram, run
 * the timers and send.  On SQLite that one holds an exclusive flock(2)
 * on a file beside the database, "<db>-lead".  flock, not fcntl: an
 * fcntl lock goes when the process closes any descriptor of the file,
 * a flock only with its own open file description, and the kernel drops
 * both when the process dies, so a kill -9 frees the lead at once.
 *
 * The lock lives as long as the SQLite connection: it is tied to it
 * through a function whose destructor SQLite runs when the connection is
 * closed (store_close()), so the store's other files need not know it.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#define _DEFAULT_SOURCE		/* flock() */

#include <sys/file.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store-int.h"
#include "xmalloc.h"

/* A held lead: the store, its connection, the lock file. */
struct store_lead {
	struct store		*s;
	sqlite3			*db;
	int			 fd;
	char			*path;	/* "<db>-lead" */
	struct store_lead	*next;
};

/* The leads this process holds (one per open store, at most). */
static struct store_lead *store_leads;

/* The lead held on a store, or NULL. */
static struct store_lead *
store_lead_find(struct store *s)
{
	struct store_lead	*l;

	for (l = store_leads; l != NULL; l = l->next) {
		if (l->s == s && l->db == s->lite)
			return (l);
	}
	return (NULL);
}

/* Closing the connection lets the lead go (SQLite's xDestroy). */
static void
store_lead_drop(void *arg)
{
	struct store_lead	*l = arg, **p;

	for (p = &store_leads; *p != NULL; p = &(*p)->next) {
		if (*p == l) {
			*p = l->next;
			break;
		}
	}
	close(l->fd);		/* the kernel drops the flock */
	free(l->path);
	free(l);
}

/* The tie's function body: never called by any statement. */
static void
store_lead_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	(void)argc;
	(void)argv;
	sqlite3_result_int(ctx, 1);
}

/*
 * Is the file at the lock's path still the one locked?  A lock file
 * removed or replaced under us would let another process lock a new
 * one: then we no longer lead.
 */
static int
store_lead_same(struct store_lead *l)
{
	struct stat	a, b;

	if (fstat(l->fd, &a) != 0 || stat(l->path, &b) != 0)
		return (0);
	return (a.st_dev == b.st_dev && a.st_ino == b.st_ino);
}

/*
 * Try to become the one active process on this store: 1 yes, 0 another
 * process holds it, -1 error; held until store_close().
 */
int
store_lead(struct store *s)
{
	struct store_lead	*l;
	char			*path;
	int			 fd;

	if (store_is_postgres(s))
		return (store_pg_lead(s));
	if ((l = store_lead_find(s)) != NULL) {
		if (store_lead_same(l))
			return (1);
		/*
		 * Its file was removed or replaced: let the old lock go
		 * (deleting the function runs store_lead_drop()) and try
		 * for the file at the path now.
		 */
		if (sqlite3_create_function_v2(s->lite, "tacd_lead", 0,
		    SQLITE_UTF8, NULL, NULL, NULL, NULL, NULL) != SQLITE_OK)
			return (store_sqlfail(s, "lead"));
	}
	xasprintf(&path, "%s-lead", s->path);
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) == -1) {
		store_fail(s, "%s: %s", path, strerror(errno));
		free(path);
		return (-1);
	}
	if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		int	e = errno;

		close(fd);
		if (e == EWOULDBLOCK) {
			free(path);
			return (0);
		}
		store_fail(s, "%s: lock: %s", path, strerror(e));
		free(path);
		return (-1);
	}
	l = xcalloc(1, sizeof *l);
	l->s = s;
	l->db = s->lite;
	l->fd = fd;
	l->path = path;
	/* Locked, but perhaps a file already unlinked: then none is ours. */
	if (!store_lead_same(l)) {
		close(fd);
		free(path);
		free(l);
		return (0);
	}
	if (sqlite3_create_function_v2(s->lite, "tacd_lead", 0, SQLITE_UTF8, l,
	    store_lead_fn, NULL, NULL, store_lead_drop) != SQLITE_OK) {
		/* SQLite ran the destructor on failure: l is gone. */
		return (store_sqlfail(s, "lead"));
	}
	l->next = store_leads;
	store_leads = l;
	return (1);
}

/* Is the lead still held?  1 yes, 0 no. */
int
store_leading(struct store *s)
{
	struct store_lead	*l;

	if (store_is_postgres(s))
		return (store_pg_leading(s));
	if ((l = store_lead_find(s)) == NULL)
		return (0);
	return (store_lead_same(l));
}

/*
 * Does another process lead this SQLite store, a tacd running on it?
 * Asks with a shared lock on "<db>-lead" that it lets go at once, and
 * makes no such file (one made by an admin's tacctl could be one tacd
 * may not open): 1 yes, 0 no, -1 failure.
 */
int
store_lead_busy(struct store *s)
{
	char	*path;
	int	 fd, rc;

	xasprintf(&path, "%s-lead", s->path);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		rc = errno == ENOENT ? 0 : store_fail(s, "%s: %s", path,
		    strerror(errno));
		free(path);
		return (rc);
	}
	if (flock(fd, LOCK_SH | LOCK_NB) == 0)
		rc = 0;
	else if (errno == EWOULDBLOCK)
		rc = 1;
	else
		rc = store_fail(s, "%s: lock: %s", path, strerror(errno));
	close(fd);
	free(path);
	return (rc);
}
