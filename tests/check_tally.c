/*
 * check_tally.c: tac_tally_add(), the counting behind the statistics,
 * on hand-made positions whose counts are known: a kick, a kick of
 * one's own marble (not counted), a 7 that passes two marbles, a TAC
 * that replays a kick, a discard (no card played) and a game won with
 * a TAC.  Then the marbles at home per round (tac_homes_add(), the
 * game-end chart): a round's last action sets its count, a TAC that
 * undoes an entry home takes it back, a series begun late fills the
 * rounds before, a win ends it with the whole team home, teams of
 * three, rounds past the cap; and tac_record_homes() over whole seeded
 * games against the homes counted off each round's last position.
 */
#include <stdlib.h>
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

/* Apply text to s as its seat to act, counting it into h. */
static void
homes_apply(struct tac_homes *h, struct tac_state *s, const char *text)
{
	struct tac_state	before = *s;

	tu_apply(s, text);
	tac_homes_add(h, &before, s);
}

/* Give the first card of the seat to act (the exchange). */
static void
homes_give(struct tac_homes *h, struct tac_state *s)
{
	char	text[32];
	int	c;

	for (c = 0; c < TAC_NCARDS && s->hand[s->turn][c] == 0; c++)
		;
	ck_assert_int_lt(c, TAC_NCARDS);
	snprintf(text, sizeof text, "give %s", tac_card_name(c));
	homes_apply(h, s, text);
}

/*
 * Round 1 ends with seat 0's marble entering its home: team 0 (seats 0
 * and 2) has 1 + 2 at home, team 1 (seats 1 and 3) the one of seat 1.
 * The deal of round 2 and its first gift change nothing.
 */
START_TEST(test_homes_round_end)
{
	struct tac_state	s;
	struct tac_homes	h;

	tac_homes_init(&h);
	tu_pos(&s, "B B B 62|B B B H4|H3 H4 B B|" BASE4, "3|2|2|2", NULL);
	ck_assert_int_eq(tac_homes_team(&s, 0), 2);
	ck_assert_int_eq(tac_homes_team(&s, 1), 1);
	homes_apply(&h, &s, "3 62>0H1");
	ck_assert_int_eq(h.n, 1);
	ck_assert_int_eq(h.rounds, 1);
	ck_assert_int_eq(h.nteams, 2);
	ck_assert_int_eq(h.home[0][0], 3);
	ck_assert_int_eq(h.home[0][1], 1);
	homes_apply(&h, &s, "2 discard");
	homes_apply(&h, &s, "2 discard");
	homes_apply(&h, &s, "2 discard");
	ck_assert_int_eq(s.round, 2);
	ck_assert_int_eq(h.n, 1);
	homes_give(&h, &s);
	ck_assert_int_eq(h.n, 2);
	ck_assert_int_eq(h.rounds, 2);
	ck_assert_int_eq(h.home[0][0], 3);
	ck_assert_int_eq(h.home[0][1], 1);
	ck_assert_int_eq(h.home[1][0], 3);
	ck_assert_int_eq(h.home[1][1], 1);
}
END_TEST

/*
 * Seat 1's TAC undoes seat 0's entry home and plays the 3 itself: the
 * round ends with team 0's marble back on 62, nothing at home.
 */
START_TEST(test_homes_tac_undoes)
{
	struct tac_state	s;
	struct tac_homes	h;

	tac_homes_init(&h);
	tu_pos(&s, "B B B 62|B B B 10|" BASE4 "|" BASE4, "3|TAC|2|2", NULL);
	homes_apply(&h, &s, "3 62>0H1");
	ck_assert_int_eq(h.home[0][0], 1);
	homes_apply(&h, &s, "TAC 3 10>13");
	tu_marbles(&s, 0, "B B B 62");
	homes_apply(&h, &s, "2 discard");
	homes_apply(&h, &s, "2 discard");
	ck_assert_int_eq(s.round, 2);
	ck_assert_int_eq(h.n, 1);
	ck_assert_int_eq(h.home[0][0], 0);
	ck_assert_int_eq(h.home[0][1], 0);
}
END_TEST

/*
 * A series begun in round 3 (a game from a position): rounds 1 and 2
 * take the counts from before its first action, round 3 those after.
 */
START_TEST(test_homes_late_start)
{
	struct tac_state	s;
	struct tac_homes	h;

	tac_homes_init(&h);
	tu_pos(&s, "B B H2 62|H1 B B B|H4 B B B|H2 H3 B B", "3 5|2|2|2",
	    "'round':3");
	homes_apply(&h, &s, "3 62>0H1");
	ck_assert_int_eq(h.n, 3);
	ck_assert_int_eq(h.rounds, 3);
	ck_assert_int_eq(h.home[0][0], 2);
	ck_assert_int_eq(h.home[0][1], 3);
	ck_assert_int_eq(h.home[1][0], 2);
	ck_assert_int_eq(h.home[1][1], 3);
	ck_assert_int_eq(h.home[2][0], 3);
	ck_assert_int_eq(h.home[2][1], 3);
}
END_TEST

/* The winning entry: the last round ends with all of team 0 home. */
START_TEST(test_homes_win)
{
	struct tac_state	s;
	struct tac_homes	h;

	tac_homes_init(&h);
	tu_pos(&s, "63 H2 H3 H4|B B B 20|H1 H2 H3 H4|B B H4 H3", "2|5|2|2",
	    "'round':2");
	homes_apply(&h, &s, "2 63>0H1");
	ck_assert_int_eq(s.phase, TAC_PH_OVER);
	ck_assert_int_eq(h.n, 2);
	ck_assert_int_eq(h.home[0][0], 7);
	ck_assert_int_eq(h.home[0][1], 2);
	ck_assert_int_eq(h.home[1][0], 8);
	ck_assert_int_eq(h.home[1][1], 2);
}
END_TEST

/*
 * Six seats (66 fields) in two teams of three: seats 0, 2, 4 against
 * 1, 3, 5; then the same board in three pairs.
 */
START_TEST(test_homes_triples)
{
	struct tac_state	s;
	struct tac_homes	h;

	tac_homes_init(&h);
	tu_pos(&s, "B B B 64|H1 B B B|H1 H2 B B|H4 B B B|H3 B B B|H1 H2 H3 B",
	    "3|2|2|2|2|2", "'teams':'triples'");
	homes_apply(&h, &s, "3 64>0H1");
	ck_assert_int_eq(h.nteams, 2);
	ck_assert_int_eq(h.home[0][0], 4);
	ck_assert_int_eq(h.home[0][1], 5);
	tu_pos(&s, "B B B 64|H1 B B B|H1 H2 B B|H4 B B B|H3 B B B|H1 H2 H3 B",
	    "3|2|2|2|2|2", NULL);
	tac_homes_init(&h);
	homes_apply(&h, &s, "3 64>0H1");
	/* Pairs of six: 0 and 3, 1 and 4, 2 and 5. */
	ck_assert_int_eq(h.nteams, 3);
	ck_assert_int_eq(h.home[0][0], 2);
	ck_assert_int_eq(h.home[0][1], 2);
	ck_assert_int_eq(h.home[0][2], 5);
}
END_TEST

/* Rounds past TAC_HOMES_MAX all write the last slot: it is the latest. */
START_TEST(test_homes_cap)
{
	struct tac_state	s;
	struct tac_homes	h;
	char			extra[32];

	tac_homes_init(&h);
	snprintf(extra, sizeof extra, "'round':%d", TAC_HOMES_MAX + 7);
	tu_pos(&s, "B B B 62|" BASE4 "|" BASE4 "|" BASE4, "3|2|2|2", extra);
	homes_apply(&h, &s, "3 62>0H1");
	ck_assert_int_eq(h.rounds, TAC_HOMES_MAX + 7);
	ck_assert_int_eq(h.n, TAC_HOMES_MAX);
	ck_assert_int_eq(h.home[TAC_HOMES_MAX - 2][0], 0);
	ck_assert_int_eq(h.home[TAC_HOMES_MAX - 1][0], 1);
}
END_TEST

/* Seat s's marbles in its home, read off the position's notation. */
static int
homes_count(const struct tac_state *s, int seat)
{
	const char	*p;
	int		 n = 0;

	for (p = tu_marbles_str(s, seat); (p = strchr(p, 'H')) != NULL; p++)
		n++;
	return (n);
}

/*
 * Whole games from seeds (4 seats; 6 in pairs and in triples), played
 * with the legal lists: tac_record_homes() over the record gives, for
 * every round, the homes counted off the position after its last
 * action, and its replay ends where the game did.
 */
START_TEST(test_homes_record)
{
	static const int	 shape[3][2] = { { 4, 0 }, { 6, 0 }, { 6, 1 } };
	struct tac_record	 rec;
	struct tac_state	 s, before, end;
	struct tac_homes	*h;
	struct tac_list		*l = tu_list();
	uint8_t			(*want)[TAC_MAXSEATS];
	char			 text[128], err[256];
	int			 i, n, t, seat, r;

	h = malloc(sizeof *h);
	want = calloc(TAC_HOMES_MAX, sizeof *want);
	ck_assert_ptr_nonnull(h);
	ck_assert_ptr_nonnull(want);
	memset(&rec, 0, sizeof rec);
	tu_cfg(&rec.cfg, shape[_i][0], shape[_i][1], 1);
	rec.seeded = 1;
	rec.seed = 1000 + _i;
	rec.actions = calloc(6000, sizeof *rec.actions);
	ck_assert_ptr_nonnull(rec.actions);
	tac_init(&s, &rec.cfg, rec.seed);
	for (i = 0; s.phase != TAC_PH_OVER && i < 6000; i++) {
		ck_assert_int_gt((n = tac_legal(&s, l)), 0);
		/* Prefer moves into a home, so that homes fill up. */
		for (t = 0; t < n; t++) {
			tac_action_format(&l->a[t], text, sizeof text);
			if (strchr(text, 'H') != NULL)
				break;
		}
		tac_action_format(&l->a[t < n ? t : (i * 7) % n], text,
		    sizeof text);
		rec.actions[rec.nactions++] = strdup(text);
		before = s;
		tu_apply(&s, text);
		r = before.round;
		if (s.round != before.round || s.phase == TAC_PH_OVER) {
			ck_assert_int_le(r, TAC_HOMES_MAX);
			for (t = 0; t < tac_nteams(&s); t++)
				for (seat = 0; seat < s.cfg.nseats; seat++)
					if (tac_team(&s, seat) == t)
						want[r - 1][t] +=
						    homes_count(&s, seat);
		}
	}
	ck_assert_int_eq(s.phase, TAC_PH_OVER);
	ck_assert_int_eq(tac_record_homes(&rec, &end, l, h, err, sizeof err),
	    0);
	tu_state_eq(&end, &s, "the replay's end");
	ck_assert_int_eq(h->rounds, s.round);
	ck_assert_int_eq(h->n, s.round);
	ck_assert_int_eq(h->nteams, tac_nteams(&s));
	for (r = 0; r < h->n; r++)
		for (t = 0; t < h->nteams; t++)
			ck_assert_msg(h->home[r][t] == want[r][t],
			    "seed %d, round %d, team %d: %d at home, counted %d",
			    1000 + _i, r + 1, t, h->home[r][t], want[r][t]);
	/* The winners end with every marble home. */
	ck_assert_int_eq(h->home[h->n - 1][s.winner], 4 * s.cfg.nseats /
	    tac_nteams(&s));
	tac_record_free(&rec);
	free(want);
	free(h);
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
	tcase_add_test(tc, test_homes_round_end);
	tcase_add_test(tc, test_homes_tac_undoes);
	tcase_add_test(tc, test_homes_late_start);
	tcase_add_test(tc, test_homes_win);
	tcase_add_test(tc, test_homes_triples);
	tcase_add_test(tc, test_homes_cap);
	tcase_add_loop_test(tc, test_homes_record, 0, 3);
	suite_add_tcase(s, tc);
	return (s);
}
