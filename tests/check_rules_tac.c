/*
 * check_rules_tac.c: doc/rules.md C7 and T1-T12 (the TAC card), with the
 * TAC chains and special cases of the TAC and TAKER booklets (doc/rules.md).
 */
#include <string.h>

#include "testutil.h"

#define BASE4	"B B B B"

/* C7/T1: the TAC undoes the previous play and plays that card itself. */
START_TEST(test_C7_tac_plays_taken_card)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 30|" BASE4 "|" BASE4, "9 5|TAC|2|2", NULL);
	tu_apply(&s, "9 10>19");
	tu_legal_is(&s, "TAC 9 30>39");
	tu_apply(&s, "TAC 9 30>39");
	tu_marbles(&s, 0, "B B B 10");
	tu_marbles(&s, 1, "B B B 39");
	tu_hand(&s, 1, "");
	ck_assert_int_eq(s.discards[TAC_TAC], 1);
	ck_assert_int_eq(s.discards[TAC_C9], 1);
	ck_assert_int_eq(s.turn, 2);
}
END_TEST

/* T1, booklets 000/003: a kicked marble returns to its field. */
START_TEST(test_T1_undo_restores_kicked_marble)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 20|B B B 25|" BASE4 "|" BASE4, "5 9|TAC|2|2", NULL);
	tu_apply(&s, "5 20>25");
	tu_marbles(&s, 1, BASE4);
	/* After the undo seat 1 has its marble on 25 to move. */
	tu_legal_is(&s, "TAC 5 25>30");
	tu_apply(&s, "TAC 5 25>30");
	tu_marbles(&s, 0, "B B B 20");
	tu_marbles(&s, 1, "B B B 30");
}
END_TEST

/* T1: freshness is restored with the position. */
START_TEST(test_T1_undo_restores_freshness)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 0*|B B B 20|" BASE4 "|" BASE4, "5 9|TAC|2|2", NULL);
	tu_apply(&s, "5 0>5");
	tu_apply(&s, "TAC 5 20>25");
	tu_marbles(&s, 0, "B B B 0*");
	tu_marbles(&s, 1, "B B B 25");
}
END_TEST

/* T1: the undo record can come from a loaded position ("undo"). */
START_TEST(test_T1_undo_from_position)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 15|B B B 20|" BASE4 "|" BASE4, "9|TAC|2|2",
	    "'turn':1,'played':4,'undo':{'card':'5','final':false,"
	    "'marbles':[['B','B','B','10'],['B','B','B','20'],"
	    "['B','B','B','B'],['B','B','B','B']]}");
	tu_legal_is(&s, "TAC 5 20>25");
	tu_apply(&s, "TAC 5 20>25");
	tu_marbles(&s, 0, "B B B 10");
	tu_marbles(&s, 1, "B B B 25");
}
END_TEST

/*
 * T1, booklet 000 "Карта ТАК / Варианты использования": besides the Angel
 * the TAC is the only way in without a 1 or 13: TAC the right
 * neighbour's 13.
 */
START_TEST(test_T1_seed_tac_enters_without_exit_card)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4, "13 9|TAC 5 9|2|2",
	    NULL);
	tu_apply(&s, "13 B>0");
	tu_legal_is(&s, "TAC 13 B>16");
	tu_apply(&s, "TAC 13 B>16");
	tu_marbles(&s, 0, BASE4);
	tu_marbles(&s, 1, "B B B 16*");
}
END_TEST

/* T2, booklet 000: no TAC action when the taken card is of no use. */
START_TEST(test_T2_tac_needs_usable_card)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|" BASE4 "|" BASE4 "|" BASE4, "8 9|TAC|2|2", NULL);
	tu_apply(&s, "8 10>18");
	/* Seat 1 has no marble out: it cannot use the 8. */
	tu_legal_is(&s, "TAC discard");
}
END_TEST

/* T2, booklet 000 "если можешь, то обязан": the only playable card is TAC. */
START_TEST(test_T2_seed_must_play_tac)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4, "13 9|TAC 5|2|2",
	    NULL);
	tu_apply(&s, "13 B>0");
	tu_legal_is(&s, "TAC 13 B>16");
	tu_illegal(&s, "5 discard", NULL);
	tu_illegal(&s, "TAC discard", NULL);
}
END_TEST

/* T3, booklets 000/003: a taken 13 may enter or move. */
START_TEST(test_T3_thirteen_either_function)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|B B B 20|" BASE4 "|" BASE4, "13 9|TAC|2|2", NULL);
	tu_apply(&s, "13 B>0");
	tu_legal_is(&s, "TAC 13 20>33\nTAC 13 B>16");
}
END_TEST

/* T3: a taken 1 may enter or move. */
START_TEST(test_T3_one_either_function)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|" BASE4 "|" BASE4, "1 9|TAC|2|2", NULL);
	tu_apply(&s, "1 10>11");
	tu_legal_is(&s, "TAC 1 20>21\nTAC 1 B>16");
}
END_TEST

/* T3/T8: a taken 8 move may be used to move or to skip. */
START_TEST(test_T3_eight_either_function)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|" BASE4 "|" BASE4, "8 9|TAC|2|2", NULL);
	tu_apply(&s, "8 10>18");
	tu_legal_is(&s, "TAC 8 20>28\nTAC 8 skip");
}
END_TEST

/* T4, booklets 000/003: undoing a home entry is the only way out of a home. */
START_TEST(test_T4_undo_home_entry)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 62|B B B 20|" BASE4 "|" BASE4, "5 9|TAC|2|2", NULL);
	tu_apply(&s, "5 62>0H3");
	tu_marbles(&s, 0, "B B B H3");
	tu_legal_is(&s, "TAC 5 20>25");
	tu_apply(&s, "TAC 5 20>25");
	tu_marbles(&s, 0, "B B B 62");
}
END_TEST

/* T5, booklet 000: after a discard the TAC uses the discarded card. */
START_TEST(test_T5_seed_after_discard_uses_card)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|B B B 20|" BASE4 "|" BASE4, "5 9|TAC|2|2", NULL);
	tu_legal_is(&s, "5 discard\n9 discard");
	tu_apply(&s, "5 discard");
	tu_legal_is(&s, "TAC 5 20>25");
	tu_apply(&s, "TAC 5 20>25");
	tu_marbles(&s, 1, "B B B 25");
	tu_marbles(&s, 0, BASE4);
}
END_TEST

/* T5, booklets 000/003: after a discarded TAC, the card below; not undone. */
START_TEST(test_T5_seed_tac_after_discarded_tac)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|" BASE4 "|B B B 40|" BASE4, "5 9|TAC|TAC|2",
	    NULL);
	tu_apply(&s, "5 10>15");
	tu_legal_is(&s, "TAC discard");
	tu_apply(&s, "TAC discard");
	tu_legal_is(&s, "TAC 5 40>45");
	tu_apply(&s, "TAC 5 40>45");
	tu_marbles(&s, 0, "B B B 15");
	tu_marbles(&s, 2, "B B B 45");
}
END_TEST

/* T5: the same with a Trickster below the discarded TAC. */
START_TEST(test_T5_discarded_tac_over_trickster)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|" BASE4 "|B B B 40|B B B 20", "TR 9|TAC|TAC|2",
	    NULL);
	tu_apply(&s, "TR 10<>20");
	tu_legal_is(&s, "TAC discard");
	tu_apply(&s, "TAC discard");
	/* The swap stands; seat 2 swaps from the position as it is. */
	tu_legal_is(&s, "TAC TR 10<>20\nTAC TR 10<>40\nTAC TR 20<>40");
	tu_apply(&s, "TAC TR 10<>40");
	tu_marbles(&s, 0, "B B B 20");
	tu_marbles(&s, 2, "B B B 10");
	tu_marbles(&s, 3, "B B B 40");
}
END_TEST

/* T6: after a Trickster the swap is reversed; any new swap follows. */
START_TEST(test_T6_trickster_swap_reversed)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|B B B 30|" BASE4, "TR 9|TAC|2|2", NULL);
	tu_apply(&s, "TR 10<>20");
	tu_legal_is(&s, "TAC TR 10<>20\nTAC TR 10<>30\nTAC TR 20<>30");
	tu_apply(&s, "TAC TR 20<>30");
	tu_marbles(&s, 0, "B B B 10");
	tu_marbles(&s, 1, "B B B 30");
	tu_marbles(&s, 2, "B B B 20");
}
END_TEST

/*
 * T6, booklets 000 "Использование Карты ТАК после Карты Трикстер" and 003:
 * a fresh marble swapped away and returned by the TAC is fresh again
 * and cannot go straight into its home.
 */
START_TEST(test_T6_seed_trickster_fresh_marble_fresh_again)
{
	struct tac_state	s;

	tu_pos(&s, "0* H2 H3 H4|B B B 20|" BASE4 "|B B B 40", "TR 1|TAC|2|2",
	    NULL);
	tu_apply(&s, "TR 0<>20");
	tu_marbles(&s, 0, "20 H2 H3 H4");
	tu_apply(&s, "TAC TR 20<>40");
	tu_marbles(&s, 0, "0* H2 H3 H4");
	tu_marbles(&s, 1, "B B B 40");
	tu_marbles(&s, 3, "B B B 20");
	tu_seq(&s, "2 discard; 2 20>22");
	tu_legal_is(&s, "1 0>1");
	tu_illegal(&s, "1 0>0H1", NULL);
}
END_TEST

/* T7: after a 7 all steps and kicks are undone; a full 7 follows. */
START_TEST(test_T7_seven_undone_then_full_seven)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 40|B B B 42|B B B 44|" BASE4, "7 9|TAC|2|2", NULL);
	tu_apply(&s, "7 40>47");
	tu_marbles(&s, 1, BASE4);
	tu_marbles(&s, 2, BASE4);
	/* Seat 1's full 7 from 42 passes 44 (seat 2's, kicked). */
	tu_legal_is(&s, "TAC 7 42>49");
	tu_apply(&s, "TAC 7 42>49");
	tu_marbles(&s, 0, "B B B 40");
	tu_marbles(&s, 1, "B B B 49");
	tu_marbles(&s, 2, BASE4);
}
END_TEST

/* T8: after an 8 move: undone; the TAC player moves 8 or skips. */
START_TEST(test_T8_after_eight_move)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|" BASE4 "|" BASE4, "8 9|TAC|2|2", NULL);
	tu_apply(&s, "8 10>18");
	tu_apply(&s, "TAC 8 skip");
	tu_marbles(&s, 0, "B B B 10");
	ck_assert_int_eq(s.phase, TAC_PH_SKIP);
	ck_assert_int_eq(s.turn, 2);
	tu_legal_is(&s, "2 discard");
}
END_TEST

/*
 * T8/C5.2, booklets 000 "Использование Карты ТАК после Карты 8" and 003:
 * the skipped player may TAC the 8 (move or skip), or discard any card.
 */
START_TEST(test_T8_seed_skipped_player_tacs_eight)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|" BASE4 "|" BASE4, "8 9|TAC 5|2|2",
	    NULL);
	tu_apply(&s, "8 skip");
	tu_legal_is(&s, "5 discard\nTAC 8 20>28\nTAC 8 skip\nTAC discard");
	tu_apply(&s, "TAC 8 20>28");
	tu_marbles(&s, 1, "B B B 28");
	tu_hand(&s, 1, "5");
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
	ck_assert_int_eq(s.turn, 2);
}
END_TEST

/* T8, booklet 000: the skipped player need not TAC: it may discard it. */
START_TEST(test_T8_seed_skipped_player_may_discard_tac)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|" BASE4 "|" BASE4, "8 9|TAC 5|2|2",
	    NULL);
	tu_apply(&s, "8 skip");
	tu_apply(&s, "TAC discard");
	tu_hand(&s, 1, "5");
	tu_marbles(&s, 1, "B B B 20");
	ck_assert_int_eq(s.turn, 2);
}
END_TEST

/* T8: a skipped player without a marble out cannot use the 8. */
START_TEST(test_T8_skipped_tac_needs_marble)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|" BASE4 "|" BASE4 "|" BASE4, "8 9|TAC 5|2|2",
	    NULL);
	tu_apply(&s, "8 skip");
	tu_legal_is(&s, "5 discard\nTAC discard");
}
END_TEST

/* T9, booklets 000/003: a TAC cannot be the first card of a round. */
START_TEST(test_T9_tac_not_first_card)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|" BASE4 "|" BASE4, "TAC 5|2|2|2",
	    "'played':0");
	tu_legal_is(&s, "5 10>15");
	tu_illegal(&s, "TAC 5 10>15", "first card played after a deal");
	tu_pos(&s, "B B B 10|B B B 20|" BASE4 "|" BASE4, "TAC|2|2|2",
	    "'played':0");
	tu_legal_is(&s, "TAC discard");
}
END_TEST

/* T9, booklets 000/003: a TAC cannot reach a card of the previous round. */
START_TEST(test_T9_seed_not_previous_round)
{
	struct tac_state	s;

	/* Base deck, 20 cards left: dealt 5 each from left of dealer 3. */
	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4, "|||13",
	    "'master':false,'turn':3,'dealer':2,'played':19,"
	    "'deck':['TAC','3','4','6','13','3','4','6','2','3','4','6',"
	    "'2','3','4','6','2','3','4','6']");
	tu_apply(&s, "13 B>48");
	ck_assert_int_eq(s.round, 2);
	tu_hand(&s, 0, "2 2 2 13 TAC");
	tu_seq(&s, "give 2; give 3; give 4; give 6");
	ck_assert_int_eq(s.turn, 0);
	tu_legal_is(&s, "13 B>0");
	tu_illegal(&s, "TAC 13 B>0", "first card");
}
END_TEST

/* Seat 0 takes its team's last marble home; seat 1 holds a usable TAC. */
static void
tac_win_setup(struct tac_state *s)
{
	tu_pos(s, "63 H2 H3 H4|B B B 20|H1 H2 H3 H4|" BASE4,
	    "2 9|TAC 5|2 TAC|5", NULL);
	tu_apply(s, "2 63>0H1");
}

/* T10/M16: the winning play must be undone by the next player's TAC. */
START_TEST(test_T10_winning_move_must_be_undone)
{
	struct tac_state	s;

	tac_win_setup(&s);
	ck_assert_int_eq(s.phase, TAC_PH_FORCED);
	ck_assert_int_eq(s.turn, 1);
	ck_assert_int_eq(s.winner, TAC_NONE);
	tu_legal_is(&s, "TAC 2 20>22");
	tu_illegal(&s, "5 20>25", NULL);
	tu_apply(&s, "TAC 2 20>22");
	tu_marbles(&s, 0, "63 H2 H3 H4");
	tu_marbles(&s, 1, "B B B 22");
	ck_assert_int_eq(s.undo.final, 1);
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
	ck_assert_int_eq(s.turn, 2);
}
END_TEST

/*
 * T10, booklets 000 "Карта ТАК / Особый случай" and 003: the forced TAC
 * cannot itself be taken by another TAC.  Seat 2 (finished, M15) then
 * wins with its own 2.
 */
START_TEST(test_T10_seed_forced_tac_cannot_be_taken)
{
	struct tac_state	s;

	tac_win_setup(&s);
	tu_apply(&s, "TAC 2 20>22");
	tu_legal_is(&s, "2 63>0H1\n2 63>1");
	tu_illegal(&s, "TAC 2 63>0H1", NULL);
	tu_apply(&s, "2 63>0H1");
	ck_assert_int_eq(s.phase, TAC_PH_OVER);
	ck_assert_int_eq(s.winner, tac_team(&s, 0));
}
END_TEST

/* T10/T2: a next player whose TAC cannot use the card: game over. */
START_TEST(test_T10_unusable_tac_game_over)
{
	struct tac_state	s;

	tu_pos(&s, "63 H2 H3 H4|" BASE4 "|H1 H2 H3 H4|" BASE4,
	    "2 9|TAC 5|2|5", NULL);
	tu_apply(&s, "2 63>0H1");
	ck_assert_int_eq(s.phase, TAC_PH_OVER);
	ck_assert_int_eq(s.winner, tac_team(&s, 0));
}
END_TEST

/* T11 (its example): a TAC on a TAC restores the original play. */
START_TEST(test_T11_tac_on_tac_example)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|B B B 40|" BASE4,
	    "13 TAC|TAC 9|TAC 9|TAC 2", NULL);
	tu_apply(&s, "13 B>0");
	tu_legal_is(&s, "TAC 13 B>16");
	tu_apply(&s, "TAC 13 B>16");
	tu_marbles(&s, 0, BASE4);
	tu_marbles(&s, 1, "B B B 16*");
	tu_legal_is(&s, "9 40>49\nTAC 13 40>53\nTAC 13 B>32");
	tu_apply(&s, "TAC 13 B>32");
	tu_marbles(&s, 0, "B B B 0*");
	tu_marbles(&s, 1, BASE4);
	tu_marbles(&s, 2, "B B 32* 40");
}
END_TEST

/*
 * T11, booklet 000 "Использование Карты ТАК после Карты ТАК" (example with
 * players 1-3) and 003: the third player may enter or move the 13.
 */
START_TEST(test_T11_seed_chain_three_tacs)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|B B B 40|" BASE4,
	    "13 TAC|TAC 9|TAC 9|TAC 2", NULL);
	tu_seq(&s, "13 B>0; TAC 13 B>16");
	tu_apply(&s, "TAC 13 40>53");
	tu_marbles(&s, 0, "B B B 0*");
	tu_marbles(&s, 1, BASE4);
	tu_marbles(&s, 2, "B B B 53");
}
END_TEST

/* T11: chains of four TACs follow the same rule. */
START_TEST(test_T11_chain_four_tacs)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|B B B 40|" BASE4,
	    "13 TAC|TAC 9|TAC 9|TAC 2", NULL);
	tu_seq(&s, "13 B>0; TAC 13 B>16; TAC 13 B>32");
	/* Seat 3 undoes seat 2's TAC: seat 1's entry is back. */
	tu_legal_is(&s, "TAC 13 B>48");
	tu_apply(&s, "TAC 13 B>48");
	tu_marbles(&s, 0, BASE4);
	tu_marbles(&s, 1, "B B B 16*");
	tu_marbles(&s, 2, "B B B 40");
	tu_marbles(&s, 3, "B B B 48*");
	/* Seat 0 undoes seat 3's TAC: seat 2's play is back. */
	tu_apply(&s, "TAC 13 0>13");
	tu_marbles(&s, 0, "B B B 13");
	tu_marbles(&s, 1, BASE4);
	tu_marbles(&s, 2, "B B 32* 40");
	tu_marbles(&s, 3, BASE4);
}
END_TEST

/* T12: a TAC reaches only the immediately preceding play. */
START_TEST(test_T12_only_previous_play)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|B B B 40|" BASE4, "5 9|3 9|TAC|2",
	    NULL);
	tu_seq(&s, "5 10>15; 3 20>23");
	tu_legal_is(&s, "TAC 3 40>43");
	tu_illegal(&s, "TAC 5 40>45", NULL);
	tu_apply(&s, "TAC 3 40>43");
	tu_marbles(&s, 0, "B B B 15");
	tu_marbles(&s, 1, "B B B 20");
}
END_TEST

/* T12: the discard of a skipped player is the play a TAC takes. */
START_TEST(test_T12_skip_discard_is_the_play)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|B B B 40|" BASE4, "8 9|5 9|TAC|2",
	    NULL);
	tu_seq(&s, "8 skip; 9 discard");
	tu_legal_is(&s, "TAC 9 40>49");
	tu_apply(&s, "TAC 9 40>49");
	tu_marbles(&s, 0, "B B B 10");
	tu_marbles(&s, 2, "B B B 49");
}
END_TEST

/* T12: the card a Devil played for the previous player is the play. */
START_TEST(test_T12_devil_play_is_the_play)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|B B B 40|" BASE4, "DEVIL|5|TAC|2",
	    NULL);
	tu_legal_is(&s, "DEVIL 5 20>25");
	tu_apply(&s, "DEVIL 5 20>25");
	ck_assert_int_eq(s.turn, 2);
	tu_legal_is(&s, "TAC 5 40>45");
	tu_apply(&s, "TAC 5 40>45");
	tu_marbles(&s, 1, "B B B 20");
	tu_marbles(&s, 2, "B B B 45");
}
END_TEST

/* T10/M16: a TAC that wins is itself undone by the next player's TAC. */
START_TEST(test_T10_winning_tac_must_be_undone)
{
	struct tac_state	s;

	tu_pos(&s, "60 H2 H3 H4|B B B 20|H1 H2 H3 H4|B B B 40",
	    "TAC 9|TAC 9|2 9|5 9", "'turn':3");
	tu_apply(&s, "5 40>45");
	tu_apply(&s, "TAC 5 60>0H1");
	ck_assert_int_eq(s.phase, TAC_PH_FORCED);
	ck_assert_int_eq(s.turn, 1);
	tu_legal_is(&s, "TAC 5 20>25");
	tu_apply(&s, "TAC 5 20>25");
	tu_marbles(&s, 0, "60 H2 H3 H4");
	tu_marbles(&s, 3, "B B B 45");
	tu_marbles(&s, 1, "B B B 25");
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
}
END_TEST

/* T10: the forced TAC may win for its own team; it is final. */
START_TEST(test_T10_forced_tac_can_win)
{
	struct tac_state	s;

	tu_pos(&s, "63 H2 H3 H4|15 H2 H3 H4|H1 H2 H3 H4|H1 H2 H3 H4",
	    "2 9|TAC 9|TAC 9|9", NULL);
	tu_apply(&s, "2 63>0H1");
	tu_legal_is(&s, "TAC 2 15>17\nTAC 2 15>1H1");
	tu_apply(&s, "TAC 2 15>1H1");
	/* Seat 2's TAC cannot take the forced TAC: the game is over. */
	ck_assert_int_eq(s.phase, TAC_PH_OVER);
	ck_assert_int_eq(s.winner, tac_team(&s, 1));
}
END_TEST

/* T10 (engine decision): the next seat to act holding a TAC must use it. */
START_TEST(test_T10_next_seat_with_cards_is_forced)
{
	struct tac_state	s;

	/* 6 players in pairs; seat 1 holds no card, seat 2 is next. */
	tu_pos(&s, "65 H2 H3 H4|" BASE4 "|B B B 30|H1 H2 H3 H4|" BASE4 "|"
	    BASE4, "2 9||TAC 9|5|5|5", NULL);
	tu_apply(&s, "2 65>0H1");
	ck_assert_int_eq(s.phase, TAC_PH_FORCED);
	ck_assert_int_eq(s.turn, 2);
	tu_legal_is(&s, "TAC 2 30>32");
}
END_TEST

/*
 * T10 (engine decision): with the left neighbour out of cards, the next
 * seat to act in 4 players is the winner's partner, who is not made to
 * undo its own team's win: the game ends.
 */
START_TEST(test_T10_partner_never_forced)
{
	struct tac_state	s;

	tu_pos(&s, "63 H2 H3 H4|" BASE4 "|H1 H2 H3 H4|" BASE4,
	    "2 9||TAC 9|5", NULL);
	tu_apply(&s, "2 63>0H1");
	ck_assert_int_eq(s.phase, TAC_PH_OVER);
	ck_assert_int_eq(s.winner, tac_team(&s, 0));
}
END_TEST

/* T5/C5.2: a TAC discarded in a skipped turn leaves the 8 to take. */
START_TEST(test_T5_discarded_tac_during_skip)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|" BASE4 "|B B B 40|" BASE4, "8 9|TAC 5|TAC|2",
	    NULL);
	tu_seq(&s, "8 skip; TAC discard");
	tu_legal_is(&s, "TAC 8 40>48\nTAC 8 skip");
	tu_apply(&s, "TAC 8 40>48");
	tu_marbles(&s, 0, "B B B 10");
	tu_marbles(&s, 2, "B B B 48");
	ck_assert_int_eq(s.turn, 3);
}
END_TEST

/* T8/C5.3: a TAC on an 8 cannot skip a next player without cards. */
START_TEST(test_T8_tac_skip_needs_next_hand)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|" BASE4 "|" BASE4, "8 9|TAC||2", NULL);
	tu_apply(&s, "8 10>18");
	tu_legal_is(&s, "TAC 8 20>28");
}
END_TEST

/* T10/A2: a Devil play that wins for the victim's team is forced back. */
START_TEST(test_T10_devil_win_forced_tac)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|15 H2 H3 H4|B B B 40|H1 H2 H3 H4",
	    "DEVIL|2|TAC 9|9", NULL);
	tu_legal_is(&s, "DEVIL 2 15>17\nDEVIL 2 15>1H1");
	tu_apply(&s, "DEVIL 2 15>1H1");
	ck_assert_int_eq(s.phase, TAC_PH_FORCED);
	ck_assert_int_eq(s.turn, 2);
	tu_legal_is(&s, "TAC 2 40>42");
	tu_apply(&s, "TAC 2 40>42");
	tu_marbles(&s, 1, "15 H2 H3 H4");
	tu_marbles(&s, 2, "B B B 42");
	ck_assert_int_eq(s.turn, 3);
}
END_TEST

/* T9/T5: a discard is a card play: a TAC may take the round's first one. */
START_TEST(test_T9_first_play_discard_can_be_taken)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|B B B 20|" BASE4 "|" BASE4, "5|TAC|2|2",
	    "'played':0");
	tu_apply(&s, "5 discard");
	ck_assert_int_eq(s.played, 1);
	tu_legal_is(&s, "TAC 5 20>25");
}
END_TEST

/* The TAC suite. */
Suite *
suite_rules_tac(void)
{
	Suite	*s = suite_create("rules_tac");
	TCase	*tc = tcase_create("tac");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_C7_tac_plays_taken_card);
	tcase_add_test(tc, test_T1_undo_restores_kicked_marble);
	tcase_add_test(tc, test_T1_undo_restores_freshness);
	tcase_add_test(tc, test_T1_undo_from_position);
	tcase_add_test(tc, test_T1_seed_tac_enters_without_exit_card);
	tcase_add_test(tc, test_T2_tac_needs_usable_card);
	tcase_add_test(tc, test_T2_seed_must_play_tac);
	tcase_add_test(tc, test_T3_thirteen_either_function);
	tcase_add_test(tc, test_T3_one_either_function);
	tcase_add_test(tc, test_T3_eight_either_function);
	tcase_add_test(tc, test_T4_undo_home_entry);
	tcase_add_test(tc, test_T5_seed_after_discard_uses_card);
	tcase_add_test(tc, test_T5_seed_tac_after_discarded_tac);
	tcase_add_test(tc, test_T5_discarded_tac_over_trickster);
	tcase_add_test(tc, test_T6_trickster_swap_reversed);
	tcase_add_test(tc, test_T6_seed_trickster_fresh_marble_fresh_again);
	tcase_add_test(tc, test_T7_seven_undone_then_full_seven);
	tcase_add_test(tc, test_T8_after_eight_move);
	tcase_add_test(tc, test_T8_seed_skipped_player_tacs_eight);
	tcase_add_test(tc, test_T8_seed_skipped_player_may_discard_tac);
	tcase_add_test(tc, test_T8_skipped_tac_needs_marble);
	tcase_add_test(tc, test_T9_tac_not_first_card);
	tcase_add_test(tc, test_T9_seed_not_previous_round);
	tcase_add_test(tc, test_T10_winning_move_must_be_undone);
	tcase_add_test(tc, test_T10_seed_forced_tac_cannot_be_taken);
	tcase_add_test(tc, test_T10_unusable_tac_game_over);
	tcase_add_test(tc, test_T10_partner_never_forced);
	tcase_add_test(tc, test_T10_winning_tac_must_be_undone);
	tcase_add_test(tc, test_T10_forced_tac_can_win);
	tcase_add_test(tc, test_T10_next_seat_with_cards_is_forced);
	tcase_add_test(tc, test_T5_discarded_tac_during_skip);
	tcase_add_test(tc, test_T8_tac_skip_needs_next_hand);
	tcase_add_test(tc, test_T10_devil_win_forced_tac);
	tcase_add_test(tc, test_T9_first_play_discard_can_be_taken);
	tcase_add_test(tc, test_T11_tac_on_tac_example);
	tcase_add_test(tc, test_T11_seed_chain_three_tacs);
	tcase_add_test(tc, test_T11_chain_four_tacs);
	tcase_add_test(tc, test_T12_only_previous_play);
	tcase_add_test(tc, test_T12_skip_discard_is_the_play);
	tcase_add_test(tc, test_T12_devil_play_is_the_play);
	suite_add_tcase(s, tc);
	return s;
}
