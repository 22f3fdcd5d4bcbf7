/*
 * check_remind.c: a turn's reminder (service-remind.c).  At four fifths
 * of the time a person has for a turn (a fixed deadline, or what is left
 * of their time bank) they are told privately, once, in words, how long
 * is left before the AI plays; not when they pressed a button of the
 * game or opened its Mini App during the turn, not while away, not once
 * the turn was played, not in a game without a clock; silent in their
 * quiet hours; never twice, also across a reopening of the store.  A
 * person awaited in two games or more gets one digest in their morning
 * instead.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_daemon.h"
#include "compose.h"

#define RM_MAX	16	/* reminders one drain keeps the words of */

/*
 * The reminders and digests of the last rm_drain(), as a bridge
 * composed them.
 */
static struct {
	char	 kind[24];
	char	 chat[64];
	char	*text;
	size_t	 head;		/* its heading's bytes (the group's title) */
	int	 silent;
	int	 keys;
	char	 key0[SVC_BUTTON_MAX + 1];	/* its first button's data */
} rm_seen[RM_MAX];
static int	rm_n;

/* Forget the reminders seen, and the rows delivered. */
static void
rm_clear(void)
{
	int	i;

	for (i = 0; i < rm_n; i++)
		free(rm_seen[i].text);
	rm_n = 0;
	td_clear(&fx);
}

/*
 * Deliver every due row into fx.out as td_drain() does (every person a
 * member), a "reminder" or "digest" composed as a bridge composes it
 * first: its words, whether it makes a sound and its buttons kept in
 * rm_seen.  How many rows.
 */
static int
rm_drain(void)
{
	struct svc_batch	*b;
	struct compose_opts	 o;
	struct compose_msg	 m;
	struct td_out		*t;
	int			 n = 0, rc;

	memset(&o, 0, sizeof o);
	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	while ((rc = td_take(&fx, b)) == 1) {
		ck_assert_int_lt(fx.nout, TD_MAXOUT);
		t = &fx.out[fx.nout++];
		t->id = b->row[0].id;
		snprintf(t->chat, sizeof t->chat, "%s", b->row[0].chat);
		snprintf(t->kind, sizeof t->kind, "%s", b->row[0].kind);
		ck_assert_ptr_nonnull(t->payload = json_loads(b->row[0].payload,
		    0, NULL));
		n++;
		if (b->row[0].type == SVC_OUT_MEMBER) {
			ck_assert_int_eq(svc_outbox_member(fx.svc, b,
			    SVC_MEMBER_YES), 0);
			continue;
		}
		if (b->row[0].type == SVC_OUT_REMINDER ||
		    b->row[0].type == SVC_OUT_DIGEST) {
			ck_assert_int_lt(rm_n, RM_MAX);
			snprintf(rm_seen[rm_n].kind, sizeof rm_seen[rm_n].kind,
			    "%s", b->row[0].kind);
			snprintf(rm_seen[rm_n].chat, sizeof rm_seen[rm_n].chat,
			    "%s", b->row[0].chat);
			ck_assert_int_ne(compose_batch(fx.svc, b, &o, &m),
			    COMPOSE_NONE);
			rm_seen[rm_n].text = strdup(m.text.s != NULL ?
			    m.text.s : "");
			rm_seen[rm_n].head = m.headlen;
			rm_seen[rm_n].silent = m.silent;
			rm_seen[rm_n].keys = (int)m.keys.n;
			snprintf(rm_seen[rm_n].key0, sizeof rm_seen[rm_n].key0,
			    "%s", m.keys.n > 0 ? m.keys.k[0].data : "");
			rm_n++;
			compose_msg_free(&m);
		}
		td_finish(&fx, b, NULL);
	}
	ck_assert_int_eq(rc, 0);
	free(b);
	return (n);
}

/* Run the timers due and deliver: how many reminders came. */
static int
rm_run(void)
{
	rm_clear();
	td_run_timers(&fx);
	rm_drain();
	return (td_count(&fx, "reminder", NULL));
}

/*
 * Run the timers and deliver until a person is to act after the gifts
 * in game id of group chat.
 */
static struct svc_game *
rm_turn_in(int64_t id, const char *chat)
{
	struct tac_state	st;

	for (;;) {
		td_run_timers(&fx);
		rm_drain();
		ck_assert_int_eq(svc_game_position(fx.svc, id, -1, &st), 0);
		if (st.phase != TAC_PH_EXCHANGE)
			return (td_info(&fx, id));
		td_exchange(&fx, id, chat);
	}
}

/* rm_turn_in() of a game in group g1. */
static struct svc_game *
rm_turn(int64_t id)
{
	return (rm_turn_in(id, "g1"));
}

/* The person to act in game id (their private chat), and their seat. */
static const char *
rm_actor(int64_t id, int *seat)
{
	static char	 who[64];
	struct svc_game	*g = td_info(&fx, id);

	ck_assert_int_ge(g->actor, 0);
	if (seat != NULL)
		*seat = g->actor;
	snprintf(who, sizeof who, "%s", g->seats[g->actor].user);
	return (who);
}

/* How many reminders of game id came to person user's chat. */
static int
rm_count(const char *user, int64_t id)
{
	int	i, n = 0;

	for (i = 0; i < fx.nout; i++)
		if (strcmp(fx.out[i].kind, "reminder") == 0 &&
		    strcmp(fx.out[i].chat, user) == 0 &&
		    td_int(&fx.out[i], "game") == id)
			n++;
	return (n);
}

/* A person says something to the bot privately (their chat: their id). */
static int
rm_say(const char *user, const char *text)
{
	return (td_event(&fx, user, 1, user, 0, text));
}

/* Person user presses a button with data in their chat. */
static void
rm_press_data(const char *user, const char *data)
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
	ck_assert_int_eq(svc_event(fx.svc, &ev), 0);
}

/* Person user presses a button of game id at its turn, in their chat. */
static void
rm_press(const char *user, int64_t id, const char *cmd)
{
	char	data[80];

	ck_assert_int_gt(svc_button_data(data, sizeof data, id,
	    td_info(&fx, id)->turn_no, cmd), 0);
	rm_press_data(user, data);
}

/*
 * A fixed deadline of an hour: the turn's reminder comes at exactly 48
 * minutes, once, to the person to act alone, headed by the group's title
 * (once) and saying the 12 minutes left in words; nothing more until the
 * AI plays.
 */
START_TEST(test_remind_deadline)
{
	struct svc_game	*g;
	struct td_out	*o;
	const char	*who;
	int64_t		 id, start, due;

	id = td_lobby4(&fx, "g1", "deadline=1h seed=1");
	g = rm_turn(id);
	start = fx.now;
	due = start + 3600;
	ck_assert_int_eq(g->due, due);
	ck_assert_int_eq(g->remind, start + 2880);
	who = rm_actor(id, NULL);
	fx.now = start + 2879;
	ck_assert_int_eq(rm_run(), 0);
	fx.now = start + 2880;
	ck_assert_int_eq(rm_run(), 1);
	ck_assert_ptr_nonnull(o = td_find(&fx, "reminder", who));
	ck_assert_int_eq(td_int(o, "due"), due);
	ck_assert_int_eq(rm_n, 1);
	ck_assert_str_eq(rm_seen[0].chat, who);
	ck_assert_msg(strcmp(rm_seen[0].text, "Chat g1\nGame #1: your turn is "
	    "waiting; 12 min left, then the AI plays.") == 0, "%s",
	    rm_seen[0].text);
	ck_assert_int_eq(rm_seen[0].head, strlen("Chat g1"));
	ck_assert_int_eq(td_info(&fx, id)->remind, 0);
	fx.now = due - 1;
	ck_assert_int_eq(rm_run(), 0);
	fx.now = due;
	ck_assert_int_eq(rm_run(), 0);
	ck_assert_int_eq(td_count(&fx, "takeover", "g1"), 1);
}
END_TEST

/*
 * A time bank of two hours: the reminder at four fifths of what is left
 * of it (96 minutes in, 24 left); after a move that spent an hour of it
 * (1h30 left, the bonus back), the person's next turn at four fifths of
 * that.
 */
START_TEST(test_remind_bank)
{
	struct svc_game	*g;
	const char	*who;
	char		 first[64];
	int64_t		 id, start, left, since;
	int		 seat;

	id = td_lobby4(&fx, "g1", "bank=2h+30m seed=5");
	g = rm_turn(id);
	start = fx.now;
	ck_assert_int_eq(g->due, start + 7200);
	ck_assert_int_eq(g->remind, start + 5760);
	who = rm_actor(id, &seat);
	snprintf(first, sizeof first, "%s", who);
	fx.now = start + 5759;
	ck_assert_int_eq(rm_run(), 0);
	fx.now = start + 5760;
	ck_assert_int_eq(rm_run(), 1);
	ck_assert_ptr_nonnull(td_find(&fx, "reminder", first));
	ck_assert_msg(strstr(rm_seen[0].text, "24 min left, then the AI "
	    "plays.") != NULL, "%s", rm_seen[0].text);
	/* They play then: 7200 - 5760 + 1800 left. */
	ck_assert_int_eq(td_play_first(&fx, id, "g1"), 0);
	ck_assert_int_eq(store_seat_bank(fx.store, id, seat, &left, &since),
	    1);
	ck_assert_int_eq(left, 3240);
	/* Around the table to them again, the others playing at once. */
	for (;;) {
		g = rm_turn(id);
		if (g->actor == seat)
			break;
		ck_assert_int_eq(td_play_first(&fx, id, "g1"), 0);
	}
	ck_assert_int_eq(store_seat_bank(fx.store, id, seat, &left, &since),
	    1);
	ck_assert_int_eq(left, 3240);
	ck_assert_int_eq(g->due, since + 3240);
	ck_assert_int_eq(g->remind, since + 2592);
}
END_TEST

/*
 * The next turn of game id in g1: the one to act now plays, and the
 * person then to act goes into pid; their turn began at *start.
 */
static void
rm_next(int64_t id, char *pid, size_t len, int64_t *start)
{
	ck_assert_int_eq(td_play_first(&fx, id, "g1"), 0);
	rm_turn(id);
	*start = fx.now;
	snprintf(pid, len, "%s", rm_actor(id, NULL));
}

/*
 * A press of a button of the game during the turn, the Mini App opened
 * on it, or a command typed about it: no reminder for that turn.  A
 * press before the turn began, or of another game, does not count.
 */
START_TEST(test_remind_looked)
{
	struct svc_web_game	 w;
	char			 pid[64], handle[32], cmd[32];
	int64_t			 id, other, start;

	id = td_lobby4(&fx, "g1", "deadline=1h seed=1");
	other = td_lobby4(&fx, "g2", "deadline=1h seed=2");
	rm_turn_in(other, "g2");
	rm_turn(id);
	start = fx.now;
	snprintf(pid, sizeof pid, "%s", rm_actor(id, NULL));
	/* Another game's button: they did not look at this one. */
	rm_press(pid, other, "hand");
	fx.now = start + 2880;
	ck_assert_int_ge(rm_run(), 1);
	ck_assert_int_eq(rm_count(pid, id), 1);
	/* The next turn: a press of this game's button during it. */
	rm_next(id, pid, sizeof pid, &start);
	ck_assert_int_eq(td_info(&fx, id)->remind, start + 2880);
	fx.now = start + 600;
	rm_press(pid, id, "hand");
	fx.now = start + 2880;
	rm_run();
	ck_assert_int_eq(rm_count(pid, id), 0);
	ck_assert_int_eq(td_info(&fx, id)->remind, 0);
	/* The next: the Mini App opened on it. */
	rm_next(id, pid, sizeof pid, &start);
	snprintf(handle, sizeof handle, "%lld", (long long)id);
	fx.now = start + 60;
	ck_assert_int_eq(svc_web_game(fx.svc, handle, "test", pid, -1, &w), 1);
	ck_assert_int_gt(w.nlegal, 0);
	svc_web_game_free(&w);
	fx.now = start + 2880;
	rm_run();
	ck_assert_int_eq(rm_count(pid, id), 0);
	/* The next: /hand typed for this game, privately. */
	rm_next(id, pid, sizeof pid, &start);
	snprintf(cmd, sizeof cmd, "/hand #%lld", (long long)id);
	fx.now = start + 900;
	rm_clear();
	ck_assert_int_eq(rm_say(pid, cmd), 0);
	rm_drain();
	ck_assert_int_eq(td_count(&fx, "error", pid), 0);
	ck_assert_int_gt(td_count(&fx, NULL, pid), 0);
	fx.now = start + 2880;
	rm_run();
	ck_assert_int_eq(rm_count(pid, id), 0);
	/* The one after: nobody looked, the reminder comes. */
	rm_next(id, pid, sizeof pid, &start);
	fx.now = start + 2880;
	rm_run();
	ck_assert_int_eq(rm_count(pid, id), 1);
}
END_TEST

/*
 * A reminder that comes in its person's quiet hours makes no sound: the
 * game started late at night (23:13 in Berlin) while nobody's nights
 * were known; the person to act then chose Berlin's time (quiet
 * 23:00-08:00), and their reminder at 00:01 is silent.  The same
 * reminder to a person without quiet hours sounds.
 */
START_TEST(test_remind_quiet)
{
	int64_t	id, start;
	int	i;

	id = td_lobby4(&fx, "g1", "deadline=1h seed=1");
	start = fx.now;
	ck_assert_int_eq(start, TD_T0);
	ck_assert_int_eq(td_info(&fx, id)->remind, start + 2880);
	/* The exchange: everyone to give is reminded; one sets a zone. */
	ck_assert_int_eq(rm_say("u2", "/settings zone Europe/Berlin"), 0);
	rm_clear();
	fx.now = start + 2880;
	ck_assert_int_eq(rm_run(), 4);
	ck_assert_int_eq(rm_n, 4);
	for (i = 0; i < rm_n; i++) {
		if (strcmp(rm_seen[i].chat, "u2") == 0)
			ck_assert_msg(rm_seen[i].silent, "a reminder at night "
			    "sounded: %s", rm_seen[i].text);
		else
			ck_assert_msg(!rm_seen[i].silent, "a reminder without "
			    "quiet hours was silent: %s", rm_seen[i].text);
	}
}
END_TEST

/*
 * Once a turn: a second run, a timer armed again for the same turn (as a
 * rescheduling does), and a reopening of the store on the same file, all
 * remind nobody again; a reminder queued but not delivered before the
 * reopening (a kill) is delivered once after it.
 */
START_TEST(test_remind_once)
{
	const char	*who;
	char		 pid[64], sql[128];
	int64_t		 id, start;

	id = td_lobby4(&fx, "g1", "deadline=1h seed=1");
	rm_turn(id);
	start = fx.now;
	who = rm_actor(id, NULL);
	snprintf(pid, sizeof pid, "%s", who);
	fx.now = start + 2880;
	/* Queued, not delivered, then the daemon is gone. */
	rm_clear();
	ck_assert_int_eq(td_run_timers(&fx), 1);
	td_reopen(&fx);
	ck_assert_int_eq(rm_run(), 1);
	ck_assert_ptr_nonnull(td_find(&fx, "reminder", pid));
	fx.now = start + 3000;
	ck_assert_int_eq(rm_run(), 0);
	/* The timer armed again for the same turn: nothing. */
	snprintf(sql, sizeof sql, "UPDATE games SET remind = %lld WHERE id "
	    "= %lld", (long long)fx.now, (long long)id);
	td_sql(&fx, sql);
	ck_assert_int_eq(rm_run(), 0);
	ck_assert_int_eq(td_info(&fx, id)->remind, 0);
	td_reopen(&fx);
	fx.now = start + 3100;
	ck_assert_int_eq(rm_run(), 0);
	ck_assert_str_eq(rm_actor(id, NULL), pid);
}
END_TEST

/* A game without a clock: no reminder, however long a turn waits. */
START_TEST(test_remind_no_clock)
{
	int64_t	id;

	id = td_lobby4(&fx, "g1", "seed=1");
	ck_assert_int_eq(td_info(&fx, id)->deadline, 0);
	ck_assert_int_eq(td_info(&fx, id)->remind, 0);
	rm_turn(id);
	ck_assert_int_eq(td_info(&fx, id)->remind, 0);
	fx.now += 30 * 86400;
	ck_assert_int_eq(rm_run(), 0);
}
END_TEST

/*
 * A person away with their clocks stopped, gone during their turn: no
 * reminder while away, neither at the turn's old time nor later.
 */
START_TEST(test_remind_away)
{
	const char	*who;
	char		 pid[64];
	int64_t		 id, start;

	id = td_lobby4(&fx, "g1", "deadline=1h seed=1");
	rm_turn(id);
	start = fx.now;
	who = rm_actor(id, NULL);
	snprintf(pid, sizeof pid, "%s", who);
	fx.now = start + 600;
	ck_assert_int_eq(rm_say(pid, "/away 2d stop"), 0);
	fx.now = start + 2880;
	ck_assert_int_eq(rm_run(), 0);
	fx.now = start + 86400;
	ck_assert_int_eq(rm_run(), 0);
	ck_assert_str_eq(rm_actor(id, NULL), pid);
}
END_TEST

/* Away with the AI playing for them: none either; the AI plays. */
START_TEST(test_remind_away_ai)
{
	const char	*who;
	char		 pid[64];
	int64_t		 id, start;

	id = td_lobby4(&fx, "g1", "deadline=1h seed=1");
	rm_turn(id);
	start = fx.now;
	who = rm_actor(id, NULL);
	snprintf(pid, sizeof pid, "%s", who);
	fx.now = start + 600;
	ck_assert_int_eq(rm_say(pid, "/away 2d ai"), 0);
	fx.now = start + 2880;
	rm_run();
	ck_assert_int_eq(rm_count(pid, id), 0);
	fx.now = start + 3600;
	rm_run();
	ck_assert_int_eq(rm_count(pid, id), 0);
}
END_TEST

/* A turn played before its reminder: none for it, the next has its own. */
START_TEST(test_remind_played)
{
	const char	*who;
	char		 pid[64];
	int64_t		 id, start;

	id = td_lobby4(&fx, "g1", "deadline=1h seed=1");
	rm_turn(id);
	start = fx.now;
	who = rm_actor(id, NULL);
	snprintf(pid, sizeof pid, "%s", who);
	fx.now = start + 2879;
	ck_assert_int_eq(td_play_first(&fx, id, "g1"), 0);
	rm_turn(id);
	ck_assert_int_eq(td_info(&fx, id)->remind, fx.now + 2880);
	fx.now = start + 2880;
	ck_assert_int_eq(rm_run(), 0);
	fx.now = start + 2879 + 2880;
	ck_assert_int_eq(rm_run(), 1);
	ck_assert_ptr_null(td_find(&fx, "reminder", pid));
}
END_TEST

/*
 * 2023-11-14 23:13:20 in Berlin (TD_T0): its next morning, 08:00, is
 * 8 h 46 min 40 s on.
 */
#define RM_MORNING	(TD_T0 + 31600)

/*
 * A person of Berlin's time awaited in two games at night gets one
 * digest at 08:00, the end of their quiet hours, instead of a reminder
 * each: both groups, how long their turns waited, the hour left, a
 * button to each turn; the others, whose nights are not known, are
 * reminded as ever, and get no digest.
 */
START_TEST(test_digest_morning)
{
	struct td_out	*o;
	char		 key[SVC_BUTTON_MAX + 1];
	int64_t		 g1, g2;
	int		 i;

	ck_assert_int_eq(rm_say("u0", "/settings zone Europe/Berlin"), 0);
	g1 = td_lobby4(&fx, "g1", "deadline=1h seed=1");
	g2 = td_lobby4(&fx, "g2", "deadline=1h seed=2");
	/* The exchanges wait for u0's morning: their hour from 08:00. */
	ck_assert_int_eq(td_info(&fx, g1)->due, RM_MORNING + 3600);
	ck_assert_int_eq(td_info(&fx, g2)->remind, RM_MORNING + 2880);
	rm_clear();
	fx.now = RM_MORNING - 1;
	ck_assert_int_eq(rm_run(), 0);
	ck_assert_int_eq(td_count(&fx, "digest", NULL), 0);
	fx.now = RM_MORNING;
	rm_run();
	ck_assert_int_eq(td_count(&fx, "digest", NULL), 1);
	ck_assert_ptr_nonnull(o = td_find(&fx, "digest", "u0"));
	ck_assert_int_eq(json_array_size(json_object_get(o->payload,
	    "games")), 2);
	ck_assert_int_eq(rm_n, 1);
	ck_assert_str_eq(rm_seen[0].kind, "digest");
	ck_assert_msg(strstr(rm_seen[0].text, "Good morning! Your turn is "
	    "waiting in 2 games:\nChat g1: waiting for 8 h 46 min; 1 h left.\n"
	    "Chat g2: waiting for 8 h 46 min; 1 h left.\n") != NULL, "%s",
	    rm_seen[0].text);
	ck_assert_int_eq(rm_seen[0].keys, 2);
	/* Its first button brings the turn of the first game. */
	snprintf(key, sizeof key, "%s", rm_seen[0].key0);
	rm_clear();
	rm_press_data("u0", key);
	rm_drain();
	ck_assert_ptr_nonnull(o = td_find(&fx, "turn", "u0"));
	ck_assert_int_eq(td_int(o, "game"), g1);
	/* At four fifths: the others are reminded in both games, not u0. */
	fx.now = RM_MORNING + 2880;
	ck_assert_int_eq(rm_run(), 6);
	ck_assert_int_eq(td_count(&fx, "reminder", "u0"), 0);
	for (i = 1; i < 4; i++) {
		char	who[8];

		snprintf(who, sizeof who, "u%d", i);
		ck_assert_int_eq(rm_count(who, g1), 1);
		ck_assert_int_eq(rm_count(who, g2), 1);
	}
}
END_TEST

/*
 * Awaited in one game alone, the morning brings no digest: the turn's
 * own reminder tells it.
 */
START_TEST(test_digest_one_game)
{
	int64_t	id;

	ck_assert_int_eq(rm_say("u0", "/settings zone Europe/Berlin"), 0);
	id = td_lobby4(&fx, "g1", "deadline=1h seed=1");
	rm_clear();
	fx.now = RM_MORNING;
	rm_run();
	ck_assert_int_eq(td_count(&fx, "digest", NULL), 0);
	fx.now = RM_MORNING + 2880;
	rm_run();
	ck_assert_int_eq(rm_count("u0", id), 1);
	ck_assert_int_eq(td_count(&fx, "digest", NULL), 0);
}
END_TEST

/* Release what the reminders seen hold. */
static void
rm_teardown(void)
{
	rm_clear();
	fx_teardown();
}

Suite *
suite_remind(void)
{
	Suite	*s = suite_create("remind");
	TCase	*tc = tcase_create("remind");

	tcase_add_checked_fixture(tc, fx_setup, rm_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_remind_deadline);
	tcase_add_test(tc, test_remind_bank);
	tcase_add_test(tc, test_remind_looked);
	tcase_add_test(tc, test_remind_quiet);
	tcase_add_test(tc, test_remind_once);
	tcase_add_test(tc, test_remind_no_clock);
	tcase_add_test(tc, test_remind_away);
	tcase_add_test(tc, test_remind_away_ai);
	tcase_add_test(tc, test_remind_played);
	tcase_add_test(tc, test_digest_morning);
	tcase_add_test(tc, test_digest_one_game);
	suite_add_tcase(s, tc);
	return (s);
}
