/*
 * check_tg_left.c: a member's leaving a group, as the Telegram bridge
 * reads it (tg-update.c), without a network: the group's service message
 * (left_chat_member: the one who left, not who removed them) and a
 * chat_member update whose new status is left, kicked, or restricted and
 * no member become SVC_EV_LEFT events; a bot's leaving, another status,
 * or a private chat are only recorded.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "check_tg.h"

/* Each way Telegram says a member left, and what is not one. */
START_TEST(test_update_left)
{
	struct tg_update	*u;
	const char		*left = "{\"update_id\": 11, \"message\": "
	    "{\"message_id\": 5, \"from\": {\"id\": 1, \"first_name\": "
	    "\"Admin\"}, \"chat\": {\"id\": -100, \"type\": \"group\", "
	    "\"title\": \"Club\"}, \"left_chat_member\": {\"id\": 42, "
	    "\"first_name\": \"Ann\", \"language_code\": \"de\"}}}";
	const char		*bot = "{\"update_id\": 12, \"message\": "
	    "{\"from\": {\"id\": 1}, \"chat\": {\"id\": -100, \"type\": "
	    "\"group\"}, \"left_chat_member\": {\"id\": 7, \"is_bot\": "
	    "true, \"first_name\": \"Tac\"}}}";
	const char		*kicked = "{\"update_id\": 13, \"chat_member\": "
	    "{\"chat\": {\"id\": -100, \"type\": \"supergroup\"}, "
	    "\"from\": {\"id\": 1}, \"date\": 1, \"old_chat_member\": "
	    "{\"status\": \"member\", \"user\": {\"id\": 43}}, "
	    "\"new_chat_member\": {\"status\": \"kicked\", \"user\": "
	    "{\"id\": 43, \"first_name\": \"Bo\"}}}}";
	const char		*out = "{\"update_id\": 14, \"chat_member\": "
	    "{\"chat\": {\"id\": -100, \"type\": \"group\"}, \"from\": "
	    "{\"id\": 43}, \"date\": 1, \"new_chat_member\": {\"status\": "
	    "\"restricted\", \"is_member\": false, \"user\": {\"id\": "
	    "43}}}}";
	const char		*in = "{\"update_id\": 15, \"chat_member\": "
	    "{\"chat\": {\"id\": -100, \"type\": \"group\"}, \"from\": "
	    "{\"id\": 43}, \"date\": 1, \"new_chat_member\": {\"status\": "
	    "\"restricted\", \"is_member\": true, \"user\": {\"id\": "
	    "43}}}}";
	const char		*priv = "{\"update_id\": 16, \"message\": "
	    "{\"from\": {\"id\": 42}, \"chat\": {\"id\": 42, \"type\": "
	    "\"private\"}, \"left_chat_member\": {\"id\": 42}}}";

	u = malloc(sizeof *u);
	ck_assert(u != NULL);
	ck_assert_int_eq(tg_update_parse(left, strlen(left), NULL, u), 1);
	ck_assert_int_eq(u->ev.kind, SVC_EV_LEFT);
	ck_assert_str_eq(u->ev.user, "42");
	ck_assert_str_eq(u->ev.user_name, "Ann");
	ck_assert_str_eq(u->ev.lang, "de");
	ck_assert_str_eq(u->ev.chat, "-100");
	ck_assert_int_eq(u->ev.private_chat, 0);
	ck_assert_ptr_null(u->ev.text);
	ck_assert_int_eq(u->msgid, 5);
	ck_assert_int_eq(tg_update_parse(bot, strlen(bot), NULL, u), 0);
	ck_assert_int_ne(u->ev.kind, SVC_EV_LEFT);
	ck_assert_int_eq(tg_update_parse(kicked, strlen(kicked), NULL, u), 1);
	ck_assert_int_eq(u->ev.kind, SVC_EV_LEFT);
	ck_assert_str_eq(u->ev.user, "43");
	ck_assert_str_eq(u->ev.chat, "-100");
	ck_assert_int_eq(u->ev.update_id, 13);
	ck_assert_int_eq(tg_update_parse(out, strlen(out), NULL, u), 1);
	ck_assert_int_eq(u->ev.kind, SVC_EV_LEFT);
	ck_assert_int_eq(tg_update_parse(in, strlen(in), NULL, u), 0);
	ck_assert_int_ne(u->ev.kind, SVC_EV_LEFT);
	ck_assert_int_eq(tg_update_parse(priv, strlen(priv), NULL, u), 0);
	ck_assert_int_ne(u->ev.kind, SVC_EV_LEFT);
	free(u);
}
END_TEST

/* The suite of a member's leaving. */
Suite *
suite_tg_left(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("tg_left");
	tc = tcase_create("tg_left");
	tcase_add_test(tc, test_update_left);
	suite_add_tcase(s, tc);
	return (s);
}
