/*
 * check_game.c: turns through svc_event(): who may act, refusals that
 * change nothing, the canonical log, buttons, whole games (four scripted
 * people; AI seats through svc_timers()), duplicates, several games at
 * once, replacing and resuming, joining a running game.  Deadlines,
 * restarts and failures are check_game_timers.c's.
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
#include "tacjson.h"

#define MAXSTEPS	5000	/* longer than any game the engine plays */

/*
 * A person not in the game, or not to act, or with a bad or illegal
 * action, gets a clear error and changes nothing.
 */
START_TEST(test_turn_refusals_change_nothing)
{
	json_t		*before, *after;
	int64_t		 id, outbox;
	int		 actor, other;
	char		 act[160], cmd[200], user[8];

	id = td_lobby4(&fx, "g1", "");
	ck_assert_int_eq(td_exchange(&fx, id, "g1"), 4);
	td_drain(&fx);
	td_clear(&fx);
	before = td_pos_json(&fx, id);
	outbox = td_sql_int(&fx, "SELECT count(*) FROM outbox");
	actor = td_first_legal(&fx, id, act, sizeof act);
	other = (actor + 1) % 4;

	snprintf(cmd, sizeof cmd, "/play %s", act);
	snprintf(user, sizeof user, "u%d", other);
	td_say(&fx, user, cmd);
	td_expect_error(&fx, "not_your_turn", "wrong seat");
	td_say(&fx, "u9", cmd);
	td_expect_error(&fx, "not_in_game", "outsider");
	snprintf(user, sizeof user, "u%d", actor);
	td_say(&fx, user, "/play");
	td_expect_error(&fx, "usage", "no action");
	td_say(&fx, user, "/play 5 zz>1");
	td_expect_error(&fx, "bad_action", "bad notation");
	td_say(&fx, user, "/play 13 B>5");
	td_expect_error(&fx, "illegal", "illegal action");
	td_say(&fx, user, "/hand #999");
	td_expect_error(&fx, "no_game", "no such game");

	after = td_pos_json(&fx, id);
	ck_assert(json_equal(before, after));
	ck_assert_int_eq(td_info(&fx, id)->turn_no, 4);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM actions"), 4);
	/* Only the error rows were added. */
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM outbox WHERE "
	    "kind NOT IN ('error')"), outbox);
	json_decref(before);
	json_decref(after);
}
END_TEST

/*
 * An action in any spelling is logged in the engine's canonical text; a
 * gift stays face down, and tells the group nothing, until all are in.
 */
START_TEST(test_turn_canonical_log)
{
	struct svc_game	*g;
	int64_t		 id;
	int		 actor;
	char		 act[160], cmd[200], user[8], *p;

	id = td_lobby4(&fx, "g1", "seed=5");
	actor = td_first_legal(&fx, id, act, sizeof act);	/* "give C" */
	for (p = act; *p != '\0'; p++)
		*p = *p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p;
	snprintf(cmd, sizeof cmd, "/play   %s  ", act);
	snprintf(user, sizeof user, "u%d", actor);
	td_drain(&fx);
	td_clear(&fx);
	ck_assert_int_eq(td_say(&fx, user, cmd), 0);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, NULL, "g1"), 0);
	td_clear(&fx);
	g = td_info(&fx, id);
	ck_assert_int_eq(g->turn_no, 0);
	ck_assert_int_ne(g->actor, actor);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM actions"), 0);
	ck_assert_int_eq(td_exchange(&fx, id, "g1"), 3);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "moved", "g1"), 0);
	/* The group's live message tells the exchange's end. */
	ck_assert_int_eq(td_count(&fx, "exchanged", "g1"), 0);
	ck_assert_int_eq(td_exchanged(&fx, id), 1);
	g = td_info(&fx, id);
	ck_assert_int_eq(g->turn_no, 4);
	ck_assert_ptr_nonnull(td_find(&fx, "turn", g->seats[g->actor].user));
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM actions WHERE "
	    "substr(action, 1, 5) = 'give ' AND (substr(action, 6, 1) "
	    "BETWEEN '0' AND '9' OR substr(action, 6, 1) BETWEEN 'A' AND "
	    "'Z') AND who = 0"), 4);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT seat FROM actions WHERE "
	    "n = 0"), actor);
	td_check_replay(&fx, id);
}
END_TEST

/* Plain notation text plays; buttons carry the turn; stale ones fail. */
START_TEST(test_turn_text_and_buttons)
{
	struct svc_game	*g;
	int64_t		 id;
	int		 actor, i;
	char		 act[160], data[SVC_BUTTON_MAX + 1], user[8];

	id = td_lobby4(&fx, "g1", "");
	ck_assert_int_eq(td_exchange(&fx, id, "g1"), 4);
	actor = td_first_legal(&fx, id, act, sizeof act);
	snprintf(user, sizeof user, "u%d", actor);
	ck_assert_int_eq(td_say(&fx, user, act), 0);	/* no "/play" */
	ck_assert_int_eq(td_info(&fx, id)->turn_no, 5);
	ck_assert_int_eq(td_say(&fx, user, "hello everyone"), 0);
	td_drain(&fx);
	td_clear(&fx);

	/* A button made at turn 5 works once. */
	actor = td_first_legal(&fx, id, act, sizeof act);
	snprintf(user, sizeof user, "u%d", actor);
	ck_assert_int_gt(svc_button_data(data, sizeof data, id, 5, act), 0);
	ck_assert_int_eq(td_button(&fx, user, user, data), 0);
	g = td_info(&fx, id);
	ck_assert_int_eq(g->turn_no, 6);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "answer", ""), 1);
	td_clear(&fx);
	/* Pressed again: out of date, answered, nothing played. */
	ck_assert_int_eq(td_button(&fx, user, user, data), 0);
	td_expect_error(&fx, "stale", "stale button");
	ck_assert_int_eq(td_info(&fx, id)->turn_no, 6);
	/* A lobby-style button without a turn, refused with an answer. */
	snprintf(data, sizeof data, "%lld::join", (long long)id);
	ck_assert_int_eq(td_button(&fx, "g1", "u9", data), 0);
	td_drain(&fx);
	for (i = 0; i < fx.nout; i++)
		ck_assert_str_eq(fx.out[i].kind, "answer");
	ck_assert_int_eq(fx.nout, 1);
	ck_assert_str_eq(td_str(&fx.out[0], "code"), "full");
}
END_TEST

/*
 * Four scripted people play a whole game to its end through events.  They
 * always take the last legal action: always the first one never ends (the
 * marbles chase each other round the board for ever).
 */
START_TEST(test_game_four_people_to_the_end)
{
	struct svc_game		*g;
	struct tac_state	 st;
	int64_t			 id, turn;
	int			 steps, over = 0, gifts = 0;

	id = td_lobby4(&fx, "g1", "seed=11");
	for (steps = 0; steps < MAXSTEPS; steps++) {
		ck_assert_int_eq(svc_game_position(fx.svc, id, -1, &st), 0);
		turn = td_info(&fx, id)->turn_no;
		ck_assert_int_eq(td_play(&fx, id, "g1", 1), 0);
		/* Gifts are logged all together, once the last is in. */
		gifts = st.phase == TAC_PH_EXCHANGE ? gifts + 1 : 0;
		if (gifts == 0)
			ck_assert_int_eq(td_info(&fx, id)->turn_no, turn + 1);
		else if (gifts < 4)
			ck_assert_int_eq(td_info(&fx, id)->turn_no, turn);
		else {
			ck_assert_int_eq(td_info(&fx, id)->turn_no, turn + 4);
			gifts = 0;
		}
		ck_assert_int_eq(td_info(&fx, id)->turn_no, steps + 1 -
		    gifts);
		td_drain(&fx);
		over = td_find(&fx, "over", "g1") != NULL;
		td_clear(&fx);
		if (over)
			break;
	}
	ck_assert_msg(over, "no end after %d actions", steps);
	g = td_info(&fx, id);
	ck_assert_int_eq(g->state, SVC_OVER);
	ck_assert(g->winner == 0 || g->winner == 1);
	ck_assert_int_eq(g->actor, -1);
	ck_assert_int_eq(g->turn_no, steps + 1);
	ck_assert_int_eq(td_game(&fx, "g1"), 0);
	ck_assert_int_eq(svc_next_timer(fx.svc), -1);
	td_check_replay(&fx, id);
	td_say(&fx, "u0", "/board #1");
	td_drain(&fx);
	ck_assert_ptr_nonnull(td_find(&fx, "board", "g1"));
}
END_TEST

/* One person and three AI seats: the timers play the AI turns. */
START_TEST(test_game_ai_seats)
{
	struct svc_game	*g;
	int64_t		 id;
	int		 steps;

	td_say(&fx, "u0", "/new seed=3");
	td_say(&fx, "u0", "/ai all");
	td_say(&fx, "u0", "/start");
	id = td_game(&fx, "g1");
	for (steps = 0; steps < MAXSTEPS; steps++) {
		td_run_timers(&fx);
		g = td_info(&fx, id);
		if (g->state != SVC_PLAYING)
			break;
		ck_assert_int_eq(g->actor, 0);	/* the AI never waits */
		ck_assert_int_eq(td_play_first(&fx, id, "g1"), 0);
		td_drain(&fx);
		td_clear(&fx);
	}
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_OVER);
	ck_assert_int_gt(td_sql_int(&fx, "SELECT count(*) FROM actions WHERE "
	    "who = 1 AND seat != 0"), 0);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM actions WHERE "
	    "who = 1 AND seat = 0"), 0);
	td_check_replay(&fx, id);
}
END_TEST

/* The searching AI (ai=2) plays a whole game, and the log replays. */
START_TEST(test_game_ai_search)
{
	int64_t	id;
	int	calls;

	td_say(&fx, "u0", "/new ai=2 seed=5");
	td_say(&fx, "u0", "/ai all");
	td_say(&fx, "u0", "/start");
	id = td_game(&fx, "g1");
	ck_assert_int_eq(td_info(&fx, id)->seats[1].ai, 2);
	ck_assert_int_eq(td_say(&fx, "u0", "/leave yes"), 0);
	for (calls = 0; calls < MAXSTEPS && td_info(&fx, id)->state ==
	    SVC_PLAYING; calls++) {
		ck_assert_int_gt(svc_timers(fx.svc), 0);
		td_drain(&fx);
		td_clear(&fx);
	}
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_OVER);
	td_check_replay(&fx, id);
}
END_TEST

/* Six seats in triples, everyone AI after the creator leaves. */
START_TEST(test_game_all_ai_six_triples)
{
	int64_t	id;
	int	n = 0, calls;

	td_say(&fx, "u0", "/new 6 triples seed=8");
	td_say(&fx, "u0", "/ai all");
	td_say(&fx, "u0", "/start");
	id = td_game(&fx, "g1");
	ck_assert_int_eq(td_say(&fx, "u0", "/leave yes"), 0);
	ck_assert_int_eq(td_info(&fx, id)->seats[0].away, 1);
	for (calls = 0; calls < MAXSTEPS && td_info(&fx, id)->state ==
	    SVC_PLAYING; calls++) {
		n = svc_timers(fx.svc);
		ck_assert_int_gt(n, 0);
		ck_assert_int_le(n, 64);	/* bounded work per call */
		td_drain(&fx);
		td_clear(&fx);
	}
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_OVER);
	td_check_replay(&fx, id);
}
END_TEST

/* The same update id twice: the second does nothing at all. */
START_TEST(test_duplicate_update)
{
	int64_t	id, rows, turn;
	int	actor;
	char	act[160], cmd[200], user[8];

	id = td_lobby4(&fx, "g1", "");
	actor = td_first_legal(&fx, id, act, sizeof act);
	snprintf(cmd, sizeof cmd, "/play %s", act);
	snprintf(user, sizeof user, "u%d", actor);
	fx.update = 100;
	ck_assert_int_eq(td_say(&fx, user, cmd), 0);
	turn = td_info(&fx, id)->turn_no;
	rows = td_sql_int(&fx, "SELECT count(*) FROM outbox");
	fx.update = 100;
	ck_assert_int_eq(td_say(&fx, user, cmd), 0);
	fx.update = 100;
	ck_assert_int_eq(td_say(&fx, "u9", "/new"), 0);
	ck_assert_int_eq(td_info(&fx, id)->turn_no, turn);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM outbox"),
	    rows);
	ck_assert_int_eq(svc_update_offset(fx.svc, "test"), 100);
	fx.update = 50;		/* older, but never seen: processed */
	ck_assert_int_eq(td_say(&fx, "u9", "/help"), 0);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM outbox"),
	    rows + 1);
	ck_assert_int_eq(svc_update_offset(fx.svc, "test"), 100);
}
END_TEST

/* A person in several games: private commands find the right one. */
START_TEST(test_private_chat_games)
{
	struct svc_game	*g;
	int64_t		 a, b;
	char		 act[160], cmd[200], who[8];
	int		 i, actor;

	a = td_lobby4(&fx, "g1", "seed=1");
	b = td_lobby4(&fx, "g2", "seed=2");
	ck_assert_int_eq(td_exchange(&fx, a, "g1"), 4);
	ck_assert_int_eq(td_exchange(&fx, b, "g2"), 4);
	/* Move g2 on until its actor differs from g1's. */
	actor = td_info(&fx, a)->actor;
	for (i = 0; i < 8 && td_info(&fx, b)->actor == actor; i++)
		td_play_first(&fx, b, "g2");
	ck_assert_int_ne(td_info(&fx, b)->actor, actor);
	g = td_info(&fx, a);
	snprintf(who, sizeof who, "%s", g->seats[actor].user);
	td_first_legal(&fx, a, act, sizeof act);
	snprintf(cmd, sizeof cmd, "/play %s", act);
	ck_assert_int_eq(td_event(&fx, who, 1, who, 0, cmd), 0);
	ck_assert_int_eq(td_info(&fx, a)->turn_no, 5);
	td_drain(&fx);
	td_clear(&fx);
	/* Nobody waits for this person now: which game? */
	ck_assert_int_eq(td_event(&fx, who, 1, who, 0, "/hand"), 0);
	td_expect_error(&fx, "which_game", "two games, none waiting");
	snprintf(cmd, sizeof cmd, "/hand #%lld", (long long)b);
	ck_assert_int_eq(td_event(&fx, who, 1, who, 0, cmd), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(td_find(&fx, "hand", who));
	ck_assert_int_eq(td_event(&fx, "u9", 1, "u9", 0, "/hand"), 0);
	td_expect_error(&fx, "no_game", "in no game");
}
END_TEST

/* Many games at once, players shared between them, stay apart. */
START_TEST(test_many_games_interleaved)
{
	int64_t	id[3];
	char	chat[8];
	int	i, k;

	for (k = 0; k < 3; k++) {
		snprintf(chat, sizeof chat, "g%d", k + 1);
		id[k] = td_lobby4(&fx, chat, "");
	}
	for (i = 0; i < 40; i++) {
		for (k = 0; k < 3; k++) {
			snprintf(chat, sizeof chat, "g%d", k + 1);
			ck_assert_int_eq(td_play_first(&fx, id[k], chat), 0);
		}
	}
	for (k = 0; k < 3; k++) {
		ck_assert_int_eq(td_info(&fx, id[k])->turn_no, 40);
		td_check_replay(&fx, id[k]);
	}
}
END_TEST

/* /replace puts the AI in a person's seat; /resume takes it back. */
START_TEST(test_replace_resume)
{
	struct svc_game	*g;
	int64_t		 id;
	int		 i;

	id = td_lobby4(&fx, "g1", "seed=4");
	td_say(&fx, "u1", "/replace 2 ai");
	td_expect_error(&fx, "not_creator", "a player replaces");
	td_say(&fx, "u0", "/replace 2");
	td_expect_error(&fx, "usage", "replace without ai");
	ck_assert_int_eq(td_event(&fx, "g1", 0, "boss", 1, "/replace 2 ai"),
	    0);
	ck_assert_int_eq(td_info(&fx, id)->seats[2].away, 1);
	td_drain(&fx);
	ck_assert_ptr_nonnull(td_find(&fx, "seat", "g1"));
	td_clear(&fx);
	td_say(&fx, "u0", "/replace 2 ai");
	td_expect_error(&fx, "already_away", "replace twice");
	for (i = 0; i < 60; i++) {
		td_run_timers(&fx);
		g = td_info(&fx, id);
		ck_assert_int_ne(g->actor, 2);
		td_play_first(&fx, id, "g1");
	}
	ck_assert_int_gt(td_sql_int(&fx, "SELECT count(*) FROM actions WHERE "
	    "seat = 2 AND who = 1"), 0);
	ck_assert_int_eq(td_say(&fx, "u2", "/resume"), 0);
	ck_assert_int_eq(td_info(&fx, id)->seats[2].away, 0);
	td_say(&fx, "u2", "/resume");
	td_expect_error(&fx, "not_away", "resume twice");
	/* /leave in a game: the AI plays on; playing again resumes. */
	ck_assert_int_eq(td_say(&fx, "u3", "/leave yes"), 0);
	ck_assert_int_eq(td_info(&fx, id)->seats[3].away, 1);
	td_say(&fx, "u3", "/leave");
	td_expect_error(&fx, "already_away", "leave twice");
	ck_assert_int_eq(td_say(&fx, "u3", "/join"), 0);
	ck_assert_int_eq(td_info(&fx, id)->seats[3].away, 0);
}
END_TEST

/* Another person takes over an AI's seat in a running game. */
START_TEST(test_join_running_game)
{
	int64_t	id;

	td_say(&fx, "u0", "/new");
	td_say(&fx, "u0", "/ai all");
	td_say(&fx, "u0", "/start");
	id = td_game(&fx, "g1");
	td_say(&fx, "u0", "/join");
	td_expect_error(&fx, "already_seated", "creator joins");
	ck_assert_int_eq(td_say(&fx, "u5", "/join 2"), 0);
	ck_assert_str_eq(td_info(&fx, id)->seats[2].user, "u5");
	ck_assert_int_eq(td_info(&fx, id)->seats[2].ai, 0);
	td_drain(&fx);
	/* The AI had not given for seat 2 yet: u5 gives now. */
	ck_assert_ptr_nonnull(td_find(&fx, "turn", "u5"));
	ck_assert_int_eq(td_count(&fx, "hand", "u5"), 0);
	ck_assert_ptr_nonnull(td_find(&fx, "seat", "g1"));
	td_clear(&fx);
	td_say(&fx, "u6", "/join 2");
	td_expect_error(&fx, "seat_taken", "a person's seat");
	td_say(&fx, "u6", "/team 1");
	td_expect_error(&fx, "not_lobby", "team in a game");
}
END_TEST

/* The suite of turns and games. */
Suite *
suite_game(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("game");
	tc = tcase_create("turns");
	tcase_add_checked_fixture(tc, fx_setup, fx_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_turn_refusals_change_nothing);
	tcase_add_test(tc, test_turn_canonical_log);
	tcase_add_test(tc, test_turn_text_and_buttons);
	tcase_add_test(tc, test_game_four_people_to_the_end);
	tcase_add_test(tc, test_game_ai_seats);
	tcase_add_test(tc, test_game_all_ai_six_triples);
	tcase_add_test(tc, test_game_ai_search);
	tcase_add_test(tc, test_duplicate_update);
	tcase_add_test(tc, test_private_chat_games);
	tcase_add_test(tc, test_many_games_interleaved);
	tcase_add_test(tc, test_replace_resume);
	tcase_add_test(tc, test_join_running_game);
	suite_add_tcase(s, tc);
	return (s);
}
