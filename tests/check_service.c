/*
 * check_service.c: the game service's lobby through svc_event(): opening
 * a game and its options, seats, teams, AI players, starting and
 * aborting and who may, languages, the other commands, the outbox calls
 * and button data.  Turns and whole games are in check_game.c.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_daemon.h"

/* /new opens a lobby with the defaults, the creator in seat 0. */
START_TEST(test_lobby_new)
{
	struct td_out	*o;
	struct svc_game	*g;
	int64_t		 id;

	ck_assert_int_eq(td_say(&fx, "u0", "/new"), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull((o = td_find(&fx, "lobby", "g1")));
	id = td_int(o, "game");
	ck_assert_int_gt(id, 0);
	ck_assert_str_eq(td_str(o, "lang"), "en");
	ck_assert_int_eq(td_game(&fx, "g1"), id);
	g = td_info(&fx, id);
	ck_assert_int_eq(g->state, SVC_LOBBY);
	ck_assert_int_eq(g->cfg.nseats, 4);
	ck_assert_int_eq(g->cfg.triples, 0);
	ck_assert_int_eq(g->cfg.master, 1);
	ck_assert_int_eq(g->cfg.names, TAC_NAMES_TAC);
	ck_assert_int_eq(g->deadline, 0);
	ck_assert_str_eq(g->creator, "u0");
	ck_assert_str_eq(g->seats[0].user, "u0");
	ck_assert_str_eq(g->seats[0].name, "Name-u0");
	ck_assert_str_eq(g->seats[1].user, "");
	ck_assert_str_eq(g->platform, "test");
	ck_assert_str_eq(g->chat, "g1");
	ck_assert_int_eq(svc_game_position(fx.svc, id, -1,
	    &(struct tac_state){ 0 }), -1);	/* no position in a lobby */
}
END_TEST

/* /new reads its options, with the bot's name after the command. */
START_TEST(test_lobby_new_options)
{
	struct tac_record	 rec;
	struct svc_game		*g;
	int64_t			 id;

	ck_assert_int_eq(td_say(&fx, "u0", "/new@TacBot 6 triples nomaster "
	    "taker deadline=2h seed=42"), 0);
	id = td_game(&fx, "g1");
	g = td_info(&fx, id);
	ck_assert_int_eq(g->cfg.nseats, 6);
	ck_assert_int_eq(g->cfg.triples, 1);
	ck_assert_int_eq(g->cfg.master, 0);
	ck_assert_int_eq(g->cfg.names, TAC_NAMES_TAKER);
	ck_assert_int_eq(g->deadline, 7200);
	ck_assert_int_eq(store_record(fx.store, id, &rec), 1);
	ck_assert(rec.seed == 42);
	tac_record_free(&rec);
}
END_TEST

/* Bad options, and a second game in a chat, are refused. */
START_TEST(test_lobby_new_refused)
{
	ck_assert_int_eq(td_say(&fx, "u0", "/new 5"), 0);
	td_expect_error(&fx, "bad_option", "5 players");
	ck_assert_int_eq(td_say(&fx, "u0", "/new 4 triples"), 0);
	td_expect_error(&fx, "bad_option", "4 triples");
	ck_assert_int_eq(td_say(&fx, "u0", "/new deadline=10x"), 0);
	td_expect_error(&fx, "bad_option", "deadline");
	ck_assert_int_eq(td_say(&fx, "u0", "/new deadline=31d"), 0);
	td_expect_error(&fx, "bad_option", "deadline too long");
	ck_assert_int_eq(td_say(&fx, "u0", "/new ai=3"), 0);
	td_expect_error(&fx, "bad_option", "AI level 3");
	ck_assert_int_eq(td_game(&fx, "g1"), 0);
	ck_assert_int_eq(td_say(&fx, "u0", "/new"), 0);
	ck_assert_int_eq(td_say(&fx, "u1", "/new"), 0);
	td_expect_error(&fx, "game_open", "second game");
	ck_assert_int_eq(td_event(&fx, "g2", 0, "u1", 0, "/new"), 0);
	ck_assert_int_ne(td_game(&fx, "g2"), td_game(&fx, "g1"));
}
END_TEST

/* Joining and leaving the lobby's seats. */
START_TEST(test_lobby_join_leave)
{
	int64_t	id;

	td_say(&fx, "u0", "/new");
	id = td_game(&fx, "g1");
	ck_assert_int_eq(td_say(&fx, "u1", "/join"), 0);
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "u1");
	td_say(&fx, "u1", "/join");
	td_expect_error(&fx, "already_seated", "join twice");
	td_say(&fx, "u2", "/join 1");
	td_expect_error(&fx, "seat_taken", "taken seat");
	td_say(&fx, "u2", "/join 9");
	td_expect_error(&fx, "bad_seat", "seat 9");
	ck_assert_int_eq(td_say(&fx, "u2", "/join 3"), 0);
	ck_assert_int_eq(td_say(&fx, "u3", "/join"), 0);
	ck_assert_str_eq(td_info(&fx, id)->seats[2].user, "u3");
	td_say(&fx, "u4", "/join");
	td_expect_error(&fx, "full", "full lobby");
	ck_assert_int_eq(td_say(&fx, "u2", "/leave yes"), 0);
	ck_assert_str_eq(td_info(&fx, id)->seats[3].user, "");
	td_say(&fx, "u2", "/leave yes");
	td_expect_error(&fx, "not_in_game", "leave twice");
	ck_assert_int_eq(td_say(&fx, "u4", "/join"), 0);
	ck_assert_str_eq(td_info(&fx, id)->seats[3].user, "u4");
	td_drain(&fx);
	ck_assert_int_ge(td_count(&fx, "lobby", "g1"), 1);
	ck_assert_int_eq(td_count(&fx, "error", NULL), 0);
}
END_TEST

/* /team moves a person to a free seat of the team asked for. */
START_TEST(test_lobby_team)
{
	int64_t	id;

	td_say(&fx, "u0", "/new");
	id = td_game(&fx, "g1");
	td_say(&fx, "u1", "/join");		/* seat 1: team 1 */
	ck_assert_int_eq(td_say(&fx, "u1", "/team 0"), 0);
	ck_assert_str_eq(td_info(&fx, id)->seats[2].user, "u1");
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "");
	td_say(&fx, "u1", "/team 0");
	td_expect_error(&fx, "same_team", "same team");
	td_say(&fx, "u1", "/team 2");
	td_expect_error(&fx, "bad_team", "team 2 of 2");
	td_say(&fx, "u2", "/join");		/* seat 1 */
	td_say(&fx, "u2", "/team 0");
	td_expect_error(&fx, "team_full", "team 0 full");
	td_say(&fx, "u9", "/team 1");
	td_expect_error(&fx, "not_in_game", "outsider");
}
END_TEST

/* AI players fill seats; outsiders cannot add them; people displace them. */
START_TEST(test_lobby_ai)
{
	int64_t	id;

	td_say(&fx, "u0", "/new");
	id = td_game(&fx, "g1");
	td_say(&fx, "u9", "/ai");
	td_expect_error(&fx, "not_in_game", "outsider adds an AI");
	ck_assert_int_eq(td_say(&fx, "u0", "/ai 2"), 0);
	ck_assert_int_eq(td_info(&fx, id)->seats[2].ai, 1);
	ck_assert_str_eq(td_info(&fx, id)->seats[2].name, "AI 2");
	td_say(&fx, "u0", "/ai 2");
	td_expect_error(&fx, "seat_taken", "AI on an AI");
	ck_assert_int_eq(td_event(&fx, "g1", 0, "admin", 1, "/ai all"), 0);
	ck_assert_int_eq(td_info(&fx, id)->seats[1].ai, 1);
	ck_assert_int_eq(td_info(&fx, id)->seats[3].ai, 1);
	td_say(&fx, "u0", "/ai");
	td_expect_error(&fx, "full", "no seat for an AI");
	/* No free seat: a person takes an AI's. */
	ck_assert_int_eq(td_say(&fx, "u5", "/join"), 0);
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "u5");
	ck_assert_int_eq(td_info(&fx, id)->seats[1].ai, 0);
	ck_assert_int_eq(td_say(&fx, "u6", "/join 3"), 0);
	ck_assert_str_eq(td_info(&fx, id)->seats[3].user, "u6");
	/* ai=2: the lobby's AI players, and later ones, search. */
	ck_assert_int_eq(td_info(&fx, id)->ai, 1);
	ck_assert_int_eq(td_say(&fx, "u0", "/options ai=2"), 0);
	ck_assert_int_eq(td_info(&fx, id)->ai, 2);
	ck_assert_int_eq(td_info(&fx, id)->seats[2].ai, 2);
	ck_assert_int_eq(td_say(&fx, "u6", "/leave yes"), 0);
	ck_assert_int_eq(td_say(&fx, "u0", "/ai 3"), 0);
	ck_assert_int_eq(td_info(&fx, id)->seats[3].ai, 2);
}
END_TEST

/* Only the creator or an admin starts, and only a full lobby. */
START_TEST(test_lobby_start)
{
	struct td_out	*o;
	struct svc_game	*g;
	int64_t		 id;
	int		 s;

	td_say(&fx, "u0", "/new");
	id = td_game(&fx, "g1");
	td_say(&fx, "u1", "/join");
	td_say(&fx, "u0", "/start");
	td_expect_error(&fx, "seats_free", "free seats");
	td_say(&fx, "u2", "/join");
	td_say(&fx, "u3", "/join");
	td_say(&fx, "u1", "/start");
	td_expect_error(&fx, "not_creator", "a player starts");
	/* Another chat's admin: there is no such game to them. */
	td_event(&fx, "g2", 0, "x", 1, "/start #1");
	td_expect_error(&fx, "no_game", "foreign admin");
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_LOBBY);
	ck_assert_int_eq(td_event(&fx, "g1", 0, "boss", 1, "/start"), 0);
	g = td_info(&fx, id);
	ck_assert_int_eq(g->state, SVC_PLAYING);
	ck_assert_int_eq(g->turn_no, 0);
	ck_assert_int_ge(g->actor, 0);
	ck_assert_int_eq(g->due, 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(td_find(&fx, "board", "g1"));
	/*
	 * The exchange at once (D7): everyone gets their turn message, with
	 * their cards, together; no "hand" message says the same before it.
	 */
	for (s = 0; s < 4; s++) {
		char	chat[8];

		snprintf(chat, sizeof chat, "u%d", s);
		ck_assert_int_eq(td_count(&fx, "hand", chat), 0);
		ck_assert_int_eq(td_count(&fx, "turn", chat), 1);
		ck_assert_ptr_nonnull((o = td_find(&fx, "turn", chat)));
		ck_assert_int_eq(td_int(o, "seat"), s);
		ck_assert_int_eq(td_int(o, "turn"), 0);
	}
	td_clear(&fx);
	td_say(&fx, "u0", "/start");
	td_expect_error(&fx, "not_lobby", "start twice");
}
END_TEST

/* /abort: the creator or this chat's admin, nobody else. */
START_TEST(test_lobby_abort)
{
	int64_t	id;

	id = td_lobby4(&fx, "g1", "");
	td_say(&fx, "u1", "/abort");
	td_expect_error(&fx, "not_creator", "a player aborts");
	td_event(&fx, "g2", 0, "x", 1, "/abort #1");
	td_expect_error(&fx, "no_game", "foreign admin aborts");
	ck_assert_int_eq(td_event(&fx, "g1", 0, "boss", 1, "/abort yes"), 0);
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_ABORTED);
	ck_assert_int_eq(td_info(&fx, id)->actor, -1);
	ck_assert_int_eq(svc_next_timer(fx.svc), -1);
	td_drain(&fx);
	ck_assert_ptr_nonnull(td_find(&fx, "aborted", "g1"));
	td_clear(&fx);
	td_say(&fx, "u0", "/abort #1");
	td_expect_error(&fx, "game_over", "abort twice");
	ck_assert_int_eq(td_game(&fx, "g1"), 0);
	ck_assert_int_eq(td_say(&fx, "u2", "/new"), 0);
	ck_assert_int_gt(td_game(&fx, "g1"), id);
}
END_TEST

/*
 * /abort and /leave ask first: a "confirm" row with the state asked in
 * and who asked; an answer in another state is out of date, one to
 * someone else's question is refused, "no" changes nothing.
 */
START_TEST(test_lobby_confirm)
{
	struct td_out	*o;
	int64_t		 id;

	td_say(&fx, "u0", "/new");
	id = td_game(&fx, "g1");
	td_say(&fx, "u1", "/join");
	td_drain(&fx);
	td_clear(&fx);
	ck_assert_int_eq(td_say(&fx, "u0", "/abort"), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(o = td_find(&fx, "confirm", "g1"));
	ck_assert_str_eq(td_str(o, "what"), "abort");
	ck_assert_int_eq(td_int(o, "state"), SVC_LOBBY);
	ck_assert_str_eq(td_str(o, "user"), "u0");
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_LOBBY);
	td_clear(&fx);
	/* A question of the lobby, answered once the game runs. */
	td_say(&fx, "u0", "/abort yes 1");
	td_expect_error(&fx, "stale", "an answer out of date");
	ck_assert_int_eq(td_say(&fx, "u0", "/abort no 0"), 0);
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_LOBBY);
	td_say(&fx, "u0", "/abort maybe");
	td_expect_error(&fx, "usage", "neither yes nor no");
	/* Only who asked answers a /leave. */
	ck_assert_int_eq(td_say(&fx, "u1", "/leave"), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(o = td_find(&fx, "confirm", "g1"));
	ck_assert_str_eq(td_str(o, "what"), "leave");
	td_clear(&fx);
	td_say(&fx, "u0", "/leave yes 0 u1");
	td_expect_error(&fx, "not_yours", "someone else's question");
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "u1");
	ck_assert_int_eq(td_say(&fx, "u1", "/leave yes 0 u1"), 0);
	ck_assert_str_eq(td_info(&fx, id)->seats[1].user, "");
	ck_assert_int_eq(td_say(&fx, "u0", "/abort yes 0"), 0);
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_ABORTED);
}
END_TEST

/*
 * A typed answer in the chat's language: "/abort нет" and "/abort ДА" in
 * a Russian chat, as its question tells them; another language's word
 * there is no answer.
 */
START_TEST(test_lobby_answer_words)
{
	int64_t	id;

	ck_assert_int_eq(td_event(&fx, "g1", 0, "u0", 1, "/lang ru"), 0);
	td_say(&fx, "u0", "/new");
	id = td_game(&fx, "g1");
	ck_assert_int_eq(td_say(&fx, "u0", "/abort нет"), 0);
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_LOBBY);
	td_clear(&fx);
	td_say(&fx, "u0", "/abort ja");
	td_expect_error(&fx, "usage", "German in a Russian chat");
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_LOBBY);
	ck_assert_int_eq(td_say(&fx, "u0", "/abort ДА"), 0);
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_ABORTED);
}
END_TEST

/* A leaving creator hands the lobby on; the last person closes it. */
START_TEST(test_lobby_creator_leaves)
{
	int64_t	id;

	td_say(&fx, "u0", "/new");
	id = td_game(&fx, "g1");
	td_say(&fx, "u1", "/join");
	ck_assert_int_eq(td_say(&fx, "u0", "/leave yes"), 0);
	ck_assert_str_eq(td_info(&fx, id)->creator, "u1");
	td_say(&fx, "u2", "/join");
	td_say(&fx, "u2", "/start");
	td_expect_error(&fx, "not_creator", "not the new creator");
	ck_assert_int_eq(td_say(&fx, "u2", "/leave yes"), 0);
	ck_assert_int_eq(td_say(&fx, "u1", "/leave yes"), 0);
	ck_assert_int_eq(td_info(&fx, id)->state, SVC_ABORTED);
	ck_assert_int_eq(td_game(&fx, "g1"), 0);
}
END_TEST

/* The creator changes options in the lobby; taken seats stay. */
START_TEST(test_lobby_options)
{
	int64_t	id;

	td_say(&fx, "u0", "/new");
	id = td_game(&fx, "g1");
	ck_assert_int_eq(td_say(&fx, "u0", "/options 6 triples deadline=3d"),
	    0);
	ck_assert_int_eq(td_info(&fx, id)->cfg.nseats, 6);
	ck_assert_int_eq(td_info(&fx, id)->cfg.triples, 1);
	ck_assert_int_eq(td_info(&fx, id)->deadline, 3 * 86400);
	td_say(&fx, "u1", "/join 5");
	td_say(&fx, "u0", "/options 4");
	td_expect_error(&fx, "seat_taken", "seat 5 taken");
	td_say(&fx, "u1", "/options 4");
	td_expect_error(&fx, "not_creator", "player changes options");
	td_say(&fx, "u1", "/leave yes");
	ck_assert_int_eq(td_say(&fx, "u0", "/options 4"), 0);
	ck_assert_int_eq(td_info(&fx, id)->cfg.nseats, 4);
	ck_assert_int_eq(td_info(&fx, id)->cfg.triples, 0);
	ck_assert_int_eq(td_say(&fx, "u1", "/options"), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(td_find(&fx, "options", "g1"));
}
END_TEST

/* /lang sets the chat's language, or in private the person's. */
START_TEST(test_lang)
{
	struct td_out	*o;
	int64_t		 id;

	ck_assert_int_eq(td_say(&fx, "u0", "/lang ru"), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull((o = td_find(&fx, "info", "g1")));
	ck_assert_str_eq(td_str(o, "lang"), "ru");
	td_clear(&fx);
	td_say(&fx, "u0", "/lang xx");
	td_expect_error(&fx, "bad_lang", "unknown language");
	ck_assert_int_eq(td_event(&fx, "u1", 1, "u1", 0, "/lang ru"), 0);
	id = td_lobby4(&fx, "g1", "");
	ck_assert_str_eq(td_info(&fx, id)->lang, "ru");
	td_drain(&fx);
	ck_assert_str_eq(td_str(td_find(&fx, "lobby", "g1"), "lang"), "ru");
	ck_assert_str_eq(td_str(td_find(&fx, "turn", "u1"), "lang"), "ru");
	ck_assert_str_eq(td_str(td_find(&fx, "turn", "u2"), "lang"), "en");
}
END_TEST

/* Unknown commands are refused; chatter is ignored; help and rules. */
START_TEST(test_commands_misc)
{
	ck_assert_int_eq(td_say(&fx, "u0", "/frobnicate"), 0);
	td_expect_error(&fx, "unknown_command", "unknown command");
	ck_assert_int_eq(td_say(&fx, "u0", "nice weather today"), 0);
	ck_assert_int_eq(td_drain(&fx), 0);
	ck_assert_int_eq(td_say(&fx, "u0", "/help"), 0);
	ck_assert_int_eq(td_say(&fx, "u0", "/rules@TacBot"), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(td_find(&fx, "help", "g1"));
	ck_assert_ptr_nonnull(td_find(&fx, "rules", "g1"));
	td_clear(&fx);
	ck_assert_int_eq(td_event(&fx, "u0", 1, "u0", 0, "/start"), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(td_find(&fx, "help", "u0"));	/* hello */
	td_clear(&fx);
	td_say(&fx, "u0", "/play 5 1>6");
	td_expect_error(&fx, "no_game", "play without a game");
	td_say(&fx, "u0", "/board");
	td_expect_error(&fx, "no_game", "board without a game");
}
END_TEST

/*
 * The outbox through the service: a chat's queue taken a message at a
 * time, retried later, deferred, dropped, done, each once; a queue is
 * not handed out twice while its head is out; answers go without order.
 */
START_TEST(test_outbox_api)
{
	struct svc_batch	*b, *c;

	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	ck_assert_ptr_nonnull(c = calloc(1, sizeof *c));
	td_say(&fx, "u0", "/new");
	td_say(&fx, "u0", "/help");
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", "g1", b), 1);
	ck_assert_int_eq(b->n, 1);
	ck_assert_str_eq(b->row[0].kind, "lobby");
	ck_assert_str_eq(b->row[0].chat, "g1");
	/* Out: the chat's queue is not handed out again meanwhile. */
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", "g1", c), 0);
	ck_assert_int_eq(c->due, 0);
	ck_assert_int_eq(svc_outbox_finish(fx.svc, b, SVC_RETRY, fx.now + 60,
	    NULL), 0);
	ck_assert_int_eq(b->n, 0);
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", "g1", b), 0);
	ck_assert_int_eq(b->due, fx.now + 60);
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", NULL, b), 0);
	ck_assert_int_eq(svc_outbox_take(fx.svc, "other", NULL, b), 0);
	fx.now += 60;
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", NULL, b), 1);
	ck_assert_str_eq(b->row[0].kind, "lobby");
	ck_assert_int_eq(b->row[0].attempts, 1);
	/* Deferred: no attempt counted. */
	ck_assert_int_eq(svc_outbox_finish(fx.svc, b, SVC_DEFER, fx.now,
	    NULL), 0);
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", "g1", b), 1);
	ck_assert_int_eq(b->row[0].attempts, 1);
	ck_assert_int_eq(svc_outbox_finish(fx.svc, b, SVC_DROP, 0, NULL), 0);
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", "g1", b), 1);
	ck_assert_str_eq(b->row[0].kind, "help");
	/* Given back as it is: taken again. */
	svc_batch_free(fx.svc, b);
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", "g1", b), 1);
	ck_assert_str_eq(b->row[0].kind, "help");
	ck_assert_int_eq(svc_outbox_finish(fx.svc, b, SVC_DONE, 0, "42"), 0);
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", "g1", b), 0);
	ck_assert_int_eq(b->due, 0);
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", NULL, b), 0);
	/* An empty batch is no batch. */
	ck_assert_int_eq(svc_outbox_finish(fx.svc, b, SVC_DONE, 0, NULL), -1);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM outbox WHERE "
	    "message = '42' AND sent = 1"), 1);
	free(b);
	free(c);
}
END_TEST

/* Old update ids and delivered rows are pruned; old ids stay seen. */
START_TEST(test_housekeeping)
{
	int	i;

	for (i = 0; i < 5; i++)
		ck_assert_int_eq(td_say(&fx, "u0", "/help"), 0);
	td_drain(&fx);
	ck_assert_int_eq(td_say(&fx, "u0", "/rules"), 0);	/* pending */
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM updates"), 6);
	fx.now += 3 * 86400;
	ck_assert_int_eq(td_say(&fx, "u0", "/help"), 0);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM updates"), 1);
	/* Delivered rows went; the undelivered one waits still. */
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM outbox"), 2);
	fx.update = 3;
	ck_assert_int_eq(td_say(&fx, "u0", "/help"), 0);	/* seen */
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM outbox"), 2);
	ck_assert_int_eq(svc_update_offset(fx.svc, "test"), 7);
}
END_TEST

/* Button data: "GAME:TURN:TEXT", at most 64 bytes. */
START_TEST(test_button_data)
{
	char	buf[128];

	ck_assert_int_eq(svc_button_data(buf, sizeof buf, 12, 34,
	    "/play 5 1>6"), 16);
	ck_assert_str_eq(buf, "12:34:play 5 1>6");
	ck_assert_int_eq(svc_button_data(buf, sizeof buf, 7, -1, "join"), 7);
	ck_assert_str_eq(buf, "7::join");
	ck_assert_int_eq(svc_button_data(buf, sizeof buf, 7, 10000,
	    "play 7 1>2 3>4 5>6 7>8 9>10 11>12 13>14 15>16 17>18 19>20"),
	    -1);
	ck_assert_int_eq(svc_button_data(buf, 5, 7, 1, "join"), -1);
}
END_TEST

/* The service's lobby suite. */
Suite *
suite_service(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("service");
	tc = tcase_create("lobby");
	tcase_add_checked_fixture(tc, fx_setup, fx_teardown);
	tcase_add_test(tc, test_lobby_new);
	tcase_add_test(tc, test_lobby_new_options);
	tcase_add_test(tc, test_lobby_new_refused);
	tcase_add_test(tc, test_lobby_join_leave);
	tcase_add_test(tc, test_lobby_team);
	tcase_add_test(tc, test_lobby_ai);
	tcase_add_test(tc, test_lobby_start);
	tcase_add_test(tc, test_lobby_abort);
	tcase_add_test(tc, test_lobby_confirm);
	tcase_add_test(tc, test_lobby_answer_words);
	tcase_add_test(tc, test_lobby_creator_leaves);
	tcase_add_test(tc, test_lobby_options);
	tcase_add_test(tc, test_lang);
	tcase_add_test(tc, test_commands_misc);
	tcase_add_test(tc, test_outbox_api);
	tcase_add_test(tc, test_button_data);
	tcase_add_test(tc, test_housekeeping);
	suite_add_tcase(s, tc);
	return (s);
}
