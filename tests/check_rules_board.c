/*
 * check_rules_board.c: doc/rules.md section B (board, seats, teams).
 */
#include <string.h>

#include "testutil.h"

/* Four empty seats' marbles, for positions where only one seat matters. */
#define BASE4	"B B B B"

/* B1: 4 players have 64 fields, seat s starts at 16*s. */
START_TEST(test_B1_four_players_64_fields_start_16s)
{
	struct tac_config	cfg;
	struct tac_state	s;
	int			i;

	tu_cfg(&cfg, 4, 0, 1);
	memset(&s, 0, sizeof s);
	tac_init(&s, &cfg, 1);
	ck_assert_int_eq(s.nfields, 64);
	for (i = 0; i < 4; i++)
		ck_assert_int_eq(tac_start(&s, i), 16 * i);
	/* Fields past the circle are empty by the canonical form. */
	ck_assert_int_eq(s.b.field[64], -1);
	ck_assert_int_eq(s.b.field[65], -1);
	ck_assert_int_eq(s.b.pad, 0);
}
END_TEST

/* B1: the circle wraps from 63 to 0. */
START_TEST(test_B1_circle_wraps_63_to_0)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|61 B B B|" BASE4 "|" BASE4, "2|5|2|2",
	    "'turn':1");
	tu_legal_is(&s, "5 61>2");
	tu_apply(&s, "5 61>2");
	tu_marbles(&s, 1, "B B B 2");
}
END_TEST

/* B2: 6 players have 66 fields, seat s starts at 11*s. */
START_TEST(test_B2_six_players_66_fields_start_11s)
{
	struct tac_config	cfg;
	struct tac_state	s;
	int			i, triples;

	for (triples = 0; triples < 2; triples++) {
		tu_cfg(&cfg, 6, triples, 1);
		memset(&s, 0, sizeof s);
		tac_init(&s, &cfg, 7);
		ck_assert_int_eq(s.nfields, 66);
		for (i = 0; i < 6; i++) {
			ck_assert_int_eq(tac_start(&s, i), 11 * i);
			ck_assert_int_eq(s.b.base[i], 4);
		}
	}
}
END_TEST

/* B2: the 66-field circle wraps from 65 to 0. */
START_TEST(test_B2_six_circle_wraps_65_to_0)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|63 B B B|" BASE4 "|" BASE4 "|" BASE4,
	    "2|2|5|2|2|2", "'turn':2");
	tu_legal_is(&s, "5 63>2");
}
END_TEST

/* B2/B3: with 6 players seat 0's home is entered from 65 and 0. */
START_TEST(test_B2_six_home_entry_over_65)
{
	struct tac_state	s;

	tu_pos(&s, "64 B B B|" BASE4 "|" BASE4 "|" BASE4 "|" BASE4 "|"
	    BASE4, "3|2|2|2|2|2", NULL);
	tu_legal_is(&s, "3 64>0H1\n3 64>1");
}
END_TEST

/* B3: every seat starts with its 4 marbles in the base. */
START_TEST(test_B3_four_marbles_start_in_base)
{
	struct tac_config	cfg;
	struct tac_state	s;
	int			i;

	tu_cfg(&cfg, 4, 0, 0);
	memset(&s, 0, sizeof s);
	tac_init(&s, &cfg, 3);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(s.b.base[i], 4);
		ck_assert_int_eq(s.b.home[i], 0);
		tu_marbles(&s, i, "B B B B");
	}
	for (i = 0; i < 64; i++)
		ck_assert_int_eq(s.b.field[i], -1);
	ck_assert_int_eq(s.b.fresh, 0);
}
END_TEST

/* B3: the start field counts as one step: a 2 from field 63 reaches H1. */
START_TEST(test_B3_start_field_counts_one_step)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 63|" BASE4 "|" BASE4 "|" BASE4, "2|2|2|2", NULL);
	tu_legal_is(&s, "2 63>0H1\n2 63>1");
	tu_apply(&s, "2 63>0H1");
	tu_marbles(&s, 0, "B B B H1");
}
END_TEST

/* B3: from the (non-fresh) start field a 1 reaches H1. */
START_TEST(test_B3_one_from_start_reaches_H1)
{
	struct tac_state	s;

	tu_pos(&s, "0 H2 H3 H4|" BASE4 "|" BASE4 "|" BASE4, "1|2|2|2", NULL);
	tu_legal_is(&s, "1 0>0H1\n1 0>1");
}
END_TEST

/* B3: seat 2's home path runs 31, 32, 2H1 .. 2H4. */
START_TEST(test_B3_home_path_other_seat)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|B B B 30|" BASE4, "2|2|6|2",
	    "'turn':2");
	/* 30 -> 31, 32, H1, H2, H3, H4: exactly 6 steps to H4. */
	tu_legal_is(&s, "6 30>2H4\n6 30>36");
}
END_TEST

/* B4: marbles move clockwise (increasing field numbers). */
START_TEST(test_B4_marbles_move_clockwise)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|" BASE4 "|" BASE4 "|" BASE4, "5|2|2|2", NULL);
	tu_legal_is(&s, "5 10>15");
	tu_illegal(&s, "5 10>5", NULL);
}
END_TEST

/* B4: only the 4 moves backwards. */
START_TEST(test_B4_only_four_moves_backwards)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|" BASE4 "|" BASE4 "|" BASE4, "4|2|2|2", NULL);
	tu_legal_is(&s, "4 10>6");
	tu_apply(&s, "4 10>6");
	tu_marbles(&s, 0, "B B B 6");
}
END_TEST

/* B4: after a turn the left neighbour (seat+1) plays, 3 wraps to 0. */
START_TEST(test_B4_next_player_is_left_neighbour)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|" BASE4 "|" BASE4 "|B B B 50", "5|2|2|5 9",
	    "'turn':3");
	tu_apply(&s, "5 50>55");
	ck_assert_int_eq(s.turn, 0);
	tu_apply(&s, "5 10>15");
	ck_assert_int_eq(s.turn, 1);
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
}
END_TEST

/* B4 (engine decision): seats with an empty hand are passed over. */
START_TEST(test_B4_empty_hands_passed_over)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|" BASE4 "|" BASE4 "|" BASE4, "5 9||2|", NULL);
	tu_apply(&s, "5 10>15");
	ck_assert_int_eq(s.turn, 2);
	tu_apply(&s, "2 discard");
	ck_assert_int_eq(s.turn, 0);
}
END_TEST

/* B5: 4 players: partners opposite, teams {0,2} and {1,3}. */
START_TEST(test_B5_four_players_partners_opposite)
{
	struct tac_config	cfg;
	struct tac_state	s;
	int			i;

	tu_cfg(&cfg, 4, 0, 1);
	memset(&s, 0, sizeof s);
	tac_init(&s, &cfg, 5);
	ck_assert_int_eq(tac_nteams(&s), 2);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(tac_team(&s, i), i % 2);
		ck_assert_int_eq(tac_partner(&s, i), (i + 2) % 4);
	}
}
END_TEST

/* B5: 6 players in pairs: partners opposite {0,3} {1,4} {2,5}. */
START_TEST(test_B5_six_pairs_partners_opposite)
{
	struct tac_config	cfg;
	struct tac_state	s;
	int			i;

	tu_cfg(&cfg, 6, 0, 1);
	memset(&s, 0, sizeof s);
	tac_init(&s, &cfg, 5);
	ck_assert_int_eq(tac_nteams(&s), 3);
	for (i = 0; i < 6; i++) {
		ck_assert_int_eq(tac_team(&s, i), i % 3);
		ck_assert_int_eq(tac_partner(&s, i), (i + 3) % 6);
	}
}
END_TEST

/* B5: 6 players in triples: {0,2,4} and {1,3,5}. */
START_TEST(test_B5_six_triples_alternate)
{
	struct tac_config	cfg;
	struct tac_state	s;
	int			i;

	tu_cfg(&cfg, 6, 1, 1);
	memset(&s, 0, sizeof s);
	tac_init(&s, &cfg, 5);
	ck_assert_int_eq(tac_nteams(&s), 2);
	for (i = 0; i < 6; i++)
		ck_assert_int_eq(tac_team(&s, i), i % 2);
}
END_TEST

/* B5: the position JSON chooses triples; M15 then follows them. */
START_TEST(test_B5_triples_from_position)
{
	struct tac_state	s;

	tu_pos(&s, "H1 H2 H3 H4|" BASE4 "|B B B 30|" BASE4 "|B B B 50|"
	    BASE4, "5|2|2|2|2|2", "'teams':'triples'");
	ck_assert_int_eq(s.cfg.triples, 1);
	ck_assert_int_eq(tac_team(&s, 2), tac_team(&s, 0));
	ck_assert_int_eq(tac_team(&s, 4), tac_team(&s, 0));
	/* Seat 0 is finished and plays for either teammate (M15). */
	tu_legal_is(&s, "5 30>35\n5 50>55");
}
END_TEST

/* B6: 2- and 3-player games are out of scope and refused. */
START_TEST(test_B6_config_rejects_two_and_three_seats)
{
	struct tac_config	cfg;
	char			err[256];

	tu_cfg(&cfg, 2, 0, 1);
	err[0] = '\0';
	ck_assert_int_lt(tac_config_check(&cfg, err, sizeof err), 0);
	ck_assert_str_ne(err, "");
	tu_cfg(&cfg, 3, 0, 1);
	err[0] = '\0';
	ck_assert_int_lt(tac_config_check(&cfg, err, sizeof err), 0);
	ck_assert_str_ne(err, "");
	tu_cfg(&cfg, 3, 0, 0);
	ck_assert_int_lt(tac_config_check(&cfg, err, sizeof err), 0);
}
END_TEST

/* B6/B5: only 4 and 6 seats exist; triples only with 6 seats. */
START_TEST(test_B6_config_accepts_four_and_six_only)
{
	struct tac_config	cfg;
	char			err[256];
	int			n;

	for (n = 0; n <= 8; n++) {
		tu_cfg(&cfg, n, 0, 1);
		if (n == 4 || n == 6)
			ck_assert_int_eq(tac_config_check(&cfg, err,
			    sizeof err), 0);
		else
			ck_assert_int_lt(tac_config_check(&cfg, err,
			    sizeof err), 0);
	}
	tu_cfg(&cfg, 6, 1, 0);
	ck_assert_int_eq(tac_config_check(&cfg, err, sizeof err), 0);
	tu_cfg(&cfg, 4, 1, 1);
	ck_assert_int_lt(tac_config_check(&cfg, err, sizeof err), 0);
}
END_TEST

/* B6: a position with 3 players is refused by the loader. */
START_TEST(test_B6_position_with_three_players_refused)
{
	struct tac_state	s;
	json_t			*j;
	char			 err[256] = "";

	j = json_loads(tu_quote("{'format':'tac-position/1','players':3,"
	    "'teams':'pairs','master':true,'names':'tac','dealer':0,"
	    "'round':1,'played':1,'turn':1,'marbles':[['B','B','B','B'],"
	    "['B','B','B','B'],['B','B','B','B']],'hands':[['5'],['5'],"
	    "['5']]}"), 0, NULL);
	ck_assert_ptr_nonnull(j);
	memset(&s, 0, sizeof s);
	ck_assert_int_lt(tac_position_load(&s, j, err, sizeof err), 0);
	ck_assert_str_ne(err, "");
	json_decref(j);
}
END_TEST

/* The board suite. */
Suite *
suite_rules_board(void)
{
	Suite	*s = suite_create("rules_board");
	TCase	*tc = tcase_create("board");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_B1_four_players_64_fields_start_16s);
	tcase_add_test(tc, test_B1_circle_wraps_63_to_0);
	tcase_add_test(tc, test_B2_six_players_66_fields_start_11s);
	tcase_add_test(tc, test_B2_six_circle_wraps_65_to_0);
	tcase_add_test(tc, test_B2_six_home_entry_over_65);
	tcase_add_test(tc, test_B3_four_marbles_start_in_base);
	tcase_add_test(tc, test_B3_start_field_counts_one_step);
	tcase_add_test(tc, test_B3_one_from_start_reaches_H1);
	tcase_add_test(tc, test_B3_home_path_other_seat);
	tcase_add_test(tc, test_B4_marbles_move_clockwise);
	tcase_add_test(tc, test_B4_only_four_moves_backwards);
	tcase_add_test(tc, test_B4_next_player_is_left_neighbour);
	tcase_add_test(tc, test_B4_empty_hands_passed_over);
	tcase_add_test(tc, test_B5_four_players_partners_opposite);
	tcase_add_test(tc, test_B5_six_pairs_partners_opposite);
	tcase_add_test(tc, test_B5_six_triples_alternate);
	tcase_add_test(tc, test_B5_triples_from_position);
	tcase_add_test(tc, test_B6_config_rejects_two_and_three_seats);
	tcase_add_test(tc, test_B6_config_accepts_four_and_six_only);
	tcase_add_test(tc, test_B6_position_with_three_players_refused);
	suite_add_tcase(s, tc);
	return s;
}
