/*
 * check_game_timers.c: a game's timers and failures through svc_event()
 * and svc_timers(): deadlines on a fake clock (reminders, the AI taking
 * over), timers across a restart, a full disk, group commit, the
 * snapshot fallback, a game whose log no longer replays, and kill -9.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/wait.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check_daemon.h"
#include "testdb.h"
#include "tacjson.h"

#define MAXSTEPS	5000	/* longer than any game the engine plays */

/*
 * A slow exchange: everyone who has not given gets the reminder at four
 * fifths of the deadline, and at the deadline the AI gives for each of
 * them (the group told once a person); then a slow turn the same way.
 */
START_TEST(test_deadline_reminder_takeover)
{
	struct td_out	*o;
	struct svc_game	*g;
	json_t		*move;
	int64_t		 id, due;
	int		 actor, s;
	char		 user[64], act[160], cmd[200];

	/*
	 * A deal of its own: the game's seed is otherwise the clock's, and
	 * in a deal where the AI takes the slow turn with a Fool the same
	 * seat acts again (2 seeds in 120), which this test does not expect.
	 */
	id = td_lobby4(&fx, "g1", "deadline=30m seed=1");

	g = td_info(&fx, id);
	due = TD_T0 + 1800;
	ck_assert_int_eq(g->due, due);
	ck_assert_int_eq(g->remind, due - 360);
	ck_assert_int_eq(svc_next_timer(fx.svc), due - 360);
	td_drain(&fx);
	ck_assert_int_eq(td_int(td_find(&fx, "turn", "u1"), "due"), due);
	td_clear(&fx);
	/* u1 gives in time; the others do not. */
	fx.now = TD_T0 + 60;
	ck_assert_int_eq(td_legal_of(&fx, id, 1, act, sizeof act), 1);
	snprintf(cmd, sizeof cmd, "/play %s", act);
	ck_assert_int_eq(td_say(&fx, "u1", cmd), 0);
	ck_assert_int_eq(td_info(&fx, id)->due, due);	/* still the same */
	td_drain(&fx);
	td_clear(&fx);
	ck_assert_int_eq(svc_timers(fx.svc), 0);	/* nothing due yet */
	fx.now = due - 360;
	ck_assert_int_eq(svc_timers(fx.svc), 1);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "reminder", NULL), 3);
	ck_assert_int_eq(td_count(&fx, "reminder", "u1"), 0);
	ck_assert_ptr_nonnull((o = td_find(&fx, "reminder", "u0")));
	ck_assert_int_eq(td_int(o, "due"), due);
	td_clear(&fx);
	ck_assert_int_eq(svc_next_timer(fx.svc), due);
	ck_assert_int_eq(svc_timers(fx.svc), 0);	/* reminded once */

	fx.now = due;
	ck_assert_int_eq(svc_timers(fx.svc), 1);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "takeover", "g1"), 3);
	for (s = 0; s < fx.nout; s++) {
		if (strcmp(fx.out[s].kind, "takeover") != 0)
			continue;
		ck_assert_int_ne(td_int(&fx.out[s], "seat"), 1);
		ck_assert_str_eq(td_str(&fx.out[s], "action"), "give");
	}
	ck_assert_int_eq(td_count(&fx, "moved", "g1"), 0);
	ck_assert_int_eq(td_count(&fx, "exchanged", "g1"), 0);
	ck_assert_int_eq(td_exchanged(&fx, id), 1);
	td_clear(&fx);
	g = td_info(&fx, id);
	ck_assert_int_eq(g->turn_no, 4);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM actions WHERE "
	    "who = 2"), 3);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT who FROM actions WHERE "
	    "seat = 1"), 0);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT at FROM actions WHERE "
	    "seat = 1"), TD_T0 + 60);
	td_check_replay(&fx, id);

	/* A card's turn: the same, for the one to act. */
	actor = g->actor;
	snprintf(user, sizeof user, "%s", g->seats[actor].user);
	ck_assert_int_eq(g->due, due + 1800);
	fx.now = due + 1800;
	ck_assert_int_eq(svc_timers(fx.svc), 1);
	td_drain(&fx);
	ck_assert_ptr_nonnull((o = td_find(&fx, "takeover", "g1")));
	ck_assert_int_eq(td_int(o, "seat"), actor);
	/* The group's live message tells the AI's move. */
	ck_assert_int_eq(td_told(&fx, id, 5, &move), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(move, "seat")),
	    actor);
	ck_assert_str_eq(json_string_value(json_object_get(move, "by")),
	    "timeout");
	json_decref(move);
	g = td_info(&fx, id);
	ck_assert_int_eq(g->turn_no, 5);
	ck_assert_int_ne(g->actor, actor);
	ck_assert_int_eq(g->due, due + 3600);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT who FROM actions WHERE "
	    "n = 4"), 2);
	ck_assert_int_eq(g->seats[actor].away, 0);	/* just that turn */
}
END_TEST

/* Timers are rows: they survive a restart. */
START_TEST(test_timers_survive_restart)
{
	int64_t	id, next;

	id = td_lobby4(&fx, "g1", "deadline=1h");
	next = svc_next_timer(fx.svc);
	ck_assert_int_eq(next, TD_T0 + 2880);
	td_reopen(&fx);
	ck_assert_int_eq(svc_next_timer(fx.svc), next);
	fx.now = TD_T0 + 3600;
	/* The exchange's deadline: the AI gives for all four. */
	ck_assert_int_eq(svc_timers(fx.svc), 1);
	ck_assert_int_eq(td_info(&fx, id)->turn_no, 4);
	td_reopen(&fx);
	ck_assert_int_eq(svc_next_timer(fx.svc), TD_T0 + 3600 + 2880);
}
END_TEST

/*
 * A full disk fails the event's commit: nothing is half applied, the
 * update id is not taken, and the same event goes through once there is
 * room again.
 */
START_TEST(test_disk_full_rolls_back)
{
	struct svc_event	 ev;
	json_t			*before, *after;
	int64_t			 id, turn, rows, acts, upd;
	char			 sql[64], act[160], cmd[200], user[8];
	int			 i, rc = 0, seat;

	id = td_lobby4(&fx, "g1", "seed=9");
	snprintf(sql, sizeof sql, "PRAGMA max_page_count = %lld",
	    (long long)td_sql_int(&fx, "PRAGMA page_count"));
	td_sql(&fx, sql);
	for (i = 0; i < MAXSTEPS && rc == 0; i++) {
		before = td_pos_json(&fx, id);
		turn = td_info(&fx, id)->turn_no;
		rows = td_sql_int(&fx, "SELECT count(*) FROM outbox");
		acts = td_sql_int(&fx, "SELECT count(*) FROM actions");
		upd = fx.update;
		seat = td_first_legal(&fx, id, act, sizeof act);
		snprintf(cmd, sizeof cmd, "/play %s", act);
		snprintf(user, sizeof user, "u%d", seat);
		if ((rc = td_say(&fx, user, cmd)) != 0)
			break;
		json_decref(before);
	}
	ck_assert_int_eq(rc, -1);
	after = td_pos_json(&fx, id);
	ck_assert(json_equal(before, after));
	ck_assert_int_eq(td_info(&fx, id)->turn_no, turn);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM outbox"), rows);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM actions"), acts);
	ck_assert_int_eq(svc_update_offset(fx.svc, "test"), upd - 1);
	json_decref(before);
	json_decref(after);

	/* The error says why; with room again, the same event applies. */
	memset(&ev, 0, sizeof ev);
	ev.platform = "test";
	ev.update_id = upd;
	ev.chat = "g1";
	ev.user = user;
	ev.text = cmd;
	ck_assert_int_eq(svc_event(fx.svc, &ev), -1);
	ck_assert_ptr_nonnull(strstr(svc_error(fx.svc), "full"));
	td_sql(&fx, "PRAGMA max_page_count = 1000000");
	ck_assert_int_eq(svc_event(fx.svc, &ev), 0);
	ck_assert_int_eq(td_info(&fx, id)->turn_no, turn + 1);
	ck_assert_int_eq(svc_event(fx.svc, &ev), 0);	/* a duplicate */
	ck_assert_int_eq(td_info(&fx, id)->turn_no, turn + 1);
	td_check_replay(&fx, id);
}
END_TEST

/*
 * Group commit on a filling disk: whatever fails, the batch is kept
 * whole (every event that returned 0) or not at all.
 */
START_TEST(test_batch_all_or_nothing)
{
	int64_t	id, turn, off;
	char	sql[64];
	int	i, ok = 0, rc;

	id = td_lobby4(&fx, "g1", "seed=10");
	turn = td_info(&fx, id)->turn_no;
	off = svc_update_offset(fx.svc, "test");
	snprintf(sql, sizeof sql, "PRAGMA max_page_count = %lld",
	    (long long)td_sql_int(&fx, "PRAGMA page_count") + 2);
	td_sql(&fx, sql);
	ck_assert_int_eq(svc_batch_begin(fx.svc), 0);
	ck_assert_int_eq(svc_batch_begin(fx.svc), -1);
	for (i = 0; i < MAXSTEPS; i++) {
		if ((rc = td_play_first(&fx, id, "g1")) != 0)
			break;
		ok++;
	}
	ck_assert_int_gt(ok, 0);
	ck_assert_int_lt(i, MAXSTEPS);
	rc = svc_batch_end(fx.svc);
	td_sql(&fx, "PRAGMA max_page_count = 1000000");
	if (rc == 0) {
		/* An exchange's gifts wait face down until all are in. */
		ck_assert_int_eq(td_info(&fx, id)->turn_no + td_sql_int(&fx,
		    "SELECT count(*) FROM kv WHERE key GLOB 'gift:*'"),
		    turn + ok);
		ck_assert_int_eq(svc_update_offset(fx.svc, "test"), off + ok);
	} else {
		ck_assert_int_eq(td_info(&fx, id)->turn_no, turn);
		ck_assert_int_eq(svc_update_offset(fx.svc, "test"), off);
	}
	td_check_replay(&fx, id);
	ck_assert_int_eq(svc_batch_end(fx.svc), -1);	/* none open */
	ck_assert_int_eq(td_play_first(&fx, id, "g1"), 0);
}
END_TEST

/* A missing or broken snapshot is rebuilt from the seed and the log. */
START_TEST(test_snapshot_fallback)
{
	json_t	*want, *got;
	int64_t	id;
	int	i;

	id = td_lobby4(&fx, "g1", "seed=12");
	/* Past the second exchange: the next action is a card's. */
	for (i = 0; i < 30; i++)
		td_play_first(&fx, id, "g1");
	ck_assert_int_eq(td_info(&fx, id)->turn_no, 30);
	want = td_pos_json(&fx, id);
	td_sql(&fx, "UPDATE games SET snapshot = 'not json'");
	td_reopen(&fx);		/* no cached positions */
	got = td_pos_json(&fx, id);
	ck_assert(json_equal(want, got));
	json_decref(got);
	td_sql(&fx, "UPDATE games SET snapshot = NULL");
	td_reopen(&fx);
	got = td_pos_json(&fx, id);
	ck_assert(json_equal(want, got));
	json_decref(got);
	json_decref(want);
	ck_assert_int_eq(td_play_first(&fx, id, "g1"), 0);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT json_valid(snapshot) "
	    "FROM games"), 1);
	td_check_replay(&fx, id);
}
END_TEST

/* A game whose log no longer replays stops its timers, once, loudly. */
START_TEST(test_broken_game_stops_timers)
{
	int64_t	id;

	td_say(&fx, "u0", "/new seed=6");
	td_say(&fx, "u0", "/ai all");
	td_say(&fx, "u0", "/start");
	id = td_game(&fx, "g1");
	ck_assert_int_eq(td_say(&fx, "u0", "/leave yes"), 0);
	ck_assert_int_gt(svc_timers(fx.svc), 10);
	td_sql(&fx, "UPDATE games SET snapshot = NULL");
	td_sql(&fx, "DELETE FROM actions WHERE n = 3");
	td_reopen(&fx);
	ck_assert_int_eq(svc_next_timer(fx.svc), fx.now);
	ck_assert_int_eq(svc_timers(fx.svc), -1);
	ck_assert_msg(strstr(svc_error(fx.svc), "timers are stopped") != NULL,
	    "%s", svc_error(fx.svc));
	ck_assert_int_eq(svc_next_timer(fx.svc), -1);
	ck_assert_int_eq(svc_timers(fx.svc), 0);
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_PLAYING);
	/* Commands on it are refused, not failed. */
	ck_assert_int_eq(td_say(&fx, "u0", "/resume"), 0);
	td_expect_error(&fx, "damaged", "damaged game");
	ck_assert_int_eq(td_say(&fx, "u0", "/abort yes"), 0);	/* still works */
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_ABORTED);
}
END_TEST

/*
 * The child of test_kill_nine: play a game of four people for ever with
 * full durability, telling the parent each update id once svc_event()
 * has returned.  After a restart it first feeds the last processed update
 * again, which must change nothing (it writes -1 if it did).
 */
static void
kill_child(int fd)
{
	int64_t	id, last, turn, v;
	char	act[160], cmd[200], user[8];
	int	seat;

	fx.flags = 0;	/* synchronous=FULL */
	td_open(&fx);
	last = svc_update_offset(fx.svc, "test");
	fx.update = last + 1;
	/* A lobby cut short by the kill is opened again. */
	if ((id = td_game(&fx, "k")) != 0 &&
	    td_info(&fx, id)->state == SVC_LOBBY) {
		td_event(&fx, "k", 0, "u0", 0, "/abort yes");
		id = 0;
	}
	if (id == 0)
		id = td_lobby4(&fx, "k", "seed=77");
	for (;;) {
		if (td_info(&fx, id)->state != SVC_PLAYING) {
			id = td_lobby4(&fx, "k", "seed=78");
			continue;
		}
		seat = td_legal(&fx, id, 1, act, sizeof act);
		snprintf(cmd, sizeof cmd, "/play %s", act);
		snprintf(user, sizeof user, "u%d", seat);
		if (last > 0) {
			/* The last update before the kill, fed again. */
			turn = td_info(&fx, id)->turn_no;
			v = fx.update;
			fx.update = last;
			if (td_say(&fx, user, cmd) != 0 ||
			    td_info(&fx, id)->turn_no != turn)
				last = -1;
			if (write(fd, &last, sizeof last) != sizeof last)
				_exit(1);
			last = 0;
			fx.update = v;
			continue;
		}
		if (td_say(&fx, user, cmd) != 0)
			_exit(1);
		turn = fx.update - 1;
		if (write(fd, &turn, sizeof turn) != sizeof turn)
			_exit(1);
	}
}

/*
 * kill -9 at random moments: every update the service acknowledged is
 * there afterwards, the database is intact, every game's snapshot is its
 * replay, and an update fed again after the restart applies nothing.
 */
START_TEST(test_kill_nine)
{
	struct timespec	 ts;
	uint64_t	 rng;
	int64_t		 v, acked = 0, ids[8];
	int		 fd[2], k, status, n;
	pid_t		 pid;

	td_close(&fx);
	rng = 4242;
	for (k = 0; k < 20; k++) {
		ck_assert_int_eq(pipe(fd), 0);
		if ((pid = fork()) == 0) {
			close(fd[0]);
			kill_child(fd[1]);
		}
		ck_assert_int_gt(pid, 0);
		close(fd[1]);
		/*
		 * Kill after a random number of acknowledged updates and a
		 * random moment more, not after a fixed time: a loaded
		 * machine (or the sanitizers) must not turn the test into one
		 * that kills before anything happened.
		 */
		rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
		for (n = 1 + (int)((rng >> 33) % 6); n > 0; n--) {
			if (read(fd[0], &v, sizeof v) != sizeof v)
				break;
			ck_assert_msg(v != -1, "an update applied twice");
			if (v > acked)
				acked = v;
		}
		ts.tv_sec = 0;
		ts.tv_nsec = (long)((rng >> 40) % 4000) * 1000L;
		nanosleep(&ts, NULL);
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		while (read(fd[0], &v, sizeof v) == sizeof v) {
			ck_assert_msg(v != -1, "an update applied twice");
			if (v > acked)
				acked = v;
		}
		close(fd[0]);

		fx.flags = STORE_NOSYNC;
		td_open(&fx);
		ck_assert_int_eq(td_sql_int(&fx, "SELECT integrity_check = 'ok' "
		    "FROM pragma_integrity_check"), 1);
		ck_assert_int_ge(svc_update_offset(fx.svc, "test"), acked);
		n = store_user_games(fx.store, td_sql_int(&fx, "SELECT id FROM "
		    "users WHERE pid = 'u1'"), ids, (int [8]){ 0 }, 8);
		while (n-- > 0)
			td_check_replay(&fx, ids[n]);
		td_close(&fx);
	}
	ck_assert_int_gt(acked, 20);
	td_open(&fx);
}
END_TEST

/* The suite of timers and failures. */
Suite *
suite_game_timers(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("game_timers");
	tc = tcase_create("timers and failures");
	tcase_add_checked_fixture(tc, fx_setup, fx_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_deadline_reminder_takeover);
	tcase_add_test(tc, test_timers_survive_restart);
	/* SQLite's own failures: a full file, a damaged snapshot's JSON
	 * (json_valid()), its integrity check after a kill -9. */
	if (tdb_url() == NULL) {
		tcase_add_test(tc, test_disk_full_rolls_back);
		tcase_add_test(tc, test_batch_all_or_nothing);
		tcase_add_test(tc, test_snapshot_fallback);
		tcase_add_test(tc, test_kill_nine);
	}
	tcase_add_test(tc, test_broken_game_stops_timers);
	suite_add_tcase(s, tc);
	return (s);
}
