/*
 * check_pace.c: fewer waits.  A person's turn with exactly one legal
 * action (a forced discard among them) plays itself in a game made with
 * auto=on, the default: the timers play it as the person's own move at
 * once, the person is told what was played ("forced" row) and gets no
 * turn message for it; with auto=off every turn waits.  The option is
 * kept, shown and checked like the lobby's others.  A game's clock may
 * be a time bank (bank=): a reserve each, spent on one's turns, time
 * back per move, capped; run out, the AI plays that turn.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_daemon.h"

#define STEPS	5000	/* a whole game's actions, with room */

/* What a game played to its end showed. */
struct pace_seen {
	int	forced;		/* "forced" rows */
	int	waited_one;	/* people waited on with one legal action */
};

/*
 * Check the rows delivered since the last call: each "forced" row names
 * the action the log holds at its turn, for its seat, and no turn
 * message was sent for that turn.
 */
static void
pace_rows(struct td *td, int64_t id, struct pace_seen *seen)
{
	char	text[160];
	int	i, j, seat;
	int64_t	turn;

	td_drain(td);
	for (i = 0; i < td->nout; i++) {
		if (strcmp(td->out[i].kind, "forced") != 0)
			continue;
		seen->forced++;
		turn = td_int(&td->out[i], "turn");
		ck_assert_int_eq(store_action_at(td->store, id, turn, &seat,
		    text, sizeof text), 1);
		ck_assert_str_eq(td_str(&td->out[i], "action"), text);
		ck_assert_int_eq(td_int(&td->out[i], "seat"), seat);
		for (j = 0; j < td->nout; j++)
			ck_assert_msg(strcmp(td->out[j].kind, "turn") != 0 ||
			    td_int(&td->out[j], "turn") != turn,
			    "a turn message for a forced turn %lld",
			    (long long)turn);
	}
	td_clear(td);
}

/* The next of a fixed sequence of numbers below n. */
static unsigned
pace_rnd(unsigned n)
{
	static uint64_t	x = 88172645463325252ULL;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return ((unsigned)(x % n));
}

/* Play game id to its end, each person a legal action of a fixed draw. */
static void
pace_play(struct td *td, int64_t id, struct pace_seen *seen)
{
	struct tac_state	 st;
	struct tac_list		*l = malloc(sizeof *l);
	struct svc_game		*g;
	char			 act[160], text[200];
	int			 i, n;

	ck_assert_ptr_nonnull(l);
	memset(seen, 0, sizeof *seen);
	for (i = 0; i < STEPS; i++) {
		td_run_timers(td);
		pace_rows(td, id, seen);
		g = td_info(td, id);
		if (g->state != SVC_PLAYING)
			break;
		ck_assert_int_eq(svc_game_position(td->svc, id, -1, &st), 0);
		if (st.phase == TAC_PH_EXCHANGE) {
			td_exchange(td, id, "g1");
			continue;
		}
		ck_assert_int_gt((n = tac_legal(&st, l)), 0);
		if (n == 1)
			seen->waited_one++;
		tac_action_format(&l->a[pace_rnd((unsigned)n)], act,
		    sizeof act);
		snprintf(text, sizeof text, "/play %s", act);
		ck_assert_int_eq(td_event(td, "g1", 0, g->seats[st.turn].user,
		    0, text), 0);
	}
	ck_assert_int_lt(i, STEPS);
	pace_rows(td, id, seen);
	ck_assert_int_eq(td_info(td, id)->state, SVC_OVER);
	td_check_replay(td, id);
	free(l);
}

/*
 * auto=on: no person is ever waited on with one legal action, those
 * turns are played and told; the log replays.
 */
START_TEST(test_forced_plays_itself)
{
	struct pace_seen	seen;
	int64_t			id;

	id = td_lobby4(&fx, "g1", "auto=on seed=11");
	ck_assert_int_eq(td_info(&fx, id)->autoplay, 1);
	pace_play(&fx, id, &seen);
	ck_assert_int_eq(seen.waited_one, 0);
	ck_assert_int_gt(seen.forced, 0);
}
END_TEST

/* auto=off: the same game waits on each such turn, and tells nothing. */
START_TEST(test_forced_off_waits)
{
	struct pace_seen	seen;
	int64_t			id;

	id = td_lobby4(&fx, "g1", "auto=off seed=11");
	ck_assert_int_eq(td_info(&fx, id)->autoplay, 0);
	pace_play(&fx, id, &seen);
	ck_assert_int_eq(seen.forced, 0);
	ck_assert_int_gt(seen.waited_one, 0);
}
END_TEST

/*
 * The option: on by default, changed in the lobby's options, a bad word
 * refused with nothing changed; kept across a reopening of the store.
 */
START_TEST(test_auto_option)
{
	int64_t	id;

	ck_assert_int_eq(td_say(&fx, "u0", "/new"), 0);
	id = td_game(&fx, "g1");
	ck_assert_int_eq(td_info(&fx, id)->autoplay, 1);
	ck_assert_int_eq(td_say(&fx, "u0", "/options auto=off"), 0);
	ck_assert_int_eq(td_info(&fx, id)->autoplay, 0);
	td_clear(&fx);
	ck_assert_int_eq(td_say(&fx, "u0", "/options auto=maybe"), 0);
	td_expect_error(&fx, "bad_option", "auto");
	ck_assert_int_eq(td_info(&fx, id)->autoplay, 0);
	td_reopen(&fx);
	ck_assert_int_eq(td_info(&fx, id)->autoplay, 0);
	ck_assert_int_eq(td_say(&fx, "u0", "/options auto=on"), 0);
	ck_assert_int_eq(td_info(&fx, id)->autoplay, 1);
}
END_TEST

/* What is left of seat's bank in game id, and since when it runs. */
static int64_t
bank_left(int64_t id, int seat, int64_t *since)
{
	int64_t	left, s;

	ck_assert_int_eq(store_seat_bank(fx.store, id, seat, &left, &s), 1);
	if (since != NULL)
		*since = s;
	return (left);
}

/* Run the timers and deliver, until a person is to act after the gifts. */
static struct svc_game *
bank_turn(int64_t id)
{
	struct tac_state	st;

	for (;;) {
		td_run_timers(&fx);
		td_drain(&fx);
		ck_assert_int_eq(svc_game_position(fx.svc, id, -1, &st), 0);
		if (st.phase != TAC_PH_EXCHANGE)
			return (td_info(&fx, id));
		td_exchange(&fx, id, "g1");
	}
}

/*
 * A time bank of two hours, half an hour back per move: each person's
 * turn runs on what is left of theirs; a move takes off what it took
 * and gives the half hour back, capped at the two hours; a bank run out
 * lets the AI play that turn, the group told, and leaves the half hour.
 * The bank's turn keeps its start when scheduled again.
 */
START_TEST(test_time_bank)
{
	struct svc_game	*g;
	int64_t		 id, since;
	int		 a, b;

	id = td_lobby4(&fx, "g1", "bank=2h+30m seed=5");
	g = td_info(&fx, id);
	ck_assert_int_eq(g->bank, 7200);
	ck_assert_int_eq(g->bonus, 1800);
	ck_assert_int_eq(g->deadline, 0);
	g = bank_turn(id);
	a = g->actor;
	ck_assert_int_eq(g->due, fx.now + 7200);
	ck_assert_int_eq(bank_left(id, a, &since), 7200);
	ck_assert_int_eq(since, fx.now);
	/* An hour's thought: 7200 - 3600 + 1800 left. */
	fx.now += 3600;
	ck_assert_int_eq(td_run_timers(&fx), 0);
	ck_assert_int_eq(td_play_first(&fx, id, "g1"), 0);
	ck_assert_int_eq(bank_left(id, a, &since), 5400);
	ck_assert_int_eq(since, 0);
	/* The next plays at once: capped at the reserve. */
	g = bank_turn(id);
	b = g->actor;
	ck_assert_int_ne(a, b);
	ck_assert_int_eq(g->due, fx.now + 7200);
	ck_assert_int_eq(td_play_first(&fx, id, "g1"), 0);
	ck_assert_int_eq(bank_left(id, b, NULL), 7200);
	/* The third lets theirs run out: the AI plays, the group is told. */
	g = bank_turn(id);
	b = g->actor;
	td_clear(&fx);
	fx.now += 5759;
	ck_assert_int_eq(td_run_timers(&fx), 0);
	/* Reminded at four fifths of it. */
	fx.now += 1;
	ck_assert_int_eq(td_run_timers(&fx), 1);
	fx.now += 1439;
	ck_assert_int_eq(td_run_timers(&fx), 0);
	fx.now += 1;
	ck_assert_int_gt(td_run_timers(&fx), 0);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "takeover", "g1"), 1);
	ck_assert_int_eq(bank_left(id, b, NULL), 1800);
	td_clear(&fx);
	/* Until that person's turn again: the half hour. */
	for (;;) {
		g = bank_turn(id);
		if (g->actor == b)
			break;
		ck_assert_int_eq(td_play_first(&fx, id, "g1"), 0);
	}
	ck_assert_int_eq(bank_left(id, b, &since), 1800);
	ck_assert_int_eq(g->due, since + 1800);
	/* A restart keeps the bank and the turn's start. */
	fx.now += 600;
	td_reopen(&fx);
	ck_assert_int_eq(td_info(&fx, id)->due, since + 1800);
	ck_assert_int_eq(bank_left(id, b, NULL), 1800);
	td_check_replay(&fx, id);
}
END_TEST

/* bank= in the lobby: checked, a sixteenth back by default, deadline= ends it. */
START_TEST(test_bank_option)
{
	int64_t	id;

	ck_assert_int_eq(td_say(&fx, "u0", "/new bank=2d"), 0);
	id = td_game(&fx, "g1");
	ck_assert_int_eq(td_info(&fx, id)->bank, 172800);
	ck_assert_int_eq(td_info(&fx, id)->bonus, 10800);
	td_clear(&fx);
	ck_assert_int_eq(td_say(&fx, "u0", "/options bank=1h+2h"), 0);
	td_expect_error(&fx, "bad_option", "bank bonus over reserve");
	ck_assert_int_eq(td_say(&fx, "u0", "/options bank=soon"), 0);
	td_expect_error(&fx, "bad_option", "bank");
	ck_assert_int_eq(td_info(&fx, id)->bank, 172800);
	ck_assert_int_eq(td_say(&fx, "u0", "/options deadline=2h"), 0);
	ck_assert_int_eq(td_info(&fx, id)->bank, 0);
	ck_assert_int_eq(td_info(&fx, id)->deadline, 7200);
	ck_assert_int_eq(td_say(&fx, "u0", "/options bank=3d+1h"), 0);
	ck_assert_int_eq(td_info(&fx, id)->bank, 259200);
	ck_assert_int_eq(td_info(&fx, id)->bonus, 3600);
	ck_assert_int_eq(td_info(&fx, id)->deadline, 0);
}
END_TEST

Suite *
suite_pace(void)
{
	Suite	*s = suite_create("pace");
	TCase	*tc = tcase_create("pace");

	tcase_add_checked_fixture(tc, fx_setup, fx_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_forced_plays_itself);
	tcase_add_test(tc, test_forced_off_waits);
	tcase_add_test(tc, test_auto_option);
	tcase_add_test(tc, test_time_bank);
	tcase_add_test(tc, test_bank_option);
	suite_add_tcase(s, tc);
	return (s);
}
