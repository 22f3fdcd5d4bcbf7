/*
 * check_outbox.c: the outbox as the bridges use it (svc_outbox_take(),
 * svc_outbox_finish()): the message names a chat's board and lobby
 * keep, a burst of notices taken as one batch and put off whole, a
 * deferred row, and a person who cannot be reached told to their group
 * by a row of its own.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_daemon.h"

/* Message names of boards and lobbies are remembered, others not. */
START_TEST(test_message_ids)
{
	struct svc_batch	*b;
	char			 buf[32];
	int64_t			 g;

	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	ck_assert_int_eq(td_say(&fx, "u0", "/new"), 0);
	g = td_game(&fx, "g1");
	ck_assert_int_eq(svc_message(fx.svc, g, "g1", "lobby", buf,
	    sizeof buf), 0);
	ck_assert_int_eq(td_take(&fx, b), 1);
	ck_assert_str_eq(b->row[0].kind, "lobby");
	td_finish(&fx, b, "m1");
	ck_assert_int_eq(svc_message(fx.svc, g, "g1", "lobby", buf,
	    sizeof buf), 1);
	ck_assert_str_eq(buf, "m1");
	ck_assert_int_eq(svc_message(fx.svc, g, "g1", "board", buf,
	    sizeof buf), 0);
	ck_assert_int_eq(svc_message(fx.svc, g, "g2", "lobby", buf,
	    sizeof buf), 0);
	/* A newer lobby message replaces it; "help" rows are not kept. */
	ck_assert_int_eq(td_say(&fx, "u1", "/join"), 0);
	ck_assert_int_eq(td_say(&fx, "u1", "/help"), 0);
	ck_assert_int_eq(td_take(&fx, b), 1);
	td_finish(&fx, b, "m2");
	ck_assert_int_eq(td_take(&fx, b), 1);
	ck_assert_str_eq(b->row[0].kind, "help");
	td_finish(&fx, b, "m3");
	ck_assert_int_eq(svc_message(fx.svc, g, "g1", "lobby", buf,
	    sizeof buf), 1);
	ck_assert_str_eq(buf, "m2");
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM messages"), 1);
	/* A row delivered without a name leaves the old one. */
	ck_assert_int_eq(td_say(&fx, "u2", "/join"), 0);
	td_drain(&fx);
	ck_assert_int_eq(svc_message(fx.svc, g, "g1", "lobby", buf,
	    sizeof buf), 1);
	ck_assert_str_eq(buf, "m2");
	/* The board's own. */
	ck_assert_int_eq(td_say(&fx, "u3", "/join"), 0);
	ck_assert_int_eq(td_say(&fx, "u0", "/start"), 0);
	while (td_take(&fx, b) == 1)
		td_finish(&fx, b, strcmp(b->row[0].kind, "board") == 0 ? "m9" :
		    "m8");
	ck_assert_int_eq(svc_message(fx.svc, g, "g1", "board", buf,
	    sizeof buf), 1);
	ck_assert_str_eq(buf, "m9");
	free(b);
}
END_TEST

/*
 * A burst of one chat's notices is one batch: its first row and the
 * notices after it, in the chat's order, up to the first row that is no
 * notice; another chat's rows are not in it.  A batch put off keeps the
 * whole burst waiting: order is kept.
 */
START_TEST(test_outbox_batch)
{
	struct svc_batch	*b;
	int64_t			 first;

	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	/* Confirmations ("info") are notices; /help is not. */
	ck_assert_int_eq(td_event(&fx, "g1", 0, "u0", 1, "/board text"), 0);
	ck_assert_int_eq(td_event(&fx, "g2", 0, "u0", 0, "/help"), 0);
	ck_assert_int_eq(td_event(&fx, "g1", 0, "u0", 1, "/board picture"),
	    0);
	ck_assert_int_eq(td_say(&fx, "u0", "/help"), 0);
	ck_assert_int_eq(td_event(&fx, "g1", 0, "u0", 1, "/board text"), 0);
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", "g1", b), 1);
	ck_assert_int_eq(b->n, 2);
	ck_assert_str_eq(b->row[0].kind, "info");
	ck_assert_str_eq(b->row[1].kind, "info");
	ck_assert_int_gt(b->row[1].id, b->row[0].id + 1); /* g2's skipped */
	first = b->row[0].id;
	/* Put off: the whole burst waits. */
	ck_assert_int_eq(svc_outbox_finish(fx.svc, b, SVC_RETRY, fx.now + 30,
	    NULL), 0);
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", "g1", b), 0);
	ck_assert_int_eq(b->due, fx.now + 30);
	fx.now += 30;
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", "g1", b), 1);
	ck_assert_int_eq(b->n, 2);
	ck_assert_int_eq(b->row[0].id, first);
	ck_assert_int_eq(b->row[0].attempts, 1);
	td_finish(&fx, b, NULL);
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", "g1", b), 1);
	ck_assert_int_eq(b->n, 1);
	ck_assert_str_eq(b->row[0].kind, "help");
	td_finish(&fx, b, NULL);
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", "g1", b), 1);
	ck_assert_int_eq(b->n, 1);
	ck_assert_str_eq(b->row[0].kind, "info");
	td_finish(&fx, b, NULL);
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", "g1", b), 0);
	ck_assert_int_eq(svc_outbox_take(fx.svc, "other", NULL, b), 0);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM outbox WHERE "
	    "chat = 'g1' AND sent = 1"), 4);
	free(b);
}
END_TEST

/* A deferred row waits without an attempt counted; a retry counts one. */
START_TEST(test_outbox_defer)
{
	struct svc_batch	*b;

	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	ck_assert_int_eq(td_say(&fx, "u0", "/help"), 0);
	ck_assert_int_eq(td_take(&fx, b), 1);
	ck_assert_int_eq(svc_outbox_finish(fx.svc, b, SVC_DEFER, fx.now + 5,
	    NULL), 0);
	ck_assert_int_eq(td_take(&fx, b), 0);
	fx.now += 5;
	ck_assert_int_eq(td_take(&fx, b), 1);
	ck_assert_int_eq(b->row[0].attempts, 0);
	ck_assert_int_eq(svc_outbox_finish(fx.svc, b, SVC_RETRY, fx.now,
	    NULL), 0);
	ck_assert_int_eq(td_take(&fx, b), 1);
	ck_assert_int_eq(b->row[0].attempts, 1);
	td_finish(&fx, b, NULL);
	ck_assert_int_eq(td_take(&fx, b), 0);
	free(b);
}
END_TEST

/*
 * Person u1 types text twice in their private chat: the first answer is
 * delivered (named ref: NULL, it needed no message), the second refused
 * as unreachable.  How many notices about them the group got.
 */
static int
reach(struct td *t, const char *text, const char *ref)
{
	struct svc_batch	*b;
	int			 n;

	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	ck_assert_int_eq(td_event(t, "u1", 1, "u1", 0, text), 0);
	ck_assert_int_eq(svc_outbox_take(t->svc, "test", "u1", b), 1);
	ck_assert_int_eq(svc_outbox_finish(t->svc, b, SVC_DONE, 0, ref), 0);
	ck_assert_int_eq(td_event(t, "u1", 1, "u1", 0, text), 0);
	ck_assert_int_eq(svc_outbox_take(t->svc, "test", "u1", b), 1);
	ck_assert_int_eq(svc_outbox_finish(t->svc, b, SVC_UNREACHABLE, 0,
	    NULL), 0);
	free(b);
	td_drain(t);
	n = td_count(t, "unreachable", "g1");
	td_clear(t);
	return (n);
}

/*
 * A person's private chat that cannot be written to: the bridge drops
 * their rows as unreachable, and their game's chat gets one notice row
 * (with who and which seat), in that chat's order, and no more while
 * the person stays out of reach; a message that reaches them resets
 * that, and a reminder of their turn that cannot reach them tells the
 * chat each time.
 */
START_TEST(test_unreachable)
{
	struct svc_batch	*b;
	struct td_out		*o;
	int64_t			 g;
	int			 n;

	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	g = td_lobby4(&fx, "g1", "");
	/* u1's first row is refused: the group is told, after its rows. */
	ck_assert_int_eq(svc_outbox_take(fx.svc, "test", "u1", b), 1);
	ck_assert_int_eq(svc_outbox_finish(fx.svc, b, SVC_UNREACHABLE, 0,
	    NULL), 0);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM outbox WHERE "
	    "kind = 'unreachable' AND chat = 'g1' AND sent = 0"), 1);
	ck_assert_int_gt(td_sql_int(&fx, "SELECT min(id) FROM outbox WHERE "
	    "kind = 'unreachable'"), td_sql_int(&fx, "SELECT max(id) FROM "
	    "outbox WHERE chat = 'g1' AND kind != 'unreachable'"));
	/* Its next rows, refused too: no second notice. */
	ck_assert_int_eq(td_event(&fx, "u1", 1, "u1", 0, "/hand"), 0);
	for (n = 0; svc_outbox_take(fx.svc, "test", "u1", b) == 1; n++)
		ck_assert_int_eq(svc_outbox_finish(fx.svc, b, SVC_UNREACHABLE,
		    0, NULL), 0);
	ck_assert_int_gt(n, 0);
	td_drain(&fx);
	ck_assert_int_eq(td_count(&fx, "unreachable", "g1"), 1);
	ck_assert_ptr_nonnull(o = td_find(&fx, "unreachable", "g1"));
	ck_assert_str_eq(td_str(o, "user"), "u1");
	ck_assert_int_eq(td_int(o, "seat"), 1);
	ck_assert_int_eq(td_int(o, "game"), g);
	ck_assert(json_is_false(json_object_get(o->payload, "turn")));
	td_clear(&fx);
	/* A row that needed no message reached nobody: still told. */
	ck_assert_int_eq(reach(&fx, "/hand", NULL), 0);
	/* Reached (a message named): the next refusal tells once more. */
	ck_assert_int_eq(reach(&fx, "/hand", "71"), 1);
	/* A row of no game tells nobody. */
	ck_assert_int_eq(reach(&fx, "/help", "72"), 0);
	free(b);
}
END_TEST

/* The outbox's suite. */
Suite *
suite_outbox(void)
{
	Suite	*s = suite_create("outbox");
	TCase	*tc = tcase_create("outbox");

	tcase_add_checked_fixture(tc, fx_setup, fx_teardown);
	tcase_add_test(tc, test_message_ids);
	tcase_add_test(tc, test_outbox_batch);
	tcase_add_test(tc, test_outbox_defer);
	tcase_add_test(tc, test_unreachable);
	suite_add_tcase(s, tc);
	return (s);
}
