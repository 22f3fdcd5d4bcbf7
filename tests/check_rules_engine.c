/*
 * check_rules_engine.c: doc/rules.md Y1-Y3 (legal lists, determinism,
 * hidden information) and the engine's phase handling.
 */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define BASE4	"B B B B"

/* Small positions covering every kind of action, for the Y1 sweeps. */
static const char *const eng_pos[][3] = {
	{ "B B 10 20|B B B 30|B B B 40|B B B 0", "7 8 TR 4|2|2|2", NULL },
	{ "B B 0* 62|B B B 16|B 33 H1 H2|B B 50 60", "1 13 4 5|2|2|2", NULL },
	{ "H1 H2 H3 H4|B B B 20|B B 40 50|B B B B", "7 1 WARRIOR|2|2|2",
	    NULL },
	{ "B B B 10|B B B 20|B B B 30|B B B 40", "ANGEL DEVIL FOOL|5 9|2|2",
	    NULL },
	{ "B B 61 H1|B B B B|B 12 H3 H4|B B B B", "7 3 12|2|2|2", NULL },
	{ "B B B 10|B B B 20|B B B B|B B B B", "1 2|3 4 5|6|9",
	    "'phase':'exchange','played':0" },
	{ "B B B 64|B B B B|B B B 30|B B B B|B B B 50|B B B B",
	    "7 TR 8|2|2|2|2|2", "'teams':'triples'" },
};

#define ENG_NPOS	(sizeof eng_pos / sizeof eng_pos[0])

/* Y1: every listed action is printed canonically and is accepted. */
START_TEST(test_Y1_listed_actions_canonical_and_accepted)
{
	struct tac_state	 s, t;
	struct tac_action	*list, a;
	char			 text[96], again[96], err[256];
	size_t			 p;
	int			 i, n;

	for (p = 0; p < ENG_NPOS; p++) {
		tu_pos(&s, eng_pos[p][0], eng_pos[p][1], eng_pos[p][2]);
		tac_legal(&s, tu_list());
		n = tu_list()->n;
		ck_assert_int_gt(n, 0);
		ck_assert_int_eq(tu_list()->overflow, 0);
		list = malloc(sizeof *list * n);
		ck_assert_ptr_nonnull(list);
		memcpy(list, tu_list()->a, sizeof *list * n);
		for (i = 0; i < n; i++) {
			tac_action_format(&list[i], text, sizeof text);
			ck_assert_int_ge(tac_action_parse(text, &a, err,
			    sizeof err), 0);
			ck_assert_msg(tac_action_equal(&a, &list[i]),
			    "\"%s\" parses to another action", text);
			tac_action_format(&a, again, sizeof again);
			ck_assert_str_eq(text, again);
			memcpy(&t, &s, sizeof t);
			ck_assert_msg(tac_apply(&t, &list[i], tu_scratch(),
			    err, sizeof err) >= 0, "position %zu: listed "
			    "\"%s\" refused: %s", p, text, err);
		}
		free(list);
	}
}
END_TEST

/* Y1/C6: swaps of same-coloured non-fresh marbles are one action. */
START_TEST(test_Y1_same_colour_swaps_listed_once)
{
	struct tac_state	s;

	tu_pos(&s, "B 10 20 30|B B B 40|" BASE4 "|" BASE4, "TR|2|2|2", NULL);
	tu_legal_is(&s, "TR 10<>20\nTR 10<>40\nTR 20<>40\nTR 30<>40");
	ck_assert_int_eq(tu_nlegal(&s), 4);
}
END_TEST

/*
 * Y1/M8/M15: in triples, entering for either teammate whose fresh marble
 * sits on its start changes nothing on the board: one action, not two.
 */
START_TEST(test_Y1_same_board_entries_listed_once)
{
	struct tac_state	s;

	tu_pos(&s, "H1 H2 H3 H4|" BASE4 "|B B B 22*|" BASE4 "|B B B 44*|"
	    BASE4, "13|2|2|2|2|2", "'teams':'triples'");
	ck_assert_int_eq(tu_nlegal(&s), 3);
	ck_assert(tu_has(&s, "13 22>35"));
	ck_assert(tu_has(&s, "13 44>57"));
	ck_assert(tu_has(&s, "13 B>22"));
	ck_assert(tu_has(&s, "13 B>44"));
}
END_TEST

/* Count pairs of listed actions leading to the same state (Y1: none). */
static int
eng_duplicates(const struct tac_state *s, char *first, size_t len)
{
	static struct tac_state	 r[TAC_MAXACTIONS];
	struct tac_action	*list;
	char			 err[256], t1[96], t2[96];
	int			 i, j, n, dup = 0;

	tac_legal(s, tu_list());
	n = tu_list()->n;
	list = malloc(sizeof *list * (n + 1));
	ck_assert_ptr_nonnull(list);
	memcpy(list, tu_list()->a, sizeof *list * n);
	for (i = 0; i < n; i++) {
		memcpy(&r[i], s, sizeof *s);
		ck_assert_int_ge(tac_apply(&r[i], &list[i], tu_scratch(), err,
		    sizeof err), 0);
	}
	for (i = 0; i < n; i++) {
		for (j = i + 1; j < n; j++) {
			if (memcmp(&r[i], &r[j], sizeof r[i]) != 0)
				continue;
			if (dup++ == 0) {
				tac_action_format(&list[i], t1, sizeof t1);
				tac_action_format(&list[j], t2, sizeof t2);
				snprintf(first, len, "\"%s\" = \"%s\"", t1, t2);
			}
		}
	}
	free(list);
	return dup;
}

/* Y1: no two listed actions lead to the same state. */
START_TEST(test_Y1_each_action_listed_once)
{
	struct tac_state	s;
	char			first[256] = "";
	size_t			p;
	int			dup;

	for (p = 0; p < ENG_NPOS; p++) {
		tu_pos(&s, eng_pos[p][0], eng_pos[p][1], eng_pos[p][2]);
		dup = eng_duplicates(&s, first, sizeof first);
		ck_assert_msg(dup == 0, "position %zu: %s", p, first);
	}
}
END_TEST

/*
 * Y1/T7: a TAC taking a 7 with many ways to split it lists each result
 * once (found by the property test: 6 pairs master, seed 302085).
 */
START_TEST(test_Y1_tac_seven_listed_once)
{
	struct tac_state	s;
	char			first[256] = "";
	int			dup;

	tu_pos(&s, "2 4 39 H1|9 11* 47 H1|B B 36 H4|B 0 H3 H4|44* 64 H3 H4|"
	    "B 1 H3 H4", "8 9 10 TR|5 7 8 10 TAC|2 4 4 12 12|1 8 9 13|"
	    "1 2 10 ANGEL|1 9 12 TR", "'turn':1,'dealer':2,'round':21,"
	    "'played':4,'undo':{'card':'7','final':false,'marbles':"
	    "[['2','3','39','H3'],['9','11*','47','H1'],['B','B','36','H4'],"
	    "['B','0','H3','H4'],['44*','64','H3','H4'],['B','1','H3','H4']]}");
	dup = eng_duplicates(&s, first, sizeof first);
	ck_assert_msg(dup == 0, "%d duplicate pairs, e.g. %s", dup, first);
}
END_TEST

/* Y1: other actions are refused with a reason, the state untouched. */
START_TEST(test_Y1_refuses_unlisted_with_reason)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 12|" BASE4 "|" BASE4, "5 4|2|2|2", NULL);
	tu_illegal(&s, "5 10>15", NULL);	/* jumps 12 */
	tu_illegal(&s, "4 10>5", NULL);		/* wrong count */
	tu_illegal(&s, "9 10>19", NULL);	/* card not held */
	tu_illegal(&s, "4 12>8", NULL);		/* not its marble */
	tu_illegal(&s, "1 B>0", NULL);		/* card not held */
	tu_illegal(&s, "give 5", NULL);		/* not the exchange */
	tu_illegal(&s, "4 discard", NULL);	/* M3: 4 is playable */
}
END_TEST

/* Y1: any spelling that reaches a listed position is accepted. */
START_TEST(test_Y1_accepts_any_spelling)
{
	struct tac_state	s, t;

	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4, "13|2|2|2", NULL);
	memcpy(&t, &s, sizeof t);
	tu_apply(&s, "13 B>0");
	tu_apply(&t, "  13   b>0 ");
	tu_state_eq(&s, &t, "case and spaces");
	tu_pos(&s, "B B 10 20" "|" BASE4 "|" BASE4 "|" BASE4, "7|2|2|2", NULL);
	memcpy(&t, &s, sizeof t);
	tu_apply(&s, "7 10>12 20>25");
	tu_apply(&t, "7 10>11 20>25 11>12");
	tu_state_eq(&s, &t, "7 split differently");
}
END_TEST

/* Y1: a finished game has no legal action and refuses every action. */
START_TEST(test_Y1_nothing_after_game_over)
{
	struct tac_state	s;

	tu_pos(&s, "63 H2 H3 H4|B B B 20|H1 H2 H3 H4|" BASE4, "2 9|5|2|2",
	    NULL);
	tu_apply(&s, "2 63>0H1");
	ck_assert(tac_over(&s));
	ck_assert_int_eq(tu_nlegal(&s), 0);
	tu_illegal(&s, "5 20>25", NULL);
	tu_illegal(&s, "9 discard", NULL);
}
END_TEST

/* Y1: tac_play() of a listed action equals tac_apply(). */
START_TEST(test_Y1_play_equals_apply)
{
	struct tac_state	 s, a, b;
	struct tac_action	*list;
	char			 err[256];
	size_t			 p;
	int			 i, n;

	for (p = 0; p < ENG_NPOS; p++) {
		tu_pos(&s, eng_pos[p][0], eng_pos[p][1], eng_pos[p][2]);
		tac_legal(&s, tu_list());
		n = tu_list()->n;
		list = malloc(sizeof *list * n);
		ck_assert_ptr_nonnull(list);
		memcpy(list, tu_list()->a, sizeof *list * n);
		for (i = 0; i < n; i++) {
			memcpy(&a, &s, sizeof s);
			memcpy(&b, &s, sizeof s);
			ck_assert_int_ge(tac_apply(&a, &list[i], tu_scratch(),
			    err, sizeof err), 0);
			tac_play(&b, &list[i]);
			tu_state_eq(&a, &b, "tac_play vs tac_apply");
		}
		free(list);
	}
}
END_TEST

/* Y1: tac_result() gives the board the action leads to. */
START_TEST(test_Y1_result_board_matches_apply)
{
	struct tac_state	 s, a;
	struct tac_board	 b;
	struct tac_action	*list;
	char			 err[256];
	size_t			 p;
	int			 i, n;

	for (p = 0; p < ENG_NPOS; p++) {
		tu_pos(&s, eng_pos[p][0], eng_pos[p][1], eng_pos[p][2]);
		tac_legal(&s, tu_list());
		n = tu_list()->n;
		list = malloc(sizeof *list * n);
		ck_assert_ptr_nonnull(list);
		memcpy(list, tu_list()->a, sizeof *list * n);
		for (i = 0; i < n; i++) {
			memcpy(&a, &s, sizeof s);
			ck_assert_int_ge(tac_apply(&a, &list[i], tu_scratch(),
			    err, sizeof err), 0);
			memset(&b, 0x55, sizeof b);
			ck_assert_int_ge(tac_result(&s, &list[i], &b), 0);
			ck_assert_mem_eq(&a.b, &b, sizeof b);
		}
		free(list);
	}
}
END_TEST

/* Choose an action from a seeded generator of the test's own. */
static int
eng_pick(uint64_t *x, int n)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return (int)(*x % (uint64_t)n);
}

/* Y2: the same seed and the same choices give the same game. */
START_TEST(test_Y2_same_seed_same_game)
{
	struct tac_config	cfg;
	struct tac_state	a, b, c;
	char			err[256];
	uint64_t		x = 77;
	int			i, k;

	tu_cfg(&cfg, 4, 0, 1);
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	memset(&c, 0, sizeof c);
	tac_init(&a, &cfg, 12345);
	tac_init(&b, &cfg, 12345);
	tac_init(&c, &cfg, 12346);
	tu_state_eq(&a, &b, "same seed");
	ck_assert(memcmp(&a.hand, &c.hand, sizeof a.hand) != 0 ||
	    memcmp(&a.deck, &c.deck, sizeof a.deck) != 0);
	for (i = 0; i < 400 && !tac_over(&a); i++) {
		tac_legal(&a, tu_list());
		k = eng_pick(&x, tu_list()->n);
		ck_assert_int_ge(tac_apply(&a, &tu_list()->a[k], tu_scratch(),
		    err, sizeof err), 0);
		ck_assert_int_ge(tac_apply(&b, &tu_list()->a[k], tu_scratch(),
		    err, sizeof err), 0);
		tu_state_eq(&a, &b, "same choices");
	}
}
END_TEST

/* Y2: a seeded record (seed + action texts) replays to the same state. */
START_TEST(test_Y2_record_replays_same_game)
{
	struct tac_config	 cfg;
	struct tac_record	 rec, back;
	struct tac_state	 a, r;
	json_t			*j;
	char			 err[256], text[96];
	uint64_t		 x = 5;
	size_t			 done = 0, i;
	int			 k;

	tu_cfg(&cfg, 6, 1, 1);
	memset(&a, 0, sizeof a);
	tac_init(&a, &cfg, 99);
	memset(&rec, 0, sizeof rec);
	rec.cfg = cfg;
	rec.seeded = 1;
	rec.seed = 99;
	rec.actions = calloc(600, sizeof *rec.actions);
	ck_assert_ptr_nonnull(rec.actions);
	for (i = 0; i < 600 && !tac_over(&a); i++) {
		tac_legal(&a, tu_list());
		k = eng_pick(&x, tu_list()->n);
		tac_action_format(&tu_list()->a[k], text, sizeof text);
		rec.actions[rec.nactions++] = strcpy(malloc(strlen(text) + 1),
		    text);
		ck_assert_int_ge(tac_apply(&a, &tu_list()->a[k], tu_scratch(),
		    err, sizeof err), 0);
	}
	memset(&r, 0, sizeof r);
	ck_assert_msg(tac_record_replay(&rec, &r, tu_list(), &done, err,
	    sizeof err) >= 0, "replay: %s", err);
	ck_assert_uint_eq(done, rec.nactions);
	tu_state_eq(&a, &r, "replayed record");
	/* Through JSON too. */
	j = tac_record_save(&rec);
	ck_assert_ptr_nonnull(j);
	memset(&back, 0, sizeof back);
	ck_assert_int_ge(tac_record_load(&back, j, err, sizeof err), 0);
	memset(&r, 0, sizeof r);
	ck_assert_int_ge(tac_record_replay(&back, &r, tu_list(), &done, err,
	    sizeof err), 0);
	tu_state_eq(&a, &r, "replayed JSON record");
	json_decref(j);
	tac_record_free(&back);
	for (i = 0; i < rec.nactions; i++)
		free(rec.actions[i]);
	free(rec.actions);
}
END_TEST

/* Y2: a record with given deals (no seed) replays too. */
START_TEST(test_Y2_dealt_record_replays)
{
	struct tac_config	 cfg;
	struct tac_record	 rec;
	struct tac_state	 a, r;
	uint8_t			 deals[1][TAC_MAXSEATS][TAC_NCARDS];
	char			 err[256], text[96];
	char			*acts[40];
	size_t			 done = 0, i;

	tu_cfg(&cfg, 4, 0, 1);
	memset(deals, 0, sizeof deals);
	for (i = 0; i < 4; i++) {
		deals[0][i][TAC_C1] = 1;
		deals[0][i][TAC_C13] = 1;
		deals[0][i][TAC_C2 + i] = 3;
	}
	memset(&a, 0, sizeof a);
	tac_init_dealt(&a, &cfg, 1);
	ck_assert_int_ge(tac_deal(&a, (const uint8_t (*)[TAC_NCARDS])deals[0],
	    err, sizeof err), 0);
	memset(&rec, 0, sizeof rec);
	rec.cfg = cfg;
	rec.dealer = 1;
	rec.ndeals = 1;
	rec.deals = deals;
	rec.actions = acts;
	for (i = 0; i < 12; i++) {
		tac_legal(&a, tu_list());
		tac_action_format(&tu_list()->a[0], text, sizeof text);
		acts[rec.nactions++] = strcpy(malloc(strlen(text) + 1), text);
		tu_apply(&a, text);
	}
	memset(&r, 0, sizeof r);
	ck_assert_msg(tac_record_replay(&rec, &r, tu_list(), &done, err,
	    sizeof err) >= 0, "replay: %s", err);
	tu_state_eq(&a, &r, "replayed dealt record");
	for (i = 0; i < rec.nactions; i++)
		free(acts[i]);
}
END_TEST

/* Y3: a view shows the own hand, only the sizes of the others. */
START_TEST(test_Y3_view_hides_other_hands)
{
	struct tac_config	cfg;
	struct tac_state	s, v;
	int			i, c, seat;

	tu_cfg(&cfg, 4, 0, 1);
	memset(&s, 0, sizeof s);
	tac_init(&s, &cfg, 31);
	for (seat = 0; seat < 4; seat++) {
		memset(&v, 0, sizeof v);
		tac_view(&s, seat, &v);
		ck_assert_mem_eq(v.hand[seat], s.hand[seat], TAC_NCARDS);
		ck_assert_mem_eq(v.nhand, s.nhand, sizeof v.nhand);
		ck_assert_mem_eq(&v.b, &s.b, sizeof v.b);
		ck_assert_uint_eq(v.announce, s.announce);
		ck_assert_uint_eq(v.ndeck, s.ndeck);
		for (i = 0; i < 4; i++)
			for (c = 0; i != seat && c < TAC_NCARDS; c++)
				ck_assert_int_eq(v.hand[i][c], 0);
		/* Neither the deck order nor the generator may leak. */
		for (i = 1; i < s.ndeck; i++)
			ck_assert_int_eq(v.deck[i], v.deck[0]);
		ck_assert(v.rng != s.rng);
	}
}
END_TEST

/* Y3: a card given in the exchange is hidden from the other seats. */
START_TEST(test_Y3_view_hides_gifts)
{
	struct tac_state	s, v;

	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4, "1 2|3 4|5 6|7 8",
	    "'phase':'exchange','played':0,'dealer':3");
	tu_apply(&s, "give 2");
	tac_view(&s, 0, &v);
	ck_assert_int_eq(v.gift[0], TAC_C2);
	tac_view(&s, 2, &v);
	ck_assert_int_ne(v.gift[0], TAC_C2);
	tac_view(&s, 1, &v);
	ck_assert_int_ne(v.gift[0], TAC_C2);
}
END_TEST

/* Y3/A2: the Devil player sees the hand it plays from. */
START_TEST(test_Y3_view_devil_sees_victim_hand)
{
	struct tac_state	s, v;

	tu_pos(&s, BASE4 "|B B B 20|" BASE4 "|" BASE4, "DEVIL|FOOL 5|9 10|12",
	    NULL);
	tu_apply(&s, "DEVIL FOOL");
	tac_view(&s, 0, &v);
	ck_assert_int_eq(v.hand[1][TAC_C9], 1);
	ck_assert_int_eq(v.hand[1][TAC_C10], 1);
	tac_view(&s, 3, &v);
	ck_assert_int_eq(v.hand[1][TAC_C9], 0);
}
END_TEST

/* Y3: the saved JSON of a view holds no other seat's cards or deck. */
START_TEST(test_Y3_view_json_hides_cards)
{
	struct tac_state	 s;
	json_t			*j, *h, *full;
	size_t			 i;

	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|" BASE4, "ANGEL|DEVIL|FOOL|13",
	    "'deck':['WARRIOR','7']");
	j = tac_position_save(&s, 1);
	ck_assert_ptr_nonnull(j);
	h = json_object_get(j, "hands");
	ck_assert(json_is_array(h));
	for (i = 0; i < json_array_size(h); i++) {
		char	*t = json_dumps(json_array_get(h, i), 0);

		ck_assert_ptr_nonnull(t);
		if (i != 1) {
			ck_assert_ptr_null(strstr(t, "ANGEL"));
			ck_assert_ptr_null(strstr(t, "FOOL"));
			ck_assert_ptr_null(strstr(t, "13"));
		} else
			ck_assert_ptr_nonnull(strstr(t, "DEVIL"));
		free(t);
	}
	h = json_object_get(j, "deck");
	if (h != NULL) {
		char	*t = json_dumps(h, 0);

		ck_assert_ptr_null(strstr(t, "WARRIOR"));
		free(t);
	}
	/* The generator's state would predict the next shuffle. */
	full = tac_position_save(&s, -1);
	ck_assert_ptr_nonnull(full);
	if ((h = json_object_get(j, "rng")) != NULL)
		ck_assert(!json_equal(h, json_object_get(full, "rng")));
	json_decref(full);
	json_decref(j);
}
END_TEST

/* Y1: after the exchange, the right seat plays and phases advance. */
START_TEST(test_Y1_phase_order_exchange_then_play)
{
	struct tac_config	cfg;
	struct tac_state	s;
	char			text[96];
	int			i, first;

	tu_cfg(&cfg, 4, 0, 1);
	memset(&s, 0, sizeof s);
	tac_init(&s, &cfg, 4242);
	first = (s.dealer + 1) % 4;
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(s.phase, TAC_PH_EXCHANGE);
		ck_assert_int_eq(s.turn, (first + i) % 4);
		tac_legal(&s, tu_list());
		tac_action_format(&tu_list()->a[0], text, sizeof text);
		ck_assert_int_eq(strncmp(text, "give ", 5), 0);
		tu_apply(&s, text);
	}
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
	ck_assert_int_eq(s.turn, first);
	ck_assert_int_eq(s.played, 0);
}
END_TEST

/* The engine suite. */
Suite *
suite_rules_engine(void)
{
	Suite	*s = suite_create("rules_engine");
	TCase	*tc = tcase_create("engine");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_Y1_listed_actions_canonical_and_accepted);
	tcase_add_test(tc, test_Y1_each_action_listed_once);
	tcase_add_test(tc, test_Y1_same_colour_swaps_listed_once);
	tcase_add_test(tc, test_Y1_same_board_entries_listed_once);
	tcase_add_test(tc, test_Y1_tac_seven_listed_once);
	tcase_add_test(tc, test_Y1_refuses_unlisted_with_reason);
	tcase_add_test(tc, test_Y1_accepts_any_spelling);
	tcase_add_test(tc, test_Y1_nothing_after_game_over);
	tcase_add_test(tc, test_Y1_play_equals_apply);
	tcase_add_test(tc, test_Y1_result_board_matches_apply);
	tcase_add_test(tc, test_Y1_phase_order_exchange_then_play);
	tcase_add_test(tc, test_Y2_same_seed_same_game);
	tcase_add_test(tc, test_Y2_record_replays_same_game);
	tcase_add_test(tc, test_Y2_dealt_record_replays);
	tcase_add_test(tc, test_Y3_view_hides_other_hands);
	tcase_add_test(tc, test_Y3_view_hides_gifts);
	tcase_add_test(tc, test_Y3_view_devil_sees_victim_hand);
	tcase_add_test(tc, test_Y3_view_json_hides_cards);
	suite_add_tcase(s, tc);
	return s;
}
