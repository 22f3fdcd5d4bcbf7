/*
 * check_away.c: a person away from all their games for a while (/away,
 * /back).  Their clocks stop in every running game: a turn of theirs
 * does not run out while they are away, and runs on after it with what
 * it had left; or the AI plays for them, the group told once, and gives
 * the seat back.  Being away ends by /back or at its time, survives a
 * restart, and bad words change nothing.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_daemon.h"

#define STEPS	200	/* turns a test plays at most to reach someone */

/* Run the timers and deliver until a person (not the AI) is to act. */
static struct svc_game *
away_turn(int64_t id, const char *chat)
{
	struct tac_state	st;

	for (;;) {
		td_run_timers(&fx);
		td_drain(&fx);
		ck_assert_int_eq(svc_game_position(fx.svc, id, -1, &st), 0);
		if (st.phase != TAC_PH_EXCHANGE)
			return (td_info(&fx, id));
		td_exchange(&fx, id, chat);
	}
}

/* The others play on in game id until it is person user's turn. */
static struct svc_game *
away_until_turn_of(int64_t id, const char *chat, const char *user)
{
	struct svc_game	*g;
	int		 i;

	for (i = 0; i < STEPS; i++) {
		g = away_turn(id, chat);
		if (strcmp(g->seats[g->actor].user, user) == 0)
			return (g);
		ck_assert_int_eq(td_play_first(&fx, id, chat), 0);
	}
	ck_abort_msg("no turn of %s in %d turns", user, STEPS);
	return (NULL);
}

/* A person says something to the bot privately (their chat: their id). */
static int
away_say(const char *user, const char *text)
{
	return (td_event(&fx, user, 1, user, 0, text));
}

/* A person presses a button of a message in their private chat. */
static int
away_press(const char *user, const char *data)
{
	struct svc_event	ev;

	memset(&ev, 0, sizeof ev);
	ev.kind = SVC_EV_BUTTON;
	ev.platform = "test";
	ev.update_id = fx.update++;
	ev.chat = user;
	ev.private_chat = 1;
	ev.user = user;
	ev.user_name = user;
	ev.data = data;
	ev.callback = "cb1";
	ev.message = "m1";
	return (svc_event(fx.svc, &ev));
}

/* Is person user away (their row), until when into *until? */
static int
away_row(const char *user, int64_t *until)
{
	struct store_away	a;
	char			sql[128];
	int			rc;

	snprintf(sql, sizeof sql, "SELECT id FROM users WHERE pid = '%s'",
	    user);
	rc = store_away_get(fx.store, td_sql_int(&fx, sql), &a);
	ck_assert_int_ge(rc, 0);
	if (until != NULL)
		*until = a.until;
	return (rc);
}

/* The "away" row delivered to person user's chat (drained first). */
static struct td_out *
away_reply(const char *user)
{
	struct td_out	*o;

	td_drain(&fx);
	o = td_find(&fx, "away", user);
	ck_assert_msg(o != NULL, "no away row for %s", user);
	return (o);
}

/*
 * Away with the clocks stopped, in two games: the turn that runs keeps
 * what it had left, a turn that reaches them while away waits, neither
 * runs out while away; after /back each runs from then with its time
 * (the time away not counted), and only then the AI takes it over.
 */
START_TEST(test_away_clocks_stop)
{
	struct svc_game	*g;
	struct td_out	*o;
	char		 who[64];
	int64_t		 g1, g2, until, turn1, turn2, back;

	g1 = td_lobby4(&fx, "g1", "deadline=1h seed=3");
	g2 = td_lobby4(&fx, "g2", "deadline=1h seed=4");
	g = away_turn(g1, "g1");
	snprintf(who, sizeof who, "%s", g->seats[g->actor].user);
	ck_assert_int_eq(g->due, fx.now + 3600);
	fx.now += 600;		/* ten minutes of their hour spent */
	td_clear(&fx);
	ck_assert_int_eq(away_say(who, "/away 2d stop"), 0);
	o = away_reply(who);
	ck_assert_str_eq(td_str(o, "how"), "stop");
	ck_assert_int_eq(td_int(o, "games"), 2);
	until = td_int(o, "until");
	ck_assert_int_eq(until, fx.now + 2 * 86400);
	ck_assert_int_eq(away_row(who, NULL), 1);
	/* Their running turn: its 50 minutes left count from their return. */
	g = td_info(&fx, g1);
	turn1 = g->turn_no;
	ck_assert_int_eq(g->due, until + 3000);
	ck_assert_int_eq(g->seats[g->actor].away_until, until);
	/* A turn that reaches them while away waits, its hour from then. */
	g = away_until_turn_of(g2, "g2", who);
	turn2 = g->turn_no;
	ck_assert_int_eq(g->due, until + 3600);
	/* Nothing runs out while they are away. */
	td_clear(&fx);
	fx.now = until - 1;
	td_run_timers(&fx);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "takeover", NULL), 0);
	ck_assert_int_eq(td_info(&fx, g1)->turn_no, turn1);
	ck_assert_int_eq(td_info(&fx, g2)->turn_no, turn2);
	/* Back a second early: the clocks run from now. */
	td_clear(&fx);
	ck_assert_int_eq(away_say(who, "/back"), 0);
	o = away_reply(who);
	ck_assert(json_is_true(json_object_get(o->payload, "back")));
	ck_assert_int_eq(td_int(o, "games"), 2);
	ck_assert_int_eq(away_row(who, NULL), 0);
	back = fx.now;
	ck_assert_int_eq(td_info(&fx, g1)->due, back + 3000);
	ck_assert_int_eq(td_info(&fx, g2)->due, back + 3600);
	ck_assert_int_eq(td_info(&fx, g1)->seats[td_info(&fx, g1)->actor].
	    away_until, 0);
	/* The 50 minutes left run out: then the AI plays, the group told. */
	fx.now = back + 2999;
	td_run_timers(&fx);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "takeover", NULL), 0);
	fx.now = back + 3000;
	td_run_timers(&fx);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "takeover", "g1"), 1);
	ck_assert_int_eq(td_count(&fx, "takeover", "g2"), 0);
	ck_assert_int_gt(td_info(&fx, g1)->turn_no, turn1);
	ck_assert_int_eq(td_info(&fx, g2)->turn_no, turn2);
	td_check_replay(&fx, g1);
	td_check_replay(&fx, g2);
}
END_TEST

/*
 * Being away ends by itself at its time, after a restart as well (its
 * timer is the store's): the person is told, the stopped turn then runs
 * with what it had.
 */
START_TEST(test_away_ends_by_itself)
{
	struct svc_game	*g;
	struct td_out	*o;
	char		 who[64];
	int64_t		 g1, until;

	g1 = td_lobby4(&fx, "g1", "deadline=1h seed=3");
	g = away_turn(g1, "g1");
	snprintf(who, sizeof who, "%s", g->seats[g->actor].user);
	fx.now += 1200;
	ck_assert_int_eq(away_say(who, "/away 12h stop"), 0);
	ck_assert_int_eq(away_row(who, &until), 1);
	ck_assert_int_eq(until, fx.now + 12 * 3600);
	ck_assert_int_eq(td_info(&fx, g1)->due, until + 2400);
	/* A restart (or kill -9: the store is all there is) keeps it. */
	td_reopen(&fx);
	ck_assert_int_eq(away_row(who, NULL), 1);
	ck_assert_int_eq(td_info(&fx, g1)->due, until + 2400);
	ck_assert_int_eq(svc_next_timer(fx.svc), until);
	fx.now = until - 1;
	td_run_timers(&fx);
	ck_assert_int_eq(away_row(who, NULL), 1);
	fx.now = until;
	td_drain(&fx);
	td_clear(&fx);
	ck_assert_int_gt(td_run_timers(&fx), 0);
	ck_assert_int_eq(away_row(who, NULL), 0);
	/* They are told, privately. */
	o = away_reply(who);
	ck_assert(json_is_true(json_object_get(o->payload, "ended")));
	ck_assert_int_eq(td_int(o, "games"), 1);
	g = td_info(&fx, g1);
	ck_assert_int_eq(g->due, until + 2400);
	ck_assert_int_eq(g->seats[g->actor].away_until, 0);
	/* Back, the clock is theirs again: it runs out at its time. */
	td_clear(&fx);
	fx.now = until + 2400;
	td_run_timers(&fx);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "takeover", "g1"), 1);
}
END_TEST

/*
 * Away with the AI playing: in each game the group is told once, the
 * AI plays that person's turns at once and without a deadline's news;
 * /back gives each seat back, the group told.
 */
START_TEST(test_away_ai_plays)
{
	struct svc_game	*g;
	struct td_out	*o;
	char		 who[64];
	int64_t		 g1, g2, turn;
	int		 i, me = -1;

	g1 = td_lobby4(&fx, "g1", "deadline=1h seed=3");
	g2 = td_lobby4(&fx, "g2", "deadline=1h seed=4");
	g = away_turn(g1, "g1");
	snprintf(who, sizeof who, "%s", g->seats[g->actor].user);
	td_clear(&fx);
	ck_assert_int_eq(away_say(who, "/away 3d ai"), 0);
	o = away_reply(who);
	ck_assert_str_eq(td_str(o, "how"), "ai");
	ck_assert_int_eq(td_int(o, "games"), 2);
	ck_assert_int_eq(td_count(&fx, "seat", "g1"), 1);
	ck_assert_int_eq(td_count(&fx, "seat", "g2"), 1);
	ck_assert_str_eq(td_str(td_find(&fx, "seat", "g1"), "change"),
	    "holiday");
	/* Many turns go by; the AI plays theirs, nobody is told again. */
	td_clear(&fx);
	for (i = 0; i < 12; i++) {
		g = away_turn(g1, "g1");
		if (strcmp(g->seats[g->actor].user, who) == 0)
			ck_abort_msg("%s's turn waits while the AI plays it",
			    who);
		ck_assert_int_eq(td_play_first(&fx, g1, "g1"), 0);
	}
	g = td_info(&fx, g1);
	for (i = 0; i < g->cfg.nseats; i++)
		if (strcmp(g->seats[i].user, who) == 0)
			me = i;
	ck_assert_int_ge(me, 0);
	ck_assert_int_eq(g->seats[me].away, 1);
	ck_assert_int_eq(g->seats[me].away_ai, 1);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "seat", NULL), 0);
	ck_assert_int_eq(td_count(&fx, "takeover", NULL), 0);
	ck_assert_int_gt(fx.now, 0);
	turn = td_info(&fx, g1)->turn_no;
	ck_assert_int_gt(turn, 12);
	/* Back: each seat is theirs again, each group told. */
	td_clear(&fx);
	ck_assert_int_eq(away_say(who, "/back"), 0);
	o = away_reply(who);
	ck_assert_int_eq(td_int(o, "games"), 2);
	ck_assert_int_eq(td_count(&fx, "seat", "g1"), 1);
	ck_assert_int_eq(td_count(&fx, "seat", "g2"), 1);
	ck_assert_str_eq(td_str(td_find(&fx, "seat", "g2"), "change"),
	    "resumed");
	ck_assert_int_eq(td_info(&fx, g1)->seats[me].away, 0);
	ck_assert_int_eq(away_row(who, NULL), 0);
	td_check_replay(&fx, g1);
	away_turn(g2, "g2");	/* an exchange half given shows no gifts */
	td_check_replay(&fx, g2);
}
END_TEST

/*
 * A seat the person gave the AI before (/leave) stays the AI's after
 * /back: being away gives back only what it took.
 */
START_TEST(test_away_keeps_leave)
{
	struct svc_game	*g;
	int64_t		 g1, g2;
	int		 s, me = -1;

	g1 = td_lobby4(&fx, "g1", "deadline=1h seed=3");
	g2 = td_lobby4(&fx, "g2", "deadline=1h seed=4");
	(void)g2;
	ck_assert_int_eq(td_event(&fx, "g1", 0, "u2", 0, "/leave yes"), 0);
	td_drain(&fx);
	g = td_info(&fx, g1);
	for (s = 0; s < g->cfg.nseats; s++)
		if (strcmp(g->seats[s].user, "u2") == 0)
			me = s;
	ck_assert_int_eq(g->seats[me].away, 1);
	td_clear(&fx);
	ck_assert_int_eq(away_say("u2", "/away 1d ai"), 0);
	ck_assert_int_eq(td_int(away_reply("u2"), "games"), 1);
	ck_assert_int_eq(td_count(&fx, "seat", "g1"), 0);
	td_clear(&fx);
	ck_assert_int_eq(away_say("u2", "/back"), 0);
	ck_assert_int_eq(td_int(away_reply("u2"), "games"), 1);
	ck_assert_int_eq(td_count(&fx, "seat", "g1"), 0);
	ck_assert_int_eq(td_info(&fx, g1)->seats[me].away, 1);
}
END_TEST

/*
 * A group left while away (the AI's way): its seat stays the AI's at
 * /back, the other game's comes back; its live message no longer says
 * the person is away.
 */
START_TEST(test_away_group_left)
{
	struct svc_event	 ev;
	struct svc_game		*g;
	int64_t			 g1, g2;
	int			 s, me = -1;

	g1 = td_lobby4(&fx, "g1", "deadline=1h seed=3");
	g2 = td_lobby4(&fx, "g2", "deadline=1h seed=4");
	ck_assert_int_eq(away_say("u2", "/away 2d ai"), 0);
	ck_assert_int_eq(td_int(away_reply("u2"), "games"), 2);
	memset(&ev, 0, sizeof ev);
	ev.kind = SVC_EV_LEFT;
	ev.platform = "test";
	ev.update_id = fx.update++;
	ev.chat = "g1";
	ev.user = "u2";
	ev.user_name = "Name-u2";
	ck_assert_int_eq(svc_event(fx.svc, &ev), 0);
	g = td_info(&fx, g1);
	for (s = 0; s < g->cfg.nseats; s++)
		if (strcmp(g->seats[s].user, "u2") == 0)
			me = s;
	ck_assert_int_ge(me, 0);
	ck_assert_int_eq(g->seats[me].away_until, 0);
	td_clear(&fx);
	ck_assert_int_eq(away_say("u2", "/back"), 0);
	ck_assert_int_eq(td_int(away_reply("u2"), "games"), 1);
	ck_assert_int_eq(td_count(&fx, "seat", "g1"), 0);
	ck_assert_int_eq(td_count(&fx, "seat", "g2"), 1);
	ck_assert_int_ne(td_info(&fx, g1)->seats[me].away, 0);
	ck_assert_int_eq(away_row("u2", NULL), 0);
	(void)g2;
}
END_TEST

/* /away's question, and its buttons: each press answered at once. */
START_TEST(test_away_buttons)
{
	struct td_out	*o;
	char		 data[64];
	int64_t		 until;

	td_lobby4(&fx, "g1", "deadline=1h seed=3");
	td_clear(&fx);
	ck_assert_int_eq(away_say("u1", "/away 5d"), 0);
	o = away_reply("u1");
	ck_assert_ptr_null(td_str(o, "how"));
	until = td_int(o, "until");
	ck_assert_int_eq(until, fx.now + 5 * 86400);
	ck_assert_int_eq(td_int(o, "games"), 1);
	/* Asked, not yet away. */
	ck_assert_int_eq(away_row("u1", NULL), 0);
	td_clear(&fx);
	snprintf(data, sizeof data, "away @%lld stop", (long long)until);
	ck_assert_int_eq(away_press("u1", data), 0);
	o = away_reply("u1");
	ck_assert_str_eq(td_str(o, "how"), "stop");
	ck_assert_int_eq(td_int(o, "until"), until);
	ck_assert_int_eq(td_count(&fx, "answer", NULL), 1);
	ck_assert_int_eq(away_row("u1", NULL), 1);
	/* A second press: refused, answered, nothing changed. */
	td_clear(&fx);
	snprintf(data, sizeof data, "away @%lld ai", (long long)until);
	ck_assert_int_eq(away_press("u1", data), 0);
	td_expect_error(&fx, "away_already", "pressed again");
	ck_assert_int_eq(away_row("u1", &until), 1);
	ck_assert_int_eq(td_info(&fx, td_game(&fx, "g1"))->seats[1].away, 0);
}
END_TEST

/*
 * Bad words, a group, a stranger, someone in no game: a clear answer
 * each, and nothing changes.
 */
START_TEST(test_away_refused)
{
	static const struct {
		const char	*text;
		const char	*code;
	} bad[] = {
		{ "/away", "away_bad" },
		{ "/away 0d", "away_bad" },
		{ "/away foo", "away_bad" },
		{ "/away 5d maybe", "away_bad" },
		{ "/away 2023-01-01", "away_past" },
		{ "/away 2023-02-30", "away_bad" },
		{ "/away 15d", "away_long" },
		{ "/away 400h", "away_long" },
		{ "/back", "away_none" },
	};
	int64_t	g1, due;
	size_t	i;

	g1 = td_lobby4(&fx, "g1", "deadline=1h seed=3");
	away_turn(g1, "g1");
	due = td_info(&fx, g1)->due;
	td_clear(&fx);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_int_eq(away_say("u1", bad[i].text), 0);
		td_expect_error(&fx, bad[i].code, bad[i].text);
		ck_assert_int_eq(away_row("u1", NULL), 0);
	}
	/* In a group: say it privately. */
	ck_assert_int_eq(td_say(&fx, "u1", "/away 5d stop"), 0);
	td_expect_error(&fx, "private_only", "in a group");
	ck_assert_int_eq(away_row("u1", NULL), 0);
	/* A stranger, and a person in no running game. */
	ck_assert_int_eq(away_say("u9", "/away 5d stop"), 0);
	td_expect_error(&fx, "away_no_games", "a stranger");
	ck_assert_int_eq(away_say("u9", "/back"), 0);
	td_expect_error(&fx, "away_none", "a stranger back");
	ck_assert_int_eq(td_event(&fx, "g3", 0, "u8", 0, "/new"), 0);
	ck_assert_int_eq(away_say("u8", "/away 5d stop"), 0);
	td_expect_error(&fx, "away_no_games", "in a lobby only");
	ck_assert_int_eq(away_row("u8", NULL), 0);
	ck_assert_int_eq(away_row("u9", NULL), 0);
	ck_assert_int_eq(td_info(&fx, g1)->due, due);
}
END_TEST

/*
 * A time bank: going away pauses what is left of it (what the turn
 * spent taken off); it does not run while away, and runs from /back.
 */
START_TEST(test_away_bank)
{
	struct svc_game	*g;
	char		 who[64];
	int64_t		 g1, left, since, until;
	int		 a;

	g1 = td_lobby4(&fx, "g1", "bank=2h+30m seed=5");
	g = away_turn(g1, "g1");
	a = g->actor;
	snprintf(who, sizeof who, "%s", g->seats[a].user);
	fx.now += 1800;
	ck_assert_int_eq(away_say(who, "/away 1d stop"), 0);
	ck_assert_int_eq(away_row(who, &until), 1);
	ck_assert_int_eq(store_seat_bank(fx.store, g1, a, &left, &since), 1);
	ck_assert_int_eq(left, 5400);
	ck_assert_int_eq(since, 0);
	ck_assert_int_eq(td_info(&fx, g1)->due, until + 5400);
	fx.now += 3600;
	ck_assert_int_eq(away_say(who, "/back"), 0);
	ck_assert_int_eq(store_seat_bank(fx.store, g1, a, &left, &since), 1);
	ck_assert_int_eq(left, 5400);
	ck_assert_int_eq(since, fx.now);
	ck_assert_int_eq(td_info(&fx, g1)->due, fx.now + 5400);
}
END_TEST

Suite *
suite_away(void)
{
	Suite	*s = suite_create("away");
	TCase	*tc = tcase_create("away");

	tcase_add_checked_fixture(tc, fx_setup, fx_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_away_clocks_stop);
	tcase_add_test(tc, test_away_ends_by_itself);
	tcase_add_test(tc, test_away_ai_plays);
	tcase_add_test(tc, test_away_keeps_leave);
	tcase_add_test(tc, test_away_group_left);
	tcase_add_test(tc, test_away_buttons);
	tcase_add_test(tc, test_away_refused);
	tcase_add_test(tc, test_away_bank);
	suite_add_tcase(s, tc);
	return (s);
}
