/*
 * check_rules_seven.c: doc/rules.md C4 (the 7) and its sub-rules.  Expected
 * lists spell each 7 one way; any spelling reaching the same state
 * matches (testutil.h).
 */
#include <string.h>

#include "testutil.h"

#define BASE4	"B B B B"
#define REST3	"|" BASE4 "|" BASE4 "|" BASE4	/* seats 1..3 in base */

/*
 * The reference for the 7, from doc/rules.md alone (C4.1-C4.6, M9, M14, M15):
 * a depth-first search over single steps, with a memo of visited states.
 */
#define SV_MEMO		(1 << 16)
#define SV_PROBE	32

/* A search state: all that decides the steps still possible. */
struct sv_key {
	struct tac_board b;
	uint8_t		 moved[TAC_MAXSEATS];	/* home fields that moved */
	int8_t		 chosen;	/* teammate played for, -1: none yet */
	uint8_t		 left;		/* steps to go */
};

static struct sv_key	 sv_keys[SV_MEMO];
static uint32_t		 sv_stamp[SV_MEMO];
static uint32_t		 sv_gen;
static uint8_t		 sv_stuck[TAC_MAXSEATS];	/* at the 7's start */
static struct tac_board	*sv_out;
static int		 sv_n, sv_max;

/* Mark a state visited; 1 if it was already. */
static int
sv_seen(const struct sv_key *k)
{
	const uint8_t	*p = (const uint8_t *)k;
	uint64_t	 h = 1469598103934665603ULL;
	size_t		 i;
	uint32_t	 slot;

	for (i = 0; i < sizeof *k; i++)
		h = (h ^ p[i]) * 1099511628211ULL;
	for (i = 0; i < SV_PROBE; i++) {
		slot = (uint32_t)(h + i) & (SV_MEMO - 1);
		if (sv_stamp[slot] != sv_gen) {
			sv_stamp[slot] = sv_gen;
			sv_keys[slot] = *k;
			return 0;
		}
		if (memcmp(&sv_keys[slot], k, sizeof *k) == 0)
			return 1;
	}
	return 0;
}

/*
 * M15/C4.6, K3: the seats whose marbles the next step may move; in
 * Team-TAC a seat played for that is home passes the 7 on.
 */
static int
sv_seats(const struct tac_state *s, const struct sv_key *k,
    int out[TAC_MAXSEATS])
{
	int	i, t, n = 0, seat = s->turn;

	if (k->b.home[seat] != 0xf) {
		out[0] = seat;
		return 1;
	}
	if (k->chosen >= 0 && !(s->cfg.coop &&
	    k->b.home[k->chosen] == 0xf)) {
		out[0] = k->chosen;
		return 1;
	}
	for (i = 1; i < s->cfg.nseats; i++) {
		t = (seat + i) % s->cfg.nseats;
		if (tac_team(s, t) == tac_team(s, seat) && k->b.home[t] != 0xf)
			out[n++] = t;
	}
	if (n > 0 || !s->cfg.coop)
		return n;
	for (i = 1; i < s->cfg.nseats; i++) {
		t = (seat + i) % s->cfg.nseats;
		if (k->b.home[t] != 0xf)
			out[n++] = t;
	}
	return n;
}

static void	sv_search(const struct tac_state *, const struct sv_key *);

/* Take one step to the child state c (seat p moved). */
static void
sv_step(const struct tac_state *s, const struct sv_key *k, struct sv_key *c,
    int p)
{
	c->left = k->left - 1;
	if (p != s->turn)
		c->chosen = p;
	sv_search(s, c);
}

/* Every single step of seat p's marbles from state k. */
static void
sv_marbles(const struct tac_state *s, const struct sv_key *k, int p)
{
	struct sv_key	c;
	int		start = tac_start(s, p), f, x, q, d, bit;

	for (f = 0; f < s->nfields; f++) {
		if (k->b.field[f] != p)
			continue;
		/* M9: a fresh marble never steps from its start into H1. */
		if (f == start && !(k->b.fresh & (1 << p)) &&
		    !(k->b.home[p] & 1)) {
			c = *k;
			c.b.field[f] = -1;
			c.b.home[p] |= 1;
			c.moved[p] |= 1;
			sv_step(s, k, &c, p);
		}
		/* C4.2/C4.5: forward on the circle, kicking what it meets. */
		c = *k;
		x = (f + 1) % s->nfields;
		c.b.field[f] = -1;
		if (f == start)
			c.b.fresh &= ~(1 << p);
		if ((q = c.b.field[x]) != -1) {
			c.b.base[q]++;
			if (x == tac_start(s, q))
				c.b.fresh &= ~(1 << q);
		}
		c.b.field[x] = p;
		sv_step(s, k, &c, p);
	}
	for (d = 1; d <= 4; d++) {
		bit = 1 << (d - 1);
		/* M14/C4.4: stuck at the 7's start: never moves in it. */
		if (!(k->b.home[p] & bit) || (sv_stuck[p] & bit))
			continue;
		if (d < 4 && !(k->b.home[p] & (bit << 1))) {
			c = *k;
			c.b.home[p] = (c.b.home[p] & ~bit) | (bit << 1);
			c.moved[p] = (c.moved[p] & ~bit) | (bit << 1);
			sv_step(s, k, &c, p);
		}
		/* C4.4: backwards only after a first step forward. */
		if (d > 1 && (k->moved[p] & bit) &&
		    !(k->b.home[p] & (bit >> 1))) {
			c = *k;
			c.b.home[p] = (c.b.home[p] & ~bit) | (bit >> 1);
			c.moved[p] = (c.moved[p] & ~bit) | (bit >> 1);
			sv_step(s, k, &c, p);
		}
	}
}

/* Search from state k; a state with no step left is a result (C4.1). */
static void
sv_search(const struct tac_state *s, const struct sv_key *k)
{
	int	seats[TAC_MAXSEATS], n, i;

	if (sv_seen(k))
		return;
	if (k->left == 0) {
		if (sv_n < sv_max)
			sv_out[sv_n++] = k->b;
		return;
	}
	n = sv_seats(s, k, seats);
	for (i = 0; i < n; i++)
		sv_marbles(s, k, seats[i]);
}

/* Every board a 7 reaches for the seat in turn. */
int
tu_ref_seven(const struct tac_state *s, struct tac_board *out, int max)
{
	struct sv_key	k;
	int		p, d, full;

	if (++sv_gen == 0) {
		memset(sv_stamp, 0, sizeof sv_stamp);
		sv_gen = 1;
	}
	for (p = 0; p < TAC_MAXSEATS; p++) {
		sv_stuck[p] = 0;
		for (d = 4, full = 1; d >= 1; d--) {
			if (!(s->b.home[p] & (1 << (d - 1))))
				full = 0;
			else if (full)
				sv_stuck[p] |= 1 << (d - 1);
		}
	}
	memset(&k, 0, sizeof k);
	k.b = s->b;
	k.chosen = -1;
	k.left = 7;
	sv_out = out;
	sv_max = max;
	sv_n = 0;
	sv_search(s, &k);
	return tu_boards_unique(out, sv_n);
}

/* C4: seven single steps shared among the player's marbles. */
START_TEST(test_C4_seven_split_between_marbles)
{
	struct tac_state	s;

	tu_pos(&s, "B B 10 20" REST3, "7|2|2|2", NULL);
	tu_legal_is(&s, "7 20>27\n7 10>11 20>26\n7 10>12 20>25\n"
	    "7 10>13 20>24\n7 10>14 20>23\n7 10>15 20>22\n7 10>16 20>21\n"
	    "7 10>17");
	tu_apply(&s, "7 20>23 10>14");
	tu_marbles(&s, 0, "B B 14 23");
}
END_TEST

/* C4: any order of segments that gives the same result is accepted. */
START_TEST(test_C4_segment_order_free)
{
	struct tac_state	s, t;

	tu_pos(&s, "B B 10 20" REST3, "7|2|2|2", NULL);
	memcpy(&t, &s, sizeof t);
	tu_apply(&s, "7 10>14 20>23");
	tu_apply(&t, "7 20>23 10>14");
	tu_state_eq(&s, &t, "same 7 in two orders");
}
END_TEST

/* C4: a 7 played for the teammate with several marbles (M15). */
START_TEST(test_C4_seven_for_partner)
{
	struct tac_state	s;

	tu_pos(&s, "H1 H2 H3 H4|" BASE4 "|B B 40 50|" BASE4, "7|2|2|2", NULL);
	ck_assert_int_eq(tu_nlegal(&s), 8);
	ck_assert(tu_has(&s, "7 40>43 50>54"));
	tu_apply(&s, "7 50>57");
	tu_marbles(&s, 2, "B B 40 57");
}
END_TEST

/* C4.1: all 7 steps must be used: a lone marble goes exactly 7. */
START_TEST(test_C4_1_all_seven_steps)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10" REST3, "7|2|2|2", NULL);
	tu_legal_is(&s, "7 10>17");
	tu_illegal(&s, "7 10>15", NULL);
}
END_TEST

/* C4.1: no way to use 7 steps: the 7 has no action. */
START_TEST(test_C4_1_no_seven_steps_discard)
{
	struct tac_state	s;

	tu_pos(&s, "B H2 H3 H4" REST3, "7|2|2|2", NULL);
	tu_legal_is(&s, "7 discard");
}
END_TEST

/* C4.2: every marble passed or landed on is kicked, partner's too. */
START_TEST(test_C4_2_kicks_all_passed)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 12|B B B 14|B B B 17", "7|2|2|2", NULL);
	tu_legal_is(&s, "7 10>17");
	tu_apply(&s, "7 10>17");
	tu_marbles(&s, 0, "B B B 17");
	tu_marbles(&s, 1, BASE4);
	tu_marbles(&s, 2, BASE4);
	tu_marbles(&s, 3, BASE4);
}
END_TEST

/* C4.2, booklet 000 "Карта 7": the 7 kicks the player's own marbles too. */
START_TEST(test_C4_2_seed_kicks_own_marble)
{
	struct tac_state	s;

	tu_pos(&s, "B B 10 12" REST3, "7|2|2|2", NULL);
	tu_apply(&s, "7 10>17");
	tu_marbles(&s, 0, "B B B 17");
}
END_TEST

/* C4.2/M6: the 7 kicks a marble on the own start and goes home past it. */
START_TEST(test_C4_2_kicks_start_blocker_into_home)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 62|B B B 0|" BASE4 "|" BASE4, "7|2|2|2", NULL);
	/* Circle: 62 -> 5.  Home: H1 after 3 steps, 4 more inside. */
	tu_legal_is(&s, "7 62>5\n7 62>0H3 0H3>0H1\n7 62>0H4 0H4>0H3");
	tu_apply(&s, "7 62>0H3 0H3>0H1");
	tu_marbles(&s, 0, "B B B H1");
	tu_marbles(&s, 1, BASE4);
}
END_TEST

/* C4.3: several marbles may enter their homes with one 7. */
START_TEST(test_C4_3_several_marbles_enter_home)
{
	struct tac_state	s;

	tu_pos(&s, "B B 62 63" REST3, "7|2|2|2", NULL);
	ck_assert(tu_has(&s, "7 63>0H3 62>0H1"));
	tu_apply(&s, "7 63>0H3 62>0H1");
	tu_marbles(&s, 0, "B B H1 H3");
}
END_TEST

/* C4.4: inside a home steps go forward and backward. */
START_TEST(test_C4_4_home_forward_and_back)
{
	struct tac_state	s;

	tu_pos(&s, "B B H2 H4" REST3, "7|2|2|2", NULL);
	/* H4 is stuck; H2 moves 7 steps between H1 and H3: ends H1 or H3. */
	tu_legal_is(&s, "7 0H2>0H3 0H3>0H1 0H1>0H3 0H3>0H1\n"
	    "7 0H2>0H3 0H3>0H1 0H1>0H3 0H3>0H2 0H2>0H3");
}
END_TEST

/* C4.4: a marble's first step within the 7 must be forward. */
START_TEST(test_C4_4_first_step_forward)
{
	struct tac_state	s;

	tu_pos(&s, "B 10 H2 H3" REST3, "7|2|2|2", NULL);
	ck_assert(tu_has(&s, "7 10>16 0H3>0H4"));
	tu_illegal(&s, "7 10>16 0H2>0H1", NULL);
}
END_TEST

/* C4.4: a marble stuck when the 7 starts never moves in it. */
START_TEST(test_C4_4_stuck_marble_not_moved)
{
	struct tac_state	s;

	tu_pos(&s, "B 10 H3 H4" REST3, "7|2|2|2", NULL);
	tu_legal_is(&s, "7 10>17");
	tu_illegal(&s, "7 10>16 0H3>0H2", NULL);
}
END_TEST

/*
 * C4.4, booklet 000 "Карта 7 / Варианты использования": the 7 rearranges
 * the home without a marble on the circle.
 */
START_TEST(test_C4_4_seed_home_rearranged_without_circle)
{
	struct tac_state	s;

	tu_pos(&s, "B B H1 H2" REST3, "7|2|2|2", NULL);
	ck_assert_int_gt(tu_nlegal(&s), 0);
	ck_assert_int_eq(tu_count(&s, "7 discard"), 0);
	tu_apply(&s, "7 0H2>0H4 0H1>0H3 0H3>0H2 0H2>0H3 0H3>0H2");
	tu_marbles(&s, 0, "B B H2 H4");
}
END_TEST

/* C4.4: a home marble never passes another in the home. */
START_TEST(test_C4_4_no_passing_in_home)
{
	struct tac_state	s;

	tu_pos(&s, "B 10 H1 H3" REST3, "7|2|2|2", NULL);
	tu_illegal(&s, "7 10>15 0H1>0H3", NULL);
	tu_illegal(&s, "7 10>14 0H1>0H4", NULL);
}
END_TEST

/* C4.5: on the circle the 7 steps forward only. */
START_TEST(test_C4_5_circle_forward_only)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10" REST3, "7|2|2|2", NULL);
	tu_illegal(&s, "7 10>3", NULL);
	tu_pos(&s, "B B 10 20" REST3, "7|2|2|2", NULL);
	tu_illegal(&s, "7 10>13 20>16", NULL);
}
END_TEST

/*
 * C4.6, booklets 000 "Карта 7 / Особый случай", 001, 002: the 7 that brings
 * the last own marble home gives its remaining steps to the partner.
 */
START_TEST(test_C4_6_last_marble_rest_to_partner)
{
	struct tac_state	s;

	tu_pos(&s, "62 H2 H3 H4|" BASE4 "|B B B 40|" BASE4, "7|2|2|2", NULL);
	tu_legal_is(&s, "7 62>5\n7 62>0H1 40>44");
	tu_apply(&s, "7 62>0H1 40>44");
	tu_marbles(&s, 0, "H1 H2 H3 H4");
	tu_marbles(&s, 2, "B B B 44");
}
END_TEST

/* C4.6, the same seeds: if the partner cannot take the rest, run past. */
START_TEST(test_C4_6_last_marble_must_run_past)
{
	struct tac_state	s;

	tu_pos(&s, "62 H2 H3 H4|" BASE4 "|" BASE4 "|" BASE4, "7|2|2|2", NULL);
	tu_legal_is(&s, "7 62>5");
}
END_TEST

/* C4.6: the partner's home marbles may take the remaining steps. */
START_TEST(test_C4_6_last_marble_rest_in_partner_home)
{
	struct tac_state	s;

	tu_pos(&s, "62 H2 H3 H4|" BASE4 "|B B B H1|" BASE4, "7|2|2|2", NULL);
	tu_legal_is(&s, "7 62>5\n7 62>0H1 2H1>2H4 2H4>2H3\n"
	    "7 62>0H1 2H1>2H2 2H2>2H1 2H1>2H2 2H2>2H1");
}
END_TEST

/* C4.6: before the last marble is home, partner marbles are not moved. */
START_TEST(test_C4_6_partner_steps_only_after_last_home)
{
	struct tac_state	s;

	tu_pos(&s, "62 H2 H3 H4|" BASE4 "|B B B 40|" BASE4, "7|2|2|2", NULL);
	tu_illegal(&s, "7 62>63 40>46", NULL);
	tu_illegal(&s, "7 62>0 40>45", NULL);
}
END_TEST

/* C4.6: teams of 3: the rest goes to one teammate, not split. */
START_TEST(test_C4_6_triples_one_teammate)
{
	struct tac_state	s;

	tu_pos(&s, "65 H2 H3 H4|" BASE4 "|B B B 30|" BASE4 "|B B B 50|"
	    BASE4, "7|2|2|2|2|2", "'teams':'triples'");
	tu_legal_is(&s, "7 65>6\n7 65>0H1 30>35\n7 65>0H1 50>55");
	tu_illegal(&s, "7 65>0H1 30>32 50>53", NULL);
}
END_TEST

/* M15/C4: a finished player's 7 moves one teammate's marbles (triples). */
START_TEST(test_C4_triples_finished_seven_one_teammate)
{
	struct tac_state	s;

	tu_pos(&s, "H1 H2 H3 H4|" BASE4 "|B B B 30|" BASE4 "|B B B 50|"
	    BASE4, "7|2|2|2|2|2", "'teams':'triples'");
	tu_legal_is(&s, "7 30>37\n7 50>57");
	tu_illegal(&s, "7 30>33 50>54", NULL);
}
END_TEST

/* C4: the engine's 7s are the reference search's, in the positions above. */
START_TEST(test_C4_reference_matches_engine)
{
	static const char *const pos[][3] = {
		{ "B B 10 20" REST3, "7|2|2|2", NULL },
		{ "B B B 10|B B B 12|B B B 14|B B B 17", "7|2|2|2", NULL },
		{ "B B B 62|B B B 0|" BASE4 "|" BASE4, "7|2|2|2", NULL },
		{ "B B 62 63" REST3, "7|2|2|2", NULL },
		{ "B B H2 H4" REST3, "7|2|2|2", NULL },
		{ "B 10 H2 H3" REST3, "7|2|2|2", NULL },
		{ "B 10 H3 H4" REST3, "7|2|2|2", NULL },
		{ "B B H1 H2" REST3, "7|2|2|2", NULL },
		{ "B B B 0*" REST3, "7|2|2|2", NULL },
		{ "B B B 0" REST3, "7|2|2|2", NULL },
		{ "62 H2 H3 H4|" BASE4 "|B B B 40|" BASE4, "7|2|2|2", NULL },
		{ "62 H2 H3 H4|" BASE4 "|B B B H1|" BASE4, "7|2|2|2", NULL },
		{ "H1 H2 H3 H4|" BASE4 "|B B 40 50|" BASE4, "7|2|2|2", NULL },
		{ "B 61 62 63|B B 0 1|B B B 2|B B B 3", "7|2|2|2", NULL },
		{ "65 H2 H3 H4|" BASE4 "|B B B 30|" BASE4 "|B B B 50|" BASE4,
		    "7|2|2|2|2|2", "'teams':'triples'" },
		{ "H1 H2 H3 H4|" BASE4 "|B B 30 H1|" BASE4 "|B B B 50|" BASE4,
		    "7|2|2|2|2|2", "'teams':'triples'" },
	};
	struct tac_state	s;
	size_t			i;

	for (i = 0; i < sizeof pos / sizeof pos[0]; i++) {
		tu_pos(&s, pos[i][0], pos[i][1], pos[i][2]);
		tu_ref_agrees(&s);
	}
}
END_TEST

/* The seven suite. */
Suite *
suite_rules_seven(void)
{
	Suite	*s = suite_create("rules_seven");
	TCase	*tc = tcase_create("seven");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_C4_seven_split_between_marbles);
	tcase_add_test(tc, test_C4_segment_order_free);
	tcase_add_test(tc, test_C4_seven_for_partner);
	tcase_add_test(tc, test_C4_1_all_seven_steps);
	tcase_add_test(tc, test_C4_1_no_seven_steps_discard);
	tcase_add_test(tc, test_C4_2_kicks_all_passed);
	tcase_add_test(tc, test_C4_2_seed_kicks_own_marble);
	tcase_add_test(tc, test_C4_2_kicks_start_blocker_into_home);
	tcase_add_test(tc, test_C4_3_several_marbles_enter_home);
	tcase_add_test(tc, test_C4_4_home_forward_and_back);
	tcase_add_test(tc, test_C4_4_first_step_forward);
	tcase_add_test(tc, test_C4_4_stuck_marble_not_moved);
	tcase_add_test(tc, test_C4_4_seed_home_rearranged_without_circle);
	tcase_add_test(tc, test_C4_4_no_passing_in_home);
	tcase_add_test(tc, test_C4_5_circle_forward_only);
	tcase_add_test(tc, test_C4_6_last_marble_rest_to_partner);
	tcase_add_test(tc, test_C4_6_last_marble_must_run_past);
	tcase_add_test(tc, test_C4_6_last_marble_rest_in_partner_home);
	tcase_add_test(tc, test_C4_6_partner_steps_only_after_last_home);
	tcase_add_test(tc, test_C4_6_triples_one_teammate);
	tcase_add_test(tc, test_C4_triples_finished_seven_one_teammate);
	tcase_add_test(tc, test_C4_reference_matches_engine);
	suite_add_tcase(s, tc);
	return s;
}
