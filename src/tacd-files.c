/*
 * tacd-files.c: the daemon's files beside the database: the state
 * directory made at the start, and the copy of a lost database saved as
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
