/*
 * check_read.c: a move shown is a move /play reads back (render-read.c).
 * Over random games and random boards, in every language and both
 * namings, every legal action of each position checked is written as
 * tacd shows it, and read: its button (the leaf of the real menu, with
 * its label as compose_menu_keys() makes it, numbered or not), its line
 * in the group ("Anna: 9: 19 → 28, kicks Boris", as compose_moved()
 * writes it), the line of the player's own turn message ("your 19"), and
 * the notation in the reader's names and letters (render_action()).
 * Each must read as that same action.  Only a button may be refused, and
 * only as one that alone does not say which move (the last step of a 7
 * is "12 → 17" for more than one 7): those are counted and printed.
 * Cases: the Russian words of a few moves, the ambiguous button's
 * refusal, and text that reads as nothing.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_words.h"
#include "compose.h"
#include "menu.h"
#include "policy.h"

#define READ_STEPS	600	/* actions of one random game at most */

/* What a form of a move is, for the counts. */
enum { FORM_LABEL, FORM_LINE, FORM_OWN, FORM_NOTATION, NFORMS };
static const char *const form_names[NFORMS] = {
	"button", "line", "own line", "notation"
};

static struct {
	int	positions;
	long	actions;
	long	tried[NFORMS];
	long	ambiguous[NFORMS];
} seen;

static struct tac_list	*rd_list, *rd_scratch;

static const char *const rd_langs[] = { "en", "ru", "de", "ka" };
static const char *const rd_names[][TAC_MAXSEATS] = {
	{ "Anna", "Boris", "Clara", "Dmitri", "Eva", "Fjodor" },
	{ "Аня", "Борис", "Клара", "Дмитрий", "Ева", "Фёдор" },
	{ "ნინო", "გიორგი", "Jürgen", "Chloé",
	    "Alexandra-Wilhelmina von Hohenzollern", "Борис Вячеславович" },
};

/* The people and rules of a game, as the view sees them. */
static void
rd_game(struct render_game *g, const char *lang,
    const struct tac_config *cfg, int who)
{
	int	s;

	memset(g, 0, sizeof *g);
	g->id = 4321;
	snprintf(g->lang, sizeof g->lang, "%s", lang);
	g->cfg = *cfg;
	for (s = 0; s < cfg->nseats; s++) {
		/* An AI now and then: its name is the view's ("AI 3"). */
		if (who == 1 && s == 3)
			g->seats[s].ai = 1;
		else
			snprintf(g->seats[s].name, sizeof g->seats[s].name,
			    "%s", rd_names[who][s]);
	}
}

/*
 * Read text as a move of st for a reader of g's language; it must be a,
 * or (ambig_ok) be refused as saying no single move.
 */
static void
rd_check(const struct render_game *g, const struct tac_state *st,
    const struct tac_action *a, const char *text, int form)
{
	const char		*langs[1] = { g->lang };
	struct tac_state	 t = *st;
	struct tac_action	 got;
	struct tac_why		 why;
	struct rbuf		 r = { NULL, 0, 0 };
	char			 want[128], have[128];
	int			 idx;

	seen.tried[form]++;
	memset(&why, 0, sizeof why);
	tac_action_format(a, want, sizeof want);
	if (render_read(g, langs, 1, st, text, rd_scratch, &got, &why) != 0) {
		render_why(g, &why, &r);
		ck_assert_msg(form == FORM_LABEL && why.fmt != NULL &&
		    strstr(why.fmt, "alone does not say") != NULL,
		    "%s, %s %s: \"%s\" is refused: %s", want, g->lang,
		    form_names[form], text, r.s != NULL ? r.s : "?");
		/* A few of them, for the log. */
		if (seen.ambiguous[form]++ % 500 == 0)
			printf("read: %s, a button of %s: %s\n", g->lang, want,
			    r.s);
		rbuf_free(&r);
		return;
	}
	idx = tac_apply_why(&t, &got, rd_scratch, &why);
	tac_action_format(&got, have, sizeof have);
	ck_assert_msg(idx >= 0 && tac_action_equal(&rd_scratch->a[idx], a),
	    "%s, %s %s: \"%s\" reads as %s", want, g->lang, form_names[form],
	    text, have);
}

/* The lines that tell action a once played (compose-news.c's words). */
static void
rd_lines(const struct render_game *g, const struct tac_state *st,
    const struct tac_action *a)
{
	struct render_opts	 o = { RENDER_PLAIN, NULL, NULL, 0 };
	struct render_move	 mv;
	struct tac_state	 after = *st;
	const struct tac_board	*was = &st->b;
	struct rbuf		 b = { NULL, 0, 0 };
	int			 owners[TAC_MAXSEG], s, you;

	/* The facts the service records: svc_turn_facts(). */
	render_move_start(&mv, a, st->turn, RENDER_NOBODY);
	if (a->op == TAC_OP_MOVE || a->op == TAC_OP_SWAP) {
		tac_marbles(st, a, owners);
		for (s = 0; s < (a->op == TAC_OP_SWAP ? 2 : a->nseg); s++)
			mv.marbles[s] = owners[s];
	}
	if (a->tac && !a->devil && st->undo.card != TAC_NONE)
		was = &st->undo.before;
	if (a->tac && !a->devil && g->lastplay > 0)
		mv.undone = g->lastplay - 1;
	tac_play(&after, a);
	for (s = 0; s < st->cfg.nseats; s++) {
		if (after.b.base[s] > was->base[s])
			mv.kicked[mv.nkicked++] = s;
	}
	for (you = 0; you < 2; you++) {
		/* The group's line says who; a gift's card is secret there. */
		if (!you && a->op == TAC_OP_GIVE)
			continue;
		mv.reader = you ? st->turn : RENDER_NOBODY;
		rbuf_reset(&b);
		if (!you) {
			render_seat(&o, g, st->turn, &b);
			rbuf_addstr(&b, ": ");
		}
		render_move_words(g, &mv, 0, render_move_ntok(a), &b);
		rd_check(g, st, a, b.s, you ? FORM_OWN : FORM_LINE);
	}
	rbuf_free(&b);
}

/*
 * Walk the menu node at path and its pages and children: each leaf's
 * button, as the message shows it, reads as the leaf's action.
 */
static void
rd_menu(const struct render_game *g, const struct tac_state *st,
    const char *path, int numbered)
{
	struct compose_keys	 k = { NULL, 0, 0, 0 };
	struct tac_action	 a;
	struct menu		*m;
	char			 next[MENU_PATHMAX + 3];
	int			 e;

	ck_assert_ptr_nonnull(m = malloc(sizeof *m));
	ck_assert_int_eq(menu_build(st, st->turn, path, m, rd_list), 0);
	compose_menu_keys(g, st, m, 1, numbered, "menu ", &k);
	for (e = 0; e < m->n; e++) {
		if (!m->e[e].leaf) {
			rd_menu(g, st, m->e[e].path, numbered);
			continue;
		}
		ck_assert_int_eq(menu_action(st, st->turn, m->e[e].path, &a,
		    rd_list), 0);
		rd_check(g, st, &a, k.k[e].label, FORM_LABEL);
	}
	compose_keys_free(&k);
	snprintf(next, sizeof next, "%s", m->more);
	free(m);
	if (next[0] != '\0')
		rd_menu(g, st, next, numbered);
}

/* Every legal action of st, in every form, for readers of g. */
static void
rd_position(const struct render_game *g, const struct tac_state *st,
    int numbered)
{
	struct tac_list		*l;
	struct rbuf		 b = { NULL, 0, 0 };
	int			 i, n;

	seen.positions++;
	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	ck_assert_int_gt(n = tac_legal(st, l), 0);
	seen.actions += n;
	rd_menu(g, st, "", numbered);
	for (i = 0; i < n; i++) {
		rd_lines(g, st, &l->a[i]);
		rbuf_reset(&b);
		render_action(g, &l->a[i], &b);
		rd_check(g, st, &l->a[i], b.s, FORM_NOTATION);
	}
	rbuf_free(&b);
	free(l);
}

/*
 * A random game of cfg from seed, read in lang: every position at the
 * Devil, the Fool, a skip, a forced TAC or a Trickster in hand, and
 * every 'every' other one.
 */
static void
rd_walk(const struct tac_config *cfg, uint64_t seed, int every,
    const char *lang, int who)
{
	struct render_game	 g;
	struct tac_state	 st;
	uint64_t		 rng = seed * 7919 + 1;
	int			 step, k;

	rd_game(&g, lang, cfg, who);
	tac_init(&st, cfg, seed);
	for (step = 0; step < READ_STEPS && st.phase != TAC_PH_OVER; step++) {
		if (step % every == 0 || st.phase == TAC_PH_DEVIL ||
		    st.phase == TAC_PH_FOOL || st.phase == TAC_PH_SKIP ||
		    st.phase == TAC_PH_FORCED || st.hand[st.turn][TAC_TR] > 0)
			rd_position(&g, &st, step % 2);
		ck_assert_int_gt(tac_legal(&st, rd_list), 0);
		k = policy_random(&st, rd_list, &rng);
		tac_play(&st, &rd_list->a[k]);
	}
}

/* Scratch lists, and counts from zero. */
static void
rd_setup(void)
{
	rd_list = malloc(sizeof *rd_list);
	rd_scratch = malloc(sizeof *rd_scratch);
	ck_assert(rd_list != NULL && rd_scratch != NULL);
	memset(&seen, 0, sizeof seen);
}

/* Free them. */
static void
rd_teardown(void)
{
	free(rd_list);
	free(rd_scratch);
}

/* Print what was read. */
static void
rd_report(const char *what)
{
	int	f;

	printf("read: %s: %d positions, %ld legal actions;", what,
	    seen.positions, seen.actions);
	for (f = 0; f < NFORMS; f++)
		printf(" %s %ld (%ld ambiguous)%s", form_names[f],
		    seen.tried[f], seen.ambiguous[f], f + 1 < NFORMS ? "," :
		    "\n");
}

/* Four and six seats, every language, both namings, three tables. */
START_TEST(test_read_games)
{
	static const struct tac_config	cfg[] = {
		{ 4, 0, 1, TAC_NAMES_TAC, 0 }, { 4, 0, 1, TAC_NAMES_TAKER, 0 },
		{ 6, 0, 1, TAC_NAMES_TAKER, 0 }, { 6, 1, 1, TAC_NAMES_TAC, 0 }
	};
	int				i, f;

	for (i = 0; i < 16; i++)
		rd_walk(&cfg[i % 4], (uint64_t)i + 101, 5, rd_langs[i / 4],
		    i % 3);
	ck_assert_int_gt(seen.positions, 1000);
	for (f = 0; f < NFORMS; f++)
		ck_assert_int_gt(seen.tried[f], 10000);
	/* Lines and the notation say every move whole. */
	ck_assert_int_eq(seen.ambiguous[FORM_LINE], 0);
	ck_assert_int_eq(seen.ambiguous[FORM_OWN], 0);
	ck_assert_int_eq(seen.ambiguous[FORM_NOTATION], 0);
	rd_report("random games");
}
END_TEST

/* A few moves typed as a Russian reader sees them, TAKER names. */
START_TEST(test_read_cases)
{
	static const struct tac_config	cfg = { 4, 0, 1, TAC_NAMES_TAKER, 0 };
	static const struct {
		const char	*text, *want;
	} t[] = {
		{ "отдать 2", "give 2" },
		{ "Отдать 2", "give 2" },
		{ "2 abgeben", "give 2" },
		{ "გადაცემა: 2", "give 2" },
		{ "Give 2", "give 2" },
	};
	struct render_game	 g;
	struct tac_state	 st;
	struct tac_action	 a;
	struct tac_why		 why;
	const char		*langs[1] = { "ru" };
	char			 text[64];
	size_t			 i;

	rd_game(&g, "ru", &cfg, 1);
	tac_init(&st, &cfg, 5);
	ck_assert_int_eq(st.phase, TAC_PH_EXCHANGE);
	/* Make sure the player to give holds a 2. */
	for (i = 0; st.hand[st.turn][TAC_C2] == 0; i++) {
		if (st.hand[st.turn][i] > 0) {
			st.hand[st.turn][i]--;
			st.hand[st.turn][TAC_C2]++;
		}
	}
	/* Any language's words read, not only the reader's. */
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		ck_assert_msg(render_read(&g, langs, 1, &st, t[i].text,
		    rd_scratch, &a, &why) == 0, "%s", t[i].text);
		tac_action_format(&a, text, sizeof text);
		ck_assert_str_eq(text, t[i].want);
	}
	/* Words that are no move: the notation's reason, its word quoted. */
	ck_assert_int_eq(render_read(&g, langs, 1, &st, "Флуд 8 Ж>Ж",
	    rd_scratch, &a, &why), -1);
	ck_assert_str_eq(why.fmt, "\"%s\" is not a place");
	ck_assert_str_eq(why.arg[0].s, "Ж");
	ck_assert_int_eq(render_read(&g, langs, 1, &st, "привет", rd_scratch,
	    &a, &why), -1);
	ck_assert_str_eq(why.fmt, "unknown card \"%s\"");
	/* A TAKER card in notation is read, and the rules judge it. */
	ck_assert_int_eq(render_read(&g, langs, 1, &st, "Флуд 8 40>48",
	    rd_scratch, &a, &why), 0);
	ck_assert(a.devil && a.card == TAC_C8);
}
END_TEST

/*
 * A 7 whose last step alone does not say which 7: refused with two 7s
 * that end so, worded in the reader's notation.
 */
START_TEST(test_read_ambiguous)
{
	static const struct tac_config	cfg = { 4, 0, 1, TAC_NAMES_TAKER, 0 };
	struct render_game	 g;
	struct tac_state	 st;
	struct tac_action	 a;
	struct tac_why		 why;
	struct rbuf		 r = { NULL, 0, 0 };
	const char		*langs[1] = { "ru" };
	int			 s;

	rd_game(&g, "ru", &cfg, 1);
	tac_init(&st, &cfg, 5);
	st.phase = TAC_PH_PLAY;
	st.turn = 0;
	memset(&st.b, 0, sizeof st.b);
	memset(st.b.field, -1, sizeof st.b.field);
	for (s = 0; s < 4; s++) {
		memset(st.hand[s], 0, sizeof st.hand[s]);
		st.nhand[s] = 1;
		st.hand[s][TAC_C2] = 1;
		st.b.base[s] = s == 0 ? 1 : 4;
	}
	st.hand[0][TAC_C2] = 0;
	st.hand[0][TAC_C7] = 1;
	st.b.field[10] = 0;
	st.b.field[20] = 0;
	st.b.field[30] = 0;
	/* "30 → 35" is the last step of 7 10>12 30>35, 7 20>22 30>35 ... */
	ck_assert_int_eq(render_read(&g, langs, 1, &st, "30 → 35",
	    rd_scratch, &a, &why), -1);
	ck_assert_ptr_nonnull(strstr(why.fmt, "alone does not say"));
	ck_assert_int_eq(why.arg[1].kind, 'A');
	render_why(&g, &why, &r);
	ck_assert_msg(strstr(r.s, "7 - ") != NULL, "%s", r.s);
	rbuf_free(&r);
	/* With the card and the other step it is one move, either way. */
	ck_assert_int_eq(render_read(&g, langs, 1, &st,
	    "7: 10 → 12, затем 30 → 35", rd_scratch, &a, &why), 0);
	ck_assert_int_eq(a.nseg, 2);
	ck_assert_int_eq(render_read(&g, langs, 1, &st,
	    "7: 30 → 35, затем 10 → 12", rd_scratch, &a, &why), 0);
	ck_assert_int_eq(a.nseg, 2);
}
END_TEST

/* Random boards full of marbles: big swaps and 7s, in every language. */
START_TEST(test_read_boards)
{
	static const struct tac_config	cfg[] = {
		{ 4, 0, 1, TAC_NAMES_TAKER, 0 }, { 6, 0, 1, TAC_NAMES_TAC, 0 }
	};
	struct render_game	 g;
	struct tac_state	 st;
	uint64_t		 rng = 77;
	int			 i, s, k, f, c;

	for (i = 0; i < 80; i++) {
		tac_init(&st, &cfg[i % 2], tac_rng_next(&rng));
		st.phase = TAC_PH_PLAY;
		st.played = 0;
		memset(&st.b, 0, sizeof st.b);
		memset(st.b.field, -1, sizeof st.b.field);
		for (s = 0; s < st.cfg.nseats; s++) {
			for (k = 0; k < 3; k++) {
				do
					f = (int)tac_rng_below(&rng,
					    st.nfields);
				while (st.b.field[f] >= 0);
				st.b.field[f] = (int8_t)s;
			}
			st.b.base[s] = 1;
			memset(st.hand[s], 0, sizeof st.hand[s]);
			for (k = 0; k < 4; k++) {
				c = (int)tac_rng_below(&rng, TAC_NCARDS);
				if (c == TAC_TAC || c >= TAC_ANGEL)
					c = k % 2 ? TAC_C7 : TAC_TR;
				st.hand[s][c]++;
			}
			st.nhand[s] = 4;
		}
		rd_game(&g, rd_langs[i % 4], &cfg[i % 2], (i / 4) % 3);
		if (tac_legal(&st, rd_list) > 0)
			rd_position(&g, &st, i % 2);
	}
	ck_assert_int_gt(seen.positions, 60);
	rd_report("random boards");
}
END_TEST

/* The suite of reading moves back. */
Suite *
suite_read(void)
{
	Suite	*s = suite_create("read");
	TCase	*tc = tcase_create("read");

	tcase_set_timeout(tc, 900);
	tcase_add_checked_fixture(tc, rd_setup, rd_teardown);
	tcase_add_test(tc, test_read_cases);
	tcase_add_test(tc, test_read_ambiguous);
	tcase_add_test(tc, test_read_games);
	tcase_add_test(tc, test_read_boards);
	suite_add_tcase(s, tc);
	return (s);
}
