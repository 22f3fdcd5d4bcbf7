/*
 * check_tg_time.c: times as people read them in Telegram, without a
 * network, on the harness's clock: a turn's deadline on the reader's
 * own clock and how long is left (their zone: the one they chose in
 * /settings, else their language's), relative alone in the group and
 * for a reader whose zone is not known, never UTC.
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
#include "store.h"

/* 2023-11-15 10:13:20 UTC: 13:13 in Moscow, 11:13 in Berlin. */
#define NOON	(1700000000LL + 43200)

static int64_t	game_with(struct tt *, const char *, const char *,
		    const char *);

/* A person who speaks lang (language_code) types text in a chat. */
static void
say_lang(struct tt *t, const char *chat, const char *user, const char *lang,
    const char *text)
{
	char	buf[1024];

	snprintf(buf, sizeof buf, "{\"update_id\": %lld, \"message\": "
	    "{\"message_id\": 1, \"from\": {\"id\": %s, \"first_name\": "
	    "\"P%s\", \"language_code\": \"%s\"}, \"chat\": {\"id\": %s, "
	    "\"type\": \"%s\", \"title\": \"Friday TAC\"}, \"text\": \"%s\"}}",
	    (long long)t->update++, user, user, lang, chat, chat[0] == '-' ?
	    "group" : "private", text);
	tt_update(t, buf);
}

/* The words of a call, "" for none. */
static const char *
words(const struct tg_req *r)
{
	const char	*s = tt_words(r);

	return (s != NULL ? s : "");
}

/* No call of the last drain says UTC. */
static void
no_utc(struct tt *t)
{
	int	i;

	for (i = 0; i < t->nreqs; i++)
		ck_assert_msg(strstr(words(t->reqs[i]), "UTC") == NULL, "%s",
		    words(t->reqs[i]));
}

/*
 * A game of user (who speaks lang) and three AIs in group -100, with a
 * deadline of two hours, run until it is user's turn and only theirs
 * (the AI's gifts given); its id.
 */
static int64_t
game_until_turn(struct tt *t, const char *user, const char *lang)
{
	return (game_with(t, user, lang, "/new deadline=2h"));
}

/* game_until_turn() of a game made with the command new. */
static int64_t
game_with(struct tt *t, const char *user, const char *lang, const char *new)
{
	struct svc_game	g;
	int64_t		id;
	int		i;

	say_lang(t, "-100", user, lang, new);
	say_lang(t, "-100", user, lang, "/ai all");
	say_lang(t, "-100", user, lang, "/board text");
	say_lang(t, "-100", user, lang, "/start");
	id = svc_chat_game(t->svc, TG_PLATFORM, "-100");
	ck_assert_int_gt(id, 0);
	for (i = 0; i < 1000; i++) {
		ck_assert_int_eq(svc_game_info(t->svc, id, &g), 1);
		if (g.actor >= 0 && strcmp(g.seats[g.actor].user, user) == 0 &&
		    g.due > t->now)
			break;
		ck_assert_int_ge(svc_timers(t->svc), 0);
	}
	ck_assert_int_lt(i, 1000);
	tt_drain(t);
	return (id);
}

/* The words of the last call of a kind to chat that holds s, or NULL. */
static const char *
said(struct tt *t, const char *chat, const char *s)
{
	int	i;

	for (i = t->nreqs - 1; i >= 0; i--)
		if (strcmp(t->reqs[i]->chat, chat) == 0 &&
		    strstr(words(t->reqs[i]), s) != NULL)
			return (words(t->reqs[i]));
	return (NULL);
}

/*
 * A Russian speaker reads the deadline on Moscow's clock, the group
 * reads how long is left; an English speaker, whose zone nobody knows,
 * reads how long alone.
 */
START_TEST(test_deadline_words)
{
	struct tt	t;

	tt_open(&t);
	t.now = NOON;
	game_until_turn(&t, "1001", "ru");
	ck_assert_msg(said(&t, "1001", "Срок хода: 15:13 (осталось 2 ч), "
	    "иначе за вас сходит ИИ.") != NULL, "no deadline on Moscow's "
	    "clock");
	ck_assert_msg(said(&t, "-100", "Осталось 2 ч, потом сходит ИИ.") !=
	    NULL, "no time left under the board");
	no_utc(&t);
	tt_close(&t);

	tt_open(&t);
	t.now = NOON;
	game_until_turn(&t, "1002", "en");
	ck_assert_msg(said(&t, "1002", "You have 2 h left to play, or an AI "
	    "plays for you.") != NULL, "no time left");
	ck_assert_msg(said(&t, "-100", "2 h left; then the AI plays.") !=
	    NULL, "no time left under the board");
	no_utc(&t);
	tt_close(&t);
}
END_TEST

/* The callback data of the button labelled label in a call, or NULL. */
static const char *
data_of(const struct tg_req *r, const char *label)
{
	json_t	*b = tt_keybutton(r, label);

	return (b != NULL ? json_string_value(json_object_get(b,
	    "callback_data")) : NULL);
}

/*
 * /settings privately: the language's zone until one is chosen, a zone
 * and quiet hours chosen by buttons that edit the message, kept in the
 * store; the deadline then reads on the chosen clock.  A zone that is
 * none is refused and changes nothing.
 */
START_TEST(test_settings)
{
	struct tt	 t;
	struct tg_req	*r;
	struct svc_ptime pt;
	const char	*d;
	int64_t		 msg;
	int		 i;

	tt_open(&t);
	t.now = NOON;
	say_lang(&t, "1001", "1001", "ru", "/settings");
	tt_drain(&t);
	ck_assert_int_ge(i = tt_index(&t, "settings", "1001"), 0);
	r = t.reqs[i];
	msg = t.msgs[i];
	ck_assert_msg(strstr(words(r), "Часовой пояс: Москва, сейчас 13:13 — "
	    "выбран по вашему языку.") != NULL, "%s", words(r));
	ck_assert_msg(strstr(words(r), "Тихие часы: 23:00-08:00.") != NULL,
	    "%s", words(r));
	ck_assert_ptr_nonnull(data_of(r, "\xe2\x9c\x93 23:00-08:00"));
	ck_assert_ptr_nonnull(data_of(r, "\xe2\x9c\x93 Москва 13:13"));
	ck_assert_ptr_nonnull(d = data_of(r, "Калининград 12:13"));
	ck_assert_ptr_null(data_of(r, "Пояс по моему языку"));
	/* Berlin is none of the Russian list: typed. */
	say_lang(&t, "1001", "1001", "ru", "/settings zone Europe/Berlin");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "settings", "1001"));
	ck_assert_msg(strstr(words(r), "Сохранено.\nЧасовой пояс: Берлин, "
	    "сейчас 11:13.") != NULL, "%s", words(r));
	ck_assert_ptr_nonnull(data_of(r, "\xe2\x9c\x93 Берлин 11:13"));
	ck_assert_ptr_nonnull(d = data_of(r, "Без тихих часов"));
	/* A press edits the message it is under. */
	tt_press(&t, "1001", "1001", msg, 0, d);
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "settings", "1001"));
	ck_assert_str_eq(r->method, "editMessageText");
	ck_assert_msg(strstr(words(r), "Тихие часы: нет.") != NULL, "%s",
	    words(r));
	ck_assert_ptr_nonnull(data_of(r, "\xe2\x9c\x93 Без тихих часов"));
	ck_assert_ptr_nonnull(data_of(r, "Пояс по моему языку"));
	ck_assert_int_eq(svc_person_time(t.svc, TG_PLATFORM, "1001", &pt), 0);
	ck_assert_str_eq(pt.zone, "Europe/Berlin");
	ck_assert_int_eq(pt.chosen, 1);
	ck_assert_int_eq(pt.quiet_start, pt.quiet_end);
	/* Nonsense is refused; nothing changes. */
	say_lang(&t, "1001", "1001", "ru", "/settings zone Mars/Olympus");
	say_lang(&t, "1001", "1001", "ru", "/settings zone ../../etc/passwd");
	say_lang(&t, "1001", "1001", "ru", "/settings quiet 25:00-08:00");
	say_lang(&t, "1001", "1001", "ru", "/settings now");
	tt_drain(&t);
	ck_assert_msg(said(&t, "1001", "«Mars/Olympus» — незнакомый мне "
	    "часовой пояс") != NULL, "no refusal of a zone");
	ck_assert_msg(said(&t, "1001", "«25:00-08:00» — это не тихие часы") !=
	    NULL, "no refusal of quiet hours");
	ck_assert_msg(said(&t, "1001", "Напишите /settings, /settings zone") !=
	    NULL, "no usage");
	ck_assert_int_eq(svc_person_time(t.svc, TG_PLATFORM, "1001", &pt), 0);
	ck_assert_str_eq(pt.zone, "Europe/Berlin");
	/* The deadline on Berlin's clock. */
	game_until_turn(&t, "1001", "ru");
	ck_assert_msg(said(&t, "1001", "Срок хода: 13:13 (осталось 2 ч)") !=
	    NULL, "no deadline on Berlin's clock");
	/* In a group /settings is refused: it is private. */
	say_lang(&t, "-100", "1001", "ru", "/settings");
	tt_drain(&t);
	ck_assert_int_lt(tt_index(&t, "settings", "-100"), 0);
	no_utc(&t);
	tt_close(&t);
}
END_TEST

/* Does the call make a sound (no disable_notification)? */
static int
sounds(const struct tg_req *r)
{
	return (!json_is_true(json_object_get(r->params,
	    "disable_notification")));
}

/*
 * A turn reached in its person's night (01:13 in Moscow): the turn
 * message makes no sound, and the turn's two hours start at 08:00; the
 * reminder comes at four fifths of them, with sound, naming the group
 * and saying the time left in words; the AI plays
 * only when they are up.  A person whose nights are not known (English,
 * no zone) is woken as before.
 */
START_TEST(test_quiet_night)
{
	struct tt	 t;
	struct tg_req	*r;
	struct svc_game	 g;
	int64_t		 id, morning = 1700000000LL + 24400;

	tt_open(&t);
	t.now = 1700000000LL;
	id = game_until_turn(&t, "1001", "ru");
	ck_assert_int_eq(svc_game_info(t.svc, id, &g), 1);
	ck_assert_int_eq(g.due, morning + 7200);
	ck_assert_ptr_nonnull(r = tt_find(&t, "turn", "1001"));
	ck_assert_msg(!sounds(r), "a turn message woke its person");
	ck_assert_msg(strstr(words(r), "Срок хода: 10:00 (осталось 8 ч 46 "
	    "мин)") != NULL, "%s", words(r));
	/* Their morning: one game waits for them, so no digest. */
	ck_assert_int_eq(svc_next_timer(t.svc), morning);
	t.now = morning;
	ck_assert_int_ge(svc_timers(t.svc), 0);
	tt_drain(&t);
	ck_assert_ptr_null(tt_find(&t, "digest", "1001"));
	/* Till morning, and the first 96 minutes of it: nothing. */
	t.now = morning + 5759;
	ck_assert_int_eq(svc_next_timer(t.svc), morning + 5760);
	ck_assert_int_eq(svc_timers(t.svc), 0);
	t.now = morning + 5760;
	ck_assert_int_eq(svc_timers(t.svc), 1);
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "reminder", "1001"));
	ck_assert_msg(sounds(r), "a reminder in the day was silent");
	ck_assert_msg(tt_headed(words(r), "Friday TAC") != NULL &&
	    strstr(words(r), "Игра #1: ваш ход ждёт; осталось 24 мин, потом "
	    "за вас сходит ИИ.") != NULL, "%s", words(r));
	t.now = morning + 7199;
	ck_assert_int_eq(svc_timers(t.svc), 0);
	ck_assert_int_eq(svc_game_info(t.svc, id, &g), 1);
	ck_assert_str_eq(g.seats[g.actor].user, "1001");
	t.now = morning + 7200;
	ck_assert_int_gt(svc_timers(t.svc), 0);
	tt_drain(&t);
	ck_assert_int_ge(tt_index(&t, "takeover", "-100"), 0);
	tt_close(&t);

	/* No zone, no nights: the same hour wakes an English speaker. */
	tt_open(&t);
	t.now = 1700000000LL;
	id = game_until_turn(&t, "1002", "en");
	ck_assert_int_eq(svc_game_info(t.svc, id, &g), 1);
	ck_assert_int_eq(g.due, t.now + 7200);
	ck_assert_ptr_nonnull(r = tt_find(&t, "turn", "1002"));
	ck_assert_msg(sounds(r), "a turn message without quiet hours was "
	    "silent");
	tt_close(&t);
}
END_TEST

/*
 * A turn of one legal action plays itself (auto=on, the default): its
 * person reads what was played for them, in their words, and the
 * group's board shows the move like any other.
 */
START_TEST(test_forced_notice)
{
	struct tt		 t;
	struct tac_state	 st;
	struct tac_list		*l = malloc(sizeof *l);
	struct svc_game		 g;
	const char		*w = NULL;
	char			 act[160], text[200];
	int64_t			 id;
	int			 i;

	ck_assert_ptr_nonnull(l);
	tt_open(&t);
	t.now = NOON;
	say_lang(&t, "-100", "1001", "ru", "/new seed=3");
	say_lang(&t, "-100", "1001", "ru", "/ai all");
	say_lang(&t, "-100", "1001", "ru", "/board text");
	say_lang(&t, "-100", "1001", "ru", "/start");
	id = svc_chat_game(t.svc, TG_PLATFORM, "-100");
	for (i = 0; i < 3000 && w == NULL; i++) {
		while (svc_next_timer(t.svc) >= 0 &&
		    svc_next_timer(t.svc) <= t.now)
			ck_assert_int_ge(svc_timers(t.svc), 0);
		tt_drain(&t);
		w = said(&t, "1001", "у вас был только один ход");
		ck_assert_int_eq(svc_game_info(t.svc, id, &g), 1);
		if (w != NULL || g.state != SVC_PLAYING)
			break;
		ck_assert_int_eq(svc_game_position(t.svc, id, -1, &st), 0);
		if (st.phase == TAC_PH_EXCHANGE)
			st.turn = (uint8_t)g.actor;
		ck_assert_str_eq(g.seats[st.turn].user, "1001");
		ck_assert_int_gt(tac_legal(&st, l), 1);
		tac_action_format(&l->a[l->n - 1], act, sizeof act);
		snprintf(text, sizeof text, "/play %s", act);
		say_lang(&t, "1001", "1001", "ru", text);
	}
	ck_assert_msg(w != NULL, "no turn of one move in %d turns", i);
	ck_assert_msg(tt_headed(w, "Friday TAC") != NULL &&
	    strncmp(tt_headed(w, "Friday TAC"), "Игра #1: у вас был только "
	    "один ход, и он сделан за вас: ", strlen("Игра #1: у вас был "
	    "только один ход, и он сделан за вас: ")) == 0, "%s", w);
	free(l);
	tt_close(&t);
}
END_TEST

/*
 * A time bank does not run in its person's night either: the turn
 * reached at 01:13 in Moscow has the two hours of the bank from 08:00,
 * and a move at 09:00 spent one hour of it, not eight.
 */
START_TEST(test_bank_night)
{
	struct tt		 t;
	struct tac_state	 st;
	struct tac_list		*l = malloc(sizeof *l);
	struct svc_game		 g;
	char			 act[160], text[200];
	int64_t			 id, left, since, morning = 1700000000LL + 24400;

	ck_assert_ptr_nonnull(l);
	tt_open(&t);
	t.now = 1700000000LL;
	id = game_with(&t, "1001", "ru", "/new bank=2h+30m auto=off");
	ck_assert_int_eq(svc_game_info(t.svc, id, &g), 1);
	ck_assert_int_eq(g.due, morning + 7200);
	/* The exchange: the gift at once, which spends no bank; then the
	   AIs play until it is the person's turn. */
	for (;;) {
		ck_assert_int_eq(svc_game_position(t.svc, id, -1, &st), 0);
		ck_assert_int_eq(svc_game_info(t.svc, id, &g), 1);
		if (st.phase != TAC_PH_EXCHANGE && g.actor == st.turn &&
		    strcmp(g.seats[g.actor].user, "1001") == 0)
			break;
		if (st.phase == TAC_PH_EXCHANGE &&
		    strcmp(g.seats[g.actor].user, "1001") == 0) {
			st.turn = (uint8_t)g.actor;
			ck_assert_int_gt(tac_legal(&st, l), 0);
			tac_action_format(&l->a[0], act, sizeof act);
			snprintf(text, sizeof text, "/play %s", act);
			say_lang(&t, "1001", "1001", "ru", text);
		}
		ck_assert_int_ge(svc_timers(t.svc), 0);
	}
	ck_assert_int_eq(g.due, morning + 7200);
	t.now = morning + 3600;
	ck_assert_int_eq(svc_game_position(t.svc, id, -1, &st), 0);
	ck_assert_int_gt(tac_legal(&st, l), 0);
	tac_action_format(&l->a[0], act, sizeof act);
	snprintf(text, sizeof text, "/play %s", act);
	say_lang(&t, "1001", "1001", "ru", text);
	ck_assert_int_eq(svc_game_info(t.svc, id, &g), 1);
	ck_assert_int_gt(g.turn_no, 0);
	ck_assert_int_eq(store_seat_bank(t.store, id, st.turn, &left, &since),
	    1);
	ck_assert_int_eq(left, 7200 - 3600 + 1800);
	/* The bank stops with the move; it runs again from now only when
	   the person acts again at once: the others had no cards left, or
	   the move ended the deal and the next exchange waits on them. */
	if (g.state == SVC_PLAYING && g.actor >= 0 &&
	    strcmp(g.seats[g.actor].user, "1001") == 0)
		ck_assert_int_eq(since, t.now);
	else
		ck_assert_int_eq(since, 0);
	free(l);
	tt_close(&t);
}
END_TEST

Suite *
suite_tg_time(void)
{
	Suite	*s = suite_create("tg_time");
	TCase	*tc = tcase_create("time");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_deadline_words);
	tcase_add_test(tc, test_settings);
	tcase_add_test(tc, test_quiet_night);
	tcase_add_test(tc, test_forced_notice);
	tcase_add_test(tc, test_bank_night);
	suite_add_tcase(s, tc);
	return (s);
}
