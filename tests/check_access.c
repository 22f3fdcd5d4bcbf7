/*
 * check_access.c: who may see or act on a game (service-access.c).  A
 * stranger, in no group or in another group, names games by number, by
 * key and by made-up buttons, in a lobby, a running game and a finished
 * one, with every command that names a game: each gets the answer a game
 * that is not there gets, word for word, and nothing else reaches anyone
 * or changes.  A member of the group joins by the link; one who is not
 * (never was, or left) is told so; a platform that cannot say seats
 * nobody, and an answer that comes too late neither.  A seat its person
 * left goes to someone else only after a player's yes.  A plain /start
 * brings what waits; a person opens only so many lobbies.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_daemon.h"
#include "store.h"

/*
 * The games read from the store, counted here: check_daemon is linked
 * with -Wl,--wrap=store_game_get, so every call the service makes to it
 * comes here first.  A refusal that reads no game costs the same whether
 * or not the game exists.
 */
static uint64_t	 ta_reads;

int	__real_store_game_get(struct store *, int64_t, struct store_game *,
	    char **);
int	__wrap_store_game_get(struct store *, int64_t, struct store_game *,
	    char **);

/* A game read, counted. */
int
__wrap_store_game_get(struct store *st, int64_t id, struct store_game *g,
    char **snap)
{
	ta_reads++;
	return (__real_store_game_get(st, id, g, snap));
}

/* A person types text in their own private chat (its id is theirs). */
static int
say_private(const char *user, const char *text)
{
	return (td_event(&fx, user, 1, user, 0, text));
}

/* A game's key, as its join link carries it. */
static const char *
key_of(int64_t game)
{
	static char	key[SVC_KEY_MAX];

	ck_assert_int_eq(svc_game_key(fx.svc, game, key), 1);
	return (key);
}

/*
 * A game of u0 and three AI players in chat, played to its end (the AI's
 * turns by the timers, u0's first legal move each time).
 */
static int64_t
play_to_end(const char *chat)
{
	int64_t	id;
	int	n;

	ck_assert_int_eq(td_event(&fx, chat, 0, "u0", 0, "/new"), 0);
	ck_assert_int_eq(td_event(&fx, chat, 0, "u0", 0, "/ai all"), 0);
	ck_assert_int_eq(td_event(&fx, chat, 0, "u0", 0, "/start"), 0);
	id = td_game(&fx, chat);
	for (n = 0; n < 5000; n++) {
		td_run_timers(&fx);
		if (td_info(&fx, id)->state != SVC_PLAYING)
			break;
		fx.now += 2;
		ck_assert_int_eq(td_play_first(&fx, id, chat), 0);
		if (n % 50 == 49) {
			td_drain(&fx);
			td_clear(&fx);
		}
	}
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_OVER);
	td_drain(&fx);
	td_clear(&fx);
	return (id);
}

/*
 * What a stranger's command came to: every row for them (an answer to a
 * button, an error, a question to the platform about them), and nothing
 * for anyone else; the error is the no-game answer, with the number they
 * typed (-1: none, a key).
 */
static void
expect_nothing(const char *who, int64_t number, const char *what)
{
	struct td_out	*o;
	json_t		*args;
	int		 i, said = 0;

	td_drain(&fx);
	for (i = 0; i < fx.nout; i++) {
		o = &fx.out[i];
		if (strcmp(o->kind, "member") == 0) {
			ck_assert_msg(strcmp(o->chat, who) == 0, "%s: asked "
			    "in %s", what, o->chat);
			continue;
		}
		ck_assert_msg(strcmp(o->kind, "error") == 0 ||
		    strcmp(o->kind, "answer") == 0, "%s: a %s row for %s", what,
		    o->kind, o->chat);
		ck_assert_msg(strcmp(o->chat, who) == 0 || (strcmp(o->kind,
		    "answer") == 0 && o->chat[0] == '\0'), "%s: a row for %s",
		    what, o->chat);
		ck_assert_msg(td_str(o, "code") != NULL &&
		    strcmp(td_str(o, "code"), "no_game") == 0, "%s: %s", what,
		    td_str(o, "code") != NULL ? td_str(o, "code") : "(none)");
		args = json_object_get(o->payload, "args");
		if (number > 0) {
			ck_assert_int_eq(json_object_size(args), 1);
			ck_assert_int_eq(json_integer_value(json_object_get(args,
			    "game")), number);
		} else
			ck_assert_int_eq(json_object_size(args), 0);
		said++;
	}
	ck_assert_msg(said == 1, "%s: %d answers", what, said);
	td_clear(&fx);
}

/* The commands that name a game by number, as a stranger may type them. */
static const char *const access_cmds[] = {
	"/join #%lld", "/join #%lld 1", "/board #%lld", "/options #%lld",
	"/options #%lld 6", "/hand #%lld", "/summary #%lld", "/moves #%lld",
	"/record #%lld", "/review #%lld", "/replace #%lld 1 ai",
	"/resume #%lld", "/leave #%lld", "/leave #%lld yes", "/team #%lld 1",
	"/ai #%lld", "/ai #%lld 1", "/start #%lld", "/abort #%lld",
	"/abort #%lld yes", "/hint #%lld", "/play #%lld 13 B>0",
	"/menu #%lld", "/admit #%lld 1 1 yes", "/start j%lld",
	"/start h%lld", NULL
};

/* The same as the buttons of a message would carry them. */
static const char *const access_buttons[] = {
	"%lld::join", "%lld::board", "%lld::options", "%lld::hand",
	"%lld::summary", "%lld::moves 1", "%lld::record", "%lld::review",
	"%lld::leave yes 1 u1", "%lld::abort yes 1", "%lld::ai",
	"%lld::start", "%lld::hint", "%lld::menu", "%lld:%lld:menu 0",
	"%lld:%lld:13 B>0", "%lld::admit 1 1 yes", NULL
};

/*
 * Every command and button, as user in chat (private or another
 * group), for game id and for a number no game has: the same answer.
 */
static void
stranger_tries(const char *user, const char *chat, int private, int64_t id)
{
	struct svc_game	 before, *g;
	char		 text[128], what[200];
	int64_t		 ids[2] = { id, id + 100 };
	int		 i, k;

	before = *td_info(&fx, id);
	for (k = 0; k < 2; k++) {
		for (i = 0; access_cmds[i] != NULL; i++) {
			snprintf(text, sizeof text, access_cmds[i],
			    (long long)ids[k]);
			snprintf(what, sizeof what, "%s in %s: %s", user, chat,
			    text);
			ck_assert_int_eq(td_event(&fx, chat, private, user, 0,
			    text), 0);
			expect_nothing(private ? user : chat, ids[k], what);
		}
		for (i = 0; access_buttons[i] != NULL; i++) {
			snprintf(text, sizeof text, access_buttons[i],
			    (long long)ids[k], (long long)before.turn_no);
			snprintf(what, sizeof what, "%s in %s presses %s",
			    user, chat, text);
			ck_assert_int_eq(td_button(&fx, chat, user, text), 0);
			expect_nothing(private ? user : chat, ids[k], what);
		}
	}
	/* A key that names no game: as a key of no game. */
	ck_assert_int_eq(td_event(&fx, chat, private, user, 0,
	    "/start jAAAAAAAAAAAAAAAAAAAAAA"), 0);
	expect_nothing(private ? user : chat, -1, "a made-up key");
	/* Nothing changed. */
	g = td_info(&fx, id);
	ck_assert_int_eq(g->state, before.state);
	ck_assert_int_eq(g->turn_no, before.turn_no);
	ck_assert_int_eq(g->cfg.nseats, before.cfg.nseats);
	for (i = 0; i < g->cfg.nseats; i++) {
		ck_assert_str_eq(g->seats[i].user, before.seats[i].user);
		ck_assert_int_eq(g->seats[i].ai, before.seats[i].ai);
		ck_assert_int_eq(g->seats[i].away, before.seats[i].away);
	}
}

/*
 * A stranger in no group (u9) and one of another group (x1 in g7) try
 * a lobby, a running game and a finished one: the no-game answer to
 * everything.
 */
START_TEST(test_access_stranger)
{
	int64_t	lobby, running, over;

	snprintf(fx.strangers, sizeof fx.strangers, " u9 x1 ");
	over = play_to_end("g3");
	running = td_lobby4(&fx, "g2", "");
	td_drain(&fx);
	td_clear(&fx);
	ck_assert_int_eq(td_say(&fx, "u5", "/new"), 0);
	lobby = td_game(&fx, "g1");
	ck_assert_int_eq(td_event(&fx, "g7", 0, "x1", 0, "/new"), 0);
	td_drain(&fx);
	td_clear(&fx);
	stranger_tries("u9", "u9", 1, lobby);
	stranger_tries("u9", "u9", 1, running);
	stranger_tries("u9", "u9", 1, over);
	stranger_tries("x1", "g7", 0, lobby);
	stranger_tries("x1", "g7", 0, running);
	stranger_tries("x1", "g7", 0, over);
	stranger_tries("x1", "x1", 1, running);
}
END_TEST

/*
 * The key of a game is its own proof: a stranger who holds it (a link
 * passed on) is told they are not in its group, in words that name
 * nothing of it, and gets no seat; a person of the group joins by it; one
 * who left the group does not.
 */
START_TEST(test_access_join_by_key)
{
	char	link[64];
	int64_t	id;

	snprintf(fx.strangers, sizeof fx.strangers, " u9 u7 ");
	ck_assert_int_eq(td_say(&fx, "u0", "/new"), 0);
	id = td_game(&fx, "g1");
	/* u7 was in the group once (they said something there). */
	ck_assert_int_eq(td_say(&fx, "u7", "/board"), 0);
	td_drain(&fx);
	td_clear(&fx);
	snprintf(link, sizeof link, "/start j%s", key_of(id));
	ck_assert_int_eq(say_private("u9", link), 0);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "member", "u9"), 1);
	ck_assert_int_eq(td_count(&fx, NULL, NULL), 2);
	ck_assert_str_eq(td_str(td_find(&fx, "error", "u9"), "code"),
	    "not_member");
	ck_assert_int_eq(json_object_size(json_object_get(td_find(&fx,
	    "error", "u9")->payload, "args")), 0);
	td_clear(&fx);
	ck_assert_int_eq(say_private("u7", link), 0);
	td_expect_error(&fx, "not_member", "one who left the group");
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "");
	/* A member: seated, told so privately, the lobby shown again. */
	ck_assert_int_eq(say_private("u1", link), 0);
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "");
	td_drain(&fx);
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "u1");
	ck_assert_str_eq(td_str(td_find(&fx, "info", "u1"), "code"),
	    "seated");
	ck_assert_ptr_nonnull(td_find(&fx, "lobby", "g1"));
	ck_assert_ptr_null(td_find(&fx, "error", NULL));
	td_clear(&fx);
	/* The old link by number works for members too. */
	snprintf(link, sizeof link, "/start j%lld", (long long)id);
	ck_assert_int_eq(say_private("u2", link), 0);
	td_drain(&fx);
	ck_assert_str_eq(td_info(&fx, id)->seats[2].user, "u2");
	td_clear(&fx);
	/* Typed in the group, /join asks nobody: they write there. */
	ck_assert_int_eq(td_say(&fx, "u3", "/join"), 0);
	ck_assert_str_eq(td_info(&fx, id)->seats[3].user, "u3");
	td_drain(&fx);
	ck_assert_ptr_null(td_find(&fx, "member", NULL));
}
END_TEST

/*
 * The platform could not say (the call failed): no seat, the person is
 * told, nothing changed.  An answer that comes later than the service
 * waits for one seats nobody either; one question at a time waits.
 */
START_TEST(test_access_unchecked)
{
	struct svc_batch	*b;
	char			 link[64];
	int64_t			 id;

	ck_assert_int_eq(td_say(&fx, "u0", "/new"), 0);
	id = td_game(&fx, "g1");
	td_drain(&fx);
	td_clear(&fx);
	snprintf(link, sizeof link, "/start j%s", key_of(id));
	fx.members_unknown = 1;
	ck_assert_int_eq(say_private("u1", link), 0);
	td_expect_error(&fx, "member_unknown", "no answer");
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "");
	fx.members_unknown = 0;

	/* Asked twice before an answer: one question. */
	ck_assert_int_eq(say_private("u1", link), 0);
	ck_assert_int_eq(say_private("u1", link), 0);
	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	ck_assert_int_eq(td_take(&fx, b), 1);
	ck_assert_str_eq(b->row[0].kind, "member");
	ck_assert_str_eq(json_string_value(json_object_get(b->row[0].data,
	    "group")), "g1");
	ck_assert_str_eq(json_string_value(json_object_get(b->row[0].data,
	    "user")), "u1");
	/* Eleven minutes later it says yes: too late to seat anyone. */
	fx.now += 660;
	ck_assert_int_eq(svc_outbox_member(fx.svc, b, SVC_MEMBER_YES), 0);
	free(b);
	td_expect_error(&fx, "member_unknown", "a late answer");
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "");
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM outbox WHERE "
	    "kind = 'member' AND sent = 0"), 0);
	/* Asked again, answered in time: seated. */
	ck_assert_int_eq(say_private("u1", link), 0);
	td_drain(&fx);
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "u1");
}
END_TEST

/* The "confirm" row of what "seat" in a chat, or NULL. */
static struct td_out *
seat_question(const char *chat)
{
	int	i;

	for (i = 0; i < fx.nout; i++) {
		if (strcmp(fx.out[i].kind, "confirm") == 0 &&
		    strcmp(fx.out[i].chat, chat) == 0 &&
		    td_str(&fx.out[i], "what") != NULL &&
		    strcmp(td_str(&fx.out[i], "what"), "seat") == 0)
			return (&fx.out[i]);
	}
	return (NULL);
}

/*
 * u1 leaves a running game: the AI plays their seat.  A member (u5)
 * follows the join link: the group is asked, u5 is told so, the seat
 * stays u1's until a player says yes; a no leaves it and tells u5; a
 * stranger's and u5's own presses are refused.
 */
START_TEST(test_access_takeover)
{
	struct td_out	*q;
	char		 link[64], yes[64], no[64];
	int64_t		 id, asker;

	id = td_lobby4(&fx, "g1", "");
	ck_assert_int_eq(td_say(&fx, "u1", "/leave yes"), 0);
	ck_assert_int_eq(td_info(&fx, id)->seats[1].away, 1);
	td_drain(&fx);
	td_clear(&fx);
	snprintf(link, sizeof link, "/start j%s", key_of(id));
	ck_assert_int_eq(say_private("u5", link), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(q = seat_question("g1"));
	ck_assert_int_eq(td_int(q, "seat"), 1);
	asker = td_int(q, "asker");
	ck_assert_int_gt(asker, 0);
	ck_assert_str_eq(td_str(td_find(&fx, "info", "u5"), "code"),
	    "seat_asked");
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "u1");
	ck_assert_ptr_null(td_find(&fx, "hand", "u5"));
	ck_assert_ptr_null(td_find(&fx, "turn", "u5"));
	td_clear(&fx);
	/* Asked again: not again in the group. */
	ck_assert_int_eq(say_private("u5", link), 0);
	td_drain(&fx);
	ck_assert_ptr_null(seat_question("g1"));
	ck_assert_str_eq(td_str(td_find(&fx, "info", "u5"), "code"),
	    "seat_asked");
	td_clear(&fx);

	snprintf(yes, sizeof yes, "%lld::admit 1 %lld yes", (long long)id,
	    (long long)asker);
	snprintf(no, sizeof no, "%lld::admit 1 %lld no", (long long)id,
	    (long long)asker);
	/* Only a player answers: not one of the group, not u5. */
	ck_assert_int_eq(td_button(&fx, "g1", "u8", yes), 0);
	td_expect_error(&fx, "not_in_game", "a non-player's yes");
	ck_assert_int_eq(td_button(&fx, "g1", "u5", yes), 0);
	td_expect_error(&fx, "not_in_game", "the asker's own yes");
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "u1");
	/* A no: u5 hears it, the AI plays on for u1. */
	ck_assert_int_eq(td_button(&fx, "g1", "u2", no), 0);
	td_drain(&fx);
	ck_assert_str_eq(td_str(td_find(&fx, "info", "u5"), "code"),
	    "seat_refused");
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "u1");
	ck_assert_int_eq(td_info(&fx, id)->seats[1].away, 1);
	td_clear(&fx);
	/* The answered question's buttons are out of date. */
	ck_assert_int_eq(td_button(&fx, "g1", "u2", yes), 0);
	td_expect_error(&fx, "stale", "an answered question");
	/* Asked again; u1 themself says yes. */
	ck_assert_int_eq(say_private("u5", link), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(seat_question("g1"));
	td_clear(&fx);
	ck_assert_int_eq(td_button(&fx, "g1", "u1", yes), 0);
	td_drain(&fx);
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "u5");
	ck_assert_int_eq(td_info(&fx, id)->seats[1].away, 0);
	ck_assert(td_find(&fx, "hand", "u5") != NULL ||
	    td_find(&fx, "turn", "u5") != NULL);
	ck_assert_ptr_nonnull(q = td_find(&fx, "seat", "g1"));
	ck_assert_str_eq(td_str(q, "change"), "joined");
	td_clear(&fx);
	ck_assert_int_eq(td_button(&fx, "g1", "u2", yes), 0);
	td_expect_error(&fx, "stale", "a seat taken already");
}
END_TEST

/*
 * A plain /start (Telegram's Restart, once a person unblocks the bot)
 * greets, then brings the turn that waits for them; the others' games
 * bring nothing.
 */
START_TEST(test_access_restart)
{
	struct svc_game	*g;
	struct td_out	*o;
	char		 who[64], other[64];
	int64_t		 id;

	id = td_lobby4(&fx, "g1", "");
	ck_assert_int_eq(td_exchange(&fx, id, "g1"), 4);
	td_drain(&fx);
	td_clear(&fx);
	g = td_info(&fx, id);
	snprintf(who, sizeof who, "%s", g->seats[g->actor].user);
	snprintf(other, sizeof other, "%s",
	    g->seats[(g->actor + 1) % 4].user);
	ck_assert_int_eq(say_private(who, "/start"), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(td_find(&fx, "help", who));
	ck_assert_ptr_nonnull(o = td_find(&fx, "turn", who));
	ck_assert_int_eq(td_int(o, "game"), id);
	ck_assert_int_eq(td_int(o, "turn"), td_info(&fx, id)->turn_no);
	/* The greeting first, then what waits. */
	ck_assert_int_lt(td_find(&fx, "help", who)->id, o->id);
	td_clear(&fx);
	ck_assert_int_eq(say_private(other, "/start"), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(td_find(&fx, "help", other));
	ck_assert_int_eq(td_count(&fx, NULL, other), 1);
}
END_TEST

/* One person opens at most so many lobbies, in all their groups. */
START_TEST(test_access_lobby_cap)
{
	svc_set_lobby_cap(fx.svc, 2);
	ck_assert_int_eq(td_event(&fx, "g1", 0, "u0", 0, "/new"), 0);
	ck_assert_int_eq(td_event(&fx, "g2", 0, "u0", 0, "/new"), 0);
	td_drain(&fx);
	td_clear(&fx);
	ck_assert_int_eq(td_event(&fx, "g3", 0, "u0", 0, "/new"), 0);
	td_expect_error(&fx, "too_many_lobbies", "a third lobby");
	ck_assert_int_eq(td_game(&fx, "g3"), 0);
	/* Someone else opens theirs; one of u0's started, u0 opens again. */
	ck_assert_int_eq(td_event(&fx, "g3", 0, "u1", 0, "/new"), 0);
	ck_assert_int_gt(td_game(&fx, "g3"), 0);
	ck_assert_int_eq(td_event(&fx, "g1", 0, "u0", 0, "/ai all"), 0);
	ck_assert_int_eq(td_event(&fx, "g1", 0, "u0", 0, "/start"), 0);
	ck_assert_int_eq(td_event(&fx, "g4", 0, "u0", 0, "/new"), 0);
	ck_assert_int_gt(td_game(&fx, "g4"), 0);
}
END_TEST

/*
 * The Mini App names games by key or number: a number the person does
 * not play is refused without reading the game, so that a refusal costs
 * the same whether the game is there or not.
 */
START_TEST(test_access_web_number)
{
	char		 num[32];
	int64_t		 id, found;
	uint64_t	 reads;

	id = td_lobby4(&fx, "g1", "");
	td_drain(&fx);
	td_clear(&fx);
	/* u9 is someone tacd knows (in another group). */
	ck_assert_int_eq(td_event(&fx, "g7", 0, "u9", 0, "/board"), 0);
	snprintf(num, sizeof num, "%lld", (long long)id);
	reads = ta_reads;
	ck_assert_int_eq(svc_web_find(fx.svc, num, "test", "u9", &found), 0);
	ck_assert_int_eq(svc_web_find(fx.svc, "99", "test", "u9", &found), 0);
	ck_assert_int_eq(svc_web_find(fx.svc, num, "test", "nobody", &found),
	    0);
	ck_assert_uint_eq(ta_reads, reads);
	/* A player, and the key: found. */
	ck_assert_int_eq(svc_web_find(fx.svc, num, "test", "u1", &found), 1);
	ck_assert_int_eq(found, id);
	ck_assert_uint_gt(ta_reads, reads);	/* the count counts */
	ck_assert_int_eq(svc_web_find(fx.svc, key_of(id), "test", "u9",
	    &found), 1);
	ck_assert_int_eq(found, id);
	/* Another platform's game is none, by key too. */
	ck_assert_int_eq(svc_web_find(fx.svc, key_of(id), "other", "u9",
	    &found), 0);
}
END_TEST

/* The access suite. */
Suite *
suite_access(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("access");
	tc = tcase_create("access");
	tcase_add_checked_fixture(tc, fx_setup, fx_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_access_stranger);
	tcase_add_test(tc, test_access_join_by_key);
	tcase_add_test(tc, test_access_unchecked);
	tcase_add_test(tc, test_access_takeover);
	tcase_add_test(tc, test_access_restart);
	tcase_add_test(tc, test_access_lobby_cap);
	tcase_add_test(tc, test_access_web_number);
	suite_add_tcase(s, tc);
	return (s);
}
