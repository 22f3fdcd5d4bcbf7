/*
 * testdb.h: which backend the store's and the service's suites run on.
 * TACD_TEST_DATABASE (a postgresql:// URI, set by tests/pg/cluster.sh)
 * selects PostgreSQL; unset, each test has an SQLite file of its own.
 */
#ifndef TESTDB_H
#define TESTDB_H

#include <stddef.h>

const char	*tdb_url(void);
void		 tdb_path(char *, size_t, int);
void		 tdb_wipe(int, int);

#endif /* TESTDB_H */
