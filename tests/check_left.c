/*
 * check_left.c: a member who leaves a group (SVC_EV_LEFT, service-gone.c).
 * In a running game the AI plays their seat from then on, the group is
 * told once and so are they, privately, with nothing that leads back
 * into the game; in a lobby their seat is freed.  A second word of the
 * same leaving (a platform's two kinds of update, or one delivered
 * again) tells nobody and changes nothing; a person without a seat, or
 * one whose seat the AI plays already, is no news.  Once gone, the game
 * is not theirs: its link, "/join #ID" and /resume from their private
 * chat find nothing, until they are back in the group.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_daemon.h"

/* The platform says user is no longer in chat, as update id update. */
static int
left(const char *chat, const char *user, int64_t update)
{
	struct svc_event	ev;
	char			name[64];

	memset(&ev, 0, sizeof ev);
	snprintf(name, sizeof name, "Name-%s", user);
	ev.kind = SVC_EV_LEFT;
	ev.platform = "test";
	ev.update_id = update;
	ev.chat = chat;
	ev.user = user;
	ev.user_name = name;
	return (svc_event(fx.svc, &ev));
}

/* The same, with the next update id. */
static int
left_now(const char *chat, const char *user)
{
	return (left(chat, user, fx.update++));
}

/* A person types text in their own private chat (its id is theirs). */
static int
say_private(const char *user, const char *text)
{
	return (td_event(&fx, user, 1, user, 0, text));
}

/* The game's seats, as a string to compare before and after. */
static void
seats_of(int64_t id, char *buf, size_t len)
{
	struct svc_game	*g = td_info(&fx, id);
	size_t		 n = 0;
	int		 s;

	buf[0] = '\0';
	for (s = 0; s < g->cfg.nseats && n < len; s++)
		n += (size_t)snprintf(buf + n, len - n, "%s/%d/%d/%d ",
		    g->seats[s].user, g->seats[s].ai, g->seats[s].away,
		    g->state);
}

/*
 * A player of a running game leaves its group: the AI plays their seat,
 * the group is told once (a "seat" row, "gone"), they are told once,
 * privately, by a row that names no game to link to; nothing else goes
 * to them.  The game goes on with the AI in that seat.
 */
START_TEST(test_left_running)
{
	struct td_out	*o;
	int64_t		 id;
	int		 i;

	id = td_lobby4(&fx, "g1", "");
	td_drain(&fx);
	td_clear(&fx);
	ck_assert_int_eq(left_now("g1", "u2"), 0);
	ck_assert_str_eq(td_info(&fx, id)->seats[2].user, "u2");
	ck_assert_int_ne(td_info(&fx, id)->seats[2].away, 0);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "seat", "g1"), 1);
	o = td_find(&fx, "seat", "g1");
	ck_assert_str_eq(td_str(o, "change"), "gone");
	ck_assert_int_eq(td_int(o, "seat"), 2);
	ck_assert_int_eq(td_count(&fx, NULL, "u2"), 1);
	o = td_find(&fx, "info", "u2");
	ck_assert_ptr_nonnull(o);
	ck_assert_str_eq(td_str(o, "code"), "left_group");
	/* No game of its own: no button, no link, no "unreachable". */
	ck_assert_ptr_null(json_object_get(o->payload, "game"));
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(
	    o->payload, "args"), "game")), id);
	/* Nobody else hears of it privately. */
	ck_assert_int_eq(td_count(&fx, NULL, "u0") + td_count(&fx, NULL,
	    "u1") + td_count(&fx, NULL, "u3"), 0);
	td_clear(&fx);
	/* The game goes on: the AI plays seat 2 whenever it is its turn. */
	for (i = 0; i < 60; i++) {
		td_run_timers(&fx);
		ck_assert_int_ne(td_info(&fx, id)->actor, 2);
		td_play_first(&fx, id, "g1");
	}
	ck_assert_int_gt(td_sql_int(&fx, "SELECT count(*) FROM actions WHERE "
	    "seat = 2 AND who = 1"), 0);
	/* Nothing of the game reached them since. */
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, NULL, "u2"), 0);
}
END_TEST

/*
 * Both of a platform's words for one leaving, and one delivered again:
 * the second and third change nothing and tell nobody.
 */
START_TEST(test_left_twice)
{
	char	before[256], after[256];
	int64_t	id, upd;

	id = td_lobby4(&fx, "g1", "");
	upd = fx.update++;
	ck_assert_int_eq(left("g1", "u1", upd), 0);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "seat", "g1"), 1);
	ck_assert_int_eq(td_count(&fx, "info", "u1"), 1);
	td_clear(&fx);
	seats_of(id, before, sizeof before);
	/* The other kind of update for the same leaving. */
	ck_assert_int_eq(left_now("g1", "u1"), 0);
	/* The first delivered again. */
	ck_assert_int_eq(left("g1", "u1", upd), 0);
	seats_of(id, after, sizeof after);
	ck_assert_str_eq(before, after);
	ck_assert_int_eq(td_drain(&fx), 0);
}
END_TEST

/*
 * In a lobby the seat is freed and the lobby shown again, as after
 * /leave; the creator's role passes on.  Said twice, nothing more.
 */
START_TEST(test_left_lobby)
{
	int64_t	id;

	ck_assert_int_eq(td_say(&fx, "u0", "/new"), 0);
	ck_assert_int_eq(td_say(&fx, "u1", "/join"), 0);
	id = td_game(&fx, "g1");
	td_drain(&fx);
	td_clear(&fx);
	ck_assert_int_eq(left_now("g1", "u1"), 0);
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "");
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "lobby", "g1"), 1);
	ck_assert_int_eq(td_count(&fx, NULL, "u1"), 0);
	td_clear(&fx);
	ck_assert_int_eq(left_now("g1", "u1"), 0);
	ck_assert_int_eq(td_drain(&fx), 0);
	/* The creator leaves: u2 opens it now; u2 leaves too: it ends. */
	ck_assert_int_eq(td_say(&fx, "u2", "/join"), 0);
	td_drain(&fx);
	td_clear(&fx);
	ck_assert_int_eq(left_now("g1", "u0"), 0);
	ck_assert_str_eq(td_info(&fx, id)->seats[0].user, "");
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_LOBBY);
	ck_assert_int_eq(left_now("g1", "u2"), 0);
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_ABORTED);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "lobby", "g1"), 1);
	ck_assert_int_eq(td_count(&fx, "aborted", "g1"), 1);
}
END_TEST

/*
 * Nobody hears of a person who leaves without a seat: one never seen,
 * one who only talked in the group, one of another group's game; and a
 * game's AI seats are nobody's to leave.
 */
START_TEST(test_left_no_seat)
{
	char	before[256], after[256];
	int64_t	id;

	ck_assert_int_eq(td_say(&fx, "u0", "/new"), 0);
	ck_assert_int_eq(td_say(&fx, "u0", "/ai all"), 0);
	ck_assert_int_eq(td_say(&fx, "u0", "/start"), 0);
	id = td_game(&fx, "g1");
	ck_assert_int_eq(td_say(&fx, "u5", "/board"), 0);
	ck_assert_int_eq(td_event(&fx, "g2", 0, "u6", 0, "/new"), 0);
	td_drain(&fx);
	td_clear(&fx);
	seats_of(id, before, sizeof before);
	ck_assert_int_eq(left_now("g1", "u9"), 0);
	ck_assert_int_eq(left_now("g1", "u5"), 0);
	ck_assert_int_eq(left_now("g1", "u6"), 0);
	ck_assert_int_eq(left_now("g3", "u0"), 0);
	/* An AI seat's "user" is empty: no person's id finds it. */
	ck_assert_int_eq(left_now("g1", ""), 0);
	seats_of(id, after, sizeof after);
	ck_assert_str_eq(before, after);
	ck_assert_str_eq(td_info(&fx, td_game(&fx, "g2"))->seats[0].user,
	    "u6");
	ck_assert_int_eq(td_drain(&fx), 0);
}
END_TEST

/*
 * A seat the AI plays already (its person said /leave) stays the AI's,
 * and nobody is told again; but it is no longer theirs to take back from
 * outside the group.
 */
START_TEST(test_left_away)
{
	int64_t	id;

	id = td_lobby4(&fx, "g1", "");
	ck_assert_int_eq(td_say(&fx, "u3", "/leave yes"), 0);
	ck_assert_int_ne(td_info(&fx, id)->seats[3].away, 0);
	td_drain(&fx);
	td_clear(&fx);
	ck_assert_int_eq(left_now("g1", "u3"), 0);
	ck_assert_int_eq(td_drain(&fx), 0);
	ck_assert_str_eq(td_info(&fx, id)->seats[3].user, "u3");
	ck_assert_int_ne(td_info(&fx, id)->seats[3].away, 0);
	ck_assert_int_eq(say_private("u3", "/resume"), 0);
	td_expect_error(&fx, "no_game", "/resume after leaving the group");
	ck_assert_int_ne(td_info(&fx, id)->seats[3].away, 0);
}
END_TEST

/*
 * Gone from the group, the game is not theirs: its join link (they are
 * no member: told so), "/join #ID" and /resume from their private chat
 * (no such game, to them) and an old button of theirs seat nobody and
 * change nothing.  Back in the group, /resume there gives them their
 * seat again.
 */
START_TEST(test_left_no_way_back)
{
	char	before[256], after[256], cmd[64], key[SVC_KEY_MAX];
	int64_t	id;

	id = td_lobby4(&fx, "g1", "");
	ck_assert_int_eq(svc_game_key(fx.svc, id, key), 1);
	ck_assert_int_eq(left_now("g1", "u2"), 0);
	snprintf(fx.strangers, sizeof fx.strangers, " u2 ");
	td_drain(&fx);
	td_clear(&fx);
	seats_of(id, before, sizeof before);
	snprintf(cmd, sizeof cmd, "/start j%s", key);
	ck_assert_int_eq(say_private("u2", cmd), 0);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "member", "u2"), 1);
	td_clear(&fx);
	ck_assert_int_eq(say_private("u2", cmd), 0);
	td_expect_error(&fx, "not_member", "the join link");
	snprintf(cmd, sizeof cmd, "/start j%lld", (long long)id);
	ck_assert_int_eq(say_private("u2", cmd), 0);
	td_expect_error(&fx, "no_game", "the join link by number");
	snprintf(cmd, sizeof cmd, "/join #%lld", (long long)id);
	ck_assert_int_eq(say_private("u2", cmd), 0);
	td_expect_error(&fx, "no_game", "/join #ID");
	ck_assert_int_eq(say_private("u2", "/resume"), 0);
	td_expect_error(&fx, "no_game", "/resume");
	snprintf(cmd, sizeof cmd, "/resume #%lld", (long long)id);
	ck_assert_int_eq(say_private("u2", cmd), 0);
	td_expect_error(&fx, "no_game", "/resume #ID");
	snprintf(cmd, sizeof cmd, "%lld::resume", (long long)id);
	ck_assert_int_eq(td_button(&fx, "u2", "u2", cmd), 0);
	td_drain(&fx);
	ck_assert_ptr_null(td_find(&fx, "seat", "g1"));
	td_clear(&fx);
	seats_of(id, after, sizeof after);
	ck_assert_str_eq(before, after);
	/* Back in the group: their seat, again theirs to take. */
	ck_assert_int_eq(td_say(&fx, "u2", "/resume"), 0);
	ck_assert_int_eq(td_info(&fx, id)->seats[2].away, 0);
	td_drain(&fx);
	ck_assert_str_eq(td_str(td_find(&fx, "seat", "g1"), "change"),
	    "resumed");
}
END_TEST

/*
 * Deliver every due row, each its own message; u2's "turn" row as
 * message "77" (their live turn message), and a row for u2 of kind
 * refuse (NULL: none) refused as from a chat that cannot be written to.
 * How many u2 refused.
 */
static int
deliver_u2(const char *refuse)
{
	struct svc_batch	*b;
	int			 n = 0, rc;

	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	while ((rc = td_take(&fx, b)) == 1) {
		if (strcmp(b->row[0].chat, "u2") == 0 && refuse != NULL &&
		    strcmp(b->row[0].kind, refuse) == 0) {
			ck_assert_int_eq(svc_outbox_finish(fx.svc, b,
			    SVC_UNREACHABLE, 0, NULL), 0);
			n++;
		} else
			td_finish(&fx, b, strcmp(b->row[0].chat, "u2") == 0 &&
			    strcmp(b->row[0].kind, "turn") == 0 ? "77" : NULL);
	}
	ck_assert_int_eq(rc, 0);
	free(b);
	return (n);
}

/*
 * The turn message u2 had when they left loses its buttons when the AI
 * plays that turn for them (a "played" row, the one row of the game
 * that still goes to them); if their chat refuses it, the group is not
 * told, with a link, that they cannot be reached.
 */
START_TEST(test_left_retired)
{
	int64_t	id;

	id = td_lobby4(&fx, "g1", "");
	deliver_u2(NULL);
	ck_assert_int_eq(left_now("g1", "u2"), 0);
	ck_assert_int_eq(deliver_u2(NULL), 0);
	td_run_timers(&fx);
	ck_assert_int_eq(deliver_u2("played"), 1);
	td_drain(&fx);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM outbox WHERE "
	    "kind = 'unreachable'"), 0);
	ck_assert_int_ne(td_info(&fx, id)->seats[2].away, 0);
}
END_TEST

/* The suite of a member leaving a group. */
Suite *
suite_left(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("left");
	tc = tcase_create("left");
	tcase_add_checked_fixture(tc, fx_setup, fx_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_left_running);
	tcase_add_test(tc, test_left_twice);
	tcase_add_test(tc, test_left_lobby);
	tcase_add_test(tc, test_left_no_seat);
	tcase_add_test(tc, test_left_away);
	tcase_add_test(tc, test_left_no_way_back);
	tcase_add_test(tc, test_left_retired);
	suite_add_tcase(s, tc);
	return (s);
}
