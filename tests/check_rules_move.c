/*
 * check_rules_move.c: doc/rules.md section M (general movement).
 */
#include <string.h>

#include "testutil.h"

#define BASE4	"B B B B"
#define REST3	"|" BASE4 "|" BASE4 "|" BASE4	/* seats 1..3 in base */

/* M1: one card per turn; it leaves the hand and the turn passes. */
START_TEST(test_M1_one_card_per_turn)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10" REST3, "5 9|2|2|2", "'played':3");
	tu_apply(&s, "5 10>15");
	tu_hand(&s, 0, "9");
	ck_assert_int_eq(s.turn, 1);
	ck_assert_int_eq(s.played, 4);
	ck_assert_int_eq(s.discards[TAC_C5], 1);
}
END_TEST

/* M2: a card with a legal action must be played; no discard is offered. */
START_TEST(test_M2_must_play_if_possible)
{
	struct tac_state	s;

	/* The Trickster has no action (one marble on the circle). */
	tu_pos(&s, "B B B 10" REST3, "5 TR|2|2|2", NULL);
	tu_legal_is(&s, "5 10>15");
	tu_illegal(&s, "TR discard", NULL);
	tu_illegal(&s, "5 discard", NULL);
}
END_TEST

/* M2: the only legal move must be made even when it kicks the partner. */
START_TEST(test_M2_must_play_even_if_harmful)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|" BASE4 "|B B B 15|" BASE4, "5|2|2|2", NULL);
	tu_legal_is(&s, "5 10>15");
	tu_apply(&s, "5 10>15");
	tu_marbles(&s, 2, "B B B B");
	tu_marbles(&s, 0, "B B B 15");
}
END_TEST

/* M3: no card has a legal action: discard one, one line per card kind. */
START_TEST(test_M3_discard_only_when_nothing_playable)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 REST3, "5 5 TR|2|2|2", NULL);
	tu_legal_is(&s, "5 discard\nTR discard");
	tu_apply(&s, "5 discard");
	tu_hand(&s, 0, "5 TR");
	ck_assert_int_eq(s.turn, 1);
	tu_marbles(&s, 0, BASE4);
}
END_TEST

/* M3: a card not held cannot be discarded. */
START_TEST(test_M3_discard_needs_the_card)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 REST3, "5|2|2|2", NULL);
	tu_illegal(&s, "9 discard", NULL);
}
END_TEST

/* M4: 8, Trickster and Warrior need an own marble on the circle. */
START_TEST(test_M4_eight_trickster_warrior_need_circle_marble)
{
	struct tac_state	s;

	tu_pos(&s, "B B B H1|B B B 20|" BASE4 "|B B B 40",
	    "3 8 TR WARRIOR|2|2|2", NULL);
	tu_legal_is(&s, "3 0H1>0H4");
}
END_TEST

/* M4: with no marble out, only the discards remain for those cards. */
START_TEST(test_M4_no_marble_only_discards)
{
	struct tac_state	s;

	tu_pos(&s, "B B B H4|B B B 20|" BASE4 "|B B B 40",
	    "8 TR WARRIOR|2|2|2", NULL);
	tu_legal_is(&s, "8 discard\nTR discard\nWARRIOR discard");
}
END_TEST

/* M4/M15: once finished, the partner's marble counts as own for the 8. */
START_TEST(test_M4_partner_marble_counts_after_finish)
{
	struct tac_state	s;

	tu_pos(&s, "H1 H2 H3 H4|" BASE4 "|B B B 40|" BASE4, "8|2|2|2", NULL);
	tu_legal_is(&s, "8 40>48\n8 skip");
}
END_TEST

/* M5: a card moves its full value or not at all. */
START_TEST(test_M5_exact_count)
{
	struct tac_state	s;

	/* H2 + 3 would be H5. */
	tu_pos(&s, "B B B H2" REST3, "3|2|2|2", NULL);
	tu_legal_is(&s, "3 discard");
	tu_illegal(&s, "3 0H2>0H4", NULL);
}
END_TEST

/* M6: a marble never passes another marble on the circle. */
START_TEST(test_M6_no_jumping_on_circle)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 12|" BASE4 "|" BASE4, "4 5|2|2|2", NULL);
	tu_legal_is(&s, "4 10>6");
	tu_illegal(&s, "5 10>15", NULL);
}
END_TEST

/* M6: no jumping backwards either. */
START_TEST(test_M6_no_jumping_backwards)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 8|" BASE4 "|" BASE4, "4|2|2|2", NULL);
	tu_legal_is(&s, "4 discard");
}
END_TEST

/* M6: no jumping inside a home. */
START_TEST(test_M6_no_jumping_in_home)
{
	struct tac_state	s;

	tu_pos(&s, "B B H1 H3" REST3, "1 2 3|2|2|2", NULL);
	/* 2: H1 lands on H3 (occupied), H3 would be H5; 3: H1 passes H3. */
	tu_legal_is(&s, "1 0H1>0H2\n1 0H3>0H4\n1 B>0");
}
END_TEST

/* M6: an own marble on the start field blocks the way into the home. */
START_TEST(test_M6_own_start_blocks_home)
{
	struct tac_state	s;

	tu_pos(&s, "B B 0* 62" REST3, "5|2|2|2", NULL);
	tu_legal_is(&s, "5 0>5");
	tu_illegal(&s, "5 62>0H3", NULL);
	tu_illegal(&s, "5 62>3", NULL);
}
END_TEST

/* M7: ending on an opponent's marble kicks it to its base. */
START_TEST(test_M7_kick_opponent)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B 15 20|" BASE4 "|" BASE4, "5|2|2|2", NULL);
	tu_legal_is(&s, "5 10>15");
	tu_apply(&s, "5 10>15");
	tu_marbles(&s, 1, "B B B 20");
	tu_marbles(&s, 0, "B B B 15");
}
END_TEST

/* M7: own marbles are kicked too. */
START_TEST(test_M7_kick_own_marble)
{
	struct tac_state	s;

	tu_pos(&s, "B B 10 15" REST3, "5|2|2|2", NULL);
	tu_legal_is(&s, "5 10>15\n5 15>20");
	tu_apply(&s, "5 10>15");
	tu_marbles(&s, 0, "B B B 15");
}
END_TEST

/* M8: a 1 puts a marble from the base on the start field; it is fresh. */
START_TEST(test_M8_enter_with_one)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 REST3, "1|2|2|2", NULL);
	tu_legal_is(&s, "1 B>0");
	tu_apply(&s, "1 B>0");
	tu_marbles(&s, 0, "B B B 0*");
}
END_TEST

/* M8: entering kicks any marble on the start field. */
START_TEST(test_M8_enter_kicks_opponent_on_start)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|B B B 0|" BASE4 "|" BASE4, "13|2|2|2", NULL);
	tu_legal_is(&s, "13 B>0");
	tu_apply(&s, "13 B>0");
	tu_marbles(&s, 1, BASE4);
	tu_marbles(&s, 0, "B B B 0*");
}
END_TEST

/* M8: entering kicks the player's own (non-fresh) marble too. */
START_TEST(test_M8_enter_kicks_own_marble)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 0" REST3, "13|2|2|2", NULL);
	tu_legal_is(&s, "13 0>13\n13 B>0");
	tu_apply(&s, "13 B>0");
	tu_marbles(&s, 0, "B B B 0*");
}
END_TEST

/* M9: a fresh marble cannot go into its home with 1, 2 or 3. */
START_TEST(test_M9_fresh_no_home_forward)
{
	struct tac_state	s;

	tu_pos(&s, "0* H2 H3 H4" REST3, "1|2|2|2", NULL);
	tu_legal_is(&s, "1 0>1");
	tu_illegal(&s, "1 0>0H1", NULL);
	tu_pos(&s, "B B B 0*" REST3, "2|2|2|2", NULL);
	tu_legal_is(&s, "2 0>2");
	tu_pos(&s, "B B B 0*" REST3, "3|2|2|2", NULL);
	tu_legal_is(&s, "3 0>3");
}
END_TEST

/* M9: a fresh marble cannot go 4 backwards into H4. */
START_TEST(test_M9_fresh_no_home_backwards)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 0*" REST3, "4|2|2|2", NULL);
	tu_legal_is(&s, "4 0>60");
	tu_illegal(&s, "4 0>0H4", NULL);
}
END_TEST

/* M9: a fresh marble's 7 cannot step into H1. */
START_TEST(test_M9_fresh_no_seven_into_home)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 0*" REST3, "7|2|2|2", NULL);
	tu_legal_is(&s, "7 0>7");
}
END_TEST

/*
 * M9, booklet 000 "Карта 4 / Варианты использования" (also 001, 002): a
 * fresh marble goes 4 back, then 5 forward into the home, no full lap.
 */
START_TEST(test_M9_seed_four_back_then_five_home)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 0*" REST3, "4 5|2|2|2", NULL);
	tu_legal_is(&s, "4 0>60\n5 0>5");
	tu_seq(&s, "4 0>60; 2 discard; 2 discard; 2 discard");
	tu_legal_is(&s, "5 60>0H1\n5 60>1");
	tu_apply(&s, "5 60>0H1");
	tu_marbles(&s, 0, "B B B H1");
}
END_TEST

/* M9, booklet 000 "Карта 4": 1-3 forward, then 4 backwards into the home. */
START_TEST(test_M9_seed_forward_then_four_back_home)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 0*" REST3, "2 4|2|2|2", NULL);
	tu_seq(&s, "2 0>2; 2 discard; 2 discard; 2 discard");
	tu_legal_is(&s, "4 2>0H2\n4 2>62");
	tu_apply(&s, "4 2>0H2");
	tu_marbles(&s, 0, "B B B H2");
}
END_TEST

/* M10: a non-fresh marble on its start goes home with 1, 2, 3. */
START_TEST(test_M10_non_fresh_start_home_forward)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 0" REST3, "1|2|2|2", NULL);
	tu_legal_is(&s, "1 0>0H1\n1 0>1\n1 B>0");
	tu_pos(&s, "B B B 0" REST3, "2|2|2|2", NULL);
	tu_legal_is(&s, "2 0>0H2\n2 0>2");
	tu_pos(&s, "B B B 0" REST3, "3|2|2|2", NULL);
	tu_legal_is(&s, "3 0>0H3\n3 0>3");
}
END_TEST

/* M10: a non-fresh marble on its start goes 4 backwards to H4. */
START_TEST(test_M10_non_fresh_start_four_to_H4)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 0" REST3, "4|2|2|2", NULL);
	tu_legal_is(&s, "4 0>0H4\n4 0>60");
	tu_apply(&s, "4 0>0H4");
	tu_marbles(&s, 0, "B B B H4");
}
END_TEST

/* M10: the 4 into H4 needs an empty home (it would pass H1). */
START_TEST(test_M10_four_to_H4_needs_empty_home)
{
	struct tac_state	s;

	tu_pos(&s, "B B 0 H1" REST3, "4|2|2|2", NULL);
	tu_legal_is(&s, "4 0>60");
}
END_TEST

/*
 * M10, booklet 000 "Карта 4 / Особый случай": a marble back on its start a
 * second time (after a lap) may go 4 backwards into an empty home.
 */
START_TEST(test_M10_seed_second_time_on_start_four_home)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 59" REST3, "4 5|2|2|2", NULL);
	tu_legal_is(&s, "4 59>55\n5 59>0");
	tu_seq(&s, "5 59>0; 2 discard; 2 discard; 2 discard");
	tu_marbles(&s, 0, "B B B 0");
	tu_legal_is(&s, "4 0>0H4\n4 0>60");
	tu_apply(&s, "4 0>0H4");
	tu_marbles(&s, 0, "B B B H4");
}
END_TEST

/* M11: entering the home is optional. */
START_TEST(test_M11_home_entry_optional)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 62" REST3, "5|2|2|2", NULL);
	tu_legal_is(&s, "5 62>0H3\n5 62>3");
	tu_apply(&s, "5 62>3");
	tu_marbles(&s, 0, "B B B 3");
}
END_TEST

/* M11: only the owner enters a home; others run past the start. */
START_TEST(test_M11_home_owned)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|B B B 62|" BASE4 "|" BASE4, "2|5|2|2",
	    "'turn':1");
	tu_legal_is(&s, "5 62>3");
	tu_illegal(&s, "5 62>0H3", NULL);
}
END_TEST

/* M12: a 4 never takes a marble out of its home. */
START_TEST(test_M12_home_marble_never_leaves)
{
	struct tac_state	s;

	tu_pos(&s, "B B B H3" REST3, "4|2|2|2", NULL);
	tu_legal_is(&s, "4 discard");
	tu_illegal(&s, "4 0H3>63", NULL);
}
END_TEST

/* M12: a 7 moves a home marble only inside the home. */
START_TEST(test_M12_seven_stays_inside_home)
{
	struct tac_state	s;

	tu_pos(&s, "B B H3 H4" REST3, "7|2|2|2", NULL);
	tu_legal_is(&s, "7 discard");
	tu_illegal(&s, "7 0H3>4", NULL);
}
END_TEST

/* M13: home moves need no marble on the circle. */
START_TEST(test_M13_home_move_without_circle_marble)
{
	struct tac_state	s;

	tu_pos(&s, "B B B H1" REST3, "2|2|2|2", NULL);
	tu_legal_is(&s, "2 0H1>0H3");
	tu_pos(&s, "B B B H1" REST3, "3|2|2|2", NULL);
	tu_legal_is(&s, "3 0H1>0H4");
	tu_apply(&s, "3 0H1>0H4");
	tu_marbles(&s, 0, "B B B H4");
}
END_TEST

/* M13: backward steps in a home only with a 7. */
START_TEST(test_M13_no_backward_home_step_without_seven)
{
	struct tac_state	s;

	tu_pos(&s, "B B B H3" REST3, "1|2|2|2", NULL);
	tu_legal_is(&s, "1 0H3>0H4\n1 B>0");
	tu_illegal(&s, "1 0H3>0H2", NULL);
}
END_TEST

/* M14: marbles with no free deeper field are stuck. */
START_TEST(test_M14_stuck_marbles_never_move)
{
	struct tac_state	s;

	tu_pos(&s, "B H2 H3 H4" REST3, "7 1|2|2|2", NULL);
	/* H2, H3 and H4 are stuck: only the 1 enters. */
	tu_legal_is(&s, "1 B>0");
}
END_TEST

/* M14: a marble reaching H4 within a 7 may still move back later in it. */
START_TEST(test_M14_stuck_only_after_the_action)
{
	struct tac_state	s;

	tu_pos(&s, "B B B H1" REST3, "7|2|2|2", NULL);
	/* 7 steps from H1: 3 up, 3 down, 1 up (H2); or 3 up, 2 down, 2 up. */
	tu_legal_is(&s, "7 0H1>0H4 0H4>0H1 0H1>0H2\n"
	    "7 0H1>0H4 0H4>0H2 0H2>0H4");
}
END_TEST

/* M15: a finished player plays for the partner. */
START_TEST(test_M15_finished_plays_for_partner)
{
	struct tac_state	s;

	tu_pos(&s, "H1 H2 H3 H4|" BASE4 "|B B B 40|" BASE4, "5|2|2|2", NULL);
	tu_legal_is(&s, "5 40>45");
	tu_apply(&s, "5 40>45");
	tu_marbles(&s, 2, "B B B 45");
}
END_TEST

/* M15: entering brings a partner's marble onto the partner's start. */
START_TEST(test_M15_enter_for_partner)
{
	struct tac_state	s;

	tu_pos(&s, "H1 H2 H3 H4|" BASE4 "|B B B 40|" BASE4, "1|2|2|2", NULL);
	tu_legal_is(&s, "1 40>41\n1 B>32");
	tu_apply(&s, "1 B>32");
	tu_marbles(&s, 2, "B B 32* 40");
}
END_TEST

/* M15: not before all 4 own marbles are home (a base marble counts). */
START_TEST(test_M15_not_before_finished)
{
	struct tac_state	s;

	tu_pos(&s, "B H2 H3 H4|" BASE4 "|B B B 40|" BASE4, "5|2|2|2", NULL);
	tu_legal_is(&s, "5 discard");
}
END_TEST

/* M15: teams of 3: a finished player may play for either teammate. */
START_TEST(test_M15_triples_any_unfinished_teammate)
{
	struct tac_state	s;

	tu_pos(&s, "H1 H2 H3 H4|" BASE4 "|B B B 30|" BASE4 "|H1 H2 H3 H4|"
	    BASE4, "13|2|2|2|2|2", "'teams':'triples'");
	/* Seat 4 is finished too: only seat 2 is played for. */
	tu_legal_is(&s, "13 30>43\n13 B>22");
}
END_TEST

/* M16: the play that brings the team's last marble home wins at once. */
START_TEST(test_M16_last_marble_home_wins)
{
	struct tac_state	s;

	tu_pos(&s, "63 H2 H3 H4|B B B 20|H1 H2 H3 H4|" BASE4, "2|5|2|2",
	    NULL);
	tu_legal_is(&s, "2 63>0H1\n2 63>1");
	tu_apply(&s, "2 63>0H1");
	ck_assert_int_eq(s.phase, TAC_PH_OVER);
	ck_assert_int_eq(s.winner, tac_team(&s, 0));
	ck_assert(tac_over(&s));
	ck_assert_int_eq(tu_nlegal(&s), 0);
}
END_TEST

/* M16: winning through the partner's marble (M15) counts the same. */
START_TEST(test_M16_win_playing_for_partner)
{
	struct tac_state	s;

	tu_pos(&s, "H1 H2 H3 H4|B B B 20|30 H2 H3 H4|" BASE4, "3|5|2|2",
	    NULL);
	tu_legal_is(&s, "3 30>2H1\n3 30>33");
	tu_apply(&s, "3 30>2H1");
	ck_assert_int_eq(s.phase, TAC_PH_OVER);
	ck_assert_int_eq(s.winner, tac_team(&s, 2));
}
END_TEST

/* M16: one finished seat is not a win while the partner is out. */
START_TEST(test_M16_half_team_home_goes_on)
{
	struct tac_state	s;

	tu_pos(&s, "63 H2 H3 H4|B B B 20|B H2 H3 H4|" BASE4, "2|5|2|2",
	    NULL);
	tu_apply(&s, "2 63>0H1");
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
	ck_assert_int_eq(s.winner, TAC_NONE);
	ck_assert_int_eq(s.turn, 1);
}
END_TEST

/* M6: any marble on the start field blocks the way into the home. */
START_TEST(test_M6_other_marble_on_start_blocks_home)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 62|B B B 0|" BASE4 "|" BASE4, "5|2|2|2", NULL);
	tu_legal_is(&s, "5 discard");
}
END_TEST

/* M9: a marble landing on its start (kicking the fresh one) is not fresh. */
START_TEST(test_M9_landing_on_own_start_not_fresh)
{
	struct tac_state	s;

	tu_pos(&s, "B B 0* 59" REST3, "5|2|2|2", NULL);
	tu_legal_is(&s, "5 0>5\n5 59>0");
	tu_apply(&s, "5 59>0");
	tu_marbles(&s, 0, "B B B 0");
}
END_TEST

/* M15/T1: a finished player's TAC plays the taken card for the partner. */
START_TEST(test_M15_tac_played_for_partner)
{
	struct tac_state	s;

	tu_pos(&s, "H1 H2 H3 H4|" BASE4 "|B B B 40|B B B 50", "TAC|2|2|5 9",
	    "'turn':3");
	tu_apply(&s, "5 50>55");
	tu_legal_is(&s, "TAC 5 40>45");
	tu_apply(&s, "TAC 5 40>45");
	tu_marbles(&s, 3, "B B B 50");
	tu_marbles(&s, 2, "B B B 45");
}
END_TEST

/* M4/M15: finished, the partner's marble serves Warrior and Trickster. */
START_TEST(test_M4_partner_marble_for_warrior_and_trickster)
{
	struct tac_state	s;

	tu_pos(&s, "H1 H2 H3 H4|B B B 20|B B B 40|B B B 50", "WARRIOR TR|2|2|2",
	    NULL);
	tu_legal_is(&s, "TR 20<>40\nTR 20<>50\nTR 40<>50\nWARRIOR 40>50");
}
END_TEST

/* M15/C3: a finished player's 4 takes the partner's marble home backwards. */
START_TEST(test_M15_four_backwards_into_partner_home)
{
	struct tac_state	s;

	tu_pos(&s, "H1 H2 H3 H4|" BASE4 "|B B B 34|" BASE4, "4|2|2|2", NULL);
	tu_legal_is(&s, "4 34>2H2\n4 34>30");
	tu_apply(&s, "4 34>2H2");
	tu_marbles(&s, 2, "B B B H2");
}
END_TEST

/* The movement suite. */
Suite *
suite_rules_move(void)
{
	Suite	*s = suite_create("rules_move");
	TCase	*tc = tcase_create("move");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_M1_one_card_per_turn);
	tcase_add_test(tc, test_M2_must_play_if_possible);
	tcase_add_test(tc, test_M2_must_play_even_if_harmful);
	tcase_add_test(tc, test_M3_discard_only_when_nothing_playable);
	tcase_add_test(tc, test_M3_discard_needs_the_card);
	tcase_add_test(tc, test_M4_eight_trickster_warrior_need_circle_marble);
	tcase_add_test(tc, test_M4_no_marble_only_discards);
	tcase_add_test(tc, test_M4_partner_marble_counts_after_finish);
	tcase_add_test(tc, test_M5_exact_count);
	tcase_add_test(tc, test_M6_no_jumping_on_circle);
	tcase_add_test(tc, test_M6_no_jumping_backwards);
	tcase_add_test(tc, test_M6_no_jumping_in_home);
	tcase_add_test(tc, test_M6_own_start_blocks_home);
	tcase_add_test(tc, test_M6_other_marble_on_start_blocks_home);
	tcase_add_test(tc, test_M9_landing_on_own_start_not_fresh);
	tcase_add_test(tc, test_M15_tac_played_for_partner);
	tcase_add_test(tc, test_M4_partner_marble_for_warrior_and_trickster);
	tcase_add_test(tc, test_M15_four_backwards_into_partner_home);
	tcase_add_test(tc, test_M7_kick_opponent);
	tcase_add_test(tc, test_M7_kick_own_marble);
	tcase_add_test(tc, test_M8_enter_with_one);
	tcase_add_test(tc, test_M8_enter_kicks_opponent_on_start);
	tcase_add_test(tc, test_M8_enter_kicks_own_marble);
	tcase_add_test(tc, test_M9_fresh_no_home_forward);
	tcase_add_test(tc, test_M9_fresh_no_home_backwards);
	tcase_add_test(tc, test_M9_fresh_no_seven_into_home);
	tcase_add_test(tc, test_M9_seed_four_back_then_five_home);
	tcase_add_test(tc, test_M9_seed_forward_then_four_back_home);
	tcase_add_test(tc, test_M10_non_fresh_start_home_forward);
	tcase_add_test(tc, test_M10_non_fresh_start_four_to_H4);
	tcase_add_test(tc, test_M10_four_to_H4_needs_empty_home);
	tcase_add_test(tc, test_M10_seed_second_time_on_start_four_home);
	tcase_add_test(tc, test_M11_home_entry_optional);
	tcase_add_test(tc, test_M11_home_owned);
	tcase_add_test(tc, test_M12_home_marble_never_leaves);
	tcase_add_test(tc, test_M12_seven_stays_inside_home);
	tcase_add_test(tc, test_M13_home_move_without_circle_marble);
	tcase_add_test(tc, test_M13_no_backward_home_step_without_seven);
	tcase_add_test(tc, test_M14_stuck_marbles_never_move);
	tcase_add_test(tc, test_M14_stuck_only_after_the_action);
	tcase_add_test(tc, test_M15_finished_plays_for_partner);
	tcase_add_test(tc, test_M15_enter_for_partner);
	tcase_add_test(tc, test_M15_not_before_finished);
	tcase_add_test(tc, test_M15_triples_any_unfinished_teammate);
	tcase_add_test(tc, test_M16_last_marble_home_wins);
	tcase_add_test(tc, test_M16_win_playing_for_partner);
	tcase_add_test(tc, test_M16_half_team_home_goes_on);
	suite_add_tcase(s, tc);
	return s;
}
