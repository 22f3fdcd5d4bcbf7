/*
 * check_rules_cards.c: doc/rules.md C1-C3, C5 (the 8) and C6 (Trickster).
 * The 7 is in check_rules_seven.c, the TAC in check_rules_tac.c.
 */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#define BASE4	"B B B B"
#define REST3	"|" BASE4 "|" BASE4 "|" BASE4	/* seats 1..3 in base */

/*
 * The reference for the plain cards, from doc/rules.md alone: C1 (N forward),
 * C2 (1/13 enter or move), C3 (4 backwards), C5 (8 move); M6 no jumping,
 * M7 kicks, M8 entering, M9/M10 freshness at the start, M11 optional home
 * entry, M13 home moves, M15 playing for teammates.
 */
struct ref_out {
	struct tac_board	*b;
	int			 n;
	int			 max;
};

/* Keep one reachable board. */
static void
ref_add(struct ref_out *o, const struct tac_board *b)
{
	if (o->n < o->max)
		o->b[o->n++] = *b;
}

/* Seat p's marble leaves circle field f; it is no longer fresh. */
static void
ref_leave(const struct tac_state *s, struct tac_board *b, int p, int f)
{
	b->field[f] = -1;
	if (f == tac_start(s, p))
		b->fresh &= ~(1 << p);
}

/* Seat p's marble goes from circle field f to field x, kicking (M7). */
static void
ref_to_field(const struct tac_state *s, int p, int f, int x,
    struct ref_out *o)
{
	struct tac_board	b = s->b;
	int			q;

	ref_leave(s, &b, p, f);
	if ((q = b.field[x]) != -1) {
		b.base[q]++;
		if (x == tac_start(s, q))
			b.fresh &= ~(1 << q);
	}
	b.field[x] = p;
	ref_add(o, &b);
}

/* Seat p's marble goes from circle field f into Hd over H1..Hd-1. */
static void
ref_to_home(const struct tac_state *s, int p, int f, int d,
    struct ref_out *o)
{
	struct tac_board	b = s->b;
	int			k;

	for (k = 1; k <= d; k++)
		if (b.home[p] & (1 << (k - 1)))
			return;
	ref_leave(s, &b, p, f);
	b.home[p] |= 1 << (d - 1);
	ref_add(o, &b);
}

/* n steps from circle field f, forward (dir 1) or back (-1). */
static void
ref_walk(const struct tac_state *s, int p, int f, int n, int dir,
    struct ref_out *o)
{
	int	start = tac_start(s, p), x = f, i;
	int	fresh = f == start && (s->b.fresh & (1 << p));

	for (i = 1; i <= n; i++) {
		/* The turn into the home is at the start, never when fresh. */
		if (x == start && !(i == 1 && fresh) && n - i + 1 <= 4)
			ref_to_home(s, p, f, n - i + 1, o);
		x = (x + dir + s->nfields) % s->nfields;
		if (i < n && s->b.field[x] != -1)
			return;
	}
	ref_to_field(s, p, f, x, o);
}

/* Every board a plain card (1-6, 8-13) reaches for the seat in turn. */
int
tu_ref_plain(const struct tac_state *s, int c, struct tac_board *out,
    int max)
{
	static const int	 val[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12,
				    13 };
	struct ref_out		 o = { out, 0, max };
	struct tac_board	 b;
	int			 ctl[TAC_MAXSEATS], nctl, i, p, f, d, k, n;

	n = val[c];
	nctl = tu_controlled(s, s->turn, ctl);
	for (i = 0; i < nctl; i++) {
		p = ctl[i];
		for (f = 0; f < s->nfields; f++)
			if (s->b.field[f] == p)
				ref_walk(s, p, f, n, c == TAC_C4 ? -1 : 1, &o);
		for (d = 1; c != TAC_C4 && d + n <= 4; d++) {
			if (!(s->b.home[p] & (1 << (d - 1))))
				continue;
			for (k = d + 1; k <= d + n; k++)
				if (s->b.home[p] & (1 << (k - 1)))
					break;
			if (k <= d + n)
				continue;
			b = s->b;
			b.home[p] &= ~(1 << (d - 1));
			b.home[p] |= 1 << (d + n - 1);
			ref_add(&o, &b);
		}
		if ((c == TAC_C1 || c == TAC_C13) && s->b.base[p] > 0) {
			b = s->b;
			f = tac_start(s, p);
			b.base[p]--;
			if (b.field[f] != -1)
				b.base[b.field[f]]++;
			b.field[f] = p;
			b.fresh |= 1 << p;
			ref_add(&o, &b);
		}
	}
	return tu_boards_unique(out, o.n);
}

/* The engine's distinct boards for card c played without prefixes. */
static int
ref_engine(const struct tac_state *s, const struct tac_list *l, int c,
    struct tac_board *out, int max)
{
	int	i, n = 0;

	for (i = 0; i < l->n && n < max; i++) {
		if (l->a[i].tac || l->a[i].devil || l->a[i].op != TAC_OP_MOVE ||
		    l->a[i].card != c)
			continue;
		if (tac_result(s, &l->a[i], &out[n]) >= 0)
			n++;
	}
	return tu_boards_unique(out, n);
}

/*
 * M2-M11, C1-C5 against the references (see testutil.h): each plain card
 * and 7 held gives exactly the reference's boards; discards only when
 * none has one; "8 skip" only with a marble out and a card in seat+1.
 */
const char *
tu_ref_diff(const struct tac_state *s, const struct tac_list *l)
{
	static struct tac_board	 want[1024], got[1024];
	static char		 msg[1024];
	int			 c, i, j, d, nw, ng, discard = 0, skip = 0;
	int			 wskip = 0, ctl[TAC_MAXSEATS], nctl, f;

	if (s->phase != TAC_PH_PLAY)
		return NULL;
	for (i = 0; i < l->n; i++) {
		if (l->a[i].tac || l->a[i].devil)
			continue;
		discard |= l->a[i].op == TAC_OP_DISCARD;
		skip |= l->a[i].op == TAC_OP_SKIP;
	}
	nctl = tu_controlled(s, s->turn, ctl);
	for (i = 0; i < nctl; i++)
		for (f = 0; f < s->nfields; f++)
			wskip |= s->b.field[f] == ctl[i];
	wskip = wskip && s->hand[s->turn][TAC_C8] > 0 &&
	    s->nhand[(s->turn + 1) % s->cfg.nseats] > 0;
	if (skip != wskip) {
		snprintf(msg, sizeof msg, "\"8 skip\" %s listed", skip ?
		    "wrongly" : "not");
		return msg;
	}
	for (c = TAC_C1; c <= TAC_C13; c++) {
		if (s->hand[s->turn][c] == 0)
			continue;
		if (c == TAC_C7)
			nw = tu_ref_seven(s, want, 1024);
		else
			nw = tu_ref_plain(s, c, want, 1024);
		ng = ref_engine(s, l, c, got, 1024);
		for (i = j = 0; i < nw || j < ng; ) {
			if (i == nw)
				d = 1;
			else if (j == ng)
				d = -1;
			else
				d = memcmp(&want[i], &got[j], sizeof want[i]);
			if (d == 0) {
				i++;
				j++;
				continue;
			}
			snprintf(msg, sizeof msg, "the %s %s %s%s",
			    tac_card_name(c), d < 0 ? "misses" :
			    "wrongly leads to", tu_board_str(s, d < 0 ?
			    &want[i] : &got[j]), discard ? " (only discards "
			    "listed)" : "");
			return msg;
		}
	}
	return NULL;
}

/* C1: 2, 3, 5, 6, 9, 10, 12 move one marble exactly N forward. */
START_TEST(test_C1_plain_cards_move_n_forward)
{
	static const int	 n[] = { 2, 3, 5, 6, 9, 10, 12 };
	struct tac_state	 s;
	char			 hand[32], want[32], after[32];
	size_t			 i;

	for (i = 0; i < sizeof n / sizeof n[0]; i++) {
		snprintf(hand, sizeof hand, "%d|2|2|2", n[i]);
		tu_pos(&s, "B B B 20" REST3, hand, NULL);
		snprintf(want, sizeof want, "%d 20>%d", n[i], 20 + n[i]);
		tu_legal_is(&s, want);
		tu_apply(&s, want);
		snprintf(after, sizeof after, "B B B %d", 20 + n[i]);
		tu_marbles(&s, 0, after);
	}
}
END_TEST

/* C1: plain cards never enter from the base. */
START_TEST(test_C1_plain_cards_do_not_enter)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 REST3, "2 3 5 6 9 10 12|2|2|2", NULL);
	tu_legal_is(&s, "10 discard\n12 discard\n2 discard\n3 discard\n"
	    "5 discard\n6 discard\n9 discard");
}
END_TEST

/* C1: a 12 into the home of seat 3 (start 48) from field 40. */
START_TEST(test_C1_twelve_into_home)
{
	struct tac_state	s;

	/* 40 -> 47 is 7, 48 is 8, H1..H4 are 9..12. */
	tu_pos(&s, BASE4 "|" BASE4 "|" BASE4 "|B B B 40", "2|2|2|12",
	    "'turn':3");
	tu_legal_is(&s, "12 40>3H4\n12 40>52");
}
END_TEST

/* C2: a 1 enters or moves one forward. */
START_TEST(test_C2_one_enters_or_moves)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 20" REST3, "1|2|2|2", NULL);
	tu_legal_is(&s, "1 20>21\n1 B>0");
}
END_TEST

/* C2: a 13 enters or moves 13 forward. */
START_TEST(test_C2_thirteen_enters_or_moves)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 20" REST3, "13|2|2|2", NULL);
	tu_legal_is(&s, "13 20>33\n13 B>0");
	tu_apply(&s, "13 20>33");
	tu_marbles(&s, 0, "B B B 33");
}
END_TEST

/* C2, booklets 001/002 "Карта 1, 13": all marbles out: only moves remain. */
START_TEST(test_C2_seed_all_out_moves_only)
{
	struct tac_state	s;

	tu_pos(&s, "10 20 30 H1" REST3, "1|2|2|2", NULL);
	tu_legal_is(&s, "1 0H1>0H2\n1 10>11\n1 20>21\n1 30>31");
}
END_TEST

/* C3: a 4 moves exactly 4 backwards and kicks the marble it lands on. */
START_TEST(test_C3_four_backwards_kicks)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 20|B B B 16|" BASE4 "|" BASE4, "4|2|2|2", NULL);
	tu_legal_is(&s, "4 20>16");
	tu_apply(&s, "4 20>16");
	tu_marbles(&s, 1, BASE4);
	tu_marbles(&s, 0, "B B B 16");
}
END_TEST

/* C3: backwards over the own start into H3, H2, H1 from 1, 2, 3. */
START_TEST(test_C3_four_backwards_into_home)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 1" REST3, "4|2|2|2", NULL);
	tu_legal_is(&s, "4 1>0H3\n4 1>61");
	tu_pos(&s, "B B B 2" REST3, "4|2|2|2", NULL);
	tu_legal_is(&s, "4 2>0H2\n4 2>62");
	tu_pos(&s, "B B B 3" REST3, "4|2|2|2", NULL);
	tu_legal_is(&s, "4 3>0H1\n4 3>63");
	tu_apply(&s, "4 3>0H1");
	tu_marbles(&s, 0, "B B B H1");
}
END_TEST

/* C3: backwards into the home passes home fields: no jumping there. */
START_TEST(test_C3_four_backwards_home_blocked)
{
	struct tac_state	s;

	tu_pos(&s, "B B 2 H1" REST3, "4|2|2|2", NULL);
	tu_legal_is(&s, "4 2>62");
}
END_TEST

/* C3: a marble on the start field blocks the way back through it. */
START_TEST(test_C3_four_backwards_blocked_by_start)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 1|B B B 0|" BASE4 "|" BASE4, "4|2|2|2", NULL);
	tu_legal_is(&s, "4 discard");
}
END_TEST

/* C3: the own non-fresh start marble goes to H4; a fresh one cannot. */
START_TEST(test_C3_four_from_start)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 0" REST3, "4|2|2|2", NULL);
	tu_legal_is(&s, "4 0>0H4\n4 0>60");
	tu_pos(&s, "B B B 0*" REST3, "4|2|2|2", NULL);
	tu_legal_is(&s, "4 0>60");
}
END_TEST

/* C3, booklets 000/001/002 "Карта 4": a new marble cannot go home by a 4. */
START_TEST(test_C3_seed_fresh_marble_not_home_by_four)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 REST3, "1 4|2|2|2", NULL);
	tu_seq(&s, "1 B>0; 2 discard; 2 discard; 2 discard");
	tu_marbles(&s, 0, "B B B 0*");
	tu_legal_is(&s, "4 0>60");
	tu_illegal(&s, "4 0>0H4", NULL);
}
END_TEST

/* C3/M12: never out of a home. */
START_TEST(test_C3_never_out_of_home)
{
	struct tac_state	s;

	tu_pos(&s, "B B B H1" REST3, "4|2|2|2", NULL);
	tu_legal_is(&s, "4 discard");
}
END_TEST

/* C5: an 8 moves 8 forward or makes the next player skip. */
START_TEST(test_C5_eight_move_or_skip)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10" REST3, "8|2|2|2", NULL);
	tu_legal_is(&s, "8 10>18\n8 skip");
	tu_apply(&s, "8 skip");
	ck_assert_int_eq(s.phase, TAC_PH_SKIP);
	ck_assert_int_eq(s.turn, 1);
	tu_marbles(&s, 0, "B B B 10");
}
END_TEST

/* C5.1: both uses of the 8 need an own marble on the circle. */
START_TEST(test_C5_1_eight_needs_circle_marble)
{
	struct tac_state	s;

	tu_pos(&s, "B B B H1|B B B 20" "|" BASE4 "|" BASE4, "8|2|2|2", NULL);
	tu_legal_is(&s, "8 discard");
	tu_illegal(&s, "8 skip", NULL);
}
END_TEST

/* C5.2: the skipped player discards one card of their choice, no effect. */
START_TEST(test_C5_2_skipped_player_discards)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|" BASE4 "|" BASE4, "8|5 5 9|2|2",
	    NULL);
	tu_apply(&s, "8 skip");
	/* The 5 could move, but a skipped turn only discards. */
	tu_legal_is(&s, "5 discard\n9 discard");
	tu_illegal(&s, "5 20>25", NULL);
	tu_apply(&s, "5 discard");
	tu_hand(&s, 1, "5 9");
	tu_marbles(&s, 1, "B B B 20");
	ck_assert_int_eq(s.phase, TAC_PH_PLAY);
	ck_assert_int_eq(s.turn, 2);
}
END_TEST

/* C5.3: no skip when the next player (seat+1) holds no card. */
START_TEST(test_C5_3_no_skip_when_next_has_no_card)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10" REST3, "8||2|2", NULL);
	tu_legal_is(&s, "8 10>18");
	tu_illegal(&s, "8 skip", NULL);
}
END_TEST

/* C5.3: without the skip, an 8 that cannot move is discarded. */
START_TEST(test_C5_3_blocked_eight_discarded)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 12|" BASE4 "|" BASE4, "8||2|2", NULL);
	tu_legal_is(&s, "8 discard");
}
END_TEST

/*
 * C5.3, booklets 000/001/002 "Карта 8 / Особый случай": an 8 played as the
 * last card of the deal cannot skip; a marble must move.
 */
START_TEST(test_C5_3_seed_last_card_of_round_moves)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10" REST3, "8|||", "'played':19");
	tu_legal_is(&s, "8 10>18");
	tu_apply(&s, "8 10>18");
	ck_assert_int_eq(s.round, 2);
}
END_TEST

/* C6: the Trickster swaps two marbles on the circle. */
START_TEST(test_C6_trickster_swaps)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|" BASE4 "|" BASE4, "TR|2|2|2", NULL);
	tu_legal_is(&s, "TR 10<>20");
	tu_apply(&s, "TR 10<>20");
	tu_marbles(&s, 0, "B B B 20");
	tu_marbles(&s, 1, "B B B 10");
}
END_TEST

/* C6: any two marbles, also two of other players. */
START_TEST(test_C6_trickster_any_colours)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 20|" BASE4 "|B B B 30", "TR|2|2|2", NULL);
	tu_legal_is(&s, "TR 10<>20\nTR 10<>30\nTR 20<>30");
	tu_apply(&s, "TR 20<>30");
	tu_marbles(&s, 1, "B B B 30");
	tu_marbles(&s, 3, "B B B 20");
	tu_marbles(&s, 0, "B B B 10");
}
END_TEST

/* C6.1: the Trickster needs an own marble on the circle. */
START_TEST(test_C6_1_needs_own_marble)
{
	struct tac_state	s;

	tu_pos(&s, BASE4 "|B B B 20|B B B 30|" BASE4, "TR|2|2|2", NULL);
	tu_legal_is(&s, "TR discard");
}
END_TEST

/* C6.1, booklets 000/001/002: a lone marble on the circle cannot be swapped. */
START_TEST(test_C6_1_seed_needs_two_marbles)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10" REST3, "TR|2|2|2", NULL);
	tu_legal_is(&s, "TR discard");
}
END_TEST

/* C6.2: marbles in a home or base are not swapped. */
START_TEST(test_C6_2_home_and_base_not_swapped)
{
	struct tac_state	s;

	tu_pos(&s, "B B 10 H1|B B 20 H2|" BASE4 "|" BASE4, "TR|2|2|2", NULL);
	tu_legal_is(&s, "TR 10<>20");
}
END_TEST

/*
 * C6.3, booklets 000/001/002: a Trickster with an action cannot be
 * discarded; the only swap (two own marbles: no change) must be made.
 */
START_TEST(test_C6_3_must_swap_even_own_pair)
{
	struct tac_state	s;

	tu_pos(&s, "B B 10 20" REST3, "TR|2|2|2", NULL);
	tu_legal_is(&s, "TR 10<>20");
	tu_illegal(&s, "TR discard", NULL);
}
END_TEST

/* C6.3: a swap harming the own team is still the forced play. */
START_TEST(test_C6_3_harmful_swap_forced)
{
	struct tac_state	s;

	/* Seat 0 at 62 near home must swap with seat 1 at 30. */
	tu_pos(&s, "B B B 62|B B B 30|" BASE4 "|" BASE4, "TR 5|2|2|2",
	    "'played':2");
	ck_assert(tu_has(&s, "TR 30<>62"));
	ck_assert_int_eq(tu_count(&s, "TR discard"), 0);
}
END_TEST

/* C6.4: a swap jumps, kicks nothing, and clears freshness. */
START_TEST(test_C6_4_swap_clears_freshness)
{
	struct tac_state	s;

	tu_pos(&s, "B B 0* 20" REST3, "TR|2|2|2", NULL);
	/* Swapping two own marbles still differs: freshness is lost. */
	tu_legal_is(&s, "TR 0<>20");
	tu_apply(&s, "TR 0<>20");
	tu_marbles(&s, 0, "B B 0 20");
}
END_TEST

/*
 * C6.4, booklets 000 "Карта Трикстер / Особый случай", 001, 002: swapped
 * onto its own start, a marble may go straight into its home.
 */
START_TEST(test_C6_4_seed_swapped_onto_start_enters_home)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 16|B B B 30|" BASE4 "|" BASE4, "TR|3 9|2|2", NULL);
	tu_apply(&s, "TR 16<>30");
	tu_marbles(&s, 1, "B B B 16");
	tu_marbles(&s, 0, "B B B 30");
	ck_assert_int_eq(s.turn, 1);
	tu_legal_is(&s, "3 16>19\n3 16>1H3\n9 16>25");
	tu_apply(&s, "3 16>1H3");
	tu_marbles(&s, 1, "B B B H3");
}
END_TEST

/*
 * C6.4/M10, booklet 000 "Карта Трикстер / Особый случай" ("1, 2, 3, 4. 7")
 * and "Карта 4 / Особый случай" ("его Трикстернули на Начальную Точку"):
 * a marble swapped onto its start enters its home with 1, 4 and 7 too.
 */
START_TEST(test_C6_4_seed_swapped_onto_start_one_four_seven)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 16|B B B 30|" BASE4 "|" BASE4, "TR|1 4 7|2|2",
	    NULL);
	tu_apply(&s, "TR 16<>30");
	ck_assert(tu_has(&s, "1 16>1H1"));
	ck_assert(tu_has(&s, "4 16>1H4"));
	ck_assert(tu_has(&s, "7 16>1H4 1H4>1H1"));
	ck_assert(tu_has(&s, "7 16>1H4 1H4>1H3 1H3>1H4 1H4>1H3"));
	tu_apply(&s, "4 16>1H4");
	tu_marbles(&s, 1, "B B B H4");
}
END_TEST

/* C6.4: the swap jumps over marbles and kicks none. */
START_TEST(test_C6_4_swap_kicks_nothing)
{
	struct tac_state	s;

	tu_pos(&s, "B B B 10|B B B 12|B B B 11|" BASE4, "TR|2|2|2", NULL);
	tu_apply(&s, "TR 10<>12");
	tu_marbles(&s, 0, "B B B 12");
	tu_marbles(&s, 1, "B B B 10");
	tu_marbles(&s, 2, "B B B 11");
}
END_TEST

/* C1-C3/C5: the engine's plain-card moves are the reference's. */
START_TEST(test_C1_reference_matches_engine)
{
	static const char *const pos[][3] = {
		{ "B B 10 20" REST3, "1 2 3 4 5 6 8 9 10 12 13|2|2|2", NULL },
		{ "B 0* 62 H2|B B B 1|B B 16 60|B B B 48", "1 3 4 5 8 13|2|2|2",
		    NULL },
		{ "B 0 2 H1|B B B 63|" BASE4 "|" BASE4, "1 2 3 4 13|2|2|2",
		    NULL },
		{ "H1 H2 H3 H4|B B B 20|B 31 34 H1|" BASE4, "1 4 5 8|2|2|2",
		    NULL },
		{ "B B 61 65|" BASE4 "|B 20 H2 H3|" BASE4 "|B B 43 44|"
		    BASE4, "1 4 9 12 13|2|2|2|2|2", NULL },
		{ "H1 H2 H3 H4|" BASE4 "|B B 20 22*|" BASE4 "|44* H2 H3 H4|"
		    BASE4, "1 4 13|2|2|2|2|2", "'teams':'triples'" },
	};
	struct tac_state	s;
	size_t			i;

	for (i = 0; i < sizeof pos / sizeof pos[0]; i++) {
		tu_pos(&s, pos[i][0], pos[i][1], pos[i][2]);
		tu_ref_agrees(&s);
	}
}
END_TEST

/* The cards suite. */
Suite *
suite_rules_cards(void)
{
	Suite	*s = suite_create("rules_cards");
	TCase	*tc = tcase_create("cards");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_C1_plain_cards_move_n_forward);
	tcase_add_test(tc, test_C1_plain_cards_do_not_enter);
	tcase_add_test(tc, test_C1_twelve_into_home);
	tcase_add_test(tc, test_C2_one_enters_or_moves);
	tcase_add_test(tc, test_C2_thirteen_enters_or_moves);
	tcase_add_test(tc, test_C2_seed_all_out_moves_only);
	tcase_add_test(tc, test_C3_four_backwards_kicks);
	tcase_add_test(tc, test_C3_four_backwards_into_home);
	tcase_add_test(tc, test_C3_four_backwards_home_blocked);
	tcase_add_test(tc, test_C3_four_backwards_blocked_by_start);
	tcase_add_test(tc, test_C3_four_from_start);
	tcase_add_test(tc, test_C3_seed_fresh_marble_not_home_by_four);
	tcase_add_test(tc, test_C3_never_out_of_home);
	tcase_add_test(tc, test_C5_eight_move_or_skip);
	tcase_add_test(tc, test_C5_1_eight_needs_circle_marble);
	tcase_add_test(tc, test_C5_2_skipped_player_discards);
	tcase_add_test(tc, test_C5_3_no_skip_when_next_has_no_card);
	tcase_add_test(tc, test_C5_3_blocked_eight_discarded);
	tcase_add_test(tc, test_C5_3_seed_last_card_of_round_moves);
	tcase_add_test(tc, test_C6_trickster_swaps);
	tcase_add_test(tc, test_C6_trickster_any_colours);
	tcase_add_test(tc, test_C6_1_needs_own_marble);
	tcase_add_test(tc, test_C6_1_seed_needs_two_marbles);
	tcase_add_test(tc, test_C6_2_home_and_base_not_swapped);
	tcase_add_test(tc, test_C6_3_must_swap_even_own_pair);
	tcase_add_test(tc, test_C6_3_harmful_swap_forced);
	tcase_add_test(tc, test_C6_4_swap_clears_freshness);
	tcase_add_test(tc, test_C6_4_seed_swapped_onto_start_enters_home);
	tcase_add_test(tc, test_C6_4_seed_swapped_onto_start_one_four_seven);
	tcase_add_test(tc, test_C6_4_swap_kicks_nothing);
	tcase_add_test(tc, test_C1_reference_matches_engine);
	suite_add_tcase(s, tc);
	return s;
}
