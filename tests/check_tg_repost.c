/*
 * check_tg_repost.c: when a group's live message not pinned is posted
 * anew at the bottom (bot/telegram/tg-chat.c, tg_chat_due(), and the
 * call tg_out_make() makes of it): only once repost_messages other
 * messages have buried it and repost_interval has passed since it was
 * posted; otherwise a move edits it in place.  A pinned one is never
 * posted anew; /board always is.  The times are given, not waited for.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include <check.h>

#include "check_tg.h"
#include "compose.h"
#include "config.h"

#define GROUP	"-4001"		/* a basic group */
#define SUPER	"-1004002"	/* a supergroup */
#define LIVE	100		/* the live message's id */
#define T0	5000.0		/* when it was posted (tg_now() seconds) */

static struct tg	*tg;

/* A bridge with the default configuration, not started. */
static void
tr_setup(void)
{
	struct config	conf;

	config_defaults(&conf);
	tg = tg_new(NULL, NULL, &conf);
}

/* Let the bridge go. */
static void
tr_teardown(void)
{
	tg_free(tg);
	tg = NULL;
}

/* n messages with ids from first on seen in chat (a basic group's). */
static void
tr_saw(const char *chat, int64_t first, int n)
{
	int	i;

	for (i = 0; i < n; i++)
		tg_chat_saw(tg, chat, first + i, 0);
}

/*
 * The call tg_out_make() makes now for the live message LIVE of chat,
 * edited by a move: its method into method, its drop (the message taken
 * away after a repost) into drop.
 */
static void
tr_move(const char *chat, int pinned, int repost, char *method, size_t mlen,
    char *drop, size_t dlen)
{
	struct compose_msg	m;
	struct tg_req		req;

	memset(&m, 0, sizeof m);
	memset(&req, 0, sizeof req);
	m.form = COMPOSE_TEXT;
	snprintf(m.chat, sizeof m.chat, "%s", chat);
	rbuf_addstr(&m.text, "Game #1, round 1: Anna is to play.");
	tg_ref_make(m.replaces, sizeof m.replaces, LIVE, 0);
	m.live = 1;
	m.pinned = pinned;
	m.repost = repost;
	m.silent = 1;
	tg_out_make(tg, &m, &req);
	snprintf(method, mlen, "%s", req.method);
	snprintf(drop, dlen, "%s", req.drop);
	ck_assert_int_eq(req.live, !pinned);
	tg_out_free(&req);
	compose_msg_free(&m);
}

/* The defaults: 10 messages and 10 minutes. */
START_TEST(test_repost_defaults)
{
	ck_assert_int_eq(tg->repost_after, 10);
	ck_assert(tg->repost_wait == 600.0);
}
END_TEST

/*
 * Below repost_messages no repost, however long it stood; at it, one,
 * but only once repost_interval has passed since it was posted.
 */
START_TEST(test_repost_rule)
{
	tg_chat_posted(tg, GROUP, LIVE, T0);
	tr_saw(GROUP, LIVE + 1, 9);
	ck_assert_int_eq(tg_chat_due(tg, GROUP, LIVE, T0 + 86400), 0);
	/* A message seen twice (an update, then its echo) counts once. */
	tg_chat_saw(tg, GROUP, LIVE + 9, 0);
	ck_assert_int_eq(tg_chat_due(tg, GROUP, LIVE, T0 + 86400), 0);
	/* An older message does not bury it. */
	tg_chat_saw(tg, GROUP, LIVE - 1, 0);
	ck_assert_int_eq(tg_chat_due(tg, GROUP, LIVE, T0 + 86400), 0);
	tr_saw(GROUP, LIVE + 10, 1);
	ck_assert_int_eq(tg_chat_due(tg, GROUP, LIVE, T0 + 599), 0);
	ck_assert_int_eq(tg_chat_due(tg, GROUP, LIVE, T0 + 600), 1);
	/* Posted anew: the count starts again from the new message. */
	tg_chat_saw(tg, GROUP, LIVE + 20, 0);
	tg_chat_posted(tg, GROUP, LIVE + 20, T0 + 600);
	tr_saw(GROUP, LIVE + 21, 9);
	ck_assert_int_eq(tg_chat_due(tg, GROUP, LIVE + 20, T0 + 7200), 0);
	tr_saw(GROUP, LIVE + 30, 1);
	ck_assert_int_eq(tg_chat_due(tg, GROUP, LIVE + 20, T0 + 1199), 0);
	ck_assert_int_eq(tg_chat_due(tg, GROUP, LIVE + 20, T0 + 1200), 1);
}
END_TEST

/*
 * In a supergroup the ids count every message, the chatter the bot
 * never sees included: the newest id seen tells how many buried it.
 */
START_TEST(test_repost_super)
{
	tg_chat_saw(tg, SUPER, LIVE, 1);
	tg_chat_posted(tg, SUPER, LIVE, T0);
	tg_chat_saw(tg, SUPER, LIVE + 9, 1);
	ck_assert_int_eq(tg_chat_due(tg, SUPER, LIVE, T0 + 600), 0);
	tg_chat_saw(tg, SUPER, LIVE + 10, 1);
	ck_assert_int_eq(tg_chat_due(tg, SUPER, LIVE, T0 + 599), 0);
	ck_assert_int_eq(tg_chat_due(tg, SUPER, LIVE, T0 + 600), 1);
}
END_TEST

/*
 * A live message the bridge did not see posted (it restarted since) is
 * taken as posted when first asked about: a restart never brings a
 * repost sooner.
 */
START_TEST(test_repost_restart)
{
	tg_chat_saw(tg, SUPER, LIVE + 50, 1);
	ck_assert_int_eq(tg_chat_due(tg, SUPER, LIVE, T0), 0);
	ck_assert_int_eq(tg_chat_due(tg, SUPER, LIVE, T0 + 599), 0);
	ck_assert_int_eq(tg_chat_due(tg, SUPER, LIVE, T0 + 600), 1);
}
END_TEST

/* repost_interval off: a repost is due as soon as it is buried. */
START_TEST(test_repost_off)
{
	tg->repost_wait = 0;
	tg->repost_after = 3;
	tg_chat_posted(tg, GROUP, LIVE, T0);
	tr_saw(GROUP, LIVE + 1, 2);
	ck_assert_int_eq(tg_chat_due(tg, GROUP, LIVE, T0), 0);
	tr_saw(GROUP, LIVE + 3, 1);
	ck_assert_int_eq(tg_chat_due(tg, GROUP, LIVE, T0), 1);
}
END_TEST

/*
 * What a move makes of it: an edit in place until a repost is due, then
 * a new message that takes the old one away; a pinned live message is
 * edited however buried, and /board posts anew at any time.
 */
START_TEST(test_repost_move)
{
	char	method[32], drop[SVC_REF_MAX], ref[SVC_REF_MAX];
	double	now = tg_now();

	tg_ref_make(ref, sizeof ref, LIVE, 0);
	/* Posted 10 minutes ago, nine messages after it: an edit. */
	tg_chat_posted(tg, GROUP, LIVE, now - 601);
	tr_saw(GROUP, LIVE + 1, 9);
	tr_move(GROUP, 0, 0, method, sizeof method, drop, sizeof drop);
	ck_assert_str_eq(method, "editMessageText");
	ck_assert_str_eq(drop, "");
	/* /board: anew, whatever the count. */
	tr_move(GROUP, 0, 1, method, sizeof method, drop, sizeof drop);
	ck_assert_str_eq(method, "sendMessage");
	ck_assert_str_eq(drop, ref);
	/* The tenth: anew, the old one taken away after it. */
	tr_saw(GROUP, LIVE + 10, 1);
	tr_move(GROUP, 0, 0, method, sizeof method, drop, sizeof drop);
	ck_assert_str_eq(method, "sendMessage");
	ck_assert_str_eq(drop, ref);
	/* Pinned: never anew, however buried and however long it stood. */
	tr_saw(GROUP, LIVE + 11, 40);
	tr_move(GROUP, 1, 0, method, sizeof method, drop, sizeof drop);
	ck_assert_str_eq(method, "editMessageText");
	ck_assert_str_eq(drop, "");
	/* Buried but posted a minute ago: an edit. */
	tg_chat_posted(tg, GROUP, LIVE, now - 60);
	tr_saw(GROUP, LIVE + 60, 20);
	tr_move(GROUP, 0, 0, method, sizeof method, drop, sizeof drop);
	ck_assert_str_eq(method, "editMessageText");
	ck_assert_str_eq(drop, "");
}
END_TEST

/* The suite. */
Suite *
suite_tg_repost(void)
{
	Suite	*s = suite_create("tg_repost");
	TCase	*tc = tcase_create("repost");

	tcase_add_checked_fixture(tc, tr_setup, tr_teardown);
	tcase_add_test(tc, test_repost_defaults);
	tcase_add_test(tc, test_repost_rule);
	tcase_add_test(tc, test_repost_super);
	tcase_add_test(tc, test_repost_restart);
	tcase_add_test(tc, test_repost_off);
	tcase_add_test(tc, test_repost_move);
	suite_add_tcase(s, tc);
	return (s);
}
