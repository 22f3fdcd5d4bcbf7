/*
 * db-pg.h: what the store needs of PostgreSQL beyond db.h: connecting,
 * and the session's own checks (db-pg.c); SQLite's words turned into
 * PostgreSQL's (db-pg-sql.c).
 */
#ifndef DB_PG_H
#define DB_PG_H

#include <stdint.h>

struct db;

struct db	*db_pg_open(const char *, const char *, char **);
int		 db_is_pg(struct db *);
int		 db_pg_alive(struct db *);
int		 db_pg_session(struct db *, const char *);
int		 db_pg_lead(struct db *);
int		 db_pg_leading(struct db *);
char		*db_pg_sql(const char *, int *);

#endif /* DB_PG_H */
