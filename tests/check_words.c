/*
 * check_words.c: moves in a player's words (src/view/render-move.c) and
 * the buttons of the action menu (src/compose/compose-menu.c): each kind
 * of move in English and in Russian with TAKER names (enter, move, home,
 * a 7 split, a swap, a kick, a discard, a TAC, the Devil, the Fool, the
 * Angel, the Warrior, a partner's marble, the exchange), the labels of
 * the menu's steps, a TAC on a Trickster paged; and over random games in
 * every language, long names included, that every message of the menu
 * has at most twelve buttons whose labels fit 40 characters, are told
 * apart and carry data that fits a button, and that every legal action
 * is reached by exactly one leaf (check_words_walk.c).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <jansson.h>

#include "check_words.h"
#include "compose.h"
#include "menu.h"
#include "tacjson.h"
#include "utf8.h"

static const char *const names_en[] = { "Anna", "Boris", "Clara", "Dmitri" };
static const char *const names_ru[] = { "Анна", "Борис", "Клара", "Дмитрий" };
static int words_lastplay;	/* the game's last card play, seat + 1 */

/* A game of four seats as the view sees it: lang, naming, names. */
void
words_game(struct render_game *g, const char *lang, int names,
    const char *const *who)
{
	int	s;

	memset(g, 0, sizeof *g);
	g->id = 123456;
	snprintf(g->lang, sizeof g->lang, "%s", lang);
	g->cfg.nseats = 4;
	g->cfg.master = 1;
	g->cfg.names = names;
	for (s = 0; s < 4 && who != NULL; s++)
		snprintf(g->seats[s].name, sizeof g->seats[s].name, "%s",
		    who[s]);
}

/* Load a 4-seat position from its marbles, hands and the seat to act. */
static void
words_pos(struct tac_state *st, const char *marbles, const char *hands,
    int turn)
{
	char	 buf[2048], err[256];
	json_t	*root;

	snprintf(buf, sizeof buf, "{\"format\": \"tac-position/1\", "
	    "\"players\": 4, \"teams\": \"pairs\", \"master\": true, "
	    "\"names\": \"tac\", \"dealer\": 3, \"round\": 1, \"played\": 1, "
	    "\"turn\": %d, \"marbles\": %s, \"hands\": %s}", turn, marbles,
	    hands);
	ck_assert_ptr_nonnull(root = json_loads(buf, 0, NULL));
	ck_assert_msg(tac_position_load(st, root, err, sizeof err) == 0, "%s",
	    err);
	json_decref(root);
}

/*
 * Team-TAC's board (rules K): the cards played so far under its first
 * line while it goes on, and at its end everyone's win with the score,
 * no team named; in Russian with the plural of the count.  A board of
 * the usual game has neither.
 */
START_TEST(test_words_coop_board)
{
	struct render_opts	 o = { RENDER_PLAIN, NULL, NULL, 0 };
	struct render_game	 g;
	struct tac_state	 st;
	struct rbuf		 b = { NULL, 0, 0 };

	words_game(&g, "en", TAC_NAMES_TAC, names_en);
	words_pos(&st, "[[\"10\", \"B\", \"B\", \"B\"], "
	    "[\"B\", \"B\", \"B\", \"B\"], [\"B\", \"B\", \"B\", \"B\"], "
	    "[\"B\", \"B\", \"B\", \"B\"]]", "[[\"5\"], [\"2\"], [\"2\"], "
	    "[\"2\"]]", 0);
	render_board(&o, &g, &st, &b);
	ck_assert_ptr_null(strstr(b.s, "together"));
	st.cfg.coop = g.cfg.coop = 1;
	st.cards = 151;
	rbuf_reset(&b);
	render_board(&o, &g, &st, &b);
	ck_assert_msg(strstr(b.s, "dealer Dmitri.\nEveryone plays together: "
	    "151 cards played so far.\n") != NULL, "%s", b.s);
	ck_assert_msg(strstr(b.s, "Anna's turn.") != NULL, "%s", b.s);
	st.phase = TAC_PH_OVER;
	st.cards = 188;
	rbuf_reset(&b);
	render_board(&o, &g, &st, &b);
	ck_assert_msg(strstr(b.s, "Game over: everyone won together, with 188 "
	    "cards played.\n") != NULL, "%s", b.s);
	ck_assert_ptr_null(strstr(b.s, "so far"));
	ck_assert_ptr_null(strstr(b.s, "Team"));
	words_game(&g, "ru", TAC_NAMES_TAKER, names_ru);
	rbuf_reset(&b);
	render_board(&o, &g, &st, &b);
	ck_assert_msg(strstr(b.s, "все победили вместе, сыграв 188 карт.") !=
	    NULL, "%s", b.s);
	rbuf_reset(&b);
	render_coop_result("ru", 181, &b);
	ck_assert_str_eq(b.s, "Игра окончена: все победили вместе, сыграв "
	    "181 карту.");
	rbuf_free(&b);
}
END_TEST

/* Play an action (it must be legal). */
static void
words_play(struct tac_state *st, const char *text)
{
	struct tac_action	 a;
	struct tac_list		*l;
	char			 why[256];

	ck_assert_int_eq(tac_action_parse(text, &a, why, sizeof why), 0);
	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	ck_assert_msg(tac_apply(st, &a, l, why, sizeof why) >= 0, "%s: %s",
	    text, why);
	free(l);
}

/*
 * The words of a whole legal action of the seat to act in st, for that
 * player (names: the game's naming), as a button or a line says it.
 */
static char *
words_of(const struct tac_state *st, const char *text, const char *lang,
    int names, int you)
{
	struct render_game	 g;
	struct render_move	 mv;
	struct tac_action	 a;
	struct tac_state	 t = *st;
	struct rbuf		 b = { NULL, 0, 0 };
	char			 why[256];

	words_game(&g, lang, names, strcmp(lang, "ru") == 0 ? names_ru :
	    names_en);
	g.lastplay = words_lastplay;
	ck_assert_int_eq(tac_action_parse(text, &a, why, sizeof why), 0);
	words_play(&t, text);
	render_move_init(&mv, &g, st, &a, st->turn, you ? st->turn :
	    RENDER_NOBODY);
	render_move_words(&g, &mv, 0, render_move_ntok(&a), &b);
	return (b.s != NULL ? b.s : strdup(""));
}

/* Check the words of an action in English and in Russian (TAKER). */
static void
words_check(const struct tac_state *st, const char *text, const char *en,
    const char *ru)
{
	char	*got;

	got = words_of(st, text, "en", TAC_NAMES_TAC, 1);
	ck_assert_msg(strcmp(got, en) == 0, "%s: \"%s\", want \"%s\"", text,
	    got, en);
	free(got);
	got = words_of(st, text, "ru", TAC_NAMES_TAKER, 1);
	ck_assert_msg(strcmp(got, ru) == 0, "%s (ru): \"%s\", want \"%s\"",
	    text, got, ru);
	free(got);
}

#define MARBLES	"[[\"B\", \"12\", \"19\", \"60\"], [\"28\", \"40\", \"B\", " \
    "\"B\"], [\"B\", \"B\", \"B\", \"B\"], [\"B\", \"B\", \"B\", \"B\"]]"
#define HANDS	"[[\"13\", \"9\", \"7\", \"TR\", \"5\", \"8\", \"FOOL\", " \
    "\"DEVIL\", \"ANGEL\", \"WARRIOR\", \"4\"], [\"5\", \"3\"], [\"2\"], " \
    "[\"6\"]]"

/* Every kind of card play, in English and Russian with TAKER names. */
START_TEST(test_words_kinds)
{
	struct tac_state	st;

	words_pos(&st, MARBLES, HANDS, 0);
	words_check(&st, "13 B>0", "13: Enter a marble",
	    "13: Ввести шарик");
	words_check(&st, "9 19>28", "9: 19 \xe2\x86\x92 28, kicks Boris",
	    "9: 19 \xe2\x86\x92 28, выбивает: Борис");
	words_check(&st, "4 12>8", "4: 12 \xe2\x86\x92 8",
	    "4: 12 \xe2\x86\x92 8");
	words_check(&st, "5 60>0H1", "5: 60 \xe2\x86\x92 home 1",
	    "5: 60 \xe2\x86\x92 дом 1");
	words_check(&st, "7 12>13 60>0H2",
	    "7: 12 \xe2\x86\x92 13, then 60 \xe2\x86\x92 home 2",
	    "7: 12 \xe2\x86\x92 13, затем 60 \xe2\x86\x92 дом 2");
	words_check(&st, "TR 19<>40", "Trickster: Swap your 19 with "
	    "Boris's 40", "Мена: Поменять местами свой 19 и 40 (Борис)");
	words_check(&st, "8 skip", "8: Skip the next player",
	    "8: Следующий пропускает ход");
	words_check(&st, "FOOL", "Fool: Hands pass to the right",
	    "Ривер: Все карты уходят вправо");
	/* The Devil moves the victim's marbles: named as theirs. */
	words_check(&st, "DEVIL 5 28>33", "Devil 5: Boris's 28 \xe2\x86\x92 "
	    "33", "Флуд 5: 28 (Борис) \xe2\x86\x92 33");
	words_check(&st, "ANGEL B>16", "Angel: Enter a marble for Boris",
	    "Дар: Ввести шарик игроку Борис");
	words_check(&st, "WARRIOR 19>28", "Warrior: 19 \xe2\x86\x92 28, "
	    "kicks Boris", "Линч: 19 \xe2\x86\x92 28, выбивает: Борис");
}
END_TEST

/*
 * A 7 says each marble's start and end, not every step; a marble that
 * went past its end and came back, the field it turned at too.
 */
START_TEST(test_words_seven_ends)
{
	struct tac_state	st;

	words_pos(&st, "[[\"H1\", \"10\", \"B\", \"B\"], [\"B\", \"B\", "
	    "\"B\", \"B\"], [\"B\", \"B\", \"B\", \"B\"], [\"B\", \"B\", "
	    "\"B\", \"B\"]]", "[[\"7\"], [\"5\"], [\"3\"], [\"4\"]]", 0);
	words_check(&st, "7 10>12 0H1>0H4 0H4>0H3 0H3>0H4",
	    "7: 10 \xe2\x86\x92 12, then home 1 \xe2\x86\x92 home 4",
	    "7: 10 \xe2\x86\x92 12, \xd0\xb7\xd0\xb0\xd1\x82\xd0\xb5\xd0\xbc "
	    "\xd0\xb4\xd0\xbe\xd0\xbc 1 \xe2\x86\x92 \xd0\xb4\xd0\xbe\xd0\xbc 4");
	words_check(&st, "7 0H1>0H4 0H4>0H3 0H3>0H4 0H4>0H2",
	    "7: home 1 \xe2\x86\x92 home 4 \xe2\x86\x92 home 2",
	    "7: \xd0\xb4\xd0\xbe\xd0\xbc 1 \xe2\x86\x92 \xd0\xb4\xd0\xbe\xd0\xbc 4 "
	    "\xe2\x86\x92 \xd0\xb4\xd0\xbe\xd0\xbc 2");
	words_check(&st, "7 10>15 0H1>0H2 0H2>0H1",
	    "7: 10 \xe2\x86\x92 15, then home 1 \xe2\x86\x92 home 2 "
	    "\xe2\x86\x92 home 1",
	    "7: 10 \xe2\x86\x92 15, \xd0\xb7\xd0\xb0\xd1\x82\xd0\xb5\xd0\xbc "
	    "\xd0\xb4\xd0\xbe\xd0\xbc 1 \xe2\x86\x92 \xd0\xb4\xd0\xbe\xd0\xbc 2 "
	    "\xe2\x86\x92 \xd0\xb4\xd0\xbe\xd0\xbc 1");
	/* One marble in several segments apart stays in its order. */
	words_pos(&st, "[[\"28\", \"34\", \"B\", \"B\"], [\"B\", \"B\", "
	    "\"B\", \"B\"], [\"B\", \"B\", \"B\", \"B\"], [\"B\", \"B\", "
	    "\"B\", \"B\"]]", "[[\"7\"], [\"5\"], [\"3\"], [\"4\"]]", 0);
	words_check(&st, "7 28>33 34>35 33>34",
	    "7: 28 \xe2\x86\x92 33, then 34 \xe2\x86\x92 35, then 33 "
	    "\xe2\x86\x92 34",
	    "7: 28 \xe2\x86\x92 33, \xd0\xb7\xd0\xb0\xd1\x82\xd0\xb5\xd0\xbc 34 "
	    "\xe2\x86\x92 35, \xd0\xb7\xd0\xb0\xd1\x82\xd0\xb5\xd0\xbc 33 "
	    "\xe2\x86\x92 34");
}
END_TEST

/* A discard, the exchange, a TAC, a partner's marble, the Devil's TAC. */
START_TEST(test_words_more)
{
	struct tac_state	st;
	char			*got;

	/* Nothing can move: a card is discarded. */
	words_pos(&st, "[[\"B\", \"B\", \"B\", \"B\"], [\"B\", \"B\", \"B\", "
	    "\"B\"], [\"B\", \"B\", \"B\", \"B\"], [\"B\", \"B\", \"B\", "
	    "\"B\"]]", "[[\"5\", \"9\"], [\"2\"], [\"3\"], [\"4\"]]", 0);
	words_check(&st, "5 discard", "Discard 5", "Сбросить 5");

	/* The exchange after a deal. */
	tac_init(&st, &(struct tac_config){ 4, 0, 1, TAC_NAMES_TAC, 0 }, 3);
	ck_assert_int_eq(st.phase, TAC_PH_EXCHANGE);
	{
		struct tac_list	*l;
		char		 text[64], want[64];
		int		 c;

		ck_assert_ptr_nonnull(l = malloc(sizeof *l));
		ck_assert_int_gt(tac_legal(&st, l), 0);
		c = l->a[0].card;
		tac_action_format(&l->a[0], text, sizeof text);
		free(l);
		got = words_of(&st, text, "en", TAC_NAMES_TAC, 1);
		snprintf(want, sizeof want, "Give %s", tac_card_name(c));
		if (c == TAC_TR)
			snprintf(want, sizeof want, "Give Trickster");
		ck_assert_msg(strcmp(got, want) == 0, "%s", got);
		free(got);
	}

	/* A TAC takes Dmitri's 13 back (his marble home again) and uses it. */
	words_pos(&st, MARBLES, "[[\"TAC\", \"2\"], [\"5\", \"3\"], [\"2\"], "
	    "[\"13\", \"6\"]]", 3);
	words_play(&st, "13 B>48");
	/*
	 * Dmitri's marble goes back to his base by the undoing, not by a
	 * kick: the TAC says whose card play it undoes, when that is known.
	 */
	words_check(&st, "TAC 13 B>0", "TAC 13: Enter a marble",
	    "Такер 13: Ввести шарик");
	words_lastplay = 3 + 1;
	words_check(&st, "TAC 13 B>0", "TAC on Dmitri's 13: Enter a marble",
	    "Такер на 13 (Дмитрий): Ввести шарик");
	words_lastplay = 0;

	/* All of Anna's marbles home: she moves her partner Clara's. */
	words_pos(&st, "[[\"H1\", \"H2\", \"H3\", \"H4\"], [\"28\", \"B\", "
	    "\"B\", \"B\"], [\"40\", \"B\", \"B\", \"B\"], [\"B\", \"B\", "
	    "\"B\", \"B\"]]", "[[\"5\"], [\"2\"], [\"3\"], [\"4\"]]", 0);
	words_check(&st, "5 40>45", "5: Clara's 40 \xe2\x86\x92 45",
	    "5: 40 (Клара) \xe2\x86\x92 45");

	/* A line in the group: no "your", the mover's marbles plain. */
	words_pos(&st, MARBLES, HANDS, 0);
	got = words_of(&st, "TR 19<>40", "en", TAC_NAMES_TAC, 0);
	ck_assert_str_eq(got, "Trickster: Swap 19 with Boris's 40");
	free(got);
	got = words_of(&st, "TR 19<>40", "de", TAC_NAMES_TAC, 1);
	ck_assert_str_eq(got, "Trickser: deine 19 mit 40 von Boris tauschen");
	free(got);
}
END_TEST

/* The label of the entry of node path whose notation is label. */
static char *
words_label(const struct tac_state *st, const char *path, const char *label,
    const char *lang)
{
	struct render_game	 g;
	struct tac_list		*l;
	struct menu		*m;
	struct rbuf		 b = { NULL, 0, 0 };
	int			 i;

	words_game(&g, lang, TAC_NAMES_TAC, strcmp(lang, "ru") == 0 ?
	    names_ru : names_en);
	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	ck_assert_ptr_nonnull(m = malloc(sizeof *m));
	ck_assert_int_eq(menu_build(st, st->turn, path, m, l), 0);
	for (i = 0; i < m->n && strcmp(m->e[i].label, label) != 0; i++)
		;
	ck_assert_msg(i < m->n, "no entry \"%s\" at \"%s\"", label, path);
	compose_menu_label(&g, st, m, i, 0, &b);
	free(m);
	free(l);
	return (b.s);
}

/* The path of the entry of node path whose notation is label. */
static void
words_step(const struct tac_state *st, char *path, size_t len,
    const char *label)
{
	struct tac_list	*l;
	struct menu	*m;
	int		 i;

	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	ck_assert_ptr_nonnull(m = malloc(sizeof *m));
	ck_assert_int_eq(menu_build(st, st->turn, path, m, l), 0);
	for (i = 0; i < m->n && strcmp(m->e[i].label, label) != 0; i++)
		;
	ck_assert_msg(i < m->n, "no entry \"%s\" at \"%s\"", label, path);
	snprintf(path, len, "%s", m->e[i].path);
	free(m);
	free(l);
}

/*
 * The steps of a 7 say each marble's move ("12 →", then "12 → 13"),
 * never one marble's stop with the next one's start alone; a swap's
 * second step says the whole swap.
 */
START_TEST(test_words_steps)
{
	struct tac_state	 st;
	char			 path[MENU_PATHMAX + 1] = "", *got;

	words_pos(&st, MARBLES, HANDS, 0);
	words_step(&st, path, sizeof path, "7");
	got = words_label(&st, path, "12>", "en");
	ck_assert_str_eq(got, "12 \xe2\x86\x92");
	free(got);
	words_step(&st, path, sizeof path, "12>");
	got = words_label(&st, path, "13", "en");
	ck_assert_msg(strncmp(got, "12 \xe2\x86\x92 13", 8) == 0, "%s", got);
	free(got);
	/*
	 * All seven steps with one marble: a leaf, and it says so; the
	 * marble it kicks is the reader's own.
	 */
	got = words_label(&st, path, "19", "en");
	ck_assert_str_eq(got, "12 \xe2\x86\x92 19, kicks your marble");
	free(got);

	path[0] = '\0';
	words_step(&st, path, sizeof path, "TR");
	got = words_label(&st, path, "19<>", "en");
	ck_assert_str_eq(got, "Swap your 19");
	free(got);
	got = words_label(&st, path, "19<>", "ru");
	ck_assert_str_eq(got, "Поменять свой 19");
	free(got);
	words_step(&st, path, sizeof path, "19<>");
	got = words_label(&st, path, "40", "en");
	ck_assert_str_eq(got, "Swap your 19 with Boris's 40");
	free(got);
}
END_TEST

/*
 * A TAC on a Trickster with sixteen marbles on the circle: 97 pairs
 * (the console once listed every pair at once), built step by step:
 * the first marble (twelve: the root's twelve buttons), then the other,
 * thirteen of them in pages of ten, with "more" and "back", never more
 * than twelve buttons.
 */
START_TEST(test_words_pages)
{
	struct render_game	 g;
	struct compose_keys	 k = { NULL, 0, 0, 0 };
	struct tac_state	 st;
	struct tac_list		*l;
	struct menu		*m;
	char			 path[MENU_PATHMAX + 3] = "";
	int			 n, pages = 0, entries = 0;

	words_pos(&st, "[[\"2\", \"6\", \"10\", \"14\"], [\"18\", \"22\", "
	    "\"26\", \"30\"], [\"34\", \"38\", \"42\", \"46\"], [\"50\", "
	    "\"54\", \"58\", \"62\"]]", "[[\"TAC\"], [\"3\"], [\"2\"], "
	    "[\"TR\", \"9\"]]", 3);
	words_play(&st, "TR 50<>54");
	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	ck_assert_ptr_nonnull(m = malloc(sizeof *m));
	n = tac_legal(&st, l);
	ck_assert_int_eq(n, 97);
	words_game(&g, "en", TAC_NAMES_TAC, names_en);
	/* The root opens the lone card: the first marble. */
	ck_assert_int_eq(menu_build(&st, st.turn, "", m, l), 0);
	ck_assert_int_eq(m->n, 12);
	ck_assert_int_eq(m->npages, 1);
	ck_assert_str_eq(m->prefix, "TAC TR");
	snprintf(path, sizeof path, "%s", m->e[0].path);
	/* The second marble: two pages. */
	for (;;) {
		ck_assert_int_eq(menu_build(&st, st.turn, path, m, l), 0);
		compose_keys_free(&k);
		compose_menu_keys(&g, &st, m, 77, 0, "menu ", &k);
		ck_assert_uint_le(k.n, WORDS_KEYS_MAX);
		ck_assert_int_eq(m->npages, 2);
		ck_assert_str_eq(k.k[k.n - 1].label, "\xe2\x86\x90 back");
		entries += m->n;
		pages++;
		if (m->more[0] == '\0')
			break;
		ck_assert_str_eq(k.k[k.n - 2].label, "more \xe2\x86\x92");
		snprintf(path, sizeof path, "%s", m->more);
	}
	ck_assert_int_eq(pages, 2);
	ck_assert_int_eq(entries, 13);
	ck_assert_str_eq(path, "0+1");
	ck_assert_str_eq(m->back, "0");
	ck_assert_str_eq(k.k[0].label, "Swap your 2 with Dmitri's 54");
	compose_keys_free(&k);
	/* Back from the first page: the root. */
	ck_assert_int_eq(menu_build(&st, st.turn, "0", m, l), 0);
	ck_assert_str_eq(m->back, "");
	free(m);
	free(l);
}
END_TEST

/* The suite. */
static Suite *
suite_words(void)
{
	Suite	*s = suite_create("words");
	TCase	*tc = tcase_create("words");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_words_kinds);
	tcase_add_test(tc, test_words_seven_ends);
	tcase_add_test(tc, test_words_more);
	tcase_add_test(tc, test_words_steps);
	tcase_add_test(tc, test_words_pages);
	tcase_add_test(tc, test_words_coop_board);
	words_props(tc);
	suite_add_tcase(s, tc);
	return (s);
}

/* Run the suite; the exit status says whether everything passed. */
int
main(void)
{
	SRunner	*sr = srunner_create(suite_words());
	int	 failed;

	srunner_add_suite(sr, suite_read());
	srunner_add_suite(sr, suite_labels());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return (failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
