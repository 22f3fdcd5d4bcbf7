/*
 * check_tg_link.c: how people meet the bot in Telegram, without a
 * network: the greeting of a first private /start in the person's
 * language (language_code) with its button that adds the bot to a
 * group, the greeting of a group that added it, links left out while the
 * bot's username is not known, a deep link bringing the turn's buttons,
 * the reminder of a turn without a deadline, the command lists of
 * setMyCommands, and a turn notice's link to a supergroup's board.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "check_tg.h"
#include "compose.h"
#include "lang.h"
#include "tg-keys.h"
#include "utf8.h"

/* A person who speaks lang (language_code) types text in a chat. */
static void
say_lang(struct tt *t, const char *chat, const char *user, const char *lang,
    const char *text)
{
	char			 buf[1024];

	snprintf(buf, sizeof buf, "{\"update_id\": %lld, \"message\": "
	    "{\"message_id\": 1, \"from\": {\"id\": %s, \"first_name\": "
	    "\"P%s\", \"language_code\": \"%s\"}, \"chat\": {\"id\": %s, "
	    "\"type\": \"%s\", \"title\": \"Friday TAC\"}, \"text\": \"%s\"}}",
	    (long long)t->update++, user, user, lang, chat, chat[0] == '-' ?
	    "group" : "private", text);
	tt_update(t, buf);
}

/* The text of a call (a photo's: its caption, as a turn's may be). */
static const char *
text_of(const struct tg_req *r)
{
	const char	*s = json_string_value(json_object_get(r->params,
			    "text"));

	if (s == NULL)
		s = json_string_value(json_object_get(r->params, "caption"));
	return (s != NULL ? s : "");
}

/*
 * A button of a call by what it holds (key "url" or "callback_data",
 * equal to value): its label, or NULL.
 */
static const char *
button_with(const struct tg_req *r, const char *key, const char *value)
{
	json_t	*rows, *row, *b;
	size_t	 i, j;

	rows = json_object_get(json_object_get(r->params, "reply_markup"),
	    "inline_keyboard");
	json_array_foreach(rows, i, row) {
		json_array_foreach(row, j, b) {
			if (json_string_value(json_object_get(b, key)) != NULL &&
			    strcmp(json_string_value(json_object_get(b, key)),
			    value) == 0)
				return (json_string_value(json_object_get(b,
				    "text")));
		}
	}
	return (NULL);
}

/* How many buttons of a call have a member key. */
static int
buttons_with(const struct tg_req *r, const char *key)
{
	json_t	*rows, *row, *b;
	size_t	 i, j;
	int	 n = 0;

	rows = json_object_get(json_object_get(r->params, "reply_markup"),
	    "inline_keyboard");
	json_array_foreach(rows, i, row) {
		json_array_foreach(row, j, b)
			n += json_object_get(b, key) != NULL;
	}
	return (n);
}

/*
 * A first private /start: the greeting in the person's language, by
 * name, with a url button that adds the bot to a group and buttons for
 * the rules and the commands, which work.
 */
START_TEST(test_welcome_private)
{
	struct tt	 t;
	struct tg_req	*r;
	const char	*label;

	tt_open(&t);
	say_lang(&t, "1001", "1001", "en-GB", "/start");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "help", "1001"));
	ck_assert_msg(strncmp(text_of(r), "Hello, P1001! I host games of "
	    "TAC", 31) == 0, "%s", text_of(r));
	ck_assert(strstr(text_of(r), "How to play:") != NULL);
	ck_assert(strstr(text_of(r), "/help") != NULL);
	label = button_with(r, "url", "https://t.me/TacTestBot?startgroup=new");
	ck_assert_ptr_nonnull(label);
	ck_assert_str_eq(label, "Add me to a group");
	ck_assert_ptr_nonnull(button_with(r, "callback_data", "0::rules"));
	ck_assert_ptr_nonnull(button_with(r, "callback_data", "0::help"));
	ck_assert_ptr_nonnull(button_with(r, "callback_data", "0::learn"));
	ck_assert_int_eq(buttons_with(r, "url"), 1);
	ck_assert_int_eq(buttons_with(r, "callback_data"), 3);
	tt_press(&t, "1001", "1001", t.msgs[0], 0, "0::rules");
	tt_drain(&t);
	ck_assert_ptr_nonnull(tt_find(&t, "rules", "1001"));
	tt_press(&t, "1001", "1001", t.msgs[0], 0, "0::help");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "help", "1001"));
	ck_assert(strncmp(text_of(r), "Commands:", 9) == 0);

	/* Telegram says the person speaks Russian: so does the greeting. */
	say_lang(&t, "1002", "1002", "ru", "/start");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "help", "1002"));
	ck_assert_msg(strncmp(text_of(r), "Здравствуйте, P1002!",
	    strlen("Здравствуйте, P1002!")) == 0, "%s", text_of(r));
	ck_assert(strstr(text_of(r), "Hello") == NULL);
	label = button_with(r, "url", "https://t.me/TacTestBot?startgroup=new");
	ck_assert_ptr_nonnull(label);
	ck_assert_str_ne(label, "Add me to a group");
	tt_close(&t);
}
END_TEST

/* A group that added the bot: its greeting, a button to the private chat. */
START_TEST(test_welcome_group)
{
	struct tt	 t;
	struct tg_req	*r;

	tt_open(&t);
	say_lang(&t, "-100", "1001", "de", "/start@TacTestBot new");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "help", "-100"));
	/* A group speaks its chat's language: the first person's. */
	ck_assert_msg(strncmp(text_of(r), "Hallo!", 6) == 0, "%s", text_of(r));
	ck_assert_ptr_nonnull(button_with(r, "url",
	    "https://t.me/TacTestBot?start=hello"));
	ck_assert_int_eq(buttons_with(r, "url"), 1);
	/* The private chat it opens greets the person. */
	say_lang(&t, "1003", "1003", "en", "/start hello");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "help", "1003"));
	ck_assert(strncmp(text_of(r), "Hello, P1003!", 13) == 0);
	tt_close(&t);
}
END_TEST

/* Before getMe, the username is unknown: link buttons are left out. */
START_TEST(test_links_need_botname)
{
	struct compose_keys	 k = { NULL, 0, 0, 0 };
	struct tg_links		 l = { NULL, NULL, NULL, 0 };
	json_t			*m;
	char			*s;

	compose_keys_link(&k, "Add", COMPOSE_LINK_GROUP, "new");
	compose_keys_add(&k, "Rules", 0, -1, "rules");
	l.botname = "";
	m = tg_keys_json(&k, &l);
	s = json_dumps(m, JSON_COMPACT | JSON_SORT_KEYS);
	ck_assert_str_eq(s, "{\"inline_keyboard\":[[{\"callback_data\":"
	    "\"0::rules\",\"text\":\"Rules\"}]]}");
	free(s);
	json_decref(m);
	l.botname = "Bot";
	m = tg_keys_json(&k, &l);
	s = json_dumps(m, JSON_COMPACT | JSON_SORT_KEYS);
	ck_assert_str_eq(s, "{\"inline_keyboard\":[[{\"text\":\"Add\","
	    "\"url\":\"https://t.me/Bot?startgroup=new\"},{\"callback_data\":"
	    "\"0::rules\",\"text\":\"Rules\"}]]}");
	free(s);
	json_decref(m);
	compose_keys_free(&k);
}
END_TEST

/* The callback data of a call's first button; how many there are. */
static int
first_button(const struct tg_req *r, const char **data)
{
	json_t	*rows;

	rows = json_object_get(json_object_get(r->params, "reply_markup"),
	    "inline_keyboard");
	*data = json_string_value(json_object_get(json_array_get(
	    json_array_get(rows, 0), 0), "callback_data"));
	return (buttons_with(r, "callback_data"));
}

/* Run the timers until the game's person is to act. */
static int
to_person(struct tt *t, int64_t id, const char *user)
{
	struct svc_game	g;
	int		i;

	for (i = 0; i < 1000; i++) {
		ck_assert_int_eq(svc_game_info(t->svc, id, &g), 1);
		if (g.actor >= 0 && strcmp(g.seats[g.actor].user, user) == 0)
			return (g.actor);
		ck_assert_int_ge(svc_timers(t->svc), 0);
	}
	ck_abort_msg("%s never got a turn", user);
	return (-1);
}

/*
 * The hand link of the bot's notice brings the turn message: the cards,
 * with the turn's menu as buttons; a reminder of a turn without a
 * deadline points to /hand.
 */
START_TEST(test_link_turn_keys)
{
	struct tt	 t;
	struct tg_req	*r;
	struct svc_game	 g;
	const char	*data;
	char		 want[32];
	int64_t		 id;

	tt_open(&t);
	svc_set_remind(t.svc, 600);
	tt_say(&t, "-100", "1001", "/new");
	tt_say(&t, "-100", "1001", "/ai all");
	tt_say(&t, "-100", "1001", "/start");
	id = svc_chat_game(t.svc, TG_PLATFORM, "-100");
	ck_assert_int_gt(id, 0);
	to_person(&t, id, "1001");
	/* The AI gives at once, as the daemon's timers do. */
	while (svc_next_timer(t.svc) >= 0 && svc_next_timer(t.svc) <= t.now &&
	    svc_timers(t.svc) > 0)
		;
	tt_drain(&t);
	tt_say(&t, "1001", "1001", "/start h1");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "turn", "1001"));
	ck_assert(strstr(text_of(r), "Your turn in game #1.") != NULL);
	ck_assert(strstr(text_of(r), "Your cards:") != NULL);
	/* The buttons are the turn's menu, at the game's turn. */
	ck_assert_int_gt(first_button(r, &data), 0);
	ck_assert_int_eq(svc_game_info(t.svc, id, &g), 1);
	snprintf(want, sizeof want, "1:%lld:menu ", (long long)g.turn_no);
	ck_assert_msg(data != NULL && strncmp(data, want, strlen(want)) == 0,
	    "%s", data != NULL ? data : "(none)");
	/* Nobody plays: after a while the person is reminded. */
	t.now += 600;
	ck_assert_int_eq(svc_timers(t.svc), 1);
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "reminder", "1001"));
	ck_assert_pstr_eq(tt_headed(text_of(r), "Friday TAC"), "Reminder: it "
	    "is your turn in game #1. /hand shows your cards and choices "
	    "again.");
	tt_close(&t);
}
END_TEST

/*
 * setMyCommands: a call for each scope and language, the English one
 * without language_code; each command as Telegram wants it (1-32 of
 * a-z, 0-9, _), once per list, described in 1-256 characters in the
 * call's language.
 */
START_TEST(test_commands_params)
{
	const char	*type, *code, *cmd, *desc, *en;
	json_t		*p, *list, *c, *ref[3];
	size_t		 i, j, k, n, seen[3][8];
	int		 s;

	memset(seen, 0, sizeof seen);
	memset(ref, 0, sizeof ref);
	ck_assert_uint_eq(tg_commands_count(), 3 * lang_count());
	for (i = 0; i < tg_commands_count(); i++) {
		ck_assert_ptr_nonnull(p = tg_commands_params(i));
		type = json_string_value(json_object_get(json_object_get(p,
		    "scope"), "type"));
		ck_assert_ptr_nonnull(type);
		s = strcmp(type, "default") == 0 ? 0 :
		    strcmp(type, "all_private_chats") == 0 ? 1 :
		    strcmp(type, "all_group_chats") == 0 ? 2 : -1;
		ck_assert_msg(s >= 0, "scope %s", type);
		code = json_string_value(json_object_get(p, "language_code"));
		for (k = 0; k < lang_count(); k++) {
			if (code == NULL ? strcmp(lang_code(k), "en") == 0 :
			    strcmp(lang_code(k), code) == 0)
				seen[s][k]++;
		}
		ck_assert_msg(code == NULL || strcmp(code, "en") != 0,
		    "English goes without a language_code");
		list = json_object_get(p, "commands");
		ck_assert_uint_ge(json_array_size(list), 5);
		json_array_foreach(list, j, c) {
			cmd = json_string_value(json_object_get(c, "command"));
			desc = json_string_value(json_object_get(c,
			    "description"));
			ck_assert_ptr_nonnull(cmd);
			ck_assert_ptr_nonnull(desc);
			n = strlen(cmd);
			ck_assert(n >= 1 && n <= 32 && strspn(cmd,
			    "abcdefghijklmnopqrstuvwxyz0123456789_") == n);
			ck_assert(utf8_width(desc) >= 1 &&
			    utf8_width(desc) <= 256);
			for (k = 0; k < j; k++)
				ck_assert_str_ne(cmd, json_string_value(
				    json_object_get(json_array_get(list, k),
				    "command")));
		}
		if (code == NULL)
			ref[s] = json_incref(p);
		json_decref(p);
	}
	for (s = 0; s < 3; s++) {
		for (k = 0; k < lang_count(); k++)
			ck_assert_uint_eq(seen[s][k], 1);
		ck_assert_ptr_nonnull(ref[s]);
	}
	/* The private list begins with /start; the group's with /new. */
	list = json_object_get(ref[1], "commands");
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(list,
	    0), "command")), "start");
	list = json_object_get(ref[2], "commands");
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(list,
	    0), "command")), "new");
	/* Every other language has words of its own for every command. */
	for (i = 0; i < tg_commands_count(); i++) {
		p = tg_commands_params(i);
		code = json_string_value(json_object_get(p, "language_code"));
		s = (int)(i / lang_count());
		json_array_foreach(json_object_get(p, "commands"), j, c) {
			en = json_string_value(json_object_get(json_array_get(
			    json_object_get(ref[s], "commands"), j),
			    "description"));
			desc = json_string_value(json_object_get(c,
			    "description"));
			if (code != NULL)
				ck_assert_msg(strcmp(en, desc) != 0, "%s: \"%s\" "
				    "is not translated", code, en);
		}
		json_decref(p);
	}
	for (s = 0; s < 3; s++)
		json_decref(ref[s]);
}
END_TEST

/*
 * Open a game in group (a person "2" joins it there unless it is a
 * private chat) with AI players in the other seats, and start it.
 */
static void
tt_group_game(struct tt *t, const char *group)
{
	tt_open(t);
	tg_chat_get(t->tg, group, tg_now())->fetched = tg_now();
	tt_say(t, group, "1", "/new seed=5");
	if (group[0] == '-')
		tt_say(t, group, "2", "/join");
	tt_say(t, group, "1", "/ai all");
	tt_say(t, group, "1", "/start");
}

/* Run the timers that are due (the AI seats' turns, perhaps). */
static void
tt_timers(struct tt *t)
{
	while (svc_next_timer(t->svc) >= 0 && svc_next_timer(t->svc) <=
	    t->now && svc_timers(t->svc) > 0)
		;
}

/*
 * Start a game in a group (two people, two AIs) and count the "turn"
 * notices until the first ones came, asking each to be headed by the
 * group's title and to end with (or, link NULL, to lack) a link to the
 * board message.  A game in a private chat (group "1": one person,
 * three AIs) has neither: its notices have no heading.
 */
static int
tt_turn_links(const char *group, const char *link)
{
	struct tt	 t;
	const char	*text;
	int		 i, steps, turns = 0;

	tt_group_game(&t, group);
	for (steps = 0; steps < 50 && turns == 0; steps++) {
		/* The AI seats act first, perhaps. */
		tt_timers(&t);
		tt_drain(&t);
		for (i = 0; i < t.nreqs; i++) {
			if (strcmp(t.kinds[i], "turn") != 0)
				continue;
			text = tt_words(t.reqs[i]);
			ck_assert_ptr_nonnull(text);
			/* The group's title heads it in bold, once. */
			if (group[0] == '-')
				ck_assert_msg(strncmp(text, "<b>Friday TAC</b>"
				    "\n", 18) == 0 && strstr(text + 18,
				    "Friday TAC") == NULL, "not headed by the "
				    "group once: %s", text);
			else
				ck_assert_msg(strstr(text, "<b>") == NULL &&
				    strncmp(text, "Your turn in game #", 19) ==
				    0, "a heading in a private game: %s",
				    text);
			if (link != NULL)
				/* The link is its last line. */
				ck_assert_msg(strlen(text) > strlen(link) &&
				    strcmp(text + strlen(text) - strlen(link),
				    link) == 0 && text[strlen(text) -
				    strlen(link) - 1] == '\n',
				    "no %s at the end of: %s", link, text);
			else
				ck_assert_msg(strstr(text, "t.me/c/") == NULL,
				    "a link in: %s", text);
			turns++;
		}
	}
	tt_close(&t);
	return (turns);
}

/*
 * In a supergroup's game, the people play their turns typed until a turn
 * message is edited into what they played ("Game #1. You played: ..."):
 * still headed by the group's title, it keeps the link to the board
 * message as its last line.  How many such edits came.
 */
static int
tt_played_links(const char *link)
{
	struct tt		 t;
	struct tac_list		*l;
	struct tac_state	 st;
	struct svc_game		 g;
	const char		*text;
	char			 act[160], cmd[200];
	int			 i, steps, played = 0;

	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	tt_group_game(&t, "-1001234");
	for (steps = 0; steps < 200 && played < 2; steps++) {
		tt_timers(&t);
		tt_drain(&t);
		for (i = 0; i < t.nreqs; i++) {
			if (strcmp(t.kinds[i], "played") != 0)
				continue;
			text = tt_words(t.reqs[i]);
			ck_assert_msg(text != NULL && strncmp(text, "<b>Friday "
			    "TAC</b>\nGame #1. You ", 31) == 0, "%s", text);
			ck_assert_msg(strlen(text) > strlen(link) &&
			    strcmp(text + strlen(text) - strlen(link), link) ==
			    0 && text[strlen(text) - strlen(link) - 1] == '\n',
			    "no %s at the end of: %s", link, text);
			played++;
		}
		ck_assert_int_eq(svc_game_info(t.svc, 1, &g), 1);
		if (g.state != SVC_PLAYING || g.actor < 0 ||
		    g.seats[g.actor].ai != 0)
			continue;
		ck_assert_int_eq(svc_game_position(t.svc, 1, -1, &st), 0);
		ck_assert_int_gt(tac_legal(&st, l), 0);
		tac_action_format(&l->a[0], act, sizeof act);
		snprintf(cmd, sizeof cmd, "/play %s", act);
		tt_say(&t, g.seats[g.actor].user, g.seats[g.actor].user, cmd);
	}
	tt_close(&t);
	free(l);
	return (played);
}

/*
 * A turn notice links to a supergroup's board message, not a basic
 * one's; so does the turn message once edited into what was played.
 */
START_TEST(test_turn_link)
{
	/* tt_drain() gives ids from 500: the lobby 500, the board 501. */
	ck_assert_int_gt(tt_turn_links("-1001234", "https://t.me/c/1234/501"),
	    0);
	ck_assert_int_gt(tt_turn_links("-100", NULL), 0);
	ck_assert_int_gt(tt_played_links("https://t.me/c/1234/501"), 0);
}
END_TEST

/*
 * A message's heading is bold in Telegram's HTML, escaped; over a text
 * board it stands above the <pre>, not in it; a caption's too; none
 * without one.
 */
START_TEST(test_html_heading)
{
	struct compose_msg	 m;
	char			*h;

	memset(&m, 0, sizeof m);
	rbuf_addstr(&m.text, "Tom & <Jerry>\nYour turn.");
	m.headlen = strlen("Tom & <Jerry>");
	ck_assert_str_eq(h = tg_html_text(&m), "<b>Tom &amp; &lt;Jerry&gt;"
	    "</b>\nYour turn.");
	free(h);
	m.mono = 1;
	ck_assert_str_eq(h = tg_html_text(&m), "<b>Tom &amp; &lt;Jerry&gt;"
	    "</b>\n<pre>Your turn.</pre>");
	free(h);
	ck_assert_str_eq(h = tg_html_caption(m.text.s, m.headlen), "<b>Tom "
	    "&amp; &lt;Jerry&gt;</b>\nYour turn.");
	free(h);
	m.mono = 0;
	m.headlen = 0;
	ck_assert_str_eq(h = tg_html_text(&m), "Tom &amp; &lt;Jerry&gt;\n"
	    "Your turn.");
	free(h);
	rbuf_free(&m.text);
}
END_TEST

/* A game played in a private chat has no group: no title over its turn. */
START_TEST(test_turn_private_unheaded)
{
	ck_assert_int_gt(tt_turn_links("1", NULL), 0);
}
END_TEST

Suite *
suite_tg_link(void)
{
	Suite	*s = suite_create("tg_link");
	TCase	*tc = tcase_create("link");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_welcome_private);
	tcase_add_test(tc, test_welcome_group);
	tcase_add_test(tc, test_links_need_botname);
	tcase_add_test(tc, test_link_turn_keys);
	tcase_add_test(tc, test_commands_params);
	tcase_add_test(tc, test_turn_link);
	tcase_add_test(tc, test_turn_private_unheaded);
	tcase_add_test(tc, test_html_heading);
	suite_add_tcase(s, tc);
	return (s);
}
