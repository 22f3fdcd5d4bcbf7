/*
 * ai-eval.c: how good a board and a hand are for one team.
 *
 * Marbles are worth more the further they came: a marble at home more
 * than any on the circle, one on the circle more than one in the base.
 * A marble that an opponent can probably kick is worth less, by the
 * chance of that and what it would lose.  Cards in a hand are worth what
 * they can still do for the team on this board.
 */
#include <string.h>

#include "ai-int.h"

#define EV_CIRCLE	220	/* a marble out of the base */
#define EV_STEP		4	/* per field travelled */
#define EV_HOME		720	/* a marble at home ... */
#define EV_DEEP		12	/* ... plus this per home depth */
#define EV_RISK		40	/* percent of a threatened marble's worth */
#define EV_LOOSE	60	/* a marble at home that can still move */
#define EV_COOP_RISK	25	/* percent of a threat in Team-TAC, where
				   only a card that must be played kicks */

/*
 * Chance, in percent, that an opponent's marble d fields behind can land
 * on a marble: the cards that move exactly d (there is no 11), and more
 * close by, where a 7 can also kick in passing.
 */
static const int ev_reach[14] = {
	0, 30, 26, 26, 14, 26, 26, 34, 26, 26, 26, 0, 26, 30
};

/* Fields a seat's marble on f has come from its start; nf: ready to go in. */
int
ai_progress(const struct ai_seats *as, const struct tac_board *b, int seat,
    int f)
{
	int	d;

	d = (f - as->start[seat] + as->nf) % as->nf;
	if (d == 0 && (b->fresh & (1U << seat)) == 0)
		d = as->nf;
	return (d);
}

/*
 * Can the marbles of seat o kick seat s's?  An opponent's can; in
 * Team-TAC anyone's, when a card that kicks is the one that must be
 * played (K8).
 */
static int
ev_foe(const struct ai_seats *as, int o, int s)
{
	return (as->coop || as->team[o] != as->team[s]);
}

/*
 * The chance, in percent, that the marble on f (of seat s) is kicked
 * before its owner's team moves it on: opponents' marbles behind it, one
 * 4 ahead of it, and an opponent's base when f is that opponent's start.
 * In Team-TAC nobody kicks on purpose: a part of that (EV_COOP_RISK).
 */
static int
ev_threat(const struct tac_state *st, const struct tac_board *b,
    const struct ai_seats *as, int s, int f)
{
	int	d, g, o, t = 0, blocked = 0;

	for (d = 1; d <= 13; d++) {
		g = (f - d + as->nf) % as->nf;
		o = b->field[g];
		if (o < 0)
			continue;
		if (ev_foe(as, o, s)) {
			/* Beyond a blocker only a 7 (up to 7 fields) passes. */
			if (!blocked || d <= 7)
				t += blocked ? 12 : ev_reach[d];
		}
		blocked = 1;
	}
	g = (f + 4) % as->nf;
	if ((o = b->field[g]) >= 0 && ev_foe(as, o, s))
		t += 26;
	for (o = 0; o < as->ns; o++) {
		if (as->start[o] != f || o == s || !ev_foe(as, o, s) ||
		    b->base[o] == 0)
			continue;
		/* D6: an opponent who said "yes" holds a 1 or a 13. */
		t += (st->announce & (1U << o)) ? 60 : 25;
	}
	if (as->coop)
		t = t * EV_COOP_RISK / 100;
	return (t > 90 ? 90 : t);
}

/* The worth of one seat's marbles on board b (threats included). */
static long
ev_seat(const struct tac_state *st, const struct tac_board *b,
    const struct ai_seats *as, int s)
{
	long	v = 0, m;
	int	f, k, deeper;

	for (f = 0; f < as->nf; f++) {
		if (b->field[f] != s)
			continue;
		m = EV_CIRCLE + EV_STEP * ai_progress(as, b, s, f);
		m -= m * EV_RISK / 100 * ev_threat(st, b, as, s, f) / 100;
		v += m;
	}
	deeper = 0;
	for (k = TAC_MARBLES; k >= 1; k--) {
		if ((b->home[s] & (1U << (k - 1))) == 0) {
			deeper = 1;
			continue;
		}
		/* A shallow marble with room below still has to move. */
		v += EV_HOME + EV_DEEP * k - (deeper ? EV_LOOSE : 0);
	}
	return (v);
}

/* The worth of seat s's marbles on b, as ai_eval() counts them. */
long
ai_seat_worth(const struct tac_state *st, const struct tac_board *b,
    const struct ai_seats *as, int s)
{
	return (ev_seat(st, b, as, s));
}

/*
 * What team's marbles on the circle of b stand to lose to kicks: the
 * part of their worth that ai_eval() takes off for the threats.
 */
long
ai_risk(const struct tac_state *st, const struct tac_board *b,
    const struct ai_seats *as, int team)
{
	long	m, v = 0;
	int	f, s;

	for (f = 0; f < as->nf; f++) {
		if ((s = b->field[f]) < 0 || as->team[s] != team)
			continue;
		m = EV_CIRCLE + EV_STEP * ai_progress(as, b, s, f);
		v += m * EV_RISK / 100 * ev_threat(st, b, as, s, f) / 100;
	}
	return (v);
}

/*
 * The board's worth for team: its marbles' worth minus the others' (in
 * six seats of pairs, the mean of the two other teams).  In Team-TAC
 * every marble is the team's: a kick of any marble is a loss.
 */
long
ai_eval(const struct tac_state *st, const struct tac_board *b,
    const struct ai_seats *as, int team)
{
	long	mine = 0, theirs = 0;
	int	s;

	for (s = 0; s < as->ns; s++) {
		if (as->team[s] == team)
			mine += ev_seat(st, b, as, s);
		else
			theirs += ev_seat(st, b, as, s);
	}
	if (as->nteams > 2)
		theirs /= as->nteams - 1;
	return (mine - theirs);
}

/*
 * What holding one more card is worth to seat on this board, the n-th
 * copy of it (n from 1): cards that get marbles out matter while marbles
 * wait in a base, a 4 next to the start is a short way home, and the
 * flexible cards (TAC, 7, the masters) are always worth keeping.
 */
long
ai_card_worth(const struct tac_state *st, const struct tac_board *b,
    const struct ai_seats *as, int seat, int card, int n)
{
	unsigned	ctrl;
	int		i, f, d, inbase = 0, out = 0, nearstart = 0;
	long		v;

	ctrl = tac_ctrl(st, b, seat);	/* M15, K2 */
	for (i = 0; i < as->ns; i++) {
		if ((ctrl & (1U << i)) == 0)
			continue;
		inbase += b->base[i];
	}
	for (f = 0; f < as->nf; f++) {
		if (b->field[f] < 0 || (ctrl & (1U << b->field[f])) == 0)
			continue;
		out++;
		d = ai_progress(as, b, b->field[f], f);
		if ((d >= 1 && d <= 3) || d == as->nf)
			nearstart++;
	}
	switch (card) {
	case TAC_C1:
	case TAC_C13:
		v = 20 + (inbase > 0 ? (out == 0 ? 90 : 45) : 0);
		break;
	case TAC_C4:
		v = 18 + (nearstart > 0 ? 35 : 0);
		break;
	case TAC_C7:
		v = 48;
		break;
	case TAC_C8:
		v = 22;
		break;
	case TAC_TR:
		v = 26;
		break;
	case TAC_TAC:
		v = 75;
		break;
	case TAC_ANGEL:
		v = 24;
		break;
	case TAC_DEVIL:
		v = 45;
		break;
	case TAC_WARRIOR:
		v = 38;
		break;
	case TAC_FOOL:
		v = 12;
		break;
	default:
		v = 10;
		break;
	}
	/* Moving cards are worth little with nothing on the circle. */
	if (out == 0 && card != TAC_C1 && card != TAC_C13 &&
	    card != TAC_TAC && card != TAC_ANGEL && card != TAC_DEVIL &&
	    card != TAC_FOOL)
		v /= 2;
	return (n > 1 ? v / 2 : v);
}

/*
 * A hand's worth to seat: each card's, plus the cards we cannot see
 * (a hand received from a Fool) at an average worth.
 */
long
ai_hand_worth(const struct tac_state *st, const struct tac_board *b,
    const struct ai_seats *as, int seat, const uint8_t *hand, int unknown)
{
	long	v = 0;
	int	c, k;

	for (c = 0; c < TAC_NCARDS; c++)
		for (k = 1; k <= hand[c]; k++)
			v += ai_card_worth(st, b, as, seat, c, k);
	return (v + (long)unknown * AI_UNKNOWN);
}
