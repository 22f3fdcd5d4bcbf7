/*
 * check_hint.c: learning with the AI (src/play/hint.c, review.c,
 * lesson.c): the hint is legal and sees only the view, whatever the
 * hidden cards are; its reasons say what the move does; every lesson's
 * position loads, its answer solves it and another move does not; a
 * review is the same however it is fed and keeps only clear mistakes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "check_ai.h"
#include "hint.h"
#include "lesson.h"
#include "policy.h"
#include "review.h"
#include "tacjson.h"

#define CH_MAXACTIONS	20000

static const struct tac_config ch_cfgs[] = {
	{ 4, 0, 1, 0, 0 },
	{ 6, 0, 1, 0, 0 },
	{ 6, 1, 1, 0, 0 },
	{ 4, 0, 0, 1, 0 },
	{ 4, 0, 1, 0, 1 },		/* Team-TAC */
};
#define CH_NCFG	(sizeof ch_cfgs / sizeof ch_cfgs[0])

static struct tac_list	*ch_list, *ch_scratch;

/* The lists are big: one pair for the run. */
static void
ch_setup(void)
{
	ck_assert_ptr_nonnull(ch_list = calloc(1, sizeof *ch_list));
	ck_assert_ptr_nonnull(ch_scratch = calloc(1, sizeof *ch_scratch));
}

/* Free them. */
static void
ch_teardown(void)
{
	free(ch_list);
	free(ch_scratch);
}

/* Is hint h a move the seat to act in the full state st may make? */
static int
ch_legal(const struct tac_state *st, const struct hint *h)
{
	int	i, n;

	n = tac_legal(st, ch_list);
	for (i = 0; i < n; i++) {
		if (h->devil ? ch_list->a[i].devil && ch_list->a[i].tac ==
		    (h->devil == 2) : tac_action_equal(&h->a, &ch_list->a[i]))
			return (1);
	}
	return (0);
}

/*
 * Y3: at every 10th decision of games in each configuration, the hint
 * from the seat's view is legal in the full state, has a reason, and is
 * the same when the other hands, the gifts and the deck are dealt anew:
 * as the hash of the view, its seed does not see them either.
 */
START_TEST(test_Y3_hint_sees_the_view)
{
	struct tac_state	st, other, v;
	struct hint		h, h2;
	uint64_t		rng = 4242, seed;
	size_t			c;
	int			g, n, k, checked = 0;

	for (c = 0; c < CH_NCFG; c++)
		for (g = 0; g < 2; g++) {
			tac_init(&st, &ch_cfgs[c], 77 + g);
			for (n = 0; !tac_over(&st) && n < CH_MAXACTIONS; n++) {
				if (n % 10 == 0) {
					tac_view(&st, st.turn, &v);
					seed = hint_seed(&v);
					ck_assert_int_eq(hint_choose(&v,
					    ch_scratch, &h), 0);
					ck_assert_msg(ch_legal(&st, &h),
					    "config %zu game %d action %d",
					    c, g, n);
					ck_assert_int_ge(h.why, 0);
					ck_assert_int_lt(h.why, HINT_NWHY);
					other = st;
					ca_reshuffle(&other, &rng);
					tac_view(&other, other.turn, &v);
					ck_assert_uint_eq(hint_seed(&v), seed);
					ck_assert_int_eq(hint_choose(&v,
					    ch_scratch, &h2), 0);
					ck_assert_msg(tac_action_equal(&h.a,
					    &h2.a) && h.devil == h2.devil &&
					    h.why == h2.why && h.seat ==
					    h2.seat, "config %zu game %d "
					    "action %d: the hint changed with "
					    "hidden cards", c, g, n);
					checked++;
				}
				ck_assert_int_gt(tac_legal(&st, ch_list), 0);
				k = policy_greedy(&st, ch_list, &rng);
				tac_play(&st, &ch_list->a[k]);
			}
		}
	ck_assert_int_gt(checked, 250);
}
END_TEST

/* The seed is the view's: hidden cards are not in it, the seat is. */
START_TEST(test_Y3_hint_seed_of_view)
{
	struct tac_state	st, v1, v2;
	uint64_t		rng = 5;

	tac_init(&st, &ch_cfgs[0], 9);
	tac_view(&st, st.turn, &v1);
	ca_reshuffle(&st, &rng);
	tac_view(&st, st.turn, &v2);
	ck_assert_uint_eq(hint_seed(&v1), hint_seed(&v2));
	/* Another seat's view is another view. */
	tac_view(&st, (st.turn + 1) % 4, &v2);
	v2.turn = v1.turn;
	ck_assert_uint_ne(hint_seed(&v1), hint_seed(&v2));
	/* A full state is no view: no hint. */
	ck_assert_int_eq(hint_choose(&st, ch_scratch, &(struct hint){ 0 }),
	    -1);
}
END_TEST

/* A lesson's position as it is played (TAC names). */
static void
ch_lesson(const char *id, struct tac_state *st)
{
	char	err[256];

	ck_assert_int_eq(lesson_position(lesson_get(lesson_find(id)),
	    TAC_NAMES_TAC, st, err, sizeof err), 0);
}

/* Why the hint plays what it plays in lesson id's position. */
static int
ch_why(const char *id, int *seat, char *action, size_t len)
{
	struct tac_state	st, v;
	struct hint		h;

	ch_lesson(id, &st);
	tac_view(&st, st.turn, &v);
	ck_assert_int_eq(hint_choose(&v, ch_scratch, &h), 0);
	hint_format(&h, action, len);
	*seat = h.seat;
	return (h.why);
}

/*
 * The reasons say what the move does: the home (M13: the deep move that
 * makes room is progress), the 7 (C4, home outweighs the kick), the TAC
 * that takes back a kick (T1), the Warrior's kick (A3), the only move.
 */
START_TEST(test_hint_reasons)
{
	char	a[160];
	int	seat;

	ck_assert_int_eq(ch_why("seven", &seat, a, sizeof a), HINT_HOME);
	ck_assert_str_eq(a, "7 20>22 60>0H1");
	ck_assert_int_eq(ch_why("tac", &seat, a, sizeof a), HINT_UNDO);
	ck_assert_int_eq(seat, 3);
	ck_assert_int_eq(ch_why("warrior", &seat, a, sizeof a), HINT_KICK);
	ck_assert_str_eq(a, "WARRIOR 10>40");
	ck_assert_int_eq(seat, 1);
	ck_assert_int_eq(ch_why("four", &seat, a, sizeof a), HINT_HOME);
	ck_assert_int_eq(hint_why_find("kick"), HINT_KICK);
	ck_assert_int_eq(hint_why_find("nonsense"), -1);
	ck_assert_str_eq(hint_why_name(HINT_NWHY), "?");
}
END_TEST

/* The only legal move says so; a gift that lets the partner enter too. */
START_TEST(test_hint_only_and_gift)
{
	struct tac_state	st, v;
	struct hint		h;
	char			text[160];
	int			seat;

	ch_lesson("enter", &st);
	st.b.field[20] = -1;
	st.b.base[0] = 4;
	tac_view(&st, st.turn, &v);
	ck_assert_int_eq(hint_choose(&v, ch_scratch, &h), 0);
	hint_format(&h, text, sizeof text);
	ck_assert_str_eq(text, "13 B>0");
	ck_assert_int_eq(h.why, HINT_ONLY);
	/* D7: seat 2 waits with every marble in its base. */
	st.phase = TAC_PH_EXCHANGE;
	tac_view(&st, st.turn, &v);
	ck_assert_int_eq(tac_action_parse("give 13", &h.a, text,
	    sizeof text), 0);
	ck_assert_int_eq(hint_reason(&v, &h.a, 0, ch_scratch, &seat),
	    HINT_GIVE_ENTER);
	ck_assert_int_eq(seat, 2);
}
END_TEST

/* A Team-TAC position of four seats; marbles and hands as JSON arrays. */
static void
ch_coop(struct tac_state *st, const char *marbles, const char *hands,
    const char *more)
{
	char		 text[1024], err[256];
	json_error_t	 e;
	json_t		*j;

	snprintf(text, sizeof text, "{\"format\": \"tac-position/1\", "
	    "\"players\": 4, \"teams\": \"pairs\", \"master\": true, "
	    "\"names\": \"tac\", \"coop\": true, \"dealer\": 3, "
	    "\"round\": 1, \"played\": 1, \"turn\": 0, \"marbles\": %s, "
	    "\"hands\": %s%s}", marbles, hands, more);
	ck_assert_ptr_nonnull(j = json_loads(text, 0, &e));
	ck_assert_msg(tac_position_load(st, j, err, sizeof err) == 0, "%s",
	    err);
	json_decref(j);
}

#define CH_HOME4	"[\"H1\", \"H2\", \"H3\", \"H4\"]"
#define CH_BASE4	"[\"B\", \"B\", \"B\", \"B\"]"

/*
 * Team-TAC's reasons: a team that is home moves for the other team
 * (K2), the last marble wins for all (K5), and the TAC that T10 makes
 * the next player play takes it back (K5).
 */
START_TEST(test_hint_coop_reasons)
{
	struct tac_state	st, v;
	struct tac_action	a;
	struct hint		h;
	char			text[160];
	int			seat;

	ch_coop(&st, "[" CH_HOME4 ", [\"B\", \"B\", \"B\", \"20\"], "
	    CH_HOME4 ", " CH_BASE4 "]", "[[\"3\", \"5\"], [\"2\"], "
	    "[\"2\"], [\"2\"]]", "");
	tac_view(&st, 0, &v);
	ck_assert_int_eq(hint_choose(&v, ch_scratch, &h), 0);
	ck_assert_int_eq(h.why, HINT_HELP);
	ck_assert_int_eq(h.seat, 1);
	ck_assert_str_eq(hint_why_name(HINT_HELP), "help");

	ch_coop(&st, "[[\"63\", \"H2\", \"H3\", \"H4\"], " CH_HOME4
	    ", " CH_HOME4 ", " CH_HOME4 "]", "[[\"2\", \"5\"], [\"2\"], "
	    "[\"2\"], [\"2\"]]", "");
	tac_view(&st, 0, &v);
	ck_assert_int_eq(hint_choose(&v, ch_scratch, &h), 0);
	hint_format(&h, text, sizeof text);
	ck_assert_str_eq(text, "2 63>0H1");
	ck_assert_int_eq(h.why, HINT_WIN);

	ch_coop(&st, "[[\"63\", \"H2\", \"H3\", \"H4\"], " CH_HOME4
	    ", " CH_HOME4 ", " CH_HOME4 "]", "[[\"2\", \"5\"], "
	    "[\"TAC\", \"5\"], [\"2\"], [\"2\"]]", "");
	ck_assert_int_eq(tac_action_parse("2 63>0H1", &a, text, sizeof text),
	    0);
	ck_assert_int_ge(tac_apply(&st, &a, ch_list, text, sizeof text), 0);
	ck_assert_int_eq(st.phase, TAC_PH_FORCED);
	tac_view(&st, st.turn, &v);
	ck_assert_int_eq(tac_action_parse("TAC 2 63>1", &a, text, sizeof text),
	    0);
	ck_assert_int_eq(hint_reason(&v, &a, 0, ch_scratch, &seat),
	    HINT_MUST);
	ck_assert_int_eq(seat, 0);
}
END_TEST

/* How many "%s" a text has. */
static int
ch_conversions(const char *s)
{
	int	n = 0;

	while ((s = strstr(s, "%s")) != NULL) {
		n++;
		s += 2;
	}
	return (n);
}

/*
 * Each lesson (one run per lesson): its position loads in both editions
 * at the learner's turn, its texts name as many cards as it lists, its
 * answer is legal and solves it, some other legal move does not, and a
 * move the rules refuse is refused with the engine's reason.
 */
START_TEST(test_lessons_each)
{
	const struct lesson	*l = lesson_get(_i);
	struct tac_state	 st, again;
	struct tac_action	 a;
	struct tac_why		 why;
	char			 err[256];
	int			 i, n, cards = 0, wrong = 0, names;

	ck_assert_ptr_nonnull(l);
	ck_assert_int_eq(lesson_find(l->id), _i);
	ck_assert_msg(l->rule != NULL && strlen(l->rule) >= 2, "%s", l->id);
	for (i = 0; i < LESSON_CARDS; i++)
		cards += l->cards[i] != TAC_NONE;
	ck_assert_int_le(ch_conversions(l->title), cards);
	ck_assert_int_le(ch_conversions(l->task), cards);
	ck_assert_int_le(ch_conversions(l->why), cards);
	ck_assert_int_eq(ch_conversions(l->done), 0);
	for (names = TAC_NAMES_TAC; names <= TAC_NAMES_TAKER; names++) {
		ck_assert_msg(lesson_position(l, names, &st, err, sizeof err) ==
		    0, "%s: %s", l->id, err);
		ck_assert_int_eq(st.turn, LESSON_SEAT);
		ck_assert_int_eq(st.cfg.names, names);
	}
	ck_assert_msg(tac_action_parse(l->answer, &a, err, sizeof err) == 0,
	    "%s: %s", l->id, err);
	again = st;
	ck_assert_msg(lesson_try(l, &st, &a, ch_list, &why) == 1,
	    "lesson %s: its answer %s does not solve it", l->id, l->answer);
	ck_assert_msg(memcmp(&again.b, &st.b, sizeof st.b) == 0, "%s", l->id);
	n = tac_legal(&st, ch_scratch);
	for (i = 0; i < n; i++) {
		if (lesson_try(l, &st, &ch_scratch->a[i], ch_list, &why) == 0)
			wrong++;
		ck_assert_int_ge(lesson_try(l, &st, &ch_scratch->a[i], ch_list,
		    &why), 0);
	}
	ck_assert_msg(wrong > 0, "lesson %s has no wrong move", l->id);
	/* No lesson deals a 12: the engine says why it cannot be played. */
	ck_assert_int_eq(tac_action_parse("12 1>13", &a, err, sizeof err), 0);
	ck_assert_int_eq(lesson_try(l, &st, &a, ch_list, &why), -1);
	ck_assert_ptr_nonnull(why.fmt);
}
END_TEST

/* No two lessons share an id, and the list covers the master cards. */
START_TEST(test_lessons_list)
{
	int	i, j, master = 0;

	ck_assert_int_ge(lessons_n, 11);
	for (i = 0; i < lessons_n; i++) {
		master += lessons[i].master;
		for (j = 0; j < i; j++)
			ck_assert_str_ne(lessons[i].id, lessons[j].id);
	}
	ck_assert_int_eq(master, 4);
	ck_assert_ptr_null(lesson_get(lessons_n));
	ck_assert_ptr_null(lesson_get(-1));
	ck_assert_int_eq(lesson_find("nothing"), -1);
}
END_TEST

/* Review seat's decisions of a game played from seed, into rv. */
static void
ch_review(uint64_t seed, unsigned seats, struct review *rv, int stop)
{
	struct tac_state	st;
	uint64_t		rng = seed;
	int			n, k;

	review_init(rv);
	tac_init(&st, &ch_cfgs[0], seed);
	for (n = 0; !tac_over(&st) && n < stop; n++) {
		ck_assert_int_gt(tac_legal(&st, ch_list), 0);
		k = policy_greedy(&st, ch_list, &rng);
		ck_assert_int_eq(review_add(rv, &st, n, &ch_list->a[k],
		    (seats >> st.turn) & 1, ch_scratch), 0);
		ck_assert_int_gt(tac_legal(&st, ch_list), k);
		tac_play(&st, &ch_list->a[k]);
	}
}

/*
 * A review keeps, costliest first, only decisions another move beats
 * clearly, never the move played itself, and finds the same twice; the
 * game's best move gained something.
 */
START_TEST(test_review_picks)
{
	struct review	*a, *b;
	int		 k;

	ck_assert_ptr_nonnull(a = malloc(sizeof *a));
	ck_assert_ptr_nonnull(b = malloc(sizeof *b));
	ch_review(31, 1U << 1, a, 160);
	ch_review(31, 1U << 1, b, 160);
	ck_assert_int_gt(a->rated, 20);
	ck_assert_int_eq(a->npick[0], 0);
	ck_assert_int_gt(a->npick[1], 0);
	for (k = 0; k < a->npick[1]; k++) {
		ck_assert_int_ge(a->pick[1][k].loss, REVIEW_CLEAR);
		ck_assert(!tac_action_equal(&a->pick[1][k].played,
		    &a->pick[1][k].better.a));
		if (k > 0)
			ck_assert_int_le(a->pick[1][k].loss,
			    a->pick[1][k - 1].loss);
		ck_assert_int_eq(a->pick[1][k].n, b->pick[1][k].n);
		ck_assert_int_eq(a->pick[1][k].loss, b->pick[1][k].loss);
	}
	ck_assert_int_ge(a->best.n, 0);
	ck_assert_int_gt(a->best.gain, 0);
	free(a);
	free(b);
}
END_TEST

/* review_keep() holds the three costliest, costliest first. */
START_TEST(test_review_keep)
{
	struct review		rv;
	struct review_pick	p;
	static const long	loss[] = { 200, 900, 300, 100, 900, 500 };
	size_t			i;

	review_init(&rv);
	memset(&p, 0, sizeof p);
	for (i = 0; i < sizeof loss / sizeof loss[0]; i++) {
		p.n = (int)i;
		p.loss = loss[i];
		review_keep(&rv, 2, &p);
	}
	ck_assert_int_eq(rv.npick[2], REVIEW_PICKS);
	ck_assert_int_eq(rv.pick[2][0].n, 1);
	ck_assert_int_eq(rv.pick[2][1].n, 4);
	ck_assert_int_eq(rv.pick[2][2].n, 5);
}
END_TEST

/*
 * A Team-TAC game reviews as any other: its decisions are rated from
 * the seat's view, and its best move gained the table something.
 */
START_TEST(test_review_coop)
{
	struct review		*rv;
	struct tac_state	 st;
	uint64_t		 rng = 5;
	int			 n, k;

	ck_assert_ptr_nonnull(rv = malloc(sizeof *rv));
	review_init(rv);
	tac_init(&st, &ch_cfgs[4], 31);
	for (n = 0; !tac_over(&st) && n < 120; n++) {
		ck_assert_int_gt(tac_legal(&st, ch_list), 0);
		k = policy_greedy(&st, ch_list, &rng);
		ck_assert_int_eq(review_add(rv, &st, n, &ch_list->a[k],
		    st.turn == 1, ch_scratch), 0);
		ck_assert_int_gt(tac_legal(&st, ch_list), k);
		tac_play(&st, &ch_list->a[k]);
	}
	ck_assert_int_gt(rv->rated, 10);
	ck_assert_int_eq(rv->npick[0], 0);
	for (k = 0; k < rv->npick[1]; k++)
		ck_assert_int_ge(rv->pick[1][k].loss, REVIEW_CLEAR);
	ck_assert_int_gt(rv->best.gain, 0);
	free(rv);
}
END_TEST

/* The learning suite. */
Suite *
suite_hint(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("hint");
	tc = tcase_create("hint");
	tcase_add_unchecked_fixture(tc, ch_setup, ch_teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_Y3_hint_sees_the_view);
	tcase_add_test(tc, test_Y3_hint_seed_of_view);
	tcase_add_test(tc, test_hint_reasons);
	tcase_add_test(tc, test_hint_only_and_gift);
	tcase_add_test(tc, test_hint_coop_reasons);
	suite_add_tcase(s, tc);
	tc = tcase_create("lessons");
	tcase_add_unchecked_fixture(tc, ch_setup, ch_teardown);
	tcase_add_loop_test(tc, test_lessons_each, 0, lessons_n);
	tcase_add_test(tc, test_lessons_list);
	suite_add_tcase(s, tc);
	tc = tcase_create("review");
	tcase_add_unchecked_fixture(tc, ch_setup, ch_teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_review_picks);
	tcase_add_test(tc, test_review_keep);
	tcase_add_test(tc, test_review_coop);
	suite_add_tcase(s, tc);
	return (s);
}
