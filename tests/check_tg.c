/*
 * check_tg.c: the Telegram bridge's own logic without a network: the
 * keyboards (bot/telegram/tg-keys.c; the labels' words are
 * check_words.c's), the calls outbox rows become (bot/telegram/tg-out.c:
 * edits of the lobby and board messages, merged notices, menus), the
 * update parser's admin and migration cases, a whole turn played by
 * pressing the menu's buttons through the service, one read of the game
 * per message; the board as a photo or as text is in check_tg_photo.c,
 * the harness in check_tg_harness.c.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>
#include <sqlite3.h>

#include "check_tg.h"
#include "config.h"
#include "i18n.h"
#include "store.h"
#include "tg-int.h"
#include "tg-keys.h"
#include "utf8.h"
#include "xmalloc.h"

/* The person whose turn it is in game 1 plays their first legal action. */
static void
tt_play_first(struct tt *t)
{
	struct tac_list		*l;
	struct tac_state	 st;
	struct svc_game		 g;
	char			 act[160], cmd[200];

	ck_assert_int_eq(svc_game_info(t->svc, 1, &g), 1);
	if (g.state != SVC_PLAYING || g.actor < 0 || g.seats[g.actor].ai != 0)
		return;
	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	ck_assert_int_eq(svc_game_position(t->svc, 1, -1, &st), 0);
	ck_assert_int_gt(tac_legal(&st, l), 0);
	tac_action_format(&l->a[0], act, sizeof act);
	snprintf(cmd, sizeof cmd, "/play %s", act);
	tt_say(t, g.seats[g.actor].user, g.seats[g.actor].user, cmd);
	free(l);
}

/* A keyboard of compose's as reply_markup, in params (no links). */
static json_t *
tt_markup(struct compose_keys *k)
{
	json_t	*p;

	p = json_pack("{s:o}", "reply_markup", tg_keys_json(k, NULL));
	compose_keys_free(k);
	return (p);
}

/* The lobby's keyboard: team buttons only for teams with a free seat. */
START_TEST(test_lobby_keys)
{
	struct compose_keys	 k = { NULL, 0, 0, 0 };
	struct svc_game		 g;
	struct tg_req		 r;
	int64_t			 game, turn;
	char			 text[64];

	memset(&g, 0, sizeof g);
	memset(&r, 0, sizeof r);
	g.id = 7;
	g.state = SVC_LOBBY;
	g.cfg.nseats = 4;
	snprintf(g.seats[0].user, sizeof g.seats[0].user, "1");
	snprintf(g.seats[2].user, sizeof g.seats[2].user, "2");
	compose_keys_lobby(&g, "en", "K7abcdefghijklmnopqrst", &k);
	/*
	 * In a group, Join opens the private chat: "/start jKEY" there, the
	 * game's key and never its number.
	 */
	ck_assert_uint_gt(k.n, 0);
	ck_assert_str_eq(k.k[0].label, "Join");
	ck_assert_int_eq(k.k[0].link, COMPOSE_LINK_START);
	ck_assert_str_eq(k.k[0].data, "jK7abcdefghijklmnopqrst");
	r.params = tt_markup(&k);
	ck_assert_str_eq(tt_button(&r, "Add AI"), "7::ai");
	ck_assert_str_eq(tt_button(&r, "Start"), "7::start");
	ck_assert_str_eq(tt_button(&r, "Cancel"), "7::abort");
	ck_assert_str_eq(tt_button(&r, "Options"), "7::options");
	/* Seats 0 and 2 (team 0) are taken: only team 1 is offered. */
	ck_assert_ptr_null(tt_button(&r, "Team Red+Green"));
	ck_assert_str_eq(tt_button(&r, "Team Blue+Yellow"), "7::team 1");
	ck_assert_int_eq(svc_button_parse(tt_button(&r, "Team Blue+Yellow"),
	    &game, &turn, text, sizeof text), 0);
	ck_assert_int_eq(game, 7);
	ck_assert_int_eq(turn, -1);
	ck_assert_str_eq(text, "team 1");
	json_decref(r.params);

	/* Russian labels, a private chat's Join a press; a game that
	   started has no buttons. */
	g.private = 1;
	compose_keys_lobby(&g, "ru", "K7abcdefghijklmnopqrst", &k);
	r.params = tt_markup(&k);
	ck_assert_str_eq(tt_button(&r, "Сесть за стол"), "7::join");
	json_decref(r.params);
	g.private = 0;
	g.state = SVC_PLAYING;
	compose_keys_lobby(&g, "en", "K7abcdefghijklmnopqrst", &k);
	r.params = tt_markup(&k);
	ck_assert_int_eq(tt_nbuttons(&r), 0);
	json_decref(r.params);

	/* Options: the current choices ticked. */
	g.state = SVC_LOBBY;
	g.cfg.nseats = 6;
	g.cfg.triples = 1;
	g.deadline = 7200;
	compose_keys_options(&g, "en", &k);
	r.params = tt_markup(&k);
	ck_assert_str_eq(tt_button(&r, "\xe2\x9c\x93 6 players"),
	    "7::options 6");
	ck_assert_str_eq(tt_button(&r, "4 players"), "7::options 4");
	ck_assert_str_eq(tt_button(&r, "\xe2\x9c\x93 two teams of three"),
	    "7::options triples");
	ck_assert_str_eq(tt_button(&r, "\xe2\x9c\x93 2 h"),
	    "7::options deadline=2h");
	ck_assert_str_eq(tt_button(&r, "AI strong"), "7::options ai=2");
	ck_assert_str_eq(tt_button(&r, "Done"), "7::options done");
	json_decref(r.params);
}
END_TEST

/* The title the store keeps for a chat ("" if none). */
static const char *
tt_title(struct tt *t, const char *chat)
{
	static char	 title[UTF8_NAMEMAX];
	sqlite3_stmt	*st;

	title[0] = '\0';
	ck_assert_int_eq(sqlite3_prepare_v2(store_db(t->store), "SELECT title "
	    "FROM chats WHERE pid = ?1", -1, &st, NULL), SQLITE_OK);
	sqlite3_bind_text(st, 1, chat, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		snprintf(title, sizeof title, "%s",
		    (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return (title);
}

/* Updates: an anonymous admin, a known admin, a migration, a bare press. */
START_TEST(test_update_admin)
{
	struct tt		 t;
	struct tg_update	*u;
	struct tg_chat		*c;
	const char		*anon = "{\"update_id\": 5, \"message\": "
	    "{\"from\": {\"id\": 1087968824, \"first_name\": \"Group\"}, "
	    "\"sender_chat\": {\"id\": -100, \"type\": \"group\"}, "
	    "\"chat\": {\"id\": -100, \"type\": \"group\"}, \"text\": "
	    "\"/abort\"}}";
	const char		*other = "{\"update_id\": 6, \"message\": "
	    "{\"from\": {\"id\": 1087968824, \"first_name\": \"Group\"}, "
	    "\"sender_chat\": {\"id\": -200, \"type\": \"channel\"}, "
	    "\"chat\": {\"id\": -100, \"type\": \"group\"}, \"text\": "
	    "\"/abort\"}}";
	const char		*mig = "{\"update_id\": 7, \"message\": "
	    "{\"from\": {\"id\": 3, \"first_name\": \"C\"}, \"chat\": "
	    "{\"id\": -100, \"type\": \"group\"}, \"migrate_to_chat_id\": "
	    "-1009}}";
	const char		*bare = "{\"update_id\": 8, \"callback_query\": "
	    "{\"id\": \"q8\", \"data\": \"1::join\"}}";
	const char		*group = "{\"update_id\": 9, \"message\": "
	    "{\"from\": {\"id\": 42, \"first_name\": \"Ann\"}, \"chat\": "
	    "{\"id\": -100, \"type\": \"group\", \"title\": \"Club\"}, "
	    "\"text\": \"/abort\"}}";

	u = malloc(sizeof *u);
	ck_assert(u != NULL);
	ck_assert_int_eq(tg_update_parse(anon, strlen(anon), NULL, u), 1);
	ck_assert_int_eq(u->ev.admin, 1);
	ck_assert_int_eq(tg_update_parse(other, strlen(other), NULL, u), 1);
	ck_assert_int_eq(u->ev.admin, 0);
	ck_assert_int_eq(tg_update_parse(mig, strlen(mig), NULL, u), 0);
	ck_assert_str_eq(u->migrate, "-1009");
	ck_assert_ptr_null(u->ev.text);
	ck_assert_int_eq(tg_update_parse(bare, strlen(bare), NULL, u), 0);
	ck_assert_str_eq(u->callback, "q8");
	ck_assert_ptr_null(u->ev.data);

	/* The admin list, as getChatAdministrators gave it, marks admins. */
	tt_open(&t);
	c = tg_chat_get(t.tg, "-100", tg_now());
	c->admins = calloc(1, sizeof *c->admins);
	ck_assert_ptr_nonnull(c->admins);
	c->admins[0] = 42;
	c->nadmins = 1;
	c->fetched = tg_now();
	ck_assert_int_eq(tg_update_parse(group, strlen(group), NULL, u), 1);
	ck_assert_int_eq(u->ev.admin, 0);
	tg_admin_see(t.tg, u);
	ck_assert_int_eq(u->ev.admin, 1);
	/* The group's title is kept by the service, with the chat. */
	ck_assert_int_eq(tg_feed(t.tg, u), 0);
	ck_assert_str_eq(tt_title(&t, "-100"), "Club");
	tt_close(&t);
	free(u);
}
END_TEST

/*
 * Names as long as Telegram allows (64 characters of first and of last
 * name, of two bytes each here) are the person's name, never their id;
 * the texts show them shortened with an ellipsis.
 */
START_TEST(test_long_names)
{
	struct tt		 t;
	struct tg_update	*u;
	struct tg_req		*r;
	char			 first[129], last[129], json[1024], want[64];
	const char		*text;
	int			 i;

	for (i = 0; i < 64; i++) {
		memcpy(first + 2 * i, "\xc3\xa9", 2);	/* é */
		memcpy(last + 2 * i, "\xd0\x96", 2);	/* Ж */
	}
	first[128] = last[128] = '\0';
	snprintf(json, sizeof json, "{\"update_id\": 3, \"message\": "
	    "{\"from\": {\"id\": 77, \"first_name\": \"%s\", "
	    "\"last_name\": \"%s\"}, \"chat\": {\"id\": -100, "
	    "\"type\": \"group\"}, \"text\": \"/new\"}}", first, last);
	ck_assert_ptr_nonnull(u = malloc(sizeof *u));
	ck_assert_int_eq(tg_update_parse(json, strlen(json), NULL, u), 1);
	ck_assert_uint_eq(strlen(u->name), 128 + 1 + 128);
	ck_assert_int_eq(strncmp(u->name, first, 128), 0);
	ck_assert_str_eq(u->name + 129, last);
	/* 32 two-byte characters: 64 bytes, the size that was refused. */
	first[64] = '\0';
	snprintf(json, sizeof json, "{\"update_id\": 4, \"message\": "
	    "{\"from\": {\"id\": 78, \"first_name\": \"%s\"}, "
	    "\"chat\": {\"id\": 78, \"type\": \"private\"}, "
	    "\"text\": \"/help\"}}", first);
	ck_assert_int_eq(tg_update_parse(json, strlen(json), NULL, u), 1);
	ck_assert_str_eq(u->name, first);
	free(u);

	/* Through the service: the lobby names them, shortened. */
	tt_open(&t);
	for (i = 0; i < 64; i++)
		memcpy(first + 2 * i, "\xc3\xa9", 2);
	first[128] = '\0';
	snprintf(json, sizeof json, "{\"update_id\": %lld, \"message\": "
	    "{\"from\": {\"id\": 77, \"first_name\": \"%s\", "
	    "\"last_name\": \"%s\"}, \"chat\": {\"id\": -100, "
	    "\"type\": \"group\"}, \"text\": \"/new\"}}",
	    (long long)t.update++, first, last);
	tt_update(&t, json);
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "lobby", "-100"));
	text = json_string_value(json_object_get(r->params, "text"));
	memcpy(want, first, 46);			/* 23 characters */
	memcpy(want + 46, "\xe2\x80\xa6", 4);	/* and "..." */
	ck_assert_msg(strstr(text, want) != NULL, "%s", text);
	ck_assert_ptr_null(strstr(text, "77"));
	tt_close(&t);
}
END_TEST

/*
 * A lobby through its buttons: the lobby message is posted once and
 * edited after; the game's start takes its buttons away (the first board
 * asks for that edit) and posts the board.
 */
START_TEST(test_lobby_flow)
{
	struct tt	 t;
	struct tg_req	*r;
	const char	*d;
	char		 key[SVC_KEY_MAX], link[128];
	int64_t		 lobby;
	int		 i;

	tt_open(&t);
	tt_say(&t, "-100", "1", "/new");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "lobby", "-100"));
	ck_assert_str_eq(r->method, "sendMessage");
	ck_assert_ptr_null(r->fallback);
	ck_assert_int_eq(svc_game_key(t.svc, 1, key), 1);
	snprintf(link, sizeof link, "https://t.me/TacTestBot?start=j%s", key);
	ck_assert_str_eq(tt_url(r, "Join"), link);
	lobby = t.nextmsg - 1;

	/*
	 * Join's link opens P2's private chat, which seats them there once
	 * Telegram says they are in the group (getChatMember).
	 */
	snprintf(link, sizeof link, "/start j%s", key);
	tt_say(&t, "2", "2", link);
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "info", "2"));
	ck_assert_ptr_nonnull(r = tt_find(&t, "lobby", "-100"));
	ck_assert_str_eq(r->method, "editMessageText");
	ck_assert_int_eq(json_integer_value(json_object_get(r->params,
	    "message_id")), lobby);
	ck_assert_ptr_nonnull(r->fallback);
	ck_assert_ptr_null(json_object_get(r->fallback, "message_id"));
	ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(
	    r->params, "text")), "P2"));
	/* Anna in seat 0, P2 in seat 1: both teams still have a seat. */
	ck_assert_ptr_nonnull(tt_button(r, "Team Red+Green"));
	ck_assert_ptr_nonnull(tt_button(r, "Team Blue+Yellow"));

	for (i = 0; i < 2; i++) {
		tt_press(&t, "-100", "1", lobby, 0, "1::ai");
		tt_drain(&t);
	}
	ck_assert_ptr_nonnull(r = tt_find(&t, "lobby", "-100"));
	ck_assert_ptr_null(tt_button(r, "Team Red+Green"));
	ck_assert_ptr_null(tt_button(r, "Team Blue+Yellow"));

	/*
	 * Options: the lobby message turns into them, with headings, and
	 * an option pressed edits them there; Done brings the lobby back.
	 * Someone else cannot open them there.
	 */
	tt_press(&t, "-100", "2", lobby, 0, "1::options");
	tt_drain(&t);
	ck_assert_ptr_null(tt_find(&t, "options", "-100"));
	tt_press(&t, "-100", "1", lobby, 0, "1::options");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "options", "-100"));
	ck_assert_str_eq(r->method, "editMessageText");
	ck_assert_int_eq(json_integer_value(json_object_get(r->params,
	    "message_id")), lobby);
	ck_assert_ptr_nonnull(strstr(tt_words(r), "\nPlayers: 4\n"));
	ck_assert_ptr_nonnull(strstr(tt_words(r), "\nAI players: quick\n"));
	ck_assert_ptr_nonnull(d = tt_button(r, "AI strong"));
	ck_assert_str_eq(d, "1::options ai=2");
	ck_assert_ptr_nonnull(tt_button(r, "Done"));
	tt_press(&t, "-100", "1", lobby, 0, d);
	tt_drain(&t);
	ck_assert_ptr_null(tt_find(&t, "lobby", "-100"));
	ck_assert_ptr_nonnull(r = tt_find(&t, "options", "-100"));
	ck_assert_int_eq(json_integer_value(json_object_get(r->params,
	    "message_id")), lobby);
	ck_assert_ptr_nonnull(strstr(tt_words(r), "AI players: strong"));
	ck_assert_ptr_nonnull(tt_button(r, "\xe2\x9c\x93 AI strong"));
	tt_press(&t, "-100", "1", lobby, 0, tt_button(r, "Done"));
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "options", "-100"));
	ck_assert_int_eq(json_integer_value(json_object_get(r->params,
	    "message_id")), lobby);
	ck_assert_ptr_nonnull(tt_button(r, "Start"));
	ck_assert_ptr_nonnull(strstr(tt_words(r), "Every seat is taken"));

	/* Cancel asks there too; No brings the lobby back. */
	tt_press(&t, "-100", "1", lobby, 0, "1::abort");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "confirm", "-100"));
	ck_assert_int_eq(json_integer_value(json_object_get(r->params,
	    "message_id")), lobby);
	ck_assert_str_eq(tt_button(r, "Yes, end it"), "1::abort yes 0");
	ck_assert_ptr_nonnull(d = tt_button(r, "No"));
	tt_press(&t, "-100", "1", lobby, 0, d);
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "lobby", "-100"));
	ck_assert_int_eq(json_integer_value(json_object_get(r->params,
	    "message_id")), lobby);
	ck_assert_ptr_nonnull(tt_button(r, "Start"));

	tt_press(&t, "-100", "1", lobby, 0, "1::start");
	tt_drain(&t);
	/* The default style: the board is a photo. */
	ck_assert_ptr_nonnull(r = tt_find(&t, "board", "-100"));
	ck_assert_str_eq(r->method, "sendPhoto");
	ck_assert_str_eq(r->file, "photo");
	ck_assert_ptr_nonnull(r->png);	/* its checks: check_tg_photo.c */
	/* The edit that follows the first board: the lobby, no buttons. */
	ck_assert_int_gt(tt_index(&t, "edit-lobby", "-100"), tt_index(&t,
	    "board", "-100"));
	ck_assert_ptr_nonnull(r = tt_find(&t, "edit-lobby", "-100"));
	ck_assert_str_eq(r->method, "editMessageText");
	ck_assert_int_eq(json_integer_value(json_object_get(r->params,
	    "message_id")), lobby);
	ck_assert_ptr_null(r->fallback);	/* a lobby is not posted anew */
	ck_assert_int_eq(tt_nbuttons(r), 0);
	ck_assert_ptr_nonnull(json_object_get(r->params, "reply_markup"));
	ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(
	    r->params, "text")), "has started"));
	tt_close(&t);
}
END_TEST

/*
 * A "played" call: an edit of its person's turn message (msg: person
 * "1"'s, person "2"'s) showing the action without buttons; no fallback.
 */
static int
tt_played(const struct tg_req *r, const int64_t *msg)
{
	json_t		*m = json_object_get(r->params, "reply_markup");
	const char	*text;
	int64_t		 id;

	/* Still headed by the group's title, as the turn message was. */
	text = tt_headed(tt_words(r), "Friday TAC");
	id = json_integer_value(json_object_get(r->params, "message_id"));
	ck_assert_msg(strcmp(r->method, "editMessageText") == 0 ||
	    strcmp(r->method, "editMessageCaption") == 0, "%s", r->method);
	ck_assert_int_eq(id, msg[strcmp(json_string_value(json_object_get(
	    r->params, "chat_id")), "1") == 0 ? 0 : 1]);
	ck_assert_msg(text != NULL && ((strncmp(text, "Game #1. You played: ",
	    21) == 0 && strlen(text) > 21) || strncmp(text, "Game #1. You gave "
	    "the ", 22) == 0), "%s", text);
	ck_assert(json_is_array(json_object_get(m, "inline_keyboard")));
	ck_assert_int_eq(json_array_size(json_object_get(m,
	    "inline_keyboard")), 0);
	ck_assert_ptr_null(r->fallback);
	return (1);
}

/*
 * A whole game's first turns by buttons: the seat to act gets its menu
 * root with "your turn" (a photo of the board, the words its caption),
 * walks it (each press edits the pressed message's caption with the next
 * node, a back press goes up) down to a leaf, which plays the action,
 * and the turn message is edited to show it without buttons; every
 * message has at most twelve buttons with labels that fit a phone; the
 * moves are told in the group by the edits of its live message (no move
 * line of their own), which is edited, not posted again, and pinned once.
 */
START_TEST(test_menu_walk)
{
	struct tt	 t;
	struct tg_req	 kb[2], *r;
	struct svc_game	 g;
	const char	*data, *kind;
	char		 cmd[80], chat[8];
	int64_t		 before, msg[2] = { 0, 0 }, game, turn;
	int		 i, u, steps, backs = 0, pins = 0, played = 0;
	int		 isturn[2] = { 0, 0 }, retired = 0, photos = 0;
	int		 photo[2] = { 0, 0 }, edits = 0, boards = 0;
	struct tac_state st, after;
	size_t		 k;

	memset(kb, 0, sizeof kb);
	tt_open(&t);
	tt_say(&t, "-100", "1", "/new seed=5");
	tt_say(&t, "-100", "2", "/join");
	tt_say(&t, "-100", "1", "/ai all");
	tt_say(&t, "-100", "1", "/start");

	/*
	 * Play the people's turns by buttons until 60 actions are done; the
	 * exchange's turn messages come with the board, both at once.
	 */
	for (steps = 0; steps < 3000 && played < 60; steps++) {
		while (svc_next_timer(t.svc) >= 0 && svc_next_timer(t.svc) <=
		    t.now && svc_timers(t.svc) > 0)
			;
		tt_drain(&t);
		for (i = 0; i < t.nreqs; i++) {
			r = t.reqs[i];
			kind = t.kinds[i];
			/* Every message read its game once, merged or not. */
			ck_assert_int_le(t.rreads[i], 1);
			/* The live message tells the moves. */
			ck_assert_str_ne(kind, "moved");
			/* The board is edited after moves, never posted again. */
			if (strcmp(kind, "board") == 0) {
				ck_assert_int_eq(steps, 0);
				boards++;
				continue;
			}
			if (strcmp(kind, "edit-board") == 0) {
				ck_assert_str_eq(r->method, "editMessageMedia");
				edits++;
			}
			/* The live message is pinned, silently, once. */
			if (strcmp(kind, "pin-board") == 0) {
				ck_assert_str_eq(r->method, "pinChatMessage");
				ck_assert(json_is_true(json_object_get(
				    r->params, "disable_notification")));
				ck_assert_int_eq(steps, 0);
				pins++;
			}
			if (strcmp(kind, "played") == 0)
				retired += tt_played(r, msg);
			if (strcmp(kind, "turn") != 0 &&
			    strcmp(kind, "menu") != 0)
				continue;
			tt_fits(r);
			if (strcmp(kind, "turn") == 0) {
				ck_assert_str_eq(r->method, "sendPhoto");
				ck_assert_ptr_nonnull(r->png);
				ck_assert_ptr_nonnull(r->textfb);
				photos++;
			}
			u = strcmp(json_string_value(json_object_get(r->params,
			    "chat_id")), "1") == 0 ? 0 : 1;
			json_decref(kb[u].params);
			kb[u].params = json_incref(r->params);
			msg[u] = t.msgs[i];
			photo[u] = t.photos[i];
			isturn[u] = strcmp(kind, "turn") == 0;
		}
		ck_assert_int_eq(svc_game_info(t.svc, 1, &g), 1);
		if (g.state != SVC_PLAYING)
			break;
		if (g.actor < 0 || g.seats[g.actor].ai != 0)
			continue;
		u = strcmp(g.seats[g.actor].user, "1") == 0 ? 0 : 1;
		snprintf(chat, sizeof chat, "%d", u + 1);
		ck_assert_msg(kb[u].params != NULL, "no menu for %s", chat);
		/*
		 * Roots: the last card (a 7 or a TAC has more to choose),
		 * not the hint under it.
		 */
		k = tt_button(&kb[u], "\xe2\x86\x90 back") == NULL ?
		    tt_nbuttons(&kb[u]) - 1 : 0;
		if (k > 0 && tt_nth(&kb[u], k, &data) != NULL &&
		    strstr(data, ":hint") != NULL)
			k--;
		ck_assert_ptr_nonnull(tt_nth(&kb[u], k, &data));
		ck_assert_int_le(strlen(data), SVC_BUTTON_MAX);
		ck_assert_int_eq(svc_button_parse(data, &game, &turn, cmd,
		    sizeof cmd), 0);
		ck_assert_int_eq(game, 1);
		ck_assert_int_eq(turn, g.turn_no);
		ck_assert_msg(strncmp(cmd, "menu ", 5) == 0, "%s", cmd);
		before = g.turn_no;
		ck_assert_int_eq(svc_game_position(t.svc, 1, -1, &st), 0);
		tt_press(&t, chat, chat, msg[u], photo[u], data);
		ck_assert_int_eq(svc_game_info(t.svc, 1, &g), 1);
		ck_assert_int_eq(svc_game_position(t.svc, 1, -1, &after), 0);
		/* A gift lies face down until the exchange is complete. */
		if (g.turn_no > before || (st.phase == TAC_PH_EXCHANGE &&
		    after.gift[st.turn] != TAC_NONE)) {
			played++;
			continue;
		}
		/* A node: its menu edits the pressed message. */
		tt_drain(&t);
		ck_assert_ptr_nonnull(r = tt_find(&t, "menu", chat));
		ck_assert_str_eq(r->method, isturn[u] ? "editMessageCaption" :
		    "editMessageText");
		ck_assert_int_eq(json_integer_value(json_object_get(r->params,
		    "message_id")), msg[u]);
		tt_fits(r);
		ck_assert_ptr_nonnull(data = tt_button(r, "\xe2\x86\x90 back"));
		json_decref(kb[u].params);
		kb[u].params = json_incref(r->params);
		if (backs > 0 || !isturn[u])
			continue;
		/* Once, go back up from the first level: the root again. */
		tt_press(&t, chat, chat, msg[u], photo[u], data);
		tt_drain(&t);
		ck_assert_ptr_nonnull(r = tt_find(&t, "menu", chat));
		ck_assert_ptr_nonnull(strstr(tt_words(r), "Choose a card."));
		ck_assert_ptr_null(tt_button(r, "\xe2\x86\x90 back"));
		json_decref(kb[u].params);
		kb[u].params = json_incref(r->params);
		backs++;
	}
	ck_assert_int_ge(played, 60);
	ck_assert_int_eq(boards, 1);
	ck_assert_int_gt(photos, 0);
	ck_assert_int_ge(retired, played - 1);	/* the last: not drained */
	ck_assert_int_eq(backs, 1);
	ck_assert_int_eq(pins, 1);
	ck_assert_int_gt(edits, 0);
	json_decref(kb[0].params);
	json_decref(kb[1].params);
	tt_close(&t);
}
END_TEST

/* A "moved" burst is one message; a private row is never merged. */
START_TEST(test_merge)
{
	struct tt	 t;
	struct tg_req	*r;
	const char	*text;

	tt_open(&t);
	tt_say(&t, "-100", "1", "/new");
	tt_say(&t, "-100", "2", "/join");
	tt_say(&t, "-100", "3", "/join");
	tt_say(&t, "-100", "4", "/join");
	tt_drain(&t);
	/* Three "seat"-free lobby rows; now leave and join: notices. */
	tt_say(&t, "-100", "1", "/start");
	tt_drain(&t);
	tt_say(&t, "-100", "3", "/leave yes");
	tt_say(&t, "-100", "4", "/leave yes");
	tt_drain(&t);
	ck_assert_int_eq(t.nrows[tt_index(&t, "seat", "-100")], 2);
	ck_assert_ptr_nonnull(r = tt_find(&t, "seat", "-100"));
	text = json_string_value(json_object_get(r->params, "text"));
	ck_assert_ptr_nonnull(strstr(text, "P3"));
	ck_assert_ptr_nonnull(strstr(text, "P4"));
	ck_assert_ptr_nonnull(strchr(text, '\n'));
	tt_close(&t);
}
END_TEST

/*
 * The per-chat table: past its size, the oldest idle chats go, but never
 * one with something pending (a new id, an admin call out), so nothing
 * is lost.
 */
START_TEST(test_chat_table)
{
	struct config	 conf;
	struct tg	*tg;
	struct tg_chat	*c;
	char		 id[32];
	int		 i;

	config_defaults(&conf);
	tg = tg_new(NULL, NULL, &conf);
	for (i = 0; i < 3 * TG_CHATS; i++) {
		snprintf(id, sizeof id, "-%d", 1000 + i);
		c = tg_chat_get(tg, id, i);
		if (i % 7 == 0)
			c->fetching = 1;
		else if (i % 11 == 0)
			snprintf(c->moved, sizeof c->moved, "-100%d", i);
	}
	ck_assert_uint_le(tg->nchats, TG_CHATS + 3 * TG_CHATS / 7 +
	    3 * TG_CHATS / 11 + 2);
	for (i = 0; i < 3 * TG_CHATS; i++) {
		snprintf(id, sizeof id, "-%d", 1000 + i);
		c = tg_chat_find(tg, id);
		if (i % 7 == 0 || i % 11 == 0)
			ck_assert_msg(c != NULL, "pinned chat %s was let go", id);
		else if (i < TG_CHATS)
			ck_assert_msg(c == NULL, "idle chat %s was kept", id);
	}
	/* A new id is where the chat's messages go. */
	ck_assert_str_eq(tg_chat_target(tg, "-1011"), "-10011");
	ck_assert_str_eq(tg_chat_target(tg, "-1012"), "-1012");
	tg_chat_free(tg);
	ck_assert_uint_eq(tg->nchats, 0);
	tg_free(tg);
}
END_TEST

/*
 * Each message reads its game once: a turn notice drawn as a picture
 * with its choices (the position, the buttons, the picture, the group's
 * title and board link from one read), the board's photo and its edits,
 * each telling the moves since the last one (a burst's lines).
 */
START_TEST(test_one_read)
{
	struct tt	 t;
	const char	*words;
	int		 i, turns = 0, boards = 0, bursts = 0, steps;

	tt_open(&t);
	tg_chat_get(t.tg, "-1001234", tg_now())->fetched = tg_now();
	tt_say(&t, "-1001234", "1", "/new seed=5");
	tt_say(&t, "-1001234", "2", "/join");
	tt_say(&t, "-1001234", "1", "/ai all");
	tt_say(&t, "-1001234", "1", "/start");
	for (steps = 0; steps < 40 && (turns == 0 || bursts == 0 ||
	    boards < 2); steps++) {
		while (svc_next_timer(t.svc) >= 0 && svc_next_timer(t.svc) <=
		    t.now && svc_timers(t.svc) > 0)
			;
		tt_drain(&t);
		ck_assert_int_le(t.reads, (uint64_t)t.nbatches);
		for (i = 0; i < t.nreqs; i++) {
			if (strcmp(t.kinds[i], "turn") == 0 &&
			    t.reqs[i]->png != NULL) {
				ck_assert_int_eq(t.rreads[i], 1);
				turns++;
			}
			if ((strcmp(t.kinds[i], "board") == 0 ||
			    strcmp(t.kinds[i], "edit-board") == 0) &&
			    t.reqs[i]->png != NULL) {
				ck_assert_int_eq(t.rreads[i], 1);
				boards++;
				/* The last moves, a line each, in words. */
				words = tt_caption(t.reqs[i]);
				if (words != NULL && strstr(words, "AI 2: ") !=
				    NULL && strstr(words, "AI 3: ") != NULL)
					bursts++;
			}
			ck_assert_str_ne(t.kinds[i], "moved");
		}
		/* The people play their first choice, typed. */
		tt_play_first(&t);
	}
	ck_assert_int_gt(turns, 0);
	ck_assert_int_ge(boards, 2);
	ck_assert_int_gt(bursts, 0);
	tt_close(&t);
}
END_TEST

/* Every catalog entry takes the arguments of its message id. */
START_TEST(test_catalog)
{
	char	why[256];

	ck_assert_msg(i18n_check(why, sizeof why) == 0, "%s", why);
	ck_assert_str_eq(tr("ru", "\xe2\x86\x90 back"), "\xe2\x86\x90 назад");
}
END_TEST

/* The suite. */
static Suite *
suite_tg(void)
{
	Suite	*s = suite_create("tg");
	TCase	*tc = tcase_create("bridge");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_lobby_keys);
	tcase_add_test(tc, test_update_admin);
	tcase_add_test(tc, test_long_names);
	tcase_add_test(tc, test_lobby_flow);
	tcase_add_test(tc, test_menu_walk);
	tcase_add_test(tc, test_merge);
	tcase_add_test(tc, test_chat_table);
	tcase_add_test(tc, test_catalog);
	tcase_add_test(tc, test_one_read);
	suite_add_tcase(s, tc);
	return (s);
}

/* Run the suite; the exit status says whether everything passed. */
int
main(void)
{
	SRunner	*sr;
	int	 failed;

	xmalloc_json();
	sr = srunner_create(suite_tg());
	srunner_add_suite(sr, suite_tg_initdata());
	srunner_add_suite(sr, suite_tg_photo());
	srunner_add_suite(sr, suite_tg_split());
	srunner_add_suite(sr, suite_tg_stats());
	srunner_add_suite(sr, suite_tg_link());
	srunner_add_suite(sr, suite_tg_left());
	srunner_add_suite(sr, suite_tg_time());
	srunner_add_suite(sr, suite_tg_repost());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return (failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
