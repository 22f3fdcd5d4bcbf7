/*
 * check_tally.c: tac_tally_add(), the counting behind the statistics,
 * on hand-made positions whose counts are known: a kick, a kick of
 * one's own marble (not counted), a 7 that passes two marbles, a TAC
 * that replays a kick, a discard (no card played) and a game won with
 * a TAC.
 */
#include <string.h>

#include "testutil.h"

#define BASE4	"B B B B"

/* Apply text to s as seat and count it into t. */
static void
tally_apply(struct tac_tally *t, struct tac_state *s, const char *text)
{
	struct tac_state	before = *s;
	struct tac_action	a;
	char			err[256] = "";
	int			seat = s->turn;

	ck_assert_msg(tac_action_parse(text, &a, err, sizeof err) == 0,
	    "%s: %s", text, err);
	tu_apply(s, text);
	tac_tally_add(t, seat, &a, &before, s);
}

/* A 5 onto an opponent: one kick given by seat 0, taken by seat 1. */
START_TEST(test_tally_kick)
{
	struct tac_state	s;
	struct tac_tally	t;

	tac_tally_init(&t);
	tu_pos(&s, "B B B 10|B B 15 20|" BASE4 "|" BASE4, "5|2|2|2", NULL);
	tally_apply(&t, &s, "5 10>15");
	ck_assert_uint_eq(t.actions, 1);
	ck_assert_uint_eq(t.seat[0].kicks_given, 1);
	ck_assert_uint_eq(t.seat[1].kicks_taken, 1);
	ck_assert_uint_eq(t.seat[0].kicks_taken, 0);
	ck_assert_uint_eq(t.seat[1].kicks_given, 0);
	ck_assert_uint_eq(t.seat[0].cards[TAC_C5], 1);
	ck_assert_uint_eq(t.seat[0].tacs, 0);
	ck_assert_int_eq(t.winner, -1);
	ck_assert_int_eq(t.finisher, -1);
	ck_assert_int_eq(t.rounds, 1);
}
END_TEST

/* Kicking one's own marble is no kick given or taken. */
START_TEST(test_tally_own_kick)
{
	struct tac_state	s;
	struct tac_tally	t;
	int			i;

	tac_tally_init(&t);
	tu_pos(&s, "B B 10 15|" BASE4 "|" BASE4 "|" BASE4, "5|2|2|2", NULL);
	tally_apply(&t, &s, "5 10>15");
	for (i = 0; i < 4; i++) {
		ck_assert_uint_eq(t.seat[i].kicks_given, 0);
		ck_assert_uint_eq(t.seat[i].kicks_taken, 0);
	}
	ck_assert_uint_eq(t.seat[0].cards[TAC_C5], 1);
}
END_TEST

/* A 7 that passes two of seat 1's marbles kicks both. */
START_TEST(test_tally_seven_kicks_two)
{
	struct tac_state	s;
	struct tac_tally	t;

	tac_tally_init(&t);
	tu_pos(&s, "B B B 10|B B 12 14|" BASE4 "|" BASE4, "7|2|2|2", NULL);
	tally_apply(&t, &s, "7 10>17");
	tu_marbles(&s, 1, BASE4);
	ck_assert_uint_eq(t.seat[0].kicks_given, 2);
	ck_assert_uint_eq(t.seat[1].kicks_taken, 2);
	ck_assert_uint_eq(t.seat[0].cards[TAC_C7], 1);
}
END_TEST

/*
 * A TAC undoes seat 0's kick (the kick stays counted: it happened) and
 * plays the 5 for seat 1, kicking nobody: one TAC, counted as the TAC
 * card and not as a 5.
 */
START_TEST(test_tally_tac)
{
	struct tac_state	s;
	struct tac_tally	t;

	tac_tally_init(&t);
	tu_pos(&s, "B B B 20|B B B 25|" BASE4 "|" BASE4, "5 9|TAC|2|2", NULL);
	tally_apply(&t, &s, "5 20>25");
	tally_apply(&t, &s, "TAC 5 25>30");
	ck_assert_uint_eq(t.seat[0].kicks_given, 1);
	ck_assert_uint_eq(t.seat[1].kicks_taken, 1);
	ck_assert_uint_eq(t.seat[1].kicks_given, 0);
	ck_assert_uint_eq(t.seat[1].tacs, 1);
	ck_assert_uint_eq(t.seat[1].cards[TAC_TAC], 1);
	ck_assert_uint_eq(t.seat[1].cards[TAC_C5], 0);
	ck_assert_uint_eq(t.seat[0].cards[TAC_C5], 1);
}
END_TEST

/* A discard plays no card. */
START_TEST(test_tally_discard)
{
	struct tac_state	s;
	struct tac_tally	t;
	int			c;

	tac_tally_init(&t);
	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4, "5|2|2|2", NULL);
	tally_apply(&t, &s, "5 discard");
	for (c = 0; c < TAC_NCARDS; c++)
		ck_assert_uint_eq(t.seat[0].cards[c], 0);
	ck_assert_uint_eq(t.actions, 1);
}
END_TEST

/* The forced TAC that wins (T10): seat 1 ended the game with a TAC. */
START_TEST(test_tally_won_by_tac)
{
	struct tac_state	s;
	struct tac_tally	t;

	tac_tally_init(&t);
	tu_pos(&s, "63 H2 H3 H4|15 H2 H3 H4|H1 H2 H3 H4|H1 H2 H3 H4",
	    "2 9|TAC 9|TAC 9|9", NULL);
	tally_apply(&t, &s, "2 63>0H1");
	ck_assert_int_eq(t.winner, -1);
	tally_apply(&t, &s, "TAC 2 15>1H1");
	ck_assert_int_eq(t.winner, tac_team(&s, 1));
	ck_assert_int_eq(t.finisher, 1);
	ck_assert_int_eq(t.by_tac, 1);
	ck_assert_uint_eq(t.seat[1].tacs, 1);
	ck_assert_uint_eq(t.actions, 2);
}
END_TEST

/* The last marble home with a 2: won, not by a TAC. */
START_TEST(test_tally_won_plainly)
{
	struct tac_state	s;
	struct tac_tally	t;

	tac_tally_init(&t);
	tu_pos(&s, "63 H2 H3 H4|B B B 20|H1 H2 H3 H4|" BASE4, "2|5|2|2",
	    NULL);
	tally_apply(&t, &s, "2 63>0H1");
	ck_assert_int_eq(t.winner, tac_team(&s, 0));
	ck_assert_int_eq(t.finisher, 0);
	ck_assert_int_eq(t.by_tac, 0);
	ck_assert_uint_eq(t.seat[0].cards[TAC_C2], 1);
}
END_TEST

Suite *
suite_tally(void)
{
	Suite	*s = suite_create("tally");
	TCase	*tc = tcase_create("tally");

	tcase_add_test(tc, test_tally_kick);
	tcase_add_test(tc, test_tally_own_kick);
	tcase_add_test(tc, test_tally_seven_kicks_two);
	tcase_add_test(tc, test_tally_tac);
	tcase_add_test(tc, test_tally_discard);
	tcase_add_test(tc, test_tally_won_by_tac);
	tcase_add_test(tc, test_tally_won_plainly);
	suite_add_tcase(s, tc);
	return (s);
}
