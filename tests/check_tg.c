/*
 * check_tg.c: the Telegram bridge's own logic without a network: the
 * keyboards (bot/tg-keys.c; the labels' words are check_words.c's), the
 * calls outbox rows
 * become (bot/tg-out.c: edits of the lobby and board messages, merged
 * notices, menus), the update parser's admin and migration cases, a
 * whole turn played by pressing the menu's buttons through the service;
 * the board as a photo or as text is in check_tg_photo.c.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>

#include "check_tg.h"
#include "i18n.h"
#include "now.h"
#include "store.h"
#include "tg-int.h"
#include "tg-keys.h"
#include "utf8.h"


/* The fake clock. */
static int64_t
tt_clock(void *arg)
{
	return (((struct tt *)arg)->now);
}

/* Open a store and a service, and a bridge with no network. */
void
tt_open(struct tt *t)
{
	const char	*tmp;
	char		*cause = NULL;

	memset(t, 0, sizeof *t);
	if ((tmp = getenv("TMPDIR")) == NULL || *tmp == '\0')
		tmp = "/tmp";
	snprintf(t->dir, sizeof t->dir, "%s/check_tg.XXXXXX", tmp);
	ck_assert(mkdtemp(t->dir) != NULL);
	snprintf(t->path, sizeof t->path, "%s/t.db", t->dir);
	t->now = 1700000000;
	t->update = 1;
	t->nextmsg = 500;
	t->store = store_open(t->path, STORE_NOSYNC, &cause);
	ck_assert_msg(t->store != NULL, "store_open: %s", cause);
	t->svc = svc_open(t->store, tt_clock, t);
	t->tg = calloc(1, sizeof *t->tg);
	ck_assert(t->tg != NULL);
	tg_chat_init(t->tg);
	t->tg->svc = t->svc;
	t->tg->scale = 1.0;
	snprintf(t->tg->botname, sizeof t->tg->botname, "TacTestBot");
	/* The group's admins are known (none): no getChatAdministrators. */
	tg_chat_get(t->tg, "-100", now_mono())->fetched = now_mono();
}

/* Forget the last drain's calls. */
void
tt_clear(struct tt *t)
{
	int	i;

	for (i = 0; i < t->nreqs; i++)
		tg_out_free(&t->reqs[i]);
	t->nreqs = 0;
}

/* Close everything, remove the scratch files. */
void
tt_close(struct tt *t)
{
	char	p[400];

	tt_clear(t);
	tg_photo_exit(t->tg);
	tg_chat_free(t->tg);
	svc_close(t->svc);
	store_close(t->store);
	free(t->tg);
	unlink(t->path);
	snprintf(p, sizeof p, "%s-wal", t->path);
	unlink(p);
	snprintf(p, sizeof p, "%s-shm", t->path);
	unlink(p);
	rmdir(t->dir);
}

/* Feed an update through the bridge's parser and the service. */
static void
tt_update(struct tt *t, const char *json)
{
	struct tg_update	*u;
	char			*err = NULL;
	int			 rc;

	u = malloc(sizeof *u);
	ck_assert(u != NULL);
	rc = tg_update_parse(json, strlen(json), "TacTestBot", u);
	ck_assert_int_ge(rc, 0);
	tg_admin_see(t->tg, u);
	ck_assert_msg(svc_event(t->svc, &u->ev, &err) == 0, "%s", err);
	free(u);
}

/* A person types text in a chat (group "-100" or their private chat). */
void
tt_say(struct tt *t, const char *chat, const char *user, const char *text)
{
	char	buf[1024];

	snprintf(buf, sizeof buf, "{\"update_id\": %lld, \"message\": "
	    "{\"message_id\": 1, \"from\": {\"id\": %s, \"first_name\": "
	    "\"P%s\"}, \"chat\": {\"id\": %s, \"type\": \"%s\", "
	    "\"title\": \"Friday TAC\"}, \"text\": \"%s\"}}",
	    (long long)t->update++, user, user, chat, chat[0] == '-' ?
	    "group" : "private", text);
	tt_update(t, buf);
}

/* A person presses a button under message msg in chat. */
void
tt_press(struct tt *t, const char *chat, const char *user, int64_t msg,
    const char *data)
{
	char	buf[1024];

	snprintf(buf, sizeof buf, "{\"update_id\": %lld, \"callback_query\": "
	    "{\"id\": \"cb%lld\", \"from\": {\"id\": %s, \"first_name\": "
	    "\"P%s\"}, \"message\": {\"message_id\": %lld, \"chat\": "
	    "{\"id\": %s, \"type\": \"%s\", \"title\": \"Friday TAC\"}}, "
	    "\"data\": \"%s\"}}", (long long)t->update, (long long)t->update,
	    user, user, (long long)msg, chat, chat[0] == '-' ? "group" :
	    "private", data);
	t->update++;
	tt_update(t, buf);
}

/*
 * Deliver every due row as the bridge would, the "API" always saying
 * ok: a sent message gets the next id, an edit keeps its message's id.
 * Answers are done at once; the other calls are kept in t->reqs.
 */
void
tt_drain(struct tt *t)
{
	struct svc_out	 out;
	struct tg_req	*r;
	char		 msg[32];
	int		 i;

	tt_clear(t);
	while (svc_outbox_next(t->svc, TG_PLATFORM, &out) == 1) {
		if (strcmp(out.kind, "answer") == 0) {
			ck_assert_int_eq(svc_outbox_done(t->svc, out.id, NULL),
			    0);
			svc_out_free(&out);
			continue;
		}
		ck_assert_int_lt(t->nreqs, 64);
		r = &t->reqs[t->nreqs];
		snprintf(t->kinds[t->nreqs], sizeof t->kinds[0], "%s",
		    out.kind);
		if (tg_out_make(t->tg, &out, r) == 0) {
			ck_assert_int_eq(svc_outbox_done(t->svc, out.id, NULL),
			    0);
			tg_out_free(r);
			svc_out_free(&out);
			continue;
		}
		if (r->edit[0] != '\0')
			snprintf(msg, sizeof msg, "%s", r->edit);
		else
			tg_photo_mkref(msg, sizeof msg, t->nextmsg++,
			    r->photo);
		t->msgs[t->nreqs++] = tg_photo_ref(msg, &i);
		for (i = 0; i < r->nids; i++)
			ck_assert_int_eq(svc_outbox_done(t->svc, r->ids[i],
			    msg), 0);
		svc_out_free(&out);
	}
}

/* The first call of the last drain for a kind and chat, or NULL. */
struct tg_req *
tt_find(struct tt *t, const char *kind, const char *chat)
{
	const char	*c;
	int		 i;

	for (i = 0; i < t->nreqs; i++) {
		c = json_string_value(json_object_get(t->reqs[i].params,
		    "chat_id"));
		if (strcmp(t->kinds[i], kind) == 0 && c != NULL &&
		    strcmp(c, chat) == 0)
			return (&t->reqs[i]);
	}
	return (NULL);
}

/* The callback data of the button with a label, or NULL. */
static const char *
tt_button(const struct tg_req *r, const char *label)
{
	json_t		*rows, *row, *b;
	size_t		 i, j;

	rows = json_object_get(json_object_get(r->params, "reply_markup"),
	    "inline_keyboard");
	json_array_foreach(rows, i, row) {
		json_array_foreach(row, j, b) {
			if (strcmp(json_string_value(json_object_get(b,
			    "text")), label) == 0)
				return (json_string_value(json_object_get(b,
				    "callback_data")));
		}
	}
	return (NULL);
}

/* The number of buttons of a call. */
static size_t
tt_nbuttons(const struct tg_req *r)
{
	json_t	*rows, *row;
	size_t	 i, n = 0;

	rows = json_object_get(json_object_get(r->params, "reply_markup"),
	    "inline_keyboard");
	json_array_foreach(rows, i, row)
		n += json_array_size(row);
	return (n);
}

/* The text of the button at index k (row by row), or NULL. */
static const char *
tt_nth(const struct tg_req *r, size_t k, const char **data)
{
	json_t	*rows, *row, *b;
	size_t	 i, j, n = 0;

	rows = json_object_get(json_object_get(r->params, "reply_markup"),
	    "inline_keyboard");
	json_array_foreach(rows, i, row) {
		json_array_foreach(row, j, b) {
			if (n++ == k) {
				*data = json_string_value(json_object_get(b,
				    "callback_data"));
				return (json_string_value(json_object_get(b,
				    "text")));
			}
		}
	}
	return (NULL);
}

/*
 * The words of a message: its text, or a photo's caption (a turn
 * message is a photo of the board when the chat's board is a picture).
 */
static const char *
tt_words(const struct tg_req *r)
{
	const char	*text;

	if ((text = json_string_value(json_object_get(r->params, "text"))) ==
	    NULL)
		text = json_string_value(json_object_get(r->params,
		    "caption"));
	return (text);
}

/*
 * A message's buttons fit a phone: at most twelve, each label at most
 * 40 characters, each button's data at most 64 bytes.
 */
static void
tt_fits(const struct tg_req *r)
{
	json_t		*rows, *row, *b;
	const char	*label, *data;
	size_t		 i, j;

	ck_assert_uint_le(tt_nbuttons(r), 12);
	rows = json_object_get(json_object_get(r->params, "reply_markup"),
	    "inline_keyboard");
	json_array_foreach(rows, i, row) {
		json_array_foreach(row, j, b) {
			label = json_string_value(json_object_get(b, "text"));
			data = json_string_value(json_object_get(b,
			    "callback_data"));
			ck_assert_msg(label != NULL && utf8_width(label) <= 40,
			    "label \"%s\"", label);
			ck_assert(data != NULL && strlen(data) <= 64);
		}
	}
}

/* The lobby's keyboard: team buttons only for teams with a free seat. */
START_TEST(test_lobby_keys)
{
	struct svc_game	 g;
	struct tg_req	 r;
	int64_t		 game, turn;
	char		 text[64];

	memset(&g, 0, sizeof g);
	memset(&r, 0, sizeof r);
	g.id = 7;
	g.state = SVC_LOBBY;
	g.cfg.nseats = 4;
	snprintf(g.seats[0].user, sizeof g.seats[0].user, "1");
	snprintf(g.seats[2].user, sizeof g.seats[2].user, "2");
	r.params = json_pack("{s:o}", "reply_markup", tg_keys_lobby(&g, "en"));
	ck_assert_str_eq(tt_button(&r, "Join"), "7::join");
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

	/* Russian labels; a game that started has no buttons. */
	r.params = json_pack("{s:o}", "reply_markup", tg_keys_lobby(&g, "ru"));
	ck_assert_str_eq(tt_button(&r, "Сесть за стол"), "7::join");
	json_decref(r.params);
	g.state = SVC_PLAYING;
	r.params = json_pack("{s:o}", "reply_markup", tg_keys_lobby(&g, "en"));
	ck_assert_int_eq(tt_nbuttons(&r), 0);
	json_decref(r.params);

	/* Options: the current choices ticked. */
	g.state = SVC_LOBBY;
	g.cfg.nseats = 6;
	g.cfg.triples = 1;
	g.deadline = 7200;
	r.params = json_pack("{s:o}", "reply_markup", tg_keys_options(&g,
	    "en"));
	ck_assert_str_eq(tt_button(&r, "\xe2\x9c\x93 6 players"),
	    "7::options 6");
	ck_assert_str_eq(tt_button(&r, "4 players"), "7::options 4");
	ck_assert_str_eq(tt_button(&r, "\xe2\x9c\x93 two teams of three"),
	    "7::options triples");
	ck_assert_str_eq(tt_button(&r, "\xe2\x9c\x93 2 h"),
	    "7::options deadline=2h");
	ck_assert_str_eq(tt_button(&r, "AI strong"), "7::options ai=2");
	json_decref(r.params);
}
END_TEST

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
	c = tg_chat_get(t.tg, "-100", now_mono());
	c->admins = calloc(1, sizeof *c->admins);
	ck_assert_ptr_nonnull(c->admins);
	c->admins[0] = 42;
	c->nadmins = 1;
	c->fetched = now_mono();
	ck_assert_int_eq(tg_update_parse(group, strlen(group), NULL, u), 1);
	ck_assert_int_eq(u->ev.admin, 0);
	tg_admin_see(t.tg, u);
	ck_assert_int_eq(u->ev.admin, 1);
	ck_assert_str_eq(tg_admin_title(t.tg, "-100"), "Club");
	ck_assert_ptr_null(tg_admin_title(t.tg, "-300"));
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
	int64_t		 lobby;
	int		 i;

	tt_open(&t);
	tt_say(&t, "-100", "1", "/new");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "lobby", "-100"));
	ck_assert_str_eq(r->method, "sendMessage");
	ck_assert_ptr_null(r->fallback);
	ck_assert_str_eq(tt_button(r, "Join"), "1::join");
	lobby = t.nextmsg - 1;

	tt_press(&t, "-100", "2", lobby, "1::join");
	tt_drain(&t);
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
		tt_press(&t, "-100", "1", lobby, "1::ai");
		tt_drain(&t);
	}
	ck_assert_ptr_nonnull(r = tt_find(&t, "lobby", "-100"));
	ck_assert_ptr_null(tt_button(r, "Team Red+Green"));
	ck_assert_ptr_null(tt_button(r, "Team Blue+Yellow"));

	/* Options: a new message with the choices. */
	tt_press(&t, "-100", "1", lobby, "1::options");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "options", "-100"));
	ck_assert_str_eq(r->method, "sendMessage");
	if ((d = tt_button(r, "AI strong")) == NULL)
		d = tt_button(r, "\xe2\x9c\x93 AI strong");
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d, "1::options ai=2");

	tt_press(&t, "-100", "1", lobby, "1::start");
	tt_drain(&t);
	/* The default style: the board is a photo. */
	ck_assert_ptr_nonnull(r = tt_find(&t, "board", "-100"));
	ck_assert_str_eq(r->method, "sendPhoto");
	ck_assert_int_eq(r->lobby, 1);
	ck_assert_str_eq(r->file, "photo");
	ck_assert_ptr_nonnull(r->png);	/* its checks: check_tg_photo.c */
	/* The edit the bridge makes then: the lobby without buttons. */
	tt_clear(&t);
	ck_assert_int_eq(tg_out_edit(t.tg, "-100", 1, SVC_OUT_LOBBY, &t.reqs[0]),
	    1);
	t.nreqs = 1;
	ck_assert_str_eq(t.reqs[0].method, "editMessageText");
	ck_assert_int_eq(tt_nbuttons(&t.reqs[0]), 0);
	ck_assert_ptr_nonnull(json_object_get(t.reqs[0].params,
	    "reply_markup"));
	ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(
	    t.reqs[0].params, "text")), "has started"));
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

	text = tt_words(r);
	id = json_integer_value(json_object_get(r->params, "message_id"));
	ck_assert_msg(strcmp(r->method, "editMessageText") == 0 ||
	    strcmp(r->method, "editMessageCaption") == 0, "%s", r->method);
	ck_assert_int_eq(id, msg[strcmp(json_string_value(json_object_get(
	    r->params, "chat_id")), "1") == 0 ? 0 : 1]);
	ck_assert_msg(text != NULL && strncmp(text, "Game #1. You played: ",
	    21) == 0 && strlen(text) > 21, "%s", text);
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
 * message has at most twelve buttons with labels that fit a phone; AI
 * moves come as merged move lines, and the board message is edited, not
 * posted again.
 */
START_TEST(test_menu_walk)
{
	struct tt	 t;
	struct tg_req	 kb[2], *r;
	struct svc_game	 g;
	const char	*data, *kind;
	char		 cmd[80], chat[8];
	int64_t		 before, msg[2] = { 0, 0 }, game, turn;
	int		 i, u, steps, backs = 0, merged = 0, played = 0;
	int		 isturn[2] = { 0, 0 }, retired = 0, photos = 0;
	size_t		 k;

	memset(kb, 0, sizeof kb);
	tt_open(&t);
	tt_say(&t, "-100", "1", "/new seed=5");
	tt_say(&t, "-100", "2", "/join");
	tt_say(&t, "-100", "1", "/ai all");
	tt_say(&t, "-100", "1", "/start");
	tt_drain(&t);
	ck_assert_ptr_nonnull(tt_find(&t, "board", "-100"));

	/* Play the people's turns by buttons until 60 actions are done. */
	for (steps = 0; steps < 3000 && played < 60; steps++) {
		while (svc_next_timer(t.svc) >= 0 && svc_next_timer(t.svc) <=
		    t.now && svc_timers(t.svc) > 0)
			;
		tt_drain(&t);
		for (i = 0; i < t.nreqs; i++) {
			r = &t.reqs[i];
			kind = t.kinds[i];
			if (r->nids > 1)
				merged++;
			if (strcmp(kind, "board") == 0)
				ck_assert_str_eq(r->method, "editMessageText");
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
			isturn[u] = strcmp(kind, "turn") == 0;
		}
		ck_assert_int_eq(svc_game_info(t.svc, 1, &g), 0);
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
		k = tt_button(&kb[u], "<- back") == NULL ?
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
		tt_press(&t, chat, chat, msg[u], data);
		ck_assert_int_eq(svc_game_info(t.svc, 1, &g), 0);
		if (g.turn_no > before) {
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
		ck_assert_ptr_nonnull(data = tt_button(r, "<- back"));
		json_decref(kb[u].params);
		kb[u].params = json_incref(r->params);
		if (backs > 0 || !isturn[u])
			continue;
		/* Once, go back up from the first level: the root again. */
		tt_press(&t, chat, chat, msg[u], data);
		tt_drain(&t);
		ck_assert_ptr_nonnull(r = tt_find(&t, "menu", chat));
		ck_assert_ptr_nonnull(strstr(tt_words(r), "Choose a card."));
		ck_assert_ptr_null(tt_button(r, "<- back"));
		json_decref(kb[u].params);
		kb[u].params = json_incref(r->params);
		backs++;
	}
	ck_assert_int_ge(played, 60);
	ck_assert_int_gt(photos, 0);
	ck_assert_int_ge(retired, played - 1);	/* the last: not drained */
	ck_assert_int_eq(backs, 1);
	ck_assert_int_gt(merged, 0);
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
	tt_say(&t, "-100", "3", "/leave");
	tt_say(&t, "-100", "4", "/leave");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "seat", "-100"));
	ck_assert_int_eq(r->nids, 2);
	text = json_string_value(json_object_get(r->params, "text"));
	ck_assert_ptr_nonnull(strstr(text, "P3"));
	ck_assert_ptr_nonnull(strstr(text, "P4"));
	ck_assert_ptr_nonnull(strchr(text, '\n'));
	tt_close(&t);
}
END_TEST

/*
 * The per-chat table: past its size, the oldest idle chats go, but never
 * one with an edit to make or a new id, so nothing pending is lost.
 */
START_TEST(test_chat_table)
{
	struct tg	*tg;
	struct tg_chat	*c;
	struct tg_edit	 e;
	char		 id[32];
	int		 i, edits = 0;

	ck_assert_ptr_nonnull(tg = calloc(1, sizeof *tg));
	tg_chat_init(tg);
	tg->scale = 1.0;
	for (i = 0; i < 3 * TG_CHATS; i++) {
		snprintf(id, sizeof id, "-%d", 1000 + i);
		c = tg_chat_get(tg, id, i);
		if (i % 7 == 0)
			tg_chat_edit(tg, c, i, SVC_OUT_BOARD);
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
	/* The edits come out, each once, whatever was let go. */
	while ((c = TAILQ_FIRST(&tg->chat_edits)) != NULL) {
		ck_assert_int_eq(tg_chat_edit_take(tg, c, &e), 1);
		ck_assert_int_eq(e.kind, SVC_OUT_BOARD);
		ck_assert_int_eq(e.game % 7, 0);
		edits++;
	}
	ck_assert_int_eq(edits, (3 * TG_CHATS + 6) / 7);
	/* A chat's second edit of the same message is the same edit. */
	c = tg_chat_get(tg, "-5", 0);
	tg_chat_edit(tg, c, 9, SVC_OUT_LOBBY);
	tg_chat_edit(tg, c, 9, SVC_OUT_LOBBY);
	tg_chat_edit(tg, c, 9, SVC_OUT_BOARD);
	ck_assert_uint_eq(c->nedits, 2);
	tg_chat_free(tg);
	ck_assert_uint_eq(tg->nchats, 0);
	free(tg);
}
END_TEST

/* Every catalog entry takes the arguments of its message id. */
START_TEST(test_catalog)
{
	char	why[256];

	ck_assert_msg(i18n_check(why, sizeof why) == 0, "%s", why);
	ck_assert_str_eq(tr("ru", "<- back"), "<- назад");
}
END_TEST

/* The suite. */
/*
 * Start a game in a group (two people, two AIs) and count the "turn"
 * notices until the first ones came, asking each to have (or, link NULL,
 * to lack) a link to the board message.
 */
static int
tt_turn_links(const char *group, const char *link)
{
	struct tt	 t;
	const char	*text;
	int		 i, steps, turns = 0;

	tt_open(&t);
	tg_chat_get(t.tg, group, now_mono())->fetched = now_mono();
	tt_say(&t, group, "1", "/new seed=5");
	tt_say(&t, group, "2", "/join");
	tt_say(&t, group, "1", "/ai all");
	tt_say(&t, group, "1", "/start");
	for (steps = 0; steps < 50 && turns == 0; steps++) {
		/* The AI seats act first, perhaps. */
		while (svc_next_timer(t.svc) >= 0 && svc_next_timer(t.svc) <=
		    t.now && svc_timers(t.svc) > 0)
			;
		tt_drain(&t);
		for (i = 0; i < t.nreqs; i++) {
			if (strcmp(t.kinds[i], "turn") != 0)
				continue;
			text = tt_words(&t.reqs[i]);
			ck_assert_ptr_nonnull(text);
			if (link != NULL)
				ck_assert_msg(strstr(text, link) != NULL,
				    "no %s in: %s", link, text);
			else
				ck_assert_msg(strstr(text, "t.me/c/") == NULL,
				    "a link in: %s", text);
			turns++;
		}
	}
	tt_close(&t);
	return (turns);
}

/* A turn notice links to a supergroup's board message, not a basic one's. */
START_TEST(test_turn_link)
{
	/* tt_drain() gives ids from 500: the lobby 500, the board 501. */
	ck_assert_int_gt(tt_turn_links("-1001234", "https://t.me/c/1234/501"),
	    0);
	ck_assert_int_gt(tt_turn_links("-100", NULL), 0);
}
END_TEST

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
	tcase_add_test(tc, test_turn_link);
	suite_add_tcase(s, tc);
	return (s);
}

/* Run the suite; the exit status says whether everything passed. */
int
main(void)
{
	SRunner	*sr = srunner_create(suite_tg());
	int	 failed;

	srunner_add_suite(sr, suite_tg_initdata());
	srunner_add_suite(sr, suite_tg_photo());
	srunner_add_suite(sr, suite_tg_split());
	srunner_add_suite(sr, suite_tg_stats());
	srunner_add_suite(sr, suite_tg_link());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return (failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
