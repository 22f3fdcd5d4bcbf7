/*
 * check_notation.c: card names and the action notation (doc/notation.md, Y1).
 */

#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "tac.h"
#include "testutil.h"

/* Room for the longest action text: "TAC DEVIL 7" and seven segments. */
#define NOTATION_TEXT	96

/* Order action texts for qsort(). */
static int
notation_cmp(const void *a, const void *b)
{
	return (strcmp(a, b));
}

/* Parse text, failing the test with the reason if it does not parse. */
static struct tac_action
notation_must(const char *text)
{
	struct tac_action	a;
	char			why[128] = "";

	ck_assert_msg(tac_action_parse(text, &a, why, sizeof why) == 0,
	    "\"%s\": %s", text, why);
	return (a);
}

/* Parse text that must be refused; return the reason. */
static const char *
notation_refuse(const char *text)
{
	static char		why[128];
	struct tac_action	a;

	why[0] = '\0';
	ck_assert_msg(tac_action_parse(text, &a, why, sizeof why) == -1,
	    "\"%s\" parsed", text);
	ck_assert_msg(why[0] != '\0', "\"%s\": no reason", text);
	return (why);
}

/* Every example of doc/notation.md, and the prefix forms, print as written. */
START_TEST(test_Y1_notation_examples_round_trip)
{
	static const char *const examples[] = {
		"5 20>25", "12 60>0H3", "13 B>16", "4 17>13", "4 2>0H2",
		"7 12>14 40>45", "7 0H3>0H2", "8 skip", "TR 12<>40",
		"9 discard", "TAC 13 B>32", "ANGEL B>16", "ANGEL 20>21",
		"WARRIOR 12>20", "WARRIOR 12>B", "FOOL", "DEVIL 5 20>25",
		"DEVIL 9 discard", "DEVIL FOOL", "DEVIL TAC", "give 9",
		"give 1", "give TR", "give 5", "13 B>16",
		"TAC DEVIL 5 20>25", "TAC DEVIL TAC", "TAC DEVIL FOOL",
		"TAC DEVIL 9 discard", "TAC discard", "TAC 8 skip",
		"TAC TR 3<>60", "TAC FOOL", "TAC ANGEL B>16", "DEVIL discard",
		"FOOL discard", "DEVIL TAC discard", "DEVIL FOOL discard",
		"give TAC", "give DEVIL", "1 B>0", "10 55>0H4", "2 63>0H1",
		"7 1>2 2>3 3>4 4>5 5>6 6>7 7>8", "7 5H1>5H4 65>5H3",
		"DEVIL 7 12>14 40>45", "DEVIL 4 3>63", "TAC 7 0H1>0H4 9>13",
		"WARRIOR discard", "13 B>55", "3 0>1"
	};
	struct tac_action	a, b;
	char			buf[128];
	size_t			i, n;

	for (i = 0; i < sizeof examples / sizeof examples[0]; i++) {
		a = notation_must(examples[i]);
		n = tac_action_format(&a, buf, sizeof buf);
		ck_assert_str_eq(buf, examples[i]);
		ck_assert_uint_eq(n, strlen(examples[i]));
		b = notation_must(buf);
		ck_assert_msg(tac_action_equal(&a, &b), "%s", examples[i]);
	}
}
END_TEST

/* The fields an action parses to, for each kind of body. */
START_TEST(test_Y1_notation_fields)
{
	struct tac_action	a;

	a = notation_must("12 60>0H3");
	ck_assert_int_eq(a.op, TAC_OP_MOVE);
	ck_assert_int_eq(a.card, TAC_C12);
	ck_assert_int_eq(a.nseg, 1);
	ck_assert_int_eq(a.seg[0].from, 60);
	ck_assert_int_eq(a.seg[0].to, TAC_LOC_HOME(0, 3));
	ck_assert(!a.tac && !a.devil);

	a = notation_must("13 B>16");
	ck_assert_int_eq(a.seg[0].from, TAC_LOC_BASE);
	ck_assert_int_eq(a.seg[0].to, 16);

	a = notation_must("WARRIOR 12>B");
	ck_assert_int_eq(a.card, TAC_WARRIOR);
	ck_assert_int_eq(a.seg[0].to, TAC_LOC_BASE);

	a = notation_must("TR 12<>40");
	ck_assert_int_eq(a.op, TAC_OP_SWAP);
	ck_assert_int_eq(a.nseg, 1);
	ck_assert_int_eq(a.seg[0].from, 12);
	ck_assert_int_eq(a.seg[0].to, 40);

	a = notation_must("7 12>14 40>45 5H2>5H1");
	ck_assert_int_eq(a.nseg, 3);
	ck_assert_int_eq(a.seg[1].from, 40);
	ck_assert_int_eq(a.seg[2].from, TAC_LOC_HOME(5, 2));
	ck_assert_int_eq(a.seg[2].to, TAC_LOC_HOME(5, 1));

	a = notation_must("8 skip");
	ck_assert_int_eq(a.op, TAC_OP_SKIP);
	ck_assert_int_eq(a.nseg, 0);

	a = notation_must("give TR");
	ck_assert_int_eq(a.op, TAC_OP_GIVE);
	ck_assert_int_eq(a.card, TAC_TR);

	a = notation_must("FOOL");
	ck_assert_int_eq(a.op, TAC_OP_NONE);
	ck_assert_int_eq(a.card, TAC_FOOL);

	a = notation_must("DEVIL TAC");
	ck_assert_int_eq(a.op, TAC_OP_NONE);
	ck_assert_int_eq(a.card, TAC_TAC);
	ck_assert(a.devil && !a.tac);

	a = notation_must("DEVIL 9 discard");
	ck_assert_int_eq(a.op, TAC_OP_DISCARD);
	ck_assert_int_eq(a.card, TAC_C9);
	ck_assert(a.devil && !a.tac);

	a = notation_must("DEVIL discard");
	ck_assert_int_eq(a.op, TAC_OP_DISCARD);
	ck_assert_int_eq(a.card, TAC_DEVIL);
	ck_assert(!a.devil && !a.tac);

	a = notation_must("TAC discard");
	ck_assert_int_eq(a.op, TAC_OP_DISCARD);
	ck_assert_int_eq(a.card, TAC_TAC);
	ck_assert(!a.tac && !a.devil);

	a = notation_must("TAC DEVIL 5 20>25");
	ck_assert_int_eq(a.op, TAC_OP_MOVE);
	ck_assert_int_eq(a.card, TAC_C5);
	ck_assert(a.tac && a.devil);

	a = notation_must("TAC DEVIL FOOL");
	ck_assert_int_eq(a.op, TAC_OP_NONE);
	ck_assert_int_eq(a.card, TAC_FOOL);
	ck_assert(a.tac && a.devil);

	a = notation_must("TAC 8 skip");
	ck_assert_int_eq(a.op, TAC_OP_SKIP);
	ck_assert(a.tac && !a.devil);
}
END_TEST

/* Parsing tolerates space and case; printing is canonical. */
START_TEST(test_Y1_notation_canonical_printing)
{
	static const char *const pairs[][2] = {
		{ "tac  7 12>14   40>45", "TAC 7 12>14 40>45" },
		{ "  7 12>14   40>45 ", "7 12>14 40>45" },
		{ "7 12 > 14\t40 >45", "7 12>14 40>45" },
		{ "angel b>16", "ANGEL B>16" },
		{ "12 60>0h3", "12 60>0H3" },
		{ "Tr 12 <> 40", "TR 12<>40" },
		{ "\tGIVE tr\n", "give TR" },
		{ "devil 9 DISCARD", "DEVIL 9 discard" },
		{ "8 SKIP", "8 skip" },
		{ "Warrior 12>b", "WARRIOR 12>B" },
		{ "tac devil tac", "TAC DEVIL TAC" },
		{ "fool\r\n", "FOOL" },
		{ "TaC dIsCaRd", "TAC discard" }
	};
	struct tac_action	a;
	char			buf[128];
	size_t			i;

	for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		a = notation_must(pairs[i][0]);
		tac_action_format(&a, buf, sizeof buf);
		ck_assert_str_eq(buf, pairs[i][1]);
	}
}
END_TEST

/* Every refusal names its problem. */
START_TEST(test_Y1_notation_rejects)
{
	static const char *const cases[][2] = {
		{ "", "empty action" },
		{ " \t ", "empty action" },
		{ "11 5>16", "unknown card \"11\"" },
		{ "0 5>16", "unknown card \"0\"" },
		{ "discard", "unknown card \"discard\"" },
		{ "5", "expected FROM>TO after 5" },
		{ "ANGEL", "expected FROM>TO after ANGEL" },
		{ "7", "expected FROM>TO after 7" },
		{ "7 1>2 2>3 3>4 4>5 5>6 6>7 7>8 8>9",
		    "a 7 has at most 7 segments" },
		{ "5 66>2", "\"66\" is not a field" },
		{ "5 100>2", "\"100\" is not a field" },
		{ "5 +5>10", "\"+5\" is not a field" },
		{ "5 -1>3", "\"-1\" is not a field" },
		{ "5 05>10", "\"05\" is not a field" },
		{ "5 6H1>2", "\"6H1\" is not a home: seats are 0..5" },
		{ "5 0H5>2", "\"0H5\" is not a home field: H1..H4" },
		{ "5 0H0>2", "\"0H0\" is not a home field: H1..H4" },
		{ "5 H2>2", "\"H2\" is not a place" },
		{ "5 x>2", "\"x\" is not a place" },
		{ "5 20", "expected \">\" after \"20\"" },
		{ "5 20>", "expected a place after \">\"" },
		{ "5 20>>25", "expected a place after \">\"" },
		{ "5 20<>25", "expected \">\" after \"20\"" },
		{ "5 >25", "expected FROM>TO after 5" },
		{ "5 20>25 30>35", "unexpected \"30\" at the end" },
		{ "5 20>25>30", "unexpected \">\" at the end" },
		{ "5 B>16", "only a 1, a 13 and the ANGEL enter from B" },
		{ "7 B>16", "only a 1, a 13 and the ANGEL enter from B" },
		{ "13 B>0H1", "a marble enters onto a start field" },
		{ "1 B>B", "a marble enters onto a start field" },
		{ "5 12>B", "only the WARRIOR moves to B" },
		{ "5 12>12", "a move must go somewhere" },
		{ "TR", "expected A<>B after TR" },
		{ "TR 12>40", "expected \"<>\" after \"12\"" },
		{ "TR 12<>B", "a TR swaps two marbles on circle fields" },
		{ "TR 0H1<>40", "a TR swaps two marbles on circle fields" },
		{ "TR 12<>12", "a TR swaps two different fields" },
		{ "8", "expected FROM>TO or skip after 8" },
		{ "5 skip", "\"skip\" is not a place" },
		{ "8 skip 12>20", "unexpected \"12\" at the end" },
		{ "FOOL 12>14", "unexpected \"12\" at the end" },
		{ "9 discard now", "unexpected \"now\" at the end" },
		{ "TAC", "expected a card after TAC" },
		{ "TAC TAC 5 1>6", "a TAC names the card it takes, not the "
		    "TAC it undoes" },
		{ "TAC DEVIL TAC TAC", "unexpected \"TAC\" at the end" },
		{ "TAC 9 discard", "a TAC plays the card it takes, never "
		    "discards it" },
		{ "TAC DEVIL discard", "a TAC plays the card it takes, never "
		    "discards it" },
		{ "TAC give 5", "a TAC cannot give" },
		{ "DEVIL", "expected a card after DEVIL" },
		{ "TAC DEVIL", "expected a card after DEVIL" },
		{ "DEVIL DEVIL 5 1>6", "there is only one DEVIL" },
		{ "DEVIL give 5", "a DEVIL cannot give" },
		{ "give", "expected the card to give" },
		{ "give 11", "unknown card \"11\"" },
		{ "give 5 6", "unexpected \"6\" at the end" },
		{ "give 5 discard", "unexpected \"discard\" at the end" },
		{ "averyveryverylongcardname 1>2",
		    "unknown card \"averyveryverylon...\"" },
		{ "5 20>25\x01", "\"25?\" is not a place" },
		{ "5 20>2\xd0\x9c", "\"2\xd0\x9c\" is not a place" }
	};
	size_t	i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		ck_assert_str_eq(notation_refuse(cases[i][0]), cases[i][1]);
}
END_TEST

/* A refusal never writes past the reason buffer, nor needs one. */
START_TEST(test_Y1_notation_reason_buffer)
{
	struct tac_action	a;
	char			why[8];

	memset(why, 'x', sizeof why);
	ck_assert_int_eq(tac_action_parse("11 1>2", &a, why, 6), -1);
	ck_assert_str_eq(why, "unkno");
	ck_assert_int_eq(why[6], 'x');
	ck_assert_int_eq(tac_action_parse("11 1>2", &a, NULL, 0), -1);
	ck_assert_int_eq(tac_action_parse(NULL, &a, why, sizeof why), -1);
	ck_assert_int_eq(tac_action_parse("5 1>6", NULL, NULL, 0), 0);
}
END_TEST

/* Formatting follows snprintf: the full length, truncated text. */
START_TEST(test_Y1_notation_format_length)
{
	struct tac_action	a = notation_must("TAC 7 12>14 40>45");
	char			buf[8];
	char			loc[4];

	ck_assert_uint_eq(tac_action_format(&a, NULL, 0), 17);
	memset(buf, 'x', sizeof buf);
	ck_assert_uint_eq(tac_action_format(&a, buf, 6), 17);
	ck_assert_str_eq(buf, "TAC 7");
	ck_assert_int_eq(buf[6], 'x');

	ck_assert_uint_eq(tac_loc_format(17, loc, sizeof loc), 2);
	ck_assert_str_eq(loc, "17");
	ck_assert_uint_eq(tac_loc_format(TAC_LOC_HOME(2, 4), loc, sizeof loc),
	    3);
	ck_assert_str_eq(loc, "2H4");
	ck_assert_uint_eq(tac_loc_format(TAC_LOC_BASE, loc, sizeof loc), 1);
	ck_assert_str_eq(loc, "B");
	ck_assert_uint_eq(tac_loc_format(TAC_LOC_HOME(5, 1), loc, 2), 3);
	ck_assert_str_eq(loc, "5");
}
END_TEST

/* Card names: notation, shown names in both editions, parsing. */
START_TEST(test_Y1_card_names)
{
	static const char *const names[TAC_NCARDS] = {
		"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13",
		"TR", "TAC", "ANGEL", "DEVIL", "WARRIOR", "FOOL"
	};
	int	card;

	for (card = 0; card < TAC_NCARDS; card++) {
		ck_assert_str_eq(tac_card_name(card), names[card]);
		ck_assert_int_eq(tac_card_parse(names[card],
		    strlen(names[card])), card);
	}
	ck_assert_str_eq(tac_card_name(-1), "?");
	ck_assert_str_eq(tac_card_name(TAC_NCARDS), "?");
	ck_assert_int_eq(tac_card_parse("11", 2), -1);
	ck_assert_int_eq(tac_card_parse("", 0), -1);
	ck_assert_int_eq(tac_card_parse("tr", 2), TAC_TR);
	ck_assert_int_eq(tac_card_parse("Warrior", 7), TAC_WARRIOR);
	ck_assert_int_eq(tac_card_parse("TACX", 3), TAC_TAC);
	ck_assert_int_eq(tac_card_parse("TA", 2), -1);
	ck_assert_int_eq(tac_card_parse("13", 1), TAC_C1);

	ck_assert_str_eq(tac_card_display(TAC_C7, TAC_NAMES_TAC), "7");
	ck_assert_str_eq(tac_card_display(TAC_TR, TAC_NAMES_TAC), "Trickster");
	ck_assert_str_eq(tac_card_display(TAC_FOOL, TAC_NAMES_TAC), "Fool");
	ck_assert_str_eq(tac_card_display(TAC_C12, TAC_NAMES_TAKER), "12");
	ck_assert_str_eq(tac_card_display(TAC_TR, TAC_NAMES_TAKER), "Мена");
	ck_assert_str_eq(tac_card_display(TAC_TAC, TAC_NAMES_TAKER),
	    "Такер");
	ck_assert_str_eq(tac_card_display(TAC_ANGEL, TAC_NAMES_TAKER), "Дар");
	ck_assert_str_eq(tac_card_display(TAC_DEVIL, TAC_NAMES_TAKER),
	    "Флуд");
	ck_assert_str_eq(tac_card_display(TAC_WARRIOR, TAC_NAMES_TAKER),
	    "Линч");
	ck_assert_str_eq(tac_card_display(TAC_FOOL, TAC_NAMES_TAKER),
	    "Ривер");
}
END_TEST

/* Equality looks at the used segments only. */
START_TEST(test_Y1_action_equal)
{
	struct tac_action	a = notation_must("7 12>14 40>45");
	struct tac_action	b = a;

	b.seg[5].from = 3;	/* unused */
	ck_assert(tac_action_equal(&a, &b));
	b.seg[1].to = 46;
	ck_assert(!tac_action_equal(&a, &b));
	b = notation_must("7 40>45 12>14");
	ck_assert(!tac_action_equal(&a, &b));
	a = notation_must("TAC 8 skip");
	b = notation_must("8 skip");
	ck_assert(!tac_action_equal(&a, &b));
	b = notation_must("DEVIL 8 skip");
	ck_assert(!tac_action_equal(&a, &b));
}
END_TEST

/*
 * Every action the engine lists prints to text that parses back to it,
 * and no two listed actions print alike (Y1), over many random games.
 */
START_TEST(test_Y1_legal_actions_print_and_parse)
{
	static const struct tac_config cfgs[] = {
		{ 4, 0, 1, TAC_NAMES_TAC, 0 },
		{ 6, 0, 1, TAC_NAMES_TAC, 0 },
		{ 6, 1, 0, TAC_NAMES_TAKER, 0 }
	};
	struct tac_list		*list;
	struct tac_state	 st;
	struct tac_action	 b;
	char			(*text)[NOTATION_TEXT], why[128];
	uint64_t		 pick;
	int			 g, i, moves, n;

	list = malloc(sizeof *list);
	text = calloc(TAC_MAXACTIONS, sizeof *text);
	ck_assert(list != NULL && text != NULL);
	for (g = 0; g < 12; g++) {
		tac_init(&st, &cfgs[g % 3], 1000 + g);
		pick = g;
		for (moves = 0; moves < 2000 && !tac_over(&st); moves++) {
			n = tac_legal(&st, list);
			if (n <= 0)
				break;
			for (i = 0; i < n; i++) {
				ck_assert_uint_lt(tac_action_format(&list->a[i],
				    text[i], NOTATION_TEXT), NOTATION_TEXT);
				ck_assert_msg(tac_action_parse(text[i], &b, why,
				    sizeof why) == 0, "\"%s\": %s", text[i],
				    why);
				ck_assert_msg(tac_action_equal(&list->a[i], &b),
				    "\"%s\" parses to another action", text[i]);
			}
			qsort(text, n, sizeof *text, notation_cmp);
			for (i = 1; i < n; i++)
				ck_assert_msg(strcmp(text[i - 1], text[i]) != 0,
				    "\"%s\" listed twice", text[i]);
			/* tac_apply() reuses the list: copy the action. */
			b = list->a[tac_rng_below(&pick, n)];
			ck_assert_msg(tac_apply(&st, &b, list, why,
			    sizeof why) >= 0, "%s", why);
		}
	}
	free(text);
	free(list);
}
END_TEST

/* The notation suite. */
Suite *
suite_notation(void)
{
	Suite	*s = suite_create("notation");
	TCase	*tc = tcase_create("notation");

	tcase_add_test(tc, test_Y1_notation_examples_round_trip);
	tcase_add_test(tc, test_Y1_notation_fields);
	tcase_add_test(tc, test_Y1_notation_canonical_printing);
	tcase_add_test(tc, test_Y1_notation_rejects);
	tcase_add_test(tc, test_Y1_notation_reason_buffer);
	tcase_add_test(tc, test_Y1_notation_format_length);
	tcase_add_test(tc, test_Y1_card_names);
	tcase_add_test(tc, test_Y1_action_equal);
	tcase_add_test(tc, test_Y1_legal_actions_print_and_parse);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return (s);
}
