/*
 * check_rules_coop.c: doc/rules.md K, Team-TAC: everyone plays for the
 * same side, a team that is home plays for the others, the game ends
 * when every marble is home, and the score is the cards played.
 */
#include <string.h>

#include "testutil.h"

#define BASE4	"B B B B"
#define HOME4	"H1 H2 H3 H4"
#define COOP	"'coop':true"

/* K1: coop is an option of every table: 4 seats, 6 in pairs or triples. */
START_TEST(test_K1_coop_option_every_table)
{
	struct tac_config	cfg;
	struct tac_state	s;
	char			err[256];

	tu_cfg(&cfg, 4, 0, 1);
	cfg.coop = 1;
	ck_assert_int_eq(tac_config_check(&cfg, err, sizeof err), 0);
	tu_cfg(&cfg, 6, 0, 0);
	cfg.coop = 1;
	ck_assert_int_eq(tac_config_check(&cfg, err, sizeof err), 0);
	tu_cfg(&cfg, 6, 1, 1);
	cfg.coop = 1;
	ck_assert_int_eq(tac_config_check(&cfg, err, sizeof err), 0);
	tac_init(&s, &cfg, 7);
	ck_assert_int_eq(s.cfg.coop, 1);
	ck_assert_int_eq(tac_nteams(&s), 2);	/* B5's teams stay */
	cfg.coop = 2;
	ck_assert_int_eq(tac_config_check(&cfg, err, sizeof err), -1);
}
END_TEST

/* K1: while no team is home, a Team-TAC position plays as any other. */
START_TEST(test_K1_usual_rules_hold)
{
	struct tac_state	s, t;
	char			 legal[4096];

	tu_pos(&s, "10 B B B|20 B B B|40 B B B|55 B B B",
	    "7 TR 4|2|2|2", NULL);
	snprintf(legal, sizeof legal, "%s", tu_legal(&s));
	tu_pos(&t, "10 B B B|20 B B B|40 B B B|55 B B B",
	    "7 TR 4|2|2|2", COOP);
	ck_assert_str_eq(tu_legal(&t), legal);
	/* The exchange still goes to the partner (D7). */
	ck_assert_int_eq(tac_receiver(&t, 0), 2);
	ck_assert_int_eq(tac_receiver(&t, 1), 3);
}
END_TEST

/* K2: a team all home plays for any seat not home, entering too. */
START_TEST(test_K2_team_home_plays_for_others)
{
	struct tac_state	s;

	tu_pos(&s, HOME4 "|B B B 20|" HOME4 "|" BASE4, "13|2|2|2", COOP);
	tu_legal_is(&s, "13 B>16\n13 B>48\n13 20>33");
	ck_assert_int_eq(tac_ctrl(&s, &s.b, 0), 1U << 1 | 1U << 3);
	tu_apply(&s, "13 B>48");
	tu_marbles(&s, 3, "B B B 48*");
}
END_TEST

/* K2: a finished player still plays for an unfinished teammate first. */
START_TEST(test_K2_teammate_first)
{
	struct tac_state	s;

	tu_pos(&s, HOME4 "|B B B 20|B B B 40|" BASE4, "13|2|2|2", COOP);
	tu_legal_is(&s, "13 B>32\n13 40>53");
	ck_assert_int_eq(tac_ctrl(&s, &s.b, 0), 1U << 2);
}
END_TEST

/* K2: "own marble" of M4 is any marble the player moves for. */
START_TEST(test_K2_own_marble_of_m4)
{
	struct tac_state	s;

	tu_pos(&s, HOME4 "|B B B 20|" HOME4 "|" BASE4, "8|2|2|2", COOP);
	tu_legal_is(&s, "8 20>28\n8 skip");
	tu_pos(&s, HOME4 "|B B 20 30|" HOME4 "|B B B 50", "TR|2|2|2", COOP);
	tu_legal_is(&s, "TR 20<>30\nTR 20<>50\nTR 30<>50");
	tu_pos(&s, HOME4 "|B B 20 30|" HOME4 "|B B B 50", "WARRIOR|2|2|2",
	    COOP);
	tu_legal_is(&s, "WARRIOR 20>30\nWARRIOR 30>50\nWARRIOR 50>20");
}
END_TEST

/* K2: teams of three: a team all home plays for the other three seats. */
START_TEST(test_K2_triples)
{
	struct tac_state	s;

	tu_pos(&s, HOME4 "|B B B 20|" HOME4 "|" BASE4 "|" HOME4 "|" BASE4,
	    "1|2|2|2|2|2", "'teams':'triples'," COOP);
	tu_legal_is(&s, "1 B>11\n1 B>33\n1 B>55\n1 20>21");
}
END_TEST

/* K3: the player's last marble home, the 7 goes on to another team. */
START_TEST(test_K3_seven_goes_on_to_other_team)
{
	struct tac_state	s;

	tu_pos(&s, "63 H2 H3 H4|B B B 20|" HOME4 "|" BASE4, "7|2|2|2",
	    COOP);
	tu_legal_is(&s, "7 63>6\n7 63>0H1 20>25");
	/* The usual game: nobody is left to take the steps (C4.6). */
	tu_pos(&s, "63 H2 H3 H4|B B B 20|" HOME4 "|" BASE4, "7|2|2|2",
	    NULL);
	tu_legal_is(&s, "7 63>6");
}
END_TEST

/* K3: a 7 for others moves the marbles of one seat. */
START_TEST(test_K3_one_seat_at_a_time)
{
	struct tac_state	s;

	tu_pos(&s, HOME4 "|B B B 20|" HOME4 "|B B B 50", "7|2|2|2", COOP);
	tu_legal_is(&s, "7 20>27\n7 50>57");
	tu_illegal(&s, "7 20>22 50>55", NULL);
}
END_TEST

/* K3: that seat home with steps left: the rest go to the next seat. */
START_TEST(test_K3_next_seat_when_home)
{
	struct tac_state	s;

	tu_pos(&s, HOME4 "|15 H2 H3 H4|" HOME4 "|B B B 50", "7|2|2|2",
	    COOP);
	tu_legal_is(&s, "7 15>22\n7 15>1H1 50>55\n7 50>57");
	tu_illegal(&s, "7 50>55 15>1H1", NULL);
}
END_TEST

/* K3: the game's last marble goes in only with the 7's last step. */
START_TEST(test_K3_last_marble_exact)
{
	struct tac_state	s;

	tu_pos(&s, HOME4 "|14 H2 H3 H4|" HOME4 "|" HOME4, "7 3|2|2|2",
	    COOP);
	tu_legal_is(&s, "3 14>17\n3 14>1H1\n7 14>21");
	tu_illegal(&s, "7 14>1H1", NULL);
}
END_TEST

/* K4: the next player's team home: the Angel acts for the next seat. */
START_TEST(test_K4_angel_next_seat_not_home)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" HOME4 "|" BASE4 "|" HOME4, "ANGEL|2|2|2", COOP);
	tu_legal_is(&s, "ANGEL B>32");
	/* Only the Angel's own player is left: it acts for them. */
	tu_pos(&s, BASE4 "|" HOME4 "|" HOME4 "|" HOME4, "ANGEL|2|2|2", COOP);
	tu_legal_is(&s, "ANGEL B>0");
	/* The next player's partner comes first, as in A1. */
	tu_pos(&s, BASE4 "|" HOME4 "|" BASE4 "|B B B 50", "ANGEL|2|2|2",
	    COOP);
	tu_legal_is(&s, "ANGEL B>48");
}
END_TEST

/* K5: a team all home wins nothing; the game goes on. */
START_TEST(test_K5_team_home_goes_on)
{
	struct tac_state	s;

	tu_pos(&s, "63 H2 H3 H4|" BASE4 "|" HOME4 "|" BASE4, "2|2|2|2", COOP);
	tu_apply(&s, "2 63>0H1");
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
	ck_assert_int_eq(s.turn, 1);
	ck_assert_int_eq(s.winner, TAC_NONE);
	ck_assert(!tac_coop_won(&s));
	/* The usual game ends there (M16). */
	tu_pos(&s, "63 H2 H3 H4|" BASE4 "|" HOME4 "|" BASE4, "2|2|2|2", NULL);
	tu_apply(&s, "2 63>0H1");
	ck_assert_int_eq(s.phase, TAC_PH_OVER);
	ck_assert_int_eq(s.winner, 0);
}
END_TEST

/* K5: the last marble of the game ends it, won by all, no team named. */
START_TEST(test_K5_last_marble_ends_for_all)
{
	struct tac_state	s;

	tu_pos(&s, "63 H2 H3 H4|" HOME4 "|" HOME4 "|" HOME4, "2|2|2|2", COOP);
	tu_apply(&s, "2 63>0H1");
	ck_assert(tac_over(&s));
	ck_assert(tac_coop_won(&s));
	ck_assert_int_eq(s.winner, TAC_NONE);
	tu_illegal(&s, "2 discard", "over");
}
END_TEST

/* K5, T10: the next player who can undo the last marble must. */
START_TEST(test_K5_tac_undoes_last_marble)
{
	struct tac_state	s;

	tu_pos(&s, "63 H2 H3 H4|" HOME4 "|" HOME4 "|" HOME4, "2|TAC 5|2|2",
	    COOP);
	tu_apply(&s, "2 63>0H1");
	ck_assert_int_eq(s.phase, TAC_PH_FORCED);
	ck_assert_int_eq(s.turn, 1);
	tu_illegal(&s, "5 discard", "last marble");
	tu_legal_is(&s, "TAC 2 63>1\nTAC 2 63>0H1");
	tu_apply(&s, "TAC 2 63>1");
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
	ck_assert_int_eq(s.turn, 2);
	tu_marbles(&s, 0, "1 H2 H3 H4");
	/* That TAC cannot itself be undone (T10). */
	ck_assert(s.undo.final);
}
END_TEST

/* K5: in Team-TAC the next player undoes it even as the partner. */
START_TEST(test_K5_partner_undoes_too)
{
	struct tac_state	s;

	tu_pos(&s, "63 H2 H3 H4|" HOME4 "|" HOME4 "|" HOME4, "2 9||TAC 5|",
	    COOP);
	tu_apply(&s, "2 63>0H1");
	ck_assert_int_eq(s.phase, TAC_PH_FORCED);
	ck_assert_int_eq(s.turn, 2);
	/* The usual game: a partner does not undo its team's win. */
	tu_pos(&s, "63 H2 H3 H4|B B B 20|" HOME4 "|B B B 50", "2 9||TAC 5|",
	    NULL);
	tu_apply(&s, "2 63>0H1");
	ck_assert_int_eq(s.phase, TAC_PH_OVER);
}
END_TEST

/* K5: the player who brought the last marble home never undoes it. */
START_TEST(test_K5_not_by_its_own_player)
{
	struct tac_state	s;

	tu_pos(&s, "63 H2 H3 H4|" HOME4 "|" HOME4 "|" HOME4, "2 TAC|||",
	    COOP);
	tu_apply(&s, "2 63>0H1");
	ck_assert(tac_coop_won(&s));
}
END_TEST

/* K6: every card that leaves a hand face up counts once. */
START_TEST(test_K6_cards_played)
{
	struct tac_state	s;

	/* A card played, then a TAC. */
	tu_pos(&s, "10 B B B|20 B B B|" BASE4 "|" BASE4, "5|TAC 9|2|2",
	    COOP ",'cards':10");
	ck_assert_uint_eq(tac_cards_played(&s), 10);
	tu_apply(&s, "5 10>15");
	ck_assert_uint_eq(tac_cards_played(&s), 11);
	tu_apply(&s, "TAC 5 20>25");
	ck_assert_uint_eq(tac_cards_played(&s), 12);
	/* A discard. */
	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4, "5|2|2|2",
	    COOP ",'cards':3");
	tu_apply(&s, "5 discard");
	ck_assert_uint_eq(tac_cards_played(&s), 4);
	/* The Devil and the next player's card it plays: two. */
	tu_pos(&s, BASE4 "|B B B 20|" BASE4 "|" BASE4, "DEVIL|5 9|2|2",
	    COOP ",'cards':3");
	tu_apply(&s, "DEVIL 9 20>29");
	ck_assert_uint_eq(tac_cards_played(&s), 5);
	/* The Fool, then the card after it: one each; passing: none. */
	tu_pos(&s, "10 B B B|" BASE4 "|" BASE4 "|" BASE4, "FOOL|5|2|2",
	    COOP ",'cards':3");
	tu_apply(&s, "FOOL");
	ck_assert_uint_eq(tac_cards_played(&s), 4);
	tu_apply(&s, "5 10>15");
	ck_assert_uint_eq(tac_cards_played(&s), 5);
	/* The usual game counts nothing. */
	tu_pos(&s, "10 B B B|" BASE4 "|" BASE4 "|" BASE4, "5|2|2|2", NULL);
	tu_apply(&s, "5 10>15");
	ck_assert_uint_eq(tac_cards_played(&s), 0);
}
END_TEST

/* K6: the exchange's gifts are not played. */
START_TEST(test_K6_gifts_do_not_count)
{
	struct tac_config	 cfg;
	struct tac_state	 s;
	struct tac_list		*l = tu_list();

	tu_cfg(&cfg, 4, 0, 1);
	cfg.coop = 1;
	tac_init(&s, &cfg, 11);
	while (s.phase == TAC_PH_EXCHANGE) {
		ck_assert_int_gt(tac_legal(&s, l), 0);
		tac_play(&s, &l->a[0]);
	}
	ck_assert_uint_eq(tac_cards_played(&s), 0);
	ck_assert_int_gt(tac_legal(&s, l), 0);
	tac_play(&s, &l->a[0]);
	ck_assert_uint_eq(tac_cards_played(&s), 1);
}
END_TEST

/* K6: positions keep the count; only Team-TAC positions have one. */
START_TEST(test_K6_cards_in_positions)
{
	struct tac_state	 s, t;
	json_t			*j;
	char			 err[256];

	tu_pos(&s, "10 B B B|" BASE4 "|" BASE4 "|" BASE4, "5|2|2|2",
	    COOP ",'cards':123");
	j = tac_position_save(&s, -1);
	ck_assert_ptr_nonnull(j);
	ck_assert(json_is_true(json_object_get(j, "coop")));
	ck_assert_int_eq(json_integer_value(json_object_get(j, "cards")), 123);
	ck_assert_int_eq(tac_position_load(&t, j, err, sizeof err), 0);
	ck_assert_uint_eq(tac_cards_played(&t), 123);
	ck_assert_int_eq(t.cfg.coop, 1);
	json_decref(j);
	/* The usual game writes neither. */
	tu_pos(&s, "10 B B B|" BASE4 "|" BASE4 "|" BASE4, "5|2|2|2", NULL);
	j = tac_position_save(&s, -1);
	ck_assert_ptr_null(json_object_get(j, "coop"));
	ck_assert_ptr_null(json_object_get(j, "cards"));
	/* ... and reads no count. */
	json_object_set_new(j, "cards", json_integer(4));
	ck_assert_int_eq(tac_position_load(&t, j, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "cards"));
	/* A Team-TAC game has no winning team. */
	json_object_del(j, "cards");
	json_object_set_new(j, "coop", json_true());
	json_object_set_new(j, "winner", json_integer(0));
	ck_assert_int_eq(tac_position_load(&t, j, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "winner"));
	json_object_set_new(j, "winner", json_null());
	json_object_set_new(j, "cards", json_integer(-1));
	ck_assert_int_eq(tac_position_load(&t, j, err, sizeof err), -1);
	json_object_set_new(j, "cards", json_string("7"));
	ck_assert_int_eq(tac_position_load(&t, j, err, sizeof err), -1);
	json_object_set_new(j, "cards", json_integer(7));
	json_object_set_new(j, "coop", json_string("yes"));
	ck_assert_int_eq(tac_position_load(&t, j, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "coop"));
	json_decref(j);
}
END_TEST

/*
 * The cards an action takes from the hands, as K6 words it: one, and
 * the Devil's player's card from the next hand besides (A2).
 */
static unsigned
coop_cards_of(const struct tac_state *before, const struct tac_action *a)
{
	if (a->op == TAC_OP_GIVE)
		return (0);
	return (1 + (a->devil && before->phase != TAC_PH_DEVIL));
}

/* Play one seeded game of cfg to its end at random; its actions. */
static long
coop_play(const struct tac_config *cfg, uint64_t seed, unsigned *cards)
{
	struct tac_state	 s;
	struct tac_list		*l = tu_list();
	uint64_t		 rng = seed ^ 0x5eed;
	long			 n = 0;
	int			 k, i;

	*cards = 0;
	tac_init(&s, cfg, seed);
	while (!tac_over(&s) && n < 200000) {
		k = tac_legal(&s, l);
		ck_assert_int_gt(k, 0);
		k = (int)tac_rng_below(&rng, (uint32_t)k);
		*cards += coop_cards_of(&s, &l->a[k]);
		tac_play(&s, &l->a[k]);
		n++;
	}
	ck_assert_msg(tac_coop_won(&s), "seed %llu: no end after %ld "
	    "actions", (unsigned long long)seed, n);
	for (i = 0; i < s.cfg.nseats; i++)
		ck_assert_int_eq(s.b.home[i], 0xf);
	ck_assert_int_eq(s.winner, TAC_NONE);
	ck_assert_uint_eq(tac_cards_played(&s), *cards);
	return (s.round);
}

/* K7, K6: games go on through new decks until every marble is home. */
START_TEST(test_K7_games_end_all_home)
{
	struct tac_config	cfg;
	unsigned		cards;
	long			rounds, most = 0;
	uint64_t		seed;

	tu_cfg(&cfg, 4, 0, 1);
	cfg.coop = 1;
	for (seed = 1; seed <= 8; seed++) {
		rounds = coop_play(&cfg, seed, &cards);
		if (rounds > most)
			most = rounds;
	}
	tu_cfg(&cfg, 6, 0, 0);
	cfg.coop = 1;
	for (seed = 1; seed <= 3; seed++)
		coop_play(&cfg, seed, &cards);
	tu_cfg(&cfg, 6, 1, 1);
	cfg.coop = 1;
	for (seed = 1; seed <= 3; seed++)
		coop_play(&cfg, seed, &cards);
	/* A deck of 104 lasts five rounds: some game needed more decks. */
	ck_assert_int_gt(most, 5);
}
END_TEST

/* K8: kicking stays allowed, and M2 still makes a player kick. */
START_TEST(test_K8_kicking_allowed)
{
	struct tac_state	s;

	tu_pos(&s, "10 B B B|15 B B B|" BASE4 "|" BASE4, "5|2|2|2", COOP);
	tu_legal_is(&s, "5 10>15");
	tu_apply(&s, "5 10>15");
	tu_marbles(&s, 1, BASE4);
	/* The partner's marble too (M7). */
	tu_pos(&s, "10 B B B|" BASE4 "|15 B B B|" BASE4, "5|2|2|2", COOP);
	tu_legal_is(&s, "5 10>15");
	tu_illegal(&s, "5 discard", NULL);
}
END_TEST

/* The suite. */
Suite *
suite_rules_coop(void)
{
	Suite	*s = suite_create("rules_coop");
	TCase	*tc = tcase_create("K");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_K1_coop_option_every_table);
	tcase_add_test(tc, test_K1_usual_rules_hold);
	tcase_add_test(tc, test_K2_team_home_plays_for_others);
	tcase_add_test(tc, test_K2_teammate_first);
	tcase_add_test(tc, test_K2_own_marble_of_m4);
	tcase_add_test(tc, test_K2_triples);
	tcase_add_test(tc, test_K3_seven_goes_on_to_other_team);
	tcase_add_test(tc, test_K3_one_seat_at_a_time);
	tcase_add_test(tc, test_K3_next_seat_when_home);
	tcase_add_test(tc, test_K3_last_marble_exact);
	tcase_add_test(tc, test_K4_angel_next_seat_not_home);
	tcase_add_test(tc, test_K5_team_home_goes_on);
	tcase_add_test(tc, test_K5_last_marble_ends_for_all);
	tcase_add_test(tc, test_K5_tac_undoes_last_marble);
	tcase_add_test(tc, test_K5_partner_undoes_too);
	tcase_add_test(tc, test_K5_not_by_its_own_player);
	tcase_add_test(tc, test_K6_cards_played);
	tcase_add_test(tc, test_K6_gifts_do_not_count);
	tcase_add_test(tc, test_K6_cards_in_positions);
	tcase_add_test(tc, test_K7_games_end_all_home);
	tcase_add_test(tc, test_K8_kicking_allowed);
	suite_add_tcase(s, tc);
	return s;
}
