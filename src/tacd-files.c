/*
 * tacd-files.c: the daemon's files: the state directory made at the
 * start, the database opened read-only while tacd stands by and
 * read-write once it leads, and the copy of a lost database saved as
 * tacd stops (store-guard.c notices the loss).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "log.h"
#include "store.h"
#include "tacd-files.h"

/* Create a directory and its missing parents, mode 0700 for new ones. */
int
tacd_files_mkdirs(const char *path)
{
	char	 buf[PATH_MAX], *p;

	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
		errno = ENAMETOOLONG;
		return (-1);
	}
	for (p = buf + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0700) == -1 && errno != EEXIST)
			return (-1);
		*p = '/';
	}
	if (mkdir(buf, 0700) == -1 && errno != EEXIST)
		return (-1);
	return (0);
}

/*
 * Save what the lost database held: its open connection still reads the
 * deleted (or replaced) file, which goes for good when it is closed.  The
 * copy is taken beside the path, after every transaction has ended.
 */
void
tacd_files_rescue(struct store *store, const char *db)
{
	struct tm	 tm;
	time_t		 now = time(NULL);
	char		 stamp[32], path[PATH_MAX + 64];

	if (localtime_r(&now, &tm) == NULL ||
	    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm) == 0)
		snprintf(stamp, sizeof stamp, "%lld", (long long)now);
	snprintf(path, sizeof path, "%s.rescued-%s", db, stamp);
	if (store_backup(store, path) != 0) {
		log_warnx("the games of the lost database could not be "
		    "saved: %s", store_error(store));
		return;
	}
	log_warnx("the games of the lost database are saved in %s: to go "
	    "on with them, move it to %s before tacd starts again", path,
	    db);
}

/*
 * Open the database at db: one in use (its -wal file beside it: another
 * tacd may be active on it, or one died) read-only (*ro = 1), so that a
 * standby changes nothing: a newer tacd standing by must not migrate the
 * schema under an older one that is active.  Any other read-write (*ro =
 * 0), as is one the read-only open refuses: the refusal's message is
 * then the one a start has always given, and a file refused without a
 * -wal keeps having none (a read-only connection would make one).
 * Exits if it cannot.
 */
struct store *
tacd_files_open(const char *db, int *ro)
{
	struct store	*s;
	struct stat	 sb;
	char		*cause = NULL, wal[PATH_MAX + 8];

	*ro = 0;
	snprintf(wal, sizeof wal, "%s-wal", db);
	if (stat(db, &sb) == 0 && sb.st_size > 0 && stat(wal, &sb) == 0 &&
	    (s = store_open(db, STORE_RDONLY, &cause)) != NULL) {
		*ro = 1;
		return (s);
	}
	free(cause);
	if ((s = store_open(db, 0, &cause)) == NULL)
		fatalx("%s", cause);
	return (s);
}

/*
 * The read-only store ro leads: open db read-write (migrating it if it
 * must: nobody else acts on it now), then close ro, which lets the lead
 * go: the caller takes it on the new store.  Exits if it cannot open.
 */
struct store *
tacd_files_writable(struct store *ro, const char *db)
{
	struct store	*rw;
	char		*cause = NULL;

	if ((rw = store_open(db, 0, &cause)) == NULL)
		fatalx("%s", cause);
	store_close(ro);
	return (rw);
}
