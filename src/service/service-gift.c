/*
 * service-gift.c: the exchange's state (D7): the gifts given so far, kept
 * face down in the store until all are in, who has still to give, and the
 * position each seat gives in.  service-exchange.c gives and applies them.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "service-int.h"

/* Read the gifts given so far, when gm's exchange is under way. */
int
svc_gifts_load(struct svc *svc, struct svc_gm *gm)
{
	int	s, n;

	for (s = 0; s < TAC_MAXSEATS; s++) {
		gm->gift[s].card = -1;
		gm->gift[s].who = 0;
		gm->gift[s].at = 0;
	}
	gm->ngifts = 0;
	if (!gm->started || gm->g.state != STORE_PLAYING ||
	    gm->st.phase != TAC_PH_EXCHANGE)
		return (0);
	if ((n = store_gifts(svc->store, gm->g.id, gm->g.turn_no,
	    gm->gift)) < 0)
		return (svc_store_fail(svc));
	gm->ngifts = n;
	return (0);
}

/* Has seat still to give in gm's exchange? */
int
svc_gift_due(const struct svc_gm *gm, int seat)
{
	return (gm->started && gm->g.state == STORE_PLAYING &&
	    gm->st.phase == TAC_PH_EXCHANGE && seat >= 0 &&
	    seat < gm->g.cfg.nseats && gm->gift[seat].card < 0);
}

/* Does the AI give for seat (an AI's, a person's who is away, nobody's)? */
int
svc_gift_ai(const struct svc_gm *gm, int seat)
{
	const struct store_seat	*p = &gm->g.seats[seat];

	return (p->ai > 0 || p->away || p->user == 0);
}

/* Is seat's person to give now (and not the AI for them)? */
int
svc_gift_asked(const struct svc_gm *gm, int seat)
{
	return (svc_gift_due(gm, seat) && !svc_gift_ai(gm, seat));
}

/* The seat that gives k-th in play order, from the dealer's left. */
int
svc_gift_seat(const struct tac_state *st, int k)
{
	return ((st->dealer + 1 + k) % st->cfg.nseats);
}

/* Lay seat's gift card down in st: out of the hand, face down. */
static void
svc_gift_lay(struct tac_state *st, int seat, int card)
{
	st->gift[seat] = (uint8_t)card;
	st->hand[seat][card]--;
	st->nhand[seat]--;
}

/*
 * The position as seat gives in it, for the rules' checks, the menus and
 * the AI: the rules' own when seat's turn to give comes, the seats
 * before it in play order having given (their gift, or where they have
 * not given yet one of their cards: only its being face down shows, and
 * only seat's own hand counts here), those after it not yet.  It is a
 * position the rules reach, so the AI may play the exchange on from it.
 */
void
svc_gift_state(const struct svc_gm *gm, int seat, struct tac_state *st)
{
	int	k, s, c;

	*st = gm->st;
	for (k = 0; k < st->cfg.nseats; k++) {
		if ((s = svc_gift_seat(st, k)) == seat)
			break;
		c = gm->gift[s].card;
		if (c < 0 || st->hand[s][c] == 0)
			for (c = 0; c < TAC_NCARDS && st->hand[s][c] == 0; c++)
				;
		if (c < TAC_NCARDS)
			svc_gift_lay(st, s, c);
	}
	st->turn = (uint8_t)seat;
}

/*
 * The position as people see it during an exchange: every gift given
 * laid down (tac_view() shows another's face down), and to act the first
 * seat in play order that has not given.  Only for showing: the rules
 * never take it.  Any other position is the game's.
 */
void
svc_gift_shown(const struct svc_gm *gm, struct tac_state *st)
{
	int	k, s, c;

	*st = gm->st;
	if (!gm->started || gm->g.state != STORE_PLAYING ||
	    st->phase != TAC_PH_EXCHANGE)
		return;
	for (s = 0; s < st->cfg.nseats; s++) {
		if ((c = gm->gift[s].card) >= 0 && st->hand[s][c] > 0)
			svc_gift_lay(st, s, c);
	}
	for (k = 0; k < st->cfg.nseats; k++) {
		if (st->gift[s = svc_gift_seat(st, k)] == TAC_NONE) {
			st->turn = (uint8_t)s;
			break;
		}
	}
}

/*
 * Check seat's gift a as the rules do, into its canonical form: 0, or
 * -1 with the reason in why.
 */
int
svc_gift_check(struct svc *svc, const struct svc_gm *gm, int seat,
    struct tac_action *a, struct tac_why *why)
{
	struct tac_state	st;
	int			idx;

	svc_gift_state(gm, seat, &st);
	if ((idx = tac_apply_why(&st, a, svc->list, why)) < 0)
		return (-1);
	*a = svc->list->a[idx];
	return (0);
}
