/*
 * check_rematch.c: /rematch through the real service and store.  The
 * end's summary has the Rematch buttons; a press opens a lobby with the
 * same options and people, the presser seated, the others asked
 * privately; each press is answered at once; the game starts when the
 * last one is in, in the same seats or with the teams changed; the
 * offer survives a restart; an AI seat is carried over, a person who is
 * out this time is told to the group and the creator starts with the AI
 * in the seat; a seat is kept for its invited person, whose own /join
 * is their yes; a stranger gets the no-game answer; the offer lapses
 * after a day, told to the group once.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_daemon.h"
#include "compose.h"
#include "tacjson.h"

#define MAXSTEPS	20000

/* Each test starts with an empty database and service. */
static void
setup(void)
{
	td_init(&stats_td, STORE_NOSYNC);
	td_open(&stats_td);
	rnd_state = 7;
}

/* And leaves nothing behind. */
static void
teardown(void)
{
	td_done(&stats_td);
}

/* Someone presses a button (game, text) in a chat: private or a group. */
static void
rm_press(const char *chat, int private, const char *user, int64_t game,
    const char *text)
{
	struct svc_event	 ev;
	char			 data[SVC_BUTTON_MAX + 1];

	ck_assert_int_gt(svc_button_data(data, sizeof data, game, -1, text),
	    0);
	memset(&ev, 0, sizeof ev);
	ev.kind = SVC_EV_BUTTON;
	ev.platform = "test";
	ev.update_id = stats_td.update++;
	ev.chat = chat;
	ev.private_chat = private;
	ev.user = user;
	ev.user_name = user;
	ev.data = data;
	ev.callback = "cb";
	ck_assert_int_eq(svc_event(stats_td.svc, &ev), 0);
}

/* The one answer to the last press: its code ("" none), rows kept. */
static const char *
rm_answer(void)
{
	static char	 code[64];
	int		 i, n = 0;

	td_drain(&stats_td);
	code[0] = '\0';
	for (i = 0; i < stats_td.nout; i++) {
		if (strcmp(stats_td.out[i].kind, "answer") != 0)
			continue;
		n++;
		snprintf(code, sizeof code, "%s", td_str(&stats_td.out[i],
		    "code") != NULL ? td_str(&stats_td.out[i], "code") : "");
	}
	ck_assert_int_eq(n, 1);
	return (code);
}

/* Rows of a kind in a chat whose payload's what is what (NULL: any). */
static int
rm_count(const char *kind, const char *chat, const char *what)
{
	int	i, n = 0;

	for (i = 0; i < stats_td.nout; i++) {
		if (strcmp(stats_td.out[i].kind, kind) == 0 &&
		    (chat == NULL || strcmp(stats_td.out[i].chat, chat) == 0) &&
		    (what == NULL || (td_str(&stats_td.out[i], "what") !=
		    NULL && strcmp(td_str(&stats_td.out[i], "what"), what) ==
		    0)))
			n++;
	}
	return (n);
}

/* The text of a row composed in its language (the caller frees). */
static char *
rm_text(const struct td_out *t, struct compose_msg *keep)
{
	struct compose_opts	 o;
	struct compose_msg	 m;
	struct svc_batch	*b;
	char			*text = NULL;

	memset(&o, 0, sizeof o);
	o.r.menu = 1;
	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	svc_out_make(&b->row[0], svc_kind_find(t->kind), json_integer_value(
	    json_object_get(t->payload, "game")), json_deep_copy(t->payload));
	b->row[0].id = t->id;
	b->n = 1;
	snprintf(b->row[0].chat, sizeof b->row[0].chat, "%s", t->chat);
	if (compose_batch(stats_td.svc, b, &o, &m) != COMPOSE_NONE) {
		text = strdup(m.text.s != NULL ? m.text.s : "");
		if (keep != NULL)
			*keep = m;
		else
			compose_msg_free(&m);
	}
	svc_batch_free(stats_td.svc, b);
	free(b);
	return (text);
}

/*
 * Play a game of people (and AI players) in g1 to its end: u0 opens it
 * (opts), the people join in order, the AI takes the rest; gone (NULL:
 * nobody) leaves the group once it started.  Its id.
 */
static int64_t
rm_play(const char *opts, int people, const char *gone)
{
	struct svc_event	 ev;
	char			 cmd[64], who[8];
	int64_t			 id;
	int			 i, steps;

	snprintf(cmd, sizeof cmd, "/new %s", opts);
	ck_assert_int_eq(td_say(&stats_td, "u0", cmd), 0);
	for (i = 1; i < people; i++) {
		snprintf(who, sizeof who, "u%d", i);
		ck_assert_int_eq(td_say(&stats_td, who, "/join"), 0);
	}
	ck_assert_int_eq(td_say(&stats_td, "u0", "/ai all"), 0);
	ck_assert_int_eq(td_say(&stats_td, "u0", "/start"), 0);
	id = td_game(&stats_td, "g1");
	if (gone != NULL) {
		memset(&ev, 0, sizeof ev);
		ev.kind = SVC_EV_LEFT;
		ev.platform = "test";
		ev.update_id = stats_td.update++;
		ev.chat = "g1";
		ev.user = ev.user_name = gone;
		ck_assert_int_eq(svc_event(stats_td.svc, &ev), 0);
	}
	for (steps = 0; steps < MAXSTEPS; steps++) {
		td_run_timers(&stats_td);
		if (td_info(&stats_td, id)->state != SVC_PLAYING)
			break;
		stats_td.now += 3;
		play_random(id, "g1");
		if (steps % 100 == 99 &&
		    td_info(&stats_td, id)->state == SVC_PLAYING) {
			td_drain(&stats_td);
			td_clear(&stats_td);
		}
	}
	ck_assert_int_eq(td_info(&stats_td, id)->state, SVC_OVER);
	td_drain(&stats_td);
	return (id);
}

/* Play a game of people and AI players to its end (rm_play()). */
static int64_t
rm_game(const char *opts, int people)
{
	return (rm_play(opts, people, NULL));
}

/* Is a person seated in game id? */
static int
rm_seated(int64_t id, const char *user)
{
	struct svc_game	*g = td_info(&stats_td, id);
	int		 s;

	for (s = 0; s < g->cfg.nseats; s++)
		if (strcmp(g->seats[s].user, user) == 0)
			return (1);
	return (0);
}

/* The lobby a rematch of old opened in g1 (the chat's open game). */
static int64_t
rm_lobby(int64_t old)
{
	int64_t	id = td_game(&stats_td, "g1");

	ck_assert_int_gt(id, old);
	ck_assert_int_eq(td_sql_int(&stats_td, "SELECT count(*) FROM "
	    "rematches"), 1);
	return (id);
}

/*
 * Four people: the end's summary carries the buttons; u2 presses
 * Rematch; the lobby has the options and u2 in their seat; the three
 * others are asked privately, in words; a restart keeps the offer; each
 * yes is answered and seats its person; the last starts the game, the
 * same people in the same seats.
 */
START_TEST(test_rematch_four)
{
	struct svc_game		 was, *g;
	struct compose_msg	 m;
	struct td_out		*sum;
	char			*text, cmd[48], who[8];
	int64_t			 old, lobby;
	int			 i, s, found = 0;

	old = rm_game("deadline=2h", 4);
	was = *td_info(&stats_td, old);
	ck_assert_ptr_nonnull(sum = td_find(&stats_td, "summary", "g1"));
	ck_assert_ptr_nonnull(text = rm_text(sum, &m));
	for (i = 0; i < (int)m.keys.n; i++)
		found += strstr(m.keys.k[i].data, "rematch") != NULL;
	ck_assert_int_eq(found, 2);
	compose_msg_free(&m);
	free(text);
	td_clear(&stats_td);

	rm_press("g1", 0, "u2", old, "rematch");
	ck_assert_str_eq(rm_answer(), "rematch_offered");
	lobby = rm_lobby(old);
	g = td_info(&stats_td, lobby);
	ck_assert_int_eq(g->state, SVC_LOBBY);
	ck_assert_int_eq(g->deadline, 7200);
	ck_assert_int_eq(g->cfg.nseats, was.cfg.nseats);
	for (s = 0; s < 4; s++)
		ck_assert_str_eq(g->seats[s].user, strcmp(was.seats[s].user,
		    "u2") == 0 ? "u2" : "");
	ck_assert_int_eq(rm_count("rematch", "g1", "offer"), 1);
	ck_assert_int_eq(rm_count("lobby", "g1", NULL), 1);
	for (i = 0; i < 4; i++) {
		snprintf(who, sizeof who, "u%d", i);
		ck_assert_int_eq(rm_count("rematch-ask", who, NULL),
		    i == 2 ? 0 : 1);
	}
	text = rm_text(td_find(&stats_td, "rematch", "g1"), &m);
	ck_assert_msg(text != NULL && strstr(text, "u2 offers a rematch of "
	    "game #") != NULL && strstr(text, "in the same seats") != NULL,
	    "%s", text != NULL ? text : "(none)");
	ck_assert_int_eq(m.keys.n, 1);
	compose_msg_free(&m);
	free(text);
	text = rm_text(td_find(&stats_td, "rematch-ask", "u0"), &m);
	ck_assert_ptr_nonnull(strstr(text, "offers a rematch"));
	ck_assert_int_eq(m.keys.n, 2);
	compose_msg_free(&m);
	free(text);
	td_clear(&stats_td);

	/* kill -9 and start again: the offer is the store's. */
	td_reopen(&stats_td);
	snprintf(cmd, sizeof cmd, "rematch yes %lld", (long long)lobby);
	for (i = 0; i < 4; i++) {
		if (i == 2)
			continue;
		snprintf(who, sizeof who, "u%d", i);
		rm_press(who, 1, who, old, cmd);
		ck_assert_str_eq(rm_answer(), "rematch_in");
		/* The question shows the answer, in the message pressed. */
		ck_assert_int_eq(rm_count("rematch-ask", who, NULL), 1);
		td_clear(&stats_td);
		if (i < 3)
			ck_assert_int_eq(td_info(&stats_td, lobby)->state,
			    SVC_LOBBY);
	}
	g = td_info(&stats_td, lobby);
	ck_assert_int_eq(g->state, SVC_PLAYING);
	for (s = 0; s < 4; s++)
		ck_assert_str_eq(g->seats[s].user, was.seats[s].user);
	ck_assert_int_eq(td_sql_int(&stats_td, "SELECT count(*) FROM "
	    "rematches"), 0);
	/* A press after the start is answered, and changes nothing. */
	rm_press("u0", 1, "u0", old, cmd);
	ck_assert_str_eq(rm_answer(), "rematch_gone");
}
END_TEST

/*
 * Rematch, new teams: everyone but seat 0 moves one seat on; the game's
 * pace (auto=off, its time bank) is the old one's.
 */
START_TEST(test_rematch_rotate)
{
	struct svc_game		 was, *g;
	char			 cmd[48], who[8], *text;
	int64_t			 old, lobby;
	int			 i, s;

	old = rm_game("auto=off bank=1d+1h", 4);
	was = *td_info(&stats_td, old);
	td_clear(&stats_td);
	rm_press("g1", 0, "u0", old, "rematch rotate");
	ck_assert_str_eq(rm_answer(), "rematch_offered");
	lobby = rm_lobby(old);
	/* The pace is an option too, kept beside the game's row. */
	g = td_info(&stats_td, lobby);
	ck_assert_int_eq(g->autoplay, 0);
	ck_assert_int_eq(g->bank, 86400);
	ck_assert_int_eq(g->bonus, 3600);
	text = rm_text(td_find(&stats_td, "rematch-ask", "u1"), NULL);
	ck_assert_msg(strstr(text, "the teams changed, you in the") != NULL,
	    "%s", text);
	free(text);
	text = rm_text(td_find(&stats_td, "rematch", "g1"), NULL);
	ck_assert_msg(strstr(text, "the teams changed.") != NULL, "%s", text);
	free(text);
	td_clear(&stats_td);
	snprintf(cmd, sizeof cmd, "rematch yes %lld", (long long)lobby);
	for (i = 1; i < 4; i++) {
		snprintf(who, sizeof who, "u%d", i);
		rm_press(who, 1, who, old, cmd);
		ck_assert_str_eq(rm_answer(), "rematch_in");
		td_clear(&stats_td);
	}
	g = td_info(&stats_td, lobby);
	ck_assert_int_eq(g->state, SVC_PLAYING);
	ck_assert_str_eq(g->seats[0].user, was.seats[0].user);
	for (s = 1; s < 4; s++)
		ck_assert_str_eq(g->seats[s % 3 + 1].user, was.seats[s].user);
}
END_TEST

/*
 * Two people and two AI players: the AI seats are carried over; u1 is
 * out this time (the group hears it once); a second press is answered
 * and changes nothing; u0, the creator, starts with the AI in u1's seat.
 * Only the creator may: u1 is refused.
 */
START_TEST(test_rematch_ai)
{
	struct svc_game	 was, *g;
	char		 cmd[48];
	int64_t		 old, lobby;
	int		 s, ai = 0;

	old = rm_game("", 2);
	was = *td_info(&stats_td, old);
	td_clear(&stats_td);
	ck_assert_int_eq(td_say(&stats_td, "u0", "/rematch"), 0);
	lobby = rm_lobby(old);
	td_drain(&stats_td);
	g = td_info(&stats_td, lobby);
	for (s = 0; s < 4; s++) {
		ck_assert_int_eq(g->seats[s].ai, was.seats[s].ai);
		ai += g->seats[s].ai > 0;
	}
	ck_assert_int_eq(ai, 2);
	td_clear(&stats_td);
	snprintf(cmd, sizeof cmd, "rematch no %lld", (long long)lobby);
	rm_press("u1", 1, "u1", old, cmd);
	ck_assert_str_eq(rm_answer(), "rematch_out");
	ck_assert_int_eq(rm_count("rematch", "g1", "declined"), 1);
	td_clear(&stats_td);
	rm_press("u1", 1, "u1", old, cmd);
	ck_assert_str_eq(rm_answer(), "rematch_answered");
	ck_assert_int_eq(rm_count("rematch", "g1", NULL), 0);
	td_clear(&stats_td);
	rm_press("g1", 0, "u1", lobby, "rematch start");
	ck_assert_str_eq(rm_answer(), "not_creator");
	ck_assert_int_eq(td_info(&stats_td, lobby)->state, SVC_LOBBY);
	td_clear(&stats_td);
	rm_press("g1", 0, "u0", lobby, "rematch start");
	td_drain(&stats_td);
	g = td_info(&stats_td, lobby);
	ck_assert_int_eq(g->state, SVC_PLAYING);
	for (s = 0; s < 4; s++)
		ck_assert(g->seats[s].ai > 0 || strcmp(g->seats[s].user,
		    "u0") == 0);
}
END_TEST

/*
 * u2 left the group during the game: u0's rematch does not ask them, in
 * private or at all; their seat is free in the lobby, held for nobody,
 * and u4, another of the group, takes it with /join: the game starts.
 */
START_TEST(test_rematch_left)
{
	char	cmd[48];
	int64_t	old, lobby;

	old = rm_play("", 4, "u2");
	td_clear(&stats_td);
	ck_assert_int_eq(td_say(&stats_td, "u0", "/rematch"), 0);
	lobby = rm_lobby(old);
	td_drain(&stats_td);
	ck_assert_int_eq(td_count(&stats_td, "rematch-ask", "u1"), 1);
	ck_assert_int_eq(td_count(&stats_td, "rematch-ask", "u3"), 1);
	ck_assert_int_eq(td_count(&stats_td, NULL, "u2"), 0);
	ck_assert_int_eq(td_sql_int(&stats_td, "SELECT count(*) FROM "
	    "rematch_seats"), 2);
	ck_assert_str_eq(td_info(&stats_td, lobby)->seats[2].user, "");
	td_clear(&stats_td);
	snprintf(cmd, sizeof cmd, "rematch yes %lld", (long long)lobby);
	rm_press("u1", 1, "u1", old, cmd);
	rm_press("u3", 1, "u3", old, cmd);
	ck_assert_int_eq(td_info(&stats_td, lobby)->state, SVC_LOBBY);
	ck_assert_int_eq(td_say(&stats_td, "u4", "/join"), 0);
	ck_assert_str_eq(td_info(&stats_td, lobby)->seats[2].user, "u4");
	ck_assert_int_eq(td_info(&stats_td, lobby)->state, SVC_PLAYING);
}
END_TEST

/*
 * Strangers: a person of another group, or in no group, who presses the
 * question's button or names the game gets the very no-game answer of a
 * game that does not exist; nothing changes.  Someone of the group who
 * did not play may not offer it.
 */
START_TEST(test_rematch_strangers)
{
	char	cmd[48], nocmd[48];
	int64_t	old, lobby;

	old = rm_game("", 2);
	td_clear(&stats_td);
	ck_assert_int_eq(td_say(&stats_td, "u0", "/rematch"), 0);
	lobby = rm_lobby(old);
	td_clear(&stats_td);
	snprintf(cmd, sizeof cmd, "rematch yes %lld", (long long)lobby);
	snprintf(nocmd, sizeof nocmd, "rematch yes %lld", (long long)999);
	rm_press("u9", 1, "u9", old, cmd);
	ck_assert_str_eq(rm_answer(), "no_game");
	ck_assert_int_eq(rm_count("answer", NULL, NULL), 1);
	td_clear(&stats_td);
	/* The same answer as a number no game has. */
	rm_press("u9", 1, "u9", 999, nocmd);
	ck_assert_str_eq(rm_answer(), "no_game");
	td_clear(&stats_td);
	rm_press("g2", 0, "u9", old, "rematch");
	ck_assert_str_eq(rm_answer(), "no_game");
	td_clear(&stats_td);
	/* In the group, but not a player. */
	rm_press("g1", 0, "u7", lobby, "rematch start");
	ck_assert_str_eq(rm_answer(), "not_creator");
	ck_assert_int_eq(td_info(&stats_td, lobby)->state, SVC_LOBBY);
	ck_assert_int_eq(rm_seated(lobby, "u1"), 0);
	ck_assert_int_eq(rm_seated(lobby, "u9"), 0);
}
END_TEST

/*
 * Seats kept: four people; while u1, u2 and u3 have not answered,
 * someone else of the group who types /join, or names u1's seat, is
 * refused in words and sits nowhere; u1's own /join in the group takes
 * the seat kept for them and counts as their yes (the lobby waits on
 * the others); the last one's /join starts the game; a late press of
 * the question is answered as over.
 */
START_TEST(test_rematch_kept)
{
	char	 cmd[48], *text;
	int64_t	 old, lobby;
	int	 i;

	old = rm_game("", 4);
	td_clear(&stats_td);
	ck_assert_int_eq(td_say(&stats_td, "u0", "/rematch"), 0);
	lobby = rm_lobby(old);
	td_clear(&stats_td);
	ck_assert_int_eq(td_say(&stats_td, "u7", "/join"), 0);
	td_drain(&stats_td);
	for (i = 0; i < stats_td.nout; i++)
		if (strcmp(stats_td.out[i].kind, "error") == 0)
			break;
	ck_assert_int_lt(i, stats_td.nout);
	ck_assert_str_eq(td_str(&stats_td.out[i], "code"), "seat_held");
	ck_assert_ptr_nonnull(text = rm_text(&stats_td.out[i], NULL));
	ck_assert_msg(strstr(text, "kept for the players of the last game") !=
	    NULL, "%s", text);
	free(text);
	td_clear(&stats_td);
	ck_assert_int_eq(td_say(&stats_td, "u7", "/join 1"), 0);
	td_expect_error(&stats_td, "seat_held", "a seat kept, named");
	ck_assert_int_eq(rm_seated(lobby, "u7"), 0);
	/* The one it is kept for: in, as by the question's yes. */
	ck_assert_int_eq(td_say(&stats_td, "u1", "/join"), 0);
	td_drain(&stats_td);
	ck_assert_str_eq(td_info(&stats_td, lobby)->seats[1].user, "u1");
	ck_assert_int_eq(td_info(&stats_td, lobby)->state, SVC_LOBBY);
	ck_assert_int_eq(td_sql_int(&stats_td, "SELECT count(*) FROM "
	    "rematch_seats WHERE answer = 1"), 1);
	td_clear(&stats_td);
	snprintf(cmd, sizeof cmd, "rematch yes %lld", (long long)lobby);
	rm_press("u1", 1, "u1", old, cmd);
	ck_assert_str_eq(rm_answer(), "rematch_answered");
	td_clear(&stats_td);
	ck_assert_int_eq(td_say(&stats_td, "u2", "/join"), 0);
	ck_assert_int_eq(td_say(&stats_td, "u3", "/join"), 0);
	td_drain(&stats_td);
	ck_assert_int_eq(td_info(&stats_td, lobby)->state, SVC_PLAYING);
	for (i = 0; i < 4; i++) {
		snprintf(cmd, sizeof cmd, "u%d", i);
		ck_assert_str_eq(td_info(&stats_td, lobby)->seats[i].user, cmd);
	}
	ck_assert_int_eq(td_sql_int(&stats_td, "SELECT count(*) FROM "
	    "rematches"), 0);
	td_clear(&stats_td);
	snprintf(cmd, sizeof cmd, "rematch yes %lld", (long long)lobby);
	rm_press("u3", 1, "u3", old, cmd);
	ck_assert_str_eq(rm_answer(), "rematch_gone");
}
END_TEST

/*
 * An offer ends with its lobby however it goes: filled by its creator's
 * /ai all and a plain /start, or aborted; a late yes is answered as
 * over, and no row of the offer is left behind.
 */
START_TEST(test_rematch_ends)
{
	char	 cmd[48];
	int64_t	 old, lobby;

	old = rm_game("", 2);
	td_clear(&stats_td);
	ck_assert_int_eq(td_say(&stats_td, "u0", "/rematch"), 0);
	lobby = rm_lobby(old);
	ck_assert_int_eq(td_say(&stats_td, "u0", "/ai all"), 0);
	ck_assert_int_eq(td_say(&stats_td, "u0", "/start"), 0);
	td_drain(&stats_td);
	ck_assert_int_eq(td_info(&stats_td, lobby)->state, SVC_PLAYING);
	ck_assert_int_eq(td_sql_int(&stats_td, "SELECT count(*) FROM "
	    "rematches"), 0);
	ck_assert_int_eq(td_sql_int(&stats_td, "SELECT count(*) FROM "
	    "rematch_seats"), 0);
	td_clear(&stats_td);
	snprintf(cmd, sizeof cmd, "rematch yes %lld", (long long)lobby);
	rm_press("u1", 1, "u1", old, cmd);
	ck_assert_str_eq(rm_answer(), "rematch_gone");
	/* That game aborted, its own rematch offered, and aborted too. */
	snprintf(cmd, sizeof cmd, "/abort #%lld yes", (long long)lobby);
	ck_assert_int_eq(td_say(&stats_td, "u0", cmd), 0);
	td_drain(&stats_td);
	ck_assert_int_eq(td_info(&stats_td, lobby)->state, SVC_ABORTED);
	old = rm_game("", 2);
	td_clear(&stats_td);
	ck_assert_int_eq(td_say(&stats_td, "u0", "/rematch"), 0);
	lobby = rm_lobby(old);
	snprintf(cmd, sizeof cmd, "/abort #%lld yes", (long long)lobby);
	ck_assert_int_eq(td_say(&stats_td, "u0", cmd), 0);
	td_drain(&stats_td);
	ck_assert_int_eq(td_info(&stats_td, lobby)->state, SVC_ABORTED);
	ck_assert_int_eq(td_sql_int(&stats_td, "SELECT count(*) FROM "
	    "rematches"), 0);
	ck_assert_int_eq(td_sql_int(&stats_td, "SELECT count(*) FROM "
	    "rematch_seats"), 0);
}
END_TEST

/*
 * A day without everyone in: the lobby is closed and the group told
 * once, even across a restart and more timers; a late yes is answered.
 */
START_TEST(test_rematch_lapse)
{
	char	cmd[48];
	int64_t	old, lobby;

	old = rm_game("", 2);
	td_clear(&stats_td);
	ck_assert_int_eq(td_say(&stats_td, "u0", "/rematch"), 0);
	lobby = rm_lobby(old);
	td_drain(&stats_td);
	td_clear(&stats_td);
	stats_td.now += 86400 - 60;
	td_run_timers(&stats_td);
	td_drain(&stats_td);
	ck_assert_int_eq(td_info(&stats_td, lobby)->state, SVC_LOBBY);
	ck_assert_int_eq(rm_count("rematch", "g1", "lapsed"), 0);
	stats_td.now += 120;
	td_reopen(&stats_td);
	td_run_timers(&stats_td);
	td_drain(&stats_td);
	ck_assert_int_eq(td_info(&stats_td, lobby)->state, SVC_ABORTED);
	ck_assert_int_eq(rm_count("rematch", "g1", "lapsed"), 1);
	ck_assert_int_eq(td_sql_int(&stats_td, "SELECT count(*) FROM "
	    "rematches"), 0);
	stats_td.now += 86400;
	td_run_timers(&stats_td);
	td_drain(&stats_td);
	ck_assert_int_eq(rm_count("rematch", "g1", "lapsed"), 1);
	td_clear(&stats_td);
	snprintf(cmd, sizeof cmd, "rematch yes %lld", (long long)lobby);
	rm_press("u1", 1, "u1", old, cmd);
	ck_assert_str_eq(rm_answer(), "rematch_gone");
	/* The chat is free again: a new rematch may be offered. */
	td_clear(&stats_td);
	ck_assert_int_eq(td_say(&stats_td, "u1", "/rematch rotate"), 0);
	ck_assert_int_gt(td_game(&stats_td, "g1"), lobby);
}
END_TEST

/* A game in a private chat against AI players starts again at once. */
START_TEST(test_rematch_private)
{
	int64_t	old, id;
	int	steps;

	ck_assert_int_eq(td_event(&stats_td, "u0", 1, "u0", 0, "/new"), 0);
	ck_assert_int_eq(td_event(&stats_td, "u0", 1, "u0", 0, "/ai all"), 0);
	ck_assert_int_eq(td_event(&stats_td, "u0", 1, "u0", 0, "/start"), 0);
	old = td_game(&stats_td, "u0");
	for (steps = 0; steps < MAXSTEPS; steps++) {
		td_run_timers(&stats_td);
		if (td_info(&stats_td, old)->state != SVC_PLAYING)
			break;
		stats_td.now += 3;
		play_random(old, "u0");
		if (steps % 100 == 99) {
			td_drain(&stats_td);
			td_clear(&stats_td);
		}
	}
	ck_assert_int_eq(td_info(&stats_td, old)->state, SVC_OVER);
	td_drain(&stats_td);
	td_clear(&stats_td);
	rm_press("u0", 1, "u0", old, "rematch");
	id = td_game(&stats_td, "u0");
	ck_assert_int_gt(id, old);
	ck_assert_int_eq(td_info(&stats_td, id)->state, SVC_PLAYING);
	/* Answered at once, with nothing more to say. */
	ck_assert_str_eq(rm_answer(), "");
}
END_TEST

Suite *
suite_rematch(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("rematch");
	tc = tcase_create("rematch");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_rematch_four);
	tcase_add_test(tc, test_rematch_rotate);
	tcase_add_test(tc, test_rematch_ai);
	tcase_add_test(tc, test_rematch_left);
	tcase_add_test(tc, test_rematch_strangers);
	tcase_add_test(tc, test_rematch_kept);
	tcase_add_test(tc, test_rematch_ends);
	tcase_add_test(tc, test_rematch_lapse);
	tcase_add_test(tc, test_rematch_private);
	suite_add_tcase(s, tc);
	return (s);
}
