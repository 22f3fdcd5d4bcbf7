/*
 * check_stats_log.c: the statistics tables against the logs they are
 * derived from: kept at each game's end, they equal a rebuild after many
 * random games; a database of schema 4 with games migrates to the same
 * tables as where the games were played; a chat migration merges them.
 * The helpers (play_out(), rnd(), q(), ...) are check_stats.c's.
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

/* Each test starts with an empty database and service. */
static void
setup(void)
{
	td_init(&stats_td, STORE_NOSYNC);
	td_open(&stats_td);
}

/* And leaves nothing behind. */
static void
teardown(void)
{
	td_done(&stats_td);
}

/* Append a table's rows, sorted, each value exactly, to buf. */
static void
dump_table(struct td *t, const char *table, char **buf, size_t *len)
{
	FILE		*f;
	char		 sql[128];

	f = open_memstream(buf, len);
	ck_assert_ptr_nonnull(f);
	snprintf(sql, sizeof sql, "SELECT * FROM %s ORDER BY 1, 2, 3", table);
	if (strcmp(table, "ratings") == 0 || strcmp(table, "stats_games") == 0)
		snprintf(sql, sizeof sql, "SELECT * FROM %s ORDER BY 1", table);
	fprintf(f, "%s:\n", table);
	ck_assert_int_eq(store_sql_dump(t->store, sql, f), 0);
	fclose(f);
}

/* Every statistics table as text, to compare two of them exactly. */
static char *
dump_stats(struct td *t)
{
	static const char *const tables[] = {
		"stats_games", "stats_seats", "stats_players", "stats_pairs",
		"stats_cards", "ratings"
	};
	char	*all = NULL, *one;
	size_t	 i, len, alen = 0;
	FILE	*f;

	f = open_memstream(&all, &alen);
	ck_assert_ptr_nonnull(f);
	for (i = 0; i < sizeof tables / sizeof tables[0]; i++) {
		dump_table(t, tables[i], &one, &len);
		fputs(one, f);
		free(one);
	}
	fclose(f);
	return (all);
}

/* Two dumps must be the same; the message shows where they part. */
static void
same_text(const char *a, const char *b)
{
	size_t	i;

	for (i = 0; a[i] != '\0' && a[i] == b[i]; i++)
		;
	ck_assert_msg(a[i] == b[i], "they differ at byte %zu: \"%.60s\" "
	    "against \"%.60s\"", i, a + (i > 20 ? i - 20 : 0),
	    b + (i > 20 ? i - 20 : 0));
}

/*
 * Many random games at once in three chats (4 and 6 seats, pairs and
 * triples, people and AI, deadlines that pass, a game aborted), ending
 * in an interleaved order: the tables kept at each end equal a rebuild
 * from the logs, value for value.
 */
START_TEST(test_stats_rebuild_equals_incremental)
{
	static const char *const chats[] = { "g1", "g2", "g3" };
	struct svc_game	*g;
	int64_t		 ids[3], over;
	char		*kept, *rebuilt;
	int		 opened = 0, left = 3, c, steps, seat, aborted = 0;

	rnd_state = 20261201;
	for (c = 0; c < 3; c++)
		ids[c] = open_random(chats[c], ++opened);
	for (steps = 0; left > 0 && steps < 200000; steps++) {
		c = (int)rnd(3);
		if (ids[c] == 0)
			continue;
		g = td_info(&stats_td, ids[c]);
		if (g->state != SVC_PLAYING) {
			if (opened < 30) {
				stats_td.now += 60;
				ids[c] = open_random(chats[c], ++opened);
			} else {
				ids[c] = 0;
				left--;
			}
			continue;
		}
		seat = g->actor;
		stats_td.now += 1 + rnd(5);
		if (seat < 0 || g->seats[seat].ai > 0 || g->seats[seat].away ||
		    g->seats[seat].user[0] == '\0')
			ck_assert_int_ge(svc_timers(stats_td.svc), 0);
		else if (g->deadline > 0 && rnd(15) == 0) {
			stats_td.now += g->deadline + 1;
			td_run_timers(&stats_td);
		} else if (!aborted && opened == 12 && g->turn_no > 40) {
			aborted = 1;
			ck_assert_int_eq(td_event(&stats_td, chats[c], 0, "boss", 1,
			    "/abort yes"), 0);
		} else
			play_random(ids[c], chats[c]);
		if (steps == 5000)
			ck_assert_int_eq(td_event(&stats_td, "u3", 1, "u3", 0,
			    "/stats off"), 0);
	}
	ck_assert_int_eq(left, 0);
	over = q(&stats_td, "SELECT count(*) FROM games WHERE state = 2");
	ck_assert_int_ge(over, 28);
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM games WHERE state = 3"),
	    1);
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM stats_games"), over);
	ck_assert_int_eq(q(&stats_td, "SELECT count(DISTINCT finished) FROM games "
	    "WHERE state = 2"), over);
	ck_assert_int_eq(q(&stats_td, "SELECT sum(games) FROM stats_players"),
	    q(&stats_td, "SELECT count(*) FROM stats_seats"));
	ck_assert_int_gt(q(&stats_td, "SELECT count(*) FROM ratings WHERE rating "
	    "!= 1500"), 4);
	ck_assert_int_gt(q(&stats_td, "SELECT count(*) FROM stats_players WHERE "
	    "player > 0"), 5);
	ck_assert_int_gt(q(&stats_td, "SELECT sum(takeovers) FROM stats_games"), 0);
	ck_assert_int_eq(q(&stats_td, "SELECT hidden FROM users WHERE pid = 'u3'"),
	    1);
	/* Games in different chats ended out of their id order. */
	ck_assert_int_gt(q(&stats_td, "SELECT count(*) FROM games a JOIN games b ON "
	    "a.id < b.id AND a.finished > b.finished WHERE a.state = 2 AND "
	    "b.state = 2"), 0);

	kept = dump_stats(&stats_td);
	ck_assert_int_eq(store_begin(stats_td.store), 0);
	ck_assert_int_eq(store_stats_rebuild(stats_td.store, NULL), over);
	ck_assert_int_eq(store_commit(stats_td.store), 0);
	rebuilt = dump_stats(&stats_td);
	same_text(kept, rebuilt);
	free(kept);
	free(rebuilt);
}
END_TEST

/*
 * A database of schema 4 (before the statistics) with games in it:
 * three finished games, one running and one aborted, copied from a
 * database where they were played.  Opening it migrates to the tables
 * and fills them: exactly as they were kept where the games were played.
 */
START_TEST(test_stats_migration_from_v4)
{
	struct store	*s;
	sqlite3		*db;
	char		 v4[sizeof stats_td.path], sql[1024], *played, *migrated;
	char		*cause;
	int64_t		 id;
	int		 i;

	/* Play them: one after another, a few seconds apart. */
	for (i = 0; i < 2; i++) {
		stats_td.now += 50;
		id = td_lobby4(&stats_td, "g1", i == 0 ? "seed=4" : "6 seed=5");
		if (i == 1) {
			/* A six-seat lobby: two more people join. */
			ck_assert_int_eq(td_info(&stats_td, id)->state, SVC_LOBBY);
			td_event(&stats_td, "g1", 0, "u4", 0, "/join");
			td_event(&stats_td, "g1", 0, "u5", 0, "/join");
			td_event(&stats_td, "g1", 0, "u0", 0, "/start");
			id = td_game(&stats_td, "g1");
		}
		play_out(id, "g1");
	}
	stats_td.now += 50;
	td_event(&stats_td, "g2", 0, "u6", 0, "/new seed=6");
	td_event(&stats_td, "g2", 0, "u6", 0, "/ai all");
	td_event(&stats_td, "g2", 0, "u6", 0, "/start");
	play_out(td_game(&stats_td, "g2"), "g2");
	stats_td.now += 50;
	id = td_lobby4(&stats_td, "g3", "seed=7");
	for (i = 0; i < 10; i++)
		ck_assert_int_eq(td_play_first(&stats_td, id, "g3"), 0);
	td_event(&stats_td, "g4", 0, "u7", 0, "/new");
	td_event(&stats_td, "g4", 0, "u7", 0, "/abort yes");
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM games WHERE state = 2"),
	    3);
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM stats_games"), 3);
	played = dump_stats(&stats_td);

	/* The same rows in a database of the schema before the statistics. */
	snprintf(v4, sizeof v4, "%.280s/v4.db", stats_td.dir);
	s = store_open_version(v4, STORE_NOSYNC,
	    STORE_STATS_VERSION - 1, &cause);
	ck_assert_msg(s != NULL, "%s", cause);
	store_close(s);
	ck_assert_int_eq(sqlite3_open(v4, &db), SQLITE_OK);
	snprintf(sql, sizeof sql, "ATTACH '%s' AS a; "
	    "INSERT INTO chats (id, platform, pid, title, private, lang, board) "
	    "SELECT id, platform, pid, title, private, lang, board FROM "
	    "a.chats; INSERT INTO users (id, platform, pid, name, lang) "
	    "SELECT id, platform, pid, name, lang FROM a.users; "
	    "INSERT INTO games (id, chat, state, players, triples, master, "
	    "names, seed, deadline, creator, turn_no, actor, due, winner, "
	    "created, updated, snapshot, remind, ai) SELECT id, chat, state, "
	    "players, triples, master, names, seed, deadline, creator, "
	    "turn_no, actor, due, winner, created, updated, snapshot, remind, "
	    "ai FROM a.games; INSERT INTO seats SELECT * FROM a.seats; "
	    "INSERT INTO actions SELECT * FROM a.actions; DETACH a", stats_td.path);
	ck_assert_int_eq(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);

	/* Open it as tacd does. */
	td_close(&stats_td);
	snprintf(stats_td.path, sizeof stats_td.path, "%s", v4);
	td_open(&stats_td);
	ck_assert_int_eq(store_version(stats_td.store), store_latest());
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM kv WHERE key = "
	    "'stats:fill'"), 0);
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM games WHERE finished > "
	    "0"), 3);
	migrated = dump_stats(&stats_td);
	same_text(migrated, played);
	free(played);
	free(migrated);

	/* The running game goes on and is added when it ends. */
	play_out(id, "g3");
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM stats_games"), 4);
	ck_assert_int_eq(q(&stats_td, "SELECT finished FROM games WHERE id = %lld",
	    (long long)id), 4);
}
END_TEST

/*
 * A group becomes a supergroup whose new id already had a finished game
 * of its own (an update came before the migration notice): the new
 * id's statistics join the old row's, and still equal a rebuild.
 */
START_TEST(test_stats_chat_migrate)
{
	char	*kept, *rebuilt;

	rnd_state = 5;
	td_event(&stats_td, "g1", 0, "u0", 0, "/new seed=2");
	td_event(&stats_td, "g1", 0, "u0", 0, "/ai all");
	td_event(&stats_td, "g1", 0, "u0", 0, "/start");
	play_out(td_game(&stats_td, "g1"), "g1");
	stats_td.now += 60;
	td_event(&stats_td, "g9", 0, "u0", 0, "/new seed=3");
	td_event(&stats_td, "g9", 0, "u0", 0, "/ai all");
	td_event(&stats_td, "g9", 0, "u0", 0, "/start");
	play_out(td_game(&stats_td, "g9"), "g9");
	ck_assert_int_eq(q(&stats_td, "SELECT count(DISTINCT chat) FROM "
	    "stats_players"), 2);
	ck_assert_int_eq(svc_chat_migrate(stats_td.svc, "test", "g1", "g9"), 0);
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM chats WHERE pid IN "
	    "('g1', 'g9')"), 1);
	ck_assert_int_eq(q(&stats_td, "SELECT count(DISTINCT chat) FROM "
	    "stats_players"), 1);
	ck_assert_int_eq(q(&stats_td, "SELECT count(DISTINCT chat) FROM "
	    "stats_games"), 1);
	ck_assert_int_eq(q(&stats_td, "SELECT games FROM stats_players WHERE "
	    "player = %lld", (long long)uid(&stats_td, "u0")), 2);
	kept = dump_stats(&stats_td);
	ck_assert_int_eq(store_begin(stats_td.store), 0);
	ck_assert_int_eq(store_stats_rebuild(stats_td.store, NULL), 2);
	ck_assert_int_eq(store_commit(stats_td.store), 0);
	rebuilt = dump_stats(&stats_td);
	same_text(kept, rebuilt);
	free(kept);
	free(rebuilt);
}
END_TEST

/*
 * A game whose log no longer replays (a hand-edited database) is left
 * out of a rebuild and of the fill at open, which go on with the others
 * instead of failing: tacd still starts.
 */
START_TEST(test_stats_damaged_log_left_out)
{
	int64_t	skipped;
	int	i;

	rnd_state = 9;
	for (i = 0; i < 2; i++) {
		stats_td.now += 60;
		td_event(&stats_td, "g1", 0, "u0", 0, i == 0 ? "/new seed=2" :
		    "/new seed=3");
		td_event(&stats_td, "g1", 0, "u0", 0, "/ai all");
		td_event(&stats_td, "g1", 0, "u0", 0, "/start");
		play_out(td_game(&stats_td, "g1"), "g1");
	}
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM stats_games"), 2);
	td_sql(&stats_td, "UPDATE actions SET action = '13 B>63' WHERE game = 1 "
	    "AND n = 30");
	ck_assert_int_eq(store_begin(stats_td.store), 0);
	ck_assert_int_eq(store_stats_rebuild(stats_td.store, &skipped), 1);
	ck_assert_int_eq(store_commit(stats_td.store), 0);
	ck_assert_int_eq(skipped, 1);
	ck_assert_int_eq(q(&stats_td, "SELECT game FROM stats_games"), 2);
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM stats_seats WHERE "
	    "game = 1"), 0);
	/* The fill at open too. */
	td_sql(&stats_td, "INSERT INTO kv VALUES ('stats:fill', '1')");
	td_reopen(&stats_td);
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM kv WHERE key = "
	    "'stats:fill'"), 0);
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM stats_games"), 1);
}
END_TEST

/* The suite of the tables against the logs. */
Suite *
suite_stats_log(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("stats_log");
	tc = tcase_create("stats_log");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	/* It builds an SQLite file of the old schema (store_guard's kind). */
	if (tdb_url() == NULL)
		tcase_add_test(tc, test_stats_migration_from_v4);
	tcase_add_test(tc, test_stats_chat_migrate);
	tcase_add_test(tc, test_stats_damaged_log_left_out);
	tcase_add_test(tc, test_stats_rebuild_equals_incremental);
	suite_add_tcase(s, tc);
	return (s);
}
