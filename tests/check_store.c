/*
 * check_store.c: the SQLite store: opening and migrating, refusing what
 * it must not open, round trips of every table, the outbox's order, the
 * timers, update deduplication, savepoints and backups.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_daemon.h"
#include "testdb.h"

static struct td	td;

/* Open a raw connection to the scratch database (no store). */
static sqlite3 *
raw_open(void)
{
	sqlite3	*db;

	ck_assert_int_eq(sqlite3_open(td.path, &db), SQLITE_OK);
	return (db);
}

/* Run SQL on a raw connection. */
static void
raw_exec(sqlite3 *db, const char *sql)
{
	char	*msg = NULL;

	ck_assert_msg(sqlite3_exec(db, sql, NULL, NULL, &msg) == SQLITE_OK,
	    "%s: %s", sql, msg != NULL ? msg : "?");
}

/* The schema as text: every object's name and SQL, in name order. */
static char *
schema_text(sqlite3 *db)
{
	sqlite3_stmt	*st;
	char		*buf;
	size_t		 len = 0, size = 65536;

	buf = calloc(1, size);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(sqlite3_prepare_v2(db, "SELECT type, name, "
	    "coalesce(sql, '') FROM sqlite_schema ORDER BY name", -1, &st,
	    NULL), SQLITE_OK);
	while (sqlite3_step(st) == SQLITE_ROW)
		len += snprintf(buf + len, size - len, "%s %s %s\n",
		    sqlite3_column_text(st, 0), sqlite3_column_text(st, 1),
		    sqlite3_column_text(st, 2));
	sqlite3_finalize(st);
	ck_assert_uint_lt(len, size);
	return (buf);
}

/* A fresh database comes up at the newest version, WAL, keys on. */
START_TEST(test_store_open_fresh)
{
	td_init(&td, 0);
	td_open(&td);
	ck_assert_int_eq(store_version(td.store), store_latest());
	ck_assert_int_ge(store_latest(), 2);
	ck_assert_int_eq(td_sql_int(&td, "PRAGMA user_version"),
	    store_latest());
	ck_assert_int_eq(td_sql_int(&td, "PRAGMA application_id"),
	    STORE_APPID);
	ck_assert_int_eq(td_sql_int(&td, "PRAGMA foreign_keys"), 1);
	ck_assert_int_eq(td_sql_int(&td, "PRAGMA synchronous"), 2); /* FULL */
	ck_assert_int_gt(td_sql_int(&td, "PRAGMA busy_timeout"), 0);
	ck_assert_int_eq(td_sql_int(&td, "SELECT journal_mode = 'wal' FROM "
	    "pragma_journal_mode"), 1);
	td_done(&td);
}
END_TEST

/* The embedded migrations are numbered 1, 2, ... with their names. */
START_TEST(test_store_migrations_numbered)
{
	char	want[16];
	int	i;

	for (i = 0; store_migrations[i].name != NULL; i++) {
		ck_assert_int_eq(store_migrations[i].version, i + 1);
		snprintf(want, sizeof want, "%04d-", i + 1);
		ck_assert_int_eq(strncmp(store_migrations[i].name, want, 5), 0);
		ck_assert_ptr_nonnull(strstr(store_migrations[i].sql, ";"));
	}
	ck_assert_int_eq(i, store_latest());
}
END_TEST

/*
 * From every older version, with data written at that version, opening
 * migrates to the newest: the data survives and the schema is exactly a
 * fresh database's.
 */
START_TEST(test_store_migrate_from_every_version)
{
	struct store_game	 g;
	struct store		*s;
	sqlite3			*db;
	char			*fresh, *migrated, *cause;
	char			 key[STORE_KEYLEN + 1];
	int			 v;

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	fresh = schema_text(store_db(td.store));
	td_close(&td);
	unlink(td.path);

	for (v = 0; v < store_latest(); v++) {
		snprintf(td.path, sizeof td.path, "%s/v%d.db", td.dir, v);
		s = store_open_version(td.path, STORE_NOSYNC, v, &cause);
		ck_assert_msg(s != NULL, "version %d: %s", v, cause);
		ck_assert_int_eq(store_version(s), v);
		store_close(s);
		if (v >= 1) {
			/* Rows as version 1 knew them. */
			db = raw_open();
			raw_exec(db, "INSERT INTO chats (platform, pid) VALUES "
			    "('test', 'g1'); INSERT INTO games (chat, state, "
			    "players, seed, created, updated, turn_no) VALUES "
			    "(1, 1, 4, 42, 1, 1, 0); INSERT INTO kv VALUES "
			    "('offset:test', '17')");
			sqlite3_close(db);
		}
		td_open(&td);
		ck_assert_int_eq(store_version(td.store), store_latest());
		migrated = schema_text(store_db(td.store));
		ck_assert_str_eq(migrated, fresh);
		free(migrated);
		if (v >= 1) {
			ck_assert_int_eq(store_game_get(td.store, 1, &g, NULL),
			    1);
			ck_assert_uint_eq(g.seed, 42);
			ck_assert_int_eq(g.remind, 0);
			ck_assert_int_eq(g.ai, 1);
			/* 0004: the board style's default, no messages. */
			ck_assert_str_eq(g.board, "picture");
			ck_assert_int_eq(td_sql_int(&td, "SELECT count(*) "
			    "FROM messages"), 0);
			ck_assert_int_eq(svc_update_offset(td.svc, "test"), 17);
			/* 0008: the game got a key when the file was opened. */
			ck_assert_int_eq(store_key_get(td.store, 1, key), 1);
			ck_assert_int_eq(strlen(key), STORE_KEYLEN);
			ck_assert_int_eq(store_key_game(td.store, key), 1);
		}
		td_close(&td);
		unlink(td.path);
	}
	free(fresh);
	td_done(&td);
}
END_TEST

/* A database written by a newer tacd is refused, untouched. */
START_TEST(test_store_refuses_newer)
{
	struct store	*s;
	sqlite3		*db;
	char		*cause, sql[64];

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	td_close(&td);
	db = raw_open();
	snprintf(sql, sizeof sql, "PRAGMA user_version = %d",
	    store_latest() + 1);
	raw_exec(db, sql);
	sqlite3_close(db);
	s = store_open(td.path, 0, &cause);
	ck_assert_ptr_null(s);
	ck_assert_ptr_nonnull(strstr(cause, "newer than this tacd"));
	ck_assert_ptr_nonnull(strstr(cause, td.path));
	free(cause);
	s = store_open(td.path, STORE_RDONLY, &cause);
	ck_assert_ptr_null(s);
	free(cause);
	td_done(&td);
}
END_TEST

/* Another program's database is refused. */
START_TEST(test_store_refuses_foreign)
{
	struct store	*s;
	sqlite3		*db;
	char		*cause;

	td_init(&td, STORE_NOSYNC);
	db = raw_open();
	raw_exec(db, "CREATE TABLE t (x)");
	sqlite3_close(db);
	s = store_open(td.path, 0, &cause);
	ck_assert_ptr_null(s);
	ck_assert_ptr_nonnull(strstr(cause, "not a tacd database"));
	free(cause);

	db = raw_open();
	raw_exec(db, "PRAGMA application_id = 12345");
	sqlite3_close(db);
	s = store_open(td.path, 0, &cause);
	ck_assert_ptr_null(s);
	ck_assert_ptr_nonnull(strstr(cause, "application_id"));
	free(cause);
	td_done(&td);
}
END_TEST

/* Read-only opening neither creates nor upgrades a database. */
START_TEST(test_store_readonly)
{
	struct store	*s;
	char		*cause;

	td_init(&td, STORE_NOSYNC);
	s = store_open(td.path, STORE_RDONLY, &cause);
	ck_assert_ptr_null(s);
	free(cause);
	ck_assert_int_ne(access(td.path, F_OK), 0);

	s = store_open_version(td.path, STORE_NOSYNC, 1, &cause);
	ck_assert_ptr_nonnull(s);
	store_close(s);
	s = store_open(td.path, STORE_RDONLY, &cause);
	ck_assert_ptr_null(s);
	ck_assert_ptr_nonnull(strstr(cause, "start tacd once"));
	free(cause);
	td_open(&td);
	td_close(&td);
	s = store_open(td.path, STORE_RDONLY, &cause);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_ne(store_kv_set(s, "a", "b"), 0);	/* cannot write */
	store_close(s);
	td_done(&td);
}
END_TEST

/* kv: set, get, and max that never lowers. */
START_TEST(test_store_kv)
{
	char	buf[32];

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	ck_assert_int_eq(store_kv_get(td.store, "a", buf, sizeof buf), 0);
	ck_assert_int_eq(store_kv_set(td.store, "a", "x'); DROP TABLE kv; --"),
	    0);
	ck_assert_int_eq(store_kv_get(td.store, "a", buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "x'); DROP TABLE kv; --");	/* just text */
	ck_assert_int_eq(store_kv_max(td.store, "n", 10), 0);
	ck_assert_int_eq(store_kv_max(td.store, "n", 9), 0);
	ck_assert_int_eq(store_kv_get(td.store, "n", buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "10");
	ck_assert_int_eq(store_kv_max(td.store, "n", 100), 0);
	ck_assert_int_eq(store_kv_get(td.store, "n", buf, sizeof buf), 1);
	ck_assert_str_eq(buf, "100");
	td_done(&td);
}
END_TEST

/* Update ids: new once, then seen; pruning keeps them seen. */
START_TEST(test_store_update_seen)
{
	char	buf[32];

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	ck_assert_int_eq(store_update_seen(td.store, "tg", 5, 100), 1);
	ck_assert_int_eq(store_update_seen(td.store, "tg", 5, 101), 0);
	ck_assert_int_eq(store_update_seen(td.store, "tg", 3, 102), 1);
	ck_assert_int_eq(store_update_seen(td.store, "other", 5, 102), 1);
	ck_assert_int_eq(svc_update_offset(td.svc, "tg"), 5);
	ck_assert_int_eq(svc_update_offset(td.svc, "nope"), -1);
	ck_assert_int_eq(store_updates_prune(td.store, 102, 100), 1);
	ck_assert_int_eq(td_sql_int(&td, "SELECT count(*) FROM updates"), 2);
	ck_assert_int_eq(store_kv_get(td.store, "floor:tg", buf, sizeof buf),
	    1);
	ck_assert_str_eq(buf, "5");
	ck_assert_int_eq(store_update_seen(td.store, "tg", 4, 103), 0);
	ck_assert_int_eq(store_update_seen(td.store, "tg", 5, 103), 0);
	ck_assert_int_eq(store_update_seen(td.store, "tg", 6, 103), 1);
	ck_assert_int_eq(store_update_seen(td.store, "other", 5, 103), 0);
	td_done(&td);
}
END_TEST

/* Chats and users: found again by platform id, names and titles kept. */
START_TEST(test_store_chats_users)
{
	char	lang[8];
	int64_t	c, u;

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	c = store_chat(td.store, "tg", "-100", "Title", 0, "ru", lang);
	ck_assert_int_gt(c, 0);
	ck_assert_str_eq(lang, "ru");
	ck_assert_int_eq(store_chat(td.store, "tg", "-100", "New", 0, "en",
	    lang), c);
	ck_assert_str_eq(lang, "ru");
	ck_assert_int_eq(td_sql_int(&td, "SELECT title = 'New' FROM chats"),
	    1);
	ck_assert_int_ne(store_chat(td.store, "other", "-100", NULL, 0, NULL,
	    NULL), c);
	u = store_user(td.store, "tg", "7", "Anna", NULL, lang);
	ck_assert_str_eq(lang, "en");
	ck_assert_int_eq(store_user(td.store, "tg", "7", "Anna B", "ru",
	    lang), u);
	ck_assert_int_eq(store_user_set_lang(td.store, u, "ru"), 0);
	ck_assert_int_eq(store_user(td.store, "tg", "7", NULL, NULL, lang), u);
	ck_assert_str_eq(lang, "ru");
	ck_assert_int_eq(store_chat_set_lang(td.store, c, "en"), 0);
	td_done(&td);
}
END_TEST

/* Make a game row in a new chat with a person in seat 0, an AI in 2. */
static int64_t
make_game(const char *chat, int state)
{
	struct store_game	g;
	int64_t			c, u;

	c = store_chat(td.store, "tg", chat, "t", 0, NULL, NULL);
	u = store_user(td.store, "tg", "7", "Anna", "ru", NULL);
	memset(&g, 0, sizeof g);
	g.chat = c;
	g.state = state;
	g.cfg.nseats = 4;
	g.cfg.master = 1;
	g.seed = UINT64_MAX - 3;	/* beyond int64: stored two's complement */
	g.deadline = 3600;
	g.creator = u;
	g.actor = -1;
	g.winner = -1;
	g.created = g.updated = 1000;
	g.seats[0].user = u;
	g.seats[2].ai = 1;
	return (store_game_create(td.store, &g));
}

/* A game's row and seats come back as written. */
START_TEST(test_store_game_roundtrip)
{
	struct store_game	 g;
	char			*snap;
	int64_t			 id;

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	ck_assert_int_gt((id = make_game("g1", STORE_LOBBY)), 0);
	ck_assert_int_eq(store_game_get(td.store, id, &g, &snap), 1);
	ck_assert_ptr_null(snap);
	ck_assert_str_eq(g.platform, "tg");
	ck_assert_str_eq(g.chat_pid, "g1");
	ck_assert_int_eq(g.cfg.nseats, 4);
	ck_assert_int_eq(g.cfg.master, 1);
	ck_assert(g.seed == UINT64_MAX - 3);
	ck_assert_int_eq(g.deadline, 3600);
	ck_assert_str_eq(g.creator_pid, "7");
	ck_assert_str_eq(g.seats[0].pid, "7");
	ck_assert_str_eq(g.seats[0].name, "Anna");
	ck_assert_str_eq(g.seats[0].lang, "ru");
	ck_assert_int_eq(g.seats[2].ai, 1);
	ck_assert_str_eq(g.seats[2].name, "AI 2");
	ck_assert_int_eq(g.seats[1].user, 0);
	ck_assert_int_eq(g.seats[1].ai, 0);

	g.state = STORE_PLAYING;
	g.turn_no = 7;
	g.actor = 3;
	g.due = 5000;
	g.remind = 4000;
	ck_assert_int_eq(store_game_put(td.store, &g, "{\"x\":1}"), 0);
	g.seats[2].ai = 0;
	ck_assert_int_eq(store_seat_put(td.store, id, 2, &g.seats[2]), 0);
	ck_assert_int_eq(store_game_put(td.store, &g, NULL), 0);
	ck_assert_int_eq(store_game_get(td.store, id, &g, &snap), 1);
	ck_assert_str_eq(snap, "{\"x\":1}");	/* NULL kept it */
	free(snap);
	ck_assert_int_eq(g.turn_no, 7);
	ck_assert_int_eq(g.actor, 3);
	ck_assert_int_eq(g.due, 5000);
	ck_assert_int_eq(g.remind, 4000);
	ck_assert_int_eq(g.seats[2].ai, 0);
	ck_assert_int_eq(td_sql_int(&td, "SELECT count(*) FROM seats"), 1);
	ck_assert_int_eq(store_game_get(td.store, id + 1, &g, NULL), 0);
	g.id = id + 1;
	ck_assert_int_eq(store_game_put(td.store, &g, NULL), -1);
	td_done(&td);
}
END_TEST

/* One open game per chat; a finished one makes room. */
START_TEST(test_store_one_open_game_per_chat)
{
	struct store_game	g;
	int64_t			id;

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	ck_assert_int_gt((id = make_game("g1", STORE_LOBBY)), 0);
	ck_assert_int_eq(make_game("g1", STORE_LOBBY), -1);
	/* SQLite says "UNIQUE constraint", PostgreSQL "unique constraint". */
	ck_assert(strstr(store_error(td.store), "UNIQUE") != NULL ||
	    strstr(store_error(td.store), "unique constraint") != NULL);
	ck_assert_int_eq(store_chat_game_pid(td.store, "tg", "g1"), id);
	ck_assert_int_eq(store_game_get(td.store, id, &g, NULL), 1);
	g.state = STORE_OVER;
	ck_assert_int_eq(store_game_put(td.store, &g, NULL), 0);
	ck_assert_int_eq(store_chat_game_pid(td.store, "tg", "g1"), 0);
	ck_assert_int_gt(make_game("g1", STORE_LOBBY), id);
	td_done(&td);
}
END_TEST

/* The log: actions in order into a record; a gap is caught. */
START_TEST(test_store_record)
{
	struct tac_record	rec;
	int64_t			id;

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	id = make_game("g1", STORE_PLAYING);
	ck_assert_int_eq(store_action_add(td.store, id, 0, 1, "give 5", 0, 1),
	    0);
	ck_assert_int_eq(store_action_add(td.store, id, 1, 2, "give TAC", 1,
	    2), 0);
	ck_assert_int_eq(store_action_add(td.store, id, 1, 2, "again", 1, 2),
	    -1);	/* action n is written once */
	ck_assert_int_eq(store_record(td.store, id, &rec), 1);
	ck_assert(rec.seeded && rec.seed == UINT64_MAX - 3);
	ck_assert_int_eq(rec.cfg.nseats, 4);
	ck_assert_uint_eq(rec.nactions, 2);
	ck_assert_str_eq(rec.actions[0], "give 5");
	ck_assert_str_eq(rec.actions[1], "give TAC");
	tac_record_free(&rec);
	ck_assert_int_eq(store_action_add(td.store, id, 3, 2, "gap", 1, 2), 0);
	ck_assert_int_eq(store_record(td.store, id, &rec), -2);
	ck_assert_ptr_nonnull(strstr(store_error(td.store), "misses"));
	ck_assert_int_eq(store_record(td.store, id + 5, &rec), 0);
	td_done(&td);
}
END_TEST

/* The outbox: oldest first, each chat in order, retries wait their turn. */
START_TEST(test_store_outbox_order)
{
	struct store_out	o;
	int64_t			a1, a2, b1;

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	a1 = store_out_add(td.store, "tg", "A", 1, "moved", "{\"n\":1}", 100);
	a2 = store_out_add(td.store, "tg", "A", 1, "moved", "{\"n\":2}", 100);
	b1 = store_out_add(td.store, "tg", "B", 0, "info", "{}", 100);
	ck_assert_int_eq(store_out_add(td.store, "xx", "A", 0, "info", "{}",
	    100) > 0, 1);
	ck_assert_int_eq(store_out_pending(td.store, "tg"), 3);
	ck_assert_int_eq(store_out_pending(td.store, NULL), 4);
	ck_assert_int_eq(store_out_next(td.store, "tg", 99, &o), 0);
	ck_assert_int_eq(store_out_next(td.store, "tg", 100, &o), 1);
	ck_assert_int_eq(o.id, a1);
	ck_assert_str_eq(o.payload, "{\"n\":1}");
	ck_assert_str_eq(o.kind, "moved");
	ck_assert_int_eq(o.game, 1);
	store_out_free(&o);
	/* A1 fails: A2 waits behind it, B1 goes. */
	ck_assert_int_eq(store_out_retry(td.store, a1, 200, 1), 0);
	ck_assert_int_eq(store_out_next(td.store, "tg", 150, &o), 1);
	ck_assert_int_eq(o.id, b1);
	store_out_free(&o);
	ck_assert_int_eq(store_out_done(td.store, b1, "m9", 1, 150), 0);
	ck_assert_int_eq(store_out_done(td.store, b1, "m9", 1, 150), -1);
	ck_assert_int_eq(store_out_next(td.store, "tg", 150, &o), 0);
	ck_assert_int_eq(store_out_next(td.store, "tg", 200, &o), 1);
	ck_assert_int_eq(o.id, a1);
	ck_assert_int_eq(o.attempts, 1);
	store_out_free(&o);
	ck_assert_int_eq(store_out_done(td.store, a1, NULL, 2, 200), 0);
	ck_assert_int_eq(store_out_next(td.store, "tg", 200, &o), 1);
	ck_assert_int_eq(o.id, a2);
	store_out_free(&o);
	ck_assert_int_eq(store_out_done(td.store, a2, "m10", 1, 300), 0);
	ck_assert_int_eq(td_sql_int(&td, "SELECT message = 'm10' FROM outbox "
	    "WHERE id = 2"), 1);
	ck_assert_int_eq(store_out_prune(td.store, 250, 100), 2);
	ck_assert_int_eq(td_sql_int(&td, "SELECT count(*) FROM outbox"), 2);
	td_done(&td);
}
END_TEST

/* Timers: the earliest due or reminder time, and which games are due. */
START_TEST(test_store_timers)
{
	struct store_game	g;
	int64_t			a, b, ids[8];

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	ck_assert_int_eq(store_timer_next(td.store), -1);
	a = make_game("g1", STORE_PLAYING);
	b = make_game("g2", STORE_PLAYING);
	store_game_get(td.store, a, &g, NULL);
	g.due = 500;
	g.remind = 400;
	store_game_put(td.store, &g, NULL);
	store_game_get(td.store, b, &g, NULL);
	g.due = 300;
	store_game_put(td.store, &g, NULL);
	ck_assert_int_eq(store_timer_next(td.store), 300);
	ck_assert_int_eq(store_timers_due(td.store, 299, ids, 8), 0);
	ck_assert_int_eq(store_timers_due(td.store, 450, ids, 8), 2);
	ck_assert_int_eq(ids[0], b);
	ck_assert_int_eq(ids[1], a);
	ck_assert_int_eq(store_timers_due(td.store, 600, ids, 1), 1);
	ck_assert_int_eq(ids[0], b);
	td_done(&td);
}
END_TEST

/* A savepoint rolls back alone; the transaction around it stays. */
START_TEST(test_store_savepoint)
{
	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	ck_assert_int_eq(store_begin(td.store), 0);
	ck_assert_int_eq(store_kv_set(td.store, "a", "1"), 0);
	ck_assert_int_eq(store_savepoint(td.store), 0);
	ck_assert_int_eq(store_kv_set(td.store, "b", "2"), 0);
	store_rollback_to(td.store);
	ck_assert_int_eq(store_in_txn(td.store), 1);
	ck_assert_int_eq(store_savepoint(td.store), 0);
	ck_assert_int_eq(store_kv_set(td.store, "c", "3"), 0);
	ck_assert_int_eq(store_release(td.store), 0);
	ck_assert_int_eq(store_commit(td.store), 0);
	ck_assert_int_eq(td_sql_int(&td, "SELECT group_concat(key) = 'a,c' "
	    "FROM (SELECT key FROM kv ORDER BY key) k"), 1);
	ck_assert_int_eq(store_begin(td.store), 0);
	ck_assert_int_eq(store_kv_set(td.store, "d", "4"), 0);
	store_rollback(td.store);
	ck_assert_int_eq(td_sql_int(&td, "SELECT count(*) FROM kv"), 2);
	td_done(&td);
}
END_TEST

/* A backup taken while another connection writes is a whole database. */
START_TEST(test_store_backup)
{
	struct store	*copy;
	sqlite3		*db;
	char		 path[400], *cause;

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	make_game("g1", STORE_LOBBY);
	/* A second connection with an open write transaction. */
	db = raw_open();
	raw_exec(db, "BEGIN IMMEDIATE; INSERT INTO kv VALUES ('w', '1')");
	snprintf(path, sizeof path, "%s/backup.db", td.dir);
	ck_assert_msg(store_backup(td.store, path) == 0, "%s",
	    store_error(td.store));
	raw_exec(db, "COMMIT");
	sqlite3_close(db);
	copy = store_open(path, STORE_RDONLY, &cause);
	ck_assert_msg(copy != NULL, "%s", cause);
	ck_assert_int_eq(store_chat_game_pid(copy, "tg", "g1"), 1);
	store_close(copy);
	ck_assert_int_ne(store_backup(td.store, "/nonexistent/dir/x.db"), 0);
	unlink(path);
	td_done(&td);
}
END_TEST

/* The store's suite. */
Suite *
suite_store(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("store");
	tc = tcase_create("store");
	/* The SQLite file's checks, or their PostgreSQL counterparts. */
	if (tdb_url() != NULL) {
		/* Migrating 17 times over a socket takes seconds. */
		tcase_set_timeout(tc, 60);
		store_pg_tests(tc);
	} else {
		tcase_add_test(tc, test_store_open_fresh);
		tcase_add_test(tc, test_store_migrate_from_every_version);
		tcase_add_test(tc, test_store_refuses_newer);
		tcase_add_test(tc, test_store_refuses_foreign);
		tcase_add_test(tc, test_store_readonly);
		tcase_add_test(tc, test_store_backup);
	}
	tcase_add_test(tc, test_store_migrations_numbered);
	tcase_add_test(tc, test_store_kv);
	tcase_add_test(tc, test_store_update_seen);
	tcase_add_test(tc, test_store_chats_users);
	tcase_add_test(tc, test_store_game_roundtrip);
	tcase_add_test(tc, test_store_one_open_game_per_chat);
	tcase_add_test(tc, test_store_record);
	tcase_add_test(tc, test_store_outbox_order);
	tcase_add_test(tc, test_store_timers);
	tcase_add_test(tc, test_store_savepoint);
	suite_add_tcase(s, tc);
	return (s);
}
