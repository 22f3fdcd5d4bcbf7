/*
 * check_link.c: how people get into a game from outside it: the deep
 * links the bridges post ("/start jKEY" joins, once the platform says the
 * person is in the game's group; "/start hID" opens one's hand) and
 * /hand bring a seated person their cards with the buttons of what waits
 * for them; the greetings of a first private /start (with what waits for
 * the person) and of a group that just added the bot; the reminder of a
 * turn that has no deadline.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_daemon.h"

/* A person types text in their own private chat (its id is theirs). */
static int
say_private(const char *user, const char *text)
{
	return (td_event(&fx, user, 1, user, 0, text));
}

/* "/start jKEY", the join link of a game, as its group is given it. */
static const char *
join_link(int64_t game)
{
	static char	link[64];
	char		key[SVC_KEY_MAX];

	ck_assert_int_eq(svc_game_key(fx.svc, game, key), 1);
	snprintf(link, sizeof link, "/start j%s", key);
	return (link);
}

/* The person whose turn it is in a game, and the seat. */
static const char *
actor_of(int64_t game, int *seat)
{
	static char	user[64];
	struct svc_game	*g = td_info(&fx, game);

	*seat = g->actor;
	ck_assert_int_ge(*seat, 0);
	snprintf(user, sizeof user, "%s", g->seats[*seat].user);
	return (user);
}

/* Some seated person who is not to act, and their seat. */
static const char *
waiting_of(int64_t game, int *seat)
{
	static char	user[64];
	struct svc_game	*g = td_info(&fx, game);

	*seat = (g->actor + 1) % g->cfg.nseats;
	snprintf(user, sizeof user, "%s", g->seats[*seat].user);
	return (user);
}

/*
 * Deliver, and check that the person got their turn message (the turn
 * it is for: the game's, so the bridge gives it the turn's buttons) and
 * no refusal.
 */
static void
expect_turn(int64_t game, const char *user, int seat, const char *what)
{
	struct td_out	*o;

	td_drain(&fx);
	ck_assert_msg(td_find(&fx, "error", NULL) == NULL, "%s: refused: %s",
	    what, td_str(td_find(&fx, "error", NULL), "code"));
	o = td_find(&fx, "turn", user);
	ck_assert_msg(o != NULL, "%s: no turn row for %s", what, user);
	ck_assert_int_eq(td_int(o, "game"), game);
	ck_assert_int_eq(td_int(o, "seat"), seat);
	ck_assert_int_eq(td_int(o, "turn"), td_info(&fx, game)->turn_no);
	ck_assert_ptr_null(td_find(&fx, "hand", user));
	td_clear(&fx);
}

/* Deliver, and check that the person got their cards (only). */
static void
expect_hand(int64_t game, const char *user, int seat, const char *what)
{
	struct td_out	*o;

	td_drain(&fx);
	ck_assert_msg(td_find(&fx, "error", NULL) == NULL, "%s: refused: %s",
	    what, td_str(td_find(&fx, "error", NULL), "code"));
	o = td_find(&fx, "hand", user);
	ck_assert_msg(o != NULL, "%s: no hand row for %s", what, user);
	ck_assert_int_eq(td_int(o, "game"), game);
	ck_assert_int_eq(td_int(o, "seat"), seat);
	ck_assert_ptr_null(td_find(&fx, "turn", user));
	td_clear(&fx);
}

/*
 * The payloads of the links: "j" or "h" and a game id as the bridge
 * writes it (decimal, no leading zeros, 1 to 18 digits); anything else is
 * no link, so "/start hello" or a mangled link greets instead of joining.
 */
START_TEST(test_payload)
{
	static const struct {
		const char	*text;
		int		 kind;
		int64_t		 id;
	} cases[] = {
		{ "j1", SVC_LINK_JOIN, 1 }, { "h1", SVC_LINK_HAND, 1 },
		{ "j42", SVC_LINK_JOIN, 42 },
		{ "h999999999999999999", SVC_LINK_HAND, SVC_PAYLOAD_MAXID },
		{ "j1000000000000000000", 0, 0 },
		{ "j9223372036854775808", 0, 0 }, { "j0", 0, 0 },
		{ "j01", 0, 0 }, { "j", 0, 0 }, { "", 0, 0 }, { "1", 0, 0 },
		{ "J1", 0, 0 }, { "x1", 0, 0 }, { "j-1", 0, 0 },
		{ "j+1", 0, 0 }, { "j 1", 0, 0 }, { "j1 ", 0, 0 },
		{ "j1x", 0, 0 }, { "jh1", 0, 0 }, { "hello", 0, 0 },
		{ "new", 0, 0 },
	};
	char	buf[SVC_PAYLOAD_MAX];
	int64_t	id;
	size_t	i;
	int	kind;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		id = -7;
		kind = svc_payload_parse(cases[i].text, &id);
		ck_assert_msg(kind == cases[i].kind, "\"%s\": kind %d, want %d",
		    cases[i].text, kind, cases[i].kind);
		if (kind == SVC_LINK_NONE) {
			ck_assert_int_eq(id, -7);
			continue;
		}
		ck_assert_int_eq(id, cases[i].id);
		/* It reads back as it was written. */
		ck_assert_int_eq(svc_payload_format(buf, sizeof buf, kind, id),
		    (int)strlen(cases[i].text));
		ck_assert_str_eq(buf, cases[i].text);
	}
	/* What has no payload, or does not fit, writes nothing. */
	ck_assert_int_eq(svc_payload_format(buf, sizeof buf, 'x', 1), -1);
	ck_assert_str_eq(buf, "");
	ck_assert_int_eq(svc_payload_format(buf, sizeof buf, SVC_LINK_JOIN,
	    0), -1);
	ck_assert_int_eq(svc_payload_format(buf, sizeof buf, SVC_LINK_JOIN,
	    SVC_PAYLOAD_MAXID + 1), -1);
	ck_assert_int_eq(svc_payload_format(buf, 3, SVC_LINK_JOIN, 100), -1);
	ck_assert_str_eq(buf, "");
	ck_assert_int_eq(svc_payload_format(buf, 4, SVC_LINK_JOIN, 100), -1);
	ck_assert_int_eq(svc_payload_format(buf, 5, SVC_LINK_JOIN, 100), 4);
	ck_assert_str_eq(buf, "j100");
}
END_TEST

/*
 * A seated person following the join link of their running game gets
 * their cards and, on their turn, the turn's buttons: not "you have a
 * seat already".  The hand link does the same; nobody else's seat moves.
 */
START_TEST(test_link_seated_running)
{
	const char	*who;
	char		 link[32];
	int64_t		 id;
	int		 seat;

	id = td_lobby4(&fx, "g1", "");
	td_drain(&fx);
	td_clear(&fx);
	/* In the exchange everyone who has not given is waited for. */
	snprintf(link, sizeof link, "/start h%lld", (long long)id);
	who = waiting_of(id, &seat);
	ck_assert_int_eq(say_private(who, link), 0);
	expect_turn(id, who, seat, "a giver's hand link");
	ck_assert_int_eq(td_exchange(&fx, id, "g1"), 4);
	td_drain(&fx);
	td_clear(&fx);
	snprintf(link, sizeof link, "/start j%lld", (long long)id);
	who = actor_of(id, &seat);
	ck_assert_int_eq(say_private(who, link), 0);
	expect_turn(id, who, seat, "the actor's join link");
	snprintf(link, sizeof link, "/start h%lld", (long long)id);
	ck_assert_int_eq(say_private(who, link), 0);
	expect_turn(id, who, seat, "the actor's hand link");
	who = waiting_of(id, &seat);
	ck_assert_int_eq(say_private(who, link), 0);
	expect_hand(id, who, seat, "a waiting player's hand link");
	snprintf(link, sizeof link, "/start j%lld", (long long)id);
	ck_assert_int_eq(say_private(who, link), 0);
	expect_hand(id, who, seat, "a waiting player's join link");
	ck_assert_str_eq(td_info(&fx, id)->seats[seat].user, who);
	ck_assert_int_eq(td_info(&fx, id)->turn_no, 4);
}
END_TEST

/*
 * The hand link is for the game's players; a join link seats only the
 * people of the game's group; a game that is gone says so.  Anyone else
 * hears what a game that is not there gets.
 */
START_TEST(test_link_refused)
{
	char	link[32];
	int64_t	id;

	id = td_lobby4(&fx, "g1", "");
	td_drain(&fx);
	td_clear(&fx);
	snprintf(link, sizeof link, "/start h%lld", (long long)id);
	ck_assert_int_eq(say_private("u9", link), 0);
	td_expect_error(&fx, "no_game", "a stranger's hand link");
	/* A member of the group: every seat of a game of people is taken. */
	ck_assert_int_eq(say_private("u9", join_link(id)), 0);
	td_expect_error(&fx, "full", "a member's join link");
	/* Someone who is not: told so, with the key; without it, no game. */
	snprintf(fx.strangers, sizeof fx.strangers, " u9 ");
	ck_assert_int_eq(say_private("u9", join_link(id)), 0);
	td_expect_error(&fx, "not_member", "a stranger's join link");
	snprintf(link, sizeof link, "/start j%lld", (long long)id);
	ck_assert_int_eq(say_private("u9", link), 0);
	td_expect_error(&fx, "no_game", "a stranger's old join link");
	ck_assert_int_eq(say_private("u9", "/start h999"), 0);
	td_expect_error(&fx, "no_game", "a link to no game");
	ck_assert_int_eq(say_private("u9", "/start jAAAAAAAAAAAAAAAAAAAAAA"),
	    0);
	td_expect_error(&fx, "no_game", "a link to no key");
	ck_assert_int_eq(td_say(&fx, "u0", "/abort yes"), 0);
	td_drain(&fx);
	td_clear(&fx);
	ck_assert_int_eq(say_private("u1", link), 0);
	td_expect_error(&fx, "game_over", "a link to an aborted game");
}
END_TEST

/*
 * The join link of a lobby seats the person and tells them so in their
 * private chat, the lobby is shown again in its group; following it
 * again only says so again.
 */
START_TEST(test_link_lobby)
{
	struct td_out	*o;
	char		 link[64];
	int64_t		 id;

	ck_assert_int_eq(td_say(&fx, "u0", "/new"), 0);
	id = td_game(&fx, "g1");
	td_drain(&fx);
	td_clear(&fx);
	snprintf(link, sizeof link, "%s", join_link(id));
	ck_assert_int_eq(say_private("u1", link), 0);
	/* Not before the platform says u1 is in the group. */
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "");
	td_drain(&fx);
	ck_assert_ptr_nonnull(td_find(&fx, "member", "u1"));
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "u1");
	ck_assert_ptr_nonnull(td_find(&fx, "lobby", "g1"));
	ck_assert_ptr_nonnull(o = td_find(&fx, "info", "u1"));
	ck_assert_str_eq(td_str(o, "code"), "seated");
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(
	    o->payload, "args"), "seat")), 1);
	ck_assert_ptr_null(td_find(&fx, "error", NULL));
	td_clear(&fx);
	ck_assert_int_eq(say_private("u1", link), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(o = td_find(&fx, "info", "u1"));
	ck_assert_str_eq(td_str(o, "code"), "seated");
	ck_assert_ptr_null(td_find(&fx, "error", NULL));
	ck_assert_ptr_null(td_find(&fx, "lobby", "g1"));
	td_clear(&fx);
	/* The hand link of a lobby is its players' only, and seats nobody. */
	snprintf(link, sizeof link, "/start h%lld", (long long)id);
	ck_assert_int_eq(say_private("u2", link), 0);
	td_expect_error(&fx, "no_game", "a hand link to a lobby");
	ck_assert_str_eq(td_info(&fx, id)->seats[2].user, "");
}
END_TEST

/*
 * The join link of a running game that an AI plays seats the person in
 * an AI's seat, with their cards; the AI plays no more for it.
 */
START_TEST(test_link_takes_ai_seat)
{
	char	link[64];
	int64_t	id;
	int	s, mine = -1;

	td_say(&fx, "u0", "/new");
	td_say(&fx, "u0", "/ai all");
	td_say(&fx, "u0", "/start");
	id = td_game(&fx, "g1");
	td_drain(&fx);
	td_clear(&fx);
	snprintf(link, sizeof link, "%s", join_link(id));
	ck_assert_int_eq(say_private("u5", link), 0);
	td_drain(&fx);
	for (s = 0; s < 4; s++) {
		if (strcmp(td_info(&fx, id)->seats[s].user, "u5") == 0)
			mine = s;
	}
	ck_assert_int_gt(mine, 0);
	ck_assert_int_eq(td_info(&fx, id)->seats[mine].ai, 0);
	/* No timer ran: the AI had not given for it, so u5 gives. */
	ck_assert_ptr_nonnull(td_find(&fx, "turn", "u5"));
	ck_assert_ptr_nonnull(td_find(&fx, "seat", "g1"));
	ck_assert_ptr_null(td_find(&fx, "error", NULL));
}
END_TEST

/* /hand brings the turn's buttons on one's turn, else the cards. */
START_TEST(test_hand_pending)
{
	const char	*who;
	int64_t		 id;
	int		 seat;

	id = td_lobby4(&fx, "g1", "");
	ck_assert_int_eq(td_exchange(&fx, id, "g1"), 4);
	td_drain(&fx);
	td_clear(&fx);
	who = actor_of(id, &seat);
	ck_assert_int_eq(say_private(who, "/hand"), 0);
	expect_turn(id, who, seat, "the actor's /hand in private");
	ck_assert_int_eq(td_say(&fx, who, "/hand"), 0);
	expect_turn(id, who, seat, "the actor's /hand in the group");
	who = waiting_of(id, &seat);
	ck_assert_int_eq(say_private(who, "/hand"), 0);
	expect_hand(id, who, seat, "another player's /hand");
	/* A seat the AI plays for gets its cards, not the turn. */
	who = actor_of(id, &seat);
	ck_assert_int_eq(td_say(&fx, who, "/leave yes"), 0);
	td_drain(&fx);
	td_clear(&fx);
	ck_assert_int_eq(say_private(who, "/hand"), 0);
	expect_hand(id, who, seat, "the /hand of a seat the AI plays");
}
END_TEST

/*
 * A first private /start greets the person by name; so does one with a
 * word that is no link.  A group's "/start new" (the bot was just added
 * by its startgroup link) greets the group, and leaves its lobby alone;
 * a bare /start there still starts the lobby.
 */
START_TEST(test_hello)
{
	struct td_out	*o;

	ck_assert_int_eq(say_private("u0", "/start"), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(o = td_find(&fx, "help", "u0"));
	ck_assert_str_eq(td_str(o, "welcome"), "private");
	ck_assert_str_eq(td_str(o, "name"), "Name-u0");
	td_clear(&fx);
	ck_assert_int_eq(say_private("u0", "/start hello"), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(o = td_find(&fx, "help", "u0"));
	ck_assert_str_eq(td_str(o, "welcome"), "private");
	td_clear(&fx);
	ck_assert_int_eq(td_say(&fx, "u0", "/start new"), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(o = td_find(&fx, "help", "g1"));
	ck_assert_str_eq(td_str(o, "welcome"), "group");
	td_clear(&fx);
	/* A full lobby is not started by the greeting's /start. */
	td_say(&fx, "u0", "/new");
	td_say(&fx, "u0", "/ai all");
	ck_assert_int_eq(td_say(&fx, "u0", "/start new"), 0);
	ck_assert_int_eq(td_info(&fx, td_game(&fx, "g1"))->state, SVC_LOBBY);
	ck_assert_int_eq(td_say(&fx, "u0", "/start"), 0);
	ck_assert_int_eq(td_info(&fx, td_game(&fx, "g1"))->state, SVC_PLAYING);
}
END_TEST

/*
 * Without a deadline, a person's turn is reminded once it has waited the
 * service's time (svc_set_remind()), once a turn, due 0; the next
 * person's turn gets its own.  Off, and with a deadline, as before.
 */
START_TEST(test_idle_reminder)
{
	struct td_out	*o;
	const char	*who;
	int64_t		 id;
	int		 seat;

	svc_set_remind(fx.svc, 3600);
	id = td_lobby4(&fx, "g1", "");
	ck_assert_int_eq(td_info(&fx, id)->due, 0);
	ck_assert_int_eq(td_info(&fx, id)->remind, fx.now + 3600);
	td_drain(&fx);
	td_clear(&fx);
	fx.now += 3599;
	td_run_timers(&fx);
	td_drain(&fx);
	ck_assert_ptr_null(td_find(&fx, "reminder", NULL));
	fx.now += 1;
	td_run_timers(&fx);
	td_drain(&fx);
	/* The exchange waits for all four: each is reminded. */
	for (seat = 0; seat < 4; seat++) {
		ck_assert_ptr_nonnull(o = td_find(&fx, "reminder",
		    td_info(&fx, id)->seats[seat].user));
		ck_assert_int_eq(td_int(o, "due"), 0);
		ck_assert_int_eq(td_int(o, "seat"), seat);
	}
	ck_assert_int_eq(td_count(&fx, "reminder", NULL), 4);
	ck_assert_int_eq(td_info(&fx, id)->remind, 0);
	td_clear(&fx);
	/* Once an exchange: nothing more however long it waits. */
	fx.now += 10 * 3600;
	td_run_timers(&fx);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "reminder", NULL), 0);
	/* A gift is no new turn; the first after the exchange has its own. */
	ck_assert_int_eq(td_play_first(&fx, id, "g1"), 0);
	ck_assert_int_eq(td_info(&fx, id)->remind, 0);
	ck_assert_int_eq(td_exchange(&fx, id, "g1"), 3);
	ck_assert_int_eq(td_info(&fx, id)->remind, fx.now + 3600);
	fx.now += 3600;
	td_run_timers(&fx);
	td_drain(&fx);
	who = actor_of(id, &seat);
	ck_assert_ptr_nonnull(o = td_find(&fx, "reminder", who));
	ck_assert_int_eq(td_count(&fx, "reminder", NULL), 1);
	td_clear(&fx);
	/* The next turn has its own. */
	ck_assert_int_eq(td_play_first(&fx, id, "g1"), 0);
	ck_assert_int_eq(td_info(&fx, id)->remind, fx.now + 3600);
	/* Off: no reminder for the turns that begin from now on. */
	svc_set_remind(fx.svc, 0);
	ck_assert_int_eq(td_play_first(&fx, id, "g1"), 0);
	ck_assert_int_eq(td_info(&fx, id)->remind, 0);
	/* A deadline keeps its own reminder, at four fifths of it. */
	svc_set_remind(fx.svc, 3600);
	td_say(&fx, "u0", "/abort yes");
	id = td_lobby4(&fx, "g1", "deadline=2h");
	ck_assert_int_eq(td_info(&fx, id)->due, fx.now + 7200);
	ck_assert_int_eq(td_info(&fx, id)->remind, fx.now + 5760);
}
END_TEST

Suite *
suite_link(void)
{
	Suite	*s = suite_create("link");
	TCase	*tc = tcase_create("link");

	tcase_add_checked_fixture(tc, fx_setup, fx_teardown);
	tcase_add_test(tc, test_payload);
	tcase_add_test(tc, test_link_seated_running);
	tcase_add_test(tc, test_link_refused);
	tcase_add_test(tc, test_link_lobby);
	tcase_add_test(tc, test_link_takes_ai_seat);
	tcase_add_test(tc, test_hand_pending);
	tcase_add_test(tc, test_hello);
	tcase_add_test(tc, test_idle_reminder);
	suite_add_tcase(s, tc);
	return (s);
}
