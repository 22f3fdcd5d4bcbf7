/*
 * check_ai.c: the AI players (src/ai*.c): they play only legal actions,
 * finish games at every level in 4 and 6 seats, never read a hidden card,
 * and choose the same for the same seed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "ai.h"
#include "check_ai.h"
#include "policy.h"

#define CA_MAXACTIONS	20000	/* a game this long is stuck */

static const struct tac_config ca_cfgs[] = {
	{ 4, 0, 1, 0, 0 },		/* 4 seats, master cards */
	{ 6, 0, 1, 0, 0 },		/* 6 seats, three teams of two */
	{ 6, 1, 1, 0, 0 },		/* 6 seats, two teams of three */
	{ 4, 0, 0, 0, 0 },		/* 4 seats, base deck */
	{ 4, 0, 1, 0, 1 },		/* Team-TAC, 4 seats */
	{ 6, 1, 1, 1, 1 },		/* Team-TAC, 6 seats, teams of three */
};
#define CA_NCFG	(sizeof ca_cfgs / sizeof ca_cfgs[0])

static struct tac_list	*ca_list, *ca_scratch;

/* The lists are big: one pair for the whole run. */
static void
ca_setup(void)
{
	ca_list = calloc(1, sizeof *ca_list);
	ca_scratch = calloc(1, sizeof *ca_scratch);
	ck_assert_ptr_nonnull(ca_list);
	ck_assert_ptr_nonnull(ca_scratch);
}

/* Free the lists. */
static void
ca_teardown(void)
{
	free(ca_list);
	free(ca_scratch);
}

/* The small, exact budget the tests search with. */
static const struct ai_budget ca_budget = { 2, 0 };

/*
 * Play one game: seats whose bit is set in aimask play at level, the
 * others at random (others 0: so the AI meets odd positions too) or at
 * level others.  Every AI action
 * must be accepted by tac_apply().  Returns a hash of the actions.
 */
static uint64_t
ca_game(const struct tac_config *cfg, uint64_t seed, int level,
    unsigned aimask, int others, int *nact)
{
	struct tac_state	st;
	struct tac_action	a;
	uint64_t		rng = seed ^ 0x5eed, h = 1469598103934665603ULL;
	char			err[256], text[160];
	size_t			j, len;
	int			n, k;

	tac_init(&st, cfg, seed);
	for (n = 0; !tac_over(&st) && n < CA_MAXACTIONS; n++) {
		ck_assert_int_gt(tac_legal(&st, ca_list), 0);
		if (aimask & (1U << st.turn) || others > 0) {
			ck_assert_int_eq(ai_decide(&st, aimask &
			    (1U << st.turn) ? level : others, ai_seed(seed,
			    (uint64_t)n), &ca_budget, ca_scratch, &a), 0);
		} else {
			k = policy_random(&st, ca_list, &rng);
			a = ca_list->a[k];
		}
		len = tac_action_format(&a, text, sizeof text);
		for (j = 0; j < len; j++)
			h = (h ^ (uint8_t)text[j]) * 1099511628211ULL;
		h = (h ^ '\n') * 1099511628211ULL;
		k = tac_apply(&st, &a, ca_list, err, sizeof err);
		ck_assert_msg(k >= 0, "seed %llu action %d (%s): %s",
		    (unsigned long long)seed, n, text, err);
	}
	ck_assert_msg(tac_over(&st), "seed %llu: no end after %d actions",
	    (unsigned long long)seed, n);
	/* K5: a Team-TAC game ends won by all, with no team named. */
	if (cfg->coop)
		ck_assert(tac_coop_won(&st) && st.winner == TAC_NONE);
	else
		ck_assert_int_ne(st.winner, TAC_NONE);
	if (nact != NULL)
		*nact = n;
	return (h);
}

/* Level 1 plays only legal actions and finishes, in every configuration. */
START_TEST(test_ai_heuristic_legal)
{
	size_t	c;
	int	g;

	for (c = 0; c < CA_NCFG; c++)
		for (g = 0; g < 12; g++) {
			/* All seats, then one team against random. */
			ca_game(&ca_cfgs[c], 1000 + g, AI_HEURISTIC, 0x3f,
			    0, NULL);
			ca_game(&ca_cfgs[c], 2000 + g, AI_HEURISTIC, 0x15,
			    0, NULL);
		}
}
END_TEST

/* Level 2 plays only legal actions and finishes in 4 and 6 seats. */
START_TEST(test_ai_search_legal)
{
	size_t	c;

	/* One team searches, the others play the heuristic. */
	for (c = 0; c < CA_NCFG; c++)
		ca_game(&ca_cfgs[c], 3000 + c, AI_SEARCH, ca_cfgs[c].nseats ==
		    4 ? 0x5 : ca_cfgs[c].triples ? 0x15 : 0x9, AI_HEURISTIC,
		    NULL);
	/* One team searches, the other plays at random. */
	ca_game(&ca_cfgs[0], 4000, AI_SEARCH, 0x5, 0, NULL);
}
END_TEST

/* The same seed gives the same game, at both levels. */
START_TEST(test_ai_deterministic)
{
	uint64_t	h1, h2;
	int		level, n1, n2;

	for (level = AI_HEURISTIC; level <= AI_SEARCH; level++) {
		h1 = ca_game(&ca_cfgs[0], 77, level, 0x5, AI_HEURISTIC, &n1);
		h2 = ca_game(&ca_cfgs[0], 77, level, 0x5, AI_HEURISTIC, &n2);
		ck_assert_int_eq(n1, n2);
		ck_assert_msg(h1 == h2, "level %d: two games differ", level);
	}
}
END_TEST

/*
 * Deal the cards st's seat to act cannot see anew: the other hands (but
 * a Devil victim's shown one), the face-down gifts and the deck, each
 * keeping its size.
 */
void
ca_reshuffle(struct tac_state *st, uint64_t *rng)
{
	uint8_t	pool[TAC_MAXDECK];
	int	i, c, k, n = 0, me = st->turn;

	for (i = 0; i < st->cfg.nseats; i++) {
		if (i == me || (st->phase == TAC_PH_DEVIL && i == st->victim))
			continue;
		for (c = 0; c < TAC_NCARDS; c++)
			for (k = 0; k < st->hand[i][c]; k++)
				pool[n++] = c;
		if (st->gift[i] != TAC_NONE)
			pool[n++] = st->gift[i];
	}
	for (k = 0; k < st->ndeck; k++)
		pool[n++] = st->deck[k];
	tac_rng_shuffle(rng, pool, n);
	n = 0;
	for (i = 0; i < st->cfg.nseats; i++) {
		if (i == me || (st->phase == TAC_PH_DEVIL && i == st->victim))
			continue;
		memset(st->hand[i], 0, sizeof st->hand[i]);
		for (k = 0; k < st->nhand[i]; k++)
			st->hand[i][pool[n++]]++;
		if (st->gift[i] != TAC_NONE)
			st->gift[i] = pool[n++];
	}
	for (k = 0; k < st->ndeck; k++)
		st->deck[k] = pool[n++];
	st->rng = tac_rng_next(rng);
}

/*
 * Y3: at every decision of many games, dealing the hidden cards anew in
 * the full state does not change the AI's choice from the view, and
 * ai_choose() refuses a state that is not a view.
 */
START_TEST(test_ai_hidden)
{
	struct tac_state	st, other, v;
	uint64_t		rng = 99, seed;
	size_t			c;
	int			g, n, k, k2, level, checked = 0;

	for (c = 0; c < CA_NCFG; c++)
		for (g = 0; g < 3; g++) {
			tac_init(&st, &ca_cfgs[c], 500 + g);
			for (n = 0; !tac_over(&st) && n < CA_MAXACTIONS; n++) {
				seed = ai_seed(7, (uint64_t)n);
				/* The search is costly: every 16th decision. */
				level = n % 16 == 0 ? AI_SEARCH : AI_HEURISTIC;
				tac_view(&st, st.turn, &v);
				k = ai_choose(&v, level, seed, &ca_budget,
				    ca_scratch);
				other = st;
				ca_reshuffle(&other, &rng);
				tac_view(&other, other.turn, &v);
				k2 = ai_choose(&v, level, seed, &ca_budget,
				    ca_scratch);
				ck_assert_msg(k == k2, "config %zu game %d "
				    "action %d: %d, then %d", c, g, n, k, k2);
				if (st.rng != 0)	/* not a view */
					ck_assert_int_eq(ai_choose(&st, level,
					    seed, &ca_budget, ca_scratch), -1);
				checked++;
				ck_assert_int_gt(tac_legal(&st, ca_list), 0);
				k = policy_greedy(&st, ca_list, &rng);
				tac_play(&st, &ca_list->a[k]);
			}
		}
	ck_assert_int_gt(checked, 1000);
}
END_TEST

/*
 * A position for the scenarios: 4 seats, seat 0 to act in phase ph with
 * the given hand, every marble in its base, nobody announced anything.
 */
static void
ca_scene(struct tac_state *st, int ph, const int *cards, int n)
{
	int	i, s;

	tac_init(st, &ca_cfgs[0], 1);
	memset(st->hand, 0, sizeof st->hand);
	for (s = 1; s < 4; s++)
		st->nhand[s] = 5;
	for (i = 0; i < n; i++)
		st->hand[0][cards[i]]++;
	st->nhand[0] = n;
	st->phase = ph;
	st->turn = 0;
	st->dealer = 3;
	st->announce = 0;
	st->played = 1;
	st->undo.card = TAC_NONE;
}

/* The heuristic's action in st, as text. */
static const char *
ca_pick(const struct tac_state *st)
{
	static char		text[160];
	struct tac_state	v;
	int			k;

	tac_view(st, st->turn, &v);
	k = ai_choose(&v, AI_HEURISTIC, 1, NULL, ca_scratch);
	ck_assert_int_ge(k, 0);
	tac_action_format(&ca_scratch->a[k], text, sizeof text);
	return (text);
}

/*
 * D7: the exchange gives the partner (seat 2) a 13 when its marbles wait
 * in the base and it did not announce a 1 or 13, but keeps it when the
 * partner said it has one and our own marbles need it.
 */
START_TEST(test_ai_exchange_gives_entry)
{
	static const int	cards[] = { TAC_C2, TAC_C5, TAC_C9, TAC_C10,
				    TAC_C13 };
	struct tac_state	st;

	ca_scene(&st, TAC_PH_EXCHANGE, cards, 5);
	st.b.base[0] = 0;
	st.b.field[10] = st.b.field[20] = st.b.field[30] = 0;
	st.b.home[0] = 1;
	ck_assert_str_eq(ca_pick(&st), "give 13");
	st.announce = 1U << 2;
	st.b.base[0] = 4;
	st.b.field[10] = st.b.field[20] = st.b.field[30] = -1;
	st.b.home[0] = 0;
	ck_assert_str_ne(ca_pick(&st), "give 13");
}
END_TEST

/* C3: a marble two fields past its start goes home backwards with a 4. */
START_TEST(test_ai_four_into_home)
{
	static const int	cards[] = { TAC_C4, TAC_C5 };
	struct tac_state	st;

	ca_scene(&st, TAC_PH_PLAY, cards, 2);
	st.b.base[0] = 3;
	st.b.field[2] = 0;
	ck_assert_str_eq(ca_pick(&st), "4 2>0H2");
}
END_TEST

/*
 * T1: a TAC undoes the opponent's kick of our marble far round the
 * circle; with nothing to gain it is kept.
 */
START_TEST(test_ai_tac_undoes_kick)
{
	static const int	cards[] = { TAC_TAC, TAC_C2, TAC_C3 };
	struct tac_state	st;

	ca_scene(&st, TAC_PH_PLAY, cards, 3);
	st.b.base[0] = 2;
	st.b.base[3] = 3;
	st.b.field[60] = 0;
	st.b.field[20] = 3;
	st.undo.before = st.b;
	st.undo.card = TAC_C10;
	/* Seat 3 moved its marble 10 from 20 onto ours on 30. */
	st.b.field[20] = -1;
	st.undo.before.field[30] = 0;
	st.undo.before.base[0] = 1;
	st.b.field[30] = 3;
	ck_assert_int_eq(strncmp(ca_pick(&st), "TAC ", 4), 0);
	/* Undoing a move that harmed nobody is not worth a TAC. */
	st.undo.before = st.b;
	st.undo.before.field[30] = -1;
	st.undo.before.field[20] = 3;
	ck_assert_int_ne(strncmp(ca_pick(&st), "TAC ", 4), 0);
}
END_TEST

/*
 * K8: in Team-TAC the AI does not kick for nothing: the 3 that moves on
 * rather than the 5 that kicks seat 1's marble, which the usual game's
 * AI plays.
 */
START_TEST(test_ai_coop_no_kick)
{
	static const int	cards[] = { TAC_C3, TAC_C5 };
	struct tac_state	st;

	ca_scene(&st, TAC_PH_PLAY, cards, 2);
	st.b.base[0] = 3;
	st.b.field[10] = 0;
	st.b.base[1] = 3;
	st.b.field[15] = 1;
	ck_assert_str_eq(ca_pick(&st), "5 10>15");
	st.cfg.coop = 1;
	ck_assert_str_eq(ca_pick(&st), "3 10>13");
}
END_TEST

/*
 * K2: a team that is home helps the others home: with a 3 it takes
 * seat 1's last marble in rather than enter one of seat 3's.
 */
START_TEST(test_ai_coop_helps_home)
{
	static const int	cards[] = { TAC_C3, TAC_C13 };
	struct tac_state	st;

	ca_scene(&st, TAC_PH_PLAY, cards, 2);
	st.cfg.coop = 1;
	st.b.base[0] = st.b.base[2] = 0;
	st.b.home[0] = st.b.home[2] = 0xf;
	st.b.base[1] = 0;
	st.b.home[1] = 0xe;
	st.b.field[14] = 1;
	ck_assert_str_eq(ca_pick(&st), "3 14>1H1");
}
END_TEST

/* The AI suite. */
static Suite *
suite_ai(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("ai");
	tc = tcase_create("heuristic");
	tcase_add_unchecked_fixture(tc, ca_setup, ca_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_ai_heuristic_legal);
	suite_add_tcase(s, tc);
	tc = tcase_create("scenes");
	tcase_add_unchecked_fixture(tc, ca_setup, ca_teardown);
	tcase_add_test(tc, test_ai_exchange_gives_entry);
	tcase_add_test(tc, test_ai_four_into_home);
	tcase_add_test(tc, test_ai_tac_undoes_kick);
	tcase_add_test(tc, test_ai_coop_no_kick);
	tcase_add_test(tc, test_ai_coop_helps_home);
	suite_add_tcase(s, tc);
	tc = tcase_create("search");
	tcase_add_unchecked_fixture(tc, ca_setup, ca_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_ai_search_legal);
	tcase_add_test(tc, test_ai_deterministic);
	suite_add_tcase(s, tc);
	tc = tcase_create("hidden");
	tcase_add_unchecked_fixture(tc, ca_setup, ca_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_ai_hidden);
	suite_add_tcase(s, tc);
	return (s);
}

/* Run the AI suite; exit non-zero if a test failed. */
int
main(void)
{
	SRunner	*sr;
	int	 failed;

	sr = srunner_create(suite_ai());
	srunner_add_suite(sr, suite_hint());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return (failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
