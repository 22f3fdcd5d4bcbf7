/*
 * check_rules_master.c: doc/rules.md A (Angel, Devil, Warrior, Fool) and A5
 * (TAC after master cards), with the cases of booklets 001 and 003.
 */
#include <string.h>

#include "testutil.h"

#define BASE4	"B B B B"
#define BASE6	BASE4 "|" BASE4 "|" BASE4 "|" BASE4 "|" BASE4 "|" BASE4

/* A1, booklet 001 "Карта Дар": a marble from the next base onto its start. */
START_TEST(test_A1_angel_enters_next_player)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4, "ANGEL|2|2|2", NULL);
	tu_legal_is(&s, "ANGEL B>16");
	tu_apply(&s, "ANGEL B>16");
	tu_marbles(&s, 1, "B B B 16*");
	ck_assert_int_eq(s.turn, 1);
}
END_TEST

/* A1, booklet 001: a marble on the next player's start is kicked. */
START_TEST(test_A1_angel_kicks_start)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|B B B 16", "ANGEL|2|2|2", NULL);
	tu_legal_is(&s, "ANGEL B>16");
	tu_apply(&s, "ANGEL B>16");
	tu_marbles(&s, 3, BASE4);
	tu_marbles(&s, 1, "B B B 16*");
}
END_TEST

/* A1, booklet 001: next base empty: one of its marbles moves 1 or 13. */
START_TEST(test_A1_angel_base_empty_moves_one_or_thirteen)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|20 40 H3 H4|" BASE4 "|" BASE4, "ANGEL|2|2|2",
	    NULL);
	tu_legal_is(&s, "ANGEL 20>21\nANGEL 20>33\nANGEL 40>41\n"
	    "ANGEL 40>53");
	tu_apply(&s, "ANGEL 40>53");
	tu_marbles(&s, 1, "20 53 H3 H4");
}
END_TEST

/* A1: the moved marble follows M6: no jumping for the 13. */
START_TEST(test_A1_angel_move_no_jumping)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|20 30 H3 H4|" BASE4 "|" BASE4, "ANGEL|2|2|2",
	    NULL);
	tu_legal_is(&s, "ANGEL 20>21\nANGEL 30>31\nANGEL 30>43");
}
END_TEST

/* A1: next player finished: the action goes to that player's partner. */
START_TEST(test_A1_angel_next_finished_goes_to_partner)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|H1 H2 H3 H4|" BASE4 "|" BASE4, "ANGEL|2|2|2",
	    NULL);
	tu_legal_is(&s, "ANGEL B>48");
	tu_pos(&s, BASE4 "|H1 H2 H3 H4|" BASE4 "|" BASE4 "|" BASE4 "|" BASE4,
	    "ANGEL|2|2|2|2|2", NULL);
	tu_legal_is(&s, "ANGEL B>44");
}
END_TEST

/* A1: teams of 3: the next unfinished teammate clockwise. */
START_TEST(test_A1_angel_triples_next_unfinished_teammate)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|H1 H2 H3 H4|" BASE4 "|" BASE4 "|" BASE4 "|" BASE4,
	    "ANGEL|2|2|2|2|2", "'teams':'triples'");
	tu_legal_is(&s, "ANGEL B>33");
	tu_pos(&s, BASE4 "|H1 H2 H3 H4|" BASE4 "|H1 H2 H3 H4|" BASE4 "|"
	    BASE4, "ANGEL|2|2|2|2|2", "'teams':'triples'");
	tu_legal_is(&s, "ANGEL B>55");
}
END_TEST

/* A1: the Angel needs no marble of its player on the circle. */
START_TEST(test_A1_angel_needs_no_own_marble)
{
	struct tac_state	s;

	tu_pos(&s, "B H2 H3 H4|B B B 20|" BASE4 "|" BASE4, "ANGEL 5|2|2|2",
	    NULL);
	tu_legal_is(&s, "ANGEL B>16");
}
END_TEST

/* A2, booklet 001 "Карта Флуд": the Devil plays the next player's card. */
START_TEST(test_A2_devil_plays_next_players_card)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|B B B 20|" BASE4 "|" BASE4, "DEVIL|5 9|2|2", NULL);
	tu_legal_is(&s, "DEVIL 5 20>25\nDEVIL 9 20>29");
	tu_apply(&s, "DEVIL 9 20>29");
	tu_marbles(&s, 1, "B B B 29");
	tu_hand(&s, 1, "5");
	tu_hand(&s, 0, "");
	/* Seat 1's turn is used up. */
	ck_assert_int_eq(s.turn, 2);
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
}
END_TEST

/* A2: M2 applies to the chosen hand: a playable card must be chosen. */
START_TEST(test_A2_devil_must_choose_playable)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|B B B 20|" BASE4 "|" BASE4, "DEVIL|8 TR 9|2|2",
	    NULL);
	/* The 8 can move or skip seat 2; the Trickster has one marble. */
	tu_legal_is(&s, "DEVIL 8 20>28\nDEVIL 8 skip\nDEVIL 9 20>29");
}
END_TEST

/* A2: nothing playable in the next hand: one of its cards is discarded. */
START_TEST(test_A2_devil_discards_from_next_hand)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4, "DEVIL|5 9|2|2", NULL);
	tu_legal_is(&s, "DEVIL 5 discard\nDEVIL 9 discard");
	tu_apply(&s, "DEVIL 9 discard");
	tu_hand(&s, 1, "5");
	ck_assert_int_eq(s.turn, 2);
}
END_TEST

/* A2.1, booklet 001: the Devil chooses the next player's Fool. */
START_TEST(test_A2_1_devil_chooses_fool)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|B B B 20|" BASE4 "|" BASE4, "DEVIL|FOOL 5|9 10|12",
	    NULL);
	tu_legal_is(&s, "DEVIL 5 20>25\nDEVIL FOOL");
	tu_apply(&s, "DEVIL FOOL");
	/* Hands passed to the right; seat 1 now holds seat 2's. */
	tu_hand(&s, 0, "5");
	tu_hand(&s, 1, "9 10");
	tu_hand(&s, 2, "12");
	tu_hand(&s, 3, "");
	ck_assert_int_eq(s.phase, TAC_PH_DEVIL);
	ck_assert_int_eq(s.turn, 0);
	ck_assert_int_eq(s.victim, 1);
	tu_legal_is(&s, "DEVIL 10 20>30\nDEVIL 9 20>29");
	tu_apply(&s, "DEVIL 10 20>30");
	tu_marbles(&s, 1, "B B B 30");
	tu_hand(&s, 1, "9");
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
	ck_assert_int_eq(s.turn, 2);
}
END_TEST

/* A2.2/A5.4: a TAC chosen from the next hand turns the Devil around. */
START_TEST(test_A2_2_devil_chooses_tac)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|B B B 20|B B B 40|" BASE4, "DEVIL|TAC 5|9|2",
	    NULL);
	tu_legal_is(&s, "DEVIL 5 20>25\nDEVIL TAC");
	tu_apply(&s, "DEVIL TAC");
	tu_hand(&s, 1, "5");
	tu_hand(&s, 0, "");
	ck_assert_int_eq(s.phase, TAC_PH_DEVIL);
	ck_assert_int_eq(s.turn, 1);
	ck_assert_int_eq(s.victim, 2);
	/* Seat 1 now plays seat 2's card for seat 2. */
	tu_legal_is(&s, "DEVIL 9 40>49");
	tu_apply(&s, "DEVIL 9 40>49");
	tu_marbles(&s, 2, "B B B 49");
	tu_hand(&s, 2, "");
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
	ck_assert_int_eq(s.turn, 3);
}
END_TEST

/* A2.2/T2: the TAC is no choice when seat+2 holds no card. */
START_TEST(test_A2_2_devil_tac_needs_third_hand)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|B B B 20|B B B 40|" BASE4, "DEVIL|TAC 5||2", NULL);
	tu_legal_is(&s, "DEVIL 5 20>25");
}
END_TEST

/* A2.5: no effect, no action, when the next player holds no card. */
START_TEST(test_A2_5_devil_next_hand_empty)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|B B B 20|B B B 40|" BASE4, "DEVIL||5|2", NULL);
	tu_legal_is(&s, "DEVIL discard");
}
END_TEST

/* A3, booklet 001 "Карта Линч": kick the next marble ahead, take its field. */
START_TEST(test_A3_warrior_kicks_nearest_ahead)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|B B B 30|" BASE4, "WARRIOR|2|2|2", NULL);
	tu_legal_is(&s, "WARRIOR 10>20");
	tu_apply(&s, "WARRIOR 10>20");
	tu_marbles(&s, 0, "B B B 20");
	tu_marbles(&s, 1, BASE4);
	tu_marbles(&s, 2, "B B B 30");
}
END_TEST

/* A3: any colour, own included; the circle wraps. */
START_TEST(test_A3_warrior_own_marble_and_wrap)
{
	struct tac_state	s;

	tu_pos(&s, "B B 50 55|B B B 5|" BASE4 "|" BASE4, "WARRIOR|2|2|2", NULL);
	tu_legal_is(&s, "WARRIOR 50>55\nWARRIOR 55>5");
}
END_TEST

/* A3, booklet 001: the only marble on the circle kicks itself. */
START_TEST(test_A3_warrior_alone_kicks_itself)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|" BASE4 "|" BASE4 "|" BASE4, "WARRIOR|2|2|2",
	    NULL);
	tu_legal_is(&s, "WARRIOR 10>B");
	tu_apply(&s, "WARRIOR 10>B");
	tu_marbles(&s, 0, BASE4);
}
END_TEST

/* A3, booklet 001: no own marble on the circle: discarded. */
START_TEST(test_A3_warrior_needs_own_marble)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|B B B 20|B B B 30|" BASE4, "WARRIOR|2|2|2", NULL);
	tu_legal_is(&s, "WARRIOR discard");
}
END_TEST

/* A3: blocking does not apply; the moved marble is no longer fresh. */
START_TEST(test_A3_warrior_no_blocking_not_fresh)
{
	struct tac_state	s;

	/* Seat 0's 60 lands on its own start (seat 1's marble there). */
	tu_pos(&s, "B B B 60|B B B 0|" BASE4 "|" BASE4, "WARRIOR|2|2|2", NULL);
	tu_legal_is(&s, "WARRIOR 60>0");
	tu_apply(&s, "WARRIOR 60>0");
	tu_marbles(&s, 0, "B B B 0");
	tu_marbles(&s, 1, BASE4);
}
END_TEST

/* A4, booklet 001 "Карта Ривер": hands go right; the Fool's player plays on. */
START_TEST(test_A4_fool_passes_hands_right)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4, "FOOL 5|9|10 12|13",
	    NULL);
	tu_legal_is(&s, "FOOL");
	tu_apply(&s, "FOOL");
	tu_hand(&s, 0, "9");
	tu_hand(&s, 1, "10 12");
	tu_hand(&s, 2, "13");
	tu_hand(&s, 3, "5");
	ck_assert_int_eq(s.phase, TAC_PH_FOOL);
	ck_assert_int_eq(s.turn, 0);
	tu_legal_is(&s, "9 discard");
	tu_apply(&s, "9 discard");
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
	ck_assert_int_eq(s.turn, 1);
}
END_TEST

/* A4: the follow-up card is a free choice under M2. */
START_TEST(test_A4_fool_follow_up_plays)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|" BASE4 "|" BASE4 "|" BASE4, "FOOL|5 TR|2|2",
	    NULL);
	tu_apply(&s, "FOOL");
	tu_legal_is(&s, "5 10>15");
	tu_apply(&s, "5 10>15");
	tu_hand(&s, 0, "TR");
	ck_assert_int_eq(s.turn, 1);
}
END_TEST

/* A4: an empty received hand ends the Fool player's turn. */
START_TEST(test_A4_fool_empty_received_hand)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4, "FOOL||9|5", NULL);
	tu_apply(&s, "FOOL");
	tu_hand(&s, 0, "");
	tu_hand(&s, 1, "9");
	tu_hand(&s, 2, "5");
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
	ck_assert_int_eq(s.turn, 1);
}
END_TEST

/* A4.4: no other player holds a card: the Fool has no action. */
START_TEST(test_A4_4_fool_no_other_cards)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4, "FOOL 5|||", NULL);
	tu_legal_is(&s, "5 discard\nFOOL discard");
}
END_TEST

/* A5.1, booklet 003: a TAC after a Fool takes the follow-up card only. */
START_TEST(test_A5_1_tac_after_fool_takes_follow_up)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|" BASE4 "|" BASE4, "FOOL|5|TAC|2", NULL);
	tu_apply(&s, "FOOL");
	tu_hand(&s, 1, "TAC");
	tu_apply(&s, "5 10>15");
	tu_legal_is(&s, "TAC 5 20>25");
	tu_apply(&s, "TAC 5 20>25");
	tu_marbles(&s, 0, "B B B 10");
	tu_marbles(&s, 1, "B B B 25");
	/* The hand passing is not undone. */
	tu_hand(&s, 2, "2");
	tu_hand(&s, 3, "");
}
END_TEST

/* A5.1: the Fool player's own follow-up TAC acts on the play before. */
START_TEST(test_A5_1_fool_follow_up_tac_skips_fool)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|" BASE4 "|" BASE4 "|B B B 50", "FOOL|TAC|9|5",
	    "'turn':3");
	tu_apply(&s, "5 50>55");
	tu_apply(&s, "FOOL");
	tu_hand(&s, 0, "TAC");
	tu_legal_is(&s, "TAC 5 10>15");
	tu_apply(&s, "TAC 5 10>15");
	tu_marbles(&s, 3, "B B B 50");
	tu_marbles(&s, 0, "B B B 15");
}
END_TEST

/* A5.1: a discarded Fool (skipped turn) can be taken by a TAC. */
START_TEST(test_A5_1_discarded_fool_taken)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|" BASE4 "|B B B 40|" BASE4, "8|FOOL 9|TAC|5",
	    NULL);
	tu_seq(&s, "8 skip; FOOL discard");
	tu_legal_is(&s, "TAC FOOL");
	tu_apply(&s, "TAC FOOL");
	tu_hand(&s, 0, "9");
	tu_hand(&s, 2, "5");
	ck_assert_int_eq(s.phase, TAC_PH_FOOL);
	ck_assert_int_eq(s.turn, 2);
	tu_legal_is(&s, "5 40>45");
}
END_TEST

/* A5.1 (engine decision): Fool player got no cards: a TAC takes the Fool. */
START_TEST(test_A5_1_tac_takes_fool_when_follow_up_empty)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4, "FOOL||TAC 9|5", NULL);
	tu_apply(&s, "FOOL");
	ck_assert_int_eq(s.turn, 1);
	tu_legal_is(&s, "TAC FOOL");
	tu_apply(&s, "TAC FOOL");
	tu_hand(&s, 0, "9");
	tu_hand(&s, 1, "5");
	ck_assert_int_eq(s.phase, TAC_PH_FOOL);
	ck_assert_int_eq(s.turn, 1);
	tu_legal_is(&s, "5 discard");
}
END_TEST

/* A5.2, booklet 003: after a Warrior the kicked marble returns. */
START_TEST(test_A5_2_tac_after_warrior)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|" BASE4 "|" BASE4, "WARRIOR 9|TAC|2|2",
	    NULL);
	tu_apply(&s, "WARRIOR 10>20");
	tu_marbles(&s, 1, BASE4);
	tu_legal_is(&s, "TAC WARRIOR 20>10");
	tu_apply(&s, "TAC WARRIOR 20>10");
	tu_marbles(&s, 0, BASE4);
	tu_marbles(&s, 1, "B B B 10");
}
END_TEST

/* A5.3, booklet 003: after an Angel: undone, then for the TAC player's next. */
START_TEST(test_A5_3_tac_after_angel)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4, "ANGEL 9|TAC|2|2",
	    NULL);
	tu_apply(&s, "ANGEL B>16");
	tu_legal_is(&s, "TAC ANGEL B>32");
	tu_apply(&s, "TAC ANGEL B>32");
	tu_marbles(&s, 1, BASE4);
	tu_marbles(&s, 2, "B B B 32*");
}
END_TEST

/* A5.4, booklet 003: after a Devil: only by choosing the TAC (A2.2). */
START_TEST(test_A5_4_tac_after_devil)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|B B B 40|" BASE4, "DEVIL|TAC|5|2", NULL);
	/* Seat 1's TAC can only be chosen by the Devil (A2.2). */
	tu_legal_is(&s, "DEVIL TAC");
	tu_apply(&s, "DEVIL TAC");
	tu_legal_is(&s, "DEVIL 5 40>45");
	tu_apply(&s, "DEVIL 5 40>45");
	tu_marbles(&s, 2, "B B B 45");
	ck_assert_int_eq(s.turn, 3);
}
END_TEST

/* A2/C5: the Devil may play the next player's 8 as a skip of seat+2. */
START_TEST(test_A2_devil_eight_skips_victims_next)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|B B B 20|" BASE4 "|" BASE4, "DEVIL|8|5 9|2", NULL);
	tu_legal_is(&s, "DEVIL 8 20>28\nDEVIL 8 skip");
	tu_apply(&s, "DEVIL 8 skip");
	ck_assert_int_eq(s.phase, TAC_PH_SKIP);
	ck_assert_int_eq(s.turn, 2);
	tu_legal_is(&s, "5 discard\n9 discard");
}
END_TEST

/* A2.1/A4: after DEVIL FOOL an empty new hand ends the Devil's turn. */
START_TEST(test_A2_1_devil_fool_empty_new_hand)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|B B B 20|" BASE4 "|" BASE4, "DEVIL|FOOL||5", NULL);
	tu_legal_is(&s, "DEVIL FOOL");
	tu_apply(&s, "DEVIL FOOL");
	tu_hand(&s, 1, "");
	tu_hand(&s, 2, "5");
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
	ck_assert_int_eq(s.turn, 2);
}
END_TEST

/* A2.2: a Devil turned around may be turned around again. */
START_TEST(test_A2_2_devil_tac_chain)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|B B B 50",
	    "DEVIL|TAC 9|TAC 5|12", NULL);
	tu_legal_is(&s, "DEVIL TAC");
	tu_apply(&s, "DEVIL TAC");
	ck_assert_int_eq(s.turn, 1);
	tu_legal_is(&s, "DEVIL TAC");
	tu_apply(&s, "DEVIL TAC");
	ck_assert_int_eq(s.turn, 2);
	ck_assert_int_eq(s.victim, 3);
	tu_legal_is(&s, "DEVIL 12 50>62");
	tu_apply(&s, "DEVIL 12 50>62");
	tu_marbles(&s, 3, "B B B 62");
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
	ck_assert_int_eq(s.turn, 1);
}
END_TEST

/* A5.1/T9: a Fool as the round's first card leaves its TAC nothing. */
START_TEST(test_A5_1_fool_first_card_tac_has_nothing)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|" BASE4 "|" BASE4 "|" BASE4, "FOOL|TAC|5|2",
	    "'played':0");
	tu_apply(&s, "FOOL");
	tu_legal_is(&s, "TAC discard");
}
END_TEST

/* A5: a TAC uses a taken master card's own function (Warrior, Angel). */
START_TEST(test_A5_tac_uses_master_card_function)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 30|" BASE4 "|" BASE4, "WARRIOR 9|TAC|2|2",
	    NULL);
	tu_apply(&s, "WARRIOR 10>30");
	tu_legal_is(&s, "TAC WARRIOR 30>10");
	/* 6 players: the Angel of seat 0 acts on seat 1, the TAC on seat 2. */
	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4 "|" BASE4 "|" BASE4,
	    "ANGEL 9|TAC|2|2|2|2", NULL);
	tu_apply(&s, "ANGEL B>11");
	tu_legal_is(&s, "TAC ANGEL B>22");
	tu_apply(&s, "TAC ANGEL B>22");
	tu_marbles(&s, 1, BASE4);
	tu_marbles(&s, 2, "B B B 22*");
}
END_TEST

/* A2/M15: the Devil plays a finished victim's card for its partner. */
START_TEST(test_A2_devil_for_finished_victim)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|H1 H2 H3 H4|" BASE4 "|B B B 50", "DEVIL|5|2|2",
	    NULL);
	tu_legal_is(&s, "DEVIL 5 50>55");
}
END_TEST

/* A1/M8: the Angel kicks even the next player's own marble on its start. */
START_TEST(test_A1_angel_kicks_next_players_own_marble)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|B B 16 30|" BASE4 "|" BASE4, "ANGEL|2|2|2", NULL);
	tu_legal_is(&s, "ANGEL B>16");
	tu_apply(&s, "ANGEL B>16");
	tu_marbles(&s, 1, "B B 16* 30");
}
END_TEST

/* The master card suite. */
Suite *
suite_rules_master(void)
{
	Suite	*s = suite_create("rules_master");
	TCase	*tc = tcase_create("master");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_A1_angel_enters_next_player);
	tcase_add_test(tc, test_A1_angel_kicks_start);
	tcase_add_test(tc, test_A1_angel_base_empty_moves_one_or_thirteen);
	tcase_add_test(tc, test_A1_angel_move_no_jumping);
	tcase_add_test(tc, test_A1_angel_next_finished_goes_to_partner);
	tcase_add_test(tc, test_A1_angel_triples_next_unfinished_teammate);
	tcase_add_test(tc, test_A1_angel_needs_no_own_marble);
	tcase_add_test(tc, test_A2_devil_plays_next_players_card);
	tcase_add_test(tc, test_A2_devil_must_choose_playable);
	tcase_add_test(tc, test_A2_devil_discards_from_next_hand);
	tcase_add_test(tc, test_A2_1_devil_chooses_fool);
	tcase_add_test(tc, test_A2_2_devil_chooses_tac);
	tcase_add_test(tc, test_A2_2_devil_tac_needs_third_hand);
	tcase_add_test(tc, test_A2_5_devil_next_hand_empty);
	tcase_add_test(tc, test_A3_warrior_kicks_nearest_ahead);
	tcase_add_test(tc, test_A3_warrior_own_marble_and_wrap);
	tcase_add_test(tc, test_A3_warrior_alone_kicks_itself);
	tcase_add_test(tc, test_A3_warrior_needs_own_marble);
	tcase_add_test(tc, test_A3_warrior_no_blocking_not_fresh);
	tcase_add_test(tc, test_A4_fool_passes_hands_right);
	tcase_add_test(tc, test_A4_fool_follow_up_plays);
	tcase_add_test(tc, test_A4_fool_empty_received_hand);
	tcase_add_test(tc, test_A4_4_fool_no_other_cards);
	tcase_add_test(tc, test_A5_1_tac_after_fool_takes_follow_up);
	tcase_add_test(tc, test_A5_1_fool_follow_up_tac_skips_fool);
	tcase_add_test(tc, test_A5_1_discarded_fool_taken);
	tcase_add_test(tc, test_A5_1_tac_takes_fool_when_follow_up_empty);
	tcase_add_test(tc, test_A5_2_tac_after_warrior);
	tcase_add_test(tc, test_A5_3_tac_after_angel);
	tcase_add_test(tc, test_A5_4_tac_after_devil);
	tcase_add_test(tc, test_A2_devil_eight_skips_victims_next);
	tcase_add_test(tc, test_A2_1_devil_fool_empty_new_hand);
	tcase_add_test(tc, test_A2_2_devil_tac_chain);
	tcase_add_test(tc, test_A5_1_fool_first_card_tac_has_nothing);
	tcase_add_test(tc, test_A5_tac_uses_master_card_function);
	tcase_add_test(tc, test_A2_devil_for_finished_victim);
	tcase_add_test(tc, test_A1_angel_kicks_next_players_own_marble);
	suite_add_tcase(s, tc);
	return s;
}
