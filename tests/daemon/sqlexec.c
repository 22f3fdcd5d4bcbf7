/*
 * sqlexec.c: run SQL on an SQLite file for the end-to-end tests, which
 * need to make another program's database and to look at tacd's without
 * the sqlite3 command line tool.
 *
 * usage: sqlexec FILE SQL
 *
 * Every row of every statement is printed, its columns joined by "|".
 * Exits 1 with SQLite's message when a statement fails.
 */
#include <stdio.h>

#include <sqlite3.h>

/* Print one row: the columns joined by "|", NULL as "". */
static int
sqlexec_row(void *arg, int n, char **vals, char **names)
{
	int	i;

	(void)arg;
	(void)names;
	for (i = 0; i < n; i++)
		printf("%s%s", i > 0 ? "|" : "", vals[i] != NULL ? vals[i] : "");
	putchar('\n');
	return (0);
}

/* Open FILE (creating it), run SQL, close. */
int
main(int argc, char **argv)
{
	sqlite3	*db;
	char	*msg = NULL;
	int	 rc = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: sqlexec FILE SQL\n");
		return (2);
	}
	if (sqlite3_open(argv[1], &db) != SQLITE_OK) {
		fprintf(stderr, "sqlexec: %s: %s\n", argv[1],
		    sqlite3_errmsg(db));
		sqlite3_close(db);
		return (1);
	}
	if (sqlite3_exec(db, argv[2], sqlexec_row, NULL, &msg) != SQLITE_OK) {
		fprintf(stderr, "sqlexec: %s: %s\n", argv[1],
		    msg != NULL ? msg : sqlite3_errmsg(db));
		sqlite3_free(msg);
		rc = 1;
	}
	if (sqlite3_close(db) != SQLITE_OK)
		rc = 1;
	return (rc);
}
