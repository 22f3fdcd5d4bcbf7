/*
 * check_rules_deal.c: doc/rules.md section D (deck, deal, exchange).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define BASE4	"B B B B"

/* D1: the base deck, in card order (1 .. 13, TR, TAC, masters). */
static const uint8_t deal_base[TAC_NCARDS] = {
	9, 7, 7, 7, 7, 7, 8, 7, 7, 7, 7, 9, 7, 4, 0, 0, 0, 0
};

/* Compare a filled deck with the base deck plus changes. */
static void
deal_check_deck(int nseats, int master, int d9, int d10, int d12, int size)
{
	struct tac_config	cfg;
	uint8_t			n[TAC_NCARDS];
	int			c, total = 0, want;

	tu_cfg(&cfg, nseats, 0, master);
	memset(n, 0xee, sizeof n);
	tac_deck_fill(&cfg, n);
	for (c = 0; c < TAC_NCARDS; c++) {
		want = deal_base[c];
		if (c == TAC_C9)
			want += d9;
		if (c == TAC_C10)
			want += d10;
		if (c == TAC_C12)
			want += d12;
		if (c >= TAC_ANGEL)
			want = master ? 1 : 0;
		ck_assert_msg(n[c] == want, "%d seats master %d: %s x%d, "
		    "expected %d", nseats, master, tac_card_name(c), n[c],
		    want);
		total += n[c];
	}
	ck_assert_int_eq(total, size);
	ck_assert_int_eq(tac_deck_size(&cfg), size);
}

/* D1: the base deck has 100 cards and no 11. */
START_TEST(test_D1_base_deck_100_cards)
{
	deal_check_deck(4, 0, 0, 0, 0, 100);
}
END_TEST

/* D2: the master deck adds Angel, Devil, Warrior and Fool: 104 cards. */
START_TEST(test_D2_master_deck_104_cards)
{
	deal_check_deck(4, 1, 0, 0, 0, 104);
}
END_TEST

/* D3: 6 players drop two 12s (master 102), base also a 9 and a 10 (96). */
START_TEST(test_D3_six_player_decks)
{
	struct tac_config	cfg;
	uint8_t			a[TAC_NCARDS], b[TAC_NCARDS];

	deal_check_deck(6, 1, 0, 0, -2, 102);
	deal_check_deck(6, 0, -1, -1, -2, 96);
	/* Teams of three use the same deck as pairs. */
	tu_cfg(&cfg, 6, 0, 1);
	tac_deck_fill(&cfg, a);
	cfg.triples = 1;
	tac_deck_fill(&cfg, b);
	ck_assert_mem_eq(a, b, sizeof a);
	ck_assert_int_eq(tac_deck_size(&cfg), 102);
}
END_TEST

/* The deal sizes of one shuffled deck, repeating. */
static const int *
deal_schedule(int nseats, int master, int *len)
{
	static const int	m4[] = { 5, 5, 5, 5, 6 };
	static const int	b4[] = { 5, 5, 5, 5, 5 };
	static const int	m6[] = { 6, 6, 5 }, b6[] = { 5, 5, 6 };

	if (nseats == 4) {
		*len = 5;
		return master ? m4 : b4;
	}
	*len = 3;
	return master ? m6 : b6;
}

/* Play first-listed actions for 11 rounds, checking each deal's size. */
static void
deal_check_schedule(int nseats, int triples, int master)
{
	struct tac_config	 cfg;
	struct tac_state	 s;
	struct tac_list		*l = tu_list();
	const int		*sched;
	char			 err[256];
	int			 len, i, round = 0, steps = 0, left = 0;
	int			 want;

	tu_cfg(&cfg, nseats, triples, master);
	sched = deal_schedule(nseats, master, &len);
	memset(&s, 0, sizeof s);
	tac_init(&s, &cfg, 1000 + nseats + master);
	while (s.round <= 11 && !tac_over(&s)) {
		if (s.round != round) {
			round = s.round;
			want = sched[(round - 1) % len];
			if ((round - 1) % len == 0)
				left = tac_deck_size(&cfg);
			left -= want * nseats;
			ck_assert_int_eq(s.phase, TAC_PH_EXCHANGE);
			for (i = 0; i < nseats; i++)
				ck_assert_msg(s.nhand[i] == want, "%d seats "
				    "master %d round %d: seat %d holds %d, "
				    "expected %d", nseats, master, round, i,
				    s.nhand[i], want);
			ck_assert_msg(s.ndeck == left, "round %d: %d cards "
			    "left, expected %d", round, s.ndeck, left);
			ck_assert_int_eq(s.played, 0);
		}
		tac_legal(&s, l);
		ck_assert_int_gt(l->n, 0);
		ck_assert_int_ge(tac_apply(&s, &l->a[0], tu_scratch(), err,
		    sizeof err), 0);
		ck_assert_int_lt(++steps, 5000);
	}
}

/* D4: 4 players master: 5,5,5,5,6 cards per deal, then a new deck. */
START_TEST(test_D4_four_master_deals_5_5_5_5_6)
{
	deal_check_schedule(4, 0, 1);
}
END_TEST

/* D4: 4 players base: always 5 cards. */
START_TEST(test_D4_four_base_deals_5)
{
	deal_check_schedule(4, 0, 0);
}
END_TEST

/* D4: 6 players master: 6,6,5 (pairs and triples). */
START_TEST(test_D4_six_master_deals_6_6_5)
{
	deal_check_schedule(6, 0, 1);
	deal_check_schedule(6, 1, 1);
}
END_TEST

/* D4: 6 players base: 5,5,6. */
START_TEST(test_D4_six_base_deals_5_5_6)
{
	deal_check_schedule(6, 0, 0);
	deal_check_schedule(6, 1, 0);
}
END_TEST

/* D4: the schedule position follows the cards left in the deck. */
START_TEST(test_D4_deal_size_from_deck_left)
{
	struct tac_config	cfg;
	struct tac_state	s;
	static const int	m4[][2] = { {104, 5}, {84, 5}, {64, 5},
				    {44, 5}, {24, 6}, {0, 5} };
	static const int	m6[][2] = { {102, 6}, {66, 6}, {30, 5},
				    {0, 6} };
	size_t			i;

	tu_cfg(&cfg, 4, 0, 1);
	memset(&s, 0, sizeof s);
	tac_init(&s, &cfg, 9);
	for (i = 0; i < sizeof m4 / sizeof m4[0]; i++) {
		s.ndeck = m4[i][0];
		ck_assert_int_eq(tac_deal_size(&s), m4[i][1]);
	}
	tu_cfg(&cfg, 6, 0, 1);
	memset(&s, 0, sizeof s);
	tac_init(&s, &cfg, 9);
	for (i = 0; i < sizeof m6 / sizeof m6[0]; i++) {
		s.ndeck = m6[i][0];
		ck_assert_int_eq(tac_deal_size(&s), m6[i][1]);
	}
}
END_TEST

/*
 * The last turn of a round (4 seats, dealer 3): seat 0 holds "5" with a
 * marble on 10.  The deck holds top[] first, then cards in card order up
 * to ndeck; every other card is discarded.
 */
static void
deal_setup(struct tac_state *s, int master, const char *const *top,
    int ntop, int ndeck)
{
	struct tac_config	 cfg;
	uint8_t			 left[TAC_NCARDS];
	json_t			*o, *deck, *disc, *m, *h, *a;
	char			*text;
	int			 i, c;

	tu_cfg(&cfg, 4, 0, master);
	tac_deck_fill(&cfg, left);
	left[TAC_C5]--;
	deck = json_array();
	for (i = 0; i < ntop; i++) {
		c = tac_card_parse(top[i], strlen(top[i]));
		ck_assert_int_ge(c, 0);
		ck_assert_int_gt(left[c], 0);
		left[c]--;
		json_array_append_new(deck, json_string(top[i]));
	}
	for (c = 0; i < ndeck; i++) {
		while (left[c] == 0)
			c++;
		left[c]--;
		json_array_append_new(deck, json_string(tac_card_name(c)));
	}
	disc = json_array();
	for (c = 0; c < TAC_NCARDS; c++)
		for (i = 0; i < left[c]; i++)
			json_array_append_new(disc,
			    json_string(tac_card_name(c)));
	m = json_array();
	h = json_array();
	for (i = 0; i < 4; i++) {
		a = json_pack("[ssss]", i == 0 ? "10" : "B", "B", "B", "B");
		json_array_append_new(m, a);
		json_array_append_new(h, i == 0 ? json_pack("[s]", "5") :
		    json_array());
	}
	o = json_pack("{s:s,s:i,s:s,s:b,s:s,s:i,s:i,s:i,s:i,s:o,s:o,s:o,"
	    "s:o}", "format", "tac-position/1", "players", 4, "teams",
	    "pairs", "master", master, "names", "tac", "dealer", 3, "round",
	    1, "played", 19, "turn", 0, "marbles", m, "hands", h, "deck",
	    deck, "discards", disc);
	ck_assert_ptr_nonnull(o);
	text = json_dumps(o, JSON_COMPACT);
	tu_load(s, text);
	free(text);
	json_decref(o);
}

/* Top 20 cards: seat 1 gets TAC 13 1 1 1, seat 2 2s, seat 3 3s, seat 0 4s. */
static const char *const deal_top[20] = {
	"TAC", "2", "3", "4", "13", "2", "3", "4", "1", "2", "3", "4",
	"1", "2", "3", "4", "1", "2", "3", "4"
};

/* D4/D5: one card at a time, clockwise, starting left of the new dealer. */
START_TEST(test_D4_dealt_one_at_a_time_from_left_of_dealer)
{
	struct tac_state	s;

	deal_setup(&s, 1, deal_top, 20, 84);
	tu_apply(&s, "5 10>15");
	ck_assert_int_eq(s.round, 2);
	ck_assert_int_eq(s.dealer, 0);
	ck_assert_int_eq(s.phase, TAC_PH_EXCHANGE);
	ck_assert_int_eq(s.turn, 1);
	ck_assert_int_eq(s.ndeck, 64);
	tu_hand(&s, 1, "1 1 1 13 TAC");
	tu_hand(&s, 2, "2 2 2 2 2");
	tu_hand(&s, 3, "3 3 3 3 3");
	tu_hand(&s, 0, "4 4 4 4 4");
}
END_TEST

/* D4: 24 cards left: the last deal of the deck gives 6 each, no shuffle. */
START_TEST(test_D4_last_deal_six_without_shuffle)
{
	struct tac_state	s;
	uint8_t			disc[TAC_NCARDS];

	deal_setup(&s, 1, NULL, 0, 24);
	memcpy(disc, s.discards, sizeof disc);
	tu_apply(&s, "5 10>15");
	ck_assert_int_eq(s.ndeck, 0);
	ck_assert_int_eq(s.nhand[0], 6);
	ck_assert_int_eq(s.nhand[3], 6);
	/* The played cards wait for the deck to be used up. */
	disc[TAC_C5]++;
	ck_assert_mem_eq(s.discards, disc, sizeof disc);
}
END_TEST

/* D4: an empty deck: every card is shuffled into a new 104-card deck. */
START_TEST(test_D4_reshuffle_when_used_up)
{
	struct tac_config	cfg;
	struct tac_state	s;
	uint8_t			full[TAC_NCARDS];
	unsigned		tot[TAC_NCARDS];
	int			c;

	deal_setup(&s, 1, NULL, 0, 0);
	tu_apply(&s, "5 10>15");
	ck_assert_int_eq(s.ndeck, 84);
	ck_assert_int_eq(s.nhand[1], 5);
	for (c = 0; c < TAC_NCARDS; c++)
		ck_assert_int_eq(s.discards[c], 0);
	tu_cfg(&cfg, 4, 0, 1);
	tac_deck_fill(&cfg, full);
	tu_card_totals(&s, tot);
	for (c = 0; c < TAC_NCARDS; c++)
		ck_assert_uint_eq(tot[c], full[c]);
}
END_TEST

/* D5: the first dealer is drawn from the seed; left of it gives first. */
START_TEST(test_D5_first_dealer_random_left_plays_first)
{
	struct tac_config	cfg;
	struct tac_state	s;
	unsigned		seen = 0;
	int			seed, n;

	for (n = 4; n <= 6; n += 2) {
		seen = 0;
		tu_cfg(&cfg, n, 0, 1);
		for (seed = 1; seed <= 60; seed++) {
			memset(&s, 0, sizeof s);
			tac_init(&s, &cfg, seed);
			ck_assert_int_lt(s.dealer, n);
			ck_assert_int_eq(s.turn, (s.dealer + 1) % n);
			ck_assert_int_eq(s.phase, TAC_PH_EXCHANGE);
			ck_assert_int_eq(s.round, 1);
			seen |= 1u << s.dealer;
		}
		ck_assert_uint_eq(seen, (1u << n) - 1);
	}
}
END_TEST

/* D5: a record's dealer is used as given. */
START_TEST(test_D5_dealer_given_by_record)
{
	struct tac_config	cfg;
	struct tac_state	s;
	uint8_t			hands[TAC_MAXSEATS][TAC_NCARDS];
	char			err[256];
	int			i;

	tu_cfg(&cfg, 4, 0, 1);
	memset(&s, 0, sizeof s);
	tac_init_dealt(&s, &cfg, 2);
	ck_assert_int_eq(s.phase, TAC_PH_DEAL);
	ck_assert_int_eq(s.dealer, 2);
	memset(hands, 0, sizeof hands);
	for (i = 0; i < 4; i++)
		hands[i][TAC_C2 + i] = 5;
	ck_assert_int_ge(tac_deal(&s, (const uint8_t (*)[TAC_NCARDS])hands,
	    err, sizeof err), 0);
	ck_assert_int_eq(s.phase, TAC_PH_EXCHANGE);
	ck_assert_int_eq(s.turn, 3);
	tu_hand(&s, 3, "5 5 5 5 5");
}
END_TEST

/* D5: the dealer rotates clockwise each round. */
START_TEST(test_D5_dealer_rotates)
{
	struct tac_state	s;

	deal_setup(&s, 1, deal_top, 20, 84);
	ck_assert_int_eq(s.dealer, 3);
	tu_apply(&s, "5 10>15");
	ck_assert_int_eq(s.dealer, 0);
	tu_seq(&s, "give 1; give 2; give 3; give 4");
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
	ck_assert_int_eq(s.turn, 1);
}
END_TEST

/* D6: after each deal every seat's "1 or 13" is public. */
START_TEST(test_D6_announce_one_or_thirteen)
{
	struct tac_config	cfg;
	struct tac_state	s;
	int			seed, i, has;

	tu_cfg(&cfg, 6, 1, 1);
	for (seed = 1; seed <= 30; seed++) {
		memset(&s, 0, sizeof s);
		tac_init(&s, &cfg, seed);
		for (i = 0; i < 6; i++) {
			has = s.hand[i][TAC_C1] > 0 || s.hand[i][TAC_C13] > 0;
			ck_assert_int_eq(!!(s.announce & (1 << i)), has);
		}
	}
}
END_TEST

/* D6: announcements of a known deal; the new round's deal sets them. */
START_TEST(test_D6_announce_known_deal)
{
	struct tac_state	s;

	deal_setup(&s, 1, deal_top, 20, 84);
	tu_apply(&s, "5 10>15");
	ck_assert_uint_eq(s.announce, 1u << 1);
}
END_TEST

/* D7: each seat gives one card to the partner; cards move after all gave. */
START_TEST(test_D7_exchange_with_partner)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4,
	    "1 2 3 4 5|6 7 8 9 10|1 12 13 TR TAC|2 3 4 5 6",
	    "'phase':'exchange','played':0,'dealer':3");
	tu_legal_is(&s, "give 1\ngive 2\ngive 3\ngive 4\ngive 5");
	tu_illegal(&s, "give 13", NULL);
	tu_illegal(&s, "1 B>0", NULL);
	tu_seq(&s, "give 5; give 6; give TAC");
	/* Seat 0 has not seen the TAC coming from seat 2 yet. */
	ck_assert_int_eq(s.hand[0][TAC_TAC], 0);
	ck_assert_int_eq(s.phase, TAC_PH_EXCHANGE);
	ck_assert_int_eq(s.turn, 3);
	tu_apply(&s, "give 2");
	tu_hand(&s, 0, "1 2 3 4 TAC");
	tu_hand(&s, 1, "2 7 8 9 10");
	tu_hand(&s, 2, "1 5 12 13 TR");
	tu_hand(&s, 3, "3 4 5 6 6");
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
	ck_assert_int_eq(s.turn, 0);
}
END_TEST

/* D7: the exchange is compulsory: only "give" for the seat in turn. */
START_TEST(test_D7_exchange_only_gives)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|" BASE4 "|" BASE4 "|" BASE4,
	    "5 5 8|6|7|9", "'phase':'exchange','played':0,'dealer':3");
	tu_legal_is(&s, "give 5\ngive 8");
	tu_illegal(&s, "5 10>15", NULL);
	tu_illegal(&s, "5 discard", NULL);
}
END_TEST

/* Run a 6-seat exchange where seat i gives card i+1 of "i+1 9". */
static void
deal_exchange6(struct tac_state *s, int triples, int round)
{
	char	extra[128];

	snprintf(extra, sizeof extra, "'phase':'exchange','played':0,"
	    "'dealer':5,'round':%d,'teams':'%s'", round,
	    triples ? "triples" : "pairs");
	tu_pos(s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4 "|" BASE4 "|" BASE4,
	    "1 9|2 9|3 9|4 9|5 9|6 9", extra);
	tu_seq(s, "give 1; give 2; give 3; give 4; give 5; give 6");
	ck_assert_int_eq(s->phase, TAC_PH_PLAY);
}

/* D7: 6 players in pairs give to the partner opposite. */
START_TEST(test_D7_six_pairs_give_to_partner)
{
	struct tac_state	s;

	deal_exchange6(&s, 0, 1);
	tu_hand(&s, 0, "4 9");
	tu_hand(&s, 1, "5 9");
	tu_hand(&s, 2, "6 9");
	tu_hand(&s, 3, "1 9");
	tu_hand(&s, 4, "2 9");
	tu_hand(&s, 5, "3 9");
}
END_TEST

/* D7: teams of 3, odd round: to the next teammate clockwise (seat+2). */
START_TEST(test_D7_triples_odd_round_clockwise)
{
	struct tac_state	s;

	deal_exchange6(&s, 1, 1);
	tu_hand(&s, 0, "5 9");
	tu_hand(&s, 1, "6 9");
	tu_hand(&s, 2, "1 9");
	tu_hand(&s, 3, "2 9");
	tu_hand(&s, 4, "3 9");
	tu_hand(&s, 5, "4 9");
}
END_TEST

/* D7: teams of 3, even round: counter-clockwise (seat-2). */
START_TEST(test_D7_triples_even_round_counterclockwise)
{
	struct tac_state	s;

	deal_exchange6(&s, 1, 2);
	tu_hand(&s, 0, "3 9");
	tu_hand(&s, 1, "4 9");
	tu_hand(&s, 2, "5 9");
	tu_hand(&s, 3, "6 9");
	tu_hand(&s, 4, "1 9");
	tu_hand(&s, 5, "2 9");
}
END_TEST

/* D8: the round ends when all hands are empty; nothing carries over. */
START_TEST(test_D8_round_end_nothing_carries_over)
{
	struct tac_state	s;

	deal_setup(&s, 1, deal_top, 20, 84);
	tu_apply(&s, "5 10>15");
	ck_assert_int_eq(s.played, 0);
	ck_assert_int_eq(s.undo.card, TAC_NONE);
	tu_marbles(&s, 0, "B B B 15");
	tu_seq(&s, "give 1; give 2; give 3; give 4");
	tu_hand(&s, 1, "1 1 3 13 TAC");
	/* T9: the 5 of the last round cannot be taken. */
	ck_assert_int_eq(tu_count(&s, "TAC"), 0);
	tu_illegal(&s, "TAC 5 10>15", NULL);
	tu_illegal(&s, "TAC 13 B>16", "first card");
}
END_TEST

/* D8: the last card of a round ends it even when it is a discard. */
START_TEST(test_D8_round_ends_after_discard)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4, "|||9",
	    "'turn':3,'dealer':2,'played':19");
	tu_legal_is(&s, "9 discard");
	tu_apply(&s, "9 discard");
	ck_assert_int_eq(s.round, 2);
	ck_assert_int_eq(s.dealer, 3);
	ck_assert_int_eq(s.phase, TAC_PH_EXCHANGE);
	ck_assert_int_eq(s.turn, 0);
	ck_assert_int_eq(s.nhand[0], 5);
}
END_TEST

/* The deal suite. */
Suite *
suite_rules_deal(void)
{
	Suite	*s = suite_create("rules_deal");
	TCase	*tc = tcase_create("deal");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_D1_base_deck_100_cards);
	tcase_add_test(tc, test_D2_master_deck_104_cards);
	tcase_add_test(tc, test_D3_six_player_decks);
	tcase_add_test(tc, test_D4_four_master_deals_5_5_5_5_6);
	tcase_add_test(tc, test_D4_four_base_deals_5);
	tcase_add_test(tc, test_D4_six_master_deals_6_6_5);
	tcase_add_test(tc, test_D4_six_base_deals_5_5_6);
	tcase_add_test(tc, test_D4_deal_size_from_deck_left);
	tcase_add_test(tc, test_D4_dealt_one_at_a_time_from_left_of_dealer);
	tcase_add_test(tc, test_D4_last_deal_six_without_shuffle);
	tcase_add_test(tc, test_D4_reshuffle_when_used_up);
	tcase_add_test(tc, test_D5_first_dealer_random_left_plays_first);
	tcase_add_test(tc, test_D5_dealer_given_by_record);
	tcase_add_test(tc, test_D5_dealer_rotates);
	tcase_add_test(tc, test_D6_announce_one_or_thirteen);
	tcase_add_test(tc, test_D6_announce_known_deal);
	tcase_add_test(tc, test_D7_exchange_with_partner);
	tcase_add_test(tc, test_D7_exchange_only_gives);
	tcase_add_test(tc, test_D7_six_pairs_give_to_partner);
	tcase_add_test(tc, test_D7_triples_odd_round_clockwise);
	tcase_add_test(tc, test_D7_triples_even_round_counterclockwise);
	tcase_add_test(tc, test_D8_round_end_nothing_carries_over);
	tcase_add_test(tc, test_D8_round_ends_after_discard);
	suite_add_tcase(s, tc);
	return s;
}
